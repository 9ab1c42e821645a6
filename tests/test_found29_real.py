"""Session 29 (fixc29): real29's findings F1-F4 (/tmp/s29/real29/FINDINGS.md).

F1: the Ledger page's "Players on the chart" kept one choice for both units: after a switch of the Unit radio it held
the other unit's players, none among the new options, so the running total drew no line (one "0.000000" tick) under a
caption saying each line is a player.  Now each unit keeps its own choice, and a chart with no player chosen is an
info saying what to do, not an empty chart.

The store: data/sheepshead/example_session.shn (one Sheepshead night) and two Schafkopf nights of real29's
Stammtisch (``schafkopf-bsv; tariff.sauspiel=20``), worked by hand from rules.md (G-12..G-18; Sauspiel 20, Solo and
Wenz 50, schneider +10, Laufende 10 each from 2 in a Wenz; a Tout doubles):

* night 1 (2026.11.20): h1 Sauspiel Sepp + Franz won 72, no Laufende: 20, so Sepp +20 Resi -20 Franz +20 Vroni -20;
  h2 Resi's Wenz won 95, schneider, 2 Laufende: 50 + 10 + 2 x 10 = 80 a defender, Resi +240, others -80;
  h3 a Ramsch as the table wrote it: Sepp -80, Resi +20, Franz +40, Vroni +20.
  Night: Sepp 20 - 80 - 80 = -140, Resi -20 + 240 + 20 = +240, Franz 20 - 80 + 40 = -20, Vroni -20 - 80 + 20 = -80.
* night 2 (2026.11.27): h1 as night 1's h1: Sepp +20 Resi -20 Franz +20 Vroni -20; h2 Resi's Wenz Tout won, 2
  Laufende: (50 + 20) x 2 = 140 a defender, Resi +420, others -140.
  Night: Sepp -120, Resi +400, Franz -120, Vroni -160.
* Both nights: Resi +640, Franz -140, Vroni -240, Sepp -260 (sum 0): the leaderboard's order, and all four are the
  chart's default (best five and worst three of four players).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"

HEAD = """%SHN 1.0
[Event "Stammtisch Zum Gruenen Baum"]
[Date "{date}"]
[Seats "Sepp=Josef Huber; Resi=Theresia Maier; Franz=Franz Obermeier; Vroni=Veronika Lang"]
[Rules "schafkopf-bsv; tariff.sauspiel=20"]
[Cards "de"]
"""
SK1 = HEAD.format(date="2026.11.20") + """
hand 1  dealer Vroni
game Sepp sauspiel EA  partner Franz  laufende 0  pts 72  win
score Sepp +20 Resi -20 Franz +20 Vroni -20

hand 2  dealer Sepp
game Resi wenz  laufende 2 with  pts 95  win-s
score Sepp -80 Resi +240 Franz -80 Vroni -80

hand 3  dealer Resi
ramsch
score Sepp -80 Resi +20 Franz +40 Vroni +20
"""
SK2 = HEAD.format(date="2026.11.27") + """
hand 1  dealer Vroni
game Sepp sauspiel EA  partner Franz  laufende 0  pts 72  win
score Sepp +20 Resi -20 Franz +20 Vroni -20

