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

from .cards import CARD_NAMES, Card

__all__ = ["Provenance", "Outcome", "UNPLAYED_OUTCOMES", "THROWN_IN", "outcome_label", "RENEGE_WORD", "reneged",
           "with_renege", "CardLog", "PlayRow",
           "ReplayedCardLog", "HandOutcome", "card_names"]

Provenance = Literal["asserted", "derived", "verified", "conflict"]
#: ``misplay``: a picked hand settled by ``renegePenalty=offenderPaysEach``
#: (rules.md B-23); ``unknown``: a picked hand whose agreed (``^``) score fits
#: no result under the rules.  Neither counts as a played pick.
Outcome = Literal["win", "win-s", "win-z", "lose", "lose-s", "lose-z", "leaster", "doubler", "misdeal", "ramsch",
                  "moster", "mittler", "schneidster", "schwanzer", "misplay", "unknown",
                  "potsplit"]

#: The outcomes of a hand dealt but not played (a misdeal, a doubler thrown in, a pot split without play:
#: rules.md B-4, D-11, D-19): a seat at one is no hand played (the ledger's "hands played", the sheet's count of
#: played hands), and its units are only the carry's (the pot, the stake of the next hand).
UNPLAYED_OUTCOMES: tuple[str, ...] = ("misdeal", "doubler", "potsplit")

#: What a deal thrown in is called (rules.md G-4: all passed and no Ramsch is played; SHN-SK ``thrown``): it is
#: stored with outcome ``misdeal`` (unplayed, as a misdeal is) and game type ``thrown``, but nobody misdealt.
THROWN_IN = "thrown in"


def outcome_label(outcome: str, game_type: str | None = None) -> str:
    """The word for a stored ``outcome`` where a sheet or a replay names it:
    :data:`THROWN_IN` for a deal thrown in (``outcome == "misdeal"`` with
    ``game_type == "thrown"``, rules.md G-4; verify32 F8b), else ``outcome``
    itself (``misdeal``, rules.md B-4, ``doubler`` …).  The one source of the
    label for ``shead sheet``, the Sheet page and ``shead replay``."""
    return THROWN_IN if outcome == "misdeal" and game_type == "thrown" else outcome


#: The word beside a hand's result (``lost 67 (renege)``) and on the card in its trick when a renege the table
#: ruled on (``^R``, W-RENEGE) settled the hand (rules.md B-23; table33 F1): the breakdown says how
#: (:func:`replay.scoring.renege_words`).
RENEGE_WORD = "renege"


def reneged(warnings) -> bool:
    """Whether a stored hand's ``warnings`` (its list of messages, or the
    stored JSON text of it) hold a ``W-RENEGE``: a renege the table ruled
    on, whose penalty settled the hand (rules.md B-23)."""
    if not warnings:
        return False
    if isinstance(warnings, str):
        return "W-RENEGE" in warnings
    return any("W-RENEGE" in w for w in warnings)


def with_renege(label: str, warnings) -> str:
    """``label`` (a result as a sheet or a Result line says it) with
    :data:`RENEGE_WORD` beside it when :func:`reneged` (``warnings``):
    ``lost 67`` -> ``lost 67 (renege)``, ``lost 30 (schneidered)`` ->
    ``lost 30 (schneidered, renege)``; else ``label`` unchanged.  The one
    place the sheet, ``shead replay`` and the Replay page mark it."""
    if not reneged(warnings):
        return label
    if label.endswith(")"):
        return f"{label[:-1]}, {RENEGE_WORD})"
    return f"{label} ({RENEGE_WORD})"


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


def card_names(cards) -> list[str | None]:
    """``str(c)`` of each card (None for ``??``): a :class:`~replay.cards.Card`
    is looked up in :data:`~replay.cards.CARD_NAMES` (what its ``__str__``
    returns, without the call), anything else goes through ``str``."""
    return [None if c is None else CARD_NAMES[c] if type(c) is Card else str(c) for c in cards]


def _made(slot, make):
    """A property over the :class:`CardLog` field ``slot`` (its slot
    descriptor) that fills the slot with ``make(log)`` when first read."""

    def get(log):
        try:
            return slot.__get__(log, None)
        except AttributeError:
            value = make(log)
            slot.__set__(log, value)
            return value

    return property(get, slot.__set__)


def _replayed_plays(log: "ReplayedCardLog") -> list[PlayRow]:
    rows: list[PlayRow] = []
    seats, won, reneges = log.seats, log.won, log.reneges
    i = 0
    for k, (_, cards, winner) in enumerate(log.tricks):
        w = -1 if winner is None else won[k] if won is not None else next(j for j, sc in enumerate(cards)
                                                                              if sc[0] == winner)
        for j, (s, c) in enumerate(cards):
            rows.append(PlayRow(k + 1, j, seats[s], CARD_NAMES[c], i in reneges, j == w))
            i += 1
    return rows


class ReplayedCardLog(CardLog):
    """The :class:`CardLog` the judge makes of a hand it replayed, kept as
    the engine has it: ``seats`` the seat aliases (engine seat -> alias),
    ``dealt`` the ``deal`` lines as ``{alias: cards}``, ``blind_cards`` and
    ``bury_cards`` as written (:class:`~replay.cards.Card` or None for
    ``??``), ``tricks`` the tricks played in order as
    :attr:`GameState.tricks <replay.state.GameState.tricks>` has them
    (``(leader, ((seat, card), ...), winner)``; a last trick cut short by an
    unknown card has winner None), ``won`` the index of each trick's winning
    card where a seat plays two cards to a trick (the battery games,
    rules.md B-19; else None: the winner's one card) and ``reneges`` the
    play indices of the cards marked ``^R`` (rules.md B-23); ``masks`` the
    card mask of each engine seat's hand as dealt when the engine replayed a
    full deal (every hand and the blind known, no table cards), else None:
    the store's deal id is made from them
    (:func:`replay.deal_identity.deal_id_of_masks`).

    Its four fields (SHN spellings, :class:`PlayRow` objects) are made when
    first read, so an ingest, which stores the cards as small integers
    (``ingest.store.card_log_row`` reads the attributes above), never makes
    them.  It equals the :class:`CardLog` of the same fields."""

    __slots__ = ("seats", "dealt", "blind_cards", "bury_cards", "tricks", "won", "reneges", "masks")

    def __init__(self, seats: list[str], dealt: dict[str, list], blind_cards, bury_cards,
                 tricks: list[tuple], won: list[int] | None, reneges: tuple[int, ...] | frozenset = (),
                 masks: tuple[int, ...] | None = None):
        self.masks = masks
        self.seats = seats
        self.dealt = dealt
        self.blind_cards = blind_cards
        self.bury_cards = bury_cards
        self.tricks = tricks
        self.won = won
        self.reneges = reneges

    deal = _made(CardLog.deal, lambda log: {seat: card_names(cards) for seat, cards in log.dealt.items()})
    blind = _made(CardLog.blind, lambda log: card_names(log.blind_cards))
    bury = _made(CardLog.bury, lambda log: card_names(log.bury_cards))
    plays = _made(CardLog.plays, _replayed_plays)

    def __eq__(self, other):
        if not isinstance(other, CardLog):
            return NotImplemented
        return (self.deal, self.blind, self.bury, self.plays) == (other.deal, other.blind, other.bury, other.plays)

    __hash__ = None  # type: ignore[assignment]  # as a CardLog's


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
