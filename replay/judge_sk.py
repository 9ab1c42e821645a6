"""Validation of a Schafkopf SHN hand (SHN-SK, docs/notation.md §14): the
record is replayed through :class:`replay.schafkopf.SchafkopfState` — never
through the Sheepshead engine, and never by renaming cards — under the
hand's ``[Rules]`` Schafkopf profile (``schafkopf``, ``schafkopf-bsv``,
``netschafkopf``, with ``flag=value`` overrides).

:func:`check_schafkopf` is called by :func:`ingest.validate._check_hand` for
every hand whose ``[Rules]`` names a Schafkopf profile or whose ``[Cards]``
is ``de``.  It returns the same ``(HandOutcome, CardLog, Settlement)`` as the
Sheepshead path, built by :func:`ingest.schafkopf_hand.schafkopf_outcome`
(the builder the NetSchafkopf importer uses), and raises the validator's
reject for the first problem, at the line and column of the statement or
card concerned.

What is checked (rules.md G): the four deal lines (8 cards each, 6 with the
short pack, each card once; a seat without a deal line holds the cards it
plays), Klopfen before the game (G-19), the announced game and its called
Sau (G-4, G-10), Kontra and Re by the right party and within the profile's
``kontraTiming`` (G-18), every card (G-9..G-11), then every written result
against the replay: ``partner`` (the Sau holder), ``laufende`` (G-13),
``pts`` (the declaring party's Augen, G-12), ``tricks``, the outcome word
(``-s`` schneider, ``-z`` schwarz) and ``score`` (units per seat, G-14..G-17,
zero-sum).  Provenance as for Sheepshead: ``verified`` when written and
equal, ``derived`` when not written, ``conflict`` when written with ``^`` and
different (a ``W-AGREED`` warning; the agreed value is stored).

A hand without tricks is a **score-sheet game** (docs/notation.md §14.7,
:func:`_score_sheet`): scored from what is written by the functions the
engine settles with (:func:`replay.schafkopf.settle_game`,
:func:`~replay.schafkopf.settle_ramsch`), the written score checked or
derived, unknowns filled in where the score settles them, and stored with
``status="score-sheet"`` and no card log.
"""

from __future__ import annotations

import re

from .cards import Card, Rank, Suit, mask_of
from .errors import IllegalAction, ProfileError
from .schafkopf import (BETTEL_NO_PLAY, SCHAFKOPF_PROFILES, SK_OUTCOMES, Announce, Game, Klopfen, Kontra, Laufende, Re,
                              SchafkopfState, announce_error, counted_laufende, declarer_outcome, doubling_error, klopfen_error, late_doubling, parse_schafkopf_rules,
                              bettel_outcome, ramsch_facts, settle_game, settle_ramsch, sk_snapshot, trump_order_for)
from .schafkopf import Ramsch as RamschAction
from .scoring import Settlement

from .outcome import CardLog, HandOutcome
from .sk_outcome import schafkopf_outcome, schafkopf_sheet_outcome, seat_names
from .facts import IN_GAMES

__all__ = ["check_schafkopf", "is_schafkopf", "is_schafkopf_tags", "ramsch_results"]

#: Sheepshead statements that have no meaning in a Schafkopf hand.
_SHEEPSHEAD_ONLY = ("pick", "leaster", "doubler", "stake", "misdeal", "blind", "bury", "call", "alone", "claim")
_SHEEPSHEAD_ONLY += ("give",)  # issue 18 (h18a): wi6-7d-high's pass of a partner card (rules.md F-1)
_SHEEPSHEAD_ONLY += ("potsplit",)  # issue 18 (hpot): the pot split (pot=on, rules.md D-19)
_SHEEPSHEAD_ONLY += ("roll", "share", "tokens", "buck", "hunters")  # QA18-D2: seven-handed (F-1), fox (F-6)
_SUIT_WORD = {"eichel": Suit.CLUBS, "gras": Suit.SPADES, "herz": Suit.HEARTS, "schellen": Suit.DIAMONDS}
_GAME_WORD = {g.value: g for g in Game if g is not Game.RAMSCH}


def is_schafkopf(rec) -> bool:
    """True when the hand is a Schafkopf hand: its ``[Rules]`` names a
    Schafkopf profile, or its ``[Cards]`` is ``de`` (German cards)."""
    return is_schafkopf_tags(rec.tag("Rules"), rec.tag("Cards"))


def is_schafkopf_tags(rules: str | None, cards: str | None) -> bool:
    """:func:`is_schafkopf` of a hand whose ``[Rules]`` and ``[Cards]``
    tags in force are ``rules`` and ``cards`` (None when not written)."""
    return (rules or "").split(";")[0].strip() in SCHAFKOPF_PROFILES or cards == "de"


def _tag_pos(rec, name):
    return rec.tag_pos.get(name) or rec.session.tag_pos.get(name) or rec.pos


def check_schafkopf(chk, sess) -> tuple[HandOutcome, CardLog, Settlement]:
    """Validate one Schafkopf hand (see the module docstring).  ``chk`` is
    the validator's :class:`~ingest.validate.HandCheck`, ``sess`` its
    :class:`~ingest.validate.SessionState` (for the dealer of a hand that
    does not write one).  Raises the validator's reject."""
    rec = chk.rec
    rules_text = rec.tag("Rules") or ""
    first = rules_text.split(";")[0].strip()
    if first not in SCHAFKOPF_PROFILES:
        raise chk.reject("E-CARDS", f"[Cards \"de\"] (German cards) with the rules {rules_text!r}; German cards are "
                         "read through a Schafkopf profile", _tag_pos(rec, "Cards"), found=rules_text or "no [Rules]",
                         expected=" or ".join(SCHAFKOPF_PROFILES))
    try:
        prof = parse_schafkopf_rules(rules_text)
    except ProfileError as exc:
        d = exc.diagnostic
        from .judge_common import rules_error_pos  # noqa: PLC0415

        pos = rules_error_pos(_tag_pos(rec, "Rules"), rec.tag("Rules") or "", d.found)  # at the flag (QA D6)
        raise chk.reject(d.code, d.message, pos, found=d.found, expected=d.expected) from None
    chk.profile = prof
    from .judge_common import _check_ranges  # noqa: PLC0415 - hand number and tricks within what the store holds

    _check_ranges(chk)
    chk.seats = tuple(rec.seats)
    chk.aliases = [a for a, _ in chk.seats]
    chk.index = {a: i for i, a in enumerate(chk.aliases)}
    if len(chk.aliases) != 4 or len(set(chk.aliases)) != 4:
        if not chk.aliases:
            raise chk.reject("E-SEATS-MISSING", "no [Seats] tag is in force for this hand", rec.pos,
                             found="no Seats", expected="[Seats] with 4 seats")
        raise chk.reject("E-SEATS", f"[Seats] lists {len(chk.aliases)} seats ({', '.join(chk.aliases)}); Schafkopf "
                         "is played by 4 (rules.md G-2)", _tag_pos(rec, "Seats"), found=len(chk.aliases), expected=4)
    for kw in _SHEEPSHEAD_ONLY:
        v = getattr(rec, kw)
        if v is not None:
            raise chk.reject("E-SK-STATEMENT", f"'{kw}' is a Sheepshead statement; a Schafkopf hand is written with "
                             "game, ramsch, klopfen, kontra, re and laufende (docs/notation.md §14)", v.pos,
                             found=kw, expected="a Schafkopf statement")
    for m in rec.marks:
        if m.kind in ("crack", "recrack", "blitz"):
            raise chk.reject("E-SK-STATEMENT", f"'{m.kind}' is a Sheepshead mark; Schafkopf doubles with kontra and "
                             "re (rules.md G-18) or klopfen (G-19)", m.pos, found=m.kind, expected="kontra, re, klopfen")
    # ---- dealer (rules.md G-2: the seat left of the dealer leads the first trick)
    from .judge_common import written_dealer  # noqa: PLC0415 - validate imports this module

    dealer = written_dealer(chk, sess, 4)
    if rec.thrown is not None:  # all passed, no Ramsch: the deal was thrown in (rules.md G-4)
        from .sk_thrown import check_thrown  # noqa: PLC0415

        return check_thrown(chk, prof, dealer)
    # ---- the game
    if (rec.game is None) == (rec.ramsch is None):
        both = rec.game is not None
        raise chk.reject("E-HAND-KIND", ("'game' and 'ramsch' in one hand" if both else "the hand says neither which "
                         "game was announced nor that nobody announced") + "; a Schafkopf hand writes one of them "
                         "(rules.md G-4, G-17)", rec.ramsch.pos if both else rec.pos,
                         found="both" if both else "neither", expected="game S ... or ramsch")
    if rec.game is not None and rec.game.name in IN_GAMES:
        raise chk.reject("E-GAME", f"'{rec.game.name}' is a declaration of the Indiana game ([Rules \"in4\"]); a "
                         "Schafkopf hand announces sauspiel, solo, wenz, geier, farbwenz or farbgeier (rules.md G-4)",
                         rec.game.name_pos, found=rec.game.name, expected="a Schafkopf game")
    if rec.game is not None and rec.game.name == "bettel":  # rules.md G-16, G-20: a score-sheet line (real30 F4)
        return _sheet_bettel(chk, prof, dealer)
    if not rec.tricks:  # a score-sheet game (docs/notation.md §14.7)
        return _score_sheet(chk, prof, dealer)
    if dealer is None:
        raise chk.reject("E-DEALER", "the dealer is not known", rec.pos, found="no dealer", expected="dealer S")
    st = _state(chk, prof, dealer)
    try:
        for m in rec.marks:
            if m.kind == "klopfen":
                # ``klopfen ?``: a doubling whose seat the record does not give (G-19)
                st.apply(Klopfen(chk.seat(m.seat, m.pos) if m.seat is not None else None))
    except IllegalAction as exc:
        raise chk.engine_error(exc, m.pos) from None
    _announce(chk, st)
    doublings = sorted((m for m in rec.marks if m.kind in ("kontra", "re")), key=lambda m: m.after)
    _play(chk, st, doublings)
    # ---- results against the replay
    res = st.result()
    settle = st.settlement()
    facts = _agreed_facts(chk, st, res)
    # the written outcome word against the agreed Augen and tricks when the table agreed them (notation.md §14.5:
    # "the outcome is re-derived from agreed Augen and tricks"), else against the cards (sk17 F1: a consistent
    # `pts ^60 ... lose` was refused and `pts ^60 ... win` stored)
    _check_written(chk, st, res, settle, facts)
    if facts is not None:  # the table agreed other facts than the cards give: settle on those (notation.md §7)
        settle = settle_game(st.profile, st.game, st.suit, st.tout, st.declarer, st.partner, facts["outcome"],
                             facts["laufende"], facts["laufende_with"], res.doublings, res.klopfen)
    used = _agreed(chk, settle)
    _check_units_range(chk, used)
    tags = rec.session.tags | rec.tags
    outcome, cardlog, played = schafkopf_outcome(
        st, seats=chk.aliases, players=dict(chk.seats), deal=_deal_as_written(chk, st), session=rec.session_id,
        group=tags.get("Event"), hand=rec.number, date=chk.date, rules=tags.get("Rules", ""),
        provenance=_provenance(chk, st), warnings=chk.warnings, table=tags.get("Table"), site=tags.get("Site"))
    if used is not played:
        outcome.units = {a: used.units[i] for i, a in enumerate(chk.aliases)}
    if facts is not None:  # the agreed facts' result and price (sk17 F1: the cards' outcome was stored beside them)
        outcome.picker_points, outcome.picker_tricks = facts["pts"], facts["tricks"]
        outcome.laufende, outcome.laufende_with = facts["laufende"], facts["laufende_with"]
        outcome.outcome, outcome.tier, outcome.multiplier = settle.outcome, settle.tier, settle.multiplier
        outcome.breakdown = seat_names(used.text, chk.aliases)
    return outcome, cardlog, used


