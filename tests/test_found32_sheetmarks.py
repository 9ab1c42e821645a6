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


# -- sheet32 F2: a title row and a group-header row above the real header ------------------------------------------

#: /tmp/sheet32/s2h_grouphdr_title.csv: a title row, a group row ('Units' over the players), then the header.
#: h1 Cy+Ed 82: a plain win (rules.md B-27 61..90, B-28 x1; B-31/B-33): Cy +2, Ed +1, Al/Bea/Di -1.
#: h2 Di alone 91: schneider (B-28 91..120, x2), alone 4 shares (B-31): Di +8, the others -2.
#: Totals: Al -1-2 = -3, Bea -3, Cy 2-2 = 0, Di -1+8 = 7, Ed 1-2 = -1; sum -3-3+0+7-1 = 0 (B-35).
TITLE_GROUP = """Friday Club Sheepshead,,,,,,,,,,,,
,,,,,,,,Units,,,,
Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed
2026-12-04,1,Al,Cy,Ed,AH,82,W,-1,-1,2,-1,1
2026-12-04,2,Bea,Di,,alone,91,W,-2,-2,-2,8,-2
"""
TITLE_GROUP_TOTALS = {"Al": -3, "Bea": -3, "Cy": 0, "Di": 7, "Ed": -1}


def test_title_and_group_rows_csv(tmp_path):
    """sheet32 F2: the header under a title row and a group row is found and read: both hands stored."""
    assert sum(TITLE_GROUP_TOTALS.values()) == 0
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s2h.csv", TITLE_GROUP), db)
    assert _where(rep) == [] and not [e for e in rep.get("errors", []) if e.get("severity") == "error"]
    assert ledger(db) == TITLE_GROUP_TOTALS


#: /tmp/sheet32/s2_friday_B.xlsx rebuilt: each night's tab has a merged title A1:S1, merged group cells 'Hand'
#: I2:M2 and 'Running total' N2:R2, the header in row 3 (the players twice: units, then running totals by
#: formula with cached values) and a Check column; a Summary tab of each night's totals.
#: Dec 4 (units as written, each by B-27/B-28/B-31/B-32/B-33):
#:  h1 Cy+Ed 82 win x1: Cy +2, Ed +1, Al/Bea/Di -1.
#:  h2 Di alone 91 schneider x2: Di +8, others -2.
#:  h3 Al+Bea 31 (B-28: 31..60 a plain loss) x1, DOB x2: Al -4, Bea -2, Cy/Di/Ed +2.
#:  h4 Bea+Cy 30 (0..30 schneidered) x2, DOB x2 = 4: Bea -8, Cy -4, Al/Di/Ed +4.
#:  h5 Ed+Al 90 (61..90 a plain win) x1: Ed +2, Al +1, Bea/Cy/Di -1.
#:  night: Al -1-2-4+4+1 = -2; Bea -1-2-2-8-1 = -14; Cy 2-2+2-4-1 = -3; Di -1+8+2+4-1 = 12; Ed 1-2+2+4+2 = 7 (sum 0)
#: Dec 11: h1 Bea+Di 66 win: Bea +2, Di +1, Al/Cy/Ed -1.  h2 Cy+Al 55 loss, DOB: Cy -4, Al -2, Bea/Di/Ed +2.
#:  night: Al -1-2 = -3; Bea 2+2 = 4; Cy -1-4 = -5; Di 1+2 = 3; Ed -1+2 = 1 (sum 0).
#: Season: Al -5, Bea -10, Cy -8, Di 15, Ed 8 (sum 0).
DEC4 = [("Al", "Cy", "Ed", "AH", 82, "W", [-1, -1, 2, -1, 1]), ("Bea", "Di", "", "alone", 91, "W", [-2, -2, -2, 8, -2]),
        ("Cy", "Al", "Bea", "AC", 31, "L", [-4, -2, 2, 2, 2]), ("Di", "Bea", "Cy", "AS", 30, "L", [4, -8, -4, 4, 4]),
        ("Ed", "Ed", "Al", "AH", 90, "W", [1, -1, -1, -1, 2])]
