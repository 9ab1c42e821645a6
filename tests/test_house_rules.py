"""Engine tests for the house rules on the five-handed game (issue 6,
h6-house): rules.md B-14, B-23, C-4..C-9, E-4, E-5, F-7, F-8 and the flags of
rules.md J (plus the three named here: allowCastrate, jdPartnerCard,
allowSheepsheadCall).  Amounts are computed by hand in the comments."""

from __future__ import annotations

import pytest

from replay.actions import Alone, Blitz, Bury, Call, Castrate, Crack, Pass, Pick, Recrack, Sheepshead
from replay.cards import Card, trump_order
from replay.errors import IllegalAction, ProfileError
from replay.profile import parse_rules, profile_text
from replay.replay import snapshot
from replay.scoring import renege_settlement, settle_picked
from replay.state import CallType, GameState
from tests.engine_helpers import AL, BEA, CY, DI, ED, cs, names, play_trick, table


def picker_table(eight: str, rest: list[str], bury: str, rules: str) -> GameState:
    """Al (left of dealer Ed) picks with ``eight`` (the blind is the last two)
    and buries ``bury``; Bea, Cy, Di, Ed get ``rest``."""
    cards = eight.split()
    deal = {AL: " ".join(cards[:6]), BEA: rest[0], CY: rest[1], DI: rest[2], ED: rest[3]}
    g = table(deal, " ".join(cards[6:]), dealer=ED, rules=rules)
    g.apply(Pick(AL))
    g.apply(Bury(tuple(cs(bury))))
    return g


