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
    ``con``: a DuckDB connection to a shead database.  Reads the sessions of
    that header and, of each, only the rows of those game numbers."""
    if not first:
        return None
    numbers = sorted({n for n, _ in first})
    wanted = set(first)
    for sid, name in con.execute(
            "SELECT session_id, session FROM sessions WHERE format = 'netschafkopf' AND header = ? "
            "ORDER BY session_id", [header]).fetchall():
        rows = con.execute("SELECT hand_id, hand FROM hands WHERE session_id = ? AND hand = ANY(?::INTEGER[])",
                           [sid, numbers]).fetchall()
        if not rows:
            continue
        number = dict(rows)
        deals = con.execute("SELECT hand_id, deal_id FROM hand_deals WHERE hand_id = ANY(?::INTEGER[])",
                            [list(number)]).fetchall()
        if any((number[hid], did) in wanted for hid, did in deals):
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
