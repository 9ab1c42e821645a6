"""The HTTP service: ``shead serve`` (docs/service.md has the API).

A FastAPI application over the same path as the command line — one file's
text is read and validated by :func:`ingest.cli.load_bytes` (SHN, SHN-SK,
NetSchafkopf protocols), stored by :func:`ingest.pipeline.store_noting_copies`
(:meth:`ingest.store.Store.ingest_file`: one transaction, content-hash
idempotent) and answered as :func:`ingest.cli.report_json`, exactly what
``shead ingest --json`` prints for that file.  Reads use the store's own
functions (:func:`ingest.store.find_hand`, :func:`ingest.export.jsonl_where`)
and the dashboard's metric functions (:mod:`dashboard.metrics`).

**Groups and tokens** (:mod:`ingest.tokens`): every request but ``GET
/health`` and the OpenAPI document needs ``Authorization: Bearer TOKEN``; a
token belongs to one group, the ``Event`` tag of the hands it sees and posts.
No token or an unknown one: 401; another group's data, or a viewer posting:
403.  The *owner* — ``shead ingest`` on the same database while the service
runs — authenticates with the random secret the service writes, readable by
its user only, beside the database (:func:`service_file`), and may post any
group's hands.

**One writer**: the service is the database's only writer while it runs.
Every database use goes through one :class:`ingest.store.Store` under one
lock (so posts are serialised, as the session carry needs: rules.md D-11,
D-12), and the store releases DuckDB's lock ``hold`` seconds after taking it,
so readers in other processes (the dashboard, ``shead replay``) get in
between; ``shead ingest`` finds :func:`service_file` and posts through the
service instead of opening the file.

Every request is logged on the ``shead.service`` logger: client address, who
(token id, group, role), method, path and query, status, milliseconds.
"""

import asyncio
import ipaddress
import json
import logging
import math
import os
import secrets
import socket
import sys
import threading
import time
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Annotated, Iterator, Literal

import duckdb
from fastapi import Depends, FastAPI, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ingest import store as st
from ingest import stream as _stream
from ingest import tokens as tk
from ingest.model import FileResult, RejectedHand
from ingest.session_identity import foreign_to, original
from replay.errors import Diagnostic

__all__ = ["Caller", "Service", "create_app", "serve", "service_file", "running_service", "is_loopback",
           "MAX_BODY", "DEFAULT_PORT"]

log = logging.getLogger("shead.service")

#: The port ``shead serve`` listens on by default.
DEFAULT_PORT = 8765
#: The largest body ``POST /hands`` takes (bytes): 32 MiB, some 100,000 hands.
MAX_BODY = 32 * 1024 * 1024


async def _bounded_body(request) -> bytes:
    """The request's body, read piece by piece and refused (413) as soon as
    it passes :data:`MAX_BODY` bytes: a chunked body has no Content-Length
    to check first, and reading it whole let one post hold any amount of
    memory (a tester's finding)."""
    pieces: list[bytes] = []
    got = 0
    async for piece in request.stream():
        got += len(piece)
        if got > MAX_BODY:
            raise HTTPException(413, f"the body has over {MAX_BODY} bytes; at most {MAX_BODY} in one post")
        pieces.append(piece)
    return b"".join(pieces)


#: The largest SHN file or CSV score sheet the owner may post (bytes): a body over 8 MiB
#: (``ingest.stream.stream_above``) from the owner is spooled to disk and stored in batches (issue 15).
MAX_STREAM_BODY = 16 * 1024 ** 3
#: Hands per page of ``GET /hands`` at most.
MAX_PAGE = 10_000


# --------------------------------------------------------------------------
# Who is calling
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Caller:
    """Who made a request: a token (id, group, role ``scorer`` or
    ``viewer``) or the owner (``token_id`` None, ``group`` None: every
    group, ``role`` ``owner``)."""

    token_id: int | None
    group: str | None
    role: str

    @property
    def may_write(self) -> bool:
        return self.role in ("scorer", "owner")

    def label(self) -> str:
        if self.token_id is None:
            return "owner"
        return f"token#{self.token_id}({self.group!r},{self.role})"


OWNER = Caller(None, None, "owner")


