"""dash34 F6: the Sheet page's caption says truly which sessions it lists (streamlit.testing on tester dash34's
records).

By hand: group Lakeside Six played two sessions (lake-2026-11-05, lake-2026-11-12); the link names tue-2026-11-03, a
Tuesday Tavern session with no Lakeside Six hand, listed too because the link names it: 3 listed, 2 of them holding a
hand of the filters.
"""
from __future__ import annotations

from tests.dash34_records import page, store


def test_sheet_caption_counts_the_matching_sessions_and_the_linked_one(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("sheet.py", db, monkeypatch, group="Lakeside Six", session="tue-2026-11-03")
    said = next(c.value for c in at.caption if c.value.startswith("Sessions listed"))
    assert said.startswith("Sessions listed: 3: the 2 sessions holding one of the hands of group Lakeside Six (the "
                           "sidebar filters), and tue-2026-11-03, named by the link."), said
    assert "of hands of" not in said


def test_sheet_caption_without_a_linked_session(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("sheet.py", db, monkeypatch, group="Lakeside Six")
    said = next(c.value for c in at.caption if c.value.startswith("Sessions listed"))
    assert said.startswith("Sessions listed: 2: the 2 sessions holding one of the hands of group Lakeside Six (the "
                           "sidebar filters)."), said
