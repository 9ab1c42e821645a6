"""Random open positions and an exhaustive minimax for checking the solver.

:func:`exhaustive` searches every legal card at every turn with no pruning,
no transposition table and no merging of cards: it copies the engine's state
and plays each card through :meth:`GameState.play` /
:meth:`SchafkopfState.play`, so it checks the fast solver
(:mod:`replay.solver`) against the rules engine itself.  Exponential: for
positions with a few tricks left (tests, ``benchmarks/dd_agreement.py``).

:func:`random_position` deals a random hand with :mod:`replay.generator`
(Sheepshead) or :func:`random_schafkopf` (Schafkopf: a random legal game
announced, random legal cards), and stops it with ``tricks_left`` tricks (and
a random number of cards of the current trick) to play.
"""

from __future__ import annotations

import random

from .actions import Claim, Play
from .cards import Card, Suit, cards_in, points_of
from .generator import random_hand
from .profile import RuleProfile
from .schafkopf import Announce, Game, SchafkopfProfile, SchafkopfState, announce_error
from .state import GameState, Phase
from .solver import copy_state

__all__ = ["exhaustive", "exhaustive_moves", "random_position", "random_schafkopf", "side_points_now"]


def _sk(g) -> bool:
    return isinstance(g, SchafkopfState)


def side_points_now(g) -> int:
    """The picker side's (declaring party's) card points taken so far, bury included."""
    if _sk(g):
        return g.party_points()
    pts = sum(points_of(g.taken[s]) for s in range(g.n) if g.side_of(s))
    return pts + points_of(g.bury)


def _on_side(g, seat: int) -> bool:
    return g.in_party(seat) if _sk(g) else g.side_of(seat)


def exhaustive(g) -> int:
    """The side's card points at the end with best play by both sides,
    found by trying every legal card at every turn (no pruning)."""
    if g.done:
        return side_points_now(g)
    seat = g.to_act
    vals = []
    for c in cards_in(g.legal_mask(seat)):
        h = copy_state(g)
        h.play(seat, c)
        vals.append(exhaustive(h))
    return max(vals) if _on_side(g, seat) else min(vals)


def exhaustive_moves(g) -> dict[Card, int]:
    """Every legal card of the seat to play with its exhaustive value."""
    seat = g.to_act
    out = {}
    for c in cards_in(g.legal_mask(seat)):
        h = copy_state(g)
        h.play(seat, c)
        out[c] = exhaustive(h)
    return out


def random_schafkopf(rng: random.Random, profile: SchafkopfProfile | None = None, dealer: int = 0,
                     cards: int | None = None) -> tuple[SchafkopfState, list[Play]]:
    """A random Schafkopf game: a shuffled deal, a random legal announced
    game (Sauspiel, Farbsolo, Wenz or Geier; :func:`announce_error` decides
    what is legal), then ``cards`` random legal cards (all of them when None).
    Returns the state and the cards played."""
    profile = profile or SchafkopfProfile()
    deck = [c for c in range(32) if profile.deck >> c & 1]
    while True:
        rng.shuffle(deck)
        k = profile.hand_size
        hands = [sum(1 << c for c in deck[i * k:(i + 1) * k]) for i in range(4)]
        g = SchafkopfState(profile, dealer, hands)
        seat = rng.randrange(4)
        options = [Announce(seat, Game.SAUSPIEL, s) for s in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)] * 3
        options += [Announce(seat, Game.SOLO, s) for s in Suit] + [Announce(seat, Game.WENZ),
                                                                    Announce(seat, Game.GEIER)]
        options = [a for a in options if announce_error(a, hands[seat]) is None]
        if options:
            break
    g.apply(rng.choice(options))
    plays: list[Play] = []
    total = profile.tricks * 4 if cards is None else cards
    for _ in range(total):
        s = g.to_act
        c = rng.choice(list(cards_in(g.legal_mask(s))))
        g.play(s, c)
        plays.append(Play(s, c))
    return g, plays


def random_position(rng: random.Random, profile: RuleProfile | SchafkopfProfile, tricks_left: int,
                    dealer: int = 0):
    """A random position of a picked hand (an announced game) with
    ``tricks_left`` tricks still to finish: the cards of the tricks before,
    then 0..n-1 cards of the current trick.  Sheepshead hands nobody picked
    are dealt again."""
    if isinstance(profile, SchafkopfProfile):
        played = (profile.tricks - tricks_left) * 4 + rng.randrange(4)
        g, _ = random_schafkopf(rng, profile, dealer, cards=played)
        return g
    while True:
        h = random_hand(rng, profile, dealer)
        if h.kind == "pick" and h.state.bury_known:
            break
    g = GameState(profile, dealer, h.hands, h.blind, complete=True, stake=h.stake, pot=h.pot, table=h.table)
    np = g.np
    played = (profile.tricks - tricks_left) * np + rng.randrange(np)
    n = 0
    for a in h.actions:
        if type(a) is Claim:
            break
        if type(a) is Play:
            if n == played:
                break
            n += 1
        g.apply(a)
    if g.phase != Phase.PLAY:
        g.start_play()
    return g

