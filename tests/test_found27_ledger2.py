"""A night's refused row and its ledger note after a correction (session 27, fixi27): break27b F2 (a row refused
E-CSV-HAND-ORDER, then stored from the sheet saved corrected under a new name) and F3 (a void after a refused row),
/tmp/s27/break27b/FINDINGS.md.  Each sheet is written as the scorer wrote it; every amount worked out by hand from
rules.md (/work/shared/reference/rules.md) before shead's figure was read.

Five-handed called ace (rules.md B-33), doubleOnBump on (B-32); units per hand by B-27 (the picker's side wins at
61), B-28 (schneider at 91 doubles), B-31 (alone: four shares).

break27b's gap.csv, night 2026-12-02 (Al Bea Cy Di Ed):
  h1 Al picks, Bea partner, 66: a plain win: Al +2, Bea +1, Cy/Di/Ed -1.
  h2 Cy alone, 95: schneider (x2), four shares: Cy +8, the rest -2.
  h3 Di picks, Ed partner, 40: a plain loss doubled on the bump: Di -4, Ed -2, Al/Bea/Cy +2.
  row 5, written "2" again: Ed picks, Al partner, 70: a plain win: Ed +2, Al +1, Bea/Cy/Di -1 -- refused
  E-CSV-HAND-ORDER at 5:2 (hand 2 after hand 3).
  Stored h1-h3: Al 2-2+2 = +2, Bea 1-2+2 = +1, Cy -1+8+2 = +9, Di -1-2-4 = -7, Ed -1-2-2 = -5.
  With row 5: Al +3, Bea 0, Cy +8, Di -8, Ed -3 (the five sum to 0).
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import cli, write
from tests.cli_helpers import ingest_json as _ingest

HEAD = "Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed\n"
ROWS = ("2026-12-02,1,Al,Bea,AH,66,2,1,-1,-1,-1\n"
        "2026-12-02,2,Cy,,alone,95,-2,-2,8,-2,-2\n"
        "2026-12-02,3,Di,Ed,AS,40,2,2,2,-4,-2\n")
ROW5 = "2026-12-02,2,Ed,Al,AC,70,1,-1,-1,-1,2\n"
GAP = HEAD + ROWS + ROW5
GAP_CORRECTED = HEAD + ROWS + ROW5.replace(",2,Ed", ",4,Ed")
#: the Total row of break27b's night1.csv: the five rows' sums above
TOTAL = "Total,,,,,,3,0,8,-8,-3\n"
GAP_NIGHT = "CSV gap 2026-12-02"
NIGHT1 = "CSV night1 2026-12-02"
#: what row 5 holds, as the sheet's foot names it
HELD = "pick Ed call AC partner Al pts 70; score Al +1 Bea -1 Cy -1 Di -1 Ed +2"
ORDER_MSG = "row 5: hand 2 after hand 3 (row 4)"
GAP_NOTE = ("hand 2 (line 5) was refused at ingest and is not stored, so the totals lack it (the sheet's refused row "
            "says why; fix the text, or ingest its file again once the hands before it are stored)")


def _sheet(db, night) -> dict:
    return json.loads(cli("sheet", night, "--db", str(db), "--json").output)


def _ledger(db) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """``shead ledger --json``: player -> (total, incomplete_sessions), and its 'incomplete: ' lines."""
    out = cli("ledger", "--db", str(db), "--json").output.splitlines()
    rows = {r["player"]: (r["total"], r["incomplete_sessions"]) for r in json.loads(out[0])}
    return rows, [x for x in out if x.startswith("incomplete: ")]


# -- break27b F2: the corrected sheet saved under a new name -------------------------------------------------------

@pytest.mark.parametrize("batches", [False, True], ids=["whole", "batches"])
def test_a_refused_row_stored_from_a_corrected_copy_under_a_new_name_leaves_the_night(tmp_path, monkeypatch, batches):
    """gap.csv stores h1-h3 and refuses row 5; gap_corrected.csv (row 5's Hand cell 4) stores it as hand 4 from
    gap_corrected.csv:5, the rest duplicates.  The row is stored with its meaning (its text but the number): the
    sheet's foot and --json refused are empty, the ledger complete, its totals the five rows' (Al +3, Bea 0, Cy +8,
    Di -8, Ed -3; was 'hand 2 (line 5) was refused ... not stored' for good)."""
    if batches:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
    db = tmp_path / "g.duckdb"
    rep = _ingest(write(tmp_path, "gap.csv", GAP), db)
    assert rep["ingested"] == 3
    assert [(e["code"], e["hand"], e["line"], e["col"]) for e in rep["rejected"]] == [("E-CSV-HAND-ORDER", 2, 5, 2)]
    rows, notes = _ledger(db)
    assert rows == {"Al": (2, 1), "Bea": (1, 1), "Cy": (9, 1), "Di": (-7, 1), "Ed": (-5, 1)}
    assert notes == [f"incomplete: {GAP_NIGHT}: {GAP_NOTE}"]
    rep = _ingest(write(tmp_path, "gap_corrected.csv", GAP_CORRECTED), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (1, 3, [])
    sheet = _sheet(db, GAP_NIGHT)
    assert [h["hand"] for h in sheet["hands"]] == [1, 2, 3, 4]
    assert sheet["hands"][3]["units"] == {"Al": 1, "Bea": -1, "Cy": -1, "Di": -1, "Ed": 2}
    assert sheet["totals"] == {"Al": 3, "Bea": 0, "Cy": 8, "Di": -8, "Ed": -3}
    assert sheet["refused"] == []
    assert "refused, not stored" not in cli("sheet", GAP_NIGHT, "--db", str(db)).output
    assert _ledger(db) == ({"Al": (3, 0), "Bea": (0, 0), "Cy": (8, 0), "Di": (-8, 0), "Ed": (-3, 0)}, [])


def test_another_hand_stored_under_a_new_name_keeps_the_refused_row(tmp_path):
    """A later file stores a hand 4 that is not row 5's (Bea picks, Cy partner, 61: a plain win, Bea +2, Cy +1, the
    rest -1): row 5 is still missing, named on the sheet by its line and what it holds, and in the ledger's note.
    Stored: Al 2-1 = +1, Bea 1+2 = +3, Cy 9+1 = +10, Di -7-1 = -8, Ed -5-1 = -6."""
    db = tmp_path / "g.duckdb"
    path = write(tmp_path, "gap.csv", GAP)
    _ingest(path, db)
    rep = _ingest(write(tmp_path, "gap_more.csv", HEAD + "2026-12-02,4,Bea,Cy,AH,61,-1,2,1,-1,-1\n"), db)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    sheet = _sheet(db, GAP_NIGHT)
    assert sheet["totals"] == {"Al": 1, "Bea": 3, "Cy": 10, "Di": -8, "Ed": -6}
    assert [(r["hand"], r["code"], r["file"], r["line"], r["col"]) for r in sheet["refused"]] == [
        (2, "E-CSV-HAND-ORDER", path, 5, 2)]
    assert (f"the row at line 5 (written as hand 2: {HELD}) refused, not stored: E-CSV-HAND-ORDER at {path}:5:2: "
            f"{ORDER_MSG}") in cli("sheet", GAP_NIGHT, "--db", str(db)).output
    rows, notes = _ledger(db)
    assert rows == {"Al": (1, 1), "Bea": (3, 1), "Cy": (10, 1), "Di": (-8, 1), "Ed": (-6, 1)}
    assert notes == [f"incomplete: {GAP_NIGHT}: {GAP_NOTE}"]


def test_a_void_beside_a_refused_row_is_not_said_as_the_same_hand(tmp_path):
    """night1.csv (gap.csv with its Total row 3, 0, 8, -8, -3), then `shead void #2`: the sheet's foot says hand 2
    voided and names row 5 by its line and what it holds (it said 'voided: hand(s) 2' and 'hand 2 refused', one
    number for two hands).  Counted: h1 + h3: Al 2+2 = +4, Bea 1+2 = +3, Cy -1+2 = +1, Di -1-4 = -5, Ed -1-2 = -3."""
    db = tmp_path / "n.duckdb"
    path = write(tmp_path, "night1.csv", GAP + TOTAL)
    assert _ingest(path, db)["ingested"] == 3
    cli("void", f"{NIGHT1}#2", "--reason", "not played", "--db", str(db))
    sheet = _sheet(db, NIGHT1)
    assert sheet["totals"] == {"Al": 4, "Bea": 3, "Cy": 1, "Di": -5, "Ed": -3}
    assert sheet["voided"] == [2]
    out = cli("sheet", NIGHT1, "--db", str(db)).output
    assert "voided (not counted): hand(s) 2 (not played)" in out
    assert f"the row at line 5 (written as hand 2: {HELD}) refused, not stored: E-CSV-HAND-ORDER at {path}:5:2" in out
    assert "hand 2 refused" not in out


def test_the_corrected_copy_then_a_void_leaves_no_refused_row(tmp_path):
    """night1.csv then night1_fixed.csv (row 5 numbered 4): stored as hand 4, the Total row met (complete).  Then
    `shead void #2`: the foot names the void alone; counted h1 + h3 + h4: Al 2+2+1 = +5, Bea 1+2-1 = +2,
    Cy -1+2-1 = 0, Di -1-4-1 = -6, Ed -1-2+2 = -1; the Total row is the hands as first read, so the night is complete
    ('corrected since it was read (hand 2 voided)')."""
    db = tmp_path / "n.duckdb"
    _ingest(write(tmp_path, "night1.csv", GAP + TOTAL), db)
    rep = _ingest(write(tmp_path, "night1_fixed.csv", GAP_CORRECTED + TOTAL), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (1, 3, [])
    assert _ledger(db) == ({"Al": (3, 0), "Bea": (0, 0), "Cy": (8, 0), "Di": (-8, 0), "Ed": (-3, 0)}, [])
    cli("void", f"{NIGHT1}#2", "--reason", "not played", "--db", str(db))
    sheet = _sheet(db, NIGHT1)
    assert (sheet["totals"], sheet["voided"], sheet["refused"]) == (
        {"Al": 5, "Bea": 2, "Cy": 0, "Di": -6, "Ed": -1}, [2], [])
    assert "refused" not in cli("sheet", NIGHT1, "--db", str(db)).output
    assert _ledger(db) == ({"Al": (5, 0), "Bea": (2, 0), "Cy": (0, 0), "Di": (-6, 0), "Ed": (-1, 0)}, [])


# -- break27b F3: a void after a refused row -----------------------------------------------------------------------

#: night1.csv's check, the source's Total row: the five rows' sums
SOURCE = {"Al": 3, "Bea": 0, "Cy": 8, "Di": -8, "Ed": -3}


def _check(db) -> tuple[bool, int, str]:
    """The night's ``session_checks`` row: (complete, refused, note)."""
    import duckdb  # noqa: PLC0415

    with duckdb.connect(str(db), read_only=True) as con:
        (row,) = con.execute("SELECT complete, refused, note FROM session_checks").fetchall()
    return row


