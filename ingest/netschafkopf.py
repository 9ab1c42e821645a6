"""NetSchafkopf protocol logs ("Schafkopfprotokoll") → validated hands.

A protocol is a plain-text file the NetSchafkopf program writes, one block
per game::

    Geber: Gast
         PcLinks hat: EA SO GA E7 GU GK GO E9          (the deal, clockwise
          PcOben hat: EO H8 GZ S9 HO HU G8 EU           from the dealer's left)
        PcRechts hat: ...
            Gast hat: ...
    PcOben spielt Mit der Schellen-Ass                 (the game)
         PcLinks spielt aus: EA H8 E8 EK               (8 tricks, leader first)
    ...
    PcOben verliert das Rufspiel: Mit der Schellen-Ass mit dir. Die
    Gegner haben 71 Augen                              (result, wrapped anywhere)
    Das Rufspiel kostet 2 Punkte.                      (price, in units)
    Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock
        1        2           +2           -2           +2           -2        0

:func:`read_protocol` replays every game through
:class:`replay.schafkopf.SchafkopfState` under the ``netschafkopf`` profile
and checks, from the cards, the Augen (card points) of the result line, the
price (units per opponent, with every "Mit Schneider", "Mit 3 Laufenden",
"1 mal gespritzt", "Mit 1 mal Jungfrau", "Doppelt für Tout" step) and each
seat's change in the running table (units).  A difference is a
:class:`~replay.errors.Diagnostic` at its line and the game is rejected:
nothing the cards contradict is stored.  A truncated game, an unknown card or
a card dealt twice rejects that game only; the others are returned.

Kontra is not written as an action in these logs, only as "N mal gespritzt"
in the price: it is taken from there (provenance ``asserted``) and applied
before the first card.  The Stock column is NetSchafkopf's pot (money paid in
when a deal is thrown in, taken by a later winner); under the rules of these
logs it never moves, so a change in it is reported (``E-NSK-STOCK``), not
guessed at.

Cards in the stored card log use SHN spelling through the engine's mapping
(Eichel → C, Gras → S, Herz → H, Schellen → D; O → Q, U → J, Z → T).
"""

from __future__ import annotations

import codecs
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import PurePath

from replay.cards import Card, mask_of
from replay.errors import Diagnostic, IllegalAction
from replay.cards import Suit
from replay.actions import Play
from replay.schafkopf import (GERMAN_SUIT, SCHAFKOPF_PROFILES, Announce, Game, Kontra, Re, SchafkopfProfile,
                              SchafkopfState, SkFrame, SkResult, german, parse_schafkopf_rules, replay_schafkopf)
from replay.schafkopf import Klopfen as KlopfenAction
from replay.schafkopf import Ramsch as RamschAction
from replay.scoring import Settlement

from .model import CardLog, FileResult, HandOutcome, RejectedHand, ValidatedHand, content_hash
from .unicode_text import nfc
from replay.deal_identity import deal_id_of_log
from replay.sk_outcome import schafkopf_outcome, schafkopf_sheet_outcome, seat_names
from replay.sk_tariff import PriceObservation, TariffInference, infer_tariff
from replay.schafkopf import rules_text
from replay.errors import ProfileError

__all__ = ["read_protocol", "infer_rules", "looks_like_protocol", "decode_protocol", "utf8_cut", "utf16_codec", "parse_card",
           "announced_game", "PROFILE", "replay_stored", "klopfen_count"]

#: The rules the NetSchafkopf protocols are checked under (replay.schafkopf).
PROFILE: SchafkopfProfile = SCHAFKOPF_PROFILES["netschafkopf"]

_SUIT_LETTER = {"E": Suit.CLUBS, "G": Suit.SPADES, "H": Suit.HEARTS, "S": Suit.DIAMONDS}
_RANK_TOKEN = {"A": 0, "AS": 0, "ASS": 0, "SAU": 0, "Z": 1, "10": 1, "K": 2, "O": 3, "U": 4, "9": 5, "8": 6, "7": 7}
_SUIT_WORD = {"eichel": Suit.CLUBS, "grün": Suit.SPADES, "gruen": Suit.SPADES, "gras": Suit.SPADES,
              "laub": Suit.SPADES, "blatt": Suit.SPADES, "herz": Suit.HEARTS, "schellen": Suit.DIAMONDS}
_ACE_WORD = r"(?:Ass|As|A|Sau)"


def parse_card(token: str) -> Card | None:
    """A protocol card token → :class:`Card`, or None when it is not a card.
    Suit E G H S, then rank A (also ``As``, ``Ass``, ``Sau``), Z (or 10), K,
    O, U, 9, 8, 7: ``"EO"`` → ``Card.CQ``, ``"SAss"`` → ``Card.DA``."""
    if len(token) < 2:
        return None
    suit = _SUIT_LETTER.get(token[0].upper())
    rank = _RANK_TOKEN.get(token[1:].upper())
    if suit is None or rank is None:
        return None
    return Card(suit * 8 + rank)


#: Bytes of a file's start that decide whether it is UTF-16 (:func:`utf16_codec`).
UTF16_HEAD = 4096


def utf16_codec(head: bytes) -> str | None:
    """The UTF-16 codec of a file whose first bytes are ``head`` (its first
    :data:`UTF16_HEAD` bytes, or all of a shorter file): ``"utf-16"`` after a
    byte-order mark (FF FE or FE FF; Notepad's "Unicode"), ``"utf-16-le"`` /
    ``"utf-16-be"`` without one when a NUL fills the high byte of at least 9
    in 10 of the first characters and the low byte of at most 1 in 10 (Latin
    text such as a protocol; a UTF-8 or ISO-8859-1 protocol holds no NUL);
    else None."""
    if head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "utf-16"
    n = len(head) // 2
    if n < 8:
        return None
    low, high = head[0:2 * n:2].count(0), head[1:2 * n:2].count(0)
    if high * 10 >= n * 9 and low * 10 <= n:
        return "utf-16-le"
    if low * 10 >= n * 9 and high * 10 <= n:
        return "utf-16-be"
    return None


#: UTF-8's umlauts and ß read as Windows-1252 and saved again ("GrÃ¼n" for "Grün"): a file decoded twice.
_DECODED_TWICE = re.compile("Ã[¤¶¼Ÿ„–œ]")


def _decoded_twice(lines: list[str], path: str | None, first_line: int = 1) -> list[Diagnostic]:
    """One ``W-NSK-ENCODING`` at the first line whose umlauts read as two
    characters (``Ã¼`` for ``ü``): the protocol was UTF-8, opened as
    Windows-1252 and saved again, so its German game names ("Grün") are
    unknown words and those games are refused; none when there is no such
    pair.  ``lines`` are the file's lines from line ``first_line`` (1-based;
    a streamed protocol's game block)."""
    for ln, line in enumerate(lines, first_line):
        if m := _DECODED_TWICE.search(line):
            return [Diagnostic("W-NSK-ENCODING", f"line {ln} reads {m.group(0)!r} where a protocol writes an umlaut: "
                               "the file looks like UTF-8 text opened as Windows-1252 and saved again, so the games "
                               "whose names hold an umlaut ('Grün') cannot be read; open it as UTF-8 and save it once",
                               "warning", path, ln, m.start() + 1, found=line.strip()[:60],
                               expected="ä ö ü ß as one character each")]
    return []


#: The words with an umlaut or ß that NetSchafkopf writes in a protocol (the Gras suit "Grün", "für Tout",
#: "den höheren Ober"): what a word holding U+FFFD may have been (:func:`_read_lost`).
_UMLAUT_WORDS = frozenset({"grün", "für", "höheren"})
_LOST_WORD = re.compile(r"(?:[^\W\d_]|\ufffd)*\ufffd(?:[^\W\d_]|\ufffd)*")
_LOST_RUN = re.compile("\ufffd+")


def _read_lost(word: str) -> str | None:
    """The word of a protocol that ``word`` — letters with one run of
    U+FFFD, the replacement character, where a character was lost — was:
    the one of :data:`_UMLAUT_WORDS` that ä, ö, ü or ß in the gap makes
    (``Gr\ufffdn`` -> ``Grün``), in the word's case; None when none or
    more than one fits, or the word has more than one gap."""
    runs = _LOST_RUN.findall(word)
    if len(runs) != 1:
        return None
    fits = {_LOST_RUN.sub(ch, word) for ch in "äöüß" if _LOST_RUN.sub(ch, word).lower() in _UMLAUT_WORDS}
    if len(fits) != 1:
        return None
    (got,) = fits
    letters = _LOST_RUN.sub("", word)
    return got.upper() if len(letters) > 1 and letters.isupper() else got


def _lost_names(line: str) -> list[tuple[int, int, str]]:
    """``(start, end, name)`` of each player's name that ``line`` writes where
    a protocol names a player (the ``gespielt von`` header, ``Geber:``, a
    deal, lead or announcement line) and that holds U+FFFD."""
    out = []
    for pat in (_PLAYED_BY, _GEBER, _DEAL, _TRICK, _ANNOUNCE):
        m = pat.search(line) if pat is _PLAYED_BY else pat.match(line)
        if m and "\ufffd" in m.group(1):
            out.append((m.start(1), m.end(1), m.group(1)))
    return out


def _repair_lost(lines: list[str], first_line: int, seen: dict[str, tuple[int, int, str, str | None]]) -> None:
    """Read, in place, each word of ``lines`` (the file's lines from line
    ``first_line``, 1-based) that holds U+FFFD as the protocol's word it fits
    (:func:`_read_lost`; a word none fits is left as it is), and note in
    ``seen`` the first of each kind, ``"read"`` and ``"left"``:
    ``(line, column, word, read as or None)`` (real31 F4: an editor that
    could not read a Latin-1 protocol saved it again as UTF-8); and, under
    ``"name:" + name``, the first place of each player's name that holds it
    (:func:`_lost_names`: never read as a word, the lost letter unknown;
    its words are then no ``"left"`` word, verify31: "J\ufffdrg")."""
    for k, line in enumerate(lines):
        if "\ufffd" not in line:
            continue
        names = _lost_names(line)
        for start, _end, name in names:
            seen.setdefault("name:" + name, (first_line + k, start + 1, name, None))
        known = [key[5:] for key in seen if key.startswith("name:")]

        def read(m: re.Match, k: int = k, names=names, known=known) -> str:
            word = m.group(0)
            if any(a <= m.start() < b for a, b, _ in names):
                return word  # a player's name: left as written (said under "name:")
            if any(word in n for n in known):
                return word  # the lost name again ('mit J\ufffdrg.'): as written, said as the name
            got = _read_lost(word)
            seen.setdefault("left" if got is None else "read", (first_line + k, m.start() + 1, word, got))
            return word if got is None else got

        lines[k] = _LOST_WORD.sub(read, line)


def _lost_said(path: str | None, seen: dict[str, tuple[int, int, str, str | None]],
               said: set[str] | None = None) -> list[Diagnostic]:
    """``W-NSK-REPLACED`` warnings for what :func:`_repair_lost` noted in
    ``seen``, each kind (each lost player's name) once (``said``: the kinds
    said already, updated)."""
    out: list[Diagnostic] = []
    said = set() if said is None else said
    for kind in ("read", "left", *sorted(k for k in seen if k.startswith("name:"))):
        if kind not in seen or kind in said:
            continue
        said.add(kind)
        ln, col, word, got = seen[kind]
        lost = (f"line {ln} reads {word!r} with U+FFFD, the replacement character: the file was saved again by a "
                "program that could not read some of its characters (e.g. a Latin-1 protocol opened as UTF-8), and they are "
                "lost")
        if kind.startswith("name:"):
            msg = (f"line {ln} names the player {word!r} with U+FFFD, the replacement character: the program that "
                   "saved the file again (e.g. a Latin-1 protocol opened as UTF-8) lost a character of the name, and "
                   f"the file cannot say which, so this player's games are stored under the name {word!r} as written "
                   "-- in the ledger a player other than one whose name is written right on other nights; to put "
                   "them under the right name, `shead export --format shn --out night.shn`, write after each `hand` "
                   "line of this protocol's session its header's [Seats] line with the right name in place of "
                   f"{word!r}, and `shead ingest --amend night.shn --reason ...` (or, before this file is stored, "
                   "ingest NetSchafkopf's own file, not the copy: once stored, the protocol sent again conflicts "
                   "with its stored games)")
            out.append(Diagnostic("W-NSK-REPLACED", msg, "warning", path, ln, col, found=word,
                                  expected="the player's name with the lost character"))
            continue
        if got is not None:
            msg = (f"{lost}; {word!r} is read as {got!r}, the only word of a protocol that fits (ä, ö, ü or ß in the "
                   "gap), here and wherever a word fits one alone; to keep the protocol's own text, ingest "
                   "NetSchafkopf's file, not the copy")
        else:
            msg = (f"{lost}; no word of a protocol fits {word!r}, so it is left as it is (a game whose name it "
                   "spoils is refused, E-NSK-GAME); ingest NetSchafkopf's own file, not the copy")
        out.append(Diagnostic("W-NSK-REPLACED", msg, "warning", path, ln, col, found=word,
                              expected=got if got is not None else "the lost character"))
    return out


def utf8_cut(data: bytes) -> int:
    """How many bytes of ``data`` to decode as UTF-8: all of them, or, when
    the last 1-3 bytes begin a UTF-8 sequence the end of the file cuts off
    (a file cut mid-character, break33 F4), the bytes before that sequence.
    Only the end is looked at: a fault elsewhere is the decoder's to find."""
    for k in range(1, min(3, len(data)) + 1):
        b = data[-k]
        if b < 0x80:
            return len(data)
        if b >= 0xC0:  # a lead byte (0xC2..0xF4; the others are no UTF-8): how long its sequence is
            if b < 0xC2 or b > 0xF4:
                return len(data)
            need = 2 if b < 0xE0 else 3 if b < 0xF0 else 4
            return len(data) - k if k < need else len(data)
    return len(data)


def decode_protocol(data: bytes) -> tuple[str, str]:
    """(text, encoding): UTF-16 when :func:`utf16_codec` finds it at the
    start (a BOM, or NULs in every other byte; a byte pair that is no
    character becomes U+FFFD), else UTF-8 (a BOM allowed) when the bytes are
    valid UTF-8, else CP1252, else ISO-8859-1 (which never fails); in NFC (one spelling
    of an accented name, :mod:`ingest.unicode_text`: break18 F8).  A file
    cut mid-character (its last bytes the start of a UTF-8 sequence,
    :func:`utf8_cut`) is decided, and read, without that incomplete tail:
    its complete games are UTF-8 text, and the game the cut ends is refused
    as cut short (break33 F4), not the whole file read as Windows-1252."""
    if data.startswith(codecs.BOM_UTF8):
        return nfc(data[3:utf8_cut(data)].decode("utf-8", errors="replace")), "utf-8-sig"
    if (wide := utf16_codec(data[:UTF16_HEAD])) is not None:
        return nfc(data.decode(wide, errors="replace")), wide
    try:
        return nfc(data[:utf8_cut(data)].decode("utf-8")), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return nfc(data.decode("cp1252")), "cp1252"
    except UnicodeDecodeError:
        pass
    return nfc(data.decode("iso-8859-1")), "iso-8859-1"


_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
_GEBER = re.compile(r"^\s*Geber:\s*(\S+)\s*$")
# No lazy group before "\s*$": on a line ending in many spaces it is
# quadratic (a group (.*) is taken and stripped by the reader instead).
_DEAL = re.compile(r"^\s*(\S+) hat:\s*(.*)$")
_TRICK = re.compile(r"^\s*(\S+) spiels?t aus:\s*(.*)$")
_ANNOUNCE = re.compile(r"^\s*(\S+) spiels?t (?!aus:)(.*\S)\s*$")
_SPIELART = re.compile(r"^\s*Spielart:\s*(.*\S)\s*$")
_PASS = re.compile(r"^\s*(\S+) schiebt (?:an )?(\S+?):(.*)$")
_RAMSCH_LINE = re.compile(r"^\s*Es wurde Ramsch gespielt\.?\s*$")
#: a game nobody announced, its deal thrown in and dealt again (rules.md G-4): "Alle haben gepasst. Es wird neu
#: gegeben." (sk32 F3; no shipped log holds one, so the wordings a person would write are taken)
_ALL_PASSED = re.compile(r"^\s*(?:Alle (?:haben gepasst|passen|sagen weiter)|Keiner spielt|Niemand spielt|"
                         r"Es (?:wird|wurde) (?:neu gegeben|zusammengeworfen|neu gemischt)|Zusammengeworfen)\b", re.I)
