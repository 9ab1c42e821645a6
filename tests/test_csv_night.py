"""A score sheet of one night with no date column (ingest.csv_sheet.sheet_layout,
README "Spreadsheets (CSV)"): the commonest home sheet keeps one night per file
or tab and writes the date in its title or its file name, not in a column.

The night, worked by hand (``wi5-called-ace``, rules.md B-27, B-28, B-31..B-33):

* hand 1, Ann deals: Bob picks, calls the ace of hearts, Cal is the partner,
  91 points: a schneider win, x2 (B-28: 91 is schneider): Bob +4, Cal +2,
  Ann, Dee, Eve -2 each;
* hand 2, Bob deals: Dee picks and goes alone, 61 points: a win (B-27, 61
  wins): Dee +4, the four others -1 each;
* hand 3, Cal deals: Eve picks, calls the ace of clubs, Ann is the partner,
  30 points: schneidered (B-28: 30 is schneidered, 31 would not be) and
  bumped, the picker paying double (B-33): Eve -8, Ann -4, Bob, Cal, Dee +4.

Totals: Ann -7, Bob +7, Cal +5, Dee +6, Eve -11 (zero-sum).
"""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as hs
from typer.testing import CliRunner

from dashboard.metrics import Filters, leaderboard
from dashboard.pages.import_files import csv_preview
from ingest import store as st
from ingest.cli import app
from ingest.csv_cells import date_in_text
from ingest.csv_sheet import read_csv, read_csv_stream
from ingest.stream import ingest_csv_stream

runner = CliRunner()
HEADER = "Hand,Dealer,Picker,Called,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
ROWS = ("1,Ann,Bob,AH,Cal,91,W,-2,4,2,-2,-2\n"
        "2,Bob,Dee,alone,,61,W,-1,-1,-1,4,-1\n"
        "3,Cal,Eve,AC,Ann,30,L,-4,4,4,4,-8\n")
UNITS = [{"Ann": -2, "Bob": 4, "Cal": 2, "Dee": -2, "Eve": -2},
         {"Ann": -1, "Bob": -1, "Cal": -1, "Dee": 4, "Eve": -1},
         {"Ann": -4, "Bob": 4, "Cal": 4, "Dee": 4, "Eve": -8}]
TOTALS = {"Ann": -7, "Bob": 7, "Cal": 5, "Dee": 6, "Eve": -11}


def _read(text: str, name: str, columns: str | None = None):
    return read_csv(text.encode(), name, columns=columns).result


def _night(result) -> tuple[set, list[dict]]:
    return {h.outcome.date for h in result.hands}, [dict(h.outcome.units) for h in result.hands]


def test_the_file_names_date_dates_every_hand_and_says_so(tmp_path):
    path = tmp_path / "Tuesday Sheepshead 2026-12-01.csv"
    path.write_text(HEADER + ROWS)
    res = _read(HEADER + ROWS, str(path))
    assert not res.rejected
    assert _night(res) == ({"2026-12-01"}, UNITS)
    (w,) = res.errors
    assert (w.code, w.severity, w.line, w.col) == ("W-CSV-NIGHT", "warning", 1, 1)
    assert "every hand is of 2026-12-01, the date in the file name ('Tuesday Sheepshead 2026-12-01.csv')" in w.message
    db = tmp_path / "night.duckdb"
    out = runner.invoke(app, ["ingest", str(path), "--db", str(db)])
    assert out.exit_code == 0, out.output
    assert "3 stored" in out.output and "W-CSV-NIGHT" in out.output
    with st.reading(db) as con:
        lb = leaderboard(con, Filters())
        assert con.execute("SELECT date::VARCHAR, count(*) FROM hands GROUP BY 1").fetchall() == [("2026-12-01", 3)]
    assert dict(zip(lb["player"].to_list(), lb["units"].to_list())) == TOTALS


