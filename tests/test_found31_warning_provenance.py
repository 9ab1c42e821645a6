"""Session 31 (fixf31): metrics31's finding F4 -- a stored warning keeps its file and line after a rederive.

metrics31/probe.shn's hand 1 (a card log) writes ``pts ^61`` at line 23, column 18: agreed at the table against the
cards' 59 (``W-AGREED``; rules.md B-28: the card points of the picker's side).  Stored, its warning names
``probe.shn:23:18``.  An amendment of hand 5 re-derives the session (its carry: rules.md D-11, D-12) and the warning
became ``<rederive Probe Club / 2026.12.03>:23:18``; a void of hand 3 made it ``<rederive …>:24:18`` -- line 24 of
probe.shn is hand 1's score line.  design.md §7: a warning says file, line and column.  A hand not itself amended
keeps the place it was read at: ``probe.shn:23:18`` through any amend, void or ``shead rederive`` of its session.

Line numbers worked by hand from the record below: line 1 ``%SHN 1.0``, tags on 2-5, a blank 6, ``hand 1`` on 7,
five deal lines 8-12, blind 13, pick 14, bury 15, call 16, tricks 17-22, ``partner Dee  pts ^61 …`` on 23 (``pts``
at column 14, its value ``^61`` at column 18), score on 24.
"""

from __future__ import annotations

import json

from ingest.store import reading
from tests.cli_helpers import cli, write

PROBE = """%SHN 1.0
[Event "Probe Club"]
[Date "2026.12.03"]
[Seats "Ann=Ann Kraus; Bob=Bob Lenz; Cal=Cal Ruiz; Dee=Dee Voss; Eve=Eve Marsh"]
[Rules "wi5-called-ace"]

hand 1  dealer Eve
deal Ann QS JD 9C 7S TH 8H
deal Bob QC JC AD TD KC 9S
deal Cal QH JH 8D AC 8C KH
deal Dee QD KD 7D AH 7C TS
deal Eve JS 9D TC KS 8S 9H
blind AS 7H
pick Bob
bury AS KC
call AH
t1 Ann: 9C TD 8C 7C TC
t2 Bob: QC 8D KD 9D JD
t3 Bob: 7H KH AH 9H 8H
t4 Dee: QD JS QS JC QH
t5 Ann: TH AD JH 7D KS
t6 Cal: AC TS 8S 7S 9S
partner Dee  pts ^61  tricks 3  win
score Ann -1 Bob +2 Cal -1 Dee +1 Eve -1

hand 2  dealer Ann
pick Cal  call AS  partner Eve
score Ann -2 Bob -2 Cal +4 Dee -2 Eve +2

hand 3  dealer Bob
pick Dee  alone
score Ann -3 Bob -3 Cal -3 Dee +12 Eve -3

hand 4  dealer Cal
leaster -

hand 5  dealer Dee
pick Bob
score Ann -1 Bob +2 Cal +1 Dee -1 Eve -1
"""
AMEND = """%SHN 1.0
[Event "Probe Club"]
[Date "2026.12.03"]
[Seats "Ann=Ann Kraus; Bob=Bob Lenz; Cal=Cal Ruiz; Dee=Dee Voss; Eve=Eve Marsh"]
[Rules "wi5-called-ace"]

hand 5  dealer Dee
pick Bob  call AS  partner Cal  pts 70  win
score Ann -1 Bob +2 Cal +1 Dee -1 Eve -1
"""
assert PROBE.splitlines()[22] == "partner Dee  pts ^61  tricks 3  win"  # line 23
assert PROBE.splitlines()[22].index("^61") + 1 == 18  # column 18


def _stored(db, hand: int) -> list[str]:
    with reading(db) as con:
        (w,) = con.execute("SELECT warnings FROM hands WHERE session = 'Probe Club / 2026.12.03' AND hand = ?",
                           [hand]).fetchone()
    return json.loads(w)


def test_a_warning_keeps_its_file_line_and_column_through_amend_void_and_rederive(tmp_path):
    db = str(tmp_path / "probe.duckdb")
    probe = write(tmp_path, "probe.shn", PROBE)
    cli("ingest", probe, "--db", db)
    want = f"{probe}:23:18: warning W-AGREED (hand 1): pts ^61 agreed at the table; the cards give 59"
    assert _stored(db, 1) == [want]
    cli("ingest", "--amend", write(tmp_path, "amendp5.shn", AMEND), "--db", db)
    assert _stored(db, 1) == [want]
    cli("void", "Probe#3", "--reason", "dealt at the other table", "--db", db)
    assert _stored(db, 1) == [want]
    assert f"Warning: {want}" in " ".join(cli("replay", "1", "--db", db).output.split())
    cli("rederive", "--db", db)
    assert _stored(db, 1) == [want]


HEAD = """%SHN 1.0
[Event "Gap"]
[Date "2026.12.09"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]
"""


def test_a_warning_a_rederive_finds_is_stored_at_the_hands_own_file_and_line(tmp_path):
    """g1.shn stores hands 1 and 3 (hand 3 ``dealer Eve`` on its line 10, ``Eve`` at column 16); g2.shn adds hand 2
    dealt by Bob, so Cal deals hand 3 by the rotation (rules.md B-1): hand 3's new W-SESSION-DEALER is stored at
    g1.shn:10:16, where it is written, not at the re-read text's place."""
    db = str(tmp_path / "gap.duckdb")
    g1 = write(tmp_path, "g1.shn", HEAD + "\nhand 1  dealer Ann\npick Cal  call AS  partner Eve  pts 70  win\n"
               "\nhand 3  dealer Eve\npick Cal  call AS  partner Eve  pts 70  win\n")
    assert open(g1).read().splitlines()[9] == "hand 3  dealer Eve"
    cli("ingest", g1, "--db", db)
    cli("ingest", write(tmp_path, "g2.shn", HEAD + "\nhand 2  dealer Bob\npick Cal  call AS  partner Eve  pts 70  win\n"),
        "--db", db)
    with reading(db) as con:
        (w,) = con.execute("SELECT warnings FROM hands WHERE hand = 3").fetchone()
    (got,) = json.loads(w)
    assert got.startswith(f"{g1}:10:16: warning W-SESSION-DEALER (hand 3): hand 3: dealer Eve, but hand 2's dealer "
                          "was Bob"), got
