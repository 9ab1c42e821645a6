"""rules.md section I, the edge cases the engine must get right, with the
amounts given there (DEFAULT profile: called ace, double on the bump, leaster
with must-take-a-trick).  Every amount below was computed by hand from
rules.md B-28..B-35 and E-1, not read back from the code.

Seats in these tests: Al 0, Bea 1, Cy 2, Di 3, Ed 4.
"""

from __future__ import annotations

import pytest

from replay.actions import Alone, Bury, Call, Crack, Pass, Pick, Recrack
from replay.cards import Card
from replay.errors import IllegalAction
from replay.profile import parse_rules
from replay.scoring import leaster_winner, picked_result, settle_leaster, settle_picked
from replay.state import GameState, Phase

from .engine_helpers import AL, BEA, CY, DI, ED, cs, names, play_trick, table

DEFAULT = parse_rules("wi5-called-ace")
NO_DOB = parse_rules("wi5-called-ace; doubleOnBump=off")
OFF_HOOK = parse_rules("wi5-called-ace; partnerOffHookNoTrick=on")

PICKER, PARTNER = BEA, DI


def units_of(profile, pts: int, tricks: int, partner=PARTNER):
    outcome = picked_result(profile, pts, tricks, 6)
    return outcome, settle_picked(profile, 5, PICKER, partner, outcome).units


# --------------------------------------------------------------------------- tiers and amounts (I-1..I-13)

@pytest.mark.parametrize(
    "case, pts, tricks, outcome, picker, partner, defender",
    [
        ("I-1 60-60 loses", 60, 3, "lose", -4, -2, +2),
        ("I-2 exactly 61 wins", 61, 3, "win", +2, +1, -1),
        ("I-3 90 is a plain win", 90, 4, "win", +2, +1, -1),
        ("I-4 91 is schneider", 91, 4, "win-s", +4, +2, -2),
        ("I-5 31 escapes schneider", 31, 2, "lose", -4, -2, +2),
        ("I-6 30 is schneidered", 30, 2, "lose-s", -8, -4, +4),
        ("I-7 all 120 but a zero trick lost", 120, 5, "win-s", +4, +2, -2),
        ("I-8 one zero-point trick, 0 CP", 0, 1, "lose-s", -8, -4, +4),
        ("I-9 bury 21, no trick", 21, 0, "lose-z", -12, -6, +6),
        ("I-10 all six tricks", 120, 6, "win-z", +6, +3, -3),
    ],
)
def test_tiers_with_partner(case, pts, tricks, outcome, picker, partner, defender):
    got_outcome, units = units_of(DEFAULT, pts, tricks)
    assert got_outcome == outcome, case
    assert units[PICKER] == picker and units[PARTNER] == partner
    assert [units[s] for s in (AL, CY, ED)] == [defender] * 3
    assert sum(units) == 0


def test_i1_without_double_on_the_bump():
    assert units_of(NO_DOB, 60, 3)[1] == (1, -2, 1, -1, 1)


def test_i9_partner_off_the_hook():
    outcome, units = units_of(OFF_HOOK, 21, 0)
    assert outcome == "lose-z"
    assert units == (6, -18, 6, 0, 6)


def test_i9_partner_off_the_hook_without_dob_is_minus_nine():
    prof = parse_rules("wi5-called-ace; partnerOffHookNoTrick=on; doubleOnBump=off")
    assert units_of(prof, 21, 0)[1] == (3, -9, 3, 0, 3)  # rules.md B-34: -9 / 0 / +3


def test_i11_picker_without_a_trick_still_takes_two_shares():
    # the partner's tricks carry the side: the side took 3 tricks, 64 CP
    outcome, units = units_of(DEFAULT, 64, 3)
    assert outcome == "win" and units[PICKER] == 2 and units[PARTNER] == 1


@pytest.mark.parametrize("pts, tricks, outcome, picker, each", [
    (30, 1, "lose-s", -16, 4),   # I-12 alone held to exactly 30
    (31, 1, "lose", -8, 2),      # I-12 alone at 31
    (120, 6, "win-z", 12, -3),   # I-13 alone takes every trick
])
def test_alone(pts, tricks, outcome, picker, each):
    got, units = units_of(DEFAULT, pts, tricks, partner=None)
    assert got == outcome
    assert units[PICKER] == picker
    assert [units[s] for s in range(5) if s != PICKER] == [each] * 4


