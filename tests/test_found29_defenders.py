"""A score sheet's Defenders column of names, as break29 found it (fixe29, session 29): each record written as a
user would write it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before
shead's figure was read.  Profile wi5-called-ace (doubleOnBump on) unless said.

Units used below (rules.md B-28 tiers, B-31..B-33 shares):
- a called-ace win 61..90: picker +2, partner +1, the three defenders -1; a loss 31..60 with DOB (B-32): -4/-2/+2.
- alone (B-33: the picker's share doubled, four defenders): a win +4/-1 each; schneider 91+ (x2) +8/-2 each; a
  loss with DOB -8/+2 each.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

HEAD = "Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed\n"


def _stream(monkeypatch, batch: str | None) -> None:
    if batch is not None:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)


# -- F1: every other seat named beside a call, a '?' partner or units that make someone the partner ---------------

#: h1 Al calls AH, Partner blank, 75, 'Cy Di Ed' leave Bea the partner: a win, Al +2, Bea +1, Cy/Di/Ed -1.
#: h2 Bea '?' AS 50, 'Al, Di, Ed' leave Cy: a loss with DOB, Bea -4, Cy -2, Al/Di/Ed +2.
#: h3 Cy, no call, no partner, 95, the four others named: alone schneider, Cy +8, the four -2.
#: h4 Di calls AH, Partner blank, 40, the four others named, units written -2,2,2,-4,2: the names make Di alone
#: (a loss with DOB would be Di -8, each +2), the call and the units make Al the partner (Al -2 beside Di -4): the
#: row contradicts itself, refused at its Defenders cell (5:7).  Was: stored Di/Al lost 40, Al -2, no word.
#: h5 Ed calls AC, 70, 'Al/Bea/Cy' leave Di: a win, Ed +2, Di +1, Al/Bea/Cy -1.
#: Night (h1, h2, h3, h5): Al 2+2-2-1 = +1, Bea 1-4-2-1 = -6, Cy -1-2+8-1 = +4, Di -1+2-2+1 = 0,
#: Ed -1+2-2+2 = +1 (sum 0).
NIGHT = HEAD + """2026-12-03,1,Al,,AH,75,Cy Di Ed,,,,,
2026-12-03,2,Bea,?,AS,50,"Al, Di, Ed",,,,,
2026-12-03,3,Cy,,,95,"Al,Bea,Di,Ed",,,,,
2026-12-03,4,Di,,AH,40,Al Bea Cy Ed,-2,2,2,-4,2
2026-12-03,5,Ed,,AC,70,Al/Bea/Cy,,,,,
"""
NIGHT_LEDGER = {"Al": 1, "Bea": -6, "Cy": 4, "Di": 0, "Ed": 1}


@pytest.mark.parametrize("batch", [None, "1", "2"])
def test_every_other_seat_named_beside_a_call_and_partner_units_is_refused_whole_and_in_batches(
        tmp_path, monkeypatch, batch):
    """Whole and in batches of one and two: row 5 refused E-CSV-DEFENDERS at the Defenders cell (5:7) naming the
    call and the units; the other four stored as worked above."""
    _stream(monkeypatch, batch)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "night.csv", NIGHT), db)
    assert (rep["ingested"], _where(rep)) == (4, [(5, 7, "E-CSV-DEFENDERS", 4)])
    msg = rep["rejected"][0]["message"]
    assert "names every other seat (Al, Bea, Cy, Ed) as the defenders, so the picker Di went alone" in msg, msg
    assert "the call AH makes its holder, another player, the partner (rules.md B-9, B-15)" in msg
    assert "the units written make Al the partner (Al -2 beside the picker's -4" in msg
    assert ledger(db) == NIGHT_LEDGER


def test_every_other_seat_named_beside_a_call_is_refused_in_a_workbook(tmp_path):
    """The same night in an XLSX sheet (numbers as number cells): row 5 refused at 5:7, the rest stored."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Dec 3"
    for line in NIGHT.splitlines():
        import csv  # noqa: PLC0415
        (cells,) = list(csv.reader([line]))
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in cells])
    path = tmp_path / "night.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    rep = _ingest(str(path), db)
    assert (rep["ingested"], _where(rep)) == (4, [(5, 7, "E-CSV-DEFENDERS", 4)])
    assert ledger(db) == NIGHT_LEDGER


