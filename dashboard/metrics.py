"""The dashboard's metrics: one function per metric, plain SQL over the store
(design.md 4).  No Streamlit here: the app and the tests both call these.

Every function takes a DuckDB connection (``ingest.store.reading(...)``) and
a :class:`Filters` and returns a polars DataFrame.  Filter values reach SQL
only as named parameters (``$groups``, ``$date_from`` ...); the SQL text
itself is fixed and depends only on *which* filters are set.

**The hands a metric sees** ("the filtered hands"): the rows of ``hands``
whose date lies in ``[date_from, date_to]`` (a hand without a date is left
out as soon as either bound is set), whose ``group`` (the Event tag),
``table``, ``rules`` (the ``[Rules]`` text as written) and ``game`` are among
the chosen ones, and — when players are chosen — in which at least one of the
chosen players held a seat.  Metrics with one row per player then show only
the chosen players.  An empty choice means "all".

**Words used in the docstrings**

* *picked hand*: someone picked (outcome ``win``, ``win-s``, ``win-z``,
  ``lose``, ``lose-s`` or ``lose-z``).  *Pass-out*: nobody picked (outcome
  ``leaster`` or ``doubler``, or another no-pick game of rules.md D:
  ``moster``, ``mittler``, ``schneidster``, ``schwanzer`` — none of them is a
  pick or a leaster).  A *misdeal* was dealt again and is counted as a
  misdeal, never as a pass-out or a played hand.
* *the pot* (rules.md D-19, ``pot=on``): a ``hand_units`` row with seat
  ``(pot)`` and no player; per-player metrics leave it out, :func:`pot_by_session`
  shows it.
* *misplay*: a picked hand settled by ``renegePenalty=offenderPaysEach``
  (rules.md B-23: the offender pays each other seat one unit instead of the
  hand's result; outcome ``misplay``).  *Unknown result*: a picked hand whose
  agreed (``^``) score fits no result under the rules (outcome ``unknown``).
  Neither is a picked hand: they move units (the ledger counts them) but no
  pick, win, schneider or partner-call statistic counts them.
* *picker-side win*: outcome ``win``, ``win-s`` or ``win-z``.
* *card-log hand*: ``status = 'full'`` (the cards were recorded and
  replayed); *score-sheet hand*: ``status = 'score-sheet'``.
* *player*: the name from the Seats tag (``hand_units.player``), so one
  person is one player whatever alias they sat under.
* *pick order*: position 1 is the seat left of the dealer, position n the
  dealer: ``(seat_no - dealer_seat_no - 1) mod n``, plus one.
* *hand with a blind to pick*: every Sheepshead profile but the partner-card
  games without a blind (``wi4-black-queens`` …, rules.md F-1), whose hands
  name the Q♣ holder as ``picker`` although nobody picked.  The picking
  metrics count only hands with a blind to pick; under a profile whose dealer
  sits out (``wi6-sit-out``) the dealer is never offered the blind.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

import duckdb
import polars as pl

from dashboard import summary_metrics as _sm
from ingest.rejections import MISSING_REJECTED
from ingest.sheet import ORDER_REFUSAL, ROW_STORED, pot_carry_reason
from ingest.summary import UNPLAYED_SQL as _UNPLAYED
from replay.schafkopf import DURCHMARSCH

__all__ = [
    "Filters",
    "hands_where",
    "PICKED",
    "WINS",
    "overview",
    "data_quality",
    "filter_choices",
    "ledger_by_session",
    "ledger_running",
    "running_totals",
    "leaderboard",
    "picking_summary",
    "leaster_winners",
    "sat_out_hands",
    "leaster_ties",
    "pick_rate_by_player",
    "picker_results_by_player",
    "pick_rate_by_position",
    "schneider_summary",
    "schneider_lines",
    "schneider_by_role",
    "outcome_tiers",
    "PASS_OUTS",
    "pot_by_session",
    "calls_by_type",
    "calls_by_suit",
    "partner_reveal",
    "schafkopf_games",
    "schafkopf_ramsch",
    "schafkopf_laufende",
    "schafkopf_laufende_summary",
    "indiana_race",
    "indiana_race_hands",
    "indiana_games",
    "fox_points",
    "SCHAFKOPF_GAME_TYPES",
    "LAUFENDE_SIDES",
    "PAGES",
    "METRICS",
]

#: Outcomes of a picked hand.
PICKED = ("win", "win-s", "win-z", "lose", "lose-s", "lose-z")
#: Outcomes of a picker-side win.
WINS = ("win", "win-s", "win-z")
#: Outcomes of a hand nobody picked (rules.md D).
PASS_OUTS = ("leaster", "doubler", "moster", "mittler", "schneidster", "schwanzer")


@dataclass(frozen=True)
class Filters:
    """What the sidebar chose.  ``None`` or an empty tuple means "all".

    * ``date_from``, ``date_to`` — inclusive bounds on the hand's date.
    * ``groups`` — ``hands.group`` (the Event tag).
    * ``tables`` — ``hands.table`` (the Table tag).
    * ``players`` — player names (``hand_units.player``): hands in which any
      of them sat; per-player tables show only them.
    * ``rules`` — ``hands.rules``, the ``[Rules]`` text as written.
    * ``game`` — ``hands.game`` (``sheepshead`` or ``schafkopf``).
    * ``sheepshead_only`` — set by the picking, schneider and partner-call
      metrics themselves: those exist only where there is a blind to pick and
      a picker side (rules.md B, C), never for Schafkopf games.
    * ``schafkopf_only`` — set by the Schafkopf metrics themselves
      (:func:`schafkopf_games`, :func:`schafkopf_ramsch`,
      :func:`schafkopf_laufende`, :func:`schafkopf_laufende_summary`): only
      hands with ``game = 'schafkopf'``.
    * ``exclude_rules`` — ``[Rules]`` texts left out; set by the picking
      metrics to the profiles without a blind to pick (rules.md F-1).
    * ``settled_only`` — set by the ledger metrics (:func:`leaderboard`,
      :func:`ledger_by_session`, :func:`pot_by_session`) when the database
      holds Indiana hands: only hands whose units are settled units that
      change hands, i.e. not ``game = 'indiana'``, whose units are race
      points (rules.md F-5, not zero-sum; shown apart by
      :func:`indiana_race`).
    * ``picked_by`` — player names: only hands one of them picked (the
      seat named by ``hands.picker``; the role filter of the Picking,
      Partner calls and Schneider pages).
    """

    date_from: date | None = None
    date_to: date | None = None
    groups: tuple[str, ...] = field(default_factory=tuple)
    tables: tuple[str, ...] = field(default_factory=tuple)
    players: tuple[str, ...] = field(default_factory=tuple)
    rules: tuple[str, ...] = field(default_factory=tuple)
    game: str | None = None
    sheepshead_only: bool = False
    schafkopf_only: bool = False
    settled_only: bool = False
    exclude_rules: tuple[str, ...] = field(default_factory=tuple)
    picked_by: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        # Accept lists from callers; store tuples so the value stays hashable.
        for name in ("groups", "tables", "players", "rules", "exclude_rules", "picked_by"):
            v = getattr(self, name)
            if v is None:
                object.__setattr__(self, name, ())
            elif not isinstance(v, tuple):
                object.__setattr__(self, name, tuple(v))


def _where(f: Filters, alias: str = "h") -> tuple[str, dict[str, object]]:
    """The WHERE condition over ``hands AS alias`` and its named parameters.
    Only fixed SQL text is produced; every value goes into the dict."""
    conds: list[str] = []
    params: dict[str, object] = {}
    if f.date_from is not None:
        conds.append(f"{alias}.date >= $date_from")
        params["date_from"] = f.date_from
    if f.date_to is not None:
        conds.append(f"{alias}.date <= $date_to")
        params["date_to"] = f.date_to
    if f.groups:
        conds.append(f'list_contains($groups, {alias}."group")')
        params["groups"] = list(f.groups)
    if f.tables:
        conds.append(f'list_contains($tables, {alias}."table")')
        params["tables"] = list(f.tables)
    if f.rules:
        conds.append(f"list_contains($rules, {alias}.rules)")
        params["rules"] = list(f.rules)
    if f.exclude_rules:
        conds.append(f"NOT list_contains($exclude_rules, {alias}.rules)")
        params["exclude_rules"] = list(f.exclude_rules)
    if f.game:
        conds.append(f"{alias}.game = $game")
        params["game"] = f.game
    if f.sheepshead_only:
        conds.append(f"{alias}.game = 'sheepshead'")
    if f.schafkopf_only:
        conds.append(f"{alias}.game = 'schafkopf'")
    if f.settled_only:  # Indiana race points and fox points are not units (rules.md F-5, F-6)
        conds.append(f"{alias}.game NOT IN ('indiana', 'fox')")
    if f.players:
        conds.append(f"{alias}.hand_id IN (SELECT hand_id FROM hand_units WHERE list_contains($players, player))")
        params["players"] = list(f.players)
    if f.picked_by:
        conds.append(f"{alias}.hand_id IN (SELECT u.hand_id FROM hand_units u, hands p WHERE p.hand_id = u.hand_id"
                     " AND u.seat = p.picker AND list_contains($picked_by, u.player))")
        params["picked_by"] = list(f.picked_by)
    return (" AND ".join(conds) or "TRUE"), params


def hands_where(f: Filters, alias: str = "h") -> tuple[str, dict[str, object]]:
    """The condition "the filtered hands" (module docstring) over ``hands AS
    alias``, as fixed SQL text and its named parameters — for callers that
    select hands themselves (the HTTP service's ``GET /hands``)."""
    return _where(f, alias)


def _player_cond(f: Filters, col: str = "u.player") -> str:
    """Restrict per-player rows to the chosen players (the ``$players``
    parameter is already in the dict when players are chosen)."""
    return f"list_contains($players, {col})" if f.players else "TRUE"


def _run(con: duckdb.DuckDBPyConnection, sql: str, params: dict[str, object]) -> pl.DataFrame:
    return con.sql(sql, params=params or None).pl()


def _base(f: Filters, columns: str = "*") -> tuple[str, dict[str, object]]:
    """``WITH fh AS (the filtered hands)`` and its parameters."""
    where, params = _where(f)
    # NOT MATERIALIZED: a query that reads fh twice would otherwise copy it first.
    return f"WITH fh AS NOT MATERIALIZED (SELECT {columns} FROM hands h WHERE {where})", params


def _units_of(f: Filters) -> str:
    """The ``hand_units u`` rows of the filtered hands.  With no hand filter
    that is the whole table (no join: the cheap case at a million hands)."""
    if _where(f)[0] == "TRUE":
        return "hand_units u"
    return "hand_units u SEMI JOIN fh ON u.hand_id = fh.hand_id"


_PICKED_SQL = "('win', 'win-s', 'win-z', 'lose', 'lose-s', 'lose-z')"
_WINS_SQL = "('win', 'win-s', 'win-z')"
_PASS_SQL = "(" + ", ".join(f"'{o}'" for o in PASS_OUTS) + ")"


def _sheepshead(f: Filters) -> Filters:
    """``f`` restricted to Sheepshead hands (see :class:`Filters`)."""
    return f if f.sheepshead_only else replace(f, sheepshead_only=True)


_KINDS: dict[tuple, frozenset[tuple[str, str]]] = {}


def _stored_kinds(con: duckdb.DuckDBPyConnection) -> frozenset[tuple[str, str]]:
    """The (game, rules text) pairs the database holds — few — read once per
    database state: keyed by the database file and its last ingest (every
    write of hands goes through an ingest, recorded in the small ``ingests``
    table), so the metrics that add SQL only for databases holding a kind
    (Indiana hands, tables without a blind, a dealer who sits out) do not
    scan ``hands`` on every call."""
    path = con.execute("SELECT path FROM duckdb_databases() WHERE database_name = current_database()").fetchall()[0][0]
    try:
        mark = con.execute("SELECT max(ingest_id), count(*) FROM ingests").fetchall()[0]
    except duckdb.CatalogException:  # a database made without the store
        mark = (None, id(con))
    key = (path or id(con), *mark)
    got = _KINDS.get(key)
    if got is None:
        src = "session_hands" if _sm.hands_usable(con, Filters()) else "hands"  # migration 020: a few rows a session
        got = frozenset(con.execute(f"SELECT DISTINCT game, rules FROM {src}").fetchall())
        if len(_KINDS) > 16:
            _KINDS.clear()
        _KINDS[key] = got
    return got


def _sheepshead_profiles(con: duckdb.DuckDBPyConnection) -> list[tuple[str, object]]:
    """The stored Sheepshead ``[Rules]`` texts (few, :func:`_stored_kinds`),
    sorted, each with its profile (``parse_rules``); a text that names no
    profile is left out."""
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.profile import parse_rules  # noqa: PLC0415

    out = []
    for text in sorted({r for g, r in _stored_kinds(con) if g == "sheepshead"}):
        try:
            out.append((text, parse_rules(text or None)))
        except ProfileError:
            continue
    return out


def _table_rules(con: duckdb.DuckDBPyConnection) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The stored Sheepshead ``[Rules]`` texts (few) sorted by table
    geometry (rules.md F-1): (those without a blind to pick, those whose
    dealer sits out, those with a possible second partner).  The profile
    decides, read by :func:`parse_rules`.  The metrics add the SQL for a
    kind only when the database holds hands of it (the common five-handed
    database pays nothing)."""
    no_blind, sit_out, two = [], [], []
    for text, prof in _sheepshead_profiles(con):
        if not prof.has_blind:
            no_blind.append(text)
        if prof.sitOut:
            sit_out.append(text)
        if prof.max_partners > 1:
            two.append(text)
    return tuple(no_blind), tuple(sit_out), tuple(two)


def _prune(con: duckdb.DuckDBPyConnection, f: Filters) -> Filters:
    """``f`` without the game conditions (``game``, ``sheepshead_only``,
    ``schafkopf_only``, ``settled_only``) that every stored hand meets: the
    same hands, but a query with no hand condition left reads ``hand_units``
    whole instead of joining it to ``hands`` (at a million hands that join
    costs several hundred ms).  Safe because :func:`_stored_kinds` never
    misses a stored game.  Only for the hands' SQL: :func:`_settlements`
    reads ``game`` and the hand-only flags itself, so pass it the unpruned
    filters."""
    games = {g for g, _ in _stored_kinds(con)}
    if len(games) != 1:
        return f
    (g,) = games
    drop: dict[str, object] = {}
    if f.game == g:
        drop["game"] = None
    if f.sheepshead_only and g == "sheepshead":
        drop["sheepshead_only"] = False
    if f.schafkopf_only and g == "schafkopf":
        drop["schafkopf_only"] = False
    if f.settled_only and g not in UNSETTLED:
        drop["settled_only"] = False
    return replace(f, **drop) if drop else f


def _picking(con: duckdb.DuckDBPyConnection, f: Filters) -> tuple[Filters, list[str]]:
    """``f`` restricted to Sheepshead hands with a blind to pick, and the
    rules texts whose dealer sits out (see *hand with a blind to pick*)."""
    no_blind, sit_out, _ = _table_rules(con)
    f = _prune(con, _sheepshead(f))
    if no_blind:
        f = replace(f, exclude_rules=tuple(dict.fromkeys(f.exclude_rules + no_blind)))
    return f, list(sit_out)


def _schafkopf(f: Filters) -> Filters:
    """``f`` restricted to Schafkopf games (see :class:`Filters`)."""
    return f if f.schafkopf_only else replace(f, schafkopf_only=True)


def _settled(con: duckdb.DuckDBPyConnection, f: Filters) -> Filters:
    """``f`` restricted to hands settled in units (see :class:`Filters`):
    the condition is added only when the database holds Indiana hands, so a
    database without them pays nothing."""
    if f.settled_only or f.schafkopf_only or f.sheepshead_only or (f.game and f.game != "indiana"):
        return f
    if not any(g in UNSETTLED for g, _ in _stored_kinds(con)):
        return f
    return replace(f, settled_only=True)


def _rate(num: str, den: str) -> str:
    return f"CASE WHEN ({den}) > 0 THEN CAST({num} AS DOUBLE) / ({den}) END"


# --------------------------------------------------------------------------
# Overview
# --------------------------------------------------------------------------


def overview(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row over the filtered hands.

    * ``hands`` — every stored hand (misdeals, pass-outs and score-sheet
      hands included).
    * ``sessions`` — distinct sessions those hands belong to.
    * ``players`` — distinct player names seated in those hands.
    * ``first_date``, ``last_date`` — the earliest and latest hand date
      (hands without a date do not count); ``undated`` — hands without one.
    """
    if _sm.hands_usable(con, f):
        return _sm.overview(con, f, _where)
    base, params = _base(f, "hand_id, session_id, date")
    sql = f"""{base}
    SELECT (SELECT count(*) FROM fh) AS hands,
           (SELECT count(DISTINCT session_id) FROM fh) AS sessions,
           (SELECT count(DISTINCT u.player) FROM {_units_of(f)}) AS players,
           (SELECT min(date) FROM fh) AS first_date,
           (SELECT max(date) FROM fh) AS last_date,
           (SELECT count(*) FROM fh WHERE date IS NULL) AS undated
    """
    return _run(con, sql, params)


def data_quality(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row: how the filtered hands were recorded, and what was refused.

    * ``full`` — card-log hands (cards recorded and replayed);
      ``score_sheet`` — hands with outcomes only (no cards).
    * What happened to each deal; the eleven kinds sum to ``hands``:
      ``picked`` — Sheepshead hands someone picked; ``leasters``,
      ``doublers``, ``mosters``, ``mittlers``, ``schneidsters``,
      ``schwanzers`` — Sheepshead pass-outs of each kind (rules.md D);
      ``misdeals`` — deals thrown in as misdeals (either game); ``declared``
      — Schafkopf games with a declarer (a Sauspiel, Solo, Wenz, Geier ...
      won or lost, rules.md G-4); ``ramsch`` — Schafkopf games nobody
      declared, played as a Ramsch (G-17); ``indiana`` — Indiana four-handed
      games (rules.md F-1, F-5: an ace call, best, side solo or billy; never
      counted as picked); ``other`` — any other recorded
      outcome (none today; counted so that no hand goes missing).
    * ``conflicts`` — hands with a table-agreed result that differs from the
      cards (a ``conflict`` provenance, kept and used by the ledger).
    * ``rejected`` — hands still refused and not stored
      (:data:`ingest.rejections.MISSING_REJECTED`: not stored since, each hand once; a refused copy of a hand
      stored is no hand missing).  A refused hand has no trusted date, group or table, so this count is of
      the whole database: the filters do not apply to it.
    """
    base, params = _base(f, "game, status, outcome, provenance")
    # one pass groups the hands by (game, outcome, status) — a handful of groups — and the
    # counts are read off the groups, so each extra kind costs nothing per hand
    kinds = ("leaster", "doubler", "moster", "mittler", "schneidster", "schwanzer", "misdeal", "ramsch")
    by_kind = "".join(f"           CAST(coalesce(sum(n) FILTER (WHERE outcome = '{k}'), 0) AS BIGINT) AS {k}s,\n"
                      for k in kinds[:-1])
    k = """SELECT game = 'schafkopf' AS sk, game = 'indiana' AS ind, outcome, status, count(*) AS n,
                 count(*) FILTER (WHERE contains(provenance, '"conflict"')) AS c
          FROM fh GROUP BY ALL"""
    if _sm.hands_usable(con, f):  # the same groups from session_hands (migration 020)
        (base, params), k = _sm.hands_base(f, _where), _sm.QUALITY_GROUPS
    sql = f"""{base},
    k AS ({k})
    SELECT CAST(coalesce(sum(n), 0) AS BIGINT) AS hands,
           CAST(coalesce(sum(n) FILTER (WHERE status = 'full'), 0) AS BIGINT) AS full,
           CAST(coalesce(sum(n) FILTER (WHERE status = 'score-sheet'), 0) AS BIGINT) AS score_sheet,
           CAST(coalesce(sum(n) FILTER (WHERE NOT sk AND NOT ind AND outcome IN {_PICKED_SQL}), 0) AS BIGINT) AS picked,
{by_kind}           CAST(coalesce(sum(n) FILTER (WHERE sk AND outcome IN {_PICKED_SQL}), 0) AS BIGINT) AS declared,
           CAST(coalesce(sum(n) FILTER (WHERE outcome = 'ramsch'), 0) AS BIGINT) AS ramsch,
           CAST(coalesce(sum(n) FILTER (WHERE ind), 0) AS BIGINT) AS indiana,
           CAST(coalesce(sum(n) FILTER (WHERE outcome NOT IN {_PICKED_SQL}
                                        AND outcome NOT IN {kinds}), 0)
                AS BIGINT) AS other,
           CAST(coalesce(sum(c), 0) AS BIGINT) AS conflicts,
           (SELECT count(*) FROM ({MISSING_REJECTED})) AS rejected
    FROM k
    """
    return _run(con, sql, params)


def games_present(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The games (``hands.game``: sheepshead, schafkopf, indiana) among the
    filtered hands, one row each (column ``game``): the Ledger warns when it
    would add Sheepshead units to Schafkopf tariff amounts."""
    kinds = _stored_kinds(con)
    base, params = _sm.hands_base(f, _where) if _sm.hands_usable(con, f) else _base(f, "game")
    if len({g for g, _ in kinds}) <= 1:  # one game stored: no scan needed
        return pl.DataFrame({"game": sorted({g for g, _ in kinds})}, schema={"game": pl.String})
    return _run(con, f"{base} SELECT DISTINCT game FROM fh ORDER BY 1", params)


def filter_choices(con: duckdb.DuckDBPyConnection) -> dict[str, object]:
    """The values the sidebar offers: every group, table, player, rules text
    and game stored, and the first and last date (``None`` when no hand has
    a date).  Not a metric: it reads all hands, unfiltered."""
    def col(sql: str) -> list:
        return [r[0] for r in con.execute(sql).fetchall()]

    h = "session_hands" if _sm.hands_usable(con, Filters()) else "hands"  # migration 020: a few rows a session
    first, last = con.execute(f"SELECT min(date), max(date) FROM {h}").fetchone()
    return {
        "groups": col(f'SELECT DISTINCT "group" FROM {h} WHERE "group" IS NOT NULL ORDER BY 1'),
        "tables": col(f'SELECT DISTINCT "table" FROM {h} WHERE "table" IS NOT NULL ORDER BY 1'),
        # the summary (migration 016) has a row with hands > 0 for every player of a hand_units row
        "players": col("SELECT DISTINCT player FROM session_players WHERE hands > 0 ORDER BY 1"
                       if _sm.usable(con, Filters()) else
                       "SELECT DISTINCT player FROM hand_units WHERE player IS NOT NULL ORDER BY 1"),
        "rules": col(f"SELECT DISTINCT rules FROM {h} ORDER BY 1"),
        "games": col(f"SELECT DISTINCT game FROM {h} ORDER BY 1"),
        "first_date": first,
        "last_date": last,
    }


# --------------------------------------------------------------------------
# Ledger
# --------------------------------------------------------------------------


def _session_units(f: Filters) -> str:
    """SQL: ``su`` (units and seats per session and player, from
    ``hand_units`` alone: its ``session_id`` and ``player`` copies) and
    ``si`` (the session facts of the filtered hands)."""
    return f"""
su AS (
    SELECT u.session_id, u.player, CAST(count(*) AS BIGINT) AS hands, CAST(sum(u.units) AS BIGINT) AS units
    FROM {_units_of(f)}
    GROUP BY u.session_id, u.player
), si AS (
    SELECT session_id, any_value(session) AS session, min(date) AS date, any_value("group") AS "group",
           any_value("table") AS "table"
    FROM fh GROUP BY session_id
)
"""


def _settlements(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Sittings settled without hands (``settlements``, migration 010: a CSV
    ledger's rows) that the filters take: one row per (session, player) with
    ``session_id``, ``session``, ``date``, ``group``, ``player``, ``units``.
    Filters on date, group, game and players apply; a filter on rules or
    table takes none (a sitting has neither); the hand-only flags
    (``sheepshead_only``, ``schafkopf_only``) take none either."""
    empty = pl.DataFrame(schema={"session_id": pl.Int32, "session": pl.String, "date": pl.Date, "group": pl.String,
                                 "player": pl.String, "units": pl.Int64})
    if f.rules or f.tables or f.sheepshead_only or f.schafkopf_only or f.game == "indiana":
        return empty
    conds, params = ["TRUE"], {}
    if f.date_from is not None:
        conds.append("x.date >= $date_from")
        params["date_from"] = f.date_from
    if f.date_to is not None:
        conds.append("x.date <= $date_to")
        params["date_to"] = f.date_to
    if f.groups:
        conds.append('list_contains($groups, x."group")')
        params["groups"] = list(f.groups)
    if f.game:
        conds.append("s.game = $game")
        params["game"] = f.game
    if f.players:
        conds.append("s.session_id IN (SELECT session_id FROM settlements WHERE list_contains($players, player))"
                     " AND list_contains($players, s.player)")
        params["players"] = list(f.players)
    sql = f"""SELECT s.session_id, x.session, x.date, x."group", s.player, CAST(s.units AS BIGINT) AS units
    FROM settlements s JOIN sessions x USING (session_id) WHERE {' AND '.join(conds)}
    ORDER BY x.date NULLS LAST, s.session_id, s.player"""
    try:
        return _run(con, sql, params)
    except duckdb.CatalogException:  # a database from before migration 010
        return empty


def ledger_by_session(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Units per player per session: one row per (session, player) over the
    filtered hands, with ``hands`` = hands of that session in which the
    player held a seat (misdeals and doublers included: they settle 0) and
    ``units`` = the sum of the player's units there.  ``date`` is the
    session's first hand date.  Ordered by date (undated last), session,
    player.  Indiana hands (race points, not units) are left out."""
    fs = _settled(con, f)
    f = _prune(con, fs)  # the hands' SQL; the sittings read fs
    base, params = _base(f, 'hand_id, session_id, session, date, "group", "table"')
    sql = f"""{base}, {_session_units(f)}
    SELECT su.session_id, si.session, si.date, si."group", si."table", su.player, su.hands, su.units
    FROM su JOIN si USING (session_id)
    WHERE su.player IS NOT NULL AND {_player_cond(f, "su.player")}
    ORDER BY si.date NULLS LAST, su.session_id, su.player
    """
    # the per-(session, player) summary (migration 016) where the filters select its rows
    out = _sm.ledger_by_session(con, f, _where) if _sm.usable(con, f) else _run(con, sql, params)
    sit = _settlements(con, fs)
    if sit.is_empty():
        return out
    # sittings settled without hands: their units, 0 hands
    sit = sit.with_columns(pl.lit(None, pl.String).alias("table"), pl.lit(0, pl.Int64).alias("hands")).select(
        [pl.col(c).cast(out.schema[c]) for c in out.columns])
    return pl.concat([out, sit]).sort(["date", "session_id", "player"], nulls_last=True)


def pot_by_session(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The pot (rules.md D-19, ``pot=on``) per session over the filtered
    hands, apart from the players: ``opening`` (what the pot held before
    the session's first filtered hand: the ``pot N`` written on it, carried
    in from an earlier night, else 0), ``paid_in`` (units put into the pot),
    ``taken`` (units picker sides took out, as a positive number), ``net`` =
    paid_in − taken, and ``balance``, what the pot holds after the filtered
    hands: the last written ``pot N`` among them (taken as written: it seeds
    the carry, :func:`replay.pot.pot_held`), else 0, plus the units from that
    hand on (real27b F2: the net was shown as what the pot holds, -15 for a
    night that took 15 carried in).  A date filter starting mid-season starts
    from the pot the first night in it opened with.  Only sessions with a pot
    row; ordered by date, session."""
    fs = _settled(con, f)
    f = _prune(con, fs)  # the hands' SQL; the sittings read fs
    base, params = _base(f, 'hand_id, session_id, session, date, "group", "table", hand, provenance')
    sql = f"""{base}, {_session_units(f)},
    ph AS (SELECT fh.session_id, fh.hand, fh.hand_id, u.units,
                  coalesce(json_extract_string(fh.provenance, '$.pot') = 'asserted', FALSE) AS asserted
           FROM {_units_of(f)} JOIN fh ON fh.hand_id = u.hand_id
           WHERE u.player IS NULL AND u.seat = '(pot)'),
    -- the pot N written on a hand whose pot was taken as written (the night's opening balance, or one after a gap):
    -- read from the hand's stored text, only for those hands
    w AS (SELECT ph.session_id, ph.hand,
                 TRY_CAST(regexp_extract(regexp_replace(s.template, '[{{][^}}]*[}}]', ' ', 'g'),
                                         '(^|\\s)pot\\s+(\\d+)(\\s|$)', 2) AS BIGINT) AS written
          FROM ph JOIN hand_source s ON s.hand_id = ph.hand_id WHERE ph.asserted),
    seed AS (SELECT session_id, max(hand) AS from_hand, arg_max(written, hand) AS written FROM w
             WHERE written IS NOT NULL GROUP BY session_id),
    firsts AS (SELECT session_id, min(hand) AS first FROM ph GROUP BY session_id)
    SELECT ph.session_id, si.session, si.date,
           CAST(coalesce(max(w.written) FILTER (WHERE ph.hand = firsts.first AND w.hand = ph.hand), 0) AS BIGINT)
               AS opening,
           CAST(coalesce(sum(ph.units) FILTER (WHERE ph.units > 0), 0) AS BIGINT) AS paid_in,
           CAST(coalesce(-sum(ph.units) FILTER (WHERE ph.units < 0), 0) AS BIGINT) AS taken,
           CAST(sum(ph.units) AS BIGINT) AS net,
           CAST(coalesce(any_value(seed.written), 0)
                + coalesce(sum(ph.units) FILTER (WHERE seed.from_hand IS NULL OR ph.hand >= seed.from_hand), 0)
                AS BIGINT) AS balance
    FROM ph JOIN si USING (session_id) JOIN firsts USING (session_id)
    LEFT JOIN seed USING (session_id)
    LEFT JOIN w ON w.session_id = ph.session_id AND w.hand = ph.hand
    GROUP BY ph.session_id, si.session, si.date
    ORDER BY si.date NULLS LAST, ph.session_id
    """
    return _run(con, sql, params)


def running_totals(by_session: pl.DataFrame) -> pl.DataFrame:
    """:func:`ledger_running` computed from a :func:`ledger_by_session`
    frame (which is already in date, session order): ``seq`` numbers the
    sessions 1, 2, ... in that order; ``running_total`` is the player's units
    summed over the sessions up to and including this one."""
    if by_session.is_empty():
        return pl.DataFrame(schema={"seq": pl.Int64, "session_id": pl.Int32, "date": pl.Date, "player": pl.String,
                                    "units": pl.Int64, "running_total": pl.Int64})
    order = by_session.select("session_id").unique(maintain_order=True).with_row_index("seq", offset=1)
    return (by_session.join(order, on="session_id", how="left")
            .with_columns(pl.col("seq").cast(pl.Int64))
            .sort(["seq", "player"])
            .with_columns(pl.col("units").cum_sum().over("player").alias("running_total"))
            .select("seq", "session_id", "date", "player", "units", "running_total"))


def ledger_running(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Running total over time per player: for each filtered session (in
    order of date — the session's first hand date — undated last, then
    session id) and each player seated in it, the player's units in that
    session (``units``) and the player's total over all filtered sessions up
    to and including it (``running_total``).  ``seq`` numbers the filtered
    sessions 1, 2, ... in that order.  (:func:`running_totals` of
    :func:`ledger_by_session`, so a page that has that frame need not read
    again.)"""
    return running_totals(ledger_by_session(con, f))


def leaderboard(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row per player over the filtered hands: ``units`` (the sum of the
    player's units), ``hands`` (hands played: the player held a seat and the
    cards were played — misdeals and thrown-in doublers are not played and
    not counted here, nor the hands a dealer sat out under ``wi6-sit-out``,
    rules.md F-1), ``units_per_hand`` = units ÷ hands, ``sessions`` in
    which the player sat.  Ordered by units, best first.  Indiana hands
    (race points, rules.md F-5, not units) are left out.  Sittings settled
    without hands (a CSV ledger, :func:`_settlements`) add their units to
    ``units`` and count in ``sessions`` and ``sittings``, never in ``hands``
    or ``units_per_hand`` (units of hands ÷ hands)."""
    fs = _settled(con, f)
    f = _prune(con, fs)  # the hands' SQL; the sittings read fs
    _, sit_out, _ = _table_rules(con)
    base, params = _base(f, "hand_id, session_id, outcome, players" + (", dealer, rules" if sit_out else ""))
    out = ""
    if sit_out:  # played hands a dealer sat out (wi6-sit-out) are not hands played
        params["sit_out"] = list(sit_out)
        out = f"""
            UNION ALL
            SELECT ro.names[list_position(ro.keys, o.dealer)], o.c
            FROM (SELECT hash(players) AS hp, dealer, count(*) AS c FROM fh
                  WHERE outcome NOT IN {_UNPLAYED} AND dealer IS NOT NULL
                    AND list_contains(CAST($sit_out AS VARCHAR[]), rules)
                  GROUP BY hp, dealer) o
            JOIN ro USING (hp)"""
    sql = f"""{base}, {_ROSTERS},
    uu AS (SELECT u.player, sum(u.units) AS units, count(*) AS seats FROM {_units_of(f)} GROUP BY u.player),
    void AS (   -- seats at misdeals and doublers, and played hands the dealer sat out, per player
        SELECT player, sum(c) AS c FROM (
            SELECT ro.names[k + 1] AS player, v.c
            FROM (SELECT hash(players) AS hp, count(*) AS c FROM fh WHERE outcome IN {_UNPLAYED}
                  GROUP BY hp) v
            JOIN ro USING (hp), unnest(range(len(ro.keys))) AS t(k){out})
        GROUP BY player
    ), ses AS (
        SELECT ro.names[k + 1] AS player, count(DISTINCT s.session_id) AS sessions
        FROM (SELECT DISTINCT session_id, hash(players) AS hp FROM fh) s
        JOIN ro USING (hp), unnest(range(len(ro.keys))) AS t(k)
        GROUP BY player
    )
    SELECT uu.player, CAST(uu.units AS BIGINT) AS units, CAST(uu.seats - coalesce(void.c, 0) AS BIGINT) AS hands,
           {_rate("uu.units", "uu.seats - coalesce(void.c, 0)")} AS units_per_hand,
           coalesce(ses.sessions, 0) AS sessions
    FROM uu LEFT JOIN void USING (player) LEFT JOIN ses USING (player)
    WHERE uu.player IS NOT NULL AND {_player_cond(f, "uu.player")}
    ORDER BY units DESC, uu.player
    """
    out = _sm.leaderboard(con, f, _where) if _sm.usable(con, f) else _run(con, sql, params)
    sit = _settlements(con, fs)
    if sit.is_empty():
        return out.with_columns(pl.lit(0, pl.Int64).alias("sittings"))
    # sittings settled without hands count in units and sessions, never in hands or units per hand
    st = sit.group_by("player").agg(pl.col("units").sum().alias("s_units"),
                                    pl.col("session_id").n_unique().cast(pl.Int64).alias("sittings"))
    m = out.join(st, on="player", how="full", coalesce=True)
    return (m.with_columns(
                pl.col("units").fill_null(0).cast(pl.Int64).alias("hand_units"),
                (pl.col("units").fill_null(0) + pl.col("s_units").fill_null(0)).cast(pl.Int64).alias("units"),
                pl.col("hands").fill_null(0).cast(pl.Int64),
                (pl.col("sessions").fill_null(0) + pl.col("sittings").fill_null(0)).cast(pl.Int64).alias("sessions"),
                pl.col("sittings").fill_null(0).cast(pl.Int64))
            .with_columns(pl.when(pl.col("hands") > 0).then(pl.col("hand_units") / pl.col("hands"))
                          .otherwise(None).alias("units_per_hand"))
            .select("player", "units", "hands", "units_per_hand", "sessions", "sittings")
            .sort(["units", "player"], descending=[True, False]))


# --------------------------------------------------------------------------
# Picking
# --------------------------------------------------------------------------

# The roster of a hand is its ``players`` JSON (seat alias -> name, in seat
# order; hand_units.seat_no is the index in it).  Metrics that need only
# hand-level facts (dealer, picker, partner, outcome) group the hands by
# (roster, dealer, picker, ...) first — few groups — and only then spread
# each group over its seats, instead of joining 5 seat rows per hand.
#
# A roster is keyed by the 64-bit hash of its JSON text (hp): grouping a
# million hands by an integer is what keeps these queries fast; two different
# rosters of one database sharing a hash is a 1-in-10^13 event.
_ROSTERS = """
ro AS (
    SELECT hp, players, map_keys(m) AS keys, map_values(m) AS names
    FROM (SELECT hp, players, json_transform(players, '"MAP(VARCHAR, VARCHAR)"') AS m
          FROM (SELECT hash(players) AS hp, any_value(players) AS players FROM fh GROUP BY 1))
)
"""

# Per (seat of a filtered non-misdeal hand), grouped: the seat's pick-order
# position, whether the blind was offered to it, whether it picked, and how
# many hands (c) share all that.  A picked hand with an unknown dealer has
# offered = NULL.  Under a profile whose dealer sits out ($sit_out, rules.md
# F-1) the dealer is never offered, not even in a pass-out.
_OFFERS_SQL = """
ha AS (
    SELECT hash(players) AS hp, dealer, picker, outcome IN """ + _PASS_SQL + """ AS passed_out,
           {so} AS so, count(*) AS c
    FROM fh WHERE outcome NOT IN ('misdeal', 'potsplit')  -- a pot split deals no cards (issue 18)
    GROUP BY hp, dealer, picker, passed_out, so
), hx AS (
    SELECT ha.*, ro.names, len(ro.keys) AS n,
           list_position(ro.keys, ha.dealer) - 1 AS d, list_position(ro.keys, ha.picker) - 1 AS p
    FROM ha JOIN ro USING (hp)
), offers AS (
    SELECT hx.names[k + 1] AS player, hx.n, hx.c,
           CASE WHEN hx.d IS NULL THEN NULL ELSE (k - hx.d - 1 + 2 * hx.n) % hx.n + 1 END AS position,
           CASE WHEN hx.so AND k = hx.d THEN FALSE
                WHEN hx.passed_out THEN TRUE
                WHEN hx.d IS NULL OR hx.p IS NULL THEN NULL
                ELSE (k - hx.d - 1 + 2 * hx.n) % hx.n <= (hx.p - hx.d - 1 + 2 * hx.n) % hx.n END AS offered,
           k = hx.p AS picked
    FROM hx, unnest(range(hx.n)) AS t(k)
)
"""


def _offers(params: dict[str, object], sit_out: list[str]) -> str:
    """The ``offers`` CTEs; ``sit_out`` (rules texts whose dealer sits out)
    goes into ``params`` only when there are any, and then the filtered
    hands must carry ``rules``."""
    if not sit_out:
        return _OFFERS_SQL.format(so="FALSE")
    params["sit_out"] = sit_out
    return _OFFERS_SQL.format(so="list_contains(CAST($sit_out AS VARCHAR[]), rules)")


def picking_summary(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row over the filtered hands.

    * ``dealt`` — hands dealt and not misdealt (picked + passed out);
      ``misdeals`` — misdeals, left out of every rate here.
    * ``passed_out`` — hands nobody picked (``leasters`` + ``doublers`` + the
      other no-pick games of rules.md D); ``pass_out_rate`` = passed_out ÷ dealt.
    * ``picks`` — picked hands; ``wins`` — picker-side wins;
      ``win_rate`` = wins ÷ picks.
    * ``units_per_pick`` — the picker's mean units over picked hands.
    * ``alone`` — picks played alone (by choice or forced);
      ``alone_rate`` = alone ÷ picks; ``alone_wins`` and
      ``alone_win_rate`` = alone wins ÷ alone.
    * ``unknown_dealer`` — picked hands whose dealer is not known: the
      pick-rate tables cannot say who was offered the blind there and leave
      them out.
    * ``misplays`` — picks settled as a misplay (``outcome = 'misplay'``,
      rules.md B-23 ``offenderPaysEach``) and ``unknown_results`` — picks whose
      agreed score fits no result (``outcome = 'unknown'``): neither is a
      played pick, so neither is in ``picks``, ``wins``, ``units_per_pick`` or
      the alone counts; their units are in the ledger.
    """
    f, _ = _picking(con, f)
    base, params = _base(f, "outcome, dealer, alone, picker_units")

    def n(cond: str) -> str:  # hands meeting cond, from the grouped rows (0 when none)
        return f"CAST(coalesce(sum(c) FILTER (WHERE {cond}), 0) AS BIGINT)"

    # Grouped first by (outcome, alone, dealer unknown) -- a few dozen rows at a million hands -- so the
    # string tests below run per group, not per hand.
    g = """SELECT outcome, alone, dealer IS NULL AS nd, count(*) AS c,
               sum(picker_units) AS pu, count(picker_units) AS npu
        FROM fh GROUP BY outcome, alone, nd"""
    if _sm.hands_usable(con, f):  # the same groups from session_hands (migration 020)
        (base, params), g = _sm.hands_base(f, _where), _sm.PICKING_GROUPS
    sql = f"""{base}, g AS (
        {g}
    )
    SELECT {n("outcome NOT IN ('misdeal', 'potsplit')")} AS dealt,
           {n("outcome = 'misdeal'")} AS misdeals,
           {n(f"outcome IN {_PASS_SQL}")} AS passed_out,
           {n("outcome = 'leaster'")} AS leasters,
           {n("outcome = 'doubler'")} AS doublers,
           {_rate(n(f"outcome IN {_PASS_SQL}"), n("outcome NOT IN ('misdeal', 'potsplit')"))} AS pass_out_rate,
           {n(f"outcome IN {_PICKED_SQL}")} AS picks,
           {n(f"outcome IN {_WINS_SQL}")} AS wins,
           {_rate(n(f"outcome IN {_WINS_SQL}"), n(f"outcome IN {_PICKED_SQL}"))} AS win_rate,
           sum(pu) FILTER (WHERE outcome IN {_PICKED_SQL})
             / sum(npu) FILTER (WHERE outcome IN {_PICKED_SQL}) AS units_per_pick,
           {n(f"outcome IN {_PICKED_SQL} AND alone")} AS alone,
           {_rate(n(f"outcome IN {_PICKED_SQL} AND alone"), n(f"outcome IN {_PICKED_SQL}"))} AS alone_rate,
           {n(f"outcome IN {_WINS_SQL} AND alone")} AS alone_wins,
           {_rate(n(f"outcome IN {_WINS_SQL} AND alone"), n(f"outcome IN {_PICKED_SQL} AND alone"))}
               AS alone_win_rate,
           {n(f"outcome IN {_PICKED_SQL} AND nd")} AS unknown_dealer,
           {n("outcome = 'misplay'")} AS misplays,
           {n("outcome = 'unknown'")} AS unknown_results
    FROM g
    """
    return _run(con, sql, params)


def pick_rate_by_player(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Pick rate per player over the filtered hands, one row per player.

    * ``offered`` — hands in which the blind was offered to the player:
      every seat before them in pick order passed.  In a leaster or doubler
      every seat was offered; a misdeal offers nobody; a picked hand with an
      unknown dealer is left out (counted in ``unknown_dealer``).
    * ``picks`` — of those, the hands the player picked;
      ``pick_rate`` = picks ÷ offered.
    * ``unknown_dealer`` — picked hands with an unknown dealer in which the
      player sat (in neither offered nor picks).
    Ordered by player.
    """
    f, sit_out = _picking(con, f)
    base, params = _base(f, "players, dealer, picker, outcome" + (", rules" if sit_out else ""))
    sql = f"""{base}, {_ROSTERS}, {_offers(params, sit_out)}
    SELECT player, CAST(sum(c) FILTER (WHERE offered) AS BIGINT) AS offered,
           CAST(coalesce(sum(c) FILTER (WHERE offered AND picked), 0) AS BIGINT) AS picks,
           {_rate("coalesce(sum(c) FILTER (WHERE offered AND picked), 0)", "sum(c) FILTER (WHERE offered)")}
               AS pick_rate,
           CAST(coalesce(sum(c) FILTER (WHERE offered IS NULL), 0) AS BIGINT) AS unknown_dealer
    FROM offers WHERE player IS NOT NULL AND {_player_cond(f, "player")}
    GROUP BY player
    ORDER BY player
    """
    df = _sm.pick_rate_by_player(con, f, _where) if _sm.usable(con, f) else _run(con, sql, params)
    return df.with_columns(pl.col("offered").fill_null(0))


def picker_results_by_player(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """What each player did as picker, over the filtered picked hands; one
    row per player who picked at least once.

    * ``picks`` — hands the player picked (known dealer or not);
      ``wins`` — picker-side wins among them; ``win_rate`` = wins ÷ picks.
    * ``units_per_pick`` — the player's mean units as picker (all picks).
    * ``alone`` — picks played alone (by choice or forced);
      ``alone_rate`` = alone ÷ picks; ``alone_wins`` and
      ``alone_win_rate`` = alone wins ÷ alone.
    Ordered by player.
    """
    f, _ = _picking(con, f)
    base, params = _base(f, "players, outcome, picker, alone, picker_units")
    sql = f"""{base}, {_ROSTERS},
    pa AS (
        SELECT hash(players) AS hp, picker, count(*) AS picks,
               sum(picker_units) AS pu_units, count(picker_units) AS pu_n,
               count(*) FILTER (WHERE outcome IN {_WINS_SQL}) AS wins,
               count(*) FILTER (WHERE alone) AS alone,
               count(*) FILTER (WHERE alone AND outcome IN {_WINS_SQL}) AS alone_wins
        FROM fh WHERE outcome IN {_PICKED_SQL}
        GROUP BY hp, picker
    ), pp AS (
        SELECT ro.names[list_position(ro.keys, pa.picker)] AS player, sum(picks) AS picks, sum(wins) AS wins,
               sum(alone) AS alone, sum(alone_wins) AS alone_wins, sum(pu_units) AS pu_units,
               sum(pu_n) AS pu_n
        FROM pa JOIN ro USING (hp)
        GROUP BY player
    )
    SELECT pp.player, CAST(pp.picks AS BIGINT) AS picks, CAST(pp.wins AS BIGINT) AS wins,
           {_rate("pp.wins", "pp.picks")} AS win_rate,
           CAST(pp.pu_units AS DOUBLE) / pp.pu_n AS units_per_pick,
           CAST(pp.alone AS BIGINT) AS alone, {_rate("pp.alone", "pp.picks")} AS alone_rate,
           CAST(pp.alone_wins AS BIGINT) AS alone_wins, {_rate("pp.alone_wins", "pp.alone")} AS alone_win_rate
    FROM pp
    WHERE pp.player IS NOT NULL AND {_player_cond(f, "pp.player")}
    ORDER BY pp.player
    """
    return _sm.picker_results_by_player(con, f, _where) if _sm.usable(con, f) else _run(con, sql, params)


def pick_rate_by_position(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Pick rate by pick-order position over the filtered hands with a known
    dealer, one row per position: ``position`` 1 (left of the dealer) …
    ``seats`` (the dealer), ``label`` (``1st after the dealer`` …
    ``dealer``); ``offered`` — hands in which the blind reached that
    position (every seat before it passed; in a leaster or doubler every
    position); ``picks`` — hands picked from it; ``pick_rate`` = picks ÷
    offered.  Misdeals offer nobody; hands with an unknown dealer are left
    out (their positions are not known).  With the player filter, only the
    chosen players' seats count."""
    f, sit_out = _picking(con, f)
    base, params = _base(f, "players, dealer, picker, outcome" + (", rules" if sit_out else ""))
    sql = f"""{base}, {_ROSTERS}, {_offers(params, sit_out)}
    SELECT n AS seats, position,
           CASE WHEN position = n THEN 'dealer'
                WHEN position = 1 THEN '1st after the dealer'
                WHEN position = 2 THEN '2nd after the dealer'
                WHEN position = 3 THEN '3rd after the dealer'
                ELSE position || 'th after the dealer' END AS label,
           CAST(coalesce(sum(c) FILTER (WHERE offered), 0) AS BIGINT) AS offered,
           CAST(coalesce(sum(c) FILTER (WHERE offered AND picked), 0) AS BIGINT) AS picks,
           {_rate("coalesce(sum(c) FILTER (WHERE offered AND picked), 0)", "sum(c) FILTER (WHERE offered)")}
               AS pick_rate
    FROM offers
    WHERE position IS NOT NULL AND {_player_cond(f, "player")}
    GROUP BY n, position
    ORDER BY n, position
    """
    return _sm.pick_rate_by_position(con, f, _where) if _sm.usable(con, f) else _run(con, sql, params)


# --------------------------------------------------------------------------
# Schneider and no-tricker
# --------------------------------------------------------------------------


def schneider_summary(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row over the filtered picked hands (leasters, doublers and
    misdeals have no picker side and are not counted).

    * ``picked`` — picked hands (the denominator of every rate here).
    * ``win_s`` — the defenders were schneidered (picker side 91+ points and
      the defenders took a trick); ``lose_s`` — the picker side was
      schneidered (30 or fewer and took a trick); ``schneider_rate`` =
      (win_s + lose_s) ÷ picked, ``win_s_rate``, ``lose_s_rate`` each ÷ picked.
    * ``win_z`` — the defenders took no trick; ``lose_z`` — the picker side
      took no trick; ``no_tricker_rate``, ``win_z_rate``, ``lose_z_rate``
      likewise.  A no-tricker is decided by tricks, never by points, and is
      counted as a no-tricker only (not also as a schneider).
    """
    f = _prune(con, _sheepshead(f))
    if _sm.hands_usable(con, f):
        return _sm.schneider_summary(con, f, _where)
    base, params = _base(f, "outcome")
    sql = f"""{base}
    SELECT count(*) AS picked,
           count(*) FILTER (WHERE outcome = 'win-s') AS win_s,
           count(*) FILTER (WHERE outcome = 'lose-s') AS lose_s,
           {_rate("count(*) FILTER (WHERE outcome IN ('win-s', 'lose-s'))", "count(*)")} AS schneider_rate,
           {_rate("count(*) FILTER (WHERE outcome = 'win-s')", "count(*)")} AS win_s_rate,
           {_rate("count(*) FILTER (WHERE outcome = 'lose-s')", "count(*)")} AS lose_s_rate,
           count(*) FILTER (WHERE outcome = 'win-z') AS win_z,
           count(*) FILTER (WHERE outcome = 'lose-z') AS lose_z,
           {_rate("count(*) FILTER (WHERE outcome IN ('win-z', 'lose-z'))", "count(*)")} AS no_tricker_rate,
           {_rate("count(*) FILTER (WHERE outcome = 'win-z')", "count(*)")} AS win_z_rate,
           {_rate("count(*) FILTER (WHERE outcome = 'lose-z')", "count(*)")} AS lose_z_rate
    FROM fh WHERE outcome IN {_PICKED_SQL}
    """
    return _run(con, sql, params)


def schneider_by_role(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row per (player, role) over the filtered picked hands.  ``role``
    is ``picker``, ``partner`` or ``defender`` (``unknown`` for a seat of a
    hand whose partner is not recorded and who is not the picker).

    * ``hands`` — picked hands the player played in that role.
    * ``schneidered_them`` — hands in which the player's side schneidered
      the other side (win-s for picker/partner, lose-s for a defender);
      ``schneidered`` — the player's side was schneidered.
    * ``no_tricked_them``, ``no_tricked`` — likewise for no-trickers
      (win-z / lose-z).
    * the ``*_rate`` columns are each ÷ hands.
    An ``unknown`` role cannot be given a side; its counts are 0.  A second
    partner (3v3, 3v5: rules.md F-1) counts as ``partner``; the dealer who
    sits out a hand (``wi6-sit-out``) has no role in it.
    Ordered by player, then picker, partner, defender, unknown.
    """
    f = _prune(con, _sheepshead(f))
    _, sit_out, two = _table_rules(con)
    base, params = _base(f, "players, outcome, picker, partner, alone" + (", partner2" if two else "")
                         + (", dealer, rules" if sit_out else ""))
    extra = ""
    pg_extra = (", partner2" if two else "") + (
        ", dealer, list_contains(CAST($sit_out AS VARCHAR[]), rules) AS so" if sit_out else "")
    if two:  # a second partner (3v3, 3v5) is a partner too
        extra += """
        SELECT ro.names[list_position(ro.keys, q.alias)], 'partner', TRUE, q.outcome, q.c
        FROM (SELECT hp, partner2 AS alias, outcome, CAST(sum(c) AS BIGINT) AS c FROM pg
              WHERE partner2 IS NOT NULL GROUP BY hp, alias, outcome) q JOIN ro USING (hp)
        UNION ALL"""
    if sit_out:  # the dealer who sits out has no role
        params["sit_out"] = list(sit_out)
        extra += """
        SELECT ro.names[list_position(ro.keys, o.alias)], 'out', o.sk, o.outcome, o.c
        FROM (SELECT hp, dealer AS alias, sk, outcome, CAST(sum(c) AS BIGINT) AS c FROM pg
              WHERE so AND dealer IS NOT NULL
              GROUP BY hp, alias, sk, outcome) o JOIN ro USING (hp)
        UNION ALL"""
    # Three small groupings of the picked hands instead of one row per seat:
    # picks per (roster, picker), partners per (roster, partner), and hands per
    # roster (every seat); a seat's defender count is what is left of its
    # hands once its picks and partner hands are taken away.  All three come
    # from one grouping of the picked hands (pg: one scan, few rows).
    sql = f"""{base}, {_ROSTERS},
    pg AS MATERIALIZED (
        SELECT hash(players) AS hp, picker, partner, alone OR partner IS NOT NULL AS sk, outcome{pg_extra},
               count(*) AS c
        FROM fh WHERE outcome IN {_PICKED_SQL}
        GROUP BY ALL
    ), seats AS (
        SELECT ro.names[list_position(ro.keys, p.alias)] AS player, 'picker' AS kind, p.sk, p.outcome, p.c
        FROM (SELECT hp, picker AS alias, sk, outcome, CAST(sum(c) AS BIGINT) AS c FROM pg
              GROUP BY hp, alias, sk, outcome) p JOIN ro USING (hp)
        UNION ALL
        SELECT ro.names[list_position(ro.keys, q.alias)], 'partner', TRUE, q.outcome, q.c
        FROM (SELECT hp, partner AS alias, outcome, CAST(sum(c) AS BIGINT) AS c FROM pg
              WHERE partner IS NOT NULL GROUP BY hp, alias, outcome) q JOIN ro USING (hp)
        UNION ALL{extra}
        SELECT ro.names[k + 1], 'seat', a.sk, a.outcome, a.c
        FROM (SELECT hp, sk, outcome, CAST(sum(c) AS BIGINT) AS c FROM pg GROUP BY hp, sk, outcome) a
        JOIN ro USING (hp), unnest(range(len(ro.keys))) AS t(k)
    ), per AS (
        SELECT player, outcome,
               sum(c) FILTER (WHERE kind = 'picker') AS picker,
               sum(c) FILTER (WHERE kind = 'partner') AS partner,
               coalesce(sum(c) FILTER (WHERE kind = 'seat' AND sk), 0)
                 - coalesce(sum(c) FILTER (WHERE kind = 'picker' AND sk), 0)
                 - coalesce(sum(c) FILTER (WHERE kind = 'partner'), 0)
                 - coalesce(sum(c) FILTER (WHERE kind = 'out' AND sk), 0) AS defender,
               coalesce(sum(c) FILTER (WHERE kind = 'seat' AND NOT sk), 0)
                 - coalesce(sum(c) FILTER (WHERE kind = 'picker' AND NOT sk), 0)
                 - coalesce(sum(c) FILTER (WHERE kind = 'out' AND NOT sk), 0) AS unknown
        FROM seats WHERE player IS NOT NULL AND {_player_cond(f, "player")}
        GROUP BY player, outcome
    ), r AS (
        UNPIVOT per ON picker, partner, defender, unknown INTO NAME role VALUE c
    ), c AS (
        SELECT player, role, sum(c) AS hands,
               coalesce(sum(c) FILTER (WHERE (role IN ('picker', 'partner') AND outcome = 'win-s')
                                          OR (role = 'defender' AND outcome = 'lose-s')), 0) AS schneidered_them,
               coalesce(sum(c) FILTER (WHERE (role IN ('picker', 'partner') AND outcome = 'lose-s')
                                          OR (role = 'defender' AND outcome = 'win-s')), 0) AS schneidered,
               coalesce(sum(c) FILTER (WHERE (role IN ('picker', 'partner') AND outcome = 'win-z')
                                          OR (role = 'defender' AND outcome = 'lose-z')), 0) AS no_tricked_them,
               coalesce(sum(c) FILTER (WHERE (role IN ('picker', 'partner') AND outcome = 'lose-z')
                                          OR (role = 'defender' AND outcome = 'win-z')), 0) AS no_tricked
        FROM r GROUP BY player, role
        HAVING sum(c) > 0
    )
    SELECT player, role, CAST(hands AS BIGINT) AS hands,
           CAST(schneidered_them AS BIGINT) AS schneidered_them,
           {_rate("schneidered_them", "hands")} AS schneidered_them_rate,
           CAST(schneidered AS BIGINT) AS schneidered, {_rate("schneidered", "hands")} AS schneidered_rate,
           CAST(no_tricked_them AS BIGINT) AS no_tricked_them,
           {_rate("no_tricked_them", "hands")} AS no_tricked_them_rate,
           CAST(no_tricked AS BIGINT) AS no_tricked, {_rate("no_tricked", "hands")} AS no_tricked_rate
    FROM c
    ORDER BY player, list_position(['picker', 'partner', 'defender', 'unknown'], role)
    """
    return _sm.schneider_by_role(con, f, _where) if _sm.usable(con, f) else _run(con, sql, params)


def outcome_tiers(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The distribution of outcome tiers over the filtered picked hands: one
    row for each of ``win``, ``win-s``, ``win-z``, ``lose``, ``lose-s``,
    ``lose-z`` (always all six, in that order), with ``hands`` and ``share``
    = hands ÷ picked hands, and ``tier`` (1 plain, 2 schneider, 3
    no-tricker)."""
    f = _prune(con, _sheepshead(f))
    base, params = _base(f, "outcome")
    c = f"SELECT outcome, count(*) AS hands FROM fh WHERE outcome IN {_PICKED_SQL} GROUP BY outcome"
    if _sm.hands_usable(con, f):  # the same counts from session_hands (migration 020)
        (base, params), c = _sm.hands_base(f, _where), _sm.TIER_COUNTS
    sql = f"""{base},
    t(outcome, tier, k) AS (VALUES ('win', 1, 1), ('win-s', 2, 2), ('win-z', 3, 3),
                                   ('lose', 1, 4), ('lose-s', 2, 5), ('lose-z', 3, 6)),
    c AS ({c})
    SELECT t.outcome, t.tier, coalesce(c.hands, 0) AS hands,
           {_rate("coalesce(c.hands, 0)", "sum(coalesce(c.hands, 0)) OVER ()")} AS share
    FROM t LEFT JOIN c USING (outcome)
    ORDER BY t.k
    """
    return _run(con, sql, params)


def sat_out_hands(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The filtered hands each player dealt and sat out (league33 F4): under
    a profile whose dealer sits out (``wi6-sit-out``, rules.md F-1) the
    dealer is at the table (:func:`ledger_by_session`'s ``hands``) but plays
    no card, so the hand is not one of :func:`leaderboard`'s hands played.
    One row per player with ``sat_out`` > 0 (misdeals and doublers, which
    nobody plays, left out), by name; empty when no such profile is
    stored.  With players chosen, only their rows."""
    _, sit_out, _ = _table_rules(con)
    if not sit_out:
        return pl.DataFrame(schema={"player": pl.String, "sat_out": pl.Int64})
    where, params = _where(_prune(con, _settled(con, f)))
    params["sit_out"] = list(sit_out)
    sql = f"""
    SELECT u.player, count(*) AS sat_out
    FROM hands h JOIN hand_units u ON u.hand_id = h.hand_id AND u.seat = h.dealer
    WHERE {where} AND list_contains($sit_out, h.rules) AND h.outcome NOT IN {_UNPLAYED}
          AND u.player IS NOT NULL AND {_player_cond(f, "u.player")}
    GROUP BY u.player ORDER BY u.player
    """
    return _run(con, sql, params)


# --------------------------------------------------------------------------
# Leasters (rules.md D-2 .. D-6)
# --------------------------------------------------------------------------

#: a leaster tied under ``leasterTie=split`` (rules.md D-6): the two tied seats are the two with units above 0 (2 and
#: 1 shares), the first stored as its ``leaster_winner``; under ``wash`` a tie has no winner (``leaster -``)
_SPLIT_TIE = ("(coalesce(h.rules_flags->>'leasterTie', 'wash') = 'split' AND (SELECT count(*) FROM hand_units v "
              "WHERE v.hand_id = h.hand_id AND v.player IS NOT NULL AND v.units > 0) = 2)")


def _leaster_seats(con: duckdb.DuckDBPyConnection, f: Filters) -> tuple[str, dict[str, object]]:
    """``WITH ls AS (...)``: one row per seat playing a filtered Sheepshead
    leaster (outcome ``leaster``, rules.md D-2): ``player``, ``units``,
    ``won`` (the seat is the leaster's one winner, D-4: a tie, washed or
    split, D-6, is nobody's win).  The dealer who sits a ``wi6-sit-out``
    hand out (rules.md F-1) plays no leaster.  The one place that says who
    won a leaster (:func:`leaster_winners`,
    :func:`dashboard.player_metrics.leaster_record`)."""
    _, sit_out, _ = _table_rules(con)
    where, params = _where(_prune(con, _sheepshead(f)))
    out = ""
    if sit_out:
        out = "AND NOT (list_contains($sit_out, h.rules) AND u.seat IS NOT DISTINCT FROM h.dealer)"
        params["sit_out"] = list(sit_out)
    return f"""WITH ls AS (
        SELECT u.player, u.units, h.session_id, h.hand,
               coalesce(u.seat = h.leaster_winner AND NOT {_SPLIT_TIE}, FALSE) AS won
        FROM hands h JOIN hand_units u ON u.hand_id = h.hand_id
        WHERE {where} AND h.outcome = 'leaster' AND u.player IS NOT NULL {out})""", params


def leaster_winners(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Who won the filtered leasters (rules.md D-4; design.md §1's season
    numbers): one row per player who played one — ``leasters`` (played: the
    dealer sitting a ``wi6-sit-out`` hand out plays none, F-1), ``won``
    (the one winner; a tie is nobody's win, D-6: :func:`leaster_ties` lists
    them), ``units`` (the player's units from leasters) — most won first,
    then most units, then by name.  With players chosen, only their rows."""
    base, params = _leaster_seats(con, f)
    sql = f"""{base}
    SELECT player, count(*) AS leasters, count(*) FILTER (WHERE won) AS won, CAST(sum(units) AS BIGINT) AS units
    FROM ls WHERE {_player_cond(f, "player")}
    GROUP BY player ORDER BY won DESC, units DESC, player
    """
    return _run(con, sql, params)


def leaster_outcomes(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """How the filtered leasters ended, each leaster once (dash34 F1: the
    Picking page's "N won outright" summed the chosen players' own wins):
    one row — ``leasters`` (Sheepshead hands of outcome ``leaster``, rules.md
    D-2), ``won`` (those with one winner, D-4), ``ties`` (a tie, washed or
    split, D-6: :func:`leaster_ties` lists them; ``won + ties = leasters``)
    and ``played`` (with players chosen, the leasters one of them played: the
    dealer sitting a ``wi6-sit-out`` hand out plays none, F-1; without, every
    leaster)."""
    base, params = _leaster_seats(con, f)
    where, wparams = _where(_prune(con, _sheepshead(f)))
    params.update(wparams)
    sql = f"""{base},
    lh AS (SELECT h.session_id, h.hand, NOT (h.leaster_winner IS NULL OR {_SPLIT_TIE}) AS one_winner
           FROM hands h WHERE {where} AND h.outcome = 'leaster')
    SELECT CAST(count(*) AS BIGINT) AS leasters,
           CAST(count(*) FILTER (WHERE one_winner) AS BIGINT) AS won,
           CAST(count(*) FILTER (WHERE NOT one_winner) AS BIGINT) AS ties,
           CAST((SELECT count(*) FROM (SELECT DISTINCT session_id, hand FROM ls
                                       WHERE {_player_cond(f, "player")})) AS BIGINT) AS played
    FROM lh
    """
    return _run(con, sql, params)


def leaster_ties(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The filtered leasters that ended in a tie for the fewest points
    (rules.md D-6), one row each in date order: ``session``, ``date``,
    ``hand``, ``hand_id``, ``tie_rule`` (the profile's ``leasterTie``:
    ``wash`` — no winner, no units change hands — or ``split``) and
    ``shares`` (a split: "Al 2 shares, Bea 1", the seat first from the
    dealer's left taking 2; None for a wash)."""
    where, params = _where(_prune(con, _sheepshead(f)))
    sql = f"""
    WITH t AS (
        SELECT h.hand_id, h.session, h.date, h.hand,
               CASE WHEN {_SPLIT_TIE} THEN 'split' ELSE 'wash' END AS tie_rule
        FROM hands h
        WHERE {where} AND h.outcome = 'leaster' AND (h.leaster_winner IS NULL OR {_SPLIT_TIE})
    )
    SELECT t.session, t.date, t.hand, t.hand_id, t.tie_rule,
           CASE WHEN t.tie_rule = 'split' THEN
                (SELECT arg_max(u.player, u.units) || ' 2 shares, ' || arg_min(u.player, u.units) || ' 1'
                 FROM hand_units u WHERE u.hand_id = t.hand_id AND u.player IS NOT NULL AND u.units > 0) END AS shares
    FROM t ORDER BY t.date, t.session, t.hand
    """
    return _run(con, sql, params)


# --------------------------------------------------------------------------
# Partner calls
# --------------------------------------------------------------------------

def _calls(f: Filters, key: str, where: str, summary: bool = False) -> tuple[str, dict[str, object]]:
    base, params = _base(f, "outcome, picker_points, status, call_type, called_suit, picker_units")
    g = f"""SELECT {key}, outcome, status = 'full' AS cl, count(*) AS n,
               sum(picker_points) AS pp, count(picker_points) AS npp,
               sum(picker_units) AS pu, count(picker_units) AS npu
        FROM fh WHERE outcome IN {_PICKED_SQL} AND {where}
        GROUP BY ALL"""
    if summary:  # the same groups from session_hands (migration 020)
        (base, params), g = _sm.hands_base(f, _where), _sm.calls_groups(key, where)
    sql = f"""{base},
    g AS (  -- grouped first by (key, outcome, full card log): few rows, the string tests run per group
        {g}
    ), c AS (
        SELECT {key}, CAST(sum(n) AS BIGINT) AS hands,
               CAST(coalesce(sum(n) FILTER (WHERE outcome IN {_WINS_SQL}), 0) AS BIGINT) AS wins,
               CAST(sum(npp) AS BIGINT) AS points_hands,
               CAST(sum(pp) AS DOUBLE) / sum(npp) AS mean_points,
               CAST(coalesce(sum(npp) FILTER (WHERE cl), 0) AS BIGINT) AS card_log_hands,
               CAST(sum(pp) FILTER (WHERE cl) AS BIGINT) AS card_log_points,
               sum(pu) AS pu_units, CAST(sum(npu) AS BIGINT) AS pu_n
        FROM g
        GROUP BY {key}
    )
    SELECT c.{key}, c.hands, c.wins, {_rate("c.wins", "c.hands")} AS win_rate, c.points_hands, c.mean_points,
           c.card_log_hands, c.card_log_points, CAST(c.pu_units AS DOUBLE) / c.pu_n AS mean_picker_units
    FROM c
    ORDER BY c.hands DESC, c.{key}
    """
    return sql, params


def _calls_run(con: duckdb.DuckDBPyConnection, f: Filters, key: str, where: str) -> pl.DataFrame:
    """:func:`_calls`' rows with ``mean_points_card_log`` (in place of its
    ``card_log_points``): the card-log hands' mean of the points **the cards
    give** (rules.md B-24).  ``picker_points`` of a card-log hand is those
    points unless the table agreed others (``pts ^61``, provenance
    ``conflict``: stored as written for the ledger, notation.md); such hands
    are few, so theirs are replayed (:func:`ingest.pipeline.card_points`) and
    the difference taken off the sum (metrics31 F2: the column showed the
    agreed 61 where the cards give 59).  ``mean_points`` (every hand with
    points known) keeps the stored, agreed points."""
    summary = _sm.hands_usable(con, f)
    sql, params = _calls(f, key, where, summary)
    df = _run(con, sql, params)
    delta = _agreed_points_delta(con, f, key, where, summary) if not df.is_empty() else {}
    pts = [None if p is None else p + delta.get(k, 0)
           for k, p in zip(df[key].to_list(), df["card_log_points"].to_list())]
    mean = [None if p is None or not n else p / n for p, n in zip(pts, df["card_log_hands"].to_list())]
    return (df.with_columns(pl.Series("mean_points_card_log", mean, dtype=pl.Float64))
            .select(*[c if c != "card_log_points" else "mean_points_card_log" for c in df.columns]))


def _agreed_points_delta(con: duckdb.DuckDBPyConnection, f: Filters, key: str, where: str,
                         summary: bool) -> dict[object, int]:
    """Per ``key`` value: the sum over the filtered picked card-log hands whose
    ``pts`` the table agreed (provenance ``conflict``) of the cards' points
    minus the stored, agreed ones (see :func:`_calls_run`).  Reads
    ``session_hands`` first when ``summary``: without a card-log row with a
    conflict among the filtered ones, no hand is read."""
    if summary:
        base, params = _sm.hands_base(f, _where)
        any_sql = f"""{base} SELECT 1 FROM fh WHERE status = 'full' AND conflict AND outcome IN {_PICKED_SQL}
                      AND {where} LIMIT 1"""
        if not con.execute(any_sql, params).fetchall():
            return {}
    base, params = _base(f, f"hand_id, {key}, picker_points, outcome, status, provenance")
    rows = con.execute(f"""{base} SELECT hand_id, {key}, picker_points FROM fh
        WHERE status = 'full' AND outcome IN {_PICKED_SQL} AND {where} AND picker_points IS NOT NULL
          AND json_extract_string(provenance, '$.picker_points') = 'conflict'""", params).fetchall()
    if not rows:
        return {}
    from ingest.pipeline import card_points  # noqa: PLC0415 - the engine's replay, for these few hands only

    cards = card_points(con, [r[0] for r in rows])
    out: dict[object, int] = {}
    for hand_id, k, agreed in rows:
        if hand_id in cards:
            out[k] = out.get(k, 0) + cards[hand_id] - agreed
    return out


def calls_by_type(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Partner-call outcomes by ``call_type`` (``ace``, ``ten``, ``under``,
    ``alone``, ``jd``, ``jd-callup``; null when not recorded), over the
    filtered picked hands:

    * ``hands`` — picked hands with that call; ``wins`` — picker-side wins;
      ``win_rate`` = wins ÷ hands.
    * ``mean_points`` — the picker side's mean card points (bury included)
      over ``points_hands``: only the hands whose points are known (written
      on the score sheet or counted from the cards).
    * ``mean_points_card_log`` — the mean of the points the cards give
      (rules.md B-24) over ``card_log_hands``: only the full card-log hands;
      a hand whose ``pts ^N`` the table agreed counts here with the points
      of its cards, in ``mean_points`` with N (:func:`_calls_run`).
    * ``mean_picker_units`` — the picker's mean units over all ``hands``.
    Ordered by hands, most first.
    """
    f = _prune(con, _sheepshead(f))
    return _calls_run(con, f, "call_type", "TRUE")


def calls_by_suit(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Partner-call outcomes by ``called_suit`` (``C``, ``S``, ``H``, ``D``:
    the suit of the called card), over the filtered picked hands with a
    called card (ace, ten, under calls and jack call-ups; not alone, not the
    plain J♦ game).  Columns as :func:`calls_by_type`."""
    f = _prune(con, _sheepshead(f))
    return _calls_run(con, f, "called_suit", "called_suit IS NOT NULL")


def partner_reveal(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The trick on which the partner was revealed (the called card or the
    partner card was played), as a distribution over the filtered
    **card-log** hands with a partner (picked, not alone): one row per trick
    1..6 (always all six; a later trick of a longer game when one was
    played), then one row with ``trick`` null: the card-log hands whose
    partner was never revealed in play (a claim ended the hand before the
    called card fell; metrics31 F1: counted, never dropped, design.md §4).
    ``hands`` and ``share`` = hands ÷ all those hands (the null row
    included).  Score-sheet hands have no cards and are not counted."""
    f = _prune(con, _sheepshead(f))
    base, params = _base(f, "outcome, status, partner, partner_revealed_trick")
    c = f"""SELECT partner_revealed_trick AS trick, count(*) AS hands FROM fh
          WHERE status = 'full' AND partner IS NOT NULL AND outcome IN {_PICKED_SQL}
          GROUP BY 1"""
    if _sm.hands_usable(con, f):  # the same counts from session_hands (migration 020)
        (base, params), c = _sm.hands_base(f, _where), _sm.REVEAL_COUNTS
    sql = f"""{base},
    c AS ({c}),
    t AS (SELECT CAST(range AS TINYINT) AS trick FROM range(1, 7)
          UNION SELECT trick FROM c WHERE trick IS NOT NULL
          UNION ALL SELECT CAST(NULL AS TINYINT))
    SELECT t.trick, coalesce(c.hands, 0) AS hands,
           {_rate("coalesce(c.hands, 0)", "sum(coalesce(c.hands, 0)) OVER ()")} AS share
    FROM t LEFT JOIN c ON t.trick IS NOT DISTINCT FROM c.trick
    ORDER BY t.trick NULLS LAST
    """
    return _run(con, sql, params)


# --------------------------------------------------------------------------
# Schafkopf
# --------------------------------------------------------------------------

#: The Schafkopf game types, in the order the Schafkopf page lists them.
SCHAFKOPF_GAME_TYPES = ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "tout", "bettel", "ramsch")


def schafkopf_games(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """One row per Schafkopf game type played, over the filtered Schafkopf
    games (``game = 'schafkopf'``; Sheepshead hands never count here).

    * ``game_type`` — ``sauspiel``, ``solo``, ``wenz``, ``geier``,
      ``farbwenz``, ``farbgeier``, ``tout``, ``bettel``, ``ramsch`` (in that order; a
      type nobody played has no row; an unrecorded type is ``null``, last).
    * ``games`` — games of that type; ``share`` = games ÷ all filtered
      Schafkopf games.
    * ``declared`` — games of that type with a declarer (``picker`` set and
      the outcome a win or loss: never a Ramsch); ``declarer_wins`` — of
      those, the declarer side won (outcome ``win``, ``win-s``, ``win-z``);
      ``declarer_win_rate`` = declarer_wins ÷ declared (null for Ramsch).
    * ``points_games`` — games whose declaring party's Augen (card points,
      ``picker_points``) are known; ``mean_augen`` — their mean over those
      games (null when none, e.g. for Ramsch).
    """
    f = _schafkopf(f)
    base, params = _base(f, "game_type, picker, outcome, picker_points")
    sql = f"""{base},
    c AS (
        SELECT game_type, count(*) AS games,
               count(*) FILTER (WHERE picker IS NOT NULL AND outcome IN {_PICKED_SQL}) AS declared,
               count(*) FILTER (WHERE picker IS NOT NULL AND outcome IN {_WINS_SQL}) AS declarer_wins,
               count(picker_points) FILTER (WHERE picker IS NOT NULL AND outcome IN {_PICKED_SQL}) AS points_games,
               avg(picker_points) FILTER (WHERE picker IS NOT NULL AND outcome IN {_PICKED_SQL}) AS mean_augen
        FROM fh GROUP BY game_type
    )
    SELECT game_type, CAST(games AS BIGINT) AS games,
           {_rate("games", "sum(games) OVER ()")} AS share,
           CAST(declared AS BIGINT) AS declared, CAST(declarer_wins AS BIGINT) AS declarer_wins,
           {_rate("declarer_wins", "declared")} AS declarer_win_rate,
           CAST(points_games AS BIGINT) AS points_games, mean_augen
    FROM c
    ORDER BY coalesce(list_position({list(SCHAFKOPF_GAME_TYPES)}, game_type), 99), game_type
    """
    return _run(con, sql, params)


def schafkopf_ramsch(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Ramsch per player, over the filtered Schafkopf games of type
    ``ramsch`` (nobody declared; everyone plays for themselves, rules.md
    G-17); one row per player who sat at one.

    * ``games`` — Ramsch games at which the player sat.
    * ``losses`` — of those, the games the player lost: the player's units
      are the most negative of that game (below 0; when two players share
      the lowest units, each of them has lost it: ``ramschTie=allTied``).
      A Durchmarsch is nobody's loss (one player took every trick and is
      paid by the other three, sk32 F5): never counted here.
      ``loss_rate`` = losses ÷ games.
    * ``durchmarsch`` — of those, the games the player won by Durchmarsch
      (the stored settlement's price is the Durchmarsch's:
      :data:`replay.schafkopf.DURCHMARSCH`).
    * ``units`` — the sum of the player's units in those games.
    Ordered by losses, most first, then player.  (How many Ramsch games
    there were in all is the ``ramsch`` row of :func:`schafkopf_games`.)
    """
    f = _schafkopf(f)
    base, params = _base(f, "hand_id, game_type, breakdown")
    params = {**params, "dm_prefix": DURCHMARSCH + " %"}
    sql = f"""{base},
    r AS (
        SELECT u.player, u.units, min(u.units) OVER (PARTITION BY u.hand_id) AS lowest,
               coalesce(g.breakdown LIKE $dm_prefix, FALSE) AS dm
        FROM hand_units u JOIN (SELECT hand_id, breakdown FROM fh WHERE game_type = 'ramsch') g
             ON u.hand_id = g.hand_id
    )
    SELECT player, CAST(count(*) AS BIGINT) AS games,
           CAST(count(*) FILTER (WHERE units = lowest AND units < 0 AND NOT dm) AS BIGINT) AS losses,
           {_rate("count(*) FILTER (WHERE units = lowest AND units < 0 AND NOT dm)", "count(*)")} AS loss_rate,
           CAST(count(*) FILTER (WHERE dm AND units > 0) AS BIGINT) AS durchmarsch,
           CAST(sum(units) AS BIGINT) AS units
    FROM r
    WHERE player IS NOT NULL AND {_player_cond(f, "player")}
    GROUP BY player
    ORDER BY losses DESC, player
    """
    return _run(con, sql, params)


#: The sides of a game's Laufende, in the order the Schafkopf page lists them: ``unknown`` is a score-sheet game
#: whose score fixed the count but not who held them (fixb30 F2: "with" and "without" pay the same, rules.md G-13).
LAUFENDE_SIDES = ("with", "without", "unknown", "none")

#: ``side`` of a game from ``hands.laufende`` / ``laufende_with`` (rules.md G-13); a count with no side stored is
#: ``unknown`` (it was counted as ``without``).
_LAUFENDE_SIDE = ("CASE WHEN laufende = 0 THEN 'none' WHEN laufende_with THEN 'with' WHEN NOT laufende_with "
                  "THEN 'without' ELSE 'unknown' END")
#: The games the Laufende metrics count: a declarer, and Laufende recorded.
_LAUFENDE_GAMES = f"picker IS NOT NULL AND outcome IN {_PICKED_SQL} AND laufende IS NOT NULL"


def schafkopf_laufende(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The distribution of Laufende (runners, rules.md G-13) per game type,
    over the filtered Schafkopf games with a declarer whose Laufende are
    recorded (``hands.laufende`` not null: every declared game imported or
    re-derived since migration 004; never a Ramsch, never Sheepshead).

    The Laufende of a game are the unbroken run of highest trumps from the
    Eichel-Ober (Wenz: Eichel-Unter) down, held by one party on the dealt
    cards; they count in the price from the rule profile's minimum (3 in
    Sauspiel and Farbsolo; 2 in Wenz and Geier by rules.md, 3 under the
    NetSchafkopf rules).  One row per (game type, side, count) that occurred:

    * ``game_type`` — as in :func:`schafkopf_games` (``tout`` for every Tout).
    * ``side`` — ``with`` (the declaring party held the run: "mit N
      Laufenden"), ``without`` (the opponents held it: "ohne N Laufende"),
      ``unknown`` (a score-sheet game whose score fixed the count of its
      Laufende, not written, but not who held them), ``none`` (the run was
      below the minimum: no Laufende counted).
    * ``laufende`` — the Laufende counted (0 for ``none``, else 2..14).
    * ``games`` — games of that type, side and count; ``share`` = games ÷
      the game type's games with recorded Laufende.

    Ordered by game type (:data:`SCHAFKOPF_GAME_TYPES`), side
    (:data:`LAUFENDE_SIDES`), then count.
    """
    f = _schafkopf(f)
    base, params = _base(f, "game_type, picker, outcome, laufende, laufende_with")
    sql = f"""{base},
    c AS (SELECT game_type, {_LAUFENDE_SIDE} AS side, laufende, count(*) AS games
          FROM fh WHERE {_LAUFENDE_GAMES} GROUP BY ALL)
    SELECT game_type, side, CAST(laufende AS INTEGER) AS laufende, CAST(games AS BIGINT) AS games,
           {_rate("games", "sum(games) OVER (PARTITION BY game_type)")} AS share
    FROM c
    ORDER BY coalesce(list_position({list(SCHAFKOPF_GAME_TYPES)}, game_type), 99), game_type,
             list_position({list(LAUFENDE_SIDES)}, side), laufende
    """
    return _run(con, sql, params)


def schafkopf_laufende_summary(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """How often the declaring party had the Laufende, per game type, over
    the same games as :func:`schafkopf_laufende` (Schafkopf games with a
    declarer and recorded Laufende).  One row per game type played:

    * ``games`` — those games.
    * ``with_laufende`` — the declaring party held the counted run ("mit");
      ``without_laufende`` — the opponents held it ("ohne");
      ``side_unknown_laufende`` — Laufende counted, the side not known (a
      score-sheet game whose score fixed the count, rules.md G-13);
      ``no_laufende`` — the run was below the minimum.  The four sum to
      ``games``.
    * ``with_rate`` = with_laufende ÷ games; ``without_rate`` =
      without_laufende ÷ games.
    * ``mean_laufende`` — the mean count of Laufende over the games where
      some counted (either side); null when none did.
    """
    f = _schafkopf(f)
    base, params = _base(f, "game_type, picker, outcome, laufende, laufende_with")
    sql = f"""{base},
    c AS (SELECT game_type, count(*) AS games,
                 count(*) FILTER (WHERE laufende > 0 AND laufende_with) AS w,
                 count(*) FILTER (WHERE laufende > 0 AND NOT laufende_with) AS wo,
                 count(*) FILTER (WHERE laufende > 0 AND laufende_with IS NULL) AS u,
                 avg(laufende) FILTER (WHERE laufende > 0) AS mean_laufende
          FROM fh WHERE {_LAUFENDE_GAMES} GROUP BY game_type)
    SELECT game_type, CAST(games AS BIGINT) AS games, CAST(w AS BIGINT) AS with_laufende,
           CAST(wo AS BIGINT) AS without_laufende, CAST(u AS BIGINT) AS side_unknown_laufende,
           CAST(games - w - wo - u AS BIGINT) AS no_laufende,
           {_rate("w", "games")} AS with_rate, {_rate("wo", "games")} AS without_rate, mean_laufende
    FROM c
    ORDER BY coalesce(list_position({list(SCHAFKOPF_GAME_TYPES)}, game_type), 99), game_type
    """
    return _run(con, sql, params)


#: Every metric query (the benchmark times each).

# --------------------------------------------------------------------------
# Indiana four-handed (rules.md F-1, F-5): race points, apart from units
# --------------------------------------------------------------------------


def indiana_race(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The Indiana race per session and player over the filtered hands
    (``game = 'indiana'``): ``hands`` the Indiana hands the player sat in,
    ``race_points`` the race points gained (each hand's ``units``, rules.md
    F-5: never negative, not zero-sum, never added to the ledger's units),
    ``best_won`` the won "best" games of the player (F-5: a won best ends
    the game), ``reached`` True when ``race_points`` reached the target 24
    or the player won a best (over the session's sum: a session of several
    games is split into them by :func:`indiana_games`).  Ordered by date (undated last), session,
    race points (most first), player."""
    where, params = _where(f)
    sql = f"""WITH fh AS NOT MATERIALIZED (SELECT hand_id, session_id, session, date, game_type, outcome, picker
                                       FROM hands h WHERE ({where}) AND h.game = 'indiana'),
    si AS (SELECT session_id, any_value(session) AS session, min(date) AS date FROM fh GROUP BY session_id),
    bw AS (SELECT fh.hand_id, u.player FROM fh JOIN hand_units u ON u.hand_id = fh.hand_id AND u.seat = fh.picker
           WHERE fh.game_type = 'best' AND fh.outcome = 'win'),
    r AS (SELECT u.session_id, u.player, CAST(count(*) AS BIGINT) AS hands, CAST(sum(u.units) AS BIGINT) AS race_points,
                 CAST(count(bw.hand_id) AS BIGINT) AS best_won
          FROM hand_units u SEMI JOIN fh ON u.hand_id = fh.hand_id
          LEFT JOIN bw ON bw.hand_id = u.hand_id AND bw.player = u.player
          WHERE u.player IS NOT NULL GROUP BY u.session_id, u.player)
    SELECT r.session_id, si.session, si.date, r.player, r.hands, r.race_points, r.best_won,
           r.race_points >= 24 OR r.best_won > 0 AS reached
    FROM r JOIN si USING (session_id)
    WHERE {_player_cond(f, "r.player")}
    ORDER BY si.date NULLS LAST, r.session_id, r.race_points DESC, r.player
    """
    return _run(con, sql, params)


def _race_sessions(con: duckdb.DuckDBPyConnection, f: Filters):
    """Each session with a filtered Indiana hand, walked by
    :func:`replay.indiana_race.race` over **all** its Indiana hands (a race
    is a whole session's: a player or date filter chooses the sessions, not
    the hands counted).  Yields ``(session_id, session, date, rows, games)``."""
    from replay.indiana_race import RaceHand, race  # noqa: PLC0415

    where, params = _where(f)
    sql = f"""WITH s AS (SELECT DISTINCT session_id FROM hands h WHERE ({where}) AND h.game = 'indiana')
    SELECT h.session_id, h.session, h.date, h.hand,
           CASE WHEN h.game_type = 'best' AND h.outcome = 'win' THEN
                (SELECT u2.player FROM hand_units u2 WHERE u2.hand_id = h.hand_id AND u2.seat = h.picker) END,
           list(struct_pack(p := coalesce(u.player, u.seat), v := u.units) ORDER BY u.seat_no)
    FROM hands h SEMI JOIN s USING (session_id) JOIN hand_units u ON u.hand_id = h.hand_id
    WHERE h.game = 'indiana'
    GROUP BY ALL ORDER BY h.date NULLS LAST, h.session_id, h.hand"""
    cur = None
    for sid, name, day, hand, best, gains in con.execute(sql, params or None).fetchall():
        if cur is None or cur[0] != sid:
            if cur is not None:
                yield (*cur[:3], *race(cur[3]))
            cur = (sid, name, day, [])
        cur[3].append(RaceHand(hand, {g["p"]: g["v"] for g in gains}, best))
    if cur is not None:
        yield (*cur[:3], *race(cur[3]))


def indiana_race_hands(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The race hand by hand (rules.md F-5, :mod:`replay.indiana_race`): one
    row per session, hand and player: ``game`` the game number in the
    session, ``score`` the player's race score after the hand (race points),
    ``ends`` True on the hand that ended the game, ``won`` True for its
    winners.  Ordered by date, session, hand, player (the seat order)."""
    out = {k: [] for k in ("session_id", "session", "date", "hand", "game", "player", "score", "ends", "won")}
    for sid, name, day, rows, _games in _race_sessions(con, f):
        for r in rows:
            for p, sc in r.scores.items():
                for k, v in (("session_id", sid), ("session", name), ("date", day), ("hand", r.hand),
                             ("game", r.game), ("player", p), ("score", sc), ("ends", r.ends),
                             ("won", p in r.winners)):
                    out[k].append(v)
    return pl.DataFrame(out, schema={"session_id": pl.Int32, "session": pl.String, "date": pl.Date,
                                     "hand": pl.Int32, "game": pl.Int32, "player": pl.String, "score": pl.Int64,
                                     "ends": pl.Boolean, "won": pl.Boolean})


def indiana_games(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The games of the Indiana race (rules.md F-5, :mod:`replay.indiana_race`):
    one row per session and game: ``first_hand``, ``last_hand``, ``hands``,
    ``finished`` (someone reached 24 or won a best), ``how`` (``24``,
    ``best`` or null while open), ``winners`` (list of players; a tie at the
    top shares the win), ``scores`` (text "player score, ..." highest
    first), ``gaps`` (hand numbers missing inside the game: its race is then
    not fully known).  Ordered by date, session, game."""
    out = {k: [] for k in ("session_id", "session", "date", "game", "first_hand", "last_hand", "hands", "finished",
                           "how", "winners", "scores", "gaps")}
    for sid, name, day, _rows, games in _race_sessions(con, f):
        for g in games:
            ranked = sorted(g.scores.items(), key=lambda kv: (-kv[1], kv[0]))
            for k, v in (("session_id", sid), ("session", name), ("date", day), ("game", g.game),
                         ("first_hand", g.first_hand), ("last_hand", g.last_hand), ("hands", g.hands),
                         ("finished", g.finished), ("how", g.how), ("winners", list(g.winners)),
                         ("scores", ", ".join(f"{p} {sc}" for p, sc in ranked)), ("gaps", list(g.gaps))):
                out[k].append(v)
    return pl.DataFrame(out, schema={"session_id": pl.Int32, "session": pl.String, "date": pl.Date, "game": pl.Int32,
                                     "first_hand": pl.Int32, "last_hand": pl.Int32, "hands": pl.Int32,
                                     "finished": pl.Boolean, "how": pl.String, "winners": pl.List(pl.String),
                                     "scores": pl.String, "gaps": pl.List(pl.Int32)})


def schneider_lines(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The filtered picked hands played under a ``[Rules]`` text whose picker
    side makes schneider at 90 card points, not 91
    (``schneiderSymmetric90=on``, rules.md B-28): one row a rules text,
    ``rules`` and ``hands`` (picked hands), none when no filtered hand is of
    such a rule.  The pages that state the schneider line name this variant
    only then (real25 F7; break25 F7: not of hands the filters leave out).
    A database holding no such rules text is not read (its stored rules
    texts are known, :func:`_stored_kinds`)."""
    texts = [text for text, prof in _sheepshead_profiles(con) if prof.schneiderSymmetric90]
    if not texts:
        return pl.DataFrame({"rules": [], "hands": []}, schema={"rules": pl.String, "hands": pl.Int64})
    base, params = _base(_prune(con, _sheepshead(f)), "rules, outcome")
    return _run(con, f"""{base}
    SELECT rules, count(*) AS hands FROM fh
    WHERE outcome IN {_PICKED_SQL} AND list_contains($sym90, rules)
    GROUP BY rules ORDER BY rules""", {**params, "sym90": texts})


def schafkopf_rules(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The house rules of the filtered Schafkopf games: one row per stored
    ``[Rules]`` text (a NetSchafkopf protocol's rules as inferred from its
    price lines, or SHN-SK's as written) with ``sessions`` and ``games``.
    Ordered by games, most first."""
    f = _schafkopf(f)
    base, params = _base(f, "session_id, rules")
    return _run(con, f"""{base} SELECT rules, CAST(count(DISTINCT session_id) AS BIGINT) AS sessions,
                      CAST(count(*) AS BIGINT) AS games FROM fh GROUP BY rules ORDER BY games DESC, rules""", params)


def schafkopf_tariffs(con: duckdb.DuckDBPyConnection, f: Filters) -> list[dict]:
    """The distinct tariffs of the filtered Schafkopf games (rules.md G-16:
    the prices are the house's): ``[{"tariff": one line of prices
    (:func:`replay.schafkopf.describe_prices`), "rules": [the stored
    ``[Rules]`` texts with those prices], "games": n}]``, most games first.
    Two or more mean the Schafkopf totals add amounts priced by different
    tariffs (NetSchafkopf's points beside a 10/50 cent tariff), which the
    ledgers say.  Rules that differ only in another rule, such as from how
    many Laufende count (user15: twelve protocols of one price list, read as
    'netschafkopf', '...; laufendeMin=wenz:2' and '...; laufendeMin=geier:2'),
    are one tariff.  A stored rules text that no longer parses is listed
    under its own text.  One query (:func:`schafkopf_rules`)."""
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.schafkopf import describe_prices, parse_schafkopf_rules  # noqa: PLC0415

    groups: dict[str, dict] = {}
    for r in schafkopf_rules(con, f).to_dicts():
        try:
            key = describe_prices(parse_schafkopf_rules(r["rules"] or "schafkopf"))
        except (ProfileError, ValueError):
            key = r["rules"] or ""
        g = groups.setdefault(key, {"tariff": key, "rules": [], "games": 0})
        g["rules"].append(r["rules"])
        g["games"] += r["games"]
    return sorted(groups.values(), key=lambda g: (-g["games"], g["tariff"]))


def mixed_tariffs_note(tariffs: list[dict]) -> str | None:
    """What a ledger says under Schafkopf totals that add amounts of more than
    one tariff (:func:`schafkopf_tariffs`); None for one tariff or none."""
    if len(tariffs) < 2:
        return None
    each = "; ".join(f"{g['tariff']} ({g['games']} game{'s' if g['games'] != 1 else ''}, rules "
                     + ", ".join(repr(r) for r in g["rules"][:3]) + (" …" if len(g["rules"]) > 3 else "") + ")"
                     for g in tariffs)
    return (f"These Schafkopf totals add amounts priced by {len(tariffs)} different tariffs: {each}. Where they are "
            "not one currency (a program's points beside cents), see each alone with its rules filter.")


#: The unit each game's amounts are in: never added across games.
UNITS = {"sheepshead": "units", "schafkopf": "tariff points", "indiana": "race points", "fox": "fox points"}
#: The games whose amounts are not units that change hands: never in the
#: Sheepshead ledger (Indiana race points, rules.md F-5; the fox game's points,
#: a logged label, rules.md F-6).
UNSETTLED = ("indiana", "fox")


def fox_points(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """The fox game's points (``game = 'fox'``, a logged label: rules.md F-6,
    docs/profiles.md "The fox game") per session and player over the filtered
    hands: ``hands`` the fox deals the player sat in, ``fox_points`` the
    points scored (each hand's ``units``: 0, 1, 2, 7 or 14, never negative,
    not zero-sum, never added to the ledger's units), ``target`` the game's
    length from the hands' rules (21 or 42), ``reached`` True when
    ``fox_points`` reached it.  Ordered by date (undated last), session,
    points (most first), player."""
    where, params = _where(f)
    sql = f"""WITH fh AS NOT MATERIALIZED (SELECT hand_id, session_id, session, date, rules_flags
                                       FROM hands h WHERE ({where}) AND h.game = 'fox'),
    si AS (SELECT session_id, any_value(session) AS session, min(date) AS date,
                  max(coalesce(TRY_CAST(json_extract_string(rules_flags, '$.foxTarget') AS INTEGER), 21)) AS target
           FROM fh GROUP BY session_id),
    r AS (SELECT u.session_id, u.player, CAST(count(*) AS BIGINT) AS hands, CAST(sum(u.units) AS BIGINT) AS fox_points
          FROM hand_units u SEMI JOIN fh ON u.hand_id = fh.hand_id
          WHERE u.player IS NOT NULL GROUP BY u.session_id, u.player)
    SELECT r.session_id, si.session, si.date, r.player, r.hands, r.fox_points, si.target,
           r.fox_points >= si.target AS reached
    FROM r JOIN si USING (session_id)
    WHERE {_player_cond(f, "r.player")}
    ORDER BY si.date NULLS LAST, r.session_id, r.fox_points DESC, r.player
    """
    return _run(con, sql, params)


def _refused_sessions(con: duckdb.DuckDBPyConnection, base: str, params: dict) -> pl.DataFrame:
    """The filtered sessions with hands refused at ingest and not stored
    (nor voided since), their numbers as ``hands`` (:func:`incomplete_sessions`);
    sessions with a ``session_checks`` row say it through their check.  A
    restored session's header ``[_Refused "1 3"]`` (written by ``shead
    export --format shn``) names its refused hands as ``rejected`` rows do;
    ``restored``: every hand named is named by that tag alone (verify32 F2)."""
    return _run(con, f"""{base},
    -- a row refused for its number (E-CSV-HAND-ORDER) is one row by its place, missing until the very row is
    -- stored (ingest.sheet.ROW_STORED), whatever hand holds its number (fixf27, break27 F2)
    r0 AS (SELECT DISTINCT r.session, r.hand, CASE WHEN r.code = '{ORDER_REFUSAL}' THEN r.line END AS row_,
                 CASE WHEN r.code = '{ORDER_REFUSAL}' THEN r.file END AS file_, FALSE AS restored
          FROM rejected r WHERE r.hand IS NOT NULL AND r.session IS NOT NULL
            AND NOT (r.code = '{ORDER_REFUSAL}' AND {ROW_STORED})
          -- a restored session's refused hands: its header's [_Refused "1"] numbers, which `shead export` writes for a
          -- session with refused hands and no check of its own (verify32 F2: the restore lost the mark)
          UNION SELECT x.session, CAST(t.n AS INTEGER), NULL, NULL, TRUE
          FROM sessions x, unnest(string_split(regexp_extract(coalesce(x.header, ''),
                                                '\\[_Refused\\s+"([^"]*)"\\]', 1), ' ')) AS t(n)
          WHERE regexp_full_match(t.n, '[0-9]{{1,9}}')),
    -- a hand named both ways (refused again after the restore) is one, said as refused here
    r AS (SELECT session, hand, row_, bool_and(restored) AS restored FROM r0 GROUP BY session, hand, row_)
    SELECT s.session_id, s.session,
           list(CASE WHEN r.row_ IS NULL THEN CAST(r.hand AS VARCHAR) ELSE concat(r.hand, ' (line ', r.row_, ')') END
                ORDER BY r.hand, r.row_ NULLS FIRST) AS hands,
           bool_and(r.restored) AS restored
    FROM r JOIN sessions s USING (session)
    WHERE s.session_id IN (SELECT session_id FROM fh)
      AND (r.row_ IS NOT NULL
           OR NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id AND h.hand = r.hand))
      AND NOT EXISTS (SELECT 1 FROM session_checks c WHERE c.session_id = s.session_id)
      AND (r.row_ IS NOT NULL OR NOT EXISTS (SELECT 1 FROM hand_revisions v WHERE v.session_id = s.session_id
                                             AND v.hand = r.hand AND v.action = 'void'))
      -- a restored session's voids: its header's [_Voided "2 5"] numbers (an export writes them; fix18 F1)
      AND (r.row_ IS NOT NULL OR NOT list_contains(string_split(regexp_extract(coalesce(s.header, ''),
                                                   '\\[_Voided\\s+"([^"]*)"\\]', 1), ' '), CAST(r.hand AS VARCHAR)))
    GROUP BY s.session_id, s.session ORDER BY s.session_id""", params)


def incomplete_sessions(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Sessions among the filtered hands that are not complete:
    ``session_id``, ``session``, ``refused`` (games refused), ``note``
    (why), ``log_totals`` (JSON player -> units, the source's table, or
    null).  The reasons, one row a session (their notes joined by "; "):

    * its source stated its own totals and the stored games fall short of
      them (``session_checks``, migration 010: games refused, or stored
      totals other than the source's last table);
    * a hand of it keeps a stored result that the rules no longer give
      (``W-CARRY`` among its stored warnings: an earlier hand arrived later
      and moved its stake or pot, rules.md D-11, D-12, D-19), until it is
      amended;
    * a hand of it was refused at ingest and is not stored (``rejected``,
      its number neither stored nor voided since; a session that states its
      own totals says so through its check instead): its units are not in
      the totals;
    * it opens with a pot carried in (``pot N``) that its group's earlier
      night no longer leaves (a ``W-POT-CARRY`` kept on its opening hand,
      :func:`ingest.pot_carry.mark_openings`, rules.md D-19; break30 F6):
      units no hand paid in (or left out) are in the totals.

    Ordered by session id; empty when every session is complete."""
    schema = {"session_id": pl.Int32, "session": pl.String, "refused": pl.Int32, "note": pl.String,
              "log_totals": pl.String}
    base, params = _base(f, "session_id, hand, warnings")
    sql = f"""{base}
    SELECT c.session_id, s.session, c.refused, c.note, c.log_totals
    FROM session_checks c JOIN sessions s USING (session_id)
    WHERE NOT c.complete AND c.session_id IN (SELECT session_id FROM fh)
    ORDER BY c.session_id"""
    try:
        checked = _run(con, sql, params)
    except duckdb.CatalogException:  # a database from before migration 010
        checked = pl.DataFrame(schema=schema)
    kept = _run(con, f"""{base}
    SELECT fh.session_id, any_value(s.session) AS session,
           list(fh.hand ORDER BY fh.hand) FILTER (WHERE fh.warnings LIKE '%warning W-CARRY%') AS hands,
           any_value(fh.warnings) FILTER (WHERE fh.warnings LIKE '%warning W-POT-CARRY%') AS pot_carry
    FROM fh JOIN sessions s USING (session_id)
    WHERE fh.warnings LIKE '%warning W-CARRY%' OR fh.warnings LIKE '%warning W-POT-CARRY%'
    GROUP BY fh.session_id ORDER BY fh.session_id""", params)
    try:
        refused = _refused_sessions(con, base, params)
    except duckdb.CatalogException:  # a database from before migration 007 (hand_revisions)
        refused = pl.DataFrame()
    if kept.is_empty() and refused.is_empty():
        return checked
    rows = {r["session_id"]: dict(r) for r in checked.to_dicts()}
    for r in refused.to_dicts():
        hands = r["hands"]
        which = f"hand {hands[0]} was" if len(hands) == 1 else "hands " + ", ".join(map(str, hands)) + " were"
        note = (f"{which} refused at ingest and {'is' if len(hands) == 1 else 'are'} not stored, so the totals lack "
                f"{'it' if len(hands) == 1 else 'them'} (the sheet's refused row says why; fix the text, or ingest "
                "its file again once the hands before it are stored)")
        if r.get("restored"):  # named by a restored export's [_Refused] tag: the refusal's text is in the old database
            note = (f"{which} refused when its source was read, before the export this session was restored from "
                    f"([_Refused]), and {'is' if len(hands) == 1 else 'are'} not stored, so the totals lack "
                    f"{'it' if len(hands) == 1 else 'them'} (ingest the corrected hand{'s' if len(hands) > 1 else ''})")
        got = rows.setdefault(r["session_id"], {"session_id": r["session_id"], "session": r["session"],
                                                "refused": 0, "note": None, "log_totals": None})
        got["refused"] = (got["refused"] or 0) + len(hands)
        got["note"] = f"{got['note']}; {note}" if got["note"] else note
    for r in kept.to_dicts():
        hands = r["hands"] or []
        notes = []
        if hands:
            which = (f"hand {hands[0]} keeps its stored result" if len(hands) == 1 else
                     "hands " + ", ".join(map(str, hands)) + " keep their stored results")
            notes.append(f"{which}, which the rules no longer give since an earlier hand was stored after it "
                         f"(W-CARRY: the stake or the pot it carries, rules.md D-11, D-12, D-19); if a hand before it "
                         f"is missing or refused, store that one first (it may agree again then), else amend it "
                         f"(shead ingest --amend; shead history {r['session']}#{hands[0]} says why)")
        if (carry := pot_carry_reason(r["pot_carry"])) is not None:
            # the pot it opens with is no earlier night's: units no hand paid (ingest.pot_carry.mark_openings,
            # break30 F6: said once at the amendment, then the ledger summed to +5 without a word)
            notes.append(f"its pot carried in no longer matches (W-POT-CARRY): {carry}")
        if not notes:
            continue
        got = rows.setdefault(r["session_id"], {"session_id": r["session_id"], "session": r["session"],
                                                "refused": 0, "note": None, "log_totals": None})
        note = "; ".join(notes)
        got["note"] = f"{got['note']}; {note}" if got["note"] else note
    return pl.DataFrame([rows[k] for k in sorted(rows)], schema=schema)


def sessions_added_beyond(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Sessions among the filtered hands whose source's own table was
    reached by its games and that hold games added beyond it (a game written
    in SHN-SK added to a NetSchafkopf protocol's session; verify32 F11):
    ``session``, ``note`` (``the protocol's games equal its own table; 1 game
    added beyond the protocol (game 4), …``, the check's,
    :data:`ingest.store.ADDED_BEYOND`).  Ordered by session id; empty on a
    database from before migration 010."""
    from ingest.store import ADDED_BEYOND  # noqa: PLC0415

    base, params = _base(f, "session_id")
    try:
        return _run(con, f"""{base}
        SELECT s.session, c.note FROM session_checks c JOIN sessions s USING (session_id)
        WHERE c.complete AND contains(c.note, $beyond) AND c.session_id IN (SELECT session_id FROM fh)
        ORDER BY c.session_id""", {**params, "beyond": ADDED_BEYOND})
    except duckdb.CatalogException:
        return pl.DataFrame(schema={"session": pl.String, "note": pl.String})


def ledger_units(con: duckdb.DuckDBPyConnection, f: Filters) -> pl.DataFrame:
    """Per player and unit over the filtered hands, for ``shead ledger`` and
    the Ledger page: ``player``, ``game``, ``unit`` (:data:`UNITS`:
    Sheepshead units, Schafkopf tariff points, Indiana race points — one row
    per unit, never added together), ``total``, ``hands`` (hands played, as
    :func:`leaderboard`; Indiana: hands sat in), ``sessions``, and
    ``incomplete`` (of those sessions, how many :func:`incomplete_sessions`
    lists).  Built from :func:`leaderboard`, :func:`ledger_by_session` and
    :func:`indiana_race`; ordered by game, total (best first), player."""
    bad = set(incomplete_sessions(con, f)["session_id"].to_list())
    frames = []
    schema = {"player": pl.String, "game": pl.String, "unit": pl.String, "total": pl.Int64, "hands": pl.Int64,
              "sessions": pl.Int64, "incomplete": pl.Int64}
    games = games_present(con, f)["game"].to_list()
    games += sorted(set(_settlements(con, f)["player"].to_list() and ["sheepshead"]) - set(games))
    for g in games:
        if f.game and f.game != g:
            continue
        fg = replace(f, game=g)
        if g == "fox":  # a logged label's points (rules.md F-6), apart from units
            fx = fox_points(con, fg)
            if fx.is_empty():
                continue
            t = (fx.group_by("player")
                 .agg(pl.col("fox_points").sum().alias("total"), pl.col("hands").sum().alias("hands"),
                      pl.col("session_id").n_unique().alias("sessions"),
                      pl.col("session_id").is_in(list(bad)).sum().alias("incomplete")))
        elif g == "indiana":
            race = indiana_race(con, fg)
            if race.is_empty():
                continue
            t = (race.group_by("player")
                 .agg(pl.col("race_points").sum().alias("total"), pl.col("hands").sum().alias("hands"),
                      pl.col("session_id").n_unique().alias("sessions"),
                      pl.col("session_id").is_in(list(bad)).sum().alias("incomplete")))
        else:
            lb = leaderboard(con, fg)
            if lb.is_empty():
                continue
            t = lb.select("player", pl.col("units").alias("total"), "hands", "sessions")
            if bad:  # some sessions incomplete: count each player's
                ses = ledger_by_session(con, fg)
                inc = (ses.group_by("player").agg(pl.col("session_id").is_in(list(bad)).sum().alias("incomplete")))
                t = t.join(inc, on="player", how="left")
            else:  # every session complete (the usual case): 0 each, without reading the sessions
                t = t.with_columns(pl.lit(0, pl.Int64).alias("incomplete"))
        frames.append(t.with_columns(pl.lit(g).alias("game"), pl.lit(UNITS.get(g, "units")).alias("unit"))
                      .select([pl.col(k).cast(v) for k, v in schema.items()]))
    if not frames:
        return pl.DataFrame(schema=schema)
    return (pl.concat(frames).with_columns(pl.col("incomplete").fill_null(0))
            .sort(["game", "total", "player"], descending=[False, True, False]))


METRICS = [overview, data_quality, ledger_by_session, ledger_running, leaderboard, picking_summary,
           pick_rate_by_player, picker_results_by_player, pick_rate_by_position, schneider_summary, schneider_by_role,
           outcome_tiers, calls_by_type, calls_by_suit, partner_reveal, schafkopf_games, schafkopf_ramsch,
           schafkopf_laufende, schafkopf_laufende_summary, indiana_race, fox_points, games_present, incomplete_sessions,
           ledger_units, schafkopf_rules]

#: Which metric queries each dashboard page runs (the Ledger page derives
#: the running totals from ledger_by_session with :func:`running_totals`).
PAGES = {
    "Overview": [overview, data_quality],
    "Ledger": [leaderboard, ledger_by_session, indiana_race, fox_points, incomplete_sessions, ledger_units],
    "Picking": [picking_summary, pick_rate_by_player, picker_results_by_player, pick_rate_by_position],
    "Schneider": [schneider_summary, schneider_by_role, outcome_tiers],
    "Partner calls": [calls_by_type, calls_by_suit, partner_reveal],
    "Schafkopf": [schafkopf_games, schafkopf_laufende_summary, schafkopf_laufende, schafkopf_ramsch, schafkopf_rules],
}

