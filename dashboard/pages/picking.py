"""Picking: pick rates (per player and by seat), pass-outs, how picks end."""

from __future__ import annotations

from dataclasses import replace

import altair as alt
import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard import metrics
from dashboard.seat_chart import seat_chart, seat_names
from dashboard.filters import describe, fetch, no_match, num, pct, plural, start_page
from dashboard.text import PERCENT_FORMAT, md, percents, rounded

f = start_page("Picking", "How often each player takes the blind when it reaches them, and how those picks end.")
if f is None:
    st.stop()
over = describe(f)

s = fetch(metrics.picking_summary, f).to_dicts()[0]
if not s["dealt"] and not s["misdeals"]:
    any_hand = fetch(metrics.overview, f).to_dicts()[0]["hands"]
    if any_hand:  # hands match, but none had a blind to pick (rules.md F-1: black queens, two-handed)
        st.info(f"The {plural(any_hand, 'hand')} of {over} had no blind to pick: in the black-queens games and "
                "two-handed Sheepshead the partner cards or the deal make the sides (rules.md F-1), so there are no "
                "pick rates. Their results are on the Ledger and Schneider pages.")
    else:
        no_match("stored hand", over)
    st.stop()

# Roles in filters: with players chosen, the picks are the hands they picked (not every hand they sat in).
seated = s
if f.players:
    s = {**fetch(metrics.picking_summary, replace(f, picked_by=f.players)).to_dicts()[0],
         **{k: seated[k] for k in ("dealt", "misdeals", "passed_out", "leasters", "doublers", "pass_out_rate")}}
    st.info(f"**{' or '.join(md(p) for p in f.players)} as picker**: picks, wins, units per pick and the alone "
            f"counts are over the {plural(s['picks'], 'hand')} they picked; the pass-out rate is over the "
            f"{plural(seated['dealt'], 'hand')} dealt with them at the table.", icon=":material/person:")
picks_q = dict(kind="pick", picked_by=f.players)


def link(text: str, **q) -> str:
    return hl.link(text, hl.hands_url(f, **{**picks_q, **q}))


c = st.columns(5)
c[0].metric("Pass-out rate", pct(s["pass_out_rate"]))
_other = s["passed_out"] - s["leasters"] - s["doublers"]  # moster, mittler, schneidster, schwanzer (rules.md D)
c[0].caption(f"Hands nobody picked ({hl.link(plural(s['leasters'], 'leaster'), hl.hands_url(f, kind='leaster'))}"
             f" + {hl.link(plural(s['doublers'], 'doubler'), hl.hands_url(f, kind='doubler'))}"
             + (f" + {_other:,} other no-pick {'game' if _other == 1 else 'games'}" if _other else "")
             + f") ÷ {hl.link(plural(s['dealt'], 'hand'), hl.hands_url(f, kind='dealt'))} dealt; "
             f"{hl.link(plural(s['misdeals'], 'misdeal'), hl.hands_url(f, kind='misdeal'))} left out.")
c[1].metric("Pick win rate", pct(s["win_rate"]))
_wins, _picks = f"{s['wins']:,}", f"{s['picks']:,}"
c[1].caption(f"Picker-side wins ({link(_wins, outcomes=metrics.WINS)}) ÷ picks ({link(_picks)}).")
c[2].metric("Units per pick", num(s["units_per_pick"]))
c[2].caption(f"The picker's mean units over the {link(plural(s['picks'], 'pick'))}.")
c[3].metric("Alone rate", pct(s["alone_rate"]))
c[3].caption(f"Picks played alone, by choice or forced ({link(str(s['alone']), alone=True)}) ÷ picks "
             f"({link(str(s['picks']))}).")
c[4].metric("Alone win rate", pct(s["alone_win_rate"]))
c[4].caption(f"Alone wins ({link(str(s['alone_wins']), alone=True, outcomes=metrics.WINS)}) ÷ alone picks "
             f"({link(str(s['alone']), alone=True)}).")
_all_picked = fetch(metrics.data_quality, f).to_dicts()[0]["picked"] if not f.players else None
if _all_picked is not None and _all_picked != s["picks"]:
    st.caption(f"The Overview counts {hl.link(plural(_all_picked, 'picked hand'), hl.hands_url(f, kind='picked'))}, "
               f"this page {plural(s['picks'], 'pick')}: the other {_all_picked - s['picks']:,} were played at "
               "tables without a blind to pick (two-handed Sheepshead, the black-queens and other partner-card "
               "games, rules.md F-1), where the picker is named by the cards, not by a pick.")
_left = [w for w in (plural(s["misplays"], "misplay") if s["misplays"] else "",
                     plural(s["unknown_results"], "pick") + " whose agreed score fits no result"
                     if s["unknown_results"] else "") if w]
