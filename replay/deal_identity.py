"""A deal's identity: the same cards at several tables (issue 18).

Online and browser games deal every table the same hands each day.  Two
hands are **the same deal** when each position *relative to the dealer*
holds the same set of cards and the blind holds the same cards:

* position 1 is the dealer's left (the first asked to pick and the first to
  lead, rules.md B-5, B-17), position 2 the next seat clockwise, ..., the
  last position is the dealer;
* the seats' names, the players' names, the order in which a source writes a
  hand's cards, the rule profile and everything after the deal (picks, bury,
  play) do not count;
* **seat rotation counts**: the same five hands handed out one seat further
  round the table are a *different* deal.  Position decides who is asked to
  pick first, who leads and who plays last to a trick, so a rotated deal is a
  different problem, and duplicate play compares the same cards in the same
  chair;
* the number of positions counts (five hands of six cards and a blind of two
  are not a four-handed deal), and so does the blind: a deal without a blind
  (Schafkopf, the black-queen games) hashes an empty blind.

The identity is ``"D"`` followed by 16 hex digits: the first 8 bytes of the
BLAKE2b digest of a canonical text — ``"shead-deal-1|"`` and then each
position's cards sorted by their card index (suits ♣ ♠ ♥ ♦, ranks A 10 K Q
J 9 8 7 in SHN spelling), positions joined by ``/``, then ``|`` and the sorted
blind.  64 bits: two different deals share an id with probability about
n²/2⁶⁵ among n deals (below 10⁻⁷ at 1,000,000 deals).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from hashlib import blake2b

__all__ = ["DEAL_ID_PREFIX", "canonical_deal", "deal_id", "deal_id_of_codes", "deal_id_of_log", "is_deal_id"]

#: Every deal id starts with this letter (a hand id is all digits, a content hash 32 hex digits).
DEAL_ID_PREFIX = "D"

_CARD_ORDER = {r + s: i for i, (s, r) in enumerate((s, r) for s in "CSHD" for r in "ATKQJ987")}
_CARD_ORDER.update({"6C": 32, "6S": 33})  # the 34-card deck (issue 18): a 32-card deal's id is unchanged


def _sorted_cards(cards: Iterable[str], where: str) -> list[str]:
    out = []
    for c in cards:
        if c not in _CARD_ORDER:
            raise ValueError(f"{where}: {c!r} is not a card in SHN spelling (expected e.g. 'QC', 'TD', '7H')")
        out.append(c)
    return sorted(out, key=_CARD_ORDER.__getitem__)


def canonical_deal(hands: Sequence[Iterable[str]], blind: Iterable[str] = ()) -> str:
    """The canonical text of a deal: ``hands[0]`` is the dealer's left,
    ``hands[-1]`` the dealer; cards in SHN spelling (``"QC"``, ``"TD"``).

    Raises ``ValueError`` for no hands, a card that is not a card, or a card
    dealt twice."""
    if not hands:
        raise ValueError("a deal has at least one hand")
    key = _CARD_ORDER.__getitem__
    parts = []
    for i, h in enumerate(hands):
        if not isinstance(h, (list, tuple)):
            h = list(h)  # read once: an error below reads it again
        try:
            parts.append(sorted(h, key=key))
        except KeyError:  # a card that is not a card: _sorted_cards names it and its position
            _sorted_cards(h, f"position {i + 1}")
            raise
    if not isinstance(blind, (list, tuple)):
        blind = list(blind)
    try:
        rest = sorted(blind, key=key)
    except KeyError:
        _sorted_cards(blind, "blind")
        raise
    every = [c for p in parts for c in p] + rest
    if len(set(every)) != len(every):  # the first card dealt twice, in order
        seen: set[str] = set()
        for c in every:
            if c in seen:
                raise ValueError(f"{c} is dealt twice")
            seen.add(c)
    return _text(parts, rest)


def _text(parts: list[list[str]], rest: list[str]) -> str:
    """The canonical text of positions whose cards are sorted, and the sorted blind."""
    return "shead-deal-1|" + "/".join(" ".join(p) for p in parts) + "|" + " ".join(rest)


def _id(text: str) -> str:
    return DEAL_ID_PREFIX + blake2b(text.encode("ascii"), digest_size=8).hexdigest()


def deal_id(hands: Sequence[Iterable[str]], blind: Iterable[str] = ()) -> str:
    """The deal's identity ``"D" + 16 hex digits`` (see the module text):
    ``hands`` per position from the dealer's left round to the dealer, the
    blind's cards.  Raises ``ValueError`` as :func:`canonical_deal`."""
    return _id(canonical_deal(hands, blind))


def is_deal_id(text: str) -> bool:
    """True when ``text`` has the shape of a deal id (``D`` + 16 hex digits)."""
    t = text.strip()
    return len(t) == 17 and t[0] in "Dd" and all(ch in "0123456789abcdefABCDEF" for ch in t[1:])


def deal_id_of_log(deal: Mapping[str, Sequence[str | None]], blind: Sequence[str | None],
                   seats: Sequence[str], dealer: str | None) -> str | None:
    """The deal id of a recorded hand, or None when the record is not a
    **full deal**: ``seats`` are the seat aliases clockwise, ``deal`` maps an
    alias to its dealt cards (None for an unknown card ``??``), ``dealer``
    the dealer's alias.  A full deal names its dealer and gives every seat a
    deal line, with every dealt and blind card known and no card twice.  (A
    six-handed sit-out hand, whose dealer holds nothing, is therefore not a
    full deal.)"""
    if dealer is None or dealer not in seats or not seats:
        return None
    if any(s not in deal for s in seats) or len(deal) != len(seats):
        return None
    if any(c is None for cards in deal.values() for c in cards) or any(c is None for c in blind):
        return None
    d = list(seats).index(dealer)
    n = len(seats)
    order = [seats[(d + 1 + k) % n] for k in range(n)]
    try:
        return deal_id([deal[s] for s in order], blind)  # type: ignore[arg-type]
    except ValueError:
        return None


def deal_id_of_codes(deal_seats: Sequence[int], deal_sizes: Sequence[int], deal: Sequence[int],
                     blind: Sequence[int], seats: int, dealer: int | None,
                     names: Sequence[str | None]) -> str | None:
    """:func:`deal_id_of_log` of a card log given as card codes, as the
    store keeps it (``ingest.store.card_log_row``): ``deal_seats`` the seat
    number (0-based, clockwise) of each deal line, ``deal_sizes`` its number
    of cards, ``deal`` the cards line after line, ``blind``; ``seats`` the
    number of seats, ``dealer`` the dealer's seat number (None: not known);
    ``names[code]`` a code's SHN spelling, None for an unknown card.  The
    codes must sort in the cards' canonical order (suits ♣ ♠ ♥ ♦, ranks A 10
    K Q J 9 8 7, then 6♣ 6♠), so that sorting codes sorts the cards.  None
    when the log is not a full deal (as :func:`deal_id_of_log`)."""
    if dealer is None or not 0 <= dealer < seats or len(deal_seats) != seats \
            or sorted(deal_seats) != list(range(seats)):
        return None
    every = [*deal, *blind]
    if None in map(names.__getitem__, every) or len(set(every)) != len(every):
        return None
    lines: dict[int, Sequence[int]] = {}
    start = 0
    for s, k in zip(deal_seats, deal_sizes):
        lines[s] = deal[start:start + k]
        start += k
    word = names.__getitem__
    parts = [list(map(word, sorted(lines[(dealer + 1 + k) % seats]))) for k in range(seats)]
    return _id(_text(parts, list(map(word, sorted(blind)))))
