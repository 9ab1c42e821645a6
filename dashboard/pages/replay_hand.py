"""Replay: one stored hand, card by card and trick by trick.

Find a hand by session, player and outcome; step forward and back by a card
or a trick; the table is drawn with card faces (the current trick in the
middle, the winning card highlighted); the standing facts (picker, called
card, partner once revealed, multiplier, card points per side) stay on
screen; the blind and the bury are shown on the last step, with the score
and how it was computed.  The URL holds the hand and the step
(``?hand=<hand_id>&step=<k>``), so a link opens this hand at this card.

A hand without a card log (a score-sheet hand) shows its result and says
that there is no card log to replay.

The frames come from :func:`ingest.validate.replay_text` over the stored
source (the session's tag lines, then the hand; the hands before it too when
earlier doublers raised its stake), so the replay is the validator's own.
A Schafkopf game (NetSchafkopf or SHN-SK) is replayed through the Schafkopf
engine by :func:`ingest.schafkopf_hand.replay_schafkopf_stored` (German
cards, Augen per party); should the engine stop on it, the page steps
through its stored card log instead.
Every read is a short-lived :func:`ingest.store.reading` connection.
"""

from __future__ import annotations

import duckdb
import streamlit as st

from dashboard.metrics import Filters, hands_where
from dashboard.replay_view import (EVERYONE, breakdown_words, facts_line, hidden_cards_html, md_card, no_call_words,
                                   page_steps, parse_step, result_words, sat_out, seen_by, step_words, tricks_html,
                                   units_words)
from dashboard.table import (frame_of_sk, frames_from_cardlog, german_name, german_title, order_of, table_html,
                             trick_status)
from ingest.analyze import stored_analysis
from ingest.render import factor_note
from ingest.sheet import ramsch_said
from ingest.sheet_facts import marks_names
from ingest.schafkopf_hand import replay_schafkopf_stored
from ingest.store import StoreError, StoreMissing, load_hands, reading, resolve_db, session_text, sources_where
from ingest.validate import HandReplay, replay_text
from replay.cards import STANDARD, Card
from replay.ramsch_words import ramsch_result_line
from replay.outcome import with_renege
from replay.scoring import NOPICK_GAMES

ANY = "any"
#: Outcome filter: label -> the stored outcomes it matches.
OUTCOME_FILTERS: dict[str, tuple[str, ...]] = {
    ANY: (),
    "picker side wins (any)": ("win", "win-s", "win-z"),
    "picker side loses (any)": ("lose", "lose-s", "lose-z"),
    "win": ("win",), "win-s": ("win-s",), "win-z": ("win-z",),
    "lose": ("lose",), "lose-s": ("lose-s",), "lose-z": ("lose-z",),
    "leaster": ("leaster",), "doubler": ("doubler",), "misdeal": ("misdeal",),
    # the other no-pick games (rules.md D)
    "moster": ("moster",), "mittler": ("mittler",), "schneidster": ("schneidster",), "schwanzer": ("schwanzer",),
}
#: Player filter: the role -> the condition on the player's seat ``u`` in hand ``h``.
ROLES: dict[str, str] = {
    "at the table": "TRUE",
    "as picker": "u.seat = h.picker",
    "as partner": "u.seat = h.partner",
    "as defender": "h.picker IS NOT NULL AND u.seat <> h.picker AND u.seat IS DISTINCT FROM h.partner",
    "as leaster winner": "u.seat = h.leaster_winner",
}
LIST_LIMIT = 300
ALL_SESSIONS = 0


# --------------------------------------------------------------------------
# queries (values only as parameters)


def list_sessions(con, f: Filters | None = None) -> list[tuple[int, str]]:
    """The sessions (id, name), newest first; with filters ``f``, those holding a hand of them (dash25 F2)."""
    where, params = hands_where(f or Filters())
    cond = "" if where == "TRUE" else f"WHERE session_id IN (SELECT h.session_id FROM hands h WHERE {where}) "
    return con.execute(f"SELECT session_id, session FROM sessions {cond}"
                       "ORDER BY date DESC NULLS LAST, session_id DESC", params or None).fetchall()


