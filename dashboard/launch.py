"""Start the dashboard: ``streamlit run dashboard/app.py`` as a subprocess.

``shead dashboard`` and ``shead demo`` call :func:`launch`.  The server binds
to 127.0.0.1 unless told otherwise (design.md 7), sends no usage statistics,
and reads the database named by the ``SHEAD_DB`` environment variable, which
:func:`launch` sets for the child.
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

from ingest.store import resolve_db

__all__ = ["APP", "launch", "command", "refusal", "port_taken", "free_port"]

#: The Streamlit entry script.
APP = Path(__file__).resolve().parent / "app.py"


def command(host: str = "127.0.0.1", port: int = 8501, headless: bool = True) -> list[str]:
    """The command line :func:`launch` runs (the same Python as this one)."""
    return [sys.executable, "-m", "streamlit", "run", str(APP),
            "--server.address", host,
            "--server.port", str(port),
            "--server.headless", "true" if headless else "false",
            "--browser.gatherUsageStats", "false",
            "--client.toolbarMode", "minimal"]  # no "Deploy" button: this is a local tool


def launch(db: str | os.PathLike | None = None, host: str = "127.0.0.1", port: int = 8501,
           headless: bool = True, login: bool | None = None) -> int:
    """Run the dashboard on ``db`` (default: ``SHEAD_DB``, else
    ``data/shead.duckdb``) until it stops; returns Streamlit's exit code
    (0 after Ctrl-C).  A SIGTERM to this process stops the server too, so
    no orphaned server keeps the port.  ``login``: ask every visitor for a
    token (:mod:`dashboard.access`); None (the default) asks exactly when
    ``host`` is beyond loopback."""
    from dashboard.service import is_loopback  # noqa: PLC0415
    from ingest.scope import LOGIN_ENV  # noqa: PLC0415

    env = dict(os.environ)
    env["SHEAD_DB"] = str(resolve_db(db).resolve())
    if login is None:
        login = not is_loopback(host)
    env.pop(LOGIN_ENV, None)
    if login:
        env[LOGIN_ENV] = "1"
    proc = subprocess.Popen(command(host, port, headless), env=env)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
    try:
        return proc.wait()
    except KeyboardInterrupt:  # Ctrl-C reaches the server too; let it finish
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def refusal(db: str | os.PathLike | None, host: str) -> str | None:
    """Why ``shead dashboard --host HOST`` must not start, or None: beyond
    loopback with no valid token in the database, anyone on the network
    could read and write — the same rule as ``shead serve``."""
    from dashboard.service import is_loopback  # noqa: PLC0415
    from ingest import store as st_  # noqa: PLC0415
    from ingest import tokens as tk  # noqa: PLC0415

    if is_loopback(host):
        return None
    path = st_.resolve_db(db)
    count = 0
    if path.exists():
        con = st_.connect(path, read_only=True)
        try:
            count = tk.active_count(con)
        finally:
            con.close()
    if count:
        return None
    return (f"refusing to listen on {host}, beyond this machine, with no token defined: anyone on the network "
            f"could read and write. Make one first: shead token add GROUP --role scorer --db {path}")


def _bind(host: str, port: int) -> OSError | None:
    """None when a server could listen on ``host:port`` now (bound as Tornado, Streamlit's server, binds: with
    SO_REUSEADDR, so a port left in TIME_WAIT counts as free), else the error of the bind."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        return exc
    for family, kind, proto, _, addr in infos:
        with socket.socket(family, kind, proto) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(addr)
            except OSError as exc:
                return exc
    return None


def free_port(host: str, after: int, tries: int = 100) -> int | None:
    """The first port above ``after`` on which ``host`` could listen now (of ``tries``), or None."""
    return next((p for p in range(after + 1, min(after + 1 + tries, 65536)) if _bind(host, p) is None), None)


def port_taken(host: str, port: int, again: str) -> str | None:
    """Why the dashboard cannot listen on ``host:port``, with what to do, or None when it can (dash26 F2: Streamlit
    said "Port 8501 is not available" after shead had announced the address, where another dashboard served another
    database).  ``again``: the user's command without ``--port``, to be offered with a free port."""
    exc = _bind(host, port)
    if exc is None:
        return None
    if exc.errno == errno.EADDRINUSE:
        nxt = free_port(host, port)
        fix = (f"serve on a free port: {again} --port {nxt}" if nxt is not None
               else f"give another port: {again} --port N")
        return (f"port {port} on {host} is in use (another dashboard, or `shead demo`?), so nothing was started: "
                f"what http://{host}:{port} shows is not this database. Stop that one (Ctrl-C where it runs), or "
                f"{fix}")
    return f"cannot listen on {host}:{port}: {exc.strerror or exc}. Give another --host or --port"
