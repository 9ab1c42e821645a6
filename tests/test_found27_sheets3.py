"""Score sheets brought by break27b (session 27, round 2; /tmp/s27/break27b/FINDINGS.md F4, F6, F7's sheet half),
fixed by fixj27: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.  Profile wi5-called-ace (doubleOnBump on).

Units used below (rules.md B-27/B-28 tiers, B-31 shares: the picker 2, the partner 1, each defender 1; alone the
picker 4 against 1 each; B-32 a loss doubled on the bump (DOB); B-33's table):
- a called-ace win 61..90: picker +2, partner +1, the three defenders -1.
- alone 91..120 with the defenders taking a trick: schneider, x2: picker +8, the four others -2.
- a called-ace loss 31..60 with DOB: picker -2x2 = -4, partner -2, the three defenders +2.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import cli, ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches of one (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")


def _units(db) -> dict[int, dict[str, int]]:
    """Each stored hand's units by player."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, u.player, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, player, units in rows:
        out.setdefault(hand, {})[player] = units
    return out


# -- F4: a player really named Def ----------------------------------------------------------------------------------

#: break27b's defplayer.csv.  h1 Al/Def AH 66, a win: Al +2, Def +1, Bea/Cy/Ed -1.  h2 Def alone 95, schneider:
#: Def +8, the rest -2.  h3 Cy/Bea AS 40, a loss doubled on the bump: Cy -4, Bea -2, Al/Def/Ed +2.
#: Night: Al 2-2+2 = +2, Bea -1-2-2 = -5, Cy -1-2-4 = -7, Def 1+8+2 = +11, Ed -1-2+2 = -1 (sum 0).
DEFPLAYER = """Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Def,Ed
2026-11-29,1,Al,Def,AH,66,2,-1,-1,1,-1
2026-11-29,2,Def,,alone,95,-2,-2,-2,8,-2
2026-11-29,3,Cy,Bea,AS,40,2,-2,-4,2,2
"""
DEF_NIGHT = {"Al": 2, "Bea": -5, "Cy": -7, "Def": 11, "Ed": -1}


