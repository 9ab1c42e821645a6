"""Table sizes 3 to 7 (rules.md F-1..F-4): the named profiles' geometry, their
settlements against amounts computed by hand, the worked SHN hands of
tests/fixtures/profiles/ (docs/profiles.md, "Table sizes"), and the coded
errors a record that breaks a table's rule gets.

Every expected amount below is worked out in the comment beside it from the
rules, not read back from the code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.validate import validate_text
from replay.cards import Card, cards_in, mask_of, points_of
from replay.errors import IllegalAction, ProfileError
from replay.profile import DECKS, NAMED_PROFILES, parse_rules, profile_text
from replay.scoring import picked_result, settle_leaster, settle_picked
from replay.state import GameState

FIXTURES = Path(__file__).parent / "fixtures" / "profiles"

TABLE_PROFILES = ["wi3", "wi3-30", "wi3-26", "wi4-cutthroat", "wi4-called-ace", "wi4-jack-of-diamonds",
                  "wi6-sit-out", "wi6-jack-of-diamonds", "wi7-jack-of-diamonds", "wi4-black-queens",
                  "wi6-black-queens", "wi8-black-queens", "wi6-jd-ace", "wi8-qc-jd-7d", "wi6-7d-high"]


def outcomes(text: str, name: str = "t.shn"):
    r = validate_text(text, name)
    errors = [e for x in r.rejected for e in x.errors]
    return {h.outcome.hand: h.outcome for h in r.hands}, errors


def fixture(name: str):
    got, errors = outcomes((FIXTURES / f"{name}.shn").read_text(encoding="utf-8"), f"{name}.shn")
    assert errors == [], [str(e) for e in errors]
    return got


# ---------------------------------------------------------------------------
# geometry (rules.md F-1)


@pytest.mark.parametrize("name, seats, deck, hand, blind, tricks", [
    ("wi3", 3, 32, 10, 2, 10),            # 3 x 10 + 2 = 32
    ("wi3-30", 3, 30, 9, 3, 9),           # 3 x 9 + 3 = 30
    ("wi3-26", 3, 26, 8, 2, 8),           # 3 x 8 + 2 = 26
    ("wi4-cutthroat", 4, 32, 7, 4, 7),    # 4 x 7 + 4 = 32
    ("wi4-called-ace", 4, 30, 7, 2, 7),   # 4 x 7 + 2 = 30
    ("wi4-jack-of-diamonds", 4, 30, 7, 2, 7),
    ("wi6-sit-out", 6, 32, 6, 2, 6),      # 5 playing x 6 + 2 = 32
    ("wi6-jack-of-diamonds", 6, 32, 5, 2, 5),  # 6 x 5 + 2 = 32
    ("wi7-jack-of-diamonds", 7, 32, 4, 4, 4),  # 7 x 4 + 4 = 32
    ("wi4-black-queens", 4, 32, 8, 0, 8),      # 4 x 8 = 32, no blind
    ("wi6-black-queens", 6, 30, 5, 0, 5),      # 6 x 5 = 30
    ("wi8-black-queens", 8, 32, 4, 0, 4),      # 8 x 4 = 32
    ("wi6-jd-ace", 6, 32, 5, 2, 5),            # 6 x 5 + 2 = 32
    ("wi8-qc-jd-7d", 8, 32, 4, 0, 4),          # 8 x 4 = 32
    ("wi6-7d-high", 6, 30, 5, 0, 5),           # 6 x 5 = 30
])
def test_named_table_geometry(name, seats, deck, hand, blind, tricks):
    p = parse_rules(name)
    assert (p.players, p.deck, p.hand_size, p.blind_size, p.tricks) == (seats, deck, hand, blind, tricks)
    assert p.playing * p.hand_size + p.blind_size == deck == p.deck_mask.bit_count()
    assert profile_text(p) == name


def test_every_deck_holds_120_card_points():
    """rules.md A-6 holds for every deck of F-1: only 7s and 8s (0 points) go."""
    assert {n: points_of(m) for n, m in DECKS.items()} == {32: 120, 30: 120, 26: 120, 34: 120}  # 34: + 6♣ 6♠ (0)
    assert {str(c) for c in cards_in(DECKS[32] & ~DECKS[30])} == {"7C", "7S"}
    assert {str(c) for c in cards_in(DECKS[32] & ~DECKS[26])} == {"7C", "7S", "7H", "8C", "8S", "8H"}


def test_table_geometry_is_not_a_flag():
    """Seats, deck, hand and blind come with the name; [Rules] cannot set them."""
    for flag in ("players=4", "deck=30", "handCards=7", "blindCards=4", "sitOut=on"):
        with pytest.raises(ProfileError) as exc:
            parse_rules(f"wi3; {flag}")
        assert exc.value.code == "E-RULES-FLAG"


def test_named_profiles_are_all_listed_here():
    assert set(TABLE_PROFILES) | {"wi5-called-ace", "wi5-jack-of-diamonds"} <= set(NAMED_PROFILES)


def test_max_bury_is_the_blind_size_in_aces():
    # a four-card bury can hold AC AS AH AD = 44; a two-card one 22; three 33
    assert parse_rules("wi4-cutthroat").max_bury == 44
    assert parse_rules("wi3-30").max_bury == 33
    assert parse_rules("wi3").max_bury == 22


# ---------------------------------------------------------------------------
# settlements (rules.md F-2, F-3, F-4, B-32)

# (outcome, picker alone's units, each opponent's) at three-handed, DOB on (F-2):
# win 1/2/3 per opponent, picker twice that; losses doubled by the bump.
THREE_HANDED = [
    ("win", 2, -1), ("win-s", 4, -2), ("win-z", 6, -3),
    ("lose", -4, 2),     # 2 opponents x 1 x 2 (DOB)
    ("lose-s", -8, 4),   # 2 x 2 x 2
    ("lose-z", -12, 6),  # 2 x 3 x 2
]


@pytest.mark.parametrize("outcome, picker, each", THREE_HANDED)
def test_three_handed_settlement(outcome, picker, each):
    p = parse_rules("wi3")
    s = settle_picked(p, 3, 1, None, outcome)
    assert s.units == (each, picker, each)


def test_three_handed_settlement_without_dob():
    # F-2: a loss pays the same schedule: picker -2/-4/-6, each opponent +1/+2/+3
    p = parse_rules("wi3; doubleOnBump=off")
    assert [settle_picked(p, 3, 0, None, o).units for o in ("lose", "lose-s", "lose-z")] == [
        (-2, 1, 1), (-4, 2, 2), (-6, 3, 3)]


@pytest.mark.parametrize("outcome, picker, each", [
    ("win", 3, -1), ("win-s", 6, -2), ("win-z", 9, -3),  # F-3: picker 3/6/9
    ("lose", -6, 2), ("lose-s", -12, 4), ("lose-z", -18, 6),  # 3 x tier x 2 (DOB)
])
def test_cutthroat_settlement(outcome, picker, each):
    s = settle_picked(parse_rules("wi4-cutthroat"), 4, 2, None, outcome)
    assert s.units == (each, each, picker, each)


@pytest.mark.parametrize("name, seats, picker_share", [
    ("wi4-called-ace", 4, 1),        # 2v2: D=2, P=1 -> picker (2-1) = 1, partner 1 (F-4)
    ("wi6-jack-of-diamonds", 6, 3),  # 2v4: D=4 -> picker 3, partner 1
    ("wi7-jack-of-diamonds", 7, 4),  # 2v5: D=5 -> picker 4, partner 1
])
def test_other_count_split(name, seats, picker_share):
    p = parse_rules(name)
    s = settle_picked(p, seats, 0, 1, "win-s")  # tier 2
    assert s.units[0] == 2 * picker_share and s.units[1] == 2
    assert s.units[2:] == (-2,) * (seats - 2)
    lost = settle_picked(p, seats, 0, 1, "lose")  # tier 1, DOB x2
    assert lost.units[0] == -2 * picker_share and lost.units[1] == -2 and lost.units[2:] == (2,) * (seats - 2)


def test_sit_out_seat_settles_zero():
    p = parse_rules("wi6-sit-out")
    # seat 5 deals and sits out; picker 1 with partner 3 wins plain: +2 / +1, the three defenders -1
    assert settle_picked(p, 6, 1, 3, "win", out=5).units == (-1, 2, -1, 1, -1, 0)
    # alone, schneidered, DOB: 4 defenders x 2 x 2 = picker -16, each defender +4, seat 0 out
    assert settle_picked(p, 6, 1, None, "lose-s", out=0).units == (0, -16, 4, 4, 4, 4)
    # leaster won by seat 2: +1 from each of the four other players, not from the seat out
    assert settle_leaster(p, 6, 2, out=4).units == (-1, -1, 4, -1, 0, -1)


@pytest.mark.parametrize("pts, outcome", [(30, "lose-s"), (31, "lose"), (60, "lose"), (61, "win"), (90, "win"),
                                          (91, "win-s")])
def test_tier_boundaries_at_three_handed(pts, outcome):
    """The tiers of B-27..B-29 at ten tricks (tricks 1..9: neither side swept)."""
    assert picked_result(parse_rules("wi3"), pts, 5, 10) == outcome


# ---------------------------------------------------------------------------
# the worked hands (docs/profiles.md)


def test_worked_wi3():
    o = fixture("wi3")[1]
    # Al picks, buries KH 7C (4), plays alone.  Tricks to Al: QC 9D 7D = 3, QS JD 8D = 5, QH JH 7S = 5,
    # QD KD 8S = 7, AC TC 9S = 21, AS 8H JS = 13, JC 8C 9H = 2, AD TS TH = 31, TD KS AH = 25 -> 112;
    # Bea's KC trick 9C KC 7H = 4.  112 + bury 4 = 116 >= 91: schneider win (B-28), 9 tricks.
    # F-2: 2 per opponent -> Al +4, Bea -2, Cy -2.
    assert (o.picker, o.partner, o.picker_points, o.picker_tricks, o.outcome) == ("Al", None, 116, 9, "win-s")
    assert o.units == {"Al": 4, "Bea": -2, "Cy": -2}
    assert o.provenance["units"] == "verified" and o.call == "alone"


def test_worked_wi3_30():
    o = fixture("wi3-30")[1]
    # Bea picks 9H 8H 7H, buries 9S 9H 8H (0).  Bea's tricks: TC AC 8C = 21, AH KH TH = 25,
    # TS AD JD = 23, QD JS JC = 7, JH 8S TD = 12 -> 88 (Al 3 + 7 = 10, Cy 7 + 15 = 22; 88+10+22 = 120).
    # 61..90: plain win; F-2 -> Bea +2, Al -1, Cy -1.
    assert (o.picker, o.picker_points, o.picker_tricks, o.outcome) == ("Bea", 88, 5, "win")
    assert o.units == {"Al": -1, "Bea": 2, "Cy": -1}


def test_worked_wi3_26():
    o = fixture("wi3-26")[1]
    # Al (the dealer) picks 9C KH and buries AC KH (15).  Al's only trick: JS JH QD = 7.
    # 7 + bury 15 = 22 <= 30: schneidered loss.  F-2 with DOB: 2 x 2 = 4 per opponent -> Al -8, Bea +4, Cy +4.
    assert (o.picker, o.picker_points, o.picker_tricks, o.outcome) == ("Al", 22, 1, "lose-s")
    assert o.units == {"Al": -8, "Bea": 4, "Cy": 4}


def test_worked_wi4_cutthroat():
    o = fixture("wi4-cutthroat")[1]
    # Bea picks the four-card blind and buries AC 8C 7S 8S (11).  Her tricks: AS JC TS 9S = 23, QC 8D 7D JS = 5,
    # QS JH 9D QD = 8, QH 7H KD 8H = 7, TH 9C AD AH = 32 -> 75; + 11 = 86: plain win.
    # F-3: 1 per opponent, picker 3 -> Bea +3, Al Cy Di -1.
    assert (o.picker, o.picker_points, o.picker_tricks, o.outcome) == ("Bea", 86, 5, "win")
    assert o.units == {"Al": -1, "Bea": 3, "Cy": -1, "Di": -1}


def test_worked_wi6_sit_out():
    got = fixture("wi6-sit-out")
    one, two = got[1], got[2]
    # hand 1: notation.md's hand 14 with Flo dealing and sitting out: the same five seats play the same
    # cards (Al leads; after Ed comes Al, Flo is skipped).  Bea + Di 59 < 61: loss, DOB: 1 x 2 = 2 per
    # defender -> Bea -4, Di -2, Al Cy Ed +2; Flo 0.
    assert (one.picker, one.partner, one.picker_points, one.outcome) == ("Bea", "Di", 59, "lose")
    assert one.units == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2, "Flo": 0}
    # hand 2: Al deals and sits out; Cy with Ed wins plain: Cy +2, Ed +1, Bea Di Flo -1, Al 0.
    assert two.dealer == "Al" and two.units == {"Al": 0, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1, "Flo": -1}


def test_worked_wi6_sit_out_trick_order_skips_the_dealer():
    r = validate_text((FIXTURES / "wi6-sit-out.shn").read_text(encoding="utf-8"), "w.shn")
    h = next(h for h in r.hands if h.outcome.hand == 1)
    t1 = [p.seat for p in h.cardlog.plays if p.trick == 1]
    assert t1 == ["Al", "Bea", "Cy", "Di", "Ed"]
    assert [p.seat for p in h.cardlog.plays if p.winner] == ["Bea", "Bea", "Di", "Al", "Cy", "Cy"]


def test_worked_wi4_called_ace():
    o = fixture("wi4-called-ace")[1]
    # 30 cards, Bea picks 8C KS, buries KS 8C (4), calls AH; Di's AH falls on t3.  Bea's tricks:
    # AC JC KC 9C = 17, QS 8D 7D 9D = 3, TH 7H JH QD = 15; Di's KH 9H AH 8H = 15 -> 50 + bury 4 = 54.
    # 31..60: plain loss.  F-4 at 2v2: picker (D - P) = 2 - 1 = 1 share, partner 1; DOB: 1 x 2 = 2 each
    # -> Bea -2, Di -2, Al +2, Cy +2.
    assert (o.picker, o.partner, o.call, o.picker_points, o.picker_tricks, o.outcome) == (
        "Bea", "Di", "AH", 54, 4, "lose")
    assert o.units == {"Al": 2, "Bea": -2, "Cy": 2, "Di": -2}


def test_worked_wi4_jack_of_diamonds():
    o = fixture("wi4-jack-of-diamonds")[1]
    # the same cards, J♦ partner: Cy holds the J♦.  Bea 17 + 3 + 15 = 35, Cy TS 9S 8S AS = 21 and
    # TC TD QH JS = 25 -> 35 + 46 + bury 4 = 85: plain win.  2v2 -> Bea +1, Cy +1, Al -1, Di -1.
    assert (o.picker, o.partner, o.call, o.picker_points, o.picker_tricks, o.outcome) == (
        "Bea", "Cy", None, 85, 5, "win")
    assert o.units == {"Al": -1, "Bea": 1, "Cy": 1, "Di": -1}


def test_worked_wi6_jack_of_diamonds_call_up():
    o = fixture("wi6-jack-of-diamonds")[1]
    # Al picks the J♦ from the blind and calls up JH (C-4a): Bea is the partner.  Al's tricks:
    # QC TD KD 8D 7D 8C = 17, QH JH JS JC 9D 7H = 9, AC TS KC 9S JD 9C = 27 -> 53 (bury 7C 8S = 0).
    # Loss.  F-4 at 2v4: picker D - P = 4 - 1 = 3 shares, partner 1; DOB 1 x 2 = 2
    # -> Al -6, Bea -2, Cy Di Ed Flo +2 each (-6 - 2 + 8 = 0).
    assert (o.picker, o.partner, o.call, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Bea", "JH", 53, 3, "lose")
    assert o.units == {"Al": -6, "Bea": -2, "Cy": 2, "Di": 2, "Ed": 2, "Flo": 2}


def test_worked_wi7_jack_of_diamonds():
    o = fixture("wi7-jack-of-diamonds")[1]
    # Bea picks the four-card blind and buries it (0); Gus holds the J♦.  Bea's tricks: KS 8D 9S QS 9D AS TS = 28,
    # 8H 7H 9H AH KH QH QC = 21 -> 49 (Flo 37, Cy 34; 49 + 37 + 34 = 120).  Loss.  F-4 at 2v5: picker
    # 5 - 1 = 4 shares; DOB 2 per defender -> Bea -8, Gus -2, the five others +2 (-8 - 2 + 10 = 0).
    assert (o.picker, o.partner, o.picker_points, o.picker_tricks, o.outcome) == ("Bea", "Gus", 49, 2, "lose")
    assert o.units == {"Al": 2, "Bea": -8, "Cy": 2, "Di": 2, "Ed": 2, "Flo": 2, "Gus": -2}


def test_worked_wi4_black_queens():
    got = fixture("wi4-black-queens")
    o = got[1]
    # no blind: Al holds the Q♣ and heads the side, Cy holds the Q♠ (played on t3).  Al's tricks:
    # QC 8D 7D JD = 5, AC (KC 8S 9H AC) = 15, AD 8C 9S KH = 15, KD 7C KS TH = 18 -> 53; Cy's: AH TD QH QS = 27,
    # AS 7H 9C 7S = 11 -> 38.  91 >= 91: schneider win (defenders 7 + 22 = 29).  2v2: 1 share each, tier 2
    # -> Al +2, Cy +2, Bea -2, Di -2.
    assert (o.picker, o.partner, o.call_type, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Cy", "queens", 91, 6, "win-s")
    assert o.units == {"Al": 2, "Bea": -2, "Cy": 2, "Di": -2} and o.partner_revealed_trick == 3
    # hand 2 (score sheet): Bea holds both black queens and plays 1 against 3; a loss with DOB:
    # 3 defenders x 1 x 2 -> Bea -6, each other +2
    assert got[2].units == {"Al": 2, "Bea": -6, "Cy": 2, "Di": 2} and got[2].alone


def test_worked_wi6_black_queens():
    o = fixture("wi6-black-queens")[1]
    # 30 cards, no blind; Bea (Q♣) with Al (Q♠).  Al: 9H QS TD QH 8S KH = 20; Bea: TS TH 8H KC QC AS = 38,
    # AD 9S KS AH 7H 9C = 26 -> 84 (Flo 15, Di 21): plain win.  2v4: Bea 3 shares, Al 1 -> +3 / +1 / -1 x 4.
    assert (o.picker, o.partner, o.picker_points, o.picker_tricks, o.outcome) == ("Bea", "Al", 84, 3, "win")
    assert o.units == {"Al": 1, "Bea": 3, "Cy": -1, "Di": -1, "Ed": -1, "Flo": -1}


def test_worked_wi8_black_queens():
    o = fixture("wi8-black-queens")[1]
    # eight seats, four cards each; Al (Q♣) with Di (Q♠).  Al: QC JD JC KD 9D 8D 7D 7S = 11; Di's Q♠ trick
    # 9C QH 7C QS QD 8C KC AC = 24 -> 35 (Flo 47, Gus 38): a loss.  F-4 at 2v6: D - P = 6 - 1 = 5 shares
    # for Al; DOB 2 per defender -> Al -10, Di -2, the six others +2 (-10 - 2 + 12 = 0).
    assert (o.picker, o.partner, o.picker_points, o.picker_tricks, o.outcome) == ("Al", "Di", 35, 2, "lose")
    assert o.units == {"Al": -10, "Bea": 2, "Cy": 2, "Di": -2, "Ed": 2, "Flo": 2, "Gus": 2, "Hal": 2}


def test_black_queens_errors():
    src = (FIXTURES / "wi4-black-queens.shn").read_text(encoding="utf-8")
    hand1 = src.split("\nhand 2")[0] + "\n"
    # the side is headed by the Q♣ holder: Bea does not hold it (line 13 "pick Bea", Bea at column 6)
    _, errors = outcomes(hand1.replace("pick Al  {Al holds the Q♣: Al heads the side}", "pick Bea"))
    assert errors[0].code == "E-PARTNER-CARD" and (errors[0].line, errors[0].col) == (13, 6)
    assert (errors[0].found, errors[0].expected) == ("Bea", "Al")
    # no bury, no call, no alone for a player without both queens, no leaster
    _, errors = outcomes(hand1.replace("pick Al  {", "pick Al  bury 9C TC  {"))
    assert errors[0].code == "E-BURY-COUNT" and errors[0].expected == "0"
    _, errors = outcomes(hand1.replace("pick Al  {", "pick Al  call AH  {"))
    assert errors[0].code == "E-CALL-NONE"
    _, errors = outcomes(hand1.replace("pick Al  {", "pick Al  alone  {"))
    assert errors[0].code == "E-ALONE-JD"
    head = "%SHN 1.0\n[Seats \"Al; Bea; Cy; Di\"]\n[Rules \"wi4-black-queens\"]\n"
    _, errors = outcomes(head + "hand 1  dealer Di\nleaster Al\n")
    assert errors[0].code == "E-NOPICK" and (errors[0].line, errors[0].col) == (5, 9)  # at "Al" of "leaster Al"


def test_worked_wi6_jd_ace_three_against_three():
    got = fixture("wi6-jd-ace")
    o = got[1]
    # Al picks TD 7S, buries 8C 7S (0), calls AH: Cy holds it; Di holds the J♦: 3 against 3.  Al: QC JS 9D 8D 7D 9C
    # = 5, TC KC 8S QS AC JC = 30, TS KS TD 7C AS 9S = 35; Di's QH trick KH QD AH QH 8H 7H = 21 -> 91 (Ed 29):
    # schneider win.  F-4 at 3v3: D = 3, P = 2, picker 3 - 2 = 1 share, each partner 1; tier 2
    # -> Al Cy Di +2, Bea Ed Flo -2.
    assert (o.picker, o.partner, o.partner2, o.call, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Cy", "Di", "AH", 91, 4, "win-s")
    assert o.units == {"Al": 2, "Bea": -2, "Cy": 2, "Di": 2, "Ed": -2, "Flo": -2}
    assert o.provenance["partner"] == "verified" and o.partner_revealed_trick == 2  # Cy's AH on t2
    # hand 2 (score sheet): one partner written and the score says 2 against 4 (Bea held the J♦):
    # a loss, DOB: per defender 2, Bea 3 x 2 = 6 -> Bea -6, Ed -2, the four others +2
    assert (got[2].partner, got[2].partner2) == ("Ed", None)
    # hand 3 (score sheet, no score): Cy with Di and Ed wins plain, 3v3 -> +1 each side, -1 each defender
    assert (got[3].partner, got[3].partner2) == ("Di", "Ed")
    assert got[3].units == {"Al": -1, "Bea": -1, "Cy": 1, "Di": 1, "Ed": 1, "Flo": -1}


def test_worked_wi8_qc_jd_7d_three_against_five():
    o = fixture("wi8-qc-jd-7d")[1]
    # no blind: Al holds the Q♣ and heads the side; Cy holds the J♦, Ed the 7♦.  Al: QC KD TD JC 7D 8D 9D 7S = 19;
    # Cy's J♦ trick TS KS TH 9S TC 8S AS JD = 47 -> 66 (Di 24, Flo 30): plain win.  F-4 at 3v5: D = 5, P = 2,
    # Al 5 - 2 = 3 shares, Cy and Ed 1 each -> Al +3, Cy +1, Ed +1, the five others -1 (3 + 1 + 1 - 5 = 0).
    assert (o.picker, o.partner, o.partner2, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Cy", "Ed", 66, 2, "win")
    assert o.units == {"Al": 3, "Bea": -1, "Cy": 1, "Di": -1, "Ed": 1, "Flo": -1, "Gus": -1, "Hal": -1}


def test_worked_wi6_7d_high():
    o = fixture("wi6-7d-high")[1]
    # 7♦ top trump (F-7 spitz1): Di's 7♦ beats Al's Q♣ on t1.  Al (Q♣) with Bea (Q♠) and Cy (J♦) take no
    # trick: Di 8 + 24, Ed 23 + 39, Flo 26 = 120.  No-tricker loss at 3v3 with DOB: per defender 3 x 2 = 6,
    # Al 1 share, Bea and Cy 1 each -> Al Bea Cy -6, Di Ed Flo +6.
    assert (o.picker, o.partner, o.partner2, o.picker_points, o.picker_tricks, o.outcome) == (
        "Al", "Bea", "Cy", 0, 0, "lose-z")
    assert o.units == {"Al": -6, "Bea": -6, "Cy": -6, "Di": 6, "Ed": 6, "Flo": 6}
    assert o.partner_revealed_trick == 1  # Bea's Q♠ on t1
    assert parse_rules("wi6-7d-high").trumps.trumps[:2] == (Card.D7, Card.CQ)


def test_no_call_in_a_replayed_partner_card_game():
    src = (FIXTURES / "wi8-black-queens.shn").read_text(encoding="utf-8").replace("pick Al", "pick Al  call AH", 1)
    _, errors = outcomes(src)
    assert errors[0].code == "E-CALL-NONE"
    # wi8-qc-jd-7d has a call since issue 18 (a holder of two partner cards calls 8♦/J♥, F-1): an ace is no such card
    src = (FIXTURES / "wi8-qc-jd-7d.shn").read_text(encoding="utf-8").replace("pick Al", "pick Al  call AH")
    _, errors = outcomes(src)
    assert errors[0].code == "E-CALL-CARD"


def test_three_against_three_and_three_against_five_settlement():
    # 3v3 lose-s with DOB: per defender 2 x 2 = 4; picker (3 - 2) x 4 = 4, each partner 4
    s = settle_picked(parse_rules("wi6-jd-ace"), 6, 0, (1, 2), "lose-s")
    assert s.units == (-4, -4, -4, 4, 4, 4)
    # 3v5 win-z: per defender 3; picker (5 - 2) x 3 = 9, each partner 3
    s = settle_picked(parse_rules("wi8-qc-jd-7d"), 8, 0, (3, 5), "win-z")
    assert s.units == (9, -3, -3, 3, -3, 3, -3, -3)


def test_second_partner_errors():
    src = (FIXTURES / "wi6-jd-ace.shn").read_text(encoding="utf-8")
    # the deal says Cy and Di; Ed is written as the second partner (line 24, "partner Cy Ed": Ed at column 12)
    _, errors = outcomes(src.split("\nhand 2")[0].replace("partner Cy Di", "partner Cy Ed"))
    assert errors[0].code == "E-PARTNER" and (errors[0].line, errors[0].col) == (24, 12)
    assert (errors[0].found, errors[0].expected) == ("Ed", "Cy and Di")
    # a second partner where the profile has one at most
    five = "%SHN 1.0\n[Seats \"Al; Bea; Cy; Di; Ed\"]\nhand 1  dealer Ed\npick Al  call AH  partner Bea Cy  pts 70  win\n"
    _, errors = outcomes(five)
    assert errors[0].code == "E-PARTNER" and (errors[0].line, errors[0].col) == (4, 31)  # at "Cy"


def test_second_partner_is_stored_and_loaded(tmp_path):
    from ingest.store import Store, load_hands, reading

    result = validate_text((FIXTURES / "wi6-jd-ace.shn").read_text(encoding="utf-8"), "wi6-jd-ace.shn")
    with Store(tmp_path / "s.duckdb") as store:
        store.ingest_file(result)
    with reading(tmp_path / "s.duckdb") as con:
        got = {h.outcome.hand: (h.outcome.partner, h.outcome.partner2) for h in load_hands(con)}
    assert got == {1: ("Cy", "Di"), 2: ("Ed", None), 3: ("Di", "Ed")}


# ---------------------------------------------------------------------------
# records that break a table's rule: a code at the line and column


WI3_HEAD = """%SHN 1.0
[Seats "Al; Bea; Cy"]
[Rules "wi3-30"]
"""


def test_card_outside_the_deck_is_e_deck():
    text = WI3_HEAD + "hand 1  dealer Cy\ndeal Al  QC QS JC AD TD TC 9C TH 7C\npick Al  pts 70  win\n"
    _, errors = outcomes(text)
    assert errors[0].code == "E-DECK" and (errors[0].line, errors[0].col) == (5, 34)
    assert errors[0].found == "7C"


def test_played_card_outside_the_deck_is_e_deck():
    # no deal lines: the 7S in trick 1 cannot be in the 30-card deck
    text = WI3_HEAD + "hand 1  dealer Cy\npick Al\nt1 Al: QC 7S 7D\n"
    _, errors = outcomes(text)
    assert errors[0].code == "E-DECK" and (errors[0].line, errors[0].col) == (6, 11) and errors[0].trick == 1


def test_deal_size_at_three_handed():
    text = "%SHN 1.0\n[Seats \"Al; Bea; Cy\"]\n[Rules \"wi3\"]\nhand 1  dealer Cy\ndeal Al  QC QS QH QD JC JS AD TD AC\npick Al  pts 70  win\n"
    _, errors = outcomes(text)
    assert errors[0].code == "E-DEAL-SIZE" and errors[0].found == "9" and errors[0].expected == "10"


def test_seats_must_match_the_table():
    text = "%SHN 1.0\n[Seats \"Al; Bea; Cy; Di\"]\n[Rules \"wi3\"]\nhand 1  dealer Cy\npick Al  pts 70  win\n"
    _, errors = outcomes(text)
    assert errors[0].code == "E-SEATS" and errors[0].found == "4" and errors[0].expected == "3"


def test_no_call_in_a_picker_alone_game():
    src = (FIXTURES / "wi3.shn").read_text(encoding="utf-8").replace("bury KH 7C", "bury KH 7C\ncall AH")
    _, errors = outcomes(src)
    assert errors[0].code == "E-CALL-NONE"
    sheet = "%SHN 1.0\n[Seats \"Al; Bea; Cy\"]\n[Rules \"wi3\"]\nhand 1  dealer Cy\npick Al  call AH  pts 70  win\n"
    _, errors = outcomes(sheet)
    assert errors[0].code == "E-CALL-NONE" and (errors[0].line, errors[0].col) == (5, 10)


def test_cutthroat_buries_four():
    src = (FIXTURES / "wi4-cutthroat.shn").read_text(encoding="utf-8").replace("bury AC 8C 7S 8S", "bury 7S 8S")
    _, errors = outcomes(src)
    assert errors[0].code == "E-BURY-COUNT" and errors[0].found == "2" and errors[0].expected == "4"


def test_cutthroat_score_sheet_no_tricker_bounded_by_a_four_card_bury():
    head = "%SHN 1.0\n[Seats \"Al; Bea; Cy; Di\"]\n[Rules \"wi4-cutthroat\"]\n"
    # four aces buried: 44 card points without a trick is possible -> no-tricker loss, 3 x 3 x 2 = 18
    got, errors = outcomes(head + "hand 1  dealer Di\npick Al  pts 44  tricks 0\n")
    assert errors == [] and got[1].outcome == "lose-z"
    assert got[1].units == {"Al": -18, "Bea": 6, "Cy": 6, "Di": 6}
    _, errors = outcomes(head + "hand 1  dealer Di\npick Al  pts 45  tricks 0\n")
    assert errors[0].code == "E-PTS"


SIX = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed; Flo"]
[Rules "wi6-sit-out"]
"""


