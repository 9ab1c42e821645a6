"""The ``W-SESSION-COPY`` check's cost at each database size (issue 17).

    .venv/bin/python benchmarks/bench_session_copies.py /tmp/scale/s10k.duckdb /tmp/scale/s100k.duckdb /tmp/scale/s1m.duckdb

For each database (``benchmarks/bench_scale.py build``/``copy``), on a copy
of it: the last stored session is taken as the one just stored (``since`` =
the highest session id - 1) and given a date of its own, and
:func:`ingest.session_copies.session_copies` is timed on a new connection
(wall ms), first with one stored twin (session id - 3 given the same date:
its hands are the same generated block) and then with none.  The generated
databases' sessions all share one date and players, so without the new
dates every stored session of its block would be a twin.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from machine import load_line  # noqa: E402  (benchmarks/machine.py)


def timed(db: Path) -> tuple[int, float]:
    """(warnings, wall ms) of the check on a new connection to ``db``."""
    import duckdb

    from ingest.session_copies import session_copies, top_session_id

    con = duckdb.connect(str(db))
    try:
        since = top_session_id(con) - 1
        t = time.perf_counter()
        found = session_copies(con, since)
        return len(found), (time.perf_counter() - t) * 1000
    finally:
        con.close()


def main(paths: list[str]) -> None:
    import duckdb

    print(f"machine: {load_line()}")
    print(f"{'hands':>10} {'with a twin (ms)':>18} {'without (ms)':>14}")
    with tempfile.TemporaryDirectory() as tmp:
        for src in map(Path, paths):
            db = Path(tmp) / src.name
            shutil.copyfile(src, db)
            con = duckdb.connect(str(db))
            top, hands = con.execute("SELECT max(session_id), (SELECT count(*) FROM hands) FROM sessions").fetchone()
            con.execute("UPDATE sessions SET date = DATE '2030-01-01' WHERE session_id IN (?, ?)", [top, top - 3])
            con.execute("CHECKPOINT")
            con.close()
            n1, with_twin = timed(db)
            con = duckdb.connect(str(db))
            con.execute("UPDATE sessions SET date = DATE '2031-01-01' WHERE session_id = ?", [top - 3])
            con.execute("CHECKPOINT")
            con.close()
            n0, without = timed(db)
            assert (n1, n0) == (1, 0), (n1, n0)
            print(f"{hands:>10,} {with_twin:>18.1f} {without:>14.1f}", flush=True)
            db.unlink()


if __name__ == "__main__":
    main(sys.argv[1:])
