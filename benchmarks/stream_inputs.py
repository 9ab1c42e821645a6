"""Peak memory of ingesting the other large inputs, whole and streamed
(issue 15): ``python benchmarks/stream_inputs.py --mb 20 --dir /tmp/x``.

Writes three inputs of about ``--mb`` megabytes into ``--dir`` — an SHN file
(:mod:`benchmarks.big_shn`'s sessions), a CSV score sheet (rows of won
called-ace hands, 1,000 hands a date) and a NetSchafkopf protocol (the games
of a shipped protocol in data/netschafkopf written again and again) — and
ingests each, in a fresh process per run, into a fresh database:

* ``upload-whole``: what the Import page did with an upload (the bytes in a
  BytesIO as Streamlit holds them, ``getvalue()``, read and stored whole);
* ``upload-stream``: what it does now (copied to a temporary file in 1 MB
  pieces, :func:`ingest.stream.ingest_large`); ``POST /hands`` of the owner
  takes the same path from its spooled body;
* ``csv-whole`` / ``csv-stream``: the score sheet read whole
  (:func:`ingest.pipeline.load_file`) or in batches
  (:func:`ingest.stream.ingest_csv_stream`);
* ``nsk-whole`` / ``nsk-stream``: the protocol read whole
  (:func:`ingest.pipeline.load_file`) or in passes and batches
  (:func:`ingest.protocol_stream.ingest_protocol_stream`).

Each line: the run, the file's MB, hands stored and rejected, wall and CPU
seconds, and the child's maximum resident set size (its own
``getrusage(RUSAGE_SELF).ru_maxrss``, the figure ``/usr/bin/time -v``
prints).  On a shared machine run it under
``nice -n 10`` and say the figures were taken under load."""

from __future__ import annotations

import argparse
import io
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
P5 = ["Al", "Bea", "Cy", "Di", "Ed"]


def write_csv(out: Path, mb: float) -> None:
    """Won called-ace hands (rules.md B-33: picker +2, partner +1, each
    defender -1), the picker moving one seat a hand, 1,000 hands a date."""
    target = int(mb * 1e6)
    with open(out, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("date,hand,dealer,picker,partner,call,points,outcome," + ",".join(P5) + "\n")
        k = 0
        while fh.tell() < target:
            day, hand = divmod(k, 1000)
            p, q = P5[k % 5], P5[(k + 2) % 5]
            units = [2 if x == p else 1 if x == q else -1 for x in P5]
            y, d = divmod(day, 365)
            date = f"{2000 + y}-{1 + d // 28 % 12:02d}-{1 + d % 28:02d}"
            fh.write(f"{date},{hand + 1},{P5[(k + 4) % 5]},{p},{q},AS,72,win," + ",".join(f"{u:+d}" for u in units)
                     + "\n")
            k += 1


def write_protocol(out: Path, mb: float) -> None:
    """A shipped protocol's games written again until the file holds ``mb``
    MB, renumbered with a running table that stays consistent, so every
    game is stored (:func:`benchmarks.big_protocol.write`)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from big_protocol import write  # noqa: PLC0415

    write(out, mb)


def run(mode: str, path: Path, db: Path) -> None:
    """One measured ingest (in the child process)."""
    from ingest import store as st
    from ingest import stream
    from ingest.pipeline import load_bytes, load_file, store_result

    t0, c0 = time.monotonic(), time.process_time()
    with st.Store(db) as store:
        if mode == "upload-whole":
            up = io.BytesIO(path.read_bytes())  # Streamlit's copy of the upload
            store.last_plan = None
            result, fmt = load_bytes(path.name, up.getvalue(), store)
            plan = store.last_plan[1] if store.last_plan and store.last_plan[0] == path.name else None
            rep = store.ingest_file(result, source_format=fmt, plan=plan)
        elif mode == "upload-stream":
            up = io.BytesIO(path.read_bytes())
            with tempfile.TemporaryDirectory() as folder:
                spooled = stream.spooled(iter(lambda: up.read(1 << 20), b""), path.name, folder)
                kind = stream.stream_kind(spooled, name=path.name)
                rep, _ = stream.ingest_large(store, spooled, kind=kind, name=path.name)
        elif mode == "csv-stream":
            rep, _ = stream.ingest_csv_stream(store, path)
        elif mode == "nsk-stream":
            from ingest.protocol_stream import ingest_protocol_stream  # noqa: PLC0415

            rep, _ = ingest_protocol_stream(store, path)
        else:  # csv-whole, nsk-whole
            store.last_plan = None
            result, fmt = load_file(path, store)
            plan = store.last_plan[1] if store.last_plan and store.last_plan[0] == str(path) else None
            rep = store_result(store, result, fmt, False, plan=plan)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB: this process's maximum resident set
    print(f"{rep.stored} {len(rep.rejected)} {time.monotonic() - t0:.1f} {time.process_time() - c0:.1f} {peak}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=20.0)
    ap.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "shead-stream-inputs")
    ap.add_argument("--only", nargs="*", default=None, help="runs to do (default: all)")
    ap.add_argument("--run", nargs=3, metavar=("MODE", "FILE", "DB"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.run:
        run(args.run[0], Path(args.run[1]), Path(args.run[2]))
        return
    args.dir.mkdir(parents=True, exist_ok=True)
    shn, csv, nsk = args.dir / "big.shn", args.dir / "big.csv", args.dir / "big_protocol.txt"
    if not shn.exists():
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "big_shn.py"), str(shn), "--mb", str(args.mb)],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    if not csv.exists():
        write_csv(csv, args.mb)
    if not nsk.exists():
        write_protocol(nsk, args.mb)
    plan = [("upload-whole", shn), ("upload-stream", shn), ("csv-whole", csv), ("csv-stream", csv),
            ("nsk-whole", nsk), ("nsk-stream", nsk)]
    for mode, path in plan:
        if args.only and mode not in args.only:
            continue
        db = args.dir / f"{mode}.duckdb"
        for p in (db, db.with_name(db.name + ".wal")):
            p.unlink(missing_ok=True)
        proc = subprocess.Popen([sys.executable, __file__, "--run", mode, str(path), str(db)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        out, err = proc.communicate()
        if proc.returncode:
            print(f"{mode}: failed ({proc.returncode}): {err[-500:]}", flush=True)
            continue
        stored, rejected, wall, cpu, peak = out.split()
        peak = int(peak)
        print(f"{mode:14} {path.stat().st_size / 1e6:7.1f} MB  {int(stored):>8,} stored {int(rejected):>7,} rejected  "
              f"wall {float(wall):7.1f} s  cpu {float(cpu):7.1f} s  peak rss {peak / 1024:7.0f} MB", flush=True)


if __name__ == "__main__":
    main()
