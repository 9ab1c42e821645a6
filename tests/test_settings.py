"""Whole-number settings from the environment (ingest/settings.py) and the
database a first ``shead ingest`` makes before it reads a file.

A setting that is set but is no whole number used to be read silently as
its default: ``SHEAD_GROUP_HANDS=abc`` stored as though unset.  It is now
one usage error (exit 2) naming the variable, what was found and what is
expected, before anything is read or stored."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ingest import cli
from ingest import store as st
from ingest.cli import app
from ingest.pipeline import FileGroup, group_hands
from ingest.settings import SettingError, whole_number
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
