"""Ledger: units per player per session, the running total, the leaderboard."""

from __future__ import annotations

import datetime
from dataclasses import replace

import altair as alt
import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard import metrics
from dashboard.filters import describe, fetch, no_match, start_page
from dashboard.text import md, rounded

f = start_page("Ledger", "Who won and lost how many units: the leaderboard, the running total over the season, "
               "and every player's units in every session.", sittings=True)  # a ledger's sittings alone: break23 F7
if f is None:
    st.stop()
over = describe(f)

lb = fetch(metrics.leaderboard, f)
race = fetch(metrics.indiana_race, f)
fox = fetch(metrics.fox_points, f)


def show_fox() -> None:
    """The fox game's points (a logged label, rules.md F-6) apart from the
    units: scored, never paid, not zero-sum."""
    if fox.is_empty():
        return
    st.subheader("Fox game points")
    st.dataframe(fox.select("date", "session", "player", "hands", "fox_points", "target", "reached"),
                 hide_index=True, placeholder="—",
                 column_config={"date": st.column_config.DateColumn("date", format="YYYY-MM-DD"),
                                "fox_points": st.column_config.NumberColumn("fox points", help="Points scored in "
                                                                            "the session's fox deals (rules.md F-6)."),
                                "target": st.column_config.NumberColumn("plays to", help="21 or 42 (foxTarget)."),
                                "reached": st.column_config.CheckboxColumn("reached")})
    st.caption(f"The four-player 24-card fox game (rules.md F-6) over {over}, one row per session and player. It is "
               "logged as a label, never replayed: each deal's tokens and points as written, checked for 13 tokens "
               "and the 1/2/7/14 schedule. Fox points are not units and no table above counts them.")


def show_race() -> None:
    """The Indiana race (rules.md F-5) apart from the units: race points are
    gained, never paid, and do not sum to zero."""
    if race.is_empty():
        return
    st.subheader("Indiana race points")
    games = fetch(metrics.indiana_games, f)
    won = (games.explode("winners").drop_nulls("winners").group_by("session_id", "winners").len("games_won")
           .rename({"winners": "player"}).with_columns(pl.col("games_won").cast(pl.Int64)))
    rows = race.join(won, on=["session_id", "player"], how="left").with_columns(pl.col("games_won").fill_null(0))
    rows = rows.with_columns(pl.Series("list", hl.hands_urls(  # drill-down (issue 13)
        replace(f, game="indiana"), who=rows["player"].to_list(), session=rows["session_id"].to_list()),
        dtype=pl.String))
    st.dataframe(
        rows.select("list", "date", "session", "player", "hands", "race_points", "best_won", "games_won"),
        hide_index=True, placeholder="—",
        column_config={"list": st.column_config.LinkColumn("hands", display_text="list",
                                                           help="The player's Indiana hands of the session."),
                       "date": st.column_config.DateColumn("date", format="YYYY-MM-DD"),
                       "race_points": st.column_config.NumberColumn("race points", help="Race points gained in "
                                                                    "the session's Indiana hands (rules.md F-5), "
                                                                    "over all its games."),
                       "best_won": st.column_config.NumberColumn("best won", help="Won 'best' games: a won best "
                                                                 "ends the game."),
                       "games_won": st.column_config.NumberColumn("games won", help="Games of the race the player "
                                                                  "won in the session: first to 24, or a won best "
                                                                  "(a tie at the top shares the win).")},
    )
    st.caption(f"Indiana four-handed games (rules.md F-1, F-5) over {over}, one row per session and player. Race "
               "points are not units: the winners gain 2/4/6 (ace call), 18 (side solo, billy), 24 (best), the "
               "losers nothing, so they do not sum to zero and no table above counts them.")
    if games.is_empty():
        return
    st.markdown("**Games of the race** — a game ends on the hand where someone reaches 24 or wins a best; the next "
                "hand starts a new game (docs/profiles.md, Indiana).")
    shown = games.with_columns(
        pl.col("winners").list.join(", ").alias("winners"),
        pl.when(pl.col("finished")).then(pl.col("how").replace({"24": "reached 24", "best": "won a best"}))
        .otherwise(pl.lit("open")).alias("ended"),
        pl.col("gaps").list.eval(pl.element().cast(pl.String)).list.join(", ").alias("missing hands"))
    st.dataframe(shown.select("date", "session", "game", "first_hand", "last_hand", "hands", "ended", "winners",
                              "scores", "missing hands"),
                 hide_index=True, placeholder="—",
                 column_config={"date": st.column_config.DateColumn("date", format="YYYY-MM-DD"),
                                "first_hand": "first hand", "last_hand": "last hand",
                                "scores": st.column_config.TextColumn("race scores", help="Each player's race score "
                                                                      "at the game's end (or now, while open)."),
                                "missing hands": st.column_config.TextColumn(
                                    "missing hands", help="Hand numbers not stored inside the game: its race is "
                                    "not fully known.")})


