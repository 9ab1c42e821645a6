"""A stored Schafkopf game replayed for a viewer (``shead replay``, the
dashboard's Replay page), from either source: a NetSchafkopf protocol or an
SHN-SK text.  The stored outcome itself is built by
:mod:`replay.sk_outcome`."""

from __future__ import annotations

from replay.schafkopf import SchafkopfState, SkFrame
from replay.sk_outcome import schafkopf_outcome, schafkopf_sheet_outcome, seat_names  # noqa: F401 - re-exported

__all__ = ["replay_schafkopf_stored", "stored_ramsch_words"]


def replay_schafkopf_stored(hand, fmt: str, text: str) -> tuple[SchafkopfState, list[SkFrame]]:
    """A stored Schafkopf game with a card log, replayed through
    :class:`~replay.schafkopf.SchafkopfState`, from either source — the one
    entry point of ``shead replay`` and the dashboard's Replay page.

    * ``hand`` — the :class:`~ingest.store.StoredHand`; ``fmt`` and ``text``
      — :func:`ingest.store.session_text` of it (the session up to the hand).
    * NetSchafkopf (``fmt="netschafkopf"``): :func:`ingest.netschafkopf.replay_stored`
      (the deal and plays of the card log, the game from the stored source).
    * SHN-SK (``fmt="shn"``): :func:`ingest.validate.replay_text`, the
      validator's own replay (Kontra and Re with their seats and timing,
      Klopfen), so the frames are the ones the hand was validated with.

    Returns the finished state and its :class:`~replay.schafkopf.SkFrame`
    list (one before the first card, one after each card; seats index
    ``hand.outcome.players``).  Raises ``ValueError`` when the game has no
    card log or the current engine stops on it, with the reason.
    """
    o = hand.outcome
    if o.game != "schafkopf" or hand.cardlog is None or not hand.cardlog.plays:
        raise ValueError(f"hand {o.hand} is not a Schafkopf game with a card log (status {o.status})")
    if fmt == "netschafkopf":
        from replay.errors import IllegalAction  # noqa: PLC0415

        from .netschafkopf import replay_stored  # noqa: PLC0415

        try:
            return replay_stored(o, hand.cardlog, hand.source)
        except IllegalAction as exc:
            raise ValueError(str(exc)) from None
    from .validate import replay_text  # noqa: PLC0415

    rep = replay_text(text, hand=o.hand, path=hand.file)
    if rep.errors:
        raise ValueError(str(rep.errors[0]))
    if rep.state is None or len(rep.frames) < 2:
        raise ValueError(f"hand {o.hand}: the SHN text replays no Schafkopf card log")
    return rep.state, rep.frames


def stored_ramsch_words(con, hand_id: int):
    """A stored Ramsch with a card log said by its result (rules.md G-17,
    sk32 F5): replayed as ``shead replay`` does it
    (:func:`replay_schafkopf_stored`) and said by
    :func:`replay.ramsch_words.ramsch_result_words` (a
    :class:`~replay.ramsch_words.RamschWords`: "Sepp lost 49 (tie with Resi:
    EO)", "Jungfrau Vroni").  ``con`` a DuckDB connection to the store.
    None for no such hand, no card log, or a game the engine stops on."""
    from replay.ramsch_words import ramsch_result_words  # noqa: PLC0415

    from .store import load_hands, session_text  # noqa: PLC0415

    found = load_hands(con, "h.hand_id = ?", [hand_id])
    if not found or found[0].outcome.game_type != "ramsch":
        return None
    h = found[0]
    try:
        state, _ = replay_schafkopf_stored(h, *session_text(con, hand_id))
        return ramsch_result_words(state, list(h.outcome.players))
    except ValueError:
        return None
