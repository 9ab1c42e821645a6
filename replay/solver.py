"""A double-dummy (perfect-information) solver for picked Sheepshead hands and
announced Schafkopf games (issue 16).

Every hand is open: each seat sees every other seat's cards and knows the
partner (the called-ace holder, the J♦ holder, the Sau holder) from the first
card.  From any position in the play the solver finds the card points the
picker's side (Schafkopf: the declaring party) *secures* with best play by
both sides: the side maximises, the defenders minimise.  Card points are
0..120 and include what the side has already taken and the bury (rules.md
A-5, A-6, B-24; G-12).

One statement of the rules.  The solver plays no rule of its own:

* legal cards come from the state's own ``legal_mask`` wherever a duty of the
  call may be in force (the called ace, the hold card and the unknown card,
  rules.md B-11, B-20, B-21; the Rufsau, G-11) — the solver keeps a scratch
  copy of the state whose ``hands`` and ``trick`` are its own lists — and
  elsewhere from the trump order's table (follow the led effective suit, else
  any card: :meth:`replay.cards.TrumpOrder.follow_mask`'s rule, which is what
  ``legal_mask`` reduces to once no duty is in force);
* a finished trick's winner is the state's ``trick_winner`` (the unknown card,
  ``calledTenBeatsAce``) or the trump order's :meth:`TrumpOrder.trick_winner`;
* the called suit's first lead is recorded exactly as the state records it.

Search (:mod:`replay.dd_core`; compiled by mypyc when built, else the same
source as pure Python): MTD(f) — null-window alpha-beta searches on card
points that close in on the value — with a transposition table of (lower,
upper) bounds at every trick start.  Exact reductions only:

* **relative ranks** — the table's key is the leader, whether the called suit
  was led, and per effective suit the cards still in play strongest first as
  (owner, card points).  Two positions with the same key play alike card for
  card: the same follow-suit duties, the same trick winners (only the order
  within an effective suit and trump over fail decide a trick), the same
  points, and the called card is the one card of its suit with its points.
  Where a card's identity matters beyond that (the unknown card, a called ten
  that beats its ace, two-handed table cards) the key is every seat's cards;

* **equivalent cards** — two cards of one seat are one move when they are of
  the same effective suit, have the same card points, and no card still in
  play (in a hand, face down on the table or in the current trick) ranks
  between them.  Swapping them maps every continuation of one onto a
  continuation of the other with the same tricks and the same points, so
  their values are equal.  Not applied to a card whose play changes anything
  else (a two-handed table card with a card under it), to the called card or
  the unknown card, nor at a position where a duty of the call is in force;
* **the last trick** is played out directly (every seat has one card);
* **bounds** — the side can win at most the points still in play, at least 0.

Shapes: seats are 0..n-1; cards are :class:`~replay.cards.Card` indices;
values are card points (int).  :class:`SolverError` names a position the
solver cannot take (a leaster, a Ramsch, an unknown deal or bury).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from .cards import POINTS, Card, cards_in, points_of

__all__ = ["SolverError", "DDSolver", "MoveValues", "solve", "move_values"]



class SolverError(ValueError):
    """The position has no picker's side to solve for, or is not fully known."""


@dataclass(frozen=True, slots=True)
class MoveValues:
    """The double-dummy values of every legal card of the seat to play.

    * ``seat`` — the seat to play; ``side`` — True when it is on the picker's
      side (declaring party), which maximises the side's card points.
    * ``values`` — card -> the side's card points (0..120, taken and bury
      included) with best play after that card.
    * ``best`` — the cards that reach the best value for ``seat``'s side.
    * ``value`` — that best value: the position's double-dummy result.
    """

    seat: int
    side: bool
    values: dict[Card, int]
    best: tuple[Card, ...]
    value: int

    def cost(self, card: Card) -> int:
        """Card points ``card`` gives away against the best card (0 for a best card)."""
        v = self.values[card]
        return self.value - v if self.side else v - self.value


def _is_sk(state) -> bool:
    return type(state).__name__ == "SchafkopfState"


