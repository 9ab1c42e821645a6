"""Reading time per MB of a normal file and of each hostile shape (issue 15).

Every shape goes through ``ingest.cli.load_bytes`` (read + replay-validate,
the path of ``shead ingest`` and the Import page), so the figure is what a
user waits.  The target: every hostile shape within 3x the normal file's
time per MB (linear time whatever the input).

    .venv/bin/python benchmarks/bench_hostile.py [--repeat N]

Prints one line per shape: size, seconds, seconds per MB, ratio to the
normal file of the same reader.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.cli import load_bytes  # noqa: E402

EXAMPLE = (ROOT / "data" / "sheepshead" / "example_session.shn").read_bytes()
THURSDAY = (ROOT / "data" / "demo" / "thursday_season.shn").read_bytes()
PROTOCOL = (ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt").read_bytes()


def _hand_block(n: int) -> bytes:
    return EXAMPLE + b"\n" + b"hand 9999 dealer Al\n" + n


def shn_shapes() -> dict[str, bytes]:
    head = b'%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n'
    return {
        "normal SHN (thursday_season.shn)": THURSDAY,
        "10,000 duplicate tags on one line": head + b'[Event "x"] ' * 10_000 + b"\n" + EXAMPLE[9:],
        "'hand ' x 8,000 on a line": EXAMPLE + b"hand " * 8_000 + b"\n",
        "'hand ' x 100,000 on a line": EXAMPLE + b"hand " * 100_000 + b"\n",
        "'QC ' x 100,000 in a trick": EXAMPLE + b"hand 99 dealer Al\nt1 Al: " + b"QC " * 100_000 + b"\n",
        "'pts 3 ' x 100,000 in a hand": EXAMPLE + b"hand 99 dealer Al\n" + b"pts 3 " * 100_000 + b"\n",
        "'{n} ' x 100,000 annotations": EXAMPLE + b"hand 99 dealer Al\n" + b"{n} " * 100_000 + b"\n",
        "a 1 MB line of one word": EXAMPLE + b"x" * (1 << 20) + b"\n",
        "a 1 MB line of spaces": EXAMPLE + b" " * (1 << 20) + b"\n",
        "numbers of 10,000 digits x 100": EXAMPLE + b"".join(b"hand 1" + b"7" * 10_000 + b"\n" for _ in range(100)),
        "NUL bytes x 100,000": EXAMPLE + b"\x00" * 100_000 + b"\n",
        "invalid UTF-8 x 100,000 lines": EXAMPLE + b"\xff\n" * 100_000,
        "CR-only line ends": THURSDAY.replace(b"\n", b"\r"),
    }


def protocol_shapes() -> dict[str, bytes]:
    lines = PROTOCOL.split(b"\n")
    trick_at = next(i for i, x in enumerate(lines) if b"aus:" in x)
    head_at = next(i for i, x in enumerate(lines) if x.lstrip().startswith(b"Spiel"))
    long_trick = lines[:trick_at] + [lines[trick_at].rstrip(b"\r") + b" EO" * 64_000] + lines[trick_at + 1:]
    spaces = lines[:head_at] + [b"Spiel   Preis" + b" " * 40_000 + b"x"] + lines[head_at + 1:]
    return {
        "normal protocol (x 20)": b"\n".join([PROTOCOL] * 20),
        "a trick line of 64,000 cards": b"\n".join(long_trick),
        "score-table header with 40,000 spaces": b"\n".join(spaces),
        "a 1 MB line of one word": PROTOCOL + b"\n" + b"x" * (1 << 20) + b"\n",
        "a 1 MB result line": PROTOCOL.replace(b"gewinnt", b"gewinnt " + b"ab" * (1 << 19), 1),
        "numbers of 10,000 digits in the row": PROTOCOL.replace(b"   1   ", b"   1" + b"7" * 10_000 + b"   ", 1),
    }


def bench(name: str, data: bytes, kind: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        load_bytes(f"bench.{kind}", data)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1, help="best of N runs (default 1)")
    args = ap.parse_args()
    load_bytes("warm.shn", EXAMPLE)
    for kind, shapes in (("shn", shn_shapes()), ("txt", protocol_shapes())):
        base = None
        print(f"{'reader ' + kind:<42} {'MB':>7} {'s':>8} {'s/MB':>8} {'x normal':>9}")
        for name, data in shapes.items():
            mb = len(data) / 1e6
            s = bench(name, data, kind, args.repeat)
            per = s / mb
            if base is None:
                base = per
            print(f"{name:<42} {mb:7.2f} {s:8.3f} {per:8.3f} {per / base:9.2f}", flush=True)
        print()


if __name__ == "__main__":
    main()
