"""Terminal rendering of a stored hand, trick by trick (``shead replay``).

* :func:`render_frames` draws a hand from the engine's replay frames
  (:class:`replay.replay.Frame`, one after each card): the standing facts,
  each trick's cards in play order with suit symbols ♣ ♠ ♥ ♦, its winner and
  the running card points per side, the trick on which the partner showed,
  then the blind and the bury (revealed on the last frame, as at the table)
  and the settlement.
* :func:`render_schafkopf` draws a Schafkopf game from the Schafkopf
  engine's frames (:class:`replay.schafkopf.SkFrame`): German card names
  (E G H S; A Z K O U 9 8 7, as the NetSchafkopf protocols write them), the
  game announced, declarer and partner, Kontra/Re, each trick with the
  declaring party's and the opponents' Augen so far, the result in Augen and
  the Laufende (rules.md G-12, G-13).
* :func:`render_hand` draws a :class:`~ingest.store.StoredHand` from its
  stored card log alone (no engine): used for hands the engine cannot replay
  and score-sheet hands (facts, result and units only).

Both end with the stored outcome: result, units and breakdown.  Plain text,
no colour codes.
"""

from __future__ import annotations

import re

from ingest.shn.partner_statements import give_in_text
from ingest.sheet_facts import marks_names
from ingest.store import StoredHand
from replay.cards import Card, CardParseError
from replay.outcome import outcome_label, with_renege
from replay.ramsch_words import ramsch_result_line
from replay.replay import partner_known_at
from replay.schafkopf import GERMAN_SUIT, Game, SchafkopfState, SkFrame, describe_tariff, game_name, german, value_text
from replay.scoring import NOPICK_GAMES

__all__ = ["pretty_card", "render_hand", "render_frames", "render_schafkopf"]


def factor_note(multiplier: int, stake: int = 1, marks: int = 0, who: str = "", schafkopf: bool = False) -> str:
    """The hand's stake-and-marks factor with what made it (rules.md E-1; Kontra, Re, Klopfen in Schafkopf, G-18,
    G-19): ``×1 (stake 1, no marks)``, ``×2 (crack Ed)``, ``×4 (stake 2, crack Ed)`` (a doubler's stake, D-11).
    dash26 F5: a bare "stake × marks ×1" read as a formula left unfilled."""
    parts = [f"stake {stake}"] if stake and stake != 1 else []
    if who:
        parts.append(who)
    elif marks:
        parts.append(f"{marks} {'mark' if marks == 1 else 'marks'}")
    if not parts:
        parts = ["none given"] if schafkopf else ["stake 1, no marks"]
    return f"×{multiplier} ({', '.join(parts)})"


def pretty_card(card: str | None, german_suits: bool = False) -> str:
    """``"QC"`` → ``"Q♣"``, ``"TD"`` → ``"10♦"``, None → ``"??"``; with
    ``german_suits`` (a Schafkopf game) the protocol spelling of
    :func:`replay.schafkopf.german`: ``"QC"`` → ``"EO"``, ``"TD"`` → ``"SZ"``."""
    if card is None:
        return "??"
    try:
        c = Card.parse(card)
    except CardParseError:
        return card
    return german(c) if german_suits else c.pretty()


def _cards(cards: list[str | None]) -> str:
    return " ".join(pretty_card(c) for c in cards) if cards else "-"


def _call(call: str | None) -> str:
    if call is None:
        return "-"
    return " ".join(pretty_card(t) if len(t) == 2 and t[0] in "AKQJT987" else t for t in call.split())


