"""Spreadsheet exports a real league writes (ingest.csv_cells, ingest.csv_sheet): dates in the sheet's order,
units with a decimal comma or point, totals rows, result words and misdeal notes.

The tester's files (tests/fixtures/csv/, copied from /tmp/tester-s10/records/) and small sheets written here.
Every unit is worked by hand from rules.md (wi5-called-ace: five-handed called ace, double on the bump):
B-27 (61 wins, 60-60 loses), B-28 (schneider at 91 / 30), B-31 and B-33 (+2/+1/-1 a plain win, +4/+2/-2 a
schneider, +8 and -2 each alone schneider), B-32 (a loss doubled: -4/-2/+2, schneidered -8/-4/+4), D-4 (a
leaster +4/-1), E-1 (a crack doubles), B-4 (a misdeal: redealt, nobody pays), B-35 (each hand sums to 0).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import duckdb
from hypothesis import given
from hypothesis import strategies as hs
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.csv_cells import (is_totals_row, outcome_word, read_date, says_misdeal, serial_date,
                              sheet_date_order, whole_units)
from ingest.csv_sheet import read_csv
from ingest.stream import ingest_csv_stream
from ingest.validate import validate_text

FIX = Path(__file__).parent / "fixtures" / "csv"
P5 = ["Ann", "Bob", "Cal", "Dot", "Eve"]


def units_of(r) -> dict[int, dict[str, int]]:
    return {vh.outcome.hand: vh.outcome.units for vh in r.result.hands}


def outcomes(r) -> dict[int, str]:
    return {vh.outcome.hand: vh.outcome.outcome for vh in r.result.hands}


def dates(r) -> set[str]:
    return {vh.outcome.date for vh in r.result.hands}


def query(db: Path, sql: str) -> list[tuple]:
    """The rows of ``sql`` on the database ``db``, opened read-only."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.sql(sql).fetchall()
    finally:
        con.close()


def where(diags) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.col) for d in diags]


# r1_league.csv (the tester's league sheet: ';', BOM, 19.11.2026, units -1,00, a Total row), worked by hand:
# h1 Bob picks, Cal partner, 75 won: plain win (B-27, B-33) Bob +2 Cal +1 others -1.
# h2 Dot picks, Ann partner, 60 lost: 60-60 loses (B-27), doubled on the bump (B-32) Dot -4 Ann -2 others +2.
# h3 Eve alone, 91 win-s: schneider (B-28), alone (B-33) Eve +8, each of four -2.
# h4 leaster won by Bob (D-4): Bob +4, each other -1.
# h5 Ann picks, Bob partner, 30 lose-s, Cal cracked: schneidered (B-28) and doubled on the bump -8/-4/+4, the
#    crack x2 (E-1): Ann -16 Bob -8, Cal Dot Eve +8.
# h6 Cal picks, Eve partner, 90 won: plain (B-28: 90 is no schneider) Cal +2 Eve +1 others -1.
R1 = {1: {"Ann": -1, "Bob": 2, "Cal": 1, "Dot": -1, "Eve": -1},
      2: {"Ann": -2, "Bob": 2, "Cal": 2, "Dot": -4, "Eve": 2},
      3: {"Ann": -2, "Bob": -2, "Cal": -2, "Dot": -2, "Eve": 8},
      4: {"Ann": -1, "Bob": 4, "Cal": -1, "Dot": -1, "Eve": -1},
      5: {"Ann": -16, "Bob": -8, "Cal": 8, "Dot": 8, "Eve": 8},
      6: {"Ann": -1, "Bob": -1, "Cal": 2, "Dot": -1, "Eve": 1}}
R1_OUTCOMES = {1: "win", 2: "lose", 3: "win-s", 4: "leaster", 5: "lose-s", 6: "win"}
R1_TOTAL = {"Ann": -23, "Bob": -3, "Cal": 10, "Dot": -1, "Eve": 17}  # the sheet's own Total row (row 10)


