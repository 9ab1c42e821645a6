"""Rule profiles: a name plus flag overrides, as data (rules.md J).

A profile is written the way SHN's ``[Rules]`` tag writes it::

    wi5-called-ace; doubleOnBump=off; noPick=doubler

:func:`parse_rules` reads that text into a frozen :class:`RuleProfile`.
Flags that the first engine does not honour yet (rules.md J, "First engine"
column) are accepted only at their default; any other value raises
:class:`~replay.errors.ProfileError` with code ``E-RULES-UNSUPPORTED`` — never
silently ignored.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from typing import Literal, NamedTuple, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .cards import FULL_DECK, SIXES, Card, TrumpOrder, mask_of, trump_order
from .errors import ProfileError
from .rules_reading import NOT_LEASTER, STAKE, read_words, seat_count_in

__all__ = ["RuleProfile", "NAMED_PROFILES", "DEFAULT_PROFILE", "parse_rules", "profile_text", "DECKS", "TABLE_FIELDS",
           "LARGEST_TABLE", "placed_rules_error", "seat_profiles_text"]

# ---- h6-tables: table sizes 2..8 (rules.md F-1..F-4) -------------------------------------------------
#: The decks of rules.md F-1 as card masks, by card count.  Every removed card
#: is a 7 or an 8 (0 card points), so each deck still holds 120 card points (A-6).
DECKS: dict[int, int] = {
    32: FULL_DECK,
    # 30: without 7♣ 7♠ (F-1, three- and four-handed, six-handed black queens)
    30: FULL_DECK & ~mask_of((Card.C7, Card.S7)),
    # 26: without the non-trump 7s and 8s (F-1, three-handed)
    26: FULL_DECK & ~mask_of((Card.C7, Card.S7, Card.H7, Card.C8, Card.S8, Card.H8)),
    # 34: with 6♣ 6♠ (F-1, four-handed; issue 18): the sixes are 0 card points, so still 120
    34: FULL_DECK | SIXES,
}
#: The table geometry of a named profile: set by the name, never by a flag
#: (rules.md J has no flags for it), so ``[Rules]`` cannot override them.
TABLE_FIELDS = ("players", "deck", "handCards", "blindCards", "sitOut", "tableStacks", "battery")

OnOff = bool


class RuleProfile(BaseModel):
    """Every flag of rules.md J with its default.  Booleans read ``on``/``off``.

    ``name`` is the named profile the flags start from.  The table geometry
    comes with the name (rules.md F-1; not flags, see :data:`TABLE_FIELDS`):

    * ``players`` — seats at the table (the ``[Seats]`` count, one unit per
      seat in a settlement);
    * ``deck`` — 32, 30 or 26 cards (:data:`DECKS`);
    * ``handCards`` / ``blindCards`` — cards dealt to each playing seat and to
      the blind;
    * ``sitOut`` — the dealer sits out the hand (six at the table playing the
      five-handed game): dealt nothing, plays nothing, settles 0;
    * ``tableStacks`` — table cards per seat (h6-two, two-handed ``wi2``):
      stacks of a face-down card under a face-up card, 0 elsewhere.  A seat
      plays ``handCards + 2 * tableStacks`` cards (rules.md F-1: 8 + 8).
    * ``battery`` — the two-handed battery game (issue 18, ``wi2-battery``):
      tricks of four cards, each seat one hand card and one table
      ("battery") card (:mod:`replay.battery`, docs/profiles.md).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    # The derived values below (hand_size, tricks, has_blind, ...) are
    # ``cached_property``: each is computed from the flags on its first read
    # and kept in the instance (issue 17: the engine reads several of them
    # for every hand, and a profile is shared by every hand of its [Rules]).
    # Equality, hashing and model_dump see the flags only; a copy with other
    # flags forgets the kept values (model_copy below).

    def model_copy(self, *, update=None, deep: bool = False) -> "RuleProfile":
        """A copy (pydantic's ``model_copy``) with ``update`` applied; the
        derived values kept by the original are dropped, so the copy computes
        its own from its flags."""
        out = super().model_copy(update=update, deep=deep)
        for name in _DERIVED:
            out.__dict__.pop(name, None)
        return out

    name: str = "wi5-called-ace"
    players: int = 5
    deck: Literal[32, 30, 26, 34] = 32
    handCards: int = 6
    blindCards: int = 2
    sitOut: bool = False
    tableStacks: int = 0
    battery: bool = False
    # "alone", "jdAndAce" and the partner-card games of _PARTNER_CARDS (h6-tables;
    # not in rules.md J): the picker always plays alone, as three-handed (F-2)
    # and four-handed cutthroat (F-3) are played; the J♦ holder and the
    # called-ace holder are both partners (six-handed 3v3, F-1); with no blind,
    # the holders of partner cards are the side (F-1).
    # "none" (h6-two; rules.md F-1 "partner none"): two-handed, each seat plays for
    # itself; the non-dealer is written as the head (``pick S``), most card points win.
    partnerMode: Literal["calledAce", "jackOfDiamonds", "alone", "jdAndAce", "blackQueens", "qcJd7d",
                         "blackQueensJd", "none", "firstTwo", "dieRoll", "sharedBlind"] = "calledAce"
    doubleOnBump: OnOff = True
    partnerOffHookNoTrick: OnOff = False
    schneiderSymmetric90: OnOff = False
    calledTenBeatsAce: OnOff = False
    noBuryIntoUnknown: OnOff = True
    partnerMayRun: OnOff = False
    noPick: Literal["leaster", "doubler", "forcedPick", "moster", "mittler", "schneidster", "schwanzer"] = "leaster"
    leasterBlind: Literal["lastTrick", "namedTrick", "none"] = "lastTrick"
    leasterMustTakeTrick: OnOff = True
    leasterTie: Literal["wash", "split"] = "wash"
    leasterSweepPaysTriple: OnOff = False
    doublerStacking: Literal["queued", "multiplicative"] = "queued"
    allowCrack: OnOff = True
    crackEligibility: Literal["afterPickerOnly", "anyDefender"] = "afterPickerOnly"
    allowRecrack: OnOff = True
    allowBlitz: Literal["none", "queens", "queensAndJacks"] = "none"
    maxMarks: int = Field(0, ge=0)  # 0: no cap (rules.md J); a negative cap is E-RULES-VALUE
    jdCallUp: OnOff = False
    jdCallTiming: Literal["afterBlind", "beforeBlind"] = "afterBlind"
    renegePenalty: Literal["sideLosesHand", "offenderPaysEach"] = "sideLosesHand"
    allowCallOwnAce: OnOff = False
    jdHybridAceCall: OnOff = False
    jdMustNotBuryJD: OnOff = False
    trumpOrder: Literal["standard", "spitz2", "spitz1", "clubsTrump", "jacksHigh", "twoQueensHigh"] = "standard"
    forcedPickNoBump: OnOff = False
    pot: OnOff = False
    # --- house rules on the five-handed game (issue 6, h6-house): flags that
    # rules.md J has no name for, named here (docs/profiles.md "House rules").
    #: rules.md E-4: a castrate (a further player doubles again) is allowed.
    allowCastrate: OnOff = False
    #: rules.md C-7: the card that makes its holder the partner in the
    #: jack-of-diamonds game (J♦, or the J♣ some groups use).
    jdPartnerCard: Literal["JD", "JC"] = "JD"
    #: rules.md C-9: the picker may call "sheepshead" (contract to take every
    #: trick): off, on, or only when holding the partner card (J♦ / J♣).
    allowSheepsheadCall: Literal["off", "on", "holdingPartnerCard", "alone"] = "off"
    # --- issue 18, house flags the source names (docs/profiles.md "House flags (issue 18)"):
    #: rules.md E-2 ("the partner should not crack"): off makes a crack by the
    #: partner an error when the deal tells who the partner is.
    partnerMayCrack: OnOff = True
    #: rules.md E-5 ("a blitz only together with/after a crack or re-crack"):
    #: on, a blitz needs a crack made before it.
    blitzAfterCrack: OnOff = False
    #: rules.md E-5 ("after-the-fact blitzing once both queens have been
    #: played"): on, a blitz written ``blitz S black late`` is declared after
    #: the play by the seat that played both cards of the pair.
    lateBlitz: OnOff = False
    #: rules.md E-6 (caps on escalation): the largest factor the marks (cracks,
    #: re-cracks, castrates, blitzes) may make; more marks are allowed but
    #: double no further.  0: no cap; else a power of two, 2 or more.
    markFactorCap: int = Field(0, ge=0)
    #: rules.md E-5 ("pairs of jacks (black, middle, or all four)"), with
    #: ``allowBlitz=queensAndJacks``: which jack blitzes the group plays —
    #: the colour pairs J♣ J♠ and J♥ J♦ (``colours``, issue 6), the middle
    #: pair J♠ J♥ (``middle``), or all four jacks in one hand (``four``).
    jackBlitz: Literal["colours", "middle", "four"] = "colours"
    #: rules.md D-5 ("pay such a sweep — or a winning trick with zero points —
    #: at no-tricker rates"), with ``leasterSweepPaysTriple=on``: which leaster
    #: wins pay ×3 — either (``sweepOrZero``, what the flag did before), only a
    #: winner who took every trick (``sweep``), or only a winner with no card
    #: points (``zeroPoints``).
    leasterTriple: Literal["sweepOrZero", "sweep", "zeroPoints"] = "sweepOrZero"
    # --- issue 6, no-pick area (rules.md D-13, D-14): invented flag, J has none.
    # Which seat ``noPick=forcedPick`` sticks: ``dealer`` (D-13, the last to
    # speak may not pass) or ``schiller`` (D-14, the seat on the dealer's left
    # must pick at once; a hand's own [Rules] can set it for a session's last hand).
    forcedPickSeat: Literal["dealer", "schiller"] = "dealer"
    # --- issue 18 (h18a), rules.md F-1 four- and eight-handed rows: under
    # ``partnerMode=firstTwo`` the players of the first two cards of this rank
    # are partners (``queen``: "the first two queens played"; another value is
    # the "agreed rank").  Not in rules.md J; docs/profiles.md "First two".
    firstTwoRank: Literal["ace", "ten", "king", "queen", "jack", "nine", "eight", "seven"] = "queen"
    # --- issue 18 (h18b): the pot's variants, the ten call's ace, the leaster's no-trick double
    # (docs/profiles.md "House flags (issue 18)"; rules.md J names none of them).
    #: rules.md D-19 ("taking the whole vs a single pot"), with ``pot=on``: a winning
    #: picker side takes the whole pot (``all``) or one pot's worth (``one``, replay/pot.py).
    potTake: Literal["all", "one"] = "all"
    #: rules.md D-19 ("doubling the pot on a loss"; issue 18 "or one more pot added"), with
    #: ``pot=on``: a losing picker side pays what it would have received (``double``) or
    #: one more pot, one unit per playing seat (``addPot``).
    potLoss: Literal["double", "addPot"] = "double"
    #: rules.md B-10 (the encyclopedia's "must play the ace"): in a ten call, the picker
    #: holding the ace of the called suit must play it when that suit is first led.
    tenCallPickerPlaysAce: OnOff = False
    #: rules.md D-7, D-8 (three-handed: "4 if the winner took no trick"), with
    #: ``leasterMustTakeTrick=off``: a leaster winner without a trick wins double.
    leasterNoTrickDouble: OnOff = False
    #: rules.md F-1's seven-handed row (issue 18: "the dealer going nuclear"; replay/seven.py): the
    #: dealer's pick after the six others passed plays alone at double stakes.  Seven-handed only.
    nuclearDealer: OnOff = False
    #: issue 18 ("the picker taking 0, 1 or 2 cards"), with ``wi7-shared-blind``: the picker takes
    #: two of the four blind cards (``two``, F-1's "neighbour takes 2") or 0, 1 or 2 (``upToTwo``),
    #: the neighbour the rest.
    pickerTakes: Literal["two", "upToTwo"] = "two"
    # --- issue 18, the two-handed battery games (docs/profiles.md "Two-handed battery games"):
    #: ``wi2-battery``: the order of a four-card trick, "hand, hand, battery,
    #: battery" (``handFirst``) or the reverse (``batteryFirst``).
    batteryOrder: Literal["handFirst", "batteryFirst"] = "handFirst"
    #: ``wi2-all-table`` (all 32 cards on the table, the source silent on the
    #: trick): each seat plays one face-up card a trick (``oneCard``, 16 tricks
    #: of two cards) or two (``twoCards``, 8 tricks of four).
    allTableTrick: Literal["oneCard", "twoCards"] = "oneCard"

    @cached_property
    def trumps(self) -> TrumpOrder:
        """The trump and fail order this profile plays with (its 34-card form,
        the sixes at the bottom of ♣ and ♠, under ``deck=34``)."""
        return trump_order(self.trumpOrder, sixes=self.deck == 34)

    def forced_pick_seat(self, dealer: int) -> int | None:
        """The seat that may not pass (rules.md D-13, D-14): the last to speak
        (the dealer; the seat on his right when he sits out), or under
        ``forcedPickSeat=schiller`` the seat on the dealer's left; None
        unless ``noPick=forcedPick``.  Seats are 0..players-1 clockwise."""
        if self.noPick != "forcedPick":
            return None
        if self.forcedPickSeat == "schiller":
            return (dealer + 1) % self.players
        # the last to speak: the dealer, or the seat right of a dealer who sits out (F-1)
        return (dealer - 1) % self.players if self.sitOut else dealer

    @cached_property
    def partner_card(self) -> Card:
        """The jack-of-diamonds game's partner card (rules.md C-1, C-7)."""
        return Card.CJ if self.jdPartnerCard == "JC" else Card.DJ

    @cached_property
    def hand_size(self) -> int:
        """Cards dealt to each playing seat (rules.md F-1; 6 at five-handed, B-2)."""
        return self.handCards

    @cached_property
    def blind_size(self) -> int:
        """Cards in the blind, and so in the bury (rules.md F-1, B-7)."""
        return self.blindCards

    @cached_property
    def tricks(self) -> int:
        """Tricks in a hand: the cards a seat plays, its hand and its table
        cards, over the cards it plays to a trick (16 in two-handed ``wi2``,
        rules.md F-1; 8 in ``wi2-battery``)."""
        return (self.handCards + 2 * self.tableStacks) // self.seat_trick_cards

    @cached_property
    def seat_trick_cards(self) -> int:
        """Cards each seat plays to one trick: 2 in the four-card tricks of the
        battery games (``wi2-battery``, ``wi2-all-table; allTableTrick=twoCards``),
        else 1."""
        return 2 if self.trick_slots else 1

    @cached_property
    def trick_cards(self) -> int:
        """Cards in one trick: one per playing seat, two in the battery games."""
        return self.playing * self.seat_trick_cards

    @cached_property
    def trick_slots(self) -> tuple[str, ...] | None:
        """The battery games' four-card trick as where each card comes from,
        in play order (leader, other, leader, other): ``hand`` or ``table``;
        None in every other game (one card a seat, hand and face-up alike)."""
        if self.battery:
            return ("hand", "hand", "table", "table") if self.batteryOrder == "handFirst" else \
                ("table", "table", "hand", "hand")
        if self.tableStacks and not self.handCards and self.allTableTrick == "twoCards":
            return ("table",) * 4
        return None

    @cached_property
    def always_alone(self) -> bool:
        """The picker (or the head) always plays alone, no call: ``alone``
        (rules.md F-2, F-3) and two-handed ``none`` (F-1)."""
        return self.partnerMode in ("alone", "none")

    @cached_property
    def two_handed(self) -> bool:
        """Two-handed with table cards (rules.md F-1, ``partnerMode=none``):
        no blind, no partner; the side's head is the non-dealer and the
        result is read from the winner's side (docs/profiles.md, ``wi2``)."""
        return self.partnerMode == "none"

    @cached_property
    def playing(self) -> int:
        """Seats that play a hand: ``players``, less the dealer under ``sitOut``."""
        return self.players - 1 if self.sitOut else self.players

    @cached_property
    def calls_ace(self) -> bool:
        """The picker calls a fail ace (B-9..B-16): ``calledAce`` and ``jdAndAce``."""
        return self.partnerMode in ("calledAce", "jdAndAce")

    @cached_property
    def partner_card_game(self) -> bool:
        """No blind: the holders of partner cards make the sides (rules.md F-1)."""
        return self.partnerMode in _PARTNER_CARDS or self.partnerMode == "firstTwo"

    @cached_property
    def partner_cards(self) -> tuple[Card, ...]:
        """In a partner-card game: the card whose holder heads the side (scored
        as the picker), then the partner cards (rules.md F-1)."""
        return _PARTNER_CARDS[self.partnerMode]

    @cached_property
    def max_partners(self) -> int:
        """How many partners the picker's side may have: two in the 3v3 and
        3v5 games (rules.md F-1), else one."""
        return 2 if self.partnerMode == "jdAndAce" or len(_PARTNER_CARDS.get(self.partnerMode, ())) > 2 else 1

    @cached_property
    def has_blind(self) -> bool:
        """False in the partner-card games without a blind (rules.md F-1): there
        is no picking, no bury and no leaster; the holder of the Q♣ heads the
        side and is scored as the picker (docs/profiles.md)."""
        return self.blindCards > 0

    @cached_property
    def deck_mask(self) -> int:
        """The cards in play as a bit mask (:data:`DECKS`)."""
        return DECKS[self.deck]

    @cached_property
    def max_bury(self) -> int:
        """The most card points a bury can hold: its size in aces (11 each).
        A picker side without a trick holds at most this (rules.md B-25, I-9)."""
        return 11 * min(self.blindCards, 4)


