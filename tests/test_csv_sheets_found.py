"""Score sheets a tester brought from real spreadsheets (session 12), each
worked by hand before shead read it.

A Google Sheets export of a six-handed night where the dealer sits out
(``--rules wi6-sit-out``, rules.md F-1, profiles.md "Table sizes": five play
and settle as five-handed, the dealer 0), the dealer's units cell left blank
as sheets do.  By hand (B-33, I-1, I-3, I-4, I-6, D-4; double on the bump):
hand 1 Barb with Dot at 61: Barb +2, Dot +1, Carl, Eve, Fay -1; hand 2 Carl
alone at 91, schneider: Carl +8, the other four -2; hand 3 Dot with Fay at
30, schneidered and bumped: Dot -8, Fay -4, Al, Barb, Eve +4; hand 4 Eve
with Al at 60, bumped: Eve -4, Al -2, Barb, Carl, Fay +2; hand 5 Fay wins
the leaster: +4, -1 each; hand 6 Al with Barb at 90: Al +2, Barb +1, Carl,
Dot, Eve -1.  Totals Al +1, Barb +8, Carl +7, Dot -11, Eve -4, Fay -1.
"""

from __future__ import annotations

import duckdb

from typer.testing import CliRunner

from dashboard.metrics import Filters, leaderboard
from ingest import store as st
from ingest.cli import app

runner = CliRunner()
SIXES = ("Date,Hand,Dealer,Picker,Call,Partner,Points,Result,Leaster,Al,Barb,Carl,Dot,Eve,Fay,,\n"
         "12/4/2026,1,Al,Barb,AH,Dot,61,W,,,2,-1,1,-1,-1,,\n"
         "12/4/2026,2,Barb,Carl,,,91,W schneider,,-2,,8,-2,-2,-2,,\n"
         "12/4/2026,3,Carl,Dot,AC,Fay,30,L schneider,,4,4,,-8,4,-4,,\n"
         "12/4/2026,4,Dot,Eve,AS,Al,60,L,,-2,2,2,,-4,2,,\n"
         "12/4/2026,5,Eve,,,,,,Fay,-1,-1,-1,-1,,4,,\n"
         "12/4/2026,6,Fay,Al,AH,Barb,90,W,,2,1,-1,-1,-1,,,\n")
TOTALS = {"Al": 1, "Barb": 8, "Carl": 7, "Dot": -11, "Eve": -4, "Fay": -1}


def board(db) -> dict[str, int]:
    with st.reading(db) as con:
        lb = leaderboard(con, Filters())
    return dict(zip(lb["player"].to_list(), lb["units"].to_list()))


def test_a_six_handed_sheet_with_the_sitting_out_dealer_left_blank(tmp_path):
    p = tmp_path / "sixes.csv"
    p.write_text(SIXES)
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(p), "--rules", "wi6-sit-out", "--db", str(db)])
    assert r.exit_code == 0 and "6 stored" in r.output and "rejected" in r.output, r.output
    assert "0 rejected" in r.output
    assert board(db) == TOTALS and sum(TOTALS.values()) == 0
    # the same sheet with 0 written for the dealer is the same night (a duplicate of every hand)
    zero = tmp_path / "sixes0.csv"
    zero.write_text(SIXES.replace("12/4/2026,1,Al,Barb,AH,Dot,61,W,,,", "12/4/2026,1,Al,Barb,AH,Dot,61,W,,0,"))
    r = runner.invoke(app, ["ingest", str(zero), "--rules", "wi6-sit-out", "--db", str(db)])
    assert r.exit_code == 0 and board(db) == TOTALS, r.output


def test_a_blank_cell_of_a_dealer_who_plays_is_still_refused(tmp_path):
    """Five-handed, the dealer plays: a blank dealer cell is no seat of the table (E-CSV-SEATS), as before."""
    p = tmp_path / "five.csv"
    p.write_text("Date,Hand,Dealer,Picker,Call,Partner,Points,Result,Al,Barb,Carl,Dot,Eve\n"
                 "2026-12-04,1,Al,Barb,AH,Dot,61,W,-1,2,-1,1,-1\n"
                 "2026-12-04,2,Barb,Carl,AS,Dot,61,W,-1,,2,1,-1\n")
    r = runner.invoke(app, ["ingest", str(p), "--db", str(tmp_path / "x.duckdb")])
    out = " ".join(r.output.split())
    assert "1 stored" in out and "E-CSV-SEATS" in out, r.output


