"""Session 27 (fixl27): the outside tester's dashboard findings (dash27, /tmp/s27/dash27/FINDINGS.md), F1-F3, F5.

The tester's two nights (five-handed called ace, wi5-called-ace: DOB on, rules.md B-32; B-33 units), worked out by
hand before any shead output:

FRIDAY (SHN, 2026-12-05), seats Al Bo Cy Di Ed:

====  ===================================  ======================================  ====  ====  ====  ====  ====
hand  record                               rule                                     Al    Bo    Cy    Di    Ed
====  ===================================  ======================================  ====  ====  ====  ====  ====
1     Bo picks, Di partner, 75 win          B-27, B-33: +2/+1/-1                     -1    +2    -1    +1    -1
2     Cy picks, Ed partner, 60 lose         B-27 (60 loses), DOB B-32: -4/-2/+2      +2    +2    -4    +2    -2
3     Di alone, 91 win-s                    B-28 schneider, alone B-33: +8/-2        -2    -2    -2    +8    -2
4     leaster Al                            D-4: the winner +1 from each other       +4    -1    -1    -1    -1
5     Al picks, Bo partner, crack Cy, 30    lose-s x2 (crack) x2 (DOB): -16/-8/+8   -16    -8    +8    +8    +8
6     Ed picks, Cy partner, 90 win          B-28 (90 is no schneider): +2/+1/-1      -1    -1    +1    -1    +2
====  ===================================  ======================================  ====  ====  ====  ====  ====

Totals Al -14, Bo -8, Cy +1, Di +17, Ed +4 (sum 0).

SATURDAY (CSV, 2026-12-04): row 2 hand 1 Cy/Al 95 W schneider +4/+2/-2; row 3 hand 2 Di alone 45 L, DOB -8/+2;
row 4 hand 3 leaster Ed +4/-1; row 5 hand 4 Ed/Bo 45 written "W": 45 loses (B-27), refused E-OUTCOME at its Result
cell (column 8); row 6 hand 5 Al/Cy 61 W +2/+1/-1; row 7 hand 6 Bo/Ed 31 L cracked by Di: x2 x2, -8/-4/+4.
Stored totals (5 hands) Al +2+2-1+2+4 = +9, Bo -2+2-1-1-8 = -10, Cy +4+2-1+1+4 = +10, Di -2-8-1-1+4 = -8,
Ed -2+2+4-1-4 = -1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest.store import Store
from ingest.validate import validate_text
from tests.test_found26_dashboard import _run

ROOT = Path(__file__).resolve().parents[1]

FRIDAY = """%SHN 1.0
[Event "Dash27 Friday Club"]
[Date "2026.12.05"]
[Seats "Al=Al Fink; Bo=Bo Graf; Cy=Cy Hahn; Di=Di Imm; Ed=Ed Jost"]
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Bo  call AS  partner Di  pts 75  win

hand 2  dealer Bo
pick Cy  call AH  partner Ed  pts 60  lose

hand 3  dealer Cy
pick Di  alone  pts 91  win-s

hand 4  dealer Di
leaster Al

hand 5  dealer Ed
pick Al  call AC  partner Bo  crack Cy  pts 30  lose-s

