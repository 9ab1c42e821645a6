"""The database under 200 bytes a hand whatever the checkpoint timing (issue 17):
the store's close rewrites the file without the free blocks its checkpoints
left (ingest.store.compact_if_slack), and keeps every row, view and macro."""

from __future__ import annotations

import pytest

from ingest import store as st
from ingest import validate as val
from ingest.bench import generate_texts
from ingest.pipeline import store_result
from ingest.shn.reader import read
from tests.conftest import make_file

HANDS = 20_000


def _tables(con) -> list[str]:
    return [r[0] for r in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() ORDER BY 1").fetchall()]


def _everything(db) -> dict:
    """Every table's rows in scan order, the views' and macros' text and the applied migrations."""
    with st.reading(db) as con:
        out = {t: con.execute(f'SELECT * FROM "{t}"').fetchall() for t in _tables(con)}
        out["(views)"] = con.execute("SELECT view_name, sql FROM duckdb_views() WHERE NOT internal "
                                     "ORDER BY 1").fetchall()
        out["(macros)"] = con.execute("SELECT function_name, macro_definition FROM duckdb_functions() "
                                      "WHERE NOT internal ORDER BY 1").fetchall()
        out["(tables)"] = con.execute("SELECT table_name, sql FROM duckdb_tables() ORDER BY 1").fetchall()
    return out


def _checkpointed_files(store: st.Store, files: int) -> None:
    """``files`` files of 50 synthetic hands, a CHECKPOINT after each (the worst timing for slack)."""
    for k in range(files):
        store.ingest_file(make_file(50, path=f"f{k}.shn", start=1 + 50 * k))
        with store.using() as con:
            con.execute("CHECKPOINT")


@pytest.fixture
def compact_small(monkeypatch):
    """Compaction allowed on a small database (the shipped floor is 2 MiB and 192 bytes a hand)."""
    monkeypatch.setattr(st, "COMPACT_MIN_BYTES", 0)
    monkeypatch.setattr(st, "COMPACT_ABOVE", 0)


def test_close_rewrites_a_slack_file_and_keeps_every_row_view_and_macro(db, compact_small):
    store = st.Store(db, hold=1e9)
    _checkpointed_files(store, 12)
    before_bytes = db.stat().st_size
    before_inode = db.stat().st_ino
    with store.using() as con:
        live = st.live_blocks(con)
        block = con.execute("SELECT block_size FROM pragma_database_size() "
                            "WHERE database_name = current_database()").fetchall()[0][0]
    before = _everything(db)
    store.close()
    assert db.stat().st_ino != before_inode  # a new file moved over the old one
    after_bytes = db.stat().st_size
    assert after_bytes < before_bytes
    # the copy holds no free block: its blocks are the live ones (their number may differ by the
    # catalog's metadata blocks the copy lays out anew)
    assert abs(after_bytes - st._HEADER_BYTES - live * block) <= 2 * block
    assert not db.with_name(db.name + ".compact").exists()
    assert not db.with_name(db.name + ".compact.wal").exists()
    assert _everything(db) == before
    # the rewritten file opens, migrates (nothing to apply) and stores as before
    with st.Store(db) as again:
        assert again.ingest_file(make_file(3, path="late.shn", start=1000)).stored == 3
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] == 12 * 50 + 3


def test_a_file_released_after_every_file_is_compacted_at_the_final_close(db, compact_small):
    store = st.Store(db, hold=0.0)  # every file closes the connection: a checkpoint each
    for k in range(8):
        store.ingest_file(make_file(50, path=f"f{k}.shn", start=1 + 50 * k))
        assert not store.holding
    inode = db.stat().st_ino
    before = _everything(db)
    store.close()  # takes the lock back once to compact
    assert db.stat().st_ino != inode
    assert _everything(db) == before
    inode = db.stat().st_ino
    store.close()  # nothing written since: the file is left alone
    assert db.stat().st_ino == inode


