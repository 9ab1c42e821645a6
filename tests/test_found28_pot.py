"""The pot carried from night to night (session 28, fixa28): real27b F1 (a pot=on night that opens with an empty
pot, or another pot than its group's last night left, without a word) and F2 (the Ledger page's "The pot" table
showing a night's net as what the pot holds), /tmp/s27/real27b/FINDINGS.md.  Each record is written as the group's
scorer wrote it; every amount worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's
figure was read.

Five-handed called ace (rules.md B-33), doubleOnBump on (B-32), pot=on (D-19; docs/notation.md §12 "The pot": each
no-pick hand every player puts 1 unit in; a winning picker side takes the whole pot, the partner a quarter rounded
down, the picker the rest; a losing one pays the same amounts in).

Night 1 (2026.12.01), real27b's pot1.shn:
  h1 leaster Ann: Ann +4 -1 = +3, the others -1 -1 = -2 each; the pot +5 (holds 5).
  h2 Cal picks, Dot partner, 50: a plain loss doubled on the bump (B-28, B-32): Cal -4, Dot -2, the others +2;
     the side pays the pot's 5 in (Dot a quarter, 1; Cal 4): Cal -8, Dot -3; the pot +5 (holds 10).
  h3 leaster Dot: the pot +5 (holds 15).  The night ends with 15 in the pot.
Night 2 (2026.12.08) h1 Bob picks, Eve partner, 95 schneider (B-28 tier 2): Bob +4, Eve +2, the others -2; with the
  15 carried: Eve 15 // 4 = 3, Bob 12: Bob +16, Eve +5, the pot -15.  With no pot written it opens at 0: Bob +4,
  Eve +2 and the 15 units vanish; with `pot 12`: Eve 3, Bob 9: Bob +13, Eve +5, 3 units vanish.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ingest_json as _ingest
from tests.cli_helpers import ledger, write

HEAD = """%SHN 1.0
[Event "Tuesday Pot Game"]
[Date "{date}"]
[Seats "Ann=Ann Koch; Bob=Bob Lange; Cal=Cal Stein; Dot=Dot Frey; Eve=Eve Busch"]
[Rules "wi5-called-ace; pot=on"]

"""
NIGHT1 = HEAD.format(date="2026.12.01") + """hand 1  dealer Eve
leaster Ann
score Ann +3 Bob -2 Cal -2 Dot -2 Eve -2

hand 2  dealer Ann
pick Cal  call AS  partner Dot  pts 50  lose

hand 3  dealer Bob
leaster Dot
"""
#: night 2's hand 1 is line 7 of its file (the header's 5 lines and a blank line above it)
NIGHT2 = HEAD.format(date="2026.12.08") + """hand 1  dealer Eve{pot}
pick Bob  call AH  partner Eve  pts 95  win-s

