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


# -- An amendment's refusals: every hand, each at file:line:column (break22 F7) ------------------------------------

#: wi5-called-ace with noPick=doubler (rules.md D-11), two nights of the same five.  By hand (B-31, B-33; doubleOnBump
#: is no matter, every hand won): h1 Bea alone, 70: Bea +4, the four others -1; h2 Cy picks, Ed partner, 72, after
#: a played hand (stake 1): Cy +2, Ed +1, Al, Bea, Di -1.  Each night Al -2, Bea +3, Cy +1, Di -2, Ed 0; two nights
#: Al -4, Bea +6, Cy +2, Di -4, Ed 0 (zero-sum)
NIGHTS = """%SHN 1.0
[Event "QA"]
[Session "mon"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1  dealer Ed
pick Bea  alone  pts 70  win

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 72  win
score Al -1 Bea -1 Cy +2 Di -1 Ed +1

[Session "tue"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1  dealer Ed
pick Bea  alone  pts 70  win

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 72  win
score Al -1 Bea -1 Cy +2 Di -1 Ed +1
"""
NIGHTS_TOTALS = {"Al": -4, "Bea": 6, "Cy": 2, "Di": -4, "Ed": 0}


def _amend(tmp_path, db, name, text, *extra):
    """``shead ingest --amend`` of ``text``, refused (exit 1): its report lines and its --json entries."""
    path = write(tmp_path, name, text)
    r = cli("ingest", "--amend", path, "--db", str(db), *extra, ok=False)
    assert r.exit_code == 1, r.output
    j = cli("ingest", "--amend", path, "--db", str(db), "--json", ok=False)
    assert j.exit_code == 1
    return r.output, json.loads(j.stdout)["rejected"]


def test_every_hand_of_an_amendment_refused_is_said_at_its_line_and_column(tmp_path):
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "nights.shn", NIGHTS), "--db", str(db))
    assert ledger(db) == NIGHTS_TOTALS
    # hands 7 and 8 were never stored: both said (only the first was, as "error: more.shn:7: ...", no column)
    more = ('%SHN 1.0\n[Event "QA"]\n[Session "mon"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace; noPick=doubler"]\n\n'  # lines 1-6
            "hand 7  dealer Bea\npick Di  call AH  partner Al  pts 61  win\n\n"  # lines 7-9
            "hand 8  dealer Cy\npick Ed  call AC  partner Bea  pts 40  lose\n")  # lines 10-11
    out, entries = _amend(tmp_path, db, "more.shn", more)
    assert [(e["file"].rsplit("/", 1)[-1], e["line"], e["col"], e["hand"], e["code"], e["found"], e["expected"])
            for e in entries] == [
        ("more.shn", 7, 1, 7, "E-AMEND-NOT-STORED", "hand 7 of session 'mon'", "a stored hand (its session and number)"),
        ("more.shn", 10, 1, 8, "E-AMEND-NOT-STORED", "hand 8 of session 'mon'", "a stored hand (its session and number)")]
    assert "more.shn:7:1: E-AMEND-NOT-STORED (hand 7): hand 7 of session 'mon' is not stored" in out
    assert "more.shn:10:1: E-AMEND-NOT-STORED (hand 8): hand 8 of session 'mon' is not stored" in out
    assert "more.shn: nothing changed" in out and "error:" not in out
    # both hands of a night under other rules: both refused, each at its hand line, the rules found and expected
    other = NIGHTS.split("\n[Session \"tue\"]")[0].replace("noPick=doubler", "noPick=leaster")
    out, entries = _amend(tmp_path, db, "rules.shn", other)
    assert [(e["line"], e["col"], e["hand"], e["code"], e["found"], e["expected"]) for e in entries] == [
        (7, 1, 1, "E-AMEND-RULES", "[Rules 'wi5-called-ace; noPick=leaster']", "[Rules 'wi5-called-ace; noPick=doubler']"),
        (10, 1, 2, "E-AMEND-RULES", "[Rules 'wi5-called-ace; noPick=leaster']", "[Rules 'wi5-called-ace; noPick=doubler']")]
    assert ledger(db) == NIGHTS_TOTALS  # nothing changed


