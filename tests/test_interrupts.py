"""The user's interrupt (Ctrl-C) at any point (a tester's finding, session
12): a file read in batches said "nothing of it was stored" when its
earlier batches were, with exit code 1, and an interrupted amendment ended
in a traceback.  Now the command says what stays stored and exits 130; a
second run finishes the file, the stored hands counting as duplicates.

The interrupt is simulated where it lands in real runs: Python's
``KeyboardInterrupt`` between two batches' stores, and DuckDB's own form of
it inside a correction's statement (``duckdb.InterruptException``)."""

from __future__ import annotations

import duckdb
from typer.testing import CliRunner

from ingest import pipeline
from ingest import store as st
from ingest.cli import app
from ingest.generate import generate_session_text

runner = CliRunner()


def count(db) -> int:
    with st.reading(db) as con:
        return con.execute("SELECT count(*) FROM hands").fetchone()[0]


def test_an_interrupted_file_read_in_batches_says_what_stays_stored(tmp_path, monkeypatch):
    p = tmp_path / "night.shn"
    p.write_text(generate_session_text(5, 7, "wi5-called-ace", session="night"))
    db = tmp_path / "x.duckdb"
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")  # read in batches of two hands: 2, 2 and the last 3
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    real, calls = pipeline.store_result, []

    def store_then_interrupt(*a, **k):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(pipeline, "store_result", store_then_interrupt)
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 130, r.output
    out = " ".join(r.output.split())
    assert (f"interrupted: {p}: 4 hand(s) of it stored by the batches before the interrupt, the rest not; 4 hand(s) "
            "stored in all by this run") in out and "Traceback" not in out
    assert "nothing of it was stored" not in out and count(db) == 4
    monkeypatch.setattr(pipeline, "store_result", real)
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 0 and "3 stored, 4 duplicates" in r.output, r.output
    assert count(db) == 7


def test_an_interrupt_inside_a_correction_is_one_line_and_nothing_changes(tmp_path, monkeypatch):
    p = tmp_path / "night.shn"
    text = generate_session_text(5, 3, "wi5-called-ace", session="night")
    p.write_text(text)
    db = tmp_path / "x.duckdb"
    assert runner.invoke(app, ["ingest", str(p), "--db", str(db)]).exit_code == 0
    with st.reading(db) as con:
        before = con.execute("SELECT hand, outcome, picker_points FROM hands ORDER BY hand").fetchall()

    def interrupted_statement(self, con, hand_id):
        raise duckdb.InterruptException("INTERRUPT Error: Interrupted!")

    monkeypatch.setattr(st.Store, "_open_history", interrupted_statement)
    r = runner.invoke(app, ["void", "night#1", "--reason", "test", "--db", str(db)])
    assert r.exit_code == 130, r.output
    assert "interrupted: the correction was interrupted, nothing changed" in " ".join(r.output.split())
    assert "Traceback" not in r.output
    with st.reading(db) as con:
        assert con.execute("SELECT hand, outcome, picker_points FROM hands ORDER BY hand").fetchall() == before
        assert con.execute("SELECT count(*) FROM hand_revisions").fetchone()[0] == 0


def test_an_interrupt_just_after_a_whole_file_committed_counts_its_hands(tmp_path, monkeypatch):
    """A file read whole, the interrupt landing after its transaction committed but before the run counted it:
    its hands are stored and the message says so (and the total), not 'nothing of it stored'."""
    p = tmp_path / "night.shn"
    p.write_text(generate_session_text(5, 3, "wi5-called-ace", session="night"))
    db = tmp_path / "x.duckdb"
    real = pipeline.store_noting_copies

    def stored_then_interrupted(*a, **k):
        real(*a, **k)
        raise KeyboardInterrupt

    monkeypatch.setattr(pipeline, "store_noting_copies", stored_then_interrupted)
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 130, r.output
    out = " ".join(r.output.split())
    assert f"interrupted: {p}: its 3 hand(s) stored (its transaction had committed); 3 hand(s) stored in all" in out
    assert count(db) == 3
