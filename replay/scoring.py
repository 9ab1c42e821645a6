"""Results and settlement: card points and tricks in, units out.

Everything here is a pure function of numbers, so score-sheet hands (no card
log) and replayed hands are scored by the same code.

* :func:`picked_result` — the outcome and tier of a picked hand from the
  picker side's card points and tricks (rules.md B-24..B-30).
* :func:`settle_picked` — units per seat for a picked hand (B-31..B-35, E-1).
* :func:`leaster_winner` and :func:`settle_leaster` — the leaster (D-2..D-9).
* :func:`settle_void` — a doubler or a misdeal: nobody pays.

Units are integers per seat (+ receives); every :class:`Settlement` sums to
zero (B-35), which :class:`Settlement` checks on construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from .profile import RuleProfile

__all__ = [
    "Settlement",
    "ZeroSumError",
    "picked_result",
    "outcome_tier",
    "settle_picked",
    "leaster_winner",
    "settle_leaster",
    "settle_void",
    "OUTCOME_TIER",
]

#: outcome word -> (picker side won, tier multiplier) (rules.md B-28, B-29).
OUTCOME_TIER: dict[str, tuple[bool, int]] = {
    "win": (True, 1),
    "win-s": (True, 2),
    "win-z": (True, 3),
    "lose": (False, 1),
    "lose-s": (False, 2),
    "lose-z": (False, 3),
}

_TIER_NAME = {1: "plain", 2: "schneider", 3: "no-tricker"}


class ZeroSumError(ValueError):
    """A settlement does not sum to zero: a bug, never a user error."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """The units of one hand and how they were computed.

    * ``units`` — one integer per seat, clockwise; sums to zero.
    * ``outcome`` — ``win``/``win-s``/``win-z``/``lose``/``lose-s``/``lose-z``,
      ``leaster``, ``doubler`` or ``misdeal``.
    * ``tier`` — 1, 2 or 3 for a picked hand (3 in a leaster sweep paid
      triple), else None.
    * ``multiplier`` — doubler stake × 2 per mark (design.md 5: not the tier,
      not double on the bump).
    * ``per_defender`` — what each defender pays or receives (absolute), or
      what each loser pays the leaster winner.
    * ``factors`` — the named factors of ``per_defender``:
      ``(("tier: schneider", 2), ("crack", 2), ("double on the bump", 2))``.
    * ``shares`` — per seat, the number of ``per_defender`` amounts it gets
      (signed by side; ``units[i] == shares[i] * per_defender * sign``).
    * ``summary`` — who won and how the shares split, in words.
    * ``text`` — the whole breakdown in words, for people (built on demand).
    """

    units: tuple[int, ...]
    outcome: str
    tier: int | None
    multiplier: int
    per_defender: int
    factors: tuple[tuple[str, int], ...]
    shares: tuple[int, ...]
    summary: str

    def __post_init__(self) -> None:
        if sum(self.units) != 0:
            raise ZeroSumError(f"settlement {self.units} sums to {sum(self.units)}, not 0 (rules.md B-35)")

    @property
    def text(self) -> str:
        if not self.factors and not self.per_defender:
            return self.summary
        head = " × ".join(f"{n} {v}" for n, v in self.factors)
        per = f"{head} = {self.per_defender}" if head else str(self.per_defender)
        each = "from each other seat" if self.outcome == "leaster" else "per defender"
        return f"{per} {each}; {self.summary}: " + ", ".join(f"seat {i} {u:+d}" for i, u in enumerate(self.units))


def picked_result(profile: RuleProfile, side_points: int, side_tricks: int, n_tricks: int) -> str:
    """The outcome word of a picked hand (rules.md B-27..B-30).

    ``side_points`` are the picker side's card points, bury included (0..120);
    ``side_tricks`` the tricks the picker side won (0..n_tricks).  No-tricker is
    decided by tricks before points (B-29, B-30).  The schneider line is 91
    (``schneiderSymmetric90``: 90); the picker side escapes at 31.
    """
    if side_tricks >= n_tricks:
        return "win-z"
    if side_tricks == 0:
        return "lose-z"
    if side_points >= (90 if profile.schneiderSymmetric90 else 91):
        return "win-s"
    if side_points >= 61:
        return "win"
    if side_points >= 31:
        return "lose"
    return "lose-s"


def outcome_tier(outcome: str) -> tuple[bool, int]:
    """(picker side won, tier) of an outcome word.  Raises ``KeyError`` for a
    word that is not a picked-hand outcome."""
    return OUTCOME_TIER[outcome]


def _marks_factors(stake: int, marks: dict[str, int] | int) -> tuple[list[tuple[str, int]], int]:
    factors: list[tuple[str, int]] = []
    mult = 1
    if stake == 1 and not marks:
        return factors, 1
    if stake != 1:
        factors.append(("stake from doublers", stake))
        mult *= stake
    items = marks.items() if isinstance(marks, dict) else (("marks", marks),)
    if isinstance(marks, dict) and not any(marks.values()) and stake == 1:
        return factors, 1
    for name, count in items:
        if count:
            factors.append((name if count == 1 else f"{name} ×{count}", 2 ** count))
            mult *= 2 ** count
    return factors, mult


def settle_picked(
    profile: RuleProfile,
    players: int,
    picker: int,
    partner: int | None | tuple[int, ...],
    outcome: str,
    *,
    stake: int = 1,
    marks: dict[str, int] | int = 0,
    out: int | None = None,
) -> Settlement:
    """Units for a picked hand (rules.md B-31..B-35, E-1; F-4 for the share
    split).

    ``players`` is the number of seats; ``out`` the seat that sits out the
    hand (the dealer at a six-seat table playing five-handed, rules.md F-1),
    which settles 0.  Each defender pays or receives ``tier × M``; each
    partner gets one share and the picker the remainder ``(D − P)`` shares
    for P partners (F-4: 2/1 at five, 1/1 at 2v2, 3/1 at 2v4, 1/1/1 at 3v3,
    3/1/1 at 3v5); alone, the picker gets ``D`` shares (B-31; F-2
    three-handed 2/4/6, F-3 cutthroat 3/6/9).

    ``partner`` is None when the picker played alone, a seat, or a tuple of
    seats when the side has more than one partner.  ``stake`` is the
    multiplier from earlier doublers (D-11, D-12); ``marks`` the number of
    cracks, re-cracks and blitzes (each ×2), as a count or as ``{"crack": 1,
    "blitz": 1}`` for a named breakdown.  Double on the bump doubles a loss
    (B-32); ``partnerOffHookNoTrick`` lets the partner off a no-tricker loss
    (B-34).  Raises ``KeyError`` for an outcome that is not a picked-hand word.
    """
    won, tier = OUTCOME_TIER[outcome]
    factors, mult = _marks_factors(stake, marks)
    factors.insert(0, (f"tier: {_TIER_NAME[tier]}", tier))
    per = tier * mult
    if not won and profile.doubleOnBump:
        factors.append(("double on the bump", 2))
        per *= 2
    partners = () if partner is None else (partner,) if isinstance(partner, int) else tuple(partner)
    defenders = [s for s in range(players) if s != picker and s not in partners and s != out]
    d = len(defenders)
    shares = [0] * players
    sign = 1 if won else -1
    off_hook = bool(partners) and not won and tier == 3 and profile.partnerOffHookNoTrick
    for s in defenders:
        shares[s] = -sign
    if not partners or off_hook:
        shares[picker] = sign * d
    else:
        for s in partners:
            shares[s] = sign
        shares[picker] = sign * (d - len(partners))
    units = tuple(x * per for x in shares)
    who = ("alone" if not partners else "partners off the hook" if off_hook and len(partners) > 1 else
           "partner off the hook" if off_hook else "with partners" if len(partners) > 1 else "with partner")
    summary = f"{'picker wins' if won else 'picker loses'} ({who})"
    return Settlement(units, outcome, tier, mult, per, tuple(factors), tuple(shares), summary)


def leaster_winner(profile: RuleProfile, points: list[int], tricks: list[int], out: int | None = None) -> list[int]:
    """The seats tied for the leaster win (one seat: a clear winner); ``out``
    (the seat sitting out, rules.md F-1) is never among them.

    ``points`` are each seat's card points, the blind already added where the
    profile gives it (D-3); ``tricks`` each seat's tricks.  With
    ``leasterMustTakeTrick`` only seats with a trick are eligible (D-4, D-5,
    I-27).
    """
    seats = [s for s in range(len(points)) if s != out and (tricks[s] > 0 or not profile.leasterMustTakeTrick)]
    low = min(points[s] for s in seats)
    return [s for s in seats if points[s] == low]


def settle_leaster(
    profile: RuleProfile,
    players: int,
    winner: int | None,
    *,
    sweep: bool = False,
    stake: int = 1,
    marks: dict[str, int] | int = 0,
    out: int | None = None,
) -> Settlement:
    """Units for a leaster (rules.md D-4..D-6, D-9).  ``out`` is the seat
    sitting out (rules.md F-1): it settles 0 and the winner is paid by the
    other playing seats.

    ``winner`` None is a tie: a wash (``leasterTie=wash``).  The winner gets one
    unit × multipliers from every other seat (+4 / −1 each at five);
    ``sweep`` (the winner took every trick, or won with a zero-point trick) pays
    ×3 under ``leasterSweepPaysTriple``.  No double on the bump (D-9).
    """
    factors, mult = _marks_factors(stake, marks)
    if winner is None:
        return Settlement((0,) * players, "leaster", None, mult, 0, tuple(factors), (0,) * players,
                          "leaster tied: a wash, nobody pays (rules.md D-6)")
    tier = 3 if (sweep and profile.leasterSweepPaysTriple) else 1
    if tier == 3:
        factors.insert(0, ("sweep paid triple", 3))
    per = tier * mult
    playing = players - (out is not None)
    shares = tuple((playing - 1) if s == winner else 0 if s == out else -1 for s in range(players))
    units = tuple(x * per for x in shares)
    return Settlement(units, "leaster", tier if tier == 3 else None, mult, per, tuple(factors), shares,
                      f"leaster won by seat {winner}")


def settle_void(players: int, outcome: str) -> Settlement:
    """A doubler (D-11) or misdeal (B-4): nobody pays; ``multiplier`` 1."""
    why = "thrown in for a doubler: the next hand is worth double" if outcome == "doubler" else "misdeal: redealt"
    return Settlement((0,) * players, outcome, None, 1, 0, (), (0,) * players, why)
