"""Score-sheet and partially known hands get every check the written facts
allow (QA defects 4, 5, 6, 7, 10 and questionable b, g, i; rules.md B-7,
B-9..B-16, C-9, D-15..D-18, I-14, I-34).

Every hand below starts on line 6 of a file with the header of :func:`shn`;
its first statement line is line 7.  Columns are counted by hand in the
comments (1-based; the column of a card or seat is where its token starts).
Amounts are in units, computed by hand."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.validate import validate_text
from replay.judge_wi import _nopick_bounds
from replay.cards import cards_in, points_of
from replay.profile import parse_rules
from replay.scoring import schwanzer_value

SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]
FIXTURES = Path(__file__).parent / "fixtures" / "profiles"


def shn(body: str, rules: str = "wi5-called-ace") -> str:
    return f'%SHN 1.0\n[Event "QA"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "{rules}"]\n\n' + body


def check(body: str, rules: str = "wi5-called-ace"):
    """(outcomes by hand number, errors) of one validated text."""
    r = validate_text(shn(body, rules), "t.shn")
    return {h.outcome.hand: h.outcome for h in r.hands}, [e for x in r.rejected for e in x.errors]


def error(body: str, rules: str = "wi5-called-ace"):
    got, errors = check(body, rules)
    assert got == {} and len(errors) == 1, [str(e) for e in errors]
    return errors[0].code, errors[0].line, errors[0].col


def units(body: str, rules: str = "wi5-called-ace", hand: int = 1):
    got, errors = check(body, rules)
    assert errors == [], [str(e) for e in errors]
    o = got[hand]
    assert sum(o.units.values()) + o.pot == 0  # zero-sum (rules.md B-35)
    return [o.units[a] for a in SEATS], o


# --------------------------------------------------------------------------- defect 4: schwanzer, no dealer


def _schwanzer_hand1() -> str:
    """Hand 1 of the worked wi5-schwanzer file without ``dealer Ed``, from its
    deal lines on (Cy counts J♦ 2 + Q♠ 3 + J♠ 2 = 7, the highest)."""
    text = (FIXTURES / "wi5-schwanzer.shn").read_text(encoding="utf-8")
    return text.split("hand 1  dealer Ed\n")[1].split("\n\nhand 2")[0] + "\n"


def test_schwanzer_with_every_deal_line_is_counted_without_a_dealer():
    """rules.md D-18: the count does not depend on the dealer.  Lines: 6 hand,
    7..11 deal, 12 blind, 13 ``schwanzer Al`` (col 11: 'schwanzer ' is 10)."""
    body = "hand 1\n" + _schwanzer_hand1().replace("schwanzer Cy\npts 7\nscore Al +1 Bea +1 Cy -4 Di +1 Ed +1\n",
                                                  "schwanzer Al\n")
    assert error(body, "wi5-schwanzer") == ("E-LEASTER", 13, 11)
    # as written (Cy, 7): Cy pays one unit to each of four, -4; the dealer stays unknown
    got, o = units("hand 1\n" + _schwanzer_hand1(), "wi5-schwanzer")
    assert got == [1, 1, -4, 1, 1] and o.dealer is None and o.status == "full" and o.picker_points == 7


def test_schwanzer_deal_lines_checked_without_a_dealer():
    rest = _schwanzer_hand1()
    # three cards on Al's line (7:1)
    assert error("hand 1\n" + rest.replace("deal Al  AC KD 9S 9D KH 7S", "deal Al QC QC QC"),
                 "wi5-schwanzer") == ("E-DEAL-SIZE", 7, 1)
    # 'deal Al  QC QC 9S 9D KH 7S': deal 1-4, Al 6-7, QC 10-11, the second QC at 13
    assert error("hand 1\n" + rest.replace("deal Al  AC KD", "deal Al  QC QC"),
                 "wi5-schwanzer") == ("E-DEAL-DUPLICATE", 7, 13)


# --------------------------------------------------------------------------- defect 5: score-sheet cards


def test_called_ace_in_the_bury_is_held():
    # 'pick Al  bury QC AS  call AS': pick 1-4, Al 6-7, bury 10-13, QC 15-16, AS 18-19, call 22-25, AS 27
    assert error("hand 1  dealer Ed\npick Al  bury QC AS  call AS  partner Cy  pts 70  win\n") == ("E-CALL-HELD", 7, 27)
    assert error("hand 1\npick Al  bury QC AS  call AS  partner Cy  pts 70  win\n") == ("E-CALL-HELD", 7, 27)


def test_called_ace_on_the_pickers_deal_line_is_held():
    # line 8 'pick Al call AS': pick 1-4, Al 6-7, call 9-12, AS 14
    assert error("hand 1\ndeal Al QC QS QH QD JC AS\npick Al call AS partner Cy pts 70 win\n") == ("E-CALL-HELD", 8, 14)
    # an ace in the blind the picker took (B-16, I-14): 'blind AS 7C' then the same pick line
    assert error("hand 1\nblind AS 7C\npick Al call AS partner Cy pts 70 win\n") == ("E-CALL-HELD", 8, 14)


def test_bury_count_without_a_dealer():
    # 'pick Al bury QC QC alone': bury at col 9 (pick 1-4, Al 6-7)
    assert error("hand 1\npick Al bury QC QC alone pts 70 win\n") == ("E-BURY-COUNT", 7, 9)
    assert error("hand 1\npick Al bury QC alone pts 70 win\n") == ("E-BURY-COUNT", 7, 9)
    assert error("hand 1  dealer Ed\npick Al bury QC alone pts 70 win\n") == ("E-BURY-COUNT", 7, 9)
    # a buried card dealt to another seat (line 8, bury at col 9)
    assert error("hand 1\ndeal Cy QC QS QH QD JC JS\npick Al bury QC 7C alone pts 70 win\n") == \
        ("E-BURY-NOT-HELD", 8, 9)


def test_blind_size_and_repeats_without_deal_lines():
    assert error("hand 1\nblind QC QC QC\npick Al alone pts 70 win\n") == ("E-BLIND-SIZE", 7, 1)
    # 'blind QC QC': blind 1-5, QC 7-8, the second QC at 10
    assert error("hand 1\nblind QC QC\npick Al alone pts 70 win\n") == ("E-DEAL-DUPLICATE", 7, 10)


def test_written_partner_against_a_written_deal_line():
    # line 8 'pick Bea call AC partner Al': pick 1-4, Bea 6-8, call 10-13, AC 15-16, partner 18-24, Al 26
    body = "hand 1\ndeal Al QC QS QH QD JC JS\npick Bea call AC partner Al pts 70 win\n"
    assert error(body) == ("E-PARTNER", 8, 26)
    got, errors = check(body)
    assert errors[0].expected is not None and "AC" in errors[0].expected
    # the AC on Cy's line: the partner is Cy, not Al
    got, errors = check("hand 1\ndeal Cy AC QS QH QD JC JS\npick Bea call AC partner Al pts 70 win\n")
    assert [(e.code, e.line, e.col, e.expected) for e in errors] == [("E-PARTNER", 8, 26, "Cy")]
    # Al's line holds the AC: accepted, Bea +2, Al +1, three defenders -1 (win, 2 + 1 = 3 = 3 * 1)
    got, _ = units("hand 1\ndeal Al AC QS QH QD JC JS\npick Bea call AC partner Al pts 70 win\n")
    assert got == [1, 2, -1, -1, -1]


def test_deal_size_without_a_dealer():
    assert error("hand 1\ndeal Al QC QC QC\npick Al alone pts 70 win\n") == ("E-DEAL-SIZE", 7, 1)
    assert error("hand 1  dealer Ed\ndeal Al QC QC QC\npick Al alone pts 70 win\n") == ("E-DEAL-SIZE", 7, 1)


# --------------------------------------------------------------------------- defect 6: own ten, own unknown


OWN = "wi5-called-ace; allowCallOwnAce=on"


def test_own_ten_and_own_unknown_card_calls_are_refused():
    """profiles.md on B-14: only an own ace is allowed; a ten (B-10) or an
    unknown-card call (B-11) of one's own card stays illegal."""
    # 'pick Cy call TS partner Cy': pick 1-4, Cy 6-7, call 9-12, TS 14-15, partner 17-23, Cy 25
    assert error("hand 1\npick Cy call TS partner Cy pts 44 lose\n", OWN) == ("E-CALL-HELD", 7, 25)
    assert error("hand 1  dealer Bea\npick Cy call TS partner Cy pts 44 lose\n", OWN) == ("E-CALL-HELD", 7, 25)
    # '... AS 14-15, under 17-21, 7C 23-24, partner 26-32, Cy 34'
    assert error("hand 1\npick Cy call AS under 7C partner Cy pts 44 lose\n", OWN) == ("E-CALL-HELD", 7, 34)
    # a ten on the picker's own deal line: line 8, TS at col 14
    assert error("hand 1\ndeal Cy AC AS AH TS 7S QC\npick Cy call TS pts 44 lose\n", OWN) == ("E-CALL-HELD", 8, 14)


