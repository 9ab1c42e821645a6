"""Fair deals: the stored full deals against the law of a fair shuffle (issue
18).  The tests are :func:`ingest.fair_deals.deal_tests`' — the same as
``shead deals`` — each with its chi-square statistic, p-value and a plot of
the observed counts against the expected ones.  They are computed from the
deals' per-session counts (``session_deals``, migration 022: one small
query, :func:`ingest.deal_summary.load_counts`), not from the deals
themselves, so the page costs the same at any database size (issue 17)."""

from __future__ import annotations

from dataclasses import replace

import altair as alt
import polars as pl
import streamlit as st

from dashboard.filters import (BUSY_TIMEOUT, EMPTY_HELP, Filters, db_path, db_stamp, describe, ensure_navigation,
                               hand_page_filters, page_reads)
from dashboard.text import md
from ingest.deal_summary import load_counts
from ingest.fair_deals import deal_tests_from_counts
from ingest.store import reading

ensure_navigation()
st.title("Fair deals")
st.caption("Are the deals fair? A fair shuffle gives each six-card hand a random six of the 32 cards, so how many "
           "trumps, queens or jacks a hand holds follows the hypergeometric law. Each test compares the stored "
           "full deals with that law by Pearson's chi-square (cells expecting fewer than 5 hands pooled with "
           "their neighbour); a p-value below the level rejects a fair shuffle for that test. With 20 tests, "
           "one may fall below 1% by chance now and then; a real bias falls far below it.")


@st.cache_data(ttl=300, max_entries=16, show_spinner=False)
def _groups(stamp: tuple) -> list[str]:
    with reading(stamp[0], timeout=BUSY_TIMEOUT) as con:
        return [g for (g,) in con.execute('SELECT DISTINCT "group" FROM session_deals '  # migration 022
                                          'WHERE kind = \'full\' AND "group" IS NOT NULL ORDER BY 1').fetchall()]


@st.cache_data(ttl=300, max_entries=16, show_spinner=False)
def _counts(stamp: tuple, group: str | None):
    with reading(stamp[0], timeout=BUSY_TIMEOUT) as con:
        return load_counts(con, group=group)


path = db_path()
# dash25 F2: the tests read the deals' per-session counts by group (issue 17: the same cost at any size), so of the
# sidebar filters only a group can apply: one chosen group opens the page on it; the others are said not to apply
filt = hand_page_filters("On this page only the group applies (the Group choice on the page): the tests read the "
                         "deals' counts per session and group, not the hands, so dates, tables, players, rules and "
                         "game do not narrow them.")
with page_reads(path, EMPTY_HELP.format(db=path)):
    groups = _groups(db_stamp(path))
    # dash26 F5: every group is the option "" (a None in the widget's state is read by Streamlit as no choice at
    # all, shown as its placeholder "Choose an option")
    options = [""] + groups
    side = filt.groups[0] if len(filt.groups) == 1 and filt.groups[0] in groups else ""
    if st.session_state.get("shead.deals.side") != filt.groups or st.session_state.get("shead.deals.group") is None:
        st.session_state["shead.deals.side"] = filt.groups  # the sidebar's group changed: follow it
        st.session_state["shead.deals.group"] = side
    group = st.selectbox("Group", options, format_func=lambda g: g or "every group", key="shead.deals.group") or None
    counts = _counts(db_stamp(path), group)
unused = replace(filt, groups=())
notes = []
if filt.groups and group not in filt.groups:
    notes.append(f"the sidebar's group{'s' if len(filt.groups) > 1 else ''} "
                 + " or ".join(md(g) for g in filt.groups)
                 + (" (no full deal stored)" if not side and len(filt.groups) == 1 else "")
                 + (" (one group at a time here)" if len(filt.groups) > 1 else ""))
if unused != Filters():
    notes.append(f"the sidebar's other filters ({describe(unused).removeprefix('hands ')})")
if notes:
    st.info(f"Not applied on this page: {'; '.join(notes)}. The tests read the deals' counts per session and group "
            f"(one small query at any size), so only a group can be chosen here; these are the full deals of "
            f"{'every group' if group is None else md(group)}.")