def list_players(con, session_id: int) -> list[str]:
    if session_id == ALL_SESSIONS:
        rows = con.execute("SELECT DISTINCT player FROM hand_units WHERE player IS NOT NULL ORDER BY player")
    else:
        rows = con.execute("SELECT DISTINCT u.player FROM hand_units u JOIN hands h USING (hand_id) "
                           "WHERE h.session_id = ? AND u.player IS NOT NULL ORDER BY u.player", [session_id])
    return [p for (p,) in rows.fetchall()]


def find_hands(con, session_id: int, player: str | None, outcomes: tuple[str, ...], role: str = "at the table",
               limit: int = LIST_LIMIT, f: Filters | None = None) -> tuple[list[tuple], int]:
    """Hands matching the finder's choices and the sidebar filters ``f`` (at most ``limit``) and how many match."""
    cond_f, params = hands_where(f or Filters())
    where = [cond_f]
    if session_id != ALL_SESSIONS:
        where.append("h.session_id = $session_id")
        params["session_id"] = session_id
    if outcomes:
        where.append("list_contains($outcomes::VARCHAR[], h.outcome)")
        params["outcomes"] = list(outcomes)
    if player:
        where.append("EXISTS (SELECT 1 FROM hand_units u WHERE u.hand_id = h.hand_id AND u.player = $finder_player "
                     f"AND {ROLES[role]})")
        params["finder_player"] = player
    cond = " AND ".join(where)
    order = "h.hand, h.hand_id" if session_id != ALL_SESSIONS else "h.hand_id DESC"
    rows = con.execute(
        "SELECT h.hand_id, h.session, h.hand, h.picker, h.partner, h.leaster_winner, h.outcome, h.status, h.call, "
        f"h.game, h.game_type FROM hands h WHERE {cond} ORDER BY {order} LIMIT $limit",
        {**params, "limit": limit}).fetchall()
    total = con.execute(f"SELECT count(*) FROM hands h WHERE {cond}", params or None).fetchone()[0]
    return rows, total


def load_replay(con, hand_id: int):
    """(stored hand, session_id, replay) for ``hand_id``; None when absent.
    A Schafkopf game with a card log is replayed by the Schafkopf engine
    (:func:`ingest.schafkopf_hand.replay_schafkopf_stored`, its frames as the
    page's frames); the replay is None for a Schafkopf game the engine
    cannot replay (or a score sheet): the page then shows the stored card
    log or the result."""
    found = load_hands(con, "h.hand_id = ?", [hand_id])
    if not found:
        return None
    h = found[0]
    session_id, header = con.execute(
        "SELECT s.session_id, s.header FROM hands h JOIN sessions s USING (session_id) WHERE h.hand_id = ?",
        [hand_id]).fetchone()
    if h.outcome.game == "schafkopf":
        if h.cardlog is None or not h.cardlog.plays:
            return h, session_id, None
        fmt, text = session_text(con, hand_id)
        try:
            state, frames = replay_schafkopf_stored(h, fmt, text)
        except ValueError:
            return h, session_id, None
        return h, session_id, HandReplay([frame_of_sk(f) for f in frames], list(h.outcome.players.items()),
                                         h.outcome, [], None, state)
    if h.outcome.game != "sheepshead":
        return h, session_id, None
    before = ""
    # an earlier doubler raised the stake, or the pot carries from earlier hands (rules.md D-19):
    # replay the session up to here
    if h.outcome.stake > 1 or h.outcome.rules_flags.get("pot"):
        rows = sources_where(con, "h.session_id = ? AND h.hand < ?", [session_id, h.outcome.hand])
        before = "".join(src.rstrip("\n") + "\n\n" for src in rows)
    text = "%SHN 1.0\n" + header.rstrip("\n") + "\n\n" + before + h.source
    rp = replay_text(text, h.outcome.hand, path=h.file)
    return h, session_id, rp


