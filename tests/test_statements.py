"""``ingest.statements.parsed``: a statement's text parsed once, each execute
bound with its own parameters and its own Arrow table (issue 17)."""

from __future__ import annotations

import duckdb
import pytest

from ingest import arrow_build
from ingest.statements import parsed


def test_a_text_is_parsed_once_and_each_execute_binds_its_own_parameters():
    con = duckdb.connect()
    con.execute("CREATE TABLE seats (hand INTEGER, seat VARCHAR, units INTEGER)")
    con.execute("INSERT INTO seats VALUES (1, 'Al', -2), (1, 'Bea', 2), (2, 'Al', 4), (2, 'Cy', -4)")
    sql = "SELECT seat, sum(units) FROM seats WHERE hand = ANY(?::INTEGER[]) GROUP BY seat ORDER BY seat"
    first = parsed(con, sql)
    assert parsed(con, sql) is first
    assert con.execute(first, [[1]]).fetchall() == [("Al", -2), ("Bea", 2)]
    assert con.execute(first, [[1, 2]]).fetchall() == [("Al", 2), ("Bea", 2), ("Cy", -4)]
    other = duckdb.connect()  # the parsed statement holds no table: another database binds it to its own
    other.execute("CREATE TABLE seats (hand INTEGER, seat VARCHAR, units INTEGER)")
    other.execute("INSERT INTO seats VALUES (2, 'Di', 6)")
    assert other.execute(parsed(other, sql), [[2]]).fetchall() == [("Di", 6)]
    con.close()  # nor the connection that parsed it (the store's write connection is reopened after a release)
    assert other.execute(parsed(other, sql), [[1, 2]]).fetchall() == [("Di", 6)]


def _insert(con, sql: str, values: list[int]) -> None:
    _rows = arrow_build.table({"n": values}, [("n", "int32")])  # noqa: F841 - a replacement scan of this frame
    con.execute(parsed(con, sql))


def test_a_replacement_scan_reads_the_callers_arrow_table_at_each_execute():
    con = duckdb.connect()
    con.execute("CREATE TABLE t (n INTEGER)")
    sql = "INSERT INTO t SELECT n FROM _rows"
    _insert(con, sql, [3, 4])
    _insert(con, sql, [10])
    assert con.execute("SELECT n FROM t ORDER BY n").fetchall() == [(3,), (4,), (10,)]


def test_not_one_statement_is_refused():
    con = duckdb.connect()
    with pytest.raises(ValueError, match="expected one statement, got 2"):
        parsed(con, "SELECT 1; SELECT 2")
    with pytest.raises(duckdb.ParserException):
        parsed(con, "SELEKT 1")
