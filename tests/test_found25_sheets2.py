"""Score sheets brought by fixn's report ("Left": tb4.csv) and break25 (session 25, round 2: F4, F5, F8), fixed by
fixq in session 25: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.  Default profile wi5-called-ace (doubleOnBump on)
unless said.

Hands used (rules.md B-27/B-28: 61..90 a plain win; B-31, B-33: picker 2 shares, partner 1, each defender 1):
- "Hank/Jake 78": Hank +2, Jake +1, Irma/Kurt/Lena -1.
- "Irma/Jake 65": Irma +2, Jake +1, Hank/Kurt/Lena -1.
- "Jake/Kurt 70": Jake +2, Kurt +1, Hank/Irma/Lena -1.
"""

from __future__ import annotations


import pytest

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(
            "SELECT s.session, CAST(s.date AS VARCHAR), h.hand, h.picker, h.partner, h.outcome, "
            "list(u.player || '=' || u.units ORDER BY u.seat_no) FROM hands h JOIN sessions s USING (session_id) "
            "JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY 2, 3").fetchall()


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


# -- fixn's left item: a CSV's second block under the first block's date, numbered from 1 again ---------------------

#: tb4.csv as fixn wrote it: the first block is 2026-12-08's hands 1-3; the second block (rows 6-9) repeats that
#: date and numbers from 1 again (another night copied, its date not changed).  Rows 6-8 were refused and row 9
#: (hand 4) was stored as the first night's hand 4.  Now the whole second block is refused, each row at its Hand
#: cell (column 2).  Stored: rows 2-4 only.  Ledger (hand by hand, see the module docstring):
#: Hank 2 - 1 - 1 = 0, Irma -1 + 2 - 1 = 0, Jake 1 + 1 + 2 = 4, Kurt -1 - 1 + 1 = -1, Lena -1 - 1 - 1 = -3.
TB4 = """Date,Hand,Dealer,Picker,Partner,Call,Points,Hank,Irma,Jake,Kurt,Lena
2026-12-08,1,Lena,Hank,Jake,AS,78,2,-1,1,-1,-1
,2,Hank,Irma,Jake,AC,65,-1,2,1,-1,-1
,3,Irma,Jake,Kurt,AC,70,-1,-1,2,1,-1

2026-12-08,1,Lena,Kurt,Jake,AS,78,-1,-1,1,2,-1
,2,Hank,Lena,Irma,AH,80,-1,1,-1,-1,2
,3,Irma,Hank,Kurt,AS,75,2,-1,-1,1,-1
,4,Jake,Irma,Lena,AS,75,-1,2,-1,-1,1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_block_numbered_from_1_again_under_the_same_date_is_refused_whole(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "tb4.duckdb"
    rep = _ingest(write(tmp_path, "tb4.csv", TB4), db)
    assert rep["ingested"] == 3
    assert _where(rep) == [(6, 2, "E-CSV-HAND-ORDER", 1), (7, 2, "E-CSV-HAND-ORDER", 2),
                           (8, 2, "E-CSV-HAND-ORDER", 3), (9, 2, "E-CSV-HAND-ORDER", 4)]
    first, last = rep["rejected"][0]["message"], rep["rejected"][3]["message"]
    assert "write that night's date" in first and "refused with it" in first
    assert rep["rejected"][2]["message"].startswith("row 8: hand 3 again: row 4 is this night's hand 3")
    assert "numbering this night from 1 again at row 6, after its hand 3 (row 4)" in last
    assert "none of those rows is stored" in last and "write that night's date" in last
    assert [h[2] for h in _hands(db)] == [1, 2, 3]
    assert ledger(db) == {"Hank": 0, "Irma": 0, "Jake": 4, "Kurt": -1, "Lena": -3}


def test_the_next_nights_block_after_a_refused_one_is_stored(tmp_path):
    """The refused block ends where another night's rows start: 2026-12-15's hand 1 (Jake/Kurt 70: Jake +2, Kurt +1,
    the others -1) is stored.  Ledger: tb4's (Hank 0, Irma 0, Jake 4, Kurt -1, Lena -3) plus that hand:
    Hank -1, Irma -1, Jake 6, Kurt 0, Lena -4."""
    db = tmp_path / "tb5.duckdb"
    text = TB4 + "\n2026-12-15,1,Irma,Jake,Kurt,AC,70,-1,-1,2,1,-1\n"
    rep = _ingest(write(tmp_path, "tb5.csv", text), db)
    assert rep["ingested"] == 4
    assert [x[:2] for x in _where(rep)] == [(6, 2), (7, 2), (8, 2), (9, 2)]
    assert [(h[1], h[2]) for h in _hands(db)] == [("2026-12-08", 1), ("2026-12-08", 2), ("2026-12-08", 3),
                                                  ("2026-12-15", 1)]
    assert ledger(db) == {"Hank": -1, "Irma": -1, "Jake": 6, "Kurt": 0, "Lena": -4}


# -- break25 F4: an EARLIER title that reads one way only settles the order of a later title's slashed date ---------

#: Hands of these sheets (players Al, Bea, Cy, Di, Ed; rules.md B-27/B-28/B-32/B-33, doubleOnBump on):
#: "Al/Bea 72" a plain win: Al +2, Bea +1, Cy/Di/Ed -1.  "Cy/Di 45" a loss, not schneidered, doubled: Cy -4, Di -2,
#: Al/Bea/Ed +2.  "Bea alone 95" schneider win alone (tier 2): Bea +8, each other -2.  "Di/Al 30" a schneidered loss
#: (30 < 31) doubled: 2 x 2 = 4 a defender: Di -8, Al -4, Bea/Cy/Ed +4.
#: Night 1 (hands 1, 2): Al 4, Bea 3, Cy -5, Di -3, Ed 1; night 2 (Bea alone 95, Di/Al 30): Al -6, Bea +12, Cy +2,
#: Di -10, Ed +2; the sheet: Al -2, Bea 15, Cy -3, Di -13, Ed 3.
NIGHT1 = "Hand,Picker,Partner,Points,Al,Bea,Cy,Di,Ed\n1,Al,Bea,72,2,1,-1,-1,-1\n2,Cy,Di,45,2,2,-4,-2,2\n"
NIGHT2 = "Hand,Picker,Partner,Points,Al,Bea,Cy,Di,Ed\n1,Bea,,95,-2,8,-2,-2,-2\n2,Di,Al,30,-4,4,4,-8,4\n"


@pytest.mark.parametrize("first, second, night1, night2", [
    ("Thursday League 11/19/2026", "Thursday League 12/03/2026", "2026-11-19", "2026-12-03"),  # t6_slash.csv
    ("League 2026 - Round 1 - 11/19", "League 2026 - Round 2 - 12/3", "2026-11-19", "2026-12-03"),  # t4_round.csv
    ("League 2026 - Round 1 - 12/31", "League 2026 - Round 2 - 1/7", "2026-12-31", "2027-01-07"),  # t3: year after
])
def test_an_earlier_title_settles_a_later_titles_order(tmp_path, first, second, night1, night2):
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "t.csv", f"{first}\n{NIGHT1}{second}\n{NIGHT2}"), db)
    assert rep["ingested"] == 4 and rep["rejected"] == []
    assert [(h[1], h[2]) for h in _hands(db)] == [(night1, 1), (night1, 2), (night2, 1), (night2, 2)]
    assert ledger(db) == {"Al": -2, "Bea": 15, "Cy": -3, "Di": -13, "Ed": 3}


def test_a_title_below_the_first_rows_settles_the_titles_below_it(tmp_path):
    """The first night's title writes its day in words (Dec 3 2026) and ten hands under it, so the title that settles
    the order (12/17/2026: 17 is no month) stands below the sheet's first rows; the title below it, 01/07/2027,
    reads either way and is read month first (Jan 7, not 1 Jul).  Night 1: five Al/Bea 72 (Al +2, Bea +1, -1 each)
    and five Cy/Di 45 (Cy -4, Di -2, +2 each): Al 20, Bea 15, Cy -25, Di -15, Ed 5; night 2 (Bea alone 95): Bea +8,
    -2 each; night 3 (Di/Al 30): Di -8, Al -4, +4 each.  Ledger: Al 20 - 2 - 4 = 14, Bea 15 + 8 + 4 = 27,
    Cy -25 - 2 + 4 = -23, Di -15 - 2 - 8 = -25, Ed 5 - 2 + 4 = 7."""
    head = "Hand,Picker,Partner,Points,Al,Bea,Cy,Di,Ed\n"
    rows = "".join(f"{k},Al,Bea,72,2,1,-1,-1,-1\n" if k % 2 else f"{k},Cy,Di,45,2,2,-4,-2,2\n" for k in range(1, 11))
    text = (f"Thursday League Dec 3 2026\n{head}{rows}Thursday League 12/17/2026\n{head}1,Bea,,95,-2,8,-2,-2,-2\n"
            f"Thursday League 01/07/2027\n{head}1,Di,Al,30,-4,4,4,-8,4\n")
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "long.csv", text), db)
    assert rep["ingested"] == 12 and rep["rejected"] == []
    assert sorted({h[1] for h in _hands(db)}) == ["2026-12-03", "2026-12-17", "2027-01-07"]
    assert ledger(db) == {"Al": 14, "Bea": 27, "Cy": -23, "Di": -25, "Ed": 7}


def test_a_title_no_title_settles_says_what_would(tmp_path):
    """Dec 3 2026 in words, then 12/10/2026: no title reads one way only, so the second night is refused at its title
    (row 4, E-CSV-HEADER), the message saying what would settle it.  Night 1 (Al/Bea 72) is stored: Al +2, Bea +1,
    the others -1."""
    text = f"Thursday League Dec 3 2026\n{NIGHT1.splitlines()[0]}\n1,Al,Bea,72,2,1,-1,-1,-1\n" \
           f"Thursday League 12/10/2026\n{NIGHT2.splitlines()[0]}\n1,Bea,,95,-2,8,-2,-2,-2\n"
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "amb.csv", text), db)
    assert rep["ingested"] == 1 and _where(rep) == [(4, 1, "E-CSV-HEADER", None)]
    msg = rep["rejected"][0]["message"]
    assert "'12/10/2026' reads as 2026-10-12 (day first) or 2026-12-10 (month first)" in msg
    assert "no title of the sheet settles the order: one whose day is over 12" in msg and "date-order=mdy" in msg
    assert ledger(db) == {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}


# -- break25 F5: a partner off the hook's 0 shown as '-' (a spreadsheet's accounting format) -----------------------

#: d2_hook.csv as break25 wrote it, played under partnerOffHookNoTrick=on.  Hand 1 Lou/Gus win (a plain win, B-27):
#: Lou +2, Gus +1, Mo/Rita/Zeke -1.  Hand 2 Mo picks, Zeke partner, the picker side takes no trick (lose-z): rules.md
#: B-34 with DOB, picker -18, partner 0, each defender +6; Zeke's 0 is written '-'.  Hand 3 Rita/Gus lose (31..60,
#: doubled, B-32/B-33): Rita -4, Gus -2, Lou/Mo/Zeke +2.  Ledger: Gus 1 + 6 - 2 = 5, Lou 2 + 6 + 2 = 10,
#: Mo -1 - 18 + 2 = -17, Rita -1 + 6 - 4 = 1, Zeke -1 + 0 + 2 = 1.
D2 = """Date,Hand,Dealer,Picker,Partner,Call,Outcome,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,win,1,2,-1,-1,-1
2026-12-01,2,Gus,Mo,Zeke,AS,lose-z,6,6,-18,6,-
2026-12-01,3,Lou,Rita,Gus,AC,lose,-2,2,2,-4,2
"""
HOOK = "wi5-called-ace; partnerOffHookNoTrick=on"


def test_a_dash_for_the_partners_0_off_the_hook_is_read_as_0(tmp_path):
    db = tmp_path / "d2.duckdb"
    rep = _ingest(write(tmp_path, "d2_hook.csv", D2), db, "--rules", HOOK)
    assert rep["ingested"] == 3 and rep["rejected"] == []
    assert _hands(db)[1][2:] == (2, "Mo", "Zeke", "lose-z", ["Gus=6", "Lou=6", "Mo=-18", "Rita=6", "Zeke=0"])
    assert ledger(db) == {"Gus": 5, "Lou": 10, "Mo": -17, "Rita": 1, "Zeke": 1}


def test_a_dash_where_the_others_do_not_sum_to_0_says_the_dash(tmp_path):
    """Mo's -18 mistyped -12: the row's written cells sum to 6, so Zeke's '-' is no 0 that settles the row: refused
    at Zeke's cell (row 3, column 12), the message saying the cell holds '-' read as blank and to write 0 or the
    units, and nothing of a player leaving.  Stored: hands 1 and 3 (Gus 1 - 2 = -1, Lou 2 + 2 = 4, Mo -1 + 2 = 1,
    Rita -1 - 4 = -5, Zeke -1 + 2 = 1)."""
    db = tmp_path / "d2c.duckdb"
    rep = _ingest(write(tmp_path, "d2c.csv", D2.replace("6,6,-18,6,-", "6,6,-12,6,-")), db, "--rules", HOOK)
    assert rep["ingested"] == 2 and _where(rep) == [(3, 12, "E-CSV-SEATS", 2)]
    msg = rep["rejected"][0]["message"]
    assert "Zeke's cell (column 12) holds '-', read as blank" in msg and "write 0 or the player's units" in msg
    assert "leaves" not in msg and "new sitting" not in msg
    assert ledger(db) == {"Gus": -1, "Lou": 4, "Mo": 1, "Rita": -5, "Zeke": 1}


# -- break25 F8: a workbook tab that copies another, or carries its last row over ----------------------------------

BOOK_HEADER = ["Date", "Hand", "Dealer", "Picker", "Partner", "Called", "Pts", "Hank", "Irma", "Jake", "Kurt", "Lena"]
#: Dec 8's hands as break25's x2_copy.xlsx writes them (module docstring): Hank/Jake 78, Irma/Jake 65, Jake/Kurt 70:
#: Hank 2-1-1 = 0, Irma -1+2-1 = 0, Jake 1+1+2 = 4, Kurt -1-1+1 = -1, Lena -1-1-1 = -3.
DEC8 = [[1, "Lena", "Hank", "Jake", "AS", 78, 2, -1, 1, -1, -1],
        [2, "Hank", "Irma", "Jake", "AC", 65, -1, 2, 1, -1, -1],
        [3, "Irma", "Jake", "Kurt", "AC", 70, -1, -1, 2, 1, -1]]


def _book(path, tabs) -> str:
    """A workbook of night tabs, each its header, then its rows, the date in the first row's Date cell only."""
    import datetime  # noqa: PLC0415

    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    wb.remove(wb.active)
    for title, rows in tabs:
        ws = wb.create_sheet(title)
        ws.append(BOOK_HEADER)
        for k, row in enumerate(rows):
            ws.append([datetime.date(2026, 12, 8) if k == 0 else None, *row])
    wb.save(path)
    return str(path)


