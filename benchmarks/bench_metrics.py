"""Every metric query and every dashboard page on a cold cache (issue 17:
"every dashboard page under 1 s and every metric query under 100 ms at
1,000,000 hands").

    nice -n 10 .venv/bin/python benchmarks/bench_metrics.py /tmp/scale-10k.duckdb /tmp/scale-100k.duckdb \\
        /tmp/scale-1m.duckdb [--pages-on LAST] [--before]

The databases are those of ``benchmarks/bench_scale.py build`` / ``copy``
(sessions of 1,000 generated five-handed hands); each must already be
migrated (``session_players``, migration 016: open it once with ``shead``,
or let this script do it on a copy with ``--migrate``).  Nothing is written
to them: every timed run opens them read-only.

**Cold.** Each query and each page runs in a new Python process with a new
read-only DuckDB connection: DuckDB's buffer pool and every cache of
``dashboard.metrics`` (the stored kinds) start empty, and the timing covers
only the call (imports — also ``replay.profile``, which the metrics import
on first use — and the connection's open are outside it).  The
operating system's page cache is not dropped (that needs root and would
slow every other user of the machine), so the file's pages may be in memory
— the cost measured is DuckDB's reading and computing, not the disk's.

Printed per metric and size: wall ms and process CPU ms (all threads; on a
shared machine the CPU figure is steadier), and the CPU ratio of the last
size to the first.  ``--before`` adds, at the last
size, the seat-level SQL of the metrics that read ``session_players``
(``dashboard.summary_metrics.ENABLED = False``).  Pages: the page script
under ``streamlit.testing``'s AppTest, one whole run each per size, in a new
process, run as ``dashboard/app.py`` runs it (inside
``dashboard.filters.page_connection``: the run's reads share one connection;
``--alone``: the page file by itself, each read on a connection of its own).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

#: the statistic pages (title, script)
PAGES = (("Overview", "overview.py"), ("Ledger", "ledger.py"), ("Picking", "picking.py"),
         ("Schneider", "schneider.py"), ("Partner calls", "partner_calls.py"), ("Schafkopf", "schafkopf.py"),
         ("Player", "player.py"))
#: the metrics that read session_players when the filters allow
SUMMARY = ("ledger_by_session", "ledger_running", "leaderboard", "ledger_units", "picker_results_by_player",
           "pick_rate_by_player", "pick_rate_by_position", "schneider_by_role", "role_record")


def _metric_names() -> list[str]:
    from dashboard import metrics as m

    return [fn.__name__ for fn in m.METRICS] + ["filter_choices", "role_record", "pick_by_seat", "player_report"]


def _one_metric(db: str, name: str, seat_level: bool) -> dict:
    """(in the child) one cold call of metric ``name``."""
    from dashboard import metrics as m
    from dashboard import player_metrics as pm
    from dashboard import summary_metrics as sm
    from ingest.store import reading

    import replay.profile  # noqa: F401  (imported by the metrics on first use: an import, not a query)

    sm.ENABLED = not seat_level
    with reading(db) as con:
        if name in ("role_record", "pick_by_seat", "player_report"):
            who = con.execute("SELECT min(player) FROM hand_units").fetchall()[0][0]
            fn = getattr(pm, name)
            call = lambda: fn(con, m.Filters(), who)  # noqa: E731
        elif name == "filter_choices":  # the sidebar's choices (not a metric: no filters)
            call = lambda: m.filter_choices(con)  # noqa: E731
        else:
            fn = getattr(m, name)
            call = lambda: fn(con, m.Filters())  # noqa: E731
        t0, c0 = time.perf_counter(), time.process_time()
        call()
        return {"wall": (time.perf_counter() - t0) * 1000, "cpu": (time.process_time() - c0) * 1000}


#: a page run as dashboard/app.py runs it: inside ``page_connection`` (its reads share one connection)
_AS_APP = """
import os, runpy
from dashboard.filters import page_connection
with page_connection(os.environ["SHEAD_BENCH_URL"]):
    runpy.run_path(os.environ["SHEAD_BENCH_PAGE"], run_name="__main__")
