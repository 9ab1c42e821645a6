"""The 32-card pack, card points, and trump/fail orders as data.

A card is a member of :class:`Card`, an ``IntEnum`` whose value is its index
``suit * 8 + rank`` (suits ♣ ♠ ♥ ♦, ranks A T K Q J 9 8 7).  A set of cards is
an ``int`` bit mask with bit ``1 << card`` set: the hot loops of the engine work
on masks, never on lists.

Which cards are trump, and how strong each card is, depends on the game, so it
lives in a :class:`TrumpOrder` that the rule profile chooses (rules.md A-2, A-3,
F-7, F-8; design.md 2).

Source: rules.md A-1..A-6.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable, Iterator

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardParseError",
    "TRUMP",
    "CARD_NAMES",
    "FULL_DECK",
    "POINTS",
    "TrumpOrder",
    "STANDARD",
    "trump_order",
    "SIX",
    "SIXES",
    "indiana_order",
    "mask_of",
    "cards_in",
    "points_of",
    "popcount",
]


class Suit(enum.IntEnum):
    """The four printed suits, in index order. ``TRUMP`` (4) is the effective
    suit of every trump card."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]


#: The effective suit of a trump card (trump counts as one suit, rules.md B-18).
TRUMP = 4


class Rank(enum.IntEnum):
    """Ranks in index order (A=0 ... 7=7)."""

    ACE = 0
    TEN = 1
    KING = 2
    QUEEN = 3
    JACK = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7

    @property
    def letter(self) -> str:
        return "ATKQJ9876"[self]


_RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)  # rules.md A-5


class CardParseError(ValueError):
    """Raised by :meth:`Card.parse` for text that is not a card."""


