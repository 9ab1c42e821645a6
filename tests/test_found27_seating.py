"""Score sheets brought by real27 (session 27: F1 seating, F3 `allein`; /tmp/s27/real27/FINDINGS.md, the tester's
hand working in /tmp/s27/real27/WORKING.md), fixed by fixc27: each record is the tester's file (or that file grown
as a scorer would), each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's
figure was read.  Profile wi5-called-ace (doubleOnBump on, crackEligibility afterPickerOnly).

Units (rules.md B-31..B-33, + = receives): a plain win (61..90, B-28 tier 1) picker +2, partner +1, each defender
-1; a loss (31..60) doubled on the bump (B-32) picker -4, partner -2, defenders +2; alone the picker takes 4
shares: a win +4 / -1 each, a loss with DOB -8 / +2 each.
"""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


def _units(db) -> dict[tuple[str, int], dict[str, int]]:
    """Each stored hand's units by player, keyed (session date, hand)."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT s.date, h.hand, u.player, u.units FROM hands h JOIN sessions s USING (session_id) "
                           "JOIN hand_units u USING (hand_id) ORDER BY s.date, h.hand, u.seat_no").fetchall()
    out: dict[tuple[str, int], dict[str, int]] = {}
    for date, hand, player, units in rows:
        out.setdefault((str(date), hand), {})[player] = units
    return out


# -- real27 F3: `allein` in the Call column of a German sheet ----------------------------------------------------

#: /tmp/s27/real27/euro.csv as the tester wrote it (UTF-8 BOM, ';', decimal commas, German headers; columns
#: Ed;Cy;Al;Di;Bea).  Night 26.11.2026: hand 1 Al picks, calls AS, partner Cy, 88: a plain win: Al +2, Cy +1,
#: Ed/Di/Bea -1.  Hand 2 Bea `allein` (alone, rules.md B-13) at 60: a loss (B-27: at 60 the picker side loses),
#: alone, doubled on the bump (B-32, B-33): Bea -8, each other +2.  Night 03.12.2026: hand 1 Di, partner Ed, 31:
#: a plain loss with DOB: Di -4, Ed -2, Al/Bea/Cy +2.  Totals: Al 2+2+2 = +6, Bea -1-8+2 = -7, Cy 1+2+2 = +5,
#: Di -1+2-4 = -3, Ed -1+2-2 = -1 (sum 0).
EURO = ("\ufeffDatum;Spiel;Geber;Spieler;Partner;Ruf;Augen;Ed;Cy;Al;Di;Bea\n"
        "26.11.2026;1;Ed;Al;Cy;AS;88;-1,00;1,00;2,00;-1,00;-1,00\n"
        "26.11.2026;2;Al;Bea;;{call};60;2,00;2,00;2,00;2,00;-8,00\n"
        "03.12.2026;1;Ed;Di;Ed;AH;31;-2,00;2,00;2,00;-4,00;2,00\n")


@pytest.mark.parametrize("call", ["allein", "Allein", "ALLEINE", "alone"])
def test_allein_in_a_german_call_column_is_alone(tmp_path, call):
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "euro.csv", EURO.format(call=call)), db)
    assert rep["rejected"] == [] and rep["ingested"] == 3
    assert _units(db)[("2026-11-26", 2)] == {"Ed": 2, "Cy": 2, "Al": 2, "Di": 2, "Bea": -8}
    assert ledger(db) == {"Al": 6, "Bea": -7, "Cy": 5, "Di": -3, "Ed": -1}
    with duckdb.connect(str(db), read_only=True) as con:  # stored as SHN's `alone`, no card called
        got = con.execute("SELECT h.picker, h.alone, h.call, h.partner, h.picker_points FROM hands h "
                          "WHERE h.date = DATE '2026-11-26' AND h.hand = 2").fetchone()
    assert got == ("Bea", True, "alone", None, 60)  # as the same row with `alone` is stored


def test_solo_in_the_call_column_is_still_refused(tmp_path):
    """`Solo` is a Schafkopf game (rules.md G-5), not 'alone': refused at the Ruf cell (row 3, column 6) as before,
    the other two hands stored (hand 1 of each night: Al 2+2 = +4, Bea -1+2 = +1,
    Cy 1+2 = +3, Di -1-4 = -5, Ed -1-2 = -3)."""
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "euro.csv", EURO.format(call="Solo")), db)
    assert _where(rep) == [(3, 6, "E-CSV-CALL", 2)]
    assert ledger(db) == {"Al": 4, "Bea": 1, "Cy": 3, "Di": -5, "Ed": -3}


# -- real27 F1: the seating of a sheet whose player columns are not in the seating order -----------------------------

#: /tmp/s27/real27/seats.tsv as the tester wrote it: the player columns alphabetical (Al, Bea, Cy, Di, Ed); the real
#: seating, clockwise, Al, Cy, Ed, Bea, Di, which the Dealer column shows (Al deals, then Cy: rules.md B-1, the deal
#: passes to the left).  Hand 1, dealer Al: the speaking order is Cy, Ed, Bea, Di, Al (B-5); Cy picks, calls AH,
#: partner Ed; Bea speaks after Cy, so Bea's crack is legal (rules.md E-2, I-33); 70 is a plain win (B-28) x2 for
#: the crack: Cy +4, Ed +2, Al/Bea/Di -2 (B-31, B-33).  Hand 2, dealer Cy: Ed alone at 50, a loss doubled on the
#: bump (B-32): Ed -8, each other +2.
SEATS = ("Date\tHand\tDealer\tPicker\tPartner\tCall\tPoints\tCrack\tAl\tBea\tCy\tDi\tEd\n"
         "2026-11-27\t1\tAl\tCy\tEd\tAH\t70\tBea\t-2\t-2\t4\t-2\t2\n"
         "2026-11-27\t2\tCy\tEd\t\talone\t50\t\t2\t2\t2\t2\t-8\n")

#: the same night played on for a whole round of deals (the dealers Al, Cy, Ed, Bea, Di: each once, round the table
#: to the left).  Hand 3, dealer Ed: Bea picks, calls AC, partner Di, 45: a loss with DOB: Bea -4, Di -2,
#: Al/Cy/Ed +2.  Hand 4, dealer Bea: Di picks, calls AS, partner Cy, 91: a schneider win (B-28): Di +4, Cy +2,
#: Al/Bea/Ed -2.  Hand 5, dealer Di: Al alone, 61: a win alone (B-27, B-33): Al +4, each other -1.
#: The night: Al -2+2+2-2+4 = +4, Bea -2+2-4-2-1 = -7, Cy 4+2+2+2-1 = +9, Di -2+2-2+4-1 = +1, Ed 2-8+2-2-1 = -7
#: (sum 0).
ROUND = SEATS + ("2026-11-27\t3\tEd\tBea\tDi\tAC\t45\t\t2\t-4\t2\t-2\t2\n"
                 "2026-11-27\t4\tBea\tDi\tCy\tAS\t91\t\t-2\t-2\t2\t4\t-2\n"
                 "2026-11-27\t5\tDi\tAl\t\talone\t61\t\t4\t-1\t-1\t-1\t-1\n")
ROUND_NIGHT = {"Al": 4, "Bea": -7, "Cy": 9, "Di": 1, "Ed": -7}
HAND_1 = {"Al": -2, "Cy": 4, "Ed": 2, "Bea": -2, "Di": -2}  # in the seating's order, as hand_units.seat_no keeps them


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


def _seat_order(db, hand: int) -> list[str]:
    """A stored hand's players in seat order (hand_units.seat_no: clockwise from the first seat)."""
    with duckdb.connect(str(db), read_only=True) as con:
        return [p for (p,) in con.execute("SELECT u.player FROM hands h JOIN hand_units u USING (hand_id) "
                                          "WHERE h.hand = ? ORDER BY u.seat_no", [hand]).fetchall()]


