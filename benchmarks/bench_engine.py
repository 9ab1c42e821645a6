"""Engine benchmark: replay-validate throughput and the cost of one replay step.

    .venv/bin/python benchmarks/bench_engine.py [--hands 20000] [--seed 1]

Generates legal hands with the seeded generator, then times applying every
action of every hand to a fresh GameState and settling it (what validation
does per hand), and times stepping a replay frame by frame (design.md 6:
under 1 ms per card).  Prints figures with the machine named.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from replay.generator import random_session
from replay.profile import parse_rules
from replay.replay import replay
from replay.state import GameState


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    prof = parse_rules("wi5-called-ace")
    hands = [h for h in random_session(random.Random(args.seed), prof, args.hands) if h.kind != "misdeal"]
    t0 = time.perf_counter()
    for h in hands:
        g = GameState(prof, h.dealer, list(h.hands), h.blind, complete=True, stake=h.stake)
        for a in h.actions:
            g.apply(a)
        g.settlement()
    dt = time.perf_counter() - t0
    cards = sum(1 for h in hands for a in h.actions if type(a).__name__ == "Play")
    sample = hands[: min(2000, len(hands))]
    t1 = time.perf_counter()
    frames = 0
    for h in sample:
        g = GameState(prof, h.dealer, list(h.hands), h.blind, complete=True, stake=h.stake)
        for _ in replay(g, h.actions):
            frames += 1
    dt2 = time.perf_counter() - t1
    print(f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"engine replay+settle: {len(hands)} hands in {dt:.3f} s = {len(hands) / dt:,.0f} hands/s "
          f"({dt / cards * 1e6:.2f} us per card)")
    print(f"replay frames: {frames} frames in {dt2:.3f} s = {dt2 / frames * 1e6:.1f} us per step (target < 1000 us)")


if __name__ == "__main__":
    main()
