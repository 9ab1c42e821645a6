"""Two-handed Sheepshead with table cards, profile ``wi2`` (rules.md F-1, first
row: 2 players, 32 cards, 8 in hand + 8 on the table as 4 face-down cards
under 4 face-up ones, no blind, no partner, most card points win, table cards
turn up as they are uncovered).  docs/profiles.md "Two-handed" gives the
choices made; docs/notation.md §6 the ``table`` statement.

Every expected amount is worked out in the comment beside it from the rules,
not read back from the code.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.shn.reader import read
from replay.actions import Claim, Pass, Pick, Play
from ingest.validate import validate_text
from replay.cards import Card, mask_of, points_of
from replay.errors import IllegalAction, ProfileError
from replay.generator import random_hand
from replay.profile import parse_rules, profile_text
from replay.scoring import picked_result, schneider_lines, settle_picked
from replay.state import GameState

FIXTURES = Path(__file__).parent / "fixtures" / "profiles"
WI2 = parse_rules("wi2")


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def stacks(text: str) -> list[tuple[Card, Card]]:
    """``"8D/TC 9S/KH"`` -> [(8D, TC), (9S, KH)]: (face-down, face-up)."""
    return [(Card.parse(d), Card.parse(u)) for d, u in (t.split("/") for t in text.split())]


def outcomes(text: str):
    r = validate_text(text, "t.shn")
    return {h.outcome.hand: h.outcome for h in r.hands}, [e for x in r.rejected for e in x.errors]


# ---------------------------------------------------------------------------
# the profile (rules.md F-1, J)


def test_geometry():
    # 2 seats x (8 in hand + 4 stacks x 2 table cards) = 32 cards, no blind; 16 tricks of 2 cards
    assert (WI2.players, WI2.deck, WI2.hand_size, WI2.blind_size, WI2.tableStacks) == (2, 32, 8, 0, 4)
    assert WI2.tricks == 16 and WI2.partnerMode == "none" and not WI2.doubleOnBump
    assert 2 * (WI2.hand_size + 2 * WI2.tableStacks) + WI2.blind_size == 32
    assert profile_text(WI2) == "wi2"


@pytest.mark.parametrize("text, code", [
    ("wi2; doubleOnBump=on", "E-RULES-VALUE"),   # nobody picks, so nobody is bumped (B-32)
    ("wi2; tableStacks=3", "E-RULES-FLAG"),      # geometry comes with the name, not a flag
    ("wi5-called-ace; partnerMode=none", "E-RULES-VALUE"),  # no table cards at five
    ("wi2; partnerMode=calledAce", "E-RULES-VALUE"),        # no blind, no partner in wi2
    ("wi2; pot=on", "E-RULES-VALUE"),            # the pot is five-handed only (D-19)
])
def test_refused_flags(text, code):
    with pytest.raises(ProfileError) as ei:
        parse_rules(text)
    assert ei.value.code == code


# ---------------------------------------------------------------------------
# tiers from the winner's side (rules.md B-27..B-30 applied to the winner)


@pytest.mark.parametrize("pts, tricks, want", [
    (91, 10, "win-s"),   # head 91: the schneider line (B-28)
    (90, 10, "win"),     # head 90: a plain win
    (61, 8, "win"),      # head 61: wins (B-27)
    (60, 8, "lose"),     # 60-60: the head loses (B-27), one unit
    (59, 8, "lose"),     # the other seat 61: a plain win for it
    (31, 4, "lose"),
    (30, 4, "lose"),     # the other seat 90: a plain win, not a schneider (at five-handed 30 is lose-s)
    (29, 4, "lose-s"),   # the other seat 91: its schneider
    (0, 1, "lose-s"),    # a zero-point trick saves the no-tricker (B-30)
    (120, 15, "win-s"),  # every point but not every trick: schneider (B-30)
    (120, 16, "win-z"),  # every trick (B-29)
    (0, 0, "lose-z"),
])
def test_two_handed_tiers(pts, tricks, want):
    assert picked_result(WI2, pts, tricks, 16) == want


def test_two_handed_tiers_under_schneider_symmetric_90():
    prof = parse_rules("wi2; schneiderSymmetric90=on")
    assert schneider_lines(prof) == (90, 30)  # 120 - 90 = 30
    assert [picked_result(prof, p, 8, 16) for p in (90, 89, 31, 30)] == ["win-s", "win", "lose", "lose-s"]
    assert schneider_lines(WI2) == (91, 29)  # 120 - 91 = 29
    assert schneider_lines(parse_rules("wi5-called-ace")) == (91, 30)  # B-28 unchanged at five


@pytest.mark.parametrize("outcome, head, other", [
    ("win", 1, -1), ("win-s", 2, -2), ("win-z", 3, -3),     # one defender: tier x 1 (B-31), head gets D = 1 share
    ("lose", -1, 1), ("lose-s", -2, 2), ("lose-z", -3, 3),  # no double on the bump in wi2
])
def test_settlement_one_unit_per_tier(outcome, head, other):
    s = settle_picked(WI2, 2, 1, None, outcome)
    assert s.units == (other, head) and sum(s.units) == 0


def test_a_crack_doubles():
    s = settle_picked(WI2, 2, 1, None, "lose-s", marks={"crack": 1})
    assert s.units == (4, -4)  # tier 2 x crack 2 = 4


# ---------------------------------------------------------------------------
# the engine: table cards as masks (rules.md F-1)

# The deal of the worked hand (tests/fixtures/profiles/wi2.shn): Al (seat 0) deals, Bea (seat 1) heads.
AL_HAND, BEA_HAND = "9C 8C KS QS 7S 8H TD KD", "TS JS 8S AH QH JH AD JD"
AL_TABLE, BEA_TABLE = "8D/TC 9S/KH KC/TH 9H/QC", "9D/JC QD/7D AS/7H AC/7C"


def test_playable_cards_are_hand_and_face_up():
    g = GameState(WI2, 0, [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))], 0,
                  table=[stacks(AL_TABLE), stacks(BEA_TABLE)])
    assert g.complete
    # Al: 8 in hand + TC KH TH QC face up; 8D 9S KC 9H face down
    assert g.hands[0] == mask_of(cards(AL_HAND + " TC KH TH QC"))
    assert g.down[0] == mask_of(cards("8D 9S KC 9H"))


def test_a_face_down_card_cannot_be_played():
    g = GameState(WI2, 0, [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))], 0,
                  table=[stacks(AL_TABLE), stacks(BEA_TABLE)])
    g.apply(Pick(1))
    with pytest.raises(IllegalAction) as ei:
        g.play(1, Card.parse("AS"))
    assert ei.value.code == "E-TABLE-DOWN" and "7H" in str(ei.value)


def test_the_card_under_turns_up_and_follow_suit_counts_face_up_cards():
    g = GameState(WI2, 0, [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))], 0,
                  table=[stacks(AL_TABLE), stacks(BEA_TABLE)])
    g.apply(Pick(1))
    g.play(1, Card.parse("7H"))  # Bea plays her face-up 7H: the AS under it turns up
    assert g.hands[1] >> Card.parse("AS") & 1 and not g.down[1] >> Card.parse("AS") & 1
    # Al must follow hearts with the hearts he may play: 8H (hand), KH and TH (face up);
    # the 9H lies face down under QC and does not count
    assert g.legal_mask(0) == mask_of(cards("8H KH TH"))
    with pytest.raises(IllegalAction) as ei:
        g.play(0, Card.parse("9C"))
    assert ei.value.code == "E-RENEGE"


def test_a_suit_held_only_face_down_need_not_be_followed():
    # Al holds his only club (AC) face down under KD; every heart is his, face up or under face-up cards
    al_hand = "QC QS QH QD JC JS JH JD"
    al_table = "AC/KD 7H/AH 8H/TH 9H/KH"
    bea_hand = "7C 8C 9C KC TC AS TS KS"
    bea_table = "9S/8S 7S/AD TD/9D 8D/7D"
    g = GameState(WI2, 0, [mask_of(cards(al_hand)), mask_of(cards(bea_hand))], 0,
                  table=[stacks(al_table), stacks(bea_table)])
    assert g.complete
    g.apply(Pick(1))
    g.play(1, Card.parse("7C"))
    # void in playable clubs: any of his 12 playable cards (8 in hand + KD AH TH KH), no renege
    assert g.legal_mask(0) == g.hands[0] and g.hands[0].bit_count() == 12
    g.play(0, Card.parse("AH"))  # AH wins nothing (7C led, no trump): Bea takes 11 points
    assert not g.reneges and g.tricks[-1][2] == 1
    assert g.hands[0] >> Card.parse("7H") & 1  # the 7H under AH turned up


def test_the_dealer_is_not_the_head():
    g = GameState(WI2, 0, [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))], 0,
                  table=[stacks(AL_TABLE), stacks(BEA_TABLE)])
    with pytest.raises(IllegalAction) as ei:
        g.apply(Pick(0))  # Al deals; Bea, the non-dealer, leads and heads
    assert ei.value.code == "E-PICK-ORDER"
    with pytest.raises(IllegalAction) as ei:
        g.apply(Pass(1))
    assert ei.value.code == "E-PHASE"


def test_a_claim_takes_the_face_down_cards_too():
    g = GameState(WI2, 0, [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))], 0,
                  table=[stacks(AL_TABLE), stacks(BEA_TABLE)])
    g.apply(Pick(1))
    g.play(1, Card.parse("TS"))
    g.play(0, Card.parse("7S"))  # Bea wins 10
    g.apply(Claim(1))
    # card conservation: every card taken once, 120 card points; Bea all 16 tricks = win-z
    assert g.taken[0] | g.taken[1] == WI2.deck_mask and not g.taken[0] & g.taken[1]
    assert points_of(g.taken[1]) == 120 and g.down == [0, 0]
    assert g.settlement().units == (-3, 3)


def test_table_cards_only_in_wi2():
    with pytest.raises(IllegalAction) as ei:
        GameState(parse_rules("wi4-black-queens"), 0, [0] * 4, 0, complete=False,
                  table=[stacks(AL_TABLE), [], [], []])
    assert ei.value.code == "E-TABLE-NONE"


# ---------------------------------------------------------------------------
# the worked hands (tests/fixtures/profiles/wi2.shn, docs/profiles.md)


def test_worked_wi2():
    got, errors = outcomes((FIXTURES / "wi2.shn").read_text(encoding="utf-8"))
    assert errors == [], [str(e) for e in errors]
    h1, h2, h3 = got[1], got[2], got[3]
    # Hand 1, Al deals, Bea heads.  Trick by trick (A 11, T 10, K 4, Q 3, J 2):
    #  t1 TS 7S Bea 10 | t2 JH TD Bea 12 | t3 JC QS Al 5 | t4 KH 7H Al 4 | t5 9S AS Bea 11
    #  t6 7C 8C Al 0 | t7 TC AC Bea 21 | t8 9D 8D Bea 0 | t9 8S KS Al 4 | t10 TH AH Bea 21
    #  t11 QH QC Al 6 | t12 8H 7D Bea 0 | t13 AD KD Bea 15 | t14 JS KC Bea 6 | t15 JD 9C Bea 2
    #  t16 QD 9H Bea 3
    # Bea 10+12+11+21+0+21+0+15+6+2+3 = 101 in 11 tricks; Al 5+4+0+4+6 = 19 in 5; 101 + 19 = 120.
    # 101 >= 91: schneider, tier 2, x1 (no bump): Bea +2, Al -2.
    assert (h1.picker, h1.picker_points, h1.picker_tricks, h1.outcome) == ("Bea", 101, 11, "win-s")
    assert h1.units == {"Al": -2, "Bea": 2} and h1.status == "full"
    # Hand 2 (score sheet): Al heads with 30, Bea has 120 - 30 = 90 < 91: a plain win for Bea, -1 / +1.
    assert (h2.picker, h2.outcome, h2.units) == ("Al", "lose", {"Al": -1, "Bea": 1})
    # Hand 3: 60-60, the head (Bea) loses one unit (B-27).
    assert (h3.picker, h3.outcome, h3.units) == ("Bea", "lose", {"Al": 1, "Bea": -1})


def _worked_text() -> str:
    return (FIXTURES / "wi2.shn").read_text(encoding="utf-8")


def test_a_schneidered_head_at_30_is_an_error():
    text = _worked_text().replace("pick Al  pts 30  lose", "pick Al  pts 30  lose-s")
    _, errors = outcomes(text)
    assert [e.code for e in errors] == ["E-OUTCOME"]


def test_playing_a_face_down_card_is_e_table_down():
    # t1: Bea leads AS, which lies face down under her 7H (line 14, AS at column 9)
    text = _worked_text().replace("t1 Bea: TS 7S", "t1 Bea: AS 7S")
    _, errors = outcomes(text)
    e = errors[0]
    assert (e.code, e.line, e.col, e.hand) == ("E-TABLE-DOWN", 14, 9, 1) and "under 7H" in e.message


@pytest.mark.parametrize("old, new, code", [
    ("table Al  8D/TC 9S/KH KC/TH 9H/QC", "table Al  8D/TC 9S/KH KC/TH", "E-TABLE-SIZE"),  # 3 stacks, not 4
    ("table Al  8D/TC 9S/KH KC/TH 9H/QC", "table Al  8D/TC 9S/KH KC/TH 9H/TS", "E-DEAL-DUPLICATE"),  # TS is Bea's
])
def test_table_line_errors(old, new, code):
    _, errors = outcomes(_worked_text().replace(old, new))
    assert errors and errors[0].code == code and errors[0].line == 11


def test_table_lines_without_deal_lines():
    text = _worked_text()
    text = "\n".join(ln for ln in text.split("\n") if not ln.startswith("deal "))
    _, errors = outcomes(text)
    assert errors and errors[0].code == "E-TABLE-DEAL"


def test_a_table_line_in_another_profile():
    text = ('%SHN 1.0\n[Seats "Al; Bea; Cy; Di"]\n[Rules "wi4-black-queens"]\n\nhand 1  dealer Di\n'
            "table Al 8D/TC 9S/KH KC/TH 9H/QC\npick Al  pts 61  win\n")
    _, errors = outcomes(text)
    assert errors and (errors[0].code, errors[0].line) == ("E-TABLE-NONE", 6)


@pytest.mark.parametrize("line, col", [
    ("table Al 7C QS KC/TH 9H/QC 8D/TC", 10),  # a stack without '/'
    ("table Al 7C/ 9S/KH KC/TH 9H/QC", 10),    # no face-up card
    ("table Al 7C/QX 9S/KH KC/TH 9H/QC", 10),  # not a card
    ("table Al", 9),                           # no stack (end of line)
])
def test_stack_written_wrong_is_e_table(line, col):
    f = read(f'%SHN 1.0\n[Seats "Al; Bea"]\n[Rules "wi2"]\n\nhand 1  dealer Bea\n{line}\n')
    e = f.hands[0].errors[0]
    assert (e.code, e.line, e.col) == ("E-TABLE", 6, col)


def test_score_sheet_lines():
    text = ('%SHN 1.0\n[Seats "Al; Bea"]\n[Rules "wi2"]\n\n'
            "hand 1  dealer Al\npick Bea  crack Al  pts 61  win\n\n"   # 1 x crack 2 = 2: Bea +2, Al -2
            "hand 2  dealer Bea\npick Al  pts 29  lose-s\n\n"          # Bea 91: schneider, 2: Al -2, Bea +2
            "hand 3  dealer Al\npick Al  pts 61  win\n\n"              # Al deals: not the head
            "hand 4  dealer Bea\npick Al  call AH  pts 61  win\n\n"    # no call: the head plays alone
            "hand 5  dealer Bea\nleaster Al\n")                        # nobody picks, so no leaster
    got, errors = outcomes(text)
    assert got[1].units == {"Al": -2, "Bea": 2} and got[1].call_type == "alone"
    assert got[2].units == {"Al": -2, "Bea": 2}
    assert [(e.code, e.line) for e in errors] == [("E-PICK-ORDER", 12), ("E-CALL-NONE", 15), ("E-NOPICK", 18)]


# ---------------------------------------------------------------------------
# invariants over random legal two-handed hands (hypothesis)

@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["wi2", "wi2; schneiderSymmetric90=on", "wi2; trumpOrder=spitz2"]),
       st.integers(0, 1))
def test_table_cards_are_conserved_and_never_played_face_down(seed, rules, dealer):
    """At every card: the playable cards, the face-down cards, the cards
    taken and the trick partition the deck (each card once, rules.md A-1);
    no card is played while it lies face down; a face-down card turns up
    exactly when the card on it is played (rules.md F-1); the hand ends with
    16 tricks, 120 card points and a zero-sum settlement (B-35) whose sign
    follows who has 61 or more."""
    prof = parse_rules(rules)
    h = random_hand(random.Random(seed), prof, dealer)
    g = GameState(prof, h.dealer, list(h.hands), h.blind, table=h.table)
    under = {u: d for stacks in h.table for d, u in stacks}
    for a in h.actions:
        if type(a) is not Play:
            g.apply(a)
            continue
        assert not any(g.down[s] >> a.card & 1 for s in range(2))  # never played face down
        hidden = g.down[a.seat]
        g.play(a.seat, a.card)
        turned = hidden & ~g.down[a.seat]
        assert turned == ((1 << under[a.card]) if a.card in under else 0)
        parts = [*g.hands, *g.down, *g.taken, g.trick_mask]
        union = 0
        for m in parts:
            assert not union & m
            union |= m
        assert union == prof.deck_mask
    assert g.done and len(g.tricks) == 16 and g.down == [0, 0]
    assert points_of(g.taken[0]) + points_of(g.taken[1]) == 120
    s = g.settlement()
    assert sum(s.units) == 0
    head = g.picker
    assert head == (h.dealer + 1) % 2  # the non-dealer heads
    if 0 < g.ntaken[head] < 16:
        assert (s.units[head] > 0) == (points_of(g.taken[head]) >= 61)
    assert {abs(u) for u in s.units} <= {1, 2, 3, 4, 6, 8, 12}  # tier 1..3 x marks


def test_a_deal_without_every_table_is_not_complete():
    hands = [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))]
    assert not GameState(WI2, 0, hands, 0, table=[stacks(AL_TABLE), []]).complete
    assert not GameState(WI2, 0, hands, 0).complete
    with pytest.raises(IllegalAction) as ei:
        GameState(WI2, 0, hands, 0, complete=True, table=[stacks(AL_TABLE), []])
    assert ei.value.code == "E-TABLE-SIZE"


def test_a_missing_table_line_with_tricks_is_incomplete():
    text = "\n".join(ln for ln in _worked_text().split("\n") if not ln.startswith("table Bea"))
    _, errors = outcomes(text)
    assert errors and errors[0].code == "E-DEAL-INCOMPLETE" and "table lines" in errors[0].message
