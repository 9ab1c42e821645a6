"""Session 31 (fixc31), left from session 30: the Sheet page of the README demo's Thursday nights was wider than a
1400-px window.  The widest is thursday-2026-06-04 (data/demo/thursday_season.shn), whose hand 5 reads "won 65,
crack Flo, recrack Di ×4": with five players' units and running totals (ten number columns) beside that cell the
grid's scroller ran 89 px past its box in Chromium at 1400 x 900 (sidebar open: 938 px for the table), the last
running totals ("Di Σ") past the right edge.  Of the 41 Thursday nights 33 did not fit (up to 98 px over).

Now a Sheepshead night is shown as the Schafkopf block already is (tests/test_found30_sheet_width.py): per player
ONE column under the alias holding the hand's units and the running total after it ("+16 → 16"), the total row the
totals alone, and no dealer column (the dealer is said on the Replay page, in shead sheet and in the CSV and
printable downloads).  Every number and mark is still shown: the units and the running totals in the players'
columns, the marks after the result ("won 65, crack Flo, recrack Di ×4").

The night's first five hands, worked by hand (/work/shared/reference/rules.md; [Rules "wi5-called-ace"]: five
hands, called ace, DOB on, the default; seats Flo, Cy, Bea, Ed, Di):

* hand 1: Ed picks, Bea the partner, 101 points: a win with schneider (B-33: +4 / +2 / -2 each of 3):
  Ed +4, Bea +2, Flo -2, Cy -2, Di -2 (sum 0).  Running: Flo -2, Cy -2, Bea 2, Ed 4, Di -2.
* hand 2: Flo picks, Ed the partner, 36 points: a loss, not schneidered (36 > 30), DOB (B-33 "With DOB": -4 / -2 /
  +2 each of 3): Flo -4, Ed -2, Cy +2, Bea +2, Di +2.  Running: Flo -6, Cy 0, Bea 4, Ed 2, Di 0.
* hand 3: Flo picks, Cy the partner, 91 points: a win with schneider (+4 / +2 / -2): Flo +4, Cy +2, Bea, Ed, Di -2.
  Running: Flo -2, Cy 2, Bea 2, Ed 0, Di -2.
* hand 4: Flo picks, calls AS under 8H, Ed the partner, 54 points: a loss with DOB (-4 / -2 / +2): Flo -4, Ed -2,
  Cy, Bea, Di +2.  Running: Flo -6, Cy 4, Bea 4, Ed -2, Di 0.
* hand 5: Di goes alone, 65 points: a plain win (B-33 "Picker alone": +4 / -1 each of 4), Flo cracks and Di
  re-cracks: M = 2^(1 + 1) = 4 (E-1, E-2, E-3): Di +16, Flo, Cy, Bea, Ed -4 each (sum 16 - 16 = 0).
  Running: Flo -10, Cy 0, Bea 0, Ed -6, Di 16.
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
SEASON = ROOT / "data" / "demo" / "thursday_season.shn"
SESSION = "thursday-2026-06-04"
PLAYERS = ["Flo", "Cy", "Bea", "Ed", "Di"]
#: the players' cells of hands 1-5 as worked above: the hand's units, then the running total after it
CELLS = {1: ["-2 → -2", "-2 → -2", "+2 → 2", "+4 → 4", "-2 → -2"],
         2: ["-4 → -6", "+2 → 0", "+2 → 4", "-2 → 2", "+2 → 0"],
         3: ["+4 → -2", "+2 → 2", "-2 → 2", "-2 → 0", "-2 → -2"],
         4: ["-4 → -6", "+2 → 4", "+2 → 4", "-2 → -2", "+2 → 0"],
         5: ["-4 → -10", "-4 → 0", "-4 → 0", "-4 → -6", "+16 → 16"]}


def _night_text() -> str:
    """The night thursday-2026-06-04 alone, cut out of the shipped season file (its own header lines kept)."""
    text = SEASON.read_text(encoding="utf-8")
    start = text.index(f'[Session "{SESSION}"]')
    end = text.find("[Session ", start + 1)
    return "%SHN 1.0\n" + text[start:end if end > 0 else len(text)]


@pytest.fixture
def night_db(tmp_path) -> Path:
    from tests.cli_helpers import cli  # noqa: PLC0415

    shn = tmp_path / "thursday.shn"
    shn.write_text(_night_text(), encoding="utf-8")
    db = tmp_path / "thursday.duckdb"
    cli("ingest", str(shn), "--db", str(db))
    return db


def _page(db: Path, monkeypatch) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.query_params["session"] = SESSION
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_crack_nights_sheet_shows_each_players_units_and_running_total_in_one_column(night_db, monkeypatch):
    """The grid shows hand, picker, partner, call, result (the marks after it), then one column per player: the
    hand's units, then the running total (hands 1-5 as worked above: B-33, E-1..E-3); every row zero-sum and each
    running total the one before plus the hand's units; the total row the totals alone, the last running totals."""
    at = _page(night_db, monkeypatch)
    d = at.dataframe[0]
    order = list(d.proto.column_order)
    cols = json.loads(d.proto.columns)
    labels = [cols.get(c, {}).get("label", c) for c in order]
    assert labels == ["hand", "picker", "partner", "call", "result"] + PLAYERS, labels
    rows = d.value.to_dict("records")
    hands = [r for r in rows if r["hand"] == r["hand"] and r["hand"] is not None]
    by_hand = {int(r["hand"]): r for r in hands}
    assert len(hands) == 80 and sorted(by_hand) == list(range(1, 81))
    for h, cells in CELLS.items():
        assert [by_hand[h][c] for c in order[5:]] == cells, h
    assert by_hand[5][order[4]] == "won 65, crack Flo, recrack Di ×4"
    assert [by_hand[4][c] for c in order[1:4]] == ["Flo", "Ed", "AS under 8H"]
    before = dict.fromkeys(PLAYERS, 0)
    for r in hands:  # every number still there: units and running totals, zero-sum (B-35)
        units = [int(r[c].split(" → ")[0]) for c in order[5:]]
        totals = [int(r[c].split(" → ")[1]) for c in order[5:]]
        assert sum(units) == 0 and sum(totals) == 0, r
        assert totals == [before[a] + u for a, u in zip(PLAYERS, units)], r
        before = dict(zip(PLAYERS, totals))
    last = rows[-1]
    assert [int(last[c]) for c in order[5:]] == [before[a] for a in PLAYERS]
    assert last[order[4]] == "total, 80 hands"
    assert [m.value for m in at.metric] == [f"{before[a]:+d}" for a in PLAYERS]
    caption = " ".join(c.value for c in at.caption)
    assert "each player's column: the hand's units, then the running total after it (+2 → 4)" in caption, caption
    assert "the dealer of each hand is on the Replay page, in shead sheet and in the downloads" in caption, caption


@pytest.mark.browser
def test_the_crack_nights_sheet_fits_a_1400_px_window_and_scrolls_inside_itself_on_a_phone(night_db, tmp_path):
    """Chromium, sidebar open as it opens: at 1400 x 900 the sheet's grid scroller is no wider than its box
    (scrollWidth <= clientWidth; it was 1027 > 938) and the page no wider than the window; at 390 x 844 (a phone)
    the page is still no wider than the window and the grid scrolls sideways inside itself.  Screenshots in
    tests/artifacts/found31_sheet_*.png."""
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
                    return {fits: s.scrollWidth <= s.clientWidth, scroll: s.scrollWidth, client: s.clientWidth,
                            page: document.documentElement.scrollWidth - window.innerWidth,
                            inside: d.getBoundingClientRect().right <= window.innerWidth}; }""")
                page.locator('[data-testid="stDataFrame"]').scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"found31_sheet_{width}.png"))
                page.close()
        finally:
            b.close()
    wide = seen[1400]
    assert (wide["fits"], wide["page"], wide["inside"]) == (True, 0, True), seen
    phone = seen[390]
    assert (phone["page"], phone["inside"], phone["fits"]) == (0, True, False), seen
