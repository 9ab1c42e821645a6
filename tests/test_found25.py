"""Known defects fixed in session 25 (fixm): a pot carried in at a session's first hand (break22b F11, left open by
fixe), break24c F9 (a sheet read in batches kept no Total row as a check), W-TAG-LATE for a refused hand, and
E-AMEND-PLACE with a `[Date]` on the `hand` line.  Each record is written as a user would write it, each amount
worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's figure was read."""

from __future__ import annotations

import json

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest


def _units(db) -> dict[int, dict[str, int]]:
    """Each stored hand's units by seat, the pot's as ``(pot)``."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT h.hand, u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                           "ORDER BY h.hand, u.seat").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, seat, units in rows:
        out.setdefault(hand, {})[seat] = units
    return out


# -- 1. a pot carried in at a session's first hand (rules.md D-19): the pot's opening balance ----------------------

#: A night whose pot holds 5 from the night before's leaster (the scorer writes it on hand 1).  By hand:
#: h1 Bea picks, calls AS, Cy partner, 75: a plain win (rules.md B-27, B-28, B-33: Bea +2, Cy +1, Al, Di, Ed -1);
#: the winning side takes the whole pot of 5 (D-19, potTake=all), the partner a quarter rounded down (5 // 4 = 1),
#: the picker the rest (4): Bea +6, Cy +2, Al, Di, Ed -1, the pot -5 (it is empty after the hand).
#: h2 Cy picks, calls AH, Di partner, 50: lost, not schneidered (B-27), doubled on the bump (B-32): Cy -4, Di -2,
#: Al, Bea, Ed +2; the pot is empty, so nothing is paid into it (a picked hand with an empty pot leaves it alone).
#: Night: Al -1+2 = +1, Bea +6+2 = +8, Cy +2-4 = -2, Di -1-2 = -3, Ed -1+2 = +1 (sum +5: what the pot paid out).
CARRY_SHN = """%SHN 1.0
[Event "Pot night"]
[Date "2026.12.04"]
[Table "1"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; pot=on"]

hand 1  dealer Ed
pick Bea  call AS  partner Cy  pts 75  win  pot 5
score Al -1 Bea +6 Cy +2 Di -1 Ed -1

hand 2  dealer Al
pick Cy  call AH  partner Di  pts 50  lose{pot2}
score Al +2 Bea +2 Cy -4 Di -2 Ed +2
"""


def test_a_pot_written_on_the_sessions_first_hand_is_its_opening_balance(tmp_path):
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "carry.shn", CARRY_SHN.format(pot2="")), db)
    assert (rep["ingested"], rep["rejected"], rep["warnings"]) == (2, [], [])  # no E-POT, no W-SESSION-GAP
    assert _units(db) == {1: {"Al": -1, "Bea": 6, "Cy": 2, "Di": -1, "Ed": -1, "(pot)": -5},
                          2: {"Al": 2, "Bea": 2, "Cy": -4, "Di": -2, "Ed": 2, "(pot)": 0}}
    assert ledger(db) == {"Al": 1, "Bea": 8, "Cy": -2, "Di": -3, "Ed": 1}
    # the carry is seeded: the stored session re-derives to the same units
    assert "0 changed, 0 refused" in cli("rederive", "--db", str(db)).output
    # the night's sheet: the pot's balance starts from the 5 carried in (5 - 5 = 0 after hand 1; it read -5)
    sheet = json.loads(cli("sheet", "Pot night / 2026.12.04 / 1", "--db", str(db), "--json").output)
    assert [(h["hand"], h["pot"], h["pot_balance"]) for h in sheet["hands"]] == [(1, -5, 0), (2, 0, 0)]
    assert sheet["pot"] == 0


def test_after_the_opening_balance_a_written_pot_is_checked_again(tmp_path):
    """Hand 2 writes `pot 5`, but hand 1 took the carried 5 (the pot holds 0 before hand 2): E-POT at its `pot`."""
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "carry.shn", CARRY_SHN.format(pot2="  pot 5")), db)
    assert rep["ingested"] == 1
    (bad,) = rep["rejected"]
    assert (bad["code"], bad["hand"], bad["line"], bad["col"]) == ("E-POT", 2, 13, 49)
    assert (bad["found"], bad["expected"]) == ("5", "0")


#: break22b's R/run_pot_carry.csv (tests/test_found24_sheets.py): a running pad's opening row of standings carried
#: over (no hand) with 5 in the Pot, then two hands, each cell the standing after the hand.  h1 Bob picks, Cal
#: partner, 75: a plain win (B-27, B-33: Bob +2, Cal +1, Ann, Dot, Eve -1) and the side takes the pot's 5 (D-19:
#: Cal 5 // 4 = 1, Bob 4): Bob +6, Cal +2, the others -1, the pot -5 -- the pad's standings 3-2... : Ann 2-3 = -1,
#: Bob 4-(-2) = +6, Cal 0-(-2) = +2, Dot -3-(-2) = -1, Eve -3-(-2) = -1, its Pot 5 -> 0.  h2 Cal picks, Dot partner,
#: 50: lost, doubled on the bump (B-27, B-32): Cal -4, Dot -2, Ann, Bob, Eve +2, the pot empty (0).
#: Night: Ann -1+2 = +1, Bob +6+2 = +8, Cal +2-4 = -2, Dot -1-2 = -3, Eve -1+2 = +1.
POT_CARRY = """Date,Hand,Dealer,Picker,Partner,Points,Leaster,Ann,Bob,Cal,Dot,Eve,Pot
2026-12-04,,,,,,,3,-2,-2,-2,-2,5
2026-12-04,1,Bob,Bob,Cal,75,,2,4,0,-3,-3,0
2026-12-04,2,Cal,Cal,Dot,50,,4,6,-4,-5,-1,0
"""
POT_RULES = ("--rules", "wi5-called-ace; pot=on", "--columns", "units=running")


def test_a_pot_carried_into_a_running_pad_settles_its_first_hand(tmp_path):
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "run_pot_carry.csv", POT_CARRY), db, *POT_RULES)
    assert (rep["ingested"], rep["rejected"], rep["warnings"]) == (2, [], [])  # no E-CSV-POT, no W-CSV-POT
    assert _units(db)[1] == {"Ann": -1, "Bob": 6, "Cal": 2, "Dot": -1, "Eve": -1, "(pot)": -5}
    assert ledger(db) == {"Ann": 1, "Bob": 8, "Cal": -2, "Dot": -3, "Eve": 1}
    with duckdb.connect(str(db), read_only=True) as con:
        (text,) = con.execute("SELECT source FROM hand_text WHERE line = 3").fetchone()
    assert "pot 5" in text  # the stored text carries the opening balance: a rederive gives the same units
    assert "0 changed, 0 refused" in cli("rederive", "--db", str(db)).output


#: A sheet under pot=on whose hand 1 is refused (its Points cell 'x') and whose hand 2 is Cal's plain win with Dot
#: (B-27, B-33: Cal +2, Dot +1, Ann, Bob, Eve -1; the pot derived without hand 1 is empty, nothing taken).
GAP = """Date,Hand,Dealer,Picker,Partner,Points,Ann,Bob,Cal,Dot,Eve
2026-12-04,1,Bob,Ann,Bob,x,2,1,-1,-1,-1
2026-12-04,2,Cal,Cal,Dot,75,-1,-1,2,1,-1
"""


def test_a_sheets_gap_warning_says_what_a_sheet_can_write(tmp_path):
    db = tmp_path / "g.duckdb"
    rep = _ingest(write(tmp_path, "gap.csv", GAP), db, "--rules", "wi5-called-ace; pot=on")
    assert rep["ingested"] == 1
    assert [(e["code"], e["line"], e["col"]) for e in rep["rejected"]] == [("E-CSV-POINTS", 2, 6)]
    (w,) = rep["warnings"]
    assert (w["code"], w["hand"], w["line"], w["col"]) == ("W-SESSION-GAP", 2, 3, 1)
    assert "write pot N" not in w["message"] and "pot N" not in w["expected"]  # no SHN words for a CSV
    assert "correct the refused row and ingest the sheet again" in w["message"]
    assert w["expected"] == "the night's rows from hand 1"
    assert _units(db)[2] == {"Ann": -1, "Bob": -1, "Cal": 2, "Dot": 1, "Eve": -1, "(pot)": 0}


# -- 2. break24c F9: a sheet read in batches kept none of its Total rows as checks (session_checks) ------------------

def _checks(db) -> list[tuple]:
    """session_checks: (session, complete, refused, the totals checked against)."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT s.session, c.complete, c.refused, c.log_totals FROM session_checks c "
                           "JOIN sessions s USING (session_id) ORDER BY 1").fetchall()
    return [(s, ok, n, json.loads(t)) for s, ok, n, t in rows]


