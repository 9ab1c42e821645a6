"""What every game's judge shares (:mod:`replay.judge`): the working state of
one hand (:class:`HandCheck`), the session carry (:class:`SessionState`:
doublers, the pot, the dealer; rules.md D-11, D-12, D-19), the refusal
(:class:`Refusal`), and the checks every game makes the same way: the
dealer, the numbers the store can hold, the date, and the written score
against the settlement (an agreed ``^`` score kept as a conflict)."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import Diagnostic, IllegalAction
from .names import plain_name
from .profile import RuleProfile, parse_rules, placed_rules_error
from .pot import settle_pot
from .seven import is_nuclear, nuclear_settlement
from .scoring import (Settlement, settle_picked)

from .outcome import HandOutcome, ReplayedCardLog
from .facts import HandRecord, Pos


class Refusal(Exception):
    """The judge refuses the hand: ``diag`` is the positioned
    :class:`~replay.errors.Diagnostic` (code, the rule, what was found and what
    was expected, at the line and column of the fact at fault)."""

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
    a stake or a pot).  The carry is fed by accepted hands, in the order
    read: the stored hands of the session before a file's hands
    (:func:`prior_state`, docs/storage.md "Session carry"), then the file's;
    and by a stored hand that keeps its stored outcome when the rules refuse
    it on a re-read (:func:`count_stored`)."""

    queued: int = 0  # doublerStacking=queued: hands still to be played at ×2
    run: int = 0  # doublerStacking=multiplicative: doublers in a row
    pot: int = 0  # pot=on: units in the pot before the next hand
    last_hand: int | None = None
    last_dealer: int | None = None
    known: bool = True  # every earlier hand of the session counted (no gap)
    voided: frozenset = frozenset()  # hand numbers voided (`shead void`), from a `[_Voided "…"]` tag: no gap
    last_misdeal: bool = False  # the last hand counted was a void deal (misdeal, thrown): its dealer may deal again
    last_date: str | None = None  # the day (YYYY-MM-DD) the last hand counted was played; None: not known
    #: hands of the file refused (not counted, so not in the carry): number -> (what it reads as: "pick", "doubler"
    #: ...; its error's code; where), for the W-SESSION-GAP of the hands after them (break22 F9)
    refused: dict | None = field(default=None, compare=False)
    #: the last hand counted wrote its own [Seats] (a substitute for that hand, docs/notation.md §4.2): its (number,
    #: the note on that tag or None, (alias, name) pairs), for the W-SEATS-BACK of the hand after it (league33 F1);
    #: None otherwise
    last_seats: tuple | None = field(default=None, compare=False)

    def note_refused(self, number: int, kind: str | None, code: str, where: str) -> None:
        """Remember hand ``number`` refused (``kind``: what it reads as, None
        when it does not read): it feeds no carry (docs/storage.md "Session
        carry"), so the hands after it say what they take for it."""
        if self.refused is None:
            self.refused = {}
        self.refused[number] = (kind, code, where)

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
        start = 1 if self.last_hand is None else self.last_hand + 1
        if number == start:  # the next hand (the common case): no gap to look at
            return self.known
        # hand numbers voided in between (an export's [_Voided] tag, QA D12) count for nothing: no gap
        return self.known and number >= start and all(k in self.voided for k in range(start, number))

    def after(self, profile: RuleProfile, number: int, outcome: str, game: str, pot_before: int, pot_delta: int,
              dealer: int | None, stake: int | None = None, date: str | None = None) -> None:
        """Count an accepted hand: a doubler queues a doubled hand (D-11,
        D-12), a played Sheepshead hand plays one off, a misdeal neither; the
        pot's balance becomes ``pot_before + pot_delta`` (D-19, the pot seat's
        units: + when the pot takes, - when it pays out).  ``stake``: the
        hand's stake when it was asserted after a gap (``stake N`` written, or
        the stake its score is paid at): it seeds the doublers still to play
        before the hand is counted (×1: none; ×2 and more: at least one
        queued, or that many in a row under ``multiplicative``).  ``date``:
        the day the hand was played (YYYY-MM-DD), on which the next hand's
        dealer may be derived."""
        self.known = self.reaches(number)
        if stake is not None:
            if profile.doublerStacking == "multiplicative":
                self.run = stake.bit_length() - 1
            else:
                self.queued = 0 if stake == 1 else max(self.queued, 1)
        if outcome == "doubler":
            self.thrown_in()
        elif outcome not in ("misdeal", "potsplit") and game == "sheepshead":
            self.played(profile)
        self.pot = pot_before + pot_delta
        self.last_hand = number
        self.last_dealer = dealer  # None when this hand's dealer is not known: no rotation to check after it
        self.last_misdeal = outcome == "misdeal"
        self.last_date = date
        self.last_seats = None  # count_hand sets it again for a hand with its own [Seats]


