"""Laufende below the house minimum (rules.md G-13): a scorer who writes the
run he saw — `laufende 2 with` in a Sauspiel, where runners count from 3 —
is read, and the run pays nothing.  It was refused with E-SK-LAUFENDE.

Amounts by hand at the BSV 10/50 tariff (`schafkopf-bsv`, rules.md G-16):
Sauspiel 10, Wenz 50, 10 per counted Laufender, Kontra ×2 (G-18); a
Sauspiel pays each seat ±value (G-15), a single game the declarer ±3×value.
"""

from __future__ import annotations

from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Event "Stammtisch Au"]
[Date "2025.10.05"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "schafkopf-bsv"]
[Cards "de"]

"""

#: The worked example's hand 1 (docs/notation.md §14.6) with Bea's Herz-Ober and Di's Schellen-Ober swapped:
#: the Eichel-Ober and Gras-Ober are Cy's (declaring party), the Herz-Ober Di's, so the run is 2 "with".
#: Tricks: Cy 21 (G7 SZ GA G8), Al 17 (SA S8 EU SK), Cy 26 (HZ HA EO HU), Cy 7 (GO GU H8 SU), Di 20 (GZ 10 +
#: HO 3 + GK 4 + SO 3: the Herz-Ober beats the Schellen-Ober), Bea 21 (EZ 10 + E9 + EA 11 + G9), Al 4 (E7 S7 E8
#: EK), Al 4 (HK S9 H9 H7).  Declaring party Bea + Cy: 21 + 26 + 7 + 21 = 75 Augen in 4 tricks (opponents
#: 17 + 20 + 4 + 4 = 45; 75 + 45 = 120): a win without schneider (G-12).
CARDS = HEAD + """hand 1  dealer Di
deal Al  EK EU E9 GK G7 HZ HK H8
deal Bea EA E7 HA SO SZ SK SU S9
deal Cy  EO GA GZ GO G9 H9 SA S7
deal Di  EZ E8 GU G8 HU H7 HO S8
game Bea sauspiel SA
kontra Al after 1
t1 Al:  G7 SZ GA G8
t2 Cy:  SA S8 EU SK
t3 Al:  HZ HA EO HU
t4 Cy:  GO GU H8 SU
t5 Cy:  GZ HO GK SO
t6 Di:  EZ E9 EA G9
t7 Bea: E7 S7 E8 EK
t8 Al:  HK S9 H9 H7
partner Cy  LAUF  pts 75  tricks 4  win
"""


def _result(text: str):
    res = validate_text(text, "below.shn")
    errs = [e for r in res.rejected for e in r.errors] + list(res.errors)
    return res, errs


def _one(text: str):
    res, errs = _result(text)
    assert errs == [] and len(res.hands) == 1, [str(e) for e in errs]
    return res.hands[0]


def _error(text: str):
    res, errs = _result(text)
    assert len(errs) == 1 and not res.hands, [str(e) for e in errs]
    return errs[0]


def test_sheet_sauspiel_run_of_two_pays_nothing():
    # rules.md G-13: a Sauspiel counts Laufende from 3, so the run of 2 adds 0; value = Sauspiel 10 (G-14, G-16);
    # won (75 Augen, G-12): each loser pays one winner 10 (G-15): Al -10, Bea +10, Cy +10, Di -10
    h = _one(HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA  partner Cy  laufende 2 with  pts 75  tricks 4  win\n")
    o = h.outcome
    assert o.units == {"Al": -10, "Bea": 10, "Cy": 10, "Di": -10}
    assert (o.outcome, o.laufende, o.provenance["laufende"]) == ("win", 0, "asserted")
    assert h.diagnostics == []
    # the written score of the same hand is verified
    o = _one(HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA  partner Cy  laufende 2 with  pts 75  tricks 4  win\n"
             "score Al -10 Bea +10 Cy +10 Di -10\n").outcome
    assert o.provenance["units"] == "verified"


def test_sheet_score_paying_the_short_run_is_refused():
    # paying the 2 runners (10 + 2 × 10 = 30) is not the rules' price: 10 (G-13 minimum 3)
    e = _error(HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA  partner Cy  laufende 2 with  pts 75  win\n"
               "score Al -30 Bea +30 Cy +30 Di -30\n")
    assert (e.code, e.found, e.expected) == ("E-SCORE", "-30", "-10")


def test_sheet_wenz_run_of_one_pays_nothing():
    # a Wenz counts from 2 (G-13): a run of 1 "without" adds 0; Wenz 50 (G-16), won with 70 Augen (G-12):
    # the declarer takes 50 from each opponent (G-15): Bea +150, Al/Cy/Di -50
    o = _one(HEAD + "hand 1  dealer Di\ngame Bea wenz  laufende 1 without  pts 70  win\n").outcome
    assert o.units == {"Al": -50, "Bea": 150, "Cy": -50, "Di": -50}
    assert o.laufende == 0


def test_sheet_short_run_with_still_holds_the_top_trump():
    # `laufende 2 with`: the declaring party holds the Eichel-Ober, which takes the trick it falls in, so the
    # party cannot lose schwarz (G-12, G-13): lose-z is refused at the laufende
    e = _error(HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA  partner Cy  laufende 2 with  lose-z\n")
    assert e.code == "E-SK-LAUFENDE" and (e.line, e.col) == (9, 35)


def test_cards_run_of_two_written_is_verified_and_pays_nothing():
    # value Sauspiel 10, no counted Laufende (run 2 < 3, G-13); Kontra ×2 (G-18) = 20 a seat (G-15)
    h = _one(CARDS.replace("LAUF", "laufende 2 with") + "score Al -20 Bea +20 Cy +20 Di -20\n")
    o = h.outcome
    assert o.units == {"Al": -20, "Bea": 20, "Cy": 20, "Di": -20}
    assert (o.laufende, o.laufende_with, o.provenance["laufende"], o.provenance["units"]) == (0, True, "verified",
                                                                                            "verified")
    assert h.diagnostics == []
    # `laufende 0` (nothing counted) reads the same price
    assert _one(CARDS.replace("LAUF", "laufende 0")).outcome.units == o.units


def test_cards_wrong_short_run_is_refused():
    e = _error(CARDS.replace("LAUF", "laufende 1 with"))
    assert (e.code, e.found, e.expected) == ("E-SK-LAUFENDE", "1 with", "0 or 2 with")
    assert (e.line, e.col) == (23, 13)
    e = _error(CARDS.replace("LAUF", "laufende 2 without"))
    assert (e.code, e.found) == ("E-SK-LAUFENDE", "2 without")


def test_cards_agreed_short_run_pays_nothing():
    # `laufende ^2 without` agreed at the table: a warning, and a run of 2 still counts nothing in a Sauspiel
    # (G-13): the price stays 10 × Kontra 2 = 20 a seat
    h = _one(CARDS.replace("LAUF", "laufende ^2 without"))
    assert h.outcome.units == {"Al": -20, "Bea": 20, "Cy": 20, "Di": -20}
    assert h.outcome.laufende == 0
    assert [d.code for d in h.diagnostics] == ["W-AGREED"]
