"""The two-handed battery games (issue 18; docs/profiles.md "Two-handed battery
games"): tricks of four cards, each seat playing two cards to a trick.

* ``wi2-battery`` — the deal of ``wi2`` (rules.md F-1, first row: 8 cards in
  hand and 8 on the table, 4 face-down cards under 4 face-up ones), played
  as the source deals it: **eight tricks of four cards, each trick one hand
  card and one table ("battery") card from each player**, in the order
  "hand, hand, battery, battery" (``batteryOrder=handFirst``: the leader's
  hand card, the other seat's hand card, the leader's battery card, the
  other's battery card) or the reverse (``batteryOrder=batteryFirst``).
* ``wi2-all-table; allTableTrick=twoCards`` — all 32 cards on the table (8
  stacks a seat), each seat playing two face-up table cards to a trick.

A **battery card** is a face-up table card; the card under it turns face up
when it is played and is playable from the next card on (rules.md F-1 "table
cards flip as uncovered", as in ``wi2``).

Choices where the source is silent (docs/profiles.md):

* **Follow suit** (rules.md B-18) applies to every card of the trick after
  the first, the leader's second card included: a seat follows the suit of
  the trick's first card with a card of the kind its slot asks for (a hand
  card in a hand slot, a face-up battery card in a battery slot) when it
  holds one; a face-down card never counts.  A seat without such a card
  plays any card of that kind.
* The trick goes to the seat that played its highest card (B-19: the
  highest trump, else the highest card of the led suit), and that seat leads
  the next trick; the non-dealer leads trick 1 (B-8).

Everything else — card points, the outcome read from the winner's side, the
units — is ``wi2``'s (``partnerMode=none``, :mod:`replay.scoring`).
"""

from __future__ import annotations

from .cards import TRUMP, Card, cards_in
from .profile import RuleProfile
from .state import GameState

__all__ = ["BatteryState", "new_state", "winning_index"]


