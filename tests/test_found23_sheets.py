"""Score sheets brought by break23 (session 23): the CSV and XLSX readers'
defects, each record written as a user would write it and each amount
worked out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest

HEADER = "Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al=Allen Braun,Bea=Bea Schmidt,Cy=Cy Ott,Di=Di Lenz,Ed=Ed Kahl"


def _where(report: dict) -> list[tuple[int, int, str, str]]:
    """Each refused hand's (line, column, code, found)."""
    return [(e["line"], e["col"], e["code"], e["found"]) for e in report["rejected"]]


# -- break23 F4: a hand numbered 0 was stored (its SHN export could not be read back); -1 refused for its order -----

#: b43_csv_hand_small.csv as break23 wrote it, after a first row numbered 1 (a night whose FIRST row is 0 is read
#: numbered from 0, +1: W-CSV-HAND-FROM-0, real23b F1): hands 1, 0, -1, 1e3, 2.5 and 7.  Rows 2 and 7 are hands:
#: hand 1, Bea picks, Cy partner (AC), 61: a plain win (rules.md B-27, B-33), Bea +2, Cy +1, Al, Di, Ed -1; hand 7,
#: Ed picks, Bea partner (AS), 72: Ed +2, Bea +1, Al, Cy, Di -1.  Totals Al -2, Bea +3, Cy 0, Di -2, Ed +1
SMALL = HEADER + """
2025-11-27,1,Di,Bea,Cy,AC,61,W,-1,2,1,-1,-1
2025-11-27,0,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1
2025-11-27,-1,Al,Ed,Al,AS,60,L,-2,2,2,2,-4
2025-11-27,1e3,Cy,Di,Ed,AH,95,W,-2,-2,-2,4,2
2025-11-27,2.5,Di,Ed,Bea,AS,72,W,-1,1,-1,-1,2
2025-11-27,7,Ed,Ed,Bea,AS,72,W,-1,1,-1,-1,2
"""


def test_hand_zero_and_negative_are_refused_at_their_cell(tmp_path):
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "small.csv", SMALL), db)
    assert rep["ingested"] == 2
    assert _where(rep) == [(3, 2, "E-CSV-HAND", "0"), (4, 2, "E-CSV-HAND", "-1"),
                           (5, 2, "E-CSV-HAND", "1e3"), (6, 2, "E-CSV-HAND", "2.5")]
    zero, minus = rep["rejected"][:2]
    assert "numbered from 1" in zero["message"] and "numbered from 1" in minus["message"]
    assert "after hand" not in minus["message"]  # -1 is no hand number, not a hand out of order
    assert ledger(db) == {"Allen Braun": -2, "Bea Schmidt": 3, "Cy Ott": 0, "Di Lenz": -2, "Ed Kahl": 1}


def test_a_sheet_whose_first_hand_is_zero_exports_to_shn_that_reads_back(tmp_path):
    """A night numbered from 0 (real23b F1: its hand 0 was refused, and the sheet renumbered from 1 as told then
    counted a hand twice) is read +1 with W-CSV-HAND-FROM-0: hand 1, Bea picks, Cy partner, 61: Bea +2, Cy +1, the
    others -1; hand 2, Ed picks, Al partner, 60: lost, doubled on the bump (rules.md B-32): Ed -4, Al -2, Bea, Cy, Di
    +2.  Totals Al -3, Bea +4, Cy +3, Di +1, Ed -5 (zero-sum); its SHN export reads back whole, and the sheet
    renumbered from 1 is the same two hands (duplicates)."""
    text = HEADER + "\n2025-11-27,0,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1\n2025-11-27,1,Al,Ed,Al,AS,60,L,-2,2,2,2,-4\n"
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "zero.csv", text), db)
    assert rep["ingested"] == 2 and rep["rejected"] == []
    assert [(w["code"], w["line"], w["col"]) for w in rep["warnings"]] == [("W-CSV-HAND-FROM-0", 2, 2)]
    want = {"Allen Braun": -3, "Bea Schmidt": 4, "Cy Ott": 3, "Di Lenz": 1, "Ed Kahl": -5}
    assert ledger(db) == want
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand FROM hands ORDER BY hand").fetchall() == [(1,), (2,)]
    renumbered = text.replace(",0,Ed,", ",1,Ed,").replace(",1,Al,", ",2,Al,")
    (tmp_path / "r").mkdir()
    again = _ingest(write(tmp_path / "r", "zero.csv", renumbered), db)
    assert (again["ingested"], again["duplicates"], again["rejected"]) == (0, 2, [])
    out = tmp_path / "back.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    db2 = tmp_path / "back.duckdb"
    rep2 = _ingest(str(out), db2)
    assert rep2["ingested"] == 2 and rep2["rejected"] == []
    assert ledger(db2) == want


