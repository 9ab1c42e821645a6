"""Records brought in session 25 (real25 F1, F2: hands filed under the wrong night), each amount worked out by
hand from rules.md before shead's figure was read."""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, ledger, write

# -- A new night's SHN file that keeps last week's [Date] (real25 F1) ---------------------------------------------

HEAD = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "wi5-called-ace"]\n\n')
SESSION = "Tuesday Tavern Sheep / 2026.11.24"
#: last week, stored: lines 7-8, 9-10, 11-12 under the 6-line header
LAST_WEEK = ("hand 1 dealer Zeke\npick Lou call AH partner Gus pts 66 win\n"
             "hand 2\npick Mo call AS partner Zeke pts 70 win\n"
             "hand 3\npick Rita call AC partner Gus pts 45 lose\n")
#: By hand (rules.md B-28: 61..90 a plain win, 31..60 a plain loss; B-33: the picker twice a defender's share, the
#: partner once; the default profile doubles a loss on the bump, B-32):
#:   h1 Lou picks, Gus partner, 66: Lou +2, Gus +1, Mo, Rita, Zeke -1;
#:   h2 Mo picks, Zeke partner, 70: Mo +2, Zeke +1, Gus, Lou, Rita -1;
#:   h3 Rita picks, Gus partner, 45 lose (doubled): Rita -4, Gus -2, Lou, Mo, Zeke +2.
LAST_WEEK_UNITS = {"Gus": -2, "Lou": 3, "Mo": 3, "Rita": -6, "Zeke": 2}
#: this week, the phone's template not updated (its [Date] last week's): hands 1 and 2 differ from last week's,
#: hand 3 happens to be written as last week's hand 3, hands 4 and 5 are numbers last week never reached
THIS_WEEK = ("hand 1 dealer Zeke\npick Zeke call AH partner Rita pts 75 win\n"
             "hand 2\npick Gus alone pts 70 win\n"
             "hand 3\npick Rita call AC partner Gus pts 45 lose\n"
             "hand 4\npick Mo call AH partner Rita pts 88 win\n"
             "hand 5\npick Rita call AS partner Zeke pts 40 lose\n")
#: By hand, this week on its own night:
#:   h1 Zeke picks, Rita partner, 75: Zeke +2, Rita +1, Gus, Lou, Mo -1;
#:   h2 Gus alone, 70: Gus +4 (B-33: alone, all four shares), Lou, Mo, Rita, Zeke -1;
#:   h3 as last week's h3: Rita -4, Gus -2, Lou, Mo, Zeke +2;
#:   h4 Mo picks, Rita partner, 88: Mo +2, Rita +1, Gus, Lou, Zeke -1;
#:   h5 Rita picks, Zeke partner, 40 lose (doubled): Rita -4, Zeke -2, Gus, Lou, Mo +2.
#:   Gus -1+4-2-1+2 = +2; Lou -1-1+2-1+2 = +1; Mo -1-1+2+2+2 = +4; Rita +1-1-4+1-4 = -7; Zeke +2-1+2-1-2 = 0.
THIS_WEEK_UNITS = {"Gus": 2, "Lou": 1, "Mo": 4, "Rita": -7, "Zeke": 0}


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, CAST(date AS VARCHAR) FROM hands ORDER BY session, hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


