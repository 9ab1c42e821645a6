"""real31 F5: a totals row labelled "Night total", "Final", "Net" (any case; also "Totals", "Sum", "Summe") is
the sheet's totals row, checked against the rows' sums as ``TOTAL:`` / ``Grand Total`` are -- it was refused as
hand 3 "'Night total' is not a date", which also marked the night incomplete.  real31's tot.csv, inline.

Worked by hand, profile wi5-called-ace:
- hand 1: Ann alone, 70: a plain win (rules.md B-27, B-28 61..90, x1), alone 4 shares (B-31, B-33):
  Ann +4, the four others -1.
- hand 2: Bob picks, calls AS, partner Cal, 61: a plain win (B-27: 61 wins): Bob +2, Cal +1, Ann/Dee/Eve -1.
Night: Ann 4-1 = +3, Bob -1+2 = +1, Cal -1+1 = 0, Dee -1-1 = -2, Eve -1-1 = -2 (sum 0): the totals row's figures.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import cli, ingest_json as _ingest, write
from tests.cli_helpers import refused_at as _where

HEAD = "Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
ROWS = ("2026-11-25,Eve,Ann,,alone,70,W,4,-1,-1,-1,-1\n"
        "2026-11-25,Ann,Bob,Cal,AS,61,W,-1,2,1,-1,-1\n")
NIGHT = {"Ann": 3, "Bob": 1, "Cal": 0, "Dee": -2, "Eve": -2}


def _ledger(db) -> tuple[dict[str, tuple[int, int]], str]:
    """player -> (total, incomplete sessions), and the ledger's note after its JSON."""
    out = cli("ledger", "--db", str(db), "--json").output
    rows = json.loads(out[:out.index("]") + 1])
    return {r["player"]: (r["total"], r["incomplete_sessions"]) for r in rows}, out[out.index("]") + 1:]


@pytest.mark.parametrize("label", ["Night total", "NIGHT TOTAL", "night totals", "Final", "FINAL", "final:", "Net",
                                   "net", "Totals", "Sum", "Summe", "Final total", "Net total"])
def test_a_totals_row_by_another_label_is_checked_not_refused(tmp_path, label):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "tot.csv", HEAD + ROWS + f"{label},,,,,,,3,1,0,-2,-2\n"), db)
    assert (rep["ingested"], _where(rep)) == (2, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]
    got, note = _ledger(db)
    assert got == {p: (v, 0) for p, v in NIGHT.items()}, (got, note)
    assert sum(v for v, _ in got.values()) == 0


@pytest.mark.parametrize("label", ["Night total", "Final", "Net"])
def test_a_wrong_totals_row_by_another_label_is_said(tmp_path, label):
    """Ann written +4 (the rows sum to +3) and Eve -3 (they sum to -2): W-CSV-TOTALS at Ann's cell (4:8) and Eve's
    (4:12), the hands stored as their rows write them, as for Grand Total."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "tot.csv", HEAD + ROWS + f"{label},,,,,,,4,1,0,-2,-3\n"), db)
    assert (rep["ingested"], _where(rep)) == (2, [])
    said = sorted((w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS")
    assert said == [(4, 8), (4, 12)], rep["warnings"]
    got, _note = _ledger(db)
    assert {p: v for p, (v, _) in got.items()} == NIGHT


def test_a_player_named_net_still_deals(tmp_path):
    """A player named Net in a Dealer cell is no totals row: hand 1 Ann alone 70, a win: Ann +4, the others -1
    (rules.md B-33)."""
    db = tmp_path / "x.duckdb"
    text = ("Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Net\n"
            "2026-11-25,Net,Ann,,alone,70,W,4,-1,-1,-1,-1\n")
    rep = _ingest(write(tmp_path, "net.csv", text), db)
    assert (rep["ingested"], _where(rep)) == (1, [])
    got, _note = _ledger(db)
    assert got == {"Ann": (4, 0), "Bob": (-1, 0), "Cal": (-1, 0), "Dee": (-1, 0), "Net": (-1, 0)}
