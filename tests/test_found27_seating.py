"""Score sheets brought by real27 (session 27: F1 seating, F3 `allein`; /tmp/s27/real27/FINDINGS.md, the tester's
hand working in /tmp/s27/real27/WORKING.md), fixed by fixc27: each record is the tester's file (or that file grown
as a scorer would), each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's
figure was read.  Profile wi5-called-ace (doubleOnBump on, crackEligibility afterPickerOnly).

Units (rules.md B-31..B-33, + = receives): a plain win (61..90, B-28 tier 1) picker +2, partner +1, each defender
-1; a loss (31..60) doubled on the bump (B-32) picker -4, partner -2, defenders +2; alone the picker takes 4
shares: a win +4 / -1 each, a loss with DOB -8 / +2 each.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


def _units(db) -> dict[tuple[str, int], dict[str, int]]:
    """Each stored hand's units by player, keyed (session date, hand)."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT s.date, h.hand, u.player, u.units FROM hands h JOIN sessions s USING (session_id) "
                           "JOIN hand_units u USING (hand_id) ORDER BY s.date, h.hand, u.seat_no").fetchall()
    out: dict[tuple[str, int], dict[str, int]] = {}
    for date, hand, player, units in rows:
        out.setdefault((str(date), hand), {})[player] = units
    return out


# -- real27 F3: `allein` in the Call column of a German sheet ----------------------------------------------------

#: /tmp/s27/real27/euro.csv as the tester wrote it (UTF-8 BOM, ';', decimal commas, German headers; columns
#: Ed;Cy;Al;Di;Bea).  Night 26.11.2026: hand 1 Al picks, calls AS, partner Cy, 88: a plain win: Al +2, Cy +1,
#: Ed/Di/Bea -1.  Hand 2 Bea `allein` (alone, rules.md B-13) at 60: a loss (B-27: at 60 the picker side loses),
#: alone, doubled on the bump (B-32, B-33): Bea -8, each other +2.  Night 03.12.2026: hand 1 Di, partner Ed, 31:
#: a plain loss with DOB: Di -4, Ed -2, Al/Bea/Cy +2.  Totals: Al 2+2+2 = +6, Bea -1-8+2 = -7, Cy 1+2+2 = +5,
#: Di -1+2-4 = -3, Ed -1+2-2 = -1 (sum 0).
EURO = ("\ufeffDatum;Spiel;Geber;Spieler;Partner;Ruf;Augen;Ed;Cy;Al;Di;Bea\n"
        "26.11.2026;1;Ed;Al;Cy;AS;88;-1,00;1,00;2,00;-1,00;-1,00\n"
        "26.11.2026;2;Al;Bea;;{call};60;2,00;2,00;2,00;2,00;-8,00\n"
        "03.12.2026;1;Ed;Di;Ed;AH;31;-2,00;2,00;2,00;-4,00;2,00\n")


@pytest.mark.parametrize("call", ["allein", "Allein", "ALLEINE", "alone"])
def test_allein_in_a_german_call_column_is_alone(tmp_path, call):
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "euro.csv", EURO.format(call=call)), db)
    assert rep["rejected"] == [] and rep["ingested"] == 3
    assert _units(db)[("2026-11-26", 2)] == {"Ed": 2, "Cy": 2, "Al": 2, "Di": 2, "Bea": -8}
    assert ledger(db) == {"Al": 6, "Bea": -7, "Cy": 5, "Di": -3, "Ed": -1}
    with duckdb.connect(str(db), read_only=True) as con:  # stored as SHN's `alone`, no card called
        got = con.execute("SELECT h.picker, h.alone, h.call, h.partner, h.picker_points FROM hands h "
                          "WHERE h.date = DATE '2026-11-26' AND h.hand = 2").fetchone()
    assert got == ("Bea", True, "alone", None, 60)  # as the same row with `alone` is stored


def test_solo_in_the_call_column_is_still_refused(tmp_path):
    """`Solo` is a Schafkopf game (rules.md G-5), not 'alone': refused at the Ruf cell (row 3, column 6) as before,
    the other two hands stored (hand 1 of each night: Al 2+2 = +4, Bea -1+2 = +1,
    Cy 1+2 = +3, Di -1-4 = -5, Ed -1-2 = -3)."""
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "euro.csv", EURO.format(call="Solo")), db)
    assert _where(rep) == [(3, 6, "E-CSV-CALL", 2)]
    assert ledger(db) == {"Al": 4, "Bea": 1, "Cy": 3, "Di": -5, "Ed": -3}