hand 6  dealer Al
pick Ed  call AS  partner Cy  pts 90  win
"""


@pytest.fixture(scope="module")
def friday(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("fixl27") / "friday.duckdb"
    res = validate_text(FRIDAY, path="friday.shn")
    assert not res.rejected, [r.errors for r in res.rejected]
    with Store(path) as store:
        store.ingest_file(res)
    return path


def _table(at: AppTest):
    (df,) = [d.value for d in at.dataframe]
    return df


# --- F1: the Hands page names a leaster's winner where it can be read at 1400 px ---------------------------------

def test_f1_the_leaster_winner_is_in_the_picker_cell_and_the_outcome_is_short(friday, monkeypatch):
    """dash27 F1: hand 4 (`leaster Al`) read 'leaster, won b' at 1400 px.  Nobody picked, so the picker cell was
    empty: it now names the winner, Al Fink, and the outcome says 'leaster won' (11 characters, where 'leaster,
    won' showed whole).  The picked hands keep their picker and outcome words (B-27, B-28: 75 win, 60 lose, 91
    win-s, 30 lose-s, 90 win)."""
    rows = {r["hand"]: r for r in _table(_run("hands.py", friday, monkeypatch)).to_dict("records")}
    assert (rows[4]["picker"], rows[4]["partner"], rows[4]["outcome"]) == ("Al Fink", "—", "leaster won")
    assert [(rows[h]["picker"], rows[h]["outcome"]) for h in (1, 2, 3, 5, 6)] == [
        ("Bo Graf", "win"), ("Cy Hahn", "lose"), ("Di Imm", "win-s"), ("Al Fink", "lose-s"), ("Ed Jost", "win")]


def test_f1_a_players_list_names_the_leaster_winner_beside_the_players_units(friday, monkeypatch):
    """Bo Graf's hands (a Ledger 'list' link): in hand 4 Bo paid Al 1 (D-4: +4 to the winner, -1 from each of the
    four others); Al's own list shows his +4 there."""
    bo = {r["hand"]: r for r in _table(_run("hands.py", friday, monkeypatch, who="Bo Graf")).to_dict("records")}
    assert (bo[4]["picker"], bo[4]["outcome"], bo[4]["units"]) == ("Al Fink", "leaster won", -1)
    al = {r["hand"]: r for r in _table(_run("hands.py", friday, monkeypatch, who="Al Fink")).to_dict("records")}
    assert (al[4]["picker"], al[4]["outcome"], al[4]["units"]) == ("Al Fink", "leaster won", 4)
    # and his own pick in hand 5: lose-s cracked, doubled on the bump: -16 (B-28, B-32)
    assert (al[5]["picker"], al[5]["outcome"], al[5]["units"]) == ("Al Fink", "lose-s", -16)


def test_f1_the_column_help_says_whose_name_a_no_pick_row_holds(friday, monkeypatch):
    """The picker column's help says a no-pick game's winner is there, the points column's that they are his."""
    import json

    at = _run("hands.py", friday, monkeypatch)
    (grid,) = at.dataframe
    config = json.loads(grid.proto.columns)
    assert "A leaster or another no-pick game: its winner" in config["picker"]["help"]
    assert "the winner's (named in the picker cell)" in config["picker_points"]["help"]


# the room left in a grid cell at the right of its text, read off the grid's canvas in Chromium: glide-data-grid
# draws a cell's text from its left padding and clips it at the cell's edge, so a cut text's ink runs to the edge
# (1-2 px left: the old 'leaster, won by Al Fink' in an 80-86 px outcome column) and a whole one stops short
_ROOM_JS = """(name) => {
  const d = document.querySelector('[data-testid="stDataFrame"]');
  const col = [...d.querySelectorAll('th')].map(h => h.textContent).indexOf(name);
  const c = d.querySelector('canvas'); const ctx = c.getContext('2d');
  const line = ctx.getImageData(0, 36 + 3, c.width, 1).data; const xs = [0];
  for (let x = 0; x < c.width; x++) if (line[4*x] + line[4*x+1] + line[4*x+2] < 700) xs.push(x);
  xs.push(c.width);
  const [l, r] = [xs[col], xs[col + 1]]; const w = r - l - 2; const out = [];
  for (const td of d.querySelectorAll('td[aria-colindex="' + (col + 1) + '"]')) {
    const top = 36 + 35 * (+td.parentElement.getAttribute('aria-rowindex') - 2);
    if (top + 28 > c.height) continue;
    const px = ctx.getImageData(l + 1, top + 8, w, 20).data; let last = -1;
    for (let y = 0; y < 20; y++) for (let x = 0; x < w; x++) {
      const i = 4 * (y * w + x); if (px[i] + px[i+1] + px[i+2] < 600) last = Math.max(last, x); }
    out.push([td.textContent, last < 0 ? null : w - last]); }
  return out; }"""


