"""A continuing CSV sheet without a Hand column sent a second time (fixm30): before the fix its rows were numbered on
after the now-stored hands (4-5 the first time, 6-7 the second) and stored again, every player's units for those hands
counted twice, said by nothing but W-SESSION-DEALER.  The rule (docs/storage.md "Duplicates by meaning"): before the
rows of such a sheet are numbered on, they are matched in order against the stored hands that one earlier import of a
CSV sheet stored in the session (a run of consecutive numbers); when the sheet's first rows are that whole run, by
meaning, they are those hands (duplicates) and the rows after them are numbered on after the session's last hand.

Worked by hand from rules.md (/work/shared/reference/rules.md), profile wi5-called-ace (DOB on, B-32):
Seats clockwise Al, Bea, Cy, Di, Ed; the deal passes to the left (B-1): dealers Al, Bea, Cy, Di, Ed, Al, Bea.
 h1 d Al:  Bea picks, calls AS, partner Cy, 70: a plain win (B-27: 61..90 x1), B-33: Bea +2, Cy +1, Al/Di/Ed -1.
 h2 d Bea: Cy alone, 95: schneider win (B-28: 91..120 x2), alone 4 shares (B-31): Cy +8, the others -2.
 h3 d Cy:  Di picks AH, partner Al, 50: a loss (31..60 x1), DOB (B-32): Di -4, Al -2, Bea/Cy/Ed +2.
 After 3: Al -1-2-2 = -5, Bea +2-2+2 = +2, Cy +1+8+2 = +11, Di -1-2-4 = -7, Ed -1-2+2 = -1 (sum 0, B-35).
 -- sheet 1 (rest.csv, no Hand column): hands 4-5 --
 h4 d Di:  Ed picks AC, partner Bea, 92: schneider win (91, x2): Ed +4, Bea +2, Al/Cy/Di -2.
 h5 d Ed:  Al alone, 40: a loss (31..60), alone with DOB (B-33: -8 / +2 each): Al -8, the others +2.
 After 5: Al -5-2-8 = -15, Bea +2+2+2 = +6, Cy +11-2+2 = +11, Di -7-2+2 = -7, Ed -1+4+2 = +5 (sum 0).
 -- sheet 2 (more.csv, other hands): hands 6-7 --
 h6 d Al:  Bea picks AH, partner Di, 30: schneidered loss (0..30 x2) with DOB: Bea -8, Di -4, Al/Cy/Ed +4.
 h7 d Bea: Cy picks AS, partner Ed, 61: a plain win (61, the lowest win): Cy +2, Ed +1, Al/Bea/Di -1.
 After 7: Al -15+4-1 = -12, Bea +6-8-1 = -3, Cy +11+4+2 = +17, Di -7-4-1 = -12, Ed +5+4+1 = +10 (sum 0).
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import ingest_json, ledger, refused_at, write

SESSION = "Oak Club / 2026.12.03"
NIGHT = """%SHN 1.0
[Event "Oak Club"]
[Date "2026.12.03"]
[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Eck"]
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Bea  call AS  partner Cy  pts 70

hand 2  dealer Bea
pick Cy  alone  pts 95

hand 3  dealer Cy
pick Di  call AH  partner Al  pts 50
"""
HEAD = "Date,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed\n"
ROWS_1 = ("12/3/2026,Di,Ed,Bea,AC,92,W,-2,2,-2,-2,4\n"
          "12/3/2026,Ed,Al,,alone,40,L,-8,2,2,2,2\n")
ROWS_2 = ("12/3/2026,Al,Bea,Di,AH,30,L,4,-8,4,-4,4\n"
          "12/3/2026,Bea,Cy,Ed,AS,61,W,-1,-1,2,-1,1\n")
SHEET_1 = HEAD + ROWS_1
SHEET_2 = HEAD + ROWS_2

AFTER_3 = {"Al Ames": -5, "Bea Berg": 2, "Cy Cole": 11, "Di Dorn": -7, "Ed Eck": -1}
AFTER_5 = {"Al Ames": -15, "Bea Berg": 6, "Cy Cole": 11, "Di Dorn": -7, "Ed Eck": 5}
AFTER_7 = {"Al Ames": -12, "Bea Berg": -3, "Cy Cole": 17, "Di Dorn": -12, "Ed Eck": 10}
CONTINUE = ("--columns", f"session={SESSION}")


def _night(tmp_path):
    db = tmp_path / "oak.duckdb"
    assert ingest_json(write(tmp_path, "oak.shn", NIGHT), db)["ingested"] == 3
    assert ledger(db) == AFTER_3 and sum(AFTER_3.values()) == 0
    return db


def _hands(db) -> list[tuple[int, str, str]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT hand, dealer, picker FROM hands ORDER BY hand").fetchall()


def _codes(rep: dict) -> list[str]:
    return [w["code"] for w in rep["warnings"]]


def test_the_sheet_sent_twice_stores_its_hands_once(tmp_path):
    db = _night(tmp_path)
    path = write(tmp_path, "rest.csv", SHEET_1)
    first = ingest_json(path, db, *CONTINUE)
    assert (first["ingested"], first["duplicates"], refused_at(first)) == (2, 0, [])
    assert ledger(db) == AFTER_5 and sum(AFTER_5.values()) == 0
    again = ingest_json(path, db, *CONTINUE)
    assert (again["ingested"], again["duplicates"], refused_at(again)) == (0, 2, [])
    assert "W-SESSION-DEALER" not in _codes(again), again["warnings"]
    assert ledger(db) == AFTER_5
    assert _hands(db) == [(1, "Al", "Bea"), (2, "Bea", "Cy"), (3, "Cy", "Di"), (4, "Di", "Ed"), (5, "Ed", "Al")]
    # a third time alike
    third = ingest_json(path, db, *CONTINUE)
    assert (third["ingested"], third["duplicates"]) == (0, 2) and ledger(db) == AFTER_5


def test_another_sheet_of_new_hands_is_numbered_on(tmp_path):
    db = _night(tmp_path)
    path = write(tmp_path, "rest.csv", SHEET_1)
    assert ingest_json(path, db, *CONTINUE)["ingested"] == 2
    assert ingest_json(path, db, *CONTINUE)["duplicates"] == 2
    more = ingest_json(write(tmp_path, "more.csv", SHEET_2), db, *CONTINUE)
    assert (more["ingested"], more["duplicates"], refused_at(more)) == (2, 0, [])
    assert _hands(db)[5:] == [(6, "Al", "Bea"), (7, "Bea", "Cy")]
    assert ledger(db) == AFTER_7 and sum(AFTER_7.values()) == 0


def test_the_sheet_grown_by_new_rows_stores_only_them(tmp_path):
    """The same sheet kept on through the night and sent again with hands 6-7 below: 4-5 duplicates, 6-7 new."""
    db = _night(tmp_path)
    assert ingest_json(write(tmp_path, "rest.csv", SHEET_1), db, *CONTINUE)["ingested"] == 2
    grown = ingest_json(write(tmp_path, "rest.csv", HEAD + ROWS_1 + ROWS_2), db, *CONTINUE)
    assert (grown["ingested"], grown["duplicates"], refused_at(grown)) == (2, 2, [])
    assert ledger(db) == AFTER_7
    # and the grown sheet sent once more: all four duplicates; the first sheet once more: two
    assert ingest_json(write(tmp_path, "rest.csv", HEAD + ROWS_1 + ROWS_2), db, *CONTINUE)["duplicates"] == 4
    assert ingest_json(write(tmp_path, "rest.csv", SHEET_1), db, *CONTINUE)["duplicates"] == 2
    assert ledger(db) == AFTER_7 and len(_hands(db)) == 7


def test_a_copy_saved_under_another_name_is_the_same_sheet(tmp_path):
    db = _night(tmp_path)
    assert ingest_json(write(tmp_path, "rest.csv", SHEET_1), db, *CONTINUE)["ingested"] == 2
    copy = ingest_json(write(tmp_path, "rest (1).csv", SHEET_1), db, *CONTINUE)
    assert (copy["ingested"], copy["duplicates"]) == (0, 2) and ledger(db) == AFTER_5


def test_a_session_column_sheet_sent_twice_too(tmp_path):
    db = _night(tmp_path)
    sheet = "Session," + HEAD + "".join(f"{SESSION},{line}\n" for line in ROWS_1.splitlines())
    path = write(tmp_path, "sess.csv", sheet)
    assert ingest_json(path, db)["ingested"] == 2
    again = ingest_json(path, db)
    assert (again["ingested"], again["duplicates"], refused_at(again)) == (0, 2, [])
    assert ledger(db) == AFTER_5


def test_read_in_batches_alike(tmp_path, monkeypatch):
    """The streamed path (a sheet over SHEAD_STREAM_ABOVE bytes, read in batches of one hand) decides the same."""
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = _night(tmp_path)
    path = write(tmp_path, "rest.csv", SHEET_1)
    assert ingest_json(path, db, *CONTINUE)["ingested"] == 2
    again = ingest_json(path, db, *CONTINUE)
    assert (again["ingested"], again["duplicates"], refused_at(again)) == (0, 2, [])
    grown = ingest_json(write(tmp_path, "rest.csv", HEAD + ROWS_1 + ROWS_2), db, *CONTINUE)
    assert (grown["ingested"], grown["duplicates"], refused_at(grown)) == (2, 2, [])
    assert ledger(db) == AFTER_7


def test_a_one_row_sheet_repeating_no_earlier_sheet_is_numbered_on(tmp_path):
    """Hands 4-5 from the sheet, then a sheet of one row whose hand equals none of the sheet's hands: hand 6."""
    db = _night(tmp_path)
    assert ingest_json(write(tmp_path, "rest.csv", SHEET_1), db, *CONTINUE)["ingested"] == 2
    one = ingest_json(write(tmp_path, "one.csv", HEAD + ROWS_2.splitlines()[0] + "\n"), db, *CONTINUE)
    assert (one["ingested"], one["duplicates"]) == (1, 0)
    # h6 as in the module docstring: Al +4, Bea -8, Cy +4, Di -4, Ed +4 on top of AFTER_5
    assert ledger(db) == {"Al Ames": -11, "Bea Berg": -2, "Cy Cole": 15, "Di Dorn": -11, "Ed Eck": 9}


def test_a_row_below_the_repeat_on_a_hand_stored_since_is_refused_not_stored_twice(tmp_path):
    """Hands 4-5 from the sheet, hand 6 (Bea's schneidered loss, the module's h6) then sent in SHN; the sheet sent
    again with h7's row below its two: rows 2-3 are hands 4-5 (duplicates), row 4 takes number 6, a stored hand it
    does not record: E-HAND-CONFLICT, nothing stored; the ledger stays AFTER_5 + h6."""
    db = _night(tmp_path)
    assert ingest_json(write(tmp_path, "rest.csv", SHEET_1), db, *CONTINUE)["ingested"] == 2
    h6 = NIGHT.split("hand 1")[0] + "hand 6  dealer Al\npick Bea  call AH  partner Di  pts 30\n"
    assert ingest_json(write(tmp_path, "h6.shn", h6), db)["ingested"] == 1
    after_6 = {"Al Ames": -11, "Bea Berg": -2, "Cy Cole": 15, "Di Dorn": -11, "Ed Eck": 9}
    assert ledger(db) == after_6
    rep = ingest_json(write(tmp_path, "rest.csv", HEAD + ROWS_1 + ROWS_2.splitlines()[1] + "\n"), db, *CONTINUE)
    assert (rep["ingested"], rep["duplicates"]) == (0, 2)
    assert [(r[0], r[2], r[3]) for r in refused_at(rep)] == [(4, "E-HAND-CONFLICT", 6)]
    assert ledger(db) == after_6


def test_one_row_repeating_the_first_hand_of_a_longer_import_is_a_new_hand(tmp_path):
    """A one-row sheet equal to hand 4 (the first of the two the sheet stored): no run of two, so it is the next
    hand, 6 (two equal score lines can follow each other at a table): Ed +4, Bea +2, Al/Cy/Di -2 again."""
    db = _night(tmp_path)
    assert ingest_json(write(tmp_path, "rest.csv", SHEET_1), db, *CONTINUE)["ingested"] == 2
    rep = ingest_json(write(tmp_path, "x.csv", HEAD + ROWS_1.splitlines()[0] + "\n"), db, *CONTINUE)
    assert (rep["ingested"], rep["duplicates"]) == (1, 0)
    assert ledger(db) == {"Al Ames": -17, "Bea Berg": 8, "Cy Cole": 9, "Di Dorn": -9, "Ed Eck": 9}
