"""The house's layers (design.md 2, issue 10): data flows one way and every
rule lives in ``replay/``.

* ``replay`` imports nothing from ``ingest`` or ``dashboard``;
* ``ingest`` imports nothing from ``dashboard``, except the command line's
  launchers of ``shead dashboard``/``demo`` and ``shead serve``
  (``ingest.cli`` -> ``dashboard.launch``, ``dashboard.service``) and ``shead
  ledger``, which prints the dashboard's own ledger queries (``ingest.cli`` ->
  ``dashboard.metrics``: one SQL for both);
* no import circle among the modules of ``ingest`` or of ``replay``, counting
  the imports made inside functions too (a lazy import is still a circle);
* ``ingest/validate.py`` is a mapping, not a rule book: it imports no engine
  state and no scoring function.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names), at any depth."""
    mod = _module(path)
    pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.add(name)
            for a in node.names:  # `from .shn import reader` imports a module
                out.add(f"{name}.{a.name}")
    return out


def _graph(package: str) -> dict[str, set[str]]:
    files = {_module(p): p for p in (ROOT / package).rglob("*.py")}
    return {m: {i for i in _imports(p) if i in files and i != m} for m, p in files.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_replay_imports_nothing_from_ingest_or_dashboard():
    for p in (ROOT / "replay").rglob("*.py"):
        bad = {i for i in _imports(p) if i.split(".")[0] in ("ingest", "dashboard")}
        assert not bad, (p.name, bad)


def test_ingest_imports_no_dashboard_page():
    for p in (ROOT / "ingest").rglob("*.py"):
        allowed = ("dashboard.launch", "dashboard.service") + (("dashboard.metrics",) if p.name == "cli.py" else ())
        bad = {i for i in _imports(p) if i.split(".")[0] == "dashboard" and not i.startswith(allowed)}
        assert not bad, (p.name, bad)
        if bad == set() and p.name != "cli.py":
            assert not {i for i in _imports(p) if i.split(".")[0] == "dashboard"}, p.name


def test_no_import_circle_in_ingest():
    assert _cycle(_graph("ingest")) is None


def test_no_import_circle_in_replay():
    assert _cycle(_graph("replay")) is None


def test_the_cycle_finder_finds_a_circle():
    # the check itself can fail: a -> b -> c -> a
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_validate_is_a_mapping_not_a_rule_book():
    imported = _imports(ROOT / "ingest" / "validate.py")
    assert not {i for i in imported if i.startswith(("replay.state", "replay.scoring.settle", "replay.cards"))}
    text = (ROOT / "ingest" / "validate.py").read_text(encoding="utf-8")
    for word in ("settle_picked", "schneider_lines", "trick_winner", "OUTCOME_TIER", "GameState"):
        assert word not in text, word
