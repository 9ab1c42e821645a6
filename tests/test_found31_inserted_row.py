"""Session 31, fixd31 (break30 F5, left in session 30): a CSV sheet without a Hand column, stored, then sent again
with a forgotten row inserted (its rows are numbered by their order, so every row after it moves up one number) was
refused whole as "another night under the stored night's date" -- it is the same night with a hand inserted.  It
is now told as the shifted night it is: the rows after the inserted one are the stored hands under new numbers
(E-HAND-CONFLICT, "look shifted (a hand inserted at 2 ...)"), with what to do; never "another night".  Nothing
stored changes (a refusal changes no stored hand).

The night (rules.md, wi5-called-ace; seats Al Bea Cy Di Ed):
 h1 dealer Al: Cy picks AS, partner Ed, 72: plain win (B-28): Cy +2, Ed +1, Al/Bea/Di -1 (B-31).
 h2 dealer Bea: Di alone 93: schneider (x2), alone four shares: Di +8, others -2.
 h3 dealer Cy: Bea picks AC, partner Al, 59: plain loss doubled on the bump (B-32): Bea -4, Al -2, Cy/Di/Ed +2.
 h4 dealer Di: Ed picks AH, partner Al, 40: plain loss doubled: Ed -4, Al -2, Bea/Cy/Di +2.
Totals: Al -1-2-2-2 = -7, Bea -1-2-4+2 = -5, Cy +2-2+2+2 = +4, Di -1+8+2+2 = +11, Ed +1-2+2-4 = -3; sum 0 (B-35).
The second copy inserts after row 2 (h1) the forgotten hand: dealer Bea, Al picks AH, partner Cy, 80, a win.
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, ledger, write

HEAD = "Date,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed\n"
ROWS = ["2026-03-05,Al,Cy,AS,Ed,72,win,-1,-1,2,-1,1",
        "2026-03-05,Bea,Di,alone,,93,win-s,-2,-2,-2,8,-2",
        "2026-03-05,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2",
        "2026-03-05,Di,Ed,AH,Al,40,lose,-2,2,2,2,-4"]
INSERTED = "2026-03-05,Bea,Al,AH,Cy,80,win,2,-1,1,-1,-1"
TOTALS = {"Al": -7, "Bea": -5, "Cy": 4, "Di": 11, "Ed": -3}


def test_resent_sheet_with_a_row_inserted_is_shifted_not_another_night(tmp_path):
    db = tmp_path / "n.duckdb"
    cli("ingest", "--db", str(db), write(tmp_path, "night.csv", HEAD + "\n".join(ROWS) + "\n"))
    assert ledger(db) == TOTALS
    (tmp_path / "v2").mkdir()
    rows = ROWS[:1] + [INSERTED] + ROWS[1:]
    out = cli("ingest", "--db", str(db), write(tmp_path / "v2", "night.csv", HEAD + "\n".join(rows) + "\n"),
              ok=False).output
    text = " ".join(out.split())
    assert "another night" not in text, text
    assert "look shifted (a hand inserted at 2" in text, text
    # the file's hands 3, 4 and 5 are the stored hands 2, 3 and 4 under new numbers
    for n, m in ((3, 2), (4, 3), (5, 4)):
        assert f"hand {n} of session 'CSV night 2026-03-05' is the stored hand {m} " in text, (n, text)
    assert ledger(db) == TOTALS  # nothing stored changed
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (4,)