# -- break23 F2: a hand number of 2^31 or more lost the whole file (E-STORE OverflowError at 1:1) ---------------------

#: b46_csv_hand_2p31.csv with a last row: hand 1 Bea picks, Cy partner (AC), 61: a plain win (rules.md B-27, B-33):
#: Bea +2, Cy +1, Al, Di, Ed -1; hand 2147483648 (one past the store's INTEGER) refused at its cell; hand 2147483647
#: (the highest SHN reads) Ed picks, Al partner (AS), 60: lost (B-27: 60 loses), doubled on the bump (B-32):
#: Ed -4, Al -2, Bea, Cy, Di +2.  Totals Al -3, Bea +4, Cy +3, Di +1, Ed -5 (zero-sum)
BIG = HEADER + """
2025-12-11,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1
2025-12-11,2147483648,Bea,Al,,alone,30,L,-16,4,4,4,4
2025-12-11,2147483647,Al,Ed,Al,AS,60,L,-2,2,2,2,-4
"""
BIG_TOTALS = {"Allen Braun": -3, "Bea Schmidt": 4, "Cy Ott": 3, "Di Lenz": 1, "Ed Kahl": -5}


def test_a_csv_hand_number_past_the_store_is_refused_alone(tmp_path):
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "big.csv", BIG), db)
    assert rep["ingested"] == 2
    assert _where(rep) == [(3, 2, "E-CSV-HAND", "2147483648")]  # no E-STORE at 1:1: the file's other hands stored
    assert rep["rejected"][0]["expected"] == "1..2147483647"
    assert ledger(db) == BIG_TOTALS
    assert "2147483647" in cli("replay", "CSV big 2025-12-11#2147483647", "--db", str(db)).output