#: The derived values a profile keeps once read (its ``cached_property`` members).
_DERIVED = tuple(k for k, v in vars(RuleProfile).items() if isinstance(v, cached_property))

#: The partner-card games without a blind (rules.md F-1), by partnerMode: the
#: head's card first (its holder is scored as the picker), then the partner cards.
_PARTNER_CARDS: dict[str, tuple[Card, ...]] = {
    "blackQueens": (Card.CQ, Card.SQ),
    "qcJd7d": (Card.CQ, Card.DJ, Card.D7),
    "blackQueensJd": (Card.CQ, Card.SQ, Card.DJ),
}

DEFAULT_PROFILE = RuleProfile()

#: Named profiles (rules.md J): name -> overrides of the defaults.
NAMED_PROFILES: dict[str, dict[str, object]] = {
    "wi5-called-ace": {},
    "wi5-jack-of-diamonds": {"partnerMode": "jackOfDiamonds"},
    # --- house rules (issue 6, h6-house)
    #: rules.md F-7: the 7♦ ("spitz") second-highest trump, called-ace partner.
    "wi5-spitz": {"trumpOrder": "spitz2"},
    #: rules.md F-8: clubs replace diamonds in trump; callable aces ♠ ♥ ♦.
    "wi5-clubs-trump": {"trumpOrder": "clubsTrump"},
    # --- issue 6, no-pick area: one named profile per no-pick game (rules.md D).
    "wi5-forced-pick": {"noPick": "forcedPick"},  # D-13: the dealer is stuck
    "wi5-schiller": {"noPick": "forcedPick", "forcedPickSeat": "schiller"},  # D-14
    "wi5-moster": {"noPick": "moster"},  # D-15
    "wi5-mittler": {"noPick": "mittler"},  # D-16
    "wi5-schneidster": {"noPick": "schneidster"},  # D-17
    "wi5-schwanzer": {"noPick": "schwanzer"},  # D-18
    "wi5-pot": {"pot": True},  # D-19
    # ---- h6-tables: other table sizes (rules.md F-1..F-4; docs/profiles.md) ----
    # three-handed, picker alone (F-1, F-2): 32 cards 10+2, 30 cards 9+3, 26 cards 8+2
    "wi3": {"players": 3, "handCards": 10, "blindCards": 2, "partnerMode": "alone"},
    "wi3-30": {"players": 3, "deck": 30, "handCards": 9, "blindCards": 3, "partnerMode": "alone"},
    "wi3-26": {"players": 3, "deck": 26, "handCards": 8, "blindCards": 2, "partnerMode": "alone"},
    # four-handed cutthroat: 7 each, picker takes and buries 4, alone (F-1, F-3)
    "wi4-cutthroat": {"players": 4, "handCards": 7, "blindCards": 4, "partnerMode": "alone"},
    # four-handed 2v2 without 7♣ 7♠: 7 each, blind 2 (F-1, F-4)
    "wi4-called-ace": {"players": 4, "deck": 30, "handCards": 7, "blindCards": 2},
    "wi4-jack-of-diamonds": {"players": 4, "deck": 30, "handCards": 7, "blindCards": 2,
                             "partnerMode": "jackOfDiamonds"},
    # six seats, the dealer sits out: the five-handed game (F-1)
    "wi6-sit-out": {"players": 6, "sitOut": True},
    # six-handed J♦ 2v4, 5 each, blind 2; a picker with the J♦ calls the next jack (F-1, C-4)
    "wi6-jack-of-diamonds": {"players": 6, "handCards": 5, "blindCards": 2, "partnerMode": "jackOfDiamonds",
                             "jdCallUp": True},
    # seven-handed J♦, 4 each, blind 4, call-up allowed (F-1, C-4)
    "wi7-jack-of-diamonds": {"players": 7, "handCards": 4, "blindCards": 4, "partnerMode": "jackOfDiamonds",
                             "jdCallUp": True},
    # seven-handed, the picker takes the blind of 4 and a die roll written in the hand (``roll N``)
    # names the partner, the seat N places to the picker's left (F-1 "die roll"; issue 18, replay/seven.py)
    "wi7-die-roll": {"players": 7, "handCards": 4, "blindCards": 4, "partnerMode": "dieRoll"},
    # seven-handed, the picker and the seat on his left share the blind of 4 (``share c c``: the
    # neighbour's part), each burying what he took; the neighbour is the partner (F-1 "neighbour takes 2")
    "wi7-shared-blind": {"players": 7, "handCards": 4, "blindCards": 4, "partnerMode": "sharedBlind"},
    # no blind, the black queens are partners; one player with both plays alone (F-1, F-4):
    # four-handed 8 each (2v2), six-handed 30 cards 5 each (2v4), eight-handed 4 each (2v6)
    "wi4-black-queens": {"players": 4, "handCards": 8, "blindCards": 0, "partnerMode": "blackQueens"},
    "wi6-black-queens": {"players": 6, "deck": 30, "handCards": 5, "blindCards": 0, "partnerMode": "blackQueens"},
    "wi8-black-queens": {"players": 8, "handCards": 4, "blindCards": 0, "partnerMode": "blackQueens"},
    # six-handed, 5 each, blind 2: the J♦ holder and the called-ace holder are partners (3v3;
    # 2v4 when one player holds both or the picker holds the J♦) (F-1, F-4)
    "wi6-jd-ace": {"players": 6, "handCards": 5, "blindCards": 2, "partnerMode": "jdAndAce"},
    # eight-handed, 4 each, no blind: Q♣ + J♦ + 7♦ (3v5; 2v6 when one player holds two) (F-1, F-4)
    "wi8-qc-jd-7d": {"players": 8, "handCards": 4, "blindCards": 0, "partnerMode": "qcJd7d"},
    # six-handed, 30 cards, 5 each, no blind: the 7♦ is the top trump (F-7's spitz1 order), Q♣ + Q♠ + J♦
    # partners (3v3; 2v4 when one holds two), DOB applies (F-1); a holder of two may pass one left (give)
    "wi6-7d-high": {"players": 6, "deck": 30, "handCards": 5, "blindCards": 0, "partnerMode": "blackQueensJd",
                    "trumpOrder": "spitz1"},
    # ---- issue 18 (h18a): four-handed 2v2 with the 6♣ 6♠ added (F-1: "34 (+6♣ 6♠) | 7 or 8 | 2"): 8 each, blind 2
    "wi4-called-ace-34": {"players": 4, "deck": 34, "handCards": 8, "blindCards": 2},
    "wi4-jack-of-diamonds-34": {"players": 4, "deck": 34, "handCards": 8, "blindCards": 2,
                                "partnerMode": "jackOfDiamonds"},
    # ---- issue 18 (h18a): no blind, the players of the first two queens (or of the first two cards of
    # firstTwoRank) are partners (F-1 four-handed: 32 cards, 8 each; eight-handed: 4 each, 7♦ top trump)
    "wi4-first-queens": {"players": 4, "handCards": 8, "blindCards": 0, "partnerMode": "firstTwo"},
    "wi8-first-queens": {"players": 8, "handCards": 4, "blindCards": 0, "partnerMode": "firstTwo",
                         "trumpOrder": "spitz1"},
    # ---- h6-two: two-handed with table cards (rules.md F-1, first row; docs/profiles.md "wi2") ----
    # 8 in hand + 4 stacks of face-down under face-up, no blind, no partner, most card points win;
    # nobody picks, so there is no bump to double (doubleOnBump=off, refused on).
    "wi2": {"players": 2, "handCards": 8, "blindCards": 0, "tableStacks": 4, "partnerMode": "none",
            "doubleOnBump": False},
    # ---- issue 18: the two-handed battery games (docs/profiles.md "Two-handed battery games") ----
    # the deal of wi2, played as 8 tricks of four cards: each seat one hand card and one
    # table ("battery") card, "hand, hand, battery, battery" or the reverse (batteryOrder)
    "wi2-battery": {"players": 2, "handCards": 8, "blindCards": 0, "tableStacks": 4, "partnerMode": "none",
                    "doubleOnBump": False, "battery": True},
    # all 32 cards on the table: 8 stacks a seat of a face-down card under a face-up card,
    # no hand; one card a seat a trick, or two (allTableTrick)
    "wi2-all-table": {"players": 2, "handCards": 0, "blindCards": 0, "tableStacks": 8, "partnerMode": "none",
                      "doubleOnBump": False},
}

