"""The compiled ingest path (issue 17): the hot modules of a first ingest
compiled from their very same ``.py`` source with Cython (pure-Python mode:
no ``.pyx``, no second engine to keep in step).

    python -m ingest.fastpath            # build the extension modules beside the sources
    python -m ingest.fastpath --clean    # remove them: back to pure Python
    python -m ingest.fastpath --status   # which modules run compiled now

An extension module ``replay/state.cpython-311-x86_64-linux-gnu.so`` beside
``replay/state.py`` is imported instead of the source; without it (no
compiler, no Cython, or after ``--clean``) the source runs, with the same
verdicts and the same stored rows (``tests/test_fastpath.py`` compares the
two paths' databases row for row under every named profile).  Needs Cython
(``pip install -e '.[fast]'``) and a C compiler with the Python headers; a
machine without them installs and runs the pure-Python path unchanged.  The
build files (``.c``, ``.so``, ``build/``) are git-ignored.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The modules of a first ingest's hot path, compiled by :func:`build`
#: (the reader, the engine and the judge of the Wisconsin game, the card
#: tables, scoring, the validator's file loop and the store's row builders).
HOT_MODULES = (
    "replay.cards",
    "replay.state",
    "replay.scoring",
    "replay.judge_common",
    "replay.judge_wi",
    "replay.judge",
    "replay.deal_identity",
    "ingest.shn.reader",
    "ingest.validate",
    "ingest.model",
)

__all__ = ["HOT_MODULES", "build", "built", "clean", "main"]


def _source(name: str) -> Path:
    return ROOT.joinpath(*name.split(".")).with_suffix(".py")


def built() -> list[Path]:
    """The extension modules of :data:`HOT_MODULES` now beside their sources."""
    out: list[Path] = []
    for name in HOT_MODULES:
        src = _source(name)
        out.extend(sorted(src.parent.glob(src.stem + ".cpython-*.so")) + sorted(src.parent.glob(src.stem + ".abi3.so")))
    return out


def clean() -> int:
    """Remove the built extension modules and their generated C files;
    returns how many files were removed."""
    n = 0
    for p in built():
        p.unlink()
        n += 1
    for name in HOT_MODULES:
        c = _source(name).with_suffix(".c")
        if c.exists():
            c.unlink()
            n += 1
    return n


def build(modules: tuple[str, ...] = HOT_MODULES, quiet: bool = False) -> int:
    """Cythonize ``modules`` in place (an extension module beside each
    source, the generated C removed afterwards); returns the exit code: 0
    built, 1 when Cython or the compiler is missing or the build failed (the
    pure-Python path keeps working in every case)."""
    try:
        import Cython  # noqa: F401, PLC0415
    except ImportError:
        print("Cython is not installed: pip install -e '.[fast]' (the pure-Python path keeps working)",
              file=sys.stderr)
        return 1
    clean()
    sources = [str(_source(m).relative_to(ROOT)) for m in modules]
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from Cython.Build import cythonize\n"
        "setup(ext_modules=cythonize(sys.argv[3:], language_level=3, quiet=True,\n"
        "      compiler_directives={'binding': True, 'embedsignature': False}),\n"
        "      script_args=sys.argv[1:3])\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        setup_py = Path(tmp) / "setup_fast.py"
        setup_py.write_text(script)
        env = {**os.environ, "CFLAGS": os.environ.get("CFLAGS", "-O2")}
        had_build = (ROOT / "build").exists()
        cmd = [sys.executable, str(setup_py), "build_ext", "--inplace", *sources]
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
        if not had_build:
            shutil.rmtree(ROOT / "build", ignore_errors=True)
    for m in modules:  # the generated C is a build artefact
        c = _source(m).with_suffix(".c")
        if c.exists():
            c.unlink()
    if proc.returncode != 0 or len(built()) < len(modules):
        print(proc.stdout[-3000:], proc.stderr[-3000:], sep="\n", file=sys.stderr)
        print("the build failed; the pure-Python path keeps working", file=sys.stderr)
        clean()
        return proc.returncode or 1
    if not quiet:
        for p in built():
            print(f"built {p.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--clean" in argv:
        n = clean()
        print(f"removed {n} compiled file(s); the pure-Python path runs")
        return 0
    if "--status" in argv:
        got = {p.name.split(".")[0] for p in built()}
        for name in HOT_MODULES:
            print(f"{name}: {'compiled' if name.rsplit('.', 1)[-1] in got else 'pure Python'}")
        return 0
    return build()


if __name__ == "__main__":
    raise SystemExit(main())
