"""Excel workbooks (ingest/xlsx_sheet.py): a group's score sheet kept in Excel, one worksheet a night,
ingested as it is, without saving each sheet as CSV.

The workbook "League 2026.xlsx", worked by hand (``wi5-called-ace``, rules.md B-27, B-28, B-31..B-33):

* sheet "Dec 1 2026", no date column (dated by the sheet's name): the night of tests/test_csv_night.py,
  Ann -7, Bob +7, Cal +5, Dee +6, Eve -11;
* sheet "Dec 8, 2026", a Date column written once and merged down the night (real date cells), units as
  numbers (floats, as Excel stores them), a Total row:
  hand 1, Ann deals: Cal picks, calls the ace of spades, Eve is the partner, 60 points: a loss (B-27: 60 loses),
  bumped, the picker paying double (B-33): Cal -4, Eve -2, Ann, Bob, Dee +2;
  hand 2, Bob deals: Bob picks and goes alone, 95 points: a schneider win, x2 (B-28): Bob +8, the others -2;
  Ann 0, Bob +10, Cal -6, Dee 0, Eve -4;
* sheet "Summary", each player's total: no score sheet, skipped with a warning.

The whole workbook: Ann -7, Bob +17, Cal -1, Dee +6, Eve -15 (zero-sum).
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path

from openpyxl import Workbook
from typer.testing import CliRunner

from dashboard.metrics import Filters, leaderboard
from ingest import store as st
from ingest.cli import app
from ingest.pipeline import load_bytes
from ingest.xlsx_sheet import cell_text, looks_like_xlsx, sheet_kinds

runner = CliRunner()
PLAYERS = ["Ann", "Bob", "Cal", "Dee", "Eve"]
NIGHT1 = [[1, "Ann", "Bob", "AH", "Cal", 91, "W", -2, 4, 2, -2, -2],
          [2, "Bob", "Dee", "alone", None, 61, "W", -1, -1, -1, 4, -1],
          [3, "Cal", "Eve", "AC", "Ann", 30, "L", -4, 4, 4, 4, -8]]
TOTALS = {"Ann": -7, "Bob": 17, "Cal": -1, "Dee": 6, "Eve": -15}


def workbook() -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Dec 1 2026"
    ws.append(["Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *PLAYERS])
    for row in NIGHT1:
        ws.append(row)
    ws2 = wb.create_sheet("Dec 8, 2026")
    ws2.append(["Date", "Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *PLAYERS])
    ws2.append([dt.datetime(2026, 12, 8), 1, "Ann", "Cal", "AS", "Eve", 60, "L", 2.0, 2.0, -4.0, 2.0, -2.0])
    ws2.append([None, 2, "Bob", "Bob", "alone", None, 95, "W", -2.0, 8.0, -2.0, -2.0, -2.0])
    ws2.append(["Total", None, None, None, None, None, None, None, 0, 10, -6, 0, -4])
    ws2.merge_cells("A2:A3")  # the night's date written once, merged down its rows
    ws3 = wb.create_sheet("Summary")
    ws3.append(["Player", "Total"])
    for p, v in TOTALS.items():
        ws3.append([p, v])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _board(db) -> dict[str, int]:
    with st.reading(db) as con:
        lb = leaderboard(con, Filters())
    return dict(zip(lb["player"].to_list(), lb["units"].to_list()))


def test_every_night_of_a_workbook_is_read_as_its_csv_would_be():
    data = workbook()
    assert looks_like_xlsx("League 2026.xlsx", data) and looks_like_xlsx("league.bin", data)
    result, fmt = load_bytes("League 2026.xlsx", data)
    assert fmt == "shn" and result.rejected == []
    by_night: dict[str, dict[str, int]] = {}
    for h in result.hands:
        night = by_night.setdefault(h.outcome.date, {})
        for p, u in h.outcome.units.items():
            night[p] = night.get(p, 0) + u
    assert by_night == {"2026-12-01": {"Ann": -7, "Bob": 7, "Cal": 5, "Dee": 6, "Eve": -11},
                        "2026-12-08": {"Ann": 0, "Bob": 10, "Cal": -6, "Dee": 0, "Eve": -4}}
    assert [(h.source_file, h.source_line) for h in result.hands] == [
        ("League 2026.xlsx[Dec 1 2026]", 2), ("League 2026.xlsx[Dec 1 2026]", 3), ("League 2026.xlsx[Dec 1 2026]", 4),
        ("League 2026.xlsx[Dec 8, 2026]", 2), ("League 2026.xlsx[Dec 8, 2026]", 3)]
    notes = [(d.code, d.severity, d.file) for d in result.errors]
    assert notes == [("W-CSV-NIGHT", "warning", "League 2026.xlsx[Dec 1 2026]"),
                     ("W-XLSX-SHEET", "warning", "League 2026.xlsx[Summary]")]
    assert "the date in the sheet's name ('Dec 1 2026')" in result.errors[0].message


def test_ingest_a_workbook_then_its_sheet_saved_as_csv(tmp_path):
    book = tmp_path / "League 2026.xlsx"
    book.write_bytes(workbook())
    db = tmp_path / "league.duckdb"
    out = runner.invoke(app, ["ingest", str(tmp_path), "--db", str(db)])  # a folder: the workbook is picked up
    assert out.exit_code == 0, out.output
    assert "5 stored" in out.output
    assert _board(db) == TOTALS
    with st.reading(db) as con:
        assert con.execute("SELECT session, CAST(date AS VARCHAR) FROM sessions ORDER BY date").fetchall() == [
            ("CSV League 2026 2026-12-01", "2026-12-01"), ("CSV League 2026 2026-12-08", "2026-12-08")]
    # the first night saved as CSV by the scorer later: the stored sitting, nothing stored twice
    csv = tmp_path / "Dec 1 2026.csv"
    csv.write_text("Hand,Dealer,Picker,Called,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n" + "".join(
        ",".join(cell_text(v) for v in row) + "\n" for row in NIGHT1))
    again = runner.invoke(app, ["ingest", str(csv), str(book), "--db", str(db)])
    assert again.exit_code == 0, again.output
    assert "total: 0 stored, 8 duplicates" in again.output
    assert _board(db) == TOTALS


def test_a_damaged_workbook_and_other_spreadsheet_formats_are_named(tmp_path):
    data = workbook()
    result, _fmt = load_bytes("broken.xlsx", data[: len(data) // 2])
    (e,) = result.errors
    assert e.code == "E-FORMAT" and "cannot be read as an Excel workbook" in e.message and result.hands == []
    result, _fmt = load_bytes("league.ods", b"PK\x03\x04" + b"\x00" * 200)
    (e,) = result.errors
    assert e.code == "E-FORMAT" and "save it as .xlsx, or each sheet as CSV" in e.message
    # a workbook with no sheet that reads: each sheet's reason, as errors
    wb = Workbook()
    wb.active.append(["Player", "Total"])
    buf = io.BytesIO()
    wb.save(buf)
    result, _fmt = load_bytes("totals.xlsx", buf.getvalue())
    assert [(d.code, d.file) for d in result.errors] == [("E-CSV-COLUMNS", "totals.xlsx[Sheet]")]


def test_cell_texts_are_what_a_csv_export_writes():
    assert [cell_text(v) for v in (None, -1.0, 2, 1.5, dt.datetime(2026, 12, 4, 19, 30), dt.date(2026, 12, 4),
                                   "Ann", True)] == ["", "-1", "2", "1.5", "2026-12-04 19:30:00", "2026-12-04", "Ann", "TRUE"]
    # a date-time keeps its time of day, as a CSV export writes it (real20 F6: a night past midnight)


def test_a_workbook_saved_by_libreoffice(tmp_path):
    # tests/fixtures/xlsx/README.md: the same workbook, its formulas computed and stored by the program
    data = (Path(__file__).parent / "fixtures" / "xlsx" / "League 2026.xlsx").read_bytes()
    result, fmt = load_bytes("League 2026.xlsx", data)
    assert fmt == "shn" and result.rejected == []
    assert [d.code for d in result.errors] == ["W-CSV-NIGHT", "W-XLSX-SHEET"]  # the Total rows sum their columns
    totals: dict[str, int] = {}
    for h in result.hands:
        for p, u in h.outcome.units.items():
            totals[p] = totals.get(p, 0) + u
    assert totals == TOTALS and sorted({h.outcome.date for h in result.hands}) == ["2026-12-01", "2026-12-08"]


def _nights(*tabs: str) -> Workbook:
    """A workbook of one sheet per name, each the night of 1 December's three hands, without a date column."""
    wb = Workbook()
    wb.remove(wb.active)
    for tab in tabs:
        ws = wb.create_sheet(tab)
        ws.append(["Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *PLAYERS])
        for row in NIGHT1:
            ws.append(row)
    return wb


def _book(*tabs: str) -> bytes:
    """:func:`_nights` saved."""
    return _save(_nights(*tabs))


def test_sheets_named_by_the_day_take_the_year_of_the_workbook():
    # a season's workbook, one sheet a night named without the year: the year is the file name's
    result, _fmt = load_bytes("League 2026.xlsx", _book("Dec 15", "22.12.", "12-29"))
    # "22.12." is German (dots, day first); "12-29": 29 is no month, so month first
    assert sorted({h.outcome.date for h in result.hands}) == ["2026-12-15", "2026-12-22", "2026-12-29"]
    assert [(d.code, d.file) for d in result.errors] == [
        ("W-CSV-NIGHT", "League 2026.xlsx[Dec 15]"), ("W-CSV-NIGHT", "League 2026.xlsx[22.12.]"),
        ("W-CSV-NIGHT", "League 2026.xlsx[12-29]")]
    assert ("every hand is of 2026-12-15, the day in the sheet's name ('Dec 15'), of the year in the file name "
            "('League 2026.xlsx')") in result.errors[0].message
    # 12-08 reads two ways: refused with both, then read as the sheet's order says
    (e,) = load_bytes("League 2026.xlsx", _book("12-08"))[0].errors
    assert e.code == "E-CSV-COLUMNS" and "'12-08' reads as 2026-08-12 (day first) or 2026-12-08 (month first)" in \
        e.message
    got, _ = load_bytes("League 2026.xlsx", _book("12-08"), columns="date-order=mdy")
    assert {h.outcome.date for h in got.hands} == {"2026-12-08"}
    # no year anywhere: not a guess, the sheet is refused with what to do
    (e,) = load_bytes("league.xlsx", _book("Dec 15"))[0].errors
    assert e.code == "E-CSV-COLUMNS" and "--columns date=2026-12-04" in e.message


def test_a_large_workbook_is_not_streamed_as_csv(tmp_path, monkeypatch):
    # a workbook over the streaming threshold is read whole by openpyxl, never as CSV text in batches
    from ingest import stream
    from ingest.csv_sheet import looks_like_csv

    data = workbook()
    assert not looks_like_csv("League 2026.xlsx", data) and not looks_like_csv("book", b"PK\x03\x04a,b,c;d;e\n")
    path = tmp_path / "League 2026.xlsx"
    path.write_bytes(data)
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "1")  # every file is "large"
    assert stream.stream_kind(path) is None


def _save(wb) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_a_standings_sheet_beside_the_nights_is_not_counted_twice(tmp_path):
    # a tester's league workbook (session 13) with the usual summary of each night's totals: a ledger of sittings
    # whose rows are the nights already stored with their hands: duplicates, never a second copy of the amounts
    wb = Workbook()
    wb.remove(wb.active)
    ws = wb.create_sheet("Dec 1 2026")
    ws.append(["Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *PLAYERS])
    for row in NIGHT1:
        ws.append(row)
    st_ = wb.create_sheet("Standings")
    st_.append(["Date", *PLAYERS])
    st_.append([dt.date(2026, 12, 1), -7, 7, 5, 6, -11])
    db = tmp_path / "s.duckdb"
    book = tmp_path / "League 2026.xlsx"
    book.write_bytes(_save(wb))
    out = runner.invoke(app, ["ingest", str(book), "--db", str(db)])
    assert "3 stored, 1 duplicates" in out.output, out.output
    assert _board(db) == {"Ann": -7, "Bob": 7, "Cal": 5, "Dee": 6, "Eve": -11}


def test_a_ledger_row_and_the_same_nights_hands_in_either_order(tmp_path):
    sheet = "Hand,Dealer,Picker,Called,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n" + "".join(
        ",".join(cell_text(v) for v in row) + "\n" for row in NIGHT1)
    (tmp_path / "Tuesday 2026-12-01.csv").write_text(sheet)
    (tmp_path / "nights.csv").write_text("Date,Ann,Bob,Cal,Dee,Eve\n2026-12-01,-7,7,5,6,-11\n")
    night = {"Ann": -7, "Bob": 7, "Cal": 5, "Dee": 6, "Eve": -11}
    for k, order in enumerate((["Tuesday 2026-12-01.csv", "nights.csv"], ["nights.csv", "Tuesday 2026-12-01.csv"])):
        db = tmp_path / f"o{k}.duckdb"
        said = "".join(runner.invoke(app, ["ingest", str(tmp_path / f), "--db", str(db)]).output for f in order)
        assert _board(db) == night, said  # the night once, whichever came first
        with st.reading(db) as con:
            assert con.execute("SELECT count(*) FROM sessions").fetchone() == (1,)
        assert ("W-SITTING-HANDS" in said) == (k == 1)  # the row stored first is replaced by the hands, and said
    # a row of the same players and night with other nets is refused, naming them
    (tmp_path / "wrong.csv").write_text("Date,Ann,Bob,Cal,Dee,Eve\n2026-12-01,-8,7,5,6,-10\n")
    out = runner.invoke(app, ["ingest", str(tmp_path / "wrong.csv"), "--db", str(tmp_path / "o0.duckdb")]).output
    assert "E-SITTING-CONFLICT" in out and "Ann: its hands -7, this row -8" in out
    assert _board(tmp_path / "o0.duckdb") == night


def test_two_tables_the_same_night_are_two_sessions_and_a_night_over_two_sheets_one():
    wb = Workbook()
    wb.remove(wb.active)
    for tab, players in (("Table A", PLAYERS), ("Table B", ["Fy", "Gus", "Hal", "Ike", "Jo"])):
        ws = wb.create_sheet(tab)
        ws.append(["Date", "Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *players])
        for row in NIGHT1:
            ren = dict(zip(PLAYERS, players))
            ws.append([dt.date(2026, 12, 1), *[ren.get(c, c) if isinstance(c, str) else c for c in row]])
    result, _ = load_bytes("Club.xlsx", _save(wb))
    assert sorted({h.outcome.session for h in result.hands}) == ["CSV Club 2026-12-01", "CSV Club Table B 2026-12-01"]
    wb = Workbook()
    wb.remove(wb.active)
    for tab, rows in (("Dec 1 first", NIGHT1[:2]), ("Dec 1 later", NIGHT1[2:])):
        ws = wb.create_sheet(tab)
        ws.append(["Date", "Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *PLAYERS])
        for row in rows:
            ws.append([dt.date(2026, 12, 1), *row])
    result, _ = load_bytes("Club.xlsx", _save(wb))
    assert {h.outcome.session for h in result.hands} == {"CSV Club 2026-12-01"} and len(result.hands) == 3


def test_a_workbooks_sheets_are_dated_one_by_one_or_refused():
    # one date for a whole season's workbook is refused, not every night stored under it
    (e,) = load_bytes("League 2026.xlsx", _book("Dec 15", "22.12."), columns="date=2026-12-04")[0].errors
    assert e.code == "E-CSV-COLUMNS" and "holds 2 score sheets ('Dec 15', '22.12.')" in e.message
    # a sheet named by its day in a file without a year: an error naming that, never a skipped sheet
    res, _ = load_bytes("Book1.xlsx", _book("Dec 15"))
    (e,) = res.errors
    assert (e.code, e.severity, e.file) == ("E-CSV-COLUMNS", "error", "Book1.xlsx[Dec 15]")
    assert "the sheet's name ('Dec 15') names a day but no year" in e.message
    # a season over two years: 'Jan 5' could be of either
    (e,) = load_bytes("Season 2025-26.xlsx", _book("Jan 5"))[0].errors
    assert "(the season '2025-26' spans two years)" in e.message and res.hands == []
    assert sheet_kinds(_book("Dec 15"), None, "League 2026.xlsx") == [("Dec 15", "per-hand score sheet")]


def test_other_spreadsheet_formats_are_refused_by_name():
    for name, data in (("league.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1a,b,c,d\n"),
                       ("league.ods", b"PK\x03\x04 a,b,c\n")):
        (e,) = load_bytes(name, data)[0].errors
        assert e.code == "E-FORMAT" and "save it as .xlsx, or each sheet as CSV" in e.message
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:  # an OpenDocument spreadsheet under an .xlsx name
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", "<office:document-content/>")
    (e,) = load_bytes("league.xlsx", buf.getvalue())[0].errors
    assert e.code == "E-FORMAT" and "a zip archive without an Excel workbook inside" in e.message


def test_a_hidden_sheet_is_skipped_and_said():
    wb = Workbook()
    wb.remove(wb.active)
    for tab in ("Dec 1 2026", "template"):
        ws = wb.create_sheet(tab)
        ws.append(["Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *PLAYERS])
        for row in NIGHT1:
            ws.append(row)
    wb["template"].sheet_state = "hidden"
    wb["template"]["A1"] = "Hand"  # the hidden copy would double the night if it were read
    result, _ = load_bytes("League 2026.xlsx", _save(wb))
    assert len(result.hands) == 3 and [(d.code, d.file) for d in result.errors] == [
        ("W-XLSX-SHEET", "League 2026.xlsx[template]"), ("W-CSV-NIGHT", "League 2026.xlsx[Dec 1 2026]")]


def test_each_sheets_own_total_is_checked_once_stored(tmp_path):
    # two nights, each on its sheet under a Total row; the second night's hand 2 is written 'L' at 61 (61 wins,
    # rules.md B-27): refused, so that night is stored without it and named incomplete; the first is complete
    wb = Workbook()
    wb.remove(wb.active)
    for tab, rows in (("Dec 1 2026", NIGHT1), ("Dec 8 2026", [r[:6] + ["L"] + r[7:] if r[0] == 2 else r
                                                             for r in NIGHT1])):
        ws = wb.create_sheet(tab)
        ws.append(["Hand", "Dealer", "Picker", "Called", "Partner", "Points", "Result", *PLAYERS])
        for row in rows:
            ws.append(row)
        ws.append(["Total", None, None, None, None, None, None, -7, 7, 5, 6, -11])
    book = tmp_path / "League 2026.xlsx"
    book.write_bytes(_save(wb))
    db = tmp_path / "c.duckdb"
    runner.invoke(app, ["ingest", str(book), "--db", str(db)])
    with st.reading(db) as con:
        got = con.execute("SELECT s.date::VARCHAR, c.complete, c.refused FROM session_checks c JOIN sessions s "
                          "USING (session_id) ORDER BY s.date").fetchall()
    assert got == [("2026-12-01", True, 0), ("2026-12-08", False, 1)]


def test_a_chart_sheet_is_skipped_and_called_one():
    """A night's sheet, an Excel chart sheet of its units ('Chart'), a worksheet holding only a chart (as
    LibreOffice saves a chart sheet: 'Graph') and an empty sheet ('Sheet4'): the night's three hands are read;
    each other sheet is one W-XLSX-SHEET at its row 1, the charts called chart sheets, the empty one empty."""
    from openpyxl.chart import BarChart, Reference

    wb = _nights("Dec 1 2026")
    ws = wb["Dec 1 2026"]
    for tab in ("Chart", "Graph"):
        chart = BarChart()
        chart.add_data(Reference(ws, min_col=8, max_col=12, min_row=1, max_row=4), titles_from_data=True)
        (wb.create_chartsheet(tab) if tab == "Chart" else wb.create_sheet(tab)).add_chart(chart)
    wb.create_sheet("Sheet4")
    data = _save(wb)
    result, _ = load_bytes("League 2026.xlsx", data)
    assert [dict(h.outcome.units) for h in result.hands] == [
        {"Ann": -2, "Bob": 4, "Cal": 2, "Dee": -2, "Eve": -2}, {"Ann": -1, "Bob": -1, "Cal": -1, "Dee": 4, "Eve": -1},
        {"Ann": -4, "Bob": 4, "Cal": 4, "Dee": 4, "Eve": -8}]
    sheets = [(d.file, d.line, d.message) for d in result.errors if d.code == "W-XLSX-SHEET"]
    assert sheets == [("League 2026.xlsx[Chart]", 1, "the sheet 'Chart' is a chart sheet: skipped"),
                      ("League 2026.xlsx[Graph]", 1, "the sheet 'Graph' is a chart sheet: skipped"),
                      ("League 2026.xlsx[Sheet4]", 1, "the sheet 'Sheet4' has no cells written: skipped")]
    assert sheet_kinds(data, None, "League 2026.xlsx")[1:] == [
        ("Chart", "skipped (a chart sheet)"), ("Graph", "skipped (a chart sheet)"), ("Sheet4", "skipped")]