def test_sit_out_dealer_has_no_deal_line():
    src = (FIXTURES / "wi6-sit-out.shn").read_text(encoding="utf-8").replace(
        "deal Ed  JS 9D TC KS 8S 9H", "deal Ed  JS 9D TC KS 8S 9H\ndeal Flo 7S")
    _, errors = outcomes(src)
    assert errors[0].code == "E-SIT-OUT" and errors[0].line == 14 and errors[0].col == 1


def test_sit_out_dealer_plays_no_card():
    # no deal lines: a trick of six cards is the wrong size, and Flo dealt
    _, errors = outcomes(SIX + "hand 1  dealer Flo\npick Al\nt1 Al: QC 7D 8D 9D KD JD\n")
    assert errors[0].code == "E-TRICK-SIZE" and errors[0].found == "6" and errors[0].expected == "5"


def test_sit_out_dealer_cannot_pick_or_crack():
    _, errors = outcomes(SIX + "hand 1  dealer Flo\npick Flo  pts 70  win\n")
    assert errors[0].code == "E-SIT-OUT" and (errors[0].line, errors[0].col) == (5, 6)  # "pick Flo": Flo at col 6
    _, errors = outcomes(SIX + "hand 1  dealer Flo\npick Al  alone  crack Flo  pts 70  win\n")
    assert errors[0].code == "E-SIT-OUT" and errors[0].found == "crack Flo"