class HandCheck:
    """The working state of one hand's validation: the record ``rec`` and its
    file; the profile, the seat aliases clockwise, alias -> seat number
    (``index``), the (alias, name) pairs (``seats``), each fact's provenance
    (``prov``), the warnings so far, the replay frames when ``frames`` is a
    list (``replay_text``), the date (YYYY-MM-DD, None when unknown), the
    pot's balance before the hand (``pot=on``, rules.md D-19), the dealer
    seat when known and a Schafkopf hand's SchafkopfState once replayed
    (``sk_state``); ``tags``, the tags in force for the hand
    (:meth:`~replay.facts.HandRecord.tags_in_force`, read once a hand: the
    judge's ``tags.get(name)`` is ``rec.tag(name)``).

    A plain class with slots and its own ``__init__`` (issue 17: compiled,
    one C function instead of the dataclass's generated Python
    ``__init__``, made once a hand)."""

    __slots__ = ("rec", "file", "profile", "aliases", "index", "seats", "prov", "warnings", "frames", "date", "pot",
                 "dealer", "sk_state", "tags", "sum_free",
                 "partial_error")  # set only for a partial deal (replay.judge_wi._state_from_partial_deal): unset
    # otherwise, read with getattr on the way to a refusal (no work for the other hands)

    def __init__(self, rec: HandRecord, file: str | None, profile: RuleProfile | None = None,
                 aliases: list[str] | None = None, index: dict[str, int] | None = None, seats: tuple = (),
                 prov: dict[str, str] | None = None, warnings: list[Diagnostic] | None = None,
                 frames: list | None = None, date: str | None = None, pot: int = 0, dealer: int | None = None,
                 sk_state: object = None):
        self.rec = rec
        self.file = file
        self.profile = profile
        self.aliases = [] if aliases is None else aliases
        self.index = {} if index is None else index
        self.seats = seats
        self.prov = {} if prov is None else prov
        self.warnings = [] if warnings is None else warnings
        self.frames = frames
        self.date = date
        self.pot = pot
        self.dealer = dealer
        self.sk_state = sk_state
        self.tags = rec.tags_in_force()
        #: judge a score that does not sum to zero on (replay.judge.judge_hand: only to name the entry the
        #: rules disagree with in its E-SCORE-SUM)
        self.sum_free = False

    def picked(self, picker: int, partner, outcome: str, stake: int, marks, *,
               sheepshead: bool = False, out: int | None = None) -> Settlement:
        """``settle_picked`` for this hand: a forced picker (rules.md D-13,
        D-14, ``forcedPickNoBump``), a sheepshead call (C-9), a dealer who sits
        out (``out``, F-1) and the pot (D-19) taken into account."""
        prof = self.profile
        forced = self.dealer is not None and picker == prof.forced_pick_seat(self.dealer)
        st = settle_picked(prof, prof.players, picker, partner, outcome, stake=stake, marks=marks, forced=forced,
                           sheepshead=sheepshead, out=out)
        if is_nuclear(prof, picker, self.dealer):  # nuclearDealer: the dealer alone at x2 (issue 18)
            st = nuclear_settlement(st)
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
        prof = self.profile
        out = self.dealer if prof.sitOut else None  # the dealer sitting out puts nothing in (F-1)
        return settle_pot(st, prof, pot=self.pot, picker=picker, partner=partner, out=out)

    def diag(self, code: str, message: str, pos: Pos | None, *, found=None, expected=None, trick=None,
             severity="error") -> Diagnostic:
        p = pos or self.rec.pos
        return Diagnostic(code, message, severity, self.file, p.line or self.rec.line, p.col or 1, self.rec.number,
                          trick, None if found is None else str(found), None if expected is None else str(expected))

    def reject(self, code: str, message: str, pos: Pos | None, **kw) -> Refusal:
        return Refusal(self.diag(code, message, pos, **kw))

    def seat(self, alias: str | None, pos: Pos | None) -> int:
        try:
            return self.index[alias]
        except KeyError:
            raise self.reject("E-SEAT", f"{alias!r} is not a seat of this hand", pos, found=alias,
                              expected=" ".join(self.aliases)) from None

    def engine_error(self, exc: IllegalAction, pos: Pos | None, trick: int | None = None) -> Refusal:
        d = exc.diagnostic
        msg = _alias_text(d.message, self.aliases)  # speak in seat aliases, not numbers
        found, expected = d.found, d.expected
        if self.rec.seating_from and (d.code in ("E-PICK-ORDER", "E-WRONG-TURN")
                                      or "pick order" in str(expected or "")):  # the seating as read (real27 F1)
            msg = f"{msg}; {self.rec.seating_from}"
        if d.code in ("E-WRONG-TURN", "E-PICK-ORDER", "E-PARTNER-CARD", "E-SIT-OUT"):
            found, expected = (self._alias(found), self._alias(expected))
        if isinstance(found, str):  # "crack by seat 1" -> "crack by Ida"
            found = _alias_text(found, self.aliases)
        if isinstance(expected, str):
            expected = _alias_text(expected, self.aliases)
        return Refusal(self.diag(d.code, msg, pos, found=found, expected=expected, trick=trick or d.trick))

    def _alias(self, v: str | None) -> str | None:
        try:
            return self.aliases[int(v)]
        except (TypeError, ValueError, IndexError):
            return v


