"""Streamed ingest of a large SHN file with a progress line per batches
(issue 15): ``python benchmarks/stream_ingest.py FILE.shn --db X.duckdb``.

Runs :func:`ingest.stream.ingest_stream` (the path ``shead ingest`` takes
for a file over 8 MiB) and prints, every ``--every`` batches, the hands read,
the hands per second of the last stretch and overall, and this process's
resident memory now and at its peak (``/proc/self/status`` VmRSS/VmHWM, in
MB).  The last line sums the report: stored, duplicates, rejected, file
errors, wall and CPU seconds.  For the figure the issue asks for, run it
under ``/usr/bin/time -v`` (maximum resident set size) or use ``shead
ingest`` itself; on a shared machine run it under ``nice -n 10`` and say the
figures were taken under load."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def _mem() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process in MB (0, 0 where /proc is missing)."""
    got = {}
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    got[line[:5]] = int(line.split()[1]) / 1024
    except OSError:
        return 0.0, 0.0
    return got.get("VmRSS", 0.0), got.get("VmHWM", 0.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--db", type=Path, required=True)
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--every", type=int, default=10, help="print a line every N batches")
    ap.add_argument("--batch", type=int, default=None, help="hands per batch (default ingest.stream.BATCH_HANDS)")
    ap.add_argument("--memory-limit", default=None,
                    help="DuckDB memory_limit while streaming, e.g. 96MB (default ingest.stream.STREAM_SETTINGS)")
    args = ap.parse_args()

    from ingest import store as st
    from ingest.stream import BATCH_HANDS, ingest_stream

    t0 = time.monotonic()
    c0 = time.process_time()
    last = [t0, 0]

    def on_batch(k: int, n: int) -> None:
        if k % args.every:
            return
        now = time.monotonic()
        rss, hwm = _mem()
        rate = (n - last[1]) / max(now - last[0], 1e-9)
        print(f"batch {k}: {n:,} hands read, {rate:,.0f} hands/s (overall {n / (now - t0):,.0f}), "
              f"rss {rss:,.0f} MB, peak {hwm:,.0f} MB, {now - t0:,.0f} s", flush=True)
        last[:] = [now, n]

    with st.Store(args.db) as store:
        if args.memory_limit:
            store.settings = {"memory_limit": args.memory_limit}  # the caller's settings win over STREAM_SETTINGS
        rep, _ = ingest_stream(store, args.file, args.strict, batch=args.batch or BATCH_HANDS, on_batch=on_batch)
    wall = time.monotonic() - t0
    cpu = time.process_time() - c0
    rss, hwm = _mem()
    print(f"{args.file}: {rep.stored:,} stored, {rep.duplicates:,} duplicates, {len(rep.rejected):,} rejected, "
          f"{sum(1 for d in rep.file_errors if d.severity == 'error')} file error(s); wall {wall:,.0f} s, "
          f"cpu {cpu:,.0f} s, {(rep.stored + rep.duplicates + len(rep.rejected)) / wall:,.0f} hands/s; "
          f"peak rss {hwm:,.0f} MB (this process, VmHWM)")
    sys.exit(0 if rep.committed else 1)


if __name__ == "__main__":
    main()
