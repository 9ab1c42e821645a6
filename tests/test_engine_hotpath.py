"""The engine's hot path (issue 17) against the rules it restates: the next
seat as one table index (:func:`replay.state.successors`), the trick winner
computed inside ``GameState._end_trick``, and the picker side's points and
tricks (``side_points``, ``side_tricks``) summed over the side's seats only.
Hand-worked examples cite rules.md; the properties compare the engine with
the rules' own definitions on random legal hands."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.cards import Card, points_of
from replay.generator import random_hand
from replay.profile import parse_rules
from replay.state import GameState, next_seat, successors

C = Card

# rules.md A-2: trump high to low; A-3: each fail suit A 10 K 9 8 7
A2_TRUMP = (C.CQ, C.SQ, C.HQ, C.DQ, C.CJ, C.SJ, C.HJ, C.DJ, C.DA, C.DT, C.DK, C.D9, C.D8, C.D7)
A3_FAIL_RANKS = (0, 1, 2, 5, 6, 7)  # A, 10, K, 9, 8, 7 as rank indices (Card = suit * 8 + rank)


def rule_winner(cards, under=None, called=None) -> int:
    """rules.md B-19 read literally: the highest trump played (A-2); if no
    trump, the highest card (A-3) of the suit led; the unknown card never
    wins (B-11a) and leads as the called suit (B-11c)."""
    trumps = [(A2_TRUMP.index(c), s) for s, c in cards if c in A2_TRUMP and c != under]
    if trumps:
        return min(trumps)[1]
    led = cards[0][1]
    led_suit = called >> 3 if led == under else led >> 3
    fails = [(A3_FAIL_RANKS.index(c & 7), s) for s, c in cards
             if c not in A2_TRUMP and c >> 3 == led_suit and c != under]
    return min(fails)[1] if fails else cards[0][0]


def test_successors_five_and_six_handed():
    # five seats, nobody out: 0 -> 1 -> 2 -> 3 -> 4 -> 0 (rules.md B-17, clockwise)
    assert successors(5, None) == (1, 2, 3, 4, 0)
    # six at the table, dealer 2 sits out (rules.md F-1 sitOut): 1 skips 2 to 3;
    # the dealer's own successor is 3 as well; 5 wraps to 0
    assert successors(6, 2) == (1, 3, 3, 4, 5, 0)
    # dealer 5 sits out: 4 wraps past 5 to 0
    assert successors(6, 5) == (1, 2, 3, 4, 0, 0)
    assert successors(6, 5) is successors(6, 5)  # made once per table


@given(st.integers(2, 8), st.data())
def test_successors_equal_next_seat(n, data):
    sitting = data.draw(st.one_of(st.none(), st.integers(0, n - 1)))
    t = successors(n, sitting)
    assert len(t) == n
    assert all(t[s] == next_seat(n, sitting, s) for s in range(n))


def _trick(g: GameState, leader: int, cards) -> None:
    """Play one trick of ``cards`` from ``leader`` on (each seat holds its card)."""
    s = leader
    for c in cards:
        g.play(s, c)
        s = g.next_seat(s)


def _fresh(hands_cards, blind=(C.C7, C.S7)) -> GameState:
    prof = parse_rules("wi5-called-ace")
    hands = [sum(1 << c for c in h) for h in hands_cards]
    g = GameState(prof, 4, hands, sum(1 << c for c in blind), complete=False, hands_known=False)
    g.phase = type(g.phase).PLAY  # start at the play: no picker (a leaster's trick)
    g.to_act = g.leader = 0
    g.leaster = True
    return g


def test_trick_winner_hand_worked():
    # rules.md B-19 with A-2: seat 0 leads A♣, 10♣, K♣, the 7♦ (the lowest trump,
    # but a trump), 9♣: the 7♦ of seat 3 wins; the trick's points 11+10+4+0+0 = 25
    g = _fresh([[C.CA], [C.CT], [C.CK], [C.D7], [C.C9]])
    _trick(g, 0, [C.CA, C.CT, C.CK, C.D7, C.C9])
    assert g.tricks[-1][2] == 3 and g.leader == 3 and g.to_act == 3
    assert points_of(g.taken[3]) == 25 and g.ntaken == [0, 0, 0, 1, 0]
    # no trump, so the highest spade wins; the A♣ thrown off cannot:
    # 9♠ led by seat 0, A♣, K♠, 10♠, 8♠: 10♠ (A-3: A 10 K 9 8 7, no A♠ here) of seat 3
    g = _fresh([[C.S9], [C.CA], [C.SK], [C.ST], [C.S8]])
    _trick(g, 0, [C.S9, C.CA, C.SK, C.ST, C.S8])
    assert g.tricks[-1][2] == 3
    # A-2 among trump: Q♦ led, J♣, Q♠, A♦, 7♥: the Q♠ (second trump) of seat 2
    g = _fresh([[C.DQ], [C.CJ], [C.SQ], [C.DA], [C.H7]])
    _trick(g, 0, [C.DQ, C.CJ, C.SQ, C.DA, C.H7])
    assert g.tricks[-1][2] == 2


hands = st.builds(
    lambda seed, rules, dealer: random_hand(random.Random(seed), parse_rules(rules), dealer % parse_rules(rules).players),
    st.integers(0, 2**32),
    st.sampled_from(["wi5-called-ace", "wi5-jack-of-diamonds", "wi4-called-ace", "wi3", "wi6-sit-out",
                     "wi5-called-ace; noPick=moster", "wi6-jd-ace"]),
    st.integers(0, 6),
)


@settings(max_examples=200, deadline=None)
@given(hands)
def test_every_trick_won_as_b19_says(h):
    """Standard trump order (A-2) without a called ten that beats its ace:
    the winner the engine records is the one rules.md B-19 names."""
    g = h.state
    for leader, cards, winner in g.tricks:
        assert cards[0][0] == leader
        assert winner == rule_winner(cards, g.under, g.called), (cards, winner)


@settings(max_examples=200, deadline=None)
@given(hands)
def test_side_points_and_tricks_over_the_side_seats(h):
    """``side_points`` / ``side_tricks`` equal the sums over the seats that
    ``side_of`` puts on the picker's side, bury included (rules.md B-24)."""
    g = h.state
    if g.picker is None:
        return
    side = [s for s in range(g.n) if g.side_of(s)]
    assert g.side_tricks() == sum(g.ntaken[s] for s in side)
    assert g.side_points() == sum(points_of(g.taken[s]) for s in side) + points_of(g.bury)
    # card conservation: both sides' points and the bury make the deck's 120 (A-6)
    others = sum(points_of(g.taken[s]) for s in range(g.n) if s not in side)
    assert g.side_points() + others == 120


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(__import__("replay.profile", fromlist=["NAMED_PROFILES"]).NAMED_PROFILES)),
       st.integers(0, 7))
