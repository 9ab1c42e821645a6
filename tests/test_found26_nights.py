"""Records brought in session 26 (break26 F1, F2, F3, F9: a second night's hands filed into a stored night), each
amount worked out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write

HEAD = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "wi5-called-ace"]\n\n')
SESSION = "Tuesday Tavern Sheep / 2026.11.24"


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, CAST(date AS VARCHAR) FROM hands ORDER BY session, hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


# -- F1: a second night in one SHN file, numbered from 1 again under the same [Date] ----------------------------

#: the first night, lines 7-8 and 9-10 under the 6-line header:
#:   h1 Lou picks, Gus partner, 66 (rules.md B-28: 61..90 a plain win; B-33: picker 2 shares, partner 1):
#:      Lou +2, Gus +1, Mo, Rita, Zeke -1;
#:   h2 Mo picks, Zeke partner, 70: Mo +2, Zeke +1, Gus, Lou, Rita -1.
#:   Gus 0, Lou +1, Mo +1, Rita -2, Zeke 0.
NIGHT1 = ("hand 1\npick Lou call AH partner Gus pts 66 win\n"
          "hand 2\npick Mo call AS partner Zeke pts 70 win\n")
NIGHT1_UNITS = {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}
#: the second night's hands (its hand 3, Rita/Gus 45 lose, would add Rita -4, Gus -2, +2 each, B-32: the
#: stored total break26 F1 met was Gus -2, Lou +3, Mo +3, Rita -6, Zeke +2)
NIGHT2 = ("hand 1\npick Zeke call AH partner Rita pts 75 win\n"
          "hand 2\npick Gus alone pts 70 win\n"
          "hand 3\npick Rita call AC partner Gus pts 45 lose\n")
RENUM = HEAD + NIGHT1 + "\n" + NIGHT2  # the second night from line 12: hand 1 at 12, 2 at 14, 3 at 16
DUP = HEAD + NIGHT1 + HEAD.replace("%SHN 1.0\n", "") + NIGHT2  # the header again (lines 11-15): hand 1 at 16


@pytest.mark.parametrize("stream", [None, ("10", "2"), ("1", "1")])
@pytest.mark.parametrize("text, first", [(RENUM, 12), (DUP, 16)])
def test_a_second_night_numbered_from_1_again_in_one_block_is_refused_whole(tmp_path, monkeypatch, text, first,
                                                                            stream):
    """break26 F1: hands 1, 2 of the second block were E-HAND-ORDER but its hand 3 was stored as the first night's
    hand 3 (ledger Gus -2, Lou +3, Mo +3, Rita -6, Zeke +2).  Now hand 3 is refused with hands 1-2 of that block,
    E-HAND-ORDER at its number (column 6), the message naming the restart's line and writing that night's own [Date]
    under a [Session] line; hand 1's message names the [Date] too.  Whole and streamed alike; the first night's
    totals by hand (above) unchanged."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "two.shn", text), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "two.shn: 2 stored, 0 duplicates, 3 rejected" in out, r.output
    assert (f"two.shn:{first}:6: E-HAND-ORDER (hand 1): found hand 1 after hand 2 in the same session; expected a "
            "number greater than 2: if a new night starts here (its hands numbered from 1 again), write a "
            "[Session \"id\"] line above this hand with that night's own [Date \"YYYY.MM.DD\"] (and its other tags) "
            "under it; the hands after it that number on from it are refused with it") in out, r.output
    assert f"two.shn:{first + 2}:6: E-HAND-ORDER (hand 2): found hand 2 after hand 2" in out
    assert (f"two.shn:{first + 4}:6: E-HAND-ORDER (hand 3): hand 3 is of the hands numbering this session from 1 "
            f"again at line {first}, after its hand 2; a session's hand numbers are unique and increasing, each "
            "naming one hand (shead replay, void, history), so none of those hands is stored: if they are another "
            "night, write a [Session \"id\"] line above their hand 1 with that night's own [Date \"YYYY.MM.DD\"] (and "
            "its other tags) under it; if they go on with this night, number them after 2") in out, r.output
    assert ledger(db) == NIGHT1_UNITS
    assert _hands(db) == [(SESSION, 1, "2026-11-24"), (SESSION, 2, "2026-11-24")]
    assert [(n, line, code) for _, n, line, code in _rejected(db)] == [
        (1, first, "E-HAND-ORDER"), (2, first + 2, "E-HAND-ORDER"), (3, first + 4, "E-HAND-ORDER")]


