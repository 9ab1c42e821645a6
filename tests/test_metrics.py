"""dashboard.metrics against tests/fixtures/metrics.shn, ingested through the
real path (validate_file → Store.ingest_file).  Every expected value below
was computed by hand from the fixture; the working is in the comments.

The fixture, hand by hand (units in seat order; A = session thu-0306 with
seats Al Bea Cy Di Ed, B = session fri-0314 with seats AB Flo Gus Bea Hal;
Al and AB are both Allen Braun):

  A14 dealer Ed  pick Bea call AH  partner Di  lose  59 full  reveal t3   +2 -4 +2 -2 +2
  A15 dealer Al  pick Cy  call AS  partner Ed  win   72                   -1 -1 +2 -1 +1
  A16 dealer Bea pick Di  alone                win-s 93                   -2 -2 -2 +8 -2
  A17 dealer Cy  leaster Al                                               +4 -1 -1 -1 -1
  A18 dealer Di  pick Ed  call AC  partner Bea lose  (pts ?)              +2 -2 +2 +2 -4
  A19 dealer Ed  misdeal                                                   0  0  0  0  0
  A20 dealer Al  pick Bea call TH  partner Cy  win-s 95                   -2 +4 +2 -2 -2
  A21 dealer Bea pick Cy  call AC  partner Al  lose-z (pts ?)             -6 +6 -12 +6 +6
  A22 dealer Cy  pick Di  call AS  partner Ed  win-z 120                  -3 -3 -3 +6 +3
  A23 dealer Di  pick Al  call AH under 7C partner Cy lose-s 25           -8 +4 -4 +4 +4
  A24 dealer Ed  pick Bea call AH  partner Di  win-s 106 full reveal t1   -2 +4 -2 +2 -2
  B1  dealer ?   pick Flo call AC  partner Gus win   70                   -1 +2 +1 -1 -1
  B2  dealer AB  doubler                                                   0  0  0  0  0
  B3  dealer Flo pick Hal call AS  partner AB  win   80 (stake 2)         +2 -2 -2 -2 +4
  B4  dealer Gus pick Bea alone                lose  40                   +2 +2 +2 -8 +2
  B5  dealer Bea pick AB  call AH  partner Hal win   61                   +2 -1 -1 -1 +1
  B6  rejected (the score sums to +2)
  B7  dealer AB  pick Gus call AC  crack Bea partner Flo lose 45          +4 -4 -8 +4 +4
  B8  dealer Flo doubler                                                   0  0  0  0  0
  B9  dealer Gus pick Hal call AC  partner Bea win   88 (stake 2)         -2 -2 -2 +2 +4
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from dashboard import metrics as m
from ingest.store import Store, reading
from ingest.validate import validate_file

FIXTURE = Path(__file__).parent / "fixtures" / "metrics.shn"
ALL = m.Filters()


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("metrics") / "metrics.duckdb"
    result = validate_file(FIXTURE)
    with Store(path) as store:
        report = store.ingest_file(result)
    # 19 good hands stored, hand B6 rejected (its score sums to +2).
    assert (report.stored, len(report.rejected)) == (19, 1)
    return path


@pytest.fixture()
def con(db):
    with reading(db) as c:
        yield c


def rows(df, key: str) -> dict:
    """A DataFrame as {key value: row dict}."""
    return {r[key]: r for r in df.to_dicts()}


# --------------------------------------------------------------------------
# Overview and data quality
# --------------------------------------------------------------------------


def test_overview(con):
    r = m.overview(con, ALL).to_dicts()
    # 11 hands in A (14..24) + 8 in B (1..5, 7..9); 2 sessions; players: Allen, Bea,
    # Cy, Di, Ed, Flo, Gus, Hal = 8 (Allen once, though he sat as Al and as AB).
    assert r == [{"hands": 19, "sessions": 2, "players": 8, "first_date": date(2025, 3, 6),
                  "last_date": date(2025, 3, 14), "undated": 0}]


def test_data_quality(con):
    r = m.data_quality(con, ALL).to_dicts()[0]
    # full: A14, A24.  picked: A14 15 16 18 20 21 22 23 24 (9) + B1 3 4 5 7 9 (6) = 15;
    # leaster A17; doublers B2, B8; misdeal A19: 15 + 1 + 2 + 1 = 19.  Rejected: B6.
    # No other no-pick game (rules.md D) in this fixture: 0 each.
    assert r == {"hands": 19, "full": 2, "score_sheet": 17, "picked": 15, "leasters": 1, "doublers": 2,
                 "mosters": 0, "mittlers": 0, "schneidsters": 0, "schwanzers": 0,
                 "misdeals": 1, "declared": 0, "ramsch": 0, "indiana": 0, "other": 0, "conflicts": 0, "rejected": 1}


# --------------------------------------------------------------------------
# Ledger
# --------------------------------------------------------------------------


def test_leaderboard(con):
    df = m.leaderboard(con, ALL)
    # Session A totals: Allen 2-1-2+4+2+0-2-6-3-8-2 = -16, Bea -4-1-2-1-2+4+6-3+4+4 = 5,
    #   Cy 2+2-2-1+2+2-12-3-4-2 = -16, Di -2-1+8-1+2-2+6+6+4+2 = 22, Ed 2+1-2-1-4-2+6+3+4-2 = 5.
    # Session B totals: Allen -1+2+2+2+4-2 = 7, Flo 2-2+2-1-4-2 = -5, Gus 1-2+2-1-8-2 = -10,
    #   Bea -1-2-8-1+4+2 = -6, Hal -1+4+2+1+4+4 = 14.
    # Allen -16+7 = -9, Bea 5-6 = -1.  Hands played leave out A19 (misdeal), B2, B8 (doublers):
    # A 10 hands, B 6 hands; Allen and Bea sat in both: 16.
    assert df["player"].to_list() == ["Di Lenz", "Hal Kurz", "Ed Kahl", "Bea Schmidt", "Flo Jaeger",
                                      "Allen Braun", "Gus Wendt", "Cy Ott"]
    r = rows(df, "player")
    assert [r[p]["units"] for p in df["player"]] == [22, 14, 5, -1, -5, -9, -10, -16]
    assert r["Allen Braun"]["hands"] == 16 and r["Bea Schmidt"]["hands"] == 16
    assert r["Cy Ott"]["hands"] == 10 and r["Hal Kurz"]["hands"] == 6
    assert r["Allen Braun"]["units_per_hand"] == pytest.approx(-9 / 16)
    assert r["Di Lenz"]["units_per_hand"] == pytest.approx(22 / 10)
    assert r["Hal Kurz"]["units_per_hand"] == pytest.approx(14 / 6)
    assert r["Allen Braun"]["sessions"] == 2 and r["Ed Kahl"]["sessions"] == 1
    # zero-sum over everybody
    assert df["units"].sum() == 0


def test_ledger_by_session(con):
    df = m.ledger_by_session(con, ALL)
    got = {(d["session"], d["player"]): (d["hands"], d["units"]) for d in df.to_dicts()}
    # hands = every hand of the session the player sat in (misdeal and doublers too): A 11, B 8.
    assert got == {
        ("thu-0306", "Allen Braun"): (11, -16), ("thu-0306", "Bea Schmidt"): (11, 5),
        ("thu-0306", "Cy Ott"): (11, -16), ("thu-0306", "Di Lenz"): (11, 22), ("thu-0306", "Ed Kahl"): (11, 5),
        ("fri-0314", "Allen Braun"): (8, 7), ("fri-0314", "Flo Jaeger"): (8, -5),
        ("fri-0314", "Gus Wendt"): (8, -10), ("fri-0314", "Bea Schmidt"): (8, -6), ("fri-0314", "Hal Kurz"): (8, 14),
    }
    # ordered by date: Thursday's rows first
    assert df["session"].to_list()[:5] == ["thu-0306"] * 5
    assert df.filter(df["session"] == "fri-0314")["group"].unique().to_list() == ["Friday Club"]


def test_ledger_running(con):
    df = m.ledger_running(con, ALL)
    got = {(d["seq"], d["player"]): (d["units"], d["running_total"]) for d in df.to_dicts()}
    # seq 1 = thu-0306 (2025-03-06), seq 2 = fri-0314 (2025-03-14).
    # Allen: -16, then -16 + 7 = -9.  Bea: 5, then 5 - 6 = -1.
    assert got[(1, "Allen Braun")] == (-16, -16) and got[(2, "Allen Braun")] == (7, -9)
    assert got[(1, "Bea Schmidt")] == (5, 5) and got[(2, "Bea Schmidt")] == (-6, -1)
    assert got[(1, "Di Lenz")] == (22, 22) and got[(2, "Hal Kurz")] == (14, 14)
    assert len(df) == 10
    assert df.filter(df["seq"] == 2)["date"].unique().to_list() == [date(2025, 3, 14)]


# --------------------------------------------------------------------------
# Picking
# --------------------------------------------------------------------------


def test_picking_summary(con):
    r = m.picking_summary(con, ALL).to_dicts()[0]
    # dealt = 19 - 1 misdeal = 18; passed out = leaster A17 + doublers B2, B8 = 3 -> 3/18.
    # picks 15; wins: A15 16 20 22 24, B1 3 5 9 = 9 -> 9/15.
    # picker units: A -4 +2 +8 -4 +4 -12 +6 -8 +4 = -4; B +2 +4 -8 +2 -8 +4 = -4; -8/15.
    # alone: A16 (win-s), B4 (lose): 2/15, alone wins 1/2.  Unknown dealer: B1.
    assert r["dealt"] == 18 and r["misdeals"] == 1
    assert (r["passed_out"], r["leasters"], r["doublers"]) == (3, 1, 2)
    assert r["pass_out_rate"] == pytest.approx(3 / 18)
    assert (r["picks"], r["wins"]) == (15, 9)
    assert r["win_rate"] == pytest.approx(0.6)
    assert r["units_per_pick"] == pytest.approx(-8 / 15)
    assert (r["alone"], r["alone_wins"]) == (2, 1)
    assert r["alone_rate"] == pytest.approx(2 / 15)
    assert r["alone_win_rate"] == pytest.approx(0.5)
    assert r["unknown_dealer"] == 1


def test_pick_rate_by_player(con):
    r = rows(m.pick_rate_by_player(con, ALL), "player")
    # Offered (pick order starts left of the dealer; pass-outs offer everyone; B1 has no dealer):
    #   Allen: A14 A17 A23 A24 B2 B5 B8 = 7, picked A23 B5 = 2
    #   Bea:   A14 A15 A17 A20 A24 B2 B3 B4 B8 B9 = 10, picked A14 A20 A24 B4 = 4
    #   Cy:    A15 A16 A17 A21 = 4, picked A15 A21 = 2
    #   Di:    A16 A17 A22 = 3, picked A16 A22 = 2
    #   Ed:    A17 A18 A23 = 3, picked A18 = 1
    #   Flo:   B2 B7 B8 = 3, picked none (B1 has no dealer: left out)
    #   Gus:   B2 B3 B7 B8 = 4, picked B7 = 1
    #   Hal:   B2 B3 B5 B8 B9 = 5, picked B3 B9 = 2
    expect = {"Allen Braun": (7, 2), "Bea Schmidt": (10, 4), "Cy Ott": (4, 2), "Di Lenz": (3, 2),
              "Ed Kahl": (3, 1), "Flo Jaeger": (3, 0), "Gus Wendt": (4, 1), "Hal Kurz": (5, 2)}
    assert {p: (v["offered"], v["picks"]) for p, v in r.items()} == expect
    for p, (off, picks) in expect.items():
        assert r[p]["pick_rate"] == pytest.approx(picks / off)
    # B1 (unknown dealer) counted for the five seated in session B, nobody else.
    assert {p: v["unknown_dealer"] for p, v in r.items()} == {
        "Allen Braun": 1, "Bea Schmidt": 1, "Cy Ott": 0, "Di Lenz": 0, "Ed Kahl": 0,
        "Flo Jaeger": 1, "Gus Wendt": 1, "Hal Kurz": 1}


def test_picker_results_by_player(con):
    r = rows(m.picker_results_by_player(con, ALL), "player")
    # Allen: A23 lose-s -8, B5 win +2 -> 2 picks, 1 win, mean -3
    # Bea: A14 lose -4, A20 win-s +4, A24 win-s +4, B4 alone lose -8 -> 4, 2 wins, mean -1; alone 1, 0 wins
    # Cy: A15 +2, A21 lose-z -12 -> 2, 1, -5.   Di: A16 alone win-s +8, A22 win-z +6 -> 2, 2, 7; alone 1, won
    # Ed: A18 -4.  Flo: B1 +2.  Gus: B7 -8.  Hal: B3 +4, B9 +4 -> 2, 2, 4.
    assert set(r) == {"Allen Braun", "Bea Schmidt", "Cy Ott", "Di Lenz", "Ed Kahl", "Flo Jaeger",
                      "Gus Wendt", "Hal Kurz"}
    assert {p: (v["picks"], v["wins"], v["units_per_pick"]) for p, v in r.items()} == {
        "Allen Braun": (2, 1, -3.0), "Bea Schmidt": (4, 2, -1.0), "Cy Ott": (2, 1, -5.0), "Di Lenz": (2, 2, 7.0),
        "Ed Kahl": (1, 0, -4.0), "Flo Jaeger": (1, 1, 2.0), "Gus Wendt": (1, 0, -8.0), "Hal Kurz": (2, 2, 4.0)}
    assert r["Bea Schmidt"]["win_rate"] == pytest.approx(0.5)
    assert (r["Bea Schmidt"]["alone"], r["Bea Schmidt"]["alone_wins"]) == (1, 0)
    assert r["Bea Schmidt"]["alone_rate"] == pytest.approx(0.25)
    assert r["Bea Schmidt"]["alone_win_rate"] == pytest.approx(0.0)
    assert (r["Di Lenz"]["alone"], r["Di Lenz"]["alone_wins"], r["Di Lenz"]["alone_win_rate"]) == (1, 1, 1.0)
    assert r["Hal Kurz"]["alone"] == 0 and r["Hal Kurz"]["alone_win_rate"] is None


def test_pick_rate_by_position(con):
    df = m.pick_rate_by_position(con, ALL)
    # Known-dealer picked hands by picker position: 1st: A18 A20 A21 A22 B4 (5);
    # 2nd: A14 A15 A16 A23 A24 B5 B7 B9 (8); 3rd: B3 (1).  Pass-outs A17 B2 B8 reach all five.
    # offered(k) = 3 + picked hands whose picker sat at k or later: 17, 12, 4, 3, 3.
    assert df.select("position", "label", "offered", "picks").rows() == [
        (1, "1st after the dealer", 17, 5), (2, "2nd after the dealer", 12, 8), (3, "3rd after the dealer", 4, 1),
        (4, "4th after the dealer", 3, 0), (5, "dealer", 3, 0)]
    assert df["pick_rate"].to_list() == pytest.approx([5 / 17, 8 / 12, 1 / 4, 0.0, 0.0])
    assert df["seats"].unique().to_list() == [5]


# --------------------------------------------------------------------------
# Schneider
# --------------------------------------------------------------------------


def test_schneider_summary(con):
    r = m.schneider_summary(con, ALL).to_dicts()[0]
    # 15 picked.  win-s A16 A20 A24 (3), lose-s A23 (1), win-z A22 (1), lose-z A21 (1).
    assert (r["picked"], r["win_s"], r["lose_s"], r["win_z"], r["lose_z"]) == (15, 3, 1, 1, 1)
    assert r["schneider_rate"] == pytest.approx(4 / 15)
    assert r["win_s_rate"] == pytest.approx(3 / 15)
    assert r["lose_s_rate"] == pytest.approx(1 / 15)
    assert r["no_tricker_rate"] == pytest.approx(2 / 15)
    assert r["win_z_rate"] == pytest.approx(1 / 15) and r["lose_z_rate"] == pytest.approx(1 / 15)


def test_outcome_tiers(con):
    df = m.outcome_tiers(con, ALL)
    # win A15 B1 B3 B5 B9 = 5; win-s 3; win-z 1; lose A14 A18 B4 B7 = 4; lose-s 1; lose-z 1.
    assert df.select("outcome", "tier", "hands").rows() == [
        ("win", 1, 5), ("win-s", 2, 3), ("win-z", 3, 1), ("lose", 1, 4), ("lose-s", 2, 1), ("lose-z", 3, 1)]
    assert df["share"].to_list() == pytest.approx([5 / 15, 3 / 15, 1 / 15, 4 / 15, 1 / 15, 1 / 15])


def test_schneider_by_role(con):
    df = m.schneider_by_role(con, ALL)
    got = {(d["player"], d["role"]): (d["hands"], d["schneidered_them"], d["schneidered"], d["no_tricked_them"],
                                      d["no_tricked"]) for d in df.to_dicts()}
    # Allen: picker A23 (lose-s), B5; partner A21 (lose-z), B3; defender in the other 11 picked hands,
    #   of which A16 A20 A24 are win-s (he was schneidered) and A22 win-z (no-tricked).
    assert got[("Allen Braun", "picker")] == (2, 0, 1, 0, 0)
    assert got[("Allen Braun", "partner")] == (2, 0, 0, 0, 1)
    assert got[("Allen Braun", "defender")] == (11, 0, 3, 0, 1)
    # Bea: picker A14 A20 A24 B4 (two win-s); partner A18 B9; defender A15 A16(win-s) A21(lose-z)
    #   A22(win-z) A23(lose-s) B1 B3 B5 B7.
    assert got[("Bea Schmidt", "picker")] == (4, 2, 0, 0, 0)
    assert got[("Bea Schmidt", "partner")] == (2, 0, 0, 0, 0)
    assert got[("Bea Schmidt", "defender")] == (9, 1, 1, 1, 1)
    # Di: picker A16 (win-s) A22 (win-z); partner A14, A24 (win-s); defender A15 A18 A20(win-s)
    #   A21(lose-z) A23(lose-s).
    assert got[("Di Lenz", "picker")] == (2, 1, 0, 1, 0)
    assert got[("Di Lenz", "partner")] == (2, 1, 0, 0, 0)
    assert got[("Di Lenz", "defender")] == (5, 1, 1, 1, 0)
    # Hal: picker B3 B9, partner B5, defender B1 B4 B7: no schneider in session B.
    assert got[("Hal Kurz", "picker")] == (2, 0, 0, 0, 0) and got[("Hal Kurz", "defender")] == (3, 0, 0, 0, 0)
    # every seat of every picked hand has a role: 15 hands x 5 seats
    assert df["hands"].sum() == 75
    assert "unknown" not in df["role"].to_list()
    r = rows(df.filter(df["player"] == "Allen Braun"), "role")
    assert r["defender"]["schneidered_rate"] == pytest.approx(3 / 11)


# --------------------------------------------------------------------------
# Partner calls
# --------------------------------------------------------------------------


def test_calls_by_type(con):
    df = m.calls_by_type(con, ALL)
    assert df["call_type"].to_list() == ["ace", "alone", "ten", "under"]
    r = rows(df, "call_type")
    # ace: A14 A15 A18 A21 A22 A24 B1 B3 B5 B7 B9 = 11; wins A15 A22 A24 B1 B3 B5 B9 = 7.
    #   known points: 59 72 120 106 70 80 61 45 88 (9 hands) = 701; card-log: A14 59, A24 106 -> 82.5.
    #   picker units: -4 +2 -4 -12 +6 +4 +2 +4 +2 -8 +4 = -4 -> -4/11.
    a = r["ace"]
    assert (a["hands"], a["wins"], a["points_hands"], a["card_log_hands"]) == (11, 7, 9, 2)
    assert a["win_rate"] == pytest.approx(7 / 11)
    assert a["mean_points"] == pytest.approx(701 / 9)
    assert a["mean_points_card_log"] == pytest.approx(82.5)
    assert a["mean_picker_units"] == pytest.approx(-4 / 11)
    # alone: A16 win-s 93 +8, B4 lose 40 -8.
    al = r["alone"]
    assert (al["hands"], al["wins"], al["points_hands"], al["card_log_hands"]) == (2, 1, 2, 0)
    assert al["mean_points"] == pytest.approx(66.5) and al["mean_points_card_log"] is None
    assert al["mean_picker_units"] == pytest.approx(0.0)
    # ten: A20 win-s 95 +4.  under: A23 lose-s 25 -8.
    assert (r["ten"]["hands"], r["ten"]["wins"], r["ten"]["mean_points"], r["ten"]["mean_picker_units"]) == \
        (1, 1, 95.0, 4.0)
    assert (r["under"]["hands"], r["under"]["wins"], r["under"]["mean_points"], r["under"]["mean_picker_units"]) == \
        (1, 0, 25.0, -8.0)


def test_calls_by_suit(con):
    df = m.calls_by_suit(con, ALL)
    # C: A18 A21 B1 B7 B9 (5); S: A15 A22 B3 (3); H: A14 A20(ten) A23(under) A24 B5 (5).
    assert df["called_suit"].to_list() == ["C", "H", "S"]
    r = rows(df, "called_suit")
    # C: wins B1 B9 = 2; known points 70 45 88 = 203 over 3; units -4 -12 +2 -8 +4 = -18.
    c = r["C"]
    assert (c["hands"], c["wins"], c["points_hands"], c["card_log_hands"]) == (5, 2, 3, 0)
    assert c["win_rate"] == pytest.approx(0.4)
    assert c["mean_points"] == pytest.approx(203 / 3)
    assert c["mean_picker_units"] == pytest.approx(-3.6)
    # H: wins A20 A24 B5 = 3; points 59 95 25 106 61 = 346 over 5; card-log A14 A24 -> 82.5;
    #   units -4 +4 -8 +4 +2 = -2.
    h = r["H"]
    assert (h["hands"], h["wins"], h["points_hands"], h["card_log_hands"]) == (5, 3, 5, 2)
    assert h["mean_points"] == pytest.approx(69.2)
    assert h["mean_points_card_log"] == pytest.approx(82.5)
    assert h["mean_picker_units"] == pytest.approx(-0.4)
    # S: all three won; points 72 120 80 = 272; units +2 +6 +4 = 12.
    s = r["S"]
    assert (s["hands"], s["wins"], s["win_rate"]) == (3, 3, 1.0)
    assert s["mean_points"] == pytest.approx(272 / 3)
    assert s["mean_picker_units"] == pytest.approx(4.0)


def test_partner_reveal(con):
    df = m.partner_reveal(con, ALL)
    # Card-log hands with a partner: A14 (AH played in trick 3), A24 (in trick 1); none unrevealed (the last row,
    # trick null: a partner never revealed in play, metrics31 F1).
    assert df.select("trick", "hands").rows() == [(1, 1), (2, 0), (3, 1), (4, 0), (5, 0), (6, 0), (None, 0)]
    assert df["share"].to_list() == pytest.approx([0.5, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0])


# --------------------------------------------------------------------------
# Filters
# --------------------------------------------------------------------------


def test_filter_group(con):
    f = m.Filters(groups=("Friday Club",))
    assert m.overview(con, f)["hands"].item() == 8
    lb = m.leaderboard(con, f)
    # session B totals only
    assert dict(lb.select("player", "units").rows()) == {"Hal Kurz": 14, "Allen Braun": 7, "Flo Jaeger": -5,
                                                          "Bea Schmidt": -6, "Gus Wendt": -10}
    # B: picked 6 (B1 3 4 5 7 9), pass-outs 2 doublers over 8 dealt.
    s = m.picking_summary(con, f).to_dicts()[0]
    assert (s["dealt"], s["passed_out"], s["picks"], s["wins"]) == (8, 2, 6, 4)


def test_filter_dates_tables_rules_game(con):
    # only session B is on or after 2025-03-10
    assert m.overview(con, m.Filters(date_from=date(2025, 3, 10)))["hands"].item() == 8
    # only A up to 2025-03-06
    assert m.overview(con, m.Filters(date_to=date(2025, 3, 6)))["hands"].item() == 11
    assert m.overview(con, m.Filters(tables=("2",)))["hands"].item() == 11
    assert m.overview(con, m.Filters(rules=("wi5-called-ace; noPick=doubler",)))["hands"].item() == 8
    assert m.overview(con, m.Filters(game="sheepshead"))["hands"].item() == 19
    assert m.overview(con, m.Filters(game="schafkopf"))["hands"].item() == 0
    # A alone: no doublers, one leaster out of 10 dealt
    s = m.picking_summary(con, m.Filters(tables=("2",))).to_dicts()[0]
    assert (s["dealt"], s["passed_out"], s["leasters"], s["doublers"]) == (10, 1, 1, 0)


def test_game_filter_every_stored_hand_meets_gives_the_same_ledger(con):
    # Every stored hand of this fixture is Sheepshead, so `game="sheepshead"` (as the Ledger's per-game
    # tables pass it) is dropped from the hands' SQL (metrics._prune: hand_units read whole, no join);
    # the figures must be test_leaderboard's and test_ledger_by_session's, worked there by hand:
    # Di 22, Hal 14, Ed 5, Bea -1, Flo -5, Allen -9, Gus -10, Cy -16; Allen and Bea 16 hands played.
    sh = m.Filters(game="sheepshead")
    assert m._prune(con, sh).game is None
    assert m._prune(con, m.Filters(sheepshead_only=True)).sheepshead_only is False
    lb = rows(m.leaderboard(con, sh), "player")
    assert {p: r["units"] for p, r in lb.items()} == {"Di Lenz": 22, "Hal Kurz": 14, "Ed Kahl": 5, "Bea Schmidt": -1,
                                                      "Flo Jaeger": -5, "Allen Braun": -9, "Gus Wendt": -10,
                                                      "Cy Ott": -16}
    assert (lb["Allen Braun"]["hands"], lb["Bea Schmidt"]["hands"], lb["Cy Ott"]["hands"]) == (16, 16, 10)
    ses = {(d["session"], d["player"]): (d["hands"], d["units"]) for d in m.ledger_by_session(con, sh).to_dicts()}
    # A: 11 hands seated, B: 8 (misdeal and doublers included)
    assert ses[("thu-0306", "Di Lenz")] == (11, 22) and ses[("fri-0314", "Allen Braun")] == (8, 7)
    assert len(ses) == 10
    lu = {d["player"]: (d["game"], d["unit"], d["total"], d["hands"], d["sessions"])
          for d in m.ledger_units(con, ALL).to_dicts()}
    assert lu["Allen Braun"] == ("sheepshead", "units", -9, 16, 2)
    assert lu["Hal Kurz"] == ("sheepshead", "units", 14, 6, 1)
    assert sum(t for _, _, t, _, _ in lu.values()) == 0  # zero-sum
    # a game no stored hand has is a real condition: kept, and nothing matches
    sk = m.Filters(game="schafkopf")
    assert m._prune(con, sk) == sk
    assert m.leaderboard(con, sk).is_empty() and m.ledger_by_session(con, sk).is_empty()


def test_filter_players(con):
    f = m.Filters(players=("Flo Jaeger",))
    # Flo sat only in session B: 8 hands; per-player tables show only Flo.
    assert m.overview(con, f)["hands"].item() == 8
    assert m.leaderboard(con, f).select("player", "units", "hands").rows() == [("Flo Jaeger", -5, 6)]
    pr = m.pick_rate_by_player(con, f)
    assert pr.select("player", "offered", "picks").rows() == [("Flo Jaeger", 3, 0)]
    # Flo's seat by position (B1 has no dealer): 1st in B2 (doubler: offered) and B7 (offered,
    # passed); 3rd in B5, 4th in B4 and B9 (picked before Flo: not offered); the dealer in B3
    # (not offered) and B8 (doubler: offered).
    pos = m.pick_rate_by_position(con, f)
    assert pos.select("position", "offered", "picks").rows() == [(1, 2, 0), (3, 0, 0), (4, 0, 0), (5, 1, 0)]
    two = m.Filters(players=["Allen Braun", "Hal Kurz"])  # a list is accepted too
    assert m.overview(con, two)["hands"].item() == 19
    assert sorted(m.leaderboard(con, two)["player"].to_list()) == ["Allen Braun", "Hal Kurz"]


def test_filter_values_are_parameters(con):
    """A value with quotes or SQL in it is a value: no error, no match, nothing dropped."""
    nasty = ["x' OR '1'='1", "'; DROP TABLE hands; --", 'Bea" OR 1=1 --', "$groups", "?"]
    f = m.Filters(groups=tuple(nasty), tables=tuple(nasty), players=tuple(nasty), rules=tuple(nasty),
                  game="sheepshead' OR 'a'='a")
    for page in m.PAGES.values():
        for fn in page:
            df = fn(con, f)
            assert df is not None
    assert m.overview(con, f)["hands"].item() == 0
    assert m.overview(con, m.Filters(players=tuple(nasty)))["hands"].item() == 0
    assert m.overview(con, m.Filters(groups=("Friday Club", "x' OR '1'='1")))["hands"].item() == 8
    # the table is still there, untouched
    assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 19


def test_filter_choices(con):
    c = m.filter_choices(con)
    assert c["groups"] == ["Friday Club", "Thursday Night Sheepshead"]
    assert c["tables"] == ["1", "2"]
    assert c["players"] == ["Allen Braun", "Bea Schmidt", "Cy Ott", "Di Lenz", "Ed Kahl", "Flo Jaeger",
                            "Gus Wendt", "Hal Kurz"]
    assert c["rules"] == ["wi5-called-ace; doubleOnBump=on; noPick=leaster", "wi5-called-ace; noPick=doubler"]
    assert (c["first_date"], c["last_date"]) == (date(2025, 3, 6), date(2025, 3, 14))


def test_empty_database(tmp_path):
    path = tmp_path / "empty.duckdb"
    Store(path).open()
    with reading(path) as c:
        assert m.overview(c, ALL).to_dicts()[0]["hands"] == 0
        assert m.leaderboard(c, ALL).is_empty()
        assert m.pick_rate_by_position(c, ALL).is_empty()
        assert m.outcome_tiers(c, ALL)["hands"].to_list() == [0] * 6
        assert m.partner_reveal(c, ALL)["hands"].to_list() == [0] * 7  # tricks 1..6 and "not revealed"
        s = m.picking_summary(c, ALL).to_dicts()[0]
        assert s["dealt"] == 0 and s["pass_out_rate"] is None and s["units_per_pick"] is None


def test_schafkopf_games_do_not_enter_the_sheepshead_only_metrics(db, tmp_path):
    """Mixed games in one database (issue 6): the picking, schneider and
    partner-call metrics count only hands with a blind to pick.  Add the 99
    real NetSchafkopf games of one protocol to a copy of the fixture
    database: those metrics stay exactly as they were, while the overview
    counts the new games."""
    import shutil

    from ingest.netschafkopf import read_protocol

    mixed = tmp_path / "mixed.duckdb"
    shutil.copy(db, mixed)
    log = Path(__file__).resolve().parents[1] / "data" / "netschafkopf" / \
        "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    result = read_protocol(log.read_bytes(), str(log))
    assert len(result.hands) == 99 and not result.rejected
    with Store(mixed) as store:
        store.ingest_file(result, source_format="netschafkopf")
    sheepshead_only = [m.picking_summary, m.pick_rate_by_player, m.picker_results_by_player, m.pick_rate_by_position,
                       m.schneider_summary, m.schneider_by_role, m.outcome_tiers, m.calls_by_type, m.calls_by_suit,
                       m.partner_reveal]
    f = m.Filters()
    with reading(db) as a, reading(mixed) as b:
        for fn in sheepshead_only:
            assert fn(a, f).equals(fn(b, f)), fn.__name__
        assert m.overview(b, f)["hands"][0] == m.overview(a, f)["hands"][0] + 99
        # Overview's hand kinds in the mixed database (issue 5): the fixture's 15 picked hands, 1 leaster,
        # 2 doublers, 1 misdeal (test_data_quality) and the protocol's 99 games counted from its text
        # (test_schafkopf_games_and_ramsch_against_the_protocol_text): 57 Rufspiele + 3 Soli + 1 Geier
        # + 9 Farbwenz + 8 Farbgeier = 78 declared, 21 Ramsch.  15 + 1 + 2 + 1 + 78 + 21 = 118 = 19 + 99.
        dq = m.data_quality(b, f).to_dicts()[0]
        kinds = {k: dq[k] for k in ("picked", "leasters", "doublers", "misdeals", "declared", "ramsch", "other")}
        assert kinds == {"picked": 15, "leasters": 1, "doublers": 2, "misdeals": 1, "declared": 78, "ramsch": 21,
                         "other": 0}
        assert sum(kinds.values()) == dq["hands"] == 118
        # the game filter splits them: Schafkopf alone is 78 + 21, Sheepshead alone the 19 fixture hands
        sk = m.data_quality(b, m.Filters(game="schafkopf")).to_dicts()[0]
        assert (sk["hands"], sk["picked"], sk["declared"], sk["ramsch"]) == (99, 0, 78, 21)
        sh = m.data_quality(b, m.Filters(game="sheepshead")).to_dicts()[0]
        assert (sh["hands"], sh["picked"], sh["declared"], sh["ramsch"]) == (19, 15, 0, 0)


def test_schafkopf_games_and_ramsch_against_the_protocol_text(tmp_path):
    """One NetSchafkopf protocol (99 games) in a database of its own.  The
    expected figures are counted here straight from the protocol's text,
    independently of the importer and of the metrics:

    * each game opens with ``<who> spielt <game>`` (``Mit der <Farbe>-Ass`` a
      Sauspiel/Rufspiel, ``<Farbe>-Solo``, ``Wenz``/``<Farbe>-Wenz``,
      ``Geier``/``<Farbe>-Geier``, `` Tout`` at the end for a Tout) or with
      ``Es wurde Ramsch gespielt.``;
    * a Rufspiel ends ``<who> gewinnt|verliert das Rufspiel`` (``Du
      gewinnst|verlierst`` for the protocol's own player, Gast);
    * a Ramsch ends ``<who> verliert den Ramsch`` (``Du verlierst``).

    In this protocol: 57 Rufspiele (44 won), 3 Soli, 9 Farbwenz, 1 Geier,
    8 Farbgeier, 21 Ramsch lost 11 times by PcLinks, 7 by Gast, 3 by
    PcRechts."""
    import re

    from ingest.netschafkopf import read_protocol

    path = Path(__file__).resolve().parents[1] / "data" / "netschafkopf" / \
        "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    text = path.read_bytes().decode("iso-8859-1")

    def kind(game: str) -> str:
        if game.endswith(" Tout"):
            return "tout"
        if game.startswith("Mit der "):
            return "sauspiel"
        if game.endswith("-Solo"):
            return "solo"
        for base in ("Wenz", "Geier"):
            if game == base:
                return base.lower()
            if game.endswith("-" + base):
                return "farb" + base.lower()
        raise AssertionError(game)

    expected: dict[str, int] = {}
    for game in re.findall(r"^\S+ spielt (?!aus:)(.+?)\s*$", text, flags=re.M):
        expected[kind(game)] = expected.get(kind(game), 0) + 1
    expected["ramsch"] = len(re.findall(r"^Es wurde Ramsch gespielt\.", text, flags=re.M))
    ruf_won = len(re.findall(r"^\S+ (?:gewinnt|gewinnst) das Rufspiel", text, flags=re.M))
    ruf_lost = len(re.findall(r"^\S+ (?:verliert|verlierst) das Rufspiel", text, flags=re.M))
    ramsch_lost: dict[str, int] = {}
    for who in re.findall(r"^(\S+) (?:verliert|verlierst) den Ramsch", text, flags=re.M):
        who = "Gast" if who == "Du" else who
        ramsch_lost[who] = ramsch_lost.get(who, 0) + 1
    # the hand count, worked out above
    assert expected == {"sauspiel": 57, "solo": 3, "farbwenz": 9, "geier": 1, "farbgeier": 8, "ramsch": 21}
    assert (ruf_won, ruf_lost) == (44, 13)
    assert ramsch_lost == {"PcLinks": 11, "Gast": 7, "PcRechts": 3}

    db = tmp_path / "schafkopf.duckdb"
    result = read_protocol(path.read_bytes(), str(path))
    with Store(db) as store:
        store.ingest_file(result, source_format="netschafkopf")
    with reading(db) as c:
        games = m.schafkopf_games(c, ALL)
        ramsch = m.schafkopf_ramsch(c, ALL)
        assert m.schafkopf_games(c, m.Filters(game="sheepshead")).is_empty()
        assert m.schafkopf_ramsch(c, m.Filters(players=("Nobody",))).is_empty()
    by_type = rows(games, "game_type")
    assert {t: r["games"] for t, r in by_type.items()} == expected
    assert games["game_type"].to_list() == ["sauspiel", "solo", "geier", "farbwenz", "farbgeier", "ramsch"]
    assert by_type["sauspiel"]["share"] == pytest.approx(57 / 99)
    assert by_type["sauspiel"]["declared"] == ruf_won + ruf_lost
    assert by_type["sauspiel"]["declarer_wins"] == ruf_won
    assert by_type["sauspiel"]["declarer_win_rate"] == pytest.approx(ruf_won / (ruf_won + ruf_lost))
    # a Ramsch has no declarer: no win rate, no Augen
    assert by_type["ramsch"]["declared"] == 0 and by_type["ramsch"]["declarer_win_rate"] is None
    assert by_type["ramsch"]["mean_augen"] is None
    r = rows(ramsch, "player")
    assert {p: x["losses"] for p, x in r.items() if x["losses"]} == ramsch_lost
    assert {x["games"] for x in r.values()} == {expected["ramsch"]}
