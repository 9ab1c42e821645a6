"""Issue 18 (h18a): the partner-card moves of rules.md F-1 and the other
queen and jack orders of F-9 (docs/profiles.md "Partner cards passed and
called; the first two of a rank"; docs/notation.md §6 ``give``).

* ``wi6-7d-high``: a holder of two partner cards passes one left before the
  lead (``give S c back b``); the side is who holds Q♣ Q♠ J♦ after it.
* ``wi8-qc-jd-7d``: a holder of two of Q♣ J♦ 7♦ may call the 8♦ or the J♥;
  its holder joins the side (``call 8D``).
* ``wi4-first-queens`` / ``wi8-first-queens``: the players of the first two
  queens played (``firstTwoRank``: of another agreed rank) are partners.
* ``trumpOrder=jacksHigh`` / ``twoQueensHigh``.

Every amount is worked by hand in the comment beside it (card points A 11,
10 10, K 4, Q 3, J 2, 9/8/7 0; F-4: each defender tier × M, each partner one
share, the head (D − P) shares; double on the bump (DOB) doubles a loss).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.shn.reader import read
from ingest.validate import validate_text
from replay.actions import Call, GiveCard, Pick
from replay.cards import Card, cards_in, mask_of, points_of, trump_order
from replay.errors import IllegalAction, ProfileError
from replay.generator import random_hand
from replay.profile import parse_rules
from replay.scoring import picked_result, settle_picked
from replay.state import CallType, GameState

FIX = Path(__file__).parent / "fixtures" / "profiles"


def run(text: str):
    r = validate_text(text, "t.shn")
    errors = [e for x in r.rejected for e in x.errors]
    return {h.outcome.hand: h.outcome for h in r.hands}, errors


def fixture(stem: str):
    got, errors = run((FIX / f"{stem}.shn").read_text(encoding="utf-8"))
    assert errors == [], [str(e) for e in errors]
    return got


def src(stem: str) -> str:
    return (FIX / f"{stem}.shn").read_text(encoding="utf-8")


def first_error(text: str):
    _, errors = run(text)
    assert errors, "the record was accepted"
    return errors[0]


def M(*cards: str) -> int:
    return mask_of(Card.parse(c) for c in cards)


# ---------------------------------------------------------------------------
# 1. wi6-7d-high: passing a partner card left (rules.md F-1, six-handed row)


def test_worked_wi6_7d_high_give():
    o = fixture("wi6-7d-high_give")[1]
    # Dealt: Al Q♣ Q♠ 10♣ 9♥ 8♠ (two partner cards), Bea A♣ K♠ 9♠ 7♥ 8♣, Cy J♦ ...  Al passes the Q♠ left to
    # Bea, who passes back the 8♣: the side is Al (Q♣) + Bea (Q♠) + Cy (J♦), 3v3 (without the pass it would be
    # Al + Cy, 2v4).  7♦ top trump (spitz1).
    # t1 Al: QC QS JD QH 8D 9D -> Al (Q♣; the 7♦ not out) 3+3+2+3 = 11
    # t2 Al: TC AC 9C 7D AH TD -> Di (7♦ tops)       10+11+0+0+11+10 = 42
    # t3 Di: AS QD KD 8S 9S KC -> Ed (Q♦)            11+3+4+0+0+4 = 22
    # t4 Ed: JC JH 8C 7H KH 8H -> Ed (J♣)            2+2+0+0+4+0 = 8
    # t5 Ed: JS AD 9H KS TH TS -> Ed (J♠)            2+11+0+4+10+10 = 37
    # Al 11 + Di 42 + Ed 67 = 120.  Side 11 <= 30 with one trick: schneidered (lose-s), tier 2, DOB x2 -> 4 per
    # defender; 3v3: D = 3, P = 2, Al (3 - 2) x 4 = 4, Bea 4, Cy 4.  -4 -4 -4 +4 +4 +4 = 0.
    assert (o.picker, o.partner, o.partner2, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Bea", "Cy", 11, 1, "lose-s")
    assert o.units == {"Al": -4, "Bea": -4, "Cy": -4, "Di": 4, "Ed": 4, "Flo": 4}
    assert sum(o.units.values()) == 0


def _wi6_give_state() -> GameState:
    p = parse_rules("wi6-7d-high")
    hands = [M("QC", "QS", "TC", "9H", "8S"), M("AC", "KS", "9S", "7H", "8C"), M("JD", "TH", "KH", "KC", "9C"),
             M("7D", "QH", "8H", "AS", "TS"), M("QD", "JC", "JS", "AH", "8D"), M("JH", "AD", "TD", "KD", "9D")]
    return GameState(p, 5, hands, 0, complete=True)


def test_the_give_moves_the_cards_and_the_side_follows_the_holders():
    g = _wi6_give_state()
    g.apply(GiveCard(0, Card.SQ, Card.C8))
    assert g.hands[0] == M("QC", "8C", "TC", "9H", "8S") and g.hands[1] == M("AC", "KS", "9S", "7H", "QS")
    assert all(h.bit_count() == 5 for h in g.hands)  # both keep five cards: five tricks of six
    g.apply(Pick(0))
    assert (g.picker, g.partners(), g.call_type) == (0, (1, 2), CallType.QUEENS)
    # the same deal without the pass: Al holds Q♣ and Q♠, so only Cy's J♦ partners (2v4)
    g = _wi6_give_state()
    g.apply(Pick(0))
    assert g.partners() == (2,)
    # passing the Q♣ makes Bea the head: `pick Al` is then refused (Bea holds it)
    g = _wi6_give_state()
    g.apply(GiveCard(0, Card.CQ, Card.C8))
    with pytest.raises(IllegalAction) as exc:
        g.apply(Pick(0))
    assert exc.value.diagnostic.code == "E-PARTNER-CARD"
    g.apply(Pick(1))
    assert g.partners() == (0, 2)  # Al (Q♠) and Cy (J♦)


@pytest.mark.parametrize("give, why", [
    (GiveCard(0, Card.H9, Card.C8), "not a partner card"),
    (GiveCard(2, Card.DJ, Card.D7), "Cy holds one partner card"),
    (GiveCard(0, Card.SQ, Card.D7), "Bea does not hold the 7♦"),
    (GiveCard(0, Card.SQ, Card.SQ), "the card itself cannot come back"),
    (GiveCard(1, Card.SQ, Card.CJ), "Bea does not hold the Q♠"),
])
def test_illegal_gives(give, why):
    g = _wi6_give_state()
    before = list(g.hands)
    with pytest.raises(IllegalAction) as exc:
        g.apply(give)
    assert exc.value.diagnostic.code == "E-GIVE", why
    assert g.hands == before  # the state is unchanged


def test_one_give_and_only_before_the_pick():
    g = _wi6_give_state()
    g.apply(GiveCard(0, Card.SQ, Card.C8))
    with pytest.raises(IllegalAction) as exc:
        g.apply(GiveCard(1, Card.SQ, Card.H7))  # Bea now holds the Q♠, but one pass a hand
    assert exc.value.diagnostic.code == "E-GIVE"
    g = _wi6_give_state()
    g.apply(Pick(0))
    with pytest.raises(IllegalAction) as exc:
        g.apply(GiveCard(0, Card.SQ, Card.C8))
    assert exc.value.diagnostic.code == "E-GIVE"


def test_give_errors_in_shn_name_the_card():
    text = src("wi6-7d-high_give")
    # not a partner card: at the card (line 16 "give Al 9H back 8C", the card at column 9)
    e = first_error(text.replace("give Al QS back 8C", "give Al 9H back 8C"))
    assert (e.code, e.line, e.col) == ("E-GIVE", 16, 9)
    # Bea does not hold the 7♦ she is written to pass back: at the back card (column 17)
    e = first_error(text.replace("give Al QS back 8C", "give Al QS back 7D"))
    assert (e.code, e.line, e.col) == ("E-GIVE", 16, 17)
    # without the give, Bea plays a Q♠ she was never dealt
    e = first_error(text.replace("give Al QS back 8C {Al holds Q♣ Q♠ and passes the Q♠ to Bea}\n", ""))
    assert e.code == "E-NOT-HELD"
    # only wi6-7d-high passes a partner card
    e = first_error(src("wi8-qc-jd-7d").replace("pick Al", "pick Al  give Al QC back 8D"))
    assert e.code == "E-GIVE"
    # the reader: `back` is required; a second give is a duplicate
    f = read(text.replace("give Al QS back 8C", "give Al QS"))
    assert [d.code for h in f.hands for d in h.errors] == ["E-ARGUMENT"]
    f = read(text.replace("give Al QS back 8C", "give Al QS back 8C  give Cy JD back 9H"))
    assert [d.code for h in f.hands for d in h.errors] == ["E-DUPLICATE"]


def test_give_on_a_score_sheet():
    text = ('%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed; Flo"]\n[Rules "wi6-7d-high"]\n\nhand 1  dealer Flo\n'
            'pick Al  give Al QS back ??  partner Bea Cy  pts 11  lose-s\n')
    o = run(text)[0][1]
    # as the card log above: 3v3 lose-s with DOB, 2 x 2 = 4 per defender, each of the side -4
    assert o.units == {"Al": -4, "Bea": -4, "Cy": -4, "Di": 4, "Ed": 4, "Flo": 4}
    e = first_error(text.replace("give Al QS", "give Al AH"))
    assert e.code == "E-GIVE"


# ---------------------------------------------------------------------------
# 2. wi8-qc-jd-7d: the call of 8♦ / J♥ by a holder of two partner cards (rules.md F-1, eight-handed row)


def test_worked_wi8_qc_jd_7d_call():
    got = fixture("wi8-qc-jd-7d_call")
    o = got[1]
    # Al holds Q♣ and J♦ (two partner cards), Ed the 7♦: side Al + Ed; Al calls the 8♦, held by Flo: 3v5.
    # t1 Al: QC KD TD JC 7D 8D 9D 7S -> Al   3+4+10+2 = 19
    # t2 Al: 9C QH 7C QS KS 8C KC AC -> Di (Q♠ over Bea's Q♥)  3+3+4+4+11 = 25
    # t3 Di: TS QD TH 9S TC 8S AS AD -> Ed (Q♦ over Cy's A♦)  10+3+10+10+11+11 = 55
    # t4 Ed: AH JS JH KH JD 7H 9H 8H -> Flo (J♠)               11+2+2+4+2 = 21
    # Al 19 + Di 25 + Ed 55 + Flo 21 = 120.  Side Al + Ed + Flo = 95 >= 91, Di took a trick: win-s, tier 2.
    # 3v5: D = 5, P = 2: each defender -2, Ed +2, Flo +2, Al (5 - 2) x 2 = +6.  6 + 2 + 2 - 10 = 0.
    assert (o.picker, o.partner, o.partner2, o.call, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Ed", "Flo", "8D", 95, 3, "win-s")
    assert o.units == {"Al": 6, "Bea": -2, "Cy": -2, "Di": -2, "Ed": 2, "Flo": 2, "Gus": -2, "Hal": -2}
    # hand 2, a score sheet: Bea calls the J♥, partners Cy and Di, 70: plain win 3v5 -> Bea +3, Cy Di +1, -1 x 5
    assert got[2].units == {"Al": -1, "Bea": 3, "Cy": 1, "Di": 1, "Ed": -1, "Flo": -1, "Gus": -1, "Hal": -1}


def test_calling_the_jh_instead():
    text = src("wi8-qc-jd-7d_call").replace("call 8D", "call JH").replace(
        "partner Ed Flo  pts 95  tricks 3  win-s\nscore Al +6 Bea -2 Cy -2 Di -2 Ed +2 Flo +2 Gus -2 Hal -2",
        "partner Ed Gus  pts 74  tricks 2  win\nscore Al +3 Bea -1 Cy -1 Di -1 Ed +1 Flo -1 Gus +1 Hal -1")
    o = run(text)[0]
    # the J♥ is Gus's: side Al 19 + Ed 55 + Gus 0 = 74 (Flo's t4 21 is now a defender's), 2 tricks: plain
    # win, 3v5 -> Al +3, Ed +1, Gus +1, the five others -1
    assert o[1].units == {"Al": 3, "Bea": -1, "Cy": -1, "Di": -1, "Ed": 1, "Flo": -1, "Gus": 1, "Hal": -1}
    # without any call: Al + Ed = 74, 2v6 plain win -> Al +5, Ed +1, six others -1
    plain = src("wi8-qc-jd-7d_call").replace("call 8D {Al holds Q♣ and J♦: the 8♦'s holder, Flo, is a partner}\n",
                                              "").replace(
        "partner Ed Flo  pts 95  tricks 3  win-s\nscore Al +6 Bea -2 Cy -2 Di -2 Ed +2 Flo +2 Gus -2 Hal -2",
        "partner Ed  pts 74  tricks 2  win\nscore Al +5 Bea -1 Cy -1 Di -1 Ed +1 Flo -1 Gus -1 Hal -1")
    got, errors = run(plain)
    assert errors == [] and got[1].partner2 is None and got[1].units["Al"] == 5


def test_call_errors():
    text = src("wi8-qc-jd-7d_call")
    e = first_error(text.replace("call 8D", "call QD"))
    assert (e.code, e.line, e.col) == ("E-CALL-CARD", 18, 6)  # line 18 "call QD", the card at column 6
    # the plain wi8-qc-jd-7d deal: Al Q♣, Cy J♦, Ed 7♦ -- nobody holds two, so nobody calls
    e = first_error(src("wi8-qc-jd-7d").replace("pick Al", "pick Al  call 8D"))
    assert e.code == "E-CALL-NONE"
    # Al holding the 8♦ himself (Al's 8♠ and Flo's 8♦ swapped) cannot call it
    held = text.replace("deal Al  QC JD 9C 8S", "deal Al  QC JD 9C 8D").replace("deal Flo JS 8D 8C TH",
                                                                                "deal Flo JS 8S 8C TH")
    assert first_error(held).code == "E-CALL-HELD"
    # an unknown-card call has no place here
    assert first_error(text.replace("call 8D", "call 8D under 9C")).code == "E-CALL-CARD"


def test_call_in_the_engine_needs_exactly_two():
    p = parse_rules("wi8-qc-jd-7d")
    hands = [M("QC", "JD", "7D", "8S"), M("QH", "KD", "AS", "7H"), M("AD", "TD", "7C", "9H"),
             M("QS", "JC", "TS", "8H"), M("9C", "QD", "KS", "AH"), M("JS", "8D", "8C", "TH"),
             M("JH", "9D", "KC", "9S"), M("TC", "7S", "KH", "AC")]
    g = GameState(p, 7, hands, 0, complete=True)
    g.apply(Pick(0))
    assert g.alone  # Al holds all three: 1v7
    with pytest.raises(IllegalAction) as exc:
        g.apply(Call(Card.D8))
    assert exc.value.diagnostic.code == "E-CALL-NONE"


# ---------------------------------------------------------------------------
# 3. the first two queens (or cards of an agreed rank) played are partners (rules.md F-1)


def test_worked_wi4_first_queens():
    got = fixture("wi4-first-queens")
    o = got[1]
    # t1 Al: AC QS 7D 7S -> Bea (Q♠: the first queen; Bea heads)  11+3 = 14
    # t2 Bea: AS JS 8S 7C -> Cy (J♠)                               11+2 = 13
    # t3 Cy: KD QH JD 9D -> Di (Q♥: the second queen; Di partners) 4+3+2 = 9
    # t4 Di: 9H 8C KS AH -> Cy (A♥)                                 4+11 = 15
    # t5 Cy: TH 8H 9C TS -> Cy (10♥)                                10+10 = 20
    # t6 Cy: KH 7H QC TD -> Al (Q♣)                                 4+3+10 = 17
    # t7 Al: TC AD 8D 9S -> Bea (A♦)                                10+11 = 21
    # t8 Bea: JC QD JH KC -> Cy (Q♦)                                2+3+2+4 = 11
    # Bea 35 + Di 9 = 44 (3 tricks); Cy 59 + Al 17 = 76; 120 in all.  44: a plain loss (31..60), DOB x2,
    # 2v2: D = 2, P = 1 -> Bea (2 - 1) x 2 = -2, Di -2, Al +2, Cy +2.
    assert (o.picker, o.partner, o.picker_points, o.picker_tricks, o.outcome, o.call_type) == (
        "Bea", "Di", 44, 3, "lose", "first-two")
    assert o.units == {"Al": 2, "Bea": -2, "Cy": 2, "Di": -2}
    assert o.partner_revealed_trick == 3
    o = got[2]
    # firstTwoRank=jack, the same cards: the first jack is Cy's J♠ (t2), the second Al's J♦ (t3): side Cy 59 +
    # Al 17 = 76 in 5 tricks (t2 t4 t5 t6 t8): plain win, 2v2 -> Cy +1, Al +1, Bea -1, Di -1
    assert (o.picker, o.partner, o.picker_points, o.picker_tricks, o.outcome) == ("Cy", "Al", 76, 5, "win")
    assert o.units == {"Al": 1, "Bea": -1, "Cy": 1, "Di": -1}
    # hand 3, a score sheet: Cy with Bea 91 -> schneider, tier 2, 2v2 -> +2 +2 / -2 -2
    assert got[3].units == {"Al": -2, "Bea": 2, "Cy": 2, "Di": -2}


def test_worked_wi8_first_queens():
    o = fixture("wi8-first-queens")[1]
    # 7♦ top trump.  t1 Al: AC TC QS KC 9C 8C 7C 7S -> Cy (Q♠, the first queen: Cy heads) 11+10+3+4 = 28
    # t2 Cy: AH TH KH QD 9H 8H 7H 7D -> Bea (the 7♦ tops Flo's Q♦, the second queen: Flo partners)
    #        11+10+4+3 = 28
    # t3 Bea: AS TS 8S QC 9S KS JC JD -> Ed (Q♣) 11+10+3+4+2+2 = 32
    # t4 Ed: QH JS JH AD TD KD 9D 8D -> Ed (Q♥)  3+2+2+11+10+4 = 32
    # Cy 28 + Bea 28 + Ed 64 = 120.  Side Cy + Flo = 28 <= 30 with one trick: lose-s, tier 2, DOB -> 4 a
    # defender; 2v6: D = 6, P = 1 -> Cy (6 - 1) x 4 = -20, Flo -4, six others +4.  -20 - 4 + 24 = 0.
    assert (o.picker, o.partner, o.picker_points, o.picker_tricks, o.outcome) == ("Cy", "Flo", 28, 1, "lose-s")
    assert o.units == {"Al": 4, "Bea": 4, "Cy": -20, "Di": 4, "Ed": 4, "Flo": -4, "Gus": 4, "Hal": 4}


def test_the_head_is_who_plays_the_first_queen():
    text = src("wi4-first-queens")
    e = first_error(text.replace("pick Bea {Bea plays the first queen}", "pick Al"))
    # t1 is line 14 "t1 Al:  AC QS 7D 7S": Bea's Q♠ at column 12
    assert (e.code, e.line, e.col) == ("E-PARTNER-CARD", 14, 12)
    # a claim before the second queen leaves the sides unknown
    cut = text.split("t3 Cy:")[0] + "claim Cy\npartner Di  pts 44  tricks 3  lose\nscore Al +2 Bea -2 Cy +2 Di -2\n"
    assert first_error(cut.split("\nhand 2")[0]).code == "E-CLAIM-SIDE"


def test_the_head_playing_both_first_queens_is_alone():
    p = parse_rules("wi4-first-queens")
    hands = [M("QC", "QS", "AC", "TC", "KC", "9C", "8C", "7C"), M("QH", "JC", "AD", "TD", "9D", "AS", "TS", "KS"),
             M("QD", "JS", "KD", "8D", "7D", "AH", "TH", "KH"), M("JD", "JH", "9S", "8S", "7S", "9H", "8H", "7H")]
    g = GameState(p, 3, hands, 0, complete=True)
    g.apply(Pick(0))
    for c in ("QC", "9D", "7D", "JH", "QS", "TD", "8D", "JD"):  # t1 and t2: Al leads Q♣, then Q♠, and wins both
        g.play(g.to_act, Card.parse(c))
    assert g.alone and g.partners() == ()
    # amounts by hand: alone 1v3, each defender tier x M, the head 3 shares -- a win-s: +6 / -2 -2 -2
    assert settle_picked(p, 4, 0, None, "win-s").units == (6, -2, -2, -2)


def test_first_two_settlements_and_tier_lines():
    p4, p8 = parse_rules("wi4-first-queens"), parse_rules("wi8-first-queens")
    # 2v2 plain win: 1 each side; 2v6: head (6 - 1) = 5, partner 1, each defender -1; a 2v6 no-tricker loss
    # with DOB: 3 x 2 = 6 per defender, partner -6, head -30; alone 1v7 win: +7, -1 each
    assert settle_picked(p4, 4, 0, 2, "win").units == (1, -1, 1, -1)
    assert settle_picked(p8, 8, 2, 5, "win").units == (-1, -1, 5, -1, -1, 1, -1, -1)
    assert settle_picked(p8, 8, 2, 5, "lose-z").units == (6, 6, -30, 6, 6, -6, 6, 6)
    assert settle_picked(p8, 8, 0, None, "win").units == (7, -1, -1, -1, -1, -1, -1, -1)
    # B-27/B-28 lines stay (120 card points, 8 or 4 tricks): 30 lose-s / 31 lose, 60 lose / 61 win,
    # 90 win / 91 win-s, every trick win-z
    for p in (p4, p8):
        t = p.tricks
        assert [picked_result(p, x, 2, t) for x in (30, 31, 60, 61, 90, 91)] == [
            "lose-s", "lose", "lose", "win", "win", "win-s"]
        assert picked_result(p, 120, t, t) == "win-z" and picked_result(p, 0, 0, t) == "lose-z"


def test_first_two_rank_flag():
    assert parse_rules("wi4-first-queens; firstTwoRank=ten").firstTwoRank == "ten"
    for bad in ("wi4-first-queens; firstTwoRank=queens", "wi4-black-queens; firstTwoRank=jack",
                "wi5-called-ace; firstTwoRank=ace"):
        with pytest.raises(ProfileError) as exc:
            parse_rules(bad)
        assert exc.value.diagnostic.code == "E-RULES-VALUE"
    assert parse_rules("wi8-first-queens").trumps.trumps[0] == Card.D7  # F-1: 7♦ top trump at eight


# ---------------------------------------------------------------------------
# 5. other queen and jack orders (rules.md F-9)


def test_the_named_orders():
    jh = trump_order("jacksHigh")
    assert [str(c) for c in jh.trumps] == "JC JS JH JD QC QS QH QD AD TD KD 9D 8D 7D".split()  # F-1 Indiana row
    tq = trump_order("twoQueensHigh")
    assert [str(c) for c in tq.trumps] == "QC QS JC JS JH JD AD TD KD QD 9D 8D 7D".split()  # F-6 on 32 cards
    assert not tq.is_trump(Card.HQ) and tq.suit_of[Card.HQ] == 2  # the Q♥ is a heart: A 10 K Q 9 8 7
    assert [str(c) for c in sorted(cards_in(tq.suit_masks[2]), key=lambda c: -tq.strength[c])] == \
        "AH TH KH QH 9H 8H 7H".split()
    assert points_of(tq.trump_mask) + sum(points_of(tq.suit_masks[s]) for s in range(3)) == 120  # A-6 still
    with pytest.raises(ProfileError) as exc:
        parse_rules("wi5-called-ace; trumpOrder=queensLow")
    assert exc.value.diagnostic.code == "E-RULES-VALUE"


def test_worked_jacks_high():
    o = fixture("wi5-called-ace_trumpOrder-jacksHigh")[1]
    # notation.md hand 14's deal (Bea picks A♠ 7♥, buries A♠ K♣ = 15, calls A♥: Di), jacks above queens:
    # t1 Al: 9C TD 8C 7C TC -> Bea (10♦)  20
    # t2 Bea: QC 8D KD 9D JD -> Al (his J♦ beats the Q♣)  3+4+2 = 9
    # t3 Al: TH 7H KH AH 9H -> Di (A♥)  10+4+11 = 25
    # t4 Di: QD JS QS JC QH -> Bea (J♣)  3+2+3+2+3 = 13
    # t5 Bea: AD JH 7D KS 8H -> Cy (J♥)  11+2+4 = 17
    # t6 Cy: AC TS 8S 7S 9S -> Cy  11+10 = 21
    # side Bea 20 + 13 + Di 25 + bury 15 = 73: a plain win (61..90), B-31 -> Bea +2, Di +1, -1 each
    assert (o.picker_points, o.picker_tricks, o.outcome) == (73, 3, "win")
    assert o.units == {"Al": -1, "Bea": 2, "Cy": -1, "Di": 1, "Ed": -1}


def test_worked_two_queens_high():
    o = fixture("wi5-called-ace_trumpOrder-twoQueensHigh")[1]
    # the same deal, only Q♣ Q♠ above the jacks, Q♦ under K♦, Q♥ a heart:
    # t1 Bea (10♦) 20; t2 Bea (Q♣) 3+4+2 = 9; t3 Di (A♥) 15
    # t4 Di: QD JS QS JC JH -> Al (Q♠; Cy must play the J♥: his Q♥ is no trump)  3+2+3+2+2 = 12
    # t5 Al: TH AD QH 7D KS -> Bea (A♦; Cy follows hearts with the Q♥)  10+11+3+4 = 28
    # t6 Bea: 9S AC TS 8S 7S -> Di (10♠)  11+10 = 21
    # side 20 + 9 + 28 (Bea) + 15 + 21 (Di) + bury 15 = 108 >= 91, Al took t4: win-s -> Bea +4, Di +2, -2 each
    assert (o.picker_points, o.picker_tricks, o.outcome) == (108, 5, "win-s")
    assert o.units == {"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2}
    # Cy may not play the Q♥ to the trump lead of t4 while holding the J♥ (follow suit, B-18)
    text = src("wi5-called-ace_trumpOrder-twoQueensHigh").replace("t4 Di:  QD JS QS JC JH", "t4 Di:  QD JS QS JC QH")
    assert first_error(text).code == "E-RENEGE"


# ---------------------------------------------------------------------------
# hypothesis properties under each new profile (as tests/test_engine_properties.py), with each
# variant's own invariant

NEW = ["wi4-first-queens", "wi4-first-queens; firstTwoRank=jack", "wi4-first-queens; firstTwoRank=seven",
       "wi8-first-queens", "wi8-first-queens; firstTwoRank=ace; doubleOnBump=off", "wi6-7d-high",
       "wi8-qc-jd-7d", "wi5-called-ace; trumpOrder=jacksHigh", "wi5-jack-of-diamonds; trumpOrder=twoQueensHigh",
       "wi4-black-queens; trumpOrder=jacksHigh", "wi6-jd-ace; trumpOrder=twoQueensHigh",
       "wi4-called-ace-34", "wi4-jack-of-diamonds-34; jdCallUp=on", "wi4-called-ace-34; trumpOrder=spitz2",
       "wi4-called-ace-34; trumpOrder=twoQueensHigh; noPick=doubler"]

hands = st.builds(
    lambda seed, rules, dealer: random_hand(random.Random(seed), parse_rules(rules), dealer % parse_rules(rules).players),
    st.integers(0, 2**32), st.sampled_from(NEW), st.integers(0, 7),
)


@settings(max_examples=250, deadline=None)
@given(hands)
def test_properties_under_the_new_profiles(h):
    prof, g = h.profile, h.state
    seen = h.blind
    for m in h.hands:  # every card dealt once, the profile's hand size
        assert m.bit_count() == prof.hand_size and not seen & m
        seen |= m
    assert seen == prof.deck_mask
    if h.kind == "doubler":
        return
    played = 0
    for leader, cards, winner in g.tricks:
        for _, c in cards:
            assert not played >> c & 1  # every card played once
            played |= 1 << c
    aside = g.bury if h.kind == "pick" else g.blind
    assert played | aside == prof.deck_mask
    assert sum(points_of(m) for m in g.taken) + points_of(aside) == 120
    s = g.settlement()
    assert sum(s.units) + s.pot == 0  # B-35
    for (_, _, w), (nxt, _, _) in zip(g.tricks, g.tricks[1:]):
        assert nxt == w
    if h.kind != "pick":
        return
    side = {g.picker, *g.partners()}
    assert sum(s.units[x] for x in range(prof.players) if x not in side) == -sum(s.units[x] for x in side)
    if prof.partnerMode == "firstTwo":  # the players of the first two cards of the rank
        mask = g._ft_mask
        order = [seat for _, cards, _ in g.tricks for seat, c in cards if mask >> c & 1][:2]
        assert order[0] == g.picker
        assert (g.alone, g.partners()) == ((True, ()) if order[1] == g.picker else (False, (order[1],)))
    elif prof.partnerMode == "blackQueensJd":  # who holds Q♣ Q♠ J♦ after the pass
        after = [0] * prof.players
        for _, cards, _ in g.tricks:
            for seat, c in cards:
                after[seat] |= 1 << c
        holders = {next(x for x in range(prof.players) if after[x] >> c & 1) for c in prof.partner_cards}
        assert side == holders
        if g.given is not None:
            seat, card, back = g.given
            assert after[(seat + 1) % prof.players] >> card & 1 and after[seat] >> back & 1
    elif prof.partnerMode == "qcJd7d" and g.called is not None:  # the called card's holder is on the side
        holder = next(x for x in range(prof.players) if h.hands[x] >> g.called & 1)
        assert holder in side and len(side) in (2, 3)


def test_the_solver_waits_for_the_second_card_of_the_rank():
    from replay.solver import DDSolver, SolverError

    g = GameState(parse_rules("wi4-first-queens"), 3, [
        M("QC", "QS", "AC", "TC", "KC", "9C", "8C", "7C"), M("QH", "JC", "AD", "TD", "9D", "AS", "TS", "KS"),
        M("QD", "JS", "KD", "8D", "7D", "AH", "TH", "KH"), M("JD", "JH", "9S", "8S", "7S", "9H", "8H", "7H")],
        0, complete=True)
    g.apply(Pick(0))
    g.start_play()
    with pytest.raises(SolverError):  # who partners Al is not known before the second queen
        DDSolver(g)


def test_the_card_grid_says_it_does_not_take_the_first_two_rule():
    from dashboard.card_entry import supported

    assert "firstTwo" in supported(parse_rules("wi4-first-queens"))
    assert supported(parse_rules("wi6-7d-high")) is None  # the grid plays it without a pass (optional, F-1)


@pytest.mark.parametrize("stem, partners, units_al", [
    ("wi6-7d-high_give", ("Bea", "Cy"), -4),   # as test_worked_wi6_7d_high_give: 3v3 lose-s, 4 each
    ("wi8-qc-jd-7d_call", ("Ed", "Flo"), 6),   # as test_worked_wi8_qc_jd_7d_call: 3v5 win-s, Al +6
])
def test_give_and_call_without_deal_lines(stem, partners, units_al):
    """Without deal lines each seat holds the cards it plays (notation.md §3) — after the pass, so the
    give moves nothing; the call's card is the one its holder plays."""
    import re

    text = re.sub(r"deal \w+ +[^\n]*\n", "", src(stem))
    got, errors = run(text)
    assert errors == []
    o = got[1]
    assert (o.partner, o.partner2, o.units["Al"], sum(o.units.values())) == (*partners, units_al, 0)


