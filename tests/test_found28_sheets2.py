"""Score sheets brought by break28 (session 28; /tmp/s28/break28/FINDINGS.md F4-F8), fixed by fixd28: each record
written as a user would write it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md)
before shead's figure was read.  Profile wi5-called-ace (doubleOnBump on).

Units used below (rules.md B-28 tiers, B-31/B-33 shares):
- a called-ace win 61..90: picker +2, partner +1, the three defenders -1.
- alone 91..120, schneider (x2): picker +8, the four others -2.
- alone, a loss 31..60 with DOB (B-32): picker -4x2 = -8, the four others +2.
- a leaster (C): its winner +4, each of the four others -1.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import cli, ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches of one (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")


# -- F4: a player named Def, one row with a typo ----------------------------------------------------------------------

#: break28's defplayer.csv.  h1 Al/Bea AH win: Al +2, Bea +1, Cy/Def/Ed -1.  h2 Cy/Ed AS win: Cy +2, Ed +1,
#: Al/Bea/Def -1.  h3 Bea alone, a loss with DOB: Bea -8, the rest +2 -- the row writes Def +3 (a typo: the row sums
#: to +1).  h4 Ed/Al AC win: Ed +2, Al +1, Bea/Cy/Def -1.
#: h1, h2, h4 stored: Al 2-1+1 = +2, Bea 1-1-1 = -1, Cy -1+2-1 = 0, Def -1-1-1 = -3, Ed -1+1+2 = +2 (sum 0).
DEFPLAYER = """Date,Hand,Picker,Partner,Call,Result,Al,Bea,Cy,Def,Ed
2026-12-11,1,Al,Bea,AH,W,2,1,-1,-1,-1
2026-12-11,2,Cy,Ed,AS,W,-1,-1,2,-1,1
2026-12-11,3,Bea,,alone,L,2,-8,2,3,2
2026-12-11,4,Ed,Al,AC,W,1,-1,-1,-1,2
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_def_player_with_one_typo_row_is_still_a_player(tmp_path, monkeypatch, stream):
    """Negative Def cells are no card count: the column is Def's units, three of its four rows summing to 0 with
    it.  Only row 4 is refused, E-SCORE-SUM at Def's cell (4:10) (was 0 stored, 4 rejected: E-CSV-POINTS on rows
    2, 3, 5 and 'E-SEATS [Seats] lists 4 seats' on row 4)."""
    _stream(monkeypatch, stream)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defplayer.csv", DEFPLAYER), db)
    assert (rep["ingested"], _where(rep)) == (3, [(4, 10, "E-SCORE-SUM", 3)])
    assert "Def +3 is written but the rules give +2" in rep["rejected"][0]["message"]
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE"]
    assert ledger(db) == {"Al": 2, "Bea": -1, "Cy": 0, "Def": -3, "Ed": 2}


def test_a_negative_defenders_cell_names_the_way_to_read_it_as_a_player(tmp_path):
    """One row only, Def -5 beside Points 75 (no second row to tell units by): the column stays the defenders'
    points and the row is refused E-CSV-POINTS at the Def cell (2:7), the message naming --columns 'Def=Def'."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "neg.csv", """Date,Hand,Picker,Partner,Call,Points,Def,Al,Bea,Cy,Di,Ed