def _browse(db: Path, tmp: Path, paths: list[str], look, size=(1400, 900)) -> dict:
    """Each path of the dashboard on ``db`` in Chromium at ``size``: ``look(page)`` once the script has run,
    a screenshot in tests/artifacts."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    chromium = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    seen = {}
    with _serve(db, ROOT / "dashboard" / "app.py", tmp) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = b.new_page(viewport={"width": size[0], "height": size[1]})
            for path in paths:
                page.goto(f"{base}/{path}")
                page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
                seen[path] = look(page)
                page.screenshot(path=str(ARTIFACTS / f"found27_dash2_{path.split('?')[0]}_{len(seen)}_"
                                                     f"{size[0]}.png"))
        finally:
            b.close()
    return seen


@pytest.mark.browser
def test_f1_the_leaster_winner_reads_whole_at_1400_px(friday, tmp_path):
    """Chromium at 1400 x 900: hand 4's outcome 'leaster won' and its winner 'Al Fink' in the picker cell stop
    short of their cells' right edges (at least 8 px left; the cut 'leaster, won b' left 1-2 px), on the whole
    list and on Bo Graf's (one column more: units)."""
    from tests.test_browser import WAIT_MS

    def look(page):
        page.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
        page.wait_for_timeout(1500)
        return {name: page.evaluate(_ROOM_JS, name) for name in ("picker", "outcome")}

    seen = _browse(friday, tmp_path, ["hands", "hands?who=Bo+Graf"], look)
    for path, cells in seen.items():
        outcome = dict(cells["outcome"][3:4])  # the 4th row: hand 4 (every hand of the one night, in order)
        picker = dict(cells["picker"][3:4])
        assert list(outcome) == ["leaster won"] and outcome["leaster won"] >= 8, (path, cells)
        assert list(picker) == ["Al Fink"] and picker["Al Fink"] >= 8, (path, cells)
        # every other outcome of the night whole as well
        assert [t for t, _ in cells["outcome"]] == ["win", "lose", "win-s", "leaster won", "lose-s", "win"], cells
        assert all(room >= 8 for _, room in cells["outcome"]), (path, cells)


# --- F2: the Sheet's chart names every player on a phone -----------------------------------------------------------

HEAD = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Leaster,Crack,"
        "Al=Al Fink,Bo=Bo Graf,Cy=Cy Hahn,Di=Di Imm,Ed=Ed Jost\n")
SATURDAY = HEAD + """2026-12-04,1,Al,Cy,Al,AH,95,W,,,2,-2,4,-2,-2
2026-12-04,2,Bo,Di,,alone,45,L,,,2,2,2,-8,2
2026-12-04,3,Cy,,,,,,Ed,,-1,-1,-1,-1,4
2026-12-04,4,Di,Ed,Bo,AC,45,W,,,-1,1,-1,-1,2
2026-12-04,5,Ed,Al,Cy,AS,61,W,,,2,-1,1,-1,-1
2026-12-04,6,Al,Bo,Ed,AH,31,L,,Di,4,-8,4,4,-4
Total,,,,,,,,,,8,-9,9,-7,1
"""
SAT = "CSV saturday 2026-12-04"


@pytest.fixture(scope="module")
def saturday(tmp_path_factory) -> Path:
    """The tester's saturday.csv through `shead ingest`: 5 stored, row 5 (hand 4) refused E-OUTCOME."""
    from tests.cli_helpers import ingest_json, write

    tmp = tmp_path_factory.mktemp("fixl27sat")
    db = tmp / "club.duckdb"
    report = ingest_json(write(tmp, "saturday.csv", SATURDAY), db)
    assert [(e["line"], e["col"], e["code"], e["hand"]) for e in report["rejected"]] == [(5, 8, "E-OUTCOME", 4)]
    return db


def _chart(at: AppTest) -> tuple[dict, list[dict]]:
    import json

    import pyarrow as pa

    (chart,) = at.get("vega_lite_chart")
    (data,) = [pa.ipc.open_stream(d.data.data).read_all().to_pylist() for d in chart.proto.datasets]
    return json.loads(chart.proto.spec), data


def test_f2_the_sheets_chart_legend_is_below_in_two_columns(saturday, monkeypatch):
    """dash27 F2: the legend was one row above the chart ('orient top'): at 390 px Ed Jost's was past the edge.
    Below the chart in two columns, as the Ledger's.  The lines are the stored hands' running totals (the module
    docstring): Al 2, 4, 3, 5, 9; Bo -2, 0, -1, -2, -10; Cy 4, 6, 5, 6, 10; Di -2, -10, -11, -12, -8; Ed -2, 0, 4,
    3, -1 after hands 1, 2, 3, 5, 6 (4 refused)."""
    spec, data = _chart(_run("sheet.py", saturday, monkeypatch, session=SAT))
    legend = spec["encoding"]["color"]["legend"]
    assert (legend["orient"], legend["columns"]) == ("bottom", 2)
    runs: dict[str, list[tuple[int, int]]] = {}
    for r in sorted(data, key=lambda r: r["hand"]):
        runs.setdefault(r["player"], []).append((r["hand"], r["total"]))
    assert runs == {
        "Al Fink": [(1, 2), (2, 4), (3, 3), (5, 5), (6, 9)],
        "Bo Graf": [(1, -2), (2, 0), (3, -1), (5, -2), (6, -10)],
        "Cy Hahn": [(1, 4), (2, 6), (3, 5), (5, 6), (6, 10)],
        "Di Imm": [(1, -2), (2, -10), (3, -11), (5, -12), (6, -8)],
        "Ed Jost": [(1, -2), (2, 0), (3, 4), (5, 3), (6, -1)],
    }


