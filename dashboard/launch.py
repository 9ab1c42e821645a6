"""Start the dashboard: ``streamlit run dashboard/app.py`` as a subprocess.

``shead dashboard`` and ``shead demo`` call :func:`launch`.  The server binds
to 127.0.0.1 unless told otherwise (design.md 7), sends no usage statistics,
and reads the database named by the ``SHEAD_DB`` environment variable, which
:func:`launch` sets for the child.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ingest.store import resolve_db

__all__ = ["APP", "launch", "command"]

#: The Streamlit entry script.
APP = Path(__file__).resolve().parent / "app.py"


def command(host: str = "127.0.0.1", port: int = 8501, headless: bool = True) -> list[str]:
    """The command line :func:`launch` runs (the same Python as this one)."""
    return [sys.executable, "-m", "streamlit", "run", str(APP),
            "--server.address", host,
            "--server.port", str(port),
            "--server.headless", "true" if headless else "false",
            "--browser.gatherUsageStats", "false"]


def launch(db: str | os.PathLike | None = None, host: str = "127.0.0.1", port: int = 8501,
           headless: bool = True) -> int:
    """Run the dashboard on ``db`` (default: ``SHEAD_DB``, else
    ``data/shead.duckdb``) until it stops; returns Streamlit's exit code
    (0 after Ctrl-C)."""
    env = dict(os.environ)
    env["SHEAD_DB"] = str(resolve_db(db).resolve())
    try:
        return subprocess.call(command(host, port, headless), env=env)
    except KeyboardInterrupt:
        return 0
