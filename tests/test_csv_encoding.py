"""A CSV sheet saved by a spreadsheet's plain "CSV" export on Windows is
Windows-1252, not UTF-8 (a tester's finding): its names were stored as
``J�rgen`` without a word, and the same player saved once as UTF-8 counted
twice.  Now such a file reads as written, with one ``W-ENCODING`` at its
first byte that is not UTF-8 (``ingest/csv_encoding.py``).

The sheet, worked by hand (rules.md B-33, I-1, I-2; wi5-called-ace, double
on the bump): hand 1 Bo picks with Cy at 61, a win: Bo +2, Cy +1, the others
-1; hand 2 Cy alone at 45 loses, doubled on the bump: Cy -8, the others +2;
hand 3 Dörte picks with Jürgen at 75: Dörte +2, Jürgen +1, the others -1.
Totals: Jürgen -1 + 2 + 1 = +2, Bo 2 + 2 - 1 = +3, Cy 1 - 8 - 1 = -8,
Dörte -1 + 2 + 2 = +3, Ed -1 + 2 - 1 = 0.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from dashboard.metrics import Filters, leaderboard
from ingest import store as st
from ingest.cli import app
from ingest.csv_encoding import note, note_file

runner = CliRunner()
SHEET = ("Date,Hand,Dealer,Picker,Call,Partner,Pts,Result,Jürgen,Bo,Cy,Dörte,Ed\r\n"
         "2026-12-04,1,Jürgen,Bo,AH,Cy,61,W,-1,2,1,-1,-1\r\n"
         "2026-12-04,2,Bo,Cy,alone,,45,L,2,2,-8,2,2\r\n"
         "2026-12-04,3,Cy,Dörte,AC,Jürgen,75,W,1,-1,-1,2,-1\r\n")
TOTALS = {"Jürgen": 2, "Bo": 3, "Cy": -8, "Dörte": 3, "Ed": 0}


def board(db) -> dict[str, int]:
    with st.reading(db) as con:
        lb = leaderboard(con, Filters())
    return dict(zip(lb["player"].to_list(), lb["units"].to_list()))


@pytest.mark.parametrize("streamed", [False, True])
def test_a_windows_1252_sheet_reads_as_written_with_one_warning(tmp_path, monkeypatch, streamed):
    if streamed:  # a file large enough to be read in batches
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
    p = tmp_path / "night.csv"
    p.write_bytes(SHEET.encode("cp1252"))
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "3 stored" in out, r.output
    # the first byte that is not UTF-8: the ü of "Jürgen", the 50th character of line 1, in its 9th cell (the column
    # every message of a sheet gives, real23b F8)
    assert out.count("W-ENCODING") == 1 and f"{p}:1:9: warning W-ENCODING: byte 0xFC on line 1 is not UTF-8" in out
    assert "save the sheet as 'CSV UTF-8'" in out
    assert board(db) == TOTALS
    # the same players' next sheet saved as UTF-8 is the same five players, no warning: every total doubled
    nxt = tmp_path / "next.csv"
    nxt.write_bytes(SHEET.replace("2026-12-04", "2026-12-11").encode("utf-8"))
    r = runner.invoke(app, ["ingest", str(nxt), "--db", str(db)])
    assert r.exit_code == 0 and "3 stored" in r.output and "W-ENCODING" not in r.output, r.output
    assert board(db) == {k: 2 * v for k, v in TOTALS.items()}


def test_the_first_byte_that_is_not_utf8_is_placed_on_its_line():
    """Line ends CRLF, LF or CR; a UTF-8 file (with or without its BOM) has no warning."""
    for end in ("\r\n", "\n", "\r"):
        data = SHEET.replace("Jürgen", "Jurgen").replace("Dörte", "Dorte").replace("\r\n", end)
        data = data.replace("Cy,Dorte,AC", "Cy,Dörte,AC").encode("cp1252")  # only line 4's ö (0xF6)
        (w,) = note(data, "x.csv")
        # "2026-12-04,3,Cy,D" is 17 characters
        assert (w.code, w.line, w.col, w.found) == ("W-ENCODING", 4, 18, "byte 0xF6")
        # the line around the byte (the 30 characters before it and 29 after): here its first 47
        assert "this line reads '2026-12-04,3,Cy,Dörte,AC,Jurgen,75,W,1,-1,-1,2,' there" in w.message
    # a byte far along its line is quoted with its word (a German header: 'Jürgen' at column 62, a tester's sheet)
    head = "Datum;Hand;Geber;Spieler;Ruf;Partner;Augen;Ergebnis;Leaster;Jürgen;Ann;Bob;Cal;Dee\r\n".encode("cp1252")
    (w,) = note(head, "x.csv")
    assert (w.line, w.col) == (1, 62)
    assert "reads 'rtner;Augen;Ergebnis;Leaster;Jürgen;Ann;Bob;Cal;Dee' there" in w.message
    assert note(SHEET.encode("utf-8"), "x.csv") == [] and note(b"\xef\xbb\xbf" + SHEET.encode("utf-8"), "x") == []


def test_a_file_read_line_by_line_gives_the_same_place(tmp_path):
    for end in ("\r\n", "\n", "\r"):
        data = SHEET.replace("\r\n", end).encode("cp1252")
        p = tmp_path / "x.csv"
        p.write_bytes(data)
        assert note_file(p, "x.csv") == note(data, "x.csv")
        p.write_bytes(SHEET.encode("utf-8"))
        assert note_file(p) == []