2026-12-03,1,Al,Bea,AH,75,-5,2,1,-1,-1,-1
"""), db)
    assert (rep["ingested"], _where(rep)) == (0, [(2, 7, "E-CSV-POINTS", 1)])
    msg = rep["rejected"][0]["message"]
    assert "a card count is never negative" in msg and "--columns 'Def=Def'" in msg, msg


#: break28's def3.csv: a Defenders column of the defenders' names beside Points.  h1 Al/Bea AH 75, a win: Al +2,
#: Bea +1, Cy/Di/Ed -1.  h2 Bea/Cy AS 50, a loss with DOB: Bea -4, Cy -2, Al/Di/Ed +2 (the file writes Al 4: a typo,
#: the row sums to +2).
DEF3 = """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Al,Bea,AH,75,Cy Di Ed,2,1,-1,-1,-1
2026-12-03,2,Bea,Cy,AS,50,"Al, Di, Ed",4,-4,-2,2,2
"""


def test_a_defenders_column_of_names_names_ignore(tmp_path):
    """Since fixb29 (session 29) the names are read, checked against Picker/Partner and the seating
    (tests/test_found29_sheets.py): h1 stored (Al +2, Bea +1, Cy/Di/Ed -1) and h2 refused for its own typo,
    E-SCORE-SUM at Al's cell (3:8), with or without --columns 'ignore=Defenders' (was: each row refused
    E-CSV-POINTS at the Defenders cell, the message naming that --columns)."""
    path = write(tmp_path, "def3.csv", DEF3)
    for db, extra in ((tmp_path / "x.duckdb", ()), (tmp_path / "y.duckdb", ("--columns", "ignore=Defenders"))):
        rep = _ingest(path, db, *extra)
        assert (rep["ingested"], _where(rep)) == (1, [(3, 8, "E-SCORE-SUM", 2)])
        assert ledger(db) == {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}


def test_a_def_pts_column_out_of_range_stays_the_defenders(tmp_path):
    """A true Def Pts column with one cell 121 (break28's def2.csv row 3): still the defenders' points, that row
    refused E-CSV-POINTS at 3:6 with no 'Def Pts=' advice (121 is no negative units cell).  h1 Bea/Cy Def Pts 40
    -> 80, a win: Bea +2, Cy +1, Al/Di/Ed -1."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "def2.csv", """Date,Hand,Picker,Partner,Call,Def Pts,Al,Bea,Cy,Di,Ed
2026-12-02,1,Bea,Cy,AS,40,-1,2,1,-1,-1
2026-12-02,2,Bea,Cy,AS,121,-2,4,2,-2,-2
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(3, 6, "E-CSV-POINTS", 2)])
    assert "--columns" not in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1}


# -- F7: W-CSV-TOTALS over a refused row ------------------------------------------------------------------------------

#: break28's tot_typo.csv.  h1 Lou/Gus AH 66, a win: Lou +2, Gus +1, Mo/Rita/Zeke -1.  h2 Mo/Zeke AS 70, a win:
#: Mo +2, Zeke +1, Gus/Lou/Rita -1.  h3 Rita alone 95, schneider: Rita +8, the rest -2 -- the row writes Rita +9,
#: refused E-SCORE-SUM (sums to +1).  The Total row writes the right night: Gus 1-1-2 = -2, Lou 2-1-2 = -1,
#: Mo -1+2-2 = -1, Rita -1-1+8 = +6, Zeke -1+1-2 = -2.  Stored (h1, h2): Rita -1-1 = -2; +6 - (-2) = +8 for row 4.
TOT_TYPO = """Date,Hand,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
2026-12-10,1,Lou,Gus,AH,66,1,2,-1,-1,-1
2026-12-10,2,Mo,Zeke,AS,70,-1,-1,2,-1,1
2026-12-10,3,Rita,,alone,95,-2,-2,-2,9,-2
Total,,,,,,-2,-1,-1,6,-2
"""


