"""The Replay page's seat view in a real headless Chromium (issue 13): the
server, the database (the example session) and the browser are
``tests/test_browser.py``'s fixtures.

Hand 14 worked by hand (notation.md §13): Al, a defender, holds Q♠ J♦ 9♣ 7♠
10♥ 8♥; the blind is A♠ 7♥ and the bury A♠ K♣.  Before the last step no
card face on the page may be other than Al's, the cards played so far or
the called A♥; K♣ (buried, never played) shows only on the last step.
Screenshots at 1400 and 390 px wide go to tests/artifacts/ (gitignored).
"""

from __future__ import annotations

import re

import pytest

from tests.test_browser import ARTIFACTS, ROOT, WAIT_MS, _replay_url, _serve, app, browser  # noqa: F401

pytestmark = pytest.mark.browser

PLAYS = ("9C TD 8C 7C TC QC 8D KD 9D JD 7H KH AH 9H 8H QD JS QS JC QH TH AD JH 7D KS AC TS 8S 7S 9S").split()
AL = {"QS", "JD", "9C", "7S", "TH", "8H"}


def faces(page) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', page.content()))


def test_a_defenders_seat_view_in_chromium(app, browser):
    from playwright.sync_api import expect

    base, via_app, ids, _ = app
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1400, "height": 1800})
    try:
        page.goto(_replay_url(page, base, via_app, ids[14]) + "&seat=Al&step=-4")
        page.get_by_text("the deal — Al's cards dealt").wait_for(timeout=WAIT_MS)
        assert faces(page) <= AL
        # the arrow keys step through the hand: → one step on, ← one step back (the buttons' shortcuts)
        page.get_by_role("button", name=re.compile("^Step ▶")).first.wait_for(timeout=WAIT_MS)
        page.locator("h1").first.click()
        for step, words in ((-3, "Al passes"), (-2, "Bea picks (the blind's 2 cards, face down to you)"),
                            (-1, "Bea buries 2 cards face down"), (0, "Bea calls")):
            page.keyboard.press("ArrowRight")
            page.get_by_text(f"step {step} · {words}" if step < 0 else "Step 0 of 30").first.wait_for(timeout=WAIT_MS)
            expect(page).to_have_url(re.compile(rf"step={step}(&|$)"), timeout=WAIT_MS)
            assert "seat=Al" in page.url
            assert faces(page) <= AL | ({"AH"} if step >= 0 else set()), (step, faces(page))
        page.keyboard.press("ArrowLeft")
        page.get_by_text("step -1 · Bea buries").first.wait_for(timeout=WAIT_MS)
        # a shared link opens the same view: Al at trick 3, Di's A♥ just played
        page.goto(page.url.split("?")[0] + f"?hand={ids[14]}&step=13&seat=Al")
        page.get_by_text("Step 13 of 30").wait_for(timeout=WAIT_MS)
        expect(page.locator(".shead-status")).to_have_text("Trick 3: Di (Di Lenz) is winning with A♥",
                                                           timeout=WAIT_MS)
        shown = faces(page)
        assert shown <= AL | set(PLAYS[:13]) | {"AH"} and "KC" not in shown, shown
        # Bea has played 10♦ (t1), Q♣ (t2), 7♥ (t3): 6 - 3 = 3 cards left, face down to Al
        assert page.locator('.shead-seat[data-seat="Bea"] .shead-card.back').count() == 3
        expect(page.get_by_text("Tricks so far")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "seat_view_al_step13_1400.png"), full_page=True)
        phone = browser.new_page(viewport={"width": 390, "height": 2400})  # a phone opens the shared link
        try:
            phone.goto(page.url)
            phone.get_by_text("Step 13 of 30").wait_for(timeout=WAIT_MS)
            phone.locator('.shead-card[data-card="AH"]').first.wait_for(timeout=WAIT_MS)
            assert "KC" not in faces(phone)
            phone.screenshot(path=str(ARTIFACTS / "seat_view_al_step13_390.png"), full_page=True)
        finally:
            phone.close()
        # the last step: the whole hand, the bury included
        page.goto(page.url.split("?")[0] + f"?hand={ids[14]}&step=30&seat=Al")
        expect(page.get_by_text("Bury (15 points)")).to_be_visible(timeout=WAIT_MS)
        assert "KC" in faces(page)
        page.screenshot(path=str(ARTIFACTS / "seat_view_al_end_1400.png"), full_page=True)
    finally:
        page.close()


def test_schafkopf_replay_in_german_in_chromium(tmp_path, browser):
    """The worked SHN-SK example, hand 1 at step 0 (every hand face up): Bea's Sauspiel on the
    Schellen-Sau; the faces in German spelling (Z for the Zehn) and each suit
    in its own colour (Schellen gold, not Herz red)."""
    from playwright.sync_api import expect

    from ingest.store import Store, reading
    from ingest.validate import validate_text

    db = tmp_path / "sk.duckdb"
    text = (ROOT / "data" / "schafkopf" / "worked_example.shn").read_text(encoding="utf-8")
    with Store(db) as store:
        store.ingest_file(validate_text(text, path="worked_example.shn"))
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serve(db, ROOT / "dashboard" / "app.py", tmp_path) as base:
        page = browser.new_page(viewport={"width": 1400, "height": 1800})
        try:
            page.goto(_replay_url(page, base, True, ids[1]) + "&step=0")
            page.get_by_text("Step 0 of 32").wait_for(timeout=WAIT_MS)
            sz = page.locator('.shead-card[data-card="TD"]').first  # Bea's Schellen-Zehn
            sz.wait_for(timeout=WAIT_MS)  # the table is drawn after the step's line
            expect(sz).to_have_attribute("title", "Schellen-Zehn")
            assert sz.evaluate("e => getComputedStyle(e).color") == "rgb(200, 138, 0)"  # #c88a00 gold
            hz = page.locator('.shead-card[data-card="TH"]').first  # Al's Herz-Zehn
            assert hz.evaluate("e => getComputedStyle(e).color") == "rgb(198, 40, 40)"  # #c62828 red
            assert sz.locator(".r").inner_text() == "Z"
            content = page.content()
            assert "E10" not in content and "ESau" not in content
            page.screenshot(path=str(ARTIFACTS / "schafkopf_replay_1400.png"), full_page=True)
            phone = browser.new_page(viewport={"width": 390, "height": 2400})
            try:
                phone.goto(page.url)
                phone.locator('.shead-card[data-card="TD"]').first.wait_for(timeout=WAIT_MS)
                phone.screenshot(path=str(ARTIFACTS / "schafkopf_replay_390.png"), full_page=True)
            finally:
                phone.close()
        finally:
            page.close()
