"""A Ramsch's result in words (rules.md G-17), the one place that says it:
who lost and with how many Augen, how a tie for most Augen was broken, the
Jungfrauen, a Durchmarsch (sk32 F4, F5).

* :func:`ramsch_tie_words` — the tie clause of ``shead replay``'s Result line
  and of the dashboard's Replay page ("a tie for most Augen with Resi: Sepp
  was dealt the highest trump, EO, ramschTie=highestTrump").
* :func:`ramsch_result_words` — the short result of a played Ramsch, as the
  night's sheet writes it ("Sepp lost 49 Augen (tie with Resi: Sepp dealt EO,
  the highest trump); Jungfrau Vroni", "Durchmarsch by Resi").
* :func:`ramsch_score_words` — the same for a Ramsch known by its score only
  (a score sheet): "Sepp lost; Jungfrau Vroni", "Durchmarsch by Resi".

Seats are 0..3 in the hand's seat order; ``seats`` their names.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .schafkopf import Game, SchafkopfProfile, SchafkopfState, german

__all__ = ["ramsch_tie_words", "ramsch_result_words", "ramsch_score_words"]


def _tie(state: SchafkopfState) -> tuple[list[int], Card | None] | None:
    """The tied seats of a finished Ramsch's tie for most Augen and the
    highest trump dealt to them; None when there is no tie (or a
    Durchmarsch, or not a Ramsch)."""
    if state.game is not Game.RAMSCH:
        return None
    r = state.result()
    if not r.tie or r.durchmarsch is not None or not r.losers:
        return None
    tied = [s for s in range(4) if r.seat_points[s] == r.seat_points[r.losers[0]]]
    return tied, state.highest_trump_dealt(tied)


def ramsch_tie_words(state: SchafkopfState, seats: Sequence[str]) -> str:
    """How a finished Ramsch's tie for most Augen was settled under the
    house's ``ramschTie`` (rules.md G-17): ``"a tie for most Augen with
    Resi: Sepp was dealt the highest trump, EO, ramschTie=highestTrump"``,
    or ``"a tie for most Augen: every tied player pays, ramschTie=allTied"``;
    ``""`` when there was no tie.  Raises ``ValueError`` before the last
    trick (:meth:`SchafkopfState.result`)."""
    tie = _tie(state)
    if tie is None:
        return ""
    tied, top = tie
    if state.profile.ramschTie == "allTied":
        return "a tie for most Augen: every tied player pays, ramschTie=allTied"
    losers = state.result().losers
    who = " and ".join(seats[s] for s in losers)
    others = " and ".join(seats[s] for s in tied if s not in losers)
    return (f"a tie for most Augen with {others}: {who} was dealt the highest trump, "
            f"{german(top) if top is not None else '?'}, ramschTie=highestTrump")


def _words(seats: Sequence[str], losers: Sequence[int], jungfrauen: Sequence[int], durchmarsch: int | None,
           augen: int | None = None, tie: str = "") -> str:
    if durchmarsch is not None:
        return f"Durchmarsch by {seats[durchmarsch]}"
    text = " and ".join(seats[s] for s in losers) + " lost" + (f" {augen} Augen" if augen is not None else "")
    text += f" ({tie})" if tie else ""
    if jungfrauen:
        text += "; Jungfrau " + ", ".join(seats[s] for s in sorted(jungfrauen))
    return text


def ramsch_result_words(state: SchafkopfState, seats: Sequence[str]) -> str:
    """A finished Ramsch's result, short (rules.md G-17): ``"Sepp lost 49
    Augen (tie with Resi: Sepp dealt EO, the highest trump); Jungfrau
    Vroni"``, ``"Al and Bea lost 36 Augen (tie: each pays)"`` under
    ``ramschTie=allTied``, ``"Durchmarsch by Resi"``.  Raises
    ``ValueError`` when ``state`` is no finished Ramsch."""
    if state.game is not Game.RAMSCH:
        raise ValueError("not a Ramsch")
    r = state.result()
    tie = ""
    found = _tie(state)
    if found is not None:
        tied, top = found
        if state.profile.ramschTie == "allTied":
            tie = "tie: each pays"
        else:
            who = " and ".join(seats[s] for s in r.losers)
            others = " and ".join(seats[s] for s in tied if s not in r.losers)
            tie = f"tie with {others}: {who} dealt {german(top) if top is not None else '?'}, the highest trump"
    augen = r.seat_points[r.losers[0]] if r.losers else None
    return _words(seats, r.losers, r.jungfrauen, r.durchmarsch, augen, tie)


def ramsch_score_words(profile: SchafkopfProfile, units: Sequence[int], seats: Sequence[str],
                       klopfen: int = 0) -> str | None:
    """A Ramsch known by its units only (seats 0..3), short: ``"Sepp lost;
    Jungfrau Vroni"``, ``"Durchmarsch by Resi"`` — the one Ramsch result
    under ``profile`` and ``klopfen`` doublings (rules.md G-17, G-19) whose
    settlement gives those units (:func:`replay.judge_sk.ramsch_results`); no
    Augen and no tie (a score does not show them).  None when no Ramsch
    result gives them (an agreed score)."""
    from .judge_sk import ramsch_results  # noqa: PLC0415 - the score sheet's candidates

    want = tuple(units)
    for st, (losers, jung, dm) in ramsch_results(profile, klopfen):
        if st.units == want:
            return _words(seats, losers, jung, dm)
    return None
