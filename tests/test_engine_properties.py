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
    # house rules (issue 6, h6-house): rules.md B-14, B-23, C-5..C-9, E-4, E-5, F-7, F-8
    "wi5-spitz; allowCastrate=on; allowBlitz=queensAndJacks",
    "wi5-spitz; trumpOrder=spitz1; renegePenalty=offenderPaysEach; allowCallOwnAce=on",
    "wi5-clubs-trump; allowCallOwnAce=on; allowSheepsheadCall=on; allowCastrate=on",
    "wi5-jack-of-diamonds; jdHybridAceCall=on; jdMustNotBuryJD=on; jdPartnerCard=JC; allowSheepsheadCall=holdingPartnerCard",
    "wi5-jack-of-diamonds; trumpOrder=clubsTrump; jdCallUp=on; jdHybridAceCall=on; allowSheepsheadCall=on",
    # issue 6, no-pick area (rules.md D-3, D-6, D-13..D-19)
    "wi5-forced-pick; forcedPickNoBump=on",
    "wi5-schiller",
    "wi5-moster; leasterBlind=namedTrick",
    "wi5-mittler; pot=on",
    "wi5-schneidster; leasterBlind=none",
    "wi5-schwanzer; pot=on",
    "wi5-called-ace; leasterTie=split; leasterBlind=namedTrick; pot=on",
    "wi5-jack-of-diamonds; noPick=moster",
    # table sizes (rules.md F-1..F-4)
    "wi3", "wi3-30; doubleOnBump=off", "wi3-26; leasterMustTakeTrick=off", "wi4-cutthroat; allowBlitz=queens",
    "wi4-called-ace", "wi4-jack-of-diamonds; jdCallUp=on", "wi6-sit-out; crackEligibility=anyDefender",
    "wi6-sit-out; leasterMustTakeTrick=off", "wi6-jack-of-diamonds", "wi7-jack-of-diamonds; jdCallTiming=beforeBlind",
    "wi4-black-queens", "wi6-black-queens; doubleOnBump=off", "wi8-black-queens; allowBlitz=queens",
    "wi6-jd-ace", "wi6-jd-ace; partnerOffHookNoTrick=on", "wi8-qc-jd-7d", "wi6-7d-high",
    # the areas mixed: no-pick games and house rules at other tables
    "wi6-sit-out; noPick=moster", "wi6-sit-out; noPick=mittler; leasterTie=split", "wi6-sit-out; noPick=schwanzer",
    "wi6-sit-out; noPick=forcedPick; renegePenalty=offenderPaysEach", "wi3; noPick=schneidster; allowCastrate=on",
    "wi4-cutthroat; noPick=schwanzer; trumpOrder=clubsTrump", "wi4-called-ace; allowCallOwnAce=on; noPick=mittler",
    "wi6-jd-ace; allowSheepsheadCall=on; allowBlitz=queensAndJacks", "wi7-jack-of-diamonds; jdHybridAceCall=on",
    # two-handed with table cards (rules.md F-1, h6-two)
    "wi2", "wi2; schneiderSymmetric90=on; allowBlitz=queens", "wi2; trumpOrder=spitz2; renegePenalty=offenderPaysEach",
    # issue 18 (h18a): the first two of a rank, the pass (wi6-7d-high) and call (wi8-qc-jd-7d), other orders
    "wi4-first-queens", "wi8-first-queens; firstTwoRank=jack", "wi5-called-ace; trumpOrder=jacksHigh",
    "wi5-jack-of-diamonds; trumpOrder=twoQueensHigh; allowBlitz=queens",
    "wi4-called-ace-34", "wi4-jack-of-diamonds-34; jdCallUp=on",
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
    for stacks in h.table or []:  # two-handed: tableStacks stacks of (down, up) per seat (rules.md F-1)
        assert len(stacks) == prof.tableStacks
        for c in (c for stack in stacks for c in stack):
            assert not seen >> c & 1
            seen |= 1 << c
    assert seen == prof.deck_mask
    g = h.state
    if h.kind in ("doubler", "schwanzer"):  # no play (rules.md D-11, D-18)
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
    assert sum(s.units) + s.pot == 0  # the pot is an extra seat (rules.md D-19)
    if not g.profile.pot:
        assert s.pot == 0
    ante = 1 if g.profile.pot and g.picker is None else 0  # each player puts 1 into the pot (D-19)
    if h.kind == "doubler":
        assert s.units == (-ante,) * n
        return
    if h.kind == "schwanzer":  # one seat pays one unit to each other playing seat (D-18)
        assert sorted(u + ante for u in s.units if u or g.sitting is None) == sorted([-(g.np - 1)] + [1] * (g.np - 1))
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
    if h.kind in ("doubler", "schwanzer"):
        return
    prof = h.profile
    g = GameState(prof, h.dealer, list(h.hands), h.blind, complete=True, stake=h.stake, table=h.table)
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
