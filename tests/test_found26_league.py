"""A real league's records brought by real26 (session 26: F1..F5), fixed by fixc: each record written as the
league wrote it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's
figure was read.

Sit-out nights (wi6-sit-out, rules.md F-1): six at the table, the dealer sits out, the other five play a
five-handed called-ace hand; a plain win (B-27, B-28: 61..90) is picker +2, partner +1, each defender -1 (B-31,
B-33).
"""

from __future__ import annotations

import duckdb
import pytest
from openpyxl import Workbook

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(
            "SELECT h.hand, h.picker, h.partner, list(u.player || '=' || u.units ORDER BY u.seat_no) "
            "FROM hands h JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY 1").fetchall()


# -- real26 F1: a sit-out night whose FIRST row blanks the wrong cell ------------------------------------------------

#: sitout4.csv as the club wrote it: row 1 says Al deals, but Cal's cell is the blank one (Al's holds -1)
SITOUT_ROW1 = """Friday Sit-Out Club - Dec 11 2026
Hand,Dealer,Picker,Partner,Call,Pts,Al,Bud,Cal,Don,Eli,Fritz,Comments
1,Al,Bud,Don,AH,67,-1,2,,1,-1,-1,
2,Bud,Cal,Eli,AS,70,-1,,2,-1,1,-1,
3,Cal,Don,Fritz,AC,70,-1,-1,,2,-1,1,
4,Don,Eli,Al,AH,70,1,-1,-1,,2,-1,
5,Eli,Fritz,Bud,AS,70,-1,1,-1,-1,,2,
"""


def test_a_wrong_blank_in_a_sit_out_nights_first_row_refuses_that_row_alone(tmp_path):
    """Rows 2..5 are plain wins, their dealer sitting out (F-1):
    row 2 (Bud out): Cal +2, Eli +1, Al/Don/Fritz -1;  row 3 (Cal out): Don +2, Fritz +1, Al/Bud/Eli -1;
    row 4 (Don out): Eli +2, Al +1, Bud/Cal/Fritz -1;  row 5 (Eli out): Fritz +2, Bud +1, Al/Cal/Don -1.
    Al -1-1+1-1 = -2, Bud -1-1+1 = -1, Cal +2-1-1 = 0, Don -1+2-1 = 0, Eli +1-1+2 = +2, Fritz -1+1-1+2 = +1.
    Row 1 contradicts itself (the dealer Al has units, Cal's cell is blank): refused at Al's cell (column 7)."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "sitout4.csv", SITOUT_ROW1), db, "--rules", "wi6-sit-out")
    assert rep["ingested"] == 4
    assert _where(rep) == [(3, 7, "E-CSV-SEATS", 1)]
    (bad,) = rep["rejected"]
    assert "the Dealer cell says 'Al', and the dealer sits out (rules.md F-1)" in bad["message"]
    assert "Al's cell (column 7) holds '-1' and Cal's cell (column 9) is blank" in bad["message"]
    assert "is the Dealer cell wrong" in bad["message"]
    assert "[Seats]" not in bad["message"] and "leaves" not in bad["message"]
    assert ledger(db) == {"Al": -2, "Bud": -1, "Cal": 0, "Don": 0, "Eli": 2, "Fritz": 1}
    hands = _hands(db)
    assert [(h[0], h[1], h[2]) for h in hands] == [(2, "Cal", "Eli"), (3, "Don", "Fritz"), (4, "Eli", "Al"),
                                                   (5, "Fritz", "Bud")]
    # the dealer who sat out is stored with 0 (hand 2: Bud)
    assert sorted(hands[0][3]) == sorted(["Al=-1", "Bud=0", "Cal=2", "Don=-1", "Eli=1", "Fritz=-1"])


def test_the_same_mistake_in_a_later_row_is_said_alike(tmp_path):
    """sitout3.csv: row 2 says Bud deals, Bud's cell holds -1 and Don's is blank.  The other rows are stored:
    row 1 (Al out): Bud +2, Don +1, Cal/Eli/Fritz -1; row 3 (Cal out): Don +2, Fritz +1, Al/Bud/Eli -1;
    row 4 (Don out): Eli +2, Al +1, Bud/Cal/Fritz -1.
    Al -1+1 = 0, Bud +2-1-1 = 0, Cal -1-1 = -2, Don +1+2 = +3, Eli -1-1+2 = 0, Fritz -1+1-1 = -1."""
    text = """Friday Sit-Out Club - Dec 4 2026