_TABLE_HEAD = re.compile(r"^\s*Spiel\s+Preis\s+(.*)$")
#: A deal, trick or dealer line whose player's name holds a space ('Sepp Huber hat: ...'), which none of the
#: patterns above reads (real31 F8).
_SPACED_NAME = re.compile(r"^\s*(?:Geber:\s*(\S+(?:[ \t]+\S+)+?)\s*$|(\S+(?:[ \t]+\S+)+?) (?:hat|spiels?t aus):)")
_TABLE_ROW = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+((?:[+-]?\d+\s+){3}[+-]?\d+)\s+([+-]?\d+)\s*$")
#: the header's writer and date: ``gespielt von Gast am 05.10.23 mit Version ...``; the date as written, any form
#: (:func:`_header_date` reads it; sk34 F5: an ISO date lost the writer's name with it)
_PLAYED_BY = re.compile(r"gespielt von (\S+)(?: am (\S+))?")
_PROTOCOL_OF = re.compile(r"protokoll vom (\S+)", re.IGNORECASE)
_PRICE_START = re.compile(r"(?:Das|Der) (?:Rufspiel|Einzelspiel|Ramsch|Spiel) kostet")
#: A score table's header and the game number of the row below it, over the whole text (one C-level scan: the
#: numbers tell a second protocol pasted in without its header, sk34 F3).
_ROW_NUMBER = re.compile(r"(?:(?<=[\r\n])|\A)[ \t]*Spiel[ \t]+Preis[^\r\n]*[\r\n]\s*(\d+)[ \t]")


def _restart(text: str, lines: list[str], starts: list[int]) -> tuple[int, int, int, int] | None:
    """Where a second protocol pasted below the first without its header
    starts (sk34 F3): its game 1 after a higher game number, NetSchafkopf
    numbering each protocol from 1 (a game written again is no new protocol:
    its number is not 1, or it is game 1 word for word).  ``(index into
    starts of that game's block, the line of its row, the highest game
    number before it, that row's match)``, the line 1-based, for rows within
    ``lines`` (the file as read so far); None when the numbers never go back
    to 1."""
    high = high_at = 0
    for m in _ROW_NUMBER.finditer(text):
        digits = m.group(1)  # a number of thousands of digits (a corrupt row) is high, never 1, never int()ed
        n = int(digits) if len(digits) <= 9 else 10 ** 9
        if n == 1 and high >= 1:
            row = len(_LINE_SPLIT.split(text[:m.start(1)]))  # the row's line (rare: only at a restart)
            if row > len(lines):
                return None
            k = next((j for j in range(len(starts) - 1, -1, -1) if starts[j] < row), None)
            if k is None or k == 0:
                return None
            if high == 1 and [x.strip() for x in lines[starts[k]:row]] == [x.strip() for x in
                                                                          lines[starts[0]:starts[0] + row - starts[k]]]:
                continue  # game 1 written again below itself, word for word: a copy, refused as before
            return k, row, high, high_at
        if n > high:
            high, high_at = n, m
    return None


_DATE_DAY_FIRST = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d\d(?:\d\d)?)")  # 05.10.23, 5.10.2023: NetSchafkopf's own
_DATE_YEAR_FIRST = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")  # 2023-10-05 (ISO), 2023/10/05, 2023.10.05
_DATE_SLASH = re.compile(r"(\d{1,2})/(\d{1,2})/(\d\d(?:\d\d)?)")  # 25/10/2023 (day first), 10/25/2023 (US)
_DATE_FORMS = "DD.MM.YY, DD.MM.YYYY, YYYY-MM-DD, or DD/MM/YYYY and MM/DD/YYYY where the day is above 12"


def _header_date(warnings: list[Diagnostic], path: str | None, ln: int, written: str, col: int,
                 writer: str | None = None) -> str | None:
    """The ISO date (YYYY-MM-DD) of the header's date ``written`` (the word
    after ``am``/``vom``, at column ``col`` of line ``ln``): NetSchafkopf's
    ``DD.MM.YY`` (or ``DD.MM.YYYY``), ``YYYY-MM-DD`` (also with ``/`` or
    ``.``), or a slash date whose day is above 12 (``25/10/2023`` day first,
    ``10/25/2023`` month first).  Else None and a ``W-NSK-DATE`` warning at
    the date, saying why (no calendar day; a slash date that reads two ways,
    ``10/05/2023``, naming both; no date form read) and that the writer
    ``writer`` is read from the line all the same: the games are stored
    without a date (a slip in the header loses no game; sk34 F5)."""
    from datetime import date as _date  # noqa: PLC0415

    word = written.rstrip(".,;:") or written
    found = word[:40]
    year = lambda y: int("20" + y) if len(y) == 2 else int(y)  # noqa: E731 - NetSchafkopf's YY is 20YY
    reads: list[tuple[int, int, int]] = []  # (year, month, day) the word may mean
    why = None
    if (m := _DATE_DAY_FIRST.fullmatch(word)) is not None:
        reads = [(year(m.group(3)), int(m.group(2)), int(m.group(1)))]
    elif (m := _DATE_YEAR_FIRST.fullmatch(word)) is not None:
        reads = [(int(m.group(1)), int(m.group(2)), int(m.group(3)))]
    elif (m := _DATE_SLASH.fullmatch(word)) is not None:
        a, b, y = int(m.group(1)), int(m.group(2)), year(m.group(3))
        reads = [(y, b, a)] if a > 12 else [(y, a, b)] if b > 12 else [(y, a, b), (y, b, a)]
    days: list[str] = []
    for y, mo, d in dict.fromkeys(reads):
        try:
            days.append(_date(y, mo, d).isoformat())
        except ValueError:
            pass
    if len(days) == 1:
        return days[0]
    if len(days) > 1:
        why = (f"reads two ways, {days[0]} (month first, as a US Windows writes it) or {days[1]} (day first): "
               "shead does not guess which")
    elif reads:
        why = "is not a calendar day"
    else:
        why = f"is no date in a form shead reads ({_DATE_FORMS})"
    who = f"; the writer {writer} ('Du') is read from the line all the same" if writer else ""
    warnings.append(Diagnostic(
        "W-NSK-DATE", f"the header's date {found!r} {why}: the games are stored without a date{who}", "warning",
        path, ln, col, found=found, expected="DD.MM.YY"))
    return None


def looks_like_protocol(first_bytes: bytes) -> bool:
    """True when the first bytes of a file (a few KB are enough) look like a
    NetSchafkopf protocol: a ``Geber:`` line followed by ``... hat:`` deal
    lines, or the ``gespielt von ... am DD.MM.YY`` header, in any encoding
    :func:`decode_protocol` reads (UTF-16 included).  Never raises."""
    if first_bytes.lstrip().startswith(b"%SHN"):
        return False
    wide = utf16_codec(first_bytes[:UTF16_HEAD])  # a protocol saved as UTF-16 (Notepad's "Unicode") is one too
    text = first_bytes[:8192].decode(wide or "iso-8859-1", errors="replace")
    if (m := _PLAYED_BY.search(text)) and ("Version" in text or _LINE_SPLIT.search(text, m.end()) is None):
        return True  # the header, its "mit Version" beyond the bytes read when the line is that long
    lines = _LINE_SPLIT.split(text)
    for i, line in enumerate(lines):
        if _GEBER.match(line):
            return any(_DEAL.match(x) for x in lines[i + 1:i + 3])
    return False


# --------------------------------------------------------------------------
# Parsing one game block
# --------------------------------------------------------------------------


class _Reject(Exception):
    def __init__(self, diags: list[Diagnostic]):
        self.diags = diags


@dataclass(slots=True)
class _Game:
    start: int  # index into lines of the Geber line
    end: int  # index one past the block's last line
    dealer: str = ""
    deals: list[tuple[str, list[Card], int, list[int]]] = field(default_factory=list)  # name, cards, line, cols
    announce: tuple[str, str, int] | None = None  # name, text, line no ("" name for Ramsch)
    tricks: list[tuple[str, list[Card], int, list[int]]] = field(default_factory=list)  # leader, cards, line, cols
    para: str = ""
    para_line: int = 0
    price_line: int = 0
    head: list[str] | None = None
    head_line: int = 0
    row: tuple[int, int, list[int], int] | None = None  # number, price, values, stock
    row_line: int = 0
    short: bool = False  # dealt from the short pack (six cards each)
    spielart: str | None = None  # "Spielart: Schieber" (card passing) as the log gives it
    passes: list[tuple[str, str, list[Card], int, list[int]]] = field(default_factory=list)  # giver, receiver, ...
    after: list[tuple[int, str]] = field(default_factory=list)  # (line no, text) after the score row
    number: int | None = None  # the game number: the row's, else the one after the game before (_judge_block)
    last_line: int = 0  # the block's last non-blank line
    carried: list[int] | None = None  # a damaged score row's stand-in: the table before it plus the cards' units
    alt: list[int] | None = None  # a refused game's row as its cards would make it (the next game tries it too)
    thrown: int = 0  # the line saying all passed and the deal was thrown in (rules.md G-4), else 0


@dataclass(slots=True)
class _Ctx:
    path: str | None
    lines: list[str]
    guest: str
    hand: int | None = None
    before: list[str] | None = None  # the players of the game before (its table's columns), for E-NSK-SEAT's word

    def diag(self, code: str, message: str, line: int, col: int = 1, *, found: object = None,
             expected: object = None, trick: int | None = None, severity: str = "error") -> Diagnostic:
        return Diagnostic(code, message, severity, self.path, line, col, self.hand, trick,
                          None if found is None else str(found), None if expected is None else str(expected))

    def name(self, word: str) -> str:
        """``Du``/``dir`` mean the player who wrote the log (``Gast``)."""
        return self.guest if word.lower() in ("du", "dir", "dich") else word


def _cards(ctx: _Ctx, text: str, line_no: int, line: str) -> tuple[list[Card], list[int]]:
    out: list[Card] = []
    cols: list[int] = []
    at = line.find(text) if text else 0  # once: a find per card is quadratic in a long trick line
    for m in re.finditer(r"\S+", text):
        tok = m.group(0)
        card = parse_card(tok)
        col = at + m.start() + 1 if text else 1
        if card is None:
            if line_no == len(ctx.lines) and m.end() == len(text.rstrip()):
                # break33 F12: the file stops inside this line, no line end after the token: a card cut short
                raise _Reject([ctx.diag("E-NSK-TRUNCATED", f"the file ends mid-game at line {line_no}, column {col}, "
                                        f"with no line end: {tok!r} is a card cut short, and the rest of the game "
                                        "is missing (a copy or a save cut off)", line_no, col, found=f"{tok!r} and "
                                        "the end of the file", expected="the rest of the game")])
            raise _Reject([ctx.diag("E-NSK-CARD", f"{tok!r} is not a card (suit E G H S, then A/As/Ass Z K O U 9 8 7, "
                                    "e.g. EO, GA, S7)", line_no, col, found=tok, expected="a card such as EO")])
        out.append(card)
        cols.append(col)
    return out, cols


def _parse_block(ctx: _Ctx, g: _Game) -> None:
    """Fill ``g`` from its lines; raises _Reject for a malformed or short block.
    A block refused at the file's last line when no line end follows it (the
    file stops inside that line: a result or price line, a score row short of
    its last column, a name in a trick line cut mid-word) is refused
    ``E-NSK-TRUNCATED``, the file ending mid-game there (verify33 F4, as a card
    cut short: break33 F12); the same line anywhere else keeps its error."""
    try:
        _parse_lines(ctx, g)
    except _Reject as rej:
        d = rej.diags[0] if len(rej.diags) == 1 else None
        if d is None or "the file ends" in d.message or d.line != len(ctx.lines):
            raise
        try:
            cut = ctx.lines[d.line - 1]
        except IndexError:  # (a streamed block that does not hold the file's last line)
            raise rej from None
        if not cut.strip():
            raise
        text = cut.strip()
        col = len(cut) - len(cut.lstrip()) + 1
        raise _Reject([ctx.diag("E-NSK-TRUNCATED", f"the file ends mid-game at line {d.line}, column {col}, with no "
                                f"line end: {text!r} is cut short ({d.message}), and the rest of the game is missing "
                                "(a copy or a save cut off)", d.line, col, found=f"{text!r} and the end of the file",
                                expected=d.expected or "the rest of the game")]) from None


def _parse_lines(ctx: _Ctx, g: _Game) -> None:
    """:func:`_parse_block`'s reading of the block's lines."""
    lines = ctx.lines
    i = g.start
    g.dealer = _GEBER.match(lines[i]).group(1)
    i += 1
    para: list[tuple[int, str]] = []
    stage = "deal"
    last = g.start + 1
    while i < g.end:
        line = lines[i]
        ln = i + 1
        if not line.strip():
            i += 1
            continue
        last = ln
        if stage == "deal" and (m := _DEAL.match(line)):
            if len(g.deals) == 4:  # at once: reading thousands of copied deal lines would take seconds
                raise _Reject([ctx.diag("E-NSK-SYNTAX", f"a fifth deal line in the game at line {g.start + 1}", ln,
                                        found=line.strip()[:60], expected="4 deal lines, then the game")])
            cards, cols = _cards(ctx, m.group(2), ln, line)
            g.deals.append((m.group(1), cards, ln, cols))
        elif stage in ("deal", "announce") and (m := _SPIELART.match(line)):
            g.spielart = m.group(1)
        elif stage in ("deal", "announce") and (m := _PASS.match(line)):
            cards, cols = _cards(ctx, m.group(3), ln, line)
            g.passes.append((m.group(1), m.group(2), cards, ln, cols))
        elif stage in ("deal", "announce") and len(g.deals) == 4 and _ALL_PASSED.match(line):
            g.thrown = ln  # all passed: no game, no trick; the score table follows (sk32 F3)
            para.append((ln, line))
            stage = "thrown"
        elif stage == "thrown" and not _TABLE_HEAD.match(line) and not _TRICK.match(line):
            para.append((ln, line))  # "Es wird neu gegeben." on a line of its own
        elif stage in ("deal", "announce") and _RAMSCH_LINE.match(line):
            g.announce = ("", "Ramsch", ln)
            stage = "tricks"
        elif stage in ("deal", "announce") and (m := _ANNOUNCE.match(line)) and not _TRICK.match(line):
            g.announce = (m.group(1), m.group(2), ln)
            stage = "tricks"
        elif stage == "tricks" and (m := _TRICK.match(line)):
            cards, cols = _cards(ctx, m.group(2), ln, line)
            g.tricks.append((m.group(1), cards, ln, cols))
        elif stage in ("tricks", "result", "thrown") and (m := _TABLE_HEAD.match(line)):
            g.head = m.group(1).split()
            g.head_line = ln
            stage = "row"
        elif stage == "row" and (m := _TABLE_ROW.match(line)):
            if max(len(x) for x in m.group(0).split()) > 18:  # beyond what a log holds (and int() refuses 4,300 digits)
                raise _Reject([ctx.diag("E-NSK-SYNTAX", "a number of more than 18 digits in the score row", ln,
                                        len(line) - len(line.lstrip()) + 1, found="a number of more than 18 digits",
                                        expected="the score row")])
            g.row = (int(m.group(1)), int(m.group(2)), [int(x) for x in m.group(3).split()], int(m.group(4)))
            g.row_line = ln
            stage = "done"
        elif stage in ("tricks", "result") and g.tricks and not _TRICK.match(line):
            para.append((ln, line))
            stage = "result"
        elif stage == "done":  # a user's note after the game (said by _after_row): the game above stands
            g.after.append((ln, line))
        else:
            want = {"deal": "a deal line 'X hat: ...' or the game", "announce": "the game ('X spielt ...')",
                    "tricks": "a trick 'X spielt aus: c c c c'", "result": "the score table",
                    "row": "the score row"}[stage]
            raise _Reject([ctx.diag("E-NSK-SYNTAX", f"unexpected line {line.strip()!r}", ln,
                                    len(line) - len(line.lstrip()) + 1, found=line.strip(), expected=want)])
        i += 1
    first = g.start + 1
    if g.thrown:  # a deal thrown in: four deal lines and (when the table is there) its row; nothing played
        g.last_line = last
        g.para = re.sub(r"\s+", " ", " ".join(x.strip() for _, x in para)).strip()
        g.para_line = g.thrown
        g.short = all(len(c) == 6 for _, c, _, _ in g.deals)
        if g.head is not None and g.row is None:
            raise _Reject([ctx.diag("E-NSK-TRUNCATED", f"the game at line {first} stops at line {last} without its "
                                    "score row", last, found="no score row", expected="the score row")])
        return
    # the short pack (rules.md G-3): six cards each, six tricks; else eight
    n_tricks = 6 if g.deals and all(len(c) == 6 for _, c, _, _ in g.deals) else PROFILE.tricks
    g.short = n_tricks == 6
    if len(g.deals) != 4:
        raise _Reject([ctx.diag("E-NSK-TRUNCATED", f"the game at line {first} has {len(g.deals)} deal lines, not 4; "
                                f"it stops at line {last}", last, found=f"{len(g.deals)} deal lines",
                                expected="4 deal lines")])
    if g.announce is None:
        raise _Reject([ctx.diag("E-NSK-TRUNCATED", f"the game at line {first} stops at line {last} before the game "
                                "is announced", last, found="no 'X spielt ...' line", expected="the game")])
    if len(g.tricks) != n_tricks:
        code = "E-NSK-TRUNCATED" if len(g.tricks) < n_tricks else "E-NSK-SYNTAX"
        if para:  # the result came where a trick was due
            where, what = para[0][0], f"line {para[0][0]} comes where trick {len(g.tricks) + 1} should be"
        elif len(g.tricks) > n_tricks:
            where, what = g.tricks[n_tricks][2], f"line {g.tricks[n_tricks][2]} is one trick too many"
        else:
            where, what = last, f"the {'file' if g.end == len(lines) else 'game'} ends after line {last}"
        raise _Reject([ctx.diag(code, f"the game at line {first} has {len(g.tricks)} tricks, not {n_tricks}: "
                                f"{what}", where, found=f"{len(g.tricks)} tricks", expected=f"{n_tricks} tricks")])
    for leader, cards, ln, cols in g.tricks:
        if len(cards) != 4:
            raise _Reject([ctx.diag("E-NSK-TRUNCATED" if len(cards) < 4 else "E-NSK-SYNTAX",
                                    f"a trick of {len(cards)} cards", ln, cols[-1] if cols else 1,
                                    found=f"{len(cards)} cards", expected="4 cards")])
    g.last_line = last
    # a game without its score table (head and row) is read: its price line and cards give its units (_check_game)
    table_gone = g.head is None and g.row is None
    if not para or (g.head is None or g.row is None) and not table_gone:
        missing = "result line" if not para else "score table" if g.head is None else "score row"
        raise _Reject([ctx.diag("E-NSK-TRUNCATED", f"the game at line {first} stops at line {last} without its "
                                f"{missing}", last, found=f"no {missing}", expected=f"the {missing}")])
    # Join the wrapped result and price lines: a line break is a space.
    text = re.sub(r"\s+", " ", " ".join(x.strip() for _, x in para)).strip()
    g.para = text
    g.para_line = para[0][0]
    m = _PRICE_START.search(text)
    if m is None and g.row is None:  # no price and no table: nothing states what the game cost
        raise _Reject([ctx.diag("E-NSK-SYNTAX", "no price ('Das Rufspiel kostet ...') after the result" + (
            " and no score table" if table_gone else ""), para[-1][0], found=text,
            expected="'Das ... kostet N Punkte.'")])
    if m is None:  # the price line is gone: the score row states the price (_check_game)
        g.price_line = 0
        return
    # the line on which the price starts
    seen = 0
    g.price_line = para[-1][0]
    target = len(text[:m.start()].split())
    for ln, x in para:
        seen += len(x.split())
        if seen > target:
            g.price_line = ln
            break


