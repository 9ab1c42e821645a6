"""Session 30 (fixf30): newuser30's findings F4 and F6 on the Log a hand page (streamlit.testing).

F4: after a `misdeal` saved with dealer Ed, hand 20 was pre-filled with dealer Al, the next seat.  A misdeal is
void and redealt (rules.md B-4: "misdeal -> redeal"); its dealer deals again (notation.md §6 `dealer`: "not after
a `misdeal`, whose dealer may deal again (B-4)"; W-SESSION-DEALER is not said for it).  So the next hand is
pre-filled with the same dealer: on the score-sheet form, in the SHN box's next `hand N  dealer S`, and when the
session is opened again with a misdeal as its last hand.  After a hand that was played the deal passes to the
left as before (B-1): Ed's played hand 20 -> Al deals hand 21.

The example session (data/sheepshead/example_session.shn): seats Al Bea Cy Di Ed clockwise, hands 14-18, hand 18
dealt by Di, so hand 19 is Ed's deal (B-1).

F6: a new session's seats typed with commas ("Hank Vogel, Ida Pruett, ...") said only "the alias '...' is not a
seat alias"; the CLI says for the same line what it expects ("Alias=Name; Alias=Name; ..." clockwise).  The form
says it too, with the line to write made from the names typed.
"""

from __future__ import annotations

from tests.test_dashboard_replay import (SESSION, example_db, fill, new_session, ok, page,  # noqa: F401
                                         press, stored_units, texts)


def _outcome(db, number: int) -> str | None:
    from ingest.store import reading

    with reading(db) as con:
        row = con.execute("SELECT outcome || ' ' || dealer FROM hands WHERE session = ? AND hand = ?",
                          [SESSION, number]).fetchone()
    return row[0] if row else None


def test_f4_after_a_misdeal_the_same_dealer_deals_again(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (19, "Ed")
    ok(at.radio(key="lh_kind").set_value("misdeal").run())
    press(at, "Save hand")
    assert _outcome(db, 19) == "misdeal Ed"
    assert stored_units(db, SESSION, 19) == {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0, "Ed": 0}
    # B-4: redealt by Ed
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (20, "Ed")
    # the page opened again (a new visit): the session's last hand is a misdeal, its dealer deals again
    again = ok(page("log_hand.py").run())
    assert (again.number_input(key="lh_number").value, again.selectbox(key="lh_dealer").value) == (20, "Ed")
    # Ed's redeal played: Al picks alone, 95, win-s: B-33 alone schneider, 2 from each of the four: Al +8
    ok(at.radio(key="lh_kind").set_value("picked").run())
    fill(at, picker="Al", call="alone", pts=95)
    press(at, "Save hand")
    assert _outcome(db, 20) == "win-s Ed"
    assert stored_units(db, SESSION, 20) == {"Al": 8, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2}
    assert "W-SESSION-DEALER" not in texts(at)
    # a played hand: the deal passes to the left (B-1)
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (21, "Al")


def test_f4_the_shn_box_offers_the_same_dealer_after_a_misdeal(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value("hand 19  dealer Ed\nmisdeal\n")
    press(at, "Save hand")
    assert _outcome(db, 19) == "misdeal Ed"
    assert at.text_area(key="lh_shn").value == "hand 20  dealer Ed\n"
    at.text_area(key="lh_shn").set_value("hand 20  dealer Ed\npick Al  alone  pts 95\n")
    press(at, "Save hand")
    assert _outcome(db, 20) == "win-s Ed"
    assert at.text_area(key="lh_shn").value == "hand 21  dealer Al\n"


def test_f6_seats_typed_with_commas_say_what_is_expected(example_db):  # noqa: F811
    at = ok(page("log_hand.py").run())
    new_session(at, "Legion Post 12", "Hank Vogel, Ida Pruett, Jo Marsh, Kurt Lang, Lu Baer", "2026-12-01")
    errors = [e.value for e in at.error]
    said = [e for e in errors if "is not a seat alias" in e]
    assert len(said) == 1, errors
    assert 'expected "Alias=Name; Alias=Name; ..." clockwise' in said[0], said
    assert "separated by ';', not ','" in said[0], said
    assert "Hank=Hank Vogel; Ida=Ida Pruett; Jo=Jo Marsh; Kurt=Kurt Lang; Lu=Lu Baer" in said[0], said
    # written as said, the seats are taken: no seat error
    at.text_input(key="lh_seats").set_value("Hank=Hank Vogel; Ida=Ida Pruett; Jo=Jo Marsh; Kurt=Kurt Lang; "
                                            "Lu=Lu Baer")
    ok(at.run())
    assert not [e.value for e in at.error if "alias" in e.value or "seats" in e.value], [e.value for e in at.error]
    assert at.selectbox(key="lh_dealer").value == "Hank"


def test_f6_a_bad_alias_without_commas_says_what_is_expected_too(example_db):  # noqa: F811
    at = ok(page("log_hand.py").run())
    new_session(at, "Legion Post 12", "Hank; 7C; Jo; Kurt; Lu", "2026-12-01")
    said = [e.value for e in at.error if "is not a seat alias" in e.value]
    assert len(said) == 1 and 'expected "Alias=Name; Alias=Name; ..." clockwise' in said[0], said
    assert "not ','" not in said[0], said
