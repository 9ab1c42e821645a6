"""The dashboard beyond loopback (dashboard/access.py, ingest/scope.py):
every visitor signs in with a token of ``shead serve``, sees only the
token's group, and a viewer gets no writing page.

The database holds two groups (the sessions' ``[Event]`` tags):

* tests/fixtures/metrics.shn — "Thursday Night Sheepshead" (session
  ``thu-0306``, hands 14 to 24: 11 hands) and "Friday Club" (``fri-0314``,
  hands 1 to 9 of which hand 6 is rejected, its score not summing to zero:
  8 hands stored), 19 in all (tests/test_metrics.py);
* data/sheepshead/example_session.shn — "Thursday Night Sheepshead",
  hands 14 to 18 of session "Thursday Night Sheepshead / 2025.03.06 / 2":
  5 more.

So Thursday's token sees 11 + 5 = 16 hands in 2 sessions, Friday's 8 hands
in 1 session, and the dashboard without sign-in all 24 in 3.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.access import Access
from dashboard.launch import refusal
from ingest import tokens as tk
from ingest.scope import LOGIN_ENV, READ_SCOPE, restrict
from ingest.store import Store, connect, reading
from ingest.validate import validate_file
from tests.server_port import start_serving, stop
from tests.test_dashboard_replay import fill, ok, press, texts

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboard" / "app.py"
PAGES = ROOT / "dashboard" / "pages"
THU = "Thursday Night Sheepshead"
FRI = "Friday Club"
BAD_6 = "E-SCORE-SUM"  # the Friday Club's hand 6: its units do not sum to zero (tests/fixtures/metrics.shn)


def _two_groups(db: Path):
    with Store(db) as store:
        store.ingest_file(validate_file(ROOT / "tests" / "fixtures" / "metrics.shn"))
        store.ingest_file(validate_file(ROOT / "data" / "sheepshead" / "example_session.shn"))
    con = connect(db, read_only=False)
    try:
        tokens = {"thu-viewer": tk.add_token(con, THU, "viewer")[1], "thu-scorer": tk.add_token(con, THU, "scorer")[1],
                  "fri-viewer": tk.add_token(con, FRI, "viewer")[1], "revoked": tk.add_token(con, FRI, "scorer")[1]}
        tk.revoke_token(con, tokens["revoked"])
    finally:
        con.close()
    return db, tokens


@pytest.fixture(scope="module")
def two_groups(tmp_path_factory):
    """(database, {name: token}) with a viewer and a scorer of each group; read only."""
    return _two_groups(tmp_path_factory.mktemp("access") / "groups.duckdb")


@pytest.fixture
def writable(tmp_path):
    """The same, a database of the test's own (it writes)."""
    return _two_groups(tmp_path / "groups.duckdb")


def app(db: Path, monkeypatch, login: bool = True) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    if login:
        monkeypatch.setenv(LOGIN_ENV, "1")
    else:
        monkeypatch.delenv(LOGIN_ENV, raising=False)
    return AppTest.from_file(str(APP), default_timeout=60)


def sign_in(at: AppTest, token: str) -> AppTest:
    at.text_input(key="shead.login.token").set_value(token)
    return ok(next(b for b in at.button if b.label == "Sign in").click().run())


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


# --------------------------------------------------------------------------
# the scope of a reading connection


def test_a_scoped_connection_sees_only_its_groups_rows(two_groups):
    db, _ = two_groups
    token = READ_SCOPE.set((FRI,))
    try:
        with reading(db) as con:
            assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 8
            assert con.execute("SELECT DISTINCT \"group\" FROM main.sessions").fetchall() == [(FRI,)]
            # units: 8 hands x 5 seats (the Friday Club plays five-handed, no pot)
            assert con.execute("SELECT count(*) FROM hand_units").fetchone()[0] == 8 * 5
            assert con.execute("SELECT count(*) FROM hand_source").fetchone()[0] == 8
            assert con.execute("SELECT count(*) FROM service_tokens").fetchone()[0] == 0  # nobody's to see
            # the rejected hand 6 is the Friday Club's: its row is kept for the group
            assert con.execute("SELECT count(*) FROM rejected").fetchone()[0] == 1
    finally:
        READ_SCOPE.reset(token)
    with reading(db) as con:  # unset: every group (the command line)
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 24


