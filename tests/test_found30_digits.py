"""break30 F3: a number cell of more than 4,300 digits (units, hand, points, a Total row; CSV and XLSX) raised
``ValueError: Exceeds the limit (4300 digits) for integer string conversion`` out of the sheet reader
(csv_sheet.money_value, csv_cells.whole_units): the file, and a folder's ingest, stopped with a traceback.  A sheet's
number of more than 18 digits is now read as SHN reads one (docs/notation.md "Numbers": out of range, reported at
its cell, never stopping the file): E-CSV-UNITS, E-CSV-HAND, E-CSV-POINTS at the cell, E-RANGE for a ledger's
net, a W-CSV-TOTALS warning for a Total row's cell (a Total row is checked, never stored).

Amounts worked out by hand from rules.md (/work/shared/reference/rules.md), wi5-called-ace with doubleOnBump:

* row 2, hand 1: Cy picks, calls AS, Ed partner, 72: a win (B-27, B-28 x1): Cy +2, Ed +1, Al/Bea/Di -1 (B-33).
* row 3, hand 2: Di alone, 93: schneider (B-28 x2), alone four shares (B-31): Di +8, the others -2 (B-33).
* row 4, hand 3: Bea picks, calls AC, Al partner, 59: a loss (B-27: 60 or less), doubled on the bump (B-32):
  Bea -4, Al -2, Cy/Di/Ed +2 (B-33).

Row 2 refused, hands 2 and 3 stored: Al -2-2 = -4, Bea -2-4 = -6, Cy -2+2 = 0, Di 8+2 = +10, Ed -2+2 = 0 (sum 0).
All three stored: Al -1-2-2 = -5, Bea -1-2-4 = -7, Cy 2-2+2 = +2, Di -1+8+2 = +9, Ed 1-2+2 = +1 (sum 0).
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json, ledger, refused_at, write

LONG = "9" * 5000
HEAD = "Date,Hand,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed\n"
ROWS = ["2026-03-05,1,Al,Cy,AS,Ed,72,win,-1,-1,2,-1,1",
        "2026-03-05,2,Bea,Di,alone,,93,win-s,-2,-2,-2,8,-2",
        "2026-03-05,3,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2"]
TWO_AND_THREE = {"Al": -4, "Bea": -6, "Cy": 0, "Di": 10, "Ed": 0}
ALL_THREE = {"Al": -5, "Bea": -7, "Cy": 2, "Di": 9, "Ed": 1}


def _sheet(first_row: str) -> str:
    return HEAD + "\n".join([first_row, *ROWS[1:]]) + "\n"


def _cells(row: str, k: int, text: str) -> str:
    cells = row.split(",")
    cells[k] = text
    return ",".join(cells)


@pytest.mark.parametrize("digits", [5000, 19])
def test_a_units_cell_of_more_than_18_digits_is_e_csv_units_at_the_cell(tmp_path, digits):
    """Cy's units cell of hand 1 (row 2, column 11, K): E-CSV-UNITS there, saying the digits and the limit, as
    SHN's reader says of a units number (E-NUMBER "a whole number of at most 18 digits"); hands 2 and 3 stored."""
    db = tmp_path / "u.duckdb"
    rep = ingest_json(write(tmp_path, "g20.csv", _sheet(_cells(ROWS[0], 10, "9" * digits))), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 11, "E-CSV-UNITS", 1)]), rep
    msg = rep["rejected"][0]["message"]
    assert f"has {digits:,} digits: a units cell is a whole number of at most 18 digits" in msg, msg
    assert len(msg) < 600 and len(rep["rejected"][0]["found"]) < 400, msg
    assert ledger(db) == TWO_AND_THREE


def test_eighteen_digits_are_still_read_as_a_number(tmp_path):
    """18 nines: a number, so the judge sums the row: +10^18 - 1 - 1 + ... is no zero sum, E-SCORE-SUM at Cy's
    cell (the rules give Cy +2), as before."""
    rep = ingest_json(write(tmp_path, "g18.csv", _sheet(_cells(ROWS[0], 10, "9" * 18))), tmp_path / "e.duckdb")
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 11, "E-SCORE-SUM", 1)]), rep


def test_a_hand_cell_of_5000_digits_is_e_csv_hand_at_the_cell(tmp_path):
    db = tmp_path / "h.duckdb"
    rep = ingest_json(write(tmp_path, "g20b.csv", _sheet(_cells(ROWS[0], 1, LONG))), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 2, "E-CSV-HAND", 1)]), rep
    e = rep["rejected"][0]
    assert "is beyond the hand numbers shead keeps" in e["message"] and e["expected"] == "1..2147483647", e
    assert ledger(db) == TWO_AND_THREE


