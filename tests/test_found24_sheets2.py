"""Score sheets brought by real24 (session 24): the CSV and XLSX readers'
defects, each record written as a user would write it and each amount worked
out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest


def _night(db, date: str) -> dict[str, int]:
    return ledger(db, "--from", date, "--to", date)


def _sessions(db) -> list[tuple[str, int, int]]:
    """Each stored session's (date, hands, highest hand number)."""
    with duckdb.connect(str(db), read_only=True) as con:
        return [(str(d), n, top) for d, n, top in con.execute(
            "SELECT date, count(*), max(hand) FROM hands GROUP BY date ORDER BY date").fetchall()]


# -- real24 F1: nights kept as blocks (a dated title row, the header again) were merged into the first night --------

#: league_blocks_nohand.csv as real24 wrote it.  Nov 5 (rules.md B-27, B-28, B-33, doubled on the bump; I-1, I-3;
#: D-4): h1 Ann with Cal at 61 wins, +2/+1/-1; h2 Bob alone at 30 is schneidered, doubled on the bump: -4 x 4 = -16,
#: each defender +4; h3 Cal with Eve at 60 loses (60 is a loss, I-1), -2 x 2: Cal -4, Eve -2, the others +2; h4 Dee
#: wins the leaster, +4, the others -1.  Totals Ann 7, Bob -16, Cal 0, Dee 9, Eve 0.  Nov 12: h1 Dee with Bob at 91
#: wins schneider, +4/+2/-2; h2 Eve with Ann at 90 wins plain (I-3: 90 is no schneider), +2/+1/-1; h3 Ann alone takes
#: every trick at 120, a no-tricker: 3 x 4 = +12, each -3.  Totals Ann 11, Bob -2, Cal -6, Dee 0, Eve -3.
HDR = "Dealer,Picker,Partner,Call,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve"
BLOCKS = f"""Thursday League - Nov 5 2026
{HDR}
Eve,Ann,Cal,AS,61,W,,2,-1,1,-1,-1
Ann,Bob,,alone,30,L,,4,-16,4,4,4
Bob,Cal,Eve,AH,60,L,,2,2,-4,2,-2
Cal,,,,,,Dee,-1,-1,-1,4,-1
Total,,,,,,,7,-16,0,9,0

Thursday League - Nov 12 2026
{HDR}
Eve,Dee,Bob,AC,91,W,,-2,2,-2,4,-2
Ann,Eve,Ann,AS,90,W,,1,-1,-1,-1,2
Bob,Ann,,alone,120,W,,12,-3,-3,-3,-3
Total,,,,,,,11,-2,-6,0,-3
"""
NOV5 = {"Ann": 7, "Bob": -16, "Cal": 0, "Dee": 9, "Eve": 0}
NOV12 = {"Ann": 11, "Bob": -2, "Cal": -6, "Dee": 0, "Eve": -3}


def _blocks_read(db, rep) -> None:
    assert (rep["ingested"], rep["rejected"]) == (7, [])
    assert _sessions(db) == [("2026-11-05", 4, 4), ("2026-11-12", 3, 3)]  # numbered from 1 each night
    assert _night(db, "2026-11-05") == NOV5
    assert _night(db, "2026-11-12") == NOV12
    nights = [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT"]
    assert nights == [(1, 1), (9, 1)]
    first, second = [w["message"] for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT"]
    assert "the hands above row 9 are of 2026-11-05" in first and "every hand" not in first
    assert "another night, of 2026-11-12" in second
    rows = json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0])
    assert {r["player"]: r["sessions"] for r in rows} == dict.fromkeys(NOV5, 2)
    assert "incomplete" not in cli("ledger", "--db", str(db)).output.split("incomplete sessions", 1)[1]


