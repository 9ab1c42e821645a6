"""verify32 F6 (session 32; fixed by fixl32): a title row, then a row with the night's date, then the header.  The
sheets are the tester's (/tmp/verify32/r/title2.csv, title3.csv), written inline; every amount worked out by hand
from rules.md (/work/shared/reference/rules.md) before shead's figure was read.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, refused_at as _where, write

#: h1 Bea+Ed, a win as written (rules.md B-27/B-28 x1): picker 2 shares, partner 1, defenders -1 (B-31, B-33):
#:    Al -1, Bea +2, Cy -1, Di -1, Ed +1 (sum 0).
#: h2 Cy alone, lost (B-27) x1, doubled on the bump (B-32) x2: alone 4 shares (B-31): Cy -8, the others +2 (sum 0).
#: Totals: Al -1+2 = 1, Bea 2+2 = 4, Cy -1-8 = -9, Di -1+2 = 1, Ed 1+2 = 3; sum 1+4-9+1+3 = 0 (B-35).
HANDS = """Hand,Picker,Partner,Al,Bea,Cy,Di,Ed
1,Bea,Ed,-1,2,-1,-1,1
2,Cy,alone,2,2,-8,2,2
"""
TOTALS = {"Al": 1, "Bea": 4, "Cy": -9, "Di": 1, "Ed": 3}
TITLE2 = "Friday Club Sheepshead,,,,,,,\n2026-12-04,,,,,,,\n" + HANDS
TITLE3 = "Friday Club Sheepshead\nDate: 2026-12-04\n" + HANDS


def _dates(db) -> set[str]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        return {r[0] for r in con.execute("SELECT DISTINCT CAST(date AS VARCHAR) FROM hands").fetchall()}


@pytest.mark.parametrize("text", [TITLE2, TITLE3], ids=["bare-date", "date-label"])
def test_date_row_under_the_title(tmp_path, text):
    """verify32 F6: the night's date in the row between the title and the header is read as a title's date is
    (W-CSV-NIGHT names that row): both hands stored on 2026-12-04, the totals as worked above."""
    assert sum(TOTALS.values()) == 0
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "club.csv", text), db)
    assert _where(rep) == [] and not [e for e in rep.get("errors", []) if e.get("severity") == "error"]
    assert ledger(db) == TOTALS
    assert _dates(db) == {"2026-12-04"}
    (w,) = [e for e in rep["warnings"] if e["code"] == "W-CSV-NIGHT"]
    assert "2026-12-04" in w["message"] and "row 2" in w["message"]


def test_unreadable_date_row_not_contradicted(tmp_path):
    """A row above the header with a date that reads neither way ('31.31.2026'): refused E-CSV-COLUMNS naming
    that row's text, never "no date ... or in a title row above the header" as if none were written there."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "club.csv", TITLE3.replace("2026-12-04", "31.31.2026")), db)
    (e,) = [x for x in rep.get("errors", []) + rep["rejected"] if x.get("code") == "E-CSV-COLUMNS"]
    assert "31.31.2026" in e["message"]
    assert "or in a title row above the header" not in e["message"]