def test_own_ace_stays_alone():
    """rules.md I-15: an own ace is scored alone; a plain loss doubled on the
    bump: Cy pays 2 to each of four, -8."""
    got, o = units("hand 1\npick Cy call AS partner Cy pts 44 lose\n", OWN)
    assert got == [2, 2, -8, 2, 2] and o.alone


# --------------------------------------------------------------------------- defect 7, b: no-pick sheets


def test_nopick_bounds_by_hand():
    """The bounds of _nopick_bounds, five-handed: schneidster 0..30, mittler
    0..40 (3 * 40 = 120), moster 24..120 (ceil(120 / 5) = 24; 98 / 5 -> 20
    with the blind set aside), schwanzer 4..16 (Q Q Q Q J J = 3*4 + 2*2 = 16;
    (26 - 6) / 5 = 4), leaster 0..24 without leasterMustTakeTrick."""
    p = parse_rules
    assert _nopick_bounds(p("wi5-schneidster"), "schneidster")[:2] == (0, 30)
    assert _nopick_bounds(p("wi5-mittler"), "mittler")[:2] == (0, 40)
    assert _nopick_bounds(p("wi5-moster"), "moster")[:2] == (24, 120)
    assert _nopick_bounds(p("wi5-moster; leasterBlind=none"), "moster")[:2] == (20, 120)
    assert _nopick_bounds(p("wi5-schwanzer"), "schwanzer")[:2] == (4, 16)
    assert _nopick_bounds(p("wi5-called-ace; leasterMustTakeTrick=off"), "leaster")[:2] == (0, 24)
    assert _nopick_bounds(p("wi5-called-ace"), "leaster")[:2] == (0, 120)


