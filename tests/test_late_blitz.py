"""The blitz declared after the play (issue 18, ``lateBlitz=on``; rules.md E-5:
"variants allow ... after-the-fact blitzing once both queens have been
played").  docs/profiles.md "House flags (issue 18)".

The worked hand (tests/fixtures/house18/wi5-called-ace_lateBlitz-on.shn),
dealer Ed; Al passes, Bea picks the blind 8D 7D, buries them (0 points) and
plays alone.  Ed holds both black queens and shows them only when both have
been played (t2 and t3):

    t1 Al  7C  Bea 9D  Cy 8C  Di KC  Ed AC   9D trumps: Bea  0+0+0+4+11 = 15
    t2 Bea QD  Cy JD  Di 7S  Ed QC  Al JC    QC:        Ed   3+2+0+3+2  = 10
    t3 Ed  QS  Al AD  Bea JS  Cy 7H  Di KS   QS:        Ed   3+11+2+0+4 = 20
    t4 Ed  TC  Al QH  Bea KD  Cy KH  Di 9C   QH trumps: Al   10+3+4+4+0 = 21
    t5 Al  9H  Bea JH  Cy TH  Di TS  Ed 8S   JH trumps: Bea  0+2+10+10+0 = 22
    t6 Bea TD  Cy AH  Di AS  Ed 9S  Al 8H    TD:        Bea  10+11+11+0+0 = 32

Bea 15 + 22 + 32 + bury 0 = 69, three tricks; the defenders 10 + 20 + 21 =
51 (69 + 51 = 120).  69 is a plain win (61..90, rules.md B-27): tier 1, the
late black blitz ×2, so each defender pays 1 × 2 = 2 and Bea alone takes the
four shares, +8 (B-31).  Without the blitz: 1 per defender, Bea +4.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as hst

from ingest.validate import validate_file, validate_text
from replay.cards import points_of
from replay.generator import random_hand
from replay.profile import parse_rules

FIX = Path(__file__).parent / "fixtures" / "house18" / "wi5-called-ace_lateBlitz-on.shn"
WON = "score Al -2 Bea +8 Cy -2 Di -2 Ed -2"
PLAIN = "score Al -1 Bea +4 Cy -1 Di -1 Ed -1"


def refused(text: str) -> tuple[str, str, int]:
    r = validate_text(text, "x.shn")
    assert len(r.rejected) == 1 and not r.hands, [h.outcome.units for h in r.hands]
    e = r.rejected[0].errors[0]
    return e.code, e.message, e.line


def test_late_blitz_worked_hand():
    r = validate_file(FIX)
    assert not r.rejected, [(x.errors[0].code, x.errors[0].message) for x in r.rejected]
    (h,) = r.hands
    assert h.outcome.units == {"Al": -2, "Bea": 8, "Cy": -2, "Di": -2, "Ed": -2}
    assert sum(h.outcome.units.values()) == 0
    assert h.outcome.picker_points == 69 and h.outcome.multiplier == 2


def test_the_same_blitz_before_the_first_card_settles_the_same():
    text = FIX.read_text().replace("blitz Ed black late\n", "").replace("alone\n", "alone  blitz Ed black\n")
    r = validate_text(text, "x.shn")
    assert not r.rejected and r.hands[0].outcome.units == {"Al": -2, "Bea": 8, "Cy": -2, "Di": -2, "Ed": -2}


def test_without_the_blitz_the_win_is_one_unit_a_defender():
    text = FIX.read_text().replace("blitz Ed black late\n", "").replace(WON, PLAIN)
    r = validate_text(text, "x.shn")
    assert not r.rejected and r.hands[0].outcome.units == {"Al": -1, "Bea": 4, "Cy": -1, "Di": -1, "Ed": -1}


def test_a_late_blitz_needs_the_flag():
    code, message, line = refused(FIX.read_text().replace("; lateBlitz=on", ""))
    assert code == "E-BLITZ" and "lateBlitz=on" in message and line == 25  # the `blitz Ed black late` line


def test_a_late_blitz_by_a_seat_that_did_not_play_both_cards_is_refused():
    # Al played the Q♥ (t4) but never the Q♦ (Bea's, t2): no red blitz for Al
    code, message, _ = refused(FIX.read_text().replace("blitz Ed black late", "blitz Al red late"))
    assert code == "E-BLITZ" and "red" in message
    # Ed played both black queens, not the red ones
    code, _, _ = refused(FIX.read_text().replace("blitz Ed black late", "blitz Ed red late"))
    assert code == "E-BLITZ"


def test_a_plain_blitz_written_after_the_tricks_is_still_before_the_first_card():
    # without `late` the blitz is the usual one, shown before the first card: the card log decides, and Ed's
    # black queens were in his hand then, so it is allowed and settles the same
    text = FIX.read_text().replace("blitz Ed black late", "blitz Ed black")
    r = validate_text(text, "x.shn")
    assert not r.rejected and r.hands[0].outcome.units["Bea"] == 8


def test_a_late_blitz_on_a_score_sheet_line():
    head = FIX.read_text().split("hand 1")[0]
    # no card log: the blitz is taken as written and doubles like any blitz (2 per defender, Bea +8)
    r = validate_text(head + "hand 1  dealer Ed\npick Bea  alone  blitz Ed black late  pts 69  win\n", "x.shn")
    assert not r.rejected and r.hands[0].outcome.units == {"Al": -2, "Bea": 8, "Cy": -2, "Di": -2, "Ed": -2}
    r = validate_text(head + "hand 1\npick Bea  alone  blitz Ed black late  pts 69  win\n", "x.shn")  # no dealer
    assert not r.rejected and r.hands[0].outcome.units["Bea"] == 8
    off = head.replace("; lateBlitz=on", "")
    for line in ("hand 1  dealer Ed\n", "hand 1\n"):
        code, _, _ = refused(off + line + "pick Bea  alone  blitz Ed black late  pts 69  win\n")
        assert code == "E-BLITZ"


def test_a_late_blitz_does_not_carry_into_a_leaster():
    head = FIX.read_text().split("hand 1")[0]
    code, message, _ = refused(head + "hand 1  dealer Ed\nleaster Al  blitz Ed black late\n")
    assert code == "E-BLITZ" and "D-9" in message


def test_late_blitz_round_trips_through_shn():
    from ingest.shn.reader import read
    from ingest.shn.writer import write

    again = write(read(FIX.read_text()))
    assert "blitz Ed black late" in again and write(read(again)) == again


PROFILES = [
    "wi5-called-ace; allowBlitz=queens; lateBlitz=on",
    "wi5-jack-of-diamonds; allowBlitz=queensAndJacks; lateBlitz=on",
    "wi5-called-ace; allowBlitz=queens; lateBlitz=on; markFactorCap=2",
]


@settings(max_examples=150, deadline=None)
@given(hst.integers(0, 2**32), hst.sampled_from(PROFILES), hst.integers(0, 4))
def test_properties_with_late_blitzes(seed, rules, dealer):
    prof = parse_rules(rules)
    h = random_hand(random.Random(seed), prof, dealer)
    g = h.state
    s = g.settlement()
    assert sum(s.units) + s.pot == 0  # zero-sum (rules.md B-35)
    seen = h.blind
    for m in h.hands:
        assert not seen & m
        seen |= m
    assert seen == prof.deck_mask  # every card dealt once
    if h.kind == "doubler":
        return
    aside = g.bury if h.kind == "pick" else g.blind
    assert sum(points_of(m) for m in g.taken) + points_of(aside) == 120
    for m in g.marks_log:  # a late blitz only by a seat that played both cards of its pair
        if getattr(m, "late", False):
            played = 0
            for _, cards, _ in g.tricks:
                played |= sum(c.bit for seat, c in cards if seat == m.seat)
            from replay.state import BLITZ_PAIRS
            need = BLITZ_PAIRS[(m.color, m.pair)]
            assert played & need == need
