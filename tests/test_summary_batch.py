"""The summaries of a new session computed from the batch in hand
(``ingest.summary.refresh_new``, issue 17): a first ingest writes the
``session_players``, ``session_hands`` and ``session_deals`` rows of the
sessions it creates from the rows it has just built, instead of
re-aggregating the stored rows in SQL.  The SQL (``summary._select``,
``summary._select_hands``, ``deal_summary.select_sql``) stays the
definition; here:

* three hands of tests/test_summary.py's session worked by hand (Cy's
  rows per pick-order position, the three hand kinds), stored through the
  batch path (the SQL refresh is never asked for the new session);
* a hypothesis property: any generated sessions (every named profile,
  misdeals, score-sheet lines, refused hands, a second file adding hands
  to a stored session, which goes through the SQL refresh) leave the three
  tables equal to their SQL recompute;
* a hand the batch path does not read (a non-canonical date) sends its
  session to the SQL refresh, with the same rows;
* ``deal_tables`` and ``deal_parts`` (migration 023, the deals shared
  between sessions) are refreshed in SQL for a new session too, and equal
  their recompute after every case above.

tests/test_summary.py's and tests/test_deal_summary.py's hand-worked
sessions are first ingests too, so they check the batch path as well.
"""

from __future__ import annotations

import dataclasses
import re
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from ingest import deal_summary, deal_tables, summary
from ingest import store as st
from ingest.generate import generate_session_text
from ingest.validate import validate_text
from replay.profile import NAMED_PROFILES
from tests.test_summary import H1, H2, H3, LEASTER, ingest, shn


def _tables(con) -> tuple[list, ...]:
    return tuple(sorted(con.execute(f"SELECT * FROM {t}").fetchall(), key=summary._key)
                 for t in ("session_players", "session_hands", "session_deals", "deal_tables", "deal_parts"))


def _recomputed(con) -> tuple[list, ...]:
    return (summary.recompute(con), summary.recompute_hands(con), deal_summary.recompute(con),
            *deal_tables.recompute(con))


@pytest.fixture
def sql_refreshes(monkeypatch) -> list[list[int]]:
    """The session ids each SQL refresh was asked for (empty asks left out)."""
    asked: list[list[int]] = []
    refresh = summary.refresh

    def spy(con, session_ids):
        ids = list(session_ids)
        if ids:
            asked.append(ids)
        return refresh(con, ids)

    monkeypatch.setattr(summary, "refresh", spy)
    return asked


# --------------------------------------------------------------------------
# three hands worked by hand
#
#   hand 1 dealer Ed  pick Al call AH partner Cy  win   72   Al +2 Bo -1 Cy +1 Di -1 Ed -1
#   hand 2 dealer Al  pick Cy alone               win-s 95   Al -2 Bo -2 Cy +8 Di -2 Ed -2
#   hand 3 dealer Bo  leaster Cy                             Al -1 Bo -1 Cy +4 Di -1 Ed -1
#
# Cy sits at pick-order position 3 in hand 1 (Ed deals: Al 1, Bo 2, Cy 3), 2 in hand 2 (Al deals: Bo 1,
# Cy 2) and 1 in hand 3 (Bo deals): one row per position.
#   position 3: partner of a won hand: units +1; Al picked from position 1, so the blind never reached Cy
#   position 2: picked (offered after Bo passed) and played alone, won schneider: picker units +8
#   position 1: a leaster: every seat offered, nobody picked; Cy won it: +4
# --------------------------------------------------------------------------

CY_COLS = ("position", "hands", "units", "dealt", "offered", "offered_picks", "picks", "wins", "alone",
           "alone_wins", "picker_units", "pk_ws", "pt_n", "df_n", "unk_n", "rp_n", "rp_units", "rp_sf",
           "rp_alone", "rt_n", "rt_wins", "rt_units")
CY_WORKED = [
    # pos hands units dealt off offp picks wins alone alw  pu   pk_ws pt_n df_n unk rp_n rp_u rp_sf rp_al rt_n rt_w rt_u
    (1, 1, 4, 1, 1, 0, 0, 0, 0, 0, None, 0, 0, 0, 0, 0, None, 0, 0, 0, 0, None),
    (2, 1, 8, 1, 1, 1, 1, 1, 1, 1, 8, 1, 0, 0, 0, 1, 8, 1, 1, 0, 0, None),
    (3, 1, 1, 1, 0, 0, 0, 0, 0, 0, None, 0, 1, 0, 0, 0, None, 0, 0, 1, 1, 1),
]
#: session_hands: outcome, alone, dealer known, partner known, hands, picker points (n), picker units (n);
#: the leaster keeps its written points (pts 10, the winner's) as picker points, and has no picker units
HANDS_WORKED = [
    ("leaster", False, True, False, 1, 10, 1, None, 0),
    ("win", False, True, True, 1, 72, 1, 2, 1),
    ("win-s", True, True, False, 1, 95, 1, 8, 1),
]


