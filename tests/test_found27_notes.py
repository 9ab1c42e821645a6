"""The ledger's "incomplete session" note after a night is sent again or corrected (session 27, fixa27): real26 F6
(/tmp/s26/real26/FINDINGS.md) and the same staleness after ``shead ingest --amend`` and ``shead void``.  Each sheet
is written as the scorer wrote it; each amount worked out by hand from rules.md (/work/shared/reference/rules.md)
before shead's figure was read.

The night (real26's sitout.csv, rules wi6-sit-out: six at the table, the dealer sits out and the other five play as
five-handed, rules.md F-1; doubleOnBump on, B-32; units by B-33):
- h1 Al deals, Bud picks, Don partner, 67: a plain win (B-27, B-28 x1): Bud +2, Don +1, Cal/Eli/Fritz -1.
- h2 Bud deals, Cal alone, 93: a schneider win alone (B-28 x2, B-31: 4 shares): Cal +8, Al/Don/Eli/Fritz -2.
- h3 Cal deals, Don picks, Al partner, 28: a schneidered loss (B-28 x2) doubled on the bump (B-32): Don -8, Al -4,
  Bud/Eli/Fritz +4.  The first sheet writes half of it (Al -2, Bud 2, Don -4, ...): E-SCORE, refused.
- h4 Don deals, Eli picks, Fritz partner, 61: a plain win: Eli +2, Fritz +1, Al/Bud/Cal -1.
- h5 Eli deals, Fritz picks, Bud partner, points not written, units +4/+2/-2: a schneider win (B-33): Fritz +4,
  Bud +2, Al/Cal/Don -2.
- h6 Fritz deals, Al picks, Cal partner, 75: a plain win: Al +2, Cal +1, Bud/Don/Eli -1.  The first sheet writes
  Eli -2, summing to -1: E-SCORE-SUM (B-35), refused.

First send (h3, h6 refused), stored h1 h2 h4 h5: Al 0-2-1-2 = -5, Bud 2+0-1+2 = +3, Cal -1+8-1-2 = +4,
Don 1-2+0-2 = -3, Eli -1-2+2+0 = -1, Fritz -1-2+1+4 = +2.  Its Total row (-5, 4, 5, -8, -1, 4) sums the rows as
written, refused ones too: the night's check, incomplete.
All six hands: Al -5-4+2 = -7, Bud 3+4-1 = +6, Cal 4+0+1 = +5, Don -3-8-1 = -12, Eli -1+4-1 = +2, Fritz 2+4+0 = +6.
"""

from __future__ import annotations

import json

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest

RULES = ("--rules", "wi6-sit-out")
TITLE = "Friday Sit-Out Club - Nov 20 2026\nHand,Dealer,Picker,Partner,Call,Pts,Al,Bud,Cal,Don,Eli,Fritz,Comments\n"
H1 = "1,Al,Bud,Don,AH,67,,2,-1,1,-1,-1,\n"
H2 = "2,Bud,Cal,,alone,93,-2,,8,-2,-2,-2,Cal ran the table\n"
H4 = "4,Don,Eli,Fritz,AC,61,-1,-1,-1,,2,1,\n"
H5 = "5,Eli,Fritz,Bud,AH,,-2,2,-2,-2,,4,\n"
H3_HALF, H3 = "3,Cal,Don,Al,AS,28,-2,2,,-4,2,2,\n", "3,Cal,Don,Al,AS,28,-4,4,,-8,4,4,\n"
H6_BAD, H6 = "6,Fritz,Al,Cal,AS,75,2,-1,1,-1,-2,,\n", "6,Fritz,Al,Cal,AS,75,2,-1,1,-1,-1,,\n"
#: real26's sitout.csv: h3 and h6 refused; its Total row the rows' sums as written
FIRST = TITLE + H1 + H2 + H3_HALF + H4 + H5 + H6_BAD + "Total,,,,,,-5,4,5,-8,-1,4,\n"
#: real26's sitout_fixed.csv: h3 and h6 corrected, its Total row mis-added for four players (the rows sum to
#: -7, +6, +5, -12, +2, +6): W-CSV-TOTALS at row 9, columns 8..11 (Bud, Cal, Don, Eli)
FIXED_WRONG_TOTAL = TITLE + H1 + H2 + H3 + H4 + H5 + H6 + "Total,,,,,,-7,5,6,-11,1,6,\n"
#: real26's sitout_fixed2.csv: the same, its Total row right
FIXED = TITLE + H1 + H2 + H3 + H4 + H5 + H6 + "Total,,,,,,-7,6,5,-12,2,6,\n"
SESSION = "CSV sitout 2026-11-20"
ALL_SIX = {"Al": -7, "Bud": 6, "Cal": 5, "Don": -12, "Eli": 2, "Fritz": 6}


