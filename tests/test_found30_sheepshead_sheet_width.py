"""Session 30, newuser30 F5: the Sheet page of a five-player Sheepshead night with a crack was wider than a 1400-px
window (Chromium, sidebar open): the marks cell "crack Jo ×2" widened the grid and the last column (``Lu Σ``) was cut
off at the right edge.  (fixc31: each player's units and running total now share one column, "+4 → 4", and the
dealer column is left to the Replay page: tests/test_found31_sheet_width.py.)  As a Schafkopf night's sheet was made to fit (tests/test_found30_sheet_width.py), every
column is now as wide as its longest cell (dashboard.text.column_px) and a night's sheet fits the window.

The night (five-handed called ace, rules.md B; seats clockwise Ada, Bo, Jo, Kim, Lu), worked by hand:

* hand 1, dealer Lu: Bo picks (Ada passed), calls AH, Kim the partner; Jo cracks (he sits after the picker, before
  the dealer: E-2).  70 points: a plain win (B-33 "Win": +2 / +1 / -1 each of 3).  M = 2^1 for the crack (E-1):
  Bo +4, Kim +2, Ada -2, Jo -2, Lu -2 (sum 4 + 2 - 6 = 0).
* hand 2, dealer Ada (its own [Rules "wi5-called-ace"]: noPick=leaster): all pass, a leaster won by Kim with 20
  (D-4: the winner receives one unit from every other player, +4 / -1 each at five): Kim +4, the others -1 (sum 0).
* hand 3, dealer Bo (noPick=doubler): all pass, the deal is thrown in for a doubler (D-11): no units, the next
  played hand worth double.
* hand 4, dealer Jo: Lu goes alone with 50 points: a plain loss (61 needed), DOB on (B-32): B-33 with DOB, picker
  alone "-8 / +2 each of 4"; the doubler's x2 (D-11, E-1: M = 2^doublers x 2 for DOB = 4, each defender 1 x 4):
  Lu -16, Ada/Bo/Jo/Kim +4 (sum -16 + 16 = 0); stake 2.

Running totals (Σ): Ada -2, -3, -3, 1; Bo 4, 3, 3, 7; Jo -2, -3, -3, 1; Kim 2, 6, 6, 10; Lu -2, -3, -3, -19.
Totals: Ada 1, Bo 7, Jo 1, Kim 10, Lu -19; sum 1 + 7 + 1 + 10 - 19 = 0 (B-35).
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest.store import Store
from ingest.validate import validate_text

ROOT = Path(__file__).resolve().parents[1]
SESSION = "Crack Night / 2026.12.01"
NIGHT = """%SHN 1.0
[Event "Crack Night"]
[Date "2026.12.01"]
[Seats "Ada=Ada Voss; Bo=Bo Lind; Jo=Jo Marr; Kim=Kim Sato; Lu=Lu Brandt"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1  dealer Lu
pick Bo  call AH  partner Kim  crack Jo  pts 70  win

hand 2  dealer Ada
[Rules "wi5-called-ace"]
leaster Kim  pts 20

hand 3  dealer Bo
doubler

hand 4  dealer Jo
pick Lu  alone  pts 50  lose
"""

PLAYERS = ["Ada", "Bo", "Jo", "Kim", "Lu"]
UNITS = {1: [-2, 4, -2, 2, -2], 2: [-1, -1, -1, 4, -1], 3: [0, 0, 0, 0, 0], 4: [4, 4, 4, 4, -16]}
RUNNING = {1: [-2, 4, -2, 2, -2], 2: [-3, 3, -3, 6, -3], 3: [-3, 3, -3, 6, -3], 4: [1, 7, 1, 10, -19]}


@pytest.fixture
def night_db(tmp_path) -> Path:
    path = tmp_path / "crack.duckdb"
    res = validate_text(NIGHT, path="crack.shn")
    assert not res.rejected, [r.errors for r in res.rejected]
    with Store(path) as store:
        store.ingest_file(res)
    return path


def _page(db: Path, monkeypatch) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.query_params["session"] = SESSION
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_crack_night_sheet_shows_the_hand_worked_units_and_totals(night_db, monkeypatch):
    """The page's grid: each hand's units and running totals as worked above (B-33, E-1, D-4, D-11), the crack in
    the marks, the doubler's stake 2 on hand 4, the total row, zero-sum on every row; the metrics the totals."""
    at = _page(night_db, monkeypatch)
    d = at.dataframe[0]
    order = list(d.proto.column_order)
    cols = json.loads(d.proto.columns)
    labels = [cols.get(c, {}).get("label", c) for c in order]
    # fixc31: a column per player, the hand's units then the running total ("+4 → 4"), no dealer column
    # (tests/test_found31_sheet_width.py: the demo's Thursday nights did not fit a 1400-px window)
    assert labels[-2:] == ["Kim", "Lu"], labels
    frame = d.value
    rows = frame.to_dict("records")
    by_hand = {int(r["hand"]): r for r in rows if r["hand"] == r["hand"] and r["hand"] is not None}
    assert sorted(by_hand) == [1, 2, 3, 4]
    for h in (1, 2, 3, 4):
        assert [int(by_hand[h][f"{a} units"]) for a in PLAYERS] == UNITS[h], h
        assert [int(by_hand[h][f"{a} total"]) for a in PLAYERS] == RUNNING[h], h
        assert sum(UNITS[h]) == 0
    assert by_hand[1]["marks"] == "crack Jo ×2"
    # the marks follow the result in its cell (their own column widened the grid past the window)
    assert "marks" not in order and labels == ["hand", "picker", "partner", "call", "result", "stake"] + PLAYERS, \
        labels
    assert [by_hand[h][order[4]] for h in (1, 2, 3, 4)] == ["won 70, crack Jo ×2", "leaster Kim 20", "doubler",
                                                           "lost 50"]
    for h in (1, 2, 3, 4):  # each player's cell: the hand's units, then the running total (worked above)
        assert [by_hand[h][c] for c in order[6:]] == [f"{u:+d} → {t}" for u, t in zip(UNITS[h], RUNNING[h])], h
    assert [rows[-1][c] for c in order[6:]] == ["1", "7", "1", "10", "-19"]
    assert int(by_hand[4]["stake"]) == 2
    last = rows[-1]
    assert [int(last[f"{a} total"]) for a in PLAYERS] == [1, 7, 1, 10, -19]
    assert sum([1, 7, 1, 10, -19]) == 0
    assert [m.value for m in at.metric] == ["+1", "+7", "+1", "+10", "-19"]


@pytest.mark.browser
def test_the_crack_night_sheet_fits_1400_px_and_does_not_scroll_the_page_on_a_phone(night_db, tmp_path):
    """Chromium, sidebar open as it opens: at 1400 x 900 the page is no wider than the window and the grid's
    scroller no wider than its box, its right edge inside the window (Lu Σ was cut off); the last column's header
    reads "Lu Σ" inside the window.  At 390 x 844 the page does not scroll sideways (the grid scrolls inside
    itself, and scrolled to its end the totals are reached with the page still).  Screenshots in
    tests/artifacts/found30_ssheet_*.png."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    chromium = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    seen = {}
    with _serve(night_db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for width, height in ((1400, 900), (390, 844)):
                page = b.new_page(viewport={"width": width, "height": height})
                page.goto(f"{base}/sheet?session={urllib.parse.quote(SESSION)}")
                page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
                page.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
                page.wait_for_timeout(1500)
                seen[width] = page.evaluate("""() => {
                    const d = document.querySelector('[data-testid="stDataFrame"]');
                    const s = d.querySelector('.dvn-scroller');
                    return {page: document.documentElement.scrollWidth - window.innerWidth,
                            grid: s.scrollWidth - s.clientWidth,
                            inside: d.getBoundingClientRect().right <= window.innerWidth}; }""")
                page.locator('[data-testid="stDataFrame"]').scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"found30_ssheet_{width}.png"))
                if width < 1400:
                    seen[(width, "scrolled")] = page.evaluate("""() => {
                        const s = document.querySelector('[data-testid="stDataFrame"] .dvn-scroller');
                        s.scrollLeft = s.scrollWidth;
                        return [s.scrollLeft > 0, document.documentElement.scrollWidth - window.innerWidth,
                                window.scrollX]; }""")
                    page.wait_for_timeout(500)
                    page.screenshot(path=str(ARTIFACTS / f"found30_ssheet_{width}_scrolled.png"))
                page.close()
        finally:
            b.close()
    assert seen[1400] == {"page": 0, "grid": 0, "inside": True}, seen
    assert (seen[390]["page"], seen[390]["inside"]) == (0, True), seen
    assert seen[(390, "scrolled")] == [True, 0, 0], seen
