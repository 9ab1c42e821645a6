"""Session 27 (fixk27): the 'what to write' hints of fixd27 for every spacing of a score pad's '=' or a ':'
(break27b F7), and a trick's cards typed on the lines below its first card. Each test writes the record a scorer
would write (the tester's msgs.shn, msgs2.shn, msgs3.shn, pl1.shn) and asserts the exact code, line, column and
hint; the line the hint says to write is then read and its units asserted as worked out by hand from rules.md."""

from __future__ import annotations

import pytest

from ingest.validate import validate_text

HEAD = ('%SHN 1.0\n[Event "Msg Test"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
        '[Rules "wi5-called-ace"]\n\nhand 1\n')  # the hand's first statement is line 8

# Al picks, calls AH, Bea holds it; 72 is 61..90: a plain win (rules.md B-27, B-28): Al +2, Bea +1, the three
# defenders -1 each (B-33: the picker takes two shares, the partner one)
WIN = "pick Al call AH partner Bea pts 72 win"
WIN_UNITS = {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}
# Cy alone with 95: 95 >= 91, the defenders below 30: schneider (B-28); alone, Cy takes all four defenders'
# 2 units: Cy +8, Al Bea Di Ed -2 each (B-31, B-33)
ALONE = "pick Cy alone pts 95 win-s"
ALONE_UNITS = {"Al": -2, "Bea": -2, "Cy": 8, "Di": -2, "Ed": -2}


def _errors(text: str):
    res = validate_text(text, "msgs.shn")
    return [e for r in res.rejected for e in r.errors] + list(res.errors), res


def _one(text: str):
    errs, res = _errors(text)
    assert len(errs) == 1, [str(e) for e in errs]
    assert res.hands == []
    return errs[0]


def _stored(text: str) -> dict:
    errs, res = _errors(text)
    assert errs == [], [str(e) for e in errs]
    (h,) = res.hands
    return h.outcome.units


# -- break27b F7: the score line, each spacing of '=' and ':' ---------------------------------------------------

SCORE_OK = "score Al -2 Bea -2 Cy +8 Di -2 Ed -2"


@pytest.mark.parametrize(("score", "col", "code", "found", "hint"), [
    # 'score Al:-2': the seat read as 'Al:-2' at column 7 (E-SEAT, there was no hint)
    ("score Al:-2 Bea:-2 Cy:+8 Di:-2 Ed:-2", 7, "E-SEAT", "Al:-2",
     "; write 'Al -2': a space between them, not ':' (a colon follows only a trick's leader, as in 't1 Al:')"),
    # 'score Al= -2': the seat read as 'Al=' at column 7
    ("score Al= -2 Bea= -2 Cy= +8 Di= -2 Ed= -2", 7, "E-SEAT", "Al=", "; leave out '=': write 'Al -2'"),
    # 'score Al =-2': 'Al' read, '=-2' its units at column 10 (E-NUMBER)
    ("score Al =-2 Bea =-2 Cy =+8 Di =-2 Ed =-2", 10, "E-NUMBER", "=-2", "; leave out '=': write 'Al -2'"),
    ("score Al :-2 Bea :-2 Cy :+8 Di :-2 Ed :-2", 10, "E-NUMBER", ":-2", "; leave out ':': write 'Al -2'"),
    # a tab between entries is a space (msgs2.shn hand 7): still said at Al's entry
    ("score Al=-2\tBea=-2 Cy=+8 Di=-2 Ed=-2", 7, "E-SEAT", "Al=-2", "; write 'Al -2': a space between them, not '='"),
    # fixd27's forms, kept
    ("score Al = -2 Bea -2 Cy +8 Di -2 Ed -2", 10, "E-NUMBER", "=", "; leave out '=': write 'Al -2'"),
    ("score Al : -2 Bea -2 Cy +8 Di -2 Ed -2", 10, "E-NUMBER", ":", "; leave out ':': write 'Al -2'"),
])
def test_f7_score_equals_or_colon_any_spacing(score, col, code, found, hint):
    e = _one(HEAD + ALONE + "\n" + score + "\n")
    assert (e.code, e.line, e.col, e.found, e.hand) == (code, 9, col, found, 1)
    assert e.message.endswith(hint)
    assert _stored(HEAD + ALONE + "\n" + SCORE_OK + "\n") == ALONE_UNITS  # the line the hint writes


