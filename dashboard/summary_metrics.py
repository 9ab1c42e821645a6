"""The ledger, picking and schneider metrics read from ``session_players``
(migration 016, :mod:`ingest.summary`) instead of grouping every seat of
the filtered hands (issue 17: at a million hands that grouping alone cost
more than 100 ms a query).

Each function here returns exactly the rows of the :mod:`dashboard.metrics`
function of the same name (tests/test_summary.py compares them with the
seat-level SQL on the demo data).  They are called by those functions only
when :func:`usable` says so: the table exists and the filters select whole
summary rows.  Every filter of :class:`~dashboard.metrics.Filters` does —
date, group, table, rules, game and its flags are key columns of the table;
a player filter keeps the chosen players' rows, which for these per-player
metrics are the same numbers as over "the hands any chosen player sat in"
(a player's own seats are all in those hands) — except ``picked_by``
(hands a chosen player picked: finer than a summary row), which falls back
to the seat-level SQL.
"""

from __future__ import annotations

from dataclasses import replace

import duckdb
import polars as pl

__all__ = ["usable", "hands_usable", "hands_base", "summary_where", "overview", "schneider_summary", "calls_groups",
           "PICKING_GROUPS", "QUALITY_GROUPS", "TIER_COUNTS", "REVEAL_COUNTS", "ledger_by_session", "leaderboard", "picker_results_by_player", "pick_rate_by_player",
           "pick_rate_by_position", "schneider_by_role", "role_record"]

#: False: every metric reads the seat-level SQL (the tests compare the two paths).
ENABLED = True

_HAS: dict[tuple, bool] = {}


def _has(con: duckdb.DuckDBPyConnection, table: str) -> bool:
    """True when ``table`` exists in the connection's database (cached per
    file once seen: a table once there stays, migrations only add; its
    absence is asked again)."""
    path = con.execute("SELECT path FROM duckdb_databases() WHERE database_name = current_database()").fetchall()[0][0]
    key = (path or id(con), table)
    got = _HAS.get(key) if path else None
    if got is None:
        got = con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = $t "
                          "AND database_name = current_database()", {"t": table}).fetchall()[0][0] > 0
        if path and got:
            _HAS[key] = got
    return got


def usable(con: duckdb.DuckDBPyConnection, f) -> bool:
    """True when ``session_players`` exists in the database and ``f`` selects
    whole rows of it (no ``picked_by``)."""
    if f.picked_by or not ENABLED:
        return False
    return _has(con, "session_players")


def hands_usable(con: duckdb.DuckDBPyConnection, f) -> bool:
    """True when ``session_hands`` (migration 020) exists in the database and
    ``f`` selects whole rows of it: no player choice (``players``,
    ``picked_by``: "the hands a chosen player sat in / picked" is finer than a
    row of hand kinds), which reads the hand-level SQL as before."""
    if f.players or f.picked_by or not ENABLED:
        return False
    return _has(con, "session_hands")


def _where(f, hands_where) -> tuple[str, dict[str, object], str]:
    """The condition over ``session_players s`` for ``f``, its parameters, and
    the condition keeping the chosen players' rows (``TRUE`` when none).
    ``hands_where`` is :func:`dashboard.metrics.hands_where` (one statement of
    the filters: the table has the columns of ``hands`` it reads)."""
    cond, params = hands_where(replace(f, players=(), picked_by=()), "s")
    if f.players:
        params["players"] = list(f.players)
        return cond, params, "list_contains($players, s.player)"
    return cond, params, "TRUE"


def summary_where(f, hands_where) -> tuple[str, dict[str, object]]:
    """The condition over ``session_players s`` for ``f`` (a player choice
    included: the chosen players' rows) and its parameters."""
    cond, params, pc = _where(f, hands_where)
    return f"{cond} AND {pc}", params


def _rate(num: str, den: str) -> str:
    return f"CASE WHEN ({den}) > 0 THEN CAST({num} AS DOUBLE) / ({den}) END"


def _run(con: duckdb.DuckDBPyConnection, sql: str, params: dict[str, object]) -> pl.DataFrame:
    return con.sql(sql, params=params or None).pl()


