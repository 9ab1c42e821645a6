"""Session 29, fixg29: break29b F1, F2, F3, F7 (/tmp/s29/break29b/FINDINGS.md): the pot's carry after voids and
under the same rules written another way.  Each record is written as the group's scorer wrote it; every amount worked
out by hand from rules.md (/work/shared/reference/rules.md).

Five-handed called ace (rules.md B-33: a called-ace side +2/+1/-1 at 61..90, +4/+2/-2 schneider at 91+ (B-28); alone
+4 / -1 each), doubleOnBump (B-32: a plain loss pays double, -4/-2/+2), pot=on (D-19; docs/notation.md "The pot": a
no-pick hand every player puts 1 in; a winning picker side takes the whole pot, the partner a quarter rounded down,
the picker the rest, alone the picker all; a losing side pays the same amounts in).

Night 1 (2026.12.01, tests/test_found28_pot.NIGHT1): h1 leaster Ann: Ann +3, the others -2 (pot 5).  h2 Cal/Dot 50
lose: Cal -4, Dot -2, the others +2, the side pays the pot's 5 in (Dot 5 // 4 = 1, Cal 4): Cal -8, Dot -3 (10).  h3
leaster Dot: Dot +3, the others -2 (15).  Night 1: Ann +3, Bob -2, Cal -12, Dot -2, Eve -2; leaves 15.
Night 2 (2026.12.08) h1 Bob/Eve 95 win-s: Bob +4, Eve +2, the others -2; with `pot 15` the side takes the 15 (Eve
15 // 4 = 3, Bob 12): Bob +16, Eve +5 (0); without it the pot opens at 0: Bob +4, Eve +2.  h2 Ann alone 61 win: Ann
+4, the others -1 (and, when hand 1 is voided with its `pot 15` kept, the whole 15: Ann +19).
Night 3 (2026.12.15) h1 leaster Cal: Cal +3, the others -2, the pot 5.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import HEAD, NIGHT1, NIGHT2, _carry

N1 = "Tuesday Pot Game / 2026.12.01"
N2 = "Tuesday Pot Game / 2026.12.08"
NIGHT3 = HEAD.format(date="2026.12.15") + """hand 1  dealer Eve
leaster Cal
"""
#: the same rules as HEAD's `wi5-called-ace; pot=on`, written other ways (`shead rules`: wi5-pot is calledAce with
#: pot=on; doubleOnBump=on is wi5-called-ace's default)
SAME_RULES = ["wi5-pot", "wi5-called-ace;pot=on", "wi5-called-ace; pot=on; doubleOnBump=on"]


def _night2(rules: str, pot: str) -> str:
    return NIGHT2.format(pot=pot).replace('[Rules "wi5-called-ace; pot=on"]', f'[Rules "{rules}"]')


# -- break29b F2: the same rules written another way ---------------------------------------------------------------

@pytest.mark.parametrize("rules", SAME_RULES)
def test_the_same_rules_written_another_way_drop_no_pot_unsaid(tmp_path, rules):
    """break29b F2: night 2 under the same rules spelled another way, without `pot 15`: h1 Bob/Eve 95 win-s takes
    nothing (Bob +4, Eve +2, the others -2), h2 Ann +4, the others -1: night 2 Ann +2, Bob +3, Cal -3, Dot -3, Eve +1.
    Night 1's 15 leave the ledger: W-POT-CARRY at night 2's hand 1 (line 7, column 1), found pot 0, expected pot 15,
    as for `wi5-called-ace; pot=on`.  Ledger Ann +5, Bob +1, Cal -15, Dot -5, Eve -1 (sum -15).  Was: not a word."""
    db = tmp_path / "f2.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    rep = _ingest(write(tmp_path, "n2.shn", _night2(rules, "")), db)
    assert _carry(rep) == [("n2.shn", 7, 1, 1, "pot 0", "pot 15")]
    assert ledger(db) == {"Ann Koch": 5, "Bob Lange": 1, "Cal Stein": -15, "Dot Frey": -5, "Eve Busch": -1}


@pytest.mark.parametrize("rules", SAME_RULES)
def test_the_same_rules_written_another_way_are_one_group(tmp_path, rules):
    """break29b F2: night 2 (`pot 15`, the same rules spelled another way) takes night 1's 15; night 3 opens with 0
    after it, rightly: nothing said (was: W-POT-CARRY at night 3 against night 1 "write pot 15", 15 units no hand paid
    in).  Ledger: Ann 3 - 2 + 4 - 2 = +3, Bob -2 + 16 - 1 - 2 = +11, Cal -12 - 2 - 1 + 3 = -12, Dot -2 - 2 - 1 - 2 = -7,
    Eve -2 + 5 - 1 - 2 = 0 (sum -5: night 3's 5 in the pot)."""
    db = tmp_path / "f2b.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    assert _carry(_ingest(write(tmp_path, "n2.shn", _night2(rules, "  pot 15")), db)) == []
    assert _carry(_ingest(write(tmp_path, "n3.shn", NIGHT3), db)) == []
    assert ledger(db) == {"Ann Koch": 3, "Bob Lange": 11, "Cal Stein": -12, "Dot Frey": -7, "Eve Busch": 0}


# -- break29b F3: a night whose hand 1 is voided is still checked against the night before -------------------------

#: night 1's hand 3 corrected (break29b's n1_amend_h3_win.shn): Ann/Bob 70 win (+2/+1/-1) take the 10 the pot holds
#: (Bob 10 // 4 = 2, Ann 8): Ann +10, Bob +3, Cal/Dot/Eve -1; night 1 now leaves 0
H3_WIN = HEAD.format(date="2026.12.01") + """hand 3  dealer Bob
pick Ann  call AS  partner Bob  pts 70  win
"""


def _voided_night2(tmp_path, db):
    """Nights 1, 2 (`pot 15`), 3 stored, night 2's hand 1 voided: hand 2 takes the kept 15 (Ann +19, the others -1)."""
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)
    _ingest(write(tmp_path, "n3_0.shn", NIGHT3), db)
    r = cli("void", f"{N2}#1", "--reason", "not played", "--db", str(db))
    assert "W-POT-CARRY" not in r.output  # night 2 still opens with the 15 night 1 left