def test_three_hands_worked_by_hand_from_the_batch(db, sql_refreshes):
    with st.Store(db) as s:
        ingest(s, shn(H1, H2, H3))
    assert sql_refreshes == []  # a new session: its rows came from the batch
    with st.reading(db) as con:
        cols = ", ".join(CY_COLS)
        assert con.execute(f"SELECT {cols} FROM session_players WHERE player = 'Cy' ORDER BY position").fetchall() \
            == CY_WORKED
        assert con.execute("SELECT DISTINCT session, date, \"group\", rules, seats FROM session_players").fetchall() \
            == [("s1", date(2025, 4, 1), "QA", LEASTER, 5)]
        assert con.execute("SELECT outcome, alone, dealer_known, partner_known, hands, picker_points, "
                           "picker_points_n, picker_units, picker_units_n FROM session_hands ORDER BY outcome"
                           ).fetchall() == HANDS_WORKED
        # score-sheet lines: no card log, so no stored deal and no session_deals row
        assert con.execute("SELECT count(*) FROM session_deals").fetchall() == [(0,)]
        assert _tables(con) == _recomputed(con)


def test_a_second_file_for_a_stored_session_is_refreshed_in_sql(db, sql_refreshes):
    with st.Store(db) as s:
        ingest(s, shn(H1, H2))
        ingest(s, shn(H3), "more.shn")
    assert sql_refreshes == [[1]]
    with st.reading(db) as con:
        assert con.execute("SELECT sum(hands) FROM session_hands").fetchall() == [(3,)]
        assert _tables(con) == _recomputed(con)


def test_a_hand_the_batch_does_not_read_sends_its_session_to_sql(db, sql_refreshes, monkeypatch):
    batch_of = summary.refresh_new

    def odd_date(con, batch, session_ids):  # the first hand's date as text DuckDB casts but the batch path refuses
        hands = dict(batch.hands, date=["2025-4-1"] + batch.hands["date"][1:])
        return batch_of(con, dataclasses.replace(batch, hands=hands), session_ids)

    monkeypatch.setattr(summary, "refresh_new", odd_date)
    with st.Store(db) as s:
        ingest(s, shn(H1, H2, H3))
        ingest(s, shn(H1, session="s2"), "s2.shn")
    assert sql_refreshes == [[1], [2]]
    with st.reading(db) as con:
        assert _tables(con) == _recomputed(con)


def test_deals_shared_by_two_new_sessions_are_listed(db, sql_refreshes):
    # four full deals played at two tables: the same text under two session names, each a first ingest
    text = generate_session_text(5, 4, "wi5-called-ace", session="table a")
    with st.Store(db) as s:
        for name in ("table a", "table b"):
            s.ingest_file(validate_text(text.replace('"table a"', f'"{name}"'), path=f"{name}.shn",
                                        prior=s.prior_hands))
    assert sql_refreshes == []
    with st.reading(db) as con:
        # each deal: two tables, two sessions, one group
        assert con.execute("SELECT count(*), min(tables), max(tables), min(sessions), max(sessions) "
                           "FROM deal_tables").fetchall() == [(4, 2, 2, 2, 2)]
        assert con.execute("SELECT count(*) FROM deal_parts").fetchall() == [(8,)]
        assert _tables(con) == _recomputed(con)


def _hands(seed: int, n: int, session: str) -> tuple[str, list[str]]:
    """A generated session's header and its hand texts (wi5-called-ace: every hand a full deal)."""
    head, *parts = re.split(r"\n\n(?=hand \d+)", generate_session_text(seed, n, "wi5-called-ace", session=session))
    return head, [p.strip() for p in parts]


def _renumbered(part: str, number: int) -> str:
    return re.sub(r"^hand \d+", f"hand {number}", part)


def _doc(*sessions: tuple[str, list[str]]) -> str:
    """One SHN file of the sessions (``%SHN 1.0`` once, then each session's tags and hands)."""
    return "%SHN 1.0\n" + "\n\n".join(head.removeprefix("%SHN 1.0\n") + "\n\n" + "\n\n".join(parts)
                                        for head, parts in sessions) + "\n"


@pytest.fixture
def deal_refreshes(monkeypatch) -> list[list[int]]:
    """The session ids each SQL refresh of ``deal_tables`` was asked for."""
    asked: list[list[int]] = []
    refresh = deal_tables.refresh

    def spy(con, session_ids):
        asked.append(sorted(session_ids))
        return refresh(con, session_ids)

    monkeypatch.setattr(deal_tables, "refresh", spy)
    return asked


