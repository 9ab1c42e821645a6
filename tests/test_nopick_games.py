"""The games played when nobody picks (rules.md D): forced pick and schiller
(D-13, D-14, ``forcedPickNoBump``), moster (D-15, I-34), mittler (D-16,
I-35), schneidster (D-17), schwanzer (D-18, I-36), the leaster's split tie
(D-6) and named blind trick (D-3), and the pot (D-19).

Every amount below is worked out by hand in the comment next to it.  Most
hands use "deal B" (the worked hands of tests/fixtures/profiles, documented
in docs/profiles.md):

    Al  AC KD 9S 9D KH 7S      Di  9C AD TS QH TH 7D
    Bea TC QC 8S 8D 9H 7H      Ed  8C TD KS JC AH QD
    Cy  KC JD AS QS 8H JS      blind 7C JH (2 card points)

dealt by Ed, everybody passes, and played each for themselves:

    t1 Al:  AC TC KC 9C 8C   Al  wins 11+10+4       = 25
    t2 Al:  KD QC JD AD TD   Bea wins 4+3+2+11+10   = 30
    t3 Bea: 8S AS TS KS 9S   Cy  wins 11+10+4       = 25
    t4 Cy:  QS QH JC 9D 8D   Cy  wins 3+3+2         =  8
    t5 Cy:  8H TH AH KH 9H   Ed  wins 10+11+4       = 25
    t6 Ed:  QD 7S 7H JS 7D   Ed  wins 3+2           =  5

Card points from tricks: Al 25, Bea 30, Cy 33, Di 0, Ed 30 (sum 118; the
blind's 2 make 120).  With leasterBlind=lastTrick Ed (t6) has 32.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine_helpers import AL, BEA, CY, DI, ED, m, play_trick, table
from ingest.validate import validate_file, validate_text
from replay.actions import BlindTrick, Pass, Pick
from replay.errors import IllegalAction, ProfileError
from replay.profile import parse_rules
from replay.scoring import (mittler_winner, moster_seat, pot_share, schneidster_winner, schwanzer_loser,
                            schwanzer_value, settle_leaster, settle_picked)

FIX = Path(__file__).parent / "fixtures" / "profiles"

DEAL_B = {AL: "AC KD 9S 9D KH 7S", BEA: "TC QC 8S 8D 9H 7H", CY: "KC JD AS QS 8H JS",
          DI: "9C AD TS QH TH 7D", ED: "8C TD KS JC AH QD"}
BLIND_B = "7C JH"
TRICKS_B = ["AC TC KC 9C 8C", "KD QC JD AD TD", "8S AS TS KS 9S", "QS QH JC 9D 8D", "8H TH AH KH 9H",
            "QD 7S 7H JS 7D"]

HEADER = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "{rules}"]

hand 1  dealer Ed
deal Al  AC KD 9S 9D KH 7S
deal Bea TC QC 8S 8D 9H 7H
deal Cy  KC JD AS QS 8H JS
deal Di  9C AD TS QH TH 7D
deal Ed  8C TD KS JC AH QD
blind 7C JH
"""
TRICK_LINES_B = """t1 Al:  AC TC KC 9C 8C
t2 Al:  KD QC JD AD TD
t3 Bea: 8S AS TS KS 9S
t4 Cy:  QS QH JC 9D 8D
t5 Cy:  8H TH AH KH 9H
t6 Ed:  QD 7S 7H JS 7D
"""


def all_pass(g, dealer=ED):
    for k in range(5):
        g.apply(Pass((dealer + 1 + k) % 5))


def play_b(rules: str, blind_trick: int | None = None):
    g = table(DEAL_B, BLIND_B, ED, rules)
    all_pass(g)
    if blind_trick is not None:
        g.apply(BlindTrick(blind_trick))
    for t in TRICKS_B:
        play_trick(g, t)
    assert g.done
    return g


def units(path: Path) -> list[dict[str, int]]:
    r = validate_file(path)
    assert r.rejected == [], [str(e) for x in r.rejected for e in x.errors]
    return [h.outcome.units for h in r.hands]


def first_error(text: str):
    r = validate_text(text)
    assert r.rejected, "expected a rejected hand"
    return r.rejected[0].errors[0]


# --------------------------------------------------------------------------
# The profiles


