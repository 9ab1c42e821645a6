"""The night's sheet: one session's hands in order, each player's units and
running total, the pot and the totals — as on paper, printable (a CSV and an
HTML download).  The numbers are :func:`ingest.sheet.session_sheet`'s, the
same as ``shead sheet SESSION``."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard.text import column_px, md
from dashboard.filters import (BUSY_TIMEOUT, EMPTY_HELP, Filters, db_path, db_stamp, describe, ensure_navigation,
                               hand_page_filters, page_reads, plural)
from dashboard.metrics import hands_where
from ingest.schafkopf_hand import stored_ramsch_words
from ingest.sheet import SAT_OUT_COLUMN, SessionNotFound, seat_units_text, session_sheet
from ingest.store import reading

#: The most rows the Sheet's table shows without scrolling inside it (league33 F6): a longer night scrolls.
SHOWN_ROWS = 24

ensure_navigation()
st.title("Sheet")
st.caption("The night as the scorer keeps it on paper: every hand of one session in order — picker, "
           "partner, call, result — each player's units and running total, the pot, and the totals (the dealer of "
           "each hand is on the Replay page and in the downloads). Amended "
           "hands count with their latest revision; voided hands are left out.")


@st.cache_data(ttl=300, max_entries=32, show_spinner=False)
def _sessions(stamp: tuple, f: Filters = Filters()) -> list[tuple[str, str | None, int]]:
    """The sessions holding a hand of the filters ``f``, each with its date and its number of hands (all of them:
    the sheet is the whole night)."""
    where, params = hands_where(f)
    with reading(stamp[0], timeout=BUSY_TIMEOUT) as con:
        return con.execute(
            "SELECT s.session, strftime(s.date, '%Y-%m-%d'), count(h.hand_id) FROM sessions s "
            "JOIN hands h USING (session_id) "
            + ("" if where == "TRUE" else f"WHERE s.session_id IN (SELECT h.session_id FROM hands h WHERE {where}) ")
            + "GROUP BY s.session, s.date ORDER BY s.date DESC NULLS LAST, s.session", params or None).fetchall()


@st.cache_data(ttl=300, max_entries=64, show_spinner=False)
def _sheet(stamp: tuple, session: str):
    with reading(stamp[0], timeout=BUSY_TIMEOUT) as con:
        return session_sheet(con, session, played_ramsch=stored_ramsch_words)  # a Ramsch's Augen and tie (sk32 F5)


path = db_path()
# dash25 F2: the sidebar filters choose the sessions listed (those holding a hand of the filters); a sheet is the
# whole night, every hand of it, as the scorer keeps it
f = hand_page_filters("On this page the filters choose the sessions listed: those holding a hand of the filters. "
                      "A sheet always shows its whole night.")
with page_reads(path, EMPTY_HELP.format(db=path)):
    every = _sessions(db_stamp(path))
    sessions = _sessions(db_stamp(path), f) if f != Filters() else every
if not every:
    st.info(EMPTY_HELP.format(db=path))
    st.stop()
wanted = st.query_params.get("session")
over = describe(f)
if not sessions:
    if wanted is None or wanted not in [s for s, _, _ in every]:
        st.info(f"No session holds a hand of the filters ({over}): widen them in the sidebar (or press Reset "
                "filters) to list the sessions.")
        st.stop()
    sessions = []
matching, linked = len(sessions), None  # dash34 F6: the caption counts those of the filters and the linked one apart
if wanted is not None and wanted not in [s for s, _, _ in sessions] and wanted in [s for s, _, _ in every]:
    # a link's session outside the filters is still shown (the link names it), and said so
    sessions = [r for r in every if r[0] == wanted] + sessions
    linked = wanted
    st.info(f"Session {md(wanted)} holds no hand of the filters ({over}); it is shown because the link names it.")

def _label(s: str, d, n: int) -> str:
    """A session's line in the box: its id, its date unless the id already ends with it (``Club / 2026.12.07``),
    its hands ("1 hand"): short enough for a phone's 390 px (phone32 F6: '… · 2026-12-07 · 1 hands' was cut)."""
    day = str(d) if d else None
    said = day is not None and s.endswith(day.replace("-", "."))
    return f"{s}  ·  " + ("" if said else f"{day or 'no date'}  ·  ") + plural(n, "hand")


