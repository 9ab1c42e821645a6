"""The call column of a CSV score sheet of Indiana hands (``--rules in4``;
docs/profiles.md "Indiana four-handed (F-5)", "Score sheets"): a mapping from
the cell to the SHN declaration, never a rule (the judge checks it).

* ``AC`` / ``AS`` / ``AD`` (any case; also ``ace AC``) — an ace call;
* ``best``, ``billy``;
* ``sidesolo SUIT`` (``side solo SUIT``; ``SUIT`` clubs, spades, diamonds,
  or the letters C, S, D) — a side solo.

:func:`declaration` returns the :class:`~replay.facts.GameRec` and its SHN
words, or an error message.
"""

from __future__ import annotations

from replay.cards import Card
from replay.facts import GameRec, Pos

__all__ = ["declaration", "is_indiana_rules"]

_SUITS = {"clubs": "clubs", "c": "clubs", "spades": "spades", "s": "spades", "diamonds": "diamonds", "d": "diamonds",
          "hearts": "hearts", "h": "hearts"}


def is_indiana_rules(rules: str) -> bool:
    """True when a score sheet's [Rules] text is the Indiana game."""
    return rules.split(";")[0].strip() == "in4"


def declaration(declarer: str, cell: str, pos: Pos) -> tuple[GameRec | None, str, str | None]:
    """``(game, shn words, None)`` for the call cell ``cell`` of ``declarer``
    (an SHN seat alias), or ``(None, "", message)`` when the cell is no
    Indiana declaration.  ``pos`` is the cell's position."""
    words = cell.lower().replace("side solo", "sidesolo").split()
    if words and words[0] == "ace":
        words = words[1:]
    if len(words) == 1 and words[0] in ("best", "billy"):
        return GameRec(declarer, words[0], pos=pos, name_pos=pos, arg_pos=pos), f"game {declarer} {words[0]}", None
    if len(words) == 2 and words[0] == "sidesolo" and words[1] in _SUITS:
        suit = _SUITS[words[1]]
        return (GameRec(declarer, "sidesolo", suit=suit, pos=pos, name_pos=pos, arg_pos=pos),
                f"game {declarer} sidesolo {suit}", None)
    if len(words) == 1:
        try:
            card = Card.parse(words[0].upper())
        except ValueError:
            card = None
        if card is not None:
            return (GameRec(declarer, "ace", called=card, pos=pos, name_pos=pos, arg_pos=pos),
                    f"game {declarer} ace {card}", None)
    return None, "", (f"call {cell!r} is no Indiana declaration: an ace (AC, AS, AD), best, billy or sidesolo "
                      "clubs|spades|diamonds (docs/profiles.md, Indiana)")
