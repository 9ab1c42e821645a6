"""Indiana four-handed (rules.md F-1 "southern-Indiana game", F-5): the trump
orders, the outcome tiers and race points, the worked hands of
tests/fixtures/profiles/in4.shn (amounts by hand), errors at line/column, the
store and the dashboard (race points never mixed with units), and a
hypothesis property over random legal hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dashboard import metrics as m
from ingest import store as sto
from ingest.shn.reader import read
from ingest.validate import validate_file, validate_text
from replay.cards import FULL_DECK, Card, Suit, cards_in, indiana_order, mask_of, points_of
from replay.errors import IllegalAction
from replay.indiana import Declare, IndianaState, InGame, InPhase, race_points, side_outcome

FIX = Path(__file__).parent / "fixtures" / "profiles" / "in4.shn"
TEXT = FIX.read_text(encoding="utf-8")
C = Card


def pos_of(text: str, line_start: str, token: str) -> tuple[int, int]:
    """1-based (line, column) of ``token`` on the first line starting with ``line_start``."""
    for i, line in enumerate(text.split("\n")):
        if line.startswith(line_start):
            return i + 1, line.index(token) + 1
    raise AssertionError(line_start)


def only_error(text: str):
    res = validate_text(text, "in4.shn")
    errs = [e for r in res.rejected for e in r.errors] + list(res.errors)
    assert len(errs) == 1, [str(e) for e in errs]
    return errs[0], res


# -- trump orders as data (rules.md F-1: jacks above queens, hearts trump) ----------


def test_indiana_order_jacks_above_queens_hearts_trump():
    o = indiana_order()
    assert [str(c) for c in o.trumps] == ["JC", "JS", "JH", "JD", "QC", "QS", "QH", "QD",
                                          "AH", "TH", "KH", "9H", "8H", "7H"]
    assert o.fail_suits == (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)
    # J♦ (lowest jack) beats Q♣ (highest queen); 7♥ beats A♣ on a club lead
    assert o.trick_winner(((0, C.CQ), (1, C.DJ)), o.suit_of[C.CQ]) == 1
    assert o.trick_winner(((0, C.CA), (1, C.H7)), o.suit_of[C.CA]) == 1
    # trump: 14 cards, 45 card points: jacks 4×2 + queens 4×3 + A♥ 11 + 10♥ 10 + K♥ 4 = 8+12+25 = 45
    assert points_of(o.trump_mask) == 45


def test_side_solo_orders_move_the_suit_and_hearts_become_fail():
    o = indiana_order(Suit.DIAMONDS)
    assert [str(c) for c in o.trumps][8:] == ["AD", "TD", "KD", "9D", "8D", "7D"]
    assert o.fail_suits == (Suit.CLUBS, Suit.SPADES, Suit.HEARTS)
    assert not o.is_trump(C.HA) and o.is_trump(C.HJ)  # the jack of hearts stays trump (a jack)
    assert [str(c) for c in indiana_order(Suit.CLUBS).trumps][8] == "AC"


# -- outcome tiers and race points (rules.md F-5; B-27..B-30 tiers) -------------------


@pytest.mark.parametrize(("pts", "tricks", "word"), [
    (120, 8, "win-z"),   # opponents took no trick: no-trick tier
    (120, 7, "win-s"),   # all points but a zero-point trick lost: schneider, not no-trick (B-30)
    (91, 5, "win-s"), (90, 5, "win"),      # the 90/91 line
    (61, 4, "win"), (60, 4, "lose"),       # 60-60 loses (B-27)
    (31, 2, "lose"), (30, 2, "lose-s"),    # the 30/31 line
    (0, 1, "lose-s"), (0, 0, "lose-z"),
])
def test_ace_call_tiers(pts, tricks, word):
    assert side_outcome(InGame.ACE, pts, tricks) == word


def test_solo_games_have_no_tiers():
    assert side_outcome(InGame.SIDESOLO, 120, 8) == "win"
    assert side_outcome(InGame.SIDESOLO, 61, 3) == "win"
    assert side_outcome(InGame.SIDESOLO, 60, 3) == "lose"
    assert side_outcome(InGame.SIDESOLO, 0, 0) == "lose"
    assert side_outcome(InGame.BEST, 61, 4) == "win" and side_outcome(InGame.BEST, 60, 4) == "lose"
    # billy: won when the declarer took no trick, whatever the card points
    assert side_outcome(InGame.BILLY, 0, 0) == "win" and side_outcome(InGame.BILLY, 0, 1) == "lose"


def test_race_points_as_f5_says():
    # ace call, declarer 0 with partner 2: the winning pair each gain 2 / 4 / 6
    assert race_points(InGame.ACE, "win", (0, 2)) == ((2, 0, 2, 0), False)
    assert race_points(InGame.ACE, "win-s", (0, 2)) == ((4, 0, 4, 0), False)
    assert race_points(InGame.ACE, "win-z", (0, 2)) == ((6, 0, 6, 0), False)
    # a lost ace call: the opponents are the winning pair (F-5 "or both opponents")
    assert race_points(InGame.ACE, "lose", (0, 2)) == ((0, 2, 0, 2), False)
    assert race_points(InGame.ACE, "lose-s", (1, 2)) == ((4, 0, 0, 4), False)
    assert race_points(InGame.ACE, "lose-z", (3, 0)) == ((0, 6, 6, 0), False)
    # side solo: won 18; lost, each opponent 6 (3 × 6 = 18 in all)
    assert race_points(InGame.SIDESOLO, "win", (1,)) == ((0, 18, 0, 0), False)
    assert race_points(InGame.SIDESOLO, "lose", (1,)) == ((6, 0, 6, 6), False)
    # best: won, the race target 24 and the game ends; lost, as a lost side solo
    assert race_points(InGame.BEST, "win", (3,)) == ((0, 0, 0, 24), True)
    assert race_points(InGame.BEST, "lose", (3,)) == ((6, 6, 6, 0), False)
    # billy: as a side solo
    assert race_points(InGame.BILLY, "win", (2,)) == ((0, 0, 18, 0), False)
    assert race_points(InGame.BILLY, "lose", (2,)) == ((6, 6, 0, 6), False)
    with pytest.raises(ValueError):
        race_points(InGame.SIDESOLO, "win-s", (1,))


# -- declarations refused by the engine ----------------------------------------------


def _deal() -> list[int]:
    cards = list(Card)
    return [mask_of(cards[i * 8:(i + 1) * 8]) for i in range(4)]  # seat 0: all clubs, 1 spades, 2 hearts, 3 diamonds


@pytest.mark.parametrize(("decl", "code"), [
    (Declare(1, InGame.ACE, C.HA), "E-IN-CALL"),     # A♥ is trump
    (Declare(0, InGame.ACE, C.CA), "E-IN-CALL"),     # seat 0 holds A♣
    (Declare(0, InGame.ACE, C.CK), "E-IN-CALL"),     # not an ace
    (Declare(0, InGame.SIDESOLO, None, Suit.HEARTS), "E-IN-SUIT"),
    (Declare(0, InGame.SIDESOLO), "E-IN-SUIT"),
    (Declare(0, InGame.BEST, None, Suit.CLUBS), "E-IN-SUIT"),
    (Declare(0, InGame.BILLY, C.SA), "E-IN-CALL"),
])
def test_bad_declarations(decl, code):
    s = IndianaState(3, _deal())
    with pytest.raises(IllegalAction) as exc:
        s.declare(decl)
    assert exc.value.code == code and s.phase is InPhase.DECLARE


def test_ace_call_partner_is_the_holder():
    s = IndianaState(3, _deal())
    s.declare(Declare(0, InGame.ACE, C.DA))
    assert s.partner == 3 and s.side == (0, 3)


# -- the worked hands (tests/fixtures/profiles/in4.shn) ----------------------------


def test_in4_worked_hands_by_hand():
    res = validate_text(TEXT, str(FIX))
    assert not res.rejected and len(res.hands) == 3
    h1, h2, h3 = (v.outcome for v in res.hands)
    # Hand 1: W deals, N leads; N calls A♣, which S holds: N+S against E+W, hearts trump.
    # Tricks (card points A 11, T 10, K 4, Q 3, J 2):
    #  t1 KS AS 8S 8D  -> E (A♠)            4+11+0+0 = 15
    #  t2 TS TC QS JD  -> N (J♦ over Q♠)   10+10+3+2 = 25
    #  t3 KC 8C AC JH  -> W (J♥ trumps)     4+0+11+2 = 17
    #  t4 8H KH QH QC  -> S (Q♣)            0+4+3+3  = 10
    #  t5 7C 7H JS 9H  -> N (J♠)            0+0+2+0  = 2
    #  t6 AD 9S 7D KD  -> N (A♦)            11+0+0+4 = 15
    #  t7 JC TH 9D AH  -> N (J♣)            2+10+0+11 = 23
    #  t8 QD 7S 9C TD  -> N (Q♦)            3+0+0+10 = 13
    # N+S: 25+10+2+15+23+13 = 88 in 6 tricks; E+W 15+17 = 32; 88+32 = 120.
    # 61 <= 88 <= 90: a plain win; N and S gain 2 each (F-5).
    assert (h1.game, h1.game_type, h1.picker, h1.partner, h1.call) == ("indiana", "ace", "N", "S", "AC")
    assert (h1.picker_points, h1.picker_tricks, h1.outcome) == (88, 6, "win")
    assert h1.units == {"N": 2, "E": 0, "S": 2, "W": 0}
    # Hand 2: N deals, E leads; E side solo in diamonds (J, Q, then ♦ A 10 K 9 8 7; hearts fail).
    #  t1 7H KH AH 7C -> W (A♥, hearts fail)  0+4+11+0 = 15
    #  t2 AD 9D QD 8D -> E (Q♦ over A♦)       11+0+3+0 = 14
    #  t3 TH JC JD AC -> S (J♣)               10+2+2+11 = 25
    #  t4 8C TC 9C KC -> W (10♣)               0+10+0+4 = 14
    #  t5 7S KS 8S TS -> S (10♠)               0+4+0+10 = 14
    #  t6 QS 7D QC KD -> N (Q♣)                3+0+3+4 = 10
    #  t7 JH 9H JS 9S -> S (J♠)                2+0+2+0 = 4
    #  t8 TD AS QH 8H -> N (Q♥)                10+11+3+0 = 24
    # E: 14 in 1 trick; the others 15+25+14+14+10+4+24 = 106; 14+106 = 120.  14 < 61: lost;
    # each opponent gains 6, no schneider adjustment (F-5).
    assert (h2.game_type, h2.picker, h2.partner, h2.alone) == ("sidesolo", "E", None, True)
    assert (h2.picker_points, h2.picker_tricks, h2.outcome) == (14, 1, "lose")
    assert h2.units == {"N": 6, "E": 0, "S": 6, "W": 6}
    # Hand 3: E deals, S leads; S plays billy (hearts trump) and takes no trick:
    # tricks to N, E, N, W, W, W, E, W: 14+14+10+15+2+10+21+34 = 120, S 0 -> won, S gains 18.
    assert (h3.game_type, h3.picker, h3.picker_points, h3.picker_tricks, h3.outcome) == ("billy", "S", 0, 0, "win")
    assert h3.units == {"N": 0, "E": 0, "S": 18, "W": 0}
    # over the three hands: N 2+6 = 8, E 0, S 2+6+18 = 26 (past 24), W 6
    total = {a: h1.units[a] + h2.units[a] + h3.units[a] for a in "NESW"}
    assert total == {"N": 8, "E": 0, "S": 26, "W": 6}


# -- errors at line and column --------------------------------------------------------


def test_wrong_score_at_its_column():
    bad = TEXT.replace("score N +2 E 0 S +2 W 0", "score N +2 E 0 S +4 W 0")
    err, res = only_error(bad)
    assert err.code == "E-SCORE" and (err.line, err.col) == pos_of(bad, "score N +2", "+4")
    assert (err.found, err.expected) == ("+4", "+2")
    assert [v.outcome.hand for v in res.hands] == [2, 3]


def test_zero_sum_score_is_not_asked():
    # a zero-sum score (what the Sheepshead ledger would want) is wrong here: race points are gained
    bad = TEXT.replace("score N +2 E 0 S +2 W 0", "score N +2 E -2 S +2 W -2")
    err, _ = only_error(bad)
    assert err.code == "E-SCORE" and (err.line, err.col) == pos_of(bad, "score N +2", "-2")


def test_wrong_points_and_outcome():
    bad = TEXT.replace("partner S  pts 88  tricks 6  win", "partner S  pts 89  tricks 6  win")
    err, _ = only_error(bad)
    assert err.code == "E-PTS" and (err.line, err.col) == pos_of(bad, "partner S", "89")
    assert (err.found, err.expected) == ("89", "88")
    bad = TEXT.replace("pts 14  tricks 1  lose", "pts 14  tricks 1  lose-s")
    err, _ = only_error(bad)
    assert err.code == "E-OUTCOME" and (err.found, err.expected) == ("lose-s", "lose")  # no tiers in a side solo
    bad = TEXT.replace("partner S  pts", "partner E  pts")
    err, _ = only_error(bad)
    assert err.code == "E-PARTNER" and (err.found, err.expected) == ("E", "S")


def test_renege_at_the_card():
    # t1: N leads K♠ and S holds 8♠, so S must follow spades; 7♣ there is a renege (S's 8♠ moves to t5).
    bad = TEXT.replace("t1 N: KS AS 8S 8D", "t1 N: KS AS 7C 8D").replace("t5 S: 7C 7H JS 9H", "t5 S: 8S 7H JS 9H")
    err, _ = only_error(bad)
    assert err.code == "E-RENEGE" and (err.line, err.col) == pos_of(bad, "t1 N:", "7C")
    assert (err.trick, err.found) == (1, "7C")


@pytest.mark.parametrize(("old", "new", "code", "token"), [
    ("game N ace AC", "game N ace AH", "E-IN-CALL", "AH"),           # A♥ is trump
    ("game N ace AC", "game N ace AD", "E-IN-CALL", "AD"),           # N holds A♦
    ("game E sidesolo diamonds", "game E sidesolo hearts", "E-IN-SUIT", "hearts"),
    ("game N ace AC", "game N sauspiel AC", "E-GAME", "sauspiel"),  # a Schafkopf game
])
def test_declaration_errors_at_their_column(old, new, code, token):
    bad = TEXT.replace(old, new)
    err, _ = only_error(bad)
    assert err.code == code and (err.line, err.col) == pos_of(bad, new[:6], token)


def test_reader_error_for_an_unknown_declaration():
    bad = TEXT.replace("game S billy", "game S bully")
    f = read(bad)
    errs = [e for h in f.hands for e in h.errors]
    assert [e.code for e in errs] == ["E-GAME"] and (errs[0].line, errs[0].col) == pos_of(bad, "game S", "bully")
    assert "ace best sidesolo billy" in errs[0].message


def test_rules_flags_and_other_games_statements():
    bad = TEXT.replace("game E sidesolo diamonds", "game E sidesolo diamonds\ncrack S")
    res = validate_text(bad, "x.shn")
    codes = [e.code for r in res.rejected for e in r.errors]
    assert codes == ["E-IN-STATEMENT"]
    # an Indiana declaration under a Schafkopf profile
    sk = TEXT.replace('[Rules "in4"]', '[Rules "schafkopf"]')
    res = validate_text(sk, "x.shn")
    assert {e.code for r in res.rejected for e in r.errors} == {"E-GAME"}


def test_rules_flags_rejected_for_every_hand():
    res = validate_text(TEXT.replace('[Rules "in4"]', '[Rules "in4; doubleOnBump=off"]'), "x.shn")
    assert not res.hands and [e.code for r in res.rejected for e in r.errors] == ["E-RULES-FLAG"] * 3


# -- the store and the dashboard: race points apart from units -----------------------


def test_stored_as_indiana_and_kept_out_of_the_ledger(db):
    with sto.Store(db) as s:  # the metrics fixture's Sheepshead hands (19 stored, 1 rejected), then in4.shn
        s.ingest_file(validate_file(Path(__file__).parent / "fixtures" / "metrics.shn"))
        rep = s.ingest_file(validate_text(TEXT, str(FIX)))
    assert rep.stored == 3 and not rep.rejected
    with sto.reading(db) as con:
        games = con.execute("SELECT game, game_type, picker FROM hands WHERE game = 'indiana' ORDER BY hand").fetchall()
        assert games == [("indiana", "ace", "N"), ("indiana", "sidesolo", "E"), ("indiana", "billy", "S")]
        everyone = m.Filters()
        lb = m.leaderboard(con, everyone)
        assert not set(lb["player"]) & {"Nora", "Eli", "Sam", "Wes"}   # no race points among the units
        assert lb["units"].sum() == 0                                   # the ledger stays zero-sum
        ses = m.ledger_by_session(con, everyone)
        assert not set(ses["player"]) & {"Nora", "Eli", "Sam", "Wes"}
        dq = m.data_quality(con, everyone).to_dicts()[0]
        # the metrics fixture: 19 hands (15 picked); plus the 3 Indiana hands, none of them "picked"
        assert (dq["hands"], dq["picked"], dq["indiana"], dq["other"]) == (22, 15, 3, 0)
        race = {r["player"]: (r["hands"], r["race_points"], r["reached"]) for r in m.indiana_race(con, everyone).to_dicts()}
        # Sam 2+6+18 = 26 >= 24; Nora 2+6 = 8; Wes 6; Eli 0
        assert race == {"Sam": (3, 26, True), "Nora": (3, 8, False), "Wes": (3, 6, False), "Eli": (3, 0, False)}
        assert m.indiana_race(con, m.Filters(game="sheepshead")).is_empty()
        # the Sheepshead metrics never see the Indiana hands
        assert m.picking_summary(con, everyone).to_dicts() == m.picking_summary(
            con, m.Filters(game="sheepshead")).to_dicts()
        assert m.outcome_tiers(con, everyone).to_dicts() == m.outcome_tiers(con, m.Filters(game="sheepshead")).to_dicts()


# -- property: random legal Indiana hands ---------------------------------------------


def _random_hand(seed: int, game: InGame):
    r = random.Random(seed)
    cards = list(Card)
    r.shuffle(cards)
    hands = [mask_of(cards[i * 8:(i + 1) * 8]) for i in range(4)]
    dealer, decl = r.randrange(4), r.randrange(4)
    called = suit = None
    if game is InGame.ACE:
        options = [a for a in (C.CA, C.SA, C.DA) if not hands[decl] >> a & 1]
        if not options:
            return None
        called = r.choice(options)
    elif game is InGame.SIDESOLO:
        suit = r.choice((Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS))
    s = IndianaState(dealer, hands)
    s.declare(Declare(decl, game, called, suit))
    while s.phase is not InPhase.DONE:
        seat = s.to_act
        s.play(seat, r.choice(list(cards_in(s.legal_mask(seat)))))
    return s


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(InGame)))
def test_random_legal_hands(seed, game):
    s = _random_hand(seed, game)
    if s is None:
        return
    # card conservation: the tricks take each card exactly once, 4 per trick
    seen = 0
    for _lead, cards, w in s.tricks:
        assert len(cards) == 4 and w in {seat for seat, _ in cards}
        for _, c in cards:
            assert not seen >> c & 1
            seen |= 1 << c
    assert seen == FULL_DECK and sum(s.taken) == FULL_DECK and all(h == 0 for h in s.hands)
    assert sum(points_of(t) for t in s.taken) == 120 and sum(s.ntaken) == 8  # rules.md A-6
    res = s.result()
    opp = tuple(x for x in range(4) if x not in res.side)
    # F-5: only the winners gain, never negative
    winners = res.side if res.outcome.startswith("win") else opp
    assert all(res.race[x] == 0 for x in range(4) if x not in winners)
    gains = {res.race[x] for x in winners}
    if game is InGame.ACE:
        tier = {"": 2, "-s": 4, "-z": 6}[res.outcome[3:] if res.outcome.startswith("win") else res.outcome[4:]]
        assert len(res.side) == 2 and gains == {tier}
        assert (res.side_points >= 61) == res.outcome.startswith("win")
    elif game is InGame.BILLY:
        assert (res.side_tricks == 0) == (res.outcome == "win")
        assert gains == ({18} if res.outcome == "win" else {6})
    else:
        assert (res.side_points >= 61) == (res.outcome == "win")
        won = {InGame.BEST: 24, InGame.SIDESOLO: 18}[game]
        assert gains == ({won} if res.outcome == "win" else {6})
        assert res.ends_game == (game is InGame.BEST and res.outcome == "win")


def test_cli_ingest_replay_and_rederive(db):
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    r = CliRunner()
    res = r.invoke(app, ["ingest", str(FIX), "--db", str(db)])
    assert res.exit_code == 0 and "3 stored" in res.stdout + res.stderr
    res = r.invoke(app, ["replay", "3", "--db", str(db)])
    assert res.exit_code == 0
    # hand 3 (billy): S took no trick; race points S +18, shown as race points, not units
    assert "Race:    N +0   E +0   S +18   W +0" in res.stdout and "Units:" not in res.stdout
    res = r.invoke(app, ["rederive", "--db", str(db)])
    assert res.exit_code == 0 and "0 changed" in res.stdout + res.stderr


@pytest.mark.parametrize("mixed", [False, True])
def test_ledger_and_overview_pages(db, monkeypatch, mixed):
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    pages = Path(__file__).resolve().parents[1] / "dashboard" / "pages"
    with sto.Store(db) as s:
        if mixed:
            s.ingest_file(validate_file(Path(__file__).parent / "fixtures" / "metrics.shn"))
        s.ingest_file(validate_text(TEXT, str(FIX)))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(pages / "ledger.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Indiana race points" in [h.value for h in at.subheader]
    race = next(d.value for d in at.dataframe if "race_points" in d.value.columns)
    assert dict(zip(race["player"], race["race_points"])) == {"Sam": 26, "Nora": 8, "Wes": 6, "Eli": 0}
    # each row lists that player's Indiana hands of the session (drill-down, issue 13)
    assert all(u.startswith("/hands?") and "game=indiana" in u and "session=" in u for u in race["list"])
    from urllib.parse import parse_qs, urlsplit  # noqa: PLC0415

    from dashboard import hand_list as hl  # noqa: PLC0415

    with sto.reading(db) as con:  # the link lists exactly the hands the row counts
        for url, hands in zip(race["list"], race["hands"]):
            f, q, _ = hl.from_params(parse_qs(urlsplit(url).query))
            assert hl.hand_count(con, f, q) == hands, url
    if mixed:  # the leaderboard: Sheepshead players only
        lb = at.dataframe[0].value
        assert "Sam" not in set(lb["player"]) and lb["units"].sum() == 0
    at = AppTest.from_file(str(pages / "overview.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def test_replay_page_steps_through_the_stored_card_log(db, monkeypatch):
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    with sto.Store(db) as s:
        s.ingest_file(validate_text(TEXT, str(FIX)))
    with sto.reading(db) as con:
        hid = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()[0]
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "replay_hand.py"),
                           default_timeout=60)
    at.query_params["hand"] = str(hid)
    at.query_params["step"] = "32"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error
    md = "\n".join(m.value for m in at.markdown)
    # hand 1 after its last card: N+S 88 card points (E+W 32), race points N +2, S +2
    assert "88" in md and "defenders 32" in md and "**Race points** N +2 · E +0 · S +2 · W +0" in md


def _as_shn(s: IndianaState, suit: Suit | None) -> str:
    """The finished hand ``s`` as SHN, results left for the validator to derive."""
    a = ["N", "E", "S", "W"]
    lines = ["%SHN 1.0", '[Event "prop"]', '[Date "2025.11.06"]', '[Seats "N=Nora; E=Eli; S=Sam; W=Wes"]',
             '[Rules "in4"]', "", f"hand 1  dealer {a[s.dealer]}"]
    lines += [f"deal {a[i]} " + " ".join(str(c) for c in cards_in(s.dealt[i])) for i in range(4)]
    arg = {InGame.ACE: f" {s.called}", InGame.SIDESOLO: f" {suit.name.lower() if suit is not None else ''}"}
    lines.append(f"game {a[s.declarer]} {s.game.value}{arg.get(s.game, '')}")
    lines += [f"t{k + 1} {a[lead]}: " + " ".join(str(c) for _, c in cards) for k, (lead, cards, _w) in enumerate(s.tricks)]
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(InGame)))
def test_random_legal_hands_through_shn(seed, game):
    s = _random_hand(seed, game)
    if s is None:
        return
    suit = s.order.trumps[8].suit if game is InGame.SIDESOLO else None
    res = validate_text(_as_shn(s, suit), "prop.shn")
    assert not res.rejected and len(res.hands) == 1
    o, want = res.hands[0].outcome, s.result()
    assert o.game == "indiana" and o.units == dict(zip("NESW", want.race))
    assert (o.picker_points, o.picker_tricks, o.outcome) == (want.side_points, want.side_tricks, want.outcome)
    # the card log keeps all 32 cards once
    assert sorted(p.card for p in res.hands[0].cardlog.plays) == sorted(str(c) for c in Card)
