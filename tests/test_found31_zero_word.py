"""verify31 F3 (fixh31): a player named after a column's word (Marks) was not taken for a player when one row wrote
0 for him and the other players' cells summed to 0 (a wi6-sit-out dealer's 0, a doubler deal's row of 0s): real31
F2's test "sums to 0 with the column and not without it" refused the whole sheet.  Such a row is neutral now: it
neither makes the column a player's nor says it is not; another row must still sum to 0 only with it.  Records
/tmp/verify31/six_marks.csv and marks_dbl.csv, inline.

Worked by hand:
six_marks.csv, profile wi6-sit-out (rules.md F-1: six at the table, the dealer sits out, five-handed as §B):
- hand 1: Marks deals and sits out (0); Ann picks, calls AS, partner Cal, 70: a plain win (B-27, B-28 61..90 x1;
  B-31 / B-33): Ann +2, Cal +1, Bob/Dee/Eve -1, Marks 0.
- hand 2: Ann deals and sits out (0); Marks picks, calls AH, partner Bob, 75: a plain win: Marks +2, Bob +1,
  Cal/Dee/Eve -1, Ann 0.
Night: Ann 2+0 = +2, Bob -1+1 = 0, Cal 1-1 = 0, Dee -1-1 = -2, Eve -1-1 = -2, Marks 0+2 = +2; sum 0.

marks_dbl.csv, profile "wi5-called-ace; noPick=doubler":
- hand 1: Ann picks, calls AS, partner Cal, 70, W: Ann +2, Cal +1, Bob/Dee/Marks -1.
- Ann's deal: all pass, a doubler (D-11: thrown in, the next played hand x2): everyone 0.
- next hand (x2, D-11): Marks picks, calls AH, partner Dee, 80, W: a plain win x2: Marks +4, Dee +2,
  Ann/Bob/Cal -2.
Night: Ann 2+0-2 = 0, Bob -1-2 = -3, Cal 1-2 = -1, Dee -1+2 = +1, Marks -1+4 = +3; sum 0.
"""

from __future__ import annotations

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

SIX = ("Date,Dealer,Picker,Partner,Call,Points,Ann,Bob,Cal,Dee,Eve,Marks\n"
       "2026-11-28,Marks,Ann,Cal,AS,70,2,-1,1,-1,-1,0\n"
       "2026-11-28,Ann,Marks,Bob,AH,75,0,1,-1,-1,-1,2\n")
DBL = ("Date,Dealer,Picker,Partner,Call,Points,Result,Doubler,Ann,Bob,Cal,Dee,Marks\n"
       "2026-11-29,Marks,Ann,Cal,AS,70,W,,2,-1,1,-1,-1\n"
       "2026-11-29,Ann,,,,,,x,0,0,0,0,0\n"
       "2026-11-29,Bob,Marks,Dee,AH,80,W,,-2,-2,-2,2,4\n")


def test_a_sit_out_dealer_named_marks_writes_0(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "six_marks.csv", SIX), db, "--rules", "wi6-sit-out")
    assert (rep["ingested"], _where(rep)) == (2, []), rep
    got = ledger(db)
    assert got == {"Ann": 2, "Bob": 0, "Cal": 0, "Dee": -2, "Eve": -2, "Marks": 2}
    assert sum(got.values()) == 0


def test_a_doubler_row_of_0s_with_a_player_named_marks(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "marks_dbl.csv", DBL), db, "--rules", "wi5-called-ace; noPick=doubler")
    assert _where(rep) == [], rep
    assert rep["ingested"] >= 2, rep
    got = ledger(db)
    assert got == {"Ann": 0, "Bob": -3, "Cal": -1, "Dee": 1, "Marks": 3}
    assert sum(got.values()) == 0


def test_a_column_of_only_0s_is_still_no_player(tmp_path):
    """The neutral rows alone say nothing: a Marks column whose every cell is 0 is still the marks column (no row
    sums to 0 only with it), so Marks is no player and the sheet's players are the four others."""
    from ingest.csv_sheet import _word_players
    header = ["Date", "Dealer", "Picker", "Partner", "Call", "Points", "Ann", "Bob", "Cal", "Dee", "Marks"]
    rows = [["2026-11-28", "Marks", "Ann", "Cal", "AS", "70", "2", "-1", "1", "-2", "0"],
            ["2026-11-28", "Ann", "Bob", "Dee", "AH", "75", "-1", "2", "-2", "1", "0"]]
    assert _word_players(header, rows, None) == []
    rows[1][6:] = ["-1", "2", "-1", "-1", "1"]
    assert _word_players(header, rows, None) == ["Marks"]
