"""The compiled and the pure-Python ingest paths store identical rows
(issue 17), at scale: generate N hands spread over every named profile
(:func:`ingest.fastpath.profile_texts`: misdeals, score-sheet lines and a
raised ``pts`` in every 23rd written result), ingest them here (the compiled
modules, when ``python -m ingest.fastpath`` built them) and in a new process
on a copy of the sources without extension modules, and compare every table
row for row.

    .venv/bin/python -m ingest.fastpath                       # build first
    nice -n 10 .venv/bin/python benchmarks/fastpath_agreement.py -n 100000

Prints each path's hands/s (process CPU of the ingest) and the comparison;
exits 1 when a table differs.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import load_line  # noqa: E402  (benchmarks/machine.py)

from ingest import fastpath  # noqa: E402
from ingest.store import database_bytes as fastpath_db_bytes  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-file", type=int, default=1_000)
    args = ap.parse_args()
    print(f"machine: {load_line()}")
    print(f"this process runs compiled: {fastpath.compiled_now() or 'nothing (pure Python)'}")
    t = time.process_time()
    texts = fastpath.profile_texts(args.hands, seed=args.seed, per_file=args.per_file)
    print(f"generated {args.hands:,} hands in {len(texts)} files over every named profile "
          f"({time.process_time() - t:.0f} CPU-s, not timed below)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        saved = tmp_path / "texts.json"
        saved.write_text(json.dumps(texts))
        t = time.process_time()
        stored, rejected = fastpath.ingest_texts(texts, tmp_path / "here.duckdb")
        dt = time.process_time() - t
        size = fastpath_db_bytes(tmp_path / "here.duckdb")
        print(f"this path: {stored:,} stored, {rejected:,} rejected, {stored / dt:,.0f} hands/s; "
              f"database {size:,} bytes = {size / max(stored, 1):.0f} bytes/hand", flush=True)
        t = time.perf_counter()
        got = fastpath.ingest_in_pure_copy(saved, tmp_path / "pure.duckdb", tmp_path)
        print(f"pure copy: {got['stored']:,} stored, {got['rejected']:,} rejected "
              f"({time.perf_counter() - t:.0f} s wall), compiled there: {got['compiled'] or 'nothing'}", flush=True)
        here = fastpath.stored_rows(tmp_path / "here.duckdb")
        pure = fastpath.stored_rows(tmp_path / "pure.duckdb")
    bad = [t for t in sorted(set(here) | set(pure)) if here.get(t) != pure.get(t)]
    for t in sorted(here):
        print(f"  {t:<20} {len(here[t]):>9,} rows  {'DIFFERENT' if t in bad else 'identical'}")
    print("identical stored rows" if not bad else f"DIFFERENT: {bad}")
    return 1 if bad or got["compiled"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
