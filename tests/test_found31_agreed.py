"""Session 31, fixd31 (break30 F5, left in session 30): a score line with some entries marked agreed (``^``,
docs/notation.md §7) and an unmarked entry that is off was refused ``E-SCORE`` at the first entry off -- the marked one,
which the table agreed on and which is allowed to differ -- instead of at the unmarked entry that is inconsistent.

The record: five-handed called ace (wi5-called-ace), dealer Al, Cy picks and calls AS, Ed the partner, 72 card points
and a win.  72 is in 61..90: a plain win, tier 1 (rules.md B-28).  Each defender pays 1, the picker takes two shares,
the partner one (B-31): Al -1, Bea -1, Cy +2, Di -1, Ed +1; sum 0 (B-35).

Written: ``score Al ^-2 Bea -1 Cy +3 Di -1 Ed +1`` (sum -2-1+3-1+1 = 0).  Al's -2 is marked agreed: it may differ
(a W-AGREED warning).  Cy's +3 is not marked and the rules give +2: that is the error, at Cy's +3 -- line 9,
column 24 (``score`` 1-5, ``Al`` 7, ``^-2`` 10, ``Bea`` 14, ``-1`` 18, ``Cy`` 21, ``+3`` 24).
"""

from __future__ import annotations

from ingest.validate import validate_text

TEXT = """%SHN 1.0
[Event "Agreed Night"]
[Date "2026.12.07"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1 dealer Al
pick Cy  call AS  partner Ed  pts 72  win
score Al ^-2 Bea -1 Cy +3 Di -1 Ed +1
"""


def _errs(text):
    res = validate_text(text, "a.shn")
    return res, [e for r in res.rejected for e in r.errors if e.severity == "error"]


def test_unmarked_entry_off_is_blamed_not_the_agreed_one():
    res, errs = _errs(TEXT)
    assert not res.hands and len(errs) == 1, errs
    e = errs[0]
    assert e.code == "E-SCORE"
    assert (e.line, e.col) == (9, 24), e
    assert (e.found, e.expected) == ("+3", "+2")
    assert e.message.startswith("Cy +3 is written but the rules give +2"), e.message


def test_both_off_entries_agreed_is_stored_with_the_warning():
    # Al ^-2 and Cy ^+3: every entry off is marked, so the score stands as agreed (W-AGREED), units as written
    res, errs = _errs(TEXT.replace("Cy +3", "Cy ^+3"))
    assert not errs and len(res.hands) == 1
    assert any(w.code == "W-AGREED" for h in res.hands for w in h.diagnostics)