def test_schneider_symmetric_90_moves_only_the_upper_line():
    prof = parse_rules("wi5-called-ace; schneiderSymmetric90=on")
    assert picked_result(prof, 90, 4, 6) == "win-s"
    assert picked_result(DEFAULT, 90, 4, 6) == "win"
    assert picked_result(prof, 31, 2, 6) == "lose" and picked_result(prof, 30, 2, 6) == "lose-s"


def test_i31_crack_schneidered_loss_dob():
    s = settle_picked(DEFAULT, 5, PICKER, PARTNER, "lose-s", marks={"crack": 1})
    assert s.per_defender == 8  # 2 (tier) x 2 (crack) x 2 (DOB)
    assert s.units == (8, -16, 8, -8, 8)
    assert s.multiplier == 2  # the export's multiplier: marks, not tier or DOB
    assert dict(s.factors) == {"tier: schneider": 2, "crack": 2, "double on the bump": 2}


# --------------------------------------------------------------------------- a full hand: unknown card (I-16, I-17)

# Bea picks; her six after the bury have no heart and her fail cards are the
# clubs and spades aces, so no ace call is legal and she calls AH with the QC
# as the unknown card.  Cy holds the AH.
UNDER_DEAL = {
    AL: "9H TH QH 9D TC KC",
    BEA: "QC QS JD AD AC AS",
    CY: "AH KH JC 8D 9C 8C",
    DI: "7H QD JS 7D TS KS",
    ED: "8H JH 9S 8S 7S 7C",
}


def under_game(deal=UNDER_DEAL) -> GameState:
    g = table(deal, "TD KD", dealer=ED)
    g.apply(Pass(AL))
    g.apply(Pick(BEA))
    g.apply(Bury(tuple(cs("TD KD"))))
    aces, tens, unders, forced = g.legal_calls()
    assert (aces, tens, unders, forced) == ([], [], [Card.HA], False)
    g.apply(Call(Card.HA, Card.CQ))
    return g


def test_i16_unknown_card_cannot_win_partner_takes_its_points():
    g = under_game()
    g.start_play()
    g.play(AL, Card.H9)
    assert names(g.legal_mask(BEA)) == {"QC"}  # B-11b: the unknown must be played
    g.play(BEA, Card.CQ)
    assert names(g.legal_mask(CY)) == {"AH"}  # B-20a
    winner = play_trick_rest(g, "AH 7H 8H")
    assert winner == CY
    assert g.seat_points()[CY] == 14  # 9H 0 + QC 3 + AH 11 + 7H 0 + 8H 0
    assert g.partner_revealed == 1


def play_trick_rest(g: GameState, cards: str) -> int:
    for c in cs(cards):
        g.play(g.to_act, c)
    return g.tricks[-1][2]


def test_i16_a_defender_who_trumps_wins_not_the_unknown():
    deal = dict(UNDER_DEAL)
    deal[AL] = "9H TH QH 9D 7H KC"  # Di is now void in hearts
    deal[DI] = "TC QD JS 7D TS KS"
    g = under_game(deal)
    assert play_trick(g, "9H QC AH 7D 8H") == DI
    assert g.seat_points()[DI] == 14


def test_i17_unknown_trump_does_not_follow_a_trump_lead():
    g = under_game()
    g.start_play()
    g.play(AL, Card.HQ)  # a trump lead
    assert names(g.legal_mask(BEA)) == {"QS", "JD", "AD"}  # not the QC unknown
    with pytest.raises(IllegalAction) as e:
        g.play(BEA, Card.CQ)
    assert e.value.code == "E-RENEGE"
    assert "B-11c" in e.value.diagnostic.message


def test_i17_unknown_fail_card_does_not_follow_its_printed_suit():
    # Bea holds the AS and the 7S, no club and no heart: no ace call is legal,
    # so she calls AH with the 7S as the unknown.  Spades are led: the 7S no
    # longer follows spades, so the AS is her only legal card.
    deal = {
        AL: "9S TH QH 9D TC KC",
        BEA: "QC QS JD AD AS 7S",
        CY: "AH KH JC 8D 9C 8C",
        DI: "7H QD JS 7D TS KS",
        ED: "8H JH 9H 8S AC 7C",
    }
    g = table(deal, "TD KD", dealer=ED)
    g.apply(Pass(AL))
    g.apply(Pick(BEA))
    g.apply(Bury(tuple(cs("TD KD"))))
    assert g.legal_calls() == ([], [], [Card.CA, Card.HA], False)
    g.apply(Call(Card.HA, Card.S7))
    g.start_play()
    g.play(AL, Card.S9)
    assert names(g.legal_mask(BEA)) == {"AS"}
    with pytest.raises(IllegalAction) as e:
        g.play(BEA, Card.S7)
    assert e.value.code == "E-RENEGE" and "B-11c" in e.value.diagnostic.message