def test_r1_decimal_commas_and_the_total_row():
    """-1,00 is -1 (a zero fraction); the Total row (row 10) is no hand, and its sums are the rows' own."""
    r = read_csv((FIX / "r1_league.csv").read_bytes(), "r1_league.csv")
    assert r.kind == "score-sheet" and r.players == P5
    assert not r.result.rejected and not r.result.errors
    assert units_of(r) == R1 and outcomes(r) == R1_OUTCOMES
    assert all(sum(u.values()) == 0 for u in R1.values())  # B-35
    assert {p: sum(u[p] for u in R1.values()) for p in P5} == R1_TOTAL
    assert dates(r) == {"2026-11-19"}  # 19.11.2026: a first part over 12, day-first


def test_r1_strict_stores_every_hand(tmp_path):
    """Before, the Total row was refused (E-CSV-DATE at row 10) and --strict stored nothing: now all six."""
    db = tmp_path / "s.duckdb"
    res = CliRunner().invoke(app, ["ingest", str(FIX / "r1_league.csv"), "--db", str(db), "--strict", "--json"])
    assert res.exit_code == 0, res.output
    got = json.loads(res.stdout)
    assert (got["ingested"], got["rejected"], got["warnings"]) == (6, [], [])
    total = query(db, "SELECT player, CAST(sum(units) AS INTEGER) FROM hand_units GROUP BY player")
    assert dict(total) == R1_TOTAL


def wrong_total(eve: str) -> bytes:
    """r1 with the Total row's Eve cell (row 10, column 16) written ``eve``."""
    text = (FIX / "r1_league.csv").read_text(encoding="utf-8-sig")
    assert text.count(";17,00") == 1
    return text.replace(";17,00", f";{eve}").encode()


def test_a_wrong_total_is_a_warning_naming_the_player():
    """Eve's hands sum to -1 +2 +8 -1 +8 +1 = +17; a Total of +16 is said at its cell, the hands stored."""
    r = read_csv(wrong_total("16,00"), "r1_league.csv")
    assert not r.result.rejected and units_of(r) == R1
    [w] = r.result.errors
    assert (w.code, w.severity, w.line, w.col, w.found, w.expected) == ("W-CSV-TOTALS", "warning", 10, 16, "+16",
                                                                        "+17")
    assert "Eve +16" in w.message and "sum to +17" in w.message


def test_a_wrong_total_in_batches_and_with_strict(tmp_path):
    """The streamed path says the same warning; --strict still stores the six hands (a warning is no error)."""
    f = tmp_path / "r1w.csv"
    f.write_bytes(wrong_total("16"))
    with st.Store(tmp_path / "a.duckdb") as store:
        rep, _ = ingest_csv_stream(store, f, batch=2)
    assert (rep.stored, rep.rejected) == (6, [])
    assert where(rep.file_errors) == [("W-CSV-TOTALS", 10, 16)]
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(tmp_path / "b.duckdb"), "--strict", "--json"])
    got = json.loads(res.stdout)
    assert got["ingested"] == 6 and [(w["code"], w["line"], w["col"]) for w in got["warnings"]] == [
        ("W-CSV-TOTALS", 10, 16)]


def test_r5b_totals_after_a_late_hand():
    """r5b adds h7: Dot picks, Eve partner, 88 won: plain (B-28) Dot +2 Eve +1 others -1; the Total row
    (Ann -24 Bob -4 Cal 9 Dot 1 Eve 18) is r1's plus h7's, so no warning."""
    r = read_csv((FIX / "r5b_league (1).csv").read_bytes(), "r5b_league (1).csv")
    assert not r.result.rejected and not r.result.errors
    h7 = {"Ann": -1, "Bob": -1, "Cal": -1, "Dot": 2, "Eve": 1}
    assert units_of(r) == {**R1, 7: h7}
    assert {p: R1_TOTAL[p] + h7[p] for p in P5} == {"Ann": -24, "Bob": -4, "Cal": 9, "Dot": 1, "Eve": 18}