def test_named_profiles_and_flags():
    assert parse_rules("wi5-forced-pick").noPick == "forcedPick"
    assert parse_rules("wi5-schiller").forcedPickSeat == "schiller"
    for game in ("moster", "mittler", "schneidster", "schwanzer"):
        assert parse_rules(f"wi5-{game}").noPick == game
    assert parse_rules("wi5-pot").pot is True
    # every flag value of this area is played now, none refused
    p = parse_rules("wi5-called-ace; leasterTie=split; leasterBlind=namedTrick; forcedPickNoBump=on; pot=on")
    assert (p.leasterTie, p.leasterBlind, p.forcedPickNoBump, p.pot) == ("split", "namedTrick", True, True)
    with pytest.raises(ProfileError) as e:
        parse_rules("wi5-forced-pick; forcedPickSeat=left")
    assert e.value.code == "E-RULES-VALUE"


# --------------------------------------------------------------------------
# Worked hands (tests/fixtures/profiles, docs/profiles.md)


def test_worked_moster():
    # Hand 1, deal B: most card points Cy 33 (Ed 30+2 = 32, Bea 30): Cy pays
    # one unit to each other seat: -4, +1 each (D-15).
    # Hand 2 (I-34): Al leads QC QS QH QD JC JS and takes every trick, 120
    # card points: scored as a win for Al, +4, -1 each.
    assert units(FIX / "wi5-moster.shn") == [
        {"Al": 1, "Bea": 1, "Cy": -4, "Di": 1, "Ed": 1},
        {"Al": 4, "Bea": -1, "Cy": -1, "Di": -1, "Ed": -1},
    ]


def test_worked_mittler():
    # Hand 1, deal B with the blind to Ed: sorted 0 25 30 32 33, the median 30
    # is Bea's alone: Bea +4, -1 each (D-16).
    # Hand 2 (I-35), leasterBlind=none: Ed keeps 30, sorted 0 25 30 30 33, Bea
    # and Ed tie at the median: a wash.
    assert units(FIX / "wi5-mittler.shn") == [
        {"Al": -1, "Bea": 4, "Cy": -1, "Di": -1, "Ed": -1},
        {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0, "Ed": 0},
    ]


def test_worked_schneidster():
    # Deal B: at most 30 are Al 25, Bea 30, Di 0; Ed's 32 is over.  Bea's 30
    # is closest without exceeding it: Bea +4, -1 each (D-17).
    assert units(FIX / "wi5-schneidster.shn") == [{"Al": -1, "Bea": 4, "Cy": -1, "Di": -1, "Ed": -1}]


def test_worked_schwanzer():
    # Hand 1, deal B shown down (Q 3, J 2, other trump 1): Al KD 9D = 2;
    # Bea QC 8D = 4; Cy JD QS JS = 7; Di AD QH 7D = 5; Ed TD JC QD = 6.
    # Cy's 7 is highest: Cy -4, +1 each (D-18).
    # Hand 2 (I-36): Al QC QD = 6, Bea QS JC AD = 6, Cy JH TD 9D = 4,
    # Di JD KD = 3, Ed 8D 7D = 2 (the blind QH JS is discarded).  Al and Bea
    # tie; Al holds the Q♣, the highest trump: Al -4, +1 each.
    assert units(FIX / "wi5-schwanzer.shn") == [
        {"Al": 1, "Bea": 1, "Cy": -4, "Di": 1, "Ed": 1},
        {"Al": -4, "Bea": 1, "Cy": 1, "Di": 1, "Ed": 1},
    ]


def test_worked_forced_pick():
    # Dealer Ed is stuck (D-13): bury 7C KS (4), call AC (partner Al).  Picker
    # side: t1 Al 25, t4 Ed 8H TH JH KH 9H = 0+10+2+4+0 = 16, bury 4 = 45:
    # a plain loss (31..60).  Double on the bump: 1 x 2 = 2 per defender:
    # Ed -4, Al -2, Bea Cy Di +2.  Hand 2 the same with forcedPickNoBump=on:
    # no bump for the stuck dealer: Ed -2, Al -1, +1 each.
    assert units(FIX / "wi5-forced-pick.shn") == [
        {"Al": -2, "Bea": 2, "Cy": 2, "Di": 2, "Ed": -4},
        {"Al": -1, "Bea": 1, "Cy": 1, "Di": 1, "Ed": -2},
    ]