def _agreed_facts(chk, st: SchafkopfState, res) -> dict | None:
    """The facts the ledger uses when the table agreed (``^``) on Augen,
    tricks, Laufende or the outcome other than the cards give (rules.md G-12,
    G-13; notation.md §7, as for Sheepshead): the agreed values, the outcome
    word re-derived from agreed Augen and tricks unless the outcome itself
    was agreed.  None when nothing agreed differs (or in a Ramsch, whose
    result is the score's)."""
    rec = chk.rec
    if st.game is Game.RAMSCH:
        return None
    pts, tricks = res.party_points, res.party_tricks
    lauf, lwith = res.laufende.counted, res.laufende.with_
    changed = False
    if rec.pts is not None and rec.pts.agreed and rec.pts.value is not None and rec.pts.value != pts:
        pts, changed = rec.pts.value, True
    if (rec.tricks_won is not None and rec.tricks_won.agreed and rec.tricks_won.value is not None
            and rec.tricks_won.value != tricks):
        tricks, changed = rec.tricks_won.value, True
    lf = rec.laufende
    if lf is not None and lf.agreed and lf.count is not None:
        agreed = counted_laufende(st.profile, st.game, lf.count)  # an agreed run below the minimum pays nothing
        if (agreed, lf.side if agreed else None) != (lauf, ("with" if lwith else "without") if lauf else None):
            lauf, lwith, changed = agreed, lf.side != "without", True
    outcome = derived = declarer_outcome(pts, tricks, st.profile.tricks, st.tout)
    ow = rec.outcome
    if ow is not None and ow.agreed and ow.value is not None:
        changed |= ow.value != outcome
        outcome = ow.value
    if not changed:
        return None
    return {"pts": pts, "tricks": tricks, "laufende": lauf, "laufende_with": lwith, "outcome": outcome,
            "derived": derived}


def _check_units_range(chk, used: Settlement) -> None:
    from .judge_common import _MAX_UNITS  # noqa: PLC0415

    if any(abs(u) > _MAX_UNITS for u in used.units):
        big = max(used.units, key=abs)
        rec = chk.rec
        raise chk.reject("E-RANGE", f"units {big:+d} are beyond what the log keeps", rec.score.pos if rec.score
                         else rec.pos, found=big, expected=f"at most {_MAX_UNITS} either way")


def _agreed(chk, settle: Settlement) -> Settlement:
    from .judge_common import _agreed_score  # noqa: PLC0415 - the one score check, shared with Sheepshead

    return _agreed_score(chk, settle)


def four_hands(chk, *, game: str, partial: str, renege: str, hand_size: int, tricks: int, deck: int,
               rule: str) -> list[int]:
    """The four dealt hands (bit masks, seats 0..3) of a four-handed game
    replayed with every card known — Schafkopf (rules.md G) and the Indiana
    game (F-1, F-5): each seat's deal line, else the cards it plays
    (notation.md §9).  Errors at the card or the line: ``??`` (``partial``),
    a card dealt twice (``E-DEAL-DUPLICATE``), a card outside ``deck``
    (``E-DEAL-CARD``), a deal line of other than ``hand_size`` cards
    (``E-DEAL-SIZE``), a seat without a deal line while not every trick is
    written (``partial``), a marked renege ``^R`` (``renege``: not part of
    these records).  ``game`` names the hand in messages."""
    rec = chk.rec
    hands = [0, 0, 0, 0]
    written = [False] * 4
    seen: dict[Card, str] = {}
    for d in rec.deals:
        s = chk.seat(d.seat, d.pos)
        for c, cp in zip(d.cards, d.card_pos):
            if c is None:
                raise chk.reject(partial, f"an unknown card ?? in {d.seat}'s deal; {game} is replayed with every "
                                 "card known", cp, found="??", expected="a card")
            name = _spell(chk, c)
            if c in seen:
                raise chk.reject("E-DEAL-DUPLICATE", f"{name} is dealt twice: to {seen[c]} and to {d.seat} "
                                 f"(rules.md {rule})", cp, found=name, expected="each card once")
            if not deck >> c & 1:
                raise chk.reject("E-DEAL-CARD", f"{name} is not in the short pack (rules.md G-3)", cp, found=name,
                                 expected="no 7s or 8s")
            seen[c] = d.seat
        hands[s] = mask_of(d.cards)
        written[s] = True
        if len(d.cards) != hand_size:
            raise chk.reject("E-DEAL-SIZE", f"{d.seat} is dealt {len(d.cards)} cards (rules.md {rule})", d.pos,
                             found=len(d.cards), expected=hand_size)
    if not all(written) and len(rec.tricks) != tricks:
        missing = ", ".join(a for a, w in zip(chk.aliases, written) if not w)
        raise chk.reject(partial, f"no deal line for {missing} and {len(rec.tricks)} of {tricks} tricks: a seat "
                         "without a deal line holds the cards it plays, so every trick must be written",
                         rec.pos, found=f"{len(rec.tricks)} tricks", expected=f"{tricks} tricks or all deal lines")
    for t in rec.tricks:
        for p in t.plays:
            if p.card is None:
                raise chk.reject(partial, f"an unknown card ?? in a trick; {game} is replayed with every card "
                                 "known", p.pos, found="??", expected="a card", trick=t.number)
            if p.renege:
                raise chk.reject(renege, f"a marked renege (^R) is not part of {game}'s record: a card that does "
                                 "not follow suit is an error of the record", p.pos,
                                 found=f"^R{p.card}", expected=str(p.card), trick=t.number)
    if not all(written):
        # A seat without a deal line holds exactly the cards it plays (notation.md §9).
        pos = {a: i for i, a in enumerate(chk.aliases)}
        for t in rec.tricks:
            lead = pos.get(t.leader)
            if lead is None:
                chk.seat(t.leader, t.leader_pos)
            for k, p in enumerate(t.plays):
                s = (lead + k) % 4
                if not written[s]:
                    hands[s] |= 1 << p.card
    return hands


