"""Scale benchmark (issue 17): what one hand, one session and one page cost
in databases of 10,000, 100,000 and 1,000,000 generated hands.

    .venv/bin/python benchmarks/bench_scale.py build --hands 1000000 --db /tmp/scale-1m.duckdb
    .venv/bin/python benchmarks/bench_scale.py time /tmp/scale-10k.duckdb /tmp/scale-100k.duckdb /tmp/scale-1m.duckdb

``build`` stores ``--hands`` generated legal full hands (``ingest.generate``,
``wi5-called-ace; noPick=doubler``: doublers, so stakes and pots carry from
hand to hand) as sessions of 1,000 hands, one file each, through the
validator and the store as ``shead ingest`` does.  Three generated blocks of
1,000 hands are reused under different session names (generating is slower
than ingesting); every hand is still validated by the engine.  Build each
size once and keep it: the million takes most of an hour on a busy 2-core
machine.

``time`` copies each database (the timed operations write to it) and, each
operation in a new process (cold: a new connection, nothing cached by this
process), times: ``shead replay`` of one hand, adding one hand to a stored
session, ``shead ingest --amend`` of one hand, re-ingest of one stored file
(1,000 duplicates), ``shead rederive`` (shown per 1,000 hands: linear means
flat), every metric query of :mod:`dashboard.metrics` and every dashboard
page of ``dashboard.app.PAGES`` (a streamlit AppTest run; ``--pages NAME ...`` times only those, by title or
url path).  It prints a table operation × size with
the ratio to the smallest size.  Figures on a shared machine vary with its
load: the ratios matter more than the times.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from machine import load_line  # noqa: E402  (benchmarks/machine.py)

#: the source tree whose ``shead`` the commands run (``--tree``: another checkout, for a before/after)
TREE = ROOT
RULES = "wi5-called-ace; noPick=doubler"
PER_SESSION = 1000
BLOCKS = 3
_HAND = re.compile(r"^hand \d+", re.M)


def machine() -> str:
    return load_line()


def blocks() -> list[str]:
    """The generated sessions (texts of ``PER_SESSION`` hands, session "BENCH")."""
    from ingest.generate import generate_session_text

    return [generate_session_text(100 + b, PER_SESSION, RULES, session="BENCH") for b in range(BLOCKS)]


def session_file(block: str, k: int) -> str:
    """Block ``block`` as session number ``k``."""
    return block.replace('[Session "BENCH"]', f'[Session "scale {k:07d}"]', 1)


def build(db: Path, hands: int) -> None:
    from ingest import store as st
    from ingest.pipeline import _validate_planned

    if db.exists():
        sys.exit(f"error: {db} exists; build needs a fresh database")
    t0 = time.perf_counter()
    texts = blocks()
    print(f"generated {BLOCKS} blocks of {PER_SESSION:,} hands in {time.perf_counter() - t0:.1f} s", flush=True)
    stored = 0
    t0 = time.perf_counter()
    with st.Store(db, hold=30.0) as store:
        for k in range(max(1, hands // PER_SESSION)):
            text = session_file(texts[k % BLOCKS], k)
            # as `shead ingest` does: planned against the stored sessions, so each session's running state
            # (session_state) is stored too
            res = _validate_planned(text, f"scale-{k:07d}.shn", store)
            rep = store.ingest_file(res, plan=store.last_plan[1])
            assert rep.stored == PER_SESSION and not rep.rejected, (rep.stored, rep.rejected[:1])
            stored += rep.stored
            if (k + 1) % 50 == 0:
                dt = time.perf_counter() - t0
                print(f"  {stored:,} hands stored, {stored / dt:,.0f} hands/s", flush=True)
    print(f"built {db}: {stored:,} hands in {time.perf_counter() - t0:.0f} s, {st.database_bytes(db):,} bytes")


def copy(src: Path, db: Path, times: int) -> None:
    """``db``: the database ``src`` with its sessions stored ``times`` times
    in all, each copy under new session names, ids and content hashes (SQL
    only: the copies' hands are the validated hands of ``src``, with their
    deal ids and summary rows: ``hand_deals``, ``session_players``,
    ``session_hands``, ``session_deals``).  Building a
    million hands through the validator runs at about 200 hands/s on a busy
    2-core machine; a copy takes minutes."""
    import duckdb

    if db.exists():
        sys.exit(f"error: {db} exists; copy needs a fresh path")
    shutil.copyfile(src, db)
    t0 = time.perf_counter()
    con = duckdb.connect(str(db))
    one = lambda q: con.execute(q).fetchone()[0]  # noqa: E731
    hmax, smax, imax = one("SELECT max(hand_id) FROM hands"), one("SELECT max(session_id) FROM sessions"), \
        one("SELECT max(ingest_id) FROM ingests")
    nses = one("SELECT count(*) FROM sessions")
    cols = {t: [r[0] for r in con.execute("SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                                          "ORDER BY ordinal_position", [t]).fetchall()]
            for t in ("sessions", "ingests", "hand_source", "card_log", "hands", "hand_units", "hand_revisions",
                      "session_state", "session_checks", "settlements", "hand_deals", "session_players",
                      "session_hands", "session_deals")}
    new = {"hand_id": f"hand_id + c * {hmax}", "session_id": f"session_id + c * {smax}",
           "ingest_id": f"ingest_id + c * {imax}",
           "session": f"'scale ' || lpad((CAST(substr(session, 7) AS INTEGER) + c * {nses})::VARCHAR, 7, '0')",
           "hash": "unhex(md5(hex(hash) || c::VARCHAR))",
           "header": f"regexp_replace(header, '\\[Session \"scale (\\d+)\"\\]', "
                     f"'[Session \"scale ' || lpad((CAST(regexp_extract(header, 'scale (\\d+)', 1) AS INTEGER)"
                     f" + c * {nses})::VARCHAR, 7, '0') || '\"]')"}
    con.execute("BEGIN")
    for t, cs in cols.items():
        sel = ", ".join(new.get(c, f'"{c}"') for c in cs)
        con.execute(f'INSERT INTO {t} SELECT {sel} FROM {t}, range(1, {times}) r(c) ORDER BY c, 1')
    con.execute("COMMIT")
    con.execute("CHECKPOINT")
    n = one("SELECT count(*) FROM hands")
    con.close()
    print(f"copied {src} x{times} into {db}: {n:,} hands in {time.perf_counter() - t0:.0f} s")


def _texts(session: str, block: int) -> tuple[str, str, str]:
    """(the stored file of ``session`` again, the session's next hand, an
    amendment of one stored hand) for a session stored from block ``block``.
    The amendment replaces hand ``n`` by another block's hand ``n`` where
    both are picked hands at stake 1 with the same dealer (so the carry
    fits and the later hands keep their stakes)."""
    from ingest.generate import generate_session_text

    full = generate_session_text(100 + block, PER_SESSION + 1, RULES, session=session)
    first = _HAND.search(full).start()
    header, hands = full[:first], re.split(r"\n(?=hand \d+)", full[first:])
    hands = [h.strip("\n") for h in hands if h.strip()]
    stored = header + "\n\n".join(hands[:PER_SESSION]) + "\n"
    nxt = header + hands[PER_SESSION] + "\n"
    other = re.split(r"\n(?=hand \d+)", generate_session_text(100 + (block + 1) % BLOCKS, PER_SESSION, RULES,
                                                              session=session)[first:])
    other = [h.strip("\n") for h in other if h.strip()]

    def plain(h: str) -> bool:
        return "pick " in h and "stake" not in h and "doubler" not in h

    for n in range(PER_SESSION - 10, 0, -1):
        a, b = hands[n - 1], other[n - 1]
        if plain(a) and plain(b) and plain(hands[n]) and a.split("\n")[0] == b.split("\n")[0] and a != b:
            return stored, nxt, header + b + "\n"
    raise RuntimeError("no hand to amend")


#: the hands of the new session that ``time`` stores (a night at one table)
NIGHT = 20


def _night() -> str:
    """A new session of :data:`NIGHT` hands: block 0's first hands under the
    session name "scale night" and the date 2031-03-05, which no stored
    session has."""
    from ingest.generate import generate_session_text

    full = generate_session_text(100, NIGHT, RULES, session="scale night")
    return re.sub(r'\[Date "[^"]*"\]', '[Date "2031.03.05"]', full, count=1)


#: what the table shows: "cpu" (the process's CPU seconds, all its threads: steadier on a shared machine) or "wall"
CLOCK = "cpu"


def _shead(*args: str) -> float:
    """Seconds (:data:`CLOCK`) of one ``shead`` command in a new process (it must succeed)."""
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "ingest.cli", *args], cwd=TREE, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise RuntimeError(f"shead {' '.join(args)}: exit {r.returncode}\n{r.stderr[-2000:]}")
    return dt if CLOCK == "wall" else (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)


def _page_params(db: Path) -> dict[str, dict[str, str]]:
    """The query parameters of the pages that show one thing: the Replay
    page a hand near the end of the database (hand 500 of its last session),
    the Player page one of that hand's players, the Compare page that hand's
    deal."""
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        hid = con.execute("SELECT hand_id FROM hands WHERE session = (SELECT max(session) FROM sessions) "
                          "ORDER BY abs(hand - ?) LIMIT 1", [PER_SESSION // 2]).fetchone()[0]
        who = con.execute("SELECT player FROM hand_units WHERE hand_id = ? AND player IS NOT NULL "
                          "ORDER BY seat_no LIMIT 1", [hid]).fetchone()
        deal = con.execute("SELECT deal_id FROM hand_deals WHERE hand_id = ?", [hid]).fetchone()
    finally:
        con.close()
    out = {"replay_hand.py": {"hand": str(hid)}}
    if who:
        out["player.py"] = {"who": who[0]}
    if deal:
        out["compare.py"] = {"deal": deal[0]}
    return out


def _pages(db: Path, only: list[str] | None = None) -> dict[str, float]:
    """Seconds (:data:`CLOCK`) of one whole render of every dashboard page
    (``dashboard.app.PAGES``, or those whose title or url path is in ``only``:
    its script under streamlit.testing's AppTest,
    the metric cache cleared first, as benchmarks/bench_dashboard.py does;
    one untimed render first, so that no page pays this process's imports).
    The Replay, Player and Compare pages are given a hand, a player and a
    deal (:func:`_page_params`)."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from benchmarks.bench_dashboard import _quiet_stderr
    from dashboard.app import PAGES

    os.environ["SHEAD_DB"] = str(db.resolve())
    params = _page_params(db)
    out = {}
    chosen = [p for p in PAGES if only is None or p[2].lower() in only or p[4] in only]
    for i, (_, rel, title, _, _) in enumerate(chosen[:1] + chosen):
        name = Path(rel).name
        with _quiet_stderr():
            st.cache_data.clear()
            at = AppTest.from_file(str(ROOT / "dashboard" / rel), default_timeout=1800)
            for k, v in params.get(name, {}).items():
                at.query_params[k] = v
            t0, c0 = time.perf_counter(), time.process_time()
            at.run()
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if at.exception:
            raise RuntimeError(f"{name}: {at.exception[0].value}")
        if i:  # the first render warms this process's imports
            out[title] = wall if CLOCK == "wall" else cpu
    return out


def time_db(src: Path, work: Path, rederive: bool, repeat: int, pages: bool, metrics: bool = True,
            commands: bool = True, only: list[str] | None = None) -> dict[str, float]:
    """Seconds of each operation on a copy of ``src``."""
    import duckdb

    db = work / src.name
    shutil.copyfile(src, db)
    con = duckdb.connect(str(db), read_only=True)
    nses, n = con.execute("SELECT count(*), (SELECT count(*) FROM hands) FROM sessions").fetchone()
    con.close()
    k = nses - 5  # a session near the end of the database, a copy of session 5 (block 2)
    session = f"scale {k:07d}"
    stored, nxt, amend = _texts(session, 5 % BLOCKS)
    # the re-ingest: session 5 itself, whose content hashes are real (`copy` gives its copies new hashes that
    # no text has: a copy's text is found stored by meaning, not by hash, and costs a replay)
    stored = _texts(f"scale {5:07d}", 5 % BLOCKS)[0]
    out: dict[str, float] = {"hands": n}
    # a new night: a session of NIGHT hands under a name and a date of its own (the W-SESSION-COPY check
    # looks for a stored session of the same date and players; none here, as for most nights of a real log)
    night = _night()
    for name, text in (("stored.shn", stored), ("next.shn", nxt), ("amend.shn", amend), ("night.shn", night)):
        (work / name).write_text(text, encoding="utf-8")
    if not commands:
        rederive = False
    else:
        out["shead --help"] = _shead("--help")
        out["replay one hand"] = _shead("replay", f"{session}#{PER_SESSION // 2}", "--db", str(db))
        out["re-ingest a stored file (1,000 hands)"] = _shead("ingest", str(work / "stored.shn"), "--db", str(db))
        out["add one hand to a session"] = _shead("ingest", str(work / "next.shn"), "--db", str(db))
        out[f"store a new session ({NIGHT} hands)"] = _shead("ingest", str(work / "night.shn"), "--db", str(db))
        out["amend one hand"] = _shead("ingest", "--amend", str(work / "amend.shn"), "--reason", "bench",
                                       "--db", str(db))
    if rederive:
        out["rederive, per 1,000 hands"] = _shead("rederive", "--db", str(db)) * 1000 / n
    if metrics:
        from benchmarks.bench_dashboard import _time
        from dashboard import metrics as m

        for fn in m.METRICS:
            wall, cpu = _time(fn, db, m.Filters(), repeat)
            out[f"metric {fn.__name__}"] = (wall if CLOCK == "wall" else cpu) / 1000
    if pages:
        for page, sec in _pages(db, only).items():
            out[f"page {page}"] = sec
    db.unlink()
    return out


def time_all(dbs: list[Path], rederive_max: int, repeat: int, pages: bool, metrics: bool = True,
             commands: bool = True, only: list[str] | None = None) -> None:
    print(f"machine: {machine()}")
    cols = []
    with tempfile.TemporaryDirectory() as tmp:
        for src in dbs:
            import duckdb

            con = duckdb.connect(str(src), read_only=True)
            n = con.execute("SELECT count(*) FROM hands").fetchone()[0]
            con.close()
            print(f"timing {src} ({n:,} hands) ...", flush=True)
            cols.append(time_db(src, Path(tmp), n <= rederive_max, repeat, pages, metrics, commands, only))
            print("  " + ", ".join(f"{k} {v:.3f}" for k, v in cols[-1].items()), flush=True)
    ops = [k for k in cols[0] if k != "hands"] + [k for c in cols[1:] for k in c if k not in cols[0]]
    head = f"{'operation (' + CLOCK + ' seconds; metrics: ms)':44}" + "".join(f"{int(c['hands']):>12,}" for c in cols) \
        + "".join(f"{'x ' + format(int(c['hands']), ','):>12}" for c in cols[1:])
    print(head)
    for op in ops:
        scale = 1000 if op.startswith("metric") else 1
        vals = [c.get(op) for c in cols]
        line = f"{op:44}" + "".join(f"{v * scale:12.3f}" if v is not None else f"{'-':>12}" for v in vals)
        base = vals[0]
        for v in vals[1:]:
            line += f"{v / base:12.2f}" if v is not None and base else f"{'-':>12}"
        print(line)
    print(f"ratios are to {int(cols[0]['hands']):,} hands; load average after: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build a database of generated hands")
    b.add_argument("--hands", type=int, required=True)
    b.add_argument("--db", type=Path, required=True)
    c = sub.add_parser("copy", help="a database of SRC's sessions copied TIMES times (SQL only)")
    c.add_argument("src", type=Path)
    c.add_argument("--times", type=int, required=True)
    c.add_argument("--db", type=Path, required=True)
    t = sub.add_parser("time", help="time the operations on each database (smallest first)")
    t.add_argument("dbs", type=Path, nargs="+")
    t.add_argument("--rederive-max", type=int, default=100_000, help="time rederive up to this many hands")
    t.add_argument("--repeat", type=int, default=3, help="runs of each metric query (the median is shown)")
    t.add_argument("--no-pages", action="store_true")
    t.add_argument("--pages", nargs="+", metavar="NAME", help="only these pages (a title or url path of "
                   "dashboard.app.PAGES, any case: compare, ledger, player, \"fair deals\" ...)")
    t.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                   help="CPU seconds of the process (default; steadier under load) or wall seconds")
    t.add_argument("--no-metrics", action="store_true", help="only the shead commands (and rederive)")
    t.add_argument("--no-commands", action="store_true", help="no shead commands (nor rederive): the metric "
                   "queries and the pages only")
    t.add_argument("--tree", type=Path, default=ROOT, help="run the shead commands of this checkout "
                   "(for a before/after; the metric queries and the pages are always this tree's)")
    args = ap.parse_args()
    if args.cmd == "time":
        global TREE, CLOCK
        TREE, CLOCK = args.tree, args.clock
        only = [p.lower() for p in args.pages] if args.pages else None
        time_all(args.dbs, args.rederive_max, args.repeat, not args.no_pages, not args.no_metrics,
                 not args.no_commands, only)
    elif args.cmd == "build":
        build(args.db, args.hands)
    elif args.cmd == "copy":
        copy(args.src, args.db, args.times)


if __name__ == "__main__":
    main()
