"""break30 F4 (house30 P_probes, A_jd_nodob, D_offhook_sym90, G_six_seven_eight, K_forced, W_split): a refusal
caused by a house-rule flag names the flag (and its rule), so the scorer sees why the usual number does not apply.
Each record is house30's, the amounts worked by hand from rules.md."""

from __future__ import annotations

from ingest.validate import validate_text

FIVE = '[Seats "Al; Bea; Cy; Di; Ed"]\n'


def _refusal(text: str):
    res = validate_text(text, "x.shn")
    errs = [e for r in res.rejected for e in r.errors]
    assert len(errs) == 1, ([str(e) for e in errs], [h.outcome.units for h in res.hands])
    return errs[0]


def test_sym90_outcome_names_the_flag():
    """schneiderSymmetric90=on (rules.md B-28's variant): picker side 90 is schneider (win-s), not the table's 61-90
    plain win; 'win' at 90 is refused naming the flag."""
    e = _refusal("%SHN 1.0\n" + FIVE + '[Rules "wi5-called-ace; schneiderSymmetric90=on"]\n\nhand 1  dealer Ed\n'
                 "pick Al  call AH  partner Bea  pts 90  win\n")
    assert e.code == "E-OUTCOME"
    assert "schneiderSymmetric90=on" in e.message and "B-28" in e.message, e.message


def test_dob_off_loss_written_doubled_says_no_double_on_the_bump():
    """A_jd_nodob hand 5: doubleOnBump=off, Lou picks, partner Hank, 48 = a loss (B-28 31-60), B-33 without DOB:
    Lou -2, Hank -1, the three others +1.  Written -4/-2/+2 (the DOB habit): every amount twice the rules'."""
    e = _refusal("%SHN 1.0\n" + '[Seats "Hank; Lou; Marv; Ollie; Russ"]\n'
                 '[Rules "wi5-jack-of-diamonds; doubleOnBump=off; jdCallUp=on"]\n\nhand 5  dealer Ollie\n'
                 "pick Lou  partner Hank  pts 48  lose\nscore Hank -2 Lou -4 Marv +2 Ollie +2 Russ +2\n")
    assert e.code == "E-SCORE"
    assert "is written but the rules give -1" in e.message, e.message
    assert "no double on the bump" in e.message and "doubleOnBump=off" in e.message and "B-32" in e.message


def test_partner_off_the_hook_is_said():
    """D_offhook_sym90 hand 3: partnerOffHookNoTrick=on, Carl picks, partner Ann, picker side no trick (B-29 x3),
    DOB x2 (B-32): 3 x 2 = 6 a defender; B-34: the partner pays nothing, the picker the whole: Carl -18, Ann 0,
    Bob Dot Eve +6 (sum 0).  Written Ann -6 Carl -12 (the shares without the variant)."""
    e = _refusal("%SHN 1.0\n" + '[Seats "Ann; Bob; Carl; Dot; Eve"]\n'
                 '[Rules "wi5-called-ace; partnerOffHookNoTrick=on; schneiderSymmetric90=on"]\n\nhand 3  dealer Bob\n'
                 "pick Carl  call AS  partner Ann  pts 12  tricks 0  lose-z\n"
                 "score Ann -6 Bob +6 Carl -12 Dot +6 Eve +6\n")
    assert e.code == "E-SCORE"
    assert "off the hook" in e.message and "partnerOffHookNoTrick=on" in e.message and "B-34" in e.message, e.message


def test_sit_out_dealer_charged_is_said_at_the_dealer():
    """G_six_seven_eight hand 5 (wi6-sit-out): Dee deals and sits out (F-1); Em picks, partner Flo, 66 a win: Em +2,
    Flo +1, Al Bo Cal -1, Dee 0.  Written Dee -1 Al 0: refused at Dee's entry, saying the dealer sits out."""
    text = ("%SHN 1.0\n" + '[Seats "Al; Bo; Cal; Dee; Em; Flo"]\n[Rules "wi6-sit-out"]\n\nhand 5  dealer Dee\n'
            "pick Em  call AS  partner Flo  pts 66  win\nscore Em +2 Flo +1 Dee -1 Al 0 Bo -1 Cal -1\n")
    e = _refusal(text)
    assert e.code == "E-SCORE"
    line = text.splitlines()[e.line - 1]
    assert line.startswith("score") and e.col == line.index("Dee") + 1 + len("Dee "), (e.line, e.col, line)
    assert "Dee" in e.message and "sits out" in e.message and "F-1" in e.message, e.message


def test_crack_by_a_seat_that_passed_names_crack_eligibility():
    """K_forced hand 4: Cy deals and picks (all passed before him); Di passed, so may not crack under the default
    crackEligibility=afterPickerOnly (rules.md E-2)."""
    e = _refusal("%SHN 1.0\n" + FIVE + '[Rules "wi5-called-ace; noPick=forcedPick; forcedPickNoBump=on"]\n\n'
                 "hand 4  dealer Cy\npick Cy  call AH  crack Di  partner Ed  pts 25  lose-s\n"
                 "score Al +4 Bea +4 Cy -8 Di +4 Ed -4\n")
    assert e.code == "E-CRACK"
    assert "crackEligibility=afterPickerOnly" in e.message and "E-2" in e.message, e.message


W1 = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; leasterTie=split"]
hand 1  dealer Ed
deal Al  AC KD 9S 8D KH 7S
deal Bea TC QC 8S QS 9H 7H
deal Cy  KC JD AS 9D 8H JS
deal Di  9C AD TS QH TH 7D
deal Ed  8C TD KS JC AH QD
blind 7C JH
leaster Cy  pts 25
t1 Al:  AC TC KC 9C 8C
t2 Al:  KD QC JD AD TD
t3 Bea: 8S AS TS KS 9S
t4 Cy:  9D QH JC 8D QS
t5 Bea: 9H 8H TH AH KH
t6 Ed:  QD 7S 7H JS 7D
score Al +1 Bea -1 Cy +2 Di -1 Ed -1
"""


def test_card_log_split_tie_cites_d6():
    """W_split w1: Al and Cy tie for fewest (25 each, both with a trick); Ed deals, so Al, first in play order from
    his left, takes 2 shares (leasterTie=split, rules.md D-6): 'leaster Cy' is refused citing D-6, not D-4."""
    e = _refusal(W1)
    assert e.code == "E-LEASTER"
    assert "D-6" in e.message and "leasterTie=split" in e.message, e.message