def test_an_amendment_that_would_leave_later_hands_wrong_says_each_at_the_amended_hand(tmp_path):
    """Hand 1 of both nights amended into a doubler (rules.md D-11): each hand 2 is then played at stake 2, where the
    rules give Al -1 x 2 = -2, but its written score is the stake-1 one, Al -1.  Both later hands are refused (the
    message was one line with no position), each at the line of the hand 1 whose new text causes it (fix.shn lines
    7 and 14), the written -1 found and the rules' -2 expected."""
    db = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "nights.shn", NIGHTS), "--db", str(db))
    fix = ('%SHN 1.0\n[Event "QA"]\n[Session "mon"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
           '[Rules "wi5-called-ace; noPick=doubler"]\n\nhand 1  dealer Ed\ndoubler\n\n'
           '[Session "tue"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace; noPick=doubler"]\n\n'
           'hand 1  dealer Ed\ndoubler\n')
    out, entries = _amend(tmp_path, db, "fix.shn", fix)
    assert [(e["line"], e["col"], e["hand"], e["code"], e["found"], e["expected"]) for e in entries] == [
        (7, 1, 1, "E-AMEND-CARRY", "-1", "-2"), (14, 1, 1, "E-AMEND-CARRY", "-1", "-2")]
    flat = " ".join(out.split())
    assert "fix.shn:7:1: E-AMEND-CARRY (hand 1): the amendment is refused, nothing changed" in flat
    assert "hand 2 of session 'mon' (hand id 2) would no longer agree with the rules: E-SCORE: Al -1 is written " \
           "but the rules give -2" in flat
    assert "fix.shn:14:1: E-AMEND-CARRY (hand 1)" in flat and "hand 2 of session 'tue' (hand id 4)" in flat
    assert ledger(db) == NIGHTS_TOTALS


# -- "hand 0": a hand whose number did not read (break22 F8) -------------------------------------------------------

#: hand 2's number mistyped 'x' (line 10).  By hand (rules.md B-33): h1 Bob picks, Dee partner, 61: Bob +2, Dee +1,
#: Ann, Cal, Eve -1; h3 Dee picks, Ann partner, 75: Dee +2, Ann +1, Bob, Cal, Eve -1.  Totals Ann 0, Bob +1, Cal -2,
#: Dee +3, Eve -2 (zero-sum)
NO_NUMBER = """%SHN 1.0
[Event "T"]
[Date "2026.11.19"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]

hand 1 dealer Eve
pick Bob call AH partner Dee pts 61 win

hand x dealer Ann
pick Cal call AH partner Eve pts 75 win

hand 3 dealer Bob
pick Dee call AS partner Ann pts 75 win
"""


def test_a_hand_whose_number_did_not_read_is_no_hand_0(tmp_path):
    db = tmp_path / "h.duckdb"
    path = write(tmp_path, "t.shn", NO_NUMBER)
    r = cli("ingest", path, "--db", str(db), ok=False)
    assert "t.shn: 2 stored, 0 duplicates, 1 rejected" in r.output, r.output
    # it said "t.shn:10:6: E-NUMBER (hand 0): ...": no hand is numbered 0
    assert "t.shn:10:6: E-NUMBER: found 'x' after 'hand'" in r.output
    assert "hand 0" not in r.output
    assert ledger(db) == {"Ann": 0, "Bob": 1, "Cal": -2, "Dee": 3, "Eve": -2}
    body = json.loads(cli("ingest", path, "--db", str(tmp_path / "j.duckdb"), "--json", ok=False).stdout)
    assert [(e["line"], e["col"], e["hand"], e["code"]) for e in body["rejected"]] == [(10, 6, None, "E-NUMBER")]
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, line, col FROM rejected").fetchall() == [(None, 10, 6)]
    sheet = cli("sheet", "T / 2026.11.19", "--db", str(db)).output
    assert "hand 0" not in sheet and "refused E-NUMBER" not in sheet  # its row was "0  refused E-NUMBER", first
    assert "a hand with no number read refused, not stored: E-NUMBER at " in sheet and "t.shn:10:6" in sheet
    got = json.loads(cli("sheet", "T / 2026.11.19", "--db", str(db), "--json").stdout)
    assert [h["hand"] for h in got["hands"]] == [1, 3]
    assert [(g["hand"], g["line"], g["code"]) for g in got["refused"]] == [(None, 10, "E-NUMBER")]


