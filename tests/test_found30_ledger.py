"""A season ledger written by another program (github jmfb/sheepshead-scores, real30 F1): a column for every
player of the season and 0 written for each player who was not at the sitting, one row all 0s (a day with no game
entered).  shead stored every row with all 26 players, so each player had "sessions 7" (Andrew Bender, who never
sat, +0 over 7 sessions, charted on the Ledger page).

No table seats more than 8 players (rules.md F-1: the largest tables, wi8-*, are eight-handed), so a sitting's row
with more than 8 cells written cannot be 8 players' nets: its 0 cells are read as players not at that sitting, and
a warning says so at the row (what was read).  A row of at most 8 cells keeps a 0 as a real 0 (a player who broke
even, as the 2013 ledger of the same program writes blanks for those not there).  A row of nets all 0 records no
sitting (nobody won or lost: no units, and it does not say who sat): skipped with a warning at its line.

Worked by hand from the 2007 sample (each row zero-sum, rules.md B-35):
  2007-7-26: Blake -11, Nhat -1, Charles +21, Dave -16, Jeremy +4, Beth +3          (6 players, sum 0)
  2007-7-25: Blake +22, Tracy -6, Charles -1, Viet -22, Mark +7                      (5 players, sum 0)
  2007-7-24: Rob +18, Tony -11, Viet +17, Jacob +2, Mark -3, Beth -23                (6, sum 0)
  2007-7-23: Rob +2, Tracy +8, Jacob -9, Mark -16, Beth +15                          (5, sum 0)
  2007-7-20: Greg M -4, Tracy +9, Dave +2, Viet -7, Mark -3, Tom K +3               (6, sum 0)
  2007-5-8:  all 0: skipped
  2007-5-7:  Blake -12, Tracy +29, Charles -1, Jeremy -10, Jacob +1, Beth -7         (6, sum 0)
Per player (total over sittings):
  Tracy -6+8+9+29 = +40 over 4; Rob 18+2 = +20 over 2; Charles 21-1-1 = +19 over 3; Tom Kiebzak +3 over 1;
  Blake -11+22-12 = -1 over 3; Nhat -1 over 1; Dave -16+2 = -14 over 2; Jeremy 4-10 = -6 over 2;
  Beth 3-23+15-7 = -12 over 4; Viet -22+17-7 = -12 over 3; Mark 7-3-16-3 = -15 over 4; Tony -11 over 1;
  Jacob 2-9+1 = -6 over 3; Greg Matthews -4 over 1.
  Sum: 40+20+19+3 = 82 against 1+1+14+6+12+12+15+11+6+4 = 82: zero.
The 12 other columns (Andrew Bender among them) never sat: not in the ledger at all.
"""

from __future__ import annotations

import json

from ingest.ledger_stream import read_ledger_stream
from tests.cli_helpers import cli, ingest_json, write

#: /tmp/real30/'sheepshead - 2007.csv' as the tester brought it (the program's export, newest first)
L2007 = """Date,Greg Matthews,Jon Burbey,Paul Clarke,Rob Berken,Blake Adams,Greg Schreiner,Tracy Mueller,Nhat Nguyen,Tony Roberts,Mike Krautkramer,Charles Fastner,Dave Peters,Jeremy Stangel,Jim Strassburg,Andrew Bender,John Bartosch,Mike Sullivan,Viet Vu,Jacob Buysse,Scott Murphy,Mark Centgraf,Tom Kiebzak,Kyle Salewski,Mike Miller,Tim Ernst,Beth Duerr
2007-7-26,0,0,0,0,-11,0,0,-1,0,0,21,-16,4,0,0,0,0,0,0,0,0,0,0,0,0,3
2007-7-25,0,0,0,0,22,0,-6,0,0,0,-1,0,0,0,0,0,0,-22,0,0,7,0,0,0,0,0
2007-7-24,0,0,0,18,0,0,0,0,-11,0,0,0,0,0,0,0,0,17,2,0,-3,0,0,0,0,-23
2007-7-23,0,0,0,2,0,0,8,0,0,0,0,0,0,0,0,0,0,0,-9,0,-16,0,0,0,0,15
2007-7-20,-4,0,0,0,0,0,9,0,0,0,0,2,0,0,0,0,0,-7,0,0,-3,3,0,0,0,0
2007-5-8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
2007-5-7,0,0,0,0,-12,0,29,0,0,0,-1,0,-10,0,0,0,0,0,1,0,0,0,0,0,0,-7
"""

