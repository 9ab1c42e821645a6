"""Records brought in session 24 (defects found by the outside testers of
sessions 22 and 23 and left open), each amount worked out by hand from
rules.md before shead's figure was read."""

from __future__ import annotations

import duckdb

from ingest.shn import reader
from tests.cli_helpers import cli, ledger, write

# -- A second night's [Date] typed below a hand: not that hand's day (real22 F4) ----------------------------------

HEAD = '%SHN 1.0\n[Event "Tuesday Basement Game"]\n[Date "2026.11.03"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n\n'
NIGHT1 = ("hand 1 dealer Ed\npick Al call AH partner Bea pts 70 win\n"
          "hand 2\npick Bea call AS partner Cy pts 40 lose\n")
NIGHT2 = "hand 1 dealer Ed\npick Cy call AC partner Di pts 95 win-s\nhand 2\npick Di alone pts 61 win\n"
#: real22's in/P_two_nights.shn: a phone's note, the next week's night started below the first one's last hand
TWO_NIGHTS = HEAD + NIGHT1 + '\n[Date "2026.11.10"]\n' + NIGHT2
#: the user's fix (in/P_two_nights_fixed.shn): the next night under a [Session] of its own
FIXED = (HEAD + NIGHT1 + '\n[Session "Tuesday 2026-11-10"]\n[Event "Tuesday Basement Game"]\n[Date "2026.11.10"]\n'
         '[Seats "Al; Bea; Cy; Di; Ed"]\n' + NIGHT2)

#: By hand (rules.md B-28 plain win at 61..90, B-29 schneider at 91+, B-32 double on the bump (the default profile
#: wi5-called-ace), B-33 the picker takes twice a defender's share, the partner one):
#:   night 1, h1 Al picks, Bea partner, 70: a plain win: Al +2, Bea +1, Cy, Di, Ed -1;
#:            h2 Bea picks, Cy partner, 40: a loss, doubled on the bump: Bea -4, Cy -2, Al, Di, Ed +2;
#:   night 1: Al +4, Bea -3, Cy -3, Di +1, Ed +1.
#:   night 2, h1 Cy picks, Di partner, 95: schneider, 2 a defender: Cy +4, Di +2, Al, Bea, Ed -2;
#:            h2 Di alone, 61: a plain win alone: Di +4, Al, Bea, Cy, Ed -1;
#:   night 2: Al -3, Bea -3, Cy +3, Di +6, Ed -3.
NIGHT1_UNITS = {"Al": 4, "Bea": -3, "Cy": -3, "Di": 1, "Ed": 1}
NIGHT2_UNITS = {"Al": -3, "Bea": -3, "Cy": 3, "Di": 6, "Ed": -3}


def _rows(db):
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, CAST(date AS VARCHAR), dealer FROM hands "
                           "ORDER BY date, session, hand").fetchall()


