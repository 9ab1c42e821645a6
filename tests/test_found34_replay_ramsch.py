"""break34 F4: the Replay page said a score-sheet Ramsch (``ramsch`` and a
score line, no cards) was "thrown in" — the deal was played; the Sheet,
``shead sheet`` and ``shead replay`` say its result.

Worked by hand under the tester's rules (tariff.ramsch=20, tariff.solo=60,
tariff.schneider=10, tariff.schwarz=10; rules.md G-16, G-17):

* hand 4, a Ramsch lost by Sepp with Vroni a Jungfrau (no trick, paid
  double, G-17): Sepp pays Hans 20, Rosi 20, Vroni 2 x 20 = 40: Sepp -80,
  Hans +20, Rosi +20, Vroni +40 (sum 0).
* hand 10, a Durchmarsch by Hans (G-17, durchmarsch=allTricks: won as a
  schwarz solo, 60 + 10 + 10 = 80 from each of three): Hans +240, the others
  -80 (sum 0).  Nobody "lost" it by Augen, nothing was thrown in.
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.store import reading

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"

NIGHT = """%SHN 1.0
[Event "Stammtisch Zum Ochsen"]
[Date "2026.11.20"]
[Seats "Sepp=Sepp; Hans=Hans; Rosi=Rosi; Vroni=Vroni"]
[Rules "schafkopf; laufendeMin=sauspiel:3,wenz:2; tariff.sauspiel=20; tariff.solo=60; tariff.schneider=10; \
tariff.schwarz=10; tariff.laufender=10; tariff.ramsch=20"]

hand 4  dealer Rosi
ramsch
score Sepp -80 Hans +20 Rosi +20 Vroni +40

hand 10  dealer Sepp
ramsch
score Sepp -80 Hans +240 Rosi -80 Vroni -80
"""


def _page(tmp_path, monkeypatch, hand):
    f = tmp_path / "night.shn"
    f.write_text(NIGHT, encoding="utf-8")
    db = tmp_path / "n.duckdb"
    r = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert r.exit_code == 0 and "2 stored" in r.output, r.output
    with reading(db) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands WHERE hand = ?", [hand]).fetchone()
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hid)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info])


def test_replay_page_says_a_score_sheet_ramsch_durchmarsch(tmp_path, monkeypatch):
    t = _page(tmp_path, monkeypatch, 10)
    assert "thrown in" not in t and "nobody announced" not in t
    assert "**Result** Ramsch: Durchmarsch by Hans" in t
    assert "**Score** Sepp -80 · Hans +240 · Rosi -80 · Vroni -80" in t


def test_replay_page_says_a_score_sheet_ramsch_loser_and_jungfrau(tmp_path, monkeypatch):
    t = _page(tmp_path, monkeypatch, 4)
    assert "thrown in" not in t and "nobody announced" not in t
    assert "**Result** Ramsch: Sepp lost; Jungfrau Vroni" in t
    assert "**Score** Sepp -80 · Hans +20 · Rosi +20 · Vroni +40" in t
