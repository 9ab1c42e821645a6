"""Score sheets brought by break26b (session 26, round 2: F1-F5; /tmp/s26/break26b/FINDINGS.md), fixed by fixe in
session 26: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.  Default profile wi5-called-ace (doubleOnBump on)
unless said; the pot's rules 'wi5-called-ace; pot=on' (rules.md D-19; docs/profiles.md: potTake=all, the partner
takes pot // 4, the picker the rest).

The hands used (players Gus, Lou, Mo, Rita, Zeke):
- "Lou picks, Gus partner, 66": a plain win (rules.md B-27: 61..90, B-28 tier 1): Lou +2, Gus +1, Mo/Rita/Zeke -1
  (B-31: picker 2 shares, partner 1; B-33).  With a pot of 5 carried in: the partner 5 // 4 = 1, the picker 4:
  Lou +6, Gus +2, Mo/Rita/Zeke -1, the pot -5 (sums to 0).
- "Mo picks, Zeke partner, 70": a plain win: Mo +2, Zeke +1, Gus/Lou/Rita -1 (the pot empty: 0).
- "Rita picks, Gus partner, 45": a loss (31..60, B-28 tier 1), doubled on the bump (B-32): 2 a defender:
  Rita -4, Gus -2, Lou/Mo/Zeke +2.
- "Mo alone, 70": a plain win alone (B-31: 4 shares): Mo +4, each other -1.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where

POT_RULES = ("--rules", "wi5-called-ace; pot=on")
HEADER = "Date,Hand,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke,Pot\n"


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


def _units(db) -> dict[int, dict[str, int]]:
    """Each stored hand's units by player, the pot's seat as '(pot)'."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, u.player, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, player, units in rows:
        out.setdefault(hand, {})[player or "(pot)"] = units
    return out


def _file_errors(rep: dict) -> list[tuple[int, int, str, str]]:
    """The sheet's errors of no hand: (line, column, code, found)."""
    return [(e["line"], e["col"], e["code"], e["found"]) for e in rep["rejected"] if e["hand"] is None]


# -- break26b F1: an opening row's Pot cell that is not whole units ------------------------------------------------

#: csv/p1_frac.csv as break26b wrote it (row 2: the date and the Pot cell only), and a hand 2 below.  Hand 1 has no
#: units written: the engine derives them, and with the pot unknown it would be stored with the pot at 0 (Lou +2,
#: Gus +1, -1 each), which is wrong had the scorer meant 5 (Lou +6, Gus +2, pot -5).  Hand 2 Mo/Zeke 70 (the pot
#: empty after hand 1 took all of it, whatever it was): Mo +2, Zeke +1, Gus/Lou/Rita -1 -- stored, and the night
#: is that one hand: Gus -1, Lou -1, Mo +2, Rita -1, Zeke +1.
FRAC = HEADER + """2026-12-01,,,,,,,,,,,,{pot}
2026-12-01,1,Zeke,Lou,Gus,AH,66,,,,,,
2026-12-01,2,Gus,Mo,Zeke,AS,70,,,,,,
"""


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("pot", ["2.5", "-0.5", "five", "(5)"])
def test_an_opening_pot_cell_of_no_whole_units_is_refused_and_hand_1_with_it(tmp_path, monkeypatch, stream, pot):
    _stream(monkeypatch, stream)
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "p1_frac.csv", FRAC.format(pot=pot)), db, *POT_RULES)
    assert _file_errors(rep) == [(2, 13, "E-CSV-POT", pot)]  # at the Pot cell of row 2
    assert (3, 13, "E-CSV-POT", 1) in _where(rep)  # hand 1, whose pot it would open, not stored with pot 0
    assert rep["ingested"] == 1
    assert _units(db) == {2: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1, "(pot)": 0}}
    assert ledger(db) == {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1}


def test_an_xlsx_opening_pot_of_2_5_is_refused_at_its_cell(tmp_path):
    """csv/x2_pot_frac.xlsx as break26b wrote it (openpyxl, the Pot cell the float 2.5): as the CSV's '2.5'."""
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Dec 1"
    ws.append(HEADER.strip().split(","))
    ws.append(["2026-12-01", None, None, None, None, None, None, None, None, None, None, None, 2.5])
    ws.append(["2026-12-01", 1, "Zeke", "Lou", "Gus", "AH", 66])
    ws.append(["2026-12-01", 2, "Gus", "Mo", "Zeke", "AS", 70])
    path = tmp_path / "x2_pot_frac.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    rep = _ingest(str(path), db, *POT_RULES)
    assert _file_errors(rep) == [(2, 13, "E-CSV-POT", "2.5")]
    assert (3, 13, "E-CSV-POT", 1) in _where(rep)
    assert ledger(db) == {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1}