def _state(chk, prof, dealer: int) -> SchafkopfState:
    """The deal: each seat's deal line, else the cards it plays."""
    rec = chk.rec
    hands = four_hands(chk, game="a Schafkopf hand", partial="E-SK-PARTIAL", renege="E-SK-RENEGE-MARK",
                       hand_size=prof.hand_size, tricks=prof.tricks, deck=prof.deck, rule="G-1, G-2, G-3")
    try:
        return SchafkopfState(prof, dealer, hands)
    except IllegalAction as exc:
        where = rec.deals[0].pos if rec.deals else rec.tricks[0].pos
        raise chk.engine_error(exc, where) from None


def _announce(chk, st: SchafkopfState) -> None:
    rec = chk.rec
    if rec.ramsch is not None:
        try:
            st.apply(RamschAction())
        except IllegalAction as exc:
            raise chk.engine_error(exc, rec.ramsch.pos) from None
        return
    g = rec.game
    if g.seat is None:
        raise chk.reject("E-SEAT", "'game ?': the declarer must be written for the hand to be replayed", g.pos,
                         found="?", expected="a seat")
    seat = chk.seat(g.seat, g.pos)
    game = _GAME_WORD[g.name]
    if game is Game.SAUSPIEL and g.called is None:
        raise chk.reject("E-SK-CALL", "the called Sau is written ?? but the hand is replayed", g.arg_pos,
                         found="??", expected="the called Sau")
    suit = _game_suit(chk, g)
    try:
        st.apply(Announce(seat, game, suit, g.tout))
    except IllegalAction as exc:
        raise chk.engine_error(exc, g.arg_pos if exc.code in ("E-SK-CALL", "E-SK-GESPERRT") else g.pos) from None


def _game_suit(chk, g) -> Suit | None:
    """The suit of the written game: the called Sau's suit in a Sauspiel
    (None for ``??``; a card that is not a Sau is ``E-SK-CALL``, rules.md
    G-10), the trump suit of a Solo, Farbwenz or Farbgeier, None for Wenz
    and Geier."""
    if _GAME_WORD[g.name] is Game.SAUSPIEL:
        c = g.called
        if c is not None and c.rank != Rank.ACE:
            name = _spell(chk, c)
            raise chk.reject("E-SK-CALL", f"the Sauspiel calls {name}, which is not a Sau (rules.md G-10)", g.arg_pos,
                             found=name, expected="the Eichel-, Gras- or Schellen-Sau")
        return Suit(c.suit) if c is not None else None
    return _SUIT_WORD[g.suit] if g.suit is not None else None


def _spell(chk, c: Card) -> str:
    from .schafkopf import german  # noqa: PLC0415

    return german(c) if chk.rec.tag("Cards") == "de" else str(c)


def _play(chk, st: SchafkopfState, doublings) -> None:
    rec = chk.rec
    pending = list(doublings)
    played = 0
    frames = chk.frames  # replay_text: one SkFrame before the first card and after each card
    chk.sk_state = st

    def double_until(k: int) -> None:
        while pending and pending[0].after <= k:
            m = pending.pop(0)
            seat = chk.seat(m.seat, m.pos) if m.seat is not None else None
            try:
                st.apply(Re(seat) if m.kind == "re" else Kontra(seat))
            except IllegalAction as exc:
                raise chk.engine_error(*_re_before_kontra(chk, doublings, m, exc)) from None

    for k, t in enumerate(rec.tricks):
        if t.number != k + 1:
            raise chk.reject("E-TRICK-ORDER", f"trick t{t.number} where t{k + 1} is due", t.pos, found=f"t{t.number}",
                             expected=f"t{k + 1}", trick=t.number)
        if k >= st.n_tricks:
            raise chk.reject("E-TOO-MANY-TRICKS", f"trick t{t.number}: the game has {st.n_tricks} tricks "
                             "(rules.md G-2, G-3)", t.pos, found=f"t{t.number}", expected=f"t1..t{st.n_tricks}",
                             trick=t.number)
        lead = chk.seat(t.leader, t.leader_pos)
        if lead != st.to_act:
            why = "the seat left of the dealer" if k == 0 else "the winner of the trick before"
            raise chk.reject("E-LEADER", f"{t.leader} leads trick {t.number} but {chk.aliases[st.to_act]} leads it "
                             f"({why}, rules.md G-2)", t.leader_pos, found=t.leader,
                             expected=chk.aliases[st.to_act], trick=t.number)
        if len(t.plays) != 4:
            raise chk.reject("E-TRICK-SIZE", f"trick t{t.number} has {len(t.plays)} cards; a Schafkopf trick has 4",
                             t.pos, found=len(t.plays), expected=4, trick=t.number)
        for j, p in enumerate(t.plays):
            double_until(played)
            if frames is not None and played == 0:
                frames.append(sk_snapshot(st, 0, None))
            seat = (lead + j) % 4
            try:
                st.play(seat, p.card)
            except IllegalAction as exc:
                raise chk.engine_error(exc, p.pos, t.number) from None
            played += 1
            if frames is not None:
                frames.append(sk_snapshot(st, played, (seat, p.card)))
    double_until(10 ** 6)
    if not st.done:
        last = rec.tricks[-1]
        raise chk.reject("E-SK-PARTIAL", f"the card log stops after trick t{last.number}; a Schafkopf hand is "
                         f"replayed to its last trick (t{st.n_tricks})", last.pos, found=f"{len(rec.tricks)} tricks",
                         expected=f"{st.n_tricks} tricks")


def _deal_as_written(chk, st: SchafkopfState) -> dict[str, list[Card]]:
    """Seat alias → dealt cards, in the order of the deal line when written."""
    from .cards import cards_in  # noqa: PLC0415

    out = {}
    written = {d.seat: list(d.cards) for d in chk.rec.deals}
    for i, a in enumerate(chk.aliases):
        out[a] = written.get(a) or list(cards_in(st.dealt[i]))
    return out


def _written(chk, key: str, v, computed, code: str, message: str) -> None:
    """A written :class:`~ingest.shn.record.Value` ``v`` against
    ``computed``: verified, conflict (agreed ``^``, a W-AGREED warning) or a
    reject with ``code``; ``derived`` when not written or ``?``."""
    if v is None or v.value is None:
        chk.prov[key] = "derived"
        return
    written = v.value
    if written == computed:
        chk.prov[key] = "verified"
        return
    if v.agreed:
        chk.prov[key] = "conflict"
        chk.warnings.append(chk.diag("W-AGREED", f"{message}: agreed at the table", v.pos, severity="warning",
                                     found=written, expected=computed))
        return
    raise chk.reject(code, message, v.pos, found=written, expected=computed)


def _top_trump_rules_out(tout: bool, with_: bool) -> tuple[str, ...]:
    """The outcome words a counted run of Laufende rules out (rules.md G-13,
    G-12, G-14): the run starts at the game's top trump, which takes the
    trick it falls in, so the party holding it takes a trick.  ``with_``
    (the declaring party holds it): never ``lose-z``; without (the
    opponents do): never ``win-z``, and a Tout is never won."""
    if tout:
        return () if with_ else ("win", "win-z")
    return ("lose-z",) if with_ else ("win-z",)


def _run_side(tout: bool, outcome: str) -> bool | None:
    """The side that held a counted run of Laufende as the outcome alone
    tells it (:func:`_top_trump_rules_out`): True ("with") after a won
    schwarz or a won Tout, False ("without") after a lost schwarz; None
    for any other outcome, which both sides allow ("with" and "without"
    pay the same, G-13)."""
    sides = [w for w in (True, False) if outcome not in _top_trump_rules_out(tout, w)]
    return sides[0] if len(sides) == 1 else None


def _counts_text(counts: list[int]) -> str:
    """Counts of Laufende as a person reads them: ``0 or 3..14``, ``0, 2 or
    4`` (consecutive counts as a range)."""
    runs: list[list[int]] = []
    for k in counts:
        if runs and k == runs[-1][-1] + 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    words = [str(r[0]) if len(r) == 1 else f"{r[0]}..{r[-1]}" for r in runs]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _top_trump_takes_a_trick(chk, g, laufs, cands: list[str], rec, ow) -> list[str]:
    """The outcomes of ``cands`` the Laufende allow: a counted run "with"
    puts the game's top trump (the Eichel-Ober; the Eichel-Unter in a Wenz)
    in the declaring party, "without" in the opponents' (rules.md G-13), and
    the top trump takes the trick it falls in, so that party takes a trick:
    with, the declaring party is never schwarz (no ``lose-z``); without, the
    opponents are never schwarz (no ``win-z``) and a Tout is never won
    (G-14).  An outcome agreed at the table (``!``) stands.  Raises the
    validator's reject (``E-SK-LAUFENDE``) when none is left."""
    if len(laufs) != 1 or not laufs[0][0] or (ow is not None and ow.agreed):
        return cands
    count, with_ = laufs[0]
    cant = _top_trump_rules_out(g.tout, with_)
    left = [o for o in cands if o not in cant]
    if left:
        return left
    top = "Eichel-Unter" if g.name in ("wenz", "farbwenz") else "Eichel-Ober"
    who, hold, what = (("the declaring party", "holds", "cannot be left without a trick") if with_ else
                       ("the opponents", "hold", "cannot lose every trick" + (": a Tout cannot be won" if g.tout
                                                                              else "")))
    lf = rec.laufende
    raise chk.reject("E-SK-LAUFENDE", f"laufende {count} {'with' if with_ else 'without'}: {who} {hold} the {top}, "
                     f"which takes the trick it falls in, so {who} {what} (rules.md G-13, G-12, G-14)",
                     lf.pos if lf is not None else rec.pos, found=f"{count} {'with' if with_ else 'without'}, "
                     f"{' or '.join(cands)}", expected="another outcome, or the other side's Laufende")


