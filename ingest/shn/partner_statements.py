"""SHN statements of the partner-card games (issue 18, docs/notation.md §6):
``give S c back b`` — in ``wi6-7d-high`` a holder of two partner cards
passes one to the seat on the left before the lead, which passes a card
back (rules.md F-1, six-handed row).  The reader's dispatch table calls
:func:`s_give`; ``ingest.shn.writer`` writes it on the call line.

The eight-handed call of the 8♦ or J♥ (``wi8-qc-jd-7d``) is the ordinary
``call c`` statement and needs nothing here.
"""

from __future__ import annotations

import re

from .record import GiveRec, Pos

__all__ = ["s_give", "give_in_text"]


def s_give(self, toks, i, n):
    """``give S c back b`` (``b`` may be ``??``).  Errors: ``E-DUPLICATE``
    (a second give in the hand), ``E-SEAT`` (S not a seat), ``E-CARD`` (a
    card missing or not a card), ``E-ARGUMENT`` (``back`` missing)."""
    hand = self.hand
    if hand.give is not None:
        raise self._dup(toks, i, hand.give.pos)
    ln, line = self.ln, self.line
    c = line.find("give", self.p)
    j = i + 1
    if j >= n:
        raise self._eol(toks, "give", "the seat that passes a partner card", "E-SEAT")
    s = toks[j]
    if s not in self.seatset:
        s = self._seat_miss(toks, j)
    p = line.find(toks[j], c + 4) + len(toks[j])
    card, q, p = self._one_card(toks, j + 1, n, f"give {toks[j]}", "the partner card passed left (QC, QS or JD)", p)
    rec = GiveRec(s, card, pos=Pos(ln, c + 1), card_pos=Pos(ln, q + 1))
    k = j + 2
    if k >= n or toks[k] != "back":
        found = toks[k] if k < n else "the end of the line"
        raise self._err_at("E-ARGUMENT", f"found {found!r} after 'give {toks[j]} {toks[j + 1]}'; expected 'back' and "
                           "the card the left neighbour passes back (e.g. give Al QS back 9C)", toks, min(k, n - 1),
                           found, "back CARD")
    p = line.find("back", p) + 4
    back, q, p = self._one_card(toks, k + 1, n, "back", "the card passed back (e.g. 9C, or ??)", p)
    rec.back = back
    rec.back_pos = Pos(ln, q + 1)
    hand.give = self.last = rec
    self.p = p
    return k + 2



_GIVE_RE = re.compile(r"(?:^|\s)give\s+(\S+)\s+(\S+)\s+back\s+(\S+)")


def give_in_text(source: str) -> tuple[str, str, str] | None:
    """``(seat, card, back)`` of the ``give`` statement in a stored hand's SHN
    text (annotations and comments left out), or None: for the replay's
    text, which shows the pass before trick 1."""
    text = re.sub(r"\{[^}]*\}", " ", source)
    text = "\n".join(line.split(";", 1)[0] for line in text.splitlines())
    m = _GIVE_RE.search(text)
    return (m.group(1), m.group(2), m.group(3)) if m else None
