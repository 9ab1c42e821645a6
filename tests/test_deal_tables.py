"""The deals dealt at two or more tables, kept per deal (``deal_tables`` and
``deal_parts``, migration 023, issue 17), and the Compare page's bounded
reads: a hand-worked deal at three tables (tests/fixtures/compare, worked
in tests/test_compare.py) through voids and an amendment; the table against
the GROUP BY over every stored deal it replaces, on generated sessions that
deal the same cards at several tables, after ingest, void, amend and
rederive, under a reader's group scope, and after any sequence of those
(a property); migration 023's backfill; one deal's tables a page at a
time; the page."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from ingest import deal_tables as dt
from ingest import store as st
from ingest.compare import compare_deal, shared_deal_count, shared_deals
from ingest.generate import generate_session_text
from ingest.scope import READ_SCOPE
from ingest.validate import validate_file, validate_text
from tests.test_compare import DEAL, P1, P2, P3, P4, P5, TABLES

ROOT = Path(__file__).resolve().parents[1]
GROUP = "Daily deal (issue 18)"
DAY = date(2026, 3, 2)

#: What deal_tables replaces: every stored deal grouped (the Compare page's query before migration 023).
RAW = """SELECT d.deal_id, count(*) AS tables, count(DISTINCT h.session_id) AS sessions,
                strftime(min(h."date"), '%Y-%m-%d'), strftime(max(h."date"), '%Y-%m-%d'), min(d.hand_id)
         FROM hand_deals d JOIN hands h USING (hand_id)
         GROUP BY d.deal_id HAVING count(*) >= 2
         ORDER BY tables DESC, min(d.hand_id)"""


def _listed(con) -> list[tuple]:
    return [(d["deal_id"], d["tables"], d["sessions"], d["first_date"], d["last_date"], d["first_hand"])
            for d in shared_deals(con)]


def _agrees(con) -> list[tuple]:
    """The stored rows are the recomputed ones and the list is the raw GROUP BY's; returns the list."""
    assert dt.stored(con) == dt.recompute(con)
    raw = [tuple(r) for r in con.execute(RAW).fetchall()]
    assert _listed(con) == raw
    assert shared_deal_count(con) == len(raw)
    return raw


def _amend(s: st.Store, text: str, numbers: set[int]):
    prior = lambda sid: [r for r in s.prior_hands(sid) if r.number not in numbers]  # noqa: E731
    return s.amend(validate_text(text, path="fix.shn", prior=prior), "corrected")


# --------------------------------------------------------------------------
# one deal at three tables, worked by hand


@pytest.fixture
def three(tmp_path) -> Path:
    path = tmp_path / "three.duckdb"
    with st.Store(path) as store:
        for f in TABLES:  # sessions 1, 2, 3 = tables A, B, C; hands 1, 2, 3
            assert store.ingest_file(validate_file(f)).stored == 1
    return path


def test_three_tables_then_two_then_one_then_two_again(three):
    with st.reading(three) as con:
        # the deal at tables A, B, C: hands 1-3, one in each session, all on 2 March 2026, one group
        assert con.execute(f"SELECT * FROM {dt.TABLE}").fetchall() == [(DEAL, GROUP, 3, 3, DAY, DAY, 1)]
        assert con.execute(f"SELECT * FROM {dt.PARTS} ORDER BY session_id").fetchall() == \
            [(DEAL, GROUP, k, 1, DAY, DAY, k) for k in (1, 2, 3)]
        assert _agrees(con) == [(DEAL, 3, 3, "2026-03-02", "2026-03-02", 1)]
    with st.Store(three) as s:
        s.void(2, "table B misread")
    with st.reading(three) as con:  # A and C left: two tables, hands 1 and 3
        assert con.execute(f"SELECT * FROM {dt.TABLE}").fetchall() == [(DEAL, GROUP, 2, 2, DAY, DAY, 1)]
        assert _agrees(con) == [(DEAL, 2, 2, "2026-03-02", "2026-03-02", 1)]
    with st.Store(three) as s:
        s.void(1, "table A misread")
    with st.reading(three) as con:  # C alone: no deal at two tables, no row of it left
        assert con.execute(f"SELECT count(*) FROM {dt.TABLE}").fetchone()[0] == 0
        assert con.execute(f"SELECT count(*) FROM {dt.PARTS}").fetchone()[0] == 0
        assert _agrees(con) == []
    with st.Store(three) as s:  # table B's hand amended back in (a voided hand comes back with its text changed:
        # sent as it was voided, it stays voided, break18b F6; a note added will do)
        _amend(s, TABLES[1].read_text().replace("partner Ann  pts 68", "partner Ann  {misread after all}  pts 68"), {1})
    with st.reading(three) as con:  # B (hand 2) and C (hand 3)
        assert con.execute(f"SELECT * FROM {dt.TABLE}").fetchall() == [(DEAL, GROUP, 2, 2, DAY, DAY, 2)]
        assert _agrees(con) == [(DEAL, 2, 2, "2026-03-02", "2026-03-02", 2)]


