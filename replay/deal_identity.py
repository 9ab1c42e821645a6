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

__all__ = ["DEAL_ID_PREFIX", "canonical_deal", "deal_id", "deal_id_of_codes", "deal_id_of_log", "deal_id_of_masks",
           "is_deal_id"]

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
    of cards, ``deal`` the cards line after line, ``blind`` (sequences of
    ints or ``bytes``); ``seats`` the number of seats, ``dealer`` the
    dealer's seat number (None: not known); ``names[code]`` a code's SHN
    spelling, None for an unknown card.  The codes must sort in the cards'
    canonical order (suits ♣ ♠ ♥ ♦, ranks A 10 K Q J 9 8 7, then 6♣ 6♠),
    so that sorting codes sorts the cards.  None when the log is not a full
    deal (as :func:`deal_id_of_log`).

    When every name is two ASCII letters (or None), every code below 256
    and no deal line empty, the canonical text is made as bytes: the lines'
    sorted codes in position order, their rank and suit letters by two
    ``bytes.translate`` and the separators set in place; else card by card.
    Both give the same text."""
    if dealer is None or not 0 <= dealer < seats or len(deal_seats) != seats \
            or sorted(deal_seats) != list(range(seats)):
        return None
    letters = _letters(names)
    if letters is not None and 0 not in deal_sizes:
        try:
            cards, held = bytes(deal), bytes(blind)
        except (TypeError, ValueError):  # a code that is no byte
            letters = None
    if letters is None or 0 in deal_sizes or (cards or held) and max(cards + held) >= len(names):
        return _deal_id_by_card(deal_seats, deal_sizes, deal, blind, seats, dealer, names)
    unknown, ranks, suits = letters
    every = cards + held
    if len(every.translate(None, unknown)) != len(every) or len(set(every)) != len(every):
        return None  # an unknown card, or a card twice
    lines: dict[int, bytes] = {}
    start = 0
    for s, k in zip(deal_seats, deal_sizes):
        lines[s] = cards[start:start + k]
        start += k
    order = [bytes(sorted(lines[(dealer + 1 + k) % seats])) for k in range(seats)]
    flat = b"".join(order) + bytes(sorted(held))
    m = len(flat)
    buf = bytearray(b" " * (3 * m))  # each card's rank, suit and the separator after it
    buf[0::3] = bytearray(flat.translate(ranks))  # bytearray: compiled (Cython), a bytearray takes no bytes here
    buf[1::3] = bytearray(flat.translate(suits))
    end = 0
    for line in order:  # "/" after each position's last card, "|" after the dealer's (the last position)
        end += len(line)
        buf[3 * end - 1] = 47
    buf[3 * end - 1] = 124
    text = b"shead-deal-1|" + (bytes(buf[:-1]) if held else bytes(buf))
    return DEAL_ID_PREFIX + blake2b(text, digest_size=8).hexdigest()


#: a card's SHN spelling by its index (:data:`_CARD_ORDER`: the index order is the canonical order), as ASCII bytes
_INDEX_NAME: tuple[bytes, ...] = tuple(name.encode("ascii") for name, _ in sorted(_CARD_ORDER.items(), key=lambda kv: kv[1]))


#: the spellings of the cards of each byte value of a mask's byte ``k`` (bits ``8k .. 8k+7``), one space apart
_BYTE_NAMES: tuple[tuple[bytes, ...], ...] = tuple(
    tuple(b" ".join([_INDEX_NAME[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < len(_INDEX_NAME)])
          for b in range(256)) for k in range(5))


def _mask_names(mask: int) -> bytes:
    """The spellings of the cards of ``mask`` (bit ``i``: the card of index
    ``i``, below 40) in canonical order, one space apart (``b""`` for no
    card): the spellings of each of its five bytes, looked up."""
    b0, b1, b2, b3, b4 = _BYTE_NAMES
    return b" ".join([part for part in (b0[mask & 255], b1[mask >> 8 & 255], b2[mask >> 16 & 255],
                                        b3[mask >> 24 & 255], b4[mask >> 32 & 255]) if part])


def deal_id_of_masks(hands: Sequence[int], blind: int, dealer: int) -> str:
    """:func:`deal_id` of a full deal held as card masks, as the engine holds
    it (issue 17: the store's deal id without the cards made into codes,
    sorted and spelt one by one): ``hands[s]`` the mask of the cards dealt
    to seat ``s`` (seats clockwise, bit ``i`` the card of index ``i``:
    :class:`~replay.cards.Card`, the sixes 32 and 33), ``blind`` the mask of
    the blind as written (0: none written), ``dealer`` the dealer's seat.
    The caller vouches that it is a full deal (:func:`deal_id_of_log`: every
    seat dealt, every card known, none twice); the text hashed is
    :func:`canonical_deal`'s, so the id is the one :func:`deal_id_of_codes`
    gives of the same cards (tests/test_deal_identity.py)."""
    n = len(hands)
    text = (b"shead-deal-1|" + b"/".join([_mask_names(hands[(dealer + 1 + k) % n]) for k in range(n)]) + b"|"
            + _mask_names(blind))
    return DEAL_ID_PREFIX + blake2b(text, digest_size=8).hexdigest()


#: the last ``names`` :func:`_letters` read and what it found
_LETTERS: list = [None, None]


def _letters(names: Sequence[str | None]) -> tuple[bytes, bytes, bytes] | None:
    """``(unknown, ranks, suits)`` of a code -> spelling table: the codes
    whose name is None as bytes, and ``bytes.translate`` tables of each
    code's first and second letter; None when a name is not two ASCII
    characters or there are more than 256 codes.  Kept for the last table
    read (the store passes one table)."""
    if _LETTERS[0] is names:
        return _LETTERS[1]
    got = None
    if len(names) <= 256 and all(w is None or (len(w) == 2 and w.isascii()) for w in names):
        pad = bytes(256 - len(names))
        got = (bytes(c for c, w in enumerate(names) if w is None),
               bytes(63 if w is None else ord(w[0]) for w in names) + pad,
               bytes(63 if w is None else ord(w[1]) for w in names) + pad)
    _LETTERS[0], _LETTERS[1] = names, got
    return got


def _deal_id_by_card(deal_seats: Sequence[int], deal_sizes: Sequence[int], deal: Sequence[int],
                     blind: Sequence[int], seats: int, dealer: int, names: Sequence[str | None]) -> str | None:
    """:func:`deal_id_of_codes` card by card (its checks of the seats done)."""
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