#: break24c's t1.csv: three blocks under dated titles, day first (the second title, 19.11, settles it).  By hand:
#: 12.11: h1 Al picks, Bea partner, 75: plain win (B-27, B-33: Al +2, Bea +1, the others -1); h2 Cy picks, Di
#: partner, 45: lost, doubled on the bump (B-32): Cy -4, Di -2, the others +2.  Its Total row: Al 4, Bea 3, Cy -5,
#: Di -3, Ed 1, as written.  19.11: no Total row (no check).  26.11, units left blank (derived): h1 Di picks, Ed
#: partner, 30: lost schneidered, DOB: 2 x 2 = 4 a defender (B-28, B-32): Di -8, Ed -4, Al, Bea, Cy +4; h2 Ed picks,
#: Al partner, 91: schneider win, tier 2 (B-28, B-33): Ed +4, Al +2, Bea, Cy, Di -2.  Its Total row: Al 6, Bea 2,
#: Cy 2, Di -10, Ed 0, as the rules score the hands.
T1 = """Thursday League - 12.11.2026
Hand,Picker,Partner,Call,Points,Leaster,Al,Bea,Cy,Di,Ed
1,Al,Bea,AS,75,,2,1,-1,-1,-1
2,Cy,Di,AH,45,,2,2,-4,-2,2
Total,,,,,,4,3,-5,-3,1
Thursday League - 19.11.2026
Hand,Picker,Partner,Call,Points,Leaster,Al,Bea,Cy,Di,Ed
1,Bea,,alone,95,,-2,8,-2,-2,-2
2,,,,,Cy,-1,-1,4,-1,-1
Thursday League - 26.11.2026
Hand,Picker,Partner,Call,Points,Leaster,Al,Bea,Cy,Di,Ed
1,Di,Ed,AH,30,,,,,,
2,Ed,Al,AC,91,,,,,,
Total,,,,,,6,2,2,-10,0
"""
T1_CHECKS = [("CSV t1 2026-11-12", True, 0, {"Al": 4, "Bea": 3, "Cy": -5, "Di": -3, "Ed": 1}),
             ("CSV t1 2026-11-26", True, 0, {"Al": 6, "Bea": 2, "Cy": 2, "Di": -10, "Ed": 0})]


