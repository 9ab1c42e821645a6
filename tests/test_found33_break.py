"""Session 33 (break33): findings of the tester, each night worked by hand from rules.md.

F1. A file that returns to a session block written above (``[Session "X"]`` again) without ``[Rules]`` read that
block's hands under the default profile, not under the session's own ``[Rules]`` given above in the same file:
wrong units stored without a word.  A session written again goes on from its hands above (docs/notation.md §4.2),
its ``[Date]`` the night's; its ``[Rules]`` now likewise.

F2. ``shead ingest`` while ``shead serve`` owns the database printed the errors the service answered but none of
its warnings (W-SESSION-COPY "every total now counts them twice", W-CR ...), which a direct ingest prints and the
service's JSON holds: they are printed now, as a direct ingest prints them.

F5. A ``[Rules]`` tag between hands (after hand 2's score line, above hand 3) is hand 2's own by the shared
notation (notation.md §3: "a tag written after ``hand N`` (and before the next ``hand``) overrides it for that hand
alone"), so it is no change "from here on".  Both hands were refused without naming the tag's line, hand 3 told to
write the very line already written; the refusals now name line 16, say whose the tag is, and how to write a change
of rules for the hands below.

F3. After ``shead void SESSION --session``, a file with hand 1 as voided and hand 2 changed crashed the store
(``E-STORE … ValueError: max() arg is an empty sequence``, the shifted-hands check over a night with no hand in
force): it now says what the single-hand void case says.
"""

from __future__ import annotations

import json

import duckdb

from tests.cli_helpers import cli, ingest_json, write


def _units(db, session: str, hand: int) -> dict[str, int]:
    """The stored units of ``session``'s hand ``hand`` by seat."""
    with duckdb.connect(str(db), read_only=True) as con:
        return dict(con.execute(
            "SELECT u.seat, CAST(u.units AS INTEGER) FROM hand_units u JOIN hands h USING (hand_id) "
            "WHERE h.session = ? AND h.hand = ?", [session, hand]).fetchall())


# --------------------------------------------------------------------------------------------------------------------
# F1: a session block written again without [Rules] keeps the session's [Rules]
#
# The tester's a/t10c_resume.shn.  Session b33-resume writes [Rules "wi5-called-ace; doubleOnBump=off"] and hand 1;
# below, [Session "b33-resume"] again with [Seats] but no [Rules], and hand 2: C picks, calls AH, E partner, 40.
# By hand: 40 is a plain loss (rules.md B-27, B-28: 31..60 is tier 1); no double on the bump (B-32 off), so each
# of the 3 defenders gets 1 x 1 = +1, the picker pays 2 shares, the partner 1 (B-31, B-33 "Loss" without DOB):
# C -2, E -1, A +1, B +1, D +1; sum -2 - 1 + 3 = 0.  (The default profile's DOB would have doubled it: C -4, E -2,
# others +2 — what shead stored, unsaid.)  Hand 1: B picks, D partner, 72 a plain win (B-27): B +2, D +1, the
# three others -1 (B-33), as written.
# Session b33-other below writes no [Rules]: a new session starts with no tags (§4.2), so it is scored by the
# default profile (DOB on): C -4, E -2, A/B/D +2 (B-32, B-33), and W-RULES-DEFAULT says so at its [Session].

SEATS = '[Seats "A=Ann Alt; B=Ben Berg; C=Cal Cox; D=Dot Dorn; E=Eve Egli"]'
RESUME = f"""%SHN 1.0
[Session "b33-resume"]
[Event "Break33 Club"]
[Date "2026.11.30"]
{SEATS}
[Rules "wi5-called-ace; doubleOnBump=off"]

hand 1  dealer A
pick B  call AS  partner D  pts 72  win
score A -1 B +2 C -1 D +1 E -1

[Session "b33-resume"]
{SEATS}

hand 2  dealer B
pick C  call AH  partner E  pts 40  lose

[Session "b33-other"]
[Event "Break33 Club"]
[Date "2026.11.30"]
[Table "3"]
{SEATS}

hand 1  dealer B
pick C  call AH  partner E  pts 40  lose
"""


def test_f1_a_session_written_again_without_rules_keeps_its_rules(tmp_path):
    db = tmp_path / "r.duckdb"
    report = ingest_json(write(tmp_path, "resume.shn", RESUME), db)
    assert report["rejected"] == []
    assert _units(db, "b33-resume", 1) == {"A": -1, "B": 2, "C": -1, "D": 1, "E": -1}
    h2 = _units(db, "b33-resume", 2)
    assert h2 == {"A": 1, "B": 1, "C": -2, "D": 1, "E": -1}
    assert sum(h2.values()) == 0
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT DISTINCT rules FROM hands WHERE session = 'b33-resume'").fetchall() == [
            ("wi5-called-ace; doubleOnBump=off",)]
    other = _units(db, "b33-other", 1)
    assert other == {"A": 2, "B": 2, "C": -4, "D": 2, "E": -2}
    assert sum(other.values()) == 0
    out = cli("ingest", write(tmp_path, "resume2.shn", RESUME), "--db", str(tmp_path / "s.duckdb")).output
    # the new session below says it is scored by the default profile, at its [Session] line (18)
    assert "resume2.shn:18:1: warning W-RULES-DEFAULT" in out, out


