"""Hypothesis strategies for SHN records (ingest.shn.record).

:func:`hand_records` and :func:`shn_files` build random but syntactically valid
records, shaped as the reader produces them (docs/notation.md §10):

* seat aliases are valid (``is_alias``); when a ``Seats`` tag is in force every
  seat written is one of its aliases;
* deal lines are in the order of the Seats in force (any order without a
  Seats tag), tricks in number order, each trick number and deal seat once;
* annotations hold no ``}`` or line break and no leading/trailing whitespace;
  tag values hold no line break; no lone surrogates anywhere;
* ``^`` (agreed) only on a known number; ``leaster -`` has no seat;
  ``has_under`` is False when there is no under card.

Positions are left at 0/0: :func:`ingest.shn.record.facts` ignores them.
"""

from __future__ import annotations

import unicodedata
from hypothesis import strategies as st

from ingest.shn.reader import GERMAN_SPELLINGS, SUFFIXES, is_alias
from ingest.shn.record import (
    OUTCOMES,
    CallRec,
    SK_GAMES,
    SK_SUITS,
    CardsRec,
    GameRec,
    HandRecord,
    LaufendeRec,
    MarkRec,
    PlayRec,
    ScoreRec,
    SessionRec,
    ShnFile,
    TrickRec,
    Value,
)
from replay.cards import Card

__all__ = ["aliases", "notes", "tag_values", "sessions", "hand_records", "shn_files", "cards"]

_LINE_TEXT = st.characters(blacklist_categories=("Cs",), blacklist_characters="\n")

#: A seat alias: ASCII or with a non-ASCII letter, never a keyword or card —
#: French or German (a record may carry [Cards "de"], under which a German
#: card spelling such as ``Ha`` is refused as an alias: docs/notation.md §5).
aliases = st.one_of(
    st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,6}", fullmatch=True),
    st.sampled_from(["Jürgen", "Zoë", "Øyvind", "Al2", "_x"]),
).filter(lambda a: is_alias(a) and a not in GERMAN_SPELLINGS)

def _read_as_written(text: str) -> bool:
    """A text the reader gives back as it is: in NFC (the reader reads every
    text in NFC, ingest.unicode_text) and not starting with a combining mark,
    which would combine with the character written before it (``=`` and
    U+0338 read as ``≠``)."""
    return unicodedata.is_normalized("NFC", text) and not (text and unicodedata.combining(text[0]))


#: An annotation text (docs/notation.md §8).
notes = st.text(_LINE_TEXT.filter(lambda c: c != "}"), max_size=12).map(str.strip).filter(_read_as_written)
opt_notes = st.none() | notes

#: A tag value: anything on one line, quotes and backslashes included.
tag_values = st.text(_LINE_TEXT, max_size=16).filter(_read_as_written)
#: The value of an identity tag (Session, Event, Site, Date, Table): read without white space at its ends (session
#: 23, real23 F1; a no-break space too, real23b F5: ``str.strip``), so one that round-trips has none.
_IDENTITY = ("Session", "Event", "Site", "Date", "Table")
#: A phone's typographic apostrophes and inner curly quotes are read as the ASCII marks in an identity tag
#: (newuser34 F1, docs/notation.md §4.1), so one that round-trips has none.
_TYPOGRAPHIC = frozenset("\u2019\u2018\u02bc\u2032\u201c\u201d")
id_tag_values = tag_values.map(str.strip).filter(_read_as_written).filter(lambda v: not _TYPOGRAPHIC & set(v))


def _value(name: str):
    return id_tag_values if name in _IDENTITY else tag_values

cards = st.sampled_from(list(Card))
card_or_unknown = st.one_of(st.none(), cards)


@st.composite
def sessions(draw, with_session_tag: bool = False) -> SessionRec:
    """A session: maybe a Seats tag, maybe roster and user tags, maybe
    annotations on them.  ``with_session_tag`` forces a Session tag."""
    tags: dict[str, str] = {}
    if with_session_tag or draw(st.booleans()):
        tags["Session"] = draw(id_tag_values)
    seat_list = draw(st.lists(aliases, min_size=3, max_size=6, unique=True))
    if draw(st.integers(0, 3)):
        # a name each seat of its own (one person in two chairs is refused, E-SEATS): none, or one made from its alias
        names = [draw(st.sampled_from(["", "Ann Lee ", "Bob "])) for _ in seat_list]
        tags["Seats"] = "; ".join(f"{a}={n}{a}" if n else a for a, n in zip(seat_list, names))
    for name in draw(st.lists(st.sampled_from(["Event", "Site", "Date", "Table", "Rules", "Round", "_note", "_z9"]),
                              unique=True, max_size=4)):
        tags[name] = draw(_value(name))
    if draw(st.integers(0, 2)) == 0:  # the card scheme (docs/notation.md §14.1)
        tags["Cards"] = draw(st.sampled_from(["de", "fr"]))
    tag_notes = {k: draw(notes) for k in tags if draw(st.integers(0, 4)) == 0}
    return SessionRec(tags, tag_notes=tag_notes)


