"""Records and corrections brought in session 19, each amount worked out by
hand from rules.md before shead's figure was read.

A night voided whole survives a backup (break18 F4, break18b F12)
------------------------------------------------------------------

The night, ``wi5-called-ace`` (picker 2, partner 1, each defender 1 a unit;
schneider doubles, alone the picker takes four shares, double on the bump:
rules.md B-28, B-29, B-32, B-33):

* hand 1: Bea picks, Di partner, 75: a win: Bea +2, Di +1, Al, Cy, Ed -1.
* hand 2: Cy picks, Ed partner, 45: lost, doubled on the bump: Cy -4,
  Ed -2, Al, Bea, Di +2.
* hand 3: Di alone, 93: schneider (91+), 2 a share: Di +8, the others -2.
* hand 4: a leaster won by Al: Al +4, the others -1 (rules.md C-1).
* hand 5: Ed picks, Al partner, 25: schneidered (30 or less) and lost,
  2 doubled on the bump = 4 a defender: Ed -8, Al -4, Bea, Cy, Di +4.
* hand 6: Al picks, Cy partner, 61: a win (61 is the picker's): Al +2,
  Cy +1, Bea, Di, Ed -1.

Totals: Al -1+2-2+4-4+2 = +1, Bea +2+2-2-1+4-1 = +4, Cy -1-4-2-1+4+1 = -3,
Di +1+2+8-1+4-1 = +13, Ed -1-2-2-1-8-1 = -15 (zero-sum: 1+4-3+13-15 = 0).
The same night sent again under ``[Table "2"]`` is a copy; voided whole,
the ledger counts the night once.  A restore of the export must keep it so.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.test_dashboard_replay import example_db  # noqa: F401 - a fixture
from tests.test_found18 import PLAIN_PROTOCOL

NIGHT = """%SHN 1.0
[Event "Friday"]
[Date "2026.12.04"]
[Table "{table}"]
[Seats "Al=Allen Braun; Bea=Bea Schmit; Cy=Cyril Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
pick Bea  call AH  partner Di  pts 75  win

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 45  lose

hand 3  dealer Bea
pick Di  alone  pts 93  win-s

hand 4  dealer Cy
leaster Al  pts 7

hand 5  dealer Di
pick Ed  call AC  partner Al  pts 25  lose-s

hand 6  dealer Ed
pick Al  call AH  partner Cy  pts 61  win
"""
ONCE = {"Allen Braun": 1, "Bea Schmit": 4, "Cyril Ott": -3, "Di Lenz": 13, "Ed Kahl": -15}
TWICE = {k: 2 * v for k, v in ONCE.items()}


def _voided_copy(tmp_path):
    """The night and its copy stored, the copy voided whole; the paths."""
    db = tmp_path / "a.duckdb"
    one = write(tmp_path, "night.shn", NIGHT.format(table=1))
    two = write(tmp_path, "night_table2.shn", NIGHT.format(table=2))
    cli("ingest", one, two, "--db", str(db))
    assert ledger(db) == TWICE
    cli("void", "Friday / 2026.12.04 / 2", "--session", "--reason", "a copy", "--db", str(db))
    assert ledger(db) == ONCE
    return db, one, two


def test_a_session_voided_whole_is_in_the_export_and_its_copy_stays_refused_after_a_restore(tmp_path):
    db, one, two = _voided_copy(tmp_path)
    out = tmp_path / "backup.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text()
    assert '[Session "Friday / 2026.12.04 / 2"]' in text
    assert '[_Voided "1 2 3 4 5 6"]' in text
    restored = tmp_path / "r.duckdb"
    r = cli("ingest", str(out), "--db", str(restored))
    assert "W-SESSION-VOIDED" in r.output
    assert ledger(restored) == ONCE
    # the scorer's copy sent again after the restore: refused, not counted twice (it was 6 stored before)
    r = cli("ingest", two, "--db", str(restored), ok=False)
    assert r.exit_code == 1
    assert "0 stored" in r.output and "6 rejected" in r.output and "was voided" in r.output
    assert ledger(restored) == ONCE
    # the restored database exports the voided session again, the same way
    again = tmp_path / "backup2.shn"
    cli("export", "--format", "shn", "--out", str(again), "--db", str(restored))
    assert again.read_text() == text
    # and the backup read once more adds nothing
    r = cli("ingest", str(out), "--db", str(restored))
    assert "0 stored, 6 duplicates" in r.output
    with duckdb.connect(str(restored), read_only=True) as con:
        assert con.execute("SELECT count(*), count(DISTINCT session) FROM sessions").fetchone() == (2, 2)
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 6


def test_a_lone_night_voided_whole_exports_its_header_not_an_empty_file(tmp_path):
    db = tmp_path / "a.duckdb"
    one = write(tmp_path, "night.shn", NIGHT.format(table=1))
    cli("ingest", one, "--db", str(db))
    cli("void", "Friday / 2026.12.04 / 1", "--session", "--reason", "played for practice", "--db", str(db))
    out = tmp_path / "backup.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(out), "--db", str(restored))
    r = cli("ingest", one, "--db", str(restored), ok=False)
    assert "0 stored" in r.output and "6 rejected" in r.output
    with duckdb.connect(str(restored), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 0
        row = con.execute('SELECT "group", date::VARCHAR, "table", game, players FROM sessions').fetchone()
    assert row[:4] == ("Friday", "2026-12-04", "1", "sheepshead")
    assert json.loads(row[4]) == {"Al": "Allen Braun", "Bea": "Bea Schmit", "Cy": "Cyril Ott", "Di": "Di Lenz",
                                  "Ed": "Ed Kahl"}


def test_an_export_voided_whole_over_a_database_that_has_the_night_in_force_changes_nothing(tmp_path):
    db, one, two = _voided_copy(tmp_path)
    out = tmp_path / "backup.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    other = tmp_path / "o.duckdb"
    cli("ingest", one, two, "--db", str(other))  # both tables in force here
    r = cli("ingest", str(out), "--db", str(other))
    assert "W-SESSION-VOIDED" in r.output and "in force" in r.output and "shead void" in r.output
    assert ledger(other) == TWICE  # said, not applied behind the user's back


def test_two_sessions_voided_whole_one_after_the_other_read_as_two(tmp_path):
    head = ('[Session "{s}"]\n[Date "2026.12.0{d}"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n'
            '[_Voided "1 2"]\n')
    text = ("%SHN 1.0\n" + head.format(s="a", d=1) + "\n" + head.format(s="b", d=2) + "\n"
            '[Session "c"]\n[Date "2026.12.03"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
            "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n")
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "three.shn", text), "--db", str(db))
    with duckdb.connect(str(db), read_only=True) as con:
        got = con.execute("SELECT session, date::VARCHAR, (SELECT count(*) FROM hands h WHERE h.session_id = "
                          "s.session_id) FROM sessions s ORDER BY session").fetchall()
    assert got == [("a", "2026-12-01", 0), ("b", "2026-12-02", 0), ("c", "2026-12-03", 1)]
    # hand 1 of c (Bea +2, Di +1, the others -1); a and b count nothing
    assert ledger(db) == {"Bea": 2, "Di": 1, "Al": -1, "Cy": -1, "Ed": -1}


def test_a_protocol_voided_whole_survives_a_backup(tmp_path):
    """The NetSchafkopf log of break18b (3 games, 10/50) voided whole: its
    export names its games voided, and the log sent after a restore is
    refused, not counted (it was counted in full before)."""
    log = tmp_path / "Schafkopfprotokoll_plain.txt"
    log.write_bytes(PLAIN_PROTOCOL.encode("cp1252"))
    db = tmp_path / "a.duckdb"
    cli("ingest", str(log), "--db", str(db))
    # by hand (rules.md G-12, G-14): game 1 Rufspiel won by PcOben and Gast, 10: PcOben, Gast +10, PcLinks,
    # PcRechts -10; game 2 Rufspiel lost by Gast and PcOben (76 Augen to the others): 10 the other way, every
    # seat back to 0 (the log's running table: +0 four times); game 3 Schellen-Solo won, 31 Augen to the others
    # (no schneider), 50 from each: PcLinks +150, the others -50
    assert ledger(db) == {"PcLinks": 150, "PcOben": -50, "PcRechts": -50, "Gast": -50}
    cli("void", "NetSchafkopf Schafkopfprotokoll_plain", "--session", "--reason", "a test night",
        "--db", str(db))
    out = tmp_path / "backup.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    assert '[_Voided "1 2 3"]' in out.read_text() and '[Cards "de"]' in out.read_text()
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(out), "--db", str(restored))
    r = cli("ingest", str(log), "--db", str(restored), ok=False)
    assert "0 stored" in r.output and "3 rejected" in r.output
    with duckdb.connect(str(restored), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 0
        assert con.execute("SELECT game FROM sessions").fetchone()[0] == "schafkopf"


TYPO_DATE = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve
2026-12-04,1,Eve,Ann,Bob,AH,72,W,,2,1,-1,-1,-1
{d2},2,Ann,Cal,Dee,AC,45,L,,2,2,-4,-2,2
2026-12-04,3,Bob,Dee,,alone,61,W,,-1,-1,-1,4,-1
"""


def test_a_mistyped_date_inside_a_night_marks_that_night_incomplete(tmp_path):
    """break18b F4.  By hand (``wi5-called-ace``, rules.md B-28, B-32, B-33):
    hand 1 Ann picks, Bob partner, 72, a win: Ann +2, Bob +1, the others -1;
    hand 2 Cal picks, Dee partner, 45, lost doubled on the bump: Cal -4,
    Dee -2, Ann, Bob, Eve +2; hand 3 Dee alone, 61, a win: Dee +4, the
    others -1.  The night: Ann +3, Bob +2, Cal -6, Dee +1, Eve 0.  With hand
    2's date typed ``2026-12-4O`` (a letter O) the row is refused: the
    stored night (Ann +1, Bob 0, Cal -2, Dee +3, Eve -2) lacks it, and the
    ledger must say so, as it does for any other refused row."""
    db = tmp_path / "c.duckdb"
    r = cli("ingest", write(tmp_path, "night.csv", TYPO_DATE.format(d2="2026-12-4O")), "--db", str(db), ok=False)
    assert "E-CSV-DATE" in r.output and "2 stored" in r.output
    assert ledger(db) == {"Ann": 1, "Bob": 0, "Cal": -2, "Dee": 3, "Eve": -2}
    out = cli("ledger", "--db", str(db)).output
    assert "hand 2 was refused at ingest" in out and "2026-12-04" in out
    # the date mended and the sheet sent again: hand 2 joins its night, which is complete
    r = cli("ingest", write(tmp_path, "night.csv", TYPO_DATE.format(d2="2026-12-04")), "--db", str(db))
    assert "1 stored, 2 duplicates" in r.output
    assert ledger(db) == {"Ann": 3, "Bob": 2, "Cal": -6, "Dee": 1, "Eve": 0}
    assert "refused" not in cli("ledger", "--db", str(db)).output


def test_a_mistyped_date_on_a_new_nights_first_hand_is_not_put_in_the_night_before(tmp_path):
    """The first row of the next night (hand 1 again) with its date mistyped
    is refused alone: the night before is complete (its three hands are
    stored), so it is not marked incomplete for a row that is not its own."""
    text = TYPO_DATE.format(d2="2026-12-04") + "2026-12-1l,1,Eve,Ann,Bob,AH,72,W,,2,1,-1,-1,-1\n"
    db = tmp_path / "c.duckdb"
    r = cli("ingest", write(tmp_path, "nights.csv", text), "--db", str(db), ok=False)
    assert "E-CSV-DATE" in r.output and "3 stored" in r.output
    assert ledger(db) == {"Ann": 3, "Bob": 2, "Cal": -6, "Dee": 1, "Eve": 0}
    assert "CSV nights 2026-12-04: hand" not in cli("ledger", "--db", str(db)).output


# -- a NetSchafkopf night in which a chair changes hands (nsk18 F6) -------------------------------------------

NSK19 = Path(__file__).parent / "fixtures" / "nsk19"
#: The swap night by hand (10/50, rules.md G-12..G-16; no schneider in any game, no run long enough to count):
#: g1 PcOben + Gast win a Rufspiel: PcOben, Gast +10, PcLinks, PcRechts -10; g2 PcLinks' Wenz won (33 Augen to
#: the others): +150, the others -50; g3 Gast + PcOben lose a Rufspiel (62 to the others): PcLinks, PcRechts
#: +10, Gast, PcOben -10; g4 Vroni (in PcOben's chair) + PcLinks win: Vroni, PcLinks +10, PcRechts, Gast -10;
#: g5 PcRechts' Herz-Solo won (45): +150, the others -50; g6 Gast + Vroni win (31 to the others): Gast, Vroni
#: +10, PcLinks, PcRechts -10.  PcLinks -10+150+10+10-50-10 = +100, PcOben +10-50-10 = -50,
#: PcRechts -10-50+10-10+150-10 = +80, Gast +10-50-10-10-50+10 = -100, Vroni +10-50+10 = -30 (sum 0);
#: the log's last table: PcLinks +100, Vroni -80 (the chair's column: -50 - 30), PcRechts +80, Gast -100.
SWAP = {"PcLinks": 100, "PcOben": -50, "PcRechts": 80, "Gast": -100, "Vroni": -30}


def test_a_protocol_whose_chair_changes_hands_is_read_whole(tmp_path):
    db = tmp_path / "p.duckdb"
    r = cli("ingest", str(NSK19 / "Schafkopfprotokoll_swap.txt"), "--db", str(db))
    assert "6 stored" in r.output and "E-NSK" not in r.output, r.output
    assert ledger(db) == SWAP
    with duckdb.connect(str(db), read_only=True) as con:
        # every game sums to zero, and games 4-6 seat Vroni in the second chair
        assert con.execute("SELECT count(*) FROM (SELECT hand_id FROM hand_units GROUP BY hand_id "
                           "HAVING sum(units) <> 0)").fetchone()[0] == 0
        got = con.execute("SELECT h.hand, u.player FROM hands h JOIN hand_units u USING (hand_id) "
                          "WHERE u.seat_no = 1 ORDER BY h.hand").fetchall()
    assert got == [(1, "PcOben"), (2, "PcOben"), (3, "PcOben"), (4, "Vroni"), (5, "Vroni"), (6, "Vroni")]
    assert "Incomplete sessions" not in cli("ledger", "--db", str(db)).output


def test_a_protocol_whose_chair_changes_hands_reads_the_same_streamed(tmp_path):
    from ingest import store as st
    from ingest.protocol_stream import ingest_protocol_stream
    db = tmp_path / "p.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_protocol_stream(store, NSK19 / "Schafkopfprotokoll_swap.txt", batch=2)
    assert rep.stored == 6 and not rep.rejected
    assert not [d for d in rep.file_errors if d.severity == "error"]
    assert ledger(db) == SWAP


def test_a_protocol_whose_chair_changes_hands_survives_a_backup(tmp_path):
    db = tmp_path / "p.duckdb"
    log = str(NSK19 / "Schafkopfprotokoll_swap.txt")
    cli("ingest", log, "--db", str(db))
    out = tmp_path / "backup.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text()
    assert text.count('[Seats "PcLinks; Vroni; PcRechts; Gast"]') == 3  # games 4-6, each its own [Seats]
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(out), "--db", str(restored))
    assert ledger(restored) == SWAP
    # the protocol sent again, into the first database and into the restored one: nothing new, no false check
    for d in (db, restored):
        r = cli("ingest", log, "--db", str(d))
        assert "0 stored, 6 duplicates" in r.output and "E-NSK-TOTALS" not in r.output, r.output
        assert ledger(d) == SWAP


