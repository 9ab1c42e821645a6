"""The four-player 24-card fox game as a **logged label** (``[Rules "fox4"]``;
rules.md F-6; docs/profiles.md "The fox game (F-6)").

rules.md F-6 describes the game (24 cards, no blind, A♦ "the fox", counters
A 10 K, the last trick +1 token, 13 tokens a deal, 7–9 tokens 1 point,
10–12 two, every trick ("buck") 7, all six "fox hunters" in one hand 14,
play to 21 or 42) and rules: "A different game — out of scope except as a
logged label".  Issue 18 asks for the game itself; the shared rules win, so
a fox hand is **recorded, never replayed card by card**: its tokens and
points as written, checked only for what F-6 makes checkable, stored as
``game = 'fox'`` with its points kept apart from Sheepshead units (as the
Indiana race points are).

What a fox hand is written with (docs/notation.md §6): ``dealer S``,
``tokens S n ...`` (the tokens each seat took), ``buck S`` (S took every
trick), ``hunters S`` (S held the six fox hunters), ``score S n ...`` (the
points each seat scored).  What is checked:

* four seats (``E-SEATS``); no cards — deal, table, blind, bury, tricks are
  ``E-FOX-CARDS`` (F-6: not replayed); statements of the other games
  (pick, call, pts, an outcome word, marks, ...) are ``E-FOX-STATEMENT``;
* ``tokens``: every seat once, 0..13 each (the reader), **13 in all**
  (``E-FOX-TOKENS``; F-6 "13 tokens per deal"), required unless ``hunters``;
* ``buck S``: S (S's side under ``foxSides=pairs``) holds all 13 tokens
  (``E-FOX-BUCK``: every trick holds every counter and the last trick);
* ``score``: each seat's points against the F-6 schedule from the tokens
  (``E-SCORE``): 7–9 tokens 1, 10–12 2, buck 7, hunters 14 (the holder; the
  others 0), else 0.  Where a token count is ``?`` the points are taken as
  written (``asserted``), each one of 0, 1, 2, 7, 14.

Choices where F-6 is silent (docs/profiles.md), as flags:

* ``foxSides`` — ``each`` (default: F-6 names no partners, each player
  counts his own tokens) or ``pairs`` (the seats across, 1st+3rd and
  2nd+4th, add their tokens; both members score the pair's points);
* ``foxTarget`` — ``21`` (default) or ``42``: the game's length, stored in
  ``rules_flags``; the race over a session is not checked (as Indiana's);
* 13 tokens without ``buck`` score 2 (the top of F-6's token schedule,
  10–12 = 2: F-6 gives 7 for every trick, not for 13 tokens);
* the fox itself scores nothing beyond its token as an ace (F-6 names no
  more); with ``hunters`` the deal is not played, so tokens may be left out.
"""

from __future__ import annotations

from .outcome import HandOutcome

__all__ = ["check_fox", "is_fox", "is_fox_tags", "FOX_PROFILES", "fox_points", "FOX_FLAGS"]

#: The [Rules] names of the fox game label.
FOX_PROFILES = ("fox4",)
#: Its flags and their values (the first of each is the default).
FOX_FLAGS: dict[str, tuple[str, ...]] = {"foxSides": ("each", "pairs"), "foxTarget": ("21", "42")}
TOKENS_PER_DEAL = 13  # rules.md F-6: the 12 counters (A 10 K of four suits) and the last trick
HUNTERS_POINTS = 14  # rules.md F-6: the six "fox hunters" in one hand
BUCK_POINTS = 7  # rules.md F-6: every trick

_CARDS = ("deals", "tables", "blind", "bury", "tricks")
_FOREIGN = ("pick", "leaster", "doubler", "stake", "misdeal", "call", "alone", "claim", "partner", "partner2",
            "pts", "tricks_won", "outcome", "game", "ramsch", "laufende", "sheepshead", "nopick", "blind_trick", "pot")