st.caption(f"All over {over}."
           + (f" Left out of the picks, wins and units per pick: {' and '.join(_left)} (a misplay is a renege "
              "settled by the offender paying each seat, rules.md B-23; its units are in the Ledger)."
              if _left else " A misplay (a renege settled by the offender paying each seat, rules.md B-23) would "
              "be left out of the picks, wins and units per pick; its units count in the Ledger."))

st.subheader("Pick rate by seat")
pos = fetch(metrics.pick_rate_by_position, f)
if pos.is_empty():
    st.info("No hand with a known dealer: the seats cannot be told.")
else:
    # the dealer speaks last at every table size (rules.md B-5): order the seats 1st, 2nd, ... dealer.
    # league33 F7: each bar says how many offers it rests on ("50%" over "3/6": picks / offered), and a seat the
    # blind never reached says so ("not offered", no bar) instead of looking like a 0 % bar (dashboard.seat_chart,
    # shared with the Player page: dash34 F3)
    pos = seat_names(pos)
    sizes = pos["seats"].n_unique()
    tip = ["seats", "label", alt.Tooltip("offered:Q", title="offered (hands the blind reached the seat)"),
           "picks", alt.Tooltip("pick_rate:Q", format=".1%")]
    # one bar per table size at each seat, never stacked (F-1: seats differ by table)
    st.altair_chart(seat_chart(pos, offset="seats" if sizes > 1 else None, offset_title="seats at the table",
                               x_title="seat in pick order (1st = left of the dealer)", tooltip=tip,
                               font_size=11 if sizes == 1 else 9), width="stretch")
    _rows = pos.sort("seats", "order").to_dicts()
    _picked = [r for r in _rows if r["picks"]]
    _offered = [r for r in _rows if r["offered"]]
    _offers = " · ".join(f"{r['seat']}" + (f" of {r['seats']}" if sizes > 1 else "") + f" {r['offered']:,}"
                         for r in _offered)
    if _picked:
        _from = "Picks from each seat: " + " · ".join(
            link(f"{r['seat']}" + (f" of {r['seats']}" if sizes > 1 else "") + f" ({r['picks']:,})",
                 position=r["position"], seats=r["seats"]) for r in _picked) + "."
    elif f.players and not _offered:  # verify33b F2: the blind never reached them ("passed all 0 times", "0 %")
        _from = (f"No picks: the blind never reached {' or '.join(md(p) for p in f.players)} (every seat before "
                 "them picked), so no seat has a rate.")
    elif f.players:
        _from = (f"No picks: {' or '.join(md(p) for p in f.players)} passed all "
                 f"{plural(int(pos['offered'].sum()), 'time')} the blind reached them (times by seat: "
                 f"{_offers}), so every offered seat's rate is 0 %.")
    else:
        _from = (f"No picks: the blind was passed at every seat it reached (times by seat: {_offers})." if _offered
                 else "No picks: the blind reached no seat.")
    st.caption("For each seat in pick order (1st after the dealer … the dealer): picks from that seat ÷ hands in "
               "which the blind reached it (every seat before it passed; a leaster or doubler reached every seat). "
               f"Misdeals offer nobody; {plural(s['unknown_dealer'], 'picked hand')} with an unknown dealer left out. "
               + ("One bar per table size (seats at the table); games without a blind to pick are not counted. "
                  if sizes > 1 else "") +
               f"Over {over}. " + _from)

st.subheader("Per player")
rate = fetch(metrics.pick_rate_by_player, f)
res = fetch(metrics.picker_results_by_player, f)
table = rate.join(res.rename({"picks": "all_picks"}), on="player", how="left")
table = table.with_columns(pl.col("player").map_elements(
    lambda p: hl.hands_url(f, kind="pick", who=p, role="picker"), return_dtype=pl.String).alias("picks_link"))
# dash26 F3: the Unknown dealer column only where a pick has no known dealer (else its 0s pushed the alone win rate
# past a 1400-px window: "Alone wi…")
_shown = ["picks_link", "player", "offered", "picks", "pick_rate",
          *(["unknown_dealer"] if (table["unknown_dealer"].fill_null(0) > 0).any() else []), "all_picks", "wins",
          "win_rate", "units_per_pick", "alone", "alone_rate", "alone_win_rate"]
