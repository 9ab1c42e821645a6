"""Spreadsheet headers real30 found read as players (F2), and the workbook's skipped-tab warning under --columns
(F5).

F2: the points headers ``Card Pts``, ``Picker Pts``, ``Pts Taken``, ``Points Taken`` (``Card Points``, ``Picker
Points`` were read) and the result headers ``W/L``, ``Win/Loss``, ``Won/Lost``, ``Won?``, ``Win?``, ``W-L`` were
player columns: every row refused (E-SEATS, E-CSV-UNITS), and E-CSV-UNITS told to leave a column of W/L words out
(``--columns ignore=W/L``) where ``--columns outcome=W/L`` reads it.

The night, worked by hand (wi5-called-ace, five-handed, doubleOnBump on; rules.md B-27, B-28, B-31..B-33):
- row 2 (tester's hdr_wl.csv, row 1): Lou picks, calls AC, Ned the partner, 72 points, W: 72 is 61..90, a plain
  win x1 (B-28); with a partner (B-33): Lou +2, Ned +1, Gus, Mo, Ole -1 each.
- row 3 (hdr_wl.csv, row 2): Ole alone, 95, W: 95 is 91..120, schneider x2 (B-28); alone, 4 shares (B-31):
  Ole +8, the four defenders -2 each.
- row 4: Ned alone, 90, W: 90 is still 61..90 (the line is 91, B-28): a plain win: Ned +4, the others -1.
- row 5: Gus picks, calls AS, Lou the partner, 60, L: 60 loses (B-27), x1, doubled on the bump (B-32, B-33 with
  DOB): Gus -4, Lou -2, Mo, Ned, Ole +2.
Totals: Gus -1-2-1-4 = -8; Lou +2-2-1-2 = -3; Mo -1-2-1+2 = -2; Ned +1-2+4+2 = +5; Ole -1+8-1+2 = +8
(sum -8-3-2+5+8 = 0).
"""

from __future__ import annotations

import datetime as dt
import io

import pytest
from openpyxl import Workbook

from ingest.csv_sheet import guess_columns
from tests.cli_helpers import ingest_json, ledger, write

PLAYERS = ["Gus", "Lou", "Mo", "Ned", "Ole"]
#: Hand, Dealer, Picker, Partner, Call, points, result, then the units of Gus, Lou, Mo, Ned, Ole
ROWS = [(1, "Gus", "Lou", "Ned", "AC", 72, "W", -1, 2, -1, 1, -1),
        (2, "Lou", "Ole", "", "alone", 95, "W", -2, -2, -2, -2, 8),
        (3, "Mo", "Ned", "", "alone", 90, "W", -1, -1, -1, 4, -1),
        (4, "Ned", "Gus", "Lou", "AS", 60, "L", -4, -2, 2, 2, 2)]
TOTALS = {"Gus": -8, "Lou": -3, "Mo": -2, "Ned": 5, "Ole": 8}


def _sheet(points: str, result: str, words: dict[str, str] | None = None) -> str:
    lines = [f"Date,Hand,Dealer,Picker,Partner,Call,{points},{result}," + ",".join(PLAYERS)]
    for hand, dealer, picker, partner, call, pts, res, *units in ROWS:
        res = (words or {}).get(res, res)
        lines.append(f"2026-11-10,{hand},{dealer},{picker},{partner},{call},{pts},{res},"
                     + ",".join(str(u) for u in units))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("points", "result"), [("Card Pts", "W/L"), ("Picker Pts", "Win/Loss"),
                                                ("Pts Taken", "Won/Lost"), ("Points Taken", "Won?"),
                                                ("Card Pts", "Win?"), ("Picker Pts", "W-L")])
def test_common_points_and_result_headers_are_read(tmp_path, points, result):
    assert guess_columns(["Date", points, result, *PLAYERS]) == {"date": "Date", "points": points,
                                                                  "outcome": result}
    db = tmp_path / "h.duckdb"
    rep = ingest_json(write(tmp_path, "night.csv", _sheet(points, result)), db)
    assert (rep["ingested"], rep["rejected"]) == (4, []), rep
    assert ledger(db) == TOTALS
    assert sum(ledger(db).values()) == 0


