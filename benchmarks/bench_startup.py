"""Start-up time of the light ``shead`` commands (issue 17: ``shead --help``
and the light commands start in under 0.2 s).

Each command runs ``--runs`` times (default 7) in a fresh process (the
``shead`` console script next to the interpreter, else ``python -m
ingest.cli``); printed: the median
wall seconds and the median CPU seconds of the process (user + system, from
``getrusage`` of the child: on a shared machine the wall time counts the
neighbours too), and whether the CPU median is under the 0.2 s target.

    nice -n 10 .venv/bin/python benchmarks/bench_startup.py [--runs N]

The commands: ``shead --help``, ``shead --version``, ``shead CMD --help``
for every command and group, a usage error, and two light reading commands
(``history`` and ``replay`` of a hand that is not there) on an empty
database made first with ``shead rederive`` (these open DuckDB, whose import
alone costs about a quarter of a second of CPU here: their floor).  A
baseline ``python -c pass`` and ``python -c 'import typer'`` are printed
first for scale.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.machine import load_line  # noqa: E402

TARGET = 0.2


#: The children's environment: bytecode caches written and read, as on an
#: installed machine (this project's sessions run with
#: PYTHONDONTWRITEBYTECODE=1, which makes every start compile ingest/cli.py
#: again: about 0.1 s; ``--no-cache`` measures that).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(argv: list[str], env: dict[str, str] = ENV, cwd: Path = ROOT) -> tuple[float, float, int]:
    """Wall and CPU seconds of one fresh process running ``argv``, and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.returncode


def commands() -> list[str]:
    """The names of every command and command group of ``shead``."""
    from ingest.cli import app  # noqa: PLC0415

    names = [c.name or c.callback.__name__.replace("_", "-") for c in app.registered_commands]
    return names + [g.name for g in app.registered_groups]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="fresh processes per command (default 7)")
    ap.add_argument("--no-cache", action="store_true", help="no bytecode cache: every module compiled at each start")
    ap.add_argument("--tree", type=Path, default=None,
                    help="run `python -m ingest.cli` in this source tree (another revision, e.g. a `git archive` "
                         "of main) instead of the console script")
    args = ap.parse_args()
    env = {**ENV, "PYTHONDONTWRITEBYTECODE": "1"} if args.no_cache else ENV
    cwd = args.tree.resolve() if args.tree else ROOT
    py = sys.executable
    script = Path(py).parent / "shead"  # the console script, as a user runs it
    shead = [str(script)] if script.exists() and args.tree is None else [py, "-m", "ingest.cli"]
    tmp = tempfile.TemporaryDirectory(prefix="bench_startup_")
    db = str(Path(tmp.name) / "empty.duckdb")
    subprocess.run([*shead, "rederive", "--db", db], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cases: list[tuple[str, list[str], bool]] = [
        ("python -c pass", [py, "-c", "pass"], False),
        ("python -c 'import typer'", [py, "-c", "import typer"], False),
        ("shead --help", [*shead, "--help"], True),
        ("shead --version", [*shead, "--version"], True),
        ("shead nosuchcommand (usage error)", [*shead, "nosuchcommand"], True),
    ]
    cases += [(f"shead {c} --help", [*shead, c, "--help"], True) for c in commands()]
    cases += [
        ("shead history s#1 (empty db; opens DuckDB)", [*shead, "history", "s#1", "--db", db], False),
        ("shead replay s#1 (empty db; opens DuckDB)", [*shead, "replay", "s#1", "--db", db], False),
    ]
    print(f"# {load_line()}; median of {args.runs} fresh processes after one not counted (it writes the bytecode "
          f"cache{'; here none is kept' if args.no_cache else ''}); target: CPU < {TARGET} s for the light commands")
    print(f"{'command':<46} {'wall s':>7} {'CPU s':>7} {'exit':>5}  target")
    over = []
    for name, argv, light in cases:
        run_once(argv, env, cwd)
        runs = [run_once(argv, env, cwd) for _ in range(args.runs)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        mark = ("ok" if cpu < TARGET else "OVER") if light else "-"
        if light and cpu >= TARGET:
            over.append(name)
        print(f"{name:<46} {wall:7.3f} {cpu:7.3f} {runs[0][2]:>5}  {mark}", flush=True)
    print()
    print(f"light commands over {TARGET} s CPU: " + (", ".join(over) if over else "none"))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