def illegal(g: GameState, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    return e.value


# --------------------------------------------------------------------------- profiles


def test_named_profiles_and_new_flags():
    assert parse_rules("wi5-spitz").trumps.name == "spitz2"  # rules.md F-7
    assert parse_rules("wi5-spitz; trumpOrder=spitz1").trumps.name == "spitz1"
    assert parse_rules("wi5-clubs-trump").trumps.name == "clubsTrump"  # rules.md F-8
    p = parse_rules("wi5-jack-of-diamonds; jdPartnerCard=JC; allowSheepsheadCall=holdingPartnerCard; "
                    "allowCastrate=on; allowBlitz=queensAndJacks; renegePenalty=offenderPaysEach")
    assert p.partner_card == Card.CJ and p.allowCastrate
    assert parse_rules(profile_text(p)) == p
    assert profile_text(parse_rules("wi5-called-ace; allowSheepsheadCall=on")) == \
        "wi5-called-ace; allowSheepsheadCall=on"
    with pytest.raises(ProfileError) as e:
        parse_rules("wi5-jack-of-diamonds; jdPartnerCard=JC; jdCallUp=on")
    assert e.value.code == "E-RULES-VALUE"  # no call-up order above the J♣ (C-4a, C-7)
    with pytest.raises(ProfileError) as e:
        parse_rules("wi5-called-ace; jdPartnerCard=QS")
    assert e.value.code == "E-RULES-VALUE"


# --------------------------------------------------------------------------- F-7 Spitz, F-8 clubs trump


def test_spitz_orders():
    s2, s1 = trump_order("spitz2"), trump_order("spitz1")
    c = Card
    # spitz2: Q♣ > 7♦ > Q♠; spitz1: 7♦ first.  Trick led by Al (seat 0) with Q♠.
    trick = [(AL, c.SQ), (BEA, c.D7), (CY, c.HJ), (DI, c.CQ), (ED, c.DA)]
    assert s2.trick_winner(trick, 4) == DI  # Q♣ is still the top trump
    assert s1.trick_winner(trick, 4) == BEA  # the 7♦ beats even the Q♣
    assert s2.trick_winner(trick[:3], 4) == BEA  # 7♦ over Q♠ and J♥
    assert trump_order("standard").trick_winner(trick[:3], 4) == AL  # Q♠ over J♥ and 7♦
    assert len(s2.trumps) == len(s1.trumps) == 14 and s2.fail_suits == s1.fail_suits


# Al picks QC QS AC TC 7S 7H | 7D KD under clubs trump (A♣ 10♣ are trump, ♦ are fail).
CLUBS_EIGHT = "QC QS AC TC 7S 7H 7D KD"
CLUBS_REST = ["QH QD JC JS JH JD", "KC 9C 8C 7C AS TS", "KS 9S 8S AH TH KH", "9H 8H AD TD 9D 8D"]


def test_clubs_trump_callable_aces_are_spades_hearts_diamonds():
    g = picker_table(CLUBS_EIGHT, CLUBS_REST, "7S 7H", "wi5-clubs-trump")
    aces, tens, unders, forced = g.legal_calls()
    assert aces == [Card.DA] and not forced  # hold card 7♦ or K♦; no spade or heart kept
    assert illegal(g, Call(Card.CA)).code == "E-CALL-CARD"  # A♣ is trump (F-8)
    g.apply(Call(Card.DA))
    assert g.partner == ED and g.call_type is CallType.ACE
    g = picker_table(CLUBS_EIGHT, CLUBS_REST, "KD 7D", "wi5-clubs-trump")
    assert g.legal_calls()[0] == [Card.SA, Card.HA]
    # the unknown card: with ♠ and ♥ buried, A♠/A♥ can be called with an unknown only
    # if no ace call is legal; here A♦ is, so an unknown call is refused (B-11)
    g = picker_table(CLUBS_EIGHT, CLUBS_REST, "7S 7H", "wi5-clubs-trump; noBuryIntoUnknown=off")
    assert illegal(g, Call(Card.SA, Card.D7)).code == "E-UNDER-NOT-ALLOWED"


def test_clubs_trump_a_club_lead_is_trump():
    g = picker_table(CLUBS_EIGHT, CLUBS_REST, "7S 7H", "wi5-clubs-trump")
    g.apply(Call(Card.DA))
    g.start_play()
    # Al leads the 10♣, a trump: Bea must follow with trump, Cy with a club (trump too)
    g.play(AL, Card.CT)
    assert names(g.legal_mask(BEA)) == {"QH", "QD", "JC", "JS", "JH", "JD"}
    g.play(BEA, Card.DQ)
    assert names(g.legal_mask(CY)) == {"KC", "9C", "8C", "7C"}


# --------------------------------------------------------------------------- C-4 call-up variants


JD = "wi5-jack-of-diamonds; jdCallUp=on"
JD_REST = ["AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S", "AH TH KH 9H 8H 7H", "QH QD JC TD 9D 8D"]


def test_c4b_callup_of_the_spade_jack_holding_the_heart_jack():
    # C-4b: the J♠ may be called only by a picker holding the lower J♥ — the same
    # rule as C-4a's "next-highest jack not held" (docs/profiles.md).
    # Al: Q♣ Q♠ J♥ A♦ K♦ J♦ + blind 7♦ 9♦; the J♠ (Ed) is the next jack not held.
    g = picker_table("QC QS JH AD KD JD 7D 9D", ["AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S",
                                                 "AH TH KH 9H 8H 7H", "QH QD JC JS TD 8D"], "7D 9D", JD)
    assert illegal(g, Call(Card.CJ)).diagnostic.expected == "JS"
    g.apply(Call(Card.SJ))
    assert g.partner == ED and g.call_type is CallType.JD_CALLUP


def test_c4c_all_four_jacks_go_alone():
    g = picker_table("QC JC JS JH JD AD 7D 9D", ["AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S",
                                                 "AH TH KH 9H 8H 7H", "QS QH QD TD KD 8D"], "7D 9D", JD)
    e = illegal(g, Call(Card.HJ))
    assert e.code == "E-CALL-JD" and e.diagnostic.expected == "alone"
    g.apply(Alone())
    assert g.alone and g.partner is None


# --------------------------------------------------------------------------- C-5 hybrid, C-6, C-7, C-8

# Al picks Q♣ Q♠ J♦ A♦ 7♠ 8♣ + blind Q♥ 9♥ and buries 8♣ 9♥ (the worked hand's deal).
HY_EIGHT = "QC QS JD AD 7S 8C QH 9H"
HY_REST = ["AC TC KC JS 8D 7H", "AS KS 9S JC TD 7C", "TH KH 8H 7D 9D TS", "AH QD JH KD 8S 9C"]


def test_c5_hybrid_ace_call_frees_the_partner():
    g = picker_table(HY_EIGHT, HY_REST, "8C 9H", "wi5-jack-of-diamonds; jdHybridAceCall=on")
    assert g.alone  # C-3: he holds the J♦ ...
    g.apply(Call(Card.SA))  # ... and calls A♠ instead (C-5)
    assert g.partner == CY and not g.alone and g.call_type is CallType.ACE
    g.start_play()
    g.play(AL, Card.S7)
    g.play(BEA, Card.H7)
    assert names(g.legal_mask(CY)) == {"AS", "KS", "9S"}  # not forced to play the A♠
    # the same in the called-ace game: the ace is owed (B-20a)
    g = picker_table(HY_EIGHT, HY_REST, "8C 9H", "wi5-called-ace")
    g.apply(Call(Card.SA))
    g.start_play()
    g.play(AL, Card.S7)
    g.play(BEA, Card.H7)
    assert names(g.legal_mask(CY)) == {"AS"}


def test_c5_hybrid_only_for_the_jd_holder_and_only_aces():
    rules = "wi5-jack-of-diamonds; jdHybridAceCall=on"
    g = picker_table(HY_EIGHT, HY_REST, "8C 9H", rules)
    assert illegal(g, Call(Card.ST)).code in ("E-CALL-JD", "E-CALL-CARD")  # a ten is not a hybrid call
    eight = "QC QS JC AD 7S 8C QH 9H"  # now Cy holds the J♦
    g = picker_table(eight, ["AC TC KC JS 8D 7H", "AS KS 9S JD TD 7C", "TH KH 8H 7D 9D TS",
                             "AH QD JH KD 8S 9C"], "8C 9H", rules)
    assert g.partner == CY
    assert illegal(g, Call(Card.SA)).code == "E-CALL-JD"


def test_c6_must_not_bury_jd_and_c8_buried_jd_is_alone():
    g = picker_table(HY_EIGHT, HY_REST, "JD 9H", "wi5-jack-of-diamonds")
    assert g.alone and g.partner is None  # C-8: the partner card is out of play
    g.start_play()
    g = picker_table(HY_EIGHT, HY_REST, "JD 9H", "wi5-jack-of-diamonds; jdMustNotBuryJD=on")
    with pytest.raises(IllegalAction) as e:
        g.start_play()
    assert e.value.code == "E-BURY-JD"
    assert illegal(picker_table(HY_EIGHT, HY_REST, "JD 9H", "wi5-jack-of-diamonds; jdMustNotBuryJD=on"),
                   Alone()).code == "E-BURY-JD"


def test_c7_jc_partner_card_revealed_when_played():
    g = picker_table(HY_EIGHT, HY_REST, "8C 9H", "wi5-jack-of-diamonds; jdPartnerCard=JC")
    assert g.partner == CY and g.call_type is CallType.JD and not g.alone
    g.start_play()
    assert play_trick(g, "7S 7H 9S TS 8S") == DI
    assert play_trick(g, "KH AH QH 8D 7C") == AL
    assert g.partner_revealed is None
    assert play_trick(g, "QC JS JC 9D QD") == AL
    assert g.partner_revealed == 3  # Cy's J♣ in trick 3


# --------------------------------------------------------------------------- B-14 own ace


def test_b14_own_ace_in_hand_or_bury_is_alone():
    rules = "wi5-clubs-trump; allowCallOwnAce=on"
    g = picker_table(CLUBS_EIGHT, CLUBS_REST, "7S 7H", rules)
    assert illegal(g, Call(Card.CA)).code == "E-CALL-CARD"  # A♣ is trump under F-8, never an ace call
    eight = "QC QS AS TC 7S 7H 7D KD"  # Al holds the A♠ (called-ace game)
    rest = ["QH QD JC JS JH JD", "KC 9C 8C 7C AC TS", "KS 9S 8S AH TH KH", "9H 8H AD TD 9D 8D"]
    g = picker_table(eight, rest, "AS 7H", "wi5-called-ace; allowCallOwnAce=on")
    g.apply(Call(Card.SA))  # buried: I-14 with the variant on
    assert g.alone and g.partner is None and g.call_type is CallType.OWN_ACE
    g = picker_table(eight, rest, "AS 7H", "wi5-called-ace")
    assert illegal(g, Call(Card.SA)).code == "E-CALL-HELD"
    # I-15 amounts: alone win +4/−1 each, DOB loss −8/+2 each
    prof = parse_rules("wi5-called-ace; allowCallOwnAce=on")
    assert settle_picked(prof, 5, AL, None, "win").units == (4, -1, -1, -1, -1)
    assert settle_picked(prof, 5, AL, None, "lose").units == (-8, 2, 2, 2, 2)


# --------------------------------------------------------------------------- E-4 castrate, E-5 jack blitz


def called_deal(rules: str) -> GameState:
    """The notation.md §13 hand 14 deal: Bea picks (dealer Ed, Al passed),
    buries AS KC and calls AH (Di)."""
    deal = {AL: "QS JD 9C 7S TH 8H", BEA: "QC JC AD TD KC 9S", CY: "QH JH 8D AC 8C KH",
            DI: "QD KD 7D AH 7C TS", ED: "JS 9D TC KS 8S 9H"}
    g = table(deal, "AS 7H", dealer=ED, rules=rules)
    g.apply(Pass(AL))
    g.apply(Pick(BEA))
    g.apply(Bury((Card.SA, Card.CK)))
    g.apply(Call(Card.HA))
    return g


def test_e4_castrate_is_the_third_doubling():
    g = called_deal("wi5-called-ace; allowCastrate=on")
    assert illegal(g, Castrate(ED)).code == "E-CASTRATE"  # no crack yet
    g.apply(Crack(CY))
    assert illegal(g, Castrate(ED)).code == "E-CASTRATE"  # no re-crack yet
    g.apply(Recrack(BEA))
    for seat in (BEA, DI, CY):  # picker, partner, cracker
        assert illegal(g, Castrate(seat)).code == "E-CASTRATE"
    g.apply(Castrate(ED))
    assert illegal(g, Castrate(AL)).code == "E-CASTRATE"  # one per hand
    g.start_play()
    assert snapshot(g, 0, None).multiplier == 8  # 2 × 2 × 2 (E-1)
    assert g.marks() == {"crack": 1, "re-crack": 1, "castrate": 1, "blitz": 0}
    # a castrate after the first card is too late
    g2 = called_deal("wi5-called-ace; allowCastrate=on")
    g2.apply(Crack(CY))
    g2.apply(Recrack(BEA))
    g2.start_play()
    g2.play(AL, Card.C9)
    assert illegal(g2, Castrate(ED)).code == "E-MARK-TIMING"
    # settlement: plain win with partner ×8: 8 per defender → +16 / +8 / −8 each
    s = settle_picked(g.profile, 5, BEA, DI, "win", marks=g.marks())
    assert s.units == (-8, 16, -8, 8, -8) and s.multiplier == 8


def test_e5_jack_blitz_pairs():
    # Cy: QH JH JD ...: the red jacks; nobody holds both black jacks (Bea J♣, Ed J♠)
    deal = {AL: "QS 8D 9C 7S TH 8H", BEA: "QC JC AD TD KC 9S", CY: "QH JH JD AC 8C KH",
            DI: "QD KD 7D AH 7C TS", ED: "JS 9D TC KS 8S 9H"}
    g = table(deal, "AS 7H", dealer=ED, rules="wi5-called-ace; allowBlitz=queensAndJacks")
    g.apply(Pass(AL))
    g.apply(Pick(BEA))
    g.apply(Bury((Card.SA, Card.CK)))
    g.apply(Call(Card.HA))
    assert illegal(g, Blitz(CY, "black", "jacks")).code == "E-BLITZ"
    g.apply(Blitz(CY, "red", "jacks"))
    assert illegal(g, Blitz(CY, "red", "jacks")).code == "E-BLITZ"  # one blitz per pair
    assert g.marks()["blitz"] == 1
    q = table(deal, "AS 7H", dealer=ED, rules="wi5-called-ace; allowBlitz=queens")
    q.apply(Pass(AL))
    q.apply(Pick(BEA))
    q.apply(Bury((Card.SA, Card.CK)))
    q.apply(Call(Card.HA))
    assert illegal(q, Blitz(CY, "red", "jacks")).code == "E-BLITZ"


# --------------------------------------------------------------------------- C-9 sheepshead, B-23 renege


def test_c9_sheepshead_settlement_amounts():
    prof = parse_rules("wi5-called-ace; allowSheepsheadCall=on; partnerOffHookNoTrick=on")
    # made with a partner: 3 (no-tricker) × 2 (sheepshead) = 6 per defender; picker 2 shares
    assert settle_picked(prof, 5, AL, CY, "win-z", sheepshead=True).units == (12, -6, 6, -6, -6)
    # failed with a partner: 6 per defender the other way, no DOB on top, the partner not off the hook
    assert settle_picked(prof, 5, AL, CY, "lose", sheepshead=True).units == (-12, 6, -6, 6, 6)
    # alone with a crack: 3 × 2 × 2 = 12 per defender → +48 / −12 each
    s = settle_picked(prof, 5, AL, None, "win-z", marks={"crack": 1}, sheepshead=True)
    assert s.units == (48, -12, -12, -12, -12) and s.per_defender == 12
    # without the call a no-tricker win alone is +12 / −3 (B-33)
    assert settle_picked(prof, 5, AL, None, "win-z").units == (12, -3, -3, -3, -3)


def test_c9_sheepshead_timing_and_flag():
    g = called_deal("wi5-called-ace; allowSheepsheadCall=on")
    g.apply(Sheepshead())
    assert g.sheepshead
    assert illegal(g, Sheepshead()).code == "E-SHEEPSHEAD"
    g = called_deal("wi5-called-ace; allowSheepsheadCall=on")
    g.apply(Crack(CY))
    assert illegal(g, Sheepshead()).code == "E-SHEEPSHEAD"  # part of the call, before the marks
    assert illegal(called_deal("wi5-called-ace"), Sheepshead()).code == "E-SHEEPSHEAD"
    # holdingPartnerCard: Bea's eight cards hold no J♦ (Al has it)
    g = called_deal("wi5-called-ace; allowSheepsheadCall=holdingPartnerCard")
    assert illegal(g, Sheepshead()).code == "E-SHEEPSHEAD"


def test_b23_offender_pays_each():
    s = renege_settlement(5, CY, "lose")
    assert s.units == (1, 1, -4, 1, 1) and s.outcome == "lose" and sum(s.units) == 0
