"""Session 34 (newuser34) F2: ``Hand2`` (a missed space) at a line's start swallowed hand 2 into hand 1.

The tester's hand2.shn: hand 1 correct, then ``Hand2 dealer Lou`` and its pick line, then hand 3.  It was
``E-STATEMENT (hand 1): found 'Hand2'``: the correct hand 1 refused, hand 2 never named, "1 stored, 1 rejected"
for 3 hands.  ``hand2`` / ``Hand2`` at a line's start is now read as ``hand 2`` with W-PHONE-SLIP ("write
'hand 2'"), as ``Lou+2`` is.
"""

from __future__ import annotations

from ingest.shn.reader import read
from tests.cli_helpers import cli, ledger, write

SHN = """%SHN 1.0
[Event "Tuesday Basement Sheepshead"]
[Date "2026.12.10"]
[Seats "Kurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; Ole=Ole Brandt"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1 dealer Kurt
pick Lou call AC partner Ned pts 74 win

Hand2 dealer Lou
pick Meg call AH partner Kurt pts 52 lose

hand 3 dealer Meg
pick Ned call AC partner Ole pts 80 win
"""


def test_fused_hand_number_is_read_as_hand_n_with_a_warning(tmp_path):
    # By hand (wi5-called-ace: DOB on, rules.md B-32).  Hand 1: Lou picks, Ned partner, 74 a plain win (B-27,
    # B-28: 61..90 x1): Lou +2, Ned +1, Kurt/Meg/Ole -1 (B-31, B-33).  Hand 2: Meg picks, Kurt partner, 52 a
    # plain loss (31..60 x1), doubled on the bump (B-32): Meg -4, Kurt -2, Lou/Ned/Ole +2.  Hand 3: Ned picks,
    # Ole partner, 80 a plain win: Ned +2, Ole +1, Kurt/Lou/Meg -1.  Each hand sums to 0 (B-35).
    # Night: Kurt -1-2-1 = -4, Lou +2+2-1 = +3, Meg -1-4-1 = -6, Ned +1+2+2 = +5, Ole -1+2+1 = +2; sum 0.
    db = tmp_path / "h.duckdb"
    r = cli("ingest", write(tmp_path, "hand2.shn", SHN), "--db", str(db), ok=False)
    assert "3 stored" in r.output and "0 rejected" in r.output, r.output
    assert "hand2.shn:10:1: warning W-PHONE-SLIP: found 'Hand2'" in r.output, r.output
    assert "write 'hand 2'" in r.output
    totals = ledger(db)
    assert totals == {"Kurt Weber": -4, "Lou Pagel": 3, "Meg Stoltz": -6, "Ned Hahn": 5, "Ole Brandt": 2}
    assert sum(totals.values()) == 0


def test_lower_case_and_two_digit_fused_numbers():
    text = SHN.replace("Hand2 dealer Lou", "hand2 dealer Lou").replace("hand 3 dealer", "Hand12 dealer")
    shn = read(text, "t.shn")
    assert [h.number for h in shn.hands] == [1, 2, 12]
    assert not any(h.errors for h in shn.hands)
    slips = [(d.code, d.line, d.col, d.hand, d.expected) for d in shn.errors]
    assert slips == [("W-PHONE-SLIP", 10, 1, 2, "hand 2"), ("W-PHONE-SLIP", 13, 1, 12, "hand 12")]
    # a word that is not 'hand' and a number stays E-STATEMENT
    shn = read(SHN.replace("Hand2 dealer Lou", "Hand2a dealer Lou"), "t.shn")
    assert any(d.code == "E-STATEMENT" for h in shn.hands for d in h.errors)