def test_worked_schiller():
    # D-14: Al (dealer Ed's left) must pick; alone with 40: a plain loss alone,
    # 1 x 2 (bump) = 2 from each of 4 defenders: Al -8, +2 each.
    assert units(FIX / "wi5-schiller.shn") == [{"Al": -8, "Bea": 2, "Cy": 2, "Di": 2, "Ed": 2}]


def test_worked_pot():
    # Hand 1, deal B leaster: eligible Al 25, Bea 30, Cy 33, Ed 32; Al wins
    # +4 / -1 each, and each player puts 1 into the pot: Al +3, others -2,
    # pot +5 (3 - 8 + 5 = 0).
    # Hand 2: Cy and Ed win plain, +2 / +1 / -1 each, and take the pot of 5:
    # the partner 5 // 4 = 1, Cy the other 4: Cy +6, Ed +2, pot -5.
    r = validate_file(FIX / "wi5-pot.shn")
    assert r.rejected == []
    got = [(h.outcome.units, h.outcome.pot) for h in r.hands]
    assert got == [({"Al": 3, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2}, 5),
                   ({"Al": -1, "Bea": -1, "Cy": 6, "Di": -1, "Ed": 2}, -5)]
    for h in r.hands:  # players and the pot seat sum to zero (B-35, D-19)
        assert sum(h.outcome.units.values()) + h.outcome.pot == 0


# --------------------------------------------------------------------------
# rules.md I-34, I-35, I-36 through the engine


def test_i34_moster_sweep_wins():
    deal = {AL: "QC QS QH QD JC JS", BEA: "JH AD AC TC KC 9C", CY: "JD TD AS TS KS 9S",
            DI: "KD 9D AH TH KH 9H", ED: "8D 7D 8C 8S 8H 7H"}
    g = table(deal, "7C 7S", ED, "wi5-moster")
    all_pass(g)
    for t in ["QC JH JD KD 8D", "QS AD TD 9D 7D", "QH AC AS AH 8C", "QD TC TS TH 8S", "JC KC KS KH 8H",
              "JS 9C 9S 9H 7H"]:
        assert play_trick(g, t) == AL
    # Al: 6 tricks, 11 + 24 + 36 + 33 + 14 + 2 = 120 card points: the most,
    # but a player who took every trick wins: +4, -1 each (D-15, I-34).
    assert g.leaster_points() == [120, 0, 0, 0, 0]
    assert g.settlement().units == (4, -1, -1, -1, -1)
    assert g.settlement().outcome == "moster"


def test_moster_most_points_pays_and_ties_wash():
    g = play_b("wi5-moster")
    # Cy 33 is the most (Ed 30 + 2 blind = 32): Cy pays 1 to each: -4, +1 each.
    assert g.leaster_points() == [25, 30, 33, 0, 32]
    assert g.settlement().units == (1, 1, -4, 1, 1)
    assert moster_seat([25, 30, 33, 0, 32], [1, 1, 2, 0, 2], 6) == (CY, False)
    # a tie for the most: a wash (D-15 DEFAULT)
    assert moster_seat([33, 30, 33, 0, 24], [1, 1, 2, 0, 2], 6) == (None, False)


def test_i35_mittler_tie_at_the_median_is_a_wash():
    g = play_b("wi5-mittler; leasterBlind=none")
    # no blind: 25 30 33 0 30, sorted 0 25 30 30 33: Bea and Ed share the median.
    assert g.leaster_points() == [25, 30, 33, 0, 30]
    assert g.settlement().units == (0, 0, 0, 0, 0)
    assert mittler_winner([25, 30, 33, 0, 30]) is None
    # with the blind to Ed (32): sorted 0 25 30 32 33, Bea's 30 alone: +4, -1 each
    g = play_b("wi5-mittler")
    assert g.settlement().units == (-1, 4, -1, -1, -1)
    # even player counts have no middle seat (D-16): a wash
    assert mittler_winner([10, 20, 30, 60]) is None


