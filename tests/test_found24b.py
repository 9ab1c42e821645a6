"""Records brought in session 24, round 2 (the defects the outside tester
break24 found in the day's fixes, /tmp/s24/break24/FINDINGS.md), each amount
worked out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json

import duckdb

from tests.cli_helpers import cli, ledger, write

# -- break24 F1: W-SESSION-DIFFERS when one copy has no dealers -------------------------------------------------------

#: Ann's sheet of Thursday 5 November without a Dealer column, as most score sheets are (wi5-called-ace: DOB on).
#: By hand (rules.md B-27, B-28, B-33 with DOB, I-1): h1 Ann picks, Cal partner, 61: a plain win, Ann +2, Cal +1,
#: Bob, Dee, Eve -1; h2 Bob alone at 30: schneidered (B-28), alone with DOB -16, each defender +4; h3 Cal picks, Eve
#: partner, 60: a loss (B-27), with DOB Cal -4, Eve -2, Ann, Bob, Dee +2; h4 a leaster Dee wins: Dee +4, others -1.
#: Totals Ann 2+4+2-1 = 7, Bob -1-16+2-1 = -16, Cal 1+4-4-1 = 0, Dee -1+4+2+4 = 9, Eve -1+4-2-1 = 0.
NO_DEALER = """Date,Hand,Picker,Partner,Call,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve
2026-11-05,1,Ann,Cal,AS,61,W,,2,-1,1,-1,-1
2026-11-05,2,Bob,,alone,30,L,,4,-16,4,4,4
2026-11-05,3,Cal,Eve,AH,60,L,,2,2,-4,2,-2
2026-11-05,4,,,,,,Dee,-1,-1,-1,4,-1
"""
ANN = {"Ann": 7, "Bob": -16, "Cal": 0, "Dee": 9, "Eve": 0}


def _dee(dealers: bool) -> str:
    """Dee's SHN of the same night, hand 3 written pts 62 win (with or without ``dealer`` lines).  By hand: h3 a
    plain win at 62 (B-27), Cal +2, Eve +1, Ann, Bob, Dee -1; the rest as Ann's.  Totals Ann 2+4-1-1 = 4,
    Bob -1-16-1-1 = -19, Cal 1+4+2-1 = 6, Dee -1+4-1+4 = 6, Eve -1+4+1-1 = 3."""
    d = (lambda who: f"  dealer {who}") if dealers else (lambda who: "")
    return f"""%SHN 1.0
[Event "Thursday League (Dee scoring)"]
[Date "2026.11.05"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]

hand 1{d("Eve")}
pick Ann  call AS  partner Cal  pts 61  win

hand 2{d("Ann")}
pick Bob  alone  pts 30  lose-s

hand 3{d("Bob")}
pick Cal  call AH  partner Eve  pts 62  win

hand 4{d("Cal")}
leaster Dee
"""


DEES = {"Ann": 4, "Bob": -19, "Cal": 6, "Dee": 6, "Eve": 3}
#: hand 3 as each scorer has it (worked above): the picker, the partner, then the defenders in seat order
AS_60 = "lose at 60 (Cal -4, Eve -2, Ann +2, Bob +2, Dee +2)"
AS_62 = "win at 62 (Cal +2, Eve +1, Ann -1, Bob -1, Dee -1)"


def test_a_sheet_without_dealers_and_the_shn_with_them_are_one_night_said(tmp_path):
    """The sheet's dealers are unknown: they contradict none of the SHN's (Eve, Ann, Bob, Cal).  It was stored with
    no word, the night counted twice: Ann 7+4 = 11, Bob -16-19 = -35, Cal 0+6 = 6, Dee 9+6 = 15, Eve 0+3 = 3."""
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "nov5.csv", NO_DEALER), "--db", str(db))
    assert ledger(db) == ANN
    body = json.loads(cli("ingest", write(tmp_path, "dee.shn", _dee(True)), "--db", str(db), "--json").stdout)
    assert body["ingested"] == 4
    [w] = [w for w in body["warnings"] if w["code"] == "W-SESSION-DIFFERS"]
    assert (w["line"], w["col"]) == (1, 1)
    msg = w["message"]
    assert "4 hands each with the same pickers (and the same dealers where both copies write them), 3 of them " \
           "alike result for result, but 1 scored otherwise" in msg, msg
    # the dealer said is the copy's that writes one (Bob deals hand 3 in Dee's file)
    assert f"hand 3 (dealer Bob, Cal picked): here {AS_62}, stored {AS_60}" in msg, msg
    assert ledger(db) == {"Ann": 11, "Bob": -35, "Cal": 6, "Dee": 15, "Eve": 3}


def test_the_sheet_with_dealers_sent_after_the_shn_without_says_the_dealer(tmp_path):
    """The other way round: Dee's SHN without dealer lines stored first, then a sheet with a Dealer column (Bob
    deals hand 3): the warning names the sheet's dealer of hand 3."""
    db = tmp_path / "r.duckdb"
    cli("ingest", write(tmp_path, "dee.shn", _dee(False)), "--db", str(db))
    assert ledger(db) == DEES
    sheet = NO_DEALER.replace("Date,Hand,", "Date,Hand,Dealer,")
    for n, who in ((1, "Eve"), (2, "Ann"), (3, "Bob"), (4, "Cal")):
        sheet = sheet.replace(f"2026-11-05,{n},", f"2026-11-05,{n},{who},")
    body = json.loads(cli("ingest", write(tmp_path, "nov5.csv", sheet), "--db", str(db), "--json").stdout)
    [w] = [w for w in body["warnings"] if w["code"] == "W-SESSION-DIFFERS"]
    assert f"hand 3 (dealer Bob, Cal picked): here {AS_60}, stored {AS_62}" in w["message"], w["message"]


