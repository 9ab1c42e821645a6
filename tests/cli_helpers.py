"""Run ``shead`` as a user types it (``typer.testing.CliRunner``), for the
tests of records brought by testers (tests/test_found18.py,
tests/test_rename18.py)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ingest.cli import app

runner = CliRunner()


def cli(*args: str, ok: bool = True):
    """The result of ``shead ARGS``; asserts exit 0 unless ``ok`` is False."""
    r = runner.invoke(app, list(args))
    if ok:
        assert r.exit_code == 0, r.output
    return r


def write(tmp_path: Path, name: str, text: str) -> str:
    """``text`` written (UTF-8) to ``tmp_path / name``; its path."""
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def ledger(db: Path, *extra: str) -> dict[str, int]:
    """The ledger's totals by player (its JSON line; an incomplete session's note follows it)."""
    rows = json.loads(cli("ledger", "--db", str(db), "--json", *extra).output.split("\n")[0])
    return {r["player"]: r["total"] for r in rows}


def ingest_json(path: str, db: Path, *extra: str) -> dict:
    """``shead ingest PATH --db DB --json``: its JSON report (the line after the text); any exit code."""
    r = cli("ingest", path, "--db", str(db), "--json", *extra, ok=False)
    (line,) = [x for x in r.output.splitlines() if x.startswith("{")]
    return json.loads(line)


def refused_at(report: dict) -> list[tuple[int, int, str, int]]:
    """Each refused hand's (line, column, code, hand) in an :func:`ingest_json` report."""
    return [(e["line"], e["col"], e["code"], e["hand"]) for e in report["rejected"]]
