"""table33's findings (session 33): a renege hand's result says the renege wherever it is shown (F1), the
E-OUTCOME of a renege hand names B-23 (F2), a late Kontra is said late first (F3), E-NOT-HELD's "expected" lists
the legal cards only (F6).  Records: the tester's wi5.shn, var1.shn, var2.shn, var3.shn, var5.shn,
err/e2_not_held.shn, copied here (the hands that matter).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_helpers import cli, ingest_json, write

ROOT = Path(__file__).resolve().parents[1]

HEAD = """%SHN 1.0
[Event "Table33 Tuesday"]
[Site "Legion Post 33"]
[Date "2026.12.01"]
[Seats "Al=Al Brandt; Bea=Bea Vogel; Cy=Cy Hahn; Di=Di Kraus; Ed=Ed Lutz"]
[Rules "{rules}"]

"""

# wi5.shn hand 8 (as its hand 1 here).  Cy picks, buries 10S 9S, calls AH; Ed holds AH (partner).
# By hand (rules.md B-17..B-19; card points A 11, 10 10, K 4, Q 3, J 2, B-24):
#   t1 Bea: AC JC 7C 7D KC -> Cy's JC, the only trump: 11+2+0+0+4 = 17 picker side.  Cy held 8C and trumped
#       the club lead: a renege (B-18, B-23), marked ^R.
#   t2 Cy: QC JS JH 9D 8D -> QC, Cy: 3+2+2 = 7 -> picker side 24
#   t3 Cy: 8C 8S 9H 8H TC -> TC (highest club, no trump), Bea: 10 -> defenders 10
#   t4 Bea: KS AD AS QH KD -> QH (trump above AD, KD), Ed: 4+11+11+3+4 = 33 -> picker side 57
#   t5 Ed: AH TH 9C 7H TD -> TD (the only trump), Di: 11+10+0+0+10 = 31 -> defenders 41
#   t6 Di: QS KH JD 7S QD -> QS, Di: 3+4+2+0+3 = 12 -> defenders 53
#   bury 10S 9S = 10 -> picker side 67, defenders 53; 67 + 53 = 120.
# By the cards: 61..90 with a trick each side -> a plain win (B-27, B-28).  The picker reneged: under
# renegePenalty=sideLosesHand (B-23, the default) the offender's side loses the hand: a plain loss, tier 1,
# doubled on the bump (B-32): 2 per defender; picker 2 shares, partner 1 (B-31):
#   Cy -4, Ed -2, Al +2, Bea +2, Di +2 (sum 0).
H8 = """hand 1  dealer Al
deal Al  JD KD 9D KC TH 8H
deal Bea AC TC 9C KS 8D 7S
deal Cy  QC QD JC AD 7H 8C
deal Di  QS JS TD 7C AS 8S
deal Ed  QH JH AH KH 9H 7D
blind TS 9S
pick Cy  bury TS 9S  call AH
t1 Bea: AC ^RJC 7C 7D KC
t2 Cy:  QC JS JH 9D 8D
t3 Cy:  8C 8S 9H 8H TC
t4 Bea: KS AD AS QH KD
t5 Ed:  AH TH 9C 7H TD
t6 Di:  QS KH JD 7S QD
partner Ed  pts 67  tricks 3  {result}
score Al +2 Bea +2 Cy -4 Di +2 Ed -2
"""
SESSION = "Table33 Tuesday / 2026.12.01"

# var2.shn hand 3.  Al picks, buries 9C 7S (0), calls AS (Cy).  Di holds AH KH 9H and trumps the heart lead
# with 7D: a renege (^R7D).  By hand:
#   t1 Ed: TH 8D 7H 7C 7D -> Al's 8D (above 7D): 10 -> picker side 10
#   t2 Al: 9S 8C AS QH 9D -> Di's QH: 11+3 = 14 -> defenders 14
#   t3 Di: AH 8H TC JC 8S -> Bea's JC: 11+10+2 = 23 -> defenders 37
#   t4 Bea: QD QS JH KD KS -> Cy's QS: 3+3+2+4+4 = 16 -> picker side 26
#   t5 Cy: TD KH JD TS AD -> Ed's JD: 10+4+2+10+11 = 37 -> defenders 74
#   t6 Ed: KC AC QC JS 9H -> Bea's QC: 4+11+3+2 = 20 -> defenders 94; 26 + 94 = 120, picker side 2 tricks.
# By the cards 26 (<= 30, a trick taken) is lose-s (B-28); a defender reneged, so under sideLosesHand the
# defenders lose the hand: the picker side wins, plain (B-23) -> "win" is the word to write.  Under
# offenderPaysEach the hand is settled by the offender paying each seat 1 and the word is the cards': lose-s.
V2H3 = """hand 1  dealer Di
deal Al  AC TC 9C KS 8D 7S
deal Bea QC QD JC AD 7H 8C
deal Cy  QS JS TD 7C AS 8S
deal Di  QH JH AH KH 9H 7D
deal Ed  JD KD 9D KC TH 8H
blind TS 9S
pick Al  bury 9C 7S  call AS
t1 Ed:  TH 8D 7H 7C ^R7D
t2 Al:  9S 8C AS QH 9D
t3 Di:  AH 8H TC JC 8S
t4 Bea: QD QS JH KD KS
t5 Cy:  TD KH JD TS AD
t6 Ed:  KC AC QC JS 9H
partner Cy  pts 26  tricks 2  {result}
"""


def _h8_db(tmp_path):
    db = tmp_path / "a.duckdb"
    rep = ingest_json(write(tmp_path, "wi5.shn", HEAD.format(rules="wi5-called-ace") + H8.format(result="lose")), db)
    assert (rep["ingested"], rep["rejected"]) == (1, []), rep
    return db


# ---- F1: the renege is said where the result is shown


def test_f1_replay_text_says_the_renege_on_result_and_scored(tmp_path):
    db = _h8_db(tmp_path)
    out = cli("replay", "1", "--db", str(db)).output
    lines = {ln.split(":", 1)[0]: ln for ln in out.splitlines() if ":" in ln}
    assert "Units:   Al +2   Bea +2   Cy -4   Di +2   Ed -2" in out, out
    # Result: a loss by the renege penalty, the cards' 67 a win (B-27, B-23)
    assert lines["Result"].startswith("Result:  lose (renege)"), lines["Result"]
    scored = lines["Scored"]
    assert "renege by Cy in trick 1" in scored and "rules.md B-23" in scored, scored
    assert "renegePenalty=sideLosesHand" in scored and "the cards give win (67 card points" in scored, scored
    # the renege card marked in its trick
    t1 = next(ln for ln in out.splitlines() if ln.startswith("Trick 1"))
    assert "Cy ^RJ♣" in t1, t1


def test_f1_sheet_says_lost_67_renege(tmp_path):
    db = _h8_db(tmp_path)
    sh = json.loads(cli("sheet", SESSION, "--db", str(db), "--json").output.split("\n")[0])
    (row,) = sh["hands"]
    assert row["result"] == "lost 67 (renege)", row
    assert row["units"] == {"Al": 2, "Bea": 2, "Cy": -4, "Di": 2, "Ed": -2}
    assert sum(row["units"].values()) == 0
    text = cli("sheet", SESSION, "--db", str(db)).output
    assert "lost 67 (renege)" in text, text
    assert "renege" in text.split("each player:")[-1], text  # the legend says what it means


def test_f1_sheet_page_and_replay_page_say_the_renege(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    db = _h8_db(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.query_params["session"] = SESSION
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    first = at.dataframe[0].value.to_dict("records")[0]
    assert any(isinstance(v, str) and v.startswith("lost 67 (renege)") for v in first.values()), first

    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = "1"
    at.query_params["step"] = "30"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    md = "\n".join(m.value for m in at.markdown)
    assert "**Result** lose (renege)" in md, md
    cap = "\n".join(c.value for c in at.caption)
    assert "renege by Cy in trick 1" in cap and "rules.md B-23" in cap, cap
    html = "\n".join(h.value for h in at.html)
    # the Tricks so far list: trick 1's J♣ marked as the renege
    assert 'data-card="JC"' in html and "renege" in html.split('data-trick="1"')[1].split("</li>")[0], html


def test_f1_offender_pays_each_and_defender_renege_say_it(tmp_path):
    # var2 hand 3 under the default: a defender's renege makes the picker side's 26 a plain win
    # (Al +2, Cy +1, Bea -1, Di -1, Ed -1: 1 per defender, no double on the bump as the picker side wins).
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "var2.shn", HEAD.format(rules="wi5-called-ace") + V2H3.format(result="win")), db)
    assert (rep["ingested"], rep["rejected"]) == (1, []), rep
    sh = json.loads(cli("sheet", SESSION, "--db", str(db), "--json").output.split("\n")[0])
    (row,) = sh["hands"]
    assert row["result"] == "won 26 (renege)" and row["units"] == {"Al": 2, "Bea": -1, "Cy": 1, "Di": -1, "Ed": -1}
    out = cli("replay", "1", "--db", str(db)).output
    assert "renege by Di in trick 1" in out and "the cards give lose-s (26 card points" in out, out


# ---- F2: E-OUTCOME in a renege hand names B-23


def test_f2_outcome_word_side_loses_hand_names_b23(tmp_path):
    rep = ingest_json(write(tmp_path, "var2.shn", HEAD.format(rules="wi5-called-ace")
                            + V2H3.format(result="lose-s")), tmp_path / "c.duckdb")
    (e,) = rep["rejected"]
    assert e["code"] == "E-OUTCOME", e
    msg = e["message"]
    assert "B-23" in msg and "Di reneged in trick 1" in msg, msg
    assert "renegePenalty=sideLosesHand" in msg and "win" in msg and "lose-s" in msg, msg


def test_f2_outcome_word_offender_pays_each_asks_the_cards_result(tmp_path):
    rep = ingest_json(write(tmp_path, "var3.shn", HEAD.format(rules="wi5-called-ace; renegePenalty=offenderPaysEach")
                            + V2H3.format(result="win")), tmp_path / "d.duckdb")
    (e,) = rep["rejected"]
    assert e["code"] == "E-OUTCOME", e
    msg = e["message"]
    assert "B-23" in msg and "renegePenalty=offenderPaysEach" in msg and "the cards' result" in msg, msg
    assert e["expected"] == "lose-s", e


# ---- F3: a Kontra after the second card is said late first (rules.md G-18)

V5 = """%SHN 1.0
[Event "Table33 Probes"]
[Date "2026.12.04"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 1  dealer Di
deal Al  EO GO EU HA HZ EA E7 GK
deal Bea HO GU HK H9 GA GZ G9 SK
deal Cy  SO HU H8 EZ EK E9 G8 G7
deal Di  SU H7 SA SZ S9 S8 S7 E8
game Al sauspiel GA
kontra Cy after 2  re Al
t1 Al:  EO H9 H8 H7
t2 Al:  GO HK HU SU
t3 Al:  GK GA G8 S7
t4 Bea: GZ G7 S8 EU
t5 Al:  EA G9 E9 E8
t6 Al:  E7 SK EK S9
t7 Cy:  EZ SZ HZ GU
t8 Bea: HO SO SA HA
partner Bea  laufende 3 with  pts 112  tricks 7  win-s
score Al +200 Bea +200 Cy -200 Di -200
"""


def test_f3_kontra_after_the_second_card_is_said_late(tmp_path):
    rep = ingest_json(write(tmp_path, "var5.shn", V5), tmp_path / "e.duckdb")
    (e,) = rep["rejected"]
    assert e["code"] == "E-SK-KONTRA-LATE", e
    assert "G-18" in e["message"] and "re Al after 2" not in e["message"], e


# ---- F6: E-NOT-HELD's "expected" holds the cards the seat may legally play

E2 = """hand 1  dealer Ed
deal Al  AC TC 9C KS 8D 7S
deal Bea QC QD JC AD 7H 8C
deal Cy  QS JS TD 7C AS 8S
deal Di  QH JH AH KH 9H 7D
deal Ed  JD KD 9D KC TH 8H
blind TS 9S
pick Bea  bury TS 9S  call AH
t1 Al:  AC 8C 7C 7D KC
t2 Di:  QH 9C 8D QC JS
t3 Bea: JC QS JH KD 7S
t4 Cy:  AS 9H 8H KS AD
t5 Bea: 7H 8S AH TH 9C
t6 Di:  KH JD TC QD TD
partner Di  pts 109  tricks 5  win-s
score Al -2 Bea +4 Cy -2 Di +2 Ed -2
"""


def test_f6_not_held_expects_the_legal_cards(tmp_path):
    # t2: Di leads QH, a trump (B-18: trump is one suit); Ed holds JD KD 9D TH 8H after t1 (KC played) and
    # must follow with a trump: KD JD 9D only (the hearts TH 8H are fail, rules.md B-6).
    rep = ingest_json(write(tmp_path, "e2.shn", HEAD.format(rules="wi5-called-ace") + E2), tmp_path / "f.duckdb")
    (e,) = rep["rejected"]
    assert (e["code"], e["line"], e["col"]) == ("E-NOT-HELD", 17, 12), e
    assert e["expected"] == "KD JD 9D", e
    assert "TH 8H" in e["message"] and "B-18" in e["message"], e
