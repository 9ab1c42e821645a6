"""A full card log tapped in (the Log-a-hand card grid,
:class:`dashboard.card_entry.CardEntry`): every tap is replayed by the rules
engine, an illegal card is refused at once with the engine's reason, and the
finished hand's SHN validates to the score the table wrote.

The hand is the notation's example, hand 14 of
``data/sheepshead/example_session.shn``: Bea picks, buries A♠ K♣, calls A♥;
the picker side takes 59 card points and 3 tricks and loses; with
``doubleOnBump`` (rules.md B-33, D-9) the picker pays 2 x 2 = 4, the partner
Di 2, and Al, Cy, Ed get +2 each (the file's own ``score`` line).
"""

from __future__ import annotations

import pytest

from dashboard.card_entry import CardEntry
from ingest.validate import validate_text

RULES = "wi5-called-ace; doubleOnBump=on; noPick=leaster"
SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]
DEAL = ("QS JD 9C 7S TH 8H  QC JC AD TD KC 9S  QH JH 8D AC 8C KH  QD KD 7D AH 7C TS  "
        "JS 9D TC KS 8S 9H").split()
PLAYS = ("9C TD 8C 7C TC  QC 8D KD 9D JD  7H KH AH 9H 8H  QD JS QS JC QH  TH AD JH 7D KS  "
         "AC TS 8S 7S 9S").split()
HEADER = f'%SHN 1.0\n[Event "x"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "{RULES}"]\n\n'


def dealt() -> CardEntry:
    e = CardEntry(RULES, SEATS, "Ed")
    for c in DEAL:
        assert e.tap(c) is None, c
    return e


def test_tapping_the_example_hand_gives_the_table_score():
    e = dealt()
    assert e.stage == "pick" and e.blind() == ["AS", "7H"]  # the two cards nobody was dealt
    assert e.choose_picker("Bea") is None
    assert e.tap("AS") is None and e.tap("KC") is None
    assert e.stage == "call" and e.call_options() == ["AH", "alone"]  # B-9: Bea holds no A♥, A♣ is out
    assert e.choose_call("AH") is None
    assert e.to_play() == "Al"  # B-8: the dealer's left leads
    for c in PLAYS:
        assert e.tap(c) is None, c
    assert e.stage == "done"
    res = validate_text(HEADER + e.text(14))
    assert not res.rejected
    assert res.hands[0].outcome.units == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}
    assert res.hands[0].outcome.picker_points == 59 and res.hands[0].outcome.picker_tricks == 3


def test_an_illegal_card_is_refused_the_moment_it_is_tapped():
    e = dealt()
    e.choose_picker("Bea")
    e.tap("AS"), e.tap("KC")
    e.choose_call("AH")
    e.tap("9C"), e.tap("TD")  # Al leads 9♣, Bea trumps with 10♦
    # Cy holds A♣ 8♣ and must follow clubs (rules.md B-18): Q♥ is refused, nothing changes
    assert e.tap("QH") == "9C leads clubs; Cy holds clubs and must follow suit (rules.md B-18)"
    assert e.plays == ["9C", "TD"] and e.to_play() == "Cy" and e.legal() == ["AC", "8C"]
    assert e.tap("8C") is None and e.to_play() == "Di"


def test_the_deal_and_the_bury_refuse_what_cannot_be():
    e = CardEntry(RULES, SEATS, "Ed")
    assert e.tap("QS") is None
    assert e.tap("QS") == "QS is dealt already"
    e = dealt()
    e.choose_picker("Bea")
    assert e.tap("QH") == "Bea does not hold QH (hand and blind)"  # Cy's card
    assert e.bury == []
    e.tap("AS")
    e.undo()
    assert e.bury == [] and e.stage == "bury"


def test_a_profile_the_grid_does_not_lay_out_is_refused_plainly():
    # wi4-black-queens deals no blind (rules.md F-1): nothing to pick, the page offers SHN instead
    with pytest.raises(ValueError, match="needs a blind to pick"):
        CardEntry("wi4-black-queens", ["A", "B", "C", "D"], "A")
    with pytest.raises(ValueError, match="jackOfDiamonds"):
        CardEntry("wi5-jack-of-diamonds", SEATS, "Ed")


def test_three_handed_alone_needs_no_call():
    # wi3 (rules.md F-2): the picker always plays alone, so after the bury the play begins
    e = CardEntry("wi3", ["A", "B", "C"], "C")
    assert e.deal_order() == ["A", "B", "C"]
    assert len(e.blind()) == 32  # nothing dealt yet: every card of the deck is still out