def test_every_trick_won_as_the_trump_order_says(seed, name, dealer):
    """Under every named profile (every trump order, the 34-card deck, the
    battery games' four-card tricks), each trick's recorded winner is the
    seat :meth:`TrumpOrder.trick_winner` names (rules.md B-19), unless an
    unknown card or a called ten that beats its ace is in play (the state's
    own ``trick_winner`` then)."""
    prof = parse_rules(name)
    g = random_hand(random.Random(seed), prof, dealer % prof.players).state
    o = prof.trumps
    for leader, cards, winner in g.tricks:
        if g.under is None and not g._ten_up:
            assert winner == o.trick_winner(cards, o.suit_of[cards[0][1]]), (cards, winner)
        else:
            assert winner == g.trick_winner(cards)


def test_strongest_hand_worked():
    from replay.state import _strongest

    s = parse_rules("wi5-called-ace").trumps.strength
    # rules.md A-2: Q♣ over J♦ over A♦ over 7♦; A-3: A♠ over 10♠ over 9♠
    assert _strongest(C.DJ.bit | C.CQ.bit | C.DA.bit, s) == C.CQ
    assert _strongest(C.D7.bit | C.DA.bit, s) == C.DA
    assert _strongest(C.S9.bit | C.ST.bit | C.SA.bit, s) == C.SA
    assert _strongest(C.S9.bit | C.ST.bit, s) == C.ST


def test_points_of_hand_worked():
    # rules.md A-5: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 0
    assert points_of(C.CA.bit | C.DT.bit | C.HK.bit | C.SQ.bit | C.CJ.bit | C.D9.bit) == 11 + 10 + 4 + 3 + 2
    assert points_of((1 << 32) - 1) == 120  # the deck's 120
    assert points_of((1 << 32) | (1 << 33)) == 0  # the 6♣ and 6♠ of the 34-card deck (rules.md F-1)


@given(st.integers(0, 2**34 - 1))
def test_points_of_is_the_sum_of_a5_points(mask):
    """``points_of`` (four byte lookups) is the sum over the mask's cards
    of rules.md A-5's points by rank (the sixes 0)."""
    a5 = {0: 11, 1: 10, 2: 4, 3: 3, 4: 2, 5: 0, 6: 0, 7: 0}
    assert points_of(mask) == sum(a5[i & 7] for i in range(32) if mask >> i & 1)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(__import__("replay.profile", fromlist=["NAMED_PROFILES"]).NAMED_PROFILES)))
