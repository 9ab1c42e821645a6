"""Score sheets brought by break26 (session 26: F4, F6, F7, F8; /tmp/s26/break26/FINDINGS.md), fixed by fixb in
session 26: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.  Default profile wi5-called-ace (doubleOnBump on)
unless said.

The hands used (players Gus, Lou, Mo, Rita, Zeke):
- "Lou picks, Gus partner, 66": a plain win (rules.md B-27: 61..90, B-28 tier 1): Lou +2, Gus +1, Mo/Rita/Zeke -1
  (B-31: picker 2 shares, partner 1; B-33).
- "Mo picks, Zeke partner, 70": a plain win: Mo +2, Zeke +1, Gus/Lou/Rita -1.
- "Rita picks, Gus partner, 45": a loss (31..60, B-28 tier 1), doubled on the bump (B-32): 2 a defender:
  Rita -4, Gus -2, Lou/Mo/Zeke +2.
- "Gus alone, 70": a plain win alone (B-31: 4 shares): Gus +4, each other -1.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where

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


# -- break26 F6: a per-hand sheet's opening row carrying a pot in ---------------------------------------------------

#: p/potcarry.csv as break26 wrote it: row 2 writes the night's date and Pot 5 (a pot carried in from last week's
#: leaster), nothing else.  By hand (rules.md D-19; docs/profiles.md: the pot to the winning picker side, the partner
#: pot // 4 = 1, the picker the rest, 4): hand 1 Lou/Gus 66, a plain win: Lou +2 +4 = +6, Gus +1 +1 = +2,
#: Mo/Rita/Zeke -1, the pot -5 (sums to 0).  Hand 2 Mo/Zeke 70: Mo +2, Zeke +1, Gus/Lou/Rita -1, the pot empty (0).
#: The night: Gus 2-1 = 1, Lou 6-1 = 5, Mo -1+2 = 1, Rita -1-1 = -2, Zeke -1+1 = 0.
POT_CARRY = """Date,Hand,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke,Pot
{opening},,,,,,,,,,,,{pot}
2026-12-01,1,Zeke,Lou,Gus,AH,66,2,6,-1,-1,-1,-5
2026-12-01,2,Gus,Mo,Zeke,AS,70,-1,-1,2,-1,1,0
"""


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("opening", ["2026-12-01", "Carried over", ""])
def test_a_per_hand_sheets_opening_row_carries_its_pot_into_hand_1(tmp_path, monkeypatch, stream, opening):
    _stream(monkeypatch, stream)
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "potcarry.csv", POT_CARRY.format(opening=opening, pot=5)), db, *POT_RULES)
    assert (rep["ingested"], rep["rejected"], rep["warnings"]) == (2, [], [])  # no E-SCORE-SUM, no W-SESSION-GAP
    assert _units(db) == {1: {"Gus": 2, "Lou": 6, "Mo": -1, "Rita": -1, "Zeke": -1, "(pot)": -5},
                          2: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1, "(pot)": 0}}
    assert ledger(db) == {"Gus": 1, "Lou": 5, "Mo": 1, "Rita": -2, "Zeke": 0}
    with duckdb.connect(str(db), read_only=True) as con:
        (text,) = con.execute("SELECT source FROM hand_text WHERE line = 3").fetchone()
    assert "pot 5" in text  # the opening balance is in the stored text: a rederive gives the same units


def test_a_per_hand_sheets_opening_pot_below_0_is_refused_at_its_cell(tmp_path):
    """Pot -5 on the opening row: a pot never holds less than 0 (D-19): refused at row 2, column 13 (the Pot cell);
    not read, and hand 1, whose pot it would open, is refused with it at its own Pot cell (3:13; break26b F1: a
    hand written without units was stored with the pot at 0); hand 2 is stored (Mo +2, Zeke +1, -1 each)."""
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "potcarry.csv", POT_CARRY.format(opening="2026-12-01", pot=-5)), db, *POT_RULES)
    assert rep["ingested"] == 1
    pot = [e for e in rep["rejected"] if e["hand"] is None]
    assert [(e["code"], e["line"], e["col"], e["found"]) for e in pot] == [("E-CSV-POT", 2, 13, "-5")]
    assert "a pot never holds less than 0" in pot[0]["message"]
    assert (3, 13, "E-CSV-POT", 1) in _where(rep)
    assert ledger(db) == {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1}


def test_a_pot_only_row_among_a_nights_hands_is_said_not_read(tmp_path):
    """A row writing only its date and Pot 3 between hands 1 and 2 (no pot carried in: hand 1 is Lou/Gus 66 with
    nothing to take, Lou +2, Gus +1, -1 each; hand 2 Mo/Zeke 70, Mo +2, Zeke +1, -1 each): the pot between hands is
    what the hands leave in it (D-19), so the cell is not read, and said at row 3, column 13 (W-CSV-POT).
    The night: Gus 0, Lou +1, Mo +1, Rita -2, Zeke 0."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke,Pot\n"
            "2026-12-01,1,Zeke,Lou,Gus,AH,66,1,2,-1,-1,-1,0\n"
            "2026-12-01,,,,,,,,,,,,3\n"
            "2026-12-01,2,Gus,Mo,Zeke,AS,70,-1,-1,2,-1,1,0\n")
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "potmid.csv", text), db, *POT_RULES)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert _warned(rep, "W-CSV-POT") == [(3, 13)]
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}


