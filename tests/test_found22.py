"""Records brought in session 22, each amount worked out by hand from
rules.md before shead's figure was read."""

from __future__ import annotations

import duckdb
import pytest

from ingest.csv_cells import split_time
from ingest.csv_sheet import guess_columns
from tests.cli_helpers import cli, ledger, write


def _sessions(db) -> list[str]:
    with duckdb.connect(str(db), read_only=True) as con:
        return [r[0] for r in con.execute("SELECT session FROM sessions ORDER BY session").fetchall()]


# -- A date and a time of day in two columns; a form's Timestamp beside the Date written (break21b F1, F18) ---------

#: a phone's score sheet with the date and the time of day in columns of their own; hand 2 all passed (a doubler),
#: hands 3 and 4 after midnight.  Time was read as a player, every hand refused (E-CSV-UNITS)
SPLIT = """Date,Time,Hand,Dealer,Picker,Partner,Call,Points,Result,Doubler,Ann,Bob,Cal,Dee,Eve
11/24/2026,23:41,1,Eve,Bob,Dee,AH,61,W,,-1,2,-1,1,-1
11/24/2026,23:52,2,Ann,,,,,,x,0,0,0,0,0
11/25/2026,0:03,3,Bob,Cal,Ann,AS,75,W,,2,-2,4,-2,-2
11/25/2026,0:12,4,Cal,Dee,Eve,AC,40,L,,2,2,2,-4,-2
"""
#: by hand, wi5-called-ace with noPick=doubler (rules.md B-28, B-33, D-11): h1 Bob picks, Dee partner, 61: Bob +2,
#: Dee +1, the others -1; h2 all pass, nobody pays, the next hand counts double; h3 (00:03, eleven minutes after
#: h2: the same night) Cal picks, Ann partner, 75: 1 x 2 = 2 a defender: Cal +4, Ann +2, Bob, Dee, Eve -2; h4 Dee
#: picks, Eve partner, 40: lost, 1 doubled on the bump = 2 a defender: Ann, Bob, Cal +2, Eve -2, Dee -4.
#: Totals Ann +3, Bob +2, Cal +5, Dee -5, Eve -5 (zero-sum: 3 + 2 + 5 - 5 - 5 = 0)
SPLIT_TOTALS = {"Ann": 3, "Bob": 2, "Cal": 5, "Dee": -5, "Eve": -5}


def test_a_date_and_a_time_column_make_one_night_past_midnight(tmp_path):
    db = tmp_path / "s.duckdb"
    r = cli("ingest", write(tmp_path, "phone.csv", SPLIT), "--db", str(db), "--rules", "wi5-called-ace; noPick=doubler")
    assert "4 stored" in r.output and "0 rejected" in r.output, r.output
    assert _sessions(db) == ["CSV phone 2026-11-24"]  # one sitting: the doubler of hand 2 carried past midnight
    assert ledger(db) == SPLIT_TOTALS


def test_a_german_sheet_with_uhrzeit_and_uhr(tmp_path):
    """Datum; Uhrzeit with '21:30 Uhr' cells, day-first dates with dots (a German export).  By hand (rules.md B-33):
    h1 Ann picks, Bob partner, 75: Ann +2, Bob +1, Cal, Dee, Eve -1; h2 (00:20 Uhr the next day, the same night)
    Cal picks, Dee partner, 45: lost, 2 a defender: Cal -4, Dee -2, Ann, Bob, Eve +2.  Totals Ann +4, Bob +3,
    Cal -5, Dee -3, Eve +1 (zero-sum)."""
    text = ("Datum;Uhrzeit;Spieler;Mitspieler;Augen;Ergebnis;Ann;Bob;Cal;Dee;Eve\n"
            "04.12.2026;23:40 Uhr;Ann;Bob;75;gewonnen;2;1;-1;-1;-1\n"
            "05.12.2026;0:20 Uhr;Cal;Dee;45;verloren;2;2;-4;-2;2\n")
    db = tmp_path / "g.duckdb"
    r = cli("ingest", write(tmp_path, "abend.csv", text), "--db", str(db))
    assert "2 stored" in r.output, r.output
    assert _sessions(db) == ["CSV abend 2026-12-04"]
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}


