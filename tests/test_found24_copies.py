"""Records brought in session 24 (the defects the outside tester real24 found,
/tmp/s24/real24/FINDINGS.md), each amount worked out by hand from rules.md
before shead's figure was read."""

from __future__ import annotations

import json

import duckdb

from ingest.session_copies import result_copies
from tests.cli_helpers import cli, ledger, write

# -- real24 F2: the same night from two scorers, one hand scored otherwise ------------------------------------------

#: Ann's sheet of Thursday 5 November (wi5-called-ace: DOB on).  By hand (rules.md B-27, B-28, B-33 with DOB, I-1):
#: h1 Ann picks, Cal partner, 61: a plain win, Ann +2, Cal +1, Bob, Dee, Eve -1;
#: h2 Bob alone at 30: schneidered (B-28: 0-30), alone with DOB -16, each defender +4;
#: h3 Cal picks, Eve partner, 60: a loss (B-27: 60 loses), with DOB Cal -4, Eve -2, Ann, Bob, Dee +2;
#: h4 a leaster Dee wins: Dee +4, the others -1.
#: Totals Ann 2+4+2-1 = 7, Bob -1-16+2-1 = -16, Cal 1+4-4-1 = 0, Dee -1+4+2+4 = 9, Eve -1+4-2-1 = 0 (zero-sum).
SHEET = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve
2026-11-05,1,Eve,Ann,Cal,AS,61,W,,2,-1,1,-1,-1
2026-11-05,2,Ann,Bob,,alone,30,L,,4,-16,4,4,4
2026-11-05,3,Bob,Cal,Eve,AH,60,L,,2,2,-4,2,-2
2026-11-05,4,Cal,,,,,,Dee,-1,-1,-1,4,-1
"""
ANN = {"Ann": 7, "Bob": -16, "Cal": 0, "Dee": 9, "Eve": 0}

#: Dee's SHN of the same night: the same dealers and pickers, hand 3 written pts 62 win.  By hand: h3 a plain win
#: at 62 (B-27: 61 or more), Cal +2, Eve +1, Ann, Bob, Dee -1; the other hands as Ann's.  Totals Ann 2+4-1-1 = 4,
#: Bob -1-16-1-1 = -19, Cal 1+4+2-1 = 6, Dee -1+4-1+4 = 6, Eve -1+4+1-1 = 3 (zero-sum).
DEE = """%SHN 1.0
[Event "Thursday League (Dee scoring)"]
[Date "2026.11.05"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]

hand 1  dealer Eve
pick Ann  call AS  partner Cal  pts 61  win

hand 2  dealer Ann
pick Bob  alone  pts 30  lose-s

hand 3  dealer Bob
pick Cal  call AH  partner Eve  pts 62  win