@lru_cache(maxsize=1024)
def _parse_seats(text: str) -> tuple[tuple[str, str], ...]:
    """``Al=Allen Braun; Bea=...`` -> ((alias, name), ...), clockwise (read
    once a text: a session's hands share one)."""
    out = []
    for part in text.split(";"):
        part = part.strip()
        if part:
            alias, _, name = part.partition("=")
            # a name in one spelling, as the reader's parse_seats (a no-break space: break18b F2; a zero-width
            # space: break22 F2)
            out.append((alias.strip(), plain_name(name) or alias.strip()))
    return tuple(out)


@lru_cache(maxsize=1024)
def _seat_index(text: str) -> dict[str, int]:
    return {a: i for i, (a, _) in enumerate(_parse_seats(text))}


@lru_cache(maxsize=1024)
def _seat_aliases(text: str) -> tuple[str, ...]:
    """The aliases of ``[Seats]`` text, clockwise (:func:`_parse_seats`)."""
    return tuple(a for a, _ in _parse_seats(text))


@lru_cache(maxsize=256)
def _flags(rules_text: str) -> dict[str, object]:
    """The resolved flags of a [Rules] text, computed once per text (treat as read-only)."""
    return parse_rules(rules_text).model_dump()


def _or(ms) -> int:
    out = 0
    for m in ms:
        out |= m
    return out


def _written_units(chk: HandCheck, score) -> tuple[list[int | None], bool]:
    n = chk.profile.players
    units: list[int | None] = [None] * n
    seats, values, agreed = score.written  # an entry's position (score.entries[k]) is read only to report it
    index = chk.index
    for k, alias in enumerate(seats):
        s = index.get(alias)
        if s is None:
            s = chk.seat(alias, score.entries[k][1].pos)  # E-SEAT
        if units[s] is not None:
            raise chk.reject("E-SCORE", f"{alias} is scored twice", score.entries[k][1].pos, found=alias,
                             expected="one entry per seat")
        units[s] = values[k]
    known = [u for u in units if u is not None]
    if len(known) == n and sum(known) != 0 and not chk.pot_on and not chk.sum_free:  # pot: by _agreed_score
        raise chk.reject("E-SCORE-SUM", f"the score sums to {sum(known):+d}, not 0 (rules.md B-35)", score.pos,
                         found=sum(known), expected=0)
    return units, agreed


def _check_pot_sum(chk: HandCheck, units: list[int | None], pots, score, settle: Settlement | None = None) -> None:
    """Under ``pot=on`` (rules.md D-19) the written players' units (a full
    score, one entry per seat) and the pot's share sum to 0 (B-35): raise
    ``E-SCORE-SUM`` at the ``score`` when the sum fits none of ``pots`` (the
    pot's units of each settlement the hand may have; the first is quoted).
    ``settle``: the one settlement the rules give, when there is one: the
    message then says its units, as ``E-SCORE`` does (a tester's finding)."""
    if chk.pot_on and None not in units and all(sum(units) + p != 0 for p in pots):
        gap = chk.prov.get("pot") == "derived" and any(w.code == "W-SESSION-GAP" for w in chk.warnings)
        give = (" (the rules give " + " ".join(f"{a} {u:+d}" for a, u in zip(chk.aliases, settle.units))
                + f", the pot {settle.pot:+d})" if settle is not None and len(settle.units) == len(chk.aliases)
                else "")
        raise chk.reject("E-SCORE-SUM", f"the score sums to {sum(units):+d} but the pot takes {pots[0]:+d}{give}: "
                         "players and pot together sum to 0 (rules.md B-35, D-19)"
                         + (f"; an earlier hand of the session is missing (not in the log, refused, or not stored "
                            f"yet), so the pot before this hand ({chk.pot} from the hands read) may be wrong: store "
                            "the missing hands first" + ("" if chk.rec.sheet_row else ", or write pot N on this hand")
                            if gap else ""),
                         score.pos, found=sum(units), expected=-pots[0])


