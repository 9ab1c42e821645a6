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

F2: a NetSchafkopf Ramsch with a Jungfrau refused E-NSK-PRICE under ``--rules schafkopf-bsv`` said only "the cards
give 'Der Ramsch kostet 20 Punkte.'", as if the Jungfrau did not count; now it says what the rules give her.

F3: a Wenz score line with its Laufende not written, refused E-SCORE, said "the rules give +50" as if there were none;
now it lists what each count of Laufende would give.

F4: a Schafkopf night's sheet (``shead sheet``, --json, the Sheet page) now names the Laufende in a game's text and
which hands count as amended, as it names the voided ones.
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


# --------------------------------------------------------------------------
# F2: E-NSK-PRICE of a Ramsch with a Jungfrau under jungfrau=doublesOwn

PROTOCOL = "\n".join([  # real29's Schafkopfprotokoll_vom_20.11.26_01.txt, as written (its ' ' lines too)
    "Stammtisch",
    "gespielt von Gast am 20.11.26 mit Version 8.00, Update 07.09.20.",
    " ",
    "Geber: Gast",
    "     PcLinks hat: HU E9 E8 G9 G8 HA H9 S7",
    "      PcOben hat: EU GU EA EZ EK GA GZ SA",
    "    PcRechts hat: SU EO E7 GK GO HZ H8 S8",
    "        Gast hat: HK HO H7 G7 SZ SK SO S9",
    "PcOben spielt Wenz",
    "     PcLinks spielt aus: HA EU H8 H7",
    "      PcOben spielt aus: GU SU G7 HU",
    "      PcOben spielt aus: EA E7 S9 E9",
    "      PcOben spielt aus: EZ EO SO E8",
    "      PcOben spielt aus: EK S8 SK S7",
    "      PcOben spielt aus: GA GK HO G9",
    "      PcOben spielt aus: GZ GO HK G8",
    "      PcOben spielt aus: SA HZ SZ H9",
    "PcOben gewinnt den Wenz. Die Gegner haben 0 Augen",
    "Das Einzelspiel kostet 50 Punkte. Mit Schneider 60 Punkte. Mit Schwarz 70 Punkte. Mit ",
    "2 Laufenden 90 Punkte.",
    "Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock",
    "    1       90          -90         +270          -90          -90        0",
    " ",
    "Geber: PcLinks",
    "      PcOben hat: EO GO EA E9 GA G9 S7 H7",
    "    PcRechts hat: HO SO EU HA EZ GZ SA S9",
    "        Gast hat: GU HU HZ EK E8 GK SZ S8",
    "     PcLinks hat: SU HK H9 H8 E7 G8 G7 SK",
    "Es wurde Ramsch gespielt.",
    "      PcOben spielt aus: EA EZ E8 E7",
    "      PcOben spielt aus: EO SO HU H8",
    "      PcOben spielt aus: GA GZ GK G7",
    "      PcOben spielt aus: S7 SA S8 SK",
    "    PcRechts spielt aus: HA HZ HK H7",
    "    PcRechts spielt aus: HO GU H9 GO",
    "      PcOben spielt aus: E9 S9 EK G8",
    "        Gast spielt aus: SZ SU G9 EU",
    "PcOben verliert den Ramsch. PcOben hat 62 Augen. PcLinks ist Jungfrau",
    "Der Ramsch kostet 10 Punkte. Mit 1 mal Jungfrau 20 Punkte.",
    "Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock",
    "    2       20          -70         +210          -70          -70        0",
    " ",
    "Geber: PcOben",
    "    PcRechts hat: SO SU HK H9 EZ E9 GA G7",
    "        Gast hat: EO GO HO EU GU HA HZ EA",
    "     PcLinks hat: HU H8 EK E8 GZ G9 SA S9",
    "      PcOben hat: H7 E7 GK G8 SZ SK S8 S7",
    "Gast spielt Herz-Solo Tout",
    "    PcRechts spielt aus: GA GU G9 G8",
    "        Gast spielt aus: EO H8 H7 SO",
    "        Gast spielt aus: GO HU S7 H9",
    "        Gast spielt aus: HO S9 S8 HK",
    "        Gast spielt aus: EU SA SK SU",
    "        Gast spielt aus: HA GZ GK G7",
    "        Gast spielt aus: HZ E8 SZ E9",
    "        Gast spielt aus: EA EK E7 EZ",
    "Du gewinnst das Herz-Solo Tout. Die Gegner haben 0 Augen",
    "Das Einzelspiel kostet 50 Punkte. Mit 3 Laufenden 80 Punkte. Doppelt für Tout 160 Punkte.",
    "Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock",
    "    3      160         -230          +50         -230         +410        0",
    " ",
    "Geber: PcRechts",
    "        Gast hat: EO GO HO HA EA EZ SA S7",
    "     PcLinks hat: SO GU HU HK H9 G8 G7 SK",
    "      PcOben hat: EU HZ EK E9 GZ G9 SZ S9",
    "    PcRechts hat: SU H8 H7 GA GK E8 E7 S8",
    "PcLinks spielt Mit der Grün-Ass",
    "        Gast spielt aus: EA SK E9 E7",
    "        Gast spielt aus: EZ HU EK E8",
    "     PcLinks spielt aus: G8 GZ GA HO",
    "        Gast spielt aus: EO GU EU SU",
    "        Gast spielt aus: GO SO HZ H7",
    "        Gast spielt aus: HA HK S9 H8",
    "        Gast spielt aus: SA H9 SZ S8",
    "     PcLinks spielt aus: G7 G9 GK S7",
    "PcLinks verliert das Rufspiel: Mit der Grün-Ass mit PcRechts. Die Gegner haben 79 Augen",
    "Das Rufspiel kostet 10 Punkte. Ohne 3 Laufende 40 Punkte. 1 mal gespritzt 80 Punkte.",
    "Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock",
    "    4       80         -310         +130         -310         +490        0",
    "",
])


