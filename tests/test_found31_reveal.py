"""Session 31, metrics31 (an outside tester's hand check of the dashboard's metrics): F1.

F1 -- the Partner calls page's "Trick on which the partner was revealed" said "over the 1 full card-log hands with a
partner ... trick 3 (1)" for a night of two card-log hands (both: Bob picks, calls A♥, Dee the partner): hand 1 Dee's
A♥ falls in trick 3 (rules.md B-9: the partner is secret until the called ace appears), then Bob claims; hand 2 Bob claims after
trick 2, A♥ never played, so the partner is never revealed in play.  design.md §4: a statistic that needs cards counts
only hands with a card log and says so, and nothing is silently dropped: 2 card-log hands with a partner, 1 revealed
at trick 3, 1 claimed before the reveal.  (Hand 2 is dealt by Eve again, as the tester wrote it: a W-SESSION-DEALER
warning, the hand kept.)
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
CLAIM = HEAD.format(event="Claim Club") + f"""
hand 1  dealer Eve
{DEAL}t3 Bob: 7H KH AH 9H 8H
claim Bob
partner Dee  win-z

hand 2  dealer Eve
{DEAL}claim Bob
partner Dee  win-z
"""


def _db(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / f"{name}.duckdb"
    res = validate_text(text, path=f"{name}.shn")
    assert not res.rejected, [r.errors for r in res.rejected]
    with Store(path) as store:
        store.ingest_file(res)
    return path


@pytest.fixture
def claim_db(tmp_path) -> Path:
    return _db(tmp_path, CLAIM, "claim")


def _page(name: str, db: Path, monkeypatch, **params: str) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# --- F1: the reveal counts every card-log hand with a partner ------------------------------------------------

@pytest.mark.parametrize("f", [Filters(), Filters(players=("Bob Lenz",))], ids=["summary", "hands"])
def test_f1_reveal_counts_the_claimed_hand(claim_db, f):
    with reading(claim_db) as con:
        rv = metrics.partner_reveal(con, f)
    got = {r["trick"]: r["hands"] for r in rv.to_dicts() if r["hands"]}
    assert got == {3: 1, None: 1}  # hand 1 revealed at trick 3; hand 2 claimed, A♥ never played
    assert int(rv["hands"].sum()) == 2
    assert rv.filter(rv["trick"] == 3)["share"].to_list() == [0.5]


def test_f1_the_not_revealed_row_lists_the_claimed_hand(claim_db):
    from dashboard import hand_list as hl

    with reading(claim_db) as con:
        q = hl.HandQuery(kind="picked", reveal=0)
        assert hl.hand_count(con, Filters(), q) == 1
        assert hl.hand_list(con, Filters(), q)["hand"].to_list() == [2]  # claimed after t2, A♥ never played
        assert hl.hand_list(con, Filters(), hl.HandQuery(kind="picked", reveal=3))["hand"].to_list() == [1]
    assert hl.describe_query(q).endswith("partner not revealed in play")
    _, back, problems = hl.from_params({"kind": "picked", "reveal": "0"})
    assert back.reveal == 0 and not problems


def test_f1_partner_calls_page_says_two_hands(claim_db, monkeypatch):
    at = _page("partner_calls.py", claim_db, monkeypatch)
    text = "\n".join(c.value for c in at.caption)
    assert "over the 2 full card-log hands with a partner" in text, text
    assert "trick 3 (1)" in text and "not revealed (1)" in text, text
    assert "over the 1 full card-log hands" not in text
