"""Session 29, fixg29: break29b F1, F2, F3, F7 (/tmp/s29/break29b/FINDINGS.md): the pot's carry after voids and
under the same rules written another way.  Each record is written as the group's scorer wrote it; every amount worked
out by hand from rules.md (/work/shared/reference/rules.md).

Five-handed called ace (rules.md B-33: a called-ace side +2/+1/-1 at 61..90, +4/+2/-2 schneider at 91+ (B-28); alone
+4 / -1 each), doubleOnBump (B-32: a plain loss pays double, -4/-2/+2), pot=on (D-19; docs/notation.md "The pot": a
no-pick hand every player puts 1 in; a winning picker side takes the whole pot, the partner a quarter rounded down,
the picker the rest, alone the picker all; a losing side pays the same amounts in).

Night 1 (2026.12.01, tests/test_found28_pot.NIGHT1): h1 leaster Ann: Ann +3, the others -2 (pot 5).  h2 Cal/Dot 50
lose: Cal -4, Dot -2, the others +2, the side pays the pot's 5 in (Dot 5 // 4 = 1, Cal 4): Cal -8, Dot -3 (10).  h3
leaster Dot: Dot +3, the others -2 (15).  Night 1: Ann +3, Bob -2, Cal -12, Dot -2, Eve -2; leaves 15.
Night 2 (2026.12.08) h1 Bob/Eve 95 win-s: Bob +4, Eve +2, the others -2; with `pot 15` the side takes the 15 (Eve
15 // 4 = 3, Bob 12): Bob +16, Eve +5 (0); without it the pot opens at 0: Bob +4, Eve +2.  h2 Ann alone 61 win: Ann
+4, the others -1 (and, when hand 1 is voided with its `pot 15` kept, the whole 15: Ann +19).
Night 3 (2026.12.15) h1 leaster Cal: Cal +3, the others -2, the pot 5.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest
from tests.test_found28_pot import HEAD, NIGHT1, NIGHT2, _carry

N1 = "Tuesday Pot Game / 2026.12.01"
N2 = "Tuesday Pot Game / 2026.12.08"
NIGHT3 = HEAD.format(date="2026.12.15") + """hand 1  dealer Eve
leaster Cal
"""
#: the same rules as HEAD's `wi5-called-ace; pot=on`, written other ways (`shead rules`: wi5-pot is calledAce with
#: pot=on; doubleOnBump=on is wi5-called-ace's default)
SAME_RULES = ["wi5-pot", "wi5-called-ace;pot=on", "wi5-called-ace; pot=on; doubleOnBump=on"]


def _night2(rules: str, pot: str) -> str:
    return NIGHT2.format(pot=pot).replace('[Rules "wi5-called-ace; pot=on"]', f'[Rules "{rules}"]')


# -- break29b F2: the same rules written another way ---------------------------------------------------------------

@pytest.mark.parametrize("rules", SAME_RULES)
def test_the_same_rules_written_another_way_drop_no_pot_unsaid(tmp_path, rules):
    """break29b F2: night 2 under the same rules spelled another way, without `pot 15`: h1 Bob/Eve 95 win-s takes
    nothing (Bob +4, Eve +2, the others -2), h2 Ann +4, the others -1: night 2 Ann +2, Bob +3, Cal -3, Dot -3, Eve +1.
    Night 1's 15 leave the ledger: W-POT-CARRY at night 2's hand 1 (line 7, column 1), found pot 0, expected pot 15,
    as for `wi5-called-ace; pot=on`.  Ledger Ann +5, Bob +1, Cal -15, Dot -5, Eve -1 (sum -15).  Was: not a word."""
    db = tmp_path / "f2.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    rep = _ingest(write(tmp_path, "n2.shn", _night2(rules, "")), db)
    assert _carry(rep) == [("n2.shn", 7, 1, 1, "pot 0", "pot 15")]
    assert ledger(db) == {"Ann Koch": 5, "Bob Lange": 1, "Cal Stein": -15, "Dot Frey": -5, "Eve Busch": -1}


@pytest.mark.parametrize("rules", SAME_RULES)
def test_the_same_rules_written_another_way_are_one_group(tmp_path, rules):
    """break29b F2: night 2 (`pot 15`, the same rules spelled another way) takes night 1's 15; night 3 opens with 0
    after it, rightly: nothing said (was: W-POT-CARRY at night 3 against night 1 "write pot 15", 15 units no hand paid
    in).  Ledger: Ann 3 - 2 + 4 - 2 = +3, Bob -2 + 16 - 1 - 2 = +11, Cal -12 - 2 - 1 + 3 = -12, Dot -2 - 2 - 1 - 2 = -7,
    Eve -2 + 5 - 1 - 2 = 0 (sum -5: night 3's 5 in the pot)."""
    db = tmp_path / "f2b.duckdb"
    _ingest(write(tmp_path, "n1.shn", NIGHT1), db)
    assert _carry(_ingest(write(tmp_path, "n2.shn", _night2(rules, "  pot 15")), db)) == []
    assert _carry(_ingest(write(tmp_path, "n3.shn", NIGHT3), db)) == []
    assert ledger(db) == {"Ann Koch": 3, "Bob Lange": 11, "Cal Stein": -12, "Dot Frey": -7, "Eve Busch": 0}
