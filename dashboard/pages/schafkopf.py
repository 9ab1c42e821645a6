"""Schafkopf: which games were played, how the declarers fared, the Laufende, who lost the Ramsch and who won
one by Durchmarsch."""

from __future__ import annotations

from dataclasses import replace

import altair as alt
import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard import metrics
from dashboard.filters import describe, fetch, no_match, pct, plural, start_page
from dashboard.text import PERCENT_FORMAT, percents, rounded

f = start_page("Schafkopf", "The Bavarian Schafkopf games: how often each game type was played, how often the "
               "declaring party won it and with how many Augen (card points), who held the Laufende, and who lost "
               "the Ramsch (or won it by Durchmarsch).")
if f is None:
    st.stop()
over = describe(f)

games = fetch(metrics.schafkopf_games, f)
if games.is_empty():
    no_match("Schafkopf game", over, "Schafkopf games come from NetSchafkopf protocols, "
             "SHN-SK files (`[Rules \"schafkopf-bsv\"]`, `game Sepp sauspiel EA ...`: `shead ingest` or the **Import** "
             "page) and the **Log a hand** page's Schafkopf form; Sheepshead hands are never counted here.")
    st.stop()
total = int(games["games"].sum())
declared = int(games["declared"].sum())
wins = int(games["declarer_wins"].sum())



fk = replace(f, game="schafkopf")  # the Hands page lists Schafkopf games only


def link(text: str, **q) -> str:
    return hl.link(text, hl.hands_url(fk, **q))


def _laufende_minimums(f) -> list[str]:
    """Where Laufende count under the filtered games' rules (rules.md G-13),
    each distinct statement once, as :func:`replay.schafkopf.describe_laufende` words it."""
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.schafkopf import describe_laufende, parse_schafkopf_rules  # noqa: PLC0415

    out: list[str] = []
    for text in fetch(metrics.schafkopf_rules, f)["rules"].to_list():
        try:
            said = describe_laufende(parse_schafkopf_rules(text or "schafkopf").laufendeMin)
        except ProfileError:
            continue
        if said not in out:
            out.append(said)
    return out or ["from 3; at some tables 2 in Wenz and Geier"]


c = st.columns(3)
c[0].metric("Schafkopf games", f"{total:,}")
c[0].caption(f"Every Schafkopf game of {over}, Ramsch included ({link('list', kind='declared')} of the games with "
             f"a declarer, {link('list', kind='ramsch')} of the Ramsch games).")
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
labels = labels.with_columns(pl.col("game_type").map_elements(
    lambda g: hl.hands_url(fk, game_type="none" if g == "unrecorded" else g),
    return_dtype=pl.String).alias("list"))
