"""The per-session summary of the hands ``session_hands`` (migration 020,
ingest/summary.py, issue 17) and the hand-level metrics that read it
(dashboard/summary_metrics.py): picking_summary, schneider_summary,
outcome_tiers, calls_by_type, calls_by_suit, partner_reveal, overview,
data_quality, games_present, the stored kinds and the sidebar's choices.

Two sessions worked by hand (``wi5-called-ace; noPick=leaster``, seats Al Bo
Cy Di Ed; a won hand pays the picker 2, the partner 1, each defender -1; a
lost hand is the negation times 2 for the picker side; schneider doubles,
rules.md B-31):

  s1 (2025-04-01), tests/test_summary.py's session:
    hand 1  pick Al call AH partner Cy  72  win     picker +2
    hand 2  pick Cy alone               95  win-s   picker +8 (alone 4, schneider x2)
    hand 3  leaster Cy                                (no picker)
    hand 4  pick Bo call AS partner Di  50  lose    picker -4
  b (2025-04-02), the tier boundaries (rules.md B-28: 61 wins, 91 schneiders
  the defenders, 30 or fewer is schneidered), Al picks and calls AH, Cy partners:
    hand 1  30  lose-s  Al -8  Cy -4  Bo Di Ed +4
    hand 2  31  lose    Al -4  Cy -2  Bo Di Ed +2
    hand 3  60  lose    Al -4  Cy -2  Bo Di Ed +2
    hand 4  61  win     Al +2  Cy +1  Bo Di Ed -1
    hand 5  90  win     Al +2  Cy +1  Bo Di Ed -1
    hand 6  91  win-s   Al +4  Cy +2  Bo Di Ed -2
  b per player: Al -8-4-4+2+2+4 = -8, Cy -4-2-2+1+1+2 = -4, Bo Di Ed +4+2+2-1-1-2 = +4
  each: -8 - 4 + 3 * 4 = 0 (zero-sum).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import duckdb
import pytest
from polars.testing import assert_frame_equal

from dashboard import metrics as m
from dashboard import summary_metrics as sm
from ingest import store as st
from ingest import summary
from tests.test_summary import H1, H2, H3, H4, H4_WON, LEASTER, _filters, amend, demo_db, ingest  # noqa: F401

B = ["hand 1  dealer Ed\npick Al  call AH  partner Cy  pts 30  lose-s",
     "hand 2  dealer Al\npick Al  call AH  partner Cy  pts 31  lose",
     "hand 3  dealer Bo\npick Al  call AH  partner Cy  pts 60  lose",
     "hand 4  dealer Cy\npick Al  call AH  partner Cy  pts 61  win",
     "hand 5  dealer Di\npick Al  call AH  partner Cy  pts 90  win",
     "hand 6  dealer Ed\npick Al  call AH  partner Cy  pts 91  win-s"]

#: the metrics that read session_hands when the filters allow
HAND_METRICS = (m.overview, m.data_quality, m.picking_summary, m.schneider_summary, m.outcome_tiers, m.calls_by_type,
                m.calls_by_suit, m.partner_reveal, m.games_present)


def shn(*hands: str, session: str, day: str) -> str:
    return (f'%SHN 1.0\n[Event "QA"]\n[Session "{session}"]\n[Date "{day}"]\n[Seats "Al; Bo; Cy; Di; Ed"]\n'
            f'[Rules "{LEASTER}"]\n\n' + "\n\n".join(hands) + "\n")


def table(con) -> list[tuple]:
    return sorted(con.execute("SELECT * FROM session_hands").fetchall(), key=summary._key)


@pytest.fixture
def worked(db) -> Path:
    with st.Store(db) as s:
        ingest(s, shn(H1, H2, H3, H4, session="s1", day="2025.04.01"))
        ingest(s, shn(*B, session="b", day="2025.04.02"), "b.shn")
    return db


def one(con, fn, f=m.Filters()) -> dict:
    return fn(con, f).to_dicts()[0]


def test_the_worked_sessions_hand_level_metrics(worked):
    with st.reading(worked) as con:
        assert sm.hands_usable(con, m.Filters())
        assert con.execute("SELECT sum(hands) FROM session_hands").fetchall() == [(10,)]  # every hand, once
        # zero-sum: every hand's units add up to 0, so every session's do
        assert con.execute("SELECT session, sum(units) FROM hand_units JOIN hands USING (hand_id) "
                           "GROUP BY 1 ORDER BY 1").fetchall() == [("b", 0), ("s1", 0)]
        assert con.execute("SELECT u.player, sum(u.units) FROM hand_units u JOIN hands h USING (hand_id) "
                           "WHERE h.session = 'b' GROUP BY 1 ORDER BY 1").fetchall() == [
            ("Al", -8), ("Bo", 4), ("Cy", -4), ("Di", 4), ("Ed", 4)]

        p = one(con, m.picking_summary)
        # 10 dealt, 1 leaster; 9 picks, won: s1 h1, h2; b h4, h5, h6
        assert (p["dealt"], p["passed_out"], p["leasters"], p["pass_out_rate"]) == (10, 1, 1, 0.1)
        assert (p["picks"], p["wins"], p["win_rate"]) == (9, 5, 5 / 9)
        # picker units: s1 2 + 8 - 4 = 6, b -8 - 4 - 4 + 2 + 2 + 4 = -8: -2 over 9 picks
        assert p["units_per_pick"] == pytest.approx(-2 / 9)
        assert (p["alone"], p["alone_wins"], p["alone_win_rate"], p["unknown_dealer"]) == (1, 1, 1.0, 0)

        s = one(con, m.schneider_summary)
        # win-s: s1 h2 (95), b h6 (91); lose-s: b h1 (30); 60/61, 90, 31 are no schneider
        assert (s["picked"], s["win_s"], s["lose_s"], s["win_z"], s["lose_z"]) == (9, 2, 1, 0, 0)
        assert s["schneider_rate"] == pytest.approx(3 / 9) and s["no_tricker_rate"] == 0.0

        t = {r["outcome"]: r["hands"] for r in m.outcome_tiers(con, m.Filters()).to_dicts()}
        # win: s1 h1 (72), b h4 (61), h5 (90); lose: s1 h4 (50), b h2 (31), h3 (60)
        assert t == {"win": 3, "win-s": 2, "win-z": 0, "lose": 3, "lose-s": 1, "lose-z": 0}

        ct = {r["call_type"]: r for r in m.calls_by_type(con, m.Filters()).to_dicts()}
        # ace: s1 h1, h4 and b's six; points 72 + 50 + 30 + 31 + 60 + 61 + 90 + 91 = 485; units 2 - 4 - 8 = -10
        assert (ct["ace"]["hands"], ct["ace"]["wins"], ct["ace"]["mean_points"], ct["ace"]["mean_picker_units"]) \
            == (8, 4, 485 / 8, -10 / 8)
        assert (ct["alone"]["hands"], ct["alone"]["wins"], ct["alone"]["mean_points"]) == (1, 1, 95.0)
        cs = {r["called_suit"]: r for r in m.calls_by_suit(con, m.Filters()).to_dicts()}
        # hearts: s1 h1 and b's six: 72 + 363 = 435 points, 2 - 8 = -6 units; spades: s1 h4
        assert (cs["H"]["hands"], cs["H"]["wins"]) == (7, 4)
        assert cs["H"]["mean_points"] == pytest.approx(435 / 7) and cs["H"]["mean_picker_units"] == pytest.approx(-6 / 7)
        assert (cs["S"]["hands"], cs["S"]["wins"], cs["S"]["mean_points"], cs["S"]["mean_picker_units"]) \
            == (1, 0, 50.0, -4.0)

        o = one(con, m.overview)
        assert (o["hands"], o["sessions"], o["players"], o["undated"]) == (10, 2, 5, 0)
        assert (o["first_date"], o["last_date"]) == (date(2025, 4, 1), date(2025, 4, 2))
        q = one(con, m.data_quality)
        assert (q["hands"], q["score_sheet"], q["full"], q["picked"], q["leasters"], q["conflicts"]) == (10, 10, 0, 9, 1, 0)
        assert m.games_present(con, m.Filters())["game"].to_list() == ["sheepshead"]
        ch = m.filter_choices(con)
        assert (ch["groups"], ch["tables"], ch["rules"], ch["games"]) == (["QA"], [], [LEASTER], ["sheepshead"])
        assert (ch["first_date"], ch["last_date"]) == (date(2025, 4, 1), date(2025, 4, 2))

        # the boundary session alone (a date filter selects whole rows): 6 picks, 3 won (61, 90, 91),
        # picker units -8 over 6; one schneider each way (30, 91)
        fb = m.Filters(date_from=date(2025, 4, 2))
        p = one(con, m.picking_summary, fb)
        assert (p["dealt"], p["picks"], p["wins"], p["passed_out"]) == (6, 6, 3, 0)
        assert p["units_per_pick"] == pytest.approx(-8 / 6)
        s = one(con, m.schneider_summary, fb)
        assert (s["picked"], s["win_s"], s["lose_s"], s["schneider_rate"]) == (6, 1, 1, 2 / 6)
        assert one(con, m.overview, fb)["hands"] == 6


@pytest.mark.parametrize("metric", HAND_METRICS, ids=lambda f: f.__name__)
def test_the_worked_sessions_summary_path_returns_the_hand_level_rows(worked, metric, monkeypatch):
    with st.reading(worked) as con:
        for f in (m.Filters(), m.Filters(date_from=date(2025, 4, 2)), m.Filters(date_to=date(2025, 4, 1)),
                  m.Filters(game="sheepshead"), m.Filters(rules=[LEASTER]), m.Filters(groups=["none"]),
                  m.Filters(players=["Al"])):
            monkeypatch.setattr(sm, "ENABLED", False)
            want = metric(con, f)
            monkeypatch.setattr(sm, "ENABLED", True)
            assert_frame_equal(metric(con, f), want), f


def test_the_metrics_read_the_summary_not_the_hands(worked):
    # rows taken out of hands behind the store's back (no refresh): the summary path still gives the
    # worked numbers -- it does not read hands -- while a player choice (the hand-level SQL) sees them gone
    con = duckdb.connect(str(worked))
    try:
        con.execute("DELETE FROM hands WHERE session = 'b'")
    finally:
        con.close()
    with st.reading(worked) as con:
        assert one(con, m.picking_summary)["picks"] == 9
        assert one(con, m.overview)["hands"] == 10
        assert one(con, m.picking_summary, m.Filters(players=["Al"]))["picks"] == 3  # s1 alone


def test_summary_follows_amend_and_void(worked):
    with st.Store(worked) as s:
        amend(s, shn(H4_WON, session="s1", day="2025.04.01"), {4})
    with st.reading(worked) as con:
        assert table(con) == summary.recompute_hands(con)
        cs = {r["called_suit"]: r for r in m.calls_by_suit(con, m.Filters()).to_dicts()}
        # s1 hand 4 is now won at 61: Bo as picker +2 instead of -4
        assert (cs["S"]["hands"], cs["S"]["wins"], cs["S"]["mean_points"], cs["S"]["mean_picker_units"]) \
            == (1, 1, 61.0, 2.0)
        hid = con.execute("SELECT hand_id FROM hands WHERE session = 'b' AND hand = 1").fetchall()[0][0]
    with st.Store(worked) as s:
        s.void(hid, "dealt twice")
    with st.reading(worked) as con:
        assert table(con) == summary.recompute_hands(con)
        s_ = one(con, m.schneider_summary)
        assert (s_["picked"], s_["lose_s"], s_["win_s"]) == (8, 0, 2)  # b hand 1 (30, lose-s) is gone
        after_void = table(con)
    # rederive puts back rows spoiled behind the store's back
    con = duckdb.connect(str(worked))
    try:
        con.execute("DELETE FROM session_hands WHERE session_id = (SELECT min(session_id) FROM session_hands)")
        con.execute("UPDATE session_hands SET hands = 0")
    finally:
        con.close()
    st.Store(worked).rederive()
    with st.reading(worked) as con:
        assert table(con) == after_void


def test_migration_020_backfills_what_ingest_wrote(worked):
    with st.reading(worked) as con:
        want = table(con)
    assert len(want) == 8  # s1: 4 kinds; b: lose-s, lose (31, 60), win (61, 90), win-s
    assert sum(r[15] for r in want) == 10
    con = duckdb.connect(str(worked))
    con.execute("DROP TABLE session_hands")
    con.execute("DELETE FROM schema_migrations WHERE version = 20")
    con.close()
    with st.reading(worked) as con:  # the read-only open migrates the database first
        assert table(con) == want
        assert table(con) == summary.recompute_hands(con)


# --------------------------------------------------------------------------
# the demo data: every profile, Schafkopf, card-log hands


@pytest.mark.parametrize("metric", HAND_METRICS, ids=lambda f: f.__name__)
def test_the_summary_path_returns_the_hand_level_rows(demo_db, metric, monkeypatch):
    with st.reading(demo_db) as con:
        assert sm.hands_usable(con, m.Filters())
        for f in _filters(con) + [m.Filters(game="schafkopf", date_from=date(2000, 1, 1))]:
            monkeypatch.setattr(sm, "ENABLED", False)
            want = metric(con, f)
            monkeypatch.setattr(sm, "ENABLED", True)
            assert_frame_equal(metric(con, f), want), f
        assert not metric(con, m.Filters()).is_empty()


def test_stored_kinds_and_choices_from_the_summary(demo_db, monkeypatch):
    with st.reading(demo_db) as con:
        monkeypatch.setattr(sm, "ENABLED", False)
        m._KINDS.clear()
        kinds, choices = m._stored_kinds(con), m.filter_choices(con)
        monkeypatch.setattr(sm, "ENABLED", True)
        m._KINDS.clear()
        assert m._stored_kinds(con) == kinds and len(kinds) > 10
        assert m.filter_choices(con) == choices
        assert {g for g, _ in kinds} == {"sheepshead", "schafkopf"}
        assert table(con) == summary.recompute_hands(con)
