"""Bavarian Schafkopf (rules.md G) as data and one state machine.

Four players, eight cards each, eight tricks (six with the short pack, G-3).
The games are data: :func:`trump_order_for` builds each game's trump and fail
order with :meth:`replay.cards.TrumpOrder.build`, and :class:`SchafkopfProfile`
holds every house rule (rules.md J's Schafkopf flags: ``tariff``,
``laufendeMin``, ``davonlaufenMinCards``, ``rufsauDiscardFromTrick``,
``kontraTiming``, ``ramsch``, ``klopfen``, ``shortDeck``) with the tariff as
numbers.

Cards are the engine's :class:`~replay.cards.Card` with the German pack mapped
onto it: Eichel → ♣ (``C``), Gras → ♠ (``S``), Herz → ♥ (``H``), Schellen → ♦
(``D``); Sau → A, Zehn → T, König → K, Ober → Q, Unter → J (rules.md G-1).
So the Eichel-Ober is ``Card.CQ`` and the Schellen-Sau ``Card.DA``.

:class:`SchafkopfState` is modelled on :class:`replay.state.GameState`: hands
are bit masks, actions are small frozen values, :meth:`SchafkopfState.apply`
and :meth:`SchafkopfState.play` raise :class:`~replay.errors.IllegalAction`
and leave the state unchanged, and :func:`replay_schafkopf` yields one frozen
:class:`SkFrame` before the first card and after every card.

Phases: ``ANNOUNCE`` (Klopfen, then the game: :class:`Announce` or
:class:`Ramsch`, G-4, G-19) → ``PLAY`` (Kontra/Re within the
``kontraTiming`` window, G-18; eight tricks, G-9..G-11) → ``DONE``.

Units: *card points* (Augen, 0..120) decide the game; *units* are what
changes hands (the tariff's numbers).  Seats are 0..3 clockwise; the seat left
of the dealer leads the first trick (G-2).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator, Literal, Union

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .actions import Play
from .cards import FULL_DECK, TRUMP, Card, Rank, Suit, TrumpOrder, cards_in, mask_of, points_of
from .errors import IllegalAction, ProfileError
from .scoring import Settlement

__all__ = [
    "Game", "GERMAN_SUIT", "GERMAN_RANK", "german", "trump_order_for",
    "SchafkopfTariff", "LaufendeMin", "rules_text", "describe_tariff", "describe_prices", "SchafkopfProfile", "TARIFFS",
    "SCHAFKOPF_PROFILES",
    "parse_schafkopf_rules",
    "Announce", "Ramsch", "Kontra", "Re", "Klopfen", "SkAction",
    "SkPhase", "SchafkopfState", "Laufende", "SkResult", "SkFrame", "sk_snapshot", "replay_schafkopf",
    "game_name", "SK_OUTCOMES", "declarer_outcome", "bettel_outcome", "BETTEL_NO_PLAY", "announce_error", "klopfen_error",
    "doubling_error", "game_value", "settle_game", "ramsch_facts", "settle_ramsch", "counted_laufende",
    "DURCHMARSCH",
]

#: The name of a Durchmarsch's price in its settlement's factors, and so the first word of a stored Durchmarsch's
#: breakdown ("Durchmarsch 70 = 70 a payment; ..."; rules.md G-17).
DURCHMARSCH = "Durchmarsch"


# --------------------------------------------------------------------------
# Cards and games as data
# --------------------------------------------------------------------------

#: German suit names of the engine's suits (rules.md G-1).
GERMAN_SUIT = {Suit.CLUBS: "Eichel", Suit.SPADES: "Gras", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Schellen"}
#: German rank letters of the engine's ranks (protocol spelling: A Z K O U 9 8 7).
GERMAN_RANK = {Rank.ACE: "A", Rank.TEN: "Z", Rank.KING: "K", Rank.QUEEN: "O", Rank.JACK: "U",
               Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7"}
_GERMAN_SUIT_LETTER = {Suit.CLUBS: "E", Suit.SPADES: "G", Suit.HEARTS: "H", Suit.DIAMONDS: "S"}


def german(card: Card) -> str:
    """The protocol spelling of ``card``: suit letter E G H S then rank
    A Z K O U 9 8 7 (``Card.CQ`` → ``"EO"``, ``Card.DA`` → ``"SA"``)."""
    return _GERMAN_SUIT_LETTER[card.suit] + GERMAN_RANK[card.rank]


class Game(str, enum.Enum):
    """The Schafkopf games (rules.md G-6..G-8, G-17).  Tout is a flag of an
    announced game (:class:`Announce`), not a game of its own.  ``BETTEL``:
    the optional contract of G-16 and G-20 (the declarer alone takes no
    trick), logged as a game type and settled from the score sheet: rules.md
    gives its price but no card order, so it is never played through
    :class:`SchafkopfState` (:data:`BETTEL_NO_PLAY`)."""

    SAUSPIEL = "sauspiel"
    SOLO = "solo"
    WENZ = "wenz"
    GEIER = "geier"
    FARBWENZ = "farbwenz"
    FARBGEIER = "farbgeier"
    RAMSCH = "ramsch"
    BETTEL = "bettel"

    @property
    def needs_suit(self) -> bool:
        """Sauspiel names the called suit; Solo, Farbwenz and Farbgeier the trump suit."""
        return self in (Game.SAUSPIEL, Game.SOLO, Game.FARBWENZ, Game.FARBGEIER)

    @property
    def single(self) -> bool:
        """One declarer against three (G-15): every announced game but the Sauspiel."""
        return self not in (Game.SAUSPIEL, Game.RAMSCH)


_OBERS = (Card.CQ, Card.SQ, Card.HQ, Card.DQ)
_UNTERS = (Card.CJ, Card.SJ, Card.HJ, Card.DJ)
_R = Rank
_FAIL_PLAIN = (_R.ACE, _R.TEN, _R.KING, _R.NINE, _R.EIGHT, _R.SEVEN)
_FAIL_WENZ = (_R.ACE, _R.TEN, _R.KING, _R.QUEEN, _R.NINE, _R.EIGHT, _R.SEVEN)
_FAIL_GEIER = (_R.ACE, _R.TEN, _R.KING, _R.JACK, _R.NINE, _R.EIGHT, _R.SEVEN)


def _suit_cards(suit: Suit, ranks: tuple[Rank, ...]) -> tuple[Card, ...]:
    return tuple(Card(suit * 8 + r) for r in ranks)


@lru_cache(maxsize=None)
def trump_order_for(game: Game, suit: Suit | None = None) -> TrumpOrder:
    """The trump and fail order of ``game`` (rules.md G-6..G-8, G-17).

    * Sauspiel and Ramsch: the four Obers, the four Unters, then ♥ A 10 K 9 8 7
      (14 trumps); fail suits A 10 K 9 8 7.
    * Farbsolo in ``suit``: Obers, Unters, then ``suit`` A 10 K 9 8 7.
    * Wenz: the four Unters; fail suits A 10 K O 9 8 7.  Farbwenz adds ``suit``
      A 10 K O 9 8 7 after the Unters.
    * Geier: the four Obers; fail suits A 10 K U 9 8 7.  Farbgeier adds
      ``suit`` A 10 K U 9 8 7 after the Obers.

    Obers and Unters rank Eichel > Gras > Herz > Schellen.  Raises
    ``ValueError`` when ``suit`` is missing for a game that needs one or given
    for one that does not, and for a Bettel (rules.md G-16, G-20 give no card
    order for it: :data:`BETTEL_NO_PLAY`).
    """
    if game is Game.BETTEL:
        raise ValueError(BETTEL_NO_PLAY)
    if game.needs_suit and game is not Game.SAUSPIEL and suit is None:
        raise ValueError(f"{game.value} needs a trump suit")
    if game in (Game.WENZ, Game.GEIER) and suit is not None:
        raise ValueError(f"{game.value} has no trump suit")
    if game in (Game.SAUSPIEL, Game.RAMSCH):
        return TrumpOrder.build(game.value, _OBERS + _UNTERS + _suit_cards(Suit.HEARTS, _FAIL_PLAIN), _FAIL_PLAIN)
    if game is Game.SOLO:
        return TrumpOrder.build(f"solo-{suit.name.lower()}", _OBERS + _UNTERS + _suit_cards(suit, _FAIL_PLAIN),
                                _FAIL_PLAIN)
    if game is Game.WENZ:
        return TrumpOrder.build("wenz", _UNTERS, _FAIL_WENZ)
    if game is Game.GEIER:
        return TrumpOrder.build("geier", _OBERS, _FAIL_GEIER)
    if game is Game.FARBWENZ:
        return TrumpOrder.build(f"farbwenz-{suit.name.lower()}", _UNTERS + _suit_cards(suit, _FAIL_WENZ), _FAIL_WENZ)
    return TrumpOrder.build(f"farbgeier-{suit.name.lower()}", _OBERS + _suit_cards(suit, _FAIL_GEIER), _FAIL_GEIER)


#: Why a Bettel is not replayed card by card (rules.md G-16, G-20): the message of ``E-SK-BETTEL``.
BETTEL_NO_PLAY = ("rules.md gives a Bettel's price and aim (G-16: the declarer takes no trick; G-20: an optional "
                  "contract, logged as a game type) but not its card order (which cards are trump and how they "
                  "rank), so its cards cannot be replayed")


def game_name(game: Game, suit: Suit | None, tout: bool = False) -> str:
    """The German name of a game as the protocols write it: ``Rufspiel``,
    ``Eichel-Solo``, ``Wenz``, ``Gras-Geier``, ``Herz-Solo Tout``, ``Ramsch``,
    ``Bettel``."""
    if game is Game.SAUSPIEL:
        return "Rufspiel"
    if game is Game.RAMSCH:
        return "Ramsch"
    if game is Game.BETTEL:
        return "Bettel"
    base = {Game.SOLO: "Solo", Game.WENZ: "Wenz", Game.GEIER: "Geier", Game.FARBWENZ: "Wenz",
            Game.FARBGEIER: "Geier"}[game]
    name = f"{GERMAN_SUIT[suit]}-{base}" if suit is not None else base
    return name + (" Tout" if tout else "")


# --------------------------------------------------------------------------
# The rule profile
# --------------------------------------------------------------------------


class SchafkopfTariff(BaseModel):
    """What a game is worth, in units (rules.md G-14, G-16).

    * ``sauspiel`` / ``solo`` — the base of a Sauspiel and of every single
      game (Farbsolo, Wenz, Geier, Farbwenz, Farbgeier).
    * ``schneider`` / ``schwarz`` / ``laufender`` — added for schneider, for
      schwarz (on top of schneider) and for each counted Laufender.
    * ``toutFactor`` — a Tout's value is (base + Laufende) × this; schneider
      and schwarz are not added (G-14).
    * ``ramsch`` — what the Ramsch loser pays each other player (G-17).
    * ``durchmarsch`` — what a Durchmarsch winner takes from each other
      player; None means as for a schwarz single game (solo + schneider +
      schwarz, G-17).
    * ``bettel`` — the price of a Bettel (G-16: 30 at the 10/50 tariff; no
      schneider, schwarz or Laufende), won or lost by the declarer alone
      against three (G-15); None: the tariff states none, and a Bettel is
      refused until one is set (``tariff.bettel=N``).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    sauspiel: int = 10
    solo: int = 50
    schneider: int = 10
    schwarz: int = 10
    laufender: int = 10
    toutFactor: int = 2
    ramsch: int = 20
    durchmarsch: int | None = None
    bettel: int | None = 30

    def durchmarsch_value(self) -> int:
        return self.durchmarsch if self.durchmarsch is not None else self.solo + self.schneider + self.schwarz


