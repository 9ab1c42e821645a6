"""SHN records brought in session 23 (real23, break23), each amount worked out
by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json

import duckdb
import pytest

from ingest.shn import reader
from ingest.shn.reader import read
from tests.cli_helpers import cli, ledger, write


def _sessions(db) -> list[tuple[str, str]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute('SELECT session, "group" FROM sessions ORDER BY session').fetchall()


def _report(r) -> list[dict]:
    """Every diagnostic of ``shead ingest --json``'s one file."""
    out = json.loads(r.stdout)
    files = out["files"] if isinstance(out, dict) and "files" in out else out
    f = files[0]
    return list(f.get("warnings", [])) + [e for rej in f.get("rejected", []) for e in rej.get("errors", [])]


# -- A tag value ending in a space from a phone's predictive text (real23 F1, F3) -----------------------------------

HEAD = """%SHN 1.0
[Event "{event}"]
[Date "{date}"]
[Seats "Al=Al Berg; Bea=Bea Koch; Cy=Cy Lutz; Di=Di Marx; Ed=Ed Nolte"]
[Rules "wi5-called-ace"]
"""
#: the night's first half: hand 1 Bea picks, calls AC, Cy partner, 70: a plain win (rules.md B-27, B-33): Bea +2,
#: Cy +1, Al, Di, Ed -1.  Hand 2 Cy picks, calls AS, Di partner, 40: a plain loss, doubled on the bump (B-32):
#: Cy -4, Di -2, Al, Bea, Ed +2
FIRST = """
hand 1  dealer Al
pick Bea  call AC  partner Cy  pts 70  win

hand 2  dealer Bea
pick Cy  call AS  partner Di  pts 40  lose
"""
#: the second half from a phone: hand 3 as hand 1 (Bea +2, Cy +1, the others -1); hand 4 Di picks, calls AH,
#: Ed partner, 61: a plain win: Di +2, Ed +1, Al, Bea, Cy -1
SECOND = """
hand 3  dealer Cy
pick Bea  call AC  partner Cy  pts 70  win

hand 4  dealer Di
pick Di  call AH  partner Ed  pts 61  win
"""
#: the night by hand: Al -1+2-1-1 = -1, Bea 2+2+2-1 = 5, Cy 1-4+1-1 = -3, Di -1-2-1+2 = -2, Ed -1+2-1+1 = 1 (sum 0)
NIGHT = {"Al Berg": -1, "Bea Koch": 5, "Cy Lutz": -3, "Di Marx": -2, "Ed Nolte": 1}


def test_an_event_ending_in_a_space_is_the_same_night(tmp_path):
    db = tmp_path / "p.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST),
        "--db", str(db))
    r = cli("ingest", write(tmp_path, "b.shn", HEAD.format(event="Friday Phone Club ", date="2026.12.04 ") + SECOND),
            "--db", str(db))
    assert "2 stored" in r.output and "0 rejected" in r.output, r.output
    assert _sessions(db) == [("Friday Phone Club / 2026.12.04", "Friday Phone Club")]  # one night, one group
    assert ledger(db) == NIGHT


def test_a_date_ending_in_a_space_is_the_day():
    shn = read(HEAD.format(event="Friday Phone Club", date="2026.12.11 ") + FIRST, "d.shn")
    assert shn.hands[0].session.tags["Date"] == "2026.12.11"
    assert shn.hands[0].session_id == "Friday Phone Club / 2026.12.11"
    assert shn.hands[0].session.raw == {"Date": "2026.12.11 "}
    # a [Session] and a [Table] too; a [Seats] or [Rules] value keeps its own reading
    shn = read('%SHN 1.0\n[Session " Fri 1 "]\n[Table "2\t"]\n' + FIRST, "s.shn")
    assert shn.hands[0].session_id == "Fri 1" and shn.hands[0].session.tags["Table"] == "2"


def test_a_date_ending_in_a_space_stores_the_night(tmp_path):
    db = tmp_path / "d.duckdb"
    r = cli("ingest", write(tmp_path, "d.shn", HEAD.format(event="Friday Phone Club", date="2026.12.11 ") + FIRST),
            "--db", str(db))
    assert "2 stored" in r.output and "E-DATE" not in r.output, r.output  # it was E-DATE for every hand
    # by hand (above): hands 1 and 2: Al -1+2 = 1, Bea 2+2 = 4, Cy 1-4 = -3, Di -1-2 = -3, Ed -1+2 = 1
    assert ledger(db) == {"Al Berg": 1, "Bea Koch": 4, "Cy Lutz": -3, "Di Marx": -3, "Ed Nolte": 1}