def test_a_leaster_tie_written_in_the_leaster_column(tmp_path):
    """A sheet writes a tied leaster as 'tie', 'wash' or '-' in its Leaster column: SHN's `leaster -`, a wash
    (rules.md D-6: nobody pays), not an unknown winner.  Hand 4, Ed wins the leaster: +4, -1 each (D-4)."""
    p = tmp_path / "wash.csv"
    p.write_text("Date,Hand,Dealer,Picker,Leaster,Al,Bo,Cy,Di,Ed\n"
                 "2026-12-04,1,Al,,tie,0,0,0,0,0\n"
                 "2026-12-04,2,Bo,,Wash,0,0,0,0,0\n"
                 "2026-12-04,3,Cy,,-,0,0,0,0,0\n"
                 "2026-12-04,4,Di,,Ed,-1,-1,-1,-1,4\n")
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 0 and "4 stored" in r.output and "0 rejected" in r.output, r.output
    assert board(db) == {"Ed": 4, "Al": -1, "Bo": -1, "Cy": -1, "Di": -1}
    r = runner.invoke(app, ["sheet", "CSV wash", "--db", str(db), "--json"])
    import json
    rows = json.loads(r.output)["hands"]
    assert [x["result"] for x in rows] == ["leaster tied"] * 3 + ["leaster Ed"]
    # a tie whose units are not all 0 is refused: a wash pays nothing (D-6)
    bad = tmp_path / "bad.csv"
    bad.write_text("Date,Hand,Dealer,Picker,Leaster,Al,Bo,Cy,Di,Ed\n2026-12-05,1,Al,,tie,-1,-1,-1,-1,4\n")
    r = runner.invoke(app, ["ingest", str(bad), "--db", str(db)])
    assert "0 stored" in r.output and "1 rejected" in r.output, r.output


# A US Excel sheet (a tester's): the Result column writes who won, W or L, whatever the tier; the points say the tier.
FRIDAY = ("\ufeffDate,Hand #,Dealer,Picker,Called,Partner,Pts,Result,Mary Ann,Big Jim,Tom,Kathy,Dave\r\n"
          "12/4/2026,1,Mary Ann,Big Jim,AH,Kathy,61,W,-1,2,-1,1,-1\r\n"      # win: BJ +2, K +1, -1 each (I-2)
          "12/4/2026,2,Big Jim,Tom,AC,Dave,60,L,2,2,-4,2,-2\r\n"             # 60-60 loses, bumped (I-1)
          "12/4/2026,3,Tom,Kathy,alone,,91,W,-2,-2,-2,8,-2\r\n"              # alone, schneider at 91 (I-4)
          "12/4/2026,4,Kathy,Dave,AS,Mary Ann,30,L,-4,4,4,4,-8\r\n"          # schneidered at 30, bumped (I-6)
          "12/4/2026,5,Mary Ann,Big Jim,AH,Tom,90,W,-1,2,1,-1,-1\r\n"        # 90 is a plain win (I-3)
          "12/4/2026,6,Big Jim,Tom,AS,Kathy,31,L,2,2,-4,-2,2\r\n"            # 31 escapes schneider, bumped (I-5)
          "12/4/2026,7,Tom,Kathy,AC,Mary Ann,120,W,3,-3,-3,6,-3\r\n"         # 120: the units say no-tricker (I-10)
          "12/4/2026,8,Dave,Mary Ann,AS,Tom,75,W,2,-1,1,-1,-1\r\n")          # win
#: by hand, the rows' units summed: Mary Ann -1+2-2-4-1+2+3+2 = +1, Big Jim 2+2-2+4+2+2-3-1 = +6,
#: Tom -1-4-2+4+1-4-3+1 = -8, Kathy 1+2+8+4-1-2+6-1 = +17, Dave -1-2-2-8-1+2-3-1 = -16
FRIDAY_TOTALS = {"Mary Ann": 1, "Big Jim": 6, "Tom": -8, "Kathy": 17, "Dave": -16}


