"""A player's name misspelt at the table, corrected afterwards (session 18).

An amendment whose hand texts are the stored ones but whose header names a
player otherwise (``Cy=Cyril`` stored, ``Cy=Cyrill`` amended) was "already
this text, unchanged": a misspelt name could never be fixed.  Now it is a
correction: each hand amended takes the new names (its revision kept), and
when every hand of the session names them the session does too (its sheet,
its export).

The night, by hand (``wi5-called-ace``: picker 2, partner 1, each defender 1
a unit; double on the bump, rules.md B-28, B-32):

* hand 1: Bea picks, calls the ace of spades, Cy partner, 70: a win (61-90,
  B-28): Bea +2, Cy +1, Al, Di, Ed -1.
* hand 2: Cy picks, calls the ace of hearts, Di partner, 50: a loss (31-60),
  doubled on the bump: Cy -4, Di -2, Al, Bea, Ed +2.

Totals: Al +1, Bea +4, Cy -3, Di -3, Ed +1 (zero-sum: 1 + 4 - 3 - 3 + 1 = 0).
"""

from __future__ import annotations

import json

import duckdb

from ingest.cli import app
from tests.cli_helpers import cli, ledger, runner, write

HEAD = ('%SHN 1.0\n[Session "fri"]\n[Date "2026.12.04"]\n'
        '[Seats "Al=Alan; Bea=Beate; Cy=Cyril; Di=Dora; Ed=Eddie"]\n[Rules "wi5-called-ace"]\n\n')
HAND1 = "hand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n"
HAND2 = "hand 2  dealer Al\npick Cy  call AH  partner Di  pts 50  lose\n"


def test_a_misspelt_name_corrected_in_every_hand_renames_the_session(tmp_path):
    db = tmp_path / "x.duckdb"
    first = write(tmp_path, "a.shn", HEAD + HAND1 + "\n" + HAND2)
    cli("ingest", first, "--db", str(db))
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyril": -3, "Dora": -3, "Eddie": 1}
    fixed = write(tmp_path, "b.shn", HEAD.replace("Cy=Cyril", "Cy=Cyrill") + HAND1 + "\n" + HAND2)
    r = cli("ingest", "--amend", fixed, "--db", str(db))
    assert "fri#1 (hand id 1): revision 2 in force" in r.output and "unchanged" not in r.output, r.output
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyrill": -3, "Dora": -3, "Eddie": 1}
    assert "Al = Alan, Bea = Beate, Cy = Cyrill, Di = Dora, Ed = Eddie" in cli("sheet", "fri", "--db", str(db)).output
    hist = cli("history", "fri#2", "--db", str(db)).output
    assert "names: Cy is Cyrill (was Cyril)" in hist, hist
    # the export names Cyrill in its header, and a restore gives the same ledger
    out = tmp_path / "e.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text()
    assert '[Seats "Al=Alan; Bea=Beate; Cy=Cyrill; Di=Dora; Ed=Eddie"]' in text and "Cyril\"" not in text
    again = tmp_path / "again.duckdb"
    cli("ingest", str(out), "--db", str(again))
    assert ledger(again) == ledger(db)
    # the misspelt file sent again is the same hands: nothing new, and the correction stands
    assert "0 stored, 2 duplicates" in cli("ingest", first, "--db", str(db)).output
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyrill": -3, "Dora": -3, "Eddie": 1}
    assert "re-derived 2 hands: 0 changed" in cli("rederive", "--db", str(db)).output
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyrill": -3, "Dora": -3, "Eddie": 1}


def test_a_name_corrected_in_one_hand_only_moves_that_hand(tmp_path):
    """Only hand 2 amended under Cyrill: hand 1 stays Cyril's (+1), hand 2 is Cyrill's (-4); the session's
    names stay as stored (its hands do not all agree)."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD + HAND1 + "\n" + HAND2), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "b.shn", HEAD.replace("Cy=Cyril", "Cy=Cyrill") + HAND2), "--db", str(db))
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyril": 1, "Cyrill": -4, "Dora": -3, "Eddie": 1}
    with duckdb.connect(str(db), read_only=True) as con:
        assert json.loads(con.execute("SELECT players FROM sessions").fetchone()[0])["Cy"] == "Cyril"
    assert "re-derived 2 hands: 0 changed" in cli("rederive", "--db", str(db)).output
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyril": 1, "Cyrill": -4, "Dora": -3, "Eddie": 1}


def test_the_same_text_under_the_same_names_is_still_unchanged(tmp_path):
    db = tmp_path / "x.duckdb"
    first = write(tmp_path, "a.shn", HEAD + HAND1 + "\n" + HAND2)
    cli("ingest", first, "--db", str(db))
    r = cli("ingest", "--amend", first, "--db", str(db))
    assert r.output.count("already this text, unchanged") == 2, r.output
    assert "revision 1 in force" in cli("history", "fri#1", "--db", str(db)).output


def test_one_name_written_beside_bare_aliases_is_refused(tmp_path):
    """fix18 F4: `[Seats "Al; Bea=Beatrix; Cy; Di; Ed"]` (one name corrected, the others left bare) moved the
    hand's four other seats to new players "Al", "Cy", ... with exit 0.  Refused now, nothing changed, and the
    message gives the [Seats] line as stored."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD + HAND1 + "\n" + HAND2), "--db", str(db))
    before = ledger(db)
    short = HEAD.replace("Al=Alan; Bea=Beate; Cy=Cyril; Di=Dora; Ed=Eddie", "Al; Bea=Beatrix; Cy; Di; Ed")
    r = runner.invoke(app, ["ingest", "--amend", write(tmp_path, "b.shn", short + HAND1.replace("70", "75")),
                            "--db", str(db)])
    assert r.exit_code == 1 and "Al is 'Alan' there and 'Al' here" in r.output, r.output
    assert "Bea is" not in r.output  # Beatrix for Beate is a correction; the bare seats are what is refused
    assert '[Seats "Al=Alan; Bea=Beate; Cy=Cyril; Di=Dora; Ed=Eddie"]' in r.output
    assert ledger(db) == before