#: Named tariffs.  ``bsv-10-50``: the Bayerischer Schafkopf-Verein's 10/50
#: (rules.md G-16).  ``netschafkopf``: the tariff the NetSchafkopf protocols
#: use, read off all 1,188 shared games (Rufspiel 2, Einzelspiel 5, +1 per
#: schneider, schwarz and Laufender, Tout ×2, Ramsch 1; see data/netschafkopf).
TARIFFS: dict[str, SchafkopfTariff] = {
    "bsv-10-50": SchafkopfTariff(),
    "netschafkopf": SchafkopfTariff(sauspiel=2, solo=5, schneider=1, schwarz=1, laufender=1, toutFactor=2,
                                    ramsch=1, bettel=None),  # the protocols price no Bettel
}


class LaufendeMin(BaseModel):
    """The fewest Laufende that count, per game (rules.md G-13); 0: not
    counted in that game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sauspiel: int = 3
    solo: int = 3
    wenz: int = 2
    geier: int = 2
    farbwenz: int = 3
    farbgeier: int = 3

    def of(self, game: Game) -> int:
        """The minimum of ``game``; 0 for a game without Laufende (a Bettel, rules.md G-16)."""
        return getattr(self, game.value, 0)


class SchafkopfProfile(BaseModel):
    """A Schafkopf rule set (rules.md G, J).  Frozen.

    * ``tariff`` — :class:`SchafkopfTariff` (the numbers; G-16).
    * ``laufendeMin`` — :class:`LaufendeMin` (G-13).
    * ``davonlaufenMinCards`` — cards of the called suit (Sau included) the
      Sau holder needs to run away (G-11b); 4 with the long pack.
    * ``rufsauDiscardFromTrick`` — the first trick (1-based) on which the
      called Sau may be thrown on another suit before its suit was played
      (G-11c); None means the last trick.
    * ``kontraTiming`` — Kontra and Re only before the first card, or before
      the second card of the first trick (G-18, DEFAULT).
    * ``kontraLevels`` — how many doublings there may be (2: Kontra and Re).
    * ``ramsch`` — Ramsch is played when nobody announces (G-17).
    * ``ramschTie`` — equal most Augen: the tied player who was dealt the
      highest trump loses (``highestTrump``, DEFAULT) or all tied players pay
      (``allTied``): each pays the full Ramsch price to each player who did
      not lose, as a single loser pays each other player (G-17).
    * ``jungfrau`` — a player without a trick doubles the loser's payment to
      that player (``doublesOwn``, G-17) or doubles the whole price once per
      Jungfrau (``doublesAll``, NetSchafkopf), or counts nothing (``off``).
    * ``durchmarsch`` — one player taking every trick of a Ramsch wins
      (``allTricks``) or the rule is ``off``.
    * ``klopfen`` — Klopfen allowed (each ×2, G-19).
    * ``shortDeck`` — the 24-card pack: 6 cards each, 6 tricks (G-3).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "schafkopf"
    players: Literal[4] = 4
    tariff: SchafkopfTariff = SchafkopfTariff()
    laufendeMin: LaufendeMin = LaufendeMin()
    davonlaufenMinCards: int = 4
    rufsauDiscardFromTrick: int | None = None
    kontraTiming: Literal["beforeFirstCard", "beforeSecondCard"] = "beforeSecondCard"
    kontraLevels: int = 2
    ramsch: bool = True
    ramschTie: Literal["highestTrump", "allTied"] = "highestTrump"
    jungfrau: Literal["doublesOwn", "doublesAll", "off"] = "doublesOwn"
    durchmarsch: Literal["allTricks", "off"] = "allTricks"
    klopfen: bool = False
    shortDeck: bool = False

    @model_validator(mode="after")
    def _ranges(self) -> "SchafkopfProfile":
        """The integer flags in their meaningful ranges (rules.md G); a value
        outside raises ``ValueError`` (``E-RULES-VALUE`` from
        :func:`parse_schafkopf_rules`):

        * ``kontraLevels`` >= 0 (0: no Kontra; 2: Kontra and Re, G-18; further
          levels are house rules, so no upper bound);
        * ``davonlaufenMinCards`` from 2 (the Sau and the card led instead,
          G-11b) to the cards of a plain suit (6; 4 in the short pack, G-3);
        * ``rufsauDiscardFromTrick`` from 1 to the last trick (8; 6 in the
          short pack, G-11c), or none (the last trick);
        * each ``laufendeMin`` from 1 to the trumps of that game in the pack
          (G-13: 14 in a Sauspiel or Farbsolo, 4 in a Wenz or Geier, 11 in a
          Farbwenz or Farbgeier; fewer in the short pack), or 0: Laufende are
          not counted in that game (a house rule some NetSchafkopf logs show).
        """
        if self.kontraLevels < 0:
            raise ValueError(f"kontraLevels={self.kontraLevels}: expected 0 or more doublings (rules.md G-18)")
        plain = 4 if self.shortDeck else 6
        if not 2 <= self.davonlaufenMinCards <= plain:
            raise ValueError(f"davonlaufenMinCards={self.davonlaufenMinCards}: expected 2..{plain}, cards of the called "
                             "suit with the Sau (rules.md G-11b)")
        r = self.rufsauDiscardFromTrick
        if r is not None and not 1 <= r <= self.hand_size:
            raise ValueError(f"rufsauDiscardFromTrick={r}: expected a trick 1..{self.hand_size} or none "
                             "(rules.md G-11c)")
        deck = self.deck
        for name in LaufendeMin.model_fields:
            game = Game(name)
            order = trump_order_for(game, Suit.HEARTS if game.needs_suit and game is not Game.SAUSPIEL else None)
            most = sum(1 for c in order.trumps if deck >> c & 1)
            n = getattr(self.laufendeMin, name)
            if n != 0 and not 1 <= n <= most:
                raise ValueError(f"laufendeMin {name}:{n}: expected 1..{most} (or 0: not counted), the trumps of a {name} "
                                 f"{'in the short pack ' if self.shortDeck else ''}(rules.md G-13)")
        return self

    @property
    def hand_size(self) -> int:
        return 6 if self.shortDeck else 8

    @property
    def tricks(self) -> int:
        return self.hand_size

    @property
    def deck(self) -> int:
        """Bit mask of the cards in play (the short pack drops every 8 and 7)."""
        if not self.shortDeck:
            return FULL_DECK
        return mask_of(c for c in Card if c.rank not in (Rank.EIGHT, Rank.SEVEN))

    @property
    def discard_from(self) -> int:
        """``rufsauDiscardFromTrick`` resolved: 1-based trick number."""
        return self.rufsauDiscardFromTrick if self.rufsauDiscardFromTrick is not None else self.tricks


