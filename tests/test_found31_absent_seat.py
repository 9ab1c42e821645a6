"""Session 31 (fixf31): metrics31's finding F3 -- a player not at the table is no "+0" on the night's sheet.

metrics31/night1.shn's hand 6 has its own ``[Seats …]`` with Fay Holt sitting in for Eve: ``shead sheet`` printed
``+0`` in Eve's column at hand 6 and in Fay's at every other hand, ``--json`` gave ``"Eve": 0``, the CSV, the
printable page and the dashboard's Sheet table did the same, and the Sheet page's chart drew Fay at 0 over hands 1-5.
A seat not at the table that hand now has no cells in that row: ``–`` in the terminal's and the printable page's
units cell (its running-total cell blank), null in ``--json`` (``units`` and ``running``), empty in ``--csv`` and in
the dashboard's table, and no point in the chart.  A seated player who broke even (a misdeal: rules.md B-4, nothing
settles) keeps ``+0``; so does the dealer who sits out at ``wi6-sit-out`` (rules.md F-1; docs/notation.md §4: "scored
0"), who is at the table and named in the dealer column.

Why blank, not the running total carried: a paper sheet's row is that hand's table; a player who is not at it has
nothing written on that line, and their running total picks up again on the next hand they sit in (Fay's line after
hand 2 reads 6, blank, blank, and the total row 6).  One rule for every output, and the chart has no point there.

The night (wi5-called-ace, doubled on the bump: rules.md B-28, B-33, D-4), worked by hand:
  hand 1, Cal picks, calls AS, Eve partner, 95 = schneider win (B-28: 2 units): Cal +4, Eve +2, Ann/Bob/Dee -2.
  hand 2, Fay sits in for Eve; Bob picks, calls AC, Cal partner, no trick = lose-z (3 units, doubled on the bump:
          6): Bob -12, Cal -6, Ann/Dee/Fay +6.  Sum 0.
  hand 3, a misdeal (B-4: redeal, nothing settles): the five seated (Eve again) 0 each.
  hand 4, Eve picks, calls AH, Ann partner, 70 = win (1 unit): Eve +2, Ann +1, Bob/Cal/Dee -1.
  Running totals: Ann -2, 4, 4, 5; Bob -2, -14, -14, -15; Cal 4, -2, -2, -3; Dee -2, 4, 4, 3;
                  Eve 2, (absent), 2, 4; Fay (absent), 6, (absent), (absent).
  Totals: Ann 5, Bob -15, Cal -3, Dee 3, Eve 4, Fay 6: sum 0.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from ingest.sheet import session_sheet
from ingest.store import reading
from tests.cli_helpers import cli, write

NIGHT = """%SHN 1.0
[Event "Absent"]
[Date "2026.11.05"]
[Seats "Ann=Ann Kraus; Bob=Bob Lenz; Cal=Cal Ruiz; Dee=Dee Voss; Eve=Eve Marsh"]
[Rules "wi5-called-ace"]

hand 1  dealer Ann
pick Cal  call AS  partner Eve  pts 95  win-s
score Ann -2 Bob -2 Cal +4 Dee -2 Eve +2

hand 2  dealer Bob
[Seats "Ann=Ann Kraus; Bob=Bob Lenz; Cal=Cal Ruiz; Dee=Dee Voss; Fay=Fay Holt"]
pick Bob  call AC  partner Cal  tricks 0  lose-z
score Ann +6 Bob -12 Cal -6 Dee +6 Fay +6

hand 3  dealer Cal
misdeal

