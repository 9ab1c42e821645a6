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


def test_a_database_the_store_creates_has_16_kib_blocks(db):
    # 16 KiB = 16 * 1,024 = 16,384 bytes, DuckDB's smallest block (its default is 256 KiB = 262,144)
    with st.Store(db) as s:
        s.ingest_file(make_file(3))
    assert st.BLOCK_SIZE == 16_384
    assert block_size(db) == 16_384
    # the empty schema fits a handful of blocks: the file is far below one 256 KiB block per table
    # (19 tables), 19 * 262,144 = 4,980,736 bytes; at 16 KiB it is under 1 MB
    assert st.database_bytes(db) < 1_000_000


def test_a_database_with_duckdbs_default_blocks_opens_migrates_and_stores(db):
    duckdb.connect(str(db)).close()  # an empty file as DuckDB makes it: 262,144-byte blocks
    with st.Store(db) as s:
        assert s.ingest_file(make_file(2)).stored == 2
    assert block_size(db) == 262_144  # the block size of an existing file is its own
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 2
        assert con.execute("SELECT count(*) FROM hand_units WHERE player IS NOT NULL").fetchone()[0] == 2 * 5

