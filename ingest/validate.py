"""Validation is replay: an SHN record is legal exactly when the engine can
replay it under its rule profile (design.md 2).

:func:`validate_text` reads a file (``ingest.shn.reader``), replays every hand
through :class:`replay.state.GameState`, cross-checks every fact written twice
(the partner, ``pts``, ``tricks``, the outcome, the score) against the replay
and the profile, derives what was left out, and returns a
:class:`~ingest.model.FileResult`: validated hands with their outcome,
provenance and card log, and rejected hands with their errors.

Provenance of each fact (notation.md §4): ``asserted`` (written, nothing to
check it against), ``derived`` (computed, not written), ``verified`` (written
and equal to the computed value) or ``conflict`` (written with the ``^`` mark
although the replay says otherwise: kept, and used by the ledger).

Errors carry the line and column of the statement or card at fault.  The
first illegal card stops the replay of that hand; no error that only follows
from it is reported.  Lenient reading (``strict=False``) rejects the bad hand
and goes on; strict reading raises the first error as a
:class:`~replay.errors.ShedError`.
"""

from __future__ import annotations

import datetime as _dt
import gc
import re
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from replay.actions import (Alone, BlindTrick, Blitz, Bury, Call, Castrate, Claim, Crack, Pass, Pick, Recrack,
                            Sheepshead)
from replay.cards import CARD_NAMES, Rank, cards_in, mask_of, points_of
from replay.errors import Diagnostic, IllegalAction, ProfileError, ShedError
from replay.profile import RuleProfile, parse_rules
from replay.scoring import (NOPICK_GAMES, OUTCOME_TIER, PLAYED_NOPICK, Settlement, picked_result, schneider_lines,
                            schwanzer_value, settle_leaster, settle_nopick, settle_picked, settle_void, with_pot, ZeroSumError)
from replay.replay import Frame, snapshot
from replay.state import CallType, GameState, Phase, bury_count_error, next_seat

from .meaning import same_hand, with_differences
from .model import (CardLog, FileResult, HandOutcome, PlayRow, RejectedHand, ValidatedHand, content_hash,
                    hand_conflict, same_rules)
from .shn.record import HandRecord, Pos, SessionRec, ShnFile
from .validate_in import check_indiana, is_indiana
from .validate_sk import check_schafkopf, is_schafkopf

__all__ = ["validate_text", "validate_file", "validate_records", "replay_text", "HandReplay", "HandCheck",
           "SessionState", "build_state"]


class _Reject(Exception):
    """Internal: stop checking this hand with this diagnostic."""

    def __init__(self, diag: Diagnostic):
        self.diag = diag


@dataclass(slots=True)
class SessionState:
    """What a session carries from hand to hand: doublers not yet played off
    (rules.md D-11, D-12, J "Doublers"), the pot's balance (``pot=on``, D-19)
    and the last dealer.

    ``known`` says whether every earlier hand of the session (1 .. n-1) has
    been counted, so that the carried stake and pot are the session's own:
    then a written ``stake N`` / ``pot N`` must equal them (E-STAKE, E-POT).
    A hand after a gap (a hand missing, rejected, or a session that does not
    start at hand 1 in what was read) makes the carry unknown for the rest
    of the session (the hand gets ``W-SESSION-GAP`` when the profile carries
    a stake or a pot).  The carry is fed by accepted hands only, in the order
    read: the stored hands of the session before a file's hands
    (:func:`prior_state`, docs/storage.md "Session carry"), then the file's."""

    queued: int = 0  # doublerStacking=queued: hands still to be played at ×2
    run: int = 0  # doublerStacking=multiplicative: doublers in a row
    pot: int = 0  # pot=on: units in the pot before the next hand
    last_hand: int | None = None
    last_dealer: int | None = None
    known: bool = True  # every earlier hand of the session counted (no gap)

    def next_stake(self, profile: RuleProfile) -> int:
        if profile.doublerStacking == "multiplicative":
            return 2 ** self.run
        return 2 if self.queued else 1

    def played(self, profile: RuleProfile) -> None:
        if profile.doublerStacking == "multiplicative":
            self.run = 0
        elif self.queued:
            self.queued -= 1

    def thrown_in(self) -> None:
        self.queued += 1
        self.run += 1

    def reaches(self, number: int) -> bool:
        """Whether hand ``number`` follows the counted hands with no gap
        (hand 1 of a session, or the hand after the last one counted)."""
        if self.last_hand is None:
            return self.known and number == 1
        return self.known and number == self.last_hand + 1

    def after(self, profile: RuleProfile, number: int, outcome: str, game: str, pot_before: int, pot_delta: int,
              dealer: int | None) -> None:
        """Count an accepted hand: a doubler queues a doubled hand (D-11,
        D-12), a played Sheepshead hand plays one off, a misdeal neither; the
        pot's balance becomes ``pot_before + pot_delta`` (D-19, the pot seat's
        units: + when the pot takes, - when it pays out)."""
        self.known = self.reaches(number)
        if outcome == "doubler":
            self.thrown_in()
        elif outcome != "misdeal" and game == "sheepshead":
            self.played(profile)
        self.pot = pot_before + pot_delta
        self.last_hand = number
        if dealer is not None:
            self.last_dealer = dealer


@dataclass(slots=True)
class HandCheck:
    """The working state of one hand's validation."""

    rec: HandRecord
    file: str | None
    profile: RuleProfile | None = None
    aliases: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)  # alias -> seat number
    seats: tuple = ()  # (alias, name) clockwise
    prov: dict[str, str] = field(default_factory=dict)
    warnings: list[Diagnostic] = field(default_factory=list)
    frames: list | None = None  # when a list, collect replay frames (replay_text)
    date: str | None = None  # YYYY-MM-DD from the Date tag, None when unknown
    pot: int = 0  # the pot's balance before this hand (pot=on, rules.md D-19)
    dealer: int | None = None  # the dealer seat, when known
    sk_state: object = None  # a Schafkopf hand: its SchafkopfState, once replayed (replay_text)

    def picked(self, picker: int, partner, outcome: str, stake: int, marks, *,
               sheepshead: bool = False, out: int | None = None) -> Settlement:
        """``settle_picked`` for this hand: a forced picker (rules.md D-13,
        D-14, ``forcedPickNoBump``), a sheepshead call (C-9), a dealer who sits
        out (``out``, F-1) and the pot (D-19) taken into account."""
        prof = self.profile
        forced = self.dealer is not None and picker == prof.forced_pick_seat(self.dealer)
        st = settle_picked(prof, prof.players, picker, partner, outcome, stake=stake, marks=marks, forced=forced,
                           sheepshead=sheepshead, out=out)
        return self.potted(st, picker, partner)

    @property
    def pot_on(self) -> bool:
        """The profile keeps a pot (``pot=on``, rules.md D-19); never in
        Schafkopf, whose profiles have no pot."""
        return bool(getattr(self.profile, "pot", False))

    def potted(self, st: Settlement, picker: int | None, partner: int | None) -> Settlement:
        """``st`` with the pot as an extra seat under ``pot=on`` (rules.md D-19)."""
        if not self.profile.pot:
            return st
        return with_pot(st, pot=self.pot, picker=picker, partner=partner)

    def diag(self, code: str, message: str, pos: Pos | None, *, found=None, expected=None, trick=None,
             severity="error") -> Diagnostic:
        p = pos or self.rec.pos
        return Diagnostic(code, message, severity, self.file, p.line or self.rec.line, p.col or 1, self.rec.number,
                          trick, None if found is None else str(found), None if expected is None else str(expected))

    def reject(self, code: str, message: str, pos: Pos | None, **kw) -> _Reject:
        return _Reject(self.diag(code, message, pos, **kw))

    def seat(self, alias: str | None, pos: Pos | None) -> int:
        try:
            return self.index[alias]
        except KeyError:
            raise self.reject("E-SEAT", f"{alias!r} is not a seat of this hand", pos, found=alias,
                              expected=" ".join(self.aliases)) from None

    def engine_error(self, exc: IllegalAction, pos: Pos | None, trick: int | None = None) -> _Reject:
        d = exc.diagnostic
        msg = _alias_text(d.message, self.aliases)  # speak in seat aliases, not numbers
        found, expected = d.found, d.expected
        if d.code in ("E-WRONG-TURN", "E-PICK-ORDER", "E-PARTNER-CARD", "E-SIT-OUT"):
            found, expected = (self._alias(found), self._alias(expected))
        return _Reject(self.diag(d.code, msg, pos, found=found, expected=expected, trick=trick or d.trick))

    def _alias(self, v: str | None) -> str | None:
        try:
            return self.aliases[int(v)]
        except (TypeError, ValueError, IndexError):
            return v


# ---------------------------------------------------------------------------
# building the engine state from a record


def _cards_mask(cards) -> int | None:
    if cards is None or any(c is None for c in cards):
        return None
    m = mask_of(cards)
    return m


def build_state(chk: HandCheck, dealer: int, stake: int) -> GameState:
    """The engine state at the deal: from the ``deal`` lines when all are
    written, else each seat holding the cards it plays (notation.md §3)."""
    rec, prof = chk.rec, chk.profile
    sitting = dealer if prof.sitOut else None
    hands, seen_seats, known, blind_mask = _read_deal(chk, sitting)
    table = _table(chk, _or(hands) | (blind_mask or 0))
    if rec.deals:
        complete = (known and len(seen_seats) == prof.playing and (blind_mask is not None or not prof.has_blind)
                    and (table is not None or not prof.tableStacks))
        if complete:
            return GameState(prof, dealer, hands, blind_mask or 0, complete=True, stake=stake, pot=chk.pot,
                             table=table)
        if len(seen_seats) == prof.playing and known and blind_mask is None and rec.blind is None:
            # every hand dealt, blind not written: the blind is what is left
            rest = prof.deck_mask & ~_or(hands)
            if rest.bit_count() == prof.blind_size:
                return GameState(prof, dealer, hands, rest, complete=True, stake=stake, pot=chk.pot)
        if any(rec.tricks):
            what = "table lines" if prof.tableStacks else "the blind"
            raise chk.reject("E-DEAL-INCOMPLETE", "the deal lines do not give every card, so the tricks cannot be "
                             f"replayed; write all {prof.playing} deal lines and {what}, or no deal lines at all",
                             rec.deals[0].pos, found=f"{len(seen_seats)} deal lines",
                             expected=f"{prof.playing} deal lines and {what}")
        return GameState(prof, dealer, hands, blind_mask or 0, complete=False, stake=stake, pot=chk.pot)
    if rec.tables:
        raise chk.reject("E-TABLE-DEAL", "table lines without deal lines: the table cards are part of the deal "
                         "(docs/notation.md §6); write the deal lines too, or no table lines", rec.tables[0].pos,
                         found="table lines only", expected=f"{prof.playing} deal lines with the table lines")
    return _state_from_plays(chk, dealer, stake, blind_mask)


def _read_deal(chk: HandCheck, sitting: int | None) -> tuple[list[int], set[int], bool, int | None]:
    """Check every card written in the ``deal`` lines and the ``blind``
    (rules.md A-1, B-2, F-1), whether or not the dealer is known: each card
    in the deck (``E-DECK``), once only (``E-DEAL-DUPLICATE``), a seat dealt
    once (``E-DEAL-TWICE``) and not the dealer who sits out (``E-SIT-OUT``;
    ``sitting`` None when not known or not sitting out), a deal line of the
    hand size (``E-DEAL-SIZE``), a blind of the blind size
    (``E-BLIND-SIZE``).  Returns (card mask per seat, the seats with a deal
    line, whether no deal card is ``??``, the blind's mask or None when the
    blind is not written or holds ``??``)."""
    rec, prof = chk.rec, chk.profile
    blind = rec.blind
    blind_mask = _cards_mask(blind.cards) if blind else None
    if blind is not None:
        _check_deck(chk, blind.cards, blind.card_pos, blind.pos)
        if len(blind.cards) != prof.blind_size:
            raise chk.reject("E-BLIND-SIZE", f"the blind has {len(blind.cards)} cards", blind.pos,
                             found=len(blind.cards), expected=prof.blind_size)
        _check_repeats(chk, blind.cards, blind.card_pos, blind.pos, 0)
    hands = [0] * prof.players
    seen_seats: set[int] = set()
    known = True
    dealt = blind_mask or 0
    for d in rec.deals:
        s = chk.seat(d.seat, d.pos)
        if s in seen_seats:
            raise chk.reject("E-DEAL-TWICE", f"{d.seat} is dealt twice", d.pos, found=f"deal {d.seat}",
                             expected="one deal line per seat")
        seen_seats.add(s)
        if s == sitting:
            raise chk.reject("E-SIT-OUT", f"{d.seat} deals and sits out under {prof.name}, so is dealt no cards "
                             "(rules.md F-1)", d.pos, found=f"deal {d.seat}", expected="no deal line for the dealer")
        _check_deck(chk, d.cards, d.card_pos, d.pos)
        if len(d.cards) != prof.hand_size:
            raise chk.reject("E-DEAL-SIZE", f"{d.seat} is dealt {len(d.cards)} cards", d.pos, found=len(d.cards),
                             expected=prof.hand_size)
        if None in d.cards:
            known = False
        m = _check_repeats(chk, d.cards, d.card_pos, d.pos, dealt)
        hands[s] = m
        dealt |= m
    return hands, seen_seats, known, blind_mask