def _checks(db) -> list[tuple]:
    """The ``session_checks`` rows: (session, complete, refused, source's totals, note)."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT s.session, c.complete, c.refused, c.log_totals, c.note FROM session_checks c "
                           "JOIN sessions s USING (session_id) ORDER BY c.session_id").fetchall()
    return [(s, c, r, json.loads(t) if t else None, n) for s, c, r, t, n in rows]


def _incomplete(db) -> list[str]:
    """The ledger's incomplete sessions as it prints them (stderr of ``shead ledger --json``)."""
    out = cli("ledger", "--db", str(db), "--json").output
    return [x for x in out.splitlines() if x.startswith("incomplete: ")]


def _first_send(tmp_path, db) -> None:
    rep = _ingest(write(tmp_path, "sitout.csv", FIRST), db, *RULES)
    assert rep["ingested"] == 4
    assert [(e["code"], e["hand"], e["line"]) for e in rep["rejected"]] == [("E-SCORE", 3, 5), ("E-SCORE-SUM", 6, 8)]
    assert ledger(db) == {"Al": -5, "Bud": 3, "Cal": 4, "Don": -3, "Eli": -1, "Fritz": 2}
    # stored against the Total row: Bud +3/+4, Cal +4/+5, Don -3/-8, Fritz +2/+4 (Al -5 and Eli -1 agree)
    assert _checks(db) == [(SESSION, False, 2, {"Al": -5, "Bud": 4, "Cal": 5, "Don": -8, "Eli": -1, "Fritz": 4},
                            "hands 3, 6 refused; the stored totals differ from the source's own table: Bud stored +3, "
                            "source +4, Cal stored +4, source +5, Don stored -3, source -8, Fritz stored +2, "
                            "source +4")]


# -- real26 F6: the corrected sheet sent again ---------------------------------------------------------------------

def test_a_corrected_send_with_a_wrong_total_row_is_checked_against_its_own_row(tmp_path):
    """h3 and h6 stored now: no hand refused.  The later send's Total row (-7, 5, 6, -11, 1, 6) against the six
    hands (-7, +6, +5, -12, +2, +6): Bud +6/+5, Cal +5/+6, Don -12/-11, Eli +2/+1 -- the same four cells its
    W-CSV-TOTALS name, not the first send's table (which differed for Al, Bud, Don, Eli, Fritz)."""
    db = tmp_path / "s.duckdb"
    _first_send(tmp_path, db)
    rep = _ingest(write(tmp_path, "sitout_fixed.csv", FIXED_WRONG_TOTAL), db, *RULES)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (2, 4, [])
    assert [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"] == [
        (9, 8), (9, 9), (9, 10), (9, 11)]
    assert ledger(db) == ALL_SIX
    note = ("the stored totals differ from the source's own table: Bud stored +6, source +5, Cal stored +5, "
            "source +6, Don stored -12, source -11, Eli stored +2, source +1")
    assert _checks(db) == [(SESSION, False, 0, {"Al": -7, "Bud": 5, "Cal": 6, "Don": -11, "Eli": 1, "Fritz": 6},
                            note)]
    assert _incomplete(db) == [f"incomplete: {SESSION}: {note}"]


def test_a_corrected_send_with_a_right_total_row_leaves_no_note(tmp_path):
    """Every hand stored, the stored totals (-7, +6, +5, -12, +2, +6) equal the later Total row: complete."""
    db = tmp_path / "s.duckdb"
    _first_send(tmp_path, db)
    rep = _ingest(write(tmp_path, "sitout_fixed2.csv", FIXED), db, *RULES)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (2, 4, [])
    assert ledger(db) == ALL_SIX
    assert _checks(db) == [(SESSION, True, 0, {"Al": -7, "Bud": 6, "Cal": 5, "Don": -12, "Eli": 2, "Fritz": 6},
                            None)]
    assert _incomplete(db) == []