class BatteryState(GameState):
    """:class:`~replay.state.GameState` for the four-card tricks of the battery
    games (``profile.trick_slots`` not None).  ``hands[s]`` holds what seat
    ``s`` may play from either source (hand cards and face-up table cards,
    as in ``wi2``); ``table_cards[s]`` the seat's table cards as dealt, so a
    card of ``hands[s] & table_cards[s]`` is a battery card.

    :meth:`play` raises :class:`~replay.errors.IllegalAction` with the codes
    of :meth:`GameState.play` and ``E-BATTERY-SLOT`` — a hand card played
    where the trick's order asks for a battery card, or the reverse (even
    with ``^R``: it is not a renege, the trick is written in the wrong order).
    """

    __slots__ = ("table_cards", "slots")

    def __init__(self, profile: RuleProfile, dealer: int, hands: list[int], blind: int = 0, **kw) -> None:
        super().__init__(profile, dealer, hands, blind, **kw)
        if profile.trick_slots is None:
            raise ValueError(f"{profile.name} plays one card a seat to a trick; use GameState")
        self.slots = profile.trick_slots
        self.table_cards = [0] * self.n
        for s, stacks in enumerate(self.table or []):
            for d, u in stacks:
                self.table_cards[s] |= (1 << d) | (1 << u)

    # ---------------------------------------------------------------- the slots
    def slot(self) -> str:
        """Where the next card of the current trick comes from: ``hand`` or
        ``table`` (the order of ``batteryOrder``)."""
        return self.slots[len(self.trick)]

    def _pool(self, seat: int) -> int:
        """The cards of ``seat`` of the kind the current slot asks for."""
        h = self.hands[seat]
        if self.slot() == "table":
            return h & self.table_cards[seat]
        return h & ~self.table_cards[seat]

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now: those of the slot's kind (hand or
        face-up battery card), following the suit of the trick's first card
        when one of them can (rules.md B-18, applied to the slot's kind)."""
        pool = self._pool(seat)
        if not self.trick:
            return pool
        follow = pool & self._suit_masks[self._led]
        return follow or pool

    def play(self, seat: int, card: Card, renege: bool = False) -> None:
        """Play one card to the four-card trick.  Raises :class:`IllegalAction`
        (``E-WRONG-TURN``, ``E-TABLE-DOWN``, ``E-NOT-HELD``, ``E-CARD-PLAYED``,
        ``E-BATTERY-SLOT``, ``E-RENEGE``, ``E-RENEGE-MARK``); the state is
        unchanged then."""
        self._ready_to_play(seat, card)
        bit = 1 << card
        h = self.hands[seat]
        if not h & bit:
            if self.down[seat] & bit:  # rules.md F-1: a table card is played only once uncovered
                top = next(Card(u) for u, d in self._under.items() if d == card)
                raise self._err("E-TABLE-DOWN", f"seat {seat} plays {card}, which lies face down under {top} "
                                "(rules.md F-1: a table card turns up when the card on it is played)", card,
                                " ".join(str(c) for c in cards_in(h)))
            if any(self.taken[s] & bit for s in range(self.n)) or self.trick_mask & bit:
                raise self._err("E-CARD-PLAYED", f"{card} was already played", card, "a card still held")
            raise self._err("E-NOT-HELD", f"seat {seat} plays {card}, which it does not hold", card,
                            " ".join(str(c) for c in cards_in(h)))
        pool = self._pool(seat)
        slot = self.slot()
        k = len(self.trick) + 1
        if not pool & bit:
            want = "a face-up battery card" if slot == "table" else "a hand card"
            got = "a hand card" if slot == "table" else "a battery (table) card"
            order = ", ".join("battery" if x == "table" else x for x in self.slots)
            raise self._err("E-BATTERY-SLOT", f"card {k} of the trick is {want} ({order}), but seat {seat} plays "
                            f"{card}, {got} ({self.profile.name}, batteryOrder={self.profile.batteryOrder})", card,
                            " ".join(str(c) for c in cards_in(pool)))
        legal = self.legal_mask(seat)
        if not legal & bit:
            if not renege:
                led_card = self.trick[0][1]
                raise self._err("E-RENEGE", f"{led_card} leads; seat {seat} holds a card of that suit among its "
                                f"{'battery' if slot == 'table' else 'hand'} cards and must follow suit "
                                "(rules.md B-18)", card, " ".join(str(c) for c in cards_in(legal)))
            self.reneges.append((seat, self.trick_no + 1))
        elif renege and self.complete:
            raise self._err("E-RENEGE-MARK", f"{card} is marked ^R as a renege but it is a legal play", f"^R{card}",
                            str(card))
        # commit
        trick = self.trick
        if not trick:
            self._led = self._suit_of[card]
        self.hands[seat] = h & ~bit
        d = self._under.get(card)
        if d is not None:  # the face-down card under it turns up (rules.md F-1)
            self.hands[seat] |= 1 << d
            self.down[seat] &= ~(1 << d)
        trick.append((seat, card))
        self.trick_mask |= bit
        if len(trick) == len(self.slots):
            self._end_trick()
        else:
            self.to_act = self.next_seat(seat)


def new_state(profile: RuleProfile, dealer: int, hands: list[int], blind: int = 0, **kw) -> GameState:
    """The engine state for ``profile``: a :class:`BatteryState` in the
    battery games (four-card tricks), else a :class:`GameState`; the
    arguments are :class:`GameState`'s."""
    cls = BatteryState if profile.trick_slots is not None else GameState
    return cls(profile, dealer, hands, blind, **kw)


def winning_index(g: GameState, cards: tuple[tuple[int, Card], ...], winner: int) -> int:
    """The index in ``cards`` (a finished trick in play order) of the card
    that won it for ``winner``: the first card of ``winner`` where each seat
    plays one card; in a four-card battery trick the winner's stronger card
    (rules.md B-19: a trump over any fail, else the higher card of the led
    suit)."""
    mine = [i for i, (s, _) in enumerate(cards) if s == winner]
    if len(mine) == 1:
        return mine[0]
    o = g.profile.trumps
    led = o.suit_of[cards[0][1]]

    def rank(i: int) -> int:
        c = cards[i][1]
        su = o.suit_of[c]
        return o.strength[c] + (1000 if su == TRUMP else 0) if su == TRUMP or su == led else -1

    return max(mine, key=rank)


def mark_winning_cards(plays: list, profile: RuleProfile) -> None:
    """Correct the ``winner`` flags of a card log read back from the store
    (:class:`~replay.outcome.PlayRow` in play order), which knows each
    trick's winning seat only: in a four-card battery trick that seat played
    two cards, and only the stronger one (rules.md B-19) won it.  Does
    nothing unless ``profile.trick_slots``."""
    if profile.trick_slots is None:
        return
    o = profile.trumps
    i = 0
    while i < len(plays):
        j = i
        while j < len(plays) and plays[j].trick == plays[i].trick:
            j += 1
        flagged = [k for k in range(i, j) if plays[k].winner]
        cards = [plays[k].card for k in range(i, j)]
        if len(flagged) > 1 and None not in cards:
            led = o.suit_of[Card.parse(cards[0])]

            def rank(k: int) -> int:
                c = Card.parse(plays[k].card)
                su = o.suit_of[c]
                return o.strength[c] + (1000 if su == TRUMP else 0) if su == TRUMP or su == led else -1

            best = max(flagged, key=rank)
            for k in flagged:
                plays[k].winner = k == best
        i = j