if lb.is_empty():
    if race.is_empty() and fox.is_empty():
        no_match("stored hand", over)
    show_race()
    show_fox()
    st.stop()

# Units never mixed: Sheepshead units and Schafkopf tariff points are different currencies (rules.md G-16), so
# when the filters hold both the page shows one of them at a time (chosen here, kept in the URL as ?unit=).
UNIT_WORDS = {"sheepshead": "Sheepshead units", "schafkopf": "Schafkopf tariff points"}
f_all = f
if not f.game:
    settled_games = sorted((g for g in fetch(metrics.games_present, f)["game"].to_list() if g not in metrics.UNSETTLED),
                           key=lambda g: (g != "sheepshead", g))
    if len(settled_games) > 1:
        asked = st.query_params.get("unit")
        unit = st.radio("Unit", settled_games, index=settled_games.index(asked) if asked in settled_games else 0,
                        format_func=lambda g: UNIT_WORDS.get(g, g), horizontal=True, key="ledger.unit",
                        help="These hands hold more than one game, each settled in its own unit: the ledger shows "
                             "one at a time and never adds them.")
        if st.query_params.get("unit") != unit:
            st.query_params["unit"] = unit
        f = replace(f, game=unit)
        over = describe(f)
        lb = fetch(metrics.leaderboard, f)
        st.caption(f"Showing {UNIT_WORDS.get(unit, unit)} only: the hands of the other games are settled in "
                   "another unit and are never added to these (Totals per unit below lists each).")
# the ledger's game: the filters' or the unit chosen above, else the one settled game these hands hold (or none)
shown = f.game or (settled_games[0] if settled_games else None)
unit_word = {"schafkopf": "tariff points"}.get(shown, "units")
if shown == "schafkopf":
    mixed = metrics.mixed_tariffs_note(fetch(metrics.schafkopf_tariffs, f))
    if mixed:
        st.warning(mixed + " The sidebar's rules filter does that.", icon="⚠️")

# league33 F4: a dealer at a wi6-sit-out table is at the table but plays no card (rules.md F-1): the hands played
# here are fewer than the hands at the table the per-session table and the Player page count, and that is said
_sat_out = fetch(metrics.sat_out_hands, f).to_dicts() if shown != "schafkopf" else []
_sat_out_words = (" Hands played also leave out the hands a player dealt at a wi6-sit-out table, where the dealer "
                  "sits out (rules.md F-1): " + ", ".join(f"{md(r['player'])} {r['sat_out']:,}" for r in _sat_out)
                  + "." if _sat_out else "")

st.subheader("Leaderboard")
lb = lb.with_columns(pl.Series("list", hl.hands_urls(f, who=lb["player"].to_list()), dtype=pl.String))
st.dataframe(
    rounded(lb.select("list", "player", "units", "hands", "units_per_hand", "sessions"),
            {"units_per_hand": 2}),  # metrics31 F6: half away from zero
    hide_index=True, placeholder="—",
    column_config={
        "list": st.column_config.LinkColumn("hands", display_text="list", help="The player's hands."),
        "player": "Player",
        "units": st.column_config.NumberColumn(unit_word.capitalize(), help="Sum of the player's units.",
                                               format="%+d"),
        "hands": st.column_config.NumberColumn("Hands played", help="Hands in which the player held a seat and "
                                               "the cards were played (misdeals and doublers left out)."),
        "units_per_hand": st.column_config.NumberColumn(f"{unit_word.capitalize()} per hand",
                                                        format="%+.2f",  # dash26 F5: as every page's means
                                                        help=f"{unit_word.capitalize()} of the hands played ÷ "
                                                             "hands played (a ledger's sittings, which have no "
                                                             "hands, are left out)."),
        "sessions": st.column_config.NumberColumn("Sessions", help="Sessions in which the player sat."),
    },
)
st.caption(f"One row per player over {over}. {unit_word.capitalize()} are the settled score of each hand "
           "(table-agreed scores included"
           + ("; a Schafkopf game's tariff points: its price and Laufende × Kontra, Re and Klopfen, rules.md "
              "G-15, G-16, G-18, G-19" if shown == "schafkopf" else "")
           + "); hands played leave out misdeals and thrown-in doublers, which settle nothing. "
           f"{unit_word.capitalize()} per hand = {unit_word} of the hands played ÷ hands played: a sitting from a "
           "ledger of nightly totals counts in the units, not here (it has no hands). Best first."  # break21 F11
           + _sat_out_words)

