"""Round trips on generated legal hands, under both named profiles and every
table size of rules.md F-1:

* ``facts(read(write(h))) == facts(h)`` (notation.md §1);
* ``write(read(write(h))) == write(h)``: the canonical form is byte-stable;
* validating the written text gives back exactly what the engine played:
  the same units, outcome, picker, partner and card points, with every
  written fact verified and none in conflict.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.generate import to_record
from ingest.shn.reader import read
from ingest.shn.record import SessionRec, ShnFile, facts
from ingest.shn.writer import write
from ingest.validate import validate_text
from replay.generator import random_session
from replay.profile import parse_rules

SEATS = "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"
PROFILES = ["wi5-called-ace", "wi5-jack-of-diamonds", "wi5-called-ace; noPick=doubler",
            "wi5-jack-of-diamonds; jdCallUp=on; allowBlitz=queens; doubleOnBump=off",
            # house rules (issue 6, h6-house)
            "wi5-spitz; allowCastrate=on; allowBlitz=queensAndJacks; allowCallOwnAce=on",
            "wi5-clubs-trump; allowSheepsheadCall=on; allowCastrate=on",
            "wi5-jack-of-diamonds; jdHybridAceCall=on; jdMustNotBuryJD=on; jdPartnerCard=JC; allowSheepsheadCall=on",
            "wi5-jack-of-diamonds; trumpOrder=spitz1; jdCallUp=on; jdCallTiming=beforeBlind; jdHybridAceCall=on; "
            "allowSheepsheadCall=on; partnerOffHookNoTrick=on",
            # table sizes (rules.md F-1..F-4)
            "wi3", "wi3-30", "wi3-26; noPick=doubler", "wi4-cutthroat", "wi4-called-ace", "wi4-jack-of-diamonds",
            "wi6-sit-out", "wi6-jack-of-diamonds", "wi7-jack-of-diamonds", "wi4-black-queens",
            "wi6-black-queens", "wi8-black-queens", "wi6-jd-ace", "wi8-qc-jd-7d", "wi6-7d-high",
            # the areas mixed
            "wi6-sit-out; noPick=moster; allowCastrate=on", "wi6-sit-out; noPick=schwanzer",
            "wi3; noPick=mittler; allowSheepsheadCall=on", "wi6-jd-ace; allowCallOwnAce=on",
            # two-handed with table cards (rules.md F-1, h6-two)
            "wi2", "wi2; allowBlitz=queens; maxMarks=2",
            # issue 18 (h18a): the first two of a rank, other queen and jack orders
            "wi4-first-queens", "wi8-first-queens; firstTwoRank=ace", "wi5-called-ace; trumpOrder=jacksHigh",
            "wi5-jack-of-diamonds; trumpOrder=twoQueensHigh", "wi4-called-ace-34", "wi4-jack-of-diamonds-34"]
ALIASES = ["Al", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def _aliases(rules: str) -> list[str]:
    return ALIASES[:parse_rules(rules).players]


def session_file(seed: int, rules: str, n: int, sheet: float) -> tuple[list, ShnFile]:
    seats = SEATS if parse_rules(rules).players == 5 else "; ".join(_aliases(rules))
    sess = SessionRec({"Event": "Round trip", "Date": "2026.11.29", "Table": str(seed % 7), "Seats": seats,
                       "Rules": rules})
    gen = random_session(random.Random(seed), parse_rules(rules), n, score_sheet_rate=sheet, misdeal_rate=0.05)
    return gen, ShnFile([to_record(h, sess) for h in gen])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(PROFILES), st.sampled_from([0.0, 0.5]))
def test_write_read_write(seed, rules, sheet):
    _, shn = session_file(seed, rules, 6, sheet)
    text = write(shn)
    back = read(text)
    assert back.errors == [] and all(h.errors == [] for h in back.hands)
    assert [facts(h) for h in back.hands] == [facts(h) for h in shn.hands]
    assert write(back) == text


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(PROFILES), st.sampled_from([0.0, 0.5]))
def test_validation_reproduces_the_engine(seed, rules, sheet):
    gen, shn = session_file(seed, rules, 8, sheet)
    result = validate_text(write(shn), "gen.shn")
    assert result.rejected == [], [str(e) for r in result.rejected for e in r.errors]
    assert len(result.hands) == len(gen)
    aliases = _aliases(rules)
    for h, v in zip(gen, result.hands):
        o = v.outcome
        assert o.hand == h.number
        if h.kind == "misdeal":
            assert o.outcome == "misdeal"
            continue
        s = h.state.settlement()
        assert o.units == dict(zip(aliases, s.units))
        assert o.outcome == s.outcome
        assert o.status == ("score-sheet" if h.score_sheet or h.kind == "doubler" else "full")
        if h.kind == "pick":
            assert o.picker == aliases[h.state.picker]
            assert o.partner == (aliases[h.state.partner] if h.state.partner is not None else None)
            assert o.partner2 == (aliases[h.state.partner2] if h.state.partner2 is not None else None)
            assert o.picker_points == h.state.side_points()
        assert "conflict" not in o.provenance.values()
        if h.kind != "doubler":
            assert o.provenance["units"] == "verified"