_FOREIGN += ("potsplit",)  # issue 18 (hpot): the pot split (pot=on, rules.md D-19)
_FOREIGN += ("give", "roll", "share")  # QA18-D2: issue 18's Sheepshead statements (rules.md F-1)
_WORD = {"tricks_won": "tricks", "blind_trick": "blindtrick", "nopick": "a no-pick game"}


def is_fox(rec) -> bool:
    """True when the hand's ``[Rules]`` names the fox game label (``fox4``)."""
    return is_fox_tags(rec.tag("Rules"))


def is_fox_tags(rules: str | None) -> bool:
    """:func:`is_fox` of a hand whose ``[Rules]`` tag in force is ``rules``
    (None when not written)."""
    return (rules or "").split(";")[0].strip() in FOX_PROFILES


def fox_points(tokens: int, buck: bool = False) -> int:
    """The points of ``tokens`` (0..13) by rules.md F-6: 7–9 → 1, 10–12 → 2,
    every trick (``buck``) → 7, fewer than 7 → 0; 13 without every trick → 2
    (docs/profiles.md).  Raises ``ValueError`` outside 0..13."""
    if not 0 <= tokens <= TOKENS_PER_DEAL:
        raise ValueError(f"{tokens} tokens: a deal has {TOKENS_PER_DEAL}")
    if buck:
        return BUCK_POINTS
    return 2 if tokens >= 10 else 1 if tokens >= 7 else 0


class _Profile:
    """What :func:`replay.judge_common._check_ranges` asks of a profile."""

    players = 4
    tricks = 6  # 24 cards, 6 each (rules.md F-6)

    def __init__(self, name: str, flags: dict[str, str]) -> None:
        self.name = name
        self.flags = flags

    def model_dump(self) -> dict[str, object]:
        return {"profile": self.name, "foxSides": self.flags["foxSides"], "foxTarget": int(self.flags["foxTarget"]),
                "units": "fox points", "label": "rules.md F-6: logged, not replayed"}


def _tag_pos(rec, name):
    return rec.tag_pos.get(name) or rec.session.tag_pos.get(name) or rec.pos


def _flags(chk) -> _Profile:
    rec = chk.rec
    text = rec.tag("Rules") or ""
    name, *items = [p.strip() for p in text.split(";")]
    flags = {k: v[0] for k, v in FOX_FLAGS.items()}
    seen: set[str] = set()
    for item in (i for i in items if i):
        k, eq, v = (x.strip() for x in item.partition("="))
        if not eq or k not in FOX_FLAGS or k in seen:
            raise chk.reject("E-RULES-FLAG", f"{item!r} is not a flag of the fox game (foxSides=each|pairs, "
                             "foxTarget=21|42, each once)", _tag_pos(rec, "Rules"), found=item,
                             expected="foxSides=... or foxTarget=...")
        if v not in FOX_FLAGS[k]:
            raise chk.reject("E-RULES-VALUE", f"{k}={v}: the fox game's {k} is " + " or ".join(FOX_FLAGS[k]),
                             _tag_pos(rec, "Rules"), found=f"{k}={v}", expected=" or ".join(FOX_FLAGS[k]))
        seen.add(k)
        flags[k] = v
    return _Profile(name, flags)


