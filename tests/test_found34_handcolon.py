"""verify34 F5: ``hand3:`` (a colon after the hand's number) swallowed the
correct hand above: ``E-STATEMENT (hand 2): found 'hand3:'``, the doubler of
hand 2 and hand 3 both refused.  ``hand3:``, ``hand 3:`` and ``Hand 3:`` at a
line's start are now read as ``hand 3`` with W-PHONE-SLIP ("write 'hand 3'"),
as ``Hand2`` is (newuser34 F2).  The tester's p1.shn, inline.
"""

from __future__ import annotations

import pytest

from ingest.shn.reader import read
from tests.cli_helpers import cli, ledger, write

SHN = """%SHN 1.0
[Event "Tuesday Basement"]
[Date "2026.12.10"]
[Seats "Kurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; Ole=Ole Brandt"]
[Rules "wi5-called-ace; noPick=doubler"]

Hand1 dealer Kurt
pick Lou call AC partner Ned pts 74 win

HAND2 dealer Lou
doubler

hand3: dealer Meg
pick Ned call AH partner Ole pts 66 win
"""

# By hand (wi5-called-ace, noPick=doubler).  Hand 1: Lou picks, Ned partner, 74 a plain win (rules.md B-27, B-28:
# 61..90 x1): Lou +2, Ned +1, Kurt/Meg/Ole -1 (B-31, B-33).  Hand 2: all passed, a doubler: no one pays, the next
# hand is worth double (D-11).  Hand 3: Ned picks, Ole partner, 66 a plain win, x2 (D-11): Ned +4, Ole +2,
# Kurt/Lou/Meg -2.  Night: Kurt -1-2 = -3, Lou +2-2 = 0, Meg -1-2 = -3, Ned +1+4 = +5, Ole -1+2 = +1; sum 0 (B-35).
NIGHT = {"Kurt Weber": -3, "Lou Pagel": 0, "Meg Stoltz": -3, "Ned Hahn": 5, "Ole Brandt": 1}


@pytest.mark.parametrize("written", ["hand3:", "hand 3:", "Hand 3:", "HAND3:"])
def test_a_colon_after_the_hand_number_is_read_as_hand_n(tmp_path, written):
    db = tmp_path / "p.duckdb"
    r = cli("ingest", write(tmp_path, "p1.shn", SHN.replace("hand3:", written)), "--db", str(db), ok=False)
    assert "3 stored" in r.output and "0 rejected" in r.output, r.output
    assert "E-STATEMENT" not in r.output and "E-NUMBER" not in r.output, r.output
    assert f"p1.shn:13:1: warning W-PHONE-SLIP: found '{written}'" \
        in r.output, r.output
    assert "write 'hand 3'" in r.output
    totals = ledger(db)
    assert totals == NIGHT
    assert sum(totals.values()) == 0


def test_the_colon_slip_names_hand_3_at_its_line():
    shn = read(SHN, "t.shn")
    assert [h.number for h in shn.hands] == [1, 2, 3]
    assert not any(h.errors for h in shn.hands)
    slips = [(d.code, d.line, d.hand, d.expected) for d in shn.errors if d.line == 13]
    assert slips == [("W-PHONE-SLIP", 13, 3, "hand 3")]
    # a colon after a word that is no hand number stays refused
    shn = read(SHN.replace("hand3:", "hand x:"), "t.shn")
    assert any(d.code == "E-NUMBER" for h in shn.hands for d in h.errors)
