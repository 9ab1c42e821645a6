"""Records brought by session 18's testers (fix18, sheet18, nsk18), their
amounts worked out by hand from rules.md before shead's were read."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_helpers import cli, ledger, write


def test_a_sheet_whose_pot_starts_mid_night_prints(tmp_path):
    """fix18 F4: a hand's own `[Rules "...; pot=on"]` in a session without a pot: `shead sheet` died with a
    TypeError (the pot balance of the hands before it is None).  By hand: hand 1, Bea with Cy 70, a win (B-27,
    B-33): Bea +2, Cy +1, Al, Di, Ed -1.  Hand 2, a leaster won by Di under pot=on (D-4, D-19, docs/profiles.md
    wi5-pot): Di +4 - 1 = +3, the others -1 - 1 = -2, the pot +5.  Night: Al -3, Bea 0, Cy -1, Di +2, Ed -3, pot 5
    (zero-sum with the pot: -3 + 0 - 1 + 2 - 3 + 5 = 0)."""
    db = tmp_path / "p.duckdb"
    cli("ingest", write(tmp_path, "pot.shn",
                        '%SHN 1.0\n[Event "Pot"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
                        '[Rules "wi5-called-ace"]\n\nhand 1  dealer Al\npick Bea  call AC  partner Cy  pts 70  win\n\n'
                        'hand 2  dealer Bea\n[Rules "wi5-called-ace; pot=on"]\nleaster Di  pts 10\n'), "--db", str(db))
    out = cli("sheet", "Pot / 2026.12.05", "--db", str(db)).output
    assert "Traceback" not in out
    total = [line for line in out.splitlines() if "total, 2 hands" in line][0].split()
    # the pot's cell: the night's net +5, then what it holds, 0 + 5 = 5 (as the Sheet page's total row, fixa29)
    assert total[-7:] == ["-3", "0", "-1", "2", "-3", "+5", "5"], total
    assert ledger(db) == {"Al": -3, "Bea": 0, "Cy": -1, "Di": 2, "Ed": -3}


def test_a_ledger_of_sittings_under_schafkopf_rules_is_refused_not_added_to_sheepshead(tmp_path):
    """nsk18 F2: a Schafkopf house's book of nights (cents at 10/50) read with `--rules schafkopf-bsv` was stored
    as Sheepshead units and added to the players' Sheepshead totals (Sepp +149 = +150 cents - 1 unit).  Refused
    now, nothing stored; the Sheepshead hand of the same people keeps its own ledger: Hias picks, Resi partner, 72,
    a plain win (B-27, B-33): Hias +2, Resi +1, Sepp, Vroni, Xaver -1."""
    db = tmp_path / "l.duckdb"
    book = write(tmp_path, "abende.csv", "Datum,Sepp,Hias,Vroni,Resi\n04.12.2026,+350,-120,-80,-150\n"
                 "11.12.2026,-200,+90,+40,+70\n")
    r = cli("--db", str(db), "ingest", "--rules", "schafkopf-bsv", book, ok=False)
    assert r.exit_code == 1 and "E-CSV-RULES" in r.output and "never" in r.output, r.output
    cli("--db", str(db), "ingest", write(tmp_path, "sh.shn", '%SHN 1.0\n[Session "s"]\n[Date "2026.12.18"]\n'
        '[Seats "Se=Sepp; Hi=Hias; Vr=Vroni; Rs=Resi; Xa=Xaver"]\n[Rules "wi5-called-ace"]\n\n'
        "hand 1  dealer Xa\npick Hi  call AS  partner Rs  pts 72  win\n"))
    assert ledger(db) == {"Sepp": -1, "Hias": 2, "Vroni": -1, "Resi": 1, "Xaver": -1}


NIGHT = ('%SHN 1.0\n[Session "v"]\n[Date "2026.12.04"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
         "hand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n\n"
         "hand 2  dealer Al\npick Cy  call AH  partner Di  pts 50  lose\n\n"
         "hand 3  dealer Bea\npick Di  call AC  partner Ed  pts 95  win-s\n")


def test_a_hand_voided_before_a_backup_stays_voided_after_the_restore(tmp_path):
    """fix18 F1: the export writes `[_Voided "2"]` and the restore keeps it, but the scorer's original file sent
    to the restored database stored the voided hand again.  By hand: hand 1, Bea with Cy 70 (B-27, B-33): Bea +2,
    Cy +1, others -1; hand 2 (voided, counts nothing; it would be Cy -4, Di -2, others +2 on the bump); hand 3, Di
    with Ed 95, a schneider (B-28): Di +4, Ed +2, others -2.  Night: Al -3, Bea 0, Cy -1, Di +3, Ed +1."""
    db = tmp_path / "x.duckdb"
    night = write(tmp_path, "night.shn", NIGHT)
    cli("ingest", night, "--db", str(db))
    cli("void", "v#2", "--reason", "typed twice", "--db", str(db))
    truth = {"Al": -3, "Bea": 0, "Cy": -1, "Di": 3, "Ed": 1}
    assert ledger(db) == truth
    out = tmp_path / "backup.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    assert '[_Voided "2"]' in out.read_text()
    restored = tmp_path / "restored.duckdb"
    cli("ingest", str(out), "--db", str(restored))
    assert ledger(restored) == truth
    r = cli("ingest", night, "--db", str(restored), ok=False)
    assert "0 stored, 2 duplicates, 1 rejected" in r.output and "hand 2 of session 'v' was voided" in r.output, r.output
    assert ledger(restored) == truth  # and no "incomplete" line: hand 2 is voided, not missing
    assert "voided (not counted): hand(s) 2" in cli("sheet", "v", "--db", str(restored)).output


FIRST_NIGHT = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
               "2026-12-04,1,Eve,Ann,Bob,AH,72,W,2,1,-1,-1,-1\n"
               "2026-12-04,2,Ann,Cal,Dee,AC,45,L,2,2,-4,-2,2\n")


def test_a_second_night_pasted_under_its_own_header_is_never_read_with_the_first(tmp_path):
    """sheet18 F0: Fay sits in Eve's column on the second night, under its own header row; read with the first
    header her units were stored as Eve's.  Now the rows from the second header on are not read, and one
    E-CSV-HEADER says so and what to do.  The first night by hand (B-27, B-33, B-32 on the bump): hand 1, Ann with
    Bob 72: Ann +2, Bob +1, Cal, Dee, Eve -1; hand 2, Cal with Dee 45, lost: Cal -4, Dee -2, Ann, Bob, Eve +2.
    Ann +4, Bob +3, Cal -5, Dee -3, Eve +1.  The same header pasted again (the same players) is no row."""
    db = tmp_path / "f.duckdb"
    second = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Fay\n"
              "2026-12-11,1,Dee,Ann,Bob,AH,72,W,2,1,-1,-1,-1\n")
    r = cli("ingest", write(tmp_path, "season.csv", FIRST_NIGHT + second), "--db", str(db), ok=False)
    assert r.exit_code == 1 and "season.csv:4:1: E-CSV-HEADER: row 4 is a second header row" in r.output, r.output
    assert "'Fay' where the first header has 'Eve'" in r.output and "rows 4-5 are not read" in r.output
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}
    # the same header again, then the second night of the same five (Dee deals; Ann with Bob 72: +2 / +1 / -1)
    again = tmp_path / "g.duckdb"
    same = FIRST_NIGHT.split("\n")[0] + "\n2026-12-11,1,Dee,Ann,Bob,AH,72,W,2,1,-1,-1,-1\n"
    r = cli("ingest", write(tmp_path, "season2.csv", FIRST_NIGHT + same), "--db", str(again))
    assert "3 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(again) == {"Ann": 6, "Bob": 4, "Cal": -6, "Dee": -4, "Eve": 0}


def test_an_accented_name_typed_two_ways_is_one_player(tmp_path):
    """sheet18 F1: 'Zoë' as one character (U+00EB) in one file and as 'e' + U+0308 in another were two players
    with identical-looking ledger rows.  Each night by hand: Zoë picks, calls the ace of spades, Björn partner, 70,
    a win (B-27, B-33): Zoë +2, Björn +1, the three others -1.  Two nights: Zoë +4, Björn +2, -2 each other.  The
    CSV sheet of a third night (decomposed header, one picker cell composed): Zoë alone, 95, a schneider
    (B-28, B-31 alone: 2 x 4): Zoë +8, -2 each: Zoë +12 over three hands."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    head = '%SHN 1.0\n[Session "{s}"]\n[Seats "Zo={z}; Bj=Björn; Al; Cy; Di"]\n[Rules "wi5-called-ace"]\n\n'
    hand = "hand 1  dealer Di\npick Zo  call AS  partner Bj  pts 70  win\n"
    db = tmp_path / "z.duckdb"
    cli("ingest", write(tmp_path, "a.shn", head.format(s="one", z=composed) + hand), "--db", str(db))
    cli("ingest", write(tmp_path, "b.shn", head.format(s="two", z=decomposed) + hand), "--db", str(db))
    assert ledger(db) == {composed: 4, "Björn": 2, "Al": -2, "Cy": -2, "Di": -2}
    sheet = (f"date,hand,dealer,picker,partner,call,points,result,{decomposed},Björn,Al,Cy,Di\n"
             f"2026-12-06,1,Di,{composed},,alone,95,win-s,8,-2,-2,-2,-2\n")
    cli("ingest", write(tmp_path, "c.csv", sheet), "--db", str(db))
    assert ledger(db) == {composed: 12, "Björn": 0, "Al": -4, "Cy": -4, "Di": -4}