def money_factor(written, units) -> int | None:
    """``d`` when every written amount of ``written`` (None: not written)
    is ``d`` times the rules' ``units`` for its seat (the same order) and
    ``d`` is a stake in cents a sheet is kept at (:data:`MONEY_FACTORS`: a
    nickel, a dime, a quarter ...): such a sheet read as units; else None.
    (Two, three or four times the rules' is a doubler, a crack or a blitz
    not written, not money.)"""
    pairs = [(w, u) for w, u in zip(written, units) if w is not None]
    first = next(((w, u) for w, u in pairs if u), None)
    if first is None or first[0] % first[1]:
        return None
    d = first[0] // first[1]
    return d if d in MONEY_FACTORS and all(w == d * u for w, u in pairs) else None


#: Cents a unit a money sheet is kept at (:func:`money_factor`).
MONEY_FACTORS = frozenset((5, 10, 20, 25, 50, 100))


def money_hint(d: int, what: str) -> str:
    """What a score ``d`` times the rules' ``what`` (:func:`money_factor`)
    is told (sheet18 F5)."""
    return (f"; every amount is {d} times {what}: if the sheet is kept in money, {d} a unit, give the money one "
            f"unit is worth (--columns stake={d}), or write units")


def _agreed_score(chk: HandCheck, settle: Settlement, score=None, note=None) -> Settlement:
    """Check the written score against ``settle``; an agreed (``^``) score
    replaces it (every entry that differs from ``settle`` marked ``^``, a
    ``W-AGREED`` warning); else ``E-SCORE`` at the first entry that differs
    and is not marked: a marked entry may differ, so it is not the one
    blamed (fixd31, break30 F5).  Returns the settlement the ledger uses.
    ``note``, when
    given, is called with the seat of the refused entry and its text is
    added to ``E-SCORE`` after the rules' working (real29 F3: the prices an
    unwritten Schafkopf fact allows)."""
    score = score if score is not None else chk.rec.score
    if score is None:
        chk.prov["units"] = "derived"
        return settle
    units, agreed = _written_units(chk, score)
    n = len(units)
    _check_pot_sum(chk, units, (settle.pot,), score, settle)
    bad = [i for i in range(n) if units[i] is not None and units[i] != settle.units[i]]
    if not bad:
        chk.prov["units"] = "verified"
        return settle
    entries = dict((chk.seat(a, v.pos), v) for a, v in score.entries)
    # the first entry off that is not marked agreed: a ^ entry may differ, so it is not the one blamed (fixd31,
    # break30 F5)
    i = next((j for j in bad if not entries[j].agreed), bad[0])
    flag = _flag_note(chk, settle, units, bad)
    if flag[0] is not None:
        i = flag[0]
    v = entries[i]
    if all(entries[j].agreed for j in bad) and all(u is not None for u in units):
        chk.prov["units"] = "conflict"
        chk.warnings.append(chk.diag("W-AGREED", f"score agreed at the table differs from the rules: "
                                     f"{chk.aliases[i]} {units[i]:+d}, the rules give {settle.units[i]:+d}", v.pos,
                                     severity="warning", found=units[i], expected=settle.units[i]))
        return Settlement(tuple(units), settle.outcome, settle.tier, settle.multiplier, settle.per_defender,
                          settle.factors, settle.shares, settle.summary + ", score agreed at the table", settle.pot)
    why = settle.text.split(";")[0]
    if settle.outcome == "ramsch":  # which loser and which Jungfrau the nearest Ramsch result is (rules.md G-17)
        why += "; " + re.sub(r"seat (\d+)", lambda m: chk.aliases[int(m.group(1))], settle.summary)
    d = money_factor(units, settle.units)
    hint = money_hint(d, "the rules' (" + " ".join(f"{a} {u:+d}" for a, u in zip(chk.aliases, settle.units)) + ")"
                      ) if d else ""
    if (not hint and getattr(chk.profile, "doubleOnBump", False) and settle.outcome.startswith("lose")
            and all(u is None or 2 * u == s for u, s in zip(units, settle.units))):
        # a table that does not double on the bump writes every amount of a loss at half (new20 F5)
        rules = chk.tags.get("Rules") or chk.profile.name
        hint = (f"; every amount is half the rules': a table that does not double on the bump writes "
                f'[Rules "{rules}; doubleOnBump=off"] (rules.md B-32)')
    extra = note(i) if note is not None else ""
    hint = flag[1] + hint
    raise chk.reject("E-SCORE", f"{chk.aliases[i]} {units[i]:+d} is written but the rules give "
                     f"{settle.units[i]:+d} ({why}){extra}{hint}", v.pos, found=f"{units[i]:+d}",
                     expected=f"{settle.units[i]:+d}")


