"""Streaming of the other inputs (issue 15): a large CSV score sheet, a large
upload on the Import page and a large post to ``shead serve`` are read and
stored in bounded batches (ingest/stream.py, the per-batch rule of
docs/storage.md "Streaming ingest"), and give the store a whole-file ingest
gives.  The batches are made tiny (``batch=7`` or ``SHEAD_STREAM_BATCH``)
and the size above which a file streams small (``SHEAD_STREAM_ABOVE``) so
that small files cross many batch boundaries; memory itself is measured on
large files by benchmarks/stream_ingest.py and benchmarks/stream_inputs.py.

The CSV sheet is tests/test_csv_import.py's: 50 hands of five patterns, of
which hand 11 (row 12: Al written +3, Cy +0 for a win that B-33 pays +2 / +1)
and hand 38 (row 39: a loss with 50 points written 'win', B-27) are wrong.
With batches of 7 rows, rows 2-8 are batch 1, rows 9-15 batch 2 (holding
row 12), ..., rows 37-43 batch 6 (holding row 39) and row 51 batch 8 alone:
ceil(50 / 7) = 8 batches.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import httpx
import pytest

from ingest import store as st
from ingest.generate import generate_session_text
from ingest.pipeline import load_file, store_result
from ingest.stream import ingest_csv_stream, stream_kind
from tests.test_csv_import import HEADER, P5, sheet_rows, to_csv
from tests.test_stream_ingest import _dump

ROOT = Path(__file__).resolve().parents[1]


def _whole(path: Path, db: Path) -> st.IngestReport:
    with st.Store(db) as store:
        store.last_plan = None
        result, fmt = load_file(path, store)
        plan = store.last_plan[1] if store.last_plan and store.last_plan[0] == str(path) else None
        return store_result(store, result, fmt, False, plan=plan)


def _ingests(db: Path) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.sql("SELECT file, stored, duplicates, rejected FROM ingests ORDER BY ingest_id").fetchall()
    finally:
        con.close()


def _same(got: dict, whole: dict) -> bool:
    """The streamed store equals the whole-file one: the same hands, units,
    sources, card logs, rejects and sessions.  The one difference: each
    batch is planned against the store, so the streamed sheet also leaves
    its session's running state (docs/storage.md "Session carry"), which
    the whole-file CSV path does not record: no doubler or pot (none in the
    sheet), last and top hand 50, and 48 hands counted (hand 11 and 38
    rejected)."""
    assert {k: v for k, v in got.items() if k != "state"} == {k: v for k, v in whole.items() if k != "state"}
    assert whole["state"] == []
    [(session, last, top, queued, run, pot, _dealer, _known, hands)] = got["state"]
    assert (session, last, top, queued, run, pot, hands) == ("CSV thursday 2026-02-05", 50, 50, 0, 0, 0, 48)
    return True


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> Path:
    rows, _ = sheet_rows()
    p = tmp_path_factory.mktemp("csv") / "thursday.csv"
    p.write_bytes(to_csv(HEADER, rows))
    return p


@pytest.fixture(scope="module")
def sheet_whole(sheet, tmp_path_factory):
    db = tmp_path_factory.mktemp("csvwhole") / "w.duckdb"
    rep = _whole(sheet, db)
    return _dump(db), rep


def test_a_streamed_score_sheet_stores_every_good_hand_and_positions_each_bad_one(sheet, sheet_whole, tmp_path):
    dump, whole = sheet_whole
    assert (whole.stored, len(whole.rejected)) == (48, 2)
    db = tmp_path / "s.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_csv_stream(store, sheet, batch=7)
    assert (rep.stored, rep.duplicates, len(rep.rejected)) == (48, 0, 2)
    bad = {r.hand: r.errors[0] for r in rep.rejected}
    assert sorted(bad) == [11, 38]
    assert bad[11].line == 12 and bad[11].col in (11, 12, 13)  # row 12, a units cell of Al, Bea or Cy
    assert bad[38].line == 39 and bad[38].col in (7, 8)  # row 39, the points or outcome cell
    assert [(d.code, d.line, d.col) for r in rep.rejected for d in r.errors] == \
        [(d.code, d.line, d.col) for r in whole.rejected for d in r.errors]
    assert _same(_dump(db), dump)
    got = _ingests(db)
    # 8 batches (module docstring): 7 rows each, batch 2 and batch 6 hold one bad row, batch 8 one row
    assert [(n, r) for _p, n, _d, r in got] == [(7, 0), (6, 1), (7, 0), (7, 0), (7, 0), (6, 1), (7, 0), (1, 0)]
    with st.Store(db) as store:
        again, _ = ingest_csv_stream(store, sheet, batch=7)
    assert (again.stored, again.duplicates, again.rejected_new) == (0, 48, 0)
    assert _same(_dump(db), dump)


def test_the_units_of_the_streamed_sheet_are_the_hand_worked_ones(sheet, tmp_path):
    """The 48 good rows' units (test_csv_import.sheet_rows, rules.md B-33:
    win +2/+1/-1, schneider +4/+2/-2, loss doubled on the bump -4/-2/+2,
    alone +4/-1, leaster +4/-1) summed per player, zero-sum."""
    _rows, want = sheet_rows()
    tot = {x: sum(u[x] for u in want if u is not None) for x in P5}
    assert sum(tot.values()) == 0
    db = tmp_path / "u.duckdb"
    with st.Store(db) as store:
        ingest_csv_stream(store, sheet, batch=7)
    con = duckdb.connect(str(db), read_only=True)
    try:
        got = dict(con.sql("SELECT player, CAST(sum(units) AS INTEGER) FROM hand_units GROUP BY player").fetchall())
    finally:
        con.close()
    assert got == tot


_CHILD = """
import os, signal, sys
from ingest import store as st
from ingest.stream import ingest_csv_stream
path, db = sys.argv[1], sys.argv[2]
def on_batch(k, n):
    if k == 2:
        os.kill(os.getpid(), signal.SIGKILL)