st.dataframe(
    hl.tidy(percents(rounded(labels.select("list", *[c for c in labels.columns if c != "list"]), {"mean_augen": 1}),
                     ["share", "declarer_win_rate"])),  # real31 B: one decimal, half away from zero
    hide_index=True, placeholder="—",
    column_config={
        "list": st.column_config.LinkColumn("games", display_text="list", help="The games of this type."),
        "game_type": st.column_config.TextColumn("game type"),
        "games": st.column_config.NumberColumn("games", help="Games of that type."),
        "share": st.column_config.NumberColumn("share", format=PERCENT_FORMAT, help="Games ÷ all Schafkopf games."),
        "declared": st.column_config.NumberColumn("with a declarer", help="Games with a declarer (not Ramsch)."),
        "declarer_wins": st.column_config.NumberColumn("declarer wins", help="Won by the declaring party."),
        "declarer_win_rate": st.column_config.NumberColumn("win rate", format=PERCENT_FORMAT,
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
           "known. A Ramsch has no declarer: no win rate, no Augen. Games of each type: "
           + " · ".join(link(f"{r['game_type']} ({r['games']:,})",
                             game_type="none" if r["game_type"] == "unrecorded" else r["game_type"])
                        for r in labels.to_dicts()) + ".")

st.subheader("Laufende")
lsum = fetch(metrics.schafkopf_laufende_summary, f)
# verify30 F6: the rates' denominator is the games that count Laufende, not every game with a declarer: a Bettel
# counts none (rules.md G-16), and a game whose Laufende were not recorded none either; said with their numbers, as
# the page's own "N games with a declarer" above counts them all
_bettels = int(games.filter(games["game_type"] == "bettel")["declared"].sum()) \
    - int(lsum.filter(lsum["game_type"] == "bettel")["games"].sum())
_unrecorded = declared - int(lsum["games"].sum()) - _bettels
_left_out = "; ".join(x for x in (
    f"{plural(_bettels, 'Bettel')} count none, rules.md G-16" if _bettels else "",
    f"{plural(_unrecorded, 'game')} with Laufende not recorded" if _unrecorded else "") if x)
if lsum.is_empty():
    st.info(f"No game with a declarer and recorded Laufende in {over}"
            + ((": the one game with a declarer is a Bettel, which counts no Laufende (rules.md G-16)."
                if declared == 1 else f": the {declared:,} games with a declarer are Bettels, which count no "
                                      "Laufende (rules.md G-16).") if declared and _bettels == declared else ".")
            + " (Laufende are stored for games imported or re-derived since migration 004; a Ramsch has none.)")
else:
    lgames = int(lsum["games"].sum())
    lwith = int(lsum["with_laufende"].sum())
    lwithout = int(lsum["without_laufende"].sum())
    lunknown = int(lsum["side_unknown_laufende"].sum())  # a score sheet's count, its side not known (fixb30 F2)
    c = st.columns(3)
    c[0].metric("Declarer side with Laufende", pct(lwith / lgames))
    c[0].caption(f"{lwith:,} of {plural(lgames, 'game')} that count{'s' if lgames == 1 else ''} Laufende"
                 + (f" (of the {plural(declared, 'game')} with a declarer; {_left_out})" if _left_out else
                    " (every game with a declarer)")
                 + ": the declaring party held the run of "
                 "highest trumps from the Eichel-Ober (Wenz: Eichel-Unter) down, long enough to count "
                 "(\"mit N Laufenden\").")
    c[1].metric("Opponents with Laufende", pct(lwithout / lgames))
    c[1].caption(f"{plural(lwithout, 'game')} in which the opponents held the counted run: the declarer paid for it "
                 "(\"ohne N Laufende\")."
                 + (f" {plural(lunknown, 'more game')} had Laufende held by a side not known: a score sheet whose "
                    "score gave their count, not who held them." if lunknown else ""))
    c[2].metric("No Laufende", pct((lgames - lwith - lwithout - lunknown) / lgames))
    c[2].caption("Games whose run of highest trumps was below the minimum that counts under their rules ("
                 + "; or ".join(_laufende_minimums(f)) + ").")
    dist = fetch(metrics.schafkopf_laufende, f)
    counted = dist.filter(dist["side"] != "none")
    if counted.is_empty():
        st.caption("No game had Laufende that counted.")
    else:
        lchart = alt.Chart(counted).mark_bar().encode(
            x=alt.X("laufende:O", title="Laufende", axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("side:N", sort=["with", "without", "unknown"]),
            y=alt.Y("games:Q", title="games", axis=alt.Axis(format="d", tickMinStep=1)),
            color=alt.Color("side:N", sort=["with", "without", "unknown"], title="held by",
                            scale=alt.Scale(domain=["with", "without", "unknown"],
                                            range=["#2e7d32", "#c62828", "#757575"]),
                            legend=alt.Legend(labelExpr="datum.label == 'with' ? 'declaring party (mit)' : "
                                                        "datum.label == 'without' ? 'opponents (ohne)' : "
                                                        "'side not known'")),
            # two panels to a row, so that every game type's panel fits a phone's width (390 px)
            facet=alt.Facet("game_type:N", sort=list(metrics.SCHAFKOPF_GAME_TYPES), title=None, columns=2,
                            header=alt.Header(labelOrient="top", labelFontSize=13, labelFontWeight="bold")),
            tooltip=["game_type", "side", "laufende", "games", alt.Tooltip("share:Q", format=".1%")],
        ).properties(height=160, width=135).configure_legend(orient="top")
        st.altair_chart(lchart)
        st.caption(f"Games of {over} in which Laufende counted, by game type and number of Laufende: green "
                   "when the declaring party held them, red when the opponents did, grey when a score sheet's score "
                   "gave their count but not who held them. Games without Laufende "
                   "are in the table below. Games with the Laufende: " + " · ".join(
                       link(f"{r['game_type']} {r['side']} {r['laufende']} ({r['games']:,})",
                            game_type=r["game_type"], laufende=r["side"], laufende_n=r["laufende"])
                       for r in counted.to_dicts()[:40]) + ".")
    st.dataframe(
        percents(rounded(lsum, {"mean_laufende": 2}), ["with_rate", "without_rate"]),  # metrics31 F6, real31 B
        hide_index=True, placeholder="—",
        column_config={
            "game_type": st.column_config.TextColumn("game type"),
            "games": st.column_config.NumberColumn("games", help="Games with a declarer and recorded Laufende."),
            "with_laufende": st.column_config.NumberColumn("with (mit)",
                                                           help="The declaring party held the counted run."),
            "without_laufende": st.column_config.NumberColumn("without (ohne)",
                                                              help="The opponents held the counted run."),
            "side_unknown_laufende": st.column_config.NumberColumn(
                "side not known", help="Laufende counted, who held them not known: a score sheet whose score gave "
                                       "their count (with and without pay the same, rules.md G-13)."),
            "no_laufende": st.column_config.NumberColumn("none", help="The run was below the minimum."),
            "with_rate": st.column_config.NumberColumn("with rate", format=PERCENT_FORMAT,
                                                       help="With ÷ games."),
            "without_rate": st.column_config.NumberColumn("without rate", format=PERCENT_FORMAT,
                                                          help="Without ÷ games."),
            "mean_laufende": st.column_config.NumberColumn("mean Laufende", format="%.2f",
                                                           help="Mean count over the games where Laufende "
                                                                "counted (either side)."),
        },
    )
    st.caption("One row per game type with a declarer: with = games in which the declaring party held the "
               "Laufende (the unbroken run of highest trumps, counted on the dealt cards, long enough to count), "
               "without = the opponents held them, side not known = a score sheet's score gave their count but not "
               "who held them, none = the run was too short; the four sum to the games. "
               "Rates are ÷ games; mean Laufende is over the games in which some counted.")

st.subheader("Ramsch")
ramsch = fetch(metrics.schafkopf_ramsch, f)
if ramsch.is_empty():
    st.info(f"No Ramsch was played in {over}.")
else:
    ramsch = ramsch.with_columns(pl.col("player").map_elements(
        lambda p: hl.hands_url(fk, kind="ramsch", who=p), return_dtype=pl.String).alias("list"))
    st.dataframe(
        percents(ramsch.select("list", *[c for c in ramsch.columns if c != "list"]), ["loss_rate"]),  # real31 B
        hide_index=True, placeholder="—",
        column_config={
            "list": st.column_config.LinkColumn("games", display_text="list", help="The player's Ramsch games."),
            "games": st.column_config.NumberColumn("Ramsch games", help="Ramsch games at which the player sat."),
            "losses": st.column_config.NumberColumn(
                "lost", help="The player lost the Ramsch: the most Augen, or a tie for most broken against them "
                             "(the player's units the most negative; a Durchmarsch is no one's loss)."),
            "loss_rate": st.column_config.NumberColumn("loss rate", format=PERCENT_FORMAT),
            "durchmarsch": st.column_config.NumberColumn(
                "Durchmarsch", help="Ramsch games the player won by taking every trick (rules.md G-17)."),
            "units": st.column_config.NumberColumn("units", help="The player's units summed over those games."),
        },
    )
    st.caption(f"{plural(ramsch_n, 'Ramsch game')} in {over}. One row per player: the Ramsch games at which the "
               "player sat; lost = games the player lost, paying the others: the player's units were the most "
               "negative of the table (where every tied player pays, each of them lost); loss rate = lost ÷ Ramsch "
               "games; Durchmarsch = games the player won by taking every trick: the three others paid, but no one "
               "lost it, so it is not in their lost count; units = the sum of the player's units in them.")

st.subheader("House rules")
house = fetch(metrics.schafkopf_rules, f)


def _tariff(text: str) -> str:
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.schafkopf import describe_tariff, parse_schafkopf_rules  # noqa: PLC0415

    try:
        return describe_tariff(parse_schafkopf_rules(text or "schafkopf"))
    except ProfileError as exc:
        return f"(unreadable: {exc})"


st.dataframe([{"rules": r["rules"], "tariff": _tariff(r["rules"]), "sessions": r["sessions"], "games": r["games"]}
              for r in house.to_dicts()], hide_index=True, placeholder="—", width="stretch")
st.caption("The rules each game was checked under: a NetSchafkopf protocol's house tariff is read off its own price "
           "lines (the rule-set name in its header does not settle it); SHN-SK states it in [Rules]. "
           + ("Tariff points of different tariffs are different amounts: choose one under **Rules** in the sidebar "
              "to compare like with like." if len(house) > 1 else ""))