def test_a_player_renamed_from_the_second_game_on_is_read_not_refused_whole(tmp_path):
    """The same cards as the swap night, the chair's player written ``Hias``
    from game 2 on (deal lines and table headers): was refused whole (one
    player under two names).  PcOben g1 +10; Hias g2..g6 -50 -10 +10 -50
    +10 = -90; the chair's column -80 as the log's table."""
    db = tmp_path / "p.duckdb"
    r = cli("ingest", str(NSK19 / "Schafkopfprotokoll_rename1.txt"), "--db", str(db))
    assert "6 stored" in r.output and "E-NSK" not in r.output, r.output
    assert ledger(db) == {"PcLinks": 100, "PcOben": 10, "Hias": -90, "PcRechts": 80, "Gast": -100}


def test_a_header_naming_a_stranger_in_one_game_still_refuses_that_game_only(tmp_path):
    """A typo in one game's table header (``Vrnoi`` for Gast, the deal lines
    saying Gast) is no change of seat that the deal lines bear out: that
    game is refused (its deal names a player its header does not seat), the
    others are stored, and the night is marked incomplete."""
    text = (NSK19 / "Schafkopfprotokoll_swap.txt").read_text(encoding="utf-8")
    head = "Spiel    Preis      PcLinks        Vroni     PcRechts         Gast    Stock\n    5"
    assert head in text
    text = text.replace(head, head.replace("Gast ", "Vrno "), 1)
    db = tmp_path / "p.duckdb"
    r = cli("ingest", write(tmp_path, "Schafkopfprotokoll_typo.txt", text), "--db", str(db), ok=False)
    assert "5 stored" in r.output and "1 rejected" in r.output and "E-NSK-SEAT" in r.output, r.output
    # game 5 (PcRechts +150, the others -50) left out of the swap night's totals
    assert ledger(db) == {"PcLinks": 150, "PcOben": -50, "PcRechts": -70, "Gast": -50, "Vroni": 20}
    assert "Incomplete sessions" in cli("ledger", "--db", str(db)).output


# -- a scorer's notes (sheet18 F1b) and a comment added to a night sent again -----------------------------------

