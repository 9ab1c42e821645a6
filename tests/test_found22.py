"""Records brought in session 22, each amount worked out by hand from
rules.md before shead's figure was read."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from ingest.csv_cells import split_time
from ingest.csv_sheet import guess_columns
from tests.cli_helpers import cli, ledger, write


PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"


def _page(name: str, db, monkeypatch, **query):
    """The dashboard page ``name`` run on ``db`` (streamlit.testing), with ``query`` as its URL's parameters."""
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


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
    assert "late.csv:2:2: warning W-CSV-TIME: row 2: the Time cell 'late' is no time of day" in r.output  # break22b F4
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
    ("blitz red Eve", [("blitz", "Eve", "red", "queens")]),  # break22b F13
    ("blitz (red) Eve", [("blitz", "Eve", "red", "queens")]),
    ("blitz red Eve, crack Cal", [("blitz", "Eve", "red", "queens"), ("crack", "Cal", None, "queens")]),
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


# -- A ledger's sitting written down wrong is voided and corrected (session 21's leftover) ------------------------

LEDGER = "Date,Ann,Bob,Cal,Dee,Eve\n2026-12-01,5,-3,2,-2,-2\n2026-12-08,-4,4,0,1,-1\n"
#: the second night's row as it should have read: Dee +2, Eve -2 (the scorer swapped a digit); sums to zero
FIXED = "Date,Ann,Bob,Cal,Dee,Eve\n2026-12-08,-4,4,0,2,-2\n"


def test_a_ledger_sitting_written_wrong_is_voided_and_its_corrected_row_stored(tmp_path):
    """By hand: night 1 Ann +5, Bob -3, Cal +2, Dee -2, Eve -2; night 2 as corrected Ann -4, Bob +4, Cal 0, Dee +2,
    Eve -2.  Totals Ann +1, Bob +1, Cal +2, Dee 0, Eve -4 (zero-sum).  The stored sitting could not be voided
    (no hand in force) and its corrected row was refused E-SITTING-CONFLICT: the mistake stayed."""
    db = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "club.csv", LEDGER), "--db", str(db))
    assert ledger(db) == {"Ann": 1, "Bob": 1, "Cal": 2, "Dee": -1, "Eve": -3}
    r = cli("ingest", write(tmp_path, "fixed.csv", FIXED), "--db", str(db), ok=False)
    assert "E-SITTING-CONFLICT" in r.output
    assert "void it (shead void 'CSV club 2026-12-08' --session --reason '...') and ingest this row again" in \
        r.output.replace("\n", " ").replace("  ", " ")
    r = cli("void", "CSV club 2026-12-08", "--session", "--reason", "Dee and Eve mistyped", "--db", str(db))
    assert "CSV club 2026-12-08: sitting voided (Ann -4, Bob +4, Cal +0, Dee +1, Eve -1): Dee and Eve mistyped" in \
        r.output
    assert ledger(db) == {"Ann": 5, "Bob": -3, "Cal": 2, "Dee": -2, "Eve": -2}  # night 1 alone
    r = cli("ingest", str(tmp_path / "fixed.csv"), "--db", str(db))
    assert "1 sitting(s) stored" in r.output
    assert ledger(db) == {"Ann": 1, "Bob": 1, "Cal": 2, "Dee": 0, "Eve": -4}
    # the old ledger sent again: night 1 a duplicate, night 2's voided nets not stored again
    r = cli("ingest", str(tmp_path / "club.csv"), "--db", str(db))
    assert "club.csv:3:1: warning W-SITTING-VOIDED: row 3 (2026-12-08): these nets are the sitting " \
           "'CSV club 2026-12-08', voided on" in r.output.replace("\n", " ")
    assert ledger(db) == {"Ann": 1, "Bob": 1, "Cal": 2, "Dee": 0, "Eve": -4}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT player, units, reason FROM voided_settlements ORDER BY player").fetchall() == [
            ("Ann", -4, "Dee and Eve mistyped"), ("Bob", 4, "Dee and Eve mistyped"), ("Cal", 0, "Dee and Eve mistyped"),
            ("Dee", 1, "Dee and Eve mistyped"), ("Eve", -1, "Dee and Eve mistyped")]
    # voided twice: said, nothing changes
    r = cli("void", "CSV club 2026-12-08", "--session", "--reason", "again", "--db", str(db), ok=False)
    assert "the sitting 'CSV club 2026-12-08' is already voided" in r.output
    assert ledger(db) == {"Ann": 1, "Bob": 1, "Cal": 2, "Dee": 0, "Eve": -4}


def test_a_ledger_fixed_and_sent_again_counts_each_sitting_once(tmp_path):
    """break22 F1: two sittings of the same players on one night (an early and a late table); the first row's typo
    refused, the row fixed and the file sent again.  By hand: Ann 4 + 1 = +5, Bob -3 - 1 = -4, Cal +1, Dot -2, Eve 0
    (each row sums to zero).  The fixed row took the stored sitting of the row below (refused E-SITTING-CONFLICT)
    and that row was stored a second time: Ann +2, Bob -2 without a word; the same file sent twice stored more."""
    bad = "date,Ann,Bob,Cal,Dot,Eve\n2026-10-16,+4,-3,1,-2,xx\n2026-10-16,+1,-1,0,0,0\n"
    good = bad.replace(",xx", ",0")
    db = tmp_path / "b.duckdb"
    r = cli("ingest", write(tmp_path, "night.csv", bad), "--db", str(db), ok=False)
    assert "1 sitting(s) stored" in r.output and "night.csv:2:6: E-CSV-UNITS" in r.output
    r = cli("ingest", write(tmp_path, "night.csv", good), "--db", str(db))
    assert "1 sitting(s) stored" in r.output and "1 duplicates" in r.output and "E-SITTING" not in r.output
    assert ledger(db) == {"Ann": 5, "Bob": -4, "Cal": 1, "Dot": -2, "Eve": 0}
    db2 = tmp_path / "a.duckdb"
    r = cli("ingest", str(tmp_path / "night.csv"), "--db", str(db2))
    assert "2 sitting(s) stored" in r.output and "E-SITTING" not in r.output  # the second is no conflict with the first
    r = cli("ingest", str(tmp_path / "night.csv"), "--db", str(db2))
    assert "0 sitting(s) stored" in r.output and "2 duplicates" in r.output
    assert ledger(db2) == {"Ann": 5, "Bob": -4, "Cal": 1, "Dot": -2, "Eve": 0}


# -- Invisible characters in a player's name (break22 F2) ---------------------------------------------------------

NIGHT = ('%SHN 1.0\n[Event "Zw"]\n[Date "{date}"]\n[Seats "Al=Allen Braun; Bea={bea}; Cy=Cy Ott; Di={di}; Ed={ed}"]\n'
         '[Rules "wi5-called-ace"]\n\nhand 1  dealer Ed\npick Al  call AH  partner Bea  pts 75  win\n')