hand 2  dealer Ann
pick Ann  alone  pts 61  win
"""
POT_RULES = ("--rules", "wi5-called-ace; pot=on")


def _carry(rep: dict) -> list[tuple]:
    """The W-POT-CARRY warnings of an ingest --json report: (file's name, line, col, hand, found, expected)."""
    return [(w["file"].replace("\\", "/").rsplit("/", 1)[-1], w["line"], w["col"], w["hand"], w["found"],
             w["expected"]) for w in rep["warnings"] if w["code"] == "W-POT-CARRY"]


def _message(rep: dict) -> str:
    (msg,) = [w["message"] for w in rep["warnings"] if w["code"] == "W-POT-CARRY"]
    return msg


def _first_hand(db, date: str) -> dict[str, int]:
    """The stored units of the night of ``date``'s hand 1, the pot's seat as '(pot)'."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT u.seat, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "WHERE h.hand = 1 AND h.date = CAST(? AS DATE) ORDER BY u.seat_no", [date]).fetchall()
    return dict(rows)


# -- real27b F1: SHN -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("together", [True, False])
def test_a_night_written_without_the_carried_pot_is_warned_at_its_hand_1(tmp_path, together):
    """pot1.shn + pot2_nopot.shn, in one run (stored together) or night 2 in a later run: W-POT-CARRY at night 2's
    hand 1 (line 7, column 1), found pot 0, expected pot 15.  Nothing stored changes: Bob +4, Eve +2, the pot 0
    (the night as written)."""
    db = tmp_path / "b.duckdb"
    one = write(tmp_path, "pot1.shn", NIGHT1)
    two = write(tmp_path, "pot2_nopot.shn", NIGHT2.format(pot=""))
    if together:
        rep = _ingest(one, db, two)
    else:
        assert _carry(_ingest(one, db)) == []
        rep = _ingest(two, db)
    assert rep["ingested"] == (5 if together else 2)
    assert _carry(rep) == [("pot2_nopot.shn", 7, 1, 1, "pot 0", "pot 15")]
    msg = _message(rep)
    assert "the group's night 2026.12.01 ('Tuesday Pot Game / 2026.12.01', the same players and rules) left 15 in " \
           "the pot after its stored hands (to hand 3), and this night opens with 0 (rules.md D-19)" in msg
    assert "write pot 15 on this hand 1" in msg and "end night 2026.12.01 with a potsplit hand" in msg
    assert "its 15 units leave the ledger" in msg
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": -2, "Eve": 2, "(pot)": 0}


def test_a_night_opening_with_another_pot_is_warned(tmp_path):
    """pot2_12.shn (`pot 12` on hand 1 after a night that closed at 15): W-POT-CARRY, found pot 12, 3 units said
    to leave; stored as written: Bob 4 + 9 = +13, Eve 2 + 3 = +5, the pot -12."""
    db = tmp_path / "c.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    rep = _ingest(write(tmp_path, "pot2_12.shn", NIGHT2.format(pot="  pot 12")), db)
    assert _carry(rep) == [("pot2_12.shn", 7, 1, 1, "pot 12", "pot 15")]
    assert "this night opens with 12" in _message(rep) and "its 3 units leave the ledger" in _message(rep)
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 13, "Cal": -2, "Dot": -2, "Eve": 5, "(pot)": -12}


def test_the_carried_pot_written_says_nothing(tmp_path):
    """pot2.shn (`pot 15`): no W-POT-CARRY; Bob +16, Eve +5, the pot -15.  The ledger over both nights (night 2's
    h2 Ann alone 61, a plain win B-33: Ann +4, the others -1): Ann +3 +2 -2 -2 +4 = +5; Bob -2 +2 -2 +16 -1 = +13;
    Cal -2 -8 -2 -2 -1 = -15; Dot -2 -3 +3 -2 -1 = -5; Eve -2 +2 -2 +5 -1 = +2 (sum 0: the pot's 15 paid out)."""
    db = tmp_path / "a.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    rep = _ingest(write(tmp_path, "pot2.shn", NIGHT2.format(pot="  pot 15")), db)
    assert _carry(rep) == []
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 16, "Cal": -2, "Dot": -2, "Eve": 5, "(pot)": -15}
    assert ledger(db) == {"Ann Koch": 5, "Bob Lange": 13, "Cal Stein": -15, "Dot Frey": -5, "Eve Busch": 2}


def test_a_night_whose_pot_was_split_leaves_nothing_to_carry(tmp_path):
    """Night 1 ending with `hand 4  potsplit`: the 15 paid out in 5 shares of 3 (15 // 5, nothing left: docs/notation.md
    potsplit), so night 2 opening empty is right: no W-POT-CARRY."""
    db = tmp_path / "s.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1 + "\nhand 4  dealer Cal  potsplit\n"), db)
    rep = _ingest(write(tmp_path, "pot2.shn", NIGHT2.format(pot="")), db)
    assert rep["ingested"] == 2 and _carry(rep) == []


def test_another_group_or_other_players_say_nothing(tmp_path):
    """The night after, of another [Event]: not the group's night: no W-POT-CARRY.  With Fay for Eve (the same
    [Event] and [Rules], four of five players): a night of the group since break29 F4 (a substitute sits in; the pot
    is the group's), so night 1's 15 is said at its hand 1 (fay.shn:7:1, found pot 0, expected pot 15)."""
    db = tmp_path / "o.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    other = NIGHT2.format(pot="").replace("Tuesday Pot Game", "Friday Game")
    assert _carry(_ingest(write(tmp_path, "friday.shn", other), db)) == []
    fay = NIGHT2.format(pot="").replace("Eve=Eve Busch", "Eve=Fay Ortiz").replace("2026.12.08", "2026.12.09")
    assert _carry(_ingest(write(tmp_path, "fay.shn", fay), db)) == [("fay.shn", 7, 1, 1, "pot 0", "pot 15")]


@pytest.mark.parametrize("batch", ["1", "2"])
def test_both_nights_in_one_streamed_file(tmp_path, monkeypatch, batch):
    """The two nights in one SHN file (night 2's [Session] line and tags from line 17, its hand 1 at line 23), read in batches
    of 1 or 2 hands: W-POT-CARRY at 23:1, the units as written (Bob +4, Eve +2)."""
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)
    text = NIGHT1 + "\n" + NIGHT2.format(pot="").replace("%SHN 1.0\n", '[Session "Tuesday 2026.12.08"]\n')
    assert text.splitlines()[22] == "hand 1  dealer Eve"
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "season.shn", text), db)
    assert rep["ingested"] == 5
    assert _carry(rep) == [("season.shn", 23, 1, 1, "pot 0", "pot 15")]
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": -2, "Eve": 2, "(pot)": 0}


