"""Player: one person's sessions, ledger line, picking and record in every
role, beside the group's values (:mod:`dashboard.player_metrics`).

The player is chosen on the page and kept in the URL (``/player?who=NAME``,
with the sidebar filters), so the view can be shared.  Every count links to
its hands (the Hands page), and each hand there to its replay.
"""

from __future__ import annotations

import json

import altair as alt
import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard import metrics
from dashboard import player_metrics as pm
from dashboard.filters import (_busy, _choices, connection, db_path, db_stamp, describe, num, pct, plural,
                               start_page)
from dashboard.metrics import Filters, hands_where
from dashboard.seat_chart import seat_chart, seat_names
from dashboard.text import PERCENT_FORMAT, md, percents, rounded
from ingest.store import StoreBusy

f = start_page("Player", "One player's own numbers — sessions, ledger, picking, and the record as picker, "
               "partner and defender — with the group's values beside them.")
if f is None:
    st.stop()

@st.cache_data(ttl=300, max_entries=128, show_spinner=False)
def _seated(stamp: tuple, f: Filters) -> list[str]:
    """The players who sat in a hand of ``f`` (its player filter aside), by name."""
    where, params = hands_where(Filters(**{**f.__dict__, "players": ()}))
    with connection(stamp[0]) as con:
        return [p for (p,) in con.execute(
            "SELECT DISTINCT u.player FROM hand_units u JOIN hands h USING (hand_id) "
            f"WHERE u.player IS NOT NULL AND {where} ORDER BY 1", params or None).fetchall()]


every = _choices(db_stamp(db_path())).get("players", [])
if not every:
    st.info("No player names are recorded (the Seats tag names them).")
    st.stop()
# dash25 F3: the page opens on (and lists) the players of the filtered hands, not the database's first name (the
# group Tester Night 25 opened on Allen Braun, who sat in none of its hands: an empty page)
try:
    players = _seated(db_stamp(db_path()), f) or every
except StoreBusy as exc:
    _busy(exc)
first = next((p for p in f.players if p in players), players[0])
wanted = st.query_params.get("who") or first
if wanted not in every:
    st.warning(f"No player {md(wanted)} in this database; showing {md(first)}.")
    wanted = first
elif wanted not in players:  # a link's player outside the filters: listed and shown (the page then says so)
    players = sorted([*players, wanted])
# the widget follows the URL (a link opened, a name typed) and starts at the wanted player
_kept = st.session_state.get("player.who")
if _kept not in players or st.query_params.get("who") not in (None, _kept):
    st.session_state["player.who"] = wanted


def _chosen() -> None:
    st.query_params["who"] = st.session_state["player.who"]


who = st.selectbox("Player", players, key="player.who", on_change=_chosen)
if st.query_params.get("who") != who:
    st.query_params["who"] = who


@st.cache_data(ttl=300, max_entries=128, show_spinner=False)
def _groups(stamp: tuple, who: str) -> list[str]:
    with connection(stamp[0]) as con:
        return pm.player_groups(con, who)


# the group compared with: the sidebar's groups, else the player's own (new20 F8: every hand stored, the demo's
# seasons and every table size, was "the group" of a player of one Friday club)
own_groups = () if f.groups else tuple(_groups(db_stamp(db_path()), who))
sidebar = f  # the links to the player's hands keep the sidebar's filters (the player's hands are the same)
if own_groups:
    f = Filters(**{**f.__dict__, "groups": own_groups})


@st.cache_data(ttl=300, max_entries=128, show_spinner=False)
def _report(stamp: tuple, f: Filters, who: str) -> dict:
    with connection(stamp[0]) as con:
        return {"summary": pm.player_summary(con, f, who), "roles": pm.role_record(con, f, who),
                "leasters": pm.leaster_record(con, f, who),
                "sat_out": metrics.sat_out_hands(con, Filters(**{**f.__dict__, "players": (who,)})),
                "seats": pm.pick_by_seat(con, f, who), "sessions": pm.player_sessions(con, f, who),
                "json": pm.player_report(con, f, who)}


try:
    rep = _report(db_stamp(db_path()), f, who)
except StoreBusy as exc:
    _busy(exc)
s, roles, seats, sessions = rep["summary"], rep["roles"], rep["seats"], rep["sessions"]
over = describe(Filters(**{**f.__dict__, "players": ()}))


def url(**q) -> str:
    return hl.hands_url(Filters(**{**sidebar.__dict__, "players": ()}), who=who, **q)