_LEGEND_JS = """() => {
  const d = document.querySelector('[data-testid="stVegaLiteChart"]'); const svg = d.querySelector('svg');
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('.role-legend-label text')].map(t => { const r = t.getBoundingClientRect();
    return [t.textContent, r.left >= box.left && r.right <= Math.min(box.right, window.innerWidth) + 0.5]; }); }"""


@pytest.mark.browser
def test_f2_every_players_name_is_on_the_sheets_chart_on_a_phone(saturday, tmp_path):
    """Chromium at 390 x 844 (and 1400 x 900): the five legend labels are the five players, each whole inside the
    chart and the window (at 390 px Ed Jost was past the right edge and 'Di Imm' at it)."""
    from tests.test_browser import WAIT_MS

    def look(page):
        page.wait_for_selector('[data-testid="stVegaLiteChart"] svg .role-legend-label text', timeout=WAIT_MS)
        page.locator('[data-testid="stVegaLiteChart"]').scroll_into_view_if_needed()
        page.wait_for_timeout(1000)
        return page.evaluate(_LEGEND_JS)

    path = "sheet?session=CSV+saturday+2026-12-04"
    names = ["Al Fink", "Bo Graf", "Cy Hahn", "Di Imm", "Ed Jost"]
    for size in ((390, 844), (1400, 900)):
        (labels,) = _browse(saturday, tmp_path, [path], look, size=size).values()
        assert labels == [[n, True] for n in names], (size, labels)


# --- F3: the Ledger's running total labels the sessions' days over a short span --------------------------------------

@pytest.fixture(scope="module")
def club(friday, saturday, tmp_path_factory) -> Path:
    """Both nights in one store: saturday.csv (2026-12-04) and friday.shn (2026-12-05), as the tester's club.duckdb."""
    tmp = tmp_path_factory.mktemp("fixl27club")
    db = tmp / "club.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(FRIDAY, path="friday.shn"))
    from tests.cli_helpers import ingest_json, write

    ingest_json(write(tmp, "saturday.csv", SATURDAY), db)
    return db


def _x(at: AppTest) -> dict:
    (chart,) = at.get("vega_lite_chart")
    import json

    return json.loads(chart.proto.spec)["encoding"]["x"]


def test_f3_two_sessions_in_one_month_label_their_days(club, monkeypatch):
    """dash27 F3: 'format %b %Y, tickCount month' over 2026-12-04..05 drew no tick, so no label.  Now each session's
    day is a tick, written '04 Dec', '05 Dec'.  The points are the tester's: after Saturday Al +9, Bo -10, Cy +10,
    Di -8, Ed -1; after Friday (Al -14, Bo -8, Cy +1, Di +17, Ed +4) Al -5, Bo -18, Cy +11, Di +9, Ed +3."""
    x = _x(_run("ledger.py", club, monkeypatch))
    assert (x["field"], x["type"], x["axis"]["format"]) == ("date", "temporal", "%d %b")
    assert x["axis"]["values"] == [{"year": 2026, "month": 12, "date": 4}, {"year": 2026, "month": 12, "date": 5}]
    assert "tickCount" not in x["axis"]


def _night(date: str, event: str) -> str:
    """One hand: Al picks, Bo partner, 75, a plain win (B-27, B-33: Al +2, Bo +1, the others -1)."""
    return (f'%SHN 1.0\n[Event "{event}"]\n[Date "{date}"]\n'
            '[Seats "Al=Al Fink; Bo=Bo Graf; Cy=Cy Hahn; Di=Di Imm; Ed=Ed Jost"]\n[Rules "wi5-called-ace"]\n\n'
            "hand 1  dealer Ed\npick Al  call AS  partner Bo  pts 75  win\n")


def _store(tmp: Path, dates: list[str]) -> Path:
    db = tmp / "span.duckdb"
    with Store(db) as store:
        for i, d in enumerate(dates):
            res = validate_text(_night(d, f"Night {i + 1}"), path=f"n{i + 1}.shn")
            assert not res.rejected, [r.errors for r in res.rejected]
            store.ingest_file(res)
    return db


