"""The deals dealt at two or more tables (``deal_tables``, migration 023,
issue 17).

The Compare page and ``shead compare`` list the deals dealt at two or more
stored hands (``hand_deals``, migration 015), most-played first.  Grouping
every ``hand_deals`` row and joining every hand for it grows with the
database (0.38 CPU-s of the page's 1.6 at a million hands of the scale
benchmark); ``deal_tables`` holds the list already grouped, so the page
reads a few rows per shared deal (6 CPU-ms at 10,000 and at 1,000,000).

One row per (``deal_id``, ``group``) of every deal dealt at two or more
stored hands — in all groups together — with, over that deal's hands of
that group: ``tables`` (the hands), ``sessions`` (their distinct sessions),
``first_date`` / ``last_date`` (the earliest and latest hand date, None
when no hand has one) and ``first_hand`` (the lowest hand id).  A deal's figures are the
sums (``tables``, ``sessions``: a session belongs to one group) and the
min / max (dates, ``first_hand``) of its rows, so a reader who may see only
some groups (:func:`ingest.scope.restrict` keeps the rows of those groups)
sums exactly the hands it may see.

``deal_parts`` holds the same figures per (deal, group, session) of
those deals.  Derived, never edited: :func:`refresh` keeps both in the
caller's transaction (``ingest.summary.refresh`` calls it beside
``session_deals``: ingest, amend, void, rederive).  It compares the changed
sessions' hands, grouped per (deal, group, session), with the stored parts
of those sessions (both read by session: their cost is the sessions') and
rewrites only the deals whose parts differ, their totals summed from their
parts — a re-derived session whose deals did not change writes nothing.
Whether a deal of the sessions not yet shared is dealt at a table outside
them is looked up in ``hand_deals`` (one pass over its deal ids: the part
of the cost that grows with the database; docs/storage.md gives the
figures).  :func:`rebuild` is migration 023's backfill;
:func:`recompute` gives what the rows should be without writing them.
"""

from __future__ import annotations

from collections.abc import Iterable

import duckdb

from ingest.statements import parsed

__all__ = ["TABLE", "PARTS", "refresh", "refresh_created", "rebuild", "recompute", "stored"]

TABLE = "deal_tables"
#: The per-session parts of the same deals.
PARTS = "deal_parts"
_PART_COLS = 'deal_id, "group", session_id, tables, first_date, last_date, first_hand'


def _parts_sql(where: str) -> str:
    """``deal_parts`` columns of the stored hands matching ``where`` (SQL
    over ``hand_deals d`` and ``hands h``), one row per deal, group and
    session (of every deal, shared or not)."""
    return ('SELECT d.deal_id, h."group", h.session_id, CAST(count(*) AS INTEGER) AS tables, '
            'min(h."date") AS first_date, max(h."date") AS last_date, min(d.hand_id) AS first_hand '
            f'FROM hand_deals d JOIN hands h USING (hand_id) WHERE {where} '
            'GROUP BY d.deal_id, h."group", h.session_id')


def _totals_sql(parts: str) -> str:
    """``deal_tables`` rows of the relation ``parts`` (``deal_parts``
    columns, every part of each deal it holds)."""
    return ('SELECT deal_id, "group", CAST(sum(tables) AS INTEGER), CAST(count(*) AS INTEGER), min(first_date), '
            f'max(last_date), min(first_hand) FROM ({parts}) GROUP BY deal_id, "group"')