if not s["hands"]:
    st.info(f"{md(who)} sat in none of {over}. Widen the filters in the sidebar, or press **Reset filters**.")
    st.stop()

st.caption(f"{md(who)} over {over}. The group: every player of the same hands (the sidebar's player choice "
           "is not applied to it)" + (f"; with no group chosen in the sidebar, {md(who)}'s own "
                                      f"{'group' if len(own_groups) == 1 else 'groups'}." if own_groups else "."))
c = st.columns(4)
c[0].metric("Sessions", f"{s['sessions']:,}")
c[0].caption(hl.link(f"{plural(s['hands'], 'hand')} at the table", url(role="seated")))
c[1].metric("Days played", f"{s['days']:,}")
c[1].caption("Distinct dates with a hand of the player" + (f", {s['first_date']} to {s['last_date']}."
                                                              if s["first_date"] else "."))
_out = int(rep["sat_out"]["sat_out"].sum()) if not rep["sat_out"].is_empty() else 0
for k, led in enumerate(s["ledger"][:2]):
    c[2 + k].metric(f"Ledger ({led['unit']})", f"{led['total']:+,}")
    # league33 F4: "44 hands at the table" beside "42 hands played": the dealer who sits out (rules.md F-1) said
    why = (f" ({plural(_out, 'hand')} {md(who)} dealt at a wi6-sit-out table, where the dealer sits out and plays "
           "no card (rules.md F-1), and misdeals and doublers, which settle nothing, are at the table but not "
           "played)" if _out and led["game"] == "sheepshead" else "")
    c[2 + k].caption(f"Rank {led['rank']} of {led['players']} in {led['unit']} ({led['game']}); "
                     f"{plural(led['hands'], 'hand')} played{why}. Units of different games are never added.")

no_picks = not s["offered"] and not s["picks"] and not roles.filter(pl.col("who") == "player")["hands"].sum()
if no_picks:  # a Schafkopf player (or Indiana): Picking and the roles count Sheepshead's picked hands (new22 F2: it
    # showed 0 of everything and "no hand with a known dealer", which was untrue)
    games = sorted({led["game"] for led in s["ledger"]} - {"sheepshead"})
    st.info(f"{md(who)} played no Sheepshead hand over {over}: picking, the pick rate by seat and the record by role "
            "count Sheepshead's picked hands." + (" Their Schafkopf games (declarer, Sauspiel partner, Ramsch) are on "
                                                  "the [Schafkopf page](/schafkopf)." if "schafkopf" in games else ""))
