"""What the night's sheet shows of a hand beyond its stored outcome (QA D9,
D10), read off the hand's stored SHN source: the marks (``crack Dot``,
``recrack Eve``, ``blitz Cal black``, ``castrate Al``; rules.md E-1..E-5) and
a Schafkopf game as written (``solo eichel``, ``solo herz tout``,
``sauspiel EA`` under ``[Cards "de"]``; docs/notation.md §14.3).  A
NetSchafkopf protocol's game has no SHN statements: :func:`protocol_game_words`
and :func:`protocol_marks_text` give it the words its SHN-SK export
(``shead export --format shn``) writes, so that the same game shows the same
call and marks however it came in."""

from __future__ import annotations

import re

__all__ = ["marks_names", "marks_text", "game_words", "protocol_game_words", "protocol_marks_text"]

#: a mark and its seat: an alias is any word (break17 F0: ``Özil``'s crack was dropped, the sheet showing x2 beside
#: amounts at x4)
#: (any case, as the reader takes a keyword: a phone's ``Crack Di``; real21 F5: the mark dropped from the sheet)
_MARK = re.compile(r"(?<![\w-])(crack|recrack|castrate|blitz)\s+([^\W\d_][\w]*)(?:\s+(black|red)(?:\s+(jacks|queens))?)?",
                   re.I)
_KONTRA = re.compile(r"(?<![\w-])(klopfen|kontra|re)\s+([^\W\d_][\w]*|\?)", re.I)
#: a ``game`` statement: the keyword, the declarer, then the words of the game, in any case as the reader takes them
#: (sk17: ``Game Al Sauspiel ea`` showed the stored call in French cards)
_GAME = re.compile(r"(?<![\w-])game\s+(?:[^\W\d_]\w*|\?)\s+(.*)", re.I)


def _lines(source: str) -> list[str]:
    """The statement lines: no ``;`` comments, no ``{…}`` annotations, no trick lines."""
    out = []
    for line in source.split("\n"):  # LF only, as the reader: a soft line end inside a note is the note's (break21b F3)
        line = re.sub(r"\{[^}]*\}", " ", line.split(";", 1)[0]).strip()
        if line and not re.match(r"t\d+\s", line) and not line.startswith(("deal ", "blind ", "bury ", "score ", "[")):
            out.append(line)  # a tag line is no statement ([Remark "crack Cy was called off"]: break17 F0b)
    return out


def marks_text(source: str | None, multiplier_marks: int, factor: int | None = None) -> str:
    """The marks of a hand as the sheet writes them: ``crack Dot, recrack Eve
    ×4`` (the factor 2^marks, rules.md E-1), Klopfen, Kontra and Re likewise
    (``klopfen Sepp ×2``, rules.md G-18, G-19); ``""`` for
    none.  ``multiplier_marks``: the stored mark count (``hands.marks``),
    used for the factor when the source is not SHN.  ``factor``: the
    stored multiplier over the stake, when known: a factor below 2^marks
    is the profile's cap (``markFactorCap``), said so (``crack Cy, recrack
    Bea ×2, at the cap``: house17 F4, the sheet printed ×4)."""
    found = _marks_of(source)
    if not found:
        return _with_factor([f"{multiplier_marks} mark(s)"] * bool(multiplier_marks), factor, multiplier_marks)
    return _with_factor(found, factor)


def marks_names(source: str | None) -> str:
    """Who marked a hand, as its SHN source says: ``crack Ann, recrack
    Bob`` (rules.md E-1..E-5), ``kontra Sepp, re Hias`` (G-18, G-19);
    ``""`` when the source names none (no marks, or a source that is not
    SHN).  The replay's facts line names them beside the factor (new20 F7:
    a replay never said who cracked)."""
    return ", ".join(_marks_of(source))


def _marks_of(source: str | None) -> list[str]:
    """The marks an SHN source writes, each as ``crack Ann``, ``blitz Cy
    black``, ``kontra Sepp`` (keywords in any case read as lower case:
    real21 F5), in the order written; none for no source."""
    found = []
    for line in _lines(source or ""):
        for m in _MARK.finditer(line):
            kind, seat, color, pair = m.groups()
            pair = pair.lower() if pair else None
            found.append(" ".join(x for x in (kind.lower(), seat, color and color.lower(),
                                              pair if pair == "jacks" else None) if x))
        for m in _KONTRA.finditer(line):
            found.append(f"{m.group(1).lower()} {m.group(2)}")
    return found


