"""Schafkopf totals over games of different tariffs (a tester's finding: a
BSV 10/50 cent game beside NetSchafkopf's 2/5/1 points was added into one
total without a word).  The ledgers keep one total per game, as before, and
now say when it adds amounts of more than one tariff.  Amounts by hand
(rules.md G-14, G-15): a Sauspiel won without schneider or Laufende is the
Rufspiel price from each loser to one winner — 10 under ``schafkopf-bsv``,
2 under ``netschafkopf``."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from dashboard import metrics as m
from ingest import store as st
from ingest.cli import app

runner = CliRunner()


def night(event: str, rules: str, price: int) -> str:
    return (f'%SHN 1.0\n[Event "{event}"]\n[Date "2026.11.28"]\n[Seats "Sepp; Vroni; Hias; Resi"]\n'
            f'[Rules "{rules}"]\n[Cards "de"]\n\nhand 1  dealer Resi\ngame Vroni sauspiel SA\n'
            f'partner Hias  laufende 0  pts 70  win\n'
            f'score Sepp -{price} Vroni +{price} Hias +{price} Resi -{price}\n')


def test_totals_of_two_tariffs_are_named_as_such(db, tmp_path):
    for name, text in (("bsv.shn", night("Stammtisch", "schafkopf-bsv", 10)),
                       ("nsk.shn", night("Online", "netschafkopf", 2))):
        (tmp_path / name).write_text(text)
        r = runner.invoke(app, ["ingest", str(tmp_path / name), "--db", str(db)])
        assert r.exit_code == 0 and "1 stored" in r.output, r.output
    with st.reading(db) as con:
        tariffs = m.schafkopf_tariffs(con, m.Filters())
        assert [(t["games"], t["rules"]) for t in tariffs] in ([(1, ["netschafkopf"]), (1, ["schafkopf-bsv"])],
                                                               [(1, ["schafkopf-bsv"]), (1, ["netschafkopf"])])
        assert {t["tariff"].split(" · ")[0] for t in tariffs} == {"Rufspiel 2", "Rufspiel 10"}
        one = m.schafkopf_tariffs(con, m.Filters(rules=("schafkopf-bsv",)))
        assert m.mixed_tariffs_note(one) is None
    r = runner.invoke(app, ["ledger", "--db", str(db)], env={"COLUMNS": "200"})
    out = " ".join(r.output.split())
    assert r.exit_code == 0
    # Vroni +10 +2 = +12, Sepp -12: the one total, as before, now with the note
    assert "│ Vroni │ +12 │" in out and "│ Sepp │ -12 │" in out
    assert "note: These Schafkopf totals add amounts priced by 2 different tariffs" in out
    assert "(1 game, rules 'schafkopf-bsv')" in out and "(1 game, rules 'netschafkopf')" in out
    r = runner.invoke(app, ["ledger", "--db", str(db), "--json"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and "note: These Schafkopf totals add amounts priced by 2 different tariffs" in \
        " ".join(r.stderr.split())
    assert {d["player"]: d["total"] for d in json.loads(r.stdout)}["Vroni"] == 12
    r = runner.invoke(app, ["ledger", "--db", str(db), "--rules", "schafkopf-bsv"], env={"COLUMNS": "200"})
    out = " ".join(r.output.split())
    assert "│ Vroni │ +10 │" in out and "different tariffs" not in out


def test_one_price_list_under_other_laufende_minimums_is_one_tariff(db, tmp_path):
    """user15: twelve protocols of one price list (Rufspiel 2, Einzelspiel 5, Ramsch 1, Schneider +1,
    Schwarz +1, Laufender +1), read as 'netschafkopf' and, where a Wenz or Geier with 2 Laufende was
    priced, '...; laufendeMin=wenz:2' or '...; laufendeMin=geier:2': the ledger said "3 different
    tariffs".  From how many Laufende count (G-13) is no price: one tariff, no note.  Vroni wins a
    Sauspiel without Laufende in each of the three nights: 2 each (G-14), +2 +2 +2 = +6."""
    for name, rules in (("a.shn", "netschafkopf"), ("b.shn", "netschafkopf; laufendeMin=wenz:2"),
                        ("c.shn", "netschafkopf; laufendeMin=geier:2")):
        (tmp_path / name).write_text(night(name, rules, 2))
        r = runner.invoke(app, ["ingest", str(tmp_path / name), "--db", str(db)])
        assert r.exit_code == 0 and "1 stored" in r.output, r.output
    with st.reading(db) as con:
        tariffs = m.schafkopf_tariffs(con, m.Filters())
    assert [(t["tariff"], t["games"], sorted(t["rules"])) for t in tariffs] == [
        ("Rufspiel 2 · Einzelspiel 5 · Ramsch 1 · Schneider +1 · Schwarz +1 · Laufender +1", 3,
         ["netschafkopf", "netschafkopf; laufendeMin=geier:2", "netschafkopf; laufendeMin=wenz:2"])]
    assert m.mixed_tariffs_note(tariffs) is None
    r = runner.invoke(app, ["ledger", "--db", str(db)], env={"COLUMNS": "200"})
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "│ Vroni │ +6 │" in out and "different tariffs" not in out


def test_the_ledger_page_warns_of_two_tariffs(db, tmp_path, monkeypatch):
    for name, text in (("bsv.shn", night("Stammtisch", "schafkopf-bsv", 10)),
                       ("nsk.shn", night("Online", "netschafkopf", 2))):
        (tmp_path / name).write_text(text)
        assert runner.invoke(app, ["ingest", str(tmp_path / name), "--db", str(db)]).exit_code == 0
    monkeypatch.setenv("SHEAD_DB", str(db))
    from pathlib import Path
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "ledger.py"),
                           default_timeout=60)
    at.run()
    assert not at.exception
    warnings = [w.value for w in at.warning]
    assert any("2 different tariffs" in w and "schafkopf-bsv" in w for w in warnings), warnings
