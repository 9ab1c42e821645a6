"""Start a Streamlit dashboard for a test on a free loopback port, without the race of "bind port 0, close it, start
the server on that port": between the close and the server's own bind (seconds, while Streamlit imports) another
process may take the port.  The server then exits saying the port is in use, or, worse, the other process answers
the test's health check.

:func:`start_serving` starts the server on a port that is free now; when it exits saying the port is in use it tries
again on another port; it counts the server ready only once the server has printed Streamlit's "You can now view"
line (printed after its own bind: with ``--server.port`` given Streamlit exits rather than serve elsewhere) and the
test's ``ready`` check passes, so whatever answers is the test's own server.
"""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

#: What the server prints when its port was taken: Streamlit's "Port N is not available", the shead CLI's
#: "port N on HOST is in use" (dashboard.launch.port_taken), the OS's "Address already in use".
IN_USE = ("is not available", "is in use", "already in use")
#: Streamlit's line once it listens on its port.
SERVING = "You can now view"


def hold_ports(n: int, host: str = "127.0.0.1", first: int = 21_000, last: int = 29_000,
               step: int = 7) -> tuple[int, list[socket.socket]]:
    """Ports for a test of a server's "port in use" check, held until the test closes them: ``(P, sockets)`` with
    ``n`` sockets listening on P .. P+n-1 (in use to every server) and one more bound to P+n, not listening, with
    SO_REUSEADDR set after its bind.  A server's own check, which binds as Streamlit's server binds (with
    SO_REUSEADDR: :func:`dashboard.launch._bind`), finds P+n free, while no other test or process can take it —
    a plain bind, and another ``hold_ports``, fail there — until the caller closes the sockets (fixb30 F3: P+n was
    bound, closed and expected to stay free, and another test could take it between).  ``n = 0`` holds one free
    port P for a server that is never really started (its launch replaced by the test).

    P is the first of ``first``, ``first + step``, ... below ``last`` where all ``n + 1`` bind: below the OS's
    ephemeral ports (32768 up on Linux), so a port-0 bind never lands there.  Fails the test when there is none."""
    for start in range(first, last, step):
        held: list[socket.socket] = []
        try:
            for p in range(start, start + n):
                s = socket.socket()
                held.append(s)
                s.bind((host, p))
                s.listen()
            keep = socket.socket()
            held.append(keep)
            keep.bind((host, start + n))  # a plain bind first: nobody else holds it, not even another reservation
            keep.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # then open to the server's own check
            return start, held
        except OSError:
            for s in held:
                s.close()
    pytest.fail(f"no run of {n + 1} free ports on {host} between {first} and {last} to hold for the test")


def free_port(host: str = "127.0.0.1") -> int:
    """A port on which ``host`` could listen now (the OS's choice for port 0); it may be taken before it is used."""
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def stop(proc: subprocess.Popen, timeout: float = 20) -> None:
    """SIGTERM ``proc`` and wait for it; SIGKILL after ``timeout`` seconds."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def start_serving(start: Callable[[int, IO[str]], subprocess.Popen], log: Path, ready: Callable[[int], bool], *,
                  tries: int = 5, timeout: float = 90.0) -> tuple[subprocess.Popen, int]:
    """``start(port, out)`` a server on a free port, its output (stdout and stderr) to ``out``, the file ``log``;
    wait until it has said it serves (:data:`SERVING`) and ``ready(port)`` is true.  Returns (the process, its
    port); the caller stops it (:func:`stop`).  A server that exits saying its port is in use (:data:`IN_USE`) is
    started again on another port, up to ``tries`` times; any other exit, or no answer within ``timeout`` seconds,
    fails the test with the server's output."""
    for attempt in range(1, tries + 1):
        port = free_port()
        with log.open("w", encoding="utf-8") as out:
            proc = start(port, out)
        deadline = time.monotonic() + timeout
        while True:
            said = log.read_text(encoding="utf-8", errors="replace")
            if proc.poll() is not None:
                if attempt < tries and any(w in said for w in IN_USE):
                    break  # the port was taken between free_port() and the server's bind: another one
                pytest.fail(f"the server exited with {proc.returncode} (port {port}, try {attempt}):\n{said}")
            if SERVING in said and ready(port):
                return proc, port
            if time.monotonic() > deadline:
                stop(proc)
                pytest.fail(f"the server did not answer on port {port} within {timeout:.0f} s:\n{said}")
            time.sleep(0.2)
    raise AssertionError("unreachable: the last try returns or fails")