# -- break26b F5: two opening rows -----------------------------------------------------------------------------------

def test_a_second_opening_pot_row_is_refused_at_its_cell(tmp_path):
    """csv/p10_twoopen.csv: rows 2 and 3 each the date and a Pot cell (5, then 3), hand 1 Lou/Gus 66 derived.
    Which pot the night opened with is not known: row 3's cell refused at 3:13 naming row 2's 5, and hand 1 (whose
    pot would be 5: Lou +6, Gus +2; or 3: Lou +2+3 = +5, Gus +1+0 = +1) refused at its Pot cell, 4:13 -- it was
    stored with pot 3 and the 5 dropped without a word.  Hand 2 Mo/Zeke 70 is stored: Mo +2, Zeke +1, -1 each."""
    text = HEADER + ("2026-12-01,,,,,,,,,,,,5\n2026-12-01,,,,,,,,,,,,3\n"
                     "2026-12-01,1,Zeke,Lou,Gus,AH,66,,,,,,\n2026-12-01,2,Gus,Mo,Zeke,AS,70,,,,,,\n")
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "p10_twoopen.csv", text), db, *POT_RULES)
    errs = [e for e in rep["rejected"] if e["hand"] is None]
    assert _file_errors(rep) == [(3, 13, "E-CSV-POT", "3")]
    assert "row 2 above is this night's opening row already, carrying 5" in errs[0]["message"]
    assert (4, 13, "E-CSV-POT", 1) in _where(rep)
    assert _units(db) == {2: {"Gus": -1, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1, "(pot)": 0}}


def test_an_opening_pot_row_of_0_below_one_of_5_keeps_the_5(tmp_path):
    """A scorer's row 3 writing Pot 0 under row 2's Pot 5 carries nothing: the night opens with 5 (hand 1 Lou/Gus 66:
    Lou +6, Gus +2, Mo/Rita/Zeke -1, the pot -5)."""
    text = HEADER + "2026-12-01,,,,,,,,,,,,5\n2026-12-01,,,,,,,,,,,,0\n2026-12-01,1,Zeke,Lou,Gus,AH,66,,,,,,\n"
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "p.csv", text), db, *POT_RULES)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    assert _units(db) == {1: {"Gus": 2, "Lou": 6, "Mo": -1, "Rita": -1, "Zeke": -1, "(pot)": -5}}


# -- break26b F4: opening pot rows written slightly differently -------------------------------------------------------

#: Hand 1 Lou/Gus 66 with the pot of 5 carried in, its units written as the scorer worked them (Lou 2+4 = 6, Gus 1+1
#: = 2, Mo/Rita/Zeke -1, the Pot cell -5: the pot taken); the night: Gus +2, Lou +6, Mo -1, Rita -1, Zeke -1.
TAKEN = "2026-12-01,1,Zeke,Lou,Gus,AH,66,2,6,-1,-1,-1,-5\n"


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("opening", [",,Carried over,,,,,,,,,,5",  # csv/p4_label_dealer.csv: the label as Dealer
                                     "2026-12-01,,,,,,,0,0,0,0,0,5",  # csv/p3_zeros.csv: the pad zeroed
                                     ",Carry,,,,,,,,,,,5"])  # the label in the Hand cell
def test_an_opening_pot_row_with_a_label_or_zeros_is_read(tmp_path, monkeypatch, stream, opening):
    _stream(monkeypatch, stream)
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "p4.csv", HEADER + opening + "\n" + TAKEN), db, *POT_RULES)
    assert (rep["ingested"], rep["rejected"], rep["warnings"]) == (1, [], [])  # no E-SCORE-SUM, no E-CSV-HAND
    assert _units(db) == {1: {"Gus": 2, "Lou": 6, "Mo": -1, "Rita": -1, "Zeke": -1, "(pot)": -5}}
    assert ledger(db) == {"Gus": 2, "Lou": 6, "Mo": -1, "Rita": -1, "Zeke": -1}


