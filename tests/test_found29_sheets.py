"""Score sheets and phone-typed SHN left by session 28 (fixb29, session 29): each record written as a user would
write it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's figure was
read.  Profile wi5-called-ace (doubleOnBump on).

Units used below (rules.md B-28 tiers, B-31/B-33 shares):
- a called-ace win 61..90: picker +2, partner +1, the three defenders -1; 91..120 (schneider, x2): +4, +2, -2.
- a called-ace loss 31..60 with DOB (B-32): picker -4, partner -2, the three defenders +2.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where


def _stream(monkeypatch, batch: str | None) -> None:
    if batch is not None:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)


# -- 1: W-CSV-TOTALS over a refused row, the sheet read in batches (break28 F7 on the streamed path) -----------------

#: h1 Al/Bea AH 70, a win: Al +2, Bea +1, Cy/Di/Ed -1.  h2 Di/Ed AS 80, a win: Di +2, Ed +1, Al/Bea/Cy -1 -- the row
#: writes Ed +2 (a typo: it sums to +1), refused E-SCORE-SUM at Ed's cell (3:11).  h3 Bea/Cy AC 95, schneider: Bea +4,
#: Cy +2, Al/Di/Ed -2.  The Total row writes the right night: Al 2-1-2 = -1, Bea 1-1+4 = +4, Cy -1-1+2 = 0,
#: Di -1+2-2 = -1, Ed -1+1-2 = -2.  Stored (h1, h3): Al 0, Bea +5, Cy +1, Di -3, Ed -1-2 = -3.
#: Only Ed's Total cell differs from the rows as written (-1+2-2 = -1 against -2), so one warning there (5:11): the
#: stored rows sum to -3, and the Total holds if row 3 writes Ed -2 - (-3) = +1.
TOTALS = """Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
2026-12-12,1,Al,Bea,AH,70,2,1,-1,-1,-1
2026-12-12,2,Di,Ed,AS,80,-1,-1,-1,2,2
2026-12-12,3,Bea,Cy,AC,95,-2,4,2,-2,-2
Total,,,,,,-1,4,0,-1,-2
"""


@pytest.mark.parametrize("batch", [None, "1", "2"])
def test_a_totals_warning_leaves_the_refused_row_out_read_in_batches(tmp_path, monkeypatch, batch):
    """Whole, and in batches of one (row 3 refused in a batch before the Total row's) and of two: the same
    W-CSV-TOTALS at 5:11, found -2, expected -3, naming row 3 refused (was, in batches: "the rows above sum to -1;
    the hands are stored as their rows write them", the refused row counted)."""
    _stream(monkeypatch, batch)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "totals.csv", TOTALS), db)
    assert (rep["ingested"], _where(rep)) == (2, [(3, 11, "E-SCORE-SUM", 2)])
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert (w["line"], w["col"], w["found"], w["expected"]) == (5, 11, "-2", "-3")
    assert w["message"] == ("row 5: the totals row writes Ed -2, but the stored rows above sum to -3; refused and "
                            "not stored: row 3 (E-SCORE-SUM, written Ed +2); the totals row holds if row 3 writes Ed +1")
    assert ledger(db) == {"Al": 0, "Bea": 5, "Cy": 1, "Di": -3, "Ed": -3}


@pytest.mark.parametrize("batch", [None, "1", "2"])
def test_a_totals_row_the_stored_rows_match_is_no_warning_read_in_batches(tmp_path, monkeypatch, batch):
    """The scorer left the typo row out of the Total row (Al 0, Bea +5, Cy +1, Di -3, Ed -3: h1 + h3): with row 3
    refused the stored rows match every cell, so no W-CSV-TOTALS, whole or in batches (was, in batches: Ed's cell
    warned, the rows above summing to -1 with the refused row's +2)."""
    _stream(monkeypatch, batch)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "totals.csv", TOTALS.replace("-1,4,0,-1,-2\n", "0,5,1,-3,-3\n")), db)
    assert (rep["ingested"], _where(rep)) == (2, [(3, 11, "E-SCORE-SUM", 2)])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]


# -- 2: a Defenders column of the defenders' names beside Picker and Partner -----------------------------------------