@pytest.mark.parametrize("batch", [None, "1", "2"])
def test_a_sheet_read_in_batches_keeps_each_nights_total_row_as_its_check(tmp_path, monkeypatch, batch):
    if batch is not None:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "t1.csv", T1), db)
    assert (rep["ingested"], rep["rejected"]) == (6, [])
    assert _checks(db) == T1_CHECKS  # the sheet read whole's (batch None); read in batches it was []


#: break24c's t5.csv under noPick=doubler: units written on row 7 only, '?' on row 8, blank elsewhere.  By hand:
#: h1 Al/Bea 61, plain win: Al +2, Bea +1, the others -1 (B-27, B-33); h2 a doubler (D-11): nothing paid, the next
#: hand x2; h3 Cy/Di 80 at x2: Cy +4, Di +2, the others -2; h4 Di alone 50, cracked by Al (E-1, E-2): 1 x 2 (crack)
#: x 2 (bump, B-32) = 4 a defender, Di -16, the others +4; h5 a leaster under noPick=doubler: refused (E-NOPICK);
#: h6 Bea/Ed 31, lost: Bea -4, Ed -2, the others +2 (the row's units); h7 Al/Cy 100, schneider win (B-28): Al +4,
#: Cy +2, the others -2.  Stored: Al 2-2+4+2+4 = +10, Bea 1-2+4-4-2 = -3, Cy -1+4+4+2+2 = +11, Di -1+2-16+2-2 = -15,
#: Ed -1-2+4-2-2 = -3.  The Total row (9, -4, 10, -16, 1) is the night's check: incomplete, 1 row refused.
T5 = """Date,Hand,Dealer,Picker,Partner,Call,Points,Leaster,Doubler,Crack,Al,Bea,Cy,Di,Ed
2026-11-12,1,Ed,Al,Bea,AS,61,,,,,,,,
,2,Al,,,,,,x,,,,,,
,3,Bea,Cy,Di,AH,80,,,,,,,,
,4,Cy,Di,,alone,50,,,Al,,,,,
,5,Di,,,,,Ed,,,,,,,
,6,Ed,Bea,Ed,AC,31,,,,2,-4,2,2,-2
,7,Al,Al,Cy,AH,100,,,,?,?,?,?,?
Total,,,,,,,,,,9,-4,10,-16,1
"""


