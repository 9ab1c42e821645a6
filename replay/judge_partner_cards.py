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
from .cards import Card
from .partner_cards import QC_CALLABLE
from .state import GameState

__all__ = ["apply_give", "check_written", "call_allowed"]

_QC = Card.parse("QC")


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
        if not rec.deals:  # with deal lines the engine moves and checks the cards (replay/partner_cards.py)
            _check_give_sheet(chk)
    c = rec.call
    if call_allowed(prof) and c is not None and c.card is not None and (c.card not in QC_CALLABLE or c.has_under):
        raise chk.reject("E-CALL-CARD", f"{c.card} cannot be called in {prof.name}: a holder of two partner cards "
                         "calls the 8♦ or the J♥ (rules.md F-1)", c.card_pos, found=str(c.card), expected="8D or JH")


def _check_give_sheet(chk: HandCheck) -> None:
    """A ``give`` written without deal lines (docs/profiles.md "The pass of a
    partner card"): the card back is in the profile's deck (``E-DECK``) and
    is not the card just received (``E-GIVE``); the seat passed to holds a
    partner card after the pass, so it and the giver (who keeps one) are on
    the head's side: passing the Q♣ makes the receiver the head, so ``pick S``
    must name it (``E-PARTNER-CARD``), and written partners that leave either
    seat out are ``E-PARTNER`` (QA18-D3, D4, D5, D7)."""
    rec, prof = chk.rec, chk.profile
    gv = rec.give
    back = gv.back
    if back is not None and not prof.deck_mask >> back & 1:
        raise chk.reject("E-DECK", f"{back} is not in the {prof.deck}-card deck of {prof.name} (rules.md F-1)",
                         gv.back_pos, found=str(back), expected=f"a card of the {prof.deck}-card deck")
    if back is not None and back == gv.card:
        raise chk.reject("E-GIVE", f"{back} cannot come back at once: the left neighbour passes back one of its own "
                         "cards", gv.back_pos, found=str(back), expected="a card of the left neighbour")
    if rec.pick is None or rec.pick.value is None or rec.pick.value not in chk.index:
        return
    giver = chk.index[gv.seat]
    left = (giver + 1) % prof.players
    head = chk.index[rec.pick.value]
    aliases = chk.aliases
    if gv.card == _QC and head != left:
        raise chk.reject("E-PARTNER-CARD", f"{gv.seat} passed the Q♣ to {aliases[left]}, who holds it after the "
                         f"pass and is the head: pick names the Q♣'s holder after the give (rules.md F-1)",
                         rec.pick.pos, found=rec.pick.value, expected=aliases[left])
    written = [p for p in (rec.partner, rec.partner2) if p is not None and p.value is not None]
    if not written or rec.alone is not None:
        return
    side = {head} | {chk.index[p.value] for p in written if p.value in chk.index}
    missing = [s for s in (giver, left) if s not in side]
    if missing and (len(written) >= 2 or len(missing) > 2 - len(written)):
        who = " and ".join(aliases[s] for s in missing)
        raise chk.reject("E-PARTNER", f"after give {gv.seat} {gv.card} {who} holds a partner card (Q♣ Q♠ J♦, "
                         f"rules.md F-1) and is on {rec.pick.value}'s side, but the written partners leave "
                         f"{'them' if len(missing) > 1 else 'that seat'} out", written[0].pos,
                         found=" ".join(p.value for p in written), expected=f"partners including {who}")


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