#: The most players any table seats (rules.md F-1: the eight-handed games, ``wi8-*``; Schafkopf and Indiana are
#: four-handed, rules.md G, F-5): ``players`` is a table field no ``[Rules]`` flag overrides (:data:`TABLE_FIELDS`).
#: A ledger row of more players' cells than this is no one table's (ingest.csv_sheet: its 0 cells are players not
#: at that sitting, real30 F1).
LARGEST_TABLE: int = max(int(v.get("players", RuleProfile.model_fields["players"].default))
                         for v in NAMED_PROFILES.values())

# Flags (and values) the first engine honours; anything else is refused
# (rules.md J: "refused with a clear 'not supported yet' error").
_SUPPORTED_VALUES: dict[str, set[object] | None] = {
    # Every flag value of rules.md J is played now (issue 6: the house rules and
    # the no-pick games); a flag value added later and not played yet goes here.
}

_FIELD_NAMES = set(RuleProfile.model_fields) - {"name", *TABLE_FIELDS}


class _Problem(NamedTuple):
    """One bad part of a ``[Rules]`` text: ``at`` is its offset in the text
    (0-based; a bad value's own offset, after its ``=``)."""

    at: int
    code: str
    message: str
    found: str
    expected: str
    fixed: bool = True  # a suggestion for this part was made (else `shead rules` is pointed at)


