"""`shead ingest`'s text report says, for every error, what was found and what
was expected (file, line, column, found, expected), as `--json` and the
Rejected hands page do.  Record: the tester's tests/fixtures/tester/r10_mixed_bad.shn
(session "Tester Tuesday / 2026.12.11"); every value below worked by hand from it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from typer.testing import CliRunner

from ingest.cli import app

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "fixtures" / "tester" / "r10_mixed_bad.shn"
runner = CliRunner()


def _ingest(tmp_path: Path, *args: str):
    f = tmp_path / "r10.shn"
    shutil.copy(RECORD, f)
    res = runner.invoke(app, ["ingest", "--db", str(tmp_path / "x.duckdb"), *args, str(f)])
    assert res.exit_code == 1  # hands refused
    return f, res


def test_the_text_report_says_found_and_expected(tmp_path):
    f, res = _ingest(tmp_path)
    lines = res.output.splitlines()
    # hand 2, t1 (line 20): Ann leads AC; Cal was dealt QH JC KD TC 9C TH, so holds the plain clubs TC and 9C
    # (QH and JC are trump) and plays TH: found TH (column 15), expected TC or 9C
    assert f"  {f}:20:15: E-RENEGE (hand 2): AC leads clubs; Cal holds clubs and must follow suit (rules.md B-18)" \
           " — found TH, expected TC 9C" in lines
    # hand 3 (line 29), dealer Cal: pick order Dot, Eve, ...; Eve picks, so Dot passed before her and may not
    # crack ("crack" at column 18)
    assert f"  {f}:29:18: E-CRACK (hand 3): Dot passed before the picker picked and may not crack " \
           "(crackEligibility=afterPickerOnly, rules.md E-2; I-33) — found crack by Dot, expected a seat after the " \
           "picker in pick order" in lines
    # the message names both already: nothing added
    assert f"  {f}:41:9: E-LEASTER (hand 5): leaster Cal is written but the replay gives Ann: the leaster winner " \
           "(rules.md D-4)" in lines
    # hand 7: 95 card points leave the opponents 25 <= 30: win-s, and the message says both words and (fixb29,
    # newuser28 F4) the word to write
    assert f"  {f}:53:37: E-OUTCOME (hand 7): win disagrees with 95 card points: that is win-s (won schneider, " \
           "rules.md B-28); write 'win-s' in place of 'win' (an outcome word names the tier, notation.md §6)" in lines
    # hand 6 (line 50) is "Pick Bob call AH partner Dot pts 61 win": a phone's capital is the keyword pick
    # (docs/notation.md §2), so it is read, not refused: 61 is a plain win (rules.md B-27), Bob +2, Dot +1
    assert not [x for x in lines if "E-STATEMENT" in x or ":50:" in x]
    r = runner.invoke(app, ["sheet", "Tester Tuesday / 2026.12.11", "--json", "--db", str(tmp_path / "x.duckdb")])
    [h6] = [h for h in json.loads(r.stdout)["hands"] if h["hand"] == 6]
    assert h6["units"] == {"Ann": -1, "Bob": 2, "Cal": -1, "Dot": 1, "Eve": -1}


def test_every_found_and_expected_of_the_json_is_in_the_text(tmp_path):
    f, res = _ingest(tmp_path, "--json")
    entries = json.loads(res.stdout)["rejected"]
    assert [(e["line"], e["code"]) for e in entries] == [(20, "E-RENEGE"), (29, "E-CRACK"), (41, "E-LEASTER"),
                                                         (53, "E-OUTCOME")]
    text = {int(m.group(1)): x for x in res.stderr.splitlines() if (m := re.match(rf"  {re.escape(str(f))}:(\d+):", x))}
    for e in entries:
        for key in ("found", "expected"):
            if e[key]:
                assert re.search(rf"(?<![\w-]){re.escape(e[key])}(?![\w-])", text[e["line"]]), (key, e, text[e["line"]])