def test_a_later_send_without_a_total_row_counts_the_refusals_still_missing(tmp_path):
    """The scorer sends h1..h5 again, h3 corrected, no Total row: h3 stored (Don -8, Al -4, Bud/Eli/Fritz +4),
    h6 still missing -- 1 hand refused, not 2.  The table stays the first send's (the only one stated):
    stored Al -5-4 = -9 / -5, Bud 3+4 = +7 / +4, Cal +4 / +5, Don -3-8 = -11 / -8, Eli -1+4 = +3 / -1,
    Fritz 2+4 = +6 / +4."""
    db = tmp_path / "s.duckdb"
    _first_send(tmp_path, db)
    rep = _ingest(write(tmp_path, "again.csv", TITLE + H1 + H2 + H3 + H4 + H5), db, *RULES)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (1, 4, [])
    assert ledger(db) == {"Al": -9, "Bud": 7, "Cal": 4, "Don": -11, "Eli": 3, "Fritz": 6}
    assert _checks(db) == [(SESSION, False, 1, {"Al": -5, "Bud": 4, "Cal": 5, "Don": -8, "Eli": -1, "Fritz": 4},
                            "hand 6 refused; the stored totals differ from the source's own table: Al stored -9, "
                            "source -5, Bud stored +7, source +4, Cal stored +4, source +5, Don stored -11, "
                            "source -8, Eli stored +3, source -1, Fritz stored +6, source +4")]


def test_a_first_send_with_a_wrong_total_row_records_its_check(tmp_path):
    """A wrong Total row is said by W-CSV-TOTALS and, since fixf27 (real27 F2), checked on a first send too: the six
    hands (-7, +6, +5, -12, +2, +6) against the row (-7, 5, 6, -11, 1, 6), the same four players differ."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "sitout_fixed.csv", FIXED_WRONG_TOTAL), db, *RULES)
    assert (rep["ingested"], rep["rejected"]) == (6, [])
    assert ledger(db) == ALL_SIX
    note = ("the stored totals differ from the source's own table: Bud stored +6, source +5, Cal stored +5, "
            "source +6, Don stored -12, source -11, Eli stored +2, source +1")
    assert _checks(db) == [("CSV sitout_fixed 2026-11-20", False, 0, {"Al": -7, "Bud": 5, "Cal": 6, "Don": -11, "Eli": 1, "Fritz": 6},
                            note)]


# -- the same note after `shead ingest --amend` and `shead void` ---------------------------------------------------

#: hand 5 amended as the scorer corrected it: Cal was the partner, not Bud.  Still a schneider win (B-33): Fritz +4,
#: Cal +2, Al/Bud/Don -2 (Eli deals, sits out).  Against the hand as written: Bud -4 (+2 -> -2), Cal +4 (-2 -> +2).
AMEND_H5 = """%SHN 1.0
[Session "CSV sitout 2026-11-20"]
[Event "CSV sitout"]
[Date "2026.11.20"]
[Seats "Al=Al; Bud=Bud; Cal=Cal; Don=Don; Eli=Eli; Fritz=Fritz"]
[Rules "wi6-sit-out"]