def test_a_night_stored_with_its_end_space_before_is_kept_so(tmp_path, monkeypatch):
    """A file stored before session 23 (its [Event] read with the space) sent again is duplicates, not the night
    a second time; a later hand of it joins the stored session, and W-TAG-SPACES says how to rename it."""
    db = tmp_path / "old.duckdb"
    second = HEAD.format(event="Friday Phone Club ", date="2026.12.04") + SECOND
    cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST),
        "--db", str(db))
    with monkeypatch.context() as m:  # the reader before session 23
        m.setattr(reader, "_TRIMMED_TAGS", frozenset())
        cli("ingest", write(tmp_path, "b.shn", second), "--db", str(db))
    assert _sessions(db) == [("Friday Phone Club  / 2026.12.04", "Friday Phone Club "),
                             ("Friday Phone Club / 2026.12.04", "Friday Phone Club")]
    r = cli("ingest", write(tmp_path, "b.shn", second), "--db", str(db))
    assert "0 stored, 2 duplicates" in r.output, r.output
    assert "b.shn:2:1: warning W-TAG-SPACES: [Event 'Friday Phone Club '] ends in a space" in r.output, r.output
    assert "shead void 'Friday Phone Club  / 2026.12.04' --session" in r.output
    # hand 5, Al picks alone (no partner), 31: a loss not schneidered, 1 a defender doubled on the bump (B-32):
    # Al -2 x 4 = -8, the others +2 each; it continues the stored second half
    five = second + "\nhand 5  dealer Ed\npick Al  alone  pts 31  lose\n"
    r = cli("ingest", write(tmp_path, "b.shn", five), "--db", str(db))
    assert "1 stored, 2 duplicates" in r.output, r.output
    assert [s for s, _ in _sessions(db)] == ["Friday Phone Club  / 2026.12.04", "Friday Phone Club / 2026.12.04"]
    assert ledger(db) == {p: v + (-8 if p == "Al Berg" else 2) for p, v in NIGHT.items()}
    # an amendment of the file (hand 3 counted again, 95: a schneider, rules.md B-28: Bea 2 x 2 = +4, Cy +2, the
    # defenders -2, one more unit each way than the plain win) amends the stored session's hand
    r = cli("ingest", "--amend", write(tmp_path, "am.shn", five.replace("pts 70  win", "pts 95  win-s")), "--db",
            str(db))
    assert "Friday Phone Club  / 2026.12.04#3 (hand id 3): revision 2 in force" in r.output, r.output
    more = {"Al Berg": -1, "Bea Koch": 2, "Cy Lutz": 1, "Di Marx": -1, "Ed Nolte": -1}
    assert ledger(db) == {p: v + (-8 if p == "Al Berg" else 2) + more[p] for p, v in NIGHT.items()}
    # the fix the warning gives: void the old session, ingest again: one night under the trimmed name
    cli("void", "Friday Phone Club  / 2026.12.04", "--session", "--reason", "end space", "--db", str(db))
    r = cli("ingest", write(tmp_path, "b.shn", five), "--db", str(db))
    assert "3 stored" in r.output and "W-TAG-SPACES" not in r.output, r.output
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands h JOIN sessions s USING (session_id) "
                           "WHERE s.session = 'Friday Phone Club / 2026.12.04'").fetchone() == (5,)
    assert ledger(db) == {p: v + (-8 if p == "Al Berg" else 2) for p, v in NIGHT.items()}