def test_an_xlsx_hand_number_cell_of_1e12_is_refused_alone(tmp_path):
    """The same night in a workbook, the big hand number a number cell (Excel keeps 1e12 as a float)."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Dec 11"
    ws.append(HEADER.split(","))
    ws.append(["2025-12-11", 1, "Ed", "Bea", "Cy", "AC", 61, "W", -1, 2, 1, -1, -1])
    ws.append(["2025-12-11", 1e12, "Bea", "Al", None, "alone", 30, "L", -16, 4, 4, 4, 4])
    ws.append(["2025-12-11", 2147483647, "Al", "Ed", "Al", "AS", 60, "L", -2, 2, 2, 2, -4])
    path = tmp_path / "big.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    rep = _ingest(str(path), db)
    assert rep["ingested"] == 2
    assert _where(rep) == [(3, 2, "E-CSV-HAND", "1000000000000")]
    assert rep["rejected"][0]["file"].endswith("big.xlsx[Dec 11]")
    assert ledger(db) == BIG_TOTALS


# -- break23 F6: cells beyond the header's columns were dropped without a word -------------------------------------

#: b12_extra_cells.csv as break23 wrote it: row 3 ends with a 7, row 4 with blank cells, row 5 with 'oops' and -3.
#: By hand (rules.md B-27, B-28, B-32, B-33, I-12): h1 Bea picks, Cy partner, 61: Bea +2, Cy +1, Al, Di, Ed -1; h2 Ed
#: picks, Al partner, 60: lost on the bump, Ed -4, Al -2, Bea, Cy, Di +2; h3 Al alone, 30: lost, 4 a defender:
#: Al -16, the others +4; h4 Di picks, Ed partner, 95: schneider, 2 a defender: Di +4, Ed +2, Al, Bea, Cy -2.
#: Totals Al -21, Bea +6, Cy +5, Di +9, Ed +1 (zero-sum); the cells beyond column 13 change nothing
EXTRA = HEADER + """
2025-05-08,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1
2025-05-08,2,Al,Ed,Al,AS,60,L,-2,2,2,2,-4,7
2025-05-08,3,Bea,Al,,alone,30,L,-16,4,4,4,4,,,
2025-05-08,4,Cy,Di,Ed,AH,95,W,-2,-2,-2,4,2,oops,-3
"""
EXTRA_TOTALS = {"Allen Braun": -21, "Bea Schmidt": 6, "Cy Ott": 5, "Di Lenz": 9, "Ed Kahl": 1}


def _warned(report: dict, code: str) -> list[tuple[int, int, str]]:
    return [(w["line"], w["col"], w["found"]) for w in report["warnings"] if w["code"] == code]


@pytest.mark.parametrize("stream", [False, True])
def test_cells_beyond_the_header_are_said_at_the_first_of_each_row(tmp_path, monkeypatch, stream):
    if stream:  # the sheet read in batches of one hand (ingest/csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "extra.csv", EXTRA), db)
    assert rep["ingested"] == 4 and rep["rejected"] == []
    assert _warned(rep, "W-CSV-EXTRA") == [(3, 14, "7"), (5, 14, "oops")]  # row 4's trailing blanks are no cells
    assert "not read" in rep["warnings"][0]["message"]
    assert ledger(db) == EXTRA_TOTALS


def test_a_cell_beyond_the_header_of_a_sheet_without_a_date_column(tmp_path):
    """The night's date from the file name (no Date column): the cell after the last header was read as the row's
    date, and the hand refused (E-CSV-DATE 'Di late').  h1 as above: Bea +2, Cy +1, Al, Di, Ed -1; h2 Ed picks, Al
    partner, 60: Ed -4, Al -2, Bea, Cy, Di +2.  Totals Al -3, Bea +4, Cy +3, Di +1, Ed -5."""
    text = ("Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed\n"
            "1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1,,left at 11\n"
            "2,Al,Ed,Al,AS,60,L,-2,2,2,2,-4,Di late\n")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "night 2025-05-08.csv", text), db)
    assert rep["ingested"] == 2 and rep["rejected"] == []
    assert _warned(rep, "W-CSV-EXTRA") == [(2, 14, "left at 11"), (3, 13, "Di late")]
    assert ledger(db) == {"Al": -3, "Bea": 4, "Cy": 3, "Di": 1, "Ed": -5}  # the header's names, no full names


def test_many_rows_with_cells_beyond_the_header_are_said_in_one_more_warning(tmp_path):
    """Eight hands, each with a 'x' after the header's last column: the first five rows each a warning, rows 7-9
    one warning naming them.  Each hand Bea picks, Cy partner, 61: Bea +2, Cy +1, the others -1 (rules.md B-33);
    eight of them: Bea +16, Cy +8, Al, Di, Ed -8."""
    text = HEADER + "\n" + "".join(f"2025-05-08,{n},Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1,x\n" for n in range(1, 9))
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "many.csv", text), db)
    assert rep["ingested"] == 8
    got = [w for w in rep["warnings"] if w["code"] == "W-CSV-EXTRA"]
    assert [(w["line"], w["col"]) for w in got] == [(2, 14), (3, 14), (4, 14), (5, 14), (6, 14), (7, 14)]
    assert "3 more rows" in got[-1]["message"] and got[-1]["message"].endswith("rows 7, 8, 9")
    assert ledger(db) == {"Allen Braun": -8, "Bea Schmidt": 16, "Cy Ott": 8, "Di Lenz": -8, "Ed Kahl": -8}


# -- break23 F1: a quote never closed swallowed every row after it into its cell ("2 stored, 0 rejected") ----------

NOTES = HEADER + ",Notes"

#: b34_open_quote_notes.csv as break23 wrote it: row 3's Notes cell opens a quote it never closes.  By hand
#: (rules.md B-27, B-28, B-32, B-33, I-12): h1 Bea picks, Cy partner, 61: Bea +2, Cy +1, Al, Di, Ed -1; h2 Ed picks,
#: Al partner, 60: lost on the bump, Ed -4, Al -2, Bea, Cy, Di +2; h3 Al alone, 30: Al -16, the others +4; h4 Di
#: picks, Ed partner, 95: schneider, Di +4, Ed +2, Al, Bea, Cy -2; h5 Ed picks, Bea partner, 72: Ed +2, Bea +1,
#: Al, Cy, Di -1.  Totals Al -22, Bea +7, Cy +4, Di +8, Ed +3 (zero-sum).  Stored before: hands 1-2 only, hands 3-5
#: as hand 2's note, Al -3, Bea +4, Cy +3, Di +1, Ed -5, with no word
OPEN_NOTE = NOTES + """
2025-09-25,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1,"Bea's 6" boot
2025-09-25,2,Al,Ed,Al,AS,60,L,-2,2,2,2,-4,"what a hand
2025-09-25,3,Bea,Al,,alone,30,L,-16,4,4,4,4,
2025-09-25,4,Cy,Di,Ed,AH,95,W,-2,-2,-2,4,2,schneider
2025-09-25,5,Di,Ed,Bea,AS,72,W,-1,1,-1,-1,2,
"""
OPEN_NOTE_TOTALS = {"Allen Braun": -22, "Bea Schmidt": 7, "Cy Ott": 4, "Di Lenz": 8, "Ed Kahl": 3}


def _file_errors(report: dict) -> list[tuple[int, int, str, str]]:
    """The file's errors (no hand's): (line, column, code, found)."""
    return [(e["line"], e["col"], e["code"], e["found"]) for e in report["rejected"] if e["hand"] is None]


@pytest.mark.parametrize("stream", [False, True])
def test_a_quote_never_closed_is_said_at_the_quote_and_the_rows_after_it_read(tmp_path, monkeypatch, stream):
    if stream:  # the sheet read in batches of two hands (ingest/csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "notes.csv", OPEN_NOTE), db)
    assert rep["ingested"] == 5
    assert _file_errors(rep) == [(3, 14, "E-CSV-QUOTE", '"what a hand + 1 line')]  # row 3, the Notes cell
    assert "row 4, which reads as a row of the sheet" in rep["rejected"][0]["message"]
    assert ledger(db) == OPEN_NOTE_TOTALS
    assert 'Note:    "what a hand\n' in cli("replay", "CSV notes 2025-09-25#2", "--db", str(db)).output


def test_a_quote_in_the_result_cell_refuses_its_row_alone(tmp_path):
    """b30_open_quote.csv: row 3's Result cell is '"L', never closed; its row refused (E-OUTCOME at the cell), and row
    4 (hand 3) no longer vanishes.  Stored: h1 Bea +2, Cy +1, Al, Di, Ed -1; h3 Al alone 30: Al -16, the others +4.
    Totals Al -17, Bea +6, Cy +5, Di +3, Ed +3."""
    text = HEADER + """