class Card(enum.IntEnum):
    """One of the 32 cards.  Member names are suit-first (``Card.CQ`` is the
    queen of clubs, ``Card.D7`` the seven of diamonds) because Python names may
    not start with a digit; ``str(card)`` is the SHN spelling, rank first
    (``"QC"``, ``"7D"``, ``"TH"``)."""

    CA = 0; CT = 1; CK = 2; CQ = 3; CJ = 4; C9 = 5; C8 = 6; C7 = 7  # noqa: E702
    SA = 8; ST = 9; SK = 10; SQ = 11; SJ = 12; S9 = 13; S8 = 14; S7 = 15  # noqa: E702
    HA = 16; HT = 17; HK = 18; HQ = 19; HJ = 20; H9 = 21; H8 = 22; H7 = 23  # noqa: E702
    DA = 24; DT = 25; DK = 26; DQ = 27; DJ = 28; D9 = 29; D8 = 30; D7 = 31  # noqa: E702

    @property
    def suit(self) -> Suit:
        """The printed suit (a queen of clubs is printed ♣ though it is trump)."""
        return _SUIT_OF[self]  # Suit(self >> 3); the 6♣ and 6♠ are ♣ and ♠

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]  # Rank(self & 7); SIX for the 6♣ and 6♠

    @property
    def points(self) -> int:
        """Card points: A 11, T 10, K 4, Q 3, J 2, 9/8/7 0 (rules.md A-5)."""
        return POINTS[self]

    @property
    def bit(self) -> int:
        return 1 << self

    def __str__(self) -> str:
        return _NAMES[self]

    def pretty(self) -> str:
        """Rank and suit symbol, ``10`` for the ten: ``Q♣``, ``10♦``."""
        r = "10" if self.rank is Rank.TEN else self.rank.letter
        return r + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read a card: rank ``A K Q J T 9 8 7`` (or ``10``) then suit ``C S H D``
        (or ``♣ ♠ ♥ ♦``), any case.  Raises :class:`CardParseError`."""
        card = _PARSE.get(text.upper())
        if card is None:
            raise CardParseError(f"{text!r} is not a card (expected rank A K Q J T 9 8 7 then suit C S H D, e.g. QC, TD, 7H)")
        return card


def _pseudo(cls, value: int, name: str):
    """A member made outside the class body (issue 18, the 34-card deck): it
    converts and compares like any member, but ``for c in cls`` does not list
    it, so every loop over the 32 cards (or the 8 ranks) stays as it was."""
    obj = int.__new__(cls, value)
    obj._name_ = name
    obj._value_ = value
    cls._value2member_map_[value] = obj
    return obj


#: rules.md F-1 four-handed row, "34 (+6♣ 6♠)": the six, 0 card points, below the 7
#: of its fail suit.  Only the 34-card profiles deal the 6♣ and the 6♠.
SIX = _pseudo(Rank, 8, "SIX")
C6 = _pseudo(Card, 32, "C6")
S6 = _pseudo(Card, 33, "S6")
#: The two sixes as a bit mask (the 34-card deck is :data:`FULL_DECK` | SIXES).
SIXES = (1 << 32) | (1 << 33)

# Card index -> its member, printed suit and rank, made once (the properties and
# cards_in look them up instead of calling the enum for every card).
_CARD_OF: tuple[Card, ...] = tuple(Card(i) for i in range(32)) + (C6, S6)
_SUIT_OF: tuple[Suit, ...] = tuple(Suit(i >> 3) for i in range(32)) + (Suit.CLUBS, Suit.SPADES)
_RANK_OF: tuple[Rank, ...] = tuple(Rank(i & 7) for i in range(32)) + (SIX, SIX)

_NAMES = tuple(Rank(i & 7).letter + Suit(i >> 3).letter for i in range(32)) + ("6C", "6S")
#: SHN spelling of each card index: ``CARD_NAMES[Card.CQ] == "QC"``.
CARD_NAMES = _NAMES
POINTS: tuple[int, ...] = tuple(_RANK_POINTS[i & 7] for i in range(32)) + (0, 0)

_PARSE: dict[str, Card] = {}
for _c in Card:
    for _r in (_c.rank.letter, "10") if _c.rank is Rank.TEN else (_c.rank.letter,):
        for _s in (_c.suit.letter, _c.suit.symbol):
            _PARSE[_r + _s] = _c
            if _s == "♥":
                _PARSE[_r + "♡"] = _c
            if _s == "♦":
                _PARSE[_r + "♢"] = _c

for _c in (C6, S6):
    for _s in (_c.suit.letter, _c.suit.symbol):
        _PARSE["6" + _s] = _c

FULL_DECK: int = (1 << 32) - 1


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of ``mask`` in index order."""
    cards = _CARD_OF
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        yield cards[i] if i < 34 else Card(i)
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()


#: The card points of each 8-card byte of a mask (one suit: A T K Q J 9 8 7 in
#: bits 0..7, rules.md A-5), so a mask's points are four lookups.
_BYTE_POINTS: tuple[int, ...] = tuple(sum(_RANK_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))


def points_of(mask: int) -> int:
    """Card points held in ``mask`` (0..120; the sixes of the 34-card deck,
    bits 32 and 33, count 0)."""
    t = _BYTE_POINTS
    return t[mask & 255] + t[mask >> 8 & 255] + t[mask >> 16 & 255] + t[mask >> 24 & 255]


