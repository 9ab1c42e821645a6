"""Session 27 (fixd27): refusals that say what is wrong and what to write instead (real27 F4, F5, and phone-typed
SHN mistakes). Each test writes the record a scorer would write; the amounts are worked out by hand from
rules.md (working in the comments)."""

from __future__ import annotations

import pytest

from ingest.validate import validate_text
from tests.test_shn_schafkopf import TEXT as SK_EXAMPLE

# -- real27 F4: a Re written without 'after' beside 'kontra X after 1' ------------------------------------------

SK_HEAD = ('%SHN 1.0\n[Event "Tester27 Schafkopf"]\n[Date "2026.11.22"]\n'
           '[Seats "Al=Alois Huber; Bea=Beate Maier; Cy=Cyriak Lang; Di=Dietlinde Gruber"]\n'
           '[Rules "schafkopf-bsv; tariff.sauspiel=20; tariff.solo=50"]\n[Cards "de"]\n\n')
WENZ = "hand 4  dealer Cy\ngame Al wenz  kontra Bea after 1  {re}  laufende 2 with  pts 61  tricks 4  win\n"


def _errors(text: str):
    res = validate_text(text, "sk.shn")
    return [e for r in res.rejected for e in r.errors] + list(res.errors), res


def test_f4_re_without_after_is_placed_before_the_kontra_and_the_message_says_so():
    text = SK_HEAD + WENZ.format(re="re Al")
    (e,), _ = _errors(text)
    line = text.split("\n")[8]
    # the refusal stays at the Re (line 9, its 're' word), as before; the rule is kept (rules.md G-18)
    assert (e.code, e.line, e.col) == ("E-SK-KONTRA", 9, line.index("re Al") + 1) == ("E-SK-KONTRA", 9, 35)
    assert e.message == ("'re Al' has no 'after', so it counts as before the first card (after 0) and comes before "
                         "the Kontra written 'kontra Bea after 1'; the first doubling is a Kontra and any later one "
                         "a Re (rules.md G-18): write 're Al after 1'")
    assert (e.found, e.expected) == ("Re after 0 before Kontra after 1", "re Al after 1")


def test_f4_re_written_after_0_is_named_as_written():
    (e,), _ = _errors(SK_HEAD + WENZ.format(re="re Al after 0"))
    assert e.code == "E-SK-KONTRA"
    assert e.message.startswith("'re Al after 0' comes before the Kontra written 'kontra Bea after 1'")
    assert e.expected == "re Al after 1"


def test_f4_the_suggested_re_after_1_is_stored_with_the_hand_worked_units():
    # Wenz 50 (tariff.solo=50) + 2 Laufende with x 10 = 70 (G-13: Wenz counts from 2, G-14); 61 Augen win, no
    # schneider (G-12); Kontra and Re x2 x2 = 280 (G-18); a Wenz is settled with each of the three (G-15):
    # Al +840, Bea/Cy/Di -280 each
    errs, res = _errors(SK_HEAD + WENZ.format(re="re Al after 1"))
    assert errs == []
    o = res.hands[0].outcome
    assert o.units == {"Al": 840, "Bea": -280, "Cy": -280, "Di": -280}
    assert o.multiplier == 4


def test_f4_a_re_with_no_kontra_keeps_its_message():
    # 're Al' alone: no Kontra to place it after; the old message is the right one
    (e,), _ = _errors(SK_HEAD + "hand 4  dealer Cy\ngame Al wenz  re Al  laufende 2 with  pts 61  tricks 4  win\n")
    assert e.code == "E-SK-KONTRA"
    assert e.message == "the first doubling is a Kontra and any later one a Re (rules.md G-18)"


def test_f4_the_card_log_says_the_same():
    # the worked example (Bea's Sauspiel with Cy, Kontra by Al after the first card): Cy's Re written without
    # 'after' is placed before Al's Kontra; with 'after 1' it is the existing x4 hand (40 x 4 = 160 a seat)
    text = SK_EXAMPLE.replace("kontra Al after 1", "kontra Al after 1  re Cy")
    errs, _ = _errors(text)
    (e,) = errs
    ln = next(i for i, s in enumerate(text.split("\n")) if s.startswith("kontra Al after 1  re Cy"))
    assert (e.code, e.line, e.col) == ("E-SK-KONTRA", ln + 1, 20)
    assert e.message.startswith("'re Cy' has no 'after', so it counts as before the first card (after 0) and comes "
                                "before the Kontra written 'kontra Al after 1'")
    assert e.message.endswith("write 're Cy after 1'")


