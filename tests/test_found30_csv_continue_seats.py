"""A CSV sheet that continues a stored night (newuser30), a gap found by verify30:

F2. A night whose Emil left at hand 3 (Fritz took his seat by the hand's own [Seats]) continued by a sheet whose
    columns are Ann, Bob, Carl, Dora, Fritz: the night's seats are its latest seating (the last stored hand's).

Every amount is worked out by hand from rules.md (/work/shared/reference/rules.md), profile wi5-called-ace
(doubleOnBump on, B-32):

F2, seats Ann, Bob, Carl, Dora, Emil; from hand 3 Fritz in Emil's seat:
 h1 Bob picks AC, partner Carl, 80: win: Bob +2, Carl +1, Ann/Dora/Emil -1.
 h2 Dora alone 50: loss, alone, DOB (B-33: -8 / +2 each): Dora -8, the others +2.
 h3 Fritz picks AS, partner Ann, 95: schneider win (B-28): Fritz +4, Ann +2, Bob/Carl/Dora -2.
 -- the sheet --
 h4 Ann picks AH, partner Fritz, 30: schneidered loss (B-28 0..30, x2) with DOB (B-33 -8/-4/+4):
    Ann -8, Fritz -4, Bob/Carl/Dora +4.
 h5 Carl picks AC, partner Bob, 61: a plain win (61 wins, B-27): Carl +2, Bob +1, Ann/Dora/Fritz -1.
 Night: Ann -1 +2 +2 -8 -1 = -6; Bob +2 +2 -2 +4 +1 = +7; Carl +1 +2 -2 +4 +2 = +7; Dora -1 -8 -2 +4 -1 = -8;
        Emil -1 +2 = +1; Fritz +4 -4 -1 = -1.  Sum 0 (B-35).
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import ingest_json, ledger, refused_at, write

SUB_SESSION = "Oak Tavern / 2026.11.19"
SUB_NIGHT = """%SHN 1.0
[Event "Oak Tavern"]
[Date "2026.11.19"]
[Seats "Ann=Ann Reuter; Bob=Bob Kolb; Carl=Carl Weiss; Dora=Dora Fink; Emil=Emil Zahn"]
[Rules "wi5-called-ace"]

hand 1  dealer Ann
pick Bob  call AC  partner Carl  pts 80  win

hand 2  dealer Bob
pick Dora  alone  pts 50  lose

hand 3
[Seats "Ann=Ann Reuter; Bob=Bob Kolb; Carl=Carl Weiss; Dora=Dora Fink; Fritz=Fritz Berg"]
dealer Carl
pick Fritz  call AS  partner Ann  pts 95  win-s
"""
SUB_REST = """Date,Dealer,Picker,Partner,Call,Points,Ann,Bob,Carl,Dora,Fritz
2026-11-19,Dora,Ann,Fritz,AH,30,-8,4,4,4,-4
2026-11-19,Fritz,Carl,Bob,AC,61,-1,1,2,-1,-1
"""
SUB_AFTER_3 = {"Ann Reuter": 3, "Bob Kolb": 2, "Carl Weiss": 1, "Dora Fink": -11, "Emil Zahn": 1, "Fritz Berg": 4}
SUB_AFTER_5 = {"Ann Reuter": -6, "Bob Kolb": 7, "Carl Weiss": 7, "Dora Fink": -8, "Emil Zahn": 1, "Fritz Berg": -1}


def _db(tmp_path, name: str, text: str, count: int, after: dict[str, int], pot: int = 0):
    """``pot``: what the pot holds after the stored hands (the players' totals sum to minus it, B-35, D-19)."""
    db = tmp_path / "club.duckdb"
    assert ingest_json(write(tmp_path, name, text), db)["ingested"] == count
    assert ledger(db) == after and sum(after.values()) + pot == 0
    return db


def _sessions(db) -> list[tuple[str, int, int, int]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, count(*), min(hand), max(hand) FROM hands GROUP BY session "
                           "ORDER BY session").fetchall()


# -- F2: the night's seats are its latest seating ---------------------------------------------------------------------

def _sub_night(tmp_path):
    return _db(tmp_path, "subnight.shn", SUB_NIGHT, 3, SUB_AFTER_3)


def test_f2_a_sheet_of_the_substitutes_table_continues_the_night(tmp_path):
    db = _sub_night(tmp_path)
    rep = ingest_json(write(tmp_path, "subrest.csv", SUB_REST), db, "--columns", f"session={SUB_SESSION}")
    assert (rep["ingested"], refused_at(rep)) == (2, []), rep
    assert _sessions(db) == [(SUB_SESSION, 5, 1, 5)]
    assert ledger(db) == SUB_AFTER_5 and sum(SUB_AFTER_5.values()) == 0
    with duckdb.connect(str(db), read_only=True) as con:  # hands 4, 5 at Fritz's table, dealt by Dora then Fritz
        assert con.execute("SELECT h.hand, h.dealer, list(u.seat ORDER BY u.seat_no) FROM hands h JOIN hand_units u "
                           "USING (hand_id) WHERE h.hand > 3 GROUP BY h.hand, h.dealer ORDER BY h.hand").fetchall() == [
            (4, "Dora", ["Ann", "Bob", "Carl", "Dora", "Fritz"]), (5, "Fritz", ["Ann", "Bob", "Carl", "Dora", "Fritz"])]


def test_f2_the_continued_sheet_sent_again_is_duplicates(tmp_path):
    """With its Hand column (4, 5): the same rows again are the stored hands 4 and 5 at Fritz's table."""
    db = _sub_night(tmp_path)
    numbered = "\n".join(f"{n},{line}" for n, line in zip(["Hand", "4", "5"], SUB_REST.splitlines())) + "\n"
    path = write(tmp_path, "subrest.csv", numbered)
    assert ingest_json(path, db, "--columns", f"session={SUB_SESSION}")["ingested"] == 2
    again = ingest_json(path, db, "--columns", f"session={SUB_SESSION}")
    assert (again["ingested"], again["duplicates"], refused_at(again)) == (0, 2, [])
    assert ledger(db) == SUB_AFTER_5


def test_f2_an_unnamed_sheet_of_the_latest_seating_is_said(tmp_path):
    db = _sub_night(tmp_path)
    rep = ingest_json(write(tmp_path, "subrest.csv", SUB_REST), db)
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-SESSION"]
    assert w["expected"] == SUB_SESSION and "hands 1-3" in w["message"], w["message"]


def test_f2_the_left_players_column_is_no_seat_now(tmp_path):
    """A sheet headed Ann ... Dora, Emil: Emil left at hand 3, so his column is no seat of the night's table now."""
    db = _sub_night(tmp_path)
    rep = ingest_json(write(tmp_path, "s.csv", SUB_REST.replace("Fritz\n", "Emil\n", 1)), db,
                      "--columns", f"session={SUB_SESSION}")
    assert rep["ingested"] == 0
    errs = [e for e in rep["rejected"] + rep.get("errors", []) + rep["warnings"] if e["code"] == "E-CSV-SESSION"]
    assert errs and errs[0]["found"] == "Emil" and "Fritz" in errs[0]["expected"], rep
    assert ledger(db) == SUB_AFTER_3