def hand_label(row: tuple, seat_view: bool = False) -> str:
    """The hand finder's label of a hand.  In a seat view (``seat_view``) only
    what every seat knows from the start: the hand's number, who picked (or
    plays) and the kind of record; never the call's under card, the partner
    or the result, which the seat learns during the hand (issue 13)."""
    _, session, hand, picker, partner, lw, outcome, status, call, game, game_type = row
    if seat_view:
        card = "card log" if status == "full" else "score sheet"
        who = (f"{picker} picks" if game not in ("schafkopf", "indiana") else f"{picker} plays") if picker else \
            "nobody picks"
        return f"Hand {hand} · {who} · {card}"
    if game == "schafkopf":  # Schafkopf words and German cards (rules.md G)
        if outcome == "ramsch":
            what = "Ramsch"
        elif game_type == "thrown":  # all passed, no Ramsch: thrown in (rules.md G-4), nobody plays
            what = "thrown in (nobody announced)"
        else:
            sau = f" on the {german_title(Card.parse(call))}" if call else ""
            what = f"{picker or '?'} plays {game_type or 'a game'}{sau}" + (f" with {partner}" if partner else "")
    elif game == "indiana":  # rules.md F-5
        what = f"{picker or '?'} declares" + (f" {call}" if call else "") + (f", partner {partner}" if partner else "")
    elif picker:
        what = f"{picker} picks" + (f", {call}" if call and call != "alone" else ", alone" if call == "alone" else "")
        if partner:
            what += f", partner {partner}"
    elif outcome == "leaster":
        what = f"leaster, {lw} wins" if lw else "leaster, tie"
    elif outcome in NOPICK_GAMES and lw:  # a mittler, schneidster or moster sweep won (rules.md D)
        what = f"{outcome}, {lw} wins"
    else:
        what = outcome
    card = "card log" if status == "full" else "score sheet"
    said = result_words(outcome, game == "schafkopf", game_type)  # "gewonnen mit Schneider" in Schafkopf
    same = what.lower() == outcome or game_type == "thrown"  # a deal thrown in: its words say the result
    return f"Hand {hand} · {what}" + ("" if same else f" · {said}") + f" · {card}"


# --------------------------------------------------------------------------
# state: the URL is the state (hand, step)


def _int(v, default=None):
    """A URL parameter as a whole number >= 0: ASCII digits only, at most 18
    (a BIGINT; ``2**200``, ``²`` or a 5,000-digit id name no hand), else
    ``default``."""
    v = v.strip() if isinstance(v, str) else v
    if not isinstance(v, str) or not (v.isascii() and v.isdigit() and len(v) <= 18):
        return default
    return int(v)


def _goto_step(k: int) -> None:
    st.query_params["step"] = str(k)


def _pick_hand() -> None:
    hid = st.session_state.get("replay_pick")
    if hid is not None:
        st.session_state["replay_seen"] = hid  # keep the finder's filters as they are
        st.query_params["hand"] = str(hid)
        st.query_params["step"] = "0"


def _md_card(c: Card | None, german: bool = False) -> str:
    """A card in markdown (German suits, each in its colour, for a Schafkopf game)."""
    return "—" if c is None else md_card(c, german)


def _dd_card(name: str, german: bool) -> str:
    """A card of a stored analysis (SHN spelling; German for Schafkopf) for markdown."""
    return f"**{name}**" if german else _md_card(Card.parse(name))


