"""Score sheets brought by break23 (session 23): the CSV and XLSX readers'
defects, each record written as a user would write it and each amount
worked out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json

from tests.cli_helpers import cli, ledger, write

HEADER = "Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al=Allen Braun,Bea=Bea Schmidt,Cy=Cy Ott,Di=Di Lenz,Ed=Ed Kahl"


def _ingest(path: str, db) -> dict:
    """``shead ingest PATH --db DB --json``: its JSON report (the line after the text)."""
    r = cli("ingest", path, "--db", str(db), "--json", ok=False)
    (line,) = [x for x in r.output.splitlines() if x.startswith("{")]
    return json.loads(line)


def _where(report: dict) -> list[tuple[int, int, str, str]]:
    """Each refused hand's (line, column, code, found)."""
    return [(e["line"], e["col"], e["code"], e["found"]) for e in report["rejected"]]


# -- break23 F4: a hand numbered 0 was stored (its SHN export could not be read back); -1 refused for its order -----

#: b43_csv_hand_small.csv as break23 wrote it: hands 0, -1, 1e3, 2.5 and 7.  Only row 6 is a hand: hand 7, Ed picks,
#: Bea partner (AS), 72 points: a plain win (rules.md B-27, B-33): Ed +2, Bea +1, Al, Cy, Di -1
SMALL = HEADER + """
2025-11-27,0,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1
2025-11-27,-1,Al,Ed,Al,AS,60,L,-2,2,2,2,-4
2025-11-27,1e3,Cy,Di,Ed,AH,95,W,-2,-2,-2,4,2
2025-11-27,2.5,Di,Ed,Bea,AS,72,W,-1,1,-1,-1,2
2025-11-27,7,Ed,Ed,Bea,AS,72,W,-1,1,-1,-1,2
"""


def test_hand_zero_and_negative_are_refused_at_their_cell(tmp_path):
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "small.csv", SMALL), db)
    assert rep["ingested"] == 1
    assert _where(rep) == [(2, 2, "E-CSV-HAND", "0"), (3, 2, "E-CSV-HAND", "-1"),
                           (4, 2, "E-CSV-HAND", "1e3"), (5, 2, "E-CSV-HAND", "2.5")]
    zero, minus = rep["rejected"][:2]
    assert "numbered from 1" in zero["message"] and "numbered from 1" in minus["message"]
    assert "after hand" not in minus["message"]  # -1 is no hand number, not a hand out of order
    assert ledger(db) == {"Ed Kahl": 2, "Bea Schmidt": 1, "Allen Braun": -1, "Cy Ott": -1, "Di Lenz": -1}


def test_a_sheet_whose_first_hand_is_zero_exports_to_shn_that_reads_back(tmp_path):
    """Hand 0 (Bea picks, Cy partner, 61: Bea +2, Cy +1, the others -1) is refused; hand 1 (Ed picks, Al partner,
    60: lost, doubled on the bump, rules.md B-32: Ed -4, Al -2, Bea, Cy, Di +2) is stored, and its SHN export reads
    back whole: the same totals."""
    text = HEADER + "\n2025-11-27,0,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1\n2025-11-27,1,Al,Ed,Al,AS,60,L,-2,2,2,2,-4\n"
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "zero.csv", text), db)
    assert rep["ingested"] == 1 and _where(rep) == [(2, 2, "E-CSV-HAND", "0")]
    want = {"Allen Braun": -2, "Bea Schmidt": 2, "Cy Ott": 2, "Di Lenz": 2, "Ed Kahl": -4}
    assert ledger(db) == want
    out = tmp_path / "back.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    db2 = tmp_path / "back.duckdb"
    rep2 = _ingest(str(out), db2)
    assert rep2["ingested"] == 1 and rep2["rejected"] == []
    assert ledger(db2) == want
