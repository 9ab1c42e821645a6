"""Hypothesis properties of the engine on generated legal hands (rules.md
A-6, B-17, B-35, I-41), under both named profiles and several flag mixes, and
under every table size of rules.md F-1 (three to seven seats, the 30- and
26-card decks, the dealer sitting out)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.actions import Play
from replay.cards import cards_in, points_of
from replay.errors import IllegalAction
from replay.generator import _copy, random_hand
from replay.profile import parse_rules
from replay.state import GameState, Phase

PROFILES = [
    "wi5-called-ace",
    "wi5-jack-of-diamonds",
    "wi5-called-ace; doubleOnBump=off; partnerOffHookNoTrick=on; leasterSweepPaysTriple=on",
    "wi5-jack-of-diamonds; jdCallUp=on; jdCallTiming=beforeBlind; allowBlitz=queens",
    "wi5-called-ace; noPick=doubler; partnerMayRun=on; calledTenBeatsAce=on; noBuryIntoUnknown=off",
    "wi5-called-ace; schneiderSymmetric90=on; crackEligibility=anyDefender; maxMarks=2; leasterMustTakeTrick=off",
    # table sizes (rules.md F-1..F-4)
    "wi3", "wi3-30; doubleOnBump=off", "wi3-26; leasterMustTakeTrick=off", "wi4-cutthroat; allowBlitz=queens",
    "wi4-called-ace", "wi4-jack-of-diamonds; jdCallUp=on", "wi6-sit-out; crackEligibility=anyDefender",
    "wi6-sit-out; leasterMustTakeTrick=off", "wi6-jack-of-diamonds", "wi7-jack-of-diamonds; jdCallTiming=beforeBlind",
    "wi4-black-queens", "wi6-black-queens; doubleOnBump=off", "wi8-black-queens; allowBlitz=queens",
    "wi6-jd-ace", "wi6-jd-ace; partnerOffHookNoTrick=on", "wi8-qc-jd-7d", "wi6-7d-high",
]

hands = st.builds(
    lambda seed, rules, dealer: random_hand(random.Random(seed), parse_rules(rules), dealer % parse_rules(rules).players),
    st.integers(0, 2**32), st.sampled_from(PROFILES), st.integers(0, 6),
)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_every_card_once_and_120_points(h):
    prof = h.profile
    assert len(h.hands) == prof.players
    seen = h.blind
    for s, m in enumerate(h.hands):
        out = prof.sitOut and s == h.dealer  # the dealer who sits out is dealt nothing (F-1)
        assert m.bit_count() == (0 if out else prof.hand_size) and not seen & m
        seen |= m
    assert seen == prof.deck_mask
    g = h.state
    if h.kind == "doubler":
        return
    played = 0
    for leader, cards, winner in g.tricks:
        for _, c in cards:
            assert not played >> c & 1, f"{c} played twice"
            played |= 1 << c
    assert played.bit_count() == prof.deck - prof.blind_size
    aside = g.bury if h.kind == "pick" else g.blind
    assert played | aside == prof.deck_mask and not played & aside
    taken = sum(points_of(m) for m in g.taken)
    assert taken + points_of(aside) == 120


@settings(max_examples=300, deadline=None)
@given(hands)
def test_settlement_sums_to_zero_and_winner_leads_next(h):
    g = h.state
    n = h.profile.players
    s = g.settlement()
    assert sum(s.units) == 0
    if h.kind == "doubler":
        assert s.units == (0,) * n
        return
    if g.sitting is not None:  # the dealer who sits out neither plays nor settles (F-1)
        assert s.units[g.sitting] == 0 and all(seat != g.sitting for _, cards, _ in g.tricks for seat, _ in cards)
    for (_, _, winner), (next_leader, _, _) in zip(g.tricks, g.tricks[1:]):
        assert next_leader == winner
    first = (h.dealer + 1) % n
    assert g.tricks[0][0] == first and all(len(cards) == g.np for _, cards, _ in g.tricks)  # B-17
    if h.kind == "pick":
        side = g.side_points()
        assert side == sum(points_of(g.taken[s]) for s in range(n) if g.side_of(s)) + points_of(g.bury)
        won = s.outcome.startswith("win")
        assert (s.units[g.picker] > 0) == won
        # the picker side's units mirror the defenders' (B-31)
        defenders = [x for x in range(n) if not g.side_of(x)]
        assert sum(s.units[x] for x in defenders) == -sum(s.units[x] for x in range(n) if g.side_of(x))


@settings(max_examples=150, deadline=None)
@given(hands)
def test_play_accepts_exactly_the_legal_mask(h):
    """The fast path in GameState.play agrees with legal_mask for every card of
    the seat to play, at every step of the hand."""
    if h.kind == "doubler":
        return
    prof = h.profile
    g = GameState(prof, h.dealer, list(h.hands), h.blind, complete=True, stake=h.stake)
    for a in h.actions:
        if type(a) is Play:
            if g.phase != Phase.PLAY:
                g.start_play()
            seat = g.to_act
            legal = g.legal_mask(seat)
            for c in cards_in(g.hands[seat]):
                trial = _copy(g)
                try:
                    trial.play(seat, c)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == bool(legal >> c & 1), (str(c), g.trick_no)
        g.apply(a)
    assert g.done
