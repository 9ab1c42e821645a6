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
           "another night under the stored night's date 2026-11-24: of its 3 hands numbered as stored hands, 2 " \
           "differ from the stored ones and 1 repeats one, numbered from 1 again, so none of its 5 hands (1-5) is " \
           "stored" in out, r.output
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