NOTED = '''Date,Hand,Picker,Partner,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve
2026-12-04,1,Ann,Bob,72,W,"good hand
Bob, Cal {argued}",2,1,-1,-1,-1
2026-12-04,2,Cal,Dee,45,L,"said ""no schneider""",2,2,-4,-2,2
2026-12-04,3,Dee,,61,W,,-1,-1,-1,4,-1
'''
#: By hand (rules.md B-28, B-32, B-33): hand 1 Ann +2, Bob +1, the others -1; hand 2 Cal picks, Dee partner, 45
#: lost doubled on the bump: Cal -4, Dee -2, the others +2; hand 3 Dee alone (no partner written), 61 a win:
#: Dee +4, the others -1.  Ann 2+2-1 = +3, Bob 1+2-1 = +2, Cal -1-4-1 = -6, Dee -1-2+4 = +1, Eve -1+2-1 = 0.
NOTED_TOTALS = {"Ann": 3, "Bob": 2, "Cal": -6, "Dee": 1, "Eve": 0}


def test_a_sheets_notes_are_kept_as_each_hands_annotation(tmp_path):
    db = tmp_path / "s.duckdb"
    sheet = write(tmp_path, "friday.csv", NOTED)
    cli("ingest", sheet, "--db", str(db))
    assert ledger(db) == NOTED_TOTALS
    out = cli("replay", "CSV friday 2026-12-04#1", "--db", str(db)).output
    assert "Note:    good hand Bob, Cal (argued)" in out  # the line break one space, the braces parentheses
    assert 'Note:    said "no schneider"' in cli("replay", "CSV friday 2026-12-04#2", "--db", str(db)).output
    assert "Note:" not in cli("replay", "CSV friday 2026-12-04#3", "--db", str(db)).output
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    text = backup.read_text()
    assert "hand 1 {good hand Bob, Cal (argued)}" in text and 'hand 2 {said "no schneider"}' in text
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    assert ledger(restored) == NOTED_TOTALS
    # the same sheet again: nothing new
    assert "0 stored, 3 duplicates, 0 rejected" in cli("ingest", sheet, "--db", str(db)).output
    # a note changed on the sheet: no number moves; the stored text is kept and the warning says so
    r = cli("ingest", write(tmp_path, "friday.csv", NOTED.replace("said", "Cal said")), "--db", str(db))
    assert "0 stored, 3 duplicates, 0 rejected" in r.output and "W-NOTES-DIFFER" in r.output
    assert "an amendment is SHN" in r.output  # the sheet's user told how
    assert ledger(db) == NOTED_TOTALS


def test_a_night_sent_again_with_a_comment_added_adds_nothing_and_says_so(tmp_path):
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT.format(table=1)), "--db", str(db))
    commented = (NIGHT.format(table=1).replace("hand 2  dealer Al", "hand 2 {the long one}  dealer Al")
                 .replace("pts 93  win-s", "pts 93  win-s {what a hand}"))
    r = cli("ingest", write(tmp_path, "night.shn", commented), "--db", str(db))  # exit 0: nothing refused
    assert "0 stored, 6 duplicates, 0 rejected" in r.output
    assert r.output.count("W-NOTES-DIFFER") == 2 and "shead ingest --amend" in r.output
    assert ledger(db) == ONCE
    # a comment together with another fact changed is still a conflict
    changed = commented.replace("pts 45  lose", "pts 44  lose")
    r = cli("ingest", write(tmp_path, "night.shn", changed), "--db", str(db), ok=False)
    assert "E-HAND-CONFLICT (hand 2)" in r.output and "pts: stored 45, this copy 44" in r.output
    assert ledger(db) == ONCE
    # the amendment takes the comments
    cli("ingest", "--amend", write(tmp_path, "night.shn", commented), "--db", str(db))
    assert "Note:    the long one" in cli("replay", "Friday / 2026.12.04 / 1#2", "--db", str(db)).output
    assert ledger(db) == ONCE


# -- money sheets (sheet18 F5) ------------------------------------------------------------------------------------

QUARTERS = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve
2026-12-04,1,Eve,Ann,Bob,AH,72,W,$0.50,$0.25,-$0.25,-$0.25,-$0.25
2026-12-04,2,Ann,Bob,,alone,95,W,-$0.50,$2.00,-$0.50,-$0.50,-$0.50
2026-12-04,3,Bob,Cal,Dee,AC,30,L,$1.00,$1.00,-$2.00,-$1.00,$1.00
2026-12-04,4,Cal,Dee,Eve,AS,45,L,$0.50,$0.50,$0.50,-$1.00,-$0.50
"""


def test_a_quarter_a_point_sheet_is_read_with_its_stake(tmp_path):
    """By hand at 25 cents a unit (rules.md B-28, B-29, B-32, B-33): hand 1 Ann picks, Bob partner, 72: a win,
    Ann +2, Bob +1, the others -1 ($0.50, $0.25, -$0.25); hand 2 Bob alone, 95: schneider, 2 a share, four shares
    to the picker: Bob +8, the others -2 ($2.00, -$0.50); hand 3 Cal picks, Dee partner, 30: schneidered and lost,
    2 doubled on the bump = 4 a defender: Cal -8, Dee -4, Ann, Bob, Eve +4 (-$2.00, -$1.00, $1.00); hand 4 Dee picks,
    Eve partner, 45: lost, doubled: Dee -4, Eve -2, Ann, Bob, Cal +2.  Ann 2-2+4+2 = +6, Bob 1+8+4+2 = +15,
    Cal -1-2-8+2 = -9, Dee -1-2-4-4 = -11, Eve -1-2+4-2 = -1 (sum 0)."""
    db = tmp_path / "q.duckdb"
    sheet = write(tmp_path, "quarters.csv", QUARTERS)
    r = cli("ingest", sheet, "--db", str(db), ok=False)  # without the stake: refused whole, saying how
    assert "E-CSV-MONEY" in r.output and "--columns stake=0.25" in r.output and "0 stored" in r.output
    assert ledger(db) == {}
    cli("ingest", sheet, "--columns", "stake=0.25", "--db", str(db))
    assert ledger(db) == {"Ann": 6, "Bob": 15, "Cal": -9, "Dee": -11, "Eve": -1}


def test_a_money_sheet_without_signs_is_refused_whole_not_read_four_times_too_small(tmp_path):
    """Plain decimals (0.50) give the sheet away as money: its whole-dollar rows were read as units before (hand 3
    below, $1.00/-$2.00, stored as a 1-unit loss: a quarter of its units, with advice to turn double on the bump
    off).  Refused whole; with the stake, hand 3 is Cal -8, Dee -4, the others +4 as above."""
    text = "\n".join(line.replace("$", "") for line in QUARTERS.splitlines()) + "\n"
    db = tmp_path / "q.duckdb"
    r = cli("ingest", write(tmp_path, "q.csv", text), "--db", str(db), ok=False)
    assert "E-CSV-MONEY" in r.output and "a fraction" in r.output and "0 stored, 0 duplicates, 0 rejected" in r.output
    cli("ingest", write(tmp_path, "q.csv", text), "--columns", "stake=0.25", "--db", str(db))
    assert ledger(db) == {"Ann": 6, "Bob": 15, "Cal": -9, "Dee": -11, "Eve": -1}


def test_a_cents_sheet_names_its_factor_and_reads_with_it(tmp_path):
    """Nickels (5 cents a unit) in whole cents: every cell whole, so the sheet reads as units and no result fits
    (10/5/-5 is no win); the refusal now says it is 5 times a win.  With stake=5: hand 1 Ann +2, Bob +1, the
    others -1; hand 2 Bob alone, 95 (schneider): +8, the others -2; hand 3 Cal picks, Dee partner, 45 lost,
    doubled on the bump: Cal -4, Dee -2, the others +2.  Ann +2-2+2 = +2, Bob +1+8+2 = +11, Cal -1-2-4 = -7,
    Dee -1-2-2 = -5, Eve -1-2+2 = -1."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
            "2026-12-04,1,Eve,Ann,Bob,AH,72,W,10,5,-5,-5,-5\n"
            "2026-12-04,2,Ann,Bob,,alone,95,W,-10,40,-10,-10,-10\n"
            "2026-12-04,3,Bob,Cal,Dee,AC,45,L,10,10,-20,-10,10\n")
    db = tmp_path / "n.duckdb"
    r = cli("ingest", write(tmp_path, "n.csv", text), "--db", str(db), ok=False)
    assert "every amount is 5 times the rules' (Ann +2 Bob +1 Cal -1 Dee -1 Eve -1)" in r.output
    assert "--columns stake=5" in r.output
    cli("ingest", write(tmp_path, "n.csv", text), "--columns", "stake=5", "--db", str(db))
    assert ledger(db) == {"Ann": 2, "Bob": 11, "Cal": -7, "Dee": -5, "Eve": -1}
    # a cell that is no whole number of units at the stake is refused with its row, the rest stored
    r = cli("ingest", write(tmp_path, "n2.csv", text.replace("2026-12-04,", "2026-12-05,").replace(
        "10,10,-20,-10,10", "10,12,-20,-10,8")), "--columns", "stake=5", "--db", str(db), ok=False)
    assert "2 stored" in r.output and "E-CSV-UNITS (hand 3)" in r.output
    assert "(not a whole number of units at 5 a unit)" in r.output


# -- a protocol's Gast renamed by an amendment (break18 F13) -------------------------------------------------------

BASELINE = Path(__file__).resolve().parent.parent / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
#: The log's own last running table (its game 99 row): the totals by its record, not by shead.
LOG_TABLE = {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}