with st.Store(db, hold=0.0) as store:
    ingest_csv_stream(store, path, batch=7, on_batch=on_batch)
print("finished")
"""


def test_a_kill_after_the_second_batch_of_a_sheet_keeps_it_and_a_rerun_stores_the_rest(sheet, sheet_whole, tmp_path):
    """kill -9 once batch 2 (rows 9-15) is committed: hands 1-14 read, hand
    11 rejected, so 13 stored and one reject; nothing of batch 3 on.  The
    re-run stores the other 35 good hands, the 13 count as duplicates."""
    dump, _ = sheet_whole
    db = tmp_path / "k.duckdb"
    out = subprocess.run([sys.executable, "-c", _CHILD, str(sheet), str(db)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == -signal.SIGKILL, out.stderr[-2000:]
    part = _dump(db)
    assert sorted(h for _s, h, *_ in part["sources"]) == [*range(1, 11), 12, 13, 14]
    assert [(r[2], r[5]) for r in part["rejected"]] == [(12, 11)]  # line 12, hand 11
    with st.Store(db) as store:
        rep, _ = ingest_csv_stream(store, sheet, batch=7)
    assert (rep.stored, rep.duplicates) == (35, 13)
    assert _same(_dump(db), dump)


def test_only_large_score_sheets_stream(sheet, tmp_path, monkeypatch):
    size = sheet.stat().st_size
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size - 1))
    assert stream_kind(sheet) == "csv"
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size))
    assert stream_kind(sheet) is None
    ledger = tmp_path / "ledger.csv"
    ledger.write_text("date," + ",".join(P5) + "\n" + "2026-02-05,+2,-2,0,0,0\n" * 50, encoding="utf-8")
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
    assert stream_kind(ledger) == "ledger"  # a ledger of sitting totals streams too (tests/test_ledger_stream.py)


def _shn(tmp_path: Path) -> tuple[Path, int]:
    text = generate_session_text(3, 9, session="upload") + "\n" + \
        generate_session_text(4, 5, session="upload two").partition("\n")[2]
    p = tmp_path / "upload.shn"
    p.write_text(text, encoding="utf-8")
    return p, 14


def test_the_import_page_streams_a_large_upload_in_batches(sheet, tmp_path, monkeypatch):
    """SHEAD_STREAM_ABOVE=100 and batches of 4 hands: the 14-hand SHN upload
    (sessions of 9 and 5 hands; a batch cuts the file, not a session) is
    stored in ceil(14 / 4) = 4 batches, the 50-row sheet in ceil(50 / 4) = 13.
    The page reports 14 + 48 stored and 2 rejected."""
    from streamlit.testing.v1 import AppTest

    db = tmp_path / "page.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "4")
    shn, n = _shn(tmp_path)
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "import_files.py"), default_timeout=120)
    at.run()
    at.file_uploader[0].set_value([("upload.shn", shn.read_bytes(), "text/plain"),
                                   ("thursday.csv", sheet.read_bytes(), "text/csv")]).run()
    assert not at.exception, [e.value for e in at.exception]
    at.button(key="imp_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [(m.label, m.value) for m in at.metric] == [("Stored", str(n + 48)), ("Duplicates", "0"),
                                                        ("Rejected", "2")]
    rows = _ingests(db)
    assert [p for p, *_ in rows] == ["upload.shn"] * 4 + ["thursday.csv"] * 13
    assert sum(s for _p, s, _d, _r in rows) == n + 48
    said = [m.value for m in at.markdown if "thursday.csv" in m.value and ":12:" in m.value]
    assert said, [m.value for m in at.markdown]  # the bad row 12 is reported at its line


def test_a_large_post_to_the_service_is_stored_in_batches(tmp_path, monkeypatch):
    """The owner's post over SHEAD_STREAM_ABOVE (100 bytes) is spooled to
    disk and stored in batches of SHEAD_STREAM_BATCH=4 hands: 14 hands in 4
    ``ingests`` rows; posting it again stores nothing (14 duplicates)."""
    from tests.service_helpers import start_service

    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "4")
    shn, n = _shn(tmp_path)
    db = tmp_path / "served.duckdb"
    served = start_service(db)
    try:
        with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {served.secret}"},
                          timeout=120) as c:
            first = c.post("/hands", params={"name": "upload.shn"}, content=shn.read_bytes())
            assert first.status_code == 200, first.text
            assert first.json() == {"ingested": n, "duplicates": 0, "rejected": [], "warnings": []}
            again = c.post("/hands", params={"name": "upload.shn"}, content=io.BytesIO(shn.read_bytes()).read())
            assert again.json() == {"ingested": 0, "duplicates": n, "rejected": [], "warnings": []}
    finally:
        served.stop()
    rows = _ingests(db)
    assert [(s, d) for _p, s, d, _r in rows[:4]] == [(4, 0), (4, 0), (4, 0), (2, 0)]


def test_shead_ingest_through_the_service_posts_a_large_file_in_pieces(tmp_path, monkeypatch):
    from tests.service_helpers import start_service

    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "4")
    shn, n = _shn(tmp_path)
    db = tmp_path / "served2.duckdb"
    served = start_service(db)
    try:
        run = subprocess.run([sys.executable, "-m", "ingest.cli", "ingest", "--json", "--db", str(db), str(shn)],
                             capture_output=True, text=True, cwd=ROOT, env={**os.environ}, timeout=300)
    finally:
        served.stop()
    assert run.returncode == 0, run.stderr
    assert "posting through it" in run.stderr
    assert [s for _p, s, _d, _r in _ingests(db)] == [4, 4, 4, 2]


def test_shead_ingest_streams_a_large_score_sheet(sheet, tmp_path, monkeypatch):
    """``shead ingest`` takes the streamed path for a CSV score sheet over
    SHEAD_STREAM_ABOVE: 48 stored and the two bad rows reported at
    ``file:12:`` and ``file:39:``, in the 8 batches of 7 rows worked out in
    the module docstring."""
    import json

    from typer.testing import CliRunner

    from ingest.cli import app

    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "7")
    db = tmp_path / "cli.duckdb"
    out = CliRunner().invoke(app, ["ingest", "--json", "--db", str(db), str(sheet)])
    assert out.exit_code == 1  # a rejected hand makes the exit code 1
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["ingested"] == 48 and summary["duplicates"] == 0
    assert sorted((e["line"], e["hand"]) for e in summary["rejected"]) == [(12, 11), (39, 38)]
    assert [s for _p, s, _d, _r in _ingests(db)] == [7, 6, 7, 7, 7, 6, 7, 1]