def test_subtotals_and_a_grand_total():
    """A subtotal after each sitting and a grand total at the foot: each is checked against the rows since the
    last totals row, or since the first row."""
    sheet = ("Date,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dot,Eve\n"
             "2026-11-19,Bob,Cal,AH,75,won,-1,2,1,-1,-1\n"
             "Subtotal,,,,,,-1,2,1,-1,-1\n"
             "2026-11-20,Dot,Ann,AC,60,lost,-2,2,2,-4,2\n"
             "Subtotal,,,,,,-2,2,2,-4,2\n"
             "Total,,,,,,-3,4,3,-5,2\n")  # Eve: -1 +2 = +1, written +2
    r = read_csv(sheet.encode(), "sub.csv")
    assert not r.result.rejected and len(r.result.hands) == 2
    [w] = r.result.errors
    assert (w.code, w.line, w.col, w.found, w.expected) == ("W-CSV-TOTALS", 6, 11, "+2", "+1")


def test_totals_words():
    for word in ("Total", "TOTALS", "Summe", "Gesamt", "Totaal", "Total général", "total:", "Grand total", "Sum"):
        assert is_totals_row(word), word
    assert is_totals_row("", "Totals")  # the first cell
    for word in ("", "2026-11-19", "Totalitarian", "Bob"):
        assert not is_totals_row(word), word


# ---- dates


def test_r9_semicolons_read_03_12_day_first_with_a_warning():
    """r9 (';', BOM): every date is 03/12/2026, which reads either way; a ';'-separated sheet is a European
    export, so 3 December, and the warning says so at row 2, column 1 (the hands are stored)."""
    r = read_csv((FIX / "r9_ligue_fr.csv").read_bytes(), "r9_ligue_fr.csv")
    assert dates(r) == {"2026-12-03"}
    [w] = r.result.errors
    assert (w.code, w.severity, w.line, w.col, w.found) == ("W-CSV-DATE-ORDER", "warning", 2, 1, "03/12/2026")
    assert "day-first" in w.message and "2026-12-03" in w.message and "--columns date-order=mdy" in w.message
    forced = read_csv((FIX / "r9_ligue_fr.csv").read_bytes(), "r9_ligue_fr.csv",
                      columns="Date-Order=MDY,Ann=Ann Kraus")  # with a player's name: the setting is no column
    assert dates(forced) == {"2026-03-12"} and not forced.result.errors
    assert forced.names["Ann"] == "Ann Kraus" and forced.players == P5


def test_r9b_19_11_is_day_first():
    """19/11/2026: a first part over 12 makes the sheet day-first; Bob picks, Cal partner, 75 points and no
    result column: -1/+2/+1/-1/-1 is a plain win (B-33)."""
    r = read_csv((FIX / "r9b_uk_date.csv").read_bytes(), "r9b_uk_date.csv")
    assert not r.result.rejected and not r.result.errors
    assert dates(r) == {"2026-11-19"} and outcomes(r) == {1: "win"}


HAND = "Bob,Cal,AH,75,won,-1,2,1,-1,-1"
COMMA_HEAD = "Date,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dot,Eve\n"


def comma_sheet(*dates_: str, hand: str = HAND) -> bytes:
    return (COMMA_HEAD + "".join(f"{d},{hand}\n" for d in dates_)).encode()


def test_month_first_sheets():
    """11/19/2026: a second part over 12, month-first, so 03/12/2026 in the same sheet is 12 March."""
    r = read_csv(comma_sheet("03/12/2026", "11/19/2026"), "us.csv")
    assert dates(r) == {"2026-03-12", "2026-11-19"} and not r.result.errors