def test_an_earlier_night_amended_to_leave_0_is_checked_against_a_night_whose_hand_1_is_voided(tmp_path):
    """break29b F3: night 1's hand 3 amended to Ann/Bob 70 win: night 1 h1 Ann +3, others -2 (5); h2 Cal -8, Dot -3,
    Ann/Bob/Eve +2 (10); h3 Ann +10, Bob +3, Cal/Dot/Eve -1 (0).  Night 2 still opens with the 15 kept from its voided
    hand 1: h2 Ann +19, the others -1; night 3 Cal +3, the others -2.  Ledger Ann 15 + 19 - 2 = +32, Bob 3 - 1 - 2 = 0,
    Cal -11 - 1 + 3 = -9, Dot -6 - 1 - 2 = -9, Eve -1 - 1 - 2 = -4: sum +10 where the pot holds 5: 15 units no hand
    paid in.  W-POT-CARRY at the amendment's hand 3 (7:1), found pot 15, expected pot 0, as when hand 1 is not voided.
    Was: not a word."""
    db = tmp_path / "f3.duckdb"
    _voided_night2(tmp_path, db)
    r = cli("ingest", "--amend", str(write(tmp_path, "n1_amend_h3_win.shn", H3_WIN)), "--reason", "h3 was a pick",
            "--db", str(db))
    (line,) = [x for x in r.output.splitlines() if "W-POT-CARRY" in x]
    assert line.lstrip().startswith(str(tmp_path / "n1_amend_h3_win.shn") + ":7:1: warning W-POT-CARRY: hand 3: this "
                                    "night's stored hands (to hand 3) leave 0 in the pot, and the group's next night "
                                    f"2026.12.08 ('{N2}', the same players and rules, stored before) opens with 15 at "
                                    "its voided hand 1"), line
    # fixc30 F2: the advice is a pot N on the night's first hand in force (was: amend the voided hand 1, void it again)
    assert "15 units no hand paid in are in the ledger" in line and "write pot 0 on that night's first hand in " \
        "force (hand 2: with its hand 1 voided, that hand's pot N is its opening balance)" in line
    assert ledger(db) == {"Ann Koch": 32, "Bob Lange": 0, "Cal Stein": -9, "Dot Frey": -9, "Eve Busch": -4}
    # the old way still works: hand 1 amended without `pot 15` (Bob/Eve 95 win-s with an empty pot) and voided again:
    # night 2 opens with 0, h2 Ann +4, the others -1: Ann 32 - 15 = +17, the others as they were (sum -5, night 3's 5)
    fix = HEAD.format(date="2026.12.08") + "hand 1  dealer Eve\npick Bob  call AH  partner Eve  pts 95  win-s\n"
    cli("ingest", "--amend", str(write(tmp_path, "n2_h1_nopot.shn", fix)), "--reason", "no pot carried",
        "--db", str(db))
    r = cli("void", f"{N2}#1", "--reason", "not played", "--db", str(db))
    assert "W-POT-CARRY" not in r.output
    assert ledger(db) == {"Ann Koch": 17, "Bob Lange": 0, "Cal Stein": -9, "Dot Frey": -9, "Eve Busch": -4}


