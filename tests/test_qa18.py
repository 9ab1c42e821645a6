"""QA of issue 18's variants (qa18): records a scorer would write, worked BY HAND
from rules.md and docs/profiles.md before shead was run (working in tests/fixtures/qa18/NOTES.md),
then compared with shead.  Agreements are plain tests with the hand numbers;
the confirmed defects QA18-D1..D8 (tests/fixtures/qa18/NOTES.md) were fixed and are plain tests now.

Units: + receives.  F-4 shares: each defender tier x M, each partner one share,
the picker (D - P) shares.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.validate import validate_text

FIX = Path(__file__).parent / "fixtures" / "qa18"


def _errors(text: str):
    res = validate_text(text, "t.shn")
    errs = [e for r in res.rejected for e in r.errors] + list(res.errors)
    return errs, res


# ---------------------------------------------------------------- agreements (hand-worked units per hand)

WORKED = {
    # wi7-die-roll: h1 Al picks, roll 3 -> Bea Cy Di: Di; 95 schneider: 2v5 Al (5-1)*2 = +8, Di +2, five -2.
    #   h2 Ed picks, roll 6 -> Flo Gus Al Bea Cy Di: Di; 30 schneidered x2, DOB x2 = 4: Ed -16, Di -4, five +4.
    "r01_wi7_roll.shn": [
        {"Al": 8, "Bea": -2, "Cy": -2, "Di": 2, "Ed": -2, "Flo": -2, "Gus": -2},
        {"Al": 4, "Bea": 4, "Cy": 4, "Di": -4, "Ed": -16, "Flo": 4, "Gus": 4},
    ],
    # nuclearDealer=on: h1 Gus deals+picks, alone 1v6, 61 win, nuclear x2: 2 each, Gus +12.
    #   h2 Al deals+picks 60: loses (B-27), DOB x2, nuclear x2 = 4 each: Al -24.
    #   h3 Cy (not the dealer) picks, roll 1 -> Di, 61: Cy +4 Di +1 five -1.
    "r02_wi7_nuclear.shn": [
        {"Al": -2, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2, "Flo": -2, "Gus": 12},
        {"Al": -24, "Bea": 4, "Cy": 4, "Di": 4, "Ed": 4, "Flo": 4, "Gus": 4},
        {"Al": -1, "Bea": -1, "Cy": 4, "Di": 1, "Ed": -1, "Flo": -1, "Gus": -1},
    ],
    # wi7-shared-blind: h1 Cy picks, neighbour Di, 90 (plain, the 90/91 line): Cy +4 Di +1.
    #   h2 Gus picks, neighbour Al (wraps round), 91 schneider: Gus +8 Al +2 five -2.
    "r03_wi7_shared.shn": [
        {"Al": -1, "Bea": -1, "Cy": 4, "Di": 1, "Ed": -1, "Flo": -1, "Gus": -1},
        {"Al": 2, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2, "Flo": -2, "Gus": 8},
    ],
    # wi5-pot potTake=one potLoss=addPot: h1 leaster Al +4/-1, ante 1 each: Al +3, -2, pot 5.
    #   h2 Bea+Cy 50 bumped loss -4/-2/+2, adds ONE pot 5: Cy 5//4 = 1, Bea 4: Bea -8 Cy -3; pot 10.
    #   h3 Di+Ed 75 win +2/+1/-1, takes ONE pot 5 of 10: Ed 1, Di 4: Di +6 Ed +2; pot 5.
    "r04_wi5_pot.shn": [
        {"Al": 3, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2, "(pot)": 5},
        {"Al": 2, "Bea": -8, "Cy": -3, "Di": 2, "Ed": 2, "(pot)": 5},
        {"Al": -1, "Bea": -1, "Cy": -1, "Di": 6, "Ed": 2, "(pot)": -5},
    ],
    # wi3 leasterNoTrickDouble (must-take off): Cy wins with no trick x2: +4 -2 -2; Al with tricks: +2 -1 -1.
    "r05_wi3_leaster.shn": [
        {"Al": -2, "Bea": -2, "Cy": 4},
        {"Al": 2, "Bea": -1, "Cy": -1},
    ],
    # lateBlitz=on score sheet: h1 Bea+Di 70, late blitz x2: 2 each: Bea +4 Di +2.
    #   h2 Al alone 40: 1 x2 blitz x2 DOB = 4 each: Al -16.
    "r06_lateblitz.shn": [
        {"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2},
        {"Al": -16, "Bea": 4, "Cy": 4, "Di": 4, "Ed": 4},
    ],
    # wi8-qc-jd-7d call 8D: B with C and D, 3v5, 50 bumped: 2 per defender, B (5-2)*2 = -6, C D -2.
    "r07_wi8_call.shn": [
        {"A": 2, "B": -6, "C": -2, "D": -2, "E": 2, "F": 2, "G": 2, "H": 2},
    ],
    # wi4-first-queens 2v2 (F-4 +-1/+-1): 31 plain loss bumped -2; 30 schneidered 2x2 = -4; alone 91: +6/-2.
    "r08_wi4_fq.shn": [
        {"Al": -2, "Bea": 2, "Cy": -2, "Di": 2},
        {"Al": -4, "Bea": 4, "Cy": -4, "Di": 4},
        {"Al": -2, "Bea": 6, "Cy": -2, "Di": -2},
    ],
    # in4 race points: ace win-s +4 each; sidesolo won +18; lost ace schneidered -> opponents +4 each;
    #   ace won +2 each; best lost -> opponents +6 each.
    "r09_in4_race.shn": [
        {"N": 4, "E": 0, "S": 4, "W": 0},
        {"N": 0, "E": 18, "S": 0, "W": 0},
        {"N": 0, "E": 4, "S": 0, "W": 4},
        {"N": 0, "E": 2, "S": 0, "W": 2},
        {"N": 6, "E": 6, "S": 0, "W": 6},
    ],
    # wi6-7d-high give Al QS to Bea: Al Bea Cy 3v3 (F-4: D 3, P 2 -> picker 1 share), 70: +1 each side.
    "r11_wi6_give.shn": [
        {"Al": 1, "Bea": 1, "Cy": 1, "Di": -1, "Ed": -1, "Flo": -1},
    ],
    # wi4-called-ace-34: bury 6C 6S (0 points), 61 (the 60/61 line), 2v2: +-1.
    "r12_wi4_34.shn": [
        {"Al": 1, "Bea": -1, "Cy": -1, "Di": 1},
    ],
    # Schafkopf BSV 10/50: thrown 0; Wenz Tout won, no runners: 2 x 50 = 100, x3 = +300;
    #   Farbsolo gras 91 schneider: 50 + 10 = 60, x3 = +180.
    "r14_sk.shn": [
        {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0},
        {"Al": -100, "Bea": -100, "Cy": 300, "Di": -100},
        {"Al": -60, "Bea": -60, "Cy": -60, "Di": 180},
    ],
    # fox4 (foxSides=each): 8 tokens -> 1; hunters 14; buck 7; 10 tokens -> 2; 6/6/1/0 -> nobody.
    "r15_fox.shn": [
        {"N": 1, "E": 0, "S": 0, "W": 0},
        {"N": 0, "E": 0, "S": 0, "W": 14},
        {"N": 0, "E": 7, "S": 0, "W": 0},
        {"N": 2, "E": 0, "S": 0, "W": 0},
        {"N": 0, "E": 0, "S": 0, "W": 0},
    ],
    # pot at six (wi6-jack-of-diamonds): leaster Bea +5/-1, six ante: Bea +4, -2, pot 6;
    #   Cy+Ed 61, 2v4 +3/+1/-1, takes 6: Ed 6//4 = 1, Cy 5: Cy +8 Ed +2.
    "r18_pot6.shn": [
        {"Al": -2, "Bea": 4, "Cy": -2, "Di": -2, "Ed": -2, "Flo": -2, "(pot)": 6},
        {"Al": -1, "Bea": -1, "Cy": 8, "Di": -1, "Ed": 2, "Flo": -1, "(pot)": -6},
    ],
}


def _exported(name: str, tmp_path, *extra: str) -> list[dict]:
    """Ingest the record with the CLI into a fresh store and export it as JSONL (the whole path:
    text -> ingest -> engine -> store -> export; the pot's seat is added at the store)."""
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    db = str(tmp_path / "x.duckdb")
    r = CliRunner().invoke(app, ["ingest", str(FIX / name), *extra, "--db", db])
    assert r.exit_code == 0 and "0 rejected" in r.output, r.output
    r = CliRunner().invoke(app, ["export", "--format", "jsonl", "--db", db])
    assert r.exit_code == 0, r.output
    return [json.loads(x) for x in r.output.splitlines() if x.startswith("{")]


@pytest.mark.parametrize("name", sorted(WORKED))
def test_record_units_match_the_hand_working(name, tmp_path):
    got = [row["units"] for row in _exported(name, tmp_path)]
    assert got == WORKED[name]


@pytest.mark.parametrize("name", sorted(n for n in WORKED if n not in ("r09_in4_race.shn", "r15_fox.shn")))
def test_settled_records_sum_to_zero(name):
    for hand in WORKED[name]:
        assert sum(hand.values()) == 0


def test_pot_session_totals(tmp_path):
    # Al 3+2-1 = 4, Bea -2-8-1 = -11, Cy -2-3-1 = -6, Di -2+2+6 = 6, Ed -2+2+2 = 2; the pot holds 5
    tot: dict[str, int] = {}
    for row in _exported("r04_wi5_pot.shn", tmp_path):
        for k, v in row["units"].items():
            tot[k] = tot.get(k, 0) + v
    assert tot == {"Al": 4, "Bea": -11, "Cy": -6, "Di": 6, "Ed": 2, "(pot)": 5}


def test_wenz_tout_and_farbsolo_are_told_apart_in_the_export(tmp_path):
    thrown, wenz, solo = _exported("r14_sk.shn", tmp_path)
    assert (thrown["game_type"], thrown["outcome"]) == ("thrown", "misdeal")
    assert (wenz["game_type"], wenz["sk_game"], wenz["outcome"]) == ("tout", "wenz", "win")
    assert (solo["game_type"], solo["trump_suit"], solo["outcome"]) == ("solo", "S", "win-s")  # gras ~ spades (G-1)


def test_cli_race_reaches_24_at_hand_4_and_continues(tmp_path):
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    db = str(tmp_path / "x.duckdb")
    r = CliRunner().invoke(app, ["ingest", str(FIX / "r09_in4_race.shn"), "--db", db])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["race", "--db", db])
    assert r.exit_code == 0, r.output
    # running: N4 E0 S4 W0 / N4 E18 / E22 W4 / E24 W6 -> game 1 ends at hand 4, Eli; hand 5 opens game 2
    assert "Eli reached 24" in r.output
    assert "game 2 (hand 5)" in r.output and "open" in r.output


