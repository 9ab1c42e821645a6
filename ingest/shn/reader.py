"""Read SHN 1.0 text into records.

Public API::

    read(text: str, path: str | None = None, strict: bool = False) -> ShnFile
    read_file(path: str | os.PathLike, strict: bool = False) -> ShnFile

The grammar is docs/notation.md §2-§8 (the project's specification of the
design brief's normative core, notation.md §3).  The result is the data model
of :mod:`ingest.shn.record`: one :class:`HandRecord` per ``hand`` keyword,
holding only what was written, each fact with its 1-based line and column.

Errors (docs/notation.md §11):

* **lenient** (default) — a syntax error inside a hand is appended to that
  hand's ``errors`` and the reader skips to the next ``hand`` keyword or
  ``[Session]`` tag (the hand is still returned, with what was read before
  the error).  An error outside any hand goes to ``ShnFile.errors`` and the
  reader skips the rest of that line; every hand of a session whose tags (or
  the file header) had an error also gets an ``E-SESSION`` error.  Nothing is
  raised, whatever the input.
* **strict** — the first error raises :class:`~ingest.shn.errors.ShnSyntaxError`
  (a :class:`~replay.errors.ShedError`).

Cards are read in the scheme of the ``[Cards]`` tag in force
(docs/notation.md §14): French (``QC``, ``TD``; the default) or German
(``[Cards "de"]``: ``EO``, ``SZ``); a card of the other scheme is
``E-CARD-MODE``.  The Schafkopf statements (``game``, ``ramsch``,
``klopfen``, ``kontra``, ``re``, ``laufende``) are read into the same
:class:`HandRecord`.

The reader checks syntax only: whether a deal holds six cards, a trick five,
or whether the score sums to zero is the validator's business (it replays the
record through the engine, rules.md B-17..B-35).

Speed: one ``str.split`` per line (annotations are cut out with
``str.find``), dict look-ups for keywords, cards and numbers, positions found
with ``str.find``, no per-character loop; a regular expression tokenizes only
the lines that hold a tag.  The cyclic garbage collector is paused while the
records are built (they hold no cycles).  The records of the hot statements
are made with ``object.__new__`` and their slots set, never through a
dataclass ``__init__`` (a Python call per object).  A line that is one
plain ``tK``, ``deal``, ``blind``, ``bury``, ``share`` or ``score``
statement (plain cards, or seats and whole numbers) is read by the fast
path (:data:`_FAST`: its cards in one ``map`` over the card spellings)
without the statement loop, into one record that keeps the card codes (or
the seats and units) and the line, whose positions are found on the line
when first read (:class:`ReadTrick`, :class:`ReadCards`,
:class:`ReadScore`; issue 17: two objects a trick line instead of ten); any
other line, and any line the fast path declines, is read by the statement
loop, which gives every diagnostic.  The judge replays ``TrickRec.cards``
and ``ScoreRec.written`` and reads a position only to report it.
``benchmarks/bench_reader.py`` measures it.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import fields
from itertools import product

from replay.cards import C6, S6, Card
from replay.errors import Diagnostic, did_you_mean

from .errors import ShnSyntaxError
from .partner_statements import s_give
from ..unicode_text import PLAIN_MARKS, nfc, nfc_pieces, plain_name
from .record import (
    GAME_CALLS,
    GAME_ALIASES,
    GAME_SUITS,
    IN_GAMES,
    SK_GAMES,
    CallRec,
    CardsRec,
    GameRec,
    LaufendeRec,
    HandRecord,
    MarkRec,
    PlayRec,
    Pos,
    PosRow,
    ReadPlay,
    ScoreRec,
    SessionRec,
    ShnFile,
    TrickRec,
    Value,
    new_pos,
    new_value,
)

__all__ = [
    "read",
    "read_file",
    "KEYWORDS",
    "RESERVED",
    "CARD_SPELLINGS",
    "GERMAN_SPELLINGS",
    "CARD_MODES",
    "SUFFIXES",
    "is_alias",
    "parse_seats",
    "seats_expected",
    "TAG_NAME",
]

# ---------------------------------------------------------------------------
# Lexicon (docs/notation.md §2, §5, §6)

#: Statement keywords (docs/notation.md §6); trick heads ``t1``, ``t2`` ... are
#: keywords too.
KEYWORDS = frozenset(
    "hand dealer deal blind pick leaster doubler stake crack recrack castrate blitz bury call alone sheepshead "
    "partner claim pts tricks score misdeal win lose win-s lose-s win-z lose-z "
    "game ramsch thrown klopfen kontra re laufende "
    "moster mittler schneidster schwanzer blindtrick pot table give roll share tokens buck hunters potsplit".split()
)
#: What score sheets write for an outcome, and SHN's word for it (a hint of E-STATEMENT, never read as one).
_RESULT_WORDS = {"won": "win", "wins": "win", "winner": "win", "w": "win", "lost": "lose", "loses": "lose",
                 "loss": "lose", "l": "lose",
                 # a German scorer's (real30 F4): 'pts 72  gewonnen'
                 "gewonnen": "win", "gewinnt": "win", "verloren": "lose", "verliert": "lose"}
#: Words that are not statements but may never be seat aliases either.
RESERVED = KEYWORDS | {"under", "black", "red", "queens", "jacks", "after", "with", "without", "tout"}

#: Move suffixes on a played card (notation.md §3, "Cards").
SUFFIXES = ("!", "?", "!!", "??", "!?", "?!")

#: The errors reported on one line before the next is ``E-TOO-MANY`` and the
#: rest of the line is not read (docs/notation.md §11).
MAX_LINE_ERRORS = 100

#: The largest hand number: the store keeps hand numbers as INTEGER.
MAX_HAND = 2**31 - 1

#: A tag name: letters, digits and ``_``, not starting with a digit.
TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

_RANK_SPELL = {"A": 0, "T": 1, "10": 1, "K": 2, "Q": 3, "J": 4, "9": 5, "8": 6, "7": 7}
_SUIT_SPELL = {"C": 0, "♣": 0, "♧": 0, "S": 1, "♠": 1, "♤": 1, "H": 2, "♥": 2, "♡": 2, "\u2764": 2, "D": 3, "♦": 3,
               "♢": 3}  # U+2764 ❤: a phone's emoji keyboard's red heart (with U+FE0F: ❤️), the hearts (sheet18 F7)
# a phone's emoji keyboard writes a suit with U+FE0F after it (♠️): the same suit (a tester's finding)
_SUIT_SPELL.update({k + "\ufe0f": v for k, v in list(_SUIT_SPELL.items()) if not k.isascii()})


def _german(card: Card) -> str:
    from replay.schafkopf import german  # noqa: PLC0415 - the engine's German spelling

    return german(card)


def _case_variants(word: str) -> set[str]:
    return {"".join(p) for p in product(*[(ch.lower(), ch.upper()) if ch.lower() != ch.upper() else (ch,) for ch in word])}


#: Every accepted spelling of a card (any case, ``10`` for ``T``, suit symbols)
#: mapped to the card; ``??`` maps to None (an unknown card).
CARD_SPELLINGS: dict[str, Card | None] = {"??": None}
for _r, _ri in _RANK_SPELL.items():
    for _s, _si in _SUIT_SPELL.items():
        for _v in _case_variants(_r + _s):
            CARD_SPELLINGS[_v] = Card(_si * 8 + _ri)
for _v, _six in (("6C", C6), ("6c", C6), ("6♣", C6), ("6♧", C6), ("6♣\ufe0f", C6), ("6S", S6), ("6s", S6),
                 ("6♠", S6), ("6♤", S6), ("6♠\ufe0f", S6)):
    CARD_SPELLINGS[_v] = _six  # the 34-card deck (issue 18, rules.md F-1)

_PLAYED = re.compile(r"(\^R)?(\?\?|(?:10|[AaKkQqJjTt987])(?:[CcSsHhDd]|[♣♠♥♦♧♤♡♢\u2764]\ufe0f?)|6(?:[CcSs]|[♣♠♧♤]\ufe0f?))"
                     r"(!!|\?\?|!\?|\?!|!|\?)?")

#: German card spellings of ``[Cards "de"]`` (docs/notation.md §14): the
#: suit letter E (Eichel), G (Gras), H (Herz), S (Schellen), then the rank
#: A (Sau), Z or 10 (Zehn), K (König), O (Ober), U (Unter), 9, 8, 7; any case;
#: ``??`` is an unknown card.  Mapped onto the engine's cards through the
#: Schafkopf mapping of :mod:`replay.schafkopf` (Eichel → clubs, Gras →
#: spades, Herz → hearts, Schellen → diamonds; Ober → Q, Unter → J).  A
#: German spelling starts with E G H S and a French one with a rank
#: (A K Q J T 1 9 8 7), so no token is a card in both schemes.
GERMAN_SPELLINGS: dict[str, Card | None] = {"??": None}
_DE_RANK = {"A": 0, "Z": 1, "10": 1, "K": 2, "O": 3, "U": 4, "9": 5, "8": 6, "7": 7}
_DE_SUIT = {"E": 0, "G": 1, "H": 2, "S": 3}
for _r, _ri in _DE_RANK.items():
    for _s, _si in _DE_SUIT.items():
        for _v in _case_variants(_s + _r):
            GERMAN_SPELLINGS[_v] = Card(_si * 8 + _ri)
_PLAYED_DE = re.compile(r"(\^R)?(\?\?|[EeGgHhSs](?:10|[AaZzKkOoUu987]))(!!|\?\?|!\?|\?!|!|\?)?")
#: The card modes of the ``[Cards]`` tag: spellings and the played-card pattern.
CARD_MODES = {"fr": (CARD_SPELLINGS, _PLAYED), "de": (GERMAN_SPELLINGS, _PLAYED_DE)}
_ALIAS = re.compile(r"[^\W\d]\w*")
_TRICK_WORD = re.compile(r"[tT][0-9]+")
_UINT_RE = re.compile(r"0|[1-9][0-9]*")
_SINT_RE = re.compile(r"[+\-\u2212\u2013\u2014]?(?:0|[1-9][0-9]*)")
_HEADER = re.compile(r"%SHN[ \t]+(\S+)[ \t\r]*(?:;.*)?")
#: What follows '%SHN 1.0' on line 1 when the line ends were stripped: a tag or a hand line (E-HEADER's hint)
_RUN_ON = re.compile(r"[ \t]*(?:\[[A-Za-z]|hand[ \t]+\d)")
#: a ``hand N`` statement on line 1 after the header (verify33 F3: the stripped-line-ends hint only then)
_HAND_RUN_ON = re.compile(r"(?:^|[\s\]}])hand[ \t]+\d")
#: a '%SHN 1.0' header with text after it on its line (fixb30 F1): past line 1, read as a header and the text refused
_HEADER_TEXT = re.compile(r"%SHN[ \t]+1\.0(?=[ \t\[{])")
#: a later header's start: '%SHN' and its version, a word (docs/notation.md §2.2: it ends at whitespace, '{', '[', ';')
_HEADER_AGAIN = re.compile(r"%SHN(?:[ \t]+([^\s{\[;]+))?")
_TAG = re.compile(r'\[[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]+"((?:[^"\\]|\\.)*)"[ \t]*\]')
#: A tag whose value a phone's smart punctuation wrapped in curly quotes (“…”, „…“, ”…”): read, with a warning.
_TAG_CURLY = re.compile('\\[[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]+[\u201c\u201d\u201e"]([^\u201c\u201d\u201e"\\\\]*)'
                        '[\u201c\u201d"][ \t]*\\]')
_TAG_OPEN_QUOTE = re.compile(r'\[[^"]*"(?:[^"\\]|\\.)*')
_UNESCAPE = re.compile(r"\\(.)")
_SESSION_TAG = re.compile(r"\[[ \t]*Session[ \t]")
_SURROGATE = re.compile("[\ud800-\udfff]")
#: The tags shead reads (docs/notation.md §4.1); any other is kept as written.
_KNOWN_TAGS = frozenset({"Session", "Event", "Site", "Date", "Table", "Seats", "Rules", "Cards"})
_TRIMMED_TAGS = frozenset({"Session", "Event", "Site", "Date", "Table"})  # read without spaces at their ends
#: newuser34 F1: a phone's smart punctuation inside an identity tag's value (``[Event "Schultz’s Tuesday"]``) is read
#: as the ASCII mark, so that the night typed on a phone is the night typed on a keyboard (docs/notation.md §4.1)
_PLAIN_MARKS = PLAIN_MARKS  # one table of the marks (ingest.unicode_text), the store folds them alike
#: the tags that name a night (a session's id, docs/notation.md §4.2): one written below a hand's statements with
#: another value than its session's is E-TAG-LATE (real22 F4)
_NIGHT_TAGS = frozenset({"Event", "Date", "Table"})
#: the W-TAG-LATE warnings a file says each; the rest in one (as W-CSV-EXTRA)
TAG_LATE_SAID = 5
#: the tags a new night's [Session] block writes again (docs/notation.md §4.2: it starts with no tags), in this order
_ROSTER_ORDER = ("Event", "Site", "Date", "Table", "Seats", "Rules", "Cards")
_ROSTER_TAGS = frozenset(_ROSTER_ORDER)
#: The tokenizer for lines holding a tag ``[`` (other lines are split with
#: ``str.split``).  Whitespace is what ``str.isspace`` says (LF never reaches
#: it); a word ends at whitespace or at ``{ [ ;``.
_SLOW_TOKEN = re.compile(r'\{[^}]*\}?|\[(?:[^\]"]|"(?:[^"\\]|\\.)*"?)*\]?|;.*|[^\s{\[;]+')

_UINT = {str(k): k for k in range(0, 1001)}

#: Digits kept of a written number: a longer one reads as +/- 10**18, out of
#: every range the reader and the judge enforce, so it is reported at its
#: column like any other number out of range (Python refuses to convert
#: numbers of more than 4,300 digits, and a long conversion is quadratic).
_MAX_DIGITS = 18
_HUGE = 10 ** _MAX_DIGITS


def _to_int(body: str) -> int:
    """The value of a checked decimal number (optional sign ``+ - \u2212``);
    beyond :data:`_MAX_DIGITS` digits, +/- 10**18."""
    neg = body[:1] in ("-", "\u2212", "\u2013", "\u2014")
    digits = body.lstrip("+-\u2212\u2013\u2014")
    v = int(digits) if len(digits) <= _MAX_DIGITS else _HUGE
    return -v if neg else v
_SINT: dict[str, int] = {}
for _k in range(0, 501):
    _SINT[str(_k)] = _k
    _SINT["+" + str(_k)] = _k
    _SINT["-" + str(_k)] = -_k
    _SINT["\u2212" + str(_k)] = -_k
    _SINT["\u2013" + str(_k)] = -_k  # an en dash, as a phone or a word processor writes a minus
    _SINT["\u2014" + str(_k)] = -_k  # an em dash (a phone's "--")

_MISS = object()
#: Records are made with ``object.__new__`` and their slots set (issue 17):
#: a dataclass ``__init__`` is a Python call per object, and a hand makes
#: about 60 positions and 30 played cards.
_new = object.__new__


def is_alias(word: str) -> bool:
    """True when ``word`` may be a seat alias (docs/notation.md §5): a letter
    or ``_`` then letters, digits or ``_``; not a keyword or reserved word,
    not a trick head ``tK``, in any case; and not a card spelling (notation.md
    §3, "Seats": an alias is never a keyword and never looks like a card)."""
    if _ALIAS.fullmatch(word) is None:
        return False
    low = word.lower()
    if low in RESERVED or _TRICK_WORD.fullmatch(word) is not None:
        return False
    return word not in CARD_SPELLINGS


def parse_seats(value: str) -> list[tuple[str, str]]:
    """The ``(alias, name)`` pairs of a ``Seats`` tag value, clockwise.

    ``"Al=Allen Braun; Bea=Bea Schmidt"`` gives ``[("Al", "Allen Braun"),
    ("Bea", "Bea Schmidt")]``; a part without ``=`` is an alias whose name is
    the alias; empty parts are ignored.  Raises ``ValueError`` with the reason
    for no seat, a bad alias, a duplicate alias or a name given to two seats
    (docs/notation.md §5).
    """
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for part in value.split(";"):
        part = part.strip()
        if not part:
            continue
        alias, _, name = part.partition("=")
        alias = alias.strip()
        name = plain_name(name) or alias  # a no-break space, two spaces, a zero-width space: one name (break22 F2)
        if not is_alias(alias):
            raise ValueError(f"the alias {alias!r} is not a seat alias (a letter then letters or digits; "
                             "never a keyword, a trick head or a card)")
        if alias in seen:
            raise ValueError(f"the alias {alias!r} is listed twice")
        other = next((a for a, n in out if n == name), None)
        if other is not None:  # one person in two chairs: the ledger merged them (break18 F6)
            raise ValueError(f"the name {name!r} is given to two seats ({other} and {alias}); each seat is one "
                             "player (two players of one name: write them apart, e.g. Mike S, Mike T)")
        seen.add(alias)
        out.append((alias, name))
    if not out:
        raise ValueError("no seat is listed")
    return out


def seats_expected(value: str) -> str:
    """What a ``Seats`` value that :func:`parse_seats` refused should be,
    for the end of its message: ``expected "Alias=Name; Alias=Name; ..."
    clockwise``; for names parted by commas (no ``;``: ``Hank Vogel, Ida
    Pruett, ...``) it says so first and gives the line to write, each name's
    first word its alias, when that line reads (``e.g. Hank=Hank Vogel;
    Ida=Ida Pruett; ...``) (docs/notation.md §5; newuser30 F6: the Log a hand
    form said only that the whole line was no alias)."""
    out = 'expected "Alias=Name; Alias=Name; ..." clockwise'
    if "," not in value or ";" in value:
        return out
    parts = [p.strip() for p in value.split(",") if p.strip()]
    seats = []
    for p in parts:
        alias = p.partition("=")[0].strip() if "=" in p else p.split()[0]
        seats.append(p if "=" in p or alias == p else f"{alias}={p}")
    line = "; ".join(seats)
    try:
        parse_seats(line)
    except ValueError:
        line = ""
    return "seats are separated by ';', not ',': " + out + (f", e.g. {line}" if line else "")


# ---------------------------------------------------------------------------
# Tokens (docs/notation.md §2)
#
# A line is split into tokens: words (separated by whitespace; a word also
# ends at ``{``, ``[`` and ``;``), annotations ``{...}``, tags ``[...]``; a
# ``;`` outside an annotation or tag drops the rest of the line.  Token
# columns are not computed here: a statement finds each token it stores with
# ``str.find`` from the end of the previous one (only whitespace lies between),
# and an error finds its column by walking the tokens from the line start.


def _tokens(line: str) -> list[str]:
    """The tokens of one line (comments dropped)."""
    if "{" not in line:
        if "[" not in line:
            j = line.find(";")
            return (line if j < 0 else line[:j]).split()
        return _tokens_re(line)
    if "[" in line:
        return _tokens_re(line)
    toks: list[str] = []
    p = 0
    while True:
        b = line.find("{", p)
        seg = line[p:] if b < 0 else line[p:b]
        j = seg.find(";")
        if j >= 0:
            toks += seg[:j].split()
            return toks
        toks += seg.split()
        if b < 0:
            return toks
        e = line.find("}", b)
        if e < 0:
            toks.append(line[b:])
            return toks
        toks.append(line[b:e + 1])
        p = e + 1


def _tokens_re(line: str) -> list[str]:
    toks = _SLOW_TOKEN.findall(line)
    if toks and toks[-1][0] == ";":
        toks.pop()
    return toks


# ---------------------------------------------------------------------------
# The reader


class _TagNote:
    """A note target that writes into a ``tag_notes`` dict."""

    __slots__ = ("d", "k")

    def __init__(self, d: dict, k: str):
        self.d = d
        self.k = k

    @property
    def note(self):
        return self.d.get(self.k)

    @note.setter
    def note(self, text):
        self.d[self.k] = text


_SKIP_NONE, _SKIP_HAND, _SKIP_LINE = 0, 1, 2


def _tag_escape(value: str) -> str:
    """A tag's value as written between its quotes (``\\`` and ``\"`` escaped)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _quote(tok: str) -> str:
    if len(tok) > 40:
        tok = tok[:37] + "..."
    return repr(tok)


#: a card's rank said in words (voice typing: 'partner Jack of diamonds', phone32 F6)
_RANK_WORDS = frozenset("ace king queen jack ten nine eight seven".split())


def _full_stops(toks: list[str], cards: dict, seats) -> list[tuple[int, str]] | None:
    """The tokens of a statement line ending with a phone's full stop (or
    two) whose meaning without it is certain — a keyword in any case, a
    seat in force (``seats``), a whole number, a card of the mode: ``[(index, as
    written)]``, each token in ``toks`` replaced by itself without them
    (phone32 F3).  None (``toks`` unchanged) when none is, or when the only
    ones are cards (``call AH.`` keeps its own warning, fixb28).  Notes and
    tags are never touched."""
    got = None
    only_cards = True
    for k, t in enumerate(toks):
        if len(t) < 2 or t[-1] != "." or t[0] in "{[":
            continue
        b = t.rstrip(".")
        if not b or "." in b or (k and (toks[k - 1] == "of" or toks[k - 1][-1] == "/")):
            continue  # 'pts 72 / 48.', 'tricks 4 of 6.': a pair's own W-PHONE-SLIP says it (fixb28)
        if b in cards:
            pass
        elif b.lower() in KEYWORDS or _SINT_RE.fullmatch(b) or b in seats:
            only_cards = False
        else:
            continue
        if got is None:
            got = []
        got.append((k, t))
    if got is None or only_cards:
        return None
    for k, t in got:
        toks[k] = t.rstrip(".")
    return got


def _punct_hint(t: str) -> str:
    """A hint for a phone's or a score pad's punctuation in a token (real23
    F7): a comma, a keyword's colon, a comment started as in another
    language.  Refused still, never read silently; '' for any other token."""
    if t.startswith(("//", "#", "--")):
        return "; a comment starts with ';' (; bumped): '//', '#' and '--' are not SHN"
    if "," in t:
        return "; a comma is not SHN: separate with spaces"
    if len(t) > 1 and t[-1] == ":" and t[:-1].lower() in KEYWORDS:
        return f"; write {t[:-1].lower()} without a colon"
    if len(t) > 1 and t[-1] == ":" and is_alias(t[:-1]):  # fixd27: 'deal Al: QS ...', 'score Al: -1 ...'
        return f"; write {t[:-1]} without a colon (a colon follows only a trick's leader, as in 't1 {t[:-1]}:')"
    if len(t) > 1 and t[-1] == "." and ((b := t[:-1]).lower() in KEYWORDS or _SINT_RE.fullmatch(b)):
        # fixk27: a phone's full stop ('win.', 'pts 72.', 'Ed -1.': two spaces typed make '. ' on many phones)
        return f"; leave out the full stop: write '{b}' (a '.' ends no statement in SHN)"
    a, eq, b = t.partition("=")
    if eq and a and b and "=" not in b:  # fixd27: 'score Al=-1 ...', 'pts=72': a score pad's '='
        return f"; write '{a} {b}': a space between them, not '='"
    return ""


#: a number glued to the word after it ('70win', '52lose', '95win-s'): newuser34 F4
_NUMBER_GLUED = re.compile(r"(\^?(?:0|[1-9][0-9]*))([A-Za-z][A-Za-z-]*)")


def _glued_hint(t: str, seats) -> str:
    """A hint for a missed space (newuser34 F4): a keyword glued to its
    value (``pts60``, ``callAS``, ``pickNed``: the value a number, a card or
    a seat alias of ``seats``), or a number glued to the keyword after it
    (``70win``): "; write 'X Y'".  '' for anything else.  Built only for an
    error's message, never on a line the reader reads."""
    m = _NUMBER_GLUED.fullmatch(t)
    if m is not None and m[2].lower() in KEYWORDS:
        return f"; write '{m[1]} {m[2].lower()}': a space between the number and '{m[2].lower()}'"
    for k in range(min(len(t) - 1, 12), 1, -1):
        kw, rest = t[:k].lower(), t[k:]
        if kw in KEYWORDS and (rest in seats or rest in CARD_SPELLINGS or rest.upper() in CARD_SPELLINGS
                               or _SINT_RE.fullmatch(rest.lstrip("^")) is not None):
            val = rest.upper() if rest not in seats and rest.upper() in CARD_SPELLINGS else rest
            return f"; write '{kw} {val}': a space between '{kw}' and {_quote(val)}"
    return ""


