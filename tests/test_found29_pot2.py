"""Session 29, fixf29: break29 F2, F4, F8 (/tmp/s29/break29/FINDINGS.md): units of the pot that left or entered the
ledger without a word after `shead void`, a false W-POT-CARRY (and a missing one) around a night with a substitute,
and the Sheet saying "the pot opened empty" of a night whose first hands are not stored.  Each record is written as
the group's scorer wrote it; every amount worked out by hand from rules.md (/work/shared/reference/rules.md).

Five-handed called ace (rules.md B-33: a called-ace side +2/+1/-1 at 61..90, +4/+2/-2 schneider at 91+ (B-28); alone
+4 / -1 each), doubleOnBump (B-32: a plain loss pays double, -4/-2/+2), pot=on (D-19; docs/notation.md "The pot": a
no-pick hand every player puts 1 in; a winning picker side takes the whole pot, the partner a quarter rounded down,
the picker the rest, alone the picker all; a losing side pays the same amounts in).

Night 1 (2026.12.01, tests/test_found28_pot.NIGHT1): h1 leaster Ann: Ann +3, the others -2, pot +5 (5).  h2 Cal/Dot
50 lose: Cal -4, Dot -2, the others +2, the side pays the pot's 5 in (Dot 5 // 4 = 1, Cal 4): Cal -8, Dot -3 (10).
h3 leaster Dot: Dot +3, the others -2 (15).  Night 1: Ann +3, Bob -2, Cal -12, Dot -2, Eve -2; leaves 15.
Night 2 (2026.12.08) with `pot 15` on h1: h1 Bob/Eve 95 win-s: Bob +4, Eve +2, the others -2, the side takes the 15
(Eve 15 // 4 = 3, Bob 12): Bob +16, Eve +5 (0).  h2 Ann alone 61 win: Ann +4, the others -1, the pot empty.
"""

from __future__ import annotations

import json

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import HEAD, NIGHT1, NIGHT2, _carry

N1 = "Tuesday Pot Game / 2026.12.01"
N2 = "Tuesday Pot Game / 2026.12.08"
#: night 3 (2026.12.15), the regulars, no pot written: h1 leaster Cal: Cal +3, the others -2, the pot 5
NIGHT3 = HEAD.format(date="2026.12.15") + """hand 1  dealer Eve
leaster Cal
"""
#: night 2 with Fay sitting in for Eve (break29's n2_sub_15.shn / n2_sub.shn): the same [Event] and [Rules]
SUB = """%SHN 1.0
[Event "Tuesday Pot Game"]
[Date "2026.12.08"]
[Seats "Ann=Ann Koch; Bob=Bob Lange; Cal=Cal Stein; Dot=Dot Frey; Fay=Fay Ott"]
[Rules "wi5-called-ace; pot=on"]

hand 1  dealer Fay{pot}
pick Bob  call AH  partner Fay  pts 95  win-s
"""


def _sheet(db, name: str) -> dict:
    return json.loads(cli("sheet", name, "--json", "--db", str(db)).output)


def _two_nights(tmp_path, db):
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    rep = _ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)
    assert _carry(rep) == []  # night 1 left 15, night 2 opens with 15


def test_voiding_the_hand_that_wrote_the_opening_pot_keeps_it(tmp_path):
    """break29 F2: night 2's hand 1 (it wrote `pot 15`) voided, "misdeal, not played".  The night still opened with
    the 15 night 1 left (D-19: the pot is kept for the next hand, whichever it is; notation.md: `pot N` on a
    session's first hand is the night's opening balance), so hand 2 is re-derived: Ann alone 61 (B-28 tier 1, B-33
    +4/-1) takes the whole pot (alone: no partner's quarter): Ann +4 + 15 = +19, the others -1, the pot -15 -> 0.
    Ledger: Ann 3 + 19 = +22, Bob -2 - 1 = -3, Cal -12 - 1 = -13, Dot -2 - 1 = -3, Eve -2 - 1 = -3 (sum 0: night 2
    holds nothing).  Was: hand 2 kept Ann +4 (Ann +7, sum -15), the Sheet said "opened empty"."""
    db = tmp_path / "f2.duckdb"
    _two_nights(tmp_path, db)
    r = cli("void", f"{N2}#1", "--reason", "misdeal, not played", "--db", str(db))
    assert "1 later hand(s) of the session re-derived (stake/pot)" in r.output
    assert "W-POT-CARRY" not in r.output  # night 2 opens with what night 1 left: nothing to say
    assert ledger(db) == {"Ann Koch": 22, "Bob Lange": -3, "Cal Stein": -13, "Dot Frey": -3, "Eve Busch": -3}
    sh = _sheet(db, N2)
    (h2,) = sh["hands"]
    assert (h2["hand"], h2["units"], h2["pot"], h2["pot_balance"]) == (
        2, {"Ann": 19, "Bob": -1, "Cal": -1, "Dot": -1, "Eve": -1}, -15, 0)
    assert (sh["pot_opened"], sh["pot_net"], sh["pot"]) == (15, -15, 0)
    csv = cli("sheet", N2, "--csv", "--db", str(db)).output.splitlines()
    assert csv[1] == ",,,,,pot carried in,,,,,,,,,,,,,,15"
    text = cli("sheet", N2, "--db", str(db)).output
    assert "The pot opened with 15 in it, carried in from an earlier night" in text


