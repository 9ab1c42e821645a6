"""Session 30, verify30 F6: the Schafkopf page said "Declarer side with Laufende 28.6% — 2 of 7 games with a
declarer" while the same page counted 11 games with a declarer: the Bettels (`game S bettel`, new in session 30)
count no Laufende (rules.md G-16: "Bettel | 30 | — | — | —", no per-runner price) and were left out of the
Laufende rates without a word.  The captions now say what the denominator is: the games that count Laufende, and
the Bettels (and any game whose Laufende are not recorded) left out of it.

The night by hand (schafkopf-bsv, the BSV 10/50 tariff, rules.md G-16; Laufende from 3 in a Sauspiel, 2 in a
Wenz, G-13; a game of one against three settled ±3 x value, G-15):

* hand 1: Hias Sauspiel on the Eichel-Sau with Vroni, 3 Laufende with, 70 Augen: won (61+, G-12), no schneider;
  10 + 3 x 10 = 40 (G-14): Hias +40, Vroni +40, Sepp -40, Wast -40.
* hand 2: Vroni Wenz, Laufende 0 (none counted), 80 Augen, won: 50; Vroni +150, the others -50 each.
* hand 3: Wast Sauspiel on the Gras-Sau with Sepp, 3 Laufende without (the opponents held them), 50 Augen: lost,
  no schneider (31+); 10 + 30 = 40: Wast -40, Sepp -40, Hias +40, Vroni +40.
* hand 4: Hias Bettel, no trick: won, 30 (G-16): Hias +90, the others -30.
* hand 5: Sepp Bettel, a trick taken: lost: Sepp -90, the others +30.
Totals: Sepp -250, Hias +150, Vroni +230, Wast -130 (sum 0, I-41).

Games with a declarer: 5 (no Ramsch); declarer wins: hands 1, 2, 4 = 3 of 5.  Games that count Laufende: hands 1-3
(the two Bettels count none, G-16) = 3: declarer side with Laufende 1 of 3 = 33.3% (hand 1), opponents 1 of 3 =
33.3% (hand 3), none 1 of 3 = 33.3% (hand 2).  1 + 1 + 1 = 3; 3 + 2 Bettels = 5 games with a declarer.
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.cli_helpers import ingest_json, ledger, write

PAGE = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "schafkopf.py"
NIGHT = """%SHN 1.0
[Event "Stammtisch Zur Post"]
[Date "2026.12.19"]
[Seats "Sepp; Hias; Vroni; Wast"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 1  dealer Sepp
game Hias sauspiel EA  partner Vroni  laufende 3 with  pts 70  win

hand 2  dealer Hias
game Vroni wenz  laufende 0  pts 80  win

hand 3  dealer Vroni
game Wast sauspiel GA  partner Sepp  laufende 3 without  pts 50  lose

hand 4  dealer Wast
game Hias bettel  tricks 0  win

hand 5  dealer Sepp
game Sepp bettel  tricks 1  lose
"""


def _page(tmp_path, monkeypatch, text: str = NIGHT) -> AppTest:
    db = tmp_path / "sk.duckdb"
    assert ingest_json(write(tmp_path, "post.shn", text), db)["ingested"] == text.count("\nhand ")
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.exception]
    return at


def _metric(at: AppTest, label: str) -> str:
    (m,) = [m.value for m in at.metric if m.label == label]
    return m


def test_the_laufende_rate_says_its_denominator_and_the_bettels_left_out(tmp_path, monkeypatch):
    at = _page(tmp_path, monkeypatch)
    captions = "\n".join(c.value for c in at.caption)
    # the same page's count of games with a declarer: 5 (3 won)
    assert "3 of 5 games with a declarer" in captions, captions
    assert _metric(at, "Declarer side with Laufende") == "33.3%"
    assert _metric(at, "Opponents with Laufende") == "33.3%"
    assert _metric(at, "No Laufende") == "33.3%"
    (laufende,) = [c.value for c in at.caption if "declaring party held the run" in c.value]
    assert laufende.startswith("1 of 3 games that count Laufende (of the 5 games with a declarer; "
                               "2 Bettels count none, rules.md G-16)"), laufende


def test_the_ledger_of_the_night_is_as_worked_by_hand(tmp_path):
    db = tmp_path / "l.duckdb"
    ingest_json(write(tmp_path, "post.shn", NIGHT), db)
    got = ledger(db)
    assert got == {"Sepp": -250, "Hias": 150, "Vroni": 230, "Wast": -130} and sum(got.values()) == 0


def test_only_bettels_say_why_no_rate(tmp_path, monkeypatch):
    """Hands 4 and 5 alone: 2 games with a declarer, both Bettels: no Laufende rate, and the page says why."""
    at = _page(tmp_path, monkeypatch, NIGHT.split("hand 1")[0] + "hand 4" + NIGHT.split("hand 4")[1])
    info = " ".join(i.value for i in at.info)
    assert "the 2 games with a declarer are Bettels, which count no Laufende (rules.md G-16)" in info, info