def test_a_row_of_zeros_and_a_dealer_is_still_a_hand(tmp_path):
    """A row naming a player in the Dealer cell is a hand's, not an opening row: zeros and Pot 5 with Dealer Zeke and
    no picker is refused as a hand that says nothing (E-CSV-HAND at 2:1), as before."""
    text = HEADER + "2026-12-01,,Zeke,,,,,0,0,0,0,0,5\n"
    rep = _ingest(write(tmp_path, "z.csv", text), tmp_path / "z.duckdb", *POT_RULES)
    assert [(line, code) for line, _c, code, _h in _where(rep)] == [(2, "E-CSV-HAND")]


# -- break26b F2: one odd cell in a Buddy / Pard column ------------------------------------------------------------

#: csv/b7_buddy_nobody.csv as break26b wrote it (units left to be derived).  By hand: hand 1 Lou/Gus 66: Lou +2,
#: Gus +1, Mo/Rita/Zeke -1; hand 2 Mo alone ('nobody'), 70: Mo +4, each other -1 (B-31: 4 shares); hand 3
#: Rita/Gus 45, a loss doubled on the bump: Rita -4, Gus -2, Lou/Mo/Zeke +2.
#: The night: Gus 1-1-2 = -2, Lou 2-1+2 = +3, Mo -1+4+2 = +5, Rita -1-1-4 = -6, Zeke -1-1+2 = 0.
BUDDY = """Date,Hand,Dealer,Picker,Buddy,Call,Points,Gus,Lou,Mo,Rita,Zeke
2026-12-01,1,Zeke,Lou,Gus,AH,66,,,,,
2026-12-01,2,Gus,Mo,{word},,70,,,,,
2026-12-01,3,Lou,Rita,Gus,AC,45,,,,,
"""


@pytest.mark.parametrize("word", ["nobody", "alone"])
def test_a_buddy_column_reads_a_word_of_no_partner(tmp_path, word):
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b7.csv", BUDDY.format(word=word)), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert _units(db)[2] == {"Gus": -1, "Lou": -1, "Mo": 4, "Rita": -1, "Zeke": -1}
    assert ledger(db) == {"Gus": -2, "Lou": 3, "Mo": 5, "Rita": -6, "Zeke": 0}


@pytest.mark.parametrize("word", ["self", "me", "x", "n/a", "(alone)", "AH"])
def test_one_odd_buddy_cell_is_refused_in_its_own_row(tmp_path, word):
    """The odd cell is refused at its own cell, row 3 column 5 (E-CSV-SEAT, as a Partner column's is); hands 1 and 3
    stored: Gus 1-2 = -1, Lou 2+2 = +4, Mo -1+2 = +1, Rita -1-4 = -5, Zeke -1+2 = +1 (it was every row E-SEATS)."""
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b7.csv", BUDDY.format(word=word)), db)
    assert _where(rep) == [(3, 5, "E-CSV-SEAT", 2)]
    assert ledger(db) == {"Gus": -1, "Lou": 4, "Mo": 1, "Rita": -5, "Zeke": 1}


def test_a_buddy_column_still_read_as_a_player_is_advised_as_the_partner_column(tmp_path):
    """A Buddy column whose only cell is 'x' (no player, no word of no partner) is not told from a player named
    Buddy: read as a sixth player, its row is E-SEATS at 2:5 (only Buddy's cell written), and the advice names
    --columns partner=Buddy (it named only ignore=Buddy, which throws the partners away); followed, the 'x' is
    refused at its own cell as a Partner cell (2:5, E-CSV-SEAT)."""
    text = "Date,Hand,Dealer,Picker,Buddy,Call,Points,Gus,Lou,Mo,Rita,Zeke\n2026-12-01,1,Zeke,Lou,x,,66,,,,,\n"
    rep = _ingest(write(tmp_path, "bx.csv", text), tmp_path / "b.duckdb")
    assert _where(rep) == [(2, 5, "E-SEATS", 1)]
    assert "--columns partner=Buddy" in rep["rejected"][0]["message"]
    rep = _ingest(write(tmp_path, "bx.csv", text), tmp_path / "b2.duckdb", "--columns", "partner=Buddy")
    assert _where(rep) == [(2, 5, "E-CSV-SEAT", 1)]


