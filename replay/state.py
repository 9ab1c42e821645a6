"""A Sheepshead hand as one mutable state machine, at every table size of rules.md F-1.

:class:`GameState` starts from the deal and takes :mod:`replay.actions` through
:meth:`GameState.apply` (or the fast :meth:`GameState.play`).  An action the
rules forbid raises :class:`~replay.errors.IllegalAction` and leaves the state
as it was, so a replay stops at the first illegal card and invents nothing.

Phases (rules.md B-8): ``PICK`` (pick or pass in turn, B-5) → ``BURY`` (B-7) →
``CALL`` (B-9..B-16, C-1..C-4) → ``MARKS`` (crack, re-crack, blitz: E-1..E-6) →
``PLAY`` (one trick per card in a hand: six at five-handed, B-17..B-22) →
``DONE``.  Everyone passing goes straight to a leaster's ``PLAY`` (also a
moster, mittler or schneidster: each plays for themselves) or, for a doubler
or a schwanzer (no play), to ``DONE`` (D-2..D-18).  Under
``noPick=forcedPick`` the stuck seat may not pass (D-13).  Without a blind
(the black-queens games, F-1) ``PICK`` names the Q♣ holder and goes straight
to ``CALL``.

Knowledge may be partial: ``hands`` are the cards each seat is known to hold.
``complete`` says the deal is fully known (every seat's hand and the blind);
when it is not (a hand written with tricks but no ``deal`` lines), each seat is
given the cards it plays and checks that need unseen cards are skipped.

Hands are bit masks (:mod:`replay.cards`); seats are 0..n-1 clockwise.

Table sizes (rules.md F-1): the profile gives the seats, the deck, the hand
and blind sizes and the tricks.  Under ``sitOut`` (six at the table playing the
five-handed game) the dealer is dealt nothing, is skipped in the picking and
in every trick, and settles 0 (:attr:`GameState.sitting`).
"""

from __future__ import annotations

import enum
from .actions import (Action, Alone, BlindTrick, Blitz, Bury, Call, Castrate, Claim, Crack, Pass, Pick, Play, Recrack,
                      Roll, Share, Sheepshead)
from . import partner_cards  # issue 18 (h18a): the give, the wi8 call, the first two of a rank (rules.md F-1)
from .actions import GiveCard
from .cards import _CARD_OF, TRUMP, Card, Rank, Suit, cards_in, mask_of, points_of
from .errors import IllegalAction
from .pot import settle_pot
from .profile import RuleProfile
from .seven import (check_roll, check_roll_written, check_share, check_shared_bury, is_nuclear, nuclear_settlement,
                    roll_partner)
from .scoring import (Settlement, leaster_winner, mittler_winner, moster_seat, picked_result, schneidster_winner,
                      schwanzer_loser, leaster_pays_triple, settle_leaster, settle_nopick, settle_picked, settle_void)

__all__ = ["Phase", "GameState", "CallType", "next_seat", "successors"]


def next_seat(n: int, sitting: int | None, seat: int) -> int:
    """The next seat clockwise after ``seat`` at a table of ``n`` seats,
    skipping ``sitting`` (the dealer who sits out, rules.md F-1; None: nobody)."""
    s = seat + 1 if seat + 1 < n else 0
    if s == sitting:
        s = s + 1 if s + 1 < n else 0
    return s


_SUCCESSORS: dict[tuple[int, int | None], tuple[int, ...]] = {}


def successors(n: int, sitting: int | None) -> tuple[int, ...]:
    """``successors(n, sitting)[s] == next_seat(n, sitting, s)`` for every
    seat ``s`` (one tuple per table size and sitting seat, made once): the
    hot path's next seat as one index instead of a call."""
    key = (n, sitting)
    t = _SUCCESSORS.get(key)
    if t is None:
        t = _SUCCESSORS[key] = tuple(next_seat(n, sitting, s) for s in range(n))
    return t


_QUEENS_BLACK = Card.CQ.bit | Card.SQ.bit
_QUEENS_RED = Card.HQ.bit | Card.DQ.bit
#: The pairs a blitz shows (rules.md E-5): both black or both red queens; with
#: ``allowBlitz=queensAndJacks`` also both black (J♣ J♠) or both red (J♥ J♦)
#: jacks, the colour pairs of the queen blitz (docs/profiles.md, house rules).
BLITZ_PAIRS = {
    ("black", "queens"): _QUEENS_BLACK,
    ("red", "queens"): _QUEENS_RED,
    ("black", "jacks"): Card.CJ.bit | Card.SJ.bit,
    ("red", "jacks"): Card.HJ.bit | Card.DJ.bit,
    # issue 18, ``jackBlitz``: the middle jacks J♠ J♥, and all four jacks in one hand
    ("middle", "jacks"): Card.SJ.bit | Card.HJ.bit,
    ("four", "jacks"): Card.CJ.bit | Card.SJ.bit | Card.HJ.bit | Card.DJ.bit,
}
#: The jack blitzes each ``jackBlitz`` value plays (issue 18, rules.md E-5).
JACK_BLITZ_COLOURS = {"colours": ("black", "red"), "middle": ("middle",), "four": ("four",)}
_JACKS_UP = (Card.HJ, Card.SJ, Card.CJ)  # call-up order, rules.md C-4a


class Phase(enum.IntEnum):
    PICK = 0
    BURY = 1
    CALL = 2
    MARKS = 3
    PLAY = 4
    DONE = 5


#: The members as module names (issue 17): ``Phase.DONE`` is a metaclass look-up (``EnumType``
#: has a ``__getattr__``, which makes every class attribute about 0.35 µs), a module name a dict hit.
_PICK, _BURY, _CALL, _MARKS, _PLAY, _DONE = Phase.PICK, Phase.BURY, Phase.CALL, Phase.MARKS, Phase.PLAY, Phase.DONE
_ACE, _TEN = Rank.ACE, Rank.TEN  # the ranks a call names (rules.md B-9, B-10), as module names too
#: a card's bit is ``_ONE << card`` (compiled, replay/state.pxd makes it a 64-bit unsigned C int, so the shift
#: is done in C: the cards are 0..33)
_ONE = 1
_SIZES: dict[tuple[int, int | None, int], tuple[int, ...]] = {}


def _hand_sizes(n: int, sitting: int | None, hand_size: int) -> tuple[int, ...]:
    """The cards each seat is dealt: ``hand_size``, 0 for the dealer who sits
    out (rules.md F-1); one tuple per table, made once."""
    key = (n, sitting, hand_size)
    t = _SIZES.get(key)
    if t is None:
        t = _SIZES[key] = tuple(0 if s == sitting else hand_size for s in range(n))
    return t

def _strongest(mask: int, strength: tuple[int, ...]) -> int:
    """The card of ``mask`` (cards of one effective suit, rules.md B-18)
    with the highest ``strength`` (its trump order's, rules.md A-2, A-3):
    the card that wins a trick among them (B-19)."""
    best = -1
    top = -1
    c = 0  # the card of mask's lowest bit (compiled, replay/state.pxd: C ints, no Python int made)
    while mask:
        if mask & 1:
            st = strength[c]
            if st > best:
                best, top = st, c
        mask >>= 1
        c += 1
    return top


#: Per profile (keyed by its id; the profile is kept in the value and checked):
#: what a deal reads from it, made once (profiles are never changed in place).
_FACTS: dict[int, tuple] = {}


def calls_allowed(profile: RuleProfile, hand: int, picked: int) -> tuple[list[Card], list[Card], list[Card], bool]:
    """(callable aces, callable tens, aces callable with an unknown card,
    forced alone) of a picker who keeps ``hand`` after the bury and held
    ``picked`` before it (card masks; rules.md B-9..B-13).  The one
    statement of the call rules: the engine's (:meth:`GameState.legal_calls`)
    and the score-sheet judge's, which knows the picker's cards from its
    deal line, the blind and the bury alone (``replay.judge_wi``)."""
    fm = profile.trumps.suit_masks[:4]
    # the fail suits whose ace the picker lacks after the pick (Card index s*8 is the ace, s*8+1 the ten),
    # and the aces among them of a suit the picker holds
    missing: list[int] = []
    aces: list[Card] = []
    for s in 0, 1, 2, 3:
        if fm[s] and not picked >> (s * 8) & 1:
            missing.append(s)
            if hand & fm[s]:
                aces.append(_CARD_OF[s * 8])
    tens: list[Card] = []
    unders: list[Card] = []
    if not missing:  # all the fail aces (B-10)
        tens = [_CARD_OF[s * 8 + 1] for s in range(4) if fm[s] and not picked >> (s * 8 + 1) & 1 and hand & fm[s]]
    elif not aces:
        blocked = profile.noBuryIntoUnknown and any(picked & fm[s] for s in missing)
        if not blocked:
            unders = [_CARD_OF[s * 8] for s in missing if not hand & fm[s]]
    forced = not aces and not tens and not unders
    return aces, tens, unders, forced


def _profile_facts(profile: RuleProfile) -> tuple:
    """``(profile, players, playing, sitOut, trumps, deck_mask, hand_size,
    blind_size, tableStacks, partner_card, tricks, first_two_mask, tops)`` of
    ``profile`` (rules.md F-1), looked up instead of read again from its
    properties at every deal; ``tops`` is a cache of :func:`_strongest` by
    mask for the profile's trump order, filled by the tricks played."""
    hit = _FACTS.get(id(profile))
    if hit is not None and hit[0] is profile:
        return hit
    hit = (profile, profile.players, profile.playing, profile.sitOut, profile.trumps, profile.deck_mask,
           profile.hand_size, profile.blind_size, profile.tableStacks, profile.partner_card, profile.tricks,
           partner_cards.first_two_mask(profile), {})
    if len(_FACTS) >= 1024:
        _FACTS.clear()
    _FACTS[id(profile)] = hit
    return hit


class CallType(str, enum.Enum):
    """How the picker's side was formed (design.md 4, partner-call outcomes)."""

    ACE = "ace"
    TEN = "ten"
    UNDER = "under"
    ALONE = "alone"
    JD = "jd"  # jack of diamonds partner (or the J♣ under jdPartnerCard=JC, C-7)
    JD_CALLUP = "jd-callup"
    OWN_ACE = "own-ace"  # the picker called an ace they hold: scored alone (B-14, allowCallOwnAce)
    QUEENS = "queens"  # black queens partners, no blind (rules.md F-1)
    FIRST_TWO = "first-two"  # the first two cards of a rank played are partners (F-1; issue 18)
    DIE_ROLL = "die-roll"  # the seat a written die roll names (wi7-die-roll, issue 18; replay/seven.py)
    SHARED = "shared-blind"  # the neighbour who shares the blind (wi7-shared-blind, issue 18)


#: The call types as module names (see ``_PICK`` above).
_CT_ACE = CallType.ACE
_CT_TEN = CallType.TEN
_CT_UNDER = CallType.UNDER
_CT_ALONE = CallType.ALONE
_CT_JD = CallType.JD
_CT_JD_CALLUP = CallType.JD_CALLUP
_CT_OWN_ACE = CallType.OWN_ACE
_CT_QUEENS = CallType.QUEENS
_CT_FIRST_TWO = CallType.FIRST_TWO
_CT_DIE_ROLL = CallType.DIE_ROLL
_CT_SHARED = CallType.SHARED