def _after_row(path: str | None, g: _Game) -> list[Diagnostic]:
    """The file-level diagnostic of the lines after a parsed game's score row
    and before the next ``Geber:`` (``g.after``), which the game never holds:
    ``W-NSK-TEXT`` (a warning) at the first such line when none looks like a
    game line (a note a user added, e.g. ``Kommentar: ...``): ignored, the
    game above is read; ``E-NSK-SYNTAX`` (an error) at the first deal, trick
    or table line among them when they do (a game whose ``Geber:`` line is
    gone: it is not read, and said so).  Empty when there are none."""
    if not g.after or g.row is None:
        return []
    number = g.row[0]
    (ln, first), last = g.after[0], g.after[-1][0]
    span = f"line {ln}" if ln == last else f"lines {ln}-{last}"
    game_like = [(n, x) for n, x in g.after if _DEAL.match(x) or _TRICK.match(x) or _TABLE_HEAD.match(x)
                 or _TABLE_ROW.match(x)]
    if game_like:
        n, x = game_like[0]
        return [Diagnostic("E-NSK-SYNTAX", f"{span} after game {number}'s score row hold game lines without their "
                           f"'Geber:' line: not read as a game (game {number} above is read)", "error", path, n,
                           len(x) - len(x.lstrip()) + 1, found=x.strip()[:60], expected="'Geber: NAME' before a game")]
    more = f" ({len(g.after)} lines to line {last})" if len(g.after) > 1 else ""
    return [Diagnostic("W-NSK-TEXT", f"line {ln} after game {number}'s score row is no part of a protocol{more}: "
                       f"ignored (game {number} above is read)", "warning", path, ln,
                       len(first) - len(first.lstrip()) + 1, found=first.strip()[:60],
                       expected="a blank line or the next 'Geber:'")]


# --------------------------------------------------------------------------
# The game text, the result sentence, the price
# --------------------------------------------------------------------------


def _suit_word(word: str) -> Suit | None:
    return _SUIT_WORD.get(word.lower())


def _parse_game(text: str) -> tuple[Game, Suit | None, bool] | None:
    """``Mit der Eichel-Ass`` → (SAUSPIEL, CLUBS, False); ``Herz-Solo Tout`` →
    (SOLO, HEARTS, True); ``Wenz`` → (WENZ, None, False); ``Gras-Geier`` →
    (FARBGEIER, SPADES, False).  None when not a game."""
    t = text.strip().rstrip(".")
    m = re.fullmatch(r"(?:Mit der|mit der|Auf die|auf die) (\w+)-" + _ACE_WORD, t)
    if m:
        s = _suit_word(m.group(1))
        return (Game.SAUSPIEL, s, False) if s is not None else None
    tout = t.endswith(" Tout")
    if tout:
        t = t[: -len(" Tout")]
    m = re.fullmatch(r"(?:(\w+)-)?(Solo|Wenz|Geier)", t)
    if not m:
        return None
    suit = _suit_word(m.group(1)) if m.group(1) else None
    if m.group(1) and suit is None:
        return None
    kind = m.group(2)
    if kind == "Solo":
        return (Game.SOLO, suit, tout) if suit is not None else None
    if kind == "Wenz":
        return (Game.FARBWENZ if suit is not None else Game.WENZ, suit, tout)
    return (Game.FARBGEIER if suit is not None else Game.GEIER, suit, tout)


def announced_game(block: str) -> tuple[Game, Suit | None, bool] | None:
    """The game of one stored protocol block (its ``X spielt ...`` line, or
    ``Es wurde Ramsch gespielt``): ``(game, suit, tout)`` as
    :func:`_parse_game` gives it, ``(RAMSCH, None, False)`` for a Ramsch,
    None when the block has no readable game line."""
    for line in _LINE_SPLIT.split(block):
        if _RAMSCH_LINE.match(line):
            return Game.RAMSCH, None, False
        m = _ANNOUNCE.match(line)
        if m and not _TRICK.match(line):
            return _parse_game(m.group(2))
    return None


@dataclass(slots=True)
class _Price:
    base_kind: str  # Rufspiel | Einzelspiel | Ramsch
    base: int
    items: list[tuple[str, int, int]]  # (kind, count, running total) in log order


_ITEM = re.compile(
    r"(?P<kind>Mit Schneider|Mit Schwarz|Mit (?P<lm>\d{1,18}) Laufenden|Ohne (?P<lo>\d{1,18}) Laufende|"
    r"(?P<sp>\d{1,18}) mal gespritzt|(?P<ad>\d{1,18}) mal aufgedoppelt|Mit (?P<jf>\d{1,18}) mal Jungfrau|Doppelt für Tout) (?P<total>-?\d{1,18}) "
    r"Punkte?\.?")


def _parse_price(text: str) -> _Price | None:
    m = re.match(r"(?:Das|Der) (?P<k>Rufspiel|Einzelspiel|Ramsch|Spiel) kostet (?P<n>-?\d{1,18}) Punkte?\.?\s*", text)
    if not m:
        return None
    items: list[tuple[str, int, int]] = []
    rest = text[m.end():]
    pos = 0
    while pos < len(rest):
        it = _ITEM.match(rest, pos)
        if not it:
            return None
        k = it.group("kind")
        if it.group("lm"):
            items.append(("mit-laufende", int(it.group("lm")), int(it.group("total"))))
        elif it.group("lo"):
            items.append(("ohne-laufende", int(it.group("lo")), int(it.group("total"))))
        elif it.group("sp"):
            items.append(("gespritzt", int(it.group("sp")), int(it.group("total"))))
        elif it.group("ad"):
            items.append(("aufgedoppelt", int(it.group("ad")), int(it.group("total"))))
        elif it.group("jf"):
            items.append(("jungfrau", int(it.group("jf")), int(it.group("total"))))
        elif k == "Mit Schneider":
            items.append(("schneider", 1, int(it.group("total"))))
        elif k == "Mit Schwarz":
            items.append(("schwarz", 1, int(it.group("total"))))
        else:
            items.append(("tout", 1, int(it.group("total"))))
        pos = it.end()
        while pos < len(rest) and rest[pos] == " ":
            pos += 1
    return _Price(m.group("k"), int(m.group("n")), items)


def _price_text(p: _Price) -> str:
    unit = "Punkt" if p.base == 1 else "Punkte"
    head = {"Ramsch": "Der Ramsch"}.get(p.base_kind, f"Das {p.base_kind}") + f" kostet {p.base} {unit}."
    words = {"schneider": "Mit Schneider", "schwarz": "Mit Schwarz", "tout": "Doppelt für Tout"}
    out = [head]
    for kind, n, total in p.items:
        if kind == "mit-laufende":
            w = f"Mit {n} Laufenden"
        elif kind == "ohne-laufende":
            w = f"Ohne {n} Laufende"
        elif kind == "gespritzt":
            w = f"{n} mal gespritzt"
        elif kind == "aufgedoppelt":
            w = f"{n} mal aufgedoppelt"
        elif kind == "jungfrau":
            w = f"Mit {n} mal Jungfrau"
        else:
            w = words[kind]
        out.append(f"{w} {total} Punkte.")
    return " ".join(out)


def _jungfrau_paid(res: SkResult, prof: SchafkopfProfile, settle, seats: list[str]) -> str:
    """What ``E-NSK-PRICE`` adds for a Ramsch with a Jungfrau under
    ``jungfrau=doublesOwn`` (rules.md G-17: the loser's payment to a player
    without a trick is doubled), where the price the cards give is the
    plain Ramsch price and the Jungfrau's doubled payment is not in it
    (real29 F2): ``"; under jungfrau=doublesOwn (rules.md G-17) the Jungfrau
    is paid double: PcOben pays 20 to PcRechts and Gast and 40 to the
    Jungfrau PcLinks, -80 in all"``; else ``""``.  ``settle``: the game's
    :class:`replay.schafkopf.Settlement` (its ``per_defender`` the price a
    payment, Klopfen included)."""
    if res.game is not Game.RAMSCH or res.durchmarsch is not None or not res.jungfrauen \
            or prof.jungfrau != "doublesOwn":
        return ""
    per, jung = settle.per_defender, set(res.jungfrauen)
    paid = []
    for loser in res.losers:
        plain = [seats[s] for s in range(4) if s not in res.losers and s not in jung]
        doubled = [seats[s] for s in sorted(jung)]
        whom = "each of the Jungfrauen" if len(doubled) > 1 else "the Jungfrau"
        to = ([f"{per} to {' and '.join(plain)}"] if plain else []) + [f"{2 * per} to {whom} {' and '.join(doubled)}"]
        paid.append(f"{seats[loser]} pays {' and '.join(to)}, {settle.units[loser]:+d} in all")
    return f"; under jungfrau=doublesOwn (rules.md G-17) the Jungfrau is paid double: {'; '.join(paid)}"


def _expected_price(res: SkResult, prof: SchafkopfProfile, order: list[str]) -> _Price:
    """The price the cards give, its steps in the log's order (``order`` lists
    the log's item kinds; kinds the cards add that the log lacks go last)."""
    tar = prof.tariff
    if res.game is Game.RAMSCH:
        kind, base = "Ramsch", res.value
    else:
        kind, base = ("Rufspiel" if res.game is Game.SAUSPIEL else "Einzelspiel"), (
            tar.sauspiel if res.game is Game.SAUSPIEL else tar.solo)
    steps: dict[str, tuple[int, object]] = {}
    if res.game is not Game.RAMSCH:
        if res.schneider:
            steps["schneider"] = (1, ("+", tar.schneider))
        if res.schwarz:
            steps["schwarz"] = (1, ("+", tar.schwarz))
        lf = res.laufende
        if lf is not None and lf.counted:
            steps["mit-laufende" if lf.with_ else "ohne-laufende"] = (lf.counted, ("+", lf.counted * tar.laufender))
        if res.tout:
            steps["tout"] = (1, ("*", tar.toutFactor))
        if res.doublings:
            steps["gespritzt"] = (res.doublings, ("*", 2 ** res.doublings))
    else:
        if res.jungfrauen and prof.jungfrau == "doublesAll" and res.durchmarsch is None:
            steps["jungfrau"] = (len(res.jungfrauen), ("*", 2 ** len(res.jungfrauen)))
    if res.klopfen:  # "N mal aufgedoppelt": doublings before the game, any game (rules.md G-19)
        steps["aufgedoppelt"] = (res.klopfen, ("*", 2 ** res.klopfen))
    keys = [k for k in order if k in steps] + [k for k in steps if k not in order]
    total = base
    items = []
    for k in keys:
        n, (op, v) = steps[k]
        total = total + v if op == "+" else total * v
        items.append((k, n, total))
    return _Price(kind, base, items)


# --------------------------------------------------------------------------
# One game
# --------------------------------------------------------------------------


def _unborne_header(ctx: _Ctx, g: _Game, seats: list[str]) -> Diagnostic | None:
    """``E-NSK-SEAT`` at the game's own table header when it names players
    (``seats``, read off it: :func:`_block_seats`) other than those of the
    game before (``ctx.before``) while the game's ``Geber:`` and deal lines
    still name only those of the game before: the header's names differ from
    the names the protocol used up to that line (real31 F3: real names typed
    into the final standings' header), not a player seated anew (nsk18 F6,
    whose deal lines name the new player).  The game cannot be placed, so it
    is refused with this error, not with "the dealer is not a player".
    None otherwise."""
    before = ctx.before
    if before is None or g.head is None or g.head[:4] != seats or before == seats or not g.deals:
        return None
    dealt = {g.dealer} | {name for name, _, _, _ in g.deals}
    if not dealt <= set(before) or dealt <= set(seats):
        return None
    cols = [j for j in range(4) if seats[j] != before[j]]
    line = ctx.lines[g.head_line - 1]
    m = re.search(rf"(?<!\S){re.escape(seats[cols[0]])}(?!\S)", line)
    new = ", ".join(seats[j] for j in cols)
    old = ", ".join(before[j] for j in cols)
    return ctx.diag(
        "E-NSK-SEAT", f"the score table's header (line {g.head_line}) names {new} where the protocol named "
        f"{old} in {'that column' if len(cols) == 1 else 'those columns'} up to that line, and this game's "
        f"'Geber:' and deal lines (line {g.start + 1}) still name {', '.join(sorted(dealt & set(before)))}: the "
        "header's names differ from the players' names, so the game cannot be placed (write the deal lines' "
        "names in the header, or the new names in the deal lines too)", g.head_line,
        m.start() + 1 if m else 1, found=" / ".join(seats[j] for j in cols),
        expected=" / ".join(before[j] for j in cols))


