"""Session 26's dashboard findings (dash26, /tmp/s26/dash26/FINDINGS.md): a
club's own night, at one table size, as a new user writes it and the
dashboard shows it.

The night (five-handed called ace, rules.md B; dealer rotating clockwise,
B-1; the blind offered from the seat left of the dealer, the dealer last,
B-5).  Seats in order Kit, Lou, Max, Nia, Oz; each hand's picker and the
seat he picked from (1st = left of the dealer):

====  ======  ===============  =====  ========================================  ===============================
hand  dealer  picked by        seat   result                                    units (B-33, DOB on: B-32)
====  ======  ===============  =====  ========================================  ===============================
1     Oz      Lou, partner Nia 2nd    every trick: no-tricker ×3 (B-29)         Lou +6 Nia +3 Kit/Max/Oz -3
2     Kit     (leaster)        —      Max wins with 12 points (D-4)             Max +4, the others -1
3     Lou     Nia alone        2nd    58, a plain loss with DOB                 Nia -8, the others +2
4     Max     Oz, partner Lou  2nd    95 win-s, cracked by Kit: ×2 ×2 (E-1)     Oz +8 Lou +4 Kit/Max/Nia -4
5     Nia     Kit, partner Max 2nd    45, a plain loss with DOB                 Kit -4 Max -2 Lou/Nia/Oz +2
6     Oz      Kit, partner Lou 1st    70, a plain win                           Kit +2 Lou +1 Max/Nia/Oz -1
====  ======  ===============  =====  ========================================  ===============================

Hand 1 is a full card log (the tester's): Lou buries TD 7C (10), calls AC (Nia); tricks to Lou 22, Lou 6,
Nia 15, Lou 22, Lou 8, Lou 37 = 110 + 10 = 120, the defenders no trick.

Ledger: Kit -3 -1 +2 -4 -4 +2 = -8; Lou +6 -1 +2 +4 +2 +1 = +14; Max -3 +4 +2 -4 -2 -1 = -4;
Nia +3 -1 -8 -4 +2 -1 = -9; Oz -3 -1 +2 +8 +2 -1 = +7 (sum 0, B-35); 6 hands each.

Kit picked twice: hand 5 from the 2nd seat (dealer Nia; Oz 1st passed) and
hand 6 from the 1st (dealer Oz); Nia once, from the 2nd (hand 3: dealer
Lou, Max 1st passed).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest.store import Store
from ingest.validate import validate_text

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"

NIGHT = """%SHN 1.0
[Event "Dash Friday Club"]
[Date "2026.11.20"]
[Seats "Kit=Kit Moran; Lou=Lou Pham; Max=Max Ruiz; Nia=Nia Cole; Oz=Oz Banks"]
[Rules "wi5-called-ace"]

hand 1  dealer Oz
deal Kit QH 8D TS 9S AH 7H
deal Lou QC QS JC JS AD 9C
deal Max JH 7D AS KS TH 8H
deal Nia QD AC KC 8S 9H KH
deal Oz  JD KD 9D TC 8C 7S
blind TD 7C
pick Lou
bury TD 7C
call AC
t1 Kit: AH AD 8H 9H 7S
t2 Lou: QC 7D QD 9D 8D
t3 Lou: 9C KS AC 8C 7H
t4 Nia: KH JD QH QS TH
t5 Lou: JC JH 8S KD 9S
t6 Lou: JS AS KC TC TS

hand 2  dealer Kit
leaster Max  pts 12

hand 3  dealer Lou
pick Nia  alone  pts 58  lose

hand 4  dealer Max
pick Oz  call AH  partner Lou  crack Kit  pts 95  win-s

hand 5  dealer Nia
pick Kit  call AS  partner Max  pts 45  lose
score Kit -4 Lou +2 Max -2 Nia +2 Oz +2

