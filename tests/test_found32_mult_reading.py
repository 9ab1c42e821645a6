"""Session 32 (fixi32): verify32's findings 1, 9 and 10 -- which column is a multiplier, and how it is read.

F1 (a regression of fixa32's Mult column, 5c4378f, and the sit-out marks, 44994c2): a column headed ``X`` (or
``Mult``, ``Times``, ``Factor``, ``Bump``, ``Dbl``) that is a player -- named in a Picker, Partner, Dealer or Leaster
cell, or holding whole units that sum to 0 with the other players' -- was read as the hands' multiplier: every row
of a won/lost sheet naming X was refused.  It is a player's column again; a one-letter ``x`` is a multiplier only
when its cells are all powers of two (1, 2, 4, x2) and no seat cell names it.
F9: a Mult column that is 2 on exactly the lost rows and 1 on every won row counts the bump (rules.md B-32): read
so (nothing beyond the bump), said by W-CSV-MULT; a Mult equal to the doubler's stake on the hand right after a
pass-out under noPick=doubler (D-11, D-12) is that stake, said so too.
F10: a crack cell ``2`` is ``x2`` (a crack by someone not written), ``1`` none, as ``x2`` / ``x1`` are.

The tester's records (/tmp/verify32/r/x_wl.csv, six_X.csv, x_player.csv, wl_bumpmult.csv, dbl_mult2.csv, ck.csv)
are inline below.  Amounts worked by hand from rules.md (wi5-called-ace unless said; doubleOnBump on):
B-28 tiers: 61..90 plain win x1, 91..120 schneider x2, 31..60 plain loss x1, 0..30 schneidered x2; a won/lost
sheet's row without points is the plain tier.  B-31: with a partner the picker 2 shares, the partner 1, each of 3
defenders 1; alone the picker 4, each of 4 defenders 1.  B-32: a lost hand x2.  D-11: the hand after a doubler x2.
E-1: each crack/recrack x2.  F-1 wi6-sit-out: six players, the dealer sits out (0), five play as B-33.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json, ledger, write

# ---- F1: x_wl.csv, a won/lost sheet with blank player cells; X picks (h1) and is a partner (h3) ----------------
X_WL = """Date,Hand,Picker,Partner,Won/Lost,Al,Bea,Cy,Di,{p}
2026-12-11,1,{p},Al,won,,,,,
2026-12-11,2,Bea,alone,lost,,,,,
2026-12-11,3,Cy,{p},won,,,,,
"""
# h1 X+Al won, plain (B-28 x1, B-31): X +2, Al +1, Bea/Cy/Di -1.
# h2 Bea alone lost: 4 shares x DOB 2 (B-32): Bea -8, Al/Cy/Di/X +2.
# h3 Cy+X won: Cy +2, X +1, Al/Bea/Di -1.
# X 2+2+1 = 5; Cy -1+2+2 = 3; Al 1+2-1 = 2; Di -1+2-1 = 0; Bea -1-8-1 = -10.  Sum 5+3+2+0-10 = 0.
X_WL_TOTALS = {"X": 5, "Cy": 3, "Al": 2, "Di": 0, "Bea": -10}

# ---- F1: six_X.csv, --rules wi6-sit-out, the dealer's cell marked {m} ------------------------------------------
SIX_X = """Date,Hand,Picker,Partner,Call,Points,Result,A,B,C,D,E,{p}
2026-12-12,1,C,{p},AS,77,W,{m},-1,2,-1,-1,1
2026-12-12,2,D,,alone,50,L,2,{m},2,-8,2,2
2026-12-12,3,E,A,AC,91,W,2,-2,{m},-2,4,-2
2026-12-12,4,{p},B,AH,25,L,4,-4,4,{m},4,-8
2026-12-12,5,A,C,AH,61,W,2,-1,1,-1,{m},-1
2026-12-12,6,B,E,AC,60,L,2,-4,2,2,-2,{m}
"""
# h1 A out; C+X 77 plain win: C +2, X +1, B/D/E -1.   h2 B out; D alone 50 lost, DOB: D -8, A/C/E/X +2.
# h3 C out; E+A 91 schneider x2: E +4, A +2, B/D/X -2.  h4 D out; X+B 25 schneidered x2, DOB x2: X -8, B -4,
# A/C/E +4.  h5 E out; A+C 61 plain: A +2, C +1, B/D/X -1.  h6 X out; B+E 60 lost (60 loses, B-28), DOB: B -4, E -2,
# A/C/D +2.
# A 0+2+2+4+2+2 = 12; B -1+0-2-4-1-4 = -12; C 2+2+0+4+1+2 = 11; D -1-8-2+0-1+2 = -10; E -1+2+4+4+0-2 = 7;
# X 1+2-2-8-1+0 = -8.  Sum 12-12+11-10+7-8 = 0.
SIX_X_TOTALS = {"A": 12, "B": -12, "C": 11, "D": -10, "E": 7, "X": -8}

# ---- F1: x_player.csv (units; X named as h1's partner) and the same X never named, its units summing to 0 ----------
X_UNITS = """Date,Hand,Picker,Partner,Al,Bea,Cy,{p},Di
2026-12-10,1,Bea,Cy,-1,2,1,-1,-1
2026-12-10,2,Al,alone,-8,2,2,2,2
"""
# h1 Bea+Cy won plain: Bea +2, Cy +1, Al/X/Di -1.  h2 Al alone lost, DOB: Al -8, the four others +2.
# Al -9, Bea 4, Cy 3, X 1, Di 1.  Sum 0.
X_UNITS_TOTALS = {"Al": -9, "Bea": 4, "Cy": 3, "X": 1, "Di": 1}

NAMES = ["X", "x", "Mult", "Times", "Factor", "Bump", "Dbl"]


def _named(totals: dict[str, int], p: str) -> dict[str, int]:
    return {(p if k == "X" else k): v for k, v in totals.items()}


def test_hand_worked_totals_are_zero_sum():
    for t in (X_WL_TOTALS, SIX_X_TOTALS, X_UNITS_TOTALS, BUMP_MULT_TOTALS, DBL_MULT_TOTALS):
        assert sum(t.values()) == 0


@pytest.mark.parametrize("p", NAMES)
def test_a_player_named_like_a_multiplier_on_a_won_lost_sheet(tmp_path, p):
    """verify32 F1: x_wl.csv -- X picks and partners, its cells blank: a player (was: every row refused)."""
    db = tmp_path / "x.duckdb"
    rep = ingest_json(write(tmp_path, "x_wl.csv", X_WL.format(p=p)), db)
    assert rep["rejected"] == [] and rep["ingested"] == 3, rep
    assert ledger(db) == _named(X_WL_TOTALS, p)
    assert not [w for w in rep["warnings"] if w["code"] in ("W-CSV-MULT", "W-CSV-BUMP")]


@pytest.mark.parametrize("mark", ["X", ""])
@pytest.mark.parametrize("p", ["X", "Mult", "Dbl"])
def test_a_six_handed_player_named_x_with_sit_out_marks(tmp_path, p, mark):
    """verify32 F1: six_X.csv under wi6-sit-out, the dealer's cell marked X (or blank): X is the sixth player."""
    db = tmp_path / "s.duckdb"
    rep = ingest_json(write(tmp_path, "six_X.csv", SIX_X.format(p=p, m=mark)), db, "--rules", "wi6-sit-out")
    assert rep["rejected"] == [] and rep["ingested"] == 6, rep
    assert ledger(db) == _named(SIX_X_TOTALS, p)
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-MULT"]