"""


def _app_test(script: str):
    """The AppTest of page ``script`` as the app runs it (``SHEAD_BENCH_ALONE``
    set: the page file by itself, each read on its own connection)."""
    from streamlit.testing.v1 import AppTest

    path = ROOT / "dashboard" / "pages" / script
    if os.environ.get("SHEAD_BENCH_ALONE"):
        return AppTest.from_file(str(path), default_timeout=600)
    os.environ["SHEAD_BENCH_URL"], os.environ["SHEAD_BENCH_PAGE"] = Path(script).stem, str(path)
    return AppTest.from_string(_AS_APP, default_timeout=600)


def _one_page(db: str, script: str, warm: str | None = None) -> dict:
    """(in the child) one cold AppTest run of page ``script``, run as
    ``dashboard/app.py`` runs it (``--alone``: the page file by itself).  With
    ``warm`` (another database), the page is run on it first, so that the
    page's imports (Altair, ...) and Streamlit's own start-up are not
    counted — a running dashboard has them; nor AppTest's scan of every
    installed package for Streamlit components, which it repeats for each
    new AppTest and a server does once at start — then every cache is
    cleared and ``db`` is read through a new connection."""
    import streamlit as st

    from bench_dashboard import _quiet_stderr

    if warm:
        os.environ["SHEAD_DB"] = str(Path(warm).resolve())
        with _quiet_stderr():
            (warm_at := _app_test(script)).run()
        from dashboard import metrics as m
        from dashboard import summary_metrics as sm

        st.cache_data.clear()
        st.cache_resource.clear()
        m._KINDS.clear()
        sm._HAS.clear()
    os.environ["SHEAD_DB"] = str(Path(db).resolve())
    with _quiet_stderr():
        at = _app_test(script)
        if warm:  # the installed components were scanned by the warm-up (a server does it once, at start)
            at._bidi_component_manager = getattr(warm_at, "_bidi_component_manager", None)
        t0, c0 = time.perf_counter(), time.process_time()
        at.run()
        wall, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
    if at.exception:
        raise RuntimeError(f"{script}: {at.exception[0].value}")
    return {"wall": wall, "cpu": cpu}


def _child(*args: str) -> dict:
    r = subprocess.run([sys.executable, __file__, "--child", *args], cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {r.returncode}\n{r.stderr[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dbs", type=Path, nargs="*")
    ap.add_argument("--before", action="store_true", help="also the seat-level SQL at the last size")
    ap.add_argument("--no-pages", action="store_true")
    ap.add_argument("--no-metrics", action="store_true", help="only the pages")
    ap.add_argument("--warm", type=Path, help="run each page on this (small) database first in the same process: "
                    "the page's imports and Streamlit's start-up are then not counted")
    ap.add_argument("--alone", action="store_true", help="run each page file by itself (each read on its own "
                    "connection), not as dashboard/app.py runs it (one connection per run)")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.alone:
        os.environ["SHEAD_BENCH_ALONE"] = "1"
    if args.child:
        kind, db, name, *rest = args.child
        out = _one_metric(db, name, bool(rest)) if kind == "metric" else _one_page(db, name, *rest)
        print(json.dumps(out))
        return

    from machine import load_line

    import duckdb

    print(f"machine: {load_line()}")
    sizes = []
    for db in args.dbs:
        con = duckdb.connect(str(db), read_only=True)
        n = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
        has = con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'session_players'").fetchall()[0][0]
        con.close()
        if not has:
            sys.exit(f"error: {db} has no session_players (migration 016): open it once with shead first")
        sizes.append((db, n))
    names = _metric_names()
    res: dict[str, list] = {k: [] for k in names}
    before: dict[str, dict] = {}
    for db, n in sizes if not args.no_metrics else ():
        print(f"timing {db} ({n:,} hands) ...", flush=True)
        for k in names:
            res[k].append(_child("metric", str(db), k))
    if args.before and not args.no_metrics:
        db, n = sizes[-1]
        for k in SUMMARY:
            before[k] = _child("metric", str(db), k, "seat-level")
    if args.no_metrics:
        names = []
    head = f"{'metric (cold; wall ms / cpu ms)':34}" + "".join(f"{n:>20,}" for _, n in sizes)
    if before:
        head += f"{'seat-level SQL ' + format(sizes[-1][1], ','):>28}"
    print(head)
    for k in names:
        line = f"{k:34}" + "".join(f"{r['wall']:11.1f} /{r['cpu']:7.1f}" for r in res[k])
        if k in before:
            line += f"{before[k]['wall']:19.1f} /{before[k]['cpu']:7.1f}"
        if len(sizes) > 1:
            line += f"   cpu x{res[k][-1]['cpu'] / res[k][0]['cpu']:.2f}"
        over = [n for (_, n), r in zip(sizes, res[k]) if r["wall"] > 100]
        print(line + ("   > 100 ms wall at " + ", ".join(f"{n:,}" for n in over) if over else ""))
    if not args.no_pages:
        print("pages (cold: a new process, one AppTest run"
              + (", the page file alone" if args.alone else ", as app.py runs it")
              + (f", after a warm-up run on {args.warm}" if args.warm else "") + "; wall ms / cpu ms):")
        print(f"  {'page':20}" + "".join(f"{n:>20,}" for _, n in sizes))
        for title, script in PAGES:
            rs = [_child("page", str(db), script, *([str(args.warm)] if args.warm else [])) for db, _ in sizes]
            line = f"  {title:20}" + "".join(f"{r['wall']:11.1f} /{r['cpu']:7.1f}" for r in rs)
            if len(rs) > 1:
                line += f"   cpu x{rs[-1]['cpu'] / rs[0]['cpu']:.2f}"
            over = [n for (_, n), r in zip(sizes, rs) if r["wall"] > 1000]
            print(line + ("   > 1 s wall at " + ", ".join(f"{n:,}" for n in over) if over else ""), flush=True)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