def test_a_group_scope_sums_only_its_own_tables(three, tmp_path):
    # table C again, as a session of another group: the deal at 3 tables of GROUP and 1 of "Other"
    text = TABLES[2].read_text().replace("duplicate/table-c", "other/c").replace(GROUP, "Other")
    with st.Store(three) as s:
        assert s.ingest_file(validate_text(text, "other.shn")).stored == 1
    with st.reading(three) as con:
        assert _agrees(con) == [(DEAL, 4, 4, "2026-03-02", "2026-03-02", 1)]
    token = READ_SCOPE.set(("Other",))
    try:
        with st.reading(three) as con:  # one table seen: not a shared deal for this reader
            assert _listed(con) == [] and shared_deal_count(con) == 0
    finally:
        READ_SCOPE.reset(token)
    token = READ_SCOPE.set((GROUP,))
    try:
        with st.reading(three) as con:
            assert _listed(con) == [(DEAL, 3, 3, "2026-03-02", "2026-03-02", 1)]
            assert [tuple(r) for r in con.execute(RAW).fetchall()] == _listed(con)
    finally:
        READ_SCOPE.reset(token)


def test_one_deal_a_page_of_tables_at_a_time(three):
    with st.reading(three) as con:
        page = compare_deal(con, DEAL, offset=1, limit=1)
        assert (page.total, page.offset, [t.hand_id for t in page.tables]) == (3, 1, [2])
        assert [t.table for t in page.tables] == ["B"]
        assert page.hands == [P1, P2, P3, P4, P5]  # as table A (the first) wrote them
        last = compare_deal(con, DEAL, offset=2, limit=5)
        assert (last.total, [t.hand_id for t in last.tables]) == (3, [3])
        assert compare_deal(con, DEAL).tables == compare_deal(con, DEAL, offset=0, limit=3).tables
        assert compare_deal(con, DEAL, offset=3, limit=1).tables == []
        with pytest.raises(ValueError):
            compare_deal(con, DEAL, offset=-1)
        with pytest.raises(ValueError):
            compare_deal(con, DEAL, limit=0)
        with pytest.raises(ValueError):
            shared_deals(con, min_tables=1)


# --------------------------------------------------------------------------
# generated sessions dealing the same cards at several tables


def _session(seed: int, n: int, group: str, name: str, day: str = "2026.01.01") -> str:
    return generate_session_text(seed, n, event=group, session=name, date=day)


@pytest.fixture(scope="module")
def gen(tmp_path_factory) -> Path:
    """Seeds 1 and 2, 40 hands each, at three and two tables of two groups on three days; seed 3 once."""
    path = tmp_path_factory.mktemp("dealtables") / "gen.duckdb"
    with st.Store(path) as s:
        for seed, grp, name, day in ((1, "Tuesday", "t/1", "2026.01.06"), (2, "Tuesday", "t/2", "2026.01.06"),
                                     (1, "Friday", "f/1", "2026.01.09"), (3, "Friday", "f/2", "2026.01.09"),
                                     (1, "Friday", "f/3", "2026.01.16"), (2, "Friday", "f/4", "2026.01.16")):
            assert s.ingest_file(validate_text(_session(seed, 40, grp, name, day), f"{name}.shn")).stored == 40
    return path


def test_generated_sessions_against_the_raw_grouping(gen, tmp_path):
    db = tmp_path / "g.duckdb"
    db.write_bytes(gen.read_bytes())
    with st.reading(db) as con:
        raw = _agrees(con)
        n_full = con.execute("SELECT count(*) FROM hand_deals").fetchone()[0]
        # seed 1's full deals at three tables, seed 2's at two, seed 3's at one: every deal dealt by a seed
        # is one deal of its own (40 hands, five-handed)
        by_tables = {}
        for r in raw:
            by_tables[r[1]] = by_tables.get(r[1], 0) + 1
        one = con.execute("SELECT count(*) FROM hand_deals d JOIN hands h USING (hand_id) WHERE h.session = 't/1'"
                          ).fetchone()[0]
        two = con.execute("SELECT count(*) FROM hand_deals d JOIN hands h USING (hand_id) WHERE h.session = 't/2'"
                          ).fetchone()[0]
        assert by_tables == {3: one, 2: two}
        assert sum(r[1] for r in raw) == 3 * one + 2 * two < n_full
        # a seed-1 deal: tables t/1 (6 Jan), f/1 (9 Jan), f/3 (16 Jan), in two groups
        assert raw[0][1:5] == (3, 3, "2026-01-06", "2026-01-16")
        hid = con.execute("SELECT min(hand_id) FROM hand_deals JOIN hands USING (hand_id) "
                          "WHERE session = 'f/1'").fetchone()[0]
    for scope in (("Tuesday",), ("Friday",), ("Friday", "Tuesday")):
        token = READ_SCOPE.set(scope)
        try:
            with st.reading(db) as con:
                assert _listed(con) == [tuple(r) for r in con.execute(RAW).fetchall()], scope
        finally:
            READ_SCOPE.reset(token)
    with st.Store(db) as s:
        s.void(hid, "dealt twice")
    with st.reading(db) as con:
        after = _agrees(con)
        assert len(after) == len(raw) and sum(r[1] for r in after) == sum(r[1] for r in raw) - 1
    # amend hand 5 of t/2 (seed 2) to seed 3's hand 5 (the same dealer, Ed): a seed-2 deal loses a table
    # (left at f/4 only), a seed-3 deal gains one (f/2 and t/2)
    hand5 = re.split(r"\n(?=hand \d+)", _session(3, 40, "Tuesday", "t/2", "2026.01.06"))
    header = hand5[0]
    five = next(h for h in hand5 if h.startswith("hand 5 "))
    with st.Store(db) as s:
        rep = _amend(s, header + "\n" + five.strip() + "\n", {5})
        assert [h[:2] for h in rep.hands] == [("t/2", 5)]
    with st.reading(db) as con:
        amended = _agrees(con)
        assert len(amended) == len(after)  # one deal dropped to one table, one rose to two
        assert sum(r[1] for r in amended) == sum(r[1] for r in after)
    con = duckdb.connect(str(db))  # spoil two sessions' parts behind the store's back: rederive puts them back
    try:
        con.execute(f"UPDATE {dt.PARTS} SET tables = 5 WHERE session_id = 2")
        con.execute(f"DELETE FROM {dt.PARTS} WHERE session_id = 1")
    finally:
        con.close()
    st.Store(db).rederive()
    with st.reading(db) as con:
        assert _agrees(con) == amended