FIRST_DEAL = ('%SHN 1.0\n[Seats "Al; Bea; Cy; Di"]\n[Rules "wi4-first-queens"]\n\nhand 1  dealer Di\n'
              'deal Al  QC JD AC TC KC 9C 8C 7C\ndeal Bea QS JC AD TD 9D AS TS KS\n'
              'deal Cy  QD JS KD 8D 7D AH TH KH\ndeal Di  QH JH 9S 8S 7S 9H 8H 7H\n')


@pytest.mark.parametrize("lines, partner, units", [
    # the deal alone does not make the side: the written partner stands (Bea with Di, 44: a loss, DOB ±2)
    ("pick Bea  partner Di  pts 44  lose\n", "Di", {"Al": 2, "Bea": -2, "Cy": 2, "Di": -2}),
    # ... or the score tells it
    ("pick Bea  pts 44  lose\nscore Al +2 Bea -2 Cy +2 Di -2\n", "Di", {"Al": 2, "Bea": -2, "Cy": 2, "Di": -2}),
    # alone on a score sheet: 1v3 loss with DOB, 1 x 2 = 2 a defender, the head 3 x 2 = 6
    ("pick Bea  alone  pts 44  lose\n", None, {"Al": 2, "Bea": -6, "Cy": 2, "Di": 2}),
    # two tricks written, the second queen not yet played: W-PARTIAL, the written partner stands
    ("pick Bea\nt1 Al:  AC QS 7D 7S\nt2 Bea: AS JS 8S 7C\npartner Di  pts 44  lose\n", "Di",
     {"Al": 2, "Bea": -2, "Cy": 2, "Di": -2}),
])
def test_first_two_score_sheets_with_the_deal(lines, partner, units):
    got, errors = run(FIRST_DEAL + lines)
    assert errors == [] and got[1].partner == partner and got[1].units == units