def _setup(ctx: _Ctx, g: _Game, seats: list[str], prof: SchafkopfProfile
           ) -> tuple[SchafkopfState, _Price | None, Game, Suit | None, bool]:
    """The dealt state of a parsed block with its doublings and game applied
    (before the first card): ``(state, price, game, suit, tout)``; ``price``
    None when the block has no price line (then no doubling).  Raises
    _Reject for a bad deal, an unreadable price or game, an illegal game."""
    first = g.start + 1
    pos = {name: i for i, name in enumerate(seats)}
    if (unborne := _unborne_header(ctx, g, seats)) is not None:
        raise _Reject([unborne])
    if g.dealer not in pos:
        raise _Reject([ctx.diag("E-NSK-SEAT", f"the dealer {g.dealer!r} is not a player of this file", first,
                                found=g.dealer, expected=" / ".join(seats))])
    dealer = pos[g.dealer]
    hands = [0, 0, 0, 0]
    seen: dict[Card, int] = {}
    for k, (name, cards, ln, cols) in enumerate(g.deals):
        if name not in pos:
            raise _Reject([ctx.diag("E-NSK-SEAT", f"{name!r} is not a player of this file", ln, found=name,
                                    expected=" / ".join(seats))])
        want = seats[(dealer + 1 + k) % 4]
        if name != want:
            raise _Reject([ctx.diag("E-NSK-DEAL-ORDER", f"the deal goes clockwise from the dealer's left: line {ln} "
                                    f"deals to {name}, expected {want}", ln, found=name, expected=want)])
        for c, col in zip(cards, cols):
            if c in seen:
                raise _Reject([ctx.diag("E-DEAL-DUPLICATE", f"{german(c)} is dealt twice: on line {seen[c]} and on "
                                        f"line {ln}", ln, col, found=german(c), expected="each card once")])
            seen[c] = ln
        if len(cards) != prof.hand_size:
            raise _Reject([ctx.diag("E-DEAL-SIZE", f"{name} is dealt {len(cards)} cards (rules.md G-2)", ln,
                                    found=len(cards), expected=prof.hand_size)])
        hands[pos[name]] = mask_of(cards)
    for giver, receiver, cards, ln, cols in g.passes:  # Schieber: cards passed after the deal, as the log gives them
        gv, rc = ctx.name(giver), ctx.name(receiver)
        for who in (gv, rc):
            if who not in pos:
                raise _Reject([ctx.diag("E-NSK-SEAT", f"{who!r} is not a player of this file", ln, found=who,
                                        expected=" / ".join(seats))])
        for c, col in zip(cards, cols):
            if not hands[pos[gv]] >> c & 1:
                raise _Reject([ctx.diag("E-NSK-PASS", f"{gv} passes {german(c)} but does not hold it", ln, col,
                                        found=german(c), expected="a card of the passer's hand")])
            hands[pos[gv]] &= ~(1 << c)
            hands[pos[rc]] |= 1 << c
    try:
        st = SchafkopfState(prof, dealer, hands)
    except IllegalAction as e:
        raise _Reject([e.diagnostic.at(g.deals[0][2], 1, file=ctx.path, hand=ctx.hand)]) from None
    aname, atext, aline = g.announce
    if g.price_line:
        price = _parse_price(g.para[_PRICE_START.search(g.para).start():])
        if price is None:
            raise _Reject([ctx.diag("E-NSK-PRICE", "the price is not readable: "
                                    f"{g.para[_PRICE_START.search(g.para).start():]!r}", g.price_line, found=g.para,
                                    expected="'Das ... kostet N Punkte.' and its steps")])
    else:  # no price line (_parse_block): no doubling is stated, the score row gives the price
        price = None
    kontra = sum(n for k, n, _ in price.items if k == "gespritzt") if price else 0
    doubled = sum(n for k, n, _ in price.items if k == "aufgedoppelt") if price else 0
    game: Game
    try:
        for _ in range(doubled):  # the log states how many doubled, not who (rules.md G-19)
            st.apply(KlopfenAction(None))
        if aname == "":
            game, suit, tout = Game.RAMSCH, None, False
            st.apply(RamschAction())
        else:
            parsed = _parse_game(atext)
            if parsed is None:
                lost = (": it holds U+FFFD, the replacement character, where the file lost a character when it "
                        "was saved again (W-NSK-REPLACED)" if "\ufffd" in atext else "")
                raise _Reject([ctx.diag("E-NSK-GAME", f"unknown game {atext!r}{lost}", aline, found=atext,
                                        expected="'Mit der Eichel-Ass', 'Herz-Solo', 'Wenz', 'Gras-Geier' ...")])
            game, suit, tout = parsed
            who = ctx.name(aname)
            if who not in pos:
                raise _Reject([ctx.diag("E-NSK-SEAT", f"{aname!r} is not a player of this file", aline, found=aname,
                                        expected=" / ".join(seats))])
            st.apply(Announce(pos[who], game, suit, tout))
            for level in range(kontra):
                st.apply(Re(None) if level else Kontra(None))
    except IllegalAction as e:
        where = g.price_line if e.code.startswith(("E-SK-KONTRA", "E-SK-KLOPFEN")) else aline
        raise _Reject([e.diagnostic.at(where, 1, file=ctx.path, hand=ctx.hand)]) from None
    return st, price, game, suit, tout


def _check_game(ctx: _Ctx, g: _Game, seats: list[str], prev: list[int] | None, prev_stock: int | None,
                session: str, date: str | None, header: str, prof: SchafkopfProfile = PROFILE,
                rules: str = "netschafkopf") -> tuple[ValidatedHand, Settlement]:
    """Replay one parsed block under ``prof`` and check the log's Augen,
    result, price, Preis and running-table change against the cards; the
    stored outcome's ``rules`` is ``rules`` (the profile's [Rules] text)."""
    lines = ctx.lines
    first = g.start + 1
    pos = {name: i for i, name in enumerate(seats)}
    st, price, game, suit, tout = _setup(ctx, g, seats, prof)
    for t, (leader, cards, ln, cols) in enumerate(g.tricks):
        lead = ctx.name(leader)
        if lead not in pos:
            raise _Reject([ctx.diag("E-NSK-SEAT", f"{leader!r} is not a player of this file", ln, found=leader,
                                    expected=" / ".join(seats))])
        if pos[lead] != st.to_act:
            raise _Reject([ctx.diag("E-WRONG-TURN", f"{lead} leads trick {t + 1} but {seats[st.to_act]} won the trick "
                                    "before (or sits left of the dealer)", ln, found=lead, expected=seats[st.to_act],
                                    trick=t + 1)])
        for k, c in enumerate(cards):
            seat = (pos[lead] + k) % 4
            try:
                st.play(seat, c)
            except IllegalAction as e:
                d = e.diagnostic
                msg = seat_names(d.message, seats)
                raise _Reject([Diagnostic(d.code, msg, "error", ctx.path, ln, cols[k], ctx.hand, t + 1, d.found,
                                          d.expected)]) from None
    res = st.result()
    settle = st.settlement()
    diags: list[Diagnostic] = []
    # -- the result sentence -------------------------------------------------
    text = g.para
    head = (text[: _PRICE_START.search(text).start()] if g.price_line else text).strip()
    m = re.match(r"(\S+) (gewinnt|gewinnst|verliert|verlierst) (?:das|den) (.+?)(?:[.:]|$)", head)
    if m is None:
        diags.append(ctx.diag("E-NSK-RESULT", f"the result is not readable: {head!r}", g.para_line, found=head,
                              expected="'X gewinnt/verliert das/den GAME...'"))
    else:
        who = ctx.name(m.group(1))
        wins = m.group(2).startswith("gewinn")
        if game is Game.RAMSCH and res.durchmarsch is not None:  # one took every trick (G-17): the log's winner
            if not wins or who != seats[res.durchmarsch]:
                diags.append(ctx.diag("E-NSK-RESULT", f"the log says {who} {'wins' if wins else 'loses'} the Ramsch; "
                                      f"the cards give {seats[res.durchmarsch]} every trick, a Durchmarsch (rules.md "
                                      "G-17)", g.para_line, found=who, expected=f"{seats[res.durchmarsch]} gewinnt"))
        elif game is Game.RAMSCH:
            losers = [seats[s] for s in res.losers]
            if wins or who not in losers:
                diags.append(ctx.diag("E-NSK-RESULT", f"the log says {who} {'wins' if wins else 'loses'} the Ramsch; "
                                      f"the cards make {' and '.join(losers)} the loser (most Augen: "
                                      f"{', '.join(f'{seats[s]} {res.seat_points[s]}' for s in range(4))})",
                                      g.para_line, found=who, expected=" and ".join(losers)))
            ma = re.search(r"(?<!\S)(\S+) (?:hat|hast) (\d{1,18}) Augen", head)
            if ma and int(ma.group(2)) != res.seat_points[pos.get(ctx.name(ma.group(1)), 0)]:
                s = pos.get(ctx.name(ma.group(1)), 0)
                diags.append(ctx.diag("E-NSK-AUGEN", f"the log gives {ctx.name(ma.group(1))} {ma.group(2)} Augen; the "
                                      f"cards give {res.seat_points[s]}", g.para_line, found=ma.group(2),
                                      expected=res.seat_points[s]))
            jung_log = sorted(ctx.name(x) for x in re.findall(r"(?<!\S)(\S+) (?:ist|bist) Jungfrau", head))
            jung = sorted(seats[s] for s in res.jungfrauen)
            if jung_log != jung and (jung_log or ma is not None):
                diags.append(ctx.diag("E-NSK-RESULT", f"the log names Jungfrau {jung_log or 'nobody'}; the cards give "
                                      f"{jung or 'nobody'} (a player without a trick, rules.md G-17)", g.para_line,
                                      found=", ".join(jung_log), expected=", ".join(jung)))
            if ("Augengleichheit" in head) != res.tie:
                diags.append(ctx.diag("E-NSK-RESULT", f"the log {'does' if 'Augengleichheit' in head else 'does not'} "
                                      f"speak of equal Augen; the cards give {'a' if res.tie else 'no'} tie for most "
                                      "Augen", g.para_line, found=head, expected="tie" if res.tie else "no tie"))
        else:
            decl = seats[st.declarer]
            if who != decl or wins != res.won:
                diags.append(ctx.diag("E-NSK-RESULT", f"the log says {who} {'wins' if wins else 'loses'}; the cards "
                                      f"say {decl} {'wins' if res.won else 'loses'} with {res.party_points} Augen "
                                      "(61 needed, rules.md G-12)", g.para_line, found=f"{who} "
                                      f"{'wins' if wins else 'loses'}", expected=f"{decl} "
                                      f"{'wins' if res.won else 'loses'}"))
            mp = re.search(r"Mit der (\w+)-" + _ACE_WORD + r" mit (\S+?)\.", head)
            if game is Game.SAUSPIEL and mp:
                partner_log = ctx.name(mp.group(2))
                if partner_log != seats[st.partner]:
                    diags.append(ctx.diag("E-NSK-RESULT", f"the log names {partner_log} as partner; the called "
                                          f"{GERMAN_SUIT[suit]}-Sau was dealt to {seats[st.partner]}", g.para_line,
                                          found=partner_log, expected=seats[st.partner]))
            ma = re.search(r"Die Gegner haben (\d{1,18}) Augen", head)
            opp = 120 - res.party_points
            if ma and int(ma.group(1)) != opp:
                diags.append(ctx.diag("E-NSK-AUGEN", f"the log gives the opponents {ma.group(1)} Augen; the cards give "
                                      f"{opp} (declaring party {res.party_points})", g.para_line, found=ma.group(1),
                                      expected=opp))
            if ma is None and not tout:
                diags.append(ctx.diag("E-NSK-RESULT", "the result gives no Augen", g.para_line, found=head,
                                      expected="'Die Gegner haben N Augen'"))
    # -- the price -------------------------------------------------------------
    want = _expected_price(res, prof, [k for k, _, _ in price.items] if price else [])
    if price is not None and (want.base_kind, want.base, want.items) != (price.base_kind, price.base, price.items):
        diags.append(ctx.diag("E-NSK-PRICE", f"the log says {_price_text(price)!r}; the cards give "
                              f"{_price_text(want)!r}{_jungfrau_paid(res, prof, settle, seats)}", g.price_line,
                              found=_price_text(price), expected=_price_text(want)))
    elif price is not None and (told := price.items[-1][2] if price.items else price.base) != settle.per_defender:
        # the steps agree in the log's own order, but that order prices otherwise than the rules (a doubling
        # before the Laufende are added: 10 x 2 + 30 = 50 where G-18 doubles the whole value, (10 + 30) x 2 = 80):
        # the units would be the rules', not the line's (nsk18 F3)
        diags.append(ctx.diag("E-NSK-PRICE", f"the log's price line comes to {told} ({_price_text(price)!r}); the "
                              f"rules give {settle.per_defender} (rules.md G-18: a doubling doubles the whole value, "
                              "the Laufende and Tout included): the house prices otherwise, which shead cannot store "
                              "as the log's", g.price_line, found=told, expected=settle.per_defender))
    # -- the score table -------------------------------------------------------
    number = g.number
    units = list(settle.units)
    warnings: list[Diagnostic] = []
    if g.row is None:  # no table (_parse_block): the price line and the cards give the units
        if not diags:
            warnings.append(ctx.diag(
                "W-NSK-NO-TABLE", f"game {number} has no score table: its units are those its cards and its price "
                f"line give ({', '.join(f'{seats[s]} {units[s]:+d}' for s in range(4))}), unchecked against the "
                "table; the table after it is carried from them", g.last_line, found="no score table",
                expected="the score table", severity="warning"))
        prev = None
        values = stock = None
    else:
        number, preis, values, stock = g.row
        if g.head[:4] != seats or (len(g.head) > 4 and g.head[4] != "Stock"):
            diags.append(ctx.diag("E-NSK-TABLE", f"the table's columns {' '.join(g.head)} are not the players "
                                  f"{' '.join(seats)} and Stock", g.head_line, found=" ".join(g.head),
                                  expected=" ".join(seats) + " Stock"))
        if preis != settle.per_defender:
            diags.append(ctx.diag("E-NSK-PRICE", f"the table's Preis is {preis}; the cards give {settle.per_defender}"
                                  + ("" if price else " (the game has no price line, which would state a doubling: "
                                     "'N mal gespritzt')"), g.row_line, found=preis, expected=settle.per_defender))
        elif price is None:
            warnings.append(ctx.diag(
                "W-NSK-NO-PRICE", f"game {number} has no price line: the price its cards give, "
                f"{_price_text(want)!r}, is the table's Preis {preis}", g.head_line, found="no price line",
                expected="'Das ... kostet N Punkte.'", severity="warning"))
    if prev is not None and sum(values) + (stock or 0) != sum(prev) + (prev_stock or 0):
        # the row does not balance (each game moves units from players to players, or to the Stock): the row is
        # damaged, not the game, whose cards and price line were checked above; the game is stored with the units
        # its cards give, and the next game is checked against the table before plus them (a tester's finding:
        # one damaged row refused its game and the good game after it)
        g.carried = [p + u for p, u in zip(prev, units)]
        warnings.append(ctx.diag(
            "W-NSK-ROW", f"game {number}'s score row ({' '.join(f'{v:+d}' for v in values)}, Stock {stock or 0}) "
            f"does not balance: it changes the players and the Stock by "
            f"{sum(values) + (stock or 0) - sum(prev) - (prev_stock or 0):+d} in all, where a game moves units from "
            "players to players (rules.md B-35); the row is damaged, so the game is stored with the units its cards "
            "and price give (" + ", ".join(f"{seats[s]} {units[s]:+d}" for s in range(4)) + ") and the next game is "
            "checked against the table before this row plus them", g.row_line,
            found=" ".join(f"{v:+d}" for v in values), expected=" ".join(f"{p + u:+d}" for p, u in zip(prev, units)),
            severity="warning"))
    elif prev is not None:
        delta = [v - p for v, p in zip(values, prev)]
        alt = getattr(prev, "alt", None)  # the row before, had its game's cards been right (_Table)
        if delta != units and alt is not None and [v - p for v, p in zip(values, alt)] == units:
            # the row before was damaged in a way that still balances (two numbers swapped): measured from the row
            # before it plus that game's cards, this game agrees; it is stored, and says so (break16b: a good game
            # was refused after a damaged row)
            warnings.append(ctx.diag(
                "W-NSK-ROW", f"game {number}'s change agrees with its cards only when measured from the row before "
                f"the last plus the last game's cards ({' '.join(f'{a:+d}' for a in alt)}): the last game's row "
                f"({' '.join(f'{p:+d}' for p in prev)}) looks damaged (its change disagreed with its game's cards)", g.row_line,
                found=" ".join(f"{p:+d}" for p in prev), expected=" ".join(f"{a:+d}" for a in alt),
                severity="warning"))
        elif delta != units:
            g.alt = [p + u for p, u in zip(prev, units)]  # for the next game (_advance): the row as the cards make it
            diags.append(ctx.diag("E-NSK-UNITS", "the running table changes by " + ", ".join(
                f"{seats[s]} {delta[s]:+d}" for s in range(4)) + "; the cards give " + ", ".join(
                f"{seats[s]} {units[s]:+d}" for s in range(4)), g.row_line, found=" ".join(f"{d:+d}" for d in delta),
                expected=" ".join(f"{u:+d}" for u in units)))
    if prev_stock is not None and stock is not None and stock != prev_stock and g.carried is None:
        # (a row whose Stock alone moved is a row that does not balance: W-NSK-ROW above, its game kept; break16b)
        diags.append(ctx.diag("E-NSK-STOCK", f"the Stock (pot) changes from {prev_stock} to {stock}; the netschafkopf "
                              "profile has no pot, so the cards give no change", g.row_line, found=stock,
                              expected=prev_stock))
    if diags:
        raise _Reject(diags)
    if prev is None and g.row is not None:
        warnings.append(ctx.diag("W-NSK-UNITS-UNCHECKED", f"the running table before game {number} is unknown (it is "
                                 "the file's first game but not game 1, the game before it has no score row, or games "
                                 "before it are missing): its units are derived from the cards, not checked",
                                 g.row_line, severity="warning"))
    # -- the stored hand ---------------------------------------------------------
    prov = {"picker_points": "verified", "outcome": "verified",
            "units": "verified" if prev is not None and g.carried is None else "derived",
            "multiplier": "asserted"}
    if game is not Game.RAMSCH:
        prov["picker"] = "asserted"
        if game is Game.SAUSPIEL:
            prov["partner"] = "verified"
    else:
        prov.pop("picker_points")
    source = "\n".join(lines[g.start:g.end]).rstrip()
    dealt = {name: cards for name, cards, _, _ in g.deals}
    if g.passes:  # the hands played: as dealt, with the passed cards moved
        dealt = {name: [c for c in cards if st.dealt[pos[name]] >> c & 1] + [c for _, r, cs, _, _ in g.passes
                                                                             if ctx.name(r) == name for c in cs]
                 for name, cards in dealt.items()}
    outcome, cardlog, settle = schafkopf_outcome(
        st, seats=seats, players={s: s for s in seats}, deal=dealt,
        session=session, group="NetSchafkopf", hand=number, date=date, rules=rules, provenance=prov,
        warnings=warnings)
    vh = ValidatedHand(outcome, cardlog, source, ctx.path, first, content_hash(session, number, source), warnings,
                       session_header=header)
    return vh, settle