def test_f7_a_score_on_the_result_line_glued_with_a_colon():
    # msgs.shn hand 5: 'pts 72 score Al:-1' on one line; 'Al:-1' starts at column 41 of the line
    line = "pick Di call AS partner Ed pts 72 score Al:-1"
    e = _one(HEAD + line + "\n")
    assert (e.code, e.line, e.col, e.found) == ("E-SEAT", 8, 41, "Al:-1") == ("E-SEAT", 8, line.index("Al:") + 1,
                                                                                "Al:-1")
    assert "; write 'Al -1': a space between them, not ':'" in e.message


# -- break27b F7: pts, each spacing of '=' ------------------------------------------------------------------------

@pytest.mark.parametrize(("pts", "code", "found", "hint"), [
    ("pts = 72", "E-NUMBER", "=", "; leave out '=': write 'pts 72'"),         # '=' read as the points
    ("pts =72", "E-NUMBER", "=72", "; leave out '=': write 'pts 72'"),
    ("pts= 72", "E-STATEMENT", "pts=", "; leave out '=': write 'pts 72'"),    # 'pts=' is no keyword
    ("pts=72", "E-STATEMENT", "pts=72", "; write 'pts 72': a space between them, not '='"),  # fixd27's, kept
])
def test_f7_pts_equals_any_spacing(pts, code, found, hint):
    line = WIN.replace("pts 72", pts)
    e = _one(HEAD + line + "\n")
    # 'pick Al call AH partner Bea ' is 28 characters: 'pts' at column 29; the '=' token of 'pts = 72' and
    # 'pts =72' at column 33
    col = 29 if code == "E-STATEMENT" else 33
    assert (e.code, e.line, e.col, e.found) == (code, 8, col, found)
    assert e.message.endswith(hint)
    assert _stored(HEAD + WIN + "\n") == WIN_UNITS


def test_f7_a_value_with_two_equals_gets_no_guess():
    # 'pts =7=2': which '=' is the score pad's is not known: the plain message, no 'write ...' guessed
    e = _one(HEAD + WIN.replace("pts 72", "pts =7=2") + "\n")
    assert (e.code, e.col, e.found) == ("E-NUMBER", 33, "=7=2")
    assert e.message.endswith("or ? when unknown, ^ before it for a result agreed at the table")


# -- break27b F7: a deal line's seat glued to its first card ------------------------------------------------------

def test_f7_deal_seat_glued_to_a_card_with_a_colon():
    e = _one(HEAD + "deal Al:QC QS QH QD JC JS\n" + WIN + "\n")
    assert (e.code, e.line, e.col, e.found, e.expected) == ("E-SEAT", 8, 6, "Al:QC", "a seat alias")
    assert e.message.endswith("; write 'Al QC': a space between them, not ':' (a colon follows only a trick's "
                              "leader, as in 't1 Al:')")
    # as the hint says: Al dealt the six cards (a deal without the others' is allowed), the hand as WIN
    assert _stored(HEAD + "deal Al QC QS QH QD JC JS\n" + WIN + "\n") == WIN_UNITS


def test_f7_deal_seat_with_a_spaced_colon_keeps_fixd27s_hint():
    e = _one(HEAD + "deal Al: QC QS QH QD JC JS\n" + WIN + "\n")
    assert (e.code, e.col, e.found) == ("E-SEAT", 6, "Al:")
    assert e.message.endswith("; write Al without a colon (a colon follows only a trick's leader, as in 't1 Al:')")


# -- break27b F7: 't1 Al: 9C' with the trick's other cards on the lines below ------------------------------------

PHONE_HEAD = ('%SHN 1.0\n[Event "Phone Night B"]\n[Date "2026.11.21"]\n'
              '[Seats "Al=Al Jansen; Bea=Bea Roth; Cy=Cy Wolf; Di=Di Marx; Ed=Ed Stein"]\n'
              '[Rules "wi5-called-ace"]\n\nhand 1 dealer Ed\npick Bea call AH\n')
TRICKS_2_6 = ("t2 Bea: QC 8D KD 9D JD\nt3 Bea: 7H KH AH 9H 8H\nt4 Di: QD JS QS JC QH\nt5 Al: TH AD JH 7D KS\n"
              "t6 Cy: AC TS 8S 7S 9S\n")
PL1 = PHONE_HEAD + "t1 Al: 9C\nTD\n8C\n7C\nTC\n" + TRICKS_2_6  # the tester's pl1.shn


