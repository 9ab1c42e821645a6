"""Where the store stage of a whole ingest goes, function by function
(issue 17): the microseconds a hand of each of the store's row builders.

    python benchmarks/store_functions.py --hands 20000 --per-file 1000

The generated hands of ``shead bench`` (:func:`ingest.bench.generate_texts`)
are ingested by :func:`ingest.bench.run` into a fresh database while the
store's row builders (the card log's row, the source's template, the deal
id, the Arrow tables, the summaries of new sessions ...) are timed by
wrappers set on their modules: a compiled module looks its globals up in
the module's dict, so it calls the wrapper too.  Printed: the stages as
``shead bench`` prints them (CPU seconds of the process), then each timed
function's CPU microseconds a hand (``time.thread_time``: the calling
thread's, about 0.2 µs a reading on the 2-core VM; an ingest's connection
runs DuckDB with one thread, the caller's; wall time would count the other
processes of a shared machine) and its calls.  The functions nest
(``Store._insert_group`` holds the others), so the column does not add
up.

Not wrapped: ``ingest.statements.run_with_rows`` (DuckDB's replacement scan
finds the Arrow table among the locals of the frame that calls
``execute``, which a wrapper would move) and the store's static methods
(``Store._append``, ``Store._carry_fits``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ingest import arrow_build, bench, deal_summary, summary  # noqa: E402
from ingest import store as st  # noqa: E402

#: (module, function) pairs wrapped, the store's row builders first
FUNCTIONS = ((st, "_log_codes"), (st, "source_template"), (st, "deal_id_of_codes"), (st, "_hand_columns"),
             (st, "_unit_columns"), (st, "_own_cards"), (st, "_first_of_each"), (st, "_save_states"),
             (arrow_build, "table"), (summary, "refresh_new"), (summary, "batch_rows"), (summary, "batch_hand_rows"),
             (summary, "insert_rows"), (deal_summary, "batch_rows"))
#: methods of :class:`ingest.store.Store` wrapped
METHODS = ("_insert_group", "_insert_sources", "_sessions", "_insert_rejected")


def _wrapped(f, label: str, seconds: dict, calls: dict):
    clock = time.thread_time

    def timed(*args, **kwargs):
        t = clock()
        try:
            return f(*args, **kwargs)
        finally:
            seconds[label] += clock() - t
            calls[label] += 1
    return timed


def measure(hands: int, per_file: int, seed: int = 1, rules: str = "wi5-called-ace") -> tuple[bench.BenchResult, dict, dict]:
    """Ingest ``hands`` generated hands with the functions wrapped; returns
    the bench result, seconds and calls by function label.  The wrappers
    are removed afterwards."""
    texts = bench.generate_texts(hands, per_file, seed, rules)
    seconds: dict[str, float] = defaultdict(float)
    calls: dict[str, int] = defaultdict(int)
    saved = []
    for mod, name in FUNCTIONS:
        f = getattr(mod, name)
        saved.append((mod, name, f))
        setattr(mod, name, _wrapped(f, f"{mod.__name__.rsplit('.', 1)[-1]}.{name}", seconds, calls))
    for name in METHODS:
        f = getattr(st.Store, name)
        saved.append((st.Store, name, f))
        setattr(st.Store, name, _wrapped(f, f"Store.{name}", seconds, calls))
    try:
        with tempfile.TemporaryDirectory() as d:
            res = bench.run(texts, Path(d) / "bench.duckdb")
    finally:
        for owner, name, f in saved:
            setattr(owner, name, f)
    return res, seconds, calls


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--per-file", type=int, default=1_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="wi5-called-ace")
    a = ap.parse_args(argv)
    res, seconds, calls = measure(a.hands, a.per_file, a.seed, a.rules)
    if res.stored != res.hands:
        print(f"only {res.stored:,} of {res.hands:,} hands stored: the figures are not those of a whole ingest",
              file=sys.stderr)
        return 1
    print(bench.machine_line())
    print(f"path: {'compiled' if res.compiled else 'pure Python'}; {res.hands:,} hands, {res.files} files, "
          f"{res.rate:,.0f} hands/s with the wrappers (CPU)")
    print("stage µs a hand (CPU): " + "  ".join(f"{k} {v / res.hands * 1e6:.1f}" for k, v in res.seconds.items()))
    print(f"{'function':34s} {'CPU µs a hand':>14s} {'calls':>8s}")
    for label, sec in sorted(seconds.items(), key=lambda kv: -kv[1]):
        print(f"{label:34s} {sec / res.hands * 1e6:14.2f} {calls[label]:8d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