def test_a_second_half_without_the_space_joins_the_half_stored_with_it(tmp_path, monkeypatch):
    """real23b F2, break23b F2: the first half was stored before session 23 with [Event "Friday Phone Club "] (read
    with the space); the second half comes without it, and the first half is sent again without it with a hand more.
    Each became a session of its own without a word (the night counted twice).  Now the file is filed under the
    stored session, W-TAG-SPACES at its [Event] saying so and how to rename it.  By hand (above): the night NIGHT;
    hand 5, Al alone, 31: a loss not schneidered, 1 a defender doubled on the bump (rules.md B-32), Al -8, the
    others +2."""
    db = tmp_path / "old.duckdb"
    first = HEAD.format(event="Friday Phone Club ", date="2026.12.04") + FIRST
    with monkeypatch.context() as m:  # the reader before session 23
        m.setattr(reader, "_TRIMMED_TAGS", frozenset())
        cli("ingest", write(tmp_path, "a.shn", first), "--db", str(db))
    old = "Friday Phone Club  / 2026.12.04"
    assert _sessions(db) == [(old, "Friday Phone Club ")]
    second = HEAD.format(event="Friday Phone Club", date="2026.12.04") + SECOND
    r = cli("ingest", write(tmp_path, "b.shn", second), "--db", str(db))
    out = r.output.replace("\n", " ")
    assert "2 stored" in out, r.output
    assert "b.shn:2:1: warning W-TAG-SPACES: [Event 'Friday Phone Club']: this night is stored as " \
           f"'{old}', its [Event 'Friday Phone Club '] read with an end space before session 23" in out, out
    assert f"shead void '{old}' --session --reason 'end space'" in out and out.count("W-TAG-SPACES") == 1
    assert _sessions(db) == [(old, "Friday Phone Club ")]
    assert ledger(db) == NIGHT
    # the first half sent again without the space, with hand 5: two duplicates and hand 5 in the stored night
    again = HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST + "\nhand 5  dealer Cy\npick Al  " \
        "alone  pts 31  lose\n"
    r = cli("ingest", write(tmp_path, "a2.shn", again), "--db", str(db))
    assert "1 stored, 2 duplicates" in r.output, r.output
    assert _sessions(db) == [(old, "Friday Phone Club ")]
    five = {p: v + (-8 if p == "Al Berg" else 2) for p, v in NIGHT.items()}
    assert ledger(db) == five
    # the fix the warning gives: void the stored night, ingest its files again: one night under the trimmed name
    cli("void", old, "--session", "--reason", "end space", "--db", str(db))
    cli("ingest", write(tmp_path, "b.shn", second), "--db", str(db))
    r = cli("ingest", write(tmp_path, "a2.shn", again), "--db", str(db))
    assert "W-TAG-SPACES" not in r.output, r.output
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands h JOIN sessions s USING (session_id) "
                           "WHERE s.session = 'Friday Phone Club / 2026.12.04'").fetchone() == (5,)
    assert ledger(db) == five


# -- E-DEAL-DUPLICATE names both holders and the card dealt to nobody (real23 F4) ------------------------------------

#: hand 1 of the phone night, Cy's KH typed KS on line 10 (Ed's KS on line 12 is right).  Counted by hand: the
#: 32-card deck (rules.md A-1) less the 30 cards of the five deal lines and the 2 of the blind leaves KH unwritten
TYPO_DEAL = HEAD.format(event="Friday Phone Club", date="2026.12.04") + """
hand 1  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KS
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
pick Bea
bury AS KC
call AH
t1 Al:  9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea: 7H KH AH 9H 8H
t4 Di:  QD JS QS JC QH
t5 Al:  TH AD JH 7D KS
t6 Cy:  AC TS 8S 7S 9S
"""


def test_a_card_dealt_twice_names_both_lines_and_the_card_dealt_to_nobody(tmp_path):
    r = cli("ingest", write(tmp_path, "typo.shn", TYPO_DEAL), "--db", str(tmp_path / "t.duckdb"), ok=False)
    # line 10 "deal Cy  QH JH 8D AC 8C KS": KS at column 25; line 12 "deal Ed  JS 9D TC KS": KS at column 19
    assert ("typo.shn:12:19: E-DEAL-DUPLICATE (hand 1): KS is dealt to Cy (10:25) and to Ed (12:19); KH is dealt "
            "to nobody") in r.output, r.output


def test_a_card_dealt_twice_when_a_line_is_missing_names_no_card_dealt_to_nobody(tmp_path):
    """Without Al's deal line six more cards are unwritten: which of them was meant cannot be said."""
    text = TYPO_DEAL.replace("deal Al  QS JD 9C 7S TH 8H\n", "").split("t1 Al")[0]
    r = cli("ingest", write(tmp_path, "typo.shn", text), "--db", str(tmp_path / "t.duckdb"), ok=False)
    assert "typo.shn:11:19: E-DEAL-DUPLICATE (hand 1): KS is dealt to Cy (9:25) and to Ed (11:19) — " in r.output, \
        r.output