hand 4  dealer Dee
pick Eve  call AH  partner Ann  pts 70  win
score Ann +1 Bob -1 Cal -1 Dee -1 Eve +2
"""
SESSION = "Absent / 2026.11.05"
P = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
N = None  # not at the table that hand
UNITS = {1: [-2, -2, 4, -2, 2, N], 2: [6, -12, -6, 6, N, 6], 3: [0, 0, 0, 0, 0, N], 4: [1, -1, -1, -1, 2, N]}
RUNNING = {1: [-2, -2, 4, -2, 2, N], 2: [4, -14, -2, 4, N, 6], 3: [4, -14, -2, 4, 2, N], 4: [5, -15, -3, 3, 4, N]}
TOTALS = [5, -15, -3, 3, 4, 6]


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "absent.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(path))
    return path


def test_the_hand_worked_numbers_are_zero_sum():
    for h in UNITS:
        assert sum(u for u in UNITS[h] if u is not None) == 0
    assert sum(TOTALS) == 0


def test_json_gives_null_for_a_seat_not_at_the_table(db):
    sh = json.loads(cli("sheet", SESSION, "--db", str(db), "--json").output)
    assert [h["hand"] for h in sh["hands"]] == [1, 2, 3, 4]
    for h in sh["hands"]:
        assert [h["units"][a] for a in P] == UNITS[h["hand"]], h["hand"]
        assert [h["running"][a] for a in P] == RUNNING[h["hand"]], h["hand"]
    assert [sh["totals"][a] for a in P] == TOTALS


def test_csv_leaves_the_cells_of_a_seat_not_at_the_table_empty(db):
    rows = list(csv.DictReader(io.StringIO(cli("sheet", SESSION, "--db", str(db), "--csv").output)))
    by_hand = {r["hand"]: r for r in rows if r["hand"]}

    def num(v):
        return None if v == "" else int(v)
    for h in (1, 2, 3, 4):
        assert [num(by_hand[str(h)][f"{a} units"]) for a in P] == UNITS[h], h
        assert [num(by_hand[str(h)][f"{a} total"]) for a in P] == RUNNING[h], h
    total = next(r for r in rows if r["result"].startswith("total"))
    assert [int(total[f"{a} total"]) for a in P] == TOTALS


def test_the_terminal_sheet_shows_a_dash_not_plus_0(db):
    out = cli("sheet", SESSION, "--db", str(db)).output
    rows = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.split() and ln.split()[0] in "1234"}
    # the seats' cells are the last tokens: units then running total, "–" alone for a seat not at the table
    assert rows["1"][-11:] == ["-2", "-2", "-2", "-2", "+4", "4", "-2", "-2", "+2", "2", "–"]
    assert rows["2"][-11:] == ["+6", "4", "-12", "-14", "-6", "-2", "+6", "4", "–", "+6", "6"]
    # the misdeal: every seated player broke even (+0), Fay is not at the table
    assert rows["3"][-11:] == ["+0", "4", "+0", "-14", "+0", "-2", "+0", "4", "+0", "2", "–"]
    assert rows["4"][-11:] == ["+1", "5", "-1", "-15", "-1", "-3", "-1", "3", "+2", "4", "–"]
    assert "–: not at the table that hand" in " ".join(out.split())


def test_the_printable_page_shows_a_dash(db):
    with reading(db) as con:
        html = session_sheet(con, SESSION).html()
    body = html.split("<tbody>")[1]
    trs = body.split("</tr>")
    cells = [[c.split("</td>")[0] for c in tr.split("<td>")[1:]] for tr in trs if "<td>" in tr]
    by_hand = {c[0]: c for c in cells}
    # the seats' units then totals at the end of the row
    assert by_hand["2"][-12:] == ["6", "-12", "-6", "6", "–", "6", "4", "-14", "-2", "4", "", "6"]
    assert by_hand["1"][-12:] == ["-2", "-2", "4", "-2", "2", "–", "-2", "-2", "4", "-2", "2", ""]


def test_the_chart_has_no_point_for_a_seat_not_at_the_table(db):
    with reading(db) as con:
        sh = session_sheet(con, SESSION)
    points = sh.running_points()
    assert [(h, t) for h, a, t in points if a == "Fay Holt"] == [(2, 6)]
    assert [(h, t) for h, a, t in points if a == "Eve Marsh"] == [(1, 2), (3, 2), (4, 4)]
    assert [(h, t) for h, a, t in points if a == "Ann Kraus"] == [(1, -2), (2, 4), (3, 4), (4, 5)]


def test_the_dashboard_table_leaves_the_cell_empty(db, monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("SHEAD_DB", str(db))
    root = Path(__file__).resolve().parent.parent
    at = AppTest.from_file(str(root / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.query_params["session"] = SESSION
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert "An empty cell: not at the table that hand" in " ".join(c.value for c in at.caption)
    rows = at.dataframe[0].value.to_dict("records")
    by_hand = {int(r["hand"]): r for r in rows if r["hand"] == r["hand"] and r["hand"] is not None}

    def num(v):
        return None if v is None or v != v else int(v)
    for h in (1, 2, 3, 4):
        assert [num(by_hand[h][f"{a} units"]) for a in P] == UNITS[h], h
        assert [num(by_hand[h][f"{a} total"]) for a in P] == RUNNING[h], h


SIX = """%SHN 1.0
[Event "Six"]
[Date "2026.11.06"]
[Seats "Ann; Bob; Cal; Dee; Eve; Fay"]
[Rules "wi6-sit-out"]

hand 1  dealer Fay
pick Bob  call AC  partner Cal  pts 70  win
score Ann -1 Bob +2 Cal +1 Dee -1 Eve -1

hand 2  dealer Ann
pick Bob  call AC  partner Cal  pts 70  win
score Bob +2 Cal +1 Dee -1 Eve -1 Fay -1
"""


def test_the_sit_out_dealer_is_at_the_table_and_scored_0(tmp_path):
    """wi6-sit-out (rules.md F-1): the dealer sits out and is scored 0 (notation.md §4), a seat of the hand -- 0 in
    --json, "out" in the text (left33 F1; it was +0), never the dash of a player not at the table; the foot says
    the dealer sits out.
    Hand 1 (Fay deals): win 70, 1 unit: Bob +2, Cal +1, Ann/Dee/Eve -1, Fay 0.  Hand 2 (Ann deals): Bob +2, Cal +1,
    Dee/Eve/Fay -1, Ann 0.  Totals: Ann -1, Bob 4, Cal 2, Dee -2, Eve -2, Fay -1 (sum 0)."""
    db = tmp_path / "six.duckdb"
    cli("ingest", write(tmp_path, "six.shn", SIX), "--db", str(db))
    sh = json.loads(cli("sheet", "Six", "--db", str(db), "--json").output)
    assert [sh["hands"][0]["units"][a] for a in P] == [-1, 2, 1, -1, -1, 0]
    assert [sh["hands"][1]["units"][a] for a in P] == [0, 2, 1, -1, -1, -1]
    assert [sh["hands"][1]["running"][a] for a in P] == [-1, 4, 2, -2, -2, -1]
    out = cli("sheet", "Six", "--db", str(db)).output
    assert "–" not in out.split("each player")[0]
    assert "out: the dealer sat out the hand (dealt nothing, scored 0, rules.md F-1)" in " ".join(out.split())