def test_an_ambiguous_comma_sheet_is_month_first_with_a_warning():
    r = read_csv(comma_sheet("03/12/2026", "03/12/2026"), "us.csv")
    assert dates(r) == {"2026-03-12"}
    [w] = r.result.errors
    assert (w.code, w.line, w.col) == ("W-CSV-DATE-ORDER", 2, 1)
    assert "month-first" in w.message and "--columns date-order=dmy" in w.message


def test_decimal_commas_and_dots_make_a_european_export():
    """A ','-separated sheet with quoted "-1,00" units, or dates written with dots, is read day-first."""
    hand = 'Bob,Cal,AH,75,won,"-1,00","2,00","1,00","-1,00","-1,00"'
    r = read_csv(comma_sheet("03/12/2026", hand=hand), "eu.csv")
    assert dates(r) == {"2026-12-03"} and units_of(r) == {1: R1[1]}
    assert "decimal commas" in r.result.errors[0].message
    r = read_csv(comma_sheet("03.12.2026"), "eu.csv")
    assert dates(r) == {"2026-12-03"}
    assert [w.code for w in r.result.errors] == ["W-CSV-DATE-ORDER"] and "dots" in r.result.errors[0].message


def test_iso_and_unambiguous_dates_say_nothing():
    r = read_csv(comma_sheet("2026-03-12", "2026.03.13", "05/05/2026"), "iso.csv")
    assert dates(r) == {"2026-03-12", "2026-03-13", "2026-05-05"} and not r.result.errors


def test_a_sheet_of_both_orders_refuses_its_slash_dates():
    """19/11/2026 (row 2) is day-first, 11/20/2026 (row 3) month-first: neither row is dated, each refusal
    names both cells; the ISO row 4 is stored.  Forced day-first, row 2 is 19 November and row 3 no date."""
    data = comma_sheet("19/11/2026", "11/20/2026", "2026-11-21")
    r = read_csv(data, "both.csv")
    assert dates(r) == {"2026-11-21"}
    errs = [e for h in r.result.rejected for e in h.errors]
    assert where(errs) == [("E-CSV-DATE-ORDER", 2, 1), ("E-CSV-DATE-ORDER", 3, 1)]
    assert all("'19/11/2026' at row 2, column 1" in e.message and "'11/20/2026' at row 3, column 1" in e.message
               and "--columns date-order=dmy" in e.message for e in errs)
    r = read_csv(data, "both.csv", columns="date-order=dmy")
    assert dates(r) == {"2026-11-19", "2026-11-21"}
    assert where(e for h in r.result.rejected for e in h.errors) == [("E-CSV-DATE", 3, 1)]


def test_a_date_serial_is_refused_naming_its_day():
    """A date column formatted as a number shows the day count (the 1900 system: serial 1 = 1900-01-01, serial
    60 the 1900-02-29 that never was, so 45658 = 2025-01-01). 2025 has 365 days: 2026-01-01 = 46023; 4 December
    is day 338 of 2026 (Jan-Nov 334 days + 4), so 46360 = 46023 + 337 = 2026-12-04; 46360.8125 is 19:30 that day.
    Still refused (never guessed); the refusal names the day and says to format the column as a date."""
    assert (serial_date("45658"), serial_date("46360"), serial_date("46360.8125")) == (
        "2025-01-01", "2026-12-04", "2026-12-04")
    # 1950-01-01: 50 years of 365 days + 12 leap days (1904..1948) after serial 1, + the phantom day: 18264;
    # 2100-01-01: 200 * 365 + 49 leap days (1904..2096) + 2 = 73051, so 2099-12-31 = 73050, the last taken
    assert (serial_date("18263"), serial_date("18264"), serial_date("73050"), serial_date("73051")) == (
        None, "1950-01-01", "2099-12-31", None)
    assert [serial_date(c) for c in ("3", "123456", "46,360", "4636O")] == [None] * 4
    r = read_csv(comma_sheet("46360", "46360.8125", "123456"), "serial.csv")
    errs = [e for h in r.result.rejected for e in h.errors]
    assert where(errs) == [("E-CSV-DATE", 2, 1), ("E-CSV-DATE", 3, 1), ("E-CSV-DATE", 4, 1)]
    assert [(e.found, e.expected) for e in errs] == [("46360", "YYYY-MM-DD"), ("46360.8125", "YYYY-MM-DD"),
                                                     ("123456", "YYYY-MM-DD")]
    for e in errs[:2]:
        assert "looks like a spreadsheet's date serial, 2026-12-04 in the 1900 date system" in e.message
        assert "format the date column as a date" in e.message
    assert "serial" not in errs[2].message and not r.result.hands