def test_sit_out_score_sheet_needs_the_dealer():
    _, errors = outcomes(SIX + "hand 1\npick Al  alone  pts 70  win\n")
    assert errors[0].code == "E-DEALER"


def test_sit_out_leaster_score_sheet():
    # Flo deals and sits out; Cy wins the leaster: +4 from the four other players, Flo 0
    got, errors = outcomes(SIX + "hand 1  dealer Flo\nleaster Cy\n")
    assert errors == [] and got[1].units == {"Al": -1, "Bea": -1, "Cy": 4, "Di": -1, "Ed": -1, "Flo": 0}


def test_engine_refuses_cards_for_the_seat_out():
    p = parse_rules("wi6-sit-out")
    hands = [mask_of([Card.CQ])] + [0] * 5
    with pytest.raises(IllegalAction) as exc:
        GameState(p, 0, hands, 0, complete=False)
    assert exc.value.code == "E-SIT-OUT"
    with pytest.raises(IllegalAction) as exc:
        GameState(parse_rules("wi3-26"), 0, [mask_of([Card.H8]), 0, 0], 0, complete=False)
    assert exc.value.code == "E-DECK"


@pytest.mark.parametrize("name", TABLE_PROFILES)
def test_generated_session_text_validates_under_every_table_profile(name):
    """ingest.generate writes one seat per player of the profile; every hand
    validates and each settlement sums to zero (B-35)."""
    from ingest.generate import generate_session_text

    text = generate_session_text(7, 12, name, score_sheet_rate=0.3, misdeal_rate=0.05)
    got, errors = outcomes(text)
    assert errors == [] and len(got) == 12
    assert all(len(o.units) == parse_rules(name).players and sum(o.units.values()) == 0 for o in got.values())