def _check_deal_facts(chk, st: SchafkopfState, lauf: Laufende) -> None:
    """The written ``partner`` and ``laufende`` against what the deal gives:
    the holder of the called Sau (rules.md G-10) and the Laufende counted on
    the dealt cards (G-13)."""
    rec = chk.rec
    a = chk.aliases
    # partner: the holder of the called Sau (rules.md G-10)
    w = rec.partner
    if w is not None and w.value is not None:
        s = chk.seat(w.value, w.pos)
        if st.partner is None:
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but the declarer plays alone", w.pos,
                             found=w.value, expected="no partner")
        if s != st.partner and not w.agreed:
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but {a[st.partner]} was dealt the called Sau",
                             w.pos, found=w.value, expected=a[st.partner])
        chk.prov["partner"] = "verified" if s == st.partner else "conflict"
    lf = rec.laufende
    if lf is not None and lf.count is not None:
        want = lauf.counted
        run_side = "with" if lauf.with_ else "without"
        side = run_side if want else None
        got = (lf.count, lf.side)
        lmin = st.profile.laufendeMin.of(st.game)
        # a run below the house minimum, written as the scorer saw it, is the deal's run that pays nothing (G-13)
        if got != (want, side) and not (want == 0 and 0 < lf.count < lmin and got == (lauf.run, run_side)):
            wtext = f"{want} {side}" if want else "0"
            gtext = f"{lf.count} {lf.side}" if lf.count else "0"
            if not lf.agreed:
                rule = (f"they count from {lmin}" if lmin else
                        f"this house does not count Laufende in a {st.game.value}, laufendeMin="
                        f"{st.game.value}:0")
                raise chk.reject("E-SK-LAUFENDE", f"laufende {gtext} is written but the deal gives {wtext} (a run of "
                                 f"{lauf.run} {run_side} from the top trump; {rule}, rules.md G-13)", lf.pos,
                                 found=gtext, expected=wtext if want or lauf.run >= lmin or not lmin
                                 else f"0 or {lauf.run} {run_side}")
            chk.prov["laufende"] = "conflict"
            chk.warnings.append(chk.diag("W-AGREED", f"laufende {gtext} agreed at the table; the deal gives {wtext}",
                                         lf.pos, severity="warning", found=gtext, expected=wtext))
        else:
            chk.prov["laufende"] = "verified"
    else:
        chk.prov["laufende"] = "derived"


def _no_party_facts(chk) -> None:
    """A Ramsch has no declaring party (rules.md G-17): ``partner``, ``pts``,
    ``tricks``, an outcome word or ``laufende`` is ``E-SK-RAMSCH``."""
    rec = chk.rec
    for v, kw in ((rec.partner, "partner"), (rec.pts, "pts"), (rec.tricks_won, "tricks"),
                  (rec.outcome, "the outcome"), (rec.laufende, "laufende")):
        if v is not None:
            raise chk.reject("E-SK-RAMSCH", f"{kw} is written but a Ramsch has no declaring party "
                             "(rules.md G-17); its result is the score", v.pos, found=kw, expected="score")


def _check_written(chk, st: SchafkopfState, res, settle: Settlement, facts: dict | None = None) -> None:
    """The written Augen, tricks and outcome against the replay (``res``,
    ``settle``); the outcome word, when the table agreed (``^``) Augen or
    tricks other than the cards give (``facts``, :func:`_agreed_facts`),
    against the outcome those agreed facts give (notation.md §14.5)."""
    rec = chk.rec
    if st.game is Game.RAMSCH:
        _no_party_facts(chk)
        return
    _check_deal_facts(chk, st, res.laufende)
    _written(chk, "picker_points", rec.pts, res.party_points, "E-PTS",
             f"pts {rec.pts.value if rec.pts else ''} is written but the declaring party has {res.party_points} Augen "
             "(rules.md G-12)")
    _written(chk, "picker_tricks", rec.tricks_won, res.party_tricks, "E-TRICKS",
             f"tricks {rec.tricks_won.value if rec.tricks_won else ''} is written but the declaring party took "
             f"{res.party_tricks}")
    if facts is not None and (facts["pts"], facts["tricks"]) != (res.party_points, res.party_tricks):
        _written(chk, "outcome", rec.outcome, facts["derived"], "E-OUTCOME",
                 f"{rec.outcome.value if rec.outcome else ''} is written but the agreed {facts['pts']} Augen and "
                 f"{facts['tricks']} tricks give {facts['derived']} (rules.md G-12, -s schneider, -z schwarz; "
                 "notation.md §14.5)")
        return
    _written(chk, "outcome", rec.outcome, settle.outcome, "E-OUTCOME",
             f"{rec.outcome.value if rec.outcome else ''} is written but the replay gives {settle.outcome} "
             f"({res.party_points} Augen, {res.party_tricks} tricks; rules.md G-12, -s schneider, -z schwarz)")


def _provenance(chk, st: SchafkopfState) -> dict[str, str]:
    prov = dict(chk.prov)
    prov["multiplier"] = "asserted" if any(m.kind != "klopfen" for m in chk.rec.marks) or st.klopfer else "derived"
    if st.game is Game.RAMSCH:
        for k in ("picker_points", "picker_tricks", "partner", "outcome", "laufende"):
            prov.pop(k, None)
    else:
        prov["picker"] = "asserted"
        if st.partner is None:
            prov.pop("partner", None)
        else:
            prov.setdefault("partner", "derived")
    return prov


# ---------------------------------------------------------------------------
# score-sheet games (docs/notation.md §14.7)


def _written_outcome(chk, o: str, cands: list[str], ow, facts: str) -> list[str]:
    """The outcome word ``o`` written at ``ow`` (already checked: in
    ``cands``, the outcomes the written ``facts`` allow, or agreed at the
    table with ``^``): its provenance, ``asserted`` or ``conflict``, and a
    ``W-AGREED`` warning when the table agreed on another outcome than the
    facts give (rules.md G-12, G-14, G-16).  Returns ``[o]``: the outcome
    the hand is settled with."""
    chk.prov["outcome"] = "asserted" if o in cands else "conflict"
    if o not in cands:
        chk.warnings.append(chk.diag("W-AGREED", f"{o} agreed at the table; the written {facts} give "
                                     f"{' or '.join(cands)}", ow.pos, severity="warning", found=o,
                                     expected=" or ".join(cands)))
    return [o]


def _sheet_klopfer(chk, prof) -> list[int | None]:
    """The seats that knocked (``klopfen`` marks) on a score-sheet line, in
    order (None for a seat not named), each checked by
    :func:`klopfen_error` (rules.md G-18: the house's Klopfen, once a seat).
    Raises the engine's error at the mark."""
    klopfer: list[int | None] = []
    for m in chk.rec.marks:
        if m.kind == "klopfen":
            seat = chk.seat(m.seat, m.pos) if m.seat is not None else None
            bad = klopfen_error(prof, klopfer, seat)
            if bad is not None:
                raise chk.engine_error(bad, m.pos)
            klopfer.append(seat)
    return klopfer


def _sheet_pts_tricks(chk, n: int) -> tuple[int | None, int | None]:
    """The ``pts`` (Augen, 0..120, rules.md G-1) and ``tricks`` (0..``n``)
    written on a score-sheet line, None where not written.  Raises
    ``E-PTS`` / ``E-TRICKS`` at the value when out of range."""
    rec = chk.rec
    pts = rec.pts.value if rec.pts is not None else None
    tricks = rec.tricks_won.value if rec.tricks_won is not None else None
    if pts is not None and not 0 <= pts <= 120:
        raise chk.reject("E-PTS", f"pts {pts} is outside 0..120 Augen (rules.md G-1)", rec.pts.pos, found=pts,
                         expected="0..120")
    if tricks is not None and not 0 <= tricks <= n:
        raise chk.reject("E-TRICKS", f"tricks {tricks}: a game has {n} tricks", rec.tricks_won.pos, found=tricks,
                         expected=f"0..{n}")
    return pts, tricks