def test_an_old_header_sent_again_after_a_rename_says_what_it_moves(tmp_path):
    """break18 F7: after the rename, an amendment under the old header (a card fixed in the night's own old file)
    moved the hands back to the old name without a word.  The names written are the correction, so they move;
    each moved hand says so now.  Hand 1 at 75 is still a plain win: the ledger's figures stay, under Cyril."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD + HAND1 + "\n" + HAND2), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "b.shn", HEAD.replace("Cy=Cyril", "Cy=Cyrill") + HAND1 + "\n" + HAND2),
        "--db", str(db))
    r = cli("ingest", "--amend", write(tmp_path, "c.shn", HEAD + HAND1.replace("70", "75") + "\n" + HAND2),
            "--db", str(db))
    assert r.output.count("names: Cy is 'Cyril' (was 'Cyrill')") == 2, r.output
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyril": -3, "Dora": -3, "Eddie": 1}


def test_renaming_with_the_nights_own_file_leaves_its_voided_hand_voided(tmp_path):
    """break18 F11: the night's own file sent with the corrected [Seats] brought its voided hand back into every
    total (one line said, exit 0).  A voided hand sent as it was voided, under other names, stays voided now;
    its text changed brings it back.  By hand: hand 2 voided, hand 1 alone (Bea with Cy 70): Alan -1, Beate +2,
    Cyrill +1, Dora -1, Eddie -1; hand 2 back (Cy with Di 50 lost on the bump: -4 / -2 / +2): Alan +1, Beate +4,
    Cyrill -3, Dora -3, Eddie +1."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD + HAND1 + "\n" + HAND2), "--db", str(db))
    cli("void", "fri#2", "--reason", "typed twice", "--db", str(db))
    fixed = HEAD.replace("Cy=Cyril", "Cy=Cyrill")
    r = cli("ingest", "--amend", write(tmp_path, "b.shn", fixed + HAND1 + "\n" + HAND2), "--db", str(db))
    assert "fri#2 (hand id 2): voided, and this is its text as voided: left voided" in r.output, r.output
    assert ledger(db) == {"Alan": -1, "Beate": 2, "Cyrill": 1, "Dora": -1, "Eddie": -1}
    back = fixed + HAND2.replace("lose\n", "lose  {it happened after all}\n")
    r = cli("ingest", "--amend", write(tmp_path, "c.shn", back), "--db", str(db))
    assert "it was voided: it is back" in r.output, r.output
    assert ledger(db) == {"Alan": 1, "Beate": 4, "Cyrill": -3, "Dora": -3, "Eddie": 1}


def test_the_original_file_of_a_renamed_night_sent_under_another_name_is_called_a_copy(tmp_path):
    """break18 F3: after Cyril was renamed Cyrill, the original file sent again under another session name has
    'other players', so the copy check (same date, same players) passed it: the night counted twice and Cyril
    came back as a second player.  Now W-SESSION-COPY says so (the same seats, a player renamed there since)."""
    db = tmp_path / "x.duckdb"
    first = HEAD + HAND1 + "\n" + HAND2
    cli("ingest", write(tmp_path, "a.shn", first), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "b.shn", first.replace("Cy=Cyril", "Cy=Cyrill")), "--db", str(db))
    r = cli("ingest", write(tmp_path, "c.shn", first.replace('[Session "fri"]', '[Session "friday"]')), "--db", str(db))
    assert "W-SESSION-COPY: session 'friday', just stored, repeats session 'fri'" in r.output, r.output
    assert "the same seats (a player renamed there since)" in r.output