def _head(h: StoredHand) -> list[str]:
    o = h.outcome
    lines = [f"{o.session} — hand {o.hand}   (hand id {h.hand_id}, {h.file or '?'}:{h.line})"]
    lines.append("Seats:   " + "   ".join(f"{a}={n}" for a, n in o.players.items()))
    facts = [f"dealer {o.dealer or '?'}"]
    if o.picker and o.game == "schafkopf":
        facts.append(f"declarer {o.picker}")
        facts.append(f"game {o.sk_game} tout" if o.game_type == "tout" and o.sk_game
                     else f"game {o.game_type or '?'}")
        facts.append(f"called {pretty_card(o.call, True)}" if o.call else "alone")
        if o.partner:
            facts.append(f"partner {o.partner}")
    elif o.picker:
        facts.append(f"picker {o.picker}")
        if o.alone and o.call in (None, "alone"):  # QA D13: "alone" once, not "call alone   alone"
            facts.append("alone")
        else:
            facts.append(f"call {_call(o.call)}")
            facts.append("alone" if o.alone else f"partner {o.partner or '?'}"
                         + (f" {o.partner2}" if o.partner2 else ""))
    elif o.outcome in NOPICK_GAMES:  # rules.md D: the seat the game turned on
        if o.leaster_winner:
            facts.append(f"{o.outcome}, winner {o.leaster_winner}")
        elif any(o.units.values()) and o.outcome != "leaster":
            facts.append(f"{o.outcome}, loser {min(o.units, key=o.units.get)}")
        else:
            facts.append(f"{o.outcome}, {'tie' if o.outcome == 'leaster' else 'a wash'}")
    elif o.game == "schafkopf" and o.game_type == "thrown":  # rules.md G-4: all passed, no Ramsch
        facts.append("thrown in (nobody announced)")
    else:
        facts.append(o.outcome)
    # the stake and the marks (Kontra, Re, Klopfen in Schafkopf); double on the bump and the tier are the score's
    # breakdown below (newuser17: "multiplier 1" on a hand settled at 2 a defender)
    who = marks_names(h.source)  # who cracked, recracked, blitzed, gave Kontra (new20 F7)
    facts.append(f"{'Kontra/Re/Klopfen' if o.game == 'schafkopf' else 'stake × marks'} "
                 + factor_note(o.multiplier, o.stake, o.marks, who, o.game == "schafkopf"))
    lines.append("Facts:   " + "   ".join(facts) + f"   [{o.rules}]")
    note = _HAND_NOTE.match(h.source or "")
    if note:  # the hand's own annotation, `hand N {...}` (a scorer's comment, a sheet's Notes cell)
        lines.append("Note:    " + note.group(1).strip())
    return lines


#: A stored hand's own annotation: ``{...}`` right after ``hand N`` (notation.md §3).
_HAND_NOTE = re.compile(r"\s*hand\s+\d+\s*\{([^}\n]*)\}", re.IGNORECASE)


def _tail(h: StoredHand) -> list[str]:
    o = h.outcome
    lines = []
    # 'thrown in', not 'misdeal' (G-4, verify32 F8b); '(renege)' when the renege penalty settled it (B-23, table33 F1)
    result = f"Result:  {with_renege(outcome_label(o.outcome, o.game_type), o.warnings)}"
    if o.picker_points is not None and o.game == "schafkopf":
        result += f"   declarer side {o.picker_points} Augen"
    elif o.picker_points is not None and o.game == "indiana":
        result += f"   declarer side {o.picker_points} points"
    elif o.picker_points is not None and o.picker is None and o.outcome in NOPICK_GAMES:
        # QA D11: a leaster has no picker side; the points are the winner's (rules.md D-4)
        result += (f"   winner {o.leaster_winner} {o.picker_points} points" if o.leaster_winner
                   else f"   {o.picker_points} points")
    elif o.picker_points is not None:
        result += f"   picker side {o.picker_points} points"
    if o.picker_tricks is not None:
        result += f", {o.picker_tricks} trick{'' if o.picker_tricks == 1 else 's'}"
    lines.append(result)
    if o.laufende is not None:  # a Schafkopf game with a declarer (rules.md G-13)
        if not o.laufende:
            lines.append("Laufende: none")
        elif o.laufende_with is None:  # a score sheet's score fixed the count, not the side (fixb30 F2)
            lines.append(f"Laufende: {o.laufende}, with or without not written")
        else:
            lines.append(f"Laufende: {'with' if o.laufende_with else 'without'} {o.laufende}")
    label = ("Race:    " if o.game == "indiana" else "Fox:     " if o.game == "fox"  # not units (rules.md F-5, F-6)
             else "Units:   ")
    lines.append(label + "   ".join(f"{s} {u:+d}" for s, u in o.units.items())
                 + (f"   pot {o.pot:+d}" if o.pot else ""))  # the pot, an extra seat (rules.md D-19)
    if o.breakdown:
        lines.append(f"Scored:  {o.breakdown}")
    for w in o.warnings:
        lines.append(f"Warning: {w}")
    return lines


