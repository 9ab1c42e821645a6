"""``shead ledger --player`` with a seat alias instead of the stored name (a
tester's finding: ``--player Lou`` said only "no stored hand matches")."""

from __future__ import annotations

from typer.testing import CliRunner

from ingest.cli import app

runner = CliRunner()

NIGHT = ('%SHN 1.0\n[Event "Club"]\n[Date "2026.11.27"]\n'
         '[Seats "Hank=Hank Vogel; Ilse=Ilse Brandt; Jo=Jo Pautz; Kurt=Kurt Zell; Lou=Lou Ebert"]\n'
         '[Rules "wi5-called-ace"]\n\n'
         "hand 1  dealer Hank\npick Jo  call AC  partner Lou  pts 61  win\n")  # Jo +2, Lou +1, the others -1


def test_a_seat_alias_is_named_as_the_seat_of_the_stored_player(db, tmp_path):
    p = tmp_path / "n.shn"
    p.write_text(NIGHT)
    assert runner.invoke(app, ["ingest", str(p), "--db", str(db)]).exit_code == 0
    r = runner.invoke(app, ["ledger", "--player", "Lou Ebert", "--db", str(db)])
    assert r.exit_code == 0 and "Lou Ebert" in r.output and "+1" in r.output  # 61 is a plain win (rules.md I-1)
    r = runner.invoke(app, ["ledger", "--player", "Lou", "--db", str(db)])
    assert r.exit_code == 0
    said = " ".join(r.output.split())
    assert "'Lou' is no stored player's name but the seat of 'Lou Ebert'" in said
    assert "--player 'Lou Ebert'" in said
    r = runner.invoke(app, ["ledger", "--player", "Lou Ebrt", "--db", str(db)])
    assert "did you mean 'Lou Ebert'?" in " ".join(r.output.split())


def test_an_empty_filter_result_says_hands_are_stored(db, tmp_path):
    p = tmp_path / "n.shn"
    p.write_text(NIGHT)
    assert runner.invoke(app, ["ingest", str(p), "--db", str(db)]).exit_code == 0
    r = runner.invoke(app, ["ledger", "--group", "Another club", "--db", str(db)])
    said = " ".join(r.output.split())
    assert "no stored hand matches the filters (1 hands are stored" in said and "ingest some" not in said
