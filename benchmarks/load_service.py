"""Load benchmark of ``shead serve``: C concurrent clients post N generated
hands, one hand per ``POST /hands``, to a service on a fresh database on
127.0.0.1 (loopback only), then the hands are counted back.

    .venv/bin/python benchmarks/load_service.py                 # 20 clients, 5,000 hands
    .venv/bin/python benchmarks/load_service.py -c 4 -n 500     # a quick one

The hands are sessions of ``--per-session`` hands (``[Session "Load k"]``);
each session is posted by one client in hand order (a hand's doubler carry
follows the hands before it, rules.md D-11, D-12), the sessions dealt round
the clients.  Bounded: at most ``--hands`` posts and ``--time-limit`` seconds
of posting (then it stops and says so).

Printed: posts acknowledged, throughput (hands/s over the wall time of the
posting), latency p50 / p95 / max per post (ms), and the check: every posted
hand stored exactly once (``GET /hands`` of the group, and the database
itself after the service stopped: one row per hand, no content hash twice),
none lost.  Exit 1 when the check fails, 2 when it held but the time limit
stopped the posting before every hand was sent.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx  # noqa: E402

from ingest import store as st  # noqa: E402
from tests.service_helpers import make_token, one_hand_posts, start_service  # noqa: E402

GROUP = "Load"


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--clients", type=int, default=20)
    ap.add_argument("-n", "--hands", type=int, default=5000)
    ap.add_argument("--per-session", type=int, default=25)
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds of posting at most")
    ap.add_argument("--hold", type=float, default=1.0, help="the service's --hold")
    ap.add_argument("--keep-log", type=Path, default=None, help="copy the service's request log here")
    args = ap.parse_args()
    if args.hands < 1 or args.clients < 1 or args.per_session < 1:
        ap.error("--clients, --hands and --per-session must be at least 1")
    n_sessions = -(-args.hands // args.per_session)
    t0 = time.perf_counter()
    sessions = one_hand_posts(n_sessions, args.per_session, event=GROUP, seed=11)
    posts = [(k, n, doc) for k, docs in enumerate(sessions) for n, doc in enumerate(docs, start=1)][:args.hands]
    print(f"machine: {platform.machine()} {os.cpu_count()} cores, python {platform.python_version()}; "
          f"generated {len(posts)} one-hand files in {n_sessions} sessions ({time.perf_counter() - t0:.1f} s, "
          "not timed)")
    by_client: list[list[tuple[int, int, str]]] = [[] for _ in range(args.clients)]
    for k, n, doc in posts:
        by_client[k % args.clients].append((k, n, doc))

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.duckdb"
        token = make_token(db, GROUP, "scorer")
        served = start_service(db, hold=args.hold)
        lat: list[float] = []
        acked: list[tuple[int, int]] = []
        errors: list[str] = []
        guard = threading.Lock()
        stop_at = time.monotonic() + args.time_limit

        def client(mine: list[tuple[int, int, str]]) -> None:
            with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {token}"},
                              timeout=120) as c:
                for k, n, doc in mine:
                    if time.monotonic() > stop_at:
                        return
                    t = time.perf_counter()
                    try:
                        r = c.post("/hands", params={"name": f"load-{k}.shn"}, content=doc.encode())
                    except httpx.HTTPError as exc:
                        with guard:
                            errors.append(f"session {k} hand {n}: {type(exc).__name__}: {exc}")
                        return
                    dt = time.perf_counter() - t
                    with guard:
                        lat.append(dt)
                        if r.status_code == 200 and r.json() == {"ingested": 1, "duplicates": 0, "rejected": []}:
                            acked.append((k, n))
                        else:
                            errors.append(f"session {k} hand {n}: {r.status_code} {r.text[:200]}")

        threads = [threading.Thread(target=client, args=(m,)) for m in by_client]
        cpu0 = _cpu_seconds(served.proc.pid)
        t_start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t_start
        server_cpu = _cpu_seconds(served.proc.pid) - cpu0
        listed = httpx.get(served.url + "/hands", params={"limit": 10_000},
                           headers={"Authorization": f"Bearer {token}"}, timeout=120)
        served.stop()
        if args.keep_log is not None:
            shutil.copyfile(served.log, args.keep_log)
        con = st.connect(db, read_only=True)
        try:
            rows, distinct_hashes, distinct_keys = con.execute(
                "SELECT count(*), count(DISTINCT t.hash), count(DISTINCT (h.session, h.hand)) "
                "FROM hands h JOIN hand_text t USING (hand_id)").fetchall()[0]
        finally:
            con.close()

    lat_ms = sorted(x * 1000 for x in lat)
    q = statistics.quantiles(lat_ms, n=100) if len(lat_ms) >= 2 else lat_ms * 99
    print(f"{args.clients} clients posted {len(lat)} hands (one per POST) in {wall:.1f} s: "
          f"{len(acked) / wall:,.0f} hands/s acknowledged")
    print(f"latency per post: p50 {q[49]:.0f} ms, p95 {q[94]:.0f} ms, max {lat_ms[-1]:.0f} ms")
    if lat:
        print(f"the service used {server_cpu:.1f} s of CPU: {server_cpu / len(lat) * 1000:.1f} ms per hand "
              f"(at most {len(lat) / server_cpu if server_cpu else float('inf'):,.0f} hands/s on one free core); "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores while measured")
    want = {(f"{GROUP} {k}", n) for k, n in acked}
    got = {(h["session"], h["hand"]) for h in listed.json()} if listed.status_code == 200 else set()
    # every acknowledged hand stored once, nothing else stored, nothing refused
    ok = (not errors and got == want and rows == len(acked) and distinct_hashes == rows and distinct_keys == rows)
    print(f"check: {len(acked)} of {len(posts)} acknowledged, GET /hands lists {len(got)}, the database holds "
          f"{rows} hands ({distinct_hashes} distinct content hashes, {distinct_keys} distinct session#hand): "
          + ("every posted hand stored exactly once, none lost" if ok else "FAILED"))
    for e in errors[:10]:
        print("  error:", e)
    if len(lat) < len(posts):
        print(f"note: stopped at the time limit ({args.time_limit:g} s): {len(posts) - len(lat)} hands not posted")
        return 1 if not ok else 2
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
