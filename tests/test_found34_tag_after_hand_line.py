"""corr34 F5: a hand's own [Rules] on the line after a one-line hand.

E-AMEND-RULES says to write the hand's own `[Rules "..."]` after each hand line; on one-line hands
(`hand 1  dealer Al  pick Di ... win`) each such tag gave W-TAG-LATE, and `export --format shn` keeps the layout,
so every restore printed one a hand.  The tag right after the hand line (only tag lines between) is the hand's own
with no warning (docs/notation.md §4.2); after a blank line or a statement line it is still W-TAG-LATE.

By hand (rules.md B-27, B-31/B-33, B-32): h1 Di+Cy 67 won: Di +2, Cy +1, Al Bo Ed -1; h2 Ed+Di 50 lost (double
on the bump): Ed -4, Di -2, Al Bo Cy +2.  Al +1, Bo +1, Cy +3, Di 0, Ed -5 (sum 0).
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Friday Sheep Club"]
[Date "2026.11.20"]
[Seats "Al=Al Berg; Bo=Bo Dahl; Cy=Cy Voss; Di=Di Marsh; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

"""
OWN = '[Rules "wi5-called-ace; noPick=doubler"]\n'
NIGHT = (HEAD + "hand 1  dealer Al  pick Di  call AC  partner Cy  pts 67  win\n" + OWN
         + "\nhand 2  dealer Bo  pick Ed  call AS  partner Di  pts 50  lose\n" + OWN)
RIGHT = {"Al Berg": 1, "Bo Dahl": 1, "Cy Voss": 3, "Di Marsh": 0, "Ed Funk": -5}


def test_the_advised_layout_and_its_export_read_back_without_w_tag_late(tmp_path):
    db = tmp_path / "a.duckdb"
    r = cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    assert "2 stored" in r.output and "W-TAG-LATE" not in r.output, r.output
    assert ledger(db) == RIGHT and sum(RIGHT.values()) == 0
    out = tmp_path / "all.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text(encoding="utf-8")
    assert text.count(OWN) == 2  # each hand's own rules written out
    r = cli("ingest", str(out), "--db", str(tmp_path / "b.duckdb"))
    assert "2 stored" in r.output and "W-TAG-LATE" not in r.output, r.output
    assert ledger(tmp_path / "b.duckdb") == RIGHT


def test_a_tag_after_a_blank_line_or_a_statement_line_is_still_late(tmp_path):
    blank = HEAD + "hand 1  dealer Al  pick Di  call AC  partner Cy  pts 67  win\n\n" + OWN
    r = cli("ingest", write(tmp_path, "blank.shn", blank), "--db", str(tmp_path / "a.duckdb"))
    assert "W-TAG-LATE" in r.output, r.output
    lines = HEAD + "hand 1  dealer Al\npick Di  call AC  partner Cy  pts 67  win\n" + OWN
    r = cli("ingest", write(tmp_path, "lines.shn", lines), "--db", str(tmp_path / "b.duckdb"))
    assert "W-TAG-LATE" in r.output, r.output