@pytest.mark.parametrize("p", NAMES)
@pytest.mark.parametrize("named", [True, False])
def test_a_player_named_like_a_multiplier_on_a_units_sheet(tmp_path, p, named):
    """verify32 F1: a units sheet whose column X is a player: named as h1's partner (x_player.csv's way), or never
    named, its cells -1, 2 summing to 0 with the others' (a -1 is no multiplier)."""
    text = X_UNITS.format(p=p)
    totals = dict(X_UNITS_TOTALS)
    if named:  # h1 Bea+X won plain: Bea +2, X +1, Al/Cy/Di -1 (Cy and X swap h1's cells)
        text = text.replace("1,Bea,Cy,-1,2,1,-1,-1", f"1,Bea,{p},-1,2,-1,1,-1")
        totals.update(Cy=-1 + 2, X=1 + 2)  # Cy 1, X 3; Al -9, Bea 4, Di 1: sum 0
    db = tmp_path / "u.duckdb"
    rep = ingest_json(write(tmp_path, "x_units.csv", text), db)
    assert sum(totals.values()) == 0
    assert rep["rejected"] == [] and rep["ingested"] == 2, rep
    assert ledger(db) == _named(totals, p)


# ---- F9: wl_bumpmult.csv -- Mult 2 on exactly the lost rows, 1 on the won rows: it counts the bump --------------
BUMP_MULT = """Date,Hand,Picker,Partner,Won/Lost,Mult,Al,Bea,Cy,Di,Ed
2026-12-18,1,Bea,Ed,won,1,,,,,
2026-12-18,2,Di,alone,lost,2,,,,,
2026-12-18,3,Cy,Al,won,1,,,,,
2026-12-18,4,Ed,Bea,lost,2,,,,,
"""
# The Mult 2 is the bump (B-32) itself: nothing beyond it.
# h1 Bea+Ed won: Bea +2, Ed +1, Al/Cy/Di -1.   h2 Di alone lost, DOB: Di -4x2 = -8, Al/Bea/Cy/Ed +2.
# h3 Cy+Al won: Cy +2, Al +1, Bea/Di/Ed -1.    h4 Ed+Bea lost, DOB: Ed -4, Bea -2, Al/Cy/Di +2.
# Al -1+2+1+2 = 4; Bea 2+2-1-2 = 1; Cy -1+2+2+2 = 5; Di -1-8-1+2 = -8; Ed 1+2-1-4 = -2.  Sum 0.
# (Read as a crack beyond the bump, h2 would be Di -16 / +4 and h4 Ed -8, Bea -4, +4: the tester's finding.)
BUMP_MULT_TOTALS = {"Al": 4, "Bea": 1, "Cy": 5, "Di": -8, "Ed": -2}


