"""Seven-handed house games (issue 18; rules.md F-1's seven-handed row:
"other blind-splitting variants exist (neighbour takes 2, die roll, etc.)").

rules.md gives no rule for these beyond that line, so the choices are ours
and written in docs/profiles.md ("Seven-handed: the die roll and going
nuclear"):

* **The die roll** (``wi7-die-roll``, ``partnerMode=dieRoll``): seven seats,
  four cards each, a blind of four.  The picker takes the whole blind and
  buries four (as ``wi7-jack-of-diamonds``).  Then a die is rolled and the
  roll is **written in the hand** (SHN ``roll N``, N = 1..6): the seat N
  places to the picker's left (clockwise) is the partner, 2 against 5,
  settled by F-4 (picker ±4, partner ±1 per defender's ``tier × M``).  Six
  other seats and six faces: every roll names one seat and every seat has
  one roll.  The engine never rolls: a picked hand of this profile without
  ``roll`` (and not alone) is ``E-ROLL``.  The picker may go ``alone``
  instead of rolling (B-13: a picker may always decline a partner).
* **Going nuclear** (``nuclearDealer=on``, seven-handed profiles): when the
  six seats before the dealer have passed, the dealer may still pick; that
  pick is "nuclear": the dealer plays **alone** (no roll, no J♦ partner, no
  call-up) and the hand is worth **double**, win or loss (a factor ×2 on top
  of the tier, the marks and double on the bump; not a mark, so not counted
  by ``maxMarks``).  A dealer who passes too leaves the no-pick game
  (``noPick``) as usual.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .profile import RuleProfile
    from .scoring import Settlement

__all__ = ["roll_partner", "is_nuclear", "nuclear_settlement", "check_roll_written"]


def roll_partner(players: int, picker: int, roll: int) -> int:
    """The seat ``roll`` places to the left of ``picker`` (clockwise, seats
    0..players-1): the partner in ``wi7-die-roll``."""
    return (picker + roll) % players


def is_nuclear(profile: RuleProfile, picker: int | None, dealer: int | None) -> bool:
    """The dealer picked after every other seat passed, under
    ``nuclearDealer=on``: alone, at double stakes."""
    return bool(getattr(profile, "nuclearDealer", False)) and picker is not None and picker == dealer


def check_roll_written(g) -> None:
    """When the call closes without a roll in ``wi7-die-roll``: refuse it
    (``E-ROLL``) unless the picker plays alone; the roll is written in the
    hand, never made up by the engine.  ``g`` is a
    :class:`replay.state.GameState` (its ``Roll`` action applies the roll)."""
    if g.profile.partnerMode == "dieRoll" and g.call_type is None and not g.alone:
        raise g._err("E-ROLL", "the die roll that names the partner is not written (roll N, 1..6, after the bury; "
                     "or alone)", "no roll", "roll N")


def nuclear_settlement(settle: Settlement) -> Settlement:
    """``settle`` doubled for a nuclear dealer (``nuclearDealer=on``): every
    seat's units, the per-defender amount and the multiplier ×2, and a factor
    ``("nuclear", 2)`` added; still zero-sum."""
    return replace(settle, units=tuple(2 * u for u in settle.units), multiplier=settle.multiplier * 2,
                   per_defender=settle.per_defender * 2, factors=(*settle.factors, ("nuclear", 2)),
                   summary=f"{settle.summary}; the dealer went nuclear: alone, x2")