def test_a_totals_warning_leaves_the_refused_row_out(tmp_path):
    """One W-CSV-TOTALS, at Rita's Total cell (5:10): the stored rows sum to -2, row 4 is named refused
    (E-SCORE-SUM, written +9), and the Total row holds if row 4 writes +8 (was: "the rows above sum to +7; the
    hands are stored as their rows write them")."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "tot_typo.csv", TOT_TYPO), db)
    assert (rep["ingested"], _where(rep)) == (2, [(4, 10, "E-SCORE-SUM", 3)])
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert (w["line"], w["col"], w["found"], w["expected"]) == (5, 10, "+6", "-2")
    assert "the stored rows above sum to -2" in w["message"], w["message"]
    assert "row 4 (E-SCORE-SUM, written Rita +9)" in w["message"]
    assert "the totals row holds if row 4 writes Rita +8" in w["message"]
    assert "+7" not in w["message"] and "stored as their rows write them" not in w["message"]
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}


def test_a_totals_row_that_the_stored_rows_match_is_no_warning(tmp_path):
    """The Total row sums only h1 and h2 (Rita -2: the scorer left the typo row out of it): with row 4 refused,
    the stored rows match every cell, so no W-CSV-TOTALS (was: "the rows above sum to +7")."""
    db = tmp_path / "x.duckdb"
    text = TOT_TYPO.replace("Total,,,,,,-2,-1,-1,6,-2", "Total,,,,,,0,1,1,-2,0")
    rep = _ingest(write(tmp_path, "tot_left.csv", text), db)
    assert (rep["ingested"], _where(rep)) == (2, [(4, 10, "E-SCORE-SUM", 3)])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]


def test_a_wrong_totals_row_without_refused_rows_is_said_as_before(tmp_path):
    """No row refused, the Total row writes Rita +7 (break28's tot_badtotal.csv): the warning as it was, the rows
    above summing to +6."""
    db = tmp_path / "x.duckdb"
    text = TOT_TYPO.replace(",9,-2\n", ",8,-2\n").replace("-1,-1,6,-2\n", "-1,-1,7,-2\n")
    rep = _ingest(write(tmp_path, "tot_badtotal.csv", text), db)
    assert (rep["ingested"], _where(rep)) == (3, [])
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert (w["line"], w["col"], w["found"], w["expected"]) == (5, 10, "+7", "+6")
    assert "the rows above sum to +6; the hands are stored as their rows write them" in w["message"]


# -- F8: a Def Pts cell in a leaster's row ----------------------------------------------------------------------------

@pytest.mark.parametrize("stream", [False, True])
def test_a_def_pts_cell_in_a_leaster_row_is_said(tmp_path, monkeypatch, stream):
    """break28's def2.csv row 2: Leaster Ed with Def Pts 10.  The leaster is stored (D-4: Ed +4, the rest -1) and a
    W-CSV-DEFENSE at that cell (2:6) says the 10 is not read (was: dropped without a word).  Row 3, Bea/Cy AS with
    Def Pts 40 -> 80, a win: Bea +2, Cy +1, Al/Di/Ed -1, still said read as the defenders' points (3:6).
    Night: Al -1-1 = -2, Bea -1+2 = +1, Cy -1+1 = 0, Di -2, Ed 4-1 = +3."""
    _stream(monkeypatch, stream)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "def2.csv", """Date,Hand,Picker,Partner,Call,Def Pts,Leaster,Al,Bea,Cy,Di,Ed
2026-12-02,1,,,,10,Ed,-1,-1,-1,-1,4
2026-12-02,2,Bea,Cy,AS,40,,-1,2,1,-1,-1
"""), db)
    assert (rep["ingested"], _where(rep)) == (2, [])
    said = [(w["line"], w["col"], w["found"]) for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE"]
    assert said == [(2, 6, "Def Pts 10"), (3, 6, "Def Pts 40")]
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE" and w["line"] == 2]
    assert "of a leaster is not read" in w["message"] and "rules.md D-2" in w["message"]
    assert ledger(db) == {"Al": -2, "Bea": 1, "Cy": 0, "Di": -2, "Ed": 3}


def test_a_dash_in_a_leasters_def_pts_cell_is_no_warning(tmp_path):
    """A dash in the leaster's Def Pts cell writes nothing: no W-CSV-DEFENSE for it.  Ed +4, the rest -1 (D-4)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "def2.csv", """Date,Hand,Picker,Partner,Call,Def Pts,Leaster,Al,Bea,Cy,Di,Ed
2026-12-02,1,,,,-,Ed,-1,-1,-1,-1,4
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE"]
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": -1, "Di": -1, "Ed": 4}


# -- F6: a second header row of the players' full names ---------------------------------------------------------------

#: break28's twohdr_names.csv.  h1 Lou/Gus AH 66, a win: Lou +2, Gus +1, Mo/Rita/Zeke -1.  h2 Mo/Zeke AS 70, a win:
#: Mo +2, Zeke +1, Gus/Lou/Rita -1.  Night: Gus 0, Lou +1, Mo +1, Rita -2, Zeke 0.
TWOHDR = """Date,Hand,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
,,,,,,Gus Hahn,Lou Berg,Mo Fink,Rita Vogt,Zeke Lind
2026-12-02,1,Lou,Gus,AH,66,1,2,-1,-1,-1
2026-12-02,2,Mo,Zeke,AS,70,-1,-1,2,-1,1
"""
FULL = '--columns "Gus=Gus Hahn,Lou=Lou Berg,Mo=Mo Fink,Rita=Rita Vogt,Zeke=Zeke Lind"'


@pytest.mark.parametrize("stream", [False, True])
def test_a_row_of_full_names_under_the_header_is_no_hand(tmp_path, monkeypatch, stream):
    """Row 2 is skipped with one W-CSV-HEADER at 2:1 naming the --columns that stores the players by those names
    (was refused as hand 1, E-CSV-DATE, exit 1, its advice '--columns ignore=Gus' dropping a player).  Both hands
    stored, exit 0."""
    _stream(monkeypatch, stream)
    db = tmp_path / "x.duckdb"
    path = write(tmp_path, "twohdr_names.csv", TWOHDR)
    rep = _ingest(path, db)
    assert (rep["ingested"], _where(rep)) == (2, [])
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-HEADER"]
    assert (w["line"], w["col"]) == (2, 1)
    assert FULL in w["message"], w["message"]
    assert cli("ingest", path, "--db", str(tmp_path / "y.duckdb"), ok=False).exit_code == 0
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}