DEC11 = [("Al", "Bea", "Di", "AC", 66, "W", [-1, 2, -1, 1, -1]), ("Bea", "Cy", "Al", "AS", 55, "L", [-2, 2, -4, 2, 2])]
SEASON = {"Al": -5, "Bea": -10, "Cy": -8, "Di": 15, "Ed": 8}


def _friday_b(path, summary: bool = True, formulas: bool = False) -> None:
    import datetime

    import openpyxl
    from openpyxl.utils import get_column_letter as col

    players = ["Al", "Bea", "Cy", "Di", "Ed"]
    wb = openpyxl.Workbook()
    for n, (title, day, hands) in enumerate([("Dec 4", 4, DEC4), ("Dec 11", 11, DEC11)]):
        ws = wb.active if n == 0 else wb.create_sheet(title)
        ws.title = title
        ws.merge_cells("A1:S1")
        ws["A1"] = "Friday Club Sheepshead"
        ws["I2"] = "Hand"
        ws.merge_cells("I2:M2")
        ws["N2"] = "Running total"
        ws.merge_cells("N2:R2")
        for i, h in enumerate(["Date", "Hand", "Dealer", "Picker", "Partner", "Call", "Points", "Result"]
                              + players + players + ["Check"]):
            ws.cell(3, i + 1, h)
        run = [0] * 5
        for k, (d, pk, pa, c, pts, res, u) in enumerate(hands):
            r = 4 + k
            ws.cell(r, 1, datetime.date(2026, 12, day)).number_format = "m/d/yyyy"
            for j, v in enumerate([k + 1, d, pk, pa or None, c, pts, res]):
                ws.cell(r, 2 + j, v)
            for j in range(5):
                ws.cell(r, 9 + j, u[j])
                run[j] += u[j]
                # the running total: a value, or a formula (openpyxl saves no value with it, as a script's workbook)
                ws.cell(r, 14 + j, (f"={col(9 + j)}{r}" if k == 0 else f"={col(14 + j)}{r - 1}+{col(9 + j)}{r}")
                        if formulas else run[j])
            ws.cell(r, 19, 0)
    if summary:
        s = wb.create_sheet("Summary")
        s.append(["Player", "Dec 4", "Dec 11", "Season"])
        for p in players:
            s.append([p, 0, 0, SEASON[p]])
    wb.save(path)


@pytest.mark.parametrize("summary", [False, True])
def test_title_and_group_rows_xlsx(tmp_path, summary):
    """sheet32 F2: each night's tab's header (row 3, under a merged title and merged group cells) is found: the 7
    hands stored, the season's totals as worked above; the running-total columns (the players' names again) are
    not units."""
    assert sum(SEASON.values()) == 0
    path = tmp_path / "friday 2026.xlsx"
    _friday_b(path, summary)
    db = tmp_path / "s.duckdb"
    rep = _ingest(str(path), db)
    assert _where(rep) == []
    assert ledger(db) == SEASON


#: The README's case: 'Units' in the header row over the players' names in the row below (break27 F4).
UNITS_OVER_NAMES = """Date,Hand,Picker,Partner,Points,Units,,,,
,,,,,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Lou,Gus,66,1,2,-1,-1,-1
"""


