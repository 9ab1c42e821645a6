"""Score sheets brought by break27 (session 27: F3, F4, F5; /tmp/s27/break27/FINDINGS.md), fixed by fixg in
session 27: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.  Default profile wi5-called-ace (doubleOnBump on);
the pot's rules 'wi5-called-ace; pot=on' (rules.md D-19; docs/profiles.md: potTake=all, the partner takes
pot // 4, the picker the rest).

The hands used (players Gus, Lou, Mo, Rita, Zeke):
- "Lou picks, Gus partner, 66": a plain win (rules.md B-27: 61..90, B-28 tier 1; B-31: picker 2 shares, partner
  1; B-33): Lou +2, Gus +1, Mo/Rita/Zeke -1.
- "Mo picks, Zeke partner, 70": a plain win: Mo +2, Zeke +1, Gus/Lou/Rita -1.
- "Rita alone, 95": a schneider win alone (B-28 tier 2, B-31 4 shares): Rita +8, each other -2.
- "Zeke picks, Lou partner, 30": schneidered loss (B-28 tier 2) doubled on the bump (B-32): 4 a defender:
  Zeke -8, Lou -4, Gus/Mo/Rita +4.
- "leaster, Gus 10": Gus takes the fewest points (D-4): Gus +4, each other -1.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import cli, ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

POT_RULES = ("--rules", "wi5-called-ace; pot=on")


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


def _units(db) -> dict[int, dict[str, int]]:
    """Each stored hand's units by player, the pot's seat as '(pot)'."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, u.player, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, player, units in rows:
        out.setdefault(hand, {})[player or "(pot)"] = units
    return out


def _warned(rep: dict, code: str) -> list[tuple[int, int]]:
    return [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == code]


# -- break27 F3: '-' in a Pot cell is nothing written ---------------------------------------------------------------

#: potopen.csv as break27 wrote it: an opening row whose Pot cell is {pot}, then three hands of a pot night.
#: By hand (rules.md D-19, the pot starting at 0 as no pot is carried in):
#: h1 leaster, Gus wins (D-4: +4, -1 each), each puts 1 into the pot: Gus +3, the others -2, the pot +5 (holds 5).
#: h2 leaster tie (D-6: a wash), each puts 1 in: -1 each, the pot +5 (holds 10).
#: h3 Lou picks, Mo partner, 66: a win (+2 / +1 / -1 each) that takes the pot's 10: Mo 10 // 4 = 2, Lou 8:
#:    Lou 2 + 8 = +10, Mo 1 + 2 = +3, Gus/Rita/Zeke -1, the pot -10.
#: The night: Gus 3-1-1 = +1, Lou -2-1+10 = +7, Mo -2-1+3 = 0, Rita -2-1-1 = -4, Zeke -4; the pot 5+5-10 = 0.
POTOPEN = """Date,Hand,Picker,Partner,Call,Points,Tricks,Leaster,Gus,Lou,Mo,Rita,Zeke,Pot
2026-12-10,,,,,,,,,,,,,{pot}
2026-12-10,1,,,-,-,-,Gus,3,-2,-2,-2,-2,5
2026-12-10,2,,,,,,-,-1,-1,-1,-1,-1,5
2026-12-10,3,Lou,Mo,AH,66,2,,-1,10,3,-1,-1,-10
"""
POTOPEN_UNITS = {1: {"Gus": 3, "Lou": -2, "Mo": -2, "Rita": -2, "Zeke": -2, "(pot)": 5},
                 2: {"Gus": -1, "Lou": -1, "Mo": -1, "Rita": -1, "Zeke": -1, "(pot)": 5},
                 3: {"Gus": -1, "Lou": 10, "Mo": 3, "Rita": -1, "Zeke": -1, "(pot)": -10}}


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("pot", ["-", "", "0", " - ", "\u2013"])
def test_a_dash_in_the_opening_rows_pot_cell_is_no_pot_carried(tmp_path, monkeypatch, stream, pot):
    _stream(monkeypatch, stream)
    db = tmp_path / "po.duckdb"
    rep = _ingest(write(tmp_path, "potopen.csv", POTOPEN.format(pot=pot)), db, *POT_RULES)
    assert rep["rejected"] == []  # was 2:14 E-CSV-POT, hand 1 E-CSV-POT, hand 3 E-SCORE-SUM
    assert rep["ingested"] == 3
    assert _warned(rep, "W-CSV-POT") == []
    assert _units(db) == POTOPEN_UNITS
    assert ledger(db) == {"Gus": 1, "Lou": 7, "Mo": 0, "Rita": -4, "Zeke": -4}


