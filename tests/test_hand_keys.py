"""How a new user names a hand (found by a fresh-clone check of the README):
``shead replay 14`` on the example session (hands 14-18) is hand id 14,
which is not stored; the message says how hand 14 of the session is written,
and a part of the session id names it as ``shead sheet`` takes one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ingest import store as st

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"


def shead(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ingest.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("keys") / "k.duckdb"
    assert shead("ingest", "--db", str(path), str(EXAMPLE)).returncode == 0
    return path


def test_a_hand_number_for_a_hand_id_gets_the_way_to_write_it(db):
    r = shead("replay", "14", "--db", str(db))  # 5 hands stored: ids 1-5, so id 14 is none
    assert r.returncode == 1
    assert "no stored hand '14'" in r.stderr
    assert f"'{SESSION}#14'" in r.stderr  # the one session with a hand 14


def test_a_part_of_the_session_id_names_the_hand(db):
    r = shead("replay", "thursday#14", "--db", str(db))
    assert r.returncode == 0, r.stderr
    assert f"{SESSION} — hand 14" in r.stdout and "picker Bea" in r.stdout
    with st.reading(db) as con:
        assert st.find_hand(con, "2025.03.06#16").outcome.hand == 16
        assert st.find_hand(con, "Thursday#99") is None  # no hand 99
        assert st.find_hand(con, "Friday#14") is None  # no such session


def test_a_part_that_names_two_sessions_names_no_hand(db, tmp_path):
    other = tmp_path / "other.shn"
    other.write_text(EXAMPLE.read_text(encoding="utf-8").replace('[Table "2"]', '[Table "3"]'), encoding="utf-8")
    path = tmp_path / "two.duckdb"
    assert shead("ingest", "--db", str(path), str(EXAMPLE), str(other)).returncode == 0
    with st.reading(path) as con:
        assert st.find_hand(con, "Thursday#14") is None  # tables 2 and 3 both hold a hand 14
        assert st.find_hand(con, "2025.03.06 / 3#14").outcome.session.endswith("/ 3")


def test_history_and_void_read_a_hand_key_as_replay_does(db, tmp_path):
    # one reading of a key (ingest.store._parse_key) for find_hand and hand_history: before, `shead history ²`
    # was a ValueError traceback and `shead history Thursday#14` "no stored hand" where replay found it
    r = shead("history", "²", "--db", str(db))
    assert r.returncode == 1 and "no stored hand '²'" in r.stderr and "Traceback" not in r.stderr
    r = shead("history", "thursday#14", "--db", str(db))
    assert r.returncode == 0 and f"hand 14 of session '{SESSION}'" in r.stdout
    copy = tmp_path / "v.duckdb"
    assert shead("ingest", "--db", str(copy), str(EXAMPLE)).returncode == 0
    r = shead("void", "thursday#17", "--reason", "a card was face up", "--db", str(copy))
    assert r.returncode == 0, r.stderr
    r = shead("history", "thursday#17", "--db", str(copy))  # a voided hand: still named by the part
    assert r.returncode == 0 and "voided" in r.stdout
