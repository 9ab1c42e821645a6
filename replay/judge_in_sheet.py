"""An Indiana four-handed hand written as a **score sheet** (no cards): the
declaration, the declaring side's card points / tricks / outcome and the race
points, checked against rules.md F-5's schedule (docs/profiles.md "Indiana
four-handed (F-5)", "Score sheets").

Called by :func:`replay.judge_in.check_indiana` for an ``in4`` hand with no
tricks and no deal lines::

    hand 4  dealer W
    game N ace AC  partner S  pts 95  win-s
    score N +4 E 0 S +4 W 0

What is checked, without cards:

* the declaration as in a replayed hand: an ace call names A♣, A♠ or A♦
  (``E-IN-CALL``; ``game N ace ??`` is an unknown ace), a side solo clubs,
  spades or diamonds (``E-IN-SUIT``); ``partner`` only in an ace call and
  never the declarer (``E-PARTNER``);
* ``pts`` (0..120, the declaring side's) and ``tricks`` (0..8) against each
  other — a side with every trick has all 120 card points, one with no trick
  none (``E-PTS``) — and against the outcome word (``E-OUTCOME``): the tiers
  of :func:`replay.indiana.side_outcome` (61 wins, 60-60 loses; an ace call's
  ``-s`` at 91+ / 30-, ``-z`` by tricks; best and side solo ``win``/``lose``
  by card points; billy ``win`` with no trick);
* ``score``, the race points per seat, against :func:`replay.indiana.
  race_points` for every result the written facts allow (``E-SCORE`` at the
  first differing entry when one result is left; ``?`` entries are filled
  in).  The score also settles what is not written: the outcome word and an
  ace call's partner (the seat that gains with the declarer, or the one that
  does not gain with it).  Facts that fit more than one set of race points
  are ``E-RESULT-UNKNOWN``.  The agreed mark ``^`` is ``E-IN-AGREED``.

Stored as a replayed Indiana hand is (``game = 'indiana'``, ``units`` the
race points), with ``status = 'score-sheet'``, no card log, ``pts`` and
``tricks`` only as written.
"""

from __future__ import annotations

from .indiana import CALLABLE_ACES, InGame, race_points, side_outcome
from .outcome import HandOutcome

__all__ = ["check_indiana_sheet"]

_WORDS = {InGame.ACE: ("win", "win-s", "win-z", "lose", "lose-s", "lose-z")}


def _possible(game: InGame, pts: int | None, tricks: int | None) -> set[str]:
    """The outcome words the written ``pts`` / ``tricks`` allow (None: not written)."""
    out = set()
    for t in ([tricks] if tricks is not None else range(9)):
        for p in ([pts] if pts is not None else range(121)):
            if (t == 8 and p != 120) or (t == 0 and p != 0):
                continue  # every trick is every card point; no trick, none
            out.add(side_outcome(game, p, t))
    return out