@pytest.mark.parametrize("stream", [False, True])
def test_nights_kept_as_dated_blocks_are_two_sessions(tmp_path, monkeypatch, stream):
    if stream:  # the sheet read in batches of one hand (ingest/csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "b.duckdb"
    _blocks_read(db, _ingest(write(tmp_path, "league_blocks_nohand.csv", BLOCKS), db))


def test_nights_kept_as_blocks_with_a_hand_column_number_from_1_each(tmp_path):
    """league_blocks.csv: the same nights with hands 1..4 and 1..3 (the header's 'Hand' was refused as no number,
    Nov 12's hands as out of order)."""
    lines = BLOCKS.splitlines()
    n = 0
    for k, line in enumerate(lines):
        if line.startswith("Dealer"):
            lines[k], n = "Hand," + line, 0
        elif line.startswith("Total"):
            lines[k] = "Total,," + line[len("Total,"):]  # the Hand column's cell blank
        elif line and not line.startswith("Thursday"):
            n += 1
            lines[k] = f"{n},{line}"
    db = tmp_path / "b.duckdb"
    _blocks_read(db, _ingest(write(tmp_path, "league_blocks.csv", "\n".join(lines) + "\n"), db))


def test_nights_kept_as_blocks_in_a_workbook(tmp_path):
    """'League Fall 2026 blocks.xlsx': the same sheet as one tab of a workbook."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Fall Season"
    for line in BLOCKS.splitlines():
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in line.split(",")] if line else [])
    path = tmp_path / "League Fall 2026 blocks.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    _blocks_read(db, _ingest(str(path), db))


def test_a_second_title_without_a_date_refuses_the_second_night(tmp_path):
    """The second title writes no date: its night is not stored as hands of Nov 5; E-CSV-HEADER at the title says
    the sheet holds two nights and what to do.  Nov 5 alone is stored: 7 / -16 / 0 / 9 / 0."""
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "blocks.csv", BLOCKS.replace("Thursday League - Nov 12 2026", "Second night")), db)
    assert rep["ingested"] == 4
    assert [(e["code"], e["line"], e["col"], e["found"]) for e in rep["rejected"]] == [
        ("E-CSV-HEADER", 9, 1, "Second night")]
    msg = rep["rejected"][0]["message"]
    assert "holds two nights" in msg and "rows from 9 on are not read" in msg and "date in its title" in msg
    assert _sessions(db) == [("2026-11-05", 4, 4)]
    assert ledger(db) == NOV5


def test_the_header_again_without_a_title_is_no_row_of_the_same_night(tmp_path):
    """No title above the header written again (league_blocks_noblank.csv without its second title): no date says
    another night, so the rows are the same night's, the header no row (README): 7 hands of Nov 5, none refused, each
    block's Total row checked against its own rows (no W-CSV-TOTALS)."""
    text = BLOCKS.replace("\nThursday League - Nov 12 2026\n", "\n")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "blocks.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (7, [])
    assert [w["code"] for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"] == []
    assert _sessions(db) == [("2026-11-05", 7, 7)]
    assert ledger(db) == {p: NOV5[p] + NOV12[p] for p in NOV5}


# -- fixg 24 (from the last developer): --columns stake=0,25 was split at its comma and refused (E-CSV-COLUMNS) -----

#: A European money sheet (';', decimal commas, a quarter a point).  Hand 1: Al with Bea at 72 wins plain (rules.md
#: B-27, B-33): +2/+1/-1 units, at 0.25 each 0,50 / 0,25 / -0,25.  Hand 2: Cy alone at 40 loses, not schneidered
#: (B-28: over 30), doubled on the bump: 2 x 4 = -8 units, each defender +2: -2,00 and 0,50.  Units: Al 2 + 2 = 4,
#: Bea 1 + 2 = 3, Cy -1 - 8 = -9, Di -1 + 2 = 1, Ed 1 (sum 0).
EURO = """Date;Hand;Dealer;Picker;Partner;Call;Points;Al;Bea;Cy;Di;Ed
2026-11-20;1;Ed;Al;Bea;AS;72;0,50;0,25;-0,25;-0,25;-0,25
2026-11-20;2;Al;Cy;;alone;40;0,50;0,50;-2,00;0,50;0,50
"""
EURO_UNITS = {"Al": 4, "Bea": 3, "Cy": -9, "Di": 1, "Ed": 1}


@pytest.mark.parametrize("stake", ["stake=0,25", "stake=0,25 €", "stake=0,25,ignore=Points", "ignore=Points,stake=0,25"])
def test_a_stake_with_a_decimal_comma_is_read(tmp_path, stake):
    db = tmp_path / "e.duckdb"
    rep = _ingest(write(tmp_path, "euro.csv", EURO), db, "--columns", stake)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == EURO_UNITS


def test_a_stake_of_a_decimal_comma_reads_as_its_decimal_point(tmp_path):
    """stake=0,50 is half a unit's money of stake=0,25: the same cells read as half the units, so hand 1's 0,25 is
    half a unit, refused (E-CSV-UNITS) at its row; hand 2 (0,50 / -2,00 at 0,50: +1 and -4) is no settlement of a
    lost alone hand (-8/+2), refused by the engine; nothing stored."""
    db = tmp_path / "e.duckdb"
    rep = _ingest(write(tmp_path, "euro.csv", EURO), db, "--columns", "stake=0,50")
    assert rep["ingested"] == 0
    assert [(e["line"], e["code"]) for e in rep["rejected"]][:1] == [(2, "E-CSV-UNITS")]
    assert len(rep["rejected"]) == 2


# -- real24 F3: a sheet of picker, partner, call and points with no units written was refused ("a table of 1") -----

#: picks_blank_units.csv as real24 wrote it (rules.md B-27, B-28, B-33, doubled on the bump): h1 Al with Bea at 72
#: wins plain: Al +2, Bea +1, Cy/Di/Ed -1; h2 Cy alone at 40 loses, not schneidered (over 30), doubled on the bump:
#: 2 x 4 = Cy -8, each defender +2; h3 Di with Ed at 95 wins schneider: Di +4, Ed +2, Al/Bea/Cy -2.  Totals Al 2,
#: Bea 1, Cy -11, Di 5, Ed 3 (sum 0).
PICKS = """Date,Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
2026-11-28,1,Ed,Al,Bea,AS,72,,,,,
2026-11-28,2,Al,Cy,,alone,40,,,,,
2026-11-28,3,Bea,Di,Ed,AH,95,,,,,
"""
PICKS_UNITS = {"Al": 2, "Bea": 1, "Cy": -11, "Di": 5, "Ed": 3}


@pytest.mark.parametrize("cells", ["", "?"])
@pytest.mark.parametrize("stream", [False, True])
def test_a_row_with_no_units_written_has_them_derived(tmp_path, monkeypatch, cells, stream):
    """Every units cell blank (picks_blank_units.csv) or '?' (picks_q_units.csv): the row is SHN's hand without a
    score line, the units derived by the rules."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    text = PICKS.replace(",,,,,\n", "," + ",".join([cells] * 5) + "\n") if cells else PICKS
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "picks.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert ledger(db) == PICKS_UNITS
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, picker, outcome FROM hands ORDER BY hand").fetchall() == [
            (1, "Al", "win"), (2, "Cy", "lose"), (3, "Di", "win-s")]


def test_a_row_with_some_units_written_is_still_checked_cell_by_cell(tmp_path):
    """Only a row that writes no units at all is derived: h2 with Cy's -8 written and the rest blank is refused
    (E-CSV-SEATS at Al's blank cell, column 8), h1 and h3 derived: Al 2 - 2 = 0, Bea 1 - 2 = -1, Cy -1 - 2 = -3,
    Di -1 + 4 = 3, Ed -1 + 2 = 1.  A first row with Al's units alone: the dealer's blank cell is not said to be a
    dealer sitting out "at a table of 2".  Since break24c F5 (session 25) that row is refused alone at its first
    blank cell (Bea's, column 9), the table the header's five, and h2 (Cy alone 40, lost, doubled on the bump,
    rules.md B-32: Cy -8, +2 each) and h3 (Di with Ed 95, schneider, B-28: Di +4, Ed +2, -2 each) stored: Al 2 - 2
    = 0, Bea 2 - 2 = 0, Cy -8 - 2 = -10, Di 2 + 4 = 6, Ed 2 + 2 = 4 (it made a one-player table of Al's, and
    refused the night)."""
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "picks.csv", PICKS.replace("40,,,,,", "40,,,-8,,", 1)), db)
    assert rep["ingested"] == 2
    assert [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == [(3, 8, "E-CSV-SEATS")]
    assert ledger(db) == {"Al": 0, "Bea": -1, "Cy": -3, "Di": 3, "Ed": 1}
    rep = _ingest(write(tmp_path, "first.csv", PICKS.replace("72,,,,,", "72,2,,,,", 1)), tmp_path / "f.duckdb")
    assert [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == [(2, 9, "E-CSV-SEATS")]
    assert "table of" not in rep["rejected"][0]["message"]
    assert ledger(tmp_path / "f.duckdb") == {"Al": 0, "Bea": 0, "Cy": -10, "Di": 6, "Ed": 4}


def test_a_sheet_with_no_player_columns_says_it_names_no_players(tmp_path):
    """picks_only.csv: no player column at all; refused once at the header, naming the players its rows write."""
    text = "\n".join(",".join(line.split(",")[:7]) for line in PICKS.splitlines()) + "\n"
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "picks_only.csv", text), db)
    assert rep["ingested"] == 0
    assert [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == [(1, 1, "E-CSV-COLUMNS")]
    msg = rep["rejected"][0]["message"]
    assert "names no players" in msg and "its rows name Ed, Al, Bea, Cy, Di" in msg and "blank to have" in msg
    assert "table of" not in msg and "sit-out" not in msg


# -- real24 F4: a sheet of each player's net per hand, no Picker column, was refused row by row ------------------------

#: nets_only.csv as real24 wrote it.  Read as `pick ?` with the row's units (notation.md §7: the one seat whose
#: settlement gives them, rules.md B-31..B-33, doubled on the bump): h1 +2 +1 -1 -1 -1 is Al picking with Bea, a plain
#: win; h2 -8 +2 +2 +2 +2 is Al alone losing (2 x 4, doubled); h3 +4 -1 -1 -1 -1 is Al alone winning OR Al winning a
#: leaster (D-4: +4 / -1 at five; nobody wrote that anybody picked): refused, E-RESULT-UNKNOWN naming both (break24b
#: F9, tests/test_found24c_sheets.py; it was stored as a pick); h4 all 0 fits no picked hand: refused,
#: E-RESULT-UNKNOWN at its row; h5 +4 +2 -2 -2 -2 is Al with Bea winning schneider; h6 +2 +2 -4 -2 +2 is Cy with Di
#: losing (2 x 2, doubled).  Totals Al 2 - 8 + 4 + 2 = 0, Bea 1 + 2 + 2 + 2 = 7, Cy -1 + 2 - 2 - 4 = -5,
#: Di -1 + 2 - 2 - 2 = -3, Ed -1 + 2 - 2 + 2 = 1.
NETS = """Date,Hand,Al,Bea,Cy,Di,Ed
2026-11-27,1,2,1,-1,-1,-1
2026-11-27,2,-8,2,2,2,2
2026-11-27,3,4,-1,-1,-1,-1
2026-11-27,4,0,0,0,0,0
2026-11-27,5,4,2,-2,-2,-2
2026-11-27,6,2,2,-4,-2,2
"""
NETS_UNITS = {"Al": 0, "Bea": 7, "Cy": -5, "Di": -3, "Ed": 1}


@pytest.mark.parametrize("stream", [False, True])
def test_a_sheet_of_nets_without_a_picker_column_is_read_as_pick_unknown(tmp_path, monkeypatch, stream):
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "nets_only.csv", NETS), db)
    assert rep["ingested"] == 4
    assert [(e["line"], e["col"], e["code"], e["hand"]) for e in rep["rejected"]] == [
        (4, 1, "E-RESULT-UNKNOWN", 3), (5, 1, "E-RESULT-UNKNOWN", 4)]
    if not stream:  # (the hint is added once the sheet read whole is judged)
        assert "no Picker column" in rep["rejected"][1]["message"]
    assert "says nothing of the hand" not in rep["rejected"][1]["message"]
    assert "pick Al alone win; leaster Al" in rep["rejected"][0]["message"]
    assert ledger(db) == NETS_UNITS
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, picker, partner, outcome FROM hands ORDER BY hand").fetchall() == [
            (1, "Al", "Bea", "win"), (2, "Al", None, "lose"), (5, "Al", "Bea", "win-s"),
            (6, "Cy", "Di", "lose")]


def test_a_sheet_of_nets_with_a_picker_column_keeps_refusing_a_row_without_one(tmp_path):
    """With a Picker column a row whose Picker cell is blank is not guessed (it may be a leaster whose winner was not
    written): E-CSV-HAND at its row, as before; the other rows are stored: h2 Al alone losing, -8 / +2."""
    text = "Date,Hand,Picker,Al,Bea,Cy,Di,Ed\n2026-11-27,1,,2,1,-1,-1,-1\n2026-11-27,2,Al,-8,2,2,2,2\n"
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "picker_nets.csv", text), db)
    assert rep["ingested"] == 1
    assert [(e["line"], e["code"]) for e in rep["rejected"]] == [(2, "E-CSV-HAND")]
    assert ledger(db) == {"Al": -8, "Bea": 2, "Cy": 2, "Di": 2, "Ed": 2}


def test_a_sheet_of_nets_without_a_hand_column_says_its_rows_look_like_hands(tmp_path):
    """nets_only_nohand.csv: no Hand column, so a ledger of sitting totals (five sittings of one date, each stored as
    written, the row of 0s none, the totals those of the hands above: 4 / 6 / -6 / -4 / 0); one W-CSV-LEDGER-HANDS
    at row 2 says the rows look like a night's hands and how to read them so.  Two sittings of a date (an early and
    a late game) are not said."""
    text = "\n".join(",".join(x for j, x in enumerate(line.split(",")) if j != 1) for line in NETS.splitlines()) + "\n"
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "nets_only_nohand.csv", text), db)
    said = [(w["line"], w["col"], w["found"]) for w in rep["warnings"] if w["code"] == "W-CSV-LEDGER-HANDS"]
    # row 5, every net 0, is no sitting (real30 F1: skipped, W-CSV-ZERO-ROW): five sittings of the date
    assert said == [(2, 1, "5 sittings of 2026-11-27")]
    assert [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-CSV-ZERO-ROW"] == [(5, 1)]
    assert "give the sheet a Hand column" in next(w["message"] for w in rep["warnings"]
                                                  if w["code"] == "W-CSV-LEDGER-HANDS")
    assert ledger(db) == {"Al": 4, "Bea": 6, "Cy": -6, "Di": -4, "Ed": 0}  # every sitting, the +4 / -1 one too
    two = "Date,Al,Bea,Cy,Di,Ed\n2026-11-27,2,1,-1,-1,-1\n2026-11-27,-8,2,2,2,2\n"
    rep = _ingest(write(tmp_path, "two.csv", two), tmp_path / "t.duckdb")
    assert [w for w in rep["warnings"] if w["code"] == "W-CSV-LEDGER-HANDS"] == []
