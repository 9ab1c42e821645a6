"""Score sheets brought by break24b (session 24, round 3), fixed by fixk: each
record written as a user would write it, each amount worked out by hand from
rules.md (/work/shared/reference/rules.md) before shead's figure was read."""

from __future__ import annotations


import pytest

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


# -- break24b F9: nets with no Picker column fitting an alone win AND a won leaster were stored as a pick --------------

#: n1.csv's rows as break24b wrote them, default profile (wi5-called-ace, doubleOnBump on, noPick=leaster):
#: h1 +2 +1 -1 -1 -1: Al picks with Bea and wins plain (B-28, B-33: picker 2, partner 1, each defender -1); a leaster
#: pays its winner 1 from each other seat (D-4: +4 / -1), so it is no leaster.  Stored.
#: h2 -1 -1 +4 -1 -1: Cy alone winning plain (B-33: 1 x 4 = +4, each defender -1) OR Cy winning a leaster (D-4: +4,
#: each -1).  Nobody wrote that anybody picked: refused at the row, E-RESULT-UNKNOWN naming both readings.
#: h3 -2 +8 -2 -2 -2: Bea alone winning schneider (B-28 tier 2: 2 x 4 = +8, each -2); a leaster gives +4 / -1 (x3 for
#: a sweep, +12 / -3), never +8 / -2: one reading, stored as Bea's pick.
#: Ledger: Al 2 - 2 = 0, Bea 1 + 8 = 9, Cy -1 - 2 = -3, Di -1 - 2 = -3, Ed -1 - 2 = -3 (sum 0).
NETS = """Date,Hand,Al,Bea,Cy,Di,Ed
2026-11-12,1,2,1,-1,-1,-1
2026-11-12,2,-1,-1,4,-1,-1
2026-11-12,3,-2,8,-2,-2,-2
"""


@pytest.mark.parametrize("stream", [False, True])
def test_nets_fitting_an_alone_win_and_a_leaster_are_refused_naming_both(tmp_path, monkeypatch, stream):
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "n1.csv", NETS), db)
    assert rep["ingested"] == 2
    assert _where(rep) == [(3, 1, "E-RESULT-UNKNOWN", 2)]
    msg = rep["rejected"][0]["message"]
    assert "pick Cy alone win; leaster Cy" in msg and "rules.md B-33, D-4" in msg
    if not stream:  # the sheet's words, added once the sheet read whole is judged
        assert "do not tell whether anybody picked" in msg and "a Leaster column" in msg
    assert rep["rejected"][0]["expected"] == "pick S or leaster S"
    assert ledger(db) == {"Al": 0, "Bea": 9, "Cy": -3, "Di": -3, "Ed": -3}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, picker, partner, outcome FROM hands ORDER BY hand").fetchall() == [
            (1, "Al", "Bea", "win"), (3, "Bea", None, "win-s")]


def test_the_same_units_with_a_leaster_cell_are_the_leaster(tmp_path):
    """The fix the message gives: Cy in a Leaster column is Cy's leaster (D-4: Cy +4, each other -1), stored with
    no picker; the row beside it with no Leaster cell, the same units, is still refused."""
    text = "Date,Hand,Leaster,Al,Bea,Cy,Di,Ed\n2026-11-12,1,Cy,-1,-1,4,-1,-1\n2026-11-12,2,,-1,-1,4,-1,-1\n"
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "lc.csv", text), db)
    assert rep["ingested"] == 1 and _where(rep) == [(3, 1, "E-RESULT-UNKNOWN", 2)]
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 4, "Di": -1, "Ed": -1}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT picker, leaster_winner FROM hands").fetchall() == [(None, "Cy")]


def test_a_cracked_nets_row_has_no_leaster_reading(tmp_path):
    """A Crack cell on the same units: a crack answers a pick (E-2), so no leaster was played.  Ed deals, so Al picks
    first... Cy picks alone; Di (after Cy) cracks: plain alone win x2 (E-1) is +8 / -2, so the units are written
    -2 -2 +8 -2 -2 and stored as Cy's pick, cracked."""
    text = "Date,Hand,Dealer,Crack,Al,Bea,Cy,Di,Ed\n2026-11-12,1,Ed,Di,-2,-2,8,-2,-2\n"
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "cr.csv", text), db)
    assert rep["rejected"] == [] and rep["ingested"] == 1
    assert ledger(db) == {"Al": -2, "Bea": -2, "Cy": 8, "Di": -2, "Ed": -2}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT picker, partner, outcome FROM hands").fetchall() == [("Cy", None, "win")]


