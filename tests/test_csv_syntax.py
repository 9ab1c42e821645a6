"""A CSV line the csv module cannot read loses nothing before it (issue 15).

Found by the long fuzz (seed 12, protocol case 18,879): a mangled protocol
with CR-only line ends and no 'Geber:' line was taken for a CSV file, and
``csv.reader`` over ``io.StringIO(text)`` raised ``_csv.Error: new-line
character seen in unquoted field`` out of ``load_bytes``.  A cell over the
csv module's limit (131,072 characters) raised the same way.  Now the text is
split into lines as the csv module asks (``newline=""``: CRLF, LF and CR),
and a line it still cannot read ends the rows with one ``E-CSV-SYNTAX`` at
that line; the rows before it are read and stored.

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


def test_a_cell_over_the_csv_limit_is_an_error_at_its_line_and_the_rows_before_are_read():
    data = "\n".join([HEAD, HAND1, HAND2, HUGE, ""]).encode()
    result, _fmt = load_bytes("sheet.csv", data)
    assert [(e.code, e.line, e.col) for e in result.errors] == [("E-CSV-SYNTAX", 4, 1)]
    assert "131072" in result.errors[0].message
    assert _units(result) == [UNITS1, UNITS2]


def test_a_cr_only_sheet_reads_row_by_row():
    data = "\r".join([HEAD, HAND1, HAND2, ""]).encode()
    result, _fmt = load_bytes("sheet.csv", data)
    assert [e for e in result.errors if e.severity == "error"] == []
    assert _units(result) == [UNITS1, UNITS2]


def test_the_fuzz_case_is_a_positioned_error_not_an_exception():
    # the fuzzed protocol itself (tests/fixtures/fuzz/protocol-18879.bin): 'Geber:' mangled to 'G\xdfeber:'
    # so it is no protocol, CR-only line ends, so the lone CRs used to raise out of the csv module; now
    # it is read as a CSV file whose first row names no date column: E-CSV-COLUMNS at 1:1, nothing stored
    data = (Path(__file__).parent / "fixtures" / "fuzz" / "protocol-18879.bin").read_bytes()
    result, _fmt = load_bytes("x.txt", data)
    assert result.hands == [] and result.rejected == []
    assert [(e.code, e.line, e.col) for e in result.errors if e.severity == "error"] == [("E-CSV-COLUMNS", 1, 1)]
    # its Windows-1252 bytes (the ß of 'G\xdfeber:') are read as such, and said once (ingest/csv_encoding.py)
    assert [e.code for e in result.errors if e.severity == "warning"] == ["W-ENCODING"]


def test_a_streamed_sheet_reports_the_line_and_stores_the_rows_before(tmp_path: Path):
    path = tmp_path / "sheet.csv"
    path.write_text("\n".join([HEAD, HAND1, HAND2, HUGE, ""]), encoding="utf-8")
    with st.Store(tmp_path / "s.duckdb") as store:
        report, _warnings = ingest_csv_stream(store, path, batch=1)
    assert report.stored == 2
    assert [(d.code, d.line, d.col) for d in report.file_errors] == [("E-CSV-SYNTAX", 4, 1)]