def test_a_name_with_a_zero_width_space_is_the_same_player(tmp_path):
    """A name copied from a chat or a web page carries a zero-width space, a word joiner or a byte order mark: the
    ledger had two rows that looked like 'Bea Schmidt'.  By hand (rules.md B-33), each night Al picks, Bea partner,
    75: Al +2, Bea +1, Cy, Di, Ed -1; two nights: Al +4, Bea +2, Cy -2, Di -2, Ed -2 (zero-sum), five players."""
    db = tmp_path / "z.duckdb"
    cli("ingest", write(tmp_path, "a.shn", NIGHT.format(date="2026.12.01", bea="Bea Schmidt", di="Di Lenz",
                                                         ed="Ed Kahl")), "--db", str(db))
    cli("ingest", write(tmp_path, "b.shn", NIGHT.format(date="2026.12.08", bea="Bea Schmidt\u200b", di="Di\u2060 Lenz",
                                                         ed="\ufeffEd Kahl")), "--db", str(db))
    assert ledger(db) == {"Allen Braun": 4, "Bea Schmidt": 2, "Cy Ott": -2, "Di Lenz": -2, "Ed Kahl": -2}
    sheet = "Date,Picker,Partner,Points,Result,Ann,Bob\u200b,Cal,Dee,Eve\ufeff\n2026-12-04,Ann,Bob,75,win,2,1,-1,-1,-1\n"
    db2 = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "s.csv", sheet), "--db", str(db2))
    assert ledger(db2) == {"Ann": 2, "Bob": 1, "Cal": -1, "Dee": -1, "Eve": -1}


# -- A NetSchafkopf protocol with a note typed into its header (real22 F1) ----------------------------------------

NSK = Path(__file__).parent.parent / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"


def test_a_protocol_with_a_note_in_its_header_is_the_stored_protocol(tmp_path):
    """A user annotates the log under its 'gespielt von' line and ingests it again: it was a session of its own,
    its 99 games stored twice, the ledger doubled (PcLinks -170).  The protocol's own last running table (game 99)
    reads PcLinks -85, PcOben +33, PcRechts +25, Gast +27: the ledger stays that."""
    db = tmp_path / "n.duckdb"
    cli("ingest", str(NSK), "--db", str(db))
    data = NSK.read_bytes()
    cut = data.index(b"\r\n", data.index(b"gespielt von")) + 2
    noted = tmp_path / "Schafkopfprotokoll_vom_05.10.23_01.txt"
    noted.write_bytes(data[:cut] + "Notiz: Abend beim Wirt, Sepp hat gezahlt\r\n".encode("latin-1") + data[cut:])
    r = cli("ingest", str(noted), "--db", str(db))
    assert "0 stored, 99 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}


# -- A Schafkopf sheet whose 'Spiel' column names the game (real22 F3) --------------------------------------------

@pytest.mark.parametrize("text", [
    "Datum,Spiel,Spieler,Mitspieler,Laufende,Augen,Kontra,Sepp,Hias,Resi,Vroni\n"
    "28.11.2026,Sauspiel,Sepp,Hias,0,75,,10,10,-10,-10\n,Wenz,Hias,,2,95,,-80,240,-80,-80\n",
    "Datum;Spiel;Spieler;Mitspieler;Laufende;Augen;Kontra;Sepp;Hias;Resi;Vroni\n"
    "28.11.2026;Sauspiel Eichel;Sepp;Hias;0;75;;0,10;0,10;-0,10;-0,10\n;Wenz;Hias;;2;95;;-0,80;2,40;-0,80;-0,80\n",
])
def test_a_schafkopf_sheet_with_a_spiel_column_is_refused_once(tmp_path, text):
    """README: a score sheet of Schafkopf games is refused once (E-CSV-RULES) with the advice to write SHN-SK.  'Spiel'
    is also a header word of the hand number, so each row was refused 'hand 'Sauspiel' is not a number' (or, kept in
    money, the sheet asked for its stake first)."""
    db = tmp_path / "sk.duckdb"
    r = cli("ingest", write(tmp_path, "runde.csv", text), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "runde.csv:1:1: E-CSV-RULES: this score sheet is Schafkopf (its column 'Spiel' names Schafkopf games" in out
    assert "E-CSV-HAND" not in out and "E-CSV-MONEY" not in out and out.count("E-CSV-RULES") == 1
    assert "0 stored" in out


def test_a_running_pads_total_is_compared_with_the_last_standing_and_says_so(tmp_path):
    """real22 F7.  By hand (rules.md B-27, B-32, B-33; the standings row carried over is no hand): h1 Bob picks, Cal
    partner, 75: Bob +2, Cal +1, the others -1 (standings Ann 9, Bob -3, Cal -4, Dee -1, Eve -1); h2 Eve alone, 20:
    lost schneidered, 2 doubled on the bump = 4 a defender, Eve -16 (Ann 13, Bob 1, Cal 0, Dee 3, Eve -17).  Stored:
    Ann +3, Bob +6, Cal +5, Dee +3, Eve -17.  The Total row writes Ann 12: her last standing is 13; the warning named
    the night's sum (+3) as what the rows give."""
    text = ("Date,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve\n"
            "2026-12-19,,,,,,carried over from last season,10,-5,-5,0,0\n"
            "2026-12-19,Bob,Cal,AH,75,W,,9,-3,-4,-1,-1\n"
            "2026-12-19,Eve,,alone,20,L,,13,1,0,3,-17\n"
            "Total,,,,,,,12,1,0,3,-17\n")
    db = tmp_path / "q.duckdb"
    r = cli("ingest", write(tmp_path, "pad.csv", text), "--columns", "units=running", "--db", str(db))
    out = r.output.replace("\n", " ")
    assert "pad.csv:5:8: warning W-CSV-TOTALS: row 5: the totals row writes Ann +12, but the last standing is +13 " \
           "(+10 carried over and +3 tonight)" in " ".join(out.split())
    assert out.count("W-CSV-TOTALS") == 1  # Bob's 1, Cal's 0, Dee's 3, Eve's -17 are their last standings
    assert ledger(db) == {"Ann": 3, "Bob": 6, "Cal": 5, "Dee": 3, "Eve": -17}


def test_the_picker_written_as_partner_in_the_jack_of_diamonds_game_is_alone(tmp_path):
    """real22 F5: in the jack-of-diamonds game a picker who holds the J♦ plays alone (rules.md C-3); a score app
    writes it picker = partner, which was refused with a hint at allowCallOwnAce.  By hand (B-27, B-32, B-33): h1 Ann
    picks, Cal partner, 65: Ann +2, Cal +1, the others -1; h2 Bob alone (the Partner cell blank), 70: +4, the
    others -1; h3 Cal alone (Partner = Cal), 50: lost, 1 doubled on the bump = 2 a defender, Cal -8, the others +2.
    Totals Ann +3, Bob +5, Cal -8, Dee 0, Eve 0 (zero-sum)."""
    text = ("Date,Picker,Partner,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve\n"
            "2026-12-12,Ann,Cal,65,W,,2,-1,1,-1,-1\n"
            "2026-12-12,Bob,,70,W,had the JD,-1,4,-1,-1,-1\n"
            "2026-12-12,Cal,Cal,50,L,picked his own jack,2,2,-8,2,2\n")
    db = tmp_path / "jd.csv.duckdb"
    r = cli("ingest", write(tmp_path, "jd.csv", text), "--rules", "wi5-jack-of-diamonds", "--db", str(db))
    assert "3 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Ann": 3, "Bob": 5, "Cal": -8, "Dee": 0, "Eve": 0}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT alone, partner FROM hands WHERE hand = 3").fetchone() == (True, None)
    # under called ace, no card called: no own-ace call (rules.md B-14) but the picker going alone (B-13), as a score
    # app writes it (real25 F4: was refused E-PARTNER); the same units, so the same totals
    r = cli("ingest", str(tmp_path / "jd.csv"), "--db", str(tmp_path / "ca.duckdb"), ok=False)
    assert "3 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(tmp_path / "ca.duckdb") == {"Ann": 3, "Bob": 5, "Cal": -8, "Dee": 0, "Eve": 0}


