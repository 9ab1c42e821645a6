"""One player's numbers beside the group's (the Player page, and JSON).

No Streamlit here.  Every function takes a DuckDB connection, the sidebar
:class:`~dashboard.metrics.Filters` and a player name
(``hand_units.player``); "the group" is every player of the same filtered
hands (the sidebar's player choice is not applied to the group).

* :func:`role_record` — per role (picker, partner, defender) over the
  filtered Sheepshead picked hands: hands, wins of the player's side, units,
  schneider and no-tricker for and against, alone picks — for the player
  and for the group (one row per role and ``who`` = ``player`` / ``group``).
* :func:`leaster_record` — the leasters played, won and their units, the
  player's and the group's (the Record by role's leaster row).
* :func:`pick_by_seat` — pick rate by seat in pick order, the player's
  beside the group's.
* :func:`player_sessions` — the player's sessions (units per session).
* :func:`player_report` — all of it as one JSON-able dict.

Words as in :mod:`dashboard.metrics`: a *win of the player's side* is a
picker-side win (``win``, ``win-s``, ``win-z``) for the picker and the
partner, a picker-side loss (``lose``, ``lose-s``, ``lose-z``) for a
defender.  *Schneider for* the player: the player's side schneidered the
other (``win-s`` as picker or partner, ``lose-s`` as defender, rules.md
B-28 tiers); *against*: the other way round.  No-trickers (``-z``) are
counted apart, never also as schneider.  Units are Sheepshead units.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import duckdb
import polars as pl

from dashboard import metrics
from dashboard import summary_metrics as _sm
from dashboard.metrics import Filters

__all__ = ["player_groups", "role_record", "leaster_record", "pick_by_seat", "player_sessions", "player_summary", "player_report", "days_played",
           "ROLE_ORDER"]

ROLE_ORDER = ("picker", "partner", "defender")


def player_groups(con: duckdb.DuckDBPyConnection, player: str) -> list[str]:
    """The groups (``hands.group``, the Event tag) the player sat in, by
    name; a hand without a group is left out.  Read from
    ``session_players`` (a row per session and player): the Player page's
    default comparison is the player's own groups, not every hand stored
    (new20 F8)."""
    return [g for (g,) in con.execute('SELECT DISTINCT "group" FROM session_players WHERE player = ? AND '
                                      '"group" IS NOT NULL ORDER BY 1', [player]).fetchall()]


def _group_filters(f: Filters) -> Filters:
    """The group's hands: the sidebar filters without the player choice."""
    return replace(f, players=())