_POINTER = "`shead rules` lists the profiles and flags"


def _value_error(flag: str, raw: str) -> str | None:
    """Why ``raw`` is no value of ``flag`` (rules.md J), in our words; None when it is one."""
    field = RuleProfile.model_fields[flag]
    if field.annotation is bool:  # rules.md J: "Booleans are on/off" (yes, true, 1 are refused)
        return None if raw in ("on", "off") else f"flag {flag} takes on or off (rules.md J), found {raw!r}"
    if field.annotation is int:  # maxMarks, markFactorCap: 0 is no cap (rules.md J, E-6)
        if re.fullmatch(r"-?\d+", raw) is None:
            return f"{flag} takes a whole number (0: no cap), found {raw!r}"
        if int(raw) < 0:
            return f"{flag} takes a whole number (0: no cap), not below 0, found {raw!r}"
        return None
    values = get_args(field.annotation)
    if values and raw not in values:
        shown = ", ".join(values[:-1]) + f" or {values[-1]}" if len(values) > 1 else values[0]
        return f"{flag} takes {shown} (rules.md J), found {raw!r}"
    return None


def _convert(flag: str, raw: str) -> object:
    if RuleProfile.model_fields[flag].annotation is bool:
        return raw == "on"
    if RuleProfile.model_fields[flag].annotation is int:
        return int(raw)
    return raw