# -- The stake after a refused pick (break22 F9) -------------------------------------------------------------------

#: wi5-called-ace with noPick=doubler (rules.md D-11, D-12 queued): hand 1 all pass (a doubler), hand 2 a pick whose
#: points are mistyped 130 (refused), hands 3 and 4 with no score line (the rules derive their units)
AFTER_REFUSED = """%SHN 1.0
[Event "F9"]
[Date "2026.11.22"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1 dealer Eve
doubler

hand 2 dealer Ann
pick Bob call AH partner Dee pts 130 win

hand 3 dealer Bob
pick Cal call AH partner Eve pts 75 win

hand 4 dealer Cal
pick Dee call AS partner Ann pts 75 win
"""


def _stakes(db) -> dict[int, int]:
    with duckdb.connect(str(db), read_only=True) as con:
        return dict(con.execute("SELECT hand, stake FROM hands").fetchall())


def test_the_hand_after_a_refused_pick_says_the_stake_it_takes_and_why(tmp_path):
    """A refused hand feeds no carry (docs/storage.md "Session carry"; a re-derivation of the stored session, which
    has no refused text, must give the same stakes), so the behaviour is kept: hand 3 is derived at x2, the doubler
    of hand 1 still queued.  By hand (rules.md B-31, B-33, D-11): h3 Cal picks, Eve partner, 75 at x2: Cal +4, Eve
    +2, Ann, Bob, Dee -2; h4 at x1 (the doubler played off by h3): Dee +2, Ann +1, Bob, Cal, Eve -1.  Totals Ann -1,
    Bob -3, Cal +3, Dee 0, Eve +1 (zero-sum).  The warning said only "an earlier hand ... is missing; the stake x2
    ... may be wrong": it names hand 2, its error and place, and the x1 it would give counted as the pick it reads
    as (D-11: a played hand plays the doubler off)."""
    db = tmp_path / "f9.duckdb"
    path = write(tmp_path, "f9.shn", AFTER_REFUSED)
    r = cli("ingest", path, "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "f9.shn: 3 stored, 0 duplicates, 1 rejected" in out, r.output
    assert "f9.shn:11:34: E-NUMBER (hand 2): found pts '130'" in out
    assert "f9.shn:13:1: warning W-SESSION-GAP (hand 3): hand 3: hand 2 (E-NUMBER at " in out
    assert "f9.shn:11:34) of session 'F9 / 2026.11.22' was refused and not counted (a refused hand feeds no carry); " \
           "the stake ×2 derived from the hands before it may be wrong (the doublers queued by the hands counted give " \
           "×2; hand 2 reads as a pick, which is played and plays a queued doubler off (rules.md D-11, D-12): " \
           "counted, it would put this hand at ×1)" in out
    assert "or correct the refused hand and ingest it again" in out
    assert _stakes(db) == {1: 1, 3: 2, 4: 1}
    assert ledger(db) == {"Ann": -1, "Bob": -3, "Cal": 3, "Dee": 0, "Eve": 1}
    # hand 2 corrected (80 points) and sent again: a late hand, the session derived again with it, hand 3 at x1.
    # By hand: h2 Bob picks, Dee partner, 80 at x2: Bob +4, Dee +2, Ann, Cal, Eve -2; h3 at x1: Cal +2, Eve +1, Ann,
    # Bob, Dee -1; h4 as above.  Totals Ann -2, Bob +2, Cal -1, Dee +3, Eve -2 (zero-sum)
    r = cli("ingest", write(tmp_path, "f9.shn", AFTER_REFUSED.replace("pts 130", "pts 80")), "--db", str(db))
    assert "1 stored, 3 duplicates, 0 rejected" in r.output, r.output
    assert _stakes(db) == {1: 1, 2: 2, 3: 1, 4: 1}
    assert ledger(db) == {"Ann": -2, "Bob": 2, "Cal": -1, "Dee": 3, "Eve": -2}


def test_a_refused_hand_that_is_no_pick_is_named_without_a_stake_it_would_give(tmp_path):
    """Hand 2 refused as an all-pass written with a score (E-SCORE: a doubler settles nothing): it reads as no pick,
    so no other stake is offered; hand 3 is derived at x2 (hand 1's doubler; by hand as above Cal +4, Eve +2, Ann,
    Bob, Dee -2), the warning names hand 2 and its error."""
    text = AFTER_REFUSED.replace("pick Bob call AH partner Dee pts 130 win", "doubler\nscore Ann -1 Bob -1 Cal +1 Dee +1 Eve 0")
    db = tmp_path / "d.duckdb"
    r = cli("ingest", write(tmp_path, "d.shn", text), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "warning W-SESSION-GAP (hand 3): hand 3: hand 2 (E-" in out, r.output
    assert "was refused and not counted (a refused hand feeds no carry); the stake ×2 derived" in out
    assert "would put this hand at" not in out
    assert _stakes(db) == {1: 1, 3: 2, 4: 1}


def test_a_sheets_hand_cell_0_is_refused_not_stored_as_hand_0(tmp_path):
    """A sheet numbered from 0: its row 2 was stored as hand 0 (the sheet, replay and void named a hand 0, which
    SHN refuses: E-NUMBER).  A night whose first row is 0 is read numbered from 0, +1 (W-CSV-HAND-FROM-0, real23b
    F1); a 0 after the night's first row is refused at its cell.  By hand (rules.md B-33): the 23rd, hand 1 Bob
    picks, Dee partner, 61: Bob +2, Dee +1, Ann, Cal, Eve -1; hand 2 Cal picks, Eve partner, 75: Cal +2, Eve +1, Ann,
    Bob, Dee -1.  The 24th: hand 1 Dee picks, Ann partner, 75: Dee +2, Ann +1, Bob, Cal, Eve -1; its row 0 refused.
    Totals Ann -1, Bob 0, Cal 0, Dee +2, Eve -1 (zero-sum)."""
    text = ("Date,Hand,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
            "2026-11-23,0,Bob,Dee,61,W,-1,2,-1,1,-1\n"
            "2026-11-23,1,Cal,Eve,75,W,-1,-1,2,-1,1\n"
            "2026-11-24,1,Dee,Ann,75,W,1,-1,-1,2,-1\n"
            "2026-11-24,0,Bob,Dee,61,W,-1,2,-1,1,-1\n")
    db = tmp_path / "z.duckdb"
    r = cli("ingest", write(tmp_path, "zero.csv", text), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "zero.csv: 3 stored, 0 duplicates, 1 rejected" in out, r.output
    assert "zero.csv:2:2: warning W-CSV-HAND-FROM-0: row 2: the night's hands are numbered from 0: read as 1, 2" in out
    assert "zero.csv:5:2: E-CSV-HAND" in out and "the Hand cell '0' is no hand number: a night's hands are " \
        "numbered from 1" in out
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT CAST(date AS VARCHAR), hand FROM hands ORDER BY 1, 2").fetchall() == [
            ("2026-11-23", 1), ("2026-11-23", 2), ("2026-11-24", 1)]
    assert ledger(db) == {"Ann": -1, "Bob": 0, "Cal": 0, "Dee": 2, "Eve": -1}


# -- --amend given the corrected score sheet (real23 F5) ------------------------------------------------------------

def test_amend_given_a_corrected_sheet_says_once_that_an_amendment_is_shn(tmp_path):
    """real23 F5: the scorer fixes row 2 of the sheet (Cal's 75 was 55: a plain loss, rules.md B-32, double on the
    bump: Cal -4, Eve -2, Ann, Bob, Dee +2) and gives the sheet to --amend.  Each row was an SHN syntax error
    (E-HEADER at 1:1, then E-STATEMENT a row) and nothing said why; nothing may change: the ledger stays the stored
    night's, Ann -2, Bob +1, Cal +1, Dee 0, Eve 0."""
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "night.csv", NIGHT), "--db", str(db))
    fixed = NIGHT.replace("2026-11-19,2,Ann,Cal,Eve,AH,75,W,-1,-1,2,-1,1", "2026-11-19,2,Ann,Cal,Eve,AH,55,L,2,2,-4,2,-2")
    assert fixed != NIGHT
    for name in ("night-fixed.csv", "night-fixed.txt"):  # a CSV by its name, and by its first line
        r = cli("ingest", "--amend", write(tmp_path, name, fixed), "--db", str(db), ok=False)
        out = r.output.replace("\n", " ")
        assert f"{name}:1:1: E-AMEND-FORMAT: an amendment is an SHN file; a score sheet cannot amend: shead export " \
               "--format shn --out night.shn, correct the hand there, then shead ingest --amend night.shn" in out, out
        assert "E-HEADER" not in out and "E-STATEMENT" not in out and out.count("E-AMEND-FORMAT") == 1
        assert ledger(db) == {"Ann": -2, "Bob": 1, "Cal": 1, "Dee": 0, "Eve": 0}


