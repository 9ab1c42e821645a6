"""The long fuzz of issue 15: mutated SHN files and NetSchafkopf protocols
through ``ingest.cli.load_bytes`` until a count or a time budget is reached,
counting E-INTERNAL answers, hangs (over 2 CPU-s, or for a file over 1 MB over
4.4 CPU-s per MB: 3x the normal protocol's rate), unpositioned errors and
exceptions (tests/hostile.py :func:`check`).

    nice -n 10 .venv/bin/python benchmarks/fuzz_long.py --shn 1000000 --protocols 100000 \\
        --seconds 3600 --seed 1 > /tmp/fuzz_long.log

Sources: the start of every SHN file of data/ (``--lines``, default 40
lines: a hand or two, so that a case costs milliseconds) and of every
protocol (``--games``, default 1 game), mutated (NUL bytes, CR-only line
ends, invalid UTF-8, Windows-1252 bytes, byte flips, line deletions and
duplications, tokens); in ``--big-rate`` of the cases (default 2 %) with the
full sizes (numbers of 10,000 digits, a token repeated 100,000 times on a
line, 1 MB lines), else with the small ones (5,000 digits, 2,000 repeats,
64 KB lines).  Every case is read and judged in this process
(``load_bytes``, no store); one in ``--store-every`` (default 1,000) is also
stored into a scratch database (``store_result``), whose answer must carry
no ``E-INTERNAL``/``E-STORE`` either.  Run it in one process under
``nice``: the machine is shared, and more processes only compete.  One
protocol in every ``--protocol-ratio`` cases; a progress line every 30 s;
every problem case written to ``--keep`` (default fuzz_cases/) for replay.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hostile import HANG_PER_MB, PROTOCOL_SOURCES, SHN_SOURCES, check, excerpt, mutate  # noqa: E402


def check_stored(name: str, data: bytes, db: Path) -> list[str]:
    """Ingest ``data`` as ``shead ingest`` does (planned against the store,
    then stored); the problems: an exception, an ``E-INTERNAL`` or ``E-STORE``."""
    from ingest import store as st  # noqa: PLC0415
    from ingest.pipeline import load_bytes, store_result  # noqa: PLC0415

    try:
        with st.Store(db) as store:
            store.last_plan = None
            result, fmt = load_bytes(name, data, store)
            plan = store.last_plan[1] if store.last_plan and store.last_plan[0] == name else None
            report = store_result(store, result, fmt, False, plan=plan)
    except Exception as exc:  # noqa: BLE001 - what the check reports
        return [f"raised {type(exc).__name__} storing: {str(exc)[:200]}"]
    diags = list(report.file_errors) + [d for r in report.rejected for d in r.errors]
    return [f"{d.code}: stored: {str(d)[:300]}" for d in diags if d.code in ("E-INTERNAL", "E-STORE")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shn", type=int, default=1_000_000, help="SHN files to try (default 1,000,000)")
    ap.add_argument("--protocols", type=int, default=100_000, help="protocols to try (default 100,000)")
    ap.add_argument("--seconds", type=float, default=3600, help="stop after this many seconds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hang", type=float, default=2.0, help="CPU seconds above which a case is a hang")
    ap.add_argument("--hang-per-mb", type=float, default=HANG_PER_MB,
                    help="for a case over 1 MB, CPU seconds per MB above which it is a hang")
    ap.add_argument("--keep", type=Path, default=Path("fuzz_cases"), help="folder for the problem cases")
    ap.add_argument("--lines", type=int, default=40, help="lines of each SHN source file mutated")
    ap.add_argument("--games", type=int, default=1, help="games of each protocol mutated")
    ap.add_argument("--big-rate", type=float, default=0.02, help="share of cases mutated with the full sizes")
    ap.add_argument("--store-every", type=int, default=1000, help="store one case in this many (0: never)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    shn = [(p.name, excerpt(p, "shn", lines=args.lines)) for p in SHN_SOURCES]
    proto = [(p.name, excerpt(p, "protocol", games=args.games)) for p in PROTOCOL_SOURCES]
    scratch = tempfile.TemporaryDirectory(prefix="fuzz_long_")
    stored = 0
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
        m = mutate(data, rng, big=rng.random() < args.big_rate)
        problems = check(name, m, hang=args.hang, per_mb=args.hang_per_mb)
        done[kind] += 1
        if args.store_every and (done["shn"] + done["protocol"]) % args.store_every == 0:
            problems += check_stored(name, m, Path(scratch.name) / f"s{stored % 20}.duckdb")
            stored += 1
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
    print(f"done in {el:.0f} s: {done['shn']:,} SHN files, {done['protocol']:,} protocols "
          f"({stored:,} of them also stored)")
    for kind in ("shn", "protocol"):
        c = counts[kind]
        print(f"  {kind}: E-INTERNAL {c['E-INTERNAL']}, hangs {c['hang']}, unpositioned {c['unpositioned']}, "
              f"exceptions {c['raised']}")
    return 1 if any(counts[k] for k in counts) else 0


if __name__ == "__main__":
    raise SystemExit(main())