def render_hand(h: StoredHand) -> str:
    """The hand as text lines from its stored card log (see the module
    docstring)."""
    o = h.outcome
    lines = _head(h)
    seats = list(o.players)
    width = max((len(s) for s in seats), default=2)
    log = h.cardlog
    if log is not None and log.plays:
        lines.append("")
        tricks: dict[int, list] = {}
        for p in log.plays:
            tricks.setdefault(p.trick, []).append(p)
        for number, plays in tricks.items():
            cells = []
            winner = None
            for p in plays:
                mark = "^R" if p.renege else ""
                cells.append(f"{p.seat:>{width}} {mark}{pretty_card(p.card, o.game == 'schafkopf'):<3}")
                if p.winner:
                    winner = p.seat
            lines.append(f"Trick {number}  " + "  ".join(cells) + f"   → {winner or '?'}")
    lines.append("")
    if log is not None and o.game != "schafkopf":  # Schafkopf has no blind (rules.md G-2)
        lines.append(f"Blind:   {_cards(log.blind)}")
        lines.append(f"Bury:    {_cards(log.bury)}")
    lines += _tail(h)
    return "\n".join(lines) + "\n"


def _nopick_points(o, seats: list[str], last) -> str:
    """A played no-pick game's card points per seat (QA D11): each seat's
    tricks, the blind added where the engine's last frame puts it
    (``Frame.blind_to``, rules.md D-3: the last trick's winner by default,
    ``leasterBlind``), e.g. ``Points:  Ann 0 (0 tricks)
    Bob 77 (3 tricks, incl. the blind 11: took the last trick) ...``."""
    how = str((o.rules_flags or {}).get("leasterBlind", "lastTrick"))
    blind = sum(c.points for c in (last.blind or ()))
    to = last.blind_to
    why = "took the last trick" if how == "lastTrick" else "won the named trick"
    cells = []
    for i, a in enumerate(seats):
        t = last.seat_tricks[i]
        extra = f", incl. the blind {blind}: {why}, rules.md D-3" if i == to else ""
        cells.append(f"{a} {last.seat_points[i]} ({t} trick{'' if t == 1 else 's'}{extra})")
    note = "" if to is not None else ("   (the blind: nobody's, leasterBlind=none)" if how == "none"
                                      else f"   (the blind {blind}: to the seat that {why}, rules.md D-3)")
    return "Points:  " + "   ".join(cells) + note


def _bury_line(f, bury: int) -> str:
    """The bury's line after a hand's last trick or its claim: its cards,
    their ``bury`` card points for the picker side (rules.md B-24) and the
    final count of the last frame ``f``."""
    return (f"Bury    {' '.join(pretty_card(str(c)) for c in f.bury)}: {bury} card points to the picker side "
            f"(rules.md B-24)   (picker side {f.picker_points}, defenders {f.defender_points})")


