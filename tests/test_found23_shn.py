"""SHN records brought in session 23 (real23, break23), each amount worked out
by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json

import duckdb

from ingest.shn import reader
from ingest.shn.reader import read
from tests.cli_helpers import cli, ledger, write


def _sessions(db) -> list[tuple[str, str]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute('SELECT session, "group" FROM sessions ORDER BY session').fetchall()


def _report(r) -> list[dict]:
    """Every diagnostic of ``shead ingest --json``'s one file."""
    out = json.loads(r.stdout)
    files = out["files"] if isinstance(out, dict) and "files" in out else out
    f = files[0]
    return list(f.get("warnings", [])) + [e for rej in f.get("rejected", []) for e in rej.get("errors", [])]


# -- A tag value ending in a space from a phone's predictive text (real23 F1, F3) -----------------------------------

HEAD = """%SHN 1.0
[Event "{event}"]
[Date "{date}"]
[Seats "Al=Al Berg; Bea=Bea Koch; Cy=Cy Lutz; Di=Di Marx; Ed=Ed Nolte"]
[Rules "wi5-called-ace"]
"""
#: the night's first half: hand 1 Bea picks, calls AC, Cy partner, 70: a plain win (rules.md B-27, B-33): Bea +2,
#: Cy +1, Al, Di, Ed -1.  Hand 2 Cy picks, calls AS, Di partner, 40: a plain loss, doubled on the bump (B-32):
#: Cy -4, Di -2, Al, Bea, Ed +2
FIRST = """
hand 1  dealer Al
pick Bea  call AC  partner Cy  pts 70  win

hand 2  dealer Bea
pick Cy  call AS  partner Di  pts 40  lose
"""
#: the second half from a phone: hand 3 as hand 1 (Bea +2, Cy +1, the others -1); hand 4 Di picks, calls AH,
#: Ed partner, 61: a plain win: Di +2, Ed +1, Al, Bea, Cy -1
SECOND = """
hand 3  dealer Cy
pick Bea  call AC  partner Cy  pts 70  win

hand 4  dealer Di
pick Di  call AH  partner Ed  pts 61  win
"""
#: the night by hand: Al -1+2-1-1 = -1, Bea 2+2+2-1 = 5, Cy 1-4+1-1 = -3, Di -1-2-1+2 = -2, Ed -1+2-1+1 = 1 (sum 0)
NIGHT = {"Al Berg": -1, "Bea Koch": 5, "Cy Lutz": -3, "Di Marx": -2, "Ed Nolte": 1}


def test_an_event_ending_in_a_space_is_the_same_night(tmp_path):
    db = tmp_path / "p.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST),
        "--db", str(db))
    r = cli("ingest", write(tmp_path, "b.shn", HEAD.format(event="Friday Phone Club ", date="2026.12.04 ") + SECOND),
            "--db", str(db))
    assert "2 stored" in r.output and "0 rejected" in r.output, r.output
    assert _sessions(db) == [("Friday Phone Club / 2026.12.04", "Friday Phone Club")]  # one night, one group
    assert ledger(db) == NIGHT


def test_a_date_ending_in_a_space_is_the_day():
    shn = read(HEAD.format(event="Friday Phone Club", date="2026.12.11 ") + FIRST, "d.shn")
    assert shn.hands[0].session.tags["Date"] == "2026.12.11"
    assert shn.hands[0].session_id == "Friday Phone Club / 2026.12.11"
    assert shn.hands[0].session.raw == {"Date": "2026.12.11 "}
    # a [Session] and a [Table] too; a [Seats] or [Rules] value keeps its own reading
    shn = read('%SHN 1.0\n[Session " Fri 1 "]\n[Table "2\t"]\n' + FIRST, "s.shn")
    assert shn.hands[0].session_id == "Fri 1" and shn.hands[0].session.tags["Table"] == "2"