#: Named profiles.  ``schafkopf``: rules.md G's defaults with the 10/50 tariff;
#: ``schafkopf-bsv`` is the same rule set under the name SHN-SK files use.
#: ``netschafkopf``: the NetSchafkopf program's rules as its protocols show
#: them (tariff ``netschafkopf``; Laufende count from 3 in every game, Wenz
#: and Geier included; Jungfrau doubles the whole price;
#: equal Augen in a Ramsch: the holder of the higher Ober loses).
SCHAFKOPF_PROFILES: dict[str, SchafkopfProfile] = {
    "schafkopf": SchafkopfProfile(),
    "schafkopf-bsv": SchafkopfProfile(name="schafkopf-bsv"),
    "netschafkopf": SchafkopfProfile(name="netschafkopf", tariff=TARIFFS["netschafkopf"],
                                     laufendeMin=LaufendeMin(wenz=3, geier=3), jungfrau="doublesAll"),
}


#: ``davonlaufenMinCards`` in the short pack unless a [Rules] text sets it (rules.md G-11 b, G-3)
SHORT_DAVONLAUFEN = 3


@lru_cache(maxsize=256)
def parse_schafkopf_rules(text: str) -> SchafkopfProfile:
    """Read ``"netschafkopf; davonlaufenMinCards=3; tariff=bsv-10-50"``: a
    named profile, then ``flag=value`` overrides (``on``/``off`` for
    booleans; ``tariff`` takes a name of :data:`TARIFFS`; ``laufendeMin``
    takes ``game:n,game:n``, 0 meaning not counted).  Any number of the
    tariff may be set on its own with ``tariff.FIELD=N`` (a field of
    :class:`SchafkopfTariff`: ``tariff.sauspiel=10; tariff.solo=50;
    tariff.schneider=10; tariff.schwarz=10; tariff.laufender=10;
    tariff.toutFactor=2; tariff.ramsch=20; tariff.durchmarsch=70``), after
    a named ``tariff`` if one is given.  ``shortDeck=on`` without a
    ``davonlaufenMinCards`` runs away from 3 cards (:data:`SHORT_DAVONLAUFEN`:
    the short pack's four plain cards a suit, one the declarer's, never make
    the long pack's 4; rules.md G-11 b).  :func:`rules_text` writes this
    form.  Raises :class:`~replay.errors.ProfileError` (``E-RULES-PROFILE``,
    ``E-RULES-FLAG``, ``E-RULES-VALUE``)."""
    parts = [p.strip() for p in text.split(";") if p.strip()]
    name = parts[0] if parts and "=" not in parts[0] else "schafkopf"
    if name not in SCHAFKOPF_PROFILES:
        raise ProfileError("E-RULES-PROFILE", f"unknown Schafkopf profile {name!r}", found=name,
                           expected=" or ".join(SCHAFKOPF_PROFILES))
    base = SCHAFKOPF_PROFILES[name]
    over: dict[str, object] = {}
    written: dict[str, str] = {}
    numbers: dict[str, int] = {}
    for p in parts[1 if parts and "=" not in parts[0] else 0:]:
        if "=" not in p:
            raise ProfileError("E-RULES-FLAG", f"{p!r} is not flag=value", found=p, expected="flag=value")
        k, v = (x.strip() for x in p.split("=", 1))
        if k.startswith("tariff."):
            field_name = k[len("tariff."):]
            if field_name not in SchafkopfTariff.model_fields:
                raise ProfileError("E-RULES-FLAG", f"unknown tariff number {k!r}", found=k,
                                   expected=", ".join(f"tariff.{f}" for f in SchafkopfTariff.model_fields))
            if k in written:
                raise ProfileError("E-RULES-FLAG", f"the flag {k} is written twice ({written[k]}, then {p}); a [Rules] "
                                   "text sets each flag once", found=p, expected=f"one {k}=value")
            written[k] = p
            if not v.lstrip("-").isdigit():
                raise ProfileError("E-RULES-VALUE", f"{k} takes a whole number of units, found {v!r}", found=v,
                                   expected="e.g. 10")
            numbers[field_name] = int(v)
            continue
        if k not in SchafkopfProfile.model_fields or k in ("name", "players"):
            raise ProfileError("E-RULES-FLAG", f"unknown Schafkopf flag {k!r}", found=k,
                               expected=", ".join(f for f in SchafkopfProfile.model_fields if f not in ("name", "players")))
        if k in written:
            raise ProfileError("E-RULES-FLAG", f"the flag {k} is written twice ({written[k]}, then {p}); a [Rules] "
                               "text sets each flag once", found=p, expected=f"one {k}=value")
        written[k] = p
        if SchafkopfProfile.model_fields[k].annotation is bool and v not in ("on", "off"):
            raise ProfileError("E-RULES-VALUE", f"flag {k} takes on or off (rules.md J), found {v!r}", found=v,
                               expected="on or off")
        if k == "tariff":
            if v not in TARIFFS:
                raise ProfileError("E-RULES-VALUE", f"unknown tariff {v!r}", found=v, expected=" or ".join(TARIFFS))
            over[k] = TARIFFS[v]
        elif k == "laufendeMin":
            try:
                over[k] = base.laufendeMin.model_copy(update={g.split(":")[0].strip(): int(g.split(":")[1])
                                                              for g in v.split(",")})
                LaufendeMin(**over[k].model_dump())
            except (IndexError, ValueError, ValidationError):
                raise ProfileError("E-RULES-VALUE", f"laufendeMin={v!r} is not game:n,game:n", found=v,
                                   expected="e.g. wenz:2,geier:2") from None
        elif SchafkopfProfile.model_fields[k].annotation is bool:  # on or off, checked above
            over[k] = v == "on"
        elif v in ("none", "last"):
            over[k] = None
        else:
            over[k] = int(v) if v.lstrip("-").isdigit() else v
    if over.get("shortDeck", base.shortDeck) and "davonlaufenMinCards" not in over \
            and base.davonlaufenMinCards > SHORT_DAVONLAUFEN:
        # the short pack (G-3) leaves four plain cards a suit, one of them the declarer's: the long pack's four
        # cards to run away with cannot be held; groups lower it, typically to 3 (rules.md G-11 b); written, as set
        over["davonlaufenMinCards"] = SHORT_DAVONLAUFEN
    if numbers:
        tariff = over.get("tariff", base.tariff)
        try:
            over["tariff"] = SchafkopfTariff(**{**tariff.model_dump(), **numbers})
        except ValidationError as exc:
            raise ProfileError("E-RULES-VALUE", f"bad tariff numbers in {text!r}: {exc.errors()[0]['msg']}",
                               found=text) from None
    try:
        return SchafkopfProfile(**{**base.model_dump(), **{k: (o.model_dump() if isinstance(o, BaseModel) else o)
                                                            for k, o in over.items()}})
    except ValidationError as exc:
        msg = exc.errors()[0]["msg"].removeprefix("Value error, ")
        raise ProfileError("E-RULES-VALUE", f"bad Schafkopf rules {text!r}: {msg}", found=text,
                           expected=msg.partition(": expected ")[2] or None) from None


def rules_text(profile: SchafkopfProfile, base: str = "netschafkopf") -> str:
    """The ``[Rules]`` text of ``profile`` as :func:`parse_schafkopf_rules`
    reads it back to an equal profile: the named profile ``base``, then one
    ``flag=value`` for each flag that differs from it, each differing tariff
    number as ``tariff.FIELD=N`` and ``laufendeMin`` as ``game:n,...`` (0: not
    counted).  ``rules_text(SCHAFKOPF_PROFILES["netschafkopf"])`` is
    ``"netschafkopf"``.  Raises ``KeyError`` for an unknown ``base``."""
    ref = SCHAFKOPF_PROFILES[base]
    parts = [base]
    for f in SchafkopfProfile.model_fields:
        if f in ("name", "players"):
            continue
        mine, theirs = getattr(profile, f), getattr(ref, f)
        if mine == theirs and not (f == "davonlaufenMinCards" and profile.shortDeck and not ref.shortDeck
                                   and mine != SHORT_DAVONLAUFEN):  # shortDeck=on alone reads 3
            continue
        if f == "tariff":
            parts += [f"tariff.{k}={getattr(mine, k)}" for k in SchafkopfTariff.model_fields
                      if getattr(mine, k) != getattr(theirs, k) and getattr(mine, k) is not None]
        elif f == "laufendeMin":
            parts.append("laufendeMin=" + ",".join(f"{k}:{getattr(mine, k)}" for k in LaufendeMin.model_fields
                                                   if getattr(mine, k) != getattr(theirs, k)))
        elif isinstance(mine, bool):
            parts.append(f"{f}={'on' if mine else 'off'}")
        elif mine is None:
            parts.append(f"{f}=none")
        else:
            parts.append(f"{f}={mine}")
    return "; ".join(parts)


def counted_laufende(profile: SchafkopfProfile, game: Game, run: int) -> int:
    """The Laufende a run of ``run`` top trumps counts in ``game`` (rules.md
    G-13): the run itself when it reaches the profile's minimum
    (``laufendeMin``: 3 in a Sauspiel and a Solo, 2 in a Wenz and a Geier
    under ``schafkopf-bsv``), else 0 — a shorter run pays nothing; 0 in a
    game whose minimum is 0 (the house counts none)."""
    least = profile.laufendeMin.of(game)
    return run if least and run >= least else 0


def describe_laufende(lm: LaufendeMin) -> str:
    """Where Laufende start to count (rules.md G-13, ``laufendeMin``):
    ``from 3 in a sauspiel, 3 in a solo, 2 in a wenz, ...; not counted in a
    farbwenz``."""
    counted = [f"{getattr(lm, g)} in a {g}" for g in type(lm).model_fields if getattr(lm, g)]
    off = [g for g in type(lm).model_fields if not getattr(lm, g)]
    lauf = "from " + ", ".join(counted) if counted else ""
    if off:
        lauf += ("; " if lauf else "") + "not counted in a " + ", ".join(off)
    return lauf


