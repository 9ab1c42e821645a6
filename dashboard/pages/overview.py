"""Overview: how much is in the log, and how it was recorded (design.md 4)."""

from __future__ import annotations

import altair as alt
import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard import metrics, player_metrics
from dashboard.filters import describe, fetch, no_match, plural, start_page

f = start_page("Overview", "What the log holds for the filters in the sidebar, and how it was recorded.")
if f is None:
    st.stop()

ov = fetch(metrics.overview, f).to_dicts()[0]
dq = fetch(metrics.data_quality, f).to_dicts()[0]
over = describe(f)

if not ov["hands"]:
    no_match("stored hand", over)
    st.stop()

def link(text: str, **q) -> str:
    return hl.link(text, hl.hands_url(f, **q))


c = st.columns(4)
c[0].metric("Hands", f"{ov['hands']:,}")
c[0].caption(f"Every stored hand ({over}; {link('list')}): Sheepshead picked hands, leasters, doublers, the other "
             "no-pick games "
             "and misdeals, Schafkopf games with a declarer and Ramsch games, card-log and score-sheet alike.")
c[1].metric("Sessions", f"{ov['sessions']:,}")
c[1].caption("Distinct sessions (an evening at one table) those hands belong to.")
c[2].metric("Players", f"{ov['players']:,}")
c[2].caption("Distinct player names seated in those hands (one person under two aliases counts once).")
first, last = ov["first_date"], ov["last_date"]
days = fetch(player_metrics.days_played, f).to_dicts()[0]
c[3].metric("Days played", "—" if first is None else f"{days['days']:,}")
c[3].caption(("No hand has a date." if first is None else f"Distinct dates with at least one hand, from {first} to "
              f"{last} (a span of {plural(days['span'], 'day')}).")
             + (f" {plural(ov['undated'], 'hand')} without a date." if ov["undated"] else ""))

st.subheader("Data quality")
st.caption(f"How the {ov['hands']:,} hands were recorded. A statistic that needs the cards (the trick on which "
           "the partner showed, points counted from the cards) uses only the full card-log hands.")
q = st.columns(4)
q[0].metric("Full card-log hands", f"{dq['full']:,}")
q[0].caption(f"Deal, play and result recorded and replayed through the rules engine ({link('list', status='full')}).")
q[1].metric("Score-sheet hands", f"{dq['score_sheet']:,}")
q[1].caption("Outcome and score only, no cards: counted in every statistic that needs no cards "
             f"({link('list', status='score-sheet')}).")
q[2].metric("Table-agreed results", f"{dq['conflicts']:,}")
q[2].caption("Hands whose agreed result differs from the cards (marked ^): kept, warned, used by the ledger "
             f"({link('list', conflict=True)}).")
q[3].metric("Rejected hands", f"{dq['rejected']:,}")
q[3].caption("Hands still refused and not stored (not stored since, nor from another copy; each hand once), in "
             "the whole database (filters do not apply: a refused hand has no trusted date, group or table): "
             "[their errors and files](/rejected).")

k = st.columns(4)
k[0].metric("Picked hands", f"{dq['picked']:,}")
_picks = fetch(metrics.picking_summary, f).to_dicts()[0]["picks"]
_no_blind = dq["picked"] - _picks if not f.players else 0
k[0].caption("Sheepshead: someone picked the blind, or (no blind) the cards named the picker "
             f"({link('list', kind='picked')})."
             + (f" The Picking page counts {link(plural(_picks, 'pick'), kind='pick')}: the other {_no_blind:,} were "
                "played at tables without a blind to pick (two-handed Sheepshead, the black-queens and other "
                "partner-card games, rules.md F-1)." if _no_blind > 0 else ""))
k[1].metric("Leasters", f"{dq['leasters']:,}")
k[1].caption(f"Sheepshead: everybody passed and a leaster was played ({link('list', kind='leaster')}).")
k[2].metric("Doublers", f"{dq['doublers']:,}")
k[2].caption("Sheepshead: everybody passed and the deal was thrown in; the next hand counts double "
             f"({link('list', kind='doubler')}).")
k[3].metric("Misdeals", f"{dq['misdeals']:,}")
k[3].caption(f"Dealt again: counted as misdeals, never as played or passed-out hands ({link('list', kind='misdeal')}).")

# What happened to each deal: every hand is of exactly one kind (the bars sum to the hands).
KINDS = [("picked", "picked", "Sheepshead: someone picked"), ("leaster", "leasters", "Sheepshead leaster"),
         ("doubler", "doublers", "Sheepshead doubler"),
         ("moster", "mosters", "no-pick game: most points pays (rules.md D-15)"),
         ("mittler", "mittlers", "no-pick game: the median wins (D-16)"),
         ("schneidster", "schneidsters", "no-pick game: closest to 30 wins (D-17)"),
         ("schwanzer", "schwanzers", "no-pick showdown: the highest count pays (D-18)"),
         ("misdeal", "misdeals", "dealt again"),
         ("Schafkopf declared", "declared", "Schafkopf game with a declarer"),
         ("Ramsch", "ramsch", "Schafkopf: nobody declared, Ramsch played"),
         ("Indiana", "indiana", "Indiana four-handed: ace call, best, side solo or billy (rules.md F-5)"),
         ("other", "other", "any other recorded outcome")]
if dq["declared"] or dq["ramsch"]:
    sk = st.columns(4)
    sk[0].metric("Schafkopf games with a declarer", f"{dq['declared']:,}")
    sk[0].caption("Sauspiel, Solo, Wenz, Geier … (and Tout): someone announced a game, won or lost.")
    sk[1].metric("Ramsch games", f"{dq['ramsch']:,}")
    sk[1].caption("Schafkopf: nobody announced a game, so a Ramsch was played.")
shown = [(label, dq[key], what) for label, key, what in KINDS
         if dq[key] or key in ("picked", "leasters", "doublers", "misdeals")]
kinds = pl.DataFrame({"kind": [k for k, _, _ in shown], "hands": [n for _, n, _ in shown],
                      "meaning": [w for _, _, w in shown]})
chart = alt.Chart(kinds).mark_bar().encode(
    x=alt.X("hands:Q", title="hands", axis=alt.Axis(format="d", tickMinStep=1)),
    y=alt.Y("kind:N", sort=None, title=None),
    tooltip=["kind", "meaning", "hands"],
).properties(height=40 * len(shown) + 20)
st.altair_chart(chart, width="stretch")
_kind_q = {"picked": dict(kind="picked"), "leaster": dict(kind="leaster"), "doubler": dict(kind="doubler"),
           "misdeal": dict(kind="misdeal"), "Schafkopf declared": dict(kind="declared"),
           "Ramsch": dict(kind="ramsch"), "Indiana": dict(kind="indiana")}
st.markdown("Hands of each kind: " + " · ".join(
    link(f"{label} ({n:,})", **_kind_q.get(label, dict(outcomes=(label,)))) for label, n, _ in shown
    if n and label != "other"))
st.caption(f"Every hand ({over}) by what happened to the deal (Sheepshead and Schafkopf alike; a moster, "
           f"mittler, schneidster or schwanzer is a no-pick game of its own: neither a pick nor a leaster); the "
           f"{plural(len(shown), 'bar')} sum to {ov['hands']:,}.")
