"""Session 31, metrics31 (an outside tester's hand check of the dashboard's metrics): F2.

F2 -- "mean points (card log)" showed the table-agreed 61 of `pts ^61` (notation.md: stored as written, provenance
conflict; the ledger uses it) instead of what the cards give.  Hand 1 of the probe, worked by hand (rules.md A-2 card
points A 11, T 10, K 4, Q 3, J 2; B-24: picker-side points = tricks won by picker and partner + the bury):
  t1 Ann leads 9C; Bob TD (trump) wins: 0 + 10 + 0 + 0 + 10 (TC) = 20 -> Bob
  t2 QC wins (Bob): 3 + 0 + 4 + 0 + 2 = 9 -> Bob
  t3 7H KH AH 9H 8H: AH (Dee) wins: 0 + 4 + 11 + 0 + 0 = 15 -> Dee
  t4 QD JS QS JC QH: QS (Ann) wins: 3 + 2 + 3 + 2 + 3 = 13 -> Ann
  t5 TH AD JH 7D KS: JH (Cal) wins: 10 + 11 + 2 + 0 + 4 = 27 -> Cal
  t6 AC TS 8S 7S 9S: AC (Cal, led clubs) wins: 11 + 10 + 0 + 0 + 0 = 21 -> Cal
  picker side Bob + Dee: 20 + 9 + 15 = 44 in tricks, bury AS KC = 11 + 4 = 15: 59 (ingest warns "the cards give
  59"); the defenders 13 + 27 + 21 = 61; 59 + 61 = 120.
The ace calls of the probe: hand 1 (card log, agreed 61, cards 59) and hand 2 (score sheet, no pts): the all-hands
"mean points" over the 1 hand with points known keeps the agreed 61.0; the card-log column reads 59.0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import metrics
from dashboard.filters import Filters
from ingest.store import Store, reading
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


# --- F2: the card-log mean reads the cards, not the agreed points --------------------------------------------

@pytest.mark.parametrize("f", [Filters(), Filters(players=("Bob Lenz", "Cal Ruiz"))], ids=["summary", "hands"])
def test_f2_card_log_mean_is_the_cards_points(probe_db, f):
    with reading(probe_db) as con:
        bt = metrics.calls_by_type(con, f)
        bs = metrics.calls_by_suit(con, f)
    ace = bt.filter(bt["call_type"] == "ace").to_dicts()[0]
    assert (ace["hands"], ace["points_hands"], ace["card_log_hands"]) == (2, 1, 1)
    assert ace["mean_points"] == 61.0  # the agreed points, as the ledger has them
    assert ace["mean_points_card_log"] == 59.0  # 44 in tricks + 15 buried (rules.md B-24)
    h = bs.filter(bs["called_suit"] == "H").to_dicts()[0]
    assert (h["hands"], h["mean_points"], h["card_log_hands"], h["mean_points_card_log"]) == (2, 43.0, 1, 59.0)
    # hand 6 (score sheet, AH under 7C, pts 25) is the other H hand: (61 + 25) / 2 = 43.0 over every hand


def test_f2_partner_calls_page_shows_59(probe_db, monkeypatch):
    at = _page("partner_calls.py", probe_db, monkeypatch)
    bt = at.dataframe[0].value
    ace = bt[bt["call_type"] == "ace"].to_dict("records")[0]
    assert ace["mean_points_card_log"] == 59.0 and ace["mean_points"] == 61.0