#: pot2.csv as break27 wrote it.  h1 leaster Gus, each puts 1 in: Gus +3, -2 each, the pot +5 -- its Pot cell '-'.
#: h2 Lou/Mo 45: a loss (B-28 tier 1) doubled on the bump (B-32): 2 a defender, Lou -4, Mo -2, Gus/Rita/Zeke +2;
#: and the losing side pays into the pot the amounts it would have taken (D-19, docs/profiles.md potLoss=double: the
#: pot's 5, Mo 5 // 4 = 1, Lou 4; the pot doubles): Lou -8, Mo -3, the pot +5 (holds 10), its Pot cell blank.  h3 Rita alone 70: +4 and -1 each, takes the pot's 10 alone: Rita +14, the
#: pot -10 -- its Pot cell -10.5, which is no number of units (W-CSV-POT there, as before).
POT2 = """Date,Hand,Picker,Partner,Call,Points,Leaster,Gus,Lou,Mo,Rita,Zeke,Pot
2026-11-26,1,,,,,Gus,3,-2,-2,-2,-2,{pot}
2026-11-26,2,Lou,Mo,AH,45,,2,-8,-3,2,2,
2026-11-26,3,Rita,,alone,70,,-1,-1,-1,14,-1,-10.5
"""


@pytest.mark.parametrize("pot", ["-", ""])
def test_a_dash_in_a_hands_pot_cell_is_silent_as_a_blank(tmp_path, pot):
    db = tmp_path / "p2.duckdb"
    rep = _ingest(write(tmp_path, "pot2.csv", POT2.format(pot=pot)), db, *POT_RULES)
    assert rep["rejected"] == [] and rep["ingested"] == 3
    assert _warned(rep, "W-CSV-POT") == [(4, 13)]  # only the -10.5 of row 4; row 2's '-' said "holds '-'"
    assert _units(db)[1] == {"Gus": 3, "Lou": -2, "Mo": -2, "Rita": -2, "Zeke": -2, "(pot)": 5}
    # Gus 3+2-1 = 4, Lou -2-8-1 = -11, Mo -2-3-1 = -6, Rita -2+2+14 = 14, Zeke -2+2-1 = -1
    assert ledger(db) == {"Gus": 4, "Lou": -11, "Mo": -6, "Rita": 14, "Zeke": -1}


def test_an_xlsx_opening_rows_dash_pot_cell_is_no_pot_carried(tmp_path):
    """potopen.csv saved as a workbook (openpyxl), the Pot cell of the opening row the text '-'."""
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    for line in POTOPEN.format(pot="-").splitlines():
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in line.split(",")])
    path = tmp_path / "potopen.xlsx"
    wb.save(path)
    db = tmp_path / "px.duckdb"
    rep = _ingest(str(path), db, *POT_RULES)
    assert rep["rejected"] == [] and rep["ingested"] == 3
    assert _units(db) == POTOPEN_UNITS
    assert ledger(db) == {"Gus": 1, "Lou": 7, "Mo": 0, "Rita": -4, "Zeke": -4}


# -- break27 F4: a second header row; a header of two rows ---------------------------------------------------------