def test_a_bad_date_order_option():
    r = read_csv(comma_sheet("03/12/2026"), "x.csv", columns="date-order=ymd")
    assert [e.code for e in r.result.errors] == ["E-CSV-COLUMNS"] and "dmy" in r.result.errors[0].message


def test_the_streamed_sheet_reads_dates_in_the_sheets_order(tmp_path):
    """The batch path reads the whole file's order first: 03/12 on row 2 is day-first because of 19/11 on
    row 5, in another batch."""
    f = tmp_path / "big.csv"
    f.write_bytes(comma_sheet("03/12/2026", "03/12/2026", "03/12/2026", "19/11/2026"))
    db = tmp_path / "s.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_csv_stream(store, f, batch=1)
    assert (rep.stored, rep.rejected, rep.file_errors) == (4, [], [])
    got = query(db, "SELECT DISTINCT CAST(date AS VARCHAR) FROM sessions ORDER BY 1")
    assert got == [("2026-11-19",), ("2026-12-03",)]


def test_a_ledger_reads_its_dates_and_checks_its_totals():
    """A ledger of sitting totals (';', so day-first) with a Summe row: Cal's nets 3 December -3 and 4 December
    0 sum to -3, written -4."""
    data = "Date;Ann;Bob;Cal\n03/12/2026;5;-2;-3\n04/12/2026;-1;1;0\nSumme;4;-1;-4\n".encode()
    r = read_csv(data, "led.csv")
    assert r.kind == "ledger"
    assert [(s.date, s.units) for s in r.sittings] == [("2026-12-03", {"Ann": 5, "Bob": -2, "Cal": -3}),
                                                       ("2026-12-04", {"Ann": -1, "Bob": 1, "Cal": 0})]
    assert where(r.result.errors) == [("W-CSV-DATE-ORDER", 2, 1), ("W-CSV-TOTALS", 4, 4)]


@given(hs.dates(dt.date(2000, 1, 1), dt.date(2099, 12, 31)))
def test_a_date_reads_back_in_its_order(d):
    assert read_date(d.strftime("%d/%m/%Y"), "dmy") == d.isoformat()
    assert read_date(d.strftime("%m/%d/%Y"), "mdy") == d.isoformat()
    assert read_date(d.strftime("%d.%m.%y"), "dmy") == d.isoformat()
    assert read_date(d.isoformat(), None) == d.isoformat()


@given(hs.lists(hs.dates(dt.date(2000, 1, 13), dt.date(2099, 12, 31)).filter(lambda d: d.day > 12), min_size=1),
       hs.lists(hs.dates(dt.date(2000, 1, 1), dt.date(2099, 12, 12)).filter(lambda d: d.day <= 12)))
def test_a_day_over_12_makes_the_sheet_day_first(over, under):
    cells = [(k + 2, 1, d.strftime("%d/%m/%Y")) for k, d in enumerate([*under, *over])]
    assert sheet_date_order(cells).order == "dmy"
    assert sheet_date_order([(r, c, t.replace("/", ".")) for r, c, t in cells], "';'-separated").order == "dmy"


# ---- units


@given(hs.integers(-10_000, 10_000), hs.sampled_from([",00", ".00", ",0", ".0", ""]))
def test_a_zero_fraction_is_whole(n, frac):
    assert whole_units(f"{n}{frac}") == n
    assert whole_units(f"{n}{frac}".replace("-", "\u2212")) == n