def ledger_by_session(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.ledger_by_session`'s hand rows (without the
    sittings, which that function adds).  A session's ``date`` is its first
    date among the rows taken: with a player filter, the chosen players'
    rows with a hand (the hands a chosen player sat in)."""
    cond, params, pc = _where(f, hands_where)
    si_cond = f"{pc} AND s.hands > 0" if f.players else "TRUE"
    sql = f"""
    WITH s AS (SELECT session_id, session, date, "group", "table", player, hands, units
               FROM session_players s WHERE {cond}),
    si AS (SELECT session_id, any_value(session) AS session, min(date) AS date, any_value("group") AS "group",
                  any_value("table") AS "table"
           FROM s WHERE {si_cond} GROUP BY session_id),
    su AS (SELECT session_id, player, CAST(sum(hands) AS BIGINT) AS hands, CAST(sum(units) AS BIGINT) AS units
           FROM s WHERE {pc} GROUP BY session_id, player HAVING sum(hands) > 0)
    SELECT su.session_id, si.session, si.date, si."group", si."table", su.player, su.hands, su.units
    FROM su JOIN si USING (session_id)
    ORDER BY si.date NULLS LAST, su.session_id, su.player
    """
    return _run(con, sql, params)


def leaderboard(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.leaderboard`'s hand rows (player, units,
    hands, units_per_hand, sessions), before the sittings are added."""
    cond, params, pc = _where(f, hands_where)
    sql = f"""
    SELECT player, CAST(sum(units) AS BIGINT) AS units, CAST(sum(hands) - sum(unplayed) AS BIGINT) AS hands,
           {_rate("sum(units)", "sum(hands) - sum(unplayed)")} AS units_per_hand,
           count(DISTINCT session_id) AS sessions
    FROM session_players s WHERE {cond} AND {pc}
    GROUP BY player HAVING sum(hands) > 0
    ORDER BY units DESC, player
    """
    return _run(con, sql, params)


def picker_results_by_player(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.picker_results_by_player` (``f`` already
    restricted to hands with a blind to pick)."""
    cond, params, pc = _where(f, hands_where)
    sql = f"""
    WITH pp AS (SELECT player, sum(picks) AS picks, sum(wins) AS wins, sum(alone) AS alone,
                       sum(alone_wins) AS alone_wins, sum(picker_units) AS pu_units, sum(picker_units_n) AS pu_n
                FROM session_players s WHERE {cond} AND {pc} GROUP BY player HAVING sum(picks) > 0)
    SELECT pp.player, CAST(pp.picks AS BIGINT) AS picks, CAST(pp.wins AS BIGINT) AS wins,
           {_rate("pp.wins", "pp.picks")} AS win_rate,
           CAST(pp.pu_units AS DOUBLE) / pp.pu_n AS units_per_pick,
           CAST(pp.alone AS BIGINT) AS alone, {_rate("pp.alone", "pp.picks")} AS alone_rate,
           CAST(pp.alone_wins AS BIGINT) AS alone_wins, {_rate("pp.alone_wins", "pp.alone")} AS alone_win_rate
    FROM pp ORDER BY pp.player
    """
    return _run(con, sql, params)