def test_no_group_at_all_sees_nothing(two_groups):
    db, _ = two_groups
    con = connect(db, read_only=True)
    try:
        restrict(con, ())
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0
    finally:
        con.close()


def test_a_dashboard_that_asks_for_a_token_fails_closed(two_groups, monkeypatch):
    db, _ = two_groups
    monkeypatch.setenv(LOGIN_ENV, "1")  # a thread that never set the scope reads nothing, not everything
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 0


# --------------------------------------------------------------------------
# the app under AppTest


def test_on_loopback_without_login_nothing_changes(two_groups, monkeypatch):
    db, _ = two_groups
    at = ok(app(db, monkeypatch, login=False).run())
    assert at.title[0].value == "Overview"
    assert metric(at, "Hands") == "24"  # 19 + 5, every group
    assert at.multiselect(key="shead.widget.groups").options == [FRI, THU]


def test_sign_in_refuses_a_bad_or_revoked_token(two_groups, monkeypatch):
    db, tokens = two_groups
    at = ok(app(db, monkeypatch).run())
    assert at.title[0].value == "shead — sign in"
    assert not at.metric  # nothing of any group before a token
    at = sign_in(at, "shd_not-a-token-at-all")
    assert at.title[0].value == "shead — sign in"
    assert any("Unknown or revoked token" in e.value for e in at.error)
    assert not at.metric
    at = sign_in(at, tokens["revoked"])
    assert at.title[0].value == "shead — sign in" and not at.metric


def test_a_viewer_sees_only_its_group_and_no_writing_page(two_groups, monkeypatch):
    db, tokens = two_groups
    at = sign_in(ok(app(db, monkeypatch).run()), tokens["fri-viewer"])
    assert at.title[0].value == "Overview"
    assert metric(at, "Hands") == "8"  # the Friday Club's 9 hands less hand 6, rejected
    assert at.multiselect(key="shead.widget.groups").options == [FRI]
    assert "Friday Club" in texts(at) and "viewer (read only)" in texts(at)
    # the Sheet page offers only the group's one session
    at.switch_page("pages/sheet.py")
    ok(at.run())
    assert at.title[0].value == "Sheet"
    assert at.selectbox(key="shead.sheet.session").options == [s for s in at.selectbox(
        key="shead.sheet.session").options if s.startswith("fri-0314")] and len(
        at.selectbox(key="shead.sheet.session").options) == 1
    # the Replay page's finder lists the group's session only (plus "all sessions")
    at.switch_page("pages/replay_hand.py")
    ok(at.run())
    assert at.selectbox(key="replay_session").options[1:] == ["fri-0314"]
    # the writing pages are not in the navigation at all (AppTest knows only the registered pages)
    for name in ("log_hand.py", "import_files.py"):
        with pytest.raises(ValueError, match="Could not find a navigation page") as exc:
            at.switch_page(f"pages/{name}")
        assert "pages/overview.py" in str(exc.value) and "pages/replay_hand.py" in str(exc.value)


def test_a_viewer_reaching_a_writing_page_by_url_is_refused(two_groups, monkeypatch):
    db, tokens = two_groups
    monkeypatch.setenv("SHEAD_DB", str(db))
    monkeypatch.setenv(LOGIN_ENV, "1")
    for name in ("log_hand.py", "import_files.py"):
        at = AppTest.from_file(str(PAGES / name), default_timeout=60)
        at.session_state["shead.access"] = Access(3, FRI, "viewer", tokens["fri-viewer"])
        ok(at.run())
        assert any("needs a scorer token" in e.value for e in at.error), name
        assert not at.button  # no Save, no Import
    monkeypatch.delenv(LOGIN_ENV)
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 24  # nothing written


