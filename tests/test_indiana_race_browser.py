"""The Ledger page's Indiana section in real headless Chromium (Playwright,
as tests/test_browser.py): the games of the race — game 1 ended when Sam
reached 24 (2 + 6 + 18 = 26 at hand 3), game 2 by Nora's won best, game 3
open — and the games won per player.  The session is tests/test_indiana_race.py's;
the screenshot goes to tests/artifacts/ledger_indiana_race.png (gitignored).
"""

from __future__ import annotations

import pytest

from ingest.store import Store
from ingest.validate import validate_text
from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, ROOT, WAIT_MS, _chromium, _serve
from tests.test_indiana_race import _session_text

pytestmark = pytest.mark.browser


def test_ledger_shows_the_race_games_in_chromium(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    chromium = _chromium()
    db = tmp_path / "race.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(_session_text(), path="race.shn"))
    main = ROOT / "dashboard" / "app.py"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serve(db, main, tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1600})
        try:
            page.goto(base + "/ledger")
            expect(page.get_by_role("heading", name="Indiana race points")).to_be_visible(timeout=WAIT_MS)
            expect(page.get_by_text("Games of the race")).to_be_visible(timeout=WAIT_MS)
            grids = page.locator('[data-testid="stDataFrame"]')
            expect(grids).to_have_count(2, timeout=WAIT_MS)  # race points and games won, the games
            page.wait_for_timeout(1500)  # the grids draw on a canvas after they mount
            page.screenshot(path=str(ARTIFACTS / "ledger_indiana_race.png"), full_page=True)
        finally:
            page.close()
            browser.close()