def test_a_second_night_under_its_own_session_and_date_is_stored_as_its_own_night(tmp_path):
    """The advice of F1 followed: a [Session] line with that night's own [Date] above its hand 1.  By hand the
    second night (2026.12.01): h1 Zeke/Rita 75: Zeke +2, Rita +1, -1 each; h2 Gus alone 70: Gus +4, -1 each
    (B-33); h3 Rita/Gus 45 lose, doubled (B-32): Rita -4, Gus -2, +2 each.  Gus -1+4-2 = +1, Lou -1-1+2 = 0,
    Mo 0, Rita +1-1-4 = -4, Zeke +2-1+2 = +3; with night 1: Gus +1, Lou +1, Mo +1, Rita -6, Zeke +3."""
    db = tmp_path / "t.duckdb"
    fixed = HEAD + NIGHT1 + HEAD.replace("%SHN 1.0\n", '[Session "next"]\n').replace("11.24", "12.01") + NIGHT2
    cli("ingest", write(tmp_path, "two.shn", fixed), "--db", str(db))
    assert ledger(db) == {"Gus": 1, "Lou": 1, "Mo": 1, "Rita": -6, "Zeke": 3}
    assert _hands(db) == [(SESSION, 1, "2026-11-24"), (SESSION, 2, "2026-11-24"),
                          ("next", 1, "2026-12-01"), ("next", 2, "2026-12-01"), ("next", 3, "2026-12-01")]


def test_a_hand_out_of_order_not_1_refuses_only_itself(tmp_path):
    """Only a hand numbered 1 again restarts the block: hands 1, 2, 4, 3, 5 refuse hand 3 alone (E-HAND-ORDER at
    line 13), hand 5 stored.  By hand: h1 Lou/Gus 66: Lou +2, Gus +1, -1 each; h2 Mo/Zeke 70: Mo +2, Zeke +1,
    -1 each; h4 Lou/Gus 66 again; h5 Gus alone 70: Gus +4, -1 each.  Gus 1-1+1+4 = +5, Lou 2-1+2-1 = +2,
    Mo -1+2-1-1 = -1, Rita -1-1-1-1 = -4, Zeke -1+1-1-1 = -2."""
    db = tmp_path / "t.duckdb"
    text = HEAD + NIGHT1 + ("hand 4\npick Lou call AH partner Gus pts 66 win\n"
                            "hand 3\npick Rita call AC partner Gus pts 45 lose\n"
                            "hand 5\npick Gus alone pts 70 win\n")
    r = cli("ingest", write(tmp_path, "o.shn", text), "--db", str(db), ok=False)
    assert "o.shn: 4 stored, 0 duplicates, 1 rejected" in r.output, r.output
    assert "o.shn:13:6: E-HAND-ORDER (hand 3): found hand 3 after hand 4 in the same session" in r.output
    assert ledger(db) == {"Gus": 5, "Lou": 2, "Mo": -1, "Rita": -4, "Zeke": -2}


# -- F2: a stored night of one hand meets next week's file under the same [Date] ----------------------------------