def test_first_two_alone_is_checked_by_the_play():
    text = FIRST_DEAL + "pick Bea  alone\nt1 Al:  AC QS 7D 7S\nt2 Bea: AS JS 8S 7C\nt3 Cy:  KD QH JD 9D\n"
    e = first_error(text)
    assert (e.code, e.line, e.col) == ("E-ALONE-JD", 13, 12)  # Di's Q♥, the second queen, line 13 column 12


def test_shead_replay_shows_the_pass_and_export_keeps_it(tmp_path):
    from typer.testing import CliRunner

    from ingest.cli import app
    from ingest.shn.partner_statements import give_in_text

    assert give_in_text("hand 1\npick Al  give Al QS back 8C {a note; give Bea JD back 9H}\n") == ("Al", "QS", "8C")
    assert give_in_text("hand 1\npick Al  ; give Al QS back 8C\n") is None
    db, out = tmp_path / "t.duckdb", tmp_path / "out.shn"
    runner = CliRunner()
    res = runner.invoke(app, ["ingest", str(FIX / "wi6-7d-high_give.shn"), "--db", str(db)])
    assert res.exit_code == 0, res.stdout
    res = runner.invoke(app, ["replay", "1", "--db", str(db)])
    assert res.exit_code == 0
    assert "Passed  Al Q♠ to Bea, Bea 8♣ back" in res.stdout
    assert "Trick 1   Al Q♣   Bea Q♠" in res.stdout  # Bea plays the Q♠ she was passed
    res = runner.invoke(app, ["export", "--format", "shn", "--db", str(db), "--out", str(out)])
    assert res.exit_code == 0, res.stdout
    assert "give Al QS back 8C" in out.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# 4. four-handed with 34 cards (+6♣ 6♠; rules.md F-1 four-handed row)