def test_a_tab_copied_whole_is_duplicates(tmp_path):
    """x2_copy.xlsx: "Copy of Dec 8" is "Dec 8" cell for cell: its three rows are duplicates (counted, each said
    W-XLSX-SHEET at its Hand cell, column 2), none refused; the ledger is Dec 8's once."""
    db = tmp_path / "x2.duckdb"
    rep = _ingest(_book(tmp_path / "x2_copy.xlsx", [("Dec 8", DEC8), ("Copy of Dec 8", DEC8)]), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (3, 3, [])
    said = [(w["file"].rsplit("/", 1)[-1], w["line"], w["col"], w["hand"]) for w in rep["warnings"]
            if w["code"] == "W-XLSX-SHEET"]
    assert said == [("x2_copy.xlsx[Copy of Dec 8]", k + 1, 2, k) for k in (1, 2, 3)]
    assert "is the same, cell for cell, as hand 1 of the sheet 'Dec 8'" in rep["warnings"][0]["message"]
    assert ledger(db) == {"Hank": 0, "Irma": 0, "Jake": 4, "Kurt": -1, "Lena": -3}


def test_a_tabs_carried_over_last_row_is_a_duplicate_and_its_new_hand_stored(tmp_path):
    """x4_overlap.xlsx: "Dec 8 (2)" starts with Dec 8's hand 3 again, cell for cell, then hand 4 Kurt/Jake 78 (a plain
    win: Kurt +2, Jake +1, Hank/Irma/Lena -1).  Hand 3 is a duplicate, hand 4 is stored as the night's hand 4.
    Ledger: Hank 0-1 = -1, Irma 0-1 = -1, Jake 4+1 = 5, Kurt -1+2 = 1, Lena -3-1 = -4."""
    db = tmp_path / "x4.duckdb"
    tab2 = [DEC8[2], [4, "Lena", "Kurt", "Jake", "AS", 78, -1, -1, 1, 2, -1]]
    rep = _ingest(_book(tmp_path / "x4_overlap.xlsx", [("Dec 8", DEC8), ("Dec 8 (2)", tab2)]), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (4, 1, [])
    assert [h[2] for h in _hands(db)] == [1, 2, 3, 4]
    assert ledger(db) == {"Hank": -1, "Irma": -1, "Jake": 5, "Kurt": 1, "Lena": -4}


def test_a_tab_with_one_row_changed_is_still_another_night(tmp_path):
    """Kept (real25 F2): a tab numbered from 1 again whose hand 2 differs from Dec 8's (Irma/Jake 65 written as
    Irma/Lena 65: Irma +2, Lena +1, the others -1) is no copy: all three of its rows are refused E-CSV-HAND-ORDER at
    their Hand cells, the identical ones too; Dec 8 is stored once."""
    db = tmp_path / "x5.duckdb"
    other = [DEC8[0], [2, "Hank", "Irma", "Lena", "AC", 65, -1, 2, -1, -1, 1], DEC8[2]]
    rep = _ingest(_book(tmp_path / "x5.xlsx", [("Dec 8", DEC8), ("Dec 8 b", other)]), db)
    assert rep["ingested"] == 3 and _where(rep) == [(k + 1, 2, "E-CSV-HAND-ORDER", k) for k in (1, 2, 3)]
    assert ledger(db) == {"Hank": 0, "Irma": 0, "Jake": 4, "Kurt": -1, "Lena": -3}
