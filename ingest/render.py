"""Terminal rendering of a stored hand, trick by trick (``shead replay``).

:func:`render_hand` draws a :class:`~ingest.store.StoredHand` from its stored
card log: the standing facts (seats, dealer, picker, call, partner,
multiplier), each trick's cards in play order with suit symbols ♣ ♠ ♥ ♦ and
its winner, then the blind and the bury, the result, the units and the
settlement breakdown.  A score-sheet hand (no card log) shows the facts,
result and units only.  The output is plain text (no colour codes).
"""

from __future__ import annotations

from ingest.store import StoredHand
from replay.cards import Card, CardParseError

__all__ = ["pretty_card", "render_hand"]


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


def render_hand(h: StoredHand) -> str:
    """The hand as text lines (see the module docstring)."""
    o = h.outcome
    lines = [f"{o.session} — hand {o.hand}   (hand id {h.hand_id}, {h.file or '?'}:{h.line})"]
    seats = list(o.players)
    width = max((len(s) for s in seats), default=2)
    lines.append("Seats:   " + "   ".join(f"{a}={n}" for a, n in o.players.items()))
    facts = [f"dealer {o.dealer or '?'}"]
    if o.picker:
        facts.append(f"picker {o.picker}")
        facts.append(f"call {_call(o.call)}")
        facts.append("alone" if o.alone else f"partner {o.partner or '?'}")
    elif o.outcome == "leaster":
        facts.append(f"leaster, winner {o.leaster_winner or 'tie'}")
    else:
        facts.append(o.outcome)
    facts.append(f"multiplier {o.multiplier}")
    lines.append("Facts:   " + "   ".join(facts) + f"   [{o.rules}]")
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
    return "\n".join(lines) + "\n"