def dd_marks(dd: dict | None, step: int, hand_id: int, german: bool, side_word: str) -> None:
    """The double-dummy marks of a hand (issue 16, stored by ``shead analyze``):
    the best-play result beside the actual, a ⚠ link at each card that gave
    card points away, and for the card of this step its cost and, on demand,
    every legal card's value.  Without a stored analysis: how to make one."""
    if dd is None:
        st.caption(f"Best play with every hand known: not analysed yet — run `shead analyze {hand_id}` "
                   "(or `shead analyze --all` for the whole database).")
        return
    actual = dd["actual_picker_points"]
    st.markdown(f"**Best play (every hand known)** {side_word} {dd['dd_picker_points']} · as played "
                f"{actual if actual is not None else '?'}")
    costly = [c for c in dd["cards"] if c["cost"]]
    if costly:
        st.markdown("⚠ " + " · ".join(f"[t{c['trick']} {c['seat']} {c['card']} −{c['cost']}]"
                                      f"(?hand={hand_id}&step={c['step']})" for c in costly))
    else:
        st.caption("Every card played was a best card.")
    if 1 <= step <= len(dd["cards"]):
        c = dd["cards"][step - 1]
        best = " ".join(_dd_card(b, german) for b in c["best"])
        if c["cost"]:
            extra = f" and {c['units_cost']} units (the tier changes)" if c["units_cost"] else ""
            st.warning(f"⚠ {c['seat']} played {_dd_card(c['card'], german)}: it cost {c['cost']} card points"
                       f"{extra}; best {best}")
        with st.expander(f"Alternatives to {c['seat']}'s {c['card']}"):
            st.markdown("\n".join(f"- {_dd_card(k, german)}: {side_word} {v}"
                                   + (" (best)" if k in c["best"] else "") + (" ← played" if k == c["card"] else "")
                                   for k, v in sorted(c["alternatives"].items(), key=lambda kv: -kv[1])))




# --------------------------------------------------------------------------
# the page

from dashboard.filters import describe, ensure_navigation, hand_page_filters, plural
from dashboard.log_edit import show_history
from dashboard.text import md

ensure_navigation()  # a first visit straight to this page's URL runs it inside the app
st.title("Replay")
db = resolve_db()
# dash25 F2: the sidebar filters choose the sessions and hands the finder lists; a hand a link names is shown anyway
filt = hand_page_filters("On this page the filters choose the sessions and hands the finder lists. A hand opened "
                         "by its link is shown whatever the filters.")
hand_id = _int(st.query_params.get("hand"))
step_qp = _int(st.query_params.get("step"), 0)

try:
    with reading(db) as con:
        loaded = load_replay(con, hand_id) if hand_id is not None else None
        if loaded is not None and st.session_state.get("replay_seen") != hand_id:
            # a hand opened from the URL (or picked): show its session in the finder
            st.session_state["replay_seen"] = hand_id
            st.session_state["replay_session"] = loaded[1]
            st.session_state["replay_player"] = ANY
            st.session_state["replay_outcome"] = ANY
            st.session_state["replay_role"] = "at the table"
        elif loaded is None and hand_id is not None and st.session_state.get("replay_seen") != hand_id:
            # newuser33 F6: a voided hand (shown from its history below) opens the finder on its own session,
            # not the newest one
            gone = con.execute("SELECT session_id FROM hand_revisions WHERE hand_id = ? ORDER BY revision DESC "
                               "LIMIT 1", [hand_id]).fetchone()
            if gone is not None:
                st.session_state["replay_seen"] = hand_id
                st.session_state["replay_session"] = gone[0]
        sessions = list_sessions(con, filt)
        shown_sid = loaded[1] if loaded is not None else st.session_state.get("replay_session") \
            if st.session_state.get("replay_seen") == hand_id and hand_id is not None else None
        if shown_sid is not None and shown_sid not in {sid for sid, _ in sessions}:  # a linked hand's session
            sessions = [r for r in list_sessions(con) if r[0] == shown_sid] + sessions
        names = {sid: name for sid, name in sessions}
        with st.expander("Find a hand", expanded=loaded is None):
            opts = [ALL_SESSIONS] + [sid for sid, _ in sessions]
            if st.session_state.get("replay_session") not in opts:
                st.session_state["replay_session"] = opts[1] if len(opts) > 1 else ALL_SESSIONS
            c1, c2, c3, c4 = st.columns([3, 2, 2, 2])
            sid = c1.selectbox("Session", opts, key="replay_session",
                               format_func=lambda s: "all sessions" if s == ALL_SESSIONS else names[s])
            players = [ANY] + list_players(con, sid)
            if st.session_state.get("replay_player") not in players:
                st.session_state["replay_player"] = ANY
            player = c2.selectbox("Player", players, key="replay_player")
            role = c3.selectbox("Role", list(ROLES), key="replay_role")
            outcome_f = c4.selectbox("Outcome", list(OUTCOME_FILTERS), key="replay_outcome")
            rows, total = find_hands(con, sid, None if player == ANY else player, OUTCOME_FILTERS[outcome_f], role,
                                     f=filt)
            # a seat view (?seat= or the Seen by choice) labels hands without what the seat learns during the hand
            blind = st.query_params.get("seat") is not None or st.session_state.get("replay_seat") not in (None,
                                                                                                          EVERYONE)
            labels = {r[0]: hand_label(r, blind) if sid != ALL_SESSIONS else f"{r[1]} · {hand_label(r, blind)}"
                      for r in rows}
            ids = list(labels)
            st.session_state["replay_pick"] = hand_id if hand_id in labels else None
            st.selectbox("Hand", ids, key="replay_pick", format_func=labels.__getitem__, on_change=_pick_hand,
                         placeholder="choose a hand" if ids else "no hand matches")
            of = "" if filt == Filters() else f" of {describe(filt)} (the sidebar filters)"
            if total > len(rows):
                st.caption(f"Showing {len(rows)} of {total} matching hands{of}; narrow the filters to see the rest.")
            else:
                st.caption(f"{total} matching hand{'s' if total != 1 else ''}{of}.")