def _sheet_game(ctx: _Ctx, g: _Game, seats: list[str], prev: list[int], session: str, date: str | None,
                header: str, prof: SchafkopfProfile, rules: str, why: list[Diagnostic]) -> ValidatedHand:
    """A Schieber game whose passed cards the log does not give, as a
    score-sheet game (``status="score-sheet"``, no card log): the game, the
    declarer, the partner and the Augen as the result sentence writes them,
    the units the running table's change, the Preis as written; the price's
    doublings in the multiplier.  The change must sum to zero (rules.md
    B-35).  ``why`` (the replay's refusal) goes into the warning."""
    number, preis, values, _stock = g.row
    delta = [v - p for v, p in zip(values, prev)]
    first = g.start + 1
    if sum(delta) != 0:
        raise _Reject([ctx.diag("E-NSK-UNITS", f"the running table changes by {delta}, which does not sum to zero",
                                g.row_line, found=sum(delta), expected=0)])
    price = _parse_price(g.para[_PRICE_START.search(g.para).start():])
    if price is None:
        raise _Reject([ctx.diag("E-NSK-PRICE", "the price is not readable", g.price_line, found=g.para)])
    pos = {name: i for i, name in enumerate(seats)}
    aname, atext, _aline = g.announce
    head = g.para[: _PRICE_START.search(g.para).start()]
    m = re.match(r"(\S+) (gewinnt|gewinnst|verliert|verlierst) ", head)
    wins = bool(m) and m.group(2).startswith("gewinn")
    if aname == "":
        game, suit, tout, declarer, partner, called = Game.RAMSCH, None, False, None, None, None
        outcome_word = "ramsch"
    else:
        parsed = _parse_game(atext)
        if parsed is None or ctx.name(aname) not in pos:
            raise _Reject(why)
        game, suit, tout = parsed
        declarer = pos[ctx.name(aname)]
        mp = re.search(r" mit (\S+?)\.", head)
        partner = pos.get(ctx.name(mp.group(1))) if (mp and game is Game.SAUSPIEL) else None
        called = Card(int(suit) * 8) if game is Game.SAUSPIEL and suit is not None else None
        outcome_word = "win" if wins else "lose"
    ma = re.search(r"Die Gegner haben (\d{1,18}) Augen", head)
    party_points = 120 - int(ma.group(1)) if ma else None
    kontra = sum(n for k, n, _ in price.items if k == "gespritzt")
    doubled = sum(n for k, n, _ in price.items if k == "aufgedoppelt")
    settle = Settlement(tuple(delta), outcome_word, None, 2 ** (kontra + doubled), preis,
                        (("the log's price", preis),), (0, 0, 0, 0), "as the running table of the log changes")
    warn = ctx.diag("W-NSK-SCHIEBER", f"Spielart {g.spielart}: cards were passed and the log does not say which, so "
                    f"the game is not replayed ({why[0].code if why else 'refused'}: "
                    f"{why[0].message if why else ''}); stored as a score-sheet game with the log's amounts",
                    first, severity="warning")
    prov = {"units": "asserted", "outcome": "asserted", "picker": "asserted", "multiplier": "asserted"}
    outcome = schafkopf_sheet_outcome(
        prof, settle, game=game, suit=suit, tout=tout, seats=seats, players={x: x for x in seats},
        dealer=pos.get(g.dealer), declarer=declarer, partner=partner, called=called, party_points=party_points,
        party_tricks=None, doublings=kontra, laufende=None, laufende_with=None, session=session,
        group="NetSchafkopf", hand=number, date=date, rules=rules, provenance=prov, warnings=[warn])
    source = "\n".join(ctx.lines[g.start:g.end]).rstrip()
    return ValidatedHand(outcome, None, source, ctx.path, first, content_hash(session, number, source), [warn],
                         session_header=header)


# --------------------------------------------------------------------------
# A file
# --------------------------------------------------------------------------

def _seats_of(games: list[_Game], lines: list[str]) -> list[str] | None:
    for g in games:
        for i in range(g.start, g.end):
            m = _TABLE_HEAD.match(lines[i])
            if m and len(m.group(1).split()) >= 4:
                return m.group(1).split()[:4]
    for g in games:
        names, dealer = [], None
        for i in range(g.start, g.end):
            if (m := _GEBER.match(lines[i])):
                dealer = m.group(1)
            elif (m := _DEAL.match(lines[i])):
                names.append(m.group(1))
        if len(names) == 4 and names[-1] == dealer:
            return names
    return None


def _block_seats(seats: list[str], lines: Iterable[str]) -> list[str]:
    """The four players, in the score table's column order, of the game
    whose block is ``lines``, the game before it having been played by
    ``seats``: the names of the block's own table header (``Spiel Preis A B
    C D Stock``) when it names four different players, else ``seats``.  A
    header naming someone new in a column is a new player in that chair, or
    the same player renamed, from this game on; the running table goes on by
    column (nsk18 F6: the rest of the night was refused).  A deal line alone
    never changes a seat: a name written otherwise there only refuses its
    game (``E-NSK-SEAT``)."""
    for line in lines:
        m = _TABLE_HEAD.match(line)
        if m is not None:
            head = m.group(1).split()[:4]
            return head if len(head) == 4 and len(set(head)) == 4 else seats
    return seats


def _observe(ctx: _Ctx, g: _Game, seats: list[str], prof: SchafkopfProfile) -> PriceObservation | None:
    """The stated price of a parsed block and the cards' game and run of
    Laufende (first pass, before the tariff is known); None when the block
    cannot be set up (the second pass reports why) or was thrown in."""
    if g.thrown:
        return None
    try:
        st, price, game, _suit, _tout = _setup(ctx, g, seats, prof)
    except _Reject:
        return None
    if price is None:
        return None
    run = st.laufende().run if game is not Game.RAMSCH else None
    sweep = game is Game.RAMSCH and "Durchmarsch" in (g.para or "")  # "gewinnt den Ramsch durch Durchmarsch"
    trickless = _ramsch_trickless(st, g, seats) if game is Game.RAMSCH and not sweep else None
    return PriceObservation(g.price_line, game, price.base_kind, price.base, tuple(price.items), run, sweep,
                            trickless)


def _ramsch_trickless(st: SchafkopfState, g: _Game, seats: list[str]) -> int | None:
    """How many seats of a parsed Ramsch block, besides its losers, took no
    trick (the Jungfrauen a house with the rule names, rules.md G-17), its
    tricks replayed on ``st`` (dealt, under the inference's loose profile,
    which has the rule); None when they cannot be replayed (the second pass
    says why)."""
    pos = {name: i for i, name in enumerate(seats)}
    try:
        for leader, cards, _ln, _cols in g.tricks:
            lead = pos[leader]
            for k, c in enumerate(cards):
                st.play((lead + k) % 4, c)
        return len(st.result().jungfrauen)
    except (KeyError, IllegalAction, ValueError):
        return None


def infer_rules(data: bytes, path: str | None = None) -> TariffInference | None:
    """The house rules a protocol's price lines give (see
    :func:`replay.sk_tariff.infer_tariff`), or None when no game can be
    read.  ``shead ingest`` stores what :func:`read_protocol` infers; this
    is for showing it without storing."""
    text, _ = decode_protocol(data)
    lines = _LINE_SPLIT.split(text.lstrip("\ufeff"))
    starts = [i for i, line in enumerate(lines) if _GEBER.match(line)]
    games = [_Game(s, e) for s, e in zip(starts, starts[1:] + [len(lines)])]
    seats = _seats_of(games, lines)
    if not games or seats is None:
        return None
    return _infer(_Ctx(path, lines, "Gast"), games, _game_seats(games, lines, seats))[0]


def _dealt_names(lines: Iterable[str]) -> set[str]:
    """The names a block's ``Geber:`` and deal lines (``X hat: ...``) give."""
    out: set[str] = set()
    for line in lines:
        if (m := _GEBER.match(line)) or (m := _DEAL.match(line)):
            out.add(m.group(1))
    return out


def _unborne(before: list[str], at: list[str], lines: Iterable[str]) -> bool:
    """True when a block (``lines``) whose table header seats ``at`` names
    players other than ``before`` (the protocol's players up to it) while its
    ``Geber:`` and deal lines name only ``before``'s: the header's names are
    not borne out by the game (real31 F3; :func:`_unborne_header` refuses it
    saying so), and ``before`` stay the protocol's players after it."""
    if at == before:
        return False
    dealt = _dealt_names(lines)
    return bool(dealt) and dealt <= set(before) and not dealt <= set(at)


def _players_before(games: list[_Game], lines: list[str], seats: list[str], game_seats: list[list[str]]
                    ) -> list[list[str]]:
    """For each game, the protocol's players up to it (``_Ctx.before``): the
    seats of the last game before it whose header its deal lines bear out
    (:func:`_unborne`), the file's first ``seats`` at first."""
    out: list[list[str]] = []
    before = seats
    for g, at in zip(games, game_seats):
        out.append(before)
        if not _unborne(before, at, lines[g.start:g.end]):
            before = at
    return out


def _game_seats(games: list[_Game], lines: list[str], seats: list[str]) -> list[list[str]]:
    """Each game's players by the table's column (:func:`_block_seats`),
    the file's first ``seats`` before any header names others."""
    out: list[list[str]] = []
    at = seats
    for g in games:
        at = _block_seats(at, lines[g.start:g.end])
        out.append(at)
    return out


def _infer(ctx: _Ctx, games: list[_Game], seats: list[list[str]]) -> tuple[TariffInference, list[_Game]]:
    """Parse every block (the parsed ones returned) and infer the tariff;
    ``seats``: each game's players (:func:`_block_seats`).  A game whose
    header's names its deal lines do not bear out (:func:`_unborne`) is
    refused later, but its price line is the house's all the same: it is
    observed under the players its deal lines name (real31 F3)."""
    parsed: list[_Game] = []
    seats_of: dict[int, list[str]] = {}
    before = _players_before(games, ctx.lines, seats[0] if seats else [], seats)
    writer = ctx.guest
    col = writer_column(seats[0] if seats else [], writer)
    for g, at, was in zip(games, seats, before):
        ctx.guest = at[col] if col is not None else writer  # "Du": whoever sits in the writer's column (sk34 F5)
        try:
            _parse_block(ctx, g)
            parsed.append(g)
            seats_of[id(g)] = was if _unborne(was, at, ctx.lines[g.start:g.end]) else at
        except _Reject:
            pass
    short = bool(parsed) and sum(g.short for g in parsed) * 2 > len(parsed)
    loose = PROFILE.model_copy(update={"klopfen": True, "shortDeck": short, "kontraLevels": 8,
                                       "davonlaufenMinCards": min(PROFILE.davonlaufenMinCards, 4 if short else 6)})
    obs: list[PriceObservation] = []
    unpriced: list[Game] = []
    for g in parsed:
        o = _observe(ctx, g, seats_of[id(g)], loose) if g.short == short else None
        if o is not None:
            obs.append(o)
        elif (ag := announced_game("\n".join(ctx.lines[g.start:g.end]))) is not None:
            unpriced.append(ag[0])
    ctx.guest = writer
    return infer_tariff(obs, PROFILE, short_deck=short, unpriced=unpriced,
                        thrown=sum(1 for g in parsed if g.thrown)), parsed


def writer_column(seats: list[str], writer: str) -> int | None:
    """The score table's column (0-3) of the player who wrote the log
    (``gespielt von X``: the log's "Du", "dir", "dich") among the file's
    first ``seats``; None when the writer is no seat (a log without the
    header: "Gast").  The log's "Du" is the person at that computer, so a
    later table header naming someone else in that column (the writer
    renamed, or another person at the keyboard: the deal lines bear it out)
    makes "Du" that column's player from that game on (sk34 F5: "Du gewinnst"
    was read as the old name's win and the game refused)."""
    return seats.index(writer) if writer in seats else None


#: How many of a protocol's first games identify it (:func:`_first_deals`).
IDENTITY_GAMES = 3


def _first_deals(games: list[_Game], seats: list[str]) -> list[tuple[int, str]]:
    """The protocol's identity by meaning (docs/storage.md "Duplicates by
    meaning", NetSchafkopf protocols): ``(game number, deal id)`` of its
    first :data:`IDENTITY_GAMES` parsed games that deal every seat its cards
    and pass none (Schieber), in file order; the deal id is
    :func:`replay.deal_identity.deal_id_of_log` of the cards as dealt, the
    one the store keeps in ``hand_deals``.  ``games``: parsed blocks."""
    out: list[tuple[int, str]] = []
    for g in games:
        if len(out) >= IDENTITY_GAMES:
            break
        if g.row is None or g.passes or len(g.deals) != len(seats):
            continue
        did = deal_id_of_log({name: [str(c) for c in cards] for name, cards, _, _ in g.deals}, [], seats, g.dealer)
        if did is not None:
            out.append((g.row[0], did))
    return out


