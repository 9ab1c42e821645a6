"""fixit32 F1: a night re-sent under a corrected date, as ``shead export`` writes it, was counted twice without a
word when one of its hands carries its own ``[Seats]`` line.

The export writes a hand in canonical layout: ``hand 6  dealer Al`` before the hand's ``[Seats]`` line (the scorer
wrote ``hand 6`` / ``[Seats …]`` / ``dealer Al``), and hand 4's deal and trick lines padded otherwise.  The copy
check compared the stored template text for text, so the export of the night was not "the same text" and the
W-SESSION-COPY for a date corrected in the file (scorer19 F3) never fired.  The hands mean the same: compared by
meaning now (their facts; the session's identity tags, Date among them, aside).

The night (``wi5-called-ace``: rules.md B-27 61 wins and 60 loses; B-28 tiers 91+ schneider, 30 or less
schneidered; B-31/B-33 picker 2 shares, partner 1, each defender 1; alone 4 shares; B-32 double on the bump;
D-4 leaster winner +4, the others -1).  Seats Al, Bea, Cy, Di, Ed (Ed = Jon Kahl; in hand 6 Ed = John Kahl):

* h1 Bea picks, Di partner, 59: lost (B-27), x1, DOB: Bea -4, Di -2, Al Cy Ed +2.
* h2 Cy picks, Ed partner, 60: lost (B-27: 60-60 loses), DOB: Cy -4, Ed -2, Al Bea Di +2.
* h3 Di alone, 93: schneider (B-28 91-120) x2, alone 4 shares: Di +8, the others -2.
* h4 Ed picks, Bea partner, 59: lost, DOB: Ed -4, Bea -2, Al Cy Di +2.
* h5 Al picks, Cy partner, 45: lost, DOB: Al -4, Cy -2, Bea Di Ed +2.
* h6 leaster won by Cy (D-4): Cy +4, Al Bea Di -1, Ed (John Kahl this hand) -1.
* h7, h8 Bea picks, Ed partner, 30: schneidered (B-28 0-30) x2, DOB x2: Bea -8, Ed -4, Al Cy Di +4 (each hand).

Totals: Al 2+2-2+2-4-1+4+4 = +7; Bea -4+2-2-2+2-1-8-8 = -21; Cy 2-4-2+2-2+4+4+4 = +8;
Di -2+2+8+2+2-1+4+4 = +19; Jon Kahl (Ed, 7 hands) 2-2-2-4+2-4-4 = -12; John Kahl (hand 6) -1.
Zero-sum: 7-21+8+19-12-1 = 0.

docs/storage.md ("An SHN session re-sent under another name"): the copy is stored (two tables may play one
evening) but with W-SESSION-COPY, so until one is voided every total counts the night twice (Al +14 over 16
hands, ...); the copy voided whole (``shead void … --session``), the ledger is the night once.
"""

from __future__ import annotations

import json

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Tuesday Legion Sheepshead"]
[Site "Legion Post 7"]
[Date "2026.12.03"]
[Table "1"]
[Seats "Al=Al Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Jon Kahl"]
[Rules "wi5-called-ace"]

"""

NIGHT = HEAD + """hand 1  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
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
partner Di  pts 59  tricks 3  lose

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 60  lose

hand 3  dealer Bea
pick Di  alone  pts 93  win-s

hand 4  dealer Cy
deal Al  QH JH 8D AC 8C KH
deal Bea  QD KD 7D AH 7C TS
deal Cy  JS 9D TC KS 8S 9H
deal Di  QS JD 9C 7S TH 8H
deal Ed QC JC AD TD KC 9S
blind AS 7H
pick Ed
bury AS KC
call AH
t1 Di:  9C TD 8C 7C TC
t2 Ed: QC 8D KD 9D JD
t3 Ed: 7H KH AH 9H 8H
t4 Bea:  QD JS QS JC QH
t5 Di:  TH AD JH 7D KS
t6 Al:  AC TS 8S 7S 9S
partner Bea  pts 59  tricks 3  lose

hand 5  dealer Ed
pick Al  call AC  partner Cy  pts 45  lose

hand 6
[Seats "Al=Al Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=John Kahl"]
dealer Al
leaster Cy  pts 20

hand 7  dealer Bea
pick Bea  call AH  partner Ed  pts 30  lose-s