def _check_repeats(chk: HandCheck, cards, card_pos, pos: Pos, dealt: int) -> int:
    """The mask of the known ``cards``; ``E-DEAL-DUPLICATE`` at the first
    card written twice in ``cards`` or already in ``dealt`` (rules.md A-1)."""
    m = 0
    for c in cards:
        if c is not None:
            m |= 1 << c
    if m.bit_count() != len(cards) - cards.count(None) or m & dealt:
        for i, c in enumerate(cards):  # find the first repeated card, for its position
            if c is not None and (dealt >> c & 1 or c in cards[:i]):
                cp = card_pos[i] if i < len(card_pos) else pos
                raise chk.reject("E-DEAL-DUPLICATE", f"{c} is dealt twice", cp, found=c, expected="each card once")
    return m


def _table(chk: HandCheck, dealt: int) -> list[list[tuple]] | None:
    """The ``table`` lines of a two-handed hand (``wi2``, rules.md F-1) as
    the engine's stacks per seat ``[(down, up), ...]``; None unless every
    seat's stacks are written and known.  ``dealt`` is the mask of the cards
    of the deal lines and the blind.  Rejects ``E-TABLE-NONE`` (table lines
    under a profile without table cards), ``E-TABLE-SIZE`` (not
    ``tableStacks`` stacks), ``E-DEAL-DUPLICATE`` (a card twice on the table,
    or on the table and in a hand) and ``E-DECK``."""
    rec, prof = chk.rec, chk.profile
    if not rec.tables:
        return None
    if not prof.tableStacks:
        t = rec.tables[0]
        raise chk.reject("E-TABLE-NONE", f"'table {t.seat}' under {prof.name}, which deals no table cards "
                         "(rules.md F-1: only the two-handed game, wi2)", t.pos, found=f"table {t.seat}",
                         expected="no table lines")
    table: list[list[tuple]] = [[] for _ in range(prof.players)]
    known = True
    for t in rec.tables:
        s = chk.seat(t.seat, t.pos)
        _check_deck(chk, t.cards, t.card_pos, t.pos)
        stacks = len(t.cards) // 2
        if stacks != prof.tableStacks:
            raise chk.reject("E-TABLE-SIZE", f"{t.seat} has {stacks} table stacks", t.pos, found=stacks,
                             expected=prof.tableStacks)
        known = known and None not in t.cards
        dealt |= _check_repeats(chk, t.cards, t.card_pos, t.pos, dealt)
        table[s] = [(t.cards[k], t.cards[k + 1]) for k in range(0, len(t.cards), 2)]
    if not known or any(not st for st in table):
        return None
    return table


def _state_from_plays(chk: HandCheck, dealer: int, stake: int, blind_mask: int | None) -> GameState:
    """No deal lines: each seat holds the cards it plays, the picker also the
    bury; a written blind is taken out of the picker's cards (notation.md §3)."""
    rec, prof = chk.rec, chk.profile
    n = prof.players
    sitting = dealer if prof.sitOut else None
    hands = [0] * n
    for t in rec.tricks:
        seat = chk.seat(t.leader, t.leader_pos)
        for i, pl in enumerate(t.plays):
            if i:
                seat = next_seat(n, sitting, seat)
            if pl.card is None:
                continue
            _check_deck(chk, [pl.card], [pl.pos], pl.pos, trick=t.number)
            if _or(hands) >> pl.card & 1:
                raise chk.reject("E-CARD-PLAYED", f"{pl.card} is played twice", pl.pos, found=pl.card,
                                 expected="each card once", trick=t.number)
            hands[seat] |= 1 << pl.card
    blind = 0
    if rec.pick is not None:
        p = chk.seat(rec.pick.value, rec.pick.pos)
        bury = _cards_mask(rec.bury.cards) if rec.bury is not None else None
        if bury is not None:
            _check_deck(chk, rec.bury.cards, rec.bury.card_pos, rec.bury.pos)
            clash = bury & _or(hands)
            if clash:
                c = next(c for c in rec.bury.cards if clash >> c & 1)
                raise chk.reject("E-BURY-NOT-HELD", f"{c} is buried and also played", rec.bury.pos, found=c,
                                 expected="a card nobody plays")
            hands[p] |= bury
        if blind_mask is not None:
            stray = blind_mask & ~hands[p]
            if stray and bury is not None:
                c = next(c for c in rec.blind.cards if stray >> c & 1)
                raise chk.reject("E-BLIND", f"{c} is in the blind but the picker neither plays nor buries it",
                                 rec.blind.pos, found=c, expected="a card the picker plays or buries")
            if not stray:
                hands[p] &= ~blind_mask
                blind = blind_mask
    elif blind_mask is not None:
        blind = blind_mask
    else:  # a leaster's blind, set aside: what nobody played
        rest = prof.deck_mask & ~_or(hands)
        if rest.bit_count() == prof.blind_size:
            blind = rest
    if sitting is not None and hands[sitting]:
        raise chk.reject("E-SIT-OUT", f"{chk.aliases[sitting]} deals and sits out under {prof.name}, but plays a card "
                         "(rules.md F-1)", rec.tricks[0].pos, found=chk.aliases[sitting],
                         expected="tricks of the five other seats")
    complete = (all(h.bit_count() == (0 if s == sitting else prof.hand_size) for s, h in enumerate(hands))
                and blind.bit_count() == prof.blind_size)
    return GameState(prof, dealer, hands, blind, complete=complete, stake=stake, pot=chk.pot)


def _check_deck(chk: HandCheck, cards, card_pos, pos: Pos | None, trick: int | None = None) -> None:
    """Every known card is in the profile's deck (rules.md F-1: the 30-card
    deck has no 7♣ 7♠, the 26-card deck no non-trump 7s and 8s), else
    ``E-DECK`` at the card."""
    deck = chk.profile.deck_mask
    for i, c in enumerate(cards):
        if c is not None and not deck >> c & 1:
            p = card_pos[i] if i < len(card_pos) else pos
            raise chk.reject("E-DECK", f"{c} is not in the {chk.profile.deck}-card deck of {chk.profile.name} "
                             "(rules.md F-1)", p, found=c, expected=f"a card of the {chk.profile.deck}-card deck",
                             trick=trick)


@lru_cache(maxsize=1024)
def _parse_seats(text: str) -> tuple[tuple[str, str], ...]:
    """``Al=Allen Braun; Bea=...`` -> ((alias, name), ...), clockwise."""
    out = []
    for part in text.split(";"):
        part = part.strip()
        if part:
            alias, _, name = part.partition("=")
            out.append((alias.strip(), name.strip() or alias.strip()))
    return tuple(out)


@lru_cache(maxsize=1024)
def _seat_index(text: str) -> dict[str, int]:
    return {a: i for i, (a, _) in enumerate(_parse_seats(text))}


@lru_cache(maxsize=256)
def _flags(rules_text: str) -> dict[str, object]:
    """The resolved flags of a [Rules] text, computed once per text (treat as read-only)."""
    return parse_rules(rules_text).model_dump()


def _or(ms) -> int:
    out = 0
    for m in ms:
        out |= m
    return out


# ---------------------------------------------------------------------------
# one hand


_OUT_WORDS = ("win", "lose", "win-s", "lose-s", "win-z", "lose-z")


def _check_hand(chk: HandCheck, sess: SessionState) -> tuple[HandOutcome, CardLog | None, Settlement]:
    rec = chk.rec
    if is_schafkopf(rec):  # SHN-SK: replayed through SchafkopfState (docs/notation.md §14)
        chk.date = _check_date(chk)
        return check_schafkopf(chk, sess)
    if is_indiana(rec):  # [Rules "in4"]: replayed through IndianaState (docs/profiles.md, Indiana four-handed)
        chk.date = _check_date(chk)
        return check_indiana(chk, sess)
    for v, kw in ((rec.game, "game"), (rec.ramsch, "ramsch"), (rec.laufende, "laufende"),
                  *((m, m.kind) for m in rec.marks if m.kind in ("klopfen", "kontra", "re"))):
        if v is not None:
            raise chk.reject("E-SK-STATEMENT", f"'{kw}' is a Schafkopf statement; this hand's [Rules] is a Sheepshead "
                             "profile (a Schafkopf hand names a Schafkopf profile: schafkopf, schafkopf-bsv, "
                             "netschafkopf)", v.pos, found=kw, expected="a Sheepshead statement")
    # ---- profile and seats
    rules_text = rec.tag("Rules") or ""
    try:
        prof = parse_rules(rules_text)
    except ProfileError as exc:
        pos = rec.tag_pos.get("Rules") or rec.session.tag_pos.get("Rules")
        d = exc.diagnostic
        raise chk.reject(d.code, d.message, pos, found=d.found, expected=d.expected) from None
    chk.profile = prof
    seats_text = rec.tag("Seats") or ""
    chk.seats = _parse_seats(seats_text)
    chk.aliases = [a for a, _ in chk.seats]
    chk.index = _seat_index(seats_text)
    n = prof.players
    if len(chk.aliases) != n:
        pos = rec.tag_pos.get("Seats") or rec.session.tag_pos.get("Seats")
        if not chk.aliases:
            raise chk.reject("E-SEATS-MISSING", "no [Seats] tag is in force for this hand", rec.pos,
                             found="no Seats", expected=f"[Seats] with {n} seats")
        raise chk.reject("E-SEATS", f"[Seats] lists {len(chk.aliases)} seats; {prof.name} is played by {n}", pos,
                         found=len(chk.aliases), expected=n)
    if len(set(chk.aliases)) != n:
        pos = rec.tag_pos.get("Seats") or rec.session.tag_pos.get("Seats")
        raise chk.reject("E-SEATS", "a seat alias is listed twice in [Seats]", pos, found=",".join(chk.aliases),
                         expected="distinct aliases")
    prov = chk.prov

    dealer = written_dealer(chk, sess, n)

    _check_ranges(chk)
    chk.date = _check_date(chk)
    chk.dealer = dealer
    kind = _hand_kind(chk)
    known = sess.reaches(rec.number)
    _check_pot(chk, sess, known)
    staked = kind == "pick" or kind in NOPICK_GAMES
    stake_derived = sess.next_stake(prof) if staked else 1
    stake = stake_derived
    if rec.stake is not None and rec.stake.value is not None:
        stake = rec.stake.value
        if stake < 1 or stake & (stake - 1):
            raise chk.reject("E-STAKE", f"stake {stake} is not a power of two", rec.stake.pos, found=stake,
                             expected="1, 2, 4, ...")
        if known and stake != stake_derived:
            raise chk.reject("E-STAKE", f"stake {stake} disagrees with the session's doublers: the hands before "
                             f"it give stake {stake_derived} (rules.md D-11, D-12)",
                             rec.stake.pos, found=stake, expected=stake_derived)
        prov["stake"] = "verified" if known else "asserted"
    else:
        prov["stake"] = "derived"
    _gap_warning(chk, known, staked and prof.noPick == "doubler" and prov["stake"] == "derived")

    if kind in ("leaster", "doubler") and not prof.has_blind:
        st = rec.leaster or rec.doubler
        head = "the non-dealer" if prof.two_handed else "the Q♣ holder"
        raise chk.reject("E-NOPICK", f"a {kind} in {prof.name}, which has no blind and no picking: {head} heads the "
                         "side (rules.md F-1)", st.pos, found=kind, expected=f"pick S ({head})")
    if kind == "misdeal":
        settle = settle_void(n, "misdeal")
        _agreed_score(chk, settle, rec.score)
        return _outcome(chk, dealer, None, None, None, settle, None, None, stake, 0), None, settle
    if kind != "pick" and prof.noPick != kind:
        stmt = {"doubler": rec.doubler, "leaster": rec.leaster}.get(kind, rec.nopick)
        expected = ("a pick: the forced seat may not pass (rules.md D-13)" if prof.noPick == "forcedPick"
                    else f"{prof.noPick} (noPick={prof.noPick}, rules.md D-1)")
        raise chk.reject("E-NOPICK", f"a {kind} under noPick={prof.noPick}", stmt.pos, found=kind, expected=expected)
    if kind == "doubler":
        settle = chk.potted(settle_void(n, "doubler"), None, None)
        _agreed_score(chk, settle, rec.score)
        return _outcome(chk, dealer, None, None, None, settle, None, None, 1, 0), None, settle
    if kind == "schwanzer" and rec.tricks:
        raise chk.reject("E-NOPICK", "a schwanzer is not played: the hands are shown (rules.md D-18)",
                         rec.tricks[0].pos, found=f"t{rec.tricks[0].number}", expected="no tricks")
    if rec.blind_trick is not None and (kind not in PLAYED_NOPICK or prof.leasterBlind != "namedTrick"):
        why = (f"leasterBlind={prof.leasterBlind}" if prof.leasterBlind != "namedTrick"
               else f"a {kind} has no blind to give")
        raise chk.reject("E-BLIND-TRICK", f"blindtrick is written but {why} (rules.md D-3)", rec.blind_trick.pos,
                         found=f"blindtrick {rec.blind_trick.value}", expected="no blindtrick")

    if rec.tricks:
        if dealer is None:
            raise chk.reject("E-DEALER", "the dealer is not known", rec.pos, found="no dealer", expected="dealer S")
        return _replay_hand(chk, kind, dealer, stake)
    return _score_sheet(chk, kind, dealer, stake)


