"""Store benchmark: insert N synthetic ValidatedHands (built directly, no
validator) into a fresh database, in files of M hands, and print hands/s and
bytes/hand on disk, with the machine named.

    .venv/bin/python benchmarks/bench_store.py            # 100,000 hands, files of 1,000
    .venv/bin/python benchmarks/bench_store.py -n 20000 --per-file 500
    .venv/bin/python benchmarks/bench_store.py -n 1000000 --stream

Building the hands is not timed; the figure is the store alone: Arrow
batches, the INSERTs (card-token templating in SQL), the commit per file and
the final checkpoint.  ``bytes/hand`` is the database file (plus WAL) after
the store released it, divided by the hands stored; ``used`` counts only the
blocks in use (DuckDB reuses freed blocks but does not shrink the file).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import platform_line  # noqa: E402  (benchmarks/machine.py)

from ingest import store as st  # noqa: E402
from ingest.model import FileResult  # noqa: E402
from tests.conftest import make_hand  # noqa: E402


def machine() -> str:
    return platform_line()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--hands", type=int, default=100_000)
    ap.add_argument("--per-file", type=int, default=1_000)
    ap.add_argument("--hold", type=float, default=0.5, help="Store hold (s) before releasing the lock")
    ap.add_argument("--stream", action="store_true",
                    help="build each file just before storing it (for a million hands; building is not timed)")
    args = ap.parse_args()
    print(f"machine: {machine()}")
    def build(start: int) -> FileResult:
        n = min(args.per_file, args.hands - start + 1)
        return FileResult(path=f"bench-{start}.shn",
                          hands=[make_hand(k, session=f"bench {(k - 1) // 500}") for k in range(start, start + n)])

    starts = list(range(1, args.hands + 1, args.per_file))
    files = []
    if not args.stream:
        print(f"building {args.hands:,} synthetic hands ...", flush=True)
        files = [build(s) for s in starts]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        elapsed = 0.0
        stored = 0
        with st.Store(db, hold=args.hold) as store:
            for k, start in enumerate(starts):
                f = files[k] if files else build(start)
                t0 = time.perf_counter()
                stored += store.ingest_file(f).stored
                elapsed += time.perf_counter() - t0
                if args.stream and (k + 1) % 100 == 0:
                    print(f"  {stored:,} hands: last file {time.perf_counter() - t0:.3f} s", flush=True)
            t0 = time.perf_counter()
        elapsed += time.perf_counter() - t0  # the final release (checkpoint)
        size = st.database_bytes(db)
        with st.reading(db) as con:
            used, block = con.execute("SELECT used_blocks, block_size FROM pragma_database_size()").fetchall()[0]
    print(f"stored {stored:,} hands in {len(starts)} files of {args.per_file:,} (one transaction each)")
    print(f"store: {stored / elapsed:,.0f} hands/s ({elapsed:.2f} s)")
    print(f"disk:  {size:,} bytes = {size / stored:.1f} bytes/hand (used blocks {used * block / stored:.1f} bytes/hand)")


if __name__ == "__main__":
    main()
