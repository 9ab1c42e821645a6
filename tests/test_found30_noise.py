"""break30 F4: an Excel formula's result with binary float noise was refused: noise_div.xlsx's units cell
``=0.3/0.1-1`` is saved as 1.9999999999999996 (Excel shows 2), read as the text '1.9999999999999996' and refused
E-CSV-UNITS "not whole".  A workbook's *numeric* cell within 1e-9 (relative, and under 1e-6 absolute) of a whole
number is now read as that number, and of a whole cent as that amount (ingest.xlsx_sheet.cell_text).  A CSV cell is
text a person or a program wrote as it is: '1.9999999999999996' typed there stays refused (a spreadsheet's CSV
export writes what it shows, 2), as does a workbook cell whose fraction is written (1.5, 2.000001).

The night, worked out by hand from rules.md (wi5-called-ace, doubleOnBump):

* row 2, hand 1: Cy picks, calls AS, Ed partner, 72: a win (B-27, B-28 x1): Cy +2, Ed +1, Al/Bea/Di -1 (B-33).
* row 3, hand 2: Di alone, 93: schneider (B-28 x2), alone (B-31): Di +8, the others -2 (B-33).
* row 4, hand 3: Bea picks, calls AC, Al partner, 59: a loss doubled on the bump (B-27, B-32): Bea -4, Al -2,
  Cy/Di/Ed +2 (B-33).

All three: Al -1-2-2 = -5, Bea -1-2-4 = -7, Cy 2-2+2 = +2, Di -1+8+2 = +9, Ed 1-2+2 = +1 (sum 0).
Hands 2 and 3 only: Al -4, Bea -6, Cy 0, Di +10, Ed 0.
"""

from __future__ import annotations

import datetime

import pytest

from ingest.xlsx_sheet import cell_text
from tests.cli_helpers import ingest_json, ledger, refused_at, write

HEAD = ["Date", "Hand", "Dealer", "Picker", "Call", "Partner", "Points", "Result", "Al", "Bea", "Cy", "Di", "Ed"]
DAY = datetime.date(2026, 3, 5)
ROWS = [[DAY, 1, "Al", "Cy", "AS", "Ed", 72, "win", -1, -1, 2, -1, 1],
        [DAY, 2, "Bea", "Di", "alone", None, 93, "win-s", -2, -2, -2, 8, -2],
        [DAY, 3, "Cy", "Bea", "AC", "Al", 59, "lose", -2, -4, 2, 2, 2]]
ALL_THREE = {"Al": -5, "Bea": -7, "Cy": 2, "Di": 9, "Ed": 1}
TWO_AND_THREE = {"Al": -4, "Bea": -6, "Cy": 0, "Di": 10, "Ed": 0}


def _book(tmp_path, cells: dict[int, float]) -> str:
    """The night as a workbook, row 2's cells ``cells`` (column index -> value) replaced."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Mar 5"
    ws.append(HEAD)
    for k, row in enumerate(ROWS):
        ws.append([cells.get(i, v) for i, v in enumerate(row)] if k == 0 else row)
    wb.save(tmp_path / "noise.xlsx")
    return str(tmp_path / "noise.xlsx")


def test_formula_noise_in_units_and_points_cells_reads_as_the_whole_number(tmp_path):
    """Cy's units 0.3/0.1-1 = 1.9999999999999996 (Excel shows 2), Al's -0.9999999999999999 (shows -1), the points
    72.00000000000001 (=0.1*3*240): read 2, -1 and 72, so hand 1 is stored with the others."""
    db = tmp_path / "n.duckdb"
    assert 0.3 / 0.1 - 1 == 1.9999999999999996 and 0.1 * 3 * 240 == 72.00000000000001
    rep = ingest_json(_book(tmp_path, {10: 0.3 / 0.1 - 1, 8: -0.9999999999999999, 6: 0.1 * 3 * 240}), db)
    assert (rep["ingested"], rep["rejected"]) == (3, []), rep
    assert ledger(db) == ALL_THREE


@pytest.mark.parametrize("value", [1.5, 2.000001])
def test_a_written_fraction_in_a_workbook_stays_refused(tmp_path, value):
    """1.5 and 2.000001 are fractions a person wrote (2.000001 is 1e-6 from 2: 5e-7 relative, beyond 1e-9): Cy's
    cell refused E-CSV-UNITS at [Mar 5]:2:11; hands 2 and 3 stored."""
    db = tmp_path / "f.duckdb"
    rep = ingest_json(_book(tmp_path, {10: value}), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 11, "E-CSV-UNITS", 1)]), rep
    assert rep["rejected"][0]["found"] == repr(value)
    assert ledger(db) == TWO_AND_THREE


def test_the_same_noise_typed_into_a_csv_cell_stays_refused(tmp_path):
    """A CSV cell is text as written: '1.9999999999999996' refused E-CSV-UNITS at 2:11 (decision: only a
    workbook's numeric cell carries a formula's float)."""
    db = tmp_path / "c.duckdb"
    sheet = (",".join(HEAD) + "\n2026-03-05,1,Al,Cy,AS,Ed,72,win,-1,-1,1.9999999999999996,-1,1\n"
             "2026-03-05,2,Bea,Di,alone,,93,win-s,-2,-2,-2,8,-2\n2026-03-05,3,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2\n")
    rep = ingest_json(write(tmp_path, "typed.csv", sheet), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 11, "E-CSV-UNITS", 1)]), rep
    assert ledger(db) == TWO_AND_THREE


def test_cell_text_of_floats():
    """Whole within 1e-9 relative (and 1e-6 absolute); else a whole cent within the same; else as written."""
    assert cell_text(1.9999999999999996) == "2"
    assert cell_text(-0.9999999999999999) == "-1"
    assert cell_text(0.1 + 0.2 - 0.3) == "0"  # 5.55e-17
    assert cell_text(0.1 + 0.2) == "0.3"  # 0.30000000000000004: a formula's 30 cents
    assert cell_text(0.15 * 3) == "0.45"  # 0.44999999999999996
    assert cell_text(-1.1 * 3) == "-3.3"  # -3.3000000000000003
    assert cell_text(1.5) == "1.5" and cell_text(2.000001) == "2.000001" and cell_text(0.125) == "0.125"
    assert cell_text(123456789.1) == "123456789.1"  # 8e-10 relative, but 0.1 from a whole number: a fraction
    assert cell_text(2.0) == "2" and cell_text(-7.0) == "-7"
    assert cell_text(float("inf")) == "inf"


def test_a_money_workbooks_noise_reads_as_its_cents(tmp_path):
    """The night kept in money at a quarter a unit (--columns stake=0.25), each cell a formula =units*0.25 whose
    float carries noise in its last place: hand 1's Cy 0.5000000000000001, Al -0.25000000000000006; read as $0.50
    (+2) and $-0.25 (-1): all three hands stored."""
    db = tmp_path / "m.duckdb"
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Mar 5"
    ws.append(HEAD)
    for k, row in enumerate(ROWS):
        money = [v * 0.25 for v in row[8:]]
        if k == 0:
            money[2], money[0] = 0.5000000000000001, -0.25000000000000006
        ws.append(row[:8] + money)
    wb.save(tmp_path / "money.xlsx")
    rep = ingest_json(str(tmp_path / "money.xlsx"), db, "--columns", "stake=0.25")
    assert (rep["ingested"], rep["rejected"]) == (3, []), rep
    assert ledger(db) == ALL_THREE
