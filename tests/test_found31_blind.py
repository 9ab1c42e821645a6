"""Session 31, fixd31 (verify30 F6, left in session 30): a card of the written blind, which the picker took (rules.md
B-7: the picker picks up the blind and holds it until the bury), played in another seat's trick line, was told as
``E-RENEGE`` at the picker's card (a partial card log: the blind's card made the picker "hold" the led suit), as
``E-BLIND`` at the blind line (no deal lines: not at the card that shows it) or as ``E-NOT-HELD`` (all deal lines).
docs/notation.md's code table: ``E-BLIND`` is "a written blind card ... that another seat plays" (B-7).  So every
case is ``E-BLIND`` at the card played, naming the seat, the card, the trick and the blind's line and column.

The records (seats Al Bea Cy Di Ed clockwise, dealer Ed, so Al leads t1, rules.md B-17):

PARTIAL: Bea's deal line QC JC AD TD KC 9S, blind AS 7H, Bea picks (B-5) and buries AS KC (B-7), so by the record
Bea holds QC JC AD TD 9S 7H.  t1 Al leads 8H; Bea plays 9S; Cy KH, Di AH, Ed 7H.  Bea's 9S on a heart lead would be
a renege (B-18) only because the blind's 7H is counted in Bea's hand -- yet Ed plays that 7H in the same trick, so
the record contradicts itself about the blind: the first fact that cannot be is Ed playing the blind's 7H
(line 13, column 20: ``t1 Al: 8H 9S KH AH 7H``, 8H at 8, 9S at 11, KH at 14, AH at 17, 7H at 20).
"""

from __future__ import annotations

from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Event "Blind Night"]
[Date "2026.12.07"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
"""

PARTIAL = HEAD + """deal Bea QC JC AD TD KC 9S
blind AS 7H
pick Bea
bury AS KC
alone
t1 Al: 8H 9S KH AH 7H
"""

# No deal lines (docs/notation.md §9: each seat holds what it plays, the picker also the blind): Al plays the blind's
# 7H at line 12, column 8 (``t1 Al: 7H 9S KH AH 8H``); the blind is line 8, column 1.
NO_DEAL = HEAD + """blind AS 7H
pick Bea
bury AS KC
alone
t1 Al: 7H 9S KH AH 8H
"""

# Every deal line: Bea picks AS 7H and buries AS KC, so Bea holds 7H; t3 is led by Bea (she won t1 with TD, t2 with
# QC, B-19), and Al plays the blind's 7H at line 19, column 21 (``t3 Bea: 9S AC TS KS 7H``).  The blind: 13:1.
FULL = HEAD + """deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
pick Bea
bury AS KC
alone
t1 Al:  9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea: 9S AC TS KS 7H
"""


def _err(text: str):
    res = validate_text(text, "b.shn")
    errs = [e for r in res.rejected for e in r.errors if e.severity == "error"]
    assert not res.hands and len(errs) == 1, errs
    return errs[0]


def test_partial_log_blind_card_played_by_another_seat_is_E_BLIND_not_a_renege():
    e = _err(PARTIAL)
    assert e.code == "E-BLIND", e
    assert (e.line, e.col) == (13, 20)
    m = e.message
    assert "7H" in m and "Ed plays it in trick 1" in m and "blind (9:1)" in m and "Bea" in m, m
    assert "renege" in m and "9S" in m, m  # says why the picker's 9S is not told as a renege


def test_no_deal_lines_blind_card_played_by_another_seat_is_told_at_the_card():
    e = _err(NO_DEAL)
    assert e.code == "E-BLIND", e
    assert (e.line, e.col) == (12, 8)
    assert "Al plays it in trick 1" in e.message and "blind (8:1)" in e.message and "Bea" in e.message, e.message


def test_full_deal_blind_card_played_by_another_seat_is_E_BLIND():
    e = _err(FULL)
    assert e.code == "E-BLIND", e
    assert (e.line, e.col) == (19, 21)
    assert "Al plays it in trick 3" in e.message and "blind (13:1)" in e.message and "Bea" in e.message, e.message