def test_schneidster_winner_at_most_30():
    # 'schneidster Bea  pts 31': schneidster 1-11, Bea 13-15, pts 18-20, 31 at 22
    assert error("hand 1\nschneidster Bea  pts 31\n", "wi5-schneidster") == ("E-PTS", 7, 22)
    # 30 wins: Bea +4, the four others -1 each
    assert units("hand 1\nschneidster Bea  pts 30\n", "wi5-schneidster")[0] == [-1, 4, -1, -1, -1]


def test_mittler_median_at_most_40():
    # 'mittler Bea  pts 41': mittler 1-7, Bea 9-11, pts 14-16, 41 at 18
    assert error("hand 1\nmittler Bea  pts 41\n", "wi5-mittler") == ("E-PTS", 7, 18)
    assert error("hand 1\nmittler Bea  pts 119\n", "wi5-mittler") == ("E-PTS", 7, 18)
    assert units("hand 1\nmittler Bea  pts 40\n", "wi5-mittler")[0] == [-1, 4, -1, -1, -1]


def test_moster_most_points_at_least_24():
    # 'moster Cy  pts 23': moster 1-6, Cy 8-9, pts 12-14, 23 at 16
    assert error("hand 1\nmoster Cy  pts 23\n", "wi5-moster") == ("E-PTS", 7, 16)
    assert error("hand 1\nmoster Cy  pts 20\n", "wi5-moster") == ("E-PTS", 7, 16)
    # 24 pays: Cy -4, +1 each
    assert units("hand 1\nmoster Cy  pts 24\n", "wi5-moster")[0] == [1, 1, -4, 1, 1]


