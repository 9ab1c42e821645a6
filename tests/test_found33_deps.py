"""newuser33 F1: a module the installed program imports is a dependency of
the plain install (the README's first command is ``pip install -e .``, no
extra).  ``shead ingest`` while ``shead serve`` runs imports httpx to post
through the service; httpx was only in the ``[test]`` extra, so on the
README's install the command died with ``ModuleNotFoundError: No module
named 'httpx'`` (and a second ``shead serve`` on the same database too).

Every third-party module imported anywhere in ``replay/``, ``ingest/`` and
``dashboard/`` (at the top or inside a function) must be named in
``[project] dependencies``, or be one of the few optional ones listed here
with the extra that brings it and the guard that keeps the program running
without it.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OURS = {"replay", "ingest", "dashboard"}
#: import name -> distribution name, where they differ
DISTRIBUTION = {"Cython": "cython", "mypyc": "mypy"}
#: imported only by an optional build or measurement, each behind its own guard:
#: the compilers of ``python -m ingest.fastpath`` / ``python -m replay.build_solver`` (the ``[fast]`` extra) and
#: pokerkit, which ``shead bench`` measures beside shead when it is installed (``--no-pokerkit`` otherwise)
OPTIONAL = {"cython": "fast", "mypy": "fast", "pokerkit": None}


def _imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for pkg in sorted(OURS):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                    [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else [])
                for name in names:
                    top = name.split(".")[0]
                    if top not in OURS and top not in sys.stdlib_module_names:
                        found.setdefault(DISTRIBUTION.get(top, top), set()).add(str(path.relative_to(ROOT)))
    return found


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0].strip().lower() for r in requirements}


def test_every_module_the_program_imports_is_installed_by_the_plain_install():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    plain = _names(project["dependencies"])
    missing = {dist: sorted(paths) for dist, paths in _imports().items()
               if dist.lower() not in plain and dist.lower() not in OPTIONAL}
    assert missing == {}, f"imported but not in [project] dependencies: {missing}"


def test_httpx_is_a_plain_dependency_and_the_optional_ones_are_in_their_extras():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "httpx" in _names(project["dependencies"])  # the failure newuser33 met
    extras = project["optional-dependencies"]
    for dist, extra in OPTIONAL.items():
        if extra is not None:
            assert dist in _names(extras[extra]), (dist, extra)
    # the scan sees the imports it must see: the service's client, inside a function
    assert "dashboard/service.py" in _imports()["httpx"] and "ingest/cli.py" in _imports()["httpx"]