def _hand_kind(chk: HandCheck) -> str:
    """``pick``, ``misdeal``, ``doubler`` or the no-pick game played
    (``leaster``, ``moster``, ``mittler``, ``schneidster``, ``schwanzer``)."""
    rec = chk.rec
    found = [(k, v) for k, v in (("pick", rec.pick), ("leaster", rec.leaster), ("doubler", rec.doubler),
                                 ("misdeal", rec.misdeal), (rec.nopick_game, rec.nopick)) if v is not None]
    if not found:
        raise chk.reject("E-HAND-KIND", "the hand says neither who picked nor that nobody did", chk.rec.pos,
                         found=f"hand {rec.number}", expected="pick S, leaster S, doubler, misdeal or the no-pick game "
                         "(moster S, mittler S, schneidster S, schwanzer S)")
    if len(found) > 1:
        k, other = found[1]
        raise chk.reject("E-HAND-KIND", f"{found[0][0]} and {k} in one hand", other.pos, found=k,
                         expected="one of pick, leaster, doubler, misdeal, moster, mittler, schneidster, schwanzer")
    return found[0][0]


def _check_pot(chk: HandCheck, sess: SessionState, known: bool) -> None:
    """The pot's balance before the hand (rules.md D-19): derived from the
    session, or written ``pot N``: checked against the session when every
    earlier hand of the session is known (``known``, even when the pot is
    empty), else asserted (a log that starts mid-session, a hand after a
    gap): then the written value seeds the carry."""
    rec, prof = chk.rec, chk.profile
    chk.pot = sess.pot
    w = rec.pot
    if w is None or w.value is None:
        if prof.pot:
            chk.prov["pot"] = "derived"
        return
    if not prof.pot:
        raise chk.reject("E-POT", f"pot {w.value} is written but the profile has no pot (pot=off, rules.md D-19)",
                         w.pos, found=f"pot {w.value}", expected="no pot statement")
    if w.value > _MAX_UNITS:
        raise chk.reject("E-POT", f"pot {w.value} is beyond what the log keeps", w.pos, found=w.value,
                         expected=f"at most {_MAX_UNITS}")
    if known and w.value != sess.pot:
        raise chk.reject("E-POT", f"pot {w.value} is written but the session's hands before it leave {sess.pot} in "
                         "the pot (rules.md D-19)", w.pos, found=w.value, expected=sess.pot)
    chk.prov["pot"] = "verified" if known else "asserted"
    chk.pot = w.value


def _gap_warning(chk: HandCheck, known: bool, stake_derived: bool) -> None:
    """``W-SESSION-GAP`` on a hand whose stake (a profile with doublers) or pot
    (``pot=on``) is derived while an earlier hand of its session is missing:
    the carry (rules.md D-11, D-12, D-19) counts only the hands read, so the
    value may be short (docs/storage.md "Session carry")."""
    if known:
        return
    what = [w for w, on in (("stake", stake_derived), ("pot", chk.prov.get("pot") == "derived")) if on]
    if not what:
        return
    rec = chk.rec
    chk.warnings.append(chk.diag(
        "W-SESSION-GAP", f"hand {rec.number}: an earlier hand of session {rec.session_id!r} is missing (not in the "
        f"log, rejected, or not stored yet); the {' and '.join(what)} derived from the hands before it may be "
        "incomplete", rec.pos, found=f"hand {rec.number}", expected="the session's hands from hand 1, or "
        + " and ".join(f"{w} N written" for w in what), severity="warning"))


def _marks_actions(chk: HandCheck):
    for m in chk.rec.marks:
        seat = chk.seat(m.seat, m.pos)
        if m.kind == "crack":
            yield Crack(seat), m.pos
        elif m.kind == "recrack":
            yield Recrack(seat), m.pos
        elif m.kind == "castrate":
            yield Castrate(seat), m.pos
        else:
            yield Blitz(seat, m.color or "black", m.pair), m.pos


def _replay_hand(chk: HandCheck, kind: str, dealer: int, stake: int):
    rec, prof = chk.rec, chk.profile
    state = build_state(chk, dealer, stake)
    g = state
    aliases = chk.aliases
    trick_rows: list[PlayRow] = []
    try:
        # ---- picking
        if kind == "pick":
            _pick(chk, g, dealer, chk.seat(rec.pick.value, rec.pick.pos))
            bury = rec.bury
            if bury is None:
                if g.phase == Phase.BURY:  # not in a game without a blind (rules.md F-1)
                    g.apply(Bury(None))
            else:
                cards = tuple(bury.cards)
                _apply(chk, g, Bury(None if any(c is None for c in cards) else cards), bury.pos)
            if rec.call is not None:
                c = rec.call
                if c.card is None:
                    raise chk.reject("E-CALL-UNKNOWN", "the called card is written ?? but the tricks are replayed",
                                     c.card_pos, found="??", expected="the called card")
                if c.has_under and c.under is None:
                    raise chk.reject("E-UNDER-UNKNOWN", "the unknown card is written ?? but the tricks are replayed; "
                                     "name it so its plays can be checked", c.under_pos, found="??", expected="a card")
                _apply(chk, g, Call(c.card, c.under), c.pos)
            if rec.alone is not None:
                if rec.call is not None:
                    raise chk.reject("E-CALL-ALONE", "both a call and alone", rec.alone.pos, found="call and alone",
                                     expected="one of them")
                _apply(chk, g, Alone(), rec.alone.pos)
            _apply_sheepshead(chk, g)
        else:
            s = g.to_act
            for _ in range(g.np):
                _apply(chk, g, Pass(s), (rec.leaster or rec.nopick).pos)
                s = g.next_seat(s)
            if rec.blind_trick is not None and rec.blind_trick.value is not None:
                _apply(chk, g, BlindTrick(rec.blind_trick.value), rec.blind_trick.pos)
            elif prof.leasterBlind == "namedTrick":
                raise chk.reject("E-BLIND-TRICK", "leasterBlind=namedTrick but no trick is named for the blind "
                                 "(rules.md D-3)", (rec.leaster or rec.nopick).pos, found="no blindtrick",
                                 expected="blindtrick N")
        for action, pos in _marks_actions(chk):
            _apply(chk, g, action, pos)
        if g.phase in (Phase.CALL, Phase.MARKS):
            try:
                g.start_play()
            except IllegalAction as exc:
                raise chk.engine_error(exc, _call_pos(chk, exc)) from None
        frames = chk.frames
        if frames is not None:
            frames.append(snapshot(g, 0, None))
        # ---- tricks
        expected_no = 1
        stopped = None
        for t in rec.tricks:
            if t.number != expected_no:
                raise chk.reject("E-TRICK-ORDER", f"t{t.number} where t{expected_no} was expected", t.pos,
                                 found=f"t{t.number}", expected=f"t{expected_no}", trick=t.number)
            expected_no += 1
            if g.phase == Phase.DONE:
                raise chk.reject("E-TOO-MANY-TRICKS", f"t{t.number} after the last trick", t.pos, found=f"t{t.number}",
                                 expected=f"{prof.tricks} tricks", trick=t.number)
            lead = chk.seat(t.leader, t.leader_pos)
            if lead != g.leader:
                who = "the player left of the dealer" if t.number == 1 else f"the winner of trick {t.number - 1}"
                raise chk.reject("E-LEADER", f"trick {t.number} is led by {t.leader}, but {who} leads it "
                                 "(rules.md B-17)", t.leader_pos, found=t.leader, expected=chk.aliases[g.leader],
                                 trick=t.number)
            if len(t.plays) != g.np:
                raise chk.reject("E-TRICK-SIZE", f"trick {t.number} has {len(t.plays)} cards", t.pos,
                                 found=len(t.plays), expected=g.np, trick=t.number)
            play = g.play
            number = t.number
            s = lead
            for i, pl in enumerate(t.plays):
                card = pl.card
                if card is None:
                    stopped = (number, pl.pos)
                    break
                try:
                    play(s, card, pl.renege)
                except IllegalAction as exc:
                    raise chk.engine_error(exc, pl.pos, number) from None
                if frames is not None:
                    frames.append(snapshot(g, len(frames), (s, card)))
                trick_rows.append(PlayRow(number, i, aliases[s], CARD_NAMES[card], pl.renege))
                s = g.next_seat(s)
            if stopped:
                break
            _, cards_played, w = g.tricks[-1]
            k = next(i for i, (seat, _) in enumerate(cards_played) if seat == w)
            trick_rows[k - len(cards_played)].winner = True
        if rec.claim is not None and stopped is None:
            cs = chk.seat(rec.claim.value, rec.claim.pos)
            _apply(chk, g, Claim(cs), rec.claim.pos)
            if frames is not None:
                frames.append(snapshot(g, len(frames) - 1, None))
    except IllegalAction as exc:  # setup actions without a better position
        raise chk.engine_error(exc, rec.pos) from None
    for seat, trick in g.reneges:
        chk.warnings.append(chk.diag("W-RENEGE", f"{chk.aliases[seat]} reneged in trick {trick}; the table ruled on it "
                                     f"(renegePenalty={prof.renegePenalty}, rules.md B-23)", rec.pos,
                                     severity="warning", trick=trick))
    cardlog = _cardlog(chk, trick_rows)
    if stopped is not None or g.phase != Phase.DONE:
        where = f"an unknown card in trick {stopped[0]}" if stopped else f"{len(g.tricks)} of {prof.tricks} tricks"
        chk.warnings.append(chk.diag("W-PARTIAL", f"the card log is incomplete ({where}); the result is taken from "
                                     "what is written", stopped[1] if stopped else rec.pos, severity="warning"))
        return _score_sheet(chk, kind, dealer, stake, state=g, cardlog=cardlog)
    # ---- the hand is over: cross-check what is written
    settle = g.settlement()
    if kind in NOPICK_GAMES:
        return _nopick_done(chk, g, kind, dealer, stake, settle, cardlog)
    picker = g.picker
    partner = _pa(g.partners())
    pts = g.side_points()
    tricks = g.side_tricks()
    _check_partner(chk, partner, g)
    outcome = settle.outcome
    # pts, tricks, outcome written?
    pts, tricks, outcome = _check_result(chk, pts, tricks, outcome, g)
    if outcome != settle.outcome:  # an agreed (^) result the cards do not support
        settle = chk.picked(picker, partner, outcome, stake, g.marks(), sheepshead=g.sheepshead, out=g.sitting)
    settle = _agreed_score(chk, settle)
    call = _call_text(g)
    return (_outcome(chk, dealer, picker, partner, call, settle, pts, tricks, stake, g.n_marks,
                     status="full", state=g), cardlog, settle)


def _pick(chk: HandCheck, g: GameState, dealer: int, picker: int) -> None:
    """``pick S``: every seat from the dealer's left up to S passed, then S
    picked (notation.md §3, rules.md B-5)."""
    s = g.to_act
    while g.profile.has_blind and s != picker and g.phase == Phase.PICK and g.passes < g.np - 1:
        _apply(chk, g, Pass(s), chk.rec.pick.pos)  # a stuck seat may not pass (rules.md D-13, D-14)
        s = g.next_seat(s)
    _apply(chk, g, Pick(picker), chk.rec.pick.pos)


def _apply(chk: HandCheck, g: GameState, action, pos: Pos) -> None:
    try:
        g.apply(action)
    except IllegalAction as exc:
        if exc.diagnostic.code == "E-BURY-JD" and chk.rec.bury is not None:
            pos = chk.rec.bury.pos  # rules.md C-6: the fault is the bury
        raise chk.engine_error(exc, pos) from None