hand 2  dealer Sepp
game Resi wenz tout  laufende 2 with  win
score Sepp -140 Resi +420 Franz -140 Vroni -140
"""
SK_PLAYERS = ["Theresia Maier", "Franz Obermeier", "Veronika Lang", "Josef Huber"]  # +640, -140, -240, -260
WI_PLAYERS = {"Allen Braun", "Bea Schmidt", "Cy Ott", "Di Lenz", "Ed Kahl"}
NO_PLAYER = ("No player is chosen, so there is no chart: choose one or more players in **Players on the chart** "
             "above to draw their running totals.")


@pytest.fixture(scope="module")
def two_units(tmp_path_factory) -> Path:
    from ingest.store import Store
    from ingest.validate import validate_text

    db = tmp_path_factory.mktemp("real29") / "two.duckdb"
    with Store(db) as store:
        for text, name in ((EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE)), (SK1, "sk1.shn"), (SK2, "sk2.shn")):
            res = validate_text(text, path=name)
            assert not res.rejected, [r.errors for r in res.rejected]
            store.ingest_file(res)
    return db


def _charts(at) -> int:
    def walk(node):
        for c in getattr(node, "children", {}).values():
            yield c
            yield from walk(c)
    return sum(1 for c in walk(at._tree) if getattr(c, "type", "") == "vega_lite_chart")


def _chosen(at) -> list[str]:
    (m,) = [m for m in at.multiselect if m.label == "Players on the chart"]
    return list(m.value)


def test_f1_switching_the_unit_keeps_a_chart_of_each_units_players(two_units, monkeypatch):
    from tests.test_found26_dashboard import _run

    at = _run("ledger.py", two_units, monkeypatch)
    assert at.radio(key="ledger.unit").value == "sheepshead"
    assert set(_chosen(at)) == WI_PLAYERS and _charts(at) == 1
    at.radio(key="ledger.unit").set_value("schafkopf").run()
    assert not at.exception
    lb = [d for d in at.dataframe if "units_per_hand" in d.value.columns][0].value
    assert list(lb["player"]) == SK_PLAYERS and list(lb["units"]) == [640, -140, -240, -260]
    assert _chosen(at) == SK_PLAYERS  # was [] (real29 F1)
    assert _charts(at) == 1 and NO_PLAYER not in [i.value for i in at.info]
    caps = "\n".join(c.value for c in at.caption)
    assert "Each line is one player's running total over all Schafkopf hands" in caps
    at.radio(key="ledger.unit").set_value("sheepshead").run()
    assert set(_chosen(at)) == WI_PLAYERS and _charts(at) == 1  # and back (real29: emptied the same way)


def test_f1_each_units_own_choice_comes_back_with_the_unit(two_units, monkeypatch):
    from tests.test_found26_dashboard import _run

    at = _run("ledger.py", two_units, monkeypatch)
    at.multiselect(key="ledger.chart.players.sheepshead").set_value(["Cy Ott"]).run()
    at.radio(key="ledger.unit").set_value("schafkopf").run()
    at.multiselect(key="ledger.chart.players.schafkopf").set_value(["Theresia Maier", "Josef Huber"]).run()
    at.radio(key="ledger.unit").set_value("sheepshead").run()
    assert _chosen(at) == ["Cy Ott"]
    at.radio(key="ledger.unit").set_value("schafkopf").run()
    assert _chosen(at) == ["Theresia Maier", "Josef Huber"] and not at.exception


def test_f1_no_player_chosen_is_said_instead_of_an_empty_chart(two_units, monkeypatch):
    from tests.test_found26_dashboard import _run

    at = _run("ledger.py", two_units, monkeypatch, unit="schafkopf")
    assert _chosen(at) == SK_PLAYERS and _charts(at) == 1
    at.multiselect(key="ledger.chart.players.schafkopf").set_value([]).run()
    assert [i.value for i in at.info] == [NO_PLAYER]
    assert _charts(at) == 0
    assert "Each line is one player's" not in "\n".join(c.value for c in at.caption)


@pytest.mark.browser
def test_f1_the_unit_switch_in_chromium_draws_the_lines(two_units, tmp_path):
    """Chromium at 1400 x 900: /ledger, then a click on "Schafkopf tariff points": the chart's legend names the four
    Schafkopf players and the y axis is no single "0.000000" tick; then back to Sheepshead units."""
    from playwright.sync_api import expect, sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    ARTIFACTS.mkdir(exist_ok=True)

    def settle(pg):
        pg.wait_for_timeout(500)
        pg.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
        pg.wait_for_selector('[data-testid="stVegaLiteChart"] svg, [data-testid="stVegaLiteChart"] canvas',
                             timeout=WAIT_MS)
        pg.wait_for_timeout(1500)

    def chart_text(pg) -> str:
        return pg.get_by_test_id("stVegaLiteChart").first.inner_text()

    def chosen(pg) -> list[str]:
        box = pg.get_by_test_id("stMultiSelect").filter(has_text="Players on the chart")
        return box.locator("[data-tag] > span[title]").all_inner_texts()

    with _serve(two_units, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        try:
            pg = b.new_page(viewport={"width": 1400, "height": 900})
            pg.goto(f"{base}/ledger")
            settle(pg)
            assert {t.strip() for t in chosen(pg)} == WI_PLAYERS
            pg.get_by_text("Schafkopf tariff points", exact=True).click()
            expect(pg.get_by_text("Showing Schafkopf tariff points only", exact=False)).to_be_visible(timeout=WAIT_MS)
            settle(pg)
            pg.get_by_test_id("stVegaLiteChart").first.scroll_into_view_if_needed()
            pg.screenshot(path=str(ARTIFACTS / "found29_real_ledger_sk_after_switch.png"))
            assert [t.strip() for t in chosen(pg)] == SK_PLAYERS
            drawn = pg.get_by_test_id("stVegaLiteChart").first.locator("path[aria-roledescription='line mark']")
            assert drawn.count() == 4, drawn.count()
            assert "0.000000" not in chart_text(pg)
            pg.get_by_text("Sheepshead units", exact=True).click()
            expect(pg.get_by_text("Showing Sheepshead units only", exact=False)).to_be_visible(timeout=WAIT_MS)
            settle(pg)
            pg.get_by_test_id("stVegaLiteChart").first.scroll_into_view_if_needed()
            pg.screenshot(path=str(ARTIFACTS / "found29_real_ledger_wi_after_switch_back.png"))
            assert {t.strip() for t in chosen(pg)} == WI_PLAYERS
            # every player taken off: the info in the chart's place
            box = pg.get_by_test_id("stMultiSelect").filter(has_text="Players on the chart")
            box.get_by_role("button", name="Clear all").click()
            expect(pg.get_by_text("No player is chosen, so there is no chart")).to_be_visible(timeout=WAIT_MS)
            pg.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
            pg.wait_for_timeout(1000)
            pg.get_by_text("No player is chosen, so there is no chart").scroll_into_view_if_needed()
            pg.screenshot(path=str(ARTIFACTS / "found29_real_ledger_no_player.png"))
            assert chosen(pg) == [] and pg.get_by_test_id("stVegaLiteChart").count() == 0
        finally:
            b.close()
