"""The engine stage of a first ingest alone (issue 17): the time spent inside
:func:`replay.judge.judge_hand` for generated Wisconsin hands, the SHN read
once beforehand and nothing stored.

    nice -n 10 .venv/bin/python benchmarks/bench_judge.py [-n 5000] [--profile]

Prints µs per hand (process CPU, one core; the fastest of ``--repeat`` passes) and, with ``--profile``, the
top functions of a cProfile of the judge calls (inflated by the profiler).  ``--bytecodes`` counts the
Python bytecodes and calls executed inside the judge per hand (``sys.settrace`` opcode events; slow, so
use a few hundred hands): a measure that does not move with the machine's load, for comparing two trees
on a shared machine (it does not see work done in C, and a compiled module runs no bytecodes).
"""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, __import__("os").environ.get("SHEAD_ROOT") or str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import load_line  # noqa: E402  (benchmarks/machine.py)

from ingest import bench  # noqa: E402
from ingest import validate as val  # noqa: E402
from ingest.shn.reader import read  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--hands", type=int, default=5000)
    ap.add_argument("--rules", default="wi5-called-ace")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--repeat", type=int, default=1, help="judge the hands this many times; the fastest counts")
    ap.add_argument("--bytecodes", action="store_true", help="count bytecodes and calls a hand instead of timing")
    args = ap.parse_args()
    texts = bench.generate_texts(args.hands, 1000, 1, args.rules)
    shns = [(name, read(text, name)) for name, text in texts]
    if args.bytecodes:
        bytecodes(shns)
        return
    prof = None
    if args.profile:
        import cProfile  # noqa: PLC0415
        prof = cProfile.Profile()
    best = None
    with (nullcontext([0.0]) if prof else bench.judge_timed()) as inner:
        for _ in range(args.repeat):
            n = 0
            inner[0] = 0.0
            with val.gc_paused():
                for name, shn in shns:
                    if prof:
                        prof.enable()
                    val.validate_records(shn, name)
                    if prof:
                        prof.disable()
                    n += len(shn.hands)
            best = inner[0] if best is None else min(best, inner[0])
    inner[0] = best
    print(f"machine: {load_line()}; compiled: {bench.compiled_modules() or 'nothing'}")
    if not prof:
        print(f"engine: {n:,} hands in {inner[0]:.3f} CPU-s = {inner[0] / n * 1e6:.1f} µs/hand")
    else:
        import pstats  # noqa: PLC0415
        pstats.Stats(prof).sort_stats(__import__("os").environ.get("SORT", "tottime")).print_stats(int(__import__("os").environ.get("TOP", "35")))


def bytecodes(shns) -> None:
    """Print the bytecodes and Python calls executed inside the judge per
    hand, and the functions that execute most of them."""
    import collections  # noqa: PLC0415
    import os  # noqa: PLC0415

    ops: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        key = (os.path.basename(frame.f_code.co_filename), frame.f_code.co_name)
        if event == "call":
            calls[key] += 1
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            ops[key] += 1
        return tracer

    judge = val.judge_hand

    def traced(chk, sess):
        sys.settrace(tracer)
        try:
            return judge(chk, sess)
        finally:
            sys.settrace(None)

    val.judge_hand = traced
    try:
        n = 0
        for name, shn in shns:
            val.validate_records(shn, name)
            n += len(shn.hands)
    finally:
        val.judge_hand = judge
    print(f"compiled: {bench.compiled_modules() or 'nothing'}")
    print(f"engine: {n:,} hands: {sum(ops.values()) / n:,.0f} bytecodes and {sum(calls.values()) / n:,.0f} Python "
          "calls a hand")
    for (file, func), k in ops.most_common(int(os.environ.get("TOP", "12"))):
        print(f"  {k / n:8,.0f} bytecodes {calls[(file, func)] / n:6.1f} calls  {file}:{func}")


if __name__ == "__main__":
    main()
