"""What an SHN file says, as data: the contract between the reader
(``ingest.shn.reader``), the writer (``ingest.shn.writer``) and the validator
(``ingest.validate``), which replays a record through the engine.

A record holds only *recorded* facts, each with its position (1-based line and
column of the token that wrote it) and any ``{...}`` annotation attached to it.
Derived facts (the leader of a trick, the partner, the score) are not here;
the validator computes them.  ``read(write(h)) == h`` compares records with
:func:`facts`, which ignores positions.

Unknowns: a card written ``??`` is ``None``; a seat or number written ``?`` is a
:class:`Value` whose ``value`` is ``None``.  A statement left out is ``None``
(or an empty list).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Generic, TypeVar

from replay.cards import Card
from replay.errors import Diagnostic

__all__ = [
    "Pos",
    "Value",
    "CardsRec",
    "PlayRec",
    "TrickRec",
    "CallRec",
    "GiveRec",
    "MarkRec",
    "GameRec",
    "LaufendeRec",
    "ScoreRec",
    "SessionRec",
    "HandRecord",
    "ShnFile",
    "facts",
    "new_pos",
    "new_value",
    "ReadPlay",
    "PosRow",
    "OUTCOMES",
    "SK_GAMES",
    "SK_SUITS",
    "IN_GAMES",
    "IN_SUITS",
    "GAME_CALLS",
    "GAME_ALIASES",
    "GAME_SUITS",
]

T = TypeVar("T")

#: The outcome words of SHN (notation.md §3).
OUTCOMES = ("win", "lose", "win-s", "lose-s", "win-z", "lose-z")


@dataclass(slots=True)
class Pos:
    """1-based line and column of a token; 0/0 when made by a program."""

    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Value(Generic[T]):
    """A written value: ``value`` is None when written ``?``.

    ``agreed`` is the ``^`` mark (notation.md §3: a result the table agreed on
    although the cards say otherwise).  ``note`` is a ``{...}`` annotation that
    follows the statement.
    """

    value: T | None
    pos: Pos = field(default_factory=Pos)
    agreed: bool = False
    note: str | None = None


@dataclass(slots=True)
class CardsRec:
    """A list of cards from one statement (``deal``, ``blind``, ``bury``;
    ``table``: the stacks flattened, face-down card then face-up card).

    ``cards[i]`` is None for ``??``; ``card_pos[i]`` is where it was written.
    ``seat`` is the seat alias for ``deal`` lines, else None.
    """

    cards: list[Card | None]
    pos: Pos = field(default_factory=Pos)
    card_pos: list[Pos] = field(default_factory=list)
    seat: str | None = None
    note: str | None = None


@dataclass(slots=True)
class PlayRec:
    """One card played in a trick.

    ``renege`` is the ``^R`` prefix (a renege the table ruled on); ``suffix``
    is a move annotation ``! ? !! ?? !? ?!`` or ""; ``note`` a ``{...}`` right
    after the card.
    """

    card: Card | None
    pos: Pos = field(default_factory=Pos)
    renege: bool = False
    suffix: str = ""
    note: str | None = None


_new = object.__new__
_PLAY_POS = PlayRec.pos  # the slot of PlayRec.pos (a member descriptor)
_get_play_pos = _PLAY_POS.__get__
_set_play_pos = _PLAY_POS.__set__


class ReadPlay(PlayRec):
    """A :class:`PlayRec` as the reader makes it (issue 17: about 30 a hand):
    the position is kept as two ints, ``_line`` and ``_col``, and made a
    :class:`Pos` the first time ``pos`` is read (the engine reads a played
    card's position only to report it), so a played card costs one object,
    not two, and no ``__init__`` call: the reader sets the slots of an
    ``object.__new__(ReadPlay)`` directly (``card``, ``_line``, ``_col``,
    ``renege``, ``suffix``, ``note``).

    In every other respect a PlayRec: ``isinstance``, the dataclass fields,
    ``facts()``, and equal to the PlayRec of the same card, position and
    marks (either way round)."""

    __slots__ = ("_line", "_col")

    @property
    def pos(self) -> Pos:
        try:
            return _get_play_pos(self)
        except AttributeError:
            p = _new(Pos)
            p.line = self._line
            p.col = self._col
            _set_play_pos(self, p)
            return p

    @pos.setter
    def pos(self, value: Pos) -> None:
        _set_play_pos(self, value)

    def __eq__(self, other):
        if isinstance(other, PlayRec):
            return ((self.card, self.pos, self.renege, self.suffix, self.note)
                    == (other.card, other.pos, other.renege, other.suffix, other.note))
        return NotImplemented

    __hash__ = None  # as PlayRec's (a mutable dataclass)

    def __repr__(self) -> str:
        return (f"PlayRec(card={self.card!r}, pos={self.pos!r}, renege={self.renege!r}, suffix={self.suffix!r}, "
                f"note={self.note!r})")


class PosRow:
    """The positions of a statement's cards, all on one line (issue 17): the
    read-only sequence ``[Pos(line, c) for c in cols]``, whose :class:`Pos`
    objects are made when it is first indexed or iterated (the engine looks
    at a card's position only to report it), so a deal line of six cards
    costs one object here, not six.  ``len()``, indexing, slicing and
    iteration behave as on that list, and it is equal to it (and to another
    PosRow of the same positions).  The reader keeps ``CardsRec.card_pos`` of
    ``deal``, ``blind``, ``bury`` and ``share`` lines as a PosRow; a record
    built by a program keeps its list."""

    __slots__ = ("line", "cols", "_made")

    def __init__(self, line: int, cols: list[int]) -> None:
        self.line = line
        self.cols = cols
        self._made = None

    def _list(self) -> list[Pos]:
        made = self._made
        if made is None:
            line = self.line
            made = self._made = [Pos(line, c) for c in self.cols]
        return made

    def __len__(self) -> int:
        return len(self.cols)

    def __getitem__(self, i):
        return self._list()[i]

    def __iter__(self):
        return iter(self._list())

    def __eq__(self, other):
        if isinstance(other, PosRow):
            return self.line == other.line and self.cols == other.cols or self._list() == other._list()
        if isinstance(other, list):
            return self._list() == other
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self._list())


def new_pos(line: int, col: int) -> Pos:
    """``Pos(line, col)``, made without the dataclass ``__init__`` (a
    Python call per object; the reader makes dozens a hand)."""
    p = _new(Pos)
    p.line = line
    p.col = col
    return p


def new_value(value, line: int, col: int) -> Value:
    """``Value(value, Pos(line, col))``, made without the dataclass
    ``__init__`` calls (see :func:`new_pos`)."""
    p = _new(Pos)
    p.line = line
    p.col = col
    v = _new(Value)
    v.value = value
    v.pos = p
    v.agreed = False
    v.note = None
    return v


@dataclass(slots=True)
class TrickRec:
    """``tK S: c1 .. c5`` — trick ``number`` led by ``leader``."""

    number: int
    leader: str
    plays: list[PlayRec]
    pos: Pos = field(default_factory=Pos)
    leader_pos: Pos = field(default_factory=Pos)
    note: str | None = None

    @property
    def cards(self) -> list[Card | None]:
        """The played cards in order (None for ``??``): what the judge
        replays.  The reader's tricks (``ingest.shn.reader.ReadTrick``) keep
        this list itself and make ``plays`` only when read (issue 17)."""
        return [p.card for p in self.plays]

    @property
    def renege_at(self) -> tuple[int, ...]:
        """The indices in ``plays`` of the cards marked ``^R`` (a renege the
        table ruled on, rules.md B-23); empty for most tricks."""
        return tuple(i for i, p in enumerate(self.plays) if p.renege)


@dataclass(slots=True)
class CallRec:
    """``call c``, ``call c under u``.  ``under`` is the unknown card; it is
    ``None`` for a plain call, and ``has_under`` tells ``call AS under ??``
    (unknown under card) from a plain call."""

    card: Card | None
    under: Card | None = None
    has_under: bool = False
    pos: Pos = field(default_factory=Pos)
    card_pos: Pos = field(default_factory=Pos)
    under_pos: Pos = field(default_factory=Pos)
    note: str | None = None


@dataclass(slots=True)
class GiveRec:
    """``give S c back b`` (``wi6-7d-high``, rules.md F-1; issue 18): before
    the lead S passes the partner card ``card`` to the seat on S's left,
    which passes ``back`` (None for ``??``) in return."""

    seat: str | None
    card: Card | None
    back: Card | None = None
    pos: Pos = field(default_factory=Pos)
    card_pos: Pos = field(default_factory=Pos)
    back_pos: Pos = field(default_factory=Pos)
    note: str | None = None


@dataclass(slots=True)
class MarkRec:
    """``crack S``, ``recrack S``, ``castrate S``, ``blitz S black|red
    [jacks]``; in a Schafkopf hand (notation.md §14) ``klopfen S``, ``kontra S``
    and ``re S``.

    ``after`` is the number of cards played before a Kontra or Re
    (``kontra S after 1``); 0 when written without ``after`` (before the first
    card), and always 0 for the other marks."""

    kind: str  # "crack" | "recrack" | "castrate" | "blitz" | "klopfen" | "kontra" | "re"
    seat: str | None
    color: str | None = None  # "black" | "red" for a blitz
    pos: Pos = field(default_factory=Pos)
    note: str | None = None
    after: int = 0
    pair: str = "queens"  # a blitz's pair: "queens", or "jacks" (allowBlitz=queensAndJacks)
    late: bool = False  # `blitz S black late`: declared after the play (lateBlitz=on, rules.md E-5)


#: The games of ``game S NAME ...`` (notation.md §14; rules.md G-6..G-8; the Bettel, G-16, G-20: an optional
#: contract logged as a game type, real30 F4).
SK_GAMES = ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel")
#: Other names of a game word, read as the game: the Rufspiel is the Sauspiel (rules.md G-6 "Sauspiel /
#: Rufspiel"; NetSchafkopf's protocols say Rufspiel).  The reader and the sheet's game column both read them.
GAME_ALIASES = {"rufspiel": "sauspiel"}
#: The suit words of a Farbsolo, Farbwenz or Farbgeier (rules.md G-1), in the
#: engine's suit order (Eichel = clubs 0, Gras = spades 1, Herz = hearts 2,
#: Schellen = diamonds 3).
SK_SUITS = ("eichel", "gras", "herz", "schellen")
#: The declarations of the Indiana game (``[Rules "in4"]``; rules.md F-1,
#: docs/profiles.md "Indiana four-handed (F-5)").
IN_GAMES = ("ace", "best", "sidesolo", "billy")
#: The trump-suit words of an Indiana side solo, in the engine's suit order.
IN_SUITS = ("clubs", "spades", "hearts", "diamonds")
#: Games whose ``game`` statement names a card (the called Sau / ace).
GAME_CALLS = ("sauspiel", "ace")
#: Games whose ``game`` statement names a trump suit, and the suit words each reads.
GAME_SUITS = {"solo": SK_SUITS, "farbwenz": SK_SUITS, "farbgeier": SK_SUITS, "sidesolo": IN_SUITS}


@dataclass(slots=True)
class GameRec:
    """``game S sauspiel SAU``, ``game S solo SUIT [tout]``, ``game S wenz
    [tout]`` ... — the announced Schafkopf game (notation.md §14).

    ``seat`` is the declarer (None for ``?``); ``name`` one of
    :data:`SK_GAMES`; ``called`` the called Sau of a Sauspiel (a card, None
    for ``??``); ``suit`` the trump suit word of a Solo, Farbwenz or Farbgeier
    (one of :data:`SK_SUITS`); ``tout`` the ``tout`` word."""

    seat: str | None
    name: str
    called: Card | None = None
    suit: str | None = None
    tout: bool = False
    pos: Pos = field(default_factory=Pos)
    name_pos: Pos = field(default_factory=Pos)
    arg_pos: Pos = field(default_factory=Pos)
    note: str | None = None


@dataclass(slots=True)
class LaufendeRec:
    """``laufende N with|without`` (``laufende 0``): the counted Laufende of a
    Schafkopf game and whether the declaring party holds them (rules.md G-13).
    ``count`` None is ``?``; ``side`` is "with", "without", or None for 0 or ?."""

    count: int | None
    side: str | None = None
    pos: Pos = field(default_factory=Pos)
    agreed: bool = False
    note: str | None = None


@dataclass(slots=True)
class ScoreRec:
    """``score S ±n ...`` in the order written.  Each entry's ``agreed`` is the
    ``^`` mark; ``value`` None is ``?``."""

    entries: list[tuple[str, Value[int]]]
    pos: Pos = field(default_factory=Pos)
    note: str | None = None

    @property
    def written(self) -> tuple[list[str], list[int | None], bool]:
        """``(seats, units, agreed)``: the seat aliases in the order written,
        their units (None for ``?``) and whether any entry is marked ``^``;
        what the judge compares with the settlement.  The reader's score
        lines (``ingest.shn.reader.ReadScore``) keep this and make ``entries``
        only when read (issue 17)."""
        return ([a for a, _ in self.entries], [v.value for _, v in self.entries],
                any(v.agreed for _, v in self.entries))


@dataclass(slots=True)
class SessionRec:
    """The tags in force for the hands that follow (notation.md §3, Session).

    ``tags`` keeps the order written; ``tag_pos`` where each was written.
    ``id`` is the session id: the ``Session`` tag, else ``Event``/``Date``/
    ``Table`` joined with `` / ``.  ``raw`` keeps an identity tag's value as
    written where the reader stripped spaces at its ends (real23 F1, F3):
    :meth:`raw_id` is the id a file stored before that reading was given.
    """

    tags: dict[str, str]
    tag_pos: dict[str, Pos] = field(default_factory=dict)
    tag_notes: dict[str, str] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        if "Session" in self.tags:
            return self.tags["Session"]
        parts = [self.tags[k] for k in ("Event", "Date", "Table") if k in self.tags]
        return " / ".join(parts) if parts else "?"

    def raw_id(self) -> str | None:
        """The session id read with its tags' end spaces kept (as a file was
        stored before session 23), or None when no identity tag had any."""
        if not self.raw:
            return None
        return SessionRec({**self.tags, **self.raw}).id


@dataclass(slots=True)
class HandRecord:
    """One hand as written.  See the module docstring for unknowns.

    ``tags`` holds the tags written inside this hand (overrides for this hand
    alone); :meth:`tag` looks a tag up with the session's as fallback.
    ``errors`` holds the syntax errors found in this hand by lenient reading
    (the reader skipped to the next ``hand`` after the first of them).
    ``source`` is the exact text of the hand, from ``hand N`` up to the next
    ``hand`` (or session tags, or the end of the file), and ``line`` its first
    line in the file.
    """

    number: int
    session: SessionRec
    pos: Pos = field(default_factory=Pos)
    note: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    tag_pos: dict[str, Pos] = field(default_factory=dict)
    tag_notes: dict[str, str] = field(default_factory=dict)
    dealer: Value[str] | None = None
    deals: list[CardsRec] = field(default_factory=list)
    # h6-two (two-handed wi2, rules.md F-1): ``table S d/u d/u d/u d/u``, one per
    # seat; ``cards`` holds the stacks flattened (down, up, down, up, ...).
    tables: list[CardsRec] = field(default_factory=list)
    blind: CardsRec | None = None
    pick: Value[str] | None = None
    leaster: Value[str] | None = None  # value None: `leaster -` (a tie) ...
    leaster_tie: bool = False  # ... True when written `-`; `leaster ?` has value None, tie False
    doubler: Value[bool] | None = None
    stake: Value[int] | None = None
    bury: CardsRec | None = None
    call: CallRec | None = None
    alone: Value[bool] | None = None
    sheepshead: Value[bool] | None = None  # the picker called "sheepshead" (rules.md C-9)
    give: GiveRec | None = None  # wi6-7d-high: a partner card passed left (rules.md F-1; issue 18)
    marks: list[MarkRec] = field(default_factory=list)
    tricks: list[TrickRec] = field(default_factory=list)
    claim: Value[str] | None = None
    partner: Value[str] | None = None
    partner2: Value[str] | None = None  # a second partner (3v3, 3v5: docs/profiles.md)
    pts: Value[int] | None = None
    tricks_won: Value[int] | None = None
    outcome: Value[str] | None = None
    score: ScoreRec | None = None
    misdeal: Value[bool] | None = None
    potsplit: Value[bool] | None = None  # issue 18: the pot paid out in equal shares (pot=on, replay/pot.py)
    game: GameRec | None = None  # Schafkopf: the announced game
    ramsch: Value[bool] | None = None  # Schafkopf: nobody announced, a Ramsch was played
    thrown: Value[bool] | None = None  # Schafkopf: nobody announced and the deal was thrown in (rules.md G-4)
    laufende: LaufendeRec | None = None  # Schafkopf: the counted Laufende
    # issue 6, no-pick area (rules.md D): ``moster S``, ``mittler S``,
    # ``schneidster S``, ``schwanzer S`` (``nopick_game`` is the keyword;
    # ``nopick`` the seat, value None for ``?`` or, with ``nopick_tie``, ``-``);
    # ``blindtrick N`` (leasterBlind=namedTrick, D-3); ``pot N`` (the pot's
    # balance before the hand, D-19).
    nopick: Value[str] | None = None
    nopick_game: str | None = None
    nopick_tie: bool = False
    blind_trick: Value[int] | None = None
    pot: Value[int] | None = None
    # issue 18 (h18b): ``roll N``, the die roll (1..6) that names the partner in
    # ``wi7-die-roll`` (docs/profiles.md "Seven-handed: the die roll and going nuclear").
    roll: Value[int] | None = None
    # ``share c c`` (``wi7-shared-blind``): the blind cards the picker's neighbour takes.
    share: CardsRec | None = None
    # issue 18, the fox game logged as a label (rules.md F-6; [Rules "fox4"]):
    # ``tokens S n ...`` per seat, ``buck S`` (S took every trick), ``hunters S``
    # (S held the six fox hunters: an automatic 14).
    tokens: ScoreRec | None = None
    buck: Value[str] | None = None
    hunters: Value[str] | None = None
    # break24b F9: a `pick ?` read from a record that never said anybody picked (a sheet of nets with no Picker
    # column): the profile's no-pick game (a leaster) is a reading of its score too (notation.md §7)
    pick_unsaid: bool = False
    # a record read from a score sheet's row (CSV, XLSX): the sheet has no `stake N` / `pot N` to write, so a
    # W-SESSION-GAP's advice is said in the sheet's words (session 25)
    sheet_row: bool = False
    # a score sheet's bare result word (``W``, ``L``, ``won``, ``Won?`` ``yes``) beside units and no points, as written:
    # ``outcome`` is then ``win`` / ``lose`` naming only the side that won, the units giving the tier (README
    # "Results", rules.md B-28, B-33; verify30 F3); None when the outcome word names its tier
    outcome_side: str | None = None
    # a record whose seating was read from a sheet's column order, not confirmed by its dealers: where it came from
    # and how to give the real one, said by a refusal that depends on the seating (E-CRACK, E-PICK-ORDER; real27 F1)
    seating_from: str | None = None
    errors: list[Diagnostic] = field(default_factory=list)
    source: str = ""
    line: int = 0

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The tag in force for this hand: the hand's own, else the session's."""
        if name in self.tags:
            return self.tags[name]
        return self.session.tags.get(name, default)

    def tags_in_force(self) -> dict[str, str]:
        """Every tag in force for this hand, name -> text: the session's
        tags with the hand's own over them (``tags_in_force().get(name,
        default)`` is ``tag(name, default)``).  The session's own dict when
        the hand writes no tag (not a copy: read it, do not change it)."""
        own = self.tags
        return {**self.session.tags, **own} if own else self.session.tags

    @property
    def session_id(self) -> str:
        return self.session.id

    @property
    def seats(self) -> list[tuple[str, str]]:
        """(alias, player name) in clockwise order from the ``Seats`` tag."""
        text = self.tag("Seats") or ""
        out = []
        for part in text.split(";"):
            part = part.strip()
            if not part:
                continue
            alias, _, name = part.partition("=")
            out.append((alias.strip(), name.strip() or alias.strip()))
        return out


@dataclass(slots=True)
class ShnFile:
    """A whole file: its hands in order, and errors found outside any hand;
    ``voided_sessions``: the sessions written with no hand and a
    ``[_Voided]`` tag (a session voided whole, as ``shead export`` writes
    it)."""

    hands: list[HandRecord]
    errors: list[Diagnostic] = field(default_factory=list)
    version: str = "1.0"
    path: str | None = None
    voided_sessions: list[SessionRec] = field(default_factory=list)


def facts(obj):
    """The recorded facts of a record as plain, comparable data: positions,
    errors and source text dropped.  ``facts(read(write(h))) == facts(h)`` is
    the round-trip property of notation.md §1."""
    if isinstance(obj, (Pos,)):
        return None
    if isinstance(obj, Card):
        return str(obj)
    if is_dataclass(obj):
        out = {}
        for f in fields(obj):
            if f.name in ("pos", "card_pos", "leader_pos", "under_pos", "tag_pos", "errors", "source", "line",
                          "name_pos", "arg_pos", "back_pos", "raw"):
                continue
            out[f.name] = facts(getattr(obj, f.name))
        return out
    if isinstance(obj, dict):
        return {k: facts(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [facts(v) for v in obj]
    return obj