def test_f2_a_ramsch_with_a_jungfrau_refused_for_its_price_says_what_the_jungfrau_gets():
    """Game 2 of real29's protocol, a Ramsch (rules.md G-17): Augen PcOben 62 (21 + 8 + 25 + 8), PcRechts 54, Gast 4,
    PcLinks 0 and no trick, so PcOben loses and PcLinks is Jungfrau.  The log prices it as its house does: 10, doubled
    for the Jungfrau, 20 from PcOben to each (PcOben -60).  Under schafkopf-bsv (Ramsch 20, jungfrau=doublesOwn: the
    loser's payment to the Jungfrau is doubled) PcOben pays 20 to PcRechts and Gast and 2 x 20 = 40 to PcLinks:
    -20 - 20 - 40 = -80.  The refusal stands; its message now names the 40 and the -80."""
    from ingest.netschafkopf import read_protocol

    res = read_protocol(PROTOCOL.encode(), "Schafkopfprotokoll_vom_20.11.26_01.txt", rules="schafkopf-bsv")
    assert [vh.outcome.hand for vh in res.hands] == [1, 3, 4]
    (bad,) = res.rejected
    (d,) = [e for e in bad.errors if e.code == "E-NSK-PRICE"]
    assert (d.line, d.col) == (39, 1)
    assert d.message == (
        "the log says 'Der Ramsch kostet 10 Punkte. Mit 1 mal Jungfrau 20 Punkte.'; the cards give 'Der Ramsch kostet "
        "20 Punkte.'; under jungfrau=doublesOwn (rules.md G-17) the Jungfrau is paid double: PcOben pays 20 to "
        "PcRechts and Gast and 40 to the Jungfrau PcLinks, -80 in all")
    # the stored games as real29 worked them: 1 Wenz schwarz, 2 Laufende: 50 + 10 + 10 + 20 = 90, PcOben +270;
    # 3 Herz-Solo Tout, 3 Laufende: (50 + 30) x 2 = 160, Gast +480; 4 Rufspiel lost, 3 Laufende without, Kontra:
    # (10 + 30) x 2 = 80 (a house Rufspiel of 10, read off the price lines)
    units = {vh.outcome.hand: vh.outcome.units for vh in res.hands}
    assert units[1]["PcOben"] == 270 and units[3]["Gast"] == 480 and units[4]["PcLinks"] == -80


def test_f2_the_house_jungfrau_rule_is_unchanged():
    """Read with the rules the price lines give (the netschafkopf house rule: the Jungfrau doubles the whole price),
    game 2 is stored: PcOben -60 (20 to each), the others +20 each; nothing is added to any message."""
    from ingest.netschafkopf import read_protocol

    res = read_protocol(PROTOCOL.encode(), "Schafkopfprotokoll_vom_20.11.26_01.txt")
    assert not res.rejected, [e.message for r in res.rejected for e in r.errors]
    units = {vh.outcome.hand: vh.outcome.units for vh in res.hands}
    assert units[2] == {"PcLinks": 20, "PcOben": -60, "PcRechts": 20, "Gast": 20}


# --------------------------------------------------------------------------
# F3: E-SCORE of a score-sheet game whose Laufende are not written

def _sk_hand(*lines: str) -> str:
    return HEAD.format(date="2026.11.27") + "\nhand 6  dealer Sepp\n" + "\n".join(lines) + "\n"


def _refusal(text: str):
    from ingest.validate import validate_text

    res = validate_text(text, path="stammtisch2.shn")
    (bad,) = res.rejected
    return bad.errors[0]