def test_neither_copy_with_dealers_says_no_dealer_none(tmp_path):
    """Neither copy writes a dealer: the warning said 'hand 3 (dealer None, Cal picked)'."""
    db = tmp_path / "b.duckdb"
    cli("ingest", write(tmp_path, "nov5.csv", NO_DEALER), "--db", str(db))
    body = json.loads(cli("ingest", write(tmp_path, "dee.shn", _dee(False)), "--db", str(db), "--json").stdout)
    [w] = [w for w in body["warnings"] if w["code"] == "W-SESSION-DIFFERS"]
    msg = w["message"]
    assert "None" not in msg, msg
    assert "4 hands each with the same pickers (neither copy writes the dealers), 3 of them alike" in msg, msg
    assert f"hand 3 (Cal picked): here {AS_62}, stored {AS_60}" in msg, msg
    assert ledger(db) == {"Ann": 11, "Bob": -35, "Cal": 6, "Dee": 15, "Eve": 3}


def test_a_dealer_written_otherwise_in_both_copies_is_still_another_night(tmp_path):
    """Both copies write dealers and hand 2's differ (Ann against Dee): the deals were not the same; no
    W-SESSION-DIFFERS (the check compares dealers where both are known)."""
    db = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "dee.shn", _dee(True)), "--db", str(db))
    other = (_dee(True).replace("hand 2  dealer Ann", "hand 2  dealer Dee").replace("Dee scoring", "Ann scoring")
             .replace("pts 62  win", "pts 60  lose"))
    body = json.loads(cli("ingest", write(tmp_path, "ann.shn", other), "--db", str(db), "--json").stdout)
    assert body["ingested"] == 4
    assert "W-SESSION-DIFFERS" not in [w["code"] for w in body["warnings"]]
    # without the dealer of hand 2 written otherwise, the same two files are said (control)
    db2 = tmp_path / "d2.duckdb"
    cli("ingest", write(tmp_path, "dee.shn", _dee(True)), "--db", str(db2))
    same = _dee(True).replace("Dee scoring", "Ann scoring").replace("pts 62  win", "pts 60  lose")
    body = json.loads(cli("ingest", write(tmp_path, "ann2.shn", same), "--db", str(db2), "--json").stdout)
    assert "W-SESSION-DIFFERS" in [w["code"] for w in body["warnings"]]


# -- break24 F2: E-TAG-LATE's advice names the night's tags to write again; a [Session] without [Rules] is said ------

#: the phone note: Thursday 1 December by the house's rules (no doubling on the bump), next week's [Date] typed
#: below hand 2.  By hand (rules.md B-27, B-33 without DOB): h1 Ann picks, Cal partner, 61: a win, Ann +2, Cal +1,
#: Bob, Dee, Eve -1; h2 Bob picks, Dee partner, 40: a plain loss (31-60), Bob -2, Dee -1, Ann, Cal, Eve +1.
HOUSE = "wi5-called-ace; doubleOnBump=off"
NIGHT1 = f"""%SHN 1.0
[Event "Thursday Night"]
[Date "2026.12.01"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "{HOUSE}"]

hand 1  dealer Eve
pick Ann  call AS  partner Cal  pts 61  win

hand 2  dealer Ann
pick Bob  call AH  partner Dee  pts 40  lose

"""
#: next week's hand 1: Ann picks, Cal partner, 40: a plain loss; by the house's rules (B-33 without DOB) Ann -2,
#: Cal -1, Bob, Dee, Eve +1; by the default profile (DOB on) Ann -4, Cal -2, the others +2
NEXT = """hand 1  dealer Eve
pick Ann  call AS  partner Cal  pts 40  lose
"""


