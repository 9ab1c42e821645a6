"""Cards typed on a phone (a tester's finding, session 12): the emoji
keyboard writes a suit symbol followed by the variation selector U+FE0F
(``Q♠️``), which looks the same as ``Q♠`` but was refused (``E-CARD``); the
white symbols ♤ ♧ were refused where ♡ ♢ were read.  notation.md reads the
suit symbols (§3 "Cards"); these are the same suits.

The hand is notation.md's hand 14 as the tester typed it: Bea picks, calls
A♥, partner Di; the picker side takes 59 and loses (rules.md B-27), doubled
on the bump (B-32, B-33): Bea -4, Di -2, Al, Cy, Ed +2 each.
"""

from __future__ import annotations

import pytest

from ingest.validate import validate_text

HAND = """%SHN 1.0
[Event "Phone night"]
[Date "2026.12.04"]
[Seats "Al=Al Roth; Bea=Bea Hahn; Cy=Cy Vogt; Di=Di Marx; Ed=Ed Pfeil"]
[Rules "wi5-called-ace"]

Hand 1  dealer Ed
Deal Al  Q♠ J♦ 9♣ 7♠ 10♥ 8♥
Deal Bea Q♣ J♣ A♦ 10♦ K♣ 9♠
Deal Cy  Q♥ J♥ 8♦ A♣ 8♣ K♥
Deal Di  Q♦ K♦ 7♦ A♥ 7♣ 10♠
Deal Ed  J♠ 9♦ 10♣ K♠ 8♠ 9♥
Blind A♠ 7♥
Pick Bea
Bury A♠ K♣
Call A♥
T1 Al: 9♣ 10♦ 8♣ 7♣ 10♣
T2 Bea: Q♣ 8♦ K♦ 9♦ J♦
T3 Bea: 7♥ K♥ A♥ 9♥ 8♥
T4 Di: Q♦ J♠ Q♠ J♣ Q♥
T5 Al: 10♥ A♦ J♥ 7♦ K♠
T6 Cy: A♣ 10♠ 8♠ 7♠ 9♠
Partner Di  pts 59  tricks 3  lose
"""
UNITS = {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}


@pytest.mark.parametrize("spell", [
    {},  # the symbols notation.md names
    {"♠": "♠\ufe0f", "♥": "♥\ufe0f", "♦": "♦\ufe0f", "♣": "♣\ufe0f"},  # an emoji keyboard
    {"♠": "♤", "♣": "♧", "♥": "♡", "♦": "♢"},  # the white symbols
    {"♠": "♤\ufe0f", "♣": "♧"},  # mixed
])
def test_a_hand_typed_with_emoji_or_white_suits_is_the_same_hand(spell):
    text = HAND
    for a, b in spell.items():
        text = text.replace(a, b)
    r = validate_text(text, "phone.shn")
    assert not r.rejected, r.rejected and r.rejected[0].errors
    (h,) = r.hands
    assert h.outcome.units == UNITS and h.outcome.outcome == "lose" and h.outcome.picker_points == 59
    # the same cards played: the replayed tricks equal the plain spelling's
    plain = validate_text(HAND, "phone.shn").hands[0]
    assert h.cardlog.tricks == plain.cardlog.tricks and len(h.cardlog.tricks) == 6


def test_a_variation_selector_alone_is_still_no_card():
    """U+FE0F after a letter suit is no spelling of a card: refused at the card, as before."""
    r = validate_text(HAND.replace("Deal Al  Q♠", "Deal Al  QS\ufe0f"), "phone.shn")
    (rej,) = r.rejected
    assert rej.errors[0].code == "E-CARD"


def test_curly_quotes_and_an_en_dash_typed_on_a_phone():
    """A phone's smart punctuation writes the tags' quotes curly (“…”) and a scorer may type a minus as an en
    dash (–4): the tags are read, with one W-TAG-QUOTES at the first (line 2, column 1); the score reads as
    written.  Before, every tag was E-TAG and every hand E-SESSION."""
    text = (HAND.replace('"', "\u201c", 1).replace('[Event \u201cPhone night"]', "[Event \u201cPhone night\u201d]")
            .replace('[Date "2026.12.04"]', "[Date \u201e2026.12.04\u201c]")
            + "Score Al +2 Bea \u20134 Cy +2 Di \u20132 Ed +2\n")
    assert "[Event “Phone night”]" in text and "[Date „2026.12.04“]" in text
    r = validate_text(text, "phone.shn")
    assert not r.rejected, r.rejected and r.rejected[0].errors
    (h,) = r.hands
    assert h.outcome.units == UNITS and h.outcome.date == "2026-12-04"
    (w,) = [d for d in r.errors if d.code == "W-TAG-QUOTES"]
    assert (w.line, w.col, w.severity) == (2, 1, "warning") and 'as [Event "Phone night"]' in w.message
    # the en dash is a minus: a wrong amount is still refused, quoting it
    bad = validate_text(text.replace("Bea \u20134", "Bea \u20133"), "phone.shn")
    (rej,) = bad.rejected
    assert rej.errors[0].code in ("E-SCORE", "E-SCORE-SUM")
