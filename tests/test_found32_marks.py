"""Session 32 (fixa32): sheet32's findings F1, F3 and F6 -- a score sheet's doubling marks.

F1: a ``Mult`` (Multiplier, Factor, x, Dbl) column holding each hand's multiplier (1, 2, 4 or x2) was a sixth
player; the refusal advised ``--columns ignore=Mult``, and following it stored every hand at the plain amount with
no word.  The column is now read as the hand's doublings beyond what the rules derive themselves (double on the
bump, rules.md B-32; a doubler's stake, D-12): x2 is ``crack ?``, x4 ``crack ? recrack ?``, x8 those and
``castrate ?`` (notation.md section 7: a mark whose seat is ``?`` doubles, rules.md E-1), a crack the Crack column
names counting among them; a warning (W-CSV-MULT) says so.
F3: a ``Bump`` column marked ``x`` (or ``2``, ``x2``) says the picker side was bumped, whose doubling the rules apply
(B-32): read as nothing written.  A ``Dbl`` column holding ``x2`` / ``x4`` is a multiplier column as above.
F6: ``bump`` in the Crack column (``crack Ed + bump``, ``Ed; bump``) is read as nothing, with a warning that the
rules double a lost hand (B-32) and it need not be written; ``x2`` is read as ``x`` is (a crack by someone not
written), ``Ed x2`` as Ed's crack, ``x4`` as a crack and a re-crack.

The tester's sheets (/tmp/sheet32/s4_wl_mult.csv, s7d_bumpcol.csv, s7c.csv) are inline below.  Every amount is
worked by hand from rules.md (profile wi5-called-ace, doubleOnBump on):
B-28 tiers: 61..90 plain win, 91..120 (a trick to the defenders) schneider x2, 31..60 plain loss.
B-31 shares: with a partner the picker 2, the partner 1, each of 3 defenders 1; alone the picker 4, each of 4
defenders 1.  B-32 double on the bump: a lost hand x2.  E-1: M = 2^(cracks + recracks + castrates) x (2 on a loss).
D-4: a leaster's winner +4, each other -1.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import cli, ingest_json, ledger, write

PLAYERS = ("Al", "Bea", "Cy", "Di", "Ed")

# ---- F1: sheet32 s4_wl_mult.csv -------------------------------------------------------------------------------
MULT = """Date,Hand,Picker,Partner,Won/Lost,Mult,Al,Bea,Cy,Di,Ed
12/18/2026,1,Bea,Ed,won,1,,,,,
12/18/2026,2,Cy,Al,won,2,,,,,
12/18/2026,3,Di,alone,lost,1,,,,,
12/18/2026,4,Ed,Bea,lost,2,,,,,
"""
# h1: won, no points: the plain tier (B-28 x1), Mult 1: M = 1.  Bea +2, Ed +1, Al/Cy/Di -1.
# h2: won, Mult 2 = one doubling beyond the rules (crack ?): M = 2 (E-1).  Cy +2x2 = +4, Al +1x2 = +2,
#     Bea/Di/Ed -1x2 = -2.
# h3: Di alone lost, Mult 1: DOB (B-32) M = 2.  Di -4x2 = -8, the four others +1x2 = +2.
# h4: Ed + Bea lost, Mult 2 (crack ?) and DOB: M = 2 x 2 = 4.  Ed -2x4 = -8, Bea -1x4 = -4, Al/Cy/Di +1x4 = +4.
MULT_HANDS = {1: {"Al": -1, "Bea": 2, "Cy": -1, "Di": -1, "Ed": 1},
              2: {"Al": 2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": -2},
              3: {"Al": 2, "Bea": 2, "Cy": 2, "Di": -8, "Ed": 2},
              4: {"Al": 4, "Bea": -4, "Cy": 4, "Di": 4, "Ed": -8}}
# Al -1+2+2+4 = 7, Bea 2-2+2-4 = -2, Cy -1+4+2+4 = 9, Di -1-2-8+4 = -7, Ed 1-2+2-8 = -7; sum 0
MULT_TOTALS = {"Al": 7, "Bea": -2, "Cy": 9, "Di": -7, "Ed": -7}


def _sheet(db, date: str) -> dict:
    return json.loads(cli("sheet", date, "--db", str(db), "--json").output)


def _units(db, date: str) -> dict[int, dict[str, int]]:
    return {h["hand"]: h["units"] for h in _sheet(db, date)["hands"]}


def test_hand_worked_numbers_are_zero_sum():
    for hands in (MULT_HANDS, BUMP_HANDS, DBL_HANDS, CRACK_HANDS):
        for units in hands.values():
            assert sum(units.values()) == 0
    assert sum(MULT_TOTALS.values()) == 0 and sum(CRACK_TOTALS.values()) == 0
    for p in PLAYERS:
        assert MULT_TOTALS[p] == sum(h[p] for h in MULT_HANDS.values())
        assert CRACK_TOTALS[p] == sum(h[p] for h in CRACK_HANDS.values())


@pytest.mark.parametrize("head", ["Mult", "Multiplier", "Factor", "x"])
def test_a_multiplier_column_is_read_as_the_hands_doublings(tmp_path, head):
    db = tmp_path / "m.duckdb"
    rep = ingest_json(write(tmp_path, "m.csv", MULT.replace("Mult", head, 1)), db)
    assert rep["rejected"] == [] and rep["ingested"] == 4, rep
    assert _units(db, "2026-12-18") == MULT_HANDS
    assert ledger(db) == MULT_TOTALS
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-MULT"]
    assert (w["line"], w["col"]) == (3, 6)  # the first row whose multiplier is not 1
    assert head in w["message"] and "crack ?" in w["message"] and "B-32" in w["message"]
    assert "ignore" not in json.dumps(rep)


def test_the_multiplier_written_x2_and_units_written_are_checked(tmp_path):
    # the same night, its units written and the multiplier as x2 / x1; hand 4 written at the plain DOB amount
    # (-4/-2/+2: Mult not applied) is refused, E-SCORE at Al's cell, the rules giving +4 (h4 above)
    rows = MULT.replace(",1,,,,,\n", ",x1,{}\n").replace(",2,,,,,\n", ",x2,{}\n").splitlines()
    cells = [",".join(f"{MULT_HANDS[h][p]:+d}" for p in PLAYERS) for h in (1, 2, 3)] + ["2,-2,2,2,-4"]
    text = "\n".join([rows[0]] + [row.format(c) for row, c in zip(rows[1:], cells)]) + "\n"
    db = tmp_path / "m.duckdb"
    rep = ingest_json(write(tmp_path, "m.csv", text), db)
    assert rep["ingested"] == 3
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (5, 7, "E-SCORE"), bad


def test_a_multiplier_that_is_no_power_of_two_is_refused_naming_the_column(tmp_path):
    db = tmp_path / "m.duckdb"
    rep = ingest_json(write(tmp_path, "m.csv", MULT.replace("won,2,", "won,3,")), db)
    assert rep["ingested"] == 3
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (3, 6, "E-CSV-MULT"), bad
    assert "Mult" in bad["message"] and "ignore" not in bad["message"]


def test_a_crack_the_crack_column_names_counts_toward_the_multiplier(tmp_path):
    # Mult 2 beside 'Ed' in a Crack column: Ed's crack is the x2 (M = 2), not a second doubling: h2 as above.
    # Mult 1 beside a crack contradicts it: refused at the Mult cell.
    text = (MULT.replace("Won/Lost,Mult", "Won/Lost,Crack,Mult").replace("won,2,", "won,Ed,2,")
            .replace("won,1,", "won,,1,").replace("lost,1,", "lost,Bea,1,").replace("lost,2,", "lost,,2,"))
    db = tmp_path / "m.duckdb"
    rep = ingest_json(write(tmp_path, "m.csv", text), db)
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (4, 7, "E-CSV-MULT"), bad
    units = _units(db, "2026-12-18")
    assert units[2] == MULT_HANDS[2] and units[4] == MULT_HANDS[4]


# ---- F3: sheet32 s7d_bumpcol.csv, s7c.csv ---------------------------------------------------------------------
BUMP = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Bump,Al,Bea,Cy,Di,Ed
2026-12-19,1,Al,Bea,Cy,AS,70,W,,-1,2,1,-1,-1
2026-12-19,2,Bea,Cy,Al,AS,40,L,x,-2,2,-4,2,2
2026-12-19,3,Cy,Di,Ed,AH,65,W,,-1,-1,-1,2,1
"""
# h1: 70 plain win: Bea +2, Cy +1, Al/Di/Ed -1.  h2: 40 plain loss, DOB (B-32, the 'x'): Cy -4, Al -2, others +2.
# h3: 65 plain win: Di +2, Ed +1, Al/Bea/Cy -1.
BUMP_HANDS = {1: {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1},
              2: {"Al": -2, "Bea": 2, "Cy": -4, "Di": 2, "Ed": 2},
              3: {"Al": -1, "Bea": -1, "Cy": -1, "Di": 2, "Ed": 1}}