def _flag_note(chk: HandCheck, settle: Settlement, units: list, bad: list[int]) -> tuple[int | None, str]:
    """(the seat to name, text) of an ``E-SCORE`` whose written amounts a
    house-rule flag explains (break30 F4): a dealer who sits out charged
    (``sitOut``, rules.md F-1: that seat named, its units 0); a loss written at
    twice the rules' under ``doubleOnBump=off`` (B-32); a no-tricker loss under
    ``partnerOffHookNoTrick=on`` (B-34).  ``(None, "")`` when none does."""
    prof = chk.profile
    out = chk.dealer if getattr(prof, "sitOut", False) else None
    if out is not None and out in bad and settle.units[out] == 0:
        a = chk.aliases[out]
        return out, (f"; {a} deals and sits out the hand (the dealer sits out, {prof.name}, rules.md F-1), so "
                     f"{a} neither pays nor receives")
    if (getattr(prof, "doubleOnBump", True) is False and settle.outcome.startswith("lose")
            and all(u is None or u == 2 * s for u, s in zip(units, settle.units))):
        return None, ("; every amount is twice the rules': there is no double on the bump (doubleOnBump=off, "
                      "rules.md B-32)")
    if "off the hook" in settle.summary:
        return None, ("; the partner is off the hook: the picker side took no trick, so the partner pays nothing "
                      "and the picker the whole (partnerOffHookNoTrick=on, rules.md B-34)")
    return None, ""


#: What the store keeps: units as SMALLINT (hand numbers as INTEGER: the
#: reader's range, ingest.shn.reader.MAX_HAND).
_MAX_UNITS = 32767


_MAX_STAKE = 2**10


def next_dealer(last: int, n: int, misdeal: bool = False) -> int:
    """The seat (0..n-1) due to deal the hand after one dealt by seat
    ``last`` at a table of ``n`` seats: the seat on its left (rules.md B-1:
    the deal passes clockwise after every hand), or ``last`` itself after a
    Sheepshead ``misdeal`` (B-4: a misdeal is redealt; notation.md §6
    ``dealer``: its dealer may deal again).  What the dashboard's Log a hand
    page offers for the next hand (newuser30 F4); the validator accepts
    either dealer after a misdeal (:func:`_check_rotation`).  Raises
    ``ValueError`` when ``n`` < 1 or ``last`` is not a seat."""
    if n < 1 or not 0 <= last < n:
        raise ValueError(f"seat {last} at a table of {n}")
    return last if misdeal else (last + 1) % n


def written_dealer(chk: HandCheck, sess, n: int) -> int | None:
    """The hand's dealer seat (0..n-1), or None when nothing tells it:
    written (``dealer S``, provenance ``asserted``), else derived from the
    leader of trick 1 (the seat left of the dealer leads, rules.md B-17, G-2)
    or from the previous hand of the session (the deal passes to the left),
    unless that hand was a void deal (a misdeal, a Schafkopf deal thrown in),
    whose dealer may deal again (rules.md B-4), or was played on another day
    (a session continued another night, whose first dealer is its own).  Shared by the Sheepshead,
    Schafkopf and Indiana validators."""
    rec = chk.rec
    if rec.dealer is not None and rec.dealer.value is not None:
        chk.prov["dealer"] = "asserted"
        seat = chk.seat(rec.dealer.value, rec.dealer.pos)
        _check_rotation(chk, sess, n, seat, rec.dealer.pos, f"dealer {rec.dealer.value}")
        return seat
    if rec.tricks and rec.tricks[0].number == 1:
        chk.prov["dealer"] = "derived"
        t1 = rec.tricks[0]
        seat = (chk.seat(t1.leader, t1.leader_pos) - 1) % n
        _check_rotation(chk, sess, n, seat, t1.leader_pos, f"t1 led by {t1.leader}, so dealer {chk.aliases[seat]}")
        return seat
    if sess.last_dealer is not None and sess.last_hand is not None and rec.number == sess.last_hand + 1 \
            and not sess.last_misdeal and not _other_day(chk, sess):
        # after a void deal its dealer may deal again (B-4), and a night played on another day deals from a seat
        # of its own (drawn, or where the last night's dealer sits now): neither is known (scorer19 F7b)
        chk.prov["dealer"] = "derived"
        return (sess.last_dealer + 1) % n
    return None


def _other_day(chk: HandCheck, sess) -> bool:
    """Whether ``chk``'s hand is played on another day than the last hand
    counted (its ``[Date]`` against :attr:`SessionState.last_date`; False
    when either is not known)."""
    last = sess.last_date
    if last is None:
        return False
    text = chk.tags.get("Date")
    return bool(text) and "?" not in text and text.replace(".", "-") != last