def test_every_other_seat_named_beside_a_partner_said_is_refused_at_the_cell(tmp_path):
    """Each row Di, 'Al Bea Cy Ed' (every other seat: Di alone by the names):
    h1 '?' AH 40, units -2,2,2,-4,2 (the called-ace loss with Al, B-33): refused, naming the call, the '?' and Al.
    h2 no call, '?', 70, units 1,-1,-1,2,-1 (a win with Al as partner; the names would give Di +4, the others -1):
    refused naming the '?' and the units (Al +1 beside +2).
    h3 AH 40, no units (was: E-RESULT-UNKNOWN at 4:1, the row, saying nothing of the names): refused at 4:7.
    h4 no call, Partner blank, 70, units 1,-1,-1,2,-1 (the units make Al the partner): refused at 5:7.
    h5 no call, Partner blank, 40, units 2,2,2,-8,2: nothing written says a partner, so Di alone, a loss with DOB
    (B-32, B-33): Di -8, the four +2 -- stored."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "four.csv", HEAD + """2026-12-03,1,Di,?,AH,40,Al Bea Cy Ed,-2,2,2,-4,2
2026-12-03,2,Di,?,,70,Al Bea Cy Ed,1,-1,-1,2,-1
2026-12-03,3,Di,,AH,40,Al Bea Cy Ed,,,,,
2026-12-03,4,Di,,,70,Al Bea Cy Ed,1,-1,-1,2,-1
2026-12-03,5,Di,,,40,Al Bea Cy Ed,2,2,2,-8,2
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(2, 7, "E-CSV-DEFENDERS", 1), (3, 7, "E-CSV-DEFENDERS", 2),
                                                  (4, 7, "E-CSV-DEFENDERS", 3), (5, 7, "E-CSV-DEFENDERS", 4)])
    one, two, three, four = (e["message"] for e in rep["rejected"])
    assert "the call AH makes" in one and "the Partner cell '?' says the picker had a partner" in one
    assert "the units written make Al the partner (Al -2 beside the picker's -4" in one, one
    assert "the call" not in two and "the Partner cell '?'" in two and "(Al +1 beside the picker's +2" in two, two
    assert "the call AH makes" in three and "units" not in three.split("the row contradicts")[0], three
    assert "'?'" not in four and "(Al +1 beside the picker's +2" in four, four
    assert rep["rejected"][0]["expected"] == "3 of Al, Bea, Cy, Ed (the one left is the partner)"
    assert ledger(db) == {"Al": 2, "Bea": 2, "Cy": 2, "Di": -8, "Ed": 2}


# -- F9: the grammar of the picker's side named as defenders ------------------------------------------------------

def test_the_pickers_side_named_as_defenders_says_are(tmp_path):
    """Al/Bea AH 70 with the Defenders cell 'Al Bea': refused at 2:7, "Al, Bea are on the picker's side" (was
    "is"); one name keeps "is"."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "side.csv", HEAD + """2026-12-03,1,Al,Bea,AH,70,Al Bea,2,1,-1,-1,-1
2026-12-03,2,Al,Bea,AH,70,Bea Cy Di,2,1,-1,-1,-1
"""), db)
    assert _where(rep) == [(2, 7, "E-CSV-DEFENDERS", 1), (3, 7, "E-CSV-DEFENDERS", 2)]
    one, two = (e["message"] for e in rep["rejected"])
    assert "Al, Bea are on the picker's side; Cy, Di, Ed are not named" in one, one
    assert "Bea is on the picker's side; Ed is not named" in two, two


# -- F3: six-handed, the dealer sits out (rules.md F-1) -----------------------------------------------------------

SIX = "Date,Hand,Dealer,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed,Fay\n"


def test_sit_out_names_leave_the_dealer_out(tmp_path):
    """wi6-sit-out, units not written (F-1: the dealer sits out and settles 0, five play):
    h1 Fay deals; Al AH 70, 'Cy Di Ed' leave Bea (of the five playing): Al +2, Bea +1, Cy/Di/Ed -1, Fay 0.
    h2 Al deals; Bea AS 50, 'Cy Di Fay' leave Ed: a loss with DOB, Bea -4, Ed -2, Cy/Di/Fay +2, Al 0.
    h3 Bea deals; Cy AC 80 names Bea, who sits out: refused at 4:8.
    h4 Cy deals; Di, no call, 95, the four playing others named: alone schneider, Di +8, Al/Bea/Ed/Fay -2, Cy 0
    (was: "partner Cy deals and sits out", a partner no cell wrote).
    Night: Al 2+0-2 = 0, Bea 1-4-2 = -5, Cy -1+2+0 = +1, Di -1+2+8 = +9, Ed -1-2-2 = -5, Fay 0+2-2 = 0.
    Was: all four refused (h1, h2 counted the dealer among the defenders)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "six.csv", SIX + """2026-12-03,1,Fay,Al,,AH,70,Cy Di Ed,,,,,,
2026-12-03,2,Al,Bea,,AS,50,Cy Di Fay,,,,,,
2026-12-03,3,Bea,Cy,,AC,80,Al Bea Di,,,,,,
2026-12-03,4,Cy,Di,,,95,Al Bea Ed Fay,,,,,,
"""), db, "--rules", "wi6-sit-out")
    assert (rep["ingested"], _where(rep)) == (3, [(4, 8, "E-CSV-DEFENDERS", 3)])
    assert "Bea deals and sits out this hand (rules.md F-1), so is no defender" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 0, "Bea": -5, "Cy": 1, "Di": 9, "Ed": -5, "Fay": 0}