def test_a_mult_two_on_exactly_the_lost_rows_counts_the_bump(tmp_path):
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "wl_bumpmult.csv", BUMP_MULT), db)
    assert rep["rejected"] == [] and rep["ingested"] == 4, rep
    assert ledger(db) == BUMP_MULT_TOTALS
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-MULT"]
    assert "bump" in w["message"] and "B-32" in w["message"] and "lost" in w["message"]
    assert "crack ?" not in w["message"].split("read as")[1].split(":")[0]  # it says which reading: the bump's


def test_a_mult_two_on_a_won_row_stays_a_doubling(tmp_path):
    """The pattern broken (a won row's Mult 2): the Mult is the doublings beyond the bump, as fixa32 read it.
    h1 Bea+Ed won x2: Bea +4, Ed +2, Al/Cy/Di -2; h2 Di alone lost x1, DOB: Di -8, +2 each.
    Al -2+2 = 0; Bea 4+2 = 6; Cy -2+2 = 0; Di -2-8 = -10; Ed 2+2 = 4.  Sum 0."""
    text = "\n".join(BUMP_MULT.splitlines()[:3]).replace("won,1", "won,2").replace("lost,2", "lost,1") + "\n"
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "m.csv", text), db)
    assert rep["rejected"] == [], rep
    assert ledger(db) == {"Al": 0, "Bea": 6, "Cy": 0, "Di": -10, "Ed": 4}


# ---- F9: dbl_mult2.csv -- Mult 2 on the hand right after a doubler, under noPick=doubler ------------------------
DBL_MULT = """Date,Hand,Picker,Partner,Won/Lost,Doubler,Mult,Al,Bea,Cy,Di,Ed
2026-12-19,1,,,,x,,,,,,
2026-12-19,2,Cy,Al,won,,2,,,,,
2026-12-19,3,Bea,Di,won,,1,,,,,
"""
# h1 all pass: a doubler (D-11), nobody paid.  h2 Cy+Al won plain, the doubler's x2 (D-11), the Mult 2 being that
# stake: Cy +4, Al +2, Bea/Di/Ed -2.  h3 Bea+Di won plain x1: Bea +2, Di +1, Al/Cy/Ed -1.
# Al 2-1 = 1; Bea -2+2 = 0; Cy 4-1 = 3; Di -2+1 = -1; Ed -2-1 = -3.  Sum 0.
# (Read as a crack beyond the stake, h2 is x4: Cy +8 -- the tester's finding.)
DBL_MULT_TOTALS = {"Al": 1, "Bea": 0, "Cy": 3, "Di": -1, "Ed": -3}


def test_a_mult_right_after_a_doubler_is_its_stake(tmp_path):
    db = tmp_path / "d.duckdb"
    rep = ingest_json(write(tmp_path, "dbl_mult2.csv", DBL_MULT), db, "--rules", "wi5-called-ace; noPick=doubler")
    assert rep["rejected"] == [] and rep["ingested"] == 3, rep
    assert ledger(db) == DBL_MULT_TOTALS
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-MULT"]
    assert "doubler" in w["message"] and "D-11" in w["message"] and (w["line"], w["col"]) == (3, 7)


