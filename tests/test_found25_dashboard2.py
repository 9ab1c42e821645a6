"""dash25's findings on the dashboard (an outside tester's night, /tmp/s25/dash25/FINDINGS.md), each
under streamlit.testing.v1.AppTest on that night as the tester wrote it: group "Tester Night 25",
five-handed called ace with double on the bump and a leaster when all pass.

Worked by hand from rules.md (the tester's table, checked again here):

====  ======================================================  ======================  =====================
hand  what happened                                           rules.md                Ka Li Mo Ni Os
====  ======================================================  ======================  =====================
1     dealer Os; Li picks, calls AC (Mo), crack Ni; 113 pts,   B-28 tier 2, crack ×2   -4 +8 +4 -4 -4
      5 tricks: win-s
2     dealer Ka; Mo picks, calls AH (Os), 25 pts: lose-s       tier 2 × DOB 2          +4 +4 -8 +4 -4
3     dealer Li; all pass, leaster won by Ni with 12           D-4                     -1 -1 -1 +4 -1
4     dealer Mo; Os picks alone, crack Ka, 45 pts: lose        1 × 2 × DOB 2, alone    +4 +4 +4 +4 -16
5     dealer Ni; Ka picks, calls AS (Li), 61 pts: win          plain                   +2 +1 -1 -1 -1
====  ======================================================  ======================  =====================

Nina Berg (Ni) sat in all 5 hands and picked none: in the 4 picked hands (1, 2, 4, 5) she defended every time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest.store import Store
from ingest.validate import validate_text

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"

NIGHT = """%SHN 1.0
[Event "Tester Night 25"]
[Site "Kitchen table"]
[Date "2026.11.20"]
[Table "1"]
[Seats "Ka=Kai Moser; Li=Lina Roth; Mo=Moritz Gall; Ni=Nina Berg; Os=Oskar Pfaff"]
[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"]

hand 1  dealer Os
deal Ka QH JD 9C TS 7H 8S
deal Li QC QS JC AD TD 7C
deal Mo AC JS 9D KS TH 8C
deal Ni QD JH AH KC 9S 7S
deal Os AS TC KH 9H 8D 7D
blind KD 8H
pick Li
bury KD 8H
call AC
crack Ni
t1 Ka: 9C 7C AC KC TC
t2 Mo: 8C 7S 9H QH QC
t3 Li: QS 9D JH 7D JD
t4 Li: JC JS QD 8D 7H
t5 Ni: AH KH 8S TD TH
t6 Li: AD KS 9S AS TS
partner Mo  pts 113  tricks 5  win-s
score Ka -4 Li +8 Mo +4 Ni -4 Os -4

hand 2  dealer Ka
pick Mo  call AH  partner Os  pts 25  lose-s
score Ka +4 Li +4 Mo -8 Ni +4 Os -4

hand 3  dealer Li
leaster Ni  pts 12
score Ka -1 Li -1 Mo -1 Ni +4 Os -1

hand 4  dealer Mo
pick Os  alone  crack Ka  pts 45  lose
score Ka +4 Li +4 Mo +4 Ni +4 Os -16

hand 5  dealer Ni
pick Ka  call AS  partner Li  pts 61  win
score Ka +2 Li +1 Mo -1 Ni -1 Os -1
"""
GROUP = "Tester Night 25"


@pytest.fixture(scope="module")
def night_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("dash25") / "night.duckdb"
    with Store(path) as store:
        res = validate_text(NIGHT, path="mynight.shn")
        assert not res.rejected, [r.errors for r in res.rejected]
        store.ingest_file(res)
    return path


def run(name: str, db: Path, monkeypatch, **params: str) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def infos(at: AppTest) -> list[str]:
    return [i.value for i in at.info]


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


# --- F1: a chosen player who picked none of the picked hands ---------------------------------------------

def test_f1_schneider_shows_the_role_table_of_a_player_who_picked_nothing(night_db, monkeypatch):
    """Nina as defender in the 4 picked hands (1, 2, 4, 5): hand 1 is win-s against her (the picker side took
    113 ≥ 91, rules.md B-28), hand 2 lose-s for her side (the picker side took 25 ≤ 30), hands 4 and 5 plain.
    So 4 hands, schneidered them 1 (25 %), were schneidered 1 (25 %), no no-tricker either way."""
    at = run("schneider.py", night_db, monkeypatch, group=GROUP, player="Nina Berg")
    msgs = infos(at)
    assert not any(m.startswith("No picked hand matches") for m in msgs), msgs
    said = [m for m in msgs if "picked none of them" in m]
    assert len(said) == 1, msgs
    assert said[0].startswith("[4 picked hands](/hands?group=Tester+Night+25&player=Nina+Berg&kind=picked) match "
                              "the filters (hands of group Tester Night 25, with Nina Berg) and Nina Berg picked "
                              "none of them: the rates and the outcome tiers are over the hands they picked, of "
                              "which there are none.")
    assert not at.metric  # no rate over zero picks
    assert [s.value for s in at.subheader] == ["By player and role"]
    (df,) = [d.value for d in at.dataframe]
    rows = df.drop(columns=["list"]).to_dict("records")
    # the rates as the grid gets them: percentage points, one decimal (real31 B: 1/4 shown "25.0%")
    assert rows == [{"player": "Nina Berg", "role": "defender", "hands": 4,
                     "schneidered_them": 1, "schneidered_them_rate": 25.0,
                     "schneidered": 1, "schneidered_rate": 25.0,
                     "no_tricked_them": 0, "no_tricked_them_rate": 0.0,
                     "no_tricked": 0, "no_tricked_rate": 0.0}]
    assert "Nina Berg as defender: 1 for" in captions(at) and "[1 against]" in captions(at)


def test_f1_schneider_of_a_picker_still_shows_the_rates(night_db, monkeypatch):
    """Lina Roth picked hand 1 only (113, win-s): schneider 1 of 1 = 100 %; as picker 1 hand, as partner hand 5
    (61, plain win), as defender hands 2 and 4 (2 hands; hand 2 lose-s: her side schneidered the picker)."""
    at = run("schneider.py", night_db, monkeypatch, group=GROUP, player="Lina Roth")
    assert [m.value for m in at.metric if m.label == "Schneider"] == ["100.0%"]
    assert not any("picked none" in m for m in infos(at))
    (df,) = [d.value for d in at.dataframe]
    got = {r["role"]: (r["hands"], r["schneidered_them"], r["schneidered"]) for r in df.to_dict("records")}
    assert got == {"picker": (1, 1, 0), "partner": (1, 0, 0), "defender": (2, 1, 0)}


def test_f1_schneider_with_no_picked_hand_at_all_keeps_the_empty_state(tmp_path, monkeypatch):
    """Only hand 3 of the night (the leaster): no picked hand at all, so the empty state stands and no table."""
    path = tmp_path / "leaster.duckdb"
    with Store(path) as store:
        store.ingest_file(validate_text(NIGHT[:NIGHT.index("hand 1")] + NIGHT[NIGHT.index("hand 3"):
                                                                         NIGHT.index("hand 4")], path="l.shn"))
    at = run("schneider.py", path, monkeypatch, player="Nina Berg")
    assert infos(at)[-1] == ("No picked hand matches the filters (hands with Nina Berg). Leasters, doublers and "
                             "misdeals have no picker side. Widen them in the sidebar, or press **Reset filters**.")
    assert not at.dataframe


def test_f1_partner_calls_says_the_player_picked_none(night_db, monkeypatch):
    at = run("partner_calls.py", night_db, monkeypatch, group=GROUP, player="Nina Berg")
    msgs = infos(at)
    assert not any(m.startswith("No picked hand matches") for m in msgs), msgs
    said = [m for m in msgs if "picked none of them" in m]
    assert len(said) == 1 and said[0].startswith("[4 picked hands](/hands?group=Tester+Night+25&player=Nina+Berg"
                                                 "&kind=picked) match the filters"), msgs
    assert "of which there are none" in said[0]


# --- F2: Sheet, Replay and Fair deals under the sidebar filters ----------------------------------------------

# a second night, a month earlier, of another group: score-sheet hands only (no full deal); double on the bump is
# the default (rules.md B-32): hand 1 plain win, picker +2, partner +1, defenders -1; hand 2 a plain loss doubled,
# picker -4, partner -2, defenders +2
OTHER = """%SHN 1.0
[Event "Other Club"]
[Date "2026.10.02"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
pick Al  call AH  partner Cy  pts 75  win
score Al +2 Bea -1 Cy +1 Di -1 Ed -1

hand 2  dealer Al
pick Bea  call AC  partner Di  pts 50  lose
score Al +2 Bea -4 Cy +2 Di -2 Ed +2
"""
TESTER_SESSION = "Tester Night 25 / 2026.11.20 / 1"


@pytest.fixture(scope="module")
def two_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("dash25two") / "two.duckdb"
    with Store(path) as store:
        for k, text in enumerate((NIGHT, OTHER)):
            res = validate_text(text, path=f"n{k}.shn")
            assert not res.rejected, [r.errors for r in res.rejected]
            store.ingest_file(res)
    return path


def test_f2_sheet_lists_only_sessions_of_the_filters(two_db, monkeypatch):
    """The tester's URL: dates 2026-10-10 to 2026-11-10 hold no hand (the nights are 2026-10-02 and 2026-11-20):
    no sheet, and the page says why; the filter panel is there."""
    at = run("sheet.py", two_db, monkeypatch, **{"from": "2026-10-10", "to": "2026-11-10"})
    assert infos(at) == ["No session holds a hand of the filters (hands dated 2026-10-10 to 2026-11-10): widen "
                         "them in the sidebar (or press Reset filters) to list the sessions."]
    assert not at.metric and not at.dataframe
    assert at.multiselect(key="shead.widget.groups").options == ["Other Club", "Tester Night 25"]


def test_f2_sheet_with_a_group_shows_its_night_whole(two_db, monkeypatch):
    """Group Tester Night 25, player Nina Berg: the session listed is the tester's night, and the sheet is the
    whole night (its totals Ka +5 Li +16 Mo -2 Ni +7 Os -26, the tester's table summed), not Nina's alone."""
    at = run("sheet.py", two_db, monkeypatch, group=GROUP, player="Nina Berg")
    sel = at.selectbox(key="shead.sheet.session")
    assert sel.options == [f"{TESTER_SESSION}  ·  2026-11-20  ·  5 hands"]
    assert [(m.label, m.value) for m in at.metric] == [("Kai Moser", "+5"), ("Lina Roth", "+16"),
                                                       ("Moritz Gall", "-2"), ("Nina Berg", "+7"),
                                                       ("Oskar Pfaff", "-26")]
    assert ("Sessions listed: 1: the 1 session holding one of the hands of group Tester Night 25, with Nina Berg (the "
            "sidebar filters). The sheet shows the session's whole night, every hand of it.") in captions(at)
    # without filters both nights are listed, newest first
    at = run("sheet.py", two_db, monkeypatch)
    # a session id ending with its date says it once (phone32 F6)
    assert at.selectbox(key="shead.sheet.session").options == [
        f"{TESTER_SESSION}  ·  2026-11-20  ·  5 hands", "Other Club / 2026.10.02  ·  2 hands"]


def test_f2_replay_finder_follows_the_filters(two_db, monkeypatch):
    at = run("replay_hand.py", two_db, monkeypatch, **{"from": "2026-10-10", "to": "2026-11-10"})
    assert "0 matching hands of hands dated 2026-10-10 to 2026-11-10 (the sidebar filters)." in captions(at)
    assert at.selectbox(key="replay_pick").options == []
    at = run("replay_hand.py", two_db, monkeypatch, group="Other Club")
    assert "2 matching hands of hands of group Other Club (the sidebar filters)." in captions(at)
    assert at.selectbox(key="replay_session").options == ["all sessions", "Other Club / 2026.10.02"]
    assert at.selectbox(key="replay_pick").options == ["Hand 1 · Al picks, AH, partner Cy · win · score sheet",
                                                       "Hand 2 · Bea picks, AC, partner Di · lose · score sheet"]
    # Nina sat in the tester's 5 hands; as defender in 4 of them (1, 2, 4, 5: she picked none and partnered none)
    at = run("replay_hand.py", two_db, monkeypatch, player="Nina Berg")
    assert "5 matching hands of hands with Nina Berg (the sidebar filters)." in captions(at)


def test_f2_fair_deals_takes_the_sidebar_group_and_says_what_it_leaves_out(two_db, monkeypatch):
    """The tester's night holds 1 full deal (hand 1); Other Club none. Group Tester Night 25 with Nina Berg: the
    page opens on that group (1 deal tested) and says the player filter is not applied."""
    at = run("deals.py", two_db, monkeypatch, group=GROUP, player="Nina Berg")
    assert at.selectbox(key="shead.deals.group").value == GROUP
    assert [m.value for m in at.metric if m.label == "Full deals tested"] == ["1"]
    assert infos(at)[0] == ("Not applied on this page: the sidebar's other filters (with Nina Berg). The tests read "
                            "the deals' counts per session and group (one small query at any size), so only a group "
                            "can be chosen here; these are the full deals of Tester Night 25.")
    at = run("deals.py", two_db, monkeypatch, group="Other Club")
    assert at.selectbox(key="shead.deals.group").value == ""  # every group (dash26 F5: not None, "Choose an option")
    assert infos(at)[0].startswith("Not applied on this page: the sidebar's group Other Club (no full deal stored).")


# --- F3: the Player page opens on a player of the filtered hands ----------------------------------------------

def test_f3_player_page_opens_on_a_player_of_the_group(two_db, monkeypatch):
    """Group Tester Night 25 (Allen Braun, the database's first name, sat only at Other Club): the page lists the
    night's 5 players and opens on the first by name, Kai Moser.  Kai by hand: ledger -4 +4 -1 +4 +2 = +5; the blind
    went round from the dealer's left (rules.md B-3): hand 1 (dealer Os) Ka passed, Li picked; hand 3 (dealer Li)
    everyone passed; hand 5 (dealer Ni) Os passed, Ka picked; in hands 2 and 4 the picker (Mo, Os) came before
    him. Offered 3, picked 1: 33.3 %; his one pick won +2: units per pick +2.00."""
    at = run("player.py", two_db, monkeypatch, group=GROUP)
    sel = at.selectbox(key="player.who")
    assert sel.options == ["Kai Moser", "Lina Roth", "Moritz Gall", "Nina Berg", "Oskar Pfaff"]
    assert sel.value == "Kai Moser"
    got = {m.label: m.value for m in at.metric}
    assert (got["Ledger (units)"], got["Pick rate"], got["Units per pick"]) == ("+5", "33.3%", "+2.00")
    assert not any("sat in none" in m for m in infos(at))


def test_f3_player_page_with_a_player_filter_opens_on_that_player(two_db, monkeypatch):
    """Player Nina Berg: her ledger -4 +4 +4 +4 -1 = +7, 0 picks."""
    at = run("player.py", two_db, monkeypatch, group=GROUP, player="Nina Berg")
    assert at.selectbox(key="player.who").value == "Nina Berg"
    assert {m.label: m.value for m in at.metric}["Ledger (units)"] == "+7"


def test_f3_a_linked_player_outside_the_filters_is_still_shown(two_db, monkeypatch):
    at = run("player.py", two_db, monkeypatch, group=GROUP, who="Allen Braun")
    sel = at.selectbox(key="player.who")
    assert sel.value == "Allen Braun" and "Allen Braun" in sel.options and "Bea Schmidt" not in sel.options


# --- F4: Picking's seat chart for a player who never picked ---------------------------------------------------

def _seat_chart(at: AppTest) -> tuple[dict, dict[str, list[dict]]]:
    """The chart's Vega-Lite spec and its data sets (name -> rows; Streamlit sends them as Arrow beside the spec)."""
    import json

    import pyarrow as pa

    (chart,) = at.get("vega_lite_chart")
    data = {d.name: pa.ipc.open_stream(d.data.data).read_all().to_pylist() for d in chart.proto.datasets}
    return json.loads(chart.proto.spec), data


def test_f4_pick_rate_by_seat_of_a_player_who_passed_each_time(two_db, monkeypatch):
    """Nina Berg (Ni) in the tester's night: the blind reaches the seats from the dealer's left (rules.md B-3).
    Hand 3 (dealer Li): Mo, Ni, ... everybody passed (a leaster): Ni was 2nd. Hand 4 (dealer Mo): Ni 1st passed,
    Os picked. Hands 1 (dealer Os: Ka, Li picks), 2 (dealer Ka: Li, Mo picks), 5 (dealer Ni: she deals, Ka picks
    2nd) never reached her. So offered 2 (1st 1, 2nd 1), picked 0: 0 % at the 1st and 2nd seats."""
    at = run("picking.py", two_db, monkeypatch, group=GROUP, player="Nina Berg")
    text = captions(at)
    assert ("No picks: Nina Berg passed all 2 times the blind reached them (times by seat: 1st 1 · 2nd 1), so every "
            "offered seat's rate is 0 %.") in text  # the seats never offered say "not offered" (verify33b F2)
    assert "Picks from each seat: ." not in text
    spec, sets = _seat_chart(at)
    bars, labels = spec["layer"]
    assert bars["encoding"]["y"]["axis"]["format"] == ".0%"
    assert bars["encoding"]["y"]["scale"] == {"domain": [0, 1]}
    data = sets[labels["data"]["name"]]
    # league33 F7: every seat is labelled: a 0 % bar with its picks / offers, a seat never offered said so
    assert [(r["seat"], r["offered"], r["picks"], r["pick_rate"], r["bar_label"]) for r in data
            if r["offered"]] == [("1st", 1, 0, 0.0, "0%\n0/1"), ("2nd", 1, 0, 0.0, "0%\n0/1")]
    assert {r["bar_label"] for r in data if not r["offered"]} == {"not\noffered"}  # two lines (dash34 F7)
    assert labels["encoding"]["text"]["field"] == "bar_label"


def test_f4_pick_rate_by_seat_of_the_whole_night(two_db, monkeypatch):
    """The whole night: every pick (hands 1, 2, 4, 5) came from the 2nd seat, which the blind reached in all 5
    hands (hand 3's leaster too): 4/5 = 80 %; the axis keeps its own scale."""
    at = run("picking.py", two_db, monkeypatch, group=GROUP)
    assert "Picks from each seat: [2nd (4)](/hands?group=Tester+Night+25&kind=pick&position=2&seats=5)." in \
        captions(at)
    spec, sets = _seat_chart(at)
    bars, labels = spec["layer"]
    assert "scale" not in bars["encoding"]["y"]
    rows = {r["seat"]: (r["offered"], r["picks"], r["pick_rate"]) for r in sets[labels["data"]["name"]]}
    assert rows["2nd"] == (5, 4, 0.8) and rows["1st"] == (5, 0, 0.0)


# --- F6: the Replay's card points mid-hand name the bury ------------------------------------------------------

def _facts(at: AppTest) -> str:
    (line,) = [m.value for m in at.markdown if m.value.startswith("**Picker**")]
    return line


def test_f6_replay_mid_hand_names_the_bury(night_db, monkeypatch):
    """Hand 1 after 4 tricks (step 20, the tester's r20): the picker side (Li, Mo) took t1 9C 7C AC KC TC = 25,
    t2 8C 7S 9H QH QC = 6, t3 QS 9D JH 7D JD = 7: 38 in tricks; the defenders t4 JC JS QD 8D 7H = 7 (Ni's QD);
    Li buried KD 8H = 4 + 0 = 4 (card values rules.md A-5). 38 + 7 + 4 = 49 out. At the end: 113 with the bury."""
    at = run("replay_hand.py", night_db, monkeypatch, hand="1", step="20")
    assert _facts(at).endswith("**Card points** picker side 38 in tricks (+4 buried) · defenders 7")
    at = run("replay_hand.py", night_db, monkeypatch, hand="1", step="30")
    assert _facts(at).endswith("**Card points** picker side 113 (bury included) · defenders 7")


def test_f6_a_seat_view_names_the_bury_only_to_the_picker(night_db, monkeypatch):
    """Li picked and buried: in Li's view the 4 buried points are named; in Ka's (a defender, who never sees the
    bury) the line says the bury's points are left out, without their value."""
    at = run("replay_hand.py", night_db, monkeypatch, hand="1", step="20", seat="Li")
    assert _facts(at).endswith("picker side 38 in tricks (+4 buried) · defenders 7")
    at = run("replay_hand.py", night_db, monkeypatch, hand="1", step="20", seat="Ka")
    line = _facts(at)
    assert line.endswith("picker side 38 in tricks (the bury's points, the picker's, not shown) · defenders 7")
    assert "+4" not in line