def _warnings(rep: dict, code: str) -> list[tuple[int, int, str, str]]:
    return [(w["line"], w["col"], w["found"], w["expected"]) for w in rep["warnings"] if w["code"] == code]


@pytest.mark.parametrize("stream", [False, True])
def test_a_whole_round_of_dealers_gives_the_seating(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "j.duckdb"
    rep = _ingest(write(tmp_path, "seats.tsv", ROUND), db)
    assert rep["rejected"] == [] and rep["ingested"] == 5
    # said once, at the night's first Dealer cell (row 2, column 3): the order read, and the columns'
    assert _warnings(rep, "W-CSV-SEATING") == [(2, 3, "Al, Cy, Ed, Bea, Di", "Al, Bea, Cy, Di, Ed")]
    assert _warnings(rep, "W-SESSION-DEALER") == []  # each dealer is the seat on the left of the one before
    assert _units(db)[("2026-11-27", 1)] == HAND_1
    assert list(_units(db)[("2026-11-27", 1)]) == ["Al", "Cy", "Ed", "Bea", "Di"]
    assert _seat_order(db, 2) == _seat_order(db, 5) == ["Al", "Cy", "Ed", "Bea", "Di"]
    assert _units(db)[("2026-11-27", 4)] == {"Al": -2, "Cy": 2, "Ed": -2, "Bea": -2, "Di": 4}
    assert ledger(db) == ROUND_NIGHT
    from tests.cli_helpers import cli
    out = cli("export", "--db", str(db), "--format", "shn").output
    assert '[Seats "Al=Al; Cy=Cy; Ed=Ed; Bea=Bea; Di=Di"]' in out


def test_the_columns_in_the_seating_order_need_no_word(tmp_path):
    """The same night with the player columns written as they sit (Al, Cy, Ed, Bea, Di): nothing to say, the same
    units and seating."""
    cols = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 9, 11]  # Date..Crack, Al, Cy, Ed, Bea, Di
    text = "".join("\t".join(line.split("\t")[k] for k in cols) + "\n" for line in ROUND.splitlines())
    db = tmp_path / "j.duckdb"
    rep = _ingest(write(tmp_path, "seats.tsv", text), db)
    assert rep["rejected"] == [] and rep["warnings"] == []
    assert _units(db)[("2026-11-27", 1)] == HAND_1 and ledger(db) == ROUND_NIGHT


