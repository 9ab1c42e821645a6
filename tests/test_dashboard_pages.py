"""The statistic pages under streamlit.testing.v1.AppTest: each renders on
the fixture database (tests/fixtures/metrics.shn, 19 hands), shows the
empty state on a missing and on an empty database, and its numbers follow
the sidebar filters.  Expected figures are the hand-computed ones of
tests/test_metrics.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import launch as launch_mod
from ingest.store import Store
from ingest.validate import validate_file, validate_text

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "dashboard" / "pages"
MINE = ["overview.py", "ledger.py", "picking.py", "schneider.py", "partner_calls.py"]
FIXTURE = Path(__file__).parent / "fixtures" / "metrics.shn"


@pytest.fixture(scope="module")
def fixture_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pages") / "pages.duckdb"
    with Store(path) as store:
        store.ingest_file(validate_file(FIXTURE))
    return path


def page(name: str, db: Path, monkeypatch) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric(at: AppTest, label: str) -> str:
    found = [m.value for m in at.metric if m.label == label]
    assert found, f"no metric {label!r} in {[m.label for m in at.metric]}"
    return found[0]


def text_of(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
                     + [w.value for w in at.warning] + [e.value for e in at.error])


@pytest.mark.parametrize("name", MINE)
def test_page_renders_with_data(name, fixture_db, monkeypatch):
    at = page(name, fixture_db, monkeypatch)
    assert not at.error
    if name == "ledger.py":  # the fixture's fri-0314 hand 6 is refused (its score sums to +2): its session lacks it
        assert len(at.warning) == 1 and "fri-0314: hand 6 was refused at ingest and is not stored" in \
            at.warning[0].value
    else:
        assert not at.warning
    assert at.title[0].value
    # the sidebar filters are there, filled from the database
    players = at.multiselect(key="shead.widget.players")
    assert "Hal Kurz" in players.options and players.value == []
    assert at.multiselect(key="shead.widget.groups").options == ["Friday Club", "Thursday Night Sheepshead"]
    # every page explains its numbers
    assert len(at.caption) >= 3


@pytest.mark.parametrize("name", MINE)
def test_page_missing_database(name, tmp_path, monkeypatch):
    at = page(name, tmp_path / "nothing-here.duckdb", monkeypatch)
    text = text_of(at)
    assert "shead ingest" in text and "shead demo" in text and "Import" in text
    assert not at.metric and not at.dataframe
    assert not (tmp_path / "nothing-here.duckdb").exists()  # reading never creates the file


@pytest.mark.parametrize("name", MINE)
def test_page_empty_database(name, tmp_path, monkeypatch):
    path = tmp_path / "empty.duckdb"
    Store(path).open()
    at = page(name, path, monkeypatch)
    assert "shead ingest" in text_of(at)
    assert not at.metric and not at.dataframe


def test_overview_numbers_follow_filters(fixture_db, monkeypatch):
    at = page("overview.py", fixture_db, monkeypatch)
    # 19 hands, 2 sessions, 8 players; 2 card-log, 17 score-sheet; 1 leaster, 2 doublers, 1 misdeal, 1 rejected
    assert (metric(at, "Hands"), metric(at, "Sessions"), metric(at, "Players")) == ("19", "2", "8")
    assert (metric(at, "Full card-log hands"), metric(at, "Score-sheet hands")) == ("2", "17")
    assert (metric(at, "Leasters"), metric(at, "Doublers"), metric(at, "Misdeals")) == ("1", "2", "1")
    assert metric(at, "Rejected hands") == "1"
    # days played (issue 13), not the calendar span: the two session dates 2025-03-06 and 2025-03-14
    assert metric(at, "Days played") == "2"
    assert "from 2025-03-06 to 2025-03-14 (a span of 9 days)" in text_of(at)  # 6th..14th both counted: 9
    at.multiselect(key="shead.widget.groups").set_value(["Friday Club"]).run()
    assert not at.exception
    # session B: 8 hands, 5 players, no card-log hand, 2 doublers, no leaster
    assert (metric(at, "Hands"), metric(at, "Sessions"), metric(at, "Players")) == ("8", "1", "5")
    assert (metric(at, "Leasters"), metric(at, "Doublers"), metric(at, "Full card-log hands")) == ("0", "2", "0")
    assert "group Friday Club" in text_of(at)
    at.selectbox(key="shead.widget.game").set_value("all games").run()
    at.button(key="shead.reset").click().run()
    assert metric(at, "Hands") == "19"


def test_overview_filter_matches_nothing(fixture_db, monkeypatch):
    at = page("overview.py", fixture_db, monkeypatch)
    at.multiselect(key="shead.widget.tables").set_value(["1"]).run()
    at.multiselect(key="shead.widget.rules").set_value(["wi5-called-ace; doubleOnBump=on; noPick=leaster"]).run()
    assert not at.exception
    assert "No stored hand matches the filters" in text_of(at)


def test_overview_date_filter(fixture_db, monkeypatch):
    at = page("overview.py", fixture_db, monkeypatch)
    from datetime import date

    at.date_input(key="shead.widget.dates").set_value((date(2025, 3, 6), date(2025, 3, 10))).run()
    assert not at.exception
    assert metric(at, "Hands") == "11"  # session A only


def test_ledger_numbers_follow_filters(fixture_db, monkeypatch):
    at = page("ledger.py", fixture_db, monkeypatch)
    board = at.dataframe[0].value
    # Di 22, Hal 14, Ed 5, Bea -1, Flo -5, Allen -9, Gus -10, Cy -16
    assert list(board["player"]) == ["Di Lenz", "Hal Kurz", "Ed Kahl", "Bea Schmidt", "Flo Jaeger",
                                     "Allen Braun", "Gus Wendt", "Cy Ott"]
    assert list(board["units"]) == [22, 14, 5, -1, -5, -9, -10, -16]
    assert len(at.dataframe[1].value) == 10  # 5 players in each of 2 sessions
    at.multiselect(key="shead.widget.players").set_value(["Allen Braun", "Bea Schmidt"]).run()
    assert not at.exception
    board = at.dataframe[0].value
    assert list(board["player"]) == ["Bea Schmidt", "Allen Braun"]
    assert list(board["units"]) == [-1, -9]
    assert len(at.dataframe[1].value) == 4


def test_picking_numbers_follow_filters(fixture_db, monkeypatch):
    at = page("picking.py", fixture_db, monkeypatch)
    # pass-out 3/18, pick win 9/15, units per pick -8/15, alone 2/15, alone wins 1/2
    assert metric(at, "Pass-out rate") == "16.7%"
    assert metric(at, "Pick win rate") == "60.0%"
    assert metric(at, "Units per pick") == "-0.53"
    assert metric(at, "Alone rate") == "13.3%"
    assert metric(at, "Alone win rate") == "50.0%"
    per = at.dataframe[0].value
    bea = per[per["player"] == "Bea Schmidt"].iloc[0]
    assert (bea["offered"], bea["picks"], bea["all_picks"], bea["wins"]) == (10, 4, 4, 2)
    at.multiselect(key="shead.widget.groups").set_value(["Thursday Night Sheepshead"]).run()
    assert not at.exception
    # session A: 1 leaster of 10 dealt; wins A15 16 20 22 24 = 5 of 9 picks
    assert metric(at, "Pass-out rate") == "10.0%"
    assert metric(at, "Pick win rate") == "55.6%"


def test_schneider_numbers_follow_filters(fixture_db, monkeypatch):
    at = page("schneider.py", fixture_db, monkeypatch)
    # 4/15 schneider, 3/15 win-s, 1/15 lose-s, 2/15 no-tricker
    assert metric(at, "Schneider") == "26.7%"
    assert metric(at, "Defenders schneidered (win-s)") == "20.0%"
    assert metric(at, "Picker side schneidered (lose-s)") == "6.7%"
    assert metric(at, "No-tricker") == "13.3%"
    at.multiselect(key="shead.widget.groups").set_value(["Friday Club"]).run()
    assert not at.exception
    assert metric(at, "Schneider") == "0.0%"  # session B has none


def test_partner_calls_numbers_follow_filters(fixture_db, monkeypatch):
    at = page("partner_calls.py", fixture_db, monkeypatch)
    by_type = at.dataframe[0].value
    assert list(by_type["call_type"]) == ["ace", "alone", "ten", "under"]
    assert list(by_type["hands"]) == [11, 2, 1, 1]
    by_suit = at.dataframe[1].value
    assert list(by_suit["called_suit"]) == ["C", "H", "S"]
    assert "2 full card-log hands" in text_of(at)
    at.multiselect(key="shead.widget.groups").set_value(["Friday Club"]).run()
    assert not at.exception
    by_type = at.dataframe[0].value
    # B: ace B1 B3 B5 B7 B9, alone B4
    assert list(by_type["call_type"]) == ["ace", "alone"] and list(by_type["hands"]) == [5, 1]
    assert "needs the cards" in text_of(at)  # no card-log hand in session B


def test_filter_value_with_sql_is_a_value(fixture_db, monkeypatch):
    """Widget options come from the database, so a hostile name must be stored
    first: a player called ``x' OR '1'='1`` is just a player."""
    src = FIXTURE.read_text(encoding="utf-8").replace("Hal=Hal Kurz", "Hal=x' OR '1'='1 --")
    db = fixture_db.with_name("hostile.duckdb")
    bad = fixture_db.with_name("hostile.shn")
    bad.write_text(src, encoding="utf-8")
    with Store(db) as store:
        store.ingest_file(validate_file(bad))
    at = page("ledger.py", db, monkeypatch)
    at.multiselect(key="shead.widget.players").set_value(["x' OR '1'='1 --"]).run()
    assert not at.exception
    board = at.dataframe[0].value
    assert list(board["player"]) == ["x' OR '1'='1 --"] and list(board["units"]) == [14]


def test_app_registers_every_page():
    from dashboard import app

    files = [p for _, p, *_ in app.PAGES]
    assert files[:5] == [f"pages/{n}" for n in MINE]
    assert files[5:] == ["pages/schafkopf.py", "pages/deals.py", "pages/player.py", "pages/hands.py",
                         "pages/rejected.py", "pages/sheet.py", "pages/replay_hand.py", "pages/compare.py",
                         "pages/log_hand.py", "pages/import_files.py"]  # deals, compare: issue 18; player, hands, rejected: 13
    for _, path, _, _, url in app.PAGES:  # every page at its own path: the url path is the file's stem (issue 13)
        assert url == Path(path).stem
    sheet = next(p for p in app.PAGES if p[1] == "pages/sheet.py")
    assert sheet[0] == "Hands" and sheet[2] == "Sheet" and sheet[4] == "sheet"  # the night's sheet (issue 12)
    schafkopf = next(p for p in app.PAGES if p[1] == "pages/schafkopf.py")
    assert schafkopf[0] == "Season" and schafkopf[2] == "Schafkopf" and schafkopf[4] == "schafkopf"
    assert app.launch is launch_mod.launch  # `from dashboard.app import launch` (ingest/cli.py) works


def test_app_runs(fixture_db, monkeypatch):
    monkeypatch.setenv("SHEAD_DB", str(fixture_db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "app.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Overview"  # the default page
    assert metric(at, "Hands") == "19"


def test_launch_command(monkeypatch, tmp_path):
    calls = []

    class FakeServer:
        def __init__(self, cmd, env):
            calls.append((cmd, env))

        def wait(self, timeout=None):
            return 3

        def poll(self):
            return 3

    monkeypatch.setattr(subprocess, "Popen", FakeServer)
    assert launch_mod.launch(db=tmp_path / "x.duckdb", port=8642) == 3
    cmd, env = calls[0]
    assert cmd[:4] == [sys.executable, "-m", "streamlit", "run"] and cmd[4].endswith("dashboard/app.py")
    args = dict(zip(cmd[5::2], cmd[6::2]))
    assert args == {"--server.address": "127.0.0.1", "--server.port": "8642", "--server.headless": "true",
                    "--browser.gatherUsageStats": "false", "--client.toolbarMode": "minimal"}
    assert env["SHEAD_DB"] == str((tmp_path / "x.duckdb").resolve())
    launch_mod.launch(db=str(tmp_path / "y.duckdb"), host="0.0.0.0", headless=False)
    args = dict(zip(calls[1][0][5::2], calls[1][0][6::2]))
    assert args["--server.address"] == "0.0.0.0" and args["--server.headless"] == "false"


def test_launch_serves_on_localhost_and_stops_with_sigterm(fixture_db, tmp_path):
    """The real thing: launch() in a child process serves the app on
    127.0.0.1; a SIGTERM to it stops the Streamlit server as well.  (A port
    taken before the server binds it: tried again on another one,
    tests/server_port.py.)"""
    import os
    import time
    import urllib.request

    from tests.server_port import start_serving, stop

    def start(port, out):
        return subprocess.Popen([sys.executable, "-c", "import sys; from dashboard.launch import launch; "
                                 "sys.exit(launch(sys.argv[1], port=int(sys.argv[2])))", str(fixture_db), str(port)],
                                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def healthy(port):
        try:
            return urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1).read() == b"ok"
        except OSError:
            return False

    runner, port = start_serving(start, tmp_path / "launch.log", healthy, timeout=60)
    try:
        assert healthy(port)
        runner.terminate()
        runner.wait(timeout=30)
        time.sleep(0.5)
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1)
    finally:
        stop(runner)


@pytest.mark.parametrize("name", ["overview.py", "picking.py"])
def test_busy_database_is_a_message_not_an_error(name, fixture_db, monkeypatch):
    """Another process holds the write lock (an ingest): the page says the
    database is busy and offers Retry; no lock error, no exception."""
    from dashboard import filters

    db = fixture_db.with_name(f"busy-{name}.duckdb")
    db.write_bytes(fixture_db.read_bytes())
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('ready', flush=True); "
         "time.sleep(60)", str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        monkeypatch.setattr(filters, "BUSY_TIMEOUT", 0.3)
        at = page(name, db, monkeypatch)
        assert any("busy" in w.value for w in at.warning)
        assert [b.label for b in at.button if b.key == "shead.retry"] == ["Retry"]
        assert not at.error and not at.metric
        assert "lock" not in text_of(at).lower()
    finally:
        holder.kill()
        holder.wait()
    # once the writer is gone, Retry shows the page
    at.button(key="shead.retry").click().run()
    assert not at.exception and not at.warning
    assert at.metric


def test_not_a_database(tmp_path, monkeypatch):
    bad = tmp_path / "not.duckdb"
    bad.write_text("this is not a database", encoding="utf-8")
    at = page("overview.py", bad, monkeypatch)
    assert at.error and "could not be read" in at.error[0].value


# --------------------------------------------------------------------------
# Schafkopf


@pytest.fixture(scope="module")
def schafkopf_db(tmp_path_factory) -> Path:
    """The fixture database plus the 99 games of one NetSchafkopf protocol
    (57 Sauspiele, 44 won by the declarer side; 21 Ramsch: see
    tests/test_metrics.py for the counts from the protocol text)."""
    from ingest.netschafkopf import read_protocol

    path = tmp_path_factory.mktemp("schafkopf") / "schafkopf.duckdb"
    log = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    with Store(path) as store:
        store.ingest_file(validate_file(FIXTURE))
        store.ingest_file(read_protocol(log.read_bytes(), str(log)), source_format="netschafkopf")
    return path


def test_schafkopf_page_renders_with_data(schafkopf_db, monkeypatch):
    at = page("schafkopf.py", schafkopf_db, monkeypatch)
    assert not at.error and not at.warning
    assert at.title[0].value == "Schafkopf"
    assert metric(at, "Schafkopf games") == "99"
    assert metric(at, "Ramsch") == "21"
    types, laufende, ramsch = at.dataframe[0].value, at.dataframe[1].value, at.dataframe[2].value
    assert dict(zip(types["game_type"], types["games"])) == {"sauspiel": 57, "solo": 3, "geier": 1, "farbwenz": 9,
                                                             "farbgeier": 8, "ramsch": 21}
    assert dict(zip(ramsch["player"], ramsch["losses"])) == {"PcLinks": 11, "Gast": 7, "PcRechts": 3, "PcOben": 0}
    # Laufende (tests/test_laufende.py counts them from the protocol's price wording): of the 78 games with a
    # declarer, 16 + 2 + 3 = 21 "Mit N Laufenden" (sauspiel, farbwenz, farbgeier) and 1 "Ohne 3 Laufende"
    assert dict(zip(laufende["game_type"], laufende["with_laufende"])) == {
        "sauspiel": 16, "solo": 0, "geier": 0, "farbwenz": 2, "farbgeier": 3}
    assert list(laufende["without_laufende"]) == [1, 0, 0, 0, 0]
    assert metric(at, "Declarer side with Laufende") == "26.9%"  # 21 / 78 = 0.2692
    assert metric(at, "Opponents with Laufende") == "1.3%"  # 1 / 78 = 0.0128
    assert metric(at, "No Laufende") == "71.8%"  # 56 / 78 = 0.7179
    # the minimum that counts is the protocol's house rule (netschafkopf: from 3 in every game), not a fixed text
    assert ("below the minimum that counts under their rules (from 3 in a sauspiel, 3 in a solo, 3 in a wenz, "
            "3 in a geier, 3 in a farbwenz, 3 in a farbgeier)") in text_of(at)
    assert len(at.get("vega_lite_chart")) == 2  # the game-type and the Laufende bar charts
    assert len(at.caption) >= 4
    # the Sheepshead hands of the database are not counted
    text = text_of(at)
    assert "Ramsch" in text and "Augen" in text


def test_overview_counts_every_kind_of_a_mixed_database(schafkopf_db, monkeypatch):
    """Issue 5: Ramsch and the other Schafkopf games were missing from the
    Overview's hand kinds.  Fixture (19 Sheepshead hands: 15 picked, 1
    leaster, 2 doublers, 1 misdeal) + 99 protocol games (78 with a declarer,
    21 Ramsch, counted from the protocol text in tests/test_metrics.py)."""
    at = page("overview.py", schafkopf_db, monkeypatch)
    assert metric(at, "Hands") == "118"  # 19 + 99
    assert (metric(at, "Picked hands"), metric(at, "Leasters"), metric(at, "Doublers"),
            metric(at, "Misdeals")) == ("15", "1", "2", "1")
    assert metric(at, "Schafkopf games with a declarer") == "78"
    assert metric(at, "Ramsch games") == "21"
    assert "6 bars sum to 118" in text_of(at)  # 15 + 1 + 2 + 1 + 78 + 21 = 118
    at.selectbox(key="shead.widget.game").set_value("schafkopf").run()
    assert not at.exception
    assert (metric(at, "Hands"), metric(at, "Picked hands"), metric(at, "Ramsch games")) == ("99", "0", "21")


def test_schafkopf_page_without_schafkopf_games(fixture_db, monkeypatch):
    at = page("schafkopf.py", fixture_db, monkeypatch)
    assert "No Schafkopf game matches the filters" in text_of(at)
    assert not at.metric and not at.dataframe


def test_schafkopf_page_empty_and_missing_database(tmp_path, monkeypatch):
    path = tmp_path / "empty.duckdb"
    Store(path).open()
    at = page("schafkopf.py", path, monkeypatch)
    assert "shead ingest" in text_of(at) and not at.metric and not at.dataframe
    at = page("schafkopf.py", tmp_path / "nothing-here.duckdb", monkeypatch)
    assert "shead ingest" in text_of(at) and not at.dataframe


def test_schafkopf_page_says_the_house_s_laufende_minimum(tmp_path, monkeypatch):
    """A tester's Dachau house counts Laufende from 4 in a Sauspiel and a Solo, 2 in a Wenz and a Geier; the
    page said "3" whatever the rules.  One Sauspiel won at 70 with 4 Laufende: 20 + 4 × 10 = 60 a seat."""
    text = ('%SHN 1.0\n[Event "Stammtisch Dachau"]\n[Seats "Sepp; Vroni; Hias; Resi"]\n'
            '[Rules "schafkopf; tariff.sauspiel=20; laufendeMin=sauspiel:4,solo:4,wenz:2,geier:2"]\n[Cards "de"]\n\n'
            "hand 1  dealer Resi\ngame Vroni sauspiel GA  partner Resi  laufende 4 with  pts 70  win\n"
            "score Sepp -60 Vroni +60 Hias -60 Resi +60\n")
    path = tmp_path / "dachau.duckdb"
    with Store(path) as store:
        rep = store.ingest_file(validate_text(text, "dachau.shn"))
        assert rep.stored == 1 and not rep.rejected
    at = page("schafkopf.py", path, monkeypatch)
    assert not at.exception
    assert ("below the minimum that counts under their rules (from 4 in a sauspiel, 4 in a solo, 2 in a wenz, "
            "2 in a geier, 3 in a farbwenz, 3 in a farbgeier)") in text_of(at)


def test_caption_names_the_game_filtered():
    """A caption names the game the hands are of ("over Schafkopf hands
    player Sepp"), not a clause after them ("over hands game schafkopf")."""
    from dashboard.filters import describe
    from dashboard.metrics import Filters

    assert describe(Filters()) == "all hands"
    assert describe(Filters(game="schafkopf")) == "all Schafkopf hands"
    assert describe(Filters(game="sheepshead", players=("Sepp",))) == "Sheepshead hands with Sepp"
    assert describe(Filters(players=("Ann", "Bob"))) == "hands with Ann or Bob"


def test_the_schafkopf_ledger_says_its_unit_and_names_its_hands(schafkopf_db, monkeypatch):
    """The Ledger page of a database holding Sheepshead and Schafkopf hands, showing the Schafkopf unit: the
    caption over the leaderboard names the unit it shows (tariff points, rules.md G-16), not "Units", and the
    hands it is over; the board is the protocol's own last running table, PcLinks -85, PcOben +33, PcRechts +25,
    Gast +27 (tests/test_nsk_edited_copies.py)."""
    monkeypatch.setenv("SHEAD_DB", str(schafkopf_db))
    at = AppTest.from_file(str(PAGES / "ledger.py"), default_timeout=60)
    at.query_params["unit"] = "schafkopf"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    board = at.dataframe[0].value
    assert dict(zip(board["player"], board["units"])) == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}
    text = text_of(at)
    assert "One row per player over all Schafkopf hands. Tariff points are the settled score of each hand" in text
    assert "Tariff points per hand = tariff points of the hands played ÷ hands played" in text


def test_the_sheet_page_of_a_schafkopf_night_has_no_stake_column(tmp_path, monkeypatch):
    # a Schafkopf game is priced by the tariff and its doublings are the marks' xN (rules.md G-14, G-18): the
    # page shows declarer and game, not a stake that is always 1 (as shead sheet and the printable page)
    db = tmp_path / "sk.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_file(ROOT / "data" / "schafkopf" / "worked_example.shn"))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    order = list(at.dataframe[0].proto.column_order)
    # fixa30: as a Schafkopf block, to fit a 1400-px window (tests/test_found30_sheet_width.py): the doublings beside
    # the result, a column per player with the game's points and the running total, no dealer column
    assert order[:5] == ["hand", "picker", "partner", "call", "result, marks"] and "stake" not in order
    assert order[5:] == ["Al points →", "Bea points →", "Cy points →", "Di points →"]
