"""Score sheets' defects found by outside testers in earlier sessions and left open (session 24: real22 F9,
real23b F8, real23 F8, break22b F11), each record written as a user would write it and each amount worked out by
hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json
import re

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest


def _sheet(db, session: str) -> dict:
    return json.loads(cli("sheet", session, "--db", str(db), "--json").output)


def _rows(db) -> dict[str, list]:
    """Every stored row of the tables a session's hands fill, in a fixed order (what must not change)."""
    with duckdb.connect(str(db), read_only=True) as con:
        return {t: con.execute(f"SELECT * FROM {t} ORDER BY ALL").fetchall()
                for t in ("sessions", "hands", "hand_source", "hand_units", "session_players", "session_hands")}


# -- real22 F9: a player column with letters beyond ASCII got an alias stripped of them ('Jürgen' -> 'Jrgen') -------

#: in/Y_umlaut2.csv as real22 wrote it.  By hand (rules.md B-27, B-33): Jürg picks, Jörg partner (AH), 70, a plain
#: win: Jürg +2, Jörg +1, Ann, Bob, Cal -1 (zero-sum).
UMLAUT2 = ("Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Jörg,Jürg\n"
           "2026-12-22,Ann,Jürg,Jörg,AH,70,W,-1,-1,-1,1,2\n")
#: in/X_umlaut.csv, then a second hand: Ann picks, Jürgen partner (AS), 45: lost, not schneidered (the defenders
#: 75 < 91, rules.md B-28), doubled on the bump (B-32): Ann -4, Jürgen -2, Bob, Cal, Dee +2 (zero-sum).  Night:
#: Ann -1-4 = -5, Bob +1+2 = +3, Cal -1+2 = +1, Dee -1+2 = +1, Jürgen +2-2 = 0.
UMLAUT = ("Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Jürgen\n"
          "2026-12-21,Ann,Jürgen,Bob,AH,70,W,-1,1,-1,-1,2\n")
UMLAUT_GROWN = UMLAUT + "2026-12-21,Bob,Ann,Jürgen,AS,45,L,-4,2,2,2,-2\n"


def test_a_player_column_keeps_its_letters_as_the_seat_alias(tmp_path):
    """real22 F9: the seats were 'Jrg' and 'Jrg2'; notation.md §5 lets an alias be letters of any alphabet."""
    db = tmp_path / "u.duckdb"
    rep = _ingest(write(tmp_path, "Y_umlaut2.csv", UMLAUT2), db)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    sheet = _sheet(db, "Y_umlaut2")
    assert sheet["players"] == {"Ann": "Ann", "Bob": "Bob", "Cal": "Cal", "Jörg": "Jörg", "Jürg": "Jürg"}
    (hand,) = sheet["hands"]
    assert (hand["dealer"], hand["picker"], hand["partner"]) == ("Ann", "Jürg", "Jörg")
    assert hand["units"] == {"Ann": -1, "Bob": -1, "Cal": -1, "Jörg": 1, "Jürg": 2}
    out = tmp_path / "y.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text(encoding="utf-8")
    assert '[Seats "Ann=Ann; Bob=Bob; Cal=Cal; Jörg=Jörg; Jürg=Jürg"]' in text
    assert "pick Jürg  call AH  partner Jörg  pts 70  win" in text
    back = tmp_path / "back.duckdb"  # the export reads back: the same totals
    assert _ingest(str(out), back)["ingested"] == 1
    assert ledger(back) == ledger(db) == {"Ann": -1, "Bob": -1, "Cal": -1, "Jörg": 1, "Jürg": 2}


