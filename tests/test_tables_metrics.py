"""The picking metrics with table sizes mixed in one database (rules.md F-1):
hands without a blind to pick (``wi4-black-queens``) are left out of every
pick rate, and under ``wi6-sit-out`` the dealer is never offered the blind.

The database, worked by hand (player names shared across the sessions):

* session ``six`` (``wi6-sit-out``; Al Bea Cy Di Ed Flo):
  hand 1, Flo deals and sits out, everybody passes, Cy wins the leaster:
  offered Al Bea Cy Di Ed (positions 1..5), not Flo;
  hand 2, Al deals and sits out, Bea passes, Cy picks: offered Bea
  (position 1) and Cy (position 2, picks).
* session ``queens`` (tests/fixtures/profiles/wi4-black-queens.shn, Al Bea Cy
  Di): two hands whose ``picker`` is the Q♣ holder (Al, then Bea), nobody
  picked: left out.  Counted, Al would be offered once more and pick once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard import metrics as m
from ingest.store import Store, reading
from ingest.validate import validate_text

FIXTURES = Path(__file__).parent / "fixtures" / "profiles"

SIX = """%SHN 1.0
[Session "six"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl; Flo=Flo Jaeger"]
[Rules "wi6-sit-out"]

hand 1  dealer Flo
leaster Cy

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 72  win
"""


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    db = tmp_path_factory.mktemp("tables") / "t.duckdb"
    queens = (FIXTURES / "wi4-black-queens.shn").read_text(encoding="utf-8").replace(
        "[Event", '[Session "queens"]\n[Event', 1)
    with Store(db) as store:
        for name, text in (("six.shn", SIX), ("queens.shn", queens)):
            result = validate_text(text, name)
            assert not result.rejected, [str(e) for r in result.rejected for e in r.errors]
            store.ingest_file(result)
    with reading(db) as c:
        yield c


def test_pick_rate_by_player_leaves_out_hands_without_a_blind(con):
    got = {r["player"]: (r["offered"], r["picks"]) for r in m.pick_rate_by_player(con, m.Filters()).to_dicts()}
    assert got == {
        "Allen Braun": (1, 0),   # hand six/1 only (not the black-queens hand he "heads")
        "Bea Schmidt": (2, 0),   # six/1 and six/2
        "Cy Ott": (2, 1),        # six/1, and picks six/2
        "Di Lenz": (1, 0),
        "Ed Kahl": (1, 0),
        "Flo Jaeger": (0, 0),    # dealt six/1 and sat out; after Cy in six/2
    }


def test_pick_rate_by_position_never_offers_the_dealer_who_sits_out(con):
    got = {(r["seats"], r["position"]): (r["offered"], r["picks"])
           for r in m.pick_rate_by_position(con, m.Filters()).to_dicts()}
    assert got == {(6, 1): (2, 0), (6, 2): (2, 1), (6, 3): (1, 0), (6, 4): (1, 0), (6, 5): (1, 0), (6, 6): (0, 0)}


def test_picking_summary_counts_only_hands_with_a_blind(con):
    r = m.picking_summary(con, m.Filters()).to_dicts()[0]
    # six/1 (leaster) and six/2 (picked); the two black-queens hands are not deals with a blind
    assert (r["dealt"], r["passed_out"], r["picks"], r["wins"], r["pass_out_rate"]) == (2, 1, 1, 1, 0.5)
    pr = {x["player"]: x["picks"] for x in m.picker_results_by_player(con, m.Filters()).to_dicts()}
    assert pr == {"Cy Ott": 1}


def test_ledger_keeps_the_black_queens_hands(con):
    """Only the picking metrics leave them out: the units still count.  Allen Braun:
    six/1 leaster -1, six/2 sits out 0, queens/1 +2, queens/2 +2 -> +3."""
    got = {r["player"]: r["units"] for r in m.leaderboard(con, m.Filters()).to_dicts()}
    assert got["Allen Braun"] == 3