def test_no_rewrite_while_another_connection_of_this_process_shares_the_database(db, compact_small):
    store = st.Store(db, hold=1e9)
    _checkpointed_files(store, 6)
    inode = db.stat().st_ino
    reader = st.connect(db, read_only=True)  # shares the writer's database (same process)
    try:
        store.close()
        assert db.stat().st_ino == inode  # it would have gone on reading the replaced file
        assert reader.execute("SELECT count(*) FROM hands").fetchall()[0][0] == 6 * 50
    finally:
        reader.close()


def test_a_small_or_compact_file_is_not_rewritten(db):
    # the shipped thresholds: 300 hands take well under COMPACT_MIN_BYTES (2 MiB)
    store = st.Store(db, hold=1e9)
    _checkpointed_files(store, 6)
    inode = db.stat().st_ino
    assert db.stat().st_size < st.COMPACT_MIN_BYTES
    store.close()
    assert db.stat().st_ino == inode


@pytest.fixture(scope="module")
def texts():
    # 20 files of 1,000 generated legal five-handed hands, as `shead bench -n 20000` ingests them
    return generate_texts(HANDS, 1_000, 1, "wi5-called-ace")


def _ingest(db, texts, store: st.Store, checkpoint_every_file: bool) -> tuple[int, int]:
    """Ingest ``texts`` as ``shead ingest`` does; the file's bytes before the final close."""
    stored = 0
    for name, text in texts:
        shn = read(text, name)
        shn, plan, prior = store.plan_ingest(shn)
        stored += store_result(store, val.validate_records(shn, name, prior=prior), "shn", False, plan=plan).stored
        if checkpoint_every_file:
            with store.using() as con:
                con.execute("CHECKPOINT")
    return stored, st.database_bytes(db)


def test_twenty_thousand_hands_checkpointed_after_every_file_stay_under_200_bytes_a_hand(tmp_path, texts):
    db = tmp_path / "every.duckdb"
    store = st.ingest_store(db)  # as shead ingest
    stored, before_close = _ingest(db, texts, store, checkpoint_every_file=True)
    store.close()
    assert stored == HANDS
    # measured: 20 checkpoints leave the file at 6,434,816 bytes (321.7 a hand, 34 of its 98 blocks
    # of 64 KiB free); the close rewrites it to 3,747,840 (187.4 a hand)
    assert before_close > 200 * HANDS
    assert st.database_bytes(db) < 200 * HANDS


def test_twenty_thousand_hands_checkpointed_only_at_the_end_stay_under_200_bytes_a_hand(tmp_path, texts):
    db = tmp_path / "end.duckdb"
    store = st.Store(db, hold=1e9)  # one connection, one checkpoint: the close's
    stored, _ = _ingest(db, texts, store, checkpoint_every_file=False)
    inode = db.stat().st_ino
    store.close()
    assert stored == HANDS
    assert db.stat().st_ino == inode  # written in one checkpoint: no slack to win back, no rewrite
    assert st.database_bytes(db) < 200 * HANDS


def test_an_ingest_writes_with_one_duckdb_thread_and_a_stream_keeps_its_own_settings(tmp_path):
    """Issue 17: ``shead ingest`` and ``shead bench`` write with one DuckDB
    thread (the second cost about 5 µs a hand of CPU, docs/storage.md); a
    streamed file still gets its memory limit on top (ingest.stream)."""
    from ingest.stream import STREAM_SETTINGS, _with_settings  # noqa: PLC0415

    store = st.ingest_store(tmp_path / "one.duckdb")
    with store.using() as con:
        assert con.execute("SELECT current_setting('threads')").fetchone()[0] == 1
    seen = {}

    def work():
        with store.using() as con:
            seen.update(zip(("threads", "memory"), con.execute(
                "SELECT current_setting('threads'), current_setting('memory_limit')").fetchone()))
        return None

    _with_settings(store, work)
    assert seen["threads"] == 1 and STREAM_SETTINGS["memory_limit"] == "96MB"
    assert seen["memory"] == "91.5 MiB"  # 96 MB (10**6 bytes), as DuckDB 2.0 prints it in MiB
    store.close()
