"""Which stored session a NetSchafkopf protocol is, by meaning, not by file
name (docs/storage.md "Duplicates by meaning", NetSchafkopf protocols).

A protocol has no session tag of its own: its session is named
``NetSchafkopf <file name>`` when first stored.  The same protocol saved again
under another name ("Schafkopfprotokoll (1).txt"), byte for byte or in
another encoding, is the same session: a stored NetSchafkopf session whose
header (the lines before the first game: who wrote the log, the date, the
program's version) is this protocol's and which holds one of its first games
(the same game number dealt the same cards, by deal id) is that session
(:func:`protocol_session`).  Its games are then duplicates when they record
the same facts and ``E-HAND-CONFLICT`` naming what differs when not, exactly
as an SHN hand stored twice.  Another protocol of the same day and players
deals other cards, so it stays a session of its own.

Nothing stored changes: a session keeps the name it was first stored under,
so databases written before this look-up are read the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["protocol_session", "stored_protocol"]


def protocol_session(con, header: str, first: Sequence[tuple[int, str]]) -> str | None:
    """The name of the stored NetSchafkopf session whose header is
    ``header`` and whose stored game number ``n`` has deal id ``d`` for one
    ``(n, d)`` of ``first``, or None (the earliest stored such session).
    ``con``: a DuckDB connection to a shead database.  One query: the
    deals of those game numbers in the sessions of that header."""
    if not first:
        return None
    wanted = set(first)
    for name, n, d in con.execute(
            "SELECT x.session, h.hand, d.deal_id FROM sessions x JOIN hands h USING (session_id) "
            "JOIN hand_deals d USING (hand_id) WHERE x.format = 'netschafkopf' AND x.header = ? "
            "AND h.hand = ANY(?::INTEGER[]) ORDER BY x.session_id",
            [header, sorted({n for n, _ in first})]).fetchall():
        if (n, d) in wanted:
            return name
    return None


def stored_protocol(store) -> Callable[[str, Sequence[tuple[int, str]]], str | None]:
    """:func:`protocol_session` on ``store`` (an :class:`ingest.store.Store`),
    as :func:`ingest.netschafkopf.read_protocol` takes it
    (``stored_session``)."""

    def find(header: str, first: Sequence[tuple[int, str]]) -> str | None:
        with store.using() as con:
            return protocol_session(con, header, first)

    return find