def test_f3_a_wenz_whose_laufende_are_not_written_lists_the_prices_each_run_gives():
    """real29's stammtisch2.shn hand 6: Resi's Wenz, pts 45, so lost (45 < 61, rules.md G-12), not schneider (45 >
    30); Laufende not written.  A Wenz is 50 (G-16) and counts Laufende from 2 of its 4 Unter (G-13): 0 -> 50, 2 ->
    50 + 20 = 70, 3 -> 80, 4 -> 90 to each defender (G-15).  +60 is none of them: refused E-SCORE at the +60 (line 10,
    column 12), now naming every price, not "+50" alone."""
    d = _refusal(_sk_hand("game Resi wenz  pts 45", "score Sepp +60 Resi -180 Franz +60 Vroni +60"))
    assert (d.code, d.line, d.col) == ("E-SCORE", 10, 12)
    assert d.message == (
        "Sepp +60 is written but the rules give +50 (value (Wenz 50) 50 = 50 per defender); the Laufende are not "
        "written, so none were taken: Sepp gets +50 without Laufende, +70/+80/+90 with 2/3/4 (rules.md G-13); write "
        "them (laufende N with, or laufende N without)")


def test_f3_a_sauspiel_whose_laufende_are_not_written_gives_the_range():
    """A Sauspiel (20 here, tariff.sauspiel=20) Sepp + Resi won 65, Laufende not written, written +30 each: none of
    20 (no Laufende) or 20 + 10 x k for k = 3..14 Laufende (G-13: from 3 of 14 trumps), i.e. +50 up to +160.  The
    first wrong entry is Sepp's (line 10, column 12)."""
    d = _refusal(_sk_hand("game Sepp sauspiel EA  partner Resi  pts 65", "score Sepp +30 Resi +30 Franz -30 Vroni -30"))
    assert (d.code, d.line, d.col) == ("E-SCORE", 10, 12)
    assert d.message.endswith(
        "; the Laufende are not written, so none were taken: Sepp gets +20 without Laufende, +50 with 3 up to +160 "
        "with 14 (10 a Laufender more) (rules.md G-13); write them (laufende N with, or laufende N without)")


def test_f3_written_laufende_or_a_score_they_explain_are_unchanged():
    """``laufende 2 with`` written: the Wenz is 70 (50 + 2 x 10), so +60 is refused with no list (the Laufende are
    known); and +70 with the Laufende not written is stored (2 Laufende explain it)."""
    d = _refusal(_sk_hand("game Resi wenz  laufende 2 with  pts 45", "score Sepp +60 Resi -180 Franz +60 Vroni +60"))
    assert d.code == "E-SCORE" and "the rules give +70" in d.message and "not written" not in d.message
    from ingest.validate import validate_text

    res = validate_text(_sk_hand("game Resi wenz  pts 45", "score Sepp +70 Resi -210 Franz +70 Vroni +70"), path="x")
    assert not res.rejected
    (vh,) = res.hands
    assert vh.outcome.units == {"Sepp": 70, "Resi": -210, "Franz": 70, "Vroni": 70}


# --------------------------------------------------------------------------
# F4: the sheet's Laufende and amended hands

NIGHT = HEAD.format(date="2026.11.20") + """
hand 1  dealer Vroni
game Sepp sauspiel EA  partner Franz  laufende 0  pts 72  win
score Sepp +20 Resi -20 Franz +20 Vroni -20

hand 2  dealer Sepp
game Resi wenz  laufende 2 with  pts 95  win-s
score Sepp -80 Resi +240 Franz -80 Vroni -80

hand 3  dealer Resi
game Franz solo herz  kontra Sepp  laufende 3 without  pts 58  lose

hand 4  dealer Franz
game Vroni sauspiel GA  kontra Franz  re Vroni  partner Resi  laufende 4 with  pts 28  lose-s
score Sepp +280 Resi -280 Franz +280 Vroni -280

hand 5  dealer Vroni
ramsch
score Sepp -80 Resi +20 Franz +40 Vroni +20

hand 6  dealer Sepp
game Resi wenz tout  laufende 2 with  win
score Sepp -140 Resi +420 Franz -140 Vroni -140

hand 7  dealer Resi
game Franz sauspiel SA  partner Vroni  laufende 0  pts 120  tricks 8  win-z
score Sepp -40 Resi -40 Franz +40 Vroni +40

hand 8  dealer Franz
game Sepp solo eichel  kontra Resi after 1  laufende 4 with  pts 61  win
"""
AMEND8 = HEAD.format(date="2026.11.20") + """
hand 8  dealer Franz
game Sepp solo eichel  kontra Resi after 1  laufende 5 with  pts 61  win
"""
STAMMTISCH = "Stammtisch Zum Gruenen Baum / 2026.11.20"


