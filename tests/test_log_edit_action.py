"""The Replay page's "Edit this hand" (issue 12): Log a hand opened with
``?edit=<hand_id>`` edits that stored hand (its session, the edit input, its
number and stored text), and an amendment saved there re-scores it.  The
browser flow (the link clicked at 390 px) is in tests/test_log_hand_browser.py.

Hand 15 of the example session (data/sheepshead/example_session.shn) is
``pick Cy  call AS  partner Ed  pts 72  win`` with its written score (Cy +2,
Ed +1, the others -1).  Amended to 95 card points, without the written score,
it is a win with schneider (91 or more, rules.md B-28): 2 a defender, Cy +4,
Ed +2, Al, Bea, Di -2 each (zero sum: 4 + 2 - 6 = 0).
"""

from __future__ import annotations

from tests.test_dashboard_replay import example_db, ok, page, stored_units, texts  # noqa: F401

SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"


def test_the_edit_link_opens_the_hand_in_edit_mode_and_amends_it(example_db):  # noqa: F811
    db, ids = example_db
    at = page("log_hand.py")
    at.query_params["edit"] = str(ids[15])
    ok(at.run())
    assert at.radio(key="lh_input").value == "edit"
    assert at.selectbox(key="lh_edit_no").value == 15
    text = at.text_area(key="lh_edit_text").value
    assert text.startswith("hand 15") and "pick Cy" in text
    assert "edit" not in at.query_params  # taken once: the page is free again
    assert text == "hand 15  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\nscore Al -1 Bea -1 Cy +2 Di -1 Ed +1\n"
    at.text_area(key="lh_edit_text").set_value("hand 15  dealer Al\npick Cy  call AS  partner Ed  pts 95\n")
    at.text_input(key="lh_edit_reason").set_value("95, not as written")
    ok(next(b for b in at.button if b.label == "Save amendment").click().run())
    assert "Hand 15 amended: revision 2 in force (95, not as written)" in texts(at)
    assert stored_units(db, SESSION, 15) == {"Al": -2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": 2}


def test_an_unknown_hand_id_says_so(example_db):  # noqa: F811
    at = page("log_hand.py")
    at.query_params["edit"] = "987654"
    ok(at.run())
    assert "no stored hand has id 987654: nothing to edit" in texts(at)
    assert at.radio(key="lh_input").value == "form"


def test_an_edit_that_changes_a_later_hands_stake_says_what_to_do_on_this_page(example_db):  # noqa: F811
    """A tester's phone night (session 13): the refusal told a phone user to put the hands in 'the same amendment
    file'; the edit box holds one hand.  Hand 1 was written a doubler (noPick=doubler: the next hand at x2, rules.md
    D-11), hand 2 scored at x2 (Cy +4, Ed +2, the others -2).  Editing hand 1 into a played hand leaves hand 2's
    written score at the wrong stake: refused, nothing changed, and the page says to edit hand 2 first."""
    from ingest.store import Store
    from ingest.validate import validate_text

    db, _ = example_db
    night = ('%SHN 1.0\n[Event "Doubler night"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
             '[Rules "wi5-called-ace; noPick=doubler"]\n\nhand 1  dealer Al\ndoubler\n\n'
             'hand 2  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win\nscore Al -2 Bea -2 Cy +4 Di -2 Ed +2\n')
    with Store(db) as store:
        store.ingest_file(validate_text(night, path="doubler.shn"))
    from ingest.store import reading

    with reading(db) as con:
        (sid,) = con.execute("SELECT session_id FROM sessions WHERE session = 'Doubler night / 2026.12.04'").fetchone()
    at = ok(page("log_hand.py").run())
    ok(at.selectbox(key="lh_session").set_value(sid).run())
    ok(at.radio(key="lh_input").set_value("edit").run())
    ok(at.selectbox(key="lh_edit_no").set_value(1).run())
    at.text_area(key="lh_edit_text").set_value("hand 1  dealer Al\npick Di  alone  pts 61  win\n")
    at.text_input(key="lh_edit_reason").set_value("Di picked after all")
    ok(next(b for b in at.button if b.label == "Save amendment").click().run())
    shown = texts(at)
    assert "the amendment is refused, nothing changed" in shown
    assert "Edit those hands first, one at a time" in shown and "same amendment file" not in shown
    assert stored_units(db, "Doubler night / 2026.12.04", 2) == {"Al": -2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": 2}