def test_a_sit_out_sheet_without_a_dealer_column_reads_the_blank_cell_as_the_dealer(tmp_path):
    """real22 F2: six players, wi6-sit-out, no Dealer column, the dealer's cell left blank (rules.md F-1: the dealer
    sits out; README: a sheet leaves it blank).  Each row was refused (E-SEATS, '5 seats'), with warnings of
    players taking each other's seats.  By hand (F-1, B-27, B-32, B-33, D-4, E-1): h1 Fay deals, Ann picks, Cal
    partner, 70: Ann +2, Cal +1, Bob, Dee, Eve -1; h2 Ann deals, Bob alone, 95: schneider, 2 a defender: Bob +8, four
    -2; h3 Bob deals, leaster won by Eve: +4, four -1; h4 Cal deals, Dee picks, Fay partner, 45, lost, Ann cracked: 1
    x 2 (crack) x 2 (doubled on the bump) = 4 a defender: Ann, Bob, Eve +4, Dee -8, Fay -4.  Totals Ann +5, Bob +11,
    Cal -2, Dee -12, Eve +5, Fay -7 (zero-sum)."""
    text = ("Date,Picker,Partner,Call,Points,Result,Crack,Leaster,Ann,Bob,Cal,Dee,Eve,Fay\n"
            "2026-12-05,Ann,Cal,AH,70,W,,,2,-1,1,-1,-1,\n"
            "2026-12-05,Bob,,alone,95,W,,,,8,-2,-2,-2,-2\n"
            "2026-12-05,,,,,,,Eve,-1,,-1,-1,4,-1\n"
            "2026-12-05,Dee,Fay,AS,45,L,Ann,,4,4,,-8,4,-4\n")
    db = tmp_path / "six.duckdb"
    r = cli("ingest", write(tmp_path, "six.csv", text), "--rules", "wi6-sit-out", "--db", str(db))
    assert "4 stored, 0 duplicates, 0 rejected" in r.output and "W-CSV-SEATS" not in r.output, r.output
    assert ledger(db) == {"Ann": 5, "Bob": 11, "Cal": -2, "Dee": -12, "Eve": 5, "Fay": -7}
    with duckdb.connect(str(db), read_only=True) as con:
        assert [d for (d,) in con.execute("SELECT dealer FROM hands ORDER BY hand").fetchall()] == [
            "Fay", "Ann", "Bob", "Cal"]


def test_a_doubler_refused_under_the_default_rules_says_which_rules_play_it(tmp_path):
    """real22 F8: a doubler row under wi5-called-ace (noPick=leaster, rules.md D-1) is refused; the message now says
    how a table that plays doublers writes its rules."""
    text = "Date,Picker,Partner,Points,Result,Doubler,Ann,Bob,Cal,Dee,Eve\n2026-12-04,,,,,x,0,0,0,0,0\n"
    r = cli("ingest", write(tmp_path, "d.csv", text), "--db", str(tmp_path / "d.duckdb"), ok=False)
    out = " ".join(r.output.split())
    assert "d.csv:2:6: E-NOPICK (hand 1): a doubler under noPick=leaster: if this table plays a doubler when all " \
           "pass, its rules say so ([Rules \"wi5-called-ace; noPick=doubler\"], or shead ingest --rules)" in out


def test_one_row_of_another_day_between_a_nights_rows_is_that_nights_hand(tmp_path):
    """break22 F3: hand 5 dated 2026-11-18 between hands 4 and 6 of 2026-11-13 was a night of its own, the 11-13
    night missing its hand 5 without a word.  Read as 11-13's hand with W-CSV-DATE.  By hand (rules.md B-27, B-32,
    B-33; hand 3 refused for its date 11-31): h1 Bob picks, Cal partner, 75: Bob +2, Cal +1, the others -1; h2 Cal
    alone, 93: schneider, 2 a defender: Cal +8, the others -2; h4 Eve picks, Ann partner, 45: lost, 2 a defender:
    Eve -4, Ann -2, Bob, Cal, Dot +2; h5 Ann picks, Bob partner, 80: Ann +2, Bob +1, the others -1; h6 Bob picks,
    Eve partner, 70: Bob +2, Eve +1, the others -1.  Totals Ann -4, Bob +5, Cal +9, Dot -3, Eve -7 (zero-sum)."""
    text = ("date,hand,dealer,picker,call,partner,points,outcome,leaster,Ann,Bob,Cal,Dot,Eve\n"
            "2026-11-13,1,Ann,Bob,AC,Cal,75,win,,-1,2,1,-1,-1\n"
            "2026-11-13,2,Bob,Cal,alone,,93,win-s,,-2,-2,8,-2,-2\n"
            "2026-11-31,3,Cal,Dot,AH,Ann,70,win,,1,-1,-1,2,-1\n"
            "2026-11-13,4,Dot,Eve,AS,Ann,45,lose,,-2,2,2,2,-4\n"
            "2026-11-18,5,Eve,Ann,AS,Bob,80,win,,2,1,-1,-1,-1\n"
            "2026-11-13,6,Ann,Bob,AH,Eve,70,win,,-1,2,-1,-1,1\n")
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "s2.csv", text), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "5 stored, 0 duplicates, 1 rejected" in out and "s2.csv:4:1: E-CSV-DATE (hand 3)" in out
    assert "s2.csv:6:1: warning W-CSV-DATE: row 6: the date '2026-11-18' is another day's between two rows of " \
           "2026-11-13, and its hand 5 goes on from hand 4 above to hand 6 below" in out
    assert _sessions(db) == ["CSV s2 2026-11-13"]
    assert ledger(db) == {"Ann": -4, "Bob": 5, "Cal": 9, "Dot": -3, "Eve": -7}
    # a night of its own on another day (hand 1 again) is no typo: two nights
    two = text.replace("2026-11-18,5,", "2026-11-18,1,").replace("2026-11-13,6,", "2026-11-18,2,")
    db2 = tmp_path / "t2.duckdb"
    r = cli("ingest", write(tmp_path, "s3.csv", two), "--db", str(db2), ok=False)
    assert "W-CSV-DATE:" not in r.output and _sessions(db2) == ["CSV s3 2026-11-13", "CSV s3 2026-11-18"]


