"""corr34 F3: W-HAND-AMENDED named the amendment that WROTE the text sent again, not the one that replaced it.

Hand 9's revisions: r1 ingest (Di's name misspelt in the header's [Seats]); r2 amend "Di's name misspelt" (the
header corrected, the hand's text the same: the same hash as r1); r3 void "oops wrong hand"; r4 amend "restore"
(the text with {back in force}).  Sending r2's text again said "the text from before the amendment of ... (Di's
name misspelt)": that amendment wrote this text.  The one that replaced it is r4 "restore", with the void r3
between.  The stored hand is unchanged by the duplicate: the ledger is hand 9 as r4 (Ed+Bo 74 won: Ed +2, Bo +1,
Al Cy Di -1 each: rules.md B-27, B-31/B-33; sum 0).
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Friday Sheep Club"]
[Date "2026.11.13"]
[Seats "Al=Al Berg; Bo=Bo Dahl; Cy=Cy Voss; Di={di}; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

"""
HAND = "hand 9  dealer Di  pick Ed  call AC  partner Bo  pts 74  win\n"
NIGHT = "Friday Sheep Club / 2026.11.13"
RIGHT = {"Al Berg": -1, "Bo Dahl": 1, "Cy Voss": -1, "Di Marsh": -1, "Ed Funk": 2}


def test_the_warning_names_the_amendment_that_replaced_the_text_and_the_void_between(tmp_path):
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "n.shn", HEAD.format(di="Di Marsch") + HAND), "--db", str(db))
    r2 = write(tmp_path, "r2.shn", HEAD.format(di="Di Marsh") + HAND)
    cli("ingest", "--amend", r2, "--reason", "Di's name misspelt", "--db", str(db))
    cli("void", f"{NIGHT}#9", "--reason", "oops wrong hand", "--db", str(db))
    r4 = write(tmp_path, "r4.shn", HEAD.format(di="Di Marsh") + HAND.rstrip("\n") + "  {back in force}\n")
    cli("ingest", "--amend", r4, "--reason", "restore", "--db", str(db))
    assert ledger(db) == RIGHT and sum(RIGHT.values()) == 0
    r = cli("ingest", r2, "--db", str(db))
    out = " ".join(r.output.split())
    assert "W-HAND-AMENDED" in out, out
    assert "this is the text from before the amendment of" in out
    assert "(restore;" in out, out
    assert "Di's name misspelt" not in out, out
    assert "voided before it" in out and "oops wrong hand" in out, out
    assert ledger(db) == RIGHT