def test_a_text_read_in_pieces_is_normalized_as_the_whole():
    """ingest.unicode_text.nfc_pieces: a block boundary between a letter and its combining mark (a large SHN file
    read 1 MiB at a time) gives the NFC of the whole, as a file read at once does."""
    import unicodedata

    from hypothesis import given, strategies as hs

    from ingest.unicode_text import nfc_pieces

    alphabet = hs.sampled_from(["a", "e", "o", " ", "\n", "\u0308", "\u0301", "\u00eb", "Z", "\u0327", "c"])

    @given(hs.lists(hs.text(alphabet, max_size=6), max_size=8))
    def same(pieces):
        whole = "".join(pieces)
        assert "".join(nfc_pieces(pieces)) == unicodedata.normalize("NFC", whole)

    same()
    assert list(nfc_pieces(["Zoe", "\u0308 K"])) == ["Zo", "\u00eb ", "K"]  # the last character held back


#: a night whose seats change (nsk18 F1): Beate and Cyril swap chairs at hand 2, Fred takes Eddie's at hand 3
CHAIRS = ('%SHN 1.0\n[Session "chairs"]\n[Date "2026.12.05"]\n'
          '[Seats "Al=Alan; Bea=Beate; Cy=Cyril; Di=Dora; Ed=Eddie"]\n[Rules "wi5-called-ace"]\n\n'
          "hand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n\n"
          'hand 2  dealer Al\n[Seats "Al=Alan; Bea=Cyril; Cy=Beate; Di=Dora; Ed=Eddie"]\n'
          "pick Bea  call AH  partner Di  pts 80  win\n\n"
          'hand 3  dealer Bea\n[Seats "Al=Alan; Bea=Cyril; Cy=Beate; Di=Dora; Fr=Fred"]\n'
          "pick Fr  call AC  partner Al  pts 95  win-s\n")


def test_the_sheet_of_a_night_whose_seats_change_gives_each_player_his_own_total(tmp_path):
    """nsk18 F1 (and fix18, a correction giving a seat another alias): the sheet's columns were the session's
    [Seats] aliases, so a newcomer under a new alias vanished from it (its rows no longer summed to 0) and two
    players who swapped chairs were shown each other's totals.  The ledger was right.  By hand (B-27, B-28,
    B-33):

    * hand 1: Bea (Beate) picks, Cy (Cyril) partner, 70: Beate +2, Cyril +1, Alan, Dora, Eddie -1.
    * hand 2, Beate and Cyril swap chairs (Bea=Cyril, Cy=Beate): Bea (Cyril) picks, Di (Dora) partner, 80:
      Cyril +2, Dora +1, Alan, Beate, Eddie -1.
    * hand 3, Fred takes Eddie's chair as Fr: Fr picks, Al partner, 95, a schneider: Fred +4, Alan +2, Cyril,
      Beate, Dora -2.

    Night: Alan 0, Beate -1, Cyril +1, Dora -2, Eddie -2, Fred +4 (sum 0)."""
    db = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "chairs.shn", CHAIRS), "--db", str(db))
    truth = {"Alan": 0, "Beate": -1, "Cyril": 1, "Dora": -2, "Eddie": -2, "Fred": 4}
    assert ledger(db) == truth
    sheet = json.loads(cli("sheet", "chairs", "--json", "--db", str(db)).output)
    assert sheet["players"] == {"Al": "Alan", "Beate": "Beate", "Cyril": "Cyril", "Di": "Dora", "Ed": "Eddie",
                                "Fr": "Fred"}
    assert {sheet["players"][k]: v for k, v in sheet["totals"].items()} == truth
    for row in sheet["hands"]:  # the seated players' units (null: not at the table that hand, metrics31 F3)
        assert sum(u for u in row["units"].values() if u is not None) == 0, row
    assert [r["units"] for r in sheet["hands"]][1] == {"Al": -1, "Beate": -1, "Cyril": 2, "Di": 1, "Ed": -1,
                                                       "Fr": None}
    assert [(r["picker"], r["partner"]) for r in sheet["hands"]] == [("Beate", "Cyril"), ("Cyril", "Di"),
                                                                     ("Fr", "Al")]
    out = cli("sheet", "chairs", "--db", str(db)).output
    assert "Al = Alan, Beate, Cyril, Di = Dora, Ed = Eddie, Fr = Fred" in out


ORDER_PROTOCOL = 'Schafkopf Stammtisch 10/50\ngespielt von Gast am 05.12.26 mit Version 8.00, Update 07.09.20.\n \nGeber: Gast\n     PcLinks hat: EU E9 G9 G8 G7 HZ SO S9\n      PcOben hat: EK GA GZ GO HO H9 SZ S8\n    PcRechts hat: EA EZ EO GU HK H8 H7 SK\n        Gast hat: E8 E7 GK HA HU SA SU S7\nPcOben spielt Mit der Eichel-Ass\n     PcLinks spielt aus: SO HO HK HU\n      PcOben spielt aus: S8 SK S7 S9\n    PcRechts spielt aus: H7 HA HZ H9\n        Gast spielt aus: E7 E9 EK EA\n    PcRechts spielt aus: EZ E8 G9 GO\n      PcOben spielt aus: SZ GU SA EU\n     PcLinks spielt aus: G8 GZ EO GK\n    PcRechts spielt aus: H8 SU G7 GA\nPcOben gewinnt das Rufspiel: Mit der Eichel-Ass mit \nPcRechts. Die Gegner haben 59 Augen\nDas Rufspiel kostet 10 Punkte. 1 mal gespritzt 20 Punkte. Mit 3 Laufenden 50 Punkte.\n'


def test_a_protocol_price_line_that_doubles_before_the_laufende_is_refused_not_stored_at_another_price(tmp_path):
    """nsk18 F3: a game without its score table, its price line as a house writes it that doubles before adding
    the Laufende: 'Rufspiel 10, 1 mal gespritzt 20, Mit 3 Laufenden 50'.  Its steps agree in the log's own order,
    so it was stored, at the rules' price: (10 + 3 x 10) x 2 = 80 a defender (rules.md G-15, G-18), where the line
    says 50.  Refused now (E-NSK-PRICE, both figures named), nothing stored."""
    db = tmp_path / "o.duckdb"
    path = tmp_path / "Schafkopfprotokoll_order.txt"
    path.write_bytes(ORDER_PROTOCOL.encode("cp1252"))
    r = cli("ingest", str(path), "--db", str(db), ok=False)
    assert r.exit_code == 1 and "0 stored, 0 duplicates, 1 rejected" in r.output, r.output
    assert "E-NSK-PRICE (hand 1): the log's price line comes to 50" in r.output and "the rules give 80" in r.output