# -- A German scorer's words in SHN-SK (real22 F6) ----------------------------------------------------------------

SK_WORDS = """%SHN 1.0
[Event "Schafkopfrunde Moosach"]
[Date "2026.12.09"]
[Seats "Sepp; Hias; Resi; Vroni"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 1  dealer Vroni
game Sepp sauspiel eichel  partner Hias  laufende 0  pts 75  win

hand 2  dealer Sepp
game Hias Rufspiel GA  partner Sepp  laufende 3 mit  pts 80  win

hand 3  dealer Hias
game Resi Herz-Solo  laufende 0  pts 70  win

hand 4  dealer Resi
game Vroni Schellen-Solo  laufende 0  pts 70  win
"""


def test_a_german_scorers_game_words_in_shn_sk(tmp_path):
    """'sauspiel eichel' (the Sau named by its suit), 'laufende 3 mit', and NetSchafkopf's own 'Herz-Solo' were each
    refused.  By hand (schafkopf-bsv, rules.md G-6, G-7, G-13; 10 a Sauspiel, 50 a Solo, 10 a Laufender): h1 Sepp
    and Hias win a Sauspiel with the Eichel-Sau, 75, no Laufende: +10 each, Resi and Vroni -10; h2 Hias and Sepp,
    75 < 80 < 91, three Laufende with: 10 + 3 x 10 = 40 each way; h3 Resi's Herz-Solo, 70: +150, the others -50;
    h4 Vroni's Schellen-Solo, 70: +150, the others -50.  Totals Sepp -50, Hias -50, Resi +50, Vroni +50."""
    db = tmp_path / "sk.duckdb"
    r = cli("ingest", write(tmp_path, "runde.shn", SK_WORDS), "--db", str(db))
    assert "4 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Sepp": -50, "Hias": -50, "Resi": 50, "Vroni": 50}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, call, sk_game FROM hands ORDER BY hand").fetchall() == [
            (1, "AC", "sauspiel"), (2, "AS", "sauspiel"), (3, None, "solo"), (4, None, "solo")]
    # the Solo's suit is read from the word: Herz (h3) and Schellen (h4) are trump, as 'solo herz' would say
    plain = SK_WORDS.replace("Herz-Solo", "solo herz").replace("Schellen-Solo", "solo schellen").replace(
        "sauspiel eichel", "sauspiel EA").replace("3 mit", "3 with")
    db2 = tmp_path / "plain.duckdb"
    cli("ingest", write(tmp_path, "plain.shn", plain), "--db", str(db2))
    with duckdb.connect(str(db)) as a, duckdb.connect(str(db2)) as b:
        q = "SELECT hand, sk_game, trump_suit, units FROM hands JOIN hand_units USING (hand_id) ORDER BY ALL"
        assert a.execute(q).fetchall() == b.execute(q).fetchall()


# -- A workbook with a password (break22 F4) ----------------------------------------------------------------------

#: the first sector of a Microsoft compound file (its signature) and, in its directory, the stream names Excel writes
#: for a workbook saved with a password (names are UTF-16LE in the directory entries)
CFB = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)


def test_a_workbook_with_a_password_is_named_and_the_fix_given(tmp_path):
    locked = tmp_path / "league.xlsx"
    locked.write_bytes(CFB + "EncryptionInfo".encode("utf-16-le") + bytes(64) + "EncryptedPackage".encode("utf-16-le")
                       + bytes(2048))
    r = cli("ingest", str(locked), "--db", str(tmp_path / "l.duckdb"), ok=False)
    out = " ".join(r.output.split())
    assert "league.xlsx:1:1: E-FORMAT: this is a password-protected workbook: shead reads SHN" in out
    assert "remove its password" in out and "not text" not in out  # it said "a binary file, not text"
    old = tmp_path / "league-old.xlsx"  # an .xls renamed: by its name, refused as the other spreadsheets
    old.write_bytes(CFB + "Workbook".encode("utf-16-le") + bytes(2048))
    r = cli("ingest", str(old), "--db", str(tmp_path / "o.duckdb"), ok=False)
    out = " ".join(r.output.split())
    assert "league-old.xlsx:1:1: E-FORMAT: this is an Excel 97-2003 workbook (.xls)" in out and "save it as .xlsx" in out


def test_schneider_written_as_a_word_is_hinted_as_the_outcome(tmp_path):
    """new22 F3: 'win schneider' / 'schneider' got the hint 'schneidster' (a no-pick game, rules.md D-17); the
    outcome with its tier is one word, win-s (rules.md B-28)."""
    text = ('%SHN 1.0\n[Event "X"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n\nhand 1 dealer Ed\n'
            'pick Al call AH partner Bea pts 95 win schneider\nhand 2 dealer Al\n'
            'pick Bea call AS partner Cy pts 95 schneider\n')
    r = cli("ingest", write(tmp_path, "s.shn", text), "--db", str(tmp_path / "s.duckdb"), ok=False)
    out = " ".join(r.output.split())
    assert "s.shn:7:40: E-STATEMENT (hand 1): found 'schneider'" in out and "did you mean win-s?" in out
    assert "s.shn:9:36: E-STATEMENT (hand 2)" in out and "did you mean win-s or lose-s?" in out
    assert "schneidster" not in out


# -- A night sent again with a typo: its hand is stored, the copy refused (new22 F5) ------------------------------

def test_a_refused_copy_of_a_stored_hand_is_no_hand_missing(tmp_path, monkeypatch):
    """The night stored, then sent again with hand 2 mistyped: the Overview said 1 hand still refused and the
    Rejected hands page listed it, while the Sheet showed hand 2 stored.  The other order (the typo first) said
    nothing was refused.  Now: no hand missing, the refused copy listed apart."""
    good = ('%SHN 1.0\n[Event "Copy"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n\nhand 1 dealer Ed\n'
            'pick Al call AH partner Bea pts 75 win\nhand 2 dealer Al\npick Bea call AS partner Cy pts 95 win-s\n')
    db = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "night.shn", good), "--db", str(db))
    r = cli("ingest", write(tmp_path, "again.shn", good.replace("95 win-s", "95 schneider")), "--db", str(db),
            ok=False)
    assert "0 stored, 1 duplicates, 1 rejected" in r.output
    at = _page("overview.py", db, monkeypatch)
    assert [m.value for m in at.metric if m.label == "Rejected hands"] == ["0"]
    at = _page("rejected.py", db, monkeypatch)
    assert [s.value for s in at.subheader] == ["1 refused copy of a stored hand"]
    assert "No hand is missing" in at.success[0].value
    assert list(at.dataframe[0].value["hand"]) == [2] and list(at.dataframe[0].value["code"]) == ["E-STATEMENT"]


