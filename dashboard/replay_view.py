"""The Replay page's steps and seat view (issue 13), kept out of
``dashboard/pages/replay_hand.py`` so the page stays short.

* :func:`page_steps` — a loaded hand's every step (:mod:`ingest.replay_steps`,
  :mod:`replay.steps`): the deal, each pass and the pick, the bury, the call,
  the marks, each card, a claim; Schafkopf: the deal, the game, each card.
* :func:`seen_by` — the "Seen by" choice (everyone, or one seat), kept in the
  URL as ``?seat=ALIAS``; :func:`replay.steps.seat_view` decides what that
  seat knew at each step.
* :func:`parse_step` — ``?step=k`` (negative: before the first card).
* Markdown and HTML for a step: :func:`step_words`, :func:`facts_line`,
  :func:`tricks_html`, :func:`hidden_cards_html`; Schafkopf in its own words
  (:func:`result_words`: "gewonnen mit Schneider") and colours
  (:data:`dashboard.table.GERMAN_SUIT_COLOUR`).

Plain functions over data except :func:`seen_by` (a widget); no rule of play
here.
"""

from __future__ import annotations

import re
from html import escape

import streamlit as st

from dashboard.table import CSS, GERMAN_SUIT_COLOUR, card_html, german_name, seat_label, win_index
from dashboard.text import md
from ingest.render import factor_note
from ingest.replay_steps import HandSteps, game_detail, record_of, steps_for
from replay.cards import Card
from replay.outcome import RENEGE_WORD, outcome_label
from replay.steps import UNDER_HIDDEN, Step

__all__ = ["EVERYONE", "page_steps", "seen_by", "parse_step", "md_card", "step_words", "facts_line", "tricks_html",
           "hidden_cards_html", "result_words", "SK_RESULT", "no_call_words", "sat_out", "units_words",
           "breakdown_words"]

EVERYONE = "everyone"

#: A picked hand without a called card whose partner card is fixed by the rules (dash34 F5: "Call none" read as
#: "call not recorded"): the J♦ holder (rules.md C-1), the black queens (F-1's eight-handed games).
_NO_CALL = {"jd": "J♦ partner", "queens": "Q♣ Q♠ partners"}


def no_call_words(o) -> str | None:
    """What a picked hand's call says when no card was called (``o`` a
    :class:`~replay.outcome.HandOutcome`): "J♦ partner" at a J♦ table
    (rules.md C-1), "Q♣ Q♠ partners" in a black-queens game; None otherwise
    (a call not recorded, or alone)."""
    return _NO_CALL.get(o.call_type or "")


def sat_out(o) -> str | None:
    """The alias of the seat that sat the hand out — the dealer at a profile
    whose dealer sits out (``wi6-sit-out``, rules.md F-1) — or None."""
    return o.dealer if o.dealer and (o.rules_flags or {}).get("sitOut") else None


def units_words(units: dict[str, int], out: str | None = None) -> str:
    """Each seat's units ("Al +2 · … · Kai sat out": the seat ``out`` sat
    the hand out, its 0 is no result; dash34 F5), the aliases escaped for
    Markdown."""
    return " · ".join(f"{md(a)} sat out" if a == out else f"{md(a)} {u:+d}" for a, u in units.items())


def breakdown_words(text: str, out: str | None = None) -> str:
    """A stored settlement breakdown (its "Kai +0" for each seat) with the
    seat ``out`` said to sit out, escaped for Markdown."""
    if out is not None:
        text = re.sub(rf"(?<![\w]){re.escape(out)} \+0(?!\d)", lambda _: f"{out} sat out", text)
    return md(text)

#: Schafkopf results in German (rules.md G-12): the stored outcome word → what the table says.
SK_RESULT = {"win": "gewonnen", "win-s": "gewonnen mit Schneider", "win-z": "gewonnen schwarz",
             "lose": "verloren", "lose-s": "verloren mit Schneider", "lose-z": "verloren schwarz",
             "ramsch": "Ramsch"}
#: Streamlit's markdown colour of each German suit (Eichel has none of its own: bold, dark).
_SK_MD = {0: None, 1: "green", 2: "red", 3: "orange"}


def result_words(outcome: str, schafkopf: bool, game_type: str | None = None) -> str:
    """The outcome as the table says it: ``win-s`` → ``gewonnen mit Schneider`` in Schafkopf; a deal thrown
    in (``game_type`` ``thrown``, rules.md G-4) ``thrown in`` (:func:`replay.outcome.outcome_label`)."""
    said = outcome_label(outcome, game_type)
    return SK_RESULT.get(said, said) if schafkopf else said