def test_names_in_the_row_below_readme(tmp_path):
    """The README says a header whose players are named in the row below it is refused once, E-CSV-COLUMNS, 'put
    the names in the header row': true."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "u.csv", UNITS_OVER_NAMES), db)
    msgs = [e for e in rep["rejected"] + rep.get("errors", []) if e.get("code") == "E-CSV-COLUMNS"]
    assert len(msgs) == 1 and "put the players' names in the header row" in msgs[0]["message"]


# -- sheet32 F5: a season pad whose running totals carry over from one night to the next ---------------------------

#: /tmp/sheet32/s3b_season_running.csv, --columns units=running: each cell the player's standing after the hand,
#: the season's standings carried from one night into the next (no opening row).
#: Dec 17 (rules.md B-27/B-28 tiers, B-31 shares, B-32 DOB, B-33):
#:  h1 Bea+Ed 70 win x1: Bea +2, Ed +1, Al/Cy/Di -1       -> Al -1, Bea 2, Cy -1, Di -1, Ed 1
#:  h2 Cy alone 40 loss x1, DOB: Cy -8, others +2          -> Al 1, Bea 4, Cy -9, Di 1, Ed 3
#:  h3 Di+Al 100 schneider x2: Di +4, Al +2, Bea/Cy/Ed -2  -> Al 3, Bea 2, Cy -11, Di 5, Ed 1
#:  h4 Ed+Cy 20 schneidered x2, DOB x2: Ed -8, Cy -4, Al/Bea/Di +4 -> Al 7, Bea 6, Cy -15, Di 9, Ed -7 (sum 0)
#: Dec 24, carried from Al 7, Bea 6, Cy -15, Di 9, Ed -7:
#:  h1 Ed+Cy 80 win x1: Ed +2, Cy +1, Al/Bea/Di -1: 7-1 = 6, 6-1 = 5, -15+1 = -14, 9-1 = 8, -7+2 = -5 (the row)
#:  h2 Al alone 100 schneider x2, alone: Al +8, others -2: 14, 3, -16, 6, -7 (the row)
#:  the night: Al -1+8 = 7, Bea -1-2 = -3, Cy 1-2 = -1, Di -1-2 = -3, Ed 2-2 = 0 (sum 0)
#: The season: Al 7+7 = 14, Bea 6-3 = 3, Cy -15-1 = -16, Di 9-3 = 6, Ed -7+0 = -7 (sum 0): the pad's last row.
SEASON_PAD = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed
2026-12-17,1,Al,Bea,Ed,AC,70,W,-1,2,-1,-1,1
2026-12-17,2,Bea,Cy,,alone,40,L,1,4,-9,1,3
2026-12-17,3,Cy,Di,Al,AH,100,W,3,2,-11,5,1
2026-12-17,4,Di,Ed,Cy,AS,20,L,7,6,-15,9,-7
,,,,,,,,,,,,
2026-12-24,1,Al,Ed,Cy,AH,80,W,6,5,-14,8,-5
2026-12-24,2,Bea,Al,,alone,100,W,14,3,-16,6,-7
"""


def _night_units(db) -> dict[str, dict[str, int]]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT CAST(h.date AS VARCHAR), u.player, SUM(u.units) FROM hands h JOIN hand_units u "
                           "USING (hand_id) GROUP BY ALL").fetchall()
    out: dict[str, dict[str, int]] = {}
    for day, p, units in rows:
        out.setdefault(day, {})[p] = int(units)
    return out


