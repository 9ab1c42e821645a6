"""Speed of the double-dummy solver (issue 16): medians over many random deals.

    python benchmarks/bench_solver.py            # 30 five-handed deals, 10 Schafkopf games
    python benchmarks/bench_solver.py --deals 60 --sk 20 --pure

Times, on one core, (1) the best-play value of a five-handed wi5-called-ace
hand from its first card, (2) the same for the J♦ game, (3) an eight-trick
Schafkopf game (Sauspiel, solo, Wenz or Geier) from its first card, and (4)
the whole per-card judgement of a five-handed hand (every card's best and
cost, `shead analyze`).  Targets: (1) under 1 s, (3) under 10 s.  Times are
CPU seconds of this process (``time.process_time``: one core, and less
disturbed by other work on a shared machine than the wall clock).  Prints
whether the compiled core (``python -m replay.build_solver``) or the
pure-Python one ran.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from replay.actions import Play  # noqa: E402
from replay.analysis import analyse  # noqa: E402
from replay.dd_check import random_position, random_schafkopf  # noqa: E402
from replay.generator import random_hand  # noqa: E402
from replay.profile import parse_rules  # noqa: E402
from replay.schafkopf import SchafkopfProfile  # noqa: E402
from replay.solver import DDSolver  # noqa: E402
from replay.state import GameState  # noqa: E402


def first_card(rng, prof):
    while True:
        g = random_position(rng, prof, prof.tricks)
        if not g.trick and not g.trick_no:
            return g


def report(label: str, times: list[float], nodes: list[int]) -> None:
    times = sorted(times)
    print(f"{label}: median {statistics.median(times):.3f} s CPU, p90 {times[int(0.9 * (len(times) - 1))]:.3f} s, "
          f"max {times[-1]:.3f} s over {len(times)} deals; median {int(statistics.median(nodes)):,} nodes")


def bench_value(rng, prof, n: int, pure: bool, label: str) -> None:
    ts, ns = [], []
    for _ in range(n):
        g = first_card(rng, prof)
        s = DDSolver(g, pure=pure)
        t = time.process_time()
        s.value(g)
        ts.append(time.process_time() - t)
        ns.append(s.nodes)
    report(label, ts, ns)


def bench_sk(rng, n: int, pure: bool) -> None:
    ts, ns = [], []
    for _ in range(n):
        done, _ = random_schafkopf(rng, SchafkopfProfile(), cards=0)
        s = DDSolver(done, pure=pure)
        t = time.process_time()
        s.value(done)
        ts.append(time.process_time() - t)
        ns.append(s.nodes)
    report("Schafkopf, 8 tricks, value from the first card", ts, ns)


def bench_analyse(rng, prof, n: int, pure: bool) -> None:
    ts, ns = [], []
    while len(ts) < n:
        h = random_hand(rng, prof, 0)
        if h.kind != "pick":
            continue
        g = GameState(prof, 0, h.hands, h.blind, complete=True)
        plays = []
        for a in h.actions:
            if type(a) is Play:
                plays.append((a.seat, a.card))
            elif plays:
                break
            else:
                g.apply(a)
        t = time.process_time()
        r = analyse(g, plays, pure=pure)
        ts.append(time.process_time() - t)
        ns.append(r.nodes)
    report(f"{prof.name}, every card judged (shead analyze)", ts, ns)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=30, help="five-handed deals per figure")
    ap.add_argument("--sk", type=int, default=10, help="Schafkopf games")
    ap.add_argument("--pure", action="store_true", help="the pure-Python core even when the compiled one is built")
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    wi5 = parse_rules("wi5-called-ace")
    probe = DDSolver(first_card(random.Random(0), wi5), pure=args.pure)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"core: {'compiled (mypyc)' if probe.compiled else 'pure Python'}; {os.cpu_count()} cores, "
          f"load average {load:.2f} at the start")
    bench_value(rng, wi5, args.deals, args.pure, "wi5-called-ace, value from the first card")
    bench_value(rng, parse_rules("wi5-jack-of-diamonds"), args.deals, args.pure,
                "wi5-jack-of-diamonds, value from the first card")
    bench_sk(rng, args.sk, args.pure)
    bench_analyse(rng, wi5, max(args.deals // 3, 3), args.pure)


if __name__ == "__main__":
    main()