# -- A hand's text from before its amendment sent again (real23 F6) -------------------------------------------------

def test_a_text_from_before_an_amendment_sent_again_is_said_amended(tmp_path):
    """real23 F6.  By hand (rules.md B-32, B-33; double on the bump): the night as stored, h1 Bob +2, Dee +1, Ann, Cal,
    Eve -1; h2 Cal +2, Eve +1, Ann, Bob, Dee -1; h3 Dee +2, Ann +1, Bob, Cal, Eve -1.  Hand 2 recounted: Cal's side
    took 55, a plain loss doubled on the bump: Cal -4, Eve -2, Ann, Bob, Dee +2.  The night is then Ann +2, Bob +3,
    Cal -6, Dee +5, Eve -4 (zero-sum).  A second scorer's phone sends the old file: three duplicates (nothing
    changes), and hand 2 (line 11) is said to be the text from before the amendment; only "duplicates" was said."""
    db = tmp_path / "r.duckdb"
    path = write(tmp_path, "thu.shn", SHN)
    cli("ingest", path, "--db", str(db))
    assert ledger(db) == {"Ann": -1, "Bob": 0, "Cal": 0, "Dee": 2, "Eve": -1}
    fixed = SHN.replace("pick Cal call AH partner Eve pts 75 win", "pick Cal call AH partner Eve pts 55 lose")
    cli("ingest", "--amend", write(tmp_path, "thu-fixed.shn", fixed), "--reason", "recount h2", "--db", str(db))
    after = {"Ann": 2, "Bob": 3, "Cal": -6, "Dee": 5, "Eve": -4}
    assert ledger(db) == after
    r = cli("ingest", path, "--db", str(db))
    out = r.output.replace("\n", " ")
    assert "thu.shn: 0 stored, 3 duplicates, 0 rejected" in out, r.output
    assert "thu.shn:11:1: warning W-HAND-AMENDED: hand 2 of session 'thu-1119': this is the text from before the " \
           "amendment of " in out
    assert "UTC (recount h2): the amended hand stays in force" in out and out.count("W-HAND-AMENDED") == 1
    assert ledger(db) == after
    body = json.loads(cli("ingest", path, "--db", str(db), "--json").stdout)
    assert (body["ingested"], body["duplicates"]) == (0, 3)
    assert [(w["code"], w["line"], w["hand"]) for w in body["warnings"]] == [("W-HAND-AMENDED", 11, 2)]
    # the text in force sent again says nothing of an amendment
    r = cli("ingest", write(tmp_path, "thu-again.shn", fixed), "--db", str(db))
    assert "0 stored, 3 duplicates, 0 rejected" in r.output and "W-HAND-AMENDED" not in r.output


