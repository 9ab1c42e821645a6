"""Session benchmark (issue 12): what continuing a stored session and
re-ingesting stored hands cost, as ``shead ingest`` does them
(:meth:`ingest.store.Store.plan_ingest`, then the validator, then the store).

    .venv/bin/python benchmarks/bench_session.py                  # the issue's sizes
    .venv/bin/python benchmarks/bench_session.py --base 1000 10000 --reingest 20000   # smaller, on a busy machine
    .venv/bin/python benchmarks/bench_session.py --old            # also the replaying path, for comparison

1. **Adding hands to a session**: for each size in ``--base`` a fresh
   database holds one session of that many hands (stored in files of 5,000);
   then a file with the session's next ``--add`` hands is ingested and timed
   (plan + validate + store), ``--repeat`` times one after the other (the
   median is shown).  The figures should not depend on the session's
   length.  ``--old`` also times the path before issue 12 (the
   validator fed the whole stored session by ``Store.prior_hands``, the store
   re-deriving the session) on the same database.
2. **Re-ingest**: ``--reingest`` hands in files of 1,000 (one session each)
   are ingested into a fresh database (timed), then the same files again
   (timed): every hand is a duplicate.

Hands: a block of 1,000 generated legal full hands (``ingest.generate``,
``wi5-called-ace``: no doubler, so a hand's result does not depend on the
hands before it), repeated and renumbered to make a session of any length.
Every hand is validated by the engine as usual.  The machine is named;
figures on a shared machine vary with its load.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import load_line  # noqa: E402  (benchmarks/machine.py)

from ingest import store as st  # noqa: E402
from ingest.pipeline import _validate_planned  # noqa: E402
from ingest.generate import generate_session_text  # noqa: E402
from ingest.validate import validate_text  # noqa: E402

RULES = "wi5-called-ace"
_HAND = re.compile(r"^hand \d+", re.M)


def block(seed: int = 7, n: int = 1000) -> tuple[str, list[str]]:
    """(header, hand texts) of ``n`` generated hands."""
    text = generate_session_text(seed, n, RULES, session="BENCH")
    first = _HAND.search(text).start()
    header = text[:first]
    hands = [h.strip("\n") for h in re.split(r"\n(?=hand \d+)", text[first:]) if h.strip()]
    return header, hands


def session_text(header: str, hands: list[str], session: str, start: int, count: int) -> str:
    """Hands ``start`` .. ``start + count - 1`` of session ``session``, the
    block's hands repeated and renumbered."""
    head = header.replace('[Session "BENCH"]', f'[Session "{session}"]')
    body = []
    for k in range(start, start + count):
        body.append(_HAND.sub(f"hand {k}", hands[(k - 1) % len(hands)], count=1))
    return head + "\n\n".join(body) + "\n"


def ingest(store: st.Store, name: str, text: str) -> tuple[float, float, st.IngestReport]:
    """(seconds to plan and validate, seconds to store, report) — as ``shead ingest``."""
    t0 = time.perf_counter()
    res = _validate_planned(text, name, store)
    t1 = time.perf_counter()
    rep = store.ingest_file(res, plan=store.last_plan[1])
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, rep


def ingest_old(store: st.Store, name: str, text: str) -> tuple[float, float, st.IngestReport]:
    """The path before issue 12: the validator fed the stored session's hands."""
    t0 = time.perf_counter()
    res = validate_text(text, path=name, prior=store.prior_hands)
    t1 = time.perf_counter()
    rep = store.ingest_file(res)
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, rep


def machine() -> str:
    return load_line()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", type=int, nargs="+", default=[1000, 50000], help="session lengths to continue")
    ap.add_argument("--add", type=int, default=1000, help="hands added to each session")
    ap.add_argument("--reingest", type=int, default=100000, help="hands ingested, then ingested again")
    ap.add_argument("--repeat", type=int, default=3, help="additions timed per session (the median is shown)")
    ap.add_argument("--old", action="store_true", help="also time the replaying path (before issue 12)")
    args = ap.parse_args()
    print(f"machine: {machine()}")
    header, hands = block()
    with tempfile.TemporaryDirectory() as tmp:
        added = {}
        for base in args.base:
            db = Path(tmp) / f"session-{base}.duckdb"
            with st.Store(db, hold=5.0) as store:
                t0 = time.perf_counter()
                for start in range(1, base + 1, 5000):
                    count = min(5000, base - start + 1)
                    _, _, rep = ingest(store, f"base-{start}.shn", session_text(header, hands, "night", start, count))
                    assert rep.stored == count, (rep.stored, rep.rejected[:1])
                build = time.perf_counter() - t0
                runs = []
                for k in range(args.repeat):  # the median of a few additions, one after the other
                    text = session_text(header, hands, "night", base + 1 + k * args.add, args.add)
                    c0 = time.process_time()
                    v, s, rep = ingest(store, f"add-{k}.shn", text)
                    cpu = time.process_time() - c0  # this process's CPU: what load on a shared machine leaves alone
                    assert rep.stored == args.add and not rep.rejected
                    runs.append((cpu, v + s, v, s))
            runs.sort()
            cpu, total, v, s = runs[len(runs) // 2]
            added[base] = cpu
            print(f"session of {base:>7,} hands (built in {build:.1f} s): adding {args.add:,} hands took "
                  f"{cpu:6.2f} CPU-s, {total:6.2f} s wall (plan + validate {v:.2f} s, store {s:.2f} s; CPU-s "
                  "median of " + ", ".join(f"{r[0]:.2f}" for r in runs) + ")")
            if args.old:
                with st.Store(db, hold=5.0) as store:
                    text = session_text(header, hands, "night", base + args.repeat * args.add + 1, args.add)
                    v, s, rep = ingest_old(store, "add-old.shn", text)
                    assert rep.stored == args.add
                print(f"    the replaying path (before issue 12), the next {args.add:,}: {v + s:6.2f} s "
                      f"(validate {v:.2f} s, store {s:.2f} s)")
        if len(added) >= 2:
            lo, hi = min(added.values()), max(added.values())
            print(f"adding {args.add:,} hands: longest / shortest = {hi / lo:.2f} in process CPU "
                  "(issue 12 asks for within 1.20)")
        if args.reingest:
            db = Path(tmp) / "reingest.duckdb"
            n_files = max(1, args.reingest // 1000)
            texts = [session_text(header, hands, f"night {k}", 1, min(1000, args.reingest - 1000 * k))
                     for k in range(n_files)]
            times = []
            for attempt in ("first ingest", "re-ingest"):
                stored = dup = 0
                c0 = time.process_time()
                t0 = time.perf_counter()
                with st.Store(db, hold=5.0) as store:
                    for k, text in enumerate(texts):
                        _, _, rep = ingest(store, f"night-{k}.shn", text)
                        stored += rep.stored
                        dup += rep.duplicates
                        assert not rep.rejected
                dt, cpu = time.perf_counter() - t0, time.process_time() - c0
                times.append(cpu)
                print(f"{attempt:<13} of {sum(t.count(chr(10) + 'hand ') for t in texts):,} hands in {n_files} "
                      f"files: {cpu:6.1f} CPU-s, {dt:6.1f} s wall ({stored:,} stored, {dup:,} duplicates)")
            print(f"re-ingest / first ingest = {times[1] / times[0]:.2f} in process CPU")


if __name__ == "__main__":
    main()