# -- break26 F7: '-' in a Call, Points or Tricks cell ---------------------------------------------------------------

#: w/dash.csv as break26 wrote it, and a row 6 with an en dash in Points and '-' in Call beside a named partner.
#: Row 2: Partner '-', Call '-': Gus alone, 70 (Tricks 4), a plain win alone: Gus +4, each other -1 (B-31, B-33).
#: Row 3: Points '-' (nothing written), units written: Mo/Zeke win: Mo +2, Zeke +1, Gus/Lou/Rita -1.
#: Row 4: Tricks '-': Rita/Gus 45, a loss doubled on the bump (B-32): Rita -4, Gus -2, Lou/Mo/Zeke +2.
#: Row 5: Partner en dash, Call blank: Lou alone 66: Lou +4, each other -1.
#: Row 6: Call '-', Partner Zeke, Points en dash: Mo picks, Zeke partner, no call written, units written: Mo +2,
#: Zeke +1, Gus/Lou/Rita -1.
#: The night: Gus 4-1-2-1-1 = -1, Lou -1-1+2+4-1 = 3, Mo -1+2+2-1+2 = 4, Rita -1-1-4-1-1 = -8, Zeke -1+1+2-1+1 = 2.
DASH = """Date,Hand,Dealer,Picker,Partner,Call,Points,Tricks,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Gus,-,-,70,4,4,-1,-1,-1,-1
2026-12-01,2,Gus,Mo,Zeke,AS,-,3,-1,-1,2,-1,1
2026-12-01,3,Lou,Rita,Gus,AC,45,-,-2,2,2,-4,2
2026-12-01,4,Mo,Lou,\u2013,,66,,-1,4,-1,-1,-1
2026-12-01,5,Rita,Mo,Zeke,-,\u2013,,-1,-1,2,-1,1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_dash_in_a_call_points_or_tricks_cell_is_nothing_written(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "dash.csv", DASH), db)
    assert (rep["ingested"], rep["rejected"]) == (5, [])
    assert _units(db) == {1: {"Gus": 4, "Lou": -1, "Mo": -1, "Rita": -1, "Zeke": -1},
                          2: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1},
                          3: {"Gus": -2, "Lou": 2, "Mo": 2, "Rita": -4, "Zeke": 2},
                          4: {"Gus": -1, "Lou": 4, "Mo": -1, "Rita": -1, "Zeke": -1},
                          5: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1}}
    with duckdb.connect(str(db), read_only=True) as con:
        got = con.execute("SELECT hand, partner, picker_points, call, alone, picker_tricks FROM hands ORDER BY hand").fetchall()
    # (hand, partner, points, call, alone, tricks): hand 1 alone with its 4 tricks; hand 2's points not written
    # (none, not 0) and its 3 tricks; hand 3's 45 and no tricks; hand 4 alone; hand 5 Zeke's, no card called, no points
    assert got == [(1, None, 70, "alone", True, 4), (2, "Zeke", None, "AS", False, 3),
                   (3, "Gus", 45, "AC", False, None), (4, None, 66, "alone", True, None),
                   (5, "Zeke", None, None, False, None)]
    assert ledger(db) == {"Gus": -1, "Lou": 3, "Mo": 4, "Rita": -8, "Zeke": 2}


# -- break26 F4: a dotted month-first title date ---------------------------------------------------------------------

#: s/dotted.csv as break26 wrote it: no Date column, a title above each night's header.  '12.17.2026' can only be
#: month first (there is no month 17), so it reads Dec 17 and settles '12.03.2026' (either way alone) as Dec 3, as
#: the slashed twin '12/03/2026' / '12/17/2026' is read.  Dec 3: Lou/Gus 66 (Lou +2, Gus +1, -1 each), Mo/Zeke 70
#: (Mo +2, Zeke +1, -1 each): Gus 0, Lou +1, Mo +1, Rita -2, Zeke 0.  Dec 17: Rita/Gus 45, a loss doubled on the
#: bump: Rita -4, Gus -2, Lou/Mo/Zeke +2.  Both: Gus -2, Lou 3, Mo 3, Rita -6, Zeke 2.
DOTTED = """Tuesday Night {t1}
Hand,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
1,Zeke,Lou,Gus,AH,66,1,2,-1,-1,-1
2,Gus,Mo,Zeke,AS,70,-1,-1,2,-1,1
Total,,,,,,0,1,1,-2,0
Tuesday Night {t2}
Hand,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
1,Lou,Rita,Gus,AC,45,-2,2,2,-4,2
Total,,,,,,-2,2,2,-4,2
"""


def _nights(db) -> dict[str, dict[str, int]]:
    """Each stored night's date and each player's units that night."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT CAST(h.date AS VARCHAR), u.player, sum(u.units) FROM hands h "
                           "JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY 1, 2").fetchall()
    out: dict[str, dict[str, int]] = {}
    for day, player, units in rows:
        out.setdefault(day, {})[player] = int(units)
    return out


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("t1,t2", [("12.03.2026", "12.17.2026"), ("12/03/2026", "12/17/2026")])
def test_a_dotted_month_first_title_date_is_read_and_settles_the_order(tmp_path, monkeypatch, stream, t1, t2):
    _stream(monkeypatch, stream)
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "dotted.csv", DOTTED.format(t1=t1, t2=t2)), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert not _warned(rep, "W-CSV-DATE-ORDER")  # settled by the title at row 6: no guess said
    assert _nights(db) == {"2026-12-03": {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0},
                           "2026-12-17": {"Gus": -2, "Lou": 2, "Mo": 2, "Rita": -4, "Zeke": 2}}
    assert ledger(db) == {"Gus": -2, "Lou": 3, "Mo": 3, "Rita": -6, "Zeke": 2}


