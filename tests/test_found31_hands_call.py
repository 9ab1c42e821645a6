"""Session 31, metrics31 (an outside tester's hand check of the dashboard's metrics): F7 (second half).

F7 -- the Hands page's call column cut "AH under 7C" to "AH under": the column is as wide as its longest call.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest.store import Store
from ingest.validate import validate_text

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"

HEAD = """%SHN 1.0
[Event "{event}"]
[Date "2026.12.03"]
[Seats "Ann=Ann Kraus; Bob=Bob Lenz; Cal=Cal Ruiz; Dee=Dee Voss; Eve=Eve Marsh"]
[Rules "wi5-called-ace"]
"""
DEAL = """deal Ann QS JD 9C 7S TH 8H
deal Bob QC JC AD TD KC 9S
deal Cal QH JH 8D AC 8C KH
deal Dee QD KD 7D AH 7C TS
deal Eve JS 9D TC KS 8S 9H
blind AS 7H
pick Bob
bury AS KC
call AH
t1 Ann: 9C TD 8C 7C TC
t2 Bob: QC 8D KD 9D JD
"""
PROBE = HEAD.format(event="Probe Club") + f"""
hand 1  dealer Eve
{DEAL}t3 Bob: 7H KH AH 9H 8H
t4 Dee: QD JS QS JC QH
t5 Ann: TH AD JH 7D KS
t6 Cal: AC TS 8S 7S 9S
partner Dee  pts ^61  tricks 3  win
score Ann -1 Bob +2 Cal -1 Dee +1 Eve -1

hand 2  dealer Ann
pick Cal  call AS  partner Eve
score Ann -2 Bob -2 Cal +4 Dee -2 Eve +2

hand 3  dealer Bob
pick Dee  alone
score Ann -3 Bob -3 Cal -3 Dee +12 Eve -3

hand 4  dealer Cal
leaster -

hand 5  dealer Dee
pick Bob
score Ann -1 Bob +2 Cal +1 Dee -1 Eve -1

hand 6  dealer Eve
pick Ann  call AH under 7C  partner Cal  pts 25  lose-s
"""


def _db(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / f"{name}.duckdb"
    res = validate_text(text, path=f"{name}.shn")
    assert not res.rejected, [r.errors for r in res.rejected]
    with Store(path) as store:
        store.ingest_file(res)
    return path


@pytest.fixture
def probe_db(tmp_path) -> Path:
    return _db(tmp_path, PROBE, "probe")


def _page(name: str, db: Path, monkeypatch, **params: str) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# --- F7 (second half): the Hands page shows the whole call -----------------------------------------------------

def test_f7_hands_call_column_is_wide_enough(probe_db, monkeypatch):
    from dashboard.text import column_px

    at = _page("hands.py", probe_db, monkeypatch)
    (d,) = at.dataframe
    assert "AH under 7C" in d.value["call"].to_list()
    cols = json.loads(d.proto.columns)
    width = cols["call"].get("width")
    assert width is not None and width >= column_px(["AH under 7C"]), cols["call"]