@pytest.mark.parametrize("first", [True, False])
def test_a_forms_timestamp_beside_the_date_written(tmp_path, first):
    """A Google Form with a Date question: the Timestamp is when the row was sent (the next morning), the Date the
    night played.  Date was read as a player, every hand refused; the night is the Date written, 2026-12-04.
    By hand as above: Ann +4, Bob +3, Cal -5, Dee -3, Eve +1."""
    rows = [("12/5/2026 9:12:03", "12/4/2026", "Ann,Bob,75,win,2,1,-1,-1,-1"),
            ("12/5/2026 9:13:40", "12/4/2026", "Cal,Dee,45,lose,2,2,-4,-2,2")]
    head = "Timestamp,Date" if first else "Date,Timestamp"
    text = head + ",Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n" + "".join(
        (f"{s},{d}," if first else f"{d},{s},") + rest + "\n" for s, d, rest in rows)
    db = tmp_path / "f.duckdb"
    r = cli("ingest", write(tmp_path, "form.csv", text), "--db", str(db))
    assert "2 stored" in r.output, r.output
    assert _sessions(db) == ["CSV form 2026-12-04"]
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}


def test_the_columns_a_sheet_of_dates_and_times_maps():
    assert guess_columns(["Timestamp", "Date", "Picker", "Ann"]) == {
        "ignore:Timestamp": "Timestamp", "date": "Date", "picker": "Picker"}
    assert guess_columns(["Date", "Zeitstempel", "Picker"]) == {
        "date": "Date", "ignore:Zeitstempel": "Zeitstempel", "picker": "Picker"}
    assert guess_columns(["Datum", "Uhrzeit", "Spieler"]) == {"date": "Datum", "time": "Uhrzeit", "picker": "Spieler"}


@pytest.mark.parametrize(("cell", "clock"), [("04.12.2026 21:30 Uhr", (21, 30, 0)), ("2026-12-04 21:30h", (21, 30, 0)),
                                             ("2026-12-04 21:30", (21, 30, 0)), ("2026-12-04 Uhr", None)])
def test_a_time_of_day_in_uhr(cell, clock):
    assert split_time(cell)[1] == clock


def test_a_time_cell_that_is_no_time_leaves_the_date(tmp_path):
    """A Time cell written 'late' is no time of day: the row's night is its date, as without the column.  By hand as
    above (rules.md B-33): Ann +4, Bob +3, Cal -5, Dee -3, Eve +1, one night."""
    text = ("Date,Time,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
            "2026-12-04,late,Ann,Bob,75,win,2,1,-1,-1,-1\n"
            "2026-12-04,,Cal,Dee,45,lose,2,2,-4,-2,2\n")
    db = tmp_path / "l.duckdb"
    r = cli("ingest", write(tmp_path, "late.csv", text), "--db", str(db))
    assert "2 stored" in r.output, r.output
    assert _sessions(db) == ["CSV late 2026-12-04"]
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}


# -- A running-totals sheet's pot column is the pot's standing (break21b F2) --------------------------------------