def test_a_schafkopf_players_page_says_picking_is_sheepshead_s(tmp_path, monkeypatch):
    """new22 F2: the Player page of a Schafkopf player showed 0 picks, 0 hands in every role and 'No hand with a
    known dealer: the seats cannot be told', though every game has its dealer."""
    db = tmp_path / "sk.duckdb"
    cli("ingest", write(tmp_path, "runde.shn", SK_WORDS), "--db", str(db))
    at = _page("player.py", db, monkeypatch, who="Resi")
    text = " ".join(i.value for i in at.info)
    assert "Resi played no Sheepshead hand" in text and "Schafkopf page" in text
    assert not any("known dealer" in c.value for c in at.caption)
    assert "Picking" not in [h.value for h in at.subheader]
    assert [m.value for m in at.metric if m.label.startswith("Ledger")] == ["+50"]  # h1-h4 by hand above


def test_the_dashboard_sheet_keeps_a_refused_hands_row(tmp_path, monkeypatch):
    """new22 F6: `shead sheet` prints a refused hand's row ('2  refused E-SCORE-SUM') between hands 1 and 3, as README
    says both do; the dashboard's Sheet page left it out.  By hand (rules.md B-33): h1 Al picks, Bea partner, 75:
    Al +2, Bea +1, Cy, Di, Ed -1; h3 Cy picks, Di partner, 80: Cy +2, Di +1, Al, Bea, Ed -1; h2's score sums to +1."""
    text = ('%SHN 1.0\n[Event "Gap"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n\nhand 1 dealer Ed\n'
            'pick Al call AH partner Bea pts 75 win\nhand 2 dealer Al\n'
            'pick Bea call AS partner Cy pts 75 win\nscore Al -1 Bea +2 Cy +1 Di -1 Ed 0\n'
            'hand 3 dealer Bea\npick Cy call AC partner Di pts 80 win\n')
    db = tmp_path / "g.duckdb"
    r = cli("ingest", write(tmp_path, "gap.shn", text), "--db", str(db), ok=False)
    assert "2 stored" in r.output and "E-SCORE-SUM" in r.output
    at = _page("sheet.py", db, monkeypatch)
    frame = at.dataframe[0].value
    assert list(frame["hand"])[:3] == [1, 2, 3]
    assert list(frame["result"])[:3] == ["won 75", "refused E-SCORE-SUM", "won 80"]
    def cells(col):  # the page's table as pandas holds it: a blank cell is NaN
        return [None if v != v else int(v) for v in frame[col]]

    assert cells("Al units") == [2, None, -1, 1] and cells("Cy units") == [-1, None, 2, 1]  # the totals last


def test_the_hands_page_writes_a_schafkopf_sau_in_german_cards(tmp_path, monkeypatch):
    """new22 F1: the Hands page wrote the called Sau in the store's English codes (AC, AS) while the Sheet and the
    Replay write EA, GA: 'AS' (the Gras-Sau) beside another page's 'SA' (the Schellen-Sau)."""
    db = tmp_path / "sk.duckdb"
    cli("ingest", write(tmp_path, "runde.shn", SK_WORDS), "--db", str(db))
    at = _page("hands.py", db, monkeypatch)
    frame = at.dataframe[0].value
    assert list(frame["call"]) == ["EA", "GA", "—", "—"]  # h1 the Eichel-Sau, h2 the Gras-Sau; the Solos call none


def test_a_folder_holding_its_own_database_does_not_name_it_skipped(tmp_path):
    """new22 F10: `shead demo` ingests data/, which holds data/shead.duckdb: its first line said the database itself
    was skipped as no SHN file.  Another file that is no input is still named."""
    folder = tmp_path / "club"
    folder.mkdir()
    write(folder, "night.shn", NIGHT.format(date="2026.12.01", bea="Bea Schmidt", di="Di Lenz", ed="Ed Kahl"))
    db = folder / "club.duckdb"
    cli("ingest", str(folder), "--db", str(db))
    (folder / "notes.txt").write_text("bring pretzels\n")
    r = cli("ingest", str(folder), "--db", str(db))
    assert "1 duplicates" in r.output
    assert "club.duckdb: skipped" not in r.output and "notes.txt: skipped" in r.output


def test_the_ledger_of_one_session_draws_its_result_not_a_line_of_one_point(tmp_path, monkeypatch):
    """new22 F8: a new group's first night drew a 'running total' of one dot a player above 'session date', no date
    on the axis, two players on one total hiding each other.  By hand (rules.md B-33): Al +2, Bea +1, Cy, Di, Ed -1."""
    db = tmp_path / "one.duckdb"
    cli("ingest", write(tmp_path, "a.shn", NIGHT.format(date="2026.12.01", bea="Bea Schmidt", di="Di Lenz",
                                                         ed="Ed Kahl")), "--db", str(db))
    at = _page("ledger.py", db, monkeypatch)
    caps = [c.value for c in at.caption]
    assert any(c.startswith("One session over") and "2026-12-01" in c for c in caps), caps
    (chart,) = at.get("vega_lite_chart")
    assert __import__("json").loads(chart.proto.spec)["mark"] == {"type": "bar"}


def test_a_sheet_row_that_does_not_sum_points_at_the_cell_named(tmp_path):
    """break22 F6: E-SCORE-SUM named Eve's cell but pointed at column 1 (the date).  By hand (rules.md B-27, B-33):
    hand 2, Bob picks, Dot partner, 61: Bob +2, Dot +1, the others -1; the row writes Eve 0, so it sums to +1 and
    Eve's cell (column 14) is the one off."""
    text = ("date,hand,dealer,picker,call,partner,points,outcome,leaster,Ann,Bob,Cal,Dot,Eve\n"
            "2026-11-06,1,Ann,Bob,AC,Cal,75,win,,-1,2,1,-1,-1\n"
            "2026-11-06,2,Bob,Bob,AH,Dot,61,win,,-1,2,-1,1,0\n")
    r = cli("ingest", write(tmp_path, "s1.csv", text), "--db", str(tmp_path / "s.duckdb"), ok=False)
    assert "s1.csv:3:14: E-SCORE-SUM (hand 2): the score sums to +1, not 0 (rules.md B-35); Eve +0 is written but " \
           "the rules give -1" in " ".join(r.output.split())


