"""A thrown-in Schafkopf deal (rules.md G-4; issue 18): all four passed and
the profile does not play Ramsch (``ramsch=off``), so the cards are thrown
in and dealt again.

SHN-SK writes it ``thrown`` on the pick line (docs/notation.md §14.3):

    hand 7  dealer Di
    thrown

It is a hand of its own in the session: stored with ``game_type =
'thrown'``, ``outcome = 'misdeal'`` (a deal not played, counted with the
misdeals: never a played game, no declarer) and 0 units for every seat.
Rules implemented and checked:

* G-4: "If nobody plays: throw in and redeal, or play Ramsch (G-17)" — so
  ``thrown`` under ``ramsch=on`` (the default: that table plays the Ramsch)
  is ``E-SK-THROWN``; write the Ramsch instead.
* Nothing was played: tricks, a declaring party's facts (``partner``,
  ``pts``, ``tricks``, the outcome word, ``laufende``), Kontra or Re are
  ``E-SK-THROWN``; ``game`` or ``ramsch`` beside ``thrown`` is
  ``E-HAND-KIND``.  Klopfen (G-19) doubles a game that is then not played:
  it settles nothing and is ``E-SK-THROWN`` too.
* A written ``score`` must be 0 for every seat (``E-SCORE``).
* Deal lines are not taken (``E-SK-THROWN``): the store keeps card logs of
  played hands only.
* What follows: rules.md G names no consequence for the next deal (no
  doubled next game, no pot); shead records none.  (NetSchafkopf's "Stock",
  a pot paid into on a throw-in, is not in G and not modelled.)
"""

from __future__ import annotations

from .outcome import HandOutcome
from .scoring import Settlement

__all__ = ["check_thrown", "thrown_outcome"]


def _no(chk, v, what: str, why: str) -> None:
    if v is not None:
        raise chk.reject("E-SK-THROWN", f"{what} is written but the deal was thrown in: {why} (rules.md G-4)",
                         getattr(v, "pos", chk.rec.pos), found=what, expected="thrown, dealer and score only")


def check_thrown(chk, prof, dealer: int | None) -> tuple[HandOutcome, None, Settlement]:
    """The stored outcome of a thrown-in deal (see the module docstring);
    ``chk`` the validator's hand check with its seats set, ``prof`` the
    :class:`~replay.schafkopf.SchafkopfProfile`, ``dealer`` the dealer seat
    or None.  Raises the validator's reject."""
    rec = chk.rec
    if rec.game is not None or rec.ramsch is not None:
        v = rec.game if rec.game is not None else rec.ramsch
        raise chk.reject("E-HAND-KIND", f"'thrown' and '{'game' if rec.game is not None else 'ramsch'}' in one hand; "
                         "a deal nobody announced is thrown in or played as a Ramsch (rules.md G-4)", v.pos,
                         found="both", expected="one of them")
    if prof.ramsch:
        raise chk.reject("E-SK-THROWN", "under this profile a deal nobody announces is played as a Ramsch (ramsch=on, "
                         "rules.md G-4, G-17): write 'ramsch' and its score, or the rules flag ramsch=off",
                         rec.thrown.pos, found="thrown", expected="ramsch (or ramsch=off)")
    if rec.tricks:
        _no(chk, rec.tricks[0], "a trick", "no card is played")
    if rec.deals:
        _no(chk, rec.deals[0], "a deal line", "the store keeps the cards of played hands only")
    for v, kw in ((rec.partner, "partner"), (rec.pts, "pts"), (rec.tricks_won, "tricks"),
                  (rec.outcome, "the outcome"), (rec.laufende, "laufende")):
        _no(chk, v, kw, "nobody announced, so there is no declaring party")
    for m in rec.marks:
        _no(chk, m, m.kind, "no game is played, so nothing is doubled")
    score = rec.score
    if score is not None:
        done = set()
        for alias, v in score.entries:
            s = chk.seat(alias, v.pos)
            if s in done:
                raise chk.reject("E-SCORE", f"{alias} is scored twice", v.pos, found=alias,
                                 expected="one entry per seat")
            done.add(s)
            if v.value is not None and v.value != 0:
                raise chk.reject("E-SCORE", f"{alias} {v.value:+d} is written but a thrown-in deal settles nothing "
                                 "(rules.md G-4)", v.pos, found=f"{v.value:+d}", expected="0")
    chk.prov["units"] = "verified" if score is not None and all(v.value is not None for _, v in score.entries) \
        and len(score.entries) == 4 else "derived"
    chk.prov["outcome"] = "asserted"
    a = chk.aliases
    tags = rec.session.tags | rec.tags
    outcome, settle = thrown_outcome(prof, session=rec.session_id, group=tags.get("Event"), hand=rec.number,
                                     date=chk.date, rules=tags.get("Rules", ""), players=dict(chk.seats),
                                     dealer=a[dealer] if dealer is not None else None, seats=list(a),
                                     provenance=dict(chk.prov), warnings=[str(w) for w in chk.warnings],
                                     table=tags.get("Table"), site=tags.get("Site"))
    return outcome, None, settle


#: what a thrown-in deal settles: nothing (rules.md G-4)
_SETTLE = Settlement((0,) * 4, "misdeal", None, 1, 0, (), (0,) * 4,
                     "thrown in: all four passed and no Ramsch is played (rules.md G-4); redealt, 0 units")


def thrown_outcome(prof, *, session: str, group: str | None, hand: int, date: str | None, rules: str,
                   players: dict[str, str], dealer: str | None, seats: list[str], provenance: dict[str, str],
                   warnings: list[str], table: str | None = None, site: str | None = None
                   ) -> tuple[HandOutcome, Settlement]:
    """The stored outcome of a deal thrown in (rules.md G-4; see the module
    docstring) and its settlement: ``game_type`` ``thrown``, outcome
    ``misdeal``, 0 units for each of ``seats`` (the four aliases, clockwise),
    ``status`` ``score-sheet`` (no card log).  ``prof`` the
    :class:`~replay.schafkopf.SchafkopfProfile` (its flags stored);
    ``players`` alias -> name; ``dealer`` an alias or None.  The caller
    checks that the profile throws in (``ramsch=off``).  Never raises."""
    outcome = HandOutcome(
        session=session, group=group, hand=hand, date=date, rules=rules,
        rules_flags=prof.model_dump(), game="schafkopf", game_type="thrown", players=players,
        dealer=dealer, picker=None, partner=None, call=None, alone=False,
        leaster_winner=None, multiplier=1, picker_points=None, picker_tricks=None, outcome="misdeal",
        units={x: 0 for x in seats}, provenance=provenance, status="score-sheet",
        table=table, site=site, stake=1, marks=0, tier=None, partner_revealed_trick=None,
        called_suit=None, call_type=None, breakdown=_SETTLE.text, warnings=warnings,
    )
    return outcome, _SETTLE
