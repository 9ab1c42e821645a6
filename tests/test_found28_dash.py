"""Session 28 (fixh28): newuser28's findings F1, F2, F3 and F7 (/tmp/s28/newuser28/FINDINGS.md).

F1: the Log a hand page validated a new hand with the session's earlier hands only for doubler or pot=on sessions, so
the dealer rotation check (W-SESSION-DEALER, rules.md B-1: the deal passes to the left after every hand) never saw
the last dealer, and a hand entered twice on a phone (a second tap, a hand re-entered that the scorer thought lost)
was stored twice without a word.  Now the page passes the session's last stored hand (one row) and says
W-SESSION-DEALER as ``shead ingest`` does, and W-HAND-REPEATED when the new hand records what that hand records but
for its number; the hand is kept as written (two hands alike do happen at a table).

The session is the example session (data/sheepshead/example_session.shn: hands 14-18, seats Al Bea Cy Di Ed,
``[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"]``, no doubler, no pot); hand 18 was dealt by Di, so
hand 19 is Ed's deal and hand 20 Al's (B-1).  The units, worked by hand:

* hand 19, Cy picks, Ed partners, 72 card points: 61 <= 72 <= 90 is a plain win (B-27, B-28), 1 a defender (B-31);
  with a partner (B-33) Al, Bea, Di pay 1 each, Cy +2, Ed +1.
* hand 20 the same line again: the same units, Cy +2, Ed +1, Al/Bea/Di -1; the session's total for the two hands
  is then Cy +4, Ed +2, Al/Bea/Di -2.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.store import reading
from tests.test_dashboard_replay import example_db, fill, ok, page, press, stored_units, texts  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"
CY_ED_72 = {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def _warnings(at) -> list[str]:
    return [w.value for w in at.warning]


def _count(db: Path) -> int:
    with reading(db) as con:
        return con.execute("SELECT count(*) FROM hands WHERE session = ?", [SESSION]).fetchone()[0]


# --------------------------------------------------------------------------
# F1


def test_f1_a_dealer_out_of_turn_is_said_before_saving(example_db):  # noqa: F811
    """Hand 19 written as dealt by Di, who dealt hand 18: Ed (on Di's left) deals it (B-1).  The page says
    W-SESSION-DEALER before Save, in the words ``shead ingest`` uses, and the derived score is unchanged."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    assert at.selectbox(key="lh_dealer").value == "Ed"  # the form's own default is right
    fill(at, dealer="Di", picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert _warnings(at) == [
        "W-SESSION-DEALER: hand 19: dealer Di, but hand 18's dealer was Di (as written, or by the rotation), so Ed "
        "(on Di's left) deals next (rules.md B-1: the deal passes to the left after every hand); the hand is kept "
        "as written"]
    assert _count(db) == 5  # checked, not saved


def test_f1_the_right_dealer_gets_no_warning(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert _warnings(at) == []


def test_f1_the_same_hand_entered_twice_is_said_before_and_after_saving_and_kept(example_db):  # noqa: F811
    """newuser28's hands 8 and 9: hand 19 saved (Ed deals, Cy + Ed 72), then the very same line again as hand 20,
    dealer Ed again.  Before Save the page says both W-SESSION-DEALER (Al deals hand 20) and W-HAND-REPEATED (the
    same as hand 19); Save still stores it, and the warnings stay beside 'Stored hand 20'."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    assert "Stored hand 19 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    assert stored_units(db, SESSION, 19) == CY_ED_72
    assert _warnings(at) == []
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (20, "Al")
    fill(at, dealer="Ed", picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    said = _warnings(at)
    assert [w.split(":")[0] for w in said] == ["W-SESSION-DEALER", "W-HAND-REPEATED"]
    assert said[0].startswith("W-SESSION-DEALER: hand 20: dealer Ed, but hand 19's dealer was Ed (as written, or "
                              "by the rotation), so Al (on Ed's left) deals next")
    assert said[1] == ("W-HAND-REPEATED: hand 20 is the same as hand 19 just stored (dealt by Ed again): saved twice? "
                       "If it is hand 19 a second time, do not save it (once saved: edit → hand 20 → Void); two hands "
                       "alike do happen at a table, so it is kept as written")
    press(at, "Save hand")
    assert "Stored hand 20 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    assert [w.split(":")[0] for w in _warnings(at)] == ["W-SESSION-DEALER", "W-HAND-REPEATED"]
    assert stored_units(db, SESSION, 20) == CY_ED_72  # kept, with its own units (B-28, B-33)
    assert _count(db) == 7


def test_f1_the_same_line_with_the_dealer_moved_on_is_still_said(example_db):  # noqa: F811
    """The form moves the dealer on after a save, so a hand re-entered with the form's defaults has the right dealer
    (Al for hand 20): no W-SESSION-DEALER, but the repeat is said, naming the two dealers."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert _warnings(at) == [
        "W-HAND-REPEATED: hand 20 is the same as hand 19 just stored (only the dealer differs (Ed, now Al)): saved "
        "twice? If it is hand 19 a second time, do not save it (once saved: edit → hand 20 → Void); two hands alike "
        "do happen at a table, so it is kept as written"]


def test_f1_another_hand_is_no_repeat(example_db):  # noqa: F811
    """Hand 20 after hand 19 (Cy + Ed 72) with one fact changed, 73 points: no repeat (still a plain win, B-28)."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    fill(at, picker="Cy", partner="Ed", pts=73)
    press(at, "Check score")
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert _warnings(at) == []


def test_f1_a_repeat_typed_as_shn_is_said(example_db):  # noqa: F811
    """The SHN box: hand 18 of the example session written again as hand 19 (its own line, dealer Di): both
    warnings, and nothing refused."""
    db, _ = example_db
    with reading(db) as con:
        src = con.execute("SELECT t.source FROM hands h JOIN hand_text t USING (hand_id) WHERE h.session = ? AND "
                          "h.hand = 18", [SESSION]).fetchone()[0]
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value(src.replace("hand 18", "hand 19", 1))
    press(at, "Check score")
    assert [w.split(":")[0] for w in _warnings(at)] == ["W-SESSION-DEALER", "W-HAND-REPEATED"]
    assert "hand 19 is the same as hand 18 just stored (dealt by Di again)" in _warnings(at)[1]


@pytest.mark.browser
def test_f1_the_same_hand_twice_on_a_phone(tmp_path):
    """Chromium at 390 x 844, as newuser28 did it: hand 19 saved (Ed deals, Cy + Ed 72), then the same line with
    dealer Ed again.  Both warnings are on the page before Save and after it; the hand is stored (Cy +2, Ed +1)."""
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
            choose(runs, "Picker", "Cy")
            choose(runs, "Partner", "Ed")
            type_in(runs, page_.get_by_role("textbox", name="Card points"), "72")
            expect(page_.get_by_text("Al -1 · Bea -1 · Cy +2 · Di -1 · Ed +1 — win")).to_be_visible()
            runs.act(page_.get_by_role("button", name="Save hand").click)
            expect(page_.get_by_text(f"Stored hand 19 of {SESSION}.")).to_be_visible()
            expect(page_.get_by_label("Hand number")).to_have_value("20")
            choose(runs, "Dealer", "Ed")
            choose(runs, "Picker", "Cy")
            choose(runs, "Partner", "Ed")
            type_in(runs, page_.get_by_role("textbox", name="Card points"), "72")
            expect(page_.get_by_text("W-HAND-REPEATED: hand 20 is the same as hand 19 just stored")).to_be_visible()
            expect(page_.get_by_text("W-SESSION-DEALER: hand 20: dealer Ed, but hand 19's dealer was Ed")).to_be_visible()
            page_.get_by_text("W-SESSION-DEALER", exact=False).first.scroll_into_view_if_needed()
            shot(page_, "found28_dash_repeat_before.png")
            runs.act(page_.get_by_role("button", name="Save hand").click)
            expect(page_.get_by_text(f"Stored hand 20 of {SESSION}.")).to_be_visible()
            expect(page_.get_by_text("W-HAND-REPEATED: hand 20 is the same as hand 19 just stored")).to_be_visible()
            page_.get_by_text(f"Stored hand 20 of {SESSION}.").scroll_into_view_if_needed()
            shot(page_, "found28_dash_repeat_saved.png")
        finally:
            page_.close()
            browser.close()
    assert stored_units(db, SESSION, 19) == CY_ED_72
    assert stored_units(db, SESSION, 20) == CY_ED_72
