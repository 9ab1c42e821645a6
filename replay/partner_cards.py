"""The partner-card games' extra moves (rules.md F-1; issue 18, h18a).

Three rules of the no-blind games of rules.md F-1 that the first table-size
work left out, kept here so that :mod:`replay.state` only calls in:

* **the pass of a partner card** (``wi6-7d-high``, F-1 six-handed row: "a
  holder of two partner cards may pass one left before the lead") —
  :func:`give`;
* **the eight-handed call** (``wi8-qc-jd-7d``, F-1 eight-handed row: "3v5,
  may call 8♦/J♥ when holding two") — :func:`qc_call`;
* **the first two cards of a rank** (``wi4-first-queens``,
  ``wi8-first-queens``, F-1 four- and eight-handed rows: "first two queens
  played, or first two of an agreed rank") — :func:`first_two_mask`,
  :func:`first_two_head`, :func:`first_two_card`.

Every function takes the :class:`~replay.state.GameState` and either changes
it or raises :class:`~replay.errors.IllegalAction` with the state unchanged.
The choices made where rules.md is silent are in docs/profiles.md
("Partner cards passed and called; the first two of a rank").
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Rank, mask_of

# No import of replay.state here (tests/test_layers.py: no import circle): the
# state calls in and sets its own phase and call type after these return.
#: :class:`replay.state.GameState`, named in the annotations below without importing it.
GameState = Any

__all__ = ["RANKS", "first_two_mask", "first_two_head", "first_two_card", "first_two_claim", "first_two_alone",
           "side_open", "give", "qc_call", "QC_CALLABLE"]

#: ``firstTwoRank`` values (docs/profiles.md) -> the rank.
RANKS: dict[str, Rank] = {"ace": Rank.ACE, "ten": Rank.TEN, "king": Rank.KING, "queen": Rank.QUEEN,
                          "jack": Rank.JACK, "nine": Rank.NINE, "eight": Rank.EIGHT, "seven": Rank.SEVEN}

#: rules.md F-1 eight-handed row: the cards a holder of two partner cards may call.
QC_CALLABLE = (Card.D8, Card.HJ)


def first_two_mask(profile) -> int:
    """The mask of the four cards of ``firstTwoRank`` under
    ``partnerMode=firstTwo``, else 0 (no check in :meth:`GameState.play`)."""
    if profile.partnerMode != "firstTwo":
        return 0
    r = RANKS[profile.firstTwoRank]
    return mask_of(Card(s * 8 + r) for s in range(4)) & profile.deck_mask


def _rank_word(g: "GameState") -> str:
    return g.profile.firstTwoRank


def first_two_head(g: "GameState", seat: int) -> None:
    """``pick S`` in a first-two game: S is the seat that plays the first
    card of the rank, the head of the side, scored as the picker (as the Q♣
    holder in the black-queens games).  Who it is shows in the play
    (:func:`first_two_card` checks it); a complete deal in which S holds no
    card of the rank is refused at once with ``E-PARTNER-CARD``.  The state
    then opens the call with call type ``first-two``."""
    mask = g._ft_mask
    if g.complete and not g.hands[seat] & mask:
        raise g._err("E-PARTNER-CARD", f"in {g.profile.name} the side is headed by the seat that plays the first "
                     f"{_rank_word(g)}; seat {seat} holds none", seat, f"a seat holding a {_rank_word(g)}")
    g.picker = seat
    g.bury_known = True  # no blind, nothing buried
    g.first_two = []


def first_two_card(g: "GameState", seat: int, card: Card) -> None:
    """A card of the rank is played (called by :meth:`GameState.play` before
    it commits the card).  The first must be the head's (``pick S``), else
    ``E-PARTNER-CARD``; the second makes its player the partner, or — when
    the head plays it too — the head plays alone (1 against the rest, as a
    player holding both black queens, F-1).  Later cards change nothing."""
    seen = g.first_two
    if seen is None or len(seen) >= 2:
        return
    if not seen and seat != g.picker:
        raise g._err("E-PARTNER-CARD", f"seat {seat} plays the first {_rank_word(g)} ({card}), so heads the side in "
                     f"{g.profile.name}; the record names seat {g.picker} (pick S names the seat of the first "
                     f"{_rank_word(g)})", seat, g.picker)
    if len(seen) == 1 and seat != g.picker and g.alone:
        raise g._err("E-ALONE-JD", f"the head is written alone, but seat {seat} plays the second {_rank_word(g)} "
                     f"({card}) and so is the partner (rules.md F-1)", seat, g.picker)
    seen.append(seat)
    if len(seen) == 2:
        if seat == g.picker:
            g.alone = True
        else:
            g.partner = seat
        g.partner_revealed = g.trick_no + 1


def first_two_alone(g: "GameState") -> None:
    """``alone`` in a first-two game: the head says it plays the first two
    cards of the rank itself.  On a score sheet it is taken as written; in a
    card log the play checks it (:func:`first_two_card`, ``E-ALONE-JD``).
    The state then closes the call."""
    g.alone = True
    g.partner = None


def side_open(g: "GameState") -> bool:
    """A first-two hand whose side the cards have not made yet (the second
    card of the rank not played, and not written alone)."""
    return bool(g._ft_mask) and not g.alone and g.partner is None


def first_two_claim(g: "GameState") -> None:
    """A claim in a first-two game before the second card of the rank is
    played leaves the side unknown: ``E-CLAIM-SIDE`` (write the tricks up to
    it)."""
    if g.first_two is not None and len(g.first_two) < 2 and not g.alone:
        raise g._err("E-CLAIM-SIDE", f"a claim before the second {_rank_word(g)} is played: in {g.profile.name} its "
                     "player is the partner, so the sides are not known yet", "claim",
                     f"the tricks up to the second {_rank_word(g)}")


def give(g: "GameState", seat: int, card: Card, back: Card | None) -> None:
    """``give S c back b`` (``wi6-7d-high``, rules.md F-1): before the lead,
    a holder of two (or all three) partner cards (Q♣ Q♠ J♦) passes one of
    them, ``card``, to the seat on the left, which passes ``back`` (a card
    of its own, not ``card``) in return, so both keep five cards and every
    seat plays every trick.  The side is then made by who holds the partner
    cards after the pass (``pick S`` names the Q♣'s holder after it).

    With the whole deal known the cards are moved and checked; without it
    (each seat holding the cards it plays, which already are the cards after
    the pass) only the card is checked.  At most one pass a hand.

    Raises ``E-GIVE`` (another profile; after the pick; a second pass; not a
    partner card; not held; a giver without two partner cards; a card given
    back that the left neighbour does not hold, or the card just received).
    """
    prof = g.profile
    if prof.partnerMode != "blackQueensJd":
        raise g._err("E-GIVE", f"a pass of a partner card in {prof.name}: only wi6-7d-high passes one (rules.md "
                     "F-1, six-handed row)", f"give {card}", "no give")
    if g.picker is not None:  # no blind: the picking phase lasts until the head is named
        raise g._err("E-GIVE", "the pass of a partner card comes before the head is named and before the lead "
                     "(rules.md F-1)", f"give {card}", "give before pick")
    if getattr(g, "given", None):
        raise g._err("E-GIVE", "a second pass of a partner card (one pass a hand)", f"give {card}", "one give")
    cards = prof.partner_cards
    if card not in cards:
        raise g._err("E-GIVE", f"{card} is not a partner card of {prof.name} "
                     f"({' '.join(c.pretty() for c in cards)})", str(card), " or ".join(map(str, cards)))
    left = g.next_seat(seat)
    if back is not None and back == card:
        raise g._err("E-GIVE", f"{card} cannot come back at once: the left neighbour passes back one of its own "
                     "cards", str(back), "a card of the left neighbour")
    if g.complete:
        held = g.hands[seat]
        if not held >> card & 1:
            raise g._err("E-GIVE", f"seat {seat} passes {card}, which it does not hold", str(card),
                         " ".join(str(c) for c in cards if held >> c & 1) or "a partner card held")
        if sum(held >> c & 1 for c in cards) < 2:
            raise g._err("E-GIVE", f"seat {seat} holds one partner card; only a holder of two may pass one left "
                         "(rules.md F-1)", f"give {card}", "a holder of two partner cards")
        if back is None:
            raise g._err("E-GIVE", "the card passed back is written ?? but the deal is known", "??",
                         "the card the left neighbour passes back")
        if not g.hands[left] >> back & 1:
            raise g._err("E-GIVE", f"seat {left} passes back {back}, which it does not hold", str(back),
                         f"a card of seat {left}")
        g.hands[seat] = held & ~(1 << card) | 1 << back
        g.hands[left] = g.hands[left] & ~(1 << back) | 1 << card
    g.given = (seat, card, back)


def qc_call(g: "GameState", card: Card, under: Card | None) -> None:
    """``call 8D`` / ``call JH`` in ``wi8-qc-jd-7d`` (rules.md F-1: "3v5, may
    call 8♦/J♥ when holding two"): the seat holding exactly two of the
    partner cards Q♣ J♦ 7♦ (the head or a partner: the side is then two
    players) calls the 8♦ or the J♥, and its holder becomes a partner (3v5
    again).  A called card held by the side already adds nobody (the caller
    does not know where it is; 2v6 stands).  Before the first card.

    With the deal not known the caller cannot be checked and the called
    card's holder is the seat that plays it (a partial log that ends in a
    claim is judged from the written ``partner``, as every partner-card game).  Raises ``E-CALL-CARD`` (not 8♦ or J♥, an
    ``under`` card), ``E-CALL-NONE`` (nobody holds two partner cards: the
    side is three, or one player holds all three and plays alone) and
    ``E-CALL-HELD`` (the caller holds the called card).
    """
    if card not in QC_CALLABLE or under is not None:
        raise g._err("E-CALL-CARD", f"{card}{' under ' + str(under) if under is not None else ''} cannot be called "
                     "in wi8-qc-jd-7d: a holder of two partner cards calls the 8♦ or the J♥ (rules.md F-1)",
                     str(card), "8D or JH")
    if g.alone:
        raise g._err("E-CALL-NONE", "the head holds all three partner cards and plays alone; a call is made by a "
                     "holder of exactly two (rules.md F-1)", f"call {card}", "no call")
    cards = g.profile.partner_cards
    if g.partner2 is not None:
        raise g._err("E-CALL-NONE", "three players hold the partner cards (3v5): nobody holds two, so nobody calls "
                     "(rules.md F-1)", f"call {card}", "no call")
    caller = None
    if g.complete or g.hands_known:
        for s in (g.picker, g.partner):
            if s is not None and sum(g.hands[s] >> c & 1 for c in cards) == 2:
                caller = s
        if caller is None:
            raise g._err("E-CALL-NONE", "nobody holds two partner cards (rules.md F-1)", f"call {card}", "no call")
        if g.hands[caller] >> card & 1:
            raise g._err("E-CALL-HELD", f"seat {caller} calls {card}, which it holds", str(card),
                         "a card another player holds")
    g.called = card
    holder = g._holder(card)  # without the deal: the seat that plays it (each holds what it plays)
    if holder is not None and holder not in (g.picker, g.partner):
        if g.partner is None:
            g.partner = holder
        else:
            g.partner2 = holder