def _score_sheet(chk, prof, dealer: int | None) -> tuple[HandOutcome, None, Settlement]:
    """A Schafkopf game without its tricks, scored from what is written
    (docs/notation.md §14.7), as the Sheepshead score sheet is
    (:func:`ingest.validate._score_sheet`): every settlement the rules allow
    for the written facts — the game, Kontra/Re and Klopfen, ``partner``,
    ``laufende``, ``pts``, ``tricks``, the outcome word — is computed by
    :func:`replay.schafkopf.settle_game` (or :func:`settle_ramsch`), the
    functions the engine settles with, and the written score must be one of
    them.  Unknowns (not written, or ``?``) are allowed where the score
    settles them; otherwise ``E-RESULT-UNKNOWN``.  With all four deal lines
    the called Sau's holder and the Laufende are counted on the cards and
    the written ones checked (``E-PARTNER``, ``E-SK-LAUFENDE``)."""
    from .judge_common import _agreed_score, _matches, _written_units  # noqa: PLC0415 - the shared score checks

    rec = chk.rec
    st = None
    if rec.deals:  # the deal is known: a seat without a deal line is E-SK-PARTIAL (no tricks to fill it)
        st = _state(chk, prof, dealer if dealer is not None else 0)
    klopfer = _sheet_klopfer(chk, prof)
    if st is not None:
        for seat in klopfer:
            st.apply(Klopfen(seat))
    doublings = sorted((m for m in rec.marks if m.kind in ("kontra", "re")), key=lambda m: m.after)
    written = _written_units(chk, rec.score)[0] if rec.score is not None else [None] * 4
    if rec.ramsch is not None:
        return _sheet_ramsch(chk, prof, dealer, len(klopfer), doublings, written)
    # ---- the announced game
    g = rec.game
    game = _GAME_WORD[g.name]
    suit = _game_suit(chk, g)
    if st is not None:
        _announce(chk, st)  # the called Sau against the declarer's cards (G-10)
    decls = [chk.seat(g.seat, g.pos)] if g.seat is not None else list(range(4))
    # a Sauspiel whose Sau is written ?? is checked as an Eichel call: only the Herz-Sau check depends on the suit
    bad = announce_error(Announce(decls[0], game, suit if suit is not None or game is not Game.SAUSPIEL
                                  else Suit.CLUBS, g.tout))
    if bad is not None:
        raise chk.engine_error(bad, g.arg_pos if bad.diagnostic.code == "E-SK-CALL" else g.pos)
    # ---- the partner: from the deal, written, or any seat the score allows
    w = rec.partner
    lauf_st = st.laufende() if st is not None else None
    if st is not None:
        _check_deal_facts(chk, st, lauf_st)
        partners = {st.declarer: [st.partner]}
    elif game is not Game.SAUSPIEL:
        if w is not None and w.value is not None:
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but the declarer plays alone "
                             f"({g.name}, rules.md G-15)", w.pos, found=w.value, expected="no partner")
        partners = {d: [None] for d in decls}
    elif w is not None and w.value is not None:
        pa = chk.seat(w.value, w.pos)
        if pa in decls and len(decls) == 1:
            raise chk.reject("E-PARTNER", f"partner {w.value} is the declarer; the holder of the called Sau is another "
                             "seat (rules.md G-10)", w.pos, found=w.value, expected="another seat")
        partners = {d: [pa] for d in decls if d != pa}
        chk.prov["partner"] = "asserted"
    else:
        partners = {d: [s for s in range(4) if s != d] for d in decls}
    # ---- the Laufende: from the deal, written, or any count the game allows
    lf = rec.laufende
    lmin = prof.laufendeMin.of(game)
    lmax = sum(1 for c in trump_order_for(game, suit if game is not Game.SAUSPIEL else None).trumps
               if prof.deck >> c & 1)
    if lauf_st is not None:
        laufs = [(lauf_st.counted, lauf_st.with_)]
    elif lf is not None and lf.count is not None:
        if lf.count and not lmin:  # laufendeMin=GAME:0: none are counted (docs/notation.md §14.1)
            raise chk.reject("E-SK-LAUFENDE", f"laufende {lf.count} {lf.side}: this house does not count Laufende "
                             f"in a {g.name} (laufendeMin={g.name}:0, rules.md G-13)", lf.pos, found=lf.count,
                             expected="0 (or no laufende)")
        if lf.count > lmax:
            raise chk.reject("E-SK-LAUFENDE", f"laufende {lf.count} {lf.side}: a {g.name} has {lmax} trumps, so a "
                             f"run is at most {lmax} (counted from {lmin}; a shorter run pays nothing, rules.md G-13)",
                             lf.pos, found=lf.count, expected=f"0..{lmax}")
        # a run below the minimum, written as the scorer saw it, pays nothing (G-13): priced with 0 Laufende
        laufs = [(counted_laufende(prof, game, lf.count), lf.side != "without")]
        chk.prov["laufende"] = "asserted"
    elif not lmin:  # laufendeMin=GAME:0: the game is priced without Laufende
        laufs = [(0, True)]
    else:  # with or without count the same (G-13): the count is what the score can tell, the side not (None)
        laufs = [(0, None)] + [(k, None) for k in range(lmin, lmax + 1)]
    # ---- the outcome: what pts, tricks and the outcome word allow (G-12, G-14)
    n = prof.tricks
    pts, tricks = _sheet_pts_tricks(chk, n)
    cands = _outcomes_for(pts, tricks, n, g.tout)
    if not cands:
        raise chk.reject("E-PTS", f"pts {pts} and tricks {tricks} contradict each other: a party without a trick has "
                         "0 Augen and one with every trick all 120 (rules.md G-12)", rec.pts.pos,
                         found=f"pts {pts}, tricks {tricks}", expected="Augen the tricks allow")
    for key, v in (("picker_points", pts), ("picker_tricks", tricks)):
        if v is not None:
            chk.prov[key] = "asserted"
    ow = rec.outcome
    if ow is not None and ow.value is not None:
        o = ow.value
        if g.tout and o in ("win-z", "lose-z"):
            # QA D8: -z (a party took no trick, notation.md §14.3) is true of a won Tout (and of a Tout lost
            # without a trick); G-14 adds no schwarz to a Tout, so it is the same result and price as win / lose
            o = o[:-2]
        allowed = ("win", "lose") if g.tout else SK_OUTCOMES
        if o not in cands and (not ow.agreed or o not in allowed):
            why = ", ".join(x for x in (f"{pts} Augen" if pts is not None else "",
                                        f"{tricks} tricks" if tricks is not None else "",
                                        "a Tout" if g.tout else "") if x)
            if g.tout and o in allowed:  # sk17 F7: the word is a Tout's, the facts give the other
                raise chk.reject("E-OUTCOME", f"{o} disagrees with {why}: a Tout is lost by losing any trick "
                                 "(rules.md G-14)", ow.pos, found=o, expected=" or ".join(cands))
            if g.tout:
                raise chk.reject("E-OUTCOME", f"{o} for a Tout: a Tout is written win or lose (win-z, lose-z read the "
                                 "same; rules.md G-14: schneider and schwarz are not added to a Tout, and losing any "
                                 f"trick loses it){'; ' + why if why != 'a Tout' else ''}", ow.pos, found=o,
                                 expected=" or ".join(cands))
            raise chk.reject("E-OUTCOME", f"{o} disagrees with {why} (rules.md G-12, G-14: 61 wins, -s at 91 or 30, "
                             "-z by tricks)", ow.pos, found=o, expected=" or ".join(cands))
        cands = _written_outcome(chk, o, cands, ow, "Augen and tricks")
    else:
        chk.prov["outcome"] = "derived"
    # the written run, even one below the minimum, says which party holds the top trump (G-13)
    held = [(lf.count, lf.side != "without")] if lauf_st is None and lf is not None and lf.count else laufs
    cands = _top_trump_takes_a_trick(chk, g, held, cands, rec, ow)
    # ---- Kontra and Re: by the right party and in time (G-18), for each declarer and partner
    combos, fault = [], None
    implied = None  # the Laufende the score fixes when none are written: (count, with or None)
    for d in decls:
        for pa in partners.get(d, []):
            f = _doubling_fault(chk, prof, game, doublings, d, pa)
            if f is None:
                combos.append((d, pa))
            elif fault is None:
                fault = f
    if not combos:
        m, exc = fault if fault is not None else (None, None)
        if m is None:
            raise chk.reject("E-PARTNER", "no seat can hold the called Sau", g.pos, found="no partner",
                             expected="another seat")
        raise chk.engine_error(*_re_before_kontra(chk, doublings, m, exc))
    # ---- every settlement the written facts allow, against the written score
    nk = len(klopfer)
    options = []
    for d, pa in combos:
        for o in cands:
            for lc, lw in laufs:
                settle = settle_game(prof, game, suit, g.tout, d, pa, o, lc, lw, len(doublings), nk)
                if _matches(settle.units, written):
                    options.append((d, pa, o, lc, lw, settle))
    if not options:  # the score disagrees: report its first wrong entry against the closest settlement
        best = None
        for d, pa in combos:
            for o in cands:
                for lc, lw in laufs:
                    settle = settle_game(prof, game, suit, g.tout, d, pa, o, lc, lw, len(doublings), nk)
                    hits = sum(1 for u, x in zip(settle.units, written) if x is not None and u == x)
                    if best is None or hits > best[0]:
                        best = (hits, (d, pa, o, lc, lw, settle))
        options = [best[1]]
        chosen = options[0]
        note = None
        if len(laufs) > 1:  # real29 F3: the closest price took no Laufende; say what each count would give
            bd, bpa, bo = chosen[:3]
            by_run = [(lc, settle_game(prof, game, suit, g.tout, bd, bpa, bo, lc, lw, len(doublings), nk).units)
                      for lc, lw in laufs]
            note = lambda i: _laufende_prices(chk.aliases[i], [(lc, u[i]) for lc, u in by_run])  # noqa: E731
        used = _agreed_score(chk, chosen[5], note=note)  # raises E-SCORE at the entry, unless agreed (^)
    else:
        units = {x[5].units for x in options}
        results = {x[:3] for x in options}
        if len(units) > 1:
            unknown = [w for w, k in (("the declarer", {x[0] for x in options}), ("the partner", {x[1] for x in options}),
                                      ("the outcome", {x[2] for x in options}),
                                      ("the Laufende", {x[3] for x in options})) if len(k) > 1]
            raise chk.reject("E-RESULT-UNKNOWN", f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not "
                             "written and the score does not settle the game", rec.score.pos if rec.score else rec.pos,
                             found=f"{' and '.join(unknown)} unknown",
                             expected="the score, or " + ", ".join(unknown) + " written")
        if len(results) > 1:
            raise _ambiguous(chk, g, options, rec.score.pos if rec.score else rec.pos)
        chosen = options[0]
        if len(laufs) > 1:  # fixb30 F2: the Laufende not written, the count the score fits is stored
            chosen, implied = _implied_laufende(chk, prof, game, suit, g, options, len(doublings), nk)
        used = _agreed_score(chk, chosen[5])
    d, pa, o, lc, lw, _ = chosen
    _check_units_range(chk, used)
    if rec.outcome is not None and rec.outcome.value is not None and chk.prov["outcome"] == "asserted" and (
            pts is not None or tricks is not None or rec.score is not None):
        chk.prov["outcome"] = "verified"
    if game is Game.SAUSPIEL and st is None:
        if w is None or w.value is None:
            chk.prov["partner"] = "derived"
        elif rec.score is not None and chk.prov.get("units") == "verified":
            chk.prov["partner"] = "verified"
    prov = dict(chk.prov)
    prov["picker"] = "asserted" if g.seat is not None else "derived"
    prov["multiplier"] = "asserted" if rec.marks else "derived"
    if pa is None:
        prov.pop("partner", None)
    if lauf_st is not None:
        stored_lauf = (lauf_st.counted, lauf_st.with_)
    elif lf is not None and lf.count is not None:  # the counted Laufende, as a replayed hand stores them
        stored_lauf = (lc, lf.side == "with" if lf.count else None)
    elif implied is not None:  # not written: the count the score fixes (derived), the side only when the rules tell
        stored_lauf = implied
    else:
        stored_lauf = (None, None)
        prov.pop("laufende", None)
    return _sheet_stored(chk, prof, used, game=game, suit=suit, tout=g.tout, dealer=dealer, declarer=d, partner=pa,
                         called=g.called if game is Game.SAUSPIEL else None, pts=pts, tricks=tricks,
                         doublings=len(doublings), laufende=stored_lauf, prov=prov), None, used


