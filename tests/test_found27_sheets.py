"""Score sheets brought by break26b (session 26, F6: a 'Def Pts' column; /tmp/s26/break26b/FINDINGS.md), fixed by
fixb27 in session 27: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.  Profile wi5-called-ace (doubleOnBump on).

The lead's decision: a column headed Def Pts (Def Points, Defense, Defense Pts, Defenders, Def) is the defenders'
card points; the picker side's are the deck's 120 (rules.md A-5, A-6) less the cell; beside a Points column the two
must sum to 120, else the row is refused at the Def Pts cell.  Said once a file (W-CSV-DEFENSE).

Units by hand, five players, Lou picks with Gus as partner (rules.md B-27, B-28 tiers; B-31: the picker 2 shares,
the partner 1, each of 3 defenders 1; B-32 a loss doubled; B-33's table):
- Def 54 -> Lou's side 120 - 54 = 66 (61..90): a win, x1: Lou +2, Gus +1, Mo/Rita/Zeke -1.
- Def 29 -> 91 (91..120, defenders took a trick: 91 > 22, the most a bury holds is not all of it): schneider, x2:
  Lou +4, Gus +2, -2 each.
- Def 30 -> 90: a plain win: +2, +1, -1 each (90 is no schneider: B-28 "picker side 90 -> plain win").
- Def 89 -> 31: a plain loss (31..60), doubled on the bump: Lou -2x2 = -4, Gus -2, +2 each.
- Def 90 -> 30: schneidered (0..30; B-28 "30 -> schneidered"), x2, doubled: Lou -4x2 = -8, Gus -4, +4 each.
- Def 91 -> 29: schneidered: -8, -4, +4 each.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


def _units(db) -> dict[int, dict[str, int]]:
    """Each stored hand's units by player."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, u.player, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, player, units in rows:
        out.setdefault(hand, {})[player] = units
    return out


def _warned(rep: dict, code: str) -> list[tuple[int, int]]:
    return [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == code]


# -- break26b F6: a Def Pts column alone (no Points column) ---------------------------------------------------------

#: csv/d1_defpts_only.csv as break26b wrote it (header cell 7 varied): units blank, worked out from the hand.
#: Hand 1: Def 54 -> Lou/Gus 66, a win: Lou +2, Gus +1, Mo/Rita/Zeke -1.  Hand 2: Def 50 -> Mo/Zeke 70, a win:
#: Mo +2, Zeke +1, Gus/Lou/Rita -1.  The night: Gus 1-1 = 0, Lou 2-1 = 1, Mo -1+2 = 1, Rita -2, Zeke -1+1 = 0.
D1 = """Date,Hand,Dealer,Picker,Partner,Call,{head},Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,54,,,,,
2026-12-01,2,Gus,Mo,Zeke,AS,50,,,,,
"""


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("head", ["Def Pts", "Def Points", "Defense", "Defense Pts", "Defenders", "Def", "DEF PTS"])
def test_a_def_pts_column_is_the_defenders_points(tmp_path, monkeypatch, stream, head):
    _stream(monkeypatch, stream)
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "d1_defpts_only.csv", D1.format(head=head)), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])  # was: each row refused E-SEATS at 2:7 and 3:7
    assert _units(db) == {1: {"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1},
                          2: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1}}
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}
    # said once a file, at the first Def Pts cell read (row 2, column 7), naming the column
    assert _warned(rep, "W-CSV-DEFENSE") == [(2, 7)]
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE"]
    assert f"{head!r}" in w["message"] and "defenders' card points" in w["message"] and "54 -> pts 66" in w["message"]
    with duckdb.connect(str(db), read_only=True) as con:
        texts = [t for (t,) in con.execute("SELECT source FROM hand_text ORDER BY line").fetchall()]
    assert "pts 66" in texts[0] and "pts 70" in texts[1]  # the picker side's, as SHN writes them: a rederive agrees


