"""Session 34 (verify34 F7): a player's name typed with a curly apostrophe split the ledger without a word.

The tester's s1.shn (``Ole=Ole O'Brien``) then s3.shn, the next night typed on a phone (``Ole O’Brien``): stored as a
second player.  W-PLAYER-SPELLING was said only by its one-letter-apart reading (the same alias, a name of 5+
letters): here the phone's night seats him as ``OB`` and it was not said at all.  A [Seats] name is kept as written (docs/notation.md §4.1: one's own
name, as typed, may hold the mark); a name alike but for the typographic apostrophe is now named by
W-PLAYER-SPELLING, as one alike but for case, accents or spacing is, with the Seats as stored for the amendment.

By hand: s1 hand 1, Lou picks, Ned partner, 74 = a plain win (rules.md B-27, B-28, B-33): Lou +2, Ned +1,
Kurt/Meg/Ole -1 (sum 0).  s3 hand 1, Ole alone, 66 = a plain win: Ole +4, the four others -1 each (sum 0).
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write

S1 = """%SHN 1.0
[Event "Tuesday"]
[Date "2026.12.10"]
[Seats "Kurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; Ole=Ole O'Brien"]
[Rules "wi5-called-ace"]

hand 1 dealer Kurt
pick Lou call AC partner Ned pts 74 win
"""
S3 = """%SHN 1.0
[Event \u201cTuesday\u201d]
[Date \u201c2026.12.11\u201d]
[Seats \u201cKurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; OB=Ole O\u2019Brien\u201d]
[Rules \u201cwi5-called-ace\u201d]

hand 1 dealer Lou
pick OB alone pts 66 win
"""


def test_a_name_typed_with_a_curly_apostrophe_is_named_as_the_stored_player(tmp_path):
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "s1.shn", S1), "--db", str(db))
    r = cli("ingest", write(tmp_path, "s3.shn", S3), "--db", str(db), ok=False)
    flat = " ".join(r.output.split())
    assert "W-PLAYER-SPELLING" in flat and "Ole O\u2019Brien" in flat and "Ole O'Brien" in flat, r.output
    assert "s3.shn:4:1" in flat and "apostrophes (\u2019 for ')" in flat, r.output  # at the [Seats] tag
    # stored as written (they may be two players), the amendment with the stored Seats renames the hand
    assert ledger(db) == {"Kurt Weber": -2, "Lou Pagel": 1, "Meg Stoltz": -2, "Ned Hahn": 0, "Ole O'Brien": -1,
                          "Ole O\u2019Brien": 4}
