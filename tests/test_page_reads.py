"""What the Sheet, Compare and Fair deals pages say when the database cannot
be read (one place: ``dashboard.filters.page_reads``): a missing database is
the empty state that says what to do; a file that is not a database an error
naming it."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"


@pytest.mark.parametrize("page", ["sheet.py", "compare.py", "deals.py"])
def test_a_missing_or_unreadable_database(page, tmp_path, monkeypatch):
    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "none.duckdb"))
    at = AppTest.from_file(str(PAGES / page), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("shead ingest" in i.value for i in at.info), [i.value for i in at.info]
    bad = tmp_path / "not-a-db.duckdb"
    bad.write_text("this is not a DuckDB file\n", encoding="utf-8")
    monkeypatch.setenv("SHEAD_DB", str(bad))
    at = AppTest.from_file(str(PAGES / page), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("could not be read" in e.value and "not-a-db.duckdb" in e.value for e in at.error), \
        [e.value for e in at.error]