# -- real27b F1: score sheets ---------------------------------------------------------------------------------------

HEADER = "Date,Hand,Picker,Call,Partner,Pts,Leaster,Ann,Bob,Cal,Dot,Eve,Pot\n"
#: both nights in one sheet, as pot_wb.xlsx's tabs: night 1 rows 2-4 (the pot 5, 10, 15 as worked above), night 2
#: from row 5; ``{opening}`` an opening row (the date and the Pot cell) above night 2's first row, or nothing
SHEET = HEADER + """2026-12-01,1,,,,,Ann,3,-2,-2,-2,-2,5
2026-12-01,2,Cal,AS,Dot,50,,2,2,-8,-3,2,5
2026-12-01,3,,,,,Dot,,,,,,
{opening}2026-12-08,1,Bob,AH,Eve,95,,,,,,,
2026-12-08,2,Ann,alone,,61,,4,-1,-1,-1,-1,0
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_csv_sheet_whose_second_night_has_no_opening_row(tmp_path, monkeypatch, stream):
    """The sheet without an opening row: W-POT-CARRY at night 2's first row (row 5, column 1), the message saying
    to write an opening row with Pot 15; whole and read in batches of 2 rows.  With the opening row (row 5:
    date and Pot 15): nothing said, Bob +16, Eve +5."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "season.csv", SHEET.format(opening="")), db, *POT_RULES)
    assert rep["ingested"] == 5
    assert _carry(rep) == [("season.csv", 5, 1, 1, "pot 0", "pot 15")]
    assert "write an opening row with Pot 15 above this night's first row" in _message(rep)
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": -2, "Eve": 2, "(pot)": 0}
    db2 = tmp_path / "s2.duckdb"
    rep = _ingest(write(tmp_path, "season2.csv", SHEET.format(opening="2026-12-08,,,,,,,,,,,,15\n")), db2, *POT_RULES)
    assert rep["ingested"] == 5 and _carry(rep) == []
    assert _first_hand(db2, "2026-12-08") == {"Ann": -2, "Bob": 16, "Cal": -2, "Dot": -2, "Eve": 5, "(pot)": -15}