def test_a_new_nights_file_under_last_weeks_date_is_refused_whole(tmp_path):
    """real25 F1: hands 1 and 2 were E-HAND-CONFLICT (with the advice to --amend, which would overwrite last week),
    hand 3 a duplicate, hands 4 and 5 stored as hands 4 and 5 of 2026-11-24 (Mo +2 -> +5 ...).  Now: its hands that
    meet stored numbers (1-3) conflict twice and repeat once, and it numbers from 1 again, so none of its five hands
    is stored; each is E-HAND-CONFLICT at its hand line (7, 9, 11, 13, 15), filed under the would-be session
    '... (another night)', the message saying to write its own [Date], no --amend; last week's night unchanged."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db))
    assert ledger(db) == LAST_WEEK_UNITS
    r = cli("ingest", write(tmp_path, "next.shn", HEAD + THIS_WEEK), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "next.shn: 0 stored, 0 duplicates, 5 rejected" in out, r.output
    for line, n in ((7, 1), (9, 2), (11, 3), (13, 4), (15, 5)):
        assert f"next.shn:{line}:1: E-HAND-CONFLICT (hand {n}): hand {n}: this file's hands of session '{SESSION}' " \
               "look like another night under the stored night's date 2026-11-24: of its 3 hands numbered as " \
               "stored hands, 2 differ from the stored ones and 1 repeats one, numbered from 1 again, so none of " \
               "its 5 hands (1-5) is stored: if it is another night, write its own [Date] above its first hand " \
               "(its [Date \"2026.11.24\"] is the stored night's) and send the file again; if it is the stored " \
               "night going on, send only its hands after 3" in out, r.output
    assert "this hand 1 differs from the stored one in pick: stored Lou, this copy Zeke" in out
    assert "--amend" not in out
    assert ledger(db) == LAST_WEEK_UNITS
    assert _hands(db) == [(SESSION, 1, "2026-11-24"), (SESSION, 2, "2026-11-24"), (SESSION, 3, "2026-11-24")]
    assert _rejected(db) == [(f"{SESSION} (another night)", n, line, "E-HAND-CONFLICT")
                             for line, n in ((7, 1), (9, 2), (11, 3), (13, 4), (15, 5))]
    sheet = cli("sheet", SESSION, "--db", str(db)).output
    assert "refused" not in sheet  # last week's sheet shows none of this week's refusals
    # the fix the message gives: the night's own [Date]; all five stored, on their own night
    fixed = HEAD.replace("2026.11.24", "2026.12.01") + THIS_WEEK
    r = cli("ingest", write(tmp_path, "next_fixed.shn", fixed), "--db", str(db))
    assert "next_fixed.shn: 5 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db, "--from", "2026-12-01") == THIS_WEEK_UNITS
    assert ledger(db, "--to", "2026-11-24") == LAST_WEEK_UNITS


def test_the_stored_night_sent_again_corrected_and_gone_on_still_stores_its_new_hands(tmp_path):
    """Kept as it was: last week's night re-sent with hand 2 written otherwise (pts 72) and hand 4 added (the
    night went on) repeats 2 hands and conflicts once: hand 4 stored, hand 2 E-HAND-CONFLICT with the advice to
    --amend (line 9).  By hand, h4 Mo picks, Rita partner, 88: Mo +2, Rita +1, Gus, Lou, Zeke -1, so
    Gus -3, Lou +2, Mo +5, Rita -5, Zeke +1.  So too the night's last hand sent again corrected with the next one
    (a block from hand 3, not from the night's first hand: 1 conflict, 0 repeats): hand 4 stored, hand 3 refused."""
    h4 = "hand 4\npick Mo call AH partner Rita pts 88 win\n"
    want = {"Gus": -3, "Lou": 2, "Mo": 5, "Rita": -5, "Zeke": 1}
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db))
    again = HEAD + LAST_WEEK.replace("pts 70 win", "pts 72 win") + h4
    r = cli("ingest", write(tmp_path, "again.shn", again), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "again.shn: 1 stored, 2 duplicates, 1 rejected" in out, r.output
    assert f"again.shn:9:1: E-HAND-CONFLICT (hand 2): hand 2 of session '{SESSION}' is already stored" in out
    assert "it differs in pts: stored 70, this copy 72 (to correct the stored hand: shead ingest --amend FILE)" in out
    assert "another night" not in out
    assert ledger(db) == want
    db2 = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db2))
    tail = HEAD + "hand 3\npick Rita call AC partner Gus pts 47 lose\n" + h4
    r = cli("ingest", write(tmp_path, "tail.shn", tail), "--db", str(db2), ok=False)
    out = r.output.replace("\n", " ")
    assert "tail.shn: 1 stored, 0 duplicates, 1 rejected" in out, r.output
    assert "tail.shn:7:1: E-HAND-CONFLICT (hand 3)" in out and "another night" not in out
    assert ledger(db2) == want
