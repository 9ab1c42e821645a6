"""The two-handed battery games (issue 18; docs/profiles.md "Two-handed battery
games", docs/notation.md §6 ``tK S: h h b b``):

* ``wi2-battery`` — the ``wi2`` deal (8 in hand + 4 stacks face-down under
  face-up, rules.md F-1) played as eight tricks of four cards, each seat one
  hand card and one battery (face-up table) card, "hand, hand, battery,
  battery" (``batteryOrder=handFirst``) or the reverse (``batteryFirst``);
* ``wi2-all-table`` — all 32 cards on the table, 8 stacks a seat; one card a
  seat a trick (``allTableTrick=oneCard``, 16 tricks) or two
  (``twoCards``, 8 tricks of four).

Every expected amount is worked out by hand in the comment beside it (card
points A 11, T 10, K 4, Q 3, J 2, 9 8 7 nothing; rules.md A-6), never read
back from the code.  The outcome is read from the winner's side as in
``wi2`` (docs/profiles.md "Two-handed"): 91+ a schneider, every trick a
no-tricker, 60-60 the head (the non-dealer) loses.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.validate import validate_text
from replay.actions import Pick, Play
from replay.battery import BatteryState, new_state
from replay.cards import Card, cards_in, mask_of, points_of
from replay.errors import IllegalAction, ProfileError
from replay.generator import _copy, random_hand
from replay.profile import parse_rules, profile_text
from replay.state import GameState, Phase

FIXTURES = Path(__file__).parent / "fixtures" / "profiles"
BATTERY = parse_rules("wi2-battery")
REVERSE = parse_rules("wi2-battery; batteryOrder=batteryFirst")
ALL_TABLE = parse_rules("wi2-all-table")
ALL_TABLE_4 = parse_rules("wi2-all-table; allTableTrick=twoCards")


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def stacks(text: str) -> list[tuple[Card, Card]]:
    """``"8D/TC 9S/KH"`` -> [(8D, TC), (9S, KH)]: (face-down, face-up)."""
    return [(Card.parse(d), Card.parse(u)) for d, u in (t.split("/") for t in text.split())]


def validate(path: str):
    r = validate_text((FIXTURES / path).read_text(), path)
    errors = [e for x in r.rejected for e in x.errors]
    return {h.outcome.hand: h.outcome for h in r.hands}, errors


def errors_of(text: str) -> list:
    r = validate_text(text, "t.shn")
    return [e for x in r.rejected for e in x.errors]


# ---------------------------------------------------------------------------
# the profiles


def test_geometry():
    # wi2-battery: 2 x (8 hand + 4 stacks x 2) = 32 cards; each seat plays 16 cards, 2 a trick: 8 tricks of 4
    assert (BATTERY.players, BATTERY.hand_size, BATTERY.tableStacks, BATTERY.blind_size) == (2, 8, 4, 0)
    assert (BATTERY.tricks, BATTERY.trick_cards) == (8, 4)
    assert BATTERY.trick_slots == ("hand", "hand", "table", "table")
    assert REVERSE.trick_slots == ("table", "table", "hand", "hand") and REVERSE.tricks == 8
    # wi2-all-table: no hand, 8 stacks a seat = 16 cards a seat, 2 x 16 = 32
    assert (ALL_TABLE.hand_size, ALL_TABLE.tableStacks, 2 * 2 * ALL_TABLE.tableStacks) == (0, 8, 32)
    assert (ALL_TABLE.tricks, ALL_TABLE.trick_cards, ALL_TABLE.trick_slots) == (16, 2, None)
    assert (ALL_TABLE_4.tricks, ALL_TABLE_4.trick_cards, ALL_TABLE_4.trick_slots) == (8, 4, ("table",) * 4)
    # wi2 unchanged: 16 tricks of 2
    assert (parse_rules("wi2").tricks, parse_rules("wi2").trick_cards) == (16, 2)
    assert profile_text(REVERSE) == "wi2-battery; batteryOrder=batteryFirst"
    assert profile_text(ALL_TABLE_4) == "wi2-all-table; allTableTrick=twoCards"
    assert all(p.partnerMode == "none" and not p.doubleOnBump for p in (BATTERY, ALL_TABLE))


@pytest.mark.parametrize("text, code", [
    ("wi2; batteryOrder=batteryFirst", "E-RULES-VALUE"),           # wi2 plays one card a seat
    ("wi5-called-ace; batteryOrder=batteryFirst", "E-RULES-VALUE"),
    ("wi2-battery; allTableTrick=twoCards", "E-RULES-VALUE"),       # wi2-battery has a hand
    ("wi2; allTableTrick=twoCards", "E-RULES-VALUE"),
    ("wi2-battery; battery=off", "E-RULES-FLAG"),                   # geometry comes with the name
    ("wi2-all-table; tableStacks=4", "E-RULES-FLAG"),
    ("wi2-battery; doubleOnBump=on", "E-RULES-VALUE"),              # nobody picks (B-32)
    ("wi2-battery; batteryOrder=sideways", "E-RULES-VALUE"),
])
def test_refused_flags(text, code):
    with pytest.raises(ProfileError) as ei:
        parse_rules(text)
    assert ei.value.code == code


# ---------------------------------------------------------------------------
# worked hands (tests/fixtures/profiles/*.shn), amounts by hand


def test_worked_battery_hand_hand_battery_battery():
    """wi2-battery.shn.  Al (seat 0) deals, Bea leads and heads.  Face up at the
    start: Al TC KH TH QC (over 8D 9S KC 9H), Bea JC 7D 7H 7C (over 9D QD AS AC).
    Each trick: leader's hand card, Al/Bea's hand card, leader's battery card,
    the other's battery card.

    t1 Bea: AH 8H 7H KH -> Bea (AH high heart)  11+0+0+4   = 15   (7H and KH uncover AS and 9S;
        Al must follow hearts from hand with 8H, Bea from the battery with 7H)
    t2 Bea: JD TD 7D QC -> Al  (QC top trump)   2+10+0+3   = 15
    t3 Al:  KS TS 9S AS -> Bea (AS)             4+10+0+11  = 25   (9S and AS just turned up, must follow)
    t4 Bea: QH QS QD 9H -> Al  (QS > QH > QD)   3+3+3+0    = 9    (Al has no face-up trump: 9H)
    t5 Al:  KD AD TC JC -> Bea (JC > AD > KD)   4+11+10+2  = 27
    t6 Bea: 8S 7S 7C 8D -> Al  (8D trumps)      0
    t7 Al:  9C JH TH AC -> Bea (JH trumps)      0+2+10+11  = 23   (AC under 7C is up: Bea follows clubs)
    t8 Bea: JS 8C 9D KC -> Bea (JS)             2+0+0+4    = 6
    Bea 15+25+27+23+6 = 96 in 5 tricks; Al 15+9+0 = 24 in 3; 96 + 24 = 120.
    Bea 96 >= 91 and Al took a trick: win-s, Bea +2, Al -2 (zero-sum).
    Hand 2 (score sheet, no cards): Al heads with 61: a plain win, Al +1, Bea -1.
    Hand 3 (score sheet): 60-60, the head Bea loses (B-27): Bea -1, Al +1."""
    got, errors = validate("wi2-battery.shn")
    assert errors == []
    h1 = got[1]
    assert (h1.picker, h1.picker_points, h1.picker_tricks, h1.outcome) == ("Bea", 96, 5, "win-s")
    assert h1.units == {"Al": -2, "Bea": 2} and sum(h1.units.values()) == 0
    assert (got[2].picker, got[2].outcome, got[2].units) == ("Al", "win", {"Al": 1, "Bea": -1})
    assert (got[3].picker, got[3].outcome, got[3].units) == ("Bea", "lose", {"Al": 1, "Bea": -1})


def test_worked_battery_battery_first():
    """wi2-battery-reverse.shn (batteryOrder=batteryFirst).  Bea deals, Al leads
    and heads.  t1 Al: QC 7D TD AD — Al's battery QC (trump), Bea's battery 7D
    (must follow trump: JC or 7D face up), Al's hand TD, Bea's hand AD -> Al (QC):
    3+0+10+11 = 24.  Bea claims the rest: 120 - 24 = 96 for Bea, Al 24 in 1 trick.
    Bea 96 >= 91: a schneider against the head, Al -2, Bea +2."""
    got, errors = validate("wi2-battery-reverse.shn")
    assert errors == []
    h = got[1]
    assert (h.picker, h.picker_points, h.picker_tricks, h.outcome) == ("Al", 24, 1, "lose-s")
    assert h.units == {"Al": -2, "Bea": 2}


def test_worked_all_table_one_card():
    """wi2-all-table.shn: no hand, 8 stacks a seat, 16 tricks of one face-up card each.
    Bea (non-dealer) heads.  Tricks (winner, points):
    t1 AH 8H Bea 11; t2 7H TH Al 10; t3 KH JH Bea 6; t4 AS 7S Bea 11; t5 8S KS Al 4;
    t6 9S 7C Al 0; t7 QC 7D Al 3; t8 9H QD Bea 3; t9 AC 8C Bea 11; t10 JD QS Al 5;
    t11 TC JC Bea 12; t12 QH TD Bea 13; t13 9D KD Al 4; t14 KC AD Bea 15; t15 JS 8D Bea 2;
    t16 TS 9C Bea 10.
    Bea 11+6+11+3+11+12+13+15+2+10 = 94 in 10 tricks; Al 10+4+0+3+5+4 = 26 in 6; 94+26 = 120.
    94 >= 91: win-s, Bea +2, Al -2."""
    got, errors = validate("wi2-all-table.shn")
    assert errors == []
    h = got[1]
    assert (h.picker, h.picker_points, h.picker_tricks, h.outcome) == ("Bea", 94, 10, "win-s")
    assert h.units == {"Al": -2, "Bea": 2}


def test_worked_all_table_two_cards():
    """wi2-all-table-four.shn (allTableTrick=twoCards).  Bea deals, Al heads.
    t1 Al: TC 7C 8C AC — Bea's 7C is her only face-up club; it uncovers AC, which
    she must then play as her second card: Bea wins 10+0+0+11 = 21.
    t2 Bea: AH KH 7H 8H -> Bea 11+4+0+0 = 15.  Al claims the rest: 120 - 36 = 84 in
    6 tricks; 61..90 is a plain win (Bea's 36 >= 30): Al +1, Bea -1."""
    got, errors = validate("wi2-all-table-four.shn")
    assert errors == []
    h = got[1]
    assert (h.picker, h.picker_points, h.picker_tricks, h.outcome) == ("Al", 84, 6, "win")
    assert h.units == {"Al": 1, "Bea": -1}


# ---------------------------------------------------------------------------
# the engine: slots, follow suit, cards turning up

AL_HAND, BEA_HAND = "9C 8C KS QS 7S 8H TD KD", "TS JS 8S AH QH JH AD JD"
AL_TABLE, BEA_TABLE = "8D/TC 9S/KH KC/TH 9H/QC", "9D/JC QD/7D AS/7H AC/7C"


def battery_state(prof=BATTERY, dealer=0) -> BatteryState:
    g = new_state(prof, dealer, [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))], 0,
                  table=[stacks(AL_TABLE), stacks(BEA_TABLE)])
    assert isinstance(g, BatteryState) and g.complete
    g.apply(Pick(1 - dealer))
    g.start_play()
    return g