labels = {s: _label(s, d, n) for s, d, n in sessions}
names = [s for s, _, _ in sessions]
choice = st.selectbox("Session", names, index=names.index(wanted) if wanted in names else 0,
                      format_func=labels.get, key="shead.sheet.session")
if wanted is not None and wanted not in names:  # a link's session that is not here: said (dash17 F3)
    st.warning(f"No session {md(wanted)} in this database; showing {md(choice)}.")
st.caption(f"Sessions listed: {len(names)}: the {plural(matching, 'session')} holding one of the {over} (the sidebar "
           "filters)" + (f", and {md(linked)}, named by the link" if linked else "") + ". The sheet shows the "
           "session's whole night, every hand of it." if f != Filters() else
           f"Sessions listed: all {len(names)} (no sidebar filter is set; the filters choose the sessions listed).")
st.query_params["session"] = choice
try:
    sh = _sheet(db_stamp(path), choice)
except SessionNotFound as exc:
    st.info(f"{exc.args[0]}: it may have been voided hand by hand. Choose another session.")
    st.stop()

names_line = ", ".join(f"**{md(n)}**" if a == n else f"**{md(a)}** = {md(n)}"  # names as text (issue 15)
                       for a, n in sh.players.items())
# fixa30: the rules the hands were scored under, each text with its hands when they differ (a night sent again under
# other rules, a hand with its own [Rules]: the first text alone was said)
rules_tag = md(sh.rules_text("wi5-called-ace (no [Rules] written: the default)"))
st.markdown(f"{sh.date or 'no date'} · {rules_tag} · {names_line}")
if sh.mixed_rules():
    line = sh.mixed_rules_line()
    st.info(md(line[0].upper() + line[1:]) + ".")
totals = st.columns(len(sh.players) + (1 if sh.has_pot else 0))
for col, (alias, name) in zip(totals, sh.players.items()):
    col.metric(md(name), f"{sh.totals[alias]:+d}", help=f"{md(name)}'s units over the session's {len(sh.rows)} hands")
if sh.has_pot:
    totals[-1].metric("pot", sh.pot, help="The pot's balance after the last hand (rules.md D-19).")

records = sh.records_with_refused() + [sh.totals_record()]  # a refused hand keeps its row, as shead sheet
# newuser28 F2: a night that opened with a pot carried in (`pot 15` on its first hand) said so nowhere, so a plain
# alone win of +19 (+4, and the 15 taken, rules.md D-19) could not be read from the page: a first row says what the
# pot held before hand 1, and the total row's pot cell the night's net (opened + net = holds, its pot balance);
# Sheet's own, as shead sheet and the downloads show them (fixa29)
opening = sh.opening_record()
if opening:
    records.insert(0, opening)
# fixa30 (left from session 29): a Schafkopf night's facts are long ("farbgeier schellen, 3 Laufende with", "won 100
# (schneider)", "kontra ?, re ? ×4"), and beside them four players' units and running totals ran 289 px past a
# 1400-px window (NetSchafkopf's baseline protocol 01; 938 px for the table with the sidebar open).  Shown as a
# Schafkopf block is kept on paper and as NetSchafkopf's own table: a column per player with the game's tariff
# points and the running total after it ("+2 → 4"), the doublings beside the result, no dealer column (the Replay
# page, shead sheet and the downloads keep it); every column as wide as its longest cell (dashboard.text.column_px)
_block = sh.game == "schafkopf"
_BOTH, _PAIR = "result, marks", " points →"  # not "... total": a number column
# newuser30 F5: a Sheepshead night's marks ("crack Jo ×2") had a column of their own, some 90 px mostly empty, and
# with five players' units and running totals beside it Lu Σ was cut off at the right edge of a 1400-px window: the
# marks now follow the result in one cell ("won 70, crack Jo ×2"), as on a Schafkopf block
_marked = any(r.get("marks") for r in records)
if _block or _marked:
    for r in records:
        r[_BOTH] = ", ".join(x for x in (r.get("result"), r.get("marks")) if x) or None
