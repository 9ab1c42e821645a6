"""Actions: small frozen values that :meth:`replay.state.GameState.apply` takes.

Seats are integers 0..n-1 in clockwise order (the order of SHN's ``Seats``
tag).  Every action names its actor where there is one (notation.md §2,
PHH: no inference of who acted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from .cards import Card

__all__ = ["Pass", "Pick", "Bury", "Call", "Alone", "Crack", "Recrack", "Castrate", "Blitz", "Sheepshead", "Play",
           "Claim", "BlindTrick", "GiveCard", "Action"]


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` declines the blind (rules.md B-5)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pick:
    """``seat`` takes the blind (rules.md B-5, B-7)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Bury:
    """The picker buries ``cards`` (exactly the blind size, rules.md B-7).
    ``cards`` is None when the bury was not recorded."""

    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Call:
    """The picker calls ``card``: a fail ace (B-9), a fail ten (B-10), a fail ace
    with an unknown card ``under`` (B-11), or a jack call-up in the
    jack-of-diamonds game (C-4)."""

    card: Card
    under: Card | None = None


@dataclass(frozen=True, slots=True)
class Alone:
    """The picker plays alone by choice (rules.md B-13)."""


@dataclass(frozen=True, slots=True)
class Crack:
    """``seat`` cracks (doubles) before the first card (rules.md E-2)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Recrack:
    """The picker or partner ``seat`` re-cracks after a crack (rules.md E-3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Castrate:
    """A further ``seat`` — neither picker, partner nor the cracker — doubles
    again after the re-crack (rules.md E-4; ``allowCastrate``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Blitz:
    """``seat`` shows both black (``"black"``) or both red queens (rules.md
    E-5); with ``pair="jacks"`` both black jacks (J♣ J♠) or both red jacks
    (J♥ J♦) under ``allowBlitz=queensAndJacks``."""

    seat: int
    color: Literal["black", "red", "middle", "four"]  # middle, four: jacks only (jackBlitz, issue 18)
    pair: Literal["queens", "jacks"] = "queens"
    #: declared after the play, by the seat that played both cards of the
    #: pair (``lateBlitz=on``, rules.md E-5, issue 18)
    late: bool = False


@dataclass(frozen=True, slots=True)
class Sheepshead:
    """The picker calls "sheepshead": a contract to take every trick (rules.md
    C-9; ``allowSheepsheadCall``)."""


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``card``.  ``renege`` marks a renege the table saw and
    ruled on (SHN ``^R``): the engine accepts it and settles by
    ``renegePenalty`` (rules.md B-23)."""

    seat: int
    card: Card
    renege: bool = False


@dataclass(frozen=True, slots=True)
class Claim:
    """``seat`` claims the remaining tricks for its side (notation.md §3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class BlindTrick:
    """Before the first card of a leaster (or another no-pick game played in
    tricks) the dealer names trick ``trick`` (1-based) whose winner gets the
    blind's card points (``leasterBlind=namedTrick``, rules.md D-3)."""

    trick: int


@dataclass(frozen=True, slots=True)
class GiveCard:
    """``give S c back b`` (``wi6-7d-high``, rules.md F-1): before the lead,
    seat ``seat``, holding two partner cards, passes the partner card
    ``card`` to the seat on its left, which passes ``back`` in return
    (``None``: not known).  Issue 18; :func:`replay.partner_cards.give`."""

    seat: int
    card: Card
    back: Card | None = None


Action = Union[Pass, Pick, Bury, Call, Alone, Crack, Recrack, Castrate, Blitz, Sheepshead, Play, Claim, BlindTrick,
               GiveCard]

