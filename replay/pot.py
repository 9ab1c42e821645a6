"""The pot (rules.md D-19, ``pot=on``) and its variants (issue 18).

The pot is an extra seat so that every hand still sums to zero (rules.md J).
A :class:`~replay.scoring.Settlement`'s ``pot`` is that seat's units for the
hand: + when the pot takes, − when it pays out; the balance after the hand is
the balance before it plus ``pot``.

Flags (docs/profiles.md "The pot's variants"; rules.md J names only ``pot``):

* ``potTake`` — what a winning picker side takes: ``all`` (default, D-19
  "taking the whole") or ``one`` (D-19 "a single pot"): one pot's worth, that
  is what one no-pick hand puts in (one ante per playing seat, 5 units at
  five-handed), at most the balance.
* ``potLoss`` — what a losing picker side pays in: ``double`` (default, D-19
  "pays into the pot what it would have received": under ``potTake=all`` the
  pot doubles) or ``addPot`` (the issue's "one more pot added": one pot's
  worth, one ante per playing seat, whatever the pot holds).

The picker side's amount is split picker / partners by :func:`pot_parts`.
With an empty pot a picked hand leaves it alone (nothing to take, nothing
to match, and no pot "in play" to add to).

A pot split (SHN ``potsplit``, :func:`split_pot`, :func:`settle_potsplit`) pays
the pot out in equal shares to the playing seats before the seats change
(issue 18, "a split when a player joins"); the remainder stays in the pot.
"""

from __future__ import annotations

from dataclasses import replace

from .scoring import Settlement as _Settlement
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .profile import RuleProfile
    from .scoring import Settlement

__all__ = ["pot_parts", "one_pot", "settle_pot", "split_pot", "settle_potsplit", "pot_held"]


def one_pot(profile: RuleProfile, ante: int = 1) -> int:
    """One pot's worth in units: what a no-pick hand puts in, ``ante`` from
    each playing seat (5 at five-handed, 5 at ``wi6-sit-out`` whose dealer sits
    out, 6 at the other six-handed tables)."""
    return ante * profile.playing


def pot_parts(amount: int, picker: int, partners: tuple[int, ...]) -> dict[int, int]:
    """Split ``amount`` units of the pot over the picker side (rules.md D-19).

    * alone: the picker all of it;
    * one partner: the partner a quarter rounded down, the picker the rest
      (the encyclopedia's five-handed example, 3 to the picker and 1 to the
      partner of a pot of 4; at six-handed 2v4 the same 3 : 1 as F-4's shares);
    * two partners (six-handed 3v3, ``wi6-jd-ace``): each partner a third
      rounded down, the picker the rest (F-4 gives the three equal shares).

    Returns seat -> units (positive); the values sum to ``amount``.
    """
    parts = {picker: amount}
    if not partners:
        return parts
    each = amount // 4 if len(partners) == 1 else amount // 3
    for p in partners:
        parts[p] = parts.get(p, 0) + each
        parts[picker] -= each
    return parts


def _partners(partner: int | tuple[int, ...] | None, picker: int) -> tuple[int, ...]:
    if partner is None:
        return ()
    seq = (partner,) if isinstance(partner, int) else tuple(partner)
    return tuple(dict.fromkeys(p for p in seq if p is not None and p != picker))