def _part_ok(part: str) -> bool:
    flag, eq, raw = (s.strip() for s in part.partition("="))
    return bool(eq) and flag in _FIELD_NAMES and _value_error(flag, raw) is None


def _seat_profiles(seats: int | None) -> list[str]:
    """The named profiles played by ``seats`` seats, in their listed order (``shead rules``)."""
    return [n for n, v in NAMED_PROFILES.items() if seats is not None and
            int(v.get("players", RuleProfile.model_fields["players"].default)) == seats]


def seat_profiles_text(seats: int) -> str:
    """``"the profiles played by 7 seats are wi7-jack-of-diamonds, wi7-die-roll
    and wi7-shared-blind"`` (rules.md F-1, docs/profiles.md), or that no
    profile is, for a message on a ``[Seats]`` count (house32 F5)."""
    names = _seat_profiles(seats)
    if not names:
        return f"no profile is played by {seats} seats (`shead rules` lists them)"
    if len(names) == 1:
        return f"the profile played by {seats} seats is {names[0]}"
    return f"the profiles played by {seats} seats are {', '.join(names[:-1])} and {names[-1]}"


def _profile_fix(item: str, seats: int | None) -> str | None:
    """The profile a house's name for its game means (``jack of diamonds``,
    ``5-handed called ace``, ``wi5-caled-ace``), among the profiles played
    by the seats (the phrase's own count, else ``seats``); None when none fits."""
    import difflib  # noqa: PLC0415

    low = {n.lower(): n for n in NAMED_PROFILES}
    if item.lower() in low:
        return low[item.lower()]
    n, rest = seat_count_in(item)
    n = n or seats
    names = _seat_profiles(n) if n else list(NAMED_PROFILES)
    if not names:
        return None
    close = difflib.get_close_matches(item.lower(), names, n=1, cutoff=0.6)
    if close and (n or re.match(r"wi\d", item.lower())):
        return close[0]
    rest = re.sub(r"[\s\-_]+", " ", rest.lower()).replace("sheepshead", "").strip()
    stems: dict[str, list[str]] = {}
    for name in names:
        stems.setdefault(re.sub(r"^wi\d-?", "", name).replace("-", " "), []).append(name)
    if not rest:
        return (stems.get("") or names)[0] if n else None
    close = difflib.get_close_matches(rest, list(stems), n=1, cutoff=0.6)
    if not close:
        return None
    found = stems[close[0]]
    # the seats not known (`shead rules TEXT`): a game played at several tables is named by its seats, not guessed
    return found[0] if len(found) == 1 else " or ".join(found) + " (by the number of seats)"


def _flag_fix(item: str) -> list[str] | None:
    """The ``flag=value`` parts a house's part means (``DOB=off``, ``no DOB``,
    ``maxMarks=two``, ``doubleOnBmp=off``, ``noPick=leasters``), each a valid
    part of rules.md J; or ``[STAKE]``, ``[NOT_LEASTER]``; None when not understood."""
    import difflib  # noqa: PLC0415

    read = read_words(item, _FIELD_NAMES)
    if read and all(p in (STAKE, NOT_LEASTER) or _part_ok(p) for p in read):
        return read
    flag, eq, raw = (s.strip() for s in item.partition("="))
    if not eq:
        return None
    if flag not in _FIELD_NAMES:
        close = difflib.get_close_matches(flag, _FIELD_NAMES, n=1, cutoff=0.6) or [
            {f.lower(): f for f in _FIELD_NAMES}[c] for c in
            difflib.get_close_matches(flag.lower(), [f.lower() for f in _FIELD_NAMES], n=1, cutoff=0.6)]
        if not close:
            return None
        flag = close[0]
    if _value_error(flag, raw) is None:
        return [f"{flag}={raw}"]
    values = [str(v) for v in get_args(RuleProfile.model_fields[flag].annotation)]
    if RuleProfile.model_fields[flag].annotation is bool:
        values = ["on", "off"]
    by_low = {v.lower(): v for v in values}
    close = difflib.get_close_matches(raw.lower(), list(by_low), n=1, cutoff=0.6)
    return [f"{flag}={by_low[close[0]]}"] if close else None


