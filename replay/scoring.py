"""Results and settlement: card points and tricks in, units out.

Everything here is a pure function of numbers, so score-sheet hands (no card
log) and replayed hands are scored by the same code.

* :func:`picked_result` — the outcome and tier of a picked hand from the
  picker side's card points and tricks (rules.md B-24..B-30).
* :func:`settle_picked` — units per seat for a picked hand (B-31..B-35, E-1).
* :func:`leaster_winner` and :func:`settle_leaster` — the leaster (D-2..D-9).
* :func:`settle_void` — a doubler or a misdeal: nobody pays.
* The other no-pick games (rules.md D-13..D-19): :func:`moster_seat`,
  :func:`mittler_winner`, :func:`schneidster_winner`, :func:`schwanzer_loser`
  find the seat a game turns on; :func:`settle_nopick` pays it; :func:`with_pot`
  adds the pot (D-19) as an extra seat.

Units are integers per seat (+ receives); every :class:`Settlement` sums to
zero (B-35), which :class:`Settlement` checks on construction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import TRUMP, Rank, TrumpOrder, cards_in
from .profile import RuleProfile

__all__ = [
    "Settlement",
    "ZeroSumError",
    "picked_result",
    "outcome_tier",
    "settle_picked",
    "leaster_winner",
    "settle_leaster",
    "leaster_pays_triple",
    "settle_void",
    "renege_settlement",
    "renege_words",
    "renege_outcome_words",
    "renege_case",
    "renege_legend",
    "RENEGE_PENALTY",
    "OUTCOME_TIER",
    "schneider_lines",
    "NOPICK_GAMES",
    "PLAYED_NOPICK",
    "moster_seat",
    "mittler_winner",
    "schneidster_winner",
    "schwanzer_value",
    "schwanzer_loser",
    "settle_nopick",
    "pot_share",
    "with_pot",
]

#: Outcome words of the games played when nobody picks (rules.md D), the
#: leaster first; ``PLAYED_NOPICK`` are those played out in tricks.
NOPICK_GAMES = ("leaster", "moster", "mittler", "schneidster", "schwanzer")
PLAYED_NOPICK = ("leaster", "moster", "mittler", "schneidster")

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
      ``leaster``, ``moster``, ``mittler``, ``schneidster``, ``schwanzer``
      (rules.md D), ``doubler``, ``misdeal``, ``misplay`` (a picked hand
      settled by ``renegePenalty=offenderPaysEach``, B-23: money moved, no
      result) or ``unknown`` (a picked hand whose agreed ``^`` score fits no
      result: the units are the table's, the result is not known).
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
    * ``pot`` — the pot's units in this hand (rules.md D-19, ``pot=on``): the
      pot is an extra seat after the players, so ``sum(units) + pot == 0``;
      + when units go into the pot, − when a picker side takes it.  0 without
      the pot.
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
    pot: int = 0

    def __post_init__(self) -> None:
        if sum(self.units) + self.pot != 0:
            raise ZeroSumError(f"settlement {self.units} (pot {self.pot:+d}) sums to {sum(self.units) + self.pot}, "
                               "not 0 (rules.md B-35, D-19)")

    @property
    def text(self) -> str:
        if not self.factors and not self.per_defender:
            return self.summary
        head = " × ".join(f"{n} {v}" for n, v in self.factors)
        per = f"{head} = {self.per_defender}" if head else str(self.per_defender)
        each = ("from each other seat" if self.outcome in NOPICK_GAMES else
                "a payment" if self.outcome == "ramsch" else "per defender")
        pot = f", pot {self.pot:+d}" if self.pot else ""
        return (f"{per} {each}; {self.summary}: " + ", ".join(f"seat {i} {u:+d}" for i, u in enumerate(self.units))
                + pot)


def picked_result(profile: RuleProfile, side_points: int, side_tricks: int, n_tricks: int) -> str:
    """The outcome word of a picked hand (rules.md B-27..B-30).

    ``side_points`` are the picker side's card points, bury included (0..120);
    ``side_tricks`` the tricks the picker side won (0..n_tricks).  No-tricker is
    decided by tricks before points (B-29, B-30).  The schneider line is 91
    (``schneiderSymmetric90``: 90); the picker side escapes at 31.

    Two-handed (``wi2``) reads the schneider lines from the winner's side
    (:func:`schneider_lines`); at 60–60 the head loses (B-27).
    """
    if side_tricks >= n_tricks:
        return "win-z"
    if side_tricks == 0:
        return "lose-z"
    win_s, lose_s = schneider_lines(profile)
    if side_points >= win_s:
        return "win-s"
    if side_points >= 61:
        return "win"
    if side_points > lose_s:
        return "lose"
    return "lose-s"


def schneider_lines(profile: RuleProfile) -> tuple[int, int]:
    """(the picker side's fewest card points for ``win-s``, its most for
    ``lose-s``): 91 and 30 (rules.md B-28), 90 and 30 under
    ``schneiderSymmetric90``.  Two-handed (``wi2``, F-1 "most CP wins",
    docs/profiles.md) the line is read from the winner's side, so the head is
    schneidered only when the other seat reaches the line: 91 and 29 (90 and
    30 under ``schneiderSymmetric90``)."""
    win_s = 90 if profile.schneiderSymmetric90 else 91
    return win_s, (120 - win_s if profile.two_handed else 30)


def outcome_tier(outcome: str) -> tuple[bool, int]:
    """(picker side won, tier) of an outcome word.  Raises ``KeyError`` for a
    word that is not a picked-hand outcome."""
    return OUTCOME_TIER[outcome]


def mark_factor(n_marks: int, cap: int = 0) -> int:
    """The factor ``n_marks`` marks make: 2 ** n_marks (rules.md E-1), at most
    ``cap`` when ``cap`` is not 0 (``markFactorCap``, issue 18)."""
    f = 2 ** n_marks
    return min(f, cap) if cap else f


def _marks_factors(stake: int, marks: dict[str, int] | int, cap: int = 0) -> tuple[list[tuple[str, int]], int]:
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
    total = sum(count for _, count in items)
    if cap and 2 ** total > cap:  # markFactorCap (issue 18): the marks double up to the cap, no further
        names = ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in items if count)
        factors.append((f"marks ({names}) at the cap", cap))
        return factors, mult * cap
    for name, count in items:
        if count:
            factors.append((name if count == 1 else f"{name} ×{count}", 2 ** count))
            mult *= 2 ** count
    return factors, mult


#: settle_picked's results by their arguments (a session repeats a few dozen
#: settlements; Settlement is frozen, so one object serves every equal call).
#: Keyed by the profile's id, the profile kept in the value and checked.
_PICKED: dict[tuple, tuple[RuleProfile, "Settlement"]] = {}


def settle_picked(
    profile: RuleProfile,
    players: int,
    picker: int,
    partner: int | None | tuple[int, ...],
    outcome: str,
    *,
    stake: int = 1,
    marks: dict[str, int] | int = 0,
    sheepshead: bool = False,
    forced: bool = False,
    out: int | None = None,
) -> Settlement:
    """Units for a picked hand (rules.md B-31..B-35, E-1; F-4 for the share
    split).  ``forced`` says the picker was stuck with the blind
    (``noPick=forcedPick``, D-13); with ``forcedPickNoBump`` such a picker's
    loss is not doubled on the bump.

    ``sheepshead`` is the picker's "sheepshead" call (C-9): ``outcome`` is then
    ``win-z`` (every trick) or a loss word, and each defender's amount is
    twice the no-tricker amount, 2 × 3 = 6 × marks, won or lost; the ×2 of a
    failure is the call's own, so double on the bump and the partner off the
    hook do not apply on top.

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
    mk = tuple(marks.items()) if isinstance(marks, dict) else marks
    key = (id(profile), players, picker, partner if not isinstance(partner, list) else tuple(partner), outcome,
           stake, mk, sheepshead, forced, out)
    hit = _PICKED.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1]
    st = _settle_picked(profile, players, picker, partner, outcome, stake=stake, marks=marks, sheepshead=sheepshead,
                        forced=forced, out=out)
    if len(_PICKED) >= 4096:
        _PICKED.clear()
    _PICKED[key] = (profile, st)
    return st