except StoreMissing:
    st.info(f"No database at {md(db)} yet: import SHN files or log a hand first.")
    st.stop()
except StoreError as exc:
    st.error(str(exc))
    st.stop()

if hand_id is None:
    st.info("Choose a hand to replay.")
    st.stop()
if loaded is None:
    voided = None
    try:  # a voided hand is kept in its history: say so, with the reason (dash19 F8: "no hand ... is stored")
        with reading(db) as con:
            voided = con.execute(
                "SELECT session, hand, revision, reason, recorded_at FROM hand_revisions WHERE hand_id = ? AND action = 'void' "
                "AND revision = (SELECT max(revision) FROM hand_revisions WHERE hand_id = ?)", [hand_id, hand_id]
            ).fetchone()
    except (StoreError, StoreMissing, duckdb.Error):
        voided = None
    if voided is not None:
        v_session, v_hand, v_rev, v_reason, v_at = voided
        st.warning(f"Hand {v_hand} of {md(v_session)} (hand id {hand_id}) was voided (revision {v_rev}, "
                   f"{str(v_at)[:16]}): {md(v_reason or 'no reason given')}. It counts in no total. Its texts are "
                   f"kept (the history below; every text: shead history {hand_id}). To bring it back: Log a hand → edit → "
                   "Bring it back (or shead ingest --amend FILE).")
        show_history(hand_id, expanded=True)
    else:
        st.error(f"No hand with id {hand_id} is stored in {md(db)}.")
    st.stop()

stored, session_id, rp = loaded
o = stored.outcome
out = sat_out(o)  # dash34 F5: the dealer sitting a wi6-sit-out hand out is "Kai sat out", not "Kai +0" (rules.md F-1)
seats = (rp.seats if rp is not None else None) or [(a, n) for a, n in o.players.items()]
aliases = [a for a, _ in seats]
dealer = aliases.index(o.dealer) if o.dealer in aliases else None
# the cards marked ^R, (trick, seat): marked in their trick (rules.md B-23; table33 F1)
reneges = ({(p.trick, aliases.index(p.seat)) for p in stored.cardlog.plays if p.renege and p.seat in aliases}
           if stored.cardlog is not None else set())
if rp is not None:
    frames, errors = rp.frames, rp.errors
else:  # a Schafkopf game: its stored card log, trick by trick
    log = stored.cardlog
    frames, errors = (frames_from_cardlog(o, log, seats) if log is not None and log.plays else []), []

st.subheader(f"Hand {o.hand} · {md(o.session)}")
show_history(hand_id)  # an amended hand says so, with its reasons (dash19 F8)
st.caption(f"Dealer {md(o.dealer or '?')} · rules {md(o.rules or 'default')} · hand id {stored.hand_id}"
           + (f" · from {md(stored.file)}:{stored.line}" if stored.file else ""))
