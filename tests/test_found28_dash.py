"""Session 28 (fixh28): newuser28's findings F1, F2, F3 and F7 (/tmp/s28/newuser28/FINDINGS.md).

F1: the Log a hand page validated a new hand with the session's earlier hands only for doubler or pot=on sessions, so
the dealer rotation check (W-SESSION-DEALER, rules.md B-1: the deal passes to the left after every hand) never saw
the last dealer, and a hand entered twice on a phone (a second tap, a hand re-entered that the scorer thought lost)
was stored twice without a word.  Now the page passes the session's last stored hand (one row) and says
W-SESSION-DEALER as ``shead ingest`` does, and W-HAND-REPEATED when the new hand records what that hand records but
for its number; the hand is kept as written (two hands alike do happen at a table).

The session is the example session (data/sheepshead/example_session.shn: hands 14-18, seats Al Bea Cy Di Ed,
``[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"]``, no doubler, no pot); hand 18 was dealt by Di, so
hand 19 is Ed's deal and hand 20 Al's (B-1).  The units, worked by hand:

* hand 19, Cy picks, Ed partners, 72 card points: 61 <= 72 <= 90 is a plain win (B-27, B-28), 1 a defender (B-31);
  with a partner (B-33) Al, Bea, Di pay 1 each, Cy +2, Ed +1.
* hand 20 the same line again: the same units, Cy +2, Ed +1, Al/Bea/Di -1; the session's total for the two hands
  is then Cy +4, Ed +2, Al/Bea/Di -2.

F2: the Sheet page of a pot=on night did not say the pot the night opened with (night 2 opened with 15 carried in,
so Al's +19 for a plain alone win could not be read from the page), its 'pot balance' column was past the right edge
of a 1400-px window and the total row's pot cell was blank.  newuser28's potnights.shn (POT1, POT2 below), worked by
hand from rules.md (B-27..B-33, D-4 leaster, D-19 pot=on: each of five puts 1 in on a leaster; a losing picker side
pays in what it would have taken; a winner takes the pot):

* night 1 (2026.11.05), the pot opening empty: h1 leaster Al: Al +4, -1 each (D-4), then each puts 1 in: Al +3,
  others -2, pot +5 (5).  h2 Cy + Ed 45 lose (B-27): 1 a defender, x2 on the bump (B-32): Cy -4, Ed -2, the three
  defenders +2; the losing side pays in what it would have taken of the 5 (partner 5 // 4 = 1, Cy 4): Cy -8, Ed -3,
  Al/Bea/Di +2, pot +5 (10).  h3 leaster Bea: Bea +3, others -2, pot +5 (15).  The pot's net +15, it holds 15.
* night 2 (2026.11.12), ``pot 15`` on hand 1: h1 Al alone 80, a plain win alone: +4, -1 each (B-28, B-33), and the
  whole pot: Al +19, others -1, pot -15 (0).  h2 Di + Bea 95 win-s: 2 a defender (B-28): Di +4, Bea +2, Al/Cy/Ed -2;
  the pot empty.  Totals Al +17, Bea +1, Cy -3, Di +3, Ed -3; the pot's net -15, so it holds 15 - 15 = 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.store import reading
from tests.test_dashboard_replay import example_db, fill, ok, page, press, stored_units, texts  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"
CY_ED_72 = {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def _warnings(at) -> list[str]:
    return [w.value for w in at.warning]


def _count(db: Path) -> int:
    with reading(db) as con:
        return con.execute("SELECT count(*) FROM hands WHERE session = ?", [SESSION]).fetchone()[0]


# --------------------------------------------------------------------------
# F1


def test_f1_a_dealer_out_of_turn_is_said_before_saving(example_db):  # noqa: F811
    """Hand 19 written as dealt by Di, who dealt hand 18: Ed (on Di's left) deals it (B-1).  The page says
    W-SESSION-DEALER before Save, in the words ``shead ingest`` uses, and the derived score is unchanged."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    assert at.selectbox(key="lh_dealer").value == "Ed"  # the form's own default is right
    fill(at, dealer="Di", picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert _warnings(at) == [
        "W-SESSION-DEALER: hand 19: dealer Di, but hand 18's dealer was Di (as written, or by the rotation), so Ed "
        "(on Di's left) deals next (rules.md B-1: the deal passes to the left after every hand); the hand is kept "
        "as written"]
    assert _count(db) == 5  # checked, not saved


def test_f1_the_right_dealer_gets_no_warning(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert _warnings(at) == []


def test_f1_the_same_hand_entered_twice_is_said_before_and_after_saving_and_kept(example_db):  # noqa: F811
    """newuser28's hands 8 and 9: hand 19 saved (Ed deals, Cy + Ed 72), then the very same line again as hand 20,
    dealer Ed again.  Before Save the page says both W-SESSION-DEALER (Al deals hand 20) and W-HAND-REPEATED (the
    same as hand 19); Save still stores it, and the warnings stay beside 'Stored hand 20'."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    assert "Stored hand 19 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    assert stored_units(db, SESSION, 19) == CY_ED_72
    assert _warnings(at) == []
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (20, "Al")
    fill(at, dealer="Ed", picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    said = _warnings(at)
    assert [w.split(":")[0] for w in said] == ["W-SESSION-DEALER", "W-HAND-REPEATED"]
    assert said[0].startswith("W-SESSION-DEALER: hand 20: dealer Ed, but hand 19's dealer was Ed (as written, or "
                              "by the rotation), so Al (on Ed's left) deals next")
    assert said[1] == ("W-HAND-REPEATED: hand 20 is the same as hand 19 just stored (dealt by Ed again): saved twice? "
                       "If it is hand 19 a second time, do not save it (once saved: edit → hand 20 → Void); two hands "
                       "alike do happen at a table, so it is kept as written")
    press(at, "Save hand")
    assert "Stored hand 20 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    assert [w.split(":")[0] for w in _warnings(at)] == ["W-SESSION-DEALER", "W-HAND-REPEATED"]
    assert stored_units(db, SESSION, 20) == CY_ED_72  # kept, with its own units (B-28, B-33)
    assert _count(db) == 7


def test_f1_the_same_line_with_the_dealer_moved_on_is_still_said(example_db):  # noqa: F811
    """The form moves the dealer on after a save, so a hand re-entered with the form's defaults has the right dealer
    (Al for hand 20): no W-SESSION-DEALER, but the repeat is said, naming the two dealers."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    assert _warnings(at) == [
        "W-HAND-REPEATED: hand 20 is the same as hand 19 just stored (only the dealer differs (Ed, now Al)): saved "
        "twice? If it is hand 19 a second time, do not save it (once saved: edit → hand 20 → Void); two hands alike "
        "do happen at a table, so it is kept as written"]


def test_f1_another_hand_is_no_repeat(example_db):  # noqa: F811
    """Hand 20 after hand 19 (Cy + Ed 72) with one fact changed, 73 points: no repeat (still a plain win, B-28)."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    fill(at, picker="Cy", partner="Ed", pts=73)
    press(at, "Check score")
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert _warnings(at) == []


def test_f1_a_repeat_typed_as_shn_is_said(example_db):  # noqa: F811
    """The SHN box: hand 18 of the example session written again as hand 19 (its own line, dealer Di): both
    warnings, and nothing refused."""
    db, _ = example_db
    with reading(db) as con:
        src = con.execute("SELECT t.source FROM hands h JOIN hand_text t USING (hand_id) WHERE h.session = ? AND "
                          "h.hand = 18", [SESSION]).fetchone()[0]
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value(src.replace("hand 18", "hand 19", 1))
    press(at, "Check score")
    assert [w.split(":")[0] for w in _warnings(at)] == ["W-SESSION-DEALER", "W-HAND-REPEATED"]
    assert "hand 19 is the same as hand 18 just stored (dealt by Di again)" in _warnings(at)[1]


@pytest.mark.browser
def test_f1_the_same_hand_twice_on_a_phone(tmp_path):
    """Chromium at 390 x 844, as newuser28 did it: hand 19 saved (Ed deals, Cy + Ed 72), then the same line with
    dealer Ed again.  Both warnings are on the page before Save and after it; the hand is stored (Cy +2, Ed +1)."""
    from playwright.sync_api import expect

    from tests.test_log_hand_browser import choose, phone_log_page, shot, type_in

    db = tmp_path / "shead.duckdb"
    with phone_log_page(tmp_path) as (runs, page_):
        expect(page_.get_by_label("Hand number")).to_have_value("19")
        choose(runs, "Picker", "Cy")
        choose(runs, "Partner", "Ed")
        type_in(runs, page_.get_by_role("textbox", name="Card points"), "72")
        expect(page_.get_by_text("Al -1 · Bea -1 · Cy +2 · Di -1 · Ed +1 — win")).to_be_visible()
        runs.act(page_.get_by_role("button", name="Save hand").click)
        expect(page_.get_by_text(f"Stored hand 19 of {SESSION}.")).to_be_visible()
        expect(page_.get_by_label("Hand number")).to_have_value("20")
        choose(runs, "Dealer", "Ed")
        choose(runs, "Picker", "Cy")
        choose(runs, "Partner", "Ed")
        type_in(runs, page_.get_by_role("textbox", name="Card points"), "72")
        expect(page_.get_by_text("W-HAND-REPEATED: hand 20 is the same as hand 19 just stored")).to_be_visible()
        expect(page_.get_by_text("W-SESSION-DEALER: hand 20: dealer Ed, but hand 19's dealer was Ed")).to_be_visible()
        page_.get_by_text("W-SESSION-DEALER", exact=False).first.scroll_into_view_if_needed()
        shot(page_, "found28_dash_repeat_before.png")
        runs.act(page_.get_by_role("button", name="Save hand").click)
        expect(page_.get_by_text(f"Stored hand 20 of {SESSION}.")).to_be_visible()
        expect(page_.get_by_text("W-HAND-REPEATED: hand 20 is the same as hand 19 just stored")).to_be_visible()
        page_.get_by_text(f"Stored hand 20 of {SESSION}.").scroll_into_view_if_needed()
        shot(page_, "found28_dash_repeat_saved.png")
    assert stored_units(db, SESSION, 19) == CY_ED_72
    assert stored_units(db, SESSION, 20) == CY_ED_72


# --------------------------------------------------------------------------
# F2: the Sheet page of a pot=on night

_HEAD = """%SHN 1.0
[Event "Newuser Pot Club"]
[Date "{date}"]
[Seats "Al=Al Anders; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Egan"]
[Rules "wi5-called-ace; pot=on"]

"""
POT1 = _HEAD.format(date="2026.11.05") + """hand 1  dealer Ed
leaster Al  pts 20

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 45  lose

hand 3  dealer Bea
leaster Bea  pts 15
"""
POT2 = _HEAD.format(date="2026.11.12") + """hand 1  dealer Ed  pot 15
pick Al  alone  pts 80  win

hand 2  dealer Al
pick Di  call AH  partner Bea  pts 95  win-s
"""
NIGHT1, NIGHT2 = "Newuser Pot Club / 2026.11.05", "Newuser Pot Club / 2026.11.12"
SEATS = ("Al", "Bea", "Cy", "Di", "Ed")


@pytest.fixture(scope="module")
def pot_db(tmp_path_factory) -> Path:
    from ingest.store import Store
    from ingest.validate import validate_text

    path = tmp_path_factory.mktemp("pot28") / "pot.duckdb"
    with Store(path) as store:
        for text, name in ((POT1, "night1.shn"), (POT2, "night2.shn")):
            res = validate_text(text, path=name)
            assert not res.rejected, [r.errors for r in res.rejected]
            store.ingest_file(res)
    return path


def _sheet(db: Path, session: str, monkeypatch):
    import json

    from tests.test_found26_dashboard import _run

    at = _run("sheet.py", db, monkeypatch, session=session)
    (d,) = at.dataframe
    rows = d.value.to_dicts() if hasattr(d.value, "to_dicts") else d.value.to_dict("records")
    rows = [{k: None if v != v else int(v) if isinstance(v, float) else v for k, v in r.items()}  # NaN: empty
            for r in rows]
    labels = {k: v.get("label") for k, v in json.loads(d.proto.columns).items()}
    return at, rows, list(d.proto.column_order), labels


def _line(r: dict) -> tuple:
    return (r["hand"], r["result"], *[r[f"{a} units"] for a in SEATS], r["pot"], r["pot balance"])


def test_f2_a_night_opened_with_a_pot_carried_in_says_so_in_a_first_row(pot_db, monkeypatch):
    at, rows, order, labels = _sheet(pot_db, NIGHT2, monkeypatch)
    assert [_line(r) for r in rows] == [
        (None, "pot carried in", None, None, None, None, None, None, 15),
        (1, "won 80", 19, -1, -1, -1, -1, -15, 0),
        (2, "won 95 (schneider)", -2, 2, -2, 4, -2, 0, 0),
        (None, "total, 2 hands", 17, 1, -3, 3, -3, -15, 0),  # the pot cell filled: the night's net
    ]
    caps = "\n".join(c.value for c in at.caption)
    assert ("The pot opened with 15 in it, carried in from an earlier night (the first row); its net over the night "
            "is -15 (the total row's pot), so it holds 0 at the end (rules.md D-19).") in caps
    assert (labels["pot"], labels["pot balance"]) == ("pot", "pot held")
    assert order[-2:] == ["pot", "pot balance"] and "marks" not in order  # no hand writes a mark


def test_f2_a_night_opened_empty_has_no_carried_row_and_its_pot_total(pot_db, monkeypatch):
    at, rows, _, _ = _sheet(pot_db, NIGHT1, monkeypatch)
    assert [_line(r) for r in rows] == [
        (1, "leaster Al 20", 3, -2, -2, -2, -2, 5, 5),
        (2, "lost 45", 2, 2, -8, 2, -3, 5, 10),
        (3, "leaster Bea 15", -2, 3, -2, -2, -2, 5, 15),
        (None, "total, 3 hands", 3, 3, -12, -2, -7, 15, 15),
    ]
    caps = "\n".join(c.value for c in at.caption)
    assert "The pot opened empty; its net over the night is +15 (the total row's pot), so it holds 15 at the end" in caps


def test_f2_a_night_without_a_pot_says_nothing_of_one(monkeypatch, tmp_path):
    """The example session (no pot=on): no pot columns, no pot sentence, no carried row."""
    from ingest.store import Store
    from ingest.validate import validate_text
    from tests.test_browser import EXAMPLE

    db = tmp_path / "x.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE)))
    at, rows, order, _ = _sheet(db, SESSION, monkeypatch)
    assert "pot" not in order and [r["hand"] for r in rows] == [14, 15, 16, 17, 18, None]
    assert "The pot" not in "\n".join(c.value for c in at.caption)


@pytest.mark.browser
def test_f2_the_pot_sheet_fits_a_1400_px_window(pot_db, tmp_path):
    """Chromium at 1400 x 900, the sidebar open: the grid's scroller is no wider than its box on both nights (night 2
    was 79 px too wide: 'pot balance' past the right edge), its last header 'pot held'."""
    from urllib.parse import quote_plus

    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve

    ARTIFACTS.mkdir(exist_ok=True)
    got = {}
    with _serve(pot_db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        try:
            page_ = b.new_page(viewport={"width": 1400, "height": 900})
            for i, night in enumerate((NIGHT1, NIGHT2), 1):
                page_.goto(f"{base}/sheet?session={quote_plus(night)}")
                page_.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
                page_.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
                page_.wait_for_timeout(1500)
                got[night] = page_.evaluate("""() => [...document.querySelectorAll('[data-testid="stDataFrame"]')]
                    .map(d => { const s = d.querySelector('.dvn-scroller');
                                return [s.scrollWidth - s.clientWidth, s.scrollHeight - s.clientHeight]; })""")
                assert page_.get_by_test_id("stSidebar").is_visible()
                page_.screenshot(path=str(ARTIFACTS / f"found28_dash_sheet_night{i}_1400.png"), full_page=True)
        finally:
            b.close()
    assert got == {NIGHT1: [[0, 0]], NIGHT2: [[0, 0]]}, got


# --------------------------------------------------------------------------
# F3: the Ledger's per-session and pot tables on a phone; F7: the Hands page's session column at 1400 px


def _frames(at) -> list:
    import json

    out = []
    for d in at.dataframe:
        rows = d.value.to_dicts() if hasattr(d.value, "to_dicts") else d.value.to_dict("records")
        out.append((list(d.value.columns), rows, json.loads(d.proto.columns)))
    return out


def test_f3_the_ledgers_per_session_table_puts_player_and_units_first(pot_db, monkeypatch):
    """Night 1: Al +3 (leaster h1 +3, h2 +2, h3 -2), Cy -12 (-2 -8 -2); night 2: Al +17 (+19 -2), Di +3 (-1 +4)
    (module docstring); each player held a seat in 3 and 2 hands."""
    from tests.test_found26_dashboard import _run

    at = _run("ledger.py", pot_db, monkeypatch)
    (cols, rows, _), = [f for f in _frames(at) if "units" in f[0] and "table" in f[0]]
    assert cols[:4] == ["player", "units", "hands", "date"] and cols[-1] == "session"
    got = {(r["player"], r["hands"]): r["units"] for r in rows}
    assert (got[("Al Anders", 3)], got[("Cy Cole", 3)], got[("Al Anders", 2)], got[("Di Dorn", 2)]) == (3, -12, 17, 3)
    caps = "\n".join(c.value for c in at.caption)
    assert "On a narrow screen the table scrolls sideways: group, table and session are to the right." in caps


def test_f3_the_ledgers_pot_table_reads_carried_in_net_holds_first(pot_db, monkeypatch):
    """Night 1 opened empty, paid in 5 + 5 + 5 = 15, took 0: net +15, holds 15; night 2 carried in 15, paid in 0,
    took 15 (Al's alone win, D-19): net -15, holds 0 (module docstring)."""
    from tests.test_found26_dashboard import _run

    at = _run("ledger.py", pot_db, monkeypatch)
    (cols, rows, _), = [f for f in _frames(at) if "opening" in f[0]]
    assert cols == ["date", "opening", "net", "balance", "paid_in", "taken", "session"]
    assert [(r["opening"], r["net"], r["balance"], r["paid_in"], r["taken"]) for r in rows] == [
        (0, 15, 15, 15, 0), (15, -15, 0, 0, 15)]
    caps = "\n".join(c.value for c in at.caption)
    assert ("Carried in + net = pot holds; on a narrow screen the table scrolls sideways: paid in, taken and the "
            "session are to the right.") in caps


def test_f7_the_hands_pages_session_column_leaves_the_date_to_the_date_column(pot_db, monkeypatch):
    """'Newuser Pot Club / 2026.11.12' was cut at 'Newuser Pot Club /' (100 px), its date out of view: the cell is
    the name less the date its row's date column says, 'Newuser Pot Club' (16 characters: int(6.5 x 16) + 20 = 124
    px); the replay links below name each night whole."""
    from tests.test_found26_dashboard import _run

    at = _run("hands.py", pot_db, monkeypatch)
    (cols, rows, config), = _frames(at)
    assert cols[-2:] == ["date", "session"]
    got = [(str(r["date"])[:10], r["hand"], r["session"]) for r in rows]
    assert got == [("2026-11-05", 1, "Newuser Pot Club"), ("2026-11-05", 2, "Newuser Pot Club"),
                   ("2026-11-05", 3, "Newuser Pot Club"), ("2026-11-12", 1, "Newuser Pot Club"),
                   ("2026-11-12", 2, "Newuser Pot Club")]
    (session_cfg,) = [v for v in config.values() if v.get("label") == "session"]
    assert session_cfg.get("width") == 124
    assert f"[{NIGHT2} #1]" in "\n".join(m.value for m in at.markdown).replace("\\", "")


def test_f7_a_sessions_number_after_its_date_is_kept(monkeypatch, tmp_path):
    """The example session 'Thursday Night Sheepshead / 2025.03.06 / 2': the cell 'Thursday Night Sheepshead / 2'."""
    from ingest.store import Store
    from ingest.validate import validate_text
    from tests.test_browser import EXAMPLE
    from tests.test_found26_dashboard import _run

    db = tmp_path / "x.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE)))
    (cols, rows, _), = _frames(_run("hands.py", db, monkeypatch))
    assert {(str(r["date"])[:10], r["session"]) for r in rows} == {("2025-03-06", "Thursday Night Sheepshead / 2")}


@pytest.mark.browser
def test_f3_f7_on_a_phone_and_at_1400_px(pot_db, tmp_path):
    """Chromium: the Ledger at 390 x 844 says its two tables scroll sideways (screenshot: player, units, hands, date
    in view; date, carried in, net, pot holds in view); the Hands page at 1400 x 900 has no table wider than its box
    (tests/test_found27_dash.py holds it for a player's list and for two games)."""
    from playwright.sync_api import expect, sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, WAIT_MS, _chromium, _serve
    from tests.test_log_hand_browser import shot

    ARTIFACTS.mkdir(exist_ok=True)
    with _serve(pot_db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        try:
            phone = b.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
                               has_touch=True)
            phone.goto(f"{base}/ledger")
            phone.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
            phone.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
            phone.wait_for_timeout(1500)
            for said in ("group, table and session are to the right", "paid in, taken and the session are to the "
                                                                      "right"):
                cap = phone.get_by_text(said, exact=False)
                cap.scroll_into_view_if_needed()
                expect(cap).to_be_visible()
            shot(phone, "found28_dash_ledger_390.png")
            wide = b.new_page(viewport={"width": 1400, "height": 900})
            wide.goto(f"{base}/hands")
            wide.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
            wide.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
            wide.wait_for_timeout(1500)
            over = wide.evaluate("""() => [...document.querySelectorAll('[data-testid="stDataFrame"]')]
                .map(d => { const s = d.querySelector('.dvn-scroller'); return s.scrollWidth - s.clientWidth; })""")
            wide.screenshot(path=str(ARTIFACTS / "found28_dash_hands_1400.png"), full_page=True)
        finally:
            b.close()
    assert over == [0], over
