"""Every step of a hand, and the hand as one seat saw it (issue 13).

The engine's replay (:func:`replay.replay.replay`, the Schafkopf engine's
:class:`~replay.schafkopf.SkFrame`) yields one frame before the first card and
one after each card.  :func:`build_steps` adds the steps before the play —
the deal, each pass and the pick, the bury, the call (or alone), the cracks,
re-cracks and blitzes (rules.md B-5..B-13, E-2..E-5); in Schafkopf the deal,
the Klopfen and the game announced (rules.md G-6..G-8), with Kontra and Re at
the card they followed — and the annotations the notation records
(notation.md §8) at their statement or card.  :func:`seat_view` is the pure
function "what seat S knows at step k": its own cards, every card played, the
blind once it picked, the bury to the picker only, the under card face down to
the others, in its trick too, but to that trick's winner once taken (rules.md
B-11e; its card points not counted where it is face down), the partner once
revealed (or to the partner itself from the call), the card points of a side
only once the side is known; everything else hidden until the hand's last step, when the hand is shown
(as at the table).

A step is a :class:`Step`: ``key`` addresses it (the frame index for the
first frame and the card frames, as ``?step=k`` always did; negative for the
steps before the play, ``-1`` just before the first card), ``kind`` says what
happened (``deal``, ``pass``, ``pick``, ``bury``, ``call``, ``alone``,
``crack``, ``recrack``, ``castrate``, ``blitz``, ``sheepshead``, ``klopfen``,
``game``, ``kontra``, ``re``, ``blindtrick``, ``card``, ``claim``); the
first frame carries the last action before the first card (or ``deal`` /
``pass`` when nothing else came before it).  A hidden card is ``None``: a
hidden hand is a tuple of ``None`` as long as the hand (its cards face down).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .cards import Card
from .replay import Frame

__all__ = ["Event", "Step", "build_steps", "seat_view", "known_cards", "as_frame", "redact_text", "CARD_TOKEN",
           "UNDER_HIDDEN"]

#: what a seat view says after card points that leave out the under card lying face down (rules.md B-11e): "15
#: points and the under card" -- the trick's status line, the box of the seat that took it and the sides' points
#: (left33 F3: the box said "15 pts" alone), one wording
UNDER_HIDDEN = " and the under card"

#: Multiplying marks (each doubles the stakes: rules.md E-1..E-5, G-14).
_MARKS = ("crack", "recrack", "castrate", "blitz", "klopfen", "kontra", "re")


@dataclass(frozen=True, slots=True)
class Event:
    """One action before or between the cards: ``kind`` as :class:`Step`,
    ``seat`` the actor, ``cards`` the cards the action names or shows (the
    blind for a pick, the bury, the called card then the under card, a blitz's
    pair), ``after`` the number of cards played before it (0 before the
    first card), ``note`` its annotation, ``detail`` words of its own (a
    blitz's colour, the game announced: ``"sauspiel"``)."""

    kind: str
    seat: int | None = None
    cards: tuple[Card | None, ...] = ()
    after: int = 0
    note: str | None = None
    detail: str | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """The table at one step as one viewer knows it.

    * ``index`` (0-based over every step) and ``key`` (see the module
      docstring); ``kind``, ``seat``, ``cards`` (the event's cards, a hidden
      one as None), ``detail``, ``note`` and ``suffix`` (the card's move
      annotation ``! ? !! ?? !? ?!``).
    * ``frame`` — the :class:`~replay.replay.Frame` as this viewer knows it:
      ``hands`` with hidden cards as None, ``blind``/``bury`` once this viewer
      may see them, ``partner`` once known to this viewer; ``picker_points``
      and ``defender_points`` are the known side's card points and the rest
      (``side_known`` says whether the rest is the defenders').
    * ``tricks`` — the tricks complete so far as ``(leader, ((seat, card),
      ...), winner)``.
    * ``events`` — the marks written at this card (Kontra, Re after it).
    * ``under_face_down`` — an under card lies face down for this viewer.
    * ``plays_under`` — this step's card is the picker's under card (rules.md B-11), face up or down.
    * ``under_taker`` — the seat that took the trick holding the under card, once that trick is done (B-11d:
      its card points go to that trick's winner); None before.
    * ``under_points_hidden`` — the under card lies face down in a trick this viewer neither took nor picked
      for (B-11e), so its card points are left out of this view's ``seat_points``, ``picker_points`` and
      ``defender_points`` (the viewer knows the trick holds it, not what it is worth).
    * ``last`` — the hand's last step (everything is shown).
    """

    index: int
    key: int
    kind: str
    seat: int | None
    cards: tuple[Card | None, ...]
    frame: Frame
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...]
    side_known: bool
    note: str | None = None
    suffix: str = ""
    detail: str | None = None
    events: tuple[Event, ...] = ()
    under_face_down: bool = False
    last: bool = False
    plays_under: bool = False
    under_taker: int | None = None
    under_points_hidden: bool = False

    def under_hidden_seat(self) -> int | None:
        """The seat whose card points in this view leave out the under card
        lying face down (it took that trick, rules.md B-11d; the viewer may
        not see the card until the hand ends, B-11e): :attr:`under_taker`
        when :attr:`under_points_hidden`, else None.  Its points are then
        said with :data:`UNDER_HIDDEN` after them."""
        return self.under_taker if self.under_points_hidden else None