def test_e_tag_late_names_the_nights_tags_to_write_again(tmp_path):
    db = tmp_path / "l.duckdb"
    body = json.loads(cli("ingest", write(tmp_path, "late.shn", NIGHT1 + '[Date "2026.12.08"]\n' + NEXT),
                          "--db", str(db), "--json", ok=False).stdout)
    assert body["ingested"] == 1
    # hand 2 refused at the tag; next week's hand 1, in the same session after hand 2, is E-HAND-ORDER at its number
    e, order = body["rejected"]
    assert (e["code"], order["code"], order["line"], order["col"]) == ("E-TAG-LATE", "E-HAND-ORDER", 14, 6)
    assert (e["line"], e["col"], e["hand"]) == (13, 1, 2)
    assert ("write a [Session \"...\"] line above it and, under it, the night's tags again, as a new session starts "
            'with no tags (§4.2): [Event "Thursday Night"] [Date "2026.12.08"] [Seats "Ann; Bob; Cal; Dee; Eve"] '
            f'[Rules "{HOUSE}"] (that night a session of its own') in e["message"], e["message"]


def test_the_advice_followed_scores_the_next_night_by_the_house_rules(tmp_path):
    """The four lines copied under a [Session] line: 3 stored, no warning.  By hand (above): Ann 2+1-2 = 1,
    Bob -1-2+1 = -2, Cal 1+1-1 = 1, Dee -1-1+1 = -1, Eve -1+1+1 = 1."""
    db = tmp_path / "f.duckdb"
    fixed = (NIGHT1 + '[Session "Thursday Night 2026.12.08"]\n[Event "Thursday Night"] [Date "2026.12.08"] '
             f'[Seats "Ann; Bob; Cal; Dee; Eve"] [Rules "{HOUSE}"]\n' + NEXT)
    body = json.loads(cli("ingest", write(tmp_path, "fixed.shn", fixed), "--db", str(db), "--json").stdout)
    assert (body["ingested"], body["rejected"], body["warnings"]) == (3, [], [])
    assert ledger(db) == {"Ann": 1, "Bob": -2, "Cal": 1, "Dee": -1, "Eve": 1}


def test_a_session_below_house_rules_without_rules_is_said_scored_by_the_default(tmp_path):
    """[Session] and [Seats] only (what E-SEATS-MISSING asked for): stored under the default profile, DOB on, now
    with W-RULES-DEFAULT at the [Session] tag (line 13).  By hand: next week's h1 Ann -4, Cal -2, the others +2;
    totals Ann 2+1-4 = -1, Bob -1-2+2 = -1, Cal 1+1-2 = 0, Dee -1-1+2 = 0, Eve -1+1+2 = 2."""
    db = tmp_path / "d.duckdb"
    text = NIGHT1 + '[Session "Thursday Night 2026.12.08"]\n[Date "2026.12.08"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
    body = json.loads(cli("ingest", write(tmp_path, "seats.shn", text + NEXT), "--db", str(db), "--json").stdout)
    assert body["ingested"] == 3
    [w] = body["warnings"]
    assert (w["code"], w["line"], w["col"]) == ("W-RULES-DEFAULT", 13, 1)
    assert w["message"] == (
        "session 'Thursday Night 2026.12.08' writes no [Rules] and no [Event] (the session above: [Event \"Thursday "
        "Night\"]), so its hands are scored by the default profile, wi5-called-ace, while session 'Thursday Night / "
        f"2026.12.01' above it wrote [Rules \"{HOUSE}\"] at line 5: a [Session] line starts with no tags "
        f"(docs/notation.md §4.2); if this night was played by the same rules, write [Rules \"{HOUSE}\"] under its "
        "[Session] line")
    assert ledger(db) == {"Ann": -1, "Bob": -1, "Cal": 0, "Dee": 0, "Eve": 2}