PLAIN_PROTOCOL = 'Schafkopf 10/50 ohne Zuschlaege\ngespielt von Gast am 05.12.26 mit Version 8.00, Update 07.09.20.\n \nGeber: Gast\n     PcLinks hat: EZ EK G7 HA H9 H8 SK S9\n      PcOben hat: E7 GO G8 HZ SZ SU S8 S7\n    PcRechts hat: EO EU GA GK G9 HK H7 SA\n        Gast hat: EA E9 E8 GZ GU HO HU SO\nPcOben spielt Mit der Eichel-Ass\n     PcLinks spielt aus: G7 G8 GK GZ\n        Gast spielt aus: SO H8 HZ HK\n        Gast spielt aus: HO H9 GO EU\n      PcOben spielt aus: SZ SA E8 SK\n    PcRechts spielt aus: G9 E9 S9 E7\n    PcRechts spielt aus: GA GU EZ S8\n        Gast spielt aus: EA EK SU EO\n    PcRechts spielt aus: H7 HU HA S7\nPcOben gewinnt das Rufspiel: Mit der Eichel-Ass mit dir. \nDie Gegner haben 45 Augen\nDas Rufspiel kostet 10 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    1       10          -10          +10          -10          +10        0\n \nGeber: PcLinks\n      PcOben hat: EA EZ E8 E7 GA G9 H8 H7\n    PcRechts hat: EK E9 GU G8 G7 HA HK S9\n        Gast hat: GK HZ HO SZ SK SO S8 S7\n     PcLinks hat: EO EU GZ GO HU H9 SA SU\nGast spielt Mit der Grün-Ass\n      PcOben spielt aus: E7 EK SK EU\n     PcLinks spielt aus: SA E8 S9 SZ\n     PcLinks spielt aus: EO H8 HA SO\n     PcLinks spielt aus: GZ GA G7 GK\n      PcOben spielt aus: H7 GU HZ SU\n    PcRechts spielt aus: E9 S7 GO EA\n     PcLinks spielt aus: HU EZ HK HO\n        Gast spielt aus: S8 H9 G9 G8\nDu verlierst das Rufspiel: Mit der Grün-Ass mit PcOben. Die \nGegner haben 76 Augen\nDas Rufspiel kostet 10 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    2       10           +0           +0           +0           +0        0\n \nGeber: PcOben\n    PcRechts hat: EO E8 GZ GK HZ HK S9 S8\n        Gast hat: EZ E9 GA HO H9 H8 SK SO\n     PcLinks hat: EA EK EU GO G7 HA HU SA\n      PcOben hat: E7 GU G9 G8 H7 SZ SU S7\nPcLinks spielt Schellen-Solo\n    PcRechts spielt aus: EO SO EU S7\n    PcRechts spielt aus: S9 SK SA SZ\n     PcLinks spielt aus: HA H7 HZ H8\n     PcLinks spielt aus: EA E7 E8 EZ\n     PcLinks spielt aus: GO SU S8 HO\n     PcLinks spielt aus: EK G8 GZ E9\n     PcLinks spielt aus: HU GU GK H9\n      PcOben spielt aus: G9 HK GA G7\nPcLinks gewinnt das Schellen-Solo. Die Gegner haben 31 Augen\nDas Einzelspiel kostet 50 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    3       50         +150          -50          -50          -50        0\n \n'


def test_a_ten_fifty_protocol_that_states_no_step_assumes_ten_and_says_so(tmp_path):
    """nsk18 F4: a 10/50 house's log of three plain games (Rufspiel 10, 10, Schellen-Solo 50) states no schneider,
    schwarz or Laufender step; they were assumed NetSchafkopf's own +1 beside a Rufspiel of 10, without a word,
    and a game added to the session later was priced 14.  Now G-16's +10 is assumed and W-NSK-ASSUMED says so.
    The added game by hand (rules.md G-14, G-16): a Rufspiel won schneider with 3 Laufende, 10 + 10 + 3 x 10 = 50:
    PcOben, PcRechts +50, PcLinks, Gast -50."""
    db = tmp_path / "p.duckdb"
    path = tmp_path / "Schafkopfprotokoll_plain.txt"
    path.write_bytes(PLAIN_PROTOCOL.encode("cp1252"))
    r = cli("ingest", str(path), "--db", str(db))
    assert "W-NSK-ASSUMED" in r.output and "schneider 10 (rules.md G-16)" in r.output, r.output
    assert "ramsch 20 (rules.md G-16)" in r.output  # break18b F5: the Ramsch on G-16's scale too, not 1
    before = ledger(db)
    out = tmp_path / "e.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    head = out.read_text().split("\n\n")[0]
    assert "tariff.schneider=10; tariff.schwarz=10; tariff.laufender=10; tariff.ramsch=20" in head
    more = head + ("\n\nhand 4  dealer PcRechts\n"
                   "game PcOben sauspiel EA  partner PcRechts  laufende 3 with  pts 95  tricks 6  win-s\n")
    cli("ingest", write(tmp_path, "more.shn", more), "--db", str(db))
    after = ledger(db)
    assert {p: after[p] - before[p] for p in after} == {"PcOben": 50, "PcRechts": 50, "PcLinks": -50, "Gast": -50}
    # the sheet writes the added game as written, in German cards (nsk18 F11: "sauspiel AC")
    sheet = json.loads(cli("sheet", "NetSchafkopf Schafkopfprotokoll_plain", "--json", "--db", str(db)).output)
    assert sheet["hands"][-1]["call"] == "sauspiel EA", sheet["hands"][-1]


DURCHMARSCH_PROTOCOL = 'Schafkopf Hausregeln durch\ngespielt von Gast am 05.12.26 mit Version 8.00, Update 07.09.20.\n \nGeber: Gast\n     PcLinks hat: EZ EK G7 HA H9 H8 SK S9\n      PcOben hat: E7 GO G8 HZ SZ SU S8 S7\n    PcRechts hat: EO EU GA GK G9 HK H7 SA\n        Gast hat: EA E9 E8 GZ GU HO HU SO\nPcOben spielt Mit der Eichel-Ass\n     PcLinks spielt aus: G7 G8 GK GZ\n        Gast spielt aus: SO H8 HZ HK\n        Gast spielt aus: HO H9 GO EU\n      PcOben spielt aus: SZ SA E8 SK\n    PcRechts spielt aus: G9 E9 S9 E7\n    PcRechts spielt aus: GA GU EZ S8\n        Gast spielt aus: EA EK SU EO\n    PcRechts spielt aus: H7 HU HA S7\nPcOben gewinnt das Rufspiel: Mit der Eichel-Ass mit dir. \nDie Gegner haben 45 Augen\nDas Rufspiel kostet 10 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    1       10          -10          +10          -10          +10        0\n \nGeber: PcLinks\n      PcOben hat: EK GK G8 G7 HK H9 SZ S7\n    PcRechts hat: EO EU GO GU HO HU SO SU\n        Gast hat: EA E7 GZ HZ H8 H7 SA S9\n     PcLinks hat: EZ E9 E8 GA G9 HA SK S8\nEs wurde Ramsch gespielt.\n      PcOben spielt aus: H9 SU HZ HA\n    PcRechts spielt aus: HU H7 SK HK\n    PcRechts spielt aus: GU H8 GA SZ\n    PcRechts spielt aus: SO GZ G9 G7\n    PcRechts spielt aus: GO S9 S8 GK\n    PcRechts spielt aus: EU SA EZ S7\n    PcRechts spielt aus: HO E7 E8 G8\n    PcRechts spielt aus: EO EA E9 EK\nPcRechts gewinnt den Ramsch durch Durchmarsch. PcRechts hat \n120 Augen\nDer Ramsch kostet 70 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    2       70          -80          -60         +200          -60        0\n \nGeber: PcOben\n    PcRechts hat: EO E7 GZ GK G8 HU H9 H8\n        Gast hat: EZ E9 GO GU H7 SA SU S7\n     PcLinks hat: EA EK GA G9 HK HO S9 S8\n      PcOben hat: EU E8 G7 HA HZ SZ SK SO\nEs wurde Ramsch gespielt.\n    PcRechts spielt aus: G8 SA G9 G7\n     PcLinks spielt aus: GA HZ GK GU\n        Gast spielt aus: S7 S9 SK HU\n    PcRechts spielt aus: H8 SU HO EU\n     PcLinks spielt aus: S8 SZ E7 GO\n        Gast spielt aus: EZ EK E8 EO\n    PcRechts spielt aus: GZ H7 HK HA\n      PcOben spielt aus: SO H9 E9 EA\nDu verlierst den Ramsch. Du hast 40 Augen\nDer Ramsch kostet 20 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    3       20          -60          -40         +220         -120        0\n \nGeber: PcRechts\n        Gast hat: EU GA GK HA HK HU H9 SZ\n     PcLinks hat: E7 GO GU G9 G8 H8 H7 S8\n      PcOben hat: E8 GZ G7 HZ SK SO SU S9\n    PcRechts hat: EA EZ EK EO E9 HO SA S7\nPcRechts spielt Eichel-Solo\n        Gast spielt aus: EU GU SU E9\n        Gast spielt aus: GK G8 G7 EK\n    PcRechts spielt aus: EZ HU E7 SO\n      PcOben spielt aus: HZ HO H9 H8\n    PcRechts spielt aus: S7 SZ S8 S9\n        Gast spielt aus: HK H7 GZ EA\n    PcRechts spielt aus: EO HA GO E8\n    PcRechts spielt aus: SA GA G9 SK\nPcRechts gewinnt das Eichel-Solo. Die Gegner haben 31 Augen\nDas Einzelspiel kostet 50 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    4       50         -110          -90         +370         -170        0\n \n'