def as_frame(f) -> Frame:
    """A frame of either engine as a :class:`~replay.replay.Frame` (a
    Schafkopf :class:`~replay.schafkopf.SkFrame`: the declarer as picker, the
    party's Augen as ``picker_points``, no blind and no bury, rules.md G-2)."""
    if isinstance(f, Frame):
        return f
    game = getattr(f, "game", None)
    return Frame(step=f.step, trick=f.trick, card=f.card, hands=f.hands, trick_cards=f.trick_cards,
                 winning=f.winning, trick_done=f.trick_done, leader=f.leader, seat_points=f.seat_points,
                 seat_tricks=f.seat_tricks, picker_points=f.party_points, defender_points=f.opponent_points,
                 picker=f.declarer, partner=f.partner, called=f.called, under=None,
                 alone=game is not None and game.single, leaster=False, multiplier=f.multiplier, done=f.done,
                 blind=None, bury=None, settlement=f.settlement, revealed=getattr(f, "revealed", None))


def _minus(cards, gone) -> tuple[Card, ...]:
    gone = set(gone)
    return tuple(c for c in cards if c not in gone)


def _side_points(f: Frame, side: set[int]) -> tuple[int, int]:
    pp = sum(f.seat_points[x] for x in side)
    return pp, sum(f.seat_points) - pp


def build_steps(frames: list, events: list[Event], *,
                notes: dict[int, tuple[str | None, str]] | None = None) -> list[Step]:
    """Every step of a hand, as seen by everyone (review after the hand).

    * ``frames`` — the engine's frames (:class:`~replay.replay.Frame` or
      :class:`~replay.schafkopf.SkFrame`), frame 0 before the first card.
    * ``events`` — the actions before the first card in order (the ``deal``
      event first), then the marks written after a card (``after`` > 0).
    * ``notes`` — per card frame k (1-based; -1 the claim), ``(annotation,
      suffix)``.

    Returns the steps in order (empty for no frames).  The hands before the
    first card are frame 0's, the picker's with the bury back in hand before
    the bury and without the blind before the pick (when the last frame shows
    the blind and bury).  Everyone sees the blind and the bury from the
    deal.  The side's card points (``picker_points``) are the picker's and
    the partner's once the partner is revealed (or the picker is alone,
    or the hand is over); before that the picker's own, the rest in
    ``defender_points`` and ``side_known`` False — the points line no longer
    credits a partner it says is not yet revealed.
    """
    if not frames:
        return []
    frames = [as_frame(f) for f in frames]
    notes = notes or {}
    f0, end = frames[0], frames[-1]
    blind, bury = tuple(end.blind or ()), tuple(end.bury or ())
    pre = [e for e in events if e.after == 0] or [Event("deal")]
    later: dict[int, list[Event]] = {}
    for e in events:
        if e.after > 0:
            later.setdefault(e.after, []).append(e)
    pick_seat = next((e.seat for e in pre if e.kind == "pick"), None)
    pending = sum(1 for e in pre if e.kind in _MARKS)

    steps: list[Step] = []
    picked = buried = called = alone = False
    for i, e in enumerate(pre[:-1]):
        picked |= e.kind in ("pick", "game")
        buried |= e.kind == "bury"
        called |= e.kind in ("call", "game")
        alone |= e.kind == "alone"
        pending -= e.kind in _MARKS
        hands = f0.hands
        if pick_seat is not None and hands[pick_seat] is not None and not buried and bury:
            held = hands[pick_seat] + bury
            if not picked:
                held = _minus(held, blind)
            hands = hands[:pick_seat] + (tuple(sorted(held)),) + hands[pick_seat + 1:]
        scored = f0.picker_points is not None and picked
        fr = replace(f0, hands=hands, picker=f0.picker if picked else None,
                     called=f0.called if called else None, under=f0.under if called else None,
                     alone=f0.alone and (alone or called), partner=None,
                     multiplier=max(1, f0.multiplier >> pending),
                     picker_points=0 if scored else None, defender_points=0 if scored else None,
                     blind=blind or None, bury=(bury or None) if buried else None)
        steps.append(Step(index=i, key=i - (len(pre) - 1), kind=e.kind, seat=e.seat, cards=e.cards, frame=fr,
                          tricks=(), side_known=fr.alone, note=e.note, detail=e.detail))
    tricks: list[tuple[int, tuple[tuple[int, Card], ...], int]] = []
    under_trick = under_taker = None  # the trick the under card was played in, and who took it (B-11d)
    for k, f in enumerate(frames):
        plays_under = f.under is not None and f.card is not None and f.card[1] == f.under
        if plays_under:
            under_trick = f.trick
        if under_trick is not None and under_taker is None and f.trick == under_trick and f.trick_done:
            under_taker = f.winning
        if k > 0 and f.trick_done and f.card is not None and f.winning is not None:
            tricks.append((f.leader, tuple(f.trick_cards), f.winning))
        known = f.done or f.alone or f.partner is not None
        pp, dp = f.picker_points, f.defender_points
        if not known and pp is not None and f.picker is not None:  # the partner not yet revealed
            pp, dp = _side_points(f, {f.picker})
        f = replace(f, picker_points=pp, defender_points=dp,
                    blind=f.blind if f.done else (blind or None), bury=f.bury if f.done else (bury or None))
        if k == 0:
            e = pre[-1]
            kind, seat, cards, note, detail, suffix = e.kind, e.seat, e.cards, e.note, e.detail, ""
        elif f.card is None:  # the claim (notation.md §3)
            kind, seat, cards, detail = "claim", (f.claim[0] if f.claim else None), (), None
            note, suffix = notes.get(-1, (None, ""))
        else:
            kind, seat, cards, detail = "card", f.card[0], (f.card[1],), None
            note, suffix = notes.get(k, (None, ""))
        steps.append(Step(index=len(steps), key=k, kind=kind, seat=seat, cards=cards, frame=f,
                          tricks=tuple(tricks), side_known=known, note=note, suffix=suffix, detail=detail,
                          events=tuple(later.get(f.step, ())) if f.card is not None else (),
                          last=k == len(frames) - 1, plays_under=plays_under, under_taker=under_taker))
    return steps


