"""Exports of the stored hands: JSONL, CSV, Parquet and SHN (design.md 5).

Every function takes an open connection (use :func:`ingest.store.reading`)
and returns the number of hands written.

* :func:`export_jsonl` — one JSON object per hand, with exactly the fields of
  design.md 5 (:data:`JSONL_FIELDS`), in stored order (``hand_id``).
* :func:`export_csv` — the same fields, one row per hand; ``rules_flags``,
  ``players``, ``units`` and ``provenance`` as JSON text.
* :func:`export_parquet` — hive-partitioned Parquet under a folder, by
  ``group`` and ``year`` (``group=…/year=…/data_0.parquet``; a hand without
  a group or date goes to ``__HIVE_DEFAULT_PARTITION__``).  ``players`` and
  ``units`` are MAP columns, ``rules_flags`` and ``provenance`` JSON text.
* :func:`export_shn` — the stored sources, session by session, as one SHN
  file that reads back to the same hands (and the same content hashes).
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import TextIO

import duckdb

__all__ = ["JSONL_FIELDS", "export_jsonl", "export_csv", "export_parquet", "export_shn", "non_shn_hands",
           "jsonl_objects"]

#: The JSONL object's fields, in order (design.md 5).
JSONL_FIELDS = (
    "session", "group", "hand", "date", "rules", "rules_flags", "game", "game_type", "players", "dealer", "picker",
    "partner", "call", "alone", "leaster_winner", "multiplier", "picker_points", "picker_tricks", "outcome", "units",
    "provenance", "status",
    "partner2",  # a second partner (3v3, 3v5: rules.md F-1, docs/profiles.md); null elsewhere
)

_BATCH = 10_000

_UNITS = """(SELECT hand_id, map(list(seat ORDER BY seat_no), list(units ORDER BY seat_no)) AS units
            FROM hand_units GROUP BY hand_id)"""


def _select(json_cols: bool) -> str:
    """SELECT of the JSONL fields over ``hands h`` joined with units ``u``;
    ``json_cols`` gives the dict fields as JSON values, else as JSON text."""
    parts = []
    for f in JSONL_FIELDS:
        if f == "date":
            parts.append("strftime(h.\"date\", '%Y-%m-%d') AS \"date\"")
        elif f in ("rules_flags", "players", "provenance"):
            parts.append(f'json(h."{f}") AS "{f}"' if json_cols else f'h."{f}"')
        elif f == "units":
            parts.append("coalesce(u.units, MAP {}) AS units" if json_cols
                         else "CAST(to_json(coalesce(u.units, MAP {})) AS VARCHAR) AS units")
        else:
            parts.append(f'h."{f}"')
    return ", ".join(parts)


def _rows(con: duckdb.DuckDBPyConnection, sql: str):
    con.execute(sql)
    while True:
        batch = con.fetchmany(_BATCH)
        if not batch:
            return
        yield from batch


def export_jsonl(con: duckdb.DuckDBPyConnection, out: TextIO) -> int:
    """Write one JSON object per stored hand to ``out`` (one line each,
    UTF-8 text, fields :data:`JSONL_FIELDS`).  Returns the hand count."""
    fields = ", ".join(f"'{f}': \"{f}\"" for f in JSONL_FIELDS)
    sql = (f"SELECT CAST(to_json({{{fields}}}) AS VARCHAR) FROM (SELECT h.hand_id, {_select(True)} "
           f"FROM hands h LEFT JOIN {_UNITS} u USING (hand_id)) ORDER BY hand_id")
    n = 0
    for (line,) in _rows(con, sql):
        out.write(line)
        out.write("\n")
        n += 1
    return n


def export_csv(con: duckdb.DuckDBPyConnection, out: TextIO) -> int:
    """Write a header and one CSV row per stored hand to ``out`` (columns
    :data:`JSONL_FIELDS`; dict fields as JSON text; null as an empty cell).
    Returns the hand count."""
    sql = f"SELECT {_select(False)} FROM hands h LEFT JOIN {_UNITS} u USING (hand_id) ORDER BY h.hand_id"
    w = csv.writer(out, lineterminator="\n")
    w.writerow(JSONL_FIELDS)
    n = 0
    for row in _rows(con, sql):
        w.writerow(["true" if v is True else "false" if v is False else "" if v is None else v for v in row])
        n += 1
    return n


def export_parquet(con: duckdb.DuckDBPyConnection, folder: str | os.PathLike) -> int:
    """Write the stored hands as Parquet under ``folder``, hive-partitioned
    by ``group`` and ``year`` (of ``date``).  Files already there with the
    same partition names are overwritten.  Returns the hand count."""
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    cols = []
    for f in JSONL_FIELDS:
        if f == "players":
            cols.append('CAST(json(h.players) AS MAP(VARCHAR, VARCHAR)) AS players')
        elif f == "units":
            cols.append("coalesce(u.units, MAP {}) AS units")
        else:
            cols.append(f'h."{f}"')
    select = (", ".join(cols) + ', year(h."date") AS "year"'
              f" FROM hands h LEFT JOIN {_UNITS} u USING (hand_id) ORDER BY h.hand_id")
    n = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    # COPY takes its target as text; a parameter is not accepted there, so the
    # folder is quoted as a SQL string literal.
    target = "'" + str(path).replace("'", "''") + "'"
    con.execute(f"COPY (SELECT {select}) TO {target} "
                "(FORMAT parquet, PARTITION_BY (\"group\", \"year\"), OVERWRITE_OR_IGNORE)")
    return n


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def export_shn(con: duckdb.DuckDBPyConnection, out: TextIO) -> int:
    """Write every stored SHN hand's source text as one SHN file: ``%SHN
    1.0``, then per session a ``[Session "…"]`` tag, the session's stored tags
    and its hands in hand order.  Hands imported from another format
    (NetSchafkopf protocols) are not SHN text and are left out: see
    :func:`non_shn_hands`.  Returns the hand count written."""
    out.write("%SHN 1.0\n")
    n = 0
    current = None
    sql = ("SELECT s.session_id, s.session, s.header, t.source FROM hands h JOIN sessions s USING (session_id) "
           "JOIN hand_text t USING (hand_id) WHERE coalesce(s.format, 'shn') = 'shn' "
           "ORDER BY s.session_id, h.hand, h.hand_id")
    for session_id, session, header, source in _rows(con, sql):
        if session_id != current:
            current = session_id
            lines = [line for line in header.splitlines() if line.strip() and not line.startswith("[Session ")]
            out.write("\n" + _tag("Session", session) + "\n" + "\n".join(lines) + "\n\n")
        out.write(source.rstrip("\n") + "\n\n")
        n += 1
    return n


def non_shn_hands(con: duckdb.DuckDBPyConnection) -> int:
    """How many stored hands :func:`export_shn` leaves out (their sessions'
    sources are in another format)."""
    return con.execute("SELECT count(*) FROM hands h JOIN sessions s USING (session_id) "
                       "WHERE coalesce(s.format, 'shn') <> 'shn'").fetchall()[0][0]


def jsonl_objects(con: duckdb.DuckDBPyConnection) -> list[dict]:
    """Every hand as the JSONL object (parsed), for tests and small exports."""
    import io

    buf = io.StringIO()
    export_jsonl(con, buf)
    return [json.loads(line) for line in buf.getvalue().splitlines()]