def md_card(c: Card | None, german: bool = False, suffix: str = "") -> str:
    """A card in Markdown: suit symbols (hearts and diamonds red), or the
    German spelling in its suit's colour (``EZ`` bold, ``GA`` green, ``HO``
    red, ``SA`` orange); a hidden card ``??``."""
    if c is None:
        return "`??`"
    if german:
        colour = _SK_MD[int(c.suit)]
        name = german_name(c) + suffix
        return f":{colour}[**{name}**]" if colour else f"**{name}**"
    name = c.pretty() + suffix
    return f":red[{name}]" if c.suit in (2, 3) else f"**{name}**"


def parse_step(v, default: int = 0) -> int:
    """``?step=`` as a whole number, negative for a step before the first
    card: an optional ``-`` then at most 6 ASCII digits, else ``default``."""
    v = v.strip() if isinstance(v, str) else v
    if not isinstance(v, str):
        return default
    body = v[1:] if v.startswith("-") else v
    if not (body.isascii() and body.isdigit() and len(body) <= 6):
        return default
    return int(v)


def page_steps(stored, rp, text: tuple[str, str] | None) -> HandSteps:
    """The steps of the page's hand: ``stored`` (a
    :class:`~ingest.store.StoredHand`), ``rp`` its
    :class:`~ingest.validate.HandReplay` (Schafkopf: the frames as
    :class:`~replay.replay.Frame`, ``rp.state`` the end state), ``text`` its
    ``(fmt, session text)`` for the record of an SHN-SK game (its Kontra,
    Re and annotations)."""
    o = stored.outcome
    aliases = [a for a, _ in rp.seats] if rp.seats else list(o.players)
    rec = rp.record
    sk = None
    if o.game == "schafkopf":
        g = rp.state
        if rec is None and text is not None and text[0] == "shn":
            rec = record_of(text[1], o.hand, stored.file)
        if g is not None:
            sk = (g.declarer, g.called, game_detail(g.game, g.suit, g.tout))
        else:
            f0 = rp.frames[0]
            sk = (f0.picker, f0.called, o.game_type)
    partner = None if o.alone else o.partner
    return steps_for(rp.frames, rec, aliases, o.dealer, partner, bool((o.rules_flags or {}).get("sitOut")), sk)


def seen_by(aliases: list[str], seats: list[tuple[str, str]]) -> str | None:
    """The "Seen by" choice: everyone (the default, review after the hand) or
    one seat; kept in the URL as ``?seat=ALIAS``.  Returns the alias or None."""
    opts = [EVERYONE] + aliases
    want = st.query_params.get("seat")
    if want not in aliases:
        want = EVERYONE
    if st.session_state.get("replay_seat_url") != want:  # the URL changed (a link): it wins
        st.session_state["replay_seat_url"] = want
        st.session_state["replay_seat"] = want
    if st.session_state.get("replay_seat") not in opts:
        st.session_state["replay_seat"] = EVERYONE
    labels = {EVERYONE: "everyone (all hands face up)"}
    labels.update({a: seat_label(seats, i) for i, a in enumerate(aliases)})
    choice = st.selectbox("Seen by", opts, key="replay_seat", format_func=labels.__getitem__,
                          help="Show the hand as one seat saw it: its own cards, the cards played, the blind if "
                               "it picked, the bury to the picker only; everything else face down until the end.")
    if choice == EVERYONE:
        if "seat" in st.query_params:
            del st.query_params["seat"]
    else:
        st.query_params["seat"] = choice
    st.session_state["replay_seat_url"] = choice
    return None if choice == EVERYONE else choice


def step_words(s: Step, aliases: list[str], german: bool, viewer: str | None = None) -> str:
    """What happened at step ``s`` in Markdown (``Bea picks``, ``Di played
    :red[A♥]``, ``Bea calls :red[A♥] under a card face down``); cards hidden
    from this view as ``??``."""
    who = md(aliases[s.seat]) if s.seat is not None else ""
    cards = [md_card(c, german) for c in s.cards]
    k = s.kind
    if k == "deal":
        return "the deal" + (f" — {md(viewer)}'s cards dealt" if viewer else "")
    if k == "card":
        if s.plays_under:  # the picker's under card (rules.md B-11), face down where this view may not see it
            return (f"{who} played the under card, face down" + s.suffix if s.cards[0] is None
                    else f"{who} played {md_card(s.cards[0], german, s.suffix)} (the under card)")
        return f"{who} played {md_card(s.cards[0], german, s.suffix)}"
    if k == "pass":
        return f"{who} passes"
    if k == "pick":
        if s.cards and all(c is None for c in s.cards):
            return f"{who} picks (the blind's {len(s.cards)} cards, face down to you)"
        return f"{who} picks the blind " + " ".join(cards) if cards else f"{who} picks"
    if k == "bury":
        if s.cards and all(c is None for c in s.cards):
            return f"{who} buries {len(s.cards)} cards face down"
        return f"{who} buries " + " ".join(cards)
    if k == "call":
        text = f"{who} calls {cards[0]}"
        if len(s.cards) > 1:
            text += f" under {cards[1]}" if s.cards[1] is not None else " with an under card face down"
        return text
    if k == "alone":
        return f"{who} goes alone"
    if k == "game":
        if s.seat is None:
            return "nobody plays: Ramsch"
        return f"{who} plays {md(s.detail or 'a game')}" + (f" on the {cards[0]}" if cards else "")
    if k == "blitz":
        return f"{who} blitzes ({md(s.detail or '')}: {' '.join(cards)})"
    if k == "blindtrick":
        return f"{who} names trick {s.detail} for the blind"
    if k == "claim":
        return f"{who} claims the rest"
    words = {"crack": "cracks", "recrack": "re-cracks", "castrate": "castrates", "sheepshead": "calls sheepshead",
             "klopfen": "klopft", "kontra": "says Kontra", "re": "says Re"}
    return f"{who} {words.get(k, k)}"