def is_loopback(host: str) -> bool:
    """True when ``host`` is a loopback address (``127.0.0.0/8``, ``::1``)
    or ``localhost``."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def service_file(db: str | os.PathLike | None) -> Path:
    """Where a running service on database ``db`` says so: ``<db>.serve.json``
    (``{"pid", "url", "secret", "db"}``, mode 0600), removed when it stops."""
    path = st.resolve_db(db)
    return path.with_name(path.name + ".serve.json")


def running_service(db: str | os.PathLike | None, timeout: float = 2.0) -> dict | None:
    """The service file's content when a service on ``db`` is running and
    answers ``GET /health``; None otherwise (no file, a stale file from a
    killed service, or no answer)."""
    path = service_file(db)
    try:
        info = json.loads(path.read_text(encoding="utf-8"))
        pid = int(info["pid"])
        url = str(info["url"])
        str(info["secret"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    import httpx  # noqa: PLC0415 - only when a service file is there

    try:
        r = httpx.get(url + "/health", timeout=timeout)
    except httpx.HTTPError:
        return None
    return info if r.status_code == 200 else None


# --------------------------------------------------------------------------
# The service's state: one store, one lock
# --------------------------------------------------------------------------


def _short(key: str) -> str:
    """A hand key as a message quotes it: 40 characters at most (a
    5,000-digit id is not echoed whole; ``shead replay`` quotes the same)."""
    return key if len(key) <= 40 else key[:37] + "..."


def _clean(v):
    """JSON-safe values: NaN and infinities (a rate over no hands) as null,
    dates as ``YYYY-MM-DD``."""
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, date):
        return v.isoformat()
    if isinstance(v, dict):
        return {k: _clean(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_clean(x) for x in v]
    return v


class Service:
    """The database behind the HTTP API: one :class:`ingest.store.Store`
    (``hold`` seconds of lock holding, see its docstring) used under one
    lock by every request.  ``owner_secret`` is what ``shead ingest``
    presents (random when not given)."""

    def __init__(self, db: str | os.PathLike | None, *, hold: float = 0.5, lock_timeout: float | None = None,
                 owner_secret: str | None = None):
        self.db = st.resolve_db(db)
        self.store = st.Store(self.db, hold=hold, lock_timeout=lock_timeout)
        self.lock = threading.RLock()  # re-entered by the writer thread (dashboard.batch)
        self.owner_secret = owner_secret or secrets.token_urlsafe(32)
        from dashboard.batch import BatchWriter  # noqa: PLC0415

        self.writer = BatchWriter(self)  # the one writer: posts queued and stored in batches
        self._known: dict[str, tuple[int, Caller]] = {}  # token -> (store generation, caller)

    @contextmanager
    def con(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The store's connection, under the service's lock."""
        with self.lock, self.store.using() as con:
            cur = con.cursor()  # its own results: an unfinished one never blocks the next request
            try:
                yield cur
            finally:
                cur.close()

    def close(self) -> None:
        self.writer.close()
        with self.lock:
            self.store.close()

    # -- auth -------------------------------------------------------------

    def identify(self, token: str) -> Caller | None:
        """The caller presenting ``token``, or None for an unknown or revoked
        token."""
        if secrets.compare_digest(token.encode(), self.owner_secret.encode()):
            return OWNER
        # A token verified since the store last opened the database stays valid: nobody else can have
        # written (``shead token revoke``) while this process held the write lock.
        hit = self._known.get(token)
        if hit is not None and hit[0] == self.store.generation and self.store.holding:
            return hit[1]
        with self.con() as con:
            row = tk.lookup(con, token)
            generation = self.store.generation
        who = Caller(row.token_id, row.group, row.role) if row else None
        if who is not None:
            if len(self._known) > 10_000:
                self._known.clear()
            self._known[token] = (generation, who)
        return who

    # -- posting ----------------------------------------------------------

    def post(self, who: Caller, name: str, data: bytes, strict: bool) -> tuple[dict, int]:
        """:meth:`post_one`'s answer, through the writer's queue
        (:mod:`dashboard.batch`: stored with the posts queued alongside, in one
        transaction where they can share it); returns once it is stored."""
        return self.writer.submit(who, name, data, strict).result()

    def post_one(self, who: Caller, name: str, data: bytes, strict: bool) -> tuple[dict, int]:
        """Read, validate and store one posted file: ``(body, status)``.
        The body is :func:`ingest.cli.report_json`'s; status 200 when nothing
        was rejected, 422 when a hand or the file was rejected (the good
        hands are stored unless ``strict``), 403 when a hand belongs to
        another group than the caller's (then nothing is stored)."""
        from ingest.pipeline import load_bytes, report_json, store_noting_copies  # noqa: PLC0415

        from ingest.pipeline import internal_error  # noqa: PLC0415

        with self.lock:
            self.store.last_plan = None
            try:
                result, fmt = load_bytes(name, data, self.store)  # planned against the store (its running state)
            except st.StoreError:  # the database: 503 (StoreBusy) or the handler's answer, as before
                raise
            except Exception as exc:  # noqa: BLE001 - a bug reading the post: its 422, not a 500 (break30 F3)
                log.exception("reading the post %s failed", name)
                result, fmt = FileResult(path=name, errors=[internal_error(name, exc)]), "shn"
                self.store.last_plan = None
            plan = self.store.last_plan[1] if self.store.last_plan and self.store.last_plan[0] == name else None
            if who.group is not None:
                foreign = self._foreign(who.group, result, plan.skipped_hands if plan is not None else [])
                if foreign:
                    # a block refused for a session stored for another group is said by its E-GROUP alone, which
                    # names no other group (E-SESSION-GROUP names the stored one: break30 F1)
                    told = {(r.source_file, r.source_line, r.hand) for r in foreign}
                    kept = [r for r in result.rejected if not (original(r.session) is not None
                                                                and (r.source_file, r.source_line, r.hand) in told)]
                    rep = st.IngestReport(path=name, rejected=foreign + kept,
                                          file_errors=list(result.errors), committed=False)
                    return report_json(rep), 403
            report = store_noting_copies(self.store, result, fmt, strict, plan=plan)  # planned under the same lock
        body = report_json(report, result)
        return body, (422 if body["rejected"] else 200)

    def post_path(self, who: Caller, name: str, path: Path, strict: bool) -> tuple[dict, int]:
        """Store a large posted SHN file or CSV score sheet spooled to ``path`` in batches
        (:func:`ingest.stream.ingest_stream`, the per-batch rule of
        docs/storage.md "Streaming ingest") under the service's lock:
        ``(body, status)`` as :meth:`post_one`.  Only the owner (no group)
        posts such a file: a scorer's post is checked for foreign hands
        before anything is stored, which needs the file whole."""
        from ingest.pipeline import report_json  # noqa: PLC0415
        from ingest.stream import ingest_large, stream_kind  # noqa: PLC0415

        if who.group is not None:
            raise ValueError("a scorer's post is not streamed")
        with self.lock:
            try:
                report, warnings = ingest_large(self.store, path, strict, kind=stream_kind(path, name=name) or "shn",
                                                 name=name)
            except st.StoreError:
                raise
            except Exception as exc:  # noqa: BLE001 - a bug reading the post: its 422, not a 500 (break30 F3)
                from ingest.pipeline import internal_error  # noqa: PLC0415

                log.exception("reading the post %s failed", name)
                report, warnings = st.IngestReport(path=name, file_errors=[internal_error(
                    name, exc, "any batch of it stored before the error stays stored (a hand stored counts as a "
                    "duplicate when it is posted again)")], committed=False), FileResult(path=name)
        body = report_json(report, warnings)
        return body, (422 if body["rejected"] else 200)

    def _foreign(self, group: str, result: FileResult, skipped=()) -> list[RejectedHand]:
        """The hands of ``result`` the group ``group`` may not post: an
        ``Event`` tag naming another group (or none), or a session already
        stored for another group (a hand joins its session's carry, so it
        would change another group's hands).  Each with an ``E-GROUP``
        diagnostic at the hand's line.  ``skipped``: ``(session, hand, line)``
        of the posted hands the plan left out as already stored — another
        group's stored hands are refused too, so a post never learns of them."""
        apart = [r for r in result.rejected if original(r.session) is not None]  # refused for another session
        sessions = sorted({h.outcome.session for h in result.hands} | {s for s, _, _ in skipped}
                          | {original(r.session) for r in apart})
        with self.store.using() as con, con.cursor() as cur:
            owners = dict(cur.execute('SELECT session, "group" FROM sessions WHERE list_contains(?, session)',
                                      [sessions]).fetchall()) if sessions else {}
        out = []
        for r in apart:  # a block of a session stored for another group (E-SESSION-GROUP, E-SESSION-ID: break30 F1)
            if foreign_to(group, owners, r.session):
                sid = original(r.session)
                d = r.errors[0]
                out.append(RejectedHand(r.session, r.hand, r.source, r.source_file, r.source_line, [Diagnostic(
                    "E-GROUP", f"session {sid!r} is stored for another group: hands posted with this token belong "
                    f"to group {group!r}; give this session a [Session] tag of its own", file=d.file, line=d.line,
                    col=d.col, hand=r.hand, found=f"session {sid!r}, stored for another group",
                    expected=f"a session of group {group!r}")], r.hash))
        for h in result.hands:
            o = h.outcome
            if o.group != group:
                if o.group is None:
                    msg = (f"this hand has no [Event] tag; hands posted with this token belong to group {group!r}: "
                           f"write [Event \"{group}\"] among the session's tags")
                else:
                    msg = (f"this hand's group (its [Event] tag) is {o.group!r}, but the token is group {group!r}'s: "
                           "post it with that group's token")
                found = o.group
            elif o.session in owners and owners[o.session] != group:
                # what differs, and not the other group's name (break30 F1: it read "found 'Club / 2025.03.06 / 2',
                # expected 'Club / 2025.03.06 / 2'", the session id against the group)
                msg = (f"session {o.session!r} is stored for another group: hands posted with this token belong to "
                       f"group {group!r}; give this session a [Session] tag of its own")
                d = Diagnostic("E-GROUP", msg, file=h.source_file or result.path, line=h.source_line, col=1,
                               hand=o.hand, found=f"session {o.session!r}, stored for another group",
                               expected=f"a session of group {group!r}")
                out.append(RejectedHand(o.session, o.hand, h.source, h.source_file or result.path, h.source_line, [d],
                                        h.hash))
                continue
            else:
                continue
            d = Diagnostic("E-GROUP", msg, file=h.source_file or result.path, line=h.source_line, col=1, hand=o.hand,
                           found=found, expected=group)
            out.append(RejectedHand(o.session, o.hand, h.source, h.source_file or result.path, h.source_line, [d],
                                    h.hash))
        for session, hand, line in skipped:
            if owners.get(session, group) != group:
                d = Diagnostic("E-GROUP", f"session {session!r} is stored for another group: hands posted with this "
                               f"token belong to group {group!r}; give this session a [Session] tag of its own",
                               file=result.path, line=line, col=1, hand=hand,
                               found=f"session {session!r}, stored for another group",
                               expected=f"a session of group {group!r}")
                out.append(RejectedHand(session, hand, "", result.path, line, [d], ""))
        return out

    # -- reading ----------------------------------------------------------

    def find(self, who: Caller, key: str, voided: int = 404) -> tuple[st.StoredHand, str, str, str]:
        """The stored hand ``key`` names (as ``shead replay`` takes it) with
        its session's format, text up to it and header; 404 when none, 403
        when it is another group's; a voided hand of the caller's group is
        said as voided, with status ``voided`` (409 for a second void: a
        phone's retry was told the hand did not exist, serve25 F3)."""
        with self.con() as con:
            try:
                found = st.find_hand(con, key, who.group)  # a part of a session id: the group's only
            except st.AmbiguousHand as exc:  # "PART#N" in several sessions: the message names them
                raise HTTPException(404, str(exc)) from None
            if found is None:
                gone = st.hand_history(con, key, who.group)
                if gone is not None and gone.voided:
                    group = con.execute('SELECT "group" FROM sessions WHERE session = ?', [gone.session]).fetchone()
                    if who.group is None or (group is not None and group[0] == who.group):
                        last = gone.revisions[-1]
                        when = f" at {last.at:%Y-%m-%d %H:%M} UTC" if last.at else ""
                        raise HTTPException(voided, f"hand {gone.hand} of session {gone.session!r} is already voided"
                                            f"{when} ({last.reason or 'no reason given'}): nothing changed; its "
                                            f"revisions: GET /hands/{gone.hand_id}/history")
                raise HTTPException(404, f"no stored hand {_short(key)!r} (expected a hand id, \"SESSION#N\" or a "
                                         "content hash)")
            if who.group is not None and found.outcome.group != who.group:
                raise HTTPException(403, "this hand belongs to another group than the token's")
            fmt, text = st.session_text(con, found.hand_id)
            header = con.execute("SELECT header FROM sessions WHERE session_id = "
                                 "(SELECT session_id FROM hands WHERE hand_id = ?)", [found.hand_id]).fetchall()[0][0]
        return found, fmt, text, header


