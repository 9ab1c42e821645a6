"""Never a wrong number (issue 10), as properties over random legal hands
under every profile family: take a hand's full record (deal, blind, bury,
call, every trick, partner, pts, tricks, outcome, score) and hide any subset
of what can be hidden — the deal lines, the bury, the blind, trailing tricks
(replaced by a claim where the claimer's side took them all, or left with the
written result), every trick (a score-sheet line), the written points,
tricks, outcome, partner or score.  The judge either accepts the record with
exactly the full hand's outcome and units, or refuses it with a positioned
error; it never stores a different number.  And a written fact changed to a
wrong value, in a record from which the judge derives that fact, is refused.

The expected values are the engine's own replay of the hand *as dealt and
played* (the generator plays every card through :class:`GameState`); the
judge sees only the text of the record with facts hidden, so the two are
independent paths to the same numbers.
"""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.generate import to_record
from ingest.shn.record import ScoreRec, SessionRec, ShnFile, Value
from ingest.shn.writer import write
from ingest.validate import validate_text
from replay.generator import random_hand
from replay.profile import parse_rules

#: Every named Sheepshead profile (rules.md J; the no-pick games and the pot
#: matter through the hands a pick follows) and the house-rule mixes.
PROFILES = ["wi5-called-ace", "wi5-jack-of-diamonds", "wi5-spitz", "wi5-clubs-trump", "wi5-forced-pick",
            "wi5-schiller", "wi5-moster", "wi5-mittler", "wi5-schneidster", "wi5-schwanzer", "wi5-pot",
            "wi3", "wi3-30", "wi3-26", "wi4-cutthroat", "wi4-called-ace", "wi4-jack-of-diamonds", "wi6-sit-out",
            "wi6-jack-of-diamonds", "wi7-jack-of-diamonds", "wi4-black-queens", "wi6-black-queens",
            "wi8-black-queens", "wi6-jd-ace", "wi8-qc-jd-7d", "wi6-7d-high", "wi2",
            "wi5-called-ace; doubleOnBump=off", "wi5-jack-of-diamonds; jdCallUp=on",
            "wi5-jack-of-diamonds; jdCallUp=on; jdCallTiming=beforeBlind; jdHybridAceCall=on",
            "wi5-called-ace; allowCallOwnAce=on", "wi5-spitz; allowCastrate=on; allowBlitz=queensAndJacks",
            "wi5-called-ace; partnerOffHookNoTrick=on", "wi5-called-ace; renegePenalty=offenderPaysEach",
            "wi5-clubs-trump; allowSheepsheadCall=on", "wi5-called-ace; schneiderSymmetric90=on",
            "wi5-called-ace; calledTenBeatsAce=on"]
ALIASES = ["Al", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
HIDE = ["deal", "bury", "blind", "trailing", "tricks", "pts", "tricks_won", "outcome", "partner", "score"]


def picked_hand(seed: int, rules: str):
    """A random legal picked hand (the generator's first pick from ``seed``)."""
    prof = parse_rules(rules)
    rng = random.Random(seed)
    for _ in range(50):
        h = random_hand(rng, prof, dealer=rng.randrange(prof.players))
        if h.kind == "pick":
            h.number = 1
            return h
    return None


def record(h, rules: str):
    aliases = ALIASES[:h.profile.players]
    sess = SessionRec({"Event": "Hidden", "Date": "2026.12.01", "Seats": "; ".join(aliases), "Rules": rules})
    return to_record(h, sess), aliases


def hide(rec, h, what: set[str], keep: int, claim: bool) -> object:
    """``rec`` with the facts in ``what`` left out; ``keep`` tricks kept when
    trailing tricks are hidden, replaced by a claim when ``claim`` and one
    side took every trick after them."""
    r = copy.deepcopy(rec)
    g = h.state
    if "deal" in what:
        r.deals, r.tables = [], []
    if "blind" in what or "deal" in what and "blind" in what:
        r.blind = None
    if "bury" in what:
        r.bury = None
    if "tricks" in what:
        r.tricks = []
        r.tricks_won = None if "tricks_won" in what else r.tricks_won
    elif "trailing" in what and keep < len(r.tricks):
        rest = g.tricks[keep:]
        winners = {w for _, _, w in rest}
        sides = {g.side_of(w) for w in winners}
        r.tricks = r.tricks[:keep]
        if claim and len(sides) == 1:
            r.claim = Value(ALIASES[next(iter(winners))])
    for f in ("pts", "tricks_won", "outcome", "partner", "score"):
        if f in what:
            setattr(r, f, None)
    if "partner" in what:
        r.partner2 = None
    return r


def judged(rec):
    text = write(ShnFile([rec]))
    res = validate_text(text, "hidden.shn")
    return res, text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(PROFILES), st.sets(st.sampled_from(HIDE)), st.integers(0, 7),
       st.booleans())
