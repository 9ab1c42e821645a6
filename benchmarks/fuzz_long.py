"""The long fuzz of issue 15: mutated SHN files and NetSchafkopf protocols
through ``ingest.cli.load_bytes`` until a count or a time budget is reached,
counting E-INTERNAL answers, hangs (longer than 2 s), unpositioned errors and
exceptions (tests/hostile.py :func:`check`).

    nice -n 19 .venv/bin/python benchmarks/fuzz_long.py --shn 1000000 --protocols 100000 \\
        --seconds 3600 --seed 1 --out fuzz_long.log

Sources: the start of every SHN file of data/ (120 lines) and of every
protocol (3 games), mutated with the full sizes (numbers of 10,000 digits, a
token repeated 100,000 times on a line, 1 MB lines, NUL bytes, CR-only line
ends, invalid UTF-8, byte flips, line deletions and duplications).  One
protocol in every ``--protocol-ratio`` cases; a progress line every 30 s;
every problem case written to ``--keep`` (default fuzz_cases/) for replay.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hostile import PROTOCOL_SOURCES, SHN_SOURCES, check, excerpt, mutate  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shn", type=int, default=1_000_000, help="SHN files to try (default 1,000,000)")
    ap.add_argument("--protocols", type=int, default=100_000, help="protocols to try (default 100,000)")
    ap.add_argument("--seconds", type=float, default=3600, help="stop after this many seconds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hang", type=float, default=2.0, help="seconds above which a case is a hang")
    ap.add_argument("--keep", type=Path, default=Path("fuzz_cases"), help="folder for the problem cases")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    shn = [(p.name, excerpt(p, "shn")) for p in SHN_SOURCES]
    proto = [(p.name, excerpt(p, "protocol")) for p in PROTOCOL_SOURCES]
    counts = {"shn": Counter(), "protocol": Counter()}
    t0 = last = time.monotonic()
    done = {"shn": 0, "protocol": 0}
    while done["shn"] < args.shn or done["protocol"] < args.protocols:
        now = time.monotonic()
        if now - t0 > args.seconds:
            break
        want_proto = done["protocol"] < args.protocols and (
            done["shn"] >= args.shn or done["protocol"] * args.shn < done["shn"] * args.protocols)
        kind = "protocol" if want_proto else "shn"
        name, data = rng.choice(proto if want_proto else shn)
        m = mutate(data, rng, big=True)
        problems = check(name, m, hang=args.hang)
        done[kind] += 1
        for p in problems:
            what = p.split(":")[0].split(" ")[0]
            counts[kind][what] += 1
            args.keep.mkdir(exist_ok=True)
            (args.keep / f"{kind}-{done[kind]}-{what}.bin").write_bytes(m)
            print(f"{kind} #{done[kind]}: {p[:300]}", flush=True)
        if now - last > 30:
            last = now
            print(f"[{now - t0:7.0f} s] shn {done['shn']:,} {dict(counts['shn'])}  protocols "
                  f"{done['protocol']:,} {dict(counts['protocol'])}", flush=True)
    el = time.monotonic() - t0
    print(f"done in {el:.0f} s: {done['shn']:,} SHN files, {done['protocol']:,} protocols")
    for kind in ("shn", "protocol"):
        c = counts[kind]
        print(f"  {kind}: E-INTERNAL {c['E-INTERNAL']}, hangs {c['hang']}, unpositioned {c['unpositioned']}, "
              f"exceptions {c['raised']}")
    return 1 if any(counts[k] for k in counts) else 0


if __name__ == "__main__":
    raise SystemExit(main())