def test_the_player_page_says_why_its_picks_and_picker_hands_differ(tmp_path, monkeypatch):
    """new22 F4: Allen Braun's page said '267 wins of 392 picks' and, lower, 'picker 398 hands' with no word of the
    six hands picked at tables without a blind (variety nights' two-handed and eight-handed black-queens tables,
    rules.md F-7, F-8: the hand is dealt, not picked from a blind).  Counted from the record: the page names the
    difference."""
    root = Path(__file__).resolve().parents[1]
    db = tmp_path / "demo.duckdb"
    cli("ingest", str(root / "data" / "demo"), "--db", str(db))
    with duckdb.connect(str(db), read_only=True) as con:
        picker_hands, no_blind = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE rules LIKE 'wi2%' OR rules LIKE 'wi8-black-queens%') "
            "FROM hands h JOIN hand_units u USING (hand_id) WHERE u.player = 'Allen Braun' AND h.picker = u.seat "
            "AND h.game = 'sheepshead'").fetchone()
    assert no_blind > 0
    at = _page("player.py", db, monkeypatch, who="Allen Braun")
    said = " ".join(c.value for c in at.caption)
    assert f"The picker's {picker_hands:,} hands include {no_blind:,} played at tables without a blind" in said


# -- A night corrected with --amend until it is its ledger row (real22b F1) ----------------------------------------

PHONE = ('%SHN 1.0\n[Event "Tuesday League"]\n[Date "2026.09.29"]\n[Seats "Gus; Hank; Ida; Jo; Kurt"]\n\n'
         'hand 1  dealer Kurt\npick Ida  call AH  partner Kurt  pts 75  win\n'
         'hand 2  dealer Gus\npick Kurt  call AS  partner {partner}  pts 50  lose\n')


def test_a_night_amended_to_its_ledger_rows_nets_replaces_the_row(tmp_path):
    """By hand (rules.md B-27, B-32, B-33): h1 Ida picks, Kurt partner, 75: Ida +2, Kurt +1, Gus, Hank, Jo -1; h2 Kurt
    picks, 50, lost, 1 doubled on the bump = 2 a defender: Kurt -4, his partner -2, the others +2.  Typed with Hank
    as partner: Gus +1, Hank -3, Ida +4, Jo +1, Kurt -3; corrected (Jo had the AS): Gus +1, Hank +1, Ida +4, Jo -3,
    Kurt -3, the ledger's row.  The amend left the row and the hands both counted, the night twice (Ida +8), without
    a word; an ingest that finds the hands are the row's nets replaces the row."""
    db = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "season.csv", "Date,Gus,Hank,Ida,Jo,Kurt\n2026-09-29,1,1,4,-3,-3\n"), "--db", str(db))
    r = cli("ingest", write(tmp_path, "phone.shn", PHONE.format(partner="Hank")), "--db", str(db))
    assert "W-SITTING-HANDS" in r.output and "both count" in r.output
    assert ledger(db) == {"Gus": 2, "Hank": -2, "Ida": 8, "Jo": -2, "Kurt": -6}  # the row and the typed hands
    fix = PHONE.format(partner="Jo").split("hand 1")[0] + "hand 2  dealer Gus\npick Kurt  call AS  partner Jo  pts 50  lose\n"
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--reason", "Jo had the AS", "--db", str(db))
    out = " ".join(r.output.split())
    assert "revision 2 in force" in out
    assert "warning W-SITTING-HANDS: the sitting 'CSV season 2026-09-29' (2026-09-29), stored from a ledger's row, is the night of " \
           "session 'Tuesday League / 2026.09.29' now stored with its hands" in out
    assert ledger(db) == {"Gus": 1, "Hank": 1, "Ida": 4, "Jo": -3, "Kurt": -3}


def test_a_ledger_row_that_leaves_a_break_even_cell_blank_is_the_night_of_its_hands(tmp_path):
    """real22b F2: the night's hands stored (Hank broke even), then the season's ledger whose row leaves Hank's 0
    blank: it was a second sitting of that night, counted twice (Ida +31).  By hand (rules.md B-27, B-33): h1 Ida
    picks, Kurt partner, 75: Ida +2, Kurt +1, Gus, Hank, Jo -1; h2 Gus picks, Hank partner, 75: Gus +2, Hank +1, Ida,
    Jo, Kurt -1.  Night: Gus +1, Hank 0, Ida +1, Jo -2, Kurt 0; the row writes Hank's cell blank."""
    night = ('%SHN 1.0\n[Event "Tuesday League"]\n[Date "2026.09.08"]\n[Seats "Gus; Hank; Ida; Jo; Kurt"]\n\n'
             'hand 1  dealer Kurt\npick Ida  call AH  partner Kurt  pts 75  win\n'
             'hand 2  dealer Gus\npick Gus  call AS  partner Hank  pts 75  win\n')
    db = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "sep8.shn", night), "--db", str(db))
    assert ledger(db) == {"Gus": 1, "Hank": 0, "Ida": 1, "Jo": -2, "Kurt": 0}
    r = cli("ingest", write(tmp_path, "season.csv", "Date,Gus,Hank,Ida,Jo,Kurt\n2026-09-08,1,,1,-2,0\n"), "--db",
            str(db))
    assert "0 sitting(s) stored" in r.output and "1 duplicates" in r.output
    assert ledger(db) == {"Gus": 1, "Hank": 0, "Ida": 1, "Jo": -2, "Kurt": 0}


# -- A Google Form's export as it comes (real22b F4, F5) ----------------------------------------------------------

FORM_EXPORT = ('"Timestamp","Your name","Date of game","Hand #","Dealer","Picker","Called ace","Partner",'
               '"Points (picker side)","Result","Units [Gus]","Units [Hank]","Units [Ida]","Units [Jo]","Units [Kurt]",'
               '"Notes"\n'
               '"9/22/2026 19:31:05","Hank","9/22/2026","1","Gus","Ida","AC","Kurt","77","Won","-1","-1","2","-1","1",""\n'
               '"9/23/2026 8:02:44","Jo","9/22/2026","2","Hank","Jo","AH","Hank","40","Lost","2","-2","2","-4","2",'
               '"edited next morning"\n')


def test_a_google_forms_export_reads_as_it_comes(tmp_path):
    """'Date of game' is the night (the Timestamp when a row was sent: the next morning for an edited row), 'Your
    name' who sent it, 'Called ace' and 'Points (picker side)' the call and the points, 'Units [Gus]' a grid
    question's column of Gus.  Each needed --columns (and 'Units [Gus]=Gus' still showed 'UnitsGus').  By hand
    (rules.md B-27, B-32, B-33): h1 Ida picks, Kurt partner, 77: Ida +2, Kurt +1, Gus, Hank, Jo -1; h2 Jo picks,
    Hank partner, 40: lost, 2 a defender: Jo -4, Hank -2, Gus, Ida, Kurt +2.  Night of 9/22: Gus +1, Hank -3, Ida +4,
    Jo -5, Kurt +3."""
    db = tmp_path / "f.duckdb"
    r = cli("ingest", write(tmp_path, "form_responses.csv", FORM_EXPORT), "--db", str(db))
    assert "2 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert _sessions(db) == ["CSV form_responses 2026-09-22"]
    assert ledger(db) == {"Gus": 1, "Hank": -3, "Ida": 4, "Jo": -5, "Kurt": 3}
    r = cli("sheet", "CSV form_responses 2026-09-22", "--db", str(db))
    assert "UnitsGus" not in r.output and "Gus" in r.output