#: A card in SHN spelling (``QC``, ``TD``, ``10D``) or the protocol's German
#: spelling (``EO``, ``SA``, ``HZ``), as a whole word.
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10[CSHD]|[AKQJT987][CSHD]|[EGHS][AZKOU987])(?![A-Za-z0-9])")


def redact_text(text: str | None, known: set[Card]) -> str | None:
    """``text`` with every card token not in ``known`` replaced by ``??``
    (an annotation may name a card the viewer has not seen)."""
    if text is None:
        return None
    from .schafkopf import german  # noqa: PLC0415

    names = {str(c) for c in known} | {german(c) for c in known}
    names |= {"10" + str(c)[1] for c in known if str(c)[0] == "T"}
    return CARD_TOKEN.sub(lambda m: m.group(0) if m.group(0) in names else "??", text)


def known_cards(steps: list[Step], seat: int, upto: int) -> set[Card]:
    """The cards seat ``seat`` has seen or been told of by step index
    ``upto``: its own cards as dealt, the blind once it picked and its bury,
    every card played, a blitz's pair, the called card (named aloud); at
    the last step every card of the hand."""
    out: set[Card] = set()
    picker = None
    for s in steps[:upto + 1]:
        f = s.frame
        if s.last:
            for st in steps:
                for h in st.frame.hands:
                    out.update(c for c in (h or ()) if c is not None)
            out.update(f.blind or ())
            out.update(f.bury or ())
            out.update(c for _, t, _ in s.tricks for _, c in t)
            out.update(c for _, c in f.trick_cards)
            if f.claim is not None and f.claim[2]:
                out.update(f.claim[2])
            if f.called is not None:
                out.add(f.called)
            continue
        if s.kind in ("pick", "game"):
            picker = s.seat
        out.update(c for c in (f.hands[seat] or ()) if c is not None)  # the cards in its own hand
        if picker == seat:
            out.update(f.blind or ())
            out.update(f.bury or ())
            if f.under is not None:
                out.add(f.under)
        if s.kind == "blitz":  # the pair is shown to the table (rules.md E-5)
            out.update(c for c in s.cards if c is not None)
        if f.called is not None:
            out.add(f.called)
        out.update(c for _, c in f.trick_cards)
        out.update(c for _, t, _ in s.tricks for _, c in t)
    return out


