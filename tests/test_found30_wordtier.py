"""verify30 F3 (fixl30, session 30): a score sheet's bare result word (W / L, Won? yes / no) with no points column
and the units written: the word says which side won, the units give the tier (README "Results"); a word the units
contradict is refused naming both.  Every amount worked out by hand from rules.md
(/work/shared/reference/rules.md), wi5-called-ace, double on the bump on (B-32, the default):

* B-33 five-handed with a partner: win +2/+1/-1, win schneider +4/+2/-2; loss (DOB) -4/-2/+2, schneidered (DOB)
  -8/-4/+4.  Alone: win schneider +8/-2 each; loss schneidered (DOB) -16/+4 each.
* Hand 1: Bo (picker) with Cy, W: Al -2 Bo +4 Cy +2 Di -2 Ed -2 = the win-schneider row (B-28 x2): sum 0.
* Hand 2: Cy alone, L: +4 +4 -16 +4 +4 = the alone schneidered loss with DOB (2 x 2 = x4 per defender): sum 0.
* Hand 3: Di with Al, L: Al -2 Bo +2 Cy +2 Di -4 Ed +2 = the plain loss with DOB: sum 0.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where


def _outcomes(db) -> list[tuple[int, str]]:
    with duckdb.connect(str(db), read_only=True) as c:
        return c.sql("select hand, outcome from hands order by hand").fetchall()


ROWS = """2026-04-30,1,Al,Bo,Cy,AC,{w1},-2,4,2,-2,-2
2026-04-30,2,Bo,Cy,,alone,{w2},4,4,-16,4,4
2026-04-30,3,Cy,Di,Al,AH,{w3},-2,2,2,-4,2
"""


@pytest.mark.parametrize("header,w1,w2,w3", [("W/L", "W", "L", "L"), ("Result", "W", "L", "L"),
                                              ("Won?", "yes", "no", "N"), ("Result", "won", "lost", "L")])
def test_a_bare_word_with_units_and_no_points_takes_the_tier_from_the_units(tmp_path, header, w1, w2, w3):
    """Was: hands 1 and 2 refused E-SCORE ('Al -2 is written but the rules give -1': W read as a plain win).
    Now all three stored, as with the cell blank: win-s, lose-s, lose.  Ledger (units as written, summed by hand):
    Al -2+4-2 = 0, Bo 4+4+2 = +10, Cy 2-16+2 = -12, Di -2+4-4 = -2, Ed -2+4+2 = +4 (sum 0)."""
    db = tmp_path / "x.duckdb"
    text = f"Date,Hand,Dealer,Picker,Partner,Call,{header},Al,Bo,Cy,Di,Ed\n" + ROWS.format(w1=w1, w2=w2, w3=w3)
    rep = _ingest(write(tmp_path, "s.csv", text), db)
    assert (rep["ingested"], _where(rep)) == (3, [])
    assert _outcomes(db) == [(1, "win-s"), (2, "lose-s"), (3, "lose")]
    assert ledger(db) == {"Al": 0, "Bo": 10, "Cy": -12, "Di": -2, "Ed": 4}


def test_a_word_the_units_contradict_is_refused_naming_both(tmp_path):
    """Hand 1 written L under units where the picker Bo receives +4 (a win schneider, B-33): refused E-OUTCOME at
    the word's cell (2:7), the message naming the word and the units' result.  Hand 2 written W under Cy -16 (an
    alone schneidered loss): the same.  Hand 3 (L, the plain loss) stored; ledger Al -2, Bo +2, Cy +2, Di -4,
    Ed +2."""
    db = tmp_path / "x.duckdb"
    text = "Date,Hand,Dealer,Picker,Partner,Call,W/L,Al,Bo,Cy,Di,Ed\n" + ROWS.format(w1="L", w2="W", w3="L")
    rep = _ingest(write(tmp_path, "s.csv", text), db)
    assert (rep["ingested"], _where(rep)) == (1, [(2, 7, "E-OUTCOME", 1), (3, 7, "E-OUTCOME", 2)])
    m1, m2 = (e["message"] for e in rep["rejected"])
    assert "'L'" in m1 and "win-s" in m1 and "Bo +4" in m1
    assert "'W'" in m2 and "lose-s" in m2 and "Cy -16" in m2
    assert ledger(db) == {"Al": -2, "Bo": 2, "Cy": 2, "Di": -4, "Ed": 2}


def test_won_no_under_a_schneidered_loss_is_stored(tmp_path):
    """hands_bad.csv's row 5 (hand 4): Ed with Bo, AS, Won? 'no', Al +4 Bo -4 Cy +4 Di +4 Ed -8 = the schneidered
    loss with DOB (B-33: -8/-4/+4): stored lose-s (was E-SCORE 'Al +4 ... the rules give +2')."""
    db = tmp_path / "x.duckdb"
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Card Pts,Won?,Al,Bo,Cy,Di,Ed\n"
            "2026-04-23,4,Di,Ed,Bo,AS,,no,4,-4,4,4,-8\n")
    rep = _ingest(write(tmp_path, "s.csv", text), db)
    assert (rep["ingested"], _where(rep)) == (1, [])
    assert _outcomes(db) == [(4, "lose-s")]


def test_a_bare_word_with_points_still_takes_the_tier_from_the_points(tmp_path):
    """Unchanged: W at 95 points is win-s (B-28); W at 45 points refused E-OUTCOME (B-27: 45 loses)."""
    db = tmp_path / "x.duckdb"
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,W/L,Al,Bo,Cy,Di,Ed\n"
            "2026-04-30,1,Al,Bo,Cy,AC,95,W,,,,,\n2026-04-30,2,Bo,Cy,Di,AC,45,W,,,,,\n")
    rep = _ingest(write(tmp_path, "s.csv", text), db)
    assert rep["ingested"] == 1 and [e["code"] for e in rep["rejected"]] == ["E-OUTCOME"]
    assert _outcomes(db) == [(1, "win-s")]