def test_no_w_rules_default_below_the_default_profile_or_with_rules_written(tmp_path):
    """The session above wrote the default profile's name: the default changes nothing, no warning; a session
    with its own [Rules] (even another) none either."""
    db = tmp_path / "n.duckdb"
    plain = NIGHT1.replace(HOUSE, "wi5-called-ace").replace("Thursday Night", "Friday Night")
    text = plain + '[Session "fri-1208"]\n[Date "2026.12.08"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n' + NEXT
    body = json.loads(cli("ingest", write(tmp_path, "plain.shn", text), "--db", str(db), "--json").stdout)
    assert (body["ingested"], body["warnings"]) == (3, [])
    text = (NIGHT1 + '[Session "thu-1208"]\n[Date "2026.12.08"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
            '[Rules "wi5-called-ace"]\n' + NEXT)
    body = json.loads(cli("ingest", write(tmp_path, "own.shn", text), "--db", str(tmp_path / "o.duckdb"), "--json").stdout)
    assert (body["ingested"], body["warnings"]) == (3, [])


# -- break24 F4: a file from before a [Seats] amendment, grown by a hand --------------------------------------------

def _friday(bea: str, hand4: bool = False) -> str:
    """The Friday Club's night of 4 December, Bea written ``bea``; with ``hand4`` the phone note's hand played
    after the amendment."""
    text = f"""%SHN 1.0
[Event "Friday Club"]
[Date "2026.12.04"]
[Seats "Al=Allen Braun; Bea={bea}; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
pick Al  call AS  partner Cy  pts 61  win

hand 2  dealer Al
pick Bea  call AH  partner Di  pts 91  win-s

hand 3  dealer Bea
pick Cy  alone  pts 30  lose-s
"""
    return text + ("\nhand 4  dealer Cy\npick Bea  call AC  partner Ed  pts 75  win\n" if hand4 else "")


def test_a_hand_added_to_the_file_from_before_a_rename_is_stored_under_the_corrected_name(tmp_path):
    """By hand (rules.md B-27, B-28, B-33 with DOB): h1 Al/Cy 61 win: Al +2, Cy +1, Bea, Di, Ed -1; h2 Bea/Di 91
    schneider (B-28): Bea +4, Di +2, the others -2; h3 Cy alone at 30 schneidered, DOB: Cy -16, the others +4; h4
    Bea/Ed 75 win: Bea +2, Ed +1, the others -1.  Bea (one person) -1+4+4+2 = 9; Al 2-2+4-1 = 3,
    Cy 1-2-16-1 = -18, Di -1+2+4-1 = 4, Ed -1-2+4+1 = 2.  It was Bea Schmidt +7 (3 hands) and Bea Schmit +2."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "typo.shn", _friday("Bea Schmit")), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "fix.shn", _friday("Bea Schmidt")), "--reason", "spelling",
        "--db", str(db))
    body = json.loads(cli("ingest", write(tmp_path, "grown.shn", _friday("Bea Schmit", True)), "--db", str(db),
                          "--json").stdout)
    assert (body["ingested"], body["duplicates"]) == (1, 3)
    got = [(w["code"], w["line"], w["hand"]) for w in body["warnings"]]
    assert got == [("W-HAND-AMENDED", 7, None), ("W-SESSION-HEADER", 16, 4)], got
    msg = body["warnings"][1]["message"]
    assert msg.startswith("hand 4 continues session 'Friday Club / 2026.12.04', stored before: Bea is written "
                          "'Bea Schmit', which the amendment of "), msg
    assert "UTC (spelling) corrected to 'Bea Schmidt'; so the new hands of this file are stored under the " \
           "corrected name" in msg, msg
    assert "two players" not in msg
    assert ledger(db) == {"Allen Braun": 3, "Bea Schmidt": 9, "Cy Ott": -18, "Di Lenz": 4, "Ed Kahl": 2}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT DISTINCT player FROM hand_units WHERE player LIKE 'Bea%'").fetchall() == [
            ("Bea Schmidt",)]
    # what is stored is what a re-read gives: rederive changes nothing
    assert "re-derived 4 hands: 0 changed" in cli("rederive", "--db", str(db)).output


def test_another_spelling_than_the_amended_one_is_still_said_a_second_player(tmp_path):
    """Control: 'Bea Schmitt' is no name the amendment corrected: stored as written, with the old warning (two
    names, two players).  h4 as above: Bea Schmitt +2; Bea Schmidt -1+4+4 = 7."""
    db = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "typo.shn", _friday("Bea Schmit")), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "fix.shn", _friday("Bea Schmidt")), "--reason", "spelling",
        "--db", str(db))
    body = json.loads(cli("ingest", write(tmp_path, "other.shn", _friday("Bea Schmitt", True)), "--db", str(db),
                          "--json").stdout)
    assert body["ingested"] == 1
    [w] = [w for w in body["warnings"] if w["code"] == "W-SESSION-HEADER"]
    assert "Bea is 'Bea Schmidt' there and 'Bea Schmitt' here: the ledger counts two names as two players" \
        in w["message"], w["message"]
    assert ledger(db)["Bea Schmitt"] == 2 and ledger(db)["Bea Schmidt"] == 7


# -- break24 F5: the text from before a hand's day was amended, sent again ------------------------------------------

THU = """%SHN 1.0
[Event "Thursday Night"]
[Date "2026.12.01"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]