# fixc31 (left from session 30): a Sheepshead night's ten number columns (five players' units and running totals)
# beside "won 65, crack Flo, recrack Di ×4" ran 89 px past a 1400-px window (the README demo's thursday-2026-06-04;
# 33 of its 41 Thursday nights did not fit): every night is now shown as the Schafkopf block is, a column per
# player holding the hand's units and the running total after it ("+16 → 16"), and no dealer column
for r in records:
    for a in sh.players:
        units, total = r.get(f"{a} units"), r.get(f"{a} total")
        # a refused hand's row counts nothing (empty), as the pot's opening row; the total row the totals alone
        # house32 F1: the seat that sat out the hand (the dealer under wi6-sit-out, rules.md F-1; the sheet's
        # SheetRow.sat_out) is marked in its own cell, the running total kept: "+0 → 0" read as a seat that played
        # and broke even.  "out", not "sat out": six players' "sat out → -10" ran the demo's monday-2025-09-22
        # 83 px past a 1400-px window; "out → -10" fits (the caption says what it means)
        r[a + _PAIR] = None if total is None else str(total) if r.get("hand") is None else \
            f"{seat_units_text(units, r.get(SAT_OUT_COLUMN) == a)} → {total}"
_extra = ([_BOTH] if _block or _marked else []) + [a + _PAIR for a in sh.players]
frame = pl.DataFrame(records, schema={c: (pl.Int64 if c in ("hand", "stake") or c.endswith((" units", " total"))
                                          or c in ("pot", "pot balance") else pl.Utf8)
                                      for c in sh.columns() + _extra}, strict=False)
# a seat's columns under its alias (the names are on the line above: "Gus = Gus Wendt"), so five seats' units
# and running totals fit beside the hand's facts; an empty cell stays empty (no picker in a leaster), not "None"
# dash26 F3: a running total headed "Kit Σ", not "Kit total" (with the stake column of a night at stake 1 left
# out, the five seats' totals now fit a 1400-px window; they were cut at "Kit to…")
config = {c: st.column_config.NumberColumn(c.rsplit(" ", 1)[0] + ("" if c.endswith(" units") else " Σ"),
                                           help=f"{sh.players.get(c.rsplit(' ', 1)[0], c)}: "
                                                + ("the hand's units" if c.endswith(" units") else "running total"),
                                           format="%+d" if c.endswith(" units") else "%d",
                                           # newuser30 F5: as wide as the label and the longest number
                                           width=column_px([c.rsplit(" ", 1)[0] + ("" if c.endswith(" units")
                                                                                   else " Σ")]
                                                           + [f"{v:+d}" if c.endswith(" units") else f"{v:d}"
                                                              for v in (r.get(c) for r in records)
                                                              if isinstance(v, int)]))
          for c in sh.columns() if c.endswith((" units", " total"))}
config["hand"] = st.column_config.NumberColumn("hand", width=44)
# a call with its under card and a night's marks are read whole (new22 F9: "AS und…", "crack Fl…"), given room only
# where they are long: room given to an empty column pushed the seats' columns off the page
# dash26 F3: as wide as the longest cell (about 7 px a character), not "medium"'s 200 px: "crack Kit ×2" took some 150 px
# and pushed the running totals past a 1400-px window
for c in ("call", "marks"):
    longest = max((len(str(r.get(c) or "")) for r in records), default=0)
    if longest > 9:
        config[c] = st.column_config.TextColumn(c, width=min(7 * longest + 10, 260))
# the columns a person reads (a Schafkopf sheet has no stake: its doublings are the marks' xN)
_plain = "stake" in frame.columns and frame["stake"].drop_nulls().is_in([1]).all()  # every hand at stake 1
# newuser28 F2: a pot night's 'pot balance' was past the right edge of a 1400-px window (sidebar open): the pot's
# two columns as narrow as their numbers, and a marks column no hand writes in left out, as the plain stake is
_no_marks = not any(r.get("marks") for r in records)
if sh.has_pot:
    config["pot"] = st.column_config.NumberColumn("pot", format="%+d", width=48,
                                                  help="What the hand put into the pot (+) or took from it (−); "
                                                       "the total row: the night's net")
    config["pot balance"] = st.column_config.NumberColumn("pot held", format="%d", width=58,
                                                          help="The pot's balance after the hand (the first row: "
                                                               "what it held before hand 1)")
_order = [c for c in sh.shown_columns() if not (_plain and c == "stake") and not (_no_marks and c == "marks")
          and c != SAT_OUT_COLUMN]  # house32 F1: said in the seat's own cell, not a column of its own