from dashboard.log_edit import edit_action  # noqa: E402 - issue 12: amend this hand on Log a hand

edit_action(stored.hand_id)

for d in errors:
    st.error(f"The replay stops: {md(d)}")
schafkopf = o.game == "schafkopf"
score_word = "Race points" if o.game == "indiana" else "Score"  # gained, not units (rules.md F-5)
if schafkopf:
    st.caption(f"Schafkopf ({md(o.game_type or 'game')}): cards shown in German suits, each in its colour — "
               "**E Eichel** · :green[**G Gras**] · :red[**H Herz**] · :orange[**S Schellen**]; ranks A (Sau), "
               "Z (Zehn), K (König), O (Ober), U (Unter), 9, 8, 7. Points are Augen.")

if len(frames) < 2:
    # ---- a score-sheet hand: its result, no replay
    if o.status == "score-sheet":
        st.info("This hand was recorded as a score sheet: there is no card log to replay.")
    else:
        st.info("There is no card log to replay for this hand.")
    if o.picker:
        call = o.call or no_call_words(o) or "none"  # dash34 F5: "J♦ partner", not "none" (rules.md C-1)
        if schafkopf and o.call:  # the called Sau in the game's own German words, as the page's cards are
            try:
                c = Card.parse(o.call.split()[0])
                call = f"{german_title(c)} ({german_name(c)})"
            except ValueError:
                pass
        partner = o.partner or ("none (alone)" if o.alone else "unknown")
        st.markdown(f"**{'Declarer' if schafkopf else 'Picker'}** {md(o.picker)} · **Call** {md(call)} · "
                    f"**Partner** {md(partner)} · **{'Kontra, Re, Klopfen' if schafkopf else 'Stake × marks'}** "
                    + md(factor_note(o.multiplier, o.stake, o.marks, marks_names(stored.source), schafkopf)))
        pts = "?" if o.picker_points is None else o.picker_points
        tricks = "" if o.picker_tricks is None else f", {plural(o.picker_tricks, 'trick')}"
        side_pts = f"declarer side {pts} Augen" if schafkopf else f"picker side {pts} card points"
        st.markdown(f"**Result** {with_renege(result_words(o.outcome, schafkopf, o.game_type), o.warnings)}: {side_pts}{tricks}")
    elif o.outcome == "leaster":
        st.markdown(f"**Leaster** won by {md(o.leaster_winner or 'nobody (a tie)')}"
                    + (f" with {o.picker_points} card points" if o.picker_points is not None else ""))
    elif o.outcome in NOPICK_GAMES:  # moster, mittler, schneidster, schwanzer (rules.md D)
        who = (f"won by {o.leaster_winner}" if o.leaster_winner else
               f"lost by {min(o.units, key=o.units.get)}" if any(o.units.values()) else "a wash")
        st.markdown(f"**{o.outcome.capitalize()}** {md(who)}"
                    + (f" ({o.picker_points})" if o.picker_points is not None else ""))
    elif schafkopf and o.outcome == "ramsch":
        # a Ramsch known by its score: the loser and the Jungfrauen, or a Durchmarsch, as the Sheet says them
        # (rules.md G-17; break34 F4: the page said the deal was thrown in)
        with reading(db) as con:
            words = ramsch_said(con, stored.hand_id, o.status, o.rules or "", list(o.units), list(o.units.values()),
                                o.multiplier, o.stake)
        st.markdown("**Result** Ramsch: " + (md(str(words)) if words is not None else
                                             "played; the score fits no Ramsch result, so who lost is not told "
                                             "(an agreed score)"))
    else:
        said = result_words(o.outcome, False, o.game_type)  # a deal thrown in is no misdeal (G-4, verify32 F8b)
        st.markdown(f"**Result** {said}: " + ("nobody announced a game (rules.md G-4)." if said != o.outcome else
                                               "the deal was thrown in."))
    st.markdown(f"**{score_word}** {units_words(o.units, out)}" + (f" · pot {o.pot:+d}" if o.pot else ""))
    if o.breakdown:
        st.caption(f"How it was computed: {breakdown_words(o.breakdown, out)}")
    with st.expander("SHN text of this hand"):
        st.code(stored.source, language=None)
    st.stop()