def _settle_picked(profile: RuleProfile, players: int, picker: int, partner, outcome: str, *, stake: int,
                   marks, sheepshead: bool, forced: bool, out: int | None) -> Settlement:
    """:func:`settle_picked` computed (not looked up)."""
    won, tier = OUTCOME_TIER[outcome]
    if sheepshead:
        tier = 3
    factors, mult = _marks_factors(stake, marks, profile.markFactorCap)
    factors.insert(0, (f"tier: {_TIER_NAME[tier]}", tier))
    per = tier * mult
    if sheepshead:
        factors.insert(1, ("sheepshead called", 2))
        per *= 2
    elif not won and profile.doubleOnBump and not (forced and profile.forcedPickNoBump):
        factors.append(("double on the bump", 2))
        per *= 2
    partners = () if partner is None else (partner,) if isinstance(partner, int) else tuple(partner)
    defenders = [s for s in range(players) if s != picker and s not in partners and s != out]
    d = len(defenders)
    shares = [0] * players
    sign = 1 if won else -1
    off_hook = bool(partners) and not won and tier == 3 and profile.partnerOffHookNoTrick and not sheepshead
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
    summary = f"{'picker wins' if won else 'picker loses'}{' the sheepshead call' if sheepshead else ''} ({who})"
    if forced:
        summary += ", forced pick" + (": no double on the bump" if profile.forcedPickNoBump and not won else "")
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


