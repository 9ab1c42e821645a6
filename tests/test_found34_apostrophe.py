"""Session 34 (newuser34) F1: a phone's typographic apostrophe in ``[Event]`` started a second group.

The tester's apos_a.shn / apos_b.shn: one night, the second file typed on a phone (``[Event “Schultz’s Tuesday”]``,
a curly apostrophe inside curly quotes).  The reader turned the curly quotes AROUND the value into straight ones
(W-TAG-QUOTES) but kept the ’ inside, so hand 3 was filed in a new session ``Schultz’s Tuesday / 2026.12.07`` at
stake 1 and the doubler's ×2 (rules.md D-11) was lost.  The identity tags' typographic apostrophes (’ ‘ ʼ ′) and
inner curly double quotes are now read as the ASCII ones (docs/notation.md §4.1).
"""

from __future__ import annotations

import duckdb

from ingest.shn.reader import read
from tests.cli_helpers import cli, ledger, write

SEATS = '[Seats "Kurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; Ole=Ole Brandt"]'
A = f"""%SHN 1.0
[Event "Schultz's Tuesday"]
[Date "2026.12.07"]
{SEATS}
[Rules "wi5-called-ace; noPick=doubler"]

hand 1 dealer Kurt
pick Lou call AC partner Ned pts 74 win

hand 2 dealer Lou
doubler
"""
B = """%SHN 1.0
[Event \u201cSchultz\u2019s Tuesday\u201d]
[Date \u201c2026.12.07\u201d]
[Seats \u201cKurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; Ole=Ole Brandt"]
[Rules "wi5-called-ace; noPick=doubler"]

Hand 3 dealer Meg
Pick Ned call AH partner Ole pts 66 win
"""


def test_curly_apostrophe_event_joins_the_stored_night_and_carries_the_doubler(tmp_path):
    # By hand.  Hand 1: Lou picks, Ned partner, 74 = a plain win (rules.md B-27, B-28: 61..90, x1): Lou +2, Ned +1,
    # the three defenders Kurt, Meg, Ole -1 each (B-33); sum 2 + 1 - 3 = 0.
    # Hand 2: the doubler, no units; the next played hand is worth double (D-11).
    # Hand 3: Ned picks, Ole partner, 66 = a plain win (61..90, x1), x2 for the doubler: Ned +4, Ole +2,
    # Kurt/Lou/Meg -2 each; sum 4 + 2 - 6 = 0 (B-35).
    # Night: Kurt -1-2 = -3, Lou +2-2 = 0, Meg -1-2 = -3, Ned +1+4 = +5, Ole -1+2 = +1; sum 0.
    db = tmp_path / "apos.duckdb"
    cli("ingest", write(tmp_path, "apos_a.shn", A), "--db", str(db))
    r = cli("ingest", write(tmp_path, "apos_b.shn", B), "--db", str(db), ok=False)
    assert "W-SESSION-GAP" not in r.output, r.output
    with duckdb.connect(str(db), read_only=True) as con:
        assert [g for (g,) in con.execute('SELECT DISTINCT "group" FROM sessions').fetchall()] == ["Schultz's Tuesday"]
        units = dict(con.execute(
            "SELECT u.seat, CAST(u.units AS INTEGER) FROM hand_units u JOIN hands h USING (hand_id) "
            "WHERE h.hand = 3").fetchall())
    assert units == {"Ned": 4, "Ole": 2, "Kurt": -2, "Lou": -2, "Meg": -2}
    totals = ledger(db)
    assert totals == {"Kurt Weber": -3, "Lou Pagel": 0, "Meg Stoltz": -3, "Ned Hahn": 5, "Ole Brandt": 1}
    assert sum(totals.values()) == 0


def test_typographic_apostrophes_and_inner_quotes_in_identity_tags_read_as_ascii():
    for mark in ("\u2019", "\u2018", "\u02bc", "\u2032"):
        shn = read(f'%SHN 1.0\n[Event "Schultz{mark}s Tuesday"]\n[Session "Lou{mark}s night"]\n{SEATS}\n\n'
                   "hand 1 dealer Kurt\npick Lou call AC partner Ned pts 74 win\n", "t.shn")
        assert shn.hands[0].session.tags["Event"] == "Schultz's Tuesday"
        assert shn.hands[0].session.tags["Session"] == "Lou's night"
    shn = read(f'%SHN 1.0\n[Event "The \u201cBig\u201d Game"]\n{SEATS}\n\n'
               "hand 1 dealer Kurt\npick Lou call AC partner Ned pts 74 win\n", "t.shn")
    assert shn.hands[0].session.tags["Event"] == 'The "Big" Game'


def test_a_night_stored_with_the_curly_apostrophe_keeps_its_hands(tmp_path, monkeypatch):
    # A database written before this reading: the phone's night stored under 'Schultz’s Tuesday / 2026.12.07'
    # (the mark kept).  The same file sent again is a duplicate, not a second night counted twice: hand 3 alone,
    # Ned picks, Ole partner, 66 a plain win x1 (B-27, B-28; no doubler in that session): Ned +2, Ole +1,
    # Kurt/Lou/Meg -1 (B-33), sum 0 (B-35).
    import ingest.shn.reader as reader

    db = tmp_path / "old.duckdb"
    path = write(tmp_path, "apos_b.shn", B)
    monkeypatch.setattr(reader, "_PLAIN_MARKS", {})  # the reading before session 34
    cli("ingest", path, "--db", str(db), ok=False)
    monkeypatch.undo()
    r = cli("ingest", path, "--db", str(db), ok=False)
    assert "0 stored, 1 duplicates" in r.output and "W-TAG-SPACES" in r.output and "typographic" in r.output, r.output
    totals = ledger(db)
    assert totals == {"Kurt Weber": -1, "Lou Pagel": -1, "Meg Stoltz": -1, "Ned Hahn": 2, "Ole Brandt": 1}


def test_the_curly_quotes_warning_shows_the_value_as_read():
    shn = read(B, "apos_b.shn")
    (d,) = [d for d in shn.errors if d.code == "W-TAG-QUOTES"]
    assert d.expected == "[Event \"Schultz's Tuesday\"]" and "as [Event \"Schultz's Tuesday\"]" in d.message
