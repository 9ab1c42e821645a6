"""Session 31 (fixf31): metrics31's finding F5 -- a row's cells counted against the header's own.

``shead sheet … --csv`` read back by ``shead ingest sheet.csv --columns date=2026-11-05`` said at its row 11 "row 11
has 20 cells where the header has 21" while the header has 20 cells (Python's csv module agrees): the night's date
given by ``--columns date=`` is a cell shead adds to the header (and to the night's first row), not one of the file's,
and it was counted in the header's.  A row after the first, as long as the header, was said to have lost a comma.
Now the count is of the file's cells: a row of the header's length whose player cell is blank is said blank, a row a
cell short says its count and the header's (10 of 11 below).

And the sheet itself is refused as what it is: ``shead sheet --csv`` (the dashboard's Download CSV) is a table to
read, each player's units and running total; its header is told at 1:1 with the way to move a night
(``shead export --format shn``), nothing read, instead of a refusal per row.
"""

from __future__ import annotations

from tests.cli_helpers import cli, ingest_json, write

#: 11 header cells (hand, dealer, picker, partner, call, points, five players); row 3 has 11 cells, Eve's blank;
#: row 4 has 10 (Eve's cell left out); rows 2 and 5 are whole (won 70: picker +2, partner +1, others -1, B-28/B-33)
SHEET = ("hand,dealer,picker,partner,call,points,Ann,Bob,Cal,Dee,Eve\n"
         "1,Eve,Bob,Dee,AH,70,-1,2,-1,1,-1\n"
         "2,Ann,Cal,Eve,AS,70,-1,-1,2,-1,\n"
         "3,Bob,Dee,Ann,AC,70,1,-1,-1,2\n"
         "4,Cal,Eve,Ann,AH,70,1,-1,-1,-1,2\n")


def test_a_rows_cells_are_counted_against_the_files_header(tmp_path):
    rep = ingest_json(write(tmp_path, "mc.csv", SHEET), tmp_path / "mc.duckdb", "--columns", "date=2026-11-05")
    assert rep["ingested"] == 2
    by_line = {e["line"]: e for e in rep["rejected"]}
    assert sorted(by_line) == [3, 4]
    blank, short = by_line[3]["message"], by_line[4]["message"]
    assert (by_line[3]["col"], by_line[4]["col"]) == (11, 11)
    assert "Eve's cell (column 11) is blank" in blank, blank
    assert "cells where the header has" not in blank, blank  # 11 cells, as the header: no lost comma
    assert "row 4 has 10 cells where the header has 11" in short, short


def test_sheads_own_sheet_csv_is_refused_as_such(tmp_path):
    night = write(tmp_path, "night.shn", """%SHN 1.0
[Event "Back"]
[Date "2026.11.05"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]

hand 1  dealer Eve
pick Bob  call AH  partner Dee  pts 70  win
""")
    db = str(tmp_path / "a.duckdb")
    cli("ingest", night, "--db", db)
    sheet = write(tmp_path, "sheet.csv", cli("sheet", "Back", "--db", db, "--csv").output)
    rep = ingest_json(sheet, tmp_path / "b.duckdb", "--columns", "date=2026-11-05")
    assert rep["ingested"] == 0
    (err,) = rep["rejected"]  # one refusal, of the file at its header, not one per row
    assert (err["code"], err["line"], err["col"], err["hand"]) == ("E-CSV-HEADER", 1, 1, None)
    assert "shead sheet --csv" in err["message"] and "shead export --format shn" in err["message"]