def test_a_next_nights_date_below_a_hand_refuses_that_hand_instead_of_redating_it(tmp_path):
    """Hand 2 was stored dated 2026-11-10 inside the night of 2026-11-03, its dealer empty, with only W-TAG-LATE
    ("applies to hand 2 alone"); a ledger --from 2026-11-10 counted it (Bea -4, Cy -2, +2 each).  Now hand 2 is
    refused at the tag (line 11, column 1: lines 1-5 header, 6-9 night 1, 10 blank), the message giving both
    fixes; night 2's hands are E-HAND-ORDER as before (lines 12 and 14, at the number, column 6)."""
    db = tmp_path / "p.duckdb"
    r = cli("ingest", write(tmp_path, "P.shn", TWO_NIGHTS), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "P.shn: 1 stored, 0 duplicates, 3 rejected" in out, r.output
    assert "P.shn:11:1: E-TAG-LATE (hand 2): the tag [Date \"2026.11.10\"] at line 11 comes after hand 2's " in out
    assert "another night than its session's \"2026.11.03\"; hand 2 is refused: if the tag starts the next night, " \
           "write a [Session \"...\"] line above it" in out
    assert "P.shn:12:6: E-HAND-ORDER (hand 1)" in out and "P.shn:14:6: E-HAND-ORDER (hand 2)" in out
    assert "W-TAG-LATE" not in out  # the error says it; no second, milder word
    # h1 alone: Al +2, Bea +1, Cy, Di, Ed -1; nothing of 2026-11-10
    assert ledger(db) == {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}
    assert ledger(db, "--from", "2026-11-10") == {}
    assert _rows(db) == [("Tuesday Basement Game / 2026.11.03", 1, "2026-11-03", "Ed")]
    # the user's fix, as the message says: hand 1 a duplicate, hand 2 and night 2 stored, each on its own night
    r = cli("ingest", write(tmp_path, "P_fixed.shn", FIXED), "--db", str(db))
    assert "P_fixed.shn: 3 stored, 1 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db, "--to", "2026-11-03") == NIGHT1_UNITS
    assert ledger(db, "--from", "2026-11-10") == NIGHT2_UNITS
    # hand 2 of night 1 is dealt by Al, on Ed's left (rules.md B-1), derived; so is night 2's hand 2
    assert _rows(db) == [("Tuesday Basement Game / 2026.11.03", 1, "2026-11-03", "Ed"),
                         ("Tuesday Basement Game / 2026.11.03", 2, "2026-11-03", "Al"),
                         ("Tuesday 2026-11-10", 1, "2026-11-10", "Ed"), ("Tuesday 2026-11-10", 2, "2026-11-10", "Al")]


def test_a_hands_own_date_written_after_its_hand_line_or_a_late_tag_of_its_nights_value_is_kept(tmp_path):
    """The refusal is for a night tag below the statements naming another night.  The same [Date] right after
    'hand 2' is hand 2's own (docs/notation.md §4.2), stored with that day, no word; a late [Date] equal to the
    session's changes nothing and stays W-TAG-LATE.  Units as night 1 (Al +4, Bea -3, Cy -3, Di +1, Ed +1)."""
    db = tmp_path / "o.duckdb"
    own = HEAD + NIGHT1.replace("hand 2\n", 'hand 2\n[Date "2026.11.10"]\n')
    r = cli("ingest", write(tmp_path, "own.shn", own), "--db", str(db))
    assert "own.shn: 2 stored, 0 duplicates, 0 rejected" in r.output and "TAG-LATE" not in r.output, r.output
    assert ledger(db) == NIGHT1_UNITS
    assert [row[2] for row in _rows(db)] == ["2026-11-03", "2026-11-10"]
    db2 = tmp_path / "s.duckdb"
    same = HEAD + NIGHT1 + '\n[Date "2026.11.03"]\n'
    r = cli("ingest", write(tmp_path, "same.shn", same), "--db", str(db2))
    out = r.output.replace("\n", " ")
    assert "same.shn: 2 stored" in out and "same.shn:11:1: warning W-TAG-LATE: the tag [Date] at line 11" in out
    assert "E-TAG-LATE" not in out
    assert ledger(db2) == NIGHT1_UNITS
    # an [Event] below the statements names another group's night: refused too, at its tag
    r = cli("ingest", write(tmp_path, "ev.shn", HEAD + NIGHT1 + '[Event "Friday Club"]\n'), "--db",
            str(tmp_path / "e.duckdb"), ok=False)
    assert "ev.shn: 1 stored, 0 duplicates, 1 rejected" in r.output
    assert "ev.shn:10:1: E-TAG-LATE (hand 2): the tag [Event \"Friday Club\"] at line 10" in r.output.replace("\n", " ")


def test_a_hand_stored_under_the_next_nights_date_is_offered_amend_not_a_new_session(tmp_path, monkeypatch):
    """A database from before E-TAG-LATE holds hand 2 as the old reader stored it (made here by ingesting real22's
    file with the reader's night tags emptied, which is the reader before this change): dated 2026-11-10 in the
    night of 2026-11-03, no dealer.  The user's fixed file said "a night numbered from 1 again is no continuation:
    give it a [Session] of its own" for the night's own hand 2; now the message names the stored day against the
    session's and offers --amend with the line to write, and that amendment gives hand 2 its night: 2026-11-03,
    dealer Al (on Ed's left, B-1), units unchanged (night 1 as by hand)."""
    db = tmp_path / "p.duckdb"
    with monkeypatch.context() as m:
        m.setattr(reader, "_NIGHT_TAGS", frozenset())
        r = cli("ingest", write(tmp_path, "P.shn", TWO_NIGHTS), "--db", str(db), ok=False)
    assert "P.shn: 2 stored, 0 duplicates, 2 rejected" in r.output and "W-TAG-LATE" in r.output, r.output
    assert _rows(db) == [("Tuesday Basement Game / 2026.11.03", 1, "2026-11-03", "Ed"),
                         ("Tuesday Basement Game / 2026.11.03", 2, "2026-11-10", None)]  # the finding's rows
    r = cli("ingest", write(tmp_path, "P_fixed.shn", FIXED), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "P_fixed.shn: 2 stored, 1 duplicates, 1 rejected" in out, r.output
    assert ("P_fixed.shn:8:1: E-HAND-CONFLICT (hand 2): hand 2 of session 'Tuesday Basement Game / 2026.11.03' is "
            "stored with a [Date] of its own, 2026.11.10, another day than its session's 2026.11.03, which this "
            "file's hand 2 is of: if it is this hand, stored under the other night's day (a [Date] written below "
            "its statements), correct it: shead ingest --amend FILE, with [Date \"2026.11.03\"] on the line after "
            "its 'hand 2' line") in out
    assert "no continuation" not in out and "[Session" not in out
    assert ledger(db, "--from", "2026-11-10") == {"Al": -1, "Bea": -7, "Cy": 1, "Di": 8, "Ed": -1}  # night 2 + h2
    amend = HEAD + NIGHT1.replace("hand 2\n", 'hand 2\n[Date "2026.11.03"]\n')
    r = cli("ingest", "--amend", write(tmp_path, "amend.shn", amend), "--reason", "night 2's date", "--db", str(db))
    assert "played: date '2026-11-03' (was '2026-11-10')" in r.output, r.output
    assert ledger(db, "--to", "2026-11-03") == NIGHT1_UNITS
    assert ledger(db, "--from", "2026-11-10") == NIGHT2_UNITS
    assert ("Tuesday Basement Game / 2026.11.03", 2, "2026-11-03", "Al") in _rows(db)


def test_a_copy_of_a_hand_stored_with_its_own_date_is_told_how_to_amend(tmp_path):
    """The stored hand 2 has its own [Date "2026.11.10"] right after its 'hand' line; a copy of the night without
    it is of the session's day.  The message said "a night numbered from 1 again is no continuation" (it is the
    night's own hand 2) and now says to amend with the session's [Date] on the hand's line, at the hand (line 8)."""
    db = tmp_path / "v.duckdb"
    own = HEAD + NIGHT1.replace("hand 2\n", 'hand 2\n[Date "2026.11.10"]\n')
    cli("ingest", write(tmp_path, "own.shn", own), "--db", str(db))
    r = cli("ingest", write(tmp_path, "copy.shn", HEAD + NIGHT1), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "copy.shn: 0 stored, 1 duplicates, 1 rejected" in out, r.output
    assert "copy.shn:8:1: E-HAND-CONFLICT (hand 2)" in out
    assert ("the stored hand 2 has a [Date] of its own, 2026.11.10, another day than its session's 2026.11.03, "
            "which this copy is of: if it is this hand, stored under the other night's day, correct it: shead ingest "
            "--amend FILE, with [Date \"2026.11.03\"] on the line after its 'hand 2' line") in out
    assert "no continuation" not in out
    assert ledger(db) == NIGHT1_UNITS


# -- A file sent again whose only difference from an amendment is a [Seats] spelling (real23b F9) ------------------

PHONE = """%SHN 1.0
[Event "Friday Phone Club"]
[Date "{day}"]
[Seats "Gus={gus}; Hal=Hal Dorn; Ivy=Ivy  Lind; Jo=Jo Marx; Kim=Kim Nord"]
[Rules "wi5-called-ace"]

hand 1  dealer Gus
pick Hal  call AH  partner Ivy  pts 75  win
score Gus -1 Hal +2 Ivy +1 Jo -1 Kim -1
"""
#: real23b's F1_phone_part1.shn: the week before, hands 2 and 3 after hand 1
WEEK1 = PHONE.format(day="2026.12.11", gus="Gus Berg") + """
hand 2
pick Jo  call AC  partner Kim  pts 60  lose
score Gus +2 Hal +2 Ivy +2 Jo -4 Kim -2

hand 3
pick Kim  alone  pts 30  lose-s
score Gus +4 Hal +4 Ivy +4 Jo +4 Kim -16
"""


def test_a_file_sent_again_with_the_seats_spelling_from_before_a_rename_is_said_amended(tmp_path):
    """By hand (rules.md B-28..B-33, wi5-called-ace with double on the bump): week 1 h1 Hal picks, Ivy partner, 75:
    Hal +2, Ivy +1, Gus, Jo, Kim -1; h2 Jo picks, Kim partner, 60: a loss (61 wins), doubled: Jo -4, Kim -2, +2 each;
    h3 Kim alone, 30: lose-s, 2 a defender doubled 4, alone pays 4x4: Kim -16, +4 each.  Week 2 h1 as week 1's h1.
    Ledger: Gus -1+2+4-1 = +4, Hal 2+2+4+2 = +10, Ivy 1+2+4+1 = +8, Jo -1-4+4-1 = -2, Kim -1-2-16-1 = -20.
    Week 2 came with 'Gus=gus berg' (W-PLAYER-SPELLING: a player of his own, -1), renamed by --amend with the
    stored Seats; the lower-case file sent again said only "0 stored, 1 duplicates".  Now W-HAND-AMENDED, at hand
    1's line (7), as a units amendment sent again says; the amended file sent again stays silent."""
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "F1_phone_part1.shn", WEEK1), "--db", str(db))
    low = write(tmp_path, "G_week2_lowercase.shn", PHONE.format(day="2026.12.18", gus="gus berg"))
    r = cli("ingest", low, "--db", str(db))
    assert "G_week2_lowercase.shn:4:1: warning W-PLAYER-SPELLING: Gus is 'gus berg'" in r.output, r.output
    assert ledger(db)["gus berg"] == -1 and ledger(db)["Gus Berg"] == 5
    fix = write(tmp_path, "G_fix_seats.shn", PHONE.format(day="2026.12.18", gus="Gus Berg"))
    r = cli("ingest", "--amend", fix, "--reason", "Gus is Gus Berg", "--db", str(db))
    assert "names: Gus is 'Gus Berg' (was 'gus berg')" in r.output, r.output
    totals = {"Gus Berg": 4, "Hal Dorn": 10, "Ivy Lind": 8, "Jo Marx": -2, "Kim Nord": -20}
    assert ledger(db) == totals
    r = cli("ingest", low, "--db", str(db))
    out = r.output.replace("\n", " ")
    assert "G_week2_lowercase.shn: 0 stored, 1 duplicates, 0 rejected" in out, r.output
    assert ("G_week2_lowercase.shn:7:1: warning W-HAND-AMENDED: hand 1 of session 'Friday Phone Club / 2026.12.18': "
            "this is the text from before the amendment of ") in out
    assert "UTC (Gus is Gus Berg): the amended hand stays in force" in out
    assert ledger(db) == totals  # the rename stands
    r = cli("ingest", fix, "--db", str(db))
    assert "G_fix_seats.shn: 0 stored, 1 duplicates, 0 rejected" in r.output and "W-HAND-AMENDED" not in r.output
    # the week-1 file sent again: its hands were never amended, nothing said
    r = cli("ingest", write(tmp_path, "again.shn", WEEK1), "--db", str(db))
    assert "again.shn: 0 stored, 3 duplicates, 0 rejected" in r.output and "W-" not in r.output, r.output