def test_a_protocols_gast_renamed_by_an_amendment_keeps_the_night_complete_and_its_backup(tmp_path):
    db = tmp_path / "g.duckdb"
    log = tmp_path / "prot.txt"
    log.write_bytes(BASELINE.read_bytes())
    cli("ingest", str(log), "--db", str(db))
    assert ledger(db) == LOG_TABLE
    out = tmp_path / "e.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text()
    assert '[Seats "PcLinks; PcOben; PcRechts; Gast"]' in text
    fixed = write(tmp_path, "rename.shn", text.replace('[Seats "PcLinks; PcOben; PcRechts; Gast"]',
                                                       '[Seats "PcLinks; PcOben; PcRechts; Gast=Hans Huber"]'))
    r = cli("ingest", "--amend", fixed, "--db", str(db))
    assert "Gast is 'Hans Huber'" in r.output
    renamed = {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Hans Huber": 27}
    assert ledger(db) == renamed
    led = cli("ledger", "--db", str(db)).output
    assert "Incomplete sessions" not in led  # the log's table is Hans's column: the night is whole
    sheet = cli("sheet", "NetSchafkopf prot", "--db", str(db)).output
    assert "Gast = Hans Huber" in sheet.splitlines()[1]  # one column for the seat, not a Gast column of 0
    # the protocol sent again: its games are the stored ones, its table agrees by column
    r = cli("ingest", str(log), "--db", str(db))
    assert "0 stored, 99 duplicates" in r.output and "E-NSK-TOTALS" not in r.output
    # the backup after the rename keeps the name, and restores whole (it failed on the first Sauspiel)
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    assert '[Seats "PcLinks; PcOben; PcRechts; Gast=Hans Huber"]' in backup.read_text()
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    assert ledger(restored) == renamed


def test_a_house_without_the_jungfrau_rule_is_read_off_its_own_ramsch_prices(tmp_path):
    """nsk18 F9b.  By hand (rules.md G-12, G-17, the house's Jungfrau off): g1 a Rufspiel won by PcOben and Gast,
    10: PcOben, Gast +10, PcLinks, PcRechts -10; g2 Gast loses the Ramsch (most Augen), 20 to each: Gast -60, the
    others +20; g3 PcRechts loses it, PcLinks takes no trick and the log prices it plainly ("Der Ramsch kostet 20
    Punkte"): PcRechts -60, the others +20 (with the rule PcRechts would pay double); g4 PcRechts loses again: -60,
    the others +20.  PcLinks -10+20+20+20 = +50, PcOben +10+20+20+20 = +70, PcRechts -10+20-60-60 = -110,
    Gast +10-60+20+20 = -10: the log's last table.  It was refused at g3 (E-NSK-RESULT: a Jungfrau the log does
    not name) unless --rules said jungfrau=off."""
    from ingest import store as st
    from ingest.protocol_stream import ingest_protocol_stream
    log = NSK19 / "Schafkopfprotokoll_ohne_jungfrau.txt"
    want = {"PcLinks": 50, "PcOben": 70, "PcRechts": -110, "Gast": -10}
    db = tmp_path / "j.duckdb"
    r = cli("ingest", str(log), "--db", str(db))
    assert "4 stored" in r.output and "E-NSK" not in r.output, r.output
    assert ledger(db) == want
    with duckdb.connect(str(db), read_only=True) as con:
        assert "jungfrau=off" in con.execute("SELECT rules FROM sessions").fetchone()[0]
    streamed = tmp_path / "s.duckdb"
    with st.Store(streamed) as store:
        rep, _ = ingest_protocol_stream(store, log, batch=1)
    assert rep.stored == 4 and not rep.rejected
    assert ledger(streamed) == want


# -- a night continued on a later day, amended, its date corrected (scorer19 F1-F3) --------------------------------

SEATS = '[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp"]\n'
WINTER1 = ('%SHN 1.0\n[Session "Stammtisch winter"]\n[Date "2026.12.29"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
           "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
           "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n")
WINTER2 = ('%SHN 1.0\n[Session "Stammtisch winter"]\n[Date "2027.01.05"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
           "hand 3  dealer Bea\npick Di  alone  pts 95  win-s\n"
           "hand 4  dealer Cy\npick Ed  call AC  partner Al  pts 66  win\n")
#: By hand (rules.md B-28, B-29, B-32, B-33): h1 Bea +2, Di +1, the others -1; h2 lost doubled on the bump: Cy -4,
#: Ed -2, the others +2; h3 Di alone 95, schneider: +8, the others -2; h4 Ed +2, Al +1, the others -1.
#: 2026 (h1, h2): Al +1, Bea +4, Cy -5, Di +3, Ed -3.  2027 (h3, h4): Al -1, Bea -3, Cy -3, Di +7, Ed 0.
Y2026 = {"Al Ames": 1, "Bea Berg": 4, "Cy Cole": -5, "Di Dorn": 3, "Ed Epp": -3}
Y2027 = {"Al Ames": -1, "Bea Berg": -3, "Cy Cole": -3, "Di Dorn": 7, "Ed Epp": 0}


def test_a_session_continued_on_a_later_day_keeps_that_day_through_rederive_and_backup(tmp_path):
    db = tmp_path / "y.duckdb"
    cli("ingest", write(tmp_path, "y1.shn", WINTER1), write(tmp_path, "y2.shn", WINTER2), "--db", str(db))
    assert ledger(db, "--to", "2026-12-31") == Y2026 and ledger(db, "--from", "2027-01-01") == Y2027
    assert "0 changed" in cli("rederive", "--db", str(db)).output  # the re-read moved hands 3-4 into 2026 before
    assert ledger(db, "--to", "2026-12-31") == Y2026 and ledger(db, "--from", "2027-01-01") == Y2027
    cli("void", "Stammtisch winter#4", "--reason", "typed twice", "--db", str(db))  # a correction re-reads it too
    assert ledger(db, "--from", "2027-01-01") == {"Al Ames": -2, "Bea Berg": -2, "Cy Cole": -2, "Di Dorn": 8,
                                                 "Ed Epp": -2}
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    assert backup.read_text().count('[Date "2027.01.05"]') == 1  # hand 3's own line
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    assert ledger(restored, "--to", "2026-12-31") == Y2026
    assert ledger(restored, "--from", "2027-01-01") == {"Al Ames": -2, "Bea Berg": -2, "Cy Cole": -2, "Di Dorn": 8,
                                                       "Ed Epp": -2}


def test_an_amendment_under_the_first_nights_header_cannot_reseat_a_substitutes_hand(tmp_path):
    """The same session continued with Fay in Ed's seat: h3 Fay picks, Al partner, 80: Fay +2, Al +1, the others
    -1; h4 Di alone 100, schneider: +8, the others -2.  With h1/h2 of the first night (Bea +2, Di +1, -1 each;
    Ed picks, Cy partner, 40 lost doubled: Ed -4, Cy -2, +2 each): Al 0, Bea +1, Cy -6, Di +10, Ed -5, Fay 0.
    A typo fix of h4 (pts 100 -> 99, the same tier) under the first night's header gave Fay's -2 to Ed."""
    first = ('%SHN 1.0\n[Session "sub league"]\n[Date "2026.12.22"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
             "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
             "hand 2  dealer Al\npick Ed  call AS  partner Cy  pts 40  lose\n")
    fay = SEATS.replace("Ed=Ed Epp", "Fay=Fay Fox")
    later = ('%SHN 1.0\n[Session "sub league"]\n[Date "2026.12.29"]\n' + fay + '[Rules "wi5-called-ace"]\n\n'
             "hand 3  dealer Bea\npick Fay  call AH  partner Al  pts 80  win\n"
             "hand 4  dealer Cy\npick Di  alone  pts 100  win-s\n")
    want = {"Al Ames": 0, "Bea Berg": 1, "Cy Cole": -6, "Di Dorn": 10, "Ed Epp": -5, "Fay Fox": 0}
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "a.shn", first), write(tmp_path, "b.shn", later), "--db", str(db))
    assert ledger(db) == want
    fix = first.split("hand 1")[0] + "hand 4  dealer Cy\npick Di  alone  pts 99  win-s\n"
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), ok=False)
    assert r.exit_code == 1 and "stored with Fay at the table" in r.output and "Fay=Fay Fox" in r.output
    assert ledger(db) == want
    # as the message says: the hand's own [Seats] line
    own = (first.split("hand 1")[0] + "hand 4  dealer Cy\n" + fay + '[Date "2026.12.29"]\n'
           "pick Di  alone  pts 99  win-s\n")  # and its own day (break19 F5: else it moved to the first night's)
    assert "revision 2 in force" in cli("ingest", "--amend", write(tmp_path, "fix.shn", own), "--db", str(db)).output
    assert ledger(db) == want


