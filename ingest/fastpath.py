"""The compiled ingest path (issue 17): the hot modules of a first ingest
compiled from their very same ``.py`` source with Cython (pure-Python mode:
no ``.pyx``, no second engine to keep in step).

    python -m ingest.fastpath            # build the extension modules beside the sources
    python -m ingest.fastpath --clean    # remove them: back to pure Python
    python -m ingest.fastpath --status   # which modules run compiled now

An extension module ``replay/state.cpython-311-x86_64-linux-gnu.so`` beside
``replay/state.py`` is imported instead of the source; ``replay/state.pxd``
beside it (Cython's augmenting declarations) makes the compiled
``GameState`` an extension type whose attributes are struct fields, every
one still a Python object, so the source's behaviour is kept.  Without the extension (no
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
#: tables, scoring, a hand's outcome and card log, the validator's file loop and the store's row builders).
HOT_MODULES = (
    "replay.cards",
    "replay.state",
    "replay.scoring",
    "replay.judge_common",
    "replay.outcome",
    "replay.judge_wi",
    "replay.judge",
    "replay.deal_identity",
    "ingest.shn.reader",
    "ingest.validate",
    "ingest.model",
    "ingest.store",
    "ingest.summary",
    "ingest.deal_summary",
    "ingest.arrow_build",
)

__all__ = ["HOT_MODULES", "build", "built", "clean", "compiled_now", "ingest_texts", "stored_rows", "pure_copy",
           "ingest_in_pure_copy", "profile_texts", "main"]


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
    pure-Python path keeps working in every case).

    ``annotation_typing`` is off: Cython would otherwise turn the type hints
    into checks and C types (an ``int`` hint refusing a tuple, an ``int``
    overflowing), and the compiled path must behave as the source does."""
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
        "setup(ext_modules=cythonize(sys.argv[4:], language_level=3, quiet=True,\n"
        "      compiler_directives={'binding': True, 'annotation_typing': False}),\n"
        "      script_args=sys.argv[1:4])\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        setup_py = Path(tmp) / "setup_fast.py"
        setup_py.write_text(script)
        env = {**os.environ, "CFLAGS": os.environ.get("CFLAGS", "-O2")}
        had_build = (ROOT / "build").exists()
        cmd = [sys.executable, str(setup_py), "build_ext", "--inplace", f"-j{os.cpu_count() or 1}", *sources]
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


def compiled_now() -> list[str]:
    """The modules of :data:`HOT_MODULES` this process runs compiled (an
    extension module was imported instead of the ``.py`` source)."""
    import importlib  # noqa: PLC0415

    return [m for m in HOT_MODULES if not str(getattr(importlib.import_module(m), "__file__", "")).endswith(".py")]


def profile_texts(hands: int, seed: int = 1, profiles: list[str] | None = None,
                  per_file: int = 500, bump_every: int = 23) -> list[tuple[str, str]]:
    """Generated SHN files spread over every named Sheepshead profile
    (:data:`replay.profile.NAMED_PROFILES`, or ``profiles``): ``hands`` in
    all, files of up to ``per_file`` hands, one session each, with misdeals
    (2 %) and score-sheet lines (5 %); in every ``bump_every``-th hand of a
    file that writes ``pts`` it is one more than the hand's points, so the
    files also carry rejected hands (their verdicts and positions are
    compared too)."""
    import re  # noqa: PLC0415

    from ingest.generate import generate_session_text  # noqa: PLC0415
    from replay.profile import NAMED_PROFILES  # noqa: PLC0415

    names = profiles or list(NAMED_PROFILES)
    share, extra = divmod(hands, len(names))
    out: list[tuple[str, str]] = []
    k = 0
    for i, name in enumerate(names):
        left = share + (1 if i < extra else 0)
        while left > 0:
            n = min(per_file, left)
            left -= n
            text = generate_session_text(seed + k, n, name, score_sheet_rate=0.05, misdeal_rate=0.02,
                                         session=f"agree {name} #{k}")
            count = [0]

            def bump(m: re.Match) -> str:
                count[0] += 1
                return f"pts {int(m.group(1)) + 1}" if count[0] % bump_every == 0 else m.group(0)

            out.append((f"agree-{k:05d}-{name}.shn", re.sub(r"(?m)^pts (\d+)", bump, text)))
            k += 1
    return out


