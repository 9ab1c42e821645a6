"""verify33 findings fixed by fixh33: F2 (W-NUL on a CSV read in batches), F4 (a NetSchafkopf protocol cut after its
last trick says the file ends mid-game), and the Sheet legend of a renege under offenderPaysEach."""
from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import ledger
from tests.test_found33_left import _said, _stored

# --------------------------------------------------------------------------------------------------------------------
# F2: a CSV sheet read in batches gives the W-NUL the sheet read whole gives (break33 F7, break23 F9).
#
# Five players, wi5-called-ace (B-33; DOB B-32), the sheet verify33 wrote (c4_nul.csv), each row worked:
#   1 Bob+Cal 70, a plain win (B-28 61-90): Bob +2, Cal +1, Ann/Dot/Eve -1
#   2 Cal+Dot 40, a loss (31-60), DOB x2: Cal -4, Dot -2, Ann/Bob/Eve +2
#   3 Dot+Eve 95, schneider (91-120) x2: Dot +4, Eve +2, Ann/Bob/Cal -2
#   4 Eve alone 65, a win, alone 4 shares: Eve +4, others -1
#   5 Ann+Bob 20, schneidered (0-30) x2, DOB x2: Ann -8, Bob -4, Cal/Dot/Eve +4
#   6 Bob+Eve 61, a win (61 wins, B-27): Bob +2, Eve +1, Ann/Cal/Dot -1
# Totals: Ann -1+2-2-1-8-1 = -11, Bob 2+2-2-1-4+2 = -1, Cal 1-4-2-1+4-1 = -3, Dot -1-2+4-1+4-1 = 3,
#         Eve -1+2+2+4+4+1 = 12 (sum 0).
# --------------------------------------------------------------------------------------------------------------------

ROWS = """Date,Hand,Dealer,Picker,Partner,Call,Points,Notes,Ann,Bob,Cal,Dot,Eve\r
2026-11-26,1,Ann,Bob,Cal,AH,70,,-1,+2,+1,-1,-1\r
2026-11-26,2,Bob,Cal,Dot,AH,40,,+2,+2,-4,-2,+2\r
2026-11-26,3,Cal,Dot,Eve,AS,95,,-2,-2,-2,+4,+2\r
2026-11-26,4,Dot,Eve,,alone,65,fine,-1,-1,-1,-1,+4\r
2026-11-26,5,Eve,Ann,Bob,AC,20,,-8,-4,+4,+4,+4\r
2026-11-26,6,Ann,Bob,Eve,AH,61,,-1,+2,-1,-1,+1\r
"""
TOTALS = {"Ann": -11, "Bob": -1, "Cal": -3, "Dot": 3, "Eve": 12}


def test_f2_the_sheet_work_is_zero_sum():
    assert sum(TOTALS.values()) == 0


def _run(tmp_path, monkeypatch, name, data, batch=2):
    import tests.test_found33_left as left

    monkeypatch.setattr(left, "write", lambda d, n, text: _put(d, n, data))
    return left._both(tmp_path, monkeypatch, name, "", batch=batch)


def _put(d: Path, n: str, data: bytes) -> Path:
    p = Path(d) / n
    p.write_bytes(data)
    return str(p)


def _nul(rep):
    return [(w["line"], w["col"], w["message"]) for w in rep.get("warnings", []) if w["code"] == "W-NUL"]


def test_f2_nuls_after_the_last_row_read_in_batches_say_where_they_start(tmp_path, monkeypatch):
    # 7 lines each ending CR LF: the 4,096 NULs start at line 8, column 1
    data = ROWS.encode() + b"\x00" * 4096
    (whole, wdb), (batched, bdb) = _run(tmp_path, monkeypatch, "c4_nul.csv", data)
    for rep, db in ((whole, wdb), (batched, bdb)):
        assert rep["rejected"] == [] and rep["ingested"] == 6
        assert ledger(db) == TOTALS
        (w,) = _nul(rep)
        assert w[:2] == (8, 1) and "4,096 NUL" in w[2], w
    assert _stored(bdb) == _stored(wdb)
    assert _said(batched) == _said(whole)


def test_f2_nuls_after_a_last_row_without_line_end_in_batches(tmp_path, monkeypatch):
    # the last row without its CR LF: the NULs start on line 7 after its 46 characters, column 47
    body = ROWS.encode()[:-2]
    assert len(body.split(b"\n")[-1]) == 46
    (whole, wdb), (batched, bdb) = _run(tmp_path, monkeypatch, "c5.csv", body + b"\x00" * 100, batch=4)
    for rep in (whole, batched):
        (w,) = _nul(rep)
        assert w[:2] == (7, 47), w
    assert _stored(bdb) == _stored(wdb)
    assert _said(batched) == _said(whole)


def test_f2_a_stray_nul_in_a_cell_read_in_batches_is_said_as_read_whole(tmp_path, monkeypatch):
    # row 3 (line 3) written 'AH\0' in its Call cell, the 6th cell: W-NUL at 3:6, the row refused for its call,
    # the other five stored: totals less row 2's (Ann +2, Bob +2, Cal -4, Dot -2, Eve +2):
    # Ann -13, Bob -3, Cal 1, Dot 5, Eve 10 (sum 0)
    data = ROWS.replace("Dot,AH,40", "Dot,AH\x00,40").encode()
    (whole, wdb), (batched, bdb) = _run(tmp_path, monkeypatch, "c9_stray.csv", data)
    for rep, db in ((whole, wdb), (batched, bdb)):
        (w,) = _nul(rep)
        assert w[:2] == (3, 6), w
        assert [e["line"] for e in rep["rejected"]] == [3]
        assert "\x00" not in rep["rejected"][0]["message"] and "\x00" not in str(rep["rejected"][0].get("found"))
        assert ledger(db) == {"Ann": -13, "Bob": -3, "Cal": 1, "Dot": 5, "Eve": 10}
    assert _stored(bdb) == _stored(wdb)
    assert _said(batched) == _said(whole)
