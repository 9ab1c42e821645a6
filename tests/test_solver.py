"""The double-dummy solver (issue 16): endings solved by hand, agreement with
an exhaustive minimax that plays every legal card through the engine (no
pruning, no table, no merged cards), the pure-Python and compiled cores
agreeing, and invariants of the per-card judgement.

Endings are three-handed ``wi3`` (the picker plays alone, rules.md F-2;
trump order Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦, rules.md A-2;
card points A 11, 10 10, K 4, Q 3, J 2, rules.md A-5).  Seat 0 is the
picker; the cards not in the ending were taken by seat 1 (a defender) and
the bury is the blind 7♠ 8♠ (0 points), so the picker's side starts the
ending with 0 card points.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from replay.actions import Bury, Pick
from replay.analysis import analyse, tier_band
from replay.cards import Card, mask_of, points_of
from replay.dd_check import exhaustive, exhaustive_moves, random_position, random_schafkopf
from replay.profile import parse_rules
from replay.schafkopf import Announce, SchafkopfProfile, SchafkopfState
from replay.solver import DDSolver, SolverError, move_values, solve
from replay.state import GameState, Phase

C = Card
WI3 = parse_rules("wi3")


def ending(hands: list[list[Card]], leader: int = 0) -> GameState:
    """A ``wi3`` position with ``len(hands[0])`` tricks left: seat s holds
    ``hands[s]``; every other card was taken by seat 1; the bury (the blind
    7♠ 8♠) is worth 0.  Built through the engine's own pick and bury, then
    the play is moved on to the ending."""
    blind = [C.S7, C.S8]
    used = mask_of(blind)
    for h in hands:
        used |= mask_of(h)
    rest = [c for c in C if not used >> c & 1]
    k = WI3.hand_size
    dealt = []
    for h in hands:
        fill, rest = rest[:k - len(h)], rest[k - len(h):]
        dealt.append(mask_of(h) | mask_of(fill))
    g = GameState(WI3, 2, dealt, mask_of(blind), complete=True)
    g.apply(Pick(0))
    g.apply(Bury(tuple(blind)))
    g.start_play()
    assert g.phase == Phase.PLAY
    left = len(hands[0])
    g.hands = [mask_of(h) for h in hands]
    gone = 0
    for d, h in zip(dealt, g.hands):
        gone |= d & ~h
    g.taken = [0, gone, 0]
    g.ntaken = [0, WI3.tricks - left, 0]
    g.trick_no = WI3.tricks - left
    g.leader = g.to_act = leader
    assert points_of(gone) + sum(points_of(h) for h in g.hands) == 120  # card conservation
    return g


# ---------------------------------------------------------------- endings by hand

def test_two_tricks_left_a_defender_must_overtrump_to_keep_the_picker_at_zero():
    """Picker (seat 0) J♦ A♥; seat 1 Q♠ 7♦; seat 2 10♥ K♥.  Picker leads.

    * Lead J♦: seat 1 must follow trump.  Q♠ wins; seat 2, void in trump,
      schmears 10♥: the defenders take 2+3+10.  Seat 1 leads 7♦; the picker
      (no trump left) plays A♥, seat 2 K♥: 7♦ wins.  Picker 0.
      If seat 1 plays 7♦ instead, J♦ wins with 7♦ and seat 2's K♥ (the
      cheaper of its hearts): picker 2+0+4 = 6; then A♥ is trumped by Q♠
      (seat 2 must play 10♥): picker 6.  So Q♠ is best and 7♦ costs 6.
    * Lead A♥: seat 1, void in hearts, trumps with 7♦; seat 2 must follow
      hearts and schmears 10♥; seat 1 leads Q♠, the picker must follow with
      J♦ and loses it.  Picker 0.
    """
    g = ending([[C.DJ, C.HA], [C.SQ, C.D7], [C.HT, C.HK]])
    mv = move_values(g)
    assert mv.values == {C.DJ: 0, C.HA: 0}
    assert solve(g) == 0
    g.play(0, C.DJ)
    mv = move_values(g)
    assert mv.seat == 1 and not mv.side
    assert mv.values == {C.SQ: 0, C.D7: 6}
    assert mv.best == (C.SQ,)
    assert mv.cost(C.D7) == 6 and mv.cost(C.SQ) == 0
    assert exhaustive_moves(g) == {C.SQ: 0, C.D7: 6}


def test_three_tricks_left_the_picker_secures_34_and_the_heart_lead_costs_13():
    """Picker Q♣ A♣ 9♥; seat 1 Q♠ 10♣ K♣; seat 2 Q♥ 9♣ 8♣.  Picker leads.
    25 card points are in play besides the three queens' 9.

    * Lead Q♣: Q♠ and Q♥ must follow (+9).  Then A♣ takes a club from each
      (seat 1 and seat 2 must follow clubs), and 9♥ wins the last trick: no
      one has a heart or a trump left.  Picker 9 + 25 = 34, all there is.
    * Lead A♣: both follow clubs (+11 and 10♣ or K♣); then Q♣ draws Q♠ and
      Q♥ (+9) and 9♥ takes the last club: 34 again.
    * Lead 9♥: seat 1 and seat 2 are void in hearts (Q♥ is trump).
      - seat 1 throws 10♣: seat 2 trumps with Q♥ (defenders 10+3); seat 2
        leads a low club: A♣ and K♣ must follow (picker 11+4); Q♣ takes Q♠
        (picker 3+3).  Picker 21.
      - seat 1 throws K♣: Q♥ takes it (defenders 4+3); A♣ then takes 10♣
        (picker 21), Q♣ takes Q♠ (6).  Picker 27.
      - seat 1 trumps with Q♠: seat 2 overtrumps with Q♥ (defenders 6); seat
        1 leads K♣: A♣ wins 15; Q♣ takes 10♣ and a club (13).  Picker 28.
      So the heart lead gives 21: it costs the picker 34 - 21 = 13, and seat
      1's best answer is 10♣ (K♣ costs the defenders 6, Q♠ 7).
    """
    g = ending([[C.CQ, C.CA, C.H9], [C.SQ, C.CT, C.CK], [C.HQ, C.C9, C.C8]])
    mv = move_values(g)
    assert mv.values == {C.CQ: 34, C.CA: 34, C.H9: 21}
    assert set(mv.best) == {C.CQ, C.CA}
    assert mv.cost(C.H9) == 13
    assert exhaustive(g) == 34
    g.play(0, C.H9)
    mv = move_values(g)
    assert mv.values == {C.CT: 21, C.CK: 27, C.SQ: 28}
    assert mv.best == (C.CT,)
    assert mv.cost(C.CK) == 6 and mv.cost(C.SQ) == 7


def test_equivalent_cards_are_one_move_but_both_are_listed_best():
    """Seat 2 holds 9♣ and 8♣: adjacent clubs (no club between
    them is in play) with 0 points each, so both have the same value."""
    g = ending([[C.CQ, C.CA, C.H9], [C.SQ, C.CT, C.CK], [C.HQ, C.C9, C.C8]])
    g.play(0, C.CA)
    g.play(1, C.CK)
    mv = move_values(g)
    assert mv.values[C.C9] == mv.values[C.C8]
    assert C.C9 in mv.best and C.C8 in mv.best


# ---------------------------------------------------------------- against exhaustive search

PROFILES = ["wi5-called-ace", "wi5-jack-of-diamonds", "wi3", "wi4-called-ace", "wi4-cutthroat", "wi6-sit-out",
            "wi6-jd-ace", "wi7-jack-of-diamonds", "wi8-qc-jd-7d", "wi8-black-queens", "wi5-spitz",
            "wi5-called-ace; calledTenBeatsAce=on", "wi2"]


#: seven and eight at the table, and two-handed with its face-down cards: two tricks at most, for the
#: exhaustive search's sake (three are covered by benchmarks/dd_agreement.py)
LONG = ("wi2", "wi7-jack-of-diamonds", "wi8-black-queens", "wi8-qc-jd-7d")


@pytest.mark.parametrize("name", PROFILES + ["schafkopf", "schafkopf-short"])
def test_agrees_with_exhaustive_minimax_on_random_positions(name):
    """Every legal card's value equals the exhaustive minimax's, on random
    positions of one to three tricks left (two for :data:`LONG`, where three
    are slow to search without pruning).  15 profiles × 16 positions = 240
    positions."""
    rng = random.Random(hash(name) % 10_000)
    if name == "schafkopf":
        prof = SchafkopfProfile()
    elif name == "schafkopf-short":
        prof = SchafkopfProfile(shortDeck=True)
    else:
        prof = parse_rules(name)
    for i in range(16):
        k = 1 + i % (2 if name in LONG else 3)
        g = random_position(rng, prof, k)
        ref = exhaustive_moves(g)
        mv = DDSolver(g).move_values(g)
        assert mv.values == ref, (name, k, i)


def test_pure_and_compiled_cores_agree():
    """The pure-Python core (always available) and the default core (the
    compiled one when built) give the same values on 30 random positions
    with four tricks left."""
    rng = random.Random(11)
    prof = parse_rules("wi5-called-ace")
    for _ in range(30):
        g = random_position(rng, prof, 4)
        assert DDSolver(g, pure=True).value(g) == DDSolver(g).value(g)


# ---------------------------------------------------------------- a hand judged

@settings(max_examples=25, deadline=None)
@given(hs.integers(0, 10_000), hs.sampled_from(["wi5-called-ace", "wi3", "wi4-called-ace", "wi6-jd-ace"]))
def test_judged_cards_invariants(seed, name):
    """For every card of a random hand's last three tricks played out at random: cost >= 0, a best card
    costs 0, the card played and the best are legal, and the values stay
    within what is possible (0..120); the DD value from the first card is
    what the first card judged had as its best.  The actual result is the engine's."""
    rng = random.Random(seed)
    prof = parse_rules(name)
    g = random_position(rng, prof, 3)
    plays = []
    h = _clone(g)
    while not h.done:
        s = h.to_act
        c = rng.choice([x for x in Card if h.legal_mask(s) >> x & 1])
        plays.append((s, c))
        h.play(s, c)
    a = analyse(g, plays)
    assert len(a.cards) == len(plays)
    assert a.actual_picker_points == h.side_points()
    assert a.cards[0].best_value == a.dd_picker_points
    for v in a.cards:
        assert v.cost >= 0
        assert all(v.alternatives[b] == v.best_value for b in v.best)
        assert v.card in v.alternatives
        assert 0 <= v.value <= 120
        if v.cost == 0 or tier_band(v.value) == tier_band(v.best_value):
            assert v.units_cost == 0
    # the last card of the hand has nothing left to choose: it costs nothing
    assert a.cards[-1].cost == 0


