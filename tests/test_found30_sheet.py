"""Session 30 (fixf30): newuser30's finding F3 — a date names the night, whatever its spelling.

`shead sheet 2026-12-01` on a database with two sessions of 2026-12-01 showed one of them: a part of a session id
was looked for before the date, and 'CSV csv_typo 2026-12-01' holds '2026-12-01' as it is typed, so that session
came back alone; `2026/12/01`, in no session's id, said "matches 2 sessions".  A date is now read as a date first:
the sessions of that day, named when there are several (the first five), in every spelling; a date with one
session names it (the error message's promise, "a date, 2026-12-04, names the one night of that date").  A text
that is no date is still a part of a session id.
"""

from __future__ import annotations

import pytest

from ingest.sheet import SessionNotFound, find_session
from ingest.store import reading
from tests.cli_helpers import cli, write

HEAD = """[Event "Typos"]
[Date "{day}"]
[Seats "Hank=Hank Vogel; Ida=Ida Pruett; Jo=Jo Marsh; Kurt=Kurt Lang; Lu=Lu Baer"]
[Rules "wi5-called-ace"]
"""
HAND = """
hand {n}  dealer Hank
pick Jo  call AS  partner Lu  pts 78  win
"""
# two sessions of 2026-12-01 (one named with the date as typed with dashes, one with dots, 'Typos / 2026.12.01'),
# and one of 2026-12-02 named with no date
NIGHTS = ("%SHN 1.0\n" + HEAD.format(day="2026.12.01") + HAND.format(n=1)
          + '\n[Session "CSV csv_typo 2026-12-01"]\n' + HEAD.format(day="2026.12.01") + HAND.format(n=8)
          + '\n[Session "Legion second table"]\n' + HEAD.format(day="2026.12.02") + HAND.format(n=1))
BOTH = "'CSV csv_typo 2026-12-01', 'Typos / 2026.12.01'"


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "club.duckdb"
    cli("ingest", write(tmp_path, "nights.shn", NIGHTS), "--db", str(path))
    with reading(path) as con:
        assert [s for (s,) in con.execute("SELECT session FROM sessions ORDER BY session").fetchall()] == [
            "CSV csv_typo 2026-12-01", "Legion second table", "Typos / 2026.12.01"]
    return path


@pytest.mark.parametrize("day", ["2026-12-01", "2026.12.01", "2026/12/01", "2026-12-1"])
def test_f3_a_date_of_two_sessions_names_both_in_every_spelling(db, day):
    with reading(db) as con:
        with pytest.raises(SessionNotFound, match=f"'{day}' matches 2 sessions: {BOTH}"):
            find_session(con, day)
    r = cli("sheet", day, "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    assert f"matches 2 sessions: {BOTH}" in " ".join(r.output.split()), r.output
    assert "give the whole session id" in " ".join(r.output.split()), r.output


def test_f3_a_date_of_one_session_names_it_and_parts_of_ids_still_work(db):
    with reading(db) as con:
        # a date of one night names it, though its id holds no date
        assert [find_session(con, d) for d in ("2026-12-02", "2026.12.02", "2026/12/2")] == [
            "Legion second table"] * 3
        assert find_session(con, "csv_typo") == "CSV csv_typo 2026-12-01"  # a part of an id: no date
        assert find_session(con, "Typos / 2026.12.01") == "Typos / 2026.12.01"  # the exact id first
        with pytest.raises(SessionNotFound, match="a date, 2026-12-04, names the one night of that date"):
            find_session(con, "2026-12-03")
    r = cli("sheet", "2026-12-02", "--db", str(db))
    assert "Legion second table" in r.output