def test_a_w_or_l_result_takes_its_tier_from_the_points(tmp_path):
    p = tmp_path / "friday.csv"
    p.write_text(FRIDAY, newline="")
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "8 stored" in out and "0 rejected" in out, r.output
    assert board(db) == FRIDAY_TOTALS and sum(FRIDAY_TOTALS.values()) == 0
    with st.reading(db) as con:
        got = dict(con.execute("SELECT hand, outcome FROM hands").fetchall())
    assert got == {1: "win", 2: "lose", 3: "win-s", 4: "lose-s", 5: "win", 6: "lose", 7: "win-z", 8: "win"}


def test_a_w_or_l_against_its_points_and_a_tier_written_are_still_checked(tmp_path):
    """W at 45 points: the picker side lost (B-27), refused at the Result cell; 'W schneider' at 75 names a tier
    the points do not give (B-28), refused; 'Leaster' in the Picker cell with Bo +4 and -1 each other is Bo's
    leaster (rules.md D-4), its winner read from the units (real25 F8: it was refused, saying where a leaster is
    written)."""
    p = tmp_path / "bad.csv"
    p.write_text("Date,Hand,Dealer,Picker,Call,Partner,Pts,Result,Al,Bo,Cy,Di,Ed\n"
                 "2026-12-04,1,Al,Bo,AH,Cy,45,W,2,-4,-2,2,2\n"  # the units of a bumped loss
                 "2026-12-04,2,Bo,Cy,AH,Di,75,W schneider,-2,-2,4,2,-2\n"
                 "2026-12-04,3,Cy,Leaster,,,,,-1,4,-1,-1,-1\n")
    r = runner.invoke(app, ["ingest", str(p), "--db", str(tmp_path / "x.duckdb")])
    out = " ".join(r.output.split())
    assert "1 stored" in out and "2 rejected" in out, r.output
    assert f"{p}:2:8: E-OUTCOME (hand 1): win disagrees with 45 card points: that is lose" in out
    assert f"{p}:3:8: E-OUTCOME (hand 2): win-s disagrees with 75 card points: that is win" in out
    with duckdb.connect(str(tmp_path / "x.duckdb"), read_only=True) as con:
        assert con.execute("SELECT hand, picker, leaster_winner FROM hands").fetchall() == [(3, None, "Bo")]



def test_a_sheet_with_a_refused_row_under_its_own_total_is_named_incomplete(tmp_path):
    """A sheet that ends with its own grand total (the Total row equals the sum of every row above) and has a
    refused row: the ledger names the sitting incomplete, with the stored and the sheet's totals, as it does a
    NetSchafkopf protocol's; fixed and fed again, it is complete."""
    head, *hands = FRIDAY.split("\r\n")[:-1]
    head = head.replace("Pts,Result,", "Pts,Result,Leaster,")
    hands = [",".join(h.split(",")[:8] + [""] + h.split(",")[8:]) for h in hands]
    # hand 8 is Tom's leaster (Tom +4, the others -1, rules.md D-4), its winner misspelt in the Leaster cell:
    # refused (written in the Picker cell, as it was here until real25 F8, it is now read as Tom's leaster)
    hands[7] = "12/4/2026,8,Dave,,,,,,Tommy,-1,-1,4,-1,-1"
    # the rows' sums, by hand: FRIDAY_TOTALS less FRIDAY's hand 8 (Mary Ann +2, Big Jim -1, Tom +1, Kathy -1,
    # Dave -1) plus the leaster
    written = {"Mary Ann": 1 - 2 - 1, "Big Jim": 6 + 1 - 1, "Tom": -8 - 1 + 4, "Kathy": 17 + 1 - 1, "Dave": -16 + 1 - 1}
    assert written == {"Mary Ann": -2, "Big Jim": 6, "Tom": -5, "Kathy": 17, "Dave": -16}
    total = "Total,,,,,,,,," + ",".join(str(written[p]) for p in FRIDAY_TOTALS)
    p = tmp_path / "friday.csv"
    p.write_text("\r\n".join([head, *hands, ",,,,,,,,,,,,,", total, ""]), newline="")
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert "7 stored" in r.output and "1 rejected" in r.output and "W-CSV-TOTALS" not in r.output, r.output
    # stored: the seven other hands, FRIDAY_TOTALS less FRIDAY's hand 8
    assert board(db) == {"Mary Ann": -1, "Big Jim": 7, "Tom": -9, "Kathy": 18, "Dave": -15}
    out = " ".join(runner.invoke(app, ["ledger", "--db", str(db)]).output.split())
    assert ("CSV friday 2026-12-04: hand 8 refused; the stored totals differ from the source's own table: "
            "Mary Ann stored -1, source -2, Big Jim stored +7, source +6, Tom stored -9, source -5") in out
    # the leaster in its column: hand 8 stored, the seven others duplicates; the sitting is its sheet's total
    hands[7] = "12/4/2026,8,Dave,,,,,,Tom,-1,-1,4,-1,-1"
    p.write_text("\r\n".join([head, *hands, ",,,,,,,,,,,,,", total, ""]), newline="")
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert "1 stored" in r.output and "7 duplicates" in r.output, r.output
    assert board(db) == written
    assert "Incomplete sessions" not in runner.invoke(app, ["ledger", "--db", str(db)]).output


