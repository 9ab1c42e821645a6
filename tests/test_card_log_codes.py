"""The card log as the judge keeps it (issue 17): a
:class:`~replay.outcome.ReplayedCardLog` holds the engine's seats and cards,
makes its SHN spellings and :class:`PlayRow` objects only when read, and
``ingest.store.card_log_row`` stores it from the integers directly.

The expected rows are worked out by hand from the fixture hands (card code
``suit * 8 + rank``, suits C S H D, ranks A T K Q J 9 8 7: QS = 8 + 3 = 11),
and the integer path is checked against the spelling path (a plain
:class:`CardLog` of the same fields) on generated hands of every profile.
"""

from __future__ import annotations

import pickle
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from ingest import fastpath
from ingest.store import card_log_row
from ingest.validate import validate_text
from replay.outcome import CardLog, PlayRow, ReplayedCardLog

FIXTURES = Path(__file__).parent / "fixtures" / "profiles"


def judged(name: str) -> dict:
    r = validate_text((FIXTURES / name).read_text(), name)
    assert not r.rejected
    return {h.outcome.hand: h for h in r.hands}


def plain(log: CardLog) -> CardLog:
    return CardLog(deal=dict(log.deal), blind=list(log.blind), bury=list(log.bury), plays=list(log.plays))


def test_a_renege_hand_worked_by_hand():
    h = judged("wi5-called-ace_renegePenalty-offenderPaysEach.shn")[1]
    log = h.cardlog
    assert type(log) is ReplayedCardLog
    seats = list(h.outcome.players)
    assert seats == ["Al", "Bea", "Cy", "Di", "Ed"]
    row = card_log_row(log, seats, h.outcome.call)
    # deal Al QS JD 9C 7S TH 8H: 11 28 5 15 17 22; blind AS 7H: 8 23; bury AS KC: 8 2; call AH: 16
    assert row[0] == [0, 1, 2, 3, 4] and row[1] == [6] * 5
    assert row[2][:6] == [11, 28, 5, 15, 17, 22]
    assert row[3:6] == ([8, 23], [8, 2], [16])
    # t1 Al: 9C TD ^RKH 7C TC -> 5 25 18 7 1; TD the only trump: Bea
    assert row[6][:5] == [5, 25, 18, 7, 1]
    assert row[7] == [1, 2, 3, 4, 5, 6] and row[8] == [5] * 6
    # leaders Al Bea Bea Di Al Cy; winners Bea (TD), Bea (QC), Di (AH), Al (QS), Cy (JH), Cy (AC)
    assert row[9] == [0, 1, 1, 3, 0, 2]
    assert row[10] == [1, 1, 3, 0, 2, 2]
    assert row[11] == [2]  # the ^R on the third card of the log
    assert row[12] is None  # every trick played clockwise from its leader
    assert log.plays[:5] == [PlayRow(1, 0, "Al", "9C"), PlayRow(1, 1, "Bea", "TD", winner=True),
                             PlayRow(1, 2, "Cy", "KH", renege=True), PlayRow(1, 3, "Di", "7C"),
                             PlayRow(1, 4, "Ed", "TC")]
    assert log.deal["Al"] == ["QS", "JD", "9C", "7S", "TH", "8H"]
    assert log.blind == ["AS", "7H"] and log.bury == ["AS", "KC"]
    assert log == plain(log) and plain(log) == log
    assert card_log_row(plain(log), seats, h.outcome.call) == row


def test_a_battery_trick_marks_the_winning_card_not_the_seat():
    h = judged("wi2-battery.shn")[1]
    log = h.cardlog
    # t2 Bea: JD TD 7D QC -> Al wins with his second card, QC (rules.md B-19)
    t2 = [p for p in log.plays if p.trick == 2]
    assert [(p.seat, p.card, p.winner) for p in t2] == [("Bea", "JD", False), ("Al", "TD", False),
                                                        ("Bea", "7D", False), ("Al", "QC", True)]
    row = card_log_row(log, list(h.outcome.players), h.outcome.call)
    assert row[8] == [4] * 8 and row[10][1] == 0  # Al (seat 0) won t2
    assert row[12] is None  # t1 Bea: Bea Al Bea Al, clockwise from the leader around two seats
    assert card_log_row(plain(log), list(h.outcome.players), h.outcome.call) == row


def test_a_log_cut_short_by_an_unknown_card():
    text = (FIXTURES / "wi5-called-ace_renegePenalty-offenderPaysEach.shn").read_text()
    text = text.replace("t3 Bea: 7H 8C AH 9H 8H", "t3 Bea: 7H 8C ?? 9H 8H")
    text = text.replace("score Al +1 Bea +1 Cy -4 Di +1 Ed +1\n", "", 1)  # the renege's settlement is not replayed
    r = validate_text(text, "cut.shn")
    h = next(x for x in r.hands if x.outcome.hand == 1)
    log = h.cardlog
    row = card_log_row(log, list(h.outcome.players), h.outcome.call)
    # t1, t2 and the two cards of t3 before the ??: 12 cards; t3 has no winner (255)
    assert row[7] == [1, 2, 3] and row[8] == [5, 5, 2] and row[10] == [1, 1, 255]
    assert [(p.trick, p.order, p.seat, p.card, p.winner) for p in log.plays[10:]] == [
        (3, 0, "Bea", "7H", False), (3, 1, "Cy", "8C", False)]
    assert card_log_row(plain(log), list(h.outcome.players), h.outcome.call) == row


def test_it_pickles_and_reads_back_the_same():
    log = judged("wi5-called-ace_renegePenalty-offenderPaysEach.shn")[1].cardlog
    back = pickle.loads(pickle.dumps(log))
    assert back == log and back.plays == log.plays


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(1, 10 ** 6))
def test_the_integer_row_is_the_spelling_row_under_every_profile(seed):
    seen = 0
    for name, text in fastpath.profile_texts(70, seed=seed, per_file=2):  # two hands of each profile
        for h in validate_text(text, name).hands:
            if h.cardlog is None:
                continue
            seats = list(h.outcome.players)
            assert card_log_row(h.cardlog, seats, h.outcome.call) == card_log_row(plain(h.cardlog), seats,
                                                                                 h.outcome.call)
            seen += 1
    assert seen


def test_unknown_cards_and_sixes_get_their_codes():
    # ?? is code 32, the 6♣ and 6♠ (engine cards 32, 33) are 33 and 34; QC is 3, 7D is 31
    from replay.cards import C6, S6, Card
    log = ReplayedCardLog(["Al", "Bea", "Cy", "Di"], {"Al": [Card.CQ, None, C6], "Bea": [S6, Card.D7]}, [None, None],
                          (), [], None)
    row = card_log_row(log, ["Al", "Bea", "Cy", "Di"], None)
    assert row[:6] == ([0, 1], [3, 2], [3, 32, 33, 34, 31], [32, 32], [], [])
    assert log.deal == {"Al": ["QC", None, "6C"], "Bea": ["6S", "7D"]} and log.plays == []