def _sep_hint(toks: list[str], k: int, word: str | None = None) -> str:
    """A hint for a score pad's '=' or a ':' between a name and what it takes
    at token ``toks[k]``, glued or spaced on either side (break27b F7):
    'Al=-2', 'Al:-2', 'Al:QC' (glued), 'Al= -2', 'pts= 72' (before a space),
    '=-2', '=72' after ``word`` (the seat or keyword the value is for), '='
    or ':' alone between ``word`` and the next token.  Built only for an
    error's message; anything else is :func:`_punct_hint`'s."""
    t = toks[k]
    if "," in t or t.startswith(("//", "#", "--")):
        return _punct_hint(t)
    m = _SEAT_GLUED.fullmatch(t)
    if m is not None and m[1].lower() not in KEYWORDS:  # fixk27: 'score Al+2 Bea-1 ...', no space before the sign
        return f"; write '{m[1]} {m[2]}': a space between the seat and its units"
    nxt = toks[k + 1] if k + 1 < len(toks) else None
    for sep in ("=", ":"):
        a, found, b = t.partition(sep)
        if not found or "=" in b or ":" in b:
            continue
        if a and b:  # glued: 'Al=-2', 'Al:-2', 'pts=72', 'deal Al:QC ...'
            lead = f" (a colon follows only a trick's leader, as in 't1 {a}:')" if sep == ":" and is_alias(a) else ""
            return f"; write '{a} {b}': a space between them, not '{sep}'" + lead
        if a:  # 'Al= -2', 'pts= 72'; a trailing colon has its own words ('deal Al: QS', 'pts: 72')
            said = _punct_hint(t) if sep == ":" else ""
            if said or nxt is None:
                return said
            return f"; leave out '{sep}': write '{a} {nxt}'"
        if word and (b or nxt is not None):  # 'Al =-2', 'pts =72'; 'Al = -2', 'pts = 72'
            return f"; leave out '{sep}': write '{word} {b or nxt}'"
    return _punct_hint(t)


_TRICK_COLON = re.compile(r"t[0-9]+:")
_SEAT_GLUED = re.compile(r"([A-Za-z][A-Za-z0-9]*)([+\-\u2212\u2013\u2014][0-9]+)")


def _trick_colon_hint(kw: str, rest: list[str]) -> str:
    """What to write for a trick ``kw`` whose leader is written without its
    colon, or with a card glued to it (fixk27): ``rest`` is the line from
    the leader on ('Al 9C TD ...', 'Al:9C TD ...'), said back as
    'write 't1 Al: 9C TD ...''; the plain example when the leader is no
    seat's name (a card: 't1 TD 8C ...').  Only for an error's message."""
    lead, colon, first = rest[0].partition(":")
    if not is_alias(lead) or ":" in first or lead in CARD_SPELLINGS or _PLAYED.fullmatch(lead):
        return f"e.g. '{kw} Al: 9C TD 8C 7C TC'"
    cards = ([first] if first else []) + rest[1:9]
    more = " ..." if len(rest) > 9 else ""
    glued = ": a space after the colon" if colon and first else ""
    return f"write '{kw} {lead}: {' '.join(cards)}{more}'{glued}"


def _note_text(tok: str) -> str:
    return tok[1:-1].strip()


# ---------------------------------------------------------------------------
# Records of the hot statements (issue 17): made with ``object.__new__`` and
# their slots set, one place each for the general path and the fast path.


def _cards_rec(cards: list, ln: int, c: int, cols: list[int], seat: str | None) -> CardsRec:
    """The :class:`CardsRec` of a ``deal``, ``blind``, ``bury`` or ``share``
    line whose keyword is at index ``c`` of line ``ln`` and whose cards are
    at the 1-based columns ``cols`` (a list, or a ``range`` when counted;
    kept as a :class:`PosRow`, which reads them by ``len`` and iteration)."""
    rec = _new(CardsRec)
    rec.cards = cards
    rec.pos = pos = _new(Pos)
    pos.line = ln
    pos.col = c + 1
    rec.card_pos = row = _new(PosRow)
    row.line = ln
    row.cols = cols
    row._made = None
    rec.seat = seat
    rec.note = None
    return rec


def _hand_rec(number: int, session: SessionRec, ln: int, col: int) -> HandRecord:
    """``HandRecord(number, session, Pos(ln, col), line=ln)``, every field
    set here without the dataclass ``__init__`` (50 fields, 9 default
    factories: 1.7 µs a hand; issue 15 reads a hand per line of a file of
    lone ``hand`` lines).  tests/test_reader_records.py checks it against the
    dataclass, field for field."""
    h = _new(HandRecord)
    h.number = number
    h.session = session
    h.pos = pos = _new(Pos)
    pos.line = ln
    pos.col = col
    h.note = None
    h.tags = {}
    h.tag_pos = {}
    h.tag_notes = {}
    h.dealer = None
    h.deals = []
    h.tables = []
    h.blind = None
    h.pick = None
    h.leaster = None
    h.leaster_tie = False
    h.doubler = None
    h.stake = None
    h.bury = None
    h.call = None
    h.alone = None
    h.sheepshead = None
    h.give = None
    h.marks = []
    h.tricks = []
    h.claim = None
    h.partner = None
    h.partner2 = None
    h.pts = None
    h.tricks_won = None
    h.outcome = None
    h.score = None
    h.misdeal = None
    h.potsplit = None
    h.game = None
    h.ramsch = None
    h.thrown = None
    h.laufende = None
    h.nopick = None
    h.nopick_game = None
    h.nopick_tie = False
    h.blind_trick = None
    h.pot = None
    h.roll = None
    h.share = None
    h.tokens = None
    h.buck = None
    h.hunters = None
    h.pick_unsaid = False
    h.sheet_row = False
    h.outcome_side = None
    h.seating_from = None
    h.errors = []
    h.source = ""
    h.line = ln
    return h


def _read_plays(cards: list, cols, ln: int) -> list:
    """One :class:`~replay.facts.ReadPlay` for each plain played card of
    ``cards``, written at the 1-based columns ``cols`` of line ``ln``."""
    plays: list = []
    append = plays.append
    new = _new
    for x, col in zip(cards, cols):
        o = new(ReadPlay)
        o.card = x
        o._line = ln
        o._col = col
        o.renege = False
        o.suffix = ""
        o.note = None
        append(o)
    return plays


def _trick_rec(num: int, lead: str, cards: list, cols, ln: int, c: int, lc: int) -> TrickRec:
    """The :class:`TrickRec` of trick ``num`` whose head is at index ``c``
    and leader at index ``lc`` of line ``ln``, with the plain played
    ``cards`` written at the 1-based columns ``cols``: one
    :class:`~replay.facts.ReadPlay` each, whose :class:`Pos` is made when
    first read."""
    plays = _read_plays(cards, cols, ln)
    new = _new
    rec = new(TrickRec)
    rec.number = num
    rec.leader = lead
    rec.plays = plays
    rec.pos = pos = new(Pos)
    pos.line = ln
    pos.col = c + 1
    rec.leader_pos = pos = new(Pos)
    pos.line = ln
    pos.col = lc + 1
    rec.note = None
    return rec


def _cols(line: str, toks: list[str], k: int, p: int) -> list[int]:
    """The 1-based columns of ``toks[k:]`` on ``line``, the first of them at
    or after index ``p``, each found with ``str.index`` from the end of the
    one before (only blanks lie between tokens)."""
    index = line.index
    cols = []
    for t in toks[k:]:
        p = index(t, p)
        cols.append(p + 1)
        p += len(t)
    return cols


# ---------------------------------------------------------------------------
# The fast path's records (issue 17): a plain trick, deal, blind, bury or
# share line read by the fast path keeps its cards as a list of card codes
# and its line (the number and the text, which the reader holds anyway); the
# positions — the statement's, the leader's, each card's — are found on the
# line again the first time one is read (an error, a warning, the writer),
# as :func:`_token_cols` finds them, which is where the fast path and
# ``_Reader._process`` find them.  A trick line thus costs two objects (the
# record and its card list), not ten (five ``ReadPlay``, two ``Pos``, the
# play list, the record, the column range).

_TRICK_PLAYS = TrickRec.plays  # the slots of the dataclass fields (member descriptors)
_TRICK_POS = TrickRec.pos
_TRICK_LEADER_POS = TrickRec.leader_pos
_CARDS_POS = CardsRec.pos
_CARDS_CARD_POS = CardsRec.card_pos
_SCORE_ENTRIES = ScoreRec.entries
_SCORE_POS = ScoreRec.pos


def _token_cols(line: str) -> list[int]:
    """The 1-based column of every token of ``line`` (comments dropped), each
    found from the end of the one before."""
    return _cols(line, _tokens(line), 0, 0)


def _made_on_read(slot) -> property:
    """A property over the dataclass field whose slot is ``slot`` (a member
    descriptor): the slot's value, set first by the record's ``_made()``
    (from its line) when the slot is still empty; setting it sets the slot."""
    get = slot.__get__

    def fget(self):
        try:
            return get(self)
        except AttributeError:
            self._made()
            return get(self)

    return property(fget, slot.__set__)


class ReadTrick(TrickRec):
    """A :class:`TrickRec` as the fast path reads it: ``cards`` (the card
    codes, None for ``??``; no card of it is marked ``^R``), ``_ln`` (its line
    number) and ``_text`` (its line) set; ``pos``, ``leader_pos`` and
    ``plays`` (:class:`ReadPlay` records) made from them when first read.

    In every other respect a TrickRec (``isinstance``, the dataclass fields,
    ``facts()``), equal to the TrickRec of the same fields either way round.
    Setting ``plays`` sets ``cards`` and ``renege_at`` to match; the list
    ``plays`` gives is not to be changed in place."""

    __slots__ = ("cards", "renege_at", "_ln", "_text")

    def _made(self) -> None:
        cols = _token_cols(self._text)
        ln = self._ln
        _TRICK_POS.__set__(self, new_pos(ln, cols[0]))
        _TRICK_LEADER_POS.__set__(self, new_pos(ln, cols[1]))
        _TRICK_PLAYS.__set__(self, _read_plays(self.cards, cols[2:], ln))

    pos = _made_on_read(_TRICK_POS)
    leader_pos = _made_on_read(_TRICK_LEADER_POS)
    plays = _made_on_read(_TRICK_PLAYS)

    @plays.setter
    def plays(self, value: list[PlayRec]) -> None:
        _TRICK_PLAYS.__set__(self, value)
        self.cards = [p.card for p in value]
        self.renege_at = tuple(i for i, p in enumerate(value) if p.renege)

    def __eq__(self, other):
        if isinstance(other, TrickRec):
            return ((self.number, self.leader, self.plays, self.pos, self.leader_pos, self.note)
                    == (other.number, other.leader, other.plays, other.pos, other.leader_pos, other.note))
        return NotImplemented

    __hash__ = None  # as TrickRec's (a mutable dataclass)

    def __repr__(self) -> str:
        return (f"TrickRec(number={self.number!r}, leader={self.leader!r}, plays={self.plays!r}, pos={self.pos!r}, "
                f"leader_pos={self.leader_pos!r}, note={self.note!r})")


class ReadCards(CardsRec):
    """A :class:`CardsRec` of a ``deal``, ``blind``, ``bury`` or ``share``
    line as the fast path reads it: ``cards``, ``seat`` (``deal`` lines; else
    None), ``note``, ``_ln`` and ``_text`` set; ``pos`` and ``card_pos`` (a
    :class:`PosRow`) made from the line when first read.  Otherwise a
    CardsRec, equal to the CardsRec of the same fields either way round."""

    __slots__ = ("_ln", "_text")

    def _made(self) -> None:
        cols = _token_cols(self._text)
        ln = self._ln
        _CARDS_POS.__set__(self, new_pos(ln, cols[0]))
        row = _new(PosRow)
        row.line = ln
        row.cols = cols[1:] if self.seat is None else cols[2:]
        row._made = None
        _CARDS_CARD_POS.__set__(self, row)

    pos = _made_on_read(_CARDS_POS)
    card_pos = _made_on_read(_CARDS_CARD_POS)

    def __eq__(self, other):
        if isinstance(other, CardsRec):
            return ((self.cards, self.pos, self.card_pos, self.seat, self.note)
                    == (other.cards, other.pos, other.card_pos, other.seat, other.note))
        return NotImplemented

    __hash__ = None  # as CardsRec's

    def __repr__(self) -> str:
        return (f"CardsRec(cards={self.cards!r}, pos={self.pos!r}, card_pos={self.card_pos!r}, seat={self.seat!r}, "
                f"note={self.note!r})")



class ReadScore(ScoreRec):
    """A :class:`ScoreRec` of a plain ``score`` line (each seat once, each
    written as a whole number with an optional sign) as the fast path reads
    it: ``written`` (``(seats, units, False)``), ``note``, ``_ln`` and
    ``_text`` set; ``pos`` and ``entries`` (a :class:`Value` with its
    position each) made from the line when first read.  Otherwise a
    ScoreRec, equal to the ScoreRec of the same fields either way round;
    setting ``entries`` sets ``written`` to match."""

    __slots__ = ("written", "_ln", "_text")

    def _made(self) -> None:
        cols = _token_cols(self._text)
        ln = self._ln
        _SCORE_POS.__set__(self, new_pos(ln, cols[0]))
        seats, units, _ = self.written
        _SCORE_ENTRIES.__set__(self, [(a, new_value(u, ln, cols[2 + 2 * k]))
                                      for k, (a, u) in enumerate(zip(seats, units))])

    pos = _made_on_read(_SCORE_POS)
    entries = _made_on_read(_SCORE_ENTRIES)

    @entries.setter
    def entries(self, value: list) -> None:
        _SCORE_ENTRIES.__set__(self, value)
        self.written = ([a for a, _ in value], [v.value for _, v in value], any(v.agreed for _, v in value))

    def __eq__(self, other):
        if isinstance(other, ScoreRec):
            return (self.entries, self.pos, self.note) == (other.entries, other.pos, other.note)
        return NotImplemented

    __hash__ = None  # as ScoreRec's

    def __repr__(self) -> str:
        return f"ScoreRec(entries={self.entries!r}, pos={self.pos!r}, note={self.note!r})"


# ---------------------------------------------------------------------------
# The fast path (issue 17)
#
# A line that is one ``tK``, ``deal``, ``blind``, ``bury``, ``share`` or
# ``score`` statement written plainly (the leader or seats in the seats in
# force, only plain cards or whole numbers after them, no annotation, nothing
# else on the line) is read by
# the function of :data:`_FAST` for its first word, without the statement
# loop and with as few Python calls as may be (a call costs about as much as
# a record).  For any other line, and whenever the hand is being skipped or
# not begun, or the statement is a second one, the function returns False
# having changed nothing, and the line is read by ``_Reader._process`` — the
# one reader of every statement and every diagnostic.  The records,
# positions and reader state are those ``_process`` gives for the line
# (tests/test_shn_fastpath.py compares the two).
#
# Positions: the fast path finds none.  Its records (:class:`ReadTrick`,
# :class:`ReadCards`) keep the line, and a position read later is the
# token's index where ``str.find`` finds it from the end of the previous
# token (only blanks lie between; :func:`_token_cols`), as ``_process`` has it.


def _fast_trick(self, line: str, toks: list[str]) -> bool:
    """``tK S: c c c c c``: a :class:`ReadTrick`."""
    if len(toks) < 3:
        return False
    try:
        cards = list(map(self.card_of, toks[2:]))
    except KeyError:
        return False
    return _read_trick(self, line, _TRICK_NUM[toks[0]], toks[1], cards)


def _read_trick(self, line: str, num: int, word: str, cards: list) -> bool:
    """The trick ``num`` led by the seat written ``word`` (``S:``) with
    ``cards`` (its card codes, at least one), as :func:`_fast_trick` and
    :func:`_scan_line` read it: a :class:`ReadTrick`, or False having changed
    nothing."""
    hand = self.hand
    if hand is None or self.skipping:
        return False
    seat = self.leads.get(word)
    if seat is None or num in self.seen:
        return False
    rec = _new(ReadTrick)
    rec.number = num
    rec.leader = seat
    rec.cards = cards
    rec.renege_at = ()
    rec.note = None
    rec._ln = self.ln
    rec._text = line
    self.seen.add(num)
    if num < self.prev_trick:
        self.trick_unsorted = True
    self.prev_trick = num
    hand.tricks.append(rec)
    self.last = rec  # a note on the next line goes to its last card (_Reader._note)
    self.line = line
    return True


def _fast_deal(self, line: str, toks: list[str]) -> bool:
    """``deal S c c c c c c``: a :class:`ReadCards`."""
    if len(toks) < 3:
        return False
    try:
        cards = list(map(self.card_of, toks[2:]))
    except KeyError:
        return False
    return _read_deal(self, line, toks[1], cards)


def _read_deal(self, line: str, s: str, cards: list) -> bool:
    """The deal line of seat ``s`` with ``cards`` (at least one), as
    :func:`_fast_deal` and :func:`_scan_line` read it."""
    if self.hand is None or self.skipping or s not in self.seatset or s in self.seen:
        return False
    rec = _new(ReadCards)
    rec.cards = cards
    rec.seat = s
    rec.note = None
    rec._ln = self.ln
    rec._text = line
    self._dealt(rec)
    self.line = line
    return True


def _fast_cards(self, line: str, toks: list[str]) -> bool:
    """``blind c c``, ``bury c c``, ``share c ...``: a :class:`ReadCards`."""
    if len(toks) < 2:
        return False
    try:
        cards = list(map(self.card_of, toks[1:]))
    except KeyError:
        return False
    return _read_cards(self, line, toks[0], cards)


def _read_cards(self, line: str, kw: str, cards: list) -> bool:
    """The ``blind``, ``bury`` or ``share`` line (``kw``) with ``cards`` (at
    least one), as :func:`_fast_cards` and :func:`_scan_line` read it."""
    hand = self.hand
    if hand is None or self.skipping or getattr(hand, kw) is not None:
        return False
    self.last = rec = _new(ReadCards)
    rec.cards = cards
    rec.seat = None
    rec.note = None
    rec._ln = self.ln
    rec._text = line
    setattr(hand, kw, rec)
    self.line = line
    return True


def _fast_score(self, line: str, toks: list[str]) -> bool:
    """``score S n S n ...``, each seat of the seats in force once, each
    ``n`` a whole number with an optional sign: a :class:`ReadScore`."""
    hand = self.hand
    n = len(toks)
    if hand is None or self.skipping or n < 3 or not n & 1 or hand.score is not None:
        return False
    seats = toks[1::2]
    seatset = self.seatset
    for s in seats:
        if s not in seatset:
            return False
    if len(set(seats)) != len(seats):
        return False
    try:
        units = list(map(_SINT.__getitem__, toks[2::2]))
    except KeyError:
        return False
    rec = _new(ReadScore)
    rec.written = (seats, units, False)
    rec.note = None
    rec._ln = self.ln
    rec._text = line
    hand.score = rec
    self.last = rec  # a note on the next line goes to its last entry (_Reader._note)
    self.line = line
    return True


def _fast_pick(self, line: str, toks: list[str]) -> bool:
    """``pick S``, S a seat in force: the Value ``s_pick`` makes (its
    position where the statement loop finds it), without the loop."""
    hand = self.hand
    if len(toks) != 2 or hand is None or self.skipping or hand.pick is not None:
        return False
    s = toks[1]
    if s not in self.seatset:
        return False
    q = line.find(s, line.find("pick") + 4)
    self.p = q + len(s)
    hand.pick = self.last = new_value(s, self.ln, q + 1)
    self.line = line
    return True


def _fast_call(self, line: str, toks: list[str]) -> bool:
    """``call c`` or ``call c under u``, each a card of the ``[Cards]``
    mode (``??`` too): the :class:`CallRec` ``s_call`` makes, without the
    statement loop."""
    n = len(toks)
    hand = self.hand
    if (n != 2 and n != 4) or hand is None or self.skipping or hand.call is not None:
        return False
    cards = self.cards
    t = toks[1]
    x = cards.get(t, _MISS)
    if x is _MISS:
        return False
    if n == 4:
        u = toks[3]
        xu = cards.get(u, _MISS)
        if toks[2] != "under" or xu is _MISS:
            return False
    ln = self.ln
    c = line.find("call")
    q = line.find(t, c + 4)
    p = q + len(t)
    rec = _new(CallRec)
    rec.card = x
    rec.under = None
    rec.has_under = False
    rec.pos = new_pos(ln, c + 1)
    rec.card_pos = new_pos(ln, q + 1)
    rec.note = None
    if n == 4:
        q = line.find(u, line.find("under", p) + 5)
        p = q + len(u)
        rec.under = xu
        rec.has_under = True
        rec.under_pos = new_pos(ln, q + 1)
    else:
        rec.under_pos = new_pos(0, 0)  # the dataclass's default Pos()
    hand.call = self.last = rec
    self.p = p
    self.line = line
    return True


#: The outcome words :func:`_fast_result` reads (those written with a phone's dash go to the statement loop).
_PLAIN_OUTCOMES = frozenset(("win", "lose", "win-s", "lose-s", "win-z", "lose-z"))


def _fast_result(self, line: str, toks: list[str]) -> bool:
    """``partner S pts N tricks N O`` or ``pts N tricks N O`` (S a seat in
    force of a Seats tag, each N a number in its statement's range, O a
    plain outcome word): the Values ``s_partner``, ``s_pts``, ``s_tricks``
    and the outcome make, their positions found as the statement loop finds
    them, without the loop (issue 17)."""
    n = len(toks)
    hand = self.hand
    if hand is None or self.skipping or not self.seats_known:
        return False
    seatset = self.seatset
    if toks[0] == "partner":
        if n != 7 or hand.partner is not None:
            return False
        s = toks[1]
        if s not in seatset:  # (toks[2] must be 'pts', which no alias is: never a second partner)
            return False
        i = 2
    elif n == 5:
        i = 0
        s = None
    else:
        return False
    if toks[i] != "pts" or toks[i + 2] != "tricks" or hand.pts is not None or hand.tricks_won is not None:
        return False
    o = toks[i + 4]
    if o not in _PLAIN_OUTCOMES or hand.outcome is not None:
        return False
    a = toks[i + 1]
    b = toks[i + 3]
    pts = _UINT.get(a)
    won = _UINT.get(b)
    if pts is None or pts > 120 or won is None:  # _UINT holds 0..1000: the range of s_tricks
        return False
    ln = self.ln
    p = 0
    if s is not None:
        q = line.find(s, line.find("partner") + 7)
        p = q + len(s)
        hand.partner = new_value(s, ln, q + 1)
    q = line.find(a, line.find("pts", p) + 3)
    p = q + len(a)
    hand.pts = new_value(pts, ln, q + 1)
    q = line.find(b, line.find("tricks", p) + 6)
    p = q + len(b)
    hand.tricks_won = new_value(won, ln, q + 1)
    q = line.find(o, p)
    self.p = q + len(o)
    hand.outcome = self.last = new_value(o, ln, q + 1)
    self.line = line
    return True


def _fast_hand(self, line: str, toks: list[str]) -> bool:
    """A line that is only ``hand`` (issue 15: a file of 100,000 of them),
    read leniently: what ``_process`` does with it (the skip ends, ``s_hand``
    starts the hand and records its ``E-NUMBER``, which it never raises when
    not strict), without the statement loop."""
    if len(toks) != 1 or self.strict:
        return False
    self.line = line
    self.p = 0
    self.skipping = _SKIP_NONE  # a line that starts a hand ends a skip (_process)
    self.s_hand(toks, 0, 1)
    return True


class _Window:
    """The lines a streaming :class:`_Reader` keeps: those from the first
    line of the hand being read to the current one (``lines[k]`` is file
    line ``base + k``, starting at character offset ``off``), and pinned
    lines (the session's Seats tag).  Indexed like the list of all lines
    (``w[n - 1]`` is line ``n``)."""

    __slots__ = ("lines", "base", "off", "pins")

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.base = 1
        self.off = 0
        self.pins: dict[int, str] = {}

    def __getitem__(self, i: int) -> str:
        k = i + 1 - self.base
        if 0 <= k < len(self.lines):
            return self.lines[k]
        return self.pins[i + 1]

    def trim(self, keep: int) -> None:
        """Drop the lines before line ``keep``."""
        k = keep - self.base
        if k > 0:
            lines = self.lines
            self.off += sum(len(x) for x in lines[:k]) + k
            del lines[:k]
            self.base = keep

    def pin(self, n: int) -> None:
        self.pins = {n: self[n - 1]}

    def slice(self, a: int, b: int) -> str:
        """The text from character offset ``a`` to ``b`` (both within the kept lines)."""
        return "\n".join(self.lines)[a - self.off:b - self.off]


