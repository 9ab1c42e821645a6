"""What the judge decides about one hand (design.md 3, "derived outcomes"):
the card log as recorded and the derived outcome, whose field names and
meanings are exactly the JSONL export fields of design.md 5.

Two layers (design.md 3): the **card log** (:class:`CardLog`: deal, blind,
bury, plays — never rewritten) and the **outcome** (:class:`HandOutcome`:
derived by the engine from the hand's facts, recomputed by ``shead
rederive``).  Made by :mod:`replay.judge`; stored by ``ingest.store``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Provenance", "Outcome", "CardLog", "PlayRow", "HandOutcome"]

Provenance = Literal["asserted", "derived", "verified", "conflict"]
#: ``misplay``: a picked hand settled by ``renegePenalty=offenderPaysEach``
#: (rules.md B-23); ``unknown``: a picked hand whose agreed (``^``) score fits
#: no result under the rules.  Neither counts as a played pick.
Outcome = Literal["win", "win-s", "win-z", "lose", "lose-s", "lose-z", "leaster", "doubler", "misdeal", "ramsch",
                  "moster", "mittler", "schneidster", "schwanzer", "misplay", "unknown",
                  "potsplit"]


@dataclass(slots=True)
class PlayRow:
    """One card of the card log: trick 1..n, order 0..4 within the trick."""

    trick: int
    order: int
    seat: str
    card: str | None  # SHN spelling ("QC"), None for an unknown card
    renege: bool = False
    winner: bool = False  # this card won its trick


@dataclass(slots=True)
class CardLog:
    """The cards as recorded (SHN spelling, None for ``??``).  ``deal`` maps a
    seat alias to its dealt cards; it is empty when no ``deal`` lines were
    written."""

    deal: dict[str, list[str | None]] = field(default_factory=dict)
    blind: list[str | None] = field(default_factory=list)
    bury: list[str | None] = field(default_factory=list)
    plays: list[PlayRow] = field(default_factory=list)


@dataclass(slots=True)
class HandOutcome:
    """The derived facts of one hand; the JSONL export object (design.md 5).

    For a Schafkopf game (``game="schafkopf"``): ``picker`` is the declarer,
    ``partner`` the holder of the called Sau in a Sauspiel, ``call`` the
    called Sau in SHN spelling (``"AC"`` for the Eichel-Sau; None in other
    games), ``game_type`` the announced game (``sauspiel``, ``solo``,
    ``wenz``, ``geier``, ``farbwenz``, ``farbgeier``, ``tout``, ``ramsch``),
    ``picker_points`` the declaring party's Augen and ``outcome`` is
    ``ramsch`` for a Ramsch; ``units`` are the tariff's points (rules.md G-16);
    ``laufende`` the Laufende that count in the price and ``laufende_with``
    which party holds the run of highest trumps (rules.md G-13; None for a
    Ramsch and for every Sheepshead hand).
    """

    session: str
    group: str | None
    hand: int
    date: str | None  # YYYY-MM-DD
    rules: str  # the [Rules] text as written
    rules_flags: dict[str, object]
    game: str  # "sheepshead" | "schafkopf" | "indiana" (units are then race points gained, rules.md F-5)
    game_type: str | None
    players: dict[str, str]  # seat alias -> player name, clockwise
    dealer: str | None
    picker: str | None
    partner: str | None
    call: str | None  # "AS", "TH", "AS under 7C", "JH", "alone" or None
    alone: bool
    leaster_winner: str | None  # the winner of a no-pick game (leaster, mittler, schneidster, a moster sweep)
    multiplier: int
    picker_points: int | None
    picker_tricks: int | None
    outcome: str  # one of Outcome
    units: dict[str, int]
    provenance: dict[str, str]
    status: str  # "full" | "score-sheet"
    table: str | None = None
    site: str | None = None
    stake: int = 1  # doubler stake part of ``multiplier``
    marks: int = 0  # cracks + recracks + blitzes
    tier: int | None = None  # 1, 2 or 3 (no-tricker); None without a picker
    partner_revealed_trick: int | None = None
    called_suit: str | None = None  # "C", "S", "H", "D" for a called card
    call_type: str | None = None  # "ace", "ten", "under", "alone", "jd", "jd-callup", "own-ace" (rules.md B-14), "queens", None
    breakdown: str | None = None  # human-readable settlement breakdown
    warnings: list[str] = field(default_factory=list)
    # Schafkopf, rules.md G-13, counted on the dealt cards; None for a Ramsch and for Sheepshead:
    laufende: int | None = None  # Laufende counted in the price: the run's length, 0 below the profile's minimum
    laufende_with: bool | None = None  # True: the declaring party holds the run ("mit"); False: the opponents ("ohne")
    # rules.md D-19 (pot=on): the pot is an extra seat after the players.  Its
    # units in this hand (+ paid in, − taken); ``sum(units) + pot == 0``.  The
    # store keeps it as a ``hand_units`` row with seat ``(pot)`` and no player.
    pot: int = 0
    partner2: str | None = None  # a second partner: 3v3 wi6-jd-ace, 3v5 wi8-qc-jd-7d (docs/profiles.md)
    # Schafkopf (migration 019): the announced game also under a Tout (game_type is then "tout"): sauspiel, solo,
    # wenz, geier, farbwenz, farbgeier, ramsch; and its trump suit "C"/"S"/"H"/"D" (None in a Wenz or Geier).
    sk_game: str | None = None
    trump_suit: str | None = None
