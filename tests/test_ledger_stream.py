"""Streaming ingest of CSV ledgers of sitting totals (issue 15, ingest/ledger_stream.py).

A ledger larger than ``stream_above()`` is read row by row and stored in
batches of rows; with batches of 1, 3 and 7 rows the store holds what one
whole-file ingest stores: the same sessions (names, dates, players), the
same settlements, the same refused rows at the same rows and columns, the
same duplicates.

The worked ledger (``_rows``): twelve sittings of Al, Bea, Cy (file rows
2-13, the header is row 1), each on its own date 2025-03-01 ... 2025-03-12,
Al +k, Bea -k, Cy 0 for sitting k = 1..12; then

* row 6 (sitting 5) becomes Al +100, Bea -5: it sums to +95, not 0 —
  ``E-CSV-ZERO-SUM`` at row 6, column 1;
* row 9's date becomes ``2025-13-40`` — ``E-CSV-DATE`` at row 9, column 1
  (the date column);
* row 14 repeats row 2 (2025-03-01, Al +1, Bea -1, Cy 0): the same row
  pasted again, one sitting: a duplicate;
* row 15 is a sitting of 2025-03-03 with other nets (Al -2, Bea 0, Cy +2)
  than row 4's (Al +3, Bea -3, Cy 0), the same three players: the file
  writes two sittings of that date (an early and a late game), both stored,
  the second ``CSV ledger 2025-03-03 #2`` with ``W-SITTING-TWICE`` at row
  15 (it was ``E-SITTING-CONFLICT`` against the row this file had just
  stored, and the file ingested again stored it: break22 F1);
* row 16 is a sitting of Bea and Cy only on 2025-03-02 (Bea +3, Cy -3):
  other players than row 3's, so a new sitting, the date's second:
  ``CSV ledger 2025-03-02 #2``.
Stored: rows 2-5, 7, 8, 10-13 (10 sittings) and rows 15, 16 = 12 sittings;
1 duplicate; refused rows 6 and 9.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from ingest import store as st
from ingest.ledger_stream import ingest_ledger_stream, read_ledger_stream
from ingest.pipeline import load_file, store_result
from ingest.stream import ingest_large, stream_kind

HEAD = "date,Al,Bea,Cy\n"


def _rows() -> str:
    rows = [f"2025-03-{k:02d},+{k},-{k},0" for k in range(1, 13)]
    rows[4] = "2025-03-05,+100,-5,0"
    rows[7] = "2025-13-40,+8,-8,0"
    rows += ["2025-03-01,+1,-1,0", "2025-03-03,-2,0,+2", "2025-03-02,,+3,-3"]
    return HEAD + "\n".join(rows) + "\n"


DUMP = {"sessions": "SELECT session, \"group\", CAST(date AS VARCHAR), players, header, first_file, format "
                    "FROM sessions ORDER BY session",
        "settlements": "SELECT s.session, t.player, t.units, t.game, t.source_row FROM settlements t JOIN sessions s "
                       "USING (session_id) ORDER BY 1, 2"}


def _dump(db: Path) -> dict:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {k: con.sql(q).fetchall() for k, q in DUMP.items()}
    finally:
        con.close()


def _whole(path: Path, db: Path, strict: bool = False) -> st.IngestReport:
    with st.Store(db) as store:
        result, fmt = load_file(path, store)
        assert fmt == "csv-ledger"
        return store_result(store, result, fmt, strict)


def _errors(rep: st.IngestReport) -> list[tuple]:
    return [(d.code, d.line, d.col) for d in rep.file_errors]


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    d = tmp_path_factory.mktemp("ledger")
    path = d / "ledger.csv"
    path.write_text(_rows(), encoding="utf-8")
    rep = _whole(path, d / "w.duckdb")
    return path, rep, _dump(d / "w.duckdb")


def test_the_whole_file_ingest_of_the_worked_ledger(whole):
    _path, rep, dump = whole
    assert (rep.sittings, rep.duplicates) == (12, 1)
    assert sorted(_errors(rep)) == [("E-CSV-DATE", 9, 1), ("E-CSV-ZERO-SUM", 6, 1), ("W-SITTING-TWICE", 15, 1)]
    names = [s for s, *_ in dump["sessions"]]
    assert len(names) == 12 and "CSV ledger 2025-03-02 #2" in names and "CSV ledger 2025-03-03 #2" in names
    assert "CSV ledger 2025-03-05" not in names and "CSV ledger 2025-03-08" not in names
    # the ledger's totals: row r holds sitting k = r - 1; rows 2-13 less rows 6 and 9 store k = 1-4, 6, 7, 9-12,
    # Al +(1+2+3+4+6+7+9+10+11+12) = +65, Bea -65; row 15 adds Al -2, Cy +2; row 16 Bea +3, Cy -3: Al +63,
    # Bea -62, Cy -1 (zero-sum)
    got: dict[str, int] = {}
    for _s, player, units, *_ in dump["settlements"]:
        got[player] = got.get(player, 0) + units
    assert got == {"Al": 63, "Bea": -62, "Cy": -1}


@pytest.mark.parametrize("batch", [1, 3, 7])
def test_batched_ingest_stores_what_the_whole_file_ingest_stores(whole, tmp_path, batch):
    path, want, dump = whole
    db = tmp_path / "s.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_ledger_stream(store, path, batch=batch)
    assert (rep.sittings, rep.duplicates) == (want.sittings, want.duplicates) == (12, 1)
    assert sorted(_errors(rep)) == sorted(_errors(want))
    assert [d.message for d in sorted(rep.file_errors, key=lambda d: d.line)] == \
        [d.message for d in sorted(want.file_errors, key=lambda d: d.line)]
    assert _dump(db) == dump
    # Again, streamed and whole alike: every row is a duplicate (its stored sitting, row 14 its copy of row 2):
    # nothing stored, 13 duplicates.  (The file ingested twice stored row 14 and row 15 again, "#2" of their
    # dates: break22 F1.)
    w2 = tmp_path / "w2.duckdb"
    _whole(path, w2)
    again_whole = _whole(path, w2)
    with st.Store(db) as store:
        again, _ = ingest_ledger_stream(store, path, batch=batch)
    assert (again.sittings, again.duplicates) == (again_whole.sittings, again_whole.duplicates) == (0, 13)
    assert _dump(db) == _dump(w2)


def test_a_stored_sitting_matches_one_row_of_a_file_across_batches(tmp_path):
    """A sitting stored before matches one row of a later file, and the
    file's second copy of that row (the same date and nets) is the same row
    pasted again, a duplicate too, whether the two copies are in one
    transaction or in two batches: a file's identical rows are one sitting,
    as they are when the file is stored first (it was a new sitting here,
    one there, so a file ingested again stored more: break22 F1)."""
    first = tmp_path / "a.csv"
    first.write_text(HEAD + "2025-04-01,+1,-1,0\n", encoding="utf-8")
    later = tmp_path / "b.csv"
    later.write_text(HEAD + "2025-04-01,+1,-1,0\n2025-04-02,+2,-2,0\n2025-04-01,+1,-1,0\n", encoding="utf-8")
    got = []
    for how in ("whole", "batched"):
        db = tmp_path / f"{how}.duckdb"
        assert _whole(first, db).sittings == 1
        if how == "whole":
            rep = _whole(later, db)
        else:
            with st.Store(db) as store:
                rep, _ = ingest_ledger_stream(store, later, batch=1)
        assert (rep.sittings, rep.duplicates) == (1, 2)  # row 2 matches a.csv's sitting, row 4 is row 2's copy
        got.append(_dump(db))
    assert got[0] == got[1]
    assert [s for s, *_ in got[1]["sessions"]] == ["CSV a 2025-04-01", "CSV b 2025-04-02"]


def test_strict_stores_nothing_of_a_ledger_with_a_refused_row(whole, tmp_path):
    path = whole[0]
    db = tmp_path / "s.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_ledger_stream(store, path, strict=True, batch=3)
    assert (rep.sittings, rep.committed) == (0, False)
    assert sorted(_errors(rep)) == [("E-CSV-DATE", 9, 1), ("E-CSV-ZERO-SUM", 6, 1)]  # the conflict needs the store
    assert not db.exists() or not _dump(db)["sessions"]


def test_rows_are_numbered_across_batches(whole):
    # 15 data rows (file rows 2-16) in batches of 3: rows 2-4, 5-7, 8-10, 11-13, 14-16
    _ledger, batches = read_ledger_stream(whole[0], batch=3)
    got = [([s.row for s in b.sittings], [(d.code, d.line) for d in b.errors]) for b in batches]
    assert got == [([2, 3, 4], []), ([5, 7], [("E-CSV-ZERO-SUM", 6)]), ([8, 10], [("E-CSV-DATE", 9)]),
                   ([11, 12, 13], []), ([14, 15, 16], [])]  # row 14's copy, row 15's twin: the store's to find


def test_only_large_ledgers_stream_and_a_score_sheet_is_not_a_ledger(whole, tmp_path, monkeypatch):
    path = whole[0]
    size = path.stat().st_size
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size - 1))
    assert stream_kind(path) == "ledger"
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size))
    assert stream_kind(path) is None
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("date,hand,picker,Al,Bea\n2025-03-01,1,Al,+2,-2\n", encoding="utf-8")
    assert read_ledger_stream(sheet) is None  # a hand column: a score sheet (ingest_csv_stream)
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size - 1))
    db = tmp_path / "l.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_large(store, path, kind=stream_kind(path))
    assert rep.sittings == 12 and _dump(db) == whole[2]


def test_batches_read_the_dates_in_the_whole_file_s_order(tmp_path):
    """A ledger read in batches takes its dates' order from the whole file, as a whole-file read does: the
    ambiguous 03/12/2026 of the first batch is day-first because a later row's 19/11/2026 can only be
    (2026-12-03), where the first batch alone (comma-separated, no decimal comma) read it month-first (2026-03-12).
    ``--columns date-order`` rules every batch too."""
    path = tmp_path / "night.csv"
    path.write_text("date,Ann,Bob,Cal\n03/12/2026,+2,-1,-1\n04/12/2026,-2,+1,+1\n19/11/2026,+3,-3,0\n",
                    encoding="utf-8")
    _ledger, batches = read_ledger_stream(path, batch=2)
    got = [[(s.row, s.date) for s in b.sittings] for b in batches]
    assert got == [[(2, "2026-12-03"), (3, "2026-12-04")], [(4, "2026-11-19")]]
    path.write_text("date,Ann,Bob,Cal\n03/12/2026,+2,-1,-1\n04/12/2026,-2,+1,+1\n", encoding="utf-8")
    _ledger, batches = read_ledger_stream(path, batch=1, columns="date-order=dmy")
    assert [[s.date for s in b.sittings] for b in batches] == [["2026-12-03"], ["2026-12-04"]]
    _ledger, batches = read_ledger_stream(path, batch=1)  # all ambiguous, not European: month-first, said once
    out = list(batches)
    assert [[s.date for s in b.sittings] for b in out] == [["2026-03-12"], ["2026-04-12"]]
    assert [[d.code for d in b.errors] for b in out] == [["W-CSV-DATE-ORDER"], []]
