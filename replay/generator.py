"""A seeded generator of random legal hands under any supported profile.

For tests (hypothesis properties), the demo season and benchmarks.  Picking and
play are plausible, not good: a seat picks with a strong hand (trump count and
high trump), buries fail points, calls what the rules allow, and plays a
random legal card with a lean toward winning tricks it can win and
schmearing its partner.  Every hand is produced *through* the engine, so it is
legal by construction.

>>> import random
>>> from replay.profile import parse_rules
>>> h = random_hand(random.Random(7), parse_rules("wi5-called-ace"), dealer=0)
>>> h.state.done
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import partner_cards_gen
from .actions import (Action, Alone, BlindTrick, Blitz, Bury, Call, Castrate, Crack, Pass, Pick, Play, Recrack,
                      Roll, Share, Sheepshead)
from .cards import Card, POINTS, TRUMP, cards_in
from .profile import RuleProfile
from .battery import new_state
from .state import BLITZ_PAIRS, JACK_BLITZ_COLOURS, GameState, Phase

__all__ = ["GeneratedHand", "deal", "deal_and_pick", "deal_table", "random_hand", "random_session"]


@dataclass(slots=True)
class GeneratedHand:
    """One generated hand: the deal, the actions in order, and the final
    engine state (``state.done`` is True; ``state.settlement()`` scores it).
    ``kind`` is ``"pick"``, ``"misdeal"`` or the game played when nobody
    picked (``"leaster"``, ``"doubler"``, ``"moster"``, ``"mittler"``,
    ``"schneidster"``, ``"schwanzer"``; rules.md D).  ``pot`` is the pot's
    balance before the hand (``pot=on``, D-19)."""

    profile: RuleProfile
    dealer: int
    hands: list[int]
    blind: int
    actions: list[Action]
    state: GameState
    stake: int = 1
    kind: str = "pick"
    score_sheet: bool = False  # write it as a score-sheet line (no card log)
    number: int = 0
    pot: int = 0
    #: two-handed ``wi2`` (rules.md F-1): per seat its table stacks (down, up); else None
    table: list[list[tuple[Card, Card]]] | None = None


def deal(rng: random.Random, profile: RuleProfile, dealer: int = 0) -> tuple[list[int], int]:
    """Shuffle the profile's deck and deal: (hands as masks, blind mask).
    Under ``sitOut`` the ``dealer`` is dealt nothing (rules.md F-1).  Under
    a profile with table cards use :func:`deal_table`."""
    hands, blind, _ = deal_table(rng, profile, dealer)
    return hands, blind


def deal_table(rng: random.Random, profile: RuleProfile,
               dealer: int = 0) -> tuple[list[int], int, list[list[tuple[Card, Card]]] | None]:
    """Shuffle and deal: (hands as masks, blind mask, table or None).  With
    ``tableStacks`` (two-handed ``wi2``, rules.md F-1) each seat also gets
    that many stacks ``(face-down card, face-up card)`` from the cards after
    the hands; there is no blind then."""
    deck = profile.deck_mask
    cards = [c for c in range(deck.bit_length()) if deck >> c & 1]  # 32 cards, or 34 with the sixes
    rng.shuffle(cards)
    hs = profile.hand_size
    seats = [s for s in range(profile.players) if not (profile.sitOut and s == dealer)]
    hands = [0] * profile.players
    for i, s in enumerate(seats):
        hands[s] = sum(1 << c for c in cards[i * hs:(i + 1) * hs])
    rest = cards[len(seats) * hs:]
    if profile.tableStacks:
        k = profile.tableStacks
        table = [[(Card(rest[2 * (i * k + j)]), Card(rest[2 * (i * k + j) + 1])) for j in range(k)]
                 for i in range(len(seats))]
        return hands, 0, table
    blind = sum(1 << c for c in rest)
    return hands, blind, None


def deal_and_pick(rng: random.Random, profile: RuleProfile, dealer: int = 0, *,
                  pick_threshold: float = 5.1) -> tuple[list[int], int, int | None]:
    """A deal and who picks it, without the play (for the fair-deal tests of
    issue 18, where only the cards and the picker's seat count): (hands as
    masks, blind mask, the picker's seat or None when every seat passes).
    The picking is :func:`random_hand`'s: each seat from the dealer's left
    picks on a strong hand, later seats more readily.  Profiles with a blind
    and a pick only (not ``wi2`` nor the no-blind games)."""
    hands, blind = deal(rng, profile, dealer)
    n = profile.players
    stuck = profile.forced_pick_seat(dealer)
    for k, s in enumerate((dealer + 1 + i) % n for i in range(n)):
        if profile.sitOut and s == dealer:
            continue
        if s == stuck or (_strength(profile, hands[s]) * 6 / profile.hand_size + rng.random() * 2.0 + k * 0.25
                          >= pick_threshold + 1.0):
            return hands, blind, s
    return hands, blind, None


def _strength(profile: RuleProfile, mask: int) -> float:
    o = profile.trumps
    s = 0.0
    for c in cards_in(mask):
        if o.suit_of[c] == TRUMP:
            s += 1.0 + (0.6 if c.rank in (3, 4) else 0.0)  # queens and jacks
        elif c.rank == 0:
            s += 0.5
    return s


def _choose_bury(rng: random.Random, g: GameState) -> tuple[Card, ...]:
    """Bury two cards, preferring fail points; keep a callable suit."""
    o = g.profile.trumps
    p = g.picker
    hand = list(cards_in(g.hands[p]))
    fails = [c for c in hand if o.suit_of[c] != TRUMP]
    rng.shuffle(fails)
    fails.sort(key=lambda c: -POINTS[c])
    pool = fails + sorted((c for c in hand if o.suit_of[c] == TRUMP), key=lambda c: o.strength[c])
    k = g.profile.blind_size
    prof = g.profile
    if prof.partnerMode == "jackOfDiamonds" and prof.jdMustNotBuryJD:  # rules.md C-6: keep the partner card
        pool = [c for c in pool if c != prof.partner_card]
        hand = [c for c in hand if c != prof.partner_card]
    for _ in range(6):
        choice = tuple(pool[:k]) if rng.random() < 0.7 else tuple(rng.sample(hand, k))
        if not g.profile.calls_ace:
            return choice
        trial = _copy(g)  # would a call remain possible?  Ask the engine on a copy.
        trial.apply(Bury(choice))
        aces, tens, unders, forced = trial.legal_calls()
        if aces or tens or rng.random() < 0.3:
            return choice
        rng.shuffle(pool)
    return tuple(pool[:k])


def _copy(g: GameState) -> GameState:
    cls = type(g)  # a BatteryState keeps its own slots (replay.battery)
    new = cls.__new__(cls)
    for name in (n for k in cls.__mro__ for n in getattr(k, "__slots__", ())):
        v = getattr(g, name)
        setattr(new, name, list(v) if isinstance(v, list) else v)
    return new


def _choose_card(rng: random.Random, g: GameState, seat: int) -> Card:
    legal = list(cards_in(g.legal_mask(seat)))
    if len(legal) == 1 or rng.random() < 0.35:
        return rng.choice(legal)
    o = g.profile.trumps
    if not g.trick:
        return rng.choice(legal)
    cur = g.trick_winner(g.trick)
    friendly = (not g.leaster and g.side_of(cur) == g.side_of(seat) and g.picker is not None
                and (g.partner is not None or seat == g.picker))
    if friendly:  # schmear
        return max(legal, key=lambda c: (POINTS[c], -o.strength[c]))
    best = None
    for c in legal:
        if g.trick_winner(g.trick + [(seat, c)]) == seat:
            if best is None or o.strength[c] < o.strength[best]:
                best = c
    if best is not None and not g.leaster:
        return best
    return min(legal, key=lambda c: (POINTS[c], o.strength[c]))


def random_hand(rng: random.Random, profile: RuleProfile, dealer: int, stake: int = 1, *,
                pick_threshold: float = 5.1, crack_rate: float = 0.06, alone_rate: float = 0.08,
                pot: int = 0) -> GeneratedHand:
    """One random legal hand dealt by ``dealer``.  The picking, bury, call,
    marks and every card go through :class:`GameState`, so the hand is legal
    under ``profile`` by construction.  ``pot`` is the pot's balance before
    the hand (``pot=on``, rules.md D-19)."""
    hands, blind, table = deal_table(rng, profile, dealer)
    while not partner_cards_gen.deal_ok(profile, hands, dealer):  # issue 18: a first-two head (F-1)
        hands, blind, table = deal_table(rng, profile, dealer)
    g = new_state(profile, dealer, hands, blind, complete=True, stake=stake, pot=pot, table=table)
    actions: list[Action] = []

    def do(a: Action) -> None:
        g.apply(a)
        actions.append(a)

    n = profile.players
    stuck = profile.forced_pick_seat(dealer)  # rules.md D-13, D-14
    order = [s for s in ((dealer + 1 + i) % n for i in range(n)) if s != g.sitting]
    if profile.two_handed:  # no picking: the non-dealer heads the game (rules.md F-1, docs/profiles.md)
        order = []
        do(Pick((dealer + 1) % n))
    elif not profile.has_blind and partner_cards_gen.handles(profile):  # issue 18: give, call, first two (F-1)
        order = []
        partner_cards_gen.setup(rng, g, do)
    elif not profile.has_blind:  # no picking: the Q♣ holder heads the side (rules.md F-1)
        order = []
        do(Pick(next(s for s in range(n) if hands[s] >> Card.CQ & 1)))
    for k, s in enumerate(order):
        # later seats pick more readily (the dealer is "stuck" more often)
        # (strength scaled to a six-card hand, so other hand sizes pick about as often)
        if s == stuck or (_strength(profile, hands[s]) * 6 / profile.hand_size + rng.random() * 2.0 + k * 0.25
                          >= pick_threshold + 1.0):
            do(Pick(s))
            break
        do(Pass(s))
    if g.phase == Phase.DONE:  # doubler, or a schwanzer shown down (D-11, D-18)
        return GeneratedHand(profile, dealer, hands, blind, actions, g, stake, g.nopick or "doubler", pot=pot,
                             table=table)
    if g.leaster and profile.leasterBlind == "namedTrick":
        do(BlindTrick(rng.randint(1, profile.tricks)))  # D-3
    if g.picker is not None:
        if profile.partnerMode == "sharedBlind" and not (profile.nuclearDealer and g.picker == dealer):
            # issue 18, wi7-shared-blind: the neighbour takes part of the blind, then each buries what he took
            took = 2 if profile.pickerTakes == "two" else rng.choice((2, 3, 4))
            share = tuple(rng.sample(sorted(cards_in(blind)), took))
            do(Share(share))
            nb = g.next_seat(g.picker)
            mine = tuple(rng.sample(sorted(cards_in(g.hands[g.picker])), profile.blind_size - took))
            do(Bury(mine + tuple(rng.sample(sorted(cards_in(g.hands[nb])), took))))
        elif profile.has_blind:
            do(Bury(_choose_bury(rng, g)))
        if profile.calls_ace:
            aces, tens, unders, forced = g.legal_calls()
            strong = _strength(profile, g.hands[g.picker]) >= 6.5
            own = [c for c in cards_in(g._picked_cards()) if c.rank == 0 and not profile.trumps.is_trump(c)]
            # jdAndAce: only a picker holding the J♦ may go alone (rules.md F-1)
            may_alone = profile.partnerMode == "calledAce" or bool(g._picked_cards() >> Card.DJ & 1)
            if profile.allowCallOwnAce and own and rng.random() < 0.25:
                do(Call(rng.choice(own)))  # rules.md B-14: scored alone
            elif forced and not may_alone:
                pass  # no ace to call: the J♦ holder partners (finish_call)
            elif may_alone and (forced or (strong and rng.random() < alone_rate * 4) or rng.random() < alone_rate / 4):
                do(Alone())
            elif aces or tens:
                do(Call(rng.choice(aces or tens)))
            else:
                o = profile.trumps
                hand = sorted(cards_in(g.hands[g.picker]), key=lambda c: (POINTS[c], o.strength[c]))
                do(Call(rng.choice(unders), hand[0]))
        elif profile.partnerMode == "dieRoll" and not g.alone:  # issue 18: a die roll, as a table writes it
            if rng.random() < alone_rate / 4:
                do(Alone())
            else:
                do(Roll(rng.randint(1, profile.players - 1)))
        elif profile.jdHybridAceCall and g.alone and rng.random() < 0.5:
            aces, _, _, _ = g.legal_calls()  # rules.md C-5: a fail ace instead of the partner card
            if aces:
                do(Call(rng.choice(aces)))
        elif profile.jdCallUp and g.alone and not (profile.nuclearDealer and g.picker == dealer):
            before = profile.jdCallTiming == "beforeBlind"  # rules.md C-4d
            held = g._dealt[g.picker] if before else g._picked_cards()
            if held >> Card.DJ & 1 and not all(held >> j & 1 for j in (Card.HJ, Card.SJ, Card.CJ)) \
                    and rng.random() < 0.8:
                nxt = next(j for j in (Card.HJ, Card.SJ, Card.CJ) if not held >> j & 1)
                do(Call(nxt))
        if profile.allowSheepsheadCall != "off" and (_strength(profile, g.hands[g.picker]) >= 7.0
                                                     or rng.random() < 0.05):
            try:
                do(Sheepshead())  # rules.md C-9
            except Exception:
                pass
        # marks
        def blitzes() -> None:
            if profile.allowBlitz != "none" and rng.random() < 0.5:
                pairs = [p for p in BLITZ_PAIRS if (p[1] == "queens" and p[0] in ("black", "red"))
                         or (profile.allowBlitz == "queensAndJacks" and p[0] in JACK_BLITZ_COLOURS[profile.jackBlitz])]
                for s in g.playing_seats():
                    held = g.hands[s] | (g.bury if s == g.picker else 0)
                    for color, pair in pairs:
                        need = BLITZ_PAIRS[(color, pair)]
                        if held & need == need and rng.random() < 0.5:
                            try:
                                do(Blitz(s, color, pair))
                            except Exception:
                                pass

        if not profile.blitzAfterCrack:
            blitzes()
        if profile.allowCrack and rng.random() < (crack_rate * 5 if profile.allowCastrate else crack_rate):
            pp = g.pick_position(g.picker)
            elig = [s for s in g.playing_seats() if s != g.picker and (profile.crackEligibility == "anyDefender"
                                                              or g.pick_position(s) > pp)]
            if elig:
                try:
                    do(Crack(rng.choice(elig)))
                    if profile.allowRecrack and rng.random() < 0.3:
                        do(Recrack(g.picker))
                        if profile.allowCastrate and rng.random() < 0.5:  # rules.md E-4
                            cands = [s for s in g.playing_seats()
                                     if s not in (g.picker, g.partner) and s not in g.crack_seats]
                            do(Castrate(rng.choice(cands)))
                except Exception:
                    pass
        if profile.blitzAfterCrack:  # issue 18: a blitz only after a crack (rules.md E-5)
            blitzes()
    if g.phase != Phase.DONE:
        g.start_play()
    lead = partner_cards_gen.first_lead(rng, g)  # a first-two head leads the rank (issue 18)
    if lead is not None:
        do(Play(g.to_act, lead))
    while g.phase != Phase.DONE:
        s = g.to_act
        do(Play(s, _choose_card(rng, g, s)))
    if profile.lateBlitz and profile.allowBlitz != "none" and not g.leaster and rng.random() < 0.5:
        # issue 18, lateBlitz: a seat that played both cards of a pair declares it after the play (rules.md E-5)
        for s in g.playing_seats():
            played = 0
            for _, cards, _ in g.tricks:
                played |= sum(c.bit for seat, c in cards if seat == s)
            for (color, pair), need in BLITZ_PAIRS.items():
                if pair == "jacks" and (profile.allowBlitz != "queensAndJacks"
                                        or color not in JACK_BLITZ_COLOURS[profile.jackBlitz]):
                    continue
                if played & need == need and rng.random() < 0.5:
                    try:
                        do(Blitz(s, color, pair, late=True))
                    except Exception:
                        pass
    kind = g.nopick if g.leaster else "pick"
    return GeneratedHand(profile, dealer, hands, blind, actions, g, stake, kind, pot=pot, table=table)


def random_session(rng: random.Random, profile: RuleProfile, hands: int, *, first_dealer: int = 0,
                   misdeal_rate: float = 0.0, score_sheet_rate: float = 0.0, first_number: int = 1,
                   **kw) -> list[GeneratedHand]:
    """``hands`` consecutive hands of one session: the deal passes to the left
    after every hand (B-1), doublers stake later hands per the profile (D-12),
    the pot carries from hand to hand under ``pot=on`` (D-19).
    ``misdeal_rate`` inserts thrown-in misdeals; ``score_sheet_rate`` marks
    hands to be written as score-sheet lines."""
    out: list[GeneratedHand] = []
    dealer = first_dealer
    queued = 0
    run = 0
    pot = 0
    for i in range(hands):
        number = first_number + i
        if misdeal_rate and rng.random() < misdeal_rate:
            g = GameState(profile, dealer, [0] * profile.players, 0, complete=False)
            g.phase = Phase.DONE
            out.append(GeneratedHand(profile, dealer, [0] * profile.players, 0, [], g, 1, "misdeal", number=number))
            dealer = (dealer + 1) % profile.players
            continue
        if profile.doublerStacking == "multiplicative":
            stake = 2 ** run
        else:
            stake = 2 if queued else 1
        h = random_hand(rng, profile, dealer, stake, pot=pot, **kw)
        h.number = number
        if h.kind == "doubler":
            h.stake = 1
            h.state.stake = 1
            queued += 1
            run += 1
        else:
            if profile.doublerStacking == "multiplicative":
                run = 0
            elif queued:
                queued -= 1
        h.score_sheet = h.kind != "doubler" and score_sheet_rate > 0 and rng.random() < score_sheet_rate
        if profile.pot:
            pot += h.state.settlement().pot
        out.append(h)
        dealer = (dealer + 1) % profile.players
    return out
