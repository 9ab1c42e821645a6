"""break30 F2: a score sheet whose numbered column (Round, Rd, Hand#, Table, Tip) is read as a sixth player and,
on one row, writes the same number as a real player's units crashed the reader (``KeyError: None`` in
ingest/csv_sheet.py sheet_records), stopping ``shead ingest`` of a folder (nothing stored, no JSON), the Import page
(a traceback) and ``shead serve`` (500).  Each amount below is worked out by hand from rules.md
(/work/shared/reference/rules.md), profile wi5-called-ace (doubleOnBump on), before shead's figure was read.

The sheet (break30 round_crash.csv):

* row 2, hand 1: Cy picks, calls AS, Ed partner, 72 card points: a win (B-27: 61 or more; B-28: 61..90 is x1), so
  Cy +2, Ed +1 and the three defenders -1 each (B-31 shares, B-33's table): Al -1, Bea -1, Cy +2, Di -1, Ed +1,
  summing to 0 (B-35).  The Round cell writes 1: with it the six columns read as players sum to +1, and two
  columns each equal that excess, Round (1) and Ed (+1): without either the other five sum to 0.
* row 3, hand 2: Di alone, 93: a schneider win (B-28: 91..120 is x2), alone four shares (B-31): Di +8, the four
  others -2 each (B-33).  Round writes 2, the six sum to +2, and only Round writes 2 (Di +8, the others -2).

Read with ``--columns ignore=Round`` both hands are stored: Al -1-2 = -3, Bea -1-2 = -3, Cy +2-2 = 0,
Di -1+8 = +7, Ed +1-2 = -1 (sum 0).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import cli, ingest_json, ledger, refused_at, write

ROOT = Path(__file__).resolve().parents[1]

ROUND = """Date,{h},Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed
2026-03-05,1,Al,Cy,AS,Ed,72,win,-1,-1,2,-1,1
2026-03-05,2,Bea,Di,alone,,93,win-s,-2,-2,-2,8,-2
"""
BOTH_HANDS = {"Al": -3, "Bea": -3, "Cy": 0, "Di": 7, "Ed": -1}


@pytest.mark.parametrize("header", ["Round", "Rd", "Hand#", "Table", "Tip"])
def test_two_columns_equal_to_the_rows_excess_are_both_named_and_the_numbered_one_left_out(tmp_path, header):
    """Row 2: E-SEATS at the numbered column (2:2), naming both candidates with their columns and the advice for
    the one that names no player of the row (Ed is the row's partner) and stands apart from the players' columns;
    row 3 as kr2.csv's (only Round writes the excess).  Then the advice taken stores the two hands."""
    db = tmp_path / "r.duckdb"
    path = write(tmp_path, "round_crash.csv", ROUND.format(h=header))
    rep = ingest_json(path, db)
    assert rep["ingested"] == 0 and refused_at(rep) == [(2, 2, "E-SEATS", 1), (3, 2, "E-SEATS", 2)], rep
    one, two = (e["message"] for e in rep["rejected"])
    assert (f"the columns {header!r} (column 2) and 'Ed' (column 13) each write 1, and the other columns sum to 0 "
            "without any one of them (rules.md B-33)") in one, one
    assert one.endswith(f"one of them is no player's units (Ed is named in the row's Dealer, Picker or Partner "
                        f"cell): leave {header!r} out with --columns ignore={header}"), one
    assert f"the column {header!r} (column 2) writes 2, and the other columns sum to 0 without it" in two, two
    assert two.endswith(f"leave it out with --columns ignore={header}"), two
    rep = ingest_json(path, db, "--columns", f"ignore={header}")
    assert (rep["ingested"], rep["rejected"]) == (2, []), rep
    assert ledger(db) == BOTH_HANDS


def test_the_same_in_a_workbook(tmp_path):
    """round_crash.xlsx: the same rows in a worksheet 'Mar 5': the same two E-SEATS at [Mar 5]:2:2 and 3:2."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Mar 5"
    for line in ROUND.format(h="Round").splitlines():
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in line.split(",")])
    wb.save(tmp_path / "round_crash.xlsx")
    rep = ingest_json(str(tmp_path / "round_crash.xlsx"), tmp_path / "x.duckdb")
    assert rep["ingested"] == 0 and refused_at(rep) == [(2, 2, "E-SEATS", 1), (3, 2, "E-SEATS", 2)], rep
    assert rep["rejected"][0]["file"].endswith("round_crash.xlsx[Mar 5]")
    assert "'Round' (column 2) and 'Ed' (column 13) each write 1" in rep["rejected"][0]["message"]


def test_a_numbered_column_apart_from_the_players_is_the_one_when_names_leave_several(tmp_path):
    """A night's row numbered by rounds, Round = 2 (hand 3's row of GOOD below, its Round cell 2): Bea
    picks, calls AC, Al partner, 59: a loss doubled on the bump (B-27, B-32): Bea -4, Al -2, Cy/Di/Ed +2 (B-33).
    The six sum to +2 and four columns write 2 (Round, Cy, Di, Ed); Cy deals, so he is a player; of Round, Di and
    Ed only Round stands apart from the players' columns (column 2; the players at 9-13)."""
    sheet = ("Date,Round,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed\n"
             "2026-03-05,2,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2\n")
    rep = ingest_json(write(tmp_path, "apart.csv", sheet), tmp_path / "a.duckdb")
    assert refused_at(rep) == [(2, 2, "E-SEATS", 1)], rep
    msg = rep["rejected"][0]["message"]
    assert msg.endswith("(Cy is named in the row's Dealer, Picker or Partner cell; 'Round' stands apart from the "
                        "players' columns): leave 'Round' out with --columns ignore=Round"), msg