def role_record(con: duckdb.DuckDBPyConnection, f: Filters, player: str) -> pl.DataFrame:
    """Per role over the filtered Sheepshead picked hands, the player's
    record and the group's: one row per (``who``, ``role``) with ``who`` in
    (``player``, ``group``) and ``role`` in :data:`ROLE_ORDER` (always all
    six rows).

    * ``hands`` — picked hands played in that role (a defender: a hand
      whose sides are known — alone, or the partner recorded — in which the
      seat was neither picker nor partner; the dealer who sits a
      ``wi6-sit-out`` hand out has no role).
    * ``wins`` — the seat's side won; ``win_rate`` = wins ÷ hands.
    * ``units``, ``units_per_hand`` — the seat's units (null rate when no
      hand).
    * ``schneider_for``, ``schneider_against``, ``no_trick_for``,
      ``no_trick_against`` — as in the module docstring.
    * ``alone``, ``alone_wins`` — picks played alone and won alone (picker
      only; 0 for the other roles).
    For the group the counts are over every seat of the group (a hand
    counts once per seat in that role: once for the picker, four times as
    defender at a five-handed table with the picker alone)."""
    g = metrics._sheepshead(_group_filters(f))
    if _sm.usable(con, g):  # the per-(session, player) summary (migration 016)
        return _sm.role_record(con, g, player, metrics._where)
    where, params = metrics._where(g)
    _, sit_out, _ = metrics._table_rules(con)
    cols = {r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'hands'").fetchall()}
    partner = "(u.seat = h.partner" + (" OR u.seat = h.partner2)" if "partner2" in cols else ")")
    out = ""
    if sit_out:
        out = "WHEN list_contains($sit_out, h.rules) AND u.seat = h.dealer THEN NULL"
        params["sit_out"] = list(sit_out)
    params["who"] = player
    sql = f"""
    WITH r AS (
        SELECT u.player = $who AS mine, u.units, h.outcome, h.alone,
               CASE WHEN u.seat = h.picker THEN 'picker'
                    {out}
                    WHEN coalesce({partner}, FALSE) THEN 'partner'
                    WHEN h.alone OR h.partner IS NOT NULL THEN 'defender' END AS role
        FROM hands h JOIN hand_units u ON u.hand_id = h.hand_id
        WHERE {where} AND h.outcome IN {metrics._PICKED_SQL} AND u.player IS NOT NULL
    ), s AS (
        SELECT *, CASE WHEN role = 'defender' THEN outcome IN ('lose', 'lose-s', 'lose-z')
                       ELSE outcome IN {metrics._WINS_SQL} END AS won,
                  CASE WHEN role = 'defender' THEN outcome = 'lose-s' ELSE outcome = 'win-s' END AS s_for,
                  CASE WHEN role = 'defender' THEN outcome = 'win-s' ELSE outcome = 'lose-s' END AS s_against,
                  CASE WHEN role = 'defender' THEN outcome = 'lose-z' ELSE outcome = 'win-z' END AS z_for,
                  CASE WHEN role = 'defender' THEN outcome = 'win-z' ELSE outcome = 'lose-z' END AS z_against
        FROM r WHERE role IS NOT NULL
    ), c AS (
        SELECT 'player' AS who, role, count(*) AS hands, count(*) FILTER (WHERE won) AS wins, sum(units) AS units,
               count(*) FILTER (WHERE s_for) AS sf, count(*) FILTER (WHERE s_against) AS sa,
               count(*) FILTER (WHERE z_for) AS zf, count(*) FILTER (WHERE z_against) AS za,
               count(*) FILTER (WHERE role = 'picker' AND alone) AS alone,
               count(*) FILTER (WHERE role = 'picker' AND alone AND won) AS alone_wins
        FROM s WHERE mine GROUP BY role
        UNION ALL
        SELECT 'group', role, count(*), count(*) FILTER (WHERE won), sum(units),
               count(*) FILTER (WHERE s_for), count(*) FILTER (WHERE s_against),
               count(*) FILTER (WHERE z_for), count(*) FILTER (WHERE z_against),
               count(*) FILTER (WHERE role = 'picker' AND alone),
               count(*) FILTER (WHERE role = 'picker' AND alone AND won)
        FROM s GROUP BY role
    ), k(who, role, o) AS (VALUES ('player', 'picker', 1), ('player', 'partner', 2), ('player', 'defender', 3),
                                  ('group', 'picker', 4), ('group', 'partner', 5), ('group', 'defender', 6))
    SELECT k.who, k.role, CAST(coalesce(c.hands, 0) AS BIGINT) AS hands, CAST(coalesce(c.wins, 0) AS BIGINT) AS wins,
           {metrics._rate("c.wins", "c.hands")} AS win_rate,
           CAST(coalesce(c.units, 0) AS BIGINT) AS units, {metrics._rate("c.units", "c.hands")} AS units_per_hand,
           CAST(coalesce(c.sf, 0) AS BIGINT) AS schneider_for, CAST(coalesce(c.sa, 0) AS BIGINT) AS schneider_against,
           CAST(coalesce(c.zf, 0) AS BIGINT) AS no_trick_for, CAST(coalesce(c.za, 0) AS BIGINT) AS no_trick_against,
           CAST(coalesce(c.alone, 0) AS BIGINT) AS alone, CAST(coalesce(c.alone_wins, 0) AS BIGINT) AS alone_wins
    FROM k LEFT JOIN c USING (who, role)
    ORDER BY k.o
    """
    return con.sql(sql, params=params).pl()


def leaster_record(con: duckdb.DuckDBPyConnection, f: Filters, player: str) -> pl.DataFrame:
    """The player's leasters beside the group's (league33 F3: the Record by
    role's leaster row): two rows, ``who`` = ``player`` then ``group``,
    each with ``hands`` (leasters played: a seat each; the dealer sitting a
    ``wi6-sit-out`` hand out plays none, rules.md F-1), ``wins`` (the one
    winner, rules.md D-4; a tie is nobody's win, D-6), ``win_rate`` = wins
    ÷ hands, ``units`` and ``units_per_hand`` (null rates when no hand).
    Who won is decided once, by :func:`dashboard.metrics.leaster_winners`'s
    seat rows; the group is every seat of the same filtered leasters."""
    base, params = metrics._leaster_seats(con, _group_filters(f))
    params["who"] = player
    sql = f"""{base},
    c AS (SELECT 'player' AS who, count(*) AS n, count(*) FILTER (WHERE won) AS w, sum(units) AS u
          FROM ls WHERE player = $who
          UNION ALL
          SELECT 'group', count(*), count(*) FILTER (WHERE won), sum(units) FROM ls)
    SELECT who, CAST(n AS BIGINT) AS hands, CAST(w AS BIGINT) AS wins, {metrics._rate("w", "n")} AS win_rate,
           CAST(coalesce(u, 0) AS BIGINT) AS units, {metrics._rate("u", "n")} AS units_per_hand
    FROM c ORDER BY who = 'group'
    """
    return con.sql(sql, params=params).pl()


def pick_by_seat(con: duckdb.DuckDBPyConnection, f: Filters, player: str) -> pl.DataFrame:
    """Pick rate by seat in pick order (:func:`dashboard.metrics.pick_rate_by_position`),
    the player's (``offered``, ``picks``, ``pick_rate``) beside the group's
    (``group_offered``, ``group_picks``, ``group_pick_rate``: every seat of
    the group's hands at that position).  One row per (``seats``,
    ``position``) the group has; the player's counts are 0 where the
    blind never reached the player there."""
    g = _group_filters(f)
    mine = metrics.pick_rate_by_position(con, replace(g, players=(player,)))
    grp = metrics.pick_rate_by_position(con, g)
    m = mine.select("seats", "position", "offered", "picks", "pick_rate")
    out = (grp.rename({"offered": "group_offered", "picks": "group_picks", "pick_rate": "group_pick_rate"})
           .join(m, on=["seats", "position"], how="left")
           .with_columns(pl.col("offered").fill_null(0), pl.col("picks").fill_null(0)))
    return out.select("seats", "position", "label", "offered", "picks", "pick_rate", "group_offered",
                      "group_picks", "group_pick_rate").sort(["seats", "position"])


def player_sessions(con: duckdb.DuckDBPyConnection, f: Filters, player: str) -> pl.DataFrame:
    """The player's sessions over the filtered hands (settled games only,
    :func:`dashboard.metrics.ledger_by_session`; Indiana race points apart):
    ``session_id``, ``session``, ``date``, ``group``, ``table``, ``hands``
    (hands of the session at which the player sat), ``units``."""
    return metrics.ledger_by_session(con, replace(_group_filters(f), players=(player,)))


def player_summary(con: duckdb.DuckDBPyConnection, f: Filters, player: str) -> dict:
    """The headline numbers: ``sessions``, ``hands`` (seated, every game),
    ``days`` (distinct dates played), ``first_date``, ``last_date``, and
    ``ledger`` — one dict per unit (:func:`dashboard.metrics.ledger_units`:
    Sheepshead units, Schafkopf tariff points, Indiana race points, never
    added) with the player's ``total``, ``hands``, ``rank`` among the
    group's players in that unit and ``players`` ranked; and the picking
    numbers ``offered``, ``picks``, ``pick_rate`` with the group's
    ``group_pick_rate``, and the pick ``win_rate`` and ``units_per_pick``
    with the group's (``group_win_rate``, ``group_units_per_pick``)."""
    g = _group_filters(f)
    if _sm.usable(con, g):  # the per-(session, player) summary (migration 016): the player's rows with a hand
        where, params = _sm.summary_where(g, metrics._where)
        params["who"] = player
        row = con.sql(f"""SELECT CAST(coalesce(sum(s.hands), 0) AS BIGINT) AS hands,
                                 count(DISTINCT s.session_id) AS sessions, count(DISTINCT s.date) AS days,
                                 min(s.date) AS first_date, max(s.date) AS last_date
                          FROM session_players s WHERE {where} AND s.player = $who AND s.hands > 0""",
                      params=params).fetchall()[0]
    else:
        where, params = metrics._where(g)
        params["who"] = player
        row = con.sql(f"""SELECT count(*) AS hands, count(DISTINCT h.session_id) AS sessions,
                                 count(DISTINCT h.date) AS days, min(h.date) AS first_date, max(h.date) AS last_date
                          FROM hands h JOIN hand_units u ON u.hand_id = h.hand_id AND u.player = $who
                          WHERE {where}""", params=params).fetchall()[0]
    out = dict(zip(("hands", "sessions", "days", "first_date", "last_date"), row))
    units = metrics.ledger_units(con, g)
    ledger = []
    for game in units["game"].unique(maintain_order=True).to_list():
        t = units.filter(pl.col("game") == game).sort(["total", "player"], descending=[True, False])
        names = t["player"].to_list()
        if player in names:
            r = t.row(names.index(player), named=True)
            ledger.append({"game": game, "unit": r["unit"], "total": r["total"], "hands": r["hands"],
                           "sessions": r["sessions"], "rank": names.index(player) + 1, "players": len(names)})
    out["ledger"] = ledger
    me = metrics.pick_rate_by_player(con, replace(g, players=(player,)))
    grp = metrics.pick_rate_by_player(con, g)
    res = metrics.picker_results_by_player(con, replace(g, players=(player,)))
    summ = metrics.picking_summary(con, g).to_dicts()[0]
    offered = int(me["offered"].sum()) if not me.is_empty() else 0
    picks = int(me["picks"].sum()) if not me.is_empty() else 0
    g_off, g_picks = int(grp["offered"].sum()), int(grp["picks"].sum())
    r = res.to_dicts()[0] if not res.is_empty() else {}
    out.update(offered=offered, picks_offered=picks, pick_rate=picks / offered if offered else None,
               group_pick_rate=g_picks / g_off if g_off else None,
               picks=int(r.get("picks") or 0), wins=int(r.get("wins") or 0), win_rate=r.get("win_rate"),
               units_per_pick=r.get("units_per_pick"), group_win_rate=summ["win_rate"],
               group_units_per_pick=summ["units_per_pick"])
    return out


def _jsonable(v):
    if isinstance(v, date):
        return v.isoformat()
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    return v


def player_report(con: duckdb.DuckDBPyConnection, f: Filters, player: str) -> dict:
    """Everything the Player page shows, as one dict of plain JSON values
    (dates as ISO text): ``player``, ``summary`` (:func:`player_summary`),
    ``roles`` (:func:`role_record` rows), ``leasters`` (:func:`leaster_record`
    rows), ``pick_by_seat``
    (:func:`pick_by_seat` rows), ``sessions`` (:func:`player_sessions`
    rows).  ``json.dumps`` takes it as it is."""
    return _jsonable({
        "player": player,
        "summary": player_summary(con, f, player),
        "roles": role_record(con, f, player).to_dicts(),
        "leasters": leaster_record(con, f, player).to_dicts(),
        "pick_by_seat": pick_by_seat(con, f, player).to_dicts(),
        "sessions": player_sessions(con, f, player).to_dicts(),
    })


def days_played(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row over the filtered hands: ``days`` — distinct dates on which a
    hand was played (not the calendar span), ``span`` — days from the first
    to the last date, both counted (null when no hand has a date)."""
    where, params = metrics._where(f)
    return con.sql(f"""SELECT CAST(count(DISTINCT h.date) AS BIGINT) AS days,
                              CAST(date_diff('day', min(h.date), max(h.date)) + 1 AS BIGINT) AS span
                       FROM hands h WHERE {where}""", params=params or None).pl()