def test_a_points_cell_of_5000_digits_is_e_csv_points_at_the_cell(tmp_path):
    db = tmp_path / "p.duckdb"
    rep = ingest_json(write(tmp_path, "g20c.csv", _sheet(_cells(ROWS[0], 6, LONG))), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 7, "E-CSV-POINTS", 1)]), rep
    e = rep["rejected"][0]
    assert "has 5,000 digits: card points are 0..120" in e["message"] and e["expected"] == "0..120", e
    assert ledger(db) == TWO_AND_THREE


def test_a_total_rows_cell_of_5000_digits_is_a_warning_at_it_and_every_hand_stored(tmp_path):
    """The Total row (row 5) writes Al -5, Bea -7, Cy 5000 nines, Di +9, Ed +1: every other cell matches the
    rows' sums; Cy's (+2 by the rows) is warned at 5:11 and not checked; the three hands stored."""
    db = tmp_path / "t.duckdb"
    sheet = HEAD + "\n".join(ROWS) + f"\nTotal,,,,,,,,-5,-7,{LONG},9,1\n"
    rep = ingest_json(write(tmp_path, "g20d.csv", sheet), db)
    assert (rep["ingested"], rep["rejected"]) == (3, []), rep
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert (w["line"], w["col"], w["expected"]) == (5, 11, "+2"), w
    assert "has 5,000 digits, more than any total (at most 18 digits); not checked" in w["message"], w
    assert ledger(db) == ALL_THREE


def test_a_ledger_net_of_5000_digits_is_e_range_at_the_cell(tmp_path):
    """A ledger of sitting totals: 2026-03-05 Al +3, Bea -1, Cy -2 (sum 0); 2026-03-12 Al's net 5000 nines (row 3,
    column 2): E-RANGE there, the row refused; 2026-03-19 Al -1, Bea +4, Cy -3.  Stored: Al +2, Bea +3, Cy -5."""
    db = tmp_path / "l.duckdb"
    text = f"Date,Al,Bea,Cy\n2026-03-05,3,-1,-2\n2026-03-12,{LONG},-1,-2\n2026-03-19,-1,4,-3\n"
    rep = ingest_json(write(tmp_path, "ledger.csv", text), db)
    assert [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == [(3, 2, "E-RANGE")], rep
    assert "is beyond what the log keeps" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 2, "Bea": 3, "Cy": -5}


def test_a_money_sheets_cell_of_5000_digits_is_refused_at_the_cell(tmp_path):
    """The sheet kept in money, a quarter a unit (--columns stake=0.25): hand 2's row $-0.50 x4, $2.00 (Di +8);
    hand 3's $-0.50, $-1.00, $0.50 x3; hand 1's Cy cell 5000 nines: E-CSV-UNITS at 2:11; hands 2, 3 stored."""
    db = tmp_path / "m.duckdb"
    money = (HEAD + "2026-03-05,1,Al,Cy,AS,Ed,72,win,-0.25,-0.25," + LONG + ",-0.25,0.25\n"
             "2026-03-05,2,Bea,Di,alone,,93,win-s,-0.50,-0.50,-0.50,2.00,-0.50\n"
             "2026-03-05,3,Cy,Bea,AC,Al,59,lose,-0.50,-1.00,0.50,0.50,0.50\n")
    rep = ingest_json(write(tmp_path, "money.csv", money), db, "--columns", "stake=0.25")
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 11, "E-CSV-UNITS", 1)]), rep
    assert "at most 18 digits" in rep["rejected"][0]["message"]
    assert ledger(db) == TWO_AND_THREE


def test_a_workbooks_text_cell_of_5000_digits_is_e_csv_units_at_its_cell(tmp_path):
    """x3b_5000digits.xlsx: Cy's cell of row 2 a text of 5000 nines: E-CSV-UNITS at [Mar 5]:2:11."""
    import datetime  # noqa: PLC0415

    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Mar 5"
    ws.append(HEAD.strip().split(","))
    for k, row in enumerate(ROWS):
        cells = [datetime.date(2026, 3, 5)] + [int(c) if c.lstrip("-").isdigit() else (c or None)
                                               for c in row.split(",")[1:]]
        if k == 0:
            cells[10] = LONG
        ws.append(cells)
    wb.save(tmp_path / "x3b.xlsx")
    db = tmp_path / "x.duckdb"
    rep = ingest_json(str(tmp_path / "x3b.xlsx"), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 11, "E-CSV-UNITS", 1)]), rep
    assert rep["rejected"][0]["file"].endswith("x3b.xlsx[Mar 5]") and "at most 18 digits" in rep["rejected"][0][
        "message"]
    assert ledger(db) == TWO_AND_THREE
