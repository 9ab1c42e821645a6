"""Compare: the same deal at several tables, side by side, as duplicate bridge
does (issue 18).  The deals are those of ``hand_deals`` (migration 015) dealt
at two or more stored hands (``deal_tables``, migration 023): the
:data:`ingest.compare.DEALS_SHOWN` most-played are listed, any other opens by ``?deal=``.
The comparison is :func:`ingest.compare.compare_deal`'s, the same as ``shead
compare DEAL``, :data:`ingest.compare.TABLES_SHOWN` tables at a time (issue 17: the page
reads and draws as much whatever the database holds)."""

from __future__ import annotations

import altair as alt
import polars as pl
import streamlit as st

from dashboard.filters import BUSY_TIMEOUT, EMPTY_HELP, db_path, db_stamp, ensure_navigation, page_reads
from ingest.compare import (DEALS_SHOWN, TABLES_SHOWN, DealNotFound, compare_deal, comparison_rows,
                            deal_key, shared_deal_count, shared_deals)
from ingest.store import reading

ensure_navigation()
st.title("Compare")
st.caption("The same deal at several tables: online and browser games deal every table the same cards. A deal "
           "is the same when each position, counted from the dealer's left round to the dealer, was dealt the "
           "same cards and the blind holds the same cards — whatever the seats are called. Only full deals "
           "(every deal line, the blind and the dealer written) are compared.")

# The deals listed (most-played first, DEALS_SHOWN) and the tables compared side by side at once (TABLES_SHOWN,
# as `shead compare DEAL`): the page reads and draws these many whatever the database holds (issue 17); the
# others are a choice away.


@st.cache_data(ttl=300, max_entries=32, show_spinner=False)
def _shared(stamp: tuple) -> tuple[list[dict], int]:
    with reading(stamp[0], timeout=BUSY_TIMEOUT) as con:
        return shared_deals(con, limit=DEALS_SHOWN), shared_deal_count(con)


@st.cache_data(ttl=300, max_entries=64, show_spinner=False)
def _compare(stamp: tuple, deal: str, offset: int):
    with reading(stamp[0], timeout=BUSY_TIMEOUT) as con:
        return compare_deal(con, deal, offset=offset, limit=TABLES_SHOWN)


path = db_path()
with page_reads(path, EMPTY_HELP.format(db=path)):
    deals, n_deals = _shared(db_stamp(path))
if not deals:
    st.info("No deal was played at two or more tables yet. Ingest the same deal from several tables — every "
            "seat's `deal` line, the `blind` and the `dealer` written — with `shead ingest PATH...` or the "
            "**Import** page; then it shows here.")
    st.stop()

st.subheader("Deals played at two or more tables")
st.dataframe(pl.DataFrame(deals).select("deal_id", "tables", "sessions", "first_date", "last_date"),
             hide_index=True, column_config={
                 "deal_id": st.column_config.TextColumn("deal", help="The deal's identity (D + 16 hex digits)."),
                 "tables": st.column_config.NumberColumn("tables", help="Stored hands dealt these cards."),
                 "sessions": st.column_config.NumberColumn("sessions"),
                 "first_date": st.column_config.TextColumn("first played"),
                 "last_date": st.column_config.TextColumn("last played")})
if n_deals > len(deals):
    st.caption(f"The {len(deals):,} most-played of {n_deals:,} deals played at two or more tables. Any other "
               "opens by its id in the address (`?deal=D…`) or with `shead compare DEAL`.")

tables_of = {d["deal_id"]: d["tables"] for d in deals}
ids = list(tables_of)
wanted = st.query_params.get("deal")
if wanted and wanted not in tables_of:  # a deal past the list, asked for by its id
    try:
        with reading(path, timeout=BUSY_TIMEOUT) as con:
            wanted = deal_key(con, wanted)
    except DealNotFound:
        wanted = None
    if wanted and wanted not in tables_of:
        ids.insert(0, wanted)
choice = st.selectbox("Deal", ids, index=ids.index(wanted) if wanted in ids else 0,
                      format_func=lambda d: f"{d}  ·  {tables_of[d]} tables" if d in tables_of else d,
                      key="shead.compare.deal")
offset = 0
n_tables = tables_of.get(choice)
if n_tables is None or n_tables > TABLES_SHOWN:
    if n_tables is None:  # a deal past the list: its count from the comparison itself
        try:
            n_tables = _compare(db_stamp(path), choice, 0).total
        except DealNotFound as exc:
            st.warning(str(exc))
            st.stop()
    if n_tables > TABLES_SHOWN:
        starts = list(range(0, n_tables, TABLES_SHOWN))
        offset = st.selectbox("Tables", starts, key=f"shead.compare.tables.{choice}",
                              format_func=lambda o: f"{o + 1}–{min(o + TABLES_SHOWN, n_tables)} of {n_tables:,}",
                              help=f"The deal's tables in the order they were stored, {TABLES_SHOWN} at a time.")
try:
    cmp = _compare(db_stamp(path), choice, offset)
except DealNotFound as exc:  # voided between the two reads
    st.warning(str(exc))
    st.stop()

st.subheader(f"Deal {cmp.deal_id}")
shown = (f"Tables {cmp.offset + 1}–{cmp.offset + len(cmp.tables)} of {cmp.total:,}, in the order they were "
         "stored (choose others above). " if len(cmp.tables) < cmp.total else "")
st.caption(f"{shown}Blind {' '.join(cmp.blind) or '(none)'}. Positions from the dealer's left (1) round to the "
           f"dealer ({len(cmp.hands)}); each position's cards are in its row. Card points are the picker side's, "
           "the bury included; units as stored (+ receives).")
rows = comparison_rows(cmp)
labels = [f"{t.table or t.session} (#{t.hand_id})" for t in cmp.tables]
frame = pl.DataFrame({"": [r[0] for r in rows], **{lab: [r[1][i] for r in rows] for i, lab in enumerate(labels)}})
st.dataframe(frame, hide_index=True, width="stretch", height=36 * (len(rows) + 1))

units = pl.DataFrame([{"position": p.position, "table": lab, "seat": p.seat, "role": p.role, "units": p.units}
                      for t, lab in zip(cmp.tables, labels) for p in t.positions])
chart = alt.Chart(units).mark_bar().encode(
    x=alt.X("position:O", title="position (1 = dealer's left)", axis=alt.Axis(labelAngle=0)),
    xOffset="table:N",
    y=alt.Y("units:Q", title="units"),
    color=alt.Color("table:N", title="table"),
    tooltip=["table", "position", "seat", "role", "units"],
).properties(height=280)
st.altair_chart(chart, width="stretch")
st.caption("Each position's units at each table: the same cards, different picks and play.")
