"""Validation of an Indiana four-handed hand (``[Rules "in4"]``; rules.md F-1
"southern-Indiana game", F-5; docs/profiles.md "Indiana four-handed (F-5)").

The record is replayed through :class:`replay.indiana.IndianaState`, never
through the Sheepshead or Schafkopf engines.  :func:`check_indiana` is
called by :func:`ingest.validate._check_hand` for every hand whose
``[Rules]`` is ``in4``; it returns ``(HandOutcome, CardLog, None)``: there is
no zero-sum :class:`~replay.scoring.Settlement`, because race points are not
units that change hands.

A hand without tricks and deal lines is a score sheet, checked by
:func:`replay.judge_in_sheet.check_indiana_sheet` (no cards: the written
facts against F-5's schedule).

What is checked in a replayed hand: four seats; the deal (8 cards each, each card once; a seat
without a deal line holds the cards it plays); the declaration ``game S ace
CARD`` / ``best`` / ``sidesolo SUIT`` / ``billy``; all eight tricks (follow
suit, turn order); then the written results against the replay:
``partner`` (the holder of the called ace), ``pts`` (the declaring side's
card points, 0..120), ``tricks``, the outcome word and ``score`` — the race
points each seat gains (each ≥ 0, not zero-sum; F-5).  A value that differs
is rejected at its line and column; the agreed mark ``^`` is not taken in
an Indiana hand (``E-IN-AGREED``).

Stored as ``game = 'indiana'``, ``game_type`` the declaration,
``picker`` the declarer, ``units`` the race points per seat and
``rules_flags`` ``{"profile": "in4", "raceTarget": 24, "units": "race
points"}``.
"""

from __future__ import annotations

from .cards import Suit, cards_in
from .errors import IllegalAction
from .indiana import RACE_TARGET, Declare, IndianaState, InGame

from .outcome import CardLog, HandOutcome, PlayRow
from .facts import IN_SUITS, SK_GAMES

__all__ = ["check_indiana", "is_indiana", "is_indiana_tags", "INDIANA_PROFILES"]

#: The [Rules] names of the Indiana game.
INDIANA_PROFILES = ("in4",)

#: Statements of the other games that have no meaning in an Indiana hand.
_FOREIGN = ("pick", "leaster", "doubler", "stake", "misdeal", "blind", "bury", "call", "alone", "claim", "ramsch",
            "thrown", "laufende", "sheepshead", "partner2", "nopick", "blind_trick", "pot")
_FOREIGN += ("give",)  # issue 18 (h18a): wi6-7d-high's pass of a partner card (rules.md F-1)
_FOREIGN += ("potsplit",)  # issue 18 (hpot): the pot split, Sheepshead under pot=on only (rules.md D-19)
_FOREIGN += ("roll", "share", "tokens", "buck", "hunters")  # QA18-D2: seven-handed (F-1) and fox (F-6) statements


class _Profile:
    """What :func:`ingest.validate._check_ranges` asks of a profile."""

    name = "in4"
    players = 4
    tricks = 8

    @staticmethod
    def model_dump() -> dict[str, object]:
        return {"profile": "in4", "raceTarget": RACE_TARGET, "units": "race points"}


def is_indiana(rec) -> bool:
    """True when the hand's ``[Rules]`` names the Indiana game (``in4``)."""
    return is_indiana_tags(rec.tag("Rules"))


def is_indiana_tags(rules: str | None) -> bool:
    """:func:`is_indiana` of a hand whose ``[Rules]`` tag in force is
    ``rules`` (None when not written)."""
    return (rules or "").split(";")[0].strip() in INDIANA_PROFILES


def _tag_pos(rec, name):
    return rec.tag_pos.get(name) or rec.session.tag_pos.get(name) or rec.pos


