"""edge34 F1..F3: a picked score-sheet hand with the picker's 8 cards written whole (his own ``deal`` line plus the
``blind``) but not every seat's deal line.  The rules that need only the picker's cards were checked only when the
whole deal was written; with the picker's line alone such hands were stored silently (F1, F2) or a clear record
was refused (F3).  Records from the tester's files /tmp/edge34/g/ (r04b, u01, g04b), copied inline.

Units by hand (five-handed, rules.md B-27/B-28: 61..90 a plain win; B-31 2:1 split; B-33 alone 4 shares):
* picker alone wins 70: each of the four defenders pays 1 -> picker +4, others -1 each (sum 4-4 = 0).
* picker with partner wins 70: each of the three defenders pays 1 -> 3 units, picker 2, partner 1
  (sum 2+1-3 = 0).
"""

from __future__ import annotations

from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dahl; Ed=Ed Eck"]
[Rules "{rules}"]

hand 1  dealer Ed
"""

ALONE_WIN = {"Cy": 4, "Al": -1, "Bea": -1, "Di": -1, "Ed": -1}


def _run(rules: str, body: str):
    return validate_text(HEAD.format(rules=rules) + body, "t.shn")


def _codes(res) -> list[str]:
    return [e.code for r in res.rejected for e in r.errors]


def _one(res):
    assert not res.rejected, [str(e) for r in res.rejected for e in r.errors]
    assert len(res.hands) == 1
    out = res.hands[0].outcome
    assert sum(out.units.values()) == 0
    return out


# ---- F1: jdMustNotBuryJD (rules.md C-3, C-6, C-8; docs/profiles.md: E-BURY-JD at the bury line)

R04B = """deal Cy QC QS JD 7C 8C 9C
blind AH 7H
pick Cy  bury JD 7C
pts 70  win
"""


def test_f1_buried_jd_alone_unwritten_is_refused():
    """Cy is dealt the J♦, so he is alone without writing it (C-3); he buries it, which jdMustNotBuryJD
    forbids (C-6): E-BURY-JD at the bury line (line 8 of the file), nothing stored."""
    res = _run("wi5-jack-of-diamonds; jdMustNotBuryJD=on", R04B)
    assert not res.hands
    assert _codes(res) == ["E-BURY-JD"]
    err = res.rejected[0].errors[0]
    assert err.line == 8


def test_f1_buried_jd_without_any_deal_line_is_refused():
    """The bury is the picker's: a buried J♦ was the picker's, so with no call he is alone (C-8) and under C-6
    that bury is refused even with no deal line written."""
    res = _run("wi5-jack-of-diamonds; jdMustNotBuryJD=on", "pick Cy  bury JD 7C\npts 70  win\n")
    assert _codes(res) == ["E-BURY-JD"]


def test_f1_alone_written_and_flag_off_unchanged():
    res = _run("wi5-jack-of-diamonds; jdMustNotBuryJD=on", R04B.replace("bury JD 7C", "bury JD 7C  alone"))
    assert _codes(res) == ["E-BURY-JD"]
    # flag off: burying the J♦ makes the picker alone (C-8): alone win 70 -> +4 / -1 each
    assert _one(_run("wi5-jack-of-diamonds", R04B)).units == ALONE_WIN


def test_f1_kept_jd_or_a_call_up_after_burying_it_is_stored():
    """Keeping the J♦ is fine: alone +4/-1.  Burying it and calling up the J♥ is not going alone (docs/profiles.md
    C-6 note): Cy +2, partner Al +1, Bea/Di/Ed -1."""
    kept = _one(_run("wi5-jack-of-diamonds; jdMustNotBuryJD=on", R04B.replace("bury JD 7C", "bury 8C 7C")))
    assert kept.units == ALONE_WIN
    up = _one(_run("wi5-jack-of-diamonds; jdMustNotBuryJD=on; jdCallUp=on",
                   R04B.replace("bury JD 7C", "bury JD 7C  call JH").replace("pts 70", "partner Al  pts 70")))
    assert up.units == {"Cy": 2, "Al": 1, "Bea": -1, "Di": -1, "Ed": -1}


# ---- F2: the J♦ call-up names the next-highest jack the picker does not hold (rules.md C-4a, C-4b, C-4d)

U01 = """deal Cy QC QS JD 7C 8C 9C
blind AH 7H
pick Cy  bury 7C 8C  call JS
partner Al  pts 70  win
"""


def test_f2_call_up_skipping_the_jh_is_refused():
    """Cy's 8 cards are written (deal line + blind), none is the J♥: he must call the J♥, not the J♠."""
    res = _run("wi5-jack-of-diamonds; jdCallUp=on", U01)
    assert not res.hands
    assert _codes(res) == ["E-CALL-JD"]
    assert "JH, not JS" in str(res.rejected[0].errors[0])


