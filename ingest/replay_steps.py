"""A stored hand's every step and its seat views, as data and as JSON
(``shead replay --seat S``, ``--json``; the dashboard's Replay page).

This module maps a stored hand's record to the :class:`replay.steps.Event`
list the engine's steps are built from (the passes, the pick, the bury, the
call, the marks, the game announced, the annotations at their statement or
card: notation.md §8); what each seat knows at each step is decided in
:mod:`replay.steps` (:func:`~replay.steps.seat_view`), not here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from replay.cards import Card
from replay.facts import HandRecord
from replay.replay import partner_known_at
from replay.steps import UNDER_HIDDEN, Event, Step, as_frame, build_steps, seat_view

__all__ = ["HandSteps", "events_of", "game_detail", "hand_steps", "steps_for", "step_json", "seat_json", "seat_index",
           "record_of", "describe", "render_seat"]

_BLITZ = {("black", "queens"): (Card.CQ, Card.SQ), ("red", "queens"): (Card.HQ, Card.DQ),
          ("black", "jacks"): (Card.CJ, Card.SJ), ("red", "jacks"): (Card.HJ, Card.DJ)}


@dataclass
class HandSteps:
    """A stored hand's steps as everyone sees them (``steps``), with the
    seats (``aliases``), whether it is a Schafkopf game (``german``: cards in
    the protocol's German spelling) and the partner's seat (None when alone,
    unknown or no partner)."""

    steps: list[Step]
    aliases: list[str]
    german: bool
    partner: int | None

    def view(self, seat: str | None) -> list[Step]:
        """The steps as ``seat`` (an alias) saw them; None: everyone.
        Raises ``ValueError`` for an alias not at the table."""
        if seat is None:
            return self.steps
        return seat_view(self.steps, seat_index(self.aliases, seat), self.partner)


def seat_index(aliases: list[str], seat: str) -> int:
    """The seat number of alias ``seat`` (case as written; else a unique
    case-insensitive match); ``ValueError`` naming the seats otherwise."""
    if seat in aliases:
        return aliases.index(seat)
    low = [a for a in aliases if a.lower() == seat.lower()]
    if len(low) == 1:
        return aliases.index(low[0])
    raise ValueError(f"no seat {seat!r} at this hand's table; the seats are {', '.join(aliases)}")


def _record(text: str, hand: int, path: str | None) -> HandRecord | None:
    from ingest.shn.reader import read  # noqa: PLC0415

    if not text.lstrip().startswith("%SHN"):
        text = "%SHN 1.0\n" + text
    recs = [r for r in read(text, path).hands if r.number == hand]
    return recs[-1] if recs else None


def game_detail(game, suit, tout: bool) -> str | None:
    """The announced Schafkopf game in words: ``sauspiel``, ``solo herz``,
    ``wenz tout`` (rules.md G-6..G-8); None for no game."""
    if game is None:
        return None
    name = getattr(game, "value", game)
    colour = {0: "eichel", 1: "gras", 2: "herz", 3: "schellen"}.get(int(suit)) if suit is not None else None
    return " ".join(x for x in (name, colour if name != "sauspiel" else None, "tout" if tout else None) if x)


def events_of(rec: HandRecord | None, frames: list, aliases: list[str], dealer: int | None,
              sitting: bool, sk_game: tuple[int | None, Card | None, str | None] | None = None
              ) -> tuple[list[Event], dict[int, tuple[str | None, str]]]:
    """The events before and between the cards and the annotations per card
    frame (see :func:`replay.steps.build_steps`) of a hand from its record
    (None: a NetSchafkopf game).  ``sitting``: the dealer sits out (rules.md
    F-1).  ``sk_game`` — a Schafkopf game: ``(declarer, called Sau, game in
    words)`` (:func:`game_detail`; declarer None for a Ramsch)."""
    fs = [as_frame(f) for f in frames]
    f0, end = fs[0], fs[-1]
    n = len(aliases)
    pos = {a: i for i, a in enumerate(aliases)}
    events = [Event("deal", note=rec.note if rec is not None else None)]
    notes: dict[int, tuple[str | None, str]] = {}
    if rec is not None:
        k = 0
        for t in rec.tricks:
            for i, p in enumerate(t.plays):
                k += 1
                note = p.note
                if i == 0 and t.note:
                    note = t.note + (f" · {note}" if note else "")
                if note or p.suffix:
                    notes[k] = (note, p.suffix)
        if rec.claim is not None and rec.claim.note:
            notes[-1] = (rec.claim.note, "")
    marks = list(rec.marks) if rec is not None else []
    if sk_game is not None:
        for m in marks:
            if m.kind == "klopfen":
                events.append(Event("klopfen", pos.get(m.seat), note=m.note))
        declarer, called, detail = sk_game
        if declarer is not None:
            note = rec.game.note if rec is not None and rec.game is not None else None
            events.append(Event("game", declarer, (called,) if called is not None else (), note=note, detail=detail))
        else:
            events.append(Event("game", None, (), detail="ramsch",
                                note=rec.ramsch.note if rec is not None and rec.ramsch is not None else None))
        for m in marks:
            if m.kind in ("kontra", "re"):
                events.append(Event(m.kind, pos.get(m.seat), after=m.after, note=m.note))
        return events, notes
    picker = f0.picker
    has_blind = bool(end.blind) or (rec is not None and rec.blind is not None)
    if has_blind and dealer is not None and n:
        s = (dealer + 1) % n
        for _ in range(n):
            if sitting and s == dealer:
                s = (s + 1) % n
                continue
            if s == picker:
                break
            events.append(Event("pass", s))
            s = (s + 1) % n
    if picker is not None:
        events.append(Event("pick", picker, tuple(end.blind or ()),
                            note=rec.pick.note if rec is not None and rec.pick is not None else None))
        if end.bury or (rec is not None and rec.bury is not None):
            events.append(Event("bury", picker, tuple(end.bury or ()),
                                note=rec.bury.note if rec is not None and rec.bury is not None else None))
        if f0.called is not None:
            cards = (f0.called,) + ((f0.under,) if f0.under is not None else ())
            events.append(Event("call", picker, cards, note=rec.call.note if rec is not None and rec.call else None))
        elif f0.alone:
            events.append(Event("alone", picker, note=rec.alone.note if rec is not None and rec.alone else None))
        if rec is not None and rec.sheepshead is not None:
            events.append(Event("sheepshead", picker, note=rec.sheepshead.note))
    for m in marks:
        cards = _BLITZ.get((m.color or "black", m.pair), ()) if m.kind == "blitz" else ()
        events.append(Event(m.kind, pos.get(m.seat), cards, note=m.note,
                            detail=f"{m.color} {m.pair}" if m.kind == "blitz" else None))
    if rec is not None and rec.blind_trick is not None and rec.blind_trick.value is not None:
        events.append(Event("blindtrick", dealer, detail=str(rec.blind_trick.value), note=rec.blind_trick.note))
    return events, notes


def steps_for(frames: list, rec: HandRecord | None, aliases: list[str], dealer: str | None, partner: str | None,
              sitting: bool, sk_game: tuple | None = None) -> HandSteps:
    """:class:`HandSteps` from a replay's frames and the hand's record
    (``sk_game`` as :func:`events_of`: a Schafkopf game)."""
    pos = {a: i for i, a in enumerate(aliases)}
    d = pos.get(dealer) if dealer else None
    events, notes = events_of(rec, frames, aliases, d, sitting, sk_game) if frames else ([], {})
    return HandSteps(build_steps(frames, events, notes=notes), aliases, sk_game is not None,
                     pos.get(partner) if partner else None)


def record_of(text: str, hand: int, path: str | None) -> HandRecord | None:
    """The record of hand ``hand`` in an SHN ``text`` (the last one of that number), or None."""
    return _record(text, hand, path)


def hand_steps(found, fmt: str, text: str, frames: list) -> HandSteps:
    """The steps of a stored hand (``found`` a :class:`ingest.store.StoredHand`;
    ``fmt``, ``text`` as :func:`ingest.store.session_text`; ``frames`` as
    :func:`ingest.pipeline.replay_frames` gave them)."""
    o = found.outcome
    rec = _record(text, o.hand, found.file) if fmt == "shn" and frames else None
    aliases = list(o.players)
    partner = None if o.alone else o.partner
    sk = None
    if o.game == "schafkopf" and frames:
        g = frames[0]
        sk = (g.declarer, g.called, game_detail(g.game, g.suit, g.tout))
    return steps_for(frames, rec, aliases, o.dealer, partner, bool((o.rules_flags or {}).get("sitOut")), sk)


def step_json(s: Step, aliases: list[str], german: bool, seat: str | None) -> dict:
    """One step as JSON: ``seat`` the viewer (null: everyone), ``step`` its
    key (``?step=``), ``index``, ``kind``, ``by`` (the actor), ``cards``,
    ``detail``, ``note``, ``suffix``, ``events``; the table: ``hands`` per
    alias (a hidden card as null), ``trick``, ``card``, ``trick_cards``,
    ``winning``, ``trick_done``, ``leader``, ``tricks`` so far, ``seat_points``,
    ``seat_tricks``, ``picker``, ``partner``, ``called``, ``under``,
    ``under_face_down``, ``plays_under`` (this step's card is the under card,
    rules.md B-11), ``under_taken_by`` (who took its trick), ``under_points_hidden``
    (it lies face down to this seat in a trick it did not take, B-11e: its
    card points are not in ``seat_points`` nor the sides' points; a face-down
    card is null), ``picker_points``, ``defender_points``,
    ``side_known``, ``multiplier``, ``blind``, ``bury``, ``claim``, ``done``,
    ``last``.  Cards in SHN spelling, or the protocol's German one."""
    from replay.schafkopf import german as de  # noqa: PLC0415

    def c(x):
        return None if x is None else (de(x) if german else str(x))

    def a(i):
        return aliases[i] if i is not None else None

    f = s.frame
    return {
        "seat": seat, "step": s.key, "index": s.index, "kind": s.kind, "by": a(s.seat),
        "cards": [c(x) for x in s.cards], "detail": s.detail, "note": s.note, "suffix": s.suffix,
        "events": [{"kind": e.kind, "by": a(e.seat), "note": e.note} for e in s.events],
        "trick": f.trick, "card": [a(f.card[0]), c(f.card[1])] if f.card else None,
        "trick_cards": [[a(x), c(y)] for x, y in f.trick_cards], "winning": a(f.winning),
        "trick_done": f.trick_done, "leader": a(f.leader),
        "tricks": [{"leader": a(ld), "cards": [[a(x), c(y)] for x, y in t], "winner": a(w)} for ld, t, w in s.tricks],
        "hands": {aliases[i]: ([c(x) for x in h] if h is not None else None) for i, h in enumerate(f.hands)},
        "seat_points": dict(zip(aliases, f.seat_points)), "seat_tricks": dict(zip(aliases, f.seat_tricks)),
        "picker": a(f.picker), "partner": a(f.partner), "called": c(f.called), "under": c(f.under),
        "under_face_down": s.under_face_down, "plays_under": s.plays_under,
        "under_taken_by": a(s.under_taker), "under_points_hidden": s.under_points_hidden,
        "picker_points": f.picker_points,
        "defender_points": f.defender_points, "side_known": s.side_known, "multiplier": f.multiplier,
        "blind": [c(x) for x in f.blind] if f.blind else None, "bury": [c(x) for x in f.bury] if f.bury else None,
        "claim": {"by": a(f.claim[0]), "after_trick": f.claim[1],
                  "cards": [c(x) for x in f.claim[2]] if f.claim[2] is not None else None,
                  "points": f.claim[3]} if f.claim else None,
        "done": f.done, "last": s.last,
    }


def seat_json(found, hs: HandSteps, seat: str) -> dict:
    """``shead replay HAND --seat S --json``: the hand as seat ``S`` saw it.
    ``hand_id``, ``hash``, ``file``, ``line``, ``seat``, ``seats``, ``game``
    and ``frames`` (one per step, :func:`step_json`).  Nothing outside the
    frames names a card; the hand's outcome, card log and text are on the
    last frame only (``hand``: ``outcome``, ``cardlog``, ``source``), as the
    table sees the hand when it is over.  A hand without a card log has no
    frames and shows its ``hand`` at the top (there is nothing to step)."""
    alias = hs.aliases[seat_index(hs.aliases, seat)]
    frames = [step_json(s, hs.aliases, hs.german, alias) for s in hs.view(alias)]
    whole = {"outcome": asdict(found.outcome), "cardlog": asdict(found.cardlog) if found.cardlog else None,
             "source": found.source}
    out = {"hand_id": found.hand_id, "hash": found.hash, "file": found.file, "line": found.line, "seat": alias,
           "seats": hs.aliases, "game": found.outcome.game, "frames": frames}
    if frames:
        frames[-1]["hand"] = whole
    else:
        out["hand"] = whole
    return out


_WORDS = {"pass": "passes", "pick": "picks", "bury": "buries", "call": "calls", "alone": "goes alone",
          "crack": "cracks", "recrack": "re-cracks", "castrate": "castrates", "blitz": "blitzes",
          "sheepshead": "calls sheepshead", "klopfen": "klopft", "kontra": "Kontra", "re": "Re",
          "blindtrick": "names the blind's trick", "game": "plays", "claim": "claims the rest"}


def describe(s: Step, aliases: list[str], german: bool, seat: str | None = None) -> str:
    """A step in words (``Bea picks``, ``Bea buries 2 cards``, ``Al plays
    9♣``); cards in suit symbols, or German names in a Schafkopf game; a
    hidden card as ``??``.  ``seat`` (the viewer) turns its own actor into
    ``you``."""
    from ingest.render import pretty_card  # noqa: PLC0415

    def c(x):
        return pretty_card(str(x) if x is not None else None, german)

    who = aliases[s.seat] if s.seat is not None else ""
    cards = [c(x) for x in s.cards]
    k = s.kind
    if k == "deal":
        return "the deal"
    if k == "card":
        if s.plays_under:  # the picker's under card (rules.md B-11), face down to whoever may not see it (B-11e)
            return (f"{who} plays 🂠 the under card (face down)" if s.cards[0] is None
                    else f"{who} plays {cards[0]} (the under card)") + (s.suffix or "")
        return f"{who} plays {cards[0]}" + (s.suffix or "")
    if k == "pick":
        if cards and all(x is None for x in s.cards):
            return f"{who} picks (the blind, {len(cards)} cards, face down)"
        return f"{who} picks" + (f" the blind {' '.join(cards)}" if cards else "")
    if k == "bury":
        hidden = all(x is None for x in s.cards)
        return f"{who} buries " + (f"{len(cards)} cards face down" if hidden else " ".join(cards))
    if k == "call":
        text = f"{who} calls {cards[0]}"
        if len(cards) > 1:
            text += f" under {cards[1]}" if s.cards[1] is not None else " with an under card face down"
        return text
    if k == "game":
        if s.seat is None:
            return "nobody plays: Ramsch"
        return f"{who} plays {s.detail or 'a game'}" + (f" on the {cards[0]}" if cards else "")
    if k == "blitz":
        return f"{who} blitzes ({s.detail}: {' '.join(cards)})"
    if k == "blindtrick":
        return f"{who} names trick {s.detail} for the blind"
    return f"{who} {_WORDS.get(k, k)}".strip()


def render_seat(found, hs: HandSteps, seat: str) -> str:
    """``shead replay HAND --seat S``: the hand step by step as seat S saw
    it (its own hand at the deal; the other hands, the blind and the bury
    hidden; the cards as played, each trick's winner and the card points of
    the side as known), then the whole hand as it stood at the end."""
    from ingest.render import pretty_card  # noqa: PLC0415

    alias = hs.aliases[seat_index(hs.aliases, seat)]
    steps = hs.view(alias)
    o = found.outcome
    hidden = "the other hands are" if hs.german else "the other hands, the blind and the bury are"
    lines = [f"{o.session} — hand {o.hand} as {alias} saw it (hand id {found.hand_id}); {hidden} hidden until "
             "the end"]
    side, pts = ("declarer side", "Augen") if hs.german else ("picker side", "points")
    if not steps:
        return "\n".join(lines + ["(no card log: nothing to step through)"]) + "\n"

    def c(x):
        return pretty_card(str(x) if x is not None else None, hs.german)

    me = hs.aliases.index(alias)
    # the card that made the partner known (rules.md B-9, C-1), the one answer the everyone view uses too; the
    # partner itself knew before (its frames name it from the call): no line for it
    k = partner_known_at([s.frame for s in steps])
    told_at = k if k is not None and (k == 0 or steps[k - 1].frame.partner is None) else None
    for i, s in enumerate(steps):
        f = s.frame
        line = f"{('t' + str(f.trick)) if s.kind == 'card' else '':>4}  {describe(s, hs.aliases, hs.german)}"
        if s.kind == "deal":
            line += f" — {alias} holds {' '.join(c(x) for x in (f.hands[me] or ()))}"
        if s.kind == "card" and f.trick_done:
            # house32 F2: a trick holding the under card face down to this seat counts what the seat can know, and
            # the under card (rules.md B-11e); its winner sees it once the trick is taken
            face_down = any(x is None for _, x in f.trick_cards)
            got = sum(x.points for _, x in f.trick_cards if x is not None)
            seen = (f.under is not None and me != f.picker and any(x == f.under for _, x in f.trick_cards))
            line += (f"   → {hs.aliases[f.winning]} takes the trick ({got} {pts}"
                     + (UNDER_HIDDEN if face_down else f"; the under card: {c(f.under)}" if seen else "")
                     + ")")
            if f.picker_points is not None:
                more = UNDER_HIDDEN if s.under_points_hidden else ""
                by = s.under_taker
                on_side = by is not None and (by == f.picker or (s.side_known and by == f.partner))
                mine_, theirs = (more, "") if on_side else ("", more)
                if s.side_known:
                    line += f"; {side} {f.picker_points}{mine_}, defenders {f.defender_points}{theirs}"
                else:
                    line += (f"; {hs.aliases[f.picker]} {f.picker_points}{mine_}, the others {f.defender_points}"
                             f"{theirs} (partner not yet known)")
        for e in s.events:
            line += f"   ({hs.aliases[e.seat] if e.seat is not None else '?'} {_WORDS.get(e.kind, e.kind)})"
        if s.note:
            line += f"   {{{s.note}}}"
        lines.append(line)
        if i == told_at and s.frame.partner is not None:
            lines.append(f"      partner known: {hs.aliases[s.frame.partner]}")
    return "\n".join(lines) + "\n\nThe hand as it ended:\n"