def check_indiana(chk, sess) -> tuple[HandOutcome, CardLog, None]:
    """Validate one Indiana hand (see the module docstring).  ``chk`` is the
    validator's :class:`~ingest.validate.HandCheck`, ``sess`` its session
    state (the dealer of a hand that writes none).  Raises the validator's
    reject at the line and column of the first problem."""
    rec = chk.rec
    rules_text = rec.tag("Rules") or ""
    if ";" in rules_text and rules_text.split(";", 1)[1].strip():
        extra = rules_text.split(";", 1)[1].strip()
        raise chk.reject("E-RULES-FLAG", f"the Indiana game takes no flags; found {extra!r}",
                         _tag_pos(rec, "Rules"), found=extra, expected="in4")
    chk.profile = _Profile()
    from .judge_common import _check_ranges  # noqa: PLC0415 - hand number and tricks within what the store holds

    _check_ranges(chk)
    chk.seats = tuple(rec.seats)
    chk.aliases = [a for a, _ in chk.seats]
    chk.index = {a: i for i, a in enumerate(chk.aliases)}
    if len(chk.aliases) != 4 or len(set(chk.aliases)) != 4:
        raise chk.reject("E-SEATS", f"[Seats] lists {len(chk.aliases)} seats; the Indiana game is played by 4 "
                         "(rules.md F-1)", _tag_pos(rec, "Seats"), found=len(chk.aliases), expected=4)
    for kw in _FOREIGN:
        v = getattr(rec, kw, None)
        if v is not None and v is not False:
            pos = getattr(v, "pos", rec.pos)
            raise chk.reject("E-IN-STATEMENT", f"'{kw}' is not an Indiana statement; an Indiana hand is written with "
                             "deal, game, the tricks, partner, pts, tricks, the outcome and score (docs/profiles.md)",
                             pos, found=kw, expected="an Indiana statement")
    if rec.marks:
        m = rec.marks[0]
        raise chk.reject("E-IN-STATEMENT", f"'{m.kind}' doubles nothing in the Indiana game (rules.md F-5)", m.pos,
                         found=m.kind, expected="no marks")
    # ---- dealer: the seat left of the dealer leads trick 1
    from .judge_common import written_dealer  # noqa: PLC0415 - validate imports this module

    prov = chk.prov
    dealer = written_dealer(chk, sess, 4)
    g = rec.game
    if g is None:
        raise chk.reject("E-HAND-KIND", "the hand does not say which game was declared (rules.md F-1)", rec.pos,
                         found="no game", expected="game S ace CARD | best | sidesolo SUIT | billy")
    if g.name in SK_GAMES:
        raise chk.reject("E-GAME", f"'{g.name}' is a Schafkopf game; the Indiana game declares ace, best, sidesolo "
                         "or billy (rules.md F-1)", g.name_pos, found=g.name, expected="ace, best, sidesolo or billy")
    if g.seat is None:
        raise chk.reject("E-SEAT", "'game ?': the declarer must be written for the hand to be replayed", g.pos,
                         found="?", expected="a seat")
    if not rec.tricks:  # a score sheet: no cards (docs/profiles.md, Indiana score sheets)
        from .judge_in_sheet import check_indiana_sheet  # noqa: PLC0415

        return check_indiana_sheet(chk, dealer, _Profile.model_dump())
    if dealer is None:
        raise chk.reject("E-DEALER", "the dealer is not known", rec.pos, found="no dealer", expected="dealer S")
    if len(rec.tricks) != 8:
        raise chk.reject("E-IN-PARTIAL", f"{len(rec.tricks)} tricks are written; an Indiana hand is replayed from "
                         "all eight", rec.pos, found=len(rec.tricks), expected=8)
    st = _state(chk, dealer)
    seat = chk.seat(g.seat, g.pos)
    if g.name == "ace" and g.called is None:
        raise chk.reject("E-IN-CALL", "the called ace is written ?? but the hand is replayed", g.arg_pos,
                         found="??", expected="AC, AS or AD")
    suit = Suit(IN_SUITS.index(g.suit)) if g.suit is not None else None
    try:
        st.declare(Declare(seat, InGame(g.name), g.called, suit))
    except IllegalAction as exc:
        raise chk.engine_error(exc, g.arg_pos if g.called is not None or g.suit is not None else g.pos) from None
    for k, t in enumerate(rec.tricks, 1):  # every trick of four cards before any is played: a short trick is its own error
        if t.number != k:  # numbered t1 .. t8 in order, as in the other games (rules.md B-17)
            raise chk.reject("E-TRICK-ORDER", f"t{t.number} where t{k} was expected", t.pos, found=f"t{t.number}",
                             expected=f"t{k}", trick=t.number)
        if len(t.plays) != 4:
            raise chk.reject("E-TRICK-SIZE", f"trick t{t.number} has {len(t.plays)} cards; an Indiana trick has 4 "
                             "(rules.md F-1)", t.pos, found=len(t.plays), expected=4, trick=t.number)
    for t in rec.tricks:
        lead = chk.seat(t.leader, t.leader_pos)
        for k, p in enumerate(t.plays):
            try:
                st.play((lead + k) % 4, p.card)
            except IllegalAction as exc:
                raise chk.engine_error(exc, p.pos, trick=t.number) from None
    res = st.result()
    _check_written(chk, st, res)
    prov["picker"] = "asserted"
    if st.partner is not None:
        prov.setdefault("partner", "derived")
    a = chk.aliases
    tags = rec.session.tags | rec.tags
    plays = [PlayRow(t + 1, k, a[s], str(c), False, s == w)
             for t, (_lead, cards, w) in enumerate(st.tricks) for k, (s, c) in enumerate(cards)]
    written = {d.seat: [str(c) for c in d.cards] for d in rec.deals}
    cardlog = CardLog(deal={x: written.get(x) or [str(c) for c in cards_in(st.dealt[i])] for i, x in enumerate(a)},
                      plays=plays)
    game_word = res.game.value + (f" {g.suit}" if g.suit else "")
    gainers = ", ".join(f"{a[s]} +{r}" for s, r in enumerate(res.race) if r) or "nobody"
    outcome = HandOutcome(
        session=rec.session_id, group=tags.get("Event"), hand=rec.number, date=chk.date, rules=tags.get("Rules", ""),
        rules_flags=_Profile.model_dump(), game="indiana", game_type=res.game.value, players=dict(chk.seats),
        dealer=a[dealer], picker=a[res.declarer], partner=a[res.partner] if res.partner is not None else None,
        call=str(st.called) if st.called is not None else None, alone=res.partner is None, leaster_winner=None,
        multiplier=1, picker_points=res.side_points, picker_tricks=res.side_tricks, outcome=res.outcome,
        units={a[s]: res.race[s] for s in range(4)}, provenance=dict(prov), status="full",
        table=tags.get("Table"), site=tags.get("Site"), stake=1, marks=0,
        tier={"": 1, "-s": 2, "-z": 3}[res.outcome[res.outcome.find("-"):] if "-" in res.outcome else ""],
        partner_revealed_trick=None,
        called_suit="CSHD"[st.called.suit] if st.called is not None else None,
        call_type="ace" if res.game is InGame.ACE else "alone",
        breakdown=(f"{game_word}: {res.outcome}, race points {gainers}"
                   + (" (a won best ends the game)" if res.ends_game else "")),
        warnings=[str(w) for w in chk.warnings],
    )
    return outcome, cardlog, None


