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


TABLE_3 = "Thursday Night Sheepshead / 2025.03.06 / 3"
AMBIGUOUS = (f"'Thursday#14' matches 2 sessions that hold a hand 14: '{SESSION}', '{TABLE_3}'; give the whole "
             f"session id, e.g. '{SESSION}#14'")


@pytest.fixture(scope="module")
def two(tmp_path_factory):
    """The example session stored at tables 2 and 3: both hold hands 14 to 18."""
    tmp = tmp_path_factory.mktemp("two")
    other = tmp / "other.shn"
    other.write_text(EXAMPLE.read_text(encoding="utf-8").replace('[Table "2"]', '[Table "3"]'), encoding="utf-8")
    path = tmp / "two.duckdb"
    assert shead("ingest", "--db", str(path), str(EXAMPLE), str(other)).returncode == 0
    return path


def test_a_part_that_names_two_sessions_says_so(two):
    with st.reading(two) as con:
        with pytest.raises(st.AmbiguousHand) as err:
            st.find_hand(con, "Thursday#14")  # tables 2 and 3 both hold a hand 14
        assert str(err.value) == AMBIGUOUS
        with pytest.raises(st.AmbiguousHand):
            st.hand_history(con, "Thursday#14")
        assert st.find_hand(con, "2025.03.06 / 3#14").outcome.session == TABLE_3
        assert st.find_hand(con, "Thursday#99") is None  # no hand 99 at either table: not ambiguous, none


@pytest.mark.parametrize("command", [["replay"], ["history"], ["void", "--reason", "a card was face up"],
                                     ["compare"]])
def test_replay_history_void_and_compare_say_the_name_matches_two_sessions(two, command):
    r = shead(command[0], "Thursday#14", *command[1:], "--db", str(two))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert AMBIGUOUS in r.stderr and "no stored hand" not in r.stderr
    if command[0] == "void":
        assert shead("history", f"{SESSION}#14", "--db", str(two)).stdout.count("voided") == 0  # nothing voided


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


def test_the_service_says_the_name_matches_two_sessions(two):
    from urllib.parse import quote

    import httpx

    from tests.service_helpers import make_token, start_service

    token = make_token(two, "Thursday Night Sheepshead", "viewer")
    served = start_service(two)
    try:
        with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
            for path in (f"/hands/{quote('Thursday#14', safe='')}", f"/hands/{quote('Thursday#14', safe='')}/history"):
                r = c.get(path)
                assert r.status_code == 404 and r.json()["detail"] == AMBIGUOUS
            assert c.get(f"/hands/{quote(TABLE_3 + '#14', safe='')}").status_code == 200
    finally:
        served.stop()