@pytest.mark.parametrize("stream", [False, True])
def test_the_testers_two_hands_are_no_round_and_the_crack_refusal_says_so(tmp_path, monkeypatch, stream):
    """seats.tsv itself: two hands of five players are less than a round of deals, so the dealers are not trusted
    as the seating (a misdeal redealt, a seat skipped would read alike): the columns' order stands, as before, and
    the refusal of Bea's crack (seated before Cy in that order) says where its seating came from and how to give the
    real one.  Hand 2 is stored: Ed -8, others +2."""
    _stream(monkeypatch, stream)
    db = tmp_path / "j.duckdb"
    rep = _ingest(write(tmp_path, "seats.tsv", SEATS), db)
    assert _where(rep) == [(2, 8, "E-CRACK", 1)]  # at the Crack cell
    (msg,) = [e["message"] for e in rep["rejected"]]
    assert msg.startswith("Bea passed before the picker picked and may not crack (crackEligibility=afterPickerOnly, "
                          "rules.md E-2; I-33); the seating "
                          "was read from the order of the sheet's player columns (Al, Bea, Cy, Di, Ed, clockwise): "
                          "its Dealer column shows 2 hands, less than a round of the 5 players; if they sit "
                          "otherwise, write the player columns in the order they sit, clockwise"), msg
    assert _warnings(rep, "W-CSV-SEATING") == []
    assert ledger(db) == {"Al": 2, "Bea": 2, "Cy": 2, "Di": 2, "Ed": -8}
    assert _seat_order(db, 2) == ["Al", "Bea", "Cy", "Di", "Ed"]  # as before: the columns' order