def test_hidden_facts_never_give_another_number(seed, rules, what, keep, claim):
    h = picked_hand(seed, rules)
    if h is None:
        return
    rec, aliases = record(h, rules)
    res, text = judged(hide(rec, h, what, keep, claim))
    s = h.state.settlement()
    if res.hands:
        o = res.hands[0].outcome
        assert o.units == dict(zip(aliases, s.units)), text
        assert o.outcome == s.outcome, text
        assert o.picker == aliases[h.state.picker], text
    else:
        assert res.rejected, text
        d = res.rejected[0].errors[0]
        assert d.line > 0 and d.col > 0, (str(d), text)
        # a legal hand with facts left out is refused only for what is missing:
        # the result, or (two-handed, F-1) the table lines a card log needs
        assert d.code in ("E-RESULT-UNKNOWN", "E-DEAL-INCOMPLETE"), (str(d), text)
        assert any(w in d.message for w in ("outcome", "partner", "picker", "result", "facts", "table")), str(d)


WRONG = ["pts", "tricks_won", "outcome", "partner", "score"]


def _wrong(r, fact: str, aliases, rng: random.Random):
    """``r`` with ``fact`` written wrong, or None when it is not written."""
    r = copy.deepcopy(r)
    if fact == "pts" and r.pts is not None and r.pts.value is not None:
        r.pts = Value((r.pts.value + rng.choice([1, 30, 61])) % 121)
    elif fact == "tricks_won" and r.tricks_won is not None and r.tricks_won.value is not None:
        r.tricks_won = Value((r.tricks_won.value + 1) % 7)
    elif fact == "outcome" and r.outcome is not None:
        others = [o for o in ("win", "lose", "win-s", "lose-s", "win-z", "lose-z") if o != r.outcome.value]
        r.outcome = Value(rng.choice(others))
    elif fact == "partner" and r.partner is not None and r.partner.value is not None:
        r.partner = Value(rng.choice([a for a in aliases if a != r.partner.value]))
    elif fact == "score" and r.score is not None:
        entries = list(r.score.entries)
        i, j = rng.sample(range(len(entries)), 2)
        d = rng.choice([1, 2])
        entries[i] = (entries[i][0], Value(entries[i][1].value + d))
        entries[j] = (entries[j][0], Value(entries[j][1].value - d))
        r.score = ScoreRec(entries)
    else:
        return None
    return r


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(PROFILES), st.sets(st.sampled_from(HIDE[:5])), st.integers(0, 7),
       st.booleans(), st.sampled_from(WRONG))
def test_a_wrong_written_fact_is_refused_where_it_can_be_derived(seed, rules, what, keep, claim, fact):
    h = picked_hand(seed, rules)
    if h is None:
        return
    rec, aliases = record(h, rules)
    base = hide(rec, h, what, keep, claim)
    # is the fact derived when it is left out?
    res, _ = judged(hide(base, h, {fact}, keep, False))
    if not res.hands:
        return
    o = res.hands[0].outcome
    key = {"pts": "picker_points", "tricks_won": "picker_tricks", "score": "units"}.get(fact, fact)
    if o.provenance.get(key) != "derived":
        return
    bad = _wrong(base, fact, aliases, random.Random(seed))
    if bad is None:
        return
    res, text = judged(bad)
    assert not res.hands, (fact, text, res.hands[0].outcome if res.hands else None)
    d = res.rejected[0].errors[0]
    assert d.line > 0 and d.code != "E-INTERNAL", (str(d), text)
