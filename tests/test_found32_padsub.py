"""verify32 F5 (session 32; fixed by fixl32): a season pad (``--columns units=running``, each cell the player's
standing, carried from night to night with no opening row) whose second night seats a substitute: Flo in for Di.
The sheets are the tester's (/tmp/verify32/r/pad_absent_blank.csv, pad_absent.csv), written inline; every amount
worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's figure was read.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, refused_at as _where, write

#: Dec 17 (Al, Bea, Cy, Di, Ed; rules.md B-27/B-28 tiers, B-31 shares, B-32 DOB, B-33):
#:  h1 Bea+Ed 70 win x1: Bea +2, Ed +1, Al/Cy/Di -1                    -> Al -1, Bea 2, Cy -1, Di -1, Ed 1
#:  h2 Cy alone 40 loss x1, DOB x2, alone 4 shares: Cy -8, others +2  -> Al 1, Bea 4, Cy -9, Di 1, Ed 3
#:  h3 Di+Al 100 schneider x2: Di +4, Al +2, Bea/Cy/Ed -2              -> Al 3, Bea 2, Cy -11, Di 5, Ed 1
#:  h4 Ed+Cy 20 schneidered x2, DOB x2: Ed -8, Cy -4, Al/Bea/Di +4     -> Al 7, Bea 6, Cy -15, Di 9, Ed -7 (sum 0)
#: Dec 24, Flo in for Di (Flo new: from 0), carried from Al 7, Bea 6, Cy -15, Ed -7, Flo 0:
#:  h1 Ed+Cy 80 win x1 (B-27 61+, B-28 61..90): Ed +2, Cy +1, Al/Bea/Flo -1 (B-31, B-33), sum 2+1-3 = 0:
#:     7-1 = 6, 6-1 = 5, -15+1 = -14, -7+2 = -5, 0-1 = -1 (the row)
#:  h2 Al alone 100 schneider (B-28 91+) x2, alone 4 shares: Al +8, others -2: 14, 3, -16, -7, -3 (the row)
#:  the night: Al -1+8 = 7, Bea -1-2 = -3, Cy 1-2 = -1, Ed 2-2 = 0, Flo -1-2 = -3 (sum 0); Di not at the table
#: The season: Al 7+7 = 14, Bea 6-3 = 3, Cy -15-1 = -16, Di 9, Ed -7+0 = -7, Flo -3 (sum 14+3-16+9-7-3 = 0).
PAD = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed,Flo
2026-12-17,1,Al,Bea,Ed,AC,70,W,-1,2,-1,-1,1,
2026-12-17,2,Bea,Cy,,alone,40,L,1,4,-9,1,3,
2026-12-17,3,Cy,Di,Al,AH,100,W,3,2,-11,5,1,
2026-12-17,4,Di,Ed,Cy,AS,20,L,7,6,-15,9,-7,
2026-12-24,1,Al,Ed,Cy,AH,80,W,6,5,-14,{di},-5,-1
2026-12-24,2,Bea,Al,,alone,100,W,14,3,-16,{di},-7,-3
"""
NIGHTS = {"2026-12-17": {"Al": 7, "Bea": 6, "Cy": -15, "Di": 9, "Ed": -7},
          "2026-12-24": {"Al": 7, "Bea": -3, "Cy": -1, "Ed": 0, "Flo": -3}}
SEASON = {"Al": 14, "Bea": 3, "Cy": -16, "Di": 9, "Ed": -7, "Flo": -3}


def _night_units(db) -> dict[str, dict[str, int]]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT CAST(h.date AS VARCHAR), u.player, SUM(u.units) FROM hands h JOIN hand_units u "
                           "USING (hand_id) GROUP BY ALL").fetchall()
    out: dict[str, dict[str, int]] = {}
    for day, p, units in rows:
        out.setdefault(day, {})[p] = int(units)
    return out


@pytest.mark.parametrize("di", ["", "9"], ids=["di-blank", "di-carried-unchanged"])
def test_season_pad_substitute(tmp_path, di):
    """verify32 F5: night 2 seats Flo for Di (Di's cells blank, or her standing 9 carried unchanged: she sat out);
    its first row less the night above's standings (Flo new, from 0) is the rules' hand: read as carried over
    (W-CSV-CARRY, naming Flo's 0 and Di sitting out), all six hands stored, the units as worked above."""
    assert all(sum(n.values()) == 0 for n in NIGHTS.values()) and sum(SEASON.values()) == 0
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "pad.csv", PAD.format(di=di)), db, "--columns", "units=running")
    assert _where(rep) == []
    assert rep["ingested"] == 6
    assert _night_units(db) == NIGHTS
    assert ledger(db) == SEASON
    (w,) = [e for e in rep["warnings"] if e["code"] == "W-CSV-CARRY"]
    assert w["line"] == 6 and "carried over" in w["message"] and "Al 7" in w["message"]
    assert "Flo" in w["message"] and "Di" in w["message"]


def test_season_pad_substitute_wrong_row_says_carry(tmp_path):
    """The same night's first row neither from 0 nor less the carry (Al's 6 and Bea's 5 swapped: from 0 the sum
    is -9; less the carry Al -2, Bea 0, no hand): refused, and the message says the pad may carry the season over
    and how to write it (an opening row; a new player from 0, one sitting out left blank)."""
    db = tmp_path / "s.duckdb"
    text = PAD.format(di="").replace("2026-12-24,1,Al,Ed,Cy,AH,80,W,6,5,", "2026-12-24,1,Al,Ed,Cy,AH,80,W,5,6,")
    rep = _ingest(write(tmp_path, "pad.csv", text), db, "--columns", "units=running")
    (bad,) = [e for e in rep["rejected"] if e["line"] == 6]
    assert "carr" in bad["message"] and "opening row" in bad["message"]
    assert "Flo" in bad["message"]


def test_opening_row_with_substitute(tmp_path):
    """The way the hint says to write it: an opening row of the standings (Flo 0) above night 2, Di's standing 9
    carried unchanged in her column: Di sits out, the same units as worked above, no warning of a carry."""
    db = tmp_path / "s.duckdb"
    text = PAD.format(di="9").replace("2026-12-24,1,", "2026-12-24,,,,,,,,7,6,-15,9,-7,0\n2026-12-24,1,", 1)
    rep = _ingest(write(tmp_path, "pad.csv", text), db, "--columns", "units=running")
    assert _where(rep) == []
    assert _night_units(db) == NIGHTS
    assert not [e for e in rep["warnings"] if e["code"] == "W-CSV-CARRY"]
