"""QA report 2026-12-01: D1 (CSV sheets and ledgers keyed by file name),
D2 (export leaves out CSV-ledger sittings), D4 (a notes column), D14 (a
missing database is a clean error in every command).  Repro files:
tests/fixtures/qa/ (the tester's /work/qa/defects/)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

QA = Path(__file__).parent / "fixtures" / "qa"


def run(*args):
    res = CliRunner().invoke(app, [str(a) for a in args])
    return res


def said(res) -> str:
    """The report ``shead ingest`` printed on standard output (the per-file lines, the refusals), rewrapped."""
    return " ".join(res.stdout.split())


def complained(res) -> str:
    """What a command printed on standard error (a usage error), rewrapped."""
    return " ".join(res.stderr.split())


def ledger(db) -> dict[str, tuple[int, int, int]]:
    res = run("ledger", "--db", db, "--json")
    assert res.exit_code == 0, res.stderr
    return {r["player"]: (r["total"], r["sessions"], r["hands"]) for r in json.loads(res.stdout)}


# ---------------------------------------------------------------- D1

def test_d1_same_sheet_under_another_name_is_a_duplicate(tmp_path):
    db = tmp_path / "t.duckdb"
    copy = tmp_path / "D1_sheet (1).csv"
    shutil.copy(QA / "D1_sheet.csv", copy)
    assert run("ingest", "--db", db, QA / "D1_sheet.csv").exit_code == 0
    res = run("ingest", "--db", db, copy, "--json")
    assert res.exit_code == 0
    assert json.loads(res.stdout) == {"ingested": 0, "duplicates": 1, "rejected": [], "warnings": []}
    # hand 1: Bob picks, calls AC, Dot partner, 61 win (rules.md I-2): -1 +2 -1 +1 -1, counted once
    assert ledger(db) == {"Ann": (-1, 1, 1), "Bob": (2, 1, 1), "Cal": (-1, 1, 1), "Dot": (1, 1, 1),
                          "Eve": (-1, 1, 1)}


def test_d1_other_hand_from_a_renamed_sheet_is_a_conflict_naming_what_differs(tmp_path):
    db = tmp_path / "t.duckdb"
    other = tmp_path / "sheet (2).csv"
    # the same date, players and hand number, but 91 win-s: -2 +4 -2 +2 -2 (rules.md I-3 schneider)
    other.write_text((QA / "D1_sheet.csv").read_text().replace(",61,win,-1,+2,-1,+1,-1", ",91,win-s,-2,+4,-2,+2,-2"))
    assert run("ingest", "--db", db, QA / "D1_sheet.csv").exit_code == 0
    res = run("ingest", "--db", db, other, "--json")
    assert res.exit_code == 1
    (rej,) = json.loads(res.stdout)["rejected"]
    assert rej["code"] == "E-HAND-CONFLICT" and (rej["line"], rej["col"]) == (2, 1)
    assert "pts: stored 61, this copy 91" in rej["message"] and "outcome: stored win, this copy win-s" in rej["message"]
    assert ledger(db)["Bob"] == (2, 1, 1)  # nothing stored changed


def test_d1_same_ledger_under_another_name_is_a_duplicate(tmp_path):
    db = tmp_path / "t.duckdb"
    copy = tmp_path / "ledger (1).csv"
    shutil.copy(QA / "D1_ledger.csv", copy)
    assert run("ingest", "--db", db, QA / "D1_ledger.csv").exit_code == 0
    res = run("ingest", "--db", db, copy)
    assert res.exit_code == 0 and "0 sitting(s) stored" in said(res) and "1 duplicates" in said(res)
    # 2026-11-06: Ann +5 Bob -3 Dot -2 Eve 0 (Cal blank: did not sit), once
    assert ledger(db) == {"Ann": (5, 1, 0), "Bob": (-3, 1, 0), "Dot": (-2, 1, 0), "Eve": (0, 1, 0)}


def test_d1_same_sitting_with_other_nets_is_refused_with_the_differences(tmp_path):
    db = tmp_path / "t.duckdb"
    other = tmp_path / "l3.csv"
    other.write_text((QA / "D1_ledger.csv").read_text().replace("+5,-3", "+6,-4"))
    assert run("ingest", "--db", db, QA / "D1_ledger.csv").exit_code == 0
    res = run("ingest", "--db", db, other)
    assert res.exit_code == 1
    assert "l3.csv:2:1: E-SITTING-CONFLICT" in said(res)
    assert "Ann: stored +5, this copy +6; Bob: stored -3, this copy -4" in said(res)
    assert ledger(db)["Ann"] == (5, 1, 0)


def test_d1_another_table_on_the_same_date_is_stored(tmp_path):
    # the same date, other players (Fay instead of Eve): another sitting, stored beside: Ann 5 + 1 = 6, 2 sessions
    db = tmp_path / "t.duckdb"
    other = tmp_path / "other.csv"
    other.write_text("date,Ann,Bob,Cal,Dot,Fay\n2026-11-06,+1,-1,,+2,-2\n")
    assert run("ingest", "--db", db, QA / "D1_ledger.csv").exit_code == 0
    assert run("ingest", "--db", db, other).exit_code == 0
    assert ledger(db)["Ann"] == (6, 2, 0) and ledger(db)["Fay"] == (-2, 1, 0)


# ---------------------------------------------------------------- D2

@pytest.mark.parametrize("fmt", ["shn", "jsonl", "csv"])
def test_d2_export_writes_the_ledger_sittings_beside_and_restores_the_same_ledger(tmp_path, fmt):
    db, fresh = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    assert run("ingest", "--db", db, QA / "D2_ledger.csv", QA / "D1_sheet.csv").exit_code == 0
    out = tmp_path / f"x.{fmt}"
    res = run("export", "--db", db, "--format", fmt, "--out", out)
    assert res.exit_code == 0
    beside = tmp_path / "x.ledger.csv"
    assert "exported 1 CSV-ledger sitting(s)" in res.stderr and beside.exists()
    assert beside.read_text().splitlines() == ["date,session,group,Ann,Bob,Dot,Eve",
                                                "2026-11-06,CSV D2_ledger 2026-11-06,CSV D2_ledger,+5,-3,-2,+0"]
    if fmt == "shn":
        assert run("ingest", "--db", fresh, out, beside).exit_code == 0
        # the sheet's hand (Ann -1 ...) and the sitting (Ann +5 ...): Ann +4 in 2 sessions, as before
        assert ledger(fresh) == ledger(db) == {"Ann": (4, 2, 1), "Bob": (-1, 2, 1), "Cal": (-1, 1, 1),
                                                "Dot": (-1, 2, 1), "Eve": (-1, 2, 1)}
        with st.reading(fresh) as con:  # the same session name and group, not the restore file's
            assert con.execute("SELECT session, \"group\" FROM sessions WHERE format = 'csv-ledger'").fetchall() == [
                ("CSV D2_ledger 2026-11-06", "CSV D2_ledger")]
        again = run("ingest", "--db", db, out, beside)  # into the same database: nothing new
        assert again.exit_code == 0 and "0 sitting(s) stored" in said(again)


def test_d2_export_to_stdout_warns_about_the_sittings(tmp_path):
    db = tmp_path / "a.duckdb"
    assert run("ingest", "--db", db, QA / "D2_ledger.csv").exit_code == 0
    res = run("export", "--db", db, "--format", "shn")
    assert res.exit_code == 0 and res.stdout == "%SHN 1.0\n"
    assert "warning: 1 CSV-ledger sitting(s)" in res.stderr and "--format ledger" in res.stderr
    led = run("export", "--db", db, "--format", "ledger")
    assert led.stdout.splitlines()[1] == "2026-11-06,CSV D2_ledger 2026-11-06,CSV D2_ledger,+5,-3,-2,+0"


# ---------------------------------------------------------------- D4

def test_d4_notes_column_is_ignored(tmp_path):
    db = tmp_path / "t.duckdb"
    res = run("ingest", "--db", db, QA / "D4_notes_column.csv")
    assert res.exit_code == 0, res.stdout
    # H1 Bob/Dot 61 win (I-2): -1 +2 -1 +1 -1; H2 Cal alone 45 lose, DOB (B-32): Cal -8, each other +2
    # totals Ann +1, Bob +4, Cal -9, Dot +3, Eve +1; "Notes" is no player
    assert ledger(db) == {"Ann": (1, 1, 2), "Bob": (4, 1, 2), "Cal": (-9, 1, 2), "Dot": (3, 1, 2), "Eve": (1, 1, 2)}


def test_d4_columns_ignore_leaves_a_column_out_and_the_error_says_how(tmp_path):
    db = tmp_path / "t.duckdb"
    f = tmp_path / "memo.csv"
    f.write_text((QA / "D4_notes_column.csv").read_text().replace("Notes", "Table talk"))
    res = run("ingest", "--db", db, f)
    assert res.exit_code == 1 and "2:13: E-CSV-UNITS" in said(res)
    assert "--columns ignore=Table talk" in said(res)
    res = run("ingest", "--db", db, f, "--columns", "ignore=Table talk")
    assert res.exit_code == 0, res.stderr
    assert ledger(db)["Cal"] == (-9, 1, 2)


# ---------------------------------------------------------------- D14

@pytest.mark.parametrize("args", [["ledger"], ["sheet", "X"], ["replay", "1"], ["history", "1"],
                                  ["export", "--format", "shn"], ["void", "1", "--reason", "x"], ["rederive"],
                                  ["analyze", "1"], ["token", "list"], ["token", "revoke", "1"]])
def test_d14_missing_database_is_a_clean_error(tmp_path, args):
    missing = tmp_path / "missing.duckdb"
    res = run(*args, "--db", missing)
    assert res.exit_code == 1
    assert isinstance(res.exception, SystemExit)  # no traceback
    assert "no database here" in res.stderr
    assert not missing.exists()  # and none is created


def test_ledger_from_accepts_shn_dates(tmp_path):
    # QA minor note: `ledger --from 2026.11.10` (SHN's dotted date) was Python's "Invalid isoformat string".
    # The sitting of 2026-11-06 (Ann +5) is before it; the sheet's hand of 2026-11-20 (Ann -1, Bob +2) after
    db = tmp_path / "t.duckdb"
    assert run("ingest", "--db", db, QA / "D1_ledger.csv", QA / "D1_sheet.csv").exit_code == 0
    res = run("ledger", "--db", db, "--json", "--from", "2026.11.10")
    assert res.exit_code == 0, res.stderr
    assert {r["player"]: r["total"] for r in json.loads(res.stdout)} == {"Ann": -1, "Bob": 2, "Cal": -1, "Dot": 1,
                                                                         "Eve": -1}
    bad = run("ledger", "--db", db, "--from", "10.11.2026")
    assert bad.exit_code == 2 and "YYYY-MM-DD or YYYY.MM.DD" in complained(bad)
