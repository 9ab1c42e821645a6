"""Hand-typed records of a tester (2026-12-04) whose messages confused: what
each message says and where it points, written by hand from the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.validate import validate_text

NIGHT = """%SHN 1.0
[Event "T"]
[Date "2025.03.06"]
[Table "1"]
[Seats "Hank; Ida; Jo; Kit; Lou"]
[Rules "wi5-called-ace"]

hand 1  dealer Hank
{line}
"""


def refusal(text: str):
    res = validate_text(text, path="night.shn")
    assert not res.hands
    (r,) = res.rejected
    return r.errors[0]


@pytest.mark.parametrize("line, col, found, expected, says", [
    # 30 card points: the picker side is schneidered at 0-30 (rules.md B-28); "lose" starts at column 36
    ("pick Ida call AS partner Jo pts 30 lose", 36, "lose", "lose-s",
     "lose disagrees with 30 card points: that is lose-s (schneidered, rules.md B-28); write 'lose-s' in place of "
     "'lose' (an outcome word names the tier, notation.md §6)"),
    # 95: 91-120 with a trick to the defenders is a schneider win (B-28)
    ("pick Ida call AS partner Jo pts 95 win", 36, "win", "win-s",
     "win disagrees with 95 card points: that is win-s (won schneider, rules.md B-28); write 'win-s' in place of "
     "'win' (an outcome word names the tier, notation.md §6)"),
    # 0: schneidered if the picker side took a zero-point trick (B-30), else no-tricked (B-29)
    ("pick Ida call AS partner Jo pts 0 win", 35, "win", "lose-s or lose-z",
     "win disagrees with 0 card points: that is lose-s or lose-z (rules.md B-30, B-29); write 'lose-s' or "
     "'lose-z' in place of 'win' (an outcome word names the tier, notation.md §6)"),
    # no trick to the picker side: lost without a trick whatever the points (B-29)
    ("pick Ida call AS partner Jo tricks 0 win", 38, "win", "lose-z",
     "win disagrees with 0 tricks: that is lose-z (lost without a trick, rules.md B-29); write 'lose-z' in place "
     "of 'win' (an outcome word names the tier, notation.md §6)"),
])
def test_outcome_message_says_what_the_points_give(line, col, found, expected, says):
    e = refusal(NIGHT.format(line=line))
    assert (e.code, e.line, e.col) == ("E-OUTCOME", 9, col)
    assert (e.found, e.expected) == (found, expected)
    assert e.message == says


ALONE = NIGHT.format(line="pick Jo  alone  pts 50  lose\nscore  Jo -8  Hank +2  Ida +2  Kit +2  Lou +2")


def test_hand_conflict_prints_the_score_as_written(tmp_path):
    # Jo alone loses 50 (B-27): 4 shares x 1 x 2 (double on the bump, B-32) = -8, +2 each; the second copy
    # of hand 1 changes the score line only: Jo -6, Lou's entry agreed with a note
    db, first, second = tmp_path / "t.duckdb", tmp_path / "night.shn", tmp_path / "again.shn"
    first.write_text(ALONE)
    second.write_text(ALONE.replace("Jo -8", "Jo -6").replace("Lou +2", "Lou ^+2 {typo}"))
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", "--db", str(db), str(first)]).exit_code == 0
    res = runner.invoke(app, ["ingest", "--db", str(db), str(second), "--json"])
    (e,) = json.loads(res.stdout)["rejected"]
    assert (e["code"], e["line"], e["col"]) == ("E-HAND-CONFLICT", 8, 1)
    assert e["found"] == ("score: stored Jo -8 Hank +2 Ida +2 Kit +2 Lou +2, "
                          "this copy Jo -6 Hank +2 Ida +2 Kit +2 Lou ^+2 {typo}")
    assert "it differs in score: stored Jo -8 Hank +2 Ida +2 Kit +2 Lou +2, this copy" in e["message"]


@pytest.mark.parametrize("line, code, col, found, expected, says", [
    # Hank deals: Ida, Jo, Kit, Lou, Hank in pick order; Ida passed before Jo picked (rules.md E-2, I-33)
    ("pick Jo  call AS  crack Ida  partner Hank  pts 61  win", "E-CRACK", 19, "crack by Ida",
     "a seat after the picker in pick order", "Ida passed before the picker picked and may not crack"),
    # Kit cracks; Lou, a defender, may not re-crack (E-3)
    ("pick Jo  call AS  crack Kit  recrack Lou  partner Hank  pts 61  win", "E-RECRACK", 30, "recrack by Lou",
     "the picker or the partner", "Lou re-cracks but only the picker or the partner may"),
])
def test_crack_found_names_the_seat_alias(line, code, col, found, expected, says):
    e = refusal(NIGHT.format(line=line))
    assert (e.code, e.line, e.col) == (code, 9, col)
    assert (e.found, e.expected) == (found, expected)
    assert e.message.startswith(says)


RENEGE = Path(__file__).parent / "fixtures" / "profiles" / "wi5-called-ace_renegePenalty-offenderPaysEach.shn"


def test_renege_warning_points_at_the_marked_card():
    # line 20 `t1 Al:  9C TD ^RKH 7C TC`: Al 9C at column 9, Bea TD at 12, Cy's ^RKH at 15 (Cy holds 8C:
    # a renege the table ruled on, rules.md B-23); the hand line is line 10
    (h,) = validate_text(RENEGE.read_text(), path="night2.shn").hands
    (w,) = h.diagnostics
    assert (w.code, w.line, w.col, w.trick) == ("W-RENEGE", 20, 15, 1)
    assert w.message.startswith("Cy reneged in trick 1; the table ruled on it")


def test_ingest_json_lists_the_renege_warning(tmp_path):
    # the same record through `shead ingest --json`: stored with its warning, which the JSON now carries in the
    # shape of a rejected entry (hand 1, line 20, column 15 at Cy's ^RKH, as above); nothing rejected
    db, night = tmp_path / "t.duckdb", tmp_path / "night2.shn"
    night.write_text(RENEGE.read_text())
    res = CliRunner().invoke(app, ["ingest", "--db", str(db), str(night), "--json"])
    assert res.exit_code == 0
    body = json.loads(res.stdout)
    assert (body["ingested"], body["duplicates"], body["rejected"]) == (1, 0, [])
    (w,) = body["warnings"]
    assert (w["file"], w["line"], w["col"], w["hand"], w["code"]) == (str(night), 20, 15, 1, "W-RENEGE")
    assert w["message"].startswith("Cy reneged in trick 1; the table ruled on it")
