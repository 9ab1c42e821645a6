"""verify31 F5 (fixh31): a second CSV page of a stored night (same date and players, no Hand column, so its rows
are numbered 1, 2 again) was refused E-HAND-CONFLICT "look like another night ... send only its hands after 2",
advice a sheet without a Hand column cannot follow: its rows are those hands already.  The refusal now also names
``--columns "session=<the stored session>"``, which continues the stored night (its rows hands 3-4).
Records /tmp/verify31/sess/first.csv and rest.csv, inline.

Worked by hand, profile wi5-called-ace (doubleOnBump on, rules.md B-32):
- hand 1: Ann picks, calls AS, partner Cal, 70: a plain win (B-27, B-28 61..90 x1; B-31 / B-33): Ann +2, Cal +1,
  Bob/Dee/Eve -1.
- hand 2: Bob picks, calls AH, partner Eve, 50: a plain loss (B-28 31..60) doubled on the bump: Bob -4, Eve -2,
  Ann/Cal/Dee +2.
- hand 3 (rest.csv row 1): Cal picks, calls AC, partner Dee, 80: a plain win: Cal +2, Dee +1, Ann/Bob/Eve -1.
- hand 4 (rest.csv row 2): Dee picks, calls AS, partner Ann, 95: schneider (B-28 91..120 x2): Dee +4, Ann +2,
  Bob/Cal/Eve -2.
Night: Ann 2+2-1+2 = +5, Bob -1-4-1-2 = -8, Cal 1+2+2-2 = +3, Dee -1+2+1+4 = +6, Eve -1-2-1-2 = -6; sum 0.
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

HEAD = "Date,Dealer,Picker,Partner,Call,Points,Ann,Bob,Cal,Dee,Eve\n"
FIRST = HEAD + "2026-12-10,Eve,Ann,Cal,AS,70,2,-1,1,-1,-1\n2026-12-10,Ann,Bob,Eve,AH,50,2,-4,2,2,-2\n"
REST = HEAD + "2026-12-10,Bob,Cal,Dee,AC,80,-1,-1,2,1,-1\n2026-12-10,Cal,Dee,Ann,AS,95,2,-2,-2,4,-2\n"


def test_a_second_page_of_the_night_is_told_the_session_to_continue(tmp_path):
    db = tmp_path / "x.duckdb"
    assert _ingest(write(tmp_path, "first.csv", FIRST), db)["ingested"] == 2
    with duckdb.connect(str(db), read_only=True) as con:
        (sess,), = con.execute("SELECT session FROM sessions").fetchall()
    rest = write(tmp_path, "rest.csv", REST)
    rep = _ingest(rest, db)
    assert rep["ingested"] == 0 and [c for _l, _c, c, _h in _where(rep)] == ["E-HAND-CONFLICT"] * 2, rep
    flag = f'--columns "session={sess}"'
    for r in rep["rejected"]:
        assert flag in r["message"], r["message"]
    # the advice followed: the rows are hands 3 and 4 of the stored night
    rep = _ingest(rest, db, "--columns", f"session={sess}")
    assert (rep["ingested"], _where(rep)) == (2, []), rep
    with duckdb.connect(str(db), read_only=True) as con:
        got = con.execute("SELECT h.hand, u.player, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                          "WHERE h.hand > 2 ORDER BY h.hand, u.seat_no").fetchall()
    assert got == [(3, "Ann", -1), (3, "Bob", -1), (3, "Cal", 2), (3, "Dee", 1), (3, "Eve", -1),
                   (4, "Ann", 2), (4, "Bob", -2), (4, "Cal", -2), (4, "Dee", 4), (4, "Eve", -2)]
    tot = ledger(db)
    assert tot == {"Ann": 5, "Bob": -8, "Cal": 3, "Dee": 6, "Eve": -6}
    assert sum(tot.values()) == 0