def test_a_date_ending_in_a_space_stores_the_night(tmp_path):
    db = tmp_path / "d.duckdb"
    r = cli("ingest", write(tmp_path, "d.shn", HEAD.format(event="Friday Phone Club", date="2026.12.11 ") + FIRST),
            "--db", str(db))
    assert "2 stored" in r.output and "E-DATE" not in r.output, r.output  # it was E-DATE for every hand
    # by hand (above): hands 1 and 2: Al -1+2 = 1, Bea 2+2 = 4, Cy 1-4 = -3, Di -1-2 = -3, Ed -1+2 = 1
    assert ledger(db) == {"Al Berg": 1, "Bea Koch": 4, "Cy Lutz": -3, "Di Marx": -3, "Ed Nolte": 1}


def test_a_night_stored_with_its_end_space_before_is_kept_so(tmp_path, monkeypatch):
    """A file stored before session 23 (its [Event] read with the space) sent again is duplicates, not the night
    a second time; a later hand of it joins the stored session, and W-TAG-SPACES says how to rename it."""
    db = tmp_path / "old.duckdb"
    second = HEAD.format(event="Friday Phone Club ", date="2026.12.04") + SECOND
    cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST),
        "--db", str(db))
    with monkeypatch.context() as m:  # the reader before session 23
        m.setattr(reader, "_TRIMMED_TAGS", frozenset())
        cli("ingest", write(tmp_path, "b.shn", second), "--db", str(db))
    assert _sessions(db) == [("Friday Phone Club  / 2026.12.04", "Friday Phone Club "),
                             ("Friday Phone Club / 2026.12.04", "Friday Phone Club")]
    r = cli("ingest", write(tmp_path, "b.shn", second), "--db", str(db))
    assert "0 stored, 2 duplicates" in r.output, r.output
    assert "b.shn:2:1: warning W-TAG-SPACES: [Event 'Friday Phone Club '] ends in a space" in r.output, r.output
    assert "shead void 'Friday Phone Club  / 2026.12.04' --session" in r.output
    # hand 5, Al picks alone (no partner), 31: a loss not schneidered, 1 a defender doubled on the bump (B-32):
    # Al -2 x 4 = -8, the others +2 each; it continues the stored second half
    five = second + "\nhand 5  dealer Ed\npick Al  alone  pts 31  lose\n"
    r = cli("ingest", write(tmp_path, "b.shn", five), "--db", str(db))
    assert "1 stored, 2 duplicates" in r.output, r.output
    assert [s for s, _ in _sessions(db)] == ["Friday Phone Club  / 2026.12.04", "Friday Phone Club / 2026.12.04"]
    assert ledger(db) == {p: v + (-8 if p == "Al Berg" else 2) for p, v in NIGHT.items()}
    # an amendment of the file (hand 3 counted again, 95: a schneider, rules.md B-28: Bea 2 x 2 = +4, Cy +2, the
    # defenders -2, one more unit each way than the plain win) amends the stored session's hand
    r = cli("ingest", "--amend", write(tmp_path, "am.shn", five.replace("pts 70  win", "pts 95  win-s")), "--db",
            str(db))
    assert "Friday Phone Club  / 2026.12.04#3 (hand id 3): revision 2 in force" in r.output, r.output
    more = {"Al Berg": -1, "Bea Koch": 2, "Cy Lutz": 1, "Di Marx": -1, "Ed Nolte": -1}
    assert ledger(db) == {p: v + (-8 if p == "Al Berg" else 2) + more[p] for p, v in NIGHT.items()}
    # the fix the warning gives: void the old session, ingest again: one night under the trimmed name
    cli("void", "Friday Phone Club  / 2026.12.04", "--session", "--reason", "end space", "--db", str(db))
    r = cli("ingest", write(tmp_path, "b.shn", five), "--db", str(db))
    assert "3 stored" in r.output and "W-TAG-SPACES" not in r.output, r.output
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands h JOIN sessions s USING (session_id) "
                           "WHERE s.session = 'Friday Phone Club / 2026.12.04'").fetchone() == (5,)
    assert ledger(db) == {p: v + (-8 if p == "Al Berg" else 2) for p, v in NIGHT.items()}
