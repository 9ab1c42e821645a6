"""Issue 17: ``shead --help`` and the light commands start in under 0.2 s.

What made them slow was imports: DuckDB, pyarrow and numpy (0.5-0.8 s),
Rich's help formatting with markdown-it (0.24 s) and pydantic, which typer
0.29 imports to coerce the root ``--help``'s None (0.2 s).  Timing is
measured by benchmarks/bench_startup.py; this test checks the cause: in a
fresh interpreter, none of the light commands imports any of those modules.
It fails when someone adds a module-level import of one of them to
ingest/cli.py (or to a module it imports at start-up)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Never imported by a light command: the data libraries, the dashboard, the
#: store (it imports DuckDB), Rich (help is click's plain text; messages
#: import it at the first one printed) and pydantic.
HEAVY = ("duckdb", "pyarrow", "polars", "pandas", "numpy", "streamlit", "ingest.store", "ingest.pipeline",
         "rich", "pydantic")

#: The commands and groups of ``shead --help`` (design.md 5 and the issues since).
COMMANDS = ["ingest", "void", "history", "replay", "sheet", "export", "rederive", "ledger", "compare", "deals",
            "serve", "analyze", "dashboard", "demo", "bench", "rules", "race", "token"]

_PROBE = """
import io, json, sys
from contextlib import redirect_stdout, redirect_stderr
from ingest.cli import app
out = {"import": sorted(m for m in HEAVY if m in sys.modules)}
for argv in CASES:
    buf = io.StringIO()
    with redirect_stdout(buf), redirect_stderr(io.StringIO()):
        try:
            app(argv, prog_name="shead")
        except SystemExit as exc:
            code = exc.code
    out[" ".join(argv)] = {"code": code, "new": sorted(m for m in HEAVY if m in sys.modules), "text": buf.getvalue()}
print(json.dumps(out))
"""


def _probe(cases: list[list[str]]) -> dict:
    code = f"HEAVY = {HEAVY!r}\nCASES = {cases!r}\n" + _PROBE
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_the_light_commands_import_no_heavy_module():
    cases = [["--help"], ["--version"], ["nosuchcommand"]] + [[c, "--help"] for c in COMMANDS]
    got = _probe(cases)
    assert got["import"] == []  # importing ingest.cli itself
    # each case in order: a module imported by an earlier case would show under it first
    assert {" ".join(a): got[" ".join(a)]["new"] for a in cases} == {" ".join(a): [] for a in cases}
    assert got["--help"]["code"] == 0 and got["nosuchcommand"]["code"] == 2  # a usage error is exit 2
    assert got["--version"]["text"].strip() == "shead 0.1.0"  # pyproject.toml's version


def test_plain_help_still_lists_every_command_with_its_summary():
    text = _probe([["--help"]])["--help"]["text"]
    listed = [line.split()[0] for line in text.split("Commands:", 1)[1].splitlines() if line.strip()]
    assert listed == COMMANDS
    assert "replay     Show a stored hand trick by trick" in text  # the summary line of each command
    assert "[" not in text.split("Commands:", 1)[0].replace("[OPTIONS]", "").replace("[ARGS]", "")  # no markup


def test_lazy_object_is_made_once_at_its_first_use():
    from contextlib import nullcontext

    from ingest.lazy import lazy_object

    made = []
    obj = lazy_object(lambda: made.append("made") or nullcontext(5))
    assert made == []  # nothing made until used
    assert obj.enter_result == 5 and made == ["made"]  # an attribute read makes it
    with obj as value:  # the console of a progress bar is entered: forwarded to the object made
        assert value == 5
    assert made == ["made"]  # made once


def test_a_command_that_only_reads_imports_no_pyarrow(tmp_path):
    """``shead replay`` of a stored hand reads the database and never writes
    a batch, so it imports DuckDB but not pyarrow nor numpy (about 0.35 CPU-s
    of its start, issue 17); the store builds its Arrow schemas at the first
    write.  The brief's example session holds 5 hands."""
    from ingest.store import Store
    from ingest.validate import validate_text

    example = ROOT / "data" / "sheepshead" / "example_session.shn"
    db = tmp_path / "read.duckdb"
    with Store(db) as store:
        report = store.ingest_file(validate_text(example.read_text(encoding="utf-8"), path=str(example)))
    assert report.stored == 5
    code = ("import sys\nfrom ingest.cli import app\n"
            f"sys.argv = ['shead', 'replay', '1', '--db', {str(db)!r}, '--json']\n"
            "try:\n    app()\nexcept SystemExit as e:\n    code = e.code\n"
            "print('MODULES', sorted(m for m in ('duckdb', 'pyarrow', 'numpy', 'pandas') if m in sys.modules))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "MODULES ['duckdb']"


def _openblas_env(env: dict[str, str]) -> dict:
    """In a fresh interpreter under ``env``: OPENBLAS_NUM_THREADS after
    importing shead's ingest package, and the environment ``shead demo``
    and ``shead dashboard`` give the streamlit process they start."""
    code = ("import json, os\nimport ingest\nfrom dashboard import launch\n"
            "seen = {}\n"
            "class P:\n"
            "    def __init__(self, cmd, env):\n"
            "        seen['child'] = env.get('OPENBLAS_NUM_THREADS')\n"
            "        raise SystemExit(0)\n"
            "launch.subprocess.Popen = P\n"
            "try:\n"
            "    launch.launch('/tmp/none.duckdb', '127.0.0.1', 8999, True)\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(json.dumps({'here': os.environ.get('OPENBLAS_NUM_THREADS'), **seen}))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_openblas_runs_one_thread_unless_the_user_says_otherwise():
    """Issue 17: numpy (pyarrow's, streamlit's) starts OpenBLAS's worker
    threads, whose start-up spin cost about 5 µs a hand of a 20,000-hand
    ``shead bench`` (6,246 / 6,438 against 6,606 / 6,564 hands/s, compiled,
    alternated); shead does no linear algebra.  Unset, shead sets one
    thread for itself and the dashboard it starts; a user's own setting is
    kept."""
    import os  # noqa: PLC0415

    base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _openblas_env(base) == {"here": "1", "child": "1"}
    assert _openblas_env({**base, "OPENBLAS_NUM_THREADS": "4"}) == {"here": "4", "child": "4"}