def _scope(who: Caller, group: str | None) -> tuple[str, ...]:
    """The groups a read covers: the caller's (403 when ``group`` names
    another), or for the owner ``group`` if given, else every group
    (``()``)."""
    if who.group is None:
        return (group,) if group else ()
    if group is not None and group != who.group:
        raise HTTPException(403, f"the token is group {who.group!r}'s, not {group!r}'s")
    return (who.group,)


# --------------------------------------------------------------------------
# The application
# --------------------------------------------------------------------------

_bearer = HTTPBearer(auto_error=False, description="A token from `shead token add GROUP --role scorer|viewer`.")

_ERR = {"content": {"application/json": {"schema": {"type": "object", "properties": {"detail": {}}}}}}
_AUTH_RESPONSES = {401: {"description": "no token, or an unknown or revoked one", **_ERR},
                   403: {"description": "another group's data, or a viewer token writing", **_ERR}}

_ENTRY_SCHEMA = {"type": "object", "properties": {
    "file": {"type": ["string", "null"]}, "line": {"type": ["integer", "null"]}, "col": {"type": ["integer", "null"]},
    "hand": {"type": ["integer", "null"]}, "code": {"type": "string"}, "message": {"type": "string"},
    "found": {"type": ["string", "null"]}, "expected": {"type": ["string", "null"]}}}