def test_a_fraction_is_refused_at_its_cell():
    """Row 2's Bob wrote 2,50 (column 8 of the ';' sheet): E-CSV-UNITS there; 1,000 (a thousands separator or
    three decimals) likewise at row 3, column 9."""
    for s in ("1,50", "1,000", "0,5", "1.25"):
        assert whole_units(s) is None, s
    data = ("Date;Picker;Partner;Call;Points;Result;Ann;Bob;Cal;Dot;Eve\n"
            "03.12.2026;Bob;Cal;AH;75;won;-1,00;2,50;1,00;-1,00;-1,00\n"
            "03.12.2026;Bob;Cal;AH;75;won;-1;2;1,000;-1;-1\n"
            "03.12.2026;Bob;Cal;AH;75;won;-1.00;2.00;1.0;-1;-1\n").encode()
    r = read_csv(data, "frac.csv")
    errs = [e for h in r.result.rejected for e in h.errors]
    assert where(errs) == [("E-CSV-UNITS", 2, 8), ("E-CSV-UNITS", 3, 9)]
    assert "'2,50' are not whole" in errs[0].message
    assert units_of(r) == {3: R1[1]}


# ---- result words


# r13_wl.csv, worked by hand: h1 Bob picks, Cal partner, 75 'W': plain win (B-27) +2/+1/-1; h2 Cal picks, Dot
# partner, 40 'L': a loss (31..60, B-28), doubled on the bump (B-32) Cal -4 Dot -2 others +2; h3 Dot picks, Eve
# partner, 95 'Won (schneider)': schneider (91+, B-28) Dot +4 Eve +2 others -2.
R13 = {1: {"Ann": -1, "Bob": 2, "Cal": 1, "Dot": -1, "Eve": -1},
       2: {"Ann": 2, "Bob": 2, "Cal": -4, "Dot": -2, "Eve": 2},
       3: {"Ann": -2, "Bob": -2, "Cal": -2, "Dot": 4, "Eve": 2}}


def test_r13_w_and_l():
    r = read_csv((FIX / "r13_wl.csv").read_bytes(), "r13_wl.csv")
    assert not r.result.rejected and not r.result.errors
    assert outcomes(r) == {1: "win", 2: "lose", 3: "win-s"} and units_of(r) == R13
    src = {vh.outcome.hand: vh.source for vh in r.result.hands}
    assert "pts 75  win\n" in src[1] and "pts 40  lose\n" in src[2] and "pts 95  win-s\n" in src[3]


def test_a_w_at_schneider_points_is_a_schneider_win():
    """A sheet's 'W' (or 'win') says who won, not the tier (a tester's US Excel sheet, session 12): with 95
    points it is win-s (B-28: 91+), paid x2: Dot +4, Eve +2, the others -2 (I-3's schneider).  'W schneider'
    at 75 names a tier the points do not give: refused at the result cell (row 4, column 6)."""
    data = (COMMA_HEAD + "2026-12-02,Dot,Eve,AC,95,W,-2,-2,-2,4,2\n"
            "2026-12-02,Dot,Eve,AC,95,win,-2,-2,-2,4,2\n"
            "2026-12-02,Dot,Eve,AC,75,W schneider,-2,-2,-2,4,2\n").encode()
    r = read_csv(data, "w.csv")
    assert [(h.outcome.outcome, h.outcome.units["Dot"]) for h in r.result.hands] == [("win-s", 4), ("win-s", 4)]
    errs = [e for h in r.result.rejected for e in h.errors]
    assert where(errs) == [("E-OUTCOME", 4, 6)] and "that is win" in errs[0].message


