"""Partner calls: how each kind of call, and each called suit, turns out."""

from __future__ import annotations

from dataclasses import replace

import altair as alt
import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard import metrics
from dashboard.filters import describe, fetch, no_match, start_page
from dashboard.text import PERCENT_FORMAT, md, percents, rounded

f = start_page("Partner calls", "What the picker called — an ace, a ten, an ace with an unknown card, alone, the "
               "jack of diamonds — and how it went.")
if f is None:
    st.stop()
over = describe(f)
# Roles in filters: a call is the picker's, so with players chosen these are the hands they picked.
fc = replace(f, picked_by=f.players) if f.players else f
if f.players:
    st.info(f"**{' or '.join(md(p) for p in f.players)} as picker**: every number on this page is over the hands "
            "they picked (their own calls), not every hand they sat in.", icon=":material/person:")


def with_links(df: pl.DataFrame, key: str, param: str) -> pl.DataFrame:
    """``df`` with a ``list`` column: the Hands page's URL of each row's hands."""
    return df.with_columns(pl.col(key).map_elements(
        lambda v: hl.hands_url(f, kind="picked", picked_by=f.players, **{param: v if v is not None else "none"}),
        return_dtype=pl.String, skip_nulls=False).alias("list"))


COLS = {
    "list": st.column_config.LinkColumn("hands", display_text="list", help="The hands of this row."),
    "hands": st.column_config.NumberColumn("hands", help="Picked hands with this call."),
    "wins": st.column_config.NumberColumn("wins", help="Picker-side wins."),
    "win_rate": st.column_config.NumberColumn("win rate", format=PERCENT_FORMAT, help="Wins ÷ hands."),
    "points_hands": st.column_config.NumberColumn("hands with points",
                                                  help="Hands whose picker-side points are known."),
    "mean_points": st.column_config.NumberColumn("mean points", format="%.1f",
                                                 help="Mean picker-side card points (bury included) over the hands "
                                                      "whose points are known."),
    "card_log_hands": st.column_config.NumberColumn("card-log hands", help="Full card-log hands."),
    "mean_points_card_log": st.column_config.NumberColumn("mean points (card log)", format="%.1f",
                                                          help="Mean picker-side card points as the cards give them "
                                                               "(bury included) over full card-log hands only; a "
                                                               "result the table agreed (pts ^N) counts here with "
                                                               "the cards' points."),
    "mean_picker_units": st.column_config.NumberColumn("picker units", format="%+.2f",
                                                       help="The picker's mean units over all the hands."),
}
#: the means the tables show, and their decimals (rounded half away from zero, metrics31 F6)
MEANS = {"mean_points": 1, "mean_points_card_log": 1, "mean_picker_units": 2}
#: the rates the tables show as percentages, one decimal half away from zero (real31 B: the grid wrote 31.25%)
RATES = ["win_rate"]
CAPTION = ("Win rate = picker-side wins ÷ hands. Mean points: the picker side's card points, bury included, over "
           "the hands whose points are known (written on the score sheet or counted from the cards) — how many "
           "is in 'hands with points', a table-agreed result (pts ^N) with the agreed N; the card-log column counts "
           "only full card-log hands, with the points their cards give. Picker units: the "
           "picker's mean units over every hand of the row.")

st.subheader("By call type")
bt = fetch(metrics.calls_by_type, fc)
if bt.is_empty():
    # dash25 F1: a chosen player who sat in picked hands but picked none is told so, not "no picked hand"
    sat = int(fetch(metrics.calls_by_type, f)["hands"].sum()) if f.players else 0
    if not sat:
        no_match("picked hand", over, "Leasters, doublers and misdeals have no call.")
    else:
        who = " or ".join(md(p) for p in f.players)
        n_sat = hl.link(f"{sat:,} picked hand" + ("" if sat == 1 else "s"), hl.hands_url(f, kind="picked"))
        st.info(f"{n_sat} match the filters ({over}) and {who} picked none of them: every number on this page is "
                "over the hands they picked (their own calls), of which there are none. The calls of the hands "
                "they sat in are shown with the player filter cleared; their record as partner and as defender "
                "is on the [Schneider](/schneider) page's table by player and role.")
    st.stop()
st.dataframe(hl.tidy(percents(rounded(with_links(bt, "call_type", "call").select("list", *bt.columns), MEANS),
                               RATES)),
             hide_index=True, placeholder="—",
             column_config={"call_type": "call", **COLS})
st.markdown("Hands: " + " · ".join(hl.link(f"{r['call_type'] or 'unrecorded'} ({r['hands']:,})",
                                           hl.hands_url(f, kind="picked", picked_by=f.players,
                                                        call=r["call_type"] or "none"))
                                   for r in bt.to_dicts()))
st.caption(f"One row per kind of call (ace, ten, under = an ace called with an unknown card, alone, jd = the "
           f"jack-of-diamonds partner, jd-callup) over the picked hands ({over}). " + CAPTION)

st.subheader("By called suit")
bs = fetch(metrics.calls_by_suit, fc)
if bs.is_empty():
    st.caption("No picked hand with a called card matches the filters.")
else:
    st.dataframe(hl.tidy(percents(rounded(with_links(bs, "called_suit", "suit").select("list", *bs.columns), MEANS),
                                  RATES)),
                 hide_index=True, placeholder="—",
                 column_config={"called_suit": "suit", **COLS})
    st.caption(f"One row per suit of the called card (C clubs, S spades, H hearts, D diamonds) over the picked "
               f"hands ({over}) that called a card (not alone, not the plain jack-of-diamonds game). " + CAPTION)

st.subheader("Trick on which the partner was revealed")
rv = fetch(metrics.partner_reveal, fc)
total = int(rv["hands"].sum())
if not total:
    st.caption("No full card-log hand with a partner matches the filters: the trick of the reveal needs the "
               "cards.")
else:
    # metrics31 F1: the hands whose partner was never revealed in play (a claim before the called card fell) are
    # a bar of their own and counted in the caption's total, never dropped (design.md §4)
    NOT_REVEALED = "not revealed"
    shown = rv.with_columns(pl.col("trick").cast(pl.String).fill_null(NOT_REVEALED).alias("label"))
    if not int(rv.filter(pl.col("trick").is_null())["hands"].sum()):
        shown = shown.filter(pl.col("trick").is_not_null())
    chart = alt.Chart(shown).mark_bar().encode(
        x=alt.X("label:N", title="trick", sort=shown["label"].to_list(), axis=alt.Axis(labelAngle=0)),
        y=alt.Y("hands:Q", title="hands", axis=alt.Axis(format="d", tickMinStep=1)),
        tooltip=[alt.Tooltip("label:N", title="trick"), "hands", alt.Tooltip("share:Q", format=".1%")],
    ).properties(height=260)
    st.altair_chart(chart, width="stretch")
    st.caption(f"The trick in which the called card (or the partner card) was played, over the {total:,} full "
               f"card-log hand{'' if total == 1 else 's'} with a partner of {over}; '{NOT_REVEALED}': the partner "
               "was never revealed in play (a claim ended the hand before the called card fell). Score-sheet "
               "hands have no cards and are not counted. Hands per trick: " + " · ".join(
                   hl.link(f"trick {r['trick']} ({r['hands']:,})" if r["trick"] is not None
                           else f"{NOT_REVEALED} ({r['hands']:,})",
                           hl.hands_url(f, kind="picked", picked_by=f.players,
                                        reveal=r["trick"] if r["trick"] is not None else 0))
                   for r in rv.to_dicts() if r["hands"]) + ".")
