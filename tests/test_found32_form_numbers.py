"""phone32 F2 (session 32, fixg32): the Log a hand form's score boxes refused an en dash (`–1`) and an em dash
(`—1`) that SHN reads as minus (notation.md §2.3), and the points box refused `72.` and `72/48`, which SHN reads
(W-PHONE-SLIP).  Now the form's number boxes read a number through the SHN reader itself
(ingest.shn.reader.read_number), so they read what SHN reads and refuse what it refuses, in its words.

Worked by hand (rules.md): the example session's hand 19 (wi5-called-ace; the example's doubleOnBump only doubles
a loss): Bea picks, calls A♥, Ed is the partner, 72 card points: >= 61 a win (B-27), <= 90 no schneider: B-33's
plain tier: Bea +2, Ed +1, Al Cy Di -1 each; 2 + 1 - 3 = 0.  `72/48`: 72 + 48 = 120 (A-6), the first the picker
side's: 72.  `72/40` sums to 112: not certain, refused.
"""

from __future__ import annotations

import pytest

from ingest.shn.reader import read_number
from tests.test_dashboard_replay import (SESSION, example_db, fill, hand_count, ok, page, press,  # noqa: F401
                                         stored_units, texts)

UNITS = {"Al": -1, "Bea": 2, "Cy": -1, "Di": -1, "Ed": 1}


@pytest.mark.parametrize(("typed", "kw", "value"), [
    ("\u20131", "score", -1), ("\u20141", "score", -1), ("\u22121", "score", -1), ("-1", "score", -1),
    ("+2", "score", 2), ("1", "score", 1), (" 2 ", "score", 2), ("-1.", "score", -1),
    ("72", "pts", 72), ("72.", "pts", 72), ("72/48", "pts", 72), ("72 / 48", "pts", 72), ("4", "tricks", 4),
    ("", "pts", None), ("  ", "score", None),
])
def test_read_number_reads_what_shn_reads(typed, kw, value):
    assert read_number(typed, kw)[0] == value


@pytest.mark.parametrize(("typed", "kw", "said"), [
    ("72/40", "pts", "72 + 40 = 112"), ("seventy", "pts", "seventy"), ("1.5", "score", "1.5"),
    ("72 win", "pts", "72 win"), ("121", "pts", "121"), ("-4", "pts", "-4"), ("2;", "score", "2;"),
])
def test_read_number_refuses_what_shn_refuses(typed, kw, said):
    with pytest.raises(ValueError) as exc:
        read_number(typed, kw)
    assert said in str(exc.value)


def test_the_form_reads_dashes_and_a_phones_points(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ace", suit="H", partner="Ed", outcome="win")
    at.text_input(key="lh_pts").set_value("72/48")
    for i, u in enumerate(("\u20131", "+2", "\u20141", "\u22121", "1")):  # Al en dash, Cy em dash, Di U+2212
        at.text_input(key=f"lh_score_{i}").set_value(u)
    press(at, "Check score")
    assert not [e.value for e in at.error], [e.value for e in at.error]
    assert "**Al** -1 · **Bea** +2 · **Cy** -1 · **Di** -1 · **Ed** +1 — win" in texts(at)
    press(at, "Save hand")
    assert hand_count(db) == 6 and stored_units(db, SESSION, 19) == UNITS and sum(UNITS.values()) == 0


def test_the_form_reads_points_with_a_full_stop_and_refuses_an_uncertain_pair(example_db):  # noqa: F811
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ace", suit="H", partner="Ed", outcome="win")
    at.text_input(key="lh_pts").set_value("72.")
    press(at, "Check score")
    assert not [e.value for e in at.error], [e.value for e in at.error]
    assert "**Al** -1 · **Bea** +2 · **Cy** -1 · **Di** -1 · **Ed** +1 — win" in texts(at)
    at.text_input(key="lh_pts").set_value("72/40")
    press(at, "Check score")
    assert any("72 + 40 = 112" in e.value for e in at.error), [e.value for e in at.error]