hand 1  dealer Eve
pick Ann  call AS  partner Cal  pts 61  win

"""
#: hand 2 with next week's day as its own, on its 'hand' line (as the tester wrote it) or on a line of its own
OWN_ON_HEAD = 'hand 2  [Date "2026.12.08"]\ndealer Ann\npick Bob  call AH  partner Dee  pts 40  lose\n'
OWN_ON_LINE = 'hand 2  dealer Ann\n[Date "2026.12.08"]\npick Bob  call AH  partner Dee  pts 40  lose\n'
#: the amendment E-AMEND-PLACE asks for when the stored hand's own [Date] is on its 'hand' line (session 25: that
#: tag was not seen, and the amendment without it was taken): the session's day written there
FIXED_HEAD = 'hand 2  [Date "2026.12.01"]\ndealer Ann\npick Bob  call AH  partner Dee  pts 40  lose\n'
#: the amendment E-AMEND-PLACE asks for when the stored hand's own [Date] is on a line of its own: the session's day
#: written as the hand's own line
FIXED_OWN = 'hand 2  dealer Ann\n[Date "2026.12.01"]\npick Bob  call AH  partner Dee  pts 40  lose\n'
#: by hand (rules.md B-27, B-33 with DOB): h1 Ann/Cal 61 win: Ann +2, Cal +1, Bob, Dee, Eve -1; h2 Bob/Dee 40: a
#: plain loss, with DOB Bob -4, Dee -2, Ann, Cal, Eve +2.  Ann 4, Bob -5, Cal 3, Dee -3, Eve 1
THU_UNITS = {"Ann": 4, "Bob": -5, "Cal": 3, "Dee": -3, "Eve": 1}


def test_the_text_from_before_a_day_amendment_sent_again_is_said_amended(tmp_path):
    for k, (wrong, fixed) in enumerate(((OWN_ON_HEAD, FIXED_HEAD), (OWN_ON_LINE, FIXED_OWN))):
        db = tmp_path / f"d{k}.duckdb"
        old = write(tmp_path, f"own{k}.shn", THU + wrong)
        cli("ingest", old, "--db", str(db))
        assert ledger(db, "--from", "2026-12-08") == {"Ann": 2, "Bob": -4, "Cal": 2, "Dee": -2, "Eve": 2}
        r = cli("ingest", "--amend", write(tmp_path, f"fixed{k}.shn", THU + fixed), "--reason", "wrong day",
                "--db", str(db))
        assert "played: date '2026-12-01' (was '2026-12-08')" in r.output, r.output
        body = json.loads(cli("ingest", old, "--db", str(db), "--json").stdout)
        assert (body["ingested"], body["duplicates"]) == (0, 2)
        # hand 2's 'hand' line is line 10 (5 header lines, a blank, hand 1's two lines, a blank)
        assert [(w["code"], w["line"], w["col"], w["hand"]) for w in body["warnings"]] == [
            ("W-HAND-AMENDED", 10, 1, 2)], (k, body["warnings"])
        assert "hand 2 of session 'Thursday Night / 2026.12.01': this is the text from before the amendment of " \
               in body["warnings"][0]["message"]
        assert "(wrong day): the amended hand stays in force" in body["warnings"][0]["message"]
        assert ledger(db) == THU_UNITS
        assert ledger(db, "--from", "2026-12-08") == {}


# -- break24 F8: W-TAG-LATE capped, and not said for a hand refused ------------------------------------------------

def test_w_tag_late_is_said_five_times_then_once_for_the_rest(tmp_path):
    """300 hands, each followed by the session's own [Date]: five warnings, then one naming the other 295 (lines
    29, 33, ...: hand k's tag is at line 5 + 4k, the header 5 lines, each hand a blank, its two lines and the tag).
    Each of the 300 hands is Bob picks, Cal partner, 61 (the dealer rotating): Bob +2, Cal +1, the others -1
    (rules.md B-27, B-33), so Bob +600, Cal +300, Ann, Dee, Eve -300 each."""
    seats = ["Ann", "Bob", "Cal", "Dee", "Eve"]
    text = '%SHN 1.0\n[Event "Flood"]\n[Date "2026.12.01"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n[Rules "wi5-called-ace"]\n'
    for k in range(1, 301):
        text += (f"\nhand {k}  dealer {seats[(k - 1) % 5]}\npick Bob  call AS  partner Cal  pts 61  win\n"
                 '[Date "2026.12.01"]\n')
    db = tmp_path / "f.duckdb"
    body = json.loads(cli("ingest", write(tmp_path, "flood.shn", text), "--db", str(db), "--json").stdout)
    assert body["ingested"] == 300
    late = [w for w in body["warnings"] if w["code"] == "W-TAG-LATE"]
    assert [(w["line"], w["hand"]) for w in late] == [(9, 1), (13, 2), (17, 3), (21, 4), (25, 5), (29, None)]
    # a late tag equal to the session's is said to change nothing
    assert late[0]["message"].startswith("the tag [Date] at line 9 comes after hand 1's statements: it is its "
                                         "session's [Date] already, so it changes nothing")
    assert late[5]["message"].startswith("295 more tags come after a hand's statements, each that hand's own "
                                         "(docs/notation.md §4.2): lines 29, 33, 37, ")
    assert ", 105, ...;" in late[5]["message"]
    assert ledger(db) == {"Ann": -300, "Bob": 600, "Cal": 300, "Dee": -300, "Eve": -300}


def test_no_w_tag_late_for_the_hand_e_duplicate_refuses(tmp_path):
    """Hand 2 writes its own [Date] on its 'hand' line and a second [Date] after its statements: E-DUPLICATE
    refuses hand 2 at the second (line 13); W-TAG-LATE said at the same place that the tag 'applies to hand 2
    alone'.  Hand 1 alone stored: Ann +2, Cal +1, Bob, Dee, Eve -1."""
    db = tmp_path / "e.duckdb"
    text = THU + OWN_ON_HEAD + '[Date "2026.12.08"]\n'
    body = json.loads(cli("ingest", write(tmp_path, "dup.shn", text), "--db", str(db), "--json", ok=False).stdout)
    assert body["ingested"] == 1
    assert [(e["code"], e["line"], e["col"], e["hand"]) for e in body["rejected"]] == [("E-DUPLICATE", 13, 1, 2)]
    assert body["warnings"] == []
    assert ledger(db) == {"Ann": 2, "Bob": -1, "Cal": 1, "Dee": -1, "Eve": -1}


