"""sheetx34 F6: a transposed sheet (players as rows, hands as columns: ``Player,Hand 1,...,Hand 4,Total``) is said
to be one, with what to do -- it was refused "no date column ... add a Date column", and with ``--columns
date=2026-12-05`` (README: a sheet of one night gives its date so) "no column '2026-12-05' in the header".  Nothing
is stored from such a sheet (no hand can be read from it), so there are no units to work out here: the test is of
the refusal, its place (the header row, column 1) and its words."""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json, write

BODY = ("Al,-1,-2,-2,-1,-6\nBea,2,2,-2,-1,1\nCy,1,2,-2,4,5\nDi,-1,-4,-2,-1,-8\nEd,-1,2,8,-1,8\n")
HEAD = "Player,Hand 1,Hand 2,Hand 3,Hand 4,Total\n"


@pytest.mark.parametrize("title, row", [("", 1), ("Friday Night Sheepshead - Dec 5 2026\n", 2)])
@pytest.mark.parametrize("extra", [(), ("--columns", "date=2026-12-05")])
def test_players_as_rows_is_said(tmp_path, title, row, extra):
    rep = ingest_json(write(tmp_path, "transposed.csv", title + HEAD + BODY), tmp_path / "x.duckdb", *extra)
    assert rep["ingested"] == 0
    errs = [e for e in rep["rejected"] if e["code"] == "E-CSV-COLUMNS"]
    assert len(errs) == 1, rep
    assert (errs[0]["line"], errs[0]["col"]) == (row, 1), errs
    msg = errs[0]["message"]
    assert "players as rows and hands as columns" in msg and "transpose" in msg, msg
    assert "no column '2026-12-05'" not in msg


@pytest.mark.parametrize("first", ["Name", "Spieler", "players"])
def test_other_first_headers(tmp_path, first):
    text = f"{first},1,2,3,4\n" + "".join(",".join(r.split(",")[:5]) + "\n" for r in BODY.splitlines())
    rep = ingest_json(write(tmp_path, "t.csv", text), tmp_path / "x.duckdb")
    assert rep["ingested"] == 0
    assert any("players as rows" in e["message"] for e in rep["rejected"]), rep


def test_a_ledger_given_a_night_date_is_told_what_date_is_for(tmp_path):
    """A ledger of sitting totals (players' columns, no hand's fields, no date column) with --columns
    date=2026-12-05: the message says a night's date is for a per-hand sheet, not "no column '2026-12-05'"."""
    text = "Name,Al,Bea\nx,1,-1\n"
    rep = ingest_json(write(tmp_path, "l.csv", text), tmp_path / "x.duckdb", "--columns", "date=2026-12-05")
    msgs = [e["message"] for e in rep["rejected"] if e["code"] == "E-CSV-COLUMNS"]
    assert msgs and not any("no column '2026-12-05'" in m for m in msgs), rep
    assert any("date=2026-12-05" in m and "date column" in m for m in msgs), msgs