def test_shn_pick_unknown_says_someone_picked_so_no_leaster_is_read(tmp_path):
    """SHN's ``pick ?`` says a seat picked (notation.md §7): the same +4 / -1 is Cy alone winning, stored as before."""
    shn = ('%SHN 1.0\n[Event "N"]\n[Date "2026.11.12"]\n[Seats "Al=Al; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]\n'
           '[Rules "wi5-called-ace"]\n\nhand 1\npick ?\nscore Al -1 Bea -1 Cy +4 Di -1 Ed -1\n')
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "p.shn", shn), db)
    assert rep["rejected"] == [] and rep["ingested"] == 1
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT picker, partner, outcome FROM hands").fetchall() == [("Cy", None, "win")]


# -- break24b F3: a Crack cell refused the exact name 'İlker', and 'ilker', 'ILKER', 'STRAUSS' for Strauß ---------------

#: c6.csv's players.  Rows 1-4: Strauß deals, so the pick order is Jürgen, Zoë, Ed, İlker, Strauß (rules.md B-3); Ed
#: picks alone and İlker, after him, cracks (E-2, I-33): 61 is a plain alone win (B-28), x2 for the crack (E-1), so
#: Ed 2 x 4 = +8 and each other -2.  Rows 5-6: Ed deals, the order İlker, Strauß, Jürgen, Zoë, Ed; İlker picks alone,
#: Strauß cracks: İlker +8, each other -2.  Ledger: İlker 4 x -2 + 2 x 8 = +8, Strauß 4 x -2 + 2 x -2 = -12, Jürgen
#: and Zoë -12 alike, Ed 4 x 8 + 2 x -2 = +28 (sum 0).
NAMES = """Date,Hand,Dealer,Picker,Partner,Call,Points,Crack,İlker,Strauß,Jürgen,Zoë,Ed
2026-11-12,1,Strauß,Ed,,alone,61,İlker,-2,-2,-2,-2,8
2026-11-12,2,Strauß,Ed,,alone,61,ilker,-2,-2,-2,-2,8
2026-11-12,3,Strauß,Ed,,alone,61,ILKER,-2,-2,-2,-2,8
2026-11-12,4,Strauß,Ed,,alone,61,crack İlker,-2,-2,-2,-2,8
2026-11-12,5,Ed,İlker,,alone,61,STRAUSS,8,-2,-2,-2,-2
2026-11-12,6,Ed,İlker,,alone,61,cracked by strauss,8,-2,-2,-2,-2
"""


def test_a_crack_cell_names_a_player_as_the_picker_cells_do(tmp_path):
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "c6.csv", NAMES), db)
    assert rep["rejected"] == [] and rep["ingested"] == 6
    assert ledger(db) == {"İlker": 8, "Strauß": -12, "Jürgen": -12, "Zoë": -12, "Ed": 28}
    with duckdb.connect(str(db), read_only=True) as con:
        got = con.execute("SELECT hand, picker, marks, multiplier FROM hands ORDER BY hand").fetchall()
    assert got == [(h, "Ed", 1, 2) for h in range(1, 5)] + [(h, "İlker", 1, 2) for h in (5, 6)]


def test_read_marks_folds_names_and_keeps_a_shared_fold_for_neither():
    """The cell read as its own words (str.lower's 'i̇lker', with its combining dot, too); a word that is no player
    is named as written.  Strauss and Strauß at one table: each spelt exactly (any case) is that player, as in a
    Picker cell (lower case first); the fold they share ('strauss' of 'strauſs', a long s) names neither."""
    from ingest.csv_cells import NameLookup  # noqa: PLC0415
    from ingest.csv_sheet import read_marks  # noqa: PLC0415

    seats = NameLookup([("İlker", "Ilker"), ("Strauß", "Straus"), ("Ed", "Ed")])
    for cell in ("İlker", "ilker", "ILKER", "İLKER", "i\u0307lker", "crack İlker", "cracked by ilker"):
        assert read_marks(cell, seats) == ([("crack", "Ilker", None, "queens")], None), cell
    assert read_marks("ilker recrack ED", seats) == (
        [("crack", "Ilker", None, "queens"), ("recrack", "Ed", None, "queens")], None)
    assert read_marks("STRAUSS", seats) == ([("crack", "Straus", None, "queens")], None)
    assert read_marks("Bogus İlker", seats) == ([], "'Bogus' is not a player of this sitting nor a crack word")
    two = NameLookup([("Strauss", "Strauss"), ("Strauß", "Straus"), ("Ed", "Ed")])
    assert read_marks("STRAUSS", two) == ([("crack", "Strauss", None, "queens")], None)
    assert read_marks("strauß", two) == ([("crack", "Straus", None, "queens")], None)
    assert read_marks("strauſs", two)[0] == []  # a long s: no player in lower case, both by the fold