def test_f2_the_right_jack_is_stored():
    out = _one(_run("wi5-jack-of-diamonds; jdCallUp=on", U01.replace("call JS", "call JH")))
    assert out.units == {"Cy": 2, "Al": 1, "Bea": -1, "Di": -1, "Ed": -1}


def test_f2_timing_decides_whether_the_blind_counts():
    """The J♥ in the blind: after the blind (default) Cy holds it, so the next jack not held is the J♠ (stored
    +2/+1/-1); before the blind (C-4d) only the dealt cards count, so the call must be the J♥: E-CALL-JD."""
    body = U01.replace("blind AH 7H", "blind JH 7H")
    out = _one(_run("wi5-jack-of-diamonds; jdCallUp=on", body))
    assert out.units == {"Cy": 2, "Al": 1, "Bea": -1, "Di": -1, "Ed": -1}
    res = _run("wi5-jack-of-diamonds; jdCallUp=on; jdCallTiming=beforeBlind", body)
    assert _codes(res) == ["E-CALL-JD"]
    assert "JH, not JS" in str(res.rejected[0].errors[0])


def test_f2_call_up_without_the_jd_in_the_pickers_cards_is_refused():
    """Cy's 8 cards written, no J♦ among them: its holder is the partner, no call-up (C-1, C-4)."""
    res = _run("wi5-jack-of-diamonds; jdCallUp=on", U01.replace("JD 7C", "JC 7C").replace("call JS", "call JH"))
    assert _codes(res) == ["E-CALL-JD"]


def test_f2_hybrid_ace_call_without_the_jd_in_the_pickers_cards_is_refused():
    """jdHybridAceCall (C-5): the ace call is for a picker holding the J♦; Cy's 8 cards written without it ->
    E-CALL-JD.  With the J♦ dealt to him the same call is stored: Cy +2, Al +1, Bea/Di/Ed -1 (B-31)."""
    body = U01.replace("call JS", "call AC").replace("bury 7C 8C", "bury 8C 9C")
    res = _run("wi5-jack-of-diamonds; jdHybridAceCall=on", body.replace("JD 7C", "JC 7C"))
    assert _codes(res) == ["E-CALL-JD"]
    out = _one(_run("wi5-jack-of-diamonds; jdHybridAceCall=on", body))
    assert out.units == {"Cy": 2, "Al": 1, "Bea": -1, "Di": -1, "Ed": -1}


# ---- F3: allowCallOwnAce, the called ace in the picker's own bury (rules.md B-14, I-14, I-15)

G04B = """deal Cy QC QS QH JC 8S TD
blind AS 7H
pick Cy  bury AS 7H  call AS
pts 70  win
"""


def test_f3_own_ace_in_the_bury_is_scored_alone():
    """The A♠ is in Cy's bury: an own-ace call (allowed), scored alone: Cy +4, each of four -1."""
    out = _one(_run("wi5-called-ace; allowCallOwnAce=on", G04B))
    assert out.units == ALONE_WIN
    assert (out.call_type, out.partner, out.alone) == ("own-ace", None, True)


def test_f3_own_ace_from_the_blind_kept_is_scored_alone():
    """The A♠ came with the blind and is kept (7H and TD buried): Cy holds his own called ace: +4 / -1 each."""
    out = _one(_run("wi5-called-ace; allowCallOwnAce=on", G04B.replace("bury AS 7H", "bury TD 7H")))
    assert out.units == ALONE_WIN
    assert (out.call_type, out.partner) == ("own-ace", None)


def test_f3_default_profile_still_refuses():
    assert _codes(_run("wi5-called-ace", G04B)) == ["E-CALL-HELD"]


# ---- minor: an ambiguous score with `?` entries names the results it fits

def test_ambiguous_score_names_the_results():
    """Cy calls the A♥ and loses: -4 = 2 shares x 1 unit x 2 (double on the bump, B-31, B-32); Al and Bea +2 are
    defenders.  Of Di and Ed (written ?) one is the partner (-2), the other a defender (+2): 'lose with Di as
    partner' or 'lose with Ed as partner'.  Still E-RESULT-UNKNOWN, now naming both."""
    res = _run("wi5-called-ace", "pick Cy  call AH\nscore Al +2 Bea +2 Cy -4 Di ? Ed ?\n")
    assert _codes(res) == ["E-RESULT-UNKNOWN"]
    msg = str(res.rejected[0].errors[0])
    assert "lose with Di as partner or lose with Ed as partner" in msg, msg
    assert "write the partner" in msg
