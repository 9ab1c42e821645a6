"""One spelling of a player's name, for every reader and the judge.

A name read from ``[Seats]`` (the reader's ``parse_seats``, the judge's
``_parse_seats``) or from a sheet's header is compared and stored in one
spelling, so that one person is one player in the ledger whatever the
keyboard, chat or web page the name came through.
"""

from __future__ import annotations

import unicodedata

__all__ = ["plain_name"]


def plain_name(text: str) -> str:
    """One spelling of a player's name: its runs of white space (a no-break
    space, two spaces) one space, the ends stripped, and the characters that
    take no place on the page dropped (Unicode format characters, category
    Cf: a zero-width space, a word joiner, a byte order mark, a soft hyphen,
    left by a name copied from a chat or a web page).  Each made a second
    player who looked the same in the ledger (break18b F2; break22 F2), and
    so do control characters (category Cc but white space: a NUL byte,
    break23b F3)."""
    if not text.isascii() or not text.isprintable():
        text = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch) not in ("Cf", "Cc"))
    return " ".join(text.split())
