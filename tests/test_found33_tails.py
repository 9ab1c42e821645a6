"""verify33 findings fixed by fixh33: F4 (a NetSchafkopf protocol cut after its
last trick says the file ends mid-game), and the Sheet legend of a renege under offenderPaysEach."""
from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import ledger, write
from tests.test_found33_left import _said, _stored

# --------------------------------------------------------------------------------------------------------------------
# F4: a NetSchafkopf protocol cut after its last trick says the file ends mid-game at its last line (E-NSK-TRUNCATED),
# as a card cut short does (break33 F12); the same bad line in the middle of a file keeps its error.
#
# The protocol verify33 cut (n3..n8), whole: three Rufspiele at 1 point a Punkt (the log's own price lines):
#   game 1 PcOben calls Schellen-Ass, partner Gast; the opponents 71 Augen: a loss, price 2 (no schneider, 71 > 30):
#          PcOben -2, Gast -2, PcLinks +2, PcRechts +2 (the row +2 -2 +2 -2)
#   game 2 PcLinks calls Gruen-Ass, partner PcRechts; the opponents 45: a win, price 2: Links/Rechts +2, the others
#          -2 (running +4 -4 +4 -4)
#   game 3 Gast calls Eichel-Ass, partner PcOben; the opponents 20 Augen: schneider and 3 Laufende, price 6:
#          Gast/PcOben +6, Links/Rechts -6 (running -2 +2 -2 +2)
# Lines: 1-3 the head; game 1 at 4 (deals 5-8, game 9, tricks 10-17, result 18-20, table 21-22); 23 blank; game 2 at
# 24 (.. table 41-42); 43 blank; game 3 at 44 (deals 45-48, game 49, tricks 50-57, result 58-61, table 62-63).
# Cut in game 3, games 1 and 2 stand: PcLinks 2+2 = 4, PcOben -2-2 = -4, PcRechts 4, Gast -4 (sum 0).
# --------------------------------------------------------------------------------------------------------------------

NSK = """netschafkopf_helper\r
gespielt von Gast am 05.10.23 mit Version 8.00, Update 07.09.20.\r
 \r
Geber: Gast\r
     PcLinks hat: EA SO GA E7 GU GK GO E9\r
      PcOben hat: EO H8 GZ S9 HO HU G8 EU\r
    PcRechts hat: HA H9 S8 SU EZ HZ E8 G7\r
        Gast hat: HK EK SK SZ H7 S7 G9 SA\r
PcOben spielt Mit der Schellen-Ass\r
     PcLinks spielt aus: EA H8 E8 EK\r
      PcOben spielt aus: EO H9 HK GU\r
      PcOben spielt aus: HU SU H7 SO\r
     PcLinks spielt aus: E9 HO EZ SZ\r
      PcOben spielt aus: G8 G7 G9 GA\r
     PcLinks spielt aus: E7 EU S8 S7\r
      PcOben spielt aus: GZ HZ SK GK\r
    PcRechts spielt aus: HA SA GO S9\r
PcOben verliert das Rufspiel: Mit der Schellen-Ass mit dir. Die \r
Gegner haben 71 Augen\r
Das Rufspiel kostet 2 Punkte.\r
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\r
    1        2           +2           -2           +2           -2        0\r
 \r
Geber: PcLinks\r
      PcOben hat: EK H7 GK HU S9 HO HZ HK\r
    PcRechts hat: SA E7 SK H8 EU S7 GA SZ\r
        Gast hat: GZ E9 H9 G9 HA E8 S8 GO\r
     PcLinks hat: EA SO G7 SU G8 EO EZ GU\r
PcLinks spielt Mit der Grün-Ass\r
      PcOben spielt aus: GK GA G9 G8\r
    PcRechts spielt aus: EU GO EO H7\r
     PcLinks spielt aus: SU HU H8 HA\r
      PcOben spielt aus: S9 SA S8 G7\r
    PcRechts spielt aus: SZ H9 SO HO\r
      PcOben spielt aus: EK E7 E8 EA\r
     PcLinks spielt aus: EZ HK S7 E9\r
      PcOben spielt aus: HZ SK GZ GU\r
PcLinks gewinnt das Rufspiel: Mit der Grün-Ass mit PcRechts. \r
Die Gegner haben 45 Augen\r
Das Rufspiel kostet 2 Punkte.\r
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\r
    2        2           +4           -4           +4           -4        0\r
 \r
Geber: PcOben\r
    PcRechts hat: G7 SO SZ S9 GA G8 GZ HU\r
        Gast hat: HA SA H8 GU E8 EO S8 HO\r
     PcLinks hat: EU SU S7 EZ G9 E9 HK H9\r
      PcOben hat: GK E7 GO SK EK H7 EA HZ\r
Gast spielt Mit der Eichel-Ass\r
    PcRechts spielt aus: GA HA G9 GK\r
        Gast spielt aus: EO H9 HZ HU\r
        Gast spielt aus: H8 EU GO SO\r
      PcOben spielt aus: H7 G7 HO HK\r
        Gast spielt aus: GU SU EK G8\r
        Gast spielt aus: SA S7 SK S9\r
        Gast spielt aus: E8 E9 EA GZ\r
      PcOben spielt aus: E7 SZ S8 EZ\r
Du gewinnst das Rufspiel: Mit der Eichel-Ass mit PcOben. Die \r
Gegner haben 20 Augen\r
Das Rufspiel kostet 2 Punkte. Mit Schneider 3 Punkte. Mit 3 Laufenden \r
6 Punkte.\r
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\r
    3        6           -2           +2           -2           +2        0\r
"""
TWO_GAMES = {"PcLinks": 4, "PcOben": -4, "PcRechts": 4, "Gast": -4}