hand 8  dealer Bea
pick Bea  call AH  partner Ed  pts 30  lose-s
"""

# `shead export --format shn` of NIGHT (the tester's d6_noamend.shn) with only its date changed to 2026.12.04
EXPORT_0412 = """%SHN 1.0
[Session "Tuesday Legion Sheepshead / 2026.12.04 / 1"]
[Event "Tuesday Legion Sheepshead"]
[Site "Legion Post 7"]
[Date "2026.12.04"]
[Table "1"]
[Seats "Al=Al Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Jon Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
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
partner Di  pts 59  tricks 3  lose

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 60  lose

hand 3  dealer Bea
pick Di  alone  pts 93  win-s

hand 4  dealer Cy
deal Al  QH JH 8D AC 8C KH
deal Bea QD KD 7D AH 7C TS
deal Cy  JS 9D TC KS 8S 9H
deal Di  QS JD 9C 7S TH 8H
deal Ed  QC JC AD TD KC 9S
blind AS 7H
pick Ed
bury AS KC
call AH
t1 Di:  9C TD 8C 7C TC
t2 Ed:  QC 8D KD 9D JD
t3 Ed:  7H KH AH 9H 8H
t4 Bea: QD JS QS JC QH
t5 Di:  TH AD JH 7D KS
t6 Al:  AC TS 8S 7S 9S
partner Bea  pts 59  tricks 3  lose

hand 5  dealer Ed
pick Al  call AC  partner Cy  pts 45  lose

hand 6  dealer Al
[Seats "Al=Al Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=John Kahl"]
leaster Cy  pts 20

hand 7  dealer Bea
pick Bea  call AH  partner Ed  pts 30  lose-s

hand 8  dealer Bea
pick Bea  call AH  partner Ed  pts 30  lose-s
"""

ONCE = {"Al Braun": 7, "Bea Schmidt": -21, "Cy Ott": 8, "Di Lenz": 19, "Jon Kahl": -12, "John Kahl": -1}


def _hands(db) -> dict[str, int]:
    rows = json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0])
    return {r["player"]: r["hands"] for r in rows}


def test_the_nights_export_under_a_corrected_date_is_named_a_copy(tmp_path):
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    assert ledger(db) == ONCE
    assert sum(ONCE.values()) == 0
    r = cli("ingest", write(tmp_path, "moved.shn", EXPORT_0412), "--db", str(db))
    assert "8 stored" in r.output, r.output
    assert r.output.count("W-SESSION-COPY") == 1, r.output
    assert ("session 'Tuesday Legion Sheepshead / 2026.12.04 / 1', just stored, repeats session "
            "'Tuesday Legion Sheepshead / 2026.12.03 / 1'") in r.output, r.output
    assert "on another date (2026-12-04 here, 2026-12-03 stored: a date corrected in this file?)" in r.output
    # stored, as the docs say, and counted twice until one copy is voided
    assert ledger(db) == {p: 2 * v for p, v in ONCE.items()}
    assert _hands(db) == {"Al Braun": 16, "Bea Schmidt": 16, "Cy Ott": 16, "Di Lenz": 16, "Jon Kahl": 14,
                          "John Kahl": 2}
    # the stored one carried the mistyped date: voided whole, as the warning says, the night counts once
    cli("void", "Tuesday Legion Sheepshead / 2026.12.03 / 1", "--session", "--reason", "renamed", "--db", str(db))
    assert ledger(db) == ONCE
    assert _hands(db) == {"Al Braun": 8, "Bea Schmidt": 8, "Cy Ott": 8, "Di Lenz": 8, "Jon Kahl": 7, "John Kahl": 1}


def test_the_live_export_moved_to_another_date_is_named_a_copy(tmp_path):
    """The same with the export shead writes today (whatever its layout), only its date changed."""
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    out = tmp_path / "exp.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    moved = out.read_text(encoding="utf-8").replace("2026.12.03", "2026.12.04")
    assert moved.count("2026.12.04") == 2  # the Session tag and the Date tag
    r = cli("ingest", write(tmp_path, "moved.shn", moved), "--db", str(db))
    assert r.output.count("W-SESSION-COPY") == 1, r.output


def test_a_hand_of_another_seating_is_no_copy(tmp_path):
    """Hand 6 re-sent with Ed = Jon Kahl (not John Kahl, its own [Seats] line): another player sat there, so the
    night is not the same by meaning, and no W-SESSION-COPY is said for it text for text either."""
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    other = EXPORT_0412.replace("Ed=John Kahl", "Ed=Jan Kuhl")
    r = cli("ingest", write(tmp_path, "moved.shn", other), "--db", str(db))
    assert "W-SESSION-COPY" not in r.output, r.output
