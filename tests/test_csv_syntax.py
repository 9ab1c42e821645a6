"""A CSV line the csv module cannot read loses nothing before it (issue 15).

Found by the long fuzz (seed 12, protocol case 18,879): a mangled protocol
with CR-only line ends and no 'Geber:' line was taken for a CSV file, and
``csv.reader`` over ``io.StringIO(text)`` raised ``_csv.Error: new-line
character seen in unquoted field`` out of ``load_bytes``.  A cell over the
csv module's limit (131,072 characters) raised the same way.  Now the text is
split into lines as the csv module asks (``newline=""``: CRLF, LF and CR),
and a line it still cannot read ends the rows with one ``E-CSV-SYNTAX`` at
that line; the rows before it are read and stored.  The limit on a cell is
raised to the file's size before it is read (break33 F6), so a long cell is
read and judged as the cell it is: here a picker no player is, that row
refused at its cell (``E-CSV-SEAT``) and the rows before and after it read.

The sheet, worked by hand (rules.md B-33, wi5-called-ace, doubleOnBump on):
hand 1 Bea picks, Di is the partner and they win: Bea +2, Di +1, Al, Cy and
Ed -1 each (sum 0).  Hand 2 Cy picks alone and wins: Cy +4, each other -1.
"""

from __future__ import annotations

from pathlib import Path

from ingest import store as st
from ingest.cli import load_bytes
from ingest.stream import ingest_csv_stream

HEAD = "date,hand,dealer,picker,partner,Al,Bea,Cy,Di,Ed"
HAND1 = "2025-03-06,1,Ed,Bea,Di,-1,2,-1,1,-1"
HAND2 = "2025-03-06,2,Al,Cy,,-1,-1,4,-1,-1"
UNITS1 = {"Al": -1, "Bea": 2, "Cy": -1, "Di": 1, "Ed": -1}
UNITS2 = {"Al": -1, "Bea": -1, "Cy": 4, "Di": -1, "Ed": -1}
HUGE = "2025-03-06,3,Bea," + "x" * 200_000 + ",,-1,-1,4,-1,-1"  # line 4: a cell of 200,000 characters


def _units(result):
    return [dict(h.outcome.units) for h in result.hands]


def test_a_cell_over_the_csv_limit_is_read_and_judged_as_its_cell():
    data = "\n".join([HEAD, HAND1, HAND2, HUGE, ""]).encode()
    result, _fmt = load_bytes("sheet.csv", data)
    assert result.errors == []
    (bad,) = result.rejected
    assert (bad.hand, bad.source_line) == (3, 4)
    assert [(e.code, e.line, e.col) for e in bad.errors] == [("E-CSV-SEAT", 4, 4)]
    assert _units(result) == [UNITS1, UNITS2]


def test_a_cr_only_sheet_reads_row_by_row():
    data = "\r".join([HEAD, HAND1, HAND2, ""]).encode()
    result, _fmt = load_bytes("sheet.csv", data)
    assert [e for e in result.errors if e.severity == "error"] == []
    assert _units(result) == [UNITS1, UNITS2]


def test_the_fuzz_case_is_a_positioned_error_not_an_exception():
    # the fuzzed protocol itself (tests/fixtures/fuzz/protocol-18879.bin): 'Geber:' mangled to 'G\xdfeber:',
    # CR-only line ends (the lone CRs used to raise out of the csv module). Its program line
    # ('gespielt von Gast am\xff 04.10.23 ...') is NetSchafkopf's, read so since sk34 F5 (a header's date in any
    # form; a stray byte before it), so it is a protocol with no game: E-NSK-NO-GAMES at 1:1, nothing stored
    # (before sk34 F5 it was read as a CSV file naming no date column, E-CSV-COLUMNS at 1:1)
    data = (Path(__file__).parent / "fixtures" / "fuzz" / "protocol-18879.bin").read_bytes()
    result, fmt = load_bytes("x.txt", data)
    assert fmt == "netschafkopf"
    assert result.hands == [] and result.rejected == []
    assert [(e.code, e.line, e.col) for e in result.errors if e.severity == "error"] == [("E-NSK-NO-GAMES", 1, 1)]


def test_a_streamed_sheet_reads_a_long_cell_and_stores_the_rows_around_it(tmp_path: Path):
    path = tmp_path / "sheet.csv"
    path.write_text("\n".join([HEAD, HAND1, HAND2, HUGE, HAND2.replace(",2,Al,", ",4,Al,"), ""]), encoding="utf-8")
    with st.Store(tmp_path / "s.duckdb") as store:
        report, _warnings = ingest_csv_stream(store, path, batch=1)
    assert report.stored == 3  # hands 1, 2 and 4 (break33 F6: the rows after the long cell are read)
    assert report.file_errors == []
    assert [(x.hand, x.source_line) for x in report.rejected] == [(3, 4)]
