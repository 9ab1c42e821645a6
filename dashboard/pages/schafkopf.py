"""Schafkopf: which games were played, how the declarers fared, who lost the Ramsch."""

from __future__ import annotations

import altair as alt
import streamlit as st

from dashboard import metrics
from dashboard.filters import describe, fetch, pct, plural, start_page

f = start_page("Schafkopf", "The Bavarian Schafkopf games: how often each game type was played, how often the "
               "declaring party won it and with how many Augen (card points), and who lost the Ramsch.")
if f is None:
    st.stop()
over = describe(f)

games = fetch(metrics.schafkopf_games, f)
if games.is_empty():
    st.info(f"No Schafkopf game matches the filters ({over}). Schafkopf games come from NetSchafkopf protocols "
            "(`shead ingest` or the **Import** page); Sheepshead hands are never counted here.")
    st.stop()
total = int(games["games"].sum())
declared = int(games["declared"].sum())
wins = int(games["declarer_wins"].sum())

c = st.columns(3)
c[0].metric("Schafkopf games", f"{total:,}")
c[0].caption(f"Every Schafkopf game of {over}, Ramsch included.")
c[1].metric("Declarer side wins", pct(wins / declared if declared else None))
c[1].caption(f"{wins:,} of {plural(declared, 'game')} with a declarer (every game but the Ramsch) won by the "
             "declaring party (with or without Schneider or Schwarz).")
ramsch_n = int(games.filter(games["game_type"] == "ramsch")["games"].sum())
c[2].metric("Ramsch", f"{ramsch_n:,}")
c[2].caption(f"Games nobody declared, played as a Ramsch: {pct(ramsch_n / total)} of the {total:,} games.")

st.subheader("Game types")
labels = games.with_columns(games["game_type"].fill_null("unrecorded"))
chart = alt.Chart(labels).mark_bar().encode(
    x=alt.X("game_type:N", sort=None, title="game type", axis=alt.Axis(labelAngle=0)),
    y=alt.Y("games:Q", title="games", axis=alt.Axis(format="d", tickMinStep=1)),
    tooltip=["game_type", "games", alt.Tooltip("share:Q", format=".1%")],
).properties(height=300)
st.altair_chart(chart, width="stretch")
st.caption(f"The {total:,} Schafkopf games of {over} by game type (the height: games of that type).")
st.dataframe(
    labels,
    hide_index=True,
    column_config={
        "game_type": st.column_config.TextColumn("game type"),
        "games": st.column_config.NumberColumn("games", help="Games of that type."),
        "share": st.column_config.NumberColumn("share", format="percent", help="Games ÷ all Schafkopf games."),
        "declared": st.column_config.NumberColumn("with a declarer", help="Games with a declarer (not Ramsch)."),
        "declarer_wins": st.column_config.NumberColumn("declarer wins", help="Won by the declaring party."),
        "declarer_win_rate": st.column_config.NumberColumn("win rate", format="percent",
                                                           help="Declarer wins ÷ games with a declarer."),
        "points_games": st.column_config.NumberColumn("with Augen", help="Games whose Augen are known."),
        "mean_augen": st.column_config.NumberColumn("mean Augen", format="%.1f",
                                                    help="The declaring party's mean Augen (card points, of "
                                                         "120) over the games whose Augen are known."),
    },
)
st.caption("One row per game type: games and share of all Schafkopf games; the declarer win rate = games the "
           "declaring party (the declarer, and in a Sauspiel the holder of the called Sau) won ÷ games with a "
           "declarer; mean Augen = the declaring party's card points, averaged over the games whose points are "
           "known. A Ramsch has no declarer: no win rate, no Augen.")

st.subheader("Ramsch")
ramsch = fetch(metrics.schafkopf_ramsch, f)
if ramsch.is_empty():
    st.info(f"No Ramsch was played in {over}.")
else:
    st.dataframe(
        ramsch,
        hide_index=True,
        column_config={
            "games": st.column_config.NumberColumn("Ramsch games", help="Ramsch games at which the player sat."),
            "losses": st.column_config.NumberColumn("lost", help="The player's units were the most negative."),
            "loss_rate": st.column_config.NumberColumn("loss rate", format="percent"),
            "units": st.column_config.NumberColumn("units", help="The player's units summed over those games."),
        },
    )
    st.caption(f"{plural(ramsch_n, 'Ramsch game')} in {over}. One row per player: the Ramsch games at which the "
               "player sat; lost = games in which the player's units were the most negative of the table (a "
               "tie for the lowest counts for each); loss rate = lost ÷ Ramsch games; units = the sum of the "
               "player's units in them.")
