"""Compile the double-dummy search core (``replay/dd_core.py``) with mypyc.

    python -m replay.build_solver          # build replay/dd_core.*.so beside the source
    python -m replay.build_solver --clean  # remove it: back to the pure-Python core

The compiled module is built from the very same source file and shadows it on
import; without it (no compiler, no mypy) the pure-Python source runs and gives
the same answers (``benchmarks/dd_agreement.py --pure-vs-compiled`` checks
that).  Needs ``mypy`` (``pip install -e '.[fast]'``) and a C compiler.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def built() -> list[Path]:
    """The compiled files of the core now beside the source."""
    return sorted(set(HERE.glob("dd_core*.so")) | set(HERE.glob("*__mypyc*.so")))


def clean() -> None:
    for p in built():
        p.unlink()


def build() -> int:
    """Run mypyc on ``replay/dd_core.py`` from the repository root (so the
    module is ``replay.dd_core``); returns the exit code."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("mypyc is not installed: pip install -e '.[fast]' (the pure-Python core keeps working)",
              file=sys.stderr)
        return 1
    clean()
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "mypyc", "replay/dd_core.py"]
        had_build = (ROOT / "build").exists()
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                              env={**__import__("os").environ, "MYPY_CACHE_DIR": str(Path(tmp) / "cache")})
        if not had_build:  # mypyc's own scratch folder
            shutil.rmtree(ROOT / "build", ignore_errors=True)
    if proc.returncode != 0 or not built():
        print(proc.stdout[-3000:], proc.stderr[-3000:], sep="\n", file=sys.stderr)
        print("the build failed; the pure-Python core keeps working", file=sys.stderr)
        return proc.returncode or 1
    for p in built():
        print(f"built {p.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--clean" in argv:
        clean()
        print("removed the compiled core; the pure-Python core runs")
        return 0
    return build()


if __name__ == "__main__":
    raise SystemExit(main())