@dataclass(frozen=True, slots=True)
class TrumpOrder:
    """Which cards are trump and how strong every card is.

    * ``name`` — the ``trumpOrder`` flag value (rules.md J) or game name.
    * ``trumps`` — the trump cards, strongest first.
    * ``fail_ranks`` — the order of a fail suit, strongest first, as ranks.
    * ``trump_mask`` — bit mask of the trump cards.
    * ``suit_of`` — 32 effective suits: 0..3 for fail cards, ``TRUMP`` for trump.
    * ``strength`` — 32 numbers; within one effective suit, higher wins.  Every
      trump is stronger than every fail card.
    * ``suit_masks`` — for each effective suit 0..4, the mask of its cards.
    """

    name: str
    trumps: tuple[Card, ...]
    fail_ranks: tuple[Rank, ...]
    trump_mask: int
    suit_of: tuple[int, ...]
    strength: tuple[int, ...]
    suit_masks: tuple[int, ...]

    @classmethod
    def build(cls, name: str, trumps: Iterable[Card], fail_ranks: Iterable[Rank] = (
        Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN), sixes: bool = False) -> "TrumpOrder":
        """``sixes``: the 34-card deck's order (issue 18): the tables have 34
        entries and the 6♣ and 6♠ are the lowest cards of their fail suits;
        without it they have 32, exactly as before."""
        trumps = tuple(trumps)
        fail_ranks = tuple(fail_ranks)
        tmask = mask_of(trumps)
        size = 34 if sixes else 32
        suit_of = [0] * size
        strength = [0] * size
        for i, c in enumerate(trumps):
            suit_of[c] = TRUMP
            strength[c] = 100 + len(trumps) - i
        for c in Card:
            if not tmask >> c & 1:
                suit_of[c] = c.suit
                if c.rank not in fail_ranks:
                    raise ValueError(f"{c} is neither trump nor ranked in its fail suit")
                strength[c] = len(fail_ranks) - fail_ranks.index(c.rank)
        if sixes:
            for c in (C6, S6):
                if tmask >> c & 1 or not any(tmask >> x & 1 == 0 and x.suit == c.suit for x in Card):
                    raise ValueError(f"{c}: the sixes are fail cards of a fail suit")
                suit_of[c] = c.suit
                strength[c] = 0  # below the 7 (strength 1)
        suit_masks = tuple(sum(1 << c for c in range(size) if suit_of[c] == s) for s in range(5))
        return cls(name, trumps, fail_ranks, tmask, tuple(suit_of), tuple(strength), suit_masks)

    def follow_mask(self, hand: int, led: Card | None) -> int:
        """The cards of ``hand`` (a mask) that may be played to a trick led
        with ``led`` (None: the lead, any card): the cards of the led
        effective suit (trump counts as one suit), else any card (rules.md
        B-18, G-9, F-1's Indiana game)."""
        if led is None:
            return hand
        follow = hand & self.suit_masks[self.suit_of[led]]
        return follow or hand

    def is_trump(self, card: Card) -> bool:
        return bool(self.trump_mask >> card & 1)

    def trick_winner(self, cards, led: int) -> int:
        """The seat that wins a trick of ``(seat, card)`` pairs in play order:
        the highest trump, else the highest card of the ``led`` effective suit
        (rules.md B-19, G-9).  Games with an unknown card or a called ten that
        beats its ace adjust this in their own state."""
        suit_of, strength = self.suit_of, self.strength
        best, w = -1, cards[0][0]
        for s, c in cards:
            st = strength[c]
            if suit_of[c] == TRUMP:
                st += 1000
            elif suit_of[c] != led:
                continue
            if st > best:
                best, w = st, s
        return w

    @property
    def fail_suits(self) -> tuple[Suit, ...]:
        """Suits that still have fail cards (♣ ♠ ♥ in the standard order)."""
        return tuple(s for s in Suit if self.suit_masks[s])


_C = Card
STANDARD = TrumpOrder.build(
    "standard",
    (_C.CQ, _C.SQ, _C.HQ, _C.DQ, _C.CJ, _C.SJ, _C.HJ, _C.DJ, _C.DA, _C.DT, _C.DK, _C.D9, _C.D8, _C.D7),
)  # rules.md A-2