def _split_lines(pieces: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """The lines of the text made of ``pieces`` (split at LF only, as
    :meth:`_Reader.run` does; a leading BOM dropped), each with whether it
    may hold a surrogate (a byte that was not UTF-8).  A line longer than a
    piece is joined once, not piece by piece."""
    rest: list[str] = []
    rest_bad = False
    first = True
    for piece in pieces:
        if first and piece:
            first = False
            if piece.startswith("\ufeff"):
                piece = piece[1:]
        bad = rest_bad or (not piece.isascii() and _SURROGATE.search(piece) is not None)
        j = piece.find("\n")
        if j < 0:
            rest.append(piece)
            rest_bad = bad
            continue
        parts = piece[j + 1:].split("\n")
        yield "".join(rest) + piece[:j], bad
        last = parts.pop()
        bad = _SURROGATE.search(piece, j) is not None
        for p in parts:
            yield p, bad
        rest = [last]
        rest_bad = bad
    yield "".join(rest), rest_bad


#: the characters other programs end a line with that are no LF (what Python's ``str.splitlines`` splits at, CR
#: aside): VT, FF, the information separators, NEL, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR — a web form's,
#: a notes app's or a word processor's soft return (real21 F1)
_SOFT_BREAK = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _has_soft_break(text: str) -> bool:
    """Whether ``text`` holds a soft line end (:data:`_SOFT_BREAK`).  An ASCII
    text can hold only its five ASCII ones, each looked for by ``in`` (a C
    scan for one character, issue 17: the regular expression tested each
    character of a file against its set, about 60 instructions a character);
    any other text is searched by the regular expression."""
    if text.isascii():
        return "\x0b" in text or "\x0c" in text or "\x1c" in text or "\x1d" in text or "\x1e" in text
    return _SOFT_BREAK.search(text) is not None


class _LineEnds:
    """Reads the soft line ends (:data:`_SOFT_BREAK`) of SHN text as LF,
    outside a ``{...}`` note, a ``"..."`` tag value and a ``;`` comment's
    note-like text (in a note or a tag value they stay characters of the
    text, whitespace to the reader): a ``;`` comment ends at one, as it ends
    at an LF, instead of running on over the hands typed after it (real21
    F1: hands lost without a word).  One character for one, so every
    position after it keeps its offset.  Only the lines that hold one are
    read character by character.  Fed the text in pieces (:meth:`piece`),
    the line being read carried over; ``first`` is ``(line, column)`` of the
    first one read as LF (as the reader counts them, that line ending
    there), None while none."""

    __slots__ = ("partial", "lines", "tail", "first")

    def __init__(self) -> None:
        self.partial: list[str] = []  # the pieces of the line being read, before the piece at hand
        self.lines = 0  # the LFs before the piece at hand
        self.tail = 0  # the characters of the line being read before the piece at hand
        self.first: tuple[int, int, str] | None = None  # (line, column, the character) of the first

    def piece(self, text: str) -> str:
        if _has_soft_break(text):
            text = self._read(text)
        n = text.count("\n")
        if n:
            j = text.rfind("\n")
            self.partial = [text[j + 1:]]
            self.tail = len(text) - 1 - j
            self.lines += n
        else:
            self.partial.append(text)
            self.tail += len(text)
        return text

    def _read(self, text: str) -> str:
        out = list(text)
        start = -len("".join(self.partial))  # where the line being read starts, before this piece
        line = "".join(self.partial)
        for m in _SOFT_BREAK.finditer(text):
            k = m.start()
            j = text.rfind("\n", 0, k)
            if j >= 0 and j + 1 > start:
                start, line = j + 1, ""
            seg = line + "".join(out[max(start, 0):k]) if start < 0 else "".join(out[start:k])
            if _open_at_end(seg):  # in a note or a tag value: a character of it
                continue
            if self.first is None:
                self.first = (self.lines + text.count("\n", 0, k) + 1,
                              k - j if j >= 0 else self.tail + k + 1, text[k])
            out[k] = "\n"
            start, line = k + 1, ""
        return "".join(out)

    def warning(self, path: str | None) -> Diagnostic:
        """``W-LINE-END`` at :attr:`first`, said once a file."""
        line, col, ch = self.first
        found = f"U+{ord(ch):04X} ({_SOFT_NAMES[ch]})"
        return Diagnostic("W-LINE-END", f"found {found}, a line end that is no LF (a phone's, a web form's or a word "
                          "processor's soft return, or a separator: U+2028, U+2029, NEL, VT, FF, FS, GS and RS are "
                          "read so) at the end of this line: read as a line end, as every one outside a note or a tag "
                          "value (docs/notation.md §2.1)", "warning", path, line, col, None, None, found,
                          "LF line ends")


def _in_line_order(errors: list[Diagnostic], d: Diagnostic) -> None:
    """Insert ``d`` (W-LINE-END) into the file-level ``errors``, which come
    in line order, after those of its line and before any of a later line:
    one place whether the text is read whole or streamed, in blocks of any
    size (the soft line ends are found ahead of the lines read)."""
    k = len(errors)
    while k and (errors[k - 1].line or 0) > d.line:
        k -= 1
    errors.insert(k, d)


#: the soft line ends of :data:`_SOFT_BREAK` by name, for W-LINE-END (break26b F8: it named a list, not the one found)
_SOFT_NAMES = {"\x0b": "VT", "\x0c": "FF", "\x1c": "FS", "\x1d": "GS", "\x1e": "RS", "\x85": "NEL",
               "\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR"}


def _open_at_end(seg: str) -> bool:
    """Whether the line ``seg`` (from its start) ends inside a ``{...}`` note
    or a ``"..."`` tag value (not inside a ``;`` comment, which a soft line
    end ends)."""
    brace = quote = escape = False
    for c in seg:
        if brace:
            brace = c != "}"
        elif quote:
            if escape:
                escape = False
            elif c == "\\":
                escape = True
            else:
                quote = c != '"'
        elif c == "{":
            brace = True
        elif c == '"':
            quote = True
        elif c == ";":
            return False
    return brace or quote


def _joined_at(line: str) -> int:
    """Where an SHN header (``%SHN 1.0``) starts inside ``line`` after other
    text, ending the line: a file whose last line had no line end, another
    file joined after it (``cat``); 0 when there is none (or the header
    starts the line, read as :meth:`_Reader._file_again` reads it).  A
    ``%SHN`` inside a ``"..."`` tag value or a ``{...}`` note is text
    (hunt29 F2: ``[Source "saved as %SHN 1.0"]`` cut the tag there).  A
    ``%SHN 1.0`` followed by more text on the line is a header too, the
    text refused where it stands (fixb30 F1: it was read as the word
    ``win%SHN``, the hand above refused and the next file's hands put in
    its night)."""
    j = line.rfind("%SHN")
    if j <= 0 or not line[:j].strip():
        return 0
    rest = line[j:]
    if _HEADER.fullmatch(rest.rstrip("\r")) is None and _HEADER_TEXT.match(rest) is None:
        return 0
    return j if _outside_text(line, j) else 0


def _outside_text(line: str, j: int) -> bool:
    """Whether index ``j`` of ``line`` lies outside a ``{...}`` note and a
    ``"..."`` tag value (after a ``;`` outside them, the rest is a comment:
    outside)."""
    return any(k == j for k, _ in _outside_chars(line, j + 1))


def _cr_outside(line: str) -> int:
    """The index of the first CR of ``line`` outside a ``{...}`` note and a
    ``"..."`` tag value (where a CR is text), or -1."""
    if "\r" not in line:
        return -1
    return next((k for k, c in _outside_chars(line, len(line)) if c == "\r"), -1)


def _outside_chars(line: str, stop: int):
    """``(index, character)`` of each character of ``line[:stop]`` outside a
    ``{...}`` note and a ``"..."`` tag value (a backslash escapes the next
    character in a value), the brace and the quotes themselves left out;
    from a ``;`` outside them (a comment) every character."""
    brace = quote = False
    k = 0
    while k < stop:
        c = line[k]
        if brace:
            brace = c != "}"
        elif quote:
            if c == "\\":
                k += 1
            else:
                quote = c != '"'
        elif c == ";":
            for i in range(k, stop):
                yield i, line[i]
            return
        elif c == "{":
            brace = True
        elif c == '"':
            quote = True
        else:
            yield k, c
        k += 1


#: words of a ``;`` comment that read as SHN statements (lower case): a scorer's ``;`` used as a separator hid them
#: (real31 F7; :func:`comment_statements`)
COMMENT_STATEMENT_WORDS = frozenset("pick call partner alone pts tricks score win lose win-s lose-s win-z lose-z "
                                    "leaster bury crack recrack blitz dealer".split())


def comment_at(line: str) -> int:
    """The index of the ``;`` that starts ``line``'s comment (outside a
    ``{...}`` note and a ``"..."`` tag value, docs/notation.md §2.2), or -1."""
    return next((k for k, c in _outside_chars(line, len(line)) if c == ";"), -1)


def comment_statements(line: str) -> tuple[int, str] | None:
    """``(index of its ';', the comment's text after it, stripped)`` when
    ``line`` has a ``;`` comment one of whose parts (split at a further
    ``;`` or a lone carriage return) starts with a statement keyword of
    :data:`COMMENT_STATEMENT_WORDS`, any case (``; crack Di``, ``; lose``,
    ``; Ann passed ; call AH partner Dee``): text a scorer wrote as
    statements, which the reader did not read (real31 F7); None otherwise
    (no comment, or a remark that only holds such a word: ``; Di was
    late``, ``; Cy's first pick``)."""
    j = comment_at(line)
    if j < 0:
        return None
    rest = line[j + 1:].strip()
    for part in rest.replace("\r", ";").split(";"):
        words = part.split()
        if words and words[0].lower() in COMMENT_STATEMENT_WORDS:
            return j, rest
    return None


#: HandRecord fields that no statement fills: its head, its own tags and notes, the reader's bookkeeping.
_NOT_STATEMENTS = frozenset(("number", "session", "pos", "note", "tags", "tag_pos", "tag_notes", "dealer", "errors",
                             "source", "line"))


def _has_statements(h: HandRecord) -> bool:
    """True when hand ``h`` holds a statement beyond its ``hand N dealer S``
    head (a tag after one is W-TAG-LATE)."""
    return any(getattr(h, f.name) for f in fields(h) if f.name not in _NOT_STATEMENTS)


#: a Farbsolo written as one word with its suit, as NetSchafkopf writes it ('Herz-Solo', 'Eichel-Solo', 'Herzsolo')
#: (and a Farbwenz or Farbgeier so: 'Eichel-Wenz', break22b F13)
_SUIT_SOLO = re.compile(r"(eichel|gras|grün|gruen|blatt|herz|schellen?)-?(solo|wenz|geier)")
#: the Sau a Sauspiel calls, named by its suit ('sauspiel eichel', 'Eichel-Sau', 'schelle'): its spelling under
#: [Cards "de"], and in English
SAU_OF_SUIT = {f"{w}{tail}": sau for w, sau in (
    ("eichel", ("EA", "AC")), ("gras", ("GA", "AS")), ("grün", ("GA", "AS")), ("gruen", ("GA", "AS")),
    ("blatt", ("GA", "AS")), ("schellen", ("SA", "AD")), ("schelle", ("SA", "AD")), ("herz", ("HA", "AH")))
    for tail in ("", "-sau", "sau")}
#: the suit word of a compound game's first part (_SUIT_SOLO's group 1) as SHN writes the suit
_SUIT_WORD = {"grün": "gras", "gruen": "gras", "blatt": "gras", "schelle": "schellen"}
#: the game of a compound game's second part (_SUIT_SOLO's group 2)
_COMPOUND_GAME = {"solo": "solo", "wenz": "farbwenz", "geier": "farbgeier"}


def compound_game(word: str) -> tuple[str, str] | None:
    """``(game, suit)`` of a game written with its suit in one word
    (``herz-solo`` → ``("solo", "herz")``, ``eichel-wenz`` → ``("farbwenz",
    "eichel")``; lower case), or None: the one reading of the reader and
    the sheet (:func:`ingest.sheet_facts.game_words`)."""
    m = _SUIT_SOLO.fullmatch(word)
    return None if m is None else (_COMPOUND_GAME[m.group(2)], _SUIT_WORD.get(m.group(1), m.group(1)))
#: the side of the Laufende, in English or German (a German scorer's 'laufende 3 mit')
_LAUFENDE_SIDE = {"with": "with", "without": "without", "mit": "with", "ohne": "without"}

class _Reader:
    __slots__ = (
        "text", "path", "strict", "lines", "ln", "off", "line", "p", "enc_cut",
        "hands", "errors", "sess", "sess_has_hands", "rules_above", "late_pending", "late_said", "late_more",
        "sess_errs", "sess_seats", "sess_order",
        "last_num", "hand", "hand_off", "hand_failed", "seen", "pending", "override",
        "seatset", "leads", "shape_leads", "seats_known", "shape_ok", "last", "skipping", "deal_unsorted", "trick_unsorted",
        "prev_deal", "prev_trick", "cards", "card_of", "played", "mode", "sess_mode", "colc", "colc_line", "cr_said",
        "curly_said", "voided_sessions", "sess_last", "block_sid", "block_again", "block_restart", "sess_day",
        "eol_trick", "pasted", "sess_rules",
    )

    def __init__(self, text: str, path: str | None, strict: bool):
        self.text = text
        self.path = path
        self.strict = strict
        self.colc: tuple = (None, 0, 0)
        self.colc_line: str | None = None
        self.cr_said = False  # W-CR is said once a file
        self.curly_said = False  # W-TAG-QUOTES too
        self.lines: list[str] = []
        self.hands: list[HandRecord] = []
        self.errors: list[Diagnostic] = []
        self.sess = SessionRec({})
        self.sess_has_hands = False
        #: the [Rules] of the last session above that wrote one (value, place, session id): a [Session] block below it
        #: without [Rules] is scored by the default profile (W-RULES-DEFAULT)
        self.rules_above: tuple | None = None
        #: W-TAG-LATE: the current hand's, said when it ends unrefused; how many said; those past the cap
        self.late_pending: list[Diagnostic] = []
        self.late_said = 0
        self.late_more: list[Diagnostic] = []
        #: the sessions read with no hand and a [_Voided] tag: an export's session voided whole (break18 F4)
        self.voided_sessions: list[SessionRec] = []
        #: each session's highest hand number read so far in this file, and the session of this block of hands
        #: with, when it is a session written again that numbers from 1 again, why its hands are refused
        self.sess_last: dict[str, int] = {}
        self.block_sid: str | None = None
        self.block_again: tuple | None = None
        #: the block's hand numbered 1 again after its hand N (its line, N): the block's later hands past N are
        #: refused with it, as a CSV's rows numbering a night from 1 again are (break26 F1: its hand 3 was stored
        #: as the first night's hand 3)
        self.block_restart: tuple | None = None
        #: each session's last [Date] read in this file, with its place: a block of it written again without one
        #: goes on from that night (break21 F1: its hands were stored with no day)
        self.sess_day: dict[str, tuple] = {}
        #: each session's [Rules] read in this file, with its place: a block of it written again without one is
        #: played by them, as a later file's continuation of the session is named against them (break33 F1: its
        #: hands were scored by the default profile, unsaid)
        self.sess_rules: dict[str, tuple] = {}
        #: a streamed file's trick refused at its line end ('t1 Al:' and nothing), as (line, 't1', 'Al'): the lines
        #: below it are not read yet, so its hint (real27 F5) is made when the hand ends (None: no such refusal)
        self.eol_trick: tuple | None = None
        #: the hand being read when it repeats the number of the hand just above (phone32 F4: a block pasted
        #: twice): (that hand, the E-HAND-ORDER it gets unless its text is the same); None otherwise
        self.pasted: tuple | None = None
        self.sess_errs: list[Diagnostic] = []
        self.sess_seats: frozenset | None = None
        self.sess_order: dict[str, int] | None = None
        self.last_num: int | None = None
        self.hand: HandRecord | None = None
        self.hand_off = 0
        self.hand_failed = False
        self.seen: set = set()
        self.pending: list = []
        self.override = False
        self.shape_ok: set[str] = set()
        self.seatset = self.shape_ok
        # ``leader:`` -> leader for every seat of ``seatset`` (the fast path's one look-up of a trick's leader)
        self.shape_leads: dict[str, str] = {}
        self.leads = self.shape_leads
        self.seats_known = False
        self.last = None
        self.skipping = _SKIP_NONE
        self.ln = 0
        self.off = 0
        self.line = ""
        self.p = 0
        self.enc_cut = 0
        self.deal_unsorted = False
        self.trick_unsorted = False
        self.prev_deal = -1
        self.prev_trick = 0
        self.sess_mode = "fr"
        self._set_mode("fr")

    def _set_mode(self, mode: str) -> None:
        """The card spellings in force (``[Cards]``, docs/notation.md §14)."""
        self.mode = mode
        self.cards, self.played = CARD_MODES[mode]
        self.card_of = self.cards.__getitem__

    # -- positions -----------------------------------------------------------

    def _col(self, toks: list[str], k: int) -> int:
        """1-based column of ``toks[k]`` on the current line; for ``k ==
        len(toks)`` the column just after the last token ("end of line")."""
        n = len(toks)
        if k >= n:
            if self.enc_cut:
                return self.enc_cut
            if n == 1:  # just after the line's one token (a lone 'hand', issue 15)
                t = toks[0]
                return self.line.find(t) + len(t) + 1
            k = n
        elif k == 0:  # the line's first token (only blanks before it)
            return self.line.find(toks[0]) + 1
        line = self.line
        find = line.find
        # resume from the last column found on this line (errors come left to
        # right): walking from the line start each time is quadratic in the
        # errors of one line
        ct, ck, cp = self.colc
        if ct is toks and ck <= k and self.colc_line is line:
            p, start = cp, ck
        else:
            p, start = 0, 0
        for j in range(start, k):
            t = toks[j]
            p = find(t, p) + len(t)
        self.colc = (toks, k, p)
        self.colc_line = line
        if k == n:
            return p + 1
        return find(toks[k], p) + 1

    # -- diagnostics -------------------------------------------------------

    def _err(self, code: str, message: str, col: int, found: str | None = None,
             expected: str | None = None, trick: int | None = None, line: int | None = None) -> ShnSyntaxError:
        hand = self.hand
        return ShnSyntaxError(Diagnostic(
            code, message, "error", self.path, self.ln if line is None else line, col if col > 1 else 1,
            (hand.number or None) if hand is not None else None, trick, found, expected))

    def _err_at(self, code: str, message: str, toks: list[str], k: int, found: str | None = None,
                expected: str | None = None, trick: int | None = None) -> ShnSyntaxError:
        return self._err(code, message, self._col(toks, k), found, expected, trick)

    def _fail(self, exc: ShnSyntaxError) -> None:
        """Record (lenient) or raise (strict) an error; set the skip mode."""
        d = exc.diagnostic
        if self.enc_cut and d.line == self.ln and d.col >= self.enc_cut:
            d = self._encoding_diag()
        if self.hand is not None and self.pending:
            d = self._pending_diag()
        if self.pasted is not None and self.hand is not None:
            # the hand under the number of the hand above has an error: no copy of it; its E-HAND-ORDER at its
            # 'hand' line is its first error, as before the copy was looked for (phone32 F4)
            d = self.pasted[1]
            self.pasted = None
        if self.strict:
            raise ShnSyntaxError(d) from None
        if self.hand is not None:
            self.hand.errors.append(d)
            self.hand_failed = True
            self.skipping = _SKIP_HAND
        else:
            self.errors.append(d)
            self.sess_errs.append(d)
            self.skipping = _SKIP_LINE

    def _pending_diag(self) -> Diagnostic:
        s, line, col = self.pending[0]
        self.pending = []
        return self._seat_err(s, col, line).diagnostic

    def _encoding_diag(self) -> Diagnostic:
        line = self.lines[self.ln - 1]
        m = _SURROGATE.search(line)
        o = ord(m.group())
        if 0xDC80 <= o <= 0xDCFF:
            found = f"the byte 0x{o - 0xDC00:02X}, which is not valid UTF-8"
        else:
            found = f"a lone surrogate U+{o:04X}, which cannot be encoded as UTF-8"
        hand = self.hand
        # what to do, said (serve25 F4): a Windows editor's or an old phone app's file is Windows-1252 (é as 0xE9)
        how = ("; save the file as UTF-8 (an editor's 'Save as' > Encoding: UTF-8), or correct that character"
               if 0xDC80 <= o <= 0xDCFF else "")
        return Diagnostic("E-ENCODING", f"found {found}; expected UTF-8 text{how}", "error", self.path, self.ln,
                          m.start() + 1, (hand.number or None) if hand is not None else None, None, found,
                          "UTF-8 text")

    # -- driver ------------------------------------------------------------

    def run(self) -> ShnFile:
        text = self.text
        lines = text.split("\n")
        self.lines = lines
        has_surrogate = not text.isascii() and _SURROGATE.search(text) is not None  # isascii: no scan of ASCII text
        has_bom = "\ufeff" in text
        has_cr = "\r" in text
        odd = has_surrogate or has_bom or has_cr
        off = 0
        ln = 0
        scan = _SCAN  # plain card lines read before any split (compiled only)
        for line in lines:
            ln += 1
            self.ln = ln
            self.off = off
            off += len(line) + 1
            if self.skipping == _SKIP_LINE:
                self.skipping = _SKIP_NONE
            if ln == 1 and self._header(line, has_surrogate):
                continue
            if odd:
                if has_bom and "\ufeff" in line:
                    line = self._bom_line(line)
                if has_cr and not self.cr_said and "\r" in line:
                    self._lone_cr(line)
                if has_surrogate and _SURROGATE.search(line) is not None:
                    fixed = self._cp1252_tag(line)
                    if fixed is None:
                        self._bad_line(line)
                        continue
                    line = fixed
            if "%SHN" in line and _joined_at(line):  # a file without a last line end, another joined after it
                self._joined(line)  # (break21b F21): its header read where it starts
                continue
            if scan is not None and scan(self, line):
                continue
            if "{" in line or "[" in line:
                toks = _tokens(line)
                if ";" in line:  # a comment: read as a line of _commented (real31 A)
                    self._commented(line, toks)
                    continue
            elif ";" in line:
                self._commented(line, line[:line.find(";")].split())
                continue
            else:
                toks = line.split()
            if not toks:
                continue
            fast = _FAST.get(toks[0])
            if fast is not None and fast(self, line, toks):
                continue
            self.line = line
            if toks[0] == "%SHN" and self.ln > 1:  # a second file's header: two files joined (real21 F0)
                self._file_again(line)
                continue
            self._slow(line, toks)
        self.ln = len(lines)
        self._end_hand(len(text))
        self._tag_late_rest()
        self._keep_voided_session()
        return ShnFile(self.hands, self.errors, "1.0", self.path, self.voided_sessions)

    def stream(self, pieces: Iterable[str], batch: int) -> Iterator[ShnFile]:
        """:meth:`run` over text arriving in ``pieces`` (the decoded file in
        blocks), yielding the hands read so far as an :class:`ShnFile` of at
        least ``batch`` finished hands, with the file-level diagnostics found
        since the previous one; the last batch holds the rest (possibly no
        hand).  Only the lines of the hand being read are kept (and the
        session's Seats line), so memory is bounded by the batch and the
        longest hand, not by the file; positions, hand sources and
        diagnostics are those :meth:`run` gives for the whole text."""
        self.text = None
        win = self.lines = _Window()
        ln = 0
        off = 0
        for line, maybe_bad in _split_lines(pieces):
            ln += 1
            self.ln = ln
            self.off = off
            off += len(line) + 1
            h = self.hand
            win.trim(h.line if h is not None else ln)
            win.lines.append(line)
            if self.skipping == _SKIP_LINE:
                self.skipping = _SKIP_NONE
            if ln == 1 and self._header(line, maybe_bad):
                continue
            if "\ufeff" in line:
                line = self._bom_line(line)
            if not self.cr_said and "\r" in line:
                self._lone_cr(line)
            if maybe_bad and _SURROGATE.search(line) is not None:
                fixed = self._cp1252_tag(line)
                if fixed is None:
                    self._bad_line(line)
                else:
                    self._line(fixed)
            else:
                self._line(line)
            if len(self.hands) >= batch + 2:  # the last two stay: the current hand, and _error_mark's
                done = self.hands[:-2]
                del self.hands[:-2]
                errors, self.errors = self.errors, []
                yield ShnFile(done, errors, "1.0", self.path)
        self.ln = ln
        self._end_hand(off - 1)
        self._tag_late_rest()
        self._keep_voided_session()
        hands, self.hands = self.hands, []
        errors, self.errors = self.errors, []
        yield ShnFile(hands, errors, "1.0", self.path, self.voided_sessions)

    def _lone_cr(self, line: str) -> None:
        """The first CR of the file that does not end its line (a CR before
        the LF is a CRLF line end): a ``W-CR`` warning at it, once a file.  A
        CR is whitespace (notation.md §2.1), so what follows it is on the same
        line — after a ``;`` it is comment — which a file that mixes CR line
        ends with LF ones does not mean: the warning says where to look when
        a hand then reads wrongly."""
        body = line.rstrip("\r")
        j = _cr_outside(body)
        if j < 0:
            return
        self.cr_said = True
        self.errors.append(Diagnostic(
            "W-CR", "found a CR inside this line, not before its LF: it is read as a space, so what follows it is "
            "on the same line (after ';' a comment); if the file mixes line ends, convert them to LF",
            "warning", self.path, self.ln, j + 1, None, None, "CR", "LF or CRLF line ends"))

    def _bom_line(self, line: str) -> str:
        """A line that starts (after whitespace) with a byte order mark
        (U+FEFF) after the file's start — two files joined, the second saved
        with a BOM: a ``W-BOM`` warning at it, and the line with it read as a
        space, so that the line's words (a ``hand`` line above all) read as
        they are and keep their columns (notation.md §2.1 allows a BOM only at
        the very start).  A U+FEFF elsewhere in a line (inside a note, a tag
        value or a word) is left as written."""
        k = len(line) - len(line.lstrip())
        if line[k:k + 1] != "\ufeff":
            return line
        self.errors.append(Diagnostic(
            "W-BOM", "found a byte order mark (U+FEFF) inside the file (two files joined?); read it as a space; "
            "expected one only at the very start", "warning", self.path, self.ln, k + 1, None, None, "U+FEFF",
            "no byte order mark after the start"))
        j = k
        while line[j:j + 1] == "\ufeff":
            j += 1
        return line[:k] + " " * (j - k) + line[j:]

    def _joined(self, line: str) -> None:
        """A line holding SHN headers after other text (files joined with
        ``cat``, each without a last line end): the text before the first
        read as a line, then each header where it starts.  A loop, not a
        recursion: a line of two thousand headers (a fuzzer's) overflowed the
        stack (session 22)."""
        heads = [line]  # heads[k + 1] is heads[k] cut at its last header
        while j := _joined_at(heads[-1]):
            heads.append(heads[-1][:j])
        self._line(heads[-1])
        for k in range(len(heads) - 2, -1, -1):
            self._file_again(heads[k], len(heads[k + 1]))

    def _line(self, line: str) -> None:
        if "%SHN" in line and _joined_at(line):  # a file without a last line end, another joined after it
            self._joined(line)
            return
        if "{" in line or "[" in line:
            toks = _tokens(line)
            j = line.find(";")
        else:
            j = line.find(";")
            toks = (line if j < 0 else line[:j]).split()
        if j >= 0:
            self._commented(line, toks)
        elif toks:
            self._statements(line, toks)

    def _statements(self, line: str, toks: list[str]) -> None:
        """The statements ``toks`` (not empty) of ``line``, read as :meth:`run` reads them."""
        fast = _FAST.get(toks[0])
        if fast is not None and fast(self, line, toks):
            return
        self.line = line
        if toks[0] == "%SHN" and self.ln > 1:  # a second file's header: two files joined (real21 F0)
            self._file_again(line)
            return
        self._slow(line, toks)

    def _slow(self, line: str, toks: list[str]) -> None:
        """The statement loop over ``toks`` of ``line`` (the fast path did
        not read it), a phone's full stops after its words read with one
        warning (phone32 F3, :func:`_full_stops`)."""
        stops = _full_stops(toks, self.cards, self.seatset) if "." in line else None
        t0 = toks[0]
        if t0[0] in "hH" and t0[:4].lower() == "hand" and (len(t0) > 4 or len(toks) > 1 and toks[1][-1] == ":") \
                and self._hand_fused(line, toks):
            return  # newuser34 F2: 'Hand2', a missed space; verify34 F5: 'hand3:', 'Hand 3:', a colon after it
        h = self.hand
        if h is not None and h.score is not None and toks[0] in self.seatset and not self.skipping \
                and self._score_wrapped(line, toks):
            return
        self._process(toks, 0)
        if stops:
            self._stops_said(line, toks, stops)

    def _hand_fused(self, line: str, toks: list[str]) -> bool:
        """A line starting ``hand2`` / ``Hand2`` (a phone's missed space,
        newuser34 F2), or ``hand3:`` / ``hand 3:`` / ``Hand 3:`` (a colon after
        the number, verify34 F5: it swallowed the hand above): read as
        ``hand 2`` / ``hand 3``, with a ``W-PHONE-SLIP`` at it naming the new
        hand (its meaning is certain: no seat alias may be a keyword, and a
        word of 'hand' and digits is no statement).  The line read for
        positions keeps its length (``hand2 ...``: the number is found right
        after ``hand``; the colon read as a space), so every column stays.
        The slow path alone: such a line is never the fast path's.  False
        (nothing read) when ``toks`` start no such hand line."""
        t0 = toks[0]
        spaced = len(t0) == 4
        if spaced:  # 'hand 3:'
            num = toks[1] if len(toks) > 1 else ""
            if len(num) < 2 or num[-1] != ":":
                return False
        else:  # 'hand2', 'hand3:'
            num = t0[4:]
        colon = num[-1] == ":"
        digits = num[:-1] if colon else num
        if not digits or not digits.isdecimal() or not digits.isascii():
            return False
        col = line.find(t0) + 1
        at = line.find(num, col + 3) if spaced else col + 3  # the number's index in the line
        found = line[col - 1:at + len(num)]
        read_as = f"hand {int(digits)}"
        toks[0:2 if spaced else 1] = ["hand", digits]
        text = line[:col - 1] + "hand" + line[col + 3:]
        if colon:
            text = text[:at + len(digits)] + " " + text[at + len(digits) + 1:]
        self.line = text
        self._process(toks, 0)
        h = self.hand
        what = ("a colon after the hand's number" if spaced else
                "'hand' and its number without the space between them" + (", and a colon after it" if colon else ""))
        self.errors.append(Diagnostic(
            "W-PHONE-SLIP", f"found {_quote(found)}: {what}; read as '{read_as}' (a hand starts with 'hand N'"
            + (", no colon" if colon else "") + f"); write '{read_as}' to silence this warning", "warning",
            self.path, self.ln, col, (h.number or None) if h is not None else None, None, found, read_as))
        return True

    def _pairs_after_score(self, toks: list[str]) -> bool:
        """True when ``toks`` are only seat and units pairs (a seat in force,
        then a whole number with an optional sign) and the line above is the
        hand's score line: a score line the phone wrapped (phone32 F5)."""
        n = len(toks)
        if n < 2 or n & 1 or self.hand is None or self.hand.score is None:
            return False
        seatset = self.seatset
        for k in range(0, n, 2):
            if toks[k] not in seatset or (toks[k + 1] not in _SINT and not _SINT_RE.fullmatch(toks[k + 1])):
                return False
        return self.hand.score.pos.line == self.ln - 1

    def _score_wrapped(self, line: str, toks: list[str]) -> bool:
        """A line of only seat/units pairs right below the hand's score line,
        its seats none of the score's (``Score Al +2 Bob -4 Cy +2`` then
        ``Di -2 Ed +2``: a phone's wrap, phone32 F5): read as the end of
        that line, with a ``W-PHONE-SLIP`` saying to join it; the units are
        checked as any score's.  False (nothing read) for any other line."""
        if not self._pairs_after_score(toks):
            return False
        sc = self.hand.score
        entries = list(sc.entries)
        have = {a for a, _ in entries}
        seats = toks[0::2]
        if have & set(seats) or len(set(seats)) != len(seats):
            return False
        ln = self.ln
        p = 0
        for k in range(0, len(toks), 2):
            q = line.find(toks[k], p)
            u = toks[k + 1]
            r = line.find(u, q + len(toks[k]))
            p = r + len(u)
            entries.append((toks[k], new_value(_SINT[u] if u in _SINT else _to_int(u), ln, r + 1)))
        sc.entries = entries
        self.last = entries[-1][1]
        above = self.lines[ln - 2]
        cut = comment_at(above) if ";" in above else -1
        above = above[:cut] if cut >= 0 else above
        read_as = f"{' '.join(above.split())} {' '.join(toks)}"
        self._phone_slip(toks, 0, read_as, "a line of only seats and their units right below the score line, "
                         "its seats not yet scored (a phone's wrap of a long line)", "a statement ends at its "
                         "line's end in SHN; join it to the score line above", found=" ".join(toks))
        return True

    def _stops_said(self, line: str, toks: list[str], stops: list[tuple[int, str]]) -> None:
        """The one ``W-PHONE-SLIP`` of a line whose statements ended with a
        phone's full stop (phone32 F3: ``Pick Bob.  Call AH.  Partner Di.``,
        iOS's double-space full stop), read without them by
        :func:`_full_stops`: at the first, naming each (the tokens ``stops``
        as written, by index), read as the line without them (a '.' ends no
        statement in SHN, docs/notation.md §2).  Only on the statement loop's
        path (the fast path never reads a token with a '.')."""
        k0 = stops[0][0]
        found = [t for _k, t in stops]
        shown = ", ".join(_quote(t) for t in found[:6]) + (", ..." if len(found) > 6 else "")
        read_as = line.split(";", 1)[0].strip() if "{" not in line else " ".join(toks)
        for _k, t in stops:
            read_as = read_as.replace(t, t.rstrip("."), 1)
        self._phone_slip(toks, k0, read_as, f"{len(found)} statement word{'s' if len(found) > 1 else ''} of the line "
                         f"with a full stop after {'them' if len(found) > 1 else 'it'} ({shown}; a phone's: two "
                         "spaces typed make '. ')", "a '.' ends no statement in SHN", found=found[0])

    def _commented(self, line: str, toks: list[str]) -> None:
        """A ``line`` with a ``;`` in it: its statements ``toks`` read, then,
        when a hand is being read (the line's own ``hand`` included) and the
        line's comment holds words that read as statements
        (:func:`comment_statements`), a ``W-COMMENT`` warning at its ``;``
        (real31 A: ``win ; crack Di`` stored uncracked, silently).  Kept with
        the file's diagnostics; the validator drops it when the hand is
        refused (:func:`ingest.validate._late_tags_kept`), whose
        ``E-RESULT-UNKNOWN`` says it itself.  Only lines with a ``;`` come
        here (issue 17: no work on the others)."""
        if toks:
            self._statements(line, toks)
        h = self.hand
        if h is None:
            return
        got = comment_statements(line)
        if got is None:
            return
        j, rest = got
        shown = rest if len(rest) <= 60 else rest[:57] + "..."
        self.errors.append(Diagnostic(
            "W-COMMENT", f"the text after ';' ({shown!r}) reads as statements but is a comment, not read: ';' starts "
            "a comment to the end of its line, it is no separator (docs/notation.md §2.2), so the hand is stored "
            "without them; if they were meant, remove the ';' (statements are written apart by spaces) and correct "
            "the hand (shead ingest --amend)", "warning", self.path, self.ln, j + 1, h.number, None, "; " + shown,
            "statements before the ';', or a comment of plain words"))

    def _file_again(self, line: str, at: int | None = None) -> None:
        """A ``%SHN`` header after line 1: two files joined (``cat``, a
        phone's note that pastes each week's template under the last).  The
        hand above ends there, and what follows is read as the next file: a
        session block of its own whose tags are only those written after the
        header, as after a ``[Session]`` line (docs/notation.md §3), with a
        ``W-SHN-AGAIN`` warning.  It was a statement of the hand above,
        refusing it, and the next file's tags were that hand's, its hands
        stored in the first night under its rules and date (real21 F0).
        ``at``: where the header starts in ``line`` when the file above ended
        without a line end (break21b F21: the header was read as part of the
        last line, after a comment)."""
        col = (line.find("%SHN") if at is None else at) + 1
        self._end_hand(self.off + col - 1)
        self.errors.append(Diagnostic(
            "W-SHN-AGAIN", f"found a second '%SHN' header at line {self.ln} (two files joined?): read as the start of "
            "the next file, a session block of its own whose tags are those written after it (docs/notation.md "
            "§3); the hands above keep theirs", "warning", self.path, self.ln, col, None, None,
            line.strip()[:40], "one '%SHN 1.0' header, on line 1"))
        self._start_session()
        self.skipping = _SKIP_NONE
        bad = self._header_again(line, col - 1)
        if bad is not None:
            self._fail(bad)  # outside any hand: a session error, so every hand of the block gets E-SESSION

    def _header_again(self, line: str, at: int) -> ShnSyntaxError | None:
        """The ``E-HEADER`` of a later header starting at index ``at`` of
        ``line``, or None when it reads: ``%SHN 1.0`` alone, or before a
        ``;`` comment (docs/notation.md §2.1, §3: ``header = "%SHN 1.0" ,
        LF``), as line 1 must be.  Another version (or none) is refused at
        the header; any other text after it (a tag, a statement, a note) at
        its first character, quoted, with where it belongs: it was dropped
        without a word (fixb30 F1: ``%SHN 1.0 [Event "x"]`` lost the tag)."""
        m = _HEADER_AGAIN.match(line, at)
        head = line[at:m.end()]
        if m.group(1) != "1.0":
            return self._err("E-HEADER", f"found {_quote(head)} at line {self.ln}; expected '%SHN 1.0' (this reader "
                             "reads SHN version 1.0; a second file joined after the first starts with that header)",
                             at + 1, head, "%SHN 1.0")
        rest = line[m.end():]
        k = next((k for k, c in _outside_chars(rest, len(rest)) if c == ";"), len(rest))
        found = rest[:k].strip()
        if not found:
            return None
        where = ("write the tag on a line of its own below the header" if found.startswith("[")
                 else "write it on a line of its own below the header")
        return self._err("E-HEADER", f"found {_quote(found)} after the '%SHN 1.0' header at line {self.ln}; expected "
                         f"the header alone on its line, or before a ';' comment (docs/notation.md §2.1, §3): {where}; "
                         "until then the hands of the file it starts are refused (E-SESSION)",
                         m.end() + len(rest) - len(rest.lstrip()) + 1, found,
                         "'%SHN 1.0' alone on its line (a ';' comment may follow)")

    def _other(self, toks: list[str], i: int) -> int:
        t = toks[i]
        c0 = t[0]
        if c0 == "{":
            return self._note(toks, i)
        if c0 == "[":
            return self._tag(toks, i)
        low = t.lower()
        if low != t and low in _DISPATCH:
            return self._fold(toks, i, low)
        raise self._statement_err(toks, i)

    def _fold(self, toks: list[str], i: int, low: str) -> int:
        """A statement keyword written in another case (``Hand 2``, ``Pick``,
        ``Lose``, ``T3``: a phone's capital at the start of a line) is that
        keyword: no seat alias may be a keyword in any case (notation.md
        §2), so nothing else could be meant.  Every such token of the line
        from ``toks[i]`` on (``low`` is the first's lower case) and its span
        of the line read for positions become lower case at once — one pass
        over the line, however many it holds (issue 15: a line of 20,000
        ``Hand N`` took 136 s folded one by one); the same length, so every
        column stays, and the hand's source text is kept as written.
        Returns ``i`` for the statement loop to dispatch it."""
        line = self.line
        find = line.find
        parts: list[str] = []
        p = done = 0
        for j, t in enumerate(toks):
            q = find(t, p)
            p = q + len(t)
            if j < i or t[0] in "{[":
                continue
            lt = low if j == i else t.lower()
            if lt != t and len(lt) == len(t) and lt in _DISPATCH:
                parts.append(line[done:q])
                parts.append(lt)
                done = p
                toks[j] = lt
        parts.append(line[done:])
        self.line = "".join(parts)
        return i

    def _process(self, toks: list[str], i: int) -> None:
        """The statement loop of one line's tokens.  After
        :data:`MAX_LINE_ERRORS` errors on the line, the next one is reported
        as ``E-TOO-MANY`` (at its own position) and the rest of the line is
        not read: the line's time stays linear whatever it holds (issue 15:
        ``hand`` written 100,000 times on one line started 100,000 hands)."""
        n = len(toks)
        self.p = 0
        errs = 0
        while i < n:
            if self.skipping:
                # a line that starts a hand ends the skip where it stands (``self.p`` = 0 finds
                # its 'hand'): no call for each line of many short refused hands (issue 15)
                if i or (toks[0] != "hand" and toks[0].lower() != "hand"):
                    i = self._skip(toks, i, n)
                    if i >= n:
                        return
                self.skipping = _SKIP_NONE
            try:
                while i < n:
                    t = toks[i]
                    h = _DISPATCH.get(t)
                    if h is not None:
                        if self.hand is None and t != "hand":
                            raise self._err_at("E-OUTSIDE", f"found the statement {_quote(t)} before the first hand; "
                                               "expected 'hand N' first (only tags may come before it)",
                                               toks, i, t, "hand N")
                        i = h(self, toks, i, n)
                    else:
                        i = self._other(toks, i)
            except ShnSyntaxError as exc:
                errs += 1
                if errs > MAX_LINE_ERRORS:
                    self._fail(self._too_many(exc.diagnostic, n - i - 1))
                    return  # the skip mode _fail set (to the next hand, or the next line) goes on from the next line
                found = exc.diagnostic.found or ""
                self._fail(exc)
                if exc.diagnostic.code == "E-STATEMENT" and found.startswith(("#", "//", "--")):
                    return  # another language's comment: the rest of the line is its text, no 'hand' (real31 F7)
                i += 1
                self.p = self._col(toks, i) - 1 if i < n else len(self.line)

    def _too_many(self, d: Diagnostic, rest: int) -> ShnSyntaxError:
        """``E-TOO-MANY`` in place of error ``d``, the line's
        (``MAX_LINE_ERRORS`` + 1)-th, whose position it keeps; the ``rest``
        tokens of the line after the statement that failed are not read."""
        what = d.message if len(d.message) <= 80 else d.message[:77] + "..."
        return ShnSyntaxError(Diagnostic(
            "E-TOO-MANY", f"found more than {MAX_LINE_ERRORS} errors on line {d.line}; the next is {d.code} ({what}); "
            f"the rest of the line ({rest:,} more tokens) is not read; expected at most "
            f"{MAX_LINE_ERRORS} errors on one line: correct the errors reported before this one and read the file "
            "again", "error", d.file, d.line, d.col, d.hand, d.trick, f"more than {MAX_LINE_ERRORS} errors on one line",
            f"at most {MAX_LINE_ERRORS} errors on one line"))

    def _header(self, line: str, has_surrogate: bool) -> bool:
        """Check line 1; True when the line is consumed."""
        self.line = line
        if has_surrogate and _SURROGATE.search(line) is not None:
            self._fail(ShnSyntaxError(self._encoding_diag()))
            self.skipping = _SKIP_NONE
            return True
        m = _HEADER.fullmatch(line)
        if m is not None:
            if m.group(1) != "1.0":
                self._fail(self._err("E-HEADER", f"found {_quote('%SHN ' + m.group(1))} on line 1; expected "
                                     "'%SHN 1.0' (this reader reads SHN version 1.0)", 1, m.group(1), "%SHN 1.0"))
            self.skipping = _SKIP_NONE
            return True
        shown = line.rstrip("\r")
        cr = shown.find("\r")
        if cr >= 0 and _HEADER.fullmatch(shown[:cr]) is not None:  # old Mac line ends: one line of the whole file
            self._fail(self._err("E-HEADER", "the lines of this file end in CR only (old Mac line ends); SHN lines end "
                                 "in LF or CR LF: convert the file (e.g. tr '\\r' '\\n' < in.shn > out.shn)", cr + 1,
                                 "CR line ends", "LF or CR LF line ends"))
            self.skipping = _SKIP_NONE
            return True
        if shown.startswith("%SHN 1.0") and _RUN_ON.match(shown, 8) is not None:
            if _HAND_RUN_ON.search(shown, 8) is not None:
                # break33 F12: the header with the file's hands run on after it: the file's line ends were
                # stripped, as `curl -d @file` (--data) sends a file
                self._fail(self._err("E-HEADER", f"found {_quote(shown)} on line 1: the statements run on after "
                                     "'%SHN 1.0', so the file's line ends were stripped (as `curl -d @file` / --data "
                                     "sends a file); send it with `curl --data-binary @file`, which keeps them", 9,
                                     shown[:60], "'%SHN 1.0' then a line end"))
            else:
                # verify33 F3: only tags after the header, the hands on later lines: the line ends are there, the
                # header's own is missing (no curl hint)
                self._fail(self._err("E-HEADER", f"found {_quote(shown)} on line 1: a tag written after '%SHN 1.0' "
                                     "on its line; the header stands alone on line 1 and the tags go on the lines "
                                     "after it", 9, shown[:60], "'%SHN 1.0' then a line end"))
            self.skipping = _SKIP_NONE
            return True
        found = _quote(shown) if shown.strip() else "an empty line"
        self._fail(self._err("E-HEADER", f"found {found} on line 1; expected '%SHN 1.0'", 1, shown[:60], "%SHN 1.0"))
        self.skipping = _SKIP_NONE
        return line.startswith("%")

    def _bad_line(self, line: str) -> None:
        """A line holding bytes that are not UTF-8: read the tokens before
        the first bad one, then report E-ENCODING there."""
        bad = _SURROGATE.search(line).start()
        toks = []
        cut = bad + 1
        for m in _SLOW_TOKEN.finditer(line):
            if m.end() > bad:
                cut = min(cut, m.start() + 1)
                break
            t = m.group()
            if t[0] == ";":
                break
            toks.append(t)
        self.line = line
        self.enc_cut = cut
        mark = self._error_mark()
        if toks:
            self._process(toks, 0)
        if not self._errors_since(mark) and self.skipping != _SKIP_HAND:
            self._fail(ShnSyntaxError(self._encoding_diag()))
        self.enc_cut = 0

    def _cp1252_tag(self, line: str) -> str | None:
        """A session tag line whose only bytes that are not UTF-8 lie inside
        its quoted value (a player's name saved by a Windows editor): the
        line with those bytes read as Windows-1252, and a ``W-ENCODING``
        warning at the first of them (notation.md §2.1); None for any other
        line (reported as ``E-ENCODING``)."""
        s = line.lstrip()
        if s[:1] != "[" or (self.hand is not None and _SESSION_TAG.match(s) is None):
            return None
        q0, q1 = line.find('"'), line.rfind('"')
        bad = [m.start() for m in _SURROGATE.finditer(line)]
        if q0 < 0 or q1 <= q0 or bad[0] < q0 or bad[-1] > q1:
            return None
        out = []
        for ch in line:
            o = ord(ch)
            if 0xDC80 <= o <= 0xDCFF:
                out.append(bytes([o - 0xDC00]).decode("cp1252", "replace"))
            elif 0xD800 <= o <= 0xDFFF:
                return None
            else:
                out.append(ch)
        fixed = "".join(out)
        found = f"the byte 0x{ord(line[bad[0]]) - 0xDC00:02X}, which is not valid UTF-8"
        self.errors.append(Diagnostic(
            "W-ENCODING", f"found {found} in a tag value; read it as Windows-1252 ({fixed[bad[0]]!r}); save the "
            "file as UTF-8 to silence this warning", "warning", self.path, self.ln, bad[0] + 1, None, None, found,
            "UTF-8 text"))
        return fixed

    def _error_mark(self) -> tuple[int, int, int]:
        """Where the errors stand now: (file errors, hands, errors of the last
        hand), for :meth:`_errors_since`."""
        hands = self.hands
        return len(self.errors), len(hands), len(hands[-1].errors) if hands else 0

    def _errors_since(self, mark: tuple[int, int, int]) -> bool:
        """Whether an error was reported since ``mark`` (of :meth:`_error_mark`):
        a file error, one more on the hand that was last, or any on a hand
        begun since.  (A count over the last two hands was wrong when a new
        hand pushed an erring one out of the window: a line's bad bytes were
        then taken as reported and the hand stored with them.)"""
        n_err, n_hands, last = mark
        hands = self.hands
        if len(self.errors) > n_err:
            return True
        if n_hands and len(hands[n_hands - 1].errors) > last:
            return True
        return any(h.errors for h in hands[n_hands:])

    def _skip(self, toks: list[str], i: int, n: int) -> int:
        line_mode = self.skipping == _SKIP_LINE
        while i < n:
            t = toks[i]
            if t == "hand" or (t[0] == "H" and t.lower() == "hand"):  # Hand: a phone's capital (_fold)
                break
            if t[0] == "[" and (line_mode or _SESSION_TAG.match(t) is not None):
                break
            i += 1
        if i < n:
            self.p = self._col(toks, i) - 1
        return i

    def _statement_err(self, toks: list[str], i: int) -> ShnSyntaxError:
        t = toks[i]
        if t in CARD_SPELLINGS or t in GERMAN_SPELLINGS or _PLAYED.fullmatch(t) or _PLAYED_DE.fullmatch(t):
            what = f"found the card {_quote(t)} where a statement was expected"
        elif t.lower() in KEYWORDS or _TRICK_WORD.fullmatch(t):
            what = f"found {_quote(t)} where a statement was expected (keywords are written in lower case, tricks t1 to t99)"
        elif t[0] == "}":
            what = f"found {_quote(t)}: a '}}' without an opening '{{'"
        else:
            what = f"found {_quote(t)} where a statement was expected"
        glued = _glued_hint(t, self.seatset) if len(t) > 2 and t.lower() not in KEYWORDS else ""
        hint = did_you_mean(t, sorted(KEYWORDS), cutoff=0.75) if t.isalpha() and len(t) >= 3 and not glued else ""
        if glued:  # 'pts60', 'callAS', 'pickNed': a missed space (newuser34 F4), before any other reading of it
            hint = glued
        elif t.lower() in _RESULT_WORDS:  # a score sheet's word for the outcome (a tester's 'pts 70  won')
            hint = (f"; did you mean {_RESULT_WORDS[t.lower()]!r}? (an outcome is win, lose, win-s, lose-s, win-z "
                    "or lose-z)")
        elif t.lower() in ("schneider", "schwarz", "no-tricker", "notricker"):  # the tier said in words (new22 F3:
            # the hint was 'schneidster', a no-pick game)
            z = "s" if t.lower() == "schneider" else "z"
            side = toks[i - 1].lower() if i and toks[i - 1].lower() in ("win", "lose") else None
            want = f"{side}-{z}" if side else f"win-{z} or lose-{z}"
            hint = (f"; did you mean {want}? (the outcome with its tier in one word: win-s / lose-s a schneider, "
                    "win-z / lose-z a no-tricker, rules.md B-28)")
        elif _TRICK_COLON.fullmatch(t) and i + 1 < len(toks) and is_alias(toks[i + 1]):
            # fixk27: 't1: Al 9C TD ...', the colon after the trick's number, not its leader
            hint = f"; the colon follows the trick's leader, not its number: {_trick_colon_hint(t[:-1], toks[i + 1:])}"
        elif i == 0 and what.startswith("found the card") and (below := self._trick_above_hint(toks)):
            hint = below  # break27b F7: 't1 Al: 9C' and the trick's other cards on the lines below
        elif t[0] == "(" and len(t) > 1:  # a score pad's aside, '(Bea passed)' (real31 F7): SHN's note is {...}
            j = next((k for k in range(i, len(toks)) if toks[k].endswith(")")), i)
            aside = " ".join(toks[i:j + 1])[1:].rstrip(")")[:40]
            hint = f"; an aside in parentheses is not SHN: write it as a note in braces ({{{aside}}})"
        elif not hint and (i or not t.startswith(("#", "//", "--"))) and (hint := _sep_hint(toks, i)):
            pass  # 'Score:', 'Pick Bea, Call AH' (real23 F7); a line starting '#' is a note: the hint below
        elif not any(c.isalnum() for c in t) and not hint and t[0] not in "{}[]();#/-=:,.^?":
            # an emoji or a symbol outside a comment ('Win 👍', phone32 F6): where such a thing goes
            rest = " ".join(toks[i:])[:40]
            hint = f"; a remark goes after ';' (; {rest}) or in braces ({{{rest}}})"
        elif i == 0 and self._pairs_after_score(toks):
            # a score line's wrap that cannot be its end (a seat scored twice): never advise a comment, which would
            # drop the units unchecked (phone32 F5)
            hint = ("; a line of seats and units right below the score line: join it to the score line above "
                    "(one 'score' line names each seat once)")
        elif not hint and i == 0 and (t.startswith(("#", "//", "--")) or (t.isalpha() and len(toks) > 1)):
            # a scorer's note between hands ('pizza break', '# second half'): it refused the hand above it, with
            # no word of how a note is written (scorer19 F8)
            hint = (f"; if this line is a note, write it after ';' (; {' '.join(toks)[:40]}) or in braces "
                    f"({{{' '.join(toks)[:40]}}}): a line of text inside hand {self.hand.number if self.hand else '?'} "
                    "makes that hand unreadable")
        return self._err_at("E-STATEMENT", what + "; expected a statement keyword such as hand, deal, pick, t1, score"
                            + hint, toks, i, t, "a statement keyword")

    def _trick_above_hint(self, toks: list[str]) -> str:
        """For a line of cards only right below a trick line that holds some
        of its cards ('t1 Al: 9C', then 'TD' a line): say to join them onto
        that line (break27b F7).  Read from the line above and this one only,
        so a streamed file (the lines below not read yet) says the same;
        '' for anything else.  Only for an error's hint."""
        ln = self.ln
        if ln < 2 or self.hand is None or self.hand.line >= ln:
            return ""
        try:
            above = _tokens(self.lines[ln - 2])
        except (IndexError, KeyError):
            return ""
        if (len(above) < 3 or not _TRICK_WORD.fullmatch(above[0]) or above[1][-1:] != ":"
                or not is_alias(above[1][:-1])):
            return ""
        is_card = self._is_card_tok
        if not all(is_card(c) for c in above[2:]) or not all(is_card(c) for c in toks):
            return ""
        shown = " ".join(above + toks)
        return (f"; the cards on this line belong to '{above[0]} {above[1]}' on line {ln - 1}, and a statement is "
                f"one line (docs/notation.md): write them (and any cards below) on that line ('{shown} ...')")

    def _is_card_tok(self, t: str) -> bool:
        return (t in CARD_SPELLINGS or t in GERMAN_SPELLINGS or _PLAYED.fullmatch(t) is not None
                or _PLAYED_DE.fullmatch(t) is not None)

    # -- hands, tags, notes ------------------------------------------------

    def _end_hand(self, end: int) -> None:
        h = self.hand
        if h is None:
            return
        if self.pasted is not None and (self.pending or self.eol_trick is not None):
            skipping = self.skipping  # the hand below (its 'hand' line ends this one) is read, not skipped
            self.pending = []
            self.eol_trick = None
            self._fail(ShnSyntaxError(self.pasted[1]))  # _fail says the hand's E-HAND-ORDER
            self.skipping = skipping
        if self.eol_trick is not None:
            self._eol_trick_said(h)
        if self.pending and not self.hand_failed:
            d = self._pending_diag()
            if self.strict:
                raise ShnSyntaxError(d)
            h.errors.append(d)
        if self.late_pending:
            self._tag_late(h)
        if self.override:
            order = self._order()
            idx = [order.get(d.seat, len(order)) for d in h.deals]
            self.deal_unsorted = idx != sorted(idx)
        if self.deal_unsorted and self.seats_known:
            order = self._order()
            if all(d.seat in order for d in h.deals):
                h.deals.sort(key=lambda d: order[d.seat])
        if self.trick_unsorted:
            h.tricks.sort(key=lambda t: t.number)
        h.source = self.text[self.hand_off:end] if self.text is not None else self.lines.slice(self.hand_off, end)
        if h.source[-1:] == "\ufeff":  # the next hand's line starts with a BOM (W-BOM, read as a space there): it
            h.source = h.source.rstrip("\ufeff")  # is that line's, not this hand's text (break27 F5: the amended
            # hand's old copy above it was then "other text", E-HAND-CONFLICT, not W-HAND-AMENDED)
        if self.pasted is not None:
            self._pasted(h)
        self.hand = None
        self.last = None

    def _pasted(self, h: HandRecord) -> None:
        """The hand ``h`` just read under the number of the hand above it
        (:attr:`pasted`): when its text is that hand's (spaces and blank
        lines aside) and holds statements beyond its ``hand N`` line, a block
        pasted twice (phone32 F4: a phone's note pasted again, as a CSV's rows
        are with W-CSV-PASTED): dropped, counted once,
        with a ``W-HAND-PASTED`` warning at its ``hand``; otherwise another
        hand under a number already used: its ``E-HAND-ORDER`` (raised when
        strict), the hand refused."""
        prev, d, sess = self.pasted
        self.pasted = None
        if h.source.split() == prev.source.split() and not h.errors and _has_statements(h):
            if self.hands and self.hands[-1] is h:
                self.hands.pop()
            if sess is not self.sess:  # a hand 1 pasted twice is no night numbered from 1 again (break26 F1)
                self.sess = sess
                self.block_restart = None
            self.late_pending = []
            self.errors.append(Diagnostic(
                "W-HAND-PASTED", f"hand {h.number} at line {d.line} is the same text as hand {h.number} at line "
                f"{prev.pos.line} above it (a block pasted twice?): read once; delete the copy to silence this "
                "warning", "warning", self.path, h.pos.line, h.pos.col, h.number,
                None, f"hand {h.number}", "each hand written once"))
            return
        if self.strict:
            raise ShnSyntaxError(d)
        h.errors.insert(0, d)
        self.hand_failed = True

    def _eol_trick_said(self, h: HandRecord) -> None:
        """A streamed file's trick refused at its line end, said as
        :meth:`s_trick` says it in a whole text once the hand's lines below
        it are read (real27 F5: the same diagnostics either way)."""
        ln, kw, lead = self.eol_trick
        self.eol_trick = None
        below = self._cards_below(ln)
        if not below:
            return
        for k, d in enumerate(h.errors):
            if d.code == "E-CARD" and d.line == ln and d.found == "end of line":
                h.errors[k] = self._cards_below_err(kw, lead, below, d.col, d.trick, ln).diagnostic
                return

    def _tag_late(self, h: HandRecord) -> None:
        """The ``W-TAG-LATE`` warnings of hand ``h``, just ended: none when
        the hand is refused (its tag applies to no hand stored); the first
        :data:`TAG_LATE_SAID` of the file said each, the others kept for
        :meth:`_tag_late_rest` (break24 F8: a file of 300 hands each
        followed by its session's [Date] gave 300 warnings)."""
        late, self.late_pending = self.late_pending, []
        if h.errors or self.hand_failed:
            return
        for d in late:
            if self.late_said < TAG_LATE_SAID:
                self.late_said += 1
                self.errors.append(d)
            else:
                self.late_more.append(d)

    def _tag_late_rest(self) -> None:
        """One ``W-TAG-LATE`` naming the late tags after the first
        :data:`TAG_LATE_SAID` (as ``W-CSV-EXTRA`` names its rows), at the
        first of them."""
        more, self.late_more = self.late_more, []
        if not more:
            return
        lines = ", ".join(str(d.line) for d in more[:20]) + (", ..." if len(more) > 20 else "")
        self.errors.append(Diagnostic(
            "W-TAG-LATE", f"{len(more)} more tags come after a hand's statements, each that hand's own "
            f"(docs/notation.md §4.2): lines {lines}; a tag for the hands that follow goes after the next hand's "
            "'hand' line (that hand alone) or in a [Session] block (every hand after it)", "warning", self.path,
            more[0].line, more[0].col, None, None, f"{len(more)} tags after a statement",
            "a hand's own tag right after its 'hand' line"))

    def _order(self) -> dict[str, int]:
        h = self.hand
        if self.override and h is not None:
            return {a: k for k, (a, _) in enumerate(parse_seats(h.tags["Seats"]))}
        return self.sess_order or {}

    def _start_session(self) -> None:
        self._keep_voided_session()
        # the [Rules] of the session just above, for W-RULES-DEFAULT below (break24 F2); a session above without
        # [Rules], or with an empty [Rules ""], is scored by the default profile, which a block without [Rules]
        # keeps (no change to warn of: the older house rules further up are not this block's neighbour's)
        self.rules_above = ((self.sess.tags["Rules"], self.sess.tag_pos.get("Rules"), self.sess.id,
                             self.sess.tags.get("Event")) if self.sess.tags.get("Rules", "").strip() else None)
        self.sess = SessionRec({})
        self.sess_has_hands = False
        self.sess_errs = []
        self.sess_seats = None
        self.sess_order = None
        self.last_num = None
        self.block_sid = None
        self.block_again = None
        self.block_restart = None
        self.override = False
        self._set_seats(None)
        self.sess_mode = "fr"
        self._set_mode("fr")

    def _keep_voided_session(self) -> None:
        """Keep the session being left when it had no hand and names its
        voided hands (``[_Voided "1 2 3"]``): ``shead export`` writes a
        session voided whole so, and a restore stores it, hands and all
        refused, so that the copy it was voided as is refused again
        (break18 F4)."""
        if not self.sess_has_hands and "_Voided" in self.sess.tags:
            self.voided_sessions.append(self.sess)

    def _set_seats(self, aliases) -> None:
        if aliases is None:
            self.seatset = self.shape_ok
            self.leads = self.shape_leads
            self.seats_known = False
        else:
            self.seatset = aliases
            self.leads = {a + ":": a for a in aliases}
            self.seats_known = True

    def _unterminated(self, toks: list[str], k: int, trick: int | None = None) -> ShnSyntaxError:
        t = toks[k]
        return self._err_at("E-UNTERMINATED", f"found the annotation {_quote(t)} without its closing '}}' on this "
                            "line; expected '}' (an annotation ends on the line where it starts)",
                            toks, k, t, "}", trick)

    def _note(self, toks: list[str], i: int) -> int:
        t = toks[i]
        if len(t) < 2 or t[-1] != "}":
            raise self._unterminated(toks, i)
        target = self.last
        if type(target) is ReadTrick:  # the fast path's trick: the note is its last card's
            target = target.plays[-1]
        elif type(target) is ReadScore:  # the fast path's score: its last entry's
            target = target.entries[-1][1]
        if target is None:
            raise self._err_at("E-NOTE", f"found the annotation {_quote(t)} with nothing to attach to; expected it "
                               "right after a statement, a played card, a score entry or a tag (one annotation "
                               "each)", toks, i, t, "an annotation after a statement")
        target.note = _note_text(t)
        self.last = None
        self.p = self.line.find(t, self.p) + len(t)
        return i + 1

    def _tag(self, toks: list[str], i: int) -> int:
        t = toks[i]
        col = self.line.find(t, self.p) + 1
        m = _TAG.fullmatch(t)
        if m is None and (m := _TAG_CURLY.fullmatch(t)) is not None and not self.curly_said:  # smart punctuation
            self.curly_said = True  # said once a file, at its first such tag
            shown = m.group(2).translate(_PLAIN_MARKS) if m.group(1) in _TRIMMED_TAGS else m.group(2)  # newuser34 F1
            self.errors.append(Diagnostic(
                "W-TAG-QUOTES", f"found the tag {_quote(t)} with curly quotes; read it, and every tag of this file "
                f"so written, as [{m.group(1)} \"{shown}\"] (a phone's smart punctuation writes them; write "
                "straight quotes \" to silence this warning)", "warning", self.path, self.ln, col, None, None, t,
                f'[{m.group(1)} "{shown}"]'))
        if m is None:
            if t[-1] != "]" or _TAG_OPEN_QUOTE.fullmatch(t):
                raise self._err("E-UNTERMINATED", f"found the tag {_quote(t)} without its closing quote and ']' on "
                                "this line; expected [Name \"value\"] on one line", col, t, '[Name "value"]')
            raise self._err("E-TAG", f"found {_quote(t)}; expected a tag [Name \"value\"] (a name of letters, digits "
                            "and _ not starting with a digit, a space, a value in double quotes)", col, t,
                            '[Name "value"]')
        name, raw = m.group(1), m.group(2)
        raw_value = None
        if "\\" in raw:
            for b in _UNESCAPE.finditer(raw):
                if b.group(1) not in '"\\':
                    raise self._err("E-TAG", f"found the escape {_quote(b.group())} in the value of tag {name}; "
                                    "expected only \\\" (a quote) or \\\\ (a backslash)",
                                    col + m.start(2) + b.start(), b.group(), '\\" or \\\\')
            value = _UNESCAPE.sub(r"\1", raw)
        else:
            value = raw
        if name not in _KNOWN_TAGS and name[0] != "_":
            self._near_miss_tag(name, col)
        elif name in _TRIMMED_TAGS and value != (trimmed := value.strip().translate(_PLAIN_MARKS)):
            # a no-break space too (real23b F5); a typographic apostrophe or inner curly quote too (newuser34 F1)
            # a phone's predictive text ends a word with a space: "Friday Phone Club " is the group "Friday Phone
            # Club" and "2026.12.11 " the day (real23 F1, F3), as [Seats] names are read; the value as written is
            # kept for a session stored before this reading (SessionRec.raw_id)
            raw_value, value = value, trimmed
        if name == "Session" and (self.hand is not None or self.sess_has_hands or (
                "_Voided" in self.sess.tags and "Session" in self.sess.tags)):  # after a session voided whole
            self._end_hand(self.off + col - 1)
            self._start_session()
        hand = self.hand
        target = self.sess if hand is None else hand
        if (hand is not None and name in _NIGHT_TAGS and value != self.sess.tags.get(name) and name not in hand.tags
                and _has_statements(hand)):
            # real22 F4: a [Date] (an [Event], a [Table]) below a hand's statements, naming another night than its
            # session's, is hand N's own by §4.2 (the shared brief's normative core), but it is how a phone's note
            # starts next week's night: stored so, hand N was filed in its session under the other night's day,
            # its dealer not derived, with a warning that said neither.  The reader does not guess which was meant:
            # the hand is refused, the message says both ways to write what was meant
            was = self.sess.tags.get(name)
            night = f"its session's \"{was}\"" if was is not None else f"its session, which has no [{name}]"
            # a [Session] starts from no tags (§4.2): the night's tags are named to write again under it, the late
            # tag's value in its place (break24 F2: followed, the advice gave E-SEATS-MISSING, and with [Seats]
            # alone the next night was scored under the default rules unsaid)
            again = {k: v for k, v in self.sess.tags.items() if k in _ROSTER_TAGS}
            again[name] = value
            lines = " ".join(f'[{k} "{_tag_escape(v)}"]' for k, v in sorted(
                again.items(), key=lambda kv: _ROSTER_ORDER.index(kv[0])))
            raise self._err(
                "E-TAG-LATE", f"the tag [{name} \"{value}\"] at line {self.ln} comes after hand {hand.number}'s "
                f"statements, so it would be hand {hand.number}'s own (docs/notation.md §4.2) and file hand "
                f"{hand.number} under another night than {night}; hand {hand.number} is refused: if the tag starts "
                f"the next night, write a [Session \"...\"] line above it and, under it, the night's tags again, as a "
                f"new session starts with no tags (§4.2): {lines} (that night a session of its own, its hands "
                f"numbered from 1); if hand {hand.number} alone was played so, write the tag right after its 'hand' "
                "line", col, f"[{name}] after a statement",
                f'a [Session] line above it and the night\'s tags again, or the tag after hand {hand.number}\'s '
                "'hand' line")
        if hand is not None and name != "Session" and name[0] != "_" and _has_statements(hand):
            # a tag after the hand's statements: hand N's own, as §4.2 says, but written where a scorer puts a
            # change "from here on" above the next hand (scorer19 F4: both hands scored or dated wrong, unsaid).
            # Said when the hand ends and is not refused (break24 F8: it said "applies to hand 2 alone" beside the
            # E-DUPLICATE that refused hand 2), the first TAG_LATE_SAID of a file each, then one naming the rest
            if value == self.sess.tags.get(name):
                what = (f": it is its session's [{name}] already, so it changes nothing (docs/notation.md §4.2); a "
                        "tag meant for the hands that follow goes after the next hand's 'hand' line (that hand "
                        "alone) or in a [Session] block (every hand after it)")
            else:
                what = (f", so it applies to hand {hand.number} alone (docs/notation.md §4.2); for the hands that "
                        "follow, write it after the next hand's 'hand' line (that hand alone) or start a [Session] "
                        "block (every hand after it)")
            self.late_pending.append(Diagnostic(
                "W-TAG-LATE", f"the tag [{name}] at line {self.ln} comes after hand {hand.number}'s statements{what}",
                "warning", self.path, self.ln, col, hand.number, None, f"[{name}] after a statement",
                "a hand's own tag right after its 'hand' line"))
        if name in target.tags:
            where = "this hand" if hand is not None else "this session's tags"
            raise self._err("E-DUPLICATE", f"found a second tag {name} in {where} (the first is at line "
                            f"{target.tag_pos[name].line}); expected each tag once", col, name, "one tag " + name)
        pos = Pos(self.ln, col)
        if name == "Cards":
            was = self.mode
            self._cards_tag(value, col, hand)
            if value == "de" != was:  # the Seats in force were read with French card spellings only
                seats_at = (hand.tag_pos.get("Seats") if hand is not None else None) or self.sess.tag_pos.get("Seats")
                if seats_at is not None:
                    seats_value = (hand.tags.get("Seats") if hand is not None else None) or self.sess.tags["Seats"]
                    self._german_aliases([a for a, _ in parse_seats(seats_value)], seats_at)
        if name == "Seats":
            try:
                seats = parse_seats(value)
            except ValueError as exc:
                raise self._err("E-SEATS", f"found the Seats value {_quote(value)}: {exc}; {seats_expected(value)}",
                                col, value, "Alias=Name; ...") from None
            if (self.mode if hand is not None else self.sess_mode) == "de":
                self._german_aliases([a for a, _ in seats], pos)
            aliases = frozenset(a for a, _ in seats)
            if hand is None:
                if self.text is None:  # streaming: keep the line for a later [Cards "de"] check
                    self.lines.pin(self.ln)
                self.sess_seats = aliases
                self.sess_order = {a: k for k, (a, _) in enumerate(seats)}
                self._set_seats(aliases)
            else:
                target.tags[name] = value
                target.tag_pos[name] = pos
                self._hand_override(aliases)
        target.tags[name] = value
        target.tag_pos[name] = pos
        if raw_value is not None and hand is None:
            target.raw[name] = raw_value
        self.last = _TagNote(target.tag_notes, name)
        self.p = col - 1 + len(t)
        return i + 1

    def _near_miss_tag(self, name: str, col: int) -> None:
        """A tag of a name shead does not read that is close to one it does
        (``[Rulez]``, ``[date]``): kept as any other tag (docs/notation.md
        §4.1), with a ``W-TAG`` warning naming the tag it may mean, since a
        house's rules written under a misspelt tag are otherwise dropped
        without a word.  A name near none of them is no warning."""
        hint = did_you_mean(name, sorted(_KNOWN_TAGS), cutoff=0.75)
        if hint:
            self.errors.append(Diagnostic(
                "W-TAG", f"found the tag [{name}], which shead keeps but does not read{hint}", "warning",
                self.path, self.ln, col, None, None, name, "one of " + ", ".join(sorted(_KNOWN_TAGS))))

    def _german_aliases(self, aliases: list[str], seats_at: Pos) -> None:
        """Under ``[Cards "de"]`` no seat alias may spell a German card
        (``Ha``, ``So``, ``EO``: docs/notation.md §5, §14.2), as none may spell
        a French one: ``E-SEATS`` at the alias inside the Seats tag at
        ``seats_at`` (its line and the column of its ``[``)."""
        for a in aliases:
            if a in GERMAN_SPELLINGS:
                line = self.lines[seats_at.line - 1]
                start = line.find('"', seats_at.col - 1) + 1
                m = re.compile(r"(?<!\w)" + re.escape(a) + r"(?!\w)").search(line, start)
                col = m.start() + 1 if m is not None else seats_at.col
                card = _german(GERMAN_SPELLINGS[a])
                raise self._err("E-SEATS", f"found the seat alias {_quote(a)} under [Cards \"de\"], where it spells "
                                f"the German card {card}; expected an alias that is not a card spelling "
                                "(docs/notation.md §5)", col, a, "an alias that is not a card", line=seats_at.line)

    def _cards_tag(self, value: str, col: int, hand: HandRecord | None) -> None:
        """``[Cards "de"]`` / ``[Cards "fr"]``: the card spellings of the
        session, or of this hand alone (before its first card)."""
        if value not in CARD_MODES:
            raise self._err("E-CARDS", f"found the Cards value {_quote(value)}; expected \"de\" (German cards: EO, "
                            "GU, HA, SZ ...) or \"fr\" (French cards: QC, JS, AH, TD ...)", col, value, "de or fr")
        if hand is None:
            self.sess_mode = value
        elif value != self.mode and (hand.deals or hand.blind or hand.bury or hand.call or hand.tricks
                                     or (hand.game is not None and hand.game.name == "sauspiel")):
            raise self._err("E-CARDS", f"found [Cards \"{value}\"] after hand {hand.number}'s first card; expected "
                            "a hand's own Cards tag before its cards (they were read as "
                            f"{'German' if self.mode == 'de' else 'French'} cards)", col, value,
                            "the Cards tag before the first card")
        self._set_mode(value)

    def _hand_override(self, aliases: frozenset) -> None:
        """A Seats tag inside a hand: every seat of the hand, before or after
        the tag, must be one of its aliases."""
        self.override = True
        self._set_seats(aliases)
        self.pending = []
        bad = [(line, col, s) for s, line, col in self._hand_seats(self.hand) if s not in aliases]
        if bad:
            line, col, s = min(bad)
            raise self._seat_err(s, col, line)

    def _hand_seats(self, h: HandRecord):
        """(alias, line, col) of every seat written so far in hand ``h``."""
        for v in (h.dealer, h.pick, h.leaster, h.nopick, h.claim, h.partner, h.partner2):
            if v is not None and v.value is not None:
                yield v.value, v.pos.line, v.pos.col
        for d in (*h.deals, *h.tables):
            yield (d.seat, *self._token_after(d.pos))
        for mk in h.marks:
            if mk.seat is not None:
                yield (mk.seat, *self._token_after(mk.pos))
        if h.game is not None and h.game.seat is not None:
            yield (h.game.seat, *self._token_after(h.game.pos))
        for t in h.tricks:
            yield t.leader, t.leader_pos.line, t.leader_pos.col
        if h.score is not None:
            for s, v in h.score.entries:
                yield (s, *self._token_before(v.pos))

    def _token_after(self, pos: Pos) -> tuple[int, int]:
        line = self.lines[pos.line - 1]
        k = pos.col - 1
        n = len(line)
        while k < n and not line[k].isspace():
            k += 1
        while k < n and line[k].isspace():
            k += 1
        return pos.line, k + 1

    def _token_before(self, pos: Pos) -> tuple[int, int]:
        line = self.lines[pos.line - 1]
        k = pos.col - 2
        while k >= 0 and line[k].isspace():
            k -= 1
        while k >= 0 and not line[k].isspace():
            k -= 1
        return pos.line, k + 2

    # -- seats ---------------------------------------------------------------

    def _listed(self) -> str:
        order = self._order()
        return ", ".join(sorted(self.seatset, key=lambda a: order.get(a, 0)))

    def _seat_err(self, s: str, col: int, line: int | None = None, trick: int | None = None,
                  hint: str | None = None) -> ShnSyntaxError:
        if self.seats_known and is_alias(s):
            listed = self._listed()
            where = "this hand's Seats tag" if self.override else "the Seats tag"
            hint = ("" if self.override else self._earlier_seats_hint(s)) or self._card_said_hint(s, col, line) \
                or did_you_mean(s, sorted(self.seatset))
            return self._err("E-SEAT", f"found the seat {_quote(s)}, which is not in {where}; expected one of "
                             f"{listed}" + hint, col, s, "one of " + listed, trick, line)
        if s == "?":
            msg = "found '?' where the seat must be written; expected a seat alias"
        elif s.lower() in RESERVED or _TRICK_WORD.fullmatch(s):
            msg = f"found the keyword {_quote(s)} where a seat was expected; expected a seat alias"
        elif s in CARD_SPELLINGS or _PLAYED.fullmatch(s):
            msg = f"found the card {_quote(s)} where a seat was expected; expected a seat alias"
        else:
            msg = f"found {_quote(s)} where a seat was expected; expected a seat alias (a letter, then letters or digits)"
        if self.seats_known:
            msg += " from the Seats tag: " + self._listed()
        if hint is None:
            hint = _punct_hint(s)
        if not hint and s[-1:] == "." and s[:-1] in self.seatset:  # fixk27: 'partner Bea. pts 72', a phone's stop
            hint = f"; leave out the full stop: write '{s[:-1]}' (a '.' ends no statement in SHN)"
        return self._err("E-SEAT", msg + hint, col, s, "a seat alias", trick, line)

    def _earlier_seats_hint(self, s: str) -> str:
        """A hint for a seat alias ``s`` that only an earlier hand's own
        ``[Seats]`` of this session defined (league33 F2: a substitute's
        ``[Seats]`` written once, his alias used on the hands after it): that
        tag applied to its hand alone (docs/notation.md §4.2), and how to
        write it.  '' when no earlier hand of the session (the hands read
        back to the session's start) names ``s``.  Only on the way to an
        error: no work for a hand read without one."""
        h = self.hand
        for prev in reversed(self.hands):
            if prev.session is not self.sess:
                break
            if prev is h or "Seats" not in prev.tags:
                continue
            try:
                pairs = parse_seats(prev.tags["Seats"])
            except ValueError:
                continue
            for a, name in pairs:
                if a == s:
                    now = f"hand {h.number}'s" if h is not None else "each hand's"
                    return (f"; hand {prev.number}'s [Seats] ({a}={name}) applied to hand {prev.number} alone (a tag "
                            "after 'hand N' is that hand's own, docs/notation.md §4.2): if "
                            f"{name} sat in this hand too, write that [Seats] tag again after {now} 'hand' line "
                            f"(and each later hand's where {name} sat in)")
        return ""

    def _card_said_hint(self, s: str, col: int, line: int | None) -> str:
        """A hint for a card said in words where ``partner`` takes a seat
        (``partner Jack of diamonds``, voice typing: phone32 F6): '' for
        anything else."""
        if s.lower() not in _RANK_WORDS:
            return ""
        text = self.lines[(line or self.ln) - 1]
        before, after = text[:col - 1].split(), text[col - 1 + len(s):].split()
        if not before or before[-1].lower() != "partner" or not after or after[0].lower() != "of":
            return ""
        return ("; 'partner' takes the partner's seat, not a card: write the seat of the player who held it "
                "(e.g. 'partner Di'); under jack-of-diamonds rules (wi5-jd) the J\u2666's holder is the partner and "
                "needs no call; a called ace is written 'call AH'")

    def _seat_miss(self, toks: list[str], k: int, trick: int | None = None, s: str | None = None) -> str:
        """The seat ``s`` written at ``toks[k]`` (``s`` defaults to the token)
        is not in the seat set in force: accept it (no Seats tag, or a Seats
        tag may still come in this hand) or raise E-SEAT."""
        if s is None:
            s = toks[k]
        if not is_alias(s):
            raise self._seat_err(s, self._col(toks, k), trick=trick, hint=_sep_hint(toks, k) if s == toks[k] else None)
        if not self.seats_known:
            self.shape_ok.add(s)
            self.shape_leads[s + ":"] = s
            return s
        low = s.casefold()
        same = [a for a in self.seatset if a.casefold() == low]
        if len(same) == 1:  # the seat in another case ('kurt' for Kurt, a phone's lower case): no other is meant
            return same[0]
        if self.override or self.hand is None:
            raise self._seat_err(s, self._col(toks, k), trick=trick)
        self.pending.append((s, self.ln, self._col(toks, k)))
        return s

    def _eol(self, toks: list[str], kw: str, what: str, code: str, trick: int | None = None) -> ShnSyntaxError:
        return self._err_at(code, f"found end of line after {_quote(kw)}; expected {what}", toks, len(toks),
                            "end of line", what, trick)

    # -- card runs -------------------------------------------------------------

    def _mode_err(self, toks: list[str], k: int, after: str, trick: int | None = None) -> ShnSyntaxError | None:
        """E-CARD-MODE when ``toks[k]`` is a card of the other card mode
        (a French token under ``[Cards "de"]`` or a German one without it)."""
        t = toks[k]
        other = "fr" if self.mode == "de" else "de"
        spell, played = CARD_MODES[other]
        m = played.fullmatch(t)
        if m is None:
            return None
        card = spell[m.group(2)]
        if self.mode == "de":
            msg = (f"found the French card {_quote(t)} in {after} under [Cards \"de\"]; expected a German card: suit "
                   "E G H S then rank A Z K O U 9 8 7")
            if card is not None and card not in (C6, S6):  # the 34-card deck's sixes have no German spelling
                msg += f" (this card is {_german(card)})"
            want = "a German card (e.g. EO, GU, HA, SZ)"
        else:
            msg = (f"found the German card {_quote(t)} in {after}; expected a French card (rank A K Q J T 9 8 7, "
                   "suit C S H D), or [Cards \"de\"] before it for German cards")
            if card is not None:
                msg += f" (this card is {card})"
            want = "a French card (e.g. QC, JS, AH, TD)"
        return self._err_at("E-CARD-MODE", msg, toks, k, t, want, trick)

    def _card_err(self, toks: list[str], k: int, after: str) -> ShnSyntaxError:
        t = toks[k]
        mode_err = self._mode_err(toks, k, after)
        if mode_err is not None:
            return mode_err
        if self.played.fullmatch(t) is not None:
            return self._err_at("E-CARD", f"found {_quote(t)} in {after}; expected a plain card: a ^R prefix or a "
                                "move suffix (! ? !! ?? !? ?!) may only mark a card played in a trick",
                                toks, k, t, "a card")
        if self.mode == "de":
            return self._err_at("E-CARD", f"found {_quote(t)} in {after}; expected a German card ([Cards \"de\"]): "
                                "suit E G H S, then rank A Z K O U 9 8 7 (or 10), e.g. EO, GU, HA, SZ, or ?? for an "
                                "unknown card", toks, k, t, "a card")
        return self._err_at("E-CARD", f"found {_quote(t)} in {after}; expected a card: rank A K Q J T 9 8 7 (or 10), "
                            "suit C S H D (or ♣ ♠ ♥ ♦), e.g. QC, TD, 7H, or ?? for an unknown card",
                            toks, k, t, "a card")

    def _card_run(self, toks: list[str], j: int, n: int, kw: str, p: int, seat: str | None = None):
        """Cards from ``toks[j]`` up to the next keyword, annotation or tag:
        (cards, their 1-based columns, next index);
        ``self.p`` is set after the last.  ``kw`` (and ``seat``, for
        ``deal S``) names the statement in an error."""
        cards: list = []
        cols: list = []
        find = self.line.find
        get = self.cards.get
        add_card = cards.append
        add_col = cols.append
        for t in toks[j:]:  # the common case: cards up to the end of the line
            c = get(t, _MISS)
            if c is _MISS:
                break
            p = find(t, p)
            add_card(c)
            add_col(p + 1)
            p += len(t)
        j += len(cards)
        if seat is not None:
            kw = kw + " " + seat
        if j < n:  # the list ends at a keyword, an annotation or a tag; anything else is a bad card
            t = toks[j]
            if t not in _DISPATCH and t[0] not in "{[":
                raise self._card_err(toks, j, f"'{kw}'")
        if not cards:
            found = _quote(toks[j]) if j < n else "end of line"
            raise self._err_at("E-CARD", f"found {found} after {_quote(kw)}; expected a card (e.g. QC, TD, 7H, ??)",
                               toks, j, found, "a card")
        self.p = p
        return cards, cols, j

    def _dup(self, toks: list[str], i: int, first: Pos | None = None, what: str | None = None) -> ShnSyntaxError:
        kw = toks[i]
        where = f" (the first is on line {first.line})" if first is not None and first.line else ""
        what = what or _quote(kw)
        return self._err_at("E-DUPLICATE", f"found a second {what} in hand {self.hand.number}{where}; "
                            "expected it once per hand", toks, i, kw, f"one {kw}")

    # -- statements ----------------------------------------------------------

    def s_hand(self, toks, i, n):
        line = self.line
        c = line.find("hand", self.p)
        self._end_hand(self.off + c)
        ln = self.ln
        p = c + 4
        j = i + 1
        t = toks[j] if j < n else None
        num = _UINT.get(t) if t is not None else None
        if num is None and t is not None and _UINT_RE.fullmatch(t):
            num = _to_int(t)
        h = _hand_rec(num or 0, self.sess, ln, c + 1)
        self.hand = h
        self.hand_off = self.off + c
        self.hands.append(h)
        self.sess_has_hands = True
        self.hand_failed = False
        if self.seen:  # an empty one serves the next hand (issue 15: a refused hand a line)
            self.seen = set()
        if self.pending:
            self.pending = []
        self.deal_unsorted = False
        self.trick_unsorted = False
        self.prev_deal = -1
        self.prev_trick = 0
        if self.override:
            self.override = False
            self._set_seats(self.sess_seats)
        if self.mode != self.sess_mode:
            self._set_mode(self.sess_mode)
        self.last = h
        if self.sess_errs:
            e = self.sess_errs[0]
            h.errors.append(Diagnostic(
                "E-SESSION", f"hand {h.number}: its session has a syntax error at line {e.line}, column {e.col} "
                f"({e.code}); expected the session's tags and the header to read without error",
                "error", self.path, ln, c + 1, h.number or None, None, e.code, "a session without syntax errors"))
        if num is None or num < 1:
            if t is None:  # one message shared by every lone 'hand' (issue 15: 100,000 of them, not 100,000 copies)
                if n == 1 and not self.strict and not self.enc_cut:
                    # a line that is only 'hand': its one error recorded as _process records it (_fail: in the
                    # hand, which is then skipped), without the exception: at the column just after 'hand'
                    # (_col), no trick, no hand number (0)
                    h.errors.append(Diagnostic("E-NUMBER", _NO_NUMBER_EOL, "error", self.path, ln, c + 5, None, None,
                                               "end of line", "a hand number"))
                    self.hand_failed = True
                    self.skipping = _SKIP_HAND
                    self.p = len(line)
                    return j
                err = self._err_at("E-NUMBER", _NO_NUMBER_EOL, toks, j, "end of line", "a hand number")
                if n == 1 and not self.strict:
                    self._fail(err)
                    self.p = len(line)
                    return j
                raise err
            found = _quote(t)
            raise self._err_at("E-NUMBER", _no_number(found), toks, j, found, "a hand number")
        if num > MAX_HAND:  # the store keeps hand numbers as INTEGER (docs/storage.md)
            self.hand.number = 0  # the error names no hand: not "(hand 99999999999)" (fixd31, break30 F5)
            raise self._err_at("E-NUMBER", f"the hand number is out of range: found hand {_quote(t)}; expected a hand "
                               f"number from 1 to {MAX_HAND}", toks, j, t, f"1..{MAX_HAND}")
        if self.block_sid is None:  # a session block's first hand: the same session written again above?
            if (self.rules_above is not None and "Rules" not in self.sess.tags
                    and self.sess.id not in self.sess_last):
                self._rules_default()
            self._block_start(num)
        if self.block_again is not None:
            sid, first, top, name = self.block_again
            raise self._err_at("E-HAND-ORDER", (
                f"session {sid!r} is written again in this file and numbers its hands from {first} again after its "
                f"hand {top} above: a night numbering from 1 again is no continuation of it; give this night a "
                f"[Session] of its own (e.g. [Session \"{name}\"]) or number its hands after {top} (every hand of "
                "this block is refused)"), toks, j, t, f"> {top}")
        if self.block_restart is not None and num > self.block_restart[1]:
            at, top = self.block_restart
            raise self._err_at("E-HAND-ORDER", (
                f"hand {num} is of the hands numbering this session from 1 again at line {at}, after its hand {top}; "
                "a session's hand numbers are unique and increasing, each naming one hand (shead replay, void, "
                f"history), so none of those hands is stored: if they are another night, write a [Session \"id\"] "
                "line above their hand 1 with that night's own [Date \"YYYY.MM.DD\"] (and its other tags) under it; "
                f"if they go on with this night, number them after {top}"), toks, j, t, f"> {top}")
        if self.last_num is not None and num <= self.last_num:
            sess_before = self.sess  # a block pasted twice keeps it (_pasted)
            if num == 1:  # another night's hands numbered from 1 again: the block's later hands go with it (break26 F1)
                self.block_restart = (ln, self.last_num)
                # its hands filed under the night's would-be session, as a block written again is (_block_start):
                # the night above lacks none of its hands
                name = f"{self.sess.id} {self.sess.tags.get('Date') or '(again)'}"
                self.sess = SessionRec({**self.sess.tags, "Session": name}, self.sess.tag_pos, self.sess.tag_notes)
                h.session = self.sess
                msg = (f"found hand 1 after hand {self.last_num} in the same session; expected a number greater than "
                       f"{self.last_num}: if a new night starts here (its hands numbered from 1 again), write a "
                       "[Session \"id\"] line above this hand with that night's own [Date \"YYYY.MM.DD\"] (and its "
                       "other tags) under it; the hands after it that number on from it are refused with it")
            else:
                msg = (f"found hand {num} after hand {self.last_num} in the same session; expected a number greater "
                       f"than {self.last_num} (start a new session with [Session \"id\"] to restart the numbering)")
            prev = self.hands[-2] if num == self.last_num and len(self.hands) > 1 else None
            if prev is not None and prev.number == num and not self.enc_cut:
                # the hand just above under the same number: a block pasted twice when its text is the same, told
                # when the hand ends (_end_hand); the E-HAND-ORDER below when it is not (phone32 F4)
                self.pasted = (prev, Diagnostic("E-HAND-ORDER", msg, "error", self.path, ln, self._col(toks, j), num,
                                                 None, t, f"> {self.last_num}"), sess_before)
                self.p = line.find(t, p) + len(t)
                return j + 1
            if n == 2 and not self.strict and not self.enc_cut:
                # a line that is only 'hand N' (issue 15: 50,000 of them out of order): its one error recorded
                # as _process records it (_fail; the hand then skipped, the line has nothing more), without
                # the exception: at N's column (_col), in hand N
                h.errors.append(Diagnostic("E-HAND-ORDER", msg, "error", self.path, ln, self._col(toks, j), num, None,
                                           t, f"> {self.last_num}"))
                self.hand_failed = True
                self.skipping = _SKIP_HAND
                self.p = len(line)
                return n
            raise self._err_at("E-HAND-ORDER", msg, toks, j, t, f"> {self.last_num}")
        self.last_num = num
        self.sess_last[self.block_sid] = num
        self.p = line.find(t, p) + len(t)
        return j + 1

    def _rules_default(self) -> None:
        """``W-RULES-DEFAULT`` for a new session of the file that writes no
        [Rules] below a session that wrote rules other than the default
        profile's name: a [Session] starts with no tags (docs/notation.md
        §4.2), so its hands are scored by the default profile (break24 F2: a
        house without doubling on the bump, its next night, under a
        [Session] line with [Seats] alone, scored with it, unsaid).  Said at
        the [Session] tag, once a session."""
        from replay.profile import DEFAULT_PROFILE  # noqa: PLC0415

        rules, at, above, event_above = self.rules_above
        if rules.strip() == DEFAULT_PROFILE.name:
            return
        pos = self.sess.tag_pos.get("Session") or Pos(self.ln, 1)
        event = ("" if "Event" in self.sess.tags or event_above is None
                 else f" and no [Event] (the session above: [Event \"{_tag_escape(event_above)}\"])")
        self.errors.append(Diagnostic(
            "W-RULES-DEFAULT", f"session {self.sess.id!r} writes no [Rules]{event}, so its hands are scored by the "
            f"default profile, {DEFAULT_PROFILE.name}, while session {above!r} above it wrote [Rules \"{_tag_escape(rules)}\"]"
            f"{f' at line {at.line}' if at is not None else ''}: a [Session] line starts with no tags "
            f"(docs/notation.md §4.2); if this night was played by the same rules, write [Rules \"{_tag_escape(rules)}\"] "
            "under its [Session] line", "warning", self.path, pos.line, pos.col, None, None, "no [Rules]",
            f'[Rules "{rules}"]'))

    def _carry_tag(self, name: str, kept: dict, sid: str, top, num: int) -> bool:
        """A session block's tag ``name`` kept for a later block of the
        same session (``kept``: session id -> (value, position)), or, where
        the block writes none and numbers its hands on from the session's
        last (``num > top``), the kept one put in force; True when it was."""
        tags = self.sess.tags
        if name in tags:
            kept[sid] = (tags[name], self.sess.tag_pos.get(name))
            return False
        if top is not None and num > top and sid in kept:
            tags[name], pos = kept[sid]
            if pos is not None:
                self.sess.tag_pos[name] = pos
            return True
        return False

    def _block_start(self, num: int) -> None:
        """The first hand (``num``) of a block of a session's hands: its
        session id, and when the session was written above in this file and
        this block numbers from there or below (a season's file with the
        same ``[Session]`` each week, hands from 1 again: break20 F13, the
        second week's hands 1 and 3 dropped as copies of the first's and its
        hand 2 stored as a second hand 2), why each hand of the block is
        refused (the file's later nights in one, as from two files:
        ``Store._other_day``)."""
        sid = self.sess.id
        self.block_sid = sid
        top = self.sess_last.get(sid)
        # the session written again, its hands numbered on, without a [Date] or [Rules]: the night above
        # goes on, on its day (as a later file's continuation does: ingest.store._session_place; break21 F1) and under
        # its rules (docs/notation.md §4.2: the tags of a session are its own; break33 F1: scored by the default
        # profile, unsaid, C -4 for a loss the house's doubleOnBump=off makes C -2).  Its [Seats] are not carried
        # (verify33 F5 did, and broke the writer's round trip, tests/test_shn_writer.py): E-SEATS-MISSING says it
        self._carry_tag("Date", self.sess_day, sid, top, num)
        self._carry_tag("Rules", self.sess_rules, sid, top, num)
        if top is not None and num <= top:
            # its hands are filed under the night's would-be session, as a file of it alone is: the session above
            # lacks none of its hands (Store._other_day)
            name = f"{sid} {self.sess.tags.get('Date') or '(again)'}"
            self.sess = SessionRec({**self.sess.tags, "Session": name}, self.sess.tag_pos, self.sess.tag_notes)  # its own id: no raw
            if self.hand is not None:
                self.hand.session = self.sess
            self.block_again = (sid, num, top, name)

    def s_deal(self, toks, i, n):
        hand = self.hand
        line = self.line
        j = i + 1
        if j >= n:
            raise self._eol(toks, "deal", "the seat dealt to", "E-SEAT")
        s = toks[j]
        if s not in self.seatset:
            s = self._seat_miss(toks, j)
        if s in self.seen:
            raise self._err_at("E-DUPLICATE", f"found a second 'deal {s}' in hand {hand.number}; expected one deal "
                               "line per seat", toks, i, s, "one deal line per seat")
        c = line.find("deal", self.p)
        p = line.find(s, c + 4) + len(s)
        cards, cols, j = self._card_run(toks, j + 1, n, "deal", p, s)
        self._dealt(_cards_rec(cards, self.ln, c, cols, s))
        return j

    def _dealt(self, rec: CardsRec) -> None:
        """Add the deal line ``rec`` (of a seat not dealt yet) to the hand;
        note whether the deal lines are still in the order of the seats."""
        s = rec.seat
        self.seen.add(s)
        if self.seats_known and not self.override:
            k = self.sess_order.get(s, -1)
            if k < self.prev_deal:
                self.deal_unsorted = True
            self.prev_deal = k
        self.hand.deals.append(rec)
        self.last = rec

    def s_table(self, toks, i, n):
        """``table S d/u d/u ...``: a seat's table stacks, each the face-down
        card, ``/``, the face-up card (two-handed ``wi2``, docs/notation.md
        §6).  ``E-TABLE`` for a stack written otherwise."""
        hand = self.hand
        line = self.line
        ln = self.ln
        j = i + 1
        if j >= n:
            raise self._eol(toks, "table", "the seat whose table cards follow", "E-SEAT")
        s = toks[j]
        if s not in self.seatset:
            s = self._seat_miss(toks, j)
        if ("table", s) in self.seen:
            raise self._err_at("E-DUPLICATE", f"found a second 'table {s}' in hand {hand.number}; expected one table "
                               "line per seat", toks, i, s, "one table line per seat")
        c = line.find("table", self.p)
        p = line.find(s, c + 5) + len(s)
        get = self.cards.get
        cards: list = []
        cpos: list = []
        j += 1
        while j < n:
            t = toks[j]
            if t in _DISPATCH or t[0] in "{[":
                break
            down, slash, up = t.partition("/")
            cd, cu = get(down, _MISS), get(up, _MISS)
            if not slash or cd is _MISS or cu is _MISS:
                raise self._err_at("E-TABLE", f"found {_quote(t)} in 'table {s}'; expected a stack: the face-down "
                                   "card, '/', the face-up card (e.g. 7C/QS, ??/QS)", toks, j, t, "down/up")
            p = line.find(t, p)
            cards += (cd, cu)
            cpos += (Pos(ln, p + 1), Pos(ln, p + len(down) + 2))
            p += len(t)
            j += 1
        if not cards:
            found = _quote(toks[j]) if j < n else "end of line"
            raise self._err_at("E-TABLE", f"found {found} after 'table {s}'; expected stacks written down/up "
                               "(e.g. 7C/QS)", toks, j, found, "down/up")
        self.seen.add(("table", s))
        self.p = p
        rec = CardsRec(cards, Pos(ln, c + 1), cpos, s)
        hand.tables.append(rec)
        self.last = rec
        return j

    def _cards_statement(self, toks, i, n, keyword: str):
        """``blind c1 c2`` / ``bury c1 c2``: the cards into the hand's field of that name."""
        hand = self.hand
        before = getattr(hand, keyword)
        if before is not None:
            raise self._dup(toks, i, before.pos)
        c = self.line.find(keyword, self.p)
        cards, cols, j = self._card_run(toks, i + 1, n, keyword, c + len(keyword))
        self.last = _cards_rec(cards, self.ln, c, cols, None)
        setattr(hand, keyword, self.last)
        return j

    def s_blind(self, toks, i, n):
        return self._cards_statement(toks, i, n, "blind")

    def s_bury(self, toks, i, n):
        return self._cards_statement(toks, i, n, "bury")

    def s_share(self, toks, i, n):  # issue 18, wi7-shared-blind: the blind cards the picker's neighbour takes
        return self._cards_statement(toks, i, n, "share")

    def s_trick(self, toks, i, n):
        hand = self.hand
        ln = self.ln
        line = self.line
        kw = toks[i]
        num = _TRICK_NUM[kw]
        if num in self.seen:
            raise self._err_at("E-DUPLICATE", f"found a second trick {kw} in hand {hand.number}; expected each "
                               "trick once", toks, i, kw, "each trick once", num)
        j = i + 1
        if j >= n:
            raise self._eol(toks, kw, f"the leader and ':' (e.g. '{kw} Al: 9C TD 8C 7C TC')", "E-TRICK", num)
        c = line.find(kw, self.p)
        lead = toks[j]
        lc = line.find(lead, c + len(kw))
        p = lc + len(lead)
        if lead[-1] == ":" and len(lead) > 1:
            lead = lead[:-1]
            j += 1
        elif j + 1 < n and toks[j + 1] == ":":
            p = line.find(":", p) + 1
            j += 2
        else:
            raise self._err_at("E-TRICK", f"found {_quote(lead)} after {_quote(kw)}; expected the leader followed by "
                               f"':' ({_trick_colon_hint(kw, toks[j:])})", toks, j, lead, "leader:", num)
        if lead not in self.seatset:
            lead = self._seat_miss(toks, i + 1, num, lead)
        self.seen.add(num)
        get = self.cards.get
        find = line.find
        cards: list = []
        cols: list = []
        for t in toks[j:]:  # the common case: plain cards
            x = get(t, _MISS)
            if x is _MISS:
                break
            p = find(t, p)
            cards.append(x)
            cols.append(p + 1)
            p += len(t)
        rec = _trick_rec(num, lead, cards, cols, ln, c, lc)
        plays = rec.plays
        j += len(plays)
        last = plays[-1] if plays else rec
        while j < n:
            t = toks[j]
            x = get(t, _MISS)
            if x is _MISS:
                c0 = t[0]
                if c0 == "{":
                    if len(t) < 2 or t[-1] != "}":
                        raise self._unterminated(toks, j, num)
                    if last is None:
                        raise self._err_at("E-NOTE", f"found a second annotation {_quote(t)} on the same card; "
                                           "expected one annotation per card", toks, j, t, "one annotation", num)
                    last.note = _note_text(t)
                    last = None
                    p = line.find(t, p) + len(t)
                    j += 1
                    continue
                m = self.played.fullmatch(t)
                if m is None:
                    if t in _DISPATCH or c0 == "[":
                        break
                    mode_err = self._mode_err(toks, j, f"trick {kw}", num)
                    if mode_err is not None:
                        raise mode_err
                    raise self._err_at("E-CARD", f"found {_quote(t)} in trick {kw}; expected a played card: an "
                                       "optional ^R, a card (e.g. QC, TD, 7H, ??), an optional suffix ! ? !! ?? "
                                       "!? ?!", toks, j, t, "a played card", num)
                q = line.find(t, p)
                x = PlayRec(self.cards[m.group(2)], Pos(ln, q + 1), m.group(1) is not None, m.group(3) or "")
            else:
                q = line.find(t, p)
                x = PlayRec(x, Pos(ln, q + 1))
            p = q + len(t)
            plays.append(x)
            last = x
            j += 1
        if not plays:
            found = _quote(toks[j]) if j < n else "end of line"
            if j >= n:  # real27 F5: a phone's trick typed a card a line
                if self.text is None:  # streamed: the lines below are not read yet (_end_hand says them)
                    self.eol_trick = (ln, kw, lead)
                else:
                    below = self._cards_below()
                    if below:
                        raise self._cards_below_err(kw, lead, below, self._col(toks, j), num)
            raise self._err_at("E-CARD", f"found {found} after '{kw} {lead}:'; expected the cards played",
                               toks, j, found, "a played card", num)
        self._tricked(rec, last)
        self.p = p
        return j

    def _cards_below_err(self, kw: str, lead: str, below: list[list[str]], col: int, num: int,
                         line: int | None = None) -> ShnSyntaxError:
        """E-CARD for a trick ``kw lead:`` with no card on its line and the
        cards ``below`` (:meth:`_cards_below`) on the lines under it (real27 F5)."""
        shown = f"{kw} {lead}: {' '.join(t for row in below for t in row)}"
        return self._err("E-CARD", f"found end of line after '{kw} {lead}:' and the trick's cards on the {len(below)} "
                         f"line{'s' if len(below) > 1 else ''} below it; a statement is one line (docs/notation.md): "
                         f"write the trick's cards on the same line as '{kw} {lead}:' ('{shown}')", col,
                         "end of line", shown, num, line)

    def _cards_below(self, ln: int | None = None) -> list[list[str]]:
        """The lines right below the current one (below line ``ln``) that
        hold cards only, each as its cards written (up to a trick's worth: 8
        cards), or [] when the next line holds anything else or is not read.
        Only for an error's hint (real27 F5), never on the normal path."""
        out: list[list[str]] = []
        ln = self.ln if ln is None else ln
        while sum(len(row) for row in out) < 8:
            try:
                line = self.lines[ln]
            except (IndexError, KeyError):
                break
            toks = _tokens(line)
            if not toks or not all(t in self.cards or t.upper() in self.cards or self.played.fullmatch(t)
                                   for t in toks):
                break
            out.append(toks)
            ln += 1
        return out

    def _tricked(self, rec: TrickRec, last) -> None:
        """Add trick ``rec`` (its number already in ``seen``) to the hand;
        ``last`` (its last card or note target) takes an annotation."""
        num = rec.number
        if num < self.prev_trick:
            self.trick_unsorted = True
        self.prev_trick = num
        self.hand.tricks.append(rec)
        self.last = last

    def _one_card(self, toks, j, n, keyword: str, what: str, start: int):
        """The card written after ``keyword`` at token ``j``: ``(card, column
        index, end index)``, searching the line from ``start``."""
        if j >= n:
            raise self._eol(toks, keyword, what, "E-CARD")
        t = toks[j]
        x = self.cards.get(t, _MISS)
        if x is _MISS and len(t) > 2 and t[-1] == "." and (x := self.cards.get(c := t.rstrip("."), _MISS)) is not _MISS:
            # 'call AH.' (fixb28), 'call AH..' (fixb29: the two spaces typed twice, or a full stop typed after one)
            self._phone_slip(toks, j, f"{keyword} {c}", f"the card {c} with "
                             + ("a full stop" if len(t) - len(c) == 1 else "two full stops" if len(t) - len(c) == 2
                                else f"{len(t) - len(c)} full stops")
                             + " after it (a phone's: two spaces typed make '. ')", "a '.' ends no statement in SHN")
        if x is _MISS:
            raise self._card_err(toks, j, f"'{keyword}'")
        q = self.line.find(t, start)
        return x, q, q + len(t)

    def _phone_slip(self, toks, k: int, read_as: str, what: str, why: str, found: str | None = None) -> None:
        """``W-PHONE-SLIP`` at token ``k``: a phone's slip whose meaning is
        certain (fixb28: 'call AH.', 'pts 72/48', 'tricks 4 of 6'), read as
        ``read_as``, the SHN it means.  A warning, as ``W-TAG-QUOTES`` is: the
        hand is read, in strict reading too (docs/notation.md §11)."""
        t = toks[k] if found is None else found
        self.errors.append(Diagnostic(
            "W-PHONE-SLIP", f"found {_quote(t)}: {what}; read as '{read_as}' ({why}); write '{read_as}' to silence "
            "this warning", "warning", self.path, self.ln, self._col(toks, k),
            (self.hand.number or None) if self.hand is not None else None, None, t, read_as))

    def _game_words(self) -> str:
        """The game words ``game S NAME`` takes under the rules in force (the
        hand's own [Rules], else its session's), for ``E-GAME``: a Schafkopf
        profile's (:data:`SK_GAMES`, rules.md G), the Indiana game's
        (:data:`IN_GAMES`, ``in4``), or both for other rules, where ``game``
        is no statement of the hand's game and the validator says so
        (real30 F4: a Schafkopf hand was offered 'ace best sidesolo billy')."""
        from replay.judge_in import is_indiana_tags  # noqa: PLC0415
        from replay.judge_sk import is_schafkopf_tags  # noqa: PLC0415

        hand = self.hand
        text = (hand.tags.get("Rules") if hand is not None else None) or self.sess.tags.get("Rules")
        cards = (hand.tags.get("Cards") if hand is not None else None) or self.sess.tags.get("Cards")
        if is_schafkopf_tags(text, cards):
            return " ".join(SK_GAMES)
        if is_indiana_tags(text):
            return " ".join(IN_GAMES)
        return " ".join(SK_GAMES + IN_GAMES)

    def _hand_tricks(self) -> tuple[int | None, str]:
        """The tricks of a hand under the rules in force (the hand's own
        [Rules], else its session's, else the default profile's) and their
        name: a Sheepshead profile's (rules.md F-1), a Schafkopf profile's
        (8, or 6 with ``shortDeck``: rules.md G-2, G-3; notation.md §14.3's
        ``tricks``, the declaring party's); ``(None, name)`` for rules that
        are neither (Indiana, the fox game) or that do not read."""
        from replay.errors import ProfileError  # noqa: PLC0415
        from replay.judge_sk import is_schafkopf_tags  # noqa: PLC0415
        from replay.profile import DEFAULT_PROFILE, parse_rules  # noqa: PLC0415
        from replay.schafkopf import parse_schafkopf_rules  # noqa: PLC0415

        hand = self.hand
        text = ((hand.tags.get("Rules") if hand is not None else None) or self.sess.tags.get("Rules")
                or DEFAULT_PROFILE.name)
        cards = (hand.tags.get("Cards") if hand is not None else None) or self.sess.tags.get("Cards")
        if is_schafkopf_tags(text, cards):
            try:
                return (6 if parse_schafkopf_rules(text).shortDeck else 8), text.split(";")[0].strip()
            except (ProfileError, ValueError):
                return None, text.split(";")[0].strip()
        try:
            return parse_rules(text).tricks, text.split(";")[0].strip()
        except (ProfileError, ValueError):
            return None, text.split(";")[0].strip()

    def _tricks_of(self, t: str, toks, k: int, got: int, of_text: str, stop: bool = False) -> None:
        """'tricks N of M' (or 'tricks N/M') at token ``k``, N read
        (``got``): certain, and read as 'tricks N' with ``W-PHONE-SLIP``, when
        M is the hand's number of tricks under its rules (rules.md F-1; a
        Schafkopf hand's 8, or 6 with the short pack, G-2, G-3) and N at most
        M; else refused (``E-NUMBER``) saying what to write.  M may be a
        number word ('tricks 4 of six', fixb29: :data:`_TRICK_WORDS`).
        ``stop``: written with a full stop after M (break28b F4: 'tricks 4 of
        6.')."""
        total, rules = self._hand_tricks()
        m = _UINT.get(of_text, _TRICK_WORDS.get(of_text.lower()))
        word = f" ({of_text!r}, in words)" if of_text.lower() in _TRICK_WORDS else ""
        side = "the declaring party's" if self.hand is not None and self.hand.game is not None else "the picker side's"
        if total is not None and m == total and got <= m:
            self._phone_slip(toks, k, f"tricks {got}", f"{side} tricks and the hand's {m}{word} written "
                             "together" + (_STOP_WHAT if stop else ""), f"'tricks' takes {side} tricks "
                             f"alone; a hand under {rules} has {total}" + (_STOP_WHY if stop else ""), t)
            return
        said = (f"a hand under {rules} has {total} tricks, not {of_text}" if total is not None and m != total else
                f"{got} is more than {of_text}" if total is not None else
                f"shead does not tell the tricks of a hand under {rules} from what a phone wrote")
        write = (f"0 to {total}" + (f", e.g. 'tricks {got}'" if got <= total else "") if total is not None
                 else f"e.g. 'tricks {got}'")
        raise self._err_at("E-NUMBER", f"found 'tricks {t}': {side} tricks and a number of tricks written "
                           f"together, and {said}, so which is meant is not certain; write {side} tricks "
                           f"alone ({write})", toks, k, t, "a number")

    def s_call(self, toks, i, n):
        hand = self.hand
        if hand.call is not None:
            raise self._dup(toks, i, hand.call.pos)
        ln = self.ln
        c = self.line.find("call", self.p)
        x, q, p = self._one_card(toks, i + 1, n, "call", "the called card (e.g. AS, TH, JH, ??)", c + 4)
        rec = CallRec(x, None, False, Pos(ln, c + 1), Pos(ln, q + 1))
        j = i + 2
        if j < n and toks[j] == "under":
            p = self.line.find("under", p) + 5
            xu, q, p = self._one_card(toks, j + 1, n, "under", "the unknown card (e.g. 7C, or ??)", p)
            rec.under = xu
            rec.has_under = True
            rec.under_pos = Pos(ln, q + 1)
            j += 2
        hand.call = self.last = rec
        self.p = p
        return j

    def s_game(self, toks, i, n):
        """``game S NAME [SAU | SUIT] [tout]`` (docs/notation.md §14)."""
        hand = self.hand
        if hand.game is not None:
            raise self._dup(toks, i, hand.game.pos)
        ln = self.ln
        line = self.line
        c = line.find("game", self.p)
        j = i + 1
        if j >= n:
            raise self._eol(toks, "game", "the declarer's seat, or ?", "E-SEAT")
        s = toks[j]
        if s not in self.seatset:
            s = None if s == "?" else self._seat_miss(toks, j)
        p = line.find(toks[j], c + 4) + len(toks[j])
        j += 1
        if j >= n:
            raise self._eol(toks, toks[j - 1], f"the game: one of {self._game_words()}", "E-GAME")
        written = toks[j]
        # a game, its suit, tout, with/without in any case (a German scorer writes nouns capitalised, a phone
        # capitalises; sk17 F3), and Rufspiel, the Sauspiel's other name (rules.md G-6)
        name = GAME_ALIASES.get(written.lower(), written.lower())
        compound = compound_game(name)  # NetSchafkopf's own 'Herz-Solo', 'Eichel-Solo' (real22 F6)
        if compound is not None:
            name = compound[0]
        if name == "sie" or (name not in SK_GAMES and name not in IN_GAMES):
            games = self._game_words()  # the words of the hand's own game, only on the way to the error
        if name == "sie":  # rules.md G-14 names it, but SHN has no statement for it (docs/notation.md §14.3)
            raise self._err_at("E-GAME", f"found the game {_quote(written)} after 'game {toks[j - 1]}': a Sie (all "
                               "four Obers and all four Unters, settled without play at four times the solo value, "
                               "rules.md G-14, G-16) is not supported: SHN defines no game word for it "
                               "(docs/notation.md §14.3) and the Schafkopf tariff has no Sie price, so shead can "
                               f"neither check nor settle it; expected one of {games}", toks, j, written,
                               "one of " + games)
        if name not in SK_GAMES and name not in IN_GAMES:
            raise self._err_at("E-GAME", f"found the game {_quote(written)} after 'game {toks[j - 1]}'; expected one "
                               f"of {games}" + (" (a Ramsch is written 'ramsch', a Tout as 'tout' after the game)"
                                                 if "sauspiel" in games else ""), toks, j, written, "one of " + games)
        q = line.find(written, p)
        rec = GameRec(s, name, pos=Pos(ln, c + 1), name_pos=Pos(ln, q + 1))
        p = q + len(written)
        j += 1
        if name == "sauspiel" and j < n and toks[j].lower() in SAU_OF_SUIT:  # 'sauspiel eichel' (real22 F6)
            german, english = SAU_OF_SUIT[toks[j].lower()]
            card = self.cards.get(german if self.cards.get("EA", _MISS) is not _MISS else english, _MISS)
            if card is _MISS:
                card = self.cards.get(english, self.cards.get(german, _MISS))
            if card is _MISS:
                raise self._card_err(toks, j, f"'game {toks[i + 1]} {name}'")
            q = line.find(toks[j], p)
            p = q + len(toks[j])
            rec.called = card
            rec.arg_pos = Pos(ln, q + 1)
            j += 1
        elif name in GAME_CALLS:
            card, q, p = self._one_card(toks, j, n, f"game {toks[i + 1]} {name}",
                                        "the called ace (e.g. AC, AS, AD; a Sau EA, GA, SA under [Cards \"de\"])", p)
            rec.called = card
            rec.arg_pos = Pos(ln, q + 1)
            j += 1
        elif compound is not None:  # the suit in the game's word
            rec.suit = compound[1]
            rec.arg_pos = rec.name_pos
        elif name in GAME_SUITS:
            suits = " ".join(GAME_SUITS[name])
            if j >= n:
                raise self._eol(toks, name, f"the trump suit: one of {suits}", "E-ARGUMENT")
            w = toks[j]
            if w.lower() not in GAME_SUITS[name]:
                raise self._err_at("E-ARGUMENT", f"found {_quote(w)} after {_quote(written)}; expected the trump "
                                   f"suit: one of {suits}", toks, j, w, "one of " + suits)
            q = line.find(w, p)
            rec.suit = w.lower()
            rec.arg_pos = Pos(ln, q + 1)
            p = q + len(w)
            j += 1
        if j < n and toks[j].lower() == "tout":
            rec.tout = True
            p = line.find(toks[j], p) + 4
            j += 1
        hand.game = self.last = rec
        self.p = p
        return j

    def s_laufende(self, toks, i, n):
        """``laufende N with|without``, ``laufende 0``, ``laufende ?``;
        ``^`` before N marks a value agreed at the table."""
        hand = self.hand
        if hand.laufende is not None:
            raise self._dup(toks, i, hand.laufende.pos)
        ln = self.ln
        line = self.line
        c = line.find("laufende", self.p)
        j = i + 1
        if j >= n:
            raise self._eol(toks, "laufende", "the number of Laufende (0..14), or ?", "E-NUMBER")
        t = toks[j]
        q = line.find(t, c + 8)
        val = self._uint_slow(t, q + 1, "laufende", 0, 14, True)
        p = q + len(t)
        rec = LaufendeRec(val.value, None, Pos(ln, c + 1), val.agreed)
        j += 1
        if val.value:
            side = _LAUFENDE_SIDE.get(toks[j].lower()) if j < n else None  # with, without; mit, ohne (real22 F6)
            if side is None:
                found = _quote(toks[j]) if j < n else "end of line"
                raise self._err_at("E-ARGUMENT", f"found {found} after 'laufende {t}'; expected with (mit: the "
                                   "declaring party holds them) or without (ohne: the opponents do)", toks, j, found,
                                   "with or without")
            rec.side = side
            p = line.find(toks[j], p) + len(toks[j])
            j += 1
        hand.laufende = self.last = rec
        self.p = p
        return j

    def s_score(self, toks, i, n):
        hand = self.hand
        if hand.score is not None:
            raise self._dup(toks, i, hand.score.pos)
        ln = self.ln
        line = self.line
        c = line.find("score", self.p)
        p = c + 5
        entries: list = []
        rec = _new(ScoreRec)
        rec.entries = entries
        rec.pos = new_pos(ln, c + 1)
        rec.note = None
        last = rec
        seatset = self.seatset
        seen: set = set()
        j = i + 1
        while j < n:
            s = toks[j]
            if s not in seatset:
                c0 = s[0]
                if c0 == "{":
                    if len(s) < 2 or s[-1] != "}":
                        raise self._unterminated(toks, j)
                    if last is None:
                        raise self._err_at("E-NOTE", f"found a second annotation {_quote(s)} on the same score "
                                           "entry; expected one annotation each", toks, j, s, "one annotation")
                    last.note = _note_text(s)
                    last = None
                    p = line.find(s, p) + len(s)
                    j += 1
                    continue
                if s in _DISPATCH or c0 == "[":
                    break
                s = self._seat_miss(toks, j)
            if s in seen:
                raise self._err_at("E-DUPLICATE", f"found a second score entry for {s}; expected each seat once in "
                                   "'score'", toks, j, s, "each seat once")
            seen.add(s)
            p = line.find(s, p) + len(s)
            j += 1
            if j >= n:
                raise self._eol(toks, s, f"{s}'s units (e.g. +2, -4, 0, ?, ^+2)", "E-NUMBER")
            vt = toks[j]
            q = line.find(vt, p)
            p = q + len(vt)
            v = _SINT.get(vt)
            if v is not None:
                val = new_value(v, ln, q + 1)
            else:
                val = self._score_slow(toks, j, s, q + 1)
            entries.append((s, val))
            last = val
            j += 1
        if not entries:
            found = _quote(toks[j]) if j < n else "end of line"
            raise self._err_at("E-SEAT", f"found {found} after 'score'; expected a seat and its units "
                               "(e.g. 'score Al +2 Bea -4 ...')", toks, j, found, "a seat")
        hand.score = rec
        self.last = last
        self.p = p
        return j

    def s_tokens(self, toks, i, n):
        """``tokens S n S n ...``: the tokens each seat took in the fox game
        (``[Rules "fox4"]``, rules.md F-6, docs/profiles.md "The fox game"):
        whole numbers 0..13, ``?`` unknown; each seat once."""
        hand = self.hand
        if hand.tokens is not None:
            raise self._dup(toks, i, hand.tokens.pos)
        ln, line = self.ln, self.line
        c = line.find("tokens", self.p)
        p = c + 6
        entries: list = []
        rec = ScoreRec(entries, Pos(ln, c + 1))
        seen: set = set()
        j = i + 1
        while j < n:
            s = toks[j]
            if s not in self.seatset:
                if s in _DISPATCH or s[0] in "{[":
                    break
                s = self._seat_miss(toks, j)
            if s in seen:
                raise self._err_at("E-DUPLICATE", f"found a second tokens entry for {s}; expected each seat once in "
                                   "'tokens'", toks, j, s, "each seat once")
            seen.add(s)
            p = line.find(s, p) + len(s)
            j += 1
            if j >= n:
                raise self._eol(toks, s, f"{s}'s tokens (a number 0..13, or ?)", "E-NUMBER")
            vt = toks[j]
            q = line.find(vt, p)
            p = q + len(vt)
            entries.append((s, self._uint_slow(vt, q + 1, "tokens", 0, 13, False)))
            j += 1
        if not entries:
            found = _quote(toks[j]) if j < n else "end of line"
            raise self._err_at("E-SEAT", f"found {found} after 'tokens'; expected a seat and its tokens "
                               "(e.g. 'tokens N 5 E 3 S 2 W 3')", toks, j, found, "a seat")
        hand.tokens = rec
        self.last = entries[-1][1]
        self.p = p
        return j

    def _score_slow(self, toks: list[str], j: int, s: str, col: int) -> Value:
        vt = toks[j]
        agreed = False
        body = vt
        if body[:1] == "^":
            agreed = True
            body = body[1:]
        if body == "?" and not agreed:
            return Value(None, Pos(self.ln, col))
        if _SINT_RE.fullmatch(body):
            if len(body.lstrip("+-\u2212\u2013\u2014")) > _MAX_DIGITS:  # never read as 10**18: the message quotes what is written
                raise self._err("E-NUMBER", f"found {_quote(vt)} as {s}'s units; expected a whole number of at "
                                f"most {_MAX_DIGITS} digits", col, vt, "units")
            return Value(_to_int(body), Pos(self.ln, col), agreed)
        hint = _sep_hint(toks, j, s)  # 'score Al = -1', 'Al =-1', 'Al : -1' (fixd27, break27b F7)
        raise self._err("E-NUMBER", f"found {_quote(vt)} as {s}'s units; expected a whole number with an optional "
                        "sign (+2, -4, 0), ? when unknown, or ^ before a number for a result agreed at the table"
                        + hint, col, vt, "units")

    def _slashed(self, t: str, m, col: int, kw: str, toks: list[str], j: int, stop: bool = False,
                 agreed: bool = False) -> Value:
        """'pts A/B' or 'tricks A/B' (fixb28): the picker side's and the
        defenders' card points written together, read as 'pts A' with
        ``W-PHONE-SLIP`` when they sum to the deck's 120 (rules.md A-6: the
        first is the picker side's, as a sheet's Points and Def Pts are); for
        'tricks', :meth:`_tricks_of`.  Else refused, ``E-NUMBER``, saying
        what to write.  ``t`` is the pair as written ('72 / 48' with the
        spaces a phone put round the slash, break28b F4); ``stop``: a full
        stop after it ('pts 72/48.'); ``agreed``: SHN's agreed mark ``^``
        before the pair ('pts ^72/48', fixb29), kept: read as 'pts ^72'
        (notation.md §7), the message saying to write 'pts 72' when no
        result was agreed at the table."""
        a, b = int(m.group(1)), int(m.group(2))
        if kw == "tricks":
            self._tricks_of(t, toks, j, a, m.group(2), stop)
            return Value(a, Pos(self.ln, col), agreed)
        if a + b == 120:
            mark = "^" if agreed else ""
            self._phone_slip(toks, j, f"pts {mark}{a}", f"the picker side's {a} and the defenders' {b} card points "
                             "written together" + (" after the agreed mark ^" if agreed else "")
                             + (_STOP_WHAT if stop else ""), "'pts' takes the picker side's points alone, "
                             "the defenders' are the rest of the deck's 120, rules.md A-6" + (_STOP_WHY if stop else "")
                             + ("; the ^ is SHN's mark of a result agreed at the table (notation.md §7), kept as "
                                f"written: 'pts {a}' if none was agreed" if agreed else ""), t)
            return Value(a, Pos(self.ln, col), agreed)
        raise self._err("E-NUMBER", f"found 'pts {t}': two numbers, and {a} + {b} = {a + b}, not the deck's 120 card "
                        "points (rules.md A-6), so which is the picker side's is not certain; write the picker "
                        f"side's card points alone, e.g. 'pts {a}' (the defenders' are 120 less them)", col, t,
                        "a number")

    def _uint_slow(self, t: str, col: int, kw: str, lo: int, hi: int | None, agreed_ok: bool,
                   toks: list[str] | None = None, j: int = 0) -> Value:
        agreed = False
        body = t
        if agreed_ok and body[:1] == "^":
            agreed = True
            body = body[1:]
        if body == "?" and not agreed:
            return Value(None, Pos(self.ln, col))
        if _UINT_RE.fullmatch(body):
            v = _to_int(body)
            if v >= lo and (hi is None or v <= hi) and v != _HUGE:  # 10**18: more digits than kept
                return Value(v, Pos(self.ln, col), agreed)
            rng = f"{lo}..{hi}" if hi is not None else f"{lo} or more, of at most {_MAX_DIGITS} digits"
            raise self._err("E-NUMBER", f"found {kw} {_quote(t)}; expected a number {rng}", col, t, rng)
        mark = ", ^ before it for a result agreed at the table" if agreed_ok else ""
        raise self._err("E-NUMBER", f"found {_quote(t)} after {_quote(kw)}; expected a whole number without sign or "
                        f"leading zeros, or ? when unknown{mark}"
                        + (_glued_hint(t, ()) or (_punct_hint(t) if toks is None else _sep_hint(toks, j, kw))),
                        col, t, "a number")


def _seat_statement(attr: str, kw: str, tie: bool = False):
    what = "a seat, or ?" + (" or - (a tie)" if tie else "")
    klen = len(kw)

    def handler(self, toks, i, n):
        hand = self.hand
        old = getattr(hand, attr)
        if old is not None:
            raise self._dup(toks, i, old.pos)
        j = i + 1
        if j >= n:
            raise self._eol(toks, kw, what, "E-SEAT")
        s = toks[j]
        if s not in self.seatset:
            if s == "?":
                s = None
            elif tie and s == "-":
                s = None
                hand.leaster_tie = True
            else:
                s = self._seat_miss(toks, j)
        line = self.line
        t = toks[j]
        q = line.find(t, line.find(kw, self.p) + klen)
        self.p = q + len(t)
        v = new_value(s, self.ln, q + 1)
        setattr(hand, attr, v)
        self.last = v
        return j + 1
    handler.__name__ = "s_" + kw
    return handler


def _nopick_statement(kw: str):
    """``moster S``, ``mittler S``, ``schneidster S``, ``schwanzer S``: the
    game played when nobody picked and the seat it turns on (rules.md D-15..
    D-18); ``?`` unknown, ``-`` a wash.  One of them per hand."""
    inner = _seat_statement("nopick", kw, tie=True)

    def handler(self, toks, i, n):
        hand = self.hand
        if hand.nopick is not None:
            raise self._dup(toks, i, hand.nopick.pos)
        tie = hand.leaster_tie
        j = inner(self, toks, i, n)
        if hand.leaster_tie and not tie:  # the shared seat reader marks a '-' on leaster_tie
            hand.leaster_tie = False
            hand.nopick_tie = True
        hand.nopick_game = kw
        return j
    handler.__name__ = "s_" + kw
    return handler
_partner_first = _seat_statement("partner", "partner")


def _s_partner(self, toks, i, n):
    """``partner S`` or ``partner S S2``: a second partner where the profile
    has two (3v3 ``wi6-jd-ace``, 3v5 ``wi8-qc-jd-7d``; docs/profiles.md).  The
    second word is taken only when it is a seat; an annotation after it
    belongs to the statement."""
    j = _partner_first(self, toks, i, n)
    if j < n and self.hand.partner.value is not None:
        t = toks[j]
        if t in self.seatset or (not self.seats_known and is_alias(t)):
            if t not in self.seatset:
                t = self._seat_miss(toks, j)
            q = self.line.find(t, self.p)
            self.p = q + len(t)
            self.hand.partner2 = Value(t, Pos(self.ln, q + 1))
            self.last = self.hand.partner
            return j + 1
    return j


def _flag_statement(attr: str, kw: str):
    klen = len(kw)

    def handler(self, toks, i, n):
        hand = self.hand
        old = getattr(hand, attr)
        if old is not None:
            raise self._dup(toks, i, old.pos)
        c = self.line.find(kw, self.p)
        self.p = c + klen
        v = new_value(True, self.ln, c + 1)
        setattr(hand, attr, v)
        self.last = v
        return i + 1
    handler.__name__ = "s_" + kw
    return handler


def _number_statement(attr: str, kw: str, lo: int, hi: int | None, agreed_ok: bool):
    top = hi if hi is not None else 1000
    klen = len(kw)

    def handler(self, toks, i, n):
        hand = self.hand
        old = getattr(hand, attr)
        if old is not None:
            raise self._dup(toks, i, old.pos)
        j = i + 1
        if j >= n:
            raise self._eol(toks, kw, "a number or ?", "E-NUMBER")
        t = toks[j]
        line = self.line
        q = line.find(t, line.find(kw, self.p) + klen)
        v = _UINT.get(t)
        pair = None
        if (kw == "pts" or kw == "tricks") and (v is None or (j + 1 < n and toks[j + 1][:1] == "/")):
            pair = _phone_pair(toks, j, n)
        if pair is not None:
            # fixb28: a phone's 'pts 72/48', 'tricks 4/6'; break28b F4: 'pts 72 / 48', 'pts 72/48.'; fixb29:
            # 'pts ^72/48'
            m, stop, more = pair
            val = self._slashed(" ".join(toks[j:j + more + 1]), m, q + 1, kw, toks, j, stop, t[:1] == "^")
            self.p = q + len(t)
            if more:
                last = toks[j + more]
                self.p = line.find(last, line.find("/", q + len(t) - 1)) + len(last)
                j += more
        elif v is not None and lo <= v <= top:
            val = new_value(v, self.ln, q + 1)
            self.p = q + len(t)
        else:
            val = self._uint_slow(t, q + 1, kw, lo, hi, agreed_ok, toks, j)
            self.p = q + len(t)
        if kw == "tricks" and pair is None and v is not None and j + 2 < n and toks[j + 1] == "of" \
                and (_UINT_RE.fullmatch(of := toks[j + 2]) or (of[-1:] == "." and _UINT_RE.fullmatch(of[:-1]))
                     or of.rstrip(".").lower() in _TRICK_WORDS):
            # fixb28: a phone's 'tricks 4 of 6'; break28b F4: 'tricks 4 of 6.'; fixb29: 'tricks 4 of six'
            self._tricks_of(f"{t} of {of}", toks, j, v, of.rstrip("."), of[-1] == ".")
            self.p = line.find(of, line.find("of", self.p) + 2) + len(of)
            j += 2
        setattr(hand, attr, val)
        self.last = val
        return j + 1
    handler.__name__ = "s_" + kw
    return handler


#: two whole numbers with a slash between them ('pts 72/48', 'tricks 4/6'): a phone's or a score pad's pair
_SLASHED = re.compile(r"(0|[1-9][0-9]{0,3})/(0|[1-9][0-9]{0,3})")
#: the number words a phone's 'tricks N of M' may write M in ('tricks 4 of six', fixb29), one to sixteen
_TRICK_WORDS = {w: k for k, w in enumerate("one two three four five six seven eight nine ten eleven twelve thirteen "
                                             "fourteen fifteen sixteen".split(), 1)}
#: what a W-PHONE-SLIP adds for a full stop after the pair (break28b F4: 'pts 72/48.', 'tricks 4 of 6.')
_STOP_WHAT = ", with a full stop after them (a phone's: two spaces typed make '. ')"
_STOP_WHY = "; a '.' ends no statement in SHN"


def _phone_pair(toks: list[str], j: int, n: int):
    """The pair of numbers a phone wrote at ``toks[j]`` after 'pts' or
    'tricks': ``(match of _SLASHED, full stop after it, tokens after j it
    takes)``, or None.  'A/B' (fixb28), and (break28b F4) 'A/B.', the slash
    typed with spaces round it or on one side ('A / B', 'A /B', 'A/ B'),
    each also with a full stop after B."""
    t = toks[j]
    if t[:1] == "^":  # SHN's agreed mark before the pair ('pts ^72/48', fixb29): the caller keeps it
        t = t[1:]
    more = 0
    if t[-1:] == "/" or (j + 1 < n and toks[j + 1][:1] == "/"):
        if t[-1:] == "/" and j + 1 < n:
            more = 1
        elif toks[j + 1] == "/" and j + 2 < n:
            more = 2
        elif toks[j + 1] != "/":
            more = 1
        t = "".join(toks[j:j + more + 1])
        t = t[1:] if t[:1] == "^" else t
    stop = t[-1:] == "."
    m = _SLASHED.fullmatch(t[:-1] if stop else t)
    if m is None:
        return None
    return m, stop, more


def _outcome(self, toks, i, n):
    hand = self.hand
    if hand.outcome is not None:
        raise self._dup(toks, i, hand.outcome.pos, f"outcome {_quote(toks[i])} (after {hand.outcome.value!r})")
    t = toks[i]
    c = self.line.find(t, self.p)
    self.p = c + len(t)
    # a phone's or a word processor's dash for the hyphen (win–s, win—s): the outcome as SHN spells it
    hand.outcome = self.last = new_value(t.replace("\u2013", "-").replace("\u2014", "-").replace("\u2212", "-"),
                                         self.ln, c + 1)
    return i + 1


def _mark_statement(kind: str):
    klen = len(kind)

    def handler(self, toks, i, n):
        hand = self.hand
        j = i + 1
        if j >= n:
            raise self._eol(toks, kind, "a seat, or ?", "E-SEAT")
        s = toks[j]
        if s in self.seatset:
            seat = s
        elif s == "?":
            seat = None
        else:
            seat = self._seat_miss(toks, j)
        line = self.line
        c = line.find(kind, self.p)
        p = line.find(s, c + klen) + len(s)
        color = None
        pair = "queens"
        late = False
        if kind == "blitz":
            j += 1
            if j >= n:
                raise self._eol(toks, s, "black or red (the colour of the two queens shown)", "E-ARGUMENT")
            color = toks[j]
            if color in ("middle", "four") and j + 1 < n and toks[j + 1] == "jacks":
                pass  # issue 18, jackBlitz: `blitz S middle jacks` (J♠ J♥), `blitz S four jacks`
            elif color != "black" and color != "red":
                raise self._err_at("E-ARGUMENT", f"found {_quote(color)} after 'blitz {s}'; expected black or red "
                                   "(the colour of the two queens shown), or middle jacks / four jacks", toks, j,
                                   color, "black or red")
            p = line.find(color, p) + len(color)
            if j + 1 < n and toks[j + 1] in ("queens", "jacks"):  # rules.md E-5: allowBlitz=queensAndJacks
                j += 1
                pair = toks[j]
                p = line.find(pair, p) + len(pair)
            if j + 1 < n and toks[j + 1] == "late":  # issue 18, lateBlitz: declared after the play (E-5)
                j += 1
                late = True
                p = line.find("late", p) + 4
        after = 0
        if (kind == "kontra" or kind == "re") and j + 1 < n and toks[j + 1] == "after":
            p = line.find("after", p) + 5
            j += 2
            if j >= n:
                raise self._eol(toks, "after", "the number of cards played before it (0, 1, ...)", "E-NUMBER")
            t = toks[j]
            q = line.find(t, p)
            after = self._uint_slow(t, q + 1, "after", 0, 32, False).value
            if after is None:
                raise self._err("E-NUMBER", f"found 'after ?' in '{kind}'; expected the number of cards played "
                                "before it", q + 1, "?", "a number")
            p = q + len(t)
        self.p = p
        rec = MarkRec(kind, seat, color, Pos(self.ln, c + 1), after=after, pair=pair, late=late)
        hand.marks.append(rec)
        self.last = rec
        return j + 1
    handler.__name__ = "s_" + kind
    return handler


_TRICK_NUM = {f"t{k}": k for k in range(1, 100)}

_DISPATCH = {
    "hand": _Reader.s_hand,
    "dealer": _seat_statement("dealer", "dealer"),
    "deal": _Reader.s_deal,
    "table": _Reader.s_table,
    "blind": _Reader.s_blind,
    "pick": _seat_statement("pick", "pick"),
    "leaster": _seat_statement("leaster", "leaster", tie=True),
    "doubler": _flag_statement("doubler", "doubler"),
    "stake": _number_statement("stake", "stake", 1, None, False),
    "crack": _mark_statement("crack"),
    "recrack": _mark_statement("recrack"),
    "castrate": _mark_statement("castrate"),
    "blitz": _mark_statement("blitz"),
    "klopfen": _mark_statement("klopfen"),
    "kontra": _mark_statement("kontra"),
    "re": _mark_statement("re"),
    "game": _Reader.s_game,
    "ramsch": _flag_statement("ramsch", "ramsch"),
    "thrown": _flag_statement("thrown", "thrown"),  # a thrown-in Schafkopf deal (rules.md G-4)
    "laufende": _Reader.s_laufende,
    "bury": _Reader.s_bury,
    "share": _Reader.s_share,
    "call": _Reader.s_call,
    "alone": _flag_statement("alone", "alone"),
    "sheepshead": _flag_statement("sheepshead", "sheepshead"),
    "give": s_give,  # wi6-7d-high (issue 18): ingest/shn/partner_statements.py
    "partner": _s_partner,
    "claim": _seat_statement("claim", "claim"),
    "pts": _number_statement("pts", "pts", 0, 120, True),
    "tricks": _number_statement("tricks_won", "tricks", 0, None, True),
    "score": _Reader.s_score,
    "tokens": _Reader.s_tokens,  # the fox game's label (rules.md F-6)
    "buck": _seat_statement("buck", "buck"),
    "hunters": _seat_statement("hunters", "hunters"),
    "misdeal": _flag_statement("misdeal", "misdeal"),
    "potsplit": _flag_statement("potsplit", "potsplit"),  # issue 18: the pot split (pot=on, D-19)
    "blindtrick": _number_statement("blind_trick", "blindtrick", 1, 99, False),
    "pot": _number_statement("pot", "pot", 0, None, False),
    "roll": _number_statement("roll", "roll", 1, 6, False),  # issue 18: the seven-handed die roll (wi7-die-roll)
}
for _w in ("moster", "mittler", "schneidster", "schwanzer"):
    _DISPATCH[_w] = _nopick_statement(_w)
for _w in ("win", "lose", "win-s", "lose-s", "win-z", "lose-z"):
    _DISPATCH[_w] = _outcome
    if "-" in _w:
        for _dash in ("\u2013", "\u2014", "\u2212"):  # en dash, em dash, minus sign: as a phone writes the hyphen
            _DISPATCH[_w.replace("-", _dash)] = _outcome
for _w in _TRICK_NUM:
    _DISPATCH[_w] = _Reader.s_trick

#: The fast path's readers of a whole line, by its first word (see _fast_trick).
def _no_number(found: str) -> str:
    """The message of ``E-NUMBER`` for a ``hand`` line whose next word
    (``found``, quoted, or "end of line") is not a hand number."""
    return f"found {found} after 'hand'; expected the hand number, a whole number from 1 without leading zeros"


_NO_NUMBER_EOL = _no_number("end of line")

_FAST = {"deal": _fast_deal, "blind": _fast_cards, "bury": _fast_cards, "share": _fast_cards, "score": _fast_score,
         "hand": _fast_hand, "pick": _fast_pick, "call": _fast_call, "partner": _fast_result, "pts": _fast_result}
for _w in _TRICK_NUM:
    _FAST[_w] = _fast_trick


def _scan_table(cards: dict) -> tuple[bytes, bytes, int, list]:
    """What :func:`_scan_line` reads cards by, for the card spellings
    ``cards`` (spelling -> card) of a ``[Cards]`` mode: ``(first, second,
    width, table)``, where ``first[ord(a)]`` and ``second[ord(b)]`` number
    the first and second characters of the two-character ASCII spellings
    ``ab`` (0: no such spelling has that character there) and
    ``table[first * width + second]`` is the card spelt ``ab``, or None
    where ``ab`` spells no card (or ``??``, which the scan leaves to the
    other readers)."""
    pairs = [(k, c) for k, c in cards.items() if len(k) == 2 and k.isascii() and c is not None]
    firsts: dict[str, int] = {}
    seconds: dict[str, int] = {}
    for k, _ in pairs:
        firsts.setdefault(k[0], len(firsts) + 1)
        seconds.setdefault(k[1], len(seconds) + 1)
    width = len(seconds) + 1
    table: list = [None] * ((len(firsts) + 1) * width)
    for k, c in pairs:
        table[firsts[k[0]] * width + seconds[k[1]]] = c
    first, second = bytearray(128), bytearray(128)
    for ch, i in firsts.items():
        first[ord(ch)] = i
    for ch, i in seconds.items():
        second[ord(ch)] = i
    return bytes(first), bytes(second), width, table


#: ``[Cards]`` mode -> :func:`_scan_table` of its spellings
_SCAN_TABLES = {mode: _scan_table(cards) for mode, (cards, _) in CARD_MODES.items()}


def _scan_line(self: _Reader, line: str) -> bool:
    """Read ``line`` when it is a plain ``tK S:``, ``deal S``, ``blind``,
    ``bury`` or ``share`` line of two-character ASCII cards (``AC``, ``qs``,
    ``TD``; the ``[Cards]`` mode's), words apart by blanks and tabs and
    nothing else on it, as the fast path reads it (:func:`_read_trick`,
    :func:`_read_deal`, :func:`_read_cards`), in one pass over its bytes:
    without the line's ``str.split``, its words as strings and a look-up of
    each card's spelling.  False, having changed nothing, for any other line
    (or one the fast path declines), which the caller reads as before; so the
    reader's records, positions and diagnostics are those without the scan
    (tests/test_shn_fastpath.py).

    Compiled only (issue 17; ingest/shn/reader.pxd reads the bytes through
    a C pointer at C indices): run as Python, a loop over the bytes costs
    more than the ``split`` it saves, so the pure path does not call it
    (:data:`_SCAN`)."""
    if not line.isascii():
        return False
    b = line.encode("ascii")
    p = b  # compiled: a pointer to the bytes (the loop below never reads at or past n)
    n = len(b)
    i = 0
    c = 32
    while i < n:
        c = p[i]
        if c != 32 and c != 9:  # a blank, a tab
            break
        i += 1
    if n - i < 7:  # the shortest: 'bury AC', 't1 A AC'
        return False
    kind = 0  # 1 a trick, 2 a deal, 3 blind / bury / share
    num = 0
    kw = ""
    if c == 116:  # t
        i += 1
        while i < n:
            c = p[i]
            if c < 48 or c > 57:
                break
            if num == 0 and c == 48:  # t0, t01: the statement loop's
                return False
            num = num * 10 + (c - 48)
            if num > 99:
                return False
            i += 1
        if num == 0:
            return False
        kind = 1
    elif c == 100 and b.startswith(b"deal", i):
        i += 4
        kind = 2
    elif c == 98 and b.startswith(b"blind", i):
        i += 5
        kind = 3
        kw = "blind"
    elif c == 98 and b.startswith(b"bury", i):
        i += 4
        kind = 3
        kw = "bury"
    elif c == 115 and b.startswith(b"share", i):
        i += 5
        kind = 3
        kw = "share"
    else:
        return False
    if i >= n:
        return False
    c = p[i]
    if c != 32 and c != 9:  # the keyword ends at a blank
        return False
    while i < n:
        c = p[i]
        if c != 32 and c != 9:
            break
        i += 1
    word = ""
    if kind != 3:  # the seat: printable ASCII up to the next blank, none of { [ ; "
        a = i
        while i < n:
            c = p[i]
            if c == 32 or c == 9:
                break
            if c <= 32 or c > 126 or c == 123 or c == 91 or c == 59 or c == 34:
                return False
            i += 1
        if i == a:
            return False
        word = line[a:i]
    first, second, width, table = _SCAN_TABLES[self.mode]
    cards = []
    while True:
        while i < n:
            c = p[i]
            if c != 32 and c != 9:
                break
            i += 1
        if i >= n:
            break
        if i + 1 >= n:
            return False
        c = p[i]
        d = p[i + 1]
        if c > 126 or d > 126:
            return False
        if i + 2 < n:
            e = p[i + 2]
            if e != 32 and e != 9:
                return False
        card = table[first[c] * width + second[d]]
        if card is None:
            return False
        cards.append(card)
        i += 2
    if not cards:
        return False
    if kind == 1:
        return _read_trick(self, line, num, word, cards)
    if kind == 2:
        return _read_deal(self, line, word, cards)
    return _read_cards(self, line, kw, cards)


#: The reader of plain card lines run before a line is split (:func:`_scan_line`): compiled only
_SCAN = None if __file__.endswith(".py") else _scan_line


# ---------------------------------------------------------------------------
# Entry points


def read(text: str, path: str | None = None, strict: bool = False) -> ShnFile:
    """Read SHN 1.0 text (docs/notation.md) into a :class:`ShnFile`.

    ``text`` is the decoded file; a leading BOM (U+FEFF) is dropped, and a
    lone surrogate (how :func:`read_file` marks bytes that are not UTF-8) is
    an ``E-ENCODING`` error at its line and column.  ``path`` is copied into
    every diagnostic and into ``ShnFile.path``.

    Returns the hands in file order: ``ShnFile.hands[k].errors`` holds the
    syntax errors of that hand, ``ShnFile.errors`` those outside any hand
    (docs/notation.md §11).  Lenient mode raises nothing; with
    ``strict=True`` the first error raises
    :class:`~ingest.shn.errors.ShnSyntaxError`.

    Within each hand, deal lines are stored in the order of the seats in force
    (when a ``Seats`` tag lists them) and tricks in number order, whatever the
    order written (statements may come in any order, notation.md §3); every
    other list (score entries, marks, plays) keeps the order written.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    text = nfc(text)  # one spelling of an accented name (ingest.unicode_text)
    soft = None
    if _has_soft_break(text):  # a soft return typed as a line end (real21 F1)
        soft = _LineEnds()
        text = soft.piece(text)
        soft = soft if soft.first is not None else None
    # The records hold no reference cycles, so the cyclic collector has nothing
    # to find while they are built; left on, it re-walks every record built so
    # far again and again (three times the reading time on a large file).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        reader = _Reader(text, path, strict)
        f = reader.run()
        if soft is not None:
            _in_line_order(f.errors, soft.warning(path))
        return f
    finally:
        if was_enabled:
            gc.enable()


def read_file(path: str | os.PathLike, strict: bool = False) -> ShnFile:
    """Read an SHN file from disk: its bytes are decoded as UTF-8 (a BOM is
    accepted) and passed to :func:`read`.  Bytes that are not UTF-8 do not
    raise in lenient mode: each is reported as ``E-ENCODING`` at its line and
    column (the column counts characters, one per bad byte); strict mode
    raises :class:`~ingest.shn.errors.ShnSyntaxError` for the first.
    Raises ``OSError`` when the file cannot be opened."""
    with open(path, "rb") as fh:
        data = fh.read()
    text = data.decode("utf-8", "surrogateescape")
    return read(text, os.fspath(path), strict)


#: Bytes read from the file at a time by :func:`read_stream`.
BLOCK = 1 << 20


def read_stream(path: str | os.PathLike, batch: int = 2000, name: str | None = None,
                block: int = BLOCK) -> Iterator[ShnFile]:
    """Read an SHN file from disk in bounded memory: yields
    :class:`ShnFile` batches of at least ``batch`` hands (the last one the
    rest), each with the file-level diagnostics found since the previous
    batch.  Together they hold exactly what :func:`read_file` returns
    (lenient: the same hands, sources, positions and diagnostics), but only
    ``block`` bytes of the file, the hand being read and the batch are held
    at a time.  ``name`` (default ``path``) is the file name in the
    diagnostics.  Raises ``OSError`` when the file cannot be opened."""
    import codecs  # noqa: PLC0415

    def pieces() -> Iterator[str]:
        dec = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        with open(path, "rb") as fh:
            while True:
                data = fh.read(block)
                if not data:
                    break
                yield dec.decode(data)
        yield dec.decode(b"", final=True)

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        reader = _Reader("", os.fspath(path) if name is None else name, False)
        ends = _LineEnds()

        held: list[Diagnostic] = []  # W-LINE-END, read ahead of the lines: given with the batch that reaches its line

        def soft(texts: Iterator[str]) -> Iterator[str]:  # a soft return typed as a line end (real21 F1)
            for text in texts:
                said = ends.first is not None
                text = ends.piece(text)
                if not said and ends.first is not None:
                    held.append(ends.warning(reader.path))
                yield text

        for shn in reader.stream(soft(nfc_pieces(pieces())), batch):
            if held and held[0].line <= reader.ln:  # the reader is at its line or past it (the last batch: the end)
                _in_line_order(shn.errors, held.pop())
            yield shn
    finally:
        if was_enabled:
            gc.enable()


#: the statement a form's number box is read as (read_number): its keyword and the seat a score is read for
_NUMBER_LINES = {"pts": "pts {}", "tricks": "tricks {}", "score": "score A {}"}


def read_number(typed, kw: str) -> tuple[int | None, list[Diagnostic]]:
    """A number typed in a form's box read as SHN reads it after ``kw``
    (``"pts"``, ``"tricks"`` or ``"score"``: a seat's units): ``(value,
    warnings)``, the warnings the reader gives (``W-PHONE-SLIP`` for ``72.``
    or ``72/48``); ``(None, [])`` for an empty box (nothing written).  One
    source of the reading (phone32 F2: the Log a hand form refused the en
    and em dashes, U+2212, ``72.`` and ``72/48`` that SHN reads,
    docs/notation.md §2.3, rules.md A-6): the text is read by :func:`read`
    as that one statement of a hand.  Raises ValueError with the reader's
    message (without its SHN position) for what SHN refuses (``'x' is not
    a whole number`` for a word, the reader's reason for a pair not summing
    to 120 or a number out of range), and for text that holds more than the
    number (another statement, a comment)."""
    if typed is None:
        return None, []
    if isinstance(typed, int):
        return typed, []
    t = " ".join(str(typed).split())
    if not t:
        return None, []
    if any(c in t for c in ";{}[]\"") or any(w.rstrip(".").lower() in KEYWORDS for w in t.split()):
        raise ValueError(f"{str(typed).strip()!r} is not a whole number")
    f = read('%SHN 1.0\n[Seats "A"]\nhand 1\n' + _NUMBER_LINES[kw].format(t) + "\n", "number")
    errors = [d for h in f.hands for d in h.errors] + [d for d in f.errors if d.severity == "error"]
    if errors:
        msg = errors[0].message
        if "expected a whole number" in msg:  # the plain refusal, without the statement's SHN words
            raise ValueError(f"{str(typed).strip()!r} is not a whole number")
        if errors[0].code == "E-STATEMENT":  # more than the number ('7 2'): the form's words, not SHN's (newuser34 F4)
            parts = t.split()
            if len(parts) > 1 and all(_SINT_RE.fullmatch(w) for w in parts):
                one = f" ({''.join(parts)}, if the space is a slip)" if all(w.isdecimal() for w in parts) else ""
                many = {2: "two", 3: "three"}.get(len(parts), "several")
                raise ValueError(f"{t!r} is {many} numbers: the box takes one whole number{one}")
            raise ValueError(f"{str(typed).strip()!r} is not a whole number: the box takes one whole number")
        raise ValueError(msg if t in msg else f"{t!r}: {msg}")
    (h,) = f.hands
    if kw == "score":
        ((_a, v),) = h.score.entries
    else:
        v = getattr(h, "pts" if kw == "pts" else "tricks_won")
    if v is None or v.value is None or getattr(v, "agreed", False):
        raise ValueError(f"{str(typed).strip()!r} is not a whole number")
    return v.value, [d for d in f.errors if d.severity == "warning"]