def _seats_of(text: str) -> list[str]:
    return [part.split("=")[0].strip() for part in text.split(";") if part.strip()]


@st.composite
def hand_records(draw, session: SessionRec | None = None, number: int | None = None) -> HandRecord:
    """A random hand of ``session`` (drawn when None)."""
    sess = session if session is not None else draw(sessions())
    num = number if number is not None else draw(st.integers(1, 10**6))
    hand_tags: dict[str, str] = {}
    if "Seats" in sess.tags and draw(st.integers(0, 5)) == 0:
        # a Seats override for this hand alone: the same aliases, another order
        seat_list = draw(st.permutations(_seats_of(sess.tags["Seats"])))
        hand_tags["Seats"] = "; ".join(seat_list)
    for name in draw(st.lists(st.sampled_from(["Table", "Date", "_note", "_who"]), unique=True, max_size=2)):
        hand_tags[name] = draw(_value(name))
    if draw(st.integers(0, 5)) == 0:
        hand_tags["Cards"] = draw(st.sampled_from(["de", "fr"]))
    seats_text = hand_tags.get("Seats", sess.tags.get("Seats"))
    if seats_text is not None:
        seats = _seats_of(seats_text)
    else:  # no Seats tag: any aliases
        seats = draw(st.lists(aliases, min_size=3, max_size=6, unique=True))
    seat = st.sampled_from(seats)
    opt_seat = st.one_of(st.none(), seat)
    h = HandRecord(num, sess, note=draw(opt_notes), tags=hand_tags,
                   tag_notes={k: draw(notes) for k in hand_tags if draw(st.integers(0, 3)) == 0})

    def val(strategy):
        return Value(draw(strategy), note=draw(opt_notes))

    if draw(st.booleans()):
        h.dealer = val(opt_seat)
    full = draw(st.booleans())
    if full:
        dealt = draw(st.lists(seat, unique=True, max_size=len(seats)))
        if seats_text is not None:
            dealt.sort(key=seats.index)
        h.deals = [CardsRec(draw(st.lists(card_or_unknown, min_size=1, max_size=8)), seat=s, note=draw(opt_notes))
                   for s in dealt]
        if draw(st.integers(0, 3)) == 0:  # two-handed table stacks, down/up pairs (docs/notation.md §6)
            tabled = draw(st.lists(seat, unique=True, max_size=len(seats)))
            if seats_text is not None:
                tabled.sort(key=seats.index)
            h.tables = [CardsRec([c for pair in draw(st.lists(st.tuples(card_or_unknown, card_or_unknown), min_size=1,
                                                               max_size=4)) for c in pair], seat=s, note=draw(opt_notes))
                        for s in tabled]
        if draw(st.booleans()):
            h.blind = CardsRec(draw(st.lists(card_or_unknown, min_size=1, max_size=3)), note=draw(opt_notes))
        if draw(st.booleans()):
            h.bury = CardsRec(draw(st.lists(card_or_unknown, min_size=1, max_size=3)), note=draw(opt_notes))
        numbers = sorted(draw(st.lists(st.integers(1, 99), unique=True, max_size=7)))
        for k in numbers:
            plays = [PlayRec(draw(card_or_unknown), renege=draw(st.integers(0, 6)) == 0,
                             suffix=draw(st.sampled_from(("",) * 6 + SUFFIXES)), note=draw(st.none() | st.none() | notes))
                     for _ in range(draw(st.integers(1, 6)))]
            h.tricks.append(TrickRec(k, draw(seat), plays, note=draw(st.none() | st.none() | notes)))
    kind = draw(st.sampled_from(["pick", "leaster", "doubler", "misdeal", "none", "game", "ramsch", "potsplit"]))
    if kind == "game":  # Schafkopf (docs/notation.md §14.3)
        name = draw(st.sampled_from(SK_GAMES))
        h.game = GameRec(draw(opt_seat), name, note=draw(opt_notes), tout=draw(st.booleans()))
        if name == "sauspiel":
            h.game.called = draw(card_or_unknown)
        elif name in ("solo", "farbwenz", "farbgeier"):
            h.game.suit = draw(st.sampled_from(SK_SUITS))
    elif kind == "ramsch":
        h.ramsch = Value(True, note=draw(opt_notes))
    if draw(st.integers(0, 3)) == 0:
        count = draw(st.one_of(st.none(), st.integers(0, 14)))
        h.laufende = LaufendeRec(count, draw(st.sampled_from(["with", "without"])) if count else None,
                                 agreed=count is not None and draw(st.booleans()), note=draw(opt_notes))
    if kind == "pick":
        h.pick = val(opt_seat)
    elif kind == "leaster":
        tie = draw(st.booleans())
        h.leaster = Value(None if tie else draw(opt_seat), note=draw(opt_notes))
        h.leaster_tie = tie
    elif kind == "doubler":
        h.doubler = Value(True, note=draw(opt_notes))
    elif kind == "misdeal":
        h.misdeal = Value(True, note=draw(opt_notes))
    elif kind == "potsplit":  # issue 18: the pot split (docs/notation.md §6)
        h.potsplit = Value(True, note=draw(opt_notes))
    if draw(st.integers(0, 3)) == 0:
        h.stake = val(st.one_of(st.none(), st.integers(1, 10**6)))
    if draw(st.booleans()):
        under = draw(st.booleans())
        h.call = CallRec(draw(card_or_unknown), draw(card_or_unknown) if under else None, under, note=draw(opt_notes))
    if draw(st.integers(0, 3)) == 0:
        h.alone = Value(True, note=draw(opt_notes))
    if draw(st.integers(0, 5)) == 0:  # house rules (h6-house): rules.md C-9
        h.sheepshead = Value(True, note=draw(opt_notes))
    for _ in range(draw(st.integers(0, 3))):
        k = draw(st.sampled_from(["crack", "recrack", "castrate", "blitz", "klopfen", "kontra", "re"]))
        after = draw(st.integers(0, 32)) if k in ("kontra", "re") and draw(st.booleans()) else 0
        pair = draw(st.sampled_from(["queens", "jacks"])) if k == "blitz" else "queens"  # rules.md E-4, E-5
        h.marks.append(MarkRec(k, draw(opt_seat), draw(st.sampled_from(["black", "red"])) if k == "blitz" else None,
                               note=draw(opt_notes), after=after, pair=pair))
    if draw(st.integers(0, 4)) == 0:
        h.claim = val(opt_seat)
    if draw(st.booleans()):
        h.partner = val(opt_seat)

    def number(lo, hi):
        v = draw(st.one_of(st.none(), st.integers(lo, hi)))
        return Value(v, agreed=v is not None and draw(st.booleans()), note=draw(opt_notes))

    if draw(st.booleans()):
        h.pts = number(0, 120)
    if draw(st.booleans()):
        h.tricks_won = number(0, 10**6)
    if draw(st.booleans()):
        h.outcome = Value(draw(st.sampled_from(OUTCOMES)), note=draw(opt_notes))
    if draw(st.booleans()):
        entries = []
        for s in draw(st.lists(seat, unique=True, min_size=1, max_size=len(seats))):
            entries.append((s, number(-(10**6), 10**6)))
        h.score = ScoreRec(entries, note=draw(opt_notes))
    return h