@pytest.mark.parametrize("stream", [False, True])
def test_a_def_column_named_in_the_picker_cells_is_a_player(tmp_path, monkeypatch, stream):
    """Def is named in the Partner cell (row 2) and the Picker cell (row 3): a player, not the defenders' points
    (was 0 stored, 3 rejected: E-CSV-SEAT twice, E-CSV-POINTS 'found Def 2 with Points 40')."""
    _stream(monkeypatch, stream)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defplayer.csv", DEFPLAYER), db)
    assert (rep["ingested"], _where(rep)) == (3, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE"]
    assert _units(db) == {1: {"Al": 2, "Bea": -1, "Cy": -1, "Def": 1, "Ed": -1},
                          2: {"Al": -2, "Bea": -2, "Cy": -2, "Def": 8, "Ed": -2},
                          3: {"Al": 2, "Bea": -2, "Cy": -4, "Def": 2, "Ed": 2}}
    assert ledger(db) == DEF_NIGHT


def test_a_def_column_whose_cells_sum_the_row_to_zero_is_a_player(tmp_path):
    """Def never picks nor partners, but the cells are signed units that make each row sum to 0 with the others.
    h1 Al/Bea AH 66, a win: Al +2, Bea +1, Cy/Def/Ed -1.  h2 Cy alone 95, schneider: Cy +8, the rest -2.
    Night: Al 0, Bea -1, Cy +7, Def -3, Ed -3."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defunits.csv", """Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Def,Ed
2026-11-29,1,Al,Bea,AH,66,2,1,-1,-1,-1
2026-11-29,2,Cy,,alone,95,-2,-2,8,-2,-2
"""), db)
    assert (rep["ingested"], _where(rep)) == (2, [])
    assert ledger(db) == {"Al": 0, "Bea": -1, "Cy": 7, "Def": -3, "Ed": -3}


@pytest.mark.parametrize("given", ["Def=Def", "Def=Def Miller"])
def test_columns_can_say_def_is_a_player(tmp_path, given):
    """What break27b tried: --columns Def=Def (and Def=Def Miller, the player's name) were refused "'Def' is not a
    player column".  Now the column is that player's: the same night, the name as given."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defplayer.csv", DEFPLAYER), db, "--columns", given)
    assert (rep["ingested"], _where(rep)) == (3, [])
    name = given.split("=", 1)[1]
    assert ledger(db) == {(name if p == "Def" else p): v for p, v in DEF_NIGHT.items()}


def test_columns_can_say_def_is_the_defenders_points(tmp_path):
    """--columns defense=Def says the other way: the column is the defenders' points, so Def in the Picker and
    Partner cells is no player: rows 2 and 3 refused E-CSV-SEAT at the cell (2:4 the Partner cell, 3:3 the
    Picker cell), the message naming the column taken and the --columns way out; row 4's Def 2 with Points 40 sum
    to 42, not 120: E-CSV-POINTS at the Def cell (4:10)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defplayer.csv", DEFPLAYER), db, "--columns", "defense=Def")
    assert rep["ingested"] == 0
    assert sorted(_where(rep)) == [(2, 4, "E-CSV-SEAT", 1), (3, 3, "E-CSV-SEAT", 2), (4, 10, "E-CSV-POINTS", 3)]
    seat = [e["message"] for e in rep["rejected"] if e["code"] == "E-CSV-SEAT"]
    assert all("the column 'Def' is read as the defenders' card points" in m and "--columns 'Def=Def'" in m
               for m in seat), seat


def test_a_def_pts_column_of_card_points_stays_the_defenders(tmp_path):
    """A true Def column (card points, named in no Picker cell, not zero-sum): as before, the defenders' points.
    Def 54 -> Lou/Gus 66, a win: Lou +2, Gus +1, Mo/Rita/Zeke -1."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "d.csv", """Date,Hand,Dealer,Picker,Partner,Call,Def,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,54,,,,,
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [])
    assert [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE"] == [(2, 7)]
    assert ledger(db) == {"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1}


def test_an_xlsx_def_player(tmp_path):
    """defplayer as a workbook (openpyxl, the units as ints): the same night as the CSV."""
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Nov 29"
    lines = DEFPLAYER.splitlines()
    ws.append(lines[0].split(","))
    for line in lines[1:]:
        ws.append([int(x) if x.lstrip("-").isdigit() else (x or None) for x in line.split(",")])
    path = tmp_path / "defplayer.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    rep = _ingest(str(path), db)
    assert (rep["ingested"], _where(rep)) == (3, [])
    assert ledger(db) == DEF_NIGHT


# -- F6: a misdeal redealt by the same dealer ----------------------------------------------------------------------

#: break27b's misdeal.tsv: dealers Al, Cy, Cy, Ed, Bea, Di -- the seating Al, Cy, Ed, Bea, Di (clockwise), Cy
#: dealing again on the next row (a redeal, rules.md B-4).  By hand (B-31/B-33, DOB; a crack doubles, E-2):
#: h1 dealer Al, Cy picks with Ed (AH) 70, a win, cracked by Bea (who sits after Cy in pick order: Cy, Ed, Bea, Di,
#:    Al from Al's left, so she may crack, E-2): x2: Cy +4, Ed +2, Al/Bea/Di -2.
#: h2 Ed alone 50, a loss doubled on the bump: Ed -8, the rest +2.
#: h3 Di/Al AS 80, a win: Di +2, Al +1, Bea/Cy/Ed -1.
#: h4 Bea/Di AC 45, a loss, DOB: Bea -4, Di -2, Al/Cy/Ed +2.
#: h5 Di/Cy AS 91, schneider: Di +4, Cy +2, Al/Bea/Ed -2.
#: h6 Al alone 61, a win: Al +4, the rest -1.
#: Night: Al -2+2+1+2-2+4 = +5, Bea -2+2-1-4-2-1 = -8, Cy 4+2-1+2+2-1 = +8, Di -2+2+2-2+4-1 = +3,
#: Ed 2-8-1+2-2-1 = -8 (sum 0).  (break27b's FINDINGS.md gives Di +1, Ed -6: a slip in the adding; its rows' own
#: cells, which are the hand-worked units above, sum to Di +3, Ed -8.)
MISDEAL = """Date\tHand\tDealer\tPicker\tPartner\tCall\tPoints\tCrack\tAl\tBea\tCy\tDi\tEd
2026-11-27\t1\tAl\tCy\tEd\tAH\t70\tBea\t-2\t-2\t4\t-2\t2
2026-11-27\t2\tCy\tEd\t\talone\t50\t\t2\t2\t2\t2\t-8
2026-11-27\t3\tCy\tDi\tAl\tAS\t80\t\t1\t-1\t-1\t2\t-1
2026-11-27\t4\tEd\tBea\tDi\tAC\t45\t\t2\t-4\t2\t-2\t2
2026-11-27\t5\tBea\tDi\tCy\tAS\t91\t\t-2\t-2\t2\t4\t-2
2026-11-27\t6\tDi\tAl\t\talone\t61\t\t4\t-1\t-1\t-1\t-1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_redeal_by_the_same_dealer_keeps_the_seating_read_from_the_dealers(tmp_path, monkeypatch, stream):
    """Cy written twice running is a redeal: the night is seated Al, Cy, Ed, Bea, Di (W-CSV-SEATING at row 2, the
    Dealer cell, column 3), so Bea's crack on hand 1 is legal (was E-CRACK, 5 of 6 stored, and four W-SESSION-DEALER
    naming the columns' neighbours).  One W-SESSION-DEALER is left: hand 3 at 4:3, where Cy deals again."""
    _stream(monkeypatch, stream)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "misdeal.tsv", MISDEAL), db)
    assert (rep["ingested"], _where(rep)) == (6, [])
    seating = [w for w in rep["warnings"] if w["code"] == "W-CSV-SEATING"]
    assert [(w["line"], w["col"], w["found"]) for w in seating] == [(2, 3, "Al, Cy, Ed, Bea, Di")]
    assert "1 dealer(s) written again on the next row read as a redeal (rules.md B-4)" in seating[0]["message"]
    assert [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-SESSION-DEALER"] == [(4, 3)]
    assert _units(db)[1] == {"Al": -2, "Cy": 4, "Ed": 2, "Bea": -2, "Di": -2}
    assert ledger(db) == {"Al": 5, "Bea": -8, "Cy": 8, "Di": 3, "Ed": -8}


# -- F7 (the sheet half): 'allein.' and 'Alleinspiel' in a Call cell ------------------------------------------------

@pytest.mark.parametrize("call", ["allein.", "Alleinspiel", "ALLEIN.", "alleinspiel."])
def test_allein_with_its_dot_and_alleinspiel_are_alone(tmp_path, call):
    """break27b's allein.csv rows 6 and 7: Ed (then Al) alone 70, a win 61..90 (B-28): the picker +4, each of the
    four others -1 (B-33).  Was E-CSV-CALL "expected ... alone".  Night of the two: Al 4-1 = +3, Ed -1+4 = +3,
    Bea/Cy/Di -2."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "allein.csv", f"""Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
2026-12-07,1,Ed,,{call},70,-1,-1,-1,-1,4
2026-12-07,2,Al,,{call},70,4,-1,-1,-1,-1
"""), db)
    assert (rep["ingested"], _where(rep)) == (2, [])
    assert ledger(db) == {"Al": 3, "Bea": -2, "Cy": -2, "Di": -2, "Ed": 3}


def test_a_german_sheets_call_refusal_names_allein(tmp_path):
    """A German sheet (Datum, Nr, Spieler, Mitspieler, Ruf, Augen) whose Ruf cell says 'Wenz' (a Schafkopf game, not
    a Sheepshead call): refused at the Ruf cell, row 2 column 5, E-CSV-CALL naming 'allein' among the words it knows;
    hand 2 (Bea alone 'allein' 70: Bea +4, the rest -1) stored.  An English sheet's refusal is as it was."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "de.csv", """Datum,Nr,Spieler,Mitspieler,Ruf,Augen,Al,Bea,Cy,Di,Ed
2026-12-07,1,Al,,Wenz,70,4,-1,-1,-1,-1
2026-12-07,2,Bea,,allein,70,-1,4,-1,-1,-1
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(2, 5, "E-CSV-CALL", 1)])
    [e] = rep["rejected"]
    assert "nor 'alone' ('allein')" in e["message"] and e["expected"] == "AS, AC, AH, TH, AS under, alone or allein"
    assert ledger(db) == {"Al": -1, "Bea": 4, "Cy": -1, "Di": -1, "Ed": -1}
    rep = _ingest(write(tmp_path, "en.csv", """Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
2026-12-08,1,Al,,Wenz,70,4,-1,-1,-1,-1
"""), tmp_path / "y.duckdb")
    [e] = rep["rejected"]
    assert (e["line"], e["col"], e["code"], e["expected"]) == (2, 5, "E-CSV-CALL", "AS, AC, AH, TH, AS under or alone")
    assert "allein" not in e["message"]
