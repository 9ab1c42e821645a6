"""The drill-down in a real headless Chromium (Debian's), driven by
Playwright against ``streamlit run dashboard/app.py`` (the server is started
as in tests/test_browser.py): a page typed by hand (``/overview``) on a
fresh server; from the Picking page to the list of a player's picks, to one
hand's replay; the Player page.  Screenshots at 1400 and 390 px wide go to
``tests/artifacts/`` (gitignored) to be looked at.

The database: the example session (data/sheepshead/example_session.shn: Bea
picks hand 14, a full card log, and hand 20), tests/fixtures/player.shn and
one NetSchafkopf protocol (Schafkopf games: the Ledger shows one unit at a
time, the Schafkopf page its Laufende panels).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.store import Store, reading
from ingest.validate import validate_file, validate_text
from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, EXAMPLE, ROOT, WAIT_MS, _chromium, _serve

pytestmark = pytest.mark.browser

PLAYER = Path(__file__).parent / "fixtures" / "player.shn"
PROTOCOL = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from ingest.netschafkopf import read_protocol

    chromium = _chromium()
    tmp = tmp_path_factory.mktemp("drill")
    db = tmp / "shead.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE)))
        store.ingest_file(validate_file(PLAYER))
        store.ingest_file(read_protocol(PROTOCOL.read_bytes(), str(PROTOCOL)), source_format="netschafkopf")
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands WHERE session LIKE 'Thursday%'").fetchall())
    with _serve(db, ROOT / "dashboard" / "app.py", tmp) as base:
        yield base, ids, chromium


@pytest.fixture(scope="module")
def browser(served):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=served[2], args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def _follow(page, link):
    """Click a link as a person would; a link that opens a new tab yields
    that tab."""
    if (link.get_attribute("target") or "") == "_blank":
        with page.context.expect_page(timeout=WAIT_MS) as new:
            link.click()
        tab = new.value
        tab.wait_for_load_state()
        return tab
    link.click()
    return page


IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def _settle(page) -> None:
    """Wait until the script run is over (Streamlit marks the app element)."""
    page.wait_for_selector(IDLE, timeout=WAIT_MS)


def _shot(page, name: str) -> None:
    """The whole page: the viewport is made as tall as the page's content
    (Streamlit scrolls inside its main block, so a full-page screenshot
    alone would cut it), then put back."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    _settle(page)
    size = page.viewport_size
    tall = page.evaluate("() => { const m = document.querySelector('[data-testid=\"stMain\"]');"
                         " return m ? m.scrollHeight : document.body.scrollHeight; }")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(tall) + 40, 9000))})
    _settle(page)
    page.wait_for_timeout(500)  # Vega draws after the run
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    page.set_viewport_size(size)


def test_a_page_typed_by_hand_on_a_fresh_server(served, browser):
    """The very first visit of the server goes straight to /overview: the app's page, not "Page not found"."""
    from playwright.sync_api import expect

    base, _, _ = served
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(base + "/overview")
        expect(page.get_by_role("heading", name="Overview")).to_be_visible(timeout=WAIT_MS)
        _settle(page)
        page.wait_for_timeout(1000)  # the "Page not found" dialog, were it to come, comes after the run
        expect(page.get_by_text("Page not found")).to_have_count(0)
        # the app's own navigation (its sections), not the pages/ folder's list
        expect(page.get_by_role("link", name="Player", exact=True)).to_be_visible(timeout=WAIT_MS)
        page.goto(base + "/rejected")
        expect(page.get_by_role("heading", name="Rejected hands")).to_be_visible(timeout=WAIT_MS)
        # the root URL still opens on the Overview, and every listed page at its own path without the dialog
        page.goto(base + "/")
        expect(page.get_by_role("heading", name="Overview")).to_be_visible(timeout=WAIT_MS)
        for path, heading in (("/ledger", "Ledger"), ("/picking", "Picking"), ("/schneider", "Schneider"),
                              ("/partner_calls", "Partner calls"), ("/schafkopf", "Schafkopf"),
                              ("/player", "Player"), ("/hands", "Hands"), ("/overview", "Overview")):
            page.goto(base + path)
            expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible(timeout=WAIT_MS)
            _settle(page)
            page.wait_for_timeout(500)
            expect(page.get_by_text("Page not found")).to_have_count(0)
    finally:
        page.close()


def test_picking_to_the_hands_to_a_replay(served, browser):
    from playwright.sync_api import expect

    base, ids, _ = served
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(base + "/picking")
        expect(page.get_by_role("heading", name="Picking")).to_be_visible(timeout=WAIT_MS)
        _shot(page, "picking_1400.png")
        # the per-player line under the table: Bea Schmidt's picks (hands 14 and 20 of the example session)
        link = page.get_by_role("link", name=re.compile(r"^Bea Schmidt \(\d+\)$"))
        expect(link).to_be_visible(timeout=WAIT_MS)
        assert "who=Bea+Schmidt" in link.get_attribute("href") and "role=picker" in link.get_attribute("href")
        page = _follow(page, link)
        expect(page.get_by_role("heading", name=re.compile(r"hands?: picks .* Bea Schmidt the picker")))\
            .to_be_visible(timeout=WAIT_MS)
        assert "/hands?" in page.url and "who=Bea+Schmidt" in page.url
        _shot(page, "hands_1400.png")
        # on to hand 14's replay
        replay = page.get_by_role("link", name=re.compile(r"2 #14$"))
        expect(replay).to_be_visible(timeout=WAIT_MS)
        assert replay.get_attribute("href") == f"/replay_hand?hand={ids[14]}&step=0"
        page = _follow(page, replay)
        expect(page.get_by_text(re.compile(r"Step 0 of \d+"))).to_be_visible(timeout=WAIT_MS)
        expect(page.get_by_text("Hand 14 · Thursday Night Sheepshead / 2025.03.06 / 2")).to_be_visible(
            timeout=WAIT_MS)
        assert f"hand={ids[14]}" in page.url
        _shot(page, "replay_from_drilldown_1400.png")
    finally:
        page.close()


@pytest.mark.parametrize("width", [1400, 390])
def test_pages_at_two_widths(served, browser, width):
    from playwright.sync_api import expect

    base, _, _ = served
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(base + "/player?who=Ann+Nagel")
        expect(page.get_by_text("Record by role")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("canvas, svg").first).to_be_visible(timeout=WAIT_MS)
        _shot(page, f"player_{width}.png")
        for path, heading in (("/picking", "Pick rate by seat"), ("/ledger", "Running total"),
                              ("/schafkopf", "Laufende"), ("/overview", "Data quality")):
            page.goto(base + path)
            expect(page.get_by_text(heading, exact=True).first).to_be_visible(timeout=WAIT_MS)
            page.locator(".vega-embed").first.wait_for(timeout=WAIT_MS)
            _shot(page, f"{path.strip('/')}_{width}.png")
    finally:
        page.close()