_REPORT_SCHEMA = {"type": "object", "required": ["ingested", "duplicates", "rejected", "warnings"], "properties": {
    "ingested": {"type": "integer"}, "duplicates": {"type": "integer"}, "voided": {"type": "integer"},
    "rejected": {"type": "array", "items": _ENTRY_SCHEMA}, "warnings": {"type": "array", "items": _ENTRY_SCHEMA}}}
_REPORT = {"content": {"application/json": {"schema": _REPORT_SCHEMA}}}


def _query_names(dependant) -> set[str]:
    """The query parameters a route reads: its own and its dependencies'."""
    names = {p.alias for p in dependant.query_params}
    for sub in dependant.dependencies:
        names |= _query_names(sub)
    return names


async def _known_query(request: Request) -> None:
    """Refuse a query parameter the route does not read (422, naming it and
    the ones it reads): FastAPI drops it without a word, so ``GET
    /ledger?session=X`` answered the whole group's ledger as if it were one
    night's (serve25 F1), and a misspelt filter the unfiltered numbers."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None or not request.query_params:
        return
    known = _query_names(dependant)
    bad = sorted(set(request.query_params) - known)
    if bad:
        path = getattr(route, "path", request.url.path)
        hint = "; one session's hands, each with its units: GET /hands?session=ID" if "session" in bad else ""
        raise HTTPException(422, f"unknown query parameter(s) {', '.join(map(repr, bad))} for {path}: it reads "
                                 + (", ".join(sorted(known)) if known else "none") + hint)


def create_app(service: Service, on_stop=None) -> FastAPI:
    """The FastAPI application over ``service`` (docs/service.md);
    ``on_stop()`` is called as it shuts down."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        if on_stop is not None:
            on_stop()
        service.close()

    app = FastAPI(title="shead", version=st.ENGINE_VERSION, lifespan=lifespan,
                  dependencies=[Depends(_known_query)],
                  description="The Sheepshead and Schafkopf hand log over HTTP: post SHN or NetSchafkopf text, read "
                              "hands, replays, sessions, the ledger and the dashboard's metrics, one group per token.")

    @app.exception_handler(st.StoreBusy)
    async def busy(request: Request, exc: st.StoreBusy) -> JSONResponse:
        # another process held the database past SHEAD_LOCK_TIMEOUT: try again later
        return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "5"})

    @app.middleware("http")
    async def log_request(request: Request, call_next):
        t0 = time.perf_counter()
        status = 500
        try:
            response = await call_next(request)
            status = response.status_code
            return response
        finally:
            ms = (time.perf_counter() - t0) * 1000
            who = request.scope.get("state", {}).get("who", "-")
            client = request.client.host if request.client else "-"
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            log.info("%s %s %s %s %d %.1fms", client, who, request.method, target, status, ms)

    def caller(request: Request,
               cred: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> Caller:
        if cred is None or not cred.credentials:
            request.state.who = "no-token"
            raise HTTPException(401, "no token: send Authorization: Bearer TOKEN (made by `shead token add`)",
                                headers={"WWW-Authenticate": "Bearer"})
        try:
            who = service.identify(cred.credentials)
        except st.StoreBusy as exc:
            raise HTTPException(503, str(exc), headers={"Retry-After": "5"}) from None
        if who is None:
            request.state.who = "bad-token"
            raise HTTPException(401, "unknown or revoked token", headers={"WWW-Authenticate": "Bearer"})
        request.state.who = who.label()
        return who

    def writer(who: Annotated[Caller, Depends(caller)]) -> Caller:
        if not who.may_write:
            raise HTTPException(403, "a viewer token may only read: posting needs a scorer token")
        return who

    Who = Annotated[Caller, Depends(caller)]

    def _filters(who: Caller, group: str | None, date_from: date | None, date_to: date | None,
                 table: list[str] | None, player: list[str] | None, rules: list[str] | None, game: str | None):
        from dashboard.metrics import Filters  # noqa: PLC0415 - the dashboard's own filter

        return Filters(date_from=date_from, date_to=date_to, groups=_scope(who, group), tables=tuple(table or ()),
                       players=tuple(player or ()), rules=tuple(rules or ()), game=game)

    GroupQ = Annotated[str | None, Query(description="The group (default the token's; another group's: 403).")]
    FromQ = Annotated[date | None, Query(description="Hands on or after this date (YYYY-MM-DD).")]
    ToQ = Annotated[date | None, Query(description="Hands on or before this date (YYYY-MM-DD).")]
    TableQ = Annotated[list[str] | None, Query(description="Table tags (repeat for several).")]
    PlayerQ = Annotated[list[str] | None, Query(description="Player names: hands in which any of them sat.")]
    RulesQ = Annotated[list[str] | None, Query(description="[Rules] texts as written.")]
    GameQ = Annotated[Literal["sheepshead", "schafkopf", "indiana", "fox"] | None, Query(description="The game.")]

    @app.get("/health", summary="Is the service up", tags=["service"])
    def health() -> dict:
        """``{"status": "ok", "version": shead's version}``; needs no token."""
        return {"status": "ok", "version": st.ENGINE_VERSION}

    @app.post("/hands", summary="Post a file of hands", tags=["hands"], dependencies=[],
              responses={200: {"description": "every hand stored or already stored", **_REPORT},
                         401: _AUTH_RESPONSES[401],
                         403: {"description": "a viewer token, or hands of another group (nothing stored)",
                               **_REPORT},
                         413: {"description": f"a body over {MAX_BODY} bytes", **_ERR},
                         422: {"description": "a hand or the file was rejected (the good hands are stored unless "
                                              "strict)", **_REPORT}},
              openapi_extra={"requestBody": {"required": True, "description": "The file's text: SHN (UTF-8) or a "
                                             "NetSchafkopf protocol.",
                                             "content": {"text/plain": {"schema": {"type": "string"}}}}})
    async def post_hands(request: Request, who: Annotated[Caller, Depends(writer)],
                         name: Annotated[str, Query(max_length=300, description="The file name to record (a name "
                                                    "ending .shn is read as SHN; else the text is sniffed).")
                                         ] = "posted",
                         strict: Annotated[bool, Query(description="Store nothing when a hand is rejected.")]
                         = False) -> JSONResponse:
        """Validate the body by replaying every hand, as ``shead ingest``
        does, and store the good hands (idempotent: a hand already stored
        counts in ``duplicates``).  Answers what ``shead ingest --json``
        prints."""
        size = int(request.headers.get("content-length") or 0)
        if size > _stream.stream_above() and who.group is None:  # the owner's large file: spooled, stored in batches
            return await _post_large(request, who, name, strict, size)
        if size > MAX_BODY:
            raise HTTPException(413, f"the body has {size} bytes; at most {MAX_BODY} in one post")
        data = await _bounded_body(request)
        try:  # queued for the one writer; answered once its transaction has committed
            body, status = await asyncio.wrap_future(service.writer.submit(who, name, data, strict))
        except st.StoreBusy as exc:
            raise HTTPException(503, str(exc), headers={"Retry-After": "5"}) from None
        return JSONResponse(body, status_code=status)

    @app.get("/hands", summary="List hands", tags=["hands"], responses=_AUTH_RESPONSES)
    def list_hands(who: Who, group: GroupQ = None, date_from: FromQ = None, date_to: ToQ = None,
                   table: TableQ = None, player: PlayerQ = None, rules: RulesQ = None, game: GameQ = None,
                   session: Annotated[str | None, Query(description="One session id.")] = None,
                   limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 1000,
                   offset: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0) -> JSONResponse:
        """The group's hands as the JSONL export's objects (``shead export
        --format jsonl``), in stored order, with the dashboard's filters;
        ``X-Total-Count`` says how many match in all.  A hand's key for
        ``/hands/{hand}`` is ``{session}#{hand}``."""
        from dashboard.metrics import hands_where  # noqa: PLC0415
        from ingest.export import jsonl_where  # noqa: PLC0415

        where, params = hands_where(_filters(who, group, date_from, date_to, table, player, rules, game))
        if session is not None:
            where += " AND h.session = $session"
            params["session"] = session
        with service.con() as con:
            rows, total = jsonl_where(con, where, params, limit=limit, offset=offset)
        return JSONResponse(_clean(rows), headers={"X-Total-Count": str(total)})

    async def _post_large(request: Request, who: Caller, name: str, strict: bool, size: int) -> JSONResponse:
        """``POST /hands`` of the owner's body over 8 MiB: written to a
        temporary file as it arrives (never held whole), then stored in
        batches when it is SHN or a CSV score sheet; anything else of at most :data:`MAX_BODY`
        bytes goes the whole-file way, a larger one is refused (413)."""
        import shutil  # noqa: PLC0415
        import tempfile  # noqa: PLC0415

        if size > MAX_STREAM_BODY:
            raise HTTPException(413, f"the body has {size} bytes; at most {MAX_STREAM_BODY} in one post")
        folder = tempfile.mkdtemp(prefix="shead-post-")
        try:
            path = Path(folder) / ("post" + Path(name).suffix.lower()[:10])
            got = 0
            with open(path, "wb") as fh:
                async for piece in request.stream():
                    got += len(piece)
                    if got > MAX_STREAM_BODY:
                        raise HTTPException(413, f"the body has over {MAX_STREAM_BODY} bytes; at most "
                                                 f"{MAX_STREAM_BODY} in one post")
                    fh.write(piece)
            try:
                if _stream.stream_kind(path, name=name) is not None:
                    body, status = await asyncio.to_thread(service.post_path, who, name, path, strict)
                elif got <= MAX_BODY:
                    body, status = await asyncio.wrap_future(
                        service.writer.submit(who, name, path.read_bytes(), strict))
                else:
                    raise HTTPException(413, f"the body has {got} bytes and is neither SHN text, a CSV score "
                                             f"sheet or ledger nor a NetSchafkopf protocol (only those are stored in "
                                             f"batches); at most {MAX_BODY} in one post")
            except st.StoreBusy as exc:
                raise HTTPException(503, str(exc), headers={"Retry-After": "5"}) from None
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return JSONResponse(body, status_code=status)

    @app.post("/hands/amend", summary="Amend stored hands", tags=["corrections"],
              responses={200: {"description": "the hands amended (or already this text)"},
                         401: _AUTH_RESPONSES[401],
                         403: {"description": "a viewer token, or a hand of another group (nothing changed)"},
                         413: {"description": f"a body over {MAX_BODY} bytes", **_ERR},
                         422: {"description": "a hand refused, or no stored hand to amend (nothing changed)"}},
              openapi_extra={"requestBody": {"required": True, "description": "An SHN file holding new texts of "
                                             "stored hands (the session's tags and the hands).",
                                             "content": {"text/plain": {"schema": {"type": "string"}}}}})
    async def amend_hands(request: Request, who: Annotated[Caller, Depends(writer)],
                          reason: Annotated[str, Query(min_length=1, max_length=500,
                                                       description="Why the hands are amended (kept in their "
                                                                   "history).")],
                          name: Annotated[str, Query(max_length=300, description="The file name to record.")]
                          = "amended.shn") -> JSONResponse:
        """What ``shead ingest --amend FILE --json`` prints: each hand of the
        body validated as a new text of the stored hand of its session and
        number, stored as a new revision in one transaction, the session's
        later hands re-derived (stake, pot); every revision kept
        (``GET /hands/{hand}/history``).  Nothing changes when a hand is
        refused, not stored, or another group's."""
        from ingest.pipeline import amend_bytes  # noqa: PLC0415

        data = await _bounded_body(request)
        refuse = (lambda result: service._foreign(who.group, result)) if who.group is not None else None

        def work():
            with service.lock:
                return amend_bytes(service.store, name, data, reason, refuse=refuse)
        try:
            body, entries = await asyncio.to_thread(work)
        except st.StoreBusy as exc:
            raise HTTPException(503, str(exc), headers={"Retry-After": "5"}) from None
        except st.StoreError as exc:
            raise HTTPException(422, str(exc)) from None
        if any(e.get("code") == "E-GROUP" for e in entries):
            return JSONResponse(body, status_code=403)
        return JSONResponse(body, status_code=422 if entries or not (body["amended"] or body["unchanged"]) else 200)

    @app.post("/hands/{hand:path}/void", summary="Void a stored hand", tags=["corrections"],
              responses={**_AUTH_RESPONSES, 404: {"description": "no such hand", **_ERR},
                         409: {"description": "the hand is already voided", **_ERR}})
    def void_hand(hand: str, who: Annotated[Caller, Depends(writer)],
                  reason: Annotated[str, Query(min_length=1, max_length=500,
                                               description="Why the hand is voided (kept in its history).")]
                  ) -> dict:
        """What ``shead void HAND --reason TEXT`` does: the hand leaves the
        ledger and every statistic, its history keeps it, and the session's
        later hands are re-derived.  Answers ``{session, hand, hand_id,
        revision, rederived}``."""
        if not reason.strip():
            raise HTTPException(422, "reason must say why")
        if (why := st.reason_problem(reason)) is not None:  # break33 F12: an escape code is not kept
            raise HTTPException(422, why)
        found, *_ = service.find(who, hand, voided=409)
        try:
            with service.lock:
                rep = service.store.void(found.hand_id, reason)
        except st.StoreBusy as exc:
            raise HTTPException(503, str(exc), headers={"Retry-After": "5"}) from None
        except st.StoreError as exc:
            raise HTTPException(409, str(exc)) from None
        session, number, hand_id, revision = rep.hands[0]
        return {"session": session, "hand": number, "hand_id": hand_id, "revision": revision,
                "rederived": rep.rederived}

    @app.get("/hands/{hand:path}/history", summary="A hand's revisions", tags=["corrections"],
             responses={**_AUTH_RESPONSES, 404: {"description": "no such hand", **_ERR}})
    def hand_history(hand: str, who: Who) -> dict:
        """What ``shead history HAND --json`` prints: every revision of the
        hand (voided hands too) with its time, reason, text and what it
        counted for."""
        with service.con() as con:
            try:
                found = st.hand_history(con, hand, who.group)
            except st.AmbiguousHand as exc:
                raise HTTPException(404, str(exc)) from None
            if found is None:
                raise HTTPException(404, f"no stored hand {_short(hand)!r} (expected a hand id, \"SESSION#N\" or a "
                                         "content hash)")
            group = con.execute('SELECT "group" FROM sessions WHERE session = ?', [found.session]).fetchone()
        if who.group is not None and (group is None or group[0] != who.group):
            raise HTTPException(403, "this hand belongs to another group than the token's")
        return _clean(found.as_json())

    @app.get("/hands/{hand:path}/replay", summary="A hand's replay", tags=["hands"],
             responses={**_AUTH_RESPONSES, 404: {"description": "no such hand", **_ERR}})
    def hand_replay(hand: str, who: Who,
                    seat: Annotated[str | None, Query(max_length=100, description="Seen by this seat (as `shead "
                                                      "replay --seat S`): each step only what that seat knew "
                                                      "then.")] = None) -> dict:
        """What ``shead replay --json HAND`` prints: the stored hand and one
        frame per card played; with ``seat``, what ``shead replay --seat S
        --json`` prints (every step of the hand as that seat saw it).
        ``hand`` is what ``shead replay`` takes — a hand id, ``SESSION#N`` or
        a content hash — URL-encoded."""
        from ingest.pipeline import replay_frames, replay_json  # noqa: PLC0415

        found, fmt, text, _ = service.find(who, hand)
        frames, sk_state, notes = replay_frames(found, fmt, text)
        if seat is not None:
            from ingest.replay_steps import hand_steps, seat_index, seat_json  # noqa: PLC0415

            hs = hand_steps(found, fmt, text, frames)
            try:
                seat_index(hs.aliases, seat)
            except ValueError as exc:
                raise HTTPException(422, str(exc)) from None
            return _clean(seat_json(found, hs, seat))
        out = replay_json(found, frames, sk_state)
        return _clean(out)

    @app.get("/hands/{hand:path}", summary="One hand", tags=["hands"],
             responses={**_AUTH_RESPONSES, 404: {"description": "no such hand", **_ERR}})
    def one_hand(hand: str, who: Who) -> dict:
        """The hand's JSONL object plus ``hand_id``, ``hash``, ``key``
        (``SESSION#N``), ``format`` (``shn`` or ``netschafkopf``), ``source``
        (its stored text) and ``shn`` (an SHN file of this hand alone: the
        session's tags and the hand; null for a NetSchafkopf game)."""
        from ingest.export import jsonl_where  # noqa: PLC0415

        found, fmt, _, header = service.find(who, hand)
        with service.con() as con:
            rows, _ = jsonl_where(con, "h.hand_id = $id", {"id": found.hand_id})
        obj = rows[0]
        shn = ("%SHN 1.0\n" + header.rstrip("\n") + "\n\n" + found.source.rstrip("\n") + "\n") if fmt == "shn" else None
        return _clean({**obj, "hand_id": found.hand_id, "hash": found.hash,
                       "key": f"{found.outcome.session}#{found.outcome.hand}", "format": fmt,
                       "source": found.source, "shn": shn})

    @app.get("/sessions", summary="List sessions", tags=["hands"], responses=_AUTH_RESPONSES)
    def sessions(who: Who, group: GroupQ = None) -> list[dict]:
        """The group's sessions in stored order: ``session``, ``group``,
        ``date``, ``table``, ``site``, ``rules``, ``game``, ``players``,
        ``format``, ``hands`` (stored), ``first_hand``, ``last_hand``."""
        groups = _scope(who, group)
        where = 'list_contains($groups, s."group")' if groups else "TRUE"
        with service.con() as con:
            df = con.sql(
                "SELECT s.session, s.\"group\", strftime(s.date, '%Y-%m-%d') AS date, s.\"table\", s.site, s.rules, "
                "s.game, s.players, coalesce(s.format, 'shn') AS format, count(h.hand_id) AS hands, "
                "min(h.hand) AS first_hand, max(h.hand) AS last_hand FROM sessions s LEFT JOIN hands h "
                f"USING (session_id) WHERE {where} GROUP BY ALL ORDER BY min(s.session_id)",
                params={"groups": list(groups)} if groups else None).fetchall()
        cols = ["session", "group", "date", "table", "site", "rules", "game", "players", "format", "hands",
                "first_hand", "last_hand"]
        out = []
        for r in df:
            d = dict(zip(cols, r))
            d["players"] = json.loads(d["players"]) if d["players"] else {}
            out.append(d)
        return _clean(out)

    def _metric_rows(fns, f) -> dict:
        with service.con() as con:
            return {fn.__name__: _clean(fn(con, f).to_dicts()) for fn in fns}

    @app.get("/ledger", summary="The ledger", tags=["metrics"], responses=_AUTH_RESPONSES)
    def ledger(who: Who, group: GroupQ = None, date_from: FromQ = None, date_to: ToQ = None,
               table: TableQ = None, player: PlayerQ = None, rules: RulesQ = None, game: GameQ = None) -> dict:
        """The dashboard's Ledger page as JSON: ``leaderboard`` (units,
        hands, units per hand per player), ``ledger_by_session`` (units per
        player per session), ``ledger_running`` (running totals) and
        ``incomplete_sessions`` (the sessions whose source's totals the stored
        games fall short of, or that keep a result against the rules: what
        ``shead ledger`` names; serve25 F7)."""
        from dashboard import metrics as m  # noqa: PLC0415

        f = _filters(who, group, date_from, date_to, table, player, rules, game)
        return _metric_rows([m.leaderboard, m.ledger_by_session, m.ledger_running, m.incomplete_sessions], f)

    @app.get("/metrics", summary="The dashboard's metrics", tags=["metrics"], responses=_AUTH_RESPONSES)
    def metrics(who: Who, name: Annotated[list[str] | None, Query(description="Metric function names of "
                                                                   "dashboard/metrics.py (default all).")] = None,
                group: GroupQ = None, date_from: FromQ = None, date_to: ToQ = None, table: TableQ = None,
                player: PlayerQ = None, rules: RulesQ = None, game: GameQ = None) -> dict:
        """Each chosen metric of ``dashboard.metrics.METRICS`` over the
        group's filtered hands, as a list of row objects keyed by the
        function's name.  An unknown name: 422."""
        from dashboard import metrics as m  # noqa: PLC0415

        known = {fn.__name__: fn for fn in m.METRICS}
        bad = [n for n in name or () if n not in known]
        if bad:
            raise HTTPException(422, f"unknown metric(s) {bad}: expected some of {sorted(known)}")
        f = _filters(who, group, date_from, date_to, table, player, rules, game)
        return _metric_rows([known[n] for n in name] if name else m.METRICS, f)

    return app


# --------------------------------------------------------------------------
# shead serve
# --------------------------------------------------------------------------


def _bind(host: str, port: int) -> socket.socket:
    infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(addr)
    sock.listen(128)
    return sock


def _write_service_file(path: Path, info: dict) -> None:
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(info, fh)
    os.replace(tmp, path)


def serve(db: str | os.PathLike | None, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *, hold: float = 0.5,
          log_file: str | os.PathLike | None = None, echo=print) -> int:
    """Run the service until interrupted; returns the exit code (2: refused
    to listen beyond loopback with no valid token, the port is taken, or
    another service answers for the same database).
    ``port`` 0 takes a free port (the service file and the first message
    say which)."""
    import uvicorn  # noqa: PLC0415

    handler: logging.Handler = logging.FileHandler(log_file, encoding="utf-8") if log_file else \
        logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    other = running_service(db)
    if other is not None and other.get("pid") != os.getpid():  # one service a database (a tester's finding)
        echo(f"error: {st.resolve_db(db)} is served already by shead serve (pid {other['pid']}, {other['url']}): "
             "post to that one, or stop it first")
        return 2
    service = Service(db, hold=hold)
    try:
        with service.con() as con:  # creates the database and applies the migrations
            tokens = tk.active_count(con)
    except st.StoreError as exc:
        echo(f"error: {exc}")
        return 1
    if not is_loopback(host) and tokens == 0:
        echo(f"error: refusing to listen on {host}, beyond this machine, with no token defined: anyone on the "
             f"network could read and write. Make one first: shead token add GROUP --role scorer --db {service.db}")
        return 2
    try:
        sock = _bind(host, port)
    except OSError as exc:
        echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}")
        return 2
    bound = sock.getsockname()[1]
    shown = host if ":" not in host else f"[{host.strip('[]')}]"
    local = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host.strip("[]"), host.strip("[]"))
    local = local if ":" not in local else f"[{local}]"
    svc_file = service_file(service.db)
    _write_service_file(svc_file, {"pid": os.getpid(), "url": f"http://{local}:{bound}",
                                   "secret": service.owner_secret, "db": str(service.db)})
    echo(f"serving {service.db} on http://{shown}:{bound} (API document at /docs, /openapi.json); "
         f"{tokens} valid token(s); Ctrl-C stops it")
    if tokens == 0:
        echo("note: no token yet: every request but /health gets 401. Make one: "
             f"shead token add GROUP --role scorer --db {service.db}")

    def forget() -> None:  # the service file goes with the service (uvicorn re-raises SIGTERM after shutdown)
        try:
            if json.loads(svc_file.read_text(encoding="utf-8")).get("pid") == os.getpid():
                svc_file.unlink()
        except (OSError, ValueError):
            pass

    config = uvicorn.Config(create_app(service, on_stop=forget), log_level="warning", access_log=False,
                            lifespan="on", timeout_graceful_shutdown=10)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        forget()
        service.close()
    return 0
