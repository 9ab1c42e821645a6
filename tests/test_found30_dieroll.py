"""break30 F1 (house30 X_dieroll.shn, Y_dieroll.csv): in ``wi7-die-roll`` a hand with the partner written but no
``roll`` was refused E-ROLL "the die roll ... is not written", though the written partner fixes the roll.

The rule (docs/profiles.md "Seven-handed", rules.md F-1's seven-handed row "die roll"): after the bury the table
rolls a die; the seat N places to the picker's left (clockwise) is the partner; six other seats, six faces, so every
face names exactly one seat and every other seat is named by exactly one face: the written partner gives the one
roll (partner - picker) mod 7.  Stored with provenance roll = 'derived'.

Settlement, rules.md F-4 (2v5: D = 5 defenders, P = 1 partner), B-28 tier 1 for 61..90 (70 and 83 are wins):
each defender -1, the partner +1, the picker (D - P) x 1 = +4; sum 4 + 1 - 5 = 0.
"""

from __future__ import annotations

from ingest.validate import validate_text
from tests.cli_helpers import ingest_json, ledger, write

SEATS7 = '[Seats "Ada; Ben; Cid; Dan; Eli; Fay; Gil"]\n[Rules "wi7-die-roll"]\n\n'

#: dealer Gil; Ada picks, partner Cid: Cid is 2 seats left of Ada (Ben 1, Cid 2) -> roll 2.
#: 70 win: Ada +4, Cid +1, Ben Dan Eli Fay Gil -1.
SHEET = "%SHN 1.0\n" + SEATS7 + "hand 1  dealer Gil\npick Ada  partner Cid  pts 70  win\n"
SHEET_UNITS = {"Ada": 4, "Ben": -1, "Cid": 1, "Dan": -1, "Eli": -1, "Fay": -1, "Gil": -1}

#: Fay picks, partner Ben: from Fay, Gil 1, Ada 2, Ben 3 -> roll 3 (around the table).  70 win: Fay +4 Ben +1.
SHEET_WRAP = "%SHN 1.0\n" + SEATS7 + "hand 1  dealer Gil\npick Fay  partner Ben  pts 70  win\n"

CSV = ("date,hand,dealer,picker,partner,points,Ada,Ben,Cid,Dan,Eli,Fay,Gil\n"
       "2026-03-08,1,Gil,Ada,Cid,70,4,-1,1,-1,-1,-1,-1\n")

#: tests/fixtures/house18b/wi7-die-roll.shn hand 1 with its "roll 1" left out: Bea picks, the written partner Cy is
#: 1 seat to Bea's left -> roll 1; Bea's side 83 in 3 tricks, a win: Bea +4, Cy +1, the five others -1.
CARDLOG = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed; Flo; Gus"]
[Rules "wi7-die-roll"]

hand 1  dealer Gus
deal Al  QH KD 9C 9S
deal Bea QC QS AD TD
deal Cy  QD 9D AC 8H
deal Di  JC TC AS 7H
deal Ed  JS KC TS 9H
deal Flo JH KS AH TH
deal Gus JD 8D 7D KH
blind 7C 8C 7S 8S
pick Bea
bury 7C 8C 7S 8S
t1 Al:  9C TD AC TC KC JH 7D
t2 Flo: KS 8D 9S QS 9D AS TS
t3 Bea: AD QD JC JS TH JD KD
t4 Cy:  8H 7H 9H AH KH QH QC
partner Cy  pts 83  tricks 3  win
score Al -1 Bea +4 Cy +1 Di -1 Ed -1 Flo -1 Gus -1
"""


def _one(text: str):
    res = validate_text(text, "x.shn")
    errs = [str(e) for r in res.rejected for e in r.errors] + [str(e) for e in res.errors]
    assert errs == [], errs
    (h,) = res.hands
    return h.outcome


def _units(o, names):
    return {n: o.units[n] for n in names}


def test_sheet_partner_fixes_the_roll():
    o = _one(SHEET)
    assert _units(o, ["Ada", "Ben", "Cid", "Dan", "Eli", "Fay", "Gil"]) == SHEET_UNITS
    assert sum(o.units.values()) == 0
    assert o.provenance["roll"] == "derived" and o.provenance["partner"] == "asserted"


def test_sheet_partner_around_the_table():
    o = _one(SHEET_WRAP)
    assert _units(o, ["Ada", "Ben", "Cid", "Dan", "Eli", "Fay", "Gil"]) == {
        "Ada": -1, "Ben": 1, "Cid": -1, "Dan": -1, "Eli": -1, "Fay": 4, "Gil": -1}
    assert o.provenance["roll"] == "derived"


def test_sheet_without_partner_or_roll_still_refused():
    res = validate_text("%SHN 1.0\n" + SEATS7 + "hand 1  dealer Gil\npick Ada  pts 70  win\n", "x.shn")
    codes = [e.code for r in res.rejected for e in r.errors]
    assert codes == ["E-ROLL"], codes


def test_csv_partner_fixes_the_roll(tmp_path):
    db = tmp_path / "y.duckdb"
    rep = ingest_json(write(tmp_path, "y.csv", CSV), db, "--rules", "wi7-die-roll")
    assert rep["ingested"] == 1 and not rep["rejected"], rep
    assert ledger(db) == SHEET_UNITS


def test_card_log_partner_fixes_the_roll():
    o = _one(CARDLOG)
    assert _units(o, ["Al", "Bea", "Cy", "Di", "Ed", "Flo", "Gus"]) == {
        "Al": -1, "Bea": 4, "Cy": 1, "Di": -1, "Ed": -1, "Flo": -1, "Gus": -1}
    assert o.provenance["roll"] == "derived"