def test_f7_a_trick_with_its_first_card_and_the_rest_below():
    e = _one(PL1)
    # 't1 Al: 9C' is line 9; line 10 'TD' is refused at its column 1, as before, now saying where it belongs
    assert (e.code, e.line, e.col, e.found, e.hand) == ("E-STATEMENT", 10, 1, "TD", 1)
    assert e.message.endswith("; the cards on this line belong to 't1 Al:' on line 9, and a statement is one line "
                              "(docs/notation.md): write them (and any cards below) on that line ('t1 Al: 9C TD ...')")
    # as the hint says (test_found27_messages's worked hand): t1 Bea's TD takes 20, t2 9, t3 Di's AH 15, the bury
    # KC+AS 15: Bea+Di 59, a plain loss doubled on the bump (B-27, B-28, B-32, B-33)
    assert _stored(PHONE_HEAD + "t1 Al: 9C TD 8C 7C TC\n" + TRICKS_2_6) == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2,
                                                                           "Ed": 2}


def test_f7_two_cards_on_the_trick_line_and_two_a_line_below():
    e = _one(PHONE_HEAD + "t1 Al: 9C TD\n8C 7C\nTC\n" + TRICKS_2_6)
    assert (e.code, e.line, e.col, e.found) == ("E-STATEMENT", 10, 1, "8C")
    assert e.message.endswith("write them (and any cards below) on that line ('t1 Al: 9C TD 8C 7C ...')")


def test_f7_cards_below_a_line_that_is_no_trick_keep_the_plain_message():
    # 'pick Bea call AH' above a line of cards: nothing to join it to
    e = _one(PHONE_HEAD + "TD 8C\n" + TRICKS_2_6)
    assert (e.code, e.line, e.col) == ("E-STATEMENT", 9, 1)
    # the message as before this session (its note hint: a line of two words may be a scorer's note)
    assert e.message == ("found the card 'TD' where a statement was expected; expected a statement keyword such as "
                         "hand, deal, pick, t1, score; if this line is a note, write it after ';' (; TD 8C) or in "
                         "braces ({TD 8C}): a line of text inside hand 1 makes that hand unreadable")


@pytest.mark.parametrize("batch", [1, 2])
@pytest.mark.parametrize("block", [1, 7, 4096])
def test_f7_a_streamed_file_says_the_same(tmp_path, batch, block):
    from ingest.shn.reader import read, read_stream

    text = PL1 + "\nhand 2 dealer Al\npick Bea call AH\nt1 Cy: AC\nTS\n"
    p = tmp_path / "pl1.shn"
    p.write_text(text, encoding="utf-8")
    whole = read(text, str(p))
    hands, errors = [], []
    for shn in read_stream(p, batch, block=block):
        hands += shn.hands
        errors += shn.errors
    assert [(h.number, repr(h.errors)) for h in hands] == [(h.number, repr(h.errors)) for h in whole.hands]
    assert errors == whole.errors
    # hand 1: line 10 below 't1 Al: 9C' (line 9); lines 14-18 t2-t6, 19 blank, hand 2 on line 20: 't1 Cy: AC' line 22,
    # 'TS' line 23
    said = [(h.number, e.line, e.col, e.message.rsplit("(", 1)[-1]) for h in hands for e in h.errors]
    assert said == [(1, 10, 1, "'t1 Al: 9C TD ...')"), (2, 23, 1, "'t1 Cy: AC TS ...')")]


# -- fixk27's own phone-typed mistakes ----------------------------------------------------------------------------

T1 = "t1 Al: 9C TD 8C 7C TC\n"
# the trick-by-trick hand of test_found27_messages (the tester's perline.shn, joined): Bea+Di 59, a plain loss
# doubled on the bump (rules.md B-27, B-28, B-32, B-33)
TRICK_UNITS = {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}