else:
    st.subheader("Picking")
    pick = roles.filter(pl.col("role") == "picker")
    mine, grp = pick.row(0, named=True), pick.row(1, named=True)
    c = st.columns(4)
    c[0].metric("Pick rate", pct(s["pick_rate"]))
    c[0].caption(f"Picked {s['picks_offered']:,} of the {s['offered']:,} hands in which the blind reached "
                 f"{md(who)}. Group: {pct(s['group_pick_rate'])}.")
    c[1].metric("Pick win rate", pct(s["win_rate"]))
    c[1].caption(f"{hl.link(plural(s['wins'], 'win'), url(role='picker', outcomes=hl.metrics.WINS))} of "
                 f"{hl.link(plural(s['picks'], 'pick'), url(role='picker'))}. Group: {pct(s['group_win_rate'])}.")
    c[2].metric("Units per pick", num(s["units_per_pick"]))
    c[2].caption(f"Mean units as picker. Group: {num(s['group_units_per_pick'])}.")
    g_alone = grp["alone_wins"] / grp["alone"] if grp["alone"] else None
    c[3].metric("Alone", f"{mine['alone_wins']}–{mine['alone'] - mine['alone_wins']}")
    c[3].caption(f"{hl.link(plural(mine['alone'], 'pick'), url(role='picker', alone=True))} played alone, "
                 f"won–lost. Group alone win rate: {pct(g_alone)} (every picked hand, tables without a blind too: "
                 "the Picking page's rate counts picks from the blind).")

    st.markdown("**Pick rate by seat**")
    if seats.is_empty():
        st.caption("No hand with a known dealer: the seats cannot be told.")
    else:
        # dash34 F3: the Picking page's chart (dashboard.seat_chart): each bar labelled "0%\n0/1" or "not offered",
        # so a seat the player passed is told from one the blind never reached (the dealer sitting out, F-1)
        long = seat_names(seats)
        both = pl.concat([
            long.select("seats", "position", "order", "seat", pl.lit(who).alias("who"), "pick_rate", "offered",
                        "picks"),
            long.select("seats", "position", "order", "seat", pl.lit("group").alias("who"),
                        pl.col("group_pick_rate").alias("pick_rate"), pl.col("group_offered").alias("offered"),
                        pl.col("group_picks").alias("picks"))])
        size = None  # the table size charted (one size stored: every row's)
        if both["seats"].n_unique() > 1:  # one table size at a time: a bar pair a seat of every size was unreadable
            # (new20 F8: some 25 bars, "1st of 3" .. "dealer of 7", their labels overlapping); the size the player
            # was offered the blind most at first
            by_size = long.group_by("seats").agg(pl.col("offered").sum()).sort(["offered", "seats"],
                                                                                 descending=[True, False])
            sizes = by_size["seats"].to_list()
            size = st.selectbox("Table size", sizes, format_func=lambda n: f"{n}-handed", key="player.seats")
            both = both.filter(pl.col("seats") == size)
        st.altair_chart(seat_chart(both, offset="who", offset_sort=[who, "group"], height=260, font_size=9,
                                   tooltip=["who", "seat", "offered", "picks",
                                            alt.Tooltip("pick_rate:Q", format=".1%")]), width="stretch")
        # dash26 F1: one table size stored leaves ``size`` None, and every row is that size's (the filter kept
        # none of them: "Picks from each seat: ."); the seats named as the chart's axis and the Picking page do
        _picked = [r for r in long.sort("position").to_dicts() if r["picks"] and size in (None, r["seats"])]
        st.caption("Picks ÷ hands in which the blind reached that seat (1st = left of the dealer … the dealer), "
                   f"{md(who)}'s beside the group's. "
                   + ("Picks from each seat: " + " · ".join(
                       hl.link(f"{r['seat']} ({r['picks']:,})",
                               url(role="picker", position=r["position"], seats=r["seats"])) for r in _picked) + "."
                      if _picked else f"{md(who)} picked from no seat" + (f" at {size}-handed tables." if size
                                                                          else ".")))

    st.subheader("Record by role")
    rows = []
    for role in pm.ROLE_ORDER:
        r = roles.filter((pl.col("who") == "player") & (pl.col("role") == role)).row(0, named=True)
        g = roles.filter((pl.col("who") == "group") & (pl.col("role") == role)).row(0, named=True)
        rows.append({"role": role, "hands": r["hands"], "wins": r["wins"], "win_rate": r["win_rate"],
                     "group_win_rate": g["win_rate"], "units_per_hand": r["units_per_hand"],
                     "group_units_per_hand": g["units_per_hand"], "schneider_for": r["schneider_for"],
                     "schneider_against": r["schneider_against"], "no_trick_for": r["no_trick_for"],
                     "no_trick_against": r["no_trick_against"], "hands_link": url(role=role),
                     # dash26 F3: for and against in one column each, "1–0" as the Alone metric's won–lost: in four
                     # columns the table ran past a 1400-px window ("no-trick for | n…")
                     "schneider": f"{r['schneider_for']}–{r['schneider_against']}",
                     "no_trick": f"{r['no_trick_for']}–{r['no_trick_against']}"})
    # league33 F3: the leasters the player played and won (rules.md D-4; a tie is nobody's win, D-6), a row of its own:
    # Hank's +4 leaster was in his units and nowhere in his record
    lr = rep["leasters"]
    lm, lg = lr.row(0, named=True), lr.row(1, named=True)
    leaster = {"role": "leaster", "hands": lm["hands"], "wins": lm["wins"], "win_rate": lm["win_rate"],
               "group_win_rate": lg["win_rate"], "units_per_hand": lm["units_per_hand"],
               "group_units_per_hand": lg["units_per_hand"], "schneider_for": None, "schneider_against": None,
               "no_trick_for": None, "no_trick_against": None, "hands_link": url(kind="leaster", role="played"),
               "schneider": None, "no_trick": None}
    table = percents(rounded(pl.DataFrame([*rows, leaster]), {"units_per_hand": 2, "group_units_per_hand": 2}),
                     ["win_rate", "group_win_rate"])  # real31 B: "31.3%" as the metrics write it, not the grid's
    st.dataframe(
        table.select("hands_link", "role", "hands", "wins", "win_rate", "group_win_rate", "units_per_hand",
                     "group_units_per_hand", "schneider", "no_trick"),
        hide_index=True, placeholder="—",
        column_config={
            "hands_link": st.column_config.LinkColumn("hands", display_text="list", help="The hands of this role."),
            "hands": st.column_config.NumberColumn("hands", help="Picked hands played in this role; "
                                                    "leaster: leasters played."),
            "wins": st.column_config.NumberColumn("won", help="Hands the player's side won."),
            "win_rate": st.column_config.NumberColumn("win rate", format=PERCENT_FORMAT),
            "group_win_rate": st.column_config.NumberColumn("group win rate", format=PERCENT_FORMAT,
                                                            help="Every seat of the group in this role."),
            "units_per_hand": st.column_config.NumberColumn("units per hand", format="%+.2f"),
            "group_units_per_hand": st.column_config.NumberColumn("group units per hand", format="%+.2f"),
            "schneider": st.column_config.TextColumn("schneider for–against", help="For: the player's side "
                                                     "schneidered the other (91+ as picker side; the picker side "
                                                     "≤ 30 as defender); against: the player's side was "
                                                     "schneidered (rules.md B-28)."),
            "no_trick": st.column_config.TextColumn("no-trick for–against", help="For: the other side took no "
                                                    "trick; against: the player's side took none (rules.md B-29)."),
        },
    )
    lines = []
    for r in rows:
        role = r["role"]
        lost = "lose" if role != "defender" else "win"
        won = "win" if role != "defender" else "lose"
        wins, sfor = r["wins"], r["schneider_for"]
        lines.append(
            f"- **{role}**: {hl.link(plural(r['hands'], 'hand'), url(role=role))}; "
            f"{hl.link(f'{wins} won', url(role=role, outcomes=(won, won + '-s', won + '-z')))}; "
            f"{hl.link(f'{sfor} schneider for', url(role=role, outcomes=(won + '-s',)))}, "
            f"{hl.link(str(r['schneider_against']) + ' against', url(role=role, outcomes=(lost + '-s',)))}; "
            f"{hl.link(str(r['no_trick_for']) + ' no-trick for', url(role=role, outcomes=(won + '-z',)))}, "
            f"{hl.link(str(r['no_trick_against']) + ' against', url(role=role, outcomes=(lost + '-z',)))}")
    played = url(kind="leaster", role="played")  # dash34 F2: the leasters counted, a sat-out dealer's left out
    lines.append(f"- **leaster**: {hl.link(plural(lm['hands'], 'leaster'), played)} played; "
                 f"{lm['wins']} won; {lm['units']:+,} units")
    st.markdown("\n".join(lines))
    st.caption("Over the Sheepshead picked hands. Won: the player's side won (as picker or partner the picker side "
               "won; as defender it lost). A defender hand needs known sides: a hand whose partner is not recorded "
               "gives the other seats no role. Group rates are over every seat of the group in that role. "
               "Schneider and no-trick (rules.md B-28, B-29): for = the player's side did it to the other side. "
               "Leaster: everybody passed and each played for the fewest points; won = the player took the fewest "
               "(rules.md D-4); a tie is nobody's win (D-6); the dealer who sits out (wi6-sit-out) plays none."
               + (f" The picker's {rows[0]['hands']:,} hands include {rows[0]['hands'] - s['picks']:,} played at "
                  "tables without a blind to pick (two-handed, eight-handed black queens: the picker is dealt the "
                  f"hand): Picking above counts the {s['picks']:,} picks from the blind."
                  if rows[0]["role"] == "picker" and rows[0]["hands"] > s["picks"] else ""))


st.subheader("Sessions")
if sessions.is_empty():
    st.caption("No settled session (Indiana race points are on the Ledger page).")
else:
    ses = sessions.with_columns(pl.Series("hands_link", hl.hands_urls(
        Filters(**{**sidebar.__dict__, "players": ()}), hl.HandQuery(who=who), session=sessions["session_id"].to_list()),
        dtype=pl.String))
    st.dataframe(hl.tidy(ses.select("hands_link", "date", "session", "group", "table", "hands", "units")),
                 hide_index=True, placeholder="—",
                 column_config={"hands_link": st.column_config.LinkColumn("hands", display_text="list"),
                                "date": st.column_config.DateColumn("date", format="YYYY-MM-DD"),
                                "units": st.column_config.NumberColumn("units", format="%+d")})
    st.caption(f"One row per session of {md(who)}: hands at the table (misdeals and doublers included) and the "
               "units won or lost there.")

st.download_button("Download as JSON", json.dumps(rep["json"], ensure_ascii=False, indent=1),
                   file_name=f"player-{who}.json", mime="application/json", key="player.json")
