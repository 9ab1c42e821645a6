"""Reading only some groups' hands: the scope of a read-only connection.

The dashboard beyond loopback (``shead dashboard --host``, docs/service.md
"The dashboard at the table") shows each signed-in person only the groups of
their token.  Rather than every page and every metric query adding a
condition, :func:`ingest.store.reading` narrows the connection itself: when
:data:`READ_SCOPE` holds a tuple of groups, :func:`restrict` shadows each
stored table with a temporary view of the same name holding only those
groups' rows, so every query that names a table unqualified (``hands``,
``main.hands``) sees only them.

A table's rows belong to a group through, in this order: its ``"group"``
column (``sessions``, ``hands``); its ``session_id`` (a session of the
groups); its ``hand_id`` (a hand of the groups, or a revision of one); its
``session`` name.  A table with none of these (``ingests``: file paths,
``service_tokens``, :data:`HIDE`) is shown empty; the migration bookkeeping is left as is.

:data:`READ_SCOPE` is a :class:`contextvars.ContextVar`: it is set per
thread (per Streamlit script run), never for the whole process; unset it
means every group (the command line, the dashboard on loopback) — except in
a dashboard that asks for a token (:data:`LOGIN_ENV`), where unset means no
group at all.
"""

from __future__ import annotations

import os
from contextvars import ContextVar

import duckdb

__all__ = ["READ_SCOPE", "LOGIN_ENV", "UNSET", "current_scope", "restrict", "KEEP", "HIDE"]

#: Set to ``1`` in the dashboard's process when it asks for a token (beyond
#: loopback, or ``shead dashboard --login``): then a thread that has not set
#: :data:`READ_SCOPE` sees nothing (fail closed), not everything.
LOGIN_ENV = "SHEAD_DASHBOARD_LOGIN"
#: :data:`READ_SCOPE`'s value before anyone set it.
UNSET = object()
#: The groups (``Event`` tags) a reading connection may see; None: every group.
READ_SCOPE: ContextVar = ContextVar("shead_read_scope", default=UNSET)


def current_scope() -> tuple[str, ...] | None:
    """The groups a reading connection opened now may see: :data:`READ_SCOPE`
    when set; else None (every group), or ``()`` (none) in a process where
    :data:`LOGIN_ENV` is ``1``."""
    value = READ_SCOPE.get()
    if value is UNSET:
        return () if os.environ.get(LOGIN_ENV) == "1" else None
    return value

#: Tables shown whole: the schema's own bookkeeping, nobody's data.
KEEP = frozenset({"schema_migrations", "schema_version", "migrations"})
#: Tables shown empty whatever their columns: the service's tokens (their digests are no reader's business).
HIDE = frozenset({"service_tokens"})


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def restrict(con: duckdb.DuckDBPyConnection, groups: tuple[str, ...]) -> int:
    """Shadow every table of ``con``'s database by a temporary view of the
    rows of ``groups`` (see the module docstring); returns how many tables
    were shadowed.  ``groups`` empty: every table shows no row of data.  The
    views live in the connection's temporary schema only: other connections
    are unchanged."""
    db = con.execute("SELECT current_database()").fetchone()[0]
    cols: dict[str, set[str]] = {}
    for table, column in con.execute(
            "SELECT table_name, column_name FROM duckdb_columns() WHERE database_name = current_database() "
            "AND schema_name = 'main' AND NOT internal").fetchall():
        cols.setdefault(table, set()).add(column)
    allowed = "[" + ", ".join(_lit(g) for g in groups) + "]::VARCHAR[]"
    real = lambda t: f"{_ident(db)}.main.{_ident(t)}"  # noqa: E731 - the table itself, past the views
    sessions = f'(SELECT session_id FROM {real("sessions")} WHERE list_contains({allowed}, "group"))'
    names = f'(SELECT session FROM {real("sessions")} WHERE list_contains({allowed}, "group"))'
    hand_ids = f'(SELECT hand_id FROM {real("hands")} WHERE list_contains({allowed}, "group"))'
    if "hand_revisions" in cols and "session_id" in cols["hand_revisions"]:
        hand_ids = (f"({hand_ids[1:-1]} UNION SELECT hand_id FROM {real('hand_revisions')} "
                    f"WHERE session_id IN {sessions})")
    n = 0
    for table, c in sorted(cols.items()):
        if table in KEEP:
            continue
        if table in HIDE:
            cond = "FALSE"
        elif "group" in c:
            cond = f'list_contains({allowed}, "group")'
        elif "session_id" in c:
            cond = f"session_id IN {sessions}"
        elif "hand_id" in c:
            cond = f"hand_id IN {hand_ids}"
        elif "session" in c:
            cond = f"session IN {names}"
        else:
            cond = "FALSE"
        con.execute(f"CREATE OR REPLACE TEMP VIEW {_ident(table)} AS SELECT * FROM {real(table)} WHERE {cond}")
        n += 1
    return n