def test_new_sessions_dealing_no_shared_deal_skip_the_deal_tables_sql(db, deal_refreshes):
    # two new sessions of different deals in one file: no deal at two tables, nothing for the SQL to do
    with st.Store(db) as s:
        rep = ingest(s, _doc(_hands(5, 4, "table a"), _hands(6, 3, "table b")))
    assert rep.stored == 7
    assert deal_refreshes == []
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hand_deals").fetchall() == [(7,)]
        assert con.execute("SELECT count(*) FROM deal_tables").fetchall() == [(0,)]
        assert _tables(con) == _recomputed(con)


def test_deals_shared_by_two_new_sessions_of_one_file_are_listed(db, deal_refreshes):
    # the same four deals at two tables, both sessions new and in one file (one transaction)
    head, parts = _hands(5, 4, "table a")
    with st.Store(db) as s:
        assert ingest(s, _doc((head, parts), (head.replace('"table a"', '"table b"'), parts))).stored == 8
    assert deal_refreshes == [[1, 2]]
    with st.reading(db) as con:
        # hands 1-4 at table a, 5-8 at table b: each deal at two tables of two sessions, first at hand 1-4
        assert con.execute("SELECT tables, sessions, first_hand FROM deal_tables ORDER BY first_hand").fetchall() \
            == [(2, 2, k) for k in (1, 2, 3, 4)]
        assert con.execute("SELECT count(*) FROM deal_parts").fetchall() == [(8,)]
        assert _tables(con) == _recomputed(con)


def test_a_deal_dealt_twice_in_one_new_session_is_listed(db, deal_refreshes):
    # hand 6 deals the cards of hand 1 again (the same dealer, Al): one deal at two tables of one session
    head, parts = _hands(5, 5, "table a")
    with st.Store(db) as s:
        assert ingest(s, _doc((head, parts + [_renumbered(parts[0], 6)]))).stored == 6
    assert deal_refreshes == [[1]]
    with st.reading(db) as con:
        assert con.execute("SELECT tables, sessions, first_hand FROM deal_tables").fetchall() == [(2, 1, 1)]
        assert con.execute("SELECT session_id, tables, first_hand FROM deal_parts").fetchall() == [(1, 2, 1)]
        assert _tables(con) == _recomputed(con)


def test_a_new_sessions_deal_shared_only_with_a_stored_session_of_the_same_file_is_listed(db, deal_refreshes):
    # session a stored with hands 1-5; then one file adds a's hands 6-7 (seed 7's two deals) and a new
    # session b dealing the same two deals: they are shared only within this file's transaction
    head_a, a = _hands(5, 5, "a")
    head_b, b = _hands(7, 2, "b")
    with st.Store(db) as s:
        assert ingest(s, _doc((head_a, a))).stored == 5
        deal_refreshes.clear()
        rep = ingest(s, _doc((head_a, [_renumbered(b[0], 6), _renumbered(b[1], 7)]), (head_b, b)), "more.shn")
    assert rep.stored == 4
    assert [2] in deal_refreshes  # the new session's deals are found shared, so the SQL refreshes them
    with st.reading(db) as con:
        # hands 6-7 of a are hand ids 6-7, b's hands 8-9
        assert con.execute("SELECT tables, sessions, first_hand FROM deal_tables ORDER BY first_hand").fetchall() \
            == [(2, 2, 6), (2, 2, 7)]
        assert _tables(con) == _recomputed(con)


# --------------------------------------------------------------------------
# generated sessions
# --------------------------------------------------------------------------

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(profiles=hs.lists(hs.sampled_from(sorted(NAMED_PROFILES)), min_size=1, max_size=3),
       seed=hs.integers(0, 10_000), hands=hs.integers(1, 14), split=hs.integers(0, 14),
       sheet=hs.sampled_from([0.0, 0.3]), misdeal=hs.sampled_from([0.0, 0.2]))
def test_generated_sessions_equal_the_sql(tmp_path_factory, profiles, seed, hands, split, sheet, misdeal):
    db = tmp_path_factory.mktemp("batch") / "b.duckdb"
    with st.Store(db) as s:
        for k, rules in enumerate(profiles):
            text = generate_session_text(seed + k, hands, rules, score_sheet_rate=sheet, misdeal_rate=misdeal,
                                         session=f"g{k}")
            head, *parts = text.split("\n\nhand ")
            cut = min(split, len(parts))  # the first file holds `cut` hands, a second the rest (stored session)
            for name, chunk in (("a.shn", parts[:cut]), ("b.shn", parts[cut:])):
                if chunk:
                    doc = head + "".join("\n\nhand " + p for p in chunk)
                    s.ingest_file(validate_text(doc, path=f"{k}{name}", prior=s.prior_hands))
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] > 0
        assert _tables(con) == _recomputed(con)
