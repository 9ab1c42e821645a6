"""The canonical form of stored SHN text (docs/notation.md §10), as
``shead export --format shn`` writes it: a stored hand read with its
session's stored header and written back by the canonical writer.  The store
compares hands by it (a hand that differs from the stored one in layout
only is a duplicate, docs/storage.md), and the export writes it."""

from __future__ import annotations

from .reader import read
from .writer import tag_lines, write_hand

__all__ = ["canonical_hand", "canonical_session_tags"]


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _read_one(header: str, source: str, said=frozenset()):
    """The :class:`~ingest.shn.record.HandRecord` of one stored hand read
    with its session's stored header, or None when it does not read back as
    exactly one hand without syntax errors (a ``W-COMMENT``, said of a
    comment's words, is none: the hand reads the same without them; nor a
    ``W-PHONE-SLIP``, whose meaning is certain; nor the codes in ``said``)."""

    doc = read("%SHN 1.0\n" + header.rstrip("\n") + "\n\n" + source.rstrip("\n") + "\n")
    if len(doc.hands) != 1 or any(d.code not in _READS_THE_SAME and d.code not in said
                                  for d in (*doc.errors, *doc.hands[0].errors)):
        return None
    return doc.hands[0]


#: the warnings of a hand that reads as one meaning, written canonical: a comment's words (W-COMMENT), a phone's
#: slip whose meaning is certain (W-PHONE-SLIP: 'call AH.', 'pts 72/48', a wrapped score line; phone32 F6: the
#: export wrote such a hand as typed and its ingest said the warning again)
_READS_THE_SAME = frozenset(("W-COMMENT", "W-PHONE-SLIP"))
#: what the export also writes canonically: a hand's own tag written after its statements (W-TAG-LATE), stored as
#: that hand's own (docs/notation.md §4.2) and written so, between its head and its statements, where it reads so
#: without the warning (verify34 F1: a one-line hand with its [Rules] on the next line, as E-AMEND-RULES advised,
#: was exported as stored, and every restore said W-TAG-LATE again)
_WRITTEN_CANONICAL = frozenset(("W-TAG-LATE",))


def canonical_session_tags(session: str, header: str, source: str) -> str:
    """The tag lines of a stored session in canonical form (docs/notation.md
    §10): ``[Session "…"]`` first (the stored session id when the header has
    no Session tag), then the other tags in tag order, each with the
    annotation it was written with (``[Event "x"] {note}``).  ``header`` is
    ``sessions.header``, ``source`` the text of one of its hands (read with
    it).  A header that does not read back is written line by line as stored,
    after its ``Session`` tag."""

    rec = _read_one(header, source)
    if rec is not None:
        tags, notes = dict(rec.session.tags), dict(rec.session.tag_notes)
        tags.setdefault("Session", session)
        try:
            return tag_lines(tags, notes)
        except ValueError:
            pass
    lines = [line for line in header.splitlines() if line.strip() and not line.startswith("[Session ")]
    return _tag("Session", session) + "\n" + "".join(line + "\n" for line in lines)


def canonical_hand(header: str, source: str) -> str:
    """A stored hand's source in canonical form (docs/notation.md §10: ``deal``
    and trick padding, statement order and spacing; ``;`` comments are not
    kept), read with its session's stored ``header``; its facts and
    annotations are unchanged, so it validates to the same outcome.  A source
    that does not read back as one hand, or that the writer cannot write, is
    returned as stored.  Ends with one LF."""

    rec = _read_one(header, source, _WRITTEN_CANONICAL)
    if rec is not None:
        try:
            return write_hand(rec)
        except ValueError:
            pass
    return source.strip("\n") + "\n"


def _canonical_hands(header: str, sources: list[str]) -> list[str]:
    """:func:`canonical_hand` of each of ``sources`` (hands of one session,
    in hand order), read together with the header in one pass; a batch that
    does not read back hand for hand falls back to one hand at a time."""

    doc = read("%SHN 1.0\n" + header.rstrip("\n") + "\n\n"
               + "".join(src.strip("\n") + "\n\n" for src in sources))
    if any(d.code not in _WRITTEN_CANONICAL for d in doc.errors) or len(doc.hands) != len(sources):
        return [canonical_hand(header, src) for src in sources]
    out = []
    for rec, src in zip(doc.hands, sources):
        text = None
        if not rec.errors:
            try:
                text = write_hand(rec)
            except ValueError:
                pass
        out.append(text if text is not None else canonical_hand(header, src))
    return out