def test_voiding_the_earlier_nights_hand_1_says_the_units_no_hand_paid_in(tmp_path):
    """break29 F2: night 1's hand 1 (leaster Ann, the pot's first 5) voided with night 2 (`pot 15`) stored.  Night 1
    is re-derived: h2 Cal/Dot lose 50 with an empty pot (nothing to pay in): Cal -4, Dot -2, the others +2; h3 leaster
    Dot: Dot +3, the others -2, the pot 5.  Night 1 now leaves 5 and night 2 opens with 15: W-POT-CARRY in the void's
    output, 15 - 5 = 10 units no hand paid in, write pot 5 there.  Nothing else changes: night 1 Ann 0, Bob 0,
    Cal -6, Dot +1, Eve 0; night 2 Bob +16 - 1, Eve +5 - 1, Ann -2 + 4, Cal -3, Dot -3.  Ledger Ann +2, Bob +15,
    Cal -9, Dot -2, Eve +4: sum +10, the 10 units.  Was: said nothing."""
    db = tmp_path / "f2b.duckdb"
    _two_nights(tmp_path, db)
    r = cli("void", f"{N1}#1", "--reason", "dealt at the other table", "--db", str(db))
    (line,) = [x for x in r.output.splitlines() if "W-POT-CARRY" in x]
    assert line.startswith("  warning W-POT-CARRY: hand 1: this night's stored hands (to hand 3) leave 5 in the pot, "
                           f"and the group's next night 2026.12.08 ('{N2}', the same players and rules, stored "
                           "before) opens with 15 at "), line
    assert "10 units no hand paid in are in the ledger" in line and "write pot 5 on that night's hand 1" in line
    assert ledger(db) == {"Ann Koch": 2, "Bob Lange": 15, "Cal Stein": -9, "Dot Frey": -2, "Eve Busch": 4}


def test_voiding_a_middle_night_checks_the_next_night_against_the_one_before(tmp_path):
    """break29 F2: nights 1, 2 (`pot 15`, takes it) and 3 (no pot: rightly opens with 0 after night 2) stored; then
    `shead void --session` of night 2.  Night 3 now follows night 1, which left 15: W-POT-CARRY at night 3's hand 1
    (n3_0.shn:7:1), found pot 0, expected pot 15, its 15 units leave the ledger.  Ledger (nothing changes): night 1
    Ann +3, Bob -2, Cal -12, Dot -2, Eve -2; night 3 Cal +3, the others -2: Ann +1, Bob -4, Cal -9, Dot -4, Eve -4
    (sum -20: night 1's 15 and night 3's 5).  Was: nothing said."""
    db = tmp_path / "f2c.duckdb"
    _two_nights(tmp_path, db)
    assert _carry(_ingest(write(tmp_path, "n3_0.shn", NIGHT3), db)) == []
    r = cli("void", N2, "--session", "--reason", "stored from the wrong sheet", "--db", str(db))
    (line,) = [x for x in r.output.splitlines() if "W-POT-CARRY" in x]
    assert line.lstrip().startswith(str(tmp_path / "n3_0.shn") + ":7:1: warning W-POT-CARRY: hand 1: the group's "
                                    f"night 2026.12.01 ('{N1}', the same players and rules) left 15 in the pot "
                                    "after its stored hands (to hand 3), and this night opens with 0"), line
    assert "else its 15 units leave the ledger" in line
    assert ledger(db) == {"Ann Koch": 1, "Bob Lange": -4, "Cal Stein": -9, "Dot Frey": -4, "Eve Busch": -4}