def test_season_pad_carried_over(tmp_path):
    """sheet32 F5: the night's first row less the night above's last standings is the rules' hand: the carry is
    read (W-CSV-CARRY says so at the row), all six hands stored, each night's units as worked above."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s3b.csv", SEASON_PAD), db, "--columns", "units=running")
    assert _where(rep) == []
    assert rep["ingested"] == 6
    assert _night_units(db) == {"2026-12-17": {"Al": 7, "Bea": 6, "Cy": -15, "Di": 9, "Ed": -7},
                                "2026-12-24": {"Al": 7, "Bea": -3, "Cy": -1, "Di": -3, "Ed": 0}}
    assert ledger(db) == {"Al": 14, "Bea": 3, "Cy": -16, "Di": 6, "Ed": -7}
    (w,) = [e for e in rep["warnings"] if e["code"] == "W-CSV-CARRY"]
    assert w["line"] == 7 and "carried over" in w["message"] and "Al 7" in w["message"]


def test_season_pad_wrong_first_row_says_carry(tmp_path):
    """A night's first row that is neither the hand from 0 nor from the night above's standings (Al's 6 and Bea's
    5 swapped: from 0 Al +5, the rules give -1; less the carry Al -2, Bea 0, no hand): refused E-SCORE, and the
    message says the pad may carry the season over and how to write that (an opening row)."""
    db = tmp_path / "s.duckdb"
    text = SEASON_PAD.replace("2026-12-24,1,Al,Ed,Cy,AH,80,W,6,5,", "2026-12-24,1,Al,Ed,Cy,AH,80,W,5,6,")
    rep = _ingest(write(tmp_path, "s3b.csv", text), db, "--columns", "units=running")
    (bad,) = [e for e in rep["rejected"] if e["line"] == 7]
    assert "carr" in bad["message"] and "opening row" in bad["message"]


# -- sheet32 F7: messages that contradicted what happened ----------------------------------------------------------

def test_formula_warning_says_nothing_refused_when_columns_not_read(tmp_path):
    """sheet32 F7 (s2_friday_nocache.xlsx): running totals by formula with no value saved, in columns not read:
    W-XLSX-FORMULA no longer says their rows are refused; all 7 hands stored (the season as worked above)."""
    path = tmp_path / "friday 2026.xlsx"
    _friday_b(path, summary=False, formulas=True)
    db = tmp_path / "s.duckdb"
    rep = _ingest(str(path), db)
    assert _where(rep) == [] and rep["ingested"] == 7
    assert ledger(db) == SEASON
    said = [w["message"] for w in rep["warnings"] if w["code"] == "W-XLSX-FORMULA"]
    assert len(said) == 2
    assert all("refused at" not in m and "nothing is refused" in m for m in said)


#: /tmp/sheet32/s6_sixhand.csv: six players, the dealer's cell blank (the dealer sits out, rules.md F-1).
SIX_BLANK = SIX_MARKS.replace("{m}", "")


def test_sit_out_refusals_come_without_seat_warnings(tmp_path):
    """sheet32 F7: read without --rules (five-handed), each row is refused E-CSV-SEAT advising wi6-sit-out, and no
    W-CSV-SEATS 'Al takes Bea's seat' contradicts it; nothing stored."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s6.csv", SIX_BLANK), db)
    assert [(w[0], w[2]) for w in _where(rep)] == [(r, "E-CSV-SEAT") for r in range(2, 8)]
    assert all("wi6-sit-out" in e["message"] for e in rep["rejected"])
    assert [w for w in rep["warnings"] if w["code"] == "W-CSV-SEATS"] == []


#: /tmp/sheet32/s8_doubler.csv.  With --rules 'wi5-called-ace; noPick=doubler' (rules.md D-1, D-11):
#:  h1 all pass, a doubler: every seat 0.
#:  h2 Cy+Di 70 a plain win (B-27, B-28 x1), doubled (D-11, M = 2, B-31): Cy +4, Di +2, Al/Bea/Ed -2.
#:  h3 Di+Ed 50 a loss x1, DOB x2 (B-32): Di -4, Ed -2, Al/Bea/Cy +2.
#:  Totals: Al 0-2+2 = 0, Bea 0, Cy 4+2 = 6, Di 2-4 = -2, Ed -2-2 = -4; sum 0 (B-35).
#: Without it (noPick=leaster by default): h1 refused E-NOPICK, h2 refused E-SCORE (-2 written, the rules -1).
DOUBLER = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Doubler,Al,Bea,Cy,Di,Ed,Notes
2026-12-26,1,Al,,,,,,x,0,0,0,0,0,all passed
2026-12-26,2,Bea,Cy,Di,AH,70,W,,-2,-2,4,2,-2,doubled
2026-12-26,3,Cy,Di,Ed,AC,50,L,,2,2,2,-4,-2,bump
"""


def test_score_after_refused_doubler_names_it(tmp_path):
    """sheet32 F7: hand 2's E-SCORE names the refused doubler above it and the --rules that read both."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s8.csv", DOUBLER), db)
    assert [(w[0], w[2]) for w in _where(rep)] == [(2, "E-NOPICK"), (3, "E-SCORE")]
    msg = rep["rejected"][1]["message"]
    assert "row 2" in msg and "doubler" in msg and "noPick=doubler" in msg
    db2 = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "s8.csv", DOUBLER), db2, "--rules", "wi5-called-ace; noPick=doubler")
    assert _where(rep) == []
    assert ledger(db2) == {"Al": 0, "Bea": 0, "Cy": 6, "Di": -2, "Ed": -4}