def test_a_protocols_durchmarsch_is_read_and_its_price_is_not_the_ramsch_rate(tmp_path):
    """nsk18 F5: a Ramsch won by Durchmarsch ("PcRechts gewinnt den Ramsch durch Durchmarsch", 70) was refused
    ("the cards make  the loser"), and its 70 was read as the file's Ramsch rate, so the good Ramsch after it was
    refused too.  By hand (10/50 house; rules.md G-15, G-17): game 1, PcOben's Rufspiel with Gast won, 10:
    PcOben, Gast +10, PcLinks, PcRechts -10.  Game 2, PcRechts takes every trick: a Durchmarsch, as a schwarz solo,
    50 + 10 + 10 = 70 from each: PcRechts +210, the others -70.  Game 3, a Ramsch Gast loses (40 Augen, the most),
    20 to each other player: Gast -60, the others +20.  Game 4, PcRechts's Eichel-Solo won, 50 from each.
    Totals: PcLinks -110, PcOben -90, PcRechts +370, Gast -170 (the log's own last row; zero-sum)."""
    db = tmp_path / "d.duckdb"
    path = tmp_path / "Schafkopfprotokoll_durchmarsch.txt"
    path.write_text(DURCHMARSCH_PROTOCOL, encoding="utf-8")
    r = cli("ingest", str(path), "--db", str(db))
    assert "4 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"PcLinks": -110, "PcOben": -90, "PcRechts": 370, "Gast": -170}
    assert "Incomplete sessions" not in cli("ledger", "--db", str(db)).output  # the log's own totals reached


def test_a_scorers_note_row_between_hands_takes_no_hand_number(tmp_path):
    """sheet18 F2: a row holding only the date and a Notes cell (or "-- pizza break --" in the first cell) took
    the next hand's number, and the real hand 2 was refused as "hand 2 again".  By hand (B-27, B-28, B-33, DOB
    B-32): hand 1, Ann with Bob 72: Ann +2, Bob +1, -1 each; hand 2, Cal with Dee 45, lost: Cal -4, Dee -2, +2
    each; hand 3, Dee with Ann 91, a schneider: Dee +4, Ann +2, -2 each.  Ann +6, Bob +1, Cal -7, Dee +1, Eve -1."""
    db = tmp_path / "n.duckdb"
    sheet = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve\n"
             "2026-12-04,1,Eve,Ann,Bob,AH,72,W,,2,1,-1,-1,-1\n"
             "2026-12-04,,,,,,,,Bob's wife called - he has to leave at 11,,,,,\n"
             "-- pizza break --,,,,,,,,,,,,,\n"
             "-- 10 pm --,,,,,,,,,,,,,\n"  # break18 F9: a time in the first cell is no mistyped date
             "22:00,,,,,,,,,,,,,\n"  # break18b F15
             "2026-12-04,,Bob's back,,,,,,,,,,,\n"  # break18 F9: a note typed in the dealer cell
             "2026-12-04,2,Ann,Cal,Dee,AC,45,L,,2,2,-4,-2,2\n"
             "2026-12-04,3,Bob,Dee,Ann,AS,91,W,,2,-2,-2,4,-2\n")
    r = cli("ingest", write(tmp_path, "night.csv", sheet), "--db", str(db))
    assert "3 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Ann": 6, "Bob": 1, "Cal": -7, "Dee": 1, "Eve": -1}
    # a mistyped date is still one (E-CSV-DATE), never taken for a note
    r = cli("ingest", write(tmp_path, "bad.csv", sheet.replace("-- 10 pm --", "2026-13-45")), "--db",
            str(tmp_path / "b.duckdb"), ok=False)
    assert "E-CSV-DATE" in r.output, r.output


def test_the_original_file_of_a_corrected_night_sent_again_under_another_name_is_called_a_copy(tmp_path):
    """fix18 F5 (break17b F3): after a night was corrected (hand 1 amended, hand 2 voided), the scorer's original
    file sent again under another session name was stored as a second night without W-SESSION-COPY: its texts are
    the stored hands' earlier revisions, and the check compared only the revisions in force.  By hand, the
    corrected night: hand 1 (Bea with Cy 75, a win, B-27, B-33): Bea +2, Cy +1, -1 each; hand 2 voided; hand 3 (Di
    with Ed 95, a schneider): Di +4, Ed +2, -2 each: Al -3, Bea 0, Cy -1, Di +3, Ed +1.  The copy counts the night
    as first written (hand 2, Cy with Di 50 lost on the bump: Cy -4, Di -2, +2 each): Al -1, Bea +2, Cy -5, Di +1,
    Ed +3.  Both are in the totals until the copy is voided, which the warning says how to do."""
    db = tmp_path / "x.duckdb"
    night = write(tmp_path, "night.shn", NIGHT)
    cli("ingest", night, "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "fix.shn", NIGHT.split("\n\nhand 2")[0].replace("pts 70", "pts 75")
                                   + "\n"), "--db", str(db))
    cli("void", "v#2", "--reason", "never happened", "--db", str(db))
    assert ledger(db) == {"Al": -3, "Bea": 0, "Cy": -1, "Di": 3, "Ed": 1}
    r = cli("ingest", write(tmp_path, "copy.shn", NIGHT.replace('[Session "v"]', '[Session "v, again"]')),
            "--db", str(db))
    assert "W-SESSION-COPY: session 'v, again', just stored, repeats session 'v'" in r.output, r.output
    assert "texts as first stored, before its corrections" in r.output
    assert ledger(db) == {"Al": -4, "Bea": 2, "Cy": -6, "Di": 4, "Ed": 4}
    cli("void", "v, again", "--session", "--reason", "a copy", "--db", str(db))
    assert ledger(db) == {"Al": -3, "Bea": 0, "Cy": -1, "Di": 3, "Ed": 1}


def test_an_amendment_says_its_hands_warnings(tmp_path):
    """fix18 F3: `--amend` printed no warning (and `--json` had no warnings field), though it stored them: hand 3
    amended to `dealer Cy` where hand 2 was dealt by Al, so Bea deals next (rules.md B-1).  The amounts do not
    move (the dealer settles nothing here): Al -1, Bea +2, Cy -5, Di +1, Ed +3 (the night as written: hand 1,
    Bea with Cy 70: +2 / +1 / -1; hand 2, Cy with Di 50 lost on the bump: -4 / -2 / +2; hand 3, Di with Ed 95:
    +4 / +2 / -2)."""
    db = tmp_path / "w.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    head, rest = NIGHT.split("\n\nhand 1")
    h3 = head + "\n\nhand 3" + rest.split("\n\nhand 3")[1].replace("dealer Bea", "dealer Cy")
    r = cli("ingest", "--amend", write(tmp_path, "h3.shn", h3), "--db", str(db))
    assert "h3.shn:7:16: warning W-SESSION-DEALER (hand 3): hand 3: dealer Cy" in r.output, r.output
    assert ledger(db) == {"Al": -1, "Bea": 2, "Cy": -5, "Di": 1, "Ed": 3}
    h3b = h3.replace("dealer Cy", "dealer Di")
    body = json.loads(cli("ingest", "--amend", write(tmp_path, "h3b.shn", h3b), "--db", str(db), "--json")
                      .output.strip().split("\n")[-1])
    assert [(w["code"], w["line"], w["hand"]) for w in body["warnings"]] == [("W-SESSION-DEALER", 7, 3)], body


