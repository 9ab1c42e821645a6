"""Session 30 (fixa30), a defect left from session 29: the Sheet page of a Schafkopf night was wider than a 1400-px
window, its players' running totals past the right edge (the grid scrolled sideways inside itself: 289 px of it on
NetSchafkopf's baseline protocol 01, 27 px on the shipped worked example, in Chromium at 1400 x 900 with the sidebar
open: 938 px for the table).

A Schafkopf night's facts are long ("farbgeier schellen, 3 Laufende with", "won 100 (schneider)", "kontra ?, re ?
x4"), so the page now shows it as a Schafkopf block is kept on paper (and as NetSchafkopf's own table, "Spiel Preis
PcLinks PcOben PcRechts Gast"): per player ONE column under the alias holding the game's tariff points and the
running total after it ("+2 -> 4"), the doublings beside the result ("won 84, kontra Al x2"), and no dealer column
(the dealer is said on the Replay page, in shead sheet and in the CSV and printable downloads).  The columns are as
wide as their longest cell.

Hand-worked numbers (rules.md, /work/shared/reference/rules.md):

The shipped worked example (data/schafkopf/worked_example.shn, schafkopf-bsv, the 10/50 tariff, G-16):
* hand 1: Bea plays a Sauspiel on the Schellen-Sau with Cy (G-10), 84 Augen: 61 or more wins (G-12), no schneider
  (84 < 91); 3 Laufende with (G-13).  Value 10 + 3 x 10 = 40 (G-14); Al's Kontra x2 (G-18): 80.  Each loser pays
  one winner (G-15): Al -80, Bea +80, Cy +80, Di -80; running the same.
* hand 2: a Ramsch (G-17).  Tricks: Bea t1 (EA E8 EK E9: 15) and t8 (SA HZ HO H9: 24) = 39; Al t2 (H8 HU HK EU: 8),
  t5 (GA SU GZ G7: 23), t6 (GO HA GU SO: 19) = 50; Di t3 (14), t4 (4), t7 (13) = 31; Cy no trick (a Jungfrau);
  39 + 50 + 31 = 120.  Al has the most and pays the Ramsch rate 20 to each other player, doubled to the Jungfrau
  (G-16, G-17): Al -80, Bea +20, Cy +40, Di +20 (sum 0).  Running: Al -160, Bea 100, Cy 120, Di -60 (the totals).

NetSchafkopf's baseline protocol 01 (data/netschafkopf, its prices read off its own lines: "Das Rufspiel kostet 2
Punkte"):
* game 1: PcOben plays the Rufspiel on the Schellen-Ass, Gast holds it (the partner); the opponents have 71 Augen,
  so the declaring party has 49 and loses (G-12); 2 each (G-15): PcLinks +2, PcOben -2, PcRechts +2, Gast -2.
* game 2: PcLinks plays the Rufspiel on the Gras-Ass with PcRechts; the opponents have 45 Augen, the declaring
  party 75 and wins: PcLinks +2, PcOben -2, PcRechts +2, Gast -2; running +4, -4, +4, -4 (the protocol's own row
  "2  2  +4 -4 +4 -4").
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest


ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "schafkopf" / "worked_example.shn"
NSK = ROOT / "data" / "netschafkopf"
#: the widest of the shipped protocols' sheets: a Kontra and a Re on one game ("kontra ?, re ? x4")
BASELINE = ("baseline__Schafkopfprotokoll_vom_05.10.23_01", "baseline__Schafkopfprotokoll_vom_05.10.23_02")


@pytest.fixture
def sk_db(tmp_path) -> Path:
    from tests.cli_helpers import cli  # noqa: PLC0415

    db = tmp_path / "sk.duckdb"
    cli("ingest", str(EXAMPLE), *(str(NSK / f"{b}.txt") for b in BASELINE), "--db", str(db))
    return db


def _sheet_page(db: Path, monkeypatch, session: str) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.query_params["session"] = session
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _shown(at: AppTest) -> tuple[list[str], dict[str, str], list[dict]]:
    """The grid's shown columns (in order), their labels, and its rows as dicts of the shown columns."""
    d = at.dataframe[0]
    order = list(d.proto.column_order)
    labels = {k: v.get("label") for k, v in json.loads(d.proto.columns).items()}
    rows = d.value.to_dicts() if hasattr(d.value, "to_dicts") else d.value.to_dict("records")

    def plain(v):  # the frame as pandas gives it back: an empty cell NaN, the hand number a float
        if isinstance(v, float):
            return None if v != v else int(v)
        return v

    return order, {c: labels.get(c, c) for c in order}, [{c: plain(r.get(c)) for c in order} for r in rows]