def test_a_substitute_night_is_a_night_of_the_group(tmp_path):
    """break29 F4: night 1; night 2 with Fay sitting in for Eve, `pot 15`: Bob/Fay 95 win-s take it (Fay 15 // 4 = 3,
    Bob 12): Bob +16, Fay +5, Ann/Cal/Dot -2, the pot 0; night 3 the regulars, no pot: rightly opens with 0.  The pot is
    the group's: night 3 follows night 2 (the same [Event] and [Rules], four of five players), so nothing is said.
    Ledger: Ann 3 - 2 - 2 = -1, Bob -2 + 16 - 2 = +12, Cal -12 - 2 + 3 = -11, Dot -2 - 2 - 2 = -6, Eve -2 - 2 = -4,
    Fay +5 (sum -5, night 3's 5 in the pot).  Was: W-POT-CARRY at night 3 "write pot 15" (15 units no hand paid in)."""
    db = tmp_path / "f4.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    assert _carry(_ingest(write(tmp_path, "n2_sub_15.shn", SUB.format(pot="  pot 15")), db)) == []
    assert _carry(_ingest(write(tmp_path, "n3_0.shn", NIGHT3), db)) == []
    assert ledger(db) == {"Ann Koch": -1, "Bob Lange": 12, "Cal Stein": -11, "Dot Frey": -6, "Eve Busch": -4,
                          "Fay Ott": 5}


def test_a_substitute_night_that_drops_the_pot_is_said(tmp_path):
    """break29 F4 the other way: night 2 with Fay for Eve and no pot written: Bob +4, Fay +2, Ann/Cal/Dot -2 and night
    1's 15 leave the ledger (sum -15).  W-POT-CARRY at n2_sub.shn:7:1 (hand 1), found pot 0, expected pot 15, naming
    who sat in.  Was: nothing said."""
    db = tmp_path / "f4b.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    rep = _ingest(write(tmp_path, "n2_sub.shn", SUB.format(pot="")), db)
    assert _carry(rep) == [("n2_sub.shn", 7, 1, 1, "pot 0", "pot 15")]
    (msg,) = [w["message"] for w in rep["warnings"] if w["code"] == "W-POT-CARRY"]
    assert msg.startswith(f"hand 1: the group's night 2026.12.01 ('{N1}', the same [Event] and rules; Eve Busch "
                          "played there, Fay Ott here) left 15 in the pot after its stored hands (to hand 3)"), msg
    assert sum(ledger(db).values()) == -15


def test_another_table_of_the_same_event_is_no_night_of_the_group(tmp_path):
    """What groups nights (docs/notation.md W-POT-CARRY): more than half the players the same.  A night of the same
    [Event] and [Rules] with only Ann and Bob of night 1's five (2 of 5: another table) opening with no pot is not
    told of night 1's 15."""
    db = tmp_path / "f4c.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    other = SUB.format(pot="").replace("Cal=Cal Stein; Dot=Dot Frey; Fay=Fay Ott", "Gus=Gus Ray; Hal=Hal Orr; Fay=Fay Ott")
    assert _carry(_ingest(write(tmp_path, "other.shn", other), db)) == []


def test_the_sheet_does_not_know_the_opening_pot_of_a_night_without_its_first_hands(tmp_path):
    """break29 F8: only night 1's hand 3 (leaster Dot: each puts 1 in, the pot +5) stored.  Hands 1-2 are not stored,
    so what the pot opened with (and holds) is not known: the Sheet says so, pot_opened None, no carried-in row; its
    net over the stored hands is +5.  Was: "The pot opened empty ... holds 5 at the end"."""
    db = tmp_path / "f8.duckdb"
    _ingest(write(tmp_path, "n1_h3.shn", HEAD.format(date="2026.12.01") + "hand 3  dealer Bob\nleaster Dot\n"), db)
    sh = _sheet(db, N1)
    assert (sh["pot_opened"], sh["pot_opening_known"], sh["pot_net"]) == (None, False, 5)
    text = cli("sheet", N1, "--db", str(db)).output
    assert "What the pot opened with is not known: hands 1-2 of the night are not stored" in " ".join(text.split())
    assert "opened empty" not in text
    assert "pot carried in" not in cli("sheet", N1, "--csv", "--db", str(db)).output
