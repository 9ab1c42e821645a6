"""Dashboard benchmark: every metric query on a database of 1,000,000 hands.

    .venv/bin/python benchmarks/bench_dashboard.py [--hands 1000000] [--db .bench/dashboard_1m.duckdb]
                                                   [--rebuild] [--repeat 5]

Builds (once; ``--rebuild`` to redo) a database with the store's own schema
(``ingest.store.Store(...).open()`` applies the migrations) whose ``hands``
and ``hand_units`` rows are generated directly in DuckDB SQL — not through
the SHN path, which the ingest benchmark measures.  The synthetic season:
40 groups of 12 regulars, five at a table, 70 hands a session, one session a
day per group; 1 % misdeals, 8 % pass-outs (a leaster, or a doubler in the
quarter of sessions played with ``noPick=doubler``), the rest picked with an
ace (80 %), ten, under or alone call; outcomes weighted like real play, units
settled by the B-33 table with double on the bump; 70 % full card-log hands.

Then times each function of :mod:`dashboard.metrics` (the median of
``--repeat`` runs, each on a fresh read-only connection as a page render
does), with no filter and with a typical filter (one group, one year), the
sum of the queries each page runs, and a whole render of each page (the page
script under streamlit.testing's AppTest, cache cleared).  Targets (design.md 6): a query under 100 ms, a
page under 1 s.  Prints the machine first.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dashboard import metrics as m  # noqa: E402
from ingest.store import Store, connect, reading  # noqa: E402

GROUPS = 40
ROSTER = 12
HANDS_PER_SESSION = 70

# The synthetic hands, one row per hand (hand_id 1..N), all in SQL.
_HANDS_SQL = """
CREATE TEMP TABLE gen AS
WITH base AS (
    SELECT CAST(i AS INTEGER) AS hand_id,
           CAST((i - 1) // {hps} + 1 AS INTEGER) AS session_id,
           CAST((i - 1) % {hps} + 1 AS INTEGER) AS hand,
           hash(i) AS r1, hash(i * 7919 + 13) AS r2, hash(i * 104729 + 7) AS r3
    FROM range(1, {n} + 1) t(i)
), s AS (
    SELECT *, CAST((session_id - 1) % {groups} AS INTEGER) AS g, CAST((session_id - 1) // {groups} AS INTEGER) AS day,
           hash(session_id * 31 + 1) % 4 = 0 AS doubler_rules,
           CAST(hash(session_id * 17 + 5) % {roster} AS INTEGER) AS roster_off,
           CAST(r1 % 1000 AS INTEGER) AS kind_r, CAST((r1 // 1000) % 5 AS INTEGER) AS picker,
           CAST(r2 % 4 AS INTEGER) AS pship,
           CAST((r2 // 4) % 1000 AS INTEGER) AS call_r, CAST((r2 // 4000) % 1000 AS INTEGER) AS out_r,
           CAST(r3 % 1000 AS INTEGER) AS status_r, CAST((r3 // 1000) % 6 + 1 AS INTEGER) AS reveal,
           CAST((r3 // 6000) % 5 AS INTEGER) AS lw
    FROM base
)
SELECT hand_id, session_id, hand, g, day, doubler_rules, roster_off,
       (hand - 1) % 5 AS dealer_no,
       CASE WHEN kind_r < 10 THEN 'misdeal'
            WHEN kind_r < 90 THEN CASE WHEN doubler_rules THEN 'doubler' ELSE 'leaster' END
            ELSE 'pick' END AS kind,
       picker AS picker_no,
       CASE WHEN call_r < 800 THEN 'ace' WHEN call_r < 840 THEN 'ten' WHEN call_r < 900 THEN 'under'
            ELSE 'alone' END AS call_type,
       (picker + 1 + pship) % 5 AS partner_no,
       CASE WHEN out_r < 520 THEN 'win' WHEN out_r < 640 THEN 'win-s' WHEN out_r < 660 THEN 'win-z'
            WHEN out_r < 920 THEN 'lose' WHEN out_r < 990 THEN 'lose-s' ELSE 'lose-z' END AS outcome,
       status_r < 700 AS full_log, reveal, lw AS leaster_no, call_r % 3 AS suit_no
FROM s
"""

_INSERT_HANDS = """
INSERT INTO hands BY NAME
SELECT g.hand_id, g.session_id,
       'grp' || g.g || '/' || g.day AS session,
       'Group ' || g.g AS "group",
       g.hand,
       DATE '2016-01-01' + CAST(g.day AS INTEGER) AS date,
       CASE WHEN g.doubler_rules THEN 'wi5-called-ace; noPick=doubler' ELSE 'wi5-called-ace' END AS rules,
       '{{}}' AS rules_flags, 'sheepshead' AS game, NULL AS game_type,
       '{{' || list_aggregate(list_transform(range(5), lambda k: '"S' || k || '":"Player ' || g.g || '-'
           || ((g.roster_off + k * 2) % {roster}) || '"'), 'string_agg', ',') || '}}' AS players,
       'S' || g.dealer_no AS dealer,
       CASE WHEN g.kind = 'pick' THEN 'S' || g.picker_no END AS picker,
       CASE WHEN g.kind = 'pick' AND g.call_type <> 'alone' THEN 'S' || g.partner_no END AS partner,
       CASE WHEN g.kind <> 'pick' THEN NULL WHEN g.call_type = 'alone' THEN 'alone'
            ELSE 'A' || ['C', 'S', 'H'][g.suit_no + 1] END AS call,
       g.kind = 'pick' AND g.call_type = 'alone' AS alone,
       CASE WHEN g.kind = 'leaster' THEN 'S' || g.leaster_no END AS leaster_winner,
       1 AS multiplier,
       CASE WHEN g.kind <> 'pick' OR NOT g.full_log THEN NULL
            WHEN g.outcome = 'win' THEN 61 + g.hand_id % 30 WHEN g.outcome = 'win-s' THEN 91 + g.hand_id % 29
            WHEN g.outcome = 'win-z' THEN 120 WHEN g.outcome = 'lose' THEN 31 + g.hand_id % 30
            WHEN g.outcome = 'lose-s' THEN g.hand_id % 31 ELSE g.hand_id % 22 END AS picker_points,
       CASE WHEN g.kind <> 'pick' OR NOT g.full_log THEN NULL WHEN g.outcome = 'win-z' THEN 6
            WHEN g.outcome = 'lose-z' THEN 0 ELSE 1 + g.hand_id % 5 END AS picker_tricks,
       CASE WHEN g.kind = 'pick' THEN g.outcome ELSE g.kind END AS outcome,
       '{{}}' AS provenance,
       CASE WHEN g.full_log AND g.kind NOT IN ('misdeal', 'doubler') THEN 'full' ELSE 'score-sheet' END AS status,
       CAST(1 + g.g % 3 AS VARCHAR) AS "table", 'Bench' AS site, 1 AS stake, 0 AS marks,
       CASE WHEN g.kind <> 'pick' THEN NULL WHEN g.outcome LIKE '%-s' THEN 2 WHEN g.outcome LIKE '%-z' THEN 3
            ELSE 1 END AS tier,
       CASE WHEN g.kind = 'pick' AND g.call_type <> 'alone' AND g.full_log THEN g.reveal END
           AS partner_revealed_trick,
       CASE WHEN g.kind = 'pick' AND g.call_type <> 'alone' THEN ['C', 'S', 'H'][g.suit_no + 1] END AS called_suit,
       CASE WHEN g.kind = 'pick' THEN g.call_type END AS call_type,
       NULL AS breakdown, '[]' AS warnings, 'bench' AS derived_with,
       CASE WHEN g.kind = 'pick' THEN
           (CASE WHEN g.outcome LIKE 'win%' THEN 1 ELSE -2 END)
           * (CASE WHEN g.outcome LIKE '%-s' THEN 2 WHEN g.outcome LIKE '%-z' THEN 3 ELSE 1 END)
           * (CASE WHEN g.call_type = 'alone' THEN 4 ELSE 2 END) END AS picker_units
FROM gen g
"""

# Five seats a hand; players from the group's roster of 12, rotated per session.
_INSERT_UNITS = """
INSERT INTO hand_units BY NAME
SELECT g.hand_id, g.session_id, s.seat_no, 'S' || s.seat_no AS seat,
       'Player ' || g.g || '-' || ((g.roster_off + s.seat_no * 2) % {roster}) AS player,
       CASE
         WHEN g.kind IN ('misdeal', 'doubler') THEN 0
         WHEN g.kind = 'leaster' THEN CASE WHEN s.seat_no = g.leaster_no THEN 4 ELSE -1 END
         ELSE (CASE WHEN g.outcome LIKE 'win%' THEN 1 ELSE -2 END)
              * (CASE WHEN g.outcome LIKE '%-s' THEN 2 WHEN g.outcome LIKE '%-z' THEN 3 ELSE 1 END)
              * (CASE WHEN s.seat_no = g.picker_no THEN (CASE WHEN g.call_type = 'alone' THEN 4 ELSE 2 END)
                      WHEN g.call_type <> 'alone' AND s.seat_no = g.partner_no THEN 1
                      ELSE -1 END)
       END AS units
FROM gen g CROSS JOIN (SELECT i AS seat_no FROM range(5) t(i)) s
ORDER BY g.hand_id, s.seat_no
"""


def build(db: Path, hands: int) -> None:
    """Create ``db`` with the store's schema and ``hands`` synthetic hands
    (built beside it and renamed when complete, so a failed build leaves no
    half-made database behind)."""
    tmp = db.with_name(db.name + ".building")
    for p in (tmp, tmp.with_name(tmp.name + ".wal")):
        if p.exists():
            p.unlink()
    Store(tmp).open()
    con = connect(tmp, read_only=False)
    try:
        fmt = dict(n=hands, hps=HANDS_PER_SESSION, groups=GROUPS, roster=ROSTER)
        con.execute(_HANDS_SQL.format(**fmt))
        con.execute("BEGIN TRANSACTION")
        con.execute(_INSERT_HANDS.format(**fmt))
        con.execute(_INSERT_UNITS.format(**fmt))
        con.execute("""
            INSERT INTO sessions BY NAME
            SELECT session_id, any_value(session) AS session, any_value("group") AS "group", any_value(date) AS date,
                   any_value("table") AS "table", 'Bench' AS site, any_value(rules) AS rules, 'sheepshead' AS game,
                   any_value(players) AS players, '' AS header, now()::TIMESTAMP AS created_at
            FROM hands GROUP BY session_id""")
        # A few rejected hands, so the data-quality query has rows to count.
        con.execute("""
            INSERT INTO rejected BY NAME
            SELECT i AS rejected_id, hash(i)::VARCHAR::BLOB AS hash, 1 AS ingest_id, 'bench.shn' AS file,
                   CAST(i AS INTEGER) AS line, 1 AS col, CAST(i AS INTEGER) AS hand, 'E-BENCH' AS code,
                   'synthetic' AS message, '' AS source, '[]' AS errors, now()::TIMESTAMP AS rejected_at
            FROM range(1, 101) t(i)""")
        from ingest import summary  # noqa: PLC0415  (hands written in SQL: their summary rows too, migration 016)

        summary.rebuild(con)
        con.execute("COMMIT")
        con.execute("CHECKPOINT")
    finally:
        con.close()
    os.replace(tmp, db)


def _time(fn, db: Path, filters: m.Filters, repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time (all threads of this process),
    in ms, of ``fn(con, filters)`` on a fresh read-only connection each run
    (opened outside the timed part).  CPU time is less disturbed by other
    processes on a shared machine; on an idle 2-core machine the wall time
    is between CPU/2 and CPU."""
    wall, cpu = [], []
    for _ in range(repeat):
        with reading(db) as con:
            t0, c0 = time.perf_counter(), time.process_time()
            fn(con, filters)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--db", type=Path, default=Path(".bench") / "dashboard_1m.duckdb")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--no-pages", action="store_true", help="skip the full page renders")
    args = ap.parse_args()

    print(f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {platform.system()} {platform.release()}".replace("  ", " "))
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            model = next((ln.split(":", 1)[1].strip() for ln in fh if ln.startswith("model name")), "")
        if model:
            print(f"cpu: {model}")
    except OSError:
        pass

    db: Path = args.db
    db.parent.mkdir(parents=True, exist_ok=True)
    if args.rebuild or not db.exists():
        t0 = time.perf_counter()
        build(db, args.hands)
        print(f"built {db} with {args.hands:,} hands in {time.perf_counter() - t0:.1f} s")
    with reading(db) as con:
        n = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        u = con.execute("SELECT count(*) FROM hand_units").fetchone()[0]
    print(f"database: {db} ({db.stat().st_size / 1e6:.0f} MB), {n:,} hands, {u:,} hand_units rows")

    none = m.Filters()
    typical = m.Filters(date_from=date(2016, 1, 1), date_to=date(2016, 12, 31), groups=("Group 3",))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          "(other processes on the machine slow every figure)")
    print(f"\n{'query':28} {'no filter':>10} {'(cpu)':>8} {'group+year':>11} {'(cpu)':>8}   "
          f"(median of {args.repeat}, ms)")
    times: dict[str, tuple[float, float]] = {}
    for fn in m.METRICS:
        a, ac = _time(fn, db, none, args.repeat)
        b, bc = _time(fn, db, typical, args.repeat)
        times[fn.__name__] = (a, b)
        flag = "" if max(a, b) < 100 else "   > 100 ms"
        print(f"{fn.__name__:28} {a:10.1f} {ac:8.1f} {b:11.1f} {bc:8.1f}{flag}")
    worst = max(max(v) for v in times.values())
    print(f"\n{'page: sum of its queries':28} {'no filter':>10} {'':8} {'group+year':>11}")
    for page, fns in m.PAGES.items():
        a = sum(times[fn.__name__][0] for fn in fns)
        b = sum(times[fn.__name__][1] for fn in fns)
        flag = "" if max(a, b) < 1000 else "   > 1 s"
        print(f"{page:28} {a:10.1f} {'':8} {b:11.1f}{flag}")
    if not args.no_pages:
        print(f"\n{'page: full render (AppTest, cold cache)':40} {'no filter':>11}   (median of 3, ms)")
        for page, ms in _page_times(db, 3).items():
            flag = "" if ms < 1000 else "   > 1 s"
            print(f"{page:40} {ms:11.1f}{flag}")
    print(f"\nslowest query: {worst:.1f} ms (target < 100 ms); pages target < 1000 ms")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _page_times(db: Path, repeat: int) -> dict[str, float]:
    """Wall time of one whole render of each statistic page (the page script
    under streamlit.testing's AppTest: queries, frames, charts), with the
    metric cache cleared before each run."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    os.environ["SHEAD_DB"] = str(db.resolve())
    pages = Path(__file__).resolve().parents[1] / "dashboard" / "pages"
    out = {}
    for title, name in (("Overview", "overview.py"), ("Ledger", "ledger.py"), ("Picking", "picking.py"),
                        ("Schneider", "schneider.py"), ("Partner calls", "partner_calls.py")):
        runs = []
        for _ in range(repeat):
            with _quiet_stderr():  # Streamlit outside a server warns about its missing runtime on every run
                st.cache_data.clear()
                at = AppTest.from_file(str(pages / name), default_timeout=120)
                t0 = time.perf_counter()
                at.run()
                runs.append((time.perf_counter() - t0) * 1000)
            if at.exception:
                raise RuntimeError(f"{name}: {at.exception[0].value}")
        out[title] = statistics.median(runs)
    return out


@contextlib.contextmanager
def _quiet_stderr():
    """Send file descriptor 2 to /dev/null for the block."""
    sys.stderr.flush()
    saved = os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


if __name__ == "__main__":
    main()
