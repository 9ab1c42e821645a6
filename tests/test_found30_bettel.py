"""Session 30, fixe30, real30 F4: a Schafkopf Bettel (/tmp/real30/bettel.shn, copied below) was refused E-GAME with a
list of game words that named the Indiana game's (ace best sidesolo billy) in a Schafkopf hand; and a German
scorer's `gewonnen` / `verloren` got no "did you mean 'win'/'lose'" hint where `won` / `lost` do.

What rules.md says of the Bettel (/work/shared/reference/rules.md):
  G-16 (tariff table): "Bettel (optional: take no trick) | 30 | — | — | —": the declarer undertakes to take no
       trick; its price is 30 at the BSV 10/50 tariff, with no schneider, no schwarz and no Laufende.
  G-20: "Hochzeit (wedding) and Bettel are optional extra contracts; log as game types if used."
  G-15: a game of one declarer against three is settled "the soloist receives the value from each of the three
       opponents (±3×value), or pays each of them"; G-18 Kontra/Re ×2 each, G-19 Klopfen ×2 each.
So a group that plays it logs it as a game type: `game S bettel`, won with no trick, lost with any.  rules.md gives no
card order for a Bettel (which cards are trump, how they rank), so its tricks cannot be replayed: a Bettel is a
score-sheet line (docs/notation.md §14.7) and a card log of one is refused saying why.

bettel.shn by hand: Hias declares a Bettel and takes no trick: won (G-16); value 30, no Kontra, no Klopfen: Hias
receives 30 from each of Sepp, Vroni, Wast: Hias +90, each other seat -30; sum 0 (G-15; rules.md I-41 zero-sum).
"""

from __future__ import annotations

import pytest

from ingest.validate import validate_text
from tests.cli_helpers import cli, ingest_json, ledger, write

BETTEL = """%SHN 1.0
[Event "Stammtisch Zur Post"]
[Date "2026.12.19"]
[Seats "Sepp; Hias; Vroni; Wast"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 1  dealer Sepp
game Hias bettel  tricks 0  win
score Sepp -30 Hias +90 Vroni -30 Wast -30
"""
WON = {"Sepp": -30, "Hias": 90, "Vroni": -30, "Wast": -30}
LOST = {"Sepp": 30, "Hias": -90, "Vroni": 30, "Wast": 30}
SK_WORDS = "sauspiel solo wenz geier farbwenz farbgeier bettel"


def _judge(text: str):
    res = validate_text(text, "bettel.shn")
    return res, [e for r in res.rejected for e in r.errors] + list(res.errors)


def _stored(text: str):
    res, errs = _judge(text)
    assert errs == [], [str(e) for e in errs]
    (h,) = res.hands
    return h.outcome


def _at(text: str, line_start: str, token: str) -> tuple[int, int]:
    for i, line in enumerate(text.splitlines()):
        if line.startswith(line_start):
            return i + 1, line.index(token) + 1
    raise AssertionError(line_start)


def test_the_testers_bettel_is_stored():
    o = _stored(BETTEL)
    assert o.units == WON and sum(o.units.values()) == 0
    assert (o.game, o.game_type, o.sk_game, o.picker, o.partner, o.alone, o.outcome, o.picker_tricks) == \
        ("schafkopf", "bettel", "bettel", "Hias", None, True, "win", 0)
    assert o.provenance["units"] == "verified"


@pytest.mark.parametrize("result, units", [
    ("tricks 0  win", WON),               # the score derived: +90 / -30 each (G-15, G-16)
    ("tricks 0", WON),                    # no trick: won
    ("win", WON),
    ("tricks 2  lose", LOST),             # any trick loses the Bettel: Hias pays 30 to each, -90
    ("tricks 1", LOST),
    ("pts 4", LOST),                      # Augen means a trick taken: lost
    ("pts 0  tricks 0  win", WON),
])
def test_bettel_score_derived(result, units):
    o = _stored(BETTEL.replace("game Hias bettel  tricks 0  win\nscore Sepp -30 Hias +90 Vroni -30 Wast -30",
                               f"game Hias bettel  {result}"))
    assert o.units == units and o.provenance["units"] == "derived"


