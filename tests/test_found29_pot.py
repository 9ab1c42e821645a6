"""Session 29, fixa29: what session 28 left of W-POT-CARRY, break28c F4 (/tmp/s28/break28c/FINDINGS.md): the carry was
checked only when a night was stored, not when an earlier night grew (its later hands in a second file), was
amended (`shead ingest --amend`) or had a hand voided; and the warning given after a night's first part named a
partial pot as the night's end.  Each record is written as the group's scorer wrote it; every amount worked out by
hand from rules.md (/work/shared/reference/rules.md) before shead's figure was read.

Five-handed called ace (rules.md B-33), doubleOnBump (B-32), pot=on (D-19; docs/notation.md "The pot": a no-pick hand
every player puts 1 in; a winning picker side takes the whole pot, the partner a quarter rounded down, the picker the
rest; a losing side pays the same amounts in).  The nights of tests/test_found28_pot.py:

Night 1 (2026.12.01), in two files as break28c sent it:
  pot1a.shn: h1 (line 7) leaster Ann: Ann +4 -1 = +3, the others -2; the pot +5, holds 5.
             h2 (line 10) Cal picks, Dot partner, 50: a loss doubled on the bump (B-27, B-32): Cal -4, Dot -2, the
             others +2; the side pays the pot's 5 in (Dot 5 // 4 = 1, Cal 4): Cal -8, Dot -3; holds 10.
  pot1b.shn: h3 (line 7) leaster Dot: Dot +3, the others -2; holds 15.
  Night 1: Ann +3 +2 -2 = +3, Bob -2 +2 -2 = -2, Cal -2 -8 -2 = -12, Dot -2 -3 +3 = -2, Eve -2 +2 -2 = -2 (sum -15,
  the 15 in the pot).
Night 2 (2026.12.08): h1 (line 7) Bob picks, Eve partner, 95 win-s (B-28 tier 2): Bob +4, Eve +2, the others -2,
  plus the pot it opens with P: Eve P // 4, Bob the rest.  h2 Ann alone 61 win: Ann +4, the others -1.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import HEAD, NIGHT1, NIGHT2, _carry, _message

POT1A = HEAD.format(date="2026.12.01") + """hand 1  dealer Eve
leaster Ann

