"""House flags of issue 18 (docs/profiles.md "House flags (issue 18)"):
``partnerMayCrack=off``, ``blitzAfterCrack=on``, ``allowSheepsheadCall=alone``,
``markFactorCap``, ``jackBlitz=middle|four``, ``leasterTriple=sweep|zeroPoints``.

Each has a worked hand in tests/fixtures/house18/ whose amounts are worked
here by hand, its refusals (full card log, score sheet with and without a
dealer), and the engine's properties under the profile (every card once,
120 card points, zero-sum).

The called-ace hands use the deal of notation.md §13 hand 14 (dealer Ed; Al
passes, Bea picks the blind AS 7H, buries AS KC = 15 and calls AH, held by
Di).  Tricks: t1 9C TD 8C 7C TC = 20 Bea, t2 QC 8D KD 9D JD = 9 Bea, t3 7H KH
AH 9H 8H = 15 Di, t4 QD JS QS JC QH = 13 Al, t5 TH AD JH 7D KS = 27 Cy, t6 AC
TS 8S 7S 9S = 21 Cy: picker side 20 + 9 + 15 + 15 = 59, a plain loss (tier 1),
doubled on the bump (B-32).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from ingest.validate import validate_file, validate_text
from replay.cards import points_of
from replay.generator import random_hand
from replay.profile import parse_rules

FIX = Path(__file__).parent / "fixtures" / "house18"


def units(path: Path) -> dict[str, int]:
    r = validate_file(path)
    assert not r.rejected, [(x.errors[0].code, x.errors[0].message) for x in r.rejected]
    (h,) = r.hands
    return h.outcome.units


def refused(text: str) -> str:
    r = validate_text(text, "x.shn")
    assert len(r.rejected) == 1 and not r.hands
    return r.rejected[0].errors[0].code


def test_flags_parse_with_their_defaults():
    p = parse_rules("wi5-called-ace")
    assert p.partnerMayCrack is True and p.blitzAfterCrack is False and p.allowSheepsheadCall == "off"
    q = parse_rules("wi5-called-ace; partnerMayCrack=off; blitzAfterCrack=on; allowSheepsheadCall=alone")
    assert q.partnerMayCrack is False and q.blitzAfterCrack is True and q.allowSheepsheadCall == "alone"


# --- partnerMayCrack=off -------------------------------------------------------------------------------------

def test_partner_may_not_crack_worked_hand():
    # Cy (after the picker in pick order, a defender) cracks: 1 (tier) x 2 (crack) x 2 (DOB) = 4 per
    # defender; Bea 2 shares -8, Di 1 share -4; Al, Cy, Ed +4 each; sum 4 - 8 + 4 - 4 + 4 = 0
    assert units(FIX / "wi5-called-ace_partnerMayCrack-off.shn") == {"Al": 4, "Bea": -8, "Cy": 4, "Di": -4, "Ed": 4}


def test_partner_crack_is_refused_only_under_the_flag():
    text = (FIX / "wi5-called-ace_partnerMayCrack-off.shn").read_text()
    by_di = text.replace("crack Cy", "crack Di").replace("score Al +4 Bea -8 Cy +4 Di -4 Ed +4",
                                                          "score Al +4 Bea -8 Cy +4 Di -4 Ed +4")
    assert refused(by_di) == "E-CRACK"
    # the default profile lets the partner crack (rules.md J: recorded as written), same amounts
    ok = validate_text(by_di.replace("; partnerMayCrack=off", ""), "x.shn")
    assert not ok.rejected and ok.hands[0].outcome.units == {"Al": 4, "Bea": -8, "Cy": 4, "Di": -4, "Ed": 4}


def test_partner_crack_on_a_score_sheet():
    head = (FIX / "wi5-called-ace_partnerMayCrack-off.shn").read_text().split("hand 1")[0]
    # the dealer known: Di is written as the partner and cracks
    assert refused(head + "hand 1  dealer Ed\npick Bea  call AH  crack Di  partner Di  pts 59  lose\n") == "E-CRACK"
    # the dealer not known: the same line
    assert refused(head + "hand 1\npick Bea  call AH  crack Di  partner Di  pts 59  lose\n") == "E-CRACK"
    # a defender's crack on a score sheet: 1 x 2 x 2 = 4 per defender, as the worked hand
    r = validate_text(head + "hand 1  dealer Ed\npick Bea  call AH  crack Cy  partner Di  pts 59  lose\n", "x.shn")
    assert not r.rejected and r.hands[0].outcome.units == {"Al": 4, "Bea": -8, "Cy": 4, "Di": -4, "Ed": 4}


# --- blitzAfterCrack=on --------------------------------------------------------------------------------------

def test_blitz_after_crack_worked_hand():
    # Al's JD and Cy's 8D swapped so Cy holds JH JD (t2 QC JD KD 9D 8D is still 3+2+4 = 9): Ed cracks, then Cy
    # shows the red jacks: 1 x 2 (crack) x 2 (blitz) x 2 (DOB) = 8 per defender; Bea -16, Di -8, others +8
    assert units(FIX / "wi5-called-ace_blitzAfterCrack-on.shn") == {"Al": 8, "Bea": -16, "Cy": 8, "Di": -8, "Ed": 8}


def test_blitz_before_any_crack_is_refused():
    text = (FIX / "wi5-called-ace_blitzAfterCrack-on.shn").read_text()
    first = text.replace("crack Ed  blitz Cy red jacks", "blitz Cy red jacks  crack Ed")
    assert refused(first) == "E-BLITZ"  # the marks keep their written order (notation.md §13)
    alone = text.replace("crack Ed  blitz Cy red jacks", "blitz Cy red jacks").replace(
        "score Al +8 Bea -16 Cy +8 Di -8 Ed +8", "score Al +4 Bea -8 Cy +4 Di -4 Ed +4")
    assert refused(alone) == "E-BLITZ"
    # without the flag the blitz alone is the issue-6 fixture's: 1 x 2 x 2 = 4
    ok = validate_text(alone.replace("; blitzAfterCrack=on", ""), "x.shn")
    assert not ok.rejected and ok.hands[0].outcome.units == {"Al": 4, "Bea": -8, "Cy": 4, "Di": -4, "Ed": 4}
    head = text.split("hand 1")[0]
    assert refused(head + "hand 1\npick Bea  call AH  blitz Cy red jacks  partner Di  pts 59  lose\n") == "E-BLITZ"
    assert refused(head + "hand 1  dealer Ed\npick Bea  call AH  blitz Cy red jacks  partner Di  pts 59  lose\n") \
        == "E-BLITZ"


# --- allowSheepsheadCall=alone -------------------------------------------------------------------------------

def test_sheepshead_alone_worked_hand():
    # Al alone (QC QS QH QD JC JS, buries 7C 8C = 0) takes all six: 15 + 20 + 39 + 32 + 12 + 2 = 120; the call
    # made pays 2 x the no-tricker amount = 2 x 3 = 6 per defender, alone 4 shares: Al +24, each -6
    assert units(FIX / "wi5-called-ace_allowSheepsheadCall-alone.shn") == \
        {"Al": 24, "Bea": -6, "Cy": -6, "Di": -6, "Ed": -6}


def test_sheepshead_with_a_partner_is_refused():
    text = (FIX / "wi5-called-ace_allowSheepsheadCall-alone.shn").read_text()
    called = text.replace("bury 7C 8C\nalone  sheepshead", "bury JS 8C\ncall AC  sheepshead")
    assert refused(called) == "E-SHEEPSHEAD"
    head = text.split("hand 1")[0]
    assert refused(head + "hand 1\npick Al  call AC  sheepshead  partner Bea  pts 120  tricks 6  win-z\n") \
        == "E-SHEEPSHEAD"
    assert refused(head + "hand 1  dealer Ed\npick Al  call AC  sheepshead  partner Bea  pts 120  tricks 6  win-z\n") \
        == "E-SHEEPSHEAD"
    r = validate_text(head + "hand 1  dealer Ed\npick Al  alone  sheepshead  pts 120  tricks 6  win-z\n", "x.shn")
    assert not r.rejected and r.hands[0].outcome.units == {"Al": 24, "Bea": -6, "Cy": -6, "Di": -6, "Ed": -6}


# --- markFactorCap ----------------------------------------------------------------------------------------------

def test_mark_factor_cap_worked_hand():
    # crack Cy, re-crack Bea, castrate Ed: three marks would make 2^3 = 8 (the issue-6 fixture: 16 per defender);
    # capped at 4: 1 (tier) x 4 x 2 (DOB) = 8 per defender, Bea 2 shares -16, Di -8, Al Cy Ed +8
    assert units(FIX / "wi5-called-ace_markFactorCap-4.shn") == {"Al": 8, "Bea": -16, "Cy": 8, "Di": -8, "Ed": 8}
    (h,) = validate_file(FIX / "wi5-called-ace_markFactorCap-4.shn").hands
    assert h.outcome.multiplier == 4 and h.outcome.marks == 3


def test_mark_factor_cap_on_score_sheets_and_its_values():
    head = (FIX / "wi5-called-ace_markFactorCap-4.shn").read_text().split("hand 1")[0]
    for dealer in ("", "  dealer Ed"):
        r = validate_text(head + f"hand 1{dealer}\npick Bea  call AH  crack Cy  recrack Bea  castrate Ed  partner Di  "
                                 "pts 59  lose\n", "x.shn")
        assert not r.rejected and r.hands[0].outcome.units == {"Al": 8, "Bea": -16, "Cy": 8, "Di": -8, "Ed": 8}
    # one crack under the cap of 4: 1 x 2 x 2 = 4, as without a cap
    r = validate_text(head + "hand 1  dealer Ed\npick Bea  call AH  crack Cy  partner Di  pts 59  lose\n", "x.shn")
    assert r.hands[0].outcome.units == {"Al": 4, "Bea": -8, "Cy": 4, "Di": -4, "Ed": 4}
    # a written score of the uncapped amounts is refused
    r = validate_text(head + "hand 1  dealer Ed\npick Bea  call AH  crack Cy  recrack Bea  castrate Ed  partner Di  "
                             "pts 59  lose\nscore Al +16 Bea -32 Cy +16 Di -16 Ed +16\n", "x.shn")
    assert r.rejected and not r.hands
    from replay.errors import ProfileError
    for bad in ("3", "1", "6"):
        with pytest.raises(ProfileError) as e:
            parse_rules(f"wi5-called-ace; markFactorCap={bad}")
        assert e.value.code == "E-RULES-VALUE"
    assert parse_rules("wi5-called-ace; markFactorCap=16").markFactorCap == 16


# --- jackBlitz: the middle jacks and the four jacks ------------------------------------------------------------

def test_middle_jack_blitz_worked_hand():
    # hand 14 with Cy's 8D and Ed's JS swapped: Cy holds JS JH, the middle jacks.  t2 Bea QC JS KD 9D JD =
    # 3+2+4+0+2 = 11 (Bea); t4 Di QD 8D QS JC QH = 3+0+3+2+3 = 11 (Al).  Picker side 20 + 11 + 15 + 15 (bury) = 61:
    # a plain win at the 60/61 line (B-27), no double on the bump; blitz x2: 2 per defender, Bea +4, Di +2
    assert units(FIX / "wi5-called-ace_jackBlitz-middle.shn") == {"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2}
    text = (FIX / "wi5-called-ace_jackBlitz-middle.shn").read_text()
    # the middle pair is not a colour pair: refused under the default jackBlitz=colours, and without jack blitzes
    assert refused(text.replace("; jackBlitz=middle", "")) == "E-BLITZ"
    assert refused(text.replace("allowBlitz=queensAndJacks; ", "allowBlitz=queens; ")) == "E-BLITZ"
    # under jackBlitz=middle the colour pairs are not played (Cy holds no colour pair anyway: the red pair is JH JD)
    head = text.split("hand 1")[0]
    assert refused(head + "hand 1\npick Bea  call AH  blitz Cy black jacks  partner Di  pts 61  win\n") == "E-BLITZ"
    r = validate_text(head + "hand 1\npick Bea  call AH  blitz Cy middle jacks  partner Di  pts 61  win\n", "x.shn")
    assert not r.rejected and r.hands[0].outcome.units == {"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2}


def test_middle_jacks_round_trip_through_shn():
    from ingest.shn.reader import read
    from ingest.shn.writer import write

    text = (FIX / "wi5-called-ace_jackBlitz-middle.shn").read_text()
    again = write(read(text))
    assert "blitz Cy middle jacks" in again and write(read(again)) == again


def test_four_jack_blitz_in_the_engine():
    from replay.actions import Blitz, Bury, Call, Pass, Pick
    from replay.cards import Card
    from replay.errors import IllegalAction
    from tests.engine_helpers import AL, BEA, CY, DI, ED, table

    # Cy holds all four jacks; Di holds J-less cards.  Bea picks the blind AS 7H, buries AS KC, calls AH (Di)
    deal = {AL: "QS 8D 9C 7S TH 8H", BEA: "QC 9D AD TD KC 9S", CY: "JC JS JH JD AC KH",
            DI: "QD KD 7D AH 7C TS", ED: "QH 8C TC KS 8S 9H"}

    def dealt(rules: str):
        g = table(deal, "AS 7H", dealer=ED, rules=rules)
        g.apply(Pass(AL))
        g.apply(Pick(BEA))
        g.apply(Bury((Card.SA, Card.CK)))
        g.apply(Call(Card.HA))
        return g

    g = dealt("wi5-called-ace; allowBlitz=queensAndJacks; jackBlitz=four")
    for colour in ("black", "red", "middle"):
        with pytest.raises(IllegalAction) as e:
            g.apply(Blitz(CY, colour, "jacks"))
        assert e.value.code == "E-BLITZ"
    with pytest.raises(IllegalAction) as e:
        g.apply(Blitz(DI, "four", "jacks"))  # Di holds no jack
    assert e.value.code == "E-BLITZ"
    g.apply(Blitz(CY, "four", "jacks"))
    assert g.marks()["blitz"] == 1
    # a picker-side win with partner and one blitz: 1 x 2 = 2 per defender; 59 loses with DOB: 1 x 2 x 2 = 4
    from replay.scoring import settle_picked
    assert settle_picked(g.profile, 5, BEA, DI, "win", marks=g.marks()).units == (-2, 4, -2, 2, -2)
    assert settle_picked(g.profile, 5, BEA, DI, "lose", marks=g.marks()).units == (4, -8, 4, -4, 4)
    # the default colours refuse the four-jack blitz
    h = dealt("wi5-called-ace; allowBlitz=queensAndJacks")
    with pytest.raises(IllegalAction) as e:
        h.apply(Blitz(CY, "four", "jacks"))
    assert e.value.code == "E-BLITZ"
    h.apply(Blitz(CY, "black", "jacks"))  # J♣ J♠ ...
    h.apply(Blitz(CY, "red", "jacks"))  # ... and J♥ J♦: two colour blitzes, x4
    assert h.marks()["blitz"] == 2


# --- leasterTriple: "a zero-point trick wins" and "a sweep wins" -------------------------------------------------

def test_leaster_triple_two_options_worked_hands():
    # Hands 1-2, one deal: t1 Al 9C 8C 7C 7S 8S = 0 (Al: the highest club, Di and Ed void discard), then Al loses
    # every trick: t2 7D QS QD JH KD = 0+3+3+2+4 = 12 Bea; t3 AS KS TH KH 7H = 11+4+10+4 = 29 Bea; t4 AC TC AH AD 8H
    # = 11+10+11+11 = 43 Ed; t5 TD 9D QC QH JS = 10+3+3+2 = 18 Bea; t6 KC TS JC JD 8D = 4+10+2+2 = 18 Di, who also
    # gets the blind 9S 9H (0).  Al 0, Bea 59, Cy 0 (no trick: not eligible), Di 18, Ed 43; 0+59+18+43 = 120.
    # Al wins with a zero-point trick: zeroPoints pays x3 (+12 / -3), sweep does not (+4 / -1).
    # Hands 3-4, the sweep deal of tests/test_engine_rules.py: Al takes all six, 99 + the blind AH TH 21 = 120:
    # sweep pays x3, zeroPoints does not.
    r = validate_file(FIX / "wi5-called-ace_leasterTriple.shn")
    assert not r.rejected
    got = [(h.outcome.leaster_winner, h.outcome.units) for h in r.hands]
    triple = {"Al": 12, "Bea": -3, "Cy": -3, "Di": -3, "Ed": -3}
    plain = {"Al": 4, "Bea": -1, "Cy": -1, "Di": -1, "Ed": -1}
    assert got == [("Al", triple), ("Al", plain), ("Al", triple), ("Al", plain)]
    for h in r.hands:
        assert sum(h.outcome.units.values()) == 0
    # the default (sweepOrZero, the flag as before) pays both x3
    both = (FIX / "wi5-called-ace_leasterTriple.shn").read_text()
    both = both.replace("; leasterTriple=zeroPoints", "").replace("; leasterTriple=sweep", "")
    both = both.replace("score Al +4 Bea -1 Cy -1 Di -1 Ed -1", "score Al +12 Bea -3 Cy -3 Di -3 Ed -3")
    r = validate_text(both, "x.shn")
    assert not r.rejected and [h.outcome.units for h in r.hands] == [triple] * 4
    from replay.errors import ProfileError
    with pytest.raises(ProfileError):
        parse_rules("wi5-called-ace; leasterTriple=both")


# --- the engine's properties under the new profiles ----------------------------------------------------------

PROFILES = [
    "wi5-called-ace; partnerMayCrack=off; crackEligibility=anyDefender",
    "wi5-called-ace; allowBlitz=queensAndJacks; blitzAfterCrack=on",
    "wi5-jack-of-diamonds; allowBlitz=queens; blitzAfterCrack=on; partnerMayCrack=off",
    "wi5-called-ace; allowSheepsheadCall=alone",
    "wi5-jack-of-diamonds; allowSheepsheadCall=alone; partnerMayCrack=off",
    "wi5-called-ace; allowCastrate=on; allowBlitz=queensAndJacks; markFactorCap=4",
    "wi5-called-ace; allowBlitz=queens; markFactorCap=2; noPick=moster",
    "wi5-called-ace; allowBlitz=queensAndJacks; jackBlitz=middle; blitzAfterCrack=on",
    "wi5-jack-of-diamonds; allowBlitz=queensAndJacks; jackBlitz=four",
    "wi5-called-ace; leasterSweepPaysTriple=on; leasterTriple=sweep",
    "wi5-called-ace; leasterSweepPaysTriple=on; leasterTriple=zeroPoints; leasterMustTakeTrick=off",
]


@settings(max_examples=200, deadline=None)
@given(hst.integers(0, 2**32), hst.sampled_from(PROFILES), hst.integers(0, 4))
def test_properties_under_the_new_flags(seed, rules, dealer):
    prof = parse_rules(rules)
    h = random_hand(random.Random(seed), prof, dealer)
    g = h.state
    seen = h.blind
    for m in h.hands:  # card conservation: every card dealt once
        assert not seen & m
        seen |= m
    assert seen == prof.deck_mask
    s = g.settlement()
    assert sum(s.units) + s.pot == 0  # zero-sum (rules.md B-35)
    if prof.markFactorCap:
        assert s.multiplier <= g.stake * prof.markFactorCap  # the marks double no further than the cap
    if h.kind == "doubler":
        return
    played = 0
    for _, cards, _ in g.tricks:
        for _, c in cards:
            assert not played >> c & 1
            played |= 1 << c
    aside = g.bury if h.kind == "pick" else g.blind
    assert played | aside == prof.deck_mask and sum(points_of(m) for m in g.taken) + points_of(aside) == 120
    if h.kind == "leaster" and s.tier == 3:  # x3 only for the kind of win the profile pays (D-5)
        w = max(range(5), key=lambda x: s.units[x])
        assert {"sweep": g.ntaken[w] == 6, "zeroPoints": g.leaster_points()[w] == 0 and g.ntaken[w] > 0,
                "sweepOrZero": g.ntaken[w] == 6 or g.leaster_points()[w] == 0}[prof.leasterTriple]
    if h.kind == "pick":
        if not prof.partnerMayCrack:
            assert not set(g.crack_seats) & set(g.partners())
        if prof.blitzAfterCrack and g.blitzes:
            kinds = [type(m).__name__ for m in g.marks_log]
            assert "Crack" in kinds and kinds.index("Crack") < kinds.index("Blitz")
        if g.sheepshead and prof.allowSheepsheadCall == "alone":
            assert g.alone
        for m in g.marks_log:  # only the profile's jack blitzes, by a seat holding the cards
            if type(m).__name__ == "Blitz" and m.pair == "jacks":
                assert m.color in {"colours": ("black", "red"), "middle": ("middle",), "four": ("four",)}[prof.jackBlitz]


def test_the_generator_reaches_the_new_flags():
    # the properties above see each flag at work: over 400 seeded hands a blitz after a crack and a sheepshead
    # call alone both occur (so the checks in the property are not vacuous)
    blitz = sum(1 for k in range(400) for h in [random_hand(random.Random(k), parse_rules(PROFILES[1]), k % 5)]
                if h.state.blitzes and h.state.cracks)
    sheep = sum(1 for k in range(400) for h in [random_hand(random.Random(k), parse_rules(PROFILES[3]), k % 5)]
                if h.state.sheepshead)
    assert blitz >= 1 and sheep >= 1
    capped = 0
    for k in range(400):  # hands whose marks pass the cap of 4 are settled at x4
        g = random_hand(random.Random(k), parse_rules(PROFILES[5]), k % 5).state
        if g.picker is not None and g.n_marks >= 3:
            capped += 1
            assert g.settlement().multiplier == g.stake * 4
    assert capped >= 1


# --- a score-sheet leaster under leasterSweepPaysTriple: what the written pts and tricks tell (a tester's finding) ---

SWEEP_SHEET = ('%SHN 1.0\n[Event "House flags"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
               '[Rules "wi5-called-ace; leasterSweepPaysTriple=on{more}"]\n\n{body}')


@pytest.mark.parametrize("more, line, units", [
    # pts 120 under leasterMustTakeTrick (D-4): any other seat with a trick would hold 0 < 120 and win, so Bea took
    # every trick: a sweep, x3 (D-5, I-25): +12, -3 each
    ("", "leaster Bea  pts 120", {"Bea": 12, "Al": -3, "Cy": -3, "Di": -3, "Ed": -3}),
    ("", "leaster Bea  pts 120  tricks 6", {"Bea": 12, "Al": -3, "Cy": -3, "Di": -3, "Ed": -3}),
    # pts 0: Bea won with a trick (D-4) of no card points, D-5's other case
    ("", "leaster Bea  pts 0", {"Bea": 12, "Al": -3, "Cy": -3, "Di": -3, "Ed": -3}),
    # ... which leasterTriple=sweep does not pay x3, and zeroPoints does
    ("; leasterTriple=sweep", "leaster Bea  pts 0", {"Bea": 4, "Al": -1, "Cy": -1, "Di": -1, "Ed": -1}),
    ("; leasterTriple=zeroPoints", "leaster Bea  pts 0", {"Bea": 12, "Al": -3, "Cy": -3, "Di": -3, "Ed": -3}),
    ("; leasterTriple=zeroPoints", "leaster Bea  pts 120", {"Bea": 4, "Al": -1, "Cy": -1, "Di": -1, "Ed": -1}),
    # an ordinary win at 10 points: x1 (D-4)
    ("", "leaster Bea  pts 10", {"Bea": 4, "Al": -1, "Cy": -1, "Di": -1, "Ed": -1}),
    # no pts, no tricks: the sheet does not tell, paid x1 ...
    ("", "leaster Bea", {"Bea": 4, "Al": -1, "Cy": -1, "Di": -1, "Ed": -1}),
    # ... unless the written score says x3
    ("", "leaster Bea\nscore Al -3 Bea +12 Cy -3 Di -3 Ed -3", {"Bea": 12, "Al": -3, "Cy": -3, "Di": -3, "Ed": -3}),
])
def test_a_score_sheet_leaster_is_paid_as_its_pts_and_tricks_tell(more, line, units):
    r = validate_text(SWEEP_SHEET.format(more=more, body=f"hand 1  dealer Al\n{line}\n"), "sweep.shn")
    assert not r.rejected, r.rejected[0].errors
    (h,) = r.hands
    assert h.outcome.units == units and sum(h.outcome.units.values()) == 0


def test_a_score_sheet_sweep_written_at_one_unit_is_refused():
    """pts 120 tells a sweep (x3, +12/-3): a score at +4/-1 is refused, naming the rules' amounts."""
    r = validate_text(SWEEP_SHEET.format(more="", body="hand 1  dealer Al\nleaster Bea  pts 120\n"
                                         "score Al -1 Bea +4 Cy -1 Di -1 Ed -1\n"), "sweep.shn")
    (rej,) = r.rejected
    assert rej.errors[0].code == "E-SCORE" and "-3" in rej.errors[0].message
