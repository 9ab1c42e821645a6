"""Session 30, fixc30 F2: a kept opening pot (house rule ``pot=on``) could be changed only by amending the voided hand 1
and voiding it again; now a ``pot N`` on the night's first hand in force (every hand before it voided) is its opening
balance (docs/notation.md "pot N"), as the SHN export already writes it there (break29b F1) and a restore reads it.

Every amount worked out by hand from rules.md (/work/shared/reference/rules.md).  Five-handed called ace (rules.md
B-33: a called-ace side +2/+1/-1 at 61..90 (B-28 tier 1), +4/+2/-2 schneider at 91+; alone +4 / -1 each),
doubleOnBump (B-32: a plain loss -4/-2/+2), pot=on (D-19; docs/notation.md "The pot": a no-pick hand every player puts
1 in; a winning picker side takes the whole pot, the partner a quarter rounded down (replay.pot.pot_parts), the picker
the rest, alone the picker all; a losing side pays the same amounts in; an empty pot is left alone in a picked hand;
the pot is an extra seat, rules.md J, so players plus pot sum to zero).

Night 1 (2026.12.01, tests/test_found28_pot.NIGHT1): h1 leaster Ann: Ann +3, the others -2 (pot 5).  h2 Cal/Dot 50
lose: Cal -4, Dot -2, the others +2, the side pays the pot's 5 in (Dot 5 // 4 = 1, Cal 4): Cal -8, Dot -3 (pot 10).
h3 leaster Dot: Dot +3, the others -2 (pot 15).  Night 1: Ann +3, Bob -2, Cal -12, Dot -2, Eve -2 (sum -15); leaves 15.
Night 2 (2026.12.08, NIGHT2 with `pot 15` on h1): h1 Bob/Eve 95 win-s, h2 Ann alone 61 win (+4/-1, and the pot).
"""

from __future__ import annotations

import json

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import HEAD, NIGHT1, NIGHT2, _carry
from tests.test_found30_pot import NIGHT1_H3WIN  # night 1 leaving 0

N2 = "Tuesday Pot Game / 2026.12.08"


#: night 2's hand 2, its first hand in force once hand 1 is voided, amended to write the night's opening pot
H2_POT = HEAD.format(date="2026.12.08") + "hand 2  dealer Ann  pot {pot}\npick Ann  alone  pts 61  win\n"


def test_a_kept_opening_pot_is_changed_by_a_pot_on_the_first_hand_in_force(tmp_path):
    """F2: night 1 leaves 0 (NIGHT1_H3WIN); night 2 writes `pot 15` on hand 1 (W-POT-CARRY, 15 units no hand paid
    in), whose hand 1 is then voided: the 15 is kept, hand 2 Ann alone 61 takes it, Ann +19.  The scorer writes
    `pot 0` on hand 2, the night's first hand in force, and amends it (shead ingest --amend): that is the night's
    opening balance now (docs/notation.md pot N), as an export of the night writes it.  Hand 2: Ann +4, the others
    -1, the pot 0.  Ledger: Ann 15 + 4 = +19, Bob 3 - 1 = +2, Cal -11 - 1 = -12, Dot -6 - 1 = -7, Eve -1 - 1 = -2:
    sum 0; night 2 opens with the 0 night 1 left: no W-POT-CARRY.  Was: E-AMEND-CARRY / E-POT ("pot 0 is written but
    the session's hands before it leave 15"), the way being to amend the voided hand 1 and void it again."""
    db = tmp_path / "f2.duckdb"
    _ingest(write(tmp_path, "n1_h3win.shn", NIGHT1_H3WIN), db)
    assert _carry(_ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)) == [
        ("n2_15.shn", 7, 1, 1, "pot 15", "pot 0")]
    r = cli("void", f"{N2}#1", "--reason", "not played", "--db", str(db))
    (line,) = [x for x in r.output.splitlines() if "W-POT-CARRY" in x]
    # the advice names the direct way: pot 0 on the first hand in force (hand 2), not amend-and-void-again
    assert "write pot 0 on its first hand in force (hand 2" in line, line
    assert "void it again" not in line
    assert ledger(db) == {"Ann Koch": 34, "Bob Lange": 2, "Cal Stein": -12, "Dot Frey": -7, "Eve Busch": -2}
    r = cli("ingest", "--amend", write(tmp_path, "n2_h2_pot0.shn", H2_POT.format(pot=0)), "--reason",
            "no pot carried", "--db", str(db))
    assert "in force" in r.output and "W-POT-CARRY" not in r.output, r.output
    want = {"Ann Koch": 19, "Bob Lange": 2, "Cal Stein": -12, "Dot Frey": -7, "Eve Busch": -2}
    assert ledger(db) == want and sum(want.values()) == 0
    sheet = json.loads(cli("sheet", N2, "--json", "--db", str(db)).output)
    (h2,) = sheet["hands"]
    assert (sheet["pot_opened"], h2["pot"], h2["units"]["Ann"], sheet["pot"]) == (0, 0, 4, 0)
    cli("rederive", "--db", str(db))
    assert ledger(db) == want