def seat_view(steps: list[Step], seat: int, partner: int | None = None) -> list[Step]:
    """The steps as seat ``seat`` saw them (see the module docstring): every
    other seat's hand face down (a tuple of None as long as the hand), the
    blind to the picker only and from its pick, the bury to the picker only,
    the under card face down to the others — in the trick it is played in too,
    its card points left out of the count (``under_points_hidden``), except to
    that trick's winner once taken (rules.md B-11e) —, a two-handed table's
    face-down cards hidden from both (rules.md F-1), the partner once revealed — to the partner itself (``partner``,
    the hand's partner seat when known) from the call, or from the pick when
    no card is called —, the side's card points once the side is known to
    this seat, annotations with the cards this seat has not seen replaced by
    ``??`` (a deal's or a bury's annotation only to the seat that saw it);
    no settlement and no claim cards; the last step as it is.  ``steps`` as
    :func:`build_steps` gives them; raises ``ValueError`` for a seat not at
    the table."""
    if not steps:
        return []
    n = len(steps[0].frame.hands)
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at this table of {n} seats")
    calls = any(s.kind in ("call", "game", "alone") for s in steps)
    picker = None
    told = False  # the partner knows itself: from the call, or from the pick when nothing is called
    out: list[Step] = []
    for s in steps:
        if s.kind in ("pick", "game"):
            picker = s.seat
        told |= s.kind in ("call", "game") or (s.kind == "pick" and not calls) or s.key >= 0
        if s.last:
            out.append(s)
            continue
        f = s.frame
        mine = picker is not None and picker == seat
        hands = tuple(h if i == seat or h is None else (None,) * len(h) for i, h in enumerate(f.hands))
        played = {c for _, c in f.trick_cards} | {c for _, t, _ in s.tricks for _, c in t}
        # house32 F2: the under card is seen by the picker, and by the winner of the trick it falls in once that
        # trick is taken (rules.md B-11e) -- by nobody else until the hand ends: face down in the trick, its card
        # points left out of what this seat can count
        u = f.under
        sees = u is not None and (mine or (s.under_taker is not None and s.under_taker == seat))
        hide = u is not None and not sees and u in played
        under = u if sees else None
        trick_cards, tricks, card, cards = f.trick_cards, s.tricks, f.card, s.cards
        seat_points = f.seat_points
        if hide:
            trick_cards = tuple((x, None if c == u else c) for x, c in trick_cards)
            tricks = tuple((ld, tuple((x, None if c == u else c) for x, c in t), w) for ld, t, w in tricks)
            if card is not None and card[1] == u:
                card = (card[0], None)
            if s.plays_under:
                cards = (None,)
            if s.under_taker is not None:
                seat_points = tuple(p - u.points if i == s.under_taker else p for i, p in enumerate(seat_points))
        f = replace(f, trick_cards=trick_cards, card=card, seat_points=seat_points)
        partner_now = f.partner
        if partner_now is None and partner == seat and told and f.picker is not None:
            partner_now = seat
        side_known = s.side_known or partner_now is not None
        pp, dp = f.picker_points, f.defender_points
        if f.picker is not None and pp is not None:
            pp, dp = _side_points(f, {f.picker} | ({partner_now} if partner_now is not None else set()))
        table = None
        if f.table is not None:
            table = tuple(tuple((top, None if hidden else und, hidden) for top, und, hidden in row)
                          for row in f.table)
        fr = replace(f, hands=hands, under=under, partner=partner_now, picker_points=pp, defender_points=dp,
                     blind=f.blind if mine else None,
                     bury=f.bury if mine and (s.key >= 0 or any(x.kind == "bury" for x in steps[:s.index + 1]))
                     else None, table=table, settlement=None, claim=None)
        if s.kind in ("pick", "bury") and not mine:
            cards = (None,) * len(cards)
        elif s.kind == "call" and not mine:
            cards = cards[:1] + (None,) * len(cards[1:])
        known = known_cards(steps, seat, s.index)
        if u is not None and not sees:
            known.discard(u)
        shown = s.kind not in ("deal", "bury") or (s.kind == "bury" and mine) or (s.kind == "deal" and
                                                                                  s.seat in (None, seat))
        out.append(replace(s, frame=fr, cards=cards, side_known=side_known, tricks=tricks,
                           under_face_down=f.under is not None and under is None,
                           under_points_hidden=hide and s.under_taker is not None,
                           note=redact_text(s.note, known) if shown else None,
                           events=tuple(replace(e, note=redact_text(e.note, known)) for e in s.events)))
    return out
