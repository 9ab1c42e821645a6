"""Indiana four-handed (rules.md F-1 "southern-Indiana game", F-5) as a small
state of its own.

Four players, the 32-card pack, eight cards each, no blind, eight tricks.
The trump order is data (:func:`replay.cards.indiana_order`): the four jacks
above the four queens, then hearts A 10 K 9 8 7; a *side solo* names another
trump suit.  Following suit and the trick winner are the shared
:meth:`~replay.cards.TrumpOrder.follow_mask` and
:meth:`~replay.cards.TrumpOrder.trick_winner`; this module adds only the
declaration and the race scoring.

Games (:class:`InGame`), declared by one seat before the first card:

* ``ace`` — the declarer calls a fail ace (A♣, A♠ or A♦) it does not hold;
  the holder is its secret partner (2v2).
* ``best`` — the declarer alone against three, hearts trump.
* ``sidesolo`` — alone against three with ``suit`` (♣, ♠ or ♦) as trump.
* ``billy`` — alone against three, hearts trump; the declarer must take no
  trick.

Units.  *Card points* (0..120, rules.md A-5) decide an ace call, a best and
a side solo; *race points* are what a seat adds to its race score towards
24 (F-5).  Race points are never negative and a hand's race points do not
sum to zero: they are not the units of the Sheepshead ledger.

Race points per hand (:func:`race_points`; F-5, and the choices of
docs/profiles.md "Indiana four-handed (F-5)" where F-5 is silent):

* ``ace`` — the winning pair (declarer + partner, or both opponents) each
  gain 2 / 4 / 6 for normal / schneider / no-trick, the tiers of rules.md
  B-27..B-30 (the declaring pair wins with 61; 60-60 loses).
* ``sidesolo`` — won (61 or more): the declarer gains 18; lost: each
  opponent gains 6; no schneider or no-trick adjustment.
* ``best`` — won: the declarer gains 24, the race target, and the game
  ends (``ends_game``); lost: each opponent gains 6, as a lost side solo.
* ``billy`` — won (the declarer took no trick): the declarer gains 18, as a
  side solo; lost: each opponent gains 6.

Seats are 0..3 clockwise; the seat left of the dealer leads the first
trick.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import FULL_DECK, Card, Suit, TrumpOrder, cards_in, indiana_order, points_of
from .errors import IllegalAction

__all__ = ["InGame", "Declare", "InPhase", "InResult", "IndianaState", "RACE_TARGET", "race_points",
           "side_outcome", "CALLABLE_ACES"]

#: The race is played to 24 points (rules.md F-5).
RACE_TARGET = 24
#: The aces an ace call may name: the fail aces (A♥ is trump, rules.md F-1).
CALLABLE_ACES = (Card.CA, Card.SA, Card.DA)


class InGame(str, enum.Enum):
    """The declarations of rules.md F-1's Indiana game."""

    ACE = "ace"
    BEST = "best"
    SIDESOLO = "sidesolo"
    BILLY = "billy"


class InPhase(enum.Enum):
    DECLARE = "declare"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Declare:
    """``seat`` declares ``game``; ``called`` the called ace of an ace call,
    ``suit`` the trump suit of a side solo (None otherwise)."""

    seat: int
    game: InGame
    called: Card | None = None
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class InResult:
    """The result of a finished Indiana hand.

    * ``side`` — the declaring side's seats (declarer first; the partner of
      an ace call second).
    * ``side_points`` — card points of the declaring side (0..120);
      ``side_tricks`` its tricks (0..8).
    * ``outcome`` — ``win``/``lose`` from the declarer's side, with ``-s``
      (schneider) or ``-z`` (no trick) in an ace call.
    * ``race`` — race points gained per seat 0..3 (each ≥ 0; not zero-sum).
    * ``ends_game`` — a won ``best`` (F-5: it ends the game).
    """

    game: InGame
    declarer: int
    partner: int | None
    side: tuple[int, ...]
    side_points: int
    side_tricks: int
    outcome: str
    race: tuple[int, int, int, int]
    ends_game: bool


