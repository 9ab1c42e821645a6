"""Score sheets brought by break24b (session 24, round 3), fixed by fixk: each
record written as a user would write it, each amount worked out by hand from
rules.md (/work/shared/reference/rules.md) before shead's figure was read."""

from __future__ import annotations

import json

import pytest

import duckdb

from tests.cli_helpers import cli, ledger, write


def _ingest(path: str, db, *extra: str) -> dict:
    """``shead ingest PATH --db DB --json``: its JSON report (the line after the text)."""
    r = cli("ingest", path, "--db", str(db), "--json", *extra, ok=False)
    (line,) = [x for x in r.output.splitlines() if x.startswith("{")]
    return json.loads(line)


def _where(report: dict) -> list[tuple[int, int, str, int]]:
    """Each refused hand's (line, column, code, hand)."""
    return [(e["line"], e["col"], e["code"], e["hand"]) for e in report["rejected"]]


# -- break24b F9: nets with no Picker column fitting an alone win AND a won leaster were stored as a pick --------------

#: n1.csv's rows as break24b wrote them, default profile (wi5-called-ace, doubleOnBump on, noPick=leaster):
#: h1 +2 +1 -1 -1 -1: Al picks with Bea and wins plain (B-28, B-33: picker 2, partner 1, each defender -1); a leaster
#: pays its winner 1 from each other seat (D-4: +4 / -1), so it is no leaster.  Stored.
#: h2 -1 -1 +4 -1 -1: Cy alone winning plain (B-33: 1 x 4 = +4, each defender -1) OR Cy winning a leaster (D-4: +4,
#: each -1).  Nobody wrote that anybody picked: refused at the row, E-RESULT-UNKNOWN naming both readings.
#: h3 -2 +8 -2 -2 -2: Bea alone winning schneider (B-28 tier 2: 2 x 4 = +8, each -2); a leaster gives +4 / -1 (x3 for
#: a sweep, +12 / -3), never +8 / -2: one reading, stored as Bea's pick.
#: Ledger: Al 2 - 2 = 0, Bea 1 + 8 = 9, Cy -1 - 2 = -3, Di -1 - 2 = -3, Ed -1 - 2 = -3 (sum 0).
NETS = """Date,Hand,Al,Bea,Cy,Di,Ed
2026-11-12,1,2,1,-1,-1,-1
2026-11-12,2,-1,-1,4,-1,-1
2026-11-12,3,-2,8,-2,-2,-2
"""


@pytest.mark.parametrize("stream", [False, True])
def test_nets_fitting_an_alone_win_and_a_leaster_are_refused_naming_both(tmp_path, monkeypatch, stream):
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "n1.csv", NETS), db)
    assert rep["ingested"] == 2
    assert _where(rep) == [(3, 1, "E-RESULT-UNKNOWN", 2)]
    msg = rep["rejected"][0]["message"]
    assert "pick Cy alone win; leaster Cy" in msg and "rules.md B-33, D-4" in msg
    if not stream:  # the sheet's words, added once the sheet read whole is judged
        assert "do not tell whether anybody picked" in msg and "a Leaster column" in msg
    assert rep["rejected"][0]["expected"] == "pick S or leaster S"
    assert ledger(db) == {"Al": 0, "Bea": 9, "Cy": -3, "Di": -3, "Ed": -3}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, picker, partner, outcome FROM hands ORDER BY hand").fetchall() == [
            (1, "Al", "Bea", "win"), (3, "Bea", None, "win-s")]


def test_the_same_units_with_a_leaster_cell_are_the_leaster(tmp_path):
    """The fix the message gives: Cy in a Leaster column is Cy's leaster (D-4: Cy +4, each other -1), stored with
    no picker; the row beside it with no Leaster cell, the same units, is still refused."""
    text = "Date,Hand,Leaster,Al,Bea,Cy,Di,Ed\n2026-11-12,1,Cy,-1,-1,4,-1,-1\n2026-11-12,2,,-1,-1,4,-1,-1\n"
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "lc.csv", text), db)
    assert rep["ingested"] == 1 and _where(rep) == [(3, 1, "E-RESULT-UNKNOWN", 2)]
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 4, "Di": -1, "Ed": -1}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT picker, leaster_winner FROM hands").fetchall() == [(None, "Cy")]


def test_a_cracked_nets_row_has_no_leaster_reading(tmp_path):
    """A Crack cell on the same units: a crack answers a pick (E-2), so no leaster was played.  Ed deals, so Al picks
    first... Cy picks alone; Di (after Cy) cracks: plain alone win x2 (E-1) is +8 / -2, so the units are written
    -2 -2 +8 -2 -2 and stored as Cy's pick, cracked."""
    text = "Date,Hand,Dealer,Crack,Al,Bea,Cy,Di,Ed\n2026-11-12,1,Ed,Di,-2,-2,8,-2,-2\n"
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "cr.csv", text), db)
    assert rep["rejected"] == [] and rep["ingested"] == 1
    assert ledger(db) == {"Al": -2, "Bea": -2, "Cy": 8, "Di": -2, "Ed": -2}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT picker, partner, outcome FROM hands").fetchall() == [("Cy", None, "win")]


def test_shn_pick_unknown_says_someone_picked_so_no_leaster_is_read(tmp_path):
    """SHN's ``pick ?`` says a seat picked (notation.md §7): the same +4 / -1 is Cy alone winning, stored as before."""
    shn = ('%SHN 1.0\n[Event "N"]\n[Date "2026.11.12"]\n[Seats "Al=Al; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]\n'
           '[Rules "wi5-called-ace"]\n\nhand 1\npick ?\nscore Al -1 Bea -1 Cy +4 Di -1 Ed -1\n')
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "p.shn", shn), db)
    assert rep["rejected"] == [] and rep["ingested"] == 1
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT picker, partner, outcome FROM hands").fetchall() == [("Cy", None, "win")]
