"""Session 31 (fixg31): newuser31's two wording findings on the Log a hand page (streamlit.testing).

F1: on the score-sheet form a Hand number already stored, with Save hand, said only "hand 3 is already stored in
session ..." and "Not saved: 1 problem": not what to do.  The page has an "edit" tab (the input radio: score sheet,
tap cards, SHN, edit) whose "Stored hand" box opens a stored hand to correct it; a new hand takes a number the
session does not hold.  The example session (data/sheepshead/example_session.shn) stores hands 14, 15, 16, 17, 18
and nothing else, so for hand 16 typed the first free number above it is 19 (17 and 18 stored: 16+1=17 taken,
17+1=18 taken, 18+1=19 free), and for hand 14 it is 19 too (15..18 taken).  The message says nothing about the
dealer (the form keeps the next hand's dealer pre-filled; it claims nothing about it).

F2: Picker Al, Partner Al under wi5-called-ace (allowCallOwnAce off, the profile's default: rules.md B-14) is
refused, rightly: the picker cannot be their own partner; a picker who plays 1 vs 4 goes alone (rules.md B-13).
The engine says it in SHN words ("write 'alone' in place of 'partner Al'"), right for the SHN box and the CLI.  On
the form, where "alone" is a choice of the Call box, the message at the Partner field says it in the form's words;
the SHN tab and ``validate_text`` (what ``shead ingest`` prints) keep the engine's SHN words.
"""

from __future__ import annotations

from tests.test_dashboard_replay import (SESSION, example_db, fill, hand_count, ok, page,  # noqa: F401
                                         press, stored_units, texts)


def _errors(at) -> list[str]:
    return [e.value for e in at.error]


# ---- F1: a stored hand number says what to do


def test_f1_a_stored_number_says_to_use_edit_or_the_next_free_number(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (19, "Ed")
    fill(at, number=16, picker="Al", call="ace", suit="S", partner="Cy", pts=70, outcome="win")
    press(at, "Save hand")
    said = [e for e in _errors(at) if e.startswith(f"hand 16 is already stored in session {SESSION}")]
    assert len(said) == 1, _errors(at)
    # the edit tab as it is labelled ("edit"), and its box ("Stored hand: hand 16")
    assert "to correct it, choose 'edit' above → Stored hand: hand 16" in said[0], said
    # 17 and 18 are stored: 19 is the first free number above 16
    assert "to log a new hand, save it as hand 19 (the number after the last stored hand)" in said[0], said
    assert "dealer" not in said[0].lower(), said  # nothing claimed about the Dealer box
    assert "Not saved: 1 problem (shown at the field above)." in _errors(at)
    assert hand_count(db) == 5  # nothing stored
    # and the edit tab it names is there, with that label
    assert "edit" in at.radio(key="lh_input").options


def test_f1_the_first_stored_hand_too(example_db):  # noqa: F811
    at = ok(page("log_hand.py").run())
    fill(at, number=14, picker="Al", call="ace", suit="S", partner="Cy", pts=70, outcome="win")
    press(at, "Check score")
    said = [e for e in _errors(at) if e.startswith(f"hand 14 is already stored in session {SESSION}")]
    assert len(said) == 1 and "Stored hand: hand 14" in said[0] and "save it as hand 19" in said[0], _errors(at)


def test_f1_the_shn_box_says_it_too(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value("hand 17  dealer Bea\npick Al  call AS  partner Cy  pts 70  win\n")
    press(at, "Save hand")
    said = [e for e in _errors(at) if e.startswith("hand 17 is already stored")]
    assert len(said) == 1 and "Stored hand: hand 17" in said[0] and "save it as hand 19" in said[0], _errors(at)
    assert hand_count(db) == 5


# ---- F2: the picker as the partner, in the form's words on the form


def test_f2_partner_is_picker_speaks_the_forms_language(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Al", call="ace", suit="S", partner="Al", pts=70, outcome="win")
    ok(at.run())
    errors = _errors(at)
    said = [e for e in errors if "partner can't be the picker" in e]
    assert said == ["the partner can't be the picker (Al): choose another partner, or 'alone' in the Call box "
                    "(rules.md B-13, B-14)"], errors
    assert not [e for e in errors if "E-PARTNER" in e or "write 'alone'" in e or "'partner Al'" in e], errors
    press(at, "Save hand")
    assert any("partner can't be the picker (Al)" in e for e in _errors(at)), _errors(at)
    assert "Not saved: 1 problem (shown at the field above)." in _errors(at)
    assert hand_count(db) == 5
    # done as it says: Call alone (the Partner box goes); 70 card points alone is a plain win, rules.md B-33 (no
    # DOB bump here: hand 18 is no leaster): picker alone +4, each of the four defenders -1; sum 4-4*1 = 0
    at.selectbox(key="lh_call").set_value("alone")
    ok(at.run())
    press(at, "Save hand")
    assert hand_count(db) == 6, _errors(at)
    assert stored_units(db, SESSION, 19) == {"Al": 4, "Bea": -1, "Cy": -1, "Di": -1, "Ed": -1}


def test_f2_no_call_written_says_it_in_the_forms_words_too(example_db):  # noqa: F811
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", partner="Bea", pts=70, outcome="win")  # Call: (not written)
    ok(at.run())
    assert ("the partner can't be the picker (Bea): choose another partner, or 'alone' in the Call box "
            "(rules.md B-13, B-14)") in _errors(at), _errors(at)


def test_f2_the_shn_box_and_the_cli_keep_the_shn_words(example_db):  # noqa: F811
    from ingest.validate import validate_text

    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value("hand 19  dealer Ed\npick Al  call AS  partner Al  pts 70  win\n")
    press(at, "Check score")
    shn = [e for e in _errors(at) if "E-PARTNER" in e]
    assert len(shn) == 1 and "write 'alone' in place of 'partner Al'" in shn[0], _errors(at)
    assert "partner can't be the picker" not in texts(at)
    res = validate_text("%SHN 1.0\n[Seats \"Al=A; Bea=B; Cy=C; Di=D; Ed=E\"]\n[Rules \"wi5-called-ace\"]\n\n"
                        "hand 1  dealer Ed\npick Al  call AS  partner Al  pts 70  win\n", path="x.shn")
    [d] = [d for r in res.rejected for d in r.errors]
    assert d.code == "E-PARTNER" and "write 'alone' in place of 'partner Al'" in d.message
    assert d.expected == "another seat, or alone"


def test_f2_with_call_own_ace_on_the_called_ace_is_offered_too(example_db):  # noqa: F811
    """allowCallOwnAce=on (rules.md B-14): Picker = Partner is refused only when no ace is called; the form says
    the picker's own ace is the other way (scored alone, B-14)."""
    from tests.test_dashboard_replay import new_session

    at = ok(page("log_hand.py").run())
    new_session(at, "Own Ace Club", "Al=Al A; Bea=Bea B; Cy=Cy C; Di=Di D; Ed=Ed E", "2026-12-07",
                rules="wi5-called-ace; allowCallOwnAce=on")
    fill(at, picker="Al", partner="Al", pts=70, outcome="win")  # Call: (not written)
    ok(at.run())
    said = [e for e in _errors(at) if "the partner is the picker (Al)" in e]
    assert said == ["the partner is the picker (Al) and no ace is called: choose the ace Al called in the Call box "
                    "(these rules let the picker call their own, rules.md B-14), another partner, or 'alone' in "
                    "the Call box (rules.md B-13)"], _errors(at)
    assert not [e for e in _errors(at) if "E-PARTNER" in e], _errors(at)