def side_outcome(game: InGame, side_points: int, side_tricks: int) -> str:
    """The outcome word of the declaring side (rules.md F-5; tiers of B-27..B-30).

    * ``ace``: ``win-z`` when the opponents took no trick, ``lose-z`` when
      the side took none; else ``win-s`` at 91+ card points, ``win`` at
      61..90, ``lose`` at 31..60, ``lose-s`` at 0..30.
    * ``best``, ``sidesolo``: ``win`` at 61+ card points, else ``lose``
      (no schneider or no-trick tiers).
    * ``billy``: ``win`` when the declarer took no trick, else ``lose``.
    """
    if game is InGame.BILLY:
        return "win" if side_tricks == 0 else "lose"
    if game is not InGame.ACE:
        return "win" if side_points >= 61 else "lose"
    if side_tricks >= 8:
        return "win-z"
    if side_tricks == 0:
        return "lose-z"
    if side_points >= 91:
        return "win-s"
    if side_points >= 61:
        return "win"
    if side_points >= 31:
        return "lose"
    return "lose-s"


_TIER = {"": 2, "-s": 4, "-z": 6}


def race_points(game: InGame, outcome: str, side: tuple[int, ...]) -> tuple[tuple[int, int, int, int], bool]:
    """Race points per seat 0..3 for ``outcome`` (from :func:`side_outcome`)
    of the declaring ``side`` (seats), and whether the hand ends the game
    (rules.md F-5; see the module docstring).  Raises ``ValueError`` for an
    outcome word the game does not have."""
    won = outcome.startswith("win")
    tier = outcome[outcome.index("-"):] if "-" in outcome else ""
    if game is not InGame.ACE and tier:
        raise ValueError(f"{game.value} has no tier {outcome!r}")
    if game is InGame.ACE:
        gain = _TIER[tier]
    elif won:
        gain = RACE_TARGET if game is InGame.BEST else 18
    else:
        gain = 6
    winners = set(side) if won else set(range(4)) - set(side)
    race = tuple(gain if s in winners else 0 for s in range(4))
    return race, game is InGame.BEST and won  # type: ignore[return-value]


