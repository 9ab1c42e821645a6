"""Session 28, fixg28: break28b F3 (W-POT-CARRY never said when the earlier night is stored after the later one)
and F4 (phone slips one step from the fixed ones), /tmp/s28/break28b/FINDINGS.md.  Each record is written as the
group's scorer wrote it; every amount worked out by hand from rules.md (/work/shared/reference/rules.md) before
shead's figure was read.

F3, the nights of tests/test_found28_pot.py (five-handed called ace B-33, doubleOnBump B-32, pot=on D-19):
  Night 1 (2026.12.01): h1 leaster Ann, the pot +5 (holds 5); h2 Cal/Dot 50, a loss doubled on the bump: Cal -8,
     Dot -3 with the pot's 5 paid in, the pot +5 (holds 10); h3 (line 14 of its file) leaster Dot, the pot +5
     (holds 15).  The night ends with 15 in the pot.
  Night 2 (2026.12.08) h1 (line 7 of its file) Bob picks, Eve partner, 95 schneider: Bob +4, Eve +2, the others -2
     with no pot written (opens at 0); with `pot 15`: Eve 15 // 4 = 3, Bob 12: Bob +16, Eve +5, the pot -15.
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import NIGHT1, NIGHT2, POT_RULES, SHEET, _carry, _first_hand

# -- break28b F3: the earlier night stored after the later one -------------------------------------------------------


def _message(rep: dict) -> str:
    (msg,) = [w["message"] for w in rep["warnings"] if w["code"] == "W-POT-CARRY"]
    return msg


def test_the_earlier_night_stored_after_the_later_one_is_warned(tmp_path):
    """pot2.shn (no pot written) in one command, then pot1.shn in another: W-POT-CARRY at pot1.shn:14:1 (night 1's
    last hand, hand 3, the one that leaves the 15), found pot 0, expected pot 15; the message names the later
    night, where it opens (pot2.shn:7) and what to write there.  Nothing stored changes: night 2's hand 1 stays
    Bob +4, Eve +2, the pot 0.  Following the advice (--amend with `pot 15` on hand 1) gives Bob +16, Eve +5 and the
    ledger of the carried season: Ann +5, Bob +13, Cal -15, Dot -5, Eve +2 (test_found28_pot's working)."""
    db = tmp_path / "p.duckdb"
    two = write(tmp_path, "pot2.shn", NIGHT2.format(pot=""))
    assert _carry(_ingest(two, db)) == []
    rep = _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    assert rep["ingested"] == 3
    assert _carry(rep) == [("pot1.shn", 14, 1, 3, "pot 0", "pot 15")]
    msg = _message(rep)
    assert msg.startswith("hand 3: this night ends with 15 in the pot, and the group's next night 2026.12.08 "
                          "('Tuesday Pot Game / 2026.12.08', the same players and rules, stored before) opens with 0 at ")
    assert "pot2.shn:7 (rules.md D-19)" in msg
    assert "write pot 15 on that night's hand 1" in msg and "shead ingest --amend" in msg
    assert "its 15 units leave the ledger" in msg
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": -2, "Eve": 2, "(pot)": 0}
    fixed = write(tmp_path, "pot2_fixed.shn", NIGHT2.format(pot="  pot 15"))
    cli("ingest", "--amend", fixed, "--reason", "the pot was carried", "--db", str(db))
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 16, "Cal": -2, "Dot": -2, "Eve": 5, "(pot)": -15}
    assert ledger(db) == {"Ann Koch": 5, "Bob Lange": 13, "Cal Stein": -15, "Dot Frey": -5, "Eve Busch": 2}


def test_the_later_night_opening_with_another_pot_is_warned(tmp_path):
    """Night 2 written with `pot 12`, stored first; night 1 after: found pot 12, 15 - 12 = 3 units said to leave."""
    db = tmp_path / "q.duckdb"
    _ingest(write(tmp_path, "pot2_12.shn", NIGHT2.format(pot="  pot 12")), db)
    rep = _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    assert _carry(rep) == [("pot1.shn", 14, 1, 3, "pot 12", "pot 15")]
    assert "opens with 12 at" in _message(rep) and "its 3 units leave the ledger" in _message(rep)