hand 6  dealer Oz
pick Kit  call AH  partner Lou  pts 70  win
"""


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("club26") / "club.duckdb"
    res = validate_text(NIGHT, path="friday.shn")
    assert not res.rejected, [r.errors for r in res.rejected]
    with Store(path) as store:
        store.ingest_file(res)
    return path


def _run(page: str, db: Path, monkeypatch, **query) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / page), default_timeout=60)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


# --- F1: the Player page's picks by seat at one table size ---------------------------------------------------------

def _seat_caption(at: AppTest) -> str:
    (cap,) = [c.value for c in at.caption if c.value.startswith("Picks ÷ hands in which the blind reached")]
    return cap


def test_player_page_lists_the_seats_a_player_picked_from_at_one_table_size(club, monkeypatch):
    """dash26 F1: the caption ended "Picks from each seat: ." with nothing listed.  Kit: hand 6 from the 1st seat,
    hand 5 from the 2nd (see the module's table), each a link to that seat's picks at the five-handed table."""
    cap = _seat_caption(_run("player.py", club, monkeypatch, who="Kit Moran"))
    tail = cap.split("Picks from each seat: ", 1)[1]
    assert re.sub(r"\]\([^)]*\)", "]", tail) == "[1st (1)] · [2nd (1)].", cap
    links = re.findall(r"\]\(([^)]*)\)", tail)
    assert len(links) == 2
    assert "position=1" in links[0] and "seats=5" in links[0] and "role=picker" in links[0]
    assert "position=2" in links[1] and "seats=5" in links[1]


def test_player_page_seat_list_of_one_pick(club, monkeypatch):
    """Nia picked once: hand 3, dealer Lou, Max (1st) passed, Nia from the 2nd seat."""
    cap = _seat_caption(_run("player.py", club, monkeypatch, who="Nia Cole"))
    assert re.sub(r"\]\([^)]*\)", "]", cap.split("Picks from each seat: ", 1)[1]) == "[2nd (1)].", cap


def test_player_page_of_a_player_who_never_picked_says_so(club, monkeypatch):
    """Max never picked (his one win is hand 2's leaster, no pick): no empty list, a sentence."""
    cap = _seat_caption(_run("player.py", club, monkeypatch, who="Max Ruiz"))
    assert "Picks from each seat" not in cap
    assert cap.endswith("Max Ruiz picked from no seat."), cap


# --- F2: `shead dashboard` on a port another dashboard holds -------------------------------------------------------

def _listeners(n: int) -> tuple[int, list]:
    """``n`` sockets listening on consecutive ports P .. P+n-1 of 127.0.0.1, and P+n held free for the CLI: (P,
    sockets), every one of them held until the test closes it (:func:`tests.server_port.hold_ports`).  P+n was
    bound and closed again, so another test or process could take it before the CLI looked (fixb30 F3)."""
    from tests.server_port import hold_ports

    return hold_ports(n)


def test_dashboard_on_a_port_in_use_says_so_before_announcing_and_offers_the_next_free_one(club, monkeypatch):
    """dash26 F2: it printed "dashboard on http://127.0.0.1:8501 (database ...club.duckdb)", then Streamlit's
    "Port 8501 is not available", exit 1, while the other dashboard went on serving another database there.
    Now nothing is announced or started; the message names the port and the command with the first free one
    (ports P and P+1 held here: P+2)."""
    import dashboard.launch
    from tests.cli_helpers import cli

    calls = []
    monkeypatch.setattr(dashboard.launch, "launch", lambda **kw: calls.append(kw) or 0)
    port, held = _listeners(2)
    try:
        r = cli("dashboard", "--db", str(club), "--port", str(port), ok=False)
    finally:
        for s in held:
            s.close()
    assert r.exit_code == 1 and calls == []
    assert "dashboard on" not in r.output
    assert r.output.replace("\n", "") == (
        f"error: port {port} on 127.0.0.1 is in use (another dashboard, or `shead demo`?), so nothing was started: "
        f"what http://127.0.0.1:{port} shows is not this database. Stop that one (Ctrl-C where it runs), or serve "
        f"on a free port: shead dashboard --db {club} --port {port + 2}")


def test_demo_on_a_port_in_use_says_so_before_ingesting(tmp_path, monkeypatch):
    """The README's first command run while a dashboard holds its port: said before the ingest, nothing stored."""
    import dashboard.launch
    from tests.cli_helpers import cli

    monkeypatch.setattr(dashboard.launch, "launch", lambda **kw: pytest.fail("launched"))
    data = tmp_path / "data"
    data.mkdir()
    (data / "friday.shn").write_text(NIGHT, encoding="utf-8")
    db = tmp_path / "demo.duckdb"
    port, held = _listeners(1)
    try:
        r = cli("demo", "--db", str(db), "--data", str(data), "--port", str(port), ok=False)
    finally:
        for s in held:
            s.close()
    assert r.exit_code == 1
    assert "nothing was started" in r.output and f"shead demo --db {db} --port {port + 1}" in r.output.replace("\n", "")
    assert "stored" not in r.output and not db.exists()


def test_dashboard_on_a_free_port_is_announced_and_launched(club, monkeypatch):
    import dashboard.launch
    from tests.cli_helpers import cli

    calls = []
    monkeypatch.setattr(dashboard.launch, "launch", lambda **kw: calls.append(kw) or 0)
    port, held = _listeners(0)  # P free to the CLI's check, and nobody else's until the CLI has looked (fixb30 F3)
    try:
        r = cli("dashboard", "--db", str(club), "--port", str(port))
    finally:
        for s in held:
            s.close()
    assert f"dashboard on http://127.0.0.1:{port} (database {club})" in r.output
    assert calls == [{"db": club, "host": "127.0.0.1", "port": port}]


# --- F4: the Hands page names a leaster's winner --------------------------------------------------------------------

def _hands_table(at: AppTest):
    (df,) = [d.value for d in at.dataframe]
    return df


def test_hands_page_names_the_winner_of_a_leaster(club, monkeypatch):
    """dash26 F4: hand 2's row read picker —, partner —, outcome "leaster", points 12: whose 12 was not shown.
    Max won it with 12 card points (D-4: the fewest among the players who took a trick)."""
    df = _hands_table(_run("hands.py", club, monkeypatch))
    rows = {r["hand"]: r for r in df.to_dict("records")}
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    # dash27 F1: the winner in the (empty) picker cell, the outcome short enough to read at 1400 px
    assert (rows[2]["picker"], rows[2]["outcome"], rows[2]["picker_points"]) == ("Max Ruiz", "leaster won", 12)
    # the picked hands keep their own outcome words (B-28, B-29): every trick win-z, 58 and 45 lose, 95 win-s, 70 win
    assert [rows[h]["outcome"] for h in (1, 3, 4, 5, 6)] == ["win-z", "lose", "win-s", "lose", "win"]
    assert "winner" not in df.columns


def test_hands_page_a_tied_leaster_is_said_tied(tmp_path, monkeypatch):
    """`leaster -`: a tie for the fewest points, a wash (D-6 default): no units, no winner to name."""
    text = NIGHT.split("hand 1")[0] + "hand 1  dealer Oz\nleaster -\nscore Kit 0 Lou 0 Max 0 Nia 0 Oz 0\n"
    res = validate_text(text, path="tie.shn")
    assert not res.rejected, [r.errors for r in res.rejected]
    db = tmp_path / "tie.duckdb"
    with Store(db) as store:
        store.ingest_file(res)
    (row,) = _hands_table(_run("hands.py", db, monkeypatch)).to_dict("records")
    assert (row["picker"], row["outcome"]) == ("—", "leaster tied")  # dash27 F1: short enough for 1400 px


def test_hands_page_of_a_player_names_the_leaster_winner_beside_his_units(club, monkeypatch):
    """From a Ledger "list" link: Kit's hands.  In hand 2 Kit paid Max 1 (D-4: +4 / -1 each at five players)."""
    df = _hands_table(_run("hands.py", club, monkeypatch, who="Kit Moran"))
    rows = {r["hand"]: r for r in df.to_dict("records")}
    assert (rows[2]["picker"], rows[2]["outcome"], rows[2]["units"]) == ("Max Ruiz", "leaster won", -1)  # dash27 F1


# --- F5: Fair deals' group box, one presentation of a mean's units, the replay's factor ---------------------------

def test_fair_deals_opens_on_every_group_not_on_a_placeholder(club, monkeypatch):
    """dash26 F5: with no group in the sidebar the page's Group box read "Choose an option" (a None value is no
    choice to Streamlit).  It opens on "every group", the first option, and tests hand 1, the night's one full
    deal (hands 2-6 are score-sheet lines: no cards)."""
    at = _run("deals.py", club, monkeypatch)
    box = at.selectbox(key="shead.deals.group")
    assert box.options == ["every group", "Dash Friday Club"]
    assert (box.index, box.value) == (0, "")
    assert [m.value for m in at.metric if m.label == "Full deals tested"] == ["1"]
    at = _run("deals.py", club, monkeypatch, group="Dash Friday Club")
    assert at.selectbox(key="shead.deals.group").value == "Dash Friday Club"


def _formats(at: AppTest) -> dict[str, str]:
    """Each dataframe column's display format, by its shown label."""
    import json

    out = {}
    for d in at.dataframe:
        for cfg in json.loads(d.proto.columns or "{}").values():
            if "type_config" in cfg and cfg["type_config"].get("format"):
                out[cfg.get("label")] = cfg["type_config"]["format"]
    return out


def test_ledger_units_per_hand_has_the_two_decimals_of_every_other_mean(club, monkeypatch):
    """dash26 F5: the Ledger wrote units per hand +2.600 (three decimals), the Picking page units per pick +0.50
    and Partner calls +3.33 (two).  Lou: +14 over 6 hands = +2.33; Nia -9 / 6 = -1.50 (module docstring)."""
    at = _run("ledger.py", club, monkeypatch)
    assert _formats(at)["Units per hand"] == "%+.2f"
    (lb,) = [d.value for d in at.dataframe if "units_per_hand" in d.value.columns]
    per = dict(zip(lb["player"], lb["units_per_hand"]))
    assert [f"{per[p]:+.2f}" for p in ("Lou Pham", "Oz Banks", "Max Ruiz", "Kit Moran", "Nia Cole")] == [
        "+2.33", "+1.17", "-0.67", "-1.33", "-1.50"]
    pick = _run("picking.py", club, monkeypatch)
    assert _formats(pick)["Units per pick"] == "%+.2f"


def test_replay_says_what_a_factor_of_one_is_made_of(club, monkeypatch):
    """dash26 F5: "stake × marks ×1" read as a formula left unfilled.  Hand 1: stake 1 (no doubler, D-11), nobody
    cracked or blitzed (E-1): ×1.  Hand 4: Kit cracked (E-2: he sat after the picker Oz, dealer Max): ×2."""
    from tests.cli_helpers import cli

    out = cli("replay", "Dash Friday Club / 2026.11.20#1", "--db", str(club)).output
    assert "stake × marks ×1 (stake 1, no marks)" in out
    out = cli("replay", "Dash Friday Club / 2026.11.20#4", "--db", str(club)).output
    assert "stake × marks ×2 (crack Kit)" in out
    import duckdb

    with duckdb.connect(str(club), read_only=True) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    text = "\n".join(m.value for m in _run("replay_hand.py", club, monkeypatch, hand=str(ids[1])).markdown)
    assert "**Stake × marks** ×1 (stake 1, no marks)" in text
    text = "\n".join(m.value for m in _run("replay_hand.py", club, monkeypatch, hand=str(ids[4])).markdown)
    assert "**Stake × marks** ×2 (crack Kit)" in text


# --- F3: the tables a person reads, whole at a 1400-px window ------------------------------------------------------

def test_hands_page_puts_what_a_hand_came_to_before_where_it_was_played(club, monkeypatch):
    """dash26 F3: at 1400 px the Hands table was cut after the call: outcome, points, record and a player's units
    were past the edge.  They now come before date and session; the game column, one game on every row, is left
    out.  Kit's three hands as defender (hands 1, 3, 4): -3 (no-tricker, B-29), +2 (Nia alone lost, DOB), -4."""
    df = _hands_table(_run("hands.py", club, monkeypatch))
    # session 27 (fixb27): a picker alone is said in the partner cell, not an 'alone' column of its own, and one seat
    # alias on every row (Kit's) in a caption: tests/test_found27_dash.py
    assert list(df.columns) == ["replay", "hand", "dealer", "picker", "partner", "call", "outcome",
                                "picker_points", "status", "date", "session"]
    df = _hands_table(_run("hands.py", club, monkeypatch, who="Kit Moran", role="defender"))
    assert list(df.columns)[6:9] == ["outcome", "picker_points", "units"]
    assert list(zip(df["hand"], df["units"])) == [(1, -3), (3, 2), (4, -4)]


def test_player_record_by_role_writes_for_and_against_in_one_column_each(club, monkeypatch):
    """Kit: picker in hands 5 (lost) and 6 (won), no schneider or no-trick; defender in 1 (the picker side took
    every trick: no-trick against), 3 (Nia alone lost: won) and 4 (95, schneider against)."""
    at = _run("player.py", club, monkeypatch, who="Kit Moran")
    (df,) = [d.value for d in at.dataframe if "role" in d.value.columns]
    got = {r["role"]: (r["hands"], r["wins"], r["schneider"], r["no_trick"]) for r in df.to_dict("records")
           if r["role"] != "leaster"}
    assert got == {"picker": (2, 1, "0–0", "0–0"), "partner": (0, 0, "0–0", "0–0"),
                   "defender": (3, 1, "0–1", "0–1")}
    # league33 F3: the leaster row (hand 2, Kit not its winner); no schneider or no-trick in a leaster
    (lr,) = [r for r in df.to_dict("records") if r["role"] == "leaster"]
    assert (lr["hands"], lr["wins"]) == (1, 0)


def test_picking_per_player_leaves_out_an_unknown_dealer_column_of_zeros(club, monkeypatch):
    at = _run("picking.py", club, monkeypatch)
    (df,) = [d.value for d in at.dataframe if "pick_rate" in d.value.columns]  # (the Leasters table: league33 F3)
    assert "unknown_dealer" not in df.columns and "alone_win_rate" in df.columns
    assert "counted under Unknown dealer" not in _captions(at)


def test_sheet_of_a_night_at_stake_1_says_so_and_heads_running_totals_with_sigma(club, monkeypatch):
    import json

    at = _run("sheet.py", club, monkeypatch)
    (d,) = at.dataframe
    assert "stake" not in list(d.proto.column_order)
    labels = {cfg.get("label") for cfg in json.loads(d.proto.columns).values()}
    assert {"Kit", "Kit Σ", "Oz", "Oz Σ"} <= labels
    # fixc31: the seats' units and running totals shown in one column each ("+2 → 4", tests/test_found31_sheet_width.py),
    # the Σ columns kept in the frame (the downloads and shead sheet keep them)
    assert list(d.proto.column_order)[-5:] == [f"{a} points →" for a in ("Kit", "Lou", "Max", "Nia", "Oz")]
    assert ("stake 1 on every hand); each player's column: the hand's units, then the running total after it (+2 → 4); "
            "the last line is the totals;") in _captions(at)
    # the running totals (module docstring) after hand 6: Kit -8, Lou +14, Max -4, Nia -9, Oz +7
    last = d.value.to_dicts() if hasattr(d.value, "to_dicts") else d.value.to_dict("records")
    assert [last[-1][f"{a} total"] for a in ("Kit", "Lou", "Max", "Nia", "Oz")] == [-8, 14, -4, -9, 7]


@pytest.mark.browser
def test_tables_fit_a_1400_px_window_and_show_every_row(club, tmp_path):
    """What the tester saw in Chromium at 1400 × 900: each table below scrolled sideways inside itself (Sheet's
    totals, Picking's Alone win rate, Player's no-trick against) or hid rows (Schneider's 12 rows by player and
    role, in a grid of ten).  The grid's scroller is now no wider and no taller than its box; on the Hands page
    only date and session lie beyond it."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, ROOT, WAIT_MS, _chromium, _serve

    chromium = _chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    sizes = {}
    with _serve(club, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = b.new_page(viewport={"width": 1400, "height": 900})
            for path in ("sheet", "picking", "player?who=Kit+Moran", "schneider"):
                page.goto(f"{base}/{path}")
                page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=WAIT_MS)
                page.wait_for_selector('[data-testid="stDataFrame"] .dvn-scroller', timeout=WAIT_MS)
                page.wait_for_timeout(1500)
                sizes[path] = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stDataFrame"]')]
                    .map(d => { const s = d.querySelector('.dvn-scroller');
                                return [s.scrollWidth - s.clientWidth, s.scrollHeight - s.clientHeight]; })""")
                page.screenshot(path=str(ARTIFACTS / f"found26_{path.split('?')[0]}_1400.png"), full_page=True)
        finally:
            b.close()
    # [horizontal, vertical] overflow of each table, in px: none
    assert sizes == {"sheet": [[0, 0]], "picking": [[0, 0], [0, 0]], "player?who=Kit+Moran": [[0, 0], [0, 0]],
                     "schneider": [[0, 0]]}, sizes
