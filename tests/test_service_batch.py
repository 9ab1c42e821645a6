"""The service's one writer (dashboard/batch.py): posts queued together are
stored in one transaction when they can share it, and each post gets the
answer it would get alone; anything else is stored post by post.

In-process (a :class:`dashboard.service.Service` on a temporary database,
no HTTP: tests/test_service.py covers the wire), with the posts queued in one
go (``BatchWriter.submit_many``) so that they are one batch.  The hands are
generated one-hand SHN files (tests/service_helpers.one_hand_posts), each
session ``Batch k`` of the group "Batch".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.service import OWNER, Caller, Service
from ingest.store import connect
from tests.service_helpers import one_hand_posts

GROUP = "Batch"
SCORER = Caller(1, GROUP, "scorer")
NEW = {"ingested": 1, "duplicates": 0, "rejected": [], "warnings": []}
DUP = {"ingested": 0, "duplicates": 1, "rejected": [], "warnings": []}
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "metrics.shn"


@pytest.fixture(scope="module")
def posts():
    return one_hand_posts(6, 2, event=GROUP, seed=5)  # 6 sessions of 2 hands


def answers(svc: Service, items: list[tuple]) -> list[tuple[dict, int]]:
    return [f.result(timeout=300) for f in svc.writer.submit_many(items)]


def stored(db: Path) -> dict:
    con = connect(db, read_only=True)
    try:
        rows = con.execute("SELECT h.session, h.hand, u.seat, u.units FROM hands h JOIN hand_units u "
                           "USING (hand_id) ORDER BY 1, 2, 3").fetchall()
    finally:
        con.close()
    out: dict = {}
    for session, hand, seat, units in rows:
        out.setdefault((session, hand), {})[seat] = units
    return out


def test_posts_queued_together_share_one_transaction_and_answer_as_alone(posts, tmp_path):
    svc = Service(tmp_path / "b.duckdb", hold=5.0)
    try:
        first = answers(svc, [(SCORER, f"p{k}.shn", posts[k][0].encode(), False) for k in range(6)])
        assert first == [(NEW, 200)] * 6
        assert (svc.writer.batches, svc.writer.combined) == (1, 6)  # one transaction for the six
        # hand 2 of sessions 0-4 and hand 1 of session 5 again: five new, one duplicate, one transaction
        second = answers(svc, [(SCORER, f"p{k}.shn", posts[k][1].encode(), False) for k in range(5)]
                         + [(SCORER, "again.shn", posts[5][0].encode(), False)])
        assert second == [(NEW, 200)] * 5 + [(DUP, 200)]
        assert (svc.writer.batches, svc.writer.combined) == (2, 12)
    finally:
        svc.close()
    batched = stored(tmp_path / "b.duckdb")
    assert len(batched) == 11  # 6 + 5 hands, each once
    assert all(sum(u.values()) == 0 and len(u) == 5 for u in batched.values())  # zero-sum, five seats
    # the same hands posted one by one, in order, store the same units (the carry is the session's own)
    alone = Service(tmp_path / "a.duckdb", hold=5.0)
    try:
        for k in range(6):
            assert alone.post_one(SCORER, f"p{k}.shn", posts[k][0].encode(), False) == (NEW, 200)
        for k in range(5):
            assert alone.post_one(SCORER, f"p{k}.shn", posts[k][1].encode(), False) == (NEW, 200)
    finally:
        alone.close()
    assert stored(tmp_path / "a.duckdb") == batched
    con = connect(tmp_path / "b.duckdb", read_only=True)
    try:  # each hand's source file is its own post's name, not the batch's
        assert sorted(f for (f,) in con.execute("SELECT DISTINCT file FROM hand_source").fetchall()) == \
            [f"p{k}.shn" for k in range(6)]
    finally:
        con.close()


def test_a_rejected_hand_in_the_batch_stores_every_post_alone(posts, tmp_path):
    # the Friday Club's hand 6 of tests/fixtures/metrics.shn: units +1 +2 +1 -1 -1 sum to +2, not 0
    text = FIXTURE.read_text(encoding="utf-8")
    header = text[text.index('[Session "fri-0314"]'):text.index("\nhand 1 ")]
    bad = ("%SHN 1.0\n" + header + "\n" + text[text.index("hand 6 "):text.index("\nhand 7 ")]).encode()
    svc = Service(tmp_path / "r.duckdb", hold=5.0)
    try:
        got = answers(svc, [(OWNER, "p0.shn", posts[0][0].encode(), False), (OWNER, "bad.shn", bad, False),
                            (OWNER, "p1.shn", posts[1][0].encode(), False)])
        assert svc.writer.batches == 0  # not combined: each post stored alone
    finally:
        svc.close()
    assert got[0] == (NEW, 200) and got[2] == (NEW, 200)
    body, status = got[1]
    assert status == 422 and body["ingested"] == 0 and [e["hand"] for e in body["rejected"]] == [6]
    # bad.shn: line 1 %SHN, 2-7 the six session tags, 8 blank, 9 "hand 6", 10 its pick line, 11 its score line
    assert body["rejected"][0]["file"] == "bad.shn" and body["rejected"][0]["line"] == 11
    assert sorted(stored(tmp_path / "r.duckdb")) == [(f"{GROUP} 0", 1), (f"{GROUP} 1", 1)]


def test_another_groups_hand_in_the_batch_is_refused_and_the_rest_stored(posts, tmp_path):
    other = one_hand_posts(1, 1, event="Other Club", seed=9)[0][0].encode()
    svc = Service(tmp_path / "g.duckdb", hold=5.0)
    try:
        got = answers(svc, [(SCORER, "p0.shn", posts[0][0].encode(), False), (SCORER, "o.shn", other, False),
                            (SCORER, "p1.shn", posts[1][0].encode(), False)])
    finally:
        svc.close()
    assert got[0] == (NEW, 200) and got[2] == (NEW, 200)
    body, status = got[1]
    assert status == 403 and body["ingested"] == 0 and body["rejected"][0]["code"] == "E-GROUP"
    assert sorted(stored(tmp_path / "g.duckdb")) == [(f"{GROUP} 0", 1), (f"{GROUP} 1", 1)]


def test_two_posts_of_one_session_in_a_batch_are_stored_in_order(posts, tmp_path):
    svc = Service(tmp_path / "s.duckdb", hold=5.0)
    try:
        got = answers(svc, [(SCORER, "h1.shn", posts[0][0].encode(), False),
                            (SCORER, "x.shn", posts[1][0].encode(), False),
                            (SCORER, "h2.shn", posts[0][1].encode(), False)])
        # the first two share a transaction; hand 2 of session 0 comes after, alone, continuing its carry
        assert (svc.writer.batches, svc.writer.combined) == (1, 2)
    finally:
        svc.close()
    assert got == [(NEW, 200)] * 3
    assert sorted(stored(tmp_path / "s.duckdb")) == [(f"{GROUP} 0", 1), (f"{GROUP} 0", 2), (f"{GROUP} 1", 1)]