def _implied_laufende(chk, prof, game, suit, g, options: list[tuple], doublings: int,
                      klopfen: int) -> tuple[tuple, tuple[int, bool | None] | None]:
    """The Laufende of a score-sheet game whose Laufende are not written
    (``laufende`` left out, or ``laufende ?``), as its score fixes them
    (fixb30 F2: the score was accepted and the count it implied dropped,
    so the Sheet, the exports and the Laufende statistics lost it).
    ``options``: the settlements the written score matches, one result
    (declarer, partner, outcome) among them, each ``(declarer, partner,
    outcome, Laufende, with, settlement)``.

    Returns ``(chosen, (count, with))``: when every option has the same
    count (each Laufender adds ``tariff.laufender``, rules.md G-13, G-14),
    that count — 0 for none counted — and the side :func:`_run_side` tells
    (None: "with" and "without" pay the same, G-13), ``chosen`` priced with
    that side so its value names it; the provenance ``laufende`` is
    ``derived``.  When the options differ in the count (a house whose
    ``tariff.laufender`` is 0), ``(options[0], None)``: nothing is stored
    and a ``W-SK-LAUFENDE`` warning at the score says so."""
    counts = sorted({x[3] for x in options})
    chosen = options[0]
    if len(counts) > 1:
        rec = chk.rec
        chk.warnings.append(chk.diag(
            "W-SK-LAUFENDE", f"laufende not written, and the score fits {_counts_text(counts)} Laufende alike "
            f"(rules.md G-13: each adds tariff.laufender = {prof.tariff.laufender} here): the Laufende are not "
            "stored, so the Laufende statistics leave this game out; write them (laufende N with, laufende N "
            "without, or laufende 0) to count it", rec.score.pos if rec.score is not None else rec.pos,
            severity="warning", found=f"{_counts_text(counts)} Laufende", expected="laufende written"))
        return chosen, None
    d, pa, o, lc, _, settle = chosen
    side = _run_side(g.tout, o) if lc else None
    if side is not None:  # the same units; the value's part named with its side
        settle = settle_game(prof, game, suit, g.tout, d, pa, o, lc, side, doublings, klopfen)
    chk.prov["laufende"] = "derived"
    return (d, pa, o, lc, side, settle), (lc, side)


def _laufende_prices(who: str, prices: list[tuple[int, int]]) -> str:
    """What ``E-SCORE`` adds for a score-sheet game whose Laufende are not
    written (real29 F3): ``prices`` is ``(counted Laufende, units of the
    refused seat)`` for each count the game allows, 0 first (rules.md G-13:
    a run counts from the house's minimum; each runner adds one unit to the
    game value, G-14).  E.g. ``"; the Laufende are not written, so none
    were taken: Sepp gets +50 without Laufende, +70/+80/+90 with 2/3/4
    (rules.md G-13); write them (laufende N with, or laufende N
    without)"``; more than four counts evenly apart (a Sauspiel's 3..14)
    as ``+50 with 3 up to +160 with 14 (10 a Laufender more)``."""
    (_, none), runs = prices[0], prices[1:]
    text = f"; the Laufende are not written, so none were taken: {who} gets {none:+d} without Laufende"
    steps = {b[1] - a[1] for a, b in zip(runs, runs[1:])}
    if len(runs) > 4 and len(steps) == 1:  # a Sauspiel's 3..14: the first and last, and the step
        (k0, u0), (kn, un) = runs[0], runs[-1]
        text += f", {u0:+d} with {k0} up to {un:+d} with {kn} ({abs(steps.pop())} a Laufender more)"
    elif runs:
        text += f", {'/'.join(f'{u:+d}' for _, u in runs)} with {'/'.join(str(k) for k, _ in runs)}"
    return text + " (rules.md G-13); write them (laufende N with, or laufende N without)"


_OUTCOME_WORDS = {"win": "wins", "win-s": "wins schneider", "win-z": "wins schwarz", "lose": "loses",
                  "lose-s": "loses schneider", "lose-z": "loses schwarz"}


def _ambiguous(chk, g, options: list[tuple], pos):
    """``E-RESULT-UNKNOWN`` for a score-sheet game whose written score fits
    more than one game (``options``: ``(declarer, partner, outcome,
    Laufende, with, settlement)`` each): names the facts that are not
    written and differ between them — the declarer of ``game ? ...`` alone
    when it differs (written, a Sauspiel's partner follows from the score) —
    and the games the score fits: ``Sepp with Vroni wins, or Vroni with Sepp
    wins`` (user15: the message asked for "the outcome, partner or
    Laufende" when the declarer was what was missing)."""
    a = chk.aliases
    keys = sorted({x[:4] for x in options}, key=lambda r: (r[0], -1 if r[1] is None else r[1], r[2], r[3] or 0))
    differ = [w for i, w in ((0, "declarer"), (1, "partner"), (2, "outcome"), (3, "Laufende"))
              if len({r[i] for r in keys}) > 1]
    if g.seat is None and "declarer" in differ:
        differ = ["declarer"]
    what = " and the ".join(differ)

    def game_text(d, p, o, lc) -> str:
        lauf = f" with {lc} Laufende" if "Laufende" in differ and lc is not None else ""
        return f"{a[d]}{f' with {a[p]}' if p is not None else ''} {_OUTCOME_WORDS.get(o, o)}{lauf}"

    fits = ", or ".join(game_text(*k) for k in keys[:4]) + (f" (and {len(keys) - 4} more)" if len(keys) > 4 else "")
    hint = (f"the declarer written ('game SEAT {g.name} ...' for 'game ? {g.name}')" if differ == ["declarer"]
            else f"the {what} written")
    return chk.reject("E-RESULT-UNKNOWN", f"the {what} {'is' if len(differ) == 1 else 'are'} not written and the "
                      f"score fits more than one game: {fits}", pos, found=f"the {what} unknown", expected=hint)


