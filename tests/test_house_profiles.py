"""Worked SHN hands for the house rules on the five-handed game (issue 6,
h6-house): one file per named profile and per flag in
``tests/fixtures/profiles/``, each validated end to end and checked against
amounts computed by hand (the arithmetic is in the comments and in
docs/profiles.md, "House rules").

Card points: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0 (rules.md A-5).  Amounts
are per seat in units, + receives.  Seats Al, Bea, Cy, Di, Ed clockwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_text

FIX = Path(__file__).parent / "fixtures" / "profiles"
SEATS = ("Al", "Bea", "Cy", "Di", "Ed")


def load(name: str) -> str:
    return (FIX / name).read_text(encoding="utf-8")


def units(*u: int) -> dict[str, int]:
    return dict(zip(SEATS, u))


def validated(text: str, name: str = "h.shn"):
    r = validate_text(text, name)
    assert r.rejected == [], [str(e) for rj in r.rejected for e in rj.errors]
    return [v.outcome for v in r.hands]


def first_error(text: str):
    r = validate_text(text, "h.shn")
    assert r.rejected, "expected the hand to be rejected"
    return r.rejected[0].errors[0]


# Each worked hand: (file, hand number, outcome, picker-side card points, tricks, units).
#
# The notation.md §13 hand 14 deal is the base of the called-ace files:
#   Al QS JD 9C 7S TH 8H · Bea QC JC AD TD KC 9S · Cy QH JH 8D AC 8C KH ·
#   Di QD KD 7D AH 7C TS · Ed JS 9D TC KS 8S 9H · blind AS 7H; Bea picks,
#   buries AS KC (11 + 4 = 15), calls AH (Di).  Trick points under standard trump:
#   t1 9C TD 8C 7C TC = 0+10+0+0+10 = 20 (Bea)   t2 QC 8D KD 9D JD = 3+0+4+0+2 = 9 (Bea)
#   t3 7H KH AH 9H 8H = 0+4+11+0+0 = 15 (Di)     t4 QD JS QS JC QH = 3+2+3+2+3 = 13 (Al)
#   t5 TH AD JH 7D KS = 10+11+2+0+4 = 27 (Cy)    t6 AC TS 8S 7S 9S = 11+10+0+0+0 = 21 (Cy)
#   picker side 20 + 9 + 15 + 15 (bury) = 59 → a plain loss (rules.md B-27).
WORKED = [
    # F-7 Spitz (7♦ second): t5 goes to Di's 7♦ over Cy's J♥, so Di leads t6
    # (TS 8S 7S 9S AC = 21, Di).  Picker side 20 + 9 + 15 + 27 + 21 + 15 = 107,
    # Al took t4 (13; 107 + 13 = 120) → schneider win ×2: Bea +2·2, Di +2, others −2.
    ("wi5-spitz.shn", 1, "win-s", 107, 5, units(-2, 4, -2, 2, -2)),
    # F-7 Spitz (7♦ top, hand-level [Rules]): Di's 7♦ beats Bea's Q♣ in t2
    # (QC 8D 7D 9D JD = 5, Di); Di leads the called AH in t3 (15, Di); Al t4 (13);
    # t5 TH AD JH KD KS = 10+11+2+4+4 = 31 (Cy, J♥ high); t6 21 (Cy).
    # Picker side 20 + 5 + 15 + 15 = 55 → plain loss with DOB: Bea −4, Di −2, +2 each.
    ("wi5-spitz.shn", 2, "lose", 55, 3, units(2, -4, 2, -2, 2)),
    # F-8 clubs trump: hand 14 with ♣ and ♦ swapped (A 10 K 9 8 7 only); the
    # points are unchanged (59, loss): t1 is a diamond lead that Bea's 10♣ trumps.
    ("wi5-clubs-trump.shn", 1, "lose", 59, 3, units(2, -4, 2, -2, 2)),
    # E-4 castrate: crack Cy, recrack Bea, castrate Ed → 2·2·2 = ×8; loss with DOB:
    # 1 (tier) × 8 × 2 (DOB) = 16 per defender; Bea −32, Di −16, three × +16.
    ("wi5-called-ace_allowCastrate.shn", 1, "lose", 59, 3, units(16, -32, 16, -16, 16)),
    # E-5 jack blitz: Cy holds J♥ J♦ (Al's J♦ and Cy's 8♦ swapped; t2 QC JD KD 9D 8D
    # is still 9 for Bea) → blitz ×2; loss with DOB: 1 × 2 × 2 = 4; Bea −8, Di −4, +4 each.
    ("wi5-called-ace_allowBlitz-queensAndJacks.shn", 1, "lose", 59, 3, units(4, -8, 4, -4, 4)),
    # B-14 / I-14 / I-15: Bea buries the blind's A♠ and calls it: alone.  Her side
    # is t1 20 + t2 9 + bury 15 = 44 (Di's t3 is a defender's now) → alone loss
    # with DOB: 1 × 2 = 2 per defender, Bea −8 (4 shares), +2 each.
    ("wi5-called-ace_allowCallOwnAce.shn", 1, "lose", 44, 2, units(2, -8, 2, 2, 2)),
    # B-23 offenderPaysEach: Cy reneges in t1 (^RKH while holding clubs); t1 is
    # 9C TD KH 7C TC = 24 (Bea), t3 7H 8C AH 9H 8H = 11 (Di): still 59 → the cards
    # say "lose", but the misplay replaces the result: Cy −4, every other seat +1;
    # stored as a misplay (issue 10): no pick statistic counts it as played.
    ("wi5-called-ace_renegePenalty-offenderPaysEach.shn", 1, "misplay", 59, 3, units(1, 1, -4, 1, 1)),
    # C-9 sheepshead, made: Al alone leads six trumps and takes every trick,
    # t1 QC JH TD 9D 7D = 15, t2 QS AD JD KD 8D = 20, t3 QH AS KC AH TH = 39,
    # t4 QD AC TS KS KH = 32, t5 JC TC 9C 9S 8S = 12, t6 JS 7H 8H 9H 7S = 2; 120
    # (bury 7C 8C = 0).  2 × no-tricker = 2 × 3 = 6 per defender; Al +24.
    ("wi5-called-ace_allowSheepsheadCall.shn", 1, "win-z", 120, 6, units(24, -6, -6, -6, -6)),
    # C-9 sheepshead, failed: Al keeps 7♣ (buries JS 8C = 2) and Cy's 9♣ takes the
    # zero-point last trick.  Al has 15+20+39+32+12 (JC TC 8H 9S 8S) + 2 = 120 card
    # points but not every trick → 6 per defender the other way: Al −24, +6 each
    # (no double on the bump on top of the call's own ×2).
    ("wi5-called-ace_allowSheepsheadCall.shn", 2, "lose", 120, 5, units(-24, 6, 6, 6, 6)),
]

# The jack-of-diamonds files share one deal (dealer Ed, Al picks the blind QH 9H,
# buries 8C 9H = 0): Al QC QS JD AD 7S 8C · Bea AC TC KC JS 8D 7H ·
# Cy AS KS 9S JC TD 7C · Di TH KH 8H 7D 9D TS · Ed AH QD JH KD 8S 9C.
#   t1 7S 7H 9S TS 8S = 10 (Di)                t2 KH AH QH 8D 7C = 4+11+3+0+0 = 18 (Al)
#   t3 QC JS JC 9D QD = 3+2+2+0+3 = 10 (Al)   t4 QS KC TD 7D JH = 3+4+10+0+2 = 19 (Al)
#   t5 JD TC AS 8H KD = 2+10+11+0+4 = 27 (Al) t6 AD AC KS TH 9C = 11+11+4+10+0 = 36 (Al)
#   Al 18 + 10 + 19 + 27 + 36 = 110, Di 10 (110 + 10 = 120).
WORKED += [
    # C-5 hybrid: Al holds the J♦ and calls A♠ instead (hold card 7♠); Cy holds A♠
    # but plays 9♠ when spades are first led (the hybrid frees the partner).  Side
    # Al + Cy = 110 ≥ 91 with a defender trick → schneider: 2 per defender, Al +4, Cy +2.
    ("wi5-jack-of-diamonds_jdHybridAceCall.shn", 1, "win-s", 110, 5, units(4, -2, 2, -2, -2)),
    # C-7 J♣ partner card: Cy holds the J♣, so Cy is the partner: 110, as above.
    ("wi5-jack-of-diamonds_jdPartnerCard-JC.shn", 1, "win-s", 110, 5, units(4, -2, 2, -2, -2)),
    # C-6: Al holds the J♦, keeps it (buries 8C 9H) and is alone: 110 alone →
    # schneider alone, 2 per defender, Al +8 (4 shares).
    ("wi5-jack-of-diamonds_jdMustNotBuryJD.shn", 1, "win-s", 110, 5, units(8, -2, -2, -2, -2)),
    # C-4d / I-30: the same deal with Ed's J♥ and the blind's Q♥ swapped.  Al, dealt
    # the J♦, calls up the J♥ before seeing the blind; it is in the blind, so he is
    # alone.  t2 KH AH JH 8D 7C = 17, t4 QS KC TD 7D QH = 20: Al 17+10+20+27+36 = 110
    # alone → schneider alone, Al +8, −2 each.
    ("wi5-jack-of-diamonds_jdCallUp-beforeBlind.shn", 1, "win-s", 110, 5, units(8, -2, -2, -2, -2)),
]


@pytest.mark.parametrize("name, number, outcome, pts, tricks, expected", WORKED,
                         ids=[f"{w[0]}#{w[1]}" for w in WORKED])
def test_worked_hand(name, number, outcome, pts, tricks, expected):
    outs = {o.hand: o for o in validated(load(name), name)}
    o = outs[number]
    assert o.outcome == outcome
    assert o.picker_points == pts and o.picker_tricks == tricks
    assert o.units == expected
    assert sum(o.units.values()) == 0  # rules.md B-35
    assert o.provenance["units"] == "verified"  # the written score is the rules' score


def test_every_house_fixture_is_canonical():
    names = sorted({w[0] for w in WORKED})
    assert all((FIX / n).is_file() for n in names)
    for n in names:
        text = load(n)
        f = read(text)
        assert f.errors == [] and all(h.errors == [] for h in f.hands)
        assert write(f) == text  # notation.md §10


# --------------------------------------------------------------------------- the same records under other rules


def test_spitz_hand_under_standard_trump_has_the_wrong_leader():
    # Under A-2 Cy's J♥ beats Di's 7♦ in t5, so Cy (not Di) leads t6.
    err = first_error(load("wi5-spitz.shn").replace('[Rules "wi5-spitz"]', '[Rules "wi5-called-ace"]'))
    assert err.code == "E-LEADER" and err.trick == 6 and err.expected == "Cy"


def test_spitz1_hand_under_spitz2_has_the_wrong_leader():
    # Under spitz2 the Q♣ beats the 7♦ in t2, so Bea (not Di) leads t3.
    text = load("wi5-spitz.shn").replace("trumpOrder=spitz1", "trumpOrder=spitz2")
    err = first_error(text)
    assert err.code == "E-LEADER" and err.hand == 2 and err.trick == 3 and err.expected == "Bea"


def test_clubs_trump_hand_under_standard_trump_is_a_renege():
    # Under A-2 Al's 9♦ lead is trump and Bea, holding Q♣ J♣, must follow with trump.
    err = first_error(load("wi5-clubs-trump.shn").replace('[Rules "wi5-clubs-trump"]', '[Rules "wi5-called-ace"]'))
    assert err.code == "E-RENEGE" and err.trick == 1 and err.found == "TC"


def test_clubs_trump_refuses_the_club_ace_and_calls_the_diamond_ace():
    text = load("wi5-clubs-trump.shn")
    err = first_error(text.replace("call AH", "call AC"))
    assert err.code == "E-CALL-CARD"  # A♣ is trump under F-8
    # A score-sheet hand calling A♦ reads as a called ace: Bea picks, Cy holds A♦ →
    # plain win 61..90 with partner: Bea +2, Cy +1, −1 each.
    sheet = text.split("hand 1")[0] + "hand 1  dealer Ed\npick Bea  call AD  partner Cy  pts 70  win\n"
    (o,) = validated(sheet)
    assert o.units == units(-1, 2, 1, -1, -1)
    assert first_error(sheet.replace("call AD", "call AC")).code == "E-CALL-CARD"


def test_castrate_refused_when_off_or_by_the_wrong_seat():
    text = load("wi5-called-ace_allowCastrate.shn")
    assert first_error(text.replace("; allowCastrate=on", "")).code == "E-CASTRATE"
    for who, role in (("Bea", "the picker"), ("Di", "the partner"), ("Cy", "the cracker")):  # Di holds AH
        err = first_error(text.replace("castrate Ed", f"castrate {who}"))
        assert err.code == "E-CASTRATE" and f"{who} is {role}" in err.message, err.message
    err = first_error(text.replace("recrack Bea  ", ""))
    assert err.code == "E-CASTRATE"  # after a crack and a re-crack only (E-4: ×8 in all)
    err = first_error(text.replace("allowCastrate=on", "allowCastrate=on; maxMarks=2"))
    assert err.code == "E-MARK-CAP"  # a castrate is a mark (rules.md J)
    line = text.splitlines().index("crack Cy  recrack Bea  castrate Ed") + 1
    assert err.line == line and err.col == text.splitlines()[line - 1].index("castrate") + 1


def test_castrate_on_a_score_sheet():
    # crack, recrack, castrate: ×8; a plain win with partner: 1 × 8 = 8 per defender,
    # Bea +16, Di +8, −8 each.
    head = load("wi5-called-ace_allowCastrate.shn").split("hand 1")[0]
    (o,) = validated(head + "hand 1  dealer Ed\npick Bea  call AH  crack Cy  recrack Bea  castrate Ed  "
                     "partner Di  pts 70  win\n")
    assert o.units == units(-8, 16, -8, 8, -8) and o.multiplier == 8


def test_jack_blitz_needs_the_flag_and_the_pair():
    text = load("wi5-called-ace_allowBlitz-queensAndJacks.shn")
    err = first_error(text.replace("allowBlitz=queensAndJacks", "allowBlitz=queens"))
    assert err.code == "E-BLITZ"
    assert first_error(text.replace("blitz Cy red jacks", "blitz Ed red jacks")).code == "E-BLITZ"
    assert first_error(text.replace("blitz Cy red jacks", "blitz Cy black jacks")).code == "E-BLITZ"
    # the queen blitz stays as it was: nobody holds a queen pair here
    assert first_error(text.replace("blitz Cy red jacks", "blitz Cy red")).code == "E-BLITZ"


def test_own_ace_call_refused_by_default_and_partner_may_be_the_picker():
    text = load("wi5-called-ace_allowCallOwnAce.shn")
    err = first_error(text.replace("; allowCallOwnAce=on", "").replace("partner Bea  ", ""))
    assert err.code == "E-CALL-HELD"  # rules.md I-14
    # score sheet, I-15: the picker written as the partner is the own-ace call, scored alone:
    # a win 61..90 alone: Bea +4, −1 each.
    head = text.split("hand 1")[0]
    (o,) = validated(head + "hand 1  dealer Ed\npick Bea  call AS  partner Bea  pts 70  win\n")
    assert o.units == units(-1, 4, -1, -1, -1) and o.partner is None and o.alone and o.call_type == "own-ace"
    assert first_error(head.replace("; allowCallOwnAce=on", "") +
                       "hand 1  dealer Ed\npick Bea  call AS  partner Bea  pts 70  win\n").code == "E-PARTNER"


def test_renege_both_penalties():
    text = load("wi5-called-ace_renegePenalty-offenderPaysEach.shn")
    r = validate_text(text, "h.shn")
    assert [w.code for w in r.hands[0].diagnostics] == ["W-RENEGE"]
    # sideLosesHand (the default): Cy, a defender, reneged, so the defenders lose:
    # the picker side wins plain, 1 per defender: Bea +2, Di +1, −1 each.
    side = text.replace("; renegePenalty=offenderPaysEach", "").replace("  lose\n", "  win\n")
    side = side.replace("score Al +1 Bea +1 Cy -4 Di +1 Ed +1", "score Al -1 Bea +2 Cy -1 Di +1 Ed -1")
    (o,) = validated(side)
    assert o.units == units(-1, 2, -1, 1, -1)


def test_hybrid_partner_is_free_only_in_the_hybrid():
    text = load("wi5-jack-of-diamonds_jdHybridAceCall.shn")
    # In the called-ace game Cy must play the called A♠ when spades are first led (B-20a).
    err = first_error(text.replace("wi5-jack-of-diamonds; jdHybridAceCall=on", "wi5-called-ace"))
    assert err.code == "E-CALLED-ACE" and err.trick == 1 and err.found == "9S"
    # Without the flag the jack-of-diamonds game has no ace call (C-1).
    assert first_error(text.replace("; jdHybridAceCall=on", "")).code == "E-CALL-JD"


def test_partner_card_jc_and_jd():
    text = load("wi5-jack-of-diamonds_jdPartnerCard-JC.shn")
    # With the J♦ as the partner card Al holds it and is alone: "partner Cy" is wrong.
    err = first_error(text.replace("; jdPartnerCard=JC", ""))
    assert err.code == "E-PARTNER"


def test_must_not_bury_jd():
    text = load("wi5-jack-of-diamonds_jdMustNotBuryJD.shn")
    # Al buries the J♦ (and keeps 8♣) and goes alone: refused at the bury line.
    bad = text.replace("bury 8C 9H", "bury JD 9H")
    err = first_error(bad)
    assert err.code == "E-BURY-JD"
    assert err.line == text.splitlines().index("bury 8C 9H") + 1
    # without the flag the same bury is a plain alone hand (C-8); the replay then
    # stops at t5 where Al plays the buried J♦
    err = first_error(bad.replace("; jdMustNotBuryJD=on", ""))
    assert err.code == "E-NOT-HELD" and err.trick == 5


def test_sheepshead_needs_the_flag_and_scores_on_a_score_sheet():
    text = load("wi5-called-ace_allowSheepsheadCall.shn")
    assert first_error(text.replace("; allowSheepsheadCall=on", "")).code == "E-SHEEPSHEAD"
    head = text.split("hand 1")[0]
    # made, alone: 2 × 3 = 6 per defender, Al +24
    (o,) = validated(head + "hand 1  dealer Ed\npick Al  alone  sheepshead  tricks 6  win-z\n")
    assert o.units == units(24, -6, -6, -6, -6)
    # failed with a partner: 6 per defender, picker 2 shares, partner 1: Al −12, Cy −6, +6 each
    (o,) = validated(head + "hand 1  dealer Ed\npick Al  call AS  sheepshead  partner Cy  tricks 5  lose\n")
    assert o.units == units(-12, 6, -6, 6, 6)
    # a sheepshead contract is won with every trick or lost: win-s does not fit
    err = first_error(head + "hand 1  dealer Ed\npick Al  alone  sheepshead  pts 100  win-s\n")
    assert err.code == "E-OUTCOME"
    # holdingPartnerCard: Al's eight cards hold no J♦ (Cy has it)
    err = first_error(text.replace("allowSheepsheadCall=on", "allowSheepsheadCall=holdingPartnerCard"))
    assert err.code == "E-SHEEPSHEAD"


def test_callup_timing_decides_the_jack():
    text = load("wi5-jack-of-diamonds_jdCallUp-beforeBlind.shn")
    # after the blind (C-4a) Al holds J♦ and J♥, so the call-up names the J♠ (Bea's)
    err = first_error(text.replace("; jdCallTiming=beforeBlind", ""))
    assert err.code == "E-CALL-JD" and err.expected == "JS"
    # the J♠ call-up after the blind makes Bea the partner: Al + Bea, Bea's tricks none,
    # so still 110 for the side → schneider with a partner: Al +4, Bea +2, −2 each
    after = text.replace("; jdCallTiming=beforeBlind", "").replace("call JH", "call JS")
    after = after.replace("score Al +8 Bea -2 Cy -2 Di -2 Ed -2", "partner Bea\nscore Al +4 Bea +2 Cy -2 Di -2 Ed -2")
    (o,) = validated(after)
    assert o.units == units(4, 2, -2, -2, -2) and o.partner == "Bea"


def test_house_statements_refused_without_a_dealer():
    # No dealer written or derivable: the hand is not set up in the engine, yet a
    # castrate, jack blitz or sheepshead call the profile forbids is still refused.
    head = load("wi5-called-ace_allowCastrate.shn").split("hand 1")[0].replace("; allowCastrate=on", "")
    for stmt, code in (("crack Cy  recrack Al  castrate Ed", "E-CASTRATE"), ("blitz Cy red jacks", "E-BLITZ"),
                       ("sheepshead", "E-SHEEPSHEAD")):
        err = first_error(head + f"hand 5\npick Al  alone  {stmt}  pts 70  win\n")
        assert err.code == code, (stmt, err)