def test_a_night_whose_hand_1_is_voided_is_checked_against_the_night_before(tmp_path):
    """break29b F3, the night's own check: night 1 with hand 3 Ann/Bob 70 win (n1_h3win.shn: leaves 0, as worked
    above: Ann +15, Bob +3, Cal -11, Dot -6, Eve -1), then night 2 with `pot 15`: warned at its hand 1 (15 units no hand
    paid in).  Its hand 1 voided, the night still opens with the 15 kept: said again at the void, at night 2's first
    hand in force (hand 2, n2_15.shn line 10), found pot 15, expected pot 0.  Ledger: night 2 h2 Ann +19, the others
    -1: Ann +34, Bob +2, Cal -12, Dot -7, Eve -2 (sum +15: the 15 units).  Was: nothing said at the void."""
    db = tmp_path / "f3b.duckdb"
    h3win = NIGHT1.replace("hand 3  dealer Bob\nleaster Dot",
                           "hand 3  dealer Bob\npick Ann  call AS  partner Bob  pts 70  win")
    _ingest(write(tmp_path, "n1_h3win.shn", h3win), db)
    assert _carry(_ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)) == [
        ("n2_15.shn", 7, 1, 1, "pot 15", "pot 0")]
    r = cli("void", f"{N2}#1", "--reason", "not played", "--db", str(db))
    (line,) = [x for x in r.output.splitlines() if "W-POT-CARRY" in x]
    assert line.lstrip().startswith(str(tmp_path / "n2_15.shn") + ":10:1: warning W-POT-CARRY: hand 2: this night's "
                                    "hand 1 is voided (shead void) and its opening pot 15 kept, so this night opens "
                                    "with 15 in the pot, but the group's night 2026.12.01"), line
    assert "15 units no hand paid in are in the ledger" in line
    assert ledger(db) == {"Ann Koch": 34, "Bob Lange": 2, "Cal Stein": -12, "Dot Frey": -7, "Eve Busch": -2}


# -- break29b F1: the SHN export keeps a voided hand 1's opening pot -----------------------------------------------

