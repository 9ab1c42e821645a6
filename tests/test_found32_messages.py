"""fixit32 F4: error messages that hid what was found.

* ``shead void|history|replay 'Tuesday Legion Sheepshead / 2026.12.04 / 1#19'`` said ``no stored hand 'Tuesday
  Legion Sheepshead / 2026.12.0...'``: the 40-character cut dropped the date's last digit and the hand number, and
  nothing said the session is stored with hands 1-8.  Now the id is quoted whole and the session's hands named.
* A database file that cannot be opened to write (``chattr +i``: "IO Error: ... Operation not permitted") said
  only that; now it says the file is read-only and a writable one is needed, and ``rederive`` writes no empty line
  before it.  (The tests cannot make a file immutable, so DuckDB's refusal is given by a stand-in for its connect.)
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, write
from tests.test_found32_copy_seats import EXPORT_0412

NIGHT = "Tuesday Legion Sheepshead / 2026.12.04 / 1"


def test_no_stored_hand_quotes_the_whole_id_and_says_what_the_session_holds(tmp_path):
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "n.shn", EXPORT_0412), "--db", str(db))
    want = (f"error: no stored hand '{NIGHT}#19' (expected a hand id, \"SESSION#N\" or a content hash): session "
            f"'{NIGHT}' is stored and holds hands 1-8, no hand 19")
    for args in (("void", f"{NIGHT}#19", "--reason", "x"), ("history", f"{NIGHT}#19"), ("replay", f"{NIGHT}#19")):
        r = cli(*args, "--db", str(db), ok=False)
        assert r.exit_code == 1, r.output
        assert want in " ".join(r.output.split()), r.output
    # a part of the session's name, as SESSION#N takes it
    r = cli("history", "Legion Sheepshead / 2026.12.04 / 1#9", "--db", str(db), ok=False)
    assert f"session '{NIGHT}' is stored and holds hands 1-8, no hand 9" in " ".join(r.output.split()), r.output
    # a voided hand's number is said as voided
    cli("void", f"{NIGHT}#8", "--reason", "typed twice", "--db", str(db))
    r = cli("history", f"{NIGHT}#12", "--db", str(db), ok=False)
    assert "holds hands 1-7 (voided: 8), no hand 12" in " ".join(r.output.split()), r.output


def test_a_read_only_database_says_so_and_what_is_needed(tmp_path, monkeypatch):
    db = tmp_path / "ro.duckdb"
    cli("ingest", write(tmp_path, "n.shn", EXPORT_0412), "--db", str(db))
    real = duckdb.connect

    def refused(path, *args, **kwargs):
        if not kwargs.get("read_only", False):
            raise duckdb.IOException(f'IO Error: Cannot open file "{path}": Operation not permitted')
        return real(path, *args, **kwargs)

    monkeypatch.setattr("ingest.store.duckdb.connect", refused)
    for args in (("rederive",), ("void", f"{NIGHT}#1", "--reason", "x"),
                 ("ingest", write(tmp_path, "m.shn", EXPORT_0412.replace("2026.12.04", "2026.12.05")))):
        r = cli(*args, "--db", str(db), ok=False)
        assert r.exit_code == 1, r.output
        text = " ".join(r.output.split())
        assert "cannot open the database to write: the file is read-only" in text, r.output
        assert "needs a writable file" in text and "give --db writable.duckdb" in text, r.output
    r = cli("rederive", "--db", str(db), ok=False)
    assert r.output.startswith("error: "), repr(r.output[:80])