def _outcomes_for(pts: int | None, tricks: int | None, n: int, tout: bool) -> list[str]:
    """The outcome words :func:`~replay.schafkopf.declarer_outcome` gives for
    some Augen and tricks consistent with the written ones (a party without a
    trick has 0 Augen, one with every trick 120), in :data:`SK_OUTCOMES` order."""
    got = set()
    for t in ([tricks] if tricks is not None else range(n + 1)):
        for p in ([pts] if pts is not None else range(121)):
            if (t == 0 and p != 0) or (t == n and p != 120):
                continue
            got.add(declarer_outcome(p, t, n, tout))
    return [o for o in SK_OUTCOMES if o in got]


def _re_before_kontra(chk, doublings, m, exc: IllegalAction) -> tuple[IllegalAction, object]:
    """``(exc, m.pos)``, ``exc`` said with its cause when the Re ``m`` is
    refused as the first doubling (E-SK-KONTRA, rules.md G-18) because its
    ``after`` (0 when not written: before the first card) places it before a
    Kontra written with a later ``after``: ``kontra Bea after 1  re Al``
    reads the Re before the Kontra (real27 F4: the message said only that a
    Kontra comes first, which the scorer had written).  When that Kontra is
    itself too late (``kontra Cy after 2``: G-18, after the second card) its
    ``E-SK-KONTRA-LATE`` at the Kontra comes first (table33 F3: the advice
    to move the Re after it led to that error).  Any other ``exc`` is
    returned as it is."""
    if exc.diagnostic.code != "E-SK-KONTRA" or m.kind != "re" or not doublings or doublings[0] is not m:
        return exc, m.pos
    k = next((x for x in doublings if x.kind == "kontra" and x.after > m.after), None)
    if k is None:
        return exc, m.pos
    late = late_doubling(chk.profile, "Kontra", k.after)
    if late is not None:
        return late, k.pos
    seat, kseat = m.seat or "?", k.seat or "?"
    lines = (chk.rec.source or "").split("\n")
    i = m.pos.line - chk.rec.pos.line
    text = lines[i][m.pos.col - 1:] if 0 <= i < len(lines) and m.pos.col else ""
    if m.after or re.match(r"re\s+\S+\s+after\b", text):
        placed = f"'re {seat} after {m.after}' comes"
    else:
        placed = f"'re {seat}' has no 'after', so it counts as before the first card (after 0) and comes"
    return IllegalAction("E-SK-KONTRA", f"{placed} before the Kontra written 'kontra {kseat} after {k.after}'; "
                         "the first doubling is a Kontra and any later one a Re (rules.md G-18): write "
                         f"'re {seat} after {k.after}'", found=f"Re after {m.after} before Kontra after {k.after}",
                         expected=f"re {seat} after {k.after}"), m.pos


def _doubling_fault(chk, prof, game: Game, doublings, declarer: int, partner: int | None):
    """The first Kontra/Re that the rules refuse with this declarer and
    partner, as ``(mark, IllegalAction)``, or None (rules.md G-18)."""
    for level, m in enumerate(doublings):
        seat = chk.seat(m.seat, m.pos) if m.seat is not None else None
        in_party = None if seat is None else seat == declarer or seat == partner
        bad = doubling_error(prof, game, level, m.kind == "re", m.after, seat, in_party)
        if bad is not None:
            return m, bad
    return None


def _sheet_ramsch(chk, prof, dealer, klopfen: int, doublings, written) -> tuple[HandOutcome, None, Settlement]:
    """A Ramsch from the score sheet (rules.md G-17): the score must be one
    a Ramsch can give — one loser (or, ``ramschTie=allTied``, several) paying
    the others with any Jungfrauen, or a Durchmarsch — under the profile's
    Jungfrau and Durchmarsch rules; ``?`` entries are filled in when only one
    such score fits."""
    from .judge_common import _agreed_score, _matches  # noqa: PLC0415

    rec = chk.rec
    if not prof.ramsch:
        raise chk.reject("E-SK-NO-RAMSCH", "this profile throws in instead of playing Ramsch (rules.md G-4, G-17)",
                         rec.ramsch.pos, found="ramsch", expected="ramsch=on")
    _no_party_facts(chk)
    if doublings:
        m = doublings[0]
        raise chk.engine_error(doubling_error(prof, Game.RAMSCH, 0, m.kind == "re", m.after), m.pos)
    if rec.score is None:
        raise chk.reject("E-RESULT-UNKNOWN", "a Ramsch score sheet without its score cannot be settled (rules.md "
                         "G-17: the result of a Ramsch is its score)", rec.pos, found="no score",
                         expected="score S ±n ...")
    cands = _ramsch_settlements(prof, klopfen)
    fits = [c for c in cands if _matches(c.units, written)]
    if not fits:
        # the nearest Ramsch result: most seats on the written side (who paid, who was paid), then most entries
        # equal, then the fewest units away (QA D16: not a Durchmarsch for a loser who wrote too little; a
        # Durchmarsch written at another price is named as one, not as some loser's Ramsch)
        def sign(v: int) -> int:
            return (v > 0) - (v < 0)

        best = max(cands, key=lambda c: (
            sum(1 for u, x in zip(c.units, written) if x is not None and sign(u) == sign(x)),
            sum(1 for u, x in zip(c.units, written) if x is not None and u == x),
            -sum(abs(u - x) for u, x in zip(c.units, written) if x is not None)))
        used = _agreed_score(chk, best)
    else:
        if len({c.units for c in fits}) > 1:
            raise chk.reject("E-RESULT-UNKNOWN", "the written score fits more than one Ramsch result; write every "
                             "seat's units", rec.score.pos, found="an ambiguous score", expected="every seat's units")
        used = _agreed_score(chk, fits[0])
        if None in written:
            chk.prov["units"] = "derived"
    _check_units_range(chk, used)
    prov = dict(chk.prov)
    prov["multiplier"] = "asserted" if rec.marks else "derived"
    return _sheet_stored(chk, prof, used, game=Game.RAMSCH, suit=None, tout=False, dealer=dealer, declarer=None,
                         partner=None, called=None, pts=None, tricks=None, doublings=0, laufende=(None, None),
                         prov=prov), None, used