def _call_pos(chk: HandCheck, exc: IllegalAction) -> Pos:
    """Where an error found when the call closes is reported: the bury for
    ``E-BURY-JD`` (rules.md C-6), else the call, else the pick."""
    rec = chk.rec
    if exc.diagnostic.code == "E-BURY-JD" and rec.bury is not None:
        return rec.bury.pos
    return rec.call.pos if rec.call else rec.pick.pos


def _apply_sheepshead(chk: HandCheck, g: GameState) -> None:
    """``sheepshead`` (rules.md C-9): the call closes first (a missing call is
    reported at the pick), then the contract is made."""
    rec = chk.rec
    if rec.sheepshead is None:
        return
    if g.phase == Phase.CALL:
        try:
            g.finish_call()
        except IllegalAction as exc:
            raise chk.engine_error(exc, _call_pos(chk, exc)) from None
    _apply(chk, g, Sheepshead(), rec.sheepshead.pos)


def _call_text(g: GameState) -> str | None:
    if g.alone and g.call_type in (CallType.ALONE, CallType.JD_CALLUP) and g.called is None:
        return "alone"
    if g.called is None:
        return "alone" if g.alone else None
    if g.under is not None:
        return f"{g.called} under {g.under}"
    return str(g.called)


def _pa(partners: tuple[int, ...]) -> int | tuple[int, ...] | None:
    """The partner(s) as :func:`settle_picked` takes them: None (alone), a
    seat, or a pair of seats (3v3, 3v5: rules.md F-1)."""
    return None if not partners else partners[0] if len(partners) == 1 else tuple(partners)


def _seats_of(pa) -> tuple[int, ...]:
    return () if pa is None else (pa,) if isinstance(pa, int) else tuple(pa)


def _check_partner(chk: HandCheck, partner, g: GameState | None) -> None:
    """The written ``partner S`` (and a second seat ``partner S S2``) against
    the partner(s) from the deal."""
    rec = chk.rec
    want = _seats_of(partner)
    for w in (rec.partner, rec.partner2):
        if w is None or w.value is None:
            continue
        s = chk.seat(w.value, w.pos)
        if not want and w is rec.partner and g is not None and g.call_type is CallType.OWN_ACE and s == g.picker:
            chk.prov["partner"] = "verified"  # rules.md B-14: the picker is their own partner
            return
        if not want:
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but the picker plays alone", w.pos,
                             found=w.value, expected="no partner")
        if s not in want or (w is rec.partner2 and rec.partner.value == w.value):
            if w.agreed or (rec.partner is not None and rec.partner.agreed):
                chk.prov["partner"] = "conflict"
                return
            names = " and ".join(chk.aliases[x] for x in want)
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but {names} "
                             f"hold{'s' if len(want) == 1 else ''} the partner card{'s' if len(want) > 1 else ''}",
                             w.pos, found=w.value, expected=names)
    if rec.partner is None or rec.partner.value is None:
        chk.prov["partner"] = "derived"
        return
    chk.prov["partner"] = "verified"


def _check_result(chk: HandCheck, pts: int | None, tricks: int, outcome: str, state: GameState | None = None):
    """Compare written pts/tricks/outcome with the replay.  Returns the values
    the ledger uses (agreed ``^`` values win)."""
    rec, prof = chk.rec, chk.profile
    used_pts, used_tricks, used_outcome = pts, tricks, outcome
    agreed = False
    if rec.pts is not None and rec.pts.value is not None:
        if pts is None:
            used_pts = rec.pts.value
            chk.prov["picker_points"] = "asserted"
        elif rec.pts.value != pts:
            if not rec.pts.agreed:
                raise chk.reject("E-PTS", f"pts {rec.pts.value} is written but the picker side has {pts} card points "
                                 "(bury included, rules.md B-24)", rec.pts.pos, found=rec.pts.value, expected=pts)
            chk.prov["picker_points"] = "conflict"
            used_pts, agreed = rec.pts.value, True
            chk.warnings.append(chk.diag("W-AGREED", f"pts ^{rec.pts.value} agreed at the table; the cards give {pts}",
                                         rec.pts.pos, severity="warning", found=rec.pts.value, expected=pts))
        else:
            chk.prov["picker_points"] = "verified"
    else:
        chk.prov["picker_points"] = "derived" if pts is not None else "asserted"
    if rec.tricks_won is not None and rec.tricks_won.value is not None:
        if rec.tricks_won.value != tricks:
            if not rec.tricks_won.agreed:
                raise chk.reject("E-TRICKS", f"tricks {rec.tricks_won.value} is written but the picker side took "
                                 f"{tricks}", rec.tricks_won.pos, found=rec.tricks_won.value, expected=tricks)
            chk.prov["picker_tricks"] = "conflict"
            used_tricks, agreed = rec.tricks_won.value, True
        else:
            chk.prov["picker_tricks"] = "verified"
    else:
        chk.prov["picker_tricks"] = "derived"
    if agreed and used_pts is not None:
        used_outcome = (state.picked_outcome(used_pts, used_tricks) if state is not None
                        else picked_result(prof, used_pts, used_tricks, prof.tricks))
    if rec.outcome is not None and rec.outcome.value is not None:
        if rec.outcome.value != used_outcome:
            if not rec.outcome.agreed:
                raise chk.reject("E-OUTCOME", f"{rec.outcome.value} is written but the replay gives {used_outcome} "
                                 f"({used_pts} card points, {used_tricks} tricks; rules.md B-27..B-30)",
                                 rec.outcome.pos, found=rec.outcome.value, expected=used_outcome)
            chk.prov["outcome"] = "conflict"
            used_outcome = rec.outcome.value
        else:
            chk.prov["outcome"] = "verified"
    else:
        chk.prov["outcome"] = "derived"
    return used_pts, used_tricks, used_outcome


#: What the seat of a no-pick statement is, and the rule (rules.md D).
_NOPICK_ROLE = {
    "leaster": ("the leaster winner", "D-4"),
    "moster": ("the seat with the most card points (or the one that took every trick)", "D-15"),
    "mittler": ("the mittler winner (the median card points)", "D-16"),
    "schneidster": ("the schneidster winner (closest to 30 without exceeding it)", "D-17"),
    "schwanzer": ("the schwanzer loser (the highest count)", "D-18"),
}


def _nopick_stmt(rec: HandRecord, kind: str):
    """(the statement's Value, written as a tie) of a no-pick hand."""
    if kind == "leaster":
        return rec.leaster, rec.leaster_tie
    return rec.nopick, rec.nopick_tie


def _check_leaster_words(chk: HandCheck, winner: int | None, pts: list[int] | None, kind: str = "leaster") -> None:
    """The written seat (or ``-``) and ``pts`` of a no-pick game against the
    replay: ``winner`` is the seat the game turns on (None: a wash); ``pts``
    each seat's card points (for a schwanzer, each hand's count)."""
    rec = chk.rec
    lw, tie = _nopick_stmt(rec, kind)
    role, rule = _NOPICK_ROLE[kind]
    if tie:
        if winner is not None:
            raise chk.reject("E-LEASTER", f"a wash (-) is written but {chk.aliases[winner]} is {role} (rules.md {rule})",
                             lw.pos, found="-", expected=chk.aliases[winner])
        chk.prov["leaster_winner"] = "verified"
    elif lw.value is not None:
        s = chk.seat(lw.value, lw.pos)
        if s != winner:
            exp = chk.aliases[winner] if winner is not None else "- (a wash)"
            raise chk.reject("E-LEASTER", f"{kind} {lw.value} is written but the replay gives {exp}: {role} "
                             f"(rules.md {rule})", lw.pos, found=lw.value, expected=exp)
        chk.prov["leaster_winner"] = "verified"
    else:
        chk.prov["leaster_winner"] = "derived"
    if rec.pts is not None and rec.pts.value is not None and winner is not None and pts is not None:
        if rec.pts.value != pts[winner]:
            raise chk.reject("E-PTS", f"pts {rec.pts.value} is written but {chk.aliases[winner]} ({role}) has "
                             f"{pts[winner]} (card points, the blind included when the seat took it, rules.md D-3; a "
                             "schwanzer's count, D-18)", rec.pts.pos, found=rec.pts.value, expected=pts[winner])
        chk.prov["picker_points"] = "verified"


def _nopick_done(chk: HandCheck, g: GameState, kind: str, dealer: int, stake: int, settle: Settlement,
                 cardlog: CardLog | None):
    """A no-pick game whose whole deal is known (a replayed leaster, moster,
    mittler or schneidster, or a schwanzer shown down): check the written seat,
    ``pts`` and score against the engine (rules.md D)."""
    if g.reneges:
        w, won = None, True
        pts = None
    else:
        w, second, won = g.nopick_seat()
        if kind == "schwanzer":
            pts = [schwanzer_value(h, g.profile.trumps) for h in g._dealt]
        else:
            pts = g.leaster_points()
        _check_leaster_words(chk, w, pts, kind)
    settle = _agreed_score(chk, settle)
    return (_outcome(chk, dealer, None, None, None, settle, pts[w] if w is not None and pts else None, None, stake,
                     g.n_marks, leaster_winner=w if won else None,
                     status="full"),
            cardlog, settle)


def _written_units(chk: HandCheck, score) -> tuple[list[int | None], bool]:
    n = chk.profile.players
    units: list[int | None] = [None] * n
    agreed = False
    for alias, v in score.entries:
        s = chk.seat(alias, v.pos)
        if units[s] is not None:
            raise chk.reject("E-SCORE", f"{alias} is scored twice", v.pos, found=alias, expected="one entry per seat")
        units[s] = v.value
        agreed |= v.agreed
    known = [u for u in units if u is not None]
    if len(known) == n and sum(known) != 0 and not chk.pot_on:  # with the pot: checked by _agreed_score
        raise chk.reject("E-SCORE-SUM", f"the score sums to {sum(known):+d}, not 0 (rules.md B-35)", score.pos,
                         found=sum(known), expected=0)
    return units, agreed


def _check_pot_sum(chk: HandCheck, units: list[int | None], pots, score) -> None:
    """Under ``pot=on`` (rules.md D-19) the written players' units (a full
    score, one entry per seat) and the pot's share sum to 0 (B-35): raise
    ``E-SCORE-SUM`` at the ``score`` when the sum fits none of ``pots`` (the
    pot's units of each settlement the hand may have; the first is quoted)."""
    if chk.pot_on and None not in units and all(sum(units) + p != 0 for p in pots):
        raise chk.reject("E-SCORE-SUM", f"the score sums to {sum(units):+d} but the pot takes {pots[0]:+d}: players "
                         "and pot together sum to 0 (rules.md B-35, D-19)", score.pos, found=sum(units),
                         expected=-pots[0])


def _agreed_score(chk: HandCheck, settle: Settlement, score=None) -> Settlement:
    """Check the written score against ``settle``; an agreed (``^``) score
    replaces it.  Returns the settlement the ledger uses."""
    score = score if score is not None else chk.rec.score
    if score is None:
        chk.prov["units"] = "derived"
        return settle
    units, agreed = _written_units(chk, score)
    n = len(units)
    _check_pot_sum(chk, units, (settle.pot,), score)
    bad = [i for i in range(n) if units[i] is not None and units[i] != settle.units[i]]
    if not bad:
        chk.prov["units"] = "verified"
        return settle
    entries = dict((chk.seat(a, v.pos), v) for a, v in score.entries)
    i = bad[0]
    v = entries[i]
    if all(entries[j].agreed for j in bad) and all(u is not None for u in units):
        chk.prov["units"] = "conflict"
        chk.warnings.append(chk.diag("W-AGREED", f"score agreed at the table differs from the rules: "
                                     f"{chk.aliases[i]} {units[i]:+d}, the rules give {settle.units[i]:+d}", v.pos,
                                     severity="warning", found=units[i], expected=settle.units[i]))
        return Settlement(tuple(units), settle.outcome, settle.tier, settle.multiplier, settle.per_defender,
                          settle.factors, settle.shares, settle.summary + ", score agreed at the table", settle.pot)
    raise chk.reject("E-SCORE", f"{chk.aliases[i]} {units[i]:+d} is written but the rules give "
                     f"{settle.units[i]:+d} ({settle.text.split(';')[0]})", v.pos, found=f"{units[i]:+d}",
                     expected=f"{settle.units[i]:+d}")


# ---------------------------------------------------------------------------
# score-sheet hands