hand 2  dealer Ann
pick Cal  call AS  partner Dot  pts 50  lose
"""
POT1B = HEAD.format(date="2026.12.01") + """hand 3  dealer Bob
leaster Dot
"""
#: night 1's hand 3 amended: Ann picks, Bob partner, 70: a plain win (61..90, B-28): Ann +2, Bob +1, the others -1;
#: the side takes the pot's 10 (Bob 10 // 4 = 2, Ann 8): Ann +10, Bob +3.  Night 1 then leaves 10 - 10 = 0.
AMEND3 = HEAD.format(date="2026.12.01") + """hand 3  dealer Bob
pick Ann  call AC  partner Bob  pts 70  win
"""


def _night2(pot: int | None) -> str:
    return NIGHT2.format(pot=f"  pot {pot}" if pot is not None else "")


def test_a_night_grown_after_its_next_night_is_checked_again(tmp_path):
    """break28c F4 (a): pot1a.shn, night 2 with `pot 10` (right for the 10 stored: nothing said), then pot1b.shn.
    Night 1 now leaves 15, night 2 opens with 10: W-POT-CARRY at pot1b.shn:7:1 (hand 3, the hand it brought),
    found pot 10, expected pot 15, 15 - 10 = 5 units said to leave the ledger (was: nothing).

    Ledger as stored (nothing changes): night 2 h1 with pot 10: Eve 10 // 4 = 2, Bob 8: Bob +12, Eve +4, the others
    -2; h2 Ann +4, the others -1.  Ann 3 - 2 + 4 = +5, Bob -2 + 12 - 1 = +9, Cal -12 - 2 - 1 = -15,
    Dot -2 - 2 - 1 = -5, Eve -2 + 4 - 1 = +1: sum -5, the 5 units gone."""
    db = tmp_path / "a.duckdb"
    assert _carry(_ingest(write(tmp_path, "pot1a.shn", POT1A), db)) == []
    assert _carry(_ingest(write(tmp_path, "pot2_10.shn", _night2(10)), db)) == []
    rep = _ingest(write(tmp_path, "pot1b.shn", POT1B), db)
    assert rep["ingested"] == 1
    assert _carry(rep) == [("pot1b.shn", 7, 1, 3, "pot 10", "pot 15")]
    msg = _message(rep)
    assert msg.startswith("hand 3: this night's stored hands (to hand 3) leave 15 in the pot, and the group's next "
                          "night 2026.12.08 ('Tuesday Pot Game / 2026.12.08', the same players and rules, stored "
                          "before) opens with 10 at ")
    assert "pot2_10.shn:7 (rules.md D-19)" in msg and "write pot 15 on that night's hand 1" in msg
    assert "its 5 units leave the ledger" in msg
    assert ledger(db) == {"Ann Koch": 5, "Bob Lange": 9, "Cal Stein": -15, "Dot Frey": -5, "Eve Busch": 1}


def test_a_warning_after_the_first_part_is_said_again_for_the_whole_night(tmp_path):
    """break28c F4 (b): pot1a.shn, night 2 with no pot, pot1b.shn.  At night 2: night 1's stored hands (to hand 2)
    left 10 (5 + 5), found pot 0, expected pot 10, the message saying it is checked again if more of night 1's hands
    follow (no claim that the night ended with 10).  At pot1b: night 1 now leaves 15: said again, found pot 0,
    expected pot 15, at pot1b.shn:7:1."""
    db = tmp_path / "b.duckdb"
    _ingest(write(tmp_path, "pot1a.shn", POT1A), db)
    rep = _ingest(write(tmp_path, "pot2_0.shn", _night2(None)), db)
    assert _carry(rep) == [("pot2_0.shn", 7, 1, 1, "pot 0", "pot 10")]
    msg = _message(rep)
    assert "the group's night 2026.12.01 ('Tuesday Pot Game / 2026.12.01', the same players and rules) left 10 in " \
           "the pot after its stored hands (to hand 2), and this night opens with 0" in msg
    assert "ended with" not in msg
    assert msg.endswith("if more of night 2026.12.01's hands follow, this is checked again when they are stored")
    rep = _ingest(write(tmp_path, "pot1b.shn", POT1B), db)
    assert _carry(rep) == [("pot1b.shn", 7, 1, 3, "pot 0", "pot 15")]
    assert "its 15 units leave the ledger" in _message(rep)


def test_a_backfilled_first_part_does_not_claim_the_night_s_end(tmp_path):
    """break28c F4 (c): night 2 with `pot 15` (right for the whole night 1), then pot1a.shn (night 1's hands 1-2,
    leaving 10): W-POT-CARRY at pot1a.shn:10:1 (hand 2), found pot 15, expected pot 10, worded for what is stored
    ("if these are all this night's hands", checked again when more follow), not "this night ends with 10 ... write
    pot 10".  Then pot1b.shn: night 1 leaves 15 = the 15 night 2 opens with: nothing said.

    The ledger of the carried season (test_found28_pot's working): night 2 h1 Bob 4 + 12 = +16, Eve 2 + 3 = +5;
    Ann 3 - 2 + 4 = +5, Bob -2 + 16 - 1 = +13, Cal -12 - 2 - 1 = -15, Dot -2 - 2 - 1 = -5, Eve -2 + 5 - 1 = +2
    (sum 0)."""
    db = tmp_path / "c.duckdb"
    _ingest(write(tmp_path, "pot2_15.shn", _night2(15)), db)
    rep = _ingest(write(tmp_path, "pot1a.shn", POT1A), db)
    assert _carry(rep) == [("pot1a.shn", 10, 1, 2, "pot 15", "pot 10")]
    msg = _message(rep)
    assert msg.startswith("hand 2: this night's stored hands (to hand 2) leave 10 in the pot")
    assert "ends with" not in msg
    assert "5 units no hand paid in are in the ledger; if these are all this night's hands and nothing more was " \
           "carried, write pot 10 on that night's hand 1" in msg
    assert msg.endswith("if more of this night's hands follow, this is checked again when they are stored")
    assert _carry(_ingest(write(tmp_path, "pot1b.shn", POT1B), db)) == []
    assert ledger(db) == {"Ann Koch": 5, "Bob Lange": 13, "Cal Stein": -15, "Dot Frey": -5, "Eve Busch": 2}


def test_an_amended_night_checks_its_next_night_again(tmp_path):
    """break28c F4 (d): pot1.shn (whole), night 2 with `pot 15` (right: nothing said), then --amend hand 3 as Ann/Bob
    70 win taking the pot's 10: night 1 now leaves 0, night 2 opens with 15.  The amend says W-POT-CARRY at
    pot1_amend3.shn:7:1, hand 3, found pot 15, expected pot 0, 15 units no hand paid in (was: nothing).

    Ledger as stored: night 1 Ann 3 + 2 + 10 = +15, Bob -2 + 2 + 3 = +3, Cal -2 - 8 - 1 = -11, Dot -2 - 3 - 1 = -6,
    Eve -2 + 2 - 1 = -1 (sum 0: the pot paid out); night 2 (pot 15) Ann -2 + 4 = +2, Bob 16 - 1 = +15, Cal -3,
    Dot -3, Eve 5 - 1 = +4.  Ann +17, Bob +18, Cal -14, Dot -9, Eve +3 (sum +15).

    Following the advice (night 2's hand 1 amended to `pot 0`, hand 1 against its earlier night: nothing said):
    Bob +4, Eve +2, so Bob 3 + 4 - 1 = +6, Eve -1 + 2 - 1 = 0; Ann, Cal, Dot as above: the sum is 0."""
    db = tmp_path / "d.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    assert _carry(_ingest(write(tmp_path, "pot2_15.shn", _night2(15)), db)) == []
    r = cli("ingest", "--amend", write(tmp_path, "pot1_amend3.shn", AMEND3), "--reason", "hand 3 was a pick",
            "--db", str(db))
    out = r.output.replace("\n", " ").replace(f"{tmp_path}/", "")
    assert "pot1_amend3.shn:7:1: warning W-POT-CARRY: hand 3: this night's stored hands (to hand 3) leave 0 in the " \
           "pot, and the group's next night 2026.12.08" in out, r.output
    assert "opens with 15 at pot2_15.shn:7" in out and "15 units no hand paid in" in out
    assert "write pot 0 on that night's hand 1" in out
    assert ledger(db) == {"Ann Koch": 17, "Bob Lange": 18, "Cal Stein": -14, "Dot Frey": -9, "Eve Busch": 3}
    r = cli("ingest", "--amend", write(tmp_path, "pot2_0.shn", _night2(0)), "--reason", "nothing was carried",
            "--db", str(db))
    assert "W-POT-CARRY" not in r.output, r.output
    assert ledger(db) == {"Ann Koch": 17, "Bob Lange": 6, "Cal Stein": -14, "Dot Frey": -9, "Eve Busch": 0}


def test_an_amended_hand_1_is_checked_against_the_night_before(tmp_path):
    """pot1.shn (leaves 15) and night 2 with `pot 15`, then night 2's hand 1 amended to `pot 12`: the amend says
    W-POT-CARRY for night 2's hand 1 (pot2_12.shn:7:1), found pot 12, expected pot 15, 3 units said to leave."""
    db = tmp_path / "e.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "pot2_15.shn", _night2(15)), db)
    r = cli("ingest", "--amend", write(tmp_path, "pot2_12.shn", _night2(12)), "--reason", "12 was carried",
            "--db", str(db), "--json")
    body = [__import__("json").loads(x) for x in r.output.splitlines() if x.startswith("{")][-1]
    notes = [(n["file"].rsplit("/", 1)[-1], n["line"], n["col"], n["hand"], n["found"], n["expected"])
             for n in body["notes"] if n["code"] == "W-POT-CARRY"]
    assert notes == [("pot2_12.shn", 7, 1, 1, "pot 12", "pot 15")]


def test_a_voided_hand_checks_the_next_night_again(tmp_path):
    """pot1.shn and night 2 with `pot 15`; night 1's hand 3 (leaster Dot, the pot's third 5) voided: night 1 leaves
    10, night 2 opens with 15: shead void says W-POT-CARRY (hand 3), 5 units no hand paid in."""
    db = tmp_path / "f.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "pot2_15.shn", _night2(15)), db)
    r = cli("void", "Tuesday Pot Game / 2026.12.01#3", "--reason", "dealt twice", "--db", str(db))
    assert "warning W-POT-CARRY: hand 3: this night's stored hands (to hand 2) leave 10 in the pot" in r.output
    assert "5 units no hand paid in" in r.output.replace("\n", " ")


# -- part 2: what is and is not checked ------------------------------------------------------------------------------

def test_a_night_whose_first_hands_are_not_stored_is_not_checked_until_they_come(tmp_path):
    """Night 1 sent as its hands 2-3 alone (pot1b-like file of h2 and h3): what it leaves is not known (its opening
    pot is missing with hand 1), so night 2 with no pot after it says nothing.  When night 1's hand 1 comes
    (pot1_h1.shn, line 7), night 1 holds 5 + 5 + 5 = 15 and night 2 opens with 0: W-POT-CARRY at pot1_h1.shn:7:1,
    hand 1, found pot 0, expected pot 15."""
    db = tmp_path / "g.duckdb"
    rest = HEAD.format(date="2026.12.01") + NIGHT1.split("hand 2  ", 1)[1].join(["hand 2  ", ""])
    assert rest.splitlines()[6] == "hand 2  dealer Ann"
    _ingest(write(tmp_path, "pot1_23.shn", rest), db)
    assert _carry(_ingest(write(tmp_path, "pot2.shn", _night2(None)), db)) == []
    first = HEAD.format(date="2026.12.01") + "hand 1  dealer Eve\nleaster Ann\n"
    rep = _ingest(write(tmp_path, "pot1_h1.shn", first), db)
    assert _carry(rep) == [("pot1_h1.shn", 7, 1, 1, "pot 0", "pot 15")]
    assert "leave 15 in the pot" in _message(rep)


def test_a_later_night_s_hand_1_coming_in_a_later_file_is_checked(tmp_path):
    """Night 1 whole (leaves 15); night 2 sent as its hand 2 first (no hand 1: what it opened with is not known,
    nothing said), then its hand 1 with no pot (pot2_h1.shn, line 7): W-POT-CARRY there, found pot 0, expected
    pot 15."""
    db = tmp_path / "h.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    two = _night2(None)
    head, h1, h2 = two[:two.index("hand 1")], two[two.index("hand 1"):two.index("hand 2")], two[two.index("hand 2"):]
    assert _carry(_ingest(write(tmp_path, "pot2_h2.shn", head + h2), db)) == []
    rep = _ingest(write(tmp_path, "pot2_h1.shn", head + h1), db)
    assert _carry(rep) == [("pot2_h1.shn", 7, 1, 1, "pot 0", "pot 15")]


def test_nights_without_a_date_are_not_checked(tmp_path):
    """Two nights of the group with no [Date] (each its own [Session]): their order is not known (the order they
    were sent in is no evidence), so nothing is said though the first leaves 15 and the second opens with 0."""
    db = tmp_path / "i.duckdb"
    one = NIGHT1.replace('[Date "2026.12.01"]', '[Session "Pot night A"]')
    two = _night2(None).replace('[Date "2026.12.08"]', '[Session "Pot night B"]')
    assert _carry(_ingest(write(tmp_path, "a.shn", one), db)) == []
    assert _carry(_ingest(write(tmp_path, "b.shn", two), db)) == []


def test_a_night_without_a_pot_growing_reads_nothing_more(tmp_path, monkeypatch):
    """A night without pot=on sent in two files: its growth is filtered by sessions.rules, so neither check runs
    (they would raise here)."""
    from ingest import pot_carry

    def boom(*a, **k):
        raise AssertionError("a night without a pot was checked")

    db = tmp_path / "j.duckdb"
    plain_a = POT1A.replace("; pot=on", "").replace("leaster Ann", "pick Ann  alone  pts 61  win")
    plain_b = POT1B.replace("; pot=on", "").replace("leaster Dot", "pick Dot  alone  pts 61  win")
    _ingest(write(tmp_path, "plain_a.shn", plain_a), db)
    monkeypatch.setattr(pot_carry, "_later_nights", boom)
    monkeypatch.setattr(pot_carry, "_opening_checks", boom)
    rep = _ingest(write(tmp_path, "plain_b.shn", plain_b), db)
    assert rep["ingested"] == 1 and _carry(rep) == []


@pytest.mark.parametrize("batch", ["1"])
def test_a_streamed_second_part_is_checked_again(tmp_path, monkeypatch, batch):
    """pot1a, night 2 with `pot 10`, then pot1b read in batches of one hand: the same warning as whole, at
    pot1b.shn:7:1."""
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)
    db = tmp_path / "k.duckdb"
    _ingest(write(tmp_path, "pot1a.shn", POT1A), db)
    _ingest(write(tmp_path, "pot2_10.shn", _night2(10)), db)
    assert _carry(_ingest(write(tmp_path, "pot1b.shn", POT1B), db)) == [("pot1b.shn", 7, 1, 3, "pot 10", "pot 15")]


# -- part 3: shead sheet and its CSV/JSON/HTML show the pot a night opened with, as the Sheet page does ------------

def _season(tmp_path):
    """pot1.shn (night 1) and night 2 with `pot 15` stored; the database's path."""
    db = tmp_path / "s.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "pot2.shn", _night2(15)), db)
    return db


def test_the_sheet_of_a_night_that_opened_with_a_carried_pot(tmp_path):
    """Night 2 (`pot 15`): h1 Bob +4 + 12 = +16, Eve +2 + 3 = +5, Ann/Cal/Dot -2, the pot -15 (holds 0); h2 Ann alone
    61 win: Ann +4, the others -1, the pot 0.  Totals Ann +2, Bob +15, Cal -3, Dot -3, Eve +4; the pot's net -15,
    15 + (-15) = 0 held at the end.

    shead sheet: a first row 'pot carried in' with 15 in the pot column, the total row's pot cell '-15    0' (net,
    then held), and the foot's sentence.  --csv: the first row 'pot carried in' with pot balance 15, the total row
    pot -15 and pot balance 0.  --json: pot_opened 15, pot_net -15, pot 0.  The HTML page (the Sheet page's
    download): the carried-in row first and the same sentence."""
    import csv
    import io
    import json

    from ingest.sheet import find_session, session_sheet
    from ingest.store import reading

    db = _season(tmp_path)
    out = cli("sheet", "2026.12.08", "--db", str(db)).output
    lines = out.splitlines()
    (carried,) = [x for x in lines if "pot carried in" in x]
    assert carried.split() == ["pot", "carried", "in", "15"]
    assert lines.index(carried) < [i for i, x in enumerate(lines) if x.strip().startswith("1 ")][0]
    (total,) = [x for x in lines if "total, 2 hands" in x]
    assert total.split()[-7:] == ["2", "15", "-3", "-3", "4", "-15", "0"]
    assert ("The pot opened with 15 in it, carried in from an earlier night (the first row); its net over the night "
            "is -15 (the total row's pot), so it holds 0 at the end (rules.md D-19).") in out.replace("\n", " ")
    rows = list(csv.DictReader(io.StringIO(cli("sheet", "2026.12.08", "--db", str(db), "--csv").output)))
    assert (rows[0]["hand"], rows[0]["result"], rows[0]["pot"], rows[0]["pot balance"]) == ("", "pot carried in",
                                                                                            "", "15")
    assert (rows[1]["hand"], rows[1]["Bob units"], rows[1]["Eve units"], rows[1]["pot"], rows[1]["pot balance"]) \
        == ("1", "16", "5", "-15", "0")
    assert (rows[3]["result"], rows[3]["Bob total"], rows[3]["pot"], rows[3]["pot balance"]) \
        == ("total, 2 hands", "15", "-15", "0")
    body = json.loads(cli("sheet", "2026.12.08", "--db", str(db), "--json").output)
    assert (body["pot_opened"], body["pot_net"], body["pot"]) == (15, -15, 0)
    with reading(db) as con:
        page = session_sheet(con, find_session(con, "2026.12.08")).html()
    assert page.index("pot carried in") < page.index(">won 95")
    assert "The pot opened with 15 in it" in page


def test_the_sheet_of_a_night_that_opened_empty(tmp_path):
    """Night 1: no carried-in row; the pot +5 +5 +5: net +15, holds 0 + 15 = 15: total row '+15   15', the foot 'The
    pot opened empty; its net over the night is +15 ... holds 15'; --csv's first row is hand 1."""
    import csv
    import io

    db = _season(tmp_path)
    out = cli("sheet", "2026.12.01", "--db", str(db)).output
    assert "pot carried in" not in out
    (total,) = [x for x in out.splitlines() if "total, 3 hands" in x]
    assert total.split()[-2:] == ["+15", "15"]
    assert "The pot opened empty; its net over the night is +15 (the total row's pot), so it holds 15 at the end" \
        in out.replace("\n", " ")
    rows = list(csv.DictReader(io.StringIO(cli("sheet", "2026.12.01", "--db", str(db), "--csv").output)))
    assert rows[0]["hand"] == "1" and (rows[-1]["pot"], rows[-1]["pot balance"]) == ("15", "15")