def test_migration_023_backfills_a_database_from_before_it(gen, tmp_path):
    db = tmp_path / "old.duckdb"
    db.write_bytes(gen.read_bytes())
    with st.reading(db) as con:
        want = dt.stored(con)
    con = duckdb.connect(str(db))
    con.execute(f"DROP TABLE {dt.TABLE}")
    con.execute(f"DROP TABLE {dt.PARTS}")
    con.execute("DELETE FROM schema_migrations WHERE version = 23")
    con.close()
    with st.reading(db) as con:  # the read-only open migrates first: deal_tables.rebuild
        assert dt.stored(con) == want
        _agrees(con)


# --------------------------------------------------------------------------
# property: any ingest / void sequence keeps the table equal to the raw grouping

STEP = hs.tuples(hs.sampled_from(("ingest", "ingest", "void")), hs.integers(1, 3), hs.sampled_from(("G", "H")),
                 hs.integers(0, 10_000))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=hs.lists(STEP, min_size=1, max_size=6))
def test_the_table_equals_the_raw_grouping_after_any_steps(tmp_path_factory, steps):
    db = tmp_path_factory.mktemp("dtprop") / "p.duckdb"
    with st.Store(db) as s:
        for k, (action, seed, grp, pick) in enumerate(steps):
            if action == "ingest":
                assert s.ingest_file(validate_text(_session(seed, 4, grp, f"s{k}"), f"s{k}.shn")).stored == 4
            else:
                with s.using() as con:
                    ids = [i for (i,) in con.execute("SELECT hand_id FROM hands ORDER BY hand_id").fetchall()]
                if ids:
                    s.void(ids[pick % len(ids)], "random void")
    with st.reading(db) as con:
        _agrees(con)


# --------------------------------------------------------------------------
# the page: a deal at more tables than it shows at once


def test_page_shows_a_page_of_tables_and_the_count(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    db = tmp_path / "many.duckdb"
    with st.Store(db) as s:  # seed 1's two hands at 14 tables
        for k in range(14):
            assert s.ingest_file(validate_text(_session(1, 2, "G", f"t{k:02d}"), f"t{k}.shn")).stored == 2
    with st.reading(db) as con:
        deal = shared_deals(con)[0]["deal_id"]
        assert shared_deals(con)[0]["tables"] == 14
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "compare.py"), default_timeout=60)
    at.query_params["deal"] = deal
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    side = at.dataframe[1].value
    assert list(side.columns)[1:] == [f"1 (#{2 * k + 1})" for k in range(12)]  # Table "1", hands 1, 3, 5 ...
    assert any("Tables 1–12 of 14" in c.value for c in at.caption)
    tables = at.selectbox(key=f"shead.compare.tables.{deal}")
    assert tables.options == ["1–12 of 14", "13–14 of 14"]
    tables.select(12).run()
    side = at.dataframe[1].value
    assert list(side.columns)[1:] == ["1 (#25)", "1 (#27)"]
    assert any("Tables 13–14 of 14" in c.value for c in at.caption)
    # asked for by a hand of it (hand 28: the second deal, hands 2, 4 ... 28), and by a deal nobody was dealt
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "compare.py"), default_timeout=60)
    at.query_params["deal"] = "28"
    at.run()
    second = at.selectbox(key="shead.compare.deal")
    assert second.value != deal and second.value == second.options[1].split()[0]
    assert list(at.dataframe[1].value.columns)[1:] == [f"1 (#{2 * k + 2})" for k in range(12)]
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "compare.py"), default_timeout=60)
    at.query_params["deal"] = "D0000000000000000"
    at.run()
    assert not at.exception and at.selectbox(key="shead.compare.deal").value == deal