def test_the_full_names_advice_followed(tmp_path):
    """With that --columns the players are stored by their full names, the same units; the warning says the names
    are those --columns gives and no longer suggests it."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "twohdr_names.csv", TWOHDR), db, "--columns", FULL.split('"')[1])
    assert (rep["ingested"], _where(rep)) == (2, [])
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-HEADER"]
    assert "the players stored by the names --columns gives" in w["message"] and "--columns \"" not in w["message"]
    assert ledger(db) == {"Gus Hahn": 0, "Lou Berg": 1, "Mo Fink": 1, "Rita Vogt": -2, "Zeke Lind": 0}


def test_a_row_of_names_with_a_date_is_still_a_hand_row(tmp_path):
    """A row that writes a date is a hand's row, whatever its player cells say: 'x' in every units cell is refused
    as that hand (E-CSV-UNITS at Gus's cell, 2:7), not skipped as names; hand 2 (Mo/Zeke 70: Mo +2, Zeke +1, the
    rest -1) stored."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "x.csv", """Date,Hand,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke
2026-12-02,1,Lou,Gus,AH,66,xx,yy,zz,ww,vv
2026-12-02,2,Mo,Zeke,AS,70,-1,-1,2,-1,1
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(2, 7, "E-CSV-UNITS", 1)])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-HEADER"]
    assert ledger(db) == {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1}


# -- F5: a typo in the Total row alone, the corrected sheet sent again ------------------------------------------------

#: break28's tot_badtotal.csv: three right rows (TOT_TYPO's with row 4 writing Rita +8), the Total row Rita +7 where
#: the hands give +6 (Gus -2, Lou -1, Mo -1, Rita +6, Zeke -2; worked above TOT_TYPO).  tot_fixed.csv: the same rows,
#: the Total row Rita +6.
TOT_RIGHT = TOT_TYPO.replace(",9,-2\n", ",8,-2\n")
TOT_BAD = TOT_RIGHT.replace("-1,-1,6,-2\n", "-1,-1,7,-2\n")
NIGHT = "CSV tot_badtotal 2026-12-10"


def _checks(db) -> list[tuple]:
    """The ``session_checks`` rows: (session, complete, refused, the source's totals, note)."""
    import duckdb  # noqa: PLC0415

    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT s.session, c.complete, c.refused, c.log_totals, c.note FROM session_checks c "
                           "JOIN sessions s USING (session_id)").fetchall()


