"""The Indiana race to 24 over a session (rules.md F-5; replay/indiana_race.py;
docs/profiles.md "Indiana four-handed (F-5)", "The race over a session").

Race points per hand are those of the worked hands of tests/fixtures/profiles/
in4.shn (checked card by card in tests/test_indiana.py) and of a won best
worked below; the running scores, the hand that ends each game and the
winners are added up here by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dashboard import metrics as m
from ingest import store as sto
from ingest.cli import app
from ingest.validate import validate_text
from replay.indiana_race import RaceHand, race

FIX = Path(__file__).resolve().parent / "fixtures" / "profiles" / "in4.shn"


def _fixture_hands() -> tuple[str, list[str]]:
    src = FIX.read_text(encoding="utf-8")
    head, rest = src.split("\nhand 1", 1)
    return head + "\n", [h.strip("\n") for h in ("hand 1" + rest).split("\n\n")]


#: A won best.  W deals, N leads every trick with the eight jacks and queens (J♣ J♠ J♥ J♦ Q♣ Q♠ Q♥ Q♦ are
#: the top eight trumps, rules.md F-1): the others follow with hearts (trump) while they have them, and N
#: takes all eight tricks: 120 card points (rules.md A-5), won; F-5: the declarer gains 24 and the game ends.
BEST = """hand {n}  dealer W
deal N JC JS JH JD QC QS QH QD
deal E AH TH KH 9H AC TC KC 9C
deal S 8H 7H 8C 7C AS TS KS 9S
deal W 8S 7S AD TD KD 9D 8D 7D
game N best
t1 N: JC AH 8H 8S
t2 N: JS TH 7H 7S
t3 N: JH KH 8C AD
t4 N: JD 9H 7C TD
t5 N: QC AC AS KD
t6 N: QS TC TS 9D
t7 N: QH KC KS 8D
t8 N: QD 9C 9S 7D
pts 120  tricks 8  win
score N +24 E 0 S 0 W 0"""


def _session_text() -> str:
    """Hands 1..3 of the fixture, the won best as hand 4, the fixture's hand 1 again as hand 5."""
    head, (h1, h2, h3) = _fixture_hands()
    h5 = h1.replace("hand 1  dealer W", "hand 5  dealer W", 1)
    return head + "\n" + "\n\n".join([h1, h2, h3, BEST.format(n=4), h5]) + "\n"


# -- the pure walk ------------------------------------------------------------------------------------------


def test_race_by_hand_three_games():
    # hand 1 ace call won: Nora +2, Sam +2          -> Nora 2, Eli 0, Sam 2, Wes 0
    # hand 2 side solo lost: Nora, Sam, Wes +6 each -> Nora 8, Eli 0, Sam 8, Wes 6
    # hand 3 billy won: Sam +18                     -> Sam 26 >= 24: game 1 ends, Sam wins ("24")
    # hand 4 best won by Nora: +24                  -> game 2, Nora 24: ends, Nora wins ("best")
    # hand 5 ace call won: Nora +2, Sam +2          -> game 3: Nora 2, Sam 2, open
    z = {"Nora": 0, "Eli": 0, "Sam": 0, "Wes": 0}
    hands = [RaceHand(1, z | {"Nora": 2, "Sam": 2}), RaceHand(2, z | {"Nora": 6, "Sam": 6, "Wes": 6}),
             RaceHand(3, z | {"Sam": 18}), RaceHand(4, z | {"Nora": 24}, best_won_by="Nora"),
             RaceHand(5, z | {"Nora": 2, "Sam": 2})]
    rows, games = race(hands)
    assert [(r.hand, r.game, r.ends, r.winners) for r in rows] == [
        (1, 1, False, ()), (2, 1, False, ()), (3, 1, True, ("Sam",)), (4, 2, True, ("Nora",)), (5, 3, False, ())]
    assert rows[1].scores == {"Nora": 8, "Eli": 0, "Sam": 8, "Wes": 6}
    assert rows[2].scores == {"Nora": 8, "Eli": 0, "Sam": 26, "Wes": 6}
    assert rows[4].scores == {"Nora": 2, "Eli": 0, "Sam": 2, "Wes": 0}  # a new game starts from 0
    assert [(g.game, g.first_hand, g.last_hand, g.hands, g.finished, g.how, g.winners) for g in games] == [
        (1, 1, 3, 3, True, "24", ("Sam",)), (2, 4, 4, 1, True, "best", ("Nora",)), (3, 5, 5, 1, False, None, ())]