def test_an_amendment_under_the_sessions_rules_cannot_rescore_a_hand_stored_under_its_own(tmp_path):
    """h2 of a later evening played without double on the bump (its file's [Rules]): Cy picks, Ed partner, 40
    lost: Cy -2, Ed -1, the others +1 (rules.md B-33); with h1 (Bea +2, Di +1, -1 each): Al 0, Bea +3, Cy -3,
    Di +2, Ed -2.  A typo fix (pts 40 -> 41) under the session's header re-scored it with the bump (Cy -4)."""
    head = '%SHN 1.0\n[Session "rules cont"]\n[Date "2027.01.05"]\n' + SEATS
    one = head + '[Rules "wi5-called-ace"]\n\nhand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n'
    two = (head.replace("01.05", "01.12") + '[Rules "wi5-called-ace; doubleOnBump=off"]\n\n'
           "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n")
    want = {"Al Ames": 0, "Bea Berg": 3, "Cy Cole": -3, "Di Dorn": 2, "Ed Epp": -2}
    db = tmp_path / "r.duckdb"
    cli("ingest", write(tmp_path, "a.shn", one), write(tmp_path, "b.shn", two), "--db", str(db))
    assert ledger(db) == want
    fix = head + '[Rules "wi5-called-ace"]\n\nhand 2  dealer Al\npick Cy  call AS  partner Ed  pts 41  lose\n'
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), ok=False)
    assert "scored by its own [Rules 'wi5-called-ace; doubleOnBump=off']" in r.output
    assert ledger(db) == want


def test_a_mistyped_date_is_corrected_by_an_amendment(tmp_path):
    """A night stored under 2027.11.05 (the year mistyped), played 2026.11.05: h1 Bea +2, Di +1, -1 each; h2 Cy
    -4, Ed -2, +2 each (Al +1, Bea +4, Cy -5, Di +3, Ed -3).  The amendment with the right [Date] was "unchanged"
    (exit 0) and the night stayed in 2027."""
    night = ('%SHN 1.0\n[Session "datefix"]\n[Date "2027.11.05"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
             "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
             "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n")
    db = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "n.shn", night), "--db", str(db))
    r = cli("ingest", "--amend", write(tmp_path, "n.shn", night.replace("2027.11.05", "2026.11.05")), "--db", str(db))
    assert r.output.count("played: date '2026-11-05' (was '2027-11-05')") == 2
    assert ledger(db, "--to", "2026-12-31") == Y2026
    assert "(2026-11-05;" in cli("sheet", "datefix", "--db", str(db)).output.splitlines()[0]
    # a night named by its Event and Date (no [Session]): the corrected file is another session; said both ways
    night = night.replace('[Session "datefix"]', '[Event "Friday"]')
    db = tmp_path / "e.duckdb"
    cli("ingest", write(tmp_path, "f.shn", night), "--db", str(db))
    fixed = write(tmp_path, "f.shn", night.replace("2027.11.05", "2026.11.05"))
    r = cli("ingest", "--amend", fixed, "--db", str(db), ok=False)
    assert "session 'Friday / 2027.11.05' holds hand 1 with this very text" in r.output
    r = cli("ingest", fixed, "--db", str(db))
    assert "W-SESSION-COPY" in r.output and "on another date (2026-11-05 here, 2027-11-05 stored" in r.output


# -- Log a hand after a substitute sat in (dash19 F1) -------------------------------------------------------------

def test_log_a_hand_seats_the_substitute_who_sat_in_not_the_player_who_left(tmp_path, monkeypatch):
    """A night where Fay took Bob's seat from hand 2 (its own [Seats]).  Hand 3 logged on the form: Fay picks,
    calls the ace of hearts, Cal partner, 72: a win (rules.md B-28, B-33): Fay +2, Cal +1, Ann, Dee, Eve -1.
    The form listed Bob, not Fay, and stored Bob +2."""
    from tests.test_dashboard_replay import fill, ok, page, press, texts

    night = ('%SHN 1.0\n[Session "sub night"]\n[Date "2026.12.04"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
             '[Rules "wi5-called-ace"]\n\nhand 1  dealer Eve\npick Ann  call AH  partner Bob  pts 72  win\n\n'
             'hand 2  dealer Ann\n[Seats "Ann; Fay; Cal; Dee; Eve"]\npick Cal  call AS  partner Dee  pts 75  win\n')
    db = tmp_path / "log.duckdb"
    cli("ingest", write(tmp_path, "n.shn", night), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(page("log_hand.py").run())
    assert at.radio(key="lh_mode").value == "existing"
    assert "Fay" in at.selectbox(key="lh_dealer").options and "Bob" not in at.selectbox(key="lh_dealer").options
    assert at.selectbox(key="lh_dealer").value == "Fay"  # the seat after hand 2's dealer (Ann): the chair Fay took
    fill(at, dealer="Fay", picker="Fay", call="ace", suit="H", partner="Cal", pts=72, outcome="win")
    press(at, "Check score")
    assert "**Fay** +2" in texts(at)
    press(at, "Save hand")
    # hand 1: Ann +2, Bob +1, -1 each; hand 2: Cal +2, Dee +1, -1 each; hand 3: Fay +2, Cal +1, -1 each
    assert ledger(db) == {"Ann": 2 - 1 - 1, "Bob": 1, "Cal": -1 + 2 + 1, "Dee": -1 + 1 - 1, "Eve": -3,
                          "Fay": -1 + 2}


def test_a_sheets_group_column_names_the_nights_group(tmp_path):
    """dash19 F2: a league's per-hand sheet with a Group column, its own Total row -5/+4/+6/+1/-6.  By hand
    (rules.md B-28..B-33, E-2): h1 Ann +2, Bob +1, -1 each; h2 Cal alone 92 schneider: +8, -2 each; h3 a leaster
    won by Dee: +4, -1 each; h4 Eve picks, Ann partner, 45 lost doubled on the bump: Eve -4, Ann -2, +2 each;
    h5 Bob picks, Eve partner, 88, cracked by Dee (x2): Bob +4, Eve +2, -2 each.  Ann 2-2-1-2-2 = -5, Bob
    1-2-1+2+4 = +4, Cal -1+8-1+2-2 = +6, Dee -1-2+4+2-2 = +1, Eve -1-2-1-4+2 = -6: the sheet's Total row.
    The night was filed under the group "CSV <file name>", missing from the league's."""
    sheet = ("group,date,hand,dealer,picker,partner,call,points,outcome,leaster,crack,"
             "Ann=Ann Kraus,Bob=Bob Lenz,Cal=Cal Ott,Dee=Dee Marx,Eve=Eve Nagel\n"
             "Dash League,2026-12-11,1,Eve,Ann,Bob,AH,70,win,,,2,1,-1,-1,-1\n"
             ",,2,Ann,Cal,,alone,92,win-s,,,-2,-2,8,-2,-2\n"
             ",,3,Bob,,,,,,Dee,,-1,-1,-1,4,-1\n"
             ",,4,Cal,Eve,Ann,AS,45,lose,,,-2,2,2,2,-4\n"
             ",,5,Dee,Bob,Eve,AC,88,win,,Dee,-2,4,-2,-2,2\n"
             ",Total,,,,,,,,,,-5,4,6,1,-6\n")
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "league_2026-12-11.csv", sheet), "--db", str(db))
    assert ledger(db, "--group", "Dash League") == {"Ann Kraus": -5, "Bob Lenz": 4, "Cal Ott": 6, "Dee Marx": 1,
                                                   "Eve Nagel": -6}


def test_a_sheet_night_corrected_since_is_not_called_incomplete(tmp_path):
    """dash19 F4: a sheet whose own Total row (-5/+4/+6/+1/-6, the same five hands as the league sheet above)
    matched at import; hand 3's leaster corrected to Cal (rules.md C-1: Cal +4, the others -1) makes Cal
    6 + 5 = +11 and Dee 1 - 5 = -4 — the stored totals now differ from the Total row because of the correction,
    not because a hand is missing, and the ledger said "Incomplete sessions" for good."""
    sheet = ("date,hand,dealer,picker,partner,call,points,outcome,leaster,crack,"
             "Ann=Ann Kraus,Bob=Bob Lenz,Cal=Cal Ott,Dee=Dee Marx,Eve=Eve Nagel\n"
             "2026-11-27,1,Eve,Ann,Bob,AH,70,win,,,2,1,-1,-1,-1\n"
             ",2,Ann,Cal,,alone,92,win-s,,,-2,-2,8,-2,-2\n"
             ",3,Bob,,,,,,Dee,,-1,-1,-1,4,-1\n"
             ",4,Cal,Eve,Ann,AS,45,lose,,,-2,2,2,2,-4\n"
             ",5,Dee,Bob,Eve,AC,88,win,,Dee,-2,4,-2,-2,2\n"
             "Total,,,,,,,,,,-5,4,6,1,-6\n")
    db = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "league.csv", sheet), "--db", str(db))
    out = tmp_path / "l.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    fixed = out.read_text().replace("leaster Dee\nscore Ann -1 Bob -1 Cal -1 Dee +4 Eve -1",
                                    "leaster Cal\nscore Ann -1 Bob -1 Cal +4 Dee -1 Eve -1")
    assert fixed != out.read_text()
    cli("ingest", "--amend", write(tmp_path, "fix.shn", fixed), "--reason", "Cal won it", "--db", str(db))
    assert ledger(db) == {"Ann Kraus": -5, "Bob Lenz": 4, "Cal Ott": 11, "Dee Marx": -4, "Eve Nagel": -6}
    assert "Incomplete sessions" not in cli("ledger", "--db", str(db)).output
    # a Total row that never matched still says so: a sheet whose hand 5 is refused (its units sum to +1)
    bad = sheet.replace("league", "x").replace("-2,4,-2,-2,2", "-2,4,-2,-2,3")
    db2 = tmp_path / "m.duckdb"
    cli("ingest", write(tmp_path, "other.csv", bad), "--db", str(db2), ok=False)
    assert "Incomplete sessions" in cli("ledger", "--db", str(db2)).output


