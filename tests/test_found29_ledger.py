"""A score sheet's night imported twice, as newuser29 did (session 29; /tmp/s29/newuser29/FINDINGS.md F1), fixed by
fixi29: first without --rules (its doubler and the hand after it refused), then again with
``--rules "wi5-called-ace; noPick=doubler"`` (those two stored, the two stored before refused as E-HAND-CONFLICT
copies).  Every hand of the night is then stored and its totals are the sheet's Total row, so the ledger lists the
night complete: a refused copy of a hand whose number is stored is no missing hand.

Amounts worked out by hand from rules.md (/work/shared/reference/rules.md), five-handed, doubleOnBump on:
- h1 Bea picks, calls AH, the Defenders cell names Al, Cy, Ed so Di is the partner; 72 is 61..90, a plain win
  (B-28 x1, B-33): Bea +2, Di +1, Al/Cy/Ed -1.
- h2 a doubler (all passed, noPick=doubler): nobody pays, 0 each; the next hand is worth double (D-11).
- h3 Ed alone 95: 91..120, schneider x2 (B-28), alone 4 shares (B-31), doubled by the doubler (D-11): each
  defender -2x2 = -4, Ed +16.
- h4 Al picks, Cy the partner, 45: 31..60, a loss x1 (B-28), doubled on the bump (B-32): Al -4, Cy -2,
  Bea/Di/Ed +2.
Totals: Al -1+0-4-4 = -9, Bea +2+0-4+2 = 0, Cy -1+0-4-2 = -7, Di +1+0-4+2 = -1, Ed -1+0+16+2 = +17 (sum 0) = the
Total row.
Without the doubler's rules (the first send, noPick=leaster): h2 is refused E-NOPICK and h3's cells (-4 each)
are twice what the rules give (-2, no doubler): E-SCORE at Al's cell.  Stored h1 + h4: Al -1-4 = -5, Bea +2+2 = +4,
Cy -1-2 = -3, Di +1+2 = +3, Ed -1+2 = +1.
"""

from __future__ import annotations

import json

from tests.cli_helpers import cli, ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

#: newuser29's lastweek.csv (a Defenders column of names, a Doubler row, an alone row naming the four defenders,
#: a Total row)
LASTWEEK = """Date,Hand,Dealer,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
11/30/2026,1,Al,Bea,,AH,72,"Al, Cy, Ed",-1,2,-1,1,-1
11/30/2026,2,Bea,Doubler,,,,,0,0,0,0,0
11/30/2026,3,Cy,Ed,,alone,95,Al Bea Cy Di,-4,-4,-4,-4,16
11/30/2026,4,Di,Al,Cy,AS,45,Bea/Di/Ed,-4,2,-2,2,2
Total,,,,,,,,-9,0,-7,-1,17
"""
RULES = "wi5-called-ace; noPick=doubler"
NIGHT = "CSV lastweek 2026-11-30"


def _incomplete(db) -> tuple[set[int], str]:
    """The ledger's ``incomplete_sessions`` counts (one per player) and the text after its JSON line."""
    out = cli("ledger", "--db", str(db), "--json").output
    rows = json.loads(out.split("\n")[0])
    return {r["incomplete_sessions"] for r in rows}, out.split("\n", 1)[1]


def test_a_night_sent_again_with_its_rules_is_complete(tmp_path):
    """F1: after the second send the ledger has the hand-worked totals and no incomplete session (was: every
    player's incomplete_sessions 1 and "CSV lastweek 2026-11-30: 2 hand(s) refused; the stored totals equal the
    source's table")."""
    db = tmp_path / "club.duckdb"
    path = write(tmp_path, "lastweek.csv", LASTWEEK)
    first = _ingest(path, db)
    assert (first["ingested"], _where(first)) == (2, [(3, 4, "E-NOPICK", 2), (4, 9, "E-SCORE", 3)])
    assert ledger(db) == {"Al": -5, "Bea": 4, "Cy": -3, "Di": 3, "Ed": 1}
    counts, text = _incomplete(db)
    assert counts == {1} and f"{NIGHT}: hands 2, 3 refused; the stored totals differ" in text, text  # truly missing

    again = _ingest(path, db, "--rules", RULES)
    assert (again["ingested"], _where(again)) == (2, [(2, 1, "E-HAND-CONFLICT", 1), (5, 1, "E-HAND-CONFLICT", 4)])
    assert ledger(db) == {"Al": -9, "Bea": 0, "Cy": -7, "Di": -1, "Ed": 17}
    counts, text = _incomplete(db)
    assert counts == {0}, text
    assert NIGHT not in text and "refused" not in text, text


def test_a_copy_refused_beside_a_hand_still_missing_counts_only_the_missing_one(tmp_path):
    """The second send with its rules, its row 3 mistyped (Al -5: the row sums to -1, E-SCORE-SUM): h1 and h4 are
    refused copies of stored hands, h3 is missing.  The night stays incomplete, its note naming hand 3 alone (was
    "3 hand(s) refused").  Stored h1, h2, h4: Al -1+0-4 = -5, Bea +2+0+2 = +4, Cy -1+0-2 = -3, Di +1+0+2 = +3,
    Ed -1+0+2 = +1, against the Total row's -9, 0, -7, -1, +17."""
    db = tmp_path / "club.duckdb"
    _ingest(write(tmp_path, "lastweek.csv", LASTWEEK), db)
    typo = LASTWEEK.replace("alone,95,Al Bea Cy Di,-4,", "alone,95,Al Bea Cy Di,-5,")
    again = _ingest(write(tmp_path, "lastweek2.csv", typo), db, "--rules", RULES)
    assert _where(again) == [(4, 9, "E-SCORE-SUM", 3), (2, 1, "E-HAND-CONFLICT", 1), (5, 1, "E-HAND-CONFLICT", 4)]
    assert ledger(db) == {"Al": -5, "Bea": 4, "Cy": -3, "Di": 3, "Ed": 1}
    counts, text = _incomplete(db)
    assert counts == {1}
    assert (f"{NIGHT}: hand 3 refused; the stored totals differ from the source's own table: Al stored -5, "
            "source -9") in text, text


def test_a_copy_under_other_rules_that_pays_the_same_says_what_to_do(tmp_path):
    """F2: the second send's h1 (Bea +2, Di +1, Al/Cy/Ed -1 under both rules: no doubler before it) and h4 (Al -4,
    Cy -2, Bea/Di/Ed +2: the doubler of h2 is spent on h3) pay the same under either [Rules]; their E-HAND-CONFLICT
    says how to put the night under the new rules.  Nothing stored changes: the session keeps its first rules."""
    db = tmp_path / "club.duckdb"
    path = write(tmp_path, "lastweek.csv", LASTWEEK)
    _ingest(path, db)
    again = _ingest(path, db, "--rules", RULES)
    assert _where(again) == [(2, 1, "E-HAND-CONFLICT", 1), (5, 1, "E-HAND-CONFLICT", 4)]
    for e in again["rejected"]:
        assert (f"it pays the same under both: to keep the session under [Rules '{RULES}'], void it and ingest again "
                f"(shead void '{NIGHT}' --session --reason '...'), or amend its hands with the new [Rules] "
                "(shead ingest --amend FILE --reason '...')") in e["message"], e["message"]
    assert json.loads(cli("sheet", NIGHT, "--db", str(db), "--json").output)["rules"] == "wi5-called-ace"