def test_a_scorer_logs_a_hand_into_its_group(writable, monkeypatch):
    db, tokens = writable
    at = sign_in(ok(app(db, monkeypatch).run()), tokens["thu-scorer"])
    assert metric(at, "Hands") == "16"  # 11 + 5 of Thursday
    at.switch_page("pages/log_hand.py")
    ok(at.run())
    assert at.title[0].value == "Log a hand"
    # the group's sessions only: the example session (latest date first) and thu-0306
    labels = at.selectbox(key="lh_session").options  # AppTest gives the options as shown
    assert sorted(labels) == ["Thursday Night Sheepshead / 2025.03.06 / 2", "thu-0306"]
    at.selectbox(key="lh_session").select_index(labels.index("Thursday Night Sheepshead / 2025.03.06 / 2"))
    ok(at.run())
    assert at.number_input(key="lh_number").value == 19
    fill(at, picker="Al", call="ace", suit="S", partner="Cy", pts=95, outcome="win-s")
    press(at, "Check score")
    # B-33, win schneider with a partner: picker +4, partner +2, each of 3 defenders -2
    assert "**Al** +4 · **Bea** -2 · **Cy** +2 · **Di** -2 · **Ed** -2 — win-s" in texts(at)
    press(at, "Save hand")
    assert "Stored hand 19 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    with connect(db) as con:
        assert con.execute("SELECT \"group\", outcome FROM hands WHERE session = ? AND hand = 19",
                           ["Thursday Night Sheepshead / 2025.03.06 / 2"]).fetchall() == [(THU, "win-s")]
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 25
    # a new session of a signed-in scorer is the token's group's: the Event field is fixed to it
    ok(at.radio(key="lh_mode").set_value("new").run())
    ev = at.text_input(key="lh_event")
    assert ev.value == THU and ev.disabled


def test_a_scorer_store_refuses_another_groups_hand(writable, tmp_path):
    from dashboard.access import GroupStore

    db, _ = writable
    text = (ROOT / "tests" / "fixtures" / "metrics.shn").read_text(encoding="utf-8")
    f = tmp_path / "again.shn"
    f.write_text(text.replace('[Session "fri-0314"]', '[Session "fri-0321"]').replace(
        '[Session "thu-0306"]', '[Session "thu-0313"]'), encoding="utf-8")
    result = validate_file(f)
    with GroupStore(db, FRI) as store:
        rep = store.ingest_file(result)
    # Friday's 8 good hands stored; Thursday's 11 refused as E-GROUP; hand 6 rejected as before
    assert rep.stored == 8
    codes = sorted((r.hand, r.errors[0].code) for r in rep.rejected)
    assert codes == sorted([(n, "E-GROUP") for n in range(14, 25)] + [(6, BAD_6)])
    assert all(f"signed in for group {FRI!r}" in r.errors[0].message for r in rep.rejected
               if r.errors[0].code == "E-GROUP")
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands WHERE session = 'thu-0313'").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM hands WHERE session = 'fri-0321'").fetchone()[0] == 8


# --------------------------------------------------------------------------
# shead dashboard --host