def bury_count_error(profile: RuleProfile, cards: tuple[Card | None, ...]) -> IllegalAction | None:
    """``E-BURY-COUNT`` when a bury of known ``cards`` is not exactly the
    blind's size (rules.md B-7, F-1: two at five-handed) or names a card
    twice (an unknown card, None, counts but repeats nothing); else None.
    Needs no deal: a score-sheet bury is checked by the validator with the
    same rule."""
    k = profile.blind_size
    if len(cards) != k:
        return IllegalAction("E-BURY-COUNT", f"the picker buries {len(cards)} cards; the bury is exactly {k} "
                             "(rules.md B-7)", found=len(cards), expected=k)
    known = [c for c in cards if c is not None]  # a score sheet may write ?? for a buried card
    if mask_of(known).bit_count() != len(known):
        return IllegalAction("E-BURY-COUNT", "the same card is buried twice", found=" ".join(map(str, cards)),
                             expected=f"{k} different cards")
    return None


class GameState:
    """The state of one hand.

    Construct with the profile, the dealer seat, the dealt hands (bit masks,
    one per seat) and the blind mask.  ``complete`` (default: True when every
    hand has the profile's hand size and the blind its size) says whether the
    deal is fully known.  ``stake`` is the multiplier from earlier doublers;
    ``pot`` the pot's balance before the hand (``pot=on``, rules.md D-19).

    Raises :class:`IllegalAction` ``E-DEAL-DUPLICATE`` when a card is dealt
    twice, ``E-DEAL-SIZE`` when a complete deal has a hand of the wrong size,
    ``E-DECK`` for a card that is not in the profile's deck (rules.md F-1) and
    ``E-SIT-OUT`` when the dealer who sits out holds cards.

    ``n`` is the number of seats, ``np`` the number that play the hand;
    ``sitting`` is the dealer under ``sitOut`` (else None).

    ``table`` (two-handed ``wi2``, rules.md F-1): per seat its stacks
    ``[(face-down card, face-up card), ...]``.  ``hands[s]`` then holds the
    cards ``s`` may play (hand and face-up cards), ``down[s]`` the face-down
    ones; raises ``E-TABLE-NONE`` / ``E-TABLE-SIZE`` for table cards the
    profile does not deal.
    """

    __slots__ = (
        "profile", "n", "dealer", "hands", "blind", "complete", "stake", "phase", "to_act",
        "passes", "picker", "bury", "bury_known", "called", "under", "call_type", "partner", "alone",
        "cracks", "recracks", "castrates", "blitzes", "sheepshead", "crack_seats", "marks_log", "trick_no", "leader",
        "trick", "_pcard", "_hybrid",
        "trick_mask", "tricks", "taken", "ntaken", "called_trick", "partner_revealed", "reneges",
        "leaster", "claimed", "claim_seat", "claim_points_known", "claim_after", "claimed_cards", "_order", "_called_suit_mask",
        "_fail_masks", "_dealt", "last_winner",
        "_suit_of", "_strength", "_nt", "_special", "_cs", "_led", "_ten_up", "_suit_masks",
        "nopick", "blind_trick", "pot",
        "sitting", "np", "partner2", "down", "_under", "table", "hands_known", "roll", "shared",
        "_ft_mask", "first_two", "given",  # issue 18 (h18a): replay/partner_cards.py
        "_succ",  # successors(n, sitting): the next seat clockwise of each seat
        "_led_mask", "_rare",  # play's fast checks (GameState._lead, __init__)
        "_tops",  # _strongest by mask, per profile (_profile_facts)
        "_forced",  # the seat that may not pass (profile.forced_pick_seat(dealer)), or None
    )

    def __init__(self, profile: RuleProfile, dealer: int, hands: list[int], blind: int = 0, *,
                 complete: bool | None = None, stake: int = 1, pot: int = 0,
                 table: list[list[tuple[Card, Card]]] | None = None, hands_known: bool = True):
        _, n, playing, sit_out, order, deck_mask, hand_size, blind_size, stacks, pcard, n_tricks, ft_mask, tops = \
            _profile_facts(profile)
        if len(hands) != n:
            raise ValueError(f"{len(hands)} hands for {n} players")
        self.profile = profile
        self.n = n
        self.dealer = dealer
        sitting = self.sitting = dealer if sit_out else None
        self.np = playing
        self._succ = successors(n, sitting)
        self._order = order
        seen = blind
        if table is None:  # no table cards (every game but wi2): no face-down or face-up masks
            down, under, up = [0] * n, {}, None
            dealt = hands
        else:
            down, under, up = self._table_masks(profile, table, n)
            dealt = [*hands, *down, *up]
        for h in dealt:
            dup = seen & h
            if dup:
                c = next(cards_in(dup))
                raise IllegalAction("E-DEAL-DUPLICATE", f"{c} is dealt twice", found=str(c), expected="each card once")
            seen |= h
        stray = seen & ~deck_mask
        if stray:
            c = next(cards_in(stray))
            raise IllegalAction("E-DECK", f"{c} is not in the {profile.deck}-card deck of {profile.name} "
                                "(rules.md F-1)", found=str(c), expected=f"a card of the {profile.deck}-card deck")
        if sitting is not None and hands[sitting]:
            c = next(cards_in(hands[sitting]))
            raise IllegalAction("E-SIT-OUT", f"seat {sitting} deals and sits out, but holds {c} (rules.md F-1)",
                                found=str(c), expected="no cards for the dealer")
        sizes = _hand_sizes(n, sitting, hand_size)
        tables_full = not stacks or (table is not None and all(
            len(st) == stacks for st in table))  # every seat's stacks (rules.md F-1)
        if complete is None:
            complete = blind.bit_count() == blind_size and tables_full
            for h, k in zip(hands, sizes):  # every hand of its size (a loop: no generator object, issue 17)
                if h.bit_count() != k:
                    complete = False
                    break
        elif complete:
            for s, h in enumerate(hands):
                if h.bit_count() != sizes[s]:
                    raise IllegalAction("E-DEAL-SIZE", f"seat {s} is dealt {h.bit_count()} cards",
                                        found=str(h.bit_count()), expected=str(sizes[s]))
            if not tables_full:
                raise IllegalAction("E-TABLE-SIZE", f"a complete deal of {profile.name} without every seat's "
                                    f"{profile.tableStacks} table stacks (rules.md F-1)", found="missing stacks",
                                    expected=f"{profile.tableStacks} stacks a seat")
        self._dealt = tuple(hands)  # the cards in hand, without table cards
        # Table cards (two-handed wi2, rules.md F-1): ``hands`` holds what a seat
        # may play (hand + face-up); ``down`` the face-down cards; ``_under`` maps
        # a face-up card to the card under it, which turns up when it is played.
        self.hands = list(hands) if up is None else [h | u for h, u in zip(hands, up)]
        self.down = down
        self._under = under
        self.table = table  # the dealt stacks per seat [(down, up), ...], or None
        self.blind = blind
        self.complete = complete
        # Whether ``hands`` hold every card each seat holds: the whole deal, or a
        # record every card of which is played (all tricks, no claim).  When
        # False (a claim or a partial log without deal lines), what a seat
        # holds beyond the cards it plays is unknown, so no rule that needs a
        # seat's whole hand (the hold card, an own-ace call, B-9, B-12, C-9) is
        # judged on it.
        self.hands_known = complete or hands_known
        self.stake = stake
        self.phase = _PICK
        self.to_act = next_seat(n, sitting, dealer)
        self.passes = 0
        self.picker: int | None = None
        self.bury = 0
        self.bury_known = False
        self.called: Card | None = None
        self.under: Card | None = None
        self.call_type: CallType | None = None
        self.partner: int | None = None
        self.partner2: int | None = None  # a second partner (3v3 wi6-jd-ace, 3v5 wi8-qc-jd-7d; rules.md F-1)
        self.alone = False
        self.cracks = 0
        self.recracks = 0
        self.castrates = 0
        self.blitzes = 0
        self.sheepshead = False  # the picker called "sheepshead" (C-9)
        self._pcard = pcard  # J♦, or J♣ under jdPartnerCard=JC (C-7)
        self._hybrid = False  # an ace call in the jack-of-diamonds game (C-5): no B-20 duties
        self.crack_seats: list[int] = []
        self.marks_log: list[Action] = []
        self.trick_no = 0  # 0-based index of the trick being played
        self.leader = self.to_act
        self.trick: list[tuple[int, Card]] = []
        self.trick_mask = 0
        self.tricks: list[tuple[int, tuple[tuple[int, Card], ...], int]] = []  # (leader, cards, winner)
        self.taken = [0] * n  # card mask won per seat
        self.ntaken = [0] * n  # tricks won per seat
        self.called_trick: int | None = None
        self.partner_revealed: int | None = None  # trick number 1..6 where the partner became known
        self.reneges: list[tuple[int, int]] = []  # (seat, trick 1..6)
        self.leaster = False
        self.claimed = False
        self.claim_seat: int | None = None
        self.claim_points_known = True
        self.claim_after: int | None = None  # the tricks played before the claim
        self.claimed_cards = 0  # the known cards the claim gave the claimer's side (a mask)
        self._called_suit_mask = 0
        self._fail_masks = order.suit_masks[:4]  # the four printed suits' fail cards
        self.last_winner: int | None = None
        self._suit_of = order.suit_of
        self._strength = order.strength
        self._suit_masks = order.suit_masks
        self._nt = n_tricks
        self._special = False  # called-ace obligations are in force (a call, not alone)
        self._cs = -1  # the called suit, -1 without a called card
        self._led = -1  # effective suit led to the current trick
        self._led_mask = 0  # the cards that follow it (the unknown card only in the called suit, B-11c)
        self._ten_up = False  # calledTenBeatsAce with a ten called
        self.nopick: str | None = None  # the game played when everybody passed (rules.md D-1)
        self.blind_trick: int | None = None  # leasterBlind=namedTrick: the named trick, 1-based (D-3)
        self.pot = pot
        self._ft_mask = ft_mask  # the first-two games' rank cards, else 0 (partner_cards.first_two_mask)
        self._rare = bool(ft_mask or under)  # play's checks of first-two cards and table cards are needed
        self._tops = tops  # the strongest card of a mask of one effective suit (_end_trick)
        # the seat that may not pass (rules.md D-13, D-14), None unless noPick=forcedPick: asked once a hand,
        # not at every pass and settlement (issue 17)
        self._forced = profile.forced_pick_seat(dealer)
        self.first_two: list[int] | None = None  # seats that played the first cards of that rank
        self.given: tuple | None = None  # wi6-7d-high: (seat, card passed left, card passed back)
        self.roll: int | None = None  # wi7-die-roll: the written die roll (issue 18, replay/seven.py)
        self.shared = 0  # wi7-shared-blind: the blind cards the picker's neighbour took (a mask)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _table_masks(profile: RuleProfile, table: list[list[tuple[Card, Card]]] | None,
                     n: int) -> tuple[list[int], dict[int, int], list[int]]:
        """(face-down masks, face-up card -> card under it, face-up masks) of
        the table cards (two-handed ``wi2``, rules.md F-1): per seat a list of
        stacks ``(down, up)``.  Raises ``E-TABLE-NONE`` for table cards under
        a profile without them and ``E-TABLE-SIZE`` for a wrong stack count."""
        down, up, under = [0] * n, [0] * n, {}
        if table is None:
            return down, under, up
        if not profile.tableStacks:
            raise IllegalAction("E-TABLE-NONE", f"table cards in {profile.name}, which deals none (rules.md F-1)",
                                found="table cards", expected="no table cards")
        if len(table) != n:
            raise ValueError(f"{len(table)} tables for {n} players")
        for s, stacks in enumerate(table):
            if stacks and len(stacks) != profile.tableStacks:
                raise IllegalAction("E-TABLE-SIZE", f"seat {s} has {len(stacks)} table stacks (rules.md F-1)",
                                    found=str(len(stacks)), expected=str(profile.tableStacks))
            for d, u in stacks:
                if d == u or (down[s] | up[s]) >> d & 1 or (down[s] | up[s]) >> u & 1:
                    c = d if d == u or (down[s] | up[s]) >> d & 1 else u
                    raise IllegalAction("E-DEAL-DUPLICATE", f"{c} is dealt twice", found=str(c),
                                        expected="each card once")
                down[s] |= 1 << d
                up[s] |= 1 << u
                under[int(u)] = int(d)
        return down, under, up

    def _err(self, code: str, message: str, found: object = None, expected: object = None) -> IllegalAction:
        return IllegalAction(code, message, found=found, expected=expected,
                             trick=self.trick_no + 1 if self.phase == _PLAY else None)

    @property
    def n_tricks(self) -> int:
        return self._nt

    def pick_position(self, seat: int) -> int:
        """0 for the seat left of the dealer ... n-1 for the dealer (B-5)."""
        return (seat - self.dealer - 1) % self.n

    def next_seat(self, seat: int) -> int:
        """The seat that speaks or plays after ``seat`` (clockwise, skipping
        the dealer who sits out)."""
        return next_seat(self.n, self.sitting, seat)

    def playing_seats(self) -> list[int]:
        """The seats that play this hand, in seat order."""
        return [s for s in range(self.n) if s != self.sitting]

    def side_of(self, seat: int) -> bool:
        """True when ``seat`` is on the picker's side (picker or a partner)."""
        return seat is not None and (seat == self.picker or seat == self.partner or seat == self.partner2)

    def partners(self) -> tuple[int, ...]:
        """The picker's partners (none when alone; two in 3v3 and 3v5, rules.md F-1)."""
        p1, p2 = self.partner, self.partner2
        if p2 is None:
            return () if p1 is None else (p1,)
        return (p2,) if p1 is None else (p1, p2)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> None:
        """Apply one action.  Raises :class:`IllegalAction` (state unchanged)."""
        t = type(action)
        if t is Play:
            self.play(action.seat, action.card, action.renege)
        elif t is Pass:
            self._pass(action.seat)
        elif t is Pick:
            self._pick(action.seat)
        elif t is Bury:
            self._bury(action.cards)
        elif t is Call:
            self._call(action.card, action.under)
        elif t is Alone:
            self._alone()
        elif t is Crack:
            self._crack(action.seat)
        elif t is Recrack:
            self._recrack(action.seat)
        elif t is Castrate:
            self._castrate(action.seat)
        elif t is Blitz:
            self._blitz(action.seat, action.color, action.pair, action.late)
        elif t is Sheepshead:
            self._sheepshead()
        elif t is Claim:
            self._claim(action.seat)
        elif t is BlindTrick:
            self._blind_trick(action.trick)
        elif t is GiveCard:
            partner_cards.give(self, action.seat, action.card, action.back)
        elif t is Roll:
            self._roll(action.value)
        elif t is Share:
            self._share(action.cards)
        else:  # pragma: no cover - type guard
            raise TypeError(f"not an action: {action!r}")

    # ------------------------------------------------------------------ picking
    def _pass(self, seat: int) -> None:
        if not self.profile.has_blind:
            raise self._err("E-PHASE", f"a pass in {self.profile.name}, which has no blind to pick (rules.md F-1)",
                            "pass", "no picking")
        if self.phase != _PICK:
            raise self._err("E-PHASE", f"a pass after the picking is over (seat {seat})", "pass", "no pass now")
        if seat != self.to_act:
            raise self._err("E-PICK-ORDER", f"seat {seat} passes out of turn", seat, self.to_act)
        if seat == self._forced:  # profile.forced_pick_seat(dealer)
            who = ("the seat left of the dealer (schiller)" if self.profile.forcedPickSeat == "schiller"
                   else "the last seat to speak")
            raise self._err("E-FORCED-PICK", f"seat {seat} passes, but {who} must pick under noPick=forcedPick "
                            "(rules.md D-13, D-14)", f"pass by seat {seat}", f"pick by seat {seat}")
        self.passes += 1
        self.to_act = self._succ[seat]  # next_seat: seat is the seat to act, so a seat of the table
        if self.passes == self.np:
            game = self.profile.noPick
            self.nopick = game
            if game in ("doubler", "schwanzer"):  # thrown in (D-11), or shown down without play (D-18)
                self.phase = _DONE
            else:  # leaster, moster, mittler, schneidster: each for themselves (D-2, D-15..D-17)
                self.leaster = True
                self.phase = _PLAY
                self.to_act = self.leader

    def _blind_trick(self, trick: int) -> None:
        """``leasterBlind=namedTrick``: the dealer names the trick whose winner
        gets the blind (rules.md D-3), before the first card of a no-pick game."""
        if self.profile.leasterBlind != "namedTrick":
            raise self._err("E-BLIND-TRICK", f"a named blind trick (t{trick}) under leasterBlind="
                            f"{self.profile.leasterBlind} (rules.md D-3)", f"blindtrick {trick}", "no named trick")
        if not self.leaster or self.tricks or self.trick or self.blind_trick is not None:
            raise self._err("E-BLIND-TRICK", "the blind's trick is named once, after everybody passed and before the "
                            "first card (rules.md D-3)", f"blindtrick {trick}", "blindtrick before the first card")
        if not 1 <= trick <= self.n_tricks:
            raise self._err("E-BLIND-TRICK", f"trick {trick} does not exist", trick, f"1..{self.n_tricks}")
        self.blind_trick = trick

    def _pick(self, seat: int) -> None:
        if self.phase != _PICK:
            raise self._err("E-PHASE", "a pick after the picking is over", "pick", "no pick now")
        if seat == self.sitting:
            raise self._err("E-SIT-OUT", f"seat {seat} deals and sits out, so cannot pick (rules.md F-1)", seat,
                            "a seat that plays the hand")
        if self.profile.two_handed:
            self._head(seat)
            return
        if not self.profile.has_blind:
            if self._ft_mask:
                partner_cards.first_two_head(self, seat)
                self.phase = _CALL
                self.call_type = _CT_FIRST_TWO
            else:
                self._queens_side(seat)
            return
        if seat != self.to_act:
            raise self._err("E-PICK-ORDER", f"seat {seat} picks but seat {self.to_act} speaks first "
                            "(every seat from the dealer's left up to the picker passes, rules.md B-5)", seat, self.to_act)
        self.picker = seat
        self.hands[seat] |= self.blind
        self.phase = _BURY

    def _head(self, seat: int) -> None:
        """Two-handed (``wi2``, rules.md F-1): nobody picks; ``pick S`` names
        the non-dealer, who leads (B-8) and heads the game, scored as a picker
        alone (docs/profiles.md).  Raises ``E-PICK-ORDER`` for the dealer."""
        if seat != self.to_act:
            raise self._err("E-PICK-ORDER", f"seat {seat} is written as the head, but in {self.profile.name} the "
                            f"non-dealer (seat {self.to_act}) leads and heads the game (docs/profiles.md)", seat,
                            self.to_act)
        self.picker = seat
        self.bury_known = True  # no blind, nothing buried
        self.alone = True
        self.call_type = _CT_ALONE
        self.phase = _CALL

    def _queens_side(self, seat: int) -> None:
        """No blind (rules.md F-1): the holder of the Q♣ heads the side and is
        scored as the picker (``pick S`` names that seat); the holders of the
        other partner cards (Q♠; or J♦ and 7♦ under ``qcJd7d``) are the
        partners; a player holding two partner cards counts once, and one
        holding them all plays alone.  Raises ``E-PARTNER-CARD`` when ``seat``
        does not hold the Q♣."""
        head, *others = self.profile.partner_cards
        if self.complete and not self.hands[seat] >> head & 1:
            holder = self._holder(head)
            raise self._err("E-PARTNER-CARD", f"in {self.profile.name} the side is headed by the holder of the Q♣ "
                            f"(seat {holder}); seat {seat} does not hold it", seat, holder)
        self.picker = seat
        self.bury_known = True  # no blind, nothing buried
        self.phase = _CALL
        self.call_type = _CT_QUEENS
        held = self.hands[seat]
        if all(held >> c & 1 for c in others):
            self.alone = True
            return
        found: list[int] = []
        for c in others:
            h = None if held >> c & 1 else self._holder(c)
            if h is not None and h not in found:
                found.append(h)
        self.partner = found[0] if found else None
        self.partner2 = found[1] if len(found) > 1 else None

    def _shared(self) -> bool:
        """``wi7-shared-blind`` and not a nuclear dealer (who takes the whole blind alone)."""
        return self.profile.partnerMode == "sharedBlind" and not is_nuclear(self.profile, self.picker, self.dealer)

    def _share(self, cards: tuple[Card, ...]) -> None:
        """``share c c`` (``wi7-shared-blind``): the neighbour takes ``cards``
        of the blind and partners (checked by :func:`replay.seven.check_share`)."""
        m = check_share(self, cards, self.phase == _BURY)
        nb = self.next_seat(self.picker)
        self.hands[self.picker] &= ~m
        self.hands[nb] |= m
        self.shared = m
        self.partner = nb
        self.call_type = _CT_SHARED

    def _shared_bury(self, cards: tuple[Card, ...] | None) -> None:
        """The bury of ``wi7-shared-blind``: each of the two buries what he
        took (checked by :func:`replay.seven.check_shared_bury`)."""
        p, nb = self.picker, self.next_seat(self.picker)
        m = check_shared_bury(self, cards, nb)
        self.partner = nb
        self.call_type = _CT_SHARED
        self.phase = _CALL
        self.bury_known = m is not None
        if m is not None:
            self.hands[p] &= ~m
            self.hands[nb] &= ~m
            self.bury = m

    def _bury(self, cards: tuple[Card, ...] | None) -> None:
        if self.phase == _BURY and self._shared():
            self._shared_bury(cards)
            return
        if not self.profile.has_blind and cards:
            raise self._err("E-BURY-COUNT", f"a bury in {self.profile.name}, which has no blind (rules.md F-1)",
                            len(cards), 0)
        if self.phase != _BURY:
            raise self._err("E-PHASE", "a bury when the picker is not burying", "bury", "bury right after the pick")
        p = self.picker
        if cards is None:
            self.bury_known = False
        else:
            bad = bury_count_error(self.profile, cards)
            if bad is not None:
                raise bad
            m = mask_of(cards)
            if self.complete and (m & ~self.hands[p]):
                c = next(cards_in(m & ~self.hands[p]))
                raise self._err("E-BURY-NOT-HELD", f"the picker buries {c}, which the picker does not hold after the pick",
                                c, "a card of the picker's hand with the blind")
            self.hands[p] &= ~m
            self.bury = m
            self.bury_known = True
        self.phase = _CALL
        if self.profile.partnerMode == "jackOfDiamonds":
            self._jd_partner()
        elif self.profile.partnerMode == "alone":  # rules.md F-2, F-3: the picker plays alone
            self.alone = True
            self.call_type = _CT_ALONE
        if p == self.dealer and is_nuclear(self.profile, p, self.dealer):  # nuclearDealer (issue 18): the dealer
            # plays alone (the seat compared first: no call for a picker who is not the dealer, issue 17)
            self.alone = True
            self.partner = None
            self.call_type = _CT_ALONE

    # ------------------------------------------------------------------ calling
    def _picked_cards(self) -> int:
        """The picker's cards after the pick: the hand after the bury plus the bury
        (eight at five-handed)."""
        return self.hands[self.picker] | self.bury

    def _holder(self, card: Card) -> int | None:
        for s in range(self.n):
            if self.hands[s] >> card & 1:
                return s
        return None

    def _jd_partner(self) -> None:
        """Jack-of-diamonds partner, rules.md C-1..C-4, C-8; the partner card
        is the J♣ under ``jdPartnerCard=JC`` (C-7)."""
        p = self.picker
        held = self._picked_cards() if self.bury_known or self.complete else self.hands[p]
        if held >> self._pcard & 1:
            self.alone = True
            self.call_type = _CT_ALONE
        else:
            self.partner = self._holder(self._pcard)
            self.call_type = _CT_JD

    def legal_calls(self) -> tuple[list[Card], list[Card], list[Card], bool]:
        """(callable aces, callable tens, aces callable with an unknown card,
        forced alone) for the picker after the bury (rules.md B-9..B-13):
        :func:`calls_allowed` of the picker's hand and bury."""
        hand = self.hands[self.picker]
        return calls_allowed(self.profile, hand, hand | self.bury)

    def _call(self, card: Card, under: Card | None) -> None:
        if self.phase != _CALL:
            raise self._err("E-PHASE", f"a call of {card} outside the call (after the bury, before the first card)",
                            f"call {card}", "call right after the bury")
        prof = self.profile
        p = self.picker
        hybrid = False
        if p == self.dealer and is_nuclear(prof, p, self.dealer):  # the seat first: no call for the others
            raise self._err("E-CALL-NONE", f"a call of {card}, but the dealer went nuclear and plays alone "
                            "(nuclearDealer, docs/profiles.md)", f"call {card}", "no call")
        if prof.partnerMode in ("sharedBlind", "dieRoll"):
            raise self._err("E-CALL-NONE", f"a call of {card} in {prof.name}, where the "
                            + ("neighbour who shares the blind" if prof.partnerMode == "sharedBlind" else
                               "seat the die names") + " is the partner", f"call {card}", "no call")
        if prof.partnerMode == "jackOfDiamonds":
            if not (prof.jdHybridAceCall and under is None and not self._order.is_trump(card) and card.rank is _ACE):
                self._jd_callup(card, under)
                return
            if not self.alone:  # C-5: the ace call replaces the partner card the picker holds
                raise self._err("E-CALL-JD", f"a fail-ace call ({card}) in the jack-of-diamonds game is for a picker "
                                f"who holds the {self._pcard.pretty()} (jdHybridAceCall, rules.md C-5); the holder of "
                                f"the {self._pcard.pretty()} is the partner", f"call {card}", "no call")
            hybrid = True
        if prof.always_alone:
            raise self._err("E-CALL-NONE", f"a call of {card} in {prof.name}, where the picker always plays alone "
                            "(rules.md F-1, F-2, F-3)", f"call {card}", "no call")
        if prof.partnerMode == "qcJd7d":  # F-1: a holder of two partner cards may call 8♦/J♥ (issue 18)
            partner_cards.qc_call(self, card, under)
            self.phase = _MARKS
            return
        if prof.partner_card_game:
            raise self._err("E-CALL-NONE", f"a call of {card} in {prof.name}, where partner cards make the sides "
                            "(rules.md F-1)", f"call {card}", "no call")
        if self._order.is_trump(card) or card.rank not in (_ACE, _TEN):
            raise self._err("E-CALL-CARD", f"{card} cannot be called: a call names a fail ace or, holding all "
                            "three fail aces, a fail ten (rules.md B-9, B-10)", card, "a fail ace or ten")
        hand = self.hands[p]
        own = False
        if self.complete or (self.bury_known and self.hands_known):
            picked = hand | self.bury
            if picked >> card & 1:
                where = "bury" if self.bury >> card & 1 else "hand"
                if prof.allowCallOwnAce and not hybrid and under is None and card.rank is _ACE:
                    own = True  # B-14, I-14, I-15: the picker is their own partner, scored alone
                else:
                    raise self._err("E-CALL-HELD", f"the picker calls {card}, which is in the picker's {where} "
                                    "(rules.md B-9a, B-15, B-16)", f"{card} in the picker's {where}",
                                    "a card in another player's hand")
        if own:
            self._own_ace(card)
            return
        if hybrid and card.rank is not _ACE:
            raise self._err("E-CALL-CARD", f"the jack-of-diamonds hybrid calls a fail ace, not {card} (rules.md C-5)",
                            card, "a fail ace")
        if self.complete or (self.bury_known and self.hands_known):
            aces, tens, unders, _ = self.legal_calls()
            suit_mask = self._fail_masks[card.suit]
            if under is None:
                if card.rank is _TEN and card not in tens:
                    if tens or not all(picked >> (s * 8) & 1 for s in range(4) if self._fail_masks[s]):
                        raise self._err("E-CALL-TEN", f"a ten ({card}) may be called only by a picker who holds all three "
                                        "fail aces (rules.md B-10)", card, "an ace call")
                    raise self._err("E-CALL-NO-HOLD", f"the picker calls {card} but holds no other card of its suit after "
                                    "the bury (rules.md B-10, B-12)", card, "a hold card of the called suit")
                if card.rank is _ACE and card not in aces:
                    if all(picked >> (s * 8) & 1 for s in range(4) if self._fail_masks[s]):
                        raise self._err("E-CALL-HELD", "the picker holds all three fail aces", card, "a ten call")
                    if not hand & suit_mask:
                        what = ("an unknown-card call (call X under U)" if card in unders else "another call or alone")
                        raise self._err("E-CALL-NO-HOLD", f"the picker calls {card} but keeps no card of its suit after "
                                        "the bury: no hold card (rules.md B-9b, B-12; I-24)", card, what)
            else:
                if card.rank is not _ACE:
                    raise self._err("E-CALL-CARD", f"an unknown-card call names a fail ace, not {card} (rules.md B-11)",
                                    card, "a fail ace")
                if card not in unders:
                    if aces or tens:
                        raise self._err("E-UNDER-NOT-ALLOWED", f"an unknown-card call while an ace call is legal "
                                        f"({' '.join(map(str, aces or tens))}) (rules.md B-11)", f"call {card} under {under}",
                                        f"call {(aces or tens)[0]}")
                    if hand & suit_mask:
                        raise self._err("E-UNDER-SUIT", f"an unknown-card call of {card} while holding a card of its "
                                        "suit (rules.md B-11)", card, "the ace of a suit the picker holds no card of")
                    raise self._err("E-UNDER-NOT-ALLOWED", "the picker buried the only cards of a suit to make an "
                                    "unknown-card call (noBuryIntoUnknown, rules.md B-11)", f"call {card} under {under}",
                                    "an ace call with those cards kept")
                if not hand >> under & 1:
                    raise self._err("E-UNDER-NOT-HELD", f"the unknown card {under} is not in the picker's hand after the bury",
                                    under, "a card of the picker's hand after the bury")
        elif under is not None and not hand >> under & 1 and self.complete:
            raise self._err("E-UNDER-NOT-HELD", f"the unknown card {under} is not in the picker's hand", under,
                            "one of the picker's cards")
        self.called = card
        self.under = under
        self.call_type = _CT_UNDER if under is not None else (_CT_TEN if card.rank is _TEN else _CT_ACE)
        self._called_suit_mask = self._fail_masks[card.suit]
        self._cs = int(card.suit)
        self._special = True
        self._hybrid = hybrid
        self.alone = False
        self._ten_up = prof.calledTenBeatsAce and card.rank is _TEN
        self.partner = self._holder(card)
        if self.partner == p:  # only possible with an incomplete deal
            if prof.allowCallOwnAce and not hybrid and under is None and card.rank is _ACE:
                self._own_ace(card)
                return
            raise self._err("E-CALL-HELD", f"the picker calls {card} and plays it", card, "a card another player holds")
        if prof.partnerMode == "jdAndAce":
            self._jd_second()
        self.phase = _MARKS

    def _own_ace(self, card: Card) -> None:
        """``allowCallOwnAce``: the picker called an ace they hold (in hand or
        bury) and is their own secret partner; the hand is scored as alone and
        no called-ace duty applies (rules.md B-14, B-15, I-14, I-15)."""
        self.called = card
        self.under = None
        self.call_type = _CT_OWN_ACE
        self.alone = True
        self.partner = None
        self._special = False
        self._cs = -1
        self._called_suit_mask = 0
        self.phase = _MARKS
    def _jd_second(self) -> None:
        """``jdAndAce`` (rules.md F-1, six-handed 3v3): the J♦ holder is a
        partner too, unless the picker holds it or it is the called-ace holder
        (then 2 against 4)."""
        held = self._picked_cards() if self.bury_known or self.complete else self.hands[self.picker]
        if held >> Card.DJ & 1:
            return
        h = self._holder(Card.DJ)
        if h is None or h == self.picker:
            return
        if self.called is None:  # no ace called (forced, B-13): the J♦ holder is the one partner
            self.partner = h
            self.alone = False
            self.call_type = _CT_JD
        elif self.partner is None:  # the ace's holder is not known (a partial deal)
            self.partner2 = h
        elif h != self.partner:
            self.partner2 = h

    def _jd_callup(self, card: Card, under: Card | None) -> None:
        """Jack call-up (rules.md C-4, I-29, I-30)."""
        prof = self.profile
        p = self.picker
        if not prof.jdCallUp:
            raise self._err("E-CALL-JD", f"no call in the jack-of-diamonds game (call {card}); jdCallUp is off "
                            "(rules.md C-1)", f"call {card}", "no call")
        if under is not None or card not in _JACKS_UP:
            raise self._err("E-CALL-CARD", f"a call-up names a jack (J♥, then J♠, then J♣), not {card} (rules.md C-4a)",
                            card, "JH, JS or JC")
        before = prof.jdCallTiming == "beforeBlind"
        held = self._dealt[p] if before else self._picked_cards()
        known = self.complete or (self.bury_known and self.hands_known) or (before and self.hands_known)
        holder_jd = self._holder(Card.DJ)
        if not held >> Card.DJ & 1 and (known or (holder_jd is not None and holder_jd != p)):
            if before and self._picked_cards() >> Card.DJ & 1:  # the J♦ came with the blind, after the call's time
                raise self._err("E-CALL-JD", f"a call-up of {card}: under jdCallTiming=beforeBlind the call is made "
                                "before the blind is seen, and the picker was dealt no J♦ (it came with the blind): "
                                "the picker plays alone (rules.md C-3, C-4d)", f"call {card}", "alone")
            raise self._err("E-CALL-JD", f"a call-up of {card} by a picker who does not hold the J♦ (rules.md C-4)",
                            f"call {card}", "no call: the J♦ holder is the partner")
        if self.complete or (self.bury_known and self.hands_known):
            expected = next((j for j in _JACKS_UP if not held >> j & 1), None)
            if expected is None:
                raise self._err("E-CALL-JD", "a picker holding all four jacks must go alone (rules.md C-4c)", card, "alone")
            if card != expected:
                raise self._err("E-CALL-JD", f"the call-up names the next-highest jack the picker does not hold "
                                f"(rules.md C-4a): {expected}, not {card}", card, expected)
        self.called = card
        self.call_type = _CT_JD_CALLUP
        holder = self._holder(card)
        if holder is None and not (self.complete or self.hands_known):
            self.partner = None  # not located: the record does not show who holds it
            self.alone = False
        elif holder is None or holder == p:  # in the blind (C-4d, I-30) or buried
            self.partner = None
            self.alone = True
        else:
            self.partner = holder
            self.alone = False
        self.phase = _MARKS

    def _alone(self) -> None:
        if self.phase != _CALL:
            raise self._err("E-PHASE", "alone outside the call", "alone", "alone right after the bury")
        if self._ft_mask:  # the first two of a rank (F-1, issue 18): checked by the play
            partner_cards.first_two_alone(self)
            self.phase = _MARKS
            return
        if self.profile.partner_card_game and not self.alone and (
                self.complete or self.hands_known or self.partner is not None or self.partner2 is not None):
            # without the whole deal a partner card nobody played may be the picker's
            raise self._err("E-ALONE-JD", "with partner cards only a player holding all of them plays alone "
                            "(rules.md F-1)", "alone", "no call")
        if self.profile.partnerMode == "jdAndAce" and (self.complete or (self.bury_known and self.hands_known)) \
                and not self._picked_cards() >> Card.DJ & 1:
            raise self._err("E-ALONE-JD", "in the J♦-and-called-ace game the J♦ holder is a partner; only a picker "
                            "holding the J♦ may go alone (rules.md F-1)", "alone", "a call")
        if self.profile.partnerMode == "jackOfDiamonds" and not self.alone:
            raise self._err("E-ALONE-JD", "in the jack-of-diamonds game the holder of the J♦ is the partner; a picker "
                            "without the J♦ cannot go alone (rules.md C-1)", "alone", "no call")
        if self.call_type is _CT_SHARED:
            raise self._err("E-SHARE", "alone, but the neighbour shared the blind and is the partner "
                            "(wi7-shared-blind)", "alone", "no alone")
        self.alone = True
        self.partner = None
        self.call_type = _CT_ALONE
        self._check_jd_bury()
        self.phase = _MARKS

    def _roll(self, roll: int) -> None:
        """The written die roll of ``wi7-die-roll``: the partner is the seat
        ``roll`` places to the picker's left (checked by
        :func:`replay.seven.check_roll`)."""
        check_roll(self, roll, self.phase == _CALL and (self.call_type is None or self.alone))
        self.roll = roll
        self.partner = roll_partner(self.profile.players, self.picker, roll)
        self.call_type = _CT_DIE_ROLL
        self.phase = _MARKS

    def _check_jd_bury(self) -> None:
        """``jdMustNotBuryJD``: a picker who holds the partner card and plays
        alone must keep it in play, not bury it (rules.md C-6)."""
        prof = self.profile
        if (prof.jdMustNotBuryJD and prof.partnerMode == "jackOfDiamonds" and self.alone and self.bury_known
                and self.bury >> self._pcard & 1):
            c = self._pcard
            raise self._err("E-BURY-JD", f"the picker buries {c} and plays alone, but a picker going alone with the "
                            f"partner card keeps it in play (jdMustNotBuryJD, rules.md C-6)", f"bury {c}",
                            "a bury without the partner card")

    def finish_call(self) -> None:
        """Leave the call phase when no call was written: the jack-of-diamonds
        partner is already known; in the called-ace game only a forced alone
        (no legal call, rules.md B-13) may go unwritten; in ``wi7-die-roll``
        the written roll (``E-ROLL`` without one, replay/seven.py)."""
        check_roll_written(self)
        if self.profile.calls_ace:
            if self.bury_known and (self.complete or self.hands_known):
                _, _, _, forced = self.legal_calls()
                if not forced:
                    aces, tens, unders, _ = self.legal_calls()
                    options = " ".join(str(c) for c in aces + tens) or (" ".join(f"{c} under ..." for c in unders))
                    raise self._err("E-CALL-MISSING", "the picker neither calls nor goes alone, and a call is legal "
                                    "(rules.md B-8, B-13)", "no call", f"call ({options}) or alone")
            self.alone = True
            self.call_type = _CT_ALONE
            if self.profile.partnerMode == "jdAndAce":  # no ace to call: the J♦ holder still partners (F-1)
                self._jd_second()
        elif self.call_type is _CT_ALONE:
            self._check_jd_bury()
        self.phase = _MARKS

    def assume_call(self, partner: int | None, alone: bool, partner2: int | None = None) -> None:
        """Close the call of a hand whose cards are not known (a score-sheet
        hand): the partner (and a second partner) as written (None: unknown
        or alone), so that the marks that follow are checked against the
        seats (rules.md E-2, E-3).  Raises :class:`IllegalAction` when the
        picker has not picked."""
        if self.phase not in (_BURY, _CALL):
            raise self._err("E-PHASE", "a call before the pick", "call", "pick S first")
        self.phase = _MARKS
        self.partner = partner
        self.partner2 = partner2
        self.alone = alone
        if alone:
            self.call_type = _CT_ALONE

    # ------------------------------------------------------------------ marks
    def _marks_open(self, what: str) -> None:
        if self.phase == _CALL:
            self.finish_call()
        if self.phase != _MARKS:
            raise self._err("E-MARK-TIMING", f"a {what} is made after the call and before the first card (rules.md E-2)",
                            what, "before the first card")

    def _check_cap(self, what: str) -> None:
        cap = self.profile.maxMarks
        if cap and self.cracks + self.recracks + self.castrates + self.blitzes + 1 > cap:
            raise self._err("E-MARK-CAP", f"a {what} beyond the cap of {cap} marks (maxMarks, rules.md E-6)", what,
                            f"at most {cap} marks")

    def _no_pick_mark(self, what: str) -> None:
        """Refuse a crack, re-crack or castrate once every seat has passed
        (a leaster or another no-pick game, a thrown-in doubler): such a mark
        is made after the pick and the call by a seat after the picker
        (rules.md E-2, I-33) or by the picker or partner (E-3, E-4), and there
        is no pick; only a blitz shown before the pick carries into a leaster
        (D-9).  Raises :class:`IllegalAction` (E-CRACK, E-RECRACK, E-CASTRATE)."""
        if self.nopick is None:
            return
        game = "doubler (thrown in and redealt)" if self.nopick == "doubler" else self.nopick
        code = {"crack": "E-CRACK", "re-crack": "E-RECRACK", "castrate": "E-CASTRATE"}[what]
        who = {"crack": "a seat after the picker (rules.md E-2, I-33)",
               "re-crack": "the picker or the partner (rules.md E-3)",
               "castrate": "a defender after a crack and a re-crack (rules.md E-4)"}[what]
        raise self._err(code, f"a {what} in a {game}: every seat passed, so there is no pick; a {what} is made by "
                        f"{who}, and only a blitz carries into a leaster (rules.md D-9)",
                        f"{what} in a {self.nopick}", f"no {what}: a pick first")

    def _crack(self, seat: int) -> None:
        self._no_pick_mark("crack")
        self._marks_open("crack")
        prof = self.profile
        if not prof.allowCrack:
            raise self._err("E-CRACK", "cracking is off in this profile (allowCrack=off)", f"crack by seat {seat}", "no crack")
        if self.picker is None:
            raise self._err("E-CRACK", "a crack with no picker", "crack", "no crack")
        if seat == self.picker:
            raise self._err("E-CRACK", "the picker cannot crack; the picker may re-crack (rules.md E-2, E-3)", "crack", "recrack")
        if seat == self.sitting:
            raise self._err("E-SIT-OUT", f"seat {seat} deals and sits out; only a seat in the hand may crack (rules.md F-1)",
                            f"crack by seat {seat}", "a seat that plays the hand")
        if self.cracks:
            raise self._err("E-CRACK", "one crack per hand (rules.md E-2)", f"a second crack by seat {seat}", "one crack")
        if (prof.crackEligibility == "afterPickerOnly" and prof.has_blind
                and self.pick_position(seat) < self.pick_position(self.picker)):
            raise self._err("E-CRACK", f"seat {seat} passed before the picker picked and may not crack "
                            "(crackEligibility=afterPickerOnly, rules.md E-2; I-33)",
                            f"crack by seat {seat}", "a seat after the picker in pick order")
        if not prof.partnerMayCrack and seat in self.partners():
            raise self._err("E-CRACK", f"seat {seat} is the partner, who may not crack (partnerMayCrack=off, rules.md "
                            "E-2)", f"crack by seat {seat}", "a crack by a defender")
        self._check_cap("crack")
        self.cracks += 1
        self.crack_seats.append(seat)
        self.marks_log.append(Crack(seat))

    def _recrack(self, seat: int) -> None:
        self._no_pick_mark("re-crack")
        self._marks_open("re-crack")
        if not self.profile.allowRecrack:
            raise self._err("E-RECRACK", "re-cracking is off in this profile (allowRecrack=off)", "recrack", "no re-crack")
        if not self.cracks:
            raise self._err("E-RECRACK", "a re-crack without a crack (rules.md E-3)", "recrack", "a crack first")
        if self.recracks:
            raise self._err("E-RECRACK", "one re-crack per hand (rules.md E-3)", "a second re-crack", "one re-crack")
        if seat != self.picker and (self.partner is not None or self.alone) and seat not in self.partners():
            raise self._err("E-RECRACK", f"seat {seat} re-cracks but only the picker or the partner may (rules.md E-3)",
                            f"recrack by seat {seat}", "the picker or the partner")
        self._check_cap("re-crack")
        self.recracks += 1
        self.marks_log.append(Recrack(seat))

    def _castrate(self, seat: int) -> None:
        """rules.md E-4: after a crack and a re-crack (×4), a further player who
        is neither the picker, the partner (when known) nor the cracker doubles
        again (×8).  One castrate per hand; a mark under ``maxMarks``."""
        self._no_pick_mark("castrate")
        self._marks_open("castrate")
        prof = self.profile
        if not prof.allowCastrate:
            raise self._err("E-CASTRATE", "castrating is off in this profile (allowCastrate=off, rules.md E-4)",
                            f"castrate by seat {seat}", "no castrate")
        if not self.recracks:
            raise self._err("E-CASTRATE", "a castrate doubles again after a crack and a re-crack (rules.md E-4: ×8 "
                            "in all)", f"castrate by seat {seat}", "crack and recrack first")
        if self.castrates:
            raise self._err("E-CASTRATE", "one castrate per hand (rules.md E-4)", f"a second castrate by seat {seat}",
                            "one castrate")
        if seat == self.sitting:
            raise self._err("E-SIT-OUT", f"seat {seat} deals and sits out, so cannot castrate (rules.md F-1)",
                            f"castrate by seat {seat}", "a seat that plays the hand")
        if seat == self.picker or seat == self.partner or seat in self.crack_seats:
            who = ("the picker" if seat == self.picker else "the partner" if seat == self.partner else "the cracker")
            raise self._err("E-CASTRATE", f"seat {seat} is {who}; a castrate is made by a further player, neither "
                            "picker, partner nor the cracker (rules.md E-4)", f"castrate by seat {seat}",
                            "another defender")
        self._check_cap("castrate")
        self.castrates += 1
        self.marks_log.append(Castrate(seat))

    def _sheepshead(self) -> None:
        """The picker calls "sheepshead": the picker side contracts to take
        every trick (rules.md C-9; ``allowSheepsheadCall``).  Part of the call:
        after the call or alone, before any mark and the first card."""
        if self.phase == _CALL:
            self.finish_call()
        prof = self.profile
        if self.phase != _MARKS or self.marks_log:
            raise self._err("E-SHEEPSHEAD", "sheepshead is called with the call, before any mark and the first card "
                            "(rules.md C-9)", "sheepshead", "sheepshead right after the call")
        if prof.allowSheepsheadCall == "off":
            raise self._err("E-SHEEPSHEAD", "calling sheepshead is off in this profile (allowSheepsheadCall=off, "
                            "rules.md C-9)", "sheepshead", "no sheepshead call")
        if self.sheepshead:
            raise self._err("E-SHEEPSHEAD", "sheepshead is called twice", "sheepshead", "one call")
        if prof.allowSheepsheadCall == "alone" and not self.alone:
            raise self._err("E-SHEEPSHEAD", "sheepshead is called by a picker who is not alone; this profile allows it "
                            "only alone (allowSheepsheadCall=alone, rules.md C-9)", "sheepshead",
                            "sheepshead by a picker playing alone")
        if prof.allowSheepsheadCall == "holdingPartnerCard" and (self.complete or (self.bury_known and self.hands_known)):
            if not self._picked_cards() >> self._pcard & 1:
                raise self._err("E-SHEEPSHEAD", f"the picker calls sheepshead without the {self._pcard.pretty()} "
                                "(allowSheepsheadCall=holdingPartnerCard, rules.md C-9)", "sheepshead",
                                f"the {self._pcard} in the picker's cards")
        self.sheepshead = True

    def _blitz(self, seat: int, color: str, pair: str = "queens", late: bool = False) -> None:
        if self.nopick == "doubler":
            raise self._err("E-BLITZ", "a blitz on a doubler: the deal is thrown in and redealt (rules.md D-11), so "
                            "no blitz carries", "blitz in a doubler", "no blitz")
        what = f"{color} {pair}" if pair == "jacks" else color
        if late and not self.profile.lateBlitz:
            raise self._err("E-BLITZ", f"a {what} blitz declared after the play needs lateBlitz=on (rules.md E-5: "
                            "after-the-fact blitzing is a house rule)", f"blitz {what} late", "a blitz before the first card")
        if late and self.nopick is not None:
            raise self._err("E-BLITZ", f"a {what} blitz declared after the play in a {self.nopick}: only a blitz "
                            "shown before the pick carries into a no-pick game (rules.md D-9)", f"blitz {what} late",
                            "a blitz before the pick")
        if not late and self.phase >= _PLAY and (self.trick or self.tricks or self.phase == _DONE):
            raise self._err("E-MARK-TIMING", "a blitz is shown before the first card (rules.md E-5)", "blitz", "before the first card")
        if self.profile.allowBlitz == "none":
            raise self._err("E-BLITZ", "blitzing is off in this profile (allowBlitz=none)", f"blitz {what}", "no blitz")
        if seat == self.sitting:
            raise self._err("E-SIT-OUT", f"seat {seat} deals and sits out and holds no cards to blitz (rules.md F-1)",
                            f"blitz by seat {seat}", "a seat that plays the hand")
        if pair == "jacks" and self.profile.allowBlitz != "queensAndJacks":
            raise self._err("E-BLITZ", f"a blitz with jacks needs allowBlitz=queensAndJacks (rules.md E-5); this "
                            f"profile has allowBlitz={self.profile.allowBlitz}", f"blitz {what}", "a queen blitz")
        if (pair == "jacks" and color not in JACK_BLITZ_COLOURS[self.profile.jackBlitz]) or \
                (pair == "queens" and color not in ("black", "red")):
            allowed = " or ".join(f"{c} jacks" for c in JACK_BLITZ_COLOURS[self.profile.jackBlitz])
            raise self._err("E-BLITZ", f"a {what} blitz is not played under jackBlitz={self.profile.jackBlitz}; "
                            f"this profile's jack blitz is {allowed} (rules.md E-5)" if pair == "jacks" else
                            f"a queen blitz shows the black or the red queens, not {color}", f"blitz {what}",
                            allowed if pair == "jacks" else "black or red")
        need = BLITZ_PAIRS[(color, pair)]
        if late:  # the cards the seat played, and still holds after a claim (rules.md E-5: "once both have been played")
            held = self.hands[seat]
            for _, cards, _ in self.tricks:
                for s, c in cards:
                    if s == seat:
                        held |= c.bit
            for s, c in self.trick:
                if s == seat:
                    held |= c.bit
        else:
            held = self.hands[seat] | (self.bury if seat == self.picker else 0)
        if self.complete and held & need != need:
            shown = " ".join(c.pretty() for c in cards_in(need))
            raise self._err("E-BLITZ", f"seat {seat} shows a {what} blitz without {shown} (rules.md E-5)"
                            if color in ("middle", "four") else
                            f"seat {seat} shows a {color} blitz without both {color} {pair} (rules.md E-5)",
                            f"blitz {what}", f"{shown} in hand")
        if any(isinstance(m, Blitz) and m.color == color and m.pair == pair for m in self.marks_log):
            raise self._err("E-BLITZ", f"a second {what} blitz", f"blitz {what}", "one blitz per pair")
        if self.profile.blitzAfterCrack and not self.cracks:
            raise self._err("E-BLITZ", f"a {what} blitz before any crack; this profile allows a blitz only after a "
                            "crack (blitzAfterCrack=on, rules.md E-5)", f"blitz {what}", "a crack first")
        self._check_cap("blitz")
        self.blitzes += 1
        self.marks_log.append(Blitz(seat, color, pair, late))

    # ------------------------------------------------------------------ play
    def start_play(self) -> None:
        """Close the call and the marks and open the first trick (the lead is
        the dealer's left, B-8).  Called by the first :meth:`play`; call it
        directly to ask :attr:`to_act` and :meth:`legal_mask` before the first
        card.  Raises :class:`IllegalAction` when the pick, bury or a required
        call is missing."""
        if self.phase == _CALL:
            self.finish_call()
        if self.phase == _BURY:
            raise self._err("E-BURY-MISSING", "the first card is played before the bury", "a card",
                            f"bury of {self.profile.blind_size} cards")
        if self.phase == _MARKS:
            self.phase = _PLAY
            self.to_act = self.leader
        if self.phase == _PICK:
            raise self._err("E-PICK-MISSING", "a card is played before anyone picked or everyone passed", "a card",
                            "pick S, or a leaster")

    def eff_suit(self, card: Card) -> int:
        """The suit a card follows and leads as: 0..3 fail, 4 trump; the
        unknown card counts only as the called suit (rules.md B-11a, c)."""
        if card == self.under:
            return self.called.suit
        return self._order.suit_of[card]

    def _calls_active(self) -> bool:
        return self._special and not self.alone and (self.called_trick is None or self.called_trick == self.trick_no)

    def _follow_mask(self, seat: int, led: int) -> int:
        """The cards of ``seat`` that follow the led suit ``led``; the unknown
        card follows only the called suit (rules.md B-11c)."""
        h = self.hands[seat]
        follow = h & self._order.suit_masks[led]
        if (seat == self.picker and not self.bury_known and self.profile.has_blind
                and follow.bit_count() <= self.profile.blind_size):
            # the bury is not known (a record that leaves it out): the cards of
            # the led suit the picker seems to hold may be the buried ones, so
            # not following is no proven renege (rules.md B-7, B-18)
            return 0
        under = self.under
        if under is not None:
            if led == self.called.suit:
                follow |= h & (1 << under)
            else:
                follow &= ~(1 << under)
        return follow

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (rules.md B-18, B-20, B-21, B-11).
        Needs the seat's whole hand to be known."""
        h = self.hands[seat]
        last = self.trick_no == self._nt - 1  # the last trick (n_tricks)
        active = self._calls_active()
        called = self.called
        under = self.under
        if not self.trick:  # leading
            if active and not last and seat == self.partner and h >> called & 1 and self.called_trick is None \
                    and not self._hybrid:
                others = h & self._called_suit_mask & ~(1 << called)
                may_run = self.profile.partnerMayRun and (h & self._called_suit_mask).bit_count() >= 4
                if others and not may_run:
                    return h & ~others  # B-20b: lead the ace, not a low card of the called suit
            return h
        led = self.eff_suit(self.trick[0][1])
        if active and self.called_trick == self.trick_no and led == called.suit:
            if seat == self.partner and h >> called & 1 and not self._hybrid:
                return 1 << called  # B-20a (not in the C-5 hybrid)
            if seat == self.picker and under is not None and h >> under & 1:
                return 1 << under  # B-11b
            ace = self._ten_call_ace(seat)
            if ace is not None:
                return 1 << ace  # tenCallPickerPlaysAce (B-10, issue 18)
        follow = self._follow_mask(seat, led)
        if follow:
            return follow
        legal = h
        if active and not last and self.called_trick is None:
            if seat == self.partner and h >> called & 1 and h != (1 << called):
                if not self._hybrid:
                    legal &= ~(1 << called)  # B-20c: no schmearing the called ace
            elif seat == self.picker:
                hold = h & self._called_suit_mask
                if under is not None:
                    hold |= h & (1 << under)
                if hold.bit_count() == 1 and h != hold and self.hands_known:
                    legal &= ~hold  # B-21: keep the last hold card (known to be the last only with the whole hand)
        return legal

    def _ten_call_ace(self, seat: int) -> Card | None:
        """Under ``tenCallPickerPlaysAce`` (rules.md B-10, the encyclopedia's
        "must play the ace"; issue 18): the ace the picker owes on the trick
        where the called ten's suit is first led by another seat, if the
        picker holds it; else None.  Leading the suit stays free (B-12)."""
        if (seat != self.picker or self.call_type is not _CT_TEN or not self.profile.tenCallPickerPlaysAce
                or not self.trick or self.trick[0][0] == seat):
            return None
        ace = Card(self.called.suit * 8)  # the ace of the called suit (Rank.ACE = 0)
        return ace if self.hands[seat] >> ace & 1 else None

    def _illegal_reason(self, seat: int, card: Card, legal: int) -> IllegalAction:
        """The error for an unmarked illegal play, naming the rule broken."""
        called = self.called
        allowed = " ".join(str(c) for c in cards_in(legal))
        if not self.trick:
            return self._err("E-CALLED-ACE", f"the partner holds the called {called} and may not lead a low card of "
                             "its suit (rules.md B-20b; I-19)", card, called)
        led_card = self.trick[0][1]
        led = self.eff_suit(led_card)
        if called is not None and led == called.suit and self.called_trick == self.trick_no:
            if seat == self.partner and legal == 1 << called:
                return self._err("E-CALLED-ACE", f"the called suit is led for the first time: the partner must play "
                                 f"{called} (rules.md B-20a)", card, called)
            if seat == self.picker and self.under is not None and legal == 1 << self.under:
                return self._err("E-UNDER-PLAY", f"the called suit is led for the first time: the picker must play the "
                                 f"unknown card {self.under} (rules.md B-11b)", card, self.under)
            ace = self._ten_call_ace(seat)
            if ace is not None and legal == 1 << ace:
                return self._err("E-TEN-ACE", f"the called ten's suit is led for the first time: the picker must play "
                                 f"{ace} (tenCallPickerPlaysAce, rules.md B-10)", card, ace)
        if self._follow_mask(seat, led):
            led_name = "trump" if led == TRUMP else Suit(led).name.lower()
            extra = " (the unknown card does not follow its printed suit, rules.md B-11c)" if card == self.under else ""
            return self._err("E-RENEGE", f"{led_card} leads {led_name}; seat {seat} holds {led_name} and must follow "
                             f"suit (rules.md B-18){extra}", card, allowed)
        if seat == self.partner and card == called:
            return self._err("E-CALLED-ACE", f"the partner may not throw off the called {called} before the called suit "
                             "is led, except on the last trick (rules.md B-20c; I-20)", card, allowed)
        return self._err("E-HOLD-CARD", f"the picker may not throw off the last hold card {card} before the called "
                         "suit is led, except on the last trick (rules.md B-21; I-21)", card, allowed)

    def play(self, seat: int, card: Card, renege: bool = False) -> None:
        """Play one card (rules.md B-17..B-22).  ``renege`` accepts an illegal
        card that the table ruled on (SHN ``^R``, B-23).  Raises
        :class:`IllegalAction`: ``E-WRONG-TURN``, ``E-NOT-HELD``,
        ``E-CARD-PLAYED`` (already out), ``E-RENEGE``, ``E-CALLED-ACE``,
        ``E-HOLD-CARD``, ``E-UNDER-PLAY``; the state is unchanged."""
        if self.phase is not _PLAY or seat != self.to_act:
            self._ready_to_play(seat, card)
        c = card  # its index 0..33 (compiled: a C int, replay/state.pxd)
        bit = _ONE << c
        hands = self.hands
        h = hands[seat]
        if not h & bit:
            self._not_held(seat, card, bit, h)
        # Fast path: following the led suit is legal except on the first trick
        # of the called suit, where the partner owes the ace and the picker the
        # unknown card (B-20a, B-11b); a void seat is free unless a called-suit
        # duty binds it (B-20c the partner, B-21 the picker); leading is free
        # except for the partner holding the called ace (B-20b).  Everything
        # else asks legal_mask, which decides.
        trick = self.trick
        if trick:
            lm = self._led_mask
            if bit & lm:  # follows the led suit
                ok = not (self._special and self.called_trick == self.trick_no and self._led == self._cs
                          and (seat == self.partner or seat == self.picker))
            elif not h & lm:  # void in the led suit
                ok = (not self._special or self.called_trick is not None
                      or (seat != self.partner and seat != self.picker))
            else:
                ok = False
        else:
            ok = not (self._special and seat == self.partner and self.called_trick is None)
        if not ok:
            legal = self.legal_mask(seat)
            ok = bool(legal & bit)
            if not ok:
                if not renege:
                    raise self._illegal_reason(seat, card, legal)
                self.reneges.append((seat, self.trick_no + 1))
        if renege and ok and self.complete:
            raise self._err("E-RENEGE-MARK", f"{card} is marked ^R as a renege but it is a legal play", f"^R{card}",
                            str(card))
        if self._rare:  # the first-two games (F-1, issue 18) and table cards (wi2, F-1)
            if self._ft_mask >> card & 1:  # the first two cards of a rank make the side
                partner_cards.first_two_card(self, seat, card)
            d = self._under.get(card)
            if d is not None:  # the face-down card under a played face-up card turns up
                h |= 1 << d
                self.down[seat] &= ~(1 << d)
        # commit
        if not trick:
            self._lead(card)
        hands[seat] = h & ~bit
        trick.append((seat, card))
        self.trick_mask |= bit
        if seat == self.partner and self.partner_revealed is None and (
                card == self.called or (card == self._pcard and self.call_type is _CT_JD)
                or (self.call_type is _CT_QUEENS and card in self.profile.partner_cards[1:])):
            self.partner_revealed = self.trick_no + 1
        if len(trick) == self.np:
            self._end_trick()
        else:
            self.to_act = self._succ[seat]  # next_seat(self.n, self.sitting, seat), one index

    def _lead(self, card: Card) -> None:
        """Open a trick with ``card``: the suit it leads (the unknown card
        leads as the called suit, rules.md B-11c; trump counts as one suit,
        B-18), that suit's cards as a mask (the unknown card follows only the
        called suit), and the trick of the called suit's first lead (B-20)."""
        under = self.under
        cs = self._cs
        if under is None:
            es = self._suit_of[card]
            lm = self._suit_masks[es]
        else:
            ubit = 1 << under
            es = cs if card == under else self._suit_of[card]
            lm = self._suit_masks[es] & ~ubit | (ubit if es == cs else 0)
        self._led = es
        self._led_mask = lm
        if es == cs and self.called_trick is None and not self.alone:
            self.called_trick = self.trick_no

    def _ready_to_play(self, seat: int, card: Card) -> None:
        """The checks before any card is played, for :meth:`play` and the
        battery game's play (``replay.battery``): start the play when the
        picking is over, then ``seat`` must be the seat to act.  Raises
        :class:`IllegalAction`: ``E-TOO-MANY-CARDS`` (the hand is over),
        ``E-PHASE`` (the picking is not over), ``E-WRONG-TURN``."""
        if self.phase is not _PLAY:
            if self.phase == _DONE:
                raise self._err("E-TOO-MANY-CARDS", f"{card} is played after the hand is over", card, "no more cards")
            self.start_play()
            if self.phase != _PLAY:
                raise self._err("E-PHASE", "a card outside the play", card, "no card now")
        if seat != self.to_act:
            raise self._err("E-WRONG-TURN", f"seat {seat} plays {card} but it is seat {self.to_act}'s turn", seat, self.to_act)

    def _not_held(self, seat: int, card: Card, bit: int, h: int) -> None:
        """Raise the error for ``seat`` playing ``card`` (``bit``) that is not
        in its playable cards ``h``: ``E-TABLE-DOWN`` (a face-down table card,
        rules.md F-1), ``E-CARD-PLAYED`` or ``E-NOT-HELD``."""
        if self.down[seat] & bit:  # rules.md F-1: a table card is played only once uncovered
            top = next(Card(u) for u, d in self._under.items() if d == card)
            raise self._err("E-TABLE-DOWN", f"seat {seat} plays {card}, which lies face down under {top} "
                            "(rules.md F-1: a table card turns up when the card on it is played)", card,
                            " ".join(str(c) for c in cards_in(h)))
        if self.complete:
            out = any(self.taken[s] & bit for s in range(self.n)) or self.trick_mask & bit
            if out:
                raise self._err("E-CARD-PLAYED", f"{card} was already played", card, "a card still in hand")
            holder = self._holder(card)
            where = ("the blind" if self.blind & bit else "the bury" if self.bury & bit else
                     f"seat {holder}'s hand" if holder is not None else "nobody's hand")
            legal = self.legal_mask(seat) & h if h == self.hands[seat] else h
            said = f"seat {seat} plays {card}, which is in {where}"
            if legal and legal != h:  # table33 F6: expected names the cards the seat may play here, the rest apart
                rest = " ".join(str(c) for c in cards_in(h & ~legal))
                led = self.eff_suit(self.trick[0][1]) if self.trick else None
                if led is not None and self._follow_mask(seat, led) == legal:
                    led_name = "trump" if led == TRUMP else Suit(led).name.lower()
                    said += (f"; {self.trick[0][1]} leads {led_name} and seat {seat} must follow (rules.md B-18): "
                             f"it also holds {rest}, which it may not play here")
                else:
                    said += (f"; seat {seat} also holds {rest}, which it may not play here (rules.md B-20, B-21, "
                             "B-11)")
            raise self._err("E-NOT-HELD", said, card, " ".join(str(c) for c in cards_in(legal or h)))
        raise self._err("E-CARD-PLAYED", f"{card} is played twice", card, "each card once")

    def trick_winner(self, cards: list[tuple[int, Card]] | tuple[tuple[int, Card], ...]) -> int:
        """The seat that wins a trick of (seat, card) in play order (B-19).
        The unknown card never wins (B-11a); ``calledTenBeatsAce`` lets a called
        ten beat its ace (B-10)."""
        o = self._order
        suit_of = o.suit_of
        strength = o.strength
        under = self.under
        best_seat = None
        best = -1
        for s, c in cards:
            if c != under and suit_of[c] == TRUMP and strength[c] > best:
                best, best_seat = strength[c], s
        if best_seat is not None:
            return best_seat
        led = self.eff_suit(cards[0][1])
        ten_up = self.profile.calledTenBeatsAce and self.called is not None and self.called.rank is _TEN
        for s, c in cards:
            if c != under and suit_of[c] == led:
                st = strength[c]
                if ten_up and c == self.called:
                    st = 99
                if st > best:
                    best, best_seat = st, s
        return cards[0][0] if best_seat is None else best_seat

    def _end_trick(self) -> None:
        cards = tuple(self.trick)
        if self.under is None and not self._ten_up:
            # the highest trump, else the highest card of the led suit (rules.md B-19): the
            # strongest of those cards (_strongest), looked up by their mask
            tm = self.trick_mask
            suit_masks = self._suit_masks
            contest = tm & suit_masks[4] or tm & suit_masks[self._led]  # TRUMP, else the led suit
            got = self._tops.get(contest)
            if got is None:
                got = self._tops[contest] = _strongest(contest, self._strength)
            top = got  # compiled: a C int, compared in C with each card's index (replay/state.pxd)
            for w, c in cards:
                if c == top:
                    break
        else:
            w = self.trick_winner(cards)
        self.taken[w] |= self.trick_mask
        self.ntaken[w] += 1
        self.tricks.append((self.leader, cards, w))
        self.last_winner = w
        self.trick = []
        self.trick_mask = 0
        self.trick_no = no = self.trick_no + 1
        self.leader = w
        self.to_act = w
        if no == self._nt:
            self.phase = _DONE

    def _claim(self, seat: int) -> None:
        if self.phase != _PLAY:
            self.start_play()
        if self._ft_mask:
            partner_cards.first_two_claim(self)
        remaining = 0
        for h in self.hands:
            remaining |= h
        for h in self.down:  # face-down table cards (rules.md F-1)
            remaining |= h
        self.down = [0] * self.n
        remaining |= self.trick_mask
        if self.picker is not None and not self.bury_known:
            # the picker's cards still hold the unknown bury, which is the picker
            # side's (B-24), not the claimer's: they are assigned to no one
            remaining &= ~self.hands[self.picker]
        rest = self.n_tricks - self.trick_no
        # the claiming side takes every card nobody has taken yet (notation.md
        # §3 "claim"); with the whole deal known they are ``remaining``, else
        # their points follow from the deck's 120 (side_points)
        self.claim_points_known = True
        self.taken[seat] |= remaining
        self.ntaken[seat] += rest
        self.claimed = True
        self.claim_seat = seat
        self.claim_after = self.trick_no
        self.claimed_cards = remaining
        self.hands = [0] * self.n
        self.trick = []
        self.trick_mask = 0
        self.last_winner = seat
        self.trick_no = self.n_tricks
        self.phase = _DONE

    # ------------------------------------------------------------------ results
    @property
    def done(self) -> bool:
        return self.phase == _DONE

    @property
    def doubler(self) -> bool:
        return self.phase == _DONE and self.nopick == "doubler"

    @property
    def forced(self) -> bool:
        """The picker was the seat that may not pass (rules.md D-13, D-14)."""
        return self.picker is not None and self.picker == self._forced  # profile.forced_pick_seat(dealer)

    def side_points(self) -> int | None:
        """The picker side's card points, bury included (rules.md B-24, J);
        None when the bury is unknown and not all other cards are."""
        picker = self.picker
        if picker is None:
            return None
        taken = self.taken
        p1, p2 = self.partner, self.partner2
        pts = points_of(taken[picker])  # the side's seats once each (side_of): picker, partner, second partner
        if p1 is not None and p1 != picker:
            pts += points_of(taken[p1])
        if p2 is not None and p2 != picker and p2 != p1:
            pts += points_of(taken[p2])
        if self.claimed and not (self.complete and self.bury_known):
            # a claim without the whole deal or the bury (notation.md §3): the claiming
            # side has every card the other side did not take, bury included
            # when it is the picker's (B-24); a defenders' claim leaves the
            # picker side its tricks and its bury, which must then be known
            if self.side_of(self.claim_seat):
                others = sum(points_of(self.taken[s]) for s in range(self.n) if not self.side_of(s))
                return points_of(self.profile.deck_mask) - others
            return pts + points_of(self.bury) if self.bury_known else None
        if self.bury_known:
            return pts + points_of(self.bury)
        if self.done and self.claim_points_known:
            others = sum(points_of(self.taken[s]) for s in range(self.n) if not self.side_of(s))
            return 120 - others
        return None

    def side_tricks(self) -> int:
        """The tricks the picker's side took (0 without a picker)."""
        picker = self.picker
        if picker is None:
            return sum(self.ntaken[s] for s in range(self.n) if self.side_of(s))
        ntaken = self.ntaken
        p1, p2 = self.partner, self.partner2
        k = ntaken[picker]  # the side's seats once each (side_of)
        if p1 is not None and p1 != picker:
            k += ntaken[p1]
        if p2 is not None and p2 != picker and p2 != p1:
            k += ntaken[p2]
        return k

    def seat_points(self) -> list[int]:
        """Each seat's card points from tricks (no bury, no blind)."""
        return [points_of(m) for m in self.taken]

    def blind_seat(self) -> int | None:
        """The seat whose card points the blind joins in a no-pick game
        played in tricks: the last-trick winner under ``leasterBlind=lastTrick``,
        the winner of the named trick (or the seat that claimed the rest
        before it) under ``namedTrick`` (rules.md D-3, I-28); None under
        ``none`` or while that trick is not yet taken.  Raises
        ``ValueError`` under ``namedTrick`` when no trick was named."""
        how = self.profile.leasterBlind
        if how == "lastTrick":
            return self.last_winner
        if how == "namedTrick":
            if self.blind_trick is None:
                raise ValueError("leasterBlind=namedTrick but no trick was named for the blind")
            if self.blind_trick <= len(self.tricks):
                return self.tricks[self.blind_trick - 1][2]
            if self.claimed and self.claim_seat is not None:
                return self.claim_seat
        return None

    def leaster_points(self) -> list[int]:
        """Each seat's card points in a no-pick game played in tricks, the
        blind added to the seat :meth:`blind_seat` gives it (rules.md D-3,
        I-28).  Raises ``ValueError`` under ``namedTrick`` when no trick
        was named."""
        pts = self.seat_points()
        to = self.blind_seat()
        if to is not None:
            pts[to] += points_of(self.blind)
        return pts

    def marks(self) -> dict[str, int]:
        """Marks by name (rules.md J: cracks, re-cracks, castrates, blitzes;
        each ×2)."""
        return {"crack": self.cracks, "re-crack": self.recracks, "castrate": self.castrates, "blitz": self.blitzes}

    @property
    def n_marks(self) -> int:
        return self.cracks + self.recracks + self.castrates + self.blitzes

    def settlement(self) -> Settlement:
        """The hand's settlement once it is over (rules.md B-24..B-35, D, E).
        Raises ``ValueError`` before the end."""
        if self.phase != _DONE:
            raise ValueError("the hand is not over")
        s = self._settlement()
        if self.picker == self.dealer and is_nuclear(self.profile, self.picker, self.dealer) and \
                s.outcome[:3] in ("win", "los"):  # the seat first: no call for a picker who is not the dealer
            s = nuclear_settlement(s)  # nuclearDealer (issue 18): x2, before the pot
        if self.profile.pot:  # rules.md D-19 and its variants (replay/pot.py)
            s = settle_pot(s, self.profile, pot=self.pot, picker=self.picker, partner=self.partners() or None,
                           out=self.sitting)
        return s

    def nopick_seat(self) -> tuple[int | None, int | None, bool]:
        """(seat, second, won) of a finished no-pick game (rules.md D): the
        seat it turns on (None: a wash), the second of two tied leaster
        winners under ``leasterTie=split`` (else None), and whether the seat
        wins (a leaster, mittler or schneidster winner, a moster sweep) or
        loses (the moster's most points, the schwanzer's highest count).
        Raises ``ValueError`` when no no-pick game was played."""
        prof = self.profile
        game = self.nopick
        # the seats that play (all but a dealer who sits out, rules.md F-1); the
        # rules below are read over those seats only and mapped back
        seats = [s for s in range(self.n) if s != self.sitting]
        if game == "schwanzer":
            if not self.complete:
                raise ValueError("a schwanzer is scored from the whole deal, which is not known")
            loser = schwanzer_loser([self._dealt[s] for s in seats], self._order)
            return (None if loser is None else seats[loser]), None, False
        if not self.leaster:
            raise ValueError("no no-pick game was played")
        all_pts = self.leaster_points()
        pts = [all_pts[s] for s in seats]
        taken = [self.ntaken[s] for s in seats]

        def seat_of(i: int | None) -> int | None:
            return None if i is None else seats[i]

        if game == "moster":
            i, won = moster_seat(pts, taken, self.n_tricks)
            return seat_of(i), None, won
        if game == "mittler":
            return seat_of(mittler_winner(pts)), None, True
        if game == "schneidster":
            return seat_of(schneidster_winner(pts)), None, True
        winners = [seats[i] for i in leaster_winner(prof, pts, taken)]
        if len(winners) == 1:
            return winners[0], None, True
        if len(winners) == 2 and prof.leasterTie == "split":  # D-6: the first in play order takes 2 shares
            first, second = sorted(winners, key=self.pick_position)
            return first, second, True
        return None, None, True

    def _settlement(self) -> Settlement:
        prof = self.profile
        if self.doubler:
            return settle_void(self.n, "doubler")
        if self.nopick is not None and self.nopick != "doubler":
            if self.reneges:
                return self._renege_each(self.nopick)
            seat, second, won = self.nopick_seat()
            if self.nopick != "leaster":
                return settle_nopick(self.n, self.nopick, seat, won, stake=self.stake, marks=self.marks(),
                                     cap=prof.markFactorCap,
                                     out=self.sitting)
            if second is not None:
                return settle_leaster(prof, self.n, seat, stake=self.stake, marks=self.marks(), second=second,
                                      out=self.sitting)
            pts = self.leaster_points()
            sweep = seat is not None and leaster_pays_triple(  # D-5, issue 18: a sweep, a winning trick of no points
                prof, self.ntaken[seat] == self.n_tricks, pts[seat] == 0, self.ntaken[seat] > 0)
            return settle_leaster(prof, self.n, seat, sweep=sweep, stake=self.stake, marks=self.marks(),
                                  out=self.sitting, no_trick=seat is not None and self.ntaken[seat] == 0)
        pts = self.side_points()
        if pts is None:
            raise ValueError("the picker side's card points are unknown")
        outcome = self.picked_outcome(pts, self.side_tricks())
        if self.reneges:
            return self._renege_side(outcome, pts)
        return settle_picked(prof, self.n, self.picker, self.partners() or None, outcome, stake=self.stake,
                             marks=self.marks(), sheepshead=self.sheepshead, forced=self.forced, out=self.sitting)

    def _renege_side(self, cards: str, pts: int) -> Settlement:
        """A picked hand with a renege the table ruled on (rules.md B-23):
        ``cards`` is the outcome the cards give (``pts`` the picker side's
        card points).  ``offenderPaysEach``: a misplay (money moves, the
        hand is not a played pick); ``sideLosesHand``: the offender's side
        loses the hand, plainly, or keeps the loss the cards give.  The
        summary says so (:func:`replay.scoring.renege_words`)."""
        from dataclasses import replace

        from .scoring import renege_words

        prof = self.profile
        offender, trick = self.reneges[0]
        tricks = self.side_tricks()
        said = f"{cards} ({pts} card points, {tricks} trick{'' if tricks == 1 else 's'})"
        if prof.renegePenalty == "offenderPaysEach":
            # B-23 "misplay": money moves, the hand is not a played pick
            return self._renege_each("misplay", said)
        outcome = cards
        if self.side_of(offender) and outcome.startswith("win"):
            outcome = "lose"
        elif not self.side_of(offender) and outcome.startswith("lose"):
            outcome = "win-z" if self.sheepshead else "win"
        settle = settle_picked(prof, self.n, self.picker, self.partners() or None, outcome, stake=self.stake,
                               marks=self.marks(), sheepshead=self.sheepshead, forced=self.forced, out=self.sitting)
        return replace(settle, summary=f"{settle.summary}; "
                       + renege_words(f"seat {offender}", trick, "sideLosesHand", outcome, said))

    def picked_outcome(self, pts: int, tricks: int) -> str:
        """The outcome word of this picked hand from the picker side's card
        points and tricks: B-27..B-30, or under a sheepshead call (C-9)
        ``win-z`` with every trick and ``lose`` otherwise."""
        if self.sheepshead:
            return "win-z" if tricks >= self.n_tricks else "lose"
        return picked_result(self.profile, pts, tricks, self.n_tricks)

    def _renege_each(self, outcome: str = "leaster", cards: str | None = None) -> Settlement:
        """The offender of the first renege pays one unit to each other
        playing seat (−4 / +1 each at five), instead of the hand's result: in a
        no-pick game (there is no side to lose the hand) and under
        ``renegePenalty=offenderPaysEach`` (rules.md B-23).  The unit is flat:
        no tier, mark, doubler or double on the bump.  ``outcome`` keeps what
        the cards gave (a picked hand's outcome word, or the no-pick game);
        ``cards`` what the cards give in words (a picked hand)."""
        from .scoring import renege_settlement

        return renege_settlement(self.n, self.reneges[0][0], outcome, out=self.sitting, trick=self.reneges[0][1],
                                 cards=cards)