2025-09-18,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1
2025-09-18,2,Al,Ed,Al,AS,60,"L,-2,2,2,2,-4
2025-09-18,3,Bea,Al,,alone,30,L,-16,4,4,4,4
"""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "quote.csv", text), db)
    assert rep["ingested"] == 2
    assert _file_errors(rep) == [(3, 8, "E-CSV-QUOTE", '"L,-2,2,2,2,-4 + 1 line')]
    assert [(e["line"], e["col"], e["code"], e["hand"]) for e in rep["rejected"] if e["hand"] is not None] == \
        [(3, 8, "E-OUTCOME", 2)]
    assert ledger(db) == {"Allen Braun": -17, "Bea Schmidt": 6, "Cy Ott": 5, "Di Lenz": 3, "Ed Kahl": 3}


def test_a_note_typed_with_enter_is_one_cell_and_a_last_open_quote_is_said(tmp_path):
    """A Notes cell over two lines (Enter in Google Sheets), its quote closed: one row, the note kept as one line.
    The last row's note opens a quote the file never closes: said at that cell (row 4: the file's line 5, after the
    two-line note), the hand stored.  By hand: h1 Bea +2, Cy +1, Al, Di, Ed -1; h2 Ed -4, Al -2, Bea, Cy, Di +2;
    h3 Al alone 30: Al -16, the others +4.  Totals Al -1-2-16 = -19, Bea 2+2+4 = +8, Cy 1+2+4 = +7, Di -1+2+4 = +5,
    Ed -1-4+4 = -1 (zero-sum)."""
    text = NOTES + """
