"""Score sheets brought by sheet32 (session 32; the outside tester's report, findings 2, 4, 5 and 7), fixed by
fixb32.  Each sheet is written inline as the tester wrote it; every amount is worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


# -- sheet32 F4: a six-handed sheet marking the sit-out dealer's cell X / out / D -----------------------------------

#: /tmp/sheet32/s6b_sixhand_marks.csv, run with --rules wi6-sit-out (rules.md F-1: six players, the dealer sits out
#: and the other five play a five-handed hand, B-33; DOB on, B-32).  The dealer's cell holds {m}.
#: h1 Al deals; Cy+Flo 77: a plain win (B-27 61..90, B-28 x1): Cy +2, Flo +1, Bea/Di/Ed -1, Al 0.
#: h2 Bea deals; Di alone 50: a loss (31..60), x1, DOB x2 (B-32), alone 4 shares (B-31): Di -8, Al/Cy/Ed/Flo +2.
#: h3 Cy deals; Ed+Al 91: schneider (B-28 91..120, x2): Ed +4, Al +2, Bea/Di/Flo -2.
#: h4 Di deals; Flo+Bea 25: schneidered (0..30, x2), DOB x2: 4 a defender: Flo -8, Bea -4, Al/Cy/Ed +4.
#: h5 Ed deals; Al+Cy 61: a plain win: Al +2, Cy +1, Bea/Di/Flo -1.
#: h6 Flo deals; Bea+Ed 60: a loss (B-27: 60-60 loses), DOB: 2 a defender: Bea -4, Ed -2, Al/Cy/Di +2.
#: Totals: Al 0+2+2+4+2+2 = 12; Bea -1+0-2-4-1-4 = -12; Cy 2+2+0+4+1+2 = 11; Di -1-8-2+0-1+2 = -10;
#: Ed -1+2+4+4+0-2 = 7; Flo 1+2-2-8-1+0 = -8.  Sum 12-12+11-10+7-8 = 0 (B-35).
SIX_MARKS = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed,Flo
2026-12-12,1,Al,Cy,Flo,AS,77,W,{m},-1,2,-1,-1,1
2026-12-12,2,Bea,Di,,alone,50,L,2,{m},2,-8,2,2
2026-12-12,3,Cy,Ed,Al,AC,91,W,2,-2,{m},-2,4,-2
2026-12-12,4,Di,Flo,Bea,AH,25,L,4,-4,4,{m},4,-8
2026-12-12,5,Ed,Al,Cy,AH,61,W,2,-1,1,-1,{m},-1
2026-12-12,6,Flo,Bea,Ed,AC,60,L,2,-4,2,2,-2,{m}
"""
SIX_TOTALS = {"Al": 12, "Bea": -12, "Cy": 11, "Di": -10, "Ed": 7, "Flo": -8}


@pytest.mark.parametrize("mark", ["X", "x", "out", "OUT", "sits out", "sat out", "D", "dealer", "", "-"])
@pytest.mark.parametrize("stream", [False, True])
def test_sit_out_dealer_marked(tmp_path, monkeypatch, mark, stream):
    """sheet32 F4: the dealer's cell marked X, out, sits out, D or dealer reads as the dealer sitting out (0), as
    a blank or '-' does: all six hands stored, the totals as worked above (read whole and in batches)."""
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    assert sum(SIX_TOTALS.values()) == 0
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s6b.csv", SIX_MARKS.format(m=mark)), db, "--rules", "wi6-sit-out")
    assert _where(rep) == []
    assert ledger(db) == SIX_TOTALS


def test_sit_out_mark_in_a_players_cell_refused(tmp_path):
    """A sit-out mark in a cell that is not the dealer's (h1: Al deals, Bea's cell X, Al's -1) is no sitting out:
    the row is refused, the other five stored.  Without h1: Al 12, Bea -11, Cy 9, Di -9, Ed 8, Flo -9 (sum 0)."""
    text = SIX_MARKS.format(m="X").replace(",W,X,-1,2,-1,-1,1", ",W,-1,X,2,-1,-1,1")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s6b.csv", text), db, "--rules", "wi6-sit-out")
    assert [w[0] for w in _where(rep)] == [2]
    assert ledger(db) == {"Al": 12, "Bea": -11, "Cy": 9, "Di": -9, "Ed": 8, "Flo": -9}