def test_unknown_call_refused_while_an_ace_call_is_legal():
    deal = {
        AL: "9S TH QH 9D TC KC",
        BEA: "QC QS JD AD AC 7S",
        CY: "AH KH JC 8D 9C 8C",
        DI: "7H QD JS 7D TS KS",
        ED: "8H JH 9H 8S AS 7C",
    }
    g = table(deal, "TD KD", dealer=ED)
    g.apply(Pass(AL))
    g.apply(Pick(BEA))
    g.apply(Bury(tuple(cs("TD KD"))))
    assert g.legal_calls()[0] == [Card.SA]  # the 7S holds spades
    with pytest.raises(IllegalAction) as e:
        g.apply(Call(Card.HA, Card.S7))
    assert e.value.code == "E-UNDER-NOT-ALLOWED"


# --------------------------------------------------------------------------- partner and picker obligations (I-18..I-21)

# Al picks (first to speak, Ed deals), buries KD 8S and calls AH with the 7H
# as hold card.  Cy holds AH KH 9H 8H and is void in spades and trump.
CALL_DEAL = {
    AL: "QC QS JD AD 7H 9C",
    BEA: "AS TS KS QH JC TD",
    CY: "AH KH 9H 8H TC 8C",
    DI: "9S 7S QD JS 9D AC",
    ED: "TH JH 8D 7D KC 7C",
}


def called_game(dealer=ED, picker=AL, rules="wi5-called-ace") -> GameState:
    g = table(CALL_DEAL, "KD 8S", dealer=dealer, rules=rules)
    s = (dealer + 1) % 5
    while s != picker:
        g.apply(Pass(s))
        s = (s + 1) % 5
    g.apply(Pick(picker))
    g.apply(Bury(tuple(cs("KD 8S"))))
    g.apply(Call(Card.HA))
    assert g.partner == CY
    return g


def test_i20_partner_may_not_schmear_the_called_ace_and_i21_picker_keeps_the_hold_card():
    g = called_game()
    assert play_trick(g, "9C TD 8C AC 7C") == BEA  # Bea trumps the club lead
    g.play(BEA, Card.SA)  # spades led: Cy and Al are void in spades
    assert names(g.legal_mask(CY)) == {"KH", "9H", "8H", "TC"}  # I-20: not the AH
    with pytest.raises(IllegalAction) as e:
        g.play(CY, Card.HA)
    assert e.value.code == "E-CALLED-ACE"
    g.play(CY, Card.CT)
    g.play(DI, Card.S9)
    g.play(ED, Card.D7)
    assert names(g.legal_mask(AL)) == {"QC", "QS", "JD", "AD"}  # I-21: not the 7H hold card
    with pytest.raises(IllegalAction) as e:
        g.play(AL, Card.H7)
    assert e.value.code == "E-HOLD-CARD"


def test_i19_partner_may_not_lead_low_in_the_called_suit():
    g = called_game(dealer=BEA, picker=AL)  # Cy leads trick 1
    g.start_play()
    assert g.to_act == CY
    assert names(g.legal_mask(CY)) == {"AH", "TC", "8C"}
    with pytest.raises(IllegalAction) as e:
        g.play(CY, Card.HK)
    assert e.value.code == "E-CALLED-ACE"
    assert e.value.diagnostic.expected == "AH"


def test_i19_partner_may_run_with_four_cards_when_the_profile_allows():
    g = called_game(dealer=BEA, picker=AL, rules="wi5-called-ace; partnerMayRun=on")
    g.start_play()
    g.play(CY, Card.HK)  # AH KH 9H 8H: four of the called suit
    assert g.called_trick == 0  # the called suit has been led


def test_i18_called_suit_never_led_comes_out_on_the_last_trick():
    g = called_game()
    # Al keeps trump leads; nobody leads hearts until the last trick.
    assert play_trick(g, "QC QH 8C JS JH") == AL
    assert play_trick(g, "QS JC TC QD 8D") == AL
    assert play_trick(g, "JD TD KH 9D 7D") == AL
    assert play_trick(g, "AD TS 9H 7S TH") == AL  # Bea, Cy, Di void in trump now
    assert play_trick(g, "9C KS 8H AC KC") == DI
    # trick 6: Di leads a spade; Cy's AH and Al's 7H come out on another suit
    assert names(g.legal_mask(DI)) == {"9S"}
    assert play_trick(g, "9S 7C 7H AS AH") == BEA
    assert g.called_trick is None and g.done
    assert g.partner_revealed == 6