def test_sit_out_dealer_cannot_pick_in_a_replayed_hand():
    src = (FIXTURES / "wi6-sit-out.shn").read_text(encoding="utf-8").split("\nhand 2")[0] + "\n"
    _, errors = outcomes(src.replace("pick Bea", "pick Flo"))
    # line 15 "pick Flo": Flo (at column 6) deals and sits out
    assert errors[0].code == "E-SIT-OUT" and (errors[0].line, errors[0].col) == (15, 6) and errors[0].found == "Flo"


def test_black_queens_score_sheet_call_is_refused():
    head = "%SHN 1.0\n[Seats \"Al; Bea; Cy; Di\"]\n[Rules \"wi4-black-queens\"]\n"
    _, errors = outcomes(head + "hand 1  dealer Di\npick Al  call AH  partner Cy  pts 70  win\n")
    assert errors[0].code == "E-CALL-NONE" and (errors[0].line, errors[0].col) == (5, 10)


def test_black_queens_both_in_one_hand_replayed_with_alone():
    """A generated hand where one player holds both black queens is written
    with ``alone``, so its score-sheet line settles without a score: 1 against 3."""
    import random

    from ingest.generate import to_record
    from ingest.shn.record import SessionRec, ShnFile
    from ingest.shn.writer import write
    from replay.generator import random_hand

    prof = parse_rules("wi4-black-queens")
    h = next(h for h in (random_hand(random.Random(s), prof, 0) for s in range(200)) if h.state.alone)
    h.score_sheet, h.number = True, 1
    sess = SessionRec({"Seats": "Al; Bea; Cy; Di", "Rules": "wi4-black-queens"})
    text = write(ShnFile([to_record(h, sess, write_score=False)]))
    assert "alone" in text
    got, errors = outcomes(text)
    assert errors == [] and got[1].alone and got[1].partner is None
    assert got[1].units == dict(zip(["Al", "Bea", "Cy", "Di"], h.state.settlement().units))


@pytest.mark.parametrize("text", ["wi4-black-queens; partnerMode=calledAce", "wi5-called-ace; partnerMode=blackQueens",
                                  "wi6-black-queens; partnerMode=alone"])
def test_black_queens_partner_mode_only_without_a_blind(text):
    with pytest.raises(ProfileError) as exc:
        parse_rules(text)
    assert exc.value.code == "E-RULES-VALUE"


def test_reader_takes_a_second_partner_seat():
    from ingest.shn.reader import read
    from ingest.shn.writer import write

    text = ("%SHN 1.0\n[Seats \"Al; Bea; Cy; Di; Ed; Flo\"]\n[Rules \"wi6-jd-ace\"]\n\n"
            "hand 1  dealer Bea\npick Cy  call AS  partner Di Ed {both}  pts 70  win\n")
    shn = read(text)
    h = shn.hands[0]
    assert h.errors == []
    assert (h.partner.value, h.partner2.value, h.partner.note) == ("Di", "Ed", "both")
    assert (h.partner2.pos.line, h.partner2.pos.col) == (6, 30)  # "partner Di Ed": Ed at column 30
    assert "partner Di Ed {both}" in write(shn)
