"""DuckDB's own share of a whole ingest (issue 17): how much of ``shead
bench``'s store stage is the database's statements, and what that alone
allows, file size by file size.

    python benchmarks/store_floor.py --hands 20000 --per-file 1000 5000 20000

For each file size the generated hands (:func:`ingest.bench.generate_texts`,
the same as ``shead bench``) are ingested by :func:`ingest.bench.run` into a
fresh database while every ``execute`` on the store's write connection is
timed (process CPU seconds, so DuckDB's threads count and waiting for the
disk does not).  Printed per size: the stages as ``shead bench`` prints them,
the statements' seconds and microseconds a hand, their count a file, the
ten dearest statements, and the ceiling the statements alone put on the
ingest (hands a CPU second if everything but DuckDB cost nothing).

The connection is wrapped in a proxy for the measurement only: a statement
that reads an Arrow table by name (DuckDB's replacement scan looks in the
calling frame) is run in a frame holding the caller's locals, so the rows
stored are the ones ``shead bench`` stores.  The proxy costs a few
microseconds a statement, counted in the store stage, not in the
statements' time.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ingest import bench  # noqa: E402
from ingest import store as st  # noqa: E402

_CALL = compile("_con.execute(_sql, *_args, **_kw)", "<store_floor>", "eval")


class _Timed:
    """A write connection whose ``execute`` adds its process CPU seconds to
    ``spent`` (statement text, first 60 characters, -> [seconds, count])."""

    def __init__(self, con, spent: dict[str, list]) -> None:
        self._con = con
        self._spent = spent

    def execute(self, sql, *args, **kw):
        scope = dict(sys._getframe(1).f_locals)  # the caller's Arrow tables, for DuckDB's replacement scan
        scope.update(_con=self._con, _sql=sql, _args=args, _kw=kw)
        t = time.process_time()
        try:
            return eval(_CALL, {}, scope)  # noqa: S307 - a fixed expression
        finally:
            key = " ".join(str(getattr(sql, "query", sql)).split())[:60]  # a parsed statement: its text
            cell = self._spent.setdefault(key, [0.0, 0])
            cell[0] += time.process_time() - t
            cell[1] += 1

    def __getattr__(self, name):
        return getattr(self._con, name)


def measure(hands: int, per_file: int, seed: int = 1, rules: str = "wi5-called-ace") -> tuple[bench.BenchResult, dict]:
    """One ingest of ``hands`` generated hands in files of ``per_file``;
    returns the bench result and the statements' ``{text: [seconds, count]}``."""
    texts = bench.generate_texts(hands, per_file, seed, rules)
    spent: dict[str, list] = {}
    writer = st.Store._writer

    def timed_writer(self):
        con = writer(self)
        return con if isinstance(con, _Timed) else _Timed(con, spent)

    st.Store._writer = timed_writer
    try:
        with tempfile.TemporaryDirectory() as tmp:
            res = bench.run(texts, Path(tmp) / "floor.duckdb", rules)
    finally:
        st.Store._writer = writer
    return res, spent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--per-file", type=int, nargs="+", default=[1_000, 5_000, 20_000])
    ap.add_argument("--top", type=int, default=10, help="dearest statements listed per size")
    a = ap.parse_args(argv)
    print(bench.machine_line())
    for per_file in a.per_file:
        res, spent = measure(a.hands, per_file)
        if not res.stored:
            print(f"files of {per_file:,}: nothing stored", file=sys.stderr)
            return 1
        db = sum(s for s, _ in spent.values())
        count = sum(n for _, n in spent.values())
        us = db / res.stored * 1e6
        print(f"\nfiles of {per_file:,} hands ({res.files} files): {res.rate:,.0f} hands/s whole ingest, "
              f"{res.total / res.stored * 1e6:.0f} us a hand")
        print("  " + "  ".join(f"{k} {res.seconds[k] / res.stored * 1e6:.0f}" for k in bench.STAGES) + "  (us a hand)")
        print(f"  DuckDB statements: {db:.2f} CPU-s = {us:.1f} us a hand ({db / res.seconds['store']:.0%} of the store "
              f"stage), {count / res.files:.1f} statements a file; alone they allow {1e6 / us:,.0f} hands/s")
        for sql, (s, n) in sorted(spent.items(), key=lambda kv: -kv[1][0])[:a.top]:
            print(f"    {s / res.files * 1e3:7.2f} ms a file  x{n / res.files:<4.1f} {sql}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
