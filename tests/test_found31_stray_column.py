"""real31 F6: a sheet (BOM, a blank row, a Check column, a Beer column holding 3.50) whose Beer column is the only
non-whole or blank player column of its rows, the other player columns summing to 0 without it: row 2 advised
--columns stake=0.25 (which reads every player at four times their units), rows 3, 5, 7 a player leaving; only row
6 --columns ignore=Beer.  Now ignore=Beer is each such row's first advice.  real31's usa.csv, inline.

Worked by hand with --columns ignore=Beer, profile wi5-called-ace (doubleOnBump on):
- h1 Bob picks, AH, partner Dee, 59: a plain loss (rules.md B-27, B-28 31..60), doubled on the bump (B-32):
  Bob -2x2 = -4, Dee -1x2 = -2, Ann/Cal/Eve +2 (B-33 with DOB).
- h2 Cal picks, AS, partner Eve, 78: a plain win (B-28 61..90): Cal +2, Eve +1, Ann/Bob/Dee -1.
- h3 Dee alone, 93: schneider (B-28 91..120, x2), alone 4 shares (B-31): Dee +8, the others -2.
- h4 a leaster won by Ann (D-4): Ann +4, the others -1 (no DOB, D-9).
- h5 Eve picks, AC, partner Ann, 30: schneidered (B-28 0..30, x2), doubled on the bump: Eve -2x2x2 = -8,
  Ann -1x2x2 = -4, Bob/Cal/Dee +4.
Night: Ann 2-1-2+4-4 = -1, Bob -4-1-2-1+4 = -4, Cal 2+2-2-1+4 = +5, Dee -2-1+8-1+4 = +8, Eve 2+1-2-1-8 = -8
(sum 0), the sheet's own Total row.
"""

from __future__ import annotations

from tests.cli_helpers import ingest_json as _ingest, ledger
from tests.cli_helpers import refused_at as _where

USA = ("\ufeffDate,Hand,Dealer,Picker,Partner,Called,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve,Check,Beer\n"
       "11/27/2026,1,Eve,Bob,Dee,AH,59,L,,2,-4,2,-2,2,0,3.50\n"
       ",2,Ann,Cal,Eve,AS,78,W,,-1,-1,2,-1,1,0,\n"
       ",,,,,,,,,,,,,,,\n"
       ",3,Bob,Dee,,alone,93,W,,-2,-2,-2,8,-2,0,\n"
       ",4,Cal,,,,,,Ann,4,-1,-1,-1,-1,0,2.00\n"
       ",5,Dee,Eve,Ann,AC,30,L,,-4,4,4,4,-8,0,\n"
       "Total,,,,,,,,,-1,-4,5,8,-8,0,5.50\n")


def _write(tmp_path) -> str:
    p = tmp_path / "usa.csv"
    p.write_bytes(USA.encode("utf-8"))
    return str(p)


def test_the_first_advice_is_to_leave_the_stray_column_out(tmp_path):
    rep = _ingest(_write(tmp_path), tmp_path / "x.duckdb")
    assert rep["ingested"] == 0
    assert sorted((e["line"], e["col"]) for e in rep["rejected"]) == [(2, 16), (3, 16), (5, 16), (6, 16), (7, 16)]
    for e in rep["rejected"]:
        m = e["message"]
        assert "--columns ignore=Beer" in m, m
        first = m.index("--columns ignore=Beer")
        assert "stake=" not in m[:first] and "a player who leaves" not in m[:first], m
        assert "stake=0.25" not in m, m  # it would read every player at four times their units


def test_with_ignore_beer_the_five_hands_are_right(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(_write(tmp_path), db, "--columns", "ignore=Beer")
    assert (rep["ingested"], _where(rep)) == (5, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]
    got = ledger(db)
    assert got == {"Ann": -1, "Bob": -4, "Cal": 5, "Dee": 8, "Eve": -8}
    assert sum(got.values()) == 0


def test_a_money_sheet_is_still_told_its_stake(tmp_path):
    """Every player's cell in money (a quarter a unit): not one stray column; the stake advice stays."""
    text = ("Date,Picker,Partner,Call,Points,Ann,Bob,Cal,Dee,Eve\n"
            "2026-11-27,Bob,Dee,AH,70,-0.25,0.50,-0.25,0.25,-0.25\n")
    p = tmp_path / "m.csv"
    p.write_text(text)
    rep = _ingest(str(p), tmp_path / "x.duckdb")
    assert rep["ingested"] == 0
    assert any("stake=0.25" in e["message"] for e in rep["rejected"]), rep["rejected"]
    assert not any("ignore=" in e["message"] for e in rep["rejected"]), rep["rejected"]
