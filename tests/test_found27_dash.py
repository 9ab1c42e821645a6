"""Session 27 (fixb27): dash26's left item, the Hands page at a 1400-px window: date and session were past the
right edge of the table (session 26 made Sheet, Picking, Player and Schneider fit, tests/test_found26_dashboard.py).

The night is session 26's club night (tests/test_found26_dashboard.py's NIGHT; its module docstring works out every
hand by hand): Kit Moran a defender in hands 1, 3 and 4: hand 1 every trick to Lou/Nia, a no-tricker against him,
-3 (rules.md B-29, B-33); hand 3 Nia alone 58, a loss doubled on the bump, +2 to each other (B-32, B-33); hand 4
Oz/Lou 95 win-s cracked by Kit, x2 x2, -4 (E-1).  Nia went alone in hand 3: no partner, and the partner cell says
so.  Beside it, data/schafkopf/worked_example.shn (Stammtisch Au, 2025-10-05): hand 1 a Sauspiel (Bea calls SA),
hand 2 a Ramsch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.store import Store
from ingest.validate import validate_text
from tests.test_found26_dashboard import NIGHT, _captions, _hands_table, _run, club  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """The club night and the Schafkopf worked example in one store: two games, Schafkopf's with a game type."""
    path = tmp_path_factory.mktemp("mixed27") / "mixed.duckdb"
    with Store(path) as store:
        for text, name in ((NIGHT, "friday.shn"),
                           ((ROOT / "data" / "schafkopf" / "worked_example.shn").read_text(), "au.shn")):
            res = validate_text(text, path=name)
            assert not res.rejected, [r.errors for r in res.rejected]
            store.ingest_file(res)
    return path


def test_a_picker_alone_is_said_in_the_partner_cell_not_a_column_of_its_own(club, monkeypatch):  # noqa: F811
    df = _hands_table(_run("hands.py", club, monkeypatch))
    assert list(df.columns) == ["replay", "hand", "dealer", "picker", "partner", "call", "outcome", "picker_points",
                                "status", "date", "session"]
    rows = {r["hand"]: r for r in df.to_dict("records")}
    assert [rows[h]["partner"] for h in (1, 3, 4, 5, 6)] == ["Nia Cole", "alone", "Lou Pham", "Max Ruiz", "Lou Pham"]
    assert rows[2]["partner"] == "—"  # the leaster: nobody's partner, not alone


def test_a_players_list_says_one_seat_alias_once_and_keeps_the_units(club, monkeypatch):  # noqa: F811
    at = _run("hands.py", club, monkeypatch, who="Kit Moran", role="defender")
    df = _hands_table(at)
    assert list(df.columns) == ["replay", "hand", "dealer", "picker", "partner", "call", "outcome", "picker_points",
                                "units", "status", "date", "session"]
    assert list(zip(df["hand"], df["units"])) == [(1, -3), (3, 2), (4, -4)]
    assert "Kit Moran sat as Kit in each of them." in _captions(at)


def test_two_games_write_the_game_type_in_the_game_column(mixed, monkeypatch):
    df = _hands_table(_run("hands.py", mixed, monkeypatch))
    assert "game_type" not in df.columns and "game" in df.columns
    got = {(r["date"].isoformat()[:10] if hasattr(r["date"], "isoformat") else str(r["date"])[:10], r["hand"]):
           r["game"] for r in df.to_dict("records")}
    assert (got[("2025-10-05", 1)], got[("2025-10-05", 2)]) == ("schafkopf sauspiel", "schafkopf ramsch")
    assert {got[("2026-11-20", h)] for h in range(1, 7)} == {"sheepshead"}


@pytest.mark.browser
def test_the_hands_table_fits_a_1400_px_window(club, mixed, tmp_path):  # noqa: F811
    """Chromium at 1400 x 900: the grid's scroller is no wider than its box (nothing past the right edge), the box
    within the window, and its header cells are the columns the page means to show, date and session among them."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    chromium = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    seen = {}
    for db, paths in ((club, ("hands", "hands?who=Kit+Moran&role=defender")), (mixed, ("hands",))):
        with _serve(db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
            b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                page = b.new_page(viewport={"width": 1400, "height": 900})
                for path in paths:
                    page.goto(f"{base}/{path}")
                    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]',
                                           timeout=WAIT_MS)
                    page.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
                    page.wait_for_timeout(1500)
                    seen[(db.stem, path)] = page.evaluate("""() => {
                        const d = document.querySelector('[data-testid="stDataFrame"]');
                        const s = d.querySelector('.dvn-scroller');
                        return [s.scrollWidth - s.clientWidth, d.getBoundingClientRect().right <= window.innerWidth,
                                [...d.querySelectorAll('th, [role=columnheader]')].map(h => h.textContent)]; }""")
                    page.screenshot(path=str(ARTIFACTS / f"found27_{db.stem}_{path.split('?')[0]}_"
                                                         f"{len(seen)}_1400.png"))
            finally:
                b.close()
    plain = ["replay", "hand", "dealer", "picker", "partner", "call", "outcome", "points", "record", "date",
             "session"]
    assert seen == {
        ("club", "hands"): [0, True, plain],
        ("club", "hands?who=Kit+Moran&role=defender"): [0, True, plain[:8] + ["units"] + plain[8:]],
        ("mixed", "hands"): [0, True, plain[:2] + ["game"] + plain[2:]],
    }, seen