def test_a_late_tag_of_another_value_on_a_stored_hand_is_still_said(tmp_path):
    """A late [Rules] (no night tag) below hand 1's statements, the hand stored: W-TAG-LATE as before, 'applies to
    hand 1 alone'.  Hand 1 under doubleOnBump=off, Bob/Cal 40: a plain loss without DOB (B-33): Bob -2, Cal -1,
    the others +1; hand 2 under the session's rules, Bob/Cal 61: Bob +2, Cal +1, the others -1.  Totals Bob 0,
    Cal 0, Ann, Dee, Eve 0."""
    text = ('%SHN 1.0\n[Event "R"]\n[Date "2026.12.01"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n[Rules "wi5-called-ace"]\n'
            '\nhand 1  dealer Ann\npick Bob  call AS  partner Cal  pts 40  lose\n[Rules "wi5-called-ace; '
            'doubleOnBump=off"]\n\nhand 2  dealer Bob\npick Bob  call AS  partner Cal  pts 61  win\n')
    db = tmp_path / "r.duckdb"
    body = json.loads(cli("ingest", write(tmp_path, "r.shn", text), "--db", str(db), "--json").stdout)
    assert body["ingested"] == 2
    [w] = body["warnings"]
    assert (w["code"], w["line"], w["col"], w["hand"]) == ("W-TAG-LATE", 9, 1, 1)
    assert "so it applies to hand 1 alone (docs/notation.md §4.2)" in w["message"]
    assert ledger(db) == {"Ann": 0, "Bob": 0, "Cal": 0, "Dee": 0, "Eve": 0}