def test_an_xlsx_workbook_whose_second_tab_has_no_opening_row(tmp_path):
    """real27b's pot_wb_noopen.xlsx (tabs "Dec 1", "Dec 8"): W-POT-CARRY at 'pot_wb_noopen.xlsx[Dec 8]' row 2,
    column 1 (that tab's first row)."""
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    rows = [r.split(",") for r in SHEET.format(opening="").splitlines()]
    for k, (title, body) in enumerate((("Dec 1", rows[1:4]), ("Dec 8", rows[4:]))):
        ws = wb.active if k == 0 else wb.create_sheet()
        ws.title = title
        ws.append(rows[0])
        for r in body:
            ws.append([int(c) if c.lstrip("-").isdigit() and j > 0 else (c or None) for j, c in enumerate(r)])
    path = tmp_path / "pot_wb_noopen.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    rep = _ingest(str(path), db, *POT_RULES)
    assert rep["ingested"] == 5
    assert _carry(rep) == [("pot_wb_noopen.xlsx[Dec 8]", 2, 1, 1, "pot 0", "pot 15")]
    assert _first_hand(db, "2026-12-08") == {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": -2, "Eve": 2, "(pot)": 0}


# -- real27b F2: the Ledger page's "The pot" ------------------------------------------------------------------------

def _season(tmp_path, night2: str):
    """Night 1 and a night 2 stored (pot1.shn, then ``night2``); the database's path."""
    db = tmp_path / "v.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "pot2.shn", night2), db)
    return db


def _pot_rows(db, **filters) -> list[tuple]:
    from dashboard import metrics as m
    from ingest.store import reading

    with reading(db) as con:
        rows = m.pot_by_session(con, m.Filters(**filters)).to_dicts()
    return [(str(r["date"]), r["opening"], r["paid_in"], r["taken"], r["net"], r["balance"]) for r in rows]


def test_the_pot_table_says_what_the_pot_holds_after_each_night(tmp_path):
    """pot1.shn + pot2.shn (`pot 15` written).  Night 1: carried in 0, paid in 5 + 5 + 5 = 15, taken 0, net +15,
    holds 15.  Night 2: carried in 15, paid in 0, taken 15 (Bob's side), net -15, holds 15 - 15 = 0 (was: balance
    -15).  The Dec 8 night alone (a date filter from 2026-12-08): still carried in 15, holds 0."""
    from datetime import date

    db = _season(tmp_path, NIGHT2.format(pot="  pot 15"))
    assert _pot_rows(db) == [("2026-12-01", 0, 15, 0, 15, 15), ("2026-12-08", 15, 0, 15, -15, 0)]
    assert _pot_rows(db, date_from=date(2026, 12, 8)) == [("2026-12-08", 15, 0, 15, -15, 0)]


def test_a_night_that_fills_the_pot_again_holds_what_it_put_in(tmp_path):
    """Night 2 with a hand 3 leaster Cal after Bob took the carried 15: the pot +5 (each player 1, D-19).
    Night 2: carried in 15, paid in 5, taken 15, net -10, holds 15 - 15 + 5 = 5."""
    db = _season(tmp_path, NIGHT2.format(pot="  pot 15") + "\nhand 3  dealer Bob\nleaster Cal\n")
    assert _pot_rows(db)[1] == ("2026-12-08", 15, 5, 15, -10, 5)


def test_the_ledger_page_shows_carried_in_net_and_what_the_pot_holds(tmp_path, monkeypatch):
    """The Ledger page (Streamlit AppTest) over the Dec 8 night alone (?from=2026-12-08): the pot table's row
    reads carried in 15, net -15, holds 0; no column shows -15 as what the pot holds."""
    from tests.test_found26_dashboard import _run

    db = _season(tmp_path, NIGHT2.format(pot="  pot 15"))
    at = _run("ledger.py", db, monkeypatch, **{"from": "2026-12-08"})
    (df,) = [d.value for d in at.dataframe if "balance" in d.value.columns]
    rows = df.to_dict("records")
    assert [(r["opening"], r["paid_in"], r["taken"], r["net"], r["balance"]) for r in rows] == [(15, 0, 15, -15, 0)]
    assert any("what the pot held when each began" in c.value for c in at.caption)
