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
import json
from dataclasses import dataclass, field
from functools import lru_cache

from replay.errors import Diagnostic
from replay.outcome import CardLog, HandOutcome, PlayRow, Provenance  # noqa: F401 - re-exported



__all__ = ["is_sheet_file", "Provenance", "CardLog", "PlayRow", "HandOutcome", "ValidatedHand", "RejectedHand", "FileResult", "content_hash",
           "hand_conflict", "rules_meaning", "same_meaning", "same_rules"]

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
    rules: str | None = None  # the [Rules] text a protocol's games were checked under (inferred or given)
    inference: object | None = None  # a protocol's replay.sk_tariff.TariffInference
    log_totals: dict[str, int] | None = None  # a protocol's last running table, seat name -> units
    sittings: list | None = None  # a CSV ledger's ingest.csv_sheet.Sitting rows (settlements without hands)
    # a sheet's nights, each under its own Total row: session -> player -> units (ingest.csv_sheet)
    night_totals: dict[str, dict[str, int]] | None = None
    # a sheet of one night whose Total row differs from its rows (W-CSV-TOTALS): session -> that row as written, what
    # a stored night's check is against once the send stores a hand of it (fixa27, real26 F6); None otherwise
    stated_totals: dict[str, dict[str, int]] | None = None
    # a sheet read in batches: each night's rows refused in the whole file so far (session -> count), what its
    # Total row's check counts as refused (break24c F9); None: the file's own rejected hands
    night_refused: dict[str, int] | None = None
    # a file read in batches: each stored session's block of the file so far, kept across its batches, on which
    # Store._another_night decides (break25 F2); None: the file read whole, its block all in hand
    night_blocks: dict | None = None
    # the file's sessions voided whole (an export's header with [_Voided] and no hand): (session, header, record)
    voided_sessions: list | None = None
    # a workbook's: (session, line) -> the sheet the hand was read from (FILE[SHEET]), for the store's messages of a
    # hand (W-HAND-AMENDED, W-HAND-VOIDED: real25 F5, they named the workbook only); None: the file's path
    line_files: dict[tuple, str] | None = None
    # a CSV sheet that continues a stored session (session=NAME, a Session column: newuser30): session -> what its
    # E-HAND-CONFLICT refusals add (how the sheet's hands are numbered after the stored ones); None otherwise
    continued: dict[str, str] | None = None


_sha256 = hashlib.sha256
#: content_hash's latest results by their arguments: a file ingested into a database that exists has its hands
#: hashed by the store's plan (to find them stored, :meth:`ingest.store.Store.plan_ingest`) and again by the
#: validator (each hand's identity); the second is a look-up (issue 17: a hash is about 3 µs of a hand's 150, the
#: look-up a tuple and a dict probe, the source's str hash kept by the string).  Cleared when full.
_HASHED: dict[tuple, str] = {}
_HASHED_MAX = 4096


def content_hash(session: str, hand: int | None, source: str) -> str:
    """The identity of a stored hand: sha256 over the session id, the hand
    number and the hand's source with line ends and trailing blanks normalised,
    so that re-ingesting the same file adds nothing.  Returns 32 hex digits
    (the digest's first 16 bytes); remembers the latest :data:`_HASHED_MAX`
    results (the same arguments give the same text)."""
    key = (session, hand, source)
    got = _HASHED.get(key)
    if got is not None:
        return got
    if len(_HASHED) >= _HASHED_MAX:
        _HASHED.clear()
    got = _HASHED[key] = _hashed(session, hand, source)
    return got


def _hashed(session: str, hand: int | None, source: str) -> str:
    """:func:`content_hash` worked out."""
    if "\r" in source or " \n" in source or "\t\n" in source:
        norm = "\n".join(line.rstrip() for line in source.replace("\r\n", "\n").replace("\r", "\n").strip().split("\n"))
    else:  # already normalised (every canonical file): skip the per-line pass
        norm = source.strip()
    # one call (issue 17): undecodable bytes hashed as read
    # (the first 16 bytes in hex: the first 32 hex digits, without hexing the other 16)
    return _sha256(f"{session}\x00{hand}\x00{norm}".encode("utf-8", "surrogateescape")).digest()[:16].hex()


def hand_conflict(session: str, hand: int, where: str, *, rules: tuple[str, str] | None = None, file=None,
                  line: int = 0, same_units: bool = False) -> Diagnostic:
    """``E-HAND-CONFLICT`` for hand ``hand`` of ``session`` already stored
    (from ``where``, ``file:line``) with other text, or with the same text
    under other rules (``rules`` = (stored, written) [Rules] texts).  A copy
    that pays the ``same_units`` under both rules is the stored hand: the
    message says how to put the night under the new rules (void the session
    and ingest again, or ``--amend``; newuser29 F2)."""
    if rules is not None:
        todo = (f"; it pays the same under both: to keep the session under [Rules {rules[1]!r}], void it and ingest "
                f"again (shead void {session!r} --session --reason '...'), or amend its hands with the new [Rules] "
                "(shead ingest --amend FILE --reason '...'); else this copy is not needed" if same_units else "")
        return Diagnostic("E-HAND-CONFLICT", f"hand {hand} of session {session!r} is already stored, from {where}, "
                          f"under [Rules {rules[0]!r}]; this copy is under [Rules {rules[1]!r}]: a session holds each "
                          f"hand once, under one set of rules{todo}", "error", file, line, 1, hand,
                          found=f"[Rules {rules[1]!r}]", expected=f"[Rules {rules[0]!r}], or a new hand number")
    return Diagnostic("E-HAND-CONFLICT", f"hand {hand} of session {session!r} is already stored, from "
                      f"{where}, with other text; a session holds each hand once",
                      "error", file, line, 1, hand, found=f"a second hand {hand}",
                      expected="a new hand number, or the stored text")