# -- break24b F8: a night sent again with units left blank, or filled in where they were blank: E-HAND-CONFLICT --------

#: r1.csv as break24b stored it first (default profile, doubleOnBump on).  h1 Al with Bea, 72: plain win (B-28, B-33)
#: Al +2, Bea +1, others -1.  h2 Cy with Di, 45: plain loss doubled (B-32): Cy -4, Di -2, others +2.  h3 Cy with Al,
#: 31, units blank: plain loss doubled, derived Cy -4, Al -2, others +2.  h4 Ed alone, 61, Cy deals so the order is
#: Di, Ed, Al, Bea, Cy and Al, after Ed, cracks (E-2): plain x2, Ed +8, each -2.  h5 Di with Cy, 95: schneider win
#: (B-28 tier 2): Di +4, Cy +2, others -2.  Ledger Al 2 + 2 - 2 - 2 - 2 = -2, Bea 1 + 2 + 2 - 2 - 2 = +1,
#: Cy -1 - 4 - 4 - 2 + 2 = -9, Di -1 - 2 + 2 - 2 + 4 = +1, Ed -1 + 2 + 2 + 8 - 2 = +9.
R1 = """Date,Hand,Dealer,Picker,Partner,Call,Points,Crack,Notes,Al,Bea,Cy,Di,Ed
2026-11-12,1,Ed,Al,Bea,AS,72,,,2,1,-1,-1,-1
2026-11-12,2,Al,Cy,Di,AH,45,,,2,2,-4,-2,2
2026-11-12,3,Bea,Cy,Al,AS,31,,,,,,,
2026-11-12,4,Cy,Ed,,alone,61,Al,,-2,-2,-2,-2,8
2026-11-12,5,Di,Di,Cy,AC,95,,,-2,-2,2,4,-2
"""
R1_UNITS = {"Al": -2, "Bea": 1, "Cy": -9, "Di": 1, "Ed": 9}
#: r3.csv: the columns moved, no Dealer column, hand 3's units written out as the rules give them (Al -2, Cy -4)
R3 = """Date,Hand,Picker,Partner,Call,Points,Crack,Ed,Di,Cy,Bea,Al
2026-11-12,1,Al,Bea,AS,72,,-1,-1,-1,1,2
2026-11-12,2,Cy,Di,AH,45,,2,-2,-4,2,2
2026-11-12,3,Cy,Al,AS,31,,2,2,-4,2,-2
2026-11-12,4,Ed,,alone,61,Al,8,-2,-2,-2,-2
2026-11-12,5,Di,Cy,AC,95,,-2,4,2,-2,-2
"""
#: r7.csv: r1 with hand 1's units left blank (derived: Al +2, Bea +1, others -1, as stored)
R7 = R1.replace("2026-11-12,1,Ed,Al,Bea,AS,72,,,2,1,-1,-1,-1", "2026-11-12,1,Ed,Al,Bea,AS,72,,,,,,,")


@pytest.mark.parametrize("copy", [R3, R7, R7 + "2026-11-12,6,Ed,Bea,Ed,AH,61,,,-1,2,-1,-1,1\n"])
def test_units_left_blank_or_filled_in_on_a_night_sent_again_are_duplicates(tmp_path, copy):
    """A sixth hand on the copy (r6's way: Ed deals, Bea with Ed, 61: plain win, Bea +2, Ed +1, others -1) is
    stored beside the duplicates."""
    db = tmp_path / "r.duckdb"
    assert _ingest(write(tmp_path, "r1.csv", R1), db)["ingested"] == 5
    rep = _ingest(write(tmp_path, "copy.csv", copy), db)
    assert rep["rejected"] == []
    assert rep["ingested"] == (1 if ",6," in copy else 0) and rep["duplicates"] == 5
    extra = {"Al": -1, "Bea": 2, "Cy": -1, "Di": -1, "Ed": 1} if ",6," in copy else {}
    assert ledger(db) == {p: u + extra.get(p, 0) for p, u in R1_UNITS.items()}


