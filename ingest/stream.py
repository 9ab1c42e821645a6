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

NetSchafkopf protocols and CSV ledgers of sitting totals stream under the
same rule from their own modules (:mod:`ingest.protocol_stream`,
:mod:`ingest.ledger_stream`); :func:`stream_kind` says which way a file goes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from ingest import store as st
from ingest.model import FileResult
from ingest.settings import whole_number
from replay.errors import Diagnostic

__all__ = ["BATCH_HANDS", "STREAM_ABOVE", "STREAM_SETTINGS", "stream_above", "batch_hands", "streams", "stream_kind",
           "ingest_large", "ingest_csv_stream", "shn_head", "spooled", "ingest_stream"]

#: Hands per batch (about 1 MB of SHN text, some 25 MB of memory while validated).
BATCH_HANDS = 2000
#: Files up to this many bytes are read whole (one transaction); larger SHN files stream
#: (``SHEAD_STREAM_ABOVE`` in the environment overrides it: :func:`stream_above`).
STREAM_ABOVE = 8 << 20
#: DuckDB settings of the write connection while a file streams (docs/storage.md "Streaming ingest"):
#: DuckDB's buffer pool defaults to 80 % of the machine's memory, and the checkpoint that closes a
#: full row group (122,880 rows) of ``hand_source`` held some 80 MB more at 192MB (measured with
#: benchmarks/stream_ingest.py across hand 122,880: peak RSS 379 -> 459 MB at 192MB, 360 -> 365 MB
#: at 96MB); one thread and no insertion-order buffering keep its working memory small.
STREAM_SETTINGS: dict[str, str | int | bool] = {"memory_limit": "96MB", "threads": 1,
                                                "preserve_insertion_order": False}


def stream_above() -> int:
    """The size in bytes above which an SHN file streams: the environment's
    ``SHEAD_STREAM_ABOVE`` when it is set, else :data:`STREAM_ABOVE` (8
    MiB).  Raises :class:`ingest.settings.SettingError` when it is set but
    is no whole number."""
    return whole_number("SHEAD_STREAM_ABOVE", STREAM_ABOVE)


def batch_hands() -> int:
    """Hands per batch: the environment's ``SHEAD_STREAM_BATCH`` when it is
    set, else :data:`BATCH_HANDS` (2,000).  Raises
    :class:`ingest.settings.SettingError` when it is set but is no whole
    number of 1 or more."""
    return whole_number("SHEAD_STREAM_BATCH", BATCH_HANDS, least=1)


def streams(path: Path, above: int | None = None, name: str | None = None) -> bool:
    """True when ``path`` is a file to ingest in batches: larger than
    ``above`` bytes (default :func:`stream_above`), its first line
    ``%SHN`` (after a BOM and blank space), not a ``.csv`` file nor a
    NetSchafkopf protocol.  Anything else goes the whole-file way, which
    gives its own messages (empty, UTF-16, not SHN).  ``name`` (default
    ``path``): the file's name, for its ``.csv`` suffix (an upload spooled
    to a temporary file)."""
    try:
        if os.path.getsize(path) <= (stream_above() if above is None else above):
            return False
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return shn_head(head, os.fspath(path) if name is None else name)


def shn_head(head: bytes, name: str) -> bool:
    """True when a file named ``name`` whose first bytes are ``head`` (4 KB
    are enough) is SHN text to stream: its first line ``%SHN`` after a BOM
    and blank space, not UTF-16, not a ``.csv`` name nor a protocol."""
    from ingest.netschafkopf import looks_like_protocol  # noqa: PLC0415

    if name.lower().endswith(".csv") or looks_like_protocol(head) or head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return False
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"%SHN")