def describe_prices(profile: SchafkopfProfile) -> str:
    """A Schafkopf profile's prices alone (units, rules.md G-14, G-16, G-17):
    ``Rufspiel 2 · Einzelspiel 5 · Ramsch 1 · Schneider +1 · Schwarz +1 ·
    Laufender +1``.  Two profiles with the same prices count in one
    currency even when they count Laufende from another number (G-13) or
    differ in another rule: what a ledger's mixed-tariffs note compares."""
    t = profile.tariff
    return " · ".join((f"Rufspiel {t.sauspiel}", f"Einzelspiel {t.solo}", f"Ramsch {t.ramsch}",
                       f"Schneider +{t.schneider}", f"Schwarz +{t.schwarz}", f"Laufender +{t.laufender}"))


def describe_tariff(profile: SchafkopfProfile) -> str:
    """One line of a Schafkopf profile's prices (units, rules.md G-13..G-17):
    ``Rufspiel 10 · Einzelspiel 50 · Ramsch 20 · Schneider +10 · Schwarz +10 ·
    Laufender +10 (from 3 in a sauspiel, ...; not counted in ...) · Tout ×2``."""
    t = profile.tariff
    lauf = describe_laufende(profile.laufendeMin)
    parts = describe_prices(profile).split(" · ")
    parts[-1] += f" ({lauf})"
    parts.append(f"Tout ×{t.toutFactor}")
    if profile.jungfrau != "off":
        parts.append("Jungfrau " + {"doublesAll": "doubles the price", "doublesOwn": "paid double"}[profile.jungfrau])
    if profile.shortDeck:
        parts.append("short pack (24 cards, 6 tricks)")
    return " · ".join(parts)


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Announce:
    """``seat`` plays ``game`` (rules.md G-4).  ``suit`` is the called Sau's
    suit in a Sauspiel (never Herz, G-10) and the trump suit of a Farbsolo,
    Farbwenz or Farbgeier; None for Wenz and Geier.  ``tout``: the declarer
    undertakes to take every trick (G-14)."""

    seat: int
    game: Game
    suit: Suit | None = None
    tout: bool = False

    @property
    def called(self) -> Card | None:
        """The called Sau of a Sauspiel (``Card.CA`` for the Eichel-Sau)."""
        return Card(self.suit * 8 + Rank.ACE) if self.game is Game.SAUSPIEL and self.suit is not None else None


@dataclass(frozen=True, slots=True)
class Ramsch:
    """Nobody announced: a Ramsch is played (rules.md G-17)."""


@dataclass(frozen=True, slots=True)
class Kontra:
    """A player of the non-declaring side doubles (rules.md G-18).  ``seat``
    None: the record says a Kontra was given but not by whom."""

    seat: int | None


@dataclass(frozen=True, slots=True)
class Re:
    """The answer to a Kontra (and any further doubling the profile's
    ``kontraLevels`` allows), by the side that did not double last.
    ``seat`` None: not recorded."""

    seat: int | None


@dataclass(frozen=True, slots=True)
class Klopfen:
    """``seat`` knocks before the game is announced (×2, rules.md G-19).
    ``seat`` None: a doubling whose seat the record does not give (a
    NetSchafkopf log's "N mal aufgedoppelt" states only the number)."""

    seat: int | None


SkAction = Union[Announce, Ramsch, Kontra, Re, Klopfen, Play]


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Laufende:
    """The Laufende of a game (rules.md G-13), counted on the dealt cards.

    * ``run`` — length of the unbroken run of highest trumps held by one party.
    * ``with_`` — True when the declaring party holds the run ("mit"), False
      when the opponents do ("ohne").
    * ``counted`` — ``run`` when it reaches the profile's minimum, else 0.
    """

    run: int
    with_: bool
    counted: int


@dataclass(frozen=True, slots=True)
class SkResult:
    """The facts of a finished game, before settlement.

    Declarer games: ``tout``; ``party_points`` (card points of the declaring party,
    0..120) and ``party_tricks``; ``won``; ``schneider``/``schwarz`` (G-12;
    schwarz by tricks); ``laufende``; ``value`` (units per opponent before
    doubling) and ``value_parts`` (name, units) that add up to it, the Tout
    factor included; ``doublings`` (Kontra, Re...) and ``klopfen``.

    Ramsch: ``seat_points``, ``seat_tricks``, ``losers`` (seats that pay),
    ``jungfrauen`` (seats without a trick), ``durchmarsch`` (the seat that took
    every trick, else None), ``tie`` (the most Augen were shared).
    """

    game: Game
    seat_points: tuple[int, ...]
    seat_tricks: tuple[int, ...]
    tout: bool = False
    party_points: int | None = None
    party_tricks: int | None = None
    won: bool | None = None
    schneider: bool = False
    schwarz: bool = False
    laufende: Laufende | None = None
    value: int = 0
    value_parts: tuple[tuple[str, int], ...] = ()
    doublings: int = 0
    klopfen: int = 0
    losers: tuple[int, ...] = ()
    jungfrauen: tuple[int, ...] = ()
    durchmarsch: int | None = None
    tie: bool = False


# --------------------------------------------------------------------------
# The announcing rules: pure checks shared by the engine and the score sheet
# --------------------------------------------------------------------------


def announce_error(a: Announce, hand: int | None = None) -> IllegalAction | None:
    """Why ``a`` cannot be announced, or None (rules.md G-7, G-8, G-10,
    G-14, G-17).  ``hand`` is the declarer's dealt cards (a bit mask); None
    when they are not known (a score sheet), which skips the checks that
    need them (the called Sau held by the declarer, a gesperrt declarer).
    Codes: ``E-SK-SEAT``, ``E-SK-ANNOUNCE``, ``E-SK-CALL``, ``E-SK-GESPERRT``."""
    if not 0 <= a.seat < 4:
        return IllegalAction("E-SK-SEAT", f"seat {a.seat} is not at the table", found=a.seat, expected="0..3")
    g = a.game
    if g is Game.RAMSCH:
        return IllegalAction("E-SK-ANNOUNCE", "a Ramsch is not announced by a player (rules.md G-17)",
                             found="ramsch", expected="the Ramsch action")
    if g is Game.BETTEL and a.tout:
        return IllegalAction("E-SK-ANNOUNCE", "a Bettel cannot be played Tout: its declarer undertakes to take no "
                             "trick (rules.md G-14, G-16)", found="Bettel Tout", expected="bettel")
    if g.needs_suit and a.suit is None:
        return IllegalAction("E-SK-ANNOUNCE", f"{g.value} needs a suit (rules.md G-7, G-8, G-10)", found=g.value,
                             expected=f"{g.value} with a suit")
    if not g.needs_suit and a.suit is not None:
        return IllegalAction("E-SK-ANNOUNCE", f"{g.value} has no suit (rules.md G-8)", found=a.suit.name,
                             expected=g.value)
    if g is not Game.SAUSPIEL:
        return None
    if a.tout:
        return IllegalAction("E-SK-ANNOUNCE", "a Sauspiel cannot be played Tout (rules.md G-14)",
                             found="Sauspiel Tout", expected="a single game Tout")
    sau = a.called
    if a.suit == Suit.HEARTS:
        return IllegalAction("E-SK-CALL", "the Herz-Sau is trump and cannot be called (rules.md G-10)",
                             found=german(sau), expected="the Eichel-, Gras- or Schellen-Sau")
    if hand is None:
        return None
    if hand >> sau & 1:
        return IllegalAction("E-SK-CALL", f"the declarer calls the {GERMAN_SUIT[a.suit]}-Sau, which the declarer "
                             "holds (rules.md G-10)", found=german(sau), expected="a Sau the declarer does not hold")
    if not hand & trump_order_for(Game.SAUSPIEL).suit_masks[a.suit]:
        return IllegalAction("E-SK-GESPERRT", f"the declarer holds no {GERMAN_SUIT[a.suit]} card besides trumps "
                             "and so cannot call that Sau (rules.md G-10)", found=german(sau),
                             expected="a Sau of a suit the declarer holds")
    return None


def klopfen_error(profile: SchafkopfProfile, klopfer: list[int | None], seat: int | None,
                  announced: bool = False) -> IllegalAction | None:
    """Why ``seat`` may not knock now, or None (rules.md G-19): Klopfen off
    in the profile (``E-SK-KLOPFEN``), after the announcement (``E-PHASE``),
    a seat already in ``klopfer``, or a fifth doubling (one per seat at most;
    ``seat`` None is a doubling of an unnamed seat) (``E-SK-KLOPFEN``)."""
    if not profile.klopfen:
        return IllegalAction("E-SK-KLOPFEN", "Klopfen is not played under this profile (rules.md G-19, flag "
                             "klopfen)", found=f"seat {seat} knocks", expected="klopfen=on")
    if announced:
        return IllegalAction("E-PHASE", "Klopfen after the game was announced (rules.md G-19)", found=seat,
                             expected="before the announcement")
    if seat is not None and seat in klopfer:
        return IllegalAction("E-SK-KLOPFEN", f"seat {seat} knocks twice", found=seat, expected="once per seat")
    if len(klopfer) >= 4:
        return IllegalAction("E-SK-KLOPFEN", "a fifth Klopfen: each of the four seats knocks once at most",
                             found=len(klopfer) + 1, expected="at most 4")
    return None