def test_a_blank_units_copy_that_writes_other_points_is_still_a_conflict(tmp_path):
    """Hand 1 sent again with 61 points and blank units: 61 is a plain win too (Al +2, Bea +1: the same units), but
    the points written differ from the stored 72: E-HAND-CONFLICT at row 2, naming the points and not the score."""
    db = tmp_path / "r.duckdb"
    _ingest(write(tmp_path, "r1.csv", R1), db)
    rep = _ingest(write(tmp_path, "c.csv", R7.replace(",AS,72,,,,,,,", ",AS,61,,,,,,,")), db)
    assert _where(rep) == [(2, 1, "E-HAND-CONFLICT", 1)]
    assert rep["rejected"][0]["found"] == "pts: stored 72, this copy 61"
    assert ledger(db) == R1_UNITS


def test_an_shn_night_sent_again_with_a_score_line_added_or_left_out_is_duplicates(tmp_path):
    """SHN's way (a stored session continued: the copy is read against it): hand 1's score line left out (derived
    Al +2, Bea +1, others -1), hand 2's written (Cy with Di, 45, lose doubled: Cy -4, Di -2, others +2), a hand 3
    added (Di with Cy, 95: win-s, Di +4, Cy +2, others -2).  Two duplicates, one stored."""
    head = ('%SHN 1.0\n[Event "N"]\n[Date "2026.11.12"]\n[Seats "Al=Al; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]\n'
            '[Rules "wi5-called-ace"]\n\n')
    h1 = "hand 1  dealer Ed\npick Al  call AS  partner Bea  pts 72  win\n"
    h2 = "hand 2  dealer Al\npick Cy  call AH  partner Di  pts 45  lose\n"
    first = head + h1 + "score Al +2 Bea +1 Cy -1 Di -1 Ed -1\n\n" + h2
    again = (head + h1 + "\n" + h2 + "score Al +2 Bea +2 Cy -4 Di -2 Ed +2\n\n"
             "hand 3  dealer Bea\npick Di  call AC  partner Cy  pts 95  win-s\n")
    db = tmp_path / "s.duckdb"
    assert _ingest(write(tmp_path, "a.shn", first), db)["ingested"] == 2
    rep = _ingest(write(tmp_path, "b.shn", again), db)
    assert rep["rejected"] == [] and rep["duplicates"] == 2 and rep["ingested"] == 1
    assert ledger(db) == {"Al": 2, "Bea": 1, "Cy": -3, "Di": 1, "Ed": -1}  # 2+2-2, 1+2-2, -1-4+2, -1-2+4, -1+2-2


# -- break24b F10: a copy without its Crack column: E-SCORE on a right cell, nothing said of the stored crack ----------

def test_a_copy_without_the_crack_column_names_the_stored_crack(tmp_path):
    """r5.csv: r1's night with its columns moved and no Crack (nor Dealer) column.  Hand 4 was stored as Ed alone at
    61 cracked by Al (E-2): 1 x 2 = 2 a defender, Ed +8, each -2, as this copy writes.  Read with no crack it is
    1 a defender (Ed +4, each -1): E-SCORE at Al's cell (row 5, column 12), which now names the stored crack and
    the missing column.  Hands 1, 2, 3 (blank units) and 5 are duplicates; the ledger is r1's."""
    r5 = """Date,Hand,Picker,Partner,Call,Points,Notes,Ed,Di,Cy,Bea,Al
2026-11-12,1,Al,Bea,AS,72,,-1,-1,-1,1,2
2026-11-12,2,Cy,Di,AH,45,,2,-2,-4,2,2
2026-11-12,3,Cy,Al,AS,31,,,,,,
2026-11-12,4,Ed,,alone,61,,8,-2,-2,-2,-2
2026-11-12,5,Di,Cy,AC,95,,-2,4,2,-2,-2
"""
    db = tmp_path / "r.duckdb"
    _ingest(write(tmp_path, "r1.csv", R1), db)
    rep = _ingest(write(tmp_path, "r5.csv", r5), db)
    assert _where(rep) == [(5, 12, "E-SCORE", 4)] and rep["duplicates"] == 4
    msg = rep["rejected"][0]["message"]
    assert "Al -2 is written but the rules give -1" in msg
    assert "the stored hand 4 has crack Al, which this copy does not write: the sheet has no Crack column" in msg
    assert ledger(db) == R1_UNITS
    # the first ingest of a sheet without a Crack column says nothing of stored marks: there are none (its seats in
    # the sheet's order, Ed's +8 is the first cell the rules' +4 disagrees with: column 8)
    rep = _ingest(write(tmp_path, "r5.csv", r5.replace("2026-11-12", "2026-11-19")), tmp_path / "n.duckdb")
    assert _where(rep) == [(5, 8, "E-SCORE", 4)]
    assert "Ed +8 is written but the rules give +4" in rep["rejected"][0]["message"]
    assert "stored hand" not in rep["rejected"][0]["message"]


