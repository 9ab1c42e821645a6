"""What the night's sheet shows of a hand beyond its stored outcome (QA D9,
D10), read off the hand's stored SHN source: the marks (``crack Dot``,
``recrack Eve``, ``blitz Cal black``, ``castrate Al``; rules.md E-1..E-5) and
a Schafkopf game as written (``solo eichel``, ``solo herz tout``,
``sauspiel EA`` under ``[Cards "de"]``; docs/notation.md §14.3).  A source
that is not SHN (a NetSchafkopf protocol) gives nothing here."""

from __future__ import annotations

import re

__all__ = ["marks_text", "game_words"]

_MARK = re.compile(r"(?<![\w-])(crack|recrack|castrate|blitz)\s+([A-Za-z][\w]*)(?:\s+(black|red)(?:\s+(jacks|queens))?)?")
_KONTRA = re.compile(r"(?<![\w-])(klopfen|kontra|re)\s+([A-Za-z][\w]*|\?)")
_GAME = re.compile(r"(?<![\w-])game\s+[A-Za-z]\w*\s+((?:[a-z]+)(?:\s+(?:[a-z]+|[A-Z][A-Z0-9]|tout))*)")


def _lines(source: str) -> list[str]:
    """The statement lines: no ``;`` comments, no ``{…}`` annotations, no trick lines."""
    out = []
    for line in source.splitlines():
        line = re.sub(r"\{[^}]*\}", " ", line.split(";", 1)[0]).strip()
        if line and not re.match(r"t\d+\s", line) and not line.startswith(("deal ", "blind ", "bury ", "score ")):
            out.append(line)
    return out


def marks_text(source: str | None, multiplier_marks: int) -> str:
    """The marks of a hand as the sheet writes them: ``crack Dot, recrack Eve
    ×4`` (the factor 2^marks, rules.md E-1), Klopfen, Kontra and Re likewise
    (``klopfen Sepp ×2``, rules.md G-18, G-19); ``""`` for
    none.  ``multiplier_marks``: the stored mark count (``hands.marks``),
    used for the factor when the source is not SHN."""
    if not source:
        return f"{multiplier_marks} mark(s) ×{2 ** multiplier_marks}" if multiplier_marks else ""
    found = []
    for line in _lines(source):
        for m in _MARK.finditer(line):
            kind, seat, color, pair = m.groups()
            found.append(" ".join(x for x in (kind, seat, color, pair if pair == "jacks" else None) if x))
        for m in _KONTRA.finditer(line):
            found.append(f"{m.group(1)} {m.group(2)}")
    if not found:
        return f"{multiplier_marks} mark(s) ×{2 ** multiplier_marks}" if multiplier_marks else ""
    return ", ".join(found) + f" ×{2 ** len(found)}"


def game_words(source: str | None) -> str | None:
    """A Schafkopf game as its ``game`` statement writes it, without the
    declarer: ``sauspiel EA``, ``solo eichel``, ``solo herz tout``,
    ``wenz``; None when the source has none (a Ramsch, a protocol)."""
    if not source:
        return None
    for line in _lines(source):
        m = _GAME.search(line)
        if m:
            words = []
            for w in m.group(1).split():
                if w in ("partner", "laufende", "pts", "tricks", "kontra", "re", "klopfen", "win", "lose") or \
                        w.startswith(("win-", "lose-")):
                    break
                words.append(w)
            return " ".join(words) or None
    return None
