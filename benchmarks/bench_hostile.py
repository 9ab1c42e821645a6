"""Reading time per MB of a normal file and of each hostile shape (issue 15).

Every shape goes through ``ingest.cli.load_bytes`` (read + replay-validate,
the path of ``shead ingest`` and the Import page), so the figure is what a
user waits.  The target: every hostile shape within 3x the normal file's
time per MB (linear time whatever the input).

    nice -n 10 .venv/bin/python benchmarks/bench_hostile.py [--repeat N] [--only TEXT]

The shapes are those of the long fuzz (tests/hostile.py): each token of its
``repeat_token`` mutation repeated 100,000 times on one line, each kind of
line of a real file stretched to a 1 MB line (``long_line``), numbers of
10,000 digits, NUL bytes, invalid UTF-8, CR-only line ends, and the shapes
issue 15 names; for the SHN reader and for the NetSchafkopf reader.

Prints one line per shape: size (MB), wall seconds, CPU seconds, CPU seconds
per MB and its ratio to the normal file of the same reader (CPU time: on a
shared machine the wall time measures the neighbours too), then a last line
saying whether every shape is within 3x.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.machine import load_line  # noqa: E402
from ingest.cli import load_bytes  # noqa: E402

EXAMPLE = (ROOT / "data" / "sheepshead" / "example_session.shn").read_bytes()
THURSDAY = (ROOT / "data" / "demo" / "thursday_season.shn").read_bytes()
PROTOCOL = (ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt").read_bytes()

#: The tokens of tests/hostile.py's ``repeat_token`` mutation.
REPEAT_TOKENS = [b"hand ", b"[Date \"x\"] ", b"QC ", b"pts 3 ", b"{n} ", b"t1 ", b"Al ", b"^ ", b"? ",
                 b"[Event \"e\"] ", b"Eichel-Ober ", b"  "]
MB1 = 1 << 20
TARGET = 3.0


def _at_line(data: bytes, starts: bytes, insert: bytes) -> bytes:
    """``insert`` (a line) before the first line of ``data`` starting with ``starts``."""
    lines = data.split(b"\n")
    k = next(i for i, x in enumerate(lines) if x.lstrip().startswith(starts))
    return b"\n".join(lines[:k] + [insert] + lines[k:])


def _stretched(data: bytes, starts: bytes) -> bytes:
    """The first line starting with ``starts`` repeated (space-separated) into
    a 1 MB line, inserted before it (the fuzz's ``long_line``)."""
    line = next(x for x in data.split(b"\n") if x.lstrip().startswith(starts)).rstrip(b"\r") + b" "
    return _at_line(data, starts, (line * (MB1 // len(line) + 1))[:MB1])


def shn_shapes() -> dict[str, bytes]:
    head = b'%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n'
    shapes = {
        "normal SHN (thursday_season.shn)": THURSDAY,
        "10,000 duplicate tags on one line": head + b'[Event "x"] ' * 10_000 + b"\n" + EXAMPLE[9:],
        "'hand ' x 8,000 on a line": EXAMPLE + b"hand " * 8_000 + b"\n",
    }
    for tok in REPEAT_TOKENS:
        shapes[f"{tok.decode()!r} x 100,000 in a hand"] = _at_line(EXAMPLE, b"t1 ", tok * 100_000)
    for tok in (b"[Date \"x\"] ", b"hand ", b"QC "):
        shapes[f"{tok.decode()!r} x 100,000 before the hands"] = _at_line(EXAMPLE, b"[Event", tok * 100_000)
    shapes.update({
        "'QC ' x 100,000 in a trick": EXAMPLE + b"hand 99 dealer Al\nt1 Al: " + b"QC " * 100_000 + b"\n",
        "'{n} ' x 100,000 after a hand": EXAMPLE + b"hand 99 dealer Al\n" + b"{n} " * 100_000 + b"\n",
        # many tiny hands, one a line (each line its own hand and its own error)
        "'hand' alone on 100,000 lines": EXAMPLE + b"hand\n" * 100_000,
        "'hand N' on 50,000 lines": EXAMPLE + b"".join(b"hand %d\n" % (100 + k) for k in range(50_000)),
        "'hand 5' on 50,000 lines (out of order)": EXAMPLE + b"hand 5\n" * 50_000,
        # a phone's capitals: each 'Hand' read as 'hand' (reader._fold, one pass a line)
        "'Hand N dealer Al' x 20,000 on a line": EXAMPLE + b" ".join(b"Hand %d dealer Al" % (100 + k)
                                                                     for k in range(20_000)) + b"\n",
        "'Pick Al' x 100,000 in a hand": _at_line(EXAMPLE, b"t1 ", b"Pick Al " * 100_000),
        "'[Date \"x\"]' on 100,000 lines before the hands": _at_line(EXAMPLE, b"[Event", b"[Date \"x\"]\n" * 100_000),
    })
    for kind in (b"[Event", b"[Seats", b"hand 14", b"deal Al", b"blind", b"pick", b"bury", b"call", b"t1 ",
                 b"t5 ", b"partner", b"score"):
        shapes[f"a 1 MB line of {kind.decode().strip()!r} lines"] = _stretched(EXAMPLE, kind)
    shapes.update({
        "a 1 MB line of one word": EXAMPLE + b"x" * MB1 + b"\n",
        "a 1 MB line of spaces": EXAMPLE + b" " * MB1 + b"\n",
        "numbers of 10,000 digits x 100": EXAMPLE + b"".join(b"hand 1" + b"7" * 10_000 + b"\n" for _ in range(100)),
        "NUL bytes x 100,000": EXAMPLE + b"\x00" * 100_000 + b"\n",
        "invalid UTF-8 x 100,000 lines": EXAMPLE + b"\xff\n" * 100_000,
        "CR-only line ends": THURSDAY.replace(b"\n", b"\r"),
    })
    return shapes


def protocol_shapes() -> dict[str, bytes | list[bytes]]:
    lines = PROTOCOL.split(b"\n")
    trick_at = next(i for i, x in enumerate(lines) if b"aus:" in x)
    head_at = next(i for i, x in enumerate(lines) if x.lstrip().startswith(b"Spiel"))
    long_trick = lines[:trick_at] + [lines[trick_at].rstrip(b"\r") + b" EO" * 64_000] + lines[trick_at + 1:]
    spaces = lines[:head_at] + [b"Spiel   Preis" + b" " * 40_000 + b"x"] + lines[head_at + 1:]
    shapes = {
        # 20 files of one protocol each: one text of 20 protocols joined is read up to the second's header
        # (E-NSK-JOINED, real21 F3), so as a baseline it measured one protocol against 20 protocols' bytes
        "normal protocol (20 files)": [PROTOCOL] * 20,
        "a trick line of 64,000 cards": b"\n".join(long_trick),
        "score-table header with 40,000 spaces": b"\n".join(spaces),
    }
    for tok in REPEAT_TOKENS:
        shapes[f"{tok.decode()!r} x 100,000 in a game"] = _at_line(PROTOCOL, b"PcLinks spielt aus", tok * 100_000)
    for kind, name in ((b"Geber", "Geber:"), (b"PcLinks hat", "hat:"), (b"PcOben spielt Mit", "called-ace"),
                       (b"PcLinks spielt aus", "trick"), (b"PcOben verliert", "result"), (b"Gegner", "Augen"),
                       (b"Das Rufspiel", "price"), (b"Spiel ", "table header"), (b"1 ", "score row")):
        shapes[f"a 1 MB line of {name} lines"] = _stretched(PROTOCOL, kind)
    shapes.update({
        "a 1 MB line of one word": PROTOCOL + b"\n" + b"x" * MB1 + b"\n",
        "a 1 MB result line": PROTOCOL.replace(b"gewinnt", b"gewinnt " + b"ab" * (MB1 // 2), 1),
        "numbers of 10,000 digits in the row": PROTOCOL.replace(b"   1   ", b"   1" + b"7" * 10_000 + b"   ", 1),
        "invalid UTF-8 x 100,000 lines": PROTOCOL + b"\n" + b"\xff\n" * 100_000,
        "NUL bytes x 100,000": PROTOCOL + b"\n" + b"\x00" * 100_000 + b"\n",
        # the long fuzz's slowest case (seed 8): 'Geber:' repeated on CR-only lines, some 70,000 games
        # of no deal, each refused on its own
        "'Geber: Gast' x 70,000 on CR-only lines": (PROTOCOL.split(b"Geber:")[0] + b"Geber: Gast\r " * 70_000
                                                      + b"Geber:" + PROTOCOL.split(b"Geber:", 1)[1]),
    })
    return shapes


def bench(data: bytes | list[bytes], kind: str, repeat: int) -> tuple[float, float]:
    """Best wall and CPU seconds of ``repeat`` reads of ``data`` (a list: its
    files read one after the other, the seconds of all of them)."""
    files = data if isinstance(data, list) else [data]
    wall = cpu = float("inf")
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        for k, one in enumerate(files):
            load_bytes(f"bench{k}.{kind}", one)
        wall, cpu = min(wall, time.perf_counter() - t0), min(cpu, time.process_time() - c0)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1, help="best of N runs (default 1)")
    ap.add_argument("--only", default="", help="only the shapes whose name holds this text (and the normal file)")
    args = ap.parse_args()
    print(f"# {load_line()}; CPU seconds (process time); target: every shape within {TARGET:g}x the normal file")
    load_bytes("warm.shn", EXAMPLE)
    over = []
    for kind, shapes in (("shn", shn_shapes()), ("txt", protocol_shapes())):
        base = None
        print(f"{'reader ' + kind:<46} {'MB':>6} {'wall s':>7} {'CPU s':>7} {'CPU s/MB':>9} {'x normal':>9}")
        for name, data in shapes.items():
            if base is not None and args.only not in name:
                continue
            mb = (sum(map(len, data)) if isinstance(data, list) else len(data)) / 1e6
            wall, cpu = bench(data, kind, args.repeat)
            per = cpu / mb
            if base is None:
                base = per
            ratio = per / base
            if ratio > TARGET:
                over.append(f"{kind}: {name} ({ratio:.2f}x)")
            print(f"{name:<46} {mb:6.2f} {wall:7.3f} {cpu:7.3f} {per:9.3f} {ratio:9.2f}{'  OVER' if ratio > TARGET else ''}",
                  flush=True)
        print()
    if over:
        print(f"NOT all within {TARGET:g}x: {len(over)} over: " + "; ".join(over))
        return 1
    print(f"all shapes within {TARGET:g}x the normal file's CPU seconds per MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