incomplete = fetch(metrics.incomplete_sessions, f)
if not incomplete.is_empty():
    st.warning("**Incomplete sessions**: the totals above may not be the table's: a source's own running table "
               "says otherwise (games were refused at import — see Data quality on the Overview page), a hand was "
               "refused and is not stored, a hand keeps a stored result the rules no longer give until it is "
               "amended, or a night opens with a pot carried in that its group's night before no longer leaves "
               "(W-POT-CARRY):\n\n"
               + "\n".join(f"- {r['session']}: {r['note']}" for r in incomplete.to_dicts()))

def date_axis(dates: pl.Series) -> alt.Axis:
    """The running total's date axis.  Over two months or more a label a month ("Dec 2026"); over a shorter span
    (dash27 F3: a new group's first weeks, every session in one month, had no month tick and so no label at all)
    the sessions' days ("04 Dec"): each session's date while they are few, else a tick a week.  In the browser's
    time, as the points are drawn (a session's date at its local midnight)."""
    days = sorted(set(dates.drop_nulls().to_list()))
    if not days or (days[-1] - days[0]).days >= 62:
        return alt.Axis(format="%b %Y", tickCount="month", labelOverlap=True)
    if len(days) <= 10:
        at = [alt.DateTime(year=d.year, month=d.month, date=d.day) for d in days]
        return alt.Axis(format="%d %b", values=at, labelOverlap=True)
    return alt.Axis(format="%d %b", tickCount="week", labelOverlap=True)


st.subheader("Running total")
ses = fetch(metrics.ledger_by_session, f)
run = metrics.running_totals(ses)
ranked = lb["player"].to_list()
default = ranked[:5] + [p for p in ranked[-3:] if p not in ranked[:5]]
# real29 F1: one kept choice per unit (the key names it): under one key a switch of the Unit radio kept the other
# unit's players, none among the new options, so the chart went empty.  Streamlit forgets a widget's value on a run
# that does not draw it, so each unit's choice is also kept under a plain key and comes back when the unit does.  A
# kept choice none of whose players is left among the options (a sidebar filter changed) starts again from the best
# five and worst three.
chart_key = f"ledger.chart.players.{f.game or 'all'}"
kept = st.session_state.get(chart_key, st.session_state.get(chart_key + ".kept"))
if kept is None or (kept and not set(kept) & set(ranked)):
    kept = default[:8]
st.session_state[chart_key] = [p for p in kept if p in ranked]
shown = st.multiselect("Players on the chart", ranked, key=chart_key, help="Best five and worst three by default.")
st.session_state[chart_key + ".kept"] = shown
data = run.filter(pl.col("player").is_in(shown))
if not shown:  # real29 F1: no empty chart under a caption about lines
    st.info("No player is chosen, so there is no chart: choose one or more players in **Players on the chart** "
            "above to draw their running totals.")
dated = data.filter(pl.col("date").is_not_null())
x = (alt.X("date:T", title="session date", axis=date_axis(dated["date"]))
     if len(dated) == len(data) else alt.X("seq:Q", title="session (in date order)",
                                           axis=alt.Axis(format="d", tickMinStep=1)))  # 1, 2, 3: not 1.000000
if not shown:
    pass
elif data.is_empty() or data["seq"].n_unique() > 1:
    chart = alt.Chart(data).mark_line(point=len(data) <= 400).encode(
        x=x,
        y=alt.Y("running_total:Q", title=f"running total ({unit_word})"),
        # the legend below the chart, in rows: on a phone a legend at the side would cover the lines
        color=alt.Color("player:N", title="player", legend=alt.Legend(orient="bottom", columns=2, labelLimit=160)),
        tooltip=["player", "date", "seq", "units", "running_total"],
    ).properties(height=360)
    st.altair_chart(chart, width="stretch")
    st.caption(f"Each line is one player's running total over {over}: after each session (in date order, then "
               "session id) the sum of the player's units so far. A session the player missed adds nothing and has "
               "no point.")