def test_i33_crack_eligibility_after_the_picker_only():
    g = called_game(dealer=BEA, picker=AL)  # Cy, Di, Ed passed before Al picked
    for early in (CY, DI, ED):
        with pytest.raises(IllegalAction) as e:
            g.apply(Crack(early))
        assert e.value.code == "E-CRACK"
    g.apply(Crack(BEA))  # the dealer speaks after the picker
    g.apply(Recrack(AL))
    assert g.marks() == {"crack": 1, "re-crack": 1, "castrate": 0, "blitz": 0}


def test_crack_any_defender_profile_and_mark_cap():
    g = called_game(dealer=BEA, picker=AL, rules="wi5-called-ace; crackEligibility=anyDefender; maxMarks=1")
    g.apply(Crack(CY))
    with pytest.raises(IllegalAction) as e:
        g.apply(Recrack(AL))
    assert e.value.code == "E-MARK-CAP"


# --------------------------------------------------------------------------- calls (I-14, I-22..I-24)

def picker_table(eight: str, rest: list[str], bury: str, rules="wi5-called-ace") -> GameState:
    """Al picks with the eight cards ``eight`` (the blind is the last two) and
    buries ``bury``; the other seats get ``rest``."""
    cards = eight.split()
    deal = {AL: " ".join(cards[:6]), BEA: rest[0], CY: rest[1], DI: rest[2], ED: rest[3]}
    g = table(deal, " ".join(cards[6:]), dealer=ED, rules=rules)
    g.apply(Pick(AL))
    g.apply(Bury(tuple(cs(bury))))
    return g


THREE_ACES = "AC AS AH QC QS JD 7C 7S"
THREE_ACES_REST = ["TC KC 9C 8C TS KS", "9S 8S TH KH 9H 8H", "7H QH QD JC JS JH", "AD TD KD 9D 8D 7D"]


def test_i22_three_aces_call_a_ten():
    g = picker_table(THREE_ACES, THREE_ACES_REST, "7C 7S")
    aces, tens, unders, forced = g.legal_calls()
    assert aces == [] and unders == [] and not forced
    assert tens == [Card.CT, Card.ST, Card.HT]
    with pytest.raises(IllegalAction) as e:
        g.apply(Call(Card.CA))
    assert e.value.code == "E-CALL-HELD"
    g.apply(Call(Card.HT))  # AH is the hold card
    assert g.partner == CY and g.call_type.value == "ten"


def test_i22_three_aces_and_three_tens_forced_alone():
    eight = "AC AS AH TC TS TH QC QS"
    rest = ["KC 9C 8C 7C KS 9S", "8S 7S KH 9H 8H 7H", "QH QD JC JS JH JD", "AD TD KD 9D 8D 7D"]
    g = picker_table(eight, rest, "QC QS")
    assert g.legal_calls()[3] is True
    g.start_play()  # no call written: a forced alone is taken as alone (B-13)
    assert g.alone and g.call_type.value == "alone"


def test_i23_only_fail_cards_are_aces_unknown_call_of_the_others():
    eight = "AC QC QS QH JD AD TD KD"
    rest = ["TC KC 9C 8C 7C AS", "TS KS 9S 8S 7S AH", "TH KH 9H 8H 7H QD", "JC JS JH 9D 8D 7D"]
    g = picker_table(eight, rest, "TD KD")
    aces, tens, unders, forced = g.legal_calls()
    assert aces == [] and tens == [] and not forced
    assert unders == [Card.SA, Card.HA]
    g.apply(Call(Card.SA, Card.DA))
    assert g.partner == BEA and g.under == Card.DA


def test_i24_bury_the_last_card_of_a_suit_then_call_its_ace():
    eight = "9C QC QS QH JD AD TH KS"
    rest = ["AC TC KC 8C 7C AS", "TS 9S 8S 7S AH KH", "9H 8H 7H QD JC JS", "JH TD KD 9D 8D 7D"]
    g = picker_table(eight, rest, "TH KS")  # no heart and no spade kept
    with pytest.raises(IllegalAction) as e:
        g.apply(Call(Card.HA))
    assert e.value.code == "E-CALL-NO-HOLD"
    g.apply(Call(Card.CA))  # the 9C is a hold card


