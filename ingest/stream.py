"""Streaming ingest of a large SHN file in bounded memory (issue 15).

``shead ingest`` reads a small file whole (:func:`ingest.pipeline.load_file`,
one transaction).  A file larger than :data:`STREAM_ABOVE` bytes that starts
like SHN is read, validated and stored in batches of :data:`BATCH_HANDS`
hands instead (:func:`ingest_stream`): the reader keeps only the hand it is
reading (:func:`ingest.shn.reader.read_stream`), and each batch is planned
against the store, validated and stored like a file of its own that continues
the sessions of the batches before it.  Memory is bounded by the batch, the
longest hand and a 1 MB read block, not by the file.

The per-batch rule (docs/storage.md "Streaming ingest"): each batch is one
transaction, committed in file order.  A session spanning batches continues
from its stored running state (the carry of doublers and the pot: rules.md
D-11, D-12, D-19), so the stored hands, rejects and positions are those a
single transaction over the whole file gives (tests/test_stream_ingest.py).
A kill (or a failing batch) keeps the batches committed before it and loses
nothing: ingesting the file again skips the stored hands as duplicates and
stores the rest.  Each batch records its own ``ingests`` row.

Strict mode (nothing stored when anything is wrong) reads and validates the
whole file first, with the carry kept in memory across batches
(:class:`ingest.validate.FileLoop`) and nothing stored; only a file without
an error is then stored, batch by batch.  A clash that only the store can
see (a hand number stored by an earlier ingest with other text) is found
when its batch is stored: that batch and the later ones are not stored, the
earlier ones stay.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ingest import store as st
from ingest.model import FileResult
from replay.errors import Diagnostic

__all__ = ["BATCH_HANDS", "STREAM_ABOVE", "streams", "ingest_stream"]

#: Hands per batch (about 1 MB of SHN text, some 25 MB of memory while validated).
BATCH_HANDS = 2000
#: Files up to this many bytes are read whole (one transaction); larger SHN files stream.
STREAM_ABOVE = 8 << 20
#: DuckDB settings of the write connection while a file streams (docs/storage.md "Streaming ingest"):
#: DuckDB's buffer pool defaults to 80 % of the machine's memory and keeps what a batch's look-ups
#: and each checkpoint read; one thread and no insertion-order buffering keep its working memory
#: small (measured: benchmarks/stream_ingest.py).
STREAM_SETTINGS: dict[str, str | int | bool] = {"memory_limit": "192MB", "threads": 1,
                                                "preserve_insertion_order": False}


def streams(path: Path, above: int | None = None) -> bool:
    """True when ``path`` is a file to ingest in batches: larger than
    ``above`` bytes (default :data:`STREAM_ABOVE`), its first line
    ``%SHN`` (after a BOM and blank space), not a ``.csv`` file nor a
    NetSchafkopf protocol.  Anything else goes the whole-file way, which
    gives its own messages (empty, UTF-16, not SHN)."""
    from ingest.netschafkopf import looks_like_protocol  # noqa: PLC0415

    try:
        if os.path.getsize(path) <= (STREAM_ABOVE if above is None else above):
            return False
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    if str(path).lower().endswith(".csv") or looks_like_protocol(head) or head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return False
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"%SHN")


def _merge(total: st.IngestReport, rep: st.IngestReport) -> None:
    total.stored += rep.stored
    total.duplicates += rep.duplicates
    total.rejected.extend(rep.rejected)
    total.rejected_new += rep.rejected_new
    total.file_errors.extend(rep.file_errors)
    total.rederived += rep.rederived
    total.rederive_refused.extend(rep.rederive_refused)


def ingest_stream(store: st.Store, path: str | os.PathLike, strict: bool = False, *,
                  batch: int = BATCH_HANDS, name: str | None = None,
                  on_batch: Callable[[int, int], None] | None = None) -> tuple[st.IngestReport, FileResult]:
    """Ingest the SHN file at ``path`` batch by batch (module docstring):
    ``(report, warnings)``.  ``report`` sums the batches' reports (hands
    stored, duplicates, every rejected hand with its positioned errors, file
    errors); ``warnings`` is a :class:`FileResult` holding only the stored
    hands that carry a warning (for the caller to print).  ``name`` (default
    ``path``) names the file in diagnostics and in the store.  ``on_batch``
    is called with (batches done, hands read so far) after each batch.  A
    failure of the store in a batch ends the ingest with an ``E-STORE``
    file error saying how many hands the earlier batches stored; raises
    :class:`~ingest.store.StoreBusy` as :func:`ingest.pipeline.store_result`
    does.  The store's write connection runs with :data:`STREAM_SETTINGS`
    (under any setting the caller gave ``store.settings``) and is closed on
    return."""
    name = os.fspath(path) if name is None else name
    before = store.settings
    store.settings = {**STREAM_SETTINGS, **before}
    store.close()  # the settings apply from the next open
    try:
        return _ingest_stream(store, path, strict, batch, name, on_batch)
    finally:
        store.close()
        store.settings = before


def _ingest_stream(store: st.Store, path, strict: bool, batch: int, name: str,
                   on_batch: Callable[[int, int], None] | None) -> tuple[st.IngestReport, FileResult]:
    from ingest.pipeline import store_result  # noqa: PLC0415
    from ingest.shn.reader import read_stream  # noqa: PLC0415
    from ingest.validate import FileLoop, validate_records  # noqa: PLC0415

    total = st.IngestReport(path=name, strict=strict)
    warnings = FileResult(path=name)
    try:
        if strict:
            loop = FileLoop()
            for shn in read_stream(path, batch, name):
                shn, _plan, prior = store.plan_ingest(shn)
                res = validate_records(shn, name, prior=prior, loop=loop)
                total.rejected.extend(res.rejected)
                total.file_errors.extend(res.errors)
            if total.failed:
                total.committed = False
                return total, warnings
            total.file_errors.clear()  # warnings only: said again by the storing pass
        done = hands = 0
        for shn in read_stream(path, batch, name):
            shn, plan, prior = store.plan_ingest(shn)
            hands += len(shn.hands) + plan.skipped
            res = validate_records(shn, name, prior=prior)
            rep = store_result(store, res, "shn", strict, plan=plan)
            if not rep.committed:  # strict and a stored clash, or the store failed: this batch stored nothing
                stored_before = total.stored
                _merge(total, rep)
                total.stored = stored_before
                total.committed = stored_before == 0
                if stored_before:
                    total.file_errors.append(Diagnostic(
                        "E-STORE" if not strict else "E-HAND-CONFLICT",
                        f"the file was stored in batches of {batch} hands: the {done} batch(es) before this one "
                        f"({stored_before} hands) stay stored; this batch and the rest were not stored "
                        "(ingest the file again once fixed: stored hands count as duplicates)",
                        file=name, line=shn.hands[0].line if shn.hands else 1, col=1))
                return total, warnings
            _merge(total, rep)
            warnings.hands.extend(h for h in res.hands if h.diagnostics)
            done += 1
            if on_batch is not None:
                on_batch(done, hands)
    except OSError as exc:
        total.file_errors.append(Diagnostic("E-FILE-UNREADABLE", f"cannot read the file: {exc.strerror or exc}",
                                            file=name))
        total.committed = total.stored > 0
    return total, warnings
