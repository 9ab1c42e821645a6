"""The records the reader makes cheaply (issue 17): a played card is a
:class:`replay.facts.ReadPlay` (its position kept as two ints until asked
for) and the card positions of a ``deal``/``blind``/``bury`` line are a
:class:`replay.facts.PosRow`.  They must be the PlayRec and the list of Pos
they stand for in every respect the writer, the judge and the tests use:
values, equality either way round, notes set after the card, pickling."""

from __future__ import annotations

import copy
import pickle

from ingest.shn.reader import read
from ingest.shn.writer import write
from replay.cards import Card
from replay.facts import PlayRec, Pos, PosRow, ReadPlay, facts

# line 1 %SHN, 2 Seats, 3 blank, 4 hand, 5 deal, 6 blind, 7 trick, 8 a note on the next line
TEXT = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed"]

hand 1 dealer Ed
deal Al  QS JD 9C 7S TH 8H
blind AS  7H
t1 Al: 9C ^RTD! 8C  7C TC
{the last card}
"""


def _hand():
    f = read(TEXT)
    assert f.errors == [] and f.hands[0].errors == []
    return f.hands[0]


def test_played_cards_are_playrecs_with_exact_positions():
    t = _hand().tricks[0]
    # "t1 Al: 9C ^RTD! 8C  7C TC": t1 at 1-2, "Al:" at 4-6, 9C at 8, ^RTD! at 11 (five characters),
    # 8C at 17, two blanks, 7C at 21, TC at 24
    assert [(p.pos.line, p.pos.col) for p in t.plays] == [(7, 8), (7, 11), (7, 17), (7, 21), (7, 24)]
    assert all(isinstance(p, PlayRec) for p in t.plays)
    assert type(t.plays[0]) is ReadPlay  # a plain card: the cheap record
    assert (t.plays[1].renege, t.plays[1].suffix, t.plays[1].card) == (True, "!", Card.DT)
    assert (t.pos.line, t.pos.col, t.leader_pos.col) == (7, 1, 4)


def test_read_play_equals_the_playrec_either_way_round():
    p = _hand().tricks[0].plays[0]
    same = PlayRec(Card.C9, Pos(7, 8))
    assert p == same and same == p
    assert p != PlayRec(Card.C9, Pos(7, 9)) and PlayRec(Card.C9, Pos(7, 9)) != p
    assert p != PlayRec(Card.C9, Pos(7, 8), renege=True)
    # 9C: clubs (suit 0) x 8 + rank 9 (index 5) = 5
    assert repr(p) == repr(same) == "PlayRec(card=<Card.C9: 5>, pos=Pos(line=7, col=8), renege=False, suffix='', note=None)"
    assert p.pos is p.pos  # made once, then kept: a change to it stays
    p.pos.col = 30
    assert p.pos == Pos(7, 30)
    p.pos = Pos(1, 1)
    assert p.pos == Pos(1, 1)


def test_a_note_on_the_next_line_attaches_to_the_last_read_play():
    t = _hand().tricks[0]
    assert t.plays[-1].note == "the last card" and t.plays[-1] == PlayRec(Card.CT, Pos(7, 24), note="the last card")
    assert [p.note for p in t.plays[:-1]] == [None] * 4


def test_read_play_pickles_and_copies_with_its_position():
    t = _hand().tricks[0]
    fresh = _hand().tricks[0].plays  # positions not yet asked for
    for p in (pickle.loads(pickle.dumps(fresh[2])), copy.deepcopy(fresh[3]), copy.copy(fresh[4])):
        assert isinstance(p, PlayRec)
    assert pickle.loads(pickle.dumps(fresh[2])) == PlayRec(Card.C8, Pos(7, 17))
    assert copy.deepcopy(fresh[3]) == PlayRec(Card.C7, Pos(7, 21))
    assert pickle.loads(pickle.dumps(t)) == t


def test_card_positions_are_a_posrow_equal_to_the_list():
    h = _hand()
    d = h.deals[0]
    # "deal Al  QS JD 9C 7S TH 8H": deal 1-4, Al 6-7, two blanks, QS at 10, then every 3 columns
    want = [Pos(5, c) for c in (10, 13, 16, 19, 22, 25)]
    assert isinstance(d.card_pos, PosRow)
    assert len(d.card_pos) == 6 and d.card_pos[2] == Pos(5, 16) and d.card_pos[-1] == Pos(5, 25)
    assert d.card_pos[1:3] == want[1:3]
    assert list(d.card_pos) == want and d.card_pos == want and want == d.card_pos
    assert d.card_pos != want[:5] and d.card_pos != [Pos(5, 11)] + want[1:]
    assert repr(d.card_pos) == repr(want)
    # "blind AS  7H": AS at 7, two blanks, 7H at 11
    assert h.blind.card_pos == [Pos(6, 7), Pos(6, 11)]
    assert PosRow(6, [7, 11]) == h.blind.card_pos and PosRow(6, [7, 12]) != h.blind.card_pos
    assert pickle.loads(pickle.dumps(h.blind)) == h.blind


def test_facts_and_the_round_trip_ignore_how_a_record_is_held():
    h = _hand()
    again = read("%SHN 1.0\n" + write(read(TEXT)).split("\n", 1)[1]).hands[0]
    assert facts(again) == facts(h)
    assert facts(h.tricks[0].plays[1]) == {"card": "TD", "renege": True, "suffix": "!", "note": None}
