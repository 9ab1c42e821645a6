"""A score sheet's Tricks column: the picker side's tricks, SHN's ``tricks N`` (break25 F6: it was read as a sixth
player and every hand refused E-SEATS, naming no column).  Worked by hand, five-handed called ace, doubled on the
bump (rules.md B-27, B-28, B-29, B-32, B-33):
hand 1 Lou/Gus 66, 4 tricks: a win, Lou +2, Gus +1, Mo, Rita, Zeke -1;
hand 2 Mo/Zeke 70, 3 tricks: a win, Mo +2, Zeke +1, Gus, Lou, Rita -1;
hand 3 Rita/Gus 45, 2 tricks: a loss doubled, Rita -4, Gus -2, Lou, Mo, Zeke +2;
hand 4 Zeke/Mo, no points written, 0 tricks: the picker side took no trick, a no-tricker (B-29: x3), doubled on
the bump: Zeke -12, Mo -6, Gus, Lou, Rita +6 (units left blank: derived).
Night: Gus 1-1-2+6 = 4, Lou 2-1+2+6 = 9, Mo -1+2+2-6 = -3, Rita -1-1-4+6 = 0, Zeke -1+1+2-12 = -10."""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, ledger, write

SHEET = """Date,Hand,Dealer,Picker,Partner,Call,Points,Tricks,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,66,4,1,2,-1,-1,-1
2026-12-01,2,Gus,Mo,Zeke,AS,70,3,-1,-1,2,-1,1
2026-12-01,3,Lou,Rita,Gus,AC,45,2,-2,2,2,-4,2
2026-12-01,4,Mo,Zeke,Mo,AS,,0,,,,,
"""


def test_a_tricks_column_is_the_picker_sides_tricks(tmp_path):
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "tricks.csv", SHEET), "--db", str(db))
    assert "4 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Gus": 4, "Lou": 9, "Mo": -3, "Rita": 0, "Zeke": -10}
    with duckdb.connect(str(db), read_only=True) as con:
        got = con.execute("SELECT hand, outcome FROM hands ORDER BY hand").fetchall()
    assert got == [(1, "win"), (2, "win"), (3, "lose"), (4, "lose-z")]


def test_a_tricks_cell_that_is_no_count_is_refused_at_its_cell(tmp_path):
    db = tmp_path / "t.duckdb"
    bad = SHEET.replace("2026-12-01,2,Gus,Mo,Zeke,AS,70,3,", "2026-12-01,2,Gus,Mo,Zeke,AS,70,three,")
    r = cli("ingest", write(tmp_path, "tricks.csv", bad), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "tricks.csv:3:8: E-CSV-TRICKS (hand 2): row 3: tricks 'three' is not a count of tricks (the picker " \
           "side's)" in out, r.output
    assert "3 stored, 0 duplicates, 1 rejected" in out
