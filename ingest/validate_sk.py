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
"""

from __future__ import annotations

from replay.cards import Card, Rank, Suit, mask_of
from replay.errors import IllegalAction, ProfileError
from replay.schafkopf import (SCHAFKOPF_PROFILES, Announce, Game, Klopfen, Kontra, Re, SchafkopfState,
                              parse_schafkopf_rules)
from replay.schafkopf import Ramsch as RamschAction
from replay.scoring import Settlement

from .model import CardLog, HandOutcome
from .schafkopf_hand import schafkopf_outcome

__all__ = ["check_schafkopf", "is_schafkopf"]

#: Sheepshead statements that have no meaning in a Schafkopf hand.
_SHEEPSHEAD_ONLY = ("pick", "leaster", "doubler", "stake", "misdeal", "blind", "bury", "call", "alone", "claim")
_SUIT_WORD = {"eichel": Suit.CLUBS, "gras": Suit.SPADES, "herz": Suit.HEARTS, "schellen": Suit.DIAMONDS}
_GAME_WORD = {g.value: g for g in Game if g is not Game.RAMSCH}


def is_schafkopf(rec) -> bool:
    """True when the hand is a Schafkopf hand: its ``[Rules]`` names a
    Schafkopf profile, or its ``[Cards]`` is ``de`` (German cards)."""
    first = (rec.tag("Rules") or "").split(";")[0].strip()
    return first in SCHAFKOPF_PROFILES or rec.tag("Cards") == "de"


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
        raise chk.reject(d.code, d.message, _tag_pos(rec, "Rules"), found=d.found, expected=d.expected) from None
    chk.profile = prof
    from .validate import _check_ranges  # noqa: PLC0415 - hand number and tricks within what the store holds

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
    prov = chk.prov
    # ---- dealer (rules.md G-2: the seat left of the dealer leads the first trick)
    dealer: int | None = None
    if rec.dealer is not None and rec.dealer.value is not None:
        dealer = chk.seat(rec.dealer.value, rec.dealer.pos)
        prov["dealer"] = "asserted"
    elif rec.tricks and rec.tricks[0].number == 1:
        dealer = (chk.seat(rec.tricks[0].leader, rec.tricks[0].leader_pos) - 1) % 4
        prov["dealer"] = "derived"
    elif sess.last_dealer is not None and sess.last_hand is not None and rec.number == sess.last_hand + 1:
        dealer = (sess.last_dealer + 1) % 4
        prov["dealer"] = "derived"
    # ---- the game
    if (rec.game is None) == (rec.ramsch is None):
        both = rec.game is not None
        raise chk.reject("E-HAND-KIND", ("'game' and 'ramsch' in one hand" if both else "the hand says neither which "
                         "game was announced nor that nobody announced") + "; a Schafkopf hand writes one of them "
                         "(rules.md G-4, G-17)", rec.ramsch.pos if both else rec.pos,
                         found="both" if both else "neither", expected="game S ... or ramsch")
    if not rec.tricks:
        raise chk.reject("E-SK-PARTIAL", "a Schafkopf hand is validated by replaying its tricks; this hand has none "
                         "(Schafkopf score-sheet hands are not supported yet)", rec.pos, found="no tricks",
                         expected=f"t1 .. t{prof.tricks}")
    if dealer is None:
        raise chk.reject("E-DEALER", "the dealer is not known", rec.pos, found="no dealer", expected="dealer S")
    st = _state(chk, prof, dealer)
    try:
        for m in rec.marks:
            if m.kind == "klopfen":
                st.apply(Klopfen(chk.seat(m.seat, m.pos) if m.seat is not None else _unknown(chk, m)))
    except IllegalAction as exc:
        raise chk.engine_error(exc, m.pos) from None
    _announce(chk, st)
    doublings = sorted((m for m in rec.marks if m.kind in ("kontra", "re")), key=lambda m: m.after)
    _play(chk, st, doublings)
    # ---- results against the replay
    res = st.result()
    settle = st.settlement()
    _check_written(chk, st, res, settle)
    used = _agreed(chk, settle)
    from .validate import _MAX_UNITS  # noqa: PLC0415

    if any(abs(u) > _MAX_UNITS for u in used.units):
        big = max(used.units, key=abs)
        raise chk.reject("E-RANGE", f"units {big:+d} are beyond what the log keeps", rec.score.pos if rec.score
                         else rec.pos, found=big, expected=f"at most {_MAX_UNITS} either way")
    tags = rec.session.tags | rec.tags
    outcome, cardlog, settle = schafkopf_outcome(
        st, seats=chk.aliases, players=dict(chk.seats), deal=_deal_as_written(chk, st), session=rec.session_id,
        group=tags.get("Event"), hand=rec.number, date=chk.date, rules=tags.get("Rules", ""),
        provenance=_provenance(chk, st), warnings=chk.warnings, table=tags.get("Table"), site=tags.get("Site"))
    if used is not settle:
        outcome.units = {a: used.units[i] for i, a in enumerate(chk.aliases)}
    return outcome, cardlog, used


def _agreed(chk, settle: Settlement) -> Settlement:
    from .validate import _agreed_score  # noqa: PLC0415 - the one score check, shared with Sheepshead

    return _agreed_score(chk, settle)


def _unknown(chk, m):
    raise chk.reject("E-SEAT", f"'{m.kind} ?': the seat must be written for the hand to be replayed", m.pos,
                     found="?", expected="a seat")


def _state(chk, prof, dealer: int) -> SchafkopfState:
    """The deal: each seat's deal line, else the cards it plays."""
    rec = chk.rec
    hands = [0, 0, 0, 0]
    written = [False] * 4
    seen: dict[Card, str] = {}
    for d in rec.deals:
        s = chk.seat(d.seat, d.pos)
        for c, cp in zip(d.cards, d.card_pos):
            if c is None:
                raise chk.reject("E-SK-PARTIAL", f"an unknown card ?? in {d.seat}'s deal; a Schafkopf hand is "
                                 "replayed with every card known", cp, found="??", expected="a card")
            if c in seen:
                name = _spell(chk, c)
                raise chk.reject("E-DEAL-DUPLICATE", f"{name} is dealt twice: to {seen[c]} and to {d.seat} "
                                 "(rules.md G-1)", cp, found=name, expected="each card once")
            if not prof.deck >> c & 1:
                name = _spell(chk, c)
                raise chk.reject("E-DEAL-CARD", f"{name} is not in the short pack (rules.md G-3)", cp, found=name,
                                 expected="no 7s or 8s")
            seen[c] = d.seat
        hands[s] = mask_of(d.cards)
        written[s] = True
        if len(d.cards) != prof.hand_size:
            raise chk.reject("E-DEAL-SIZE", f"{d.seat} is dealt {len(d.cards)} cards (rules.md G-2, G-3)", d.pos,
                             found=len(d.cards), expected=prof.hand_size)
    if not all(written) and len(rec.tricks) != prof.tricks:
        missing = ", ".join(a for a, w in zip(chk.aliases, written) if not w)
        raise chk.reject("E-SK-PARTIAL", f"no deal line for {missing} and {len(rec.tricks)} of {prof.tricks} tricks: "
                         "a seat without a deal line holds the cards it plays, so every trick must be written",
                         rec.pos, found=f"{len(rec.tricks)} tricks", expected=f"{prof.tricks} tricks or all deal lines")
    for t in rec.tricks:
        for k, p in enumerate(t.plays):
            if p.card is None:
                raise chk.reject("E-SK-PARTIAL", "an unknown card ?? in a trick; a Schafkopf hand is replayed with "
                                 "every card known", p.pos, found="??", expected="a card", trick=t.number)
            if p.renege:
                raise chk.reject("E-SK-RENEGE-MARK", "a marked renege (^R) is not part of Schafkopf records: a card "
                                 "that does not follow suit is an error of the record", p.pos,
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
    suit = None
    if game is Game.SAUSPIEL:
        c = g.called
        if c is None:
            raise chk.reject("E-SK-CALL", "the called Sau is written ?? but the hand is replayed", g.arg_pos,
                             found="??", expected="the called Sau")
        if c.rank != Rank.ACE:
            name = _spell(chk, c)
            raise chk.reject("E-SK-CALL", f"the Sauspiel calls {name}, which is not a Sau (rules.md G-10)", g.arg_pos,
                             found=name, expected="the Eichel-, Gras- or Schellen-Sau")
        suit = Suit(c.suit)
    elif g.suit is not None:
        suit = _SUIT_WORD[g.suit]
    try:
        st.apply(Announce(seat, game, suit, g.tout))
    except IllegalAction as exc:
        raise chk.engine_error(exc, g.arg_pos if exc.code in ("E-SK-CALL", "E-SK-GESPERRT") else g.pos) from None


def _spell(chk, c: Card) -> str:
    from replay.schafkopf import german  # noqa: PLC0415

    return german(c) if chk.rec.tag("Cards") == "de" else str(c)


def _play(chk, st: SchafkopfState, doublings) -> None:
    rec = chk.rec
    pending = list(doublings)
    played = 0

    def double_until(k: int) -> None:
        while pending and pending[0].after <= k:
            m = pending.pop(0)
            seat = chk.seat(m.seat, m.pos) if m.seat is not None else None
            try:
                st.apply(Re(seat) if m.kind == "re" else Kontra(seat))
            except IllegalAction as exc:
                raise chk.engine_error(exc, m.pos) from None

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
            try:
                st.play((lead + j) % 4, p.card)
            except IllegalAction as exc:
                raise chk.engine_error(exc, p.pos, t.number) from None
            played += 1
    double_until(10 ** 6)
    if not st.done:
        last = rec.tricks[-1]
        raise chk.reject("E-SK-PARTIAL", f"the card log stops after trick t{last.number}; a Schafkopf hand is "
                         f"replayed to its last trick (t{st.n_tricks})", last.pos, found=f"{len(rec.tricks)} tricks",
                         expected=f"{st.n_tricks} tricks")


def _deal_as_written(chk, st: SchafkopfState) -> dict[str, list[Card]]:
    """Seat alias → dealt cards, in the order of the deal line when written."""
    from replay.cards import cards_in  # noqa: PLC0415

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


def _check_written(chk, st: SchafkopfState, res, settle: Settlement) -> None:
    rec = chk.rec
    a = chk.aliases
    ramsch = st.game is Game.RAMSCH
    if ramsch:
        for v, kw in ((rec.partner, "partner"), (rec.pts, "pts"), (rec.tricks_won, "tricks"),
                      (rec.outcome, "the outcome"), (rec.laufende, "laufende")):
            if v is not None:
                raise chk.reject("E-SK-RAMSCH", f"{kw} is written but a Ramsch has no declaring party "
                                 "(rules.md G-17); its result is the score", v.pos, found=kw, expected="score")
        return
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
        want = res.laufende.counted
        side = ("with" if res.laufende.with_ else "without") if want else None
        got = (lf.count, lf.side)
        if got != (want, side):
            wtext = f"{want} {side}" if want else "0"
            gtext = f"{lf.count} {lf.side}" if lf.count else "0"
            if not lf.agreed:
                raise chk.reject("E-SK-LAUFENDE", f"laufende {gtext} is written but the deal gives {wtext} (a run of "
                                 f"{res.laufende.run} from the top trump; they count from "
                                 f"{st.profile.laufendeMin.of(st.game)}, rules.md G-13)", lf.pos, found=gtext,
                                 expected=wtext)
            chk.prov["laufende"] = "conflict"
            chk.warnings.append(chk.diag("W-AGREED", f"laufende {gtext} agreed at the table; the deal gives {wtext}",
                                         lf.pos, severity="warning", found=gtext, expected=wtext))
        else:
            chk.prov["laufende"] = "verified"
    else:
        chk.prov["laufende"] = "derived"
    _written(chk, "picker_points", rec.pts, res.party_points, "E-PTS",
             f"pts {rec.pts.value if rec.pts else ''} is written but the declaring party has {res.party_points} Augen "
             "(rules.md G-12)")
    _written(chk, "picker_tricks", rec.tricks_won, res.party_tricks, "E-TRICKS",
             f"tricks {rec.tricks_won.value if rec.tricks_won else ''} is written but the declaring party took "
             f"{res.party_tricks}")
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
