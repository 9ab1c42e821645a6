"""Replay: a hand as an iterator of frozen frames, one after each card.

>>> frames = list(replay(state, actions))     # doctest: +SKIP
>>> frames[0].step, frames[-1].done           # doctest: +SKIP
(0, True)

Frame 0 is the table after the pick, bury, call and marks, before the first
card; frame k is the table after the k-th card.  Each frame carries what a
viewer at the table may know *then*: every seat's remaining cards (where the
deal is known), the trick so far and who is winning it, card points per side
from the tricks taken so far, the partner once revealed, and the standing facts
(picker, called card, multiplier).  The bury's points and the blind are shown
only on the last frame (``done``), as at a real table.

Stepping costs one :meth:`GameState.play` plus one snapshot: well under 1 ms
(design.md 6); measured by ``benchmarks/bench_engine.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from .actions import Action, Play
from .cards import Card, cards_in, points_of
from .state import GameState, Phase
from .scoring import Settlement, mark_factor

__all__ = ["Frame", "partner_known_at", "replay", "snapshot"]


@dataclass(frozen=True, slots=True)
class Frame:
    """The table at one step of a replay.

    * ``step`` — cards played so far (0 before the first card).
    * ``trick`` — 1-based number of the trick the last card belongs to (1 at step 0).
    * ``card`` — the last card played as ``(seat, card)``, None at step 0.
    * ``hands`` — per seat, the cards still held (None where unknown).
    * ``trick_cards`` — the current trick's ``(seat, card)`` in play order; the
      whole trick on the frame of its fifth card.
    * ``winning`` — the seat winning the current trick so far.
    * ``trick_done`` — the last card completed a trick (``winning`` won it).
    * ``leader`` — the seat that led the current trick.
    * ``seat_points`` / ``seat_tricks`` — card points and tricks taken per seat;
      on the last frame of a no-pick game played in tricks (a leaster) the
      blind's card points are added to the seat they go to
      (:meth:`GameState.blind_seat`, rules.md D-3, I-28).
    * ``blind_to`` — that seat (None before the last frame, in a picked
      hand, or where the blind goes to nobody, ``leasterBlind=none``).
    * ``picker_points`` / ``defender_points`` — per side from tricks taken (the
      bury is added on the last frame); None in a leaster.
    * ``picker``, ``partner`` (None until revealed, or alone), ``called``,
      ``under``, ``alone``, ``leaster``, ``multiplier`` (stake × 2 per mark).
    * ``blind`` and ``bury`` — revealed on the last frame only (None before).
    * ``settlement`` — on the last frame of a finished hand.
    * ``claim`` — on the frame of a claim (notation.md §3): ``(seat, after,
      cards, points)``: the seat that claimed, the tricks played before it,
      the cards the claim gave that seat's side where the deal is known (else
      None) and the card points they carry (None when not known); None on
      every other frame.
    * ``revealed`` — the trick (1-based) in which the partner became known by a
      card played (the called ace or ten, the J♦, the second partner card:
      ``GameState.partner_revealed``, rules.md B-9, C-1, F-1) once that card is
      on the table, else None: unlike ``partner`` it stays None on the last
      frame when no card made the partner known (a claim before the called
      ace fell).  :func:`partner_known_at` reads it.
    * ``table`` — two-handed ``wi2`` (rules.md F-1): per seat its stacks as
      ``(top, under, hidden)``: the face-up card still on the table (None once
      played), the card under it (None once played) and whether that card is
      still face down; ``hands`` then holds the hand cards only.  None at
      other tables.
    """

    step: int
    trick: int
    card: tuple[int, Card] | None
    hands: tuple[tuple[Card, ...] | None, ...]
    trick_cards: tuple[tuple[int, Card], ...]
    winning: int | None
    trick_done: bool
    leader: int
    seat_points: tuple[int, ...]
    seat_tricks: tuple[int, ...]
    picker_points: int | None
    defender_points: int | None
    picker: int | None
    partner: int | None
    called: Card | None
    under: Card | None
    alone: bool
    leaster: bool
    multiplier: int
    done: bool
    blind: tuple[Card, ...] | None
    bury: tuple[Card, ...] | None
    settlement: Settlement | None
    table: tuple[tuple[tuple[Card | None, Card | None, bool], ...], ...] | None = None
    claim: tuple[int, int, tuple[Card, ...] | None, int | None] | None = None
    revealed: int | None = None
    blind_to: int | None = None


def snapshot(g: GameState, step: int, last: tuple[int, Card] | None) -> Frame:
    """The frame of ``g`` as it stands (see :class:`Frame`)."""
    done = g.phase == Phase.DONE
    if g.trick:
        cards = tuple(g.trick)
        trick_done = False
        winning = g.trick_winner(cards)
        leader = g.leader
        trick_no = g.trick_no + 1
    elif g.tricks and step:
        leader, cards, winning = g.tricks[-1]
        trick_done = True
        trick_no = len(g.tricks)
    else:
        cards, winning, trick_done, leader, trick_no = (), None, False, g.leader, 1
    seat_points = tuple(points_of(m) for m in g.taken)
    blind_to = None
    if done and g.leaster and g.blind:  # the blind to the seat rules.md D-3 gives it (GameState.blind_seat)
        try:
            blind_to = g.blind_seat()
        except ValueError:  # namedTrick with no trick named: the hand was refused before its end
            blind_to = None
        if blind_to is not None:
            seat_points = tuple(p + points_of(g.blind) if s == blind_to else p for s, p in enumerate(seat_points))
    shown = g.partner_revealed if (g.partner is not None and g.partner_revealed is not None
                                   and g.partner_revealed <= trick_no) else None
    revealed = g.partner if (g.partner is not None and (done or shown is not None)) else None
    if g.picker is not None and not g.leaster:
        side = {g.picker, *g.partners()}  # a second partner in 3v3 and 3v5 (rules.md F-1)
        pp = sum(seat_points[s] for s in side)
        dp = sum(seat_points[s] for s in range(g.n) if s not in side)
        if done:  # the hand's own count: the bury, and a claim's cards not in any frame (notation.md §3)
            total = g.side_points()
            if total is not None:
                pp, dp = total, points_of(g.profile.deck_mask) - total
            elif g.bury_known:
                pp += points_of(g.bury)
    else:
        pp = dp = None
    settlement = None
    if done:
        try:
            settlement = g.settlement()
        except ValueError:
            settlement = None
    hands = tuple(tuple(cards_in(h)) if g.complete else None for h in g.hands)
    table = None
    if g.table is not None and g.complete:  # two-handed: the stacks apart from the hand (rules.md F-1)
        table, held = [], []
        for s, stacks in enumerate(g.table):
            on_table = 0
            row = []
            for d, u in stacks:
                top = u if g.hands[s] >> u & 1 else None
                hidden = bool(g.down[s] >> d & 1)
                under = d if hidden or g.hands[s] >> d & 1 else None
                on_table |= (1 << u) | (1 << d)
                row.append((top, under, hidden))
            table.append(tuple(row))
            held.append(tuple(cards_in(g.hands[s] & ~on_table)))
        table, hands = tuple(table), tuple(held)
    claim = None
    if done and g.claimed and last is None and g.claim_seat is not None:
        known = g.complete and (g.bury_known or g.picker is None)
        cards_given = tuple(cards_in(g.claimed_cards)) if known else None
        side_pts = None
        if g.picker is not None and not g.leaster:
            total = g.side_points()
            if total is not None:
                mine = g.side_of(g.claim_seat)
                before = sum(points_of(g.taken[s] & ~g.claimed_cards) for s in range(g.n) if g.side_of(s) == mine)
                bury = points_of(g.bury) if mine and g.bury_known else 0
                side_pts = (total if mine else points_of(g.profile.deck_mask) - total) - before - bury
        elif known:
            side_pts = points_of(g.claimed_cards)
        claim = (g.claim_seat, g.claim_after, cards_given, side_pts)
    return Frame(
        step=step, trick=trick_no, card=last, hands=hands, trick_cards=cards, winning=winning,
        trick_done=trick_done, leader=leader, seat_points=seat_points, seat_tricks=tuple(g.ntaken),
        picker_points=pp, defender_points=dp, picker=g.picker, partner=revealed, called=g.called,
        under=g.under, alone=g.alone, leaster=g.leaster,
        multiplier=g.stake * mark_factor(g.n_marks, g.profile.markFactorCap), done=done,
        blind=tuple(cards_in(g.blind)) if done and g.blind else None,
        bury=tuple(cards_in(g.bury)) if done and g.bury_known else None,
        settlement=settlement, table=table, claim=claim, blind_to=blind_to, revealed=shown,
    )


def partner_known_at(frames: Sequence) -> int | None:
    """The index in ``frames`` (a replay's frames, :class:`Frame`, or the
    seat views' frames built from them) of the card that made the partner
    known: the first frame whose ``revealed`` is set (rules.md B-9: the
    called ace appears; C-1: the J♦ is played; F-1: the second partner
    card).  None when no card did (alone, a leaster, a claim before it fell,
    frames without ``revealed``).  The one answer to "where did the partner
    become known" for ``shead replay`` (everyone and ``--seat``) and the
    frames' ``partner``."""
    for i, f in enumerate(frames):
        if getattr(f, "revealed", None) is not None:
            return i
    return None


def replay(state: GameState, actions: Iterable[Action]) -> Iterator[Frame]:
    """Apply ``actions`` to ``state`` and yield a :class:`Frame` before the
    first card and after every card.  Raises
    :class:`~replay.errors.IllegalAction` at the first illegal action (frames
    already yielded stay valid; nothing after it is invented)."""
    step = 0
    started = False
    pending = False  # an action after the first card (a claim) not yet shown
    for a in actions:
        if type(a) is Play:
            if not started:
                state.start_play()
                yield snapshot(state, 0, None)
                started = True
            state.play(a.seat, a.card, a.renege)
            step += 1
            pending = False
            yield snapshot(state, step, (a.seat, a.card))
        else:
            state.apply(a)
            pending = started
    if not started or pending:
        yield snapshot(state, step, None)