def test_a_lone_dotted_month_first_title_date_is_read(tmp_path):
    """s/single_dotted.csv: one title 'Tuesday Night 12.17.2026' (Dec 17, month first), the Dec 3 hands above:
    Gus 0, Lou +1, Mo +1, Rita -2, Zeke 0, all of 2026-12-17."""
    text = DOTTED.format(t1="12.17.2026", t2="")
    text = text[:text.index("Tuesday Night \n")]
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "single_dotted.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert _nights(db) == {"2026-12-17": {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}}


def test_a_lone_title_date_that_does_not_read_is_named_in_the_refusal(tmp_path):
    """'Tuesday Night 31.31.2026': no month 31 either way: refused at the header (row 2, column 1), E-CSV-COLUMNS
    naming the title and its date, nothing stored."""
    text = DOTTED.format(t1="31.31.2026", t2="")
    text = text[:text.index("Tuesday Night \n")]
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "bad_title.csv", text), db)
    assert rep["ingested"] == 0
    (e,) = rep["rejected"]  # a file error: no hand
    assert (e["code"], e["line"], e["col"], e["hand"]) == ("E-CSV-COLUMNS", 2, 1, None)
    assert "no date column" in e["message"]
    assert "the title row ('Tuesday Night 31.31.2026') writes '31.31.2026', which is no date" in e["message"]


# -- break26 F8: one repeated number in a Game # column --------------------------------------------------------------

#: t/game.csv as break26 wrote it: a 'Game #' column numbering the night 1, 2, 2, 3 (a typo at row 4).  The column is
#: the hand's number; row 4 repeats hand 2 and is refused alone at its Game # cell (row 4, column 2), as a Hand
#: column's would be.  Stored: hand 1 Lou/Gus 66 (Lou +2, Gus +1, -1 each), hand 2 Mo/Zeke 70 (Mo +2, Zeke +1, -1
#: each), hand 3 Zeke picks, Mo partner, 66 (Zeke +2, Mo +1, -1 each).  The night: Gus 1-1-1 = -1, Lou 2-1-1 = 0,
#: Mo -1+2+1 = 2, Rita -3, Zeke -1+1+2 = 2.
GAME = """Date,Game #,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,66,1,2,-1,-1,-1
2026-12-01,2,Gus,Mo,Zeke,AS,70,-1,-1,2,-1,1
2026-12-01,2,Lou,Rita,Gus,AC,45,-2,2,2,-4,2
2026-12-01,3,Mo,Zeke,Mo,AS,66,-1,-1,1,-1,2
"""


@pytest.mark.parametrize("stream", [False, True])
def test_one_repeated_game_number_refuses_that_row_alone(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "g.duckdb"
    rep = _ingest(write(tmp_path, "game.csv", GAME), db)
    assert rep["ingested"] == 3
    assert _where(rep) == [(4, 2, "E-CSV-HAND-ORDER", 2)]
    assert "hand 2 again: row 3 is this night's hand 2" in rep["rejected"][0]["message"]
    assert _units(db) == {1: {"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1},
                          2: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1},
                          3: {"Gus": -1, "Lou": -1, "Mo": 1, "Rita": -1, "Zeke": 2}}
    assert ledger(db) == {"Gus": -1, "Lou": 0, "Mo": 2, "Rita": -3, "Zeke": 2}


def test_a_game_column_repeating_two_numbers_is_still_no_hand_column(tmp_path):
    """Game # 1, 2, 2, 3, 3: two repeats are no typo: the column is not taken for the hand's (as before), so it is
    read as a player's and every row refused E-SEATS (6 players at a table of 5), the message naming the mapping."""
    text = GAME + "2026-12-01,3,Rita,Gus,Lou,AC,75,2,1,-1,-1,-1\n"
    rep = _ingest(write(tmp_path, "game2.csv", text), tmp_path / "g.duckdb")
    assert rep["ingested"] == 0
    assert {e["code"] for e in rep["rejected"]} == {"E-SEATS"}
    assert "--columns hand=Game #" in rep["rejected"][0]["message"]
