"""sheetx34 F2: a "Total" label in any non-player cell (the Result, Points or Call cell, beside the player
columns) of a row that says nothing else of a hand is the night's totals row, checked as such -- it was refused as
hand 6 "E-CSV-HAND: no picker, leaster winner or doubler ... the row says nothing of the hand", and the night then
listed as incomplete ("hand 6 was refused").  sheetx34's money.csv / tot7.csv / units_total.csv, inline.

Worked by hand, profile wi5-called-ace (rules.md B-27, B-28 tiers, B-29 no-tricker, B-31 shares, B-32/B-33 DOB):
- hand 1: Bea picks, Cy partner, 75: plain win x1: Bea +2, Cy +1, Al/Di/Ed -1.
- hand 2: Cy alone, 100: schneider win x2 (91..120 with a trick taken): Cy +8, each of the four -2.
- hand 3: Di picks, Ed partner, 50: plain loss (31..60), doubled on the bump: Di -4, Ed -2, Al/Bea/Cy +2.
- hand 4: Ed picks, Al partner, 95: schneider win x2: Ed +4, Al +2, Bea/Cy/Di -2.
- hand 5: Al picks, Di partner, 120 (no trick to the defenders): no-tricker x3: Al +6, Di +3, Bea/Cy/Ed -3.
Night: Al -1-2+2+2+6 = +7, Bea 2-2+2-2-3 = -3, Cy 1+8+2-2-3 = +6, Di -1-2-4-2+3 = -6, Ed -1-2-2+4-3 = -4;
sum 7-3+6-6-4 = 0.  At $0.25 a point: $1.75, ($0.75), $1.50, ($1.50), ($1.00) -- the money Total row.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import cli, ingest_json, refused_at, write

HEAD = "Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed\n"
MONEY = ("12/3/2026,1,Al,Bea,Cy,AS,75,Won,($0.25),$0.50,$0.25,-$0.25,(0.25)\n"
         "12/3/2026,2,Bea,Cy,,alone,100,Won,-$0.50,-$0.50,$2.00,($0.50),-0.50\n"
         "12/3/2026,3,Cy,Di,Ed,AH,50,Lost,$0.50,$0.50,$0.50,-$1.00,($0.50)\n"
         "12/3/2026,4,Di,Ed,Al,AC,95,Won,$0.50,-$0.50,(0.50),-$0.50,$1.00\n"
         "12/3/2026,5,Ed,Al,Di,AS,120,Won,$1.50,-$0.75,(0.75),$0.75,-$0.75\n")
NIGHT = {"Al": 7, "Bea": -3, "Cy": 6, "Di": -6, "Ed": -4}
# the plain-units copy of hands 1 and 2: Al -1-2 = -3, Bea 2-2 = 0, Cy 1+8 = 9, Di -3, Ed -3 (sum 0)
UNITS = ("2026-12-03,1,Al,Bea,Cy,AS,75,Won,-1,2,1,-1,-1\n"
         "2026-12-03,2,Bea,Cy,,alone,100,Won,-2,-2,8,-2,-2\n")
TWO = {"Al": -3, "Bea": 0, "Cy": 9, "Di": -3, "Ed": -3}


def _ledger(db) -> dict[str, tuple[int, int]]:
    """player -> (total, incomplete sessions)."""
    out = cli("ledger", "--db", str(db), "--json").output
    return {r["player"]: (r["total"], r["incomplete_sessions"]) for r in json.loads(out[:out.index("]") + 1])}


def test_money_total_in_the_result_cell_is_the_totals_row(tmp_path):
    db = tmp_path / "x.duckdb"
    text = HEAD + MONEY + ",,,,,,,Total,$1.75,($0.75),$1.50,($1.50),($1.00)\n"
    rep = ingest_json(write(tmp_path, "money.csv", text), db, "--columns", "stake=0.25")
    assert (rep["ingested"], refused_at(rep)) == (5, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]
    got = _ledger(db)
    assert got == {p: (v, 0) for p, v in NIGHT.items()}
    assert sum(v for v, _ in got.values()) == 0


@pytest.mark.parametrize("cell", [5, 6, 7])  # Call, Points, Result (0-based cells of the row before the players)
@pytest.mark.parametrize("label", ["Total", "Totals", "Sum", "Night total", "TOTAL:"])
def test_a_totals_label_in_any_hand_cell(tmp_path, cell, label):
    db = tmp_path / "x.duckdb"
    pre = [""] * 8
    pre[cell] = label
    rep = ingest_json(write(tmp_path, "tot.csv", HEAD + UNITS + ",".join(pre) + ",-3,0,9,-3,-3\n"), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]
    assert _ledger(db) == {p: (v, 0) for p, v in TWO.items()}


def test_a_wrong_total_in_the_result_cell_is_said(tmp_path):
    """Cy written 10 (the rows sum to 9): W-CSV-TOTALS at Cy's cell (row 4, column 11); the hands stored as written."""
    db = tmp_path / "x.duckdb"
    rep = ingest_json(write(tmp_path, "tot.csv", HEAD + UNITS + ",,,,,,,Total,-3,0,10,-3,-3\n"), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [])
    said = [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert said == [(4, 11)], rep["warnings"]
    assert {p: v for p, (v, _) in _ledger(db).items()} == TWO


def test_a_hand_whose_note_says_total_is_still_a_hand(tmp_path):
    """A row with a picker is a hand whatever another cell says: hand 3, Di picks alone, 61: a plain win (B-27,
    B-33): Di +4, the four others -1; the night: Al -4, Bea -1, Cy 8, Di 1, Ed -4 (sum 0)."""
    db = tmp_path / "x.duckdb"
    head = HEAD.rstrip("\n") + ",Notes\n"
    rows = "".join(r.rstrip("\n") + ",\n" for r in UNITS.splitlines(True)) + "2026-12-03,3,Cy,Di,,alone,61,Won,-1,-1,-1,4,-1,Total\n"
    rep = ingest_json(write(tmp_path, "tot.csv", head + rows), db)
    assert (rep["ingested"], refused_at(rep)) == (3, [])
    assert {p: v for p, (v, _) in _ledger(db).items()} == {"Al": -4, "Bea": -1, "Cy": 8, "Di": 1, "Ed": -4}