def test_a_tag_written_above_the_next_hand_is_said_to_apply_to_the_hand_before(tmp_path):
    """scorer19 F4: "from here on without double on the bump" written as a [Rules] line above hand 3 is hand 2's
    own tag (docs/notation.md §4.2): hand 2 (Cy picks, Ed partner, 40 lost) is scored without the bump, Cy -2,
    Ed -1, +1 each, where the table meant Cy -4, Ed -2, +2 each (rules.md B-32, B-33).  The reading stands (the
    notation says so); it is no longer silent."""
    text = ('%SHN 1.0\n[Session "one file"]\n[Date "2026.12.01"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
            "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n\n"
            "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n\n"
            '; from here on we play without double on the bump\n[Rules "wi5-called-ace; doubleOnBump=off"]\n'
            "hand 3  dealer Bea\n[Rules \"wi5-called-ace; doubleOnBump=off\"]\npick Di  call AH  partner Al  pts 50  lose\n")
    db = tmp_path / "o.duckdb"
    r = cli("ingest", write(tmp_path, "o.shn", text), "--db", str(db))
    assert r.output.count("W-TAG-LATE") == 1 and "applies to hand 2 alone" in r.output
    assert "o.shn:14:" in r.output  # the tag's line
    # hand 3's own line, right after its 'hand' line, is not said
    with duckdb.connect(str(db), read_only=True) as con:
        got = dict(con.execute("SELECT h.hand, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                               "WHERE u.seat = 'Cy' AND h.hand = 2 UNION ALL SELECT h.hand, u.units FROM hands h "
                               "JOIN hand_units u USING (hand_id) WHERE u.seat = 'Di' AND h.hand = 3").fetchall())
    assert got == {2: -2, 3: -2}  # both without the bump: hand 2 by the late tag, hand 3 by its own


def test_a_weekly_file_numbered_from_1_again_is_refused_whole_not_half_dropped(tmp_path):
    """scorer19 F5.  By hand (rules.md B-28..B-33, C-1): week 1 (12.03): h1 Bea +2, Di +1, -1 each; h2 Cy -4,
    Ed -2, +2 each; h3 a leaster won by Al, +4, -1 each.  Week 2 (12.10), numbered from 1 again: h1 as week 1's;
    h2 Cy picks, Ed partner, 66 a win: Cy +2, Ed +1, -1 each; h3 a leaster won by Al; h4 Di alone 70: +4, -1 each.
    Both weeks: Al +6, Bea +2, Cy -7, Di +5, Ed -6.  Week 2 under the same [Session] lost its h1 and h3 as
    "duplicates" and stored h4 into week 1's night; now none of it is stored and the message says why."""
    head = '%SHN 1.0\n[Session "Thursday league"]\n[Date "{d}"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
    w1 = (head.format(d="2026.12.03") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
          "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\nhand 3  dealer Bea\nleaster Al\n")
    w2 = (head.format(d="2026.12.10") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
          "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 66  win\nhand 3  dealer Bea\nleaster Al\n"
          "hand 4  dealer Cy\npick Di  alone  pts 70  win\n")
    db = tmp_path / "w.duckdb"
    cli("ingest", write(tmp_path, "w1.shn", w1), "--db", str(db))
    week1 = {"Al Ames": 5, "Bea Berg": 3, "Cy Cole": -6, "Di Dorn": 2, "Ed Epp": -4}
    assert ledger(db) == week1
    r = cli("ingest", write(tmp_path, "w2.shn", w2), "--db", str(db), ok=False)
    assert "0 stored, 0 duplicates, 4 rejected" in r.output and "a night numbering its hands from 1 again" in r.output
    assert '[Session "Thursday league 2026.12.10"]' in r.output
    assert ledger(db) == week1 and "Incomplete sessions" not in cli("ledger", "--db", str(db)).output
    cli("ingest", write(tmp_path, "w2.shn", w2.replace('"Thursday league"', '"Thursday league 2026.12.10"')),
        "--db", str(db))
    assert ledger(db) == {"Al Ames": 6, "Bea Berg": 2, "Cy Cole": -7, "Di Dorn": 5, "Ed Epp": -6}


def test_log_a_hand_new_session_named_as_a_stored_one_says_so(tmp_path, monkeypatch):
    """dash19 F3: "a new session" with a stored night's Event and Date (a second table, its Table left blank)
    joined the stored night: its hand 6 was stored there, under other players."""
    from tests.test_dashboard_replay import fill, new_session, ok, page, press, texts

    night = ('%SHN 1.0\n[Event "Club"]\n[Date "2026.12.04"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
             '[Rules "wi5-called-ace"]\n\nhand 1  dealer Eve\npick Ann  call AH  partner Bob  pts 72  win\n')
    db = tmp_path / "log.duckdb"
    cli("ingest", write(tmp_path, "n.shn", night), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(page("log_hand.py").run())
    at = new_session(at, "Club", "Gus; Hal; Ian; Jo; Kim", "2026-12-04")
    assert "session 'Club / 2026.12.04' is stored already" in texts(at)
    fill(at, number=6, dealer="Kim", picker="Hal", call="ace", suit="H", partner="Ian", pts=72, outcome="win")
    press(at, "Save hand")
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (1,)  # nothing joined the stored night
    at.text_input(key="lh_table").set_value("2")
    ok(at.run())
    fill(at, number=1, dealer="Kim", picker="Hal", call="ace", suit="H", partner="Ian", pts=72, outcome="win")
    press(at, "Check score")
    assert "is stored already" not in texts(at)
    press(at, "Save hand")
    # Hal picks, Ian partner, 72: Hal +2, Ian +1, the others -1 (rules.md B-33), in its own session
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT session FROM hands ORDER BY hand_id").fetchall() == [
            ("Club / 2026.12.04",), ("Club / 2026.12.04 / 2",)]
    assert ledger(db)["Hal"] == 2 and ledger(db)["Ann"] == 2


def test_the_replay_page_of_a_voided_hand_says_it_was_voided_and_why(tmp_path, monkeypatch):
    """dash19 F8: the Replay page of a voided hand said "No hand with id 2 is stored"."""
    from tests.test_dashboard_replay import ok, page, texts

    db = tmp_path / "v.duckdb"
    cli("ingest", write(tmp_path, "n.shn", NIGHT.format(table=1)), "--db", str(db))
    cli("void", "Friday / 2026.12.04 / 1#2", "--reason", "typed twice", "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = page("replay_hand.py")
    at.query_params["hand"] = "2"
    ok(at.run())
    said = texts(at)
    assert "was voided (revision 2" in said and "typed twice" in said and "shead history 2" in said
    assert "No hand with id 2 is stored" not in said


def test_a_protocol_whose_players_exchange_chairs_survives_a_backup(tmp_path):
    """break19 F1.  PcOben and Gast exchange chairs from game 4.  By hand (10/50, rules.md G-12, G-15, G-16): g1
    PcOben and Gast win a Rufspiel: +10 each, PcLinks, PcRechts -10; g2 PcLinks' Wenz: +150, -50 each; g3 Gast and
    PcOben lose: PcLinks, PcRechts +10, Gast, PcOben -10; g4 Gast (chair 2) and PcLinks win: +10, PcRechts, PcOben
    -10; g5 PcRechts' Herz-Solo: +150, -50 each; g6 PcOben (chair 4) and Gast win: +10, PcLinks, PcRechts -10.
    PcLinks +100, PcRechts +80, Gast -80, PcOben -100.  The export wrote no game's own [Seats] (the same players,
    other chairs) and the restore refused games 4-6."""
    want = {"PcLinks": 100, "PcRechts": 80, "Gast": -80, "PcOben": -100}
    db = tmp_path / "x.duckdb"
    cli("ingest", str(NSK19 / "Schafkopfprotokoll_exchange.txt"), "--db", str(db))
    assert ledger(db) == want
    out = tmp_path / "x.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    assert out.read_text().count('[Seats "PcLinks; Gast; PcRechts; PcOben"]') == 3
    restored = tmp_path / "r.duckdb"
    assert "6 stored" in cli("ingest", str(out), "--db", str(restored)).output
    assert ledger(restored) == want


def test_a_nights_next_page_without_its_table_tag_is_named(tmp_path):
    """scorer19 F7: the night's next page sent without its [Table] is a session of its own whose first hand lost
    the pot; W-SESSION-GAP said a hand was missing but not where the night is."""
    head = '%SHN 1.0\n[Event "Pot club"]\n[Date "2026.12.31"]\n{t}' + SEATS + '[Rules "wi5-pot"]\n\n'
    one = head.format(t='[Table "1"]\n') + ("hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
                                            "hand 2  dealer Al\nleaster Cy\n")
    two = head.format(t="") + "hand 3  dealer Bea\npick Di  call AS  partner Ed  pts 70  win\n"
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "a.shn", one), "--db", str(db))
    r = cli("ingest", write(tmp_path, "b.shn", two), "--db", str(db))
    assert "W-SESSION-SPLIT" in r.output and "session 'Pot club / 2026.12.31 / 1'" in r.output
    assert "shead void 'Pot club / 2026.12.31' --session" in r.output