2025-09-25,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1,"nice hand, 3 trumps,
Ed called it"
2025-09-25,2,Al,Ed,Al,AS,60,L,-2,2,2,2,-4,
2025-09-25,3,Bea,Al,,alone,30,L,-16,4,4,4,4,"what a hand
"""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "enter.csv", text), db)
    assert rep["ingested"] == 3
    assert _file_errors(rep) == [(5, 14, "E-CSV-QUOTE", '"what a hand')]  # line 5 of the file (real23b F8)
    assert rep["rejected"][0]["message"].startswith("row 4 (line 5): the quote opening this cell")
    assert "not closed before the end of the file:" in rep["rejected"][0]["message"]
    assert "Note:    nice hand, 3 trumps, Ed called it\n" in cli("replay", "CSV enter 2025-09-25#1", "--db",
                                                                 str(db)).output
    assert ledger(db) == {"Allen Braun": -19, "Bea Schmidt": 8, "Cy Ott": 7, "Di Lenz": 5, "Ed Kahl": -1}


# -- break23b F1: a semicolon or tab sheet with a cell beyond the header was read as one column ----------------------

@pytest.mark.parametrize("sep", [";", "\t"])
@pytest.mark.parametrize("stream", [False, True])
def test_a_semicolon_or_tab_sheet_with_a_cell_too_many_is_read_by_its_separator(tmp_path, monkeypatch, sep, stream):
    """break23b F1: one row with a cell beyond the header (';7') made the csv module's sniffer give up, and the sheet
    was read as one column: refused whole at 1:1 with a --columns error never given.  By hand (rules.md B-27..B-33,
    double on the bump): h1 Bea +2, Cy +1, the others -1; h2 Ed and Al lose 60: Ed -4, Al -2, the others +2; h3 Al
    alone, 30, schneidered: -16, the others +4; h4 Di, Ed partner, 95, schneider: Di +4, Ed +2, the others -2; h5
    Ed, Bea partner, 72: Ed +2, Bea +1, the others -1.  Al -22, Bea +7, Cy +4, Di +8, Ed +3 (zero-sum)."""
    if stream:  # read in batches, as a large sheet is
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    rows = [HEADER.split(","),
            "2025-10-02,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1".split(","),
            "2025-10-02,2,Al,Ed,Al,AS,60,L,-2,2,2,2,-4,7".split(","),
            "2025-10-02,3,Bea,Al,,alone,30,L,-16,4,4,4,4".split(","),
            "2025-10-02,4,Cy,Di,Ed,AH,95,W,-2,-2,-2,4,2".split(","),
            "2025-10-02,5,Di,Ed,Bea,AS,72,W,-1,1,-1,-1,2".split(",")]
    text = "".join(sep.join(r) + "\n" for r in rows)
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "semi.csv", text), db)
    assert rep["ingested"] == 5 and rep["rejected"] == []
    assert [(w["code"], w["line"], w["col"]) for w in rep["warnings"]] == [("W-CSV-EXTRA", 3, 14)]
    assert ledger(db) == {"Allen Braun": -22, "Bea Schmidt": 7, "Cy Ott": 4, "Di Lenz": 8, "Ed Kahl": 3}


# -- real23b F6: an amount with thousands separators ('$1,000.00', Excel's currency format) ------------------------

def test_money_cells_with_thousands_separators(tmp_path):
    """real23b F6: '$1,000.00' was refused as 'not a whole number of units' (read as 1.00000).  A high-stakes night
    at $500 a unit (--columns stake=500): Bea picks, Cy partner, 61, a plain win (rules.md B-27, B-33): Bea +2 units
    = $1,000.00, Cy +1 = $500.00, Al, Di, Ed -1 = -$500.00 each (zero-sum).  '1,000' alone keeps its old reading
    (a decimal comma: 1), as does '0,50 €'."""
    from ingest.csv_sheet import money_value

    assert [money_value(t) for t in ("$1,000.00", "1.000,00 €", "$1,000,000", "($1,000.25)", "$1,000", "0,50 €")] \
        == [1000, 1000, 1000000, Fraction(-4001, 4), 1, Fraction(1, 2)]
    text = HEADER + '\n2025-10-02,1,Ed,Bea,Cy,AC,61,W,"-$500.00","$1,000.00","$500.00","-$500.00","-$500.00"\n'
    db = tmp_path / "m.duckdb"
    rep = _ingest(write(tmp_path, "money.csv", text), db, "--columns", "stake=500")
    assert rep["ingested"] == 1 and rep["rejected"] == [], rep
    assert ledger(db) == {"Allen Braun": -1, "Bea Schmidt": 2, "Cy Ott": 1, "Di Lenz": -1, "Ed Kahl": -1}


# -- real23b F4: a note typed with Enter whose second line reads like a row, its quote closed -----------------------

@pytest.mark.parametrize("stream", [False, True])
def test_a_closed_note_whose_second_line_reads_like_a_row_is_one_cell(tmp_path, monkeypatch, stream):
    """real23b F4: Google Sheets' note "Jo held<Enter>2, maybe 3 trump" is valid CSV (its quote closes, the row has
    the header's 13 cells), but its second line starts like a row ('2,'), so it was E-CSV-QUOTE and hand 2 refused
    twice.  By hand (rules.md B-27..B-33, double on the bump): h1 Hal picks, Ivy partner, 75: Hal +2, Ivy +1, the
    others -1; h2 Jo, Kim partner, 60, lost: Jo -4, Kim -2, the others +2; h3 Kim alone, 30, schneidered: Kim -16,
    the others +4.  Gus +5, Hal +8, Ivy +7, Jo -1, Kim -19 (zero-sum)."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    text = ('Hand,Dealer,Picker,Call,Partner,Points,Result,Notes,Gus,Hal,Ivy,Jo,Kim\n'
            '1,Gus,Hal,AH,Ivy,75,W,"Hal had 2 black queens",-1,2,1,-1,-1\n'
            '2,Hal,Jo,AC,Kim,60,L,"Jo held\n2, maybe 3 trump",2,2,2,-4,-2\n'
            '3,Ivy,Kim,alone,,30,L,,4,4,4,4,-16\n')
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "notes-2026-12-04.csv", text), db)
    assert rep["ingested"] == 3 and rep["rejected"] == [], rep
    assert "E-CSV-QUOTE" not in json.dumps(rep)
    assert ledger(db) == {"Gus": 5, "Hal": 8, "Ivy": 7, "Jo": -1, "Kim": -19}