def test_new_state_is_the_plain_state_elsewhere():
    g = new_state(parse_rules("wi2"), 0, [mask_of(cards(AL_HAND)), mask_of(cards(BEA_HAND))], 0,
                  table=[stacks(AL_TABLE), stacks(BEA_TABLE)])
    assert type(g) is GameState


def test_slots_hand_hand_battery_battery():
    g = battery_state()
    # card 1: Bea leads a hand card; her battery cards JC 7D 7H 7C are not allowed now
    assert g.legal_mask(1) == mask_of(cards(BEA_HAND))
    with pytest.raises(IllegalAction) as ei:
        g.play(1, Card.parse("7H"))
    assert ei.value.code == "E-BATTERY-SLOT"
    g.play(1, Card.parse("AH"))
    # card 2: Al follows hearts from his hand: 8H only (KH TH are battery cards)
    assert g.legal_mask(0) == mask_of(cards("8H"))
    g.play(0, Card.parse("8H"))
    # card 3: Bea's battery card, following hearts: the 7H (JC is trump, 7C a club, 7D trump)
    assert g.to_act == 1 and g.legal_mask(1) == mask_of(cards("7H"))
    with pytest.raises(IllegalAction) as ei:
        g.play(1, Card.parse("QH"))  # a hand card in a battery slot
    assert ei.value.code == "E-BATTERY-SLOT"
    with pytest.raises(IllegalAction) as ei:
        g.play(1, Card.parse("7C"))  # a battery card, but 7H follows hearts
    assert ei.value.code == "E-RENEGE"
    with pytest.raises(IllegalAction) as ei:
        g.play(1, Card.parse("AS"))  # face down under 7H
    assert ei.value.code == "E-TABLE-DOWN" and "7H" in str(ei.value)
    g.play(1, Card.parse("7H"))
    assert g.hands[1] >> Card.parse("AS") & 1 and not g.down[1]  >> Card.parse("AS") & 1  # AS turned up
    # card 4: Al's battery hearts KH TH (8H is gone; 9H lies under QC)
    assert g.legal_mask(0) == mask_of(cards("KH TH"))
    g.play(0, Card.parse("KH"))
    leader, trick, winner = g.tricks[-1]
    assert leader == 1 and winner == 1 and len(trick) == 4 and points_of(g.taken[1]) == 15  # 11+0+0+4
    assert g.to_act == 1 and g.phase == Phase.PLAY  # the winner leads trick 2