else:  # one session: a line of one point a player hid the date and the players tied (new22 F8); its result as bars
    day = data["date"][0]
    chart = alt.Chart(data).mark_bar().encode(
        x=alt.X("player:N", sort="-y", title=None, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("running_total:Q", title=f"{unit_word} in the session"),
        color=alt.condition(alt.datum.running_total >= 0, alt.value("#2e7d32"), alt.value("#c62828")),
        tooltip=["player", "date", "units"],
    ).properties(height=300)
    st.altair_chart(chart, width="stretch")
    st.caption(f"One session over {over}" + (f", {day}" if day is not None else "") + ": each player's units in it. "
               "The running total draws a line once a second session is stored; the night hand by hand is on the "
               "[Sheet](/sheet) page.")

st.subheader("Units per player per session")
ses_shown = ses.with_columns(pl.Series("list", hl.hands_urls(f, who=ses["player"].to_list(),
                                                             session=ses["session_id"].to_list()), dtype=pl.String))
st.dataframe(
    # newuser28 F3: at 390 px only list/date/session/group were in view, the units past the right edge: the numbers
    # first (player, units, hands, date), where each row is said; the session (its group and date again) last
    hl.tidy(ses_shown.select("player", "units", "hands", "date", "list", "group", "table", "session")),
    hide_index=True, placeholder="—",
    column_config={"list": st.column_config.LinkColumn("hands", display_text="list"),
                   "date": st.column_config.DateColumn("date", format="YYYY-MM-DD"),
                   "units": st.column_config.NumberColumn("units", format="%+d"),
                   "hands": st.column_config.NumberColumn("hands", help="Hands of the session in which the "
                                                          "player held a seat, misdeals and doublers included.")},
)
st.caption(f"One row per session and player over {over}: the player's units in that session and the hands "
           "dealt with the player at the table (misdeals and doublers included; they settle 0"
           + ("; and the hands a player dealt and sat out at a wi6-sit-out table, rules.md F-1, so more than the "
              "Leaderboard's hands played" if _sat_out else "")
           + "). On a narrow screen the table scrolls sideways: group, table and session are to the right.")

per_unit = fetch(metrics.ledger_units, f_all)
if not per_unit.is_empty():
    st.subheader("Totals per unit")
    per_unit = per_unit.with_columns(pl.struct("player", "game").map_elements(  # drill-down (issue 13)
        lambda r: hl.hands_url(replace(f_all, game=r["game"]), who=r["player"]), return_dtype=pl.String)
        .alias("list"))
    st.dataframe(
        per_unit.select("list", "player", "unit", "total", "hands", "sessions", "incomplete"),
        hide_index=True, placeholder="—",
        column_config={"list": st.column_config.LinkColumn("hands", display_text="list",
                                                           help="The player's hands of this game."),
                       "total": st.column_config.NumberColumn("total", format="%+d"),
                       "incomplete": st.column_config.NumberColumn("incomplete sessions", help="Sessions of the "
                                                                   "player whose source's own table the stored games "
                                                                   "do not reach (games refused), or with a hand "
                                                                   "kept against the rules (W-CARRY).")},
    )
    chosen = " (every game's, whichever unit is chosen above)" if f is not f_all else ""
    st.caption(f"One row per player and unit over {describe(f_all)}{chosen}: Sheepshead units, Schafkopf tariff "
               "points and Indiana race points are different currencies and are never added together (the same "
               "table as `shead ledger`).")

# The pot (rules.md D-19, pot=on) is an extra seat, never a player: shown apart.
pot = fetch(metrics.pot_by_session, f)
if not pot.is_empty():
    st.subheader("The pot")
    st.dataframe(
        # newuser28 F3: at 390 px only date/session/carried in were in view: the numbers first, read as carried in
        # + net = pot holds, then the net's two parts, the session last
        pot.select("date", "opening", "net", "balance", "paid_in", "taken", "session"),
        hide_index=True, placeholder="—",
        column_config={"date": st.column_config.DateColumn("date", format="YYYY-MM-DD"),
                       "opening": st.column_config.NumberColumn(
                           "carried in", help="What the pot held before the session's first hand: the pot N "
                           "written on it (a sheet: its opening row's Pot cell), else 0."),
                       "paid_in": st.column_config.NumberColumn("paid in"),
                       "net": st.column_config.NumberColumn("net", format="%+d",
                                                            help="Units paid in less units taken out."),
                       "balance": st.column_config.NumberColumn(
                           "pot holds", help="What the pot holds after the session: carried in + net.")},
    )
    st.caption(f"Sessions played with the pot (pot=on, rules.md D-19) over {over}: what the pot held when each "
               "began (its pot N, carried in from an earlier night), units put into it, units picker sides took "
               "out of it, the net, and what it holds after the filtered hands. The pot is not a player, so none "
               "of the tables above counts it; players and pot together sum to zero. Carried in + net = pot holds; on a "
               "narrow screen the table scrolls sideways: paid in, taken and the session are to the right.")

show_race()
show_fox()