# -- break23b F5: a row refused at its Hand cell, its place a stored hand's number ----------------------------------

def test_a_row_refused_at_its_hand_cell_stays_on_the_sheet(tmp_path):
    """break23b F5: a row whose Hand cell is refused (2147483648) is numbered by its place, 2, which the next row's
    hand 2 also is: the refusal vanished from `shead sheet`.  It is said by its place.  By hand (rules.md B-33): hand
    1 Bea picks, Cy partner, 61: Bea +2, Cy +1, Al, Di, Ed -1; hand 2 Ed picks, Bea partner, 72: Ed +2, Bea +1, Al, Cy,
    Di -1.  The sheet totals Al -2, Bea +3, Cy 0, Di -2, Ed +1."""
    text = HEADER + ("\n2025-12-11,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1"
                     "\n2025-12-11,2147483648,Bea,Al,,alone,30,L,-16,4,4,4,4"
                     "\n2025-12-11,2,Di,Ed,Bea,AS,72,W,-1,1,-1,-1,2\n")
    db = tmp_path / "s.duckdb"
    path = write(tmp_path, "big.csv", text)
    rep = _ingest(path, db)
    assert rep["ingested"] == 2 and _where(rep) == [(3, 2, "E-CSV-HAND", "2147483648")]
    sheet = " ".join(cli("sheet", "big", "--db", str(db)).output.split())
    assert "a hand with no number read refused, not stored: E-CSV-HAND at " in sheet and "big.csv:3:2" in sheet, sheet
    assert ledger(db) == {"Allen Braun": -2, "Bea Schmidt": 3, "Cy Ott": 0, "Di Lenz": -2, "Ed Kahl": 1}