def settle_pot(settle: Settlement, profile: RuleProfile, *, pot: int, picker: int | None,
               partner: int | tuple[int, ...] | None, out: int | None = None, ante: int = 1) -> Settlement:
    """``settle`` with the pot as the extra seat (rules.md D-19, ``pot=on``).

    ``pot`` is the balance before the hand (units); ``picker`` None is a hand
    nobody picked (a leaster or another no-pick game, or a doubler): every
    playing seat puts ``ante`` in (``out``, the dealer sitting out at
    ``wi6-sit-out``, puts nothing, F-1).  A picked hand with a pot: a winning
    picker side takes the whole pot or one pot (``potTake``), a losing one
    pays in the pot's worth or one more pot (``potLoss``), split by
    :func:`pot_parts`.  A misdeal, or an empty pot in a picked hand, leaves
    the pot alone.  Returns a new Settlement whose ``pot`` is the pot seat's
    units; players plus pot sum to zero.
    """
    if settle.outcome == "misdeal":
        return settle
    units = list(settle.units)
    if picker is None:
        seats = [s for s in range(len(units)) if s != out]
        for s in seats:
            units[s] -= ante
        delta = ante * len(seats)
        what = f"each player puts {ante} into the pot"
    elif pot > 0:
        won = settle.outcome.startswith("win")
        one = one_pot(profile, ante)
        if won:
            amount = pot if profile.potTake == "all" else min(pot, one)
        elif profile.potLoss == "addPot":
            amount = one
        else:  # double: what the side would have received (D-19)
            amount = pot if profile.potTake == "all" else min(pot, one)
        sign = 1 if won else -1
        partners = _partners(partner, picker)
        if not won and partners and settle.shares and all(settle.shares[p] == 0 for p in partners):
            # rules.md B-34 (partnerOffHookNoTrick): the partner of a no-tricker loss "pays nothing and the picker
            # pays the whole amount", so the pot's worth too (house17 F5: the partner paid his quarter in)
            partners = ()
        parts = pot_parts(amount, picker, partners)
        for s, u in parts.items():
            units[s] += sign * u
        delta = -sign * amount
        shown = " + ".join(str(parts[s]) for s in parts)
        if won:
            what = ("the picker side takes the pot" if amount == pot else f"the picker side takes one pot of {amount}")
        elif profile.potLoss == "addPot":
            what = f"the picker side adds one more pot of {amount}"
        else:
            what = "the picker side pays the pot's worth into it"
        what += f" ({shown})"
    else:
        return settle
    return replace(settle, units=tuple(units), pot=settle.pot + delta, summary=f"{settle.summary}; {what}")


def split_pot(pot: int, seats: int) -> tuple[int, int]:
    """The equal split of a pot of ``pot`` units (>= 0) over ``seats``
    playing seats (>= 1): ``(share, remainder)`` with ``share = pot // seats``
    and ``remainder = pot % seats``, so ``share * seats + remainder == pot``
    and ``0 <= remainder < seats``.  The remainder stays in the pot (our
    choice: rules.md D-19 is silent, docs/profiles.md "The pot split").
    Raises ``ValueError`` on a negative pot or no seat."""
    if seats < 1:
        raise ValueError(f"a pot split needs at least one playing seat, not {seats}")
    if pot < 0:
        raise ValueError(f"the pot holds {pot} units; a pot is never below 0")
    return divmod(pot, seats)


def settle_potsplit(profile: RuleProfile, *, pot: int, out: int | None = None) -> Settlement:
    """A pot split (issue 18, "a split when a player joins"; rules.md D-19,
    ``pot=on``): the pot of ``pot`` units held before the hand is paid out in
    equal shares to the seats that play (``out``, the dealer who sits out at
    ``wi6-sit-out``, gets none, F-1); the remainder ``pot % seats`` stays.

    Units: each playing seat ``+share``, ``out`` 0, the pot seat
    ``-(share * seats)``; players plus pot sum to zero.  The pot after the
    hand is the remainder.  Outcome ``potsplit``, no tier, multiplier 1,
    ``per_defender`` 0 (nobody defends), ``shares`` 1 per playing seat and
    ``summary`` the working with every seat's units.  Raises
    ``ValueError`` on a negative pot."""
    n = profile.players
    playing = [s for s in range(n) if s != out]
    share, rest = split_pot(pot, len(playing))
    units = tuple(0 if s == out else share for s in range(n))
    shares = tuple(0 if s == out else 1 for s in range(n))
    paid = share * len(playing)
    summary = (f"pot split: the pot of {pot} paid out in equal shares, {share} to each of the {len(playing)} "
               f"playing seats ({share} × {len(playing)} = {paid}), {rest} stays in the pot: "
               + ", ".join(f"seat {s} {u:+d}" for s, u in enumerate(units)) + f", pot {-paid:+d}")
    return _Settlement(units, "potsplit", None, 1, 0, (), shares, summary, pot=-paid)


def pot_held(hands) -> int:
    """What the pot holds after a night's hands (rules.md D-19): ``hands``
    in hand order, each ``(written, units)``: the balance written before the
    hand (``pot N``, the night's opening balance on its first hand, or one
    asserted after a gap: it seeds the carry) or None, and the pot seat's
    units in the hand (+ paid in, - taken).  A night that writes no pot opens
    with an empty one (real27b F1, F2)."""
    held = 0
    for written, units in hands:
        if written is not None:
            held = written
        held += units
    return held