#: player -> (total, sessions), worked by hand above
BY_HAND = {"Tracy Mueller": (40, 4), "Rob Berken": (20, 2), "Charles Fastner": (19, 3), "Tom Kiebzak": (3, 1),
           "Blake Adams": (-1, 3), "Nhat Nguyen": (-1, 1), "Dave Peters": (-14, 2), "Jeremy Stangel": (-6, 2),
           "Beth Duerr": (-12, 4), "Viet Vu": (-12, 3), "Mark Centgraf": (-15, 4), "Tony Roberts": (-11, 1),
           "Jacob Buysse": (-6, 3), "Greg Matthews": (-4, 1)}


def _ledger(db, *extra) -> dict[str, tuple[int, int]]:
    rows = json.loads(cli("ledger", "--db", str(db), "--json", *extra).output.split("\n")[0])
    return {r["player"]: (r["total"], r["sessions"]) for r in rows}


def _players_per_sitting(db) -> list[int]:
    import duckdb  # noqa: PLC0415

    with duckdb.connect(str(db), read_only=True) as con:
        return [n for (n,) in con.execute("SELECT count(*) FROM settlements GROUP BY session_id ORDER BY 1")
                .fetchall()]


def test_a_season_ledger_that_writes_0_for_who_was_not_there(tmp_path):
    db = tmp_path / "club.duckdb"
    rep = ingest_json(write(tmp_path, "sheepshead - 2007.csv", L2007), db)
    assert rep["sittings"] == 6 and rep["rejected"] == [], rep  # 2007-5-8 skipped
    board = _ledger(db)
    assert board == BY_HAND, board
    assert sum(t for t, _ in board.values()) == 0
    assert "Andrew Bender" not in board and "Jon Burbey" not in board
    assert _players_per_sitting(db) == [5, 5, 6, 6, 6, 6]  # never more than a table seats (rules.md F-1)
    warned = {(w["code"], w["line"]) for w in rep["warnings"]}
    assert ("W-CSV-LEDGER-ZEROS", 2) in warned, rep["warnings"]  # the first wide row, where the reading is said
    assert ("W-CSV-ZERO-ROW", 7) in warned, rep["warnings"]
    wide = next(w for w in rep["warnings"] if w["code"] == "W-CSV-LEDGER-ZEROS")
    said = " ".join(wide["message"].split())
    # what was read at that row: the cells written, the table's largest, the six players read and their nets
    assert "26 players' cells written" in said and "more than the 8 players" in said and "F-1" in said, said
    assert "Charles Fastner +21" in said and "Beth Duerr +3" in said and "6 players" in said, said
    assert "20 cells of 0" in said and "rows 2-6, 8" in said, said  # every row so read, named
    zero = next(w for w in rep["warnings"] if w["code"] == "W-CSV-ZERO-ROW")
    assert zero["file"].endswith("sheepshead - 2007.csv") and zero["col"] == 1
    assert "2007-05-08" in zero["message"] and "every net is 0" in zero["message"], zero


def test_the_same_ledger_read_in_batches(tmp_path):
    """The streamed reading (a ledger above 8 MiB, ingest.ledger_stream) reads each row alike."""
    path = write(tmp_path, "s.csv", L2007)
    _head, batches = read_ledger_stream(path, batch=3)
    sits, codes = [], []
    for b in batches:
        sits += b.sittings
        codes += [(d.code, d.line) for d in b.errors]
    assert [(s.date, len(s.units)) for s in sits] == [("2007-07-26", 6), ("2007-07-25", 5), ("2007-07-24", 6),
                                                      ("2007-07-23", 5), ("2007-07-20", 6), ("2007-05-07", 6)]
    assert sits[-1].units == {"Blake Adams": -12, "Tracy Mueller": 29, "Charles Fastner": -1, "Jeremy Stangel": -10,
                              "Jacob Buysse": 1, "Beth Duerr": -7}
    assert ("W-CSV-ZERO-ROW", 7) in codes and ("W-CSV-LEDGER-ZEROS", 2) in codes, codes