def _state(chk, dealer: int) -> IndianaState:
    """The deal: each seat's deal line, else the cards it plays (the
    four-handed deal reader shared with Schafkopf)."""
    from .judge_sk import four_hands  # noqa: PLC0415

    rec = chk.rec
    hands = four_hands(chk, game="an Indiana hand", partial="E-IN-PARTIAL", renege="E-IN-STATEMENT", hand_size=8,
                       tricks=8, deck=(1 << 32) - 1, rule="A-1, F-1")
    try:
        return IndianaState(dealer, hands)
    except IllegalAction as exc:
        raise chk.engine_error(exc, rec.deals[0].pos if rec.deals else rec.tricks[0].pos) from None


def _written(chk, key: str, v, computed, code: str, message: str) -> None:
    """A written value ``v`` against ``computed``: ``verified``, ``derived``
    when not written (or ``?``), else a reject with ``code``."""
    if v is None or v.value is None:
        chk.prov[key] = "derived"
        return
    if v.agreed:
        raise chk.reject("E-IN-AGREED", "an agreed (^) result is not taken in an Indiana hand: the race points "
                         "follow the cards (docs/profiles.md, Indiana)", v.pos, found=f"^{v.value}",
                         expected=computed)
    if v.value != computed:
        raise chk.reject(code, message, v.pos, found=v.value, expected=computed)
    chk.prov[key] = "verified"


def _check_written(chk, st: IndianaState, res) -> None:
    rec = chk.rec
    a = chk.aliases
    w = rec.partner
    if w is not None and w.value is not None:
        chk.seat(w.value, w.pos)
        if res.partner is None:
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but the declarer plays alone "
                             f"({res.game.value})", w.pos, found=w.value, expected="no partner")
        _written(chk, "partner", w, a[res.partner], "E-PARTNER",
                 f"partner {w.value} is written but {a[res.partner]} was dealt the called {st.called}")
    _written(chk, "picker_points", rec.pts, res.side_points, "E-PTS",
             f"pts {rec.pts.value if rec.pts else ''} is written but the declaring side took {res.side_points} card "
             "points (rules.md A-5)")
    _written(chk, "picker_tricks", rec.tricks_won, res.side_tricks, "E-TRICKS",
             f"tricks {rec.tricks_won.value if rec.tricks_won else ''} is written but the declaring side took "
             f"{res.side_tricks}")
    _written(chk, "outcome", rec.outcome, res.outcome, "E-OUTCOME",
             f"{rec.outcome.value if rec.outcome else ''} is written but the replay gives {res.outcome} "
             f"({res.side_points} card points, {res.side_tricks} tricks; rules.md F-5)")
    score = rec.score
    if score is None:
        chk.prov["units"] = "derived"
        return
    done = set()
    for alias, v in score.entries:
        s = chk.seat(alias, v.pos)
        if s in done:
            raise chk.reject("E-SCORE", f"{alias} is scored twice", v.pos, found=alias, expected="one entry per seat")
        done.add(s)
        if v.value is None:
            continue
        if v.agreed:
            _written(chk, "units", v, res.race[s], "E-SCORE", "")
        if v.value != res.race[s]:
            raise chk.reject("E-SCORE", f"{alias} {v.value:+d} is written but the race points are {res.race[s]:+d} "
                             f"({res.game.value} {res.outcome}; rules.md F-5)", v.pos, found=f"{v.value:+d}",
                             expected=f"{res.race[s]:+d}")
    chk.prov["units"] = "verified"
