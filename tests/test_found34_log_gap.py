"""Session 34 (newuser34) F3: Log a hand said a false W-SESSION-GAP from hand 3 on in a session with no doubler
and no pot: ``hands_before()`` sent only the last stored hand, so the validator saw hand 1 missing."""

from __future__ import annotations

import pytest

from ingest.store import Store
from ingest.validate import validate_text
from tests.test_dashboard_replay import fill, ok, page, press, stored_units, texts

SESSION = "Gap34 Club / 2026.12.07"
SHN = """%SHN 1.0
[Event "Gap34 Club"]
[Date "2026.12.07"]
[Seats "Al=Al Ames; Bea=Bea Bird; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Eck"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1 dealer Al
pick Bea call AC partner Di pts 70 win

hand 2 dealer Bea
pick Di call AH partner Al pts 64 win
"""


@pytest.fixture
def two_hands(tmp_path, monkeypatch):
    db = tmp_path / "gap.duckdb"
    res = validate_text(SHN, path="gap.shn")
    assert not res.rejected
    with Store(db) as store:
        assert store.ingest_file(res).stored == 2
    monkeypatch.setenv("SHEAD_DB", str(db))
    return db


def test_hand_3_after_two_plain_hands_says_no_gap(two_hands):
    # Hand 3: Cy picks, Ed partner, 72 = a plain win (rules.md B-27, B-28: 61..90, x1), at stake x1: hands 1 and 2
    # are stored and neither is a doubler (D-11), so nothing is queued.  B-33: Cy +2, Ed +1, Al/Bea/Di -1 each;
    # sum 2 + 1 - 3 = 0 (B-35).
    at = ok(page("log_hand.py").run())
    assert at.number_input(key="lh_number").value == 3
    fill(at, dealer="Cy", picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert not [w.value for w in at.warning if "W-SESSION-GAP" in w.value], [w.value for w in at.warning]
    press(at, "Save hand")
    assert f"Stored hand 3 of {SESSION}." in texts(at)
    assert not [w.value for w in at.warning if "W-SESSION-GAP" in w.value], [w.value for w in at.warning]
    units = stored_units(two_hands, SESSION, 3)
    assert units == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1} and sum(units.values()) == 0
    # hand 4 likewise (Di deals): Al picks, Ed partner, 40 = a plain loss (31..60, x1) doubled on the bump (B-32,
    # wi5-called-ace's default): Al -4, Ed -2, Bea/Cy/Di +2 each (B-33); sum -6 + 6 = 0
    fill(at, dealer="Di", picker="Al", partner="Ed", pts=40)
    press(at, "Check score")
    assert "**Al** -4 · **Bea** +2 · **Cy** +2 · **Di** +2 · **Ed** -2 — lose" in texts(at)
    assert not [w.value for w in at.warning if "W-SESSION-GAP" in w.value], [w.value for w in at.warning]


def test_a_real_gap_is_still_said(two_hands):
    # hand 4 logged with hand 3 not stored: the gap is real (D-11: a missing hand 3 may have been a doubler)
    at = ok(page("log_hand.py").run())
    fill(at, number=4, dealer="Di", picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert [w.value for w in at.warning if "W-SESSION-GAP" in w.value], [w.value for w in at.warning]


def test_f4_two_numbers_in_the_card_points_box_are_said_in_the_form_words(two_hands):
    # newuser34 F4: '7 2' in Card points said SHN's "expected a statement keyword such as hand, deal ..."
    at = ok(page("log_hand.py").run())
    fill(at, dealer="Cy", picker="Cy", partner="Ed")
    at.text_input(key="lh_pts").set_value("7 2")
    press(at, "Check score")
    shown = texts(at)
    assert "'7 2' is two numbers: the box takes one whole number (72, if the space is a slip)" in shown, shown
    assert "statement keyword" not in shown
