"""break30 F5: (a) a sheet row one cell short (a cell left out, or two run together by a lost comma: ``72 win`` in
one cell) was refused "Ed's cell (column 13) is blank" -- the row now says it has 12 cells where the header has 13;
(b) a workbook numeric cell holding ``INF`` or ``NaN`` (no number a spreadsheet saves; a program wrote it) refused
the whole workbook, ``E-FORMAT ... invalid literal for int() ... 'INF'`` at 1:1 -- now that cell is read as the
text it holds, its row refused at it (E-CSV-UNITS at ``FILE[SHEET]:2:11``) with a W-XLSX-NUMBER warning naming the
sheet and the cell (K2), the other rows stored.

The night, worked out by hand from rules.md (wi5-called-ace, doubleOnBump):

* hand 1 (row 2): Cy picks, calls AS, Ed partner, 72: a win (B-27, B-28 x1): Cy +2, Ed +1, Al/Bea/Di -1 (B-33).
* hand 2 (row 3): Di alone, 93: schneider (B-28 x2), alone (B-31): Di +8, the others -2 (B-33).
* hand 3 (row 4): Bea picks, calls AC, Al partner, 59: a loss doubled on the bump (B-27, B-32): Bea -4, Al -2,
  Cy/Di/Ed +2 (B-33).

Hands 1 and 3: Al -1-2 = -3, Bea -1-4 = -5, Cy 2+2 = +4, Di -1+2 = +1, Ed 1+2 = +3.
Hands 2 and 3: Al -2-2 = -4, Bea -2-4 = -6, Cy -2+2 = 0, Di 8+2 = +10, Ed -2+2 = 0.  (Each sums to 0.)
"""

from __future__ import annotations

import datetime
import re
import zipfile

import pytest

from tests.cli_helpers import ingest_json, ledger, refused_at, write

HEAD = "Date,Hand,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed\n"
H1 = "2026-03-05,1,Al,Cy,AS,Ed,72,win,-1,-1,2,-1,1\n"
H2 = "2026-03-05,2,Bea,Di,alone,,93,win-s,-2,-2,-2,8,-2\n"
H3 = "2026-03-05,3,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2\n"
ONE_AND_THREE = {"Al": -3, "Bea": -5, "Cy": 4, "Di": 1, "Ed": 3}
TWO_AND_THREE = {"Al": -4, "Bea": -6, "Cy": 0, "Di": 10, "Ed": 0}
SHORT = ("has 12 cells where the header has 13 (a cell left out, or two cells run together by a lost comma: the "
         "cells after it sit one column left of their header)")


def test_a_row_missing_a_cell_says_it_has_12_of_13_cells(tmp_path):
    """g1_missingcell.csv: hand 2's row without Ed's -2 (12 cells): E-CSV-SEATS at 3:13 saying so; hands 1, 3 stored."""
    db = tmp_path / "g1.duckdb"
    rep = ingest_json(write(tmp_path, "g1.csv", HEAD + H1 + H2.replace(",-2\n", "\n") + H3), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(3, 13, "E-CSV-SEATS", 2)]), rep
    msg = rep["rejected"][0]["message"]
    assert f"Ed's cell (column 13) is missing: row 3 {SHORT}" in msg, msg
    assert ledger(db) == ONE_AND_THREE


@pytest.mark.parametrize("merged", ["72 win", "AS Ed"])
def test_two_cells_run_together_say_the_row_is_a_cell_short(tmp_path, merged):
    """g3_merged.csv ('72 win': the comma between Points and Result lost) and g3b ('AS Ed'): row 2 has 12 cells,
    its units one column left (Ed's cell missing): E-CSV-SEATS at 2:13 saying so; hands 2 and 3 stored."""
    db = tmp_path / "g3.duckdb"
    a, b = merged.split()
    rep = ingest_json(write(tmp_path, "g3.csv", HEAD + H1.replace(f"{a},{b}", merged) + H2 + H3), db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 13, "E-CSV-SEATS", 1)]), rep
    msg = rep["rejected"][0]["message"]
    assert f"row 2 {SHORT}" in msg, msg
    assert ledger(db) == TWO_AND_THREE


def test_the_last_row_cut_short_still_asks_whether_the_file_is_whole(tmp_path):
    """g1b_missinglast.csv: the file's last row without Ed's cell: as before, "cut short: is the file whole?"."""
    rep = ingest_json(write(tmp_path, "g1b.csv", HEAD + H1 + H2 + H3.replace(",2\n", "\n")), tmp_path / "b.duckdb")
    assert refused_at(rep) == [(4, 13, "E-CSV-SEATS", 3)], rep
    assert "the row has 12 of the header's 13 cells (cut short: is the file whole?)" in rep["rejected"][0]["message"]


def test_a_blank_cell_in_a_full_row_is_still_blank(tmp_path):
    """Hand 2's row with Ed's cell written empty (13 cells, the last blank): "is blank", no word of a short row."""
    rep = ingest_json(write(tmp_path, "g0.csv", HEAD + H1 + H2.replace(",-2\n", ",\n") + H3), tmp_path / "c.duckdb")
    assert refused_at(rep) == [(3, 13, "E-CSV-SEATS", 2)], rep
    msg = rep["rejected"][0]["message"]
    assert "Ed's cell (column 13) is blank" in msg and "cells where the header has" not in msg, msg


def _book_with_k2(tmp_path, name: str, cell_xml: str) -> str:
    """The night as a workbook (sheet 'Mar 5') whose K2 (Cy's units of hand 1) is ``cell_xml`` written into the
    sheet's XML as another program would."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Mar 5"
    ws.append(HEAD.strip().split(","))
    for line in (H1, H2, H3):
        ws.append([datetime.date(2026, 3, 5)] + [int(c) if c.lstrip("-").isdigit() else (c or None)
                                                 for c in line.strip().split(",")[1:]])
    plain = tmp_path / ("plain_" + name)
    wb.save(plain)
    out = tmp_path / name
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                text = data.decode()
                patched = re.sub(r'<c r="K2"[^>]*?(/>|>.*?</c>)', cell_xml, text, count=1)
                assert patched != text
                data = patched.encode()
            zout.writestr(item, data)
    return str(out)


@pytest.mark.parametrize("value", ["INF", "NaN", "9" * 5000])
def test_a_workbook_cell_that_is_no_number_refuses_its_row_not_the_workbook(tmp_path, value):
    """x10g_inf.xlsx, x10h_nan.xlsx (and a numeric cell of 5000 digits, which openpyxl cannot convert either): K2
    ``<c r="K2"><v>INF</v></c>``.  Row 2 refused at [Mar 5]:2:11 (E-CSV-UNITS), a W-XLSX-NUMBER warning at the same
    cell naming the sheet and K2; hands 2 and 3 stored."""
    db = tmp_path / "x.duckdb"
    path = _book_with_k2(tmp_path, "x10.xlsx", f'<c r="K2"><v>{value}</v></c>')
    rep = ingest_json(path, db)
    assert (rep["ingested"], refused_at(rep)) == (2, [(2, 11, "E-CSV-UNITS", 1)]), rep
    assert rep["rejected"][0]["file"].endswith("x10.xlsx[Mar 5]"), rep
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-XLSX-NUMBER"]
    assert (w["file"].endswith("x10.xlsx[Mar 5]"), w["line"], w["col"]) == (True, 2, 11), w
    assert w["message"].startswith(f"the sheet 'Mar 5' cell K2 holds {value[:60]!r}"[:40]), w
    assert "which is no number a spreadsheet saves: read as that text" in w["message"], w
    assert ledger(db) == TWO_AND_THREE