@pytest.mark.parametrize(("t1", "code", "col", "found", "hint"), [
    # own 1a: the colon after the trick's number ('t1:' is no statement, refused at column 1)
    ("t1: Al 9C TD 8C 7C TC", "E-STATEMENT", 1, "t1:",
     "; the colon follows the trick's leader, not its number: write 't1 Al: 9C TD 8C 7C TC'"),
    # own 1b: no colon at all; the example is now the line as written, mended (was the fixed 'e.g. ...')
    ("t1 Al 9C TD 8C 7C TC", "E-TRICK", 4, "Al", "; expected the leader followed by ':' (write 't1 Al: 9C TD 8C 7C TC')"),
    # own 1c: the first card glued to the colon
    ("t1 Al:9C TD 8C 7C TC", "E-TRICK", 4, "Al:9C",
     "; expected the leader followed by ':' (write 't1 Al: 9C TD 8C 7C TC': a space after the colon)"),
    # a card where the leader goes: no seat to suggest, the plain example as before
    ("t1 TD 8C 7C TC 9C", "E-TRICK", 4, "TD", "; expected the leader followed by ':' (e.g. 't1 Al: 9C TD 8C 7C TC')"),
])
def test_own1_the_tricks_colon_misplaced(t1, code, col, found, hint):
    e = _one(PHONE_HEAD + t1 + "\n" + TRICKS_2_6)
    assert (e.code, e.line, e.col, e.found, e.hand) == (code, 9, col, found, 1)
    assert e.message.endswith(hint)
    assert _stored(PHONE_HEAD + T1 + TRICKS_2_6) == TRICK_UNITS  # the line the hint writes


@pytest.mark.parametrize(("line", "col", "found"), [
    # own 2: a phone's full stop (two spaces typed make '. ' on many phones) after a word, a number, a seat; refused
    # with a hint until session 32, now read with one W-PHONE-SLIP (phone32 F3, tests/test_found32_phone_stops.py)
    (WIN + ".", 36, "win."),
    (WIN.replace("72", "72."), 33, "72."),
    (WIN.replace("Bea", "Bea."), 25, "Bea."),
])
def test_own2_a_phones_full_stop(line, col, found):
    # 'pick Al call AH partner Bea pts 72 win': 'Bea' at column 25, '72' at 33, 'win' at 36
    errs, res = _errors(HEAD + line + "\n")
    (w,) = errs
    assert (w.code, w.severity, w.line, w.col, w.found, w.expected) == ("W-PHONE-SLIP", "warning", 8, col, found, WIN)
    assert res.hands[0].outcome.units == WIN_UNITS


def test_own2_a_full_stop_after_the_last_units_of_a_score():
    # 'score Al -2 Bea -2 Cy +8 Di -2 Ed -2.': Ed's units '-2.' at column 35, read as -2 with a warning
    errs, res = _errors(HEAD + ALONE + "\n" + SCORE_OK + ".\n")
    assert [(e.code, e.line, e.col, e.found) for e in errs] == [("W-PHONE-SLIP", 9, 35, "-2.")]
    assert res.hands[0].outcome.units == ALONE_UNITS


def test_own2_a_word_with_a_full_stop_that_is_nothing_of_shn_gets_no_guess():
    # 'pizza.' is no keyword, number or seat: nothing to suggest (the note hint of a line of text, as before)
    e = _one(HEAD + WIN + " pizza.\n")
    assert (e.code, e.col, e.found) == ("E-STATEMENT", 40, "pizza.")
    assert "full stop" not in e.message


@pytest.mark.parametrize(("score", "found", "hint"), [
    # own 3: a seat glued to its signed units (no space before the sign), plain '-' and a phone's en dash
    ("score Al-2 Bea-2 Cy+8 Di-2 Ed-2", "Al-2", "; write 'Al -2': a space between the seat and its units"),
    ("score Al\u20132 Bea\u20132 Cy+8 Di\u20132 Ed\u20132", "Al\u20132",
     "; write 'Al \u20132': a space between the seat and its units"),
])
def test_own3_a_seat_glued_to_its_units(score, found, hint):
    e = _one(HEAD + ALONE + "\n" + score + "\n")
    # 'score ' is 6 characters: Al's entry at column 7
    assert (e.code, e.line, e.col, e.found) == ("E-SEAT", 9, 7, found)
    assert e.message.endswith(hint)
    assert _stored(HEAD + ALONE + "\n" + SCORE_OK + "\n") == ALONE_UNITS
    # the en dash as the hint writes it is a minus (docs/notation.md: "Score units may carry a sign ... an en dash")
    assert _stored(HEAD + ALONE + "\n" + score.replace("Al\u20132", "Al \u20132").replace("Al-2", "Al -2")
                   .replace("Bea", "Bea ").replace("Cy", "Cy ").replace("Di", "Di ").replace("Ed", "Ed ")
                   + "\n") == ALONE_UNITS