@pytest.mark.parametrize("batch", ["1", "3"])
def test_a_total_row_over_some_derived_rows_read_in_batches(tmp_path, monkeypatch, batch):
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)
    db = tmp_path / "t.duckdb"
    rep = _ingest(write(tmp_path, "t5.csv", T5), db, "--rules", "wi5-called-ace; noPick=doubler")
    assert rep["ingested"] == 6
    assert [(e["code"], e["hand"], e["line"]) for e in rep["rejected"]] == [("E-NOPICK", 5, 6)]
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert (w["line"], w["col"]) == (9, 11)
    # row 7 writes units: 6 of the 7 rows above write none (it said "rows above it write no units")
    assert "and 6 of the 7 rows above it write no units" in w["message"]
    assert ledger(db) == {"Al": 10, "Bea": -3, "Cy": 11, "Di": -15, "Ed": -3}
    # the refused row (in an earlier batch when batch is 1) is counted in the night's check
    assert _checks(db) == [("CSV t5 2026-11-12", False, 1, {"Al": 9, "Bea": -4, "Cy": 10, "Di": -16, "Ed": 1})]


# -- 3. W-TAG-LATE was still said for a hand the rules refuse (fixh left it open: the reader cannot see that) -------

#: Each hand followed by `[Rules "...; doubleOnBump=off"]` (a scorer's "from here on"): by notation.md §4.2 it is
#: that hand's own tag.  h1 Bea picks, Cy partner, 75: a plain win (B-27, B-33: Bea +2, Cy +1, the others -1; no
#: bump, the tag changes nothing).  h2 Cy picks, Di partner, 50: lost, its own doubleOnBump=off: Cy -2, Di -1, the
#: others +1 (B-32 not applied) -- its score line writes Ed +2, summing to +1: E-SCORE-SUM, refused by the rules,
#: so its late tag applies to no hand stored and is not said.  h3 Di picks, Ed partner, 70: Di +2, Ed +1, the
#: others -1.  Stored: Al -1-1 = -2, Bea +2-1 = +1, Cy +1-1 = 0, Di -1+2 = +1, Ed -1+1 = 0.
LATE = """%SHN 1.0
[Event "Late"]
[Date "2026.12.01"]
[Table "1"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
pick Bea  call AS  partner Cy  pts 75  win
score Al -1 Bea +2 Cy +1 Di -1 Ed -1
[Rules "wi5-called-ace; doubleOnBump=off"]

hand 2  dealer Al
pick Cy  call AH  partner Di  pts 50  lose
score Al +1 Bea +1 Cy -2 Di -1 Ed +2
[Rules "wi5-called-ace; doubleOnBump=off"]

hand 3  dealer Bea
pick Di  call AC  partner Ed  pts 70  win
score Al -1 Bea -1 Cy -1 Di +2 Ed +1
"""


