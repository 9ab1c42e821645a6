"""The service's one writer: posts queued, stored in batches (``shead serve``).

Every ``POST /hands`` is put on one queue; one writer thread takes what has
queued up while it was busy (at most :data:`MAX_BATCH` posts) and stores it.
A post is answered only after the transaction holding its hands has
committed — acknowledged means stored — and the same hand posted twice is
stored once, as before.

Posts that can share a transaction are *combined*: SHN text that reads
without a syntax or file error, not ``strict``, whose sessions no other post
of the combination touches.  Their hand records are validated together,
planned against the store once (:meth:`ingest.store.Store.plan_ingest`:
one look-up of the stored hashes and running states for all of them) and
stored by one :meth:`ingest.store.Store.ingest_file` — one transaction
instead of one per post, where each of a post's few dozen statements used
to cost as much as for a thousand hands.  Because no two combined posts
share a session, the carry of each (rules.md D-11, D-12, D-19) is exactly
what it would be posted alone, and each post's answer is its own hands'
count.  The combination is used only when it is *clean*: every hand
accepted, every hand of the caller's group, and the store's own counts
match the per-post answers (checked before COMMIT; otherwise rolled back).
Anything else — a rejected hand, another group's hand, a NetSchafkopf or
CSV file, a strict post, two posts of one session — is stored post by post
in arrival order, exactly as a lone post (:meth:`dashboard.service.Service.post_one`).

Posts in flight together have no order among themselves (each client waits
for its answer before it posts the next hand of a session), so storing the
combined ones first and the others after keeps every client's order.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field

__all__ = ["MAX_BATCH", "Pending", "BatchWriter"]

log = logging.getLogger("shead.service")

#: Posts stored in one transaction at most.
MAX_BATCH = 256
#: Once a post is queued the writer waits for more until none has come for
#: ``GATHER_GAP`` seconds, ``GATHER_MAX`` seconds at most: a burst of posts
#: (clients answered together post their next hands together) then shares
#: one transaction instead of a straggler paying for one of its own.
GATHER_GAP = 0.010
GATHER_MAX = 0.100


@dataclass
class Pending:
    """One queued post and the future its answer ``(body, status)`` is set on."""

    who: object
    name: str
    data: bytes
    strict: bool
    future: Future = field(default_factory=Future)
    shn: object | None = None  # the read file, when it can be combined
    sessions: frozenset = frozenset()


class _NotClean(Exception):
    """The combined store's counts differ from the per-post answers: roll back."""