class DDSolver:
    """A double-dummy solver bound to one deal.

    Construct with a :class:`~replay.state.GameState` (a picked hand: a
    picker, or a partner-card head, with the deal and the bury known) or a
    :class:`~replay.schafkopf.SchafkopfState` (an announced game), at any
    point of the play.  The transposition table is kept between calls, so
    :meth:`move_values` on successive positions of one hand reuses the work.
    ``pure=True`` uses the pure-Python core even when the compiled one is
    built (the two give the same answers).

    Raises :class:`SolverError` for a leaster or other no-pick game, a
    Ramsch, a hand whose deal is not complete, or an unknown bury.
    """

    def __init__(self, state, *, pure: bool = False):
        self.sk = _is_sk(state)
        g = state
        self._check_play(g)
        if self.sk:
            if g.declarer is None:
                raise SolverError("a Ramsch (or a game not announced) has no declaring party to solve for")
            order = g.order
            side = [g.in_party(s) for s in range(4)]
            np_ = 4
            next_of = [(s + 1) % 4 for s in range(4)]
            under = -1
            track_called = g._cs >= 0
            duties = g.called is not None
            special_winner = False
            ten_up = False
            self.base_cards = 0
        else:
            if g.picker is None or g.leaster:
                raise SolverError("a hand nobody picked (a leaster, a doubler or another no-pick game) has no "
                                  "picker's side to solve for")
            if not g.complete:
                raise SolverError("the deal is not fully known (no deal lines): nothing to solve")
            if not g.bury_known:
                raise SolverError("the bury is not known, so the picker's hand is not known")
            if g.profile.deck == 34:  # issue 18: the core's tables are 32 cards wide
                raise SolverError("the 34-card deck (6♣ 6♠) is not solved: the double-dummy core knows 32 cards")
            if g._ft_mask and (g.first_two is None or len(g.first_two) < 2):  # issue 18 (rules.md F-1)
                raise SolverError("in a first-two game the sides are made by the play (the second card of the rank "
                                  "played names the partner): nothing to solve before it is played")
            order = g._order
            side = [g.side_of(s) for s in range(g.n)]
            np_ = g.np
            next_of = [g.next_seat(s) for s in range(g.n)]
            under = -1 if g.under is None else int(g.under)
            track_called = not g.alone
            duties = (g._special and not g.alone) or g.under is not None
            special_winner = g.under is not None or g._ten_up
            ten_up = g._ten_up
            self.base_cards = g.bury
        self.n = n = len(side)
        self.side = side
        self.order = order
        suit_of = list(order.suit_of)
        ranked = [sorted(cards_in(order.suit_masks[s]), key=lambda c: -order.strength[c]) for s in range(5)]
        ranked = [[int(c) for c in r] for r in ranked]
        reveal = {} if self.sk else {int(u): int(d) for u, d in (g._under or {}).items()}
        excl = 0
        for u in reveal:
            excl |= 1 << u
        if g.called is not None:
            excl |= 1 << g.called
        if under >= 0:
            excl |= 1 << under
        if not self.sk and g.profile.tenCallPickerPlaysAce and g.called is not None and g.called.rank == 1:
            excl |= 1 << (g.called.suit * 8)  # the ace the picker owes in a ten call (issue 18)
        raw_key = bool(reveal) or under >= 0 or ten_up
        owner = [0] * 32
        for s in range(n):
            for c in cards_in(g.hands[s] | (0 if self.sk else g.down[s]) | g.taken[s]):
                owner[c] = s
        for s, c in g.trick:
            owner[c] = s
        pclass = {0: 0, 2: 1, 3: 2, 4: 3, 10: 4, 11: 5}
        code = [1 + owner[c] * 6 + pclass[POINTS[c]] for c in range(32)]
        # the scratch state that answers legal_mask where a duty may be in force
        self.scratch = sc = copy_state(g)

        def legal_cb(seat: int, trick_no: int, called_trick: int) -> int:
            sc.trick_no = trick_no
            sc.called_trick = None if called_trick < 0 else called_trick
            return sc.legal_mask(seat)

        if special_winner:
            winner_cb = sc.trick_winner
        else:
            tw = order.trick_winner

            def winner_cb(trick) -> int:
                return tw(trick, suit_of[trick[0][1]])

        core_cls = _pure_core() if pure else _core()
        self.core = core_cls(side, np_, next_of, suit_of, list(order.suit_masks), list(order.strength), ranked,
                             reveal, excl, g._cs, under, track_called, duties, raw_key, code, legal_cb, winner_cb)
        self._load(g)

    @property
    def nodes(self) -> int:
        """Search nodes visited so far."""
        return self.core.nodes

    @property
    def compiled(self) -> bool:
        """True when the search core is the mypyc-compiled module."""
        return _is_compiled(type(self.core))

    # ------------------------------------------------------------------ state
    def _load(self, g) -> None:
        """Take the dynamic part of position ``g`` (same deal)."""
        hands = list(g.hands)
        trick = [(s, int(c)) for s, c in g.trick]
        down = [0] * self.n if self.sk else list(g.down)
        ct = -1 if g.called_trick is None else g.called_trick
        self.core.load(hands, down, trick, g.trick_no, ct, g.to_act, g.leader)
        self.scratch.hands = hands
        self.scratch.trick = trick
        taken = 0
        for s in range(self.n):
            if self.side[s]:
                taken += points_of(g.taken[s])
        self.taken_points = taken + points_of(self.base_cards)

    def _check_play(self, g) -> None:
        if self.sk:
            from .schafkopf import SkPhase
            if g.phase != SkPhase.PLAY:
                raise SolverError("the game is not in its play (not announced, or over)")
        else:
            from .state import Phase
            if g.phase == Phase.DONE:
                raise SolverError("the hand is over")
            if g.phase != Phase.PLAY:
                g.start_play()

    # ------------------------------------------------------------------ public
    def value(self, state) -> int:
        """The picker side's card points (0..120, taken and bury included)
        with best play by both sides from ``state`` (same deal as the
        solver's).  Raises :class:`SolverError` when the hand is over."""
        self._check_play(state)
        self._load(state)
        return self.taken_points + self.core.exact()

    def move_values(self, state) -> MoveValues:
        """The value of every legal card of the seat to play in ``state``
        (see :class:`MoveValues`).  Raises :class:`SolverError` when the
        hand is over."""
        self._check_play(state)
        self._load(state)
        core = self.core
        seat = core.to_act
        legal = core.legal(seat)
        values: dict[Card, int] = {}
        for cl in core.classes(legal, core.duty_now()):
            r = core.play(seat, cl[0])
            v = self.taken_points + r[0] + core.exact()
            core.undo(r[1], r[2], r[3], r[4], r[5], r[6])
            for c in cl:
                values[Card(c)] = v
        side = self.side[seat]
        best_v = max(values.values()) if side else min(values.values())
        best = tuple(c for c in sorted(values) if values[c] == best_v)
        return MoveValues(seat, side, values, best, best_v)


