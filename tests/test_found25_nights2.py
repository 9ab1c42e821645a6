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