def test_f3_a_span_of_two_months_or_more_keeps_a_label_a_month(tmp_path, monkeypatch):
    """2026-10-02 to 2026-12-04 is 63 days: a month tick ('Oct 2026' ... 'Dec 2026') as before."""
    x = _x(_run("ledger.py", _store(tmp_path, ["2026.10.02", "2026.12.04"]), monkeypatch))
    assert (x["axis"]["format"], x["axis"]["tickCount"]) == ("%b %Y", "month")
    assert "values" not in x["axis"]


def test_f3_eleven_sessions_in_three_weeks_have_a_tick_a_week(tmp_path, monkeypatch):
    """Eleven sessions (2026-11-01 .. 2026-11-21, every other day): more than ten dates would crowd a phone's axis,
    so a tick a week, each written as its day."""
    dates = [f"2026.11.{d:02d}" for d in range(1, 22, 2)]
    assert len(dates) == 11
    x = _x(_run("ledger.py", _store(tmp_path, dates), monkeypatch))
    assert (x["axis"]["format"], x["axis"]["tickCount"]) == ("%d %b", "week")


_XLABELS_JS = """() => {
  const svg = document.querySelector('[data-testid="stVegaLiteChart"] svg'); const box = svg.getBoundingClientRect();
  const axis = [...svg.querySelectorAll('g.role-axis')].find(g => (g.getAttribute('aria-label') || '')
                                                                   .startsWith('X-axis'));
  return [...axis.querySelectorAll('.role-axis-label text')].map(t => { const r = t.getBoundingClientRect();
    return [t.textContent, r.left >= box.left - 0.5 && r.right <= Math.min(box.right, window.innerWidth) + 0.5]; });
}"""


