"""Session 28 (fixe28): real28's findings F1 and F2 (/tmp/s28/real28/FINDINGS.md).

F1: the dashboard's Log a hand page kept the Call and the Called suit after a save (hand 8 stored ``call AH``, carried
over from hand 7), and a fresh form started at "a fail ace" of clubs with no "(not written)" choice, so every hand
logged on a phone carried an ace call the scorer never gave.  SHN reads a score line without a call
(``pick Cy  partner Ed  pts 72  win``, notation.md §7), so the form now starts at Call "(not written)", writes no call
for it, and clears the call after a save as it clears the picker, partner and points.

The session is the example session (data/sheepshead/example_session.shn: hands 14-18, seats Al Bea Cy Di Ed,
``[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"]``); the next hand is 19, dealt by Ed (after hand 18's Di).
The units, worked by hand from rules.md:

* hand 19, real28's hand 7: Bea picks, calls A♥, Cy is the partner, 95 card points, cracked by Di.  95 >= 91 is a win
  with schneider (B-28): 2 a defender; the crack doubles it (E-1): 4 a defender.  With a partner (B-33) the three
  defenders Al, Di, Ed pay 4 each = 12, the picker takes 2 x 4 = 8, the partner 4: Bea +8, Cy +4, Al/Di/Ed -4.
* hand 20, real28's hand 8, the pad saying only "Cy + Ed, 72": 61 <= 72 <= 90 is a plain win (B-28): 1 a defender;
  Al, Bea, Di pay 1 each = 3, the picker Cy +2, the partner Ed +1.  No call is written, so none is stored.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.store import reading
from tests.test_dashboard_replay import example_db, fill, ok, page, press, stored_units, texts  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"


def stored_call(db: Path, hand: int) -> tuple:
    """(call, call_type, called_suit) of a stored hand, and its stored text."""
    with reading(db) as con:
        return con.execute("SELECT h.call, h.call_type, h.called_suit, t.source FROM hands h "
                           "JOIN hand_text t USING (hand_id) WHERE h.session = ? AND h.hand = ?",
                           [SESSION, hand]).fetchone()


def _shown(at, key: str) -> bool:
    return any(getattr(w, "key", None) == key for w in at.selectbox)


# --------------------------------------------------------------------------
# F1: the call is the scorer's, never the form's


def test_f1_a_fresh_form_writes_no_call_until_one_is_chosen(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    call = at.selectbox(key="lh_call")
    assert call.value == "(not written)" and call.options[0] == "(not written)"
    assert not _shown(at, "lh_suit")  # no suit asked while no call is
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (19, "Ed")
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    # B-28 a plain win, B-33 with a partner: Cy +2, Ed +1, Al/Bea/Di -1
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert at.code[0].value.rstrip("\n") == "hand 19  dealer Ed\npick Cy\npartner Ed  pts 72"


def test_f1_two_hands_in_a_row_the_second_keeps_no_call_of_the_first(example_db):  # noqa: F811
    """real28's hands 7 and 8: after hand 19 (call A♥) is saved, the form's call is '(not written)' again and
    hand 20, entered as the pad says it (picker, partner, points), is stored with no call."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ace", suit="H", partner="Cy", pts=95, crack="Di")
    press(at, "Save hand")
    assert "Stored hand 19 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    # B-28 schneider 2, E-1 crack x2 = 4 a defender; B-33: Bea +8, Cy +4, Al/Di/Ed -4
    assert stored_units(db, SESSION, 19) == {"Al": -4, "Bea": 8, "Cy": 4, "Di": -4, "Ed": -4}
    assert stored_call(db, 19)[:3] == ("AH", "ace", "H")
    # the form cleared for hand 20, dealt by Al (after Ed): the call with the rest
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (20, "Al")
    assert at.selectbox(key="lh_call").value == "(not written)"
    assert not _shown(at, "lh_suit")
    assert at.session_state["lh_suit"] == "(not written)"
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    assert "Stored hand 20 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    # B-28 plain win 1 a defender, B-33: Cy +2, Ed +1, Al/Bea/Di -1
    assert stored_units(db, SESSION, 20) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    call, call_type, suit, source = stored_call(db, 20)
    assert (call, call_type, suit) == (None, None, None)
    assert source.startswith("hand 20  dealer Al\npick Cy\npartner Ed  pts 72\n") and "call" not in source
    # and the call of a saved hand is cleared even when the next one is checked before anything is chosen
    assert at.selectbox(key="lh_call").value == "(not written)"