def test_the_testers_sheet_written_in_the_seating_order_is_stored(tmp_path):
    """The way the refusal gives: seats.tsv with its player columns moved to the seating (Al, Cy, Ed, Bea, Di):
    Bea's crack is legal, hand 1 Cy +4, Ed +2, Al/Bea/Di -2; with hand 2 the night is Al 0, Bea 0, Cy +6, Di 0,
    Ed -6 (WORKING.md)."""
    cols = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 9, 11]
    text = "".join("\t".join(line.split("\t")[k] for k in cols) + "\n" for line in SEATS.splitlines())
    db = tmp_path / "j.duckdb"
    rep = _ingest(write(tmp_path, "seats.tsv", text), db)
    assert rep["rejected"] == []
    assert _units(db)[("2026-11-27", 1)] == HAND_1
    assert ledger(db) == {"Al": 0, "Bea": 0, "Cy": 6, "Di": 0, "Ed": -6}


def test_dealers_off_the_round_keep_the_columns_order(tmp_path):
    """The round's dealers with one seat skipped (Al, Cy, Bea, Di, Al: Ed never deals; the fourth hand's dealer is
    not on the third's left in any one order): no seating is read from them; the columns' order stands, the
    existing W-SESSION-DEALER says where the columns contradict the dealers, and the crack refusal says the seating
    came from the columns.  Hands 2-5 stored with their written units: Al 2-2+2+4 = +6, Bea 2-4-2-1 = -5, Cy 2+2+2-1
    = +5, Di 2-2+4-1 = +3, Ed -8+2-2-1 = -9."""
    rows = ROUND.splitlines(keepends=True)
    skipped = [rows[0], rows[1], rows[2], rows[3].replace("\tEd\tBea", "\tBea\tBea", 1),
               rows[4].replace("\tBea\tDi", "\tDi\tDi", 1), rows[5].replace("\tDi\tAl", "\tAl\tAl", 1)]
    db = tmp_path / "j.duckdb"
    rep = _ingest(write(tmp_path, "seats.tsv", "".join(skipped)), db)
    assert _where(rep) == [(2, 8, "E-CRACK", 1)]
    assert "its dealers do not go round the table in one order" in rep["rejected"][0]["message"]
    assert _warnings(rep, "W-CSV-SEATING") == []
    assert [w[0] for w in _warnings(rep, "W-SESSION-DEALER")] == [4, 5, 6]
    assert _seat_order(db, 2) == ["Al", "Bea", "Cy", "Di", "Ed"]
    assert ledger(db) == {"Al": 6, "Bea": -5, "Cy": 5, "Di": 3, "Ed": -9}


def test_the_round_sent_again_is_duplicates(tmp_path):
    """The night sent again (the same file): the stored night's seating is kept, every hand a duplicate, the ledger
    unchanged."""
    db = tmp_path / "j.duckdb"
    path = write(tmp_path, "seats.tsv", ROUND)
    _ingest(path, db)
    rep = _ingest(path, db)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (0, 5, [])
    assert ledger(db) == ROUND_NIGHT


def test_a_workbooks_round_of_dealers_gives_the_seating(tmp_path):
    """The same night as a workbook's tab (ingest.xlsx_sheet): the seating from its dealers, said at the tab's
    row 2, column 3; the same units."""
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Nov 27"
    for line in ROUND.splitlines():
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in line.split("\t")])
    path = tmp_path / "seats.xlsx"
    wb.save(path)
    db = tmp_path / "j.duckdb"
    rep = _ingest(str(path), db)
    assert rep["rejected"] == []
    assert [(w["file"].endswith("seats.xlsx[Nov 27]"), w["line"], w["col"], w["found"]) for w in rep["warnings"]
            if w["code"] == "W-CSV-SEATING"] == [(True, 2, 3, "Al, Cy, Ed, Bea, Di")]
    assert _units(db)[("2026-11-27", 1)] == HAND_1 and ledger(db) == ROUND_NIGHT