def test_no_late_tag_warning_for_a_hand_the_rules_refuse(tmp_path):
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "late.shn", LATE), db)
    assert rep["ingested"] == 2
    # at Ed's +2 (column 35), the entry the rules' +1 differs from
    assert [(e["code"], e["hand"], e["line"], e["col"]) for e in rep["rejected"]] == [("E-SCORE-SUM", 2, 15, 35)]
    # hand 1's late tag (line 11) is said: hand 1 is stored; hand 2's (line 16) was said too, of a refused hand
    assert [(w["code"], w["line"], w["col"]) for w in rep["warnings"]] == [("W-TAG-LATE", 11, 1)]
    assert ledger(db) == {"Al": -2, "Bea": 1, "Cy": 0, "Di": 1, "Ed": 0}


# -- 4. E-AMEND-PLACE did not see a [Date] written on the `hand` line (fixh left it open) ---------------------------

THU = """%SHN 1.0
[Event "Thursday Night"]
[Date "2026.12.01"]
[Seats "Ann; Bob; Cal; Dee; Eve"]
[Rules "wi5-called-ace"]

hand 1  dealer Eve
pick Ann  call AS  partner Cal  pts 61  win

"""
#: hand 2 played the next week, its own day on its `hand` line (break24's own_date.shn) or on a line of its own
OWN_ON_HEAD = 'hand 2  [Date "2026.12.08"]\ndealer Ann\npick Bob  call AH  partner Dee  pts 40  lose\n'
OWN_ON_LINE = 'hand 2  dealer Ann\n[Date "2026.12.08"]\npick Bob  call AH  partner Dee  pts 40  lose\n'
#: a typo fix written under the session's header, the hand's own day left out: it would move hand 2 to Dec 1
NO_DAY = "hand 2  dealer Ann\npick Bob  call AH  partner Dee  pts 40  lose\n"
#: the session's day written as the hand's own, on its `hand` line (break24's own_date_amend.shn): moved on purpose
HEAD_DEC1 = 'hand 2  [Date "2026.12.01"]\ndealer Ann\npick Bob  call AH  partner Dee  pts 40  lose\n'
#: by hand (rules.md B-27, B-33, B-32 with DOB): h1 Ann/Cal 61: a plain win, Ann +2, Cal +1, Bob, Dee, Eve -1;
#: h2 Bob/Dee 40: a plain loss doubled on the bump, Bob -4, Dee -2, Ann, Cal, Eve +2
H2 = {"Ann": 2, "Bob": -4, "Cal": 2, "Dee": -2, "Eve": 2}


def _amend(tmp_path, db, text: str):
    return cli("ingest", "--amend", write(tmp_path, "fix.shn", THU + text), "--reason", "day", "--db", str(db),
               ok=False)


@pytest.mark.parametrize("own", [OWN_ON_HEAD, OWN_ON_LINE])
def test_an_amendment_leaving_out_a_hand_line_date_is_refused_as_a_tag_line_is(tmp_path, own):
    db = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "own.shn", THU + own), "--db", str(db))
    assert ledger(db, "--from", "2026-12-08") == H2
    r = _amend(tmp_path, db, NO_DAY)
    # hand 2's `hand` line is the amendment's line 10; with the [Date] on the stored `hand` line it was accepted, and
    # the hand moved to Dec 1 without a word
    assert r.exit_code == 1 and "fix.shn:10:1: E-AMEND-PLACE (hand 2)" in r.output, r.output
    assert "stored with its own [Date '2026.12.08']" in r.output and "nothing changed" in r.output
    assert ledger(db, "--from", "2026-12-08") == H2  # still of Dec 8


@pytest.mark.parametrize("own", [OWN_ON_HEAD, OWN_ON_LINE])
def test_an_amendment_writing_the_day_on_its_hand_line_moves_the_hand(tmp_path, own):
    db = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "own.shn", THU + own), "--db", str(db))
    r = _amend(tmp_path, db, HEAD_DEC1)
    # with the stored [Date] on a line of its own, the amendment's [Date] on its `hand` line was not seen: refused
    assert r.exit_code == 0 and "played: date '2026-12-01' (was '2026-12-08')" in r.output, r.output
    assert ledger(db, "--from", "2026-12-08") == {}
    assert ledger(db) == {"Ann": 4, "Bob": -5, "Cal": 3, "Dee": -3, "Eve": 1}  # h1 + h2, both of Dec 1