@st.composite
def shn_files(draw, max_sessions: int = 3, max_hands: int = 4) -> ShnFile:
    """A file of 1..max_sessions sessions (every later one with a Session
    tag), each with 1..max_hands hands numbered in increasing order (a
    session written again numbered on after its hands above)."""
    hands = []
    tops: dict[str, int] = {}
    days: dict[str, str] = {}
    rules: dict[str, str] = {}
    for k in range(draw(st.integers(1, max_sessions))):
        sess = draw(sessions(with_session_tag=k > 0))
        numbers = sorted(draw(st.lists(st.integers(1, 10**6), unique=True, min_size=1, max_size=max_hands)))
        if sess.id in tops:  # a session written again numbers on after its hands above (numbered anew, refused)
            numbers = [tops[sess.id] + n for n in numbers]
            if "Date" not in sess.tags and sess.id in days:  # and without a [Date] goes on from the night above
                sess.tags["Date"] = days[sess.id]          # (docs/notation.md §4.2; break21 F1)
        if "Date" in sess.tags:
            days[sess.id] = sess.tags["Date"]
        if "Rules" not in sess.tags and sess.id in tops and sess.id in rules:
            # a session written again without [Rules] keeps the [Rules] its blocks above wrote, even an empty one
            # (docs/notation.md §4.2; break33 F1), as [Date] above
            sess.tags["Rules"] = rules[sess.id]
        if hands and "Rules" not in sess.tags and hands[-1].session.tags.get("Rules", "").strip():
            # a later block keeps the house rules above it: one without [Rules] falls back to the default profile,
            # which the reader warns of (W-RULES-DEFAULT, break24 F2), and these files are read without a word
            sess.tags["Rules"] = hands[-1].session.tags["Rules"]
        if "Rules" in sess.tags:
            rules[sess.id] = sess.tags["Rules"]
        tops[sess.id] = numbers[-1]
        hands += [draw(hand_records(sess, n)) for n in numbers]
    return ShnFile(hands)
