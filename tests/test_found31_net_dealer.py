"""verify31 F1 (fixh31): a player named ``Net`` or ``Final`` who deals -- the row's first cell on a sheet with no
Date column -- was read as the sheet's totals row (real31 F5's bare labels): the hand was dropped and W-CSV-TOTALS
said, or (Net dealing hand 1) nothing was stored at all.  A bare label that a player may be named (Final, Net,
Total ...) is a totals row only when the row's other hand cells (picker, partner, call, points ...) are blank.
Records /tmp/verify31/net4/sheepshead-2026-12-18.csv and net2/sheepshead-2026-12-16.csv, -17.csv, inline (dated by
their file names).

Worked by hand, profile wi5-called-ace (doubleOnBump on, rules.md B-32):
- hand 1: Ann deals, Net picks, calls AC, partner Bob, 50: a plain loss (B-27: 60 or less loses; B-28 31..60, x1),
  doubled on the bump: Net -2x2 = -4, Bob -1x2 = -2, Ann/Cal/Dee +1x2 = +2.
- hand 2: Dee alone, 95: schneider (B-28 91..120 x2), alone 4 shares (B-31): Dee +8, the others -2.
- hand 3: Bob picks, calls AH, partner Net, 25: schneidered loss (B-28 0..30 x2) on the bump (x2): Bob -2x4 = -8,
  Net -1x4 = -4, Ann/Cal/Dee +4.
- hand 4: Ann picks, calls AS, partner Cal, 70: a plain win (B-28 61..90 x1; B-31 / B-33): Ann +2, Cal +1,
  Bob/Dee/Net -1.
- hand 5 (Net deals): Cal picks, calls AS, partner Ann, 70: a plain win: Cal +2, Ann +1, Bob/Dee/Net -1.
Night (net4): Ann 2-2+4+2+1 = +7, Bob -2-2-8-1-1 = -14, Cal 2-2+4+1+2 = +7, Dee 2+8+4-1-1 = +12,
Net -4-2-4-1-1 = -12; sum 7-14+7+12-12 = 0.
net2 (Net deals hand 1 = hand 4 above, then hands 1..3 above): Ann 2+2-2+4 = +6, Bob -1-2-2-8 = -13,
Cal 1+2-2+4 = +5, Dee -1+2+8+4 = +13, Net -1-4-2-4 = -11; sum 0 -- its last row "Net total" / "Final" with blank
hand cells writes exactly these, so it is the totals row and no W-CSV-TOTALS.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

H1 = "Ann,{x},Bob,AC,50,2,-2,2,2,-4\n"
H2 = "Bob,Dee,,alone,95,-2,-2,-2,8,-2\n"
H3 = "Cal,Bob,{x},AH,25,4,-8,4,4,-4\n"
HEAD = "Dealer,Picker,Partner,Call,Points,Ann,Bob,Cal,Dee,{x}\n"


def _hands(db) -> dict[int, dict[str, int]]:
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, u.player, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, player, units in rows:
        out.setdefault(hand, {})[player] = units
    return out


@pytest.mark.parametrize("x", ["Net", "Final"])
def test_a_player_named_net_dealing_the_last_hand_is_a_hand(tmp_path, x):
    text = (HEAD + H1 + H2 + H3 + "Dee,Ann,Cal,AS,70,2,-1,1,-1,-1\n" + f"{x},Cal,Ann,AS,70,1,-1,2,-1,-1\n").format(x=x)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "sheepshead-2026-12-18.csv", text), db, "--rules", "wi5-called-ace")
    assert (rep["ingested"], _where(rep)) == (5, []), rep
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]
    assert _hands(db)[5] == {"Ann": 1, "Bob": -1, "Cal": 2, "Dee": -1, x: -1}
    got = ledger(db)
    assert got == {"Ann": 7, "Bob": -14, "Cal": 7, "Dee": 12, x: -12}
    assert sum(got.values()) == 0


@pytest.mark.parametrize(("x", "label"), [("Net", "Net total"), ("Final", "Final"), ("Net", "Net")])
def test_a_player_named_net_dealing_the_first_hand_is_a_hand(tmp_path, x, label):
    text = (HEAD + "{x},Ann,Cal,AS,70,2,-1,1,-1,-1\n" + H1 + H2 + H3
            + f"{label},,,,,6,-13,5,13,-11\n").format(x=x)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "sheepshead-2026-12-16.csv", text), db, "--rules", "wi5-called-ace")
    assert (rep["ingested"], _where(rep)) == (4, []), rep
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]
    assert _hands(db)[1] == {"Ann": 2, "Bob": -1, "Cal": 1, "Dee": -1, x: -1}
    got = ledger(db)
    assert got == {"Ann": 6, "Bob": -13, "Cal": 5, "Dee": 13, x: -11}
    assert sum(got.values()) == 0


def test_a_bare_net_totals_row_is_still_checked(tmp_path):
    """The bare label with blank hand cells stays the totals row: Ann written +7 where the rows sum to +6 is
    W-CSV-TOTALS at its cell (row 6, column 6); the hands stored as written."""
    text = (HEAD + "Cal,Ann,Cal,AS,70,2,-1,1,-1,-1\n" + H1 + H2 + H3 + "Net,,,,,7,-13,5,13,-11\n").format(x="Eve")
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "sheepshead-2026-12-16.csv", text), db, "--rules", "wi5-called-ace")
    assert (rep["ingested"], _where(rep)) == (4, []), rep
    said = [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert said == [(6, 6)], rep["warnings"]
    assert ledger(db) == {"Ann": 6, "Bob": -13, "Cal": 5, "Dee": 13, "Eve": -11}
