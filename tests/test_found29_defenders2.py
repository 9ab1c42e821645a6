"""A score sheet's Defenders names column, as break29b found it (fixh29, session 29): each record written as a
user would write it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md).

Units used below: B-28 tiers (61..90 a plain win, 31..60 a plain loss), B-32 double on the bump (on in every
profile used here, rules.md J), F-4 (D defenders, P partners: each defender one share, each partner one, the
picker D - P shares; wi6-jd-ace 2 against 4: the picker 3, the partner 1, each defender 1).
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

SIX = "Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed,Fay\n"

# -- F4: wi6-jd-ace, the partner written and four defenders named: 2 against 4 -----------------------------------


def test_jd_ace_partner_and_four_defenders_is_two_against_four(tmp_path):
    """wi6-jd-ace (F-1: 2 against 4 when one player holds both partner cards).
    h1 Bea, Partner blank, AS 70, 'Al Di Ed Fay': refused at the Defenders cell 2:7, as before, saying to write the
    partner in the Partner cell.
    h2 the row it advises: Bea/Cy AS 70, 'Al Di Ed Fay' leave nobody beside Cy: 2v4, D = 4, P = 1, a plain win
    (tier 1): Bea (4-1) = +3, Cy +1, Al/Di/Ed/Fay -1 (sum 0).  Was: E-RESULT-UNKNOWN "the second partner is unknown".
    h3 Di/Ed AH 40, 'Al Bea Cy Fay': 2v4 plain loss with DOB (x2): Di -3x2 = -6, Ed -2, Al/Bea/Cy/Fay +2.
    h4 Al/Bea AC 70, 'Cy Di Ed' leave Fay: 3v3 (D = 3, P = 2): Al +1, Bea +1, Fay +1, Cy/Di/Ed -1.
    Night: Al -1+2+1 = +2, Bea 3+2+1 = +6, Cy 1+2-1 = +2, Di -1-6-1 = -8, Ed -1-2-1 = -4, Fay -1+2+1 = +2."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "jd.csv", SIX + """2026-12-14,1,Bea,,AS,70,Al Di Ed Fay,,,,,,
2026-12-14,2,Bea,Cy,AS,70,Al Di Ed Fay,,,,,,
2026-12-14,3,Di,Ed,AH,40,"Al, Bea, Cy, Fay",,,,,,
2026-12-14,4,Al,Bea,AC,70,Cy Di Ed,,,,,,
"""), db, "--rules", "wi6-jd-ace")
    assert (rep["ingested"], _where(rep)) == (3, [(2, 7, "E-CSV-DEFENDERS", 1)])
    assert "write the partner in the Partner cell" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 2, "Bea": 6, "Cy": 2, "Di": -8, "Ed": -4, "Fay": 2}


def test_jd_ace_partner_and_four_defenders_agree_with_units(tmp_path):
    """The same 2v4 row with the units written (Al -1, Bea +3, Cy +1, Di/Ed/Fay -1: worked as above): stored, the
    units agreeing; with the units of a 3v3 (Bea +1, Cy +1, Di +1) beside names that leave Di a defender, refused
    E-SCORE (the names say 2v4: Bea +3 is what the rules give)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "jd.csv", SIX + """2026-12-14,1,Bea,Cy,AS,70,Al Di Ed Fay,-1,3,1,-1,-1,-1
2026-12-14,2,Bea,Cy,AS,70,Al Di Ed Fay,-1,1,1,1,-1,-1
"""), db, "--rules", "wi6-jd-ace")
    assert rep["ingested"] == 1
    assert [(e["line"], e["code"]) for e in rep["rejected"]] == [(3, "E-SCORE")]
    assert ledger(db) == {"Al": -1, "Bea": 3, "Cy": 1, "Di": -1, "Ed": -1, "Fay": -1}


SHN = """%SHN 1.0
[Event "Six"]
[Date "2026.12.14"]
[Seats "Al=Al; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed; Fay=Fay"]
[Rules "RULES"]

"""


def test_shn_partner_written_twice_is_the_one_partner(tmp_path):
    """SHN ``partner S S`` (notation.md): S the only partner, 2 against 4 (rules.md F-1, F-4).
    h1 Bea AS, partner Cy Cy, pts 70: Bea +3, Cy +1, the four -1.
    h2 Bea AS, partner Cy Cy, pts 50: a loss with DOB: Bea -6, Cy -2, the four +2.
    h3 Bea AS, partner Cy, pts 50, no score: the second partner unknown, refused E-RESULT-UNKNOWN (11:1) and the
    message says how to write the one partner.
    Ledger: Al +1, Bea -3, Cy -1, Di/Ed/Fay +1."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "six.shn", SHN.replace("RULES", "wi6-jd-ace") + """hand 1
pick Bea  call AS  partner Cy Cy  pts 70  win
hand 2
pick Bea  call AS  partner Cy Cy  pts 50
hand 3
pick Bea  call AS  partner Cy  pts 50
"""), db)
    assert (rep["ingested"], _where(rep)) == (2, [(11, 1, "E-RESULT-UNKNOWN", 3)])
    msg = rep["rejected"][0]["message"]
    assert "if Cy was the only partner (2 against 4, rules.md F-1), write partner Cy Cy" in msg, msg
    assert ledger(db) == {"Al": 1, "Bea": -3, "Cy": -1, "Di": 1, "Ed": 1, "Fay": 1}


def test_shn_partner_written_twice_in_a_one_partner_game_is_refused(tmp_path):
    """wi5-called-ace has one partner at most: ``partner Bea Bea`` refused E-PARTNER (line 8)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "five.shn", SHN.replace("RULES", "wi5-called-ace").replace(
        "; Fay=Fay", "") + """hand 1
pick Al  call AH  partner Bea Bea  pts 70  win
"""), db)
    assert [(e["line"], e["code"]) for e in rep["rejected"]] == [(8, "E-PARTNER")]


