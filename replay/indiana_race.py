"""The Indiana race to 24 over a session (rules.md F-5; docs/profiles.md
"Indiana four-handed (F-5)", "The race over a session").

F-5: each hand's race points are added to each player's race score; the game
is played to 24, and "winning a best ends the game".  :func:`race` walks a
session's Indiana hands in hand order and returns, per hand, each player's
running race score and whether the hand ended a game, and per game its
final scores and winners.

The rules implemented, with the choices made where F-5 is silent (the same
text is in docs/profiles.md):

* A game ends on the **first hand** after which some player's race score is
  24 or more (``RACE_TARGET``), or on a hand whose declarer won a ``best``
  (``ends_game``: the won best gives the declarer 24, so both readings meet).
* **Winners**: the declarer of a won best; otherwise the player(s) with the
  highest race score among those at 24 or more.  Players level at that
  score share the win (an ace call's winning pair gains the same points, so
  two partners on 22 who win a plain +2 both reach 24 together).
* **The hands after the end start a new game**, every race score back at 0.
  F-5 describes one game ("play to 24") and says nothing of what follows;
  a table that reaches 24 plays on with a new game, and refusing the later
  hands would lose them, so they are not an error.
* A game still under way when the session's hands end is **open**
  (``finished`` False, no winners).
* **Gaps**: when the stored hand numbers of a session skip a number (a hand
  refused, or not recorded), the race cannot be known past it: the game
  holding the gap is marked ``gap`` (its scores are those of the stored
  hands only), and ``gaps`` on each :class:`RaceGame` lists the missing
  numbers.

Units: race points (never negative, not zero-sum; never the ledger's units).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .indiana import RACE_TARGET

__all__ = ["RaceHand", "RaceRow", "RaceGame", "race"]


@dataclass(frozen=True, slots=True)
class RaceHand:
    """One stored Indiana hand: ``hand`` its number in the session,
    ``gains`` player -> race points gained (≥ 0), ``best_won_by`` the
    declarer of a won best (None otherwise)."""

    hand: int
    gains: Mapping[str, int]
    best_won_by: str | None = None


@dataclass(frozen=True, slots=True)
class RaceRow:
    """A hand of the race: ``game`` its game number (1, 2, ...), ``scores``
    every player's race score after it (players seen so far in the game),
    ``ends`` True when it ended the game, ``winners`` the game's winners
    when it did (else empty)."""

    hand: int
    game: int
    scores: dict[str, int]
    ends: bool
    winners: tuple[str, ...] = ()


@dataclass(slots=True)
class RaceGame:
    """One game of the race: ``game`` its number, ``first_hand`` and
    ``last_hand`` (hand numbers), ``hands`` how many stored hands,
    ``scores`` the race scores at its end (or now, while open), ``winners``
    (empty while open), ``finished``, ``how`` ``"24"`` or ``"best"`` (None
    while open), ``gaps`` the hand numbers missing inside it."""

    game: int
    first_hand: int
    last_hand: int
    hands: int = 0
    scores: dict[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    finished: bool = False
    how: str | None = None
    gaps: list[int] = field(default_factory=list)


def race(hands: Iterable[RaceHand], target: int = RACE_TARGET) -> tuple[list[RaceRow], list[RaceGame]]:
    """Walk one session's Indiana hands (any order; sorted by ``hand``) and
    return ``(rows, games)``: one :class:`RaceRow` per hand and one
    :class:`RaceGame` per game, the rules of the module docstring.  Raises
    ``ValueError`` for a hand number given twice or a negative gain (race
    points are only gained, F-5)."""
    ordered = sorted(hands, key=lambda h: h.hand)
    rows: list[RaceRow] = []
    games: list[RaceGame] = []
    cur: RaceGame | None = None
    prev: int | None = None
    for h in ordered:
        if prev is not None and h.hand == prev:
            raise ValueError(f"hand {h.hand} is given twice")
        if any(v < 0 for v in h.gains.values()):
            raise ValueError(f"hand {h.hand}: race points are gained, never lost (rules.md F-5): {dict(h.gains)}")
        if cur is None:
            cur = RaceGame(game=len(games) + 1, first_hand=h.hand, last_hand=h.hand)
            games.append(cur)
            if prev is not None and h.hand > prev + 1:  # the hands missing before a new game: that game's gap
                cur.gaps.extend(range(prev + 1, h.hand))
        elif prev is not None and h.hand > prev + 1:
            cur.gaps.extend(range(prev + 1, h.hand))
        prev = h.hand
        for p, v in h.gains.items():
            cur.scores[p] = cur.scores.get(p, 0) + v
        cur.hands += 1
        cur.last_hand = h.hand
        reached = {p: s for p, s in cur.scores.items() if s >= target}
        if h.best_won_by is not None or reached:
            if h.best_won_by is not None:
                winners, how = (h.best_won_by,), "best"
            else:
                top = max(reached.values())
                winners, how = tuple(sorted(p for p, s in reached.items() if s == top)), "24"
            cur.winners, cur.finished, cur.how = winners, True, how
            rows.append(RaceRow(h.hand, cur.game, dict(cur.scores), True, winners))
            cur = None
        else:
            rows.append(RaceRow(h.hand, cur.game, dict(cur.scores), False))
    return rows, games
