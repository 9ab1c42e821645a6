"""Helpers for engine tests: deals written as text, checked for all 32 cards."""

from __future__ import annotations

from replay.cards import Card, cards_in, mask_of
from replay.profile import RuleProfile, parse_rules
from replay.state import GameState

SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]
AL, BEA, CY, DI, ED = range(5)


def m(text: str) -> int:
    """Mask of space-separated cards: ``m("QC 7D")``."""
    return mask_of(Card.parse(t) for t in text.split())


def cs(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def names(mask: int) -> set[str]:
    return {str(c) for c in cards_in(mask)}


def table(deal: dict[int, str], blind: str, dealer: int, rules: str | RuleProfile = "wi5-called-ace") -> GameState:
    """A complete deal: every seat's six cards and the blind must make the 32
    cards exactly once (asserted, so a typo in a test deal fails loudly)."""
    prof = parse_rules(rules) if isinstance(rules, str) else rules
    hands = [m(deal[s]) for s in range(5)]
    total = m(blind)
    for h in hands:
        assert h.bit_count() == 6
        assert not total & h, "a card is dealt twice in the test deal"
        total |= h
    assert total == (1 << 32) - 1, f"missing cards: {names(((1 << 32) - 1) & ~total)}"
    return GameState(prof, dealer, hands, m(blind))


def play_trick(g: GameState, cards: str) -> int:
    """Play a trick from the current leader; returns the winner."""
    seat = g.to_act if g.trick else g.leader
    for c in cs(cards):
        g.play(seat, c)
        seat = (seat + 1) % 5
    return g.tricks[-1][2]