def test_profile_facts_are_the_profile_s(name):
    """What a deal reads from the profile once (``_profile_facts``) is what
    the profile's own fields and properties say (rules.md F-1), and one
    tuple serves every deal of one profile object."""
    from replay import partner_cards
    from replay.state import _profile_facts, _strongest

    prof = parse_rules(name)
    facts = _profile_facts(prof)
    assert facts[:-1] == (prof, prof.players, prof.playing, prof.sitOut, prof.trumps, prof.deck_mask,
                          prof.hand_size, prof.blind_size, prof.tableStacks, prof.partner_card, prof.tricks,
                          partner_cards.first_two_mask(prof))
    assert all(top == _strongest(m, prof.trumps.strength) for m, top in facts[-1].items())
    assert _profile_facts(prof) is facts
    other = prof.model_copy(update={"players": prof.players})  # an equal profile, another object: its own facts
    assert _profile_facts(other)[0] is other


def test_a_profile_keeps_its_derived_values_and_a_copy_computes_its_own():
    """The derived values a profile keeps once read (issue 17) follow its
    flags (rules.md F-1): five-handed, 6 cards a seat and a blind of 2 play
    6 tricks of 5 cards; six-handed sitting out plays 5 seats.  A copy with
    other table flags reads its own (no value kept from the original), and
    the kept values are no part of equality or the dump."""
    prof = parse_rules("wi5-called-ace")
    assert (prof.hand_size, prof.blind_size, prof.tricks, prof.playing, prof.trick_cards, prof.has_blind,
            prof.max_bury) == (6, 2, 6, 5, 5, True, 22)
    assert "has_blind" in prof.__dict__  # kept once read
    assert prof == parse_rules("wi5-called-ace").model_copy() and "has_blind" not in prof.model_dump()
    sit = prof.model_copy(update={"players": 6, "sitOut": True})
    assert (sit.playing, sit.trick_cards, sit.tricks) == (5, 5, 6)
    queens = prof.model_copy(update={"deck": 30, "handCards": 5, "blindCards": 0, "players": 6})
    assert (queens.has_blind, queens.blind_size, queens.hand_size, queens.tricks, queens.max_bury) == (False, 0, 5, 5, 0)
    assert (prof.has_blind, prof.blind_size, prof.hand_size) == (True, 2, 6)  # the original keeps its own


# --- the deal's identity text (replay/deal_identity.py), sorted once per position

_SHN = [r + s for s in "CSHD" for r in "ATKQJ987"]  # card index order: suits ♣ ♠ ♥ ♦, ranks A 10 K Q J 9 8 7


def test_canonical_deal_hand_worked():
    from replay.deal_identity import canonical_deal

    # each position's cards sorted by card index (QC is index 3, 7D index 31; AS 8, TH 17; 9S 13, KD 26)
    assert canonical_deal([["7D", "QC"], ["TH", "AS"]], ["KD", "9S"]) == "shead-deal-1|QC 7D/AS TH|9S KD"
    for hands, blind, msg in (([["QC"], ["QC"]], [], "QC is dealt twice"),
                              ([["QC"]], ["QC"], "QC is dealt twice"),
                              ([["QC", "XX"]], [], "position 1: 'XX' is not a card"),
                              ([["QC"]], iter(["ZZ"]), "blind: 'ZZ' is not a card")):
        try:
            canonical_deal(hands, blind)
        except ValueError as exc:
            assert str(exc).startswith(msg)
        else:
            raise AssertionError(f"{hands} {blind}: no error")


@given(st.permutations(_SHN), st.integers(1, 6), st.integers(0, 3), st.data())
def test_canonical_deal_is_the_documented_text(deck, n, blind_size, data):
    """The module text's definition: ``shead-deal-1|`` + each position's
    cards sorted by card index, joined by ``/``, ``|`` and the sorted blind."""
    from replay.deal_identity import canonical_deal

    size = data.draw(st.integers(0, (32 - blind_size) // n))
    hands = [deck[i * size:(i + 1) * size] for i in range(n)]
    blind = deck[n * size:n * size + blind_size]
    want = ("shead-deal-1|" + "/".join(" ".join(sorted(h, key=_SHN.index)) for h in hands) + "|"
            + " ".join(sorted(blind, key=_SHN.index)))
    assert canonical_deal(hands, blind) == want


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, 33)), max_size=9))
def test_known_mask_is_the_or_of_the_known_cards(cards):
    """The deal check's mask (judge_wi._known_mask: one pass over the
    line) is each known card's bit once, with the count of ``??``."""
    from replay.judge_wi import _known_mask

    want = 0
    for c in cards:
        if c is not None:
            want |= 1 << c
    assert _known_mask(cards) == (want, cards.count(None))
    assert _known_mask([3, 3, 4]) == (0b11000, 0)  # 3 twice: its bit once (a sum would carry into 16)
