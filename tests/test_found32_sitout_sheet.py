"""Session 32 (house32 F1): the dashboard's Sheet page under a sit-out-dealer profile (``wi6-sit-out``, rules.md
F-1: six at the table, the dealer sits out and the other five play a five-handed hand) did not say who sat out.
The page has no dealer column (dropped to fit 1400 px, fixc31) and its caption said nothing of sitting out, so the
dealer's ``+0 → 0`` looked like a seat that played and broke even.  ``shead sheet`` in text keeps the dealer column
and says "the dealer sits out (+0, rules.md F-1)"; the CSV and JSON named only the dealer.

Now the seat that sat out is a fact of the sheet's row (``SheetRow.sat_out``, decided once in ingest/sheet.py from
the stored ``sitOut`` flag and the dealer), the page marks that seat's own cell ``out → TOTAL`` (the running
total kept) and its caption says it; ``--json`` gives each hand's ``sat_out`` and ``--csv`` a ``sat out`` column.

The tester's night (/tmp/house32/nights/n11_sixdoubler.shn, inline below), worked by hand from rules.md:

* [Rules "wi6-sit-out; noPick=doubler; doublerStacking=queued"]: six seats, the dealer sits out (F-1); a hand
  nobody picks is a doubler (D-11): nobody is paid, the next hand counts double; queued (D-12): two doublers in a
  row give two doubled hands, not one quadrupled.
* hand 1, dealer Flo: Flo sits out; all pass: a doubler, every seat 0.  Hand 2, dealer Al: Al sits out; a doubler
  again, every seat 0.  Queued: hands 3 and 4 at stake 2.
* hand 3, dealer Bea (sits out): Cy picks, calls A♥, Di the partner, 61 points: a plain win (B-33, 61-90), five
  playing: picker +2, partner +1, each of three defenders -1, times stake 2: Cy +4, Di +2, Al -2, Ed -2, Flo -2,
  Bea 0 (sat out).  Sum 4 + 2 - 6 = 0.  Running: Al -2, Bea 0, Cy 4, Di 2, Ed -2, Flo -2.
* hand 4, dealer Cy (sits out): Ed picks, calls A♠, Flo cracks (E-2, x2), Al the partner, 90 points: a plain win
  (90 is not schneider, B-33), x stake 2 x crack 2 = 4: Ed +8, Al +4, Bea -4, Di -4, Flo -4, Cy 0 (sat out).
  Sum 12 - 12 = 0.  Running: Al 2, Bea -4, Cy 4, Di -2, Ed 6, Flo -6.
* hand 5, dealer Di (sits out): Ed alone, 21 points, no trick: a no-tricker loss (B-33 alone, tier 3 = 3 per
  opponent, doubled on the bump, B-32): each of four opponents +6, Ed -24; stake 1 (the queue spent).
  Sum 24 - 24 = 0.  Running: Al 8, Bea 2, Cy 10, Di -2, Ed -18, Flo 0.

Flo's total is 0 and Di's hand-5 cell 0 because they sat out; Al's hand-1 cell is +0 because the hand was thrown in
(a doubler), not because he sat out: the two must read differently.
"""

from __future__ import annotations

import csv
import io
import json
import urllib.parse
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.cli_helpers import cli, write

ROOT = Path(__file__).resolve().parents[1]
SESSION = "Six at the Legion / 2026.11.12 / 2"
PLAYERS = ["Al", "Bea", "Cy", "Di", "Ed", "Flo"]

NIGHT = """%SHN 1.0
[Event "Six at the Legion"]
[Date "2026.11.12"]
[Table "2"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl; Flo=Flo Jaeger"]
[Rules "wi6-sit-out; noPick=doubler; doublerStacking=queued"]

hand 1  dealer Flo
doubler

hand 2  dealer Al
doubler

hand 3  dealer Bea
pick Cy  call AH  partner Di  pts 61  win

hand 4  dealer Cy
pick Ed  call AS  crack Flo  partner Al  pts 90  win

hand 5  dealer Di
pick Ed  alone  pts 21  tricks 0  lose-z
"""

