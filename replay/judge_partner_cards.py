"""The judge's part of the partner-card moves of issue 18 (rules.md F-1):
the pass of a partner card in ``wi6-7d-high`` (SHN ``give S c back b``) and
the eight-handed call of the 8♦ or J♥ in ``wi8-qc-jd-7d`` (``call c``).  The
engine's rules are :mod:`replay.partner_cards`; :mod:`replay.judge_wi` calls
these where a hand is set up.
"""

from __future__ import annotations

from .actions import GiveCard
from .errors import IllegalAction
from .judge_common import HandCheck
from .partner_cards import QC_CALLABLE
from .state import GameState

__all__ = ["apply_give", "check_written", "call_allowed"]


def call_allowed(prof) -> bool:
    """A ``call`` is part of this partner-card game (``wi8-qc-jd-7d``, F-1)."""
    return prof.partnerMode == "qcJd7d"


def check_written(chk: HandCheck) -> None:
    """What a hand written without the cards can still be refused for:
    ``E-GIVE`` (a give outside ``wi6-7d-high``, its seat not a seat, or a
    card that is not a partner card), ``E-CALL-CARD`` (a ``wi8-qc-jd-7d``
    call of a card other than 8♦ and J♥)."""
    rec, prof = chk.rec, chk.profile
    gv = rec.give
    if gv is not None:
        chk.seat(gv.seat, gv.pos)
        if prof.partnerMode != "blackQueensJd":
            raise chk.reject("E-GIVE", f"a pass of a partner card in {prof.name}: only wi6-7d-high passes one "
                             "(rules.md F-1, six-handed row)", gv.pos, found="give", expected="no give")
        if gv.card is None or gv.card not in prof.partner_cards:
            shown = "??" if gv.card is None else str(gv.card)
            raise chk.reject("E-GIVE", f"give {gv.seat} {shown}: the card passed left is a partner card, Q♣ Q♠ or J♦ "
                             "(rules.md F-1)", gv.card_pos, found=shown, expected="QC, QS or JD")
    c = rec.call
    if call_allowed(prof) and c is not None and c.card is not None and (c.card not in QC_CALLABLE or c.has_under):
        raise chk.reject("E-CALL-CARD", f"{c.card} cannot be called in {prof.name}: a holder of two partner cards "
                         "calls the 8♦ or the J♥ (rules.md F-1)", c.card_pos, found=str(c.card), expected="8D or JH")


def apply_give(chk: HandCheck, g: GameState) -> None:
    """Replay the written ``give`` (before ``pick S``, which names the Q♣'s
    holder after the pass) through the engine; the error is reported at the
    card it is about.  Without deal lines the seats' cards are the ones they
    play, already after the pass: nothing is moved."""
    gv = chk.rec.give
    if gv is None:
        return
    check_written(chk)
    seat = chk.seat(gv.seat, gv.pos)
    if not chk.rec.deals:
        # without deal lines each seat holds the cards it plays (notation.md §3): the cards after the
        # pass, so there is nothing to move; the written card was checked above
        g.given = (seat, gv.card, gv.back)
        return
    try:
        g.apply(GiveCard(seat, gv.card, gv.back))
    except IllegalAction as exc:
        found = exc.diagnostic.found
        pos = (gv.back_pos if gv.back is not None and found == str(gv.back) or found == "??"
               else gv.card_pos if found == str(gv.card) else gv.pos)
        raise chk.engine_error(exc, pos) from None
