"""The Import page with an Excel workbook, in a real headless Chromium (Debian's, driven by Playwright as in
tests/test_browser.py): the workbook LibreOffice wrote (tests/fixtures/xlsx/README.md) is uploaded; before
anything is stored the page says how each sheet will be read; the import stores its five hands (three of the
night of 1 December, dated by the sheet's name, two of 8 December) and skips the Summary sheet.  The
screenshot goes to ``tests/artifacts/xlsx_import.png`` to be looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.store import Store, reading
from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, ROOT, WAIT_MS, _chromium, _serve

pytestmark = pytest.mark.browser

BOOK = Path(__file__).parent / "fixtures" / "xlsx" / "League 2026.xlsx"


def _settle(page) -> None:
    page.wait_for_load_state("networkidle", timeout=WAIT_MS)
    page.locator('[data-testid="stStatusWidget"]').wait_for(state="detached", timeout=4 * WAIT_MS)


def test_a_workbook_uploaded_on_the_import_page(tmp_path):
    from playwright.sync_api import sync_playwright

    chromium = _chromium()
    db = tmp_path / "league.duckdb"
    Store(db).close()  # an empty database, as after `shead rederive` on a new file
    with _serve(db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 1400})
            page.goto(f"{base}/import_files")
            _settle(page)
            page.locator('input[type="file"]').set_input_files(str(BOOK))
            page.get_by_text("is an Excel workbook", exact=False).first.wait_for(timeout=4 * WAIT_MS)
            _settle(page)
            text = page.locator("[data-testid=stMain]").inner_text()
            assert ("League 2026.xlsx is an Excel workbook; its sheets will be read as: Dec 1 2026 — per-hand score "
                    "sheet; Dec 8, 2026 — per-hand score sheet; Summary — skipped") in text
            page.get_by_role("button", name="Import", exact=True).click()
            page.get_by_text("5 stored, 0 duplicates, 0 rejected", exact=False).first.wait_for(timeout=4 * WAIT_MS)
            _settle(page)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "xlsx_import.png"), full_page=True)
        finally:
            browser.close()
    with reading(db) as con:
        got = con.execute("SELECT player, CAST(sum(units) AS INTEGER) FROM hand_units GROUP BY player "
                          "ORDER BY player").fetchall()
    assert got == [("Ann", -7), ("Bob", 17), ("Cal", -1), ("Dee", 6), ("Eve", -15)]  # worked by hand