#: the dealer, who sits out each hand (F-1)
SAT_OUT = {1: "Flo", 2: "Al", 3: "Bea", 4: "Cy", 5: "Di"}
#: each hand's units, worked above (seats in PLAYERS order)
UNITS = {1: [0, 0, 0, 0, 0, 0], 2: [0, 0, 0, 0, 0, 0], 3: [-2, 0, 4, 2, -2, -2], 4: [4, -4, 0, -4, 8, -4],
         5: [6, 6, 6, 0, -24, 6]}
RUNNING = {1: [0] * 6, 2: [0] * 6, 3: [-2, 0, 4, 2, -2, -2], 4: [2, -4, 4, -2, 6, -6], 5: [8, 2, 10, -2, -18, 0]}
#: the page's cells: the seat that sat out "out → TOTAL", every other "UNITS → TOTAL"
CELLS = {h: [f"out → {t}" if a == SAT_OUT[h] else f"{u:+d} → {t}"
             for a, u, t in zip(PLAYERS, UNITS[h], RUNNING[h])] for h in UNITS}


@pytest.fixture
def night_db(tmp_path) -> Path:
    db = tmp_path / "six.duckdb"
    cli("ingest", write(tmp_path, "n11_sixdoubler.shn", NIGHT), "--db", str(db))
    return db


def test_the_hand_work_is_zero_sum_and_the_sitting_dealer_settles_nothing():
    for h, units in UNITS.items():
        assert sum(units) == 0, h
        assert units[PLAYERS.index(SAT_OUT[h])] == 0, h
    assert sum(RUNNING[5]) == 0


def test_each_row_of_the_sheet_names_the_seat_that_sat_out(night_db):
    import duckdb

    from ingest.sheet import session_sheet

    con = duckdb.connect(str(night_db), read_only=True)
    try:
        sh = session_sheet(con, SESSION)
    finally:
        con.close()
    assert {r.hand: r.sat_out for r in sh.rows} == SAT_OUT
    assert {r.hand: [r.units[a] for a in PLAYERS] for r in sh.rows} == UNITS
    assert {r.hand: [r.running[a] for a in PLAYERS] for r in sh.rows} == RUNNING


def test_sheet_json_and_csv_name_the_seat_that_sat_out(night_db):
    out = cli("sheet", SESSION, "--db", str(night_db), "--json").output
    data = json.loads(out[out.index("{"):])
    assert {h["hand"]: h["sat_out"] for h in data["hands"]} == SAT_OUT
    assert {h["hand"]: [h["units"][a] for a in PLAYERS] for h in data["hands"]} == UNITS
    rows = list(csv.DictReader(io.StringIO(cli("sheet", SESSION, "--db", str(night_db), "--csv").output)))
    assert "sat out" in rows[0], list(rows[0])
    assert {int(r["hand"]): r["sat out"] for r in rows if r["hand"]} == SAT_OUT
    assert {int(r["hand"]): [int(r[f"{a} units"]) for a in PLAYERS] for r in rows if r["hand"]} == UNITS
    total = next(r for r in rows if r["result"].startswith("total"))
    assert total["sat out"] == "" and [int(total[f"{a} total"]) for a in PLAYERS] == RUNNING[5]


def test_a_night_without_sitting_out_has_no_sat_out_column(tmp_path):
    night = NIGHT.replace("; Flo=Flo Jaeger", "").replace("wi6-sit-out", "wi5-called-ace").replace("dealer Flo",
                                                                                                    "dealer Ed")
    db = tmp_path / "five.duckdb"
    cli("ingest", write(tmp_path, "five.shn", night.split("hand 3")[0]), "--db", str(db))
    header = cli("sheet", SESSION, "--db", str(db), "--csv").output.splitlines()[0]
    assert "sat out" not in header, header


