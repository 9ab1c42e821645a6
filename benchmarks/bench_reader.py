"""Benchmark of the SHN reader: hands per second for ``read()``.

Generates a file of full hands by text templating of the normative hand 14
(docs/notation.md §13, the design brief's notation.md §3) with the hand
number varied (1, 2, ..., N), then times ``ingest.shn.reader.read`` on it.

Run from the repository root::

    .venv/bin/python benchmarks/bench_reader.py            # 20,000 hands, best of 5
    .venv/bin/python benchmarks/bench_reader.py --hands 5000 --repeat 3

The budget (design.md §6; the reader's share of the 20,000 hands/s ingest)
is about 15 µs per full hand.  The figure is for one core.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ingest.shn.reader import read  # noqa: E402

HEADER = """%SHN 1.0
[Event "Thursday Night Sheepshead"]
[Site "Schultz's Tavern, Sheboygan WI"]
[Date "2025.03.06"]
[Table "2"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"]

"""

#: Hand 14 of the normative example, as written there (comments included).
HAND = """hand {n}  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
pick Bea                        ; Al passed
bury AS KC {{15 points safe}}
call AH                         ; hold card 7H
t1 Al:  9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea: 7H KH AH 9H 8H {{called suit led; Di revealed}}
t4 Di:  QD JS QS JC QH
t5 Al:  TH?! AD JH 7D KS
t6 Cy:  AC TS 8S 7S 9S
partner Di  pts 59  tricks 3  lose
score Al +2 Bea -4 Cy +2 Di -2 Ed +2
"""


def make_text(hands: int) -> str:
    """An SHN file of ``hands`` copies of hand 14 numbered 1..hands."""
    return HEADER + "\n".join(HAND.format(n=k) for k in range(1, hands + 1))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    text = make_text(args.hands)
    f = read(text)
    bad = sum(len(h.errors) for h in f.hands) + len(f.errors)
    if len(f.hands) != args.hands or bad:
        raise SystemExit(f"benchmark input did not read cleanly: {len(f.hands)} hands, {bad} errors")
    del f
    best = float("inf")
    for _ in range(args.repeat):
        gc.collect()
        t0 = time.perf_counter()
        f = read(text)
        best = min(best, time.perf_counter() - t0)
        del f
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    print(f"read(): {args.hands} full hands in {best * 1000:.1f} ms (best of {args.repeat}) = "
          f"{args.hands / best:,.0f} hands/s, {best / args.hands * 1e6:.1f} µs/hand")
    print(f"machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.python_implementation()})")


if __name__ == "__main__":
    main()