def test_outcome_words_and_an_unreadable_cell():
    words = {"W": "win", "l": "lose", "won": "win", "Lost": "lose", "gew.": "win", "verl.": "lose",
             "Gewonnen": "win", "verloren schneider": "lose-s", "Won (schneider)": "win-s", "L schwarz": "lose-z",
             "win-z": "win-z", "perdu": "lose"}
    for text, want in words.items():
        assert outcome_word(text) == want, text
    for text in ("W?", "draw", "won (big)", "x"):
        assert outcome_word(text) is None, text
    r = read_csv(comma_sheet("2026-12-02", hand="Bob,Cal,AH,75,W?,-1,2,1,-1,-1"), "q.csv")
    [e] = [e for h in r.result.rejected for e in h.errors]
    assert (e.code, e.line, e.col, e.found) == ("E-OUTCOME", 2, 6, "W?")
    assert "--columns ignore=Result" in e.message


# ---- misdeals


def test_r9_misdeal_row():
    """r9 row 4: no picker, the note 'misdeal, Cal redealt', every unit 0: SHN's misdeal (B-4), nobody pays.
    h1 Bob 75 won (Cal partner): plain win; h2 Cal picks, Dot partner, 33 lost: a plain loss (31 escapes
    schneider, B-28) doubled on the bump (B-32): Cal -4 Dot -2 others +2."""
    r = read_csv((FIX / "r9_ligue_fr.csv").read_bytes(), "r9_ligue_fr.csv")
    assert not r.result.rejected
    assert outcomes(r) == {1: "win", 2: "lose", 3: "misdeal"}
    assert units_of(r) == {1: R1[1], 2: {"Ann": 2, "Bob": 2, "Cal": -4, "Dot": -2, "Eve": 2},
                           3: dict.fromkeys(P5, 0)}
    src = {vh.outcome.hand: vh.source for vh in r.result.hands}
    # the Notes cell kept as the hand's annotation (sheet18 F1b)
    assert src[3] == "hand 3 {misdeal, Cal redealt}  dealer Cal\nmisdeal\nscore Ann +0 Bob +0 Cal +0 Dot +0 Eve +0\n\n"


def test_misdeal_notes_stored_as_shn_and_read_back(tmp_path):
    """Blank units on a redeal row: the sitting's table, no score; a 'misdeal' note on a row where units were
    paid is no misdeal (row 4: E-CSV-HAND).  Stored, exported as SHN and read again: the same hands."""
    f = tmp_path / "md.csv"
    f.write_text("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dot,Eve\n"
                 "2026-12-03,1,Ann,Bob,Cal,AH,75,won,,-1,2,1,-1,-1\n"
                 "2026-12-03,2,Bob,,,,,,Fehlgeben - neu gegeben,,,,,\n"
                 "2026-12-03,3,Cal,,,,,,misdeal but Dot paid,0,0,0,2,-2\n")
    r = read_csv(f.read_bytes(), "md.csv")
    assert outcomes(r) == {1: "win", 2: "misdeal"} and units_of(r)[2] == dict.fromkeys(P5, 0)
    assert [(h.hand, where(h.errors)) for h in r.result.rejected] == [(3, [("E-CSV-HAND", 4, 4)])]  # at the Picker cell (break33 F8)
    db = tmp_path / "s.duckdb"
    assert CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 1  # row 4 refused
    out = tmp_path / "x.shn"
    assert CliRunner().invoke(app, ["export", "--format", "shn", "--out", str(out), "--db", str(db)]).exit_code == 0
    back = validate_text(out.read_text(), path="x.shn")
    assert not back.rejected
    assert {vh.outcome.hand: (vh.outcome.outcome, vh.outcome.units) for vh in back.hands} == {
        1: ("win", R1[1]), 2: ("misdeal", dict.fromkeys(P5, 0))}


def test_misdeal_words():
    for text in ("misdeal", "Misdealt, Cal redealt", "REDEAL", "re-deal", "Fehlgeben", "vergeben", "neu gegeben"):
        assert says_misdeal(text), text
    for text in ("", "dealt fast", "deal again later?", "misdealing-free night"):
        assert not says_misdeal(text), text
