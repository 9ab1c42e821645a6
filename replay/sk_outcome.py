"""One Schafkopf game, replayed, as the stored hand: the single place where a
finished :class:`~replay.schafkopf.SchafkopfState` becomes a
:class:`~replay.outcome.HandOutcome` and a :class:`~replay.outcome.CardLog`.

Both Schafkopf sources use it: the NetSchafkopf protocol importer
(:mod:`ingest.netschafkopf`) and the SHN-SK judge (:mod:`replay.judge_sk`),
so a game reads into the same stored shape from either text.  Any column
added to the stored Schafkopf outcome is added here.
"""

from __future__ import annotations

import re

from .cards import Card
from .errors import Diagnostic
from .schafkopf import Game, SchafkopfProfile, SchafkopfState, Suit
from .scoring import Settlement

from .outcome import CardLog, HandOutcome, PlayRow

__all__ = ["schafkopf_outcome", "schafkopf_sheet_outcome", "seat_names", "trump_suit"]

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
      game (``tout`` for any Tout; ``sk_game`` the announced game under it,
      ``trump_suit`` its trump suit, :func:`trump_suit`), ``picker_points`` the declaring party's
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
    plays: list[PlayRow] = []
    for t, (_leader, cards, winner) in enumerate(st.tricks):
        for k, (seat, card) in enumerate(cards):
            plays.append(PlayRow(t + 1, k, seats[seat], str(card), False, seat == winner))
    outcome = _stored(st.profile, settle, game=st.game, suit=st.suit, tout=st.tout, seats=seats, players=players,
                      dealer=st.dealer, declarer=st.declarer, partner=st.partner, called=st.called,
                      party_points=res.party_points, party_tricks=res.party_tricks, doublings=res.doublings,
                      laufende=res.laufende.counted if res.laufende else None,
                      laufende_with=res.laufende.with_ if res.laufende else None,
                      partner_revealed=st.partner_revealed if st.partner is not None else None, status="full",
                      session=session, group=group, hand=hand, date=date, rules=rules, provenance=provenance,
                      warnings=warnings, table=table, site=site)
    cardlog = CardLog(deal={name: [str(c) for c in cards] for name, cards in deal.items()}, plays=plays)
    return outcome, cardlog, settle


def schafkopf_sheet_outcome(profile: SchafkopfProfile, settle: Settlement, *, game: Game, suit: Suit | None,
                            tout: bool, seats: list[str], players: dict[str, str], dealer: int | None,
                            declarer: int | None, partner: int | None, called: Card | None,
                            party_points: int | None, party_tricks: int | None, doublings: int,
                            laufende: int | None, laufende_with: bool | None, session: str, group: str | None,
                            hand: int, date: str | None, rules: str, provenance: dict[str, str],
                            warnings: list[Diagnostic], table: str | None = None,
                            site: str | None = None) -> HandOutcome:
    """The stored outcome of a Schafkopf **score-sheet** game (no card log,
    ``status="score-sheet"``), in the shape of :func:`schafkopf_outcome`:

    * ``settle`` — the settlement the score sheet resolved to
      (:func:`replay.schafkopf.settle_game` / ``settle_ramsch``).
    * ``game``/``suit``/``tout``; seats 0..3 index ``seats``: ``dealer``
      (None when unknown), ``declarer`` and ``partner`` (None in a Ramsch,
      ``partner`` None in a single game), ``called`` the called Sau (None
      when written ``??`` or not a Sauspiel).
    * ``party_points`` (Augen) and ``party_tricks`` as written (None when
      not); ``laufende`` / ``laufende_with`` only when written (or counted
      on written deal lines), else None: a statistic of Laufende counts
      only games whose Laufende are known.
    """
    return _stored(profile, settle, game=game, suit=suit, tout=tout, seats=seats, players=players, dealer=dealer,
                   declarer=declarer, partner=partner, called=called, party_points=party_points,
                   party_tricks=party_tricks, doublings=doublings, laufende=laufende, laufende_with=laufende_with,
                   partner_revealed=None, status="score-sheet", session=session, group=group, hand=hand, date=date,
                   rules=rules, provenance=provenance, warnings=warnings, table=table, site=site)


def trump_suit(game: Game, suit: Suit | None) -> str | None:
    """The trump suit of a Schafkopf game in SHN spelling (``"C"`` Eichel,
    ``"S"`` Gras, ``"H"`` Herz, ``"D"`` Schellen): Herz in a Sauspiel and a
    Ramsch (rules.md G-6, G-17), the chosen suit of a Farbsolo, Farbwenz or
    Farbgeier (G-7, G-8), None in a Wenz or Geier (only Unters / Obers are
    trump, G-8)."""
    if game in (Game.SAUSPIEL, Game.RAMSCH):
        return "H"
    if game in (Game.SOLO, Game.FARBWENZ, Game.FARBGEIER) and suit is not None:
        return "CSHD"[suit]
    return None


def _stored(profile: SchafkopfProfile, settle: Settlement, *, game: Game, suit: Suit | None, tout: bool,
            seats: list[str],
            players: dict[str, str], dealer: int | None, declarer: int | None, partner: int | None,
            called: Card | None, party_points: int | None, party_tricks: int | None, doublings: int,
            laufende: int | None, laufende_with: bool | None, partner_revealed: int | None, status: str,
            session: str, group: str | None, hand: int, date: str | None, rules: str, provenance: dict[str, str],
            warnings: list[Diagnostic], table: str | None, site: str | None) -> HandOutcome:
    """The one place a Schafkopf game's facts become a :class:`HandOutcome`."""
    a = seats
    return HandOutcome(
        session=session, group=group, hand=hand, date=date, rules=rules,
        rules_flags=profile.model_dump(), game="schafkopf", game_type="tout" if tout else game.value,
        players=players, dealer=a[dealer] if dealer is not None else None,
        picker=a[declarer] if declarer is not None else None,
        partner=a[partner] if partner is not None else None,
        call=str(called) if called is not None else None,
        alone=game.single, leaster_winner=None, multiplier=settle.multiplier,
        picker_points=party_points, picker_tricks=party_tricks, outcome=settle.outcome,
        units={a[s]: settle.units[s] for s in range(4)}, provenance=provenance, status=status,
        table=table, site=site, stake=1, marks=doublings, tier=settle.tier,
        partner_revealed_trick=partner_revealed,
        called_suit="CSHD"[called.suit] if called is not None else None,
        call_type="ace" if game is Game.SAUSPIEL else ("alone" if game.single else None),
        breakdown=seat_names(settle.text, seats), warnings=[str(w) for w in warnings],
        laufende=laufende, laufende_with=laufende_with,
        sk_game=game.value, trump_suit=trump_suit(game, suit),
    )
