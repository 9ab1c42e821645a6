"""Records and corrections brought in session 20, each amount worked out by
hand from rules.md before shead's figure was read.

The winter night (``wi5-called-ace``; picker 2, partner 1, each defender 1
a unit; schneider doubles; alone the picker takes four shares; double on
the bump: rules.md B-28, B-29, B-32, B-33) is test_found19's: h1 Bea +2,
Di +1, the others -1; h2 lost, doubled on the bump: Cy -4, Ed -2, the
others +2; h3 Di alone 95, schneider: +8, the others -2; h4 Ed +2, Al +1,
the others -1.
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write
from tests.test_found19 import WINTER1, WINTER2, Y2026, Y2027


def test_the_first_nights_date_corrected_dates_the_session_by_it(tmp_path):
    """break19 F11: the first night of a session continued on 2027.01.05 was typed 2026.12.29 and played
    2026.12.28.  Amended, its hands moved to the 28th but the session row kept the 29th, a day no hand was played:
    the sheet was headed by it, and a restore of the export was dated the 28th (the database and its backup
    disagreed).  The totals do not move: 2026 Al +1, Bea +4, Cy -5, Di +3, Ed -3; 2027 Al -1, Bea -3, Cy -3,
    Di +7, Ed 0."""
    db = tmp_path / "w.duckdb"
    cli("ingest", write(tmp_path, "w1.shn", WINTER1), write(tmp_path, "w2.shn", WINTER2), "--db", str(db))
    fixed = write(tmp_path, "w1fix.shn", WINTER1.replace("2026.12.29", "2026.12.28"))
    assert cli("ingest", "--amend", fixed, "--db", str(db)).output.count("played: date '2026-12-28'") == 2
    assert cli("sheet", "Stammtisch winter", "--db", str(db)).output.splitlines()[0].startswith(
        "Stammtisch winter  (2026-12-28;")
    assert ledger(db, "--to", "2026-12-28") == Y2026 and ledger(db, "--from", "2027-01-01") == Y2027
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    head = backup.read_text().split("hand 1")[0]
    assert '[Date "2026.12.28"]' in head and "2026.12.29" not in backup.read_text()
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    assert cli("sheet", "Stammtisch winter", "--db", str(restored)).output.splitlines()[0].startswith(
        "Stammtisch winter  (2026-12-28;")
    assert ledger(restored, "--to", "2026-12-28") == Y2026 and ledger(restored, "--from", "2027-01-01") == Y2027
    # the second night's date corrected keeps the session on the first night's day
    cli("ingest", "--amend", write(tmp_path, "w2fix.shn", WINTER2.replace("2027.01.05", "2027.01.06")),
        "--db", str(db))
    assert "(2026-12-28;" in cli("sheet", "Stammtisch winter", "--db", str(db)).output.splitlines()[0]
    assert ledger(db, "--from", "2027-01-06") == Y2027


SIX = '[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp; Fay=Fay Fox"]\n[Rules "wi6-sit-out"]\n\n'


def test_a_night_continued_on_another_day_does_not_take_its_first_dealer_from_the_last_nights(tmp_path):
    """scorer19 F7b: under wi6-sit-out (the dealer sits out and settles 0, rules.md F-1) a night of 2027.01.16
    continues the league's night of 2027.01.09, whose hand 1 Fay dealt.  Its hand 2 is written without a dealer:
    the rotation of the last night named Al (on Fay's left) and Al sat out, though a new night's first dealer is
    drawn (or is who sits where the last one sat).  Refused for its dealer, stored or in the same file; with the
    dealer written (Bea): Cy picks, Di partner, 70, a win among five (rules.md B-28, F-1): Cy +2, Di +1, Al, Ed,
    Fay -1, Bea 0.  Hand 1 (Al picks, Cy partner, 61: Al +2, Cy +1, Bea, Di, Ed -1; Fay sits out: 0).  Totals Al
    +1, Bea -1, Cy +3, Di 0, Ed -2, Fay -1 (zero-sum)."""
    one = '%SHN 1.0\n[Session "six league"]\n[Date "2027.01.09"]\n' + SIX + (
        "hand 1  dealer Fay\npick Al  call AH  partner Cy  pts 61  win\n")
    two = '%SHN 1.0\n[Session "six league"]\n[Date "2027.01.16"]\n' + SIX + (
        "hand 2\npick Cy  call AS  partner Di  pts 70  win\n")
    db = tmp_path / "six.duckdb"
    r = cli("ingest", write(tmp_path, "a.shn", one), write(tmp_path, "b.shn", two), "--db", str(db), ok=False)
    assert "E-DEALER (hand 2)" in r.output and "on a new day" in r.output
    db2 = tmp_path / "six2.duckdb"
    cli("ingest", write(tmp_path, "a.shn", one), "--db", str(db2))
    r = cli("ingest", write(tmp_path, "b.shn", two), "--db", str(db2), ok=False)
    assert "E-DEALER (hand 2)" in r.output
    # the same two nights in one file (the second night's own [Date]): the same
    r = cli("ingest", write(tmp_path, "c.shn", one + '\n[Date "2027.01.16"]\nhand 2\n'
                            "pick Cy  call AS  partner Di  pts 70  win\n"), "--db", str(tmp_path / "c.duckdb"),
            ok=False)
    assert "E-DEALER (hand 2)" in r.output
    cli("ingest", write(tmp_path, "b.shn", two.replace("hand 2\n", "hand 2  dealer Bea\n")), "--db", str(db2))
    assert ledger(db2) == {"Al Ames": 1, "Bea Berg": -1, "Cy Cole": 3, "Di Dorn": 0, "Ed Epp": -2, "Fay Fox": -1}
    # on the same day the rotation still gives the dealer: hand 3 after Bea's deal is Cy's, Cy sits out
    three = two.replace("hand 2\n", "hand 3\n").replace("pick Cy  call AS  partner Di", "pick Di  call AS  "
                                                        "partner Bea")
    cli("ingest", write(tmp_path, "d.shn", three), "--db", str(db2))
    # h3 Di picks, Bea partner, 70: Di +2, Bea +1, Al, Ed, Fay -1, Cy (dealer) 0
    assert ledger(db2) == {"Al Ames": 0, "Bea Berg": 0, "Cy Cole": 3, "Di Dorn": 2, "Ed Epp": -3, "Fay Fox": -2}
