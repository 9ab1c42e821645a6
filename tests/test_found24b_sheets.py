"""Score sheets of session 24 (fixi): the defects left by real24 F3 and
found by break24 in the CSV and XLSX readers, each record written as a user
would write it and each amount worked out by hand from rules.md (profile
wi5-called-ace, doubleOnBump on, rules.md B-32) before shead's figure was
read."""

from __future__ import annotations

import json

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest


def _warned(report: dict, code: str) -> list[tuple[int, int, str, str]]:
    """The warnings ``code``: (line, column, found, expected)."""
    return [(w["line"], w["col"], w.get("found"), w.get("expected")) for w in report["warnings"] if w["code"] == code]


# -- fixi 1 (left by real24 F3): a Total row under rows that write no units -------------------------------------------

#: /tmp/s24/me/picks_total.csv: the hand rows write no units, the engine derives them (rules.md B-27..B-33).
#: h1 Al picks, Bea partner (AS), 72: a plain win (B-27), Al +2, Bea +1, Cy, Di, Ed -1.
#: h2 Cy alone, 40: a plain loss (31-60, B-28), alone 4 shares (B-31) doubled on the bump (B-32, B-33): Cy -8, the
#:    four others +2.
#: h3 Di picks, Ed partner (AH), 95: schneider (91+, B-28, B-33): Di +4, Ed +2, Al, Bea, Cy -2.
#: Totals: Al 2+2-2 = 2, Bea 1+2-2 = 1, Cy -1-8-2 = -11, Di -1+2+4 = 5, Ed -1+2+2 = 3 (zero-sum) = the Total row.
PICKS = """Date,Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
2026-11-28,1,Ed,Al,Bea,AS,72,,,,,
2026-11-28,2,Al,Cy,,alone,40,,,,,
2026-11-28,3,Bea,Di,Ed,AH,95,,,,,
Total,,,,,,,2,1,-11,5,3
"""
WANT = {"Al": 2, "Bea": 1, "Cy": -11, "Di": 5, "Ed": 3}


def _checks(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT complete, refused, log_totals FROM session_checks").fetchall()


def test_a_right_total_row_over_derived_units_says_nothing_and_checks_the_night(tmp_path):
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "picks_total.csv", PICKS), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert _warned(rep, "W-CSV-TOTALS") == []  # it said "the rows above sum to +0" for each of the 5 players
    assert ledger(db) == WANT
    # the Total row is the night's own: the stored (derived) units are checked against it, and agree
    ((complete, refused, log),) = _checks(db)
    assert (complete, refused, json.loads(log)) == (True, 0, WANT)


def test_a_wrong_total_row_over_derived_units_names_the_scored_sum(tmp_path):
    """Al's Total written 3 where the hands score him +2 (worked above): one warning, at Al's cell (row 5, column
    8), naming the sum of the scored hands; the others are right and said nothing; the hands are stored as the rules
    score them, and a Total that differs is no total the night is checked against."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "bad.csv", PICKS.replace("Total,,,,,,,2,", "Total,,,,,,,3,")), db)
    assert rep["ingested"] == 3
    assert _warned(rep, "W-CSV-TOTALS") == [(5, 8, "+3", "+2")]
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert "the hands above score +2" in w["message"] and "sum to +0" not in w["message"]
    assert ledger(db) == WANT
    assert _checks(db) == []


def test_a_total_row_over_written_and_derived_rows_is_checked_against_both(tmp_path):
    """Row 2 writes its units (Al +2 Bea +1, the others -1), rows 3 and 4 leave them to the engine: the same night
    as above, the same totals; the Total row is right, and Cy's wrong cell (-10 for -11) is named against -11."""
    text = PICKS.replace("AS,72,,,,,", "AS,72,2,1,-1,-1,-1")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "mixed.csv", text), db)
    assert (rep["ingested"], _warned(rep, "W-CSV-TOTALS")) == (3, [])
    assert ledger(db) == WANT
    db2 = tmp_path / "s2.duckdb"
    rep = _ingest(write(tmp_path, "mixed2.csv", text.replace(",1,-11,5,3", ",1,-10,5,3")), db2)
    assert _warned(rep, "W-CSV-TOTALS") == [(5, 10, "-10", "-11")]


def test_a_total_row_over_derived_units_read_in_batches_is_said_unchecked(tmp_path, monkeypatch):
    """A sheet large enough to be read in batches: the Total row cannot be checked against hands scored batch by
    batch; one warning says so (it claimed five sums of +0)."""
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "picks_total.csv", PICKS), db)
    assert rep["ingested"] == 3
    ((line, col, found, _exp),) = _warned(rep, "W-CSV-TOTALS")
    assert (line, col, found) == (5, 8, "Al 2, Bea 1, Cy -11, Di 5, Ed 3")
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert "not checked" in w["message"] and "sum to" not in w["message"]
    assert ledger(db) == WANT