_ORDERS = {
    "standard": STANDARD,
    # rules.md F-7: the 7♦ ("spitz") second-highest, or highest.
    "spitz2": TrumpOrder.build(
        "spitz2",
        (_C.CQ, _C.D7, _C.SQ, _C.HQ, _C.DQ, _C.CJ, _C.SJ, _C.HJ, _C.DJ, _C.DA, _C.DT, _C.DK, _C.D9, _C.D8),
    ),
    "spitz1": TrumpOrder.build(
        "spitz1",
        (_C.D7, _C.CQ, _C.SQ, _C.HQ, _C.DQ, _C.CJ, _C.SJ, _C.HJ, _C.DJ, _C.DA, _C.DT, _C.DK, _C.D9, _C.D8),
    ),
    # rules.md F-8: clubs replace diamonds in trump; diamonds become fail.
    "clubsTrump": TrumpOrder.build(
        "clubsTrump",
        (_C.CQ, _C.SQ, _C.HQ, _C.DQ, _C.CJ, _C.SJ, _C.HJ, _C.DJ, _C.CA, _C.CT, _C.CK, _C.C9, _C.C8, _C.C7),
    ),
}


def _indiana(suit: Suit) -> TrumpOrder:
    """rules.md F-1 (southern-Indiana game): the four jacks above the four
    queens (each in the suit order ♣ ♠ ♥ ♦ of A-2), then ``suit`` A 10 K 9 8 7;
    the other three suits are fail A 10 K 9 8 7."""
    return TrumpOrder.build(
        "indiana" if suit is Suit.HEARTS else f"indiana-{suit.name.lower()}",
        (_C.CJ, _C.SJ, _C.HJ, _C.DJ, _C.CQ, _C.SQ, _C.HQ, _C.DQ)
        + tuple(Card(suit * 8 + r) for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)),
    )


#: rules.md F-1: the Indiana orders, hearts trump (ace call, best, billy) and
#: one per side-solo trump suit.
_INDIANA = {s: _indiana(s) for s in Suit}
_ORDERS["indiana"] = _INDIANA[Suit.HEARTS]

# issue 18 (h18a), rules.md F-9 "some groups reorder queens/jacks; treat trump
# order as data": the two other orders of queens and jacks the sources name,
# each over the standard diamonds (docs/profiles.md "Other queen and jack orders").
#: rules.md F-1 (the southern-Indiana row): the jacks above the queens.
_ORDERS["jacksHigh"] = TrumpOrder.build(
    "jacksHigh",
    (_C.CJ, _C.SJ, _C.HJ, _C.DJ, _C.CQ, _C.SQ, _C.HQ, _C.DQ, _C.DA, _C.DT, _C.DK, _C.D9, _C.D8, _C.D7),
)
#: rules.md F-6 (the fox game's order on the 32 cards): only the black queens
#: above the jacks; the Q♦ ranks among the diamonds under the K♦, and the Q♥
#: is a plain heart (A 10 K Q 9 8 7), so trump has 13 cards and hearts 7.
_ORDERS["twoQueensHigh"] = TrumpOrder.build(
    "twoQueensHigh",
    (_C.CQ, _C.SQ, _C.CJ, _C.SJ, _C.HJ, _C.DJ, _C.DA, _C.DT, _C.DK, _C.DQ, _C.D9, _C.D8, _C.D7),
    (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN),
)


def indiana_order(suit: Suit = Suit.HEARTS) -> TrumpOrder:
    """The Indiana four-handed trump order with ``suit`` as the trump suit
    (rules.md F-1: jacks above queens, hearts trump; a side solo names
    another suit)."""
    return _INDIANA[Suit(suit)]


_ORDERS34: dict[str, TrumpOrder] = {}


def trump_order(name: str, sixes: bool = False) -> TrumpOrder:
    """The trump order named by the profile flag ``trumpOrder``; ``sixes``:
    its form for the 34-card deck (6♣ 6♠ the lowest of their fail suits).
    Raises ``KeyError`` for an unknown name, ``ValueError`` for an order
    whose trump holds a six (clubs trump)."""
    if not sixes:
        return _ORDERS[name]
    o = _ORDERS34.get(name)
    if o is None:
        base = _ORDERS[name]
        o = _ORDERS34[name] = TrumpOrder.build(name, base.trumps, base.fail_ranks, sixes=True)
    return o