st.dataframe(
    # metrics31 F6, real31 B: means and percentages rounded half away from zero, as the metrics above write them
    percents(rounded(table.select(_shown), {"units_per_pick": 2}),
             ["pick_rate", "win_rate", "alone_rate", "alone_win_rate"]),
    hide_index=True, placeholder="—",
    column_config={
        "picks_link": st.column_config.LinkColumn("Hands", display_text="picks", help="The hands the player "
                                                  "picked."),
        "player": "Player",
        "offered": st.column_config.NumberColumn("Offered", help="Hands in which the blind reached the player."),
        "picks": st.column_config.NumberColumn("Picked", help="Of the hands offered."),
        "pick_rate": st.column_config.NumberColumn("Pick rate", format=PERCENT_FORMAT,
                                                   help="Picked ÷ offered."),
        "unknown_dealer": st.column_config.NumberColumn("Unknown dealer", help="Picked hands the player sat in "
                                                        "whose dealer is not known: not in offered or picked."),
        "all_picks": st.column_config.NumberColumn("Picks", help="Every hand the player picked."),
        "wins": st.column_config.NumberColumn("Wins", help="Picker-side wins among the picks."),
        "win_rate": st.column_config.NumberColumn("Win rate", format=PERCENT_FORMAT, help="Wins ÷ picks."),
        "units_per_pick": st.column_config.NumberColumn("Units per pick", format="%+.2f",
                                                        help="The player's mean units as picker."),
        "alone": st.column_config.NumberColumn("Alone", help="Picks played alone."),
        "alone_rate": st.column_config.NumberColumn("Alone rate", format=PERCENT_FORMAT, help="Alone ÷ picks."),
        "alone_win_rate": st.column_config.NumberColumn("Alone win rate", format=PERCENT_FORMAT,
                                                        help="Alone wins ÷ alone picks."),
    },
)
st.caption("Pick rate = hands the player picked ÷ hands in which the blind was offered to them (everyone before "
           "them in pick order passed; in a leaster or doubler everyone was offered; a misdeal offers nobody; a "
           "picked hand with an unknown dealer is left out" + (" and counted under Unknown dealer"
                                                               if "unknown_dealer" in _shown else "") + "). Picks, wins, units "
           f"and alone count every pick. Over {over}. Each player's picks: "
           + " · ".join(hl.link(f"{r['player']} ({r['all_picks'] or 0:,})",
                                hl.hands_url(f, kind="pick", who=r["player"], role="picker"))
                        for r in table.to_dicts()[:40]) + ".")

# league33 F3: who won the leasters (design.md §1 lists them among the season numbers; the page counted them only)
if s["leasters"]:
    st.subheader("Leasters")
    lw = fetch(metrics.leaster_winners, f)
    lw = lw.with_columns(pl.col("player").map_elements(
        # dash34 F2: the leasters the player played (role played: a wi6-sit-out dealer's left out), as Played counts
        lambda p: hl.hands_url(f, kind="leaster", who=p, role="played"), return_dtype=pl.String).alias("hands_link"))
    st.dataframe(
        lw.select("hands_link", "player", "leasters", "won", "units"), hide_index=True, placeholder="—",
        column_config={
            "hands_link": st.column_config.LinkColumn("Hands", display_text="leasters",
                                                      help="The leasters the player played."),
            "player": "Player",
            "leasters": st.column_config.NumberColumn("Played", help="Leasters the player played (a dealer who "
                                                      "sits out, wi6-sit-out, plays none)."),
            "won": st.column_config.NumberColumn("Won", help="Leasters the player won: the fewest points among "
                                                 "those who took a trick (rules.md D-4). A tie is nobody's win."),
            "units": st.column_config.NumberColumn("Units", format="%+d", help="The player's units from leasters."),
        },
    )
    ties = fetch(metrics.leaster_ties, f).to_dicts()

    def _tie(r: dict) -> str:
        day = r["date"].isoformat() if r["date"] else "no date"
        what = (f"a tie, split (leasterTie=split: {r['shares']}, rules.md D-6)" if r["tie_rule"] == "split" else
                "a tie, washed (leasterTie=wash: no units change hands, rules.md D-6)")
        return hl.link(f"{day} hand {r['hand']}", hl.replay_url(r["hand_id"])) + ": " + what

    # dash34 F1: the leasters' own outcomes, each leaster once (the sum of the table's Won column counted only the
    # chosen players' wins: "1 leaster won outright" beside Al's win in a leaster Di played)
    lo = fetch(metrics.leaster_outcomes, f).to_dicts()[0]
    who = " or ".join(md(p) for p in f.players)
    if not f.players:
        held = ""
    elif lo["played"] == lo["leasters"]:
        held = f" ({who} played all of them)"
    else:
        held = (f" ({who} played {lo['played']:,} of them; a dealer sits a wi6-sit-out hand out and plays no "
                "leaster, rules.md F-1)")
    st.caption(f"{plural(lo['leasters'], 'leaster')} over {over}{held}: everybody passed and each played for the "
               "fewest points (rules.md D-2); the winner took the fewest among those who took a trick and got a unit "
               f"from each other seat (D-4). {plural(lo['won'], 'leaster')} won outright"
               + (f"; {plural(len(ties), 'tie')}: " + "; ".join(_tie(r) for r in ties) if ties else "") + "."
               + (f" The table above: {who}'s own leasters and wins." if f.players else ""))
