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
import pytest

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
    assert msg.startswith("hand 3: this night's stored hands (to hand 3) leave 15 in the pot, and the group's next "
                          "night 2026.12.08 "
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


# -- break28b F4: phone slips one step from the fixed ones -----------------------------------------------------------
# The hands of tests/test_found28_hints.py (five-handed called ace, B-33's table; HEAD's hand 1 on line 8):
# - 'pick Al call AH partner Bea pts 72 ... win': 72 is 61..90, a plain win x1: Al +2, Bea +1, Cy Di Ed -1.
# - 'pick Cy alone pts 95 win-s': 95 >= 91, a schneider x2, alone: Cy +8, Al Bea Di Ed -2 each.
# - 'pick Al call AH partner Bea pts 48 lose': 48 is 31..60, a plain loss, doubled on the bump (B-27, B-32):
#   Al -4, Bea -2, Cy Di Ed +2 each.
# Columns: 'pick Al call AH partner Bea pts ' is 32 characters, so the points are at column 33.

from tests.test_found28_hints import ALONE_UNITS, HEAD, WIN_UNITS, _read, _refused, _slip  # noqa: E402

LOSE_UNITS = {"Al": -4, "Bea": -2, "Cy": 2, "Di": 2, "Ed": 2}


def test_pts_pair_with_spaces_round_the_slash_is_read():
    """'pts 72 / 48' (was E-STATEMENT "found '/' where a statement was expected", no hint): 72 + 48 = 120, read as
    pts 72 with W-PHONE-SLIP at 8:33, found '72 / 48', lenient and strict; the space on one side alike."""
    msg = _slip("pick Al call AH partner Bea pts 72 / 48 win", 33, "72 / 48", "pts 72", WIN_UNITS)
    assert msg == ("found '72 / 48': the picker side's 72 and the defenders' 48 card points written together; read "
                   "as 'pts 72' ('pts' takes the picker side's points alone, the defenders' are the rest of the deck's "
                   "120, rules.md A-6); write 'pts 72' to silence this warning")
    _slip("pick Al call AH partner Bea pts 72 /48 win", 33, "72 /48", "pts 72", WIN_UNITS)
    _slip("pick Al call AH partner Bea pts 72/ 48 win", 33, "72/ 48", "pts 72", WIN_UNITS)
    _slip("pick Cy alone pts 95 / 25 win-s", 19, "95 / 25", "pts 95", ALONE_UNITS)


def test_pts_pair_with_a_full_stop_is_read():
    """'pts 72/48.' (was E-NUMBER "found '72/48.'", no hint), at the end of the line (the result derived from 72: a
    plain win) and before the result: W-PHONE-SLIP at 8:33 naming the full stop; 'pts 72 / 48.' alike."""
    msg = _slip("pick Al call AH partner Bea pts 72/48.", 33, "72/48.", "pts 72", WIN_UNITS)
    assert msg == ("found '72/48.': the picker side's 72 and the defenders' 48 card points written together, with a "
                   "full stop after them (a phone's: two spaces typed make '. '); read as 'pts 72' ('pts' takes the "
                   "picker side's points alone, the defenders' are the rest of the deck's 120, rules.md A-6; a '.' "
                   "ends no statement in SHN); write 'pts 72' to silence this warning")
    _slip("pick Al call AH partner Bea pts 72/48.  win", 33, "72/48.", "pts 72", WIN_UNITS)
    _slip("pick Al call AH partner Bea pts 72 / 48. win", 33, "72 / 48.", "pts 72", WIN_UNITS)


def test_tricks_of_six_with_a_full_stop_is_read():
    """'tricks 4 of 6.' (was E-STATEMENT "found 'of'", while 'tricks 4 of 6' was read): six tricks a five-handed
    hand (rules.md F-1), read as tricks 4 with W-PHONE-SLIP at 8:43; 'tricks 4/6.' alike."""
    msg = _slip("pick Al call AH partner Bea pts 72 tricks 4 of 6. win", 43, "4 of 6.", "tricks 4", WIN_UNITS)
    assert msg == ("found '4 of 6.': the picker side's tricks and the hand's 6 written together, with a full stop "
                   "after them (a phone's: two spaces typed make '. '); read as 'tricks 4' ('tricks' takes the picker "
                   "side's tricks alone; a hand under wi5-called-ace has 6; a '.' ends no statement in SHN); write "
                   "'tricks 4' to silence this warning")
    _slip("pick Al call AH partner Bea pts 72 tricks 4/6. win", 43, "4/6.", "tricks 4", WIN_UNITS)
    _slip("pick Al call AH partner Bea pts 72 tricks 4 of 6.", 43, "4 of 6.", "tricks 4", WIN_UNITS)


def test_uncertain_pairs_written_so_are_still_refused_with_what_to_write():
    """72 + 40 = 112 with spaces round the slash; 'tricks 4 of 5.' at five-handed: E-NUMBER at the first number,
    saying what was read and what to write (not E-STATEMENT at '/' or 'of')."""
    msg = _refused("pick Al call AH partner Bea pts 72 / 40 win", 33, "72 / 40")
    assert msg.startswith("found 'pts 72 / 40': two numbers, and 72 + 40 = 112, not the deck's 120 card points")
    assert msg.endswith("e.g. 'pts 72' (the defenders' are 120 less them)")
    msg = _refused("pick Al call AH partner Bea pts 72 tricks 4 of 5. win", 43, "4 of 5.")
    assert "a hand under wi5-called-ace has 6 tricks, not 5" in msg and "(0 to 6, e.g. 'tricks 4')" in msg


def test_a_pts_line_of_its_own_goes_the_slow_way():
    """'pts 72 / 48 win' on a line of its own (the fast path's 'pts' line, _fast_result): line 9, column 5, the
    same reading and units."""
    errs, warns, units = _read(HEAD + "pick Al call AH partner Bea\npts 72 / 48 win\n")
    assert errs == [] and units == WIN_UNITS
    assert [(w.code, w.line, w.col, w.found, w.expected) for w in warns] == [
        ("W-PHONE-SLIP", 9, 5, "72 / 48", "pts 72")]


def test_pts_48_72_win_says_48_was_read_as_the_pickers():
    """'pts 48/72 win': 48 + 72 = 120, the first read as the picker side's (A-6), and 48 loses (B-27): refused
    E-OUTCOME at 'win' (8:39) as before, the message now saying what was read and what to write.  Written as the
    advice says ('pts 72 win'): a win, Al +2, Bea +1, the others -1; 'pts 48/72 lose' is stored as a loss doubled
    on the bump: Al -4, Bea -2, the others +2."""
    errs, warns, units = _read(HEAD + "pick Al call AH partner Bea pts 48/72 win\n")
    assert units is None
    (e,) = errs
    assert (e.code, e.line, e.col, e.found, e.hand) == ("E-OUTCOME", 8, 39, "win", 1)
    assert e.message.endswith("; 'pts 48/72' was read as 'pts 48', its first number taken as the picker side's card "
                              "points (rules.md A-6, as a sheet's Points come before its Def Pts): if the picker side "
                              "took 72, write 'pts 72'")
    assert [(w.code, w.col, w.expected) for w in warns] == [("W-PHONE-SLIP", 33, "pts 48")]
    assert _read(HEAD + "pick Al call AH partner Bea pts 72 win\n") == ([], [], WIN_UNITS)
    _slip("pick Al call AH partner Bea pts 48/72 lose", 33, "48/72", "pts 48", LOSE_UNITS)
    # 'pts 48 win' written without a pair: the refusal as before, no word of a pair
    (e,) = _read(HEAD + "pick Al call AH partner Bea pts 48 win\n")[0]
    assert e.code == "E-OUTCOME" and "was read as" not in e.message


def test_break28b_phone_files_ingested(tmp_path):
    """break28b's ph1.shn (Gus Lou Mo Rita Zeke, wi5-called-ace) as a scorer typed it, hand 3 'pts 72 / 48 win'
    now stored: h1 Lou/Gus 72 win: Lou +2, Gus +1, Mo Rita Zeke -1; h2 Mo/Zeke 48 lose (doubled on the bump): Mo -4,
    Zeke -2, Gus Lou Rita +2; h3 Rita/Gus 72 win: Rita +2, Gus +1, Lou Mo Zeke -1; h4 Zeke alone 91 win-s (schneider
    x2 alone): Zeke +8, each -2; h5 Gus/Lou 61 win: Gus +2, Lou +1, Mo Rita Zeke -1; h6 Lou/Mo win: Lou +2, Mo +1,
    Gus Rita Zeke -1.  Night: Gus 1+2+1-2+2-1 = +3, Lou 2+2-1-2+1+2 = +4, Mo -1-4-1-2-1+1 = -8, Rita -1+2+2-2-1-1
    = -1, Zeke -1-2-1+8-1-1 = +2 (sum 0; break28b's five hands without hand 3: Gus +2, Lou +5, Mo -7, Rita -3,
    Zeke +3, plus h3's Gus +1, Lou -1, Mo -1, Rita +2, Zeke -1)."""
    text = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
            '[Rules "wi5-called-ace"]\n\n'
            "hand 1\npick Lou call AH. partner Gus pts 72/48 win\n"
            "hand 2\npick Mo call AS partner Zeke pts 48/72 lose\n"
            "hand 3\npick Rita call AC partner Gus pts 72 / 48 win\n"
            "hand 4\npick Zeke alone pts 91/29 tricks 5/6 win-s\n"
            "hand 5\npick Gus call AH. partner Lou pts 61/59 win\n"
            "hand 6\npick Lou partner Mo win call AS.\n")
    db = tmp_path / "ph.duckdb"
    rep = _ingest(write(tmp_path, "ph1.shn", text), db)
    assert (rep["ingested"], rep["rejected"]) == (6, [])
    assert ("W-PHONE-SLIP", 12, 35) in [(w["code"], w["line"], w["col"]) for w in rep["warnings"]]
    assert ledger(db) == {"Gus": 3, "Lou": 4, "Mo": -8, "Rita": -1, "Zeke": 2}


