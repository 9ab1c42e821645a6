"""A night stored under the wrong house rules, scored again by the rules the table plays (newuser25 F1: the way was
found only from a parenthesis of E-AMEND-RULES).  Worked by hand (rules.md B-27, B-32, B-33): hand 1, Ann picks,
Bob partner, 45 points: a loss, doubled on the bump under the default rules (Ann -4, Bob -2, Cal, Dot, Eve +2) and
not under doubleOnBump=off (Ann -2, Bob -1, the others +1); hand 2, Cal picks, Dot partner, 75: a win either way
(Cal +2, Dot +1, Ann, Bob, Eve -1)."""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Tuesday Basement Club"]
[Date "2026.12.01"]
[Seats "Ann; Bob; Cal; Dot; Eve"]
[Rules "wi5-called-ace"]

"""
NIGHT = HEAD + """hand 1  dealer Eve
pick Ann  call AH  partner Bob  pts 45  lose
score Ann -4 Bob -2 Cal +2 Dot +2 Eve +2

hand 2  dealer Ann
pick Cal  call AC  partner Dot  pts 75  win
score Ann -1 Bob -1 Cal +2 Dot +1 Eve -1
"""
NO_DOB = 'wi5-called-ace; doubleOnBump=off'
#: the amendment as the message says: the session's [Rules] line kept, the table's rules each hand's own
FIX = HEAD + f"""hand 1  dealer Eve
[Rules "{NO_DOB}"]
pick Ann  call AH  partner Bob  pts 45  lose
score Ann -2 Bob -1 Cal +1 Dot +1 Eve +1

hand 2  dealer Ann
[Rules "{NO_DOB}"]
pick Cal  call AC  partner Dot  pts 75  win
score Ann -1 Bob -1 Cal +2 Dot +1 Eve -1
"""


def test_a_night_is_scored_again_by_the_rules_the_table_plays(tmp_path):
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    assert ledger(db) == {"Ann": -5, "Bob": -3, "Cal": 4, "Dot": 3, "Eve": 1}
    # the whole night's header changed: refused, and the message says the way
    other = FIX.replace(f'[Rules "{NO_DOB}"]\n', "").replace('[Rules "wi5-called-ace"]', f'[Rules "{NO_DOB}"]')
    r = cli("ingest", "--amend", write(tmp_path, "other.shn", other), "--reason", "no DOB here", "--db", str(db),
            ok=False)
    out = " ".join(r.output.split())
    assert r.exit_code == 1 and "E-AMEND-RULES" in out
    # (verify34 F1: on each hand line right after 'hand N', read so without W-TAG-LATE whatever follows it)
    assert f'keep the session\'s [Rules "wi5-called-ace"] line and write [Rules "{NO_DOB}"] on each hand line' in out
    assert f"right after 'hand N' (hand 1 [Rules \"{NO_DOB}\"] dealer ..." in out
    assert ledger(db) == {"Ann": -5, "Bob": -3, "Cal": 4, "Dot": 3, "Eve": 1}  # nothing changed
    # the way it says: each hand scored by its own rules; hand 1's loss no longer doubled
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", FIX), "--reason", "no DOB here", "--db", str(db))
    assert r.exit_code == 0, r.output
    assert ledger(db) == {"Ann": -3, "Bob": -2, "Cal": 3, "Dot": 2, "Eve": 0}


def test_a_copy_under_other_rules_says_which_tag_differs_whole(tmp_path):
    """newuser25 F2: a re-sent hand whose [Rules] and score differ listed its tags cut at one length ('Seats
    Ann=Ann…' twice), the [Rules] past the cut never shown.  Hand 1 of the copy under doubleOnBump=off writes the
    undoubled loss (Ann -2 ...): both differences said, the tag whole."""
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    other = FIX.replace(f'[Rules "{NO_DOB}"]\n', "").replace('[Rules "wi5-called-ace"]', f'[Rules "{NO_DOB}"]')
    r = cli("ingest", write(tmp_path, "copy.shn", other), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert f"copy.shn:7:1: E-HAND-CONFLICT (hand 1)" in out, r.output
    assert f"it differs in [Rules]: stored 'wi5-called-ace', this copy '{NO_DOB}'; score: stored Ann -4 Bob -2 " \
           "Cal +2 Dot +2 Eve +2, this copy Ann -2 Bob -1 Cal +1 Dot +1 Eve +1" in out, r.output
    assert ledger(db) == {"Ann": -5, "Bob": -3, "Cal": 4, "Dot": 3, "Eve": 1}


def test_the_picker_written_as_partner_in_shn_says_to_write_alone(tmp_path):
    """real25 F4 in SHN (the sheets read it as alone): `pick Ann  partner Ann` with no call under called ace is
    refused at the partner's seat, saying how SHN writes a hand played alone (rules.md B-13); written `alone`, the
    hand is an alone schneider win at 95 (B-28, B-33: Ann +8, each defender -2)."""
    night = HEAD + """hand 1  dealer Eve
pick Ann  partner Ann  pts 95  win-s
score Ann +8 Bob -2 Cal -2 Dot -2 Eve -2
"""
    db = tmp_path / "a.duckdb"
    r = cli("ingest", write(tmp_path, "alone.shn", night), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "alone.shn:8:19: E-PARTNER (hand 1): the picker is written as the partner (allowCallOwnAce is off, or no " \
           "ace is called; rules.md B-14); if the picker played alone (rules.md B-13), write 'alone' in place of " \
           "'partner Ann'" in out, r.output
    cli("ingest", write(tmp_path, "alone.shn", night.replace("partner Ann", "alone")), "--db", str(db))
    assert ledger(db) == {"Ann": 8, "Bob": -2, "Cal": -2, "Dot": -2, "Eve": -2}