DBL = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Leaster,Dbl,Bump,Al,Bea,Cy,Di,Ed
2026-12-19,1,Al,,,,,,Di,,,-1,-1,-1,4,-1
2026-12-19,2,Bea,Cy,Al,AS,40,L,,x2,x,-4,4,-8,4,4
2026-12-19,3,Cy,Di,,alone,95,W,,x4,,-8,-8,-8,32,-8
2026-12-19,4,Di,Ed,Bea,AC,61,W,,,,-1,1,-1,-1,2
"""
# h1: a leaster Di wins (D-4): Di +4, others -1.  h2: 40 plain loss, Dbl x2 (crack ?) and DOB: M = 4:
# Cy -2x4 = -8, Al -4, Bea/Di/Ed +4.  h3: Di alone 95 = schneider (B-28 x2), Dbl x4 (crack ? recrack ?): M = 4:
# Di +4x2x4 = +32, each other -1x2x4 = -8.  h4: 61 plain win: Ed +2, Bea +1, Al/Cy/Di -1.
DBL_HANDS = {1: {"Al": -1, "Bea": -1, "Cy": -1, "Di": 4, "Ed": -1},
             2: {"Al": -4, "Bea": 4, "Cy": -8, "Di": 4, "Ed": 4},
             3: {"Al": -8, "Bea": -8, "Cy": -8, "Di": 32, "Ed": -8},
             4: {"Al": -1, "Bea": 1, "Cy": -1, "Di": -1, "Ed": 2}}


@pytest.mark.parametrize("mark", ["x", "2", "x2", "yes"])
def test_a_bump_column_is_read_as_the_bump_the_rules_double(tmp_path, mark):
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "b.csv", BUMP.replace("L,x,", f"L,{mark},")), db)
    assert rep["rejected"] == [] and rep["ingested"] == 3, rep
    assert _units(db, "2026-12-19") == BUMP_HANDS


def test_dbl_and_bump_columns(tmp_path):
    db = tmp_path / "d.duckdb"
    rep = ingest_json(write(tmp_path, "d.csv", DBL), db)
    assert rep["rejected"] == [] and rep["ingested"] == 4, rep
    assert _units(db, "2026-12-19") == DBL_HANDS


def test_a_bump_on_a_won_hand_is_refused(tmp_path):
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "b.csv", BUMP.replace("70,W,,", "70,W,x,")), db)
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (2, 9, "E-CSV-BUMP"), bad
    assert "B-32" in bad["message"]


def test_a_bump_under_double_on_the_bump_off_is_refused_saying_the_rules(tmp_path):
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "b.csv", BUMP), db, "--rules", "wi5-called-ace; doubleOnBump=off")
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (3, 9, "E-CSV-BUMP"), bad
    assert "doubleOnBump=on" in bad["message"]


# ---- F6: bump and x2 in the Crack column ----------------------------------------------------------------------
CRACK = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Crack,Al,Bea,Cy,Di,Ed
2026-12-19,1,Al,Bea,Cy,AS,40,L,bump,2,-4,-2,2,2
2026-12-19,2,Bea,Cy,Al,AS,40,L,crack Ed + bump,-4,4,-8,4,4
2026-12-19,3,Cy,Di,Al,AH,50,L,Ed; bump,-4,4,4,-8,4
2026-12-19,4,Di,Ed,Bea,AC,70,W,x2,-2,2,-2,-2,4
2026-12-19,5,Ed,Al,Cy,AS,70,W,Di x2,4,-2,2,-2,-2
2026-12-19,6,Al,Bea,,alone,95,W,x4,-8,32,-8,-8,-8
"""
# Pick order starts left of the dealer; a crack by a seat after the picker (E-2) -- every crack below is.
# h1: 40 loss, 'bump' = DOB only (B-32): M = 2: Bea -2x2 = -4, Cy -2, Al/Di/Ed +2.
# h2: 40 loss, Ed cracks (order Cy Di Ed Al Bea) and DOB: M = 4: Cy -8, Al -4, Bea/Di/Ed +4.
# h3: 50 loss, Ed cracks (order Di Ed Al Bea Cy) and DOB: M = 4: Di -8, Al -4, Bea/Cy/Ed +4.
# h4: 70 win, x2 = a crack by someone not written: M = 2: Ed +4, Bea +2, Al/Cy/Di -2.
# h5: 70 win, Di cracks (order Al Bea Cy Di Ed), x2 being that crack: M = 2: Al +4, Cy +2, Bea/Di/Ed -2.
# h6: Bea alone, 95 = schneider (B-28 x2), x4 = crack ? recrack ?: M = 4: Bea +4x2x4 = +32, each other -8.
CRACK_HANDS = {1: {"Al": 2, "Bea": -4, "Cy": -2, "Di": 2, "Ed": 2},
               2: {"Al": -4, "Bea": 4, "Cy": -8, "Di": 4, "Ed": 4},
               3: {"Al": -4, "Bea": 4, "Cy": 4, "Di": -8, "Ed": 4},
               4: {"Al": -2, "Bea": 2, "Cy": -2, "Di": -2, "Ed": 4},
               5: {"Al": 4, "Bea": -2, "Cy": 2, "Di": -2, "Ed": -2},
               6: {"Al": -8, "Bea": 32, "Cy": -8, "Di": -8, "Ed": -8}}