def test_a_card_in_a_deal_line_and_the_blind(tmp_path):
    # Ed's 9H typed AS, the blind's AS (line 13, column 7): 9H is written nowhere
    text = TYPO_DEAL.replace("deal Ed  JS 9D TC KS 8S 9H", "deal Ed  JS 9D TC KH 8S AS").split("t1 Al")[0]
    r = cli("ingest", write(tmp_path, "typo.shn", text), "--db", str(tmp_path / "t.duckdb"), ok=False)
    assert ("typo.shn:12:25: E-DEAL-DUPLICATE (hand 1): AS is dealt to Ed (12:25) and in the blind (13:7); 9H is "
            "dealt to nobody") in r.output, r.output


# -- A phone's or a score pad's punctuation is refused with a hint, never read silently (real23 F7) ------------------

PUNCT_HEAD = HEAD.format(event="Friday Phone Club", date="2026.12.04") + "\nhand 1  dealer Ed\n"


@pytest.mark.parametrize("line, at, code, hint", [
    # 'score Al +2, Bea -4': the first entry's units '+2,' at column 10
    ("pick Bea  call AH  partner Di  pts 59  lose\nscore Al +2, Bea -4, Cy +2, Di -2, Ed +2", "9:10", "E-NUMBER",
     "found '+2,' as Al's units; expected a whole number with an optional sign (+2, -4, 0), ? when unknown, or ^ "
     "before a number for a result agreed at the table; a comma is not SHN: separate with spaces"),
    ("pick Bea, call AH, partner Di, pts 59, lose", "8:6", "E-SEAT", "found 'Bea,' where a seat was expected; "
     "expected a seat alias (a letter, then letters or digits) from the Seats tag: Al, Bea, Cy, Di, Ed; a comma is "
     "not SHN: separate with spaces"),
    ("pick Bea  call AH  partner Di  pts 59,  lose", "8:36", "E-NUMBER", "; a comma is not SHN: separate with spaces"),
    ("pick Bea  call AH  partner Di  pts 59  lose\nScore: Al +2 Bea -4 Cy +2 Di -2 Ed +2", "9:1", "E-STATEMENT",
     "found 'Score:' where a statement was expected; expected a statement keyword such as hand, deal, pick, t1, "
     "score; write score without a colon"),
    ("pick Bea  call AH  partner Di  pts 59  lose  Score: Al +2 Bea -4 Cy +2 Di -2 Ed +2", "8:46", "E-STATEMENT",
     "; write score without a colon"),
    ("pick Bea  call AH  partner Di  pts 59  lose\nscore Al +2 Bea -4 Cy +2 Di -2 Ed +2  // bumped", "9:39", "E-SEAT",
     "found '//' where a seat was expected; expected a seat alias (a letter, then letters or digits) from the Seats "
     "tag: Al, Bea, Cy, Di, Ed; a comment starts with ';' (; bumped): '//', '#' and '--' are not SHN"),
    ("pick Bea  call AH  partner Di  pts 59  lose\nscore Al +2 Bea -4 Cy +2 Di -2 Ed +2  # bumped", "9:39", "E-SEAT",
     "; a comment starts with ';' (; bumped)"),
])
def test_phone_punctuation_is_refused_with_a_hint(tmp_path, line, at, code, hint):
    r = cli("ingest", write(tmp_path, "v.shn", PUNCT_HEAD + line + "\n"), "--db", str(tmp_path / "v.duckdb"), ok=False)
    assert f"v.shn:{at}: {code} (hand 1): " in r.output and hint in r.output, r.output
    assert "0 stored" in r.output and "1 rejected" in r.output, r.output


def test_the_same_hand_written_in_shn_is_stored(tmp_path):
    """The hint's spelling stores the hand: Bea picks, calls AH, Di partner, 59: a plain loss, doubled on the bump
    (rules.md B-32): Bea -4, Di -2, Al, Cy, Ed +2 — the score written agrees."""
    db = tmp_path / "v.duckdb"
    text = PUNCT_HEAD + "pick Bea  call AH  partner Di  pts 59  lose\nscore Al +2 Bea -4 Cy +2 Di -2 Ed +2  ; bumped\n"
    r = cli("ingest", write(tmp_path, "v.shn", text), "--db", str(db))
    assert "1 stored" in r.output, r.output
    assert ledger(db) == {"Al Berg": 2, "Bea Koch": -4, "Cy Lutz": 2, "Di Marx": -2, "Ed Nolte": 2}


# -- A group or a player written as a stored one but for case or accents is warned of, not merged -----------------
# -- (real23 F1 second half, F2; break23 F5) ------------------------------------------------------------------------

