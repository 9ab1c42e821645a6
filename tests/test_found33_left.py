"""Session 33 (left33): defects left from session 32, each with a night worked by hand from rules.md.

F1. ``shead sheet`` in text printed ``+0`` for the dealer who sat out a hand of a six-handed ``wi6-sit-out`` night
(rules.md F-1), as for a seat that played and broke even; the Sheet page, ``--json`` and ``--csv`` said ``out`` /
``sat_out``.  The text now prints ``out`` in that seat's cell for that hand (ingest.sheet.seat_units_text, the one
source the page uses too), and the legend says what ``out`` means.

F2. A CSV score sheet over 8 MiB, read in batches, did not get three whole-file checks: a season pad's carry-over
(W-CSV-CARRY), the W-CSV-SEATS left out beside sit-out refusals, the doubler hint after a refused pass-out.  Read
in batches it now stores the rows and says the warnings the sheet read whole does.

F3. The Replay page's seat view (``?seat=``, as ``shead replay --seat``) drew the seat that took the under card face
down (rules.md B-11e) with its points less the under card's and no word, the status line saying "N points and the
under card": the box now says it too (replay.steps.UNDER_HIDDEN, the one wording).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli_helpers import cli, write

# --------------------------------------------------------------------------------------------------------------------
# F1: the sat-out dealer's cell in `shead sheet` text
#
# Six seats under wi6-sit-out (rules.md F-1: the dealer sits out, the other five play a five-handed called-ace hand,
# B-33).  The dealer rotates Ann, Bob, Cal, Deb.  Default DOB on (B-32): a loss is doubled.
#
# hand 1, dealer Ann (sits out): Bob picks, calls A♥, Cal partner, 75 points: a plain win (B-28, 61-90), B-33 row
#   "Win": picker +2, partner +1, each of 3 defenders -1.  Ann 0, Bob +2, Cal +1, Deb -1, Eli -1, Fay -1.
#   Sum 3 - 3 = 0.
# hand 2, dealer Bob (sits out): Deb picks, calls A♣, Fay partner, 45 points: a plain loss (B-28, 31-60), doubled on
#   the bump (B-32, B-33 "with DOB" -4/-2/+2): Deb -4, Fay -2, Ann +2, Cal +2, Eli +2, Bob 0.  Sum -6 + 6 = 0.
# hand 3, dealer Cal (sits out): Eli alone, 95 points: schneider (B-28, 91-120, defenders took a trick), alone
#   (B-33 "Win, schneider" alone +8, each of 4 defenders -2): Eli +8, Ann -2, Bob -2, Deb -2, Fay -2, Cal 0.
#   Sum 8 - 8 = 0.
# hand 4, dealer Deb (sits out): Ann picks, calls A♠, Bob partner, 60 points: 60-60 loses (B-27), a plain loss,
#   DOB: Ann -4, Bob -2, Cal +2, Eli +2, Fay +2, Deb 0.  Sum -6 + 6 = 0.
#
# Running totals (Ann, Bob, Cal, Deb, Eli, Fay):
#   after 1: 0, 2, 1, -1, -1, -1
#   after 2: 2, 2, 3, -5, 1, -3
#   after 3: 0, 0, 3, -7, 9, -5
#   after 4: -4, -2, 5, -7, 11, -3     (sum -4-2+5-7+11-3 = 0)
# --------------------------------------------------------------------------------------------------------------------

SIX = """%SHN 1.0
[Event "Left Six"]
[Date "2026.12.03"]
[Seats "Ann; Bob; Cal; Deb; Eli; Fay"]
[Rules "wi6-sit-out"]

hand 1  dealer Ann
pick Bob  call AH  partner Cal  pts 75  win

hand 2  dealer Bob
pick Deb  call AC  partner Fay  pts 45  lose

hand 3  dealer Cal
pick Eli  alone  pts 95  win-s