def late_doubling(profile: SchafkopfProfile, name: str, cards_played: int) -> IllegalAction | None:
    """``E-SK-KONTRA-LATE`` when a doubling ``name`` (Kontra, Re) given after
    ``cards_played`` cards is too late under ``kontraTiming`` (rules.md G-18:
    DEFAULT before the second card of the first trick), else None."""
    limit = 0 if profile.kontraTiming == "beforeFirstCard" else 1
    if cards_played <= limit:
        return None
    when = "the first card" if limit == 0 else "the second card of the first trick"
    cards = f"{cards_played} card{'' if cards_played == 1 else 's'}"
    return IllegalAction("E-SK-KONTRA-LATE", f"{name} after {cards}; it must come before {when} "
                         "(rules.md G-18, kontraTiming)", found=name, expected=f"before {when}")


def doubling_error(profile: SchafkopfProfile, game: Game, level: int, is_re: bool, cards_played: int,
                   seat: int | None = None, in_party: bool | None = None) -> IllegalAction | None:
    """Why a Kontra (``is_re`` False) or Re cannot be given now, or None
    (rules.md G-17, G-18).  ``level`` is the number of doublings already
    given, ``cards_played`` the cards played before it; ``in_party`` whether
    ``seat`` is in the declaring party (None: the seat or its party is not
    known, not checked).

    * ``E-SK-KONTRA``: any doubling in a Ramsch; a Re first or a Kontra
      after a doubling; beyond ``kontraLevels``; a Kontra (even levels) by
      the declaring party or a Re (odd levels) by the opponents.
    * ``E-SK-KONTRA-LATE``: after the first card (``beforeFirstCard``) or the
      second (``beforeSecondCard``, DEFAULT).
    """
    name = "Re" if is_re else "Kontra"
    if game is Game.RAMSCH:
        return IllegalAction("E-SK-KONTRA", "there is no Kontra in a Ramsch (rules.md G-17)", found=name,
                             expected="no doubling")
    late = late_doubling(profile, name, cards_played)
    if late is not None:
        return late
    if is_re != (level > 0):
        return IllegalAction("E-SK-KONTRA", "the first doubling is a Kontra and any later one a Re (rules.md G-18)",
                             found=name, expected="Re" if level else "Kontra")
    if level >= profile.kontraLevels:
        return IllegalAction("E-SK-KONTRA", f"a doubling beyond the {profile.kontraLevels} this profile allows "
                             "(rules.md G-18, kontraLevels)", found=name, expected="no further doubling")
    if seat is not None and not 0 <= seat < 4:
        return IllegalAction("E-SK-SEAT", f"seat {seat} is not at the table", found=seat, expected="0..3")
    if in_party is not None:
        opponents_turn = level % 2 == 0
        if opponents_turn == in_party:
            side = "the opponents" if opponents_turn else "the declaring party"
            return IllegalAction("E-SK-KONTRA", f"seat {seat} gives {name}, which only {side} may give (rules.md "
                                 "G-18)", found=f"{name} by {'the declaring party' if in_party else 'the opponents'}",
                                 expected=f"{name} by {side}")
    return None


# --------------------------------------------------------------------------
# The state machine
# --------------------------------------------------------------------------


class SkPhase(enum.IntEnum):
    ANNOUNCE = 0
    PLAY = 1
    DONE = 2


