"""The pot split hand (SHN ``hand N  potsplit``; issue 18, "a split when a
player joins"; rules.md D-19, ``pot=on``).

A session's ``[Seats]`` are fixed (docs/notation.md §4), so a player joining
ends the session; before the seats change the pot is paid out to the players
who fed it.  ``potsplit`` is a hand of its own, like ``misdeal`` and
``doubler`` a hand without cards: the pot held before it (derived from the
session's hands or written ``pot N``) goes in equal shares to the seats that
play, the remainder stays (:func:`replay.pot.settle_potsplit`).

Refused, each at the statement at fault (line and column):

* ``E-POT`` — ``potsplit`` under a profile without a pot (``pot=off``);
* ``E-POTSPLIT`` — with it, any card (``deal``, ``table``, ``blind``,
  ``bury``, ``share``, a trick), any pick or no-pick game (``pick``,
  ``leaster``, ``doubler``, ``misdeal``, ``moster`` ...), any call or mark
  (``call``, ``roll``, ``alone``, ``sheepshead``, ``give``, ``crack``,
  ``recrack``, ``castrate``, ``blitz``) or result (``claim``, ``partner``,
  ``pts``, ``tricks``, an outcome, ``blindtrick``, ``stake``): a pot split
  plays no deal.  The first such statement in the text is reported (a
  ``stake`` that also disagrees with the session's doublers is ``E-STAKE``,
  checked before, as in any hand);
* ``E-DEALER`` — at ``wi6-sit-out`` (the dealer sits out and gets no share)
  when the hand's dealer is neither written nor derived.

A ``score`` may be written: it is checked like any score (``E-SCORE``,
``E-SCORE-SUM`` with the pot's units).
"""

from __future__ import annotations

from .facts import Pos
from .judge_common import HandCheck, _agreed_score
from .pot import settle_potsplit
from .scoring import Settlement

__all__ = ["check_potsplit", "foreign_statements"]

#: The record fields a pot split may not have, with the word written.
_SINGLE = (("pick", "pick"), ("leaster", "leaster"), ("doubler", "doubler"), ("misdeal", "misdeal"),
           ("nopick", None), ("stake", "stake"), ("blind", "blind"), ("bury", "bury"), ("share", "share"),
           ("call", "call"), ("roll", "roll"), ("alone", "alone"), ("sheepshead", "sheepshead"), ("give", "give"),
           ("claim", "claim"), ("partner", "partner"), ("pts", "pts"), ("tricks_won", "tricks"),
           ("outcome", None), ("blind_trick", "blindtrick"))


def foreign_statements(rec) -> list[tuple[Pos, str]]:
    """Every statement of ``rec`` (a :class:`~replay.facts.HandRecord`) that
    a pot split may not have, as ``(position, word)`` in text order."""
    found: list[tuple[Pos, str]] = []
    for attr, word in _SINGLE:
        v = getattr(rec, attr)
        if v is not None:
            w = word or (rec.nopick_game if attr == "nopick" else v.value)
            found.append((v.pos, str(w)))
    for d in rec.deals:
        found.append((d.pos, "deal"))
    for t in rec.tables:
        found.append((t.pos, "table"))
    for m in rec.marks:
        found.append((m.pos, m.kind))
    for t in rec.tricks:
        found.append((t.pos, f"t{t.number}"))
    return sorted(found, key=lambda f: (f[0].line, f[0].col))


def check_potsplit(chk: HandCheck, dealer: int | None) -> Settlement:
    """Judge a ``potsplit`` hand: ``chk.pot`` (the pot before the hand, set by
    the caller from the session or a written ``pot N``) is split over the
    playing seats (rules.md D-19, issue 18; :func:`replay.pot.settle_potsplit`).
    Returns the settlement the ledger uses (a written ``score`` checked, an
    agreed ``^`` one kept); raises the refusals of the module docstring."""
    rec, prof = chk.rec, chk.profile
    ps = rec.potsplit
    if not prof.pot:
        raise chk.reject("E-POT", f"potsplit is written but {prof.name} has no pot (pot=off, rules.md D-19)", ps.pos,
                         found="potsplit", expected="a profile with pot=on (wi5-pot, or pot=on in [Rules])")
    foreign = foreign_statements(rec)
    if foreign:
        pos, word = foreign[0]
        raise chk.reject("E-POTSPLIT", f"'{word}' in a pot split: a potsplit hand plays no deal, so it has no cards, "
                         "pick, call, marks or result (docs/notation.md §6)", pos, found=word,
                         expected="potsplit alone (with pot N, dealer and score)")
    out = None
    if prof.sitOut:
        if dealer is None:
            raise chk.reject("E-DEALER", f"the dealer of the pot split is not known; under {prof.name} the dealer "
                             "sits out and gets no share (rules.md F-1)", ps.pos, found="no dealer",
                             expected="dealer S")
        out = dealer
    # a pot below zero (a kept hand took more than it held, W-POT-OWED said so): nothing to split
    settle = settle_potsplit(prof, pot=max(chk.pot, 0), out=out)
    return _agreed_score(chk, settle, rec.score)