def test_turn_checks_shared_with_the_plain_state():
    """The checks before a card (GameState._ready_to_play, shared with the
    plain state): in wi2-battery.shn hand 1 Bea (seat 1) leads, so Al (seat 0)
    playing first is E-WRONG-TURN and the state is unchanged; after the
    first trick (AH 8H 7H KH, Bea wins and leads again) Al is still out of
    turn."""
    g = battery_state()
    with pytest.raises(IllegalAction) as ei:
        g.play(0, Card.parse("8H"))
    assert ei.value.code == "E-WRONG-TURN" and g.trick == [] and g.to_act == 1
    for seat, c in ((1, "AH"), (0, "8H"), (1, "7H"), (0, "KH")):
        g.play(seat, Card.parse(c))
    with pytest.raises(IllegalAction) as ei:
        g.play(0, Card.parse("TD"))
    assert ei.value.code == "E-WRONG-TURN" and len(g.tricks) == 1 and g.to_act == 1


def test_slots_battery_first():
    g = battery_state(REVERSE, dealer=1)  # Bea deals, Al leads
    assert g.legal_mask(0) == mask_of(cards("TC KH TH QC"))  # a battery card first
    g.play(0, Card.parse("QC"))                               # uncovers 9H
    assert g.hands[0] >> Card.parse("9H") & 1
    assert g.legal_mask(1) == mask_of(cards("JC 7D"))         # Bea's face-up trumps
    g.play(1, Card.parse("7D"))
    assert g.legal_mask(0) == mask_of(cards("QS TD KD"))      # then Al's hand trumps
    with pytest.raises(IllegalAction) as ei:
        g.play(0, Card.parse("9H"))  # battery card where a hand card is due
    assert ei.value.code == "E-BATTERY-SLOT"
    g.play(0, Card.parse("TD"))
    g.play(1, Card.parse("AD"))
    assert g.tricks[-1][2] == 0 and points_of(g.taken[0]) == 24  # QC wins: 3+0+10+11