def _is_compiled(cls) -> bool:
    mod = sys.modules.get(cls.__module__)
    return not str(getattr(mod, "__file__", "") or "").endswith(".py")


def _core():
    """The search core: the compiled module when it is built and not
    switched off by ``SHEAD_DD_PURE=1``, else the pure-Python source."""
    if os.environ.get("SHEAD_DD_PURE") == "1":
        return _pure_core()
    from .dd_core import Core

    return Core


_PURE = None


def _pure_core():
    """The pure-Python core, loaded from ``dd_core.py`` itself even when a
    compiled ``dd_core`` shadows it."""
    global _PURE
    if _PURE is None:
        from . import dd_core

        if not _is_compiled(dd_core.Core):
            _PURE = dd_core.Core
        else:
            path = Path(__file__).with_name("dd_core.py")
            spec = importlib.util.spec_from_file_location("replay._dd_core_pure", path)
            mod = importlib.util.module_from_spec(spec)
            sys.modules["replay._dd_core_pure"] = mod
            spec.loader.exec_module(mod)
            _PURE = mod.Core
    return _PURE


def copy_state(g):
    """A copy of ``g`` (GameState or SchafkopfState) whose lists are its own."""
    cls = type(g)
    new = cls.__new__(cls)
    for name in cls.__slots__:
        try:
            v = getattr(g, name)
        except AttributeError:
            continue
        setattr(new, name, list(v) if isinstance(v, list) else v)
    return new


def solve(state) -> int:
    """The picker side's double-dummy card points from ``state`` (see
    :meth:`DDSolver.value`)."""
    return DDSolver(state).value(state)


def move_values(state) -> MoveValues:
    """Every legal card's double-dummy value at ``state`` (see :meth:`DDSolver.move_values`)."""
    return DDSolver(state).move_values(state)