def test_race_boundary_23_and_24_and_a_shared_win():
    # 22 + 1 would be 23 (no game ends; there is no +1 in F-5, but the walk is about the target): 23 < 24
    rows, games = race([RaceHand(1, {"A": 18, "B": 0}), RaceHand(2, {"A": 5, "B": 0})])
    assert rows[-1].scores["A"] == 23 and not games[0].finished
    # A 18 + 6 = 24: exactly the target ends the game
    rows, games = race([RaceHand(1, {"A": 18, "B": 0}), RaceHand(2, {"A": 6, "B": 0})])
    assert games[0].finished and games[0].winners == ("A",) and games[0].how == "24"
    # partners level on 22 win a plain +2 together: 24 and 24, a shared win; C on 23 stays below
    rows, games = race([RaceHand(1, {"A": 18, "B": 18, "C": 18}), RaceHand(2, {"A": 4, "B": 4, "C": 5}),
                        RaceHand(3, {"A": 2, "B": 2, "C": 0})])
    assert rows[-1].scores == {"A": 24, "B": 24, "C": 23} and games[0].winners == ("A", "B")
    # two past 24 in one hand, unequal: the higher wins (A 20+6 = 26 over B 18+6 = 24)
    rows, games = race([RaceHand(1, {"A": 20, "B": 18}), RaceHand(2, {"A": 6, "B": 6})])
    assert games[0].winners == ("A",) and rows[-1].scores == {"A": 26, "B": 24}


def test_race_gaps_and_bad_input():
    # hands 1, 2, 5 stored: 3 and 4 are missing inside game 1
    rows, games = race([RaceHand(1, {"A": 2}), RaceHand(2, {"A": 2}), RaceHand(5, {"A": 2})])
    assert games[0].gaps == [3, 4] and games[0].scores == {"A": 6}
    with pytest.raises(ValueError, match="hand 2 is given twice"):
        race([RaceHand(2, {"A": 2}), RaceHand(2, {"A": 2})])
    with pytest.raises(ValueError, match="never lost"):
        race([RaceHand(1, {"A": -2})])


_GAIN = st.sampled_from([0, 2, 4, 6, 18])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_GAIN, _GAIN, _GAIN, _GAIN, st.booleans()), min_size=1, max_size=40))
def test_race_properties(spec):
    """Every hand is in exactly one game; games are consecutive; a finished game's
    winners are at 24+ (or won a best) and have the top score; no game but the last
    is open; each game's scores are the sum of its hands' gains (race points only add)."""
    hands = []
    for i, (a, b, c, d, best) in enumerate(spec, start=1):
        gains = {"A": a, "B": b, "C": c, "D": d}
        hands.append(RaceHand(i, gains | ({"A": 24} if best else {}), "A" if best else None))
    rows, games = race(hands)
    assert len(rows) == len(hands) and sum(g.hands for g in games) == len(hands)
    assert [r.game for r in rows] == sorted(r.game for r in rows)
    assert all(g.finished for g in games[:-1])
    for g in games:
        members = [h for h in hands if g.first_hand <= h.hand <= g.last_hand]
        assert g.scores == {p: sum(h.gains[p] for h in members) for p in "ABCD"}
        if g.finished:
            assert g.how == "best" or (max(g.scores.values()) >= 24
                                       and all(g.scores[w] == max(g.scores.values()) for w in g.winners))
            # no hand before the last of the game finished it
            before = {p: sum(h.gains[p] for h in members[:-1]) for p in "ABCD"}
            assert max(before.values()) < 24 and all(h.best_won_by is None for h in members[:-1])
        else:
            assert max(g.scores.values()) < 24 and g.winners == ()


# -- stored, through the dashboard's queries and `shead race` ---------------------------------------------


@pytest.fixture
def race_db(tmp_path):
    text = _session_text()
    res = validate_text(text, "race.shn")
    assert not res.rejected and not res.errors, [str(e) for r in res.rejected for e in r.errors]
    assert len(res.hands) == 5
    best = res.hands[3].outcome
    assert (best.game_type, best.picker, best.picker_points, best.picker_tricks, best.outcome) == (
        "best", "N", 120, 8, "win")
    assert best.units == {"N": 24, "E": 0, "S": 0, "W": 0}
    db = tmp_path / "race.duckdb"
    with sto.Store(db) as s:
        s.ingest_file(res)
    return db