hand 4  dealer Deb
pick Ann  call AS  partner Bob  pts 60  lose
"""

P6 = ["Ann", "Bob", "Cal", "Deb", "Eli", "Fay"]
SIX_OUT = {1: "Ann", 2: "Bob", 3: "Cal", 4: "Deb"}
SIX_UNITS = {1: [0, 2, 1, -1, -1, -1], 2: [2, 0, 2, -4, 2, -2], 3: [-2, -2, 0, -2, 8, -2], 4: [-4, -2, 2, 0, 2, 2]}
SIX_RUNNING = {1: [0, 2, 1, -1, -1, -1], 2: [2, 2, 3, -5, 1, -3], 3: [0, 0, 3, -7, 9, -5], 4: [-4, -2, 5, -7, 11, -3]}


def test_f1_the_hand_work_is_zero_sum_and_the_sat_out_seat_is_0():
    for h, units in SIX_UNITS.items():
        assert sum(units) == 0, h
        assert units[P6.index(SIX_OUT[h])] == 0, h
        prev = SIX_RUNNING.get(h - 1, [0] * 6)
        assert [p + u for p, u in zip(prev, units)] == SIX_RUNNING[h], h
    assert sum(SIX_RUNNING[4]) == 0


@pytest.fixture
def six_db(tmp_path) -> Path:
    db = tmp_path / "six.duckdb"
    cli("ingest", write(tmp_path, "six.shn", SIX), "--db", str(db))
    return db


def _text_rows(out: str) -> dict[int, list[str]]:
    """The seat cells of each hand's row of ``shead sheet`` text: the last 12 words (units or 'out', then the
    running total, per seat)."""
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\d+)\s+(Ann|Bob|Cal|Deb)\s", line)
        if m:
            words = line.split()
            rows[int(m.group(1))] = words[-12:]
    return rows


def test_f1_sheet_text_says_out_for_the_seat_that_sat_out(six_db):
    data = json.loads(cli("sheet", "Left Six", "--db", str(six_db), "--json").output)
    assert {h["hand"]: h["sat_out"] for h in data["hands"]} == SIX_OUT
    assert {h["hand"]: [h["units"][a] for a in P6] for h in data["hands"]} == SIX_UNITS
    out = cli("sheet", "Left Six", "--db", str(six_db)).output
    rows = _text_rows(out)
    assert sorted(rows) == [1, 2, 3, 4], out
    for h in SIX_UNITS:
        want = []
        for a, u, t in zip(P6, SIX_UNITS[h], SIX_RUNNING[h]):
            want += ["out" if a == SIX_OUT[h] else f"{u:+d}", str(t)]
        assert rows[h] == want, (h, out)
    assert "+0" not in "".join(" ".join(r) for r in rows.values())  # no seat played and broke even this night
    flat = " ".join(out.split())
    # the legend: what "out" means, not "+0"
    assert "out: the dealer sat out the hand (dealt nothing, scored 0, rules.md F-1)" in flat, flat
    assert "(+0, rules.md F-1)" not in flat
    # the totals row, as worked
    total = next(line for line in out.splitlines() if "total" in line and "each player" not in line)
    assert total.split()[-6:] == [str(t) for t in SIX_RUNNING[4]], total


# --------------------------------------------------------------------------------------------------------------------
# F2: a CSV score sheet read in batches (over 8 MiB: ingest.stream.STREAM_ABOVE) gives the stored rows and the
# warnings the sheet read whole gives.  No 8 MiB file: the threshold and the batch are lowered in the test.
#
# The season pad (--columns units=running: each cell the player's standing after the hand), default rules
# wi5-called-ace (B-33, DOB on B-32), the season carried from one night into the next with no opening row
# (sheet32 F5, W-CSV-CARRY).  Batches of 2 rows: [J7 h1, J7 h2], [J7 h3, J14 h1], [J14 h2, J14 h3]: the carried
# night opens at the end of a batch and goes on in the next.
#
# 2027-01-07:
#   h1 Al picks, Bea partner, 70: a plain win (B-28 61-90): Al +2, Bea +1, Cy/Di/Ed -1.  Standings 2, 1, -1, -1, -1.
#   h2 Cy alone, 95: schneider (91-120), alone 4 shares (B-33 +8/-2): Cy +8, others -2.  Standings 0, -1, 7, -3, -3.
#   h3 Di picks, Ed partner, 40: a plain loss (31-60), DOB (B-32 -4/-2/+2): Di -4, Ed -2, Al/Bea/Cy +2.
#      Standings 2, 1, 9, -7, -5 (sum 0).
# 2027-01-14 (the standings carried over from the night above, no opening row):
#   h1 Bea picks, Al partner, 75: a plain win: Bea +2, Al +1, Cy/Di/Ed -1.  Standings 3, 3, 8, -8, -6 (sum 0).
#      Read from 0 it is no hand (Al +3, the rules give +1: E-SCORE); less the carried 2, 1, 9, -7, -5 it is.
#   h2 Ed alone, 25: schneidered (0-30, x2), DOB (x2), alone: Ed -16, others +4.  Standings 7, 7, 12, -4, -22.
#   h3 Cy picks, Di partner, 61: a plain win (61 wins, B-27): Cy +2, Di +1, Al/Bea/Ed -1.
#      Standings 6, 6, 14, -3, -23 (sum 0).
# Night units: 2027-01-07 Al 2, Bea 1, Cy 9, Di -7, Ed -5 (sum 0);
#              2027-01-14 Al 1+4-1 = 4, Bea 2+4-1 = 5, Cy -1+4+2 = 5, Di -1+4+1 = 4, Ed -1-16-1 = -18 (sum 0).
# Season (the ledger): Al 6, Bea 6, Cy 14, Di -3, Ed -23 = the last standings (sum 0).
# --------------------------------------------------------------------------------------------------------------------

PAD = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed
2027-01-07,1,Al,Al,Bea,AH,70,W,2,1,-1,-1,-1
2027-01-07,2,Bea,Cy,,alone,95,W,0,-1,7,-3,-3
2027-01-07,3,Cy,Di,Ed,AC,40,L,2,1,9,-7,-5
2027-01-14,1,Al,Bea,Al,AS,75,W,3,3,8,-8,-6
2027-01-14,2,Bea,Ed,,alone,25,L,7,7,12,-4,-22
2027-01-14,3,Cy,Cy,Di,AH,61,W,6,6,14,-3,-23
"""
PAD_NIGHTS = {"2027-01-07": {"Al": 2, "Bea": 1, "Cy": 9, "Di": -7, "Ed": -5},
              "2027-01-14": {"Al": 4, "Bea": 5, "Cy": 5, "Di": 4, "Ed": -18}}
