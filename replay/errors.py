"""The project's error hierarchy.

Every error the project raises on bad input is a :class:`ShedError`.  It
carries a stable ``code`` (documented in docs/notation.md), a message that
quotes what was found and says what was expected, and — once the reader has
attached them — the file, line and column (1-based), the hand number and the
trick number.

The engine (``replay``) knows nothing of text: it raises
:class:`IllegalAction` with the code, ``found`` and ``expected``; the SHN
reader catches it and attaches the position of the statement or card that
produced the action (:meth:`ShedError.at`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

__all__ = ["Severity", "Diagnostic", "ShedError", "IllegalAction", "ProfileError", "did_you_mean", "with_found"]

Severity = Literal["error", "warning", "info"]


#: a word longer than this in a diagnostic's message or ``found`` is cut (:func:`clip_long_words`)
LONG_WORD = 200


def clip_long_words(text: str) -> str:
    """``text`` with every word (run without a space) longer than
    :data:`LONG_WORD` characters cut to its first 60 and ``…(N
    characters)``: what a diagnostic quotes from a hostile file (a note of
    megabytes, a flag name of a million letters) stays readable and the line
    printed stays short; shorter words, file paths among them, are kept."""
    if not any(len(w) > LONG_WORD for w in text.split(" ")):
        return text
    return " ".join(w if len(w) <= LONG_WORD else f"{w[:60]}…({len(w):,} characters)" for w in text.split(" "))


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One reported problem, as data (what lenient reading collects).

    ``line`` and ``col`` are 1-based; 0 means unknown.  ``hand`` is the hand
    number (None outside a hand), ``trick`` the trick number 1..n or None.
    """

    code: str
    message: str
    severity: Severity = "error"
    file: str | None = None
    line: int = 0
    col: int = 0
    hand: int | None = None
    trick: int | None = None
    found: str | None = None
    expected: str | None = None

    def __init__(self, code: str, message: str, severity: Severity = "error", file: str | None = None, line: int = 0,
                 col: int = 0, hand: int | None = None, trick: int | None = None, found: str | None = None,
                 expected: str | None = None) -> None:
        # the fields above, in their order, with their defaults (tests/test_errors_diagnostic.py holds the two
        # together); each set through its slot's own setter, not the frozen class's object.__setattr__ by name:
        # a third less time a diagnostic (a lenient read of a hostile file makes one a line, issue 15)
        _set_code(self, code)
        if len(message) > 400:  # a 5 MB note or a 1 MB flag quoted whole made a line of that size (break16)
            message = clip_long_words(message)
        if type(found) is str and len(found) > 400:
            found = clip_long_words(found)
        _set_message(self, message)
        _set_severity(self, severity)
        _set_file(self, file)
        _set_line(self, line)
        _set_col(self, col)
        _set_hand(self, hand)
        _set_trick(self, trick)
        _set_found(self, found)
        _set_expected(self, expected)

    def at(self, line: int, col: int, **more) -> "Diagnostic":
        """A copy placed at ``line``/``col`` (and any other field given)."""
        return replace(self, line=line, col=col, **more)

    def __str__(self) -> str:
        where = f"{self.file or '<input>'}:{self.line}:{self.col}"
        ctx = []
        if self.hand is not None:
            ctx.append(f"hand {self.hand}")
        if self.trick is not None:
            ctx.append(f"trick {self.trick}")
        ctx_s = f" ({', '.join(ctx)})" if ctx else ""
        return f"{where}: {self.severity} {self.code}{ctx_s}: {self.message}"


(_set_code, _set_message, _set_severity, _set_file, _set_line, _set_col, _set_hand, _set_trick, _set_found,
 _set_expected) = (getattr(Diagnostic, name).__set__ for name in Diagnostic.__slots__)
_exception_init = Exception.__init__


class ShedError(Exception):
    """Base of every error raised on bad input.  ``diagnostic`` holds the data."""

    __slots__ = ("diagnostic",)  # a slot, not the exception's __dict__: none made for each error raised

    def __init__(self, diagnostic: Diagnostic):
        _exception_init(self, diagnostic)  # Exception's own: one call fewer than super() (a lenient read raises thousands)
        self.diagnostic = diagnostic

    def __str__(self) -> str:  # formatted when shown, not when raised (a lenient read raises thousands)
        return str(self.diagnostic)

    @property
    def code(self) -> str:
        return self.diagnostic.code

    def at(self, line: int, col: int, **more) -> "ShedError":
        """The same error placed at a position (returns a new exception)."""
        return type(self)(self.diagnostic.at(line, col, **more))


class IllegalAction(ShedError):
    """The engine refused an action: the record breaks a rule of rules.md.

    ``code`` names the rule broken (e.g. ``E-RENEGE``), ``found`` and
    ``expected`` say what was played or written and what the rules allow.
    """

    def __init__(self, code: str | Diagnostic, message: str = "", *, found: object = None,
                 expected: object = None, trick: int | None = None):
        if isinstance(code, Diagnostic):
            super().__init__(code)
        else:  # found and expected are quoted as text (a card, a seat number, a count)
            super().__init__(Diagnostic(code, message, found=None if found is None else str(found),
                                        expected=None if expected is None else str(expected), trick=trick))


class ProfileError(ShedError):
    """A ``[Rules]`` text names an unknown profile or flag, a bad value, or a
    flag whose rules are not supported yet (rules.md J)."""

    def __init__(self, code: str | Diagnostic, message: str = "", *, found: str | None = None,
                 expected: str | None = None):
        if isinstance(code, Diagnostic):
            super().__init__(code)
        else:
            super().__init__(Diagnostic(code, message, found=found, expected=expected))


def did_you_mean(word: str, choices, *, cutoff: float = 0.6) -> str:
    """A suggestion for a near-miss name: ``"; did you mean 'wi5-called-ace'?"``
    when ``word`` is close to one of ``choices`` (difflib's ratio >= ``cutoff``;
    a match ignoring case first), else ``""``.  Words longer than 64
    characters get no suggestion (difflib is quadratic in the length)."""
    import difflib  # noqa: PLC0415

    if not word or len(word) > 64:
        return ""
    choices = [str(c) for c in choices]
    low = {c.lower(): c for c in choices}
    if word.lower() in low and low[word.lower()] != word:
        return f"; did you mean {low[word.lower()]!r}?"
    close = difflib.get_close_matches(word, choices, n=1, cutoff=cutoff)
    if not close:
        close = [low[c] for c in difflib.get_close_matches(word.lower(), list(low), n=1, cutoff=cutoff)]
    return f"; did you mean {close[0]!r}?" if close and close[0] != word else ""


def _says(message: str, word: str, value: str) -> bool:
    """True when ``message`` already says ``value`` (in ``word …`` form or
    the value itself as a whole token: ``the cards give 44``)."""
    return re.search(rf"\b{word}\b", message) is not None or \
        re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", message) is not None


def with_found(message: str, found: object = None, expected: object = None) -> str:
    """A diagnostic's message as ``shead ingest`` prints it and the
    dashboard's Import and Rejected hands pages show it: with what was found
    and what was expected after it (``… — found TH, expected TC 9C``), each
    part only when the diagnostic has it and the message does not say it
    already (the reader's ``found 'gh' …; expected a played card …``, or the
    value itself: ``leaster Cal is written but the replay gives Ann``)."""
    parts = [f"{word} {value}" for word, value in (("found", found), ("expected", expected))
             if value not in (None, "") and not _says(message, word, str(value))]
    return message + (" — " + ", ".join(parts) if parts else "")
