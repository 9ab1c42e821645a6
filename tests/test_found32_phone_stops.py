"""phone32 F3 (session 32, fixg32): the iOS double-space full stop after every statement of a line
(`Pick Bob.  Call AH.  Partner Di.  Pts 72.  Win.`) took four ingests to fix, one error a run, while `call AH.` in
the same line was read with a W-PHONE-SLIP.  Now every such full stop is read as `call AH.` is: one W-PHONE-SLIP
for the line (not one a word), the hand stored, lenient and strict alike.

Worked by hand (rules.md): wi5-called-ace, Bob picks and calls A♥, Di is the partner, the picker side takes 72 card
points: 72 >= 61 is a win (B-27), 72 <= 90 no schneider, so the plain tier of B-33: picker +2, partner +1, each of
the three defenders -1.  Zero-sum: 2 + 1 - 1 - 1 - 1 = 0.
"""

from __future__ import annotations

import pytest

from ingest.validate import validate_text
from tests.cli_helpers import ingest_json as _ingest, ledger, write

#: /tmp/phone32/phone2.shn's header and hand 1, as the tester's phone wrote it
HEAD = ('%SHN 1.0\n[Event "Phone Night Club"]\n[Date "2026.12.09"]\n'
        '[Seats "Al=Al Berg; Bob=Bob Cole; Cy=Cy Dorn; Di=Di Eck; Ed=Ed Fink"]\n[Rules "wi5-called-ace"]\n\n'
        'Hand 1  Dealer Ed\n')
LINE = "Pick Bob.  Call AH.  Partner Di.  Pts 72.  Win."
UNITS = {"Al": -1, "Bob": 2, "Cy": -1, "Di": 1, "Ed": -1}


def _read(text: str, strict: bool = False):
    res = validate_text(text, "phone.shn", strict=strict)
    errs = [e for r in res.rejected for e in r.errors] + [e for e in res.errors if e.severity == "error"]
    warns = [e for e in res.errors if e.severity == "warning"]
    return errs, warns, (res.hands[0].outcome.units if res.hands else None)


@pytest.mark.parametrize("strict", [False, True])
def test_every_statement_with_a_full_stop_is_read_with_one_warning(strict):
    errs, warns, units = _read(HEAD + LINE + "\n", strict)
    assert errs == []
    assert units == UNITS and sum(units.values()) == 0
    (w,) = warns
    # 'Pick Bob.': 'Bob.' at column 6, the first full stop of line 8
    assert (w.code, w.line, w.col, w.hand) == ("W-PHONE-SLIP", 8, 6, 1)
    assert w.expected == "Pick Bob  Call AH  Partner Di  Pts 72  Win"
    for t in ("'Bob.'", "'AH.'", "'Di.'", "'72.'", "'Win.'"):
        assert t in w.message
    assert "a '.' ends no statement in SHN" in w.message


def test_lower_case_and_score_line_full_stops():
    # 'pick Bob. call AH. partner Di. pts 72. win.' then 'score Al -1. Bob +2. Cy -1. Di +1. Ed -1.': the score
    # agrees with B-33's plain win above; one warning for each line (lines 8 and 9)
    text = (HEAD + "pick Bob. call AH. partner Di. pts 72. win.\n"
            "score Al -1. Bob +2. Cy -1. Di +1. Ed -1.\n")
    errs, warns, units = _read(text)
    assert errs == [] and units == UNITS
    assert [(w.code, w.line) for w in warns] == [("W-PHONE-SLIP", 8), ("W-PHONE-SLIP", 9)]


def test_a_lone_call_full_stop_keeps_its_own_message():
    # only the card has a full stop: the card's own W-PHONE-SLIP, as fixb28 wrote it ('AH.' at column 16 of line 8)
    errs, warns, units = _read(HEAD + "Pick Bob  Call AH.  Partner Di  Pts 72  Win\n")
    assert errs == [] and units == UNITS
    assert [(w.code, w.col, w.expected) for w in warns] == [("W-PHONE-SLIP", 16, "call AH")]


def test_a_word_that_is_nothing_of_shn_is_still_refused():
    errs, _warns, units = _read(HEAD + "Pick Bob. Call AH. Partner Di. Pts 72. Win. pizza.\n")
    assert units is None
    assert [(e.code, e.found) for e in errs] == [("E-STATEMENT", "pizza.")]


def test_ingested_once_stores_the_night(tmp_path):
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "phone2.shn", HEAD + LINE + "\n"), db)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    assert [(w["code"], w["line"], w["col"]) for w in rep["warnings"]] == [("W-PHONE-SLIP", 8, 6)]
    names = {"Al": "Al Berg", "Bob": "Bob Cole", "Cy": "Cy Dorn", "Di": "Di Eck", "Ed": "Ed Fink"}
    assert ledger(db) == {names[s]: u for s, u in UNITS.items()}