_STAKE_ADVICE = ("the money a unit is worth is no rule flag: a log keeps units (rules.md B-36: a 5¢ unit is the "
                 "\"5-10-15\" game); a hand's `stake N` is its doubler multiplier (rules.md D-11), and a money "
                 "sheet says what a unit is worth when it is read (`shead ingest --columns stake=5` for cents at a "
                 "nickel a unit, README \"Money sheets\")")


def _fix_text(fix: list[str]) -> str:
    return "; ".join(p for p in fix if p not in (STAKE, NOT_LEASTER))


def _split(text: str) -> list[tuple[int, str]]:
    """The ``;``-parts of ``text``, each with the offset of its first non-blank character."""
    out, at = [], 0
    for raw in text.split(";"):
        item = raw.strip()
        out.append((at + (len(raw) - len(raw.lstrip())) if item else at, item))
        at += len(raw) + 1
    return out


def _header_fix(text: str, seats: int | None) -> tuple[str | None, list[str]]:
    """The whole ``[Rules]`` text a house's header may mean, every part kept
    (``;`` for ``,``, profile and flags read from words), checked by reading
    it again; with the parts left out and why (a stake), or ``(None,
    not-understood parts)``."""
    parts = [p.strip() for p in re.split(r"[;,]", text) if p.strip()]
    name, out, unread, notes, not_leaster = None, [], [], [], False
    for i, part in enumerate(parts):
        if "=" not in part and (part in NAMED_PROFILES or i == 0):
            fix = part if part in NAMED_PROFILES else _profile_fix(part, seats)
            if fix and fix not in NAMED_PROFILES:  # several tables play it: which one, the seats say
                unread.append(f"{part!r} is {fix.replace(' or ', ', ', fix.count(' or ') - 1)}")
                continue
            if fix and name is None:
                name = fix
                continue
        fix = [part] if _part_ok(part) else _flag_fix(part)
        if fix is None and name is None and "=" not in part:
            prof = _profile_fix(part, seats)
            if prof in NAMED_PROFILES:
                name = prof
                continue
        if fix is None:
            unread.append(f"{part!r} is not understood")
            continue
        if STAKE in fix:
            notes.append(f"{part} left out: {_STAKE_ADVICE}")
        not_leaster |= NOT_LEASTER in fix
        out += [p for p in fix if p not in (STAKE, NOT_LEASTER) and p not in out]
    if not_leaster and not any(p.startswith("noPick=") and p != "noPick=leaster" for p in out):
        unread.append("'no leasters' does not say what is played when all pass (noPick=doubler, forcedPick, "
                      "moster, mittler, schneidster or schwanzer)")
    if unread:
        return None, unread
    fixed = "; ".join(([name] if name else []) + out)
    try:
        prof = _parse(fixed, seats, False)
    except ProfileError:
        return None, []
    if seats is not None and prof.players != seats:
        return None, []
    return fixed, notes


def _raise(text: str, problems: list[_Problem], seats: int | None, suggest: bool = True) -> None:
    """One :class:`ProfileError` for every bad part of ``text``, in the order
    written (house32 F3): a lone part's own message, or ``N parts of [Rules]
    are wrong: character C: …; character C: …`` (the judge says columns of
    the file, :func:`placed_rules_error`); then the whole text it may mean
    (house32 F4), and `shead rules` where a part is not understood."""
    problems.sort(key=lambda p: p.at)
    fixed, notes_or_unread = _header_fix(text, seats) if suggest else (None, [])
    tail = ""
    comma = "," in text
    whole_parts = len([p for p in re.split(r"[;,]", text) if p.strip()])
    if fixed is not None:
        if comma and fixed == "; ".join(p.strip() for p in re.split(r"[;,]", text) if p.strip()):
            tail = f": with `;` every part is valid: [Rules \"{fixed}\"]"
        elif comma or len(problems) > 1 or (whole_parts > 1 and any(p.code == "E-RULES-NAME" for p in problems)):
            tail = f"; did you mean [Rules \"{fixed}\"]?"
        notes = [n for n in notes_or_unread if not any("stake" in p.message for p in problems)]
        tail += "".join(f"; {n}" for n in notes)
    elif notes_or_unread and (comma or len(problems) > 1):
        tail = "; no whole [Rules] text can be suggested: " + ", ".join(notes_or_unread)
    if any(p.code == "E-RULES-NAME" or not p.fixed for p in problems) or (fixed is None and (comma or len(problems) > 1)):
        tail += f" ({_POINTER})"
    first = problems[0]
    found, expected = (first.found, first.expected) if len(problems) == 1 else \
        (", ".join(p.found for p in problems), "each part as rules.md J writes it")
    exc = ProfileError(first.code, _parts_message(problems, tail, lambda at: f"character {at + 1}"),
                       found=found, expected=expected)
    exc.rules_parts = (tuple(problems), tail)  # type: ignore[attr-defined]
    raise exc


def _parts_message(problems, tail: str, where) -> str:
    if len(problems) == 1:
        return problems[0].message + tail
    return (f"{len(problems)} parts of [Rules] are wrong: "
            + "; ".join(f"{where(p.at)}: {p.message}" for p in problems) + tail)


def placed_rules_error(exc: ProfileError, col0: int | None) -> tuple[int | None, str]:
    """Where a ``[Rules]`` error of :func:`parse_rules` starts and what it
    says when the text's first character is at column ``col0`` of its line:
    ``(column of the first bad part, message naming each bad part's column)``
    (house32 F3).  ``col0`` None (the column is not known: an escape in the
    value) keeps the message's character offsets and gives no column."""
    parts = getattr(exc, "rules_parts", None)
    if not parts:
        return None, exc.diagnostic.message
    problems, tail = parts
    if col0 is None:
        return None, exc.diagnostic.message
    return col0 + problems[0].at, _parts_message(problems, tail, lambda at: f"column {col0 + at}")


