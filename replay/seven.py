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
* **The shared blind** (``wi7-shared-blind``, ``partnerMode=sharedBlind``):
  after the pick the seat on the picker's left (the neighbour) takes part
  of the blind (SHN ``share c c``): two cards, or two to four under
  ``pickerTakes=upToTwo`` (the picker taking 0, 1 or 2); each then buries as
  many as he took, the one ``bury`` naming all four.  The neighbour is the
  partner (2 against 5, F-4).
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

from .cards import cards_in, mask_of

if TYPE_CHECKING:
    from .profile import RuleProfile
    from .scoring import Settlement

__all__ = ["roll_partner", "is_nuclear", "nuclear_settlement", "check_roll_written", "check_roll", "check_share",
           "check_shared_bury"]


def roll_partner(players: int, picker: int, roll: int) -> int:
    """The seat ``roll`` places to the left of ``picker`` (clockwise, seats
    0..players-1): the partner in ``wi7-die-roll``."""
    return (picker + roll) % players


def partner_roll(players: int, picker: int, partner: int) -> int | None:
    """The die roll that names ``partner`` for ``picker`` in ``wi7-die-roll``
    (seats 0..players-1), or None when ``partner`` is the picker.  The seat N
    places to the picker's left is the partner (:func:`roll_partner`); at
    seven seats the six faces name the six other seats one each, so a written
    partner fixes exactly one roll, ``(partner - picker) mod players``, in
    1..players-1 (docs/profiles.md "Seven-handed"; break30 F1)."""
    r = (partner - picker) % players
    return r or None


def is_nuclear(profile: RuleProfile, picker: int | None, dealer: int | None) -> bool:
    """The dealer picked after every other seat passed, under
    ``nuclearDealer=on``: alone, at double stakes."""
    # the seats first: the flag is read only for a dealer who picked (issue 17)
    return picker is not None and picker == dealer and bool(getattr(profile, "nuclearDealer", False))


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


# The checks below take the engine's state ``g`` (a replay.state.GameState) without importing it
# (replay.state imports this module); they raise through ``g._err`` and change nothing.

def check_roll(g, roll: int, in_call: bool) -> None:
    """Refuse a die roll that cannot be applied: ``E-ROLL`` when the profile
    has no die roll, the picker is alone (a nuclear dealer too) or the roll
    is outside 1..players-1; ``E-PHASE`` outside the call (``in_call``
    False)."""
    prof = g.profile
    if prof.partnerMode != "dieRoll":
        raise g._err("E-ROLL", f"roll {roll} in {prof.name}, where no die names the partner (only wi7-die-roll)",
                     f"roll {roll}", "no roll")
    if not in_call:
        raise g._err("E-PHASE", "a die roll outside the call (after the bury, before the first card)",
                     f"roll {roll}", "roll right after the bury")
    if g.alone:
        why = "the dealer went nuclear and plays alone" if is_nuclear(prof, g.picker, g.dealer) else \
            "the picker plays alone"
        raise g._err("E-ROLL", f"roll {roll}, but {why}: no die names a partner (docs/profiles.md)",
                     f"roll {roll}", "no roll")
    if not 1 <= roll <= prof.players - 1:
        raise g._err("E-ROLL", f"roll {roll}: the die names one of the {prof.players - 1} other seats, "
                     f"1..{prof.players - 1}", roll, f"1..{prof.players - 1}")


def check_share(g, cards: tuple, in_bury: bool) -> int:
    """The mask of the blind cards the neighbour takes (``share c c``), or
    ``E-SHARE`` (not ``wi7-shared-blind``, a nuclear dealer, a count
    ``pickerTakes`` does not allow, a card not in the blind) / ``E-PHASE``
    (not right after the pick: ``in_bury`` False, or a second share)."""
    prof = g.profile
    shown = " ".join(map(str, cards))
    if prof.partnerMode != "sharedBlind":
        raise g._err("E-SHARE", f"share {shown} in {prof.name}, where the picker takes the whole blind "
                     "(only wi7-shared-blind shares it)", f"share {shown}", "no share")
    if not in_bury or g.shared:
        raise g._err("E-PHASE", "a share of the blind outside the pick (after the pick, before the bury)",
                     f"share {shown}", "share right after the pick")
    if is_nuclear(prof, g.picker, g.dealer):
        raise g._err("E-SHARE", "the dealer went nuclear and takes the whole blind alone (nuclearDealer)",
                     f"share {shown}", "no share")
    counts = (2,) if prof.pickerTakes == "two" else (2, 3, 4)
    m = mask_of(cards)
    if len(cards) not in counts or m.bit_count() != len(cards):
        raise g._err("E-SHARE", f"the neighbour takes {len(cards)} card(s) of the blind; with pickerTakes="
                     f"{prof.pickerTakes} the neighbour takes {' or '.join(map(str, counts))} different cards",
                     len(cards), " or ".join(map(str, counts)))
    if g.complete and m & ~g.blind:
        c = next(cards_in(m & ~g.blind))
        raise g._err("E-SHARE", f"the neighbour takes {c}, which is not in the blind", c, "a card of the blind")
    return m


def check_shared_bury(g, cards: tuple | None, nb: int) -> int | None:
    """The bury mask of ``wi7-shared-blind`` (None when not written), after
    checking that the picker and the neighbour ``nb`` each bury as many cards
    as they took; who buried which follows from who holds each card.  Raises
    ``E-SHARE`` (a complete deal without the share or the bury),
    ``E-BURY-COUNT``, ``E-BURY-NOT-HELD``."""
    from .errors import IllegalAction

    if g.complete and (not g.shared or cards is None):
        what = "which blind cards the neighbour took (share c c)" if not g.shared else "the bury"
        raise g._err("E-SHARE", f"the blind is shared (wi7-shared-blind) but {what} is not written",
                     "no share" if not g.shared else "no bury", "share c c, then bury of 4")
    if cards is None:
        return None
    k = g.profile.blind_size
    m = mask_of(cards)
    if len(cards) != k or m.bit_count() != len(cards):
        raise IllegalAction("E-BURY-COUNT", f"the picker and the neighbour bury {len(cards)} card(s); the bury is "
                            f"exactly {k} different cards (rules.md B-7)", found=len(cards), expected=k)
    if g.complete:
        p = g.picker
        stray = m & ~(g.hands[p] | g.hands[nb])
        if stray:
            c = next(cards_in(stray))
            raise g._err("E-BURY-NOT-HELD", f"{c} is buried, but neither the picker nor the neighbour holds it "
                         "after sharing the blind", c, "a card of the picker's or the neighbour's hand")
        took, buried = g.shared.bit_count(), (m & g.hands[nb]).bit_count()
        if buried != took:
            raise g._err("E-BURY-COUNT", f"the neighbour took {took} blind card(s) and buries {buried}: each buries "
                         "as many as he took (docs/profiles.md)", buried, took)
    return m
