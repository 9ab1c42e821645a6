"""Score sheets brought by fixn's report ("Left": tb4.csv) and break25 (session 25, round 2: F4, F5, F8), fixed by
fixq in session 25: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.  Default profile wi5-called-ace (doubleOnBump on)
unless said.

Hands used (rules.md B-27/B-28: 61..90 a plain win; B-31, B-33: picker 2 shares, partner 1, each defender 1):
- "Hank/Jake 78": Hank +2, Jake +1, Irma/Kurt/Lena -1.
- "Irma/Jake 65": Irma +2, Jake +1, Hank/Kurt/Lena -1.
- "Jake/Kurt 70": Jake +2, Kurt +1, Hank/Irma/Lena -1.
"""

from __future__ import annotations

import json

import pytest

import duckdb

from tests.cli_helpers import cli, ledger, write


def _ingest(path: str, db, *extra: str) -> dict:
    """``shead ingest PATH --db DB --json``: its JSON report (the line after the text)."""
    r = cli("ingest", path, "--db", str(db), "--json", *extra, ok=False)
    (line,) = [x for x in r.output.splitlines() if x.startswith("{")]
    return json.loads(line)


def _where(report: dict) -> list[tuple[int, int, str, int]]:
    """Each refused hand's (line, column, code, hand)."""
    return [(e["line"], e["col"], e["code"], e["hand"]) for e in report["rejected"]]


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(
            "SELECT s.session, CAST(s.date AS VARCHAR), h.hand, h.picker, h.partner, h.outcome, "
            "list(u.player || '=' || u.units ORDER BY u.seat_no) FROM hands h JOIN sessions s USING (session_id) "
            "JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY 2, 3").fetchall()


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


# -- fixn's left item: a CSV's second block under the first block's date, numbered from 1 again ---------------------

#: tb4.csv as fixn wrote it: the first block is 2026-12-08's hands 1-3; the second block (rows 6-9) repeats that
#: date and numbers from 1 again (another night copied, its date not changed).  Rows 6-8 were refused and row 9
#: (hand 4) was stored as the first night's hand 4.  Now the whole second block is refused, each row at its Hand
#: cell (column 2).  Stored: rows 2-4 only.  Ledger (hand by hand, see the module docstring):
#: Hank 2 - 1 - 1 = 0, Irma -1 + 2 - 1 = 0, Jake 1 + 1 + 2 = 4, Kurt -1 - 1 + 1 = -1, Lena -1 - 1 - 1 = -3.
TB4 = """Date,Hand,Dealer,Picker,Partner,Call,Points,Hank,Irma,Jake,Kurt,Lena
2026-12-08,1,Lena,Hank,Jake,AS,78,2,-1,1,-1,-1
,2,Hank,Irma,Jake,AC,65,-1,2,1,-1,-1
,3,Irma,Jake,Kurt,AC,70,-1,-1,2,1,-1

2026-12-08,1,Lena,Kurt,Jake,AS,78,-1,-1,1,2,-1
,2,Hank,Lena,Irma,AH,80,-1,1,-1,-1,2
,3,Irma,Hank,Kurt,AS,75,2,-1,-1,1,-1
,4,Jake,Irma,Lena,AS,75,-1,2,-1,-1,1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_block_numbered_from_1_again_under_the_same_date_is_refused_whole(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "tb4.duckdb"
    rep = _ingest(write(tmp_path, "tb4.csv", TB4), db)
    assert rep["ingested"] == 3
    assert _where(rep) == [(6, 2, "E-CSV-HAND-ORDER", 1), (7, 2, "E-CSV-HAND-ORDER", 2),
                           (8, 2, "E-CSV-HAND-ORDER", 3), (9, 2, "E-CSV-HAND-ORDER", 4)]
    first, last = rep["rejected"][0]["message"], rep["rejected"][3]["message"]
    assert "write that night's date" in first and "refused with it" in first
    assert rep["rejected"][2]["message"].startswith("row 8: hand 3 again: row 4 is this night's hand 3")
    assert "numbering this night from 1 again at row 6, after its hand 3 (row 4)" in last
    assert "none of those rows is stored" in last and "write that night's date" in last
    assert [h[2] for h in _hands(db)] == [1, 2, 3]
    assert ledger(db) == {"Hank": 0, "Irma": 0, "Jake": 4, "Kurt": -1, "Lena": -3}


def test_the_next_nights_block_after_a_refused_one_is_stored(tmp_path):
    """The refused block ends where another night's rows start: 2026-12-15's hand 1 (Jake/Kurt 70: Jake +2, Kurt +1,
    the others -1) is stored.  Ledger: tb4's (Hank 0, Irma 0, Jake 4, Kurt -1, Lena -3) plus that hand:
    Hank -1, Irma -1, Jake 6, Kurt 0, Lena -4."""
    db = tmp_path / "tb5.duckdb"
    text = TB4 + "\n2026-12-15,1,Irma,Jake,Kurt,AC,70,-1,-1,2,1,-1\n"
    rep = _ingest(write(tmp_path, "tb5.csv", text), db)
    assert rep["ingested"] == 4
    assert [x[:2] for x in _where(rep)] == [(6, 2), (7, 2), (8, 2), (9, 2)]
    assert [(h[1], h[2]) for h in _hands(db)] == [("2026-12-08", 1), ("2026-12-08", 2), ("2026-12-08", 3),
                                                  ("2026-12-15", 1)]
    assert ledger(db) == {"Hank": -1, "Irma": -1, "Jake": 6, "Kurt": 0, "Lena": -4}