def test_a_title_row_above_the_header_is_skipped_and_its_date_read():
    # Excel's merged heading exported as one (quoted) cell; a bad cell keeps its row number in the file (row 6)
    text = '"Tuesday League \u2014 Dec. 1st, 2026",,,,,,,,,,,\n' + HEADER + ROWS + "4,Dee,Ann,AS,Bob,75,W,2,1,-1,x,-1\n"
    res = _read(text, "league.csv")
    assert _night(res) == ({"2026-12-01"}, UNITS)
    (bad,) = res.rejected
    assert [(e.code, e.line, e.col) for e in bad.errors] == [("E-CSV-UNITS", 6, 11)]
    (w,) = res.errors
    assert w.code == "W-CSV-NIGHT" and "the title row ('Tuesday League \u2014 Dec. 1st, 2026')" in w.message
    # a title over a sheet that has its Date column: the title is skipped, the column dates the hands
    dated = "Schafkopfabend,,,\nDatum,Hand,Dealer,Picker,Called,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n" + \
        "".join("2026-11-24," + r for r in ROWS.splitlines(keepends=True))
    res2 = _read(dated, "abend.csv")
    assert _night(res2) == ({"2026-11-24"}, UNITS) and res2.errors == []


def test_the_date_given_wins_over_the_file_name_without_a_warning():
    res = _read(HEADER + ROWS, "Tuesday 2026-12-01.csv", columns="date=2026-12-02")
    assert _night(res) == ({"2026-12-02"}, UNITS) and res.errors == []
    # the German way of writing it, with the other fields mapped as usual
    res = _read(HEADER + ROWS, "abend.csv", columns="date=02.12.2026,ignore=Called")
    assert {h.outcome.date for h in res.hands} == {"2026-12-02"}


def test_a_date_that_reads_two_ways_is_refused_with_both_readings():
    res = _read(HEADER + ROWS, "night 12-01-2026.csv")
    (e,) = res.errors
    assert (e.code, e.line, e.col) == ("E-CSV-COLUMNS", 1, 1) and res.hands == []
    assert "'12-01-2026' reads as 2026-01-12 (day first) or 2026-12-01 (month first)" in e.message
    assert "--columns date=2026-12-04" in e.message
    res = _read(HEADER + ROWS, "night 12-01-2026.csv", columns="date-order=mdy")
    assert _night(res) == ({"2026-12-01"}, UNITS)


def test_no_date_anywhere_says_how_to_give_it():
    (e,) = _read(HEADER + ROWS, "sheet.csv").errors
    assert e.code == "E-CSV-COLUMNS" and "a sheet of one night can give its date instead" in e.message
    # a ledger of sitting totals is one row per sitting: each needs its own date, and a constant is refused
    (e,) = _read("Player,Ann,Bob\nnet,3,-3\n", "ledger.csv").errors
    assert e.code == "E-CSV-COLUMNS" and "a ledger of sitting totals needs each sitting's date" in e.message
    dated = "Date," + HEADER + "".join("2026-12-01," + r for r in ROWS.splitlines(keepends=True))
    (e,) = _read(dated, "x.csv", columns="date=2026-12-02").errors
    assert e.code == "E-CSV-COLUMNS" and "the sheet has a date column (Date)" in e.message


def test_a_large_sheet_read_in_batches_is_dated_the_same(tmp_path):
    path = tmp_path / "Tuesday 2026-12-01.csv"
    path.write_text("Tuesday League,,,\n" + HEADER + ROWS)
    sheet, batches = read_csv_stream(path)
    batches = list(batches)
    assert [h.line for b in batches for h in b.hands] == [3, 4, 5]  # file rows, under the title
    assert [d.code for b in batches for d in b.errors] == ["W-CSV-NIGHT"]
    db = tmp_path / "s.duckdb"
    store = st.Store(db)
    rep, _warn = ingest_csv_stream(store, path, batch=2)
    store.close()
    assert rep.stored == 3 and not rep.rejected
    with st.reading(db) as con:
        lb = leaderboard(con, Filters())
        assert con.execute("SELECT DISTINCT date::VARCHAR FROM hands").fetchall() == [("2026-12-01",)]
    assert dict(zip(lb["player"].to_list(), lb["units"].to_list())) == TOTALS


