"""fix18: the card-log and other-game sides of the QA18 fixes (tests/test_qa18.py holds the
score-sheet cases).  Positions are counted by hand on the lines written below."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.validate import validate_text

ROLL_LOG = Path(__file__).parent / "fixtures" / "house18b" / "wi7-die-roll.shn"
H4 = '%SHN 1.0\n[Seats "N; E; S; W"]\n[Rules "{r}"]\n\n'
SK = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di"]\n[Rules "schafkopf-bsv; ramsch=off"]\n\n'
H6 = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed; Flo"]\n[Rules "wi6-7d-high"]\n\n'


def _first(text: str):
    res = validate_text(text, "t.shn")
    errs = [e for r in res.rejected for e in r.errors] + list(res.errors)
    return (errs[0].code, errs[0].line, errs[0].col, errs[0].message) if errs else None, res


def test_roll_unknown_in_a_card_log_is_e_roll_at_the_question_mark():
    # line 20 of the fixture is 'roll 1'; written 'roll ?', the ? is at column 6
    code, line, col, msg = _first(ROLL_LOG.read_text(encoding="utf-8").replace("roll 1", "roll ?"))[0]
    assert (code, line, col) == ("E-ROLL", 20, 6)
    assert "None" not in msg and "?" in msg


def test_crack_unknown_in_a_card_log_needs_the_seat():
    # 'pick Bea  crack ?': the crack keyword is at column 11 of line 18
    text = ROLL_LOG.read_text(encoding="utf-8").replace("pick Bea\n", "pick Bea  crack ?\n")
    code, line, col, msg = _first(text)[0]
    assert (code, line, col) == ("E-SEAT", 18, 11)
    assert "None" not in msg


@pytest.mark.parametrize("stmt,col", [("roll 3", 45), ("share 7C 8C", 40), ("buck N", 45)])
def test_seven_handed_and_fox_statements_in_indiana(stmt, col):
    # 'game N ace AS  partner S  pts 70  win  ' is 39 characters: the statement starts at 40 (roll/buck at
    # the value, column 45, as the reader positions a number or seat statement)
    (code, line, c, _), res = _first(H4.format(r="in4") + "hand 1  dealer W\ngame N ace AS  partner S  pts 70  win  "
                                     + stmt + "\n")
    assert res.hands == [] and (code, line, c) == ("E-IN-STATEMENT", 6, col)


@pytest.mark.parametrize("stmt", ["roll 3", "share 7C 8C", "tokens Al 13 Bea 0 Cy 0 Di 0"])
def test_sheepshead_and_fox_statements_in_schafkopf(stmt):
    (code, line, _, _), res = _first(SK + "hand 1  dealer Di\ngame Cy wenz  pts 70  win  " + stmt + "\n")
    assert res.hands == [] and (code, line) == ("E-SK-STATEMENT", 6)


@pytest.mark.parametrize("stmt", ["roll 3", "share 7C 8C", "give N QS back ??"])
def test_sheepshead_statements_in_fox(stmt):
    (code, line, c, _), res = _first(H4.format(r="fox4") + "hand 1  dealer W\ntokens N 8 E 2 S 2 W 1  " + stmt + "\n")
    assert res.hands == [] and (code, line) == ("E-FOX-STATEMENT", 6)


def test_give_qs_on_a_sheet_with_the_right_side_is_accepted():
    # give Al QS: Bea holds the Q♠, Al keeps the Q♣ (head); partner Bea Cy: 3v3, 70 a plain win,
    # F-4 D=3 P=2: Al (3-2) = +1, Bea +1, Cy +1, Di Ed Flo -1 (sum 0)
    (err, res) = _first(H6 + "hand 1  dealer Flo\npick Al  give Al QS back ??  partner Bea Cy  pts 70  win\n")
    assert err is None
    assert dict(res.hands[0].outcome.units) == {"Al": 1, "Bea": 1, "Cy": 1, "Di": -1, "Ed": -1, "Flo": -1}


def test_give_qc_makes_the_receiver_the_head():
    # give Al QC: Bea holds the Q♣ after the pass and is the head; Al keeps Q♠ or J♦ and partners.
    # pick Bea, partner Al Cy, 70 win: Bea +1, Al +1, Cy +1, Di Ed Flo -1
    (err, res) = _first(H6 + "hand 1  dealer Flo\npick Bea  give Al QC back ??  partner Al Cy  pts 70  win\n")
    assert err is None
    assert dict(res.hands[0].outcome.units) == {"Al": 1, "Bea": 1, "Cy": 1, "Di": -1, "Ed": -1, "Flo": -1}
    # 'pick Al' instead: E-PARTNER-CARD at the picked seat Al (line 6, column 6: "pick " is 5 characters)
    (code, line, col, _), _ = _first(H6 + "hand 1  dealer Flo\npick Al  give Al QC back ??  partner Bea Cy  pts 70  win\n")
    assert (code, line, col) == ("E-PARTNER-CARD", 6, 6)
