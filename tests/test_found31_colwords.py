"""real31 F2: a player whose name is also a column word (``Marks``: the crack/marks column; ``Day``: a second
date column) could not be imported at all -- every row refused, and ``--columns Marks=Marks``, ``crack=none`` were
refused "'Marks' is not a player column".  Records as real31 wrote them (/tmp/real31/marks.csv, day.csv), inline.

Worked by hand, profile wi5-called-ace (doubleOnBump on):
- hand 1: Ann picks, calls AS, partner Cal, 70 card points: a plain win (rules.md B-27, B-28 61..90, x1): B-31
  shares / B-33 table: picker +2, partner +1, each of the 3 defenders -1 -> Ann +2, Cal +1, Bob/Dee/X -1.
- hand 2: Bob picks, calls AH, partner X, 50: a plain loss (B-28 31..60, x1), doubled on the bump (B-32):
  picker -2x2 = -4, partner -1x2 = -2, each defender +1x2 = +2 -> Bob -4, X -2, Ann/Cal/Dee +2.
- hand 3: X alone, 95 (the defenders took a trick): schneider (B-28 91..120, x2), alone 4 shares (B-31):
  X +4x2 = +8, each of the 4 others -1x2 = -2.
Night: Ann 2+2-2 = +2, Bob -1-4-2 = -7, Cal 1+2-2 = +1, Dee -1+2-2 = -1, X -1-2+8 = +5; sum 0.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where


def sheet(word: str) -> str:
    """real31's sheet with the fifth player named ``word``."""
    return (f"Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,{word}\n"
            f"2026-11-29,{word},Ann,Cal,AS,70,W,2,-1,1,-1,-1\n"
            f"2026-11-29,Ann,Bob,{word},AH,50,L,2,-4,2,2,-2\n"
            f"2026-11-29,Bob,{word},,alone,95,W,-2,-2,-2,-2,8\n")


def hands(x: str) -> dict[int, dict[str, int]]:
    return {1: {"Ann": 2, "Bob": -1, "Cal": 1, "Dee": -1, x: -1},
            2: {"Ann": 2, "Bob": -4, "Cal": 2, "Dee": 2, x: -2},
            3: {"Ann": -2, "Bob": -2, "Cal": -2, "Dee": -2, x: 8}}


def night(x: str) -> dict[str, int]:
    return {"Ann": 2, "Bob": -7, "Cal": 1, "Dee": -1, x: 5}


def _units(db) -> dict[int, dict[str, int]]:
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, u.player, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, player, units in rows:
        out.setdefault(hand, {})[player] = units
    return out


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("word", ["Marks", "Day", "Knock"])
def test_a_column_word_that_is_a_player_is_read_as_one(tmp_path, monkeypatch, word, stream):
    """No option: the column holds whole units summing to 0 with the others (and not without), and its word is
    the Dealer / Partner / Picker cells' player: a player (was 0 stored, 3 refused E-CSV-SEAT / E-CSV-CRACK)."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, f"{word.lower()}.csv", sheet(word)), db)
    assert (rep["ingested"], _where(rep)) == (3, [])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-IGNORED"], rep["warnings"]
    got = _units(db)
    assert got == hands(word)
    assert all(sum(h.values()) == 0 for h in got.values())
    assert ledger(db) == night(word)


@pytest.mark.parametrize("given,name", [("player=Marks", "Marks"), ("crack=none", "Marks"), ("Marks=Marks", "Marks"),
                                        ("Marks=Marks Jansen", "Marks Jansen"),
                                        ("player=Marks,Marks=Marks Jansen", "Marks Jansen")])
def test_columns_can_say_the_column_is_a_player(tmp_path, given, name):
    """The explicit ways real31 tried (all refused "'Marks' is not a player column"), and player=COLUMN."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "marks.csv", sheet("Marks")), db, "--columns", given)
    assert (rep["ingested"], _where(rep)) == (3, []), rep
    assert ledger(db) == night(name)


def test_player_option_on_a_sheet_whose_word_is_never_named(tmp_path):
    """A Marks column of units whose player never deals, picks or partners is not guessed a player (it might be a
    crack column typed wrong); --columns player=Marks says it is.  h1 as above; h2 Bob/Cal AH 50 lost, DOB:
    Bob -4, Cal -2, Ann/Dee/Marks +2."""
    text = ("Date,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Marks\n"
            "2026-11-29,Dee,Ann,Cal,AS,70,W,2,-1,1,-1,-1\n"
            "2026-11-29,Ann,Bob,Cal,AH,50,L,2,-4,-2,2,2\n")
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "m.csv", text), db)
    assert rep["ingested"] == 0
    assert any("--columns player=Marks" in e["message"] for e in rep["rejected"]), rep["rejected"]
    rep = _ingest(write(tmp_path, "m.csv", text), db, "--columns", "player=Marks")
    assert (rep["ingested"], _where(rep)) == (2, [])
    assert ledger(db) == {"Ann": 4, "Bob": -5, "Cal": -1, "Dee": 1, "Marks": 1}


def test_a_marks_column_of_names_stays_the_crack_column(tmp_path):
    """A Marks column naming the cracker (rules.md E-2: a crack doubles): h1 Ann/Cal AS 70 won, cracked by Bob:
    x2 -> Ann +4, Cal +2, Bob/Dee/Eve -2."""
    text = ("Date,Dealer,Picker,Partner,Call,Points,Result,Marks,Ann,Bob,Cal,Dee,Eve\n"
            "2026-11-29,Eve,Ann,Cal,AS,70,W,Bob,4,-2,2,-2,-2\n")
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "c.csv", text), db)
    assert (rep["ingested"], _where(rep)) == (1, [])
    assert ledger(db) == {"Ann": 4, "Bob": -2, "Cal": 2, "Dee": -2, "Eve": -2}


def test_player_option_naming_no_column_is_refused(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "marks.csv", sheet("Marks")), db, "--columns", "player=Zed")
    assert rep["ingested"] == 0
    assert [e["code"] for e in rep["rejected"]] == ["E-CSV-COLUMNS"]
    assert "Zed" in rep["rejected"][0]["message"]
