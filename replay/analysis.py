"""Where was the hand lost: every card of a played hand against best play
with all hands known (issue 16; the solver is :mod:`replay.solver`).

:func:`analyse` takes the state at the first card (a picked Sheepshead hand
or an announced Schafkopf game, deal complete) and the cards as played, and
for each card asks the solver for the value of every legal card:

* ``best`` — the card(s) that keep the most card points for the player's side
  (the picker's side maximises, the defenders minimise);
* ``cost`` — the card points the card played gave away against the best card
  (0 for a best card), always >= 0;
* ``units_cost`` — where the tier changes between the best card's line and
  the card played's (rules.md B-27..B-30: 30/31, 60/61, 90/91; G-12), the
  units the player's seat loses by it, from the engine's own settlement of the
  two lines played out with best play; 0 when the tier is the same.

The hand's result: ``dd_picker_points`` (best play from the first card) beside
``actual_picker_points``, with the outcome word and the picker's units of
each.  A line played out takes the first best card at every turn; card points
decide the line, so among lines of equal points the tier follows that one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card
from .solver import DDSolver, SolverError, copy_state

__all__ = ["CardVerdict", "HandAnalysis", "analyse", "tier_band", "SolverError"]


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """One card played, judged.  ``trick`` is 1-based; ``seat`` the player;
    ``value`` and ``best_value`` the picker side's double-dummy card points
    after the card played and after a best card; ``side`` True for a card of
    the picker's side.  ``alternatives`` maps every legal card to its value."""

    trick: int
    seat: int
    card: Card
    best: tuple[Card, ...]
    cost: int
    value: int
    best_value: int
    side: bool
    units_cost: int = 0
    alternatives: dict[Card, int] = field(default_factory=dict)


@dataclass(slots=True)
class HandAnalysis:
    """A hand judged card by card (see the module docstring).  Units are
    the picker seat's (the declarer's in Schafkopf); None when the line
    could not be settled."""

    cards: list[CardVerdict]
    dd_picker_points: int
    actual_picker_points: int | None
    dd_outcome: str | None
    actual_outcome: str | None
    dd_units: int | None
    actual_units: int | None
    picker: int
    nodes: int = 0


def tier_band(points: int) -> int:
    """The band of the picker side's card points that the tiers are read
    from: 0 (0..30), 1 (31..60), 2 (61..90), 3 (91..120) — rules.md B-27..B-30
    and G-12 put every tier boundary at 30/31, 60/61 or 90/91."""
    return 0 if points <= 30 else 1 if points <= 60 else 2 if points <= 90 else 3


def _is_sk(g) -> bool:
    return type(g).__name__ == "SchafkopfState"


def _picker(g) -> int:
    return g.declarer if _is_sk(g) else g.picker


def _final_points(g) -> int:
    return g.party_points() if _is_sk(g) else g.side_points()


def _settle(g) -> tuple[str | None, list[int] | None]:
    try:
        s = g.settlement()
    except ValueError:
        return None, None
    return s.outcome, list(s.units)


def playout(solver: DDSolver, g) -> object:
    """Play ``g`` (a copy is taken) to the end with the first best card at
    every turn; returns the finished copy."""
    h = copy_state(g)
    while not h.done:
        mv = solver.move_values(h)
        h.play(mv.seat, mv.best[0])
    return h


def analyse(start, plays: list[tuple[int, Card]], *, pure: bool = False) -> HandAnalysis:
    """Judge every card of ``plays`` ((seat, card) in play order) from
    ``start``, the state before the first card (it is not changed).

    Raises :class:`SolverError` for a hand with no picker's side or an
    unknown deal, and :class:`~replay.errors.IllegalAction` when a card of
    ``plays`` is not legal (the engine plays every card)."""
    g = copy_state(start)
    solver = DDSolver(g, pure=pure)
    picker = _picker(g)
    dd_start = solver.value(g)
    verdicts: list[CardVerdict] = []
    for seat, card in plays:
        if g.done:
            break
        mv = solver.move_values(g)
        if seat != mv.seat:
            raise SolverError(f"seat {seat} plays {card} but it is seat {mv.seat}'s turn")
        card = Card(card)
        if card not in mv.values:
            g.play(seat, card)  # the engine names the broken rule
            raise SolverError(f"{card} is not a legal card here")  # pragma: no cover - play raised
        cost = mv.cost(card)
        units_cost = 0
        if cost and tier_band(mv.values[card]) != tier_band(mv.value):
            units_cost = _units_cost(solver, g, seat, mv.best[0], card)
        verdicts.append(CardVerdict(trick=g.trick_no + 1, seat=seat, card=card, best=mv.best, cost=cost,
                                    value=mv.values[card], best_value=mv.value, side=mv.side,
                                    units_cost=units_cost, alternatives=dict(mv.values)))
        g.play(seat, card)
    actual_pts = actual_outcome = actual_units = None
    if g.done:
        actual_pts = _final_points(g)
        actual_outcome, units = _settle(g)
        actual_units = None if units is None else units[picker]
    dd_line = playout(solver, start)
    dd_outcome, dd_u = _settle(dd_line)
    return HandAnalysis(verdicts, dd_start, actual_pts, dd_outcome, actual_outcome,
                        None if dd_u is None else dd_u[picker], actual_units, picker, solver.nodes)


def _units_cost(solver: DDSolver, g, seat: int, best: Card, played: Card) -> int:
    """Units ``seat`` loses by ``played`` against ``best``: each line played
    out with best play and settled by the engine."""
    out = []
    for c in (best, played):
        h = copy_state(g)
        h.play(seat, c)
        end = playout(solver, h) if not h.done else h
        _, units = _settle(end)
        if units is None:
            return 0
        out.append(units[seat])
    return out[0] - out[1]