SHORT_PACK_RUNAWAY = '%SHN 1.0\n[Event "Kurz davon"]\n[Date "2026.12.05"]\n[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]\n[Rules "schafkopf-bsv; shortDeck=on"]\n[Cards "de"]\n\nhand 1  dealer Di\ndeal Al  SA SZ SK EA GA G9\ndeal Bea S9 EO GO HO HA HZ\ndeal Cy  SO EU GU HU EZ EK\ndeal Di  SU HK H9 E9 GZ GK\ngame Bea sauspiel SA\nt1 Al: SK S9 EK E9\nt2 Al: EA HZ EZ GK\nt3 Bea: EO HU SU G9\nt4 Bea: GO GU H9 GA\nt5 Bea: HO EU HK SZ\nt6 Bea: HA SO GZ SA\nscore Al +40 Bea +40 Cy -40 Di -40\n'


def test_running_away_in_the_short_pack_from_three_cards_unless_the_rules_say_otherwise(tmp_path):
    """nsk18 F7: under `shortDeck=on` Davonlaufen kept the long pack's 4 cards, which nobody can hold in the
    short pack (4 plain cards a suit, one of them the declarer's): every run-away was refused.  rules.md G-11 b:
    groups lower it, typically to 3.  The hand by hand: Bea calls the Schellen-Sau, Al holds SA SZ SK and runs
    away with SK in trick 1.  Tricks: Al 8 (SK S9 EK E9); Bea 35, 7, 16, 19; Cy 35 (HA SO GZ SA): Al and Bea 85
    Augen, a win (G-12), not schneider (the opponents 35); Laufende EO GO HO with (3, G-13): 10 + 3 x 10 = 40
    each (G-14, G-15): Alois, Beate +40, Cyrill, Dora -40.  Written `davonlaufenMinCards=4`, it is refused."""
    db = tmp_path / "k.duckdb"
    cli("ingest", write(tmp_path, "kurz.shn", SHORT_PACK_RUNAWAY), "--db", str(db))
    assert ledger(db) == {"Alois": 40, "Beate": 40, "Cyrill": -40, "Dora": -40}
    strict = SHORT_PACK_RUNAWAY.replace("shortDeck=on", "shortDeck=on; davonlaufenMinCards=4")
    r = cli("ingest", write(tmp_path, "kurz4.shn", strict), "--db", str(tmp_path / "k4.duckdb"), ok=False)
    assert "E-SK-RUFSAU" in r.output and "0 stored" in r.output, r.output


def test_a_sheets_conflicting_hand_is_told_how_to_amend_it(tmp_path):
    """fix18: the conflict message told a CSV user `shead ingest --amend FILE`, and --amend on the corrected sheet
    gives a syntax error a line (an amendment is SHN).  It says to export the session as SHN first now."""
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "night.csv", FIRST_NIGHT), "--db", str(db))
    r = cli("ingest", write(tmp_path, "night2.csv", FIRST_NIGHT.replace(",72,W,", ",75,W,")), "--db", str(db),
            ok=False)
    assert "E-HAND-CONFLICT (hand 1)" in r.output and "an amendment is SHN; shead export --format shn" in r.output


SUP_PROTOCOL = 'Schafkopf 10/50 mit Sup\ngespielt von Gast am 05.12.26 mit Version 8.00, Update 07.09.20.\n \nGeber: Gast\n     PcLinks hat: EZ EK G7 HA H9 H8 SK S9\n      PcOben hat: E7 GO G8 HZ SZ SU S8 S7\n    PcRechts hat: EO EU GA GK G9 HK H7 SA\n        Gast hat: EA E9 E8 GZ GU HO HU SO\nPcOben spielt Mit der Eichel-Ass\n     PcLinks spielt aus: G7 G8 GK GZ\n        Gast spielt aus: SO H8 HZ HK\n        Gast spielt aus: HO H9 GO EU\n      PcOben spielt aus: SZ SA E8 SK\n    PcRechts spielt aus: G9 E9 S9 E7\n    PcRechts spielt aus: GA GU EZ S8\n        Gast spielt aus: EA EK SU EO\n    PcRechts spielt aus: H7 HU HA S7\nPcOben gewinnt das Rufspiel: Mit der Eichel-Ass mit dir. \nDie Gegner haben 45 Augen\nDas Rufspiel kostet 10 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    1       10          -10          +10          -10          +10        0\n \nGeber: PcLinks\n      PcOben hat: EA EZ E8 E7 GA G9 H8 H7\n    PcRechts hat: EK E9 GU G8 G7 HA HK S9\n        Gast hat: GK HZ HO SZ SK SO S8 S7\n     PcLinks hat: EO EU GZ GO HU H9 SA SU\nGast spielt Mit der Grün-Ass\n      PcOben spielt aus: E7 EK SK EU\n     PcLinks spielt aus: SA E8 S9 SZ\n     PcLinks spielt aus: EO H8 HA SO\n     PcLinks spielt aus: GZ GA G7 GK\n      PcOben spielt aus: H7 GU HZ SU\n    PcRechts spielt aus: E9 S7 GO EA\n     PcLinks spielt aus: HU EZ HK HO\n        Gast spielt aus: S8 H9 G9 G8\nDu verlierst das Rufspiel: Mit der Grün-Ass mit PcOben. Die \nGegner haben 76 Augen\nDas Rufspiel kostet 10 Punkte. 3 mal gespritzt 80 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    2       80          +70          -70          +70          -70        0\n \nGeber: PcOben\n    PcRechts hat: EO E8 GZ GK HZ HK S9 S8\n        Gast hat: EZ E9 GA HO H9 H8 SK SO\n     PcLinks hat: EA EK EU GO G7 HA HU SA\n      PcOben hat: E7 GU G9 G8 H7 SZ SU S7\nPcLinks spielt Schellen-Solo\n    PcRechts spielt aus: EO SO EU S7\n    PcRechts spielt aus: S9 SK SA SZ\n     PcLinks spielt aus: HA H7 HZ H8\n     PcLinks spielt aus: EA E7 E8 EZ\n     PcLinks spielt aus: GO SU S8 HO\n     PcLinks spielt aus: EK G8 GZ E9\n     PcLinks spielt aus: HU GU GK H9\n      PcOben spielt aus: G9 HK GA G7\nPcLinks gewinnt das Schellen-Solo. Die Gegner haben 31 Augen\nDas Einzelspiel kostet 50 Punkte.\nSpiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    3       50         +220         -120          +20         -120        0\n \n'


def test_a_protocols_third_doubling_raises_the_kontra_levels_it_is_read_under(tmp_path):
    """nsk18 F9: 'Das Rufspiel kostet 10 Punkte. 3 mal gespritzt 80 Punkte.' (a house's Sup, a further level of
    rules.md G-18) was refused E-SK-KONTRA: the price line states the house's rule, as it states its tariff.  By
    hand (10/50): game 1, PcOben's Rufspiel with Gast won, 10: PcOben, Gast +10, the others -10; game 2, Gast's
    Rufspiel with PcOben lost (44 Augen), 10 x 2^3 = 80: PcLinks, PcRechts +80, Gast, PcOben -80; game 3,
    PcLinks's Schellen-Solo won, 50 from each.  PcLinks +220, PcOben -120, PcRechts +20, Gast -120 (the log's own
    last row)."""
    db = tmp_path / "sup.duckdb"
    path = tmp_path / "Schafkopfprotokoll_sup.txt"
    path.write_text(SUP_PROTOCOL, encoding="utf-8")
    assert "3 stored, 0 duplicates, 0 rejected" in cli("ingest", str(path), "--db", str(db)).output
    assert ledger(db) == {"PcLinks": 220, "PcOben": -120, "PcRechts": 20, "Gast": -120}


