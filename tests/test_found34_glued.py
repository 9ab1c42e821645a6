"""Session 34 (newuser34) F4: a missing space said where but not what to type.

``pts60`` (E-STATEMENT), ``pts 70win`` (E-NUMBER found '70win'), ``callAS`` ("did you mean 'call'?"),
``pickNed call AC ...`` (advised to make the whole line a ';' note, which would drop the hand's pick): each now says
"write 'X Y'".  ``7 2`` in Log a hand's Card points box said the SHN "expected a statement keyword such as hand,
deal..." to a form user: it now says what the box takes.  The hands stay refused (the meaning is not certain enough
to read: a hint, on the error path only)."""

from __future__ import annotations

import pytest

from ingest.shn.reader import read, read_number

HEAD = """%SHN 1.0
[Seats "Kurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; Ole=Ole Brandt"]

hand 1 dealer Kurt
"""


def _err(line: str):
    shn = read(HEAD + line + "\n", "g.shn")
    errs = [d for h in shn.hands for d in h.errors] + [d for d in shn.errors if d.severity == "error"]
    assert errs, line
    return errs[0]


@pytest.mark.parametrize(("line", "code", "write"), [
    ("pick Lou call AC partner Ned pts60 win", "E-STATEMENT", "write 'pts 60'"),
    ("pick Lou call AC partner Ned pts 70win", "E-NUMBER", "write '70 win'"),
    ("pick Lou callAS partner Ned pts 70 win", "E-STATEMENT", "write 'call AS'"),
    ("pickNed call AC partner Ole pts 80 win", "E-STATEMENT", "write 'pick Ned'"),
    ("pick Lou call AC partnerNed pts 70 win", "E-STATEMENT", "write 'partner Ned'"),
])
def test_glued_words_say_what_to_write(line, code, write):
    d = _err(line)
    assert d.code == code and d.line == 5, d.message
    assert write in d.message, d.message
    assert "did you mean" not in d.message and "write it after ';'" not in d.message, d.message


def test_a_word_that_is_not_glued_keeps_its_hint():
    d = _err("pick Lou call AC partner Ned pts 70 pizza")
    assert d.code == "E-STATEMENT" and "write '" not in d.message.split("found")[1].split(";")[0]


def test_two_numbers_in_the_points_box_are_said_in_the_form_words():
    with pytest.raises(ValueError) as exc:
        read_number("7 2", "pts")
    msg = str(exc.value)
    assert "statement" not in msg and "keyword" not in msg, msg
    assert msg == "'7 2' is two numbers: the box takes one whole number (72, if the space is a slip)"
    assert read_number("72", "pts")[0] == 72