class _DealNames:
    """The names a protocol's deal lines (``X hat: ...``) give, tallied block
    by block (:meth:`block`, in file order; the streaming reader feeds it one
    block at a time), with the first score-table header (``Spiel Preis
    NAME ...``), so that :meth:`check` can say at once when the table header
    names a player the deal lines call otherwise (user15: every header
    ``Gast`` renamed ``Hias``, the deal lines left ``Gast``)."""

    def __init__(self) -> None:
        self.blocks = 0  # blocks with a deal line
        self.count: dict[str, int] = {}  # name -> blocks whose deal lines name it
        self.first: dict[str, int] = {}  # name -> its first deal line (1-based)
        self.head: tuple[int, str] | None = None  # the first table header of four names: (line, text)
        self.headed: set[str] = set()  # every name of every table header: a later one may seat a new player
        self.spaced: tuple[int, str, int] | None = None  # the first line naming a player with a space: line, name, col

    def block(self, start: int, lines: Iterable[str]) -> None:
        """Tally one game block: ``lines`` its lines, the first at index ``start`` (0-based) of the file."""
        names: set[str] = set()
        for i, line in enumerate(lines, start + 1):
            if (m := _DEAL.match(line)):
                names.add(m.group(1))
                self.first.setdefault(m.group(1), i)
            elif (self.spaced is None and ("hat:" in line or "aus:" in line or "Geber:" in line)
                  and (m := _SPACED_NAME.match(line))):
                k = 1 if m.group(1) else 2
                self.spaced = (i, m.group(k), m.start(k) + 1)
            elif (m := _TABLE_HEAD.match(line)) and len(m.group(1).split()) >= 4:
                if self.head is None:
                    self.head = (i, line)
                self.headed.update(m.group(1).split()[:4])
        if names:
            self.blocks += 1
            for n in names:
                self.count[n] = self.count.get(n, 0) + 1

    def check(self, path: str | None, seats: list[str]) -> Diagnostic | None:
        """``E-NSK-SEAT`` at the table header's name when the four ``seats``
        were read off a score-table header and the deal lines of most games
        (at least half of those with deal lines) name someone else: one
        player under two names, so every game would be refused for it (the
        file is refused whole, one error naming both names and the lines).
        None when the header and the deal lines agree, or when only a few
        games' deal lines stray (each such game is refused on its own)."""
        if self.spaced is not None:
            line_no, name, col = self.spaced
            one, under = "".join(name.split()), "_".join(name.split())
            head = _TABLE_HEAD.match(self.head[1]).group(1).split() if self.head is not None else []
            if head[-1:] == ["Stock"]:
                head = head[:-1]
            if len(head) != 4 or self._check(seats) is not None:
                return Diagnostic(
                    "E-NSK-SEAT", f"line {line_no} names the player {name!r}, a name with a space: a protocol's "
                    "names are one word each (its lines read 'NAME hat:', 'Geber: NAME', 'NAME spielt ...', and its "
                    "score table's columns are split at spaces), so the players cannot be told apart and no game "
                    f"is read (write the name as one word, e.g. {one!r} or {under!r}, in every line of the file)",
                    "error", path, line_no, col, found=name, expected="a name without a space")
        return self._check(seats, path)

    def _check(self, seats: list[str], path: str | None = None) -> Diagnostic | None:
        if self.head is None or self.head[1].split()[2:6] != seats or not self.blocks:
            return None
        # a name a later table header gives its column is a player seated there from then on (nsk18 F6)
        others = [n for n in self.count if n not in seats and n not in self.headed
                  and self.count[n] * 2 >= self.blocks]
        unused = [s for s in seats if self.count.get(s, 0) * 2 < self.blocks]
        if not others or not unused:
            return None
        line_no, text = self.head
        m = re.search(rf"(?<!\S){re.escape(unused[0])}(?!\S)", text[_TABLE_HEAD.match(text).start(1):])
        col = _TABLE_HEAD.match(text).start(1) + (m.start() if m else 0) + 1
        said = "; ".join(f"'{n} hat:' in {self.count[n]} of {self.blocks} games, first at line {self.first[n]}"
                         for n in others)
        return Diagnostic(
            "E-NSK-SEAT", f"the score table's header (line {line_no}) names {', '.join(unused)} where the deal "
            f"lines name {', '.join(others)} ({said}): one player under two names, so no game is read (write the "
            "same name in every 'Spiel Preis ...' header and every deal line)", "error", path, line_no, col,
            found=" / ".join(unused), expected=" / ".join(others))


def _writer_check(header_lines: list[str], path: str | None, seats: list[str]) -> Diagnostic | None:
    """``E-NSK-SEAT`` at the header's ``gespielt von X`` when X, the player
    who wrote the log (the log's "Du", "dir", "dich"), is none of the four
    ``seats``: the games that name "Du" could only be checked against a
    wrong seat, so the file is refused whole (one error, not one per game
    that says "Du"); None when X is a seat or the header names nobody."""
    for ln, line in enumerate(header_lines, 1):
        if line.lstrip().startswith("#"):  # a reader's note (_header_facts)
            continue
        if (m := _PLAYED_BY.search(line)) and m.group(1) not in seats:
            return Diagnostic(
                "E-NSK-SEAT", f"the header says the log was written ('gespielt von') by {m.group(1)}, who is no "
                f"player of this protocol ({', '.join(seats)}): the games' 'Du' cannot be placed, so no game is "
                "read (correct the name in the header)", "error", path, ln, m.start(1) + 1, found=m.group(1),
                expected=" / ".join(seats))
    return None


def _header_facts(header_lines: list[str], path: str | None, session: str | None,
                  warnings: list[Diagnostic]) -> tuple[str, str | None, str, str]:
    """``(guest, date, header, session)`` from the lines before a protocol's
    first ``Geber:`` line: the player who wrote the log (``gespielt von X``,
    else ``Gast``), the date (ISO; None with a ``W-NSK-DATE`` warning
    appended to ``warnings`` when it is no calendar day), the header text
    stored with the session (its non-blank lines but ``#`` comments, which a
    ``W-NSK-TEXT`` warning names: a copy with a note added is the same
    protocol, docs/storage.md "Duplicates by meaning") and the session id
    (``session`` when given, see :func:`read_protocol`)."""
    guest, date = "Gast", None
    for ln, line in enumerate(header_lines, 1):
        if line.lstrip().startswith("#"):  # a reader's note, said below
            continue
        m = _PLAYED_BY.search(line)
        if m is None and date is None and (m2 := _PROTOCOL_OF.search(line)):  # 5.x: "Schafkopfprotokoll vom ..."
            date = _header_date(warnings, path, ln, m2.group(1), m2.start(1) + 1)
        if m:
            guest = m.group(1)
            if m.group(2) is not None:
                date = _header_date(warnings, path, ln, m.group(2), m.start(2) + 1, guest)
            else:
                warnings.append(Diagnostic(
                    "W-NSK-DATE", f"the header names no date ('gespielt von {guest}' without 'am DD.MM.YY'): the "
                    f"games are stored without a date; the writer {guest} ('Du') is read from the line all the same",
                    "warning", path, ln, m.end(1) + 1, found=line.strip()[:40], expected="am DD.MM.YY"))
    notes = [(ln, x) for ln, x in enumerate(header_lines, 1) if x.lstrip().startswith("#")]
    if notes:  # a reader's note ("# Abschrift von Sepp"): not the program's header, so not the session's identity
        ln, x = notes[0]
        more = f" ({len(notes)} such lines)" if len(notes) > 1 else ""
        warnings.append(Diagnostic(
            "W-NSK-TEXT", f"line {ln} before the first game is a '#' comment{more}: ignored (not part of the "
            "session's header)", "warning", path, ln, len(x) - len(x.lstrip()) + 1, found=x.strip()[:60],
            expected="the protocol's header"))
    # a note typed into the header ("Notiz: Abend beim Wirt") is kept with it, and is no part of which log it is
    # (ingest.protocol_identity.header_identity; real22 F1: the copy with a note was stored again)
    filled = [(ln, x) for ln, x in enumerate(header_lines, 1) if x.strip() and not x.lstrip().startswith("#")]
    header = "\n".join(x.rstrip() for _, x in filled)
    stem = PurePath(path).stem if path else None
    if session is None:
        session = f"NetSchafkopf {stem}" if stem else f"NetSchafkopf {date or 'undated'}"
    return guest, date, header, session


def _judge_block(ctx: _Ctx, g: _Game, parsed: bool, first: bool, seats: list[str], prev: list[int] | None,
                 prev_stock: int | None, session: str, date: str | None, header: str, prof: SchafkopfProfile,
                 rules_str: str, prev_number: int | None = None
                 ) -> tuple[ValidatedHand | RejectedHand | None, _Game]:
    """Judge one game block of a file (the second pass of :func:`read_protocol`):
    ``(the stored hand or the refused game, the block as parsed)``; the
    hand is None for a deal thrown in that is not stored (:func:`_thrown_game`).
    ``parsed``: ``g`` was parsed whole by the first pass (else it is parsed
    afresh); ``first``: it is the file's first block; ``prev``/``prev_stock``:
    the running table and Stock of the block before (None when unknown);
    ``prev_number``: that block's game number.  When this game's number is
    more than one past it, the games between are missing
    (:func:`_missing_games`): the table's change holds theirs too, so this
    game's units are derived from its cards, not checked."""
    ctx.hand = None
    src = "\n".join(ctx.lines[g.start:g.end]).rstrip()
    path = ctx.path
    expected = prev_number + 1 if prev_number is not None else 1 if first else None  # a game without its row
    try:
        if not parsed:
            g = _Game(g.start, g.end)  # parsed afresh: the first pass stopped midway
            _parse_block(ctx, g)
        g.number = g.row[0] if g.row is not None else expected
        if g.number is None:  # no table, and no number before it to count on from
            raise _Reject([ctx.diag("E-NSK-TRUNCATED", f"the game at line {g.start + 1} has no score table and the "
                                    "game before it no game number: its number is unknown", g.last_line,
                                    found="no score table", expected="the score table")])
        ctx.hand = g.number
        if g.row is not None and prev_number is not None and g.row[0] > prev_number + 1:
            prev, prev_stock = None, None
        if first or prev is None:
            if g.number == 1:
                prev, prev_stock = [0, 0, 0, 0], 0
        if g.thrown:  # all passed, the deal thrown in (rules.md G-4; sk32 F3)
            return _thrown_game(ctx, g, seats, prev, prev_stock, session, date, header, prof, rules_str), g
        try:
            vh, _ = _check_game(ctx, g, seats, prev, prev_stock, session, date, header, prof, rules_str)
        except _Reject as r:
            # Schieber without the passed cards: the deal lines are not the hands played, so the game is
            # stored as a score-sheet game with the log's own amounts (when the table before it is known)
            if not (g.spielart and "schieb" in g.spielart.lower() and not g.passes and prev is not None
                    and g.row is not None and g.price_line):
                raise
            vh = _sheet_game(ctx, g, seats, prev, session, date, header, prof, rules_str, r.diags)
        return vh, g
    except _Reject as r:
        number = g.number = g.row[0] if g.row is not None else expected
        diags = [d if d.hand is not None or number is None else
                 Diagnostic(d.code, d.message, d.severity, d.file, d.line, d.col, number, d.trick, d.found,
                            d.expected) for d in r.diags]
        return RejectedHand(session, number, src, path, g.start + 1, diags, content_hash(session, number, src)), g
    except Exception as exc:  # noqa: BLE001 - a bug: reported at this game, never stored, the file goes on
        number = g.number = g.row[0] if g.row is not None else expected
        d = Diagnostic("E-INTERNAL", f"the reader failed on this game (a bug, please report it): "
                       f"{type(exc).__name__}: {str(exc)[:200]}", "error", path, g.start + 1, 1, number)
        return RejectedHand(session, number, src, path, g.start + 1, [d], content_hash(session, number, src)), g


def _thrown_game(ctx: _Ctx, g: _Game, seats: list[str], prev: list[int] | None, prev_stock: int | None,
                 session: str, date: str | None, header: str, prof: SchafkopfProfile,
                 rules_str: str) -> ValidatedHand | None:
    """A game block in which all passed and the deal was thrown in and dealt
    again (``Alle haben gepasst. Es wird neu gegeben.``; rules.md G-4): it
    settles nothing, so its score row must have Preis 0 and leave the table
    before it (``prev``/``prev_stock``, when known) as it was; else it is
    refused (``E-NSK-PRICE``, ``E-NSK-UNITS``: raises :class:`_Reject`).
    Its row is then the running table the next game is checked against
    (:func:`_advance`).  Under a profile that throws in (``ramsch=off``: a log
    with no Ramsch game, :func:`replay.sk_tariff.infer_tariff`) it is stored
    as SHN-SK's ``thrown`` hand, 0 units each
    (:func:`replay.sk_thrown.thrown_outcome`); under ``ramsch=on`` (the log
    plays a Ramsch when all pass, elsewhere) SHN-SK has no thrown deal, so it
    is not stored, and the reader says so (:func:`_thrown_said`): None."""
    from replay.sk_thrown import thrown_outcome  # noqa: PLC0415

    if g.row is not None:
        number, preis, values, stock = g.row
        if preis != 0:
            raise _Reject([ctx.diag("E-NSK-PRICE", f"the deal was thrown in (line {g.thrown}) but the score row "
                                    f"states a price of {preis}: a deal nobody played settles nothing (rules.md G-4)",
                                    g.row_line, found=preis, expected=0)])
        if prev is not None and (list(values) != list(prev) or (prev_stock is not None and stock != prev_stock)):
            moved = ", ".join(f"{s} {v - p:+d}" for s, v, p in zip(seats, values, prev))
            g.alt = list(prev)  # the table as nothing played leaves it: the next game is checked against it too
            raise _Reject([ctx.diag("E-NSK-UNITS", f"the deal was thrown in (line {g.thrown}) but the score row "
                                    f"moves the table ({moved}; Stock {prev_stock} -> {stock}): a deal nobody "
                                    "played settles nothing (rules.md G-4)", g.row_line,
                                    found=moved, expected="no change")])
    if prof.ramsch:
        return None
    dealer = ctx.name(g.dealer)
    prov = {"units": "verified" if g.row is not None and prev is not None else "derived", "outcome": "asserted"}
    outcome, _ = thrown_outcome(prof, session=session, group="NetSchafkopf", hand=g.number, date=date,
                                rules=rules_str, players={x: x for x in seats},
                                dealer=dealer if dealer in seats else None, seats=list(seats), provenance=prov,
                                warnings=[])
    source = "\n".join(ctx.lines[g.start:g.end]).rstrip()
    return ValidatedHand(outcome, None, source, ctx.path, g.start + 1, content_hash(session, g.number, source), [],
                         session_header=header)


def _thrown_said(path: str | None, g: _Game, prof: SchafkopfProfile) -> list[Diagnostic]:
    """``W-NSK-THROWN`` for a deal thrown in that :func:`_thrown_game` did
    not store (``prof`` plays a Ramsch when all pass, ``ramsch=on``): it
    settles nothing (rules.md G-4), its row is the running table, and no
    hand of it is stored (SHN-SK writes a thrown-in deal only under
    ``ramsch=off``); [] otherwise."""
    if not g.thrown or not prof.ramsch:
        return []
    return [Diagnostic("W-NSK-THROWN", f"game {g.number}: all passed and the deal was thrown in (rules.md G-4): it "
                       "settles nothing and its row is the running table for the next game; it is not stored as a "
                       "hand, as this log plays a Ramsch when all pass elsewhere (ramsch=on, G-17) and a thrown-in "
                       "deal is written only under ramsch=off", "warning", path, g.thrown, 1, g.number)]


class _Table(list):
    """A score row's values as the table before the next game, with ``alt``:
    the row as the game's cards would make it, when the game was refused
    because the row's change disagreed with its cards (``E-NSK-UNITS``): the
    next game is checked against both, so a row damaged in a way that still
    balances costs its own game only (:func:`_check_game`)."""

    __slots__ = ("alt",)

    def __init__(self, values, alt: list[int] | None = None):
        super().__init__(values)
        self.alt = alt


def _advance(item: ValidatedHand | RejectedHand | None, g: _Game, seats: list[str], prev: list[int] | None,
             prev_stock: int | None) -> tuple[list[int] | None, int | None, int | None, int | None]:
    """The running state for the block after ``g`` (judged to ``item``, the
    table before it ``prev``/``prev_stock``): ``(table, Stock, game number,
    line of the number)``.  After a score row, the row's; after a game read
    without its table (``W-NSK-NO-TABLE``), the table before it plus the
    game's units, so the next game's change is checked; else unknown (None)
    but the game number (:func:`_judge_block`)."""
    if g.carried is not None:  # a damaged score row (_check_game): the table before it plus the game's cards
        return list(g.carried), prev_stock, g.row[0], g.row_line
    if g.row is not None:
        alt = g.alt
        if alt is None and getattr(prev, "alt", None) is not None and isinstance(item, ValidatedHand):
            # a game read against a row damaged in a balanced way, whose own row carries that damage on: the
            # cards' history goes on beside it, so the game after can still be checked against it (break16c)
            alt = [a + item.outcome.units[s] for a, s in zip(prev.alt, seats)]
        return _Table(g.row[2], alt), g.row[3], g.row[0], g.row_line
    if prev is None and g.number == 1:
        prev, prev_stock = [0, 0, 0, 0], 0
    if isinstance(item, ValidatedHand) and prev is not None:
        return [p + item.outcome.units[s] for p, s in zip(prev, seats)], prev_stock, g.number, g.last_line
    if item is None and prev is not None:  # a deal thrown in without its table: it moved nothing (G-4)
        return list(prev), prev_stock, g.number, g.last_line
    return None, None, g.number, (g.last_line or None) if g.number is not None else None