def test_a_night_stored_under_stripped_aliases_keeps_them(tmp_path, monkeypatch):
    """A database stored before the fix holds 'Jrgen=Jürgen'.  The same sheet sent again is a duplicate (its hand
    read with the stored aliases; under 'Jürgen' it would be another text, E-HAND-CONFLICT), no stored row changes,
    and the sheet grown by a hand adds that hand to the stored night under the stored alias."""
    import ingest.csv_sheet as cs

    db = tmp_path / "old.duckdb"
    with monkeypatch.context() as m:  # the aliases as the sheet reader made them before (ASCII letters only)
        m.setattr(cs, "_ALIAS_BAD", re.compile(r"[^A-Za-z0-9_]"))
        assert _ingest(write(tmp_path, "X_umlaut.csv", UMLAUT), db)["ingested"] == 1
    assert _sheet(db, "X_umlaut")["players"]["Jrgen"] == "Jürgen"
    before = _rows(db)
    (tmp_path / "again").mkdir()
    rep = _ingest(write(tmp_path / "again", "X_umlaut (1).csv", UMLAUT), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (0, 1, [])
    assert _rows(db) == before
    (tmp_path / "grown").mkdir()
    rep = _ingest(write(tmp_path / "grown", "X_umlaut.csv", UMLAUT_GROWN), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (1, 1, [])
    assert {k: v for k, v in _rows(db).items() if k == "sessions"} == {"sessions": before["sessions"]}
    sheet = _sheet(db, "X_umlaut")
    assert [(h["hand"], h["picker"], h["partner"]) for h in sheet["hands"]] == [(1, "Jrgen", "Bob"),
                                                                              (2, "Ann", "Jrgen")]
    assert ledger(db) == {"Ann": -5, "Bob": 3, "Cal": 1, "Dee": 1, "Jürgen": 0}
    fresh = tmp_path / "new.duckdb"  # the same file into a new database: the letters kept, the same totals
    assert _ingest(write(tmp_path / "grown", "X_umlaut.csv", UMLAUT_GROWN), fresh)["ingested"] == 2
    assert [(h["picker"], h["partner"]) for h in _sheet(fresh, "X_umlaut")["hands"]] == [("Jürgen", "Bob"),
                                                                                        ("Ann", "Jürgen")]
    assert ledger(fresh) == ledger(db)


# -- real23b F8: in a sheet with notes typed with Enter, a message's place was a spreadsheet row or a file's line,
# -- a cell or a character, as the message went ---------------------------------------------------------------

#: Z_multiline_bad_row.csv as real23b wrote it (Google Sheets: CRLF rows, LF inside a quoted note).  Rows and the
#: file's lines: the header row 1 = line 1; hand 1 row 2 = lines 2-3 (its note over two lines); hand 2 row 3 = line 4;
#: hand 3 row 4 = lines 5-7 (a note over three); hand 4 row 5 = line 8; hand 5 row 6 = line 9; hand 6 row 7 = line
#: 10; Total row 8 = line 11.
MULTI = ('Date,Hand,Dealer,Picker,Call,Partner,Points,Result,Leaster,Notes,Gus,Hal,Ivy,Jo,Kim\r\n'
         '2026-12-04,1,Gus,Hal,AH,Ivy,75,W,,"Hal had\nboth black queens",-1,2,1,-1,-1\r\n'
         '2026-12-04,2,Hal,jo,AC,kim,60,L,,,2,2,2,-4,-2\r\n'
         '2026-12-04,3,Ivy,Kim,alone,,30,L,,"Kim went alone on\n""a feeling""\nnever again",4,4,4,4,-16\r\n'
         '2026-12-04,4,Jo,Gus,AS,Hal,91,W,,,4,2,-2,-2,-1\r\n'
         '2026-12-04,5,Kim,,,,,,Ivy,everyone passed,-1,-1,4,-1,-1\r\n'
         '2026-12-04,6,Gus,Ivy,AC,Gus,120,W,,,3,-3,6,-3,-3\r\n'
         'Total,,,,,,,,,,11,6,15,-7,-25\r\n')


def _places(rep: dict) -> list[tuple[str, int, int]]:
    return [(d["code"], d["line"], d["col"]) for d in rep["rejected"] + rep["warnings"]]


@pytest.mark.parametrize("stream", [False, True])
def test_a_sheet_with_notes_over_lines_places_every_message_at_the_files_line(tmp_path, monkeypatch, stream):
    """By hand (rules.md B-27..B-33, DOB on): h1 Hal picks, Ivy partner, 75: Hal +2, Ivy +1, the others -1; h2 Jo,
    Kim partner, 60, lost: Jo -4, Kim -2, the others +2; h3 Kim alone, 30, schneidered: Kim -16, the others +4; h4
    Gus, Hal partner, 91: schneider, Gus +4, Hal +2, Ivy, Jo, Kim -2 -- Kim's cell writes -1, so the row sums to +1:
    refused, E-SCORE-SUM at Kim's cell, column 15, on line 8 (it was said at 5:15, a spreadsheet row); h5 a leaster
    Ivy wins: Ivy +4, the others -1; h6 Ivy, Gus partner, 120 as written +6/+3/-3: no-tricker.  Stored: Gus -1+2+4-1
    +3 = +7, Hal 2+2+4-1-3 = +4, Ivy 1+2+4+4+6 = +17, Jo -1-4+4-1-3 = -5, Kim -1-2-16-1-3 = -23 (zero-sum).  The Total
    row writes Kim -25 where the rows (as written, h4's -1 among them) sum to -1-2-16-1-1-3 = -24: W-CSV-TOTALS at
    Kim's cell of line 11, 'row 8 (line 11)' (it was at 8:15, row 8 being no line of the file's Total)."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    db = tmp_path / "z.duckdb"
    rep = _ingest(write(tmp_path, "Z_multiline_bad_row.csv", MULTI), db)
    assert rep["ingested"] == 5
    assert _places(rep) == [("E-SCORE-SUM", 8, 15), ("W-CSV-TOTALS", 11, 15)]
    assert rep["rejected"][0]["hand"] == 4
    # break28 F7 (whole; read in batches since fixb29, session 29): the refused row left out of the sum -- the stored
    # rows' Kim -23; -25 holds with h4's -2
    assert rep["warnings"][0]["message"] == (
        "row 8 (line 11): the totals row writes Kim -25, but the stored rows above sum to -23; refused and not "
        "stored: row 5 (line 8) (E-SCORE-SUM, written Kim -1); the totals row holds if row 5 (line 8) writes Kim -2")
    assert ledger(db) == {"Gus": 7, "Hal": 4, "Ivy": 17, "Jo": -5, "Kim": -23}


def test_a_bad_cell_below_a_note_over_lines_is_said_at_its_line_and_cell(tmp_path):
    """Hand 4's Kim cell written '-1x': E-CSV-UNITS at line 8, Kim's cell 15, 'row 5 (line 8)'; the hands stored as
    above but for h4: Gus +7, Hal +4, Ivy +17, Jo -5, Kim -23."""
    db = tmp_path / "z.duckdb"
    rep = _ingest(write(tmp_path, "Z.csv", MULTI.replace(",-2,-2,-1\r\n", ",-2,-2,-1x\r\n")), db)
    assert _places(rep)[0] == ("E-CSV-UNITS", 8, 15)
    assert rep["rejected"][0]["message"].startswith("row 5 (line 8): Kim's units '-1x'")
    assert ledger(db) == {"Gus": 7, "Hal": 4, "Ivy": 17, "Jo": -5, "Kim": -23}


def test_a_nul_and_an_open_quote_below_notes_over_lines_are_at_the_files_line_and_cell(tmp_path):
    """Z2_multiline_nul_quote.csv: h4's note 'oops' + a NUL (Kim -2 now: the row adds up), h6's note opens a quote
    never closed.  W-NUL at line 8, the Notes cell 10 (it was 8:38, a character); E-CSV-QUOTE at line 10, the Notes
    cell (it was 7:10, the spreadsheet's row), 'row 7 (line 10)' ... 'before row 8 (line 11)'.  Every hand stored,
    by hand as above with h4 Gus +4, Hal +2, Ivy, Jo, Kim -2: Gus -1+2+4+4-1+3 = +11, Hal 2+2+4+2-1-3 = +6,
    Ivy 1+2+4-2+4+6 = +15, Jo -1-4+4-2-1-3 = -7, Kim -1-2-16-2-1-3 = -25: the Total row's own figures."""
    text = MULTI.replace(",-2,-2,-1\r\n", ",-2,-2,-2\r\n").replace("91,W,,,", "91,W,,oops\x00,")
    text = text.replace("120,W,,,", '120,W,,"unclosed,')
    db = tmp_path / "z.duckdb"
    rep = _ingest(write(tmp_path, "Z2.csv", text), db)
    assert rep["ingested"] == 6
    assert _places(rep) == [("E-CSV-QUOTE", 10, 10), ("W-NUL", 8, 10)]
    msg = rep["rejected"][0]["message"]
    assert msg.startswith("row 7 (line 10): the quote opening this cell") and "before row 8 (line 11)," in msg
    assert ledger(db) == {"Gus": 11, "Hal": 6, "Ivy": 15, "Jo": -7, "Kim": -25}


def test_a_nul_in_a_plain_sheet_is_at_its_cell_as_the_rows_error(tmp_path):
    """E_nul-2026-12-04.csv: a NUL after the Notes cell's 'ok' (row 2) and after Hal's '2' (row 3): W-NUL at 2:8 and
    3:10 (they were 2:25 and 3:26, characters), 3:10 being where E-CSV-UNITS refuses hand 2.  Stored h1 Hal picks,
    Ivy partner, 75: Hal +2, Ivy +1, the others -1; h3 Kim alone, 30, schneidered: Kim -16, the others +4.  Gus +3,
    Hal +6, Ivy +5, Jo +3, Kim -17."""
    text = ("Hand,Dealer,Picker,Call,Partner,Points,Result,Notes,Gus,Hal,Ivy,Jo,Kim\n"
            "1,Gus,Hal,AH,Ivy,75,W,ok\x00,-1,2,1,-1,-1\n"
            "2,Hal,Jo,AC,Kim,60,L,,2,2\x00,2,-4,-2\n"
            "3,Ivy,Kim,alone,,30,L,,4,4,4,4,-16\n")
    db = tmp_path / "e.duckdb"
    rep = _ingest(write(tmp_path, "E_nul-2026-12-04.csv", text), db)
    assert [p for p in _places(rep) if p[0] != "W-CSV-NIGHT"] == [("E-CSV-UNITS", 3, 10), ("W-NUL", 2, 8),
                                                                 ("W-NUL", 3, 10)]
    assert rep["rejected"][0]["message"].startswith("row 3: Hal's units")  # a plain sheet: row = line, said once
    assert ledger(db) == {"Gus": 3, "Hal": 6, "Ivy": 5, "Jo": 3, "Kim": -17}


# -- real23 F8: W-CSV-TOTALS on a money sheet named units only, where the cell says $1.00 ------------------------

#: money_badtotal.csv as real23 wrote it, read at --columns stake=0.25 under "wi5-called-ace; doubleOnBump=off".  By
#: hand (rules.md B-27..B-33 without DOB, E-2 a crack doubles): h1 Bea, Cy partner, 45: lost, Bea -2, Cy -1, Al, Di,
#: Ed +1; h2 Cy, Di partner, 95: schneider, Cy +4, Di +2, the others -2; h3 Di alone, 30: schneidered, Di -8, the
#: others +2; h4 Ed, Al partner, 70, cracked by Bea: x2, Ed +4, Al +2, the others -2.  Totals Al 1-2+2+2 = +3 ($0.75),
#: Bea -2-2+2-2 = -4 (-$1.00), Cy -1+4+2-2 = +3 ($0.75), Di 1+2-8-2 = -7 (-$1.75), Ed 1-2+2+4 = +5 ($1.25): the Total
#: row's Al $1.00 is +4 units, one too many.
MONEY = """date,hand,dealer,picker,partner,call,points,result,crack,Al,Bea,Cy,Di,Ed
2026-12-07,1,Al,Bea,Cy,AC,45,L,,$0.25,-$0.50,-$0.25,$0.25,$0.25
2026-12-07,2,Bea,Cy,Di,AS,95,W,,-$0.50,-$0.50,$1.00,$0.50,-$0.50
2026-12-07,3,Cy,Di,,alone,30,L,,$0.50,$0.50,$0.50,-$2.00,$0.50
2026-12-07,4,Di,Ed,Al,AH,70,W,Bea,$0.50,-$0.50,-$0.50,-$0.50,$1.00
Total,,,,,,,,,$1.00,-$1.00,$0.75,-$1.75,$1.25
"""
MONEY_RULES = ("--rules", "wi5-called-ace; doubleOnBump=off", "--columns", "stake=0.25")


def test_a_money_sheets_wrong_total_is_said_in_money_and_units(tmp_path):
    db = tmp_path / "m.duckdb"
    rep = _ingest(write(tmp_path, "money_badtotal.csv", MONEY), db, *MONEY_RULES)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    (w,) = rep["warnings"]
    assert (w["code"], w["line"], w["col"], w["found"], w["expected"]) == ("W-CSV-TOTALS", 6, 10, "$1.00",
                                                                           "$0.75 (+3)")
    assert w["message"] == ("row 6: the totals row writes Al $1.00 (+4 units at 0.25), but the rows above sum to "
                            "$0.75 (+3); the hands are stored as their rows write them")
    assert ledger(db) == {"Al": 3, "Bea": -4, "Cy": 3, "Di": -7, "Ed": 5}


def test_a_euro_sheets_wrong_total_is_said_as_its_cells_write_money(tmp_path):
    """The same night kept in euros by a German spreadsheet (';', decimal commas, '€' after the amount): Bea's Total
    cell '-1,25 €' is -5 units at 0.25 where her rows sum to -4 units = -1,00 €."""
    text = MONEY.replace(",", ";").replace("Total;;;;;;;;;$1.00;-$1.00", "Total;;;;;;;;;$0.75;-$1.25")
    text = "\n".join(";".join((c.replace("$", "").replace(".", ",") + " €") if "$" in c else c for c in line.split(";"))
                     for line in text.splitlines()) + "\n"
    assert "2026-12-07;1;Al;Bea;Cy;AC;45;L;;0,25 €;-0,50 €;" in text
    db = tmp_path / "e.duckdb"
    rep = _ingest(write(tmp_path, "euro.csv", text), db, *MONEY_RULES)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    (w,) = rep["warnings"]
    assert (w["code"], w["line"], w["col"]) == ("W-CSV-TOTALS", 6, 11)
    assert w["message"].startswith("row 6: the totals row writes Bea -1,25 € (-5 units at 0.25), but the rows above "
                                   "sum to -1,00 € (-4);")
    assert ledger(db) == {"Al": 3, "Bea": -4, "Cy": 3, "Di": -7, "Ed": 5}


# -- break22b F11: a running pad whose opening row carries money in the Pot refused hand 1 as a standing typed wrong -

#: R/run_pot_carry.csv as break22b wrote it (a pot of 5 carried in on the opening row) is read since session 25: the
#: carried pot is the pot's opening balance (tests/test_found25.py).  A Pot cell below 0 is no pot (rules.md D-19):
#: still refused at its cell, and the hands are judged with an empty pot.  Hand 1: Bob picks, Cal partner, 75: a
#: plain win (B-27, B-33), nothing to take: Bob +2, Cal +1, Ann, Dot, Eve -1 (standings 2, 0, -1, -3, -3); hand 2:
#: Cal picks, Dot partner, 50: lost, doubled on the bump (B-32): Cal -4, Dot -2, the others +2.
POT_BELOW_0 = """Date,Hand,Dealer,Picker,Partner,Points,Leaster,Ann,Bob,Cal,Dot,Eve,Pot
2026-12-04,,,,,,,3,-2,-2,-2,-2,-5
2026-12-04,1,Bob,Bob,Cal,75,,2,0,-1,-3,-3,-5
2026-12-04,2,Cal,Cal,Dot,50,,4,2,-5,-5,-1,-5
"""
POT_RULES = ("--rules", "wi5-called-ace; pot=on", "--columns", "units=running")


def test_a_pot_below_0_carried_into_a_running_pad_is_refused_at_its_cell(tmp_path):
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "run_pot_carry.csv", POT_BELOW_0), db, *POT_RULES)
    assert rep["ingested"] == 2
    pot = [e for e in rep["rejected"] if e["hand"] is None]
    assert [(e["code"], e["line"], e["col"], e["found"]) for e in pot] == [("E-CSV-POT", 2, 13, "-5")]
    assert "a pot never holds less than 0" in pot[0]["message"]
    assert ledger(db) == {"Ann": 1, "Bob": 4, "Cal": -3, "Dot": -3, "Eve": 1}


def test_an_opening_row_with_an_empty_pot_is_read_as_before(tmp_path):
    """The opening row's Pot cell 0 (or blank): nothing carried in, no E-CSV-POT; a pad whose hand 1 is Bob and Cal's
    plain win with nothing to take: Bob +2, Cal +1, the others -1 (standings 3-1 = 2, -2+2 = 0, -2+1 = -1, -3, -3),
    then hand 2 as above (Cal -4, Dot -2, the others +2: standings 4, 2, -5, -5, -1).  The night: Ann -1+2 = +1,
    Bob +2+2 = +4, Cal +1-4 = -3, Dot -1-2 = -3, Eve -1+2 = +1."""
    text = ("Date,Hand,Dealer,Picker,Partner,Points,Leaster,Ann,Bob,Cal,Dot,Eve,Pot\n"
            "2026-12-04,,,,,,,3,-2,-2,-2,-2,0\n"
            "2026-12-04,1,Bob,Bob,Cal,75,,2,0,-1,-3,-3,0\n"
            "2026-12-04,2,Cal,Cal,Dot,50,,4,2,-5,-5,-1,0\n")
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "run_pot_empty.csv", text), db, *POT_RULES)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Ann": 1, "Bob": 4, "Cal": -3, "Dot": -3, "Eve": 1}