PAD_SEASON = {"Al": 6, "Bea": 6, "Cy": 14, "Di": -3, "Ed": -23}

#: the sit-out sheet read without --rules (five-handed): every row refused E-CSV-SEAT advising wi6-sit-out, and no
#: W-CSV-SEATS "Al takes Bea's seat" beside it (sheet32 F7).  Six players, the dealer's cell blank (rules.md F-1);
#: the hands as worked: h1 Al deals, Cy+Flo 77 win: Cy +2, Flo +1, Bea/Di/Ed -1; h2 Bea deals, Di alone 50, a loss,
#: DOB, alone: Di -8, Al/Cy/Ed/Flo +2; h3 Cy deals, Ed+Al 91 schneider: Ed +4, Al +2, Bea/Di/Flo -2;
#: h4 Di deals, Flo+Bea 66 win: Flo +2, Bea +1, Al/Cy/Ed -1.  Each row sums to 0 with the dealer blank.
SIT = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed,Flo
2027-01-21,1,Al,Cy,Flo,AS,77,W,,-1,2,-1,-1,1
2027-01-21,2,Bea,Di,,alone,50,L,2,,2,-8,2,2
2027-01-21,3,Cy,Ed,Al,AC,91,W,2,-2,,-2,4,-2
2027-01-21,4,Di,Flo,Bea,AH,66,W,-1,1,-1,,-1,2
"""
#: with --rules wi6-sit-out the same four hands are stored: Al 0+2+2-1 = 3, Bea -1+0-2+1 = -2, Cy 2+2+0-1 = 3,
#: Di -1-8-2+0 = -11, Ed -1+2+4-1 = 4, Flo 1+2-2+2 = 3 (sum 0)
SIT_TOTALS = {"Al": 3, "Bea": -2, "Cy": 3, "Di": -11, "Ed": 4, "Flo": 3}

#: a doubler refused under the default noPick=leaster (E-NOPICK), then the hand it doubled refused E-SCORE: the
#: E-SCORE names the doubler above and --rules noPick=doubler (sheet32 F7).  Under 'wi5-called-ace;
#: noPick=doubler' (D-11): h1 all pass, every seat 0; h2 Cy+Di 70 a plain win x2 (the doubler): Cy +4, Di +2,
#: Al/Bea/Ed -2; h3 Di+Ed 50 a loss, DOB: Di -4, Ed -2, Al/Bea/Cy +2.  Totals Al 0, Bea 0, Cy 6, Di -2, Ed -4.
DOUBLER = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Doubler,Al,Bea,Cy,Di,Ed,Notes
2027-01-28,1,Al,,,,,,x,0,0,0,0,0,all passed
2027-01-28,2,Bea,Cy,Di,AH,70,W,,-2,-2,4,2,-2,doubled
2027-01-28,3,Cy,Di,Ed,AC,50,L,,2,2,2,-4,-2,bump
"""