def test_i14_called_ace_in_the_blind_is_buried_and_cannot_be_called():
    eight = "9H QC QS QH JD AD AH 8H"  # the AH came in the blind
    rest = ["AC TC KC 8C 7C AS", "TS 9S 8S 7S TH KH", "9C 7H QD JC JS JH", "KS TD KD 9D 8D 7D"]
    g = picker_table(eight, rest, "AH 8H")
    with pytest.raises(IllegalAction) as e:
        g.apply(Call(Card.HA))
    assert e.value.code == "E-CALL-HELD"
    assert "bury" in e.value.diagnostic.message


def test_no_bury_into_unknown():
    # Al buries his only hearts (TH 8H) while the AH is out: an ace call of
    # hearts was possible, so the unknown call is refused by default ...
    eight = "AC QC QS QH JD AD TH 8H"
    rest = ["TC KC 9C 8C 7C AS", "TS KS 9S 8S 7S AH", "KH 9H 7H QD JC JS", "JH TD KD 9D 8D 7D"]
    g = picker_table(eight, rest, "TH 8H")
    with pytest.raises(IllegalAction) as e:
        g.apply(Call(Card.SA, Card.DA))
    assert e.value.code == "E-UNDER-NOT-ALLOWED"
    # ... and allowed with noBuryIntoUnknown=off
    g = picker_table(eight, rest, "TH 8H", rules="wi5-called-ace; noBuryIntoUnknown=off")
    g.apply(Call(Card.SA, Card.DA))
    assert g.partner == BEA


# --------------------------------------------------------------------------- leaster (I-25..I-28)

# Everyone passes.  Al holds the six top trumps and leads them; Bea follows
# trump every time, so Al takes every trick; the blind (AH TH, 21 CP) goes to
# the last trick's winner.
SWEEP_DEAL = {
    AL: "QC QS QH QD JC JS",
    BEA: "JH JD AD TD KD 9D",
    CY: "8D 7D AC TC KC 9C",
    DI: "8C 7C AS TS KS 9S",
    ED: "8S 7S 8H 7H KH 9H",
}


def sweep_game(rules="wi5-called-ace") -> GameState:
    g = table(SWEEP_DEAL, "AH TH", dealer=ED, rules=rules)
    for s in range(5):
        g.apply(Pass(s))
    assert g.leaster and g.phase == Phase.PLAY
    for trick in ("QC JH 8D 8C 8S", "QS JD 7D 7C 7S", "QH AD AC AS 8H", "QD TD TC TS 7H", "JC KD KC KS KH",
                  "JS 9D 9C 9S 9H"):
        assert play_trick(g, trick) == AL
    return g


def test_i25_leaster_one_player_takes_every_trick_wins():
    g = sweep_game()
    assert g.leaster_points() == [120, 0, 0, 0, 0]  # 99 in tricks + the 21 CP blind (I-28)
    s = g.settlement()
    assert s.units == (4, -1, -1, -1, -1)


def test_i25_sweep_paid_triple():
    s = sweep_game("wi5-called-ace; leasterSweepPaysTriple=on").settlement()
    assert s.units == (12, -3, -3, -3, -3)


def test_i26_leaster_tie_is_a_wash():
    prof = DEFAULT
    assert leaster_winner(prof, [20, 20, 30, 50, 0], [1, 2, 1, 2, 0]) == [AL, BEA]
    assert settle_leaster(prof, 5, None).units == (0, 0, 0, 0, 0)


def test_i27_trickless_player_is_not_eligible():
    pts, tricks = [0, 40, 25, 30, 25], [0, 2, 1, 2, 1]
    assert leaster_winner(DEFAULT, pts, tricks) == [CY, ED]  # tie among trick-takers at 25
    pts = [0, 40, 24, 31, 25]
    assert leaster_winner(DEFAULT, pts, tricks) == [CY]
    no_rule = parse_rules("wi5-called-ace; leasterMustTakeTrick=off")
    assert leaster_winner(no_rule, pts, tricks) == [AL]


def test_i28_blind_to_last_trick_winner_changes_the_winner():
    # before the blind Cy has 10 and Di 25 (Al 35, Bea 29, Ed no trick); Cy took the last trick and the
    # blind's 21 CP make Cy 31, so Di wins
    pts = [35, 29, 10 + 21, 25, 0]  # 99 CP in tricks + 21 in the blind
    assert leaster_winner(DEFAULT, pts, [2, 1, 1, 2, 0]) == [DI]