# -- Second round on the day's sheet features (break22b) ---------------------------------------------------------

def test_a_forms_timestamp_beside_the_date_gives_the_order_of_rows_newest_first(tmp_path):
    """break22b F3: a form with a Date question (the night, on every row) and its Timestamp, rows newest first: the
    Timestamp is left out as the night, but its order is the rows' (they were read top down, the doubler last).  By
    hand as SPLIT above: Ann +3, Bob +2, Cal +5, Dee -5, Eve -5."""
    lines = NEWEST_FIRST.splitlines()
    head = lines[0].replace("Timestamp,Hand,", "Timestamp,Date,")
    rows = [",".join([c[0], "11/24/2026", *c[2:]]) for c in (line.split(",") for line in lines[1:])]
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "form.csv", "\n".join([head, *rows]) + "\n"), "--rules",
            "wi5-called-ace; noPick=doubler", "--db", str(db))
    assert "4 stored, 0 duplicates, 0 rejected" in r.output and "form.csv:2:1: warning W-CSV-NEWEST-FIRST" in r.output
    assert _sessions(db) == ["CSV form 2026-11-24"]
    assert ledger(db) == SPLIT_TOTALS


def test_a_large_sheet_newest_first_is_refused_whole_and_a_large_pot_sheet_read(tmp_path, monkeypatch):
    """break22b F1, F2: a sheet above the streaming size is read in batches, in order: newest first, it split the
    night and stored a night never played; now it is refused whole, saying to sort it.  And its Kitty column under
    pot=on was a sixth player, every hand refused: read as the pot's, as a sheet read whole is (KITTY's hands by
    hand in test_found21: Ann -14, Bob 0, Cal +2, Dee 0, Eve +12)."""
    from tests.test_found21 import KITTY  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    db = tmp_path / "n.duckdb"
    r = cli("ingest", write(tmp_path, "form.csv", NEWEST_FIRST), "--rules", "wi5-called-ace; noPick=doubler",
            "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "form.csv:2:1: E-CSV-NEWEST-FIRST: rows 2-5 go from the newest timestamp to the oldest" in out
    assert "0 stored" in out and (not db.exists() or not _sessions(db))
    db2 = tmp_path / "k.duckdb"
    r = cli("ingest", write(tmp_path, "kitty.csv", KITTY), "--rules", "wi5-called-ace; pot=on", "--db", str(db2))
    assert "5 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db2) == {"Ann": -14, "Bob": 0, "Cal": 2, "Dee": 0, "Eve": 12}


def test_a_time_column_holding_its_date_too(tmp_path):
    """break22b F10: a spreadsheet saves a time cell with its day ('2026-12-05 00:05'): every row was refused, the
    date and the time glued.  By hand (rules.md B-27, B-32, B-33): h1 Bob picks, Cal partner, 75: Bob +2, Cal +1,
    Ann, Dot, Eve -1; h2 (00:05 the next day, the same night) Cal picks, Dot partner, 50: lost, 2 a defender: Cal -4,
    Dot -2, Ann, Bob, Eve +2.  One night: Ann +1, Bob +4, Cal -3, Dot -3, Eve +1."""
    text = ("Date,Time,Dealer,Picker,Partner,Points,Ann,Bob,Cal,Dot,Eve\n"
            "2026-12-04,2026-12-04 23:10,Ann,Bob,Cal,75,-1,2,1,-1,-1\n"
            "2026-12-04,2026-12-05 00:05,Bob,Cal,Dot,50,2,2,-4,-2,2\n")
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "t.csv", text), "--db", str(db))
    assert "2 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert _sessions(db) == ["CSV t 2026-12-04"]
    assert ledger(db) == {"Ann": 1, "Bob": 4, "Cal": -3, "Dot": -3, "Eve": 1}


def test_the_sheet_writes_a_german_scorers_games_as_their_statements(tmp_path):
    """break22b F8: 'Herz-Solo' and 'Schellen-Solo' showed on the sheet as plain 'solo', 'sauspiel eichel' as
    'sauspiel EICHEL' (the amounts were right)."""
    db = tmp_path / "sk.duckdb"
    cli("ingest", write(tmp_path, "runde.shn", SK_WORDS), "--db", str(db))
    with duckdb.connect(str(db), read_only=True) as con:
        (name,) = con.execute("SELECT session FROM sessions").fetchone()
    r = cli("sheet", name, "--db", str(db), "--json")
    import json  # noqa: PLC0415

    calls = [h["call"] for h in json.loads(r.output)["hands"]]
    assert calls == ["sauspiel EA", "sauspiel GA", "solo herz", "solo schellen"]


def test_invisible_characters_in_a_sheets_picker_cells(tmp_path):
    """break22b F7: the header's zero-width space and soft hyphen were dropped, the picker's and partner's cells'
    were not: the row refused.  By hand (rules.md B-33): Bob picks, Cal partner, 75: Bob +2, Cal +1, the others -1."""
    text = ("Date,Hand,Dealer,Picker,Partner,Points,Ann\u200b,Bob,Cal,Dot,E\u00adve\n"
            "2026-12-04,1,Ann,B\u200bob,Cal\u00ad,75,-1,2,1,-1,-1\n")
    db = tmp_path / "z.duckdb"
    r = cli("ingest", write(tmp_path, "zw.csv", text), "--db", str(db))
    assert "1 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Ann": -1, "Bob": 2, "Cal": 1, "Dot": -1, "Eve": -1}


def test_a_sit_out_sheet_writes_the_dealers_cell_0(tmp_path):
    """break22b F6: six players, wi6-sit-out, no Dealer column, the dealer's cell written 0 (row 2) or left blank:
    the 0 was refused E-DEALER ('write dealer S on the hand line').  Every seat that plays a picked hand pays or is
    paid (rules.md B-31), so the one 0 is the dealer.  By hand (F-1, B-27, B-32, B-33): h1 Ann deals, Bob picks, Cal
    partner, 75: Bob +2, Cal +1, Dot, Eve, Fay -1; h2 Bob deals: Cal +2, Dot +1, Ann, Eve, Fay -1; h3 Cal deals: Dot
    +2, Eve +1, Ann, Bob, Fay -1; h4 Dot deals (0): Eve +2, Fay +1, Ann, Bob, Cal -1; h5 Eve deals, Fay picks, Ann
    partner, 50: lost, 2 a defender: Fay -4, Ann -2, Bob, Cal, Dot +2.  Totals Ann -5, Bob +2, Cal +4, Dot +4, Eve +1,
    Fay -6 (zero-sum)."""
    text = ("Date,Hand,Picker,Partner,Points,Ann,Bob,Cal,Dot,Eve,Fay\n"
            "2026-12-04,1,Bob,Cal,75,0,2,1,-1,-1,-1\n"
            "2026-12-04,2,Cal,Dot,75,-1,,2,1,-1,-1\n"
            "2026-12-04,3,Dot,Eve,75,-1,-1,,2,1,-1\n"
            "2026-12-04,4,Eve,Fay,75,-1,-1,-1,0,2,1\n"
            "2026-12-04,5,Fay,Ann,50,-2,2,2,2,,-4\n")
    db = tmp_path / "six.duckdb"
    r = cli("ingest", write(tmp_path, "six2.csv", text), "--rules", "wi6-sit-out", "--db", str(db))
    assert "5 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Ann": -5, "Bob": 2, "Cal": 4, "Dot": 4, "Eve": 1, "Fay": -6}