def _clone(g):
    from replay.solver import copy_state as c

    return c(g)


def test_tier_bands_at_the_boundaries():
    """30/31, 60/61, 90/91 (rules.md B-27..B-30, G-12)."""
    assert [tier_band(p) for p in (0, 30, 31, 60, 61, 90, 91, 120)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_a_schafkopf_game_from_its_first_card_is_zero_sum_in_units():
    """The DD line of a random short-pack Sauspiel or solo (6 tricks, G-3) is settled by the engine:
    its units sum to zero (checked on the settled line), and the DD value is
    in 0..120."""
    rng = random.Random(4)
    done, plays = random_schafkopf(rng, SchafkopfProfile(shortDeck=True))
    g = SchafkopfState(done.profile, done.dealer, done.dealt)
    g.apply(Announce(done.declarer, done.game, done.suit, done.tout))
    from replay.analysis import playout

    s = DDSolver(g)
    end = playout(s, g)
    assert sum(end.settlement().units) == 0
    assert end.party_points() == s.value(g)
    assert 0 <= end.party_points() <= 120


def test_no_picker_no_analysis():
    """A leaster has no picker's side: SolverError names it."""
    rng = random.Random(2)
    from replay.generator import random_hand

    prof = parse_rules("wi5-called-ace")
    while True:
        h = random_hand(rng, prof, 0, pick_threshold=99)
        if h.kind == "leaster":
            break
    g = GameState(prof, 0, h.hands, h.blind, complete=True)
    for a in h.actions:
        if type(a).__name__ == "Play":
            break
        g.apply(a)
    with pytest.raises(SolverError, match="picker's side"):
        DDSolver(g)