def leaster_pays_triple(profile: RuleProfile, took_all: bool, zero_points: bool, took_a_trick: bool) -> bool:
    """Whether a leaster's winner is paid at no-tricker rates, ×3 (rules.md
    D-5, I-25; ``leasterSweepPaysTriple=on``): under ``leasterTriple``
    ``sweepOrZero`` when the winner took every trick (``took_all``) or won
    with no card points (``zero_points``), ``sweep`` only the former,
    ``zeroPoints`` only a winner with no card points who took a trick
    (``took_a_trick``).  False when the flag is off.  The engine's
    settlement and the score sheet's reading both ask here."""
    if not profile.leasterSweepPaysTriple:
        return False
    return {"sweepOrZero": took_all or zero_points, "sweep": took_all,
            "zeroPoints": zero_points and took_a_trick}[profile.leasterTriple]


def settle_leaster(
    profile: RuleProfile,
    players: int,
    winner: int | None,
    *,
    sweep: bool = False,
    stake: int = 1,
    marks: dict[str, int] | int = 0,
    second: int | None = None,
    out: int | None = None,
    no_trick: bool = False,
) -> Settlement:
    """Units for a leaster (rules.md D-4..D-6, D-9).  ``out`` is the seat
    sitting out (rules.md F-1): it settles 0 and the winner is paid by the
    other playing seats.

    ``winner`` None is a tie: a wash (``leasterTie=wash``).  The winner gets one
    unit × multipliers from every other seat (+4 / −1 each at five);
    ``sweep`` (the winner took every trick, or won with a zero-point trick) pays
    ×3 under ``leasterSweepPaysTriple``.  No double on the bump (D-9).

    ``no_trick``: the winner took no trick; under ``leasterNoTrickDouble``
    (D-7, D-8's three-handed schedule, issue 18) that wins ×2 instead.

    ``second`` is the other of two tied winners under ``leasterTie=split``
    (D-6): each of the other seats pays one unit, ``winner`` takes 2 shares and
    ``second`` 1 (+2 / +1 / −1 −1 −1 at five).
    """
    if second is not None and winner is not None:
        factors, mult = _marks_factors(stake, marks, profile.markFactorCap)
        # five seats play (replay.profile refuses leasterTie=split elsewhere): the three others pay 2 + 1
        shares = tuple(2 if s == winner else 1 if s == second else 0 if s == out else -1 for s in range(players))
        return Settlement(tuple(x * mult for x in shares), "leaster", None, mult, mult, tuple(factors), shares,
                          f"leaster tied, split: seat {winner} takes 2 shares, seat {second} 1 (rules.md D-6)")
    tier = 3 if (winner is not None and sweep and profile.leasterSweepPaysTriple) else 1
    if winner is not None and no_trick and getattr(profile, "leasterNoTrickDouble", False):
        tier = 2  # D-7, D-8: the winner took no trick and wins double (issue 18), never x3
    s = settle_nopick(players, "leaster", winner, True, stake=stake, marks=marks, tier=tier, out=out,
                      cap=profile.markFactorCap)
    if winner is None:
        return replace(s, summary="leaster tied: a wash, nobody pays (rules.md D-6)")
    return s