def render_frames(h: StoredHand, frames: list) -> str:
    """The hand as text lines from the engine's replay ``frames`` (a list of
    :class:`replay.replay.Frame`; seats in frames are clockwise indexes into
    the hand's ``players``).  One line per finished trick: the cards, the
    winner, the picker side's and the defenders' card points so far from the
    tricks, and a note on the trick where the partner became known (the
    card that made it known: :func:`replay.replay.partner_known_at`, as the
    ``--seat`` views and the frames' ``partner``); a claim's line with the
    card points it gives and the sides' count after it (notation.md §3);
    after the last trick or the claim a line for the bury, whose card points
    count for the picker side (rules.md B-24), with the final count."""
    o = h.outcome
    seats = list(o.players)
    width = max((len(s) for s in seats), default=2)
    lines = _head(h)
    lines.append("")
    given = give_in_text(h.source)  # wi6-7d-high: the pass of a partner card before trick 1 (issue 18)
    if given is not None and given[0] in seats:
        left = seats[(seats.index(given[0]) + 1) % len(seats)]
        lines.append(f"Passed  {given[0]} {pretty_card(given[1])} to {left}, {left} {pretty_card(given[2])} back "
                     "(before the lead, rules.md F-1)")
    # the trick whose card made the partner known (rules.md B-9, C-1), the one answer the seat views use too
    k = partner_known_at(frames)
    known_at = (frames[k].trick, frames[k].partner) if k is not None else None
    # the cards marked ^R (rules.md B-23; table33 F1): (trick, seat alias) of each, from the stored card log
    marked = {(p.trick, p.seat) for p in h.cardlog.plays if p.renege} if h.cardlog is not None else set()
    for f in frames:
        if getattr(f, "claim", None) is not None:  # a Sheepshead claim (notation.md §3)
            seat, after, given, pts = f.claim
            what = " ".join(pretty_card(str(c)) for c in given) if given is not None else "the cards not yet played"
            line = (f"Claim   {seats[seat]} after trick {after}: the remaining tricks go to {seats[seat]}'s side "
                    f"({what}" + (f", {pts} card points" if pts is not None else "") + ")")
            # table33 F5: the count after the claim, then the bury's own line as after a last trick (B-24)
            bury = sum(c.points for c in f.bury) if f.done and f.bury and f.picker_points is not None else None
            if f.picker_points is not None:
                line += f"   (picker side {f.picker_points - (bury or 0)}, defenders {f.defender_points})"
            lines.append(line)
            if bury is not None:
                lines.append(_bury_line(f, bury))
            continue
        if not f.trick_done:
            continue
        cells = [f"{seats[s]:>{width}} " + (f"^R{pretty_card(str(c))}" if (f.trick, seats[s]) in marked
                                              else f"{pretty_card(str(c)):<3}") for s, c in f.trick_cards]
        line = f"Trick {f.trick}  " + "  ".join(cells) + f"   → {seats[f.winning]}"
        # the last frame's count holds the bury (rules.md B-24): the trick's line shows the tricks only and
        # the bury gets its own line after it, so a trick the defenders won never reads as the picker side's
        bury = sum(c.points for c in f.bury) if f.done and f.bury and f.picker_points is not None else None
        if f.picker_points is not None:
            line += f"   (picker side {f.picker_points - (bury or 0)}, defenders {f.defender_points})"
        if known_at is not None and f.trick == known_at[0]:
            line += f"   partner {seats[known_at[1]]} known"
        under = getattr(f, "under", None)
        if under is not None and f.picker is not None and any(c == under for _, c in f.trick_cards):
            # house32 F2: which card is the under card (a Q♠ losing to A♥ on a heart lead said no word why)
            line += (f"   {seats[f.picker]}'s under card {pretty_card(str(under))} (rules.md B-11: it cannot win; "
                     f"its {under.points} points go to the trick's winner)")
        lines.append(line)
        if bury is not None:
            lines.append(_bury_line(f, bury))
    last = frames[-1] if frames else None
    lines.append("")
    if last is not None and last.done:
        lines.append("Blind:   " + (" ".join(pretty_card(str(c)) for c in last.blind) if last.blind else "-"))
        if getattr(last, "leaster", False):
            lines.append(_nopick_points(o, seats, last))
        else:
            lines.append("Bury:    " + (" ".join(pretty_card(str(c)) for c in last.bury) if last.bury else "-"))
    lines += _tail(h)
    return "\n".join(lines) + "\n"