def check_date_order(chk: HandCheck, sess) -> None:
    """``W-DATE-ORDER`` when the hand is dated before the hand it follows in
    its session (:attr:`SessionState.last_date`): a later night's hands
    written under an earlier night's header copied unchanged (break21 F8:
    stored a week before the hands it follows, silent; a date-ranged ledger
    then counts it on the wrong night, a pot filled on the later night paid
    out on the earlier).  The hand is kept as written."""
    last, day = sess.last_date, chk.date
    if last is None or day is None or day >= last or sess.last_hand is None or chk.rec.number <= sess.last_hand:
        return
    rec = chk.rec
    pos = rec.tag_pos.get("Date") or rec.session.tag_pos.get("Date") or rec.pos
    chk.warnings.append(chk.diag(
        "W-DATE-ORDER", f"hand {rec.number} is dated {day}, before hand {sess.last_hand} of {last}, which it follows "
        f"in session {rec.session.id!r}: if it was played that night or later, its [Date] is an earlier night's "
        "header copied unchanged: correct it (shead ingest --amend); the hand is kept as written", pos,
        found=day, expected=f"{last} or later", severity="warning"))


def check_seats_back(chk: HandCheck, sess) -> None:
    """``W-SEATS-BACK`` (league33 F1) when hand N+1 writes no [Seats] of its
    own after hand N (counted just before) wrote one that put another player
    in a chair: by docs/notation.md §4.2 (notation.md §3 "Session") a tag
    written after ``hand N`` applies to hand N alone, so hand N+1 is scored
    with the session's player again.  That meaning is kept (nothing is
    refused, no unit changes), but a player replaced for one hand and back
    at the next is most often a substitute who stayed, written once: said
    at hand N+1's ``hand`` line, naming the seat, both players, hand N's note
    on its [Seats] when there is one, and how to write a substitute who
    stayed.  A seat swap (every player at both tables) is no substitute and
    is not said; nor is a hand N+1 with its own [Seats].  Call it only when
    ``sess.last_seats`` is set (no work for the other hands)."""
    number, note, own = sess.last_seats
    rec = chk.rec
    if "Seats" in rec.tags or sess.last_hand != number or rec.number != number + 1:
        return
    now = rec.seats
    if len(now) != len(own):
        return
    gone = {name for _, name in own} - {name for _, name in now}
    back = {name for _, name in now} - {name for _, name in own}
    subs = [(a, sub, was) for (_, sub), (a, was) in zip(own, now) if sub in gone and was in back]
    if not subs:
        return
    said = "; ".join(f"seat {a} is {was} again (the session's [Seats]), where hand {number}'s own [Seats] put {sub}"
                     for a, sub, was in subs)
    noted = f" (hand {number}'s note: {{{note}}})" if note else ""
    subs_names = " and ".join(sub for _, sub, _ in subs)
    chk.warnings.append(chk.diag(
        "W-SEATS-BACK", f"hand {rec.number}: {said}{noted}; a [Seats] tag written after a hand's 'hand' line applies "
        f"to that hand alone (docs/notation.md §4.2), so hand {number} alone was played by {subs_names} and this hand "
        f"is scored as written. If {subs_names} stayed, write hand {number}'s [Seats] tag again after the 'hand' line "
        f"of each later hand played so (or, for a night played so from its first hand, put it in the session's header "
        "before hand 1), and correct the stored hands with shead ingest --amend; the hand is kept as written",
        rec.pos, found=", ".join(f"{a}={was}" for a, _, was in subs),
        expected=", ".join(f"{a}={sub}" for a, sub, _ in subs) + " (if the substitute stayed)", severity="warning"))


def _check_rotation(chk: HandCheck, sess, n: int, dealer: int, pos, what: str) -> None:
    """``W-SESSION-DEALER`` when hand N+1's dealer is not the seat on the left
    of hand N's dealer (rules.md B-1: the deal rotates clockwise after every
    hand; G-2 for Schafkopf): tables do misdeal turns, so the hand stays
    valid and is kept as written.  Checked only when hand N of the session
    was counted just before with a known dealer; after a void deal
    (``misdeal``, Schafkopf ``thrown``) the same dealer may deal again."""
    last = sess.last_dealer
    if last is None or sess.last_hand is None or chk.rec.number != sess.last_hand + 1 or _other_day(chk, sess):
        return  # (a night of another day deals from a seat of its own)
    due = (last + 1) % n
    if dealer == due or (sess.last_misdeal and dealer == last):
        return
    a = chk.aliases
    prev = chk.rec.number - 1
    if sess.last_misdeal:  # a misdeal is dealt again by its dealer (rules.md B-4; verify30 F6: "Carl deals next")
        chk.warnings.append(chk.diag(
            "W-SESSION-DEALER", f"hand {chk.rec.number}: {what}, but hand {prev} was a misdeal dealt by {a[last]} "
            f"(as written, or by the rotation), so {a[last]} deals again (rules.md B-4: a misdeal is redealt; the "
            f"deal passes to the left, to {a[due]}, only after a hand is played, B-1); the hand is kept as written",
            pos, found=a[dealer], expected=a[last], severity="warning"))
        return
    chk.warnings.append(chk.diag(
        "W-SESSION-DEALER", f"hand {chk.rec.number}: {what}, but hand {prev}'s dealer was {a[last]} (as written, or "
        f"by the rotation), so {a[due]} (on {a[last]}'s left) deals next (rules.md B-1: the deal passes to the left after every hand); the hand is kept "
        "as written", pos, found=a[dealer], expected=a[due], severity="warning"))


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