def test_the_sheet_page_of_a_night_whose_seats_change(tmp_path, monkeypatch):
    """The dashboard's Sheet page reads the same sheet: a column per player (Beate and Cyril by name, the seats
    they swapped), each total its player's: Alan 0, Beate -1, Cyril +1, Dora -2, Eddie -2, Fred +4 (worked in
    test_the_sheet_of_a_night_whose_seats_change_gives_each_player_his_own_total)."""
    from streamlit.testing.v1 import AppTest

    db = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "chairs.shn", CHAIRS), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    root = Path(__file__).resolve().parents[1]
    at = AppTest.from_file(str(root / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    frame = at.dataframe[0].value
    last = frame.iloc[-1]
    totals = {c.rsplit(" ", 1)[0]: int(last[c]) for c in frame.columns if c.endswith(" total")}
    assert totals == {"Al": 0, "Beate": -1, "Cyril": 1, "Di": -2, "Ed": -2, "Fr": 4}, totals


def test_a_substitute_who_takes_a_seat_mid_night_on_a_sheet(tmp_path):
    """sheet18 F3: Bob leaves after hand 3, Fay plays hands 4 and 5 in his seat (his cells blank, hers written):
    refused E-CSV-SEATS before.  Now the hands carry the new table and W-CSV-SEATS says who took whose seat.  By
    hand (B-27, B-28, B-31, B-33, DOB B-32): hand 1, Ann with Bob 72: +2 / +1 / -1; hand 2, Cal with Dee 45 lost:
    -4 / -2 / +2; hand 3, Dee alone 61: +4, -1 each; hand 4, Fay with Ann 91, a schneider: +4 / +2 / -2; hand 5,
    Eve with Cal 30, schneidered: Eve -8, Cal -4, +4 each.  Ann +9, Bob +2, Cal -12, Dee +3, Eve -10, Fay +8."""
    db = tmp_path / "s.duckdb"
    sheet = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve,Fay\n"
             "2026-12-04,1,Eve,Ann,Bob,AH,72,W,,2,1,-1,-1,-1,\n"
             "2026-12-04,2,Ann,Cal,Dee,AC,45,L,,2,2,-4,-2,2,\n"
             "2026-12-04,3,Bob,Dee,,alone,61,W,Bob leaves - Fay takes his seat,-1,-1,-1,4,-1,\n"
             "2026-12-04,4,Cal,Fay,Ann,AS,91,W,,2,,-2,-2,-2,4\n"
             "2026-12-04,5,Dee,Eve,Cal,AH,30,L,,4,,-4,4,-8,4\n")
    r = cli("ingest", write(tmp_path, "sub.csv", sheet), "--db", str(db))
    assert "5 stored, 0 duplicates, 0 rejected" in r.output and "W-CSV-SEATS: row 5: Fay takes Bob's seat" in r.output
    assert ledger(db) == {"Ann": 9, "Bob": 2, "Cal": -12, "Dee": 3, "Eve": -10, "Fay": 8}
    assert "0 stored, 5 duplicates" in cli("ingest", write(tmp_path, "sub2.csv", sheet), "--db", str(db)).output
    # a cell in a third player's column beside the five (six with units) is no substitute: refused, as before
    bad = sheet.replace("2026-12-04,5,Dee,Eve,Cal,AH,30,L,,4,,-4,4,-8,4", "2026-12-04,5,Dee,Eve,Cal,AH,30,L,,4,1,-4,4,-8,4")
    r = cli("ingest", write(tmp_path, "bad.csv", bad), "--db", str(tmp_path / "b.duckdb"), ok=False)
    assert "E-CSV-SEATS (hand 5)" in r.output, r.output


def test_a_hand_typed_on_a_phone_with_its_dashes_and_emoji_hearts(tmp_path):
    """sheet18 F7: a phone writes the red heart ❤️ (U+2764 U+FE0F), an em dash for a minus sign (—2) and an en
    or em dash in win–s: refused before.  By hand: hand 1, Bea calls the ace of hearts, Cy partner, 95, a
    schneider (B-28, B-33): Bea +4, Cy +2, -2 each; hand 2, Cy calls the ace of spades (♠️), Di partner, 50, lost
    on the bump (B-32): Cy -4, Di -2, +2 each.  Al 0, Bea +6, Cy -2, Di -4, Ed 0."""
    text = ('%SHN 1.0\n[Session "phone"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace"]\n\n'
            "hand 1  dealer Ed\npick Bea  call A\u2764\ufe0f  partner Cy  pts 95  win\u2013s\n"
            "score Al \u20142 Bea +4 Cy +2 Di \u20142 Ed \u20142\n\n"
            "hand 2  dealer Al\npick Cy  call A\u2660\ufe0f  partner Di  pts 50  lose\n"
            "score Al +2 Bea +2 Cy \u22124 Di \u20142 Ed +2\n")
    db = tmp_path / "p.duckdb"
    assert "2 stored, 0 duplicates, 0 rejected" in cli("ingest", write(tmp_path, "phone.shn", text), "--db",
                                                        str(db)).output
    assert ledger(db) == {"Al": 0, "Bea": 6, "Cy": -2, "Di": -4, "Ed": 0}
    sheet = json.loads(cli("sheet", "phone", "--json", "--db", str(db)).output)
    assert [r["call"] for r in sheet["hands"]] == ["AH", "AS"] and sheet["hands"][0]["result"] == "won 95 (schneider)"


def test_a_running_total_column_beside_each_player_is_no_player(tmp_path):
    """sheet18 F4: `Ann, Ann total, Bob, Bob total, ...` (or `Running Ann`, `Ann Σ`) took the total columns as
    ten players: every hand refused E-SEATS "10 seats".  Now a column naming another column's player with total,
    running, Σ ... is the sheet's sums.  By hand: hand 1, Ann with Bob 72 (B-27, B-33): +2 / +1 / -1; hand 2, Cal
    alone 95, a schneider (B-28, B-31): Cal +8, -2 each.  Ann 0, Bob -1, Cal +7, Dee -3, Eve -3.  German headers
    `Punkte` (the picker's card points) and `Anmerkung` (a note) are read as such."""
    for head in ("Date,Hand,Picker,Partner,Points,Result,Ann,Ann total,Bob,Bob total,Cal,Cal total,Dee,Dee total,"
                 "Eve,Eve total", "Date,Hand,Picker,Partner,Punkte,Result,Ann,Ann \u03a3,Bob,Bob \u03a3,Cal,Cal \u03a3,"
                 "Dee,Dee \u03a3,Eve,Eve \u03a3"):
        db = tmp_path / f"{len(head)}.duckdb"
        sheet = (head + "\n2026-12-04,1,Ann,Bob,72,W,2,2,1,1,-1,-1,-1,-1,-1,-1\n"
                 "2026-12-04,2,Cal,,95,W,-2,0,-2,-1,8,7,-2,-3,-2,-3\n")
        r = cli("ingest", write(tmp_path, "pairs.csv", sheet), "--db", str(db))
        assert "2 stored, 0 duplicates, 0 rejected" in r.output, r.output
        assert ledger(db) == {"Ann": 0, "Bob": -1, "Cal": 7, "Dee": -3, "Eve": -3}
    # break18b F3: a player "Alsum" beside "Al" is a player (the word must stand apart); by hand Al with Alsum 72
    db = tmp_path / "alsum.duckdb"
    sheet = ("Date,Hand,Picker,Partner,Points,Result,Al,Alsum,Cal,Dee,Eve\n2026-12-04,1,Al,Alsum,72,W,2,1,-1,-1,-1\n")
    assert "1 stored" in cli("ingest", write(tmp_path, "alsum.csv", sheet), "--db", str(db)).output
    assert ledger(db) == {"Al": 2, "Alsum": 1, "Cal": -1, "Dee": -1, "Eve": -1}
    db = tmp_path / "de.duckdb"
    sheet = ("Datum;Spiel;Spieler;Partner;Punkte;Ergebnis;Anmerkung;Ann;Bob;Cal;Dee;Eve\n"
             "04.12.2026;1;Ann;Bob;72;gewonnen;schnell;2;1;-1;-1;-1\n")
    assert "1 stored" in cli("ingest", write(tmp_path, "de.csv", sheet), "--db", str(db)).output
    assert ledger(db) == {"Ann": 2, "Bob": 1, "Cal": -1, "Dee": -1, "Eve": -1}


def test_a_void_made_after_a_restore_survives_the_next_backup(tmp_path):
    """break18 F1: a restored session keeps its header's [_Voided "2"], and a void made after the restore was never
    added to it: the next export lost it, and a second restore stored the voided hand again from the scorer's
    original file.  By hand: hands 2 and 3 voided, hand 1 alone counts (Bea with Cy 70, B-27, B-33): Al -1,
    Bea +2, Cy +1, Di -1, Ed -1."""
    db = tmp_path / "a.duckdb"
    night = write(tmp_path, "night.shn", NIGHT)
    cli("ingest", night, "--db", str(db))
    cli("void", "v#2", "--reason", "typed twice", "--db", str(db))
    first = tmp_path / "b1.shn"
    cli("export", "--format", "shn", "--out", str(first), "--db", str(db))
    again = tmp_path / "b.duckdb"
    cli("ingest", str(first), "--db", str(again))
    cli("void", "v#3", "--reason", "never happened", "--db", str(again))
    second = tmp_path / "b2.shn"
    cli("export", "--format", "shn", "--out", str(second), "--db", str(again))
    assert '[_Voided "2 3"]' in second.read_text() and second.read_text().count("[_Voided") == 1
    third = tmp_path / "c.duckdb"
    cli("ingest", str(second), "--db", str(third))
    truth = {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1}
    assert ledger(third) == truth
    r = cli("ingest", night, "--db", str(third), ok=False)
    assert "0 stored, 1 duplicates, 2 rejected" in r.output, r.output
    assert ledger(third) == truth
    assert "voided (not counted): hand(s) 2, 3" in cli("sheet", "v", "--db", str(third)).output


def test_a_copy_of_a_night_whose_later_hand_was_corrected_is_called_a_copy(tmp_path):
    """break18 F2: the copy check found a corrected night's original file only when hand 1 was the corrected
    one.  Hand 3 voided here; the original file re-sent under another name repeats the night as first stored.
    By hand: the night without hand 3: Al +1, Bea +4, Cy -3, Di -3, Ed +1 (hand 1 +2 / +1 / -1; hand 2 lost on
    the bump, -4 / -2 / +2); the copy adds the night as written (with hand 3, Di with Ed 95: +4 / +2 / -2):
    Al -1, Bea +2, Cy -5, Di +1, Ed +3."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    cli("void", "v#3", "--reason", "never happened", "--db", str(db))
    assert ledger(db) == {"Al": 1, "Bea": 4, "Cy": -3, "Di": -3, "Ed": 1}
    r = cli("ingest", write(tmp_path, "copy.shn", NIGHT.replace('[Session "v"]', '[Session "v2"]')), "--db", str(db))
    assert "W-SESSION-COPY: session 'v2', just stored, repeats session 'v'" in r.output, r.output
    assert ledger(db) == {"Al": 0, "Bea": 6, "Cy": -8, "Di": -2, "Ed": 4}


def test_names_typed_either_way_in_columns_protocols_and_lookups(tmp_path):
    """break18 F5, F8, F12: `--columns "Zoë=Zoë Krämer"` typed with U+0308, a protocol saved as UTF-8 with a
    decomposed ü, and a session looked up by a decomposed name each made a second player or found nothing.  By
    hand: Ann with Zoë 72, a win (B-27, B-33): Ann +2, Zoë +1, Cal, Dee, Eve -1."""
    nfd = "Zoe\u0308"
    db = tmp_path / "z.duckdb"
    sheet = ("Date,Hand,Picker,Partner,Points,Result,Ann,Zo\u00eb,Cal,Dee,Eve\n"
             "2026-12-04,1,Ann,Zo\u00eb,72,W,2,1,-1,-1,-1\n")
    cli("ingest", write(tmp_path, "a.csv", sheet), "--columns", f"{nfd}={nfd} Kr\u00e4mer", "--db", str(db))
    assert ledger(db) == {"Ann": 2, "Zo\u00eb Kr\u00e4mer": 1, "Cal": -1, "Dee": -1, "Eve": -1}
    shn = ('%SHN 1.0\n[Session "Zo\u00eb night"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
           '[Rules "wi5-called-ace"]\n\nhand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n')
    cli("ingest", write(tmp_path, "z.shn", shn), "--db", str(db))
    assert "Zo\u00eb night" in cli("sheet", f"{nfd} night", "--db", str(db)).output
    assert "hand 1" in cli("replay", f"{nfd} night#1", "--db", str(db)).output
    rows = json.loads(cli("ledger", "--player", f"{nfd} Kr\u00e4mer", "--json", "--db", str(db)).output.split("\n")[0])
    assert [(r["player"], r["total"]) for r in rows] == [("Zo\u00eb Kr\u00e4mer", 1)]
    from ingest.netschafkopf import decode_protocol

    text, enc = decode_protocol("J\u0075\u0308rg hat: EA".encode("utf-8"))
    assert text == "J\u00fcrg hat: EA" and enc == "utf-8"


def test_one_person_in_two_chairs_is_refused(tmp_path):
    """break18 F6: `[Seats "Al=Di Lenz; ...; Di=Di Lenz; ..."]` was read, and the ledger merged the two chairs
    into one player ('12 hands played' in a 6-hand night).  Refused now (E-SEATS), nothing stored."""
    text = ('%SHN 1.0\n[Session "dup"]\n[Seats "Al=Di Lenz; Bea; Cy; Di=Di Lenz; Ed"]\n[Rules "wi5-called-ace"]\n\n'
            "hand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n")
    r = cli("ingest", write(tmp_path, "dup.shn", text), "--db", str(tmp_path / "d.duckdb"), ok=False)
    assert "E-SEATS" in r.output and "the name 'Di Lenz' is given to two seats (Al and Di)" in r.output
    assert "0 stored" in r.output


def test_a_hand_voided_before_a_restore_can_be_amended_back(tmp_path):
    """break18 F10: after a restore, a voided hand could be neither ingested ("use --amend") nor amended ("not
    stored, use ingest").  Now the amendment stores it (its history: the void, then the amendment) and takes it
    out of the session's [_Voided] tag.  By hand, hand 2 found to be Cy with Di 65, a win (B-27, B-33): hand 1
    +2 / +1 / -1 (Bea, Cy), hand 2 Cy +2, Di +1, -1 each, hand 3 Di +4, Ed +2, -2 each: Al -4, Bea -1, Cy +1,
    Di +4, Ed 0."""
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    cli("void", "v#2", "--reason", "unsure", "--db", str(db))
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    head = NIGHT.split("\n\nhand 1")[0]
    fix = head + "\n\nhand 2  dealer Al\npick Cy  call AH  partner Di  pts 65  win\n"
    r = cli("ingest", "--amend", write(tmp_path, "h2.shn", fix), "--db", str(restored))
    assert "revision 2 in force; it was voided: it is back" in r.output, r.output
    assert ledger(restored) == {"Al": -4, "Bea": -1, "Cy": 1, "Di": 4, "Ed": 0}
    hist = cli("history", "v#2", "--db", str(restored)).output
    assert "r1  void" in hist and "voided before the backup this database was restored from" in hist
    again = tmp_path / "again.shn"
    cli("export", "--format", "shn", "--out", str(again), "--db", str(restored))
    assert "[_Voided" not in again.read_text() and "pts 65  win" in again.read_text()


def test_the_edit_page_says_the_edited_hands_own_error_after_a_void(tmp_path, monkeypatch):
    """fix18 F6: after hand 2 (a doubler typed twice) was voided, the dashboard's Edit of hand 4 with a score at
    the old stake blamed "later hands" (the page read the session without its voided number: a gap, so the
    written x2 passed as asserted).  By hand (rules.md D-11, D-12 multiplicative; B-31 alone, B-32): hand 1 a
    doubler, hand 2 voided, hand 3 at stake 2; hand 4 after it at stake 1: Al alone 50, lost on the bump:
    Al -8, +2 each.  The page now says the hand's own E-SCORE at its line, as shead ingest --amend does."""
    import streamlit as st

    from dashboard import log_edit

    night = ('%SHN 1.0\n[Event "Doubler Mult"]\n[Date "2026.12.07"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
             '[Rules "wi5-called-ace; noPick=doubler; doublerStacking=multiplicative"]\n\n'
             "hand 1  dealer Al\ndoubler\n\nhand 2  dealer Bea\ndoubler\n\n"
             "hand 3  dealer Cy\npick Cy  call AH  partner Di  pts 70  win\n\nhand 4  dealer Di\npick Al  alone  pts 50  lose\n")
    db = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "n.shn", night), "--db", str(db))
    cli("void", "Doubler Mult / 2026.12.07#2", "--reason", "typed twice", "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    st.session_state["lh_edit_text"] = ("hand 4  dealer Di\npick Al  alone  pts 50  lose\n"
                                        "score Al -16 Bea +4 Cy +4 Di +4 Ed +4\n")
    st.session_state["lh_edit_reason"] = "test"
    log_edit.amend_from_page({"session": "Doubler Mult / 2026.12.07"}, 4)
    errors = st.session_state["lh_edit_result"]["errors"]
    assert errors == ["line 3, column 10: E-SCORE: Al -16 is written but the rules give -8 (tier: plain 1 × double on the bump "
                      "2 = 2 per defender)"], errors