def test_f1_an_ace_call_whose_suit_is_not_written_is_stored_as_an_unknown_ace(example_db):  # noqa: F811
    """Call 'a fail ace' with the Called suit left at '(not written)' writes ``call ??`` (notation.md: ``??`` a
    card not known): an ace called, no suit made up.  Bea picks, Cy partners, 80: a plain win (B-28 61..90), 1 a
    defender (B-33): Bea +2, Cy +1, Al/Di/Ed -1."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.selectbox(key="lh_call").set_value("ace").run())
    assert at.selectbox(key="lh_suit").value == "(not written)"
    assert at.selectbox(key="lh_suit").options == ["(not written)", "♣ clubs", "♠ spades", "♥ hearts"]
    fill(at, picker="Bea", partner="Cy", pts=80)
    press(at, "Save hand")
    assert stored_units(db, SESSION, 19) == {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1}
    call, call_type, suit, source = stored_call(db, 19)
    assert (call, call_type, suit) == (None, "ace", None)
    assert "pick Bea  call ??\n" in source


def test_f1_a_ten_call_must_name_its_suit(example_db):  # noqa: F811
    """A ten call is told by its suit only (B-10): with the suit not written the form says what to choose and
    stores nothing."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ten", suit="(not written)", partner="Cy", pts=80)
    press(at, "Save hand")
    assert [e.value for e in at.error] == ["choose the called suit of the ten call (or Call: (not written))",
                                           "Not saved: 1 problem (shown at the field above)."]
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands WHERE hand = 19").fetchone() == (0,)


# --------------------------------------------------------------------------
# F1 in a real Chromium at 390 x 844


@pytest.mark.browser
def test_f1_two_hands_in_a_row_on_a_phone(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    from ingest.store import Store
    from ingest.validate import validate_text
    from tests.st_reruns import Reruns
    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, EXAMPLE, WAIT_MS, _chromium, _serve
    from tests.test_log_hand_browser import choose, shot, type_in

    chromium = _chromium()
    db = tmp_path / "shead.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE)))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serve(db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page_ = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
                                 has_touch=True)
        runs = Reruns(page_, timeout_ms=WAIT_MS)
        try:
            runs.goto(base + "/log_hand")
            expect(page_.get_by_label("Hand number")).to_have_value("19")
            expect(page_.get_by_role("combobox", name="Call", exact=True)).to_have_value("(not written)")
            expect(page_.get_by_role("combobox", name="Called suit", exact=True)).to_have_count(0)
            shot(page_, "found28_fresh.png")
            # hand 19: Bea, A♥, Cy, 95, cracked by Di
            choose(runs, "Picker", "Bea")
            choose(runs, "Partner", "Cy")
            choose(runs, "Call", "a fail ace")
            choose(runs, "Called suit", "♥ hearts")
            type_in(runs, page_.get_by_role("textbox", name="Card points"), "95")
            page_.get_by_text("More: tricks", exact=False).click()
            choose(runs, "Crack by", "Di")
            expect(page_.get_by_text("Al -4 · Bea +8 · Cy +4 · Di -4 · Ed -4 — win-s")).to_be_visible()
            runs.act(page_.get_by_role("button", name="Save hand").click)
            expect(page_.get_by_text(f"Stored hand 19 of {SESSION}.")).to_be_visible()
            expect(page_.get_by_label("Hand number")).to_have_value("20")
            expect(page_.get_by_role("combobox", name="Call", exact=True)).to_have_value("(not written)")
            expect(page_.get_by_role("combobox", name="Called suit", exact=True)).to_have_count(0)
            shot(page_, "found28_after_save.png")
            # hand 20 as the pad says it: Cy + Ed, 72
            choose(runs, "Picker", "Cy")
            choose(runs, "Partner", "Ed")
            type_in(runs, page_.get_by_role("textbox", name="Card points"), "72")
            expect(page_.get_by_text("Al -1 · Bea -1 · Cy +2 · Di -1 · Ed +1 — win")).to_be_visible()
            shot(page_, "found28_hand20.png")
            runs.act(page_.get_by_role("button", name="Save hand").click)
            expect(page_.get_by_text(f"Stored hand 20 of {SESSION}.")).to_be_visible()
            shot(page_, "found28_saved20.png")
        finally:
            page_.close()
            browser.close()
    assert stored_units(db, SESSION, 19) == {"Al": -4, "Bea": 8, "Cy": 4, "Di": -4, "Ed": -4}
    assert stored_call(db, 19)[:3] == ("AH", "ace", "H")
    assert stored_units(db, SESSION, 20) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    assert stored_call(db, 20)[:3] == (None, None, None)
