"""The double-dummy solver against exhaustive minimax, and the compiled core
against the pure-Python one (issue 16).

    python benchmarks/dd_agreement.py                 # 1,000 positions, 1-3 tricks left, 12 profiles
    python benchmarks/dd_agreement.py --pure-vs-compiled 1000   # 1,000 deals, four tricks left

The exhaustive search (:func:`replay.dd_check.exhaustive_moves`) plays every
legal card through the engine with no pruning; every legal card's value must
agree.  Prints the counts and exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from replay.dd_check import exhaustive_moves, random_position  # noqa: E402
from replay.profile import parse_rules  # noqa: E402
from replay.schafkopf import SchafkopfProfile  # noqa: E402
from replay.solver import DDSolver  # noqa: E402

PROFILES = ["wi5-called-ace", "wi5-jack-of-diamonds", "wi3", "wi4-called-ace", "wi4-cutthroat", "wi6-sit-out",
            "wi6-jd-ace", "wi5-spitz", "wi5-called-ace; calledTenBeatsAce=on", "wi7-jack-of-diamonds",
            "wi8-black-queens", "wi2", "schafkopf", "schafkopf-short"]
LONG = ("wi2", "wi7-jack-of-diamonds", "wi8-black-queens")


def profile(name):
    if name == "schafkopf":
        return SchafkopfProfile()
    if name == "schafkopf-short":
        return SchafkopfProfile(shortDeck=True)
    return parse_rules(name)


def agreement(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    per: dict[str, int] = {}
    t0 = time.perf_counter()
    for i in range(n):
        name = PROFILES[i % len(PROFILES)]
        k = 1 + rng.randrange(2 if name in LONG else 3)
        g = random_position(rng, profile(name), k)
        ref = exhaustive_moves(g)
        got = DDSolver(g).move_values(g).values
        per[name] = per.get(name, 0) + 1
        if got != ref:
            bad += 1
            print(f"DISAGREE {name} tricks left {k}: solver {got} exhaustive {ref}")
    print(f"{n} positions (1-3 tricks left; 1-2 for {', '.join(LONG)}), {len(per)} profiles: "
          f"{n - bad} agree, {bad} disagree ({time.perf_counter() - t0:.0f} s)")
    for name, c in per.items():
        print(f"  {name}: {c}")
    return bad


def pure_vs_compiled(n: int, seed: int) -> int:
    probe = DDSolver(random_position(random.Random(0), profile("wi5-called-ace"), 1))
    if not probe.compiled:
        print("the compiled core is not built (python -m replay.build_solver); nothing to compare")
        return 1
    rng = random.Random(seed)
    bad = 0
    names = ["wi5-called-ace", "wi5-jack-of-diamonds", "wi4-called-ace", "wi6-jd-ace", "wi3", "schafkopf-short"]
    t0 = time.perf_counter()
    for i in range(n):
        name = names[i % len(names)]
        prof = profile(name)
        g = random_position(rng, prof, 4)
        a = DDSolver(g, pure=True).move_values(g).values
        b = DDSolver(g).move_values(g).values
        if a != b:
            bad += 1
            print(f"DISAGREE {name}: pure {a} compiled {b}")
    print(f"{n} deals, each from a position with four tricks left ({', '.join(names)}): pure and compiled give the same "
          f"values of every legal card in {n - bad}, differ in {bad} ({time.perf_counter() - t0:.0f} s)")
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--pure-vs-compiled", action="store_true")
    args = ap.parse_args()
    bad = pure_vs_compiled(args.n, args.seed) if args.pure_vs_compiled else agreement(args.n, args.seed)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
