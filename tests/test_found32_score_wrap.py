"""phone32 F5 (session 32, fixg32): a score line wrapped by the phone (`Score Al +2 Bob -4 Cy +2` then a line
`Di -2 Ed +2`) was refused `E-STATEMENT found 'Di' ... if this line is a note, write it after ';'`: following the
hint stored the hand without Di's and Ed's units ever checked.  Now a line of only seat/units pairs right after a
score line, its seats not in the score yet, is read as that score line's end, with a W-PHONE-SLIP; the units are
cross-checked as any score's.

Worked by hand (rules.md): /tmp/phone32/wrap.shn's hand 1, wi5-called-ace, Bob picks, calls A♥, Di partner,
59 card points: < 61 a loss (B-27), not schneidered (B-28); double on the bump is on by default (B-32), so B-33's
losing row with a partner doubled: picker -4, partner -2, each of the 3 defenders +2: Al +2, Bob -4, Cy +2, Di -2,
Ed +2; 2 - 4 + 2 - 2 + 2 = 0 — what the sheet wrote.
"""

from __future__ import annotations

import pytest

from ingest.validate import validate_text

HEAD = ('%SHN 1.0\n[Event "Phone Night Club"]\n[Date "2026.12.06"]\n'
        '[Seats "Al=Al Berg; Bob=Bob Cole; Cy=Cy Dorn; Di=Di Eck; Ed=Ed Fink"]\n[Rules "wi5-called-ace"]\n\n'
        "Hand 1  Dealer Ed\nPick Bob  Call AH  Partner Di  pts 59  Lose\n")
UNITS = {"Al": 2, "Bob": -4, "Cy": 2, "Di": -2, "Ed": 2}


def _read(text: str, strict: bool = False):
    res = validate_text(text, "wrap.shn", strict=strict)
    errs = [e for r in res.rejected for e in r.errors] + [e for e in res.errors if e.severity == "error"]
    warns = [e for e in res.errors if e.severity == "warning"]
    return errs, warns, (res.hands[0].outcome.units if res.hands else None)


@pytest.mark.parametrize("strict", [False, True])
def test_a_wrapped_score_line_is_read_as_its_end(strict):
    errs, warns, units = _read(HEAD + "Score Al +2 Bob -4 Cy +2\nDi -2 Ed +2\n", strict)
    assert errs == [] and units == UNITS and sum(UNITS.values()) == 0
    (w,) = warns
    assert (w.code, w.line, w.col, w.hand) == ("W-PHONE-SLIP", 10, 1, 1)
    assert w.expected == "Score Al +2 Bob -4 Cy +2 Di -2 Ed +2"
    assert "join it to the score line above" in w.message


def test_the_wrapped_units_are_checked():
    # Di +2 in place of -2: the score sums to +4, not 0 (B-35): refused, where shead said to make it a comment
    errs, _warns, units = _read(HEAD + "Score Al +2 Bob -4 Cy +2\nDi +2 Ed +2\n")
    assert units is None and errs and "comment" not in errs[0].message


def test_a_seat_already_scored_is_no_wrap_and_no_comment_advice():
    errs, _warns, units = _read(HEAD + "Score Al +2 Bob -4 Cy +2\nCy +2 Ed +2\n")
    assert units is None and errs
    assert "after ';'" not in errs[0].message
