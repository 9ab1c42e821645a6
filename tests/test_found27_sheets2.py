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


# -- break27 F5: a byte order mark inside a file -----------------------------------------------------------------

#: night A (FINDINGS.md, 2026-11-24): h1 Lou/Gus 66 (Lou +2, Gus +1, -1 each), h2 Mo/Zeke 70 (Mo +2, Zeke +1, -1
#: each), h3 Rita alone 95 (+8, -2 each), h4 Zeke/Lou 30 (Zeke -8, Lou -4, +4 each), h5 leaster Gus 10 (+4, -1 each).
#: The night: Gus 1-1-2+4+4 = +6, Lou 2-1-2-4-1 = -6, Mo -1+2-2+4-1 = +2, Rita -1-1+8+4-1 = +9,
#: Zeke -1+1-2-8-1 = -11.
NIGHT_A = {"Gus": 6, "Lou": -6, "Mo": 2, "Rita": 9, "Zeke": -11}

#: bom_mid.csv as break27 wrote it: a BOM before row 4's date (hand 3's).
BOM_CSV = """Date,Hand,Picker,Partner,Call,Points,Leaster,Gus,Lou,Mo,Rita,Zeke
2026-11-24,1,Lou,Gus,AH,66,,1,2,-1,-1,-1
2026-11-24,2,Mo,Zeke,AS,70,,-1,-1,2,-1,1
\ufeff2026-11-24,3,Rita,,alone,95,,-2,-2,-2,8,-2
2026-11-24,4,Zeke,Lou,AC,30,,4,-4,4,4,-8
2026-11-24,5,,,,10,Gus,4,-1,-1,-1,-1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_bom_in_a_csv_cell_is_read_as_nothing_with_one_warning(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "t.duckdb"
    # a second BOM in row 6's Hand cell: still one warning, at the first
    text = BOM_CSV.replace("2026-11-24,5,", "2026-11-24,\ufeff5,")
    rep = _ingest(write(tmp_path, "bom_mid.csv", text), db)
    assert rep["rejected"] == []  # was 4:1 E-CSV-DATE (hand 3): '\ufeff2026-11-24' is not a date
    assert rep["ingested"] == 5
    assert _warned(rep, "W-BOM") == [(4, 1)]
    assert _units(db)[3] == {"Gus": -2, "Lou": -2, "Mo": -2, "Rita": 8, "Zeke": -2}
    assert ledger(db) == NIGHT_A


def test_a_bom_in_an_xlsx_cell_is_read_as_nothing_with_one_warning(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Night"
    for line in BOM_CSV.splitlines():
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in line.split(",")])
    path = tmp_path / "bom.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    rep = _ingest(str(path), db)
    assert rep["rejected"] == [] and rep["ingested"] == 5
    assert [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-BOM"] == [(4, 1)]
    assert ledger(db) == NIGHT_A


NIGHT_A_SHN = """%SHN 1.0
[Event "Tuesday Tavern Sheep"]
[Date "2026.11.24"]
[Seats "Gus; Lou; Mo; Rita; Zeke"]
[Rules "wi5-called-ace"]

hand 1
pick Lou call AH partner Gus pts 66 win
hand 2
pick Mo call AS partner Zeke pts 70 win
hand 3
pick Rita alone pts 95 win-s
{bom}hand 4
pick Zeke call AC partner Lou pts 30 lose-s
hand 5
leaster Gus pts 10
"""

#: amend_h3.shn as break27 wrote it: hand 3 was Rita alone 85, a plain win alone (B-28 tier 1, B-31): Rita +4,
#: each -1.  Night A with it: Gus +6+2-1 = +7, Lou -6+2-1 = -5, Mo +2+2-1 = +3, Rita +9-8+4 = +5, Zeke -11+2-1 = -10.
AMEND_H3 = """%SHN 1.0
[Session "Tuesday Tavern Sheep / 2026.11.24"]
[Event "Tuesday Tavern Sheep"]
[Date "2026.11.24"]
[Seats "Gus; Lou; Mo; Rita; Zeke"]
[Rules "wi5-called-ace"]

hand 3
pick Rita  alone  pts 85  win
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_bom_on_the_next_hands_line_leaves_an_amended_hands_old_copy_a_duplicate(tmp_path, monkeypatch, stream):
    db = tmp_path / "sa.duckdb"
    assert _ingest(write(tmp_path, "nightA.shn", NIGHT_A_SHN.format(bom="")), db)["ingested"] == 5
    amend = cli("ingest", "--amend", write(tmp_path, "amend_h3.shn", AMEND_H3), "--reason", "x", "--db", str(db))
    assert "revision 2 in force" in amend.output
    _stream(monkeypatch, stream)
    rep = _ingest(write(tmp_path, "bom_mid.shn", NIGHT_A_SHN.format(bom="\ufeff")), db)
    assert rep["rejected"] == []  # was 11:1 E-HAND-CONFLICT (hand 3), stored 85, this copy 95
    assert rep["ingested"] == 0 and rep["duplicates"] == 5
    assert _warned(rep, "W-HAND-AMENDED") == [(11, 1)]
    assert _warned(rep, "W-BOM") == [(13, 1)]
    assert ledger(db) == {"Gus": 7, "Lou": -5, "Mo": 3, "Rita": 5, "Zeke": -10}


def _hand_hashes(db) -> dict[int, tuple[bytes, str]]:
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, s.hash, s.template FROM hands h JOIN hand_source s USING (hand_id)").fetchall()
    return {hand: (bytes(h), t) for hand, h, t in rows}


def test_a_bom_on_the_next_hands_line_is_not_in_the_hand_above(tmp_path):
    """Each hand's stored text (and its hash) is the same with the BOM on hand 4's line as without: hand 3's had
    the BOM at its end, so it was "other text" than the same hand sent without it."""
    plain, bom = tmp_path / "plain.duckdb", tmp_path / "bom.duckdb"
    assert _ingest(write(tmp_path, "nightA.shn", NIGHT_A_SHN.format(bom="")), plain)["ingested"] == 5
    first = _ingest(write(tmp_path, "bom_mid.shn", NIGHT_A_SHN.format(bom="\ufeff")), bom)
    assert first["ingested"] == 5 and _warned(first, "W-BOM") == [(13, 1)]
    assert _hand_hashes(bom)[3][1] == "hand 3\npick Rita alone pts 95 win-s\n"
    assert _hand_hashes(bom) == _hand_hashes(plain)
    again = _ingest(write(tmp_path, "nightA.shn", NIGHT_A_SHN.format(bom="")), bom)
    assert again["rejected"] == [] and again["ingested"] == 0 and again["duplicates"] == 5
    assert ledger(bom) == NIGHT_A


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
