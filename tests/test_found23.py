"""Records brought in session 23 (the defects found by the outside testers of
session 22), each amount worked out by hand from rules.md before shead's
figure was read."""

from __future__ import annotations

import json

import duckdb

from tests.cli_helpers import cli, ledger, write


# -- A voided night sent again: "voided earlier", not "duplicates" (break22b F5) ----------------------------------

#: a per-hand score sheet of one night (wi5-called-ace, the default).  By hand (rules.md B-27, B-33): h1 Bob picks,
#: Dee partner, 61: a plain win, Bob +2, Dee +1, Ann, Cal, Eve -1; h2 Cal picks, Eve partner, 75: Cal +2, Eve +1,
#: Ann, Bob, Dee -1.  Totals Ann -2, Bob +1, Cal +1, Dee 0, Eve 0 (zero-sum)
NIGHT = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve
2026-11-19,1,Eve,Bob,Dee,AH,61,W,-1,2,-1,1,-1
2026-11-19,2,Ann,Cal,Eve,AH,75,W,-1,-1,2,-1,1
"""


def test_a_voided_sheet_sent_again_is_said_voided_not_duplicates(tmp_path):
    db = tmp_path / "v.duckdb"
    path = write(tmp_path, "night.csv", NIGHT)
    cli("ingest", path, "--db", str(db))
    assert ledger(db) == {"Ann": -2, "Bob": 1, "Cal": 1, "Dee": 0, "Eve": 0}
    r = cli("void", "CSV night 2026-11-19", "--session", "--reason", "a practice night", "--db", str(db))
    assert "CSV night 2026-11-19#1 (hand id 1): voided (revision 2): a practice night" in r.output
    assert ledger(db) == {}
    r = cli("ingest", path, "--db", str(db))
    out = r.output.replace("\n", " ")
    # it said "0 stored, 2 duplicates, 0 rejected": the two hands are voided ones, not stored ones
    assert "night.csv: 0 stored, 0 duplicates, 2 voided earlier (not stored again), 0 rejected" in out, r.output
    assert "night.csv:2:1: warning W-HAND-VOIDED: 2 hands (1-2) of session 'CSV night 2026-11-19': voided on " in out
    assert "UTC (a practice night): not stored again" in out
    assert "total: 0 stored, 0 duplicates (already stored), 2 voided earlier (not stored again), 0 rejected" in out
    assert ledger(db) == {}  # a voided text stays voided
    body = json.loads(cli("ingest", path, "--db", str(db), "--json").stdout)
    assert (body["ingested"], body["duplicates"], body["voided"]) == (0, 0, 2)
    assert [(w["code"], w["line"], w["col"]) for w in body["warnings"]] == [("W-HAND-VOIDED", 2, 1)]


SHN = """%SHN 1.0
[Event "Thursday"]
[Session "thu-1119"]
[Date "2026.11.19"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]

hand 1 dealer Eve
pick Bob call AH partner Dee pts 61 win

hand 2 dealer Ann
pick Cal call AH partner Eve pts 75 win

hand 3 dealer Bob
pick Dee call AS partner Ann pts 75 win
"""


def test_one_voided_hand_of_a_file_sent_again_beside_its_duplicates(tmp_path):
    """By hand (rules.md B-33): h1 Bob +2, Dee +1, Ann, Cal, Eve -1; h2 (voided) nothing; h3 Dee picks, Ann partner,
    75: Dee +2, Ann +1, Bob, Cal, Eve -1.  Totals Ann 0, Bob +1, Cal -2, Dee +3, Eve -2 (zero-sum).  Sent again: the
    two hands in force are duplicates, hand 2 (line 11) is voided earlier, at its own line."""
    db = tmp_path / "s.duckdb"
    path = write(tmp_path, "thu.shn", SHN)
    cli("ingest", path, "--db", str(db))
    cli("void", "thu-1119#2", "--reason", "misdeal noticed late", "--db", str(db))
    assert ledger(db) == {"Ann": 0, "Bob": 1, "Cal": -2, "Dee": 3, "Eve": -2}
    r = cli("ingest", path, "--db", str(db))
    out = r.output.replace("\n", " ")
    assert "thu.shn: 0 stored, 2 duplicates, 1 voided earlier (not stored again), 0 rejected" in out, r.output
    assert "thu.shn:11:1: warning W-HAND-VOIDED: hand 2 of session 'thu-1119': voided on " in out
    assert "(misdeal noticed late): not stored again" in out
    assert ledger(db) == {"Ann": 0, "Bob": 1, "Cal": -2, "Dee": 3, "Eve": -2}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand FROM hands ORDER BY hand").fetchall() == [(1,), (3,)]