def facts_line(s: Step, seats: list[tuple[str, str]], o, german: bool, who: str = "",
               viewer: str | None = None, buried: bool = False) -> str:
    """The standing facts as known at step ``s``: the picker (declarer), the
    called card (the under card face down where this view does not know it),
    the partner once known, the multiplier, and the card points: the side's
    once the side is known, else the picker's own and the others' (issue 13:
    no partner credited before it is revealed).  Before the end the picker's
    points are those of the tricks taken; the bury's are named beside them
    (dash25 F6: "picker side 38" with 4 buried read as 38 + 7 short of the 49
    out) — in a seat view (``viewer``, a seat's alias) only the picker's, who
    alone knows the bury; another seat's view (its frames hide the bury) says
    the picker's points leave it out when the hand has one (``buried``)."""
    f = s.frame
    aliases = [a for a, _ in seats]
    side_word = "declarer side" if german else "picker side"
    if f.leaster:
        facts = ["**Leaster**: everyone plays for themselves; fewest card points wins"]
    elif f.picker is None and s.key >= 0:  # a Ramsch: no declarer
        facts = [f"**{md((o.game_type or o.outcome).capitalize())}**: everyone plays for themselves"]
    elif f.picker is None:
        facts = ["**Picker** —" if not german else "**Declarer** —"]
    else:
        if f.called is not None:
            called = md_card(f.called, german)
            if f.under is not None:
                called += f" under {md_card(f.under, german)}"
            elif s.under_face_down:
                called += " under a card face down"
        else:
            called = "alone" if f.alone and not german else (no_call_words(o) if not german else None) or "—"
        if f.alone:
            partner = "none (alone)"
        elif f.partner is not None:
            partner = md(seat_label(seats, f.partner))
            if f.done and o.partner2 in aliases:  # a second partner (3v3, 3v5: rules.md F-1)
                partner += " and " + md(seat_label(seats, aliases.index(o.partner2)))
        else:
            partner = "not yet revealed"
        facts = [f"**{'Declarer' if german else 'Picker'}** {md(seat_label(seats, f.picker))}",
                 f"**Called** {called}", f"**Partner** {partner}"]
    if german:
        facts.insert(0, f"**Game** {md(o.game_type or '?')}")
    # the stake and the marks (Kontra, Re, Klopfen in Schafkopf, rules.md G-18, G-19); double on the bump and the
    # tier come at the end, in the score's breakdown (a tester read "Multiplier x1" on a hand settled at 2)
    # who marked it (new20 F7); no marks said so (dash26 F5: "×1" alone read as a formula left unfilled); a step
    # before the crack: the factor so far, the stake's alone
    stake = getattr(o, "stake", 1) or 1
    facts.append(f"**{'Kontra, Re, Klopfen' if german else 'Stake × marks'}** "
                 + md(factor_note(f.multiplier, stake, 0 if f.multiplier == stake else getattr(o, "marks", 0),
                                  who if f.multiplier != stake else "", german)))
    if f.picker_points is not None and f.picker is not None:
        word = "Augen" if german else "Card points"
        if f.done:
            bury_note = " (bury included)" if f.bury else ""
        elif f.bury and (viewer is None or viewer == aliases[f.picker]):
            bury_note = f" in tricks (+{sum(c.points for c in f.bury)} buried)"
        elif buried and viewer is not None and viewer != aliases[f.picker]:
            bury_note = " in tricks (the bury's points, the picker's, not shown)"
        else:
            bury_note = ""
        # house32 F2: the under card face down in a trick this seat did not take (rules.md B-11e): its points are
        # not counted, said beside the side that took it
        more = UNDER_HIDDEN if s.under_points_hidden else ""
        by = s.under_taker
        mine, theirs = (more, "") if by is not None and (by == f.picker or (s.side_known and by == f.partner)) \
            else ("", more)
        if s.side_known:
            facts.append(f"**{word}** {side_word} {f.picker_points}{mine}{bury_note} · defenders "
                         f"{f.defender_points}{theirs}")
        else:
            facts.append(f"**{word}** {md(aliases[f.picker])} {f.picker_points}{mine}{bury_note} · the others "
                         f"{f.defender_points}{theirs} (the partner not yet revealed)")
    return " · ".join(facts)


