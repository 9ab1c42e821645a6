"""A Schafkopf house tariff read off stated prices (rules.md G-13..G-19).

Some records do not name their rules but state every game's price step by
step — a NetSchafkopf protocol writes "Das Einzelspiel kostet 50 Punkte. Mit
Schneider 60 Punkte. Mit 4 Laufenden 100 Punkte. 1 mal aufgedoppelt 200
Punkte." under each game.  :func:`infer_tariff` takes one
:class:`PriceObservation` per game (the stated base and steps with their
running totals, and what the cards say of the game: its class and the run of
Laufende on the dealt cards) and returns the :class:`SchafkopfProfile` that
the most games agree on, fact by fact:

* the base of each class: ``tariff.sauspiel`` (Rufspiel), ``tariff.solo``
  (Einzelspiel: Solo, Wenz, Geier and their Farb- forms, Tout before its
  factor), ``tariff.ramsch``;
* the additive steps ``tariff.schneider`` and ``tariff.schwarz`` (the rise
  of the running total at that step) and ``tariff.laufender`` (the rise
  divided by the number of Laufende);
* the factors: ``tariff.toutFactor`` ("Doppelt für Tout": the ratio),
  Jungfrau (a ratio of 2 per Jungfrau: ``jungfrau=doublesAll``),
  doublings before the game ("N mal aufgedoppelt", any game, Ramsch
  included: ``klopfen=on``, ×2 each as G-19) and Kontra ("N mal
  gespritzt", ×2 each, G-18);
* from how many Laufende count, per game (``laufendeMin``): at most the
  fewest a game was paid for, more than the most the cards held in a game
  that was not paid for any; 0 (not counted) when a game held more than the
  base profile's minimum and was paid for none and no game was paid for any.

Numbers are taken by majority, so one game that disagrees with the others is
left for the per-game check to report (the importer re-checks every game
against the inferred profile).  A step no game states (schneider, schwarz,
Laufender) takes a stated step's value; when no step is stated and the
bases are G-16's cent tariff (Sauspiel 10 or 20, Solo 50), G-16's +10 (and,
at 10/50 with no Ramsch priced, G-16's Ramsch of 20); any other fact the
base profile's;
both are listed in ``TariffInference.assumed``; a fact a game
needs that no readable price states is listed in ``missing``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .schafkopf import SHORT_DAVONLAUFEN, Game, LaufendeMin, SchafkopfProfile

__all__ = ["PriceObservation", "TariffInference", "infer_tariff", "price_class", "price_entries"]

#: Additive and multiplicative step kinds of a stated price.
ADDITIVE = ("schneider", "schwarz", "mit-laufende", "ohne-laufende")
FACTORS = ("gespritzt", "aufgedoppelt", "jungfrau", "tout")


def price_class(game: Game) -> str:
    """The price class of a game: ``Rufspiel`` (Sauspiel), ``Ramsch``, else
    ``Einzelspiel``."""
    if game is Game.SAUSPIEL:
        return "Rufspiel"
    return "Ramsch" if game is Game.RAMSCH else "Einzelspiel"


def price_entries(game_type: str | None, tier: int | None, laufende: int | None) -> list[str]:
    """The tariff entries a stored Schafkopf game's price is built from, in
    tariff order: the base of its class (``tariff.sauspiel`` for a Sauspiel,
    ``tariff.ramsch`` for a Ramsch, else ``tariff.solo``: Solo, Wenz, Geier,
    their Farb- forms, Tout), then ``tariff.schneider`` at ``tier`` 2 or 3,
    ``tariff.schwarz`` at 3 (rules.md G-14: schwarz one step above
    schneider; not in a Tout, whose price is doubled instead) and
    ``tariff.laufender`` when ``laufende`` (the count in its price, G-13) is
    above 0.  ``game_type`` as stored (``sauspiel``, ``solo``, ``wenz``, …,
    ``ramsch``); a deal thrown in (``thrown``) or None has no price: []."""
    if game_type in (None, "thrown"):
        return []
    if game_type == "ramsch":
        return ["tariff.ramsch"]
    out = ["tariff.sauspiel" if game_type == "sauspiel" else "tariff.solo"]
    if game_type != "tout" and tier is not None and tier >= 2:
        out.append("tariff.schneider")
        if tier >= 3:
            out.append("tariff.schwarz")
    if laufende:
        out.append("tariff.laufender")
    return out


@dataclass(frozen=True, slots=True)
class PriceObservation:
    """One game's stated price and the cards' facts.

    * ``line`` — where the price is written (for messages).
    * ``game`` — the game the cards were played as (:class:`Game`).
    * ``stated_class`` — ``Rufspiel``, ``Einzelspiel`` or ``Ramsch`` as the
      price line names it; ``base`` its first number (units).
    * ``steps`` — ``(kind, count, running total)`` in the order written;
      kinds :data:`ADDITIVE` and :data:`FACTORS`.
    * ``run`` — the run of Laufende on the dealt cards (rules.md G-13),
      None in a Ramsch.
    * ``durchmarsch`` — a Ramsch one player won by taking every trick
      (rules.md G-17): its price states ``tariff.durchmarsch``, not the
      Ramsch's rate.
    """

    line: int
    game: Game
    stated_class: str
    base: int
    steps: tuple[tuple[str, int, int], ...]
    run: int | None = None
    durchmarsch: bool = False  # a Ramsch won by Durchmarsch (G-17): its price is the Durchmarsch's, not the Ramsch's
    #: a Ramsch's seats left without a trick, not among its losers (the Jungfrauen, G-17): None when not known
    trickless: int | None = None


@dataclass(slots=True)
class TariffInference:
    """What :func:`infer_tariff` found: ``profile``; ``facts`` fact name →
    (value, number of games stating it, number disagreeing); ``assumed``
    facts no game states (the base profile's value kept); ``missing`` facts
    the games need that no price states (then ``profile`` is not to be
    trusted for those games)."""

    profile: SchafkopfProfile
    facts: dict[str, tuple[object, int, int]] = field(default_factory=dict)
    assumed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def describe(self) -> str:
        """One line per fact: ``tariff.sauspiel = 10 (from 12 games)``."""
        out = []
        for k, (v, n, bad) in self.facts.items():
            out.append(f"{k} = {v} (from {n} game{'s' if n != 1 else ''}"
                       + (f"; {bad} disagree" if bad else "") + ")")
        out += [f"{k}: not stated by any game (another step's value, else the base profile's)" for k in self.assumed]
        return "\n".join(out)


def _mode(values: list) -> tuple[object, int, int]:
    c = Counter(values)
    v, n = max(c.items(), key=lambda kv: (kv[1], -values.index(kv[0])))
    return v, n, len(values) - n


def infer_tariff(observations: list[PriceObservation], base: SchafkopfProfile,
                 short_deck: bool = False, unpriced: list[Game] = (), thrown: int = 0) -> TariffInference:
    """The house profile the stated prices give (see the module docstring).

    ``base`` supplies every flag the prices do not touch (card play, Ramsch
    ties, Durchmarsch) and every number no game states; ``short_deck`` sets
    ``shortDeck`` (the 24-card pack, G-3); ``unpriced`` lists the games of
    blocks whose price could not be read (their class counts as played, so
    a base no other game states is ``missing``); ``thrown``: how many deals
    the record shows thrown in and dealt again when all passed (rules.md G-4:
    "throw in and redeal, or play Ramsch"): with no Ramsch game among the
    others, the house plays no Ramsch, ``ramsch=off`` (fact ``ramsch``).
    Never raises; the profile's ``name`` stays ``base.name``.
    """
    obs = list(observations)
    vals: dict[str, list] = {}

    def add(k: str, v) -> None:
        vals.setdefault(k, []).append(v)

    most_doublings = 0  # the most "N mal gespritzt" a game states: a third (Sup) is a house's further level, G-18
    present = {price_class(o.game) for o in obs if not o.durchmarsch} | {price_class(g) for g in unpriced}
    lauf_lo: dict[str, int] = {}
    lauf_hi: dict[str, int] = {}
    for o in obs:
        cls = price_class(o.game)
        if o.durchmarsch:  # "Der Ramsch kostet 70": the Durchmarsch's value, never the Ramsch's rate (nsk18 F5)
            add("tariff.durchmarsch", o.base)
            continue
        add({"Rufspiel": "tariff.sauspiel", "Einzelspiel": "tariff.solo", "Ramsch": "tariff.ramsch"}[cls], o.base)
        if o.trickless and not any(kind == "jungfrau" for kind, _n, _t in o.steps):
            add("jungfrau", "off")  # a Jungfrau by the cards, none in the price: the house plays without the rule
        total = o.base
        counted = 0
        for kind, n, t in o.steps:
            if kind == "schneider":
                add("tariff.schneider", t - total)
            elif kind == "schwarz":
                add("tariff.schwarz", t - total)
            elif kind in ("mit-laufende", "ohne-laufende") and n > 0:
                counted = n
                if (t - total) % n == 0:
                    add("tariff.laufender", (t - total) // n)
                else:
                    add("tariff.laufender", (t - total) / n)
            elif kind in FACTORS and total:
                ratio = t // total if t % total == 0 else t / total
                if kind == "tout":
                    add("tariff.toutFactor", ratio)
                elif kind == "jungfrau":
                    add("jungfrau", "doublesAll" if ratio == 2 ** n else f"×{ratio} for {n}")
                elif kind == "aufgedoppelt":
                    add("klopfen", "on" if ratio == 2 ** n else f"×{ratio} for {n}")
                else:
                    add("kontra", "×2 each" if ratio == 2 ** n else f"×{ratio} for {n}")
                    if ratio == 2 ** n:
                        most_doublings = max(most_doublings, n)
            total = t
        if o.game is not Game.RAMSCH and o.run is not None:
            g = o.game.value
            if counted:
                lauf_hi[g] = min(lauf_hi.get(g, counted), counted)
            elif o.run > 0:
                lauf_lo[g] = max(lauf_lo.get(g, 0), o.run + 1)
    inf = TariffInference(base)
    numbers: dict[str, int] = {}
    for k, v in vals.items():
        val, n, bad = _mode(v)
        inf.facts[k] = (val, n, bad)
        if k.startswith("tariff.") and isinstance(val, int):
            numbers[k[len("tariff."):]] = val
    # An unstated step takes the value of a stated one (a house that adds 10 for schneider adds 10 for schwarz
    # and per Laufender, rules.md G-14, G-16), not the base profile's numbers of another tariff.
    steps = [numbers[k] for k in ("schneider", "schwarz", "laufender") if k in numbers]
    if not steps and numbers.get("sauspiel") in (10, 20) and numbers.get("solo") == 50 \
            and (base.tariff.sauspiel, base.tariff.solo) != (numbers["sauspiel"], 50):
        # no step stated beside the cent tariff of rules.md G-16 (Sauspiel 10, many tables 20; Solo 50): its steps,
        # +10 a schneider, a schwarz and a Laufender, not the base profile's of another scale (NetSchafkopf's own
        # 2/5/1: a schneider +1 beside a Rufspiel of 10, nsk18 F4)
        steps = [10]
        if "ramsch" not in numbers and numbers["sauspiel"] == 10:  # G-16's 10/50 tariff: a Ramsch 20 a winner
            numbers["ramsch"] = 20
    for k in ("schneider", "schwarz", "laufender"):
        if k not in numbers and steps:
            numbers[k] = steps[0]
    for cls, k in (("Rufspiel", "tariff.sauspiel"), ("Einzelspiel", "tariff.solo"), ("Ramsch", "tariff.ramsch")):
        if cls in present and k not in vals:
            inf.missing.append(f"{k} (the base of a {cls}: no readable price line of one)")
    for k in ("tariff.sauspiel", "tariff.solo", "tariff.ramsch", "tariff.schneider", "tariff.schwarz",
              "tariff.laufender", "tariff.toutFactor", "jungfrau", "klopfen"):
        if k not in vals and k not in " ".join(inf.missing):
            inf.assumed.append(k)
    mins: dict[str, int] = {}
    for g in LaufendeMin.model_fields:
        lo, hi = lauf_lo.get(g, 1), lauf_hi.get(g)
        b = getattr(base.laufendeMin, g)
        if g not in lauf_lo and hi is None:
            continue
        if b and lo <= b and (hi is None or b <= hi):
            val = b
        elif hi is not None:
            val = hi
        else:
            val = 0
        mins[g] = val
        inf.facts[f"laufendeMin.{g}"] = (val if val else "not counted", 1 if hi is None else 1, 0)
    upd: dict = {"tariff": base.tariff.model_copy(update=numbers),
                 "laufendeMin": base.laufendeMin.model_copy(update=mins), "shortDeck": short_deck}
    if short_deck and base.davonlaufenMinCards > SHORT_DAVONLAUFEN:  # as a [Rules] text's shortDeck=on (G-11 b)
        upd["davonlaufenMinCards"] = SHORT_DAVONLAUFEN
    if inf.facts.get("jungfrau", (None,))[0] in ("doublesAll", "off"):
        upd["jungfrau"] = inf.facts["jungfrau"][0]
    if inf.facts.get("klopfen", (None,))[0] == "on":
        upd["klopfen"] = True
    if thrown and "Ramsch" not in present and base.ramsch:  # all passed, the deal thrown in: no Ramsch (G-4)
        upd["ramsch"] = False
        inf.facts["ramsch"] = ("off", thrown, 0)
    if most_doublings > base.kontraLevels:  # the log's price line states the house's further doublings (nsk18 F9)
        upd["kontraLevels"] = most_doublings
        inf.facts["kontraLevels"] = (most_doublings, 1, 0)
    try:
        inf.profile = SchafkopfProfile(**{**base.model_dump(), **{k: (v.model_dump() if hasattr(v, "model_dump")
                                                                      else v) for k, v in upd.items()}})
    except ValueError as exc:  # a number out of range: keep the base, say so
        inf.missing.append(f"a consistent profile ({exc})")
        inf.profile = base.model_copy(update={"shortDeck": short_deck}) if not short_deck else base
    return inf
