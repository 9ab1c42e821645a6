"""Benchmark of the SHN reader: hands per second for ``read()``.

Generates a file of full hands by text templating of the normative hand 14
(docs/notation.md §13, the design brief's notation.md §3) with the hand
number varied (1, 2, ..., N), then times ``ingest.shn.reader.read`` on it.

Run from the repository root::

    .venv/bin/python benchmarks/bench_reader.py            # 20,000 hands, best of 5
    .venv/bin/python benchmarks/bench_reader.py --hands 5000 --repeat 3

The budget (design.md §6; the reader's share of the 20,000 hands/s ingest)
is about 15 µs per full hand.  The figure is for one core (the reader is
single-threaded); both wall-clock and process CPU time are reported, best of
``--repeat``, because a shared machine inflates the wall-clock figure.

It also reports the **floor**: the time to build the very records that
``read()`` returns for those hands directly, without any parsing: per hand
156 dataclass instances (the HandRecord, 11 Values, 7 CardsRecs, a CallRec,
6 TrickRecs, 30 PlayRecs, a ScoreRec and 99 Pos, one per token written) and
about 30 lists, dicts and tuples.  No reader producing this data model can be
faster than the floor on the same machine.
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
from ingest.shn.record import (  # noqa: E402
    CallRec, CardsRec, HandRecord, PlayRec, Pos, ScoreRec, SessionRec, TrickRec, Value)
from replay.cards import Card  # noqa: E402

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


def build_floor(hands: int) -> list[HandRecord]:
    """The records of ``hands`` copies of hand 14, built without parsing (the
    same objects ``read`` makes for them, positions included)."""
    sess = SessionRec({})
    c = list(Card)
    out = []
    for k in range(1, hands + 1):
        base = 9 + (k - 1) * 19
        h = HandRecord(k, sess, Pos(base, 1))
        h.line = base
        h.dealer = Value("Ed", Pos(base, 17))
        for s, seat in enumerate(("Al", "Bea", "Cy", "Di", "Ed")):
            ln = base + 1 + s
            h.deals.append(CardsRec([c[s], c[s + 1], c[s + 2], c[s + 3], c[s + 4], c[s + 5]], Pos(ln, 1),
                                    [Pos(ln, 10), Pos(ln, 13), Pos(ln, 16), Pos(ln, 19), Pos(ln, 22), Pos(ln, 25)],
                                    seat))
        h.blind = CardsRec([c[8], c[23]], Pos(base + 6, 1), [Pos(base + 6, 7), Pos(base + 6, 10)])
        h.pick = Value("Bea", Pos(base + 7, 6))
        h.bury = CardsRec([c[8], c[2]], Pos(base + 8, 1), [Pos(base + 8, 6), Pos(base + 8, 9)], None,
                          "15 points safe")
        h.call = CallRec(c[16], None, False, Pos(base + 9, 1), Pos(base + 9, 6))
        for t in range(6):
            ln = base + 10 + t
            h.tricks.append(TrickRec(t + 1, "Al", [PlayRec(c[t], Pos(ln, 9)), PlayRec(c[t + 1], Pos(ln, 12)),
                                                   PlayRec(c[t + 2], Pos(ln, 15)), PlayRec(c[t + 3], Pos(ln, 18)),
                                                   PlayRec(c[t + 4], Pos(ln, 21))], Pos(ln, 1), Pos(ln, 4)))
        ln = base + 16
        h.partner = Value("Di", Pos(ln, 9))
        h.pts = Value(59, Pos(ln, 17))
        h.tricks_won = Value(3, Pos(ln, 28))
        h.outcome = Value("lose", Pos(ln, 31))
        ln += 1
        h.score = ScoreRec([("Al", Value(2, Pos(ln, 10))), ("Bea", Value(-4, Pos(ln, 17))),
                            ("Cy", Value(2, Pos(ln, 23))), ("Di", Value(-2, Pos(ln, 29))),
                            ("Ed", Value(2, Pos(ln, 35)))], Pos(ln, 1))
        h.source = "x"
        out.append(h)
    return out


def _best(fn, repeat: int) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds of ``fn()`` over ``repeat`` runs,
    with the cyclic GC off as ``read`` runs it."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        gc.collect()
        was = gc.isenabled()
        gc.disable()
        try:
            t0, c0 = time.perf_counter(), time.process_time()
            r = fn()
            wall = min(wall, time.perf_counter() - t0)
            cpu = min(cpu, time.process_time() - c0)
        finally:
            if was:
                gc.enable()
        del r
    return wall, cpu


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
    n = args.hands
    wall, cpu = _best(lambda: read(text), args.repeat)
    fwall, fcpu = _best(lambda: build_floor(n), args.repeat)
    cpu_name = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu_name = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    print(f"read(): {n} full hands (hand 14 of the normative example), best of {args.repeat}:")
    print(f"  wall {wall * 1000:8.1f} ms = {n / wall:9,.0f} hands/s = {wall / n * 1e6:6.1f} µs/hand")
    print(f"  cpu  {cpu * 1000:8.1f} ms = {n / cpu:9,.0f} hands/s = {cpu / n * 1e6:6.1f} µs/hand")
    print(f"floor (the same records built without parsing): cpu {fcpu / n * 1e6:.1f} µs/hand, "
          f"wall {fwall / n * 1e6:.1f} µs/hand")
    print(f"parsing cost above the floor: cpu {(cpu - fcpu) / n * 1e6:.1f} µs/hand")
    print(f"machine: {cpu_name}, {os.cpu_count()} cores, Python {platform.python_version()} "
          f"({platform.python_implementation()}), load average {os.getloadavg()[0]:.2f}")

if __name__ == "__main__":
    main()