def _stored(db: Path) -> list[tuple]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(
            "SELECT h.session, h.hand, CAST(h.date AS VARCHAR), h.outcome, h.picker, h.partner, h.warnings, "
            "list(u.player || ' ' || u.units ORDER BY u.player) FROM hands h JOIN hand_units u USING (hand_id) "
            "GROUP BY ALL ORDER BY 1, 2").fetchall()


def _night_units(db: Path) -> dict[str, dict[str, int]]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT CAST(h.date AS VARCHAR), u.player, SUM(u.units) FROM hands h JOIN hand_units u "
                           "USING (hand_id) GROUP BY ALL").fetchall()
    out: dict[str, dict[str, int]] = {}
    for day, p, units in rows:
        out.setdefault(day, {})[p] = int(units)
    return out


def _said(rep: dict) -> tuple[list, list]:
    """The report's refusals and warnings, each (line, column, code, message), in line order."""
    def key(e):
        return (e.get("line"), e.get("col"), e.get("code"), e.get("message"))
    return sorted(map(key, rep["rejected"])), sorted(map(key, rep.get("warnings", [])))


def _both(tmp_path, monkeypatch, name: str, text: str, *extra: str, batch: int = 2):
    """``shead ingest`` of the sheet read whole and read in batches of ``batch`` rows (the threshold lowered):
    ``((report, db) whole, (report, db) batched)``; asserts the second was read in batches."""
    import ingest.csv_sheet as cs
    import ingest.stream as stream
    from tests.cli_helpers import ingest_json

    path = write(tmp_path, name, text)
    whole_db = tmp_path / "whole.duckdb"
    whole = ingest_json(path, whole_db, *extra)
    calls = []
    real = cs.read_csv_stream

    def spy(*a, **k):
        calls.append(k.get("batch"))
        return real(*a, **k)

    monkeypatch.setattr(stream, "STREAM_ABOVE", 3)
    monkeypatch.setattr(stream, "BATCH_HANDS", batch)
    monkeypatch.setattr(cs, "read_csv_stream", spy)
    batched_db = tmp_path / "batched.duckdb"
    batched = ingest_json(path, batched_db, *extra)
    assert batch in calls, calls  # read in batches of `batch` rows
    return (whole, whole_db), (batched, batched_db)


def test_f2_the_pad_work_is_zero_sum():
    for night in PAD_NIGHTS.values():
        assert sum(night.values()) == 0
    assert {p: sum(n[p] for n in PAD_NIGHTS.values()) for p in PAD_SEASON} == PAD_SEASON
    assert sum(SIT_TOTALS.values()) == 0


def test_f2_a_carried_season_pad_read_in_batches_is_the_pad_read_whole(tmp_path, monkeypatch):
    from tests.cli_helpers import ledger

    (whole, wdb), (batched, bdb) = _both(tmp_path, monkeypatch, "pad.csv", PAD, "--columns", "units=running")
    for rep, db in ((whole, wdb), (batched, bdb)):
        assert rep["rejected"] == [], rep["rejected"]
        assert rep["ingested"] == 6
        assert _night_units(db) == PAD_NIGHTS
        assert ledger(db) == PAD_SEASON
        (w,) = [e for e in rep["warnings"] if e["code"] == "W-CSV-CARRY"]
        assert w["line"] == 5 and "Al 2" in w["message"] and "Ed -5" in w["message"]
    assert _stored(bdb) == _stored(wdb)
    assert _said(batched) == _said(whole)


def test_f2_a_pad_whose_first_row_is_no_carry_is_told_how_in_batches(tmp_path, monkeypatch):
    """The carried night's first row with Al's 3 and Bea's 3 ... made Al 4, Bea 2: from 0 Al +4 (the rules give
    +1), less the carry Al +2, Bea +1 (the rules give Bea +2): no hand either way; refused, and the refusal says how
    a carried season is written (an opening row), read whole and in batches alike."""
    text = PAD.replace("2027-01-14,1,Al,Bea,Al,AS,75,W,3,3,", "2027-01-14,1,Al,Bea,Al,AS,75,W,4,2,")
    (whole, wdb), (batched, bdb) = _both(tmp_path, monkeypatch, "pad.csv", text, "--columns", "units=running")
    for rep in (whole, batched):
        bad = [e for e in rep["rejected"] if e["line"] == 5]
        assert len(bad) == 1 and "opening row" in bad[0]["message"], rep["rejected"]
    assert _stored(bdb) == _stored(wdb)
    assert _said(batched) == _said(whole)