def _new_names(path: str | None, g: _Game, was: list[str], now: list[str], item, prev: list[int] | None,
               prev_number: int | None, writer_col: int | None) -> list[Diagnostic]:
    """``W-NSK-NEW-NAME`` at the score-table header of game ``g``, one per
    column whose player ``now`` (this game's, its deal lines bearing the
    header out) is not ``was`` (the game before's; sk34 F6): the log cannot
    tell another player taking that chair from the same player renamed, and
    shead stores what it writes, two players (docs/storage.md, nsk18 F6).
    Said so, with whether the column goes on from the old name's total (the
    row of a game read, ``item`` a stored hand, against the table before it
    ``prev``: the row is the old total plus the new name's units), which
    name "Du" is (``writer_col``, :func:`writer_column`), and how to put the
    games under one name.  [] when no column changed."""
    out: list[Diagnostic] = []
    line = g.head_line or g.start + 1
    n = g.number if g.number is not None else "?"
    since = f"game {prev_number}" if prev_number is not None else "the game before"
    for j, (old, new) in enumerate(zip(was, now)):
        if old == new:
            continue
        how = ""
        units = item.outcome.units if isinstance(item, ValidatedHand) else None
        if units is not None and g.row is not None and prev is not None and new in units \
                and g.row[2][j] == prev[j] + units[new]:
            how = (f"; the table's column goes on from {old}'s total (game {n}'s row: {new} {g.row[2][j]:+d} = "
                   f"{old}'s {prev[j]:+d} after {since} and {new}'s {units[new]:+d} in this game)")
        du = f"; 'Du' is {new} from game {n} on, the player in the writer's column" if j == writer_col else ""
        out.append(Diagnostic(
            "W-NSK-NEW-NAME", f"from game {n} the score table's column {j + 1} is headed {new}, up to {since} "
            f"{old}, and the game's deal lines name {new}: another player in {old}'s chair or {old} renamed -- the "
            f"log does not say which{how}{du}.  Stored as written, two players in the ledger: {old} with the games "
            f"before game {n}, {new} from game {n} on.  If {new} is {old} renamed, correct the name in this file's "
            f"table headers and deal lines from game {n} on before it is stored; once stored, `shead export "
            f"--format shn --out night.shn`, write after each `hand` line of this session from game {n} on its "
            f"header's [Seats] line with {old} in place of {new}, and `shead ingest --amend night.shn --reason ...`",
            "warning", path, line, 1, n if isinstance(n, int) else None, found=new, expected=old))
    return out


def _table_where(g: _Game, number: int | None) -> str:
    """Which table the running state after ``g`` is, for the end check's
    message: its score row (``game 7's row, line 140``) or, for a game read
    without its table, the table before it carried by its units."""
    if g.carried is not None:  # a damaged row's stand-in (_check_game)
        return f"game {number}'s row as its cards make it, line {g.row_line}"
    if g.row is not None:
        return f"game {g.row[0]}'s row, line {g.row_line}"
    return f"carried to game {number} by its units"


def _missing_games(path: str | None, g: _Game, prev_number: int | None, prev_line: int | None,
                   missing: list[tuple[int, int]], first: bool = False) -> list[Diagnostic]:
    """``W-NSK-MISSING`` at the score row of game ``g`` when its number is
    more than one past ``prev_number``, the number of the score row at line
    ``prev_line`` before it (the games between are not in the file), or,
    for the file's ``first`` block, when its number is more than 1 (the
    games before it are not in the file: the table has no row before it);
    the range ``(first, last)`` missing is appended to ``missing`` for the
    end check.  Empty otherwise (and when either number is unknown)."""
    if g.row is None:
        return []
    if prev_number is None:
        if not first or g.row[0] <= 1:
            return []
        prev_number = 0
    if g.row[0] <= prev_number + 1:
        return []
    a, b, n = prev_number + 1, g.row[0] - 1, g.row[0]
    missing.append((a, b))
    which = f"game {a} is" if a == b else f"games {a}-{b} are"
    since = (f"starts at game {n} (line {g.row_line}), the file's first game" if prev_line is None else
             f"goes from game {prev_number} (line {prev_line}) to game {n} (line {g.row_line})")
    return [Diagnostic("W-NSK-MISSING", f"{which} missing: the score table {since}; game {n} is read with the "
                       "units its cards give, unchecked against the table", "warning", path, g.row_line, 1,
                       found=f"game {n}", expected=f"game {a}")]


def _raw_row(lines, g: _Game) -> tuple[int, list[int], int] | None:
    """The score row of a refused game block whose reading stopped before
    its table (a bad card or line above it: ``g.row`` unread), read alone:
    ``(game number, the four values, line number)`` of the last
    ``Spiel Preis ...`` header's row in the block, else None.  The end
    check compares the stored totals with it, the file's true last running
    table (real31 F1); the next game is still judged as after an unknown
    table.  ``lines``: the file's lines as ``_parse_block`` indexes them."""
    found = None
    head = False
    for i, line in enumerate(lines[g.start + 1:g.end], g.start + 2):
        if not line.strip():
            continue
        if _TABLE_HEAD.match(line):
            head = True
            continue
        m = _TABLE_ROW.match(line) if head else None
        if m is not None and max(len(x) for x in m.group(0).split()) <= 18:
            found = (int(m.group(1)), [int(x) for x in m.group(3).split()], i)
        head = False
    return found


def _end_check(path: str | None, seats: list[str], last_row: list[int], totals: dict[str, int], n_hands: int,
               n_rejected: int, n_lines: int, missing: list[tuple[int, int]] = (), conflicts: int = 0,
               where: str | None = None) -> list[Diagnostic]:
    """The end check of a protocol (see :func:`read_protocol`): ``totals``
    (seat -> units summed over the ``n_hands`` games read as good) against
    the log's last running table ``last_row`` (the file's last score row,
    a refused game's too: :func:`_raw_row`; ``where`` says which, e.g.
    ``game 99's row, line 1952``); ``E-NSK-TOTALS`` when nothing
    was refused or missing and they differ, ``W-NSK-INCOMPLETE`` when
    ``n_rejected`` games were refused or the numbering skips the game ranges
    ``missing`` (:func:`_missing_games`), at the file's last line
    ``n_lines``: the session's incompleteness said once, with whether the
    stored totals equal the table and, when not, the table minus the stored
    totals per player.  Nothing when
    ``conflicts`` games of the file differ from the stored games of their
    numbers (each an ``E-HAND-CONFLICT``): the file is an edited copy, the
    stored session keeps its own games, and its totals are not this file's."""
    diff = {s: last_row[i] - totals[s] for i, s in enumerate(seats) if last_row[i] != totals[s]}
    table = ", ".join(f"{s} {v:+d}" for s, v in zip(seats, last_row))
    stored = ", ".join(f"{s} {totals[s]:+d}" for s in seats)
    at = f"{where}: " if where else ""
    unequal = (f"the stored totals ({stored}) are not the log's last running table ({at}{table}); the table minus "
               "the stored: " + ", ".join(f"{s} {last_row[i] - totals[s]:+d}" for i, s in enumerate(seats)))
    equal = "the stored totals are the log's last running table" + (f", {where}," if where else "") + " all the same"
    if missing:
        n = sum(b - a + 1 for a, b in missing)
        names = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in missing)
        gone = f"{n} game{'s' if n > 1 else ''} missing (game{'s' if n > 1 else ''} {names})" + (
            f" and {n_rejected} of {n_rejected + n_hands} refused" if n_rejected else "")
        return [Diagnostic(
            "W-NSK-INCOMPLETE", f"{gone}: {unequal}" if diff else gone, "warning", path, n_lines or 1, 1,
            found=stored if diff else None, expected=table if diff else None)]
    if n_rejected:
        return [Diagnostic(
            "W-NSK-INCOMPLETE", f"{n_rejected} of {n_rejected + n_hands} games refused: {unequal}"
            if diff else f"{n_rejected} game{'s' if n_rejected > 1 else ''} refused ({equal})", "warning", path,
            n_lines or 1, 1, found=stored if diff else None, expected=table if diff else None)]
    if diff and not conflicts:
        return [Diagnostic(
            "E-NSK-TOTALS", f"the stored games sum to {stored}; the log's last running table is {table}",
            "error", path, n_lines, 1, found=stored, expected=table)]
    return []


@dataclass
class ProtocolResult(FileResult):
    """What :func:`read_protocol` returns: a :class:`FileResult` and
    ``refused``, the games refused that the session lacks (a refused game
    whose number the session holds already is a conflict with the stored
    game, not a gap in the session), which the store's session check counts
    (``ingest.store.Store._session_check``); None: ``len(rejected)``."""

    refused: int | None = None


def _stored_games(stored_session, session: str):
    """The session's games stored before this read
    (:class:`ingest.protocol_identity.StoredGames`), when ``stored_session``
    can tell (``.games``, :class:`ingest.protocol_identity.StoredProtocols`);
    else None."""
    games = getattr(stored_session, "games", None)
    return None if games is None else games(session)


def _conflicts(rejected: list[RejectedHand], session: str, stored, stored_session) -> tuple[list[RejectedHand], int]:
    """``(rejected, conflicts)``: each refused game whose number the session
    holds already (``stored.numbers``, :func:`_stored_games`) turned into a
    conflict with the stored game — ``E-HAND-CONFLICT`` first, naming where
    the stored game was read from, then the reader's own diagnostics, which
    say what differs (the stored game stays) — and how many were turned."""
    if stored is None or not stored.numbers:
        return rejected, 0
    hit = [r for r in rejected if r.hand is not None and r.hand in stored.numbers]
    if not hit:
        return rejected, 0
    where = stored_session.sources(session, [r.hand for r in hit])
    out: list[RejectedHand] = []
    for r in rejected:
        if r.hand is None or r.hand not in stored.numbers:
            out.append(r)
            continue
        f, ln = where.get(r.hand, (None, 0))
        first = r.errors[0] if r.errors else None
        why = f"{first.code}: {first.message}" if first is not None else "it is refused"
        d = Diagnostic("E-HAND-CONFLICT", f"game {r.hand} of session {session!r} is already stored, from "
                       f"{f or '?'}:{ln}, and this copy differs from it ({why}): a session holds each game once; "
                       "the stored game stays", "error", r.source_file,
                       first.line if first is not None and first.line else r.source_line,
                       first.col if first is not None and first.line else 1, r.hand,
                       found=f"a second game {r.hand}", expected="the stored game, or a new game number")
        out.append(RejectedHand(r.session, r.hand, r.source, r.source_file, r.source_line, [d, *r.errors], r.hash))
    return out, len(hit)


def _after_storing(hands: list[ValidatedHand], stored, missing: list[tuple[int, int]],
                   upto: int | None) -> tuple[int, list[tuple[int, int]]]:
    """``(games, missing)`` of the session once the file's ``hands`` are
    stored: how many games it holds numbered at most ``upto`` (the game of
    the log's last table), and the game ranges ``missing`` from the file
    that the session lacks too.  Without ``stored`` (:func:`_stored_games`),
    the file's own.  (The units are summed by column: :func:`_column_totals`.)"""
    numbers, held = _stored_base(stored, upto)
    new = [vh for vh in hands if vh.outcome.hand not in numbers]
    return held + len(new), _still_missing(numbers, missing)


def _stored_base(stored, upto: int | None) -> tuple[frozenset[int], int]:
    """``(numbers, held)``: the game numbers the session holds before this
    file and how many of them are at most ``upto`` (:func:`_stored_games`;
    nothing without it)."""
    if stored is None:
        return frozenset(), 0
    return stored.numbers, sum(1 for n in stored.numbers if upto is None or n <= upto)


def _adds_nothing(stored, numbers: Iterable[int], refused: int) -> bool:
    """True when the file is a copy of games the session holds already
    (``stored``, :func:`_stored_games`): every game it reads (``numbers``)
    is stored and it refuses none the session lacks (``refused``).  Its log
    table then does not replace the session's ``session_checks`` row
    (``log_totals`` None): a part of a stored protocol, or a changed copy,
    says nothing new about the session's completeness."""
    return stored is not None and bool(stored.numbers) and not refused and all(
        n in stored.numbers for n in numbers)