def _page(db: Path, monkeypatch) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.query_params["session"] = SESSION
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_sheet_page_marks_the_sit_out_cell_and_says_so_in_the_caption(night_db, monkeypatch):
    """Each seat's cell as worked above: the dealer's ``out → TOTAL`` (the running total kept), every other
    seat's ``UNITS → TOTAL`` — Al's hand 1 ``+0 → 0`` (a doubler, thrown in) unlike Flo's ``out → 0``; the
    grid keeps one column per player (no new column), and the caption says the dealer sits out (F-1)."""
    at = _page(night_db, monkeypatch)
    d = at.dataframe[0]
    order = list(d.proto.column_order)
    cols = json.loads(d.proto.columns)
    labels = [cols.get(c, {}).get("label", c) for c in order]
    assert labels[-6:] == PLAYERS and "sat out" not in labels and "dealer" not in labels, labels
    rows = d.value.to_dict("records")
    by_hand = {int(r["hand"]): r for r in rows if r["hand"] == r["hand"] and r["hand"] is not None}
    for h, cells in CELLS.items():
        assert [by_hand[h][c] for c in order[-6:]] == cells, (h, [by_hand[h][c] for c in order[-6:]])
    assert by_hand[1][order[-6]] == "+0 → 0" and by_hand[1][order[-1]] == "out → 0"
    assert [int(rows[-1][c]) for c in order[-6:]] == RUNNING[5]
    caption = " ".join(c.value for c in at.caption)
    assert "The dealer sits out each hand (rules.md F-1)" in caption, caption
    assert ("that seat's cell says out, then the running total (out → 4: sat out, dealt nothing, scored 0; a seat "
            "that played and broke even: +0 → 4)") in caption, caption


def _monday_text() -> str:
    """The README demo's six-seat night monday-2025-09-22 (data/demo/variety_nights.shn, [Rules "wi6-sit-out"],
    50 hands, results up to "won 85, crack Di, recrack Ed ×4"), cut out of the shipped file."""
    text = (ROOT / "data" / "demo" / "variety_nights.shn").read_text(encoding="utf-8")
    start = text.index('[Session "monday-2025-09-22"]')
    end = text.find("[Session ", start + 1)
    return "%SHN 1.0\n" + text[start:end if end > 0 else len(text)]


@pytest.mark.browser
def test_the_six_seat_sheets_fit_1400_px_and_scroll_inside_themselves_on_a_phone(night_db, tmp_path):
    """Chromium, sidebar open: at 1400 x 900 the grid is no wider than its box and the page no wider than the
    window; at 390 x 844 the page is no wider than the window and the grid scrolls sideways inside itself.  The
    tester's night and the demo's monday-2025-09-22, whose six columns with "sat out → -10" ran 83 px over (it
    fits with "out → -10").  Screenshots in tests/artifacts/found32_sitout_*.png."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    cli("ingest", write(tmp_path, "monday.shn", _monday_text()), "--db", str(night_db))
    chromium = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    seen = {}
    with _serve(night_db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for name, session in (("n11", SESSION), ("monday", "monday-2025-09-22")):
                for width, height in ((1400, 900), (390, 844)):
                    page = b.new_page(viewport={"width": width, "height": height})
                    page.goto(f"{base}/sheet?session={urllib.parse.quote(session)}")
                    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]',
                                           timeout=WAIT_MS)
                    page.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
                    page.wait_for_timeout(1500)
                    seen[name, width] = page.evaluate("""() => {
                        const d = document.querySelector('[data-testid="stDataFrame"]');
                        const s = d.querySelector('.dvn-scroller');
                        return {fits: s.scrollWidth <= s.clientWidth, scroll: s.scrollWidth, client: s.clientWidth,
                                page: document.documentElement.scrollWidth - window.innerWidth,
                                inside: d.getBoundingClientRect().right <= window.innerWidth}; }""")
                    page.locator('[data-testid="stDataFrame"]').scroll_into_view_if_needed()
                    page.screenshot(path=str(ARTIFACTS / f"found32_sitout_{name}_{width}.png"))
                    page.close()
        finally:
            b.close()
    for name in ("n11", "monday"):
        wide = seen[name, 1400]
        assert (wide["fits"], wide["page"], wide["inside"]) == (True, 0, True), seen
        phone = seen[name, 390]
        assert (phone["page"], phone["inside"], phone["fits"]) == (0, True, False), seen