hand 4  dealer Cal
leaster Dee
"""
DEES = {"Ann": 4, "Bob": -19, "Cal": 6, "Dee": 6, "Eve": 3}
SHEET_ID = "CSV nov5 2026-11-05"
SHN_ID = "Thursday League (Dee scoring) / 2026.11.05"

#: hand 3 as each scorer has it, the picker, the partner, then the defenders in seat order (worked above)
AS_60 = "lose at 60 (Cal -4, Eve -2, Ann +2, Bob +2, Dee +2)"
AS_62 = "win at 62 (Cal +2, Eve +1, Ann -1, Bob -1, Dee -1)"


def _both(a, b):
    return {k: a[k] + b[k] for k in a}


def test_a_night_from_two_scorers_that_differ_in_one_hand_is_named_with_the_hand(tmp_path):
    """real24 F2: both copies stored without a word, the ledger counting the night twice (the sum of the two
    scorers' totals: Ann 7+4 = 11, Bob -16-19 = -35, Cal 0+6 = 6, Dee 9+6 = 15, Eve 0+3 = 3).  Both are still stored
    (two tables may play the same deals), with W-SESSION-DIFFERS at the file's 1:1 naming hand 3, each copy's result
    of it, and the commands; voiding Dee's copy as it says leaves Ann's night."""
    db = tmp_path / "twice.duckdb"
    cli("ingest", write(tmp_path, "nov5.csv", SHEET), "--db", str(db))
    assert ledger(db) == ANN
    r = cli("ingest", write(tmp_path, "nov5_scorer2.shn", DEE), "--db", str(db))
    out = " ".join(r.output.split())
    assert "nov5_scorer2.shn: 4 stored, 0 duplicates, 0 rejected" in out
    assert "W-SESSION-COPY" not in out  # the copies do not agree result for result
    assert (f"nov5_scorer2.shn:1:1: warning W-SESSION-DIFFERS: session '{SHN_ID}', just stored, and session "
            f"'{SHEET_ID}' (stored from {tmp_path / 'nov5.csv'}) look like one night from two scorers: the same date and players, "
            "4 hands each with the same dealers and pickers, 3 of them alike result for result, but 1 scored "
            f"otherwise: hand 3 (dealer Bob, Cal picked): here {AS_62}, stored {AS_60}. Both are stored, so every "
            "total now counts the night twice.") in out, out
    assert (f"void one copy (shead void '{SHN_ID}' --session --reason 'a copy', or shead void '{SHEET_ID}' "
            "--session --reason 'a copy'), then correct the kept copy's hand 3 if wrong (shead export --format shn "
            "--out night.shn, correct the hand there") in out
    assert "then shead ingest --amend night.shn); if two tables played these deals, keep both" in out
    assert ledger(db) == _both(ANN, DEES) == {"Ann": 11, "Bob": -35, "Cal": 6, "Dee": 15, "Eve": 3}
    cli("void", SHN_ID, "--session", "--reason", "a copy", "--db", str(db))
    assert ledger(db) == ANN


def test_the_sheet_sent_after_the_shn_is_named_too_and_said_in_json(tmp_path):
    """The other order: Dee's SHN first, Ann's sheet second; the warning is the sheet's, hand 3 "here" lose at 60
    and "stored" win at 62.  In --json it is one warning, its code, line 1, column 1."""
    db = tmp_path / "twice.duckdb"
    cli("ingest", write(tmp_path, "nov5_scorer2.shn", DEE), "--db", str(db))
    assert ledger(db) == DEES
    path = write(tmp_path, "nov5.csv", SHEET)
    body = json.loads(cli("ingest", path, "--db", str(db), "--json").stdout)
    assert body["ingested"] == 4
    [w] = [w for w in body["warnings"] if w["code"].startswith("W-SESSION")]
    assert (w["code"], w["line"], w["col"]) == ("W-SESSION-DIFFERS", 1, 1)
    assert f"hand 3 (dealer Bob, Cal picked): here {AS_60}, stored {AS_62}" in w["message"]
    assert (w["found"], w["expected"]) == (SHEET_ID, SHN_ID)
    assert ledger(db) == _both(ANN, DEES)


def _shn(event: str, hands: str) -> str:
    return ('%SHN 1.0\n[Event "' + event + '"]\n[Date "2026.11.05"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
            '[Rules "wi5-called-ace"]\n\n' + hands)


#: four hands; by hand (B-33, DOB): h1 Ann+Cal 61 win: Ann +2, Cal +1, others -1; h2 Bob+Dee 75 win: Bob +2, Dee +1,
#: others -1; h3 Cal+Eve 60 lose: Cal -4, Eve -2, others +2; h4 Dee+Ann 80 win: Dee +2, Ann +1, others -1.
#: Totals Ann 2-1+2+1 = 4, Bob -1+2+2-1 = 2, Cal 1-1-4-1 = -5, Dee -1+1+2+2 = 4, Eve -1-1-2-1 = -5 (zero-sum)
FOUR = ("hand 1  dealer Eve\npick Ann  call AS  partner Cal  pts 61  win\n\n"
        "hand 2  dealer Ann\npick Bob  call AS  partner Dee  pts 75  win\n\n"
        "hand 3  dealer Bob\npick Cal  call AH  partner Eve  pts 60  lose\n\n"
        "hand 4  dealer Cal\npick Dee  call AC  partner Ann  pts 80  win\n")
FOURS = {"Ann": 4, "Bob": 2, "Cal": -5, "Dee": 4, "Eve": -5}


def test_another_sitting_with_other_pickers_is_not_named(tmp_path):
    """A second sitting of the same players that day whose hand 2 Eve picked (not Bob) is no copy: nothing said.
    By hand: h2 Eve+Dee 75 win: Eve +2, Dee +1, others -1, so its totals are Ann 4, Bob 2-3 = -1, Cal -5,
    Dee 4, Eve -5+3 = -2; with the first, Ann 8, Bob 1, Cal -10, Dee 8, Eve -7."""
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "a.shn", _shn("Early", FOUR)), "--db", str(db))
    assert ledger(db) == FOURS
    r = cli("ingest", write(tmp_path, "b.shn", _shn("Late", FOUR.replace("pick Bob  call AS", "pick Eve  call AS"))),
            "--db", str(db))
    assert "W-SESSION" not in r.output, r.output
    assert ledger(db) == {"Ann": 8, "Bob": 1, "Cal": -10, "Dee": 8, "Eve": -7}


def test_a_copy_alike_result_for_result_is_said_once_as_a_copy(tmp_path):
    """The same four hands under another Event: W-SESSION-COPY (text for text), and no W-SESSION-DIFFERS beside
    it; the ledger counts them twice until one is voided (2 x FOURS)."""
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "a.shn", _shn("Thursday", FOUR)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "b.shn", _shn("Thursday League", FOUR)), "--db", str(db))
    out = " ".join(r.output.split())
    assert out.count("W-SESSION-COPY") == 1 and "W-SESSION-DIFFERS" not in out, out
    assert ledger(db) == {k: 2 * v for k, v in FOURS.items()}


def test_two_hands_of_four_scored_otherwise_are_both_named_and_two_of_three_are_not(tmp_path):
    """Hands 3 and 4 written otherwise (3: pts 62 win; 4: pts 91 win, a schneider, B-28) are both named, the
    partner unsaid (it is the same).  By hand: h3 at 62 Cal +2, Eve +1, Ann, Bob, Dee -1; h4 at 91 Dee +4, Ann +2,
    Bob, Cal, Eve -2.  A three-hand night with two of its three hands otherwise has one hand alike, fewer than
    MIN_ALIKE_HANDS (2): nothing said, it may be another night of those pickers."""
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "a.shn", _shn("Thursday", FOUR)), "--db", str(db))
    other = FOUR.replace("pts 60  lose", "pts 62  win").replace("pts 80  win", "pts 91  win-s")
    r = cli("ingest", write(tmp_path, "b.shn", _shn("Thursday (Dee)", other)), "--db", str(db))
    out = " ".join(r.output.split())
    assert "4 hands each with the same dealers and pickers, 2 of them alike result for result, but 2 scored " \
           "otherwise: hand 3 (dealer Bob, Cal picked): here win at 62 (Cal +2, Eve +1, Ann -1, Bob -1, Dee -1), " \
           "stored lose at 60 (Cal -4, Eve -2, Ann +2, Bob +2, Dee +2); hand 4 (dealer Cal, Dee picked): here win-s " \
           "at 91 (Dee +4, Ann +2, Bob -2, Cal -2, Eve -2), stored win at 80 (Dee +2, Ann +1, Bob -1, Cal -1, Eve " \
           "-1)." in out, out
    assert "correct the kept copy's hands 3, 4 if wrong" in out
    three = FOUR.split("\n\nhand 4")[0] + "\n"
    db2 = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "c.shn", _shn("Thursday", three)), "--db", str(db2))
    r = cli("ingest", write(tmp_path, "d.shn", _shn("Thursday (Dee)", three.replace("pts 60  lose", "pts 62  win")
                                                     .replace("pts 61  win", "pts 91  win-s"))), "--db", str(db2))
    assert "W-SESSION" not in r.output, r.output


class _Counting:
    """A connection that keeps the SQL it is given."""

    def __init__(self, con):
        self.con, self.sql = con, []

    def execute(self, sql, *args):
        self.sql.append(sql)
        return self.con.execute(sql, *args)


def test_the_check_reads_hands_only_of_a_twin_with_the_same_picks(tmp_path):
    """docs/storage.md "Costs that do not grow with the database": the check reads `sessions`, then the summary
    rows, and the hands only of a pair of one date and players whose players picked as often each.  Early and Late
    above (Bob's pick of hand 2 Eve's in Late) differ in Bob's and Eve's picks (1/0 against 0/1): no query on
    `hands`; Dee's copy picks as Ann's sheet does, and its hands are read (the one query on `hands`)."""
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "a.shn", _shn("Early", FOUR)), "--db", str(db))
    cli("ingest", write(tmp_path, "b.shn", _shn("Late", FOUR.replace("pick Bob  call AS", "pick Eve  call AS"))),
        "--db", str(db))
    with duckdb.connect(str(db), read_only=True) as con:
        counting = _Counting(con)
        assert result_copies(counting, 1, "b.shn") == []
        assert not [s for s in counting.sql if "FROM hands" in s], counting.sql
    db2 = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nov5.csv", SHEET), "--db", str(db2))
    cli("ingest", write(tmp_path, "nov5_scorer2.shn", DEE), "--db", str(db2))
    with duckdb.connect(str(db2), read_only=True) as con:
        counting = _Counting(con)
        [d] = result_copies(counting, 1, "nov5_scorer2.shn")
        assert (d.code, d.line, d.col, d.found) == ("W-SESSION-DIFFERS", 1, 1, SHN_ID)
        assert len([s for s in counting.sql if "FROM hands" in s]) == 1