SEATS_AS_STORED = "Al=Al Berg; Bea=Bea Koch; Cy=Cy Lutz; Di=Di Marx; Ed=Ed Nolte"
#: one night's two hands (FIRST above), by hand: Al -1+2 = 1, Bea 2+2 = 4, Cy 1-4 = -3, Di -1-2 = -3, Ed -1+2 = 1
ONE_NIGHT = {"Al Berg": 1, "Bea Koch": 4, "Cy Lutz": -3, "Di Marx": -3, "Ed Nolte": 1}


def _first_night(tmp_path):
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "n1.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST),
        "--db", str(db))
    return db


def test_a_player_written_in_lower_case_or_without_accents_is_named(tmp_path):
    db = _first_night(tmp_path)
    night2 = HEAD.format(event="Friday Phone Club", date="2026.12.11").replace(
        SEATS_AS_STORED, "Al=Al Berg; Bea=Béa Koch; Cy=cy lutz; Di=DI MARX; Ed=Ed Nolte") + FIRST
    r = cli("ingest", write(tmp_path, "n2.shn", night2), "--db", str(db))
    assert "2 stored" in r.output, r.output  # stored, not merged: they may be others
    assert ("n2.shn:4:1: warning W-PLAYER-SPELLING: Bea is 'Béa Koch', Cy is 'cy lutz', Di is 'DI MARX': new players; "
            "the group 'Friday Phone Club' has 'Bea Koch', 'Cy Lutz', 'Di Marx', written otherwise only in case, "
            f"accents, spacing or apostrophes (\u2019 for '): if the same players, write the Seats as stored ([Seats \"{SEATS_AS_STORED}\"]; once "
            "stored, shead ingest --amend FILE with those Seats renames the hands)") in r.output, r.output
    # night 2's amounts are night 1's (the same two hands): the three spelt otherwise are players of their own
    assert ledger(db) == {"Al Berg": 2, "Bea Koch": 4, "Béa Koch": 4, "Cy Lutz": -3, "cy lutz": -3, "Di Marx": -3,
                          "DI MARX": -3, "Ed Nolte": 2}
    # the fix the warning gives: the same texts under the Seats as stored
    fix = HEAD.format(event="Friday Phone Club", date="2026.12.11") + FIRST
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db))
    assert ledger(db) == {p: 2 * v for p, v in ONE_NIGHT.items()}, r.output


def test_a_group_written_in_another_case_is_named(tmp_path):
    db = _first_night(tmp_path)
    second = HEAD.format(event="Friday phone club", date="2026.12.04") + SECOND
    r = cli("ingest", write(tmp_path, "h2.shn", second), "--db", str(db))
    assert "2 stored" in r.output, r.output
    assert ("h2.shn:2:1: warning W-GROUP-SPELLING: [Event 'Friday phone club'] is a new group; the group 'Friday "
            "Phone Club' is stored, written otherwise only in case, accents or spacing: if it is that group, write "
            "[Event \"Friday Phone Club\"] (once stored: shead void 'Friday phone club / 2026.12.04' --session "
            "--reason 'group spelling', then ingest the file again with [Event \"Friday Phone Club\"])") in r.output
    assert "W-PLAYER-SPELLING" not in r.output  # the names are the stored ones
    cli("void", "Friday phone club / 2026.12.04", "--session", "--reason", "group spelling", "--db", str(db))
    r = cli("ingest", write(tmp_path, "h2.shn", second.replace("Friday phone club", "Friday Phone Club")), "--db",
            str(db))
    assert "2 stored" in r.output and "SPELLING" not in r.output, r.output
    assert ledger(db, "--group", "Friday Phone Club") == NIGHT  # the night's four hands in one group


def test_names_spelt_as_stored_and_a_new_group_are_not_warned_of(tmp_path):
    db = _first_night(tmp_path)
    night2 = HEAD.format(event="Friday Phone Club", date="2026.12.11") + FIRST
    other = HEAD.format(event="Saturday Club", date="2026.12.05").replace("Cy=Cy Lutz", "Cy=cy lutz") + FIRST
    r = cli("ingest", write(tmp_path, "n2.shn", night2), write(tmp_path, "o.shn", other), "--db", str(db))
    assert "4 stored" in r.output and "SPELLING" not in r.output, r.output  # 'cy lutz' of another group: no word