def test_the_winning_card_is_marked_in_the_card_log():
    # t2 of wi2-battery.shn: JD TD 7D QC -> Al with his second card, QC (index 3), not TD (index 1)
    from replay.battery import winning_index
    g = battery_state()
    trick = ((1, Card.parse("JD")), (0, Card.parse("TD")), (1, Card.parse("7D")), (0, Card.parse("QC")))
    assert winning_index(g, trick, 0) == 3
    trick = ((1, Card.parse("AH")), (0, Card.parse("8H")), (1, Card.parse("7H")), (0, Card.parse("KH")))
    assert winning_index(g, trick, 1) == 0


def test_shn_errors():
    text = (FIXTURES / "wi2-battery.shn").read_text()
    short = text.replace("t1 Bea: AH 8H 7H KH", "t1 Bea: AH 8H 7H")
    assert [e.code for e in errors_of(short)][:1] == ["E-TRICK-SIZE"]
    swapped = text.replace("t1 Bea: AH 8H 7H KH", "t1 Bea: 7H 8H AH KH")
    errs = errors_of(swapped)
    assert errs and errs[0].code == "E-BATTERY-SLOT" and (errs[0].line, errs[0].col) == (14, 9)  # the 7H of t1
    # without the deal and the table the battery tricks cannot be replayed (which cards lay face up)
    nodeal = "\n".join(ln for ln in text.splitlines() if not ln.startswith(("deal", "table")))
    assert "E-DEAL-INCOMPLETE" in [e.code for e in errors_of(nodeal)]


