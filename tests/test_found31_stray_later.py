"""verify31 (fixj31) 2: real31 F6 advised --columns ignore=COLUMN only for a stray column written on the first
row.  A Beer column blank on the first row (so not at the table) and 3.50 on row 3 got E-CSV-SEATS "Beer is not at
the table; a player who leaves is replaced ..." with no ignore; a Tip column of money ($1.00), whole units in every
other player column, got only E-CSV-MONEY "--columns stake=0.25" (every player read at 4x), nothing read.  Now,
when one column is the only blank / non-whole / money column and the other player columns sum to 0 without it,
the first advice is --columns ignore=<column>.  verify31's beer1.csv and tip.csv, inline.

Worked by hand with --columns ignore=Tip (and ignore=Beer: the same rows), wi5-called-ace (DOB on, rules.md B-32):
- row 2: Ann picks, AS, partner Cal, 70: a plain win (B-28 61..90, x1; B-31 with a partner 2 shares, 1 share):
  Ann +2, Cal +1, Bob/Dee/Eve -1 (B-33).  Sum 0.
- row 3: Bob picks, AH, partner Eve, 50: a plain loss (B-28 31..60), doubled on the bump (B-32):
  Bob -2x2 = -4, Eve -1x2 = -2, Ann/Cal/Dee +1x2 = +2.  Sum 0.
- row 4: Eve alone, 95: schneider (B-28 91..120, x2), alone 4 shares (B-31): Eve +8, the others -2.  Sum 0.
Night: Ann 2+2-2 = +2, Bob -1-4-2 = -7, Cal 1+2-2 = +1, Dee -1+2-2 = -1, Eve -1-2+8 = +5 (sum 0).
"""

from __future__ import annotations

from tests.cli_helpers import ingest_json as _ingest, ledger
from tests.cli_helpers import refused_at as _where

HEAD = "Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve,"
ROWS = ("2026-11-29,Eve,Ann,Cal,AS,70,W,2,-1,1,-1,-1,{}\n"
        "2026-11-29,Ann,Bob,Eve,AH,50,L,2,-4,2,2,-2,{}\n"
        "2026-11-29,Bob,Eve,,alone,95,W,-2,-2,-2,-2,8,{}\n")
BEER = HEAD + "Beer\n" + ROWS.format("", "3.50", "")
TIP = HEAD + "Tip\n" + ROWS.format("$1.00", "$0.50", "")
NIGHT = {"Ann": 2, "Bob": -7, "Cal": 1, "Dee": -1, "Eve": 5}


def _write(tmp_path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def _first_advice_is_ignore(m: str, col: str) -> None:
    assert f"--columns ignore={col}" in m, m
    first = m.index(f"--columns ignore={col}")
    assert "stake=" not in m[:first] and "a player who leaves" not in m[:first], m


def test_beer_blank_on_the_first_row_is_advised_ignore(tmp_path):
    rep = _ingest(_write(tmp_path, "beer1.csv", BEER), tmp_path / "x.duckdb")
    assert [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == [(3, 13, "E-CSV-SEATS")]
    (e,) = rep["rejected"]
    _first_advice_is_ignore(e["message"], "Beer")


def test_tip_in_money_is_advised_ignore_not_a_stake(tmp_path):
    rep = _ingest(_write(tmp_path, "tip.csv", TIP), tmp_path / "x.duckdb")
    (e,) = [e for e in rep.get("errors", []) + rep.get("rejected", []) if e["code"] == "E-CSV-MONEY"]
    assert (e["line"], e["col"]) == (2, 13)
    _first_advice_is_ignore(e["message"], "Tip")


def test_with_the_column_left_out_the_night_is_right(tmp_path):
    for name, text, col in (("tip.csv", TIP, "Tip"), ("beer1.csv", BEER, "Beer")):
        db = tmp_path / f"{col}.duckdb"
        rep = _ingest(_write(tmp_path, name, text), db, "--columns", f"ignore={col}")
        assert (rep["ingested"], _where(rep)) == (3, [])
        got = ledger(db)
        assert got == NIGHT and sum(got.values()) == 0


def test_money_in_two_columns_keeps_the_stake_advice(tmp_path):
    """Tip's money and Eve's too: not one stray column; the stake advice stays, no ignore."""
    text = HEAD + "Tip\n" + ROWS.format("$1.00", "$0.50", "").replace(",8,", ",$8.00,")
    rep = _ingest(_write(tmp_path, "t2.csv", text), tmp_path / "x.duckdb")
    (e,) = [e for e in rep.get("errors", []) + rep.get("rejected", []) if e["code"] == "E-CSV-MONEY"]
    assert "stake=0.25" in e["message"] and "ignore=" not in e["message"]


def test_read_in_batches_the_same(tmp_path):
    """The sheet read row by row (issue 15, read_csv_stream) gets the same E-CSV-MONEY as read whole."""
    from ingest.csv_sheet import read_csv, read_csv_stream  # noqa: PLC0415

    p = _write(tmp_path, "tip.csv", TIP)
    whole = [(d.code, d.line, d.col, d.message) for d in read_csv(TIP.encode(), p).result.errors if d.code == "E-CSV-MONEY"]
    _sheet, batches = read_csv_stream(p, p, batch=1)
    streamed = [(d.code, d.line, d.col, d.message) for f in batches for d in f.errors if d.code == "E-CSV-MONEY"]
    assert streamed == whole and len(whole) == 1
    _first_advice_is_ignore(whole[0][3], "Tip")
