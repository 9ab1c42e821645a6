"""Hands: the list of the hands behind a number, each leading to its replay.

Every count and rate on the statistic pages links here; the URL says which
hands (the sidebar filters and a :class:`dashboard.hand_list.HandQuery`:
``/hands?who=Ann&role=picker&outcome=win``), so a list can be shared.  Each
hand links to the Replay page (``/replay_hand?hand=<hand_id>&step=0``).
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard.filters import BUSY_TIMEOUT, _busy, db_path, describe, plural, start_page
from dashboard.text import column_px
from ingest.store import StoreBusy, reading
from replay.cards import Card
from replay.schafkopf import german


def _german(call: str | None) -> str | None:
    """A Schafkopf game's called Sau as the store keeps it (``AS``) in German cards (``GA``), as the Sheet and the
    Replay write it (:func:`replay.schafkopf.german`); a call that is no card as it is."""
    try:
        return german(Card.parse(call)) if call else call
    except ValueError:
        return call


LIMIT = 1000

f = start_page("Hands", "The hands behind a number: every count and rate on the other pages links here. "
               "Each hand opens in the Replay page.")
if f is None:
    st.stop()

_, q, problems = hl.from_params(st.query_params)
for p in problems:
    st.warning(f"Left out of the list: {p}.")


try:
    with reading(db_path(), timeout=BUSY_TIMEOUT) as con:
        n = hl.hand_count(con, f, q)
        rows = hl.hand_list(con, f, q, limit=LIMIT, latest=n > LIMIT)  # cut: the latest, the night just logged
except StoreBusy as exc:
    _busy(exc)

what = hl.describe_query(q)
over = describe(f)
st.subheader(plural(n, "hand") + (f": {what}" if what else ""))
st.caption(f"Over {over}." + (f" The latest {LIMIT:,} are listed; narrow the filters (dates, group, session) "
                               "to see the earlier ones." if n > LIMIT else "")
           + " Newest last; a hand's replay is one click away.")
if not n:
    st.info("No hand matches. Widen the filters in the sidebar, or press **Reset filters**, or go back to the page "
            "you came from.")
    st.stop()

shown = rows.with_columns(pl.col("hand_id").map_elements(hl.replay_url, return_dtype=pl.String).alias("replay"))
# a Schafkopf game's called Sau in German cards, as the Sheet and the Replay write it (new22 F1: AS beside the
# Sheet's SA read as one card for two: the Gras-Sau here, the Schellen-Sau there)
shown = shown.with_columns(pl.when(pl.col("game") == "schafkopf")
                           .then(pl.col("call").map_elements(_german, return_dtype=pl.String))
                           .otherwise(pl.col("call")).alias("call"))
# dash26 F4: a leaster's row showed "points 12" and no column named whose they were: the outcome names the winner
# of a no-pick game ("leaster, won by Max Ruiz"), and a tie (rules.md D-6, a wash) as such
# dash27 F1: at 1400 px the outcome cell cut that to "leaster, won b": the winner is named in the picker cell, empty
# in a no-pick game, and the outcome says only "leaster won" (or "leaster tied", D-6), short enough to read whole
nopick = pl.col("picker").is_null() & pl.col("winner").is_not_null()
shown = shown.with_columns(
    pl.when(nopick).then(pl.col("winner")).otherwise(pl.col("picker")).alias("picker"),
    pl.when(nopick).then(pl.format("{} won", pl.col("outcome")))
    .when(pl.col("outcome") == "leaster").then(pl.lit("leaster tied"))
    .otherwise(pl.col("outcome")).alias("outcome"))
# dash26 F3: what a hand came to (outcome, points, the player's units) before where it was played (date, session):
# at a 1400-px window the old order cut off everything after the call; one game's name on every row is left out
# fixb27 (dash26's left item): at 1400 px date and session were still past the edge.  A picker alone is said in the
# partner cell ("alone"; a hand alone has no partner), not in a column of its own; the labels are short (the
# help says the rest); the long session names are last, in a column of fixed width (the whole name on a double-click)
shown = shown.with_columns(pl.when(pl.col("alone")).then(pl.lit("alone")).otherwise(pl.col("partner"))
                           .alias("partner"))
cols = ["replay", "hand", "game", "game_type", "dealer", "picker", "partner", "call", "outcome",
        "picker_points"] + (["seat", "units"] if q.who else []) + ["status", "date", "session"]
if shown["game_type"].is_null().all():
    cols.remove("game_type")
if shown["game"].n_unique() == 1:
    cols.remove("game")
elif "game_type" in cols:
    # several games and a game type: one column, "schafkopf sauspiel" beside "sheepshead" (fixb27: two columns
    # pushed date and session past the edge)
    shown = shown.with_columns(pl.when(pl.col("game_type").is_null()).then(pl.col("game"))
                               .otherwise(pl.format("{} {}", pl.col("game"), pl.col("game_type"))).alias("game"))
    cols.remove("game_type")
if q.who and shown["seat"].n_unique() == 1 and shown["seat"][0] is not None:
    # one seat alias on every row: said once above the table, not in a column of its own (fixb27)
    cols.remove("seat")
    st.caption(f"{q.who} sat as {shown['seat'][0]} in each of them.")
# newuser28 F7: at 1400 px the session column (100 px) cut "Newuser Pot Club / 2026.11.12" after the group, so the
# date the name holds was out of view.  The date column beside it says that date, so the session cell is the name
# less its date ("Newuser Pot Club", "Thursday Night Sheepshead / 2", a sheet's "CSV friday-sheet"), as wide as
# the longest such name (about 6.5 px a character, 100 to 180 px); a name without its row's date is shown whole.
# The replay links below the table name each session whole.
def _undated(name: str | None, day) -> str | None:
    if not name or day is None:
        return name
    iso = str(day)[:10]
    for form in (iso.replace("-", "."), iso):
        if form in name:
            cut = " / ".join(part.strip(" /") for part in name.split(form, 1) if part.strip(" /"))
            return cut or name
    return name


shown = shown.with_columns(pl.Series("session", [_undated(n, d) for n, d in zip(shown["session"].to_list(),
                                                                               shown["date"].to_list())],
                                     dtype=pl.String))
# metrics31 F7: at 1400 px the call column (auto width, from the column's label) cut "AH under 7C" to "AH under",
# hiding the under card: it is as wide as its longest call (dashboard.text.column_px), at least its label's
_call_width = column_px(["call", *shown["call"].to_list()])
_longest = max((len(s) for s in shown["session"].drop_nulls().to_list()), default=0)
_session_width = max(100, min(int(6.5 * _longest) + 20, 180))
st.dataframe(
    hl.tidy(shown.select(cols)),
    hide_index=True, placeholder="—",
    column_config={
        "replay": st.column_config.LinkColumn("replay", display_text="replay", help="Open the hand in the Replay "
                                              "page."),
        "date": st.column_config.DateColumn("date", format="YYYY-MM-DD"),
        "hand": st.column_config.NumberColumn("hand", help="The hand's number in its session."),
        "outcome": st.column_config.TextColumn("outcome", help="The picker (declarer) side's result: win or lose, "
                                               "-s schneider, -z no tricks; a leaster or another "
                                               "no-pick game: won (by the player in the picker cell) or "
                                               "tied."),
        "picker_points": st.column_config.NumberColumn("points", help="Card points of the picker side (the "
                                                       "declaring party in Schafkopf); in a leaster or another "
                                                       "no-pick game, the winner's (named in the picker cell)."),
        "units": st.column_config.NumberColumn("units", format="%+d", help=f"{q.who}'s units in the hand."
                                               if q.who else "The player's units in the hand."),
        "seat": st.column_config.TextColumn("seat", help=f"The seat alias {q.who} sat under." if q.who else
                                            "The seat alias the player sat under."),
        "picker": st.column_config.TextColumn("picker", help="Sheepshead: the picker. Schafkopf: the declarer, "
                                              "the player who announced the game (der Spieler). A leaster or "
                                              "another no-pick game: its winner (the outcome says 'won')."),
        "partner": st.column_config.TextColumn("partner", help="The picker's partner (Schafkopf: the declarer's); "
                                               "alone: the picker played alone (a Schafkopf solo, Wenz, ...)."),
        "call": st.column_config.TextColumn("call", width=_call_width,
                                            help="Sheepshead: the called card. Schafkopf: the Sau a Sauspiel calls, "
                                                 "in German cards (EA Eichel, GA Gras, SA Schellen)."),
        "game_type": st.column_config.TextColumn("type", help="The game type. Schafkopf: Sauspiel, Solo, Wenz, "
                                                 "Geier, Ramsch; Indiana: its declaration."),
        "status": st.column_config.TextColumn("record", help="full: every card was recorded and replayed; "
                                              "score-sheet: the result only (pick, partner, points)."),
        "game": st.column_config.TextColumn("game", help="The game, and its type where it has one (Schafkopf: "
                                            "Sauspiel, Solo, Wenz, Geier, Ramsch; Indiana: its declaration)."),
        "session": st.column_config.TextColumn("session", width=_session_width, help="The session (night) the "
                                               "hand was played in, less the date its name holds (the date column says it); a long name "
                                               "is cut: double-click it to read it whole."),
    },
)
links = " · ".join(hl.link(f"{r['session']} #{r['hand']}", hl.replay_url(r["hand_id"]))
                   for r in rows.head(40).to_dicts())
st.markdown("**Replay:** " + links + (" …" if n > 40 else ""))
