"""break30 F5 (house30 V_ownace.shn): under allowCallOwnAce=on (rules.md B-14, I-15) a picker who calls an ace they
hold is scored alone.  Written as ``call AS  partner Al`` (Al the picker, as a score app records it) the hand was
stored with call_type 'own-ace'; written as ``call AC`` with no partner and a score that shows the picker alone, it
was stored 'alone'.  Both are the same play: stored 'own-ace', partner none, picker alone.

By hand (B-33 five-handed alone; B-32 DOB on a loss):
h1 Al calls AS, own ace, 70 = a win (B-28 61..90): alone +4, each of four -1.
h2 Bea calls AC, no partner written, 40 = a loss: alone -4 x DOB 2 = -8, each of four +2 (the score shows no partner
   paying: own ace).
h3 Cy calls AH, 40 lose: the score shows Di -2 = the partner (B-31/B-33 with DOB: -4/-2/+2): an ordinary ace call.
"""

from __future__ import annotations

from ingest.validate import validate_text

TEXT = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; allowCallOwnAce=on"]

hand 1  dealer Ed
pick Al  call AS  partner Al  pts 70  win
score Al +4 Bea -1 Cy -1 Di -1 Ed -1

hand 2  dealer Al
pick Bea  call AC  pts 40  lose
score Al +2 Bea -8 Cy +2 Di +2 Ed +2

hand 3  dealer Bea
pick Cy  call AH  pts 40  lose
score Al +2 Bea +2 Cy -4 Di -2 Ed +2
"""


def test_own_ace_written_either_way_is_stored_the_same():
    res = validate_text(TEXT, "v.shn")
    assert not res.rejected, [str(e) for r in res.rejected for e in r.errors]
    o1, o2, o3 = (h.outcome for h in res.hands)
    assert o1.units == {"Al": 4, "Bea": -1, "Cy": -1, "Di": -1, "Ed": -1}
    assert o2.units == {"Al": 2, "Bea": -8, "Cy": 2, "Di": 2, "Ed": 2}
    assert o3.units == {"Al": 2, "Bea": 2, "Cy": -4, "Di": -2, "Ed": 2}
    assert (o1.call_type, o1.partner, o1.called_suit) == ("own-ace", None, "S")
    assert (o2.call_type, o2.partner, o2.called_suit) == ("own-ace", None, "C")
    assert (o3.call_type, o3.partner) == ("ace", "Di")


def test_without_the_flag_a_call_and_an_alone_score_is_not_own_ace():
    """allowCallOwnAce off (default): the same hand 2 is never stored as an own-ace call."""
    res = validate_text(TEXT.replace("; allowCallOwnAce=on", "").split("hand 1")[0]
                        + "hand 2  dealer Al\npick Bea  call AC  pts 40  lose\nscore Al +2 Bea -8 Cy +2 Di +2 Ed +2\n",
                        "v.shn")
    for h in res.hands:
        assert h.outcome.call_type != "own-ace"
