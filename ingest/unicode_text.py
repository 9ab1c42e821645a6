"""One spelling for every name: text read from a file is put in Unicode
normalization form C (NFC) before anything reads it.

The same accented name can be typed two ways that look alike: ``Zoë`` as one
character (U+00EB, what most keyboards give) or as ``e`` followed by the
combining diaeresis (U+0308, what a name copied from a macOS file name or a
PDF gives).  Compared as written they are two players, and the ledger showed
two identical-looking rows (sheet18 F1).  Every reader (SHN, CSV, Excel)
passes its text through :func:`nfc`; a large SHN file read in pieces through
:func:`nfc_pieces`, which never splits a character from its combining marks.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator

from replay.names import plain_name  # one spelling of a player's name (the reader's, the judge's, a sheet's)

__all__ = ["nfc", "nfc_pieces", "plain_name", "PLAIN_MARKS", "plain_marks"]

#: a phone's smart punctuation and its ASCII mark: the typographic apostrophes (’ ‘ ʼ ′) and curly double quotes
#: (newuser34 F1: the reader reads an identity tag's so, docs/notation.md §4.1)
PLAIN_MARKS = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'", "\u201c": '"',
                             "\u201d": '"'})


def plain_marks(text: str) -> str:
    """``text`` with its typographic apostrophes and curly double quotes as
    the ASCII marks (:data:`PLAIN_MARKS`): how two session identities, or two
    spellings of a name, are compared whatever marks either side was typed
    with (verify34 F2: a night stored with ’ before session 34 was not found
    from a file typed with ')."""
    return text if text.isascii() else text.translate(PLAIN_MARKS)


def nfc(text: str) -> str:
    """``text`` in NFC (the same object when it is ASCII or already NFC:
    nothing to do for almost every file)."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


def nfc_pieces(pieces: Iterable[str]) -> Iterator[str]:
    """The pieces of a text read in blocks, each in NFC, their concatenation
    the NFC of the whole: the last character that starts a combination (and
    the combining marks after it) is held back and read with the next
    piece."""
    held = ""
    for piece in pieces:
        text = held + piece
        if not text:
            continue
        i = len(text) - 1
        while i > 0 and unicodedata.combining(text[i]):
            i -= 1
        held = text[i:]
        if i:
            yield nfc(text[:i])
    if held:
        yield nfc(held)
