"""Which stored session a NetSchafkopf protocol is, by meaning, not by file
name (docs/storage.md "Duplicates by meaning", NetSchafkopf protocols).

A protocol has no session tag of its own: its session is named
``NetSchafkopf <file name>`` when first stored.  The same protocol saved again
under another name ("Schafkopfprotokoll (1).txt"), byte for byte or in
another encoding, or with a note typed into its header, is the same session:
a stored NetSchafkopf session whose header (the lines before the first game:
who wrote the log, the date, the program's version; :func:`header_identity`)
is this protocol's and which holds one of its first games
(the same game number dealt the same cards, by deal id) is that session
(:func:`protocol_session`).  Its games are then duplicates when they record
the same facts and ``E-HAND-CONFLICT`` naming what differs when not, exactly
as an SHN hand stored twice.  Another protocol of the same day and players
deals other cards, so it stays a session of its own.

Nothing stored changes: a session keeps the name it was first stored under,
so databases written before this look-up are read the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["header_identity", "protocol_tag", "stored_identity", "protocol_session", "stored_protocol", "StoredGames",
           "StoredProtocols", "session_games", "game_sources"]


#: the lines of a protocol's header that the program writes and that say which log it is: who wrote it and when,
#: with the program's version (``gespielt von Gast am 05.10.23 mit Version 8.00, ...``; 5.x: ``Schafkopfprotokoll
#: vom 05.10.23``)
PROGRAM_LINE = re.compile(r"gespielt von \S+ am \S|protokoll vom \S", re.IGNORECASE)  # any date form (sk34 F5)


def header_identity(header: str) -> tuple[str, ...]:
    """The lines of a stored or read protocol header that identify the log
    (:data:`PROGRAM_LINE`), stripped: a note a user typed into the header
    (``Notiz: Abend beim Wirt``) is no part of it (real22 F1: the copy with
    a note was stored again, every game counted twice)."""
    return tuple(x.strip() for x in header.splitlines() if PROGRAM_LINE.search(x))


#: the tag ``shead export --format shn`` writes in a protocol's SHN-SK session header: its :func:`header_identity`
#: lines joined by :data:`TAG_JOIN` (``[_Protocol "gespielt von Xaver am 26.11.26 mit Version 8.00, ..."]``), so that
#: the restored session is still that protocol's (verify32 F4)
PROTOCOL_TAG = "_Protocol"
TAG_JOIN = " | "
_TAG_LINE = re.compile(r'(?m)^\[_Protocol\s+"((?:[^"\\]|\\.)*)"\]')


def protocol_tag(header: str) -> str | None:
    """The value of the ``[_Protocol]`` tag an export writes for a stored
    protocol ``header`` (:data:`PROTOCOL_TAG`): its :func:`header_identity`
    lines joined by :data:`TAG_JOIN`; None when it has none, or when a line
    holds a character a tag value would escape (a quote, a backslash) or the
    joiner itself: nothing is written, the session is then matched by name
    alone, as before."""
    lines = header_identity(header or "")
    if not lines or any('"' in x or "\\" in x or TAG_JOIN in x for x in lines):
        return None
    return TAG_JOIN.join(lines)


def stored_identity(header: str) -> tuple[str, ...]:
    """The :func:`header_identity` of a stored session ``header``: a
    protocol's own header, or a restored SHN-SK session's ``[_Protocol]``
    tag (:func:`protocol_tag`; verify32 F4: the restored session was not
    found, a corrected protocol counted the night twice)."""
    m = _TAG_LINE.search(header or "")
    if m is not None:
        return tuple(x.strip() for x in m.group(1).split(TAG_JOIN) if x.strip())
    return header_identity(header or "")


def protocol_session(con, header: str, first: Sequence[tuple[int, str]]) -> str | None:
    """The name of the stored NetSchafkopf session whose header is
    ``header`` by meaning (the same :func:`header_identity`; a header
    without such a line: the same text) and whose stored game number ``n``
    has deal id ``d`` for one ``(n, d)`` of ``first``, or None (the earliest
    stored such session).  ``con``: a DuckDB connection to a shead
    database.  One query: the deals of those game numbers in the
    NetSchafkopf sessions whose header holds those lines."""
    if not first:
        return None
    wanted = set(first)
    mine = header_identity(header)
    lines = list(mine) or [header]
    for name, stored, n, d in con.execute(
            "SELECT x.session, x.header, h.hand, d.deal_id FROM sessions x JOIN hands h USING (session_id) "
            "JOIN hand_deals d USING (hand_id) "
            "WHERE (x.format = 'netschafkopf' OR strpos(x.header, '[_Protocol \"') > 0) "
            "AND list_bool_and(list_transform(?::VARCHAR[], lambda t: strpos(x.header, t) > 0)) "
            "AND h.hand = ANY(?::INTEGER[]) ORDER BY x.session_id",
            [lines, sorted({n for n, _ in first})]).fetchall():
        if (n, d) in wanted and (stored_identity(stored) == mine if mine else stored == header):
            return name
    return None


@dataclass(frozen=True, slots=True)
class StoredGames:
    """What a session holds before a protocol is read into it: each stored
    game number (hands in force) and its units by seat number, the running
    table's columns (``columns``: number -> units of seats 0-3; a player
    seated mid-log sits in one; empty when nothing is stored)."""

    numbers: frozenset[int]  # the stored game numbers: ``columns``' keys
    columns: dict[int, list[int]]

    def column_totals(self, upto: int | None) -> list[int]:
        """Units per seat number (0-3) summed over the stored games numbered
        at most ``upto`` (all of them when None): the running table's
        columns, whoever sat in them."""
        out = [0, 0, 0, 0]
        for n, cols in self.columns.items():
            if upto is None or n <= upto:
                for j, u in enumerate(cols[:4]):
                    out[j] += u
        return out


def session_games(con, session: str) -> StoredGames:
    """The games stored in session ``session`` (:class:`StoredGames`; none
    when it is not stored).  One query."""
    columns: dict[int, list[int]] = {}
    for n, u, seat_no in con.execute(
            "SELECT h.hand, u.units, u.seat_no FROM hands h JOIN hand_units u USING (hand_id) "
            "WHERE h.session = ? AND u.player IS NOT NULL", [session]).fetchall():
        cols = columns.setdefault(n, [0, 0, 0, 0])
        if 0 <= seat_no < 4:
            cols[seat_no] += u
    return StoredGames(frozenset(columns), columns)


def game_sources(con, session: str, numbers: Iterable[int]) -> dict[int, tuple[str | None, int]]:
    """``number -> (file, line)`` the stored games ``numbers`` of session
    ``session`` were read from (the first source of each).  One query."""
    out: dict[int, tuple[str | None, int]] = {}
    for n, f, ln in con.execute(
            "SELECT h.hand, s.file, s.line FROM hands h JOIN hand_source s USING (hand_id) WHERE h.session = ? "
            "AND h.hand = ANY(?::INTEGER[]) ORDER BY h.hand_id", [session, sorted(set(numbers))]).fetchall():
        out.setdefault(n, (f, ln))
    return out


class StoredProtocols:
    """The store's side of reading a protocol, as
    :func:`ingest.netschafkopf.read_protocol` takes it (``stored_session``):
    called with ``(header, first games)``, :func:`protocol_session`; its
    :meth:`games` and :meth:`sources` tell which games of the session are
    stored already, so a refused game whose number is stored is a conflict
    with the stored game, not a refusal that leaves the session incomplete
    (docs/storage.md "Duplicates by meaning")."""

    def __init__(self, store):
        self.store = store

    def __call__(self, header: str, first: Sequence[tuple[int, str]]) -> str | None:
        with self.store.using() as con:
            return protocol_session(con, header, first)

    def games(self, session: str) -> StoredGames:
        """:func:`session_games` of ``session``."""
        with self.store.using() as con:
            return session_games(con, session)

    def sources(self, session: str, numbers: Iterable[int]) -> dict[int, tuple[str | None, int]]:
        """:func:`game_sources` of ``numbers`` in ``session``."""
        with self.store.using() as con:
            return game_sources(con, session, numbers)


def stored_protocol(store) -> StoredProtocols:
    """:class:`StoredProtocols` of ``store`` (an :class:`ingest.store.Store`),
    as :func:`ingest.netschafkopf.read_protocol` takes it
    (``stored_session``)."""
    return StoredProtocols(store)