# ---- every step of the hand, as everyone or as one seat saw it (issue 13: dashboard/replay_view.py)
sk_text = None
if schafkopf and (rp is None or rp.record is None):
    try:
        with reading(db) as con:
            sk_text = session_text(con, hand_id)
    except (StoreError, StoreMissing):
        sk_text = None
hsteps = page_steps(stored, rp if rp is not None else HandReplay(frames, seats, o, [], None, None), sk_text)
viewer = seen_by(aliases, seats)
steps = hsteps.view(viewer)
first, last = steps[0].key, steps[-1].key
step = min(max(parse_step(st.query_params.get("step"), 0), first), last)
if st.query_params.get("step") != str(step) or st.query_params.get("hand") != str(hand_id):
    st.query_params["hand"] = str(hand_id)
    st.query_params["step"] = str(step)
cur = steps[step - first]
f = cur.frame

# trick boundaries: the steps on which a trick is complete
ends = [x.key for x in steps if x.frame.trick_done and x.key > 0]
prev_trick = max((k for k in ends if k < step), default=first)
next_trick = min((k for k in ends if k > step), default=last)

nav = st.container(horizontal=True, wrap=True, gap="small")
nav.button("« Start", key="rp_first", on_click=_goto_step, args=(first,), disabled=step == first, width="stretch",
           shortcut="Home", help="The deal (key: Home)")
nav.button("◀ Trick", key="rp_prev_trick", on_click=_goto_step, args=(prev_trick,), disabled=step == first,
           width="stretch", shortcut="Shift+Left")
nav.button("◀ Step", key="rp_prev", on_click=_goto_step, args=(step - 1,), disabled=step == first, width="stretch",
           shortcut="Left", help="One step back (key: ←)")
nav.button("Step ▶", key="rp_next", on_click=_goto_step, args=(step + 1,), disabled=step == last,
           width="stretch", shortcut="Right", help="One step on: a pass, the pick, a card ... (key: →)")
nav.button("Trick ▶", key="rp_next_trick", on_click=_goto_step, args=(next_trick,), disabled=step == last,
           width="stretch", shortcut="Shift+Right")
nav.button("End »", key="rp_last", on_click=_goto_step, args=(last,), disabled=step == last, width="stretch",
           shortcut="End")

what = step_words(cur, aliases, schafkopf, viewer)
link = f"?hand={hand_id}&step={step}" + (f"&seat={viewer}" if viewer else "")
where = (f"**Step {step} of {last}** · trick {f.trick}" if step >= 0
         else f"**Before the first card** · step {step}")
st.markdown(f"{where} · {what} · [link to this view]({link})"
            + (f" · seen by {md(viewer)}" if viewer else ""))
if cur.note:  # the notation's annotation of this card or statement (notation.md §8)
    st.info(f"✎ {md(cur.note)}")
for e in cur.events:  # Kontra and Re written after this card (notation.md §14)
    st.caption(f"{md(aliases[e.seat]) if e.seat is not None else '?'} says {e.kind.capitalize()} after this card"
               + (f" — {md(e.note)}" if e.note else ""))
if o.picker and (viewer is None or cur.last):  # best play needs every hand: not in a seat view before the end
    try:
        with reading(db) as con:
            dd = stored_analysis(con, stored)
    except (StoreError, StoreMissing):
        dd = None
    dd_marks(dd, max(step, 0), hand_id, schafkopf, "declarer side" if schafkopf else "picker side")

claim = f.claim
if claim is not None:  # notation.md §3: the claimer's side takes every trick still to play
    c_seat, c_after, c_cards, c_pts = claim
    gave = (" ".join(_md_card(c, schafkopf) for c in c_cards) if c_cards is not None
            else "the cards not yet played (the deal is not recorded)")
    st.info(f"Claim: {md(aliases[c_seat])} claimed after trick {c_after}; the remaining tricks and their cards go "
            f"to {md(aliases[c_seat])}'s side: {gave}"
            + (f" ({c_pts} card points)" if c_pts is not None else "") + ".")

