"""break26 F5: a leaster's winner written with ``tricks 0`` under
``leasterMustTakeTrick`` (DEFAULT on, rules.md D-4: the winner is the seat with
the fewest card points among those that took a trick) is refused at its
``tricks``, in SHN and from a score sheet's Tricks column; without the rule
(D-7) a trickless winner is a winner."""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import ingest_json, ledger, refused_at, write

HEAD = ('%SHN 1.0\n[Event "L"]\n[Date "2026.12.01"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "{rules}"]\n\n')
BODY = ("hand 1\n"
        "leaster Mo  tricks 0\n"                              # line 8: 'tricks' at col 13, its 0 at col 20
        "score Gus -1 Lou -1 Mo +4 Rita -1 Zeke -1\n\n"
        "hand 2\n"
        "leaster Lou  pts 12  tricks 1\n"
        "score Gus -1 Lou +4 Mo -1 Rita -1 Zeke -1\n")


def test_leaster_winner_without_a_trick_is_refused_under_the_default(tmp_path: Path):
    db = tmp_path / "l.duckdb"
    rep = ingest_json(write(tmp_path, "l.shn", HEAD.format(rules="wi5-called-ace") + BODY), db)
    assert refused_at(rep) == [(8, 20, "E-TRICKS", 1)]
    (e,) = rep["rejected"]
    assert "leasterMustTakeTrick" in e["message"] and "D-4" in e["message"]
    assert (e["found"], e["expected"]) == ("tricks 0", "1..6")
    # hand 2 stored: Lou took one trick, 12 points, the fewest: +4, the others -1 each (D-4, five players)
    assert ledger(db) == {"Gus": -1, "Lou": 4, "Mo": -1, "Rita": -1, "Zeke": -1}


def test_leaster_winner_without_a_trick_wins_without_the_rule(tmp_path: Path):
    # D-7: leasterMustTakeTrick=off, a trickless player (0 card points) wins: Mo +4, -1 each; hand 2 Lou +4, -1 each
    db = tmp_path / "l.duckdb"
    rep = ingest_json(write(tmp_path, "l.shn", HEAD.format(rules="wi5-called-ace; leasterMustTakeTrick=off") + BODY),
                      db)
    assert rep["rejected"] == []
    assert ledger(db) == {"Gus": -2, "Lou": 3, "Mo": 3, "Rita": -2, "Zeke": -2}


def test_a_sheets_tricks_column_of_0_on_a_leaster_row_is_refused_at_its_cell(tmp_path: Path):
    # the tester's sheet: row 2 Mo's leaster with Tricks 0 (refused at row 2, col 8: the Tricks column);
    # row 3 Lou took every trick (6) and wins +4 (D-5, leasterSweepPaysTriple off); row 4 Rita, units blank:
    # derived, +4 and -1 each
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Tricks,Leaster,Gus,Lou,Mo,Rita,Zeke\n"
            "2026-12-01,1,Zeke,,,,,0,Mo,-1,-1,4,-1,-1\n"
            "2026-12-01,2,Gus,,,,,6,Lou,-1,4,-1,-1,-1\n"
            "2026-12-01,3,Lou,,,,,2,Rita,,,,,\n")
    db = tmp_path / "s.duckdb"
    rep = ingest_json(write(tmp_path, "lt.csv", text), db)
    assert refused_at(rep) == [(2, 8, "E-TRICKS", 1)]
    assert ledger(db) == {"Gus": -2, "Lou": 3, "Mo": -2, "Rita": 3, "Zeke": -2}


def test_a_tied_leaster_is_not_asked_for_a_trick(tmp_path: Path):
    # 'leaster -' (a tie, D-6 wash): no winner, so no trick asked of one; nobody is paid
    db = tmp_path / "t.duckdb"
    body = "hand 1\nleaster -  tricks 0\nscore Gus 0 Lou 0 Mo 0 Rita 0 Zeke 0\n"
    rep = ingest_json(write(tmp_path, "t.shn", HEAD.format(rules="wi5-called-ace") + body), db)
    assert rep["rejected"] == []
    assert ledger(db) == {"Gus": 0, "Lou": 0, "Mo": 0, "Rita": 0, "Zeke": 0}