# -- break28c F5: a night opening with more than its group's last night left ------------------------------------------

ZERO_HEAD = ('%SHN 1.0\n[Event "Tuesday Pot Game"]\n[Date "{date}"]\n'
             '[Seats "Ann=Ann Koch; Bob=Bob Lange; Cal=Cal Stein; Dot=Dot Frey; Eve=Eve Busch"]\n'
             '[Rules "wi5-called-ace; pot=on"]\n\n')
#: night 1 (rules.md D-19, notation.md §12): h1 a leaster, each seat pays 1 into the pot (5); h2 Cal/Dot lose at 50,
#: the picker side pays into the pot what it would have received (Cal 4, Dot 1: 10); h3 Ann/Bob win at 70 and take
#: the whole pot: it ends with 0.
ZERO_NIGHT1 = ZERO_HEAD.format(date="2026.12.01") + (
    "hand 1  dealer Eve\nleaster Ann\n\nhand 2  dealer Ann\npick Cal  call AS  partner Dot  pts 50  lose\n\n"
    "hand 3  dealer Bob\npick Ann  call AC  partner Bob  pts 70  win\n")
#: night 2 opens with `pot 15` written on hand 1 (line 7): 15 units no hand of the group paid in
ZERO_NIGHT2 = ZERO_HEAD.format(date="2026.12.08") + (
    "hand 1  dealer Eve  pot 15\npick Bob  call AH  partner Eve  pts 95  win-s\n\n"
    "hand 2  dealer Ann\npick Ann  alone  pts 61  win\n")


