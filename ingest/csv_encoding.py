"""The text of a CSV file that is not all UTF-8 (a tester's finding).

A spreadsheet's plain "CSV" export on Windows (Excel's "CSV (Comma
delimited)", LibreOffice's default in a Western locale) is Windows-1252, not
UTF-8: "Jürgen" is the one byte ``0xFC`` where UTF-8 writes two.  Read as
UTF-8 with replacement, such a name became ``J�rgen`` without a word, and
the same player saved once as UTF-8 and once as Windows-1252 counted as two.

Here a CSV file is read as UTF-8 (a BOM dropped), and each byte that is not
UTF-8 is read as Windows-1252 (:data:`ERRORS`, a codec error handler), so a
Windows-1252 file reads as it was written and a UTF-8 file is unchanged; the
first such byte is said once, as ``W-ENCODING`` at its line and column
(:func:`note`, :func:`note_file`), with the line as read.
"""

from __future__ import annotations

import codecs
import os

from replay.errors import Diagnostic
from ingest.unicode_text import nfc

__all__ = ["ERRORS", "decode", "note", "note_file"]

#: the codec error handler that reads a byte that is not UTF-8 as Windows-1252 (undefined there: U+FFFD)
ERRORS = "shead.cp1252"


def _cp1252(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return exc.object[exc.start:exc.end].decode("cp1252", "replace"), exc.end


codecs.register_error(ERRORS, _cp1252)


def decode(data: bytes) -> str:
    """``data`` as text: UTF-8 without its BOM, each byte that is not UTF-8
    read as Windows-1252; in NFC (:mod:`ingest.unicode_text`: one spelling
    of an accented name)."""
    return nfc(data.decode("utf-8-sig", ERRORS))


def _where(head: bytes) -> tuple[int, bytes]:
    """(the 1-based line, the bytes of that line before the position) of the
    position just after ``head`` (line ends CRLF, LF or CR)."""
    head = head.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return head.count(b"\n") + 1, head[head.rfind(b"\n") + 1:]


def _diagnostic(path: str | None, line: int, before: bytes, rest: bytes, byte: int) -> Diagnostic:
    end = min((i for i in (rest.find(b"\n"), rest.find(b"\r")) if i >= 0), default=len(rest))
    text = (before + rest[:end]).decode("utf-8", ERRORS)
    col = len(before.decode("utf-8", ERRORS)) + 1
    shown = text[max(0, col - 31):col + 29].strip()  # the line around the byte: its word as read
    return Diagnostic("W-ENCODING", f"byte 0x{byte:02X} on line {line} is not UTF-8: the file is read as Windows-1252 "
                      f"(a spreadsheet's plain 'CSV' export), so this line reads {shown!r} there; if that is not what "
                      "was written, save the sheet as 'CSV UTF-8' and ingest it again", "warning", path, line, col,
                      found=f"byte 0x{byte:02X}", expected="UTF-8 text")


def note(data: bytes, path: str | None) -> list[Diagnostic]:
    """``[W-ENCODING]`` at the first byte of ``data`` that is not UTF-8, or
    ``[]`` when all of it is UTF-8."""
    try:
        data.decode("utf-8")
        return []
    except UnicodeDecodeError as exc:
        line, before = _where(data[:exc.start])
        return [_diagnostic(path, line, before, data[exc.start:exc.start + 4096], data[exc.start])]


def note_file(path: str | os.PathLike, name: str | None = None) -> list[Diagnostic]:
    """:func:`note` of a file on disk, read line by line (a file too large
    to read whole; a UTF-8 character never spans a line end).  Raises
    ``OSError``."""
    line = 1
    with open(path, "rb") as fh:
        for raw in fh:  # split at LF; a CR-only file's lines are counted inside
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                here, before = _where(raw[:exc.start])
                return [_diagnostic(os.fspath(path) if name is None else name, line + here - 1, before,
                                    raw[exc.start:exc.start + 4096], raw[exc.start])]
            line += raw.count(b"\n") + raw.count(b"\r") - raw.count(b"\r\n")
    return []
