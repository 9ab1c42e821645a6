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