def _score_sheet(chk: HandCheck, kind: str, dealer: int | None, stake: int, state: GameState | None = None,
                 cardlog: CardLog | None = None):
    rec, prof = chk.rec, chk.profile
    n = prof.players
    marks = {"crack": 0, "re-crack": 0, "castrate": 0, "blitz": 0}
    for m in rec.marks:
        chk.seat(m.seat, m.pos)
        marks["re-crack" if m.kind == "recrack" else m.kind] += 1
    nmarks = sum(marks.values())
    if prof.maxMarks and nmarks > prof.maxMarks:
        raise chk.reject("E-MARK-CAP", f"{nmarks} marks beyond the cap of {prof.maxMarks} (maxMarks, rules.md E-6)",
                         rec.marks[-1].pos, found=nmarks, expected=f"at most {prof.maxMarks}")
    written, _ = _written_units(chk, rec.score) if rec.score is not None else ([None] * n, False)
    status = "score-sheet"
    if prof.sitOut and dealer is None:
        raise chk.reject("E-DEALER", f"the dealer sits out under {prof.name} and settles 0, so the dealer must be known "
                         "(rules.md F-1)", rec.pos, found="no dealer", expected="dealer S")
    out = dealer if prof.sitOut else None
    hands, dealt_seats, _, _ = _read_deal(chk, out)  # every written card is checked, dealer known or not
    for m in rec.marks:
        if chk.index.get(m.seat) == out and out is not None:
            raise chk.reject("E-SIT-OUT", f"{m.seat} deals and sits out and cannot {m.kind} (rules.md F-1)", m.pos,
                             found=f"{m.kind} {m.seat}", expected="a seat that plays the hand")
    if kind in NOPICK_GAMES:
        return _nopick_sheet(chk, kind, dealer, stake, marks, nmarks, written, cardlog, out)
    # ---- a picked hand from the score sheet
    picker = chk.seat(rec.pick.value, rec.pick.pos)
    if picker == out:
        raise chk.reject("E-SIT-OUT", f"{rec.pick.value} deals and sits out, so cannot pick (rules.md F-1)",
                         rec.pick.pos, found=rec.pick.value, expected="a seat that plays the hand")
    if (prof.always_alone or prof.partner_card_game) and rec.call is not None:
        why = "the picker always plays alone (rules.md F-1, F-2, F-3)" if prof.always_alone else \
            "partner cards make the sides (rules.md F-1)"
        raise chk.reject("E-CALL-NONE", f"a call in {prof.name}, where {why}", rec.call.pos, found="call",
                         expected="no call")
    alone = rec.alone is not None or prof.always_alone
    if (rec.sheepshead is not None and prof.allowSheepsheadCall == "holdingPartnerCard"
            and prof.partnerMode == "jackOfDiamonds" and rec.call is None and rec.partner is None):
        alone = True  # C-9: the picker holds the partner card, so plays alone (C-1, C-7)
    call = None
    if rec.call is not None and rec.call.card is not None:
        call = str(rec.call.card) + (f" under {rec.call.under if rec.call.under else '??'}" if rec.call.has_under else "")
        if prof.calls_ace:
            c = rec.call.card
            if prof.trumps.is_trump(c) or c.rank not in (0, 1):
                raise chk.reject("E-CALL-CARD", f"{c} cannot be called: a call names a fail ace or ten (rules.md B-9, "
                                 "B-10)", rec.call.card_pos, found=c, expected="a fail ace or ten")
    if alone and rec.call is not None:
        raise chk.reject("E-CALL-ALONE", "both a call and alone", rec.alone.pos, found="call and alone",
                         expected="one of them")
    _check_written_cards(chk, picker, hands, dealt_seats)
    if state is None and dealer is not None:
        state = _setup_without_tricks(chk, dealer, picker, stake)
    # the partner: written, from the deal, or from the score
    partner: int | None = None
    partner_known = alone
    if state is not None and state.phase >= Phase.MARKS and state.complete:
        partner, partner_known = _pa(state.partners()), True
        alone = state.alone
        call = _call_text(state)
        _check_partner(chk, partner, state)
    elif rec.partner is not None and rec.partner.value is not None:
        if alone:
            raise chk.reject("E-PARTNER", f"partner {rec.partner.value} is written but the picker plays alone",
                             rec.partner.pos, found=rec.partner.value, expected="no partner")
        partner = chk.seat(rec.partner.value, rec.partner.pos)
        if partner == out:
            raise chk.reject("E-SIT-OUT", f"partner {rec.partner.value} deals and sits out (rules.md F-1)",
                             rec.partner.pos, found=rec.partner.value, expected="a seat that plays the hand")
        if partner == picker:
            if not prof.allowCallOwnAce or rec.call is None:
                raise chk.reject("E-PARTNER", "the picker is written as the partner (allowCallOwnAce is off, or no "
                                 "ace is called; rules.md B-14)", rec.partner.pos, found=rec.partner.value,
                                 expected="another seat")
            partner, alone = None, True  # B-14, I-15: the picker called their own ace, scored alone
        partner_known = True
        chk.prov["partner"] = "asserted"
        w2 = rec.partner2
        if w2 is not None and w2.value is not None:
            second = chk.seat(w2.value, w2.pos)
            if not _two_partners(prof) or second in (picker, partner, out):
                raise chk.reject("E-PARTNER", f"a second partner {w2.value} is written, but {prof.name} has "
                                 + ("one partner at most" if not _two_partners(prof) else "no such partner"),
                                 w2.pos, found=w2.value, expected="one partner" if not _two_partners(prof) else
                                 "another seat that plays the hand")
            partner = (partner, second)
        elif _two_partners(prof):
            partner_known = False  # a second partner may be unwritten
    # outcome
    pts = rec.pts.value if rec.pts is not None else None
    tricks = rec.tricks_won.value if rec.tricks_won is not None else None
    chk.prov["picker_points"] = "asserted" if pts is not None else "derived"
    chk.prov["picker_tricks"] = "asserted" if tricks is not None else "derived"
    sheepshead = rec.sheepshead is not None
    if state is None:
        _house_flags_unreplayed(chk)
    cands = ["win-z", "lose"] if sheepshead else list(_OUT_WORDS)
    if pts is not None:
        if not 0 <= pts <= 120:
            raise chk.reject("E-PTS", f"pts {pts} is outside 0..120", rec.pts.pos, found=pts, expected="0..120")
        cands = [o for o in cands if _consistent(prof, o, pts, tricks, sheepshead)]
    elif tricks is not None:
        cands = [o for o in cands if _consistent(prof, o, None, tricks, sheepshead)]
    if not cands:
        raise chk.reject("E-PTS", f"pts {pts} and tricks {tricks} contradict each other: a side without a trick "
                         f"holds at most its bury ({prof.max_bury}), a side with every trick all 120 (rules.md B-24, "
                         "B-29)", (rec.pts or rec.tricks_won).pos, found=f"pts {pts}, tricks {tricks}", expected="points the tricks allow")
    if rec.outcome is not None and rec.outcome.value is not None:
        o = rec.outcome.value
        if o not in cands and not rec.outcome.agreed:
            why = ", ".join(part for part in (f"{pts} card points" if pts is not None else "",
                                              f"{tricks} tricks" if tricks is not None else "") if part)
            raise chk.reject("E-OUTCOME", f"{o} disagrees with {why} (rules.md B-27..B-30)", rec.outcome.pos, found=o,
                             expected=" or ".join(cands) or "a consistent result")
        cands = [o]
        chk.prov["outcome"] = "asserted" if not rec.outcome.agreed or o in cands else "conflict"
    else:
        chk.prov["outcome"] = "derived"
    # candidates (outcome, partner) consistent with the written score
    # the partner unknown: any other seat, or nobody when no call was written
    # (a forced alone, or the jack of diamonds in the picker's hand) or the
    # picker may have called their own ace (allowCallOwnAce, rules.md B-14) or
    # a jack that was in the blind (C-4d, I-30)
    if partner_known:
        partners = [partner]
    else:
        others = [s for s in range(n) if s != picker and s != out]
        if partner is not None:  # one partner written where the profile has up to two
            partners = [partner] + [(partner, s) for s in others if s != partner]
        else:
            partners = others + ([None] if rec.call is None or _call_may_leave_alone(prof) else [])
            if _two_partners(prof):
                partners += [(a, b) for i, a in enumerate(others) for b in others[i + 1:]]
    options = []
    for o in cands:
        for pa in partners:
            st = chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out)
            if _matches(st.units, written):
                options.append((o, pa, st))
    if not options:
        if rec.score is None:
            raise chk.reject("E-RESULT-UNKNOWN", "the result cannot be settled from what is written", rec.pos,
                             found="no outcome", expected="an outcome, pts or a score")
        # report the first disagreeing entry against the most specific settlement
        o = cands[0]
        pa = partners[0]
        st = chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out)
        return (_outcome_from(chk, dealer, picker, pa, alone, call, _agreed_score(chk, st), pts, tricks, stake, nmarks,
                              status, state), cardlog, st)
    outs = {o for o, _, _ in options}
    pas = {pa for _, pa, _ in options}
    if len(outs) > 1 or len(pas) > 1:
        if rec.score is None:
            what = "the partner" if len(pas) > 1 else "the outcome"
            raise chk.reject("E-RESULT-UNKNOWN", f"{what} is unknown and no score is written, so the hand cannot be "
                             "settled", rec.pos, found=f"{what} unknown", expected="partner S or alone, an outcome or pts, "
                             "or a score")
        raise chk.reject("E-RESULT-UNKNOWN", "the written facts fit more than one result", rec.score.pos,
                         found="an ambiguous score", expected="the outcome or the partner written")
    o, pa, st = options[0]
    if (dealer is None and prof.noPick == "forcedPick" and prof.forcedPickNoBump and prof.doubleOnBump
            and not OUTCOME_TIER[o][0]):
        # rules.md D-13: only the forced seat's loss is not doubled, and that
        # seat follows from the dealer (the dealer, or the schiller, D-14)
        chk.warnings.append(chk.diag("W-FORCED-UNKNOWN", f"the dealer is not written, so whether {rec.pick.value} was "
                                     "forced to pick is not known; settled as a free pick, the loss doubled "
                                     "(forcedPickNoBump, rules.md D-13, D-14)", rec.pick.pos, severity="warning",
                                     found="no dealer", expected="dealer S"))
    if rec.outcome is None or rec.outcome.value is None:
        chk.prov["outcome"] = "derived"
    elif chk.prov.get("outcome") == "asserted" and (pts is not None or rec.score is not None):
        chk.prov["outcome"] = "verified"
    if not partner_known and (rec.partner is None or rec.partner.value is None):
        chk.prov["partner"] = "derived"
    elif rec.partner is not None and rec.partner.value is not None and rec.score is not None:
        chk.prov["partner"] = "verified"
    st = _agreed_score(chk, st)
    return (_outcome_from(chk, dealer, picker, pa, alone or pa is None, call, st, pts, tricks, stake, nmarks, status,
                          state), cardlog, st)