def test_bettel_outcome_from_the_score_alone():
    # the score says who won: +90 for Hias is the won Bettel, -90 the lost one
    o = _stored(BETTEL.replace("game Hias bettel  tricks 0  win", "game Hias bettel"))
    assert (o.units, o.outcome) == (WON, "win")
    o = _stored(BETTEL.replace("game Hias bettel  tricks 0  win", "game Hias bettel").replace(
        "score Sepp -30 Hias +90 Vroni -30 Wast -30", "score Sepp +30 Hias -90 Vroni +30 Wast +30"))
    assert (o.units, o.outcome) == (LOST, "lose")
    # the declarer from the score: 'game ? bettel' with Vroni +90
    o = _stored(BETTEL.replace("game Hias bettel  tricks 0  win", "game ? bettel").replace(
        "score Sepp -30 Hias +90 Vroni -30 Wast -30", "score Sepp -30 Hias -30 Vroni +90 Wast -30"))
    assert (o.picker, o.outcome) == ("Vroni", "win")


def test_bettel_with_kontra_and_klopfen():
    # Kontra by Sepp (G-18, x2) and Klopfen by Wast (G-19, x2, klopfen=on): 30 x 4 = 120 from each: Hias +360, each
    # -120; sum 0
    text = BETTEL.replace('[Rules "schafkopf-bsv"]', '[Rules "schafkopf-bsv; klopfen=on"]').replace("game Hias bettel  tricks 0  win", "klopfen Wast\ngame Hias bettel  kontra Sepp  tricks 0  win")
    o = _stored(text.replace("score Sepp -30 Hias +90 Vroni -30 Wast -30", "score Sepp -120 Hias +360 Vroni -120 Wast -120"))
    assert o.units == {"Sepp": -120, "Hias": 360, "Vroni": -120, "Wast": -120} and o.multiplier == 4


@pytest.mark.parametrize("old, new, code, token", [
    ("tricks 0  win", "tricks 0  lose", "E-OUTCOME", "lose"),        # no trick is a won Bettel (G-16)
    ("tricks 0  win", "tricks 1  win", "E-OUTCOME", "win"),          # a trick loses it
    ("tricks 0  win", "tricks 0  win-s", "E-OUTCOME", "win-s"),      # no schneider in a Bettel (G-16 "—")
    ("tricks 0  win", "tricks 8  lose-z", "E-OUTCOME", "lose-z"),    # nor schwarz
    ("tricks 0  win", "pts 10  win", "E-OUTCOME", "win"),            # Augen: a trick taken
    ("tricks 0  win", "laufende 3 with  tricks 0  win", "E-SK-LAUFENDE", "laufende"),  # no Laufende (G-16)
    ("tricks 0  win", "partner Sepp  tricks 0  win", "E-PARTNER", "Sepp"),             # one against three (G-15)
    ("bettel  tricks 0  win", "bettel tout  tricks 0  win", "E-SK-ANNOUNCE", "bettel"),  # no Bettel Tout (G-14)
    # a Solo's price (50, G-16) written for the Bettel: Sepp's -50 is the first entry the rules disagree with
    ("Sepp -30 Hias +90 Vroni -30 Wast -30", "Sepp -50 Hias +150 Vroni -50 Wast -50", "E-SCORE", "-50"),
])
def test_bettel_refusals(old, new, code, token):
    text = BETTEL.replace(old, new)
    _, errs = _judge(text)
    assert [e.code for e in errs] == [code], [str(e) for e in errs]
    line = "score" if code == "E-SCORE" else "game Hias"
    assert (errs[0].line, errs[0].col) == _at(text, line, token)


def test_a_bettels_tricks_are_not_replayed():
    text = BETTEL.replace("game Hias bettel  tricks 0  win", "game Hias bettel  tricks 0  win\nt1 Sepp: E7 EA EZ EK")
    _, errs = _judge(text)
    (e,) = errs
    assert e.code == "E-SK-BETTEL" and (e.line, e.col) == _at(text, "t1 Sepp", "t1")
    assert "card order" in e.message and "G-16" in e.message and "score-sheet line" in e.message


