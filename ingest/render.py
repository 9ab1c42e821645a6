"""Terminal rendering of a stored hand, trick by trick (``shead replay``).

* :func:`render_frames` draws a hand from the engine's replay frames
  (:class:`replay.replay.Frame`, one after each card): the standing facts,
  each trick's cards in play order with suit symbols ♣ ♠ ♥ ♦, its winner and
  the running card points per side, the trick on which the partner showed,
  then the blind and the bury (revealed on the last frame, as at the table)
  and the settlement.
* :func:`render_hand` draws a :class:`~ingest.store.StoredHand` from its
  stored card log alone (no engine): used for hands the engine cannot replay
  from text (NetSchafkopf imports) and score-sheet hands (facts, result and
  units only).

Both end with the stored outcome: result, units and breakdown.  Plain text,
no colour codes.
"""

from __future__ import annotations

from ingest.store import StoredHand
from replay.cards import Card, CardParseError

__all__ = ["pretty_card", "render_hand", "render_frames"]


def pretty_card(card: str | None) -> str:
    """``"QC"`` → ``"Q♣"``, ``"TD"`` → ``"10♦"``, None → ``"??"``."""
    if card is None:
        return "??"
    try:
        return Card.parse(card).pretty()
    except CardParseError:
        return card


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
    if o.picker:
        facts.append(f"picker {o.picker}")
        facts.append(f"call {_call(o.call)}")
        facts.append("alone" if o.alone else f"partner {o.partner or '?'}" + (f" {o.partner2}" if o.partner2 else ""))
    elif o.outcome == "leaster":
        facts.append(f"leaster, winner {o.leaster_winner or 'tie'}")
    else:
        facts.append(o.outcome)
    facts.append(f"multiplier {o.multiplier}")
    lines.append("Facts:   " + "   ".join(facts) + f"   [{o.rules}]")
    return lines


def _tail(h: StoredHand) -> list[str]:
    o = h.outcome
    lines = []
    result = f"Result:  {o.outcome}"
    if o.picker_points is not None:
        result += f"   picker side {o.picker_points} points"
    if o.picker_tricks is not None:
        result += f", {o.picker_tricks} tricks"
    lines.append(result)
    lines.append("Units:   " + "   ".join(f"{s} {u:+d}" for s, u in o.units.items()))
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
                cells.append(f"{p.seat:>{width}} {mark}{pretty_card(p.card):<3}")
                if p.winner:
                    winner = p.seat
            lines.append(f"Trick {number}  " + "  ".join(cells) + f"   → {winner or '?'}")
    lines.append("")
    if log is not None:
        lines.append(f"Blind:   {_cards(log.blind)}")
        lines.append(f"Bury:    {_cards(log.bury)}")
    lines += _tail(h)
    return "\n".join(lines) + "\n"


def render_frames(h: StoredHand, frames: list) -> str:
    """The hand as text lines from the engine's replay ``frames`` (a list of
    :class:`replay.replay.Frame`; seats in frames are clockwise indexes into
    the hand's ``players``).  One line per finished trick: the cards, the
    winner, the picker side's and the defenders' card points so far, and a
    note on the trick where the partner became known."""
    o = h.outcome
    seats = list(o.players)
    width = max((len(s) for s in seats), default=2)
    lines = _head(h)
    lines.append("")
    partner_seen = None
    for f in frames:
        if not f.trick_done:
            continue
        cells = [f"{seats[s]:>{width}} {pretty_card(str(c)):<3}" for s, c in f.trick_cards]
        line = f"Trick {f.trick}  " + "  ".join(cells) + f"   → {seats[f.winning]}"
        if f.picker_points is not None:
            line += f"   (picker side {f.picker_points}, defenders {f.defender_points})"
        if f.partner is not None and partner_seen is None and not f.done:
            partner_seen = f.partner
            line += f"   partner {seats[f.partner]} known"
        lines.append(line)
    last = frames[-1] if frames else None
    lines.append("")
    if last is not None and last.done:
        lines.append("Blind:   " + (" ".join(pretty_card(str(c)) for c in last.blind) if last.blind else "-"))
        lines.append("Bury:    " + (" ".join(pretty_card(str(c)) for c in last.bury) if last.bury else "-"))
    lines += _tail(h)
    return "\n".join(lines) + "\n"
