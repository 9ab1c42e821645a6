"""Schafkopf records a tester brought (sk17), each amount worked by hand.

* notation.md §14.5: a fact agreed at the table with ``^`` is the ledger's,
  "the outcome is re-derived from agreed Augen and tricks (rules.md G-12)".
  The price was the agreed facts' but the stored outcome the cards' (a loss
  at an agreed 60 stored ``win``, the sheet "won 60" beside the declarers'
  -20), and the consistent record (``pts ^60 ... lose``) was refused.
* ``shead replay`` of a Ramsch Durchmarsch (no loser) ended in an IndexError.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.shn.reader import read
from ingest.validate import validate_records

runner = CliRunner()

HEAD = ('%SHN 1.0\n[Event "sk17"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di"]\n'
        '[Rules "schafkopf-bsv; tariff.sauspiel=20"]\n[Cards "de"]\n\n')
# the cards give the declaring party (Cy with Al) 61 Augen in 3 tricks (the tester's engine and shead's agree)
RUF61 = ("hand 1  dealer Al\ndeal Al EA EU E7 HZ H8 SA SK S7\ndeal Bea GA GZ GO GU G9 G8 SO S8\n"
         "deal Cy EZ EO E9 E8 HU H7 SZ S9\ndeal Di EK GK G7 HA HK HO H9 SU\ngame Cy sauspiel EA\n"
         "t1 Bea: G9 E8 GK S7\nt2 Di: HO HZ GO EO\nt3 Cy: H7 H9 H8 SO\nt4 Bea: G8 EZ G7 E7\nt5 Bea: GA S9 SU SA\n"
         "t6 Di: HA EU GU HU\nt7 Al: EA GZ E9 EK\nt8 Al: SK S8 SZ HK\n")
# a Geier of Cy: 90 Augen on the cards in 5 tricks, 2 Laufende with (EO GO)
GEIER90 = ("hand 1  dealer Al\ndeal Al EK G9 G7 HA H9 SZ SK S9\ndeal Bea EA E9 HZ HK H7 SA S8 S7\n"
           "deal Cy EO E7 GA GZ GK GO G8 H8\ndeal Di EZ EU E8 GU HO HU SO SU\ngame Cy geier\n"
           "t1 Bea: HK H8 HU HA\nt2 Al: G9 SA GZ GU\nt3 Cy: G8 EZ G7 EA\nt4 Cy: E7 EU EK E9\nt5 Al: SK S8 EO SU\n"
           "t6 Cy: GO HO H9 S7\nt7 Cy: GA E8 SZ HZ\nt8 Cy: GK SO S9 H7\n")


def check(body: str):
    return validate_records(read(HEAD + body, "sk17.shn"), "sk17.shn")


def test_an_agreed_sixty_is_a_loss_stored_as_one():
    """Cards 61, the table agreed 60 (G-12: 60-60 loses).  Rufspiel 20 (tariff.sauspiel=20), one Laufender does
    not count (G-13: three needed): Cy and Al pay 20 each, Bea and Di +20 (G-15)."""
    for words in ("laufende 1 with  pts ^60  tricks 3", "laufende 1 with  pts ^60  tricks 3  lose"):
        res = check(RUF61 + f"partner Al  {words}\n")
        assert not res.rejected, res.rejected[0].errors[0]
        o = res.hands[0].outcome
        assert (o.outcome, o.picker_points, o.units) == ("lose", 60, {"Al": -20, "Bea": 20, "Cy": -20, "Di": 20})
    res = check(RUF61 + "partner Al  laufende 1 with  pts ^60  tricks 3  win\n")
    e = res.rejected[0].errors[0]
    assert (e.code, e.expected) == ("E-OUTCOME", "lose") and "the agreed 60 Augen and 3 tricks give lose" in e.message


def test_an_agreed_ninety_one_is_schneider_in_the_outcome_and_the_price():
    """Cards 90 (a plain win: the opponents' 30 escape, G-12), agreed 91: schneider.  Geier 50 + Schneider 10 +
    2 Laufende 20 = 80 from each opponent (G-14, G-15): Cy +240."""
    res = check(GEIER90 + "laufende 2 with  pts ^91  tricks 5  win-s\n")
    assert not res.rejected, res.rejected[0].errors[0]
    o = res.hands[0].outcome
    assert (o.outcome, o.tier, o.units) == ("win-s", 2, {"Al": -80, "Bea": -80, "Cy": 240, "Di": -80})
    res = check(GEIER90 + "laufende 2 with  pts ^91  tricks 5  win\n")
    assert res.rejected[0].errors[0].code == "E-OUTCOME" and res.rejected[0].errors[0].expected == "win-s"
    # the cards' own facts, not agreed: 90 is a plain win, 50 + 20 = 70 each
    o = check(GEIER90 + "laufende 2 with  pts 90  tricks 5  win\n").hands[0].outcome
    assert (o.outcome, o.units["Cy"]) == ("win", 210)


@pytest.fixture
def agreed_db(tmp_path: Path) -> Path:
    f = tmp_path / "g.shn"
    f.write_text(HEAD + GEIER90 + "laufende 2 with  pts ^91  tricks 5  win-s\n")
    db = tmp_path / "x.duckdb"
    assert runner.invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 0
    return db


def test_replay_of_an_agreed_game_shows_the_agreed_price_beside_the_cards(agreed_db):
    r = runner.invoke(app, ["replay", "sk17 / 2026.12.05#1", "--db", str(agreed_db)])
    assert r.exit_code == 0, r.output
    assert "Price:    Geier 50 + with 2 Laufende 20 = 70" in r.output  # the cards' game
    assert ("Agreed:   91 Augen, 5 tricks, as the table agreed (W-AGREED below): value (Geier 50 + Schneider 10 + "
            "with 2 Laufende 20) 80 = 80 per defender") in r.output
    assert "Units:    Al -80   Bea -80   Cy +240   Di -80" in r.output
    r = runner.invoke(app, ["sheet", "sk17 / 2026.12.05", "--db", str(agreed_db)])
    assert "won 91 (schneider)" in r.output


def test_replay_of_a_ramsch_durchmarsch(tmp_path: Path):
    """Cy is dealt the four Obers, three Unters and the Herz-10 and takes all eight tricks: a Durchmarsch
    (G-17), priced as a schwarz Solo, 50 + 10 + 10 = 70 from each: Cy +210, the others -70."""
    f = tmp_path / "r.shn"
    f.write_text('%SHN 1.0\n[Event "sk17 C"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di"]\n[Rules "schafkopf-bsv"]\n\n'
                 "hand 1  dealer Di\ndeal Al KC 9C AS TS AH 7H 9D 8D\ndeal Bea TC 9S KH 8H AD TD JD 7D\n"
                 "deal Cy QC JC QS JS TH QH JH QD\ndeal Di AC 8C 7C KS 8S 7S 9H KD\nramsch\n"
                 "t1 Al: TS 9S JC KS\nt2 Cy: QH 9H 7H JD\nt3 Cy: QC 7C AH KH\nt4 Cy: JH AC AS 8H\n"
                 "t5 Cy: QD 7S 9D TC\nt6 Cy: QS KD KC TD\nt7 Cy: JS 8S 8D AD\nt8 Cy: TH 8C 9C 7D\n")
    db = tmp_path / "x.duckdb"
    assert runner.invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 0
    for extra in ([], ["--seat", "Cy"]):
        r = runner.invoke(app, ["replay", "sk17 C / 2026.12.05#1", "--db", str(db)] + extra)
        assert r.exit_code == 0 and r.exception is None, r.output
        assert "Result:   Ramsch, Durchmarsch by Cy: every trick, 120 Augen (rules.md G-17)" in r.output
        assert "Units:    Al -70   Bea -70   Cy +210   Di -70" in r.output


def test_game_words_in_any_case_and_the_rufspiel():
    """sk17 F3: a German scorer capitalises nouns, a phone the first letter.  Each line is a Sauspiel won with 70
    (Sauspiel 10 under schafkopf-bsv, no Laufende): Bea and Cy +10, Al and Di -10 (G-15).  A Wenz won at 70 with 2
    Laufende (counted from 2 in a Wenz, G-13): 50 + 20 = 70 from each, Bea +210.  The sheet shows the game in the
    reader's words (sauspiel EA), not the stored call in French cards (F4)."""
    head = HEAD.replace("; tariff.sauspiel=20", "")
    for line in ("game Bea Sauspiel EA  partner Cy  laufende 0  pts 70  win",
                 "game Bea rufspiel EA  partner Cy  laufende 0  pts 70  win",
                 "GAME BEA SAUSPIEL EA  PARTNER CY  LAUFENDE 0  PTS 70  WIN",
                 "game Bea sauspiel ea partner cy laufende 0 pts 70 win"):
        res = validate_records(read(head + "hand 1  dealer Di\n" + line + "\n", "u.shn"), "u.shn")
        assert not res.rejected, (line, res.rejected[0].errors[0])
        assert res.hands[0].outcome.units == {"Al": -10, "Bea": 10, "Cy": 10, "Di": -10}, line
    res = validate_records(read(head + "hand 1  dealer Di\ngame Bea Wenz  laufende 2 WITH  pts 70  Win\n", "u.shn"),
                           "u.shn")
    assert res.hands[0].outcome.units == {"Al": -70, "Bea": 210, "Cy": -70, "Di": -70}
    res = validate_records(read(head + "hand 1  dealer Di\ngame Al Solo Herz  laufende 0  pts 61  win\n", "u.shn"),
                           "u.shn")
    assert res.hands[0].outcome.units == {"Al": 150, "Bea": -50, "Cy": -50, "Di": -50}  # Solo 50 from each
    from ingest.sheet_facts import game_words  # noqa: PLC0415

    assert game_words("hand 1  dealer Di\nGame Bea Rufspiel ea  partner Cy  pts 70\n") == "sauspiel EA"
    assert game_words("hand 1\ngame Al Solo Herz Tout  laufende 0\n") == "solo herz tout"


def test_a_tout_written_won_with_a_trick_lost_says_why():
    """sk17 F7: a Tout that lost a trick is lost (G-14); the message read as if `win` were the wrong spelling."""
    head = HEAD.replace("; tariff.sauspiel=20", "")
    res = validate_records(read(head + "hand 1  dealer Di\ngame Di geier tout  laufende 2 with  pts 110  tricks 7  "
                                "win\n", "t.shn"), "t.shn")
    e = res.rejected[0].errors[0]
    assert e.code == "E-OUTCOME" and e.expected == "lose"
    assert e.message == "win disagrees with 110 Augen, 7 tricks, a Tout: a Tout is lost by losing any trick (rules.md G-14)"
    # the same Tout lost, as written: (Geier 50 + 2 Laufende 20) x 2 = 140 from Di to each (G-14, G-15)
    res = validate_records(read(head + "hand 1  dealer Di\ngame Di geier tout  laufende 2 with  pts 110  tricks 7  "
                                "lose\n", "t.shn"), "t.shn")
    assert res.hands[0].outcome.units == {"Al": 140, "Bea": 140, "Cy": 140, "Di": -420}


def test_the_sheet_game_column_reads_the_game_as_the_reader_does():
    """break17 F13, F13b; sk17 F4: the called Sau in German whatever its spelling, the game's words only."""
    from ingest.sheet_facts import game_words  # noqa: PLC0415

    assert game_words("hand 1\ngame Bea sauspiel A♠  partner Cy\n") == "sauspiel GA"  # the ace of spades: Gras
    assert game_words("hand 1\ngame Bea sauspiel a♣️  partner Cy\n") == "sauspiel EA"  # a phone's emoji club
    assert game_words("hand 1  game Bea wenz  score Al -50 Bea +150 Cy -50 Di -50\n") == "wenz"
    assert game_words("hand 1\ngame Özil Farbwenz Herz TOUT  laufende 0\n") == "farbwenz herz tout"
    assert game_words("hand 1\nramsch\n") is None


def test_replay_of_an_agreed_score_says_the_score_was_agreed(tmp_path: Path):
    """break17 F8: the table agreed 60 from each where the Geier's price is 50 + 20 = 70 (G-14); the Agreed line
    repeated the cards' 70 and said Augen were agreed."""
    f = tmp_path / "s8.shn"
    f.write_text(HEAD + GEIER90 + "laufende 2 with  pts 90  tricks 5  win\nscore Al ^-60 Bea ^-60 Cy ^+180 Di ^-60\n")
    db = tmp_path / "x.duckdb"
    assert runner.invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 0
    r = runner.invoke(app, ["replay", "sk17 / 2026.12.05#1", "--db", str(db)])
    assert ("Agreed:   the score, as the table agreed (W-AGREED below): the units are the table's, not the price "
            "above") in r.output
    assert "Units:    Al -60   Bea -60   Cy +180   Di -60" in r.output and "Augen, 5 tricks, as the table" not in r.output


def test_the_replay_page_says_what_the_table_agreed(agreed_db, monkeypatch):
    """break17 F19: at the last step the page showed the agreed 91's schneider price beside the cards' 90 Augen
    without a word."""
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_DB", str(agreed_db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "replay_hand.py"),
                           default_timeout=60)
    at.query_params["hand"] = "1"
    at.query_params["step"] = "32"
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    said = [i.value for i in at.info if i.value.startswith("Agreed at the table")]
    assert said and "pts 91 is written but the declaring party has 90 Augen" in said[0], [i.value for i in at.info]