@pytest.mark.browser
def test_f3_the_ledger_chart_shows_the_sessions_days_in_chromium(club, tmp_path):
    """Chromium at 1400 x 900 and 390 x 844, in Chicago's time zone (west of Greenwich, where a day drawn as UTC
    would read the day before) and in UTC: the date axis reads '04 Dec' and '05 Dec', inside the chart."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    chromium = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    seen = {}
    with _serve(club, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for zone in ("UTC", "America/Chicago"):
                for w, h in ((1400, 900), (390, 844)):
                    page = b.new_page(viewport={"width": w, "height": h}, timezone_id=zone)
                    page.goto(f"{base}/ledger")
                    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]',
                                           timeout=WAIT_MS)
                    page.wait_for_selector('[data-testid="stVegaLiteChart"] svg .role-axis-label text',
                                           timeout=WAIT_MS)
                    page.locator('[data-testid="stVegaLiteChart"]').first.scroll_into_view_if_needed()
                    page.wait_for_timeout(1000)
                    seen[(zone, w)] = page.evaluate(_XLABELS_JS)
                    page.locator('[data-testid="stVegaLiteChart"]').first.screenshot(
                        path=str(ARTIFACTS / f"found27_dash2_ledger_{zone.replace('/', '_')}_{w}.png"))
                    page.close()
        finally:
            b.close()
    want = [["04 Dec", True], ["05 Dec", True]]
    assert seen == {(z, w): want for z in ("UTC", "America/Chicago") for w in (1400, 390)}, seen


# --- F5: the night's Sheet says the source's Total row disagrees, and where and why a row was refused ---------------

SUNDAY = HEAD + """2026-12-06,1,Al,Bo,Cy,AH,70,W,,,-1,2,1,-1,-1
2026-12-06,2,Bo,Cy,Di,AS,20,L,,,4,4,-8,-4,4
2026-12-06,3,Cy,Di,,alone,61,W,,,-1,-1,-1,4,-1
2026-12-06,4,Di,Ed,Al,AC,100,W,,,2,-2,-2,-2,4
2026-12-06,5,Ed,Al,Bo,AH,88,W,,,2,1,-1,-1,-1
Total,,,,,,,,,,6,4,-9,-4,5
"""


@pytest.fixture(scope="module")
def nights(tmp_path_factory) -> tuple[Path, str, str]:
    """saturday.csv and sunday.csv in one store: the db and the two files' paths.

    Sunday by hand: 70 W +2/+1/-1; 20 L schneidered, DOB -8/-4/+4 (B-28, B-32); Di alone 61 W +4/-1; 100 W
    schneider +4/+2/-2; 88 W +2/+1/-1.  Cy +1 -8 -1 -2 -1 = -11 (the Total row writes -9: its slip); Al -1+4-1+2+2
    = +6, Bo 2+4-1-2+1 = +4, Di -1-4+4-2-1 = -4, Ed -1+4-1+4-1 = +5, as written."""
    from tests.cli_helpers import ingest_json, write

    tmp = tmp_path_factory.mktemp("fixl27nights")
    db = tmp / "club.duckdb"
    sat, sun = write(tmp, "saturday.csv", SATURDAY), write(tmp, "sunday.csv", SUNDAY)
    assert [e["code"] for e in ingest_json(sat, db)["rejected"]] == ["E-OUTCOME"]
    report = ingest_json(sun, db)
    assert not report["rejected"]
    return db, sat, sun


SAT_FOOT = ("the source's own totals differ from this sheet's: Al Fink +8 (sheet +9), Bo Graf -9 (sheet -10), "
            "Cy Hahn +9 (sheet +10), Di Imm -7 (sheet -8), Ed Jost +1 (sheet -1); the sheet counts the stored hands "
            "only (hand 4 refused, above): check the source's rows and its totals row against these")
SUN_FOOT = ("the source's own totals differ from this sheet's: Cy Hahn -9 (sheet -11); the sheet counts the stored "
            "hands only: check the source's rows and its totals row against these")


def test_f5_shead_sheet_says_the_source_total_row_disagrees(nights):
    """dash27 F5: `shead sheet 2026-12-06` showed Cy -11 and never that the paper's Total row writes -9 (only the
    Ledger said it).  Saturday: the Total row writes 8, -9, 9, -7, 1; stored +9, -10, +10, -8, -1 (hand 4 refused:
    its row, Al -1 Bo +1 Cy -1 Di -1 Ed +2, is not stored; Di's Total cell is off from its rows too, -7 for -9)."""
    import json

    from tests.cli_helpers import cli

    db, sat, _ = nights
    sat_out = cli("sheet", "2026-12-04", "--db", str(db)).output
    assert sat_out.rstrip().splitlines()[-2:] == [
        f"hand 4 refused, not stored: E-OUTCOME at {sat}:5:8: win disagrees with 45 card points: that is lose "
        "(lost, rules.md B-27)", SAT_FOOT]
    sun_out = cli("sheet", "2026-12-06", "--db", str(db)).output
    assert sun_out.rstrip().splitlines()[-1] == SUN_FOOT
    data = json.loads(cli("sheet", "2026-12-06", "--db", str(db), "--json").output)
    assert data["totals"] == {"Al": 6, "Bo": 4, "Cy": -11, "Di": -4, "Ed": 5}
    assert data["source_differs"] == [{"player": "Cy Hahn", "source": -9, "sheet": -11}]
    assert data["source_totals"] == {"Al Fink": 6, "Bo Graf": 4, "Cy Hahn": -9, "Di Imm": -4, "Ed Jost": 5}


def test_f5_a_night_whose_source_agrees_says_nothing_of_it(friday):
    """Friday (SHN, no totals of its own): no such line."""
    from tests.cli_helpers import cli

    out = cli("sheet", "2026-12-05", "--db", str(friday)).output
    assert "source's own totals" not in out
    assert "total, 6 hands" in out


def test_f5_the_sheet_page_says_it_and_the_refused_rows_place_and_reason(nights, monkeypatch):
    """The Sheet page: the refused row's caption read 'hand 4 (E-OUTCOME)'; now as the command line writes it, the
    file, row 5, column 8 (Result) and the reason; and a warning with the source's totals against the sheet's."""
    db, sat, _ = nights
    at = _run("sheet.py", db, monkeypatch, session=SAT)
    plain = [c.value.replace("\\", "") for c in at.caption]
    (foot,) = [c for c in plain if c.startswith("5 hands of")]
    assert foot.endswith(f"Refused at ingest, not stored (see the Rejected hands page): hand 4 refused, not stored: "
                         f"E-OUTCOME at {sat}:5:8: win disagrees with 45 card points: that is lose (lost, rules.md "
                         "B-27).")
    warnings = [w.value.replace("\\", "") for w in at.warning]
    assert warnings == ["T" + SAT_FOOT[1:] + "."]
    at = _run("sheet.py", db, monkeypatch, session="CSV sunday 2026-12-06")
    assert [w.value.replace("\\", "") for w in at.warning] == ["T" + SUN_FOOT[1:] + "."]
    assert [m.value for m in at.metric] == ["+6", "+4", "-11", "-4", "+5"]
