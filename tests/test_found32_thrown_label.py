"""verify32 F8b: a deal thrown in (all four passed, no Ramsch played: rules.md G-4; SHN-SK ``thrown``) is
said "thrown in" by ``shead sheet``, the Sheet page and ``shead replay`` — nobody misdealt — from one source
(replay.outcome.outcome_label).

Record: the tester's n2.shn (the NetSchafkopf protocol of 01.12.26 exported as SHN-SK), copied inline.
By hand (tariff netschafkopf with tariff.solo=20, tariff.laufender=5; rules.md G-14, G-15, G-16, G-18):
  hand 1, hand 4: thrown in, G-4: 0 for everyone.
  hand 2: Xaver's Gras-Solo lost with 58 Augen (G-12: under 61), Kontra and Re (G-18: x2 x2 = x4):
          20 x 4 = 80 to each opponent; Xaver pays 3 x 80 = 240.  Loisl +80 Zenzi +80 Gust +80 Xaver -240.
  hand 3: Loisl's Wenz won with 67, 3 Laufende without (G-13, G-14): 20 + 3 x 5 = 35 from each opponent;
          Loisl +105, others -35.
  totals: Loisl 80 + 105 = 185, Zenzi 80 - 35 = 45, Gust 45, Xaver -240 - 35 = -275; sum 185+45+45-275 = 0.
"""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import cli, ledger, write

N2 = """%SHN 1.0
[Session "NetSchafkopf Schafkopfprotokoll_vom_01.12.26_01"]
[Event "NetSchafkopf"]
[Date "2026.12.01"]
[Seats "Loisl; Zenzi; Gust; Xaver"]
[Rules "netschafkopf; tariff.solo=20; tariff.schneider=5; tariff.schwarz=5; tariff.laufender=5; ramsch=off"]
[Cards "de"]

hand 1  dealer Xaver
thrown

hand 2  dealer Loisl
deal Loisl GZ HU GA HA S7 H8 EZ S8
deal Zenzi EA SZ HK SU H7 S9 GK E8
deal Gust  G7 SK HO E7 EU G9 HZ E9
deal Xaver G8 EK GO GU EO SA H9 SO
game Xaver solo gras
kontra ?  re ?
t1 Zenzi: HK HZ H9 H8
t2 Gust:  E9 EK EZ EA
t3 Zenzi: H7 EU SO HA
t4 Xaver: GU HU GK G9
t5 Xaver: G8 GZ SU G7
t6 Zenzi: E8 E7 SA S8
t7 Zenzi: SZ SK GO S7
t8 Xaver: EO GA S9 HO
laufende 0  pts 58  tricks 4  lose
score Loisl +80 Zenzi +80 Gust +80 Xaver -240

hand 3  dealer Zenzi
deal Loisl H7 HO G8 HA SU EA H8 S7
deal Zenzi S9 HK HZ SZ SA GA E9 EO
deal Gust  EK GZ EU SO G7 GK GU SK
deal Xaver H9 HU E7 GO E8 S8 EZ G9
game Loisl wenz
t1 Gust:  G7 GO G8 GA
t2 Zenzi: HZ SK H9 H8
t3 Zenzi: S9 SO S8 S7
t4 Gust:  GU HU SU HK
t5 Gust:  EK EZ EA E9
t6 Loisl: HO SA GK E7
t7 Loisl: HA EO GZ E8
t8 Loisl: H7 SZ EU G9
laufende 3 without  pts 67  tricks 3  win
score Loisl +105 Zenzi -35 Gust -35 Xaver -35

hand 4  dealer Gust
thrown
"""
SESSION = "NetSchafkopf Schafkopfprotokoll_vom_01.12.26_01"


def _db(tmp_path):
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "n2.shn", N2), "--db", str(db))
    assert ledger(db) == {"Loisl": 185, "Zenzi": 45, "Gust": 45, "Xaver": -275}
    return db


def test_shead_sheet_says_thrown_in_not_misdeal(tmp_path):
    db = _db(tmp_path)
    out = cli("sheet", SESSION, "--db", str(db)).output
    rows = {int(x.split()[0]): x for x in out.splitlines() if x.strip()[:1].isdigit()}
    for n in (1, 4):
        assert "thrown in" in rows[n] and "misdeal" not in rows[n], rows[n]
    assert "misdeal" not in out
    assert "total, 4 hands (2 played)" in " ".join(out.split())


def test_shead_replay_says_thrown_in_not_misdeal(tmp_path):
    db = _db(tmp_path)
    out = cli("replay", f"{SESSION}#1", "--db", str(db)).output
    assert "thrown in (nobody announced)" in out
    result = [x for x in out.splitlines() if x.startswith("Result:")]
    assert result and result[0].split(None, 1)[1].strip() == "thrown in", result
    assert "misdeal" not in out
    # the units: nothing settled (G-4)
    assert "Loisl +0   Zenzi +0   Gust +0   Xaver +0" in out


def test_the_sheet_page_says_thrown_in(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    db = _db(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "sheet.py"),
                           default_timeout=60)
    at.run()
    assert not at.exception
    shown = " ".join(str(df.value.to_dict()) for df in at.dataframe) + " ".join(m.value for m in at.markdown)
    assert "thrown in" in shown, shown[:2000]
    assert "misdeal" not in shown, shown[:2000]


def test_the_replay_page_says_thrown_in(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    db = _db(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "replay_hand.py"),
                           default_timeout=60)
    at.query_params["hand"] = "1"
    at.run()
    assert not at.exception
    # the hand's Result line and the hand finder's labels (the outcome filter's list of stored outcomes aside)
    shown = " ".join(m.value for m in at.markdown)
    labels = [str(o) for b in at.selectbox for o in b.options if str(o).startswith("Hand ")]
    assert "**Result** thrown in" in shown and "misdeal" not in shown, shown[:3000]
    assert "Hand 1 · thrown in (nobody announced) · score sheet" in labels, labels
    assert not any("misdeal" in x for x in labels), labels