def test_f2_sit_out_refusals_in_batches_come_without_seat_warnings(tmp_path, monkeypatch):
    from tests.cli_helpers import ledger

    (whole, wdb), (batched, bdb) = _both(tmp_path, monkeypatch, "sit.csv", SIT)
    for rep in (whole, batched):
        assert [(e["line"], e["code"]) for e in rep["rejected"]] == [(r, "E-CSV-SEAT") for r in range(2, 6)]
        assert all("wi6-sit-out" in e["message"] for e in rep["rejected"])
        assert [w for w in rep["warnings"] if w["code"] == "W-CSV-SEATS"] == []
    assert _said(batched) == _said(whole)
    (whole, wdb), (batched, bdb) = _both(tmp_path / "r", monkeypatch, "sit.csv", SIT, "--rules", "wi6-sit-out") \
        if (tmp_path / "r").mkdir() is None else None
    for rep, db in ((whole, wdb), (batched, bdb)):
        assert rep["rejected"] == []
        assert ledger(db) == SIT_TOTALS


def test_f2_the_doubler_hint_is_given_across_a_batch_boundary(tmp_path, monkeypatch):
    (whole, wdb), (batched, bdb) = _both(tmp_path, monkeypatch, "dbl.csv", DOUBLER, batch=1)
    for rep in (whole, batched):
        assert [(e["line"], e["code"]) for e in rep["rejected"]] == [(2, "E-NOPICK"), (3, "E-SCORE")]
        msg = rep["rejected"][1]["message"]
        assert "row 2" in msg and "doubler" in msg and "noPick=doubler" in msg, msg
    assert _said(batched) == _said(whole)


# --------------------------------------------------------------------------------------------------------------------
# F3: the seat view's boxes and the under card face down (rules.md B-11, B-11e)
#
# Card points: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 0.  Trump: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦.
# Cat picks the blind 7♣ 8♦ and buries them (0 points, B-24).  Her hand Q♣ J♠ A♣ 10♣ K♦ 9♦: her only fail suit is
# clubs, whose ace she holds, so no ace can be called (B-9): she calls the unknown A♥ with 10♣ set aside face down
# as the under card (B-11).  Ann holds A♥: the partner.  Ann leads (Eve deals).
#   t1 Ann K♠ 4, Ben 9♣ 0, Cat 9♦ 0 (trump), Dan A♠ 11, Eve 10♠ 10 = 25: Cat (the only trump).
#   t2 Cat Q♣ 3, Dan J♦ 2, Eve 7♦ 0, Ann Q♥ 3, Ben A♦ 11 = 19: Cat (Q♣ the top trump).  Cat 44.
#   t3 Cat K♦ 4, Dan Q♦ 3, Eve J♥ 2, Ann 8♠ 0 (no trump), Ben 10♦ 10 = 19: Dan (Q♦).
#   t4 Dan 8♥ 0, Eve K♥ 4, Ann A♥ 11, Ben 7♥ 0, Cat the under card 10♣ 10 (played on the first heart lead, B-11b;
#      it cannot win, B-11a) = 25: Ann.  To Dan, who neither picked nor took the trick, the 10♣ lies face down until
#      the hand ends (B-11e): he counts 0 + 4 + 11 + 0 = 15 points and the under card for Ann; to Ann (the winner)
#      and Cat (the picker) it is 25.
#   t5 Ann 9♥ 0, Ben J♣ 2, Cat J♠ 2, Dan K♣ 4, Eve 10♥ 10 = 18: Ben (J♣).
#   t6 Ben Q♠ 3, Cat A♣ 11, Dan 7♠ 0, Eve 9♠ 0, Ann 8♣ 0 = 14: Ben.  Ben 32.
#   Picker side Cat 44 + Ann 25 + bury 0 = 69, defenders Dan 19 + Ben 32 = 51; 69 + 51 = 120.  69: a plain win
#   (B-28 61-90): Cat +2, Ann +1, Ben/Dan/Eve -1 (sum 0).
# The page's steps (?step=): 0 the deal, then five a trick: t4 ends at step 20, t5 at 25, t6 (the last) at 30.
# --------------------------------------------------------------------------------------------------------------------

