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


@pytest.fixture(scope="module")
def roles_con(tmp_path_factory):
    db = tmp_path_factory.mktemp("roles") / "r.duckdb"
    jdace = (FIXTURES / "wi6-jd-ace.shn").read_text(encoding="utf-8").replace("[Event", '[Session "jdace"]\n[Event', 1)
    with Store(db) as store:
        for name, text in (("six.shn", SIX), ("jdace.shn", jdace)):
            result = validate_text(text, name)
            assert not result.rejected, [str(e) for r in result.rejected for e in r.errors]
            store.ingest_file(result)
    with reading(db) as c:
        yield c


def test_schneider_by_role_counts_the_second_partner_and_not_the_seat_out(roles_con):
    """Picked hands: six/2 (Al deals and sits out; Cy picks with Ed, win), jdace/1 (Al with Cy and Di,
    win-s), jdace/2 (Bea with Ed, lose), jdace/3 (Cy with Di and Ed, win).  Roles by hand:
    Allen Braun: picker jdace/1; defender jdace/2, jdace/3 (none in six/2: he sat out).
    Bea: picker jdace/2; defender six/2, jdace/1, jdace/3.  Cy: picker six/2, jdace/3; partner jdace/1;
    defender jdace/2.  Di: partner jdace/1 (the J♦), jdace/3 (second seat written); defender six/2, jdace/2.
    Ed: partner six/2, jdace/2, jdace/3; defender jdace/1.  Flo: defender in all four."""
    df = m.schneider_by_role(roles_con, m.Filters())
    got = {(r["player"], r["role"]): r["hands"] for r in df.to_dicts()}
    assert got == {
        ("Allen Braun", "picker"): 1, ("Allen Braun", "defender"): 2,
        ("Bea Schmidt", "picker"): 1, ("Bea Schmidt", "defender"): 3,
        ("Cy Ott", "picker"): 2, ("Cy Ott", "partner"): 1, ("Cy Ott", "defender"): 1,
        ("Di Lenz", "partner"): 2, ("Di Lenz", "defender"): 2,
        ("Ed Kahl", "partner"): 3, ("Ed Kahl", "defender"): 1,
        ("Flo Jaeger", "defender"): 4,
    }
    rows = {(r["player"], r["role"]): r for r in df.to_dicts()}
    # jdace/1 is the one schneider: Di (second partner) schneidered them, Flo (defender) was schneidered
    assert rows[("Di Lenz", "partner")]["schneidered_them"] == 1
    assert rows[("Flo Jaeger", "defender")]["schneidered"] == 1


def test_leaderboard_hands_leave_out_the_hands_a_dealer_sat_out(roles_con):
    """six/1 (Flo deals, sits out) and six/2 (Al deals, sits out), then jdace/1..3 (all six play).
    Hands played: Allen Braun 1 + 3 = 4, Flo Jaeger 1 + 3 = 4, everyone else 2 + 3 = 5.
    Units: Allen Braun six/1 -1 (leaster won by Cy), six/2 0, jdace +2 +2 -1 -> +2."""
    got = {r["player"]: (r["hands"], r["units"]) for r in m.leaderboard(roles_con, m.Filters()).to_dicts()}
    assert {p: h for p, (h, _) in got.items()} == {"Allen Braun": 4, "Bea Schmidt": 5, "Cy Ott": 5, "Di Lenz": 5,
                                                   "Ed Kahl": 5, "Flo Jaeger": 4}
    assert got["Allen Braun"][1] == 2