class SchafkopfState:
    """The state of one Schafkopf game.

    Construct with a :class:`SchafkopfProfile`, the dealer seat (0..3) and
    the four dealt hands (bit masks, clockwise).  Raises
    :class:`IllegalAction`: ``E-DEAL-DUPLICATE`` (a card dealt twice),
    ``E-DEAL-SIZE`` (a hand without exactly 8 cards, 6 with the short pack),
    ``E-DEAL-CARD`` (a 7 or 8 in a short-pack deal).
    """

    __slots__ = (
        "profile", "n", "dealer", "hands", "dealt", "phase", "game", "suit", "tout", "declarer", "called",
        "partner", "order", "doublings", "doubling_seats", "klopfer", "trick_no", "leader", "to_act", "trick",
        "trick_mask", "tricks", "taken", "ntaken", "called_trick", "ran_away", "partner_revealed", "_nt",
        "_suit_of", "_strength", "_suit_masks", "_called_suit_mask", "_cs",
    )

    def __init__(self, profile: SchafkopfProfile, dealer: int, hands: Iterable[int]):
        hands = list(hands)
        if len(hands) != 4:
            raise ValueError(f"{len(hands)} hands for 4 players")
        if not 0 <= dealer < 4:
            raise ValueError(f"dealer seat {dealer} is not 0..3")
        seen = 0
        size = profile.hand_size
        for s, h in enumerate(hands):
            dup = seen & h
            if dup:
                c = next(cards_in(dup))
                raise IllegalAction("E-DEAL-DUPLICATE", f"{c} is dealt twice", found=str(c), expected="each card once")
            seen |= h
            if h & ~profile.deck:
                c = next(cards_in(h & ~profile.deck))
                raise IllegalAction("E-DEAL-CARD", f"{c} is not in the short pack (rules.md G-3)", found=str(c),
                                    expected="no 7s or 8s")
            if h.bit_count() != size:
                raise IllegalAction("E-DEAL-SIZE", f"seat {s} is dealt {h.bit_count()} cards (rules.md G-2)",
                                    found=str(h.bit_count()), expected=str(size))
        self.profile = profile
        self.n = 4
        self.dealer = dealer
        self.hands = hands
        self.dealt: tuple[int, ...] = tuple(hands)
        self.phase = SkPhase.ANNOUNCE
        self.game: Game | None = None
        self.suit: Suit | None = None
        self.tout = False
        self.declarer: int | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.order = trump_order_for(Game.SAUSPIEL)
        self.doublings = 0
        self.doubling_seats: list[int | None] = []
        self.klopfer: list[int | None] = []
        self.trick_no = 0
        self.leader = (dealer + 1) % 4
        self.to_act = self.leader
        self.trick: list[tuple[int, Card]] = []
        self.trick_mask = 0
        self.tricks: list[tuple[int, tuple[tuple[int, Card], ...], int]] = []
        self.taken = [0, 0, 0, 0]
        self.ntaken = [0, 0, 0, 0]
        self.called_trick: int | None = None  # 0-based trick in which the called suit was first led
        self.ran_away = False
        self.partner_revealed: int | None = None  # 1-based trick where the Sau holder became known
        self._nt = profile.tricks
        self._set_order(self.order)
        self._called_suit_mask = 0
        self._cs = -1

    def _set_order(self, order: TrumpOrder) -> None:
        self.order = order
        self._suit_of = order.suit_of
        self._strength = order.strength
        self._suit_masks = order.suit_masks

    # ------------------------------------------------------------------ helpers
    def _err(self, code: str, message: str, found: object = None, expected: object = None) -> IllegalAction:
        return IllegalAction(code, message, found=found, expected=expected,
                             trick=self.trick_no + 1 if self.phase == SkPhase.PLAY else None)

    @property
    def n_tricks(self) -> int:
        return self._nt

    @property
    def done(self) -> bool:
        return self.phase == SkPhase.DONE

    def in_party(self, seat: int) -> bool:
        """True when ``seat`` is in the declaring party (declarer or Sau holder)."""
        return seat == self.declarer or (self.partner is not None and seat == self.partner)

    def holder(self, card: Card) -> int | None:
        """The seat that was dealt ``card``."""
        for s in range(4):
            if self.dealt[s] >> card & 1:
                return s
        return None

    def cards_played(self) -> int:
        return self.trick_no * 4 + len(self.trick)

    # ------------------------------------------------------------------ apply
    def apply(self, action: SkAction) -> None:
        """Apply one action.  Raises :class:`IllegalAction` (state unchanged)."""
        t = type(action)
        if t is Play:
            if action.renege:
                raise self._err("E-SK-RENEGE-MARK", "a marked renege is not part of Schafkopf records",
                                f"^R{action.card}", str(action.card))
            self.play(action.seat, action.card)
        elif t is Announce:
            self._announce(action)
        elif t is Ramsch:
            self._ramsch()
        elif t is Kontra or t is Re:
            self._double(action.seat, t is Re)
        elif t is Klopfen:
            self._klopfen(action.seat)
        else:
            raise TypeError(f"not a Schafkopf action: {action!r}")

    def _klopfen(self, seat: int) -> None:
        bad = klopfen_error(self.profile, self.klopfer, seat, announced=self.phase != SkPhase.ANNOUNCE)
        if bad is not None:
            raise bad
        self.klopfer.append(seat)

    def _announce(self, a: Announce) -> None:
        if self.phase != SkPhase.ANNOUNCE:
            raise self._err("E-PHASE", "a game is announced after the announcing is over", a.game.value,
                            "one announcement before the first card")
        bad = announce_error(a, self.hands[a.seat] if 0 <= a.seat < 4 else None)
        if bad is not None:
            raise bad
        g = a.game
        if g is Game.BETTEL:
            raise self._err("E-SK-BETTEL", BETTEL_NO_PLAY, "bettel", "a Bettel written as a score-sheet line")
        if g is Game.SAUSPIEL:
            order = trump_order_for(Game.SAUSPIEL)
            self._set_order(order)
            self.called = a.called
            self.partner = self.holder(a.called)
            self._called_suit_mask = order.suit_masks[a.suit]
            self._cs = int(a.suit)
        else:
            self._set_order(trump_order_for(g, a.suit))
        self.game = g
        self.suit = a.suit
        self.tout = a.tout
        self.declarer = a.seat
        self.phase = SkPhase.PLAY

    def _ramsch(self) -> None:
        if self.phase != SkPhase.ANNOUNCE:
            raise self._err("E-PHASE", "a Ramsch after a game was announced", "ramsch", "no Ramsch now")
        if not self.profile.ramsch:
            raise self._err("E-SK-NO-RAMSCH", "this profile throws in instead of playing Ramsch (rules.md G-4, G-17)",
                            "ramsch", "ramsch=on")
        self._set_order(trump_order_for(Game.RAMSCH))
        self.game = Game.RAMSCH
        self.phase = SkPhase.PLAY

    def _double(self, seat: int | None, is_re: bool) -> None:
        if self.phase != SkPhase.PLAY or self.game is None:
            name = "Re" if is_re else "Kontra"
            raise self._err("E-PHASE", f"{name} before a game was announced or after the game", name,
                            "a doubling at the start of play")
        bad = doubling_error(self.profile, self.game, self.doublings, is_re, self.cards_played(), seat,
                             None if seat is None else self.in_party(seat))
        if bad is not None:
            d = bad.diagnostic
            raise self._err(d.code, d.message, d.found, d.expected)
        if seat is not None and is_re and seat == self.partner and self.partner_revealed is None:
            self.partner_revealed = self.trick_no + 1
        self.doublings += 1
        self.doubling_seats.append(seat)

    # ------------------------------------------------------------------ play
    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (rules.md G-9, G-11)."""
        h = self.hands[seat]
        called = self.called
        sau_duty = (called is not None and seat == self.partner and h >> called & 1
                    and self.called_trick is None)
        if not self.trick:
            if sau_duty and self.trick_no < self._nt - 1:
                suit_cards = h & self._called_suit_mask
                others = suit_cards & ~(1 << called)
                if others and suit_cards.bit_count() < self.profile.davonlaufenMinCards:
                    return h & ~others  # G-11b: lead the Sau, not a low card (no Davonlaufen)
            return h
        led = self._suit_of[self.trick[0][1]]
        if (called is not None and seat == self.partner and h >> called & 1 and self.called_trick == self.trick_no
                and led == self._cs):
            return 1 << called  # G-11a: the called suit is searched, the Sau must come
        follow = h & self._suit_masks[led]
        if follow:
            return follow
        if sau_duty and self.trick_no + 1 < self.profile.discard_from and h != 1 << called:
            return h & ~(1 << called)  # G-11c: no throwing the Sau before its suit is played
        return h

    def _illegal_reason(self, seat: int, card: Card, legal: int) -> IllegalAction:
        allowed = " ".join(german(c) for c in cards_in(legal))
        called = self.called
        if not self.trick:
            return self._err("E-SK-RUFSAU", f"seat {seat} holds the called {german(called)} and may lead its suit only "
                             f"with the Sau, unless holding {self.profile.davonlaufenMinCards} or more cards of it "
                             "(Davonlaufen, rules.md G-11b)", german(card), allowed)
        led_card = self.trick[0][1]
        led = self._suit_of[led_card]
        if called is not None and legal == 1 << called and led == self._cs:
            return self._err("E-SK-RUFSAU", f"{german(led_card)} searches the called Sau: seat {seat} must play "
                             f"{german(called)} (rules.md G-11a)", german(card), german(called))
        if self.hands[seat] & self._suit_masks[led]:
            led_name = "trump" if led == TRUMP else GERMAN_SUIT[Suit(led)]
            return self._err("E-RENEGE", f"{german(led_card)} leads {led_name}; seat {seat} holds {led_name} and must "
                             "follow (rules.md G-9)", german(card), allowed)
        return self._err("E-SK-RUFSAU", f"seat {seat} may not throw the called {german(called)} on another suit before "
                         f"its suit was played, until trick {self.profile.discard_from} (rules.md G-11c)",
                         german(card), allowed)

    def play(self, seat: int, card: Card) -> None:
        """Play one card (rules.md G-9..G-11).  Raises :class:`IllegalAction`:
        ``E-PHASE``, ``E-TOO-MANY-CARDS``, ``E-WRONG-TURN``, ``E-NOT-HELD``,
        ``E-CARD-PLAYED``, ``E-RENEGE`` (follow suit), ``E-SK-RUFSAU`` (the
        called Sau's duties); the state is unchanged."""
        if self.phase != SkPhase.PLAY:
            if self.phase == SkPhase.DONE:
                raise self._err("E-TOO-MANY-CARDS", f"{german(card)} is played after the game is over", german(card),
                                "no more cards")
            raise self._err("E-PHASE", f"{german(card)} is played before a game was announced", german(card),
                            "an announcement or Ramsch first")
        if seat != self.to_act:
            raise self._err("E-WRONG-TURN", f"seat {seat} plays {german(card)} but it is seat {self.to_act}'s turn",
                            seat, self.to_act)
        bit = 1 << card
        h = self.hands[seat]
        if not h & bit:
            if self.trick_mask & bit or any(t & bit for t in self.taken):
                raise self._err("E-CARD-PLAYED", f"{german(card)} was already played", german(card),
                                "a card still in hand")
            holder = self.holder(card)
            where = f"seat {holder}'s hand" if holder is not None else "nobody's hand"
            raise self._err("E-NOT-HELD", f"seat {seat} plays {german(card)}, which is in {where}", german(card),
                            " ".join(german(c) for c in cards_in(h)))
        legal = self.legal_mask(seat)
        if not legal & bit:
            raise self._illegal_reason(seat, card, legal)
        trick = self.trick
        if not trick and self._cs >= 0 and self.called_trick is None and self._suit_of[card] == self._cs:
            self.called_trick = self.trick_no
            if seat == self.partner and card != self.called:
                self.ran_away = True  # G-11b Davonlaufen: the Sau's duty lapses
                if self.partner_revealed is None:
                    self.partner_revealed = self.trick_no + 1
        if card == self.called and self.partner_revealed is None:
            self.partner_revealed = self.trick_no + 1
        self.hands[seat] = h & ~bit
        trick.append((seat, card))
        self.trick_mask |= bit
        if len(trick) == 4:
            self._end_trick()
        else:
            self.to_act = (seat + 1) % 4

    def trick_winner(self, cards: Iterable[tuple[int, Card]]) -> int:
        """The seat winning ``cards`` ((seat, card) in play order): the highest
        trump, else the highest card of the led suit (rules.md G-9)."""
        cards = tuple(cards)
        return self.order.trick_winner(cards, self._suit_of[cards[0][1]])

    def _end_trick(self) -> None:
        cards = tuple(self.trick)
        w = self.trick_winner(cards)
        self.taken[w] |= self.trick_mask
        self.ntaken[w] += 1
        self.tricks.append((self.leader, cards, w))
        self.trick = []
        self.trick_mask = 0
        self.trick_no += 1
        self.leader = w
        self.to_act = w
        if self.trick_no == self._nt:
            self.phase = SkPhase.DONE

    # ------------------------------------------------------------------ results
    def seat_points(self) -> list[int]:
        """Card points (Augen) taken by each seat."""
        return [points_of(m) for m in self.taken]

    def party_points(self) -> int:
        """Card points of the declaring party (0..120); Ramsch: ValueError."""
        if self.declarer is None:
            raise ValueError("a Ramsch has no declaring party")
        return sum(points_of(self.taken[s]) for s in range(4) if self.in_party(s))

    def party_tricks(self) -> int:
        if self.declarer is None:
            raise ValueError("a Ramsch has no declaring party")
        return sum(self.ntaken[s] for s in range(4) if self.in_party(s))

    def laufende(self) -> Laufende:
        """The Laufende on the dealt cards (rules.md G-13): the unbroken run of
        highest trumps, from the Eichel-Ober (Wenz: Eichel-Unter) down, held by
        one party; counted "with" or "without" from the profile's minimum."""
        if self.game is None or self.game is Game.RAMSCH:
            raise ValueError("Laufende count only in an announced game")
        deck = self.profile.deck
        run = 0
        first: bool | None = None
        for c in self.order.trumps:
            if not deck >> c & 1:
                continue
            side = self.in_party(self.holder(c))
            if first is None:
                first = side
            elif side != first:
                break
            run += 1
        return Laufende(run, bool(first), counted_laufende(self.profile, self.game, run))

    def highest_trump_dealt(self, seats: Iterable[int]) -> Card | None:
        """The highest trump dealt to any of ``seats`` (the Ramsch tie rule
        ``highestTrump``, rules.md G-17), or None when they hold no trump."""
        seats = set(seats)
        return next((c for c in self.order.trumps if self.holder(c) in seats), None)

    def _highest_trump_seat(self, seats: Iterable[int]) -> int:
        seats = list(seats)
        c = self.highest_trump_dealt(seats)
        return self.holder(c) if c is not None else min(seats)  # some seat always holds a trump of 14

    def result(self) -> SkResult:
        """The finished game's facts (see :class:`SkResult`).  Raises
        ``ValueError`` before the last trick.  The value comes from
        :func:`game_value` (the one place for rules.md G-12..G-14) and the
        Ramsch facts from :func:`ramsch_facts` (G-17)."""
        if self.phase != SkPhase.DONE:
            raise ValueError("the game is not over")
        prof = self.profile
        pts = tuple(self.seat_points())
        tr = tuple(self.ntaken)
        if self.game is Game.RAMSCH:
            tied = [s for s in range(4) if pts[s] == max(pts)]
            top = self._highest_trump_seat(tied) if len(tied) > 1 else tied[0]
            losers, jung, sweep = ramsch_facts(prof, pts, tr, top)
            value = prof.tariff.durchmarsch_value() if sweep is not None else prof.tariff.ramsch
            return SkResult(Game.RAMSCH, pts, tr, losers=losers, jungfrauen=jung, durchmarsch=sweep,
                            tie=sweep is None and len(tied) > 1, klopfen=len(self.klopfer), value=value,
                            value_parts=(("Durchmarsch" if sweep is not None else "Ramsch", value),))
        pp = self.party_points()
        pt = self.party_tricks()
        lauf = self.laufende()
        outcome = declarer_outcome(pp, pt, self._nt, self.tout)
        value, parts = game_value(prof.tariff, self.game, self.suit, self.tout, outcome, lauf.counted, lauf.with_)
        won, tier = _OUTCOME_TIER[outcome]
        return SkResult(self.game, pts, tr, tout=self.tout, party_points=pp, party_tricks=pt, won=won,
                        schneider=tier >= 2, schwarz=tier == 3, laufende=lauf, value=value,
                        value_parts=parts, doublings=self.doublings, klopfen=len(self.klopfer))

    def settlement(self) -> Settlement:
        """Units per seat (rules.md G-15, G-17), zero-sum: :func:`settle_game`
        or :func:`settle_ramsch` on this game's facts (see there).  Raises
        ``ValueError`` before the end."""
        r = self.result()
        if r.game is Game.RAMSCH:
            return settle_ramsch(self.profile, r.losers, r.jungfrauen, r.durchmarsch, r.klopfen,
                                 loser_points=r.seat_points[r.losers[0]] if r.losers else None)
        return settle_game(self.profile, self.game, self.suit, self.tout, self.declarer, self.partner,
                           ("win" if r.won else "lose") + ("-z" if r.schwarz else "-s" if r.schneider else ""),
                           r.laufende.counted, r.laufende.with_, r.doublings, r.klopfen)


# --------------------------------------------------------------------------
# The game value and the settlement: pure functions of the facts
# --------------------------------------------------------------------------

#: Outcome word of the declaring party -> (won, tier): tier 1 plain, 2 schneider, 3 schwarz (rules.md G-12).
_OUTCOME_TIER = {"win": (True, 1), "win-s": (True, 2), "win-z": (True, 3),
                 "lose": (False, 1), "lose-s": (False, 2), "lose-z": (False, 3)}
#: The outcome words of a declared game.
SK_OUTCOMES = tuple(_OUTCOME_TIER)


def declarer_outcome(party_points: int, party_tricks: int, n_tricks: int, tout: bool = False) -> str:
    """The declaring party's outcome word from its Augen (card points
    0..120) and tricks (rules.md G-12, G-14).

    * ``win`` at 61..90, ``win-s`` (schneider) at 91 and more, ``win-z``
      (schwarz) with every trick; ``lose`` at 31..60 (60-60 loses),
      ``lose-s`` at 30 and less, ``lose-z`` without a trick.  Schwarz is
      counted by tricks, not Augen (a party with 120 Augen but one empty
      trick lost is only schneider).
    * Tout (``tout=True``): ``win`` with every trick, else ``lose``; no
      schneider or schwarz.
    """
    if tout:
        return "win" if party_tricks == n_tricks else "lose"
    won = party_points >= 61
    if party_tricks in (0, n_tricks):
        return "win-z" if won else "lose-z"
    if won:
        return "win-s" if party_points >= 91 else "win"
    return "lose-s" if party_points <= 30 else "lose"


def bettel_outcome(declarer_tricks: int) -> str:
    """A Bettel's outcome word from the declarer's tricks (rules.md G-16:
    the declarer undertakes to take no trick): ``win`` with none, else
    ``lose``; a Bettel has no schneider or schwarz."""
    return "win" if declarer_tricks == 0 else "lose"


def game_value(tariff: SchafkopfTariff, game: Game, suit: Suit | None, tout: bool, outcome: str,
               laufende: int, laufende_with: bool | None = True) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The value of a declared game in units, before doubling, and its named
    parts (rules.md G-14, G-16): ``(value, ((name, units), ...))``.

    * ``outcome`` — the declaring party's word (:data:`SK_OUTCOMES`):
      ``-s`` adds the tariff's ``schneider``, ``-z`` its ``schneider`` and
      ``schwarz`` (schwarz = base + 2 units).
    * ``laufende`` — the counted Laufende (0, or at least the profile's
      minimum, G-13); each adds ``laufender``; ``laufende_with`` only names
      the part ("with"/"without" count the same; None, a side not known:
      ``3 Laufende``, as a score sheet's score tells the count alone).
    * Tout: (base + Laufende) × ``toutFactor``; schneider and schwarz are
      not added (an outcome word with ``-s``/``-z`` is a ``ValueError``).

    The base is ``sauspiel`` for a Sauspiel, ``solo`` for every single game,
    ``bettel`` for a Bettel (G-16: its price alone -- no schneider, schwarz
    or Laufende -- and no Tout).  Raises ``ValueError`` for a Ramsch (see
    :func:`settle_ramsch`), an unknown outcome word, a Bettel outcome other
    than ``win``/``lose``, with Laufende or Tout, or under a tariff without
    a Bettel price.
    """
    if game is Game.RAMSCH:
        raise ValueError("a Ramsch has no game value; see settle_ramsch")
    if outcome not in _OUTCOME_TIER:
        raise ValueError(f"outcome {outcome!r} is not one of {', '.join(SK_OUTCOMES)}")
    _, tier = _OUTCOME_TIER[outcome]
    if game is Game.BETTEL:
        if tier > 1 or laufende or tout:
            raise ValueError(f"a Bettel is won or lost at its price alone (rules.md G-16), not {outcome!r} with "
                             f"{laufende} Laufende{' Tout' if tout else ''}")
        if tariff.bettel is None:
            raise ValueError("the tariff states no Bettel price (tariff.bettel)")
        return tariff.bettel, (("Bettel", tariff.bettel),)
    if tout and tier > 1:
        raise ValueError(f"a Tout is won or lost, never {outcome} (rules.md G-14)")
    base = tariff.sauspiel if game is Game.SAUSPIEL else tariff.solo
    parts = [(game_name(game, suit), base)]
    if tier >= 2:
        parts.append(("Schneider", tariff.schneider))
    if tier == 3:
        parts.append(("Schwarz", tariff.schwarz))
    if laufende:
        side = {True: "with ", False: "without "}.get(laufende_with, "")
        parts.append((f"{side}{laufende} Laufende", laufende * tariff.laufender))
    if tout:
        sub = sum(v for _, v in parts)
        parts.append((f"Tout ×{tariff.toutFactor}", sub * (tariff.toutFactor - 1)))
    return sum(v for _, v in parts), tuple(parts)


def value_text(parts) -> str:
    """A game value's named parts (:func:`game_value`) as a sum to read:
    ``Sauspiel 10 + Schneider 10``, and with a Tout the sum it multiplies:
    ``(Wenz 50 + with 2 Laufende 20) × 2 Tout`` (rules.md G-14)."""
    tout = [(n, v) for n, v in parts if n.startswith("Tout ×")]
    summed = " + ".join(f"{n} {v}" for n, v in parts if not n.startswith("Tout ×"))
    if not tout:
        return summed
    factor = tout[0][0].split("×", 1)[1]
    return f"({summed}) × {factor} Tout"


def _mult_factors(doublings: int, klopfen: int) -> list[tuple[str, int]]:
    """The doublings of a price as ``(name, factor)`` (rules.md G-18, G-19),
    named so that the settlement's text reads ``Solo 70 × Kontra and Re 4
    = 280``: Kontra, Kontra and Re, Kontra, Re and N more; Klopfen, Klopfen
    N times."""
    out: list[tuple[str, int]] = []
    if doublings:
        out.append(({1: "Kontra", 2: "Kontra and Re"}.get(doublings, f"Kontra, Re and {doublings - 2} more"),
                    2 ** doublings))
    if klopfen:
        out.append(("Klopfen" if klopfen == 1 else f"Klopfen {klopfen} times", 2 ** klopfen))
    return out


def settle_game(profile: SchafkopfProfile, game: Game, suit: Suit | None, tout: bool, declarer: int,
                partner: int | None, outcome: str, laufende: int, laufende_with: bool | None = True, doublings: int = 0,
                klopfen: int = 0) -> Settlement:
    """The units of a declared game per seat 0..3, zero-sum (rules.md G-14,
    G-15, G-18, G-19): the value of :func:`game_value`, × 2 per Kontra/Re
    (``doublings``) and per Klopfen.

    * Sauspiel: each loser pays one winner the value: every seat ±value
      (``partner`` the Sau holder, another seat than ``declarer``).
    * Single games and Tout (``partner`` None): the declarer receives the
      value from (or pays it to) each opponent: ±3×value.

    ``outcome`` is the declaring party's word (``win``..``lose-z``); the
    settlement's ``tier`` is 1 plain, 2 schneider, 3 schwarz.  Raises
    ``ValueError`` as :func:`game_value`, or when the partner is missing in
    a Sauspiel or given in a single game.
    """
    if (partner is None) == (game is Game.SAUSPIEL) or partner == declarer:
        raise ValueError(f"a {game.value} with declarer {declarer} and partner {partner}")
    value, parts = game_value(profile.tariff, game, suit, tout, outcome, laufende, laufende_with)
    won, tier = _OUTCOME_TIER[outcome]
    mult = 2 ** (doublings + klopfen)
    per = value * mult
    sign = 1 if won else -1
    party = {declarer} if partner is None else {declarer, partner}
    if game is Game.SAUSPIEL:
        shares = tuple(sign if s in party else -sign for s in range(4))
    else:
        shares = tuple(3 * sign if s == declarer else -sign for s in range(4))
    who = f"seat {declarer}" + (f" with seat {partner}" if partner is not None else " alone")
    summary = f"{game_name(game, suit, tout)}: {who} {'wins' if won else 'loses'}"
    value_name = f"value ({value_text(parts)})"
    return Settlement(tuple(x * per for x in shares), outcome, tier, mult, per,
                      ((value_name, value), *_mult_factors(doublings, klopfen)), shares, summary)


def ramsch_facts(profile: SchafkopfProfile, seat_points: tuple[int, ...], seat_tricks: tuple[int, ...],
                 top_trump_seat: int) -> tuple[tuple[int, ...], tuple[int, ...], int | None]:
    """Who pays in a Ramsch (rules.md G-17): ``(losers, jungfrauen,
    durchmarsch)`` from each seat's Augen and tricks.

    * A seat with every trick under ``durchmarsch=allTricks`` wins the
      Durchmarsch: ``((), (), seat)``.
    * Else the seat with the most Augen loses; equal most: the tied seat
      ``top_trump_seat`` (the one dealt the highest trump, ``highestTrump``)
      or every tied seat (``allTied``).
    * Jungfrauen: the other seats without a trick (none with ``jungfrau=off``).
    """
    n = sum(seat_tricks)
    sweep = next((s for s in range(4) if seat_tricks[s] == n), None)
    if sweep is not None and profile.durchmarsch == "allTricks":
        return (), (), sweep
    tied = tuple(s for s in range(4) if seat_points[s] == max(seat_points))
    losers = (top_trump_seat,) if len(tied) > 1 and profile.ramschTie == "highestTrump" else tied
    jung = tuple(s for s in range(4) if seat_tricks[s] == 0 and s not in losers) if profile.jungfrau != "off" else ()
    return losers, jung, None


def settle_ramsch(profile: SchafkopfProfile, losers: Iterable[int], jungfrauen: Iterable[int] = (),
                  durchmarsch: int | None = None, klopfen: int = 0, loser_points: int | None = None) -> Settlement:
    """The units of a Ramsch per seat 0..3, zero-sum (rules.md G-17, G-19).

    * Durchmarsch (``durchmarsch`` a seat): that seat takes the tariff's
      Durchmarsch value (a schwarz solo unless set) from each other seat.
    * Else each loser pays the tariff's ``ramsch`` price to each seat that
      is not a loser; a Jungfrau (a seat without a trick) is paid double
      (``jungfrau=doublesOwn``), or every payment doubles once per Jungfrau
      (``doublesAll``).
    * Klopfen doubles (×2 each).  ``loser_points`` (Augen) only feeds the
      summary.  Outcome ``ramsch``, tier None.
    """
    tar = profile.tariff
    mult = 2 ** klopfen
    mult_factors = _mult_factors(0, klopfen)
    if durchmarsch is not None:
        per = tar.durchmarsch_value() * mult
        shares = tuple(3 if s == durchmarsch else -1 for s in range(4))
        return Settlement(tuple(x * per for x in shares), "ramsch", None, mult, per,
                          ((DURCHMARSCH, tar.durchmarsch_value()), *mult_factors), shares,
                          f"Durchmarsch: seat {durchmarsch} took every trick")
    losers = tuple(losers)
    if not losers:
        raise ValueError("a Ramsch without a loser or a Durchmarsch")
    base = tar.ramsch * mult
    units = [0, 0, 0, 0]
    factors = [("Ramsch", tar.ramsch), *mult_factors]
    jung = set(jungfrauen)
    if profile.jungfrau == "doublesAll" and jung:
        factors.append(("Jungfrau" if len(jung) == 1 else f"Jungfrau ×{len(jung)}", 2 ** len(jung)))
        base *= 2 ** len(jung)
    for loser in losers:
        for s in range(4):
            if s in losers:
                continue
            pay = base * (2 if profile.jungfrau == "doublesOwn" and s in jung else 1)
            units[loser] -= pay
            units[s] += pay
    shares = tuple(u // base if base else 0 for u in units)
    who = " and ".join(f"seat {s}" for s in losers)
    with_pts = f" with {loser_points} Augen" if loser_points is not None else ""
    extra = f"; Jungfrau: {', '.join(f'seat {s}' for s in sorted(jung))}" if jung else ""
    return Settlement(tuple(units), "ramsch", None, mult, base, tuple(factors), shares,
                      f"Ramsch lost by {who}{with_pts}{extra}")


# --------------------------------------------------------------------------
# Replay frames
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkFrame:
    """The table at one step of a Schafkopf replay.

    * ``step`` — cards played so far (0 before the first card).
    * ``trick`` — 1-based trick the last card belongs to (1 at step 0).
    * ``card`` — the last card as ``(seat, card)``; None at step 0.
    * ``hands`` — per seat, the cards still held.
    * ``trick_cards`` / ``winning`` / ``trick_done`` / ``leader`` — the
      current trick, the seat winning it, whether the last card completed it.
    * ``seat_points`` / ``seat_tricks`` — card points and tricks taken.
    * ``party_points`` / ``opponent_points`` — per side (None in a Ramsch).
    * ``game``, ``suit``, ``tout``, ``declarer``, ``called``; ``partner`` once
      the Sau holder is known (None before, and always on a single game).
    * ``multiplier`` — 2 per Kontra/Re/Klopfen; ``settlement`` on the last
      frame.
    * ``revealed`` — the trick in which the called Sau fell and made the
      partner known, once it is on the table (None before, and where it never
      fell): as :attr:`replay.replay.Frame.revealed`.
    """

    step: int
    trick: int
    card: tuple[int, Card] | None
    hands: tuple[tuple[Card, ...], ...]
    trick_cards: tuple[tuple[int, Card], ...]
    winning: int | None
    trick_done: bool
    leader: int
    seat_points: tuple[int, ...]
    seat_tricks: tuple[int, ...]
    party_points: int | None
    opponent_points: int | None
    game: Game | None
    suit: Suit | None
    tout: bool
    declarer: int | None
    called: Card | None
    partner: int | None
    multiplier: int
    done: bool
    settlement: Settlement | None
    revealed: int | None = None


def sk_snapshot(g: SchafkopfState, step: int, last: tuple[int, Card] | None) -> SkFrame:
    """The frame of ``g`` as it stands (see :class:`SkFrame`)."""
    done = g.phase == SkPhase.DONE
    if g.trick:
        cards = tuple(g.trick)
        winning, trick_done, leader, trick_no = g.trick_winner(cards), False, g.leader, g.trick_no + 1
    elif g.tricks and step:
        leader, cards, winning = g.tricks[-1]
        trick_done, trick_no = True, len(g.tricks)
    else:
        cards, winning, trick_done, leader, trick_no = (), None, False, g.leader, 1
    sp = tuple(points_of(m) for m in g.taken)
    if g.declarer is not None:
        pp = sum(sp[s] for s in range(4) if g.in_party(s))
        op = sum(sp) - pp
    else:
        pp = op = None
    shown = g.partner_revealed if (g.partner is not None and g.partner_revealed is not None
                                   and g.partner_revealed <= trick_no) else None
    revealed = g.partner if g.partner is not None and (done or shown is not None) else None
    return SkFrame(
        step=step, trick=trick_no, card=last, hands=tuple(tuple(cards_in(h)) for h in g.hands), trick_cards=cards,
        winning=winning, trick_done=trick_done, leader=leader, seat_points=sp, seat_tricks=tuple(g.ntaken),
        party_points=pp, opponent_points=op, game=g.game, suit=g.suit, tout=g.tout, declarer=g.declarer,
        called=g.called, partner=revealed, multiplier=2 ** (g.doublings + len(g.klopfer)), done=done,
        settlement=g.settlement() if done else None, revealed=shown,
    )


def replay_schafkopf(state: SchafkopfState, actions: Iterable[SkAction]) -> Iterator[SkFrame]:
    """Apply ``actions`` and yield an :class:`SkFrame` before the first card
    and after every card.  Raises :class:`IllegalAction` at the first illegal
    action (frames already yielded stay valid)."""
    step = 0
    started = False
    for a in actions:
        if type(a) is Play:
            if not started:
                yield sk_snapshot(state, 0, None)
                started = True
            state.apply(a)
            step += 1
            yield sk_snapshot(state, step, (a.seat, a.card))
        else:
            state.apply(a)
    if not started:
        yield sk_snapshot(state, 0, None)