# --------------------------------------------------------------------------------------------------------------------
# F3: a night voided whole, sent again with hand 2 changed
#
# The tester's a/vv7.shn over its night b33-night (hand 1 as below; hand 2 with pts 40).  By hand (rules.md B-27,
# B-33): hand 1 B picks, D partner, 72: B +2, D +1, the others -1 (zero-sum).  After `shead void b33-night
# --session` no hand is in force; the file's hand 1 is the voided text (W-HAND-VOIDED: "1 voided earlier (not
# stored again)"), its hand 2 (pts 41) is another text of a voided hand: E-HAND-CONFLICT "was voided" at line 12,
# as when hand 2 alone is voided.  Nothing stored changes: the ledger stays empty (every hand voided).

NIGHT = """%SHN 1.0
[Session "b33-night"]
[Event "Break33 Club"]
[Date "2026.11.20"]
[Seats "A=Ann Alt; B=Ben Berg; C=Cal Cox; D=Dot Dorn; E=Eve Egli"]
[Rules "wi5-called-ace"]

hand 1  dealer A
pick B  call AS  partner D  pts 72  win
score A -1 B +2 C -1 D +1 E -1

hand 2  dealer B
pick C  call AH  partner E  pts 40  lose
"""


def _hand_rows(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT h.hand, u.seat, CAST(u.units AS INTEGER) FROM hands h JOIN hand_units u "
                           "USING (hand_id) ORDER BY 1, 2").fetchall()


def test_f3_a_night_voided_whole_sent_again_with_a_hand_changed(tmp_path):
    db = tmp_path / "v.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    assert _units(db, "b33-night", 1) == {"A": -1, "B": 2, "C": -1, "D": 1, "E": -1}
    cli("void", "b33-night", "--session", "--reason", "wrong table", "--db", str(db))
    before = _hand_rows(db)
    path = write(tmp_path, "vv7.shn", NIGHT.replace("pts 40  lose", "pts 41  lose"))
    r = cli("ingest", path, "--db", str(db), ok=False)
    out = r.output
    assert "E-STORE" not in out and "max() arg" not in out, out
    assert "1 voided earlier (not stored again)" in out, out
    assert "vv7.shn:12:1: E-HAND-CONFLICT (hand 2): hand 2 of session 'b33-night' was voided" in out, out
    assert r.exit_code == 1
    assert _hand_rows(db) == before
    assert json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0]) == []


# --------------------------------------------------------------------------------------------------------------------
# F2: the warnings of an ingest through `shead serve`
#
# N1 is a night of two hands (by hand, rules.md B-27, B-33: hand 1 B +2, D +1, the others -1; hand 2 40 is a plain
# loss doubled on the bump, B-32 on by default: C -4, E -2, the others +2).  N2 is N1 sent again a day later under
# another [Session]: every hand the same text, the same players: W-SESSION-COPY at 1:1 (docs/notation.md: "every
# total now counts them twice").  N4 is another night whose line 9 holds a lone CR after 'pick B' (column 7):
# W-CR at 9:7, the CR read as a space (hand 1 pts 73: still a plain win, B-27, the same units).

N1 = NIGHT.replace("b33-night", "b33-n1").replace(
    "pts 40  lose\n", "pts 40  lose\nscore A +2 B +2 C -4 D +2 E -2\n")
N2 = N1.replace("b33-n1", "b33-n2").replace("2026.11.20", "2026.11.21")
N4 = N1.replace("b33-n1", "b33-n4").replace("2026.11.20", "2026.11.22").replace(
    "pick B  call AS  partner D  pts 72", "pick B\r call AS  partner D  pts 73")