def _check_written_cards(chk: HandCheck, picker: int, hands: list[int], dealt_seats: set[int]) -> None:
    """A picked hand not replayed in full: every card written anywhere (a
    deal line, the blind, the bury) is known, so the call, the bury, the
    written partner and a sheepshead call are checked against those cards
    even without a dealer or a whole deal (rules.md B-7, B-9a, B-14..B-16,
    C-9, I-14).  ``hands`` are the cards of the written deal lines per seat
    (:func:`_read_deal`), ``dealt_seats`` the seats with a deal line.

    Raises ``E-BURY-COUNT`` (a bury of other than the blind's size, or a card
    twice, B-7), ``E-BURY-NOT-HELD`` (a buried card in another seat's deal
    line), ``E-CALL-HELD`` (the called card in the picker's deal line, the
    blind the picker took, or the bury; or the picker written as partner of a
    ten or unknown-card call: only an own **ace** is allowed, under
    ``allowCallOwnAce``, B-14), ``E-PARTNER`` (a written partner whose whole
    deal line lacks the called card, or who is not the seat dealt it; or a
    partner beside an own-ace call) and ``E-SHEEPSHEAD`` (a sheepshead call
    under ``allowSheepsheadCall=holdingPartnerCard`` by a picker known not to
    hold the partner card: it is in another seat's deal line, or a partner is
    written in the jack-of-diamonds game, whose partner is its holder)."""
    rec, prof = chk.rec, chk.profile
    bury = rec.bury
    bury_mask = 0
    if bury is not None and prof.has_blind:
        bad = bury_count_error(prof, tuple(bury.cards))
        if bad is not None:
            raise chk.engine_error(bad, bury.pos)
        bury_mask = _or(1 << c for c in bury.cards if c is not None)
        for s in dealt_seats:
            if s != picker and hands[s] & bury_mask:
                c = next(c for c in bury.cards if c is not None and hands[s] >> c & 1)
                raise chk.reject("E-BURY-NOT-HELD", f"the picker buries {c}, which is dealt to {chk.aliases[s]}",
                                 bury.pos, found=c, expected="a card of the picker's hand with the blind")
    blind_mask = _or(1 << c for c in rec.blind.cards if c is not None) if rec.blind is not None else 0
    picked = hands[picker] | blind_mask | bury_mask  # what the picker is known to hold after the pick
    wp = rec.partner if rec.partner is not None and rec.partner.value is not None else None
    wp_seat = chk.seat(wp.value, wp.pos) if wp is not None else None
    call = rec.call
    if call is not None and call.card is not None and prof.calls_ace:
        c = call.card
        own_ok = prof.allowCallOwnAce and c.rank == Rank.ACE and not call.has_under  # B-14: an own ace only
        if picked >> c & 1 and not own_ok:
            where = ("bury" if bury_mask >> c & 1 else "blind, which the picker took" if blind_mask >> c & 1
                     else "deal line")
            raise chk.reject("E-CALL-HELD", f"the picker calls {c}, which is in the picker's {where} (rules.md B-9a, "
                             "B-15, B-16, I-14" + ("; allowCallOwnAce allows an own ace only, B-14)"
                                                   if prof.allowCallOwnAce else ")"),
                             call.card_pos, found=f"{c} in the picker's {where}",
                             expected="a card another player holds")
        if wp_seat == picker and prof.allowCallOwnAce and not own_ok:
            kind = "an unknown-card call" if call.has_under else "a ten call"
            raise chk.reject("E-CALL-HELD", f"partner {wp.value} is the picker, so the picker holds the called {c}; "
                             f"{kind} of one's own card stays illegal: allowCallOwnAce allows an own ace only "
                             f"(rules.md B-10, B-11, B-14)", wp.pos, found=f"partner {wp.value}",
                             expected="another seat")
        if prof.partnerMode == "calledAce" and wp_seat is not None and wp_seat != picker and not wp.agreed:
            holder = next((s for s in dealt_seats if s != picker and hands[s] >> c & 1), None)
            line = next((d for d in rec.deals if chk.index.get(d.seat) == wp_seat), None)
            if picked >> c & 1:
                expected, why = chk.aliases[picker], f"the picker holds {c} (an own ace, rules.md B-14)"
            elif holder is not None and holder != wp_seat:
                expected, why = chk.aliases[holder], f"{chk.aliases[holder]} is dealt {c}"
            elif line is not None and None not in line.cards and not hands[wp_seat] >> c & 1:
                expected, why = "the holder of " + str(c), f"{wp.value}'s deal line has no {c}"
            else:
                expected = None
            if expected is not None:
                raise chk.reject("E-PARTNER", f"partner {wp.value} is written but {why} (rules.md B-9, B-15)", wp.pos,
                                 found=wp.value, expected=expected)
    if rec.sheepshead is not None and prof.allowSheepsheadCall == "holdingPartnerCard":
        pc = prof.partner_card
        holder = next((s for s in dealt_seats if s != picker and hands[s] >> pc & 1), None)
        if holder is None and prof.partnerMode == "jackOfDiamonds" and call is None and wp_seat not in (None, picker):
            holder = wp_seat  # the written partner holds the partner card (rules.md C-1, C-7)
        if holder is not None:
            raise chk.reject("E-SHEEPSHEAD", f"the picker calls sheepshead, but {chk.aliases[holder]} holds the "
                             f"{pc.pretty()} (allowSheepsheadCall=holdingPartnerCard, rules.md C-9)",
                             rec.sheepshead.pos, found="sheepshead", expected=f"the {pc} in the picker's cards")


def _house_flags_unreplayed(chk: HandCheck) -> None:
    """A hand whose dealer is unknown is not set up in the engine, so the
    house-rule statements are checked against the profile's flags here: a
    castrate (rules.md E-4), a jack blitz (E-5) and a sheepshead call (C-9)
    the profile does not allow are refused, never ignored."""
    rec, prof = chk.rec, chk.profile
    for m in rec.marks:
        if m.kind == "castrate" and not prof.allowCastrate:
            raise chk.reject("E-CASTRATE", "castrating is off in this profile (allowCastrate=off, rules.md E-4)",
                             m.pos, found="castrate", expected="no castrate")
        if m.kind == "blitz" and m.pair == "jacks" and prof.allowBlitz != "queensAndJacks":
            raise chk.reject("E-BLITZ", "a blitz with jacks needs allowBlitz=queensAndJacks (rules.md E-5)", m.pos,
                             found=f"blitz {m.color} jacks", expected="a queen blitz")
    if rec.sheepshead is not None and prof.allowSheepsheadCall == "off":
        raise chk.reject("E-SHEEPSHEAD", "calling sheepshead is off in this profile (allowSheepsheadCall=off, "
                         "rules.md C-9)", rec.sheepshead.pos, found="sheepshead", expected="no sheepshead call")


def _call_may_leave_alone(prof: RuleProfile) -> bool:
    """Whether a written call may still leave the picker without a partner:
    his own ace (``allowCallOwnAce``, rules.md B-14) or a call-up made before
    the blind was seen whose jack was in it (C-4d, I-30)."""
    return prof.allowCallOwnAce or (prof.partnerMode == "jackOfDiamonds" and prof.jdCallUp
                                    and prof.jdCallTiming == "beforeBlind")


def _nopick_sheet(chk: HandCheck, kind: str, dealer: int | None, stake: int, marks: dict, nmarks: int,
                  written: list, cardlog: CardLog | None, out: int | None = None):
    """A no-pick hand without a whole card log (rules.md D): the seat as
    written, or derived from the score.  A schwanzer with every deal line
    written is shown down by the engine (D-18).  ``out`` is a dealer who sits
    out (F-1): never the seat, and settles 0."""
    rec, prof = chk.rec, chk.profile
    n = prof.players
    if kind == "schwanzer" and rec.deals:
        # the count does not depend on who dealt (D-18): an unknown dealer is
        # stood in by seat 0 for the engine, and the outcome keeps it unknown
        # (a dealer who sits out is known here: _score_sheet asks for it)
        g = build_state(chk, dealer if dealer is not None else 0, stake)
        if g.complete:
            s = g.to_act
            for _ in range(g.np):
                _apply(chk, g, Pass(s), rec.nopick.pos)
                s = g.next_seat(s)
            settle = g.settlement()
            return _nopick_done(chk, g, kind, dealer, stake, settle, _cardlog(chk, []))
    stmt, tie = _nopick_stmt(rec, kind)
    role, rule = _NOPICK_ROLE[kind]
    sweep_possible = _check_nopick_numbers(chk, kind, tie)
    if tie and kind == "schwanzer":
        raise chk.reject("E-LEASTER", "a schwanzer is never a wash: a tie goes against the holder of the highest "
                         "trump (rules.md D-18)", stmt.pos, found="schwanzer -", expected="schwanzer S")
    seats = [None] if tie else [chk.seat(stmt.value, stmt.pos)] if stmt.value is not None else [
        s for s in range(n) if s != out]
    if out is not None and out in seats:
        raise chk.reject("E-SIT-OUT", f"{stmt.value} deals and sits out and cannot be the {kind}'s seat (rules.md F-1)",
                         stmt.pos, found=stmt.value, expected="a seat that plays the hand")
    options = []  # (seat, second, won), the default first
    for w in seats:
        if w is None:
            options.append((None, None, True))
            continue
        tricks_known = rec.tricks_won is not None and rec.tricks_won.value is not None
        won = kind != "schwanzer" and not (kind == "moster" and not (tricks_known and
                                                                    rec.tricks_won.value == prof.tricks))
        options.append((w, None, won))
        if kind == "moster" and not tricks_known:
            options.append((w, None, not won))  # a sweep (D-15, I-34), or not: the score may tell
        if kind == "leaster" and prof.leasterTie == "split":
            options.extend((w, x, True) for x in range(n) if x != w and x != out)

    def settle_of(o) -> Settlement:
        w, second, won = o
        if kind == "leaster":
            st = settle_leaster(prof, n, w, stake=stake, marks=marks, second=second, out=out)
        else:
            st = settle_nopick(n, kind, w, won, stake=stake, marks=marks, out=out)
        return chk.potted(st, None, None)

    fits = [o for o in options if _matches(settle_of(o).units, written)]
    if not fits and rec.score is not None:  # a score leaving out the pot fits no seat: say so first (D-19)
        _check_pot_sum(chk, written, [settle_of(o).pot for o in options], rec.score)
    if stmt.value is None and not tie:
        if len({o[0] for o in fits}) != 1:
            raise chk.reject("E-LEASTER", f"{role} is unknown and the score does not tell it", stmt.pos,
                             found=f"{kind} ?", expected=f"{kind} S, or a full score")
        chk.prov["leaster_winner"] = "derived"
    else:
        chk.prov["leaster_winner"] = "asserted"
    readings = {o[2] for o in (fits if rec.score is not None else options)}  # won or not
    if sweep_possible and stmt.value is not None and len(readings) > 1:
        # I-34: pts at a sweep's value, no tricks and no score that tells:
        # the moster may have taken every trick (wins) or not (pays, D-15)
        raise chk.reject("E-RESULT-UNKNOWN", f"moster {stmt.value} with pts {rec.pts.value}: whether {stmt.value} took "
                         "every trick (a sweep wins, rules.md I-34) or not (the moster pays, D-15) is not written",
                         rec.pts.pos, found=f"pts {rec.pts.value}, no tricks",
                         expected=f"tricks {prof.tricks} (a sweep) or fewer, or the score")
    choice = fits[0] if fits and rec.score is not None else options[0]
    settle = _agreed_score(chk, settle_of(choice))
    if rec.pts is not None and rec.pts.value is not None:
        chk.prov["picker_points"] = "asserted"
    w, _, won = choice
    pts = rec.pts.value if rec.pts is not None else None
    return (_outcome(chk, dealer, None, None, None, settle, pts, None, stake, nmarks,
                     leaster_winner=w if won else None, status="score-sheet"), cardlog, settle)


def _trick_points(prof: RuleProfile) -> tuple[int, int]:
    """(the deck's card points, the fewest the tricks of a no-pick game
    carry): 120 and 120 when the blind goes to a trick's winner
    (``leasterBlind`` lastTrick, namedTrick; rules.md D-3), 120 and
    120 - 22 = 98 when it is set aside (``none``: at most two aces)."""
    total = points_of(prof.deck_mask)
    blind_best = sum(sorted((points_of(1 << c) for c in cards_in(prof.deck_mask)), reverse=True)[:prof.blind_size])
    return total, total - blind_best if prof.leasterBlind == "none" else total