def test_more_of_a_german_scorers_words(tmp_path):
    """break22b F13: 'sauspiel Eichel-Sau', 'sauspiel schelle' and 'Eichel-Wenz' (a Farbwenz with Eichel trump) were
    refused.  By hand (schafkopf-bsv, rules.md G-6, G-8, G-14; 10 a Sauspiel, 50 a Farbwenz as a single game): h1
    Sepp and Hias win with the Eichel-Sau, 75: +10 each, Resi and Vroni -10; h2 Hias and Sepp with the Schellen-Sau,
    75: the same; h3 Resi's Eichel-Wenz, 70: +150, the others -50.  Totals Sepp -30, Hias -30, Resi +130, Vroni -70."""
    text = ('%SHN 1.0\n[Event "X"]\n[Date "2026.12.09"]\n[Seats "Sepp; Hias; Resi; Vroni"]\n[Rules "schafkopf-bsv"]\n'
            '[Cards "de"]\n\nhand 1  dealer Vroni\ngame Sepp sauspiel Eichel-Sau  partner Hias  laufende 0  pts 75  win\n'
            'hand 2  dealer Sepp\ngame Hias sauspiel schelle  partner Sepp  laufende 0  pts 75  win\n'
            'hand 3  dealer Hias\ngame Resi Eichel-Wenz  laufende 0  pts 70  win\n')
    db = tmp_path / "sk.duckdb"
    r = cli("ingest", write(tmp_path, "sk.shn", text), "--db", str(db))
    assert "3 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Sepp": -30, "Hias": -30, "Resi": 130, "Vroni": -70}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, call, sk_game, trump_suit FROM hands ORDER BY hand").fetchall() == [
            (1, "AC", "sauspiel", "H"), (2, "AD", "sauspiel", "H"), (3, None, "farbwenz", "C")]  # Herz trumps a Sauspiel


def test_voiding_a_ledger_sitting_without_session_says_how(tmp_path):
    """break22b F12: `shead void NAME` on a ledger's sitting said only 'no stored hand'."""
    db = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "club.csv", LEDGER), "--db", str(db))
    r = cli("void", "CSV club 2026-12-08", "--reason", "typo", "--db", str(db), ok=False)
    assert "'CSV club 2026-12-08' is a ledger's sitting, stored without hands: void it with --session" in \
        " ".join(r.output.split())
    assert ledger(db) == {"Ann": 1, "Bob": 1, "Cal": 2, "Dee": -1, "Eve": -3}  # nothing changed


def test_a_workbook_formula_with_no_value_saved_is_named_at_its_cell(tmp_path):
    """break22 F5: a workbook written by a script (openpyxl saves a formula with no value) had Eve's '=-1' read as a
    blank cell: the row refused as a change of players at column 1.  Now refused at Eve's cell, with a warning of
    the formulas to save.  By hand (rules.md B-33): row 2, Ann picks, Bob partner, 75: Ann +2, Bob +1, the others
    -1, stored."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Jan 8"
    ws.append(["Date", "Picker", "Partner", "Points", "Result", "Ann", "Bob", "Cal", "Dot", "Eve"])
    ws.append(["2026-01-08", "Ann", "Bob", 75, "win", 2, 1, -1, -1, -1])
    ws.append(["2026-01-08", "Cal", "Dot", 75, "win", -1, -1, 2, 1, "=-1"])
    book = tmp_path / "league.xlsx"
    wb.save(book)
    db = tmp_path / "x.duckdb"
    r = cli("ingest", str(book), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "league.xlsx[Jan 8]:3:10: E-CSV-UNITS (hand 2): row 3: Eve's units '=-1' are not a whole number" in out
    assert "warning W-XLSX-FORMULA: the sheet 'Jan 8' holds formulas with no value saved with them (J3 '=-1')" in out
    assert "E-CSV-SEATS" not in out
    assert ledger(db) == {"Ann": 2, "Bob": 1, "Cal": -1, "Dot": -1, "Eve": -1}


def test_a_six_handed_night_under_five_handed_rules_says_which_rules(tmp_path):
    """real22b F3: a night of six with the dealer sitting out, read under the default five-handed rules: each row was
    refused 'dealer Gus is not a player of this sitting', with no word of the rules that seat six."""
    text = ("Date,Dealer,Picker,Partner,Points,Gus,Hank,Ida,Jo,Kurt,Lou\n"
            "2026-09-15,Gus,Hank,Ida,82,,2,1,-1,-1,-1\n")
    r = cli("ingest", write(tmp_path, "six.csv", text), "--db", str(tmp_path / "s.duckdb"), ok=False)
    out = " ".join(r.output.split())
    assert "six.csv:2:2: E-CSV-SEAT (hand 1): row 2: dealer 'Gus' is not a player of this sitting: Gus's cell is " \
           "blank: a dealer who sits out deals at a table of 6 (rules.md F-1): ingest this night with --rules for " \
           "that table (e.g. wi6-sit-out)" in out
    # under wi6-sit-out it is stored (rules.md F-1, B-33): Hank +2, Ida +1, Jo, Kurt, Lou -1, Gus 0
    db = tmp_path / "six.duckdb"
    cli("ingest", str(tmp_path / "six.csv"), "--rules", "wi6-sit-out", "--db", str(db))
    assert ledger(db) == {"Gus": 0, "Hank": 2, "Ida": 1, "Jo": -1, "Kurt": -1, "Lou": -1}


def test_a_line_of_two_thousand_joined_headers_is_read_without_overflowing(tmp_path):
    """A fuzzer's line (tests/test_stream_ingest.py's property found it): text followed by two thousand '%SHN 1.0'
    headers on one line was read by a recursion a header deep, and overflowed the stack (RecursionError).  It is
    read by a loop: no hand, no crash; a real hand after it is read."""
    from ingest.shn.reader import read  # noqa: PLC0415

    text = ('%SHN 1.0\n[Event "J"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n\nhand 1 dealer Ed\n'
            'pick Al call AH partner Bea pts 75 win\nnote' + "%SHN 1.0" * 2000 + "\n")
    shn = read(text, "j.shn")
    assert [h.number for h in shn.hands] == [1]