def _sau(card: Card) -> str:
    return f"{GERMAN_SUIT[card.suit]}-Sau ({german(card)})"


def render_schafkopf(h: StoredHand, state: SchafkopfState, frames: list[SkFrame]) -> str:
    """A Schafkopf game as text lines from the engine's replay: ``state`` is
    the finished :class:`~replay.schafkopf.SchafkopfState` and ``frames``
    its :class:`~replay.schafkopf.SkFrame` list (seats are clockwise indexes
    into the hand's ``players``).  Cards in German names (:func:`german`:
    ``EO`` the Eichel-Ober, ``SA`` the Schellen-Sau, ``HZ`` the Herz-10).

    Lines: the game (announced game, declarer, dealer, rule profile), the
    called Sau and its holder, Kontra/Re, the dealt cards, one line per trick
    (cards in play order, winner, Augen so far: declaring party and opponents,
    or each seat in a Ramsch; the trick where the partner became known), the
    result in Augen (61 wins, 60-60 loses; schneider at 90/30, schwarz by
    tricks: rules.md G-12), the Laufende (G-13), the price (G-14, G-15; the
    value's parts, then Kontra/Re) and the stored units."""
    o = h.outcome
    seats = list(o.players)
    width = max((len(s) for s in seats), default=2)
    lines = [f"{o.session} — game {o.hand}   (hand id {h.hand_id}, {h.file or '?'}:{h.line})"]
    lines.append("Seats:    " + "   ".join(seats) + f"   dealer {seats[state.dealer]}")
    ramsch = state.game is Game.RAMSCH
    if ramsch:
        lines.append(f"Game:     Ramsch (nobody announced a game; each plays alone, most Augen loses)   [{o.rules}]")
    else:
        kind = {Game.SAUSPIEL: "Sauspiel: 2 against 2"}.get(state.game, "alone against 3")
        lines.append(f"Game:     {seats[state.declarer]} plays {game_name(state.game, state.suit, state.tout)} "
                     f"({kind})   declarer {seats[state.declarer]}   [{o.rules}]")
        if state.called is not None:
            lines.append(f"Called:   the {_sau(state.called)}, held by {seats[state.partner]} (partner)")
        else:
            lines.append("Partner:  none (the declarer plays alone against three)")
    lines.append("Tariff:   " + describe_tariff(state.profile))
    if state.klopfer:
        who = [seats[s] for s in state.klopfer if s is not None]
        lines.append(f"Before:   doubled {len(state.klopfer)}× before the game (Klopfen / aufgedoppelt, ×"
                     f"{2 ** len(state.klopfer)})" + (f" by {', '.join(who)}" if len(who) == len(state.klopfer)
                                                      else "; who doubled is not recorded"))
    if state.doublings:
        words = ["Kontra", "Re"] + [f"doubling {k}" for k in range(3, state.doublings + 1)]
        who = [seats[s] if s is not None else None for s in state.doubling_seats]
        named = [w + (f" by {x}" if x else "") for w, x in zip(words, who)]
        lines.append(f"Doubled:  {', '.join(named)} (×{2 ** state.doublings})"
                     + ("" if all(who) else "; who doubled is not recorded"))
    elif not ramsch:
        lines.append("Doubled:  no Kontra")
    lines.append("")
    dealt = h.cardlog.deal if h.cardlog is not None else {}
    for s in seats:  # as dealt, in the order the source wrote them
        lines.append(f"Dealt:    {s:<{width}}  " + " ".join(german(Card.parse(c)) if c else "??"
                                                           for c in dealt.get(s, [])))
    lines.append("")
    partner_seen = False
    for f in frames:
        if not f.trick_done:
            continue
        cells = [f"{seats[s]:>{width}} {german(c)}" for s, c in f.trick_cards]
        line = f"Trick {f.trick}  " + "  ".join(cells) + f"   → {seats[f.winning]}"
        if f.party_points is not None:
            line += f"   (declarer side {f.party_points}, opponents {f.opponent_points} Augen)"
        else:
            line += "   (Augen " + ", ".join(f"{seats[s]} {f.seat_points[s]}" for s in range(4)) + ")"
        if (state.partner is not None and not partner_seen and state.partner_revealed is not None
                and f.trick >= state.partner_revealed):
            partner_seen = True
            line += f"   partner {seats[state.partner]} known"
        lines.append(line)
    lines.append("")
    last = frames[-1] if frames else None
    if last is not None and last.done:
        r = state.result()
        if ramsch:  # who lost, a tie, the Jungfrauen, a Durchmarsch: one sentence with the Replay page's
            lines.append(f"Result:   {ramsch_result_line(state, seats)}")
        else:
            if state.partner is not None:
                side = f"{seats[state.declarer]} and {seats[state.partner]} {'win' if r.won else 'lose'}"
            else:
                side = f"{seats[state.declarer]} {'wins' if r.won else 'loses'}"
            extra = " schwarz" if r.schwarz else " schneider" if r.schneider else ""
            tout = " (Tout: every trick needed)" if r.tout else ""
            lines.append(f"Result:   {side}{extra}{tout}: declarer side {r.party_points} Augen, {r.party_tricks} "
                         f"tricks; opponents {120 - r.party_points} Augen")
            lf = r.laufende
            run = [german(c) for c in state.order.trumps if state.profile.deck >> c & 1][:lf.run]
            holder = "the declaring party" if lf.with_ else "the opponents"
            minimum = state.profile.laufendeMin.of(state.game)
            if lf.counted:
                lines.append(f"Laufende: {'with' if lf.with_ else 'without'} {lf.counted} — {holder} held "
                             f"{' '.join(run)}")
            else:
                lines.append(f"Laufende: none — {holder} held only {' '.join(run)} (run of {lf.run}; "
                             f"{minimum} needed)")
    if last is not None and last.settlement is not None:
        st = last.settlement
        if ramsch:
            head = " × ".join(f"{n} {v}" for n, v in st.factors)
        else:  # the value's parts (base, schneider, schwarz, Laufende, Tout), then Kontra/Re and Klopfen
            head = value_text(r.value_parts)
            if st.factors[1:]:
                head = f"({head} = {r.value})" + "".join(f" × {n} {v}" for n, v in st.factors[1:])
        each = ("each loser pays one winner" if state.game is Game.SAUSPIEL else
                ("each tied loser pays each player who did not lose" if len(r.losers) > 1 else
                 "the loser pays each other player") if ramsch and st.outcome == "ramsch" and r.durchmarsch is None
                else "each opponent pays or receives")
        if ramsch and "Jungfrau" in st.summary and not any(n.startswith("Jungfrau") for n, _ in st.factors):
            each += ", a Jungfrau (a player without a trick) paid double"  # jungfrau=doublesOwn (G-17)
        lines.append(f"Price:    {head} = {st.per_defender} ({each}; rules.md {'G-17' if ramsch else 'G-15'})")
    if (last is not None and last.settlement is not None and o.breakdown
            and list(o.units.values()) != list(last.settlement.units)):
        # the table agreed (^) other facts or another score than the cards give: the ledger's are those
        # (notation.md §14.5; sk17 F1: the cards' price stood above the agreed units without a word)
        res = state.result()
        if not ramsch and (o.picker_points, o.picker_tricks) != (res.party_points, res.party_tricks):
            lines.append(f"Agreed:   {o.picker_points} Augen, {o.picker_tricks} tricks, as the table agreed "
                         f"(W-AGREED below): {o.breakdown}")
        else:  # the score alone (break17 F8: the line repeated the cards' price and said Augen were agreed)
            lines.append("Agreed:   the score, as the table agreed (W-AGREED below): the units are the table's, "
                         "not the price above")
    lines.append("Units:    " + "   ".join(f"{s} {u:+d}" for s, u in o.units.items()))
    for w in o.warnings:
        lines.append(f"Warning:  {w}")
    return "\n".join(lines) + "\n"

