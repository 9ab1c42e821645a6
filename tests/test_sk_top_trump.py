"""Schafkopf score lines the cards cannot give (a tester's records, session 13): the top trump (the Eichel-Ober;
the Eichel-Unter in a Wenz) takes the trick it falls in, and the Laufende say which party holds it (rules.md
G-13: "with", the declaring party; "without", the opponents).  So a Tout is never won "without", a game is never
won schwarz "without" and never lost schwarz "with" (G-12, G-14).  Each such line is refused at its laufende; the
same lines with the other side's Laufende are stored at the amounts worked by hand (schafkopf-bsv: Sauspiel 10,
Solo and Wenz 50, each Laufender, schneider and schwarz 10; G-15, G-16):

* hand 1, a Herz-Solo Tout won with 3: (50 + 30) x 2 = 160 from each opponent: Sepp +480;
* hand 2, a Sauspiel won schwarz with 4: 10 + 10 + 10 + 40 = 70: Vroni, Hias +70, Sepp, Kathi -70;
* hand 3, a Wenz lost schwarz without 2: 50 + 10 + 10 + 20 = 90 to each opponent: Hias -270.
"""

from __future__ import annotations

from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Event "Impossible"]
[Date "2026.12.04"]
[Seats "Sepp; Vroni; Hias; Kathi"]
[Rules "schafkopf-bsv"]
[Cards "de"]

"""
LINES = ("hand 1  dealer Kathi\ngame Sepp solo herz tout  laufende 3 {a}  win\n\n"
         "hand 2  dealer Sepp\ngame Vroni sauspiel EA  partner Hias  laufende 4 {a}  pts 120  tricks 8  win-z\n\n"
         "hand 3  dealer Vroni\ngame Hias wenz  laufende 2 {b}  pts 0  tricks 0  lose-z\n\n")


def test_the_impossible_lines_are_refused_at_their_laufende():
    res = validate_text(HEAD + LINES.format(a="without", b="with"), path="impossible.shn")
    assert res.hands == []
    got = [(r.hand, r.errors[0].code, r.errors[0].line, r.errors[0].col) for r in res.rejected]
    assert got == [(1, "E-SK-LAUFENDE", 9, 27), (2, "E-SK-LAUFENDE", 12, 39), (3, "E-SK-LAUFENDE", 15, 17)]
    assert "the opponents hold the Eichel-Ober" in res.rejected[0].errors[0].message
    assert "a Tout cannot be won" in res.rejected[0].errors[0].message
    assert "the declaring party holds the Eichel-Unter" in res.rejected[2].errors[0].message


def test_the_same_lines_with_the_other_sides_laufende_are_paid():
    res = validate_text(HEAD + LINES.format(a="with", b="without"), path="possible.shn")
    assert res.rejected == []
    units = [dict(h.outcome.units) for h in res.hands]
    assert units == [{"Sepp": 480, "Vroni": -160, "Hias": -160, "Kathi": -160},
                     {"Sepp": -70, "Vroni": 70, "Hias": 70, "Kathi": -70},
                     {"Sepp": 90, "Vroni": 90, "Hias": -270, "Kathi": 90}]
    assert all(sum(u.values()) == 0 for u in units)


def test_a_tout_price_reads_as_the_sum_it_doubles(tmp_path):
    """A tester's Wenz Tout written card by card (rules.md G-14: base and Laufende doubled; G-18: Kontra x2):
    (50 + 20) x 2 = 140, x 2 Kontra = 280 from each opponent: Hias +840.  The replay's price line says so."""
    from typer.testing import CliRunner

    from ingest.cli import app
    from replay.schafkopf import value_text

    assert value_text((("Wenz", 50), ("with 2 Laufende", 20), ("Tout ×2", 70))) == \
        "(Wenz 50 + with 2 Laufende 20) × 2 Tout"
    assert value_text((("Sauspiel", 10), ("Schneider", 10))) == "Sauspiel 10 + Schneider 10"
    deal = ("deal Sepp  HU E9 E8 GZ GK HZ SA SZ\ndeal Vroni EO E7 GO G9 HK HO SK SO\n"
            "deal Hias  EU GU SU EA EZ EK GA HA\ndeal Kathi G8 G7 H9 H8 H7 S9 S8 S7\n")
    tricks = ("t1 Sepp:  SA SO SU S7\nt2 Hias:  EU G7 HU E7\nt3 Hias:  GU G8 E8 G9\nt4 Hias:  EA H7 E9 EO\n"
              "t5 Hias:  EZ H8 GK SK\nt6 Hias:  EK S8 GZ GO\nt7 Hias:  GA S9 SZ HO\nt8 Hias:  HA H9 HZ HK\n")
    text = (HEAD.replace("Impossible", "Zum Ochsen") + "hand 2  dealer Kathi\n" + deal
            + "game Hias wenz tout\nkontra Sepp after 1\n" + tricks + "win\n")
    path = tmp_path / "wenz.shn"
    path.write_text(text)
    db = tmp_path / "w.duckdb"
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(path), "--db", str(db)]).exit_code == 0
    out = runner.invoke(app, ["replay", "1", "--db", str(db)]).output
    assert "Price:    ((Wenz 50 + with 2 Laufende 20) × 2 Tout = 140) × Kontra 2 = 280" in out
    assert "Units:    Sepp -280   Vroni -280   Hias +840   Kathi -280" in out
