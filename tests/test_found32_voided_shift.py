"""fixit32 F2: a night whose duplicate last hand was voided, re-sent with a forgotten hand inserted.

The stored night (``wi5-called-ace``; seats Al, Bea, Cy, Di, Ed=Jon Kahl) had hand 7 typed twice, as hands 7 and
8; hand 8 was voided.  The true night has a forgotten hand inserted as hand 5 (Ed picks, Al partner, 75), the later
ones renumbered: the file's hands 6-8 are the stored 5-7.  Its hand 8 is then the text the voided hand 8 had, so it
was said only "voided earlier", with no "shifted" diagnosis (said when hand 8 was not voided), and ``--amend`` of
the file amended 5-7, left 8 voided and exited 0 with one line: the night one hand short.

By hand (rules.md B-27 61 wins / 60 loses; B-28 91+ schneider, 30 or less schneidered; B-31/B-33 picker 2 shares,
partner 1, each defender 1, alone 4; B-32 double on the bump; D-4 leaster +4 / -1 each):

* h1 Bea+Di 59 lost: Bea -4, Di -2, Al Cy Ed +2.     * h2 Cy+Ed 60 lost: Cy -4, Ed -2, Al Bea Di +2.
* h3 Di alone 93 schneider: Di +8, the others -2.     * h4 Ed+Bea 59 lost: Ed -4, Bea -2, Al Cy Di +2.
* h5 (inserted) Ed+Al 75 won: Ed +2, Al +1, Bea Cy Di -1.
* h6 (stored 5) Al+Cy 45 lost: Al -4, Cy -2, Bea Di Ed +2.
* h7 (stored 6) leaster Cy: Cy +4, the others -1.
* h8 (stored 7) Bea+Ed 30 schneidered, lost: x2 x2: Bea -8, Ed -4, Al Cy Di +4.

The true night: Al 2+2-2+2+1-4-1+4 = +4, Bea -4+2-2-2-1+2-1-8 = -14, Cy 2-4-2+2-1-2+4+4 = +3,
Di -2+2+8+2-1+2-1+4 = +14, Ed 2-2-2-4+2+2-1-4 = -7 (zero-sum: 4-14+3+14-7 = 0).
Without hand 8 (left voided): Al 0, Bea -6, Cy -1, Di +10, Ed -3 (zero-sum).
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Tuesday Legion Sheepshead"]
[Site "Legion Post 7"]
[Date "2026.12.03"]
[Table "1"]
[Seats "Al=Al Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Jon Kahl"]
[Rules "wi5-called-ace"]

"""
H1_4 = """hand 1  dealer Ed
pick Bea  call AH  partner Di  pts 59  lose

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 60  lose

hand 3  dealer Bea
pick Di  alone  pts 93  win-s

hand 4  dealer Cy
pick Ed  call AH  partner Bea  pts 59  lose

"""
STORED = H1_4 + """hand 5  dealer Ed
pick Al  call AC  partner Cy  pts 45  lose

hand 6  dealer Al
leaster Cy  pts 20

hand 7  dealer Bea
pick Bea  call AH  partner Ed  pts 30  lose-s

hand 8  dealer Bea
pick Bea  call AH  partner Ed  pts 30  lose-s
"""
TRUE = H1_4 + """hand 5  dealer Di
pick Ed  call AH  partner Al  pts 75  win

hand 6  dealer Ed
pick Al  call AC  partner Cy  pts 45  lose

hand 7  dealer Al
leaster Cy  pts 20

hand 8  dealer Bea
pick Bea  call AH  partner Ed  pts 30  lose-s
"""
NIGHT = "Tuesday Legion Sheepshead / 2026.12.03 / 1"
RIGHT = {"Al Braun": 4, "Bea Schmidt": -14, "Cy Ott": 3, "Di Lenz": 14, "Jon Kahl": -7}
SHORT = {"Al Braun": 0, "Bea Schmidt": -6, "Cy Ott": -1, "Di Lenz": 10, "Jon Kahl": -3}


def _stored_with_hand_8_voided(tmp_path):
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "night.shn", HEAD + STORED), "--db", str(db))
    cli("void", f"{NIGHT}#8", "--reason", "hand 7 typed twice", "--db", str(db))
    return db


def test_the_resent_night_is_said_shifted_when_its_last_stored_hand_is_voided(tmp_path):
    db = _stored_with_hand_8_voided(tmp_path)
    before = ledger(db)
    true = write(tmp_path, "true.shn", HEAD + TRUE)
    r = cli("ingest", true, "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    assert (f"{true}:30:1: E-HAND-CONFLICT (hand 8): hand 8 of session '{NIGHT}' is the stored hand 7") in r.output, \
        r.output
    assert "the night's hands look shifted (a hand inserted at 5" in r.output
    assert "amend its hands 5-8 with this file's" in r.output
    assert "its hand 8 is voided, so this file's hand 8 stays voided unless its text is changed" in r.output
    assert "(hand 8  dealer Bea  {back in force})" in r.output
    assert ledger(db) == before  # nothing stored


def test_amend_leaving_a_hand_voided_says_so_loudly_with_the_step_that_brings_it_back(tmp_path):
    db = _stored_with_hand_8_voided(tmp_path)
    true = write(tmp_path, "true.shn", HEAD + TRUE)
    r = cli("ingest", "--amend", true, "--db", str(db))
    assert f"{NIGHT}#5 (hand id 5): revision 2 in force" in r.output
    assert (f"{true}:30:1: warning W-AMEND-VOIDED: hand 8 of session '{NIGHT}' stays voided while this file amended "
            "its hands 5, 6, 7: every total counts the night without hand 8") in r.output, r.output
    assert "`hand 8  dealer Bea  {back in force}`, and amend again: shead ingest --amend " + true in r.output
    assert ledger(db) == SHORT and sum(SHORT.values()) == 0
    # the step it gives: the note on hand 8's line, amended again: the true night
    back = write(tmp_path, "true.shn", HEAD + TRUE.replace("hand 8  dealer Bea\n", "hand 8  dealer Bea  {back in force}\n"))
    r = cli("ingest", "--amend", back, "--db", str(db))
    assert f"{NIGHT}#8 (hand id 8): revision 3 in force; it was voided: it is back" in r.output, r.output
    assert "W-AMEND-VOIDED" not in r.output
    assert ledger(db) == RIGHT and sum(RIGHT.values()) == 0