#: h1 Al/Bea AH 75, a win (B-28 61..90): Al +2, Bea +1, Cy/Di/Ed -1; Defenders 'Cy Di Ed' = the other seats.
#: h2 Bea/Cy AS 50, a loss with DOB (B-32): Bea -4, Cy -2, Al/Di/Ed +2; Defenders 'Al, Di, Ed'.
#: h3 Cy alone 95, schneider (B-33 alone x2): Cy +8, the four others -2; Defenders 'Al,Bea,Di,Ed' (four, alone).
#: h4 Di calls AC, the Partner cell blank, 70, a win: Defenders 'Al/Bea/Cy' leave Ed the partner: Di +2, Ed +1,
#: Al/Bea/Cy -1.
#: Night: Al 2+2-2-1 = +1, Bea 1-4-2-1 = -6, Cy -1-2+8-1 = +4, Di -1+2-2+2 = +1, Ed -1+2-2+1 = 0 (sum 0).
DEFENDERS = """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Al,Bea,AH,75,Cy Di Ed,2,1,-1,-1,-1
2026-12-03,2,Bea,Cy,AS,50,"Al, Di, Ed",2,-4,-2,2,2
2026-12-03,3,Cy,,alone,95,"Al,Bea,Di,Ed",-2,-2,8,-2,-2
2026-12-03,4,Di,,AC,70,Al/Bea/Cy,-1,-1,-1,2,1
"""


@pytest.mark.parametrize("batch", [None, "1"])
def test_a_defenders_column_of_names_is_read(tmp_path, monkeypatch, batch):
    """All four rows stored, no refusal and no W-CSV-DEFENSE (was: each refused E-CSV-POINTS at the Defenders cell,
    column 7, 'not card points')."""
    _stream(monkeypatch, batch)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defenders.csv", DEFENDERS), db)
    assert (rep["ingested"], _where(rep)) == (4, [])
    assert not [w for w in rep["warnings"] if w["code"].startswith("W-CSV-DEF")], rep["warnings"]
    assert ledger(db) == {"Al": 1, "Bea": -6, "Cy": 4, "Di": 1, "Ed": 0}


def test_the_defenders_names_tell_a_blank_partner(tmp_path):
    """Units not written (the engine derives them): Di calls AC, the Partner cell blank, 70 -- the Defenders cell
    'Al/Bea/Cy' leaves Ed, the partner: Di +2, Ed +1, Al/Bea/Cy -1 (B-33).  The same row without the Defenders cell
    is refused E-RESULT-UNKNOWN (the partner unknown and no score written), so the names are what settles it."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defenders.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Di,,AC,70,Al/Bea/Cy,,,,,
2026-12-03,2,Di,,AC,70,,,,,,
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(3, 1, "E-RESULT-UNKNOWN", 2)])
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": -1, "Di": 2, "Ed": 1}


def test_defenders_names_that_contradict_picker_and_partner_are_refused_at_the_cell(tmp_path):
    """h1 Ed/Al AC 70 writes the defenders 'Al Bea Cy' (Al is the partner; Di left out): refused E-CSV-DEFENDERS at
    the Defenders cell (2:7), naming Bea, Cy, Di, the seats Picker Ed and Partner Al leave.  h2 'Bea Cy Zed': Zed
    sits at no seat, refused at 3:7.  h3 Ed alone writes three defenders 'Bea Cy Di' (alone: four, Al, Bea, Cy, Di),
    refused at 4:7.  h4 Ed/Al AC 70 'Bea, Cy and Di' is right: Ed +2, Al +1, Bea/Cy/Di -1, the one stored."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defenders.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Ed,Al,AC,70,Al Bea Cy,1,-1,-1,-1,2
2026-12-03,2,Ed,Al,AC,70,Bea Cy Zed,1,-1,-1,-1,2
2026-12-03,3,Ed,,alone,70,Bea Cy Di,-1,-1,-1,-1,4
2026-12-03,4,Ed,Al,AC,70,"Bea, Cy and Di",1,-1,-1,-1,2
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(2, 7, "E-CSV-DEFENDERS", 1), (3, 7, "E-CSV-DEFENDERS", 2),
                                                  (4, 7, "E-CSV-DEFENDERS", 3)])
    one, two, three = rep["rejected"]
    assert "picker Ed and partner Al leave Bea, Cy, Di to defend" in one["message"], one["message"]
    assert "Al is on the picker's side; Di is not named" in one["message"]
    assert (one["found"], one["expected"]) == ("Al Bea Cy", "Bea, Cy, Di")
    assert "'Zed' is not a player of this sitting" in two["message"], two["message"]
    assert "picker Ed alone leaves Al, Bea, Cy, Di to defend" in three["message"], three["message"]
    assert "Al is not named" in three["message"]
    assert ledger(db) == {"Al": 1, "Bea": -1, "Cy": -1, "Di": -1, "Ed": 2}