if _marked and not _block:  # newuser30 F5: the marks after the result, in its cell; every text column as wide as
    # its longest cell (dashboard.text.column_px), so five players' units and running totals fit a 1400-px window
    _order = [_BOTH if c == "result" else c for c in _order if c != "marks"]
    config[_BOTH] = st.column_config.TextColumn(
        "result", help="The hand's result, then its marks: crack, re-crack, blitz and their factor ×N (rules.md E-1)",
        width=column_px(["result"] + [r.get(_BOTH) for r in records]))
if "stake" in _order and not _block:
    config["stake"] = st.column_config.NumberColumn(
        "stake", help="The hand's multiplier from earlier doublers (rules.md D-11, D-12)",
        width=column_px(["stake"] + [r.get("stake") for r in records]))
for c in ("dealer", "picker", "partner", "call"):
    if c in _order and not _block:
        config[c] = st.column_config.TextColumn(c, width=column_px([c] + [r.get(c) for r in records]))
if not _block:  # fixc31: the seats' units and running totals in one column each, the dealer left to the Replay page
    _order = [c for c in _order if c != "dealer" and not c.endswith((" units", " total"))]
    _at = next((i for i, c in enumerate(_order) if c in ("pot", "pot balance")), len(_order))
    _order[_at:_at] = [a + _PAIR for a in sh.players]
    for a, name in sh.players.items():
        config[a + _PAIR] = st.column_config.TextColumn(
            a, alignment="right", width=column_px([a] + [r.get(a + _PAIR) for r in records]),
            help=f"{name}: the hand's units, then the running total after it (the total row: the total)")
if _block:  # a Schafkopf game has a declarer and a game, not a picker and a called card; fixa30: a column per player
    _order = ["hand", "picker", "partner", "call", _BOTH] + [a + _PAIR for a in sh.players]
    for c, label, why in (("picker", "declarer", "The player who announced the game (Spieler)"),
                          ("partner", "partner", "The declarer's partner: the holder of the called Sau"),
                          ("call", "game", "The game announced (Sauspiel with its called Sau, Wenz, Geier, Solo, "
                                           "Ramsch) and the Laufende counted in its price (rules.md G-13, G-14); a "
                                           "Ramsch's Jungfrauen, paid double (G-17)"),
                          (_BOTH, "result", "The declaring party's Augen and the result (rules.md G-12); a Ramsch: "
                                            "who lost and their Augen; a tie for most: the other tied player and "
                                            "the highest trump the loser was dealt (tie with Resi: EO), or a "
                                            "Durchmarsch (G-17); then "
                                            "the doublings: Klopfen, Kontra, Re and their factor ×N (G-18, G-19)")):
        config[c] = st.column_config.TextColumn(label, help=why,
                                                width=column_px([label] + [r.get(c) for r in records]))
    for a, name in sh.players.items():
        config[a + _PAIR] = st.column_config.TextColumn(
            a, alignment="right", width=column_px([a] + [r.get(a + _PAIR) for r in records]),
            help=f"{name}: the game's tariff points, then the running total after it (the total row: the total)")
# league33 F6: Streamlit's own height shows some ten rows, so a 12-hand night's last hand and its total row were seen
# only by scrolling inside the table: as tall as its rows (35 px each, the header too, 3 px of border), up to 24 rows
st.dataframe(frame, hide_index=True, width="stretch", column_config=config, placeholder="", column_order=_order,
             height=(min(len(records), SHOWN_ROWS) + 1) * 35 + 3)
