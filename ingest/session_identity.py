"""One session id, one night of one group (break30 F1).

A session is known by its ``[Session]`` tag, else by its ``[Event]``,
``[Date]`` and ``[Table]`` joined with `` / `` (notation.md §3 "Session",
docs/notation.md §4.2, :attr:`replay.facts.SessionRec.id`), and it is one
group's night: ``sessions.group`` is its ``[Event]``.  Two session blocks of
one id -- a stored session and a file's, or two blocks of one file -- are one
session only when they agree on that:

* ``E-SESSION-GROUP``: both write an ``[Event]`` and they differ (two clubs
  whose files both write ``[Session "2025-03-06"]``).  Merged, the second
  group's hands were filed under the first group's night, doubled by its
  doublers and paid into its pot (rules.md D-11, D-12, D-19), and a hand
  written alike was dropped as a duplicate, the second group's ledger
  lacking it.
* ``E-SESSION-ID``: neither writes a ``[Session]`` tag and their ``[Event]``,
  ``[Date]`` and ``[Table]`` differ, so only the joined id is alike
  (``[Event "Club / 2025.03.06 / 2"]`` alone against ``Club``, ``2025.03.06``,
  table ``2``).  The id stays as it is (every stored session keeps its id);
  the collision is refused instead.

Either refuses every hand of the later block, at its tag, naming both sides
and the way out (a ``[Session]`` tag of its own); the refusals are filed
under the would-be session ``<id> (another group)`` / ``<id> (another
session)`` (:func:`apart`), so the stored night is not called incomplete.
Nothing stored changes.  A block that writes no ``[Event]`` continues the
session's group (as a continuation writes no ``[Date]``); a group spelt
otherwise (``club a``) is another group here too, the message saying to
write the stored spelling if it is that group.  The check is made by the
store's plan against the stored sessions (:meth:`ingest.store.Store.plan_ingest`,
one query it asked already) and by the validator against a file's earlier
blocks (:func:`ingest.validate.validate_records`); an amendment (``shead
ingest --amend``) may change a session's ``[Event]``: that is how a stored
night moves to another group.
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.errors import Diagnostic

from .unicode_text import plain_marks

__all__ = ["GROUP_APART", "ID_APART", "clash", "refusal", "apart", "original", "foreign_to"]

#: the would-be session a refused block is filed under: ``<id> (another group)`` / ``<id> (another session)``
GROUP_APART = " (another group)"
ID_APART = " (another session)"
_IDENTITY = ("Event", "Date", "Table")


def _value(tags: Mapping[str, str], name: str) -> str:
    return (tags.get(name) or "").strip()


def _same(tags: Mapping[str, str], was: Mapping[str, str], name: str) -> bool:
    """Whether tag ``name`` is alike on both sides: without the spaces at its
    ends and with typographic marks folded (a session stored before session
    34 kept ’ where a file now reads ', verify34 F2)."""
    return plain_marks(_value(tags, name)) == plain_marks(_value(was, name))


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def clash(tags: Mapping[str, str], was: Mapping[str, str], derived_was: bool = True) -> str | None:
    """Whether a session block of tags ``tags`` may join a session of the
    same id whose tags are ``was`` (a stored session's header, or a block
    above in the file): ``"id"`` when neither writes a ``[Session]`` tag and
    their ``[Event]``/``[Date]``/``[Table]`` differ, so only the joined id
    is alike (``derived_was`` False: the stored header is not SHN tags, a
    protocol's preamble: no such check); else ``"group"`` when both write an
    ``[Event]`` and they differ; else None.  Values are compared without the spaces at their ends (a
    session stored before they were read so keeps them, real23 F1) and with the typographic apostrophes and
    quotes as ASCII (one stored before session 34 keeps them, verify34 F2)."""
    if derived_was and "Session" not in tags and "Session" not in was and any(k in was for k in _IDENTITY) and \
            any(not _same(tags, was, k) for k in _IDENTITY):
        return "id"
    if _value(tags, "Event") and _value(was, "Event") and not _same(tags, was, "Event"):
        return "group"
    return None


def refusal(kind: str, sid: str, tags: Mapping[str, str], was: Mapping[str, str], where: str,
            path: str | None, line: int, col: int) -> Diagnostic:
    """The ``E-SESSION-GROUP`` (``kind`` ``"group"``) or ``E-SESSION-ID``
    (``"id"``) diagnostic of a block of session ``sid`` whose tags are
    ``tags`` against the session of that id whose tags are ``was``,
    ``where`` saying where that one is (``stored from night1.shn``,
    ``written above in this file at line 2``); at ``path:line:col`` (its
    ``[Event]``, else its first identity tag).  The hand is set by the
    caller, one diagnostic a refused hand."""
    how = ("its [Session] tag" if "Session" in tags else
           "its [Event], [Date] and [Table] joined with ' / ' (it writes no [Session] tag)")
    if kind == "group":
        mine, theirs = _value(tags, "Event"), _value(was, "Event")
        msg = (f"session {sid!r} (by {how}) is group {theirs!r}'s night ({_tag('Event', theirs)}, {where}), and this "
               f"session of that id names group {mine!r} ({_tag('Event', mine)}): a session is one group's night, so "
               f"none of its hands is stored (filed under {theirs!r}'s night, they would take its doublers and its "
               f"pot, rules.md D-11, D-12, D-19, and a hand written alike would be dropped as a duplicate); if it is "
               f"another group's night, give it a [Session] tag of its own (e.g. "
               f"{_tag('Session', f'{sid} {mine}')}) and send the file again; if it is {theirs!r}'s night, write "
               f"its {_tag('Event', theirs)}; if that night's group is wrong, move it: shead export --format shn, "
               "change its [Event], then shead ingest --amend that file")
        return Diagnostic("E-SESSION-GROUP", msg, "error", path, line, col, found=(
            f"{_tag('Event', mine)} under " + (_tag("Session", sid) if "Session" in tags else f"session {sid!r}")),
            expected=f"{_tag('Event', theirs)} (the session's group), or a [Session] tag of its own")
    written = " ".join(_tag(k, _value(tags, k)) for k in _IDENTITY if k in tags) or "no [Event], [Date] or [Table]"
    other = " ".join(_tag(k, _value(was, k)) for k in _IDENTITY if k in was)
    msg = (f"this session's id {sid!r} is {how}: {written}; the session of that id {where} is another one, "
           f"{other}: the same id made of other tags (an [Event] holding ' / '), so none of its hands is stored "
           "(they would be filed under that session, take its doublers and its pot, rules.md D-11, D-12, D-19, and "
           "a hand written alike would be dropped as a duplicate); give this session a [Session] tag of its own "
           "(its id then) and send the file again")
    return Diagnostic("E-SESSION-ID", msg, "error", path, line, col, found=written,
                      expected=f"{other}, or a [Session] tag of its own")


def apart(sid: str, kind: str) -> str:
    """The would-be session a block refused by :func:`refusal` is filed under."""
    return sid + (GROUP_APART if kind == "group" else ID_APART)


def original(session: str | None) -> str | None:
    """The session id a refused block's would-be session (:func:`apart`)
    stands for; None when ``session`` is none of them."""
    for suffix in (GROUP_APART, ID_APART):
        if session and session.endswith(suffix):
            return session[: -len(suffix)]
    return None


def foreign_to(group: str, owners: Mapping[str, str | None], session: str | None) -> bool:
    """Whether a block refused by :func:`refusal` (filed under ``session``)
    met a session stored for another group than ``group`` (``owners``:
    session id -> its stored group): the service and a signed-in group then
    say ``E-GROUP`` without naming that group (docs/service.md)."""
    sid = original(session)
    return sid is not None and sid in owners and owners[sid] != group