def ingest_texts(texts: list[tuple[str, str]], db: Path, group_hands: int | None = None) -> tuple[int, int]:
    """Ingest ``(name, text)`` files into ``db`` as ``shead ingest`` does
    (:func:`ingest.pipeline.load_bytes` planned against one
    :class:`~ingest.store.Store`, the files held and stored together by
    :class:`ingest.pipeline.FileGroup`; ``group_hands`` its size, default
    :data:`~ingest.pipeline.GROUP_HANDS`; 0 stores each file alone);
    returns ``(stored, rejected)``."""
    from ingest import store as st  # noqa: PLC0415
    from ingest.pipeline import FileGroup, load_bytes  # noqa: PLC0415

    stored = rejected = 0
    with st.ingest_store(db) as store:
        group = FileGroup(store, False, group_hands)
        done: list[tuple] = []
        for name, text in texts:
            group.take(name, lambda: load_bytes(name, text.encode("utf-8"), store), done.extend)
        done += group.flush()
        for _, _, _, report in done:
            stored += report.stored
            rejected += len(report.rejected)
    return stored, rejected


def stored_rows(db: Path) -> dict[str, list[tuple]]:
    """Every row of every table of ``db``, per table, sorted, without the
    columns that hold the wall-clock time of the run (TIMESTAMP columns:
    ``created_at``, ``ingested_at``, ``rejected_at`` ...): what two ingests
    of the same files must store alike."""
    from ingest import store as st  # noqa: PLC0415

    out: dict[str, list[tuple]] = {}
    with st.reading(db) as con:
        tables = [t for (t,) in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE NOT internal ORDER BY table_name").fetchall()]
        for t in tables:
            cols = [c for c, typ in con.execute(
                "SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = ? ORDER BY column_index",
                [t]).fetchall() if not typ.startswith("TIMESTAMP")]
            sel = ", ".join(f'"{c}"' for c in cols)
            out[t] = sorted(con.execute(f'SELECT {sel} FROM "{t}"').fetchall(), key=repr)
    return out


def pure_copy(dest: Path) -> Path:
    """A copy of the ``replay`` and ``ingest`` sources under ``dest``
    without any extension module: importing from it runs pure Python."""
    for pkg in ("replay", "ingest"):
        shutil.copytree(ROOT / pkg, dest / pkg, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    return dest


def ingest_in_pure_copy(texts_json: Path, db: Path, tmp: Path) -> dict:
    """Run :func:`ingest_texts` on the files saved in ``texts_json`` (a JSON
    list of ``[name, text]``) in a new Python process importing a
    :func:`pure_copy` of the sources; returns its JSON summary
    (``stored``, ``rejected``, ``compiled``: the hot modules it ran compiled,
    which must be none)."""
    import json  # noqa: PLC0415

    src = pure_copy(tmp / "pure")
    code = ("import json, sys; from pathlib import Path; from ingest import fastpath as f; "
            "texts = [tuple(t) for t in json.loads(Path(sys.argv[1]).read_text())]; "
            "s, r = f.ingest_texts(texts, Path(sys.argv[2])); "
            "print(json.dumps({'stored': s, 'rejected': r, 'compiled': f.compiled_now(), "
            "'source': __import__('replay.state').state.__file__}))")
    env = {**os.environ, "PYTHONPATH": str(src)}
    proc = subprocess.run([sys.executable, "-c", code, str(texts_json), str(db)], cwd=src, env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"the pure-Python ingest failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


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
