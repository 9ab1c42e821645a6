"""Properties of the tariff inference (replay/sk_tariff.py) and the [Rules]
text of a tariff (replay.schafkopf.rules_text)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.schafkopf import SCHAFKOPF_PROFILES, Game, LaufendeMin, SchafkopfProfile, SchafkopfTariff, parse_schafkopf_rules, rules_text
from replay.sk_tariff import PriceObservation, infer_tariff

BASE = SCHAFKOPF_PROFILES["netschafkopf"]

tariffs = st.builds(SchafkopfTariff, sauspiel=st.integers(1, 50), solo=st.integers(1, 200),
                    schneider=st.integers(1, 30), schwarz=st.integers(1, 30), laufender=st.integers(1, 30),
                    toutFactor=st.integers(2, 4), ramsch=st.integers(1, 50))
profiles = st.builds(lambda t, lm, klopfen, short: SchafkopfProfile(**{**BASE.model_dump(), "tariff": t.model_dump(),
                                                                        "laufendeMin": lm, "klopfen": klopfen,
                                                                        "shortDeck": short}),
                     tariffs, st.builds(lambda s, w: {**LaufendeMin().model_dump(), "sauspiel": s, "wenz": w},
                                        st.sampled_from([0, 2, 3]), st.sampled_from([0, 2, 3])),
                     st.booleans(), st.booleans())


@given(profiles)
@settings(max_examples=150, deadline=None)
def test_rules_text_reads_back_to_the_same_profile(prof):
    assert parse_schafkopf_rules(rules_text(prof)) == prof.model_copy(update={"name": "netschafkopf"})


def _price(t: SchafkopfTariff, game: Game, schneider: bool, schwarz: bool, lauf: int, doubled: int):
    """The stated price steps of one game, worked as rules.md G-14, G-19 and the protocols write them."""
    base = t.sauspiel if game is Game.SAUSPIEL else t.ramsch if game is Game.RAMSCH else t.solo
    steps, total = [], base
    if game is not Game.RAMSCH:
        if schneider:
            total += t.schneider
            steps.append(("schneider", 1, total))
            if schwarz:
                total += t.schwarz
                steps.append(("schwarz", 1, total))
        if lauf:
            total += lauf * t.laufender
            steps.append(("mit-laufende", lauf, total))
    if doubled:
        total *= 2 ** doubled
        steps.append(("aufgedoppelt", doubled, total))
    cls = "Rufspiel" if game is Game.SAUSPIEL else "Ramsch" if game is Game.RAMSCH else "Einzelspiel"
    return PriceObservation(1, game, cls, base, tuple(steps), None if game is Game.RAMSCH else lauf)


@given(tariffs, st.integers(0, 2))
@settings(max_examples=150, deadline=None)
def test_prices_worked_from_a_tariff_infer_that_tariff(t, doubled):
    obs = [_price(t, Game.SAUSPIEL, True, False, 0, 0), _price(t, Game.SOLO, True, True, 3, doubled),
           _price(t, Game.WENZ, False, False, 0, 0), _price(t, Game.RAMSCH, False, False, 0, doubled)]
    inf = infer_tariff(obs, BASE)
    got = inf.profile.tariff
    assert (got.sauspiel, got.solo, got.schneider, got.schwarz, got.laufender, got.ramsch) == (
        t.sauspiel, t.solo, t.schneider, t.schwarz, t.laufender, t.ramsch)
    assert inf.profile.klopfen == (doubled > 0 or BASE.klopfen)
    assert not inf.missing


@given(tariffs)
@settings(max_examples=100, deadline=None)
def test_one_game_priced_otherwise_does_not_move_the_majority(t):
    good = [_price(t, Game.SOLO, False, False, 0, 0) for _ in range(3)]
    odd = PriceObservation(9, Game.SOLO, "Einzelspiel", t.solo + 7, (), 0)
    inf = infer_tariff([*good, odd], BASE)
    assert inf.profile.tariff.solo == t.solo
    assert inf.facts["tariff.solo"] == (t.solo, 3, 1)  # value, games stating it, games disagreeing