@pytest.mark.parametrize("later_first", [False, True])
def test_a_night_opening_with_15_after_a_night_that_left_0_is_said(tmp_path, later_first):
    """break28c F5: the warning was kept for a night before that left more than 0; a night that left 0 followed by
    one opening with `pot 15` put 15 units in the ledger no hand paid in, unsaid.  Now W-POT-CARRY either way: at
    night 2's hand 1 (line 7) when it comes second, found 'pot 15', expected 'pot 0'; at night 1's last hand (hand
    3, line 13) when night 2 was stored first."""
    db = tmp_path / "t.duckdb"
    one, two = write(tmp_path, "pot1_zero.shn", ZERO_NIGHT1), write(tmp_path, "pot2_15.shn", ZERO_NIGHT2)
    first, second = (two, one) if later_first else (one, two)
    cli("ingest", first, "--db", str(db))
    r = cli("ingest", second, "--db", str(db))
    out = r.output.replace("\n", " ").replace(f"{tmp_path}/", "")
    if later_first:
        assert "pot1_zero.shn:13:1: warning W-POT-CARRY: hand 3: this night's stored hands (to hand 3) leave 0 in the " \
               "pot" in out, r.output
    else:
        assert "pot2_15.shn:7:1: warning W-POT-CARRY: hand 1: this night opens with 15 in the pot" in out, r.output
    assert "15 units no hand paid in" in out