def test_i36_schwanzer_tie_broken_by_the_highest_trump():
    deal = {AL: "QC QD AC TC KC 9C", BEA: "QS JC AD AS TS KS", CY: "JH TD 9D 8C 7C 9S",
            DI: "JD KD 8S 7S AH TH", ED: "8D 7D KH 9H 8H 7H"}
    g = table(deal, "QH JS", ED, "wi5-schwanzer")
    all_pass(g)
    assert g.done and not g.tricks  # no play (D-18)
    o = g.profile.trumps
    # X = Al: Q♣ + Q♦ = 3 + 3 = 6; Y = Bea: Q♠ + J♣ + A♦ = 3 + 2 + 1 = 6.
    assert [schwanzer_value(m(deal[s]), o) for s in range(5)] == [6, 6, 4, 3, 2]
    assert schwanzer_loser([m(deal[s]) for s in range(5)], o) == AL
    # Al, holding the Q♣, loses: pays one unit to each other player.
    assert g.settlement().units == (-4, 1, 1, 1, 1)


def test_schwanzer_value_example_of_d18():
    # Q♠ J♣ A♦ 8♦ 10♣ 7♠ = 3 + 2 + 1 + 1 = 7 (rules.md D-18)
    assert schwanzer_value(m("QS JC AD 8D TC 7S"), parse_rules("wi5-schwanzer").trumps) == 7


def test_schneidster_boundary_30_and_31():
    # 30 wins over 25; 31 is over the line and cannot win (D-17)
    assert schneidster_winner([25, 30, 33, 0, 32]) == BEA
    assert schneidster_winner([25, 31, 33, 0, 31]) == AL
    # a tie, or everybody above 30: a wash
    assert schneidster_winner([30, 30, 33, 0, 27]) is None
    assert schneidster_winner([31, 31, 58]) is None
    assert play_b("wi5-schneidster").settlement().units == (-1, 4, -1, -1, -1)


# --------------------------------------------------------------------------
# Forced pick (D-13, D-14, forcedPickNoBump)


def test_the_stuck_dealer_may_not_pass():
    g = table(DEAL_B, BLIND_B, ED, "wi5-forced-pick")
    for s in (AL, BEA, CY, DI):
        g.apply(Pass(s))
    with pytest.raises(IllegalAction) as e:
        g.apply(Pass(ED))
    assert e.value.code == "E-FORCED-PICK"
    g.apply(Pick(ED))
    assert g.forced


def test_schiller_the_dealers_left_picks_at_once():
    g = table(DEAL_B, BLIND_B, ED, "wi5-schiller")
    with pytest.raises(IllegalAction) as e:
        g.apply(Pass(AL))
    assert e.value.code == "E-FORCED-PICK"
    g.apply(Pick(AL))
    assert g.forced


def test_forced_pick_no_bump_settlement():
    prof = parse_rules("wi5-forced-pick; forcedPickNoBump=on")
    # schneidered loss with partner: tier 2; a forced picker has no bump: 2 per
    # defender -> picker -4, partner -2, +2 each; a picker who chose to pick
    # is doubled: 4 per defender -> -8 / -4 / +4.
    assert settle_picked(prof, 5, ED, AL, "lose-s", forced=True).units == (-2, 2, 2, 2, -4)
    assert settle_picked(prof, 5, ED, AL, "lose-s").units == (-4, 4, 4, 4, -8)
    # a win is never doubled on the bump: +2 / +1 / -1 either way
    assert settle_picked(prof, 5, ED, AL, "win", forced=True).units == (1, -1, -1, -1, 2)


def test_shn_forced_pick_errors():
    text = HEADER.format(rules="wi5-schiller") + "pick Bea  alone  pts 70  win\n"
    d = first_error(text)
    # Al (Ed's left) would pass before Bea picks: refused at 'pick Bea'
    assert (d.code, d.line, d.col) == ("E-FORCED-PICK", 12, 6)
    text = HEADER.format(rules="wi5-forced-pick") + "leaster Al\n" + TRICK_LINES_B
    d = first_error(text)
    assert (d.code, d.line, d.col) == ("E-NOPICK", 12, 9)  # at the seat of "leaster Al"


# --------------------------------------------------------------------------
# The leaster: split ties (D-6) and the named blind trick (D-3)