def _still_missing(numbers: frozenset[int], missing: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The game ranges of ``missing`` that the stored ``numbers`` do not
    hold whole."""
    if not numbers or not missing:
        return missing
    held = sorted(numbers)
    return [(a, b) for a, b in missing if bisect_right(held, b) - bisect_left(held, a) != b - a + 1]


#: The tariff entries a protocol's price lines state (replay.sk_tariff), each with the words a person reads
ASSUMABLE = {"tariff.sauspiel": "the Rufspiel's price", "tariff.solo": "the Einzelspiel's price",
             "tariff.ramsch": "the Ramsch's price", "tariff.schneider": "the schneider step",
             "tariff.schwarz": "the schwarz step", "tariff.laufender": "the Laufender step"}


def assumed_entries(inference: TariffInference) -> dict[str, int]:
    """The tariff entries of :data:`ASSUMABLE` no price line of a protocol
    states (``inference.assumed``, :func:`replay.sk_tariff.infer_tariff`),
    each with the value the inferred profile took for it (units): e.g.
    ``{"tariff.sauspiel": 2}`` for a log with no Rufspiel (sk32 F1).  A log
    whose every stated price is NetSchafkopf's own tariff (2/5/1, the
    program's default setting, as the shipped logs) takes the program's own
    for the rest too, which is no guess about another house: {} then."""
    t = inference.profile.tariff
    out = {k: getattr(t, k[len("tariff."):]) for k in ASSUMABLE if k in inference.assumed}
    own = all(inference.facts[k][0] == getattr(PROFILE.tariff, k[len("tariff."):]) for k in ASSUMABLE
              if k in inference.facts)
    if own and all(v == getattr(PROFILE.tariff, k[len("tariff."):]) for k, v in out.items()):
        return {}
    return out


def assumed_warning(inference: TariffInference, rules_str: str, path: str | None, line: int) -> Diagnostic | None:
    """``W-NSK-ASSUMED`` at ``line`` naming every tariff entry the protocol's
    price lines never state (:func:`assumed_entries`: a log with no Rufspiel
    has no Rufspiel price; one with no schneider game no schneider step),
    each with the value taken and where it comes from — a step the log does
    state (rules.md G-14: one unit a step), G-16's cent tariff beside bases
    of that scale, else NetSchafkopf's own — and how to give the house's
    (``--rules``); a game stored later in the session is priced with them
    (nsk18 F4, sk32 F1).  None when the log states them all."""
    entries = assumed_entries(inference)
    if not entries:
        return None
    t, base = inference.profile.tariff, PROFILE.tariff
    stated = [k for k in ("tariff.schneider", "tariff.schwarz", "tariff.laufender") if k in inference.facts]

    def why(k: str, v: int) -> str:
        if k in ("tariff.schneider", "tariff.schwarz", "tariff.laufender") and stated:
            return f"as the log's {stated[0][len('tariff.'):]} step"
        if v == getattr(base, k[len("tariff."):]):
            return "NetSchafkopf's own"
        return "rules.md G-16"

    shown = ", ".join(f"{k[len('tariff.'):]} {v} ({why(k, v)})" for k, v in entries.items())
    unseen = ", ".join(ASSUMABLE[k] for k in entries)
    bases = ", ".join(f"{word} {getattr(t, k[len('tariff.'):])}" for k, word in (
        ("tariff.sauspiel", "Rufspiel"), ("tariff.solo", "Einzelspiel"), ("tariff.ramsch", "Ramsch"))
        if k in inference.facts)
    return Diagnostic(
        "W-NSK-ASSUMED", f"no game of this log states {unseen}: assumed {shown}"
        + (f", beside the log's own {bases}" if bases else "") + "; a game added to the session later is priced with them (said when it is). If the "
        f"house's differ, ingest the log again with --rules '{rules_str}', its values changed", "warning", path,
        line, 1, found="no such price", expected="the house's " + ", ".join(k for k in entries))


def assumed_in_hands(doc: str, rules: str | None, hands: list[ValidatedHand], path: str | None) -> list[Diagnostic]:
    """``W-NSK-ASSUMED`` for each of ``hands`` (games written in SHN-SK and
    added to a stored protocol's session) whose price uses a tariff entry
    the protocol never states (:func:`assumed_entries` of the tariff read off
    ``doc``, the stored protocol's header and game blocks, when ``rules``,
    the session's [Rules] text, is that inferred tariff's: a session stored
    with ``--rules`` assumed nothing) and that is scored under those rules
    (its own [Rules] with the house's price says it; rules.md G-14..G-17,
    :func:`replay.sk_tariff.price_entries`): the hand is stored at the
    assumed price, and the warning says which entry, the value and how to
    give the house's (sk32 F1).  [] when nothing was assumed."""
    from replay.sk_tariff import price_entries  # noqa: PLC0415

    inference = infer_rules(doc.encode("utf-8"))
    if inference is None or inference.missing or rules_text(inference.profile) != (rules or ""):
        return []
    entries = assumed_entries(inference)
    out = []
    for vh in hands:
        o = vh.outcome
        if o.game != "schafkopf" or (o.rules or "") != (rules or ""):
            continue
        used = [k for k in price_entries(o.game_type, o.tier, o.laufende) if k in entries]
        if not used:
            continue
        shown = ", ".join(f"{ASSUMABLE[k]} {entries[k]} ({k})" for k in used)
        out.append(Diagnostic(
            "W-NSK-ASSUMED", f"hand {o.hand} is priced with {shown}, which the protocol of session {o.session!r} "
            "never states (no game of it shows it): the value was assumed when the protocol was read. If the "
            f"house's differ, write the hand's own [Rules] line with them after its hand line, e.g. "
            f"'[Rules \"{rules}; {used[0]}=N\"]', and correct it with shead ingest --amend", "warning",
            vh.source_file or path, vh.source_line or 1, 1, o.hand, found=shown, expected="a price the protocol states"))
    return out


def read_protocol(data: bytes, path: str | None = None, *, session: str | None = None,
                  rules: str | None = None, stored_session=None) -> ProtocolResult:
    """Read a NetSchafkopf protocol and validate every game by replay.

    ``data`` are the file's bytes in any encoding (UTF-16 with or without a
    BOM, else UTF-8, else CP1252, else ISO-8859-1: :func:`decode_protocol`)
    with CRLF, LF or bare CR line ends.  Returns a
    :class:`~ingest.model.FileResult`: one :class:`ValidatedHand` per game
    whose cards, Augen, price and running-table change all agree with the
    engine (``game="schafkopf"``, ``game_type`` one of ``sauspiel``,
    ``solo``, ``wenz``, ``geier``, ``farbwenz``, ``farbgeier``, ``ramsch``,
    ``tout``; ``units`` in the log's points), and one :class:`RejectedHand`
    per game that is truncated, malformed, illegal (the first illegal card,
    rules.md G-9..G-11) or disagrees with the log, its diagnostics at the
    lines concerned (codes ``E-NSK-*``, ``E-DEAL-*`` and the engine's).
    File-level problems go to ``errors``: no game at all, no seats, a header
    whose writer (``gespielt von X``) is no seat (``E-NSK-SEAT``; no game is
    read), a game missing from the numbering, lines after a score row
    (``W-NSK-TEXT``).  Never raises on bad input.

    The house rules are read off the file's own price lines
    (:func:`replay.sk_tariff.infer_tariff`: the base of each class, the
    schneider, schwarz and Laufende steps, from how many Laufende count,
    Tout, Jungfrau, doublings, the short pack) and every game is then
    checked against them, so one game priced otherwise is still refused.
    The stored ``rules`` is that profile's [Rules] text
    (:func:`replay.schafkopf.rules_text`; ``"netschafkopf"`` for the shipped
    logs).  ``rules`` (a [Rules] text) overrides what is inferred; without
    it, a file whose prices leave a needed fact unstated gets one
    ``E-NSK-TARIFF`` error naming the missing facts and no game.

    End check: when every game is stored, the stored units per player must
    sum to the log's last running table (``E-NSK-TOTALS`` otherwise; a game
    read without its table after the last row carries the table by its
    units); when games are refused or missing, ``W-NSK-INCOMPLETE`` (a
    file-level warning in ``errors``) says how far the stored totals are
    from the table.  When ``stored_session`` also tells which games the
    session holds (:class:`ingest.protocol_identity.StoredProtocols`), the
    totals are the session's once this file is stored, and a refused game
    whose number it holds is ``E-HAND-CONFLICT`` with the stored game
    (``refused`` of the :class:`ProtocolResult` leaves it out).

    Session id: the stored session this protocol is, by meaning, when
    ``stored_session`` finds one (``(header, first games) -> name | None``,
    e.g. :func:`ingest.protocol_identity.stored_protocol`; the first games
    as :func:`_first_deals` gives them), so the same protocol saved under
    another file name adds nothing (docs/storage.md "Duplicates by
    meaning"); else ``NetSchafkopf <file name without extension>``, or
    ``NetSchafkopf <date>`` without a path; ``session`` overrides both (for
    re-reading stored sources, ``shead rederive``).
    """
    text, enc = decode_protocol(data)
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\ufeff" in text:  # a BOM inside (two protocols joined): a space, so the 'Geber:' after it is a game
        text = text.replace("\ufeff", " ")
    lines = _LINE_SPLIT.split(text)
    result = ProtocolResult(path=path)
    result.errors.extend(_decoded_twice(lines, path))
    if "\ufffd" in text:  # characters lost by an editor's re-save (real31 F4): read where one word fits
        lost: dict[str, tuple[int, int, str, str | None]] = {}
        _repair_lost(lines, 1, lost)
        result.errors.extend(_lost_said(path, lost))
    starts = [i for i, line in enumerate(lines) if _GEBER.match(line)]
    if starts:  # a second protocol's header after the first game: two files joined (real21 F3)
        again = next((i for i in range(starts[0] + 1, len(lines)) if _PLAYED_BY.search(lines[i])), None)
        if again is not None:
            top = again - 1 if again and lines[again - 1].strip() == "netschafkopf_helper" else again
            n_more = sum(1 for i in starts if i > again)
            result.errors.append(Diagnostic(
                "E-NSK-JOINED", f"line {again + 1} starts another protocol ({lines[again].strip()[:60]!r}): two "
                f"protocol files joined; this file is read up to line {top}, and the other protocol's {n_more} "
                "game(s) are not read (its numbers would be this protocol's again): save it as a file of its own "
                "and ingest that", file=path, line=again + 1, col=1, found=lines[again].strip()[:60],
                expected="one protocol a file"))
            lines = lines[:top]
            starts = [i for i in starts if i < top]
    if len(starts) > 1 and (again := _restart(text, lines, starts)) is not None:
        # game 1 again without a header line: another protocol pasted in, read as the header's join (sk34 F3)
        k, row, high, high_m = again
        top = starts[k]
        high_line = len(_LINE_SPLIT.split(text[:high_m.start(1)]))
        result.errors.append(Diagnostic(
            "E-NSK-JOINED", f"line {top + 1} starts another protocol: its game is numbered 1 (line {row}) after "
            f"game {high} (line {high_line}), and NetSchafkopf numbers each protocol from 1: two protocol files "
            f"joined, the second without its header; this file is read up to line {top}, and the other protocol's "
            f"{len(starts) - k} game(s) are not read (its numbers would be this protocol's again): save it as a "
            "file of its own and ingest that", file=path, line=top + 1, col=1, found=f"game 1 after game {high}",
            expected=f"game {high + 1}"))
        lines = lines[:top]
        starts = starts[:k]
    if not starts:
        result.errors.append(Diagnostic("E-NSK-NO-GAMES", "no game found (no 'Geber:' line): not a NetSchafkopf "
                                        "protocol", file=path, line=1, col=1, found=lines[0][:60] if lines else "",
                                        expected="'Geber: NAME' then the deal"))
        return result
    explicit = session
    guest, date, header, session = _header_facts(lines[:starts[0]], path, session, result.errors)
    games = [_Game(s, e) for s, e in zip(starts, starts[1:] + [len(lines)])]
    seats = _seats_of(games, lines)
    ctx = _Ctx(path, lines, guest)
    if seats is None or len(set(seats)) != 4:
        result.errors.append(Diagnostic("E-NSK-SEAT", "the four players cannot be read from the file (no score "
                                        "table and no complete deal)", file=path, line=starts[0] + 1, col=1))
        return result
    names = _DealNames()
    for g in games:
        names.block(g.start, lines[g.start:g.end])
    if (wrong := names.check(path, seats) or _writer_check(lines[:starts[0]], path, seats)) is not None:
        result.errors.append(wrong)
        return result
    game_seats = _game_seats(games, lines, seats)  # by column: a header may seat someone new (nsk18 F6)
    col = writer_column(seats, guest)
    players_before = _players_before(games, lines, seats, game_seats)
    # each game's players as the end check names its table's columns: a header its deal lines do not bear out
    # (real31 F3) names no one
    placed = [was if _unborne(was, at, lines[g.start:g.end]) else at
              for g, at, was in zip(games, game_seats, players_before)]
    changed = any(p != seats for p in placed)
    inference, parsed = _infer(ctx, games, game_seats)
    if stored_session is not None and explicit is None and (first := _first_deals(parsed, seats)):
        session = stored_session(header, first) or session
    ready = {id(g) for g in parsed}  # blocks the first pass parsed whole: not parsed again
    if rules is not None:
        try:
            prof = parse_schafkopf_rules(rules)
        except ProfileError as exc:
            result.errors.append(exc.diagnostic.at(1, 1, file=path))
            return result
        rules_str = rules
    else:
        if inference.missing:
            result.errors.append(Diagnostic(
                "E-NSK-TARIFF", "the house tariff cannot be inferred from this log's price lines: missing "
                + "; ".join(inference.missing) + " (give the rules with --rules, e.g. 'netschafkopf; "
                "tariff.sauspiel=10; tariff.solo=50')", file=path, line=starts[0] + 1, col=1,
                found="no such price", expected="a readable price line of every class played"))
            return result
        prof = inference.profile
        rules_str = rules_text(prof)
        if (said := assumed_warning(inference, rules_str, path, starts[0] + 1)) is not None:
            result.errors.append(said)
    result.rules = rules_str
    result.inference = inference
    prev: list[int] | None = None
    prev_stock: int | None = None
    last_row: list[int] | None = None
    last_n: int | None = None  # the game of last_row
    where: str | None = None  # which table last_row is, said by the end check
    number = number_line = None  # the game number of the block before, and the line of its score row
    missing: list[tuple[int, int]] = []
    for k, g in enumerate(games):
        ctx.before = players_before[k]
        if col is not None:
            ctx.guest = game_seats[k][col]  # "Du" follows the writer's column (writer_column; sk34 F5)
        item, g = _judge_block(ctx, g, id(g) in ready, k == 0, game_seats[k], prev, prev_stock, session, date,
                               header, prof, rules_str, number)
        games[k] = g
        result.errors.extend(_missing_games(path, g, number, number_line, missing, k == 0))
        if item is not None:
            (result.hands if isinstance(item, ValidatedHand) else result.rejected).append(item)
        else:  # a deal thrown in, not stored (sk32 F3)
            result.errors.extend(_thrown_said(path, g, prof))
        result.errors.extend(_after_row(path, g))
        if k and placed[k] != placed[k - 1]:  # a name new in a column, borne out by the deal lines (sk34 F6)
            result.errors.extend(_new_names(path, g, placed[k - 1], placed[k], item, prev, number, col))
        prev, prev_stock, number, number_line = _advance(item, g, game_seats[k], prev, prev_stock)
        if prev is not None and (g.row is not None or last_row is not None):
            last_row, last_n = list(prev), number  # a row, or the table carried over a game read without one
            last_seats = placed[k]
            where = _table_where(g, number)
        elif isinstance(item, RejectedHand) and g.row is None and (raw := _raw_row(lines, g)) is not None:
            last_n, last_row, line = raw  # a refused game's row, unread by its parse: the file's table all the same
            last_seats, where = placed[k], f"game {last_n}'s row, line {line}"
    # -- a refused game the session holds already: a conflict with the stored game
    stored = _stored_games(stored_session, session) if result.hands or result.rejected else None
    result.rejected, conflicts = _conflicts(result.rejected, session, stored, stored_session)
    result.refused = len(result.rejected) - conflicts
    # -- the end check: the session as stored after this file, up to the game of the log's last table, against it
    if last_row is not None and (result.hands or result.rejected):
        n_games, missing = _after_storing(result.hands, stored, missing, last_n)
        # the table goes on by column, whoever sat in it (a chair changing hands: nsk18 F6) and whatever the stored
        # games call its player now (a Gast renamed by an amendment: break18 F13); its header's names shown
        totals = _column_totals(result.hands, stored, last_n, last_seats)
        result.errors.extend(_end_check(path, last_seats, last_row, totals, n_games,
                                        result.refused, len(lines), missing, conflicts, where))
        if not changed and not _adds_nothing(stored, [vh.outcome.hand for vh in result.hands], result.refused):
            # (a table whose column changed hands is no player's total: the refused games mark the session)
            result.log_totals = dict(zip(seats, last_row))
    return result


def _column_totals(hands: list[ValidatedHand], stored, upto: int | None, last_seats: list[str]) -> dict[str, int]:
    """The units of each column of the running table, once the file's
    ``hands`` are stored, keyed by ``last_seats`` (the players of its last
    table): the session's stored games numbered at most ``upto`` by the seat
    each unit was won in (:meth:`ingest.protocol_identity.StoredGames.column_totals`),
    then each of the file's games new to the session by its own players in
    column order (a player who took a chair, or was renamed, mid-log: nsk18
    F6)."""
    numbers = stored.numbers if stored is not None else frozenset()
    cols = stored.column_totals(upto) if numbers else [0, 0, 0, 0]
    for vh in hands:
        if vh.outcome.hand in numbers:
            continue
        for j, p in enumerate(vh.outcome.players):
            cols[j] += vh.outcome.units.get(p, 0)
    return dict(zip(last_seats, cols))


# --------------------------------------------------------------------------
# Replaying a stored game
# --------------------------------------------------------------------------


def klopfen_count(multiplier: int | None, marks: int | None) -> int:
    """How many times a stored protocol game was doubled before the game
    ("N mal aufgedoppelt", Klopfen, rules.md G-19): the log states their
    number and not who knocked, and the importer keeps it only in the stored
    ``multiplier`` = 2 ** (Klopfen + Kontra/Re), with Kontra/Re ("N mal
    gespritzt", G-18) counted in ``marks``.  ``multiplier`` 8 with ``marks``
    1 is 2 knocks; None counts as 1 (no doubling) and 0 marks."""
    return max((multiplier or 1).bit_length() - 1 - (marks or 0), 0)


def replay_stored(outcome: HandOutcome, cardlog: CardLog, source: str) -> tuple[SchafkopfState, list[SkFrame]]:
    """Replay one stored NetSchafkopf game through the engine, for
    ``shead replay``: the dealt cards and the plays from its card log, the
    game announced from its stored source (the ``X spielt GAME`` or ``Es
    wurde Ramsch gespielt`` line, read by the importer's own parser), the
    declarer from ``outcome.picker`` and ``outcome.marks`` doublings (Kontra,
    then Re, rules.md G-18) before the first card, under the profile named by
    ``outcome.rules``.

    Returns the finished :class:`~replay.schafkopf.SchafkopfState` (seats
    0..3 in ``outcome.players`` order) and its :class:`SkFrame` list (one
    before the first card, one after each card).  Raises ``ValueError`` when
    the game cannot be rebuilt from what is stored (no deal, no readable
    game) and :class:`~replay.errors.IllegalAction` when the current engine
    refuses a card.
    """
    seats = list(outcome.players)
    pos = {name: i for i, name in enumerate(seats)}
    if len(seats) != 4 or outcome.dealer not in pos or set(cardlog.deal) != set(seats):
        raise ValueError(f"hand {outcome.hand}: the stored game has no full deal to four seats "
                         f"(seats {seats}, dealt to {sorted(cardlog.deal)})")
    prof = parse_schafkopf_rules(outcome.rules)
    hands = [mask_of(Card.parse(c) for c in cardlog.deal[s]) for s in seats]
    state = SchafkopfState(prof, pos[outcome.dealer], hands)
    actions: list = [KlopfenAction(None) for _ in range(klopfen_count(outcome.multiplier, outcome.marks))]
    for line in _LINE_SPLIT.split(source):
        if _RAMSCH_LINE.match(line):
            actions.append(RamschAction())
            break
        m = _ANNOUNCE.match(line)
        if m and not _TRICK.match(line) and not _DEAL.match(line):
            parsed = _parse_game(m.group(2))
            if parsed is None or outcome.picker not in pos:
                raise ValueError(f"hand {outcome.hand}: the game {m.group(2)!r} or its declarer "
                                 f"{outcome.picker!r} cannot be read")
            game, suit, tout = parsed
            actions.append(Announce(pos[outcome.picker], game, suit, tout))
            actions += [Re(None) if level else Kontra(None) for level in range(outcome.marks)]
            break
    else:
        raise ValueError(f"hand {outcome.hand}: no game announced ('X spielt ...') in the stored source")
    actions += [Play(pos[p.seat], Card.parse(p.card)) for p in cardlog.plays]
    return state, list(replay_schafkopf(state, actions))