# -- break24 F9: names that differ only by Unicode case rules ----------------------------------------------------------

#: /tmp/s24/break24/uni2.csv: the Partner cell 'ilker' for İlker (a Turkish scorer's lower case), the Picker cell
#: 'STRAUSS' for Strauß (its upper case).  h1 Jürgen picks, İlker partner (AS), 61: a plain win (B-27, B-33):
#: Jürgen +2, İlker +1, the others -1.  h2 Strauß alone, 91: schneider (B-28), alone 4 shares (B-31): Strauß +8, the
#: others -2.  h3 2Pac picks, Bob😀 partner (AH), 60: a loss (B-27: 60 loses) doubled on the bump (B-32): 2Pac -4,
#: Bob😀 -2, the others +2.  Totals: Jürgen 2-2+2 = 2, İlker 1-2+2 = 1, Strauß -1+8+2 = 9, 2Pac -1-2-4 = -7,
#: Bob😀 -1-2-2 = -5 (zero-sum).
UNI2 = """Date,Hand,Picker,Partner,Call,Points,Result,Jürgen,İlker,Strauß,2Pac,Bob😀
2026-12-03,1,Jürgen,ilker,AS,61,W,2,1,-1,-1,-1
2026-12-03,2,STRAUSS,,alone,91,W,-2,-2,8,-2,-2
2026-12-03,3,2pac,Bob😀,AH,60,L,2,2,2,-4,-2
"""


def test_names_are_matched_by_unicode_case_folding(tmp_path):
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "uni2.csv", UNI2), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])  # 'ilker' and 'STRAUSS' were refused E-CSV-SEAT
    assert ledger(db) == {"Jürgen": 2, "İlker": 1, "Strauß": 9, "2Pac": -7, "Bob😀": -5}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, picker, partner FROM hands WHERE hand < 3 ORDER BY hand").fetchall() == [
            (1, "Jürgen", "İlker"), (2, "Strauß", None)]


def test_a_fold_two_players_share_names_neither_and_accents_still_count(tmp_path):
    """Strauss and Strauß at one table: 'STRAUSS' is Strauss (its lower case), 'STRAUß' Strauß; 'Jurgen' is no
    Jürgen (an accent is no case): refused E-CSV-SEAT at the Picker cell, row 3 column 3.
    h1 Strauss picks, Strauß partner (AS), 61: Strauss +2, Strauß +1, the others -1."""
    text = ("Date,Hand,Picker,Partner,Call,Points,Result,Strauss,Strauß,Jürgen,Ann,Bob\n"
            "2026-12-03,1,STRAUSS,STRAUß,AS,61,W,2,1,-1,-1,-1\n"
            "2026-12-03,2,Jurgen,Ann,AS,61,W,-1,-1,2,1,-1\n")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "two.csv", text), db)
    assert rep["ingested"] == 1
    assert [(e["line"], e["col"], e["code"], e["found"]) for e in rep["rejected"]] == [(3, 3, "E-CSV-SEAT", "Jurgen")]
    assert ledger(db) == {"Strauss": 2, "Strauß": 1, "Jürgen": -1, "Ann": -1, "Bob": -1}


# -- break24 F10: E-SCORE-SUM on a money sheet named units where the cell writes money --------------------------------

#: /tmp/s24/break24/money.csv, read at --columns stake=0.25 (a quarter a unit); row 2's note is over three lines, so
#: hand 3 is on line 6.  h1 Ann picks, Cal partner (AS), 61: a plain win (B-27, B-33): Ann +2 ($0.50), Cal +1, the
#: others -1 ($0.25 each).  h2 Bob alone, 30: schneidered (B-28, 0-30), alone, doubled on the bump (B-33 with DOB):
#: Bob -16 (-$4.00), the others +4 ($1.00).  h3 Cal picks, Eve partner (AH), 60: a plain loss (B-27: 60 loses) with
#: DOB: Cal -4 (-$1.00), Eve -2 (-$0.50), Ann, Bob, Dee +2 ($0.50) - the sheet writes Cal -$0.75 (-3 units): the row
#: sums to +1 unit ($0.25) and is refused (B-35) at Cal's cell, line 6, column 11.
MONEY = '''Date,Hand,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve
2026-12-10,1,Ann,Cal,AS,61,W,"what a hand
Ann took
the last trick","$0.50","-$0.25","$0.25","-$0.25","-$0.25"
2026-12-10,2,Bob,,alone,30,L,"","$1.00","-$4.00","$1.00","$1.00","$1.00"
2026-12-10,3,Cal,Eve,AH,60,L,,"$0.50","$0.50","-$0.75","$0.50","-$0.50"
'''