def _incomplete(db) -> str:
    """The ledger's text after its table: the incomplete sessions' notes (empty when none)."""
    out = cli("ledger", "--db", str(db)).output
    return out[out.index("Incomplete"):] if "Incomplete" in out else ""


def test_the_corrected_sheet_sent_again_clears_the_total_rows_note(tmp_path):
    """First send: 3 stored, the night incomplete 'Rita stored +6, source +7'.  The corrected sheet sent again
    (0 stored, 3 duplicates): its Total row (Gus -2, Lou -1, Mo -1, Rita +6, Zeke -2) is now the night's recorded
    one, the night complete, no note in the ledger nor at the sheet's foot (was 'source +7' in both for good)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "tot_badtotal.csv", TOT_BAD), db)
    assert (rep["ingested"], _where(rep)) == (3, [])
    assert "Rita stored +6, source +7" in _incomplete(db)
    rep = _ingest(write(tmp_path, "tot_fixed.csv", TOT_RIGHT), db)
    assert (rep["ingested"], rep["duplicates"], _where(rep)) == (0, 3, [])
    ((night, complete, refused, log, note),) = _checks(db)
    assert (night, complete, refused, note) == (NIGHT, True, 0, None)
    assert json.loads(log) == {"Gus": -2, "Lou": -1, "Mo": -1, "Rita": 6, "Zeke": -2}
    assert _incomplete(db) == ""
    assert "source's own totals differ" not in cli("sheet", NIGHT, "--db", str(db)).output
    assert ledger(db) == {"Gus": -2, "Lou": -1, "Mo": -1, "Rita": 6, "Zeke": -2}


def test_the_wrong_sheet_sent_again_says_its_total_again(tmp_path):
    """The other way: the right sheet first (complete), the typo'd one sent again with the same hands: its Total row
    is the latest word, so the night reads incomplete 'Rita stored +6, source +7' (and clears once more with the
    right one)."""
    db = tmp_path / "x.duckdb"
    _ingest(write(tmp_path, "tot_badtotal.csv", TOT_RIGHT), db)
    assert _incomplete(db) == ""
    _ingest(write(tmp_path, "tot_bad2.csv", TOT_BAD), db)
    assert "Rita stored +6, source +7" in _incomplete(db)
    _ingest(write(tmp_path, "tot_fixed.csv", TOT_RIGHT), db)
    assert _incomplete(db) == ""


def test_a_part_of_the_night_sent_again_keeps_the_nights_check(tmp_path):
    """Rows 2-3 alone sent again under their own Total row (Gus 0, Lou +1, Mo +1, Rita -2, Zeke 0: h1 + h2): all
    duplicates, but not the whole night, so its Total is no night's -- the complete check stays, no note."""
    db = tmp_path / "x.duckdb"
    _ingest(write(tmp_path, "tot.csv", TOT_RIGHT), db)
    part = "".join(TOT_RIGHT.splitlines(keepends=True)[:3]) + "Total,,,,,,0,1,1,-2,0\n"
    rep = _ingest(write(tmp_path, "part.csv", part), db)
    assert (rep["ingested"], rep["duplicates"]) == (0, 2)
    ((_night, complete, _refused, log, note),) = _checks(db)
    assert (complete, note, json.loads(log)["Rita"]) == (True, None, 6)
    assert _incomplete(db) == ""


def test_a_resend_with_a_refused_row_keeps_the_recorded_check(tmp_path):
    """The right sheet stored (complete); then tot_typo.csv (row 4 Rita +9, refused E-SCORE-SUM; rows 2-3
    duplicates): a send that refuses a row of the night is no word on its totals -- the check stays complete."""
    db = tmp_path / "x.duckdb"
    _ingest(write(tmp_path, "tot.csv", TOT_RIGHT), db)
    rep = _ingest(write(tmp_path, "tot_typo.csv", TOT_TYPO), db)
    assert (rep["ingested"], _where(rep)) == (0, [(4, 10, "E-SCORE-SUM", 3)])
    ((_night, complete, refused, _log, note),) = _checks(db)
    assert (complete, refused, note) == (True, 0, None)
