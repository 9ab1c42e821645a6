"""fixit32 F3: amending one hand of a session voided whole brought that hand back, the deal then in force in two
nights (the tester: Cy +19 over 9 hands in 2 sessions), with "it was voided: it is back" and no word that the
session was voided whole or where the hand's deal is in force now.

Chosen with docs/storage.md "Corrections" (a voided hand is amended back into force by a new text) and the CSV
path's E-CSV-SESSION (a session voided whole: "bring its hands back first, a text for each voided hand"): an
amendment that brings back SOME hands of a session voided whole is refused, nothing changed
(``E-AMEND-SESSION-VOIDED``), saying the session was voided whole (when, why), where the hand's deal is in force
now (the other session's hand), and the two ways on: amend it there, or bring the whole session back (a text for
every voided hand, in one file).  An amendment that brings every voided hand of it back is as before.

The night is tests/test_found32_copy_seats.py's (hand-worked there: Al +7, Bea -21, Cy +8, Di +19, Jon Kahl -12,
John Kahl -1), stored under 2026.12.03, then under 2026.12.04 (its export, the date corrected), and the 12.03 night
voided whole: the ledger is the night once.  Hand 2 corrected from "pts 60 lose" to "pts 62 win" (rules.md B-27:
62 wins; B-33 picker 2, partner 1, each defender 1): Cy +2, Ed +1, Al Bea Di -1, where it was Cy -4, Ed -2,
Al Bea Di +2 (B-32): a change of Al -3, Bea -3, Cy +6, Di -3, Ed (Jon Kahl) +3.  Amended in the night in force:
Al +4, Bea -24, Cy +14, Di +16, Jon Kahl -9, John Kahl -1 (zero-sum: 4-24+14+16-9-1 = 0).
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write
from tests.test_found32_copy_seats import EXPORT_0412, NIGHT, ONCE

OLD = "Tuesday Legion Sheepshead / 2026.12.03 / 1"
NEW = "Tuesday Legion Sheepshead / 2026.12.04 / 1"
HEAD_03 = EXPORT_0412.split("\nhand 1 ")[0].replace("2026.12.04", "2026.12.03") + "\n"
HAND_2 = "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 62  win\n"


def _moved(tmp_path):
    db = tmp_path / "m.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    cli("ingest", write(tmp_path, "moved.shn", EXPORT_0412), "--db", str(db))
    cli("void", OLD, "--session", "--reason", "mistyped date", "--db", str(db))
    assert ledger(db) == ONCE
    return db


def test_one_hand_of_a_session_voided_whole_is_not_brought_back_alone(tmp_path):
    db = _moved(tmp_path)
    fix = write(tmp_path, "av.shn", HEAD_03 + HAND_2)
    r = cli("ingest", "--amend", fix, "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    assert "E-AMEND-SESSION-VOIDED" in r.output, r.output
    assert f"{fix}:10:" in r.output  # the hand's line in the amendment
    assert f"session {OLD!r} was voided whole (its 8 hands, shead void --session" in r.output, r.output
    assert "'mistyped date'" in r.output
    assert f"its deal is in force as hand 2 of session {NEW!r}" in r.output, r.output
    assert f"amend it there (write it under [Session \"{NEW}\"]" in r.output
    assert "a text for every voided hand of it (hands 1-8)" in r.output
    assert "it is back" not in r.output
    assert ledger(db) == ONCE  # nothing changed
    # the way the message gives: the hand amended in the night in force
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", EXPORT_0412.split("\nhand 1 ")[0] + "\n\n" + HAND_2),
            "--db", str(db))
    assert f"{NEW}#2 (hand id 10): revision 2 in force" in r.output, r.output
    right = {"Al Braun": 4, "Bea Schmidt": -24, "Cy Ott": 14, "Di Lenz": 16, "Jon Kahl": -9, "John Kahl": -1}
    assert ledger(db) == right and sum(right.values()) == 0


def test_a_hand_of_a_session_voided_whole_whose_deal_no_other_night_holds_comes_back_said_so(tmp_path):
    """break29b F7 kept: a night voided whole (no copy of it elsewhere), one hand of it amended back, counts that
    hand once; the amendment now says the session was voided whole and which hands stay voided.  Hand 2 (Cy with
    Ed, 62: a win, B-27/B-33): Cy +2, Ed +1, Al Bea Di -1 -- the whole ledger, the night's other hands voided."""
    db = tmp_path / "w.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    cli("void", OLD, "--session", "--reason", "sent wrong", "--db", str(db))
    r = cli("ingest", "--amend", write(tmp_path, "av.shn", HEAD_03 + HAND_2), "--db", str(db))
    assert "it was voided: it is back" in r.output, r.output
    assert (f"note: session {OLD!r} was voided whole (8 hands); the hands 1, 3, 4, 5, 6, 7, 8 of it stay voided"
            in r.output), r.output
    assert ledger(db) == {"Al Braun": -1, "Bea Schmidt": -1, "Cy Ott": 2, "Di Lenz": -1, "Jon Kahl": 1}
