"""sheetx34 minor: a Picker cell of 'all pass', 'pass', 'passed', 'no pick', 'double' (nobody picked) is refused,
as before, but the refusal says how the sheet reader takes such a hand: a Doubler or a Leaster column, the Picker
cell blank (it said only "picker 'all pass' is not a player").  No hand is stored from the row, so no units to work
out; the refused row's place (row 2, the Picker column 4) is asserted."""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json, refused_at, write

HEAD = "Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed\n"


@pytest.mark.parametrize("word", ["all pass", "pass", "passed", "no pick", "double", "All Passed"])
def test_a_pass_word_in_the_picker_cell_says_doubler_or_leaster(tmp_path, word):
    rep = ingest_json(write(tmp_path, "p.csv", HEAD + f"2026-12-16,1,Al,{word},,,,,,,,,\n"), tmp_path / "x.duckdb")
    assert [(r[0], r[1], r[2]) for r in refused_at(rep)] == [(2, 4, "E-CSV-SEAT")]
    msg = rep["rejected"][0]["message"]
    assert "Doubler column" in msg and "Leaster column" in msg, msg