@pytest.fixture(scope="module")
def amended_night(tmp_path_factory) -> Path:
    """real29's stammtisch.shn, hand 8 amended to 5 Laufende, hand 7 voided."""
    from tests.cli_helpers import cli

    tmp = tmp_path_factory.mktemp("real29f4")
    db = tmp / "sk.duckdb"
    (tmp / "stammtisch.shn").write_text(NIGHT, encoding="utf-8")
    (tmp / "amend8.shn").write_text(AMEND8, encoding="utf-8")
    cli("ingest", str(tmp / "stammtisch.shn"), "--db", str(db))
    cli("ingest", "--amend", str(tmp / "amend8.shn"), "--reason", "5 Laufende, not 4", "--db", str(db))
    cli("void", f"{STAMMTISCH}#7", "--reason", "dealt twice", "--db", str(db))
    return db


def test_f4_the_terminal_sheet_names_the_laufende_and_the_amended_hand(amended_night):
    """The prices, worked from rules.md (Sauspiel 20, Solo and Wenz 50, schneider +10, 10 a Laufender, Kontra and Re
    x2 each; G-13..G-18): hand 2 Wenz won 95, schneider, 2 Laufende: 50 + 10 + 20 = 80, Resi +240; hand 3 Herz-Solo
    lost, 3 Laufende without, Kontra: (50 + 30) x 2 = 160, Franz -480; hand 4 Sauspiel lost 28, schneider, 4
    Laufende with, Kontra and Re: (20 + 10 + 40) x 4 = 280; hand 6 Wenz Tout, 2 Laufende: (50 + 20) x 2 = 140, Resi
    +420; hand 8 as amended, Eichel-Solo won 61, 5 Laufende with, Kontra: (50 + 50) x 2 = 200, Sepp +600.  Totals
    without hand 7: Sepp 760, Resi 340, Franz -560, Vroni -540 (real29's numbers)."""
    from tests.cli_helpers import cli

    out = cli("sheet", "Stammtisch", "--db", str(amended_night)).output
    rows = {int(line.split()[0]): " ".join(line.split()) for line in out.splitlines()
            if line.strip()[:1].isdigit() and len(line.split()) > 8}
    assert "wenz, 2 Laufende with won 95 (schneider) -80 -60 +240 220" in rows[2]
    assert "solo herz, 3 Laufende without lost 58 kontra Sepp ×2 +160 100 +160 380 -480 -540" in rows[3]
    assert "sauspiel GA, 4 Laufende with lost 28 (schneider) kontra Franz, re Vroni ×4 +280" in rows[4]
    assert "wenz tout, 2 Laufende with won -140" in rows[6]
    assert "solo eichel, 5 Laufende with won 61 kontra Resi ×2 +600 760 -200 340 -200 -560 -200 -540" in rows[8]
    assert "sauspiel EA won 72" in rows[1] and "Laufende" not in rows[1] + rows[5]  # none counted; a Ramsch has none
    assert "voided (not counted): hand(s) 7 (dealt twice)" in out
    assert "amended (counted as amended): hand(s) 8 (5 Laufende, not 4)" in out


def test_f4_the_json_sheet_has_the_laufende_and_the_amended_hands(amended_night):
    import json

    from tests.cli_helpers import cli

    sh = json.loads(cli("sheet", "Stammtisch", "--db", str(amended_night), "--json").output)
    got = {h["hand"]: (h["laufende"], h["laufende_with"], h["units"]["Sepp"]) for h in sh["hands"]}
    assert got == {1: (0, None, 20), 2: (2, True, -80), 3: (3, False, 160), 4: (4, True, 280), 5: (None, None, -80),
                   6: (2, True, -140), 8: (5, True, 600)}
    assert sh["hands"][-1]["call"] == "solo eichel"  # the game alone, as before: its Laufende in their own fields
    assert sh["amended"] == [8] and sh["voided"] == [7]
    assert sh["totals"] == {"Sepp": 760, "Resi": 340, "Franz": -560, "Vroni": -540}


def test_f4_the_sheet_page_names_the_laufende_and_the_amended_hand(amended_night, monkeypatch):
    from tests.test_found26_dashboard import _run

    at = _run("sheet.py", amended_night, monkeypatch, session=STAMMTISCH)
    (d,) = at.dataframe
    rows = d.value.to_dicts() if hasattr(d.value, "to_dicts") else d.value.to_dict("records")
    games = {r["hand"]: r["call"] for r in rows if r["hand"] == r["hand"] and r["hand"] is not None}
    assert games[8] == "solo eichel, 5 Laufende with" and games[3] == "solo herz, 3 Laufende without"
    caps = "\n".join(c.value for c in at.caption)
    assert "Voided, not counted: hand 7 (dealt twice)." in caps
    assert "Amended, counted as amended (its history on the Replay page): hand 8 (5 Laufende, not 4)." in caps
    assert "the game column names the Laufende counted in it" in caps