def test_a_weekly_file_numbered_from_1_again_is_refused_whole_when_streamed_too(tmp_path, monkeypatch):
    """break19 F9: read in batches (a large file), a batch of the refused night with only new numbers was stored
    into last week's night.  Week 1 as above (Al +5, Bea +3, Cy -6, Di +2, Ed -4) stays alone."""
    head = '%SHN 1.0\n[Session "Thursday league"]\n[Date "{d}"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
    w1 = (head.format(d="2026.12.03") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
          "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\nhand 3  dealer Bea\nleaster Al\n")
    w2 = (head.format(d="2026.12.10") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
          "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 66  win\nhand 3  dealer Bea\nleaster Al\n"
          "hand 4  dealer Cy\npick Di  alone  pts 70  win\nhand 5  dealer Di\npick Ed  call AH  partner Al  pts 80  win\n"
          "hand 6  dealer Ed\npick Al  call AS  partner Bea  pts 70  win\n")
    db = tmp_path / "w.duckdb"
    cli("ingest", write(tmp_path, "w1.shn", w1), "--db", str(db))
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    r = cli("ingest", write(tmp_path, "w2.shn", w2), "--db", str(db), ok=False)
    assert "0 stored" in r.output and "6 rejected" in r.output, r.output
    assert ledger(db) == {"Al Ames": 5, "Bea Berg": 3, "Cy Cole": -6, "Di Dorn": 2, "Ed Epp": -4}


def test_a_typo_fix_under_the_first_nights_header_cannot_move_a_later_evenings_hand(tmp_path):
    """break19 F5: hand 2, played 2027.01.12 at table 7 of the group Winter (a later evening of the session): Cy
    picks, Ed partner, 40 lost, doubled on the bump: Cy -4, Ed -2, Al, Bea, Di +2 (rules.md B-32, B-33).  A typo
    fix (pts 41, the same tier) under the first night's header moved it to 2027.01.05, out of its group."""
    head = '%SHN 1.0\n[Session "rc"]\n{extra}[Date "{d}"]\n' + SEATS + '[Rules "wi5-called-ace"]\n\n'
    one = head.format(extra="", d="2027.01.05") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
    two = (head.format(extra='[Event "Winter"]\n[Table "7"]\n', d="2027.01.12")
           + "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n")
    h2 = {"Al Ames": 2, "Bea Berg": 2, "Cy Cole": -4, "Di Dorn": 2, "Ed Epp": -2}
    db = tmp_path / "rc.duckdb"
    cli("ingest", write(tmp_path, "a.shn", one), write(tmp_path, "b.shn", two), "--db", str(db))
    assert ledger(db, "--group", "Winter") == h2 and ledger(db, "--from", "2027-01-12") == h2
    fix = head.format(extra="", d="2027.01.05") + "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 41  lose\n"
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), ok=False)
    assert "stored with its own [Date '2027.01.12']" in r.output
    assert ledger(db, "--group", "Winter") == h2 and ledger(db, "--from", "2027-01-12") == h2
    # written with the hand's own lines, as the message says: taken, the hand stays where it was played
    own = (head.format(extra="", d="2027.01.05") + 'hand 2  dealer Al\n[Date "2027.01.12"]\n[Event "Winter"]\n'
           '[Table "7"]\npick Cy  call AS  partner Ed  pts 41  lose\n')
    assert "revision 2 in force" in cli("ingest", "--amend", write(tmp_path, "fix.shn", own), "--db", str(db)).output
    assert ledger(db, "--group", "Winter") == h2 and ledger(db, "--from", "2027-01-12") == h2


def test_a_workbook_of_formula_money_reads_with_its_stake(tmp_path):
    """break19 F8: a dime-a-unit workbook whose cells are formulas (=units*0.10) holds 0.6000000000000001 where
    it shows $0.60.  By hand (rules.md B-28..B-33): h1 Ann picks, Bob partner, 72: Ann +2, Bob +1, -1 each; h2
    Cal picks, Dee partner, 45 lost doubled: Cal -4, Dee -2, +2 each; h3 Dee alone, 61: +4, -1 each; h4 Eve
    picks, Ann partner, 120 (no-tricker, 3 a share): Eve +6, Ann +3, -3 each.  Ann +2+2-1+3 = +6, Bob +1+2-1-3
    = -1, Cal -1-4-1-3 = -9, Dee -1-2+4-3 = -2, Eve -1+2-1+6 = +6."""
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Date", "Hand", "Dealer", "Picker", "Partner", "Call", "Points", "Result",
               "Ann", "Bob", "Cal", "Dee", "Eve"])
    for row in (("2026-12-04", 1, "Eve", "Ann", "Bob", "AH", 72, "W", 2, 1, -1, -1, -1),
                ("2026-12-04", 2, "Ann", "Cal", "Dee", "AC", 45, "L", 2, 2, -4, -2, 2),
                ("2026-12-04", 3, "Bob", "Dee", None, "alone", 61, "W", -1, -1, -1, 4, -1),
                ("2026-12-04", 4, "Cal", "Eve", "Ann", "AH", 120, "W", 3, -3, -3, -3, 6)):
        ws.append(list(row[:8]) + [u * 0.1 for u in row[8:]])  # what =units*0.10 stores
    assert ws.cell(5, 13).value == 0.6000000000000001
    path = tmp_path / "dimes.xlsx"
    wb.save(path)
    db = tmp_path / "d.duckdb"
    cli("ingest", str(path), "--columns", "stake=0.1", "--db", str(db))
    assert ledger(db) == {"Ann": 6, "Bob": -1, "Cal": -9, "Dee": -2, "Eve": 6}


def test_a_blank_group_cell_is_the_group_above_and_a_mistyped_date_joins_the_night_below(tmp_path):
    """break19 F4, F7.  One sheet numbered through two nights of the league; the Group written on its first row
    only; hand 4's date (the second night's first row) mistyped.  By hand (rules.md B-28..B-33): h1/h4 Ann picks,
    Bob partner, 72: Ann +2, Bob +1, -1 each; h2/h5 Cal picks, Dee partner, 45 lost doubled: Cal -4, Dee -2, +2
    each; h3/h6 Dee alone 61: +4, -1 each.  Night 12-04: Ann +3, Bob +2, Cal -6, Dee +1, Eve 0; night 12-11 without
    h4: Ann +1, Bob +1, Cal -5, Dee +2, Eve +1 — the night that lacks hand 4 is 12-11, not 12-04."""
    rows = ["2026-12-04,1,Eve,Ann,Bob,AH,72,W,2,1,-1,-1,-1", ",2,Ann,Cal,Dee,AC,45,L,2,2,-4,-2,2",
            ",3,Bob,Dee,,alone,61,W,-1,-1,-1,4,-1", "{d},4,Cal,Ann,Bob,AH,72,W,2,1,-1,-1,-1",
            "2026-12-11,5,Dee,Cal,Dee,AC,45,L,2,2,-4,-2,2", "2026-12-11,6,Eve,Dee,,alone,61,W,-1,-1,-1,4,-1"]
    head = "Group,Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
    text = head + "".join(("League," if k == 0 else ",") + r + "\n" for k, r in enumerate(rows))
    db = tmp_path / "c.duckdb"
    r = cli("ingest", write(tmp_path, "cont.csv", text.format(d="2026-12-1l")), "--db", str(db), ok=False)
    assert "E-CSV-DATE (hand 4)" in r.output and "5 stored" in r.output
    led = cli("ledger", "--db", str(db)).output
    assert "CSV cont 2026-12-11: hand 4 was refused" in led and "CSV cont 2026-12-04: hand" not in led
    assert ledger(db, "--group", "League", "--from", "2026-12-11") == {"Ann": 1, "Bob": 1, "Cal": -5, "Dee": 2,
                                                                       "Eve": 1}
    cli("ingest", write(tmp_path, "cont.csv", text.format(d="2026-12-11")), "--db", str(db))
    assert "Incomplete sessions" not in cli("ledger", "--db", str(db)).output
    assert ledger(db, "--group", "League") == {"Ann": 6, "Bob": 4, "Cal": -12, "Dee": 2, "Eve": 0}


