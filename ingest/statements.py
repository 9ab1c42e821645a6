"""The store's statements parsed once a process (issue 17).

DuckDB parses a statement's text at every ``execute``: about 0.13 ms for the
store's first question of a file, 0.2 ms for the ``hands`` INSERT (40
columns) and 0.3 ms for the ``session_players`` one (61), spent again for
every file.  :func:`parsed` keeps each text's parsed statement (DuckDB's
``Statement``, which ``execute`` copies and binds anew each time, so the
parameters and the Arrow table a replacement scan finds are each call's own);
the statements that run once a file of an ingest go through it.
"""

from __future__ import annotations

import duckdb

__all__ = ["parsed"]

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