def settle_nopick(
    players: int,
    game: str,
    seat: int | None,
    won: bool,
    *,
    stake: int = 1,
    marks: dict[str, int] | int = 0,
    tier: int = 1,
    out: int | None = None,
    cap: int = 0,
) -> Settlement:
    """Units for a no-pick game in which one seat plays against all the
    others (rules.md D-4, D-15..D-18): ``seat`` wins (``won``: +4 / −1 each at
    five) or loses (−4 / +1 each) one unit × multipliers from or to every
    other seat; ``seat`` None is a wash (a tie, nobody pays).  ``tier`` 3 is a
    leaster sweep paid triple (D-5).  ``game`` is the outcome word
    (:data:`NOPICK_GAMES`).  ``out`` is a seat that sits out (rules.md F-1):
    it settles 0.  ``cap`` is the profile's ``markFactorCap`` (0: none).
    Raises ``ValueError`` for another word."""
    if game not in NOPICK_GAMES:
        raise ValueError(f"{game!r} is not a no-pick game")
    factors, mult = _marks_factors(stake, marks, cap)
    if seat is None:
        return Settlement((0,) * players, game, None, mult, 0, tuple(factors), (0,) * players,
                          f"{game}: a wash, nobody pays (rules.md D)")
    if tier == 3:
        factors.insert(0, ("sweep paid triple", 3))
    per = tier * mult
    sign = 1 if won else -1
    playing = players - (out is not None)
    shares = tuple(sign * (playing - 1) if s == seat else 0 if s == out else -sign for s in range(players))
    units = tuple(x * per for x in shares)
    return Settlement(units, game, 3 if tier == 3 else None, mult, per, tuple(factors), shares,
                      f"{game} {'won' if won else 'lost'} by seat {seat}")


def moster_seat(points: list[int], tricks: list[int], n_tricks: int) -> tuple[int | None, bool]:
    """The seat a moster turns on, and whether it wins (rules.md D-15, I-34).

    ``points`` are each seat's card points (the blind added where the profile
    gives it), ``tricks`` each seat's tricks.  A seat that took every trick
    wins (True); otherwise the seat with the most card points loses (False);
    a tie for the most is a wash: (None, False).
    """
    for s, t in enumerate(tricks):
        if t == n_tricks:
            return s, True
    top = max(points)
    most = [s for s, p in enumerate(points) if p == top]
    return (most[0], False) if len(most) == 1 else (None, False)