def refresh(con: duckdb.DuckDBPyConnection, session_ids: Iterable[int]) -> None:
    """Bring the ``deal_tables`` and ``deal_parts`` rows of every deal that
    a session of ``session_ids`` holds, or held, up to date, in the caller's
    transaction: the deals whose parts of those sessions changed get the
    sessions' parts now and their totals anew (a deal not yet dealt at two
    tables: with its other hands, from ``hand_deals``); a deal left at one
    table loses its rows; the others are left as they are."""
    ids = sorted({int(s) for s in session_ids})
    if not ids:
        return
    p = {"ids": ids, "lo": ids[0], "hi": ids[-1]}
    mine = "session_id BETWEEN $lo AND $hi AND list_contains($ids, session_id)"
    mine_h = mine.replace("session_id", "h.session_id")  # the same over hands h
    tmp = ("_dt_now", "_dt_changed", "_dt_all", "_dt_keep")
    try:
        con.execute(f"CREATE OR REPLACE TEMP TABLE _dt_now AS {_parts_sql(mine_h)}", p)
        # the deals these sessions' parts may change: those they held (stored parts), and of those they hold
        # now the ones dealt at two tables already, twice here, or at a table outside them (one pass over
        # hand_deals' deal ids for the deals not dealt at two tables yet); a deal at one table is none
        con.execute(f"""CREATE OR REPLACE TEMP TABLE _dt_changed AS
            WITH was AS (SELECT {_PART_COLS} FROM {PARTS} WHERE {mine}),
            fresh AS (SELECT deal_id FROM _dt_now WHERE deal_id NOT IN (SELECT deal_id FROM {TABLE})),
            maybe AS (
                SELECT deal_id FROM was
                UNION SELECT deal_id FROM _dt_now WHERE deal_id IN (SELECT deal_id FROM {TABLE})
                UNION SELECT deal_id FROM _dt_now GROUP BY deal_id HAVING sum(tables) >= 2
                UNION SELECT d.deal_id FROM hand_deals d WHERE d.deal_id IN (SELECT deal_id FROM fresh)
                      AND d.hand_id NOT IN (SELECT h.hand_id FROM hands h WHERE {mine_h})
            )
            SELECT DISTINCT deal_id FROM (
                (SELECT * FROM _dt_now WHERE deal_id IN (SELECT deal_id FROM maybe) EXCEPT SELECT * FROM was)
                UNION ALL (SELECT * FROM was EXCEPT SELECT * FROM _dt_now))""", p)
        if not con.execute("SELECT count(*) FROM _dt_changed").fetchone()[0]:
            return
        changed = "deal_id IN (SELECT deal_id FROM _dt_changed)"
        # every part of the changed deals: their other sessions' stored parts, these sessions' now, and for a
        # deal without a row (at one table at most outside these sessions) its other hands
        others = _parts_sql("d.deal_id IN (SELECT deal_id FROM _dt_changed EXCEPT SELECT deal_id FROM "
                            f"{TABLE}) AND NOT ({mine_h})")
        con.execute(f"CREATE OR REPLACE TEMP TABLE _dt_all AS SELECT {_PART_COLS} FROM {PARTS} "
                    f"WHERE {changed} AND NOT ({mine}) "
                    f"UNION ALL SELECT * FROM _dt_now WHERE {changed} UNION ALL {others}", p)
        con.execute("CREATE OR REPLACE TEMP TABLE _dt_keep AS SELECT deal_id FROM _dt_all GROUP BY deal_id "
                    "HAVING sum(tables) >= 2")
        keep = "deal_id IN (SELECT deal_id FROM _dt_keep)"
        con.execute(f"DELETE FROM {PARTS} WHERE {changed} AND ({mine} OR deal_id NOT IN "
                    "(SELECT deal_id FROM _dt_keep))", p)
        con.execute(f"INSERT INTO {PARTS} SELECT {_PART_COLS} FROM _dt_all WHERE {keep} AND ({mine} OR deal_id NOT IN "
                    f"(SELECT deal_id FROM {TABLE})) ORDER BY session_id", p)
        con.execute(f"DELETE FROM {TABLE} WHERE {changed}")
        con.execute(f"INSERT INTO {TABLE} {_totals_sql(f'SELECT * FROM _dt_all WHERE {keep}')}")
    finally:
        for t in tmp:
            con.execute(f"DROP TABLE IF EXISTS temp.{t}")


def refresh_created(con: duckdb.DuckDBPyConnection, session_ids: Iterable[int], deals: dict[int, str]) -> None:
    """:func:`refresh` for sessions that the caller's transaction has just
    created, whose ``hand_deals`` rows are ``deals`` (hand id -> deal id,
    every such row of their hands; written already).  Such a session holds
    no part yet, so :func:`refresh` changes nothing unless one of ``deals``
    is dealt twice among them or at another hand of ``hand_deals`` (an
    older one, or one of this transaction in a stored session): one count
    over ``hand_deals`` answers that (the same pass over its deal ids as
    :func:`refresh`), and only then :func:`refresh` runs (issue 17: its
    eight statements cost about 12 ms a file of new sessions)."""
    ids = sorted({int(s) for s in session_ids})
    if not ids:
        return
    if deals:
        if len(set(deals.values())) < len(deals):
            return refresh(con, ids)
        from ingest import arrow_build  # noqa: PLC0415

        _mine = arrow_build.table({"deal_id": list(deals.values())}, (("deal_id", "string"),))  # noqa: F841
        # _mine: a replacement scan (DuckDB reads the local by name); each hand of ``deals`` is one of the rows
        if con.execute(parsed(con, "SELECT count(*) FROM hand_deals d SEMI JOIN _mine m ON d.deal_id = m.deal_id")
                       ).fetchone()[0] > len(deals):
            return refresh(con, ids)


def rebuild(con: duckdb.DuckDBPyConnection) -> None:
    """Recompute every ``deal_tables`` and ``deal_parts`` row (what
    migration 023 does): two INSERT … SELECTs."""
    con.execute(f"DELETE FROM {TABLE}")
    con.execute(f"DELETE FROM {PARTS}")
    con.execute(f"INSERT INTO {PARTS} {_shared_parts_sql()} ORDER BY session_id")
    con.execute(f"INSERT INTO {TABLE} {_totals_sql(f'SELECT * FROM {PARTS}')}")


def _shared_parts_sql() -> str:
    return (f"SELECT * FROM ({_parts_sql('TRUE')}) WHERE deal_id IN "
            "(SELECT deal_id FROM hand_deals GROUP BY deal_id HAVING count(*) >= 2)")


def recompute(con: duckdb.DuckDBPyConnection) -> tuple[list[tuple], list[tuple]]:
    """What every ``deal_tables`` and ``deal_parts`` row should be,
    recomputed from ``hand_deals`` and ``hands``, each sorted; nothing
    written."""
    parts = _shared_parts_sql()
    return (sorted(con.execute(_totals_sql(parts)).fetchall(), key=_key),
            sorted(con.execute(parts).fetchall(), key=_key))


def stored(con: duckdb.DuckDBPyConnection) -> tuple[list[tuple], list[tuple]]:
    """The ``deal_tables`` and ``deal_parts`` rows as stored, each sorted
    (as :func:`recompute` gives them)."""
    return (sorted(con.execute(f"SELECT * FROM {TABLE}").fetchall(), key=_key),
            sorted(con.execute(f"SELECT {_PART_COLS} FROM {PARTS}").fetchall(), key=_key))


def _key(row: tuple) -> tuple:
    return tuple((v is None, "" if v is None else str(v)) for v in row)