# ---------------------------------------------------------------------------
# hypothesis properties under each new card-played profile

PROFILES = [
    "wi2-battery", "wi2-battery; batteryOrder=batteryFirst", "wi2-battery; schneiderSymmetric90=on",
    "wi2-all-table", "wi2-all-table; allTableTrick=twoCards", "wi2-all-table; allowBlitz=queens",
]

hands = st.builds(lambda seed, rules, dealer: random_hand(random.Random(seed), parse_rules(rules), dealer),
                  st.integers(0, 2**32), st.sampled_from(PROFILES), st.integers(0, 1))


@settings(max_examples=200, deadline=None)
@given(hands)
def test_every_card_once_and_120_points(h):
    prof, g = h.profile, h.state
    seen = 0
    for s in range(2):
        seen |= h.hands[s]
        for d, u in h.table[s]:
            assert not seen >> d & 1 and not seen >> u & 1
            seen |= (1 << d) | (1 << u)
    assert seen == prof.deck_mask  # the deal holds the 32 cards once
    played = 0
    for _, trick, _ in g.tricks:
        assert len(trick) == prof.trick_cards
        for _, c in trick:
            assert not played >> c & 1, f"{c} played twice"
            played |= 1 << c
    assert played == prof.deck_mask and len(g.tricks) == prof.tricks
    assert points_of(g.taken[0]) + points_of(g.taken[1]) == 120
    assert not g.taken[0] & g.taken[1]