def test_indiana_games_and_hands_from_the_store(race_db):
    with sto.reading(race_db) as con:
        games = m.indiana_games(con, m.Filters())
        hands = m.indiana_race_hands(con, m.Filters())
        one_player = m.indiana_games(con, m.Filters(players=("Eli",)))
    assert [(g["game"], g["first_hand"], g["last_hand"], g["finished"], g["how"], g["winners"], g["scores"])
            for g in games.to_dicts()] == [
        (1, 1, 3, True, "24", ["Sam"], "Sam 26, Nora 8, Wes 6, Eli 0"),
        (2, 4, 4, True, "best", ["Nora"], "Nora 24, Eli 0, Sam 0, Wes 0"),
        (3, 5, 5, False, None, [], "Nora 2, Sam 2, Eli 0, Wes 0"),
    ]
    # a player filter chooses the sessions, never the hands counted: the same three games
    assert one_player.to_dicts() == games.to_dicts()
    sam = hands.filter(hands["player"] == "Sam")
    assert sam.select("hand", "game", "score", "ends", "won").rows() == [
        (1, 1, 2, False, False), (2, 1, 8, False, False), (3, 1, 26, True, True),
        (4, 2, 0, True, False), (5, 3, 2, False, False)]


def test_shead_race_prints_the_running_scores_and_games_won(race_db):
    r = CliRunner().invoke(app, ["race", "--db", str(race_db)])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "game 1 (hands 1..3)" in out and "Sam reached 24: the game ends" in out and "game 2 (hand 4)" in out
    assert "Nora won a best: the game ends" in out and "open: nobody has reached 24 yet" in out
    # games won: Nora 1 of 3, Sam 1 of 3, Eli 0, Wes 0
    table = out[out.index("Games won"):]
    lines = {ln.split("│")[1].strip(): [c.strip() for c in ln.split("│")[2:4]]
             for ln in table.splitlines() if ln.count("│") >= 4 and ln.split("│")[1].strip() not in ("", "player")}
    assert lines == {"Nora": ["1", "3"], "Sam": ["1", "3"], "Eli": ["0", "3"], "Wes": ["0", "3"]}
    j = CliRunner().invoke(app, ["race", "--db", str(race_db), "--json"])
    assert j.exit_code == 0
    objs = json.loads(j.output)
    assert [(o["game"], o["winners"], o["how"]) for o in objs] == [(1, ["Sam"], "24"), (2, ["Nora"], "best"),
                                                                    (3, [], None)]


def test_shead_race_without_indiana_hands_says_what_to_do(tmp_path):
    from .conftest import make_file

    db = tmp_path / "sheepshead.duckdb"
    with sto.Store(db) as s:  # Sheepshead hands only
        s.ingest_file(make_file(2))
    r = CliRunner().invoke(app, ["race", "--db", str(db)])
    assert r.exit_code == 0 and "no stored Indiana hand" in r.output


def test_ledger_page_shows_the_games_and_games_won(race_db, monkeypatch):
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_DB", str(race_db))
    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "ledger.py"
    at = AppTest.from_file(str(page), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    games = next(d.value for d in at.dataframe if "ended" in d.value.columns)
    assert [tuple(r) for r in games[["game", "ended", "winners", "scores"]].itertuples(index=False)] == [
        (1, "reached 24", "Sam", "Sam 26, Nora 8, Wes 6, Eli 0"),
        (2, "won a best", "Nora", "Nora 24, Eli 0, Sam 0, Wes 0"),
        (3, "open", "", "Nora 2, Sam 2, Eli 0, Wes 0")]
    # the session's race points, all five hands (2+6+0+24+2 = 34 for Nora; Sam 2+6+18+0+2 = 28; Wes 6; Eli 0),
    # and the games won: Sam game 1, Nora game 2 (Wes 6 and Eli 0 won none; the sums span three games)
    race = next(d.value for d in at.dataframe if "race_points" in d.value.columns)
    assert dict(zip(race["player"], race["race_points"])) == {"Nora": 34, "Sam": 28, "Wes": 6, "Eli": 0}
    assert dict(zip(race["player"], race["games_won"])) == {"Nora": 1, "Sam": 1, "Eli": 0, "Wes": 0}
