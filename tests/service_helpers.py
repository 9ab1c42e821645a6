"""Start ``shead serve`` as a real process on a free loopback port (tests and
benchmarks/load_service.py): the service picks the port (``--port 0``) and
says it in its service file beside the database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from ingest import store as st
from ingest import tokens as tk


@dataclass
class Served:
    """A running service: its process, base URL, owner secret, database and
    the request log file."""

    proc: subprocess.Popen
    url: str
    secret: str
    db: Path
    log: Path

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def make_token(db: Path, group: str, role: str) -> str:
    """A new token in ``db`` (as ``shead token add`` makes it)."""
    con = st.connect(db, read_only=False)
    try:
        return tk.add_token(con, group, role)[1]
    finally:
        con.close()


def start_service(db: Path, *, hold: float = 0.5, timeout: float = 90.0) -> Served:
    """``shead serve --db DB --port 0`` on 127.0.0.1, waited for until
    ``GET /health`` answers 200."""
    svc_file = db.with_name(db.name + ".serve.json")
    log = db.with_name(db.name + ".requests.log")
    err = open(db.with_name(db.name + ".serve.err"), "wb")
    proc = subprocess.Popen([sys.executable, "-m", "ingest.cli", "serve", "--db", str(db), "--host", "127.0.0.1",
                             "--port", "0", "--hold", str(hold), "--log-file", str(log)],
                            stdout=subprocess.DEVNULL, stderr=err, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"shead serve exited with {proc.returncode}: "
                               + db.with_name(db.name + ".serve.err").read_text(errors="replace"))
        try:
            info = json.loads(svc_file.read_text(encoding="utf-8"))
            if info["pid"] == proc.pid and httpx.get(info["url"] + "/health", timeout=2).status_code == 200:
                return Served(proc, info["url"], info["secret"], db, log)
        except (OSError, ValueError, KeyError, httpx.HTTPError):
            pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("shead serve did not answer /health in time")


def one_hand_posts(sessions: int, per_session: int, *, event: str, seed: int = 1) -> list[list[str]]:
    """Generated hands as one-hand SHN files to post: for each of
    ``sessions`` sessions (``[Session "<event> <k>"]``), its ``per_session``
    hands in hand order, each a file of the session's tags and that hand."""
    from ingest.generate import generate_session_text

    out = []
    for k in range(sessions):
        text = generate_session_text(seed + k, per_session, event=event, session=f"{event} {k}")
        header, _, body = text.partition("\n\nhand ")
        hands = ("hand " + body).split("\n\nhand ")
        out.append([header + "\n\n" + (h if h.startswith("hand ") else "hand " + h).rstrip("\n") + "\n"
                    for h in hands])
    return out
