"""The night's sheet reads each hand's marks off that hand's own stored
source (ingest.sheet.session_sheet fetches the session's texts by their hand
ids, issue 17: a subquery per hand on ``hand_text`` restored every stored text
of the database first).  With two sessions stored, each sheet shows its own
hands' marks and none of the other's."""

from __future__ import annotations

from ingest import store as st
from ingest.sheet import find_session, session_sheet
from ingest.validate import validate_text

HEAD = ('%SHN 1.0\n[Event "QA"]\n[Session "{name}"]\n[Date "2025.10.0{day}"]\n'
        '[Seats "Al=Allen; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]\n[Rules "wi5-called-ace"]\n\n')
ONE = HEAD.format(name="night one", day=2) + (
    "hand 1  dealer Ed\npick Al  call AS  partner Cy  pts 72  win\n\n"
    "hand 2  dealer Al\npick Bea  crack Di  call AS  partner Ed  pts 70  win\n")
TWO = HEAD.format(name="night two", day=3) + (
    "hand 1  dealer Ed\npick Di  crack Ed  call AS  partner Bea  pts 65  win\n\n"
    "hand 2  dealer Al\npick Cy  call AS  partner Al  pts 80  win\n")


def test_each_sheet_shows_its_own_hands_marks(tmp_path):
    """Called ace, the picker side wins with 61-90 card points: 1 unit, the
    picker +2, the partner +1, the other three -1 each (rules.md D-1); a
    crack doubles it (E-1): picker +4, partner +2, the others -2 each.

    night one: hand 1 no mark; hand 2 Bea picks (first after the dealer Al), Ed partner, Di cracks:
    Bea +4, Ed +2, Al, Cy, Di -2.  night two: hand 1 Di picks, Bea
    partner, Ed cracks (the dealer speaks after Di; Al, Bea and Cy passed
    before the pick and may not, E-2): Di +4, Bea +2, Al, Cy, Ed -2; hand 2
    no mark."""
    db = tmp_path / "shead.duckdb"
    with st.Store(db) as store:
        for name, text in (("one.shn", ONE), ("two.shn", TWO)):
            rep = store.ingest_file(validate_text(text, name))
            assert rep.stored == 2 and not rep.rejected
    with st.reading(db) as con:
        one, two = session_sheet(con, "night one"), session_sheet(con, "night two")
    assert [(r.hand, r.marks) for r in one.rows] == [(1, ""), (2, "crack Di ×2")]
    assert [(r.hand, r.marks) for r in two.rows] == [(1, "crack Ed ×2"), (2, "")]
    assert one.rows[1].units == {"Al": -2, "Bea": 4, "Cy": -2, "Di": -2, "Ed": 2}
    assert two.rows[0].units == {"Al": -2, "Bea": 2, "Cy": -2, "Di": 4, "Ed": -2}


def _sheet_of(tmp_path, text: str, name: str, hands: int, key: str):
    """The sheet of the session ``key`` names, ``text`` (file ``name``, its ``hands`` hands all stored) ingested."""
    db = tmp_path / "shead.duckdb"
    with st.Store(db) as store:
        rep = store.ingest_file(validate_text(text, name))
        assert rep.stored == hands and not rep.rejected, rep.rejected
    with st.reading(db) as con:
        return session_sheet(con, find_session(con, key))