#: Date tags already read as a real day: the text -> ``YYYY-MM-DD`` (a session's hands share one).
_DATES: dict[str, str] = {}

_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def _check_date(chk: HandCheck) -> str | None:
    """The Date tag as ``YYYY-MM-DD``; None when absent or written with
    unknown parts (``2025.??.??``).  A date that is not a real day, or not
    written ``YYYY.MM.DD``, is an error at the tag (notation.md §4)."""
    rec = chk.rec
    text = chk.tags.get("Date")  # rec.tag("Date")
    if text is None or "?" in text:
        return None
    if not text:  # [Date ""] or [Date " "]: a night of no day, and its id 'Event / ' shared by every such night
        # (break23b F4: every night so written was one session, a second night's hands its duplicates)
        raise chk.reject("E-DATE", "[Date] is empty: write the night's date, YYYY.MM.DD (?? for an unknown part), "
                         "or leave the tag out; nights written with an empty date would be one session",
                         rec.tag_pos.get("Date") or rec.session.tag_pos.get("Date"), found='""',
                         expected="YYYY.MM.DD, e.g. 2025.03.06")
    iso = _DATES.get(text)
    if iso is not None:
        return iso
    try:
        if len(text) != 10 or text[4] != "." or text[7] != ".":
            raise ValueError
        iso = _dt.date(int(text[:4]), int(text[5:7]), int(text[8:])).isoformat()
        if len(_DATES) >= 4096:
            _DATES.clear()
        _DATES[text] = iso
        return iso
    except ValueError:
        pos = rec.tag_pos.get("Date") or rec.session.tag_pos.get("Date")
        shown = text if len(text) <= 40 else text[:37] + "..."
        iso = _ISO_DATE.fullmatch(text)
        if iso:  # an ISO date is not taken: the session id is made of the Date as written (notation.md §4.2)
            fix = f"{iso[1]}.{iso[2]}.{iso[3]}"
            raise chk.reject("E-DATE", f"[Date {shown!r}] is an ISO date; SHN writes dates YYYY.MM.DD: write "
                             f"[Date \"{fix}\"]", pos, found=text, expected=fix) from None
        raise chk.reject("E-DATE", f"[Date {shown!r}] is not a day of the calendar written YYYY.MM.DD", pos,
                         found=shown, expected="YYYY.MM.DD, e.g. 2025.03.06 (?? for an unknown part)") from None


def _matches(units, written) -> bool:
    return all(w is None or w == u for u, w in zip(units, written))


#: ``_breakdown``'s texts by what :attr:`Settlement.text` reads and the aliases.
_BREAKDOWNS: dict[tuple, str] = {}


def _breakdown(settle: Settlement, aliases: tuple[str, ...]) -> str:
    """The settlement's breakdown in words with seat aliases (cached: most
    hands of a session share one of a few dozen settlements).  Kept by the
    fields :attr:`Settlement.text` reads, hashed as one tuple (issue 17:
    without a call of the dataclass's ``__hash__`` over every field)."""
    key = (settle.units, settle.outcome, settle.per_defender, settle.factors, settle.summary, settle.pot, aliases)
    text = _BREAKDOWNS.get(key)
    if text is None:
        if len(_BREAKDOWNS) >= 4096:
            _BREAKDOWNS.clear()
        text = _BREAKDOWNS[key] = _alias_text(settle.text, list(aliases))
    return text


_SEAT_RE = re.compile(r"\bseat (\d+)\b")


def _alias_text(text: str, aliases: list[str]) -> str:
    """Engine text speaks of ``seat 3``; people read the alias."""
    return _SEAT_RE.sub(lambda m: aliases[int(m.group(1))] if int(m.group(1)) < len(aliases) else m.group(0), text)


def _cardlog(chk: HandCheck, tricks: list[tuple] | None = None, won: list[int] | None = None,
             reneges: tuple[int, ...] = ()) -> ReplayedCardLog:
    """The card log of ``chk``'s hand: its ``deal``, ``blind`` and ``bury``
    lines as written and ``tricks``, the tricks the engine played
    (:class:`~replay.outcome.ReplayedCardLog`, which also says ``won`` and
    ``reneges``)."""
    rec = chk.rec
    return ReplayedCardLog(chk.aliases, {d.seat: d.cards for d in rec.deals}, rec.blind.cards if rec.blind else (),
                           rec.bury.cards if rec.bury else (), tricks if tricks is not None else [], won, reneges)