def test_a_date_written_on_the_nights_first_row_only(tmp_path):
    """A sheet writes the night's date once, on its first row (a merged cell exported): the rows below with a blank
    date are that night's.  By hand (B-33, I-1): hand 1 Bo with Cy at 61, +2/+1/-1; hand 2 Cy alone at 45, bumped,
    -8/+2; hand 3 Doerte with Juergen at 75.  Totals Juergen +2, Bo +3, Cy -8, Doerte +3, Ed 0."""
    p = tmp_path / "once.csv"
    p.write_text("Date,Hand,Dealer,Picker,Call,Partner,Pts,Result,Jürgen,Bo,Cy,Dörte,Ed\n"
                 "2026-12-04,1,Jürgen,Bo,AH,Cy,61,W,-1,2,1,-1,-1\n"
                 ",2,Bo,Cy,alone,,45,L,2,2,-8,2,2\n"
                 ",3,Cy,Dörte,AC,Jürgen,75,W,1,-1,-1,2,-1\n", encoding="utf-8")
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 0 and "3 stored" in r.output and "0 rejected" in r.output, r.output
    assert board(db) == {"Jürgen": 2, "Bo": 3, "Cy": -8, "Dörte": 3, "Ed": 0}
    with st.reading(db) as con:
        assert con.execute("SELECT DISTINCT CAST(date AS VARCHAR) FROM hands").fetchall() == [("2026-12-04",)]


def test_a_tab_separated_export_reads_as_its_comma_separated_twin(tmp_path):
    """A spreadsheet's "Text (Tab delimited)" (.tsv, or .txt) and "Unicode Text" (UTF-16, tabs) exports of the
    sheet of the test above: the same three hands and totals, not E-FORMAT."""
    rows = ["Date\tHand\tDealer\tPicker\tCall\tPartner\tPts\tResult\tJürgen\tBo\tCy\tDörte\tEd",
            "2026-12-04\t1\tJürgen\tBo\tAH\tCy\t61\tW\t-1\t2\t1\t-1\t-1",
            "2026-12-04\t2\tBo\tCy\talone\t\t45\tL\t2\t2\t-8\t2\t2",
            "2026-12-04\t3\tCy\tDörte\tAC\tJürgen\t75\tW\t1\t-1\t-1\t2\t-1"]
    text = "\r\n".join(rows) + "\r\n"
    for name, data in (("night.tsv", text.encode("utf-8")), ("night.txt", text.encode("utf-8")),
                       ("unicode.txt", text.encode("utf-16"))):
        p = tmp_path / name
        p.write_bytes(data)
        db = tmp_path / f"{name}.duckdb"
        r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
        assert r.exit_code == 0 and "3 stored" in r.output and "E-FORMAT" not in r.output, (name, r.output)
        assert board(db) == {"Jürgen": 2, "Bo": 3, "Cy": -8, "Dörte": 3, "Ed": 0}