class IndianaState:
    """One Indiana hand: ``DECLARE`` → ``PLAY`` (eight tricks) → ``DONE``.

    ``hands`` are four masks of eight cards that together hold the pack
    (rules.md A-1).  :meth:`declare` and :meth:`play` raise
    :class:`~replay.errors.IllegalAction` and leave the state unchanged.
    Raises ``IllegalAction`` (``E-DEAL``) for a deal that is not 4 × 8 of
    the 32 cards.
    """

    def __init__(self, dealer: int, hands: list[int]):
        if len(hands) != 4 or any(h.bit_count() != 8 for h in hands):
            raise IllegalAction("E-DEAL-SIZE", "each of the four seats is dealt 8 cards (rules.md F-1)",
                                found=" ".join(str(h.bit_count()) for h in hands), expected="8 8 8 8")
        union = 0
        for h in hands:
            if union & h:
                c = next(cards_in(union & h))
                raise IllegalAction("E-DEAL-DUPLICATE", f"{c} is dealt twice (rules.md A-1)", found=c,
                                    expected="each card once")
            union |= h
        if union != FULL_DECK:
            raise IllegalAction("E-DEAL", "the deal does not hold the 32 cards", found=union.bit_count(),
                                expected=32)
        self.dealer = dealer
        self.dealt = tuple(hands)
        self.hands = list(hands)
        self.phase = InPhase.DECLARE
        self.game: InGame | None = None
        self.declarer: int | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.order: TrumpOrder = indiana_order()
        self.leader = (dealer + 1) % 4
        self.to_act = self.leader
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[int, tuple[tuple[int, Card], ...], int]] = []
        self.taken = [0, 0, 0, 0]
        self.ntaken = [0, 0, 0, 0]

    # ------------------------------------------------------------ declaring
    def holder(self, card: Card) -> int:
        """The seat dealt ``card``."""
        return next(s for s in range(4) if self.dealt[s] >> card & 1)

    def declare(self, d: Declare) -> None:
        """Declare the game (rules.md F-1).  Raises ``IllegalAction``:
        ``E-PHASE`` (already declared), ``E-IN-CALL`` (an ace call that names
        no fail ace, or an ace the declarer holds), ``E-IN-SUIT`` (a side
        solo without a suit, or in hearts, the usual trump)."""
        if self.phase is not InPhase.DECLARE:
            raise IllegalAction("E-PHASE", "the game is already declared", found=d.game.value,
                                expected="one declaration")
        game, called, suit = InGame(d.game), d.called, d.suit
        if game is InGame.ACE:
            if called not in CALLABLE_ACES:
                raise IllegalAction("E-IN-CALL", f"an ace call names {called}, which is not a fail ace (hearts are "
                                    "trump, rules.md F-1)", found=called, expected="AC, AS or AD")
            if self.dealt[d.seat] >> called & 1:
                raise IllegalAction("E-IN-CALL", f"seat {d.seat} calls {called} but holds it; an ace call names an "
                                    "ace of another player (docs/profiles.md, Indiana)", found=called,
                                    expected="an ace the declarer does not hold")
        elif called is not None:
            raise IllegalAction("E-IN-CALL", f"'{game.value}' calls no ace", found=called, expected="no card")
        if game is InGame.SIDESOLO:
            if suit is None or Suit(suit) is Suit.HEARTS:
                raise IllegalAction("E-IN-SUIT", "a side solo chooses another trump suit than hearts (rules.md F-1)",
                                    found="hearts" if suit is not None else "no suit",
                                    expected="clubs, spades or diamonds")
        elif suit is not None:
            raise IllegalAction("E-IN-SUIT", f"'{game.value}' names no trump suit", found=Suit(suit).name.lower(),
                                expected="no suit")
        self.game, self.declarer, self.called = game, d.seat, called
        self.partner = self.holder(called) if called is not None else None
        self.order = indiana_order(Suit(suit) if suit is not None else Suit.HEARTS)
        self.phase = InPhase.PLAY

    # ------------------------------------------------------------ play
    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play: follow the led effective suit when
        able (trump is one suit), else any card."""
        return self.order.follow_mask(self.hands[seat], self.trick[0][1] if self.trick else None)

    def play(self, seat: int, card: Card) -> None:
        """Play one card.  Raises ``IllegalAction``: ``E-PHASE``,
        ``E-TOO-MANY-CARDS``, ``E-WRONG-TURN``, ``E-NOT-HELD``, ``E-RENEGE``
        (not following suit)."""
        if self.phase is not InPhase.PLAY:
            if self.phase is InPhase.DONE:
                raise IllegalAction("E-TOO-MANY-CARDS", f"{card} is played after the eighth trick", found=card,
                                    expected="no more cards")
            raise IllegalAction("E-PHASE", f"{card} is played before the game was declared", found=card,
                                expected="game S ... first")
        if seat != self.to_act:
            raise IllegalAction("E-WRONG-TURN", f"seat {seat} plays {card} but it is seat {self.to_act}'s turn",
                                found=seat, expected=self.to_act)
        bit = 1 << card
        if not self.hands[seat] & bit:
            raise IllegalAction("E-NOT-HELD", f"seat {seat} plays {card}, which it does not hold", found=card,
                                expected=" ".join(str(c) for c in cards_in(self.hands[seat])))
        legal = self.legal_mask(seat)
        if not legal & bit:
            led = self.trick[0][1]
            name = "trump" if self.order.is_trump(led) else led.suit.name.lower()
            raise IllegalAction("E-RENEGE", f"{led} leads {name}; seat {seat} holds {name} and must follow",
                                found=card, expected=" ".join(str(c) for c in cards_in(legal)),
                                trick=len(self.tricks) + 1)
        self.hands[seat] &= ~bit
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return
        cards = tuple(self.trick)
        w = self.order.trick_winner(cards, self.order.suit_of[cards[0][1]])
        for _, c in cards:
            self.taken[w] |= 1 << c
        self.ntaken[w] += 1
        self.tricks.append((self.leader, cards, w))
        self.trick = []
        self.leader = self.to_act = w
        if len(self.tricks) == 8:
            self.phase = InPhase.DONE

    # ------------------------------------------------------------ result
    @property
    def side(self) -> tuple[int, ...]:
        """The declaring side: the declarer, and the partner of an ace call."""
        if self.declarer is None:
            return ()
        if self.partner is None:
            return (self.declarer,)
        return (self.declarer, self.partner)

    def result(self) -> InResult:
        """The finished hand's result.  Raises ``ValueError`` before the
        eighth trick."""
        if self.phase is not InPhase.DONE:
            raise ValueError("the hand is not over")
        side = self.side
        pts = sum(points_of(self.taken[s]) for s in side)
        tricks = sum(self.ntaken[s] for s in side)
        outcome = side_outcome(self.game, pts, tricks)
        race, ends = race_points(self.game, outcome, side)
        return InResult(self.game, self.declarer, self.partner, side, pts, tricks, outcome, race, ends)