def test_a_schafkopf_sheet_shows_each_players_points_and_running_total_in_one_column(sk_db, monkeypatch):
    """The worked example's page: hand, declarer, partner, game, result (with the doublings), then one column per
    player, '+80 -> 80' (the game's tariff points, then the running total); the total row the totals alone."""
    at = _sheet_page(sk_db, monkeypatch, "Stammtisch Au / 2025.10.05")
    order, labels, rows = _shown(at)
    assert [labels[c] for c in order] == ["hand", "declarer", "partner", "game", "result", "Al", "Bea", "Cy", "Di"]
    players = order[-4:]
    assert [[r[c] for c in order[:5]] for r in rows[:2]] == [
        [1, "Bea", "Cy", "sauspiel SA, 3 Laufende with", "won 84, kontra Al ×2"],
        [2, None, None, "ramsch, Jungfrau Cy", "Al lost 50"]]  # Al's 50 Augen, Cy without a trick (sk32 F5)
    assert [[r[c] for c in players] for r in rows] == [
        ["-80 → -80", "+80 → 80", "+80 → 80", "-80 → -80"],
        ["-80 → -160", "+20 → 100", "+40 → 120", "+20 → -60"],
        ["-160", "100", "120", "-60"]]  # the total row
    assert rows[-1][order[4]] == "total, 2 hands"
    # zero-sum (G-15, rules.md I-41): every hand's points and the totals
    for r in rows[:2]:
        assert sum(int(r[c].split(" → ")[0]) for c in players) == 0
    assert sum(int(rows[-1][c]) for c in players) == 0
    caption = " ".join(c.value for c in at.caption)
    assert "the dealer of each game is on the Replay page" in caption, caption


def test_a_protocol_nights_first_games_read_as_its_own_table(sk_db, monkeypatch):
    """Baseline 01's games 1 and 2 (worked above): +2 -2 +2 -2, then running +4 -4 +4 -4, as the protocol's rows."""
    at = _sheet_page(sk_db, monkeypatch, f"NetSchafkopf {BASELINE[0]}")
    order, labels, rows = _shown(at)
    assert [labels[c] for c in order[-4:]] == ["PcLinks", "PcOben", "PcRechts", "Gast"]
    assert [[r[c] for c in order[1:5]] for r in rows[:2]] == [["PcOben", "Gast", "sauspiel SA", "lost 49"],
                                                             ["PcLinks", "PcRechts", "sauspiel GA", "won 75"]]
    assert [[r[c] for c in order[-4:]] for r in rows[:2]] == [["+2 → 2", "-2 → -2", "+2 → 2", "-2 → -2"],
                                                             ["+2 → 4", "-2 → -4", "+2 → 4", "-2 → -4"]]


@pytest.mark.browser
def test_a_schafkopf_sheet_fits_a_1400_px_window_and_scrolls_inside_itself_on_a_phone(sk_db, tmp_path):
    """Chromium, sidebar open as it opens: at 1400 x 900 the page is no wider than the window (document scroll width
    = viewport) and the grid's scroller no wider than its box (the running totals inside the window: was 289 px
    past it on baseline 01, 27 on the worked example); at 390 x 844 (a phone) the page is still no wider than the
    window and the grid scrolls sideways inside itself.  Screenshots in tests/artifacts/found30_sheet_*.png."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    chromium = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    sessions = {"au": "Stammtisch Au / 2025.10.05", "b01": f"NetSchafkopf {BASELINE[0]}",
                "b02": f"NetSchafkopf {BASELINE[1]}"}
    seen = {}
    with _serve(sk_db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for width, height in ((1400, 900), (390, 844)):
                page = b.new_page(viewport={"width": width, "height": height})
                for tag, session in sessions.items():
                    page.goto(f"{base}/sheet?session={urllib.parse.quote(session)}")
                    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]',
                                           timeout=WAIT_MS)
                    page.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
                    page.wait_for_timeout(1500)
                    seen[(tag, width)] = page.evaluate("""() => {
                        const d = document.querySelector('[data-testid="stDataFrame"]');
                        const s = d.querySelector('.dvn-scroller');
                        return {page: document.documentElement.scrollWidth - window.innerWidth,
                                grid: s.scrollWidth - s.clientWidth,
                                inside: d.getBoundingClientRect().right <= window.innerWidth}; }""")
                    page.locator('[data-testid="stDataFrame"]').scroll_into_view_if_needed()
                    page.screenshot(path=str(ARTIFACTS / f"found30_sheet_{tag}_{width}.png"))
                    if width < 1400:  # the totals reached by scrolling the grid sideways, the page staying put
                        seen[(tag, width, "scrolled")] = page.evaluate("""() => {
                            const s = document.querySelector('[data-testid="stDataFrame"] .dvn-scroller');
                            s.scrollLeft = s.scrollWidth;
                            return [s.scrollLeft > 0, document.documentElement.scrollWidth - window.innerWidth,
                                    window.scrollX]; }""")
                        page.wait_for_timeout(500)
                        page.screenshot(path=str(ARTIFACTS / f"found30_sheet_{tag}_{width}_scrolled.png"))
                page.close()
        finally:
            b.close()
    for tag in sessions:
        assert seen[(tag, 1400)] == {"page": 0, "grid": 0, "inside": True}, (tag, seen)
        phone = seen[(tag, 390)]
        assert (phone["page"], phone["inside"]) == (0, True), (tag, seen)
        assert phone["grid"] > 0, (tag, seen)  # the table scrolls inside itself, not the page
        assert seen[(tag, 390, "scrolled")] == [True, 0, 0], (tag, seen)
