"""Whole-number settings from the environment (ingest/settings.py) and the
database a first ``shead ingest`` makes before it reads a file.

A setting that is set but is no number in range used to be read silently
as its default: ``SHEAD_GROUP_HANDS=abc`` stored as though unset,
``SHEAD_LOCK_TIMEOUT=abc`` waited 30 s and ``=nan`` for ever (user15).  It is
now one usage error (exit 2) of every command, naming the variable, what was
found and what is expected, before anything is read or stored."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ingest import cli
from ingest import store as st
from ingest.cli import app
from ingest.pipeline import FileGroup, group_hands
from ingest.settings import SettingError, seconds, whole_number
from ingest.stream import batch_hands, stream_above

runner = CliRunner()
# hand 1, worked by hand (rules.md B-27, I-1): Cy picks and calls the ace of spades, Ed is the partner, 72
# points win: Cy +2, Ed +1, Al Bea Di -1 each
ONE = ('%SHN 1.0\n[Event "Tue"]\n[Date "2026.12.01"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
       "hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n")


@pytest.mark.parametrize(("text", "want"), [("", 7), ("  ", 7), ("0", 0), (" 12 ", 12), ("10000", 10_000)])
def test_a_whole_number_or_the_default(monkeypatch, text, want):
    monkeypatch.setenv("SHEAD_X", text)
    assert whole_number("SHEAD_X", 7) == want


@pytest.mark.parametrize("text", ["abc", "1O000", "-5", "2.5", "1e4", "\u0663", "10 000"])
def test_anything_else_is_an_error_naming_the_variable(monkeypatch, text):
    monkeypatch.setenv("SHEAD_X", text)
    with pytest.raises(SettingError) as got:
        whole_number("SHEAD_X", 7)
    assert str(got.value) == (f"SHEAD_X={text.strip()!r} in the environment: expected a whole number (0 or more); "
                              "unset it for the default 7")


def test_a_least_value_is_said(monkeypatch):
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "0")
    with pytest.raises(SettingError, match=r"SHEAD_STREAM_BATCH='0' .*a whole number of 1 or more; unset it for "
                                           r"the default 2,000"):
        batch_hands()


def test_the_three_settings_read_their_variables(monkeypatch):
    monkeypatch.setenv("SHEAD_GROUP_HANDS", "3")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "9")
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "4096")
    assert (group_hands(), batch_hands(), stream_above()) == (3, 9, 4096)
    monkeypatch.delenv("SHEAD_GROUP_HANDS")
    monkeypatch.delenv("SHEAD_STREAM_BATCH")
    monkeypatch.delenv("SHEAD_STREAM_ABOVE")
    assert (group_hands(), batch_hands(), stream_above()) == (10_000, 2_000, 8 * 1024 * 1024)


@pytest.mark.parametrize(("name", "value"), [("SHEAD_GROUP_HANDS", "abc"), ("SHEAD_STREAM_BATCH", "0"),
                                             ("SHEAD_STREAM_ABOVE", "8MB")])
def test_ingest_stops_before_reading_anything(tmp_path, monkeypatch, name, value):
    f, db = tmp_path / "tue.shn", tmp_path / "x.duckdb"
    f.write_text(ONE)
    monkeypatch.setenv(name, value)
    r = runner.invoke(app, ["ingest", str(f), "--db", str(db)])
    assert r.exit_code == 2, r.output
    assert f"error: {name}={value!r} in the environment: expected a whole number" in " ".join(r.output.split())
    assert "stored" not in r.output and not db.exists()  # nothing read, nothing made


def test_the_group_size_set_is_the_one_used(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEAD_GROUP_HANDS", "0")
    assert FileGroup(st.Store(tmp_path / "x.duckdb"), strict=False).hands == 0


def test_a_first_ingest_makes_the_database_before_reading_a_file(tmp_path, monkeypatch):
    f, db = tmp_path / "tue.shn", tmp_path / "x.duckdb"
    f.write_text(ONE)
    seen = []
    real = cli.load_file

    def first_look(path, *args):  # what a `shead ledger` run now would find
        with st.reading(db) as con:
            seen.append(con.execute("SELECT count(*) FROM hands").fetchone()[0])
        return real(path, *args)

    monkeypatch.setattr(cli, "load_file", first_look)
    r = runner.invoke(app, ["ingest", str(f), "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert seen == [0]  # the database was there, empty, while the file was read
    with st.reading(db) as con:
        assert dict(con.execute("SELECT seat, units FROM hand_units").fetchall()) == {
            "Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


@pytest.mark.parametrize(("text", "want"), [("", 30.0), ("60", 60.0), (" 0.5 ", 0.5), ("0", 0.0)])
def test_seconds_or_the_default(monkeypatch, text, want):
    monkeypatch.setenv("SHEAD_LOCK_TIMEOUT", text)
    assert seconds("SHEAD_LOCK_TIMEOUT", 30.0) == want
    assert st.lock_timeout() == want


@pytest.mark.parametrize("text", ["abc", "nan", "inf", "-5", "30s", "1_0", "1e3"])
def test_seconds_that_are_none_are_an_error(monkeypatch, text):
    monkeypatch.setenv("SHEAD_LOCK_TIMEOUT", text)
    with pytest.raises(SettingError) as got:
        st.lock_timeout()
    assert str(got.value) == (f"SHEAD_LOCK_TIMEOUT={text!r} in the environment: expected seconds, a number of 0 "
                              "or more (e.g. 60); unset it for the default 30")


@pytest.mark.parametrize("command", [["ledger"], ["sheet", "Tue"], ["rederive"], ["export", "--format", "csv"]])
def test_every_command_stops_at_a_bad_setting(tmp_path, monkeypatch, command):
    db = tmp_path / "x.duckdb"
    monkeypatch.setenv("SHEAD_LOCK_TIMEOUT", "nan")
    r = runner.invoke(app, ["--db", str(db), *command])
    assert r.exit_code == 2, r.output
    assert "error: SHEAD_LOCK_TIMEOUT='nan' in the environment: expected seconds" in " ".join(r.output.split())
    assert not db.exists()


def test_after_hold_releases_the_lock_a_reader_gets_a_turn(tmp_path, monkeypatch):
    # a Store whose hold is 0 releases the lock after every unit of work, as shead ingest's does every 15 s; the
    # next take waits YIELD_AFTER_HOLD (0.4 s, longer than a reader's longest pause of 250 ms + 25 %) from then
    pauses = []
    monkeypatch.setattr(st, "_yield_pause", pauses.append)
    store = st.Store(tmp_path / "x.duckdb", hold=0)
    store._writer()
    store._maybe_release()
    assert not store.holding
    store._writer()  # at once: it pauses almost the whole 0.4 s first
    assert len(pauses) == 1 and 0.3 < pauses[0] <= 0.4 and store.holding
    store._maybe_release()
    store.close()
    store._writer()  # after a close: the run is over, no pause
    assert len(pauses) == 1
    store.close()
    assert st.YIELD_AFTER_HOLD > 0.25 * 1.25


def test_a_commands_help_is_read_whatever_is_set():
    import os
    import subprocess
    import sys

    shead = os.path.join(os.path.dirname(sys.executable), "shead")
    r = subprocess.run([shead, "ledger", "--help"], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "SHEAD_LOCK_TIMEOUT": "nan"})
    assert r.returncode == 0 and "Per-player totals" in r.stdout, r.stderr