Hand,Dealer,Picker,Partner,Call,Pts,Al,Bud,Cal,Don,Eli,Fritz,Comments
1,Al,Bud,Don,AH,67,,2,-1,1,-1,-1,
2,Bud,Cal,Eli,AS,70,-1,-1,2,,1,-1,
3,Cal,Don,Fritz,AC,70,-1,-1,,2,-1,1,
4,Don,Eli,Al,AH,70,1,-1,-1,,2,-1,
"""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "sitout3.csv", text), db, "--rules", "wi6-sit-out")
    assert rep["ingested"] == 3
    assert _where(rep) == [(4, 8, "E-CSV-SEATS", 2)]
    assert "Bud's cell (column 8) holds '-1' and Don's cell (column 10) is blank" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 0, "Bud": 0, "Cal": -2, "Don": 3, "Eli": 0, "Fritz": -1}


# -- real26 F2: a 'Buddy' (or 'Pard') column, the partner, was read as a sixth player --------------------------------

#: buddy.csv: hand 1 a plain win, Bob picks, Dave his buddy: Bob +2, Dave +1, Ann/Carl/Ed -1 (B-31, B-33);
#: hand 2 Carl alone at 40, a plain loss (B-28: 31..60) doubled on the bump (B-33, wi5-called-ace's DOB): 1 x 2 = 2
#: to each defender, Carl -8.  Ann -1+2 = +1, Bob +2+2 = +4, Carl -1-8 = -9, Dave +1+2 = +3, Ed -1+2 = +1.
BUDDY = """Date,Game #,Dealer,Picked,Called,{head},Pts,Ann,Bob,Carl,Dave,Ed
2026-12-15,1,Ann,Bob,AH,Dave,70,-1,2,-1,1,-1
2026-12-15,2,Bob,Carl,alone,,40,2,2,-8,2,2
"""


@pytest.mark.parametrize("head", ["Buddy", "Pard"])
def test_a_buddy_column_of_player_names_is_the_partner(tmp_path, head):
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "buddy.csv", BUDDY.format(head=head)), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert [(h[0], h[1], h[2]) for h in _hands(db)] == [(1, "Bob", "Dave"), (2, "Carl", None)]
    assert ledger(db) == {"Ann": 1, "Bob": 4, "Carl": -9, "Dave": 3, "Ed": 1}


def test_a_player_named_buddy_stays_a_player(tmp_path):
    """Buddy writes units (Bud's partner +1, then a defender -1): a player.  Hand 1: Ann +2, Buddy +1, the rest -1;
    hand 2: Bob +2, Carl +1, the rest -1.  Ann +2-1 = +1, Bob -1+2 = +1, Buddy +1-1 = 0, Carl -1+1 = 0,
    Dave -2."""
    text = ("Date,Picker,Partner,Call,Points,Ann,Bob,Buddy,Carl,Dave\n"
            "2026-12-15,Ann,Buddy,AH,70,2,-1,1,-1,-1\n2026-12-15,Bob,Carl,AS,70,-1,2,-1,1,-1\n")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Ann": 1, "Bob": 1, "Buddy": 0, "Carl": 0, "Dave": -2}


def test_the_tuesday_league_workbook_in_quarters_is_stored(tmp_path):
    """Tuesday League 2026.xlsx (real26's mkxlsx.py), stake 0.25 a unit, DOB (B-33); worked by the tester and again
    here: Dec 1: Bob +2 Dave +1 (70); Carl alone 40, lost: -8, +2 each; leaster Ed +4, -1 each (D-4); Ed picks, Ann
    partner, crack Carl, 95: schneider 2 x crack 2 = 4 a defender (E-1): Ed +8, Ann +4, -4 each; Ann picks, Carl
    partner, 60: a plain loss doubled on the bump, 2 a defender: Ann -4, Carl -2, +2 each.
    Dec 1: Ann -1+2-1+4-4 = 0, Bob +2+2-1-4+2 = +1, Carl -1-8-1-4-2 = -16, Dave +1+2-1-4+2 = 0, Ed -1+2+4+8+2 = +15.
    Dec 8: Bob picks, Ed partner, 31: a plain loss, 2 a defender: Bob -4, Ed -2, Ann/Carl/Dave +2; Dave picks, Ann
    partner, 120 'W': a no-tricker (B-29), 3 a defender: Dave +6, Ann +3, -3 each; Ed picks, Bob partner, 88: Ed +2,
    Bob +1, -1 each.  Ann +2+3-1 = +4, Bob -4-3+1 = -6, Carl +2-3-1 = -2, Dave +2+6-1 = +7, Ed -2-3+2 = -3.
    Both: Ann +4, Bob -5, Carl -18, Dave +7, Ed +12."""
    hdr = ["Game #", "Dealer", "Picked", "Called", "Buddy", "Pts", "Result", "Leaster", "Crack", "Ann", "Bob", "Carl",
           "Dave", "Ed", "Remarks"]
    nights = {
        "Dec 1": [[1, "Ann", "Bob", "AH", "Dave", 70, "W", None, None, -0.25, 0.50, -0.25, 0.25, -0.25, None],
                  [2, "Bob", "Carl", "alone", None, 40, "L", None, None, 0.50, 0.50, -2.00, 0.50, 0.50, "a prayer"],
                  [3, "Carl", None, None, None, None, None, "Ed", None, -0.25, -0.25, -0.25, -0.25, 1.00, "passed"],
                  [4, "Dave", "Ed", "AC", "Ann", 95, "W", None, "Carl", 1.00, -1.00, -1.00, -1.00, 2.00, None],
                  [5, "Ed", "Ann", "AS", "Carl", 60, "L", None, None, -1.00, 0.50, -0.50, 0.50, 0.50, "bump"]],
        "Dec 8": [[1, "Ann", "Bob", "AC", "Ed", 31, "L", None, None, 0.50, -1.00, 0.50, 0.50, -0.50, None],
                  [2, "Bob", "Dave", "AS", "Ann", 120, "W", None, None, 0.75, -0.75, -0.75, 1.50, -0.75, "no-tricker!"],
                  [3, "Carl", "Ed", "AH", "Bob", 88, "W", None, None, -0.25, 0.25, -0.25, -0.25, 0.50, None]],
    }
    wb = Workbook()
    wb.remove(wb.active)
    for title, rows in nights.items():
        ws = wb.create_sheet(title)
        ws.append(hdr)
        for row in rows:
            ws.append(row)
    p = tmp_path / "Tuesday League 2026.xlsx"
    wb.save(p)
    db = tmp_path / "t.duckdb"
    rep = _ingest(str(p), db, "--columns", "stake=0.25")
    assert (rep["ingested"], rep["rejected"]) == (8, [])
    assert ledger(db) == {"Ann": 4, "Bob": -5, "Carl": -18, "Dave": 7, "Ed": 12}


def test_a_column_of_partners_under_another_head_is_said_with_partner_not_ignore(tmp_path):
    """A 'Mate' column (no partner word) is read as a player: its cell 'Dave' is refused E-CSV-UNITS at column 6,
    suggesting --columns partner=Mate (ignore would throw the partners away), the money sheet's reason outside the
    quoted cell (found: the cell as written)."""
    text = ("Date,Game #,Dealer,Picked,Called,Mate,Pts,Ann,Bob,Carl,Dave,Ed\n"
            "2026-12-15,1,Ann,Bob,AH,Dave,70,-.25,.50,-.25,.25,-.25\n"
            "2026-12-15,2,Bob,Carl,AS,Ed,70,-.25,-.25,.50,-.25,.25\n")
    rep = _ingest(write(tmp_path, "m.csv", text), tmp_path / "m.duckdb", "--columns", "stake=0.25")
    assert _where(rep) == [(2, 6, "E-CSV-UNITS", 1), (3, 6, "E-CSV-UNITS", 2)]
    bad = rep["rejected"][0]
    assert bad["found"] == "Dave"
    assert "Mate's units 'Dave' (not an amount of money, read at 0.25 a unit) are not a whole number" in bad["message"]
    assert "--columns partner=Mate" in bad["message"]
    # and with it, the hands are stored: Bob +2, Dave +1, the rest -1; Carl +2, Ed +1, the rest -1 (at 0.25 a unit:
    # -.25 is -1).  Ann -2, Bob +2-1 = +1, Carl -1+2 = +1, Dave +1-1 = 0, Ed -1+1 = 0
    db = tmp_path / "m2.duckdb"
    rep = _ingest(write(tmp_path, "m.csv", text), db, "--columns", "stake=0.25,partner=Mate")
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Ann": -2, "Bob": 1, "Carl": 1, "Dave": 0, "Ed": 0}


# -- real26 F3: a 'Recrack' column beside the Crack column was read as a player ----------------------------------------

#: cracks.csv's first two rows (its row 3 was the tester's own mistake): DOB profile wi5-called-ace.
#: hand 1: Bea picks, Di partner, 70, crack Ed: a plain win x2 (E-1): Bea +4, Di +2, Al/Cy/Ed -2;
#: hand 2: Cy picks, Al partner, 65, crack Di, recrack Cy: x2 x2 = x4 (E-1, E-3): Cy +8, Al +4, Bea/Di/Ed -4.
#: Al -2+4 = +2, Bea +4-4 = 0, Cy -2+8 = +6, Di +2-4 = -2, Ed -2-4 = -6.
CRACKS = """Date,Hand,Dealer,Picker,Called,Partner,Points,Crack,{head},Al,Bea,Cy,Di,Ed
2026-12-10,1,Al,Bea,AH,Di,70,Ed,,-2,4,-2,2,-2
2026-12-10,2,Bea,Cy,AS,Al,65,Di,{who},4,-4,8,-4,-4
"""


@pytest.mark.parametrize("head", ["Recrack", "Re-crack", "Recracked"])
def test_a_recrack_column_is_the_recrack_seat(tmp_path, head):
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "cracks.csv", CRACKS.format(head=head, who="Cy")), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Al": 2, "Bea": 0, "Cy": 6, "Di": -2, "Ed": -6}


def test_a_hand_without_its_recrack_is_refused_at_its_score(tmp_path):
    """The Recrack cell blank on hand 2: one mark, x2, gives Cy +4, Al +2, -2 each; the row writes the x4 amounts:
    refused E-SCORE (the recrack is read from its own column, not taken for a player)."""
    rep = _ingest(write(tmp_path, "cracks.csv", CRACKS.format(head="Recrack", who="")), tmp_path / "c.duckdb")
    assert rep["ingested"] == 1
    assert [(w[0], w[2], w[3]) for w in _where(rep)] == [(3, "E-SCORE", 2)]


def test_a_recrack_cell_naming_no_player_is_refused_at_that_cell(tmp_path):
    rep = _ingest(write(tmp_path, "cracks.csv", CRACKS.format(head="Recrack", who="Zed")), tmp_path / "c.duckdb")
    assert rep["ingested"] == 1
    assert _where(rep) == [(3, 9, "E-CSV-CRACK", 2)]
    assert "recrack 'Zed'" in rep["rejected"][0]["message"]


# -- real26 F4: a 'Def Pts' column beside units left blank (read since break26b F6 as the defenders' points) ---------

@pytest.mark.parametrize("head", ["Def Pts", "Defenders"])
def test_a_def_pts_column_beside_blank_units_is_the_defenders_points(tmp_path, head):
    """Every player's units blank (to be derived) and a 'Def Pts' column written.  Session 26 refused it (E-SEATS:
    six columns read as players); the decision since (break26b F6, tests/test_found27_sheets.py) reads it as the
    defenders' card points, the picker side's the deck's 120 less it (rules.md A-6).  By hand: hand 1 Bea picks,
    calls AH, Di partner, 120 - 40 = 80: a win, Bea +2, Di +1, the rest -1 (B-28, B-33); hand 2 Cy picks, Al
    partner, 120 - 75 = 45: a loss doubled on the bump, Cy -4, Al -2, the rest +2 (B-32).  Totals: Al -3, Bea +4,
    Cy -5, Di +3, Ed +1 (zero-sum)."""
    text = (f"Date,Hand,Dealer,Picker,Call,Partner,{head},Al,Bea,Cy,Di,Ed\n"
            "2026-12-12,1,Al,Bea,AH,Di,40,,,,,\n2026-12-12,2,Bea,Cy,AS,Al,75,,,,,\n")
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "defpts.csv", text), db)
    assert rep["ingested"] == 2 and not rep["rejected"]
    assert ledger(db) == {"Al": -3, "Bea": 4, "Cy": -5, "Di": 3, "Ed": 1}


# -- real26 F5: a hand row with only a note ('leaster - Jen won') -----------------------------------------------------

#: three.csv at wi3 (rules.md F-2: the picker alone against two; each defender pays or is paid 1/2/3 a tier, the
#: picker's loss doubled on the bump): Jen 75 W: Jen +2, -1 each; Kyle 95 W: +4, -2 each; Grandpa 55 L: -4, +2 each;
#: Jen 120 W (no-tricker): +6, -3 each; Kyle 25 L (schneidered, doubled): -8, +4 each.
#: Grandpa -1-2-4-3+4 = -6, Jen +2-2+2+6+4 = +12, Kyle -1+4+2-3-8 = -6.  Row 7 names no picker and writes no units.
THREE = """Date,Hand,Dealer,Picker,Points,Result,Grandpa,Jen,Kyle,Notes
11/29/2026,1,Grandpa,Jen,75,W,-1,2,-1,
11/29/2026,2,Jen,Kyle,95,W,-2,-2,4,
11/29/2026,3,Kyle,Grandpa,55,L,-4,2,2,
11/29/2026,4,Grandpa,Jen,120,W,-3,6,-3,all tricks
11/29/2026,5,Jen,Kyle,25,L,4,4,-8,
11/29/2026,6,Kyle,,,,,,,leaster - Jen won
"""


def test_a_row_with_only_a_note_is_said_as_no_hand_not_a_player_leaving(tmp_path):
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "three.csv", THREE), db, "--rules", "wi3")
    assert rep["ingested"] == 5
    assert _where(rep) == [(7, 4, "E-CSV-HAND", 6)]  # at the blank Picker cell (break33 F8)
    msg = rep["rejected"][0]["message"]
    assert "row 7: no picker, leaster winner or doubler" in msg and "no units" in msg
    assert "a leaster is written in a Leaster column" in msg
    assert "leaves" not in msg and "not the sitting's table" not in msg
    assert ledger(db) == {"Grandpa": -6, "Jen": 12, "Kyle": -6}


def test_the_leaster_written_in_its_column_is_stored_and_the_note_row_refused(tmp_path):
    """three2.csv: row 2 Leaster=Jen, units blank: Jen +2, Grandpa/Kyle -1 (rules.md D-4, one unit from each);
    row 3 a note only: refused E-CSV-HAND at its blank Picker cell, column 4 (break33 F8)."""
    text = ("Date,Hand,Dealer,Picker,Points,Result,Leaster,Grandpa,Jen,Kyle,Notes\n"
            "11/30/2026,1,Grandpa,,,,Jen,,,,\n11/30/2026,2,Jen,,,,,,,,leaster - Jen won\n")
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "three2.csv", text), db, "--rules", "wi3")
    assert rep["ingested"] == 1
    assert _where(rep) == [(3, 4, "E-CSV-HAND", 2)]
    assert ledger(db) == {"Grandpa": -1, "Jen": 2, "Kyle": -1}


def test_a_note_row_opening_the_night_leaves_the_table_the_headers_players(tmp_path):
    """The same note row as the night's first row: refused E-CSV-HAND at (2, 4), its Picker cell; the night's table is Grandpa, Jen,
    Kyle, so row 3 (Jen 75 W at wi3: Jen +2, Grandpa/Kyle -1, rules.md F-2) is stored, not refused as players
    joining an empty table."""
    text = ("Date,Hand,Dealer,Picker,Points,Result,Grandpa,Jen,Kyle,Notes\n"
            "11/29/2026,1,Kyle,,,,,,,leaster - Jen won\n11/29/2026,2,Grandpa,Jen,75,W,-1,2,-1,\n")
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "n.csv", text), db, "--rules", "wi3")
    assert rep["ingested"] == 1
    assert _where(rep) == [(2, 4, "E-CSV-HAND", 1)]
    assert ledger(db) == {"Grandpa": -1, "Jen": 2, "Kyle": -1}
