"""`game S sie` (rules.md G-14: a Sie, all four Obers and all four Unters,
settled without play at four times the solo value — 4 × 50 = 200 from each
opponent at the 10/50 tariff, G-16).  SHN defines no game word for it
(docs/notation.md §14.3) and the Schafkopf tariff no Sie price, so the hand
is refused with an E-GAME that names the Sie as not supported and why,
instead of the bare list of game words; the file's other hands are read."""

from __future__ import annotations

from ingest.validate import validate_text

TEXT = """%SHN 1.0
[Event "Stammtisch Au"]
[Date "2025.10.05"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 1  dealer Di
game Bea Sie
score Al -200 Bea +600 Cy -200 Di -200

hand 2  dealer Al
game Cy wenz  laufende 0  pts 70  win
"""


def test_sie_is_refused_as_not_supported():
    res = validate_text(TEXT, "sie.shn")
    errs = [e for r in res.rejected for e in r.errors] + list(res.errors)
    assert len(errs) == 1
    e = errs[0]
    assert (e.code, e.hand, e.line, e.col, e.found) == ("E-GAME", 1, 9, 10, "Sie")
    assert "a Sie (all four Obers and all four Unters" in e.message and "is not supported" in e.message
    assert "rules.md G-14" in e.message and "docs/notation.md §14.3" in e.message
    # the words of the hand's own game only (real30 F4: the Indiana game's words were offered here too)
    assert e.expected == "one of sauspiel solo wenz geier farbwenz farbgeier bettel"
    # hand 2 is read and settled: Wenz 50 won, no Laufende (rules.md G-14, G-16): Cy +150, each other seat -50
    assert [h.outcome.units for h in res.hands] == [{"Al": -50, "Bea": -50, "Cy": 150, "Di": -50}]


def test_other_unknown_game_keeps_the_plain_message():
    # (a Bettel is a game since real30 F4, rules.md G-16, G-20: a Hochzeit, the other optional contract of G-20, is not)
    res = validate_text(TEXT.replace("game Bea Sie", "game Bea hochzeit SA"), "sie.shn")
    e = [e for r in res.rejected for e in r.errors][0]
    assert e.code == "E-GAME" and "Sie" not in e.message and e.found == "hochzeit"