# -- real27 F5: a trick typed one card a line ---------------------------------------------------------------------

PHONE_HEAD = ('%SHN 1.0\n[Event "Phone Night B"]\n[Date "2026.11.21"]\n'
              '[Seats "Al=Al Jansen; Bea=Bea Roth; Cy=Cy Wolf; Di=Di Marx; Ed=Ed Stein"]\n'
              '[Rules "wi5-called-ace"]\n\nhand 1 dealer Ed\npick Bea call AH\n')
TRICKS_2_6 = ("t2 Bea: QC 8D KD 9D JD\nt3 Bea: 7H KH AH 9H 8H\nt4 Di: QD JS QS JC QH\nt5 Al: TH AD JH 7D KS\n"
              "t6 Cy: AC TS 8S 7S 9S\n")


def test_f5_a_trick_typed_a_card_a_line_is_refused_with_the_line_to_write():
    text = PHONE_HEAD + "t1 Al:\n9C\nTD\n8C\n7C\nTC\n" + TRICKS_2_6  # the tester's perline.shn
    errs, res = _errors(text)
    (e,) = errs
    # 't1 Al:' is line 9, six characters: the end of line is column 7
    assert (e.code, e.line, e.col, e.hand) == ("E-CARD", 9, 7, 1)
    assert e.message == ("found end of line after 't1 Al:' and the trick's cards on the 5 lines below it; a "
                         "statement is one line (docs/notation.md): write the trick's cards on the same line as "
                         "'t1 Al:' ('t1 Al: 9C TD 8C 7C TC')")
    assert (e.found, e.expected) == ("end of line", "t1 Al: 9C TD 8C 7C TC")
    assert res.hands == []


def test_f5_the_line_it_suggests_is_stored_with_the_hand_worked_units():
    # t1 Bea's TD (trump) takes 9C+TD+8C+7C+TC = 0+10+0+0+10 = 20; t2 Bea's QC takes 3+0+4+0+2 = 9; t3 Di's AH
    # (the called ace: Di is the partner) takes 0+4+11+0+0 = 15; t4 Al's QS 13; t5 Cy's JH 27; t6 Cy's AC 21.
    # The two cards never played, KC and AS, are the bury: 4+11 = 15 (B-24). Bea+Di: 20+9+15+15 = 59 < 61, > 30:
    # a plain loss (B-27, B-28), doubled on the bump (B-32): Bea -4, Di -2, Al Cy Ed +2 each (B-33)
    errs, res = _errors(PHONE_HEAD + "t1 Al: 9C TD 8C 7C TC\n" + TRICKS_2_6)
    assert errs == []
    assert res.hands[0].outcome.units == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}


def test_f5_no_cards_below_keeps_the_plain_message():
    # the next line is a statement, not cards: nothing to join, the message is the old one
    (e,), _ = _errors(PHONE_HEAD + "t1 Al:\n" + TRICKS_2_6)
    assert (e.code, e.line, e.col) == ("E-CARD", 9, 7)
    assert e.message == "found end of line after 't1 Al:'; expected the cards played"
    assert e.expected == "a played card"


def test_f5_cards_in_lower_case_two_a_line_are_named_as_written():
    (e,), _ = _errors(PHONE_HEAD + "t1 Al:\n9c td\n8c 7c tc\n" + TRICKS_2_6)
    assert (e.code, e.line, e.col) == ("E-CARD", 9, 7)
    assert "the trick's cards on the 2 lines below it" in e.message
    assert e.expected == "t1 Al: 9c td 8c 7c tc"


@pytest.mark.parametrize("batch", [1, 2])
@pytest.mark.parametrize("block", [1, 7, 4096])
def test_f5_a_streamed_file_says_the_same(tmp_path, batch, block):
    # a large file (or standard input) is read in blocks, the lines below the trick not read yet when it is refused:
    # the refusal is said when the hand ends, the same as for the whole text; hand 2 (the joined line) is stored
    from ingest.shn.reader import read, read_stream

    text = (PHONE_HEAD + "t1 Al:\n9C\nTD\n8C\n7C\nTC\n" + TRICKS_2_6
            + "\nhand 2 dealer Al\npick Bea call AH\nt1 Cy:\n" + TRICKS_2_6 + "\nhand 3 dealer Bea\nt1 Al:\n9C\nTD\n")
    p = tmp_path / "perline.shn"
    p.write_text(text, encoding="utf-8")
    whole = read(text, str(p))
    hands, errors = [], []
    for shn in read_stream(p, batch, block=block):
        hands += shn.hands
        errors += shn.errors
    assert [(h.number, repr(h.errors)) for h in hands] == [(h.number, repr(h.errors)) for h in whole.hands]
    assert errors == whole.errors
    said = [(h.number, e.line, e.col, e.expected) for h in hands for e in h.errors]
    # hand 1: 't1 Al:' line 9, five cards below; hand 2: 't1 Cy:' (line 23) with a trick line below, not cards;
    # hand 3 (the file's end): 't1 Al:' line 31, two cards below
    assert said == [(1, 9, 7, "t1 Al: 9C TD 8C 7C TC"), (2, 23, 7, "a played card"), (3, 31, 7, "t1 Al: 9C TD")]


