"""Session 30, fixc30: defects left in the pot (house rule ``pot=on``) after session 29.

F1: a hand arriving (a later file) for a ``pot=on`` night whose hands were all voided started from an empty pot,
though the night's opening pot (kept from its voided hand 1, docs/notation.md "pot N": "voiding that hand keeps it")
is known.  (F2, the way to change a kept opening pot: tests/test_found30_opening.py.)

Every amount worked out by hand from rules.md (/work/shared/reference/rules.md).  Five-handed called ace (rules.md
B-33: a called-ace side +2/+1/-1 at 61..90 (B-28 tier 1), +4/+2/-2 schneider at 91+; alone +4 / -1 each),
doubleOnBump (B-32: a plain loss -4/-2/+2), pot=on (D-19; docs/notation.md "The pot": a no-pick hand every player puts
1 in; a winning picker side takes the whole pot, the partner a quarter rounded down (replay.pot.pot_parts), the picker
the rest, alone the picker all; a losing side pays the same amounts in; the pot is an extra seat, rules.md J, so
players plus pot sum to zero).

Night 1 (2026.12.01, tests/test_found28_pot.NIGHT1): h1 leaster Ann: Ann +3, the others -2 (pot 5).  h2 Cal/Dot 50
lose: Cal -4, Dot -2, the others +2, the side pays the pot's 5 in (Dot 5 // 4 = 1, Cal 4): Cal -8, Dot -3 (pot 10).
h3 leaster Dot: Dot +3, the others -2 (pot 15).  Night 1: Ann +3, Bob -2, Cal -12, Dot -2, Eve -2 (sum -15); leaves 15.
Night 2 (2026.12.08, NIGHT2 with `pot 15` on h1): h1 Bob/Eve 95 win-s, h2 Ann alone 61 win.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import HEAD, NIGHT1, NIGHT2, _carry

N2 = "Tuesday Pot Game / 2026.12.08"
#: night 2's hand 3, sent in a later file: Cal picks, calls AS, Dot partner, 70: a plain win (B-28 tier 1, B-33
#: Cal +2, Dot +1, Ann/Bob/Eve -1).  Line 7 of its file.
H3 = HEAD.format(date="2026.12.08") + "hand 3  dealer Bob{pot}\npick Cal  call AS  partner Dot  pts 70  win\n"
#: night 1 with hand 3 Ann/Bob 70 win (break29b's n1_h3win.shn): h3 +2/+1/-1 and the side takes the pot's 10 (Bob
#: 10 // 4 = 2, Ann 8): Ann +10, Bob +3, Cal/Dot/Eve -1.  Night 1: Ann 3 + 2 + 10 = +15, Bob -2 + 2 + 3 = +3,
#: Cal -2 - 8 - 1 = -11, Dot -2 - 3 - 1 = -6, Eve -2 + 2 - 1 = -1 (sum 0); leaves 0
NIGHT1_H3WIN = NIGHT1.replace("hand 3  dealer Bob\nleaster Dot",
                              "hand 3  dealer Bob\npick Ann  call AS  partner Bob  pts 70  win")


def _night2_voided(tmp_path, db, how: str) -> None:
    """Nights 1 and 2 (`pot 15`) stored, then night 2's every hand voided: ``how`` "session" (`shead void
    --session`), "hands" (hand 2, then hand 1), or "rederive" (--session, then `shead rederive`, which keeps no
    running state for a session without a hand)."""
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)
    if how == "hands":
        cli("void", f"{N2}#2", "--reason", "not played", "--db", str(db))
        cli("void", f"{N2}#1", "--reason", "not played", "--db", str(db))
    else:
        cli("void", N2, "--session", "--reason", "sent wrong", "--db", str(db))
    if how == "rederive":
        cli("rederive", "--db", str(db))


# -- F1: a hand arriving for a night voided whole starts from the night's opening pot ------------------------------

@pytest.mark.parametrize("pot", ["", "  pot 15"])
@pytest.mark.parametrize("how", ["session", "hands", "rederive"])
def test_a_hand_arriving_for_a_night_voided_whole_starts_from_its_opening_pot(tmp_path, how, pot):
    """F1: night 2 voided whole; its hands 1 and 2 count for nothing (docs/notation.md `[_Voided]`), but the 15 its
    hand 1 opened with is the night's (notation.md pot N: voiding that hand keeps it, break29 F2).  Hand 3 arrives
    in a later file (no pot written, or `pot 15`: equal to what the rules derive, rules.md D-19): the pot holds 15
    before it.  Cal/Dot 70 win (+2/+1/-1) take the 15 (Dot 15 // 4 = 3, Cal 12): Cal +14, Dot +4, Ann/Bob/Eve -1,
    the pot -15 (14 + 4 - 3 - 15 = 0).  Ledger: Ann 3 - 1 = +2, Bob -2 - 1 = -3, Cal -12 + 14 = +2, Dot -2 + 4 = +2,
    Eve -2 - 1 = -3: sum 0, the 15 night 1 put in taken out.  Night 2 opens with the 15 night 1 left: no W-POT-CARRY,
    and no gap.  Was: the pot empty, Cal +2, Dot +1 (ledger sum -15: 15 units gone), or `pot 15` refused (E-POT)."""
    db = tmp_path / "f1.duckdb"
    _night2_voided(tmp_path, db, how)
    rep = _ingest(write(tmp_path, "n2_h3.shn", H3.format(pot=pot)), db)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    assert [w["code"] for w in rep["warnings"]] == []
    want = {"Ann Koch": 2, "Bob Lange": -3, "Cal Stein": 2, "Dot Frey": 2, "Eve Busch": -3}
    assert ledger(db) == want and sum(want.values()) == 0
    sheet = json.loads(cli("sheet", N2, "--json", "--db", str(db)).output)
    (h3,) = sheet["hands"]
    assert (sheet["pot_opened"], h3["pot"], h3["pot_balance"], sheet["pot"]) == (15, -15, 0, 0)
    assert h3["units"] == {"Ann": -1, "Bob": -1, "Cal": 14, "Dot": 4, "Eve": -1}
    # re-derived from the stored texts: the same (the night's opening kept, the voided hands no gap)
    cli("rederive", "--db", str(db))
    assert ledger(db) == want


def test_a_hand_arriving_for_a_night_voided_whole_is_checked_with_its_opening_pot(tmp_path):
    """F1, the check: night 1 leaves 0 (NIGHT1_H3WIN); night 2 writes `pot 15` (W-POT-CARRY at its hand 1) and is
    voided whole (no night of the carry then, break29 F4).  Its hand 3 arrives: the night opens with the 15 kept, and
    hand 3 takes it (Cal +14, Dot +4, Ann/Bob/Eve -1, as above), so the 15 no hand paid in are in the ledger: said at
    hand 3 (n2_h3.shn line 7, column 1), found pot 15, expected pot 0.  Ledger: Ann 15 - 1 = +14, Bob 3 - 1 = +2,
    Cal -11 + 14 = +3, Dot -6 + 4 = -2, Eve -1 - 1 = -2 (sum +15: those 15 units).  Was: Cal +2, Dot +1, not a word."""
    db = tmp_path / "f1c.duckdb"
    _ingest(write(tmp_path, "n1_h3win.shn", NIGHT1_H3WIN), db)
    assert _carry(_ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)) == [
        ("n2_15.shn", 7, 1, 1, "pot 15", "pot 0")]
    cli("void", N2, "--session", "--reason", "sent wrong", "--db", str(db))
    rep = _ingest(write(tmp_path, "n2_h3.shn", H3.format(pot="")), db)
    assert _carry(rep) == [("n2_h3.shn", 7, 1, 3, "pot 15", "pot 0")]
    (msg,) = [w["message"] for w in rep["warnings"] if w["code"] == "W-POT-CARRY"]
    assert msg.startswith("hand 3: this night's hand 1 is voided (shead void) and its opening pot 15 kept, so this "
                          "night opens with 15 in the pot, but the group's night 2026.12.01"), msg
    assert "15 units no hand paid in" in msg and "write pot 0 on its first hand in force (hand 3" in msg
    assert ledger(db) == {"Ann Koch": 14, "Bob Lange": 2, "Cal Stein": 3, "Dot Frey": -2, "Eve Busch": -2}
