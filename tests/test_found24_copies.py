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


# -- real24 F6: E-HAND-CONFLICT of a re-sent hand with a note: each differing field said cleanly -----------------

#: the phone night (rules.md J: wi5-jack-of-diamonds; a doubler doubles the next hand, stacking multiplicatively,
#: D-11, D-12; DOB on, B-32).  By hand (B-33; the score lines are the table's, checked by the rules):
#: h1 Gus+Jo 72 win: Gus +2, Jo +1, others -1;  h2 Hank+Kurt cracked by Jo, 45 lose: x2 x DOB, Hank -8, Kurt -4,
#: defenders +4;  h3, h4 doublers;  h5 x4, Kurt+Gus 95 schneider: Kurt +16, Gus +8, defenders -8;
#: h6 Ione alone 58 lose, DOB: Ione -8, the four others +2;  h7 Jo+Hank, crack and recrack, 30 schneidered, DOB:
#: 2 x 2 x 2 x 2 = 16 a defender, Jo -32, Hank -16.
#: Totals Gus 2+4+8+2+16 = 32, Hank -1-8-8+2-16 = -31, Ione -1+4-8-8+16 = 3, Jo 1+4-8+2-32 = -33,
#: Kurt -1-4+16+2+16 = 29 (zero-sum).
NIGHT = """%SHN 1.0
[Event "Tuesday Sheepshead at Schultzy's"]
[Date "2026.11.20"]
[Seats "Gus=Gus Tetzlaff; Hank=Hank Kowalski; Ione=Ione Ziegler; Jo=Jo Pfeiffer; Kurt=Kurt Brandt"]
[Rules "wi5-jack-of-diamonds; noPick=doubler; doublerStacking=multiplicative"]

hand 1  dealer Kurt
pick Gus  partner Jo  pts 72  win
score Gus +2 Hank -1 Ione -1 Jo +1 Kurt -1

hand 2  dealer Gus
pick Hank  crack Jo  partner Kurt  pts 45  lose
score Gus +4 Hank -8 Ione +4 Jo +4 Kurt -4

hand 3  dealer Hank
doubler

hand 4  dealer Ione
doubler

hand 5  dealer Jo
pick Kurt  partner Gus  pts 95  win-s
score Gus +8 Hank -8 Ione -8 Jo -8 Kurt +16

hand 6  dealer Kurt
pick Ione  alone  pts 58  lose
score Gus +2 Hank +2 Ione -8 Jo +2 Kurt +2

hand 7  dealer Gus
pick Jo  crack Kurt  recrack Jo  partner Hank  pts 30  lose-s
score Gus +16 Hank -16 Ione +16 Jo -32 Kurt +16
"""
TOTALS = {"Gus Tetzlaff": 32, "Hank Kowalski": -31, "Ione Ziegler": 3, "Jo Pfeiffer": -33, "Kurt Brandt": 29}
#: the next morning's copy: hand 6 Ione with Hank (he had the jack of diamonds), a note on the line.  By hand: a
#: loss at 58 with a partner and DOB, Ione -4, Hank -2, Gus, Jo, Kurt +2
RESENT = NIGHT.replace("pick Ione  alone  pts 58  lose\nscore Gus +2 Hank +2 Ione -8 Jo +2 Kurt +2",
                       "pick Ione  partner Hank  pts 58  lose  {fixed next morning: Hank had the JD}\n"
                       "score Gus +2 Hank -2 Ione -4 Jo +2 Kurt +2")


def test_a_conflict_whose_hand_carries_a_new_note_says_the_note_as_its_own_field(tmp_path):
    """real24 F6: the message read "outcome: lose: only its note differs, stored none, this copy {...}" beside the
    alone flag, the partner and the score, which differ too; and "this copy -" for the alone flag taken away.  Each
    field now reads as what it is; the hand is refused at its line 25 (nothing stored: the totals stay), and the
    --amend it points to gives hand 6 its partner: Hank's +2 becomes -2 (-31 - 4 = -35), Ione's -8 becomes -4
    (3 + 4 = 7): Gus 32, Hank -35, Ione 7, Jo -33, Kurt 29."""
    db = tmp_path / "resent.duckdb"
    cli("ingest", write(tmp_path, "wi_jd_night.shn", NIGHT), "--db", str(db))
    assert ledger(db) == TOTALS
    path = write(tmp_path, "wi_jd_night_resent.shn", RESENT)
    body = json.loads(cli("ingest", path, "--db", str(db), "--json", ok=False).stdout)
    assert (body["ingested"], body["duplicates"]) == (0, 6)
    [d] = body["rejected"]
    assert (d["code"], d["line"], d["col"], d["hand"]) == ("E-HAND-CONFLICT", 25, 1, 6)
    assert ("it differs in alone: stored on, this copy off; partner: stored none, this copy Hank; note on outcome "
            "lose: stored none, this copy {fixed next morning: Hank had the JD}; score: stored Gus +2 Hank +2 Ione -8 "
            "Jo +2 Kurt +2, this copy Gus +2 Hank -2 Ione -4 Jo +2 Kurt +2 (to correct the stored hand: shead ingest "
            "--amend FILE)") in d["message"], d["message"]
    assert "only its note differs" not in d["message"]
    assert ledger(db) == TOTALS
    cli("ingest", "--amend", path, "--reason", "Hank had the JD", "--db", str(db))
    assert ledger(db) == {**TOTALS, "Hank Kowalski": -35, "Ione Ziegler": 7}


def test_a_note_alone_still_reads_as_the_only_difference_and_beside_another_as_a_note(tmp_path):
    """The W-NOTES-DIFFER wording (session 19) is kept where the note is all that differs; beside a call written
    otherwise the note is its own field, in the validator's check and the store's (both build the message).
    By hand (B-33): Cy with Ed at 72 win, Cy +2, Ed +1, Al, Bea, Di -1."""
    from ingest import store as st  # noqa: PLC0415
    from ingest.validate import validate_text  # noqa: PLC0415

    head = '%SHN 1.0\n[Session "notes"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
    first = head + "hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n"
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "a.shn", first), "--db", str(db))
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    r = cli("ingest", write(tmp_path, "b.shn", first.replace("72  win", "72  win {late pick}")), "--db", str(db))
    assert "outcome: win: only its note differs, stored none, this copy {late pick}" in " ".join(r.output.split())
    other = first.replace("call AS", "call AC").replace("72  win", "72  win {late pick}")
    for seeded in (True, False):
        with st.Store(db) as store:
            res = validate_text(other, path="c.shn", prior=store.prior_hands if seeded else None)
            rep = store.ingest_file(res)
        [e] = rep.rejected[0].errors
        assert e.code == "E-HAND-CONFLICT"
        assert ("it differs in call: stored AS, this copy AC; note on outcome win: stored none, this copy "
                "{late pick} (to correct") in e.message, (seeded, e.message)
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