def _sheet_bettel(chk, prof, dealer) -> tuple[HandOutcome, None, Settlement]:
    """A Bettel (rules.md G-16, G-20; real30 F4): the optional contract in
    which the declarer, alone against three (G-15), undertakes to take no
    trick; priced ``tariff.bettel`` (30 at the 10/50 tariff), with no
    schneider, schwarz or Laufende, doubled by Kontra/Re (G-18) and Klopfen
    (G-19).  rules.md gives no card order for it, so it is a score-sheet
    line (docs/notation.md §14.7): ``game S bettel`` with ``tricks N``
    (the declarer's: 0 wins, any loses), ``pts`` (Augen: more than 0 means a
    trick taken), the outcome word (``win`` or ``lose``) and ``score``, any
    of them; what is written is checked against the others, the rest
    derived, and a result nothing settles is ``E-RESULT-UNKNOWN``.

    Refused: deal lines or tricks (``E-SK-BETTEL``: no card order to replay
    them by), a tariff without a Bettel price (``E-SK-BETTEL``), a Tout
    (``E-SK-ANNOUNCE``), ``partner`` (``E-PARTNER``), ``laufende`` other than
    0 (``E-SK-LAUFENDE``), an outcome with ``-s``/``-z`` or one the tricks
    or Augen contradict (``E-OUTCOME``), a wrong score (``E-SCORE``)."""
    from .judge_common import _agreed_score, _matches, _written_units  # noqa: PLC0415 - the shared score checks

    rec = chk.rec
    g = rec.game
    cards = rec.deals[0] if rec.deals else (rec.tricks[0] if rec.tricks else None)
    if cards is not None:
        what = "a deal line" if rec.deals else "a trick"
        raise chk.reject("E-SK-BETTEL", f"{what} in a Bettel: {BETTEL_NO_PLAY}; write the Bettel as a score-sheet "
                         "line: game S bettel  tricks N  win|lose  score ... (docs/notation.md §14.7)", cards.pos,
                         found=what, expected="game S bettel with tricks, pts, the outcome or the score")
    if prof.tariff.bettel is None:
        raise chk.reject("E-SK-BETTEL", f"a Bettel under {prof.name}'s tariff, which states no Bettel price (rules.md "
                         "G-16 prices it 30 at the 10/50 tariff; an optional contract, G-20); write the group's "
                         "price in the [Rules] tag, e.g. [Rules \"" + (rec.tag("Rules") or prof.name)
                         + "; tariff.bettel=N\"]", g.name_pos, found="bettel", expected="tariff.bettel=N")
    if g.tout:
        raise chk.engine_error(announce_error(Announce(0, Game.BETTEL, None, True)), g.name_pos)
    w = rec.partner
    if w is not None:
        raise chk.reject("E-PARTNER", f"partner {w.value or '?'} is written but the declarer of a Bettel plays alone "
                         "against three (rules.md G-15, G-16)", w.pos, found=w.value or "?", expected="no partner")
    lf = rec.laufende
    if lf is not None and lf.count:
        raise chk.reject("E-SK-LAUFENDE", f"laufende {lf.count}: a Bettel has no trumps and pays no Laufende "
                         "(rules.md G-16)", lf.pos, found=lf.count, expected="0 (or no laufende)")
    klopfer = _sheet_klopfer(chk, prof)
    doublings = sorted((m for m in rec.marks if m.kind in ("kontra", "re")), key=lambda m: m.after)
    written = _written_units(chk, rec.score)[0] if rec.score is not None else [None] * 4
    # ---- the outcome: the declarer's tricks and Augen (G-16: won with no trick)
    n = prof.tricks
    pts, tricks = _sheet_pts_tricks(chk, n)
    if pts is not None and tricks is not None and ((tricks == 0) != (pts == 0) and not (pts == 0 and tricks < n)
                                                   or tricks == n and pts != 120):
        raise chk.reject("E-PTS", f"pts {pts} and tricks {tricks} contradict each other: a declarer without a trick "
                         "has 0 Augen and one with every trick all 120 (rules.md G-12)", rec.pts.pos,
                         found=f"pts {pts}, tricks {tricks}", expected="Augen the tricks allow")
    if tricks is not None:
        cands = [bettel_outcome(tricks)]
    elif pts:
        cands = ["lose"]  # Augen come only with a trick
    else:
        cands = ["win", "lose"]  # 0 Augen: no trick, or only tricks without Augen
    for key, v in (("picker_points", pts), ("picker_tricks", tricks)):
        if v is not None:
            chk.prov[key] = "asserted"
    ow = rec.outcome
    if ow is not None and ow.value is not None:
        o = ow.value
        if o not in ("win", "lose"):
            raise chk.reject("E-OUTCOME", f"{o} for a Bettel: a Bettel is written win or lose (rules.md G-16: no "
                             "schneider or schwarz is added to it)", ow.pos, found=o, expected=" or ".join(cands))
        if o not in cands and not ow.agreed:
            why = (f"{tricks} trick{'' if tricks == 1 else 's'}" if tricks is not None else f"{pts} Augen")
            raise chk.reject("E-OUTCOME", f"{o} disagrees with {why} of the declarer: a Bettel is won by taking no "
                             "trick and lost by taking any (rules.md G-16)", ow.pos, found=o,
                             expected=" or ".join(cands))
        cands = _written_outcome(chk, o, cands, ow, "tricks and Augen")
    else:
        chk.prov["outcome"] = "derived"
    # ---- Kontra and Re by the right party and in time (G-18), for each possible declarer
    decls = [chk.seat(g.seat, g.pos)] if g.seat is not None else list(range(4))
    combos, fault = [], None
    for d in decls:
        f = _doubling_fault(chk, prof, Game.BETTEL, doublings, d, None)
        if f is None:
            combos.append(d)
        elif fault is None:
            fault = f
    if not combos:
        m, exc = fault
        raise chk.engine_error(*_re_before_kontra(chk, doublings, m, exc))
    nk = len(klopfer)
    every = [(d, o, settle_game(prof, Game.BETTEL, None, False, d, None, o, 0, True, len(doublings), nk))
             for d in combos for o in cands]
    options = [x for x in every if _matches(x[2].units, written)]
    if not options:  # the score disagrees: its first wrong entry against the closest settlement
        best = max(every, key=lambda x: sum(1 for u, v in zip(x[2].units, written) if v is not None and u == v))
        chosen = best
        used = _agreed_score(chk, best[2])  # raises E-SCORE at the entry, unless agreed (^)
    else:
        if len({x[2].units for x in options}) > 1:
            unknown = [w for w, k in (("the declarer", {x[0] for x in options}),
                                      ("the outcome", {x[1] for x in options})) if len(k) > 1]
            zero = " (a declarer with 0 Augen may have taken a trick without Augen)" if pts == 0 else ""
            raise chk.reject("E-RESULT-UNKNOWN", f"{' and '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} "
                             f"not written and nothing settles the Bettel{zero}", rec.score.pos if rec.score else rec.pos,
                             found=f"{' and '.join(unknown)} unknown",
                             expected="tricks N, the outcome word or the score")
        chosen = options[0]
        used = _agreed_score(chk, chosen[2])
    d, o, _ = chosen
    _check_units_range(chk, used)
    if ow is not None and ow.value is not None and chk.prov["outcome"] == "asserted" and (
            pts is not None or tricks is not None or rec.score is not None):
        chk.prov["outcome"] = "verified"
    if tricks is None and o == "win":  # a won Bettel took no trick (G-16)
        tricks = 0
        chk.prov["picker_tricks"] = "derived"
    prov = dict(chk.prov)
    prov["picker"] = "asserted" if g.seat is not None else "derived"
    prov["multiplier"] = "asserted" if rec.marks else "derived"
    prov.pop("partner", None)
    prov.pop("laufende", None)
    return _sheet_stored(chk, prof, used, game=Game.BETTEL, suit=None, tout=False, dealer=dealer, declarer=d,
                         partner=None, called=None, pts=pts, tricks=tricks, doublings=len(doublings),
                         laufende=(None, None), prov=prov), None, used


def _ramsch_settlements(prof, klopfen: int) -> list[Settlement]:
    """Every settlement a Ramsch can have under ``prof`` (rules.md G-17):
    the settlements of :func:`ramsch_results`."""
    return [st for st, _ in ramsch_results(prof, klopfen)]


def ramsch_results(prof, klopfen: int = 0) -> list[tuple[Settlement, tuple[tuple[int, ...], tuple[int, ...],
                                                                         int | None]]]:
    """Every result a Ramsch can have under ``prof`` (rules.md G-17), each
    as ``(settlement, (losers, jungfrauen, durchmarsch))`` (seats 0..3, the
    facts of :func:`replay.schafkopf.ramsch_facts`), one per distinct units,
    through :func:`replay.schafkopf.ramsch_facts` on representative Augen
    and tricks: each seat a Durchmarsch; each loser (each set of two, three
    or four tied losers under ``allTied``; four tied at 30 Augen pay each
    other and settle at 0) with each set of seats without a trick.
    ``klopfen``: doublings before the game (G-19), ×2 each."""
    from itertools import combinations  # noqa: PLC0415

    out: dict[tuple, tuple] = {}
    n = prof.tricks
    for sweep in range(4):  # one seat takes every trick
        tr = tuple(n if s == sweep else 0 for s in range(4))
        pts = tuple(120 if s == sweep else 0 for s in range(4))
        facts = ramsch_facts(prof, pts, tr, sweep)
        st = settle_ramsch(prof, *facts, klopfen)
        out.setdefault(st.units, (st, facts))
    sizes = (1,) if prof.ramschTie == "highestTrump" else (1, 2, 3, 4)  # allTied: up to a four-way tie at 30
    for k in sizes:
        for losers in combinations(range(4), k):
            rest = [s for s in range(4) if s not in losers]
            # one loser: not every other seat trickless (that loser would sweep); tied losers may share every trick
            for j in range(len(rest) + (k > 1)):
                for jung in combinations(rest, j):
                    tr = tuple(0 if s in jung else 1 for s in range(4))
                    pts = tuple(40 if s in losers else 0 if s in jung else 10 for s in range(4))
                    facts = ramsch_facts(prof, pts, tr, losers[0])
                    st = settle_ramsch(prof, *facts, klopfen)
                    out.setdefault(st.units, (st, facts))
    return list(out.values())


def _sheet_stored(chk, prof, used: Settlement, *, game, suit, tout, dealer, declarer, partner, called, pts, tricks,
                  doublings, laufende, prov) -> HandOutcome:
    """The stored outcome of a score-sheet game (tags of the hand's session)."""
    rec = chk.rec
    tags = rec.session.tags | rec.tags
    outcome = schafkopf_sheet_outcome(
        prof, used, game=game, suit=suit, tout=tout, seats=chk.aliases, players=dict(chk.seats), dealer=dealer,
        declarer=declarer, partner=partner, called=called, party_points=pts, party_tricks=tricks,
        doublings=doublings, laufende=laufende[0], laufende_with=laufende[1], session=rec.session_id,
        group=tags.get("Event"), hand=rec.number, date=chk.date, rules=tags.get("Rules", ""), provenance=prov,
        warnings=chk.warnings, table=tags.get("Table"), site=tags.get("Site"))
    return outcome