def test_the_sheet_says_a_picker_who_called_her_own_ace_plays_alone(tmp_path):
    """fix18 F12: under allowCallOwnAce=on, Di calls the ace of spades she holds: she plays alone (rules.md B-14,
    I-15), and the sheet showed a blank partner, like a partner never revealed.  By hand: 40, lost alone on the
    bump (B-31, B-32): Di -8, +2 each."""
    text = ('%SHN 1.0\n[Session "own"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace; allowCallOwnAce=on"]\n\n'
            "hand 1  dealer Ed\npick Di  call AS  partner Di  pts 40  lose\n")
    db = tmp_path / "o.duckdb"
    cli("ingest", write(tmp_path, "own.shn", text), "--db", str(db))
    assert ledger(db) == {"Al": 2, "Bea": 2, "Cy": 2, "Di": -8, "Ed": 2}
    row = json.loads(cli("sheet", "own", "--json", "--db", str(db)).output)["hands"][0]
    assert (row["partner"], row["call"]) == ("alone (own ace)", "AS")


def test_a_title_row_of_two_cells_above_the_header(tmp_path):
    """sheet18 F3b: a title row holding the title and the date in another cell ("Friday Night Sheepshead,,,Dec 4
    2026") refused the whole file.  By hand: Ann with Bob 72 (+2 / +1 / -1), then Cal alone 95, a schneider
    (+8, -2 each): Ann 0, Bob -1, Cal +7, Dee -3, Eve -3."""
    sheet = ("Friday Night Sheepshead,,,,,,,Dec 4 2026,,,\n"
             "Date,Hand,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
             "2026-12-04,1,Ann,Bob,72,W,2,1,-1,-1,-1\n"
             "2026-12-04,2,Cal,,95,W,-2,-2,8,-2,-2\n")
    db = tmp_path / "t.duckdb"
    assert "2 stored, 0 duplicates, 0 rejected" in cli("ingest", write(tmp_path, "t.csv", sheet), "--db",
                                                        str(db)).output
    assert ledger(db) == {"Ann": 0, "Bob": -1, "Cal": 7, "Dee": -3, "Eve": -3}