#: One row each at the tier lines (worked out in the module's docstring), Lou picks, Gus partner, units blank.
#: The night: Lou 2+4+2-4-8-8 = -12, Gus 1+2+1-2-4-4 = -6, Mo/Rita/Zeke -1-2-1+2+4+4 = +6 each (sums to 0).
BOUNDARY = """Date,Hand,Dealer,Picker,Partner,Call,Def Pts,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,54,,,,,
2026-12-01,2,Zeke,Lou,Gus,AH,29,,,,,
2026-12-01,3,Zeke,Lou,Gus,AH,30,,,,,
2026-12-01,4,Zeke,Lou,Gus,AH,89,,,,,
2026-12-01,5,Zeke,Lou,Gus,AH,90,,,,,
2026-12-01,6,Zeke,Lou,Gus,AH,91,,,,,
"""


def _side(lou: int, gus: int, each: int) -> dict[str, int]:
    return {"Gus": gus, "Lou": lou, "Mo": each, "Rita": each, "Zeke": each}


@pytest.mark.parametrize("stream", [False, True])
def test_def_pts_at_the_schneider_lines(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "lines.csv", BOUNDARY), db)
    assert (rep["ingested"], rep["rejected"]) == (6, [])
    units = _units(db)
    assert units == {1: _side(2, 1, -1),    # 66: win
                     2: _side(4, 2, -2),    # 91: schneider
                     3: _side(2, 1, -1),    # 90: plain win
                     4: _side(-4, -2, 2),   # 31: plain loss, doubled
                     5: _side(-8, -4, 4),   # 30: schneidered, doubled
                     6: _side(-8, -4, 4)}   # 29: schneidered, doubled
    assert all(sum(u.values()) == 0 for u in units.values())  # zero-sum (B-31)
    assert ledger(db) == {"Gus": -6, "Lou": -12, "Mo": 6, "Rita": 6, "Zeke": 6}
    assert _warned(rep, "W-CSV-DEFENSE") == [(2, 7)]  # once a file, not once a row


# -- break26b F6: Points and Def Pts both written --------------------------------------------------------------------

#: csv/d2_defpts_wrong.csv as break26b wrote it: row 2 Points 66, Def Pts 54 (66 + 54 = 120: agrees), units
#: Lou +2, Gus +1, -1 each (a win, B-33); row 3 Points 70, Def Pts 40: 70 + 40 = 110, not 120 (A-6): refused at
#: its Def Pts cell (3:8).
D2 = """Date,Hand,Dealer,Picker,Partner,Call,Points,Def Pts,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,66,54,1,2,-1,-1,-1
2026-12-01,2,Gus,Mo,Zeke,AS,70,40,-1,-1,2,-1,1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_points_and_def_pts_must_sum_to_120(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "d2_defpts_wrong.csv", D2), db)
    assert rep["ingested"] == 1
    assert _where(rep) == [(3, 8, "E-CSV-POINTS", 2)]  # was: E-SEATS at column 1, Def Pts not named
    (e,) = rep["rejected"]
    assert (e["found"], e["expected"]) == ("Def Pts 40 with Points 70", "the two summing to 120")
    assert "sum to 110" in e["message"]
    assert _units(db) == {1: {"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1}}
    assert ledger(db) == {"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1}
    assert _warned(rep, "W-CSV-DEFENSE") == [(2, 8)]


def test_def_pts_with_units_written_checks_them(tmp_path):
    """Def Pts 90 (-> Lou/Gus 30, schneidered, doubled: Lou -8, Gus -4, +4 each) with the units written as a plain
    loss (-4, -2, +2): the units do not fit the points, refused by the rules judge (E-SCORE) at row 2; a Def Pts 130
    (no card points: 0..120) refused at its own cell (3:7)."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Def Pts,Gus,Lou,Mo,Rita,Zeke\n"
            "2026-12-01,1,Zeke,Lou,Gus,AH,90,-2,-4,2,2,2\n"
            "2026-12-01,2,Zeke,Lou,Gus,AH,130,,,,,\n"
            "2026-12-01,3,Zeke,Lou,Gus,AH,90,-4,-8,4,4,4\n")
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "d3.csv", text), db)
    assert rep["ingested"] == 1
    codes = {(e["line"], e["code"]) for e in rep["rejected"]}
    assert codes == {(2, "E-SCORE"), (3, "E-CSV-POINTS")}
    assert (3, 7, "E-CSV-POINTS", 2) in _where(rep)
    assert _units(db) == {3: _side(-8, -4, 4)}