def test_both_nights_in_one_command_are_warned_once(tmp_path):
    """pot2.shn then pot1.shn in one command (stored together): one W-POT-CARRY, at night 2's hand 1 (pot2.shn:7:1)
    as before, not a second one at pot1.shn."""
    db = tmp_path / "r.duckdb"
    rep = _ingest(write(tmp_path, "pot2.shn", NIGHT2.format(pot="")), db, write(tmp_path, "pot1.shn", NIGHT1))
    assert rep["ingested"] == 5
    assert _carry(rep) == [("pot2.shn", 7, 1, 1, "pot 0", "pot 15")]


def test_the_later_night_written_with_the_pot_or_a_split_night_says_nothing(tmp_path):
    """Night 2 stored with `pot 15`: night 1 leaves 15 and it opens with 15: nothing.  Night 1 ending with a potsplit
    (the 15 paid out, 15 // 5 = 3 each) leaves 0: night 2 opening empty is right: nothing."""
    db = tmp_path / "s.duckdb"
    _ingest(write(tmp_path, "pot2.shn", NIGHT2.format(pot="  pot 15")), db)
    assert _carry(_ingest(write(tmp_path, "pot1.shn", NIGHT1), db)) == []
    db2 = tmp_path / "s2.duckdb"
    _ingest(write(tmp_path, "pot2.shn", NIGHT2.format(pot="")), db2)
    rep = _ingest(write(tmp_path, "pot1.shn", NIGHT1 + "\nhand 4  dealer Cal  potsplit\n"), db2)
    assert rep["ingested"] == 4 and _carry(rep) == []


def test_a_night_between_them_says_nothing_for_the_night_before_it(tmp_path):
    """Stored first: night 2 (12.08, no pot written), then the same night's text dated 12.15: night 2 holds 0
    after its hands (no leaster, nothing paid in; Bob's side takes an empty pot), so 12.15 opening at 0 is right:
    nothing.  Then night 1 (12.01): its next night is 12.08, which opens with 0 although 15 was left: warned
    once, naming 12.08, not 12.15."""
    db = tmp_path / "t.duckdb"
    _ingest(write(tmp_path, "pot2.shn", NIGHT2.format(pot="")), db)
    mid = NIGHT2.format(pot="").replace("2026.12.08", "2026.12.15")
    assert _carry(_ingest(write(tmp_path, "pot3.shn", mid), db)) == []
    rep = _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    assert _carry(rep) == [("pot1.shn", 14, 1, 3, "pot 0", "pot 15")]
    assert "next night 2026.12.08" in _message(rep) and "2026.12.15" not in _message(rep)


def test_another_group_later_says_nothing(tmp_path):
    """A later night of another [Event] (Friday Game), stored first: not the group's night: nothing."""
    db = tmp_path / "u.duckdb"
    _ingest(write(tmp_path, "friday.shn", NIGHT2.format(pot="").replace("Tuesday Pot Game", "Friday Game")), db)
    assert _carry(_ingest(write(tmp_path, "pot1.shn", NIGHT1), db)) == []


def test_a_later_sheet_night_is_told_to_get_an_opening_row(tmp_path):
    """Night 2 from a CSV sheet (SHEET's rows of 12-08, the players named as in [Seats], group=Tuesday Pot Game;
    stored first), night 1 from pot1.shn after: W-POT-CARRY at
    pot1.shn:14:1, the message naming the sheet's row 2 and an opening row with Pot 15."""
    db = tmp_path / "v.duckdb"
    lines = SHEET.format(opening="").splitlines()
    header = ",".join(c if c in ("Date", "Hand", "Picker", "Call", "Partner", "Pts", "Leaster", "Pot") else
                      f"{c}={name}" for c, name in zip(lines[0].split(","), [""] * 7 + [
                          "Ann Koch", "Bob Lange", "Cal Stein", "Dot Frey", "Eve Busch", ""]))
    _ingest(write(tmp_path, "dec8.csv", "\n".join([header, *lines[4:]]) + "\n"), db, *POT_RULES,
            "--columns", "group=Tuesday Pot Game")
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (2,)
    rep = _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    assert _carry(rep) == [("pot1.shn", 14, 1, 3, "pot 0", "pot 15")]
    assert "dec8.csv:2 (rules.md D-19)" in _message(rep)
    assert "write Pot 15 in an opening row above that night's first row" in _message(rep)
