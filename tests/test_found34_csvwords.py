"""verify34 minor: a six-handed sit-out CSV pad (``--rules wi6-sit-out``) with no Dealer column is refused
E-DEALER (the dealer sits the hand out and settles 0, rules.md F-1, so must be known); the refusal said
"write dealer S on the hand line" (SHN's words), it now says to add a Dealer column."""

from __future__ import annotations

from typer.testing import CliRunner

from ingest.cli import app

runner = CliRunner()


def test_a_sit_out_pad_without_a_dealer_column_is_told_to_add_one(tmp_path):
    path = tmp_path / "six.csv"
    path.write_text("Date,Hand,Al,Bo,Cy,Di,Ed,Fy\n"
                    "2026-12-02,1,0,2,1,-1,-1,-1\n")
    db = tmp_path / "s.duckdb"
    r = runner.invoke(app, ["ingest", str(path), "--rules", "wi6-sit-out", "--db", str(db)])
    assert "E-DEALER" in r.output and "0 stored" in r.output, r.output
    assert "on the hand line" not in r.output, r.output
    assert "add a Dealer column" in r.output, r.output
