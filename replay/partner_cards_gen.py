"""Random legal setups for the partner-card moves of issue 18 (used by
:func:`replay.generator.random_hand`): the ``wi6-7d-high`` pass of a partner
card, the ``wi8-qc-jd-7d`` call of 8♦/J♥ and the first-two games
(rules.md F-1; :mod:`replay.partner_cards`).

Simplification (the engine accepts any order): in a first-two game the
generated head is always the seat on the dealer's left, who leads a card of
the rank to trick 1; deals where that seat holds none are dealt again.
"""

from __future__ import annotations

import random

from .actions import Call, GiveCard, Pick
from .cards import Card, cards_in
from .partner_cards import QC_CALLABLE, first_two_mask

__all__ = ["handles", "deal_ok", "setup", "first_lead"]


def handles(profile) -> bool:
    """The no-blind profiles whose setup this module makes."""
    return profile.partnerMode in ("firstTwo", "blackQueensJd", "qcJd7d")


def deal_ok(profile, hands: list[int], dealer: int) -> bool:
    """A first-two deal is kept when the seat on the dealer's left holds a
    card of the rank (it heads the side and leads one); other games keep any deal."""
    mask = first_two_mask(profile)
    return not mask or bool(hands[(dealer + 1) % profile.players] & mask)


def setup(rng: random.Random, g, do) -> None:
    """Name the head (``Pick``) and make the optional give or call."""
    prof = g.profile
    n = prof.players
    if prof.partnerMode == "firstTwo":
        do(Pick(g.to_act))
        return
    cards = prof.partner_cards
    if prof.partnerMode == "blackQueensJd" and rng.random() < 0.6:
        for s in range(n):
            held = [c for c in cards if g.hands[s] >> c & 1]
            if len(held) >= 2:
                left = g.next_seat(s)
                back = rng.choice(list(cards_in(g.hands[left])))
                do(GiveCard(s, rng.choice(held), back))
                break
    do(Pick(next(s for s in range(n) if g.hands[s] >> Card.CQ & 1)))
    if prof.partnerMode == "qcJd7d" and not g.alone and g.partner2 is None and rng.random() < 0.6:
        caller = next(s for s in (g.picker, g.partner)
                      if s is not None and sum(g.hands[s] >> c & 1 for c in cards) == 2)
        free = [c for c in QC_CALLABLE if not g.hands[caller] >> c & 1]
        if free:
            do(Call(rng.choice(free)))


def first_lead(rng: random.Random, g) -> Card | None:
    """The first card of a first-two hand: a card of the rank from the head
    (the leader); None in other games or later in the hand."""
    mask = g._ft_mask
    if not mask or g.tricks or g.trick:
        return None
    return rng.choice(list(cards_in(g.hands[g.to_act] & mask)))
