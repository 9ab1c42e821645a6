"""The per-(session, player) summary ``session_players`` (migration 016,
ingest/summary.py, issue 17) and the metrics that read it
(dashboard/summary_metrics.py).

* After ingest, amend, void and rederive the table holds the numbers worked
  by hand below, and equals its recompute from ``hands`` / ``hand_units``.
* A hypothesis property: after any sequence of ingests, amendments and
  voids (under ``noPick=doubler``, so a correction re-derives the stakes of
  later hands) the table equals the recompute.
* Each metric that reads the table returns the same frame as the seat-level
  SQL (the query it replaced, still in dashboard/metrics.py and run here
  with ``summary_metrics.ENABLED = False``) on the demo data, under a set of
  filters.

The session worked by hand (``wi5-called-ace; noPick=leaster``, seats Al Bo
Cy Di Ed clockwise; called ace rules.md B-31: a won hand pays the picker 2,
the partner 1, each defender -1 (stake 1); alone won: picker 4, each other
-1; schneider doubles; a lost hand is the negation times 2 for the picker
side; a leaster: the winner +4, each other -1):

  hand 1 dealer Ed  pick Al call AH partner Cy  win   72   Al +2 Bo -1 Cy +1 Di -1 Ed -1
  hand 2 dealer Al  pick Cy alone               win-s 95   Al -2 Bo -2 Cy +8 Di -2 Ed -2
  hand 3 dealer Bo  leaster Cy                             Al -1 Bo -1 Cy +4 Di -1 Ed -1
  hand 4 dealer Cy  pick Bo call AS partner Di  lose  50   Al +2 Bo -4 Cy +2 Di -2 Ed +2

Pick order (position 1 = left of the dealer):
  hand 1 (Ed deals): Al 1, Bo 2, Cy 3, Di 4, Ed 5; Al picked from 1: offered Al only.
  hand 2 (Al deals): Bo 1, Cy 2, Di 3, Ed 4, Al 5; Cy picked from 2: offered Bo, Cy.
  hand 3 (Bo deals): a leaster, every seat offered.
  hand 4 (Cy deals): Di 1, Ed 2, Al 3, Bo 4, Cy 5; Bo picked from 4: offered Di, Ed, Al, Bo.
Roles in the picked hands (hand 2 alone has sides: Cy against four defenders):
  Al: picker 1 (h1 win), defender h2 (win-s: his side schneidered), h4 (lose).
  Bo: defender h1, h2 (win-s); picker h4 (lose).
  Cy: partner h1; picker h2 (win-s, alone); defender h4.
  Di: defender h1, h2 (win-s); partner h4.
  Ed: defender h1, h2 (win-s), h4.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from polars.testing import assert_frame_equal

from dashboard import metrics as m
from dashboard import summary_metrics as sm
from ingest import store as st
from ingest import summary
from ingest.validate import validate_file, validate_text

ROOT = Path(__file__).resolve().parents[1]
SEATS = ("Al", "Bo", "Cy", "Di", "Ed")
LEASTER = "wi5-called-ace; noPick=leaster"
DOUBLER = "wi5-called-ace; noPick=doubler"


def shn(*hands: str, session: str = "s1", rules: str = LEASTER) -> str:
    return (f'%SHN 1.0\n[Event "QA"]\n[Session "{session}"]\n[Date "2025.04.01"]\n[Seats "Al; Bo; Cy; Di; Ed"]\n'
            f'[Rules "{rules}"]\n\n' + "\n\n".join(hands) + "\n")


H1 = "hand 1  dealer Ed\npick Al  call AH  partner Cy  pts 72  win"
H2 = "hand 2  dealer Al\npick Cy  alone  pts 95  win-s"
H3 = "hand 3  dealer Bo\nleaster Cy  pts 10"
H4 = "hand 4  dealer Cy\npick Bo  call AS  partner Di  pts 50  lose"
H4_WON = "hand 4  dealer Cy\npick Bo  call AS  partner Di  pts 61  win"

#: per player, summed over the positions: the columns checked and the hand-worked values
COLS = ("hands", "units", "unplayed", "dealt", "offered", "offered_picks", "unknown_dealer", "picks", "wins",
        "alone", "alone_wins", "picker_units", "pk_ws", "pt_n", "df_n", "df_ws", "df_ls", "unk_n")
WORKED = {
    #       hands units unpl dealt off offp unk picks wins alone alw  pu  pk_ws pt_n df_n df_ws df_ls unk
    "Al": (4, 2 - 2 - 1 + 2, 0, 4, 3, 1, 0, 1, 1, 0, 0, 2, 0, 0, 2, 1, 0, 0),
    "Bo": (4, -1 - 2 - 1 - 4, 0, 4, 3, 1, 0, 1, 0, 0, 0, -4, 0, 0, 2, 1, 0, 0),
    "Cy": (4, 1 + 8 + 4 + 2, 0, 4, 2, 1, 0, 1, 1, 1, 1, 8, 1, 1, 1, 0, 0, 0),
    "Di": (4, -1 - 2 - 1 - 2, 0, 4, 2, 0, 0, 0, 0, 0, 0, None, 0, 1, 2, 1, 0, 0),
    "Ed": (4, -1 - 2 - 1 + 2, 0, 4, 2, 0, 0, 0, 0, 0, 0, None, 0, 0, 3, 1, 0, 0),
}


def per_player(con: duckdb.DuckDBPyConnection) -> dict[str, tuple]:
    sel = ", ".join(f"sum({c})" for c in COLS)
    return {p: tuple(None if v is None else int(v) for v in rest) for p, *rest in con.execute(
        f"SELECT player, {sel} FROM session_players GROUP BY player ORDER BY player").fetchall()}


def table(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    return sorted(con.execute("SELECT * FROM session_players").fetchall(), key=summary._key)


def ingest(s: st.Store, text: str, name: str = "in.shn"):
    return s.ingest_file(validate_text(text, path=name, prior=s.prior_hands))


def amend(s: st.Store, text: str, numbers: set[int]):
    prior = lambda sid: [r for r in s.prior_hands(sid) if r.number not in numbers]  # noqa: E731
    return s.amend(validate_text(text, path="fix.shn", prior=prior), "corrected")


def hand_id(db: Path, session: str, number: int) -> int:
    with st.reading(db) as con:
        return con.execute("SELECT hand_id FROM hands WHERE session = ? AND hand = ?", [session, number]).fetchall()[0][0]


def test_worked_session_after_ingest_amend_void_and_rederive(db):
    with st.Store(db) as s:
        ingest(s, shn(H1, H2, H3, H4))
    with st.reading(db) as con:
        assert per_player(con) == WORKED
        assert sum(v[1] for v in WORKED.values()) == 0  # zero-sum
        assert table(con) == summary.recompute(con)
        # positions: Al sat 1 (h1), 5 (h2), 4 (h3), 3 (h4), once each; he was offered at 1, 4 and 3
        assert con.execute("SELECT position, hands, offered FROM session_players WHERE player = 'Al' "
                           "ORDER BY position").fetchall() == [(1, 1, 1), (3, 1, 1), (4, 1, 1), (5, 1, 0)]

    # amend hand 4 to a win at 61: Bo +2, Di +1, Al Cy Ed -1 each (instead of +2 -4 +2 -2 +2)
    with st.Store(db) as s:
        amend(s, shn(H4_WON), {4})
    want = {p: list(v) for p, v in WORKED.items()}
    for p, old, new in (("Al", 2, -1), ("Bo", -4, 2), ("Cy", 2, -1), ("Di", -2, 1), ("Ed", 2, -1)):
        want[p][1] += new - old
    want["Bo"][8] = 1           # Bo's pick is now won
    want["Bo"][11] = 2          # his units as picker: +2
    want["Al"][16] = 0          # nobody's side was beaten in hand 4 now (df_ls stays 0)
    with st.reading(db) as con:
        assert per_player(con) == {p: tuple(v) for p, v in want.items()}
        assert {p: v[1] for p, v in per_player(con).items()} == {"Al": -2, "Bo": -2, "Cy": 12, "Di": -3, "Ed": -5}
        assert table(con) == summary.recompute(con)

    # void hand 3 (the leaster Cy won): each seat one hand and one offer fewer, Cy -4, the others +1
    with st.Store(db) as s:
        s.void(hand_id(db, "s1", 3), "dealt twice")
    for p in want:
        want[p][0] -= 1     # hands
        want[p][3] -= 1     # dealt
        want[p][4] -= 1     # offered
        want[p][1] += -4 if p == "Cy" else 1
    with st.reading(db) as con:
        got = per_player(con)
        assert got == {p: tuple(v) for p, v in want.items()}
        assert {p: v[1] for p, v in got.items()} == {"Al": -1, "Bo": -1, "Cy": 8, "Di": -2, "Ed": -4}
        assert table(con) == summary.recompute(con)
        after_void = table(con)

    # rederive from spoiled rows (as an older engine might have left them) puts the numbers back
    con = st.connect(db, read_only=False)
    try:
        con.execute("UPDATE hand_units SET units = 0")
        con.execute("DELETE FROM session_players")
    finally:
        con.close()
    rep = st.Store(db).rederive()
    assert rep.hands == 3
    with st.reading(db) as con:
        assert table(con) == after_void
        assert per_player(con) == {p: tuple(v) for p, v in want.items()}


def test_migration_016_backfills_what_ingest_wrote(db):
    with st.Store(db) as s:
        ingest(s, shn(H1, H2, H3, H4))
        ingest(s, shn(H1.replace("pts 72", "pts 80"), session="s2", rules=DOUBLER), "s2.shn")
    with st.reading(db) as con:
        want = table(con)
    assert len(want) == 5 * 4 + 5  # s1: every player at 4 positions; s2: one hand, 5 seats
    con = duckdb.connect(str(db))
    con.execute("DROP TABLE session_players")
    con.execute("DELETE FROM schema_migrations WHERE version = 16")
    con.close()
    with st.reading(db) as con:  # the read-only open migrates the database first
        assert table(con) == want


def test_a_sit_out_dealer_has_no_offer_no_role_and_no_hand_played(db):
    # wi6-sit-out (rules.md F-1): six at the table, the dealer sits the hand out.  Fi deals hand 1;
    # Al picks from position 1 and calls AH, Cy partners, win: Al +2, Cy +1, Bo Di Ed -1, Fi 0.
    text = ('%SHN 1.0\n[Session "six"]\n[Seats "Al; Bo; Cy; Di; Ed; Fi"]\n[Rules "wi6-sit-out"]\n\n'
            "hand 1  dealer Fi\npick Al  call AH  partner Cy  pts 72  win\n")
    with st.Store(db) as s:
        rep = ingest(s, text)
    assert rep.stored == 1, rep.rejected
    with st.reading(db) as con:
        row = con.execute("SELECT hands, units, unplayed, dealt, offered, df_n, unk_n, position FROM session_players "
                          "WHERE player = 'Fi'").fetchall()
        assert row == [(1, 0, 1, 1, 0, 0, 0, 6)]  # the dealer: last in pick order, never offered, no role
        lb = m.leaderboard(con, m.Filters())
        assert dict(zip(lb["player"], lb["hands"])) == {"Al": 1, "Bo": 1, "Cy": 1, "Di": 1, "Ed": 1, "Fi": 0}
        assert table(con) == summary.recompute(con)


# --------------------------------------------------------------------------
# property: random ingest / amend / void sequences


BODIES = ("doubler", "misdeal", "pick Bo  alone  pts 70  win", "pick Cy  call AS  partner Ed  pts 72  win",
          "pick Di  call AS  partner Ed  pts 50  lose", "pick Al  call AH  partner Cy  pts 95  win-s",
          "leaster Bo  pts 10")
STEP = hs.tuples(hs.sampled_from(("ingest", "amend", "void")), hs.integers(0, 1), hs.integers(0, 30),
                 hs.sampled_from(BODIES))


def _hand(number: int, body: str) -> str:
    body = body.replace("leaster Bo  pts 10", "doubler")  # noPick=doubler: a pass-out is a doubler
    return f"hand {number}  dealer {SEATS[(number - 1) % 5]}\n{body}"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=hs.lists(STEP, min_size=1, max_size=6))
def test_summary_equals_the_recompute_after_any_corrections(tmp_path_factory, steps):
    db = tmp_path_factory.mktemp("prop") / "p.duckdb"
    live: dict[str, list[int]] = {"s0": [], "s1": []}
    top = {"s0": 0, "s1": 0}
    with st.Store(db) as s:
        for action, k, pick, body in steps:
            ses = f"s{k}"
            if action == "ingest" or not live[ses]:
                top[ses] += 1
                rep = ingest(s, shn(_hand(top[ses], body), session=ses, rules=DOUBLER), f"{ses}-{top[ses]}.shn")
                if rep.stored:
                    live[ses].append(top[ses])
            elif action == "amend":
                n = live[ses][pick % len(live[ses])]
                amend(s, shn(_hand(n, body), session=ses, rules=DOUBLER), {n})
            else:
                n = live[ses].pop(pick % len(live[ses]))
                s.void(_live_id(s, ses, n), "random void")
    with st.reading(db) as con:
        assert table(con) == summary.recompute(con)
        n_seats = con.execute("SELECT count(*) FROM hand_units WHERE player IS NOT NULL").fetchall()[0][0]
        assert con.execute("SELECT coalesce(sum(hands), 0) FROM session_players").fetchall()[0][0] == n_seats
        assert con.execute("SELECT coalesce(sum(units), 0) FROM session_players").fetchall()[0][0] == 0  # zero-sum


def _live_id(s: st.Store, session: str, number: int) -> int:
    with s.using() as con:
        return con.execute("SELECT hand_id FROM hands WHERE session = ? AND hand = ?",
                           [session, number]).fetchall()[0][0]


# --------------------------------------------------------------------------
# the metrics: the summary path returns the seat-level SQL's rows


SUMMARY_METRICS = (m.ledger_by_session, m.ledger_running, m.leaderboard, m.ledger_units, m.picker_results_by_player,
                   m.pick_rate_by_player, m.pick_rate_by_position, m.schneider_by_role)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> Path:
    """The demo's variety nights (every Sheepshead profile: 3- to 8-handed, sit-out, no blind, second
    partner, pot, doublers) and one NetSchafkopf protocol, plus tests/fixtures/metrics.shn (a misdeal, an
    unknown dealer, a leaster)."""
    from ingest.netschafkopf import read_protocol  # noqa: PLC0415

    path = tmp_path_factory.mktemp("demo") / "demo.duckdb"
    nsk = sorted((ROOT / "data" / "netschafkopf").glob("baseline__*.txt"))[0]
    with st.Store(path) as s:
        s.ingest_file(validate_file(ROOT / "data" / "demo" / "variety_nights.shn"))
        s.ingest_file(validate_file(ROOT / "tests" / "fixtures" / "metrics.shn"))
        s.ingest_file(read_protocol(nsk.read_bytes(), path=str(nsk)), source_format="netschafkopf")
    return path


def _filters(con) -> list[m.Filters]:
    ch = m.filter_choices(con)
    d0, d1 = ch["first_date"], ch["last_date"]
    mid = d0 + (d1 - d0) / 2
    return [m.Filters(), m.Filters(players=ch["players"][:2]), m.Filters(groups=ch["groups"][:1]),
            m.Filters(rules=ch["rules"][:3]), m.Filters(game="sheepshead"), m.Filters(game="schafkopf"),
            m.Filters(tables=ch["tables"][:1], players=ch["players"][3:4]), m.Filters(date_from=mid),
            m.Filters(date_to=mid, players=ch["players"][:1]), m.Filters(rules=["wi6-sit-out", "wi6-jd-ace"])]


@pytest.mark.parametrize("metric", SUMMARY_METRICS, ids=lambda f: f.__name__)
def test_the_summary_path_returns_the_seat_level_rows(demo_db, metric, monkeypatch):
    with st.reading(demo_db) as con:
        kinds = {g for g, _ in m._stored_kinds(con)}
        assert kinds == {"sheepshead", "schafkopf"}
        assert sm.usable(con, m.Filters())
        for f in _filters(con):
            monkeypatch.setattr(sm, "ENABLED", False)
            want = metric(con, f)
            monkeypatch.setattr(sm, "ENABLED", True)
            got = metric(con, f)
            assert_frame_equal(got, want), f
        assert not metric(con, m.Filters()).is_empty()


def test_role_record_from_the_summary_returns_the_seat_level_rows(demo_db, monkeypatch):
    from dashboard import player_metrics as pm  # noqa: PLC0415

    with st.reading(demo_db) as con:
        players = m.filter_choices(con)["players"]
        for f in _filters(con)[:5]:
            for who in players[:4] + ["Allen Braun"]:
                monkeypatch.setattr(sm, "ENABLED", False)
                want = pm.role_record(con, f, who)
                monkeypatch.setattr(sm, "ENABLED", True)
                assert_frame_equal(pm.role_record(con, f, who), want), (f, who)


def test_player_summary_from_the_summary_equals_the_seat_level(demo_db, monkeypatch):
    from dashboard import player_metrics as pm  # noqa: PLC0415

    with st.reading(demo_db) as con:
        players = m.filter_choices(con)["players"]
        for f in _filters(con)[:4] + [_filters(con)[7]]:
            for who in players[:3] + ["Allen Braun"]:
                monkeypatch.setattr(sm, "ENABLED", False)
                want = pm.player_summary(con, f, who)
                monkeypatch.setattr(sm, "ENABLED", True)
                assert pm.player_summary(con, f, who) == want, (f, who)


def test_role_record_of_the_worked_session(db):
    from dashboard import player_metrics as pm  # noqa: PLC0415

    with st.Store(db) as s:
        ingest(s, shn(H1, H2, H3, H4))
    with st.reading(db) as con:
        r = {(x["who"], x["role"]): x for x in pm.role_record(con, m.Filters(), "Cy").to_dicts()}
    # Cy: picker in hand 2 (alone, win-s, +8: schneider for him, an alone win), partner in hand 1 (won,
    # +1), defender in hand 4 (Bo lost: a win of Cy's side, +2)
    assert [(r["player", k]["hands"], r["player", k]["wins"], r["player", k]["units"]) for k in
            ("picker", "partner", "defender")] == [(1, 1, 8), (1, 1, 1), (1, 1, 2)]
    assert (r["player", "picker"]["schneider_for"], r["player", "picker"]["alone_wins"]) == (1, 1)
    # the group: 3 picks (h1 Al +2 won, h2 Cy +8 won, h4 Bo -4 lost), 2 partner seats (h1 Cy +1 won, h4 Di -2
    # lost), defender seats 3 + 4 + 3 = 10: h1 Bo Di Ed lost -1 each, h2 Al Bo Di Ed lost -2 each (win-s),
    # h4 Al Cy Ed won +2 each: 3 wins, units -3 - 8 + 6
    assert [(r["group", k]["hands"], r["group", k]["wins"], r["group", k]["units"]) for k in
            ("picker", "partner", "defender")] == [(3, 2, 6), (2, 1, -1), (10, 3, -3 - 8 + 6)]


def test_filter_choices_players_from_the_summary(demo_db, monkeypatch):
    with st.reading(demo_db) as con:
        monkeypatch.setattr(sm, "ENABLED", False)
        want = m.filter_choices(con)
        monkeypatch.setattr(sm, "ENABLED", True)
        got = m.filter_choices(con)
    assert got == want and len(got["players"]) > 10


def test_picked_by_reads_the_seat_level_sql(demo_db):
    with st.reading(demo_db) as con:
        assert not sm.usable(con, m.Filters(picked_by=("Bea Schmidt",)))