def test_the_testers_file(tmp_path):
    """/tmp/real30/hdr_wl.csv as brought: Lou +2, Ned +1, the rest -1; Ole alone 95 schneider +8, the rest -2.
    Gus -1-2 = -3, Lou +2-2 = 0, Mo -1-2 = -3, Ned +1-2 = -1, Ole -1+8 = +7 (sum 0)."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Card Pts,W/L,Gus,Lou,Mo,Ned,Ole\n"
            "2026-11-10,1,Gus,Lou,Ned,AC,72,W,-1,2,-1,1,-1\n"
            "2026-11-10,2,Lou,Ole,,alone,95,W,-2,-2,-2,-2,8\n")
    db = tmp_path / "t.duckdb"
    rep = ingest_json(write(tmp_path, "hdr_wl.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (2, []), rep
    assert ledger(db) == {"Gus": -3, "Lou": 0, "Mo": -3, "Ned": -1, "Ole": 7}


def test_a_won_question_answered_yes_or_no(tmp_path):
    """A ``Won?`` column answered Y / yes / N / no: yes the picker side won, no it lost; the points give the tier
    as for W and L (rules.md B-28): the same night, the same totals."""
    words = {"W": "Y", "L": "no"}
    db = tmp_path / "y.duckdb"
    text = _sheet("Card Pts", "Won?", words).replace(",95,Y,", ",95,yes,")
    rep = ingest_json(write(tmp_path, "yn.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, []), rep
    assert ledger(db) == TOTALS


def test_a_column_of_result_words_is_pointed_at_outcome(tmp_path):
    """A result column under a header shead does not know (``Won``, which may be a player's name): its W cell is
    refused as a player's units, and the message says to read the column as the result (``--columns
    outcome=Won``), not to leave it out; given that, the night is read (the totals above)."""
    db = tmp_path / "w.duckdb"
    path = write(tmp_path, "won.csv", _sheet("Card Pts", "Won"))
    rep = ingest_json(path, db)
    units = [e for e in rep["rejected"] if e["code"] == "E-CSV-UNITS"]
    assert units and units[0]["line"] == 2 and units[0]["col"] == 8, rep["rejected"]
    said = " ".join(units[0]["message"].split())
    assert "--columns outcome=Won" in said and "ignore=Won" not in said, said
    rep = ingest_json(path, db, "--columns", "outcome=Won")
    assert (rep["ingested"], rep["rejected"]) == (4, []), rep
    assert ledger(db) == TOTALS


def test_a_column_of_card_points_is_pointed_at_points(tmp_path):
    """A points column under a header shead does not know (``Pts Picker Side``) is a sixth player (E-SEATS at its
    column): the message says to read it as the points (``--columns points=...``), not to leave it out."""
    db = tmp_path / "p.duckdb"
    path = write(tmp_path, "pts.csv", _sheet("Pts Picker Side", "W/L"))
    rep = ingest_json(path, db)
    seats = [e for e in rep["rejected"] if e["code"] == "E-SEATS"]
    assert seats and (seats[0]["line"], seats[0]["col"]) == (2, 7), rep["rejected"]
    said = " ".join(seats[0]["message"].split())
    assert "--columns points=Pts Picker Side" in said and "ignore=Pts Picker Side" not in said, said
    rep = ingest_json(path, db, "--columns", "points=Pts Picker Side")
    assert (rep["ingested"], rep["rejected"]) == (4, []), rep
    assert ledger(db) == TOTALS


def _workbook(points: str, result: str) -> bytes:
    """The night above on a tab "Nov 10" (real date cells, result words won / lost), and a "Rules" tab of text."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Nov 10"
    ws.append(["Date", "Hand", "Dealer", "Picker", "Partner", "Call", points, result, *PLAYERS])
    for hand, dealer, picker, partner, call, pts, res, *units in ROWS:
        ws.append([dt.datetime(2026, 11, 10), hand, dealer, picker, partner or None, call, pts,
                   {"W": "won", "L": "lost"}[res], *units])
    rules = wb.create_sheet("Rules")
    rules.append(["House rules"])
    rules.append(["Called ace, double on the bump, leasters"])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


@pytest.mark.parametrize(("points", "result"), [("Card Pts", "Won?"), ("Points Taken", "W/L")])
def test_a_workbooks_headers_are_read_alike(tmp_path, points, result):
    db = tmp_path / "x.duckdb"
    path = tmp_path / "Friday Club.xlsx"
    path.write_bytes(_workbook(points, result))
    rep = ingest_json(str(path), db)
    assert (rep["ingested"], rep["rejected"]) == (4, []), rep
    assert ledger(db) == TOTALS
    (skip,) = [w for w in rep["warnings"] if w["code"] == "W-XLSX-SHEET"]
    assert (skip["file"], skip["found"]) == (f"{path}[Rules]", "House rules"), skip


def test_a_skipped_tab_is_quoted_by_its_own_cell_under_columns(tmp_path):
    """F5: with --columns given, the Rules tab's W-XLSX-SHEET quoted the option ("found points=Card Pts,
    outcome=Won?"); it quotes the tab's own first cell, as without --columns.  The night is read alike."""
    db = tmp_path / "c.duckdb"
    path = tmp_path / "Friday Club.xlsx"
    path.write_bytes(_workbook("Card Pts", "Won?"))
    rep = ingest_json(str(path), db, "--columns", "points=Card Pts,outcome=Won?")
    assert (rep["ingested"], rep["rejected"]) == (4, []), rep
    assert ledger(db) == TOTALS
    (skip,) = [w for w in rep["warnings"] if w["code"] == "W-XLSX-SHEET"]
    assert (skip["file"], skip["line"], skip["found"]) == (f"{path}[Rules]", 1, "House rules"), skip
    assert "points=" not in skip["message"], skip