def test_a_schafkopf_sheet_shows_klopfen_beside_kontra(tmp_path):
    """A tester's Dachau night (klopfen=on, Sauspiel 20): hand 1 Sepp knocks (×2, rules.md G-19), Vroni wins
    her Sauspiel with Resi at 70 Augen without Laufende: 20 × 2 = 40 from each loser; hand 2 a Kontra (×2,
    G-18) on the same game: 40 again.  The sheet's marks column showed nothing for the Klopfen."""
    text = ('%SHN 1.0\n[Event "Stammtisch Dachau"]\n[Seats "Sepp; Vroni; Hias; Resi"]\n'
            '[Rules "schafkopf; tariff.sauspiel=20; klopfen=on"]\n[Cards "de"]\n\n'
            "hand 1  dealer Resi\nklopfen Sepp\ngame Vroni sauspiel GA  partner Resi  laufende 0  pts 70  win\n\n"
            "hand 2  dealer Sepp\ngame Vroni sauspiel GA\nkontra Sepp after 1\npartner Resi  laufende 0  pts 70  win\n")
    sh = _sheet_of(tmp_path, text, "dachau.shn", 2, "Stammtisch Dachau")
    assert [(r.hand, r.marks) for r in sh.rows] == [(1, "klopfen Sepp ×2"), (2, "kontra Sepp ×2")]
    assert sh.rows[0].units == {"Sepp": -40, "Vroni": 40, "Hias": -40, "Resi": 40} == sh.rows[1].units


def test_a_game_with_its_declarer_unknown_shows_its_suit(tmp_path):
    """A tester's score sheet (user15 t1 unknown_decl.shn, Solo 50): hand 2 ``game ? solo herz`` with the
    score Sepp -50, Hias +150, Vroni -50, Resi -50: the soloist takes 50 from each of three (rules.md G-15),
    so Hias declared.  The sheet showed the call as ``solo``, without the suit written."""
    text = ('%SHN 1.0\n[Event "Stammtisch Haidhausen"]\n[Date "2026.11.25"]\n'
            '[Seats "Sepp=Josef Huber; Hias=Matthias Lang; Vroni=Veronika Maier; Resi=Theresia Bauer"]\n'
            '[Rules "schafkopf-bsv; tariff.sauspiel=20; tariff.solo=50; tariff.laufender=10"]\n[Cards "de"]\n\n'
            "hand 2  dealer Sepp\ngame ? solo herz  laufende 0\nscore Sepp -50 Hias +150 Vroni -50 Resi -50\n")
    sh = _sheet_of(tmp_path, text, "unknown_decl.shn", 1, "Haidhausen")
    assert [(r.hand, r.picker, r.call) for r in sh.rows] == [(2, "Hias", "solo herz")]
    assert sh.rows[0].units == {"Sepp": -50, "Hias": 150, "Vroni": -50, "Resi": -50}


def test_a_schafkopf_game_written_in_french_cards_shows_its_sau_in_german(tmp_path):
    """docs/notation.md §14.2: ``game Vroni sauspiel AS`` (no [Cards "de"]) calls the Gras-Sau, the same game
    as ``sauspiel GA`` under [Cards "de"] and as a protocol's "Mit der Grün-Ass": the sheet shows ``sauspiel
    GA`` for each (user15: the same game showed "AS" one way and "GA" the other).  Vroni wins with Resi at 70
    Augen without Laufende under Sauspiel 20: 20 from each loser (rules.md G-14)."""
    body = "hand 1  dealer Resi\ngame Vroni sauspiel {card}  partner Resi  laufende 0  pts 70  win\n"
    db = tmp_path / "shead.duckdb"
    with st.Store(db) as store:
        for name, cards, card in (("fr.shn", "", "AS"), ("de.shn", '[Cards "de"]\n', "GA")):
            text = (f'%SHN 1.0\n[Event "{name}"]\n[Seats "Sepp; Vroni; Hias; Resi"]\n'
                    f'[Rules "schafkopf; tariff.sauspiel=20"]\n{cards}\n' + body.format(card=card))
            rep = store.ingest_file(validate_text(text, name))
            assert rep.stored == 1 and not rep.rejected, rep.rejected
    with st.reading(db) as con:
        rows = [session_sheet(con, find_session(con, n)).rows[0] for n in ("fr.shn", "de.shn")]
    won = {"Sepp": -20, "Vroni": 20, "Hias": -20, "Resi": 20}
    assert [(r.call, r.units) for r in rows] == [("sauspiel GA", won), ("sauspiel GA", won)]
