"""QA report 2026-12-01, D15: a crack or re-crack on a no-pick line.

A crack comes after the pick and the call, by a seat after the picker in
pick order (rules.md E-2, I-33); a re-crack by the picker or the partner
(E-3).  In a leaster every seat passed: there is no pick, so neither can be
made, and only a blitz shown before the pick carries into a leaster (D-9;
a blitz needs allowBlitz=queens or queensAndJacks, E-5, J).  The score-sheet
line and the full card log are judged the same, by the engine
(replay/state.py ``_no_pick_mark``).  Repro files: tests/fixtures/qa/ (the
tester's /work/qa/defects/).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.validate import validate_text

QA = Path(__file__).parent / "fixtures" / "qa"

HEAD = """%SHN 1.0
[Event "D15"]
[Session "D15"]
[Seats "Ann; Bob; Cal; Dot; Eve"]
[Rules "{rules}"]

hand 1  dealer Ann
"""


def _one(text: str, path: str = "t.shn"):
    res = validate_text(text, path=path)
    return res


def _refused(text: str, path: str = "t.shn"):
    res = _one(text, path)
    assert not res.hands, [h.outcome.units for h in res.hands]
    assert len(res.rejected) == 1
    return res.rejected[0].errors[0]


def test_d15_crack_on_leaster_sheet_line_is_refused_at_the_crack():
    # the tester's file: `leaster Bob  crack Cal  pts 10` was stored as Bob +8, others -2 ("crack 2").
    # Line 8 is the hand's line; `crack` starts at column 14 (`leaster Bob  ` is 13 characters).
    d = _refused((QA / "D15_crack_in_leaster.shn").read_text(), "D15_crack_in_leaster.shn")
    assert (d.code, d.line, d.col) == ("E-CRACK", 8, 14)
    assert "no pick" in d.message and "E-2" in d.message and "D-9" in d.message
    assert d.expected == "no crack: a pick first"


def test_d15_crack_in_leaster_card_log_gets_the_same_error():
    # before: E-MARK-TIMING "a crack is made after the call and before the first card"; now the same E-CRACK as
    # the score-sheet line, at `crack` (line 14 `leaster Cal  pts 10  crack Dot  recrack Cal`, column 22)
    d = _refused((QA / "D15_crack_in_leaster_log.shn").read_text(), "D15_crack_in_leaster_log.shn")
    assert (d.code, d.line, d.col) == ("E-CRACK", 14, 22)
    assert "every seat passed, so there is no pick" in d.message


@pytest.mark.parametrize("line, code, col", [
    ("leaster Bob  crack Cal  recrack Bob  pts 10", "E-CRACK", 14),  # stored as Bob +16, others -4 before
    ("leaster -  crack Cal  pts 30", "E-CRACK", 12),                  # a tied leaster (D-6)
    ("leaster Bob  recrack Bob  pts 10", "E-RECRACK", 14),           # E-3: no picker nor partner to re-crack
])
def test_d15_marks_on_leaster_lines(line, code, col):
    d = _refused(HEAD.format(rules="wi5-called-ace") + line + "\n")
    assert (d.code, d.line, d.col) == (code, 8, col)


def test_d15_crack_on_doubler_line_is_refused():
    # `doubler crack Cal` was accepted silently: a thrown-in deal (D-11) has no pick either
    d = _refused(HEAD.format(rules="wi5-called-ace; noPick=doubler") + "doubler  crack Cal\n")
    assert (d.code, d.line, d.col) == ("E-CRACK", 8, 10)
    assert "doubler" in d.message


def test_d15_blitz_on_a_doubler_is_refused():
    d = _refused(HEAD.format(rules="wi5-called-ace; noPick=doubler; allowBlitz=queens") + "doubler  blitz Cal black\n")
    assert (d.code, d.col) == ("E-BLITZ", 10)


def test_d15_blitz_in_leaster_needs_allow_blitz():
    # default allowBlitz=none (rules.md J): refused at the blitz
    d = _refused(HEAD.format(rules="wi5-called-ace") + "leaster Bob  blitz Cal black  pts 10\n")
    assert (d.code, d.col) == ("E-BLITZ", 14)


def test_d15_blitz_carries_into_leaster_under_allow_blitz_queens():
    # D-9 + E-5: a black blitz by Cal before the pick doubles the leaster: D-4 pays the winner 1 from each
    # other seat; ×2 for the blitz → Bob +8, every other seat -2 (sum 8 - 4×2 = 0)
    res = _one(HEAD.format(rules="wi5-called-ace; allowBlitz=queens") + "leaster Bob  blitz Cal black  pts 10\n")
    assert not res.rejected, res.rejected[0].errors[0].message
    (h,) = res.hands
    assert h.outcome.units == {"Ann": -2, "Bob": 8, "Cal": -2, "Dot": -2, "Eve": -2}
    assert sum(h.outcome.units.values()) == 0


def test_d15_plain_leaster_still_scores():
    # the same line without the crack: D-4, Bob +4, others -1
    res = _one(HEAD.format(rules="wi5-called-ace") + "leaster Bob  pts 10\n")
    (h,) = res.hands
    assert h.outcome.units == {"Ann": -1, "Bob": 4, "Cal": -1, "Dot": -1, "Eve": -1}
