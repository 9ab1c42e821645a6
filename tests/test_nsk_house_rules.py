"""NetSchafkopf protocols under other house rules (issue 11): the tariff is
read off each file's own price lines and every game is checked against it.

The protocols are written here (tests/nsk_writer.py): the deals below, the
tricks played out by a fixed legal policy, the result sentence from the
tricks' Augen.  Every price and every change in the running table is worked
by hand from rules.md G-13..G-19 in the comments; the stored units must
equal them and every file must end on its own running table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.netschafkopf import read_protocol
from replay.schafkopf import parse_schafkopf_rules
from tests.nsk_writer import SEATS, play, protocol, result_line

D1 = {"PcLinks": "SK HZ GO GK SU EZ E9 EU", "PcOben": "E7 HA GZ HO S8 G9 H8 EA",
      "PcRechts": "H9 S9 E8 GU HU H7 G8 G7", "Gast": "EO S7 EK SA SZ SO HK GA"}
D2 = {"PcLinks": "HA SZ HK S7 S9 HU EA EU", "PcOben": "GK E7 G8 HZ H8 SU G7 GU",
      "PcRechts": "G9 SO EZ SA E8 HO GA GZ", "Gast": "H9 H7 E9 SK GO S8 EK EO"}
D3 = {"PcLinks": "GZ SA G8 GK SU EZ E9 EO", "PcOben": "H8 H9 G9 GU H7 HA SO E8",
      "PcRechts": "E7 S9 GA SZ EA SK EK S8", "Gast": "HU S7 HO GO EU HZ HK G7"}
D4 = {"PcLinks": "GA E9 HO HU SK G9 E8 GK", "PcOben": "H8 S9 G8 HK SU H9 SZ GO",
      "PcRechts": "HA E7 EZ S8 HZ SO EA SA", "Gast": "EK EU S7 GU H7 EO GZ G7"}
D5 = {"PcLinks": "EU GU SA EK SU GK HK SO", "PcOben": "H9 GZ HO GA E8 HZ G9 G7",
      "PcRechts": "S9 EO E9 EZ E7 G8 EA S7", "Gast": "HU S8 SK H8 SZ GO H7 HA"}
# the short pack (rules.md G-3): no 7s or 8s, six cards each
D10 = {"PcLinks": "HU EO GO H9 G9 SU", "PcOben": "HA E9 GZ GK SZ EK",
       "PcRechts": "GU EU SO SK HK GA", "Gast": "EA S9 HO HZ EZ SA"}

HEADER = ["netschafkopf_helper", "gespielt von Gast am 12.11.26 mit Version 8.00, Update 07.09.20.",
          "Regeln: Standard"]


def game(deal, line, declarer=None, *, price, units, preis, kontra=0, short=False):
    p = play("Gast", deal, line, declarer, kontra=kontra, short=short)
    return p, result_line(p, line), price, units, preis


def totals(result):
    out = {s: 0 for s in SEATS}
    for vh in result.hands:
        for s, u in vh.outcome.units.items():
            out[s] += u
    return out


def errors(result):
    return [d for d in result.errors if d.severity == "error"] + [d for r in result.rejected for d in r.errors]


# --------------------------------------------------------------------------
# File A: 10/50, Laufende from 3 in a Rufspiel and from 2 in a Wenz, Ramsch 20,
# "aufgedoppelt" on a Rufspiel, a Solo and a Ramsch.
# --------------------------------------------------------------------------

def file_a(a4_price="Das Einzelspiel kostet 50 Punkte. 1 mal aufgedoppelt 100 Punkte.",
           a4_units=(-100, -100, 300, -100), a4_preis=100):
    return protocol(HEADER, [
        # A1 Rufspiel PcLinks with Gast (Gras-Sau): 95 Augen in 7 tricks, the opponents 25 <= 30: schneider,
        # not schwarz.  Laufende: EO (Gast), GO (PcLinks), then HO (PcOben) -> a run of 2 with, not counted
        # (from 3).  10 + 10 = 20; each player +-20.
        game(D1, "Mit der Gras-Ass", "PcLinks", price="Das Rufspiel kostet 10 Punkte. Mit Schneider 20 Punkte.",
             units=[20, -20, -20, 20], preis=20),
        # A2 Rufspiel Gast with PcLinks (Schellen-Sau): 64 Augen, opponents 56: won.  EO (PcLinks), GO, HO (Gast),
        # SO (PcOben): 3 with, counted.  10 + 3 x 10 = 40, 1 mal aufgedoppelt x2 = 80; +-80.
        game(D3, "Mit der Schellen-Ass", "Gast",
             price="Das Rufspiel kostet 10 Punkte. Mit 3 Laufenden 40 Punkte. 1 mal aufgedoppelt 80 Punkte.",
             units=[80, -80, -80, 80], preis=80),
        # A3 Wenz Gast: 58 Augen, lost (opponents 62).  EU GU (Gast), HU (PcLinks): 2 with, counted from 2 in a
        # Wenz.  50 + 2 x 10 = 70; Gast pays 3 x 70 = 210.
        game(D4, "Wenz", "Gast", price="Das Einzelspiel kostet 50 Punkte. Mit 2 Laufenden 70 Punkte.",
             units=[70, 70, 70, -210], preis=70),
        # A4 Eichel-Solo PcRechts: 66 Augen, won.  EO is his, GO is Gast's: a run of 1, nothing.
        # 50, 1 mal aufgedoppelt x2 = 100; PcRechts takes 3 x 100 = 300.
        game(D5, "Eichel-Solo", "PcRechts", price=a4_price, units=list(a4_units), preis=a4_preis),
        # A5 Ramsch: Augen PcLinks 47, PcOben 18, PcRechts 48, Gast 7; everyone took a trick (no Jungfrau).
        # PcRechts loses.  20, 1 mal aufgedoppelt x2 = 40 to each of three: -120.
        game(D4, None, price="Der Ramsch kostet 20 Punkte. 1 mal aufgedoppelt 40 Punkte.",
             units=[40, 40, -120, 40], preis=40),
        # A6 Wenz PcOben: 50 Augen, lost.  All four Unter are the opponents' (EU SU PcLinks, GU HU PcRechts):
        # ohne 4.  50 + 4 x 10 = 90; PcOben pays 270.
        game(D1, "Wenz", "PcOben", price="Das Einzelspiel kostet 50 Punkte. Ohne 4 Laufende 90 Punkte.",
             units=[90, -270, 90, 90], preis=90),
    ])


def test_tariff_10_50_with_doublings_and_laufende_from_2_and_3():
    r = read_protocol(file_a().encode("utf-8"), "house_a.txt")
    assert errors(r) == [] and len(r.hands) == 6
    # by hand: PcLinks 20+80+70-100+40+90 = 200; PcOben -20-80+70-100+40-270 = -360;
    # PcRechts -20-80+70+300-120+90 = 240; Gast 20+80-210-100+40+90 = -80 (sum 0)
    assert totals(r) == {"PcLinks": 200, "PcOben": -360, "PcRechts": 240, "Gast": -80}
    assert r.log_totals == totals(r)
    assert [vh.outcome.units["PcRechts"] for vh in r.hands] == [-20, -80, 70, 300, -120, 90]
    prof = parse_schafkopf_rules(r.rules)
    t = prof.tariff
    assert (t.sauspiel, t.solo, t.schneider, t.laufender, t.ramsch) == (10, 50, 10, 10, 20)
    assert prof.klopfen is True and prof.shortDeck is False
    # Rufspiel: a run of 2 not paid, one of 3 paid -> from 3; Wenz: 2 paid -> from 2
    assert prof.laufendeMin.sauspiel == 3 and prof.laufendeMin.wenz == 2
    # every game stored under the same inferred [Rules] text
    assert {vh.outcome.rules for vh in r.hands} == {r.rules}
    # the doublings: x2 once in A2, A4, A5 (multiplier 2), none elsewhere
    assert [vh.outcome.multiplier for vh in r.hands] == [1, 2, 1, 2, 2, 1]


def test_one_game_priced_otherwise_is_caught_and_the_session_is_incomplete():
    # A4 priced at 40 while A3 and A6 price the Einzelspiel at 50: the majority gives 50, so A4 is refused
    r = read_protocol(file_a("Das Einzelspiel kostet 40 Punkte. 1 mal aufgedoppelt 80 Punkte.",
                             (-80, -80, 240, -80), 80).encode("utf-8"), "house_a_bad.txt")
    assert [rh.hand for rh in r.rejected] == [4]
    assert r.rejected[0].errors[0].code == "E-NSK-PRICE"
    assert "kostet 50 Punkte" in r.rejected[0].errors[0].message
    assert len(r.hands) == 5
    warn = [d for d in r.errors if d.code == "W-NSK-INCOMPLETE"]
    assert len(warn) == 1
    # stored without A4: PcLinks 200+100 = 300 (A4 cost him 100 in the good file), and the log's table
    # (with A4 at 80) has PcLinks 200 + 100 - 80 = 220: the warning names both
    assert totals(r)["PcLinks"] == 300 and r.log_totals["PcLinks"] == 220
    assert "PcLinks +300" in warn[0].message and "PcLinks +220" in warn[0].message


# --------------------------------------------------------------------------
# File B: 1/5, Laufende not counted, Jungfrau doubles the Ramsch price
# --------------------------------------------------------------------------

def file_b():
    return protocol(HEADER, [
        # B1 Rufspiel Gast with PcLinks (Eichel-Sau): 93 Augen in 6 tricks: schneider.  1 + 1 = 2.
        game(D2, "Mit der Eichel-Ass", "Gast", price="Das Rufspiel kostet 1 Punkt. Mit Schneider 2 Punkte.",
             units=[2, -2, -2, 2], preis=2),
        # B2 Rufspiel Gast with PcRechts (Schellen-Sau): 65 Augen, won.  EO GO (Gast), HO SO (PcRechts): 4 with,
        # and the log counts none: 1.
        game(D2, "Mit der Schellen-Ass", "Gast", price="Das Rufspiel kostet 1 Punkt.",
             units=[-1, -1, 1, 1], preis=1),
        # B3 Herz-Solo PcLinks: 44 Augen, lost.  EO (PcRechts), GO (Gast), HO (PcOben): ohne 3, not counted: 5;
        # PcLinks pays 15.
        game(D5, "Herz-Solo", "PcLinks", price="Das Einzelspiel kostet 5 Punkte.", units=[-15, 5, 5, 5], preis=5),
        # B4 Geier PcOben: 63 Augen, won; EO GO the opponents': ohne 2, not counted: 5; +15.
        game(D1, "Geier", "PcOben", price="Das Einzelspiel kostet 5 Punkte.", units=[-5, 15, -5, -5], preis=5),
        # B5 Ramsch: Augen PcLinks 51, PcOben 25, PcRechts 0 (no trick: Jungfrau), Gast 44.  PcLinks loses:
        # 1, Mit 1 mal Jungfrau x2 = 2 to each of three: -6.
        game(D1, None, price="Der Ramsch kostet 1 Punkt. Mit 1 mal Jungfrau 2 Punkte.",
             units=[-6, 2, 2, 2], preis=2),
    ])


def test_tariff_1_5_laufende_not_counted_jungfrau():
    r = read_protocol(file_b().encode("utf-8"), "house_b.txt")
    assert errors(r) == [] and len(r.hands) == 5
    # by hand: PcLinks 2-1-15-5-6 = -25; PcOben -2-1+5+15+2 = 19; PcRechts -2+1+5-5+2 = 1; Gast 2+1+5-5+2 = 5
    assert totals(r) == {"PcLinks": -25, "PcOben": 19, "PcRechts": 1, "Gast": 5} == r.log_totals
    prof = parse_schafkopf_rules(r.rules)
    assert (prof.tariff.sauspiel, prof.tariff.solo, prof.tariff.schneider, prof.tariff.ramsch) == (1, 5, 1, 1)
    # a Rufspiel run of 4 and a Solo run of 3 went unpaid, none was paid: not counted (0)
    assert prof.laufendeMin.sauspiel == 0 and prof.laufendeMin.solo == 0
    assert prof.jungfrau == "doublesAll"


def test_same_rule_set_name_different_tariffs():
    # both headers say "Regeln: Standard"; the prices decide
    a = parse_schafkopf_rules(read_protocol(file_a().encode(), "a.txt").rules)
    b = parse_schafkopf_rules(read_protocol(file_b().encode(), "b.txt").rules)
    assert a.tariff.sauspiel == 10 and b.tariff.sauspiel == 1


# --------------------------------------------------------------------------
# File C: 20/100, the short pack, Kontra; Latin-1 with bare CR line ends
# --------------------------------------------------------------------------

def file_c():
    return protocol(HEADER, [
        # C1 Rufspiel PcLinks with PcRechts (Gras-Sau, written "Grün"): every trick, 120 Augen: schwarz.
        # 20 + 20 + 20 = 60; +-60.
        game(D10, "Mit der Grün-Ass", "PcLinks", short=True,
             price="Das Rufspiel kostet 20 Punkte. Mit Schneider 40 Punkte. Mit Schwarz 60 Punkte.",
             units=[60, -60, 60, -60], preis=60),
        # C2 Herz-Solo PcRechts, Kontra: 50 Augen, lost.  EO GO (PcLinks), HO (Gast), SO his own: ohne 3.
        # 100 + 3 x 20 = 160, 1 mal gespritzt x2 = 320; PcRechts pays 960.
        game(D10, "Herz-Solo", "PcRechts", short=True, kontra=1,
             price="Das Einzelspiel kostet 100 Punkte. Ohne 3 Laufende 160 Punkte. 1 mal gespritzt 320 Punkte.",
             units=[320, 320, -960, 320], preis=320),
        # C3 Wenz PcRechts: 68 Augen, won; EU GU his, HU PcLinks': 2 with, not counted in this house: 100; +300.
        game(D10, "Wenz", "PcRechts", short=True, price="Das Einzelspiel kostet 100 Punkte.",
             units=[-100, -100, 300, -100], preis=100),
    ])


def test_tariff_20_100_short_pack_latin1_cr():
    text = file_c()
    assert "Grün" in text
    data = text.replace("\n", "\r").encode("iso-8859-1")
    assert b"\n" not in data and b"Gr\xfcn" in data
    r = read_protocol(data, "house_c.txt")
    assert errors(r) == [] and len(r.hands) == 3
    # by hand: PcLinks 60+320-100 = 280; PcOben -60+320-100 = 160; PcRechts 60-960+300 = -600;
    # Gast -60+320-100 = 160 (sum 0)
    assert totals(r) == {"PcLinks": 280, "PcOben": 160, "PcRechts": -600, "Gast": 160} == r.log_totals
    prof = parse_schafkopf_rules(r.rules)
    assert prof.shortDeck is True and prof.tricks == 6
    assert (prof.tariff.sauspiel, prof.tariff.solo, prof.tariff.schneider, prof.tariff.schwarz,
            prof.tariff.laufender) == (20, 100, 20, 20, 20)
    assert all(len(vh.cardlog.plays) == 24 for vh in r.hands)  # 6 tricks of 4: complete, not truncated


def test_5x_header():
    # an older program version's header: no "gespielt von" line, the version and date on their own lines
    header = ["NetSchafkopf Version 5.20", "Schafkopfprotokoll vom 11.11.08", "Regeln: PM-Regeln"]
    text = protocol(header, [
        game(D1, "Mit der Gras-Ass", "PcLinks", price="Das Rufspiel kostet 10 Punkte. Mit Schneider 20 Punkte.",
             units=[20, -20, -20, 20], preis=20),
        game(D4, "Wenz", "Gast", price="Das Einzelspiel kostet 50 Punkte. Mit 2 Laufenden 70 Punkte.",
             units=[70, 70, 70, -210], preis=70),
    ])
    r = read_protocol(text.encode("cp1252"), "old.txt")
    assert errors(r) == [] and len(r.hands) == 2
    # 20 + 70 = 90, -20 + 70 = 50, -20 + 70 = 50, 20 - 210 = -190
    assert totals(r) == {"PcLinks": 90, "PcOben": 50, "PcRechts": 50, "Gast": -190}
    assert r.hands[0].outcome.date == "2008-11-11"


def test_rules_override_and_missing_facts():
    text = protocol(HEADER, [
        game(D4, "Wenz", "Gast", price="Das Einzelspiel kostet fünfzig Punkte.", units=[70, 70, 70, -210],
             preis=70),
    ])
    r = read_protocol(text.encode(), "short.txt")
    assert [d.code for d in r.errors] == ["E-NSK-TARIFF"]
    assert "tariff.solo" in r.errors[0].message and r.hands == []


def test_rules_override_replaces_the_inferred_tariff():
    # B's games read under the shipped netschafkopf tariff (Rufspiel 2) instead: B1 is priced 1 + 1 = 2 in the
    # log, but 2 + 1 = 3 under the override, so it is refused
    r = read_protocol(file_b().encode(), "b.txt", rules="netschafkopf")
    assert r.rules == "netschafkopf"
    assert 1 in [rh.hand for rh in r.rejected]
    assert any(d.code == "E-NSK-PRICE" for d in r.rejected[0].errors)


@pytest.mark.parametrize("make,encode", [(file_a, "utf-8"), (file_b, "utf-8"), (file_c, "iso-8859-1"),
                                         (lambda: file_schieber(), "utf-8")])
def test_export_shn_sk_states_the_tariff_and_reads_back_to_the_same_amounts(db, make, encode):
    import io

    from ingest import export as ex
    from ingest import store as st
    from ingest.validate import validate_text

    res = read_protocol(make().encode(encode), f"{make.__name__}.txt")
    with st.Store(db) as s:
        s.ingest_file(res, source_format="netschafkopf")
    buf = io.StringIO()
    with st.reading(db) as con:
        assert ex.export_shn(con, buf) == len(res.hands)
    text = buf.getvalue()
    assert f'[Rules "{res.rules}"]' in text  # the inferred tariff, as documented flags
    back = validate_text(text, path="export.shn")
    assert not back.errors and not back.rejected, (back.errors, back.rejected[:1])
    assert [vh.outcome.units for vh in back.hands] == [vh.outcome.units for vh in res.hands]
    assert [vh.outcome.multiplier for vh in back.hands] == [vh.outcome.multiplier for vh in res.hands]


# --------------------------------------------------------------------------
# The end check in the store, `shead ledger` and the Ledger page
# --------------------------------------------------------------------------

def test_incomplete_session_in_shead_ledger_and_on_the_ledger_page(db, tmp_path, monkeypatch):
    import json

    from streamlit.testing.v1 import AppTest
    from typer.testing import CliRunner

    from ingest.cli import app

    good = tmp_path / "house_a.txt"
    bad = tmp_path / "house_a_bad.txt"
    good.write_text(file_a(), encoding="utf-8")
    # another sitting (a day later) played from the same deals, its A4 priced otherwise: a protocol of its own
    # (the same header and deals would be the stored protocol, docs/storage.md "Duplicates by meaning")
    bad.write_text(file_a("Das Einzelspiel kostet 40 Punkte. 1 mal aufgedoppelt 80 Punkte.", (-80, -80, 240, -80),
                          80).replace("am 12.11.26", "am 13.11.26"), encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["ingest", str(good), str(bad), "--db", str(db)])
    assert res.exit_code == 1  # one game refused
    assert "W-NSK-INCOMPLETE" in res.output
    res = runner.invoke(app, ["ledger", "--db", str(db), "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    # file A in full: PcLinks 200, PcOben -360, PcRechts 240, Gast -80; the bad file without A4 (worked above:
    # PcLinks 300, and the others: PcOben -360+100 = -260, PcRechts 240-300 = -60, Gast -80+100 = 20)
    # -> PcLinks 500, PcRechts 180, Gast -60, PcOben -620, over 6 + 5 = 11 games, 2 sessions, 1 incomplete
    assert [(r["player"], r["unit"], r["total"], r["hands"], r["sessions"], r["incomplete_sessions"])
            for r in rows] == [("PcLinks", "tariff points", 500, 11, 2, 1), ("PcRechts", "tariff points", 180, 11, 2, 1),
                               ("Gast", "tariff points", -60, 11, 2, 1), ("PcOben", "tariff points", -620, 11, 2, 1)]
    text = runner.invoke(app, ["ledger", "--db", str(db)]).output
    assert "Incomplete sessions" in text and "NetSchafkopf house_a_bad" in text
    # the Ledger page: the same totals, and the incomplete session named beside them
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "ledger.py"),
                           default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    board = at.dataframe[0].value
    assert dict(zip(board["player"], board["units"])) == {r["player"]: r["total"] for r in rows}
    per_unit = next(d.value for d in at.dataframe if "unit" in d.value.columns)
    assert dict(zip(per_unit["player"], per_unit["total"])) == {r["player"]: r["total"] for r in rows}
    assert any("NetSchafkopf house_a_bad" in w.value and "refused" in w.value for w in at.warning)


# --------------------------------------------------------------------------
# Schieber: cards passed after the deal
# --------------------------------------------------------------------------

def file_schieber():
    # Both games are played from D1's hands; they were dealt with PcLinks holding H9 and PcRechts SK, which the
    # two then passed to each other.  Game 1 writes the passing, game 2 does not.
    pre = {**D1, "PcLinks": "H9 HZ GO GK SU EZ E9 EU", "PcRechts": "SK S9 E8 GU HU H7 G8 G7"}
    games = []
    for with_passes in (True, False):
        p, res, price, units, preis = game(D1, "Mit der Gras-Ass", "PcLinks",
                                           price="Das Rufspiel kostet 10 Punkte. Mit Schneider 20 Punkte.",
                                           units=[20, -20, -20, 20], preis=20)
        deal_lines = [f"{s:>12} hat: {pre[s]}" for s in SEATS]  # dealer Gast: PcLinks first
        extra = ["Spielart: Schieber"]
        if with_passes:
            extra += ["     PcLinks schiebt PcRechts: H9", "    PcRechts schiebt PcLinks: SK"]
        p.block = [p.block[0], *deal_lines, *extra, *p.block[5:]]
        games.append((p, res, price, units, preis))
    return protocol(HEADER, games)


def test_schieber_with_and_without_the_passed_cards():
    r = read_protocol(file_schieber().encode(), "schieber.txt")
    assert [d for d in errors(r)] == [] and len(r.hands) == 2
    replayed, sheet = r.hands
    # game 1: replayed from the hands after passing: schneider (95 Augen), 10 + 10 = 20 each, as A1
    assert replayed.outcome.status == "full" and replayed.cardlog is not None
    assert replayed.outcome.units == {"PcLinks": 20, "PcOben": -20, "PcRechts": -20, "Gast": 20}
    # the hands played: SK (KD in SHN spelling) now PcLinks', H9 (9H) PcRechts'
    assert "KD" in replayed.cardlog.deal["PcLinks"] and "9H" not in replayed.cardlog.deal["PcLinks"]
    assert "9H" in replayed.cardlog.deal["PcRechts"] and "KD" not in replayed.cardlog.deal["PcRechts"]
    # game 2: the deal lines are not the hands played: a score-sheet game with the log's amounts
    assert sheet.outcome.status == "score-sheet" and sheet.cardlog is None
    assert sheet.outcome.units == {"PcLinks": 20, "PcOben": -20, "PcRechts": -20, "Gast": 20}
    assert [d.code for d in sheet.diagnostics] == ["W-NSK-SCHIEBER"]
    # the file ends on its table: 20 + 20 = 40, -40, -40, 40
    assert totals(r) == {"PcLinks": 40, "PcOben": -40, "PcRechts": -40, "Gast": 40} == r.log_totals


def test_schafkopf_page_shows_each_files_house_rules(db, monkeypatch):
    from streamlit.testing.v1 import AppTest

    from ingest import store as st

    with st.Store(db) as s:
        for make, name in ((file_a, "a.txt"), (file_b, "b.txt")):
            s.ingest_file(read_protocol(make().encode(), name), source_format="netschafkopf")
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "schafkopf.py"),
                           default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    house = at.dataframe[-1].value
    tariffs = dict(zip(house["games"], house["tariff"]))
    # file A: 6 games at 10/50 (Ramsch 20); file B: 5 games at 1/5 (Ramsch 1)
    assert tariffs[6].startswith("Rufspiel 10 · Einzelspiel 50 · Ramsch 20")
    assert tariffs[5].startswith("Rufspiel 1 · Einzelspiel 5 · Ramsch 1")
