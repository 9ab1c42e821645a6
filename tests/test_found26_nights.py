"""Records brought in session 26 (break26 F1, F2, F3, F9: a second night's hands filed into a stored night), each
amount worked out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write

HEAD = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "wi5-called-ace"]\n\n')
SESSION = "Tuesday Tavern Sheep / 2026.11.24"


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, CAST(date AS VARCHAR) FROM hands ORDER BY session, hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


# -- F1: a second night in one SHN file, numbered from 1 again under the same [Date] ----------------------------

#: the first night, lines 7-8 and 9-10 under the 6-line header:
#:   h1 Lou picks, Gus partner, 66 (rules.md B-28: 61..90 a plain win; B-33: picker 2 shares, partner 1):
#:      Lou +2, Gus +1, Mo, Rita, Zeke -1;
#:   h2 Mo picks, Zeke partner, 70: Mo +2, Zeke +1, Gus, Lou, Rita -1.
#:   Gus 0, Lou +1, Mo +1, Rita -2, Zeke 0.
NIGHT1 = ("hand 1\npick Lou call AH partner Gus pts 66 win\n"
          "hand 2\npick Mo call AS partner Zeke pts 70 win\n")
NIGHT1_UNITS = {"Gus": 0, "Lou": 1, "Mo": 1, "Rita": -2, "Zeke": 0}
#: the second night's hands (its hand 3, Rita/Gus 45 lose, would add Rita -4, Gus -2, +2 each, B-32: the
#: stored total break26 F1 met was Gus -2, Lou +3, Mo +3, Rita -6, Zeke +2)
NIGHT2 = ("hand 1\npick Zeke call AH partner Rita pts 75 win\n"
          "hand 2\npick Gus alone pts 70 win\n"
          "hand 3\npick Rita call AC partner Gus pts 45 lose\n")
RENUM = HEAD + NIGHT1 + "\n" + NIGHT2  # the second night from line 12: hand 1 at 12, 2 at 14, 3 at 16
DUP = HEAD + NIGHT1 + HEAD.replace("%SHN 1.0\n", "") + NIGHT2  # the header again (lines 11-15): hand 1 at 16


@pytest.mark.parametrize("stream", [None, ("10", "2"), ("1", "1")])
@pytest.mark.parametrize("text, first", [(RENUM, 12), (DUP, 16)])
def test_a_second_night_numbered_from_1_again_in_one_block_is_refused_whole(tmp_path, monkeypatch, text, first,
                                                                            stream):
    """break26 F1: hands 1, 2 of the second block were E-HAND-ORDER but its hand 3 was stored as the first night's
    hand 3 (ledger Gus -2, Lou +3, Mo +3, Rita -6, Zeke +2).  Now hand 3 is refused with hands 1-2 of that block,
    E-HAND-ORDER at its number (column 6), the message naming the restart's line and writing that night's own [Date]
    under a [Session] line; hand 1's message names the [Date] too.  Whole and streamed alike; the first night's
    totals by hand (above) unchanged."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "two.shn", text), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "two.shn: 2 stored, 0 duplicates, 3 rejected" in out, r.output
    assert (f"two.shn:{first}:6: E-HAND-ORDER (hand 1): found hand 1 after hand 2 in the same session; expected a "
            "number greater than 2: if a new night starts here (its hands numbered from 1 again), write a "
            "[Session \"id\"] line above this hand with that night's own [Date \"YYYY.MM.DD\"] (and its other tags) "
            "under it; the hands after it that number on from it are refused with it") in out, r.output
    assert f"two.shn:{first + 2}:6: E-HAND-ORDER (hand 2): found hand 2 after hand 2" in out
    assert (f"two.shn:{first + 4}:6: E-HAND-ORDER (hand 3): hand 3 is of the hands numbering this session from 1 "
            f"again at line {first}, after its hand 2; a session's hand numbers are unique and increasing, each "
            "naming one hand (shead replay, void, history), so none of those hands is stored: if they are another "
            "night, write a [Session \"id\"] line above their hand 1 with that night's own [Date \"YYYY.MM.DD\"] (and "
            "its other tags) under it; if they go on with this night, number them after 2") in out, r.output
    assert ledger(db) == NIGHT1_UNITS
    assert _hands(db) == [(SESSION, 1, "2026-11-24"), (SESSION, 2, "2026-11-24")]
    assert [(n, line, code) for _, n, line, code in _rejected(db)] == [
        (1, first, "E-HAND-ORDER"), (2, first + 2, "E-HAND-ORDER"), (3, first + 4, "E-HAND-ORDER")]


def test_a_second_night_under_its_own_session_and_date_is_stored_as_its_own_night(tmp_path):
    """The advice of F1 followed: a [Session] line with that night's own [Date] above its hand 1.  By hand the
    second night (2026.12.01): h1 Zeke/Rita 75: Zeke +2, Rita +1, -1 each; h2 Gus alone 70: Gus +4, -1 each
    (B-33); h3 Rita/Gus 45 lose, doubled (B-32): Rita -4, Gus -2, +2 each.  Gus -1+4-2 = +1, Lou -1-1+2 = 0,
    Mo 0, Rita +1-1-4 = -4, Zeke +2-1+2 = +3; with night 1: Gus +1, Lou +1, Mo +1, Rita -6, Zeke +3."""
    db = tmp_path / "t.duckdb"
    fixed = HEAD + NIGHT1 + HEAD.replace("%SHN 1.0\n", '[Session "next"]\n').replace("11.24", "12.01") + NIGHT2
    cli("ingest", write(tmp_path, "two.shn", fixed), "--db", str(db))
    assert ledger(db) == {"Gus": 1, "Lou": 1, "Mo": 1, "Rita": -6, "Zeke": 3}
    assert _hands(db) == [(SESSION, 1, "2026-11-24"), (SESSION, 2, "2026-11-24"),
                          ("next", 1, "2026-12-01"), ("next", 2, "2026-12-01"), ("next", 3, "2026-12-01")]


def test_a_hand_out_of_order_not_1_refuses_only_itself(tmp_path):
    """Only a hand numbered 1 again restarts the block: hands 1, 2, 4, 3, 5 refuse hand 3 alone (E-HAND-ORDER at
    line 13), hand 5 stored.  By hand: h1 Lou/Gus 66: Lou +2, Gus +1, -1 each; h2 Mo/Zeke 70: Mo +2, Zeke +1,
    -1 each; h4 Lou/Gus 66 again; h5 Gus alone 70: Gus +4, -1 each.  Gus 1-1+1+4 = +5, Lou 2-1+2-1 = +2,
    Mo -1+2-1-1 = -1, Rita -1-1-1-1 = -4, Zeke -1+1-1-1 = -2."""
    db = tmp_path / "t.duckdb"
    text = HEAD + NIGHT1 + ("hand 4\npick Lou call AH partner Gus pts 66 win\n"
                            "hand 3\npick Rita call AC partner Gus pts 45 lose\n"
                            "hand 5\npick Gus alone pts 70 win\n")
    r = cli("ingest", write(tmp_path, "o.shn", text), "--db", str(db), ok=False)
    assert "o.shn: 4 stored, 0 duplicates, 1 rejected" in r.output, r.output
    assert "o.shn:13:6: E-HAND-ORDER (hand 3): found hand 3 after hand 4 in the same session" in r.output
    assert ledger(db) == {"Gus": 5, "Lou": 2, "Mo": -1, "Rita": -4, "Zeke": -2}