def mittler_winner(points: list[int]) -> int | None:
    """The seat whose card points are the median (the third highest of five),
    or None when there is no single median: a tie at the middle, or an even
    number of players (rules.md D-16, I-35)."""
    n = len(points)
    if n % 2 == 0:
        return None
    mid = sorted(points)[n // 2]
    at = [s for s, p in enumerate(points) if p == mid]
    return at[0] if len(at) == 1 else None


def schneidster_winner(points: list[int]) -> int | None:
    """The seat closest to 30 card points without exceeding it, or None (a
    wash) when that is tied or every seat has more than 30 (rules.md D-17).
    A seat without a trick (0 card points) takes part."""
    under = [p for p in points if p <= 30]
    if not under:
        return None
    best = max(under)
    at = [s for s, p in enumerate(points) if p == best]
    return at[0] if len(at) == 1 else None


def schwanzer_value(hand: int, trumps: TrumpOrder) -> int:
    """A schwanzer hand's count (rules.md D-18): a queen 3, a jack 2, every
    other trump 1, a fail card 0.  ``hand`` is a card mask."""
    total = 0
    suit_of = trumps.suit_of
    for c in cards_in(hand):
        if suit_of[c] == TRUMP:
            total += 3 if c.rank == Rank.QUEEN else 2 if c.rank == Rank.JACK else 1
    return total


def schwanzer_loser(hands: list[int], trumps: TrumpOrder) -> int:
    """The seat that loses a schwanzer (rules.md D-18, I-36): the highest
    count; among tied seats, the one holding the highest-ranking trump.
    ``hands`` are the dealt card masks per seat (the blind is discarded).
    Every count above 0 holds a trump, so a tie is always broken."""
    values = [schwanzer_value(h, trumps) for h in hands]
    top = max(values)
    tied = [s for s, v in enumerate(values) if v == top]
    if len(tied) == 1:
        return tied[0]
    strength = trumps.strength

    def best(s: int) -> int:
        return max((strength[c] for c in cards_in(hands[s] & trumps.trump_mask)), default=-1)

    return max(tied, key=best)


def pot_share(pot: int, alone: bool) -> tuple[int, int]:
    """(picker, partner) parts of a pot of ``pot`` units (rules.md D-19): the
    partner a quarter, rounded down, the picker the rest (the encyclopedia's
    five-handed example: 3 to the picker, 1 to the partner); alone, the
    picker all of it."""
    if alone:
        return pot, 0
    return pot - pot // 4, pot // 4


def with_pot(settle: Settlement, *, pot: int, picker: int | None, partner: int | None, ante: int = 1) -> Settlement:
    """``settle`` with the pot (rules.md D-19, ``pot=on``) as the extra seat.

    ``pot`` is the pot's balance before the hand (units).  When nobody picked
    (a leaster or another no-pick game, or a doubler), every player puts
    ``ante`` unit into the pot.  A picked hand with a pot: a winning picker
    side takes it (:func:`pot_share`); a losing one pays the same amounts into
    it, which doubles it.  Returns a new :class:`Settlement` whose ``pot`` is
    the pot seat's units; the balance after the hand is ``pot + result.pot``.
    A misdeal leaves the pot alone.
    """
    units = list(settle.units)
    n = len(units)
    if settle.outcome == "misdeal":
        return settle
    if picker is None:
        for s in range(n):
            units[s] -= ante
        delta = ante * n
        what = f"each player puts {ante} into the pot"
    elif pot:
        won = settle.outcome.startswith("win")
        p_part, q_part = pot_share(pot, partner is None)
        sign = 1 if won else -1
        units[picker] += sign * p_part
        if partner is not None:
            units[partner] += sign * q_part
        delta = -sign * pot
        what = ("the picker side takes the pot" if won else "the picker side pays the pot's worth into it") + \
            f" ({p_part}" + (f" + {q_part}" if partner is not None else "") + ")"
    else:
        return settle
    return replace(settle, units=tuple(units), pot=settle.pot + delta, summary=f"{settle.summary}; {what}")


def settle_void(players: int, outcome: str) -> Settlement:
    """A doubler (D-11) or misdeal (B-4): nobody pays; ``multiplier`` 1."""
    why = "thrown in for a doubler: the next hand is worth double" if outcome == "doubler" else "misdeal: redealt"
    return Settlement((0,) * players, outcome, None, 1, 0, (), (0,) * players, why)


def renege_settlement(players: int, offender: int, outcome: str, out: int | None = None, trick: int | None = None,
                      cards: str | None = None) -> Settlement:
    """The offender pays one unit to each other seat (rules.md B-23, "misplay":
    −4 / +1 each at five), in place of the hand's result.  Flat: no tier,
    mark, doubler stake or double on the bump.  ``outcome`` is ``misplay`` in
    a picked hand (no pick statistic counts it as played), the no-pick game
    (``leaster``) in a no-pick game; ``trick`` (1..) the renege's trick and
    ``cards`` what the cards give (:func:`renege_words`)."""
    playing = players - (out is not None)
    shares = tuple(-(playing - 1) if s == offender else 0 if s == out else 1 for s in range(players))
    penalty = "offenderPaysEach" if outcome not in NOPICK_GAMES else None
    return Settlement(shares, outcome, None, 1, 1, (("renege: offender pays each", 1),),
                      tuple(-1 if s == offender else 0 if s == out else 1 for s in range(players)),
                      renege_words(f"seat {offender}", trick, penalty, outcome, cards))


#: The renege penalties' effect in words (rules.md B-23), and which outcome word a record writes under each.
RENEGE_PENALTY = {"sideLosesHand": ("the offender's side loses the hand", "the penalty's result"),
                  "offenderPaysEach": ("the offender pays 1 to each other seat in place of the hand's result",
                                       "the cards' result")}


def renege_outcome_words(offender: str, trick: int, penalty: str, expected: str) -> str:
    """Why a renege hand's outcome word is ``expected`` (rules.md B-23), for
    an ``E-OUTCOME``: ``Di reneged in trick 1, and under
    renegePenalty=sideLosesHand the offender's side loses the hand: the
    outcome word is the penalty's result, win (rules.md B-23)``; under
    ``offenderPaysEach`` the word is the cards' result (the offender pays
    each seat instead).  ``offender`` an alias, ``trick`` 1..,
    ``penalty`` the profile's ``renegePenalty``."""
    what, which = RENEGE_PENALTY[penalty]
    return (f"{offender} reneged in trick {trick}, and under renegePenalty={penalty} {what}: the outcome word is "
            f"{which}, {expected} (rules.md B-23)")


def renege_words(offender: str, trick: int | None, penalty: str | None, result: str, cards: str | None = None) -> str:
    """The one wording of a renege the table ruled on (rules.md B-23), for a
    score's breakdown (``shead replay``'s Scored line, the Replay page's "How
    it was computed").  ``offender`` is who reneged (``"seat 2"`` in engine
    text, an alias for people), ``trick`` its trick (1..) or None,
    ``penalty`` the profile's ``renegePenalty`` (None in a no-pick game: the
    offender pays each), ``result`` the hand's outcome word as settled
    (``lose``, ``misplay``, ``leaster``) and ``cards`` what the cards give:
    ``"win (67 card points, 3 tricks)"``, None in a no-pick game.  E.g.
    ``renege by seat 2 in trick 1: the offender's side loses the hand
    (renegePenalty=sideLosesHand, rules.md B-23): lose, where the cards give
    win (67 card points, 3 tricks)``."""
    at = f"renege by {offender}" + (f" in trick {trick}" if trick else "")
    if penalty is None:  # a no-pick game: no side to lose the hand
        return f"{at} in a {result}: the offender pays 1 to each other seat (rules.md B-23)"
    what = RENEGE_PENALTY[penalty][0]
    head = f"{at}: {what} (renegePenalty={penalty}, rules.md B-23)"
    if cards is None:
        return head
    if penalty == "offenderPaysEach":
        return f"{head}; the cards give {cards}"
    word = cards.split(" ", 1)[0]
    return (f"{head}: {result}, where the cards give {cards}" if word != result
            else f"{head}: {cards}, as the cards give")


#: How a renege the table ruled on settled its hand (rules.md B-23), as :func:`renege_case` reads it from the hand's
#: breakdown: the offender's side lost by the penalty where the cards give another result; lost where the cards
#: already lose it (the renege changed nothing); the offender paid each seat (offenderPaysEach); a no-pick game's.
RENEGE_CASES = ("penalty", "cards", "pays-each", "no-pick")


def renege_case(breakdown: str | None) -> str | None:
    """Which of :data:`RENEGE_CASES` a renege hand is, from its stored
    ``breakdown`` (the text :func:`renege_words` wrote into it): None when
    the breakdown does not say (no renege words in it)."""
    if not breakdown or "renege by " not in breakdown:
        return None
    if "renegePenalty=sideLosesHand" in breakdown:
        return "cards" if "as the cards give" in breakdown else "penalty"
    return "pays-each" if "renegePenalty=offenderPaysEach" in breakdown else "no-pick"


def renege_legend(word: str, cases) -> str:
    """What ``(word)`` beside a result means, for a sheet's legend (rules.md
    B-23; verify33): worded for the ``cases`` (:data:`RENEGE_CASES`, None for
    a hand whose breakdown does not say) the sheet holds, e.g. ``(renege): a
    renege the table ruled on (rules.md B-23): under
    renegePenalty=sideLosesHand the offender's side loses the hand, which the
    cards already lose: the result is the cards', the renege changed
    nothing; the Replay page and shead replay say how``."""
    said = {
        "penalty": f"under renegePenalty=sideLosesHand {RENEGE_PENALTY['sideLosesHand'][0]}: the result is the "
                   "penalty's, not the cards'",
        "cards": f"under renegePenalty=sideLosesHand {RENEGE_PENALTY['sideLosesHand'][0]}, which the cards already "
                 "lose: the result is the cards', the renege changed nothing",
        "pays-each": f"under renegePenalty=offenderPaysEach {RENEGE_PENALTY['offenderPaysEach'][0]}",
        "no-pick": "in a no-pick game the offender pays 1 to each other seat",
        None: f"{RENEGE_PENALTY['sideLosesHand'][0]}, or {RENEGE_PENALTY['offenderPaysEach'][0]}, by the profile's "
              "renegePenalty",
    }
    known = [c for c in (*RENEGE_CASES, None) if c in set(cases)] or [None]
    return (f"({word}): a renege the table ruled on (rules.md B-23): " + ", or ".join(said[c] for c in known)
            + "; the Replay page and shead replay say how")
