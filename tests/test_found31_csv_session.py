"""Session 31, fixd31 (verify30 F6, left in session 30): two messages of a CSV sheet continuing a stored night.

1. ``shead ingest --columns session=NAME sheet.csv`` where NAME is a stored session voided whole (``shead void NAME
   --session``) said "no stored session of hands is named NAME" -- as if the name were mistyped.  It now says the
   session was voided (its hands, when, why) and what to do: bring its hands back (``shead ingest --amend``, a new
   text for each, docs/storage.md "A voided hand is amended back into force") or name another session; nothing read.

2. ``W-CSV-SESSION`` (a sheet naming no session whose date and seats are a stored night's) gives the commands that
   make its hands that night's next ones, but left out the ``--db PATH`` the user gave: pasted as is, they voided and
   ingested against the default database.  Both commands now carry ``--db``, and pasted as printed they work.

The night (rules.md, wi5-called-ace), seats Al Bea Cy Di Ed clockwise:
 hand 1, dealer Al: Cy picks, calls AS, partner Ed, 72: a plain win (B-28 61..90): Cy +2, Ed +1, Al/Bea/Di -1 (B-31).
 hand 2, dealer Bea: Di alone, 93: a schneider win (B-28 91..120, x2), alone four shares (B-31): Di +8, others -2.
 the sheet's row, dealer Cy: Bea picks, calls AC, partner Al, 59: a plain loss (B-28 31..60) doubled on the bump
   (B-32): Bea -4, Al -2, Cy/Di/Ed +2.  Sum -4 -2 +6 = 0 (B-35).
Totals over the three hands (B-35, each hand sums to 0):
 Allen Braun -1 -2 -2 = -5; Bea Schmidt -1 -2 -4 = -7; Cy Ott +2 -2 +2 = +2; Di Lenz -1 +8 +2 = +9; Ed Kahl +1 -2 +2
 = +1; sum -5 -7 +2 +9 +1 = 0.
"""

from __future__ import annotations

import shlex

import duckdb

from tests.cli_helpers import cli, ledger, write

NIGHT = """%SHN 1.0
[Event "Thursday Club"]
[Date "2026.03.05"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Cy  call AS  partner Ed  pts 72  win

hand 2  dealer Bea
pick Di  alone  pts 93  win-s
"""
SESSION = "Thursday Club / 2026.03.05"
REST = """Date,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed
2026-03-05,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2
"""


def test_session_named_voided_whole_says_voided_and_what_to_do(tmp_path):
    db = tmp_path / "club.duckdb"
    cli("ingest", "--db", str(db), write(tmp_path, "night.shn", NIGHT))
    cli("void", "--db", str(db), SESSION, "--session", "--reason", "wrong night")
    out = cli("ingest", "--db", str(db), "--columns", f"session={SESSION}", write(tmp_path, "rest.csv", REST),
              ok=False).output
    assert "E-CSV-SESSION" in out, out
    assert "no stored session" not in out, out
    text = " ".join(out.split())
    assert f"session {SESSION!r} was voided whole" in text, text
    assert "its 2 hands" in text and "'wrong night'" in text and "UTC" in text, text
    assert "--amend" in text and "another session" in text and "nothing read" in text, text
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (0,)  # nothing stored, nothing changed


def test_w_csv_session_commands_carry_the_db_and_paste_as_is(tmp_path):
    db = tmp_path / "club.duckdb"
    cli("ingest", "--db", str(db), write(tmp_path, "night.shn", NIGHT))
    sheet = write(tmp_path, "rest.csv", REST)
    out = cli("ingest", "--db", str(db), sheet).output
    text = " ".join(out.split())
    assert "W-CSV-SESSION" in text, text
    void_at = text.index("shead void ")
    ingest_at = text.index("shead ingest ", void_at)
    void_cmd = text[void_at:text.index(" (when", void_at)]
    ingest_cmd = text[ingest_at:text.index(" (on the Import page", ingest_at)]
    assert f"--db {shlex.quote(str(db))}" in void_cmd and f"--db {shlex.quote(str(db))}" in ingest_cmd, text
    # pasted as printed: the sheet's own session voided, then its row stored as the night's hand 3
    cli(*shlex.split(void_cmd)[1:])
    cli(*shlex.split(ingest_cmd)[1:])
    assert ledger(db) == {"Allen Braun": -5, "Bea Schmidt": -7, "Cy Ott": 2, "Di Lenz": 9, "Ed Kahl": 1}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT list(h.hand ORDER BY h.hand) FROM hands h JOIN sessions s USING (session_id) "
                           "WHERE s.session = ?", [SESSION]).fetchone() == ([1, 2, 3],)
