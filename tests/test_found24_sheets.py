"""Score sheets' defects found by outside testers in earlier sessions and left open (session 24: real22 F9,
real23b F8, real23 F8, break22b F11), each record written as a user would write it and each amount worked out by
hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json
import re

import duckdb

from tests.cli_helpers import cli, ledger, write


def _ingest(path: str, db, *extra: str) -> dict:
    """``shead ingest PATH --db DB --json``: its JSON report (the line after the text)."""
    r = cli("ingest", path, "--db", str(db), "--json", *extra, ok=False)
    (line,) = [x for x in r.output.splitlines() if x.startswith("{")]
    return json.loads(line)


def _sheet(db, session: str) -> dict:
    return json.loads(cli("sheet", session, "--db", str(db), "--json").output)


def _rows(db) -> dict[str, list]:
    """Every stored row of the tables a session's hands fill, in a fixed order (what must not change)."""
    with duckdb.connect(str(db), read_only=True) as con:
        return {t: con.execute(f"SELECT * FROM {t} ORDER BY ALL").fetchall()
                for t in ("sessions", "hands", "hand_source", "hand_units", "session_players", "session_hands")}


# -- real22 F9: a player column with letters beyond ASCII got an alias stripped of them ('Jürgen' -> 'Jrgen') -------

#: in/Y_umlaut2.csv as real22 wrote it.  By hand (rules.md B-27, B-33): Jürg picks, Jörg partner (AH), 70, a plain
#: win: Jürg +2, Jörg +1, Ann, Bob, Cal -1 (zero-sum).
UMLAUT2 = ("Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Jörg,Jürg\n"
           "2026-12-22,Ann,Jürg,Jörg,AH,70,W,-1,-1,-1,1,2\n")
#: in/X_umlaut.csv, then a second hand: Ann picks, Jürgen partner (AS), 45: lost, not schneidered (the defenders
#: 75 < 91, rules.md B-28), doubled on the bump (B-32): Ann -4, Jürgen -2, Bob, Cal, Dee +2 (zero-sum).  Night:
#: Ann -1-4 = -5, Bob +1+2 = +3, Cal -1+2 = +1, Dee -1+2 = +1, Jürgen +2-2 = 0.
UMLAUT = ("Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Jürgen\n"
          "2026-12-21,Ann,Jürgen,Bob,AH,70,W,-1,1,-1,-1,2\n")
UMLAUT_GROWN = UMLAUT + "2026-12-21,Bob,Ann,Jürgen,AS,45,L,-4,2,2,2,-2\n"


def test_a_player_column_keeps_its_letters_as_the_seat_alias(tmp_path):
    """real22 F9: the seats were 'Jrg' and 'Jrg2'; notation.md §5 lets an alias be letters of any alphabet."""
    db = tmp_path / "u.duckdb"
    rep = _ingest(write(tmp_path, "Y_umlaut2.csv", UMLAUT2), db)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    sheet = _sheet(db, "Y_umlaut2")
    assert sheet["players"] == {"Ann": "Ann", "Bob": "Bob", "Cal": "Cal", "Jörg": "Jörg", "Jürg": "Jürg"}
    (hand,) = sheet["hands"]
    assert (hand["dealer"], hand["picker"], hand["partner"]) == ("Ann", "Jürg", "Jörg")
    assert hand["units"] == {"Ann": -1, "Bob": -1, "Cal": -1, "Jörg": 1, "Jürg": 2}
    out = tmp_path / "y.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text(encoding="utf-8")
    assert '[Seats "Ann=Ann; Bob=Bob; Cal=Cal; Jörg=Jörg; Jürg=Jürg"]' in text
    assert "pick Jürg  call AH  partner Jörg  pts 70  win" in text
    back = tmp_path / "back.duckdb"  # the export reads back: the same totals
    assert _ingest(str(out), back)["ingested"] == 1
    assert ledger(back) == ledger(db) == {"Ann": -1, "Bob": -1, "Cal": -1, "Jörg": 1, "Jürg": 2}


def test_a_night_stored_under_stripped_aliases_keeps_them(tmp_path, monkeypatch):
    """A database stored before the fix holds 'Jrgen=Jürgen'.  The same sheet sent again is a duplicate (its hand
    read with the stored aliases; under 'Jürgen' it would be another text, E-HAND-CONFLICT), no stored row changes,
    and the sheet grown by a hand adds that hand to the stored night under the stored alias."""
    import ingest.csv_sheet as cs

    db = tmp_path / "old.duckdb"
    with monkeypatch.context() as m:  # the aliases as the sheet reader made them before (ASCII letters only)
        m.setattr(cs, "_ALIAS_BAD", re.compile(r"[^A-Za-z0-9_]"))
        assert _ingest(write(tmp_path, "X_umlaut.csv", UMLAUT), db)["ingested"] == 1
    assert _sheet(db, "X_umlaut")["players"]["Jrgen"] == "Jürgen"
    before = _rows(db)
    (tmp_path / "again").mkdir()
    rep = _ingest(write(tmp_path / "again", "X_umlaut (1).csv", UMLAUT), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (0, 1, [])
    assert _rows(db) == before
    (tmp_path / "grown").mkdir()
    rep = _ingest(write(tmp_path / "grown", "X_umlaut.csv", UMLAUT_GROWN), db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (1, 1, [])
    assert {k: v for k, v in _rows(db).items() if k == "sessions"} == {"sessions": before["sessions"]}
    sheet = _sheet(db, "X_umlaut")
    assert [(h["hand"], h["picker"], h["partner"]) for h in sheet["hands"]] == [(1, "Jrgen", "Bob"),
                                                                              (2, "Ann", "Jrgen")]
    assert ledger(db) == {"Ann": -5, "Bob": 3, "Cal": 1, "Dee": 1, "Jürgen": 0}
    fresh = tmp_path / "new.duckdb"  # the same file into a new database: the letters kept, the same totals
    assert _ingest(write(tmp_path / "grown", "X_umlaut.csv", UMLAUT_GROWN), fresh)["ingested"] == 2
    assert [(h["picker"], h["partner"]) for h in _sheet(fresh, "X_umlaut")["hands"]] == [("Jürgen", "Bob"),
                                                                                        ("Ann", "Jürgen")]
    assert ledger(fresh) == ledger(db)