def test_worked_wi4_called_ace_34():
    got = fixture("wi4-called-ace-34")
    o = got[1]
    # 34 cards: 4 x 8 + blind 2.  Al picks 8♥ 7♥, buries K♣ 8♥ (4 + 0 = 4), calls A♥ (Di; hold card 7♥).
    # t1 Al: QC 8D KD 7D -> Al 3+4 = 7;  t2 Al: QS 9D QD JD -> Al 3+3+2 = 8;  t3 Al: JC JS JH 9S -> Al 2+2+2 = 6
    # t4 Al: 7H QH 9H AH -> Bea (Q♥) 3+11 = 14;  t5 Bea: AC 7C 8S 6C -> Bea 11 (Al follows clubs with the 6♣)
    # t6 Bea: TC KS TH TD -> Al (10♦) 10+4+10+10 = 34;  t7 Al: AD 9C TS KH -> Al 11+10+4 = 25
    # t8 Al: 7S 8C AS 6S -> Cy 11.   Al 80 + Bea 25 + Cy 11 + bury 4 = 120 (the sixes are 0 points).
    # Side Al + Di = 80 + 0 + 4 = 84 in 5 tricks: a plain win; 2v2 (F-4) -> Al +1, Di +1, Bea -1, Cy -1.
    assert (o.picker, o.partner, o.call, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Di", "AH", 84, 5, "win")
    assert o.units == {"Al": 1, "Bea": -1, "Cy": -1, "Di": 1}
    # hand 2, the same cards as the jack-of-diamonds game: Di holds the J♦, the same side, the same 84 -> win
    assert (got[2].partner, got[2].units) == ("Di", {"Al": 1, "Bea": -1, "Cy": -1, "Di": 1})


def test_the_sixes_and_the_32_card_games_unchanged():
    from replay.cards import C6, S6, SIX, SIXES, STANDARD
    from replay.profile import DECKS

    assert len(list(Card)) == 32  # every loop over the cards of a 32-card game is as before
    assert trump_order("standard") is STANDARD and len(STANDARD.strength) == 32
    assert (str(C6), C6.suit, C6.rank, C6.points, C6.pretty(), Card.parse("6♠")) == ("6C", 0, SIX, 0, "6♣", S6)
    assert points_of(DECKS[34]) == 120 and DECKS[34].bit_count() == 34 and DECKS[34] & ~SIXES == DECKS[32]
    o = parse_rules("wi4-called-ace-34").trumps
    assert o.strength[Card.S7] > o.strength[S6] and o.suit_of[C6] == 0 and not o.is_trump(C6)
    assert o.trick_winner([(0, S6), (1, Card.S7), (2, Card.H9)], 1) == 1  # the 7♠ beats the 6♠
    # a six in a 32-card game is outside the deck
    text = src("wi5-called-ace_trumpOrder-jacksHigh").replace("deal Al  QS JD 9C 7S TH 8H", "deal Al  QS JD 9C 6S TH 8H")
    e = first_error(text)
    assert (e.code, e.line, e.col) == ("E-DECK", 9, 19)  # at the 6♠ of Al's deal line (column 19)
    with pytest.raises(ProfileError):
        parse_rules("wi4-called-ace-34; trumpOrder=clubsTrump")  # the 6♣ would be a trump


def test_34_cards_stored_replayed_and_exported(tmp_path):
    from typer.testing import CliRunner

    from ingest.cli import app

    db, out = tmp_path / "t.duckdb", tmp_path / "out.shn"
    runner = CliRunner()
    res = runner.invoke(app, ["ingest", str(FIX / "wi4-called-ace-34.shn"), "--db", str(db)])
    assert res.exit_code == 0 and "2 stored" in res.stdout + res.stderr
    res = runner.invoke(app, ["replay", "1", "--db", str(db)])
    assert res.exit_code == 0 and "Trick 5  Bea A♣    Cy 7♣    Di 8♠    Al 6♣" in res.stdout
    res = runner.invoke(app, ["export", "--format", "shn", "--db", str(db), "--out", str(out)])
    assert res.exit_code == 0
    again, errors = run(out.read_text(encoding="utf-8"))
    assert errors == [] and again[1].units == {"Al": 1, "Bea": -1, "Cy": -1, "Di": 1}
    assert "deal Di  JD 7D AH TH KH 9S 8S 6S" in out.read_text(encoding="utf-8")


def test_the_solver_and_the_card_grid_say_no_to_34_cards():
    from dashboard.card_entry import supported
    from replay.solver import DDSolver, SolverError

    assert "6♣" in supported(parse_rules("wi4-called-ace-34"))
    h = random_hand(random.Random(1), parse_rules("wi4-called-ace-34"), 0)
    while h.kind != "pick":
        h = random_hand(random.Random(h.hands[0] % 1000), parse_rules("wi4-called-ace-34"), 0)
    g = GameState(h.profile, h.dealer, list(h.hands), h.blind, complete=True)
    for a in h.actions:
        if type(a).__name__ == "Play":
            break
        g.apply(a)
    g.start_play()
    with pytest.raises(SolverError):
        DDSolver(g)
