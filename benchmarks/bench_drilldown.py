"""Drill-down and Player page benchmark (issue 13): the queries of
:mod:`dashboard.hand_list` and :mod:`dashboard.player_metrics`, and the
role-filtered picking summary, on the synthetic season of
``benchmarks/bench_dashboard.py`` (built once with its generator).

    .venv/bin/python benchmarks/bench_drilldown.py [--hands 200000] [--db .bench/drill.duckdb]
                                                   [--rebuild] [--repeat 3]

Prints the median wall time of each query over ``--repeat`` runs, each on a
fresh read-only connection (as a page render does).  Figures depend on the
machine and its load: say which when quoting them.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_dashboard import build  # noqa: E402
from dashboard import hand_list as hl  # noqa: E402
from dashboard import metrics as m  # noqa: E402
from dashboard import player_metrics as pm  # noqa: E402
from ingest.store import reading  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--db", type=Path, default=Path(".bench") / "drill.duckdb")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    if a.rebuild or not a.db.exists():
        a.db.parent.mkdir(parents=True, exist_ok=True)
        if a.db.exists():
            a.db.unlink()
        build(a.db, a.hands)
    with reading(a.db) as con:
        n = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        who = con.execute("SELECT player FROM hand_units WHERE player IS NOT NULL LIMIT 1").fetchone()[0]
    print(f"{platform.processor() or platform.machine()}, python {platform.python_version()}; {n:,} hands; "
          f"player {who!r}")
    f = m.Filters()
    with reading(a.db) as con:  # the metrics read the stored kinds once per database state (then cached)
        t = time.perf_counter()
        m._table_rules(con)
        print(f"{'stored kinds, first read (once)':40s} {(time.perf_counter() - t) * 1000:8.1f} ms")
    cases = {
        "hand_count kind=pick": lambda c: hl.hand_count(c, f, hl.HandQuery(kind="pick")),
        "hand_list kind=pick (first 1000)": lambda c: hl.hand_list(c, f, hl.HandQuery(kind="pick")),
        "hand_list who+role=picker": lambda c: hl.hand_list(c, f, hl.HandQuery(who=who, role="picker")),
        "hand_list who+role=defender": lambda c: hl.hand_list(c, f, hl.HandQuery(who=who, role="defender")),
        "hand_count position=1 seats=5": lambda c: hl.hand_count(c, f, hl.HandQuery(kind="pick", position=1,
                                                                                    seats=5)),
        "role_record": lambda c: pm.role_record(c, f, who),
        "pick_by_seat": lambda c: pm.pick_by_seat(c, f, who),
        "player_summary": lambda c: pm.player_summary(c, f, who),
        "picking_summary picked_by": lambda c: m.picking_summary(c, replace(f, players=(who,), picked_by=(who,))),
        "days_played": lambda c: pm.days_played(c, f),
    }
    for name, fn in cases.items():
        times = []
        for _ in range(a.repeat):
            with reading(a.db) as con:
                t = time.perf_counter()
                fn(con)
                times.append(time.perf_counter() - t)
        print(f"{name:40s} {statistics.median(times) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