def test_ambiguous_columns_with_nothing_to_tell_them_apart_are_all_offered(tmp_path):
    """The Round column written among the players' (between Cy and Di), on hand 3's row: Bea picks, calls AC, Al
    partner, 59: a loss doubled on the bump (B-27, B-32): Bea -4, Al -2, Cy/Di/Ed +2 (B-33).  Round writes 2: the
    six sum to +2 and four columns write 2 (Cy, Round, Di, Ed).  Cy deals (the row names him), so he is a player;
    Round, Di and Ed each stand beside a player's column and none is named: the message offers the three, at the
    first of them (column 11)."""
    sheet = ("Date,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Round,Di,Ed\n"
             "2026-03-05,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2,2\n")
    rep = ingest_json(write(tmp_path, "mid.csv", sheet), tmp_path / "m.duckdb")
    assert refused_at(rep) == [(2, 11, "E-SEATS", 1)], rep
    msg = rep["rejected"][0]["message"]
    assert ("the columns 'Cy' (column 10), 'Round' (column 11), 'Di' (column 12) and 'Ed' (column 13) each write 2, "
            "and the other columns sum to 0 without any one of them (rules.md B-33)") in msg, msg
    assert msg.endswith("leave the one that is no player's out with --columns ignore=Round, --columns ignore=Di "
                        "or --columns ignore=Ed"), msg


# -- the folder, the Import page and the service go on with the other files -----------------------------------------

