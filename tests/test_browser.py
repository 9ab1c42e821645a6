"""The Replay page in a real headless Chromium (Debian's, at /usr/bin/chromium),
driven by Playwright against ``streamlit run`` on a temporary database that
holds the example session.

The app is ``dashboard/app.py`` when it exists (the Replay page is opened
through its navigation link), else the Replay page run by itself.  Every wait
is for text or an attribute that the new render shows, never a sleep.
Screenshots go to ``tests/artifacts/`` (gitignored).

Expected trick winners of hand 14 come from notation.md §3: Bea, Bea, Di,
Al, Cy, Cy.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from ingest.store import Store, reading
from ingest.validate import validate_text
from tests.server_port import start_serving, stop

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 30_000


def _patient_expect() -> None:
    """Every expect() of the browser tests waits WAIT_MS (Playwright's default is
    5 s, short for a Streamlit rerun on a loaded machine)."""
    from playwright.sync_api import expect  # noqa: PLC0415

    expect.set_options(timeout=WAIT_MS)


_patient_expect()


def _chromium() -> str:
    """Debian's chromium; installed with apt-get when missing; a clear
    failure when it cannot be had."""
    if not Path(CHROMIUM).exists() and shutil.which("apt-get") and os.geteuid() == 0:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        try:
            subprocess.run("apt-get update -qq && apt-get install -y -qq chromium", shell=True, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900, check=False)
        except subprocess.TimeoutExpired:
            pass
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Debian's chromium is not installed at {CHROMIUM} and could not be installed "
                    "(run: apt-get update && apt-get install -y chromium); the browser test needs it")
    return CHROMIUM


@contextlib.contextmanager
def _serve(db: Path, script: Path, tmp: Path):
    """``streamlit run script`` on ``db`` at a free localhost port; yields the
    base URL once the server answers its health check, stops it after.  A port
    taken before the server binds it is tried again on another one
    (tests/server_port.py)."""
    env = dict(os.environ, SHEAD_DB=str(db), STREAMLIT_BROWSER_GATHER_USAGE_STATS="false", PYTHONUNBUFFERED="1")

    def start(port, out):
        return subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.address", "127.0.0.1",
             "--server.port", str(port), "--server.headless", "true"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)

    def healthy(port):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                return r.read().strip() == b"ok"
        except OSError:
            return False

    proc, port = start_serving(start, tmp / "streamlit.log", healthy, timeout=60)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc, timeout=15)


def _stored(fixture: Path, db: Path) -> tuple[dict[int, int], Path, bool]:
    """Store the SHN ``fixture`` in the new database ``db``: (hand ids by
    hand number, the script to serve, True when it is dashboard/app.py
    rather than the Replay page alone)."""
    with Store(db) as store:
        store.ingest_file(validate_text(fixture.read_text(encoding="utf-8"), path=str(fixture)))
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    main = ROOT / "dashboard" / "app.py"
    return ids, (main if main.exists() else ROOT / "dashboard" / "pages" / "replay_hand.py"), main.exists()


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """(base URL, True when dashboard/app.py runs, hand ids by number)."""
    chromium = _chromium()
    tmp = tmp_path_factory.mktemp("browser")
    db = tmp / "shead.duckdb"
    ids, script, via_app = _stored(EXAMPLE, db)
    with _serve(db, script, tmp) as base:
        yield base, via_app, ids, chromium


@pytest.fixture(scope="module")
def browser(app):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=app[3], args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def _replay_url(page, base: str, via_app: bool, hand_id: int) -> str:
    """The Replay page's URL for ``hand_id``: through app.py's navigation link
    when the app runs, else the page itself."""
    if not via_app:
        return f"{base}/?hand={hand_id}"
    page.goto(base + "/")
    # app.py's st.navigation names the page "Replay" (Streamlit's fallback list of
    # the pages/ folder would say "replay": then the app is not the one tested)
    link = page.get_by_role("link", name="Replay", exact=True)
    link.wait_for(timeout=WAIT_MS)
    href = link.get_attribute("href") or "/replay_hand"
    path = href if href.startswith("http") else base + "/" + href.lstrip("/")
    return f"{path.split('?')[0]}?hand={hand_id}"


@contextlib.contextmanager
def replay_page_of(fixture: Path, tmp: Path, viewport: tuple[int, int] = (1280, 1400)):
    """Store the SHN ``fixture`` in a new database under ``tmp``, serve the
    dashboard on it and open its hand 1 on the Replay page in headless
    Chromium.  Yields ``(page, base, hand ids by number)``; the page, the
    browser and the server are closed on exit.  The shared set-up of the
    one-fixture Replay tests (tests/test_two_handed_browser.py,
    tests/test_battery_browser.py)."""
    from playwright.sync_api import sync_playwright

    chromium = _chromium()
    db = tmp / (fixture.stem + ".duckdb")
    ids, script, via_app = _stored(fixture, db)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serve(db, script, tmp) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
        try:
            page.goto(_replay_url(page, base, via_app, ids[1]))
            yield page, base, ids
        finally:
            page.close()
            browser.close()


def test_replay_hand_14_in_chromium(app, browser):
    from playwright.sync_api import expect

    base, via_app, ids, _ = app
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 1800})
    try:
        page.goto(_replay_url(page, base, via_app, ids[14]))
        page.get_by_text("Step 0 of 30").wait_for(timeout=WAIT_MS)
        status = page.locator(".shead-status")
        expect(status).to_have_text("Trick 1: Al (Allen Braun) to lead", timeout=WAIT_MS)
        expect(page.get_by_text("Hand 14 · Thursday Night Sheepshead / 2025.03.06 / 2")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "replay_step0.png"), full_page=True)

        # one card forward and back
        page.get_by_role("button", name="Step ▶").click()
        page.get_by_text("Step 1 of 30").wait_for(timeout=WAIT_MS)
        expect(status).to_have_text("Trick 1: Al (Allen Braun) is winning with 9♣", timeout=WAIT_MS)
        page.get_by_role("button", name="◀ Step").click()
        page.get_by_text("Step 0 of 30").wait_for(timeout=WAIT_MS)

        # trick by trick: the winner shown on the page after each trick
        winners = []
        for trick in range(1, 7):
            page.get_by_role("button", name="Trick ▶").click()
            page.get_by_text(f"Step {5 * trick} of 30").wait_for(timeout=WAIT_MS)
            done = page.locator(f'.shead-status[data-trick="{trick}"][data-done="true"]')
            expect(done).to_have_count(1, timeout=WAIT_MS)
            winners.append(done.get_attribute("data-winner"))
            text = done.inner_text()
            assert text.startswith(f"Trick {trick} won by {winners[-1]} ("), text
            if trick == 3:
                assert text == "Trick 3 won by Di (Di Lenz) with A♥ (15 points)"
                # the winning card is the one highlighted in the middle
                win = page.locator(".shead-played .shead-card.win")
                expect(win).to_have_count(1)
                assert win.get_attribute("data-card") == "AH"
                expect(page.get_by_text("Partner", exact=True).first).to_be_visible()
                assert "step=15" in page.url and f"hand={ids[14]}" in page.url
                page.screenshot(path=str(ARTIFACTS / "replay_trick3.png"), full_page=True)
        assert winners == ["Bea", "Bea", "Di", "Al", "Cy", "Cy"]

        # the last step: blind, bury and the score
        expect(page.get_by_text("Bury (15 points)")).to_be_visible(timeout=WAIT_MS)
        expect(page.get_by_text("Al +2 · Bea -4 · Cy +2 · Di -2 · Ed +2")).to_be_visible(timeout=WAIT_MS)
        page.screenshot(path=str(ARTIFACTS / "replay_end.png"), full_page=True)

        # a link opens the hand at a given card
        page.goto(page.url.split("?")[0] + f"?hand={ids[14]}&step=13")
        page.get_by_text("Step 13 of 30").wait_for(timeout=WAIT_MS)
        expect(page.locator(".shead-status")).to_have_text("Trick 3: Di (Di Lenz) is winning with A♥",
                                                           timeout=WAIT_MS)
    finally:
        page.close()


def test_score_sheet_hand_in_chromium(app, browser):
    from playwright.sync_api import expect

    base, via_app, ids, _ = app
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    try:
        page.goto(_replay_url(page, base, via_app, ids[15]))
        expect(page.get_by_text("there is no card log to replay", exact=False)).to_be_visible(timeout=WAIT_MS)
        expect(page.get_by_text("Al -1 · Bea -1 · Cy +2 · Di -1 · Ed +1")).to_be_visible(timeout=WAIT_MS)
        page.screenshot(path=str(ARTIFACTS / "replay_score_sheet.png"), full_page=True)
    finally:
        page.close()


def test_schafkopf_page_in_chromium(tmp_path, browser):
    """The Schafkopf page of the app on the 99 games of one NetSchafkopf
    protocol: both bar charts drawn, the Laufende figures of
    tests/test_laufende.py (78 games with a declarer: 21 "Mit N Laufenden",
    1 "Ohne 3 Laufende"; 21 / 78 = 26.9 %, 1 / 78 = 1.3 %)."""
    from playwright.sync_api import expect

    from ingest.netschafkopf import read_protocol

    log = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    db = tmp_path / "schafkopf.duckdb"
    with Store(db) as store:
        store.ingest_file(read_protocol(log.read_bytes(), str(log)), source_format="netschafkopf")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serve(db, ROOT / "dashboard" / "app.py", tmp_path) as base:
        page = browser.new_page(viewport={"width": 1400, "height": 3000})
        try:
            page.goto(base + "/")
            link = page.get_by_role("link", name="Schafkopf", exact=True)
            link.wait_for(timeout=WAIT_MS)
            link.click()
            page.get_by_text("Declarer side with Laufende").wait_for(timeout=WAIT_MS)
            expect(page.get_by_text("26.9%")).to_be_visible(timeout=WAIT_MS)
            expect(page.get_by_text("1.3%", exact=True)).to_be_visible(timeout=WAIT_MS)
            # both Vega-Lite charts have drawn their marks (SVG or canvas)
            charts = page.locator(".vega-embed")
            expect(charts).to_have_count(2, timeout=WAIT_MS)
            for k in range(2):
                expect(charts.nth(k).locator("canvas, svg").first).to_be_visible(timeout=WAIT_MS)
            # the four tables (game types, Laufende, Ramsch, house rules) have drawn their grids
            tables = page.locator('[data-testid="stDataFrame"]')
            expect(tables).to_have_count(4, timeout=WAIT_MS)
            for k in range(4):
                tables.nth(k).scroll_into_view_if_needed()
                expect(tables.nth(k).locator("canvas").first).to_be_visible(timeout=WAIT_MS)
            page.screenshot(path=str(ARTIFACTS / "schafkopf.png"), full_page=True)
        finally:
            page.close()