def test_a_void_after_a_refused_row_keeps_the_refusal_in_the_note(tmp_path):
    """night1.csv: h1-h3 stored, row 5 refused (E-CSV-HAND-ORDER), its Total row the five rows'.  Before the void the
    note names row 5 by its line (it said '1 hand(s) refused'): stored Al +2, Bea +1, Cy +9, Di -7, Ed -5 against
    3, 0, 8, -8, -3 (the gap row 5's Al +1, Bea -1, Cy -1, Di -1, Ed +2).
    `shead void #3` (Di/Ed 40: Al/Bea/Cy +2, Di -4, Ed -2): stored h1 + h2 = Al 2-2 = 0, Bea 1-2 = -1,
    Cy -1+8 = +7, Di -1-2 = -3, Ed -1-2 = -3 (Ed's equals the source's by chance: -3).  The gap is the void and the
    refused row together (Al 2+1 = 3, Bea 2-1 = 1, Cy 2-1 = 1, Di -4-1 = -5, Ed -2+2 = 0), and the note says both
    (it said only 'the stored totals differ', the voided hand's units as a plain shortfall)."""
    db = tmp_path / "n.duckdb"
    assert _ingest(write(tmp_path, "night1.csv", GAP + TOTAL), db)["ingested"] == 3
    before = ("hand 2 (line 5) refused; the stored totals differ from the source's own table: Al stored +2, source +3, "
              "Bea stored +1, source +0, Cy stored +9, source +8, Di stored -7, source -8, Ed stored -5, source -3")
    assert _check(db) == (False, 1, before)
    assert _ledger(db) == ({"Al": (2, 1), "Bea": (1, 1), "Cy": (9, 1), "Di": (-7, 1), "Ed": (-5, 1)},
                           [f"incomplete: {NIGHT1}: {before}"])
    cli("void", f"{NIGHT1}#3", "--reason", "x", "--db", str(db))
    after = ("hand 2 (line 5) refused; hand 3 voided since it was read; the stored totals differ from the source's "
             "own table: Al stored +0, source +3, Bea stored -1, source +0, Cy stored +7, source +8, Di stored -3, "
             "source -8")
    assert _check(db) == (False, 1, after)
    assert _ledger(db) == ({"Al": (0, 1), "Bea": (-1, 1), "Cy": (7, 1), "Di": (-3, 1), "Ed": (-3, 1)},
                           [f"incomplete: {NIGHT1}: {after}"])