#: A night of 2026-02-26, hand 1: Cy picks, calls AS, Ed partner, 72: a win (B-28 x1): Cy +2, Ed +1, Al/Bea/Di -1.
BASE = """%SHN 1.0
[Event "Thursday"]
[Date "2026.02.26"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
pick Cy  call AS  partner Ed  pts 72  win
score Al -1 Bea -1 Cy +2 Di -1 Ed +1
"""
#: 2026-03-05 with a Hand column: h1 as above (Al -1, Bea -1, Cy +2, Di -1, Ed +1); h2 Di alone 93 schneider:
#: Di +8, the others -2; h3 Bea picks, calls AC, Al partner, 59: a loss (B-27: 60 or less loses), doubled on the
#: bump (B-32): Bea -4, Al -2, Cy/Di/Ed +2.  Night: Al -1-2-2 = -5, Bea -1-2-4 = -7, Cy 2-2+2 = +2,
#: Di -1+8+2 = +9, Ed 1-2+2 = +1 (sum 0).
GOOD = """Date,Hand,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed
2026-03-05,1,Al,Cy,AS,Ed,72,win,-1,-1,2,-1,1
2026-03-05,2,Bea,Di,alone,,93,win-s,-2,-2,-2,8,-2
2026-03-05,3,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2
"""
#: BASE and GOOD: Al -1-5 = -6, Bea -1-7 = -8, Cy 2+2 = +4, Di -1+9 = +8, Ed 1+1 = +2 (sum 0).
BASE_AND_GOOD = {"Al": -6, "Bea": -8, "Cy": 4, "Di": 8, "Ed": 2}


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mixdir"
    folder.mkdir()
    write(folder, "1_base.shn", BASE)
    write(folder, "2_round.csv", ROUND.format(h="Round"))
    write(folder, "3_good.csv", GOOD)
    return folder


def test_a_folder_with_the_round_sheet_stores_the_other_files_and_prints_its_json(tmp_path):
    db = tmp_path / "f.duckdb"
    r = cli("ingest", str(_folder(tmp_path)), "--db", str(db), "--json", ok=False)
    assert r.exit_code == 1 and (r.exception is None or isinstance(r.exception, SystemExit)), r.output
    assert "Traceback" not in r.output
    assert "1_base.shn: 1 stored" in r.output and "3_good.csv: 3 stored" in r.output, r.output
    assert "2_round.csv: 0 stored, 0 duplicates, 2 rejected" in r.output, r.output
    rep = ingest_json(str(tmp_path / "mixdir"), tmp_path / "again.duckdb")
    assert rep["ingested"] == 4 and [(e["file"].rsplit("/", 1)[-1], e["line"], e["code"]) for e in rep["rejected"]] \
        == [("2_round.csv", 2, "E-SEATS"), ("2_round.csv", 3, "E-SEATS")], rep
    assert ledger(db) == BASE_AND_GOOD


def test_the_import_page_reports_each_file(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "page.duckdb"))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "import_files.py"), default_timeout=60)
    at.run()
    at.file_uploader[0].set_value([("1_base.shn", BASE.encode(), "text/plain"),
                                   ("2_round.csv", ROUND.format(h="Round").encode(), "text/csv"),
                                   ("3_good.csv", GOOD.encode(), "text/csv")]).run()
    at.button(key="imp_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [s.value for s in at.success] + [w.value for w in at.warning]
    assert said == ["**1\\_base.shn**: 1 stored, 0 duplicates, 0 rejected",
                    "**3\\_good.csv**: 3 stored, 0 duplicates, 0 rejected",
                    "**2\\_round.csv**: 0 stored, 0 duplicates, 2 rejected"], said
    assert [m.value for m in at.markdown if "**E-SEATS**" in m.value][0].startswith("2\\_round.csv:2:2 error")
    assert ledger(tmp_path / "page.duckdb") == BASE_AND_GOOD


def test_the_service_answers_422_and_stores_the_next_post(tmp_path):
    from dashboard.service import OWNER, Service  # noqa: PLC0415

    svc = Service(tmp_path / "s.duckdb", hold=5.0)
    try:
        body, status = svc.post(OWNER, "2_round.csv", ROUND.format(h="Round").encode(), False)
        assert status == 422 and [(e["line"], e["col"], e["code"]) for e in body["rejected"]] == [
            (2, 2, "E-SEATS"), (3, 2, "E-SEATS")], body
        assert svc.post(OWNER, "1_base.shn", BASE.encode(), False)[1] == 200
        body, status = svc.post(OWNER, "3_good.csv", GOOD.encode(), False)
        assert (status, body["ingested"]) == (200, 3), body
    finally:
        svc.close()
    assert ledger(tmp_path / "s.duckdb") == BASE_AND_GOOD
