"""The Replay page draws a two-handed ``wi2`` hand (rules.md F-1): two seats,
each with its hand and its four table stacks, a face-down card drawn as a
card back under its face-up card until that card is played.  Real headless
Chromium through Playwright, as tests/test_browser.py; the screenshot goes to
tests/artifacts/replay_wi2_trick4.png (gitignored).

Hand 1 of tests/fixtures/profiles/wi2.shn: by the end of trick 4 (step 8)
three face-up cards were played — Bea's JC on trick 3 (over 9D), Al's KH and
Bea's 7H on trick 4 (over 9S and AS) — so 8 - 3 = 5 backs remain; trick 4 is
won by Al with K♥ (4 + 0 = 4 points).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_browser import ARTIFACTS, WAIT_MS, replay_page_of

pytestmark = pytest.mark.browser

WI2 = Path(__file__).parent / "fixtures" / "profiles" / "wi2.shn"


def test_replay_two_handed_in_chromium(tmp_path):
    from playwright.sync_api import expect

    with replay_page_of(WI2, tmp_path) as (page, _base, ids):
        page.get_by_text("Step 0 of 32").wait_for(timeout=WAIT_MS)  # 16 tricks x 2 cards
        expect(page.locator(".shead-seat")).to_have_count(2, timeout=WAIT_MS)  # the table is drawn after the step line
        expect(page.locator(".shead-stack")).to_have_count(8)  # 4 stacks a seat
        expect(page.locator(".shead-stack .shead-card.back")).to_have_count(8)
        page.goto(page.url.split("?")[0] + f"?hand={ids[1]}&step=8")
        page.get_by_text("Step 8 of 32").wait_for(timeout=WAIT_MS)
        expect(page.locator(".shead-status")).to_have_text("Trick 4 won by Al (Allen Braun) with K♥ (4 points)",
                                                           timeout=WAIT_MS)
        expect(page.locator(".shead-stack .shead-card.back")).to_have_count(5)
        # Al's 9S lies uncovered on his table (face up), no longer under KH
        al = page.locator('.shead-seat[data-seat="Al"] .shead-stacks')
        expect(al.locator('.shead-card[data-card="9S"]')).to_have_count(1)
        expect(al.locator('.shead-card[data-card="KH"]')).to_have_count(0)
        page.screenshot(path=str(ARTIFACTS / "replay_wi2_trick4.png"), full_page=True)