def test_a_first_hand_in_force_opening_with_other_than_the_night_before_left_is_said(tmp_path):
    """F2, the check: night 1 leaves 15 (NIGHT1); night 2 `pot 15`, hand 1 voided (the 15 kept: nothing said).  Hand
    2 amended with `pot 0`: the night now opens with 0, so night 1's 15 leave the ledger: W-POT-CARRY at the
    amendment's hand 2 (its line 7, column 1), found pot 0, expected pot 15.  Hand 2 Ann +4, the others -1.  Ledger:
    Ann 3 + 4 = +7, Bob/Cal/Dot/Eve night 1's -2/-12/-2/-2 less 1: -3, -13, -3, -3 (sum -15: the 15 left in night
    1's pot).  The export writes hand 2 with `pot 0` (not the voided hand's 15) and a restore stores the same."""
    db, db2 = tmp_path / "f2b.duckdb", tmp_path / "f2b_restored.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    _ingest(write(tmp_path, "n2_15.shn", NIGHT2.format(pot="  pot 15")), db)
    r = cli("void", f"{N2}#1", "--reason", "not played", "--db", str(db))
    assert "W-POT-CARRY" not in r.output
    amend = write(tmp_path, "n2_h2_pot0.shn", H2_POT.format(pot=0))
    r = cli("ingest", "--amend", amend, "--reason", "no pot carried", "--db", str(db))
    (line,) = [x for x in r.output.splitlines() if "W-POT-CARRY" in x]
    assert line.lstrip().startswith(f"{amend}:7:1: warning W-POT-CARRY: hand 2: "), line
    assert "left 15 in the pot" in line and "opens with 0" in line, line
    want = {"Ann Koch": 7, "Bob Lange": -3, "Cal Stein": -13, "Dot Frey": -3, "Eve Busch": -3}
    assert ledger(db) == want
    out = tmp_path / "export.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    night2 = out.read_text().split(f'[Session "{N2}"]')[1]
    (hand2,) = [b for b in night2.split("\n\n") if b.startswith("hand 2")]
    assert " pot 0" in hand2 and "pot 15" not in hand2, hand2
    rep = _ingest(str(out), db2)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert ledger(db2) == want


def test_a_pot_on_a_later_hand_than_the_first_in_force_is_still_checked(tmp_path):
    """F2's boundary: night 1's hand 1 voided (hand 2 its first hand in force; hand 1 wrote no pot, so the night
    opens empty), hand 3 amended to `pot 4  leaster Dot`: hand 2 is counted before it, so its pot is checked against
    the derived one (rules.md D-19): 0, h2 Cal/Dot lose leaving an empty pot alone (replay.pot.settle_pot): `pot 4`
    is refused (E-POT, found 4, expected 0), nothing changed; only the first hand in force opens the night."""
    db = tmp_path / "f2c.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    cli("void", "Tuesday Pot Game / 2026.12.01#1", "--reason", "not played", "--db", str(db))
    before = ledger(db)
    bad = HEAD.format(date="2026.12.01") + "hand 3  dealer Bob  pot 4\nleaster Dot\n"
    r = cli("ingest", "--amend", write(tmp_path, "n1_h3_pot4.shn", bad), "--reason", "x", "--db", str(db), ok=False)
    assert r.exit_code != 0 and "E-POT" in r.output and "nothing changed" in r.output, r.output
    assert ledger(db) == before