# -- F5: a names column headed Defense / Defence beside a Def Pts column -------------------------------------------

@pytest.mark.parametrize("word", ["Defense", "Defence"])
@pytest.mark.parametrize("order", ["points first", "names first"])
def test_defense_names_beside_def_pts_are_read(tmp_path, word, order):
    """wi5-called-ace.  h1 Al AH, Def Pts 50 (Al's side 120-50 = 70, A-6: a plain win), names 'Cy Di Ed' leave Bea:
    Al +2, Bea +1, Cy/Di/Ed -1.  h2 Bea AS, Def Pts 75 (45: a plain loss, DOB x2), 'Al Di Ed' leave Cy: Bea -4,
    Cy -2, Al/Di/Ed +2.  h3 Di AC, Def Pts 40, 'Al Bea Cy Ed' (every other seat beside a call): refused at its
    names cell, the advice naming players only (was: 'Def Pts' listed as a defender).
    Night: Al 2+2 = +4, Bea 1-4 = -3, Cy -1-2 = -3, Di -1+2 = +1, Ed -1+2 = +1.
    Was: E-SEATS on every row, the names or Def Pts column read as a sixth player."""
    cols = [("Def Pts", "50", "75", "40"), (word, "Cy Di Ed", "Al Di Ed", "Al Bea Cy Ed")]
    if order == "names first":
        cols.reverse()
    (h1, a1, a2, a3), (h2, b1, b2, b3) = cols
    names_col = 7 if order == "points first" else 6
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "both.csv", f"""Date,Hand,Picker,Partner,Call,{h1},{h2},Al,Bea,Cy,Di,Ed
2026-12-10,1,Al,,AH,{a1},{b1},,,,,
2026-12-10,2,Bea,,AS,{a2},{b2},,,,,
2026-12-10,3,Di,,AC,{a3},{b3},,,,,
"""), db)
    assert (rep["ingested"], _where(rep)) == (2, [(4, names_col, "E-CSV-DEFENDERS", 3)])
    msg = rep["rejected"][0]["message"]
    assert f"the {word!r} cell 'Al Bea Cy Ed' names every other seat (Al, Bea, Cy, Ed)" in msg, msg
    assert "Def Pts" not in msg
    assert ledger(db) == {"Al": 4, "Bea": -3, "Cy": -3, "Di": 1, "Ed": 1}


def test_defence_names_beside_def_pts_with_units(tmp_path):
    """'Def Pts', 'Defence' and the units written (Al +2, Bea +1, Cy/Di/Ed -1, worked as h1 above): stored, the
    names, points and units agreeing (was: E-CSV-UNITS "Defence's units 'Cy Di Ed' are not a whole number")."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "u.csv", """Date,Hand,Picker,Partner,Call,Def Pts,Defence,Al,Bea,Cy,Di,Ed
2026-12-10,1,Al,,AH,50,Cy Di Ed,2,1,-1,-1,-1
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [])
    assert ledger(db) == {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}


# -- F6: wi6-sit-out without a Dealer column: the dealer is what is missing ----------------------------------------

def test_sit_out_names_without_a_dealer_say_the_dealer_is_unknown(tmp_path):
    """wi6-sit-out (F-1: the dealer sits out, five play), no Dealer column.
    h1 Al AH 70 'Cy Di Ed', no units: the names leave Bea and Fay, one the partner, one the dealer who sat out:
    refused E-DEALER at the Defenders cell (2:7), saying the dealer is not known (was: E-CSV-DEFENDERS advising
    "4 of Bea, Cy, Di, Ed, Fay", the seat that sits out counted as a defender).
    h2 the same with the units written, Fay 0 (she dealt): a plain win with a partner (B-33): Al +2, Bea +1,
    Cy/Di/Ed -1, Fay 0.
    h3 Bea AS 70 'Al Di Ed', units Cy 0 (Cy dealt): Bea +2, Fay +1, Al/Di/Ed -1, Cy 0.
    Ledger: Al 2-1 = +1, Bea 1+2 = +3, Cy -1+0 = -1, Di -2, Ed -2, Fay 0+1 = +1."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "six.csv", SIX + """2026-12-12,1,Al,,AH,70,Cy Di Ed,,,,,,
2026-12-12,2,Al,,AH,70,Cy Di Ed,2,1,-1,-1,-1,0
2026-12-12,3,Bea,,AS,70,Al Di Ed,-1,2,0,-1,-1,1
"""), db, "--rules", "wi6-sit-out")
    assert _where(rep)[0] == (2, 7, "E-DEALER", 1)
    msg = rep["rejected"][0]["message"]
    assert "under wi6-sit-out the dealer sits out the hand (rules.md F-1)" in msg, msg
    assert "who sat out is not known" in msg and "write the dealer in a Dealer column" in msg
    assert "4 of" not in msg
    assert ledger(db) == {"Al": 1, "Bea": 3, "Cy": -1, "Di": -2, "Ed": -2, "Fay": 1}
