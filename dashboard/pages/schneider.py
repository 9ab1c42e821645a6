"""Schneider and no-trickers: how often picked hands end at the extremes."""

from __future__ import annotations

from dataclasses import replace

import altair as alt
import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard import metrics
from dashboard.filters import describe, fetch, no_match, pct, start_page
from dashboard.text import PERCENT_FORMAT, md, percents

f = start_page("Schneider", "How often a picked hand ends schneider (the picker side at 91 or more card points, "
               "or at 30 or fewer: the defenders escape at 30, rules.md B-28) or with a side that took no trick — "
               "and which side it was.")
if f is None:
    st.stop()
over = describe(f)
# Roles in filters: the summary and the tiers are of the picker side, so with players chosen they count the
# hands those players picked; the table by role below gives their record as partner and defender.
fs = replace(f, picked_by=f.players) if f.players else f
# a house rule's line (schneiderSymmetric90=on: 90 is schneider too, rules.md B-28) named where the line is stated
sym90 = fetch(metrics.schneider_lines, fs).height > 0  # of the hands shown (break25 F7)
line91 = "91 or more" + (" (90 or more under schneiderSymmetric90=on)" if sym90 else "")
if sym90:
    st.caption("Some hands here were played under `schneiderSymmetric90=on`: there the picker side makes schneider "
               "at 90 card points, not 91 (rules.md B-28), and they are counted by their own rule.")


def link(text: str, *outcomes: str) -> str:
    return hl.link(text, hl.hands_url(f, kind="picked", picked_by=f.players, outcomes=outcomes))


def link_all(text: str) -> str:
    """``text`` linked to the picked hands of the filters, whoever picked them."""
    return hl.link(text, hl.hands_url(f, kind="picked"))


s = fetch(metrics.schneider_summary, fs).to_dicts()[0]
n = s["picked"]
if not n:
    # dash25 F1: a chosen player who picked none of the picked hands they sat in still has a record as partner
    # and defender (the table by player and role, below); only when no picked hand at all matches is the page empty
    sat = fetch(metrics.schneider_summary, f).to_dicts()[0]["picked"] if f.players else 0
    if not sat:
        no_match("picked hand", over, "Leasters, doublers and misdeals have no picker side.")
        st.stop()
    who = " or ".join(md(p) for p in f.players)
    st.info(f"{link_all(f'{sat:,} picked hand' + ('' if sat == 1 else 's'))} match the filters ({over}) and {who} "
            "picked none of them: the rates and the outcome tiers are over the hands they picked, of which there are "
            "none. Their schneiders as partner and as defender are in the table by player and role below.")
else:
    if f.players:
        st.info(f"**{' or '.join(md(p) for p in f.players)} as picker**: the rates and the outcome tiers are over "
                "the hands they picked; their schneiders as partner and as defender are in the table by player and "
                "role.", icon=":material/person:")
    c = st.columns(3)
    c[0].metric("Schneider", pct(s["schneider_rate"]))
    all_n = link(f"{n:,}")
    ws, ls, wz, lz = s["win_s"], s["lose_s"], s["win_z"], s["lose_z"]
    c[0].caption(f"Picked hands ending schneider ({link(f'{ws + ls:,}', 'win-s', 'lose-s')}) ÷ picked hands ({all_n}).")
    c[1].metric("Defenders schneidered (win-s)", pct(s["win_s_rate"]))
    c[1].caption(f"{link(f'{ws:,}', 'win-s')} of {all_n}: the picker side took {line91} and the defenders a trick.")
    c[2].metric("Picker side schneidered (lose-s)", pct(s["lose_s_rate"]))
    c[2].caption(f"{link(f'{ls:,}', 'lose-s')} of {all_n}: the picker side took 30 or fewer, and at least one trick.")
    d = st.columns(3)
    d[0].metric("No-tricker", pct(s["no_tricker_rate"]))
    d[0].caption(f"Picked hands in which one side took no trick ({link(f'{wz + lz:,}', 'win-z', 'lose-z')}) ÷ "
                 f"{all_n}. Decided by tricks, never points; a no-tricker is not also counted as a schneider.")
    d[1].metric("Defenders took no trick (win-z)", pct(s["win_z_rate"]))
    d[1].caption(f"{link(f'{wz:,}', 'win-z')} of {all_n}.")
    d[2].metric("Picker side took no trick (lose-z)", pct(s["lose_z_rate"]))
    d[2].caption(f"{link(f'{lz:,}', 'lose-z')} of {all_n}.")
    st.caption(f"All over the picked hands ({over}).")

    st.subheader("Outcome tiers")
    tiers = fetch(metrics.outcome_tiers, fs)
    chart = alt.Chart(tiers).mark_bar().encode(
        x=alt.X("outcome:N", sort=None, title="outcome (picker side)", axis=alt.Axis(labelAngle=0)),
        y=alt.Y("hands:Q", title="picked hands", axis=alt.Axis(format="d", tickMinStep=1)),
        color=alt.Color("tier:O", title="tier", scale=alt.Scale(scheme="blues")),
        tooltip=["outcome", "tier", "hands", alt.Tooltip("share:Q", format=".1%")],
    ).properties(height=300)
    st.altair_chart(chart, width="stretch")
    st.caption(f"The {n:,} picked hands by outcome: win, win-s (schneider), win-z (no-tricker) for the picker side, "
               "lose, lose-s, lose-z against it. Tier 1 plain, 2 schneider, 3 no-tricker. Hands: "
               + " · ".join(link(f"{r['outcome']} ({r['hands']:,})", r["outcome"]) for r in tiers.to_dicts() if r["hands"])
               + ".")