def check_indiana_sheet(chk, dealer: int | None, rules_flags: dict[str, object]) -> tuple[HandOutcome, None, None]:
    """Validate one Indiana score-sheet hand (see the module docstring);
    ``chk`` the validator's hand check with its seats set, ``dealer`` the
    dealer seat or None, ``rules_flags`` the stored flags of the profile.  Returns ``(HandOutcome, None, None)``; raises the
    validator's reject at the line and column of the first problem."""
    rec = chk.rec
    a = chk.aliases
    g = rec.game
    if rec.deals:
        raise chk.reject("E-IN-PARTIAL", "deal lines without tricks: an Indiana hand is replayed from all eight "
                         "tricks, or written as a score sheet without cards (docs/profiles.md, Indiana)",
                         rec.deals[0].pos, found="deal lines", expected="the eight tricks, or no cards")
    game = InGame(g.name)
    decl = chk.seat(g.seat, g.pos)
    if game is InGame.ACE:
        if g.called is not None and g.called not in CALLABLE_ACES:
            raise chk.reject("E-IN-CALL", f"an ace call names {g.called}, which is not a fail ace (hearts are trump, "
                             "rules.md F-1)", g.arg_pos, found=str(g.called), expected="AC, AS or AD")
    if game is InGame.SIDESOLO and (g.suit is None or g.suit == "hearts"):
        raise chk.reject("E-IN-SUIT", "a side solo chooses another trump suit than hearts (rules.md F-1)", g.arg_pos,
                         found=g.suit or "no suit", expected="clubs, spades or diamonds")
    for v in (rec.pts, rec.tricks_won, rec.outcome, rec.partner):
        if v is not None and getattr(v, "agreed", False):
            raise chk.reject("E-IN-AGREED", "an agreed (^) result is not taken in an Indiana hand: the race points "
                             "follow the facts (docs/profiles.md, Indiana)", v.pos, found=f"^{v.value}",
                             expected="the value without ^")
    partner = None
    w = rec.partner
    if w is not None and w.value is not None:
        p = chk.seat(w.value, w.pos)
        if game is not InGame.ACE:
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but the declarer plays alone ({game.value})",
                             w.pos, found=w.value, expected="no partner")
        if p == decl:
            raise chk.reject("E-PARTNER", f"partner {w.value} is the declarer; an ace call names an ace of another "
                             "player (docs/profiles.md, Indiana)", w.pos, found=w.value, expected="another seat")
        partner = p
    pts = rec.pts.value if rec.pts is not None else None
    tricks = rec.tricks_won.value if rec.tricks_won is not None else None
    if pts is not None and tricks is not None and ((tricks == 8 and pts != 120) or (tricks == 0 and pts != 0)):
        raise chk.reject("E-PTS", f"pts {pts} with tricks {tricks}: a side with "
                         f"{'every trick has all 120' if tricks == 8 else 'no trick has no'} card points (rules.md "
                         "A-5)", rec.pts.pos, found=pts, expected=120 if tricks == 8 else 0)
    possible = _possible(game, pts, tricks)
    word = rec.outcome.value if rec.outcome is not None else None
    if word is not None and word not in possible:
        allowed = _WORDS.get(game, ("win", "lose"))
        why = (f"{game.value} has no schneider or no-trick tier (rules.md F-5)" if word not in allowed else
               f"pts {pts if pts is not None else '?'} and tricks {tricks if tricks is not None else '?'} give "
               + " or ".join(sorted(possible)))
        raise chk.reject("E-OUTCOME", f"{word} is written but {why}", rec.outcome.pos, found=word,
                         expected=" or ".join(w for w in allowed if w in possible) or "another result")
    words = [word] if word is not None else sorted(possible)
    partners = [partner] if game is not InGame.ACE or partner is not None else [s for s in range(4) if s != decl]
    cands = []
    for wd in words:
        for p in partners:
            side = (decl,) if p is None else (decl, p)
            race, ends = race_points(game, wd, side)
            cands.append((wd, p, race, ends))
    written: list[tuple[int, object]] = []
    if rec.score is not None:
        done = set()
        for alias, v in rec.score.entries:
            s = chk.seat(alias, v.pos)
            if s in done:
                raise chk.reject("E-SCORE", f"{alias} is scored twice", v.pos, found=alias,
                                 expected="one entry per seat")
            done.add(s)
            if v.value is not None and v.agreed:
                raise chk.reject("E-IN-AGREED", "an agreed (^) score is not taken in an Indiana hand: the race "
                                 "points follow the facts (docs/profiles.md, Indiana)", v.pos, found=f"^{v.value}",
                                 expected="the value without ^")
            if v.value is not None:
                written.append((s, v))
    fits = [c for c in cands if all(c[2][s] == v.value for s, v in written)]
    if not fits:
        if len({c[2] for c in cands}) == 1:  # one result: name the entry that differs
            race = cands[0][2]
            s, v = next((s, v) for s, v in written if race[s] != v.value)
            raise chk.reject("E-SCORE", f"{a[s]} {v.value:+d} is written but the race points are {race[s]:+d} "
                             f"({game.value} {cands[0][0]}; rules.md F-5)", v.pos, found=f"{v.value:+d}",
                             expected=f"{race[s]:+d}")
        s, v = written[0]
        raise chk.reject("E-SCORE", "the written race points fit no result of this declaration (rules.md F-5: an ace "
                         "call's pair gains 2/4/6 each, a side solo or billy 18, a best 24, the opponents of a lost "
                         "solo 6 each)", rec.score.pos, found=" ".join(f"{a[x]} {y.value:+d}" for x, y in written),
                         expected="race points F-5 gives")
    if len({(c[0], c[1], c[2]) for c in fits}) > 1:
        what = "the outcome" if len({c[0] for c in fits}) > 1 else "the partner"
        raise chk.reject("E-RESULT-UNKNOWN", f"the written facts fit more than one result; write {what} or every "
                         "seat's race points", rec.score.pos if rec.score is not None else rec.pos,
                         found=f"{len(fits)} results", expected="one result")
    outcome, partner, race, ends = fits[0]
    prov = chk.prov
    prov["picker"] = "asserted"
    prov["outcome"] = "verified" if word is not None else "derived"
    if w is not None and w.value is not None:
        prov["partner"] = "asserted"
    elif partner is not None:
        prov["partner"] = "derived"
    if pts is not None:
        prov["picker_points"] = "asserted"
    if tricks is not None:
        prov["picker_tricks"] = "asserted"
    prov["units"] = "verified" if len(written) == 4 else "derived"
    tags = rec.session.tags | rec.tags
    called = g.called
    game_word = game.value + (f" {g.suit}" if g.suit else "")
    gainers = ", ".join(f"{a[s]} +{r}" for s, r in enumerate(race) if r) or "nobody"
    outcome_rec = HandOutcome(
        session=rec.session_id, group=tags.get("Event"), hand=rec.number, date=chk.date, rules=tags.get("Rules", ""),
        rules_flags=dict(rules_flags), game="indiana", game_type=game.value, players=dict(chk.seats),
        dealer=a[dealer] if dealer is not None else None, picker=a[decl],
        partner=a[partner] if partner is not None else None, call=str(called) if called is not None else None,
        alone=game is not InGame.ACE, leaster_winner=None, multiplier=1, picker_points=pts, picker_tricks=tricks,
        outcome=outcome, units={a[s]: race[s] for s in range(4)}, provenance=dict(prov), status="score-sheet",
        table=tags.get("Table"), site=tags.get("Site"), stake=1, marks=0,
        tier={"": 1, "-s": 2, "-z": 3}[outcome[outcome.find("-"):] if "-" in outcome else ""],
        partner_revealed_trick=None, called_suit="CSHD"[called.suit] if called is not None else None,
        call_type="ace" if game is InGame.ACE else "alone",
        breakdown=(f"{game_word}: {outcome}, race points {gainers} (score sheet)"
                   + (" (a won best ends the game)" if ends else "")),
        warnings=[str(x) for x in chk.warnings],
    )
    return outcome_rec, None, None