def check_fox(chk, sess) -> tuple[HandOutcome, None, None]:
    """Check one fox hand (see the module docstring) and return its outcome,
    no card log and no settlement (fox points are not units that change
    hands).  ``units`` in the outcome are the **fox points** each seat
    scored.  Raises the validator's reject at the line and column of the
    first problem."""
    rec = chk.rec
    prof = _flags(chk)
    chk.profile = prof
    from .judge_common import _check_ranges, written_dealer  # noqa: PLC0415 - as judge_in

    _check_ranges(chk)
    chk.seats = tuple(rec.seats)
    chk.aliases = [a for a, _ in chk.seats]
    chk.index = {a: i for i, a in enumerate(chk.aliases)}
    a = chk.aliases
    if len(a) != 4 or len(set(a)) != 4:
        raise chk.reject("E-SEATS", f"[Seats] lists {len(a)} seats; the fox game is played by 4 (rules.md F-6)",
                         _tag_pos(rec, "Seats"), found=len(a), expected=4)
    for kw in _CARDS:
        v = getattr(rec, kw, None)
        if v:
            first = v[0] if isinstance(v, list) else v
            raise chk.reject("E-FOX-CARDS", "the fox game is logged as a label, never replayed card by card "
                             "(rules.md F-6: 'out of scope except as a logged label'); write its tokens and "
                             "points only", getattr(first, "pos", rec.pos), found=_WORD.get(kw, kw).rstrip("s"),
                             expected="tokens, buck, hunters, score")
    for kw in _FOREIGN:
        v = getattr(rec, kw, None)
        if v is not None and v is not False:
            word = _WORD.get(kw, kw)
            raise chk.reject("E-FOX-STATEMENT", f"'{word}' is not a statement of the fox game; a fox hand is "
                             "written with dealer, tokens, buck, hunters and score (docs/profiles.md)",
                             getattr(v, "pos", rec.pos), found=word, expected="a fox statement")
    if rec.marks:
        m = rec.marks[0]
        raise chk.reject("E-FOX-STATEMENT", f"'{m.kind}' doubles nothing in the fox game (rules.md F-6)", m.pos,
                         found=m.kind, expected="no marks")
    prov = chk.prov
    dealer = written_dealer(chk, sess, 4)
    pairs = prof.flags["foxSides"] == "pairs"

    def side(s: int) -> tuple[int, ...]:
        return (s, (s + 2) % 4) if pairs else (s,)

    # ---- tokens (F-6: 13 a deal)
    tokens: list[int | None] = [None] * 4
    tk = rec.tokens
    if tk is not None:
        written = set()
        for alias, v in tk.entries:
            s = chk.seat(alias, v.pos)
            written.add(s)
            tokens[s] = v.value
        if len(written) != 4:
            missing = ", ".join(x for i, x in enumerate(a) if i not in written)
            raise chk.reject("E-FOX-TOKENS", f"'tokens' leaves out {missing}; write every seat's tokens (? when "
                             "not known)", tk.pos, found=f"{len(written)} seats", expected="4 seats")
        known = [t for t in tokens if t is not None]
        total = sum(known)
        if (len(known) == 4 and total != TOKENS_PER_DEAL) or total > TOKENS_PER_DEAL:
            raise chk.reject("E-FOX-TOKENS", f"the tokens add up to {total}; a deal has {TOKENS_PER_DEAL} (rules.md "
                             "F-6: the counters A 10 K and the last trick)", tk.pos, found=total,
                             expected=TOKENS_PER_DEAL)
        prov["tokens"] = "asserted"
    hunters = None
    if rec.hunters is not None and rec.hunters.value is not None:
        hunters = chk.seat(rec.hunters.value, rec.hunters.pos)
        prov["hunters"] = "asserted"
    if tk is None and hunters is None:
        raise chk.reject("E-FOX-TOKENS", "a fox hand writes the tokens each seat took (tokens S n ...), or "
                         "hunters S for the six fox hunters in one hand (rules.md F-6)", rec.pos,
                         found="no tokens", expected="tokens S n S n S n S n")
    buck = None
    if rec.buck is not None and rec.buck.value is not None:
        buck = chk.seat(rec.buck.value, rec.buck.pos)
        if hunters is not None:
            raise chk.reject("E-FOX-BUCK", "buck and hunters in one hand: the six fox hunters score at once and the "
                             "deal is not played (rules.md F-6)", rec.buck.pos, found="buck", expected="one of them")
        st = [tokens[x] for x in side(buck)]
        if None not in st and sum(st) != TOKENS_PER_DEAL:
            who = a[buck] + (f" and {a[(buck + 2) % 4]}" if pairs else "")
            raise chk.reject("E-FOX-BUCK", f"buck {a[buck]}: every trick holds every counter and the last trick, so "
                             f"{who} took all {TOKENS_PER_DEAL} tokens, but 'tokens' gives {sum(st)}", rec.buck.pos,
                             found=sum(st), expected=TOKENS_PER_DEAL)
        prov["buck"] = "asserted"
    # ---- the points by F-6's schedule
    points: list[int] | None = [0] * 4
    if hunters is not None:
        points[hunters] = HUNTERS_POINTS  # the holder alone (docs/profiles.md)
    elif None in tokens:
        points = None  # not derivable: taken as written
    else:
        for s in range(4):
            if pairs and s >= 2:
                points[s] = points[s - 2]
                continue
            t = sum(tokens[x] for x in side(s))
            points[s] = fox_points(t, buck is not None and s in side(buck))
    score = rec.score
    units: dict[str, int] = {}
    if score is not None:
        for alias, v in score.entries:
            s = chk.seat(alias, v.pos)
            if v.value is None:
                continue
            if v.agreed:
                raise chk.reject("E-FOX-STATEMENT", "an agreed (^) score is not taken in a fox hand: its points follow "
                                 "its tokens (rules.md F-6)", v.pos, found=f"^{v.value}", expected=str(v.value))
            if points is not None and v.value != points[s]:
                t = sum(tokens[x] for x in side(s)) if hunters is None else None
                why = ("the six fox hunters score 14 for their holder, 0 for the others" if hunters is not None else
                       f"{t} tokens" + (" (buck)" if buck is not None and s in side(buck) else "")
                       + " score " + str(points[s]) + " (rules.md F-6: 7-9 tokens 1, 10-12 two, buck 7)")
                raise chk.reject("E-SCORE", f"{alias} {v.value:+d} is written but {why}", v.pos,
                                 found=f"{v.value:+d}", expected=f"{points[s]:+d}")
            if points is None and v.value not in (0, 1, 2, BUCK_POINTS, HUNTERS_POINTS):
                raise chk.reject("E-SCORE", f"{alias} {v.value:+d}: a fox deal scores 0, 1, 2, 7 or 14 points "
                                 "(rules.md F-6)", v.pos, found=f"{v.value:+d}", expected="0, 1, 2, 7 or 14")
            units[alias] = v.value
        prov["units"] = "verified" if points is not None else "asserted"
    if points is not None:
        units = {a[s]: points[s] for s in range(4)}
        prov.setdefault("units", "derived")
    elif len(units) != 4:
        raise chk.reject("E-FOX-TOKENS", "a token count is ? and the points are not all written: the fox points "
                         "cannot be told (rules.md F-6)", (score or tk).pos, found="unknown points",
                         expected="every seat's tokens or every seat's points")
    top = max(units.values())
    scorer = next((x for x in a if units[x] == top), None) if top > 0 else None
    game_type = "hunters" if hunters is not None else "buck" if buck is not None else "tokens"
    tok_text = " ".join(f"{a[s]} {'?' if tokens[s] is None else tokens[s]}" for s in range(4)) if tk else ""
    gainers = ", ".join(f"{x} +{u}" for x, u in units.items() if u) or "nobody"
    breakdown = (f"fox game ({game_type}" + (f"; tokens {tok_text}" if tok_text else "") + f"): fox points {gainers}"
                 + " (rules.md F-6; logged, not replayed)")
    tags = rec.session.tags | rec.tags
    outcome = HandOutcome(
        session=rec.session_id, group=tags.get("Event"), hand=rec.number, date=chk.date, rules=tags.get("Rules", ""),
        rules_flags=prof.model_dump(), game="fox", game_type=game_type, players=dict(chk.seats),
        dealer=a[dealer] if dealer is not None else None, picker=scorer, partner=None, call=None, alone=False,
        leaster_winner=None, multiplier=1, picker_points=None, picker_tricks=None, outcome="fox", units=units,
        provenance=dict(prov), status="score-sheet", table=tags.get("Table"), site=tags.get("Site"), stake=1, marks=0,
        tier=None, call_type=None, breakdown=breakdown, warnings=[str(w) for w in chk.warnings],
    )
    return outcome, None, None