def test_the_refused_row_stored_after_the_void_leaves_the_void_alone(tmp_path):
    """Then night1_fixed.csv (row 5 numbered 4): row 5 stored as hand 4, hand 3 stays voided (W-HAND-VOIDED).
    Stored h1 + h2 + h4: Al 0+1 = +1, Bea -1-1 = -2, Cy 7-1 = +6, Di -3-1 = -4, Ed -3+2 = -1; the hands as first read
    (with h3) are the Total row, so the night is complete: 'corrected since it was read (hand 3 voided)'."""
    db = tmp_path / "n.duckdb"
    _ingest(write(tmp_path, "night1.csv", GAP + TOTAL), db)
    cli("void", f"{NIGHT1}#3", "--reason", "x", "--db", str(db))
    rep = _ingest(write(tmp_path, "night1_fixed.csv", GAP_CORRECTED + TOTAL), db)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    assert [(w["code"], w["line"]) for w in rep["warnings"]] == [("W-HAND-VOIDED", 4)]
    assert _check(db) == (True, 0, "corrected since it was read (hand 3 voided); the source's own table matches its "
                                   "hands as first read")
    assert _ledger(db) == ({"Al": (1, 0), "Bea": (-2, 0), "Cy": (6, 0), "Di": (-4, 0), "Ed": (-1, 0)}, [])