# -- break24b F11: a row with no points, result or units was said at column 1 in SHN's words ---------------------------

def test_a_row_with_no_points_result_or_units_is_said_at_its_points_cell_in_the_sheets_words(tmp_path):
    """u5.csv's rows 2 and 3: hand 1 (Al with Bea, AS) writes no Points, Result or units: refused at its Points cell
    (column 7), naming the sheet's columns to fill in.  Hand 2 (Cy with Di, AH, W: a plain win, B-28, B-33: Cy +2,
    Di +1, others -1) is stored."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed\n"
            "2026-11-12,1,Ed,Al,Bea,AS,,,,,,,\n2026-11-12,2,Al,Cy,Di,AH,,W,,,,,\n")
    db = tmp_path / "u.duckdb"
    rep = _ingest(write(tmp_path, "u5.csv", text), db)
    assert _where(rep) == [(2, 7, "E-RESULT-UNKNOWN", 1)]
    e = rep["rejected"][0]
    assert e["message"] == ("row 2: the hand cannot be settled: the row writes no Points, no Result, no units "
                            "(rules.md B-27, B-28): fill in the Points cell or the Result cell or each player's units "
                            "(Al, Bea, Cy, Di, Ed)")
    assert "pts" not in e["message"] and "score" not in e["message"]
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": 1, "Ed": -1}


# -- break24c F3: an unlabelled row of sums under a sheet of nets was stored as one more hand --------------------------

#: u2.csv as break24c wrote it: h1 and h2 +2 +1 -1 -1 -1 (each: Al picks with Bea and wins plain, B-28, B-33); the
#: last row, no Date and no Hand, is the column sums +4 +2 -2 -2 -2 -- which would also read as Al and Bea winning
#: schneider (B-28 tier 2).  It is no hand: the night is Al +4, Bea +2, Cy/Di/Ed -2 (sum 0), two hands.
SUMS = """Date,Hand,Al,Bea,Cy,Di,Ed
2026-11-12,1,2,1,-1,-1,-1
2026-11-12,2,2,1,-1,-1,-1
,,4,2,-2,-2,-2
"""


@pytest.mark.parametrize("stream", [False, True])
def test_an_unlabelled_row_of_sums_is_a_total_row_not_a_hand(tmp_path, monkeypatch, stream):
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "u.duckdb"
    rep = _ingest(write(tmp_path, "u2.csv", SUMS), db)
    assert rep["ingested"] == 2 and rep["rejected"] == []
    assert ledger(db) == {"Al": 4, "Bea": 2, "Cy": -2, "Di": -2, "Ed": -2}
    said = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert [(w["line"], w["col"]) for w in said] == [(4, 1)]
    assert "the sum of the 2 rows above it: read as their Total row" in said[0]["message"]


def test_a_row_that_is_no_sum_of_the_rows_above_stays_a_hand(tmp_path):
    """The same sheet whose last row is a hand of its own (Cy picks with Di and wins plain: +2 for Cy, +1 for Di,
    each defender -1, B-33) left without a hand number: not the column sums (+4 +2 -2 -2 -2), so it stays a hand,
    numbered by its place (3): Al 2 + 2 - 1 = 3, Bea 1 + 1 - 1 = 1, Cy -1 - 1 + 2 = 0, Di -1 - 1 + 1 = -1,
    Ed -1 - 1 - 1 = -3 (sum 0)."""
    db = tmp_path / "h.duckdb"
    rep = _ingest(write(tmp_path, "h.csv", SUMS.replace(",,4,2,-2,-2,-2", ",,-1,-1,2,1,-1")), db)
    assert rep["ingested"] == 3 and rep["rejected"] == []
    assert ledger(db) == {"Al": 3, "Bea": 1, "Cy": 0, "Di": -1, "Ed": -3}