def test_a_row_of_eight_keeps_its_0_and_a_row_of_nine_does_not(tmp_path):
    """The boundary: 8 cells written (the largest table, rules.md F-1) is a table of 8, its 0 a player who broke
    even (Hal 0 over 1 session); 9 cells cannot be one table: Ike's and Jo's 0 are players not there.
    Row 2: Al +5, Bea -3, Cy -2, Di +1, Ed -1, Flo 0, Gus 0, Hal 0 (8 written, sum 0: all 8 sat).
    Row 3: Al +2, Bea -2 and seven 0s (9 written): Al and Bea sat.
    Row 4: blanks for who was not there, Cy 0 among 3 written: Cy sat and broke even.
    Al 5+2 = +7 over 2; Bea -3-2 = -5 over 2; Cy -2+0 = -2 over 2; Di +1+4 = +5 over 2; Ed -1 over 1;
    Flo, Gus, Hal 0 over 1; Ike, Jo never sat.  Row 4: Di +4, Cy 0, Jo -4 -> Jo -4 over 1.  Sum 7-5-2+5-1-4 = 0."""
    text = ("Date,Al,Bea,Cy,Di,Ed,Flo,Gus,Hal,Ike,Jo\n"
            "2026-11-03,5,-3,-2,1,-1,0,0,0,,\n"
            "2026-11-10,2,-2,0,0,0,0,0,0,0,\n"
            "2026-11-17,,,0,4,,,,,,-4\n")
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "l.csv", text), db)
    assert rep["sittings"] == 3 and rep["rejected"] == [], rep
    assert _ledger(db) == {"Al": (7, 2), "Bea": (-5, 2), "Cy": (-2, 2), "Di": (5, 2), "Ed": (-1, 1), "Flo": (0, 1),
                           "Gus": (0, 1), "Hal": (0, 1), "Jo": (-4, 1)}
    assert [(w["code"], w["line"]) for w in rep["warnings"]] == [("W-CSV-LEDGER-ZEROS", 3)], rep["warnings"]
    assert "9 players' cells written" in rep["warnings"][0]["message"]


def test_a_row_of_nets_all_0_is_no_sitting(tmp_path):
    """A narrow row all 0 (a week with no game, a template's row) says no sitting either: nobody won or lost, and
    who sat is not written.  Skipped, said; the other row stored (Al +1, Bea -1)."""
    db = tmp_path / "z.duckdb"
    rep = ingest_json(write(tmp_path, "z.csv", "Date,Al,Bea,Cy\n2026-11-03,0,0,0\n2026-11-10,1,-1,0\n"), db)
    assert rep["sittings"] == 1, rep
    assert [(w["code"], w["line"], w["col"]) for w in rep["warnings"]] == [("W-CSV-ZERO-ROW", 2, 1)]
    assert _ledger(db) == {"Al": (1, 1), "Bea": (-1, 1), "Cy": (0, 1)}


def test_a_ledger_stored_before_with_its_0s_is_not_stored_again(tmp_path):
    """A sitting stored by an earlier shead with its absent players at 0 (the whole ledger read as players) is the
    row read now without them: a duplicate, not a second sitting (Tracy would be +80), and the warning says how
    to take the players who did not sit out (void the sitting, ingest again).  Stored first here as an 8-column
    ledger (0s kept: a table of eight); then the same date and nets in a 10-column ledger: 0s absent."""
    db = tmp_path / "o.duckdb"
    old = "Date,Al,Bea,Cy,Di,Ed,Flo,Gus,Hal\n2026-11-03,3,-3,0,0,0,0,0,0\n"
    assert ingest_json(write(tmp_path, "old.csv", old), db)["sittings"] == 1
    new = "Date,Al,Bea,Cy,Di,Ed,Flo,Gus,Hal,Ike,Jo\n2026-11-03,3,-3,0,0,0,0,0,0,0,0\n"
    rep = ingest_json(write(tmp_path, "new.csv", new), db)
    assert (rep.get("sittings", 0), rep["duplicates"]) == (0, 1), rep
    assert _ledger(db)["Al"] == (3, 1)
    note = next(w for w in rep["warnings"] if w["code"] == "W-SITTING-ZEROS")
    said = " ".join(note["message"].split())
    assert note["line"] == 2 and "Cy, Di, Ed, Flo, Gus, Hal at 0" in said and "shead void 'CSV old 2026-11-03'" in said
    # voided and sent again: the sitting of the two who sat
    cli("void", "CSV old 2026-11-03", "--session", "--reason", "absent players read as 0", "--db", str(db))
    rep = ingest_json(write(tmp_path, "new.csv", new), db)
    assert rep["sittings"] == 1, rep
    assert _ledger(db) == {"Al": (3, 1), "Bea": (-3, 1)}