def test_cli_in4_csv_sheet(tmp_path):
    rows = _exported("r10_in4.csv", tmp_path, "--rules", "in4")
    assert [row["units"] for row in rows] == [
        {"Nora": 4, "Eli": 0, "Sam": 4, "Wes": 0},
        {"Nora": 0, "Eli": 18, "Sam": 0, "Wes": 0},
        {"Nora": 0, "Eli": 4, "Sam": 0, "Wes": 4},
    ]


# ---------------------------------------------------------------- card logs, worked trick by trick

CARD_LOGS = {
    # trumpOrder=jacksHigh (J♣ J♠ J♥ J♦ over the queens, F-9): Bea picks 7C TH and buries them (10), calls AH (Di).
    #   t1 Al QC Bea JD Cy 7D Di 8D Ed 9D: the J♦ beats the Q♣ -> Bea 3+2 = 5
    #   t2 Bea JC QS QD KD TD -> Bea 2+3+3+4+10 = 22;  t3 Bea 7H 8H AH 9H KH -> Di 15
    #   t4 Di AC TC 9C KC 8C -> Di 25;  t5 Di AS TS 9S KS 8S -> Di 25;  t6 Di JH 7S QH JS AD -> Bea (J♠) 18
    #   side 5+22+15+25+25+18 + bury 10 = 120, defenders no trick: no-tricker x3: Bea +6 Di +3, -3 each.
    "r20_jackshigh.shn": ({"Al": -3, "Bea": 6, "Cy": -3, "Di": 3, "Ed": -3}, 120, "win-z"),
    # wi4-called-ace-34: Bea picks QD 6S, buries JH 8H (2), calls AS (Cy), holds 6S KS.
    #   t1 Al KC 6C AC 7C -> Cy 15; t2 Cy QC 7D 8D 9D -> Cy 3; t3 Cy AH TH KH 7H -> Cy 25;
    #   t4 Cy AS 7S 9S 6S -> Cy 11; t5 Cy QS JD KD QH -> Cy 12; t6 Cy 9C 8C TC JC -> Bea 12;
    #   t7 Bea QD TD JS AD -> Bea 26; t8 Bea KS 9H 8S TS -> Al 14 (TS over KS).
    #   side 104 + 2 = 106 >= 91, defenders one trick: schneider, 2v2: +-2.
    "r21_wi4_34_log.shn": ({"Al": -2, "Bea": 2, "Cy": 2, "Di": -2}, 106, "win-s"),
    # wi6-7d-high: Al (Q♣ Q♠) gives QS to Bea, gets JS back; side Al Bea Cy (J♦).
    #   t1 Al QC QS JD 8D 9D KD -> Al 12; t2 Al AC TC KC 9C 8C 7D -> Flo (7♦ top) 25;
    #   t3 Flo AH.. -> Flo 25; t4 Flo AS TS KS 9S 8S QH -> Ed 28; t5 Ed QD JC JS JH AD TD -> Ed 30.
    #   side 12 in one trick: schneidered x2, DOB x2 = 4; 3v3 (F-4: 1 share each): -4 each, +4 each.
    "r22_wi6_give_log.shn": ({"Al": -4, "Bea": -4, "Cy": -4, "Di": 4, "Ed": 4, "Flo": 4}, 12, "lose-s"),
    # tenCallPickerPlaysAce=on: Bea holds AC AS AH, calls TH (Di), buries the blind AD TD (21).
    #   t1 Al 9H, Bea AH (owed), Cy 8H, Di TH, Ed KH -> Bea 25; t2 Bea QC 7D 8D 9D KD -> 7; t3 AC.. -> 25;
    #   t4 AS.. -> 25; t5 QS QH QD JC JS -> 13; t6 Bea 7H 7C 7S JH JD -> Ed (J♥) 4.
    #   side 95 + 21 = 116, defenders one trick: schneider, 2v3: Bea +4 Di +2, -2 each.
    "r23_tencall.shn": ({"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2}, 116, "win-s"),
}


@pytest.mark.parametrize("name", sorted(CARD_LOGS))
def test_card_log_worked_by_hand(name, tmp_path):
    units, pts, outcome = CARD_LOGS[name]
    (row,) = _exported(name, tmp_path)
    assert (row["units"], row["picker_points"], row["outcome"]) == (units, pts, outcome)
    assert sum(units.values()) == 0


def test_jacks_high_is_what_makes_the_log_legal():
    # under the standard order the Q♣ takes t1 (Al), so Bea cannot lead t2 (B-17) -> E-LEADER at line 18 col 4
    text = (FIX / "r20_jackshigh.shn").read_text(encoding="utf-8").replace("; trumpOrder=jacksHigh", "")
    errs, res = _errors(text)
    assert res.hands == [] and [(e.code, e.line, e.col) for e in errs][:1] == [("E-LEADER", 18, 4)]


def test_a_six_is_a_club_for_following_suit():
    # Bea holds the 6♣ on t1 (K♣ led): the J♣ instead is a renege (B-18), at Bea's card
    text = ((FIX / "r21_wi4_34_log.shn").read_text(encoding="utf-8")
            .replace("t1 Al:  KC 6C AC 7C", "t1 Al:  KC JC AC 7C").replace("t6 Cy:  9C 8C TC JC", "t6 Cy:  9C 8C TC 6C"))
    errs, res = _errors(text)
    assert res.hands == [] and [(e.code, e.line, e.col) for e in errs][:1] == [("E-RENEGE", 16, 12)]


@pytest.mark.parametrize("give,code,col", [
    ("give Al QS back QS", "E-GIVE", 26),   # the card just received cannot come back
    ("give Al QS back 7C", "E-GIVE", 26),   # not Bea's (not even in the 30 cards)
    ("give Al QS back AD", "E-GIVE", 26),   # Cy's card, not Bea's
])
def test_give_checked_against_the_deal(give, code, col):
    text = (FIX / "r22_wi6_give_log.shn").read_text(encoding="utf-8").replace("give Al QS back JS", give)
    errs, res = _errors(text)
    assert res.hands == [] and [(e.code, e.line, e.col) for e in errs][:1] == [(code, 14, col)]


def test_give_partner_checked_against_the_deal():
    text = (FIX / "r22_wi6_give_log.shn").read_text(encoding="utf-8") + "partner Cy Di\n"
    errs, res = _errors(text)
    assert res.hands == [] and [(e.code, e.line) for e in errs][:1] == [("E-PARTNER", 20)]


def test_ten_call_picker_must_play_the_ace():
    # Bea's 7H instead of the owed AH on t1 (hearts first led by Al): E-TEN-ACE at line 17, Bea's card (col 12)
    text = ((FIX / "r23_tencall.shn").read_text(encoding="utf-8")
            .replace("t1 Al:  9H AH 8H TH KH", "t1 Al:  9H 7H 8H TH KH").replace("t6 Bea: 7H 7C", "t6 Bea: AH 7C"))
    errs, res = _errors(text)
    assert res.hands == [] and [(e.code, e.line, e.col) for e in errs][:1] == [("E-TEN-ACE", 17, 12)]


# two-handed, read from the winner's side (docs/profiles.md "Two-handed"): the head with 30 loses plainly
# (the other's 90 is no schneider), 29 is schneidered, 91 schneider, 60-60 the head loses; no bump.
TWO = [{"Al": 1, "Bea": -1}, {"Al": -2, "Bea": 2}, {"Al": -2, "Bea": 2}, {"Al": -1, "Bea": 1}]


@pytest.mark.parametrize("rules", ["wi2-battery", "wi2-all-table"])
def test_two_handed_score_sheet_lines(rules):
    text = (FIX / "r24_wi2_battery.shn").read_text(encoding="utf-8").replace('"wi2-battery"', f'"{rules}"')
    errs, res = _errors(text)
    assert errs == []
    assert [dict(h.outcome.units) for h in res.hands] == TWO


def test_two_handed_csv_sheet(tmp_path):
    rows = _exported("r25_wi2_all_table.csv", tmp_path, "--rules", "wi2-all-table")
    # Bea head 30: lose -1; Al head 29: lose-s -2; Bea 120 win-z +3
    assert [r["units"] for r in rows] == [{"Al": 1, "Bea": -1}, {"Al": -2, "Bea": 2}, {"Al": -3, "Bea": 3}]


def test_two_handed_30_is_not_schneidered():
    text = (FIX / "r24_wi2_battery.shn").read_text(encoding="utf-8").replace("pts 30  lose ", "pts 30  lose-s ")
    errs, _ = _errors(text)
    assert [(e.code, e.line, e.col) for e in errs] == [("E-OUTCOME", 8, 19)]


# ---------------------------------------------------------------- bad input: code, line, column

H7 = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed; Flo; Gus"]\n[Rules "{r}"]\n\n'
H6 = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed; Flo"]\n[Rules "wi6-7d-high"]\n\n'
H5 = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "{r}"]\n\n'
H4 = '%SHN 1.0\n[Seats "N; E; S; W"]\n[Rules "{r}"]\n\n'
SK = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di"]\n[Rules "schafkopf-bsv; ramsch=off"]\n\n'
BIG = "9" * 10000

BAD = [
    (H5.format(r="wi5-called-ace") + "hand 1  dealer Ed\npick Al  roll 3  call AH  partner Bea  pts 70  win\n",
     "E-ROLL", 6, 15),
    (H7.format(r="wi7-die-roll") + "hand 1  dealer Gus\npick Al  roll 7  pts 70  win\n", "E-NUMBER", 6, 15),
    (H7.format(r="wi7-die-roll") + "hand 1  dealer Gus\npick Al  roll " + BIG + "  pts 70  win\n", "E-NUMBER", 6, 15),
    (H7.format(r="wi7-die-roll") + "hand 1  dealer Gus\npick Al  roll\npts 70  win\n", "E-NUMBER", 6, 14),
    (H7.format(r="wi7-die-roll") + "hand 1  dealer Gus\npick Al  pts 70  win\n", "E-ROLL", 6, 6),
    (H7.format(r="wi7-die-roll") + "hand 1  dealer Gus\npick Al  roll 2  partner Bea  pts 70  win\n", "E-PARTNER", 6, 26),
    (H7.format(r="wi7-die-roll; nuclearDealer=on") + "hand 1  dealer Gus\npick Gus  roll 2  pts 70  win\n",
     "E-ROLL", 6, 16),
    (H7.format(r="wi7-die-roll; nuclearDealer=on") + "hand 1\npick Gus  pts 70  win\n", "E-DEALER", 6, 6),
    (H5.format(r="wi5-called-ace") + "hand 1  dealer Ed\npick Al  share 7C 8C  call AH  partner Bea  pts 70  win\n",
     "E-SHARE", 6, 10),
    (H7.format(r="wi7-shared-blind") + "hand 1  dealer Gus\npick Al  share 1X 8C  pts 70  win\n", "E-CARD", 6, 16),
    (H7.format(r="wi7-shared-blind") + "hand 1  dealer Gus\npick Al  partner Cy  pts 70  win\n", "E-PARTNER", 6, 18),
    (H5.format(r="wi5-called-ace") + "hand 1  dealer Ed\npick Al  give Al QS back 8C  call AH  partner Bea  pts 70  win\n",
     "E-GIVE", 6, 10),
    (H6 + "hand 1  dealer Flo\npick Al  give Al AC back ??  partner Bea Cy  pts 70  win\n", "E-GIVE", 6, 18),
    (H6 + "hand 1  dealer Flo\npick Al  give Al QS  partner Bea Cy  pts 70  win\n", "E-ARGUMENT", 6, 22),
    (H4.format(r="fox4") + "hand 1  dealer W\ntokens N 6 E 6 S 0 W 0\n", "E-FOX-TOKENS", 6, 1),
    (H4.format(r="fox4") + "hand 1  dealer W\ntokens N " + BIG + " E 6 S 0 W 0\n", "E-NUMBER", 6, 10),
    (H4.format(r="fox4") + "hand 1  dealer W\ntokens N 7 E 6 S 0 W 0  buck N\n", "E-FOX-BUCK", 6, 30),
    (H4.format(r="fox4") + "hand 1  dealer W\ntokens N 7 E 6 S 0 W 0\nscore N 2 E 0 S 0 W 0\n", "E-SCORE", 7, 9),
    ('%SHN 1.0\n[Seats "Al; Bea; Cy; Di"]\n[Rules "schafkopf-bsv"]\n\nhand 1  dealer Di\nthrown\n', "E-SK-THROWN", 6, 1),
    (SK + "hand 1  dealer Di\nthrown  pts 60\n", "E-SK-THROWN", 6, 13),
    (SK + "hand 1  dealer Di\nthrown\nscore Al 10 Bea -10 Cy 0 Di 0\n", "E-SCORE", 7, 10),
    (H5.format(r="wi5-called-ace; allowBlitz=queens")
     + "hand 1  dealer Ed\npick Bea  call AC  partner Di  pts 70  win  blitz Ed black late\n", "E-BLITZ", 6, 45),
    (H5.format(r="wi5-called-ace; allowBlitz=queens; lateBlitz=on")
     + "hand 1  dealer Ed\nleaster Al  blitz Ed black late\n", "E-BLITZ", 6, 13),
    (H5.format(r="wi5-called-ace") + "hand 1  dealer Ed\npick Al  bury 6C 7C  call AH  partner Bea  pts 70  win\n",
     "E-DECK", 6, 15),
    (H4.format(r="in4") + "hand 1  dealer W\ngame N best  pts 95  win-s\n", "E-OUTCOME", 6, 22),
    (H4.format(r="in4") + "hand 1  dealer W\ngame N ace AS  partner S  pts 70  win\nscore N 4 E 0 S 4 W 0\n",
     "E-SCORE", 7, 9),
]


@pytest.mark.parametrize("text,code,line,col", BAD, ids=[f"{i}-{b[1]}" for i, b in enumerate(BAD)])
def test_bad_input_names_line_and_column(text, code, line, col):
    errs, res = _errors(text)
    assert res.hands == []
    assert [(e.code, e.line, e.col) for e in errs][:1] == [(code, line, col)]
    assert all(e.code != "E-INTERNAL" for e in errs)


@pytest.mark.parametrize("kw", ["roll", "share", "give", "tokens", "buck", "hunters", "thrown"])
def test_a_new_keyword_is_not_a_seat(kw):
    text = ('%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed; Flo; ' + kw + '"]\n[Rules "wi7-die-roll"]\n\n'
            "hand 1  dealer " + kw + "\npick Al  roll 3  pts 95  win-s\n")
    errs, res = _errors(text)
    assert res.hands == []
    assert ("E-SEATS", 2, 1) in [(e.code, e.line, e.col) for e in errs]
    assert all(e.code != "E-INTERNAL" for e in errs)


# ---------------------------------------------------------------- the confirmed defects D1-D8, fixed


@pytest.mark.parametrize("stmt", ["tokens Al 13 Bea 0 Cy 0 Di 0 Ed 0", "buck Al", "hunters Al"])
def test_fox_statement_outside_fox4_is_refused(stmt):
    text = H5.format(r="wi5-called-ace") + "hand 1  dealer Ed\npick Al  call AH  partner Bea  pts 70  win  " + stmt + "\n"
    errs, res = _errors(text)
    assert res.hands == [] and errs and errs[0].line == 6 and errs[0].col == 45


@pytest.mark.parametrize("stmt", ["roll 3", "share 7C 8C"])
def test_seven_handed_statement_in_indiana_is_refused(stmt):
    text = H4.format(r="in4") + "hand 1  dealer W\ngame N ace AS  partner S  pts 70  win  " + stmt + "\n"
    errs, res = _errors(text)
    assert res.hands == [] and [e.code for e in errs][:1] == ["E-IN-STATEMENT"]


@pytest.mark.parametrize("back", ["7C", "7S"])
def test_give_back_card_not_in_the_30_card_deck(back):
    text = H6 + f"hand 1  dealer Flo\npick Al  give Al QS back {back}  partner Bea Cy  pts 70  win\n"
    errs, res = _errors(text)
    assert res.hands == [] and [(e.code, e.line, e.col) for e in errs][:1] == [("E-DECK", 6, 26)]


def test_give_back_the_card_just_received():
    text = H6 + "hand 1  dealer Flo\npick Al  give Al QS back QS  partner Bea Cy  pts 70  win\n"
    errs, res = _errors(text)
    assert res.hands == [] and [e.code for e in errs][:1] == ["E-GIVE"]


@pytest.mark.parametrize("give", ["give Al QS back ??", "give Bea QS back ??"])
def test_give_makes_the_holder_a_partner(give):
    # give Al QS: Bea holds QS.  give Bea QS: Bea held two partner cards and keeps one.  Either way Bea is
    # on Al's side; 'partner Cy Di' leaves her out -> E-PARTNER expected.
    text = H6 + f"hand 1  dealer Flo\npick Al  {give}  partner Cy Di  pts 70  win\n"
    errs, res = _errors(text)
    assert res.hands == [] and [e.code for e in errs][:1] == ["E-PARTNER"]


@pytest.mark.parametrize("line", ["pick Al  roll ?  pts 61  win", "pick Al  roll ?  partner Di  pts 61  win"])
def test_roll_unknown_is_a_clear_error(line):
    errs, res = _errors(H7.format(r="wi7-die-roll") + "hand 1  dealer Gus\n" + line + "\n")
    assert res.hands == []
    assert errs and all(e.code != "E-INTERNAL" and "None" not in e.message for e in errs)
    assert (errs[0].line, errs[0].col) == (6, 15)


def test_the_qc_given_away_makes_the_neighbour_head():
    errs, res = _errors(H6 + "hand 1  dealer Flo\npick Al  give Al QC back ??  partner Bea Cy  pts 70  win\n")
    assert res.hands == [] and errs


@pytest.mark.parametrize("mark", ["crack ?", "blitz ? black", "blitz ? black late"])
def test_unknown_seat_of_a_mark(mark):
    text = (H5.format(r="wi5-called-ace; allowBlitz=queens; lateBlitz=on")
            + f"hand 1  dealer Ed\npick Bea  call AC  partner Di  pts 70  win  {mark}\n")
    errs, res = _errors(text)
    assert errs == []
    # 70, a plain win, one mark x2: 2 per defender, Bea +4, Di +2
    assert dict(res.hands[0].outcome.units) == {"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2}


# ---------------------------------------------------------------- more agreements


def test_late_blitz_in_a_card_log():
    # r23 (116, schneider, 2 per defender) with lateBlitz: Bea played Q♣ (t2) and Q♠ (t5): x2 -> 4 per defender,
    # Bea +8 Di +4; Al played neither black queen -> E-BLITZ at the blitz (line 23 col 1)
    base = (FIX / "r23_tencall.shn").read_text(encoding="utf-8").replace(
        "tenCallPickerPlaysAce=on", "tenCallPickerPlaysAce=on; allowBlitz=queens; lateBlitz=on")
    errs, res = _errors(base + "blitz Bea black late\n")
    assert errs == [] and dict(res.hands[0].outcome.units) == {"Al": -4, "Bea": 8, "Cy": -4, "Di": 4, "Ed": -4}
    errs, res = _errors(base + "blitz Al black late\n")
    assert res.hands == [] and [(e.code, e.line, e.col) for e in errs] == [("E-BLITZ", 23, 1)]


def test_nuclear_is_not_a_mark_under_the_cap():
    # Gus deals and picks: nuclear alone; crack + re-crack = 2 marks = x4 capped at x2; nuclear x2 on top:
    # 1 x 2 x 2 = 4 per defender, Gus +24
    text = (H7.format(r="wi7-die-roll; nuclearDealer=on; markFactorCap=2; crackEligibility=anyDefender")
            + "hand 1  dealer Gus\npick Gus  pts 61  win  crack Al  recrack Gus\n")
    errs, res = _errors(text)
    assert errs == []
    assert dict(res.hands[0].outcome.units) == {"Al": -4, "Bea": -4, "Cy": -4, "Di": -4, "Ed": -4, "Flo": -4, "Gus": 24}


def test_fox_pairs_and_thirteen_without_buck():
    # pairs: N 4 + S 4 = 8 -> 1 point each; 13 tokens without buck score 2 (profiles.md)
    errs, res = _errors(H4.format(r="fox4; foxSides=pairs") + "hand 1  dealer W\ntokens N 4 E 3 S 4 W 2\n")
    assert errs == [] and dict(res.hands[0].outcome.units) == {"N": 1, "E": 0, "S": 1, "W": 0}
    errs, res = _errors(H4.format(r="fox4") + "hand 1  dealer W\ntokens N 13 E 0 S 0 W 0\n")
    assert errs == [] and dict(res.hands[0].outcome.units) == {"N": 2, "E": 0, "S": 0, "W": 0}


def test_pot_statement_checked_against_the_session():
    # one leaster leaves 5 in the pot; 'pot 7' on hand 2 -> E-POT at line 9 col 5
    text = (H5.format(r="wi5-pot; potTake=one") + "hand 1  dealer Ed\nleaster Al\n\nhand 2  dealer Al\npot 7\n"
            "pick Bea  call AH  partner Cy  pts 70  win\n")
    errs, _ = _errors(text)
    assert [(e.code, e.line, e.col) for e in errs] == [("E-POT", 9, 5)]


SKDE = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di"]\n[Rules "schafkopf-bsv; ramsch=off"]\n[Cards "de"]\n\nhand 1  dealer Di\n'


@pytest.mark.parametrize("lines,units", [
    # Wenz Tout with 2 Laufende: (50 + 2 x 10) x 2 = 140 (G-14: base and runners doubled), x3 for the soloist
    ("game Cy wenz tout\nlaufende 2 with  pts 120  tricks 8  win", {"Al": -140, "Bea": -140, "Cy": 420, "Di": -140}),
    # Kontra x2: 280 each; Kontra and Re x4: 560 each (G-18)
    ("game Cy wenz tout\nlaufende 2 with  pts 120  tricks 8  win  kontra Al",
     {"Al": -280, "Bea": -280, "Cy": 840, "Di": -280}),
    ("game Cy wenz tout\nlaufende 2 with  pts 120  tricks 8  win  kontra Al  re Cy",
     {"Al": -560, "Bea": -560, "Cy": 1680, "Di": -560}),
    # Geier Tout lost (one trick lost): 50 x 2 = 100 to each opponent
    ("game Bea geier tout\nlaufende 0  pts 100  tricks 7  lose", {"Al": 100, "Bea": -300, "Cy": 100, "Di": 100}),
    # Farbwenz Tout won, no runners: 100 x 3
    ("game Cy farbwenz herz tout\nlaufende 0  pts 120  tricks 8  win", {"Al": -100, "Bea": -100, "Cy": 300, "Di": -100}),
])
def test_schafkopf_tout_sheet_lines(lines, units):
    errs, res = _errors(SKDE + lines + "\n")
    assert errs == [] and dict(res.hands[0].outcome.units) == units
    assert res.hands[0].outcome.game_type == "tout"


def test_a_tout_has_no_schneider_word():
    errs, _ = _errors(SKDE + "game Bea solo eichel tout\nlaufende 0  pts 120  win-s\n")
    assert [(e.code, e.line, e.col) for e in errs] == [("E-OUTCOME", 8, 22)]


def test_first_two_queens_card_log(tmp_path):
    # t1 Al 25; t2 Al QS (first queen: head) Bea QD (second: partner) 8D JD -> Al 8; t3 Al 25; t4 Al 25;
    # t5 Al 8C 7C QC 7S -> Cy 3; t6 Cy QH JS JH 9D -> Cy 7; t7 Cy AD TD KD 7D -> Cy 25; t8 Cy 8H 7H 8S JC -> Bea 2.
    # Al + Bea 25+8+25+25+2 = 85: a plain win, 2v2 (F-4): +-1.
    (row,) = _exported("r26_wi4_fq_log.shn", tmp_path)
    assert (row["units"], row["picker_points"], row["outcome"]) == ({"Al": 1, "Bea": 1, "Cy": -1, "Di": -1}, 85, "win")


def test_first_two_queens_head_is_checked_at_the_card():
    text = (FIX / "r26_wi4_fq_log.shn").read_text(encoding="utf-8").replace("pick Al  {", "pick Cy  {")
    errs, res = _errors(text)
    assert res.hands == [] and [(e.code, e.line, e.col) for e in errs][:1] == [("E-PARTNER-CARD", 14, 8)]


def test_first_two_jacks_same_seat_is_alone():
    # firstTwoRank=jack: Di plays J♦ (t2) and J♠ (t6), the first two jacks: Di alone 1v3, no trick:
    # no-tricker x3, DOB x2 = 6 per defender, Di -18
    text = ((FIX / "r26_wi4_fq_log.shn").read_text(encoding="utf-8")
            .replace('"wi4-first-queens"', '"wi4-first-queens; firstTwoRank=jack"').replace("pick Al  {", "pick Di  {"))
    errs, res = _errors(text)
    assert errs == [] and dict(res.hands[0].outcome.units) == {"Al": 6, "Bea": 6, "Cy": 6, "Di": -18}
