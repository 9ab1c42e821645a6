"""The no-pick games (rules.md D) in the store and the dashboard: a moster,
mittler, schneidster or schwanzer is stored with its game as the outcome
(as a leaster or doubler is), counts as a pass-out, never as a pick or a
leaster; the pot (D-19) is a ``hand_units`` row of its own, with no player,
left out of every per-player metric and shown by ``pot_by_session``.

Two databases, both ingested through the real path (validate_file →
Store.ingest_file):

* ``worked`` — the seven files of tests/fixtures/profiles (12 hands, one
  session each; the units of every hand are worked out in
  tests/test_nopick_games.py and docs/profiles.md);
* ``mixed`` — those plus tests/fixtures/metrics.shn (19 stored hands of the
  called-ace and doubler profiles, see tests/test_metrics.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard import metrics as m
from ingest.render import render_hand
from ingest.store import POT_SEAT, Store, load_hands, reading
from ingest.validate import validate_file

FIX = Path(__file__).parent / "fixtures"
# the no-pick area's worked hands (docs/profiles.md "No-pick games"); other areas' fixtures live beside them
PROFILE_FILES = [FIX / "profiles" / f"wi5-{g}.shn"
                 for g in ("forced-pick", "mittler", "moster", "pot", "schiller", "schneidster", "schwanzer")]
ALL = m.Filters()


def _db(path: Path, files: list[Path]) -> Path:
    with Store(path) as store:
        for f in files:
            result = validate_file(f)
            # metrics.shn keeps one hand meant to be refused (B6, see test_metrics)
            assert len(result.rejected) == (1 if f.name == "metrics.shn" else 0)
            store.ingest_file(result)
    return path


@pytest.fixture(scope="module")
def worked(tmp_path_factory) -> Path:
    return _db(tmp_path_factory.mktemp("nopick") / "worked.duckdb", PROFILE_FILES)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    return _db(tmp_path_factory.mktemp("nopick") / "mixed.duckdb", PROFILE_FILES + [FIX / "metrics.shn"])


def test_the_game_is_the_stored_outcome(worked):
    with reading(worked) as con:
        got = dict(con.execute("SELECT outcome, count(*) FROM hands GROUP BY 1").fetchall())
        # forced-pick 2 + schiller 1 + pot hand 2 = 4 picked hands: lose, lose, lose, win;
        # mittler 2, moster 2, schneidster 1, schwanzer 2, the pot file's leaster 1.
        assert got == {"lose": 3, "win": 1, "mittler": 2, "moster": 2, "schneidster": 1, "schwanzer": 2,
                       "leaster": 1}
        # no picker in a no-pick game; the winner (mittler, schneidster, a moster sweep) is kept
        rows = con.execute("SELECT session, hand, picker, leaster_winner FROM hands WHERE outcome IN "
                           "('moster', 'mittler', 'schneidster', 'schwanzer') ORDER BY session, hand").fetchall()
        assert rows == [("wi5-mittler", 1, None, "Bea"), ("wi5-mittler", 2, None, None),
                        ("wi5-moster", 1, None, None), ("wi5-moster", 2, None, "Al"),
                        ("wi5-schneidster", 1, None, "Bea"),
                        ("wi5-schwanzer", 1, None, None), ("wi5-schwanzer", 2, None, None)]


def test_the_pot_is_a_seat_without_a_player(worked):
    with reading(worked) as con:
        pot = con.execute("SELECT h.hand, u.seat_no, u.player, u.units FROM hand_units u JOIN hands h USING "
                          "(hand_id) WHERE u.seat = ? ORDER BY h.hand", [POT_SEAT]).fetchall()
        # the pot file: +5 (everybody antes 1 after the leaster), -5 (taken by Cy and Ed)
        assert pot == [(1, 5, None, 5), (2, 5, None, -5)]
        # every hand sums to zero over its seats, the pot included (B-35, D-19)
        assert con.execute("SELECT count(*) FROM (SELECT hand_id FROM hand_units GROUP BY 1 "
                           "HAVING sum(units) <> 0)").fetchone()[0] == 0
        back = {(s.outcome.session, s.outcome.hand): s.outcome for s in load_hands(con)}
    o = back[("wi5-pot", 2)]
    assert (o.pot, o.units) == (-5, {"Al": -1, "Bea": -1, "Cy": 6, "Di": -1, "Ed": 2})
    assert back[("wi5-moster", 1)].pot == 0


def test_ledger_shows_players_only_and_the_pot_apart(worked):
    with reading(worked) as con:
        lb = {r["player"]: (r["units"], r["hands"]) for r in m.leaderboard(con, ALL).to_dicts()}
        pot = m.pot_by_session(con, ALL).to_dicts()
    # Summed over the 12 worked hands (test_nopick_games has each hand):
    # Al  -2 -1 -1 0 +1 +4 +3 -1 -8 -1 +1 -4 = -9
    # Bea +2 +1 +4 0 +1 -1 -2 -1 +2 +4 +1 +1 = 12
    # Cy  +2 +1 -1 0 -4 -1 -2 +6 +2 -1 -4 +1 = -1
    # Di  +2 +1 -1 0 +1 -1 -2 -1 +2 -1 +1 +1 = 2
    # Ed  -4 -2 -1 0 +1 -1 -2 +2 +2 -1 +1 +1 = -4
    # (files in name order: forced-pick, mittler, moster, pot, schiller,
    # schneidster, schwanzer).  -9 + 12 - 1 + 2 - 4 = 0: the pot ended empty.
    assert lb == {"Bea Schmidt": (12, 12), "Di Lenz": (2, 12), "Cy Ott": (-1, 12), "Ed Kahl": (-4, 12),
                  "Allen Braun": (-9, 12)}
    assert len(pot) == 1
    p = pot[0]
    assert (p["session"], p["paid_in"], p["taken"], p["balance"]) == ("wi5-pot", 5, 5, 0)


def test_mixed_profiles_counts(mixed):
    with reading(mixed) as con:
        dq = m.data_quality(con, ALL).to_dicts()[0]
        ps = m.picking_summary(con, ALL).to_dicts()[0]
        ov = m.overview(con, ALL).to_dicts()[0]
    # metrics.shn: 19 hands, 15 picked, 1 leaster, 2 doublers, 1 misdeal.
    # worked: 12 hands, 4 picked, 1 leaster, 2 mittler, 2 moster, 1 schneidster, 2 schwanzer.
    assert ov["hands"] == 31
    assert {k: dq[k] for k in ("picked", "leasters", "doublers", "mosters", "mittlers", "schneidsters",
                               "schwanzers", "misdeals")} == {
        "picked": 19, "leasters": 2, "doublers": 2, "mosters": 2, "mittlers": 2, "schneidsters": 1,
        "schwanzers": 2, "misdeals": 1}
    assert 19 + 2 + 2 + 2 + 2 + 1 + 2 + 1 == dq["hands"]
    # pass-outs: 2 leasters + 2 doublers + 7 other no-pick games = 11 of 30 dealt
    assert (ps["dealt"], ps["passed_out"], ps["leasters"], ps["doublers"], ps["picks"]) == (30, 11, 2, 2, 19)
    assert ps["pass_out_rate"] == pytest.approx(11 / 30)
    # picker-side wins: metrics.shn 9 (see test_metrics) + the pot file's hand 2 = 10
    assert ps["wins"] == 10


def test_pick_offers_in_a_no_pick_game(worked):
    # every seat was offered the blind in a no-pick game (all passed): in the
    # worked database each player was offered it in the 8 no-pick hands, plus
    # the picked hands up to the picker: forced-pick x2 (dealer Ed picks:
    # everybody offered), schiller (Al picks first: only Al), pot hand 2
    # (dealer Al, Cy picks: Bea and Cy).
    with reading(worked) as con:
        got = {r["player"]: (r["offered"], r["picks"]) for r in m.pick_rate_by_player(con, ALL).to_dicts()}
    assert got == {"Allen Braun": (8 + 2 + 1, 1), "Bea Schmidt": (8 + 2 + 1, 0), "Cy Ott": (8 + 2 + 1, 1),
                   "Di Lenz": (8 + 2, 0), "Ed Kahl": (8 + 2, 2)}


def test_render_names_the_game(worked):
    with reading(worked) as con:
        hands = {(s.outcome.session, s.outcome.hand): s for s in load_hands(con)}
    text = render_hand(hands[("wi5-schwanzer", 1)])
    assert "schwanzer, loser Cy" in text
    assert "mittler, winner Bea" in render_hand(hands[("wi5-mittler", 1)])
    assert "pot +5" in render_hand(hands[("wi5-pot", 1)])


def test_rederive_keeps_the_no_pick_outcomes(tmp_path):
    # Re-deriving replays each session's stored sources in order, so the pot
    # carried from hand 1 to hand 2 of the pot file comes out the same.
    path = _db(tmp_path / "rederive.duckdb", PROFILE_FILES)
    with Store(path) as store:
        report = store.rederive()
    assert (report.hands, report.changed, report.refused) == (12, 0, [])
    with reading(path) as con:
        assert con.execute("SELECT sum(units) FROM hand_units WHERE seat = ?", [POT_SEAT]).fetchone()[0] == 0


# --------------------------------------------------------------------------
# The pages (Streamlit's AppTest)

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"


def _page(name: str, db: Path, monkeypatch, **query):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    for k, v in query.items():
        at.query_params[k] = str(v)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _text(at) -> str:
    return "\n".join([x.value for x in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info])


def test_overview_shows_each_kind(mixed, monkeypatch):
    at = _page("overview.py", mixed, monkeypatch)
    assert "neither a pick nor a leaster" in _text(at)
    assert [x.value for x in at.metric if x.label == "Leasters"] == ["2"]
    assert [x.value for x in at.metric if x.label == "Picked hands"] == ["19"]


def test_ledger_page_shows_the_pot_apart(worked, monkeypatch):
    at = _page("ledger.py", worked, monkeypatch)
    assert "The pot" in [s.value for s in at.subheader]
    pot = at.dataframe[-1].value
    assert list(pot["paid_in"]) == [5] and list(pot["taken"]) == [5] and list(pot["balance"]) == [0]


def test_replay_page_of_no_pick_hands(worked, monkeypatch):
    with reading(worked) as con:
        ids = dict(((s, h), i) for i, s, h in con.execute("SELECT hand_id, session, hand FROM hands").fetchall())
    # a schwanzer is shown, not played: its result, no table to step through
    at = _page("replay_hand.py", worked, monkeypatch, hand=ids[("wi5-schwanzer", 2)])
    text = _text(at)
    assert "**Schwanzer** lost by Al (6)" in text
    assert "**Score** Al -4 · Bea +1 · Cy +1 · Di +1 · Ed +1" in text
    # a score-sheet hand of a pot session: the pot carried from hand 1 (5) is replayed
    at = _page("replay_hand.py", worked, monkeypatch, hand=ids[("wi5-pot", 2)])
    assert "**Score** Al -1 · Bea -1 · Cy +6 · Di -1 · Ed +2 · pot -5" in _text(at)
    # a moster is played in tricks: the replay steps through its 30 cards
    at = _page("replay_hand.py", worked, monkeypatch, hand=ids[("wi5-moster", 1)], step=30)
    assert "**Step 30 of 30**" in _text(at)


def test_log_a_moster_in_a_new_session(tmp_path, monkeypatch):
    from tests.test_dashboard_replay import fill, ok, page, press, texts

    db = tmp_path / "log.duckdb"
    Store(db).open()
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_mode").set_value("new").run())
    at.text_input(key="lh_event").set_value("Moster Club")
    at.text_input(key="lh_seats").set_value("An=Anna; Bo=Bo; Ce=Cecile; Du=Dustin; Em=Emma")
    at.text_input(key="lh_rules").set_value("wi5-moster")
    ok(at.date_input(key="lh_date").set_value("2026-11-27").run())
    # the "all passed" hand of a moster profile is a moster
    assert "moster (all passed)" in at.radio(key="lh_kind").options
    ok(at.radio(key="lh_kind").set_value("leaster").run())
    fill(at, dealer="Em", leaster="Ce", pts=48)
    press(at, "Check score")
    # D-15: Ce, with the most card points, pays one unit to each other player
    assert "**An** +1 · **Bo** +1 · **Ce** -4 · **Du** +1 · **Em** +1 — moster" in texts(at)
    assert at.code[0].value.rstrip("\n") == "hand 1  dealer Em\nmoster Ce  pts 48"
    press(at, "Save hand")
    with reading(db) as con:
        assert con.execute("SELECT outcome, picker FROM hands").fetchall() == [("moster", None)]