# Al 2-4-4-2+4-8 = -12, Bea -4+4+4+2-2+32 = 36, Cy -2-8+4-2+2-8 = -14, Di 2+4-8-2-2-8 = -14, Ed 2+4+4+4-2-8 = 4
CRACK_TOTALS = {"Al": -12, "Bea": 36, "Cy": -14, "Di": -14, "Ed": 4}


def test_bump_and_x2_in_the_crack_column(tmp_path):
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "c.csv", CRACK), db)
    assert rep["rejected"] == [] and rep["ingested"] == 6, rep
    assert _units(db, "2026-12-19") == CRACK_HANDS
    assert ledger(db) == CRACK_TOTALS
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-BUMP"]
    assert (w["line"], w["col"]) == (2, 9) and "B-32" in w["message"]
    marks = {h["hand"]: h["marks"] for h in _sheet(db, "2026-12-19")["hands"]}
    assert "Ed" in marks[2] and "Ed" in marks[3] and "Di" in marks[5]


def test_bump_in_the_crack_column_of_a_won_hand_is_refused(tmp_path):
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "c.csv", CRACK.replace("70,W,x2,", "70,W,bump,")), db)
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (5, 9, "E-CSV-BUMP"), bad


def test_x2_beside_more_marks_than_it_says_is_refused(tmp_path):
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "c.csv", CRACK.replace("W,Di x2,", "W,Di recrack Al x2,")), db)
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (6, 9, "E-CSV-CRACK"), bad