@lru_cache(maxsize=256)
def parse_rules(text: str | None, seats: int | None = None) -> RuleProfile:
    """Read a ``[Rules]`` text (``name; flag=value; ...``) into a profile.

    An empty or missing text gives the default ``wi5-called-ace``.  The first
    item may be a profile name; later items are ``flag=value`` overrides.
    ``seats`` (the ``[Seats]`` count, when known) only makes the suggestions
    of a refusal fit the table (house32 F4); the profile is the same.

    Raises :class:`ProfileError` with code ``E-RULES-NAME`` (unknown profile),
    ``E-RULES-FLAG`` (unknown flag, or a flag written twice, or parts
    separated by ``,``), ``E-RULES-VALUE`` (bad value: a boolean other than
    ``on``/``off``, rules.md J; ``maxMarks`` below 0; a value not in the
    flag's list) or ``E-RULES-UNSUPPORTED`` (a flag value the engine does not
    play yet).  Every bad part is named in one error, in the order written,
    with its offset (:func:`placed_rules_error` gives the columns); the code,
    found and expected are the first bad part's.  Positions are not known
    here; the reader attaches the tag's.
    """
    return _parse(text, seats, True)


def _parse(text: str | None, seats: int | None, suggest: bool) -> RuleProfile:
    """:func:`parse_rules`; ``suggest`` False (a suggestion checked by reading it
    again) makes no suggestion of a whole text in its turn."""
    name = "wi5-called-ace"
    overrides: dict[str, object] = {}
    written: dict[str, str] = {}
    problems: list[_Problem] = []
    for i, (at, item) in enumerate(_split(text or "")):
        if not item:
            continue
        if "," in item:  # house32 F4: a house separating its flags by ','
            subs = [s.strip() for s in item.split(",") if s.strip()]
            code = "E-RULES-NAME" if i == 0 and "=" not in subs[0] and subs[0] not in NAMED_PROFILES else \
                "E-RULES-FLAG"
            problems.append(_Problem(at, code, f"{item!r} is {len(subs)} parts separated by ','; flags are "
                                     "separated by `;`, not `,`", found=item, expected="parts separated by ;"))
            continue
        if "=" not in item:
            if i != 0:
                fix = _flag_fix(item) or []
                said = f"; did you mean {_fix_text(fix)}?" if _fix_text(fix) else \
                    f": {_STAKE_ADVICE}" if STAKE in fix else \
                    ": it does not say what is played when all pass (noPick=doubler, forcedPick, moster, mittler, " \
                    "schneidster or schwanzer; rules.md D-11..D-18)" if NOT_LEASTER in fix else ""
                problems.append(_Problem(at, "E-RULES-FLAG", f"{item!r} is not flag=value (only the first item may "
                                         "name a profile)" + said, found=item, expected="flag=value",
                                         fixed=bool(_fix_text(fix)) or STAKE in fix))
                continue
            if item not in NAMED_PROFILES:
                fix = _profile_fix(item, seats)
                names = _seat_profiles(seats)
                said = (f"; did you mean {fix!r}?" if fix in NAMED_PROFILES else f"; did you mean {fix}?") if fix else ""
                problems.append(_Problem(at, "E-RULES-NAME", f"unknown rule profile {item!r}" + said, found=item,
                                         expected=" or ".join(names) if names else "a profile `shead rules` lists",
                                         fixed=bool(fix)))
                continue
            name = item
            continue
        flag, _, raw = (s.strip() for s in item.partition("="))
        if flag not in _FIELD_NAMES:
            fix = _flag_fix(item)
            if fix and STAKE in fix:
                msg = f"unknown rule flag {flag!r}: {item}: {_STAKE_ADVICE}"
            else:
                msg = f"unknown rule flag {flag!r}" + (f"; did you mean {_fix_text(fix)}?" if fix else "")
            problems.append(_Problem(at, "E-RULES-FLAG", msg, found=flag, expected="a flag of rules.md J",
                                     fixed=bool(fix)))
            continue
        if flag in written:
            problems.append(_Problem(at, "E-RULES-FLAG", f"the flag {flag} is written twice ({written[flag]}, then "
                                     f"{item}); a [Rules] text sets each flag once", found=item,
                                     expected=f"one {flag}=value"))
            continue
        written[flag] = item
        why = _value_error(flag, raw)
        if why is not None:
            fix = _flag_fix(item)
            problems.append(_Problem(at + item.index("=") + 1 + (len(item.partition("=")[2])
                                                                 - len(item.partition("=")[2].lstrip())),
                                     "E-RULES-VALUE", why + (f"; did you mean {_fix_text(fix)}?" if fix else ""),
                                     found=raw, expected=why.split(" takes ", 1)[1].rsplit(", found", 1)[0],
                                     fixed=bool(fix)))
            continue
        overrides[flag] = _convert(flag, raw)
    if problems:
        _raise(text or "", problems, seats, suggest)
    values = {**NAMED_PROFILES[name], **overrides, "name": name}
    try:
        prof = RuleProfile(**values)
    except ValidationError as exc:  # not reached: every value is checked above (a guard, in our words)
        err = exc.errors()[0]
        flag = str(err["loc"][0]) if err.get("loc") else "?"
        raise ProfileError("E-RULES-VALUE", f"{flag}={values.get(flag)} is no value of {flag} (rules.md J)",
                           found=str(values.get(flag)), expected="a value of rules.md J") from None
    for flag, allowed in _SUPPORTED_VALUES.items():
        val = getattr(prof, flag)
        if allowed is not None and val not in allowed:
            shown = ("on" if val else "off") if isinstance(val, bool) else str(val)
            raise ProfileError("E-RULES-UNSUPPORTED", f"{flag}={shown} is not supported yet (rules.md J)",
                               found=f"{flag}={shown}", expected="a flag value the engine plays")
    _check_combination(prof)
    return prof


