"""Issue 15 in a real browser: session, group, player and file names made
of Markdown and HTML appear as those characters on every page of the app,
and the browser fetches nothing they name.

A session whose id, Event (its group) and players are
``![x](http://127.0.0.1:9/x.png)``, ``<b>bold</b>`` and ``[link](http://x)``
is stored from a file named ``[link](http://x).shn``; headless Chromium
(Debian's, driven by Playwright as in tests/test_browser.py) opens every
page of dashboard/app.py.  On each: no request to the image's address
(``page.on("request")`` over the whole visit), no ``<img>`` of it, no link
to ``http://x`` or the image, no ``<b>`` element; and the names are shown
literally — on the statistic pages among the sidebar's player choices, on
the Sheet, Replay and Log a hand pages in the page text, on the Import page
in the report line of an uploaded file of that name with a bad hand (its
error rows are a canvas grid, checked by tests/test_names_as_text.py).
Screenshots go to tests/artifacts/ (gitignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.text import WJ
from ingest.store import Store, reading
from ingest.validate import validate_text
from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
IMG, HTML, LINK = "![x](http://127.0.0.1:9/x.png)", "<b>bold</b>", "[link](http://x)"
NAMES = (IMG, HTML, LINK)
SESSION = f"{IMG} {HTML} {LINK}"
TEXT = f"""%SHN 1.0
[Session "{SESSION}"]
[Event "Night {IMG} {HTML} {LINK}"]
[Date "2025.03.06"]
[Seats "Al={IMG}; Bea={HTML}; Cy={LINK}; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 15  dealer Al
pick Cy  call AS  partner Ed  pts 72  win
score Al -1 Bea -1 Cy +2 Di -1 Ed +1
"""
STAT_PAGES = ["overview", "ledger", "picking", "schneider", "partner_calls", "schafkopf"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    chromium = _chromium()
    tmp = tmp_path_factory.mktemp("names_browser")
    db = tmp / "names.duckdb"
    result = validate_text(TEXT, path=f"{LINK}.shn")
    assert not result.rejected and len(result.hands) == 1
    with Store(db) as store:
        store.ingest_file(result)
    with reading(db) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands").fetchone()
    with _serve(db, ROOT / "dashboard" / "app.py", tmp) as base:
        yield base, hid, chromium, tmp


@pytest.fixture(scope="module")
def visit(served):
    """(page, base, hand id, upload folder, requests seen so far)."""
    from playwright.sync_api import sync_playwright

    base, hid, chromium, tmp = served
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1300, "height": 1600})
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        try:
            yield page, base, hid, tmp, requests
        finally:
            browser.close()


def _settle(page) -> None:
    """Wait until Streamlit has finished the run (no running indicator)."""
    page.wait_for_load_state("networkidle", timeout=WAIT_MS)
    page.locator('[data-testid="stStatusWidget"]').wait_for(state="detached", timeout=4 * WAIT_MS)  # a loaded machine


def _nothing_rendered(page, requests: list[str], where: str) -> None:
    fetched = [u for u in requests if "127.0.0.1:9/" in u or u.startswith("http://x")]
    assert not fetched, (where, fetched)
    assert page.locator('img[src*="127.0.0.1:9"]').count() == 0, where
    assert page.locator('a[href^="http://x"], a[href^="http://127.0.0.1:9"], a[href="http://127.0.0.1"], '
                        'a[href="http://127.0.0.1/"]').count() == 0, where  # no link, no autolink (the app's own links have a port)
    assert page.locator("[data-testid=stMain] b, [data-testid=stSidebar] b").count() == 0, where


def _literal(text: str, names, where: str) -> None:
    text = text.replace(WJ, "")  # the invisible word joiner that keeps a bare URL from becoming a link
    for n in names:
        assert n in text, (where, n, text[:3000])


@pytest.mark.parametrize("url", STAT_PAGES)
def test_statistic_pages_list_the_names_as_text(visit, url):
    page, base, _, _, requests = visit
    page.goto(f"{base}/{url}")
    _settle(page)
    page.get_by_text("Players", exact=True).first.wait_for(timeout=WAIT_MS)
    _nothing_rendered(page, requests, url)
    # the sidebar's player filter: its choices are the stored names, as written
    box = page.locator("[data-testid=stSidebar] [data-testid=stMultiSelect]").filter(has_text="Players")
    box.locator("input").first.click()
    options = page.get_by_role("option")
    options.first.wait_for(timeout=WAIT_MS)
    _literal("\n".join(options.all_inner_texts()), NAMES, url)
    page.screenshot(path=str(ARTIFACTS / f"names_{url}.png"), full_page=True)
    page.keyboard.press("Escape")
    _nothing_rendered(page, requests, url)


@pytest.mark.parametrize("url", ["sheet", "replay_hand", "log_hand"])
def test_hand_pages_show_the_names_as_text(visit, url):
    page, base, hid, _, requests = visit
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{base}/{url}" + (f"?hand={hid}" if url == "replay_hand" else ""))
    _settle(page)
    expect_text = {"sheet": "Download CSV", "replay_hand": "Hand 15", "log_hand": "Existing session"}[url]
    page.get_by_text(expect_text).first.wait_for(timeout=WAIT_MS)
    _settle(page)
    text = page.locator("[data-testid=stMain]").inner_text()
    want = {"sheet": NAMES, "replay_hand": (SESSION, f"{LINK}.shn"), "log_hand": NAMES}[url]
    _literal(text, want, url)
    page.screenshot(path=str(ARTIFACTS / f"names_{url}.png"), full_page=True)
    _nothing_rendered(page, requests, url)


def test_import_page_shows_the_file_name_and_message_as_text(visit):
    page, base, _, tmp, requests = visit
    bad = TEXT.replace(f'[Session "{SESSION}"]', '[Session "other"]').replace("pts 72", f"pts {HTML}")
    page.goto(f"{base}/import_files")
    _settle(page)
    # a file name with '/' in it cannot be on disk; the browser sends it as the upload's name
    page.locator('input[type="file"]').set_input_files(
        {"name": f"{IMG}.shn", "mimeType": "text/plain", "buffer": bad.encode("utf-8")})
    page.get_by_text(".shn", exact=False).first.wait_for(timeout=WAIT_MS)  # the uploader lists the file
    _settle(page)
    page.get_by_role("button", name="Import", exact=True).click()
    page.get_by_text("Ingest report").first.wait_for(timeout=WAIT_MS)
    # the report's lines come after its heading: on a loaded machine the run may still be writing them
    page.get_by_text("0 stored, 0 duplicates, 1 rejected", exact=False).first.wait_for(timeout=4 * WAIT_MS)
    _settle(page)
    text = page.locator("[data-testid=stMain]").inner_text()
    _literal(text, (f"{IMG}.shn: 0 stored, 0 duplicates, 1 rejected",), "import_files")  # the rows: a canvas grid
    page.screenshot(path=str(ARTIFACTS / "names_import_files.png"), full_page=True)
    _nothing_rendered(page, requests, "import_files")