def test_a_dbl_column_x_on_a_row_nobody_picked_is_the_doubler(tmp_path):
    # noPick=doubler: row 2 everyone passed, its Dbl cell x (the sheet has no Doubler column): the doubler (D-11),
    # nobody pays.  h2: 70 plain win, the doubler's stake x2 (D-11, D-12; E-1): Cy +2x2 = +4, Al +1x2 = +2,
    # Bea/Di/Ed -1x2 = -2; no crack (W-CSV-MULT not said).
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Dbl,Al,Bea,Cy,Di,Ed\n"
            "2026-12-19,1,Al,,,,,,x,0,0,0,0,0\n"
            "2026-12-19,2,Bea,Cy,Al,AS,70,W,,2,-2,4,-2,-2\n")
    db = tmp_path / "d.duckdb"
    rep = ingest_json(write(tmp_path, "d.csv", text), db, "--rules", "wi5-called-ace; noPick=doubler")
    assert rep["rejected"] == [] and rep["ingested"] == 2, rep
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-MULT"]
    assert _units(db, "2026-12-19")[2] == {"Al": 2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": -2}


def test_units_refused_beside_a_multiplier_say_how_it_was_read(tmp_path):
    # hand 4 (Ed + Bea lost) as a scorer whose Mult counts the bump writes it: Mult 4 for a crack and the bump,
    # units Ed -8, Bea -4, the others +4 (plain loss 1 unit x crack 2 x DOB 2, B-31..B-33, E-1).  shead reads 4 as
    # two doublings beyond the bump: M = 2^2 x 2 = 8, Ed -2x8 = -16; the written Al +4 (rules: +8) is refused,
    # E-SCORE, the message saying how the Mult cell was read and what to write
    text = MULT.replace("lost,2,,,,,", "lost,4,4,-4,4,4,-8")
    db = tmp_path / "m.duckdb"
    rep = ingest_json(write(tmp_path, "m.csv", text), db)
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["code"]) == (5, "E-SCORE"), bad
    assert "read as crack ?, recrack ?" in bad["message"] and "counts the bump" in bad["message"]
