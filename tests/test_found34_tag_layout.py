"""Session 34 (verify34 F1): a hand's own ``[Rules]`` written on the line after a one-line hand.

Such a tag is the hand's own but W-TAG-LATE (docs/notation.md §4.2: a scorer's change "from here on" is written
there).  E-AMEND-RULES advised writing the hand's own ``[Rules "…"]`` "after each hand line", which for a one-line
hand (``hand 2  dealer Bo  pick Ed …  lose``) is exactly that place; and ``shead export --format shn`` wrote such a
stored hand as stored (its text read with a warning was not rewritten), so every restore of the export said
W-TAG-LATE again.  Now the export writes the hand canonically (docs/notation.md §10: ``hand N  dealer S``, the
hand's own tags, then its statements) and E-AMEND-RULES advises the tag on the ``hand`` line, right after
``hand N``, which is read as the hand's own without a warning in either layout.
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Friday Sheep Club"]
[Date "2026.11.20"]
[Seats "Al=Al Berg; Bo=Bo Dahl; Cy=Cy Voss; Di=Di Marsh; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

"""
OFF = "wi5-called-ace; doubleOnBump=off"
# hands 2 and 3 played without double on the bump, the tag on the line after the one-line hand (W-TAG-LATE)
LATE = HEAD + f"""hand 1  dealer Al  pick Di  call AC  partner Cy  pts 67  win
hand 2  dealer Bo  pick Ed  call AS  partner Di  pts 50  lose
[Rules "{OFF}"]
hand 3  dealer Cy  pick Al  call AH  partner Bo  pts 40  lose
[Rules "{OFF}"]
"""
# By hand (rules.md B-27, B-28: 67 = a plain win, 50 and 40 plain losses, x1; B-31/B-33 shares 2:1:-1 each):
# hand 1: Di +2, Cy +1, Al/Bo/Ed -1.
# hand 2, doubleOnBump off (B-32 not applied): Ed -2, Di -1, Al/Bo/Cy +1.
# hand 3, doubleOnBump off: Al -2, Bo -1, Cy/Di/Ed +1.
# Al -1+1-2 = -2, Bo -1+1-1 = -1, Cy +1+1+1 = +3, Di +2-1+1 = +2, Ed -1-2+1 = -2; sum 0 (B-35).
OFF_TOTALS = {"Al Berg": -2, "Bo Dahl": -1, "Cy Voss": 3, "Di Marsh": 2, "Ed Funk": -2}
# The same night under the session's rules (double on the bump, B-32: a loss doubled):
# hand 2: Ed -4, Di -2, Al/Bo/Cy +2; hand 3: Al -4, Bo -2, Cy/Di/Ed +2.
# Al -1+2-4 = -3, Bo -1+2-2 = -1, Cy +1+2+2 = +5, Di +2-2+2 = +2, Ed -1-4+2 = -3; sum 0.
DOB_TOTALS = {"Al Berg": -3, "Bo Dahl": -1, "Cy Voss": 5, "Di Marsh": 2, "Ed Funk": -3}


def _export(db) -> str:
    return cli("export", "--format", "shn", "--db", str(db)).output.split("exported")[0]


def test_an_export_of_hands_with_a_late_own_rules_tag_restores_without_w_tag_late(tmp_path):
    db = tmp_path / "a.duckdb"
    r = cli("ingest", write(tmp_path, "late.shn", LATE), "--db", str(db))
    assert r.output.count("W-TAG-LATE") == 2, r.output  # as written: said, the tags each hand's own
    assert ledger(db) == OFF_TOTALS and sum(OFF_TOTALS.values()) == 0
    text = _export(db)
    # the hand's own tag between its head and its statements (docs/notation.md §10)
    assert f'hand 2  dealer Bo\n[Rules "{OFF}"]\npick Ed  call AS  partner Di  pts 50  lose\n' in text, text
    assert f'hand 3  dealer Cy\n[Rules "{OFF}"]\npick Al  call AH  partner Bo  pts 40  lose\n' in text, text
    path = write(tmp_path, "export.shn", text)
    fresh = tmp_path / "b.duckdb"
    r = cli("ingest", path, "--db", str(fresh))
    assert "W-TAG-LATE" not in r.output and "3 stored" in r.output, r.output
    assert ledger(fresh) == OFF_TOTALS
    # restored into the database it came from: the same hands, no warning
    r = cli("ingest", path, "--db", str(db))
    assert "W-TAG-LATE" not in r.output and "0 stored, 3 duplicates" in r.output, r.output
    assert ledger(db) == OFF_TOTALS


def test_e_amend_rules_advises_the_layout_read_without_a_warning(tmp_path):
    db = tmp_path / "c.duckdb"
    plain = LATE.replace(f'[Rules "{OFF}"]\n', "")
    cli("ingest", write(tmp_path, "night.shn", plain), "--db", str(db))
    assert ledger(db) == DOB_TOTALS and sum(DOB_TOTALS.values()) == 0
    # the night was played without double on the bump: amended under that header, refused with the advice
    wrong = plain.replace('[Rules "wi5-called-ace"]', f'[Rules "{OFF}"]')
    r = cli("ingest", "--amend", write(tmp_path, "wrong.shn", wrong), "--db", str(db), ok=False)
    flat = " ".join(r.output.split())
    assert r.exit_code == 1 and "E-AMEND-RULES" in flat, r.output
    assert f'hand 1 [Rules "{OFF}"] dealer' in flat, r.output  # on the hand line, right after 'hand N'
    assert ledger(db) == DOB_TOTALS
    # the advice followed: no W-TAG-LATE, hands 2 and 3 scored without double on the bump
    fix = plain.replace("hand 2  dealer", f'hand 2  [Rules "{OFF}"]  dealer').replace(
        "hand 3  dealer", f'hand 3  [Rules "{OFF}"]  dealer')
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), "--reason", "no bump doubling")
    assert "W-TAG-LATE" not in r.output, r.output
    assert ledger(db) == OFF_TOTALS
    # and its export restores without a warning, to the same ledger
    fresh = tmp_path / "d.duckdb"
    r = cli("ingest", write(tmp_path, "export.shn", _export(db)), "--db", str(fresh))
    assert "W-TAG-LATE" not in r.output, r.output
    assert ledger(fresh) == OFF_TOTALS
