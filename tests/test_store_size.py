"""The store's size on disk (issue 17): the block size of the databases it
creates, and databases made with DuckDB's default block size still opening,
migrating and storing."""

from __future__ import annotations

import duckdb

from ingest import store as st
from tests.conftest import make_file


def block_size(db) -> int:
    with st.reading(db) as con:
        return con.execute("SELECT block_size FROM pragma_database_size()").fetchone()[0]


def test_a_database_the_store_creates_has_64_kib_blocks(db):
    # 64 KiB = 64 * 1,024 = 65,536 bytes (DuckDB's default is 256 KiB = 262,144)
    with st.Store(db) as s:
        s.ingest_file(make_file(3))
    assert st.BLOCK_SIZE == 65_536
    assert block_size(db) == 65_536
    # measured: 3 hands take 864,256 bytes here and 3,158,016 with 256 KiB blocks (the tables the
    # ingest writes each hold at least one block: 12 * 262,144 = 3,145,728 of those bytes)
    assert st.database_bytes(db) < 1_000_000


def test_a_database_with_duckdbs_default_blocks_opens_migrates_and_stores(db):
    duckdb.connect(str(db)).close()  # an empty file as DuckDB makes it: 262,144-byte blocks
    with st.Store(db) as s:
        assert s.ingest_file(make_file(2)).stored == 2
    assert block_size(db) == 262_144  # the block size of an existing file is its own
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 2
        assert con.execute("SELECT count(*) FROM hand_units WHERE player IS NOT NULL").fetchone()[0] == 2 * 5