DEAL_SPLIT = {AL: "AC KD 9S 8D KH 7S", BEA: "TC QC 8S QS 9H 7H", CY: "KC JD AS 9D 8H JS",
              DI: "9C AD TS QH TH 7D", ED: "8C TD KS JC AH QD"}
TRICKS_SPLIT = ["AC TC KC 9C 8C", "KD QC JD AD TD", "8S AS TS KS 9S", "9D QH JC 8D QS", "9H 8H TH AH KH",
                "QD 7S 7H JS 7D"]


def play_split(rules: str, blind_trick: int | None = None):
    g = table(DEAL_SPLIT, BLIND_B, ED, rules)
    all_pass(g)
    if blind_trick is not None:
        g.apply(BlindTrick(blind_trick))
    for t in TRICKS_SPLIT:
        play_trick(g, t)
    return g


def test_leaster_tie_wash_or_split():
    # Al t1 25; Bea t2 30 + t4 QH JC QS = 3+2+3 = 8 -> 38; Cy t3 25; Ed t5
    # 10+11+4 = 25 + t6 5 + blind 2 = 32.  Fewest among trick-takers: Al and
    # Cy tie at 25.
    g = play_split("wi5-called-ace")
    assert g.leaster_points() == [25, 38, 25, 0, 32]
    assert g.settlement().units == (0, 0, 0, 0, 0)  # wash (D-6 DEFAULT)
    # split: the three others pay 1 each; Al (first in play order) takes 2
    # shares, Cy 1: +2, -1, +1, -1, -1
    g = play_split("wi5-called-ace; leasterTie=split")
    assert g.settlement().units == (2, -1, 1, -1, -1)
    assert settle_leaster(parse_rules("wi5-called-ace; leasterTie=split"), 5, AL, second=CY, stake=2).units == \
        (4, -2, 2, -2, -2)