# -- fixd27's own phone-typed mistakes: each refusal says where, what was found and expected, and what to write ----

NIGHT = PHONE_HEAD.replace("pick Bea call AH\n", "")  # line 8 is the hand's first statement
WON = "pick Bea call AH partner Di pts 72 win\n"
# Bea picks, calls AH, Di holds it; 72 is 61..90: a plain win (B-27, B-28): Bea +2, Di +1, Al Cy Ed -1 (B-33)
WON_UNITS = {"Al": -1, "Bea": 2, "Cy": -1, "Di": 1, "Ed": -1}


def _one(text: str):
    errs, res = _errors(text)
    assert len(errs) == 1, [str(e) for e in errs]
    assert res.hands == []
    return errs[0]


def test_own1_a_seat_with_a_colon_on_a_deal_line():
    e = _one(NIGHT + "deal Al: QS JD 9C 7S TH 8H\n" + WON)
    # 'deal Al:' on line 8, the seat at column 6
    assert (e.code, e.line, e.col, e.found, e.expected) == ("E-SEAT", 8, 6, "Al:", "a seat alias")
    assert e.message.endswith("; write Al without a colon (a colon follows only a trick's leader, as in 't1 Al:')")
    errs, res = _errors(NIGHT + "deal Al QS JD 9C 7S TH 8H\n" + WON)  # as the hint says
    assert errs == [] and res.hands[0].outcome.units == WON_UNITS


def test_own1_a_seat_with_a_colon_on_a_score_line():
    e = _one(NIGHT + WON + "score Al: -1 Bea: +2 Cy: -1 Di: +1 Ed: -1\n")
    assert (e.code, e.line, e.col, e.found) == ("E-SEAT", 9, 7, "Al:")
    assert "; write Al without a colon" in e.message


@pytest.mark.parametrize(("score", "col", "code", "found", "hint"), [
    # 'score Al=-1 ...': the seat read as 'Al=-1' (column 7)
    ("score Al=-1 Bea=+2 Cy=-1 Di=+1 Ed=-1", 7, "E-SEAT", "Al=-1", "; write 'Al -1': a space between them, not '='"),
    # 'score Al = -1 ...': '=' read as Al's units (column 10)
    ("score Al = -1 Bea = +2 Cy = -1 Di = +1 Ed = -1", 10, "E-NUMBER", "=", "; leave out '=': write 'Al -1'"),
    ("score Al : -1 Bea : +2 Cy : -1 Di : +1 Ed : -1", 10, "E-NUMBER", ":", "; leave out ':': write 'Al -1'"),
])
def test_own2_a_score_line_with_equals_between_seat_and_units(score, col, code, found, hint):
    e = _one(NIGHT + WON + score + "\n")
    assert (e.code, e.line, e.col, e.found) == (code, 9, col, found)
    assert e.message.endswith(hint)
    errs, res = _errors(NIGHT + WON + "score Al -1 Bea +2 Cy -1 Di +1 Ed -1\n")  # as the hint says
    assert errs == [] and res.hands[0].outcome.units == WON_UNITS


@pytest.mark.parametrize(("pts", "found", "hint"), [
    ("pts: 72", "pts:", "; write pts without a colon"),             # said before this session
    ("pts=72", "pts=72", "; write 'pts 72': a space between them, not '='"),
])
def test_own3_pts_with_a_colon_or_equals(pts, found, hint):
    line = WON.replace("pts 72", pts)
    e = _one(NIGHT + line)
    # line 8; 'pts' starts at column 29 of 'pick Bea call AH partner Di pts...'
    assert (e.code, e.line, e.col, e.found, e.expected) == ("E-STATEMENT", 8, line.index(pts) + 1, found,
                                                            "a statement keyword")
    assert e.col == 29
    assert e.message.endswith(hint)