def test_a_tariff_without_a_bettel_price():
    # NetSchafkopf's tariff (Rufspiel 2, Einzelspiel 5) states no Bettel price: refused, saying how to give one
    text = BETTEL.replace('[Rules "schafkopf-bsv"]', '[Rules "netschafkopf"]')
    _, errs = _judge(text)
    (e,) = errs
    assert e.code == "E-SK-BETTEL" and "tariff.bettel" in e.message
    assert (e.line, e.col) == _at(text, "game Hias", "bettel")
    # the group's own price, tariff.bettel=3: Hias +9, each -3
    text = BETTEL.replace('[Rules "schafkopf-bsv"]', '[Rules "netschafkopf; tariff.bettel=3"]').replace(
        "score Sepp -30 Hias +90 Vroni -30 Wast -30", "score Sepp -3 Hias +9 Vroni -3 Wast -3")
    assert _stored(text).units == {"Sepp": -3, "Hias": 9, "Vroni": -3, "Wast": -3}


def test_stored_exported_and_read_back(tmp_path):
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "bettel.shn", BETTEL), db)
    assert rep["rejected"] == [] and rep["ingested"] == 1
    assert ledger(db) == WON
    out = cli("export", "--db", str(db), "--format", "shn").output
    assert "game Hias bettel" in out
    again = tmp_path / "again.duckdb"
    rep = ingest_json(write(tmp_path, "export.shn", out[:out.rindex("exported")]), again)
    assert rep["rejected"] == [] and rep["ingested"] == 1 and ledger(again) == WON


# ---- E-GAME names the words of the hand's own game


def test_unknown_game_word_names_the_schafkopf_words_only():
    text = BETTEL.replace("game Hias bettel", "game Hias hochzeit")
    _, errs = _judge(text)
    (e,) = errs
    assert e.code == "E-GAME" and e.expected == "one of " + SK_WORDS
    for word in ("ace", "best", "sidesolo", "billy"):
        assert word not in e.message.split("expected")[1]


def test_sie_names_the_schafkopf_words_only():
    _, errs = _judge(BETTEL.replace("game Hias bettel", "game Hias sie"))
    (e,) = errs
    assert e.code == "E-GAME" and "is not supported" in e.message and e.expected == "one of " + SK_WORDS


def test_unknown_indiana_word_names_the_indiana_words_only():
    text = """%SHN 1.0
[Event "Indiana"]
[Date "2026.12.19"]
[Seats "N; E; S; W"]
[Rules "in4"]

hand 1  dealer W
game N solo clubs  pts 70  win
"""
    _, errs = _judge(text.replace("game N solo clubs", "game N bettelx"))
    (e,) = errs
    assert e.code == "E-GAME" and e.expected == "one of ace best sidesolo billy"


# ---- a German scorer's outcome words


@pytest.mark.parametrize("word, want", [("gewonnen", "win"), ("verloren", "lose"), ("Gewonnen", "win"),
                                        ("won", "win")])
def test_german_outcome_words_get_the_hint(word, want):
    text = BETTEL.replace("tricks 0  win", f"tricks 0  {word}")
    _, errs = _judge(text)
    assert errs and errs[0].code == "E-STATEMENT"
    assert f"did you mean {want!r}?" in errs[0].message
    assert (errs[0].line, errs[0].col) == _at(text, "game Hias", word)


def test_the_schafkopf_page_counts_the_bettel(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    db = tmp_path / "page.duckdb"
    assert ingest_json(write(tmp_path, "bettel.shn", BETTEL), db)["ingested"] == 1
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(__import__("pathlib").Path(__file__).resolve().parents[1] / "dashboard" / "pages"
                               / "schafkopf.py"), default_timeout=60)
    at.run()
    assert not at.exception and not at.error
    types = at.dataframe[0].value
    assert dict(zip(types["game_type"], types["games"])) == {"bettel": 1}
    # Hias won his one Bettel: 100 %, as the grid gets it (percentage points, real31 B)
    assert dict(zip(types["game_type"], types["declarer_win_rate"])) == {"bettel": 100.0}