def test_leaster_named_blind_trick():
    rules = "wi5-called-ace; leasterBlind=namedTrick"
    # blind to t3's winner Cy: Cy 25 + 2 = 27, Al 25 alone fewest: +4, -1 each
    assert play_split(rules, 3).settlement().units == (4, -1, -1, -1, -1)
    # blind to t1's winner Al: Al 27, Cy 25 fewest: Cy +4
    assert play_split(rules, 1).settlement().units == (-1, -1, 4, -1, -1)
    g = table(DEAL_SPLIT, BLIND_B, ED, "wi5-called-ace")
    all_pass(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(BlindTrick(2))
    assert e.value.code == "E-BLIND-TRICK"


def test_shn_blindtrick_statement():
    head = HEADER.format(rules="wi5-called-ace; leasterBlind=namedTrick")
    ok = head + "leaster Al  blindtrick 3\n" + TRICK_LINES_B + "score Al +4 Bea -1 Cy -1 Di -1 Ed -1\n"
    # deal B, blind to t3's winner Cy: Al 25, Bea 30, Cy 35, Ed 30: Al +4
    r = validate_text(ok)
    assert r.rejected == [] and r.hands[0].outcome.units["Al"] == 4
    d = first_error(head + "leaster Al\n" + TRICK_LINES_B)
    assert (d.code, d.line) == ("E-BLIND-TRICK", 12)
    d = first_error(HEADER.format(rules="wi5-called-ace") + "leaster Al  blindtrick 3\n" + TRICK_LINES_B)
    assert (d.code, d.line, d.col) == ("E-BLIND-TRICK", 12, 24)  # at its number


# --------------------------------------------------------------------------
# Records that break a no-pick rule


def test_shn_nopick_errors():
    # the wrong seat named
    d = first_error(HEADER.format(rules="wi5-moster") + "moster Bea\n" + TRICK_LINES_B)
    assert (d.code, d.line, d.col, d.expected) == ("E-LEASTER", 12, 8, "Cy")
    # a moster under a leaster profile
    d = first_error(HEADER.format(rules="wi5-called-ace") + "moster Cy\n" + TRICK_LINES_B)
    assert (d.code, d.line, d.col) == ("E-NOPICK", 12, 8)
    # a schwanzer is not played
    d = first_error(HEADER.format(rules="wi5-schwanzer") + "schwanzer Cy\n" + TRICK_LINES_B)
    assert (d.code, d.line) == ("E-NOPICK", 13)
    # the wrong count for the schwanzer loser: Cy's count is 7
    d = first_error(HEADER.format(rules="wi5-schwanzer") + "schwanzer Cy  pts 6\n")
    assert (d.code, d.line, d.col, d.expected) == ("E-PTS", 12, 19, "7")
    # a schwanzer is never a wash (D-18), even on a score sheet
    d = first_error("%SHN 1.0\n[Seats \"Al; Bea; Cy; Di; Ed\"]\n[Rules \"wi5-schwanzer\"]\nhand 1  dealer Ed\n"
                    "schwanzer -\n")
    assert (d.code, d.line, d.col) == ("E-LEASTER", 5, 11)
    # a score that is not the rules' settlement
    d = first_error(HEADER.format(rules="wi5-mittler") + "mittler Bea\n" + TRICK_LINES_B
                    + "score Al -1 Bea +2 Cy -1 Di +1 Ed -1\n")
    assert d.code == "E-SCORE"


def test_score_sheet_nopick_hands():
    # no card log: the seat as written, settled from the rules
    text = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-moster"]

hand 1  dealer Ed
moster Di

hand 2  dealer Al
moster ?
score Al +1 Bea -4 Cy +1 Di +1 Ed +1

hand 3  dealer Bea
moster Cy  tricks 6
"""
    r = validate_text(text)
    assert r.rejected == []
    got = [h.outcome.units for h in r.hands]
    # 1: Di pays 1 to each: -4 / +1.  2: the score names Bea as the loser.
    # 3: Cy took all six tricks: a win, +4 / -1 (D-15).
    assert got == [{"Al": 1, "Bea": 1, "Cy": 1, "Di": -4, "Ed": 1},
                   {"Al": 1, "Bea": -4, "Cy": 1, "Di": 1, "Ed": 1},
                   {"Al": -1, "Bea": -1, "Cy": 4, "Di": -1, "Ed": -1}]
    assert [h.outcome.leaster_winner for h in r.hands] == [None, None, "Cy"]
    assert r.hands[1].outcome.provenance["leaster_winner"] == "derived"


# --------------------------------------------------------------------------
# The pot (D-19)


def test_pot_share_and_balance():
    assert pot_share(4, False) == (3, 1)  # the encyclopedia's example: 3 to the picker, 1 to the partner
    assert pot_share(5, False) == (4, 1)
    assert pot_share(5, True) == (5, 0)
    text = (FIX / "wi5-pot.shn").read_text().replace(
        "pick Cy  call AS  partner Ed  pts 72  win\nscore Al -1 Bea -1 Cy +6 Di -1 Ed +2",
        "pick Cy  call AS  partner Ed  pts 50  lose\n\nhand 3  dealer Bea\npick Di  alone  pts 61  win")
    r = validate_text(text)
    assert r.rejected == []
    # hand 2: plain loss with bump, 2 per defender: Cy -4, Ed -2, +2 each; and
    # the side pays the pot's worth into it: Cy -4, Ed -1 -> Cy -8, Ed -3,
    # pot 5 + 5 = 10.  Hand 3: Di wins alone, +4 / -1 each, and takes the
    # whole pot of 10: Di +14, pot -10.
    assert [(h.outcome.units, h.outcome.pot) for h in r.hands[1:]] == [
        ({"Al": 2, "Bea": 2, "Cy": -8, "Di": 2, "Ed": -3}, 5),
        ({"Al": -1, "Bea": -1, "Cy": -1, "Di": 14, "Ed": -1}, -10)]
    # a written pot is checked against the session's
    bad = (FIX / "wi5-pot.shn").read_text().replace("hand 2  dealer Al\n", "hand 2  dealer Al  pot 4\n")
    d = first_error(bad)
    assert (d.code, d.found, d.expected) == ("E-POT", "4", "5")


def test_engine_zero_sum_with_the_pot():
    g = play_b("wi5-pot", None)
    s = g.settlement()
    assert s.units == (3, -2, -2, -2, -2) and s.pot == 5
    g = table(DEAL_B, BLIND_B, ED, "wi5-schwanzer; pot=on")
    all_pass(g)
    s = g.settlement()
    # Cy -4 and +1 each, then each puts 1 in: Cy -5, others 0; pot +5
    assert s.units == (0, 0, -5, 0, 0) and s.pot == 5