def test_dashboard_refuses_beyond_loopback_without_a_token(tmp_path):
    db = tmp_path / "none.duckdb"
    Store(db).open()
    assert refusal(db, "127.0.0.1") is None
    assert "refusing to listen on 0.0.0.0" in refusal(db, "0.0.0.0")
    r = subprocess.run([sys.executable, "-m", "ingest.cli", "dashboard", "--db", str(db), "--host", "0.0.0.0",
                        "--port", "0"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert "refusing to listen on 0.0.0.0" in r.stderr and "shead token add" in r.stderr


def _lan_address() -> str | None:
    """An address of this machine beyond loopback, if it has one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent, the route picks the interface
            addr = s.getsockname()[0]
    except OSError:
        return None
    return None if addr.startswith("127.") else addr


def test_browser_sees_the_sign_in_over_a_non_loopback_address(two_groups, tmp_path):
    """``shead dashboard --host 0.0.0.0`` for real, opened in headless
    Chromium at the machine's own network address (when it has one; else
    127.0.0.1 — the server still listens on every address and asks for a
    token, as --host 0.0.0.0 does): the sign-in form first, then, with the
    Friday Club's viewer token, that group's 8 hands and no Log a hand or
    Import in the menu."""
    from playwright.sync_api import expect, sync_playwright

    db, tokens = two_groups
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop(LOGIN_ENV, None)
    host = _lan_address() or "127.0.0.1"

    def start(port, out):
        return subprocess.Popen([sys.executable, "-m", "ingest.cli", "dashboard", "--db", str(db), "--host",
                                 "0.0.0.0", "--port", str(port)], stdout=out, stderr=subprocess.STDOUT, env=env)

    def listening(port):
        try:
            socket.create_connection((host, port), timeout=1).close()
            return True
        except OSError:
            return False

    # a port taken before the server binds it: tried again on another one (tests/server_port.py)
    proc, port = start_serving(start, tmp_path / "dashboard.log", listening)
    url = f"http://{host}:{port}/"
    art = ROOT / "tests" / "artifacts"
    art.mkdir(exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"])
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            page.goto(url, timeout=90_000)
            page.get_by_text("shead — sign in").wait_for(timeout=90_000)
            page.screenshot(path=str(art / "access_sign_in.png"))
            assert page.get_by_text("Hands", exact=True).count() == 0
            assert page.locator('[data-testid="stSidebarNav"]').count() == 0  # no menu of pages before a token
            assert page.get_by_text("log hand").count() == 0 and page.get_by_text("Log a hand").count() == 0
            page.get_by_label("Token").fill("shd_wrong-token")
            page.get_by_role("button", name="Sign in").click()
            page.get_by_text("Unknown or revoked token").wait_for(timeout=60_000)
            page.get_by_label("Token").fill(tokens["fri-viewer"])
            page.get_by_role("button", name="Sign in").click()
            page.get_by_role("heading", name="Overview").wait_for(timeout=90_000)
            page.get_by_text("viewer (read only)").wait_for(timeout=30_000)
            metric = page.locator('[data-testid="stMetric"]').filter(has_text="Hands").first
            metric.wait_for(timeout=60_000)
            # the run after the sign-in may still be drawing (a loaded machine): wait for the count to settle on 8
            expect(metric.locator('[data-testid="stMetricValue"]')).to_have_text("8", timeout=60_000)
            page.wait_for_timeout(1000)
            page.screenshot(path=str(art / "access_viewer.png"))
            nav = page.locator('[data-testid="stSidebarNav"]')
            expect(nav).to_contain_text("Overview", timeout=30_000)
            expect(nav).to_contain_text("Replay", timeout=30_000)
            expect(nav).not_to_contain_text("Log a hand")
            expect(nav).not_to_contain_text("Import")
            browser.close()
    finally:
        stop(proc)


def test_a_scorer_store_voids_only_its_groups_hands(writable):
    """A Friday Club scorer voids a Friday hand (from the Log a hand page's Void, dash19 F8) but not a Thursday
    one: refused whole, nothing changed (the Thursday hand's units stay)."""
    import pytest as _pytest

    from dashboard.access import GroupStore
    from ingest.store import CorrectionError

    db, _ = writable
    with reading(db) as con:
        thu = con.execute('SELECT min(hand_id) FROM hands WHERE "group" = ?', [THU]).fetchone()[0]
        fri = con.execute('SELECT min(hand_id) FROM hands WHERE "group" = ?', [FRI]).fetchone()[0]
        before = con.execute("SELECT count(*) FROM hand_units WHERE hand_id = ?", [thu]).fetchone()[0]
    with GroupStore(db, FRI) as store, _pytest.raises(CorrectionError, match="another group"):
        store.void_hands([fri, thu], "not ours")
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands WHERE hand_id IN (?, ?)", [thu, fri]).fetchone()[0] == 2
        assert con.execute("SELECT count(*) FROM hand_units WHERE hand_id = ?", [thu]).fetchone()[0] == before > 0
    with GroupStore(db, FRI) as store:
        assert store.void(fri, "typed twice").hands[0][2] == fri
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands WHERE hand_id = ?", [fri]).fetchone()[0] == 0