class BatchWriter:
    """The writer thread of a :class:`dashboard.service.Service`: ``submit``
    queues a post and returns a future of ``(body, status)``; ``close``
    stops the thread after the queued posts."""

    def __init__(self, service):
        self.service = service
        self.q: queue.Queue[list[Pending] | None] = queue.Queue()
        self.thread: threading.Thread | None = None
        self._start = threading.Lock()
        self.batches = 0  # transactions of combined posts (for the log and tests)
        self.combined = 0  # posts stored in them

    def submit(self, who, name: str, data: bytes, strict: bool) -> Future:
        """Queue one post; the future's result is ``(body, status)``."""
        return self.submit_many([(who, name, data, strict)])[0]

    def submit_many(self, posts: list[tuple]) -> list[Future]:
        """Queue several posts ``(who, name, data, strict)`` at once: they
        are taken in the same batch (tests use it to make one)."""
        with self._start:
            if self.thread is None:
                self.thread = threading.Thread(target=self._loop, name="shead-writer", daemon=True)
                self.thread.start()
        pending = [Pending(*p) for p in posts]
        self.q.put(pending)
        return [p.future for p in pending]

    def close(self, timeout: float = 30.0) -> None:
        if self.thread is not None:
            self.q.put(None)
            self.thread.join(timeout)

    # -- the thread ----------------------------------------------------------

    def _loop(self) -> None:
        while True:
            first = self.q.get()
            if first is None:
                return
            batch = list(first)
            stop = False
            until = time.monotonic() + GATHER_MAX
            while len(batch) < MAX_BATCH:
                try:  # the posts of a burst come in a few ms apart: take them all in this transaction
                    p = self.q.get(timeout=max(0.0, min(GATHER_GAP, until - time.monotonic())))
                except queue.Empty:
                    break
                if p is None:
                    stop = True
                    break
                batch.extend(p)
            try:
                self._store(batch)
            except BaseException as exc:  # noqa: BLE001 - never leave a post unanswered
                for p in batch:
                    if not p.future.done():
                        p.future.set_exception(exc)
            if stop:
                return

    def _store(self, batch: list[Pending]) -> None:
        svc = self.service
        t0 = time.perf_counter()
        with svc.lock:
            t1 = time.perf_counter()
            together, alone = self._combinable(batch)
            t2 = time.perf_counter()
            if len(together) >= 2:
                try:
                    answers = self._combined(together)
                except Exception as exc:  # noqa: BLE001 - StoreBusy or a store failure: each post says its own
                    log.info("a batch of %d posts failed (%s: %s): stored post by post", len(together),
                             type(exc).__name__, exc)
                    answers = None
                if answers is None:
                    alone = together + alone
                else:
                    self.batches += 1
                    self.combined += len(together)
                    for p, ans in zip(together, answers):
                        p.future.set_result(ans)
            else:
                alone = together + alone
            for p in sorted(alone, key=batch.index):
                try:
                    p.future.set_result(svc.post_one(p.who, p.name, p.data, p.strict))
                except BaseException as exc:  # noqa: BLE001 - the post's own failure (StoreBusy: 503)
                    p.future.set_exception(exc)
        t3 = time.perf_counter()
        log.info("writer: %d posts (%d in one transaction, %d alone): lock %.0f ms, read %.0f ms, stored %.0f ms",
                 len(batch), len(batch) - len(alone), len(alone), (t1 - t0) * 1000, (t2 - t1) * 1000,
                 (t3 - t2) * 1000)

    @staticmethod
    def _combinable(batch: list[Pending]) -> tuple[list[Pending], list[Pending]]:
        """The posts that may share one transaction, and the others."""
        from ingest.csv_sheet import looks_like_csv  # noqa: PLC0415
        from ingest.netschafkopf import looks_like_protocol  # noqa: PLC0415
        from ingest.shn.reader import read  # noqa: PLC0415

        together: list[Pending] = []
        alone: list[Pending] = []
        taken: set[str] = set()
        for p in batch:
            head = p.data[:4096]
            shn_text = head.lstrip(b" \t\r\n").startswith(b"%SHN") and (
                p.name.lower().endswith(".shn") or not (looks_like_protocol(head) or looks_like_csv(p.name, p.data)))
            if p.strict or not shn_text:
                alone.append(p)
                continue
            try:
                shn = read(p.data.decode("utf-8"), p.name)
            except Exception:  # noqa: BLE001 - not UTF-8, or a reader bug: the lone path reports it
                alone.append(p)
                continue
            sessions = frozenset(r.session_id for r in shn.hands)
            if not shn.hands or shn.errors or any(r.errors for r in shn.hands) or sessions & taken:
                alone.append(p)
                continue
            taken |= sessions
            p.shn, p.sessions = shn, sessions
            together.append(p)
        return together, alone

    def _combined(self, posts: list[Pending]) -> list[tuple[dict, int]] | None:
        """Validate and store ``posts`` in one transaction: each post's
        answer, or None (nothing stored) when the combination is not clean."""
        from dataclasses import replace  # noqa: PLC0415

        from ingest.validate import gc_paused, validate_records  # noqa: PLC0415

        svc = self.service
        store = svc.store
        records = [r for p in posts for r in p.shn.hands]
        path = f"POST /hands: {len(posts)} posts"
        with gc_paused():
            shn, plan, prior = store.plan_ingest(replace(posts[0].shn, hands=records, errors=[], path=path))
            result = validate_records(shn, path, prior=prior)
        if result.rejected or result.errors or any(h.diagnostics for h in result.hands) or plan.voided:
            return None  # an error or a warning (W-HAND-VOIDED too): each post answers its own
        owner = {s: p for p in posts for s in p.sessions}
        per: dict[int, dict] = {id(p): {"ingested": 0, "duplicates": 0, "hashes": set()} for p in posts}
        for h in result.hands:
            p = owner.get(h.outcome.session)
            if p is None:  # a session the reader named otherwise than the validator: not ours to combine
                return None
            h.source_file = p.name
            c = per[id(p)]
            if h.hash in c["hashes"]:
                c["duplicates"] += 1
            else:
                c["hashes"].add(h.hash)
                c["ingested"] += 1
        for session, _, _ in plan.skipped_hands:
            p = owner.get(session)
            if p is None:
                return None
            per[id(p)]["duplicates"] += 1
        # every hand of the caller's group, in a session new or stored for it (else the lone path says E-GROUP)
        scoped = [p for p in posts if p.who.group is not None]
        if scoped:
            names = sorted({s for p in scoped for s in p.sessions})
            with store.using() as con, con.cursor() as cur:
                owners = dict(cur.execute('SELECT session, "group" FROM sessions WHERE list_contains(?, session)',
                                          [names]).fetchall())
            for h in result.hands:
                p = owner[h.outcome.session]
                if p.who.group is not None and (h.outcome.group != p.who.group
                                                or owners.get(h.outcome.session, p.who.group) != p.who.group):
                    return None
            for p in scoped:
                if any(owners.get(s, p.who.group) != p.who.group for s in p.sessions):
                    return None
        want_stored = sum(c["ingested"] for c in per.values())
        want_dups = sum(c["duplicates"] for c in per.values())
        def check(stage: str) -> None:  # just before COMMIT: the store counted what the answers say
            rep = store.pending_report
            if stage == "commit" and (rep.stored != want_stored or rep.duplicates != want_dups or rep.rejected):
                raise _NotClean

        try:
            report = store.ingest_file(result, strict=False, on_stage=check, source_format="shn", plan=plan)
        except _NotClean:
            log.info("a batch of %d posts did not store as counted: stored post by post", len(posts))
            return None
        if report.stored != want_stored or report.duplicates != want_dups or report.rejected:
            raise AssertionError("unreachable: checked before COMMIT")  # pragma: no cover
        return [({"ingested": per[id(p)]["ingested"], "duplicates": per[id(p)]["duplicates"], "rejected": [],
                 "warnings": []}, 200)
                for p in posts]
