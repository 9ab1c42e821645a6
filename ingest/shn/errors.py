"""Errors of the SHN reader: the syntax error class and its stable codes.

:class:`ShnSyntaxError` is what :func:`ingest.shn.reader.read` raises in
strict mode (and what it records, as a :class:`~replay.errors.Diagnostic`, in
lenient mode).  Every code below is documented, with an example, in
docs/notation.md §11 ("Syntax errors").  Rule errors found by replaying a
record through the engine belong to the validator and are listed in
docs/notation.md §12.
"""

from __future__ import annotations

from replay.errors import ShedError

__all__ = ["ShnSyntaxError", "SYNTAX_CODES"]


class ShnSyntaxError(ShedError):
    """The text breaks the grammar of SHN 1.0 (docs/notation.md).

    ``diagnostic`` carries the code (one of :data:`SYNTAX_CODES`), a message
    quoting what was found and saying what was expected, the file, the 1-based
    line and column, and the hand number (None outside a hand).  Made with
    the diagnostic as its one argument (:class:`~replay.errors.ShedError`'s
    constructor: no frame of its own, a lenient read makes one per error).
    """


#: Every code the reader can produce, with a one-line meaning
#: (docs/notation.md §11 gives each with an example).
SYNTAX_CODES: dict[str, str] = {
    "E-ENCODING": "bytes that are not UTF-8 (or a lone surrogate in the text)",
    "W-BOM": "a warning: a byte order mark (U+FEFF) after the file's start, read as a space",
    "W-TAG": "a warning: a tag shead does not read whose name is close to one it does ([Rulez] for [Rules])",
    "W-CR": "a warning: a CR inside a line (not before its LF), read as a space; said once a file",
    "W-LINE-END": "a warning: a line end that is no LF (U+2028, U+2029, NEL, VT, FF) outside a note or a tag value, "
                  "read as a line end; said once a file",
    "W-SHN-AGAIN": "a warning: a '%SHN' header after line 1 (two files joined), read as the start of the next file: "
                   "a session block of its own",
    "W-ENCODING": "a warning: bytes that are not UTF-8 inside a session tag's quoted value, read as Windows-1252",
    "W-COMMENT": "a warning: a stored hand's ';' comment holds words that read as statements ('; crack Di'), not read: remove the ';' if they were meant",
    "W-TAG-LATE": "a warning: a tag written after a hand's statements applies to that hand alone (§4.2), though "
                  "a scorer may mean the hands below",
    "W-RULES-DEFAULT": "a warning: a [Session] block below a session with house [Rules] writes none, so its hands "
                       "are scored by the default profile (a new session starts with no tags, §4.2)",
    "E-TAG-LATE": "a [Date], [Event] or [Table] written after a hand's statements naming another night than its "
                  "session's: it would be that hand's own (§4.2); the hand is refused, as it may start the next night",
    "W-TAG-QUOTES": "a warning: a tag's value in curly quotes (a phone's smart punctuation), read as if straight; said once a file",
    "W-PHONE-SLIP": "a warning: a phone's slip whose meaning is certain ('call AH.', 'pts 72/48', 'tricks 4 of 6', 'Pick Bob.  Win.'), read as the SHN it means",
    "W-HAND-PASTED": "a warning: a hand block written twice in a row, the same text under the same number (pasted twice), read once",
    "E-HEADER": "line 1 is not '%SHN 1.0'",
    "E-TAG": "a malformed tag: not [Name \"value\"], or an escape other than \\\" and \\\\",
    "E-SEATS": "a malformed Seats tag value: no seat, a duplicate alias, or an alias that is a keyword or looks like a card",
    "E-SEAT": "a seat that is not one of the seats in force, or a token that cannot be a seat",
    "E-CARD": "a token that is not a card where a card is expected, or a mark that only a played card may carry",
    "E-NUMBER": "a token that is not the number expected, or a number out of range",
    "E-STATEMENT": "a token that starts no statement",
    "E-ARGUMENT": "a word argument that is not one of the words allowed (blitz colour)",
    "E-TRICK": "a malformed trick head: the leader must be followed by ':'",
    "E-TABLE": "a table stack not written face-down card '/' face-up card, or a table line without stacks",
    "E-DUPLICATE": "a statement, tag, deal seat, trick number or score seat written twice",
    "E-HAND-ORDER": "a hand number not greater than the previous hand's in the session",
    "E-UNTERMINATED": "an annotation or tag not closed on the line where it starts",
    "E-NOTE": "an annotation with nothing to attach to, or a second annotation on the same thing",
    "E-OUTSIDE": "a hand statement written before the first hand",
    "E-SESSION": "this hand's session tags (or the file header) have a syntax error",
    "E-CARDS": "a [Cards] value other than de or fr, or a hand's own [Cards] tag after its first card",
    "E-CARD-MODE": "a card of the other card mode: a French card under [Cards \"de\"], or a German one without it",
    "E-TOO-MANY": "more than 100 errors on one line: the next is reported at its position, the rest of the line is not read",
    "E-GAME": "a Schafkopf game name that is not sauspiel, solo, wenz, geier, farbwenz or farbgeier",
}