def test_score_sum_on_a_money_sheet_names_the_money_and_the_units(tmp_path):
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "money.csv", MONEY), db, "--columns", "stake=0.25")
    assert rep["ingested"] == 2
    (e,) = rep["rejected"]
    assert (e["line"], e["col"], e["code"]) == (6, 11, "E-SCORE-SUM")
    assert e["message"].startswith("the score sums to $0.25 (+1 units at 0.25), not 0 (rules.md B-35); "
                                   "Cal -$0.75 (-3 units at 0.25) is written but the rules give -$1.00 (-4)")
    # h1 and h2 stored, in units: Ann 2+4 = 6, Bob -1-16 = -17, Cal 1+4 = 5, Dee -1+4 = 3, Eve -1+4 = 3
    assert ledger(db) == {"Ann": 6, "Bob": -17, "Cal": 5, "Dee": 3, "Eve": 3}


def test_a_wrong_entry_on_a_money_sheet_names_the_money_and_the_units(tmp_path):
    """Hand 1 with the picker's and the partner's amounts swapped (Ann $0.25, Cal $0.50): the row sums to 0, Ann's
    cell is wrong: E-SCORE at it (line 2, column 9), Ann +$0.25 (+1 unit) written, the rules give $0.50 (+2)."""
    text = ("Date,Hand,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve\n"
            '2026-12-10,1,Ann,Cal,AS,61,W,,"$0.25","-$0.25","$0.50","-$0.25","-$0.25"\n')
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "swap.csv", text), db, "--columns", "stake=0.25")
    (e,) = rep["rejected"]
    assert (e["line"], e["col"], e["code"], e["found"], e["expected"]) == (2, 9, "E-SCORE", "$0.25", "$0.50 (+2)")
    assert e["message"].startswith("Ann $0.25 (+1 units at 0.25) is written but the rules give $0.50 (+2)")


# -- break24 F3: a sheet sent again with its player columns in another order -------------------------------------------

#: /tmp/s24/break24/uni.csv and uni_reord.csv (the Jürg column moved first, a 4th row added).  By hand (B-27, B-28,
#: B-31, B-33 with DOB): h1 Jürgen picks, Jörg partner, 61: Jürgen +2, Jörg +1, the others -1.  h2 Jürg alone, 91:
#: schneider, Jürg +8, the others -2.  h3 Zoë picks, O'Brien partner, 60: a loss doubled, Zoë -4, O'Brien -2, the
#: others +2.  h4 Jürg picks, Jörg partner, 75: Jürg +2, Jörg +1, the others -1.  Rows 1-3 of the copy write the
#: stored units.  Totals: Jürgen 2-2+2-1 = 1, Jörg 1-2+2+1 = 2, Jürg -1+8+2+2 = 11, Zoë -1-2-4-1 = -8,
#: O'Brien -1-2-2-1 = -6 (zero-sum).
UNI = """Date,Hand,Picker,Partner,Call,Points,Result,Jürgen,Jörg,Jürg,Zoë,O'Brien
2026-12-03,1,Jürgen,Jörg,AS,61,W,2,1,-1,-1,-1
2026-12-03,2,jürg,,alone,91,W,-2,-2,8,-2,-2
2026-12-03,3,ZOË,O'Brien,AH,60,L,2,2,2,-4,-2
"""
UNI_REORD = """Date,Hand,Picker,Partner,Call,Points,Result,Jürg,Jürgen,Jörg,Zoë,O'Brien
2026-12-03,1,Jürgen,Jörg,AS,61,W,-1,2,1,-1,-1
2026-12-03,2,Jürg,,alone,91,W,8,-2,-2,-2,-2
2026-12-03,3,Zoë,O'Brien,AH,60,L,2,2,2,-4,-2
2026-12-03,4,Jürg,Jörg,AC,75,W,2,-1,1,-1,-1
"""