st.caption(f"{len(sh.rows)} {'hand' if len(sh.rows) == 1 else 'hands'} of {md(repr(sh.session))}; "
           + ("tariff points: + receives, − pays (the tariff's price with its Laufende, Kontra, Re and Klopfen, "
              "rules.md G-14..G-19; the game column names the Laufende counted in it and a Ramsch's Jungfrauen, "
              "paid double; a Ramsch's result names who lost, with their Augen, G-17)" if sh.game == "schafkopf" else
              "units: + receives, − pays (the stake and the pot as derived from the session's hands in order, "
              "rules.md D-11, D-12, D-19" + ("; stake 1 on every hand" if _plain else "") + ")")
           + ("; each player's column: the game's tariff points, then the running total after it (+2 → 4); the last "
              "line is the totals; the dealer of each game is on the Replay page, in shead sheet and in the downloads"
              if _block else "; each player's column: the hand's units, then the running total after it (+2 → 4); "
              "the last line is the totals; the dealer of each hand is on the Replay page, in shead sheet and in the "
              "downloads.")
           # house32 F1: who sat out, as shead sheet's legend says it (the page has no dealer column)
           + (" The dealer sits out each hand (rules.md F-1): that seat's cell says out, then the running total "
              "(out → 4: sat out, dealt nothing, scored 0; a seat that played and broke even: +0 → 4)."
              if sh.sit_out else "")
           + (" " + sh.pot_text() if sh.has_pot else "")
           + (f" {md(sh.renege_legend()[0].upper() + sh.renege_legend()[1:])}." if sh.renege else "")  # table33 F1
           # metrics31 F3: no cells for a player not at the table that hand (someone sat in), not +0
           + (" An empty cell: not at the table that hand; the running total goes on at the next hand played."
              if sh.absent() else "")
           + (f" Voided, not counted: hand {md(sh.voided_text())}." if sh.voided else "")
           + (f" Amended, counted as amended (its history on the Replay page): hand {md(sh.amended_text())}."
              if sh.amended else "")  # real29 F4: which hand, as the voided ones are named
           # dash27 F5: where and why, as `shead sheet` says it (was "hand 4 (E-OUTCOME)" alone)
           + (" Refused at ingest, not stored (see the Rejected hands page): "
              + "; ".join(md(line) for line in sh.refused_lines()) + "." if sh.refused else ""))
# newuser33 F4: how to correct a wrong hand, each hand reachable, without a column more (the table fits 1,400 px)
st.markdown("**A hand wrong?** Open it — hand " + " · ".join(
    f"[{r.hand}]({hl.replay_url(r.hand_id)})" for r in sh.rows) + " — and press **Edit this hand** on the Replay "
    "page (or Log a hand → edit a stored hand), or amend its text with `shead ingest --amend FILE --reason WHY`: "
    "the corrected hand counts, the earlier text stays in its history.")
if sh.source_lines():  # dash27 F5: the paper's own totals row disagrees (only the Ledger said so)
    line = sh.source_lines()[0]
    st.warning(md(line[0].upper() + line[1:]) + ".")
if len(sh.rows) >= 2:  # the night at a glance: each player's running total, hand by hand (new20 F9)
    import altair as alt  # noqa: PLC0415 - only a sheet of two hands or more draws it

    word = "tariff points" if sh.game == "schafkopf" else "units"
    # no point for a player not at the table that hand (metrics31 F3)
    runs = pl.DataFrame([{"hand": h, "player": a, "total": t} for h, a, t in sh.running_points()])
    if not runs.is_empty():
        chart = alt.Chart(runs).mark_line(point=True).encode(
            x=alt.X("hand:O", title="hand", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("total:Q", title=f"running total ({word})"),
            # dash27 F2: one row above the chart ran off a phone's right edge (the fifth player unnamed): below the
            # chart in two columns, as the Ledger's chart
            color=alt.Color("player:N", title=None, legend=alt.Legend(orient="bottom", columns=2, labelLimit=160)),
            tooltip=["player", "hand", alt.Tooltip("total:Q", format="+d")],
        ).properties(height=340)
        st.altair_chart(chart, width="stretch")
        st.caption(f"Each player's running total ({word}) after each hand of the night: the sheet's total columns "
                   "drawn.")
if any(r.kept for r in sh.rows):  # W-CARRY: counted as stored, against the rules, until amended
    st.warning("**Kept against the rules** (marked ! after the result): an earlier hand stored after these moved "
               "their stake or pot, and their stored result is counted until they are amended (shead ingest "
               "--amend):\n\n" + "\n".join(f"- hand {r.hand}: {md(r.kept)}" for r in sh.rows if r.kept))
left, right = st.columns(2)
stem = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in sh.session)
left.download_button("Download CSV", sh.csv(), file_name=f"sheet-{stem}.csv", mime="text/csv",
                     width="stretch",
                     # a sheet to read, not a record to import back (dash19 F9: its own download was refused)
                     help="The sheet as a table to read or print: each hand's units and running totals. It is not "
                          "a record to import again; to keep or move the session's hands, use shead export "
                          "--format shn (its file ingests back whole).")
right.download_button("Printable page (HTML)", sh.html(), file_name=f"sheet-{stem}.html", mime="text/html",
                      width="stretch")
