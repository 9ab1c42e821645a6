"""A validated hand: what the validator hands to the store, and what the store
gives back to exports and the dashboard.  The contract between
``ingest.validate`` (producer), ``ingest.store`` and ``ingest.export``.

Two layers (design.md 3): the **card log** (:class:`CardLog`: deal, blind,
bury, plays — never rewritten) and the **outcome** (:class:`HandOutcome`:
derived by the engine, recomputed by ``shead rederive``).  Field names and
meanings of :class:`HandOutcome` are exactly the JSONL export fields of
design.md 5.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

from replay.errors import Diagnostic

__all__ = ["Provenance", "CardLog", "PlayRow", "HandOutcome", "ValidatedHand", "RejectedHand", "FileResult", "content_hash",
           "hand_conflict", "same_rules"]

Provenance = Literal["asserted", "derived", "verified", "conflict"]
Outcome = Literal["win", "win-s", "win-z", "lose", "lose-s", "lose-z", "leaster", "doubler", "misdeal", "ramsch",
                  "moster", "mittler", "schneidster", "schwanzer"]


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
    game: str  # "sheepshead" | "schafkopf"
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


@dataclass(slots=True)
class ValidatedHand:
    """A hand that passed validation, ready to store."""

    outcome: HandOutcome
    cardlog: CardLog | None  # None for a score-sheet hand
    source: str  # the hand's SHN text, canonical or as written
    source_file: str | None
    source_line: int
    hash: str  # content_hash(session id, hand number, normalised source)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # warnings
    # The session's tag lines in force for this hand (``[Event "..."]`` ...,
    # one per line, without ``%SHN``), so the store can rebuild a readable
    # file from stored sources (``shead rederive``, ``export --format shn``).
    # Empty when unknown: the store then writes the tags from the outcome.
    session_header: str = ""


@dataclass(slots=True)
class RejectedHand:
    """A hand that failed: its errors (the first is the cause) and its text."""

    session: str | None
    hand: int | None
    source: str
    source_file: str | None
    source_line: int
    errors: list[Diagnostic]
    hash: str


@dataclass(slots=True)
class FileResult:
    """The result of reading and validating one file."""

    path: str | None
    hands: list[ValidatedHand] = field(default_factory=list)
    rejected: list[RejectedHand] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)  # file-level (encoding, header)


def content_hash(session: str, hand: int | None, source: str) -> str:
    """The identity of a stored hand: sha256 over the session id, the hand
    number and the hand's source with line ends and trailing blanks normalised,
    so that re-ingesting the same file adds nothing."""
    if "\r" in source or " \n" in source or "\t\n" in source:
        norm = "\n".join(line.rstrip() for line in source.replace("\r\n", "\n").replace("\r", "\n").strip().split("\n"))
    else:  # already normalised (every canonical file): skip the per-line pass
        norm = source.strip()
    h = hashlib.sha256()
    h.update(f"{session}\x00{hand}\x00{norm}".encode("utf-8", "surrogateescape"))  # undecodable bytes as read
    return h.hexdigest()[:32]


def hand_conflict(session: str, hand: int, where: str, *, rules: tuple[str, str] | None = None, file=None,
                  line: int = 0) -> Diagnostic:
    """``E-HAND-CONFLICT`` for hand ``hand`` of ``session`` already stored
    (from ``where``, ``file:line``) with other text, or with the same text
    under other rules (``rules`` = (stored, written) [Rules] texts)."""
    if rules is not None:
        return Diagnostic("E-HAND-CONFLICT", f"hand {hand} of session {session!r} is already stored, from {where}, "
                          f"under [Rules {rules[0]!r}]; this copy is under [Rules {rules[1]!r}]: a session holds each "
                          "hand once, under one set of rules", "error", file, line, 1, hand,
                          found=f"[Rules {rules[1]!r}]", expected=f"[Rules {rules[0]!r}], or a new hand number")
    return Diagnostic("E-HAND-CONFLICT", f"hand {hand} of session {session!r} is already stored, from "
                      f"{where}, with other text; a session holds each hand once",
                      "error", file, line, 1, hand, found=f"a second hand {hand}",
                      expected="a new hand number, or the stored text")


def same_rules(a: str | None, b: str | None) -> bool:
    """Whether two ``[Rules]`` texts are the same as written, blanks around
    ``;`` and ``=`` and empty items aside (``"wi5; pot=on"`` is
    ``"wi5;pot = on"``).  The store keeps one result per hand text: the same
    text under other rules is ``E-HAND-CONFLICT`` (docs/storage.md "Session
    carry")."""
    def norm(t: str | None) -> list[str]:
        return ["=".join(x.strip() for x in item.split("=")) for item in (t or "").split(";") if item.strip()]
    return norm(a) == norm(b)
