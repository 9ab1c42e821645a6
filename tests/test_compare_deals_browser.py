"""The Compare and Fair deals pages (issue 18) in a real headless Chromium,
through dashboard/app.py's navigation, on a database holding the three
tables of tests/fixtures/compare (one deal) and a generated session of 300
full deals.  Screenshots go to tests/artifacts/ (gitignored).  The figures
checked are the hand-worked ones of tests/test_compare.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.generate import generate_session_text
from ingest.store import Store
from ingest.validate import validate_file, validate_text
from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, ROOT, WAIT_MS, _chromium, _serve

pytestmark = pytest.mark.browser

FIX = Path(__file__).parent / "fixtures" / "compare"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    chromium = _chromium()
    tmp = tmp_path_factory.mktemp("compare_browser")
    db = tmp / "shead.duckdb"
    with Store(db) as store:
        for name in ("table_a.shn", "table_b.shn", "table_c.shn"):
            store.ingest_file(validate_file(FIX / name))
        store.ingest_file(validate_text(generate_session_text(7, 300, session="fair/one"), "gen.shn"))
    with _serve(db, ROOT / "dashboard" / "app.py", tmp) as base:
        yield base, chromium


def _open(page, base: str, name: str) -> None:
    page.goto(base + "/")
    link = page.get_by_role("link", name=name, exact=True)
    link.wait_for(timeout=WAIT_MS)
    link.click()


def _drawn(page, tables: int, charts: int) -> None:
    """Wait until the page's dataframes have drawn their grids and its
    Vega-Lite charts their marks (SVG or canvas); the cells' text is canvas,
    checked by the AppTest tests of tests/test_compare.py and test_fair_deals.py."""
    from playwright.sync_api import expect

    grids = page.locator('[data-testid="stDataFrame"]')
    expect(grids).to_have_count(tables, timeout=WAIT_MS)
    for k in range(tables):
        grids.nth(k).scroll_into_view_if_needed()
        expect(grids.nth(k).locator("canvas").first).to_be_visible(timeout=WAIT_MS)
    plots = page.locator(".vega-embed")
    expect(plots).to_have_count(charts, timeout=WAIT_MS)
    for k in range(charts):
        plots.nth(k).scroll_into_view_if_needed()
        expect(plots.nth(k).locator("canvas, svg").first).to_be_visible(timeout=WAIT_MS)


def test_compare_and_fair_deals_pages_in_chromium(served):
    from playwright.sync_api import expect, sync_playwright

    base, chromium = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = b.new_page(viewport={"width": 1400, "height": 1600})
            _open(page, base, "Compare")
            expect(page.get_by_text("Deals played at two or more tables")).to_be_visible(timeout=WAIT_MS)
            expect(page.get_by_role("heading", name="Deal D073af49472b155ae")).to_be_visible(timeout=WAIT_MS)
            expect(page.get_by_text("Blind AS 7H.", exact=False)).to_be_visible(timeout=WAIT_MS)
            _drawn(page, tables=2, charts=1)  # the deals list, the side-by-side table, the units chart
            page.screenshot(path=str(ARTIFACTS / "compare.png"), full_page=True)

            _open(page, base, "Fair deals")
            expect(page.get_by_text("Full deals tested")).to_be_visible(timeout=WAIT_MS)
            # 300 generated + 3 hand-written deals, all full five-handed deals
            expect(page.get_by_text("303", exact=True)).to_be_visible(timeout=WAIT_MS)
            expect(page.get_by_text("Observed against expected")).to_be_visible(timeout=WAIT_MS)
            _drawn(page, tables=1, charts=1)  # the tests' table, the observed-against-expected plot
            page.screenshot(path=str(ARTIFACTS / "fair_deals.png"), full_page=True)
        finally:
            b.close()