def count_hand(chk: HandCheck, outcome: HandOutcome, sess: SessionState) -> None:
    """Feed an accepted hand to its session's carry (rules.md D-11, D-12, D-19)."""
    sess.after(chk.profile, chk.rec.number, outcome.outcome, outcome.game, chk.pot, outcome.pot,
               chk.aliases.index(outcome.dealer) if outcome.dealer is not None else None,
               outcome.stake if chk.prov.get("stake") == "asserted" else None, outcome.date)
    if "Seats" in chk.rec.tags and not chk.rec.sheet_row:
        # a hand's own [Seats] written in SHN: said at the next hand when its players come back (a sheet's row names
        # its players in its own cells: a substitute for one row is written so)
        rec = chk.rec
        sess.last_seats = (rec.number, rec.tag_notes.get("Seats") if rec.tag_notes else None, tuple(rec.seats))


def count_stored(outcome: HandOutcome, sess: SessionState) -> None:
    """Feed the carry with a stored hand that keeps its stored outcome
    because the current rules refuse it on a re-read (``W-CARRY``: a hand
    stored before an earlier hand arrived, its written score now at the
    wrong stake or pot, kept until amended).  The hand was played, so it
    counts as played (rules.md D-11, D-12: it plays off a queued doubler, a
    doubler queues one, a misdeal neither); the pot moves by what the kept
    hand's stored units put in or took out (``outcome.pot``, the pot seat's
    units, rules.md D-19) from the balance in force, so the pot never pays
    out units it did not receive.  Its stake never seeds the carry, even
    when it was written: the hand is kept because what it wrote disagrees
    with the carry now known (a ``stake 1`` written after a gap, when a
    doubler turned out to be queued), and the doublers still queued are the
    rules' (a tester's finding: the written stake threw a queued doubler
    away).  A stored ``[Rules]`` the current profiles refuse feeds nothing
    (the hand is then a gap, as before).  ``outcome``: the stored
    :class:`HandOutcome`; ``sess`` is changed in place."""
    try:
        profile = parse_rules(outcome.rules or None)
    except Exception:  # noqa: BLE001 - a ProfileError: the rules changed under the stored hand
        return
    aliases = list(outcome.players)
    dealer = aliases.index(outcome.dealer) if outcome.dealer in outcome.players else None
    sess.after(profile, outcome.hand, outcome.outcome, outcome.game, sess.pot, outcome.pot, dealer, None, outcome.date)


def rules_error_pos(pos: Pos | None, text: str, found) -> Pos | None:
    """Where in a ``[Rules "…"]`` tag a :class:`~replay.errors.ProfileError`
    points: ``pos`` is the tag's ``[``; the value starts after ``[Rules "``
    (the tag is ``[Name "value"]`` with one space, notation.md), so a
    ``found`` flag or item that occurs once in the value ``text`` is placed
    at its own column (QA D6: ``doubleOnBmp`` at 5:25, not 5:1).  Otherwise
    (no position, an escape in the value, ``found`` absent or ambiguous) the
    tag's position is kept."""
    if pos is None or not found or "\\" in text or pos.line == 0:
        return pos
    f = str(found)
    for needle, skip in (("=" + f, 1), (f, 0)):  # a bad value right after its '=' first, then a flag or item
        at = text.find(needle)
        if at >= 0 and text.find(needle, at + 1) < 0:
            return Pos(pos.line, pos.col + len('[Rules "') + at + skip)
    return pos


def placed_rules_refusal(pos: Pos | None, text: str, exc) -> tuple[Pos | None, str]:
    """Where a :class:`~replay.errors.ProfileError` of a ``[Rules "…"]`` tag
    points and what it says: ``pos`` is the tag's ``[``, the value starting
    after ``[Rules "`` (notation.md); the error is placed at its first bad
    part and its message names every bad part's column, in the order written
    (house32 F3).  Where the columns are not known (no position, an escape in
    the value) the message keeps its character offsets and the place is
    :func:`rules_error_pos`'s."""
    col0 = None if pos is None or pos.line == 0 or "\\" in text else pos.col + len('[Rules "')
    col, message = placed_rules_error(exc, col0)
    if col is None or pos is None:
        return rules_error_pos(pos, text, exc.diagnostic.found), message
    return Pos(pos.line, col), message


def voided_numbers(text: str | None) -> frozenset:
    """The hand numbers of a ``[_Voided "3 7"]`` tag (written by ``shead
    export`` for hands voided with ``shead void``; docs/notation.md §10): a
    voided hand counts for nothing (no stake, pot or units), so its number
    is no gap in the session's carry (rules.md D-11, D-12, D-19).  Words that
    are not numbers are ignored."""
    if not text:
        return frozenset()
    return frozenset(int(w) for w in text.replace(",", " ").split() if w.isdigit())
