"""Streaming ingest of a large CSV ledger of sitting totals (issue 15).

A ledger (a ``date`` column and one column per player, each row a sitting's
nets: docs/storage.md "CSV files") larger than
:func:`ingest.stream.stream_above` bytes is read row by row and stored in
batches of rows, each one transaction (the per-batch rule of docs/storage.md
"Streaming ingest"): each batch's sittings are matched against the store
(:func:`ingest.csv_identity.match_sittings`: a stored sitting with the same
nets is a duplicate, one with other nets a conflict) and stored as sessions
without hands, exactly as :func:`ingest.csv_sheet.read_csv` and
``Store._insert_sittings`` do the whole file: the same rows refused with the
same diagnostics (row and column), the same sessions named ``CSV <file>
<date>`` (``#2`` ... for later sittings of a date: a name an earlier batch
stored is taken, as one stored earlier in the same transaction is), and the
stored sittings each row matched carried from batch to batch
(:class:`LedgerBatch` ``taken_sittings``), so that a row matches a stored
sitting once per file.  Memory: one batch of rows and the ids of the stored
sittings the file's rows matched.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import PurePath

from ingest import store as st
from ingest.csv_encoding import note_file
from ingest.csv_sheet import (HAND_FIELDS, CsvResult, Layout, _ledger, _money_cell, _money_error, _order_of, money_units,
                              running_option,
                              open_csv, read_rows, sheet_header, stake_option)
from ingest.model import FileResult
from replay.errors import Diagnostic

#: Rows per batch when none is given (``ingest.stream.ingest_large`` gives :func:`ingest.stream.batch_hands`).
BATCH = 2000

__all__ = ["BATCH", "LedgerBatch", "read_ledger_stream", "ingest_ledger_stream"]


@dataclass
class LedgerBatch(FileResult):
    """One batch of a streamed ledger: its ``sittings`` and refused rows
    (``errors``), and ``taken_sittings``, the ids of the stored sittings the
    file's rows matched so far, and ``own_sittings``, those they stored (one
    set each shared by the file's batches, read and added to by
    ``Store._insert_sittings``)."""

    taken_sittings: set[int] | None = None
    own_sittings: set[int] | None = None  #: the ids of the sittings the file's rows stored so far (shared as taken)
    seen_sittings: set | None = None  #: (date, nets) of the file's rows read so far (a row pasted twice: one sitting)


def _opened(path: str | PurePath):
    """The file as :func:`ingest.csv_sheet.read_csv_stream` opens it
    (:func:`ingest.csv_sheet.open_csv`): ``(file, reader, header)``."""
    return open_csv(path)


def read_ledger_stream(path: str | PurePath, name: str | None = None, *, columns: str | None = None,
                       batch: int = 2000) -> tuple[CsvResult, Iterator[FileResult]] | None:
    """A CSV ledger of sitting totals on disk read in bounded memory:
    ``(ledger, batches)``, ``ledger`` the :class:`CsvResult` of its header
    (kind ``ledger``, columns, players) and ``batches`` one
    :class:`FileResult` per ``batch`` rows in file order, its ``sittings``
    the rows read as sittings and its ``errors`` the refused rows'
    diagnostics (those :func:`ingest.csv_sheet.read_csv` gives, at the same
    rows and columns); every batch carries the same ``taken_sittings`` set
    (for ``Store._insert_sittings``).  None when the file is not a ledger
    whose header reads (a score sheet, no header, no date column, a bad
    ``columns``): those are read otherwise.  Raises ``OSError``."""
    name = str(path) if name is None else name
    fh, _reader, header = _opened(path)
    fh.close()
    if not header or not any(c.strip() for c in header):
        return None
    try:
        cols, players, names = sheet_header(header, columns)
    except ValueError:
        return None
    if "date" not in cols or any(f in cols for f in HAND_FIELDS):
        return None
    if running_option(columns):  # running standings: a sitting's rows are read together, the file whole (break34 F2)
        return None
    ledger = CsvResult("ledger", cols, players, FileResult(path=name), names=names)
    index = {c: i for i, c in enumerate(header)}
    taken: set[int] = set()
    own: set[int] = set()
    seen: set = set()

    stake = stake_option(columns)  # a ledger kept in money: each cell read as units, as read_csv reads it
    money = [i for i, c in enumerate(header) if c in players] if stake is not None else []

    def one(rows: list[list[str]], first: int) -> FileResult:
        if money:
            rows = [money_units(row, money, stake) for row in rows]
        batch = LedgerBatch(path=name, taken_sittings=taken, own_sittings=own, seen_sittings=seen)
        out = CsvResult("ledger", cols, players, batch, names=names)
        out.date_order = ledger.date_order  # the whole file's order, as read_csv takes it
        _ledger(out, [header, *rows], index, name, first)
        out.result.sittings = out.sittings
        return out.result

    def batches() -> Iterator[FileResult]:
        fh, reader, _header = _opened(path)
        with fh:  # a first pass for the order of the dates (--columns date-order, else the dates', issue 15)
            _order_of(ledger, enumerate(read_rows(reader, name, []), start=2), index, reader.dialect.delimiter,
                      columns, name)
        if stake is None:  # kept in money without its stake: refused whole, as read_csv refuses it (break21 F12)
            fh, reader, _header = _opened(path)
            with fh:
                money = _money_cell(enumerate(read_rows(reader, name, []), start=2),
                                    Layout(1, header, columns))
            if money is not None:
                refused = LedgerBatch(path=name, taken_sittings=taken, own_sittings=own, seen_sittings=seen)
                refused.sittings = []
                refused.errors.append(_money_error(money, name))
                yield refused
                return
        notes = [d for d in ledger.result.errors if d.code == "W-CSV-DATE-ORDER"]  # said with the first batch
        notes += note_file(path, name)  # a Windows-1252 export (W-ENCODING): said with the first batch too
        fh, reader, _header = _opened(path)
        with fh:
            rows: list[list[str]] = []
            first = 2
            bad: list[Diagnostic] = []  # a line csv cannot read (E-CSV-SYNTAX): said with the last batch
            for row in read_rows(reader, name, bad):
                rows.append(row)
                if len(rows) >= batch:
                    res = one(rows, first)
                    res.errors[:0], notes[:] = notes, []
                    yield res
                    first += len(rows)
                    rows = []
            if rows or bad or notes:
                last = one(rows, first)
                last.errors[:0] = notes
                last.errors.extend(bad)
                yield last

    return ledger, batches()


def ingest_ledger_stream(store: st.Store, path: str | os.PathLike, strict: bool = False, *,
                         batch: int | None = None, name: str | None = None, columns: str | None = None,
                         on_batch: Callable[[int, int], None] | None = None
                         ) -> tuple[st.IngestReport, FileResult] | None:
    """Ingest the CSV ledger at ``path`` batch by batch (module docstring):
    ``(report, warnings)`` as :func:`ingest.stream.ingest_stream` (the
    report sums the batches', ``sittings`` the sittings stored; ``warnings``
    is empty: a ledger row has none), or None when the file is not a ledger
    with a readable header (nothing read or stored).  Each batch of
    ``batch`` rows (default :data:`BATCH`) is one
    transaction (format ``csv-ledger``); a kill keeps the committed batches
    and ingesting the file again counts their sittings as duplicates.
    ``strict``: every row is read first with nothing stored, and only a
    file without a refused row is stored.  ``on_batch``: called with
    (batches done, rows read).  :func:`ingest.stream.ingest_large` calls
    this with the stream's DuckDB settings (``STREAM_SETTINGS``) applied."""
    from ingest.pipeline import store_result  # noqa: PLC0415

    name = os.fspath(path) if name is None else name
    batch = BATCH if batch is None else batch
    try:
        if read_ledger_stream(path, name, columns=columns) is None:
            return None
    except OSError:
        return None
    total = st.IngestReport(path=name, strict=strict)
    warnings = FileResult(path=name)

    def work() -> tuple[st.IngestReport, FileResult]:
        try:
            if strict:
                for res in read_ledger_stream(path, name, columns=columns, batch=batch)[1]:
                    total.file_errors.extend(res.errors)
                if total.failed:
                    total.committed = False
                    return total, warnings
                total.file_errors.clear()
            done = rows = 0
            for res in read_ledger_stream(path, name, columns=columns, batch=batch)[1]:
                rows += len(res.sittings) + len(res.errors)
                rep = store_result(store, res, "csv-ledger", strict)
                if not rep.committed:  # the store failed: this batch stored nothing
                    before = total.sittings
                    total.add(rep)
                    total.committed = before == 0
                    if before:
                        total.file_errors.append(Diagnostic(
                            "E-STORE", f"the ledger was stored in batches of {batch} rows: the {done} batch(es) "
                            f"before this one ({before} sittings) stay stored; this batch and the rest were not "
                            "stored (ingest the file again once fixed: stored sittings count as duplicates)",
                            file=name, line=res.sittings[0].row if res.sittings else 1, col=1))
                    return total, warnings
                total.add(rep)
                total.sittings += rep.sittings
                done += 1
                if on_batch is not None:
                    on_batch(done, rows)
        except OSError as exc:
            total.file_errors.append(Diagnostic("E-FILE-UNREADABLE", f"cannot read the file: {exc.strerror or exc}",
                                                file=name))
            total.committed = total.sittings > 0
        return total, warnings

    return work()