#: twohdr.csv as break27 wrote it: the English header, a German one under it naming the same players in the same
#: columns, then two hands.  h1 Lou/Gus 66: Lou +2, Gus +1, Mo/Rita/Zeke -1.  h2 Mo/Zeke 70: Mo +2, Zeke +1,
#: Gus/Lou/Rita -1.  The night: Gus 1-1 = 0, Lou 2-1 = +1, Mo -1+2 = +1, Rita -1-1 = -2, Zeke -1+1 = 0.
TWOHDR = """Date,Hand,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
Datum,Nr,Spieler,Partner,Ruf,Augen,Gus,Lou,Mo,Rita,Zeke
2026-12-02,1,Lou,Gus,AH,66,1,2,-1,-1,-1
2026-12-02,2,Mo,Zeke,AS,70,-1,-1,2,-1,1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_translated_header_under_the_first_is_skipped_with_one_warning(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "h.duckdb"
    rep = _ingest(write(tmp_path, "twohdr.csv", TWOHDR), db)
    assert rep["rejected"] == []  # was 2:1 E-CSV-DATE (hand 1): 'Datum' is not a date
    assert rep["ingested"] == 2
    assert _warned(rep, "W-CSV-HEADER") == [(2, 1)]
    assert _units(db) == {1: {"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1},
                          2: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1}}
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}


def test_a_row_naming_some_players_only_is_still_a_hand_row(tmp_path):
    """Only a row naming every player in their own columns is a header: one whose Gus cell holds 'Gus' (a slip)
    and the rest units stays a hand, refused for its cell as before."""
    db = tmp_path / "h1.duckdb"
    text = TWOHDR.replace("Datum,Nr,Spieler,Partner,Ruf,Augen,Gus,Lou,Mo,Rita,Zeke\n", "")
    text = text.replace("2026-12-02,2,Mo,Zeke,AS,70,-1,", "2026-12-02,2,Mo,Zeke,AS,70,Gus,")
    rep = _ingest(write(tmp_path, "slip.csv", text), db)
    assert _warned(rep, "W-CSV-HEADER") == []
    assert [(line, code, hand) for line, _col, code, hand in _where(rep)] == [(3, "E-CSV-UNITS", 2)]
    assert rep["ingested"] == 1


#: twohdr3.csv as break27 wrote it: 'Units' in the header over the players' names in row 2, the header blank there.
TWOHDR3 = """Date,Hand,Picker,Partner,Points,Units,,,,
,,,,,Gus,Lou,Mo,Rita,Zeke
2026-12-04,1,Lou,Gus,66,1,2,-1,-1,-1
2026-12-04,2,Mo,Zeke,70,-1,-1,2,-1,1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_header_with_the_players_in_the_row_below_is_refused_once(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "h3.duckdb"
    rep = _ingest(write(tmp_path, "twohdr3.csv", TWOHDR3), db)
    # once, at the header's 'Units' cell (row 1, column 6); was three refused hands ("expected Units")
    assert [(e["line"], e["col"], e["code"], e["hand"], e["found"]) for e in rep["rejected"]] == \
        [(1, 6, "E-CSV-COLUMNS", None, "Units")]
    (msg,) = [e["message"] for e in rep["rejected"]]
    assert "players' names (Gus, Lou, Mo, Rita, Zeke) are in row 2" in msg and "in the header row" in msg
    assert rep["ingested"] == 0


def test_a_sheet_whose_first_hand_row_stops_before_the_players_is_read(tmp_path):
    """The two-row-header check reads the row below the header only where it has cells: a first hand row that ends
    before the players' columns (their units left for the engine to derive) raised IndexError there.
    h1 Lou/Gus 66: Lou +2, Gus +1, -1 each; h2 Mo/Zeke 70: Mo +2, Zeke +1, -1 each (as TWOHDR's night)."""
    db = tmp_path / "short.duckdb"
    text = """Date,Hand,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
2026-12-02,1,Lou,Gus,AH,66
2026-12-02,2,Mo,Zeke,AS,70
"""
    rep = _ingest(write(tmp_path, "short.csv", text), db)
    assert rep["rejected"] == [] and rep["ingested"] == 2
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}
