"""The Player page, the drill-down (Hands page), the Rejected hands page,
roles in the filters, filters in the URL and units kept apart (issue 13).

The player's numbers are checked against counts made BY HAND from
tests/fixtures/player.shn (ten score-sheet hands, two sessions, Ann Nagel
at seat An; rules without double-on-the-bump, so rules.md B-33's first
table gives the units), and once more against a plain count over the SHN
text that does not go through shead's reader or store.

The fixture, hand by hand (picker side's outcome; Ann's role; Ann's units):

====  ======  =======  =========  ==========  =====
hand  dealer  picker   partner    outcome     Ann
====  ======  =======  =========  ==========  =====
1     Ed      An       Cy         win-s       picker +4
2     An      Bo       An         win-s       partner +2
3     Bo      An       (alone)    lose        picker alone -4
4     Cy      Di       Ed         win-s       defender -2
5     Di      (leaster, An wins)  leaster     — +4
6     Ed      An       Bo         lose-s      picker -4
7     An      Cy       Di         lose        defender +1
8     Bo      Ed       An         lose-z      partner -3
9     Cy      An       Ed         win-z       picker +6
10    Di      Bo       ? (Ed: -1) lose        defender +1
====  ======  =======  =========  ==========  =====

Hand 10 writes ``partner ?`` and a score line ``Bo -2 … Ed -1``: the seat
paying half the picker's loss is the partner, Ed (the store derives it
too), so Ann defended.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_
from streamlit.testing.v1 import AppTest

from dashboard import hand_list as hl
from dashboard import player_metrics as pm
from dashboard.metrics import Filters
from ingest.store import Store, reading
from ingest.validate import validate_file

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "dashboard" / "pages"
FIXTURE = Path(__file__).parent / "fixtures" / "player.shn"
METRICS = Path(__file__).parent / "fixtures" / "metrics.shn"
ANN = "Ann Nagel"


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("player") / "player.duckdb"
    with Store(path) as store:
        store.ingest_file(validate_file(FIXTURE))
    return path


@pytest.fixture(scope="module")
def both_db(tmp_path_factory) -> Path:
    """The player fixture plus tests/fixtures/metrics.shn (19 hands, 1 rejected)."""
    path = tmp_path_factory.mktemp("both") / "both.duckdb"
    with Store(path) as store:
        store.ingest_file(validate_file(FIXTURE))
        store.ingest_file(validate_file(METRICS))
    return path


def run(page: str, db: Path, monkeypatch, **query) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / page), default_timeout=60)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric(at: AppTest, label: str) -> str:
    found = [m.value for m in at.metric if m.label == label]
    assert found, f"no metric {label!r} in {[m.label for m in at.metric]}"
    return found[0]


def text_of(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
                     + [w.value for w in at.warning] + [s.value for s in at.subheader])


# --------------------------------------------------------------------------
# A count over the SHN text that does not use shead's reader or store
# --------------------------------------------------------------------------

WINS, LOSSES = {"win", "win-s", "win-z"}, {"lose", "lose-s", "lose-z"}


def text_count(text: str, seat: str) -> dict[str, int]:
    """Count ``seat``'s picks, wins, roles and schneiders straight off the
    hand lines: ``pick X … partner Y … OUTCOME`` (a ``partner ?`` resolved
    from the score line: the seat paying half the picker's amount)."""
    out = dict(picks=0, pick_wins=0, alone=0, partner=0, partner_wins=0, defender=0, defender_wins=0,
               s_for=0, s_against=0, z_for=0, z_against=0)
    for block in re.split(r"\n(?=hand \d+)", text):
        m = re.search(r"^pick (\w+)(.*)$", block, re.M)
        if not m:
            continue
        picker, rest = m.group(1), m.group(2)
        outcome = rest.split()[-1]
        alone = " alone " in f" {rest} "
        partner = None
        pm_ = re.search(r"partner (\S+)", rest)
        if pm_:
            partner = pm_.group(1)
        if partner == "?":
            score = dict((s, int(v)) for s, v in re.findall(r"(\w+) ([+-]\d+)", re.search(r"^score (.*)$", block,
                                                                                          re.M).group(1)))
            partner = next(s for s, v in score.items() if s != picker and 2 * v == score[picker])
        side_won = outcome in WINS
        if picker == seat:
            role = "picker"
            out["picks"] += 1
            out["pick_wins"] += side_won
            out["alone"] += alone
        elif partner == seat:
            role = "partner"
            out["partner"] += 1
            out["partner_wins"] += side_won
        else:
            role = "defender"
            out["defender"] += 1
            out["defender_wins"] += not side_won
        mine_won = side_won if role != "defender" else not side_won
        if outcome.endswith("-s"):
            out["s_for" if mine_won else "s_against"] += 1
        if outcome.endswith("-z"):
            out["z_for" if mine_won else "z_against"] += 1
    return out


def test_the_text_count_itself_matches_the_hand_count():
    # by hand from the table in the module docstring: picks 1, 3, 6, 9 (wins 1, 9; alone 3);
    # partner 2, 8 (won 2); defender 4, 7, 10 (her side won 7 and 10: the picker lost)
    # schneider for: 1 (picker win-s), 2 (partner win-s); against: 4 (defender, win-s), 6 (picker lose-s)
    # no-trick for: 9 (picker win-z); against: 8 (partner lose-z)
    assert text_count(FIXTURE.read_text(), "An") == dict(
        picks=4, pick_wins=2, alone=1, partner=2, partner_wins=1, defender=3, defender_wins=2,
        s_for=2, s_against=2, z_for=1, z_against=1)


# --------------------------------------------------------------------------
# The player's numbers
# --------------------------------------------------------------------------


def _roles(con, who=ANN, f=Filters()):
    t = pm.role_record(con, f, who)
    return {(r["who"], r["role"]): r for r in t.to_dicts()}


def test_role_record_against_the_hand_count(db):
    with reading(db) as con:
        r = _roles(con)
    me = {k[1]: v for k, v in r.items() if k[0] == "player"}
    # picker: hands 1, 3, 6, 9 -> 4 picks, 2 won (1 win-s, 9 win-z); units +4 -4 -4 +6 = +2, +0.5 a pick;
    # alone once (hand 3), lost
    assert (me["picker"]["hands"], me["picker"]["wins"], me["picker"]["units"]) == (4, 2, 2)
    assert me["picker"]["win_rate"] == pytest.approx(2 / 4) and me["picker"]["units_per_hand"] == pytest.approx(0.5)
    assert (me["picker"]["alone"], me["picker"]["alone_wins"]) == (1, 0)
    # partner: hands 2 (win-s: +2) and 8 (lose-z: -3) -> 2 hands, 1 won, -1 unit
    assert (me["partner"]["hands"], me["partner"]["wins"], me["partner"]["units"]) == (2, 1, -1)
    # defender: hands 4 (win-s: -2), 7 (lose: +1), 10 (lose: +1) -> 3 hands, 2 won, 0 units
    assert (me["defender"]["hands"], me["defender"]["wins"], me["defender"]["units"]) == (3, 2, 0)
    # schneider for 1 (picker), 2 (partner); against 6 (picker), 4 (defender); no-trick for 9, against 8
    assert [(me[k]["schneider_for"], me[k]["schneider_against"]) for k in pm.ROLE_ORDER] == [(1, 1), (1, 0), (0, 1)]
    assert [(me[k]["no_trick_for"], me[k]["no_trick_against"]) for k in pm.ROLE_ORDER] == [(1, 0), (0, 1), (0, 0)]
    # and the same as the plain count over the text
    c = text_count(FIXTURE.read_text(), "An")
    assert (me["picker"]["hands"], me["picker"]["wins"], me["picker"]["alone"]) == (c["picks"], c["pick_wins"],
                                                                                    c["alone"])
    assert (me["partner"]["hands"], me["partner"]["wins"]) == (c["partner"], c["partner_wins"])
    assert (me["defender"]["hands"], me["defender"]["wins"]) == (c["defender"], c["defender_wins"])
    assert sum(me[k]["schneider_for"] for k in me) == c["s_for"]
    assert sum(me[k]["schneider_against"] for k in me) == c["s_against"]
    assert sum(me[k]["no_trick_for"] for k in me) == c["z_for"]
    assert sum(me[k]["no_trick_against"] for k in me) == c["z_against"]


def test_role_record_of_the_group(db):
    with reading(db) as con:
        r = _roles(con)
    g = {k[1]: v for k, v in r.items() if k[0] == "group"}
    # nine picked hands (all but the leaster 5); the picker side won 1, 2, 4, 9 -> 4 of 9
    assert (g["picker"]["hands"], g["picker"]["wins"]) == (9, 4)
    # picker units: h1 +4, h2 +4, h3 -4 (alone lose), h4 +4, h6 -4, h7 -2, h8 -6, h9 +6, h10 -2 -> 0
    assert g["picker"]["units"] == 0
    # a partner in 8 hands (all picked but the alone hand 3): won 1, 2, 4, 9 -> 4
    assert (g["partner"]["hands"], g["partner"]["wins"]) == (8, 4)
    # defenders: 8 hands x 3 seats + hand 3 x 4 seats = 28; their side won where the picker lost:
    # hand 3 (4 seats), 6, 7, 8, 10 (3 seats each) -> 16
    assert (g["defender"]["hands"], g["defender"]["wins"]) == (28, 16)
    # zero-sum: every seat's units of the picked hands add to 0 (picker + partner + defenders)
    assert g["picker"]["units"] + g["partner"]["units"] + g["defender"]["units"] == 0


def test_pick_rate_by_seat_and_summary(db):
    with reading(db) as con:
        seats = {r["position"]: r for r in pm.pick_by_seat(con, Filters(), ANN).to_dicts()}
        s = pm.player_summary(con, Filters(), ANN)
    # pick order: 1 = left of the dealer.  Seats clockwise An Bo Cy Di Ed.
    # Ann is 1st when Ed deals (hands 1, 6: picked both), 2nd when Di deals (5 leaster: offered, passed;
    # 10: Ed passed, Ann passed, Bo picked), 3rd when Cy deals (4: Di picked, not offered; 9: picked),
    # 4th when Bo deals (3: picked; 8: Ed picked first, not offered), the dealer in 2 and 7 (never reached)
    assert [(seats[k]["offered"], seats[k]["picks"]) for k in range(1, 6)] == [(2, 2), (2, 0), (1, 1), (1, 1),
                                                                              (0, 0)]
    # the group at position 1: every hand reaches it (10), picked from it in 1, 2, 4, 6 -> 4
    assert (seats[1]["group_offered"], seats[1]["group_picks"]) == (10, 4)
    # offered 2 + 2 + 1 + 1 = 6, picked 4 -> 4/6
    assert (s["offered"], s["picks_offered"]) == (6, 4) and s["pick_rate"] == pytest.approx(4 / 6)
    # the group: each hand offers the seats up to the picker: 1+1+4+1+5(leaster)+1+2+3+3+3 = 24; 9 picks
    assert s["group_pick_rate"] == pytest.approx(9 / 24)
    assert (s["picks"], s["wins"]) == (4, 2) and s["win_rate"] == pytest.approx(0.5)
    assert s["units_per_pick"] == pytest.approx(0.5) and s["group_units_per_pick"] == pytest.approx(0.0)
    assert s["group_win_rate"] == pytest.approx(4 / 9)
    # 10 hands, 2 sessions, 2 days; units +4 +2 -4 -2 +4 -4 +1 -3 +6 +1 = +5, the best of the five
    assert (s["hands"], s["sessions"], s["days"]) == (10, 2, 2)
    assert s["ledger"] == [{"game": "sheepshead", "unit": "units", "total": 5, "hands": 10, "sessions": 2,
                            "rank": 1, "players": 5}]


def test_player_report_is_json(db):
    import json

    with reading(db) as con:
        rep = pm.player_report(con, Filters(), ANN)
    back = json.loads(json.dumps(rep))
    assert back["player"] == ANN and back["summary"]["first_date"] == "2025-01-09"
    assert [r["units"] for r in back["sessions"]] == [4 + 2 - 4 - 2 + 4 - 4, 1 - 3 + 6 + 1]  # 0 and +5


def test_player_page(db, monkeypatch):
    at = run("player.py", db, monkeypatch, who=ANN)
    assert at.selectbox(key="player.who").value == ANN
    assert (metric(at, "Sessions"), metric(at, "Days played"), metric(at, "Ledger (units)")) == ("2", "2", "+5")
    assert (metric(at, "Pick rate"), metric(at, "Pick win rate"), metric(at, "Units per pick")) == (
        "66.7%", "50.0%", "+0.50")
    assert metric(at, "Alone") == "0–1"
    text = text_of(at)
    assert "Group: 37.5%" in text and "Group: 44.4%" in text  # 9/24 and 4/9
    # every count leads to its hands
    assert "[4 hands](/hands?who=Ann+Nagel&role=picker)" in text
    assert "[1 against](/hands?who=Ann+Nagel&role=defender&outcome=win-s)" in text
    role_table = next(d.value for d in at.dataframe if "role" in d.value.columns)
    # league33 F3: a leaster row after the three roles: hand 5, Ann's leaster, won (+4, rules.md D-4)
    assert list(role_table["hands"]) == [4, 2, 3, 1] and list(role_table["wins"]) == [2, 1, 2, 1]
    # choosing another player keeps the choice in the URL
    at.selectbox(key="player.who").set_value("Bo Berg").run()
    assert not at.exception and at.query_params["who"] == "Bo Berg"
    # Bo picked hands 2 (win-s), 10 (lose): 1 of 2
    assert metric(at, "Pick win rate") == "50.0%"


def test_player_page_unknown_player(db, monkeypatch):
    at = run("player.py", db, monkeypatch, who="Nobody Here")
    assert any("No player Nobody Here" in w.value for w in at.warning)


# --------------------------------------------------------------------------
# The Hands page (drill-down)
# --------------------------------------------------------------------------


def _hands(at: AppTest) -> list[int]:
    return list(at.dataframe[0].value["hand"])


def test_hands_page_lists_the_hands_of_a_role(db, monkeypatch):
    at = run("hands.py", db, monkeypatch, who=ANN, role="defender")
    assert _hands(at) == [4, 7, 10] and "3 hands: Ann Nagel a defender" in text_of(at)
    assert list(at.dataframe[0].value["units"]) == [-2, 1, 1]
    # each hand links to its replay, in the Replay page's URL form
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    assert list(at.dataframe[0].value["replay"]) == [f"/replay_hand?hand={ids[h]}&step=0" for h in (4, 7, 10)]
    assert f"(/replay_hand?hand={ids[4]}&step=0)" in text_of(at)
    at = run("hands.py", db, monkeypatch, who=ANN, role="partner")
    assert _hands(at) == [2, 8]
    at = run("hands.py", db, monkeypatch, who=ANN, role="picker", outcome=["win", "win-s", "win-z"])
    assert _hands(at) == [1, 9]
    at = run("hands.py", db, monkeypatch, kind="pick", position="1", seats="5")
    assert _hands(at) == [1, 2, 4, 6]  # picked by the seat left of the dealer (table above)
    at = run("hands.py", db, monkeypatch, kind="leaster")
    assert _hands(at) == [5]
    with reading(db) as con:
        (sid,) = con.execute("SELECT DISTINCT session_id FROM hands WHERE session = 'player-2'").fetchone()
    at = run("hands.py", db, monkeypatch, who=ANN, session=str(sid))
    assert _hands(at) == [7, 8, 9, 10]  # the second session


def test_hands_page_bad_parameters_are_said(db, monkeypatch):
    at = run("hands.py", db, monkeypatch, role="boss", position="x")
    warned = " ".join(w.value for w in at.warning)
    assert "role='boss'" in warned and "position='x'" in warned
    assert len(_hands(at)) == 10  # nothing else asked: every hand


def test_hands_page_no_match(db, monkeypatch):
    at = run("hands.py", db, monkeypatch, kind="misdeal")
    assert any("No hand matches" in i.value for i in at.info)


def test_url_round_trip():
    f = Filters(players=("Ann Nagel", "Bo Berg"), game="sheepshead")
    q = hl.HandQuery(who="Ann Nagel", role="picker", outcomes=("win", "win-s"), alone=True, position=2, seats=5)
    params = hl.to_params(f, q)
    assert params["player"] == ["Ann Nagel", "Bo Berg"] and params["alone"] == "1"
    f2, q2, problems = hl.from_params(params)
    assert (f2, q2, problems) == (f, q, [])
    assert hl.hands_url(Filters(), who="Ann Nagel") == "/hands?who=Ann+Nagel"


def test_link_columns_are_the_urls_row_by_row():
    f = Filters(players=("Ann Nagel",), game="sheepshead", date_from=date(2026, 1, 2))
    # worked: the filters, then the query's fields in HandQuery order (who before role before session)
    assert hl.hands_urls(f, hl.HandQuery(role="picker"), who=["Ann Nagel", "Bo & Co"], session=[7, None]) == [
        "/hands?from=2026-01-02&player=Ann+Nagel&game=sheepshead&who=Ann+Nagel&role=picker&session=7",
        "/hands?from=2026-01-02&player=Ann+Nagel&game=sheepshead&who=Bo+%26+Co&role=picker"]
    assert hl.hands_urls(Filters(), who=[None]) == ["/hands"] and hl.hands_urls(f, who=[]) == []
    with pytest.raises(TypeError):
        hl.hands_urls(f, player=["Ann"])
    with pytest.raises(ValueError):
        hl.hands_urls(f, role=["dealer"])
    with pytest.raises(ValueError):
        hl.hands_urls(f, who=["Ann"], session=[1, 2])


NAME = st_.one_of(st_.none(), st_.text(alphabet="Aa äß&=+ /?#%", max_size=6))


@settings(max_examples=60, deadline=None)
@given(rows=st_.lists(st_.tuples(NAME, st_.one_of(st_.none(), st_.integers(0, 10**6)),
                                 st_.sampled_from(((), ("win",), ("win", "lose-s")))), max_size=5),
       role=st_.sampled_from((None, "picker", "defender")), players=st_.lists(NAME.filter(bool), max_size=2),
       game=st_.sampled_from((None, "sheepshead")))
def test_link_columns_equal_hands_url_for_any_rows(rows, role, players, game):
    f = Filters(players=tuple(players), game=game)
    q = hl.HandQuery(role=role, alone=True)
    who, session, outcomes = ([r[k] for r in rows] for k in range(3))
    assert hl.hands_urls(f, q, who=who, session=session, outcomes=outcomes) == [
        hl.hands_url(f, q, who=w, session=s, outcomes=o) for w, s, o in rows]


# --------------------------------------------------------------------------
# Roles in filters
# --------------------------------------------------------------------------


def test_picking_counts_her_picks_when_she_is_chosen(db, monkeypatch):
    at = run("picking.py", db, monkeypatch)
    # everyone: 9 picks, 4 won
    assert metric(at, "Pick win rate") == "44.4%"
    at = run("picking.py", db, monkeypatch, player=ANN)
    # Ann chosen: her 4 picks (1, 3, 6, 9), 2 won, +0.50 a pick, 1 alone (hand 3) and lost
    assert (metric(at, "Pick win rate"), metric(at, "Units per pick"), metric(at, "Alone rate"),
            metric(at, "Alone win rate")) == ("50.0%", "+0.50", "25.0%", "0.0%")
    assert any("Ann Nagel as picker" in i.value for i in at.info)
    # the pass-out rate stays over the hands dealt with her at the table: 1 leaster of 10
    assert metric(at, "Pass-out rate") == "10.0%"
    assert "[4](/hands?player=Ann+Nagel&kind=pick&picker=Ann+Nagel)" in text_of(at)


def test_partner_calls_count_her_calls_when_she_is_chosen(db, monkeypatch):
    at = run("partner_calls.py", db, monkeypatch, player=ANN)
    calls = at.dataframe[0].value
    # her picks: hand 1 AS, 6 AH, 9 AC (ace calls: 3; 1 and 9 won), hand 3 alone (lost)
    assert dict(zip(calls["call_type"], calls["hands"])) == {"ace": 3, "alone": 1}
    assert dict(zip(calls["call_type"], calls["wins"])) == {"ace": 2, "alone": 0}
    at = run("partner_calls.py", db, monkeypatch)
    # everyone: ace calls in 1, 2, 4, 6, 7, 8, 9, 10 = 8, alone 3 = 1
    calls = at.dataframe[0].value
    assert dict(zip(calls["call_type"], calls["hands"])) == {"ace": 8, "alone": 1}


def test_schneider_counts_her_picks_when_she_is_chosen(db, monkeypatch):
    at = run("schneider.py", db, monkeypatch, player=ANN)
    # of her 4 picks: 1 win-s, 6 lose-s -> 2/4; 9 win-z -> 1/4
    assert (metric(at, "Schneider"), metric(at, "No-tricker")) == ("50.0%", "25.0%")
    at = run("schneider.py", db, monkeypatch)
    # all 9 picked: win-s 1, 2, 4; lose-s 6 -> 4/9; win-z 9, lose-z 8 -> 2/9
    assert (metric(at, "Schneider"), metric(at, "No-tricker")) == ("44.4%", "22.2%")


# --------------------------------------------------------------------------
# Filters in the URL, counts explained, rejected hands, units apart
# --------------------------------------------------------------------------


def test_filters_come_from_and_go_to_the_url(both_db, monkeypatch):
    at = run("overview.py", both_db, monkeypatch, player=ANN)
    assert at.multiselect(key="shead.widget.players").value == [ANN]
    assert metric(at, "Hands") == "10"
    at.multiselect(key="shead.widget.groups").set_value(["Player fixture"]).run()
    assert at.query_params["group"] == "Player fixture" and at.query_params["player"] == ANN
    at.button(key="shead.reset").click().run()
    assert "player" not in at.query_params and metric(at, "Hands") == "29"  # 10 + 19


def test_overview_says_why_picks_differ(tmp_path, monkeypatch):
    path = tmp_path / "bq.duckdb"
    with Store(path) as store:
        store.ingest_file(validate_file(FIXTURE))
        store.ingest_file(validate_file(Path(__file__).parent / "fixtures" / "profiles" / "wi4-black-queens.shn"))
    at = run("overview.py", path, monkeypatch)
    # picked: 9 (player fixture) + 2 black-queens hands (no blind: the Q♣ holder heads the side) = 11;
    # the Picking page counts 9 picks
    assert metric(at, "Picked hands") == "11"
    assert "The Picking page counts [9 picks](/hands?kind=pick): the other 2 were played at tables without a " \
           "blind" in text_of(at)
    assert metric(at, "Days played") == "3"  # 2025-01-09, 2025-02-13 and the black-queens fixture's date


def test_rejected_page(both_db, monkeypatch):
    at = run("rejected.py", both_db, monkeypatch)
    assert "1 rejected hand" in text_of(at)
    row = at.dataframe[0].value.iloc[0]
    # tests/fixtures/metrics.shn: hand 6 of session B, score summing to +2 (see tests/test_metrics.py)
    assert row["code"] == "E-SCORE-SUM" and row["file"].endswith("metrics.shn") and row["hand"] == 6
    # as shead ingest prints it (replay.errors.with_found): the message already says +2 and 0, so no
    # "— found 2, expected 0" after it
    assert "`E-SCORE-SUM` the score sums to +2, not 0 (rules.md B-35)" in text_of(at)
    assert "found 2, expected 0" not in text_of(at)
    assert at.code and "hand 6" in at.code[0].value


def test_rejected_page_without_rejections(db, monkeypatch):
    at = run("rejected.py", db, monkeypatch)
    assert at.success and "No hand is refused" in at.success[0].value


def test_ledger_keeps_units_apart(tmp_path, monkeypatch):
    from ingest.netschafkopf import read_protocol

    path = tmp_path / "mixed.duckdb"
    log = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    with Store(path) as store:
        store.ingest_file(validate_file(FIXTURE))
        store.ingest_file(read_protocol(log.read_bytes(), str(log)), source_format="netschafkopf")
    at = run("ledger.py", path, monkeypatch)
    # Sheepshead by default: the five fixture players only, their units summing to 0 (zero-sum)
    board = at.dataframe[0].value
    assert set(board["player"]) == {"Ann Nagel", "Bo Berg", "Cy Ott", "Di Lenz", "Ed Kahl"}
    assert board["units"].sum() == 0 and dict(zip(board["player"], board["units"]))["Ann Nagel"] == 5
    assert at.radio(key="ledger.unit").value == "sheepshead"
    at.radio(key="ledger.unit").set_value("schafkopf").run()
    board = at.dataframe[0].value
    assert "Ann Nagel" not in set(board["player"]) and at.query_params["unit"] == "schafkopf"
    # Totals per unit: each row's link lists that player's hands of that game only (issue 13's drill-down)
    totals = next(d.value for d in at.dataframe if "unit" in d.value.columns)
    ann = totals[totals["player"] == "Ann Nagel"].iloc[0]
    assert "game=sheepshead" in ann["list"] and "who=Ann" in ann["list"].replace("+", " ")
    assert all(("game=schafkopf" in u) == (g == "tariff points") for u, g in zip(totals["list"], totals["unit"]))


def test_every_linked_count_is_the_length_of_its_list(both_db):
    """The drill-down lists exactly the hands a page counts: each count of
    the metrics equals the Hands page's count for the query its link
    carries (the metrics fixture's numbers are the hand-made ones of
    tests/test_metrics.py; the check here is that the two agree)."""
    from dashboard import metrics as m

    f = Filters()
    with reading(both_db) as con:
        n = lambda **q: hl.hand_count(con, f, hl.HandQuery(**q))  # noqa: E731
        dq = m.data_quality(con, f).to_dicts()[0]
        assert (n(kind="picked"), n(kind="leaster"), n(kind="doubler"), n(kind="misdeal")) == (
            dq["picked"], dq["leasters"], dq["doublers"], dq["misdeals"])
        assert (n(status="full"), n(status="score-sheet"), n(conflict=True)) == (
            dq["full"], dq["score_sheet"], dq["conflicts"])
        s = m.picking_summary(con, f).to_dicts()[0]
        assert (n(kind="pick"), n(kind="pick", outcomes=m.WINS), n(kind="pick", alone=True),
                n(kind="passed_out"), n(kind="dealt")) == (s["picks"], s["wins"], s["alone"], s["passed_out"],
                                                          s["dealt"])
        for r in m.pick_rate_by_position(con, f).to_dicts():
            assert n(kind="pick", position=r["position"], seats=r["seats"]) == r["picks"], r
        for r in m.picker_results_by_player(con, f).to_dicts():
            assert n(kind="pick", who=r["player"], role="picker") == r["picks"], r
        sc = m.schneider_summary(con, f).to_dicts()[0]
        for o in ("win-s", "lose-s", "win-z", "lose-z"):
            assert n(kind="picked", outcomes=(o,)) == sc[o.replace("-", "_")], o
        for r in m.calls_by_type(con, f).to_dicts():
            assert n(kind="picked", call=r["call_type"] or "none") == r["hands"], r
        for r in m.calls_by_suit(con, f).to_dicts():
            assert n(kind="picked", suit=r["called_suit"]) == r["hands"], r
        for r in m.partner_reveal(con, f).to_dicts():
            assert n(kind="picked", reveal=r["trick"] if r["trick"] is not None else 0) == r["hands"], r
        for r in m.schneider_by_role(con, f).to_dicts():
            if r["role"] in ("picker", "partner", "defender"):
                assert n(who=r["player"], role=r["role"]) == r["hands"], r
        for r in m.leaderboard(con, f).to_dicts():
            assert n(who=r["player"]) >= r["hands"], r  # seated hands include misdeals and doublers
        # the role filter of the pages: the hands Ann picked, as the summary with picked_by counts them
        mine = m.picking_summary(con, Filters(players=(ANN,), picked_by=(ANN,))).to_dicts()[0]
        assert mine["picks"] == n(kind="pick", picked_by=(ANN,)) == 4


def test_a_link_naming_what_is_not_stored_says_so(both_db, monkeypatch):
    """dash17 F3: ``sheet?session=bogus``, ``ledger?player=Nobody``, ``ledger?from=2099-01-01`` and
    ``picking?player=Nobody`` showed another view and rewrote the URL without a word."""
    at = run("sheet.py", both_db, monkeypatch, session="bogus")
    assert any(w.value.startswith("No session bogus in this database; showing ") for w in at.warning)
    at = run("ledger.py", both_db, monkeypatch, player="Nobody")
    said = [w.value for w in at.warning if w.value.startswith("No ")]
    assert said == ["No player Nobody in this database: left out of the filters, so this shows all hands."]
    at = run("picking.py", both_db, monkeypatch, player="Nobody")
    assert any(w.value.startswith("No player Nobody in this database") for w in at.warning)
    at = run("ledger.py", both_db, monkeypatch, **{"from": "2099-01-01"})
    assert any(w.value.startswith("No hand dated 2099-01-01 to") for w in at.warning)
    # a player who is stored: no warning, the filter holds
    at = run("ledger.py", both_db, monkeypatch, player=ANN)
    assert not [w.value for w in at.warning if w.value.startswith("No ")]