# -- a leaster row: its Def Pts cell '-' or blank is nothing ---------------------------------------------------------

@pytest.mark.parametrize("dash", ["-", ""])
def test_a_leaster_rows_def_pts_is_not_read(tmp_path, dash):
    """Row 2: a leaster Rita wins (D-4: +4, each other -1), Def Pts '-' or blank: stored as a leaster, no points.
    Row 3: Lou/Gus, Def 54 -> 66, a win: Lou +2, Gus +1, -1 each.  The night: Gus -1+1 = 0, Lou -1+2 = 1,
    Mo -2, Rita 4-1 = 3, Zeke -2.  W-CSV-DEFENSE said at row 3 (the first Def Pts cell read)."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Def Pts,Leaster,Gus,Lou,Mo,Rita,Zeke\n"
            f"2026-12-01,1,Zeke,,,,{dash},Rita,-1,-1,-1,4,-1\n"
            "2026-12-01,2,Gus,Lou,Gus,AH,54,,,,,,\n")
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "leaster.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": -2, "Rita": 3, "Zeke": -2}
    assert _warned(rep, "W-CSV-DEFENSE") == [(3, 7)]
    with duckdb.connect(str(db), read_only=True) as con:
        (text1,) = con.execute("SELECT source FROM hand_text ORDER BY line LIMIT 1").fetchone()
    assert "leaster Rita" in text1 and "pts" not in text1


# -- XLSX as CSV ------------------------------------------------------------------------------------------------------

def test_an_xlsx_def_pts_column_is_the_defenders_points(tmp_path):
    """d1 as a workbook (openpyxl, Def Pts the ints 54 and 50): as the CSV, Lou +2 Gus +1 / Mo +2 Zeke +1."""
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Dec 1"
    ws.append("Date,Hand,Dealer,Picker,Partner,Call,Def Pts,Gus,Lou,Mo,Rita,Zeke".split(","))
    ws.append(["2026-12-01", 1, "Zeke", "Lou", "Gus", "AH", 54])
    ws.append(["2026-12-01", 2, "Gus", "Mo", "Zeke", "AS", 50])
    path = tmp_path / "d1.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    rep = _ingest(str(path), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}
    assert _warned(rep, "W-CSV-DEFENSE") == [(2, 7)]


# -- a column not known: named, with its number, as the one to leave out --------------------------------------------

def test_an_unknown_column_is_named_as_the_one_to_ignore(tmp_path):
    """A 'Bonus' column (column 8) of numbers beside five players' units that sum to 0 without it (row 2:
    1+2-1-1-1 = 0; row 3: -1-1+2-1+1 = 0): each row refused E-SEATS at 2:8 / 3:8 (was: column 1, '--columns
    ignore=COLUMN'), the message naming Bonus and its column; ingested again with --columns ignore=Bonus both are
    stored (Lou/Gus 66 and Mo/Zeke 70: Gus 0, Lou 1, Mo 1, Rita -2, Zeke 0)."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Bonus,Gus,Lou,Mo,Rita,Zeke\n"
            "2026-12-01,1,Zeke,Lou,Gus,AH,66,54,1,2,-1,-1,-1\n"
            "2026-12-01,2,Gus,Mo,Zeke,AS,70,3,-1,-1,2,-1,1\n")
    path = write(tmp_path, "bonus.csv", text)
    db = tmp_path / "d.duckdb"
    rep = _ingest(path, db)
    assert _where(rep) == [(2, 8, "E-SEATS", 1), (3, 8, "E-SEATS", 2)]
    for e in rep["rejected"]:
        assert "'Bonus' (column 8)" in e["message"] and "--columns ignore=Bonus" in e["message"]
        assert "COLUMN" not in e["message"]
    rep = _ingest(path, db, "--columns", "ignore=Bonus")
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}