def test_accounting_negatives_and_a_title_row():
    """A spreadsheet's accounting format writes -1 as (1): read as -1 (the sheet of the tests above with Al, Bo,
    Cy, Di, Ed: Al +2, Bo +3, Cy -8, Di +3, Ed 0).  A title row above the header is skipped (its date dates
    the night); one above a second heading is named as such."""
    from ingest.csv_cells import whole_units
    from ingest.csv_sheet import read_csv

    assert [whole_units(c) for c in ("(1)", "( 8 )", "(8,00)", "–2", "(x)", "()")] == [-1, -8, -8, -2, None, None]
    sheet = ("Date,Hand,Dealer,Picker,Call,Partner,Pts,Result,Al,Bo,Cy,Di,Ed\n"
             "2026-12-04,1,Al,Bo,AH,Cy,61,W,(1),+2,+1,(1),(1)\n"
             "2026-12-04,2,Bo,Cy,alone,,45,L,+2,+2,(8),+2,+2\n"
             "2026-12-04,3,Cy,Di,AC,Al,75,W,+1,(1),(1),+2,(1)\n")
    r = read_csv(sheet.encode(), "acc.csv").result
    assert not r.rejected
    totals: dict[str, int] = {}
    for h in r.hands:
        for p, u in h.outcome.units.items():
            totals[p] = totals.get(p, 0) + u
    assert totals == {"Al": 2, "Bo": 3, "Cy": -8, "Di": 3, "Ed": 0}
    # a title row above a header without a Date column: the header is row 2 and the title dates the night
    # (tests/test_csv_night.py); the same three hands give the same totals, every hand of 2026-12-04
    titled = "Friday Night Sheepshead - Dec 4 2026,,,,\n" + "".join(
        line.split(",", 1)[1] + "\n" for line in sheet.splitlines())
    r = read_csv(titled.encode(), "t.csv").result
    assert not r.rejected and [e.code for e in r.errors] == ["W-CSV-NIGHT"]
    assert {h.outcome.date for h in r.hands} == {"2026-12-04"}
    assert [h.source_line for h in r.hands] == [3, 4, 5]
    # a title whose next row is no header either (a second heading): the header under both is found (sheet32 F2),
    # and the sheet's missing date is said at it, row 3; the advice given, --columns date=, reads it
    twice = "Friday Night Sheepshead,,,,\nScores,,,,\nDealer,Picker,Call,Partner,Pts,Result,Al,Bo,Cy,Di,Ed\n"
    (e,) = read_csv(twice.encode(), "t.csv").result.errors
    assert e.code == "E-CSV-COLUMNS" and (e.line, e.col) == (3, 1)
    assert "no date column" in e.message and "--columns date=2026-12-04" in e.message
    body = "".join(line.split(",", 2)[2] + "\n" for line in sheet.splitlines()[1:])
    r = read_csv((twice + body).encode(), "t.csv", columns="date=2026-12-04").result
    assert not r.rejected and not [x for x in r.errors if x.severity == "error"]
    assert [h.source_line for h in r.hands] == [4, 5, 6]


def test_a_schafkopf_sheet_is_named_as_such():
    """A Stammtisch's Schafkopf Abrechnung (a tester's, German CSV): not read as Sheepshead rows with Sheepshead
    errors, but refused once, saying what to do."""
    from ingest.csv_sheet import read_csv

    sheet = ("Datum;Nr;Geber;Spieler;Spiel;Partner;Augen;Ergebnis;Kontra;Sepp;Vroni;Hias;Kathi\n"
             "27.11.2026;1;Kathi;Sepp;Sauspiel Eichel;Hias;75;gewonnen;;50;-50;50;-50\n"
             "27.11.2026;3;Vroni;Hias;Wenz;;64;gewonnen;;-70;-70;210;-70\n").encode()
    for rules, why in ((None, "its column 'Spiel' names Schafkopf games ('Sauspiel Eichel')"),
                       ("schafkopf-bsv; tariff.sauspiel=20", "the rules 'schafkopf-bsv; tariff.sauspiel=20' are "
                                                            "Schafkopf's")):
        r = read_csv(sheet, "abrechnung.csv", rules=rules).result
        assert r.hands == [] and r.rejected == []
        (e,) = r.errors
        assert (e.code, e.line, e.col) == ("E-CSV-RULES", 1, 1) and why in e.message
        assert "SHN-SK score lines" in e.message


def test_the_import_pages_rules_reach_the_reader(tmp_path):
    """The Import page's Rules field is `shead ingest --rules`: a CSV sheet's hands are read under it."""
    from dashboard.pages.import_files import ingest_upload

    with st.Store(tmp_path / "imp.duckdb") as store:
        rep = ingest_upload(store, "sixes.csv", SIXES.encode(), False, None, "wi6-sit-out")
    assert rep.stored == 6 and not rep.rejected
    assert board(tmp_path / "imp.duckdb") == TOTALS  # the hand-worked totals of the module docstring