UNDER = """%SHN 1.0
[Event "Left Under"]
[Date "2027.02.04"]
[Table "1"]
[Seats "Ann; Ben; Cat; Dan; Eve"]
[Rules "wi5-called-ace"]

hand 1  dealer Eve
deal Ann  AH 9H KS 8C QH 8S
deal Ben  QS JC AD TD 7H 9C
deal Cat  QC JS AC TC KD 9D
deal Dan  8H 7S QD JD AS KC
deal Eve  TH KH JH 7D TS 9S
blind 7C 8D
pick Cat
bury 7C 8D
call AH under TC
t1 Ann: KS 9C 9D AS TS
t2 Cat: QC JD 7D QH AD
t3 Cat: KD QD JH 8S TD
t4 Dan: 8H KH AH 7H TC
t5 Ann: 9H JC JS KC TH
t6 Ben: QS AC 7S 9S 8C
"""

ROOT = Path(__file__).resolve().parents[1]


def test_f3_the_hand_work_adds_up():
    tricks = {1: ("Cat", 4 + 0 + 0 + 11 + 10), 2: ("Cat", 3 + 2 + 0 + 3 + 11), 3: ("Dan", 4 + 3 + 2 + 0 + 10),
              4: ("Ann", 0 + 4 + 11 + 0 + 10), 5: ("Ben", 0 + 2 + 2 + 4 + 10), 6: ("Ben", 3 + 11 + 0 + 0 + 0)}
    assert [p for _, p in tricks.values()] == [25, 19, 19, 25, 18, 14]
    assert sum(p for _, p in tricks.values()) == 120
    assert sum(p for w, p in tricks.values() if w in ("Cat", "Ann")) == 69


@pytest.fixture
def under_db(tmp_path) -> Path:
    db = tmp_path / "under.duckdb"
    cli("ingest", write(tmp_path, "under.shn", UNDER), "--db", str(db))
    return db


def _seat_page(db: Path, monkeypatch, step: int, seat: str) -> str:
    import duckdb
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("SHEAD_DB", str(db))
    with duckdb.connect(str(db), read_only=True) as con:
        hand_id = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()[0]
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = str(step)
    at.query_params["seat"] = seat
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return "\n".join(getattr(h, "value", "") or "" for h in at.get("html"))


def _box(html: str, alias: str) -> str:
    """The tally line of a seat's box: 'N trick(s) · P pts ...'."""
    m = re.search(r'data-seat="' + alias + r'".*?<div class="tally">(.*?)</div>', html, re.S)
    assert m, html
    return m.group(1)


def test_f3_the_box_of_the_seat_that_took_the_under_card_says_so(under_db, monkeypatch):
    html = _seat_page(under_db, monkeypatch, 20, "Dan")  # the end of t4, as Dan
    status = html[html.index("Trick 4 won by <b>Ann</b>"):][:200]  # the status line (A♥ in a red span)
    assert "(15 points and the under card)" in status, status
    assert _box(html, "Ann") == "1 trick · 15 pts and the under card"
    assert _box(html, "Cat") == "2 tricks · 44 pts"
    assert _box(html, "Dan") == "1 trick · 19 pts"
    html = _seat_page(under_db, monkeypatch, 25, "Dan")  # t5 taken by Ben: Ann's count still leaves the 10♣ out
    assert _box(html, "Ann") == "1 trick · 15 pts and the under card"
    assert _box(html, "Ben") == "1 trick · 18 pts"
    html = _seat_page(under_db, monkeypatch, 30, "Dan")  # the hand's end: every card face up, Ann 25
    assert _box(html, "Ann") == "1 trick · 25 pts"
    assert _box(html, "Ben") == "2 tricks · 32 pts"


def test_f3_the_winner_and_the_picker_count_the_under_card(under_db, monkeypatch):
    for seat in ("Ann", "Cat"):
        html = _seat_page(under_db, monkeypatch, 20, seat)
        assert _box(html, "Ann") == "1 trick · 25 pts", seat
        status = html[html.index("Trick 4 won by <b>Ann</b>"):][:200]
        assert "(25 points)" in status, status  # the under card face up to them