def test_the_import_preview_shows_the_nights_date():
    kind, cols, rows = csv_preview("Tuesday 2026-12-01.csv", (HEADER + ROWS).encode())
    assert kind == "per-hand score sheet"
    assert cols["date"] == "2026-12-01 (no date column: the night's date)" and cols["picker"] == "Picker"
    assert rows[0]["picker"] == "Bob" and rows[0]["units: Bob"] == "4"


def test_dates_in_titles_and_file_names():
    cases = {  # text -> the date, worked out by reading it
        "sheepshead-2026-12-04": "2026-12-04", "2026_12_04 night": "2026-12-04", "Abend 20261204": "2026-12-04",
        "Schafkopf 04.12.2026": "2026-12-04", "Stammtisch 4. Dezember 2026": "2026-12-04",
        "Friday Night Sheepshead - Dec 4 2026": "2026-12-04", "League, December 4th, 2026": "2026-12-04",
        "19/11/2026": "2026-11-19", "11/19/26": "2026-11-19", "soirée 3 déc. 2026": "2026-12-03",
        "league v2.3": None, "hands 1-12": None, "Jan 32, 2026": None, "table 4": None,
    }
    assert {t: date_in_text(t)[0] for t in cases} == cases
    assert date_in_text("night 12-04-2026") == (None, "'12-04-2026' reads as 2026-04-12 (day first) or "
                                                      "2026-12-04 (month first)")
    assert date_in_text("night 12-04-2026", "dmy") == ("2026-04-12", None)
    assert date_in_text("first 2026-12-01 then 2026-12-08")[0] == "2026-12-01"


@given(hs.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2099, 12, 31)),
       hs.sampled_from(["Sheepshead {iso}", "{d:02d}.{m:02d}.{y} Abend", "night_{y}{m:02d}{d:02d}",
                        "{mon} {d}, {y}", "{d}. {mon} {y}", "{m}/{d}/{y}"]))
