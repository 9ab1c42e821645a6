"""A hand re-derived because an earlier hand of its session was stored,
amended or voided keeps, in its history, what it counted for before
(``shead history``; a tester's finding: a hand re-derived from stake 2 to
stake 1 by a void showed only stake 1, as though counted so from its ingest).

Worked by hand under ``wi5-called-ace; noPick=doubler`` (rules.md B-31, D-11,
D-12: a plain called-ace win pays the picker 2, the partner 1, each defender
-1, times the stake; after a doubler the next hand is at x2):

* hand 1: Al picks, calls the ace of hearts, Bea is the partner, 65 points
  win: Al +2, Bea +1, Cy Di Ed -1;
* hand 2: a doubler (every seat 0);
* hand 3 at x2: Cy picks, calls the ace of spades, Ed is the partner, 72
  points win: Cy +4, Ed +2, Al Bea Di -2.

Voiding hand 2 leaves hand 3 at x1: Cy +2, Ed +1, Al Bea Di -1.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ingest.cli import app

runner = CliRunner()
NIGHT = ('%SHN 1.0\n[Event "Fri"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
         '[Rules "wi5-called-ace; noPick=doubler"]\n\n'
         "hand 1  dealer Ed\npick Al  call AH  partner Bea  pts 65  win\n\n"
         "hand 2  dealer Al\ndoubler\n\n"
         "hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win\n")
X2 = {"Al": -2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": 2}
X1 = {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def night(tmp_path):
    f, db = tmp_path / "fri.shn", tmp_path / "x.duckdb"
    f.write_text(NIGHT)
    assert runner.invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 0
    return db


def history(db, hand: str) -> dict:
    r = runner.invoke(app, ["history", hand, "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_a_void_that_moves_a_later_stake_is_in_the_later_hands_history(tmp_path):
    db = night(tmp_path)
    assert len(history(db, "Fri#3")["revisions"]) == 1  # never corrected, never re-derived: its ingest alone
    r = runner.invoke(app, ["void", "Fri#2", "--reason", "nobody passed", "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert "1 later hand(s) of the session re-derived (stake/pot)" in r.stdout
    got = history(db, "Fri#3")
    revs = got["revisions"]
    assert [(x["revision"], x["action"], x["in_force"]) for x in revs] == [(1, "ingest", False),
                                                                          (2, "rederive", True)]
    assert revs[0]["outcome"]["stake"] == 2 and revs[0]["outcome"]["units"] == X2  # what it counted for first
    assert revs[1]["outcome"]["stake"] == 1 and revs[1]["outcome"]["units"] == X1  # and counts for now
    assert revs[1]["reason"] == "re-derived: hand 2 of the session voided (nobody passed)"
    assert revs[1]["source"] == revs[0]["source"]  # the same text
    text = runner.invoke(app, ["history", "Fri#3", "--db", str(db)]).stdout
    assert "r1  ingest" in text and "counted: stake 2  win  picker Cy, partner Ed  Al -2 Bea -2 Cy +4 Di -2 Ed +2" in text
    assert "r2  rederive" in text and "(in force)" in text and "Al -1 Bea -1 Cy +2 Di -1 Ed +1" in text
    # hand 1 came before the void: untouched
    assert len(history(db, "Fri#1")["revisions"]) == 1
    # the file ingested again adds nothing: hand 2's text is a voided revision, hands 1 and 3 are stored
    f = tmp_path / "fri.shn"
    r = runner.invoke(app, ["ingest", str(f), "--db", str(db)])
    assert "total: 0 stored, 2 duplicates (already stored), 1 voided earlier (not stored again), 0 rejected hand(s)" \
        in " ".join(r.stdout.split())  # hand 2 is voided, not stored: no duplicate (break22b F5)


def test_an_amend_that_unmakes_the_doubler_is_in_the_later_hands_history(tmp_path):
    db = night(tmp_path)
    # hand 2 was played after all: Di picks, calls the ace of clubs, Al is the partner, 61 points win, at x1
    # (hand 1 was no doubler): Di +2, Al +1, Bea Cy Ed -1; hand 3 is then at x1: Cy +2, Ed +1, the rest -1
    amend = tmp_path / "a.shn"
    amend.write_text('%SHN 1.0\n[Event "Fri"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
                     '[Rules "wi5-called-ace; noPick=doubler"]\n\n'
                     "hand 2  dealer Al\npick Di  call AC  partner Al  pts 61  win\n")
    r = runner.invoke(app, ["ingest", "--amend", str(amend), "--reason", "it was played", "--db", str(db)])
    assert r.exit_code == 0, r.output
    revs2 = history(db, "Fri#2")["revisions"]
    assert [x["action"] for x in revs2] == ["ingest", "amend"]
    assert revs2[1]["outcome"]["units"] == {"Al": 1, "Bea": -1, "Cy": -1, "Di": 2, "Ed": -1}
    revs3 = history(db, "Fri#3")["revisions"]
    assert [(x["action"], x["outcome"]["stake"], x["outcome"]["units"]) for x in revs3] == [
        ("ingest", 2, X2), ("rederive", 1, X1)]
    assert revs3[1]["reason"] == "re-derived: hand 2 of the session amended (it was played)"


def test_an_earlier_hand_stored_later_is_in_the_later_hands_history(tmp_path):
    # hand 3 stored first: hands 1 and 2 unknown, so x1 (Cy +2, Ed +1, the rest -1, with W-SESSION-GAP); then
    # hands 1 and 2 arrive: the doubler puts hand 3 at x2 (Cy +4, Ed +2, the rest -2)
    head, h12, h3 = NIGHT.split("hand 1")[0], "hand 1" + NIGHT.split("hand 1")[1].split("hand 3")[0], \
        "hand 3" + NIGHT.split("hand 3")[1]
    later, earlier, db = tmp_path / "b.shn", tmp_path / "a.shn", tmp_path / "x.duckdb"
    later.write_text(head + h3)
    earlier.write_text(head + h12)
    assert runner.invoke(app, ["ingest", str(later), "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["ingest", str(earlier), "--db", str(db)]).exit_code == 0
    revs3 = history(db, "Fri#3")["revisions"]
    assert [(x["action"], x["outcome"]["stake"], x["outcome"]["units"]) for x in revs3] == [
        ("ingest", 1, X1), ("rederive", 2, X2)]
    assert revs3[1]["reason"] == f"re-derived: {earlier} stored earlier hands of the session"


def test_a_sheet_continuing_a_stored_sitting_adds_no_rederive(tmp_path):
    # break15: a CSV sheet of hand 3 only, same players and date as a stored sheet of hands 1-2, is one sitting;
    # its hand's group becomes the stored sitting's when the session is re-read, which is no change of what it
    # counts for. By hand (rules.md B-27, B-28, B-31): hand 1 Bob picks, 75 points win with Cal: Bob +2, Cal +1,
    # the rest -1; hand 2 Cal picks, 40 points lose with Dot (no schneider: 40 > 30): Cal -4, Dot -2, the rest
    # +2; hand 3 Eve picks, 45 points lose with Ann: Eve -4, Ann -2, the rest +2. Totals: Ann -1, Bob +6, Cal -1,
    # Dot -1, Eve -3.
    one, two, db = tmp_path / "t1.csv", tmp_path / "t1b.csv", tmp_path / "x.duckdb"
    head = "Date,Hand,Picker,Call,Partner,Points,Result,Ann,Bob,Cal,Dot,Eve\n"
    one.write_text(head + "2026-12-02,1,Bob,AH,Cal,75,W,-1,2,1,-1,-1\n2026-12-02,2,Cal,AS,Dot,40,L,2,2,-4,-2,2\n")
    two.write_text(head + "2026-12-02,3,Eve,AS,Ann,45,L,-2,2,2,2,-4\n")
    assert runner.invoke(app, ["ingest", str(one), "--db", str(db)]).exit_code == 0
    r = runner.invoke(app, ["ingest", str(two), "--db", str(db)])
    assert r.exit_code == 0 and "re-derived" not in r.stdout, r.output
    assert [x["action"] for x in history(db, "CSV t1 2026-12-02#3")["revisions"]] == ["ingest"]
    got = {row["player"]: row["total"] for row in json.loads(runner.invoke(app, ["ledger", "--db", str(db),
                                                                                "--json"]).stdout)}
    assert got == {"Ann": -1, "Bob": 6, "Cal": -1, "Dot": -1, "Eve": -3}
