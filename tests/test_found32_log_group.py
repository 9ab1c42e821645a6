"""phone32 F1 (session 32, fixg32): Log a hand's "a new session" with the Event of a stored group written otherwise
only in case and spacing (`thursday night sheepshead `) stored a new group, showing only "Stored hand 1", while
`shead ingest` of the same header says W-GROUP-SPELLING.  Now the page says it before saving (the derived score's
warnings) and after ("Stored hand 1 ..." then the stored hand's warnings), naming the stored group.

Worked by hand (rules.md): wi5-called-ace; Al picks and goes alone, 61 card points: 61 >= 61 wins (B-27), <= 90 no
schneider, so B-33's plain tier alone: Al +4 (1 from each of 4 defenders), Bea Cy Di Ed -1 each; 4 - 4 = 0.
"""

from __future__ import annotations

from tests.test_dashboard_replay import example_db, fill, hand_count, new_session, ok, page, press, texts  # noqa: F401

SEATS = "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"


def _warnings(at) -> list[str]:
    return [w.value for w in at.warning]


def test_a_new_session_spelling_a_stored_group_otherwise_is_said_before_and_after_saving(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    new_session(at, "thursday night sheepshead ", SEATS, "2025-03-07", rules="wi5-called-ace")
    fill(at, number=1, picker="Al", call="alone", pts=61)
    press(at, "Check score")
    assert "**Al** +4 · **Bea** -1 · **Cy** -1 · **Di** -1 · **Ed** -1 — win" in texts(at)
    before = [w for w in _warnings(at) if "W-GROUP-SPELLING" in w]
    assert len(before) == 1 and "'Thursday Night Sheepshead'" in before[0], _warnings(at)
    press(at, "Save hand")
    assert hand_count(db) == 6
    page_text = texts(at)
    assert "Stored hand 1 of thursday night sheepshead / 2025.03.07." in page_text
    after = [w for w in _warnings(at) if "W-GROUP-SPELLING" in w]
    assert len(after) == 1 and "'Thursday Night Sheepshead'" in after[0], _warnings(at)


def test_the_stored_groups_own_spelling_says_nothing(example_db):  # noqa: F811
    at = ok(page("log_hand.py").run())
    new_session(at, "Thursday Night Sheepshead", SEATS, "2025-03-07", rules="wi5-called-ace")
    fill(at, number=1, picker="Al", call="alone", pts=61)
    press(at, "Save hand")
    assert not [w for w in _warnings(at) if "SPELLING" in w], _warnings(at)


def test_the_stored_spelling_is_offered_before_saving(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    new_session(at, "thursday  night sheepshead ", SEATS, "2025-03-07", rules="wi5-called-ace")
    said = [w for w in _warnings(at) if "differs only in case" in w]
    assert len(said) == 1 and "'Thursday Night Sheepshead'" in said[0], _warnings(at)
    press(at, "Use 'Thursday Night Sheepshead'")
    assert at.text_input(key="lh_event").value == "Thursday Night Sheepshead"
    assert not [w for w in _warnings(at) if "differs only in case" in w]
    fill(at, number=1, picker="Al", call="alone", pts=61)
    press(at, "Save hand")
    assert "Stored hand 1 of Thursday Night Sheepshead / 2025.03.07." in texts(at)
    assert not [w for w in _warnings(at) if "SPELLING" in w], _warnings(at)