def test_f2_an_ingest_through_the_service_prints_its_warnings(tmp_path):
    from tests.service_helpers import start_service

    db = tmp_path / "served.duckdb"
    paths = [write(tmp_path, n, t) for n, t in (("n1.shn", N1), ("n2.shn", N2), ("n4.shn", N4))]
    served = start_service(db)
    try:
        outs = [cli("ingest", p, "--db", str(db)).output for p in paths]
        js = cli("ingest", paths[1], "--db", str(db), "--json").output
    finally:
        served.stop()
    assert all("through the service" in o for o in outs), outs
    assert "warning" not in outs[0], outs[0]
    assert "n2.shn:1:1: warning W-SESSION-COPY: session 'b33-n2', just stored, repeats session 'b33-n1'" in outs[1]
    assert "every total now counts them twice" in outs[1]
    assert "n4.shn:9:7: warning W-CR: found a CR inside this line" in outs[2], outs[2]
    assert "2 duplicates" in js  # sent again: nothing stored, nothing to warn of
    for night, day in (("b33-n1", 1), ("b33-n2", 1), ("b33-n4", 1)):
        assert _units(db, night, day) == {"A": -1, "B": 2, "C": -1, "D": 1, "E": -1}
    assert _units(db, "b33-n2", 2) == {"A": 2, "B": 2, "C": -4, "D": 2, "E": -2}


# --------------------------------------------------------------------------------------------------------------------
# F5: a [Rules] written between hands is the hand's above, said at both refusals
#
# The tester's a/t11_profile_change.shn.  Session rules wi5-called-ace (double on the bump on, rules.md B-32).
# Hand 1: B picks, D partner, 72: a plain win, B +2, D +1, the others -1 (B-27, B-33), stored.
# Line 16, after hand 2's score: [Rules "wi5-called-ace; doubleOnBump=off"] -- hand 2's own (notation.md §3).
# Hand 2: C picks, E partner, 40: a plain loss (B-27, B-28); under its own rules, no DOB: C -2, E -1, the others +1;
#   written C -4, E -2, +2: refused (E-SCORE), the message naming line 16.
# Hand 3: D picks, A partner, 40, under the session's rules (DOB on): D -4, A -2, B/C/E +2; written D -2, A -1, +1:
#   refused, the message saying line 16's tag is hand 2's, not the advice to write it again as it stands.
# Written as the note means it (a [Session "b33-prof"] block with its [Seats] and the new [Rules] above hand 3,
# the session going on: docs/notation.md §4.2), all three are stored: hand 2 DOB on, C -4, E -2, others +2 (B-32);
# hand 3 DOB off, D -2, A -1, B/C/E +1 (B-33); each hand zero-sum.

PROF = """%SHN 1.0
[Session "b33-prof"]
[Event "Break33 Club"]
[Date "2026.11.28"]
[Seats "A=Ann Alt; B=Ben Berg; C=Cal Cox; D=Dot Dorn; E=Eve Egli"]
[Rules "wi5-called-ace"]

hand 1  dealer A
pick B  call AS  partner D  pts 72  win
score A -1 B +2 C -1 D +1 E -1

hand 2  dealer B
pick C  call AH  partner E  pts 40  lose
score A +2 B +2 C -4 D +2 E -2

[Rules "wi5-called-ace; doubleOnBump=off"]

hand 3  dealer C
pick D  call AC  partner A  pts 40  lose
score A -1 B +1 C +1 D -2 E +1
"""


def test_f5_a_rules_tag_between_hands_is_named_at_both_refusals(tmp_path):
    db = tmp_path / "p.duckdb"
    report = ingest_json(write(tmp_path, "prof.shn", PROF), db)
    assert _units(db, "b33-prof", 1) == {"A": -1, "B": 2, "C": -1, "D": 1, "E": -1}
    got = {e["hand"]: e for e in report["rejected"]}
    assert sorted(got) == [2, 3]
    h2, h3 = got[2], got[3]
    assert (h2["line"], h2["code"], h3["line"], h3["code"]) == (14, "E-SCORE", 20, "E-SCORE")
    assert "there is no double on the bump" in h2["message"]
    assert "line 16" in h2["message"] and "hand 2's own" in h2["message"], h2["message"]
    assert "line 16" in h3["message"] and "hand 2's own" in h3["message"], h3["message"]
    assert '[Session "b33-prof"]' in h3["message"], h3["message"]
    # the advice followed: the change written as a [Session] block of the same session above hand 3
    fixed = PROF.replace('\n[Rules "wi5-called-ace; doubleOnBump=off"]\n',
                         '\n[Session "b33-prof"]\n[Seats "A=Ann Alt; B=Ben Berg; C=Cal Cox; D=Dot Dorn; E=Eve Egli"]\n'
                         '[Rules "wi5-called-ace; doubleOnBump=off"]\n')
    db2 = tmp_path / "p2.duckdb"
    assert ingest_json(write(tmp_path, "prof2.shn", fixed), db2)["rejected"] == []
    h2u, h3u = _units(db2, "b33-prof", 2), _units(db2, "b33-prof", 3)
    assert h2u == {"A": 2, "B": 2, "C": -4, "D": 2, "E": -2} and sum(h2u.values()) == 0
    assert h3u == {"A": -1, "B": 1, "C": 1, "D": -2, "E": 1} and sum(h3u.values()) == 0
