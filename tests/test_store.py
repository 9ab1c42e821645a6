"""The DuckDB store: migrations, one transaction per file, hash dedupe,
lenient/strict, lossless card log and source, rederive, crash safety and
concurrent readers (real processes)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest

from ingest import store as st
from ingest.model import CardLog, FileResult, PlayRow, content_hash
from ingest.validate import validate_text
from tests.conftest import make_file, make_hand

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"


def counts(db) -> dict[str, int]:
    with st.reading(db) as con:
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0]
                for t in ("sessions", "hands", "hand_units", "card_log", "hand_source", "rejected", "ingests")}


def stored_hashes(db) -> list[str]:
    with st.reading(db) as con:
        return sorted(bytes(h).hex() for (h,) in con.execute("SELECT hash FROM hand_source").fetchall())


# --------------------------------------------------------------------------


#: The migrations after 005, read from the file names in ingest/migrations
#: (NNN_name.sql): each is recorded once, in number order (006 was never shipped).
SHIPPED_AFTER_5 = sorted((int(p.name[:3]), p.stem[4:]) for p in
                         (Path(__file__).resolve().parents[1] / "ingest" / "migrations").glob("*.sql")
                         if int(p.name[:3]) > 5)


def test_migrations_are_recorded_once(db):
    st.Store(db).open()
    st.Store(db).open()  # a second open applies nothing new
    with st.reading(db) as con:
        rows = con.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall()
        tables = {t for (t,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    assert rows == [(1, "initial"), (2, "session_format"), (3, "dashboard_denorm"), (4, "laufende"),
                    (5, "second_partner")] + SHIPPED_AFTER_5
    assert {"sessions", "hands", "hand_units", "card_log", "hand_source", "rejected", "ingests",
            "schema_migrations", "hand_text", "hand_outcomes", "service_tokens", "dd_hands", "dd_cards"} <= tables
    assert [v for v, _, _ in st.migrations()] == [1, 2, 3, 4, 5] + [v for v, _ in SHIPPED_AFTER_5]


def _schema(con) -> dict[str, list]:
    """Every table's columns (name, type, default, nullability), constraints,
    indexes, views and sequences, and the migrations recorded."""
    return {
        "columns": con.execute("SELECT table_name, column_name, data_type, column_default, is_nullable "
                               "FROM duckdb_columns() ORDER BY table_name, column_index").fetchall(),
        "constraints": con.execute("SELECT table_name, constraint_type, constraint_text FROM duckdb_constraints() "
                                   "ORDER BY ALL").fetchall(),
        "indexes": con.execute("SELECT table_name, index_name, sql FROM duckdb_indexes() ORDER BY ALL").fetchall(),
        "views": con.execute("SELECT view_name, sql FROM duckdb_views() WHERE NOT internal ORDER BY ALL").fetchall(),
        "sequences": con.execute("SELECT sequence_name FROM duckdb_sequences() ORDER BY ALL").fetchall(),
        "migrations": con.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall(),
    }


def test_a_new_database_gets_the_schema_of_the_migrations_one_by_one(tmp_path):
    # a new file takes every migration in one transaction without the backfills (they derive rows from stored
    # hands; there are none): the same schema as applying them one by one, each with its backfill
    fresh = tmp_path / "fresh.duckdb"
    st.Store(fresh).open()
    stepped = tmp_path / "stepped.duckdb"
    con = duckdb.connect(str(stepped))
    con.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, "
                "applied_at TIMESTAMP NOT NULL)")
    assert st._migrate_steps(con, set()) == [v for v, _, _ in st.migrations()]
    want = _schema(con)
    con.close()
    with st.reading(fresh) as con:
        got = _schema(con)
        assert con.execute("SELECT count(DISTINCT applied_at) FROM schema_migrations").fetchone()[0] == 1
    assert got == want
    assert len(want["columns"]) > 300 and want["migrations"][:2] == [(1, "initial"), (2, "session_format")]


def test_an_older_database_gets_the_newer_migrations_at_open(db):
    # a database made when only migration 001 existed, with one session in it
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, "
                "applied_at TIMESTAMP NOT NULL)")
    version, name, sql = st.migrations()[0]
    con.execute(sql)
    con.execute("INSERT INTO schema_migrations VALUES (?, ?, now())", [version, name])
    con.execute("INSERT INTO sessions VALUES (1, 'old', NULL, NULL, NULL, NULL, 'wi5-called-ace', 'sheepshead', "
                "'{}', '', NULL, now())")
    con.close()
    with st.reading(db) as con:  # even a reader brings it up to date first
        assert con.execute("SELECT version FROM schema_migrations ORDER BY 1").fetchall() == [
            (v,) for v in (1, 2, 3, 4, 5)] + [(v,) for v, _ in SHIPPED_AFTER_5]
    with st.Store(db) as s:
        s.ingest_file(make_file(2, session="new"))
    with st.reading(db) as con:
        assert con.execute("SELECT session, format FROM sessions ORDER BY session_id").fetchall() == [
            ("old", "shn"), ("new", "shn")]


def test_migration_003_backfills_picker_units_and_session_id(db):
    # hands stored before 003: the new columns are filled from the old rows
    with st.Store(db) as s:
        s.ingest_file(make_file(5))
    with st.reading(db) as con:
        want_pu = con.execute("SELECT hand_id, picker_units FROM hands ORDER BY 1").fetchall()
        want_si = con.execute("SELECT hand_id, seat_no, session_id FROM hand_units ORDER BY 1, 2").fetchall()
    con = duckdb.connect(str(db))
    con.execute("UPDATE hands SET picker_units = NULL")
    con.execute("UPDATE hand_units SET session_id = NULL")
    con.execute("ALTER TABLE hands DROP COLUMN picker_units")
    con.execute("ALTER TABLE hand_units DROP COLUMN session_id")
    con.execute("ALTER TABLE hands DROP COLUMN laufende")  # and before 004 and 005, which came later
    con.execute("ALTER TABLE hands DROP COLUMN laufende_with")
    con.execute("ALTER TABLE hands DROP COLUMN partner2")
    con.execute("DROP TABLE hand_revisions")  # 007
    con.execute("DROP TABLE session_state")  # 007
    con.execute("DELETE FROM schema_migrations WHERE version >= 3")
    con.close()
    with st.reading(db) as con:
        assert con.execute("SELECT hand_id, picker_units FROM hands ORDER BY 1").fetchall() == want_pu
        assert con.execute("SELECT hand_id, seat_no, session_id FROM hand_units ORDER BY 1, 2").fetchall() == want_si
        assert con.execute("SELECT count(*) FROM hands h JOIN hand_units u ON u.hand_id = h.hand_id "
                           "AND u.seat = h.picker WHERE h.picker_units IS DISTINCT FROM u.units").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM hand_units WHERE session_id IS NULL").fetchone()[0] == 0
    assert any(p is not None for _, p in want_pu)


def test_same_file_twice_stores_nothing_the_second_time(db):
    f = make_file(50)
    with st.Store(db) as s:
        first = s.ingest_file(f)
        second = s.ingest_file(f)
    assert (first.stored, first.duplicates) == (50, 0)
    assert (second.stored, second.duplicates) == (0, 50)
    assert counts(db) == {"sessions": 1, "hands": 50, "hand_units": 250, "card_log": 50, "hand_source": 50,
                          "rejected": 0, "ingests": 2}


def test_a_hand_repeated_inside_one_file_is_stored_once(db):
    f = make_file(3)
    f.hands.append(f.hands[0])
    with st.Store(db) as s:
        rep = s.ingest_file(f)
    assert (rep.stored, rep.duplicates) == (3, 1)
    assert counts(db)["hands"] == 3


def test_hands_read_back_equal_what_was_stored(db):
    f = make_file(20)
    f.hands.append(make_hand(21, score_sheet=True))
    with st.Store(db) as s:
        s.ingest_file(f)
    with st.reading(db) as con:
        back = st.load_hands(con)
        explicit = con.execute("SELECT count(*) FROM hand_source WHERE source_cards IS NOT NULL").fetchall()[0][0]
    assert [b.hash for b in back] == [h.hash for h in f.hands]
    for b, h in zip(back, f.hands):
        assert b.outcome == h.outcome
        assert b.cardlog == h.cardlog
        assert b.source == h.source
        assert (b.file, b.line) == (h.source_file, h.source_line)
    # canonical full hands need no stored card list; the score-sheet hand
    # (no card log) keeps its one card token, AH of "call AH", explicitly
    assert explicit == 1


def test_unusual_card_logs_and_sources_survive_exactly(db):
    h = make_hand(5)
    log = h.cardlog
    plays = [replace(p) for p in log.plays]
    plays[3] = replace(plays[3], card=None)  # an unknown card
    plays[7] = replace(plays[7], renege=True)
    log2 = CardLog(deal={"Bea": log.deal["Bea"], "Al": [None] * 6}, blind=[None, log.blind[1]], bury=log.bury,
                   plays=plays)
    # a source whose card tokens are not the card log's, a lowercase card,
    # an annotation naming a card, and the slot character itself
    src = "hand 5  dealer Al {AS safe}\npick Bea  call ah\n" + h.source.split("\n", 1)[1]
    weird = "hand 6  dealer Bea \x1f\n" + h.source.split("\n", 1)[1]
    a = replace(h, cardlog=log2, source=src, hash=content_hash(h.outcome.session, 5, src))
    b = replace(make_hand(6), source=weird, hash=content_hash(h.outcome.session, 6, weird))
    odd = CardLog(deal={}, blind=[], bury=[], plays=[PlayRow(1, 0, "Cy", "QC"), PlayRow(1, 1, "Al", "7D", winner=True)])
    c = replace(make_hand(7), cardlog=odd)
    with st.Store(db) as s:
        s.ingest_file(FileResult(path="odd.shn", hands=[a, b, c]))
    with st.reading(db) as con:
        back = st.load_hands(con)
        packed = con.execute("SELECT packed FROM hand_source ORDER BY hand_id").fetchall()
        seats = con.execute("SELECT play_seats FROM card_log ORDER BY hand_id").fetchall()
    assert [x.source for x in back] == [src, weird, c.source]
    assert [x.cardlog for x in back] == [log2, b.cardlog, odd]
    assert packed == [(True,), (False,), (True,)]
    assert seats[2] == ([2, 0],)  # Cy then Al: not clockwise, so the seats are stored


def test_one_bad_hand_among_fifty_lenient_stores_49_and_records_it(db):
    f = make_file(50, bad=(17,))
    with st.Store(db) as s:
        rep = s.ingest_file(f, strict=False)
        again = s.ingest_file(f, strict=False)
    assert (rep.stored, len(rep.rejected), rep.rejected_new) == (49, 1, 1)
    assert (again.stored, again.duplicates, again.rejected_new) == (0, 49, 0)
    with st.reading(db) as con:
        rows = con.execute("SELECT file, line, col, hand, code, message FROM rejected").fetchall()
        errors = json.loads(con.execute("SELECT errors FROM rejected").fetchall()[0][0])
    # make_file puts hand k's error at line 8 + 14 * (k - 1) + 2, col 7
    assert rows == [("thursday.shn", 234, 7, 17, "E-RENEGE", "Cy played KH but holds clubs (8C) and clubs were led")]
    assert errors[0]["found"] == "KH" and errors[0]["trick"] == 1
    assert counts(db)["hands"] == 49


def test_one_bad_hand_among_fifty_strict_stores_nothing(db):
    with st.Store(db) as s:
        s.ingest_file(make_file(5, session="other"))
        before = counts(db)
        rep = s.ingest_file(make_file(50, bad=(17,)), strict=True)
    assert rep.committed is False and rep.stored == 0 and len(rep.rejected) == 1
    assert counts(db) == before


def test_file_level_error_in_strict_mode_stores_nothing(db):
    from replay.errors import Diagnostic

    f = make_file(3)
    f.errors.append(Diagnostic("E-HEADER", "found 'x'; expected '%SHN 1.0'", file="thursday.shn", line=1, col=1))
    with st.Store(db) as s:
        rep = s.ingest_file(f, strict=True)
    assert rep.committed is False and rep.failed
    assert not db.exists() or counts(db)["hands"] == 0


def test_a_failing_insert_rolls_the_whole_file_back(db):
    with st.Store(db) as s:
        s.ingest_file(make_file(4, session="first"))
    before = counts(db)
    bad = make_file(10, start=100)
    bad.hands[6].outcome.date = "2025-02-30"  # not a date: the INSERT fails half way through the file
    with st.Store(db) as s, pytest.raises(st.StoreError, match="nothing stored"):
        s.ingest_file(bad)
    assert counts(db) == before


def test_example_session_units_as_computed_by_hand(db):
    res = validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE))
    assert not res.rejected
    with st.Store(db) as s:
        assert s.ingest_file(res).stored == 5
    with st.reading(db) as con:
        h14 = con.execute("SELECT u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                          "WHERE h.hand = ? ORDER BY u.seat_no", [14]).fetchall()
        totals = dict(con.execute("SELECT player, sum(units) FROM hand_units GROUP BY player").fetchall())
        h18 = con.execute("SELECT partner FROM hands WHERE hand = ?", [18]).fetchall()
    # notation brief §3: hand 14 Bea -4, Di -2, Al/Cy/Ed +2; 15 as written;
    # 16 Di +8, others -2; 17 (leaster) Al +4, others -1; 18 as written.
    assert h14 == [("Al", 2), ("Bea", -4), ("Cy", 2), ("Di", -2), ("Ed", 2)]
    assert totals == {"Allen Braun": 5, "Bea Schmidt": -10, "Cy Ott": 3, "Di Lenz": 6, "Ed Kahl": -4}
    assert h18 == [("Bea",)]


def test_rederive_restores_the_outcome_and_leaves_the_card_log(db):
    res = validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE))
    with st.Store(db) as s:
        s.ingest_file(res)
    snapshot = "SELECT * FROM card_log ORDER BY hand_id", "SELECT * FROM hand_source ORDER BY hand_id"
    with st.reading(db) as con:
        before = [con.execute(q).fetchall() for q in snapshot]
    con = duckdb.connect(str(db))
    con.execute("UPDATE hands SET picker_points = 0, outcome = 'win' WHERE hand = 14")
    con.execute("UPDATE hand_units SET units = 0 WHERE hand_id = (SELECT hand_id FROM hands WHERE hand = 14)")
    con.close()
    rep = st.Store(db).rederive()
    assert (rep.hands, rep.changed, rep.refused) == (5, 1, [])
    with st.reading(db) as con:
        row = con.execute("SELECT picker_points, outcome FROM hands WHERE hand = 14").fetchall()
        units = con.execute("SELECT u.units FROM hand_units u JOIN hands h USING (hand_id) WHERE h.hand = 14 "
                            "ORDER BY u.seat_no").fetchall()
        after = [con.execute(q).fetchall() for q in snapshot]
        n = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    assert row == [(59, "lose")]
    assert [u for (u,) in units] == [2, -4, 2, -2, 2]
    assert after == before and n == 5


def test_read_only_open_of_a_missing_database_says_so(tmp_path):
    with pytest.raises(st.StoreMissing, match="no database here"):
        with st.reading(tmp_path / "nope.duckdb"):
            pass


def test_resolve_db_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SHEAD_DB", raising=False)
    assert st.resolve_db() == tmp_path / "data" / "shead.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "env.duckdb"))
    assert st.resolve_db() == tmp_path / "env.duckdb"
    assert st.resolve_db(tmp_path / "x.duckdb") == tmp_path / "x.duckdb"


def test_resolve_db_reads_a_leading_tilde_as_home_and_a_blank_setting_as_none(tmp_path, monkeypatch):
    """break16: ``--db=~/x.duckdb`` (a ``~`` the shell does not expand after ``=``) made an empty ``./~`` folder
    while DuckDB, which expands it, wrote ``$HOME/x.duckdb``; the next command then found no database.
    ``SHEAD_DB=' '`` made a file named ' '.  Now both name what a user means, in one place, and a real ingest
    and ledger through ``--db=~/...`` meet in the home directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert st.resolve_db("~/x.duckdb") == tmp_path / "home" / "x.duckdb"
    monkeypatch.setenv("SHEAD_DB", "~/env.duckdb")
    assert st.resolve_db() == tmp_path / "home" / "env.duckdb"
    monkeypatch.setenv("SHEAD_DB", "  ")
    assert st.resolve_db() == tmp_path / "data" / "shead.duckdb"
    for empty in ("", " ", Path("")):  # --db "$DB" with DB unset: an error, not the default database
        with pytest.raises(st.DbPathError, match="--db is empty"):
            st.resolve_db(empty)
    with pytest.raises(st.DbPathError, match="is a folder: give the database file in it"):
        st.resolve_db(tmp_path)  # --db=~ (break16b)
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    (tmp_path / "home").mkdir()
    f = tmp_path / "n.shn"
    f.write_text('%SHN 1.0\n[Session "t"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
                 "hand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n")
    r = CliRunner().invoke(app, ["ingest", str(f), "--db=~/x.duckdb"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "home" / "x.duckdb").exists() and not (tmp_path / "~").exists()
    r = CliRunner().invoke(app, ["ledger", "--db=~/x.duckdb", "--json"])
    assert r.exit_code == 0 and '"player": "Bea"' in r.output, r.output
    # ~nouser: no such home directory: one error, never a traceback (break16b), whatever the command
    with pytest.raises(st.DbPathError, match="names no home directory"):
        st.resolve_db("~no_such_user_here/x.duckdb")
    # an empty --db, a folder and ~nouser are one usage error (exit 2) with shead's message, whatever the
    # command: Click said "file '' is a directory", and the commands that catch a store error gave exit 1
    bad = {"~no_such_user_here/x.duckdb": "names no home directory", "": "--db is empty",
           str(tmp_path): "is a folder: give the database file in it",
           # a folder not made yet, written with its "/": once a database FILE called newdir (session 18)
           "newdir/": "newdir/ ends in '/', so it names a folder: give the database file in it (e.g. "
                      "newdir/shead.duckdb)"}
    for args in (["ingest", str(f)], ["ledger"], ["sheet", "t"], ["replay", "1"], ["void", "1", "--reason", "x"],
                 ["export", "--format", "shn"], ["rederive"], ["history", "1"], ["deals"], ["race"]):
        for db, said in bad.items():
            r = CliRunner().invoke(app, args + ["--db", db])
            assert r.exit_code == 2 and said in r.output and "Traceback" not in r.output, (args, db, r.output)
            if db:  # the same path in SHEAD_DB: the same usage error (break17 F7: exit 1 on some commands)
                r = CliRunner().invoke(app, args, env={"SHEAD_DB": db})
                assert r.exit_code == 2 and said in r.output, (args, db, r.output)
    r = CliRunner().invoke(app, ["bench", "-n", "5", "--db", ""])  # bench's own --db (break17 F6)
    assert r.exit_code == 2 and "--db is empty" in r.output
    r = CliRunner().invoke(app, ["bench", "-n", "5", "--db", "newdir/"])
    assert r.exit_code == 2 and "names a folder" in r.output
    r = CliRunner().invoke(app, ["--db", "newdir/", "ledger"])  # the group's --db, passed on as the default
    assert r.exit_code == 2 and "names a folder" in r.output
    assert not (tmp_path / "newdir").exists()
    (tmp_path / "dir").mkdir()  # a last part "." or "..", which a Path drops (break18 F15)
    for typed in ("./dir/.", "dir/.."):
        r = CliRunner().invoke(app, ["ledger", "--db", typed])
        assert r.exit_code == 2 and "so it names a folder" in r.output, (typed, r.output)
    assert sorted(p.name for p in (tmp_path / "dir").iterdir()) == []


# --------------------------------------------------------------------------
# Real processes
# --------------------------------------------------------------------------

_CHILD_ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _python(code: str, *args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args], cwd=ROOT, env=_CHILD_ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


_INGEST_BIG = """
    import sys
    from ingest.store import Store
    from tests.conftest import make_file
    f = make_file(int(sys.argv[2]), start=1000, session="big", path="big.shn")
    def stage(s):
        print(s, flush=True)
    with Store(sys.argv[1]) as s:
        s.ingest_file(f, on_stage=stage)
"""


def test_sigkill_mid_ingest_leaves_the_database_as_before_the_file(db):
    with st.Store(db) as s:
        s.ingest_file(make_file(10, session="before"))
    before_counts, before_hashes = counts(db), stored_hashes(db)
    rng = random.Random(7)
    landed = 0
    for attempt in range(12):
        child = _python(_INGEST_BIG, str(db), "6000")
        assert child.stdout.readline().strip() == "begin"  # the file's transaction is open
        time.sleep(rng.uniform(0.0, 0.15))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        assert child.returncode == -signal.SIGKILL
        now = counts(db)
        if "commit" in out or now["hands"] != before_counts["hands"]:
            # the kill came after the transaction ended: then the whole file is there
            assert now["hands"] == before_counts["hands"] + 6000
            break
        assert now == before_counts
        assert stored_hashes(db) == before_hashes
        landed += 1
        if landed >= 2:
            break
    assert landed >= 1, "no kill landed inside the transaction"
    # a re-run stores every hand exactly once
    rerun = _python(_INGEST_BIG, str(db), "6000")
    rerun.communicate()
    assert rerun.returncode == 0
    after = counts(db)
    assert after["hands"] in (before_counts["hands"] + 6000,)
    with st.reading(db) as con:
        assert con.execute("SELECT count(*), count(DISTINCT hash) FROM hand_source").fetchall() == [(6010, 6010)]


_WRITER = """
    import sys
    from ingest.store import Store
    from tests.conftest import make_file
    with Store(sys.argv[1], hold=0.3) as s:
        for k in range(12):
            s.ingest_file(make_file(400, start=1 + 400 * k, session="w", path=f"w{k}.shn"))
    open(sys.argv[1] + ".done", "w").close()  # tells the reader the writer is through (no clock involved)
    print("writer done", flush=True)
"""

_READER = """
    import json, sys, time
    from ingest import store as st
    import os
    errors, seen = [], []
    stop = time.monotonic() + 600  # a safety cap only; the loop ends when the writer is done
    while time.monotonic() < stop:
        finished = os.path.exists(sys.argv[1] + ".done")
        try:
            with st.reading(sys.argv[1]) as con:
                seen.append(con.execute("SELECT count(*) FROM hands").fetchall()[0][0])
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
        if finished or (seen and seen[-1] == 4800):
            break
        time.sleep(0.01)
    print(json.dumps({"errors": errors, "seen": seen, "conflicts": st.lock_stats().conflicts}))
"""


def test_a_reader_process_during_an_ingest_never_sees_a_lock_error(db):
    st.Store(db).open()
    writer = _python(_WRITER, str(db))
    reader = _python(_READER, str(db))
    w_out, w_err = writer.communicate(timeout=900)
    r_out, r_err = reader.communicate(timeout=900)
    assert writer.returncode == 0, w_err
    assert reader.returncode == 0, r_err
    rep = json.loads(r_out)
    assert rep["errors"] == []
    assert rep["seen"][-1] == 4800
    assert rep["seen"] == sorted(rep["seen"])  # every read saw whole files only, in order
    assert all(n % 400 == 0 for n in rep["seen"])
    assert rep["conflicts"] > 0  # the two processes really met on the lock


def test_an_idle_writer_lets_go_of_the_lock_after_hold(db):
    """Between files (while the caller validates the next one) the store
    releases the lock once ``hold`` has passed, without being asked.

    The probe process is started, and has imported the store, before the
    clock starts, and reads when told on its stdin.  (It was started after
    the ingest: on a loaded two-core machine the start of a Python with
    DuckDB can pass the 4 s hold, the store rightly lets go, and the probe
    said '3' where the test wanted 'busy'.)  The lock was taken inside
    ``ingest_file`` (after ``t0``, before ``t1``): it is held at ``t0 + 4``
    at the earliest and released by ``t1 + 4``."""
    probe = _python("""
        import sys
        from ingest import store as st
        print("ready", flush=True)
        for _ in sys.stdin:
            try:
                with st.reading(sys.argv[1], timeout=0.2) as con:
                    print(con.execute("SELECT count(*) FROM hands").fetchall()[0][0], flush=True)
            except st.StoreBusy:
                print("busy", flush=True)
    """, str(db), stdin=subprocess.PIPE)
    try:
        assert probe.stdout.readline().strip() == "ready"

        def ask() -> str:
            probe.stdin.write("read\n")
            probe.stdin.flush()
            return probe.stdout.readline().strip()

        s = st.Store(db, hold=4.0)
        t0 = time.monotonic()
        s.ingest_file(make_file(3))
        t1 = time.monotonic()
        assert ask() == "busy"  # just stored: still held
        assert time.monotonic() - t1 < 4.0, "the probe came too late to see the lock held"
        time.sleep(max(0.0, 4.5 - (time.monotonic() - t1)))  # the caller is elsewhere; the store is not closed
        assert ask() == "3"
        s.ingest_file(make_file(2, start=10))  # and the store reopens by itself
        s.close()
    finally:
        probe.communicate(timeout=60)  # closes its stdin: the probe ends
    assert counts(db)["hands"] == 5


def test_a_lock_held_past_the_timeout_raises_store_busy(db):
    st.Store(db).open()
    holder = _python("""
        import sys, time
        import duckdb
        con = duckdb.connect(sys.argv[1])
        print("holding", flush=True)
        time.sleep(5)
    """, str(db))
    assert holder.stdout.readline().strip() == "holding"
    t0 = time.monotonic()
    with pytest.raises(st.StoreBusy, match="another process .another shead command, the dashboard, a DuckDB client. has held the database"):
        st.connect(db, read_only=True, timeout=0.4)
    assert 0.3 < time.monotonic() - t0 < 3
    holder.kill()
    holder.communicate()


@pytest.mark.parametrize("strict", [False, True])
def test_a_second_text_for_a_stored_hand_number_is_refused(tmp_path, strict):
    """A session holds each hand once: the same session's hand 15 written
    differently in another file (here with the table-agreed score of a
    partner-less hand) is a conflict, not a second hand 15 in the ledger."""
    db = tmp_path / "s.duckdb"
    text = EXAMPLE.read_text(encoding="utf-8")
    with st.Store(db) as store:
        assert store.ingest_file(validate_text(text, path="first.shn")).stored == 5
    changed = text.replace("pick Cy  call AS  partner Ed  pts 72  win", "pick Cy  call AS  partner Ed  pts 75  win")
    with st.Store(db) as store:
        report = store.ingest_file(validate_text(changed, path="second.shn"), strict=strict)
    assert [(r.hand, r.errors[0].code) for r in report.rejected] == [(15, "E-HAND-CONFLICT")]
    err = report.rejected[0].errors[0]
    assert "first.shn:28" in err.message and (err.file, err.line) == ("second.shn", 28)  # hand 15 starts on line 28
    assert report.stored == 0
    assert report.duplicates == 4  # hands 14, 16, 17, 18 are already stored, strict or not
    assert report.committed is (not strict)
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands WHERE hand = 15").fetchone()[0] == 1
        assert con.execute("SELECT picker_points FROM hands WHERE hand = 15").fetchone()[0] == 72
        assert con.execute("SELECT count(*) FROM rejected").fetchone()[0] == (0 if strict else 1)


def test_a_sqlite_file_given_as_the_database_is_refused_before_duckdb_opens_it(tmp_path):
    """A tester's finding: `--db` naming a SQLite file made DuckDB try to download its SQLite extension (and, with
    it, it could have written shead's tables into the user's file).  The file is refused by its first bytes, and
    left as it was."""
    import sqlite3

    lite = tmp_path / "scores.sqlite"
    c = sqlite3.connect(lite)
    c.execute("CREATE TABLE t (a)")
    c.commit()
    c.close()
    before = lite.read_bytes()
    for read_only in (True, False):
        with pytest.raises(st.StoreError, match="not a shead database: it is a SQLite database, not a DuckDB file"):
            st.connect(lite, read_only=read_only)
    assert lite.read_bytes() == before


def test_a_database_that_cannot_be_opened_is_one_line_on_every_writing_command(tmp_path):
    """break17 F4, F5, F11: `shead rederive` on a file that is no DuckDB database ended in a traceback; `shead
    demo` said "the good hands were stored" and started the dashboard on it; a --db under a file (not a folder)
    ended in FileExistsError."""
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    bad = tmp_path / "notes.duckdb"
    bad.write_text("not a database\n")
    (tmp_path / "afile").write_text("x\n")
    under = tmp_path / "afile" / "x.duckdb"
    shn = ROOT / "data" / "sheepshead" / "example_session.shn"
    for args, said in ((["rederive", "--db", str(bad)], "not a DuckDB file"),
                       (["demo", "--db", str(bad), "--port", "8797"], "not a DuckDB file"),
                       (["ingest", str(shn), "--db", str(under)], f"{tmp_path / 'afile'} is a file, not a folder"),
                       (["rederive", "--db", str(under)], "no database here")):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 1 and said in r.output, (args, r.output, r.exception)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
        assert "Traceback" not in r.output and "dashboard on" not in r.output, (args, r.output)


def test_a_duckdb_database_that_is_not_sheads_is_said_and_left_alone(tmp_path):
    """break17 F18: readers failed with DuckDB's Catalog errors, and an ingest or a rederive added shead's tables
    beside the owner's.  Now every command says what it is, and the file keeps its own tables only."""
    import duckdb  # noqa: PLC0415
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    db = tmp_path / "theirs.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE scores (player VARCHAR, points INTEGER)")
    con.close()
    shn = ROOT / "data" / "sheepshead" / "example_session.shn"
    for args in (["ledger"], ["sheet", "x"], ["rederive"], ["ingest", str(shn)], ["export", "--format", "shn"]):
        r = CliRunner().invoke(app, args + ["--db", str(db)])
        assert r.exit_code == 1 and "a DuckDB database that is not shead's" in r.output, (args, r.output)
        assert "Catalog" not in r.output and "Traceback" not in r.output, (args, r.output)
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT table_name FROM duckdb_tables()").fetchall() == [("scores",)]
    con.close()
    # another tool's migration table (dbmate keeps a version column only): not shead's either (break17b F4)
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE schema_migrations (version VARCHAR PRIMARY KEY)")
    con.execute("INSERT INTO schema_migrations VALUES ('20240101000000')")
    con.close()
    for args in (["ledger"], ["ingest", str(shn)]):
        r = CliRunner().invoke(app, args + ["--db", str(db)])
        assert r.exit_code == 1 and "a DuckDB database that is not shead's" in r.output, (args, r.output)
    con = duckdb.connect(str(db), read_only=True)
    assert sorted(con.execute("SELECT table_name FROM duckdb_tables()").fetchall()) == [("schema_migrations",),
                                                                                       ("scores",)]
    con.close()