def test_a_sheet_sent_again_with_its_columns_moved_is_its_stored_hands(tmp_path):
    db = tmp_path / "s.duckdb"
    assert _ingest(write(tmp_path, "uni.csv", UNI), db)["ingested"] == 3
    (tmp_path / "again").mkdir()
    rep = _ingest(write(tmp_path / "again", "uni.csv", UNI_REORD), db)
    # rows 1-3 were E-HAND-CONFLICT ("score: stored Jürgen +2 Jörg +1 ..., this copy Jürg -1 Jürgen +2 ...")
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (1, 3, [])
    assert [w["code"] for w in rep["warnings"]] == []  # hand 4 sits in the stored order: no W-SESSION-HEADER
    want = {"Jürgen": 1, "Jörg": 2, "Jürg": 11, "Zoë": -8, "O'Brien": -6}
    assert ledger(db) == want
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(DISTINCT session) FROM hands").fetchone() == (1,)
    # the night's export reads back into its own database: nothing stored, nothing refused (hand 4 conflicted)
    out = tmp_path / "night.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    back = _ingest(str(out), db)
    assert (back["ingested"], back["duplicates"], back["rejected"]) == (0, 4, [])
    assert ledger(db) == want


# -- break24 F6: a copy of the night that leaves the Dealer column out -------------------------------------------------

#: /tmp/s24/break24/withdealer.csv and nodealer.csv (the same rows, the Dealer column deleted).  By hand (B-27, B-28,
#: B-31, B-33 with DOB; D-4 for the leaster): h1 Ann picks, Cal partner, 61: Ann +2, Cal +1, the others -1.  h2 Bob
#: alone, 30: schneidered, doubled, Bob -16, the others +4.  h3 Cal picks, Eve partner, 60: a loss doubled, Cal -4,
#: Eve -2, the others +2.  h4 a leaster won by Dee: Dee +4, the others -1.  Totals: Ann 2+4+2-1 = 7,
#: Bob -1-16+2-1 = -16, Cal 1+4-4-1 = 0, Dee -1+4+2+4 = 9, Eve -1+4-2-1 = 0 (zero-sum).
WITH_DEALER = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve
2026-11-05,1,Eve,Ann,Cal,AS,61,W,,2,-1,1,-1,-1
2026-11-05,2,Ann,Bob,,alone,30,L,,4,-16,4,4,4
2026-11-05,3,Bob,Cal,Eve,AH,60,L,,2,2,-4,2,-2
2026-11-05,4,Cal,,,,,,Dee,-1,-1,-1,4,-1
"""
NO_DEALER = """Date,Hand,Picker,Partner,Call,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve
2026-11-05,1,Ann,Cal,AS,61,W,,2,-1,1,-1,-1
2026-11-05,2,Bob,,alone,30,L,,4,-16,4,4,4
2026-11-05,3,Cal,Eve,AH,60,L,,2,2,-4,2,-2
2026-11-05,4,,,,,,Dee,-1,-1,-1,4,-1
"""


def test_a_copy_without_its_dealer_column_is_the_stored_night(tmp_path):
    db = tmp_path / "s.duckdb"
    assert _ingest(write(tmp_path, "withdealer.csv", WITH_DEALER), db)["ingested"] == 4
    rep = _ingest(write(tmp_path, "nodealer.csv", NO_DEALER), db)
    # all four were E-HAND-CONFLICT "dealer: stored Eve, this copy none", told to amend right hands
    assert (rep["ingested"], rep["duplicates"], rep["rejected"], rep["warnings"]) == (0, 4, [], [])
    assert ledger(db) == {"Ann": 7, "Bob": -16, "Cal": 0, "Dee": 9, "Eve": 0}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, dealer FROM hands ORDER BY hand").fetchall() == [
            (1, "Eve"), (2, "Ann"), (3, "Bob"), (4, "Cal")]


def test_a_copy_without_its_dealer_column_names_only_a_real_difference(tmp_path):
    """The copy's hand 3 written 62, won (Dee's count): Cal +2, Eve +1, the others -1, where the stored hand is the
    loss at 60.  That row is refused E-HAND-CONFLICT at line 4, column 1, for its points and score, not its dealer;
    hands 1, 2 and 4 are duplicates, and the ledger keeps the stored night (Ann 7, Bob -16, Cal 0, Dee 9, Eve 0)."""
    db = tmp_path / "s.duckdb"
    _ingest(write(tmp_path, "withdealer.csv", WITH_DEALER), db)
    text = NO_DEALER.replace("3,Cal,Eve,AH,60,L,,2,2,-4,2,-2", "3,Cal,Eve,AH,62,W,,-1,-1,2,-1,1")
    rep = _ingest(write(tmp_path, "dee.csv", text), db)
    assert (rep["ingested"], rep["duplicates"]) == (0, 3)
    (e,) = rep["rejected"]
    assert (e["line"], e["col"], e["code"], e["hand"]) == (4, 1, "E-HAND-CONFLICT", 3)
    assert "it differs in" in e["message"] and "dealer" not in e["message"].split("it differs in")[1]
    assert ledger(db) == {"Ann": 7, "Bob": -16, "Cal": 0, "Dee": 9, "Eve": 0}