def _with_factor(found: list[str], factor: int | None = None, count: int | None = None) -> str:
    """``klopfen ?, kontra ? ×4``: the marks, then the factor 2 ** marks (E-1, G-18, G-19); ``""`` for none.
    ``count``: how many marks ``found`` stands for (default its length); ``factor`` below 2 ** count: capped."""
    if not found:
        return ""
    full = 2 ** (len(found) if count is None else count)
    if factor is not None and 0 < factor < full:
        return ", ".join(found) + f" ×{factor}, at the cap"
    return ", ".join(found) + f" ×{full}"


def protocol_marks_text(multiplier: int | None, marks: int | None) -> str:
    """The marks of a stored NetSchafkopf game as the sheet writes them, in
    the words of its SHN-SK export: ``klopfen ?`` per doubling before the
    game ("N mal aufgedoppelt", rules.md G-19), then ``kontra ?`` and ``re
    ?`` ("N mal gespritzt", G-18; ``marks`` of them), with the factor:
    ``klopfen ?, klopfen ? ×4`` for "2 mal aufgedoppelt".  The protocol never
    says who knocked or gave Kontra, hence ``?``.  ``multiplier``: the stored
    2 ** (Klopfen + Kontra/Re); ``""`` for none."""
    from ingest.netschafkopf import klopfen_count  # noqa: PLC0415

    kontra = marks or 0
    found = ["klopfen ?"] * klopfen_count(multiplier, kontra)
    found += ["re ?" if level else "kontra ?" for level in range(kontra)]
    return _with_factor(found)


def protocol_game_words(block: str | None, called: str | None) -> str | None:
    """A stored NetSchafkopf game as the sheet writes it, in the words of its
    SHN-SK export (``[Cards "de"]``): ``sauspiel SA`` (the called Ass in
    German spelling; ``called`` the stored card, ``AD``), ``solo schellen``,
    ``farbwenz eichel``, ``solo herz tout``, ``wenz``.  ``block``: the game's
    stored protocol block, read by the importer's own parser
    (:func:`ingest.netschafkopf.announced_game`).  None for a Ramsch (the
    sheet writes ``ramsch``) or a block without a readable game line."""
    if not block:
        return None
    from ingest.netschafkopf import announced_game  # noqa: PLC0415
    from replay.cards import Card  # noqa: PLC0415
    from replay.schafkopf import GERMAN_SUIT, Game, german  # noqa: PLC0415

    parsed = announced_game(block)
    if parsed is None or parsed[0] is Game.RAMSCH:
        return None
    game, suit, tout = parsed
    words = [game.value]
    if game is Game.SAUSPIEL:
        if called:
            words.append(german(Card.parse(called)))
    elif suit is not None:
        words.append(GERMAN_SUIT[suit].lower())
    if tout:
        words.append("tout")
    return " ".join(words)




def game_words(source: str | None) -> str | None:
    """A Schafkopf game as its ``game`` statement writes it, without the
    declarer: ``sauspiel EA``, ``solo eichel``, ``solo herz tout``,
    ``wenz``; None when the source has none (a Ramsch, a protocol).  The
    called Sau in German spelling whichever scheme the text uses
    (docs/notation.md §14.2: ``game Bea sauspiel AD`` calls the
    Schellen-Sau, shown ``sauspiel SA``), so that the same game shows the
    same call however it was written or came in (user15)."""
    if not source:
        return None
    from replay.cards import Card  # noqa: PLC0415
    from replay.facts import GAME_ALIASES, GAME_SUITS, SK_GAMES  # noqa: PLC0415
    from replay.schafkopf import german  # noqa: PLC0415

    from ingest.shn.reader import SAU_OF_SUIT, compound_game  # noqa: PLC0415

    for line in _lines(source):
        m = _GAME.search(line)
        if m is None:
            continue
        words: list[str] = []
        for w in m.group(1).split():  # the game, then its Sau, suit and tout; any other word ends it
            low = GAME_ALIASES.get(w.lower(), w.lower())
            if not words and (both := compound_game(low)) is not None:  # 'Herz-Solo', as the reader reads it
                words += both
                continue
            if not words:
                if low not in SK_GAMES:
                    break
                words.append(low)
            elif low == "tout" or (words[0] in GAME_SUITS and low in GAME_SUITS[words[0]] and len(words) == 1):
                words.append(low)
            elif words[0] == "sauspiel" and len(words) == 1 and low in SAU_OF_SUIT:  # 'sauspiel eichel': its Sau
                words.append(SAU_OF_SUIT[low][0])
            elif words[0] == "sauspiel" and len(words) == 1:  # the called Sau, in German (§14.2), however written
                try:
                    words.append(german(Card.parse(w.replace("\ufe0f", ""))))
                except ValueError:
                    words.append(w.upper())
            else:  # score, partner, laufende ... (break17 F13b: "wenz score AL")
                break
        return " ".join(words) or None
    return None
