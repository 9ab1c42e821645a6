"""Records brought by session 25's outside tester (break25 F1, F2, F3) against today's fix of real25 F1 (another
night under a stored night's [Date], Store._another_night): each stored wrong data silently.  Every amount is worked
out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.test_found25_nights import HEAD, LAST_WEEK, LAST_WEEK_UNITS, SESSION, THIS_WEEK


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, CAST(date AS VARCHAR) FROM hands ORDER BY session, hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


ANOTHER = f"{SESSION} (another night)"
#: the five refusals of THIS_WEEK (hands 1-5 at their hand lines 7, 9, 11, 13, 15), filed as another night
THIS_WEEK_REFUSED = [(ANOTHER, n, line, "E-HAND-CONFLICT") for line, n in ((7, 1), (9, 2), (11, 3), (13, 4), (15, 5))]


# -- break25 F3: a stored night whose hand 1 was voided ------------------------------------------------------------

def test_a_voided_hand_written_otherwise_counts_as_a_conflict_of_another_night(tmp_path):
    """break25 F3: last week's hand 1 voided ('misdeal, not played'), then this week's file under last week's [Date]:
    hand 1 was refused for its voided number alone and left out of the count (1 conflict, hand 2; 1 repeat, hand 3:
    'one conflict is a correction'), so hands 4 and 5 were stored into 2026-11-24.  Now hand 1, written over the
    voided number with another text (Zeke/Rita 75, the voided one Lou/Gus 66), is a conflict: 2 conflicts and 1
    repeat, numbered from 1 again, so all five are refused E-HAND-CONFLICT as another night.

    By hand, last week after the void is h2 + h3 (rules.md B-28, B-33, B-32):
      h2 Mo/Zeke 70 win: Mo +2, Zeke +1, Gus, Lou, Rita -1;  h3 Rita/Gus 45 lose (doubled): Rita -4, Gus -2, others +2;
      Gus -1-2 = -3, Lou -1+2 = +1, Mo 2+2 = +4, Rita -1-4 = -5, Zeke 1+2 = +3  (LAST_WEEK_UNITS less h1's
      Lou +2, Gus +1, Mo/Rita/Zeke -1).
    What was stored (h4 Mo/Rita 88: Mo +2, Rita +1, others -1; h5 Rita/Zeke 40 lose: Rita -4, Zeke -2, others +2):
    Gus -2, Lou +2, Mo +8, Rita -8, Zeke 0 -- must not be."""
    db = tmp_path / "v.duckdb"
    cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db))
    cli("void", f"{SESSION}#1", "--reason", "misdeal, not played", "--db", str(db))
    after_void = {"Gus": -3, "Lou": 1, "Mo": 4, "Rita": -5, "Zeke": 3}
    assert ledger(db) == after_void
    r = cli("ingest", write(tmp_path, "next.shn", HEAD + THIS_WEEK), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "next.shn: 0 stored, 0 duplicates, 5 rejected" in out, r.output
    assert f"next.shn:7:1: E-HAND-CONFLICT (hand 1): hand 1: this file's hands of session '{SESSION}' look like " \
           "another night under the stored night's date 2026-11-24: of its 3 hands numbered as stored hands, 1 " \
           "differs from the stored one, 1 is written over the voided hand 1 (shead void) and 1 repeats one, " \
           "numbered from 1 again, so none of its 5 hands (1-5) is stored" in out, r.output  # voided: break26 F9
    assert ledger(db) == after_void
    assert _hands(db) == [(SESSION, 2, "2026-11-24"), (SESSION, 3, "2026-11-24")]
    assert _rejected(db) == THIS_WEEK_REFUSED


# -- break25 F2: the same file read in batches -----------------------------------------------------------------------

def test_another_night_read_in_batches_is_refused_whole_as_read_whole(tmp_path, monkeypatch):
    """break25 F2: THIS_WEEK (under last week's [Date]) read in batches of 1, 2 or 3 hands: the check was taken
    batch by batch, and no batch held the block (batch 1 = hands 1, 2 is two conflicts and no fresh hand, so it was
    never asked): '2 stored, 1 duplicates, 2 rejected', hands 4 and 5 stored into 2026-11-24, hands 1 and 2 refused
    with the advice to --amend.  Now the block is kept over the batches and decided by the batch that reaches past
    the stored night's last hand (3): hands 1-3 met stored numbers, 2 differ and 1 repeats, numbered from 1, so it
    is another night: 0 stored, 0 duplicates, 5 rejected, each E-HAND-CONFLICT at its hand line filed under
    '... (another night)', the earlier batches' refusals filed anew (no --amend advice left in the database);
    the ledger is last week's (LAST_WEEK_UNITS: Gus -2, Lou +3, Mo +3, Rita -6, Zeke +2), not
    + h4 Mo/Rita 88 (Mo +2, Rita +1, others -1) + h5 Rita/Zeke 40 lose (Rita -4, Zeke -2, others +2)
    = Gus -1, Lou +4, Mo +7, Rita -9, Zeke -1 as stored before."""
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
    for batch in ("1", "2", "3"):
        monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)
        db = tmp_path / f"b{batch}.duckdb"
        cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db))
        r = cli("ingest", write(tmp_path, "next.shn", HEAD + THIS_WEEK), "--db", str(db), ok=False)
        out = r.output.replace("\n", " ")
        assert "next.shn: 0 stored, 0 duplicates, 5 rejected" in out, (batch, r.output)
        for line, n in ((7, 1), (9, 2), (11, 3), (13, 4), (15, 5)):
            assert f"next.shn:{line}:1: E-HAND-CONFLICT (hand {n}): hand {n}: this file's hands of session " \
                   f"'{SESSION}' look like another night under the stored night's date 2026-11-24: of its 3 hands " \
                   "numbered as stored hands, 2 differ from the stored ones and 1 repeats one, numbered from 1 " \
                   "again" in out, (batch, r.output)
        assert "to correct the stored hand: shead ingest --amend FILE" not in out, batch
        assert ledger(db) == LAST_WEEK_UNITS, batch
        assert _hands(db) == [(SESSION, n, "2026-11-24") for n in (1, 2, 3)], batch
        assert _rejected(db) == THIS_WEEK_REFUSED, batch
        with duckdb.connect(str(db), read_only=True) as con:
            assert con.execute("SELECT count(*) FROM rejected WHERE message LIKE '%to correct the stored hand%'"
                               ).fetchone() == (0,), batch
            # every batch's ingests row counts what it did: none below 0, the file's rows add up to its account
            assert con.execute("SELECT sum(stored), min(duplicates), sum(rejected) FROM ingests WHERE file LIKE "
                               "'%next.shn'").fetchone() == (0, 0, 5), batch


STORED5 = LAST_WEEK + ("hand 4\npick Mo call AH partner Rita pts 88 win\n"
                       "hand 5\npick Rita call AS partner Zeke pts 40 lose\n")


def test_a_correction_read_in_batches_still_stores_its_new_hand(tmp_path, monkeypatch):
    """Kept when read in batches: a stored night of 5 hands (LAST_WEEK + h4 Mo/Rita 88 + h5 Rita/Zeke 40 lose) sent
    again with hands 1 and 2 written otherwise (pts 67, 71), hands 3-5 as stored and hand 6 new is a correction
    (2 conflicts, 3 repeats), however it is read: hand 6 stored, hands 1 and 2 E-HAND-CONFLICT with the advice to
    --amend, 3 duplicates.  Its first batch of 2 (two conflicts, no repeat yet) does not decide: the batch that
    reaches past hand 5 does, over the whole block.
    By hand: the stored night is LAST_WEEK_UNITS + h4 (Mo +2, Rita +1, Gus, Lou, Zeke -1) + h5 (Rita -4, Zeke -2,
    Gus, Lou, Mo +2) = Gus -1, Lou +4, Mo +7, Rita -9, Zeke -1; h6 Gus alone 70 win (B-33: Gus +4, the others -1):
    Gus +3, Lou +3, Mo +6, Rita -10, Zeke -2."""
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
    again = HEAD + STORED5.replace("pts 66 win", "pts 67 win").replace("pts 70 win", "pts 71 win") + \
        "hand 6\npick Gus alone pts 70 win\n"
    for batch in ("1", "2"):
        monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)
        db = tmp_path / f"c{batch}.duckdb"
        cli("ingest", write(tmp_path, "five.shn", HEAD + STORED5), "--db", str(db))
        assert ledger(db) == {"Gus": -1, "Lou": 4, "Mo": 7, "Rita": -9, "Zeke": -1}
        r = cli("ingest", write(tmp_path, "again.shn", again), "--db", str(db), ok=False)
        out = r.output.replace("\n", " ")
        assert "again.shn: 1 stored, 3 duplicates, 2 rejected" in out, (batch, r.output)
        assert "again.shn:7:1: E-HAND-CONFLICT (hand 1)" in out and "again.shn:9:1: E-HAND-CONFLICT (hand 2)" in out
        assert "another night" not in out, batch
        assert ledger(db) == {"Gus": 3, "Lou": 3, "Mo": 6, "Rita": -10, "Zeke": -2}, batch


# -- break25 F1: a night re-sent with a forgotten hand inserted ------------------------------------------------------

#: the night as first sent: 4 hands, the third played left out (Rita/Gus 45 lose)
FIRST4 = ("hand 1 dealer Zeke\npick Lou call AH partner Gus pts 66 win\n"
          "hand 2\npick Mo call AS partner Zeke pts 70 win\n"
          "hand 3\npick Mo call AH partner Rita pts 88 win\n"
          "hand 4\npick Rita call AS partner Zeke pts 40 lose\n")
#: sent again with the forgotten hand inserted as hand 3, the later two renumbered 4 and 5 (lines 7 .. 16)
AGAIN5 = ("hand 1 dealer Zeke\npick Lou call AH partner Gus pts 66 win\n"
          "hand 2\npick Mo call AS partner Zeke pts 70 win\n"
          "hand 3\npick Rita call AC partner Gus pts 45 lose\n"
          "hand 4\npick Mo call AH partner Rita pts 88 win\n"
          "hand 5\npick Rita call AS partner Zeke pts 40 lose\n")
#: By hand (rules.md B-28, B-32, B-33):
#:   Lou/Gus 66 win: Lou +2, Gus +1, Mo Rita Zeke -1;       Mo/Zeke 70 win: Mo +2, Zeke +1, Gus Lou Rita -1;
#:   Rita/Gus 45 lose (doubled): Rita -4, Gus -2, Lou Mo Zeke +2;  Mo/Rita 88 win: Mo +2, Rita +1, Gus Lou Zeke -1;
#:   Rita/Zeke 40 lose (doubled): Rita -4, Zeke -2, Gus Lou Mo +2.
#: The first four: Gus 1-1-1+2 = +1, Lou 2-1-1+2 = +2, Mo -1+2+2+2 = +5, Rita -1-1+1-4 = -5, Zeke -1+1-1-2 = -3.
FIRST4_UNITS = {"Gus": 1, "Lou": 2, "Mo": 5, "Rita": -5, "Zeke": -3}
#: The night (the five): Gus 1-1-2-1+2 = -1, Lou 2-1+2-1+2 = +4, Mo -1+2+2+2+2 = +7, Rita -1-1-4+1-4 = -9,
#: Zeke -1+1+2-1-2 = -1.  What was stored (hand 5, the stored hand 4 again, added): Gus +3, Lou +4, Mo +7,
#: Rita -9, Zeke -5 -- neither the one nor the other.
NIGHT5_UNITS = {"Gus": -1, "Lou": 4, "Mo": 7, "Rita": -9, "Zeke": -1}


def test_a_stored_hand_written_again_under_a_shifted_number_is_not_stored(tmp_path):
    """break25 F1 (SHN): '1 stored, 2 duplicates, 2 rejected', hand 5 stored as a new hand.  Now hands 1, 2 are
    duplicates, hands 3, 4 E-HAND-CONFLICT as before (each a conflict with the stored hand of its number), and
    hand 5, the stored hand 4 again (every fact but its number), E-HAND-CONFLICT at again.shn:15:1 saying the
    night's hands look shifted (a hand inserted at 3); the ledger stays the first four's.  Its advice, followed
    (amend hands 3-4 with a file of the re-sent hands 1-4, then send the file again), gives the night by hand."""
    db = tmp_path / "f.duckdb"
    cli("ingest", write(tmp_path, "first.shn", HEAD + FIRST4), "--db", str(db))
    assert ledger(db) == FIRST4_UNITS
    again = write(tmp_path, "again.shn", HEAD + AGAIN5)
    r = cli("ingest", again, "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "again.shn: 0 stored, 2 duplicates, 3 rejected" in out, r.output
    assert "again.shn:11:1: E-HAND-CONFLICT (hand 3)" in out and "again.shn:13:1: E-HAND-CONFLICT (hand 4)" in out
    assert f"again.shn:15:1: E-HAND-CONFLICT (hand 5): hand 5 of session '{SESSION}' is the stored hand 4 " \
           f"({tmp_path / 'first.shn'}:13) written again under another number, and this file's hands 3-4 differ " \
           "from the stored ones: the night's hands look shifted (a hand inserted at 3, the later ones " \
           "renumbered), so it is not stored (it would count hand 4 twice and leave the inserted hand out): if " \
           "so, correct the stored night: amend its hands 3-4 with this file's (shead ingest --amend FILE, FILE " \
           "holding this file's hands up to 4), then send this file again (its hands after 4 are new then)" \
           in out, r.output
    assert ledger(db) == FIRST4_UNITS
    assert _hands(db) == [(SESSION, n, "2026-11-24") for n in (1, 2, 3, 4)]
    assert _rejected(db) == [(SESSION, 3, 11, "E-HAND-CONFLICT"), (SESSION, 4, 13, "E-HAND-CONFLICT"),
                             (SESSION, 5, 15, "E-HAND-CONFLICT")]
    # the advice followed: the re-sent hands 1-4 as the amendment, then the file again (hand 5 new then)
    cli("ingest", "--amend", write(tmp_path, "fix.shn", HEAD + AGAIN5.split("hand 5")[0]), "--db", str(db))
    r = cli("ingest", again, "--db", str(db))
    assert "again.shn: 1 stored, 4 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == NIGHT5_UNITS


SHEET = "Date,Hand,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke\n"
SHEET_FIRST = ("2026-11-24,1,Zeke,Lou,Gus,AH,66,1,2,-1,-1,-1\n"
               "2026-11-24,2,Gus,Mo,Zeke,AS,70,-1,-1,2,-1,1\n"
               "2026-11-24,3,Mo,Mo,Rita,AH,88,-1,-1,2,1,-1\n"
               "2026-11-24,4,Rita,Rita,Zeke,AS,40,2,2,2,-4,-2\n")
#: the sheet again, hand 3 (Lou deals, Rita/Gus 45 lose: Rita -4, Gus -2, the others +2) inserted, 4 and 5 renumbered
SHEET_AGAIN = ("2026-11-24,1,Zeke,Lou,Gus,AH,66,1,2,-1,-1,-1\n"
               "2026-11-24,2,Gus,Mo,Zeke,AS,70,-1,-1,2,-1,1\n"
               "2026-11-24,3,Lou,Rita,Gus,AC,45,-2,2,2,-4,2\n"
               "2026-11-24,4,Mo,Mo,Rita,AH,88,-1,-1,2,1,-1\n"
               "2026-11-24,5,Rita,Rita,Zeke,AS,40,2,2,2,-4,-2\n")


def test_a_sheet_sent_again_with_a_row_inserted_stores_no_copy(tmp_path, monkeypatch):
    """break25 F1 (a score sheet, its Hand column renumbered 1-5 by the scorer): row 6, hand 5, is the stored hand 4
    cell for cell (dealer Rita, Rita/Zeke 40 lose, Gus 2 Lou 2 Mo 2 Rita -4 Zeke -2); it was stored as hand 5.  Now
    E-HAND-CONFLICT at again.csv:6:1, the advice for a sheet (an amendment is SHN: export, write hands 3-4, amend),
    the ledger the first four's (FIRST4_UNITS).  The same when the sheet is read in batches of 2 (break25 F2's
    path: its conflicts, hands 3 and 4, are in the batch before hand 5's)."""
    for batch in (None, "2"):
        if batch:
            monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
            monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)
        db = tmp_path / f"s{batch}.duckdb"
        cli("ingest", write(tmp_path, "night.csv", SHEET + SHEET_FIRST), "--db", str(db))
        assert ledger(db) == FIRST4_UNITS
        r = cli("ingest", write(tmp_path, "again.csv", SHEET + SHEET_AGAIN), "--db", str(db), ok=False)
        out = r.output.replace("\n", " ")
        assert "again.csv: 0 stored, 2 duplicates, 3 rejected" in out, (batch, r.output)
        assert "again.csv:6:1: E-HAND-CONFLICT (hand 5): hand 5 of session 'CSV night 2026-11-24' is the stored " \
               "hand 4 (" in out, (batch, r.output)
        assert "the night's hands look shifted (a hand inserted at 3, the later ones renumbered), so it is not " \
               "stored (it would count hand 4 twice and leave the inserted hand out): if so, correct the stored " \
               "night: export the night as SHN (shead export --format shn --out night.shn), write its hands 3-4 " \
               "there as this file has them, amend (shead ingest --amend night.shn), then send this file again" \
               in out, (batch, r.output)
        assert ledger(db) == FIRST4_UNITS, batch
