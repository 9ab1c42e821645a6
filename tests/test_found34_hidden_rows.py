"""sheetx34 F3: a workbook's hidden rows (a wrong entry the scorer hid, the corrected hand below it) are left out,
as hidden sheets are, with one W-XLSX-HIDDEN warning naming the sheet and its rows and saying to unhide them to have
them read.  They were read as ordinary hands: the hidden wrong hand 2 stored, the visible corrected hand 2 refused
("hand 2 again"), and the correct Total row blamed (W-CSV-TOTALS).  sheetx34's mk2.py / hidden.xlsx, built here.

Worked by hand, profile wi5-called-ace (rules.md B-27, B-28 tiers, B-31 shares, B-33 five-handed table):
- hand 1: Al picks, Bea partner, 75: plain win x1: Al +2, Bea +1, Cy/Di/Ed -1.
- hand 2 (row 4, visible): Cy alone, 70: plain win, alone 4 shares: Cy +4, each of the four -1.
- hand 3: Ed picks, Al partner, 91: schneider win x2 (91..120): Ed +4, Al +2, Bea/Cy/Di -2.
Night: Al 2-1+2 = +3, Bea 1-1-2 = -2, Cy -1+4-2 = +1, Di -1-1-2 = -4, Ed -1-1+4 = +2; sum 0 -- the Total row.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from tests.cli_helpers import cli, ingest_json, refused_at

P = ["Al", "Bea", "Cy", "Di", "Ed"]
NIGHT = {"Al": 3, "Bea": -2, "Cy": 1, "Di": -4, "Ed": 2}


def _book(path: Path, hide: bool = True) -> str:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Dec 10"
    ws.append(["Date", "Hand", "Picker", "Partner", "Call", "Points", "Result", "Notes"] + P)
    ws.append(["2026-12-10", 1, "Al", "Bea", "AS", 75, "W", "", 2, 1, -1, -1, -1])
    ws.append(["2026-12-10", 2, "Di", "Ed", "AH", 40, "L", "wrong - was Cy alone", 2, 2, 2, -4, -2])
    if hide:
        ws.row_dimensions[3].hidden = True
    ws.append(["2026-12-10", 2 if hide else 3, "Cy", "", "alone", 70, "W", "", -1, -1, 4, -1, -1])
    ws.append(["2026-12-10", 3 if hide else 4, "Ed", "Al", "AC", 91, "W", "", 2, -2, -2, -2, 4])
    if hide:
        ws.append(["Total", "", "", "", "", "", "", "", 3, -2, 1, -4, 2])
    wb.save(path)
    return str(path)


def _ledger(db) -> dict[str, tuple[int, int]]:
    out = cli("ledger", "--db", str(db), "--json").output
    return {r["player"]: (r["total"], r["incomplete_sessions"]) for r in json.loads(out[:out.index("]") + 1])}


def test_a_hidden_row_is_left_out_and_said(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = ingest_json(_book(tmp_path / "hidden.xlsx"), db)
    assert (rep["ingested"], refused_at(rep)) == (3, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]
    said = [w for w in rep["warnings"] if w["code"] == "W-XLSX-HIDDEN"]
    assert len(said) == 1, rep["warnings"]
    assert "'Dec 10'" in said[0]["message"] and "row 3" in said[0]["message"], said
    assert "unhide" in said[0]["message"], said
    got = _ledger(db)
    assert got == {p: (v, 0) for p, v in NIGHT.items()}
    assert sum(v for v, _ in got.values()) == 0


def test_no_hidden_rows_no_warning(tmp_path):
    """The same rows, none hidden, numbered 1..4: every row a hand, no W-XLSX-HIDDEN.  Hand 2 (Di picks, Ed partner,
    40: plain loss, doubled on the bump, B-32/B-33): Di -4, Ed -2, Al/Bea/Cy +2; the night then Al 3+2 = +5,
    Bea -2+2 = 0, Cy 1+2 = +3, Di -4-4 = -8, Ed 2-2 = 0 (sum 0)."""
    db = tmp_path / "x.duckdb"
    rep = ingest_json(_book(tmp_path / "shown.xlsx", hide=False), db)
    assert (rep["ingested"], refused_at(rep)) == (4, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-XLSX-HIDDEN"], rep["warnings"]
    assert {p: v for p, (v, _) in _ledger(db).items()} == {"Al": 5, "Bea": 0, "Cy": 3, "Di": -8, "Ed": 0}


def test_readme_says_hidden_rows():
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "W-XLSX-HIDDEN" in text