def test_any_date_written_in_a_name_reads_back(day, form):
    mon = ("Jan", "Feb", "March", "April", "May", "June", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec")[day.month - 1]
    text = form.format(iso=day.isoformat(), d=day.day, m=day.month, y=day.year, mon=mon)
    order = "mdy" if form.startswith("{m}/") else None  # m/d reads two ways when both are 12 or less
    assert date_in_text(text, order) == (day.isoformat(), None)


def test_a_title_with_the_day_and_the_season_year():
    from ingest.csv_cells import day_in_text, year_in_text

    text = '"Season 2026 \u2014 Tuesday, Dec 8",,,\n' + HEADER + ROWS
    res = _read(text, "tuesday.csv")
    assert _night(res) == ({"2026-12-08"}, UNITS)
    (w,) = res.errors
    assert "every hand is of 2026-12-08, the day in the title row ('Season 2026 \u2014 Tuesday, Dec 8')" in w.message
    assert [day_in_text(t, "2026")[0] for t in ("Dec 8", "8. Dezember", "8.12.", "v2.3", "hands 1-12", "Feb 30")] \
        == ["2026-12-08", "2026-12-08", "2026-12-08", None, None, None]
    assert [year_in_text(t) for t in ("League 2026.xlsx", "Season 25-26", "table 12")] == ["2026", None, None]


def test_a_google_sheets_download_of_one_sheet():
    # Google Sheets names a sheet's CSV download "<workbook> - <sheet>.csv": the day is the sheet's, the year the
    # workbook's
    res = _read(HEADER + ROWS, "League 2026 - Dec 8.csv")
    assert _night(res) == ({"2026-12-08"}, UNITS)
    (w,) = res.errors
    assert "the day in the file name ('League 2026 - Dec 8.csv')" in w.message
    # LibreOffice names the download of sheet "22.12." so: the day alone after the workbook's name
    assert _night(_read(HEADER + ROWS, "League 2026 - 22.12..csv")) == ({"2026-12-22"}, UNITS)
    (e,) = _read(HEADER + ROWS, "League 2026 - 12-08.csv").errors  # reads two ways: both named
    assert "'12-08' reads as 2026-08-12 (day first) or 2026-12-08 (month first)" in e.message


RUNNING = ("Date,Hand,Dealer,Picker,Called,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
           "2026-12-01,1,Ann,Bob,AH,Cal,91,W,-2,4,2,-2,-2\n"
           ",2,Bob,Dee,alone,,61,W,-3,3,1,2,-3\n"
           ",3,Cal,Eve,AC,Ann,30,L,-7,7,5,6,-11\n"
           "Total,,,,,,,,-7,7,5,6,-11\n"
           "2026-12-08,1,Ann,Bob,AH,Cal,91,W,-2,4,2,-2,-2\n")


def test_a_score_pad_of_running_totals():
    # each player's standing after the hand, as a paper score pad keeps it: after hand 1 the night's units, after
    # hand 2 Ann -2-1 = -3, Bob 4-1 = 3, Cal 2-1 = 1, Dee -2+4 = 2, Eve -2-1 = -3; after hand 3 the night's totals
    res = _read(RUNNING, "pad.csv", columns="units=running")
    assert res.rejected == [] and res.errors == []  # the Total row equals the last standing: no W-CSV-TOTALS
    nights = [(h.outcome.date, dict(h.outcome.units)) for h in res.hands]
    assert nights == [("2026-12-01", u) for u in UNITS] + [("2026-12-08", UNITS[0])]  # a new night starts at 0
    assert "score Ann -1 Bob -1 Cal -1 Dee +4 Eve -1" in res.hands[1].source  # stored as the hand's units
    # read as each hand's units, the same pad is refused where the standing is not the hand's (no wrong number)
    plain = _read(RUNNING, "pad.csv")
    assert [r.source_line for r in plain.rejected] == [3, 4]
    # ... and each refused row says what it looks like: less the row above, row 3 is Dee's lone win (Dee +4, the
    # others -1) and row 4 Eve's schneidered bumped hand (Eve -8, Ann -4, the others +4), as the pad's facts say
    hint = "looks like running totals: read it with --columns units=running"
    assert [(r.errors[0].code, hint in r.errors[0].message) for r in plain.rejected] == [("E-SCORE", True)] * 2
    assert plain.rejected[0].errors[0].message.startswith("Ann -3 is written but the rules give -1")
    (e,) = _read(RUNNING, "pad.csv", columns="units=total").errors
    assert e.code == "E-CSV-COLUMNS" and "units=running" in e.message


def test_the_running_totals_hint_only_where_the_standings_read_as_hands():
    """Only a hint, and only for a row that reads as a hand when taken as running totals, in a night whose rows
    read as hands agree.  A pad with a slip: Dee's standing after hand 3 written 7 (6 is right): row 3 (hand 2)
    less row 2 is Dee's lone win, hinted; row 4 less row 3 gives Dee +5, a sum of +1 (rules.md B-35): no hint.
    A sheet of each hand's units with one wrong row is no pad, even when that row less the one above is a hand:
    hand 3 written Ann -5 Bob 3 Cal 3 Dee 8 Eve -9 (hand 2's units plus hand 3's -4/4/4/4/-8) is refused, and
    although it reads as hand 3 taken as running totals, row 3 (hand 2, a hand as written) less row 2 is
    Ann +1, Bob -5, Cal -3, Dee +6, Eve +1, no hand: the night is no pad, no hint."""
    hint = "looks like running totals"
    pad = _read(RUNNING.replace(",3,Cal,Eve,AC,Ann,30,L,-7,7,5,6,-11", ",3,Cal,Eve,AC,Ann,30,L,-7,7,5,7,-11"),
                "pad.csv")
    assert [(r.source_line, hint in r.errors[0].message) for r in pad.rejected] == [(3, True), (4, False)]
    assert pad.rejected[1].errors[0].code == "E-SCORE-SUM" and [h.source_line for h in pad.hands] == [2, 6]
    slip = ROWS.replace("-4,4,4,4,-8", "-5,3,3,8,-9")
    sheet = _read("Date," + HEADER + "".join("2026-12-04," + r + "\n" for r in slip.splitlines()), "hands.csv")
    assert [h.source_line for h in sheet.hands] == [2, 3]
    assert [(r.source_line, hint in r.errors[0].message) for r in sheet.rejected] == [(4, False)]
    # read with units=running the pad stores its hands as their units; the hint changed nothing stored
    assert [dict(h.outcome.units) for h in _read(RUNNING, "pad.csv", columns="units=running").hands][:3] == UNITS


def test_a_standing_typed_wrong_in_a_pad_points_at_the_standings():
    """A tester's finding: one standing mistyped refuses two rows with nothing pointing at the standings.  Dee's
    standing after hand 2 written 3 (2 is right): hand 2's units are Dee 3-(-2) = +5, a sum of +1; hand 3's Dee
    6-3 = +3, a sum of -1 (rules.md B-35).  Both are refused, each saying where to look; hand 1 is stored."""
    res = _read(RUNNING.replace(",2,Bob,Dee,alone,,61,W,-3,3,1,2,-3", ",2,Bob,Dee,alone,,61,W,-3,3,1,3,-3"), "pad.csv",
                columns="units=running")
    assert [h.source_line for h in res.hands] == [2, 6]
    assert [(r.source_line, r.errors[0].code) for r in res.rejected] == [(3, "E-SCORE-SUM"), (4, "E-SCORE-SUM")]
    assert [r.errors[0].message.split(";")[0] for r in res.rejected] == [
        "the score sums to +1, not 0 (rules.md B-35)", "the score sums to -1, not 0 (rules.md B-35)"]
    assert all("check the standings of this row and the row above" in r.errors[0].message for r in res.rejected)


def test_a_pad_that_opens_with_its_standing_and_labels_its_total_in_the_hand_column():
    # a season's pad carries the standing over: the night opens with it (no hand on that row), and each hand's
    # units are the standing less the row above; the Total is labelled in the Hand column (a merged date beside it)
    pad = ("Date,Hand,Dealer,Picker,Called,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
           "2026-12-01,start,,,,,,,10,-4,0,-3,-3\n"
           ",1,Ann,Bob,AH,Cal,91,W,8,0,2,-5,-5\n"
           ",2,Bob,Dee,alone,,61,W,7,-1,1,-1,-6\n"
           ",Total,,,,,,,7,-1,1,-1,-6\n")
    res = _read(pad, "season.csv", columns="units=running")
    assert res.rejected == [] and res.errors == []
    assert [dict(h.outcome.units) for h in res.hands] == UNITS[:2]
    assert {h.outcome.date for h in res.hands} == {"2026-12-01"}


def test_a_carried_pads_total_row_checks_the_night_as_standings_or_as_units(tmp_path):
    """A tester's finding: a pad opening with the season's standing (Ann 10, Bob -4, Cal 0, Dee -3, Eve -3) and
    closed by a Total row of the final standings was stored right, but the night was then named incomplete
    (its units against standings that include the carry).  The night's units are hands 1 and 2: Ann -2-1 = -3,
    Bob 4-1 = +3, Cal 2-1 = +1, Dee -2+4 = +2, Eve -2-1 = -3; the final standings 10-3 = 7, -4+3 = -1, 0+1 = 1,
    -3+2 = -1, -3-3 = -6.  A Total row of either is checked and the night complete; a Total of neither (Ann 8) is
    W-CSV-TOTALS naming both sums."""
    head = ("Date,Hand,Dealer,Picker,Called,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
            "2026-12-01,start,,,,,,,10,-4,0,-3,-3\n"
            ",1,Ann,Bob,AH,Cal,91,W,8,0,2,-5,-5\n"
            ",2,Bob,Dee,alone,,61,W,7,-1,1,-1,-6\n")
    for k, total in enumerate(("7,-1,1,-1,-6", "-3,3,1,2,-3")):
        path = tmp_path / f"pad{k}.csv"
        path.write_text(head + f",Total,,,,,,,{total}\n")
        db = tmp_path / f"pad{k}.duckdb"
        r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
        assert r.exit_code == 0 and "W-CSV-TOTALS" not in r.output, r.output
        with st.reading(db) as con:
            assert con.execute("SELECT complete, refused, note FROM session_checks").fetchall() == [(True, 0, None)]
            assert dict(con.execute("SELECT player, sum(units) FROM hand_units GROUP BY player").fetchall()) == {
                "Ann": -3, "Bob": 3, "Cal": 1, "Dee": 2, "Eve": -3}
    wrong = _read(head + ",Total,,,,,,,8,-1,1,-1,-6\n", "pad.csv", columns="units=running")
    (w,) = [d for d in wrong.errors if d.code == "W-CSV-TOTALS"]
    assert (w.line, w.col, w.found, w.expected) == (5, 9, "+8", "+7")  # the last standing (real22 F7)
    assert "the last standing is +7 (+10 carried over and -3 tonight)" in w.message


def test_date_cells_written_with_the_months_name():
    # what a spreadsheet writes for a formatted date cell saved as CSV
    for written in ('"Dec 1, 2026"', '"Tuesday, December 1, 2026"', "1. Dezember 2026", "01-Dec-2026"):
        sheet = "Date," + HEADER + "".join(f"{written}," + r for r in ROWS.splitlines(keepends=True))
        res = _read(sheet, "dated.csv")
        assert _night(res) == ({"2026-12-01"}, UNITS), written


def test_blank_rows_and_a_title_above_a_table_that_starts_at_b3():
    # a sheet saved as CSV where the table does not start at A1: two blank rows, a title, a blank row, the header
    # one column in; every row keeps its number in the file (hand 1 on row 6)
    shifted = "".join("," + line + "\n" for line in (HEADER + ROWS).splitlines())
    text = ",,,\n,,,\n,Tuesday League Dec 1 2026,,\n,,,\n" + shifted
    res = _read(text, "league.csv")
    assert _night(res) == ({"2026-12-01"}, UNITS)
    assert [h.source_line for h in res.hands] == [6, 7, 8]
    (e,) = _read(",,\n" + HEADER + ROWS, "sheet.csv").errors  # a blank row, then a header without a date
    assert e.code == "E-CSV-COLUMNS" and e.line == 2


def test_each_night_of_a_sheet_is_checked_against_its_own_total_row(tmp_path):
    # two nights, each closed by its Total row; night 1's hand 2 is written 'L' at 61 (61 wins, B-27): refused, so
    # night 1 is stored without it (Ann -2-4 = -6, Bob 4+4 = 8, Cal 2+4 = 6, Dee -2+4 = 2, Eve -2-8 = -10) and named
    # incomplete against its Total row; night 2 equals its own
    sheet = ("Date," + HEADER
             + "".join("2026-12-01," + r for r in ROWS.replace("61,W", "61,L").splitlines(keepends=True))
             + "Total,,,,,,,,-7,7,5,6,-11\n"
             + "2026-12-08," + ROWS.splitlines(keepends=True)[0] + "Total,,,,,,,,-2,4,2,-2,-2\n")
    path = tmp_path / "season.csv"
    path.write_text(sheet)
    db = tmp_path / "s.duckdb"
    runner.invoke(app, ["ingest", str(path), "--db", str(db)])
    with st.reading(db) as con:
        got = con.execute("SELECT s.date::VARCHAR, c.complete, c.refused, c.note FROM session_checks c JOIN sessions s "
                          "USING (session_id) ORDER BY s.date").fetchall()
    assert got == [("2026-12-01", False, 1, "hand 2 refused; the stored totals differ from the source's own table: "
                    "Ann stored -6, source -7, Bob stored +8, source +7, Cal stored +6, source +5, Dee stored +2, "
                    "source +6, Eve stored -10, source -11"),
                   ("2026-12-08", True, 0, None)]


def test_a_check_column_is_the_sheets_arithmetic_not_a_player():
    # a column the sheet keeps to see each row sums to zero (=SUM(H2:L2)), as a tester's workbook had
    for name in ("Check", "Sum", "Kontrolle"):
        sheet = "Date," + HEADER.strip() + f",{name}\n" + "".join(
            "2026-12-01," + r.strip() + ",0\n" for r in ROWS.splitlines())
        assert _night(_read(sheet, "checked.csv")) == ({"2026-12-01"}, UNITS), name