def _nsk(tmp_path, name: str, text: str):
    from tests.cli_helpers import ingest_json

    path = tmp_path / name
    path.write_bytes(text.encode("cp1252"))
    db = tmp_path / (name + ".duckdb")
    return ingest_json(str(path), db), db


def _cut(upto: str) -> str:
    """NSK up to and with ``upto``, the line it is on cut there (no line end after it)."""
    at = NSK.index(upto) + len(upto)
    return NSK[:at]


def test_f4_the_protocol_whole_stores_its_three_games(tmp_path):
    rep, db = _nsk(tmp_path, "whole.txt", NSK)
    assert rep["rejected"] == [] and rep["ingested"] == 3, rep
    assert ledger(db) == {"PcLinks": -2, "PcOben": 2, "PcRechts": -2, "Gast": 2}
    assert sum(TWO_GAMES.values()) == 0


import pytest  # noqa: E402


@pytest.mark.parametrize("upto,line,col", [
    ("        Gast spielt aus: H8 EU GO SO\r\n      PcOb", 53, 7),  # a name cut mid-word in trick 4's line
    ("Du gewinnst das Rufs", 58, 1),  # mid result line
    ("Gegner haben 20 Augen\r\nDas Rufspi", 60, 1),  # mid price line
    ("    3        6      ", 63, 5),  # mid score row
    ("    3        6           -2           +2           -2           +2    ", 63, 5),  # the row short of Stock
])
def test_f4_a_protocol_cut_after_its_last_trick_says_the_file_ends_mid_game(tmp_path, upto, line, col):
    rep, db = _nsk(tmp_path, "cut.txt", _cut(upto))
    assert rep["ingested"] == 2
    (e,) = rep["rejected"]
    assert (e["code"], e["line"], e["col"]) == ("E-NSK-TRUNCATED", line, col), e
    assert f"the file ends mid-game at line {line}" in e["message"], e["message"]
    assert ledger(db) == TWO_GAMES