def test_the_shn_export_of_a_night_whose_hand_1_is_voided_keeps_its_opening_pot(tmp_path):
    """break29b F1: nights 1, 2 (`pot 15` on h1), 3 stored; night 2's hand 1 voided.  The night keeps its opening 15
    (notation.md pot N: voiding that hand keeps it): h2 Ann alone 61 (B-28 plain, B-33 +4/-1) takes the whole 15:
    Ann +19, the others -1, the pot 0.  Ledger: Ann 3 + 19 - 2 = +20, Bob -2 - 1 - 2 = -5, Cal -12 - 1 + 3 = -10,
    Dot -5, Eve -5 (sum -5: night 3's 5).  The export writes night 2 with `[_Voided "1"]` and `pot 15` on hand 2, its
    first hand in force; restored into a fresh database the ledger is the same, the night opens with 15.  Was: hand 2
    without `pot 15`: restored, Ann +5 (sum -20), "The pot opened empty", not a word."""
    db, db2 = tmp_path / "c.duckdb", tmp_path / "c2.duckdb"
    _voided_night2(tmp_path, db)
    want = {"Ann Koch": 20, "Bob Lange": -5, "Cal Stein": -10, "Dot Frey": -5, "Eve Busch": -5}
    assert ledger(db) == want
    out = tmp_path / "c_export.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text()
    night2 = text[text.index(f'[Session "{N2}"]'):text.index('[Session "Tuesday Pot Game / 2026.12.15"]')]
    assert '[_Voided "1"]' in night2 and "hand 1 " not in night2
    (hand2,) = [b for b in night2.split("\n\n") if b.startswith("hand 2")]
    assert " pot 15 " in hand2 + " ", hand2
    rep = _ingest(str(out), db2)
    assert (rep["ingested"], rep["rejected"], rep["warnings"]) == (5, [], [])
    assert ledger(db2) == want
    sheet = json.loads(cli("sheet", N2, "--json", "--db", str(db2)).output)
    assert (sheet["pot_opened"], sheet["pot_net"]) == (15, -15)
    # exported again from the restore: the same text (nothing added twice)
    again = tmp_path / "c2_export.shn"
    cli("export", "--format", "shn", "--out", str(again), "--db", str(db2))
    assert again.read_text() == text


# -- break29b F7: a voided hand 1 is no gap before a hand amended back ----------------------------------------------

def test_a_hand_amended_back_into_a_night_voided_whole_is_told_of_no_gap(tmp_path):
    """break29b F7: nights 1, 2 (`pot 15`), 3 stored; night 2 voided whole (`shead void --session`); its hand 2 amended
    back (Ann alone 62: B-28 plain, B-33 +4/-1).  Hand 1 stays voided, which is no gap (notation.md `[_Voided]`), and
    the night keeps the 15 it opened with: hand 2 takes it, Ann +19, the others -1.  Ledger Ann 3 + 19 - 2 = +20,
    Bob -2 - 1 - 2 = -5, Cal -12 - 1 + 3 = -10, Dot -5, Eve -5.  No W-SESSION-GAP.  Was: "an earlier hand ... is
    missing ... write pot N" at the amendment's 7:1."""
    db = tmp_path / "f7.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)
    _ingest(write(tmp_path, "n3_0.shn", NIGHT3), db)
    cli("void", N2, "--session", "--reason", "sent wrong", "--db", str(db))
    fix = HEAD.format(date="2026.12.08") + "hand 2  dealer Ann\npick Ann  alone  pts 62  win\n"
    r = cli("ingest", "--amend", str(write(tmp_path, "n2_h2only_fix.shn", fix)), "--reason", "h2 back", "--db", str(db))
    assert "revision 3 in force" in r.output
    assert "W-SESSION-GAP" not in r.output, r.output
    assert "W-POT-CARRY" not in r.output  # night 2 opens with night 1's 15 again, takes it; night 3 opens with 0
    assert ledger(db) == {"Ann Koch": 20, "Bob Lange": -5, "Cal Stein": -10, "Dot Frey": -5, "Eve Busch": -5}
    sheet = json.loads(cli("sheet", N2, "--json", "--db", str(db)).output)
    assert (sheet["pot_opened"], [h["units"]["Ann"] for h in sheet["hands"]]) == (15, [19])
