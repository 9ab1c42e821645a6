"""The pick-rate-by-seat chart of the Picking and Player pages (one code for both, dash34 F3).

No Streamlit here: :func:`seat_chart` returns an Altair chart the page shows.

Each bar is a seat in pick order (1st = left of the dealer … the dealer,
rules.md B-5) and carries its own label: the rate and the offers it rests on
(``"0%\\n0/1"``: the blind reached the seat once and was passed), or
``"not\\noffered"`` where the blind never reached the seat (every seat
before it picked, or the dealer sitting a ``wi6-sit-out`` hand out, F-1) —
no bar there, so a pass is told from a seat never offered (league33 F7 on
the Picking page, dash34 F3 on the Player page).
"""

from __future__ import annotations

import altair as alt
import polars as pl

__all__ = ["NOT_OFFERED", "seat_names", "seat_chart"]

#: A seat the blind never reached; two lines, so the last column's label
#: (the dealer's) stays inside a phone's 390-px chart (dash34 F7).
NOT_OFFERED = "not\noffered"

_SHORT = {1: "1st", 2: "2nd", 3: "3rd"}


def seat_names(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` (rows of :func:`dashboard.metrics.pick_rate_by_position`:
    ``position``, ``label``) with ``seat`` ("1st", "2nd" … "dealer": short,
    so a phone's narrow chart keeps every one) and ``order`` (the dealer
    last, 99)."""
    return df.with_columns(
        order=pl.when(pl.col("label") == "dealer").then(99).otherwise(pl.col("position")),
        seat=pl.when(pl.col("label") == "dealer").then(pl.lit("dealer")).otherwise(
            pl.col("position").map_elements(lambda k: _SHORT.get(k, f"{k}th"), return_dtype=pl.String)))


def seat_chart(df: pl.DataFrame, *, offset: str | None = None, offset_title: str | None = None,
               offset_sort: list[str] | None = None, x_title: str = "seat in pick order",
               tooltip: list | None = None, height: int = 300, font_size: int = 11) -> alt.LayerChart:
    """Bars of ``pick_rate`` by ``seat`` (rows of :func:`seat_names`, with
    ``offered``, ``picks``, ``pick_rate`` — a fraction, null where never
    offered), each labelled "R%\\nP/O" or :data:`NOT_OFFERED`.  ``offset``:
    a column whose values stand side by side at each seat (and colour the
    bars: the table size, or the player beside the group), in
    ``offset_sort`` order.  A 0-100 % axis when every rate is 0 (dash25 F4:
    a zero domain's axis read "0.000000%")."""
    df = df.with_columns(
        bar_label=pl.when(pl.col("offered") > 0).then(
            pl.format("{}%\n{}/{}", (pl.col("picks") * 100 / pl.col("offered")).round(0).cast(pl.Int64),
                      pl.col("picks"), pl.col("offered"))).otherwise(pl.lit(NOT_OFFERED)),
        label_at=pl.col("pick_rate").fill_null(0.0))
    tooltip = tooltip or ["seat", alt.Tooltip("offered:Q", title="offered (hands the blind reached the seat)"),
                          "picks", alt.Tooltip("pick_rate:Q", format=".1%")]
    enc = dict(
        x=alt.X("seat:N", sort=alt.EncodingSortField("order", op="min"), title=x_title,
                axis=alt.Axis(labelAngle=0, labelOverlap=False, labelLimit=80)),
        y=alt.Y("pick_rate:Q", title="pick rate", axis=alt.Axis(format=".0%"),
                scale=alt.Scale(domain=[0, 1]) if not (df["pick_rate"].max() or 0) else alt.Undefined),
        tooltip=tooltip,
    )
    if offset is not None:  # side by side, never stacked
        enc.update(xOffset=alt.XOffset(f"{offset}:N", sort=offset_sort or alt.Undefined),
                   color=alt.Color(f"{offset}:N", sort=offset_sort or alt.Undefined, title=offset_title,
                                   legend=alt.Legend(orient="top")))
    bars = alt.Chart(df.drop("bar_label", "label_at")).mark_bar().encode(**enc)  # the labels: their own layer
    text = dict(x=enc["x"], y="label_at:Q", text="bar_label:N",
                color=alt.condition("datum.offered > 0", alt.value("#31333f"), alt.value("#808495")),
                tooltip=tooltip)
    # over its bar, a line above the value; "not offered" on the axis line, its two lines above it
    mark = dict(dy=-19, lineBreak="\n", fontSize=font_size)
    if offset is None:
        labels = alt.Chart(df).mark_text(**mark).encode(**text)
    else:
        # a seat offered to none of its bars (the dealer sitting out, F-1, for the player and the group alike): one
        # "not offered" in the middle of the seat, not one a bar, written over each other
        none = pl.col("offered").max().over("seat") == 0
        each = alt.Chart(df.filter(~none)).mark_text(**mark).encode(**text, xOffset=enc["xOffset"])
        whole = alt.Chart(df.filter(none).unique("seat", keep="first", maintain_order=True)).mark_text(
            **mark).encode(x=enc["x"], y="label_at:Q", text="bar_label:N", color=alt.value("#808495"))
        labels = each + whole
    # dash34 F7: room on the right for the last column's label, wider than its bar (a 6-seat table's offset dealer
    # bar sits at the plot's right edge; at 390 px its "not offered" was cut to "not off")
    return (bars + labels).properties(height=height, padding={"left": 5, "top": 5, "bottom": 5, "right": 18})