def test_the_nights_own_file_sent_to_fix_one_hand_leaves_its_voided_hands_voided(tmp_path):
    """break18b F6: `--amend` with the night's own file, to fix one hand, brought every voided hand back (the same
    names, so not a rename).  A voided hand sent as it was voided stays voided; here and after a restore when
    the file renames players (break18b F1).  By hand: hand 2 voided; hand 1 fixed to 75 (still a win, Bea +2,
    Cy +1, -1 each); hand 3 Di with Ed 95 (+4 / +2 / -2): Al -3, Bea 0, Cy -1, Di +3, Ed +1."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    cli("void", "v#2", "--reason", "typed twice", "--db", str(db))
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", NIGHT.replace("pts 70", "pts 75")), "--db", str(db))
    assert "v#2 (hand id 2): voided, and this is its text as voided: left voided" in r.output, r.output
    truth = {"Al": -3, "Bea": 0, "Cy": -1, "Di": 3, "Ed": 1}
    assert ledger(db) == truth
    # restored, then the night's own file renaming Ed: hand 2 (voided before the backup) stays voided
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    renamed = NIGHT.replace("pts 70", "pts 75").replace('[Seats "Al; Bea; Cy; Di; Ed"]',
                                                         '[Seats "Al; Bea; Cy; Di; Ed=Eddie"]')
    r = cli("ingest", "--amend", write(tmp_path, "ren.shn", renamed), "--db", str(restored))
    assert "v#2: voided before the backup this database was restored from, and this file renames players: left " \
           "voided" in r.output, r.output
    assert ledger(restored) == {"Al": -3, "Bea": 0, "Cy": -1, "Di": 3, "Eddie": 1}


def test_a_voided_protocol_game_stays_voided_after_a_restore(tmp_path):
    """break18b F13: a voided NetSchafkopf game got no [_Voided] line in the export, so after a restore an export
    made before the void stored it again.  Game 5 of the shipped protocol voided: the restore of the later export
    plus the earlier export gives the same ledger as the database the void was made in."""
    root = Path(__file__).resolve().parents[1]
    proto = root / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    session = "NetSchafkopf baseline__Schafkopfprotokoll_vom_05.10.23_01"
    db = tmp_path / "a.duckdb"
    cli("ingest", str(proto), "--db", str(db))
    old = tmp_path / "old.shn"
    cli("export", "--format", "shn", "--out", str(old), "--db", str(db))
    cli("void", f"{session}#5", "--reason", "misread", "--db", str(db))
    truth = ledger(db)
    new = tmp_path / "new.shn"
    cli("export", "--format", "shn", "--out", str(new), "--db", str(db))
    assert '[_Voided "5"]' in new.read_text()
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(new), "--db", str(restored))
    r = cli("ingest", str(old), "--db", str(restored), ok=False)
    assert "0 stored, 98 duplicates, 1 rejected" in r.output and "was voided" in r.output, r.output
    assert ledger(restored) == truth


def test_a_name_with_a_no_break_space_or_two_spaces_is_one_player(tmp_path):
    """break18b F2: 'Ann\\u00a0Lee' (a no-break space, as a word processor or a phone writes it) and 'Bea  Bo'
    (two spaces) were players apart from 'Ann Lee' and 'Bea Bo'.  Each night by hand: Al (Ann Lee) with Bea
    (Bea Bo) 70, a win (B-27, B-33): +2 / +1 / -1; two nights: Ann Lee +4, Bea Bo +2, -2 each other."""
    head = '%SHN 1.0\n[Session "{s}"]\n[Seats "Al={a}; Bea={b}; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
    hand = "hand 1  dealer Ed\npick Al  call AS  partner Bea  pts 70  win\n"
    db = tmp_path / "sp.duckdb"
    cli("ingest", write(tmp_path, "a.shn", head.format(s="one", a="Ann\u00a0Lee", b="Bea  Bo") + hand), "--db", str(db))
    cli("ingest", write(tmp_path, "b.shn", head.format(s="two", a="Ann Lee", b="Bea Bo") + hand), "--db", str(db))
    sheet = ("Date,Hand,Picker,Partner,Points,Result,Ann\u00a0Lee,Bea  Bo,Cy,Di,Ed\n"
             "2026-12-06,1,Ann Lee,Bea Bo,70,W,2,1,-1,-1,-1\n")
    cli("ingest", write(tmp_path, "c.csv", sheet), "--db", str(db))
    assert ledger(db) == {"Ann Lee": 6, "Bea Bo": 3, "Cy": -3, "Di": -3, "Ed": -3}