def _rules_items(t: str | None) -> list[str]:
    return ["=".join(x.strip() for x in item.split("=")) for item in (t or "").split(";") if item.strip()]


def refines(old: str | None, new: str | None) -> bool:
    """Whether the ``[Rules]`` text ``new`` only adds to ``old``: the same
    profile (first item) and every ``key=value`` of ``old`` in ``new``
    (``"netschafkopf; tariff.sauspiel=10"`` is refined by ``"netschafkopf;
    tariff.sauspiel=10; tariff.solo=50"``, not by ``...sauspiel=20``).  A
    NetSchafkopf protocol's tariff is read off its price lines: read again
    once it has grown, it knows more prices (:meth:`ingest.store.Store._rules_clashes`)."""
    a, b = _rules_items(old), _rules_items(new)
    return bool(a) and bool(b) and a[0] == b[0] and set(a) <= set(b)


def is_sheet_file(path: str | None) -> bool:
    """Whether a stored hand's file is a score sheet's (CSV, TSV, a workbook or its tab ``book.xlsx[Tab]``): its
    hands are stored as SHN lines, so the file's name is what says it was a sheet."""
    return bool(path) and path.lower().split("[")[0].endswith((".csv", ".tsv", ".xlsx", ".xlsm"))


def same_rules(a: str | None, b: str | None) -> bool:
    """Whether two ``[Rules]`` texts are the same as written, blanks around
    ``;`` and ``=`` and empty items aside (``"wi5; pot=on"`` is
    ``"wi5;pot = on"``).  The store keeps one result per hand text: the same
    text under other rules is ``E-HAND-CONFLICT`` (docs/storage.md "Session
    carry")."""
    return _rules_items(a) == _rules_items(b)


@lru_cache(maxsize=512)
def rules_meaning(rules: str | None) -> str:
    """What a ``[Rules]`` text means, as a key equal for texts of the same
    meaning (break29b F2, fixc30 F3): the flags and table of the profile it
    resolves to (:func:`replay.profile.parse_rules`, the default profile for
    no text; a Schafkopf text :func:`replay.schafkopf.parse_schafkopf_rules`),
    the name it starts from aside (rules.md J: a name is its flags), so
    ``wi5-pot``, ``wi5-called-ace;pot=on`` and ``wi5-called-ace; doubleOnBump=on;
    pot=on`` (a default written out, the flags in any order) are one rule
    set, and ``wi5-pot; doubleOnBump=off`` another under the same name.  A
    text that reads under neither game is kept as written, blanks around
    ``;`` and ``=`` aside (:func:`same_rules`).  Resolved once per distinct
    text.  Never raises."""
    from replay.profile import parse_rules  # noqa: PLC0415 - the reader's hot path does not need them
    from replay.schafkopf import parse_schafkopf_rules  # noqa: PLC0415

    for kind, parse in (("sheepshead", parse_rules), ("schafkopf", parse_schafkopf_rules)):
        try:
            flags = parse(rules or None).model_dump()
        except Exception:  # noqa: BLE001 - not this game's rules: the next, else the text itself
            continue
        flags.pop("name", None)
        return kind + json.dumps(flags, sort_keys=True, default=str)
    return "text" + json.dumps(_rules_items(rules))


def stored_rules_meaning(given, stored) -> tuple[str, ...]:
    """The texts of ``stored`` (the ``[Rules]`` texts a database holds) that
    mean what one of ``given`` means (:func:`same_meaning`: the flags in any
    order, a default written out, a profile written as its name or as its
    flags, rules.md J), in the order of ``stored``; when none does, ``given``
    itself, so a text matching nothing still filters to nothing (never to
    "all", an empty tuple).
    The one way ``shead ledger --rules`` and the dashboard's Rules filter
    read a rules text (break30 F6)."""
    given = tuple(given or ())
    if not given:
        return ()
    out = tuple(dict.fromkeys(t for t in stored if t is not None and any(same_meaning(g, t) for g in given)))
    return out or given


def same_meaning(a: str | None, b: str | None) -> bool:
    """Whether two ``[Rules]`` texts mean the same rules (:func:`rules_meaning`):
    the one comparison of rules by meaning (W-POT-CARRY's group,
    W-SESSION-HEADER, W-SESSION-COPY, W-SESSION-DIFFERS, an amendment's
    E-AMEND-RULES); the same text as written (:func:`same_rules`) always is."""
    return same_rules(a, b) or rules_meaning(a) == rules_meaning(b)