def test_f4_the_same_bad_row_in_the_middle_keeps_its_error(tmp_path):
    # game 1's row written short of its Stock column, the file going on: E-NSK-SYNTAX at line 22 as before
    text = NSK.replace("    1        2           +2           -2           +2           -2        0\r\n",
                       "    1        2           +2           -2           +2           -2    \r\n")
    rep, _db = _nsk(tmp_path, "mid.txt", text)
    codes = [(e["code"], e["line"]) for e in rep["rejected"]]
    assert ("E-NSK-SYNTAX", 22) in codes, rep["rejected"]
    assert all(c != "E-NSK-TRUNCATED" for c, _ in codes)


# --------------------------------------------------------------------------------------------------------------------
# Also (verify33): the Sheet's legend for "(renege)".  Hand 1 (verify33's rn.shn): Bea picks, calls AH, Di (her
# partner, holding AH) reneges in trick 1 (^R), the picker side takes 59 points: a loss by the cards (B-28: 31-60
# loses).  Under renegePenalty=sideLosesHand (B-23, the default) the offender's side loses the hand, which the cards
# already give: the renege changed nothing (x2 on the bump, B-32: Bea -4, Di -2, Al/Cy/Ed +2; sum 0) -- the legend
# must not say the renege settled the hand.  Under offenderPaysEach the offender pays 1 to each other seat in place of
# the hand's result (misplay): Di -4, the others +1 (sum 0).
# --------------------------------------------------------------------------------------------------------------------

RN = """%SHN 1.0
[Session "v33-rn"]
[Date "2026.12.08"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster{more}"]

hand 1  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
pick Bea
bury AS KC
call AH
t1 Al:  9C TD 8C ^R7D TC
t2 Bea: QC 8D KD 9D JD
t3 Bea: 7H KH AH 9H 8H
t4 Di:  QD JS QS JC QH
t5 Al:  TH AD JH 7C KS
t6 Cy:  AC TS 8S 7S 9S
partner Di  pts 59  tricks 3  lose
"""


def _sheet_text(tmp_path, more: str) -> tuple[str, dict]:
    from tests.cli_helpers import cli

    path = write(tmp_path, "rn.shn", RN.replace("{more}", more))
    db = tmp_path / "rn.duckdb"
    cli("ingest", str(path), "--db", str(db))
    out = cli("sheet", "v33-rn", "--db", str(db)).output
    full = {"Allen Braun": "Al", "Bea Schmidt": "Bea", "Cy Ott": "Cy", "Di Lenz": "Di", "Ed Kahl": "Ed"}
    return " ".join(out.split()), {full[p]: u for p, u in ledger(db).items()}


def test_also_the_renege_legend_where_the_cards_already_lose_says_so(tmp_path):
    flat, units = _sheet_text(tmp_path, "")
    assert units == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2} and sum(units.values()) == 0
    assert "lost 59 (renege)" in flat
    assert "settled the hand" not in flat, flat
    assert "the cards already lose" in flat and "renegePenalty=sideLosesHand" in flat, flat


def test_also_the_renege_legend_under_offender_pays_each(tmp_path):
    flat, units = _sheet_text(tmp_path, "; renegePenalty=offenderPaysEach")
    assert units == {"Al": 1, "Bea": 1, "Cy": 1, "Di": -4, "Ed": 1} and sum(units.values()) == 0
    assert "misplay 59 (renege)" in flat
    assert ("renegePenalty=offenderPaysEach the offender pays 1 to each other seat in place of the hand's result"
            in flat), flat
    assert "sideLosesHand" not in flat and "the cards already lose" not in flat, flat


def test_also_the_sheet_page_words_the_renege_as_shead_sheet_does(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    from tests.test_dashboard_pages import ROOT, text_of
    from tests.cli_helpers import cli

    path = write(tmp_path, "rn.shn", RN.replace("{more}", ""))
    db = tmp_path / "rn.duckdb"
    cli("ingest", str(path), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    text = " ".join(text_of(at).replace("\\", "").split())
    assert "settled the hand" not in text
    assert "which the cards already lose: the result is the cards', the renege changed nothing" in text, text