#: test_found21's tavern night (KITTY) written in running totals: each cell the player's standing, the Kitty the
#: pot's.  By hand (rules.md D-4, D-19, B-33; the hands' units in test_found21): Ann -2, -1, -2, -13, +4 → standings
#: -2, -3, -5, -18, -14; Bob 3, 2, 0, 2, 0; Cal -2, 4, 2, 4, 2; Dee -2, -3, 0, 2, 0; Eve -2, 0, -2, 0, 12; the pot
#: +5, -5, +5, +5, -10 → 5, 0, 5, 10, 0
KITTY_RUNNING = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve,Kitty
2026-11-19,1,Eve,,,,,,Bob,-2,3,-2,-2,-2,5
2026-11-19,2,Ann,Cal,Eve,AH,75,W,,-3,2,4,-3,0,0
2026-11-19,3,Bob,,,,,,Dee,-5,0,2,0,-2,5
2026-11-19,4,Cal,Ann,,alone,50,L,,-18,2,4,2,0,10
2026-11-19,5,Dee,Eve,Ann,AS,92,W,,-14,0,2,0,12,0
"""


def test_a_running_sheets_pot_column_is_the_pots_standing(tmp_path):
    db = tmp_path / "r.duckdb"
    r = cli("ingest", write(tmp_path, "run.csv", KITTY_RUNNING), "--rules", "wi5-called-ace; pot=on",
            "--columns", "units=running", "--db", str(db))
    assert "5 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert "W-CSV-POT" not in r.output  # each Kitty cell was read as the hand's: four false warnings
    assert ledger(db) == {"Ann": -14, "Bob": 0, "Cal": 2, "Dee": 0, "Eve": 12}  # the pot ends empty
    # h5's standing mistyped 9 (for 0): the change 9 - 10 = -1, the hand takes 10: the cell named
    wrong = KITTY_RUNNING.replace(",12,0\n", ",12,9\n")
    r = cli("ingest", write(tmp_path, "run2.csv", wrong), "--rules", "wi5-called-ace; pot=on",
            "--columns", "units=running", "--db", str(tmp_path / "r2.duckdb"))
    assert "5 stored" in r.output
    assert "run2.csv:6:15: warning W-CSV-POT" in r.output and "but the hand takes 10" in r.output


# -- A form's responses sorted newest first (break21b F15) --------------------------------------------------------

#: test_found21's form night (hand 2 all passed: a doubler; hands 3 and 4 past midnight), rows newest first
NEWEST_FIRST = """Timestamp,Hand,Dealer,Picker,Partner,Call,Points,Result,Doubler,Ann,Bob,Cal,Dee,Eve
11/25/2026 0:12:09,4,Cal,Dee,Eve,AC,40,L,,2,2,2,-4,-2
11/25/2026 0:03:41,3,Bob,Cal,Ann,AS,75,W,,2,-2,4,-2,-2
11/24/2026 23:52:33,2,Ann,,,,,,x,0,0,0,0,0
11/24/2026 23:41:10,1,Eve,Bob,Dee,AH,61,W,,-1,2,-1,1,-1
"""


@pytest.mark.parametrize("numbered", [True, False])
def test_a_forms_rows_newest_first_are_read_oldest_first(tmp_path, numbered):
    """By hand as SPLIT above (rules.md B-28, B-33, D-11): Ann +3, Bob +2, Cal +5, Dee -5, Eve -5, one night.  Read
    as written, hands 3 and 1 were refused as out of order and the night was two (numbered), or hands 4 and 3 were
    scored against the doubler of hand 2 below them (E-SCORE, unnumbered)."""
    text = NEWEST_FIRST if numbered else "\n".join(
        ",".join(c for i, c in enumerate(line.split(",")) if i != 1) for line in NEWEST_FIRST.splitlines()) + "\n"
    db = tmp_path / "n.duckdb"
    r = cli("ingest", write(tmp_path, "form.csv", text), "--rules", "wi5-called-ace; noPick=doubler", "--db", str(db))
    assert "4 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert "form.csv:2:1: warning W-CSV-NEWEST-FIRST: rows 2-5 go from the newest timestamp to the oldest" in r.output
    assert _sessions(db) == ["CSV form 2026-11-24"]
    assert ledger(db) == SPLIT_TOTALS
    with duckdb.connect(str(db), read_only=True) as con:  # hand 1 is the file's row 5, as written
        assert con.execute("SELECT h.hand, s.line FROM hands h JOIN hand_source s USING (hand_id) ORDER BY 1").fetchall() == [
            (1, 5), (2, 4), (3, 3), (4, 2)]


def test_rows_whose_timestamps_go_both_ways_are_read_as_written(tmp_path):
    """Two rows swapped in an oldest-first form (h1 above h3 above h2, unnumbered) are no newest-first sheet: read as
    written, no warning.  By hand (rules.md B-33): h1 Ann picks, Bob partner, 75: +2/+1/-1; the next row Cal picks,
    Dee partner, 45, lost: 2 a defender: Cal -4, Dee -2, the others +2; the third Ann, Bob, 75 again.  Totals Ann
    +6, Bob +4, Cal -6, Dee -4, Eve 0 (zero-sum)."""
    text = ("Timestamp,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
            "12/4/2026 20:00:00,Ann,Bob,75,win,2,1,-1,-1,-1\n"
            "12/4/2026 20:30:00,Cal,Dee,45,lose,2,2,-4,-2,2\n"
            "12/4/2026 20:10:00,Ann,Bob,75,win,2,1,-1,-1,-1\n")
    db = tmp_path / "b.duckdb"
    r = cli("ingest", write(tmp_path, "both.csv", text), "--db", str(db))
    assert "3 stored" in r.output and "W-CSV-NEWEST-FIRST" not in r.output
    assert ledger(db) == {"Ann": 6, "Bob": 4, "Cal": -6, "Dee": -4, "Eve": 0}


# -- A blitz written with its colour first, or in brackets (break21b F12) -----------------------------------------

@pytest.mark.parametrize(("cell", "marks"), [
    ("red blitz Eve", [("blitz", "Eve", "red", "queens")]),
    ("Eve Blitz (red)", [("blitz", "Eve", "red", "queens")]),
    ("EVE RED BLITZ", [("blitz", "Eve", "red", "queens")]),
    ("BLACK BLITZ BY Cal", [("blitz", "Cal", "black", "queens")]),
    ("Ann red blitz, Cal crack", [("blitz", "Ann", "red", "queens"), ("crack", "Cal", None, "queens")]),
    ("Cal: crack; black blitz Eve", [("crack", "Cal", None, "queens"), ("blitz", "Eve", "black", "queens")]),
])
def test_a_blitz_with_its_colour_first_or_in_brackets(cell, marks):
    from ingest.csv_sheet import read_marks  # noqa: PLC0415

    seats = {p.lower(): p for p in ("Ann", "Bob", "Cal", "Dot", "Eve")}
    assert read_marks(cell, seats) == (marks, None)


def test_a_sheets_blitz_written_colour_first_doubles(tmp_path):
    """By hand (rules.md B-27, B-33, E-5; allowBlitz=queens): Bob picks, Dot partner, 75: 1 a defender, Eve's red
    blitz x2 = 2: Bob +4, Dot +2, Ann, Cal, Eve -2; three such hands: Ann -6, Bob +12, Cal -6, Dot +6, Eve -6.
    The cells were refused ('red' is not a player; the blitz says no colour)."""
    text = ("Date,Hand,Dealer,Picker,Partner,Called,Points,Result,Crack,Ann,Bob,Cal,Dot,Eve\n"
            "2026-12-20,1,Ann,Bob,Dot,AH,75,win,red blitz Eve,-2,4,-2,2,-2\n"
            "2026-12-20,2,Ann,Bob,Dot,AH,75,win,Eve Blitz (red),-2,4,-2,2,-2\n"
            "2026-12-20,3,Ann,Bob,Dot,AH,75,win,EVE RED BLITZ,-2,4,-2,2,-2\n")
    db = tmp_path / "b.duckdb"
    r = cli("ingest", write(tmp_path, "blitz.csv", text), "--rules", "wi5-called-ace; allowBlitz=queens",
            "--db", str(db))
    assert "3 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Ann": -6, "Bob": 12, "Cal": -6, "Dot": 6, "Eve": -6}


# -- An app's timestamps in UTC (break21b F20) --------------------------------------------------------------------

@pytest.fixture
def chicago(monkeypatch):
    """This machine in Wisconsin's zone (TZ=America/Chicago, UTC-6 in December), put back after the test."""
    import time  # noqa: PLC0415

    monkeypatch.setenv("TZ", "America/Chicago")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_timestamps_in_utc_are_read_in_the_local_zone(tmp_path, chicago):
    """An app's export in UTC: 02:30Z and 06:10Z on the 5th are 20:30 and 00:10 in Wisconsin, one night of the 4th
    (the second 3 h 40 min after the first, past midnight: rules.md B-1, one sitting).  Read as written the night
    was the 5th, without a word.  By hand (rules.md B-33): Ann +4, Bob +3, Cal -5, Dee -3, Eve +1."""
    from ingest.csv_cells import read_stamp  # noqa: PLC0415

    assert read_stamp("2026-12-05T02:30:00Z", None) == __import__("datetime").datetime(2026, 12, 4, 20, 30)
    assert read_stamp("2026-12-05 03:30:00+01:00", None) == __import__("datetime").datetime(2026, 12, 4, 20, 30)
    assert read_stamp("2026-12-05 02:30:00", None) == __import__("datetime").datetime(2026, 12, 5, 2, 30)  # no zone
    text = ("Timestamp,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
            "2026-12-05T02:30:00Z,Ann,Bob,75,win,2,1,-1,-1,-1\n"
            "2026-12-05T06:10:00Z,Cal,Dee,45,lose,2,2,-4,-2,2\n")
    db = tmp_path / "z.duckdb"
    r = cli("ingest", write(tmp_path, "app.csv", text), "--db", str(db))
    assert "2 stored" in r.output, r.output
    assert "app.csv:2:1: warning W-CSV-ZONE" in r.output and "(America/Chicago): 2026-12-04 20:30" in r.output
    assert r.output.count("W-CSV-ZONE") == 1
    assert _sessions(db) == ["CSV app 2026-12-04"]
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}