def test_a_player_named_buddy_who_writes_units_stays_a_player(tmp_path):
    """csv/b2_pard_buddyplayer.csv's shape: Buddy a sixth column of units beside a Pard column.  Hand 1 Lou/Gus 66
    at a table of Buddy, Gus, Lou, Mo, Rita (Zeke absent): Lou +2, Gus +1, Buddy/Mo/Rita -1; hand 2 Mo/Buddy 70:
    Mo +2, Buddy +1, Gus/Lou/Rita -1.  The night: Buddy 0, Gus 0, Lou +1, Mo +1, Rita -2."""
    text = ("Date,Hand,Dealer,Picker,Pard,Call,Points,Buddy,Gus,Lou,Mo,Rita\n"
            "2026-12-01,1,Rita,Lou,Gus,AH,66,-1,1,2,-1,-1\n2026-12-01,2,Buddy,Mo,Buddy,AS,70,1,-1,-1,2,-1\n")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b2.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Buddy": 0, "Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2}


# -- break26b F3: a six-handed sit-out sheet's blank or unknown Dealer cell ------------------------------------------

#: --rules wi6-sit-out (rules.md F-1: the dealer sits out, their units cell blank).  Row 2: Lou/Gus 66, Fay's cell
#: blank: Lou +2, Gus +1, Mo/Rita/Zeke -1 (Fay dealt and sat out: 0).  Row 3: Mo/Zeke 70 with Gus's cell blank:
#: Mo +2, Zeke +1, Lou/Rita/Fay -1.
SIX = """Date,Hand,Dealer,Picker,Partner,Call,Points,Gus,Lou,Mo,Rita,Zeke,Fay
2026-12-01,1,{d1},Lou,Gus,AH,66,1,2,-1,-1,-1,
2026-12-01,2,{d2},Mo,Zeke,AS,70,,-1,2,-1,1,-1
"""


@pytest.mark.parametrize("d1, d2, line, other", [("", "Gus", 2, "Fay"),   # csv/s3a_blankdealer_row1.csv
                                                 ("Fay", "", 3, "Gus"),   # csv/s3c_blankdealer_row2.csv
                                                 ("Fay", "Zed", 3, "Gus")])  # csv/s3b_zed.csv
def test_a_sit_out_rows_blank_or_unknown_dealer_cell_is_said_at_that_cell(tmp_path, d1, d2, line, other):
    """The row is refused at its Dealer cell (column 3), saying the cell is blank or names no player of the header
    and that the blank units cell is the dealer's ('write Gus in the Dealer cell'), not 'a player who leaves'; the
    other row is stored (row 2 alone: Gus +1, Lou +2, Mo/Rita/Zeke -1, Fay 0; row 3 alone: Mo +2, Zeke +1,
    Lou/Rita/Fay -1, Gus 0)."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s3.csv", SIX.format(d1=d1, d2=d2)), db, "--rules", "wi6-sit-out")
    assert _where(rep) == [(line, 3, "E-CSV-SEATS", line - 1)]
    msg = rep["rejected"][0]["message"]
    assert "a player who leaves" not in msg
    assert ("the Dealer cell is blank" if not (d1 if line == 2 else d2) else
            "the Dealer cell 'Zed' names no player of the sheet's header") in msg
    assert f"write {other} in the Dealer cell" in msg
    stored = ({"Gus": 1, "Lou": 2, "Mo": -1, "Rita": -1, "Zeke": -1, "Fay": 0} if line == 3 else
              {"Gus": 0, "Lou": -1, "Mo": 2, "Rita": -1, "Zeke": 1, "Fay": -1})
    assert ledger(db) == stored


# -- break26b F7: a Pot column without pot=on, and an opening row -----------------------------------------------------

def test_a_pot_only_row_read_as_a_hand_takes_no_hand_number(tmp_path):
    """csv/p5_nopoton.csv without --rules (no pot: the Pot column is read as a sixth player, W-CSV-POT at 1:13 says
    to ingest with pot=on).  Row 2 (date and Pot 5 only) is refused at its Pot cell, 2:13 E-SEATS; row 3, the hand
    numbered 1, is refused for its own reason (E-SEATS, six player columns), not as 'hand 1 again: row 2 is this
    night's hand 1' (E-CSV-HAND-ORDER), a number row 2 never wrote."""
    text = HEADER + "2026-12-01,,,,,,,,,,,,5\n2026-12-01,1,Zeke,Lou,Gus,AH,66,2,6,-1,-1,-1,-5\n"
    rep = _ingest(write(tmp_path, "p5.csv", text), tmp_path / "p.duckdb")
    assert [(line, col, code) for line, col, code, _h in _where(rep)] == [(2, 13, "E-SEATS"), (3, 1, "E-SEATS")]
    assert [(w["code"], w["line"], w["col"]) for w in rep["warnings"]] == [("W-CSV-POT", 1, 13)]
    assert rep["ingested"] == 0