def spooled(chunks: Iterable[bytes], name: str, folder: str | os.PathLike) -> Path:
    """Write ``chunks`` (an upload's or a post's bytes, in pieces) to a file
    in ``folder`` named after ``name``'s suffix and return its path: a large
    upload is streamed from disk instead of held in memory as text and
    records (the Import page, ``POST /hands``).  Raises ``OSError``."""
    out = Path(folder) / ("upload" + Path(name).suffix.lower()[:10])
    with open(out, "wb") as fh:
        for piece in chunks:
            fh.write(piece)
    return out


def ingest_stream(store: st.Store, path: str | os.PathLike, strict: bool = False, *,
                  batch: int | None = None, name: str | None = None,
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
    from ingest.shn.reader import read_stream  # noqa: PLC0415

    name = os.fspath(path) if name is None else name
    batch = batch_hands() if batch is None else batch
    return _with_settings(store, lambda: _ingest_batches(store, lambda: read_stream(path, batch, name), strict,
                                                         batch, name, on_batch))


def ingest_csv_stream(store: st.Store, path: str | os.PathLike, strict: bool = False, *,
                      batch: int | None = None, name: str | None = None, columns: str | None = None,
                      rules: str | None = None, on_batch: Callable[[int, int], None] | None = None
                      ) -> tuple[st.IngestReport, FileResult] | None:
    """Ingest the CSV score sheet at ``path`` batch by batch, as
    :func:`ingest_stream` does an SHN file (the same per-batch rule, report
    and warnings): its rows are read one by one and mapped to hand records
    (:func:`ingest.csv_sheet.read_csv_stream`, the records
    :func:`ingest.csv_sheet.read_csv` gives, stored as SHN hands), each
    batch planned against the store, validated and stored in file order.
    ``columns`` and ``rules`` as ``shead ingest --columns/--rules``.  None
    (nothing read or stored) when the file is not a score sheet with a
    readable header — a ledger of sitting totals, or a header error that
    the whole-file path reports.  A sheet saved again under another name is
    the stored sitting, as in the whole-file path
    (:func:`ingest.csv_identity.sheet_session`)."""
    from ingest.csv_identity import SheetLookup  # noqa: PLC0415
    from ingest.csv_sheet import read_csv_stream  # noqa: PLC0415

    name = os.fspath(path) if name is None else name
    batch = batch_hands() if batch is None else batch
    stored = SheetLookup(store)  # and the stored night the sheet continues (session=NAME, newuser30)

    def batches():
        got = read_csv_stream(path, name, columns=columns, rules=rules, stored_session=stored, batch=batch)
        return iter(()) if got is None else got[1]

    try:
        if read_csv_stream(path, name, columns=columns, rules=rules) is None:
            return None
    except OSError:
        return None
    return _with_settings(store, lambda: _ingest_batches(store, batches, strict, batch, name, on_batch))


def stream_kind(path: str | os.PathLike, name: str | None = None, columns: str | None = None) -> str | None:
    """How a file is ingested in batches: ``"shn"`` (:func:`streams`),
    ``"protocol"`` for a NetSchafkopf protocol larger than
    :func:`stream_above` bytes (its first bytes look like one, its name does
    not end in ``.shn``: :func:`ingest.protocol_stream.ingest_protocol_stream`),
    ``"csv"`` for a CSV score sheet larger than that (a ``.csv`` name or a
    first line of commas or semicolons, and a header naming a date and a
    hand column), ``"ledger"`` for a CSV ledger of sitting totals larger
    than that (a header naming a date and no hand column:
    :func:`ingest.ledger_stream.ingest_ledger_stream`), else None (read
    whole: small files, and CSV files whose header does not read, which the
    whole-file reader refuses with its own message)."""
    from ingest.csv_sheet import looks_like_csv, read_csv_stream  # noqa: PLC0415

    name = os.fspath(path) if name is None else name
    if streams(path, name=name):
        return "shn"
    try:
        if os.path.getsize(path) <= stream_above():
            return None
        with open(path, "rb") as fh:
            head = fh.read(4096)
        from ingest.netschafkopf import looks_like_protocol  # noqa: PLC0415

        if looks_like_protocol(head):  # as ingest.pipeline.load_bytes tells a protocol
            return None if name.lower().endswith(".shn") else "protocol"
        if not looks_like_csv(name, head):
            return None
        got = read_csv_stream(path, name, columns=columns)
        if got is None:
            from ingest.ledger_stream import read_ledger_stream  # noqa: PLC0415

            return None if read_ledger_stream(path, name, columns=columns) is None else "ledger"
    except OSError:
        return None
    return "csv"


def ingest_large(store: st.Store, path: str | os.PathLike, strict: bool = False, *, kind: str,
                 name: str | None = None, columns: str | None = None, rules: str | None = None,
                 on_batch: Callable[[int, int], None] | None = None) -> tuple[st.IngestReport, FileResult]:
    """:func:`ingest_stream` (``kind`` ``"shn"``), :func:`ingest_csv_stream`
    (``"csv"``), :func:`ingest.protocol_stream.ingest_protocol_stream`
    (``"protocol"``, with ``rules``) or
    :func:`ingest.ledger_stream.ingest_ledger_stream` (``"ledger"``), as
    :func:`stream_kind` said: ``(report, warnings)``."""
    if kind == "protocol":
        from ingest.protocol_stream import ingest_protocol_stream  # noqa: PLC0415

        return _with_settings(store, lambda: ingest_protocol_stream(
            store, path, strict, batch=batch_hands(), name=name, rules=rules, on_batch=on_batch))
    if kind == "ledger":
        from ingest.ledger_stream import ingest_ledger_stream  # noqa: PLC0415

        got = _with_settings(store, lambda: ingest_ledger_stream(
            store, path, strict, batch=batch_hands(), name=name, columns=columns, on_batch=on_batch))
        if got is not None:
            return got
        raise ValueError(f"{name or path}: not a CSV ledger of sitting totals")
    if kind == "csv":
        got = ingest_csv_stream(store, path, strict, name=name, columns=columns, rules=rules, on_batch=on_batch)
        if got is not None:
            return got
        raise ValueError(f"{name or path}: not a CSV score sheet")
    return ingest_stream(store, path, strict, name=name, on_batch=on_batch)


def _with_settings(store: st.Store, work: Callable[[], tuple[st.IngestReport, FileResult]]
                   ) -> tuple[st.IngestReport, FileResult]:
    """Run ``work`` with the store's write connection under
    :data:`STREAM_SETTINGS` (the caller's own settings win), closed after."""
    before = store.settings
    store.settings = {**STREAM_SETTINGS, **before}
    store.close()  # the settings apply from the next open
    try:
        return work()
    finally:
        store.close()
        store.settings = before


def _with_refused(prior: Callable, refused: dict[str, dict]) -> Callable:
    """``prior`` whose session states know the hands of the session refused
    in the file's earlier batches (``SessionState.refused``), so that the
    ``W-SESSION-GAP`` of a hand after them names them as the whole file's
    ingest does (break22 F9; the stored rows of both are the same)."""
    if not refused:
        return prior

    def seeded(sid: str):
        got = prior(sid)
        if sid not in refused:
            return got
        from replay.judge import SessionState  # noqa: PLC0415

        seed, hands = got if isinstance(got, tuple) else (SessionState(), got)
        seed.refused = dict(refused[sid])
        return seed, hands

    return seeded


def _ingest_batches(store: st.Store, batches: Callable, strict: bool, batch: int, name: str,
                    on_batch: Callable[[int, int], None] | None) -> tuple[st.IngestReport, FileResult]:
    """The batch loop of :func:`ingest_stream`: ``batches()`` yields the
    :class:`~ingest.shn.record.ShnFile` of each batch in file order (called
    twice in strict mode: a checking pass, then the storing pass)."""
    from ingest.pipeline import note_copies, store_result  # noqa: PLC0415
    from ingest.validate import FileLoop, validate_records  # noqa: PLC0415

    total = st.IngestReport(path=name, strict=strict)
    warnings = FileResult(path=name)
    counted = None  # the last batch's report added to the total
    store.committed_report = None
    try:
        if strict:
            loop = FileLoop()
            for shn in batches():
                shn, _plan, prior = store.plan_ingest(shn)
                res = validate_records(shn, name, prior=prior, loop=loop, kept=store.stored_outcome)
                total.rejected.extend(res.rejected)
                total.file_errors.extend(res.errors)
            if total.failed:
                total.committed = False
                return total, warnings
            total.file_errors.clear()  # warnings only: said again by the storing pass
        done = hands = 0
        refused: dict[str, dict] = {}  # each session's hands refused in the batches before (W-SESSION-GAP names them)
        rows_refused: dict[str, int] = {}  # each session's rows refused in the file so far (a night's Total check)
        blocks: dict = {}  # each stored session's block of the file over its batches (Store._another_night: break25 F2)
        for shn in batches():
            nights = getattr(shn, "night_totals", None)  # a sheet's nights closed by their Total rows in this batch
            judged = getattr(shn, "judged", None)  # a sheet's Total rows said once its rows are judged (break28 F7)
            shn, plan, prior = store.plan_ingest(shn)
            hands += len(shn.hands) + plan.skipped
            # a session's block of the file is over when a batch holds none of its hands: nothing kept of it
            here = {r.session_id for r in shn.hands} | {t[0] for t in plan.skipped_texts} | {v[0] for v in plan.voided}
            for sess in [s for s in blocks if s not in here and s != st.OWN_SESSIONS]:  # (its own sessions kept)
                del blocks[sess]
            lp = FileLoop()  # one a batch, as before; read after it for the hands it refused
            res = validate_records(shn, name, prior=_with_refused(prior, refused), loop=lp, kept=store.stored_outcome)
            refused.update({sid: state.refused for sid, state in lp.sessions.items() if state.refused})
            if judged is not None:
                judged(res)
            for r in res.rejected:
                rows_refused[r.session] = rows_refused.get(r.session, 0) + 1
            res.night_blocks = blocks  # another night under a stored night's [Date] is decided over the batches
            if nights:  # break24c F9: checked as the sheet read whole checks them (session_checks)
                res.night_totals = nights
                res.night_refused = {n: rows_refused.get(n, 0) for n in nights}
            rep = store_result(store, res, "shn", strict, plan=plan)
            if not rep.committed:  # strict and a stored clash, or the store failed: this batch stored nothing
                stored_before = total.stored
                total.add(rep)
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
            total.add(rep)
            counted = rep
            warnings.hands.extend(h for h in res.hands if h.diagnostics)
            done += 1
            if on_batch is not None:
                on_batch(done, hands)
        note_copies(store, total, "shn", name)  # the whole file's sessions, once its last batch is stored
    except KeyboardInterrupt as exc:  # the batches before stay stored; the one in hand was rolled back,
        raise st.IngestInterrupted(total.stored + store.stored_since(counted)) from exc  # unless just committed
    except OSError as exc:
        total.file_errors.append(Diagnostic("E-FILE-UNREADABLE", f"cannot read the file: {exc.strerror or exc}",
                                            file=name))
        total.committed = total.stored > 0
    except st.StoreError:  # the database: said once by the caller
        raise
    except Exception as exc:  # noqa: BLE001 - a bug in a reader: this file's error, the other files go on (break30 F3)
        if st.interrupted(exc):  # DuckDB's form of the user's Ctrl-C
            raise
        from ingest.pipeline import internal_error  # noqa: PLC0415

        total.file_errors.append(internal_error(name, exc, f"the {total.stored} hand(s) of its batches before stay "
                                                "stored (stored hands count as duplicates when the file is ingested "
                                                "again)" if total.stored else "nothing of it was stored"))
        total.committed = total.stored > 0
    return total, warnings