def test_schwanzer_count_4_to_16():
    # 'schwanzer Cy  pts 17': schwanzer 1-9, Cy 11-12, pts 15-17, 17 at 19
    assert error("hand 1\nschwanzer Cy  pts 17\n", "wi5-schwanzer") == ("E-PTS", 7, 19)
    assert error("hand 1\nschwanzer Cy  pts 30\n", "wi5-schwanzer") == ("E-PTS", 7, 19)
    assert error("hand 1\nschwanzer Cy  pts 3\n", "wi5-schwanzer") == ("E-PTS", 7, 19)
    assert units("hand 1\nschwanzer Cy  pts 16\n", "wi5-schwanzer")[0] == [1, 1, -4, 1, 1]
    assert units("hand 1\nschwanzer Cy  pts 4\n", "wi5-schwanzer")[0] == [1, 1, -4, 1, 1]


def test_tricks_where_none_is_played_or_none_can_be():
    # a schwanzer is not played (D-18): 'schwanzer Cy  pts 7  tricks 2': tricks 22-27, 2 at 29
    assert error("hand 1\nschwanzer Cy  pts 7  tricks 2\n", "wi5-schwanzer") == ("E-TRICKS", 7, 29)
    # the moster holds at least 24 points, so took a trick: 'moster Cy  pts 30  tricks 0':
    # moster 1-6, Cy 8-9, pts 12-14, 30 16-17, tricks 20-25, 0 at 27
    assert error("hand 1\nmoster Cy  pts 30  tricks 0\n", "wi5-moster") == ("E-TRICKS", 7, 27)
    assert error("hand 1\nmoster Cy  pts 10  tricks 0\n", "wi5-moster") == ("E-TRICKS", 7, 27)
    # a sweep holds all 120 (blind to the last trick): 'moster Cy  pts 119  tricks 6': 119 at 16
    assert error("hand 1\nmoster Cy  pts 119  tricks 6\n", "wi5-moster") == ("E-PTS", 7, 16)
    # a mittler seat without a trick holds no points: 'mittler Bea  pts 5  tricks 0': 5 at 18
    assert error("hand 1\nmittler Bea  pts 5  tricks 0\n", "wi5-mittler") == ("E-PTS", 7, 18)


def test_moster_at_120_without_tricks_is_unknown():
    """rules.md I-34: 120 points is a sweep's value but not proof of one (a
    trick of five blanks holds 0), so neither reading is taken."""
    assert error("hand 1\nmoster Cy  pts 120\n", "wi5-moster") == ("E-RESULT-UNKNOWN", 7, 16)
    # a sweep written: Cy wins +4, -1 each (I-34)
    assert units("hand 1\nmoster Cy  pts 120  tricks 6\n", "wi5-moster")[0] == [-1, -1, 4, -1, -1]
    # five tricks and 120 (a blank trick lost): Cy pays, -4
    assert units("hand 1\nmoster Cy  pts 120  tricks 5\n", "wi5-moster")[0] == [1, 1, -4, 1, 1]
    # the score tells the sweep
    assert units("hand 1\nmoster Cy  pts 120\nscore Al -1 Bea -1 Cy +4 Di -1 Ed -1\n",
                 "wi5-moster")[0] == [-1, -1, 4, -1, -1]
    # tricks written other than six: the moster cannot have won, a +4 score is E-SCORE (line 8, Al's -1 at 10)
    assert error("hand 1\nmoster Cy  pts 60  tricks 5\nscore Al -1 Bea -1 Cy +4 Di -1 Ed -1\n",
                 "wi5-moster") == ("E-SCORE", 8, 10)


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(32)))
def test_nopick_bounds_hold_for_any_deal(order):
    """Property: for any deal of the 32 cards into five hands of six and a
    blind of two, and any split of the card points into five seats' piles
    (the hands themselves stand in for the piles), the seat each game turns
    on lies within _nopick_bounds."""
    prof = parse_rules("wi5-schwanzer")
    deck = list(cards_in(prof.deck_mask))
    cards = [deck[i] for i in order]
    hands = [sum(1 << c for c in cards[6 * s:6 * s + 6]) for s in range(5)]
    blind = sum(1 << c for c in cards[30:])
    counts = sorted(schwanzer_value(h, prof.trumps) for h in hands)
    lo, hi, _ = _nopick_bounds(prof, "schwanzer")
    assert lo <= counts[-1] <= hi
    piles = sorted(points_of(h) for h in hands)
    piles[-1] += points_of(blind)  # the blind to one seat (leasterBlind=lastTrick): 120 in all
    piles.sort()
    assert sum(piles) == 120
    assert piles[2] <= _nopick_bounds(parse_rules("wi5-mittler"), "mittler")[1]
    assert piles[-1] >= _nopick_bounds(parse_rules("wi5-moster"), "moster")[0]
    assert piles[0] <= _nopick_bounds(parse_rules("wi5-called-ace; leasterMustTakeTrick=off"), "leaster")[1]