# -- A NUL byte or a zero-width space in a name or a group (break23b F3) --------------------------------------------

@pytest.mark.parametrize("event", ["Friday\x00Phone Club", "Friday Phone Club\u200b", "Friday Phone\x00 Club"])
def test_a_nul_or_zero_width_character_in_a_seat_or_group_is_no_new_lookalike(tmp_path, event):
    """break23b F3: 'Bea Ko\\x00ch' in [Seats] was a new player printing as 'Bea Koch' (two rows of her in the
    ledger), and a group written with a NUL or a zero-width space a new group printing as the stored one, without a
    word.  The name is read without it (one player); the group is still stored as written (it may be another) and
    W-GROUP-SPELLING names the stored one.  By hand (above): each night Al +1, Bea +4, Cy -3, Di -3, Ed +1; two
    nights double it."""
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST),
        "--db", str(db))
    other = HEAD.format(event=event, date="2026.12.11").replace("Bea=Bea Koch", "Bea=Bea Ko\x00ch") + FIRST
    r = cli("ingest", write(tmp_path, "b.shn", other), "--db", str(db))
    out = r.output.replace("\n", " ")
    assert "2 stored" in out, r.output
    assert f"b.shn:2:1: warning W-GROUP-SPELLING: [Event {event!r}] is a new group; the group 'Friday Phone Club' " \
           "is stored" in out, out
    assert ledger(db) == {"Al Berg": 2, "Bea Koch": 8, "Cy Lutz": -6, "Di Marx": -6, "Ed Nolte": 2}


# -- A no-break space at the end of [Event] from a phone (real23b F5) -----------------------------------------------

def test_a_no_break_space_ending_an_event_is_the_same_night(tmp_path):
    """real23b F5: a phone's no-break space (U+00A0) at the end of [Event] was not trimmed: a new group and session.
    By hand (above): the night NIGHT, one session."""
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST),
        "--db", str(db))
    r = cli("ingest", write(tmp_path, "b.shn", HEAD.format(event="Friday Phone Club\u00a0", date="2026.12.04")
                            + SECOND), "--db", str(db))
    assert "2 stored" in r.output and "W-GROUP-SPELLING" not in r.output, r.output
    assert _sessions(db) == [("Friday Phone Club / 2026.12.04", "Friday Phone Club")]
    assert ledger(db) == NIGHT


def test_w_player_spelling_names_the_spelling_of_the_most_hands(tmp_path):
    """break23b F7: with 'Bea Koch' (four hands) and a night's typo 'BEA KOCH' (two) stored, a third night's 'bea
    koch' was told to write 'BEA KOCH' (the typo sorts first).  It names the spelling of the most hands."""
    db = tmp_path / "p.duckdb"
    cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date="2026.12.04") + FIRST + SECOND),
        "--db", str(db))
    cli("ingest", write(tmp_path, "b.shn", HEAD.format(event="Friday Phone Club", date="2026.12.11")
                        .replace("Bea=Bea Koch", "Bea=BEA KOCH") + FIRST), "--db", str(db))
    r = cli("ingest", write(tmp_path, "c.shn", HEAD.format(event="Friday Phone Club", date="2026.12.18")
                            .replace("Bea=Bea Koch", "Bea=bea koch") + FIRST), "--db", str(db))
    out = " ".join(r.output.split())
    assert "W-PLAYER-SPELLING: Bea is 'bea koch': a new player; the group 'Friday Phone Club' has 'Bea Koch'" in out, out


# -- An empty [Date] (break23b F4) -----------------------------------------------------------------------------------

@pytest.mark.parametrize("date", ["", " ", "\u00a0"])
def test_an_empty_date_is_refused_at_its_tag(tmp_path, date):
    """break23b F4: [Date " "] (trimmed to nothing) filed the night as 'Friday Phone Club / ' without a word, and a
    second night written so lost its hands as duplicates of the first.  It is E-DATE at the tag, as a date not of
    the calendar is; nothing is stored."""
    db = tmp_path / "d.duckdb"
    r = cli("ingest", write(tmp_path, "a.shn", HEAD.format(event="Friday Phone Club", date=date) + FIRST), "--db",
            str(db), ok=False)
    out = " ".join(r.output.split())
    assert "a.shn:3:1: E-DATE (hands 1, 2): [Date] is empty: write the night's date, YYYY.MM.DD" in out, out
    assert "0 stored" in out
    assert _sessions(db) == []