def _nopick_bounds(prof: RuleProfile, kind: str) -> tuple[int, int, str]:
    """(lowest, highest, why) for the ``pts`` of the seat a no-pick game
    turns on (rules.md D-3..D-18), from the deck and the table size alone.
    Card points for the played games, the count for a schwanzer (D-18).

    With ``np`` seats playing and ``T`` card points taken in tricks (all 120
    when the blind goes to a trick's winner, ``leasterBlind`` lastTrick or
    namedTrick; at least 120 - 22 = 98 when it is set aside, the blind being
    at most two aces under ``none``; five-handed ``np`` = 5):

    * leaster, the fewest points: at most floor(120 / np) = 24 without
      ``leasterMustTakeTrick`` (D-7); with it (D-4, D-5) any of 0..120, as a
      seat that takes every trick wins with 120;
    * moster (D-15), the most points: at least ceil(T / np) = ceil(120 / 5)
      = 24 (ceil(98 / 5) = 20 with the blind set aside), at most 120;
    * mittler (D-16), the median: the k = (np + 1) / 2 = 3 seats at or above
      it hold at least 3 * median <= 120 points, so at most 120 // 3 = 40;
    * schneidster (D-17), closest to 30 without exceeding it: at most 30;
    * schwanzer (D-18), the highest count: at most the hand size's best
      trumps, Q Q Q Q J J = 3 * 4 + 2 * 2 = 16 with six cards; at least the
      deck's count less the blind's best, shared out: the 14 trumps count
      4 * 3 + 4 * 2 + 6 * 1 = 26, the discarded blind at most Q Q = 6, so
      the hands hold at least 20 and the highest at least ceil(20 / 5) = 4.
    """
    np_ = prof.playing
    if kind == "schwanzer":
        values = sorted((schwanzer_value(1 << c, prof.trumps) for c in cards_in(prof.deck_mask)), reverse=True)
        hi = sum(values[:prof.hand_size])
        lo = -(-(sum(values) - sum(values[:prof.blind_size])) // np_)
        return lo, hi, (f"a count of {prof.hand_size} cards is at most {hi} and the highest count of {np_} hands at "
                        f"least {lo}")
    total, taken = _trick_points(prof)
    shared = f"{np_} seats sharing {'' if taken == total else 'at least '}{taken} card points"
    if kind == "leaster" and not prof.leasterMustTakeTrick:  # D-7: the fewest of all seats
        return 0, total // np_, f"the fewest of {np_} seats sharing {total} card points hold at most {total // np_}"
    if kind == "moster":
        lo = -(-taken // np_)
        return lo, total, f"the most of {shared} hold at least {lo}"
    if kind == "mittler" and np_ % 2:
        k = (np_ + 1) // 2
        return 0, total // k, (f"the median of {np_} seats holds at most {total // k}: {k} seats hold at least as "
                               f"much, out of {total}")
    if kind == "schneidster":
        return 0, 30, "the schneidster winner holds at most 30 (closest to 30 without exceeding it)"
    return 0, total, f"{total} card points in the deck"


def _check_nopick_numbers(chk: HandCheck, kind: str, tie: bool) -> bool:
    """The written ``pts`` and ``tricks`` of a no-pick score sheet against
    what the game allows (:func:`_nopick_bounds`, rules.md D-15..D-18,
    I-34): ``E-PTS`` for points out of bounds or points a seat without a
    trick (the blind goes to a trick's winner, D-3) or a sweep cannot hold,
    ``E-TRICKS`` for ``tricks`` in a schwanzer (no trick is played, D-18) or
    ``tricks 0`` for the moster (the most points need a trick).  Returns
    whether the written ``pts`` could be a moster's sweep (I-34) with no
    ``tricks`` to tell."""
    rec, prof = chk.rec, chk.profile
    tw = rec.tricks_won if rec.tricks_won is not None and rec.tricks_won.value is not None else None
    pw = rec.pts if rec.pts is not None and rec.pts.value is not None else None
    if tw is not None and kind == "schwanzer":
        raise chk.reject("E-TRICKS", f"tricks {tw.value} is written but a schwanzer is not played: the hands are shown "
                         "(rules.md D-18)", tw.pos, found=f"tricks {tw.value}", expected="no tricks")
    lo, hi, why = _nopick_bounds(prof, kind)
    if tw is not None and tw.value == 0 and kind == "moster" and not tie:
        raise chk.reject("E-TRICKS", f"tricks 0 is written but the moster holds the most card points ({why}) and a "
                         "seat without a trick holds none (rules.md D-15)", tw.pos, found="tricks 0",
                         expected=f"1..{prof.tricks}")
    if pw is None or tie:
        return False
    if not lo <= pw.value <= hi:
        _, rule = _NOPICK_ROLE[kind]
        raise chk.reject("E-PTS", f"pts {pw.value} is written but {why} (rules.md {rule})", pw.pos, found=pw.value,
                         expected=f"{lo}..{hi}")
    if tw is not None and tw.value == 0 and pw.value > 0:
        raise chk.reject("E-PTS", f"pts {pw.value} with tricks 0: a seat without a trick holds no card points (the "
                         "blind goes to a trick's winner, rules.md D-3)", pw.pos, found=pw.value, expected=0)
    sweep = _trick_points(prof)[1]  # a sweep takes every trick's points: 120 (98 or more, the blind set aside)
    if kind == "moster" and tw is not None and tw.value == prof.tricks and pw.value < sweep:
        raise chk.reject("E-PTS", f"pts {pw.value} with tricks {tw.value}: a moster who took every trick holds "
                         f"{'all ' if prof.leasterBlind != 'none' else 'at least '}{sweep} card points (rules.md I-34)",
                         pw.pos, found=pw.value, expected=sweep)
    return kind == "moster" and tw is None and pw.value >= sweep


#: What the store keeps: units as SMALLINT (hand numbers as INTEGER: the
#: reader's range, ingest.shn.reader.MAX_HAND).
_MAX_UNITS = 32767
_MAX_STAKE = 2**10


def written_dealer(chk: HandCheck, sess, n: int) -> int | None:
    """The hand's dealer seat (0..n-1), or None when nothing tells it:
    written (``dealer S``, provenance ``asserted``), else derived from the
    leader of trick 1 (the seat left of the dealer leads, rules.md B-17, G-2)
    or from the previous hand of the session (the deal passes to the left).
    Shared by the Sheepshead, Schafkopf and Indiana validators."""
    rec = chk.rec
    if rec.dealer is not None and rec.dealer.value is not None:
        chk.prov["dealer"] = "asserted"
        return chk.seat(rec.dealer.value, rec.dealer.pos)
    if rec.tricks and rec.tricks[0].number == 1:
        chk.prov["dealer"] = "derived"
        return (chk.seat(rec.tricks[0].leader, rec.tricks[0].leader_pos) - 1) % n
    if sess.last_dealer is not None and sess.last_hand is not None and rec.number == sess.last_hand + 1:
        chk.prov["dealer"] = "derived"
        return (sess.last_dealer + 1) % n
    return None


def _check_ranges(chk: HandCheck) -> None:
    """Numbers the rules and the store can hold: ``tricks`` 0..6, a stake up
    to 1024 (ten doublers in a row); a hand number (the reader, up to
    2**31-1) and a written pot (:func:`_check_pot`, up to 32,767) elsewhere."""
    rec, prof = chk.rec, chk.profile
    if rec.tricks_won is not None and rec.tricks_won.value is not None and not 0 <= rec.tricks_won.value <= prof.tricks:
        raise chk.reject("E-TRICKS", f"tricks {rec.tricks_won.value}: a hand has {prof.tricks} tricks",
                         rec.tricks_won.pos, found=rec.tricks_won.value, expected=f"0..{prof.tricks}")
    if rec.stake is not None and rec.stake.value is not None and rec.stake.value > _MAX_STAKE:
        raise chk.reject("E-STAKE", f"stake {rec.stake.value} is beyond ten doublers in a row", rec.stake.pos,
                         found=rec.stake.value, expected=f"at most {_MAX_STAKE}")


def _check_date(chk: HandCheck) -> str | None:
    """The Date tag as ``YYYY-MM-DD``; None when absent or written with
    unknown parts (``2025.??.??``).  A date that is not a real day, or not
    written ``YYYY.MM.DD``, is an error at the tag (notation.md §4)."""
    rec = chk.rec
    text = rec.tag("Date")
    if not text or "?" in text:
        return None
    try:
        if len(text) != 10 or text[4] != "." or text[7] != ".":
            raise ValueError
        return _dt.date(int(text[:4]), int(text[5:7]), int(text[8:])).isoformat()
    except ValueError:
        pos = rec.tag_pos.get("Date") or rec.session.tag_pos.get("Date")
        raise chk.reject("E-DATE", f"[Date {text!r}] is not a day of the calendar written YYYY.MM.DD", pos,
                         found=text, expected="YYYY.MM.DD, e.g. 2025.03.06 (?? for an unknown part)") from None


def _setup_without_tricks(chk: HandCheck, dealer: int, picker: int, stake: int) -> GameState:
    """A picked hand with no tricks: replay what is written before the first
    card through the engine.  With every deal line and the blind written, the
    bury and the call are checked against the deal and the partner comes from
    it (notation.md §3: "checked against the deal when the deal is known");
    without them, only the marks are checked, against the seats (rules.md
    E-2..E-6, I-33)."""
    rec, prof = chk.rec, chk.profile
    n = prof.players
    if rec.deals or rec.tables:
        g = build_state(chk, dealer, stake)
    else:
        g = GameState(prof, dealer, [0] * n, 0, complete=False, stake=stake)
    _pick(chk, g, dealer, picker)
    if g.complete:
        bury = rec.bury
        cards = tuple(bury.cards) if bury is not None and None not in bury.cards else None
        if g.phase == Phase.BURY or bury is not None:
            _apply(chk, g, Bury(cards), bury.pos if bury is not None else rec.pick.pos)
        if rec.call is not None and rec.call.card is not None:
            if rec.call.has_under and rec.call.under is None:
                g.assume_call(g.partner if prof.partnerMode == "jackOfDiamonds" else None, False)
            else:
                _apply(chk, g, Call(rec.call.card, rec.call.under), rec.call.pos)
        elif rec.alone is not None:
            _apply(chk, g, Alone(), rec.alone.pos)
        elif g.phase == Phase.CALL:
            try:
                g.finish_call()
            except IllegalAction as exc:
                raise chk.engine_error(exc, _call_pos(chk, exc)) from None
    else:
        written = rec.partner.value if rec.partner is not None else None
        partner = chk.index.get(written) if written is not None else None
        own = partner == picker and prof.allowCallOwnAce  # B-14: scored alone
        written2 = rec.partner2.value if rec.partner2 is not None else None
        partner2 = chk.index.get(written2) if written2 is not None else None
        if g.phase == Phase.BURY:
            g.apply(Bury(None))
        g.assume_call(None if own else partner, rec.alone is not None or own or prof.always_alone, partner2)
        if own:
            g.call_type = CallType.OWN_ACE
    _apply_sheepshead(chk, g)
    for action, pos in _marks_actions(chk):
        _apply(chk, g, action, pos)
    return g


def _two_partners(prof: RuleProfile) -> bool:
    """The profile's side may have two partners (rules.md F-1: 3v3, 3v5)."""
    return prof.max_partners == 2


def _consistent(prof: RuleProfile, outcome: str, pts: int | None, tricks: int | None,
                sheepshead: bool = False) -> bool:
    """Whether ``outcome`` fits the written pts and tricks (rules.md
    B-27..B-30).  Under a sheepshead call (C-9) the contract is won with
    every trick (``win-z``) and lost (``lose``) with fewer, whatever the
    points."""
    if sheepshead:
        if outcome == "win-z":
            return tricks in (None, prof.tricks) and pts in (None, 120)
        if tricks == prof.tricks:
            return False
        if tricks == 0 and pts is not None and pts > prof.max_bury:
            return False
        return outcome == "lose"
    won, tier = OUTCOME_TIER[outcome]
    if tricks is not None:
        if tier == 3:
            if tricks != (prof.tricks if won else 0):
                return False
        elif tricks in (0, prof.tricks):
            return False
    if pts is None:
        return True
    if tricks == 0 and pts > prof.max_bury:
        return False  # a side without a trick holds at most its bury (its size in aces)
    if tier == 3:
        return pts == 120 if won else pts <= prof.max_bury
    line, low = schneider_lines(prof)  # rules.md B-28 (two-handed: from the winner's side)
    if outcome == "win-s":
        return pts >= line
    if outcome == "win":
        return 61 <= pts < line
    if outcome == "lose":
        return low < pts <= 60
    return pts <= low  # lose-s


def _matches(units, written) -> bool:
    return all(w is None or w == u for u, w in zip(units, written))


# ---------------------------------------------------------------------------
# output


def _outcome_from(chk, dealer, picker, partner, alone, call, settle, pts, tricks, stake, nmarks, status, state):
    if state is None and call is None and alone:
        call = "alone"
    return _outcome(chk, dealer, picker, partner, call if not alone or call else "alone", settle, pts, tricks, stake,
                    nmarks, status=status, state=state, alone=alone)


def _outcome(chk: HandCheck, dealer, picker, partner, call, settle: Settlement, pts, tricks, stake, nmarks, *,
             leaster_winner=None, status="score-sheet", state: GameState | None = None, alone=None) -> HandOutcome:
    rec, prof = chk.rec, chk.profile
    a = chk.aliases
    if any(abs(u) > _MAX_UNITS for u in settle.units):
        pos = rec.score.pos if rec.score is not None else rec.pos
        raise chk.reject("E-RANGE", f"units {max(settle.units, key=abs):+d} are beyond what the log keeps", pos,
                         found=max(settle.units, key=abs), expected=f"at most {_MAX_UNITS} either way")
    tags = rec.session.tags | rec.tags
    date = chk.date
    partner, partner2 = (_seats_of(partner) + (None, None))[:2]
    if alone is None:
        alone = picker is not None and partner is None
    call_type = None
    called_suit = None
    if picker is not None:
        if state is not None and state.call_type is not None:
            call_type = state.call_type.value
        elif alone:
            call_type = "alone"
        elif prof.partnerMode == "jackOfDiamonds":
            hybrid = rec.call is not None and rec.call.card is not None and rec.call.card.rank == 0  # C-5
            call_type = "ace" if hybrid else "jd-callup" if rec.call is not None else "jd"
        elif prof.partner_card_game:
            call_type = "queens"
        elif rec.call is not None:
            call_type = "under" if rec.call.has_under else ("ten" if rec.call.card is not None and rec.call.card.rank == 1
                                                           else "ace")
        if rec.call is not None and rec.call.card is not None:
            called_suit = "CSHD"[rec.call.card.suit]
    prov = dict(chk.prov)
    if picker is not None:
        prov["picker"] = "asserted"
    else:  # a leaster, doubler or misdeal has no picker side
        for k in ("picker_points", "picker_tricks", "partner", "outcome"):
            prov.pop(k, None)
        if pts is not None:  # the points of the seat a no-pick game turns on
            prov["picker_points"] = chk.prov.get("picker_points", "derived")
    if pts is None:
        prov.pop("picker_points", None)
    if tricks is None:
        prov.pop("picker_tricks", None)
    if partner is None:
        prov.pop("partner", None)
    return HandOutcome(
        session=rec.session_id,
        group=tags.get("Event"),
        hand=rec.number,
        date=date,
        rules=tags.get("Rules", ""),
        rules_flags=_flags(tags.get("Rules", "")),
        game="sheepshead",
        game_type=None,
        players=dict(chk.seats),
        dealer=a[dealer] if dealer is not None else None,
        picker=a[picker] if picker is not None else None,
        partner=a[partner] if partner is not None else None,
        partner2=a[partner2] if partner2 is not None else None,
        call=call if picker is not None else None,
        alone=bool(alone) if picker is not None else False,
        leaster_winner=a[leaster_winner] if leaster_winner is not None else None,
        multiplier=settle.multiplier if settle.outcome not in ("doubler", "misdeal") else stake * 2 ** nmarks,
        picker_points=pts,
        picker_tricks=tricks,
        outcome=settle.outcome,
        units={al: settle.units[i] for i, al in enumerate(a)},
        provenance=prov,
        status=status,
        table=tags.get("Table"),
        site=tags.get("Site"),
        stake=stake,
        marks=nmarks,
        tier=settle.tier if picker is not None else None,
        partner_revealed_trick=state.partner_revealed if state is not None and partner is not None else None,
        called_suit=called_suit,
        call_type=call_type,
        breakdown=_breakdown(settle, tuple(a)),
        warnings=[str(w) for w in chk.warnings],
        pot=settle.pot,
    )


@lru_cache(maxsize=4096)
def _breakdown(settle: Settlement, aliases: tuple[str, ...]) -> str:
    """The settlement's breakdown in words with seat aliases (cached: most
    hands of a session share one of a few dozen settlements)."""
    return _alias_text(settle.text, list(aliases))


_SEAT_RE = re.compile(r"\bseat (\d+)\b")


def _alias_text(text: str, aliases: list[str]) -> str:
    """Engine text speaks of ``seat 3``; people read the alias."""
    return _SEAT_RE.sub(lambda m: aliases[int(m.group(1))] if int(m.group(1)) < len(aliases) else m.group(0), text)


def _cardlog(chk: HandCheck, plays: list[PlayRow]) -> CardLog:
    rec = chk.rec
    return CardLog(
        deal={d.seat: [str(c) if c is not None else None for c in d.cards] for d in rec.deals},
        blind=[str(c) if c is not None else None for c in rec.blind.cards] if rec.blind else [],
        bury=[str(c) if c is not None else None for c in rec.bury.cards] if rec.bury else [],
        plays=plays,
    )


def _session_header(sess: SessionRec) -> str:
    """The session's tag lines as stored in ``sessions.header``
    (docs/storage.md): every tag in the order read, with its annotation
    (``[Event "x"] {note}``), so that export and rederive give it back."""
    from .shn.writer import tag_line  # noqa: PLC0415

    out = []
    for k, v in sess.tags.items():
        try:
            out.append(tag_line(k, v, sess.tag_notes.get(k)).rstrip("\n"))
        except ValueError:  # text the writer cannot write back (not UTF-8): as read, without the note
            out.append(f'[{k} "' + v.replace("\\", "\\\\").replace('"', '\\"') + '"]')
    return "\n".join(out)


# ---------------------------------------------------------------------------
# files


@contextmanager
def gc_paused():
    """Pause Python's cyclic garbage collector for a bulk read or validation.

    A file's records stay alive while its hands are validated; each automatic
    collection would walk all of them (measured: a quarter of validation time
    on a 20,000-hand file).  Nothing made here forms reference cycles, so no
    garbage piles up; collection resumes on exit."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: The stored hands of a session, for the carry (docs/storage.md "Session
#: carry"): called with a session id, returns the session's stored hands read
#: back as records (in hand order), or an empty list when none is stored; or
#: ``(state, records)``: the session's carry as a :class:`SessionState` (used
#: as the session's state, and mutated by the file's hands) and the stored
#: records still to count after it (issue 12: a stored session's running
#: state, so that continuing it does not replay it).
PriorHands = Callable[[str], "list[HandRecord] | tuple[SessionState, list[HandRecord]]"]


def validate_records(shn: ShnFile, path: str | None = None, strict: bool = False,
                     prior: PriorHands | None = None) -> FileResult:
    """Validate every hand of a read file, in order (session state such as
    doublers carries from hand to hand within a session, rules.md D-11,
    D-12, D-19).

    ``prior`` (e.g. :meth:`ingest.store.Store.prior_hands`) gives the hands
    of a session already stored: they are replayed for the carry only, each
    before the file's first hand with a higher number, so that a file
    continuing a stored session carries its doublers and pot.  A file hand
    whose number is stored with other text, or with the same text under
    another ``[Rules]``, is ``E-HAND-CONFLICT`` and the stored hand feeds the
    carry instead; a stored hand of the same text is a duplicate and the
    file's copy feeds it."""
    with gc_paused():
        return _validate_records(shn, path, strict, prior)


def _validate_records(shn: ShnFile, path: str | None, strict: bool, prior: PriorHands | None = None) -> FileResult:
    result = FileResult(path=path, errors=list(shn.errors))
    if strict and shn.errors:
        raise ShedError(shn.errors[0])
    sessions: dict[str, SessionState] = {}
    pending: dict[str, list[HandRecord]] = {}  # stored hands not yet counted, in hand order
    headers: dict[int, str] = {}
    for rec in shn.hands:
        sid = rec.session_id
        sess = sessions.get(sid)
        if sess is None:
            got = prior(sid) if prior is not None else []
            seed, got = got if isinstance(got, tuple) else (SessionState(), got)  # issue 12: a stored carry
            sess = sessions[sid] = seed
            pending[sid] = list(got)
        h = content_hash(sid, rec.number, rec.source)
        stored = _count_prior(pending[sid], rec.number, sess)
        if stored is not None and not rec.errors:
            sh = content_hash(sid, stored.number, stored.source)
            old_rules, new_rules = stored.tag("Rules") or "", rec.tag("Rules") or ""
            same = sh == h or same_hand(stored, rec)  # issue 12: another layout is the same hand
            if not same or not same_rules(old_rules, new_rules):
                d = hand_conflict(sid, rec.number, "an earlier ingest",
                                  rules=(old_rules, new_rules) if same else None, file=path, line=rec.line)
                if not same:
                    d = with_differences(d, stored, rec)
                _count(stored, None, sess)
                if strict:
                    raise ShedError(d)
                result.rejected.append(RejectedHand(sid, rec.number, _printable(rec.source), path, rec.line, [d], h))
                continue
        if rec.errors:
            if stored is not None:
                _count(stored, None, sess)
            if strict:
                raise ShedError(rec.errors[0])
            result.rejected.append(RejectedHand(sid, rec.number, _printable(rec.source), path, rec.line,
                                                list(rec.errors), h))
            continue
        chk = HandCheck(rec, path)
        try:
            outcome, cardlog, settle = _check_hand(chk, sess)
        except _Reject as r:
            if stored is not None:
                _count(stored, None, sess)
            if strict:
                raise ShedError(r.diag) from None
            result.rejected.append(RejectedHand(sid, rec.number, _printable(rec.source), path, rec.line,
                                                [r.diag], h))
            continue
        except ZeroSumError as exc:  # a bug, reported, never stored
            if stored is not None:
                _count(stored, None, sess)
            d = chk.diag("E-INTERNAL", str(exc), rec.pos)
            if strict:
                raise ShedError(d) from None
            result.rejected.append(RejectedHand(sid, rec.number, _printable(rec.source), path, rec.line,
                                                [d], h))
            continue
        _counted(chk, outcome, sess)
        header = headers.get(id(rec.session))
        if header is None:
            header = headers[id(rec.session)] = _session_header(rec.session)
        result.hands.append(ValidatedHand(outcome, cardlog, rec.source, path, rec.line, h, list(chk.warnings),
                                          session_header=header))
    return result


def _counted(chk: HandCheck, outcome: HandOutcome, sess: SessionState) -> None:
    """Feed an accepted hand to its session's carry (rules.md D-11, D-12, D-19)."""
    sess.after(chk.profile, chk.rec.number, outcome.outcome, outcome.game, chk.pot, outcome.pot,
               chk.aliases.index(outcome.dealer) if outcome.dealer is not None else None)


def _count(rec: HandRecord, path: str | None, sess: SessionState) -> None:
    """Replay a stored hand for the carry only; a stored hand the current
    engine refuses feeds nothing (as in ``shead rederive``)."""
    if rec.errors:
        return
    chk = HandCheck(rec, path)
    try:
        outcome, _, _ = _check_hand(chk, sess)
    except (_Reject, ZeroSumError):
        return
    _counted(chk, outcome, sess)


def _count_prior(pending: list[HandRecord], number: int, sess: SessionState) -> HandRecord | None:
    """Count the stored hands numbered below ``number`` (in hand order) and
    return the stored hand numbered ``number``, taken off ``pending``
    (None when that number is not stored)."""
    while pending and pending[0].number < number:
        _count(pending.pop(0), None, sess)
    if pending and pending[0].number == number:
        return pending.pop(0)
    return None


def _printable(text: str) -> str:
    """Text with bytes that were not UTF-8 (kept as surrogates by the reader)
    shown as U+FFFD, so a rejected hand can be stored and printed."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def validate_text(text: str, path: str | None = None, strict: bool = False,
                  prior: PriorHands | None = None) -> FileResult:
    """Read SHN text and validate every hand.  Lenient (default): bad hands are
    returned in ``rejected`` with their errors; strict: the first error is
    raised as a :class:`~replay.errors.ShedError`.  ``prior``: a session's
    stored hands, for the carry (:func:`validate_records`)."""
    from .shn.reader import read

    with gc_paused():
        return validate_records(read(text, path, strict=strict), path, strict, prior)


def validate_file(path: str | Path, strict: bool = False) -> FileResult:
    """Read and validate a file (bytes decoded as UTF-8 by the reader)."""
    from .shn.reader import read_file

    with gc_paused():
        return validate_records(read_file(str(path)), str(path), strict)


@dataclass(slots=True)
class HandReplay:
    """One hand replayed for a viewer: its frames (:class:`replay.replay.Frame`,
    one before the first card and one after every card; empty for a hand with
    no card log), the seat aliases and names in clockwise order, the outcome,
    and the errors (empty when the hand is legal).

    A Schafkopf hand (SHN-SK, docs/notation.md §14) is replayed through
    :class:`replay.schafkopf.SchafkopfState`: its frames are
    :class:`replay.schafkopf.SkFrame` and ``state`` is that game (finished
    when the hand is legal, stopped at the first illegal card otherwise);
    ``state`` is None for a Sheepshead hand."""

    frames: list[Frame]
    seats: list[tuple[str, str]]
    outcome: HandOutcome | None
    errors: list[Diagnostic]
    record: HandRecord | None
    state: object = None  # a Schafkopf hand: the SchafkopfState the frames come from


def replay_text(text: str, hand: int | None = None, path: str | None = None) -> HandReplay:
    """Replay one hand of an SHN text (a whole file, or a stored session
    header plus one hand's source; ``%SHN 1.0`` is added when missing).
    ``hand`` picks the hand number (default: the first hand).  Session state
    such as doubler stakes comes from the hands before it in ``text``."""
    from .shn.reader import read

    if not text.lstrip().startswith("%SHN"):
        text = "%SHN 1.0\n" + text
    shn = read(text, path)
    sessions: dict[str, SessionState] = {}
    for rec in shn.hands:
        sess = sessions.setdefault(rec.session_id, SessionState())
        target = hand is None or rec.number == hand
        chk = HandCheck(rec, path, frames=[] if target else None)
        if rec.errors:
            if target:
                return HandReplay([], rec.seats, None, list(rec.errors), rec)
            continue
        try:
            outcome, _, _ = _check_hand(chk, sess)
        except _Reject as r:
            if target:
                return HandReplay(chk.frames or [], rec.seats, None, [r.diag], rec, chk.sk_state)
            continue
        _counted(chk, outcome, sess)
        if target:
            return HandReplay(chk.frames or [], rec.seats, outcome, [], rec, chk.sk_state)
    errs = list(shn.errors) or [Diagnostic("E-NO-HAND", f"no hand {hand} in the text", file=path, line=1, col=1)]
    return HandReplay([], [], None, errs, None)