# -- A NUL byte typed into one cell of a sheet (break23 F9) ---------------------------------------------------------

def test_a_nul_byte_in_one_cell_refuses_its_row_not_the_sheet(tmp_path):
    """break23 F9: one NUL in row 3's Bea cell refused the whole sheet as 'a binary file' at 1:1.  By hand (rules.md
    B-27..B-33, double on the bump): row 2, Bea picks, Cy partner, 61: Bea +2, Cy +1, the others -1; row 4, Al alone,
    30: schneidered (B-28: 30 or less), 2 x 2 = 4 a defender, Al -16, the others +4.  Row 3 is refused at its Bea
    cell (column 10), the NUL said at its own place (line 3, character 35).  Stored: Al -17, Bea +6, Cy +5, Di +3,
    Ed +3 (zero-sum)."""
    data = (b"Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed\n"
            b"2025-10-16,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1\n"
            b"2025-10-16,2,Al,Ed,Al,AS,60,L,-2,2\x00,2,2,-4\n"
            b"2025-10-16,3,Bea,Al,,alone,30,L,-16,4,4,4,4\n")
    path = tmp_path / "nul.csv"
    path.write_bytes(data)
    db = tmp_path / "n.duckdb"
    r = cli("ingest", str(path), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "nul.csv: 2 stored, 0 duplicates, 1 rejected" in out, r.output
    assert "nul.csv:3:10: E-CSV-UNITS (hand 2): row 3: Bea's units '2\ufffd' are not a whole number" in out
    # at the cell, as the row's E-CSV-UNITS (real23b F8: it was the 35th character of the line)
    assert "nul.csv:3:10: warning W-NUL: a NUL byte (0x00)" in out and "binary" not in out
    assert ledger(db) == {"Al": -17, "Bea": 6, "Cy": 5, "Di": 3, "Ed": 3}
    # a binary file named .csv is still refused whole, as before
    path.write_bytes(bytes(range(256)) * 20)
    r = cli("ingest", str(path), "--db", str(tmp_path / "b.duckdb"), ok=False)
    assert "E-FORMAT: this is a binary file, not text" in r.output


# -- Two header cells of one name but for case (break23 F10) --------------------------------------------------------

def test_two_header_cells_of_one_name_are_said_at_the_second_cell_not_as_columns(tmp_path):
    """break23 F10: a header 'Bea,...,bea' was refused at 1:1 as a --columns error though no --columns was given, and
    the fix was not said (break23b F6: nor was the same column written twice).  Now at the second cell (column 13 of the header row, the row after a title row) with
    what to do; nothing is stored."""
    text = ("Friday club\n"
            "Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,bea\n"
            "2025-10-16,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1\n")
    db = tmp_path / "h.duckdb"
    r = cli("ingest", write(tmp_path, "case.csv", text), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "case.csv:2:13: E-CSV-COLUMNS: the header: the columns 'Bea' and 'bea' are one player's column twice " \
           "(an alias is one player whatever its case): give each player one column" in out, r.output
    assert "--columns:" not in out and "0 stored" in out
    # break23b F6: the same column twice ('Ed' pasted as 'Al'), or an alias and its name ('Al=Allen Braun', 'AL'):
    # one error at the header's second cell, not every row refused with errors of their own
    for cells in ("Al,Bea,Cy,Di,Al", "Al=Allen Braun,Bea,Cy,Di,AL"):
        text = f"Date,Hand,Dealer,Picker,Partner,Points,Result,{cells}\n2025-10-16,1,Di,Bea,Cy,61,W,-1,2,1,-1,-1\n"
        r = cli("ingest", write(tmp_path, "twice.csv", text), "--db", str(db), ok=False)
        out = " ".join(r.output.split())
        assert "twice.csv:1:12: E-CSV-COLUMNS: the header: the columns " in out and "are one player's column twice" \
            in out and out.count("E-") == 1, out


# -- An amendment under a group spelt otherwise but for case (real23 F1, its --amend half) ----------------------------

def test_an_amendment_under_a_session_name_spelt_otherwise_names_the_stored_one(tmp_path):
    """real23 F1: the night is stored as 'Friday Phone Club / 2026.12.04'; a second scorer's phone writes the
    amendment under [Event "Friday phone club"].  It was told only that the hand is not stored; now also which stored
    session it differs from but for case.  Nothing changes: h1 Bob picks, Dee partner, 61, a plain win (rules.md
    B-33): Bob +2, Dee +1, Ann, Cal, Eve -1."""
    night = ('%SHN 1.0\n[Event "Friday Phone Club"]\n[Date "2026.12.04"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
             '[Rules "wi5-called-ace"]\n\nhand 1 dealer Eve\npick Bob call AH partner Dee pts 61 win\n')
    db = tmp_path / "f.duckdb"
    cli("ingest", write(tmp_path, "fri.shn", night), "--db", str(db))
    assert ledger(db) == {"Ann": -1, "Bob": 2, "Cal": -1, "Dee": 1, "Eve": -1}
    fix = night.replace("Friday Phone Club", "Friday phone club").replace("pts 61 win", "pts 59 lose")
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "E-AMEND-NOT-STORED" in out and "hand 1 of session 'Friday phone club / 2026.12.04' is not stored" in out
    assert "the stored session 'Friday Phone Club / 2026.12.04' differs from it only in case, accents or spacing" \
           in out, out
    assert ledger(db) == {"Ann": -1, "Bob": 2, "Cal": -1, "Dee": 1, "Eve": -1}


# -- shead sheet of a ledger's sitting (real23b F7) -----------------------------------------------------------------

def test_the_sheet_of_a_ledger_sitting_gives_its_nets(tmp_path):
    """real23b F7: `shead sheet` of a sitting stored from a ledger (no hands) showed every player at 0, 'total, 0
    hands'.  The ledger row writes the night's nets (+5, -3, 0, -2, 0, zero-sum): the sheet says them."""
    db = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "led.csv", "Date,Gus,Hal,Ivy,Jo,Kim\n2026-12-04,5,-3,0,-2,0\n"), "--db", str(db))
    r = cli("sheet", "led", "--db", str(db))
    out = " ".join(r.output.split())
    assert "CSV led 2026-12-04 (2026-12-04): a ledger's sitting, stored without hands; each player's net for the " \
           "night (units, counted by shead ledger): Gus +5, Hal -3, Ivy +0, Jo -2, Kim +0" in out, out
    assert "total, 0 hands" not in out