def test_the_bump_reading_goes_on_below_the_first_rows(tmp_path):
    """The sheet read as counting the bump (1 on every won row, 2 or more on every lost row of its first rows): a
    lost row's 4 is the bump and crack ? (x2 x2); a lost row's 1 below the rows read for the reading is refused (a
    lost hand is doubled on the bump, so this sheet's Mult is 2 or more there).
    The four hands above: Al 4, Bea 1, Cy 5, Di -8, Ed -2.
    h5 Al+Cy lost x4 (bump, crack ?): Al -2x4 = -8, Cy -1x4 = -4, Bea/Di/Ed +4 -> Al -4, Bea 5, Cy 1, Di -4, Ed 2.
    22 pairs (hands 6..49): Bea+Ed won plain (Bea +2, Ed +1, Al/Cy/Di -1) and Di alone lost, bump (Di -8, +2 each):
    a pair Al +1, Bea +4, Cy +1, Di -9, Ed +3; x22: Al +22, Bea +88, Cy +22, Di -198, Ed +66.
    Totals: Al 18, Bea 93, Cy 23, Di -202, Ed 68 (sum 0).  Hand 50 (row 51: Di+Ed lost, Mult 1) refused."""
    pairs = "".join(f"2026-12-18,{n},Bea,Ed,won,1,,,,,\n2026-12-18,{n + 1},Di,alone,lost,2,,,,,\n"
                    for n in range(6, 50, 2))
    text = BUMP_MULT + "2026-12-18,5,Al,Cy,lost,4,,,,,\n" + pairs + "2026-12-18,50,Di,Ed,lost,1,,,,,\n"
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "b.csv", text), db)
    assert [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == [(51, 6, "E-CSV-MULT")]
    totals = {"Al": 18, "Bea": 93, "Cy": 23, "Di": -202, "Ed": 68}
    assert sum(totals.values()) == 0 and ledger(db) == totals


def test_a_mult_after_two_multiplicative_doublers_is_their_stake(tmp_path):
    """doublerStacking=multiplicative (D-12): two pass-outs make the next hand x4; a Mult 4 there is that stake.
    h3 Cy+Al won plain x4: Cy +8, Al +4, Bea/Di/Ed -4 (sum 0)."""
    text = ("Date,Hand,Picker,Partner,Won/Lost,Doubler,Mult,Al,Bea,Cy,Di,Ed\n2026-12-19,1,,,,x,,,,,,\n"
            "2026-12-19,2,,,,x,,,,,,\n2026-12-19,3,Cy,Al,won,,4,,,,,\n")
    db = tmp_path / "d.duckdb"
    rep = ingest_json(write(tmp_path, "d.csv", text), db, "--rules",
                      "wi5-called-ace; noPick=doubler; doublerStacking=multiplicative")
    assert rep["rejected"] == [], rep
    assert ledger(db) == {"Al": 4, "Bea": -4, "Cy": 8, "Di": -4, "Ed": -4}
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-MULT"]
    assert "2 doublers" in w["message"] and "x4" in w["message"]


# ---- F10: a crack cell '2' (ck.csv's Crack column) -------------------------------------------------------------
CRACK = """Date,Hand,Picker,Partner,Points,Crack,Al,Bea,Cy,Di,Ed
2026-12-06,1,Bea,Ed,70,{c},{u}
"""
# Bea+Ed 70: a plain win (B-28).  One crack (E-1, E-2) x2: Bea +4, Ed +2, Al/Cy/Di -2.  None: Bea +2, Ed +1, -1 each.
# Two (crack ? recrack ?, x4): Bea +8, Ed +4, -4 each.
X2 = "-2,4,-2,-2,2"
X1 = "-1,2,-1,-1,1"
X4 = "-4,8,-4,-4,4"


@pytest.mark.parametrize(("c", "u"), [("2", X2), ("x2", X2), (" 2 ", X2), ("Di 2", X2), ("1", X1), ("x1", X1),
                                      ("4", X4), ("x4", X4)])
def test_a_crack_cell_written_as_a_number(tmp_path, c, u):
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "ck.csv", CRACK.format(c=c, u=u)), db)
    assert rep["rejected"] == [], rep
    vals = [int(v) for v in u.split(",")]
    assert sum(vals) == 0
    assert ledger(db) == dict(zip(("Al", "Bea", "Cy", "Di", "Ed"), vals))


def test_a_crack_cell_two_on_a_won_lost_sheet(tmp_path):
    """The same '2' with no units written: derived x2 (Bea +4, Ed +2, -2 each), as 'x2' is."""
    text = "Date,Hand,Picker,Partner,Points,Crack,Al,Bea,Cy,Di,Ed\n2026-12-06,1,Bea,Ed,70,2,,,,,\n"
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "ck.csv", text), db)
    assert rep["rejected"] == [], rep
    assert ledger(db) == {"Al": -2, "Bea": 4, "Cy": -2, "Di": -2, "Ed": 2}


def test_a_crack_cell_three_is_no_doubling(tmp_path):
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "ck.csv", CRACK.format(c="3", u=X2)), db)
    assert [e["code"] for e in rep["rejected"]] == ["E-CSV-CRACK"]
    assert "'3'" in rep["rejected"][0]["message"]
