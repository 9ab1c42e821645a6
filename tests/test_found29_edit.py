"""Session 29: the Log a hand page's Edit and Void (dashboard/log_edit.py) said nothing of the warnings an amendment
or a void gives (fixa29's left item): W-POT-CARRY, rechecked by the store when a pot=on night is amended or has a
hand voided, reached `shead ingest --amend` and `shead void` but not the page, so a scorer correcting a hand on the
page left a later night's opening pot wrong without a word.

The nights are tests/test_found29_pot.py's (worked there by hand from rules.md B-28, B-32, B-33, D-19): night 1
leaves 15 in the pot (leaster Ann +5, Cal/Dot's loss pays 5 in, leaster Dot +5), night 2 opens with `pot 15`.
"""

from __future__ import annotations

import streamlit as st

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import NIGHT1
from tests.test_found29_pot import _night2

SESSION = "Tuesday Pot Game / 2026.12.01"


def _stored(tmp_path, monkeypatch):
    db = tmp_path / "p.duckdb"
    _ingest(write(tmp_path, "pot1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "pot2_15.shn", _night2(15)), db)
    monkeypatch.setenv("SHEAD_DB", str(db))
    for k in list(st.session_state):
        del st.session_state[k]
    return db


def test_an_amendment_on_the_page_shows_the_pot_carry_it_causes(tmp_path, monkeypatch):
    """Hand 3 of night 1 amended on the page to Ann/Bob 70 win: Ann +2, Bob +1, the others -1, and the side takes
    the pot's 10 (Bob 10 // 4 = 2, Ann 8): night 1 now leaves 0, night 2 opens with 15.  The page's result keeps
    the amendment's W-POT-CARRY (was: only 'Hand 3 amended'), found pot 15, expected pot 0; the ledger is
    test_found29_pot's by hand: Ann +17, Bob +18, Cal -14, Dot -9, Eve +3."""
    from dashboard import log_edit

    db = _stored(tmp_path, monkeypatch)
    st.session_state["lh_edit_text"] = "hand 3  dealer Bob\npick Ann  call AC  partner Bob  pts 70  win\n"
    st.session_state["lh_edit_reason"] = "hand 3 was a pick"
    log_edit.amend_from_page({"session": SESSION}, 3)
    out = st.session_state["lh_edit_result"]
    assert out["errors"] == [] and out["saved"].startswith("Hand 3 amended: revision 2 in force"), out
    [note] = out["notes"]
    assert note.startswith("W-POT-CARRY: hand 3: this night's stored hands (to hand 3) leave 0 in the pot, and the "
                           "group's next night 2026.12.08"), note
    assert "15 units no hand paid in" in note and "write pot 0 on that night's hand 1" in note, note
    assert note.endswith("— found pot 15"), note
    assert ledger(db) == {"Ann Koch": 17, "Bob Lange": 18, "Cal Stein": -14, "Dot Frey": -9, "Eve Busch": 3}


def test_a_void_on_the_page_shows_the_pot_carry_it_causes(tmp_path, monkeypatch):
    """Night 1's hand 3 (leaster Dot, +5 into the pot) voided on the page: night 1 leaves 10, night 2 opens with 15:
    the void's result keeps W-POT-CARRY, 5 units no hand paid in."""
    from dashboard import log_edit

    _stored(tmp_path, monkeypatch)
    st.session_state["lh_void_reason"] = "dealt twice"
    st.session_state["lh_void_sure"] = True
    log_edit.void_from_page({"session": SESSION}, 3)
    out = st.session_state["lh_edit_result"]
    assert out["errors"] == [] and out["saved"].startswith("Hand 3 voided"), out
    [note] = out["notes"]
    assert note.startswith("W-POT-CARRY: hand 3: this night's stored hands (to hand 2) leave 10 in the pot"), note
    assert "5 units no hand paid in" in note, note


def test_an_amendment_that_changes_no_pot_shows_no_note(tmp_path, monkeypatch):
    """Night 2's hand 2 (Ann alone 61 win: +4, the others -1) amended to 62 points: the same units, nothing carried
    changes: no note."""
    from dashboard import log_edit

    _stored(tmp_path, monkeypatch)
    text = _night2(15).split("hand 2", 1)[1]
    st.session_state["lh_edit_text"] = "hand 2" + text.replace("61", "62")
    st.session_state["lh_edit_reason"] = "62"
    log_edit.amend_from_page({"session": "Tuesday Pot Game / 2026.12.08"}, 2)
    out = st.session_state["lh_edit_result"]
    assert out["errors"] == [] and out["saved"].startswith("Hand 2 amended"), out
    assert out["notes"] == []