def test_sit_out_names_with_the_dealer_are_refused(tmp_path):
    """h1 'Cy Di Ed Fay' with Fay dealing, h2 'Al Cy Di Fay' with Al dealing, h3 five names with Bea dealing: each
    names the dealer who sits out, refused at column 8 (was: h1, h2 accepted, the dealer counted).  h4 Cy deals,
    Di/Ed AH 95 'Al Bea Fay' (right, was refused with advice naming Cy): schneider, Di +4, Ed +2, Al/Bea/Fay -2."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "six.csv", SIX + """2026-12-03,1,Fay,Al,,AH,70,Cy Di Ed Fay,,,,,,
2026-12-03,2,Al,Bea,,AS,50,Al Cy Di Fay,,,,,,
2026-12-03,3,Bea,Cy,,,80,Al Bea Di Ed Fay,,,,,,
2026-12-03,4,Cy,Di,Ed,AH,95,Al Bea Fay,,,,,,
"""), db, "--rules", "wi6-sit-out")
    assert (rep["ingested"], _where(rep)) == (1, [(2, 8, "E-CSV-DEFENDERS", 1), (3, 8, "E-CSV-DEFENDERS", 2),
                                                  (4, 8, "E-CSV-DEFENDERS", 3)])
    assert "Fay deals and sits out" in rep["rejected"][0]["message"]
    assert "3 of Bea, Cy, Di, Ed (the one left is the partner)" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": -2, "Bea": -2, "Cy": 0, "Di": 4, "Ed": 2, "Fay": -2}


# -- F5: other player counts --------------------------------------------------------------------------------------

def test_three_handed_names_are_every_other_seat(tmp_path):
    """wi3 (F-1, F-2: the picker alone against two, each opponent 1 unit on a win, the picker 2): h1 Al 70 'Bea Cy':
    Al +2, Bea/Cy -1.  h2 Bea 'Cy' leaves Al out: refused E-CSV-DEFENDERS at the Defenders cell 3:7 (was
    E-PARTNER "partner Al is written", a partner no cell wrote)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "three.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy
2026-12-03,1,Al,,,70,Bea Cy,,,
2026-12-03,2,Bea,,,70,Cy,,,
"""), db, "--rules", "wi3")
    assert (rep["ingested"], _where(rep)) == (1, [(3, 7, "E-CSV-DEFENDERS", 2)])
    msg = rep["rejected"][0]["message"]
    assert "the picker Bea alone (under wi3 the picker plays alone, rules.md F-1) leaves Al, Cy" in msg, msg
    assert "Al is not named" in msg
    assert ledger(db) == {"Al": 2, "Bea": -1, "Cy": -1}


def test_cutthroat_names_are_every_other_seat(tmp_path):
    """wi4-cutthroat (F-3: picker vs 3, each opponent 1 unit, the picker 3): h1 Al 70 'Bea Cy Di': Al +3, the three
    -1.  h2 Bea 'Cy Di': refused at 3:7 (was E-PARTNER, Al made the partner)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "four.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di
2026-12-03,1,Al,,,70,Bea Cy Di,,,,
2026-12-03,2,Bea,,,70,Cy Di,,,,
"""), db, "--rules", "wi4-cutthroat")
    assert (rep["ingested"], _where(rep)) == (1, [(3, 7, "E-CSV-DEFENDERS", 2)])
    assert ledger(db) == {"Al": 3, "Bea": -1, "Cy": -1, "Di": -1}


def test_jd_ace_names_read_beside_the_partner_cell_only(tmp_path):
    """wi6-jd-ace (F-1: the called-ace holder and the J♦ holder, 3v3; F-4 each partner one share, the picker D-2):
    h1 Al AH, Partner blank, 'Di Ed Fay': the names leave two seats and cannot say which held the ace: refused at
    2:7 saying the column is read beside the Partner cell (was: "4 of Bea, ... (the one left is the partner)").
    h2 Bea '?' AS 'Al Di Ed Fay': refused at 3:7 (was E-RESULT-UNKNOWN, Cy made the partner from the names).
    h3 Cy/Di AC 70 'Al Bea Fay': the names leave Ed, the second partner: 3v3 D = 3, P = 2, picker (3-2) x 1:
    Cy +1, Di +1, Ed +1, Al/Bea/Fay -1."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "jd.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed,Fay