# --------------------------------------------------------------------------- defect 10: sheepshead


JC = "wi5-jack-of-diamonds; jdPartnerCard=JC; allowSheepsheadCall=holdingPartnerCard"


def test_sheepshead_under_holding_partner_card_with_a_partner():
    """rules.md C-9, C-7: a partner written means another seat holds the J♣.
    'pick Al  sheepshead': pick 1-4, Al 6-7, sheepshead at 10."""
    body = "pick Al  sheepshead  partner Cy  tricks 6  win-z\n"
    assert error("hand 1\n" + body, JC) == ("E-SHEEPSHEAD", 7, 10)
    assert error("hand 1  dealer Ed\n" + body, JC) == ("E-SHEEPSHEAD", 7, 10)
    # the J♣ on Cy's deal line (line 7), the pick on line 8
    assert error("hand 1\ndeal Cy JC QC QS QH QD JS\npick Al  sheepshead  tricks 6  win-z\n", JC) == \
        ("E-SHEEPSHEAD", 8, 10)
    # no partner: the picker holds the J♣ and plays alone; twice the no-tricker
    # value, 2 * 3 = 6 from each of four, Al +24
    got, o = units("hand 1\npick Al  sheepshead  tricks 6  win-z\n", JC)
    assert got == [24, -6, -6, -6, -6] and o.alone


def test_mark_written_before_the_sheepshead_call_is_the_same_record():
    """Statements come in any order (notation.md §3, §6): the call is made
    before the marks whatever the written order.  Alone, crack ×2: 6 * 2 =
    12 from each of four, Al +48."""
    on = "wi5-called-ace; allowSheepsheadCall=on"
    a = units("hand 1  dealer Ed\npick Al  crack Bea  sheepshead  alone  tricks 6  win-z\n", on)[0]
    b = units("hand 1  dealer Ed\npick Al  alone  sheepshead  crack Bea  tricks 6  win-z\n", on)[0]
    assert a == b == [48, -12, -12, -12, -12]


# --------------------------------------------------------------------------- g: forced pick, dealer unknown


FORCED = "wi5-called-ace; noPick=forcedPick; forcedPickNoBump=on"


def test_forced_pick_with_unknown_dealer_warns():
    """rules.md D-13: settled as a free pick, the loss doubled: Ed alone loses
    2 to each of four, -8; with ``dealer Ed`` Ed was forced: -4, +1 each."""
    for head in ("hand 1", "hand 1  dealer ?"):
        got, o = units(f"{head}\npick Ed alone pts 40 lose\n", FORCED)
        assert got == [2, 2, 2, 2, -8]
        # 'pick Ed': Ed at col 6
        assert len(o.warnings) == 1 and "W-FORCED-UNKNOWN" in o.warnings[0] and "t.shn:7:6:" in o.warnings[0]
    got, o = units("hand 1  dealer Ed\npick Ed alone pts 40 lose\n", FORCED)
    assert got == [1, 1, 1, 1, -4] and o.warnings == []
    got, o = units("hand 1\npick Ed alone pts 70 win\n", FORCED)  # a win is the same either way
    assert got == [-1, -1, -1, -1, 4] and o.warnings == []


def test_own_ace_on_the_deal_line_with_another_partner_written():
    """rules.md B-14, I-14: Cy holds the A♠ on his deal line (line 7), so an
    own-ace call makes Cy his own partner; ``partner Bea`` contradicts it.
    Line 8 'pick Cy call AS partner Bea': partner 17-23, Bea at 25."""
    body = "hand 1\ndeal Cy AS QC QS QH QD JC\npick Cy call AS partner Bea pts 44 lose\n"
    assert error(body, OWN) == ("E-PARTNER", 8, 25)
    # 'partner Cy': the own ace, scored alone: -8, +2 each (I-15)
    got, _ = units(body.replace("partner Bea", "partner Cy"), OWN)
    assert got == [2, 2, -8, 2, 2]