level = st.select_slider("Level", options=[0.001, 0.005, 0.01, 0.05, 0.1], value=0.01, key="shead.deals.level",
                         help="A test rejects a fair shuffle when its p-value is below this.")
try:
    results = deal_tests_from_counts(counts, level)
except ValueError:
    st.info("No five-handed full deal is stored yet: a full deal has the dealer, every seat's `deal` line and "
            "the `blind` written. Ingest some with `shead ingest PATH...` or the **Import** page (`shead demo` "
            "builds a demo season with full deals).")
    st.stop()

n = results[0].deals
bad = [r for r in results if r.rejects]
run = [r for r in results if r.p_value is not None]  # a test with too few deals is not run: never "0 rejecting"
c = st.columns(4)
c[0].metric("Full deals tested", f"{n:,}")
c[1].metric("Tests run", f"{len(run)} of {len(results)}", help="A test runs when the deals give at least two cells "
            "of 5 or more expected hands.")
c[2].metric("Tests rejecting", f"{len(bad)}")
c[3].metric("Expected by chance", f"{len(run) * level:.2g}", help="Tests run × the level: how many would reject "
            "a fair shuffle by chance alone.")
if not run:
    st.warning(f"No test can run yet on {n:,} full deal{'' if n == 1 else 's'}: each needs at least two cells of 5 "
               "or more expected hands. Log more hands with their deals.")
elif len(run) < len(results):
    st.warning(f"{len(results) - len(run)} of the {len(results)} tests need more deals: each needs at least two "
               "cells of 5 or more expected hands.")

table = pl.DataFrame([{"test": r.name, "law": r.law, "cells": len(r.observed), "chi-square": r.statistic,
                       "df": r.df, "p-value": r.p_value, "verdict": r.verdict} for r in results])
st.dataframe(table, hide_index=True, width="stretch", height=36 * (len(results) + 1), placeholder="—", column_config={
    "chi-square": st.column_config.NumberColumn(format="%.2f", help="Σ (observed − expected)² / expected."),
    "p-value": st.column_config.NumberColumn(format="%.4f", help="P(a statistic this large | a fair shuffle)."),
    "df": st.column_config.NumberColumn(help="Degrees of freedom: cells − 1.")})

st.subheader("Observed against expected")
names = [r.name for r in results]
choice = st.selectbox("Test", names, index=names.index(bad[0].name) if bad else 0, key="shead.deals.test")
r = results[names.index(choice)]
frame = pl.DataFrame({"cell": r.labels * 2, "hands": [float(x) for x in r.observed] + list(r.expected),
                      "count": ["observed"] * len(r.labels) + ["expected"] * len(r.labels)})
bars = alt.Chart(frame.filter(pl.col("count") == "observed")).mark_bar(color="#4c78a8").encode(
    x=alt.X("cell:N", sort=r.labels, title="cards of the kind" if r.name != "picker's seat" else "chair",
            axis=alt.Axis(labelAngle=0)),
    y=alt.Y("hands:Q", title="hands"),
    tooltip=["cell", "count", alt.Tooltip("hands:Q", format=",.1f")])
ticks = alt.Chart(frame.filter(pl.col("count") == "expected")).mark_tick(color="#e45756", thickness=3,
                                                                          size=40).encode(
    x=alt.X("cell:N", sort=r.labels), y="hands:Q", tooltip=["cell", "count", alt.Tooltip("hands:Q", format=",.1f")])
st.altair_chart((bars + ticks).properties(height=300, title=r.name), width="stretch")
if r.statistic is None:
    st.caption(f"Bars: observed hands per cell over {r.deals:,} deals; red ticks: expected under {r.law}. Too few "
               "deals for this test: it needs at least two cells of 5 or more expected hands.")
else:
    st.caption(f"Bars: observed hands per cell over {r.deals:,} deals; red ticks: expected under {r.law}. "
               f"Chi-square {r.statistic:.2f} on {r.df} degrees of freedom, p = {r.p_value:.4f}: {r.verdict}.")
