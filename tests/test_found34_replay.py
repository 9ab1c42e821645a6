"""dash34 F5: the Replay page says a sat-out dealer sat out (not "+0"), and a J♦ hand's call as the J♦ partner (not
"none", which read as "call not recorded") (streamlit.testing on tester dash34's records).

By hand: lake-2026-11-05 #6, dealer Kai at wi6-sit-out (rules.md F-1: the dealer sits out, 5 play): Al picks, calls
A♥, Gus partner, 90 points, a plain win (B-27: 61..90; B-28 schneider needs 91). Three defenders (Hal, Ida, Jo) pay
1 each; the picker takes 2, the partner 1 (B-33): Al +2, Gus +1, Hal -1, Ida -1, Jo -1 (sum 0), Kai sits out.
tue-2026-11-10 #1 at wi5-jack-of-diamonds: no call is made, the J♦ holder (Di) is the partner (rules.md C-1).
"""
from __future__ import annotations

from tests.dash34_records import hand_id, page, store


def test_replay_says_the_dealer_sat_out(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("replay_hand.py", db, monkeypatch, hand=str(hand_id(db, "lake-2026-11-05", 6)))
    score = next(m.value for m in at.markdown if m.value.startswith("**Score**"))
    assert score == "**Score** Al +2 · Gus +1 · Hal -1 · Ida -1 · Jo -1 · Kai sat out", score
    how = next(c.value for c in at.caption if c.value.startswith("How it was computed"))
    assert how.endswith("Al +2, Gus +1, Hal -1, Ida -1, Jo -1, Kai sat out"), how
    assert "+0" not in score + how


def test_replay_says_the_jack_of_diamonds_partner(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("replay_hand.py", db, monkeypatch, hand=str(hand_id(db, "tue-2026-11-10", 1)))
    facts = next(m.value for m in at.markdown if m.value.startswith("**Picker**"))
    assert "**Call** J♦ partner" in facts and "**Partner** Di" in facts, facts
    assert "Call** none" not in facts


def test_replay_of_a_five_handed_hand_has_no_sat_out(tmp_path, monkeypatch):
    # tue-2026-11-03 #1 (five-handed, nobody sits out): Cy +2, Ed +1, Al Bea Di -1 each, as the score line writes
    db = store(tmp_path)
    at = page("replay_hand.py", db, monkeypatch, hand=str(hand_id(db, "tue-2026-11-03", 1)))
    score = next(m.value for m in at.markdown if m.value.startswith("**Score**"))
    assert score == "**Score** Al -1 · Bea -1 · Cy +2 · Di -1 · Ed +1", score
