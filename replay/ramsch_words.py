"""A Ramsch's result in words (rules.md G-17), the one place that says it:
who lost and with how many Augen, how a tie for most Augen was broken, the
Jungfrauen, a Durchmarsch (sk32 F4, F5).

* :func:`ramsch_tie_words` — the tie clause of ``shead replay``'s Result line
  and of the dashboard's Replay page ("a tie for most Augen with Resi: Sepp
  was dealt the highest trump, EO, ramschTie=highestTrump").
* :func:`ramsch_result_line` — the Result line of a played Ramsch, as
  ``shead replay`` and the Replay page say it ("Ramsch lost by Sepp with 49
  Augen (a tie for most Augen with Resi: ...); Augen Sepp 49, ...").
* :func:`ramsch_result_words` — the short result of a played Ramsch, as the
  night's sheet writes it (:class:`RamschWords`: "Sepp lost 49 (tie with
  Resi: EO)" and "Jungfrau Vroni"; "Durchmarsch by Resi").
* :func:`ramsch_score_words` — the same for a Ramsch known by its score only
  (a score sheet): "Sepp lost" and "Jungfrau Vroni", "Durchmarsch by Resi".

Seats are 0..3 in the hand's seat order; ``seats`` their names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .schafkopf import Game, SchafkopfProfile, SchafkopfState, german

__all__ = ["RamschWords", "ramsch_tie_words", "ramsch_result_line", "ramsch_result_words", "ramsch_score_words"]


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


def ramsch_result_line(state: SchafkopfState, seats: Sequence[str]) -> str:
    """The Result line of a finished Ramsch (rules.md G-17), as ``shead
    replay`` prints it and the dashboard's Replay page shows it (newuser32:
    the page said the tie but not who lost): ``"Ramsch lost by Sepp with 49
    Augen (a tie for most Augen with Resi: Sepp was dealt the highest trump,
    EO, ramschTie=highestTrump); Augen Sepp 49, Resi 49, Hias 22, Vroni 0;
    Jungfrau Vroni"``, or ``"Ramsch, Durchmarsch by Resi: every trick, 120
    Augen (rules.md G-17)"``.  Augen are card points (0..120).  Raises
    ``ValueError`` before the last trick (:meth:`SchafkopfState.result`)."""
    r = state.result()
    if r.durchmarsch is not None and not r.losers:  # sk17 F2: no loser
        return (f"Ramsch, Durchmarsch by {seats[r.durchmarsch]}: every trick, "
                f"{r.seat_points[r.durchmarsch]} Augen (rules.md G-17)")
    losers = " and ".join(seats[s] for s in r.losers)
    tie = ramsch_tie_words(state, seats)  # equal most Augen: the house's ramschTie says who pays (G-17)
    tie = f" ({tie})" if tie else ""
    return (f"Ramsch lost by {losers} with {r.seat_points[r.losers[0]]} Augen{tie}; Augen "
            + ", ".join(f"{seats[s]} {r.seat_points[s]}" for s in range(4))
            + ("" if not r.jungfrauen else "; Jungfrau " + ", ".join(seats[s] for s in r.jungfrauen))
            + ("" if r.durchmarsch is None else f"; Durchmarsch by {seats[r.durchmarsch]}"))



@dataclass(frozen=True)
class RamschWords:
    """A Ramsch's result in two parts, as the night's sheet shows them:
    ``result`` — who lost and the loser's Augen, a tie and how it was broken,
    or the Durchmarsch (``"Sepp lost 49 (tie with Resi: EO)"``,
    ``"Durchmarsch by Resi"``); ``jungfrau`` — the players paid double for
    taking no trick, ``"Jungfrau Vroni"`` (``""`` for none), beside the game
    as the Laufende are beside a declared game's (both set its price,
    rules.md G-13, G-17).  ``str()`` gives both: ``"Sepp lost 49 (...);
    Jungfrau Vroni"``."""

    result: str
    jungfrau: str = ""

    def __str__(self) -> str:
        return self.result + (f"; {self.jungfrau}" if self.jungfrau else "")


def _words(seats: Sequence[str], losers: Sequence[int], jungfrauen: Sequence[int], durchmarsch: int | None,
           augen: int | None = None, tie: str = "") -> RamschWords:
    if durchmarsch is not None:
        return RamschWords(f"Durchmarsch by {seats[durchmarsch]}")
    text = " and ".join(seats[s] for s in losers) + " lost" + (f" {augen}" if augen is not None else "")
    text += f" ({tie})" if tie else ""
    return RamschWords(text, "Jungfrau " + ", ".join(seats[s] for s in sorted(jungfrauen)) if jungfrauen else "")


def ramsch_result_words(state: SchafkopfState, seats: Sequence[str]) -> RamschWords:
    """A finished Ramsch's result, short (rules.md G-17; :class:`RamschWords`),
    the loser's Augen after "lost" as the sheet writes the declaring party's:
    ``"Sepp lost 49 (tie with Resi: EO)"`` with ``"Jungfrau Vroni"``
    (a tie broken by the highest trump dealt, ``ramschTie=highestTrump``:
    the loser was dealt the Eichel-Ober),
    ``"Al and Bea lost 36 (tie: each pays)"`` under ``ramschTie=allTied``,
    ``"Durchmarsch by Resi"``.  Raises
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
            others = " and ".join(seats[s] for s in tied if s not in r.losers)
            tie = f"tie with {others}: {german(top) if top is not None else '?'}"  # the loser's, the highest trump
    augen = r.seat_points[r.losers[0]] if r.losers else None
    return _words(seats, r.losers, r.jungfrauen, r.durchmarsch, augen, tie)


def ramsch_score_words(profile: SchafkopfProfile, units: Sequence[int], seats: Sequence[str],
                       klopfen: int = 0) -> RamschWords | None:
    """A Ramsch known by its units only (seats 0..3), short: ``"Sepp lost"``
    with ``"Jungfrau Vroni"``, ``"Durchmarsch by Resi"`` — the one Ramsch result
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