def _check_combination(prof: RuleProfile) -> None:
    """Flag values that make sense alone but not together, refused with
    ``E-RULES-VALUE``:

    * a partner mode that does not fit the table: partner cards make the
      sides exactly when there is no blind to pick (rules.md F-1), except in
      the two-handed table-card game (``partnerMode=none``, which also takes
      no double on the bump: nobody picks);
    * the call-up order of rules.md C-4a starts above the J♦, so it is not
      defined for the J♣ partner card of C-7;
    * the pot (D-19) is played at the five- and six-handed tables with a
      blind (replay/pot.py); no source gives it for other tables, and a table
      without a blind never feeds it;
    * ``leasterNoTrickDouble`` pays a winner without a trick, who can win
      only under ``leasterMustTakeTrick=off`` (D-7).
    """
    if prof.two_handed != (prof.tableStacks > 0):  # h6-two: partner none is the table-card game (F-1)
        raise ProfileError("E-RULES-VALUE", f"partnerMode={prof.partnerMode} does not fit {prof.name} (partnerMode=none "
                           "is the two-handed game with table cards, rules.md F-1)", found=f"partnerMode={prof.partnerMode}",
                           expected="partnerMode=none exactly in wi2")
    if prof.batteryOrder != "handFirst" and not prof.battery:  # issue 18: the battery game's flag only
        raise ProfileError("E-RULES-VALUE", f"batteryOrder={prof.batteryOrder} with {prof.name}: only wi2-battery "
                           "plays hand and battery cards to one trick", found=f"batteryOrder={prof.batteryOrder}",
                           expected="batteryOrder only with wi2-battery")
    if prof.allTableTrick != "oneCard" and not (prof.tableStacks and not prof.handCards):
        raise ProfileError("E-RULES-VALUE", f"allTableTrick={prof.allTableTrick} with {prof.name}: only "
                           "wi2-all-table deals every card to the table", found=f"allTableTrick={prof.allTableTrick}",
                           expected="allTableTrick only with wi2-all-table")
    if prof.two_handed and prof.doubleOnBump:  # h6-two: nobody picks, so nobody is bumped (B-32)
        raise ProfileError("E-RULES-VALUE", f"doubleOnBump=on with {prof.name}: in the two-handed game nobody picks, "
                           "so there is no bump to double (rules.md B-32, F-1)", found="doubleOnBump=on",
                           expected="doubleOnBump=off")
    if not prof.two_handed and prof.partner_card_game != (not prof.has_blind):  # rules.md F-1
        why = "has a blind to pick" if prof.has_blind else "has no blind: partner cards make the sides"
        raise ProfileError("E-RULES-VALUE", f"partnerMode={prof.partnerMode} does not fit {prof.name}, which {why}",
                           found=f"partnerMode={prof.partnerMode}",
                           expected=" or ".join(_PARTNER_CARDS) if not prof.has_blind else
                           "calledAce, jackOfDiamonds, jdAndAce or alone")
    if prof.pot and (prof.players not in (5, 6) or not prof.has_blind
                     or prof.partnerMode not in ("calledAce", "jackOfDiamonds", "jdAndAce")):
        raise ProfileError("E-RULES-VALUE", f"pot=on with {prof.name}: the pot (rules.md D-19) is played at the "
                           "five- and six-handed tables with a blind (a pot is fed when nobody picks)",
                           found="pot=on", expected="pot=off at this table")
    if prof.nuclearDealer and (prof.players != 7 or not prof.has_blind):
        raise ProfileError("E-RULES-VALUE", f"nuclearDealer=on with {prof.name}: the dealer goes nuclear in the "
                           "seven-handed games only (rules.md F-1; docs/profiles.md)", found="nuclearDealer=on",
                           expected="a wi7-... profile")
    if prof.pickerTakes != "two" and prof.partnerMode != "sharedBlind":
        raise ProfileError("E-RULES-VALUE", f"pickerTakes={prof.pickerTakes} with {prof.name}: only the shared blind "
                           "of wi7-shared-blind is split", found=f"pickerTakes={prof.pickerTakes}",
                           expected="wi7-shared-blind")
    if prof.partnerMode in ("dieRoll", "sharedBlind") and prof.players != 7:
        raise ProfileError("E-RULES-VALUE", f"partnerMode={prof.partnerMode} with {prof.name}: the die names one of "
                           "six other seats and the shared blind is four cards: seven-handed only",
                           found=f"partnerMode={prof.partnerMode}", expected="wi7-die-roll or wi7-shared-blind")
    if prof.leasterTie == "split" and prof.playing != 5:  # house17 F2: was (playing - 3) : 1, Bea 0 and Cy +1 at three
        raise ProfileError("E-RULES-VALUE", f"leasterTie=split with {prof.name}: the two tied seats take 2 and 1 "
                           "shares of the one unit each of the three other seats pays (rules.md D-6), which needs "
                           f"five seats playing; {prof.playing} play here", found="leasterTie=split",
                           expected="leasterTie=wash at this table")
    if prof.leasterNoTrickDouble and prof.leasterMustTakeTrick:
        raise ProfileError("E-RULES-VALUE", "leasterNoTrickDouble=on with leasterMustTakeTrick=on: a player without "
                           "a trick cannot win the leaster (rules.md D-4, D-7)", found="leasterNoTrickDouble=on",
                           expected="leasterMustTakeTrick=off as well")
    if prof.deck == 34 and prof.trumpOrder == "clubsTrump":  # issue 18 (h18a)
        raise ProfileError("E-RULES-VALUE", f"trumpOrder=clubsTrump with {prof.name}: the 6♣ of the 34-card deck "
                           "would be a trump, and no source ranks it (rules.md F-1, F-8)",
                           found="trumpOrder=clubsTrump", expected="a trump order with clubs a fail suit")
    if prof.firstTwoRank != "queen" and prof.partnerMode != "firstTwo":  # issue 18 (h18a)
        raise ProfileError("E-RULES-VALUE", f"firstTwoRank={prof.firstTwoRank} with {prof.name}: the rank names the "
                           "partners only where the first two cards of it played make the side (wi4-first-queens, "
                           "wi8-first-queens; rules.md F-1)", found=f"firstTwoRank={prof.firstTwoRank}",
                           expected="no firstTwoRank in this profile")
    cap = prof.markFactorCap
    if cap and (cap < 2 or cap & (cap - 1)):
        raise ProfileError("E-RULES-VALUE", f"markFactorCap={cap}: the marks double, so the cap is a power of two "
                           "(2, 4, 8, ...) or 0 for none", found=f"markFactorCap={cap}",
                           expected="0, 2, 4, 8, 16, ...")
    if prof.jdPartnerCard == "JC" and prof.jdCallUp:
        raise ProfileError("E-RULES-VALUE", "jdCallUp=on with jdPartnerCard=JC: rules.md C-4a orders the call-up "
                           "above the J♦ only; no call-up order is known for the J♣ partner card",
                           found="jdPartnerCard=JC; jdCallUp=on", expected="jdCallUp=off with jdPartnerCard=JC")


def profile_text(profile: RuleProfile) -> str:
    """The shortest ``[Rules]`` text that gives ``profile``: its name plus the
    flags that differ from that name's defaults, in field order."""
    base = RuleProfile(**NAMED_PROFILES[profile.name], name=profile.name)
    parts = [profile.name]
    for f in RuleProfile.model_fields:
        if f == "name" or f in TABLE_FIELDS:
            continue
        v, b = getattr(profile, f), getattr(base, f)
        if v != b:
            parts.append(f"{f}={('on' if v else 'off') if isinstance(v, bool) else v}")
    return "; ".join(parts)