hand 5  dealer Eli
pick Fritz  call AH  partner Cal
score Al -2 Bud -2 Cal +2 Don -2 Eli 0 Fritz +4
"""
CORRECTED = "corrected since it was read ({}); the source's own table matches its hands as first read"


def test_an_amended_hand_then_the_corrected_send_is_no_missing_hand(tmp_path):
    """First send, hand 5 amended, then the corrected sheet (its Total row right for the hands as written).  Stored:
    the six hands with hand 5 amended: Al -7, Bud +6-4 = +2, Cal +5+4 = +9, Don -12, Eli +2, Fritz +6.  The Total
    row (-7, 6, 5, -12, 2, 6) is the hands as first read (hand 5 as written): no hand missing -- the note said
    "the stored totals differ ...: Bud stored +2, source +6, Cal stored +9, source +5", naming the amendment as a
    shortfall."""
    db = tmp_path / "s.duckdb"
    _first_send(tmp_path, db)
    cli("ingest", "--amend", write(tmp_path, "h5.shn", AMEND_H5), "--reason", "Cal was partner", "--db", str(db))
    # before the corrected send: h3 and h6 still refused; stored h1 h2 h4 h5': Bud 3-4 = -1, Cal 4+4 = +8
    (_, complete, refused, _, note), = _checks(db)
    assert (complete, refused) == (False, 2)
    # the refused hands named, and the amendment beside them (break27b F3)
    assert note == ("hands 3, 6 refused; hand 5 amended since it was read; the stored totals differ from the "
                    "source's own table: Bud stored -1, "
                    "source +4, Cal stored +8, source +5, Don stored -3, source -8, Fritz stored +2, source +4")
    rep = _ingest(write(tmp_path, "sitout_fixed2.csv", FIXED), db, *RULES)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (2, 4, [])
    assert [(w["line"], w["code"]) for w in rep["warnings"] if w["code"] == "W-HAND-AMENDED"] == [(7, "W-HAND-AMENDED")]
    assert ledger(db) == {"Al": -7, "Bud": 2, "Cal": 9, "Don": -12, "Eli": 2, "Fritz": 6}
    assert _checks(db) == [(SESSION, True, 0, {"Al": -7, "Bud": 6, "Cal": 5, "Don": -12, "Eli": 2, "Fritz": 6},
                            CORRECTED.format("hand 5 amended"))]
    assert _incomplete(db) == []


def test_a_voided_hand_then_the_corrected_send_is_no_missing_hand(tmp_path):
    """First send, hand 5 voided (Fritz +4, Bud +2, Al/Cal/Don -2 taken out): h3 and h6 still refused, stored
    h1 h2 h4: Al -5+2 = -3, Bud 3-2 = +1, Cal 4+2 = +6, Don -3+2 = -1, Eli -1, Fritz 2-4 = -2.  The corrected
    sheet then: hand 5 not stored again (W-HAND-VOIDED, row 7), h3 and h6 stored: the six hands less hand 5,
    Al -7+2 = -5, Bud 6-2 = +4, Cal 5+2 = +7, Don -12+2 = -10, Eli +2, Fritz 6-4 = +2.  The Total row is the hands
    as first read: complete, the note naming the void, not "the stored totals differ"."""
    db = tmp_path / "s.duckdb"
    _first_send(tmp_path, db)
    cli("void", f"{SESSION}#5", "--reason", "misdealt, played again", "--db", str(db))
    assert _checks(db)[0][1:3] == (False, 2)
    # the refused hands named, and the void beside them, not its units as a plain shortfall (break27b F3)
    assert _checks(db)[0][4] == ("hands 3, 6 refused; hand 5 voided since it was read; the stored totals differ from "
                                 "the source's own table: Al stored "
                                 "-3, source -5, Bud stored +1, source +4, Cal stored +6, source +5, Don stored -1, "
                                 "source -8, Fritz stored -2, source +4")
    rep = _ingest(write(tmp_path, "sitout_fixed2.csv", FIXED), db, *RULES)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (2, 3, [])
    assert [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == "W-HAND-VOIDED"] == [(7, 1)]
    assert ledger(db) == {"Al": -5, "Bud": 4, "Cal": 7, "Don": -10, "Eli": 2, "Fritz": 2}
    assert _checks(db) == [(SESSION, True, 0, {"Al": -7, "Bud": 6, "Cal": 5, "Don": -12, "Eli": 2, "Fritz": 6},
                            CORRECTED.format("hand 5 voided"))]
    assert _incomplete(db) == []


def test_a_void_after_the_corrected_send_keeps_the_later_table_and_no_refusal(tmp_path):
    """F6's two sends, then hand 6 voided (Al +2, Cal +1, Bud/Don/Eli -1 taken out): stored Al -9, Bud +7, Cal +4,
    Don -11, Eli +3, Fritz +6, against the later Total row (-7, 5, 6, -11, 1, 6): Al, Bud, Cal, Eli differ.  No
    hand refused (hand 6's number is voided, not missing), and the first send's table is not brought back; the
    hands as first read (all six: -7, +6, +5, -12, +2, +6) do not make that row either, so no "corrected since"."""
    db = tmp_path / "s.duckdb"
    _first_send(tmp_path, db)
    _ingest(write(tmp_path, "sitout_fixed.csv", FIXED_WRONG_TOTAL), db, *RULES)
    cli("void", f"{SESSION}#6", "--reason", "not played", "--db", str(db))
    assert ledger(db) == {"Al": -9, "Bud": 7, "Cal": 4, "Don": -11, "Eli": 3, "Fritz": 6}
    note = ("the stored totals differ from the source's own table: Al stored -9, source -7, Bud stored +7, source +5, "
            "Cal stored +4, source +6, Eli stored +3, source +1")
    assert _checks(db) == [(SESSION, False, 0, {"Al": -7, "Bud": 5, "Cal": 6, "Don": -11, "Eli": 1, "Fritz": 6},
                            note)]
    assert _incomplete(db) == [f"incomplete: {SESSION}: {note}"]