st.subheader("By player and role")
roles = fetch(metrics.schneider_by_role, f)
_good = {"picker": "win", "partner": "win", "defender": "lose"}
roles = roles.with_columns(pl.struct("player", "role").map_elements(
    lambda r: hl.hands_url(f, who=r["player"], role=r["role"]) if r["role"] in _good else None,
    return_dtype=pl.String).alias("list"))
st.dataframe(  # dash26 F3: every row shown (at its default height of ten rows a club's 12th row was hidden)
    percents(roles.select("list", *[c for c in roles.columns if c != "list"]),  # real31 B: "31.3%", not "31.25%"
             ["schneidered_them_rate", "schneidered_rate", "no_tricked_them_rate", "no_tricked_rate"]),
    hide_index=True, placeholder="—", height="content" if roles.height <= 40 else "auto",
    column_config={
        "list": st.column_config.LinkColumn("hands", display_text="list", help="The player's hands in this role."),
        "hands": st.column_config.NumberColumn("hands", help="Picked hands played in that role."),
        "schneidered_them": st.column_config.NumberColumn("schneidered them",
                                                          help="The player's side schneidered the other."),
        "schneidered_them_rate": st.column_config.NumberColumn("rate", format=PERCENT_FORMAT),
        "schneidered": st.column_config.NumberColumn("were schneidered"),
        "schneidered_rate": st.column_config.NumberColumn("rate ", format=PERCENT_FORMAT),
        "no_tricked_them": st.column_config.NumberColumn("no-tricked them"),
        "no_tricked_them_rate": st.column_config.NumberColumn("rate  ", format=PERCENT_FORMAT),
        "no_tricked": st.column_config.NumberColumn("took no trick"),
        "no_tricked_rate": st.column_config.NumberColumn("rate   ", format=PERCENT_FORMAT),
    },
)
st.caption("One row per player and role (picker, partner, defender) over the picked hands of "
           f"{over}: how often the player's side schneidered or no-tricked the other side, and how often it was "
           "schneidered or no-tricked itself; each rate ÷ the hands in that role. Schneiders for and against "
           "each player and role: " + " · ".join(
               hl.link(f"{r['player']} as {r['role']}: {r['schneidered_them']} for",
                       hl.hands_url(f, who=r["player"], role=r["role"], outcomes=(_good[r["role"]] + "-s",)))
               + ", " + hl.link(f"{r['schneidered']} against",
                                hl.hands_url(f, who=r["player"], role=r["role"],
                                             outcomes=(("lose" if _good[r["role"]] == "win" else "win") + "-s",)))
               for r in roles.to_dicts()[:60] if r["role"] in _good) + ".")
