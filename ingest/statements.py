"""The store's statements parsed once a process (issue 17).

DuckDB parses a statement's text at every ``execute``: about 0.13 ms for the
store's first question of a file, 0.2 ms for the ``hands`` INSERT (40
columns) and 0.3 ms for the ``session_players`` one (61), spent again for
every file.  :func:`parsed` keeps each text's parsed statement (DuckDB's
``Statement``, which ``execute`` copies and binds anew each time, so the
parameters and the Arrow table a replacement scan finds are each call's own);
the statements that run once a file of an ingest go through it.

:func:`run_with_rows` runs a statement that reads an Arrow table as
``_rows``.  DuckDB finds the table among the locals of the Python frame that
calls ``execute`` (a replacement scan), which a module compiled by
:mod:`ingest.fastpath` does not have; this module is never compiled, so its
frame holds the table for any caller (registering a view instead costs about
0.5 ms a statement).
"""

from __future__ import annotations

import duckdb

__all__ = ["parsed", "run_with_rows"]

#: statement text -> its parsed statement
_PARSED: dict[str, object] = {}
#: texts kept at most (the store's own statements are a few dozen)
_LIMIT = 256


def parsed(con: duckdb.DuckDBPyConnection, sql: str):
    """The parsed statement of ``sql`` (one statement), for
    ``con.execute(parsed(con, sql), params)``: parsed by ``con`` the first
    time a text is seen in this process, then kept.  Raises DuckDB's parser
    error for a text that is not one statement of valid SQL, as ``execute``
    of the text would (``duckdb.ParserException``; ``ValueError`` for
    several statements)."""
    got = _PARSED.get(sql)
    if got is None:
        found = con.extract_statements(sql)
        if len(found) != 1:
            raise ValueError(f"expected one statement, got {len(found)}: {sql[:80]!r}")
        got = found[0]
        if len(_PARSED) >= _LIMIT:
            _PARSED.clear()
        _PARSED[sql] = got
    return got


def run_with_rows(con: duckdb.DuckDBPyConnection, sql: str, rows, params: list | None = None,
                  cached: bool = True) -> duckdb.DuckDBPyConnection:
    """``con.execute(sql, params)`` where ``sql`` reads the Arrow table
    ``rows`` by the name ``_rows`` (DuckDB's replacement scan finds it in
    this frame); the statement parsed once a process (:func:`parsed`) unless
    ``cached`` is False (a text that differs every call).  Returns the
    connection, for ``fetchall``; raises what ``execute`` raises."""
    _rows = rows  # noqa: F841 - read by the statement below
    return con.execute(parsed(con, sql) if cached else sql, params or [])