def pick_rate_by_player(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.pick_rate_by_player` (``f`` already
    restricted to hands with a blind to pick)."""
    cond, params, pc = _where(f, hands_where)
    sql = f"""
    SELECT player, CAST(sum(offered) AS BIGINT) AS offered, CAST(sum(offered_picks) AS BIGINT) AS picks,
           {_rate("sum(offered_picks)", "sum(offered)")} AS pick_rate,
           CAST(sum(unknown_dealer) AS BIGINT) AS unknown_dealer
    FROM session_players s WHERE {cond} AND {pc}
    GROUP BY player HAVING sum(dealt) > 0
    ORDER BY player
    """
    return _run(con, sql, params)


def pick_rate_by_position(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.pick_rate_by_position` (``f`` already
    restricted to hands with a blind to pick)."""
    cond, params, pc = _where(f, hands_where)
    sql = f"""
    WITH c AS (SELECT CAST(seats AS BIGINT) AS n, CAST(position AS BIGINT) AS position, sum(offered) AS offered,
                      sum(offered_picks) AS picks
               FROM session_players s WHERE {cond} AND position IS NOT NULL AND {pc}
               GROUP BY seats, position HAVING sum(dealt) > 0)
    SELECT n AS seats, position,
           CASE WHEN position = n THEN 'dealer'
                WHEN position = 1 THEN '1st after the dealer'
                WHEN position = 2 THEN '2nd after the dealer'
                WHEN position = 3 THEN '3rd after the dealer'
                ELSE position || 'th after the dealer' END AS label,
           CAST(offered AS BIGINT) AS offered, CAST(picks AS BIGINT) AS picks,
           {_rate("picks", "offered")} AS pick_rate
    FROM c ORDER BY n, position
    """
    return _run(con, sql, params)


def schneider_by_role(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.schneider_by_role` (``f`` already restricted
    to Sheepshead hands).  A defender's side schneidered the other side when
    the picker side was schneidered (``lose-s``), and so on."""
    cond, params, pc = _where(f, hands_where)
    sums = ", ".join(f"sum({c}) AS {c}" for c in (
        "picks", "pk_ws", "pk_ls", "pk_wz", "pk_lz", "pt_n", "pt_ws", "pt_ls", "pt_wz", "pt_lz",
        "df_n", "df_ws", "df_ls", "df_wz", "df_lz", "unk_n"))
    sql = f"""
    WITH p AS (SELECT player, {sums} FROM session_players s WHERE {cond} AND {pc} GROUP BY player),
    c AS (
        SELECT player, 'picker' AS role, picks AS hands, pk_ws AS st, pk_ls AS sd, pk_wz AS nt, pk_lz AS nd FROM p
        UNION ALL SELECT player, 'partner', pt_n, pt_ws, pt_ls, pt_wz, pt_lz FROM p
        UNION ALL SELECT player, 'defender', df_n, df_ls, df_ws, df_lz, df_wz FROM p
        UNION ALL SELECT player, 'unknown', unk_n, 0, 0, 0, 0 FROM p
    )
    SELECT player, role, CAST(hands AS BIGINT) AS hands,
           CAST(st AS BIGINT) AS schneidered_them, {_rate("st", "hands")} AS schneidered_them_rate,
           CAST(sd AS BIGINT) AS schneidered, {_rate("sd", "hands")} AS schneidered_rate,
           CAST(nt AS BIGINT) AS no_tricked_them, {_rate("nt", "hands")} AS no_tricked_them_rate,
           CAST(nd AS BIGINT) AS no_tricked, {_rate("nd", "hands")} AS no_tricked_rate
    FROM c WHERE hands > 0
    ORDER BY player, list_position(['picker', 'partner', 'defender', 'unknown'], role)
    """
    return _run(con, sql, params)


def role_record(con: duckdb.DuckDBPyConnection, g, player: str, hands_where) -> pl.DataFrame:
    """:func:`dashboard.player_metrics.role_record` (``g``: the group's
    filters, already restricted to Sheepshead hands, without a player
    choice): the player's rows are the rows of ``player``, the group's the
    sum over every player."""
    cond, params, _ = _where(g, hands_where)
    params["who"] = player
    parts = []
    for role, a in (("picker", "rp"), ("partner", "rt"), ("defender", "rd")):
        alone = "rp_alone, rp_alone_wins" if a == "rp" else "0, 0"
        parts.append(f"SELECT player = $who AS mine, '{role}' AS role, {a}_n AS n, {a}_wins AS wins, "
                     f"{a}_units AS units, {a}_sf AS sf, {a}_sa AS sa, {a}_zf AS zf, {a}_za AS za, "
                     f"{alone} FROM s")
    sql = f"""
    WITH s AS (SELECT * FROM session_players s WHERE {cond}),
    r(mine, role, n, wins, units, sf, sa, zf, za, alone, alone_wins) AS ({' UNION ALL '.join(parts)}),
    c AS (
        SELECT 'player' AS who, role, sum(n) AS hands, sum(wins) AS wins, sum(units) AS units, sum(sf) AS sf,
               sum(sa) AS sa, sum(zf) AS zf, sum(za) AS za, sum(alone) AS alone, sum(alone_wins) AS alone_wins
        FROM r WHERE mine GROUP BY role HAVING sum(n) > 0
        UNION ALL
        SELECT 'group', role, sum(n), sum(wins), sum(units), sum(sf), sum(sa), sum(zf), sum(za), sum(alone),
               sum(alone_wins)
        FROM r GROUP BY role HAVING sum(n) > 0
    ), k(who, role, o) AS (VALUES ('player', 'picker', 1), ('player', 'partner', 2), ('player', 'defender', 3),
                                  ('group', 'picker', 4), ('group', 'partner', 5), ('group', 'defender', 6))
    SELECT k.who, k.role, CAST(coalesce(c.hands, 0) AS BIGINT) AS hands, CAST(coalesce(c.wins, 0) AS BIGINT) AS wins,
           {_rate("c.wins", "c.hands")} AS win_rate,
           CAST(coalesce(c.units, 0) AS BIGINT) AS units, {_rate("c.units", "c.hands")} AS units_per_hand,
           CAST(coalesce(c.sf, 0) AS BIGINT) AS schneider_for, CAST(coalesce(c.sa, 0) AS BIGINT) AS schneider_against,
           CAST(coalesce(c.zf, 0) AS BIGINT) AS no_trick_for, CAST(coalesce(c.za, 0) AS BIGINT) AS no_trick_against,
           CAST(coalesce(c.alone, 0) AS BIGINT) AS alone, CAST(coalesce(c.alone_wins, 0) AS BIGINT) AS alone_wins
    FROM k LEFT JOIN c USING (who, role)
    ORDER BY k.o
    """
    return _run(con, sql, params)


# --------------------------------------------------------------------------
# The hand-level metrics from session_hands (migration 020).  Each piece below
# replaces the grouping of the filtered ``hands`` rows (``fh``) in the
# dashboard.metrics function of the same name by the same grouping of the
# filtered ``session_hands`` rows: ``count(*)`` becomes ``sum(hands)``, a
# ``count`` of a column its ``_n`` sum; the rest of the query is the metric's
# own SQL, unchanged (tests/test_summary_hands.py compares the two paths).

_PICKED = "('win', 'win-s', 'win-z', 'lose', 'lose-s', 'lose-z')"


def hands_base(f, hands_where) -> tuple[str, dict[str, object]]:
    """``WITH fh AS (the session_hands rows of the filtered hands)`` and its
    parameters (``f`` as :func:`hands_usable` allows: no player choice)."""
    cond, params = hands_where(f, "s")
    return f"WITH fh AS NOT MATERIALIZED (SELECT * FROM session_hands s WHERE {cond})", params


#: dashboard.metrics.picking_summary's groups (outcome, alone, dealer unknown)
PICKING_GROUPS = """SELECT outcome, alone, NOT dealer_known AS nd, sum(hands) AS c,
               sum(picker_units) AS pu, sum(picker_units_n) AS npu
        FROM fh GROUP BY outcome, alone, nd"""

#: dashboard.metrics.data_quality's groups (game kind, outcome, status)
QUALITY_GROUPS = """SELECT game = 'schafkopf' AS sk, game = 'indiana' AS ind, outcome, status, sum(hands) AS n,
                 coalesce(sum(hands) FILTER (WHERE conflict), 0) AS c
          FROM fh GROUP BY ALL"""

#: dashboard.metrics.outcome_tiers' counts per outcome
TIER_COUNTS = f"SELECT outcome, CAST(sum(hands) AS BIGINT) AS hands FROM fh WHERE outcome IN {_PICKED} GROUP BY outcome"

#: dashboard.metrics.partner_reveal's counts per reveal trick (null: never revealed in play)
REVEAL_COUNTS = f"""SELECT revealed AS trick, CAST(sum(hands) AS BIGINT) AS hands FROM fh
          WHERE status = 'full' AND partner_known AND outcome IN {_PICKED}
          GROUP BY 1"""


def calls_groups(key: str, where: str) -> str:
    """dashboard.metrics._calls' groups (``key``, outcome, full card log)."""
    return f"""SELECT {key}, outcome, status = 'full' AS cl, sum(hands) AS n,
               sum(picker_points) AS pp, sum(picker_points_n) AS npp,
               sum(picker_units) AS pu, sum(picker_units_n) AS npu
        FROM fh WHERE outcome IN {_PICKED} AND {where}
        GROUP BY ALL"""


def overview(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.overview` (players: the distinct players of
    the filtered ``session_players`` rows with a hand, i.e. of a
    ``hand_units`` row)."""
    base, params = hands_base(f, hands_where)
    cond, _ = hands_where(f, "p")
    sql = f"""{base}
    SELECT CAST(coalesce(sum(hands), 0) AS BIGINT) AS hands,
           count(DISTINCT session_id) AS sessions,
           (SELECT count(DISTINCT p.player) FROM session_players p WHERE {cond} AND p.hands > 0) AS players,
           min(date) AS first_date,
           max(date) AS last_date,
           CAST(coalesce(sum(hands) FILTER (WHERE date IS NULL), 0) AS BIGINT) AS undated
    FROM fh
    """
    return _run(con, sql, params)


def schneider_summary(con: duckdb.DuckDBPyConnection, f, hands_where) -> pl.DataFrame:
    """:func:`dashboard.metrics.schneider_summary` (``f`` already restricted
    to Sheepshead hands)."""
    base, params = hands_base(f, hands_where)

    def n(cond: str) -> str:
        return f"CAST(coalesce(sum(n) FILTER (WHERE {cond}), 0) AS BIGINT)"

    total = "CAST(coalesce(sum(n), 0) AS BIGINT)"
    sql = f"""{base}, g AS (SELECT outcome, sum(hands) AS n FROM fh WHERE outcome IN {_PICKED} GROUP BY outcome)
    SELECT {total} AS picked,
           {n("outcome = 'win-s'")} AS win_s,
           {n("outcome = 'lose-s'")} AS lose_s,
           {_rate(n("outcome IN ('win-s', 'lose-s')"), total)} AS schneider_rate,
           {_rate(n("outcome = 'win-s'"), total)} AS win_s_rate,
           {_rate(n("outcome = 'lose-s'"), total)} AS lose_s_rate,
           {n("outcome = 'win-z'")} AS win_z,
           {n("outcome = 'lose-z'")} AS lose_z,
           {_rate(n("outcome IN ('win-z', 'lose-z')"), total)} AS no_tricker_rate,
           {_rate(n("outcome = 'win-z'"), total)} AS win_z_rate,
           {_rate(n("outcome = 'lose-z'"), total)} AS lose_z_rate
    FROM g
    """
    return _run(con, sql, params)