# --------------------------------------------------------------------------- jack of diamonds (I-29, I-30)

JD = "wi5-jack-of-diamonds"
JD_REST = ["AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S", "AH TH KH 9H 8H 7H", "QH QD JH TD 9D 8D"]


def jd_game(rules, eight="QC QS JC JS AD KD JD 7D", bury="7D KD"):
    return picker_table(eight, JD_REST, bury, rules=rules)


def test_i29_jd_in_the_blind_picker_alone():
    g = jd_game(JD)
    assert g.alone and g.partner is None
    g.start_play()
    assert settle_picked(g.profile, 5, AL, None, "win").units == (4, -1, -1, -1, -1)
    assert settle_picked(g.profile, 5, AL, None, "lose").units == (-8, 2, 2, 2, 2)


def test_i29_callup_after_the_blind_names_the_next_jack():
    g = jd_game(JD + "; jdCallUp=on")
    with pytest.raises(IllegalAction) as e:
        g.apply(Call(Card.SJ))  # Al holds JC and JS; the next jack not held is JH
    assert e.value.code == "E-CALL-JD" and e.value.diagnostic.expected == "JH"
    g.apply(Call(Card.HJ))
    assert g.partner == ED and not g.alone


def test_i30_callup_before_the_blind_called_jack_in_the_blind():
    # Al was dealt the JD; before seeing the blind he calls the JH, which is in the blind
    eight = "QC QS JC JS AD JD KD JH"
    rest = ["AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S", "AH TH KH 9H 8H 7H", "QH QD 7D TD 9D 8D"]
    g = picker_table(eight, rest, "KD AD", rules=JD + "; jdCallUp=on; jdCallTiming=beforeBlind")
    g.apply(Call(Card.HJ))
    assert g.partner is None and g.alone


def test_jd_picker_without_the_jd_cannot_go_alone():
    eight = "QC QS JC JS AD KD 7D 9D"
    rest = ["AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S", "AH TH KH 9H 8H 7H", "QH QD JH TD JD 8D"]
    g = picker_table(eight, rest, "7D 9D", rules=JD)
    assert g.partner == ED and g.call_type.value == "jd"
    with pytest.raises(IllegalAction) as e:
        g.apply(Alone())
    assert e.value.code == "E-ALONE-JD"


# --------------------------------------------------------------------------- I-42 and bury errors

def test_i42_queen_of_hearts_lead_is_a_trump_lead():
    g = called_game()
    g.start_play()
    g.play(AL, Card.CQ)  # trump led; Cy holds hearts and no trump
    assert names(g.legal_mask(BEA)) == {"QH", "JC", "TD"}
    g.play(BEA, Card.HQ)
    assert names(g.legal_mask(CY)) == {"KH", "9H", "8H", "TC", "8C"}  # anything but the called ace


def test_bury_of_other_than_two_cards():
    g = table(CALL_DEAL, "KD 8S", dealer=ED)
    g.apply(Pick(AL))
    with pytest.raises(IllegalAction) as e:
        g.apply(Bury(tuple(cs("KD"))))
    assert e.value.code == "E-BURY-COUNT"
    with pytest.raises(IllegalAction) as e:
        g.apply(Bury(tuple(cs("KD AH"))))
    assert e.value.code == "E-BURY-NOT-HELD"
    assert g.phase == Phase.BURY  # nothing changed


def test_renege_and_wrong_turn_leave_the_state_unchanged():
    g = called_game()
    g.start_play()
    g.play(AL, Card.C9)
    g.play(BEA, Card.DT)  # Bea has no club: a trump is legal
    before = (list(g.hands), list(g.trick), g.to_act)
    with pytest.raises(IllegalAction) as e:
        g.play(DI, Card.CA)  # Cy is to play
    assert e.value.code == "E-WRONG-TURN"
    with pytest.raises(IllegalAction) as e:
        g.play(CY, Card.HK)  # Cy holds TC 8C and must follow clubs
    assert e.value.code == "E-RENEGE"
    assert e.value.diagnostic.expected == "TC 8C"
    assert (list(g.hands), list(g.trick), g.to_act) == before


def test_a_renege_the_table_ruled_on_loses_the_hand_for_the_offenders_side():
    g = called_game()
    g.start_play()
    g.play(AL, Card.C9)
    g.play(BEA, Card.DT)
    g.play(CY, Card.HK, renege=True)  # the partner reneges (^R)
    assert g.reneges == [(CY, 1)]
