"""One Schafkopf game, replayed, as the stored hand: the single place where a
finished :class:`~replay.schafkopf.SchafkopfState` becomes a
:class:`~ingest.model.HandOutcome` and a :class:`~ingest.model.CardLog`.

Both Schafkopf sources use it: the NetSchafkopf protocol importer
(:mod:`ingest.netschafkopf`) and the SHN-SK validator
(:mod:`ingest.validate_sk`), so a game reads into the same stored shape from
either text.  Any column added to the stored Schafkopf outcome is added here.
"""

from __future__ import annotations

import re

from replay.cards import Card
from replay.errors import Diagnostic
from replay.schafkopf import Game, SchafkopfState
from replay.scoring import Settlement

from .model import CardLog, HandOutcome, PlayRow

__all__ = ["schafkopf_outcome", "seat_names"]

_SEAT_RE = re.compile(r"\bseat (\d)\b")


def seat_names(text: str, seats: list[str]) -> str:
    """``text`` with the engine's ``seat N`` replaced by the seat names."""
    return _SEAT_RE.sub(lambda m: seats[int(m.group(1))], text)


def schafkopf_outcome(st: SchafkopfState, *, seats: list[str], players: dict[str, str],
                      deal: dict[str, list[Card]], session: str, group: str | None, hand: int, date: str | None,
                      rules: str, provenance: dict[str, str], warnings: list[Diagnostic],
                      table: str | None = None, site: str | None = None) -> tuple[HandOutcome, CardLog, Settlement]:
    """The stored outcome, card log and settlement of a finished game.

    * ``st`` — the state after its last card (``st.done``); its result and
      settlement (rules.md G-12..G-17) give every figure: ``picker`` is the
      declarer, ``partner`` the holder of the called Sau, ``call`` the called
      Sau in SHN spelling (``"AC"`` for the Eichel-Sau), ``game_type`` the
      game (``tout`` for any Tout), ``picker_points`` the declaring party's
      Augen (card points 0..120; None in a Ramsch), ``units`` the tariff's
      units per seat name (zero-sum), ``multiplier`` 2 per Kontra/Re/Klopfen,
      ``marks`` the number of Kontra/Re.
    * ``seats`` — the seat names clockwise (seat 0 first); ``players`` seat
      name → player name; ``deal`` seat name → the cards as written (kept in
      that order in the card log).
    * ``provenance`` — the provenance of each checked fact, decided by the
      caller (what the source wrote and the cards confirmed).

    Raises ``ValueError`` when the game is not over.
    """
    res = st.result()
    settle = st.settlement()
    game = st.game
    plays: list[PlayRow] = []
    for t, (_leader, cards, winner) in enumerate(st.tricks):
        for k, (seat, card) in enumerate(cards):
            plays.append(PlayRow(t + 1, k, seats[seat], str(card), False, seat == winner))
    a = seats
    outcome = HandOutcome(
        session=session, group=group, hand=hand, date=date, rules=rules,
        rules_flags=st.profile.model_dump(), game="schafkopf", game_type="tout" if st.tout else game.value,
        players=players, dealer=a[st.dealer], picker=a[st.declarer] if st.declarer is not None else None,
        partner=a[st.partner] if st.partner is not None else None,
        call=str(st.called) if st.called is not None else None,
        alone=game.single, leaster_winner=None, multiplier=settle.multiplier,
        picker_points=res.party_points, picker_tricks=res.party_tricks, outcome=settle.outcome,
        units={a[s]: settle.units[s] for s in range(4)}, provenance=provenance, status="full",
        table=table, site=site, stake=1, marks=res.doublings, tier=settle.tier,
        partner_revealed_trick=st.partner_revealed if st.partner is not None else None,
        called_suit="CSHD"[st.called.suit] if st.called is not None else None,
        call_type="ace" if game is Game.SAUSPIEL else ("alone" if game.single else None),
        breakdown=seat_names(settle.text, seats), warnings=[str(w) for w in warnings],
        laufende=res.laufende.counted if res.laufende else None,
        laufende_with=res.laufende.with_ if res.laufende else None,
    )
    cardlog = CardLog(deal={name: [str(c) for c in cards] for name, cards in deal.items()}, plays=plays)
    return outcome, cardlog, settle