@settings(max_examples=200, deadline=None)
@given(hands)
def test_slots_zero_sum_and_winner_leads(h):
    prof, g = h.profile, h.state
    s = g.settlement()
    assert sum(s.units) == 0 and s.pot == 0
    head = (h.dealer + 1) % 2
    assert g.tricks[0][0] == head and g.picker == head
    pts = points_of(g.taken[head])
    assert (s.units[head] > 0) == (pts >= 61)  # most card points win; 60-60 the head loses (B-27)
    for (_, _, w), (nxt, _, _) in zip(g.tricks, g.tricks[1:]):
        assert nxt == w
    slots = prof.trick_slots
    table = [0, 0]
    for seat in range(2):
        for d, u in h.table[seat]:
            table[seat] |= (1 << d) | (1 << u)
    for leader, trick, _ in g.tricks:
        seats = [x for x, _ in trick]
        assert seats == [leader, 1 - leader] * (len(trick) // 2)  # leader, other, leader, other
        if slots:
            for (seat, c), slot in zip(trick, slots):
                assert bool(table[seat] >> c & 1) == (slot == "table"), (slot, c)


@settings(max_examples=60, deadline=None)
@given(hands)
def test_play_accepts_exactly_the_legal_mask(h):
    """play() accepts a card exactly when legal_mask holds it, at every step."""
    g = new_state(h.profile, h.dealer, list(h.hands), 0, complete=True, table=h.table)
    for a in h.actions:
        if type(a) is Play:
            if g.phase != Phase.PLAY:
                g.start_play()
            seat = g.to_act
            legal = g.legal_mask(seat)
            assert legal  # a seat always has a card of the slot's kind
            for c in cards_in(g.hands[seat]):
                trial = _copy(g)
                try:
                    trial.play(seat, c)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == bool(legal >> c & 1), (str(c), g.trick_no)
        g.apply(a)
    assert g.done


# ---------------------------------------------------------------------------
# score sheets: a two-handed hand without cards, the points and the result


@pytest.mark.parametrize("rules, all_tricks", [
    ("wi2-battery", 8), ("wi2-battery; batteryOrder=batteryFirst", 8),  # 8 tricks of four cards
    ("wi2-all-table", 16),                                              # 16 tricks of two
])
def test_shn_score_sheet_lines(rules, all_tricks):
    # The head is the non-dealer (pick S); the result is read from the winner's side:
    # 91 schneider (+2), 61 win (+1), 60 lose (B-27, -1), 30 lose (the other seat's 90 is plain, -1),
    # 29 lose-s (the other's 91, -2); 120 with every trick win-z (+3).
    text = (f'%SHN 1.0\n[Event "sheet"]\n[Date "2026.12.01"]\n[Seats "Al; Bea"]\n[Rules "{rules}"]\n\n'
            "hand 1 dealer Al\npick Bea pts 91 win-s\nscore Al -2 Bea +2\n\n"
            "hand 2 dealer Bea\npick Al pts 61 win\nscore Al +1 Bea -1\n\n"
            "hand 3 dealer Al\npick Bea pts 60 lose\nscore Al +1 Bea -1\n\n"
            "hand 4 dealer Bea\npick Al pts 30 lose\nscore Al -1 Bea +1\n\n"
            "hand 5 dealer Al\npick Bea pts 29 lose-s\nscore Al +2 Bea -2\n\n"
            f"hand 6 dealer Bea\npick Al pts 120 tricks {all_tricks} win-z\nscore Al +3 Bea -3\n")
    r = validate_text(text, "s.shn")
    assert not r.rejected
    got = {h.outcome.hand: h.outcome.units for h in r.hands}
    assert got == {1: {"Al": -2, "Bea": 2}, 2: {"Al": 1, "Bea": -1}, 3: {"Al": 1, "Bea": -1},
                   4: {"Al": -1, "Bea": 1}, 5: {"Al": 2, "Bea": -2}, 6: {"Al": 3, "Bea": -3}}
    # the session: Al -2+1+1-1+2+3 = +4, Bea -4 (zero-sum)
    assert sum(u["Al"] for u in got.values()) == 4 and sum(sum(u.values()) for u in got.values()) == 0


def test_shn_score_sheet_wrong_tier_is_refused():
    # 30 for the head: the other seat's 90 is no schneider (the line is 91 from the winner's side)
    text = ('%SHN 1.0\n[Event "sheet"]\n[Date "2026.12.01"]\n[Seats "Al; Bea"]\n[Rules "wi2-battery"]\n\n'
            "hand 1 dealer Bea\npick Al pts 30 lose-s\n")
    assert [e.code for e in errors_of(text)] == ["E-OUTCOME"]
    # the dealer is not the head: Bea deals, so Al (the non-dealer) heads
    text2 = text.replace("pick Al pts 30 lose-s", "pick Bea pts 70 win")
    assert [e.code for e in errors_of(text2)] == ["E-PICK-ORDER"]


def test_csv_score_sheet_of_two_handed_hands():
    """A CSV score sheet read with --rules wi2-battery (ingest.csv_sheet): each row a
    score-sheet hand.  Row 2 (hand 1): Bea heads with 96 -> win-s, Bea +2 Al -2;
    hand 2 Al 61 -> win +1/-1; hand 3 Bea 60 -> lose, Bea -1 Al +1; hand 4 Al 30 -> lose
    (Bea's 90 is plain), Al -1 Bea +1; hand 5 writes lose-s for Al's 30: refused at its row
    (row 6), the others kept.  Totals: Al -2+1+1-1 = -1, Bea +1."""
    from ingest.csv_sheet import read_csv

    csv_text = ("date,hand,dealer,picker,points,outcome,Al,Bea\n"
                "2026-12-01,1,Al,Bea,96,win-s,-2,2\n"
                "2026-12-01,2,Bea,Al,61,win,1,-1\n"
                "2026-12-01,3,Al,Bea,60,lose,1,-1\n"
                "2026-12-01,4,Bea,Al,30,lose,-1,1\n"
                "2026-12-01,5,Al,Bea,30,lose-s,2,-2\n")
    r = read_csv(csv_text.encode(), "two.csv", rules="wi2-battery")
    assert r.kind == "score-sheet"
    got = {vh.outcome.hand: vh.outcome.units for vh in r.result.hands}
    assert got == {1: {"Al": -2, "Bea": 2}, 2: {"Al": 1, "Bea": -1}, 3: {"Al": 1, "Bea": -1},
                   4: {"Al": -1, "Bea": 1}}
    assert [rh.hand for rh in r.result.rejected] == [5]
    assert r.result.rejected[0].errors[0].line == 6
    assert {vh.outcome.rules for vh in r.result.hands} == {"wi2-battery"}
    assert sum(u["Al"] for u in got.values()) == -1


def test_stored_and_read_back_with_the_winning_card(db):
    """Stored, the card log knows each trick's winning seat; read back, only the
    winner's stronger card is flagged: t1 AH (Bea's hand card, not her 7H), t2 QC
    (Al's battery card, not his TD).  Units as worked above: Bea +2 Al -2,
    then +1/-1 and +1/-1 to Al: Al 0, Bea 0 over the session."""
    from ingest import store as sto  # noqa: PLC0415

    with sto.Store(db) as s:
        s.ingest_file(validate_text((FIXTURES / "wi2-battery.shn").read_text(), "wi2-battery.shn"))
    with sto.reading(db) as con:
        hands = sto.load_hands(con)
        log = next(h.cardlog for h in hands if h.cardlog is not None)
        won = {t: [(p.seat, p.card) for p in log.plays if p.trick == t and p.winner] for t in range(1, 9)}
        assert won[1] == [("Bea", "AH")] and won[2] == [("Al", "QC")] and won[5] == [("Bea", "JC")]
        assert all(len(v) == 1 for v in won.values())
        assert len(log.plays) == 32
        total = {x: sum(h.outcome.units[x] for h in hands) for x in ("Al", "Bea")}
        assert total == {"Al": 0, "Bea": 0}


def test_replay_page_shows_a_battery_hand(db, monkeypatch):
    """The dashboard's Replay page steps through a four-card trick hand: after
    the last card (step 32) Bea's side has 96 card points, Al 24 (as worked above)."""
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    from ingest import store as sto  # noqa: PLC0415

    with sto.Store(db) as s:
        s.ingest_file(validate_text((FIXTURES / "wi2-battery.shn").read_text(), "wi2-battery.shn"))
    with sto.reading(db) as con:
        hid = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()[0]
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "replay_hand.py"),
                           default_timeout=60)
    at.query_params["hand"] = str(hid)
    at.query_params["step"] = "32"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error
    md = "\n".join(m.value for m in at.markdown)
    assert "96" in md and "24" in md