def test_a_pot_cell_below_a_note_over_lines_is_said_at_its_line(tmp_path):
    """real23b F8, the sheet's other row messages: W-CSV-POT under pot=on below a two-line note.  h1 Bea picks, Cy
    partner, 61: Bea +2, Cy +1, Al, Di, Ed -1 (rules.md B-27, B-33), the pot empty, nothing taken; h2 Ed, Al partner,
    72: Ed +2, Al +1, the others -1, nothing into the pot (D-19: a won hand puts nothing in) -- its Pot cell writes 1:
    W-CSV-POT at row 3, the file's line 4, the Pot cell 15.  Totals Al 0, Bea +1, Cy 0, Di -2, Ed +1."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Notes,Al,Bea,Cy,Di,Ed,Pot\n"
            '2025-10-02,1,Ed,Bea,Cy,AC,61,W,"two\nlines",-1,2,1,-1,-1,0\n'
            "2025-10-02,2,Al,Ed,Al,AS,72,W,,1,-1,-1,-1,2,1\n")
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "pot.csv", text), db, "--rules", "wi5-called-ace; pot=on")
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert _places(rep) == [("W-CSV-POT", 4, 15)]
    assert rep["warnings"][0]["message"].startswith("row 3 (line 4): the Pot cell says the pot gets 1, but the hand")
    assert ledger(db) == {"Al": 0, "Bea": 1, "Cy": 0, "Di": -2, "Ed": 1}