2026-12-03,1,Al,,AH,70,Di Ed Fay,,,,,,
2026-12-03,2,Bea,?,AS,70,Al Di Ed Fay,,,,,,
2026-12-03,3,Cy,Di,AC,70,Al Bea Fay,,,,,,
"""), db, "--rules", "wi6-jd-ace")
    assert (rep["ingested"], _where(rep)) == (1, [(2, 7, "E-CSV-DEFENDERS", 1), (3, 7, "E-CSV-DEFENDERS", 2)])
    msg = rep["rejected"][0]["message"]
    assert "under wi6-jd-ace the picker's side is the picker and one or two partners" in msg, msg
    assert "the names leave Bea, Cy; the Partner cell writes nobody" in msg
    assert "read here only beside the Partner cell" in msg
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 1, "Di": 1, "Ed": 1, "Fay": -1}


# -- F6: Def Pts and Defenders side by side -----------------------------------------------------------------------

@pytest.mark.parametrize("order", ["points first", "names first"])
def test_def_pts_and_defenders_names_are_both_read(tmp_path, order):
    """h1 Al AH, Def Pts 50 (Al's side 120-50 = 70, A-6), 'Cy Di Ed' leave Bea: Al +2, Bea +1, Cy/Di/Ed -1.
    h2 Bea AS, Def Pts 75 (45: a loss with DOB), 'Al Di Ed' leave Cy: Bea -4, Cy -2, Al/Di/Ed +2.
    Night: Al +4, Bea -3, Cy -3, Di +1, Ed +1.  Was: both rows E-SEATS, Defenders read as a sixth player."""
    rows = [("Def Pts", "50", "75"), ("Defenders", "Cy Di Ed", "Al Di Ed")]
    if order == "names first":
        rows.reverse()
    (h1, a1, a2), (h2, b1, b2) = rows
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "both.csv", f"""Date,Hand,Picker,Partner,Call,{h1},{h2},Al,Bea,Cy,Di,Ed
2026-12-03,1,Al,,AH,{a1},{b1},,,,,
2026-12-03,2,Bea,,AS,{a2},{b2},,,,,
"""), db)
    assert (rep["ingested"], _where(rep)) == (2, [])
    assert ledger(db) == {"Al": 4, "Bea": -3, "Cy": -3, "Di": 1, "Ed": 1}


def test_a_wrong_name_beside_def_pts_is_refused_at_the_names_cell(tmp_path):
    """Al AH, Def Pts 50, Defenders 'Al Di Ed' (Al is the picker): refused at the Defenders cell 2:7."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "both.csv", """Date,Hand,Picker,Partner,Call,Def Pts,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Al,,AH,50,Al Di Ed,,,,,
"""), db)
    assert _where(rep) == [(2, 7, "E-CSV-DEFENDERS", 1)]


# -- F7: names in a doubler's or a misdeal's row -------------------------------------------------------------------

def test_names_in_a_doubler_or_misdeal_row_are_warned(tmp_path):
    """noPick=doubler: h1 doubled (all passed, D-11) with 'Cy Di Ed' written: W-CSV-DEFENSE at 2:9.  h2 a misdeal
    written in the Picker cell with 'Al Bea Cy': W-CSV-DEFENSE at 3:9 (B-4).  h3 Al/Bea AH 70 doubled (D-11, x2):
    Al +4, Bea +2, Cy/Di/Ed -2.  Was: both names dropped with no word, where a leaster's were warned."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "dbl.csv", """Date,Hand,Picker,Partner,Call,Points,Leaster,Doubler,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,,,,,,x,Cy Di Ed,0,0,0,0,0
2026-12-03,2,misdeal,,,,,,Al Bea Cy,0,0,0,0,0
2026-12-03,3,Al,Bea,AH,70,,,Cy Di Ed,4,2,-2,-2,-2
"""), db, "--rules", "wi5-called-ace; noPick=doubler")
    assert _where(rep) == []
    got = [(w["line"], w["col"], w["message"]) for w in rep["warnings"] if w["code"] == "W-CSV-DEFENSE"]
    assert [(a, b) for a, b, _ in got] == [(2, 9), (3, 9)], got
    assert "'Cy Di Ed' of a doubler is not read" in got[0][2] and "(rules.md D-11)" in got[0][2]
    assert "'Al Bea Cy' of a misdeal is not read" in got[1][2] and "(rules.md B-4)" in got[1][2]
    assert ledger(db) == {"Al": 4, "Bea": 2, "Cy": -2, "Di": -2, "Ed": -2}
