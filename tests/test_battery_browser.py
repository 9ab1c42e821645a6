"""The Replay page draws a two-handed battery hand (``wi2-battery``, issue 18;
docs/profiles.md "Two-handed battery games"): four cards a trick, each seat's
second card beside its first, the winning card (not the winner's other card)
marked.  Real headless Chromium through Playwright, as tests/test_browser.py;
the screenshot goes to tests/artifacts/replay_wi2_battery_trick2.png
(gitignored).

Hand 1 of tests/fixtures/profiles/wi2-battery.shn, trick 2 (step 8): Bea JD,
Al TD, Bea 7D, Al QC — Al wins with his battery card Q♣, 2 + 10 + 0 + 3 = 15
points.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_browser import ARTIFACTS, WAIT_MS, replay_page_of

pytestmark = pytest.mark.browser

FIX = Path(__file__).parent / "fixtures" / "profiles" / "wi2-battery.shn"


def test_replay_battery_hand_in_chromium(tmp_path):
    from playwright.sync_api import expect

    with replay_page_of(FIX, tmp_path) as (page, _base, ids):
        page.get_by_text("Step 0 of 32").wait_for(timeout=WAIT_MS)  # 8 tricks x 4 cards
        page.goto(page.url.split("?")[0] + f"?hand={ids[1]}&step=8")
        page.get_by_text("Step 8 of 32").wait_for(timeout=WAIT_MS)
        expect(page.locator(".shead-status")).to_have_text("Trick 2 won by Al (Allen Braun) with Q♣ (15 points)",
                                                           timeout=WAIT_MS)
        expect(page.locator(".shead-played")).to_have_count(4)
        expect(page.locator(".shead-played .shead-card.win")).to_have_count(1)
        expect(page.locator('.shead-played .shead-card.win[data-card="QC"]')).to_have_count(1)
        # the list of tricks marks one card of trick 1: Bea's A♥, not her 7♥ too
        t1 = page.locator('.shead-tricks li[data-trick="1"]')
        expect(t1.locator(".shead-card.win")).to_have_count(1, timeout=WAIT_MS)
        expect(t1.locator('.shead-card.win[data-card="AH"]')).to_have_count(1)
        page.screenshot(path=str(ARTIFACTS / "replay_wi2_battery_trick2.png"), full_page=True)