# ---- the standing facts, as known at this step
bottom_seat = st.session_state.get("replay_bottom")
if bottom_seat not in aliases:
    bottom_seat = aliases[-1] if schafkopf else aliases[0]  # NetSchafkopf: the human player ("Gast") sits last
    st.session_state["replay_bottom"] = bottom_seat
side_word = "declarer side" if schafkopf else "picker side"
st.markdown(facts_line(cur, seats, o, schafkopf, marks_names(stored.source), viewer,
                       buried=not schafkopf and stored.cardlog is not None and any(stored.cardlog.bury or ())))

sitting = dealer if (o.rules_flags or {}).get("sitOut") else None  # the dealer sits out (rules.md F-1)
st.html(table_html(f, seats, dealer=dealer, bottom=aliases.index(viewer or bottom_seat),
                   picker_word="DECLARER" if schafkopf else "PICKER", german=schafkopf,
                   order=(None if schafkopf else order_of(o)) or STANDARD, sitting=sitting,
                   under_hidden=cur.under_hidden_seat(), reneges=reneges))  # left33 F3: "15 pts and the under card" (B-11e)
hidden = hidden_cards_html(cur, schafkopf, "DECLARER" if schafkopf else "PICKER", aliases)
if hidden:
    st.html(hidden)

if f.done:
    # ---- the end: score and its breakdown
    if o.picker:
        augen = "Augen" if schafkopf else "card points"
        said = with_renege(result_words(o.outcome, schafkopf, o.game_type), o.warnings)
        st.markdown(f"**Result** {said}: {side_word} {o.picker_points} {augen}, "
                    f"{plural(o.picker_tricks, 'trick')}")
    elif o.outcome == "leaster":
        st.markdown(f"**Leaster** won by {md(o.leaster_winner or 'nobody (a tie)')}")
    elif schafkopf and o.outcome == "ramsch" and rp is not None and rp.state is not None:
        # who lost with how many Augen, how a tie was broken (sk32 F4), the Jungfrauen, a Durchmarsch: the Result
        # line `shead replay` prints (newuser32: the page said the tie but not who lost)
        st.markdown(f"**Result** {md(ramsch_result_line(rp.state, aliases))}")
    st.markdown(f"**{score_word}** {units_words(o.units, out)}" + (f" · pot {o.pot:+d}" if o.pot else ""))
    if o.breakdown:
        st.caption(f"How it was computed: {breakdown_words(o.breakdown, out)}")
    agreed = [w.split("): ", 1)[-1] for w in o.warnings if "W-AGREED" in w]
    if agreed:  # break17 F19: the table's agreed facts stood beside the cards' without a word
        st.info("Agreed at the table (`^`), and kept as the ledger's over what the cards give: "
                + "; ".join(md(a) for a in agreed) + ".")
else:
    if viewer:  # the picker sees the blind and the bury face up, the others never see them (new20 F12)
        later = f"Shown as {md(viewer)} saw it: the other hands are face down until the last step" + (
            "" if schafkopf else "; the blind and the bury are the picker's, face up" if viewer == o.picker
            else "; the blind and the bury are not shown (only the picker sees them)")
    else:
        later = "The score is shown" if schafkopf else "The score is shown"
        later += " on the last step"
    st.caption(f"{md(trick_status(f, seats, german=schafkopf, order=(None if schafkopf else order_of(o)) or STANDARD))}. "
               f"{later}.")
done_tricks = tricks_html(cur, aliases, schafkopf, order=None if schafkopf else (order_of(o) or STANDARD),
                          reneges=reneges)
if done_tricks:
    st.html(done_tricks)

if viewer is None:
    st.selectbox("Seat drawn at the bottom", aliases, key="replay_bottom")

with st.expander("SHN text of this hand" if not schafkopf else "Source text of this hand"):
    if viewer is None or cur.last:
        st.code(stored.source, language=None)
    else:  # the text names every card: not before the end in a seat view
        st.caption(f"The text names every card of the hand; in {md(viewer)}'s view it is shown on the last step.")