# -- A sheet's player typed in lower case one week (real23b F3) ------------------------------------------------------

def test_a_sheets_player_written_otherwise_but_for_case_is_said(tmp_path):
    """real23b F3: the second week's sheet heads its columns 'gus' and 'KIM'; they were new players beside 'Gus' and
    'Kim' without a word (W-PLAYER-SPELLING covered SHN only).  Stored as written (they may be others), said once.
    By hand (rules.md B-33): each week Hal picks, Ivy partner, 75: Hal +2, Ivy +1, Gus, Jo, Kim -1."""
    db = tmp_path / "w.duckdb"
    head = "Date,Hand,Picker,Partner,Points,Result,{},Hal,Ivy,Jo,{}\n"
    cli("ingest", write(tmp_path, "w1.csv", head.format("Gus", "Kim") + "2026-12-04,1,Hal,Ivy,75,W,-1,2,1,-1,-1\n"),
        "--db", str(db))
    r = cli("ingest", write(tmp_path, "w2.csv", head.format("gus", "KIM") + "2026-12-11,1,Hal,Ivy,75,W,-1,2,1,-1,-1\n"),
            "--db", str(db))
    out = " ".join(r.output.split())
    assert "w2.csv:1:1: warning W-PLAYER-SPELLING: the sheet's 'gus' (stored: 'Gus'), 'KIM' (stored: 'Kim') are new " \
           "players" in out, out
    assert ledger(db) == {"Gus": -1, "gus": -1, "Hal": 4, "Ivy": 2, "Jo": -2, "Kim": -1, "KIM": -1}
    r = cli("ingest", write(tmp_path, "w1b.csv", head.format("Gus", "Kim") + "2026-12-04,1,Hal,Ivy,75,W,-1,2,1,-1,-1\n"),
            "--db", str(db))
    assert "W-PLAYER-SPELLING" not in r.output  # the stored spelling sent again says nothing
