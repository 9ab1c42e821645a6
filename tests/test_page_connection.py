"""One read-only connection per run of a statistic page
(``dashboard.filters.page_connection``, issue 17): the page's reads share it,
it is closed when the run ends (so an ingest can write right after), the
pages that write never share one, and a database held by a writer is still
the "busy" message after ``BUSY_TIMEOUT``, never a lock error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard import filters
from ingest.store import Store, connect
from ingest.validate import validate_file

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "dashboard" / "pages"

#: a page run as dashboard/app.py runs it: inside page_connection
WRAPPED = """
import runpy, os
from dashboard.filters import page_connection
with page_connection(os.environ["SHEAD_TEST_URL"]):
    runpy.run_path(os.environ["SHEAD_TEST_PAGE"], run_name="__main__")
"""


@pytest.fixture(scope="module")
def fixture_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pc") / "pc.duckdb"
    with Store(path) as s:
        s.ingest_file(validate_file(ROOT / "tests" / "fixtures" / "metrics.shn"))
    return path


@pytest.fixture
def opened(monkeypatch) -> list:
    """Every connection the filters open (``ingest.store.reading`` as they call it)."""
    calls: list = []
    real = filters.reading

    def counting(path, **kw):
        calls.append(str(path))
        return real(path, **kw)

    monkeypatch.setattr(filters, "reading", counting)
    st.cache_data.clear()
    return calls


def run(script: str, db: Path, monkeypatch, wrapped: bool) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    if wrapped:
        monkeypatch.setenv("SHEAD_TEST_URL", Path(script).stem)
        monkeypatch.setenv("SHEAD_TEST_PAGE", str(PAGES / script))
        at = AppTest.from_string(WRAPPED, default_timeout=60)
    else:
        at = AppTest.from_file(str(PAGES / script), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_reads_inside_a_run_share_one_connection_closed_at_its_end(fixture_db, opened):
    with filters.page_connection("picking"):
        with filters.connection(fixture_db) as a:
            n = a.execute("SELECT count(*) FROM hands").fetchall()[0][0]
        with filters.connection(fixture_db) as b:
            assert b is a and b.execute("SELECT count(*) FROM hands").fetchall()[0][0] == n > 0
    assert len(opened) == 1
    with pytest.raises(duckdb.Error):  # closed with the run
        a.execute("SELECT 1")
    with Store(fixture_db):  # nothing held: this process can open it to write at once
        pass


def test_a_run_without_reads_opens_nothing_and_writing_pages_share_nothing(fixture_db, opened):
    with filters.page_connection("ledger"):
        pass
    assert opened == []
    with filters.page_connection("import_files"):  # a page that writes: each read its own, closed after
        with filters.connection(fixture_db) as a:
            a.execute("SELECT 1")
        with filters.connection(fixture_db) as b:
            assert b is not a
        with pytest.raises(duckdb.Error):
            a.execute("SELECT 1")
    assert len(opened) == 2


@pytest.mark.parametrize("script", ["picking.py", "ledger.py", "player.py"])
def test_a_wrapped_page_opens_one_connection_and_shows_the_same(script, fixture_db, monkeypatch, opened):
    plain = run(script, fixture_db, monkeypatch, wrapped=False)
    alone = len(opened)
    st.cache_data.clear()
    opened.clear()
    at = run(script, fixture_db, monkeypatch, wrapped=True)
    # alone: one connection per read that missed the cache (the sidebar's choices, each metric; the Player page
    # its choices and its report); wrapped: one
    assert alone >= 2 and len(opened) == 1
    assert [(m.label, m.value) for m in at.metric] == [(m.label, m.value) for m in plain.metric]
    assert [d.value.equals(e.value) for d, e in zip(at.dataframe, plain.dataframe)] == [True] * len(plain.dataframe)
    assert len(at.dataframe) == len(plain.dataframe)
    # a second run reads only the cache: no connection at all
    opened.clear()
    at.run()
    assert opened == [] and not at.exception


def test_busy_inside_a_run_is_the_message_then_retry_shows_the_page(fixture_db, monkeypatch, tmp_path):
    db = tmp_path / "busy.duckdb"
    db.write_bytes(fixture_db.read_bytes())
    st.cache_data.clear()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('ready', flush=True); "
         "time.sleep(60)", str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        monkeypatch.setattr(filters, "BUSY_TIMEOUT", 0.3)
        at = run("picking.py", db, monkeypatch, wrapped=True)
        assert any("busy" in w.value for w in at.warning)
        assert [b.label for b in at.button if b.key == "shead.retry"] == ["Retry"]
        assert not at.error and not at.metric
    finally:
        holder.kill()
        holder.wait()
    at.button(key="shead.retry").click().run()
    assert not at.exception and not at.warning and at.metric


def test_a_write_in_this_process_waits_for_a_page_run_then_stores(fixture_db, tmp_path):
    # another dashboard session's page run holds its read-only connection for 0.6 s; a write open in this
    # process (DuckDB refuses a second configuration of one file in a process) waits for it, then works
    import threading
    import time

    db = tmp_path / "w.duckdb"
    db.write_bytes(fixture_db.read_bytes())
    held = threading.Event()

    def run_page():
        with filters.page_connection("overview"):
            with filters.connection(db) as con:
                con.execute("SELECT count(*) FROM hands").fetchall()
                held.set()
                time.sleep(0.6)

    t = threading.Thread(target=run_page)
    t.start()
    assert held.wait(30)
    t0 = time.monotonic()
    con = connect(db, read_only=False)  # the store's write open
    waited = time.monotonic() - t0
    con.close()
    t.join()
    assert waited > 0.2  # it waited for the run's end instead of failing