def test_after_a_misdeal_an_unwritten_dealer_is_not_guessed(tmp_path):
    """scorer19 F7b: after Al's misdeal (rules.md B-4: redealt) a hand without its dealer was given the next seat
    (Bea) as dealer; under wi6-sit-out the dealer sits out and settles 0 (F-1), so the guess decided who paid.
    Now the dealer is not known there: refused (E-DEALER) until it is written; written as Al (he redealt):
    Cy picks, Di partner, 70, a win: Cy +2, Di +1, Bea, Ed, Fay -1, Al 0."""
    text = ('%SHN 1.0\n[Session "six"]\n[Seats "Al; Bea; Cy; Di; Ed; Fay"]\n[Rules "wi6-sit-out"]\n\n'
            "hand 1  dealer Fay\npick Cy  call AS  partner Di  pts 70  win\n"
            "hand 2  dealer Al\nmisdeal\n"
            "hand 3\npick Cy  call AS  partner Di  pts 70  win\n")
    db = tmp_path / "s.duckdb"
    r = cli("ingest", write(tmp_path, "s.shn", text), "--db", str(db), ok=False)
    assert "E-DEALER (hand 3)" in r.output and "2 stored" in r.output
    db2 = tmp_path / "s2.duckdb"
    cli("ingest", write(tmp_path, "s2.shn", text.replace("hand 3\n", "hand 3  dealer Al\n")), "--db", str(db2))
    # hand 1 (Fay deals and sits out): Cy +2, Di +1, Al, Bea, Ed -1; hand 3 (Al sits out): Cy +2, Di +1, Bea, Ed,
    # Fay -1
    assert ledger(db2) == {"Al": -1, "Bea": -2, "Cy": 4, "Di": 2, "Ed": -2, "Fay": -1}


def test_renaming_a_seat_whose_chair_changed_hands_names_the_hands_left_under_the_old_name(tmp_path):
    """break19 F3: the swap night exported, its session [Seats] renaming Gast to Hans Huber: games 1-3 take the
    name, games 4-6 keep their own [Seats] (Vroni's chair) with 'Gast' — one person, two ledger rows (Gast -50 in
    games 4-6: -10 -50 +10; Hans Huber -50 in games 1-3: +10 -50 -10).  Now the amendment says so."""
    db = tmp_path / "sw.duckdb"
    cli("ingest", str(NSK19 / "Schafkopfprotokoll_swap.txt"), "--db", str(db))
    out = tmp_path / "e.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text().replace('[Seats "PcLinks; PcOben; PcRechts; Gast"]',
                                   '[Seats "PcLinks; PcOben; PcRechts; Gast=Hans Huber"]', 1)
    r = cli("ingest", "--amend", write(tmp_path, "r.shn", text), "--db", str(db))
    assert "hands 4, 5, 6 still name Gast 'Gast'" in r.output
    assert ledger(db)["Gast"] == -50 and ledger(db)["Hans Huber"] == -50


def test_the_edit_box_takes_a_seats_line_typed_above_the_hand_as_the_hands_own(example_db):  # noqa: F811
    """dash19 F6: a name corrected in the Edit box by a [Seats] line above the hand fell into the session's header
    (E-DUPLICATE at a line not in the box).  Now it is the hand's own [Seats]: hand 15 (Cy picks, Ed partner, 72,
    Cy +2, Ed +1, -1 each: rules.md B-33) counts for 'Ed Kahlo', the rest of the night for the stored name."""
    from tests.test_dashboard_replay import ok, page, texts

    db, ids = example_db
    at = page("log_hand.py")
    at.query_params["edit"] = str(ids[15])
    ok(at.run())
    with duckdb.connect(str(db), read_only=True) as con:
        seats = con.execute("SELECT header FROM sessions WHERE session = 'Thursday Night Sheepshead / 2025.03.06 / 2'"
                            ).fetchone()[0].split("[Seats ")[1].split("]")[0]
    name_of_ed = dict(p.strip().split("=") for p in seats.strip('"').split(";"))["Ed"]
    new_seats = seats.replace(f"Ed={name_of_ed}", "Ed=Ed Kahlo")
    at.text_area(key="lh_edit_text").set_value(f"[Seats {new_seats}]\nhand 15  dealer Al\npick Cy  call AS  "
                                               "partner Ed  pts 72  win\nscore Al -1 Bea -1 Cy +2 Di -1 Ed +1\n")
    at.text_input(key="lh_edit_reason").set_value("Ed's name")
    ok(next(b for b in at.button if b.label == "Save amendment").click().run())
    assert "Hand 15 amended: revision 2 in force" in texts(at), texts(at)
    assert ledger(db)["Ed Kahlo"] == 1


def test_log_a_hand_on_a_protocols_session_says_how_its_games_are_corrected(tmp_path, monkeypatch):
    """dash19 F5: a NetSchafkopf session chosen on Log a hand offered a form and an Edit box that always failed
    (its header is the protocol's own lines, read as SHN: E-STATEMENT at 'gespielt')."""
    from tests.test_dashboard_replay import ok, page, texts

    db = tmp_path / "p.duckdb"
    log = tmp_path / "Schafkopfprotokoll_plain.txt"
    log.write_bytes(PLAIN_PROTOCOL.encode("cp1252"))
    cli("ingest", str(log), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(page("log_hand.py").run())
    assert at.radio(key="lh_mode").value == "existing"
    said = texts(at)
    assert "read from a NetSchafkopf protocol" in said and "shead ingest --amend night.shn" in said
    assert not [b for b in at.button if b.label == "Save hand"]


def test_a_sheet_writes_an_under_call_and_a_phones_emoji_suit(tmp_path):
    """scorer19 F9.  By hand (rules.md B-11, B-28, B-33; an under call pays as a plain call): h1 Bea picks,
    calls the A♥ (typed with the emoji selector U+FE0F), Di partner, 75: Bea +2, Di +1, -1 each; h2 Cy picks,
    'AS (under)', Ed partner, 70: Cy +2, Ed +1, -1 each; h3 Di picks, 'under AC', Al partner, 70: Di +2, Al +1,
    -1 each; h4 Al picks, 'AH under 7C', Cy partner, 70: Al +2, Cy +1, -1 each.
    Al -1-1+1+2 = +1, Bea +2-1-1-1 = -1, Cy -1+2-1+1 = +1, Di +1-1+2-1 = +1, Ed -1+1-1-1 = -2."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed\n"
            "2026-12-21,1,Ed,Bea,Di,A\u2665\ufe0f,75,Won,-1,+2,-1,+1,-1\n"
            "2026-12-21,2,Al,Cy,Ed,AS (under),70,Won,-1,-1,+2,-1,+1\n"
            "2026-12-21,3,Bea,Di,Al,under AC,70,Won,+1,-1,-1,+2,-1\n"
            '2026-12-21,4,Cy,Al,Cy,"AH under 7C",70,Won,+2,-1,+1,-1,-1\n')
    db = tmp_path / "u.duckdb"
    cli("ingest", write(tmp_path, "u.csv", text), "--db", str(db))
    assert ledger(db) == {"Al": 1, "Bea": -1, "Cy": 1, "Di": 1, "Ed": -2}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hand_text WHERE contains(source, ' under ')").fetchone() == (3,)
    # the stored texts read back: a re-derive changes nothing, a restore of the export gives the same ledger
    assert "0 changed, 0 refused" in cli("rederive", "--db", str(db)).output
    out = tmp_path / "u.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(out), "--db", str(restored))
    assert ledger(restored) == {"Al": 1, "Bea": -1, "Cy": 1, "Di": 1, "Ed": -2}


def test_infer_rules_reads_each_games_players(tmp_path):
    """The public infer_rules() was left passing the file's seats where each game's are now read (a review of
    this stop's change): the house tariff it shows is the protocol's own, Rufspiel 2 and Einzelspiel 5 as the
    baseline log's price lines state them ("Das Rufspiel kostet 2 Punkte"), 10 and 50 for the swap night."""
    from ingest.netschafkopf import infer_rules

    base = infer_rules(BASELINE.read_bytes(), str(BASELINE))
    assert (base.profile.tariff.sauspiel, base.profile.tariff.solo) == (2, 5)
    assert base.facts["tariff.sauspiel"][1] > 10  # read off many games, not the first four
    swap = infer_rules((NSK19 / "Schafkopfprotokoll_swap.txt").read_bytes())
    assert (swap.profile.tariff.sauspiel, swap.profile.tariff.solo) == (10, 50)
    assert swap.facts["tariff.sauspiel"][1] == 4  # g1, g3, g4, g6: Vroni's games too


def test_a_continuation_without_its_date_takes_the_sessions_day_at_once(tmp_path):
    """scorer19 F1, the reverse case: a continuation of a stored [Session] that writes no [Date] was stored with
    no day, so `ledger --from` left it out until a rederive gave it the session's (1 changed).  By hand (rules.md
    B-28, B-32, B-33): h1 Bea picks, Di partner, 75: Bea +2, Di +1, -1 each; h2 Cy picks, Ed partner, 40 lost
    doubled: Cy -4, Ed -2, +2 each.  Al +1, Bea +4, Cy -5, Di +3, Ed -3."""
    head = '%SHN 1.0\n[Session "k league"]\n{d}' + SEATS + '[Rules "wi5-called-ace"]\n\n'
    db = tmp_path / "k.duckdb"
    cli("ingest", write(tmp_path, "k1.shn", head.format(d='[Date "2026.12.17"]\n')
                        + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"), "--db", str(db))
    cli("ingest", write(tmp_path, "k2.shn", head.format(d="") + "hand 2  dealer Al\npick Cy  call AS  partner Ed  "
                        "pts 40  lose\n"), "--db", str(db))
    want = {"Al Ames": 1, "Bea Berg": 4, "Cy Cole": -5, "Di Dorn": 3, "Ed Epp": -3}
    assert ledger(db, "--from", "2026-12-17") == want
    assert "0 changed" in cli("rederive", "--db", str(db)).output
    assert ledger(db, "--from", "2026-12-17") == want