#: the title of a face-down card in a trick: a seat view's under card (rules.md B-11e; house32 F2)
_BACK = "the under card, face down"


def tricks_html(s: Step, aliases: list[str], german: bool, notes: dict[tuple[int, int], str] | None = None,
                order=None, reneges: set[tuple[int, int]] | frozenset = frozenset()) -> str:
    """The tricks complete so far as a list: number, each card (small faces)
    with its seat, the winner and the card points (Augen).  ``order`` (the
    profile's trump order) picks the winning card where the winner played two
    (the battery games' four-card tricks).  ``reneges`` holds (trick 1..,
    seat) of each card marked ``^R``: its seat label says
    :data:`~replay.outcome.RENEGE_WORD` (rules.md B-23; table33 F1)."""
    if not s.tricks:
        return ""
    word = "Augen" if german else "points"
    rows = []
    for no, (_, cards, winner) in enumerate(s.tricks, 1):
        k = win_index(cards, winner, order) if order is not None else None
        # vertical-align:top: a face-down card (a seat view's under card, rules.md B-11e) has no text baseline
        faces = "".join(f'<span style="display:inline-flex;flex-direction:column;align-items:center;margin:0 3px;'
                        f'vertical-align:top">'
                        + card_html(c, small=True, german=german, title=None if c is not None else _BACK,
                                    win=(i == k) if k is not None else seat == winner)
                        + f'<span style="font-size:10px">{escape(aliases[seat])}'
                        + (f' <b style="color:#b00020">{RENEGE_WORD}</b>' if (no, seat) in reneges else "")
                        + '</span></span>'
                        for i, (seat, c) in enumerate(cards))
        pts = sum(c.points for _, c in cards if c is not None)  # a seat view's face-down under card (B-11e)
        more = UNDER_HIDDEN if any(c is None for _, c in cards) else ""
        rows.append(f'<li data-trick="{no}" style="margin:2px 0"><b>t{no}</b> {faces} → '
                    f'<b>{escape(aliases[winner])}</b> ({pts} {word}{more})</li>')
    return (CSS + '<div class="shead-tricks"><div style="font-weight:700">Tricks so far</div>'
            f'<ol style="list-style:none;padding-left:0;margin:0">{"".join(rows)}</ol></div>')


def hidden_cards_html(s: Step, german: bool, picker_word: str, aliases: list[str] | None = None) -> str:
    """The blind and the bury as this view sees them at step ``s`` (faces,
    or nothing when hidden); in a leaster the blind's card points and the
    seat (of ``aliases``) whose count they joined (``Frame.blind_to``, rules.md
    D-3)."""
    f = s.frame
    parts = []
    if f.blind:
        to = getattr(f, "blind_to", None)
        head = "Blind"
        if to is not None and aliases and to < len(aliases):
            head += f" ({sum(c.points for c in f.blind)} points, counted for {escape(aliases[to])}: rules.md D-3)"
        parts.append(f'<div><div style="font-weight:700;margin-bottom:4px">{head}</div>'
                     f'{"".join(card_html(c, german=german) for c in f.blind)}</div>')
    if f.bury:
        pts = sum(c.points for c in f.bury)
        parts.append(f'<div><div style="font-weight:700;margin-bottom:4px">Bury ({pts} points)</div>'
                     f'{"".join(card_html(c, german=german) for c in f.bury)}</div>')
    if not parts:
        return ""
    return (CSS + '<div style="display:flex;gap:32px;flex-wrap:wrap;justify-content:center">'
            + "".join(parts) + "</div>")


def suit_legend() -> str:
    """The German suits in their colours, for the Schafkopf caption (HTML)."""
    names = {0: "Eichel", 1: "Gras", 2: "Herz", 3: "Schellen"}
    return " · ".join(f'<b style="color:{GERMAN_SUIT_COLOUR[s]}">{l} {names[int(s)]}</b>'
                      for s, l in zip(GERMAN_SUIT_COLOUR, "EGHS"))