#: last week, one hand (line 7): Lou picks, Gus partner, 66 (B-28, B-33): Lou +2, Gus +1, Mo, Rita, Zeke -1
ONE = "hand 1 dealer Zeke\npick Lou call AH partner Gus pts 66 win\n"
ONE_UNITS = {"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1}
#: next week, lines 7, 9, 11 (break26's a/nextweek.shn): its hand 1 differs from last week's in pick, partner, pts
NEXT = ("hand 1 dealer Zeke\npick Zeke call AH partner Rita pts 75 win\n"
        "hand 2\npick Gus alone pts 70 win\n"
        "hand 3\npick Rita call AC partner Gus pts 45 lose\n")
#: the message of each of its hands (SHN), up to the hand's own part
F2_WHY = (f"this file's hands of session '{SESSION}' share hand 1 with the stored night of 2026-11-24 and it differs "
          "from the stored one (no hand of the file repeats a stored one), so none of its 3 hands (1-3) is stored: "
          "it is another night or a correction of the stored one, and the file does not say which: if it is another "
          "night, write its own [Date] above its first hand (its [Date \"2026.11.24\"] is the stored night's) and "
          "send the file again; if it corrects the stored night, amend the stored hand 1 (shead ingest --amend "
          "FILE, FILE holding that hand as this file has it), then send this file again (its hands after 1 are new "
          f"then; shead sheet '{SESSION}' lists the stored ones)")


@pytest.mark.parametrize("stream", [None, ("1", "1"), ("1", "2")])
def test_a_one_hand_night_does_not_take_next_weeks_hands(tmp_path, monkeypatch, stream):
    """break26 F2: hand 1 was E-HAND-CONFLICT with the advice to amend alone (it would overwrite last week's only
    hand), hands 2 and 3 stored into last week's night (ledger Gus +3, Lou +3, Mo 0, Rita -6, Zeke 0).  Now the
    block shares hand 1 with the stored night, repeats none, and holds other hands: none of its 3 hands is stored,
    each E-HAND-CONFLICT at column 1 of its 'hand' line (7, 9, 11) with both readings; whole and read in batches
    of 1 and 2.  Last week stays Lou +2, Gus +1, Mo, Rita, Zeke -1."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "one.shn", HEAD + ONE), "--db", str(db))
    r = cli("ingest", write(tmp_path, "next.shn", HEAD + NEXT), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "next.shn: 0 stored, 0 duplicates, 3 rejected" in out, r.output
    for line, n in ((7, 1), (9, 2), (11, 3)):
        assert f"next.shn:{line}:1: E-HAND-CONFLICT (hand {n}): hand {n}: {F2_WHY}" in out, r.output
    assert "this hand 1 differs from the stored one in pick: stored Lou, this copy Zeke" in out
    assert "to correct the stored hand: shead ingest --amend FILE" not in out
    assert ledger(db) == ONE_UNITS
    assert _hands(db) == [(SESSION, 1, "2026-11-24")]
    assert _rejected(db) == [(f"{SESSION} (another night)", n, line, "E-HAND-CONFLICT")
                             for line, n in ((7, 1), (9, 2), (11, 3))]


def test_a_one_hand_night_in_csv_does_not_take_next_weeks_rows(tmp_path):
    """break26 F2, the same as two score sheets (a/last.csv, a/next.csv, Date cells 2026-11-24): the three rows
    refused at their rows 2-4, the advice for a sheet (its Date cells); last week's units as written there, Lou +2,
    Gus +1, -1 each (B-33)."""
    db = tmp_path / "c.duckdb"
    head = "Date,Hand,Dealer,Picker,Partner,Called,Pts,Gus,Lou,Mo,Rita,Zeke\n"
    cli("ingest", write(tmp_path, "last.csv", head + "2026-11-24,1,Zeke,Lou,Gus,AH,66,1,2,-1,-1,-1\n"), "--db", str(db))
    r = cli("ingest", write(tmp_path, "next.csv", head + "2026-11-24,1,Zeke,Zeke,Rita,AH,75,-1,-1,-1,1,2\n"
                            "2026-11-24,2,Gus,Gus,alone,,70,4,-1,-1,-1,-1\n"
                            "2026-11-24,3,Lou,Rita,Gus,AC,45,-2,2,2,-4,2\n"), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "next.csv: 0 stored, 0 duplicates, 3 rejected" in out, r.output
    for row in (2, 3, 4):
        assert f"next.csv:{row}:1: E-HAND-CONFLICT (hand {row - 1})" in out
    assert ("if it is another night, give its rows their own date (its Date cells say 2026-11-24, the stored "
            "night's) and send the file again; if it corrects the stored night, amend the stored hand 1") in out
    assert ledger(db) == ONE_UNITS


def test_either_reading_followed_stores_the_right_hands(tmp_path):
    """Both readings of F2's message, followed.  Another night: next week's [Date "2026.12.01"]: by hand h1 Zeke
    +2, Rita +1, -1 each; h2 Gus alone +4, -1 each (B-33); h3 Rita -4, Gus -2, +2 each (45, doubled on the
    bump, B-32): Gus -1+4-2 = +1, Lou -1-1+2 = 0, Mo 0, Rita +1-1-4 = -4, Zeke +2-1+2 = +3; with last week
    Gus +2, Lou +2, Mo -1, Rita -5, Zeke +2.  A correction: hand 1 amended to next.shn's hand 1, then the file
    sent again: hand 1 a duplicate, hands 2 and 3 stored, the night that of next.shn alone: Gus +1, Lou 0, Mo 0,
    Rita -4, Zeke +3."""
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "one.shn", HEAD + ONE), "--db", str(db))
    cli("ingest", write(tmp_path, "next.shn", HEAD.replace("11.24", "12.01") + NEXT), "--db", str(db))
    assert ledger(db) == {"Gus": 2, "Lou": 2, "Mo": -1, "Rita": -5, "Zeke": 2}
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "one.shn", HEAD + ONE), "--db", str(db))
    nxt = write(tmp_path, "next.shn", HEAD + NEXT)
    cli("ingest", "--amend", write(tmp_path, "fix.shn", HEAD + NEXT.split("hand 2")[0]), "--db", str(db))
    r = cli("ingest", nxt, "--db", str(db))
    assert "next.shn: 2 stored, 1 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Gus": 1, "Lou": 0, "Mo": 0, "Rita": -4, "Zeke": 3}


#: a night of three hands (lines 7-12), by hand (B-28, B-33, B-32): h1 Lou/Gus 66: Lou +2, Gus +1, -1 each;
#: h2 Mo/Zeke 70: Mo +2, Zeke +1, -1 each; h3 Rita/Gus 45 lose: Rita -4, Gus -2, +2 each
#: -> Gus -2, Lou +3, Mo +3, Rita -6, Zeke +2
THREE = NIGHT1.replace("hand 1\n", "hand 1 dealer Zeke\n") + "hand 3\npick Rita call AC partner Gus pts 45 lose\n"
THREE_UNITS = {"Gus": -2, "Lou": 3, "Mo": 3, "Rita": -6, "Zeke": 2}


@pytest.mark.parametrize("stream", [None, ("1", "1"), ("1", "2"), ("1", "3")])
def test_a_night_resent_with_a_repeat_a_correction_and_new_hands_still_stores_the_new_hands(tmp_path, monkeypatch,
                                                                                            stream):
    """Kept (break26's a/again.shn): hand 1 repeated, hand 2 written with 72 points, hand 3 repeated, hands 4 and
    5 new: 2 stored, 2 duplicates, hand 2 E-HAND-CONFLICT at line 9 with the advice to amend.  By hand h4 Mo/Rita
    88: Mo +2, Rita +1, -1 each; h5 Rita/Zeke 40 lose: Rita -4, Zeke -2, +2 each: with the night Gus -1, Lou +4,
    Mo +3+2+2 = +7, Rita -9, Zeke -1 (zero-sum: -1+4+7-9-1)."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "lw.shn", HEAD + THREE), "--db", str(db))
    assert ledger(db) == THREE_UNITS
    again = (HEAD + THREE.replace("pts 70 win", "pts 72 win") + "hand 4\npick Mo call AH partner Rita pts 88 win\n"
             "hand 5\npick Rita call AS partner Zeke pts 40 lose\n")
    r = cli("ingest", write(tmp_path, "again.shn", again), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "again.shn: 2 stored, 2 duplicates, 1 rejected" in out, r.output
    assert "again.shn:9:1: E-HAND-CONFLICT (hand 2)" in out
    assert "(to correct the stored hand: shead ingest --amend FILE)" in out and "another night" not in out
    assert ledger(db) == {"Gus": -1, "Lou": 4, "Mo": 7, "Rita": -9, "Zeke": -1}


# -- F3: a new hand written as an earlier hand's score line, the file not shifted ---------------------------------

#: score lines without points (B-27: a plain win or loss); lines 7-12
STORED3 = ("hand 1\npick Lou call AH partner Gus win\n"
           "hand 2\npick Mo call AS partner Zeke win\n"
           "hand 3\npick Rita call AC partner Gus lose\n")
#: re-sent: hand 2's partner corrected (line 9), hand 3 as stored, hand 4 written as hand 1 is (line 13), hand 5 new
RESENT = (STORED3.replace("partner Zeke", "partner Rita") + "hand 4\npick Lou call AH partner Gus win\n"
          "hand 5\npick Zeke call AH partner Mo win\n")


@pytest.mark.parametrize("stream", [None, ("1", "1"), ("1", "2"), ("1", "3")])
def test_a_new_hand_like_an_earlier_one_is_stored_when_the_later_hands_are_in_place(tmp_path, monkeypatch, stream):
    """break26 F3: hand 4 was E-HAND-CONFLICT "the stored hand 1 written again under another number ... the
    night's hands look shifted" although the file's hand 3 is the stored hand 3 at its own number.  Now hand 4 is
    stored; hand 2 is still E-HAND-CONFLICT (line 9, the advice to amend).  By hand (B-27/B-33, B-32): stored
    h1 Lou +2, Gus +1, -1 each; h2 Mo +2, Zeke +1, -1 each; h3 Rita -4, Gus -2, +2 each -> Gus -2, Lou +3,
    Mo +3, Rita -6, Zeke +2; h4 Lou +2, Gus +1, Mo, Rita, Zeke -1; h5 Zeke +2, Mo +1, Gus, Lou, Rita -1 ->
    Gus -2+1-1 = -2, Lou 3+2-1 = +4, Mo 3-1+1 = +3, Rita -6-1-1 = -8, Zeke 2-1+2 = +3."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "stored.shn", HEAD + STORED3), "--db", str(db))
    assert ledger(db) == {"Gus": -2, "Lou": 3, "Mo": 3, "Rita": -6, "Zeke": 2}
    r = cli("ingest", write(tmp_path, "resent.shn", HEAD + RESENT), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "resent.shn: 2 stored, 2 duplicates, 1 rejected" in out, r.output
    assert (f"resent.shn:9:1: E-HAND-CONFLICT (hand 2): hand 2 of session '{SESSION}' is already stored, from an "
            "earlier ingest, with other text; a session holds each hand once; it differs in partner: stored Zeke, "
            "this copy Rita (to correct the stored hand: shead ingest --amend FILE)") in out
    assert "shifted" not in out
    assert ledger(db) == {"Gus": -2, "Lou": 4, "Mo": 3, "Rita": -8, "Zeke": 3}
    assert [n for _, n, _ in _hands(db)] == [1, 2, 3, 4, 5]


def test_a_shifted_night_is_still_refused(tmp_path):
    """Kept (break25 F1): a stored night of four hands (STORED3 and h4 Zeke/Mo win: Zeke +2, Mo +1, Gus, Lou,
    Rita -1 -> Gus -3, Lou +2, Mo +4, Rita -7, Zeke +4) re-sent with a hand inserted at 3 (Gus alone), the later
    ones renumbered: hands 1, 2 repeat, 3 and 4 conflict, hand 5 is the stored hand 4; no hand after hand 3 at its
    own number, so hand 5 is refused as shifted (line 15): nothing stored, the ledger the stored night's."""
    db = tmp_path / "s.duckdb"
    h4 = "hand 4\npick Zeke call AH partner Mo win\n"
    cli("ingest", write(tmp_path, "stored.shn", HEAD + STORED3 + h4), "--db", str(db))
    four = {"Gus": -3, "Lou": 2, "Mo": 4, "Rita": -7, "Zeke": 4}
    assert ledger(db) == four
    shifted = STORED3.split("hand 3")[0] + ("hand 3\npick Gus alone win\n"
                                            "hand 4\npick Rita call AC partner Gus lose\n") + h4.replace("4", "5")
    r = cli("ingest", write(tmp_path, "sh.shn", HEAD + shifted), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "sh.shn: 0 stored, 2 duplicates, 3 rejected" in out, r.output
    assert f"sh.shn:15:1: E-HAND-CONFLICT (hand 5): hand 5 of session '{SESSION}' is the stored hand 4" in out
    assert "the night's hands look shifted (a hand inserted at 3, the later ones renumbered)" in out
    assert ledger(db) == four


# -- F9: voided hands are no "stored ones that differ" ------------------------------------------------------------


def test_hands_written_over_voided_numbers_are_said_voided_not_differing(tmp_path):
    """break26 F9: a night of three hands (THREE, with 66/70/45 points), its hands 2 and 3 voided (shead void),
    re-sent with 2 and 3 corrected (72, 47) and hand 4 new was refused whole saying "2 differ from the stored
    ones".  Now the refusal (unchanged: nothing stored, each hand E-HAND-CONFLICT at lines 7, 9, 11, 13) says the 2
    are written over the voided hands 2-3.  Its advice followed, hand 4 sent alone (the voided numbers stay
    void) is stored.  By hand: h1 Lou +2, Gus +1, Mo, Rita, Zeke -1 (B-33); h4 Mo/Rita 88: Mo +2, Rita +1, Gus,
    Lou, Zeke -1 -> Gus 0, Lou +1, Mo +1, Rita 0, Zeke -2."""
    db = tmp_path / "v.duckdb"
    cli("ingest", write(tmp_path, "v.shn", HEAD + THREE), "--db", str(db))
    for n in (2, 3):
        cli("void", f"{SESSION}#{n}", "--reason", "wrong night", "--db", str(db))
    assert ledger(db) == ONE_UNITS
    h4 = "hand 4\npick Mo call AH partner Rita pts 88 win\n"
    v2 = HEAD + THREE.replace("pts 70", "pts 72").replace("pts 45", "pts 47") + h4
    r = cli("ingest", write(tmp_path, "v2.shn", v2), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "v2.shn: 0 stored, 0 duplicates, 4 rejected" in out, r.output
    for line, n in ((7, 1), (9, 2), (11, 3), (13, 4)):
        assert (f"v2.shn:{line}:1: E-HAND-CONFLICT (hand {n}): hand {n}: this file's hands of session '{SESSION}' "
                "look like another night under the stored night's date 2026-11-24: of its 3 hands numbered as stored "
                "hands, 2 are written over the voided hands 2-3 (shead void) and 1 repeats one, numbered from 1 "
                "again") in out, r.output
    assert "differ from the stored ones" not in out
    assert ledger(db) == ONE_UNITS
    cli("ingest", write(tmp_path, "h4.shn", HEAD + h4), "--db", str(db))
    assert ledger(db) == {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": 0, "Zeke": -2}
