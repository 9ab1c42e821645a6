"""The one path of a file into the store, shared by ``shead ingest``, the
dashboard's Import page and ``shead serve``: read the bytes, tell an SHN file
from a NetSchafkopf protocol, validate (the judge, :mod:`replay.judge`),
store (:mod:`ingest.store`), and the JSON both the command line and the
service answer with; and a stored hand's replay frames as JSON (``shead
replay --json``, ``GET /hands/{hand}/replay``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, replace
from pathlib import Path
from ingest import store as st
from ingest.model import FileResult
from replay.errors import Diagnostic


def _protocol_game_shn(hand, header, players=None):
    """:func:`ingest.export.protocol_game_shn`, imported at its first use: the
    store's :data:`ingest.store.PROTOCOL_GAME_SHN` (a corrected protocol sent
    after a restore; verify32 F4)."""
    from ingest.export import protocol_game_shn  # noqa: PLC0415

    return protocol_game_shn(hand, header, players)


st.PROTOCOL_GAME_SHN = _protocol_game_shn


def _sniff_protocol(path: Path) -> bool:
    """True when the file starts like a NetSchafkopf protocol."""
    from ingest.netschafkopf import looks_like_protocol  # noqa: PLC0415

    try:
        with open(path, "rb") as fh:
            return looks_like_protocol(fh.read(4096))
    except OSError:
        return False


def _read_bytes(path: Path) -> tuple[bytes, Diagnostic | None]:
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return b"", Diagnostic("E-FILE-UNREADABLE", f"cannot read the file: {exc.strerror or exc}", file=name)
    return data, _empty(data, name)


def _empty(data: bytes, name: str) -> Diagnostic | None:
    if data.strip():
        return None
    return Diagnostic("E-FILE-EMPTY", "the file is empty: nothing to ingest", file=name, line=1, col=1,
                      expected="an SHN file starting with %SHN 1.0, or a NetSchafkopf protocol")


def load_file(path: Path, prior=None, rules: str | None = None, columns: str | None = None) -> tuple[FileResult, str]:
    """Read and validate one file: ``(result, source format)`` (see
    :func:`load_bytes`; ``prior``: a session's stored hands, for the carry).
    An unreadable file comes back as a result with a file-level error and no
    hands."""
    data, problem = _read_bytes(path)
    if problem is not None:
        return FileResult(path=str(path), errors=[problem]), "netschafkopf" if _sniff_protocol(path) else "shn"
    return load_bytes(str(path), data, prior, rules, columns)


#: a Parquet file (its magic ``PAR1``): most likely ``shead export --format parquet``'s (corr34 F4)
_PARQUET = "a Parquet file (shead export --format parquet?)"
#: the first bytes of compressed files (gzip, bzip2, xz, zstd, 7-Zip) -> what they are called
_PACKED = ((b"\x1f\x8b", "a gzip-compressed file"), (b"BZh", "a bzip2-compressed file"),
           (b"\xfd7zXZ\x00", "an xz-compressed file"), (b"\x28\xb5\x2f\xfd", "a zstd-compressed file"),
           (b"7z\xbc\xaf\x27\x1c", "a 7-Zip-compressed file"))


#: what :func:`_binary_kind` calls UTF-16 text (:func:`ingest.netschafkopf.utf16_codec` finds it): text, not binary
UTF16_TEXT = "UTF-16 text"


def _binary_kind(data: bytes) -> str | None:
    """What a file that is not UTF-8 text is (``"a gzip-compressed file"``,
    :data:`UTF16_TEXT` when :func:`ingest.netschafkopf.utf16_codec` finds
    UTF-16 at the start, else ``"a binary file"``: a NUL byte in its first
    4 KB, which no UTF-8 text has), or None for text and for a zip archive
    (an .xlsx workbook is one, :mod:`ingest.xlsx_sheet` tells).  A file that
    starts ``%SHN`` is SHN whatever bytes follow: the reader refuses a hand
    with a stray NUL at its line and column and keeps the others.  The one
    place that tells UTF-16 text from a binary file (break33 F10): a sheet's
    UTF-16 is decoded before this by :func:`load_bytes`; an SHN file's is
    refused with :func:`utf16_error`."""
    from ingest.netschafkopf import UTF16_HEAD, utf16_codec  # noqa: PLC0415

    for magic, kind in _PACKED:
        if data.startswith(magic):
            return kind
    if data.startswith(b"PAR1") and data.endswith(b"PAR1") and len(data) > 8:  # Parquet opens and ends so
        return _PARQUET
    if utf16_codec(data[:UTF16_HEAD]) is not None:
        return UTF16_TEXT
    head = data[:4096]
    if head.startswith(b"PK\x03\x04") or head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"%SHN"):
        return None
    if head.startswith(_CFB):  # Microsoft's compound file: a workbook with a password, or an old .xls (break22 F4)
        return ("a password-protected workbook" if "EncryptionInfo".encode("utf-16-le") in data[:1 << 20]
                else _OLD_BOOK)
    return "a binary file" if b"\x00" in head else None


def utf16_error(name: str) -> Diagnostic:
    """The one ``E-ENCODING`` of an SHN file saved as UTF-16 (SHN is UTF-8,
    notation.md), at 1:1: by path, on standard input, as an amendment."""
    return Diagnostic("E-ENCODING", "the file is UTF-16 text; SHN files are UTF-8: save it as UTF-8", file=name,
                      line=1, col=1, found=UTF16_TEXT, expected="UTF-8 text")


def binary_error(name: str, packed: str) -> Diagnostic:
    """The one ``E-FORMAT`` of a file that is ``packed`` (what
    :func:`_binary_kind` says it is), at 1:1: nothing of it is read."""
    return Diagnostic(
        "E-FORMAT", f"this is {packed}" + ("" if packed in _BINARY_FIX else ", not text")
        + ": shead reads SHN, NetSchafkopf protocols, CSV sheets and .xlsx workbooks"
        + ("; unpack it first (gunzip, unzip ...)" if "compressed" in packed else _BINARY_FIX.get(packed, ""))
        + "; nothing read", file=name, line=1, col=1, found=packed,
        expected="a text file or an .xlsx workbook without a password")


def _stray_nuls(name: str, data: bytes) -> list[tuple[int, int]]:
    """``(line, column)`` of each NUL byte of a CSV sheet's text that holds
    a few (break23 F9: one NUL typed into a cell refused the whole sheet as
    "a binary file" at 1:1); empty for anything else: a file that is no CSV
    sheet by its name or first line (:func:`ingest.csv_sheet.looks_like_csv`),
    that is not UTF-8 text once its NULs are left out, or whose NULs are
    more than one byte in a thousand (a binary file, or UTF-16 text, which
    is decoded before this).  Columns are the cells' (a sheet's messages' column: real23b F8), from 1."""
    n = data.count(b"\x00")
    if not n or n > max(8, len(data) // 1000) or data.startswith(b"PK\x03\x04"):
        return []
    from ingest.csv_sheet import looks_like_csv  # noqa: PLC0415

    if not looks_like_csv(name, data.replace(b"\x00", b"")):
        return []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    out = []
    for ln, line in enumerate(text.split("\n"), 1):
        col = line.find("\x00")
        while col >= 0:
            out.append((ln, col + 1))
            col = line.find("\x00", col + 1)
    from ingest.csv_sheet import cell_columns  # noqa: PLC0415

    return cell_columns(text, out)


def _nul_tail(name: str, data: bytes) -> tuple[int, Diagnostic] | None:
    """``(bytes of text, W-NUL warning)`` for a CSV sheet whose NUL bytes all
    come after its text (a save a crash cut short fills the rest of the
    file with NULs, break33 F7): the text before them is read as the sheet,
    and the warning says where the NULs start (line and column, as the SHN
    reader places its errors) and how many there are; None for any other
    file (NULs inside the text are :func:`_stray_nuls`' or a binary file's)."""
    if not data.endswith(b"\x00"):
        return None
    body = data.rstrip(b"\x00")
    if not body.strip() or b"\x00" in body:
        return None
    from ingest.csv_sheet import looks_like_csv  # noqa: PLC0415

    if not looks_like_csv(name, body):
        return None
    text = body.decode("utf-8", "replace")
    ln = len(_LINES.findall(text)) + 1
    col = len(_LINES.split(text)[-1]) + 1
    n = len(data) - len(body)
    return len(body), Diagnostic(
        "W-NUL", f"the file ends in {n:,} NUL byte(s) (0x00) from here, after its last row: a save cut short (a "
        "crash or a full disk writes NULs where the text should be); the rows before them are read, and any row "
        "the save lost is not in the file", "warning", name, ln, col, found=f"{n:,} NUL bytes",
        expected="the end of the file")


_LINES = re.compile(r"\r\n|\r|\n")


def _nul_warnings(name: str, where: list[tuple[int, int]]) -> list[Diagnostic]:
    """``W-NUL`` at each of the first five NUL bytes of a sheet (and how many more there are)."""
    more = len(where) - 5
    return [Diagnostic("W-NUL", "a NUL byte (0x00), which no text holds, is read as U+FFFD ('\ufffd'): the cell "
                       "holding it reads as written with that character (a number cell is then refused at its row)"
                       + (f"; {more} more NUL byte(s) after the fifth" if more > 0 and k == 4 else ""),
                       "warning", name, ln, col, found="0x00", expected="text") for k, (ln, col) in enumerate(where[:5])]


#: the first bytes of a Microsoft compound file (OLE/CFB): an .xls, or an .xlsx saved with a password
_CFB = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_OLD_BOOK = "an Excel 97-2003 workbook (.xls) or another Office compound file"
#: what to do with each kind of file :func:`_binary_kind` names that shead could read once it is saved otherwise
_BINARY_FIX = {
    "a password-protected workbook": "; remove its password (Excel: File > Info > Protect Workbook > Encrypt with "
                                     "Password, clear it; LibreOffice: File > Properties > Security), save it and "
                                     "ingest it again",
    _OLD_BOOK: "; save it as .xlsx (Excel Workbook) or as CSV, and ingest that",
    _PARQUET: "; an export is read by other programs; a database is restored from `shead export --format shn`",
}


def load_bytes(name: str, data: bytes, prior=None, rules: str | None = None,
               columns: str | None = None) -> tuple[FileResult, str]:
    """Read and validate one file's bytes: ``(result, source format)``; the
    one path of ``shead ingest`` and the dashboard's Import page.  A ``.shn``
    file, or any file that does not look like a NetSchafkopf protocol, goes
    through the SHN validator; a protocol through the NetSchafkopf reader.
    Empty or wrongly encoded files come back as a result with a file-level
    error and no hands; a bug in a reader (any exception but a
    :class:`~ingest.store.StoreError`) is reported as ``E-INTERNAL``
    (:func:`internal_error`) instead of stopping the other files.  ``prior`` (e.g.
    :meth:`ingest.store.Store.prior_hands`) seeds each session's doubler
    stake and pot from its stored hands (rules.md D-11, D-12, D-19;
    docs/storage.md "Session carry"); a :class:`ingest.store.Store` instead
    plans the file against the store (:meth:`~ingest.store.Store.plan_ingest`:
    stored hands skipped, sessions continued from their running state), the
    plan left in ``store.last_plan`` for :meth:`~ingest.store.Store.ingest_file`.
    ``rules`` (a Schafkopf [Rules] text) replaces the house rules a protocol's
    price lines give; a CSV score sheet or ledger of sitting totals is read by
    :mod:`ingest.csv_sheet` (``columns``: its column mapping, as
    ``--columns``), an Excel workbook's worksheets the same way
    (:mod:`ingest.xlsx_sheet`).  A file that is none of these gets one ``E-FORMAT``."""
    from ingest.csv_sheet import looks_like_csv  # noqa: PLC0415
    from ingest.xlsx_sheet import OTHER_BOOKS, looks_like_xlsx  # noqa: PLC0415
    from ingest.netschafkopf import UTF16_HEAD, looks_like_protocol, read_protocol, utf16_codec  # noqa: PLC0415
    from ingest.validate import validate_text  # noqa: PLC0415 - the engine loads only when needed

    protocol = looks_like_protocol(data[:4096])  # in any encoding it reads, UTF-16 included
    wide = utf16_codec(data[:UTF16_HEAD])
    if wide is not None and not protocol:  # a protocol decodes UTF-16 itself
        text16 = data.decode(wide, "replace").lstrip("\ufeff")
        if name.lower().endswith(".shn") or text16.lstrip().startswith("%SHN"):  # SHN is UTF-8 (notation.md)
            return FileResult(path=name, errors=[utf16_error(name)]), "shn"
        data = text16.encode("utf-8")  # a sheet saved as Notepad's "Unicode" or Excel's "Unicode Text": its text
    tail = _nul_tail(name, data) if not protocol else None
    if tail is not None:  # NULs after the last row (a crashed save): the rows before read, said where (break33 F7)
        data = data[:tail[0]]
    stray = _stray_nuls(name, data) if not protocol else []
    if stray:  # a sheet's text with a stray NUL or two (break23 F9): read, each NUL said where it is
        data = data.replace(b"\x00", "\ufffd".encode())
    packed = _binary_kind(data) if not protocol else None
    if packed == _OLD_BOOK and name.lower().endswith(OTHER_BOOKS):
        packed = None  # an .xls by its name: refused as the other spreadsheets below
    if packed is not None:  # not text: read as a sheet it gave a column error (a tester's gzip'd SHN)
        return FileResult(path=name, errors=[binary_error(name, packed)]), "shn"
    if name.lower().endswith(".shn"):
        fmt = "shn"
    elif protocol:
        fmt = "netschafkopf"
    elif looks_like_xlsx(name, data):
        fmt = "xlsx"
    elif name.lower().endswith(OTHER_BOOKS):  # a spreadsheet openpyxl does not read: never its bytes as CSV
        return FileResult(path=name, errors=[Diagnostic(
            "E-FORMAT", "this is a spreadsheet in a format shead does not read (an old Excel .xls, an OpenDocument "
            ".ods or a Numbers file): save it as .xlsx, or each sheet as CSV; nothing read", file=name, line=1, col=1,
            found=name.rsplit(".", 1)[-1], expected="an .xlsx workbook or a CSV file")]), "shn"
    elif looks_like_csv(name, data):
        fmt = "csv"
    else:
        fmt = "shn"
        head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
        if data.strip() and not head.startswith(b"%SHN"):  # one message, not one error per line
            return FileResult(path=name, errors=[Diagnostic(
                "E-FORMAT", "this file is neither SHN (its first line is not '%SHN 1.0'), a NetSchafkopf protocol "
                "('Geber:' then the deal), an Excel workbook (.xlsx) nor a CSV score sheet or ledger (a header row "
                "with commas, semicolons or tabs): nothing read",
                file=name, line=1, col=1, found=data[:40].decode("utf-8", "replace").splitlines()[0][:40]
                if data[:40].strip() else "",
                expected="an SHN file, a protocol, an .xlsx workbook or a CSV file")]), fmt
    if fmt in ("csv", "xlsx"):
        from ingest.csv_sheet import read_csv  # noqa: PLC0415

        stored = None
        if isinstance(prior, st.Store):  # a sheet saved again under another name is the stored sitting (D1)
            from ingest.csv_identity import SheetLookup  # noqa: PLC0415

            # and the stored night a sheet continues (session=NAME, a Session column) or looks like (newuser30)
            stored = SheetLookup(prior)
        try:  # a bug in the sheet reader must not stop the other files (break30 F2, F3)
            if fmt == "xlsx":  # each worksheet read as the CSV sheet it would be saved as
                from ingest.xlsx_sheet import read_xlsx  # noqa: PLC0415

                return read_xlsx(data, name, columns=columns, rules=rules, stored_session=stored)
            res = read_csv(data, name, columns=columns, rules=rules, stored_session=stored)
        except st.StoreError:  # the database (busy past the lock timeout): said once by the caller, not per file
            raise
        except Exception as exc:  # noqa: BLE001
            return FileResult(path=name, errors=[_internal(name, exc)]), "shn"
        if stray:
            res.result.errors[:0] = _nul_warnings(name, stray)
        if tail is not None:
            res.result.errors.append(tail[1])
        if isinstance(prior, st.Store) and res.players:  # a player typed otherwise but for case (real23b F3)
            res.result.errors.extend(prior.sheet_spellings([res.names.get(p, p) for p in res.players], name,
                                                           res.header_row))
        if res.kind == "ledger":
            res.result.sittings = res.sittings
            return res.result, "csv-ledger"
        return res.result, "shn"  # a score sheet's hands are stored as the SHN lines they map to
    problem = _empty(data, name)
    text = None
    if problem is None and fmt == "shn":
        # bytes that are not UTF-8 stay in the text as surrogates: the reader
        # reports each at its line and character column and keeps the other
        # hands (notation.md §2.1); a file with no valid text at all is refused
        text = data.decode("utf-8", "surrogateescape")
    if problem is not None:
        return FileResult(path=name, errors=[problem]), fmt
    try:
        if fmt == "netschafkopf":  # the same protocol under another name is the stored session
            from ingest.protocol_identity import stored_protocol  # noqa: PLC0415

            return read_protocol(data, name, rules=rules, stored_session=stored_protocol(prior)
                                 if isinstance(prior, st.Store) else None), fmt
        if isinstance(prior, st.Store):
            return _validate_planned(text, name, prior), fmt
        return validate_text(text, path=name, prior=prior), fmt
    except st.StoreError:  # the database (busy past the lock timeout): said once by the caller, not per file
        raise
    except Exception as exc:  # a bug in a reader must not stop the other files
        return FileResult(path=name, errors=[_internal(name, exc)]), fmt


def _entry(d: Diagnostic, file, line, hand) -> dict:
    """One diagnostic as a JSON entry of ``ingest --json``: ``{"file",
    "line", "col", "hand", "code", "message", "found", "expected"}``."""
    return {"file": file, "line": line, "col": d.col, "hand": hand, "code": d.code, "message": d.message,
            **_found_expected(d)}


def _rejected_entries(report: st.IngestReport) -> list[dict]:
    out = [_entry(d, d.file or report.path, d.line, d.hand) for d in report.file_errors if d.severity == "error"]
    for r in report.rejected:
        d = r.errors[0] if r.errors else Diagnostic("E-UNKNOWN", "rejected")
        out.append(_entry(d, d.file or r.source_file or report.path, d.line or r.source_line,
                          r.hand if r.hand is not None else d.hand))
    return out


def _found_expected(d: Diagnostic) -> dict:
    """A diagnostic's ``found`` and ``expected`` as JSON text (null when it
    has none), for ``ingest --json`` and the service (QA D7)."""
    return {"found": None if d.found is None else str(d.found),
            "expected": None if d.expected is None else str(d.expected)}


def store_result(store: st.Store, result: FileResult, fmt: str, strict: bool,
                 plan=None) -> st.IngestReport:
    """Store one validated file (:meth:`ingest.store.Store.ingest_file`, with
    the ``plan`` :func:`load_bytes` left for it), the one store step of
    ``shead ingest`` and ``shead serve``.  A failure of the store comes back as a report with an
    ``E-STORE`` file error and nothing stored; :class:`~ingest.store.StoreBusy`
    is raised."""
    try:
        report = store.ingest_file(result, strict=strict, source_format=fmt, plan=plan)
        if result.continued:  # a sheet that continues a stored session: its conflicts say how it numbers on
            for k, bad in enumerate(report.rejected):
                hint = result.continued.get((bad.session or "").removesuffix(" (another night)"))
                d = bad.errors[0] if bad.errors else None
                if hint and d is not None and d.code == "E-HAND-CONFLICT" and hint not in d.message:
                    report.rejected[k] = replace(bad, errors=[replace(d, message=f"{d.message}; {hint}"),
                                                              *bad.errors[1:]])
        return report
    except st.StoreBusy:
        raise
    except Exception as exc:  # noqa: BLE001 - one file's failure must not stop the others
        d = Diagnostic("E-STORE", f"storing this file failed, nothing of it was stored: "
                       f"{type(exc).__name__}: {exc}", file=result.path, line=1, col=1)
        return st.IngestReport(path=result.path, file_errors=[d], committed=False)


def store_noting_copies(store: st.Store, result: FileResult, fmt: str, strict: bool,
                        plan=None) -> st.IngestReport:
    """:func:`store_result`, and for an SHN file that stored hands the
    ``W-SESSION-COPY`` warnings (:func:`ingest.session_copies.session_copies`:
    a session just stored that repeats a stored one of the same date and
    players hand for hand; for a NetSchafkopf protocol
    :func:`~ingest.session_copies.deal_copies`: game for game) added to the report's file-level warnings: what
    ``shead ingest``, ``POST /hands`` and the Import page store a file with.
    One query on ``sessions`` more a file, and a few small ones where a
    stored session shares a new one's date and players (the sessions stored
    before the file are the store's own reading,
    ``IngestReport.sessions_before``); :class:`~ingest.store.StoreBusy` is
    raised."""
    report = store_result(store, result, fmt, strict, plan=plan)
    note_copies(store, report, fmt, result.path)
    return report


#: Hands of validated SHN files :class:`FileGroup` holds before it stores them in one transaction (issue 17,
#: docs/storage.md "Files stored together"): DuckDB's fixed costs a statement are shared by the group's files.
#: ``SHEAD_GROUP_HANDS`` in the environment overrides it (:func:`group_hands`; 0 stores each file alone).
GROUP_HANDS = 10_000


def group_hands() -> int:
    """The hands :class:`FileGroup` holds: the environment's
    ``SHEAD_GROUP_HANDS`` when it is set (0: each file stored alone), else
    :data:`GROUP_HANDS`.  Raises :class:`ingest.settings.SettingError` when
    it is set but is no whole number."""
    from ingest.settings import whole_number  # noqa: PLC0415

    return whole_number("SHEAD_GROUP_HANDS", GROUP_HANDS)


def store_files(store: st.Store, items: list[tuple[FileResult, str, object]]) -> list[st.IngestReport]:
    """Store validated SHN files ``(result, fmt, plan)`` (not strict) with
    the reports :func:`store_noting_copies` gives them one after the other:
    in one transaction (:meth:`ingest.store.Store.ingest_files`) where the
    store can, else (a session of theirs stored already, a ledger's sitting
    in the database, or the group's store failed: each file then gets its
    own ``E-STORE``) one by one.  :class:`~ingest.store.StoreBusy` and an
    interrupt are raised (an interrupted group stored nothing)."""
    from ingest.pot_carry import files_pot_carries  # noqa: PLC0415
    from ingest.session_copies import files_session_copies  # noqa: PLC0415

    reports = None
    if len(items) > 1:
        try:
            reports = store.ingest_files([(r, plan) for r, _, plan in items])
        except st.StoreBusy:
            raise
        except Exception:  # noqa: BLE001 - stored one by one below, where each file's failure is its own E-STORE
            reports = None
    if reports is None:
        return [store_noting_copies(store, r, fmt, False, plan=plan) for r, fmt, plan in items]
    bounds = [(rep, r.path) for rep, (r, _, _) in zip(reports, items) if rep.sessions_before is not None]
    if any(rep.stored for rep, _ in bounds):  # W-SESSION-COPY, each file against the sessions stored before it
        files = [(rep.sessions_before, bounds[k + 1][0].sessions_before if k + 1 < len(bounds) else None, path)
                 for k, (rep, path) in enumerate(bounds)]
        with store.using() as con:
            for (rep, _), warnings in zip(bounds, files_session_copies(con, files)):
                rep.file_errors.extend(warnings)
            for (rep, _), warnings in zip(bounds, files_pot_carries(con, files)):  # real27b F1
                rep.file_errors.extend(warnings)
    return reports


class FileGroup:
    """Validated SHN files held until their hands reach ``hands``
    (:func:`group_hands`), then stored together (:func:`store_files`), as
    ``shead ingest`` and ``shead bench`` store a folder: each file's rows,
    ids, report and warnings are those it gets stored alone, in the same
    order.

    :meth:`take` reads, validates and holds or stores one file.
    :meth:`add` holds a file read and validated against the store (a
    ``plan`` of :meth:`~ingest.store.Store.plan_ingest`) when it
    :meth:`can_hold` it; a file that cannot wait (strict, not SHN text: a
    protocol, a CSV sheet or ledger, a workbook) is stored by :meth:`alone`
    once the held files are stored (:meth:`flush`).  A file that continues a
    held file's session (:meth:`shares_session`) was planned without that
    session's new hands: the caller calls :meth:`flush`, then reads and
    validates it again.  Each call returns ``(key, result, fmt, report)`` of
    the files it stored, in order; when the store raises (an interrupt,
    :class:`~ingest.store.StoreBusy`), the files stay :attr:`held`.

    :meth:`paused` pauses Python's cycle collector while a file is read and
    validated and keeps it paused while files are held (their records stay
    alive; each collection would walk them all), until they are stored."""

    def __init__(self, store: st.Store, strict: bool, hands: int | None = None) -> None:
        self.store = store
        self.strict = strict
        self.hands = group_hands() if hands is None else hands
        self._items: list[tuple[object, FileResult, str, object]] = []
        self._names: set[str] = set()
        self._count = 0
        self._gc_was: bool | None = None  # whether the collector ran before paused() held files
        self._depth = 0  # paused() blocks open

    @property
    def held(self) -> list[object]:
        """The keys of the files read and validated but not stored yet."""
        return [key for key, _, _, _ in self._items]

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Python's cycle collector paused over the block (reading and
        validating a file, :meth:`add`, and reporting what it stored), and
        after it while files are held: resumed at the end of the block that
        stores them, once the caller has let their records go (resumed with
        them alive, its first collection walks them all: about 0.25 s for
        10,000 hands), or by a :meth:`flush` outside any such block."""
        import gc  # noqa: PLC0415

        was = gc.isenabled() if self._gc_was is None else self._gc_was
        gc.disable()
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._items:
                self._gc_was = was
            else:
                self._gc_was = None
                if was:
                    gc.enable()

    def shares_session(self, result: FileResult) -> bool:
        """Whether ``result`` holds a hand of a session of a held file."""
        return bool(self._names and self._names & _session_names(result))

    def can_hold(self, result: FileResult, fmt: str, plan=None) -> bool:
        """Whether the file may wait to be stored with others: SHN text
        planned against the store, not strict, no ledger sittings, no
        sheet's Total row to check."""
        return not self.strict and fmt == "shn" and plan is not None and not any(
            getattr(result, k, None) for k in st.STORED_ALONE)

    def add(self, key: object, result: FileResult, fmt: str, plan=None) -> list[tuple]:
        """Hold one validated file (``key``: the caller's name for it); the
        held files are stored once they make ``hands`` hands.
        ``ValueError`` when it may not wait (:meth:`can_hold`) or shares a
        session with a held file."""
        if not self.can_hold(result, fmt, plan):
            raise ValueError(f"{result.path}: stored alone (FileGroup.alone), never held")
        names = _session_names(result)
        if self._names & names:
            raise ValueError(f"{result.path}: continues a session of a held file; flush the group first")
        self._items.append((key, result, fmt, plan))
        self._names |= names
        self._count += len(result.hands)
        return self.flush() if self._count >= self.hands else []

    def alone(self, key: object, result: FileResult, fmt: str, plan=None) -> list[tuple]:
        """Store one file by itself (:func:`store_noting_copies`), after the
        held ones (the caller has had :meth:`flush`'s files)."""
        if self._items:
            raise ValueError("flush the held files first")
        return [(key, result, fmt, store_noting_copies(self.store, result, fmt, self.strict, plan=plan))]

    def take(self, key: object, load: Callable[[], tuple[FileResult, str]],
             emit: Callable[[list[tuple]], None]) -> None:
        """Read, validate and hold or store one file, as ``shead ingest``
        does each file of a folder: ``load()`` reads and validates it against
        the store (:func:`load_file`, :func:`load_bytes`: ``(result, fmt)``,
        its plan left in ``store.last_plan``), again once the held files are
        stored when it continues one of their sessions; a file that
        :meth:`can_hold` is held (:meth:`add`), another stored by itself
        (:meth:`alone`) after the held files.  ``emit`` gets each list of
        files stored, as it is stored (held files' lines before a protocol's
        store)."""
        for again in (False, True):
            self.store.last_plan = None
            result, fmt = load()
            last = self.store.last_plan
            plan = last[1] if last and last[0] == result.path else None
            if again or not self.shares_session(result):
                break
            emit(self.flush())  # it continues a held file's session: planned again once that is stored
        if self.can_hold(result, fmt, plan):
            emit(self.add(key, result, fmt, plan))
        else:  # a protocol, a sheet, --strict: after the held files, by itself
            emit(self.flush())
            emit(self.alone(key, result, fmt, plan))

    def flush(self) -> list[tuple]:
        """Store every held file; returns them as :meth:`add` does."""
        if not self._items:
            return []
        try:
            reports = store_files(self.store, [(r, fmt, plan) for _, r, fmt, plan in self._items])
        finally:  # an interrupt or a busy store: the files stay held, so the caller can name them (held)
            if self._gc_was is not None and not self._depth:  # outside paused(): the collector resumes here
                if self._gc_was:
                    import gc  # noqa: PLC0415

                    gc.enable()
                self._gc_was = None
        done = [(key, r, fmt, rep) for (key, r, fmt, _), rep in zip(self._items, reports)]
        self._items = []
        self._names = set()
        self._count = 0
        return done


def _session_names(result: FileResult) -> set[str]:
    """The sessions of a validated file's hands, stored or refused."""
    return {h.outcome.session for h in result.hands} | {r.session for r in result.rejected if r.session is not None}


def note_copies(store: st.Store, report: st.IngestReport, fmt: str, path: str | None) -> None:
    """Add to ``report``'s file-level warnings the ``W-SESSION-COPY``
    warnings of the sessions it stored (``report.sessions_before``: the
    sessions stored before the file; ``fmt`` ``"shn"``, ``"netschafkopf"``
    or another, :mod:`ingest.session_copies`): a whole file's report, or
    the sum of a streamed file's batches (:meth:`~ingest.store.IngestReport.add`).
    :class:`~ingest.store.StoreBusy` is raised."""
    from ingest.pot_carry import files_pot_carries  # noqa: PLC0415
    from ingest.session_copies import deal_copies, result_copies, session_copies  # noqa: PLC0415

    if report.stored and report.sessions_before is not None:
        # text for text (SHN) or game for game (a protocol: a player renamed), and in any format result for result
        check = {"shn": session_copies, "netschafkopf": deal_copies}.get(fmt, result_copies)
        with store.using() as con:
            # a sheet said to look like a stored night's next page (W-CSV-SESSION) is not said again as a split
            said = {d.found for d in report.file_errors if d.code == "W-CSV-SESSION"}
            report.file_errors.extend(d for d in check(con, report.sessions_before, path)
                                      if not (d.code == "W-SESSION-SPLIT" and d.found in said))
            # a pot=on night opening without the pot its group's last night left (real27b F1)
            report.file_errors.extend(files_pot_carries(con, [(report.sessions_before, None, path)],
                                                        [report.grown])[0])


def _warning_entries(report: st.IngestReport, result: FileResult | None) -> list[dict]:
    """The warnings of one file as JSON entries, in the shape of the rejected
    ones (``{"file", "line", "col", "hand", "code", "message", "found",
    "expected"}``): the file-level warnings of ``report`` (severity not
    ``error``: a protocol's session incomplete, a Windows-1252 byte) and the
    diagnostics of the hands of ``result`` stored with a warning (a renege
    the table ruled on, ``W-RENEGE``; an agreed result; a partial log) — what
    the text report of ``shead ingest`` prints as ``warning``."""
    out = [_entry(d, d.file or report.path, d.line, d.hand) for d in report.file_errors if d.severity != "error"]
    for h in (result.hands if result is not None else ()):
        out += [_entry(d, d.file or h.source_file or report.path, d.line,
                       d.hand if d.hand is not None else h.outcome.hand) for d in report.hand_warnings(h)]
    return out


def report_json(report: st.IngestReport, result: FileResult | None = None) -> dict:
    """One file's part of ``shead ingest --json``: ``{"ingested": hands
    stored, "duplicates": hands already stored, "voided": hands whose texts
    are of hands voided since (only when there are any: ``W-HAND-VOIDED``),
    "rejected": [{"file", "line",
    "col", "hand", "code", "message", "found", "expected"}, ...], "warnings":
    [entries of that shape]}`` (what ``POST /hands`` answers); ``warnings``
    are :func:`_warning_entries` of ``report`` and the validated ``result``
    (only the report's file-level warnings without it)."""
    out = {"ingested": report.stored, "duplicates": report.duplicates, "rejected": _rejected_entries(report),
           "warnings": _warning_entries(report, result)}
    if report.voided:  # texts of hands voided since, not stored again (W-HAND-VOIDED among the warnings)
        out["voided"] = report.voided
    return out


def _frame_json(f, seats: list[str]) -> dict:
    def seat(i):
        return seats[i] if i is not None else None

    return {"step": f.step, "trick": f.trick,
            "card": [seat(f.card[0]), str(f.card[1])] if f.card else None,
            "trick_cards": [[seat(s), str(c)] for s, c in f.trick_cards], "winning": seat(f.winning),
            "trick_done": f.trick_done, "leader": seat(f.leader), "picker_points": f.picker_points,
            "defender_points": f.defender_points, "picker": seat(f.picker), "partner": seat(f.partner),
            "multiplier": f.multiplier, "done": f.done,
            # house32 F2: the under card (rules.md B-11) once called, and the frame whose card it is
            "under": str(f.under) if f.under is not None else None,
            "plays_under": f.under is not None and f.card is not None and f.card[1] == f.under,
            "blind": [str(c) for c in f.blind] if f.blind else None,
            "bury": [str(c) for c in f.bury] if f.bury else None,
            "claim": {"seat": seat(f.claim[0]), "after_trick": f.claim[1],
                      "cards": [str(c) for c in f.claim[2]] if f.claim[2] is not None else None,
                      "points": f.claim[3]} if getattr(f, "claim", None) else None}


def _sk_frame_json(f, seats: list[str]) -> dict:
    """A Schafkopf replay frame (:class:`replay.schafkopf.SkFrame`) as JSON:
    cards in German names (``EO``, ``SA``), seats by alias, Augen per side
    (``party_points``: the declaring party; null in a Ramsch) and per seat."""
    from replay.schafkopf import german  # noqa: PLC0415

    def seat(i):
        return seats[i] if i is not None else None

    return {"step": f.step, "trick": f.trick,
            "card": [seat(f.card[0]), german(f.card[1])] if f.card else None,
            "trick_cards": [[seat(s), german(c)] for s, c in f.trick_cards], "winning": seat(f.winning),
            "trick_done": f.trick_done, "leader": seat(f.leader), "party_points": f.party_points,
            "opponent_points": f.opponent_points, "seat_points": dict(zip(seats, f.seat_points)),
            "declarer": seat(f.declarer), "partner": seat(f.partner),
            "called": german(f.called) if f.called is not None else None, "multiplier": f.multiplier,
            "done": f.done}


def replay_frames(found: st.StoredHand, fmt: str, text: str) -> tuple[list, object, list[str]]:
    """Replay a stored hand from its session's stored text (``fmt``, ``text``
    as :func:`ingest.store.session_text` gives them): ``(frames, sk_state,
    notes)``.  ``sk_state`` is the Schafkopf end state (None for
    Sheepshead); ``notes`` say why the frames are empty when the current
    engine stops on the hand (the stored card log is shown instead).  A
    score-sheet hand has no frames and no note."""
    frames: list = []
    sk_state = None
    notes: list[str] = []
    if found.outcome.game == "schafkopf" and found.cardlog is not None:  # NetSchafkopf or SHN-SK
        from ingest.schafkopf_hand import replay_schafkopf_stored  # noqa: PLC0415

        try:
            sk_state, frames = replay_schafkopf_stored(found, fmt, text)
        except ValueError as exc:
            notes.append(f"the current engine stops on this game ({exc}); showing the stored card log")
    elif fmt == "shn" and found.cardlog is not None:
        from ingest.validate import replay_text  # noqa: PLC0415

        rep = replay_text(text, hand=found.outcome.hand, path=found.file)
        if rep.errors:
            notes.append(f"the current engine stops on this hand ({rep.errors[0]}); showing the stored card log")
        else:
            frames = rep.frames
    return frames, sk_state, notes


def card_points(con, hand_ids) -> dict[int, int]:
    """The picker side's card points as the cards give them (rules.md B-24:
    the tricks won by picker and partner plus the bury; a claim's remaining
    tricks to the claimer), replayed by the engine from the stored text of
    each SHN card-log hand in ``hand_ids`` (``hands.hand_id``): ``{hand_id:
    points}``.  For a hand whose ``pts`` the table agreed (``^``, provenance
    ``conflict``), where ``hands.picker_points`` holds the agreed value
    (notation.md "Marks for what happened at the table", metrics31 F2).  A
    hand that is no stored SHN card log, or that the current engine stops on,
    is left out.  One replay per hand: for the few agreed hands only."""
    from ingest.validate import replay_text  # noqa: PLC0415

    out: dict[int, int] = {}
    ids = sorted({int(i) for i in hand_ids})
    if not ids:
        return out
    rows = con.execute("SELECT hand_id, hand FROM hands WHERE status = 'full' AND game = 'sheepshead' "
                       "AND list_contains($ids, hand_id)", {"ids": ids}).fetchall()
    for hand_id, hand in rows:
        fmt, text = st.session_text(con, hand_id)
        if fmt != "shn" or not text:
            continue
        rep = replay_text(text, hand=hand)
        if rep.errors or not rep.frames or rep.frames[-1].picker_points is None:
            continue
        out[hand_id] = int(rep.frames[-1].picker_points)
    return out


def replay_json(found: st.StoredHand, frames: list, sk_state: object) -> dict:
    """What ``shead replay --json`` prints for a stored hand: ``hand_id``,
    ``hash``, ``file``, ``line``, ``outcome`` (every HandOutcome field; units
    per seat), ``cardlog`` (null for a score-sheet hand), ``source`` and
    ``frames`` (one per card played; Schafkopf frames in German card names)."""
    seats = list(found.outcome.players)
    return {"hand_id": found.hand_id, "hash": found.hash, "file": found.file,
            "line": found.line, "outcome": asdict(found.outcome),
            "cardlog": asdict(found.cardlog) if found.cardlog else None,
            "source": found.source,
            "frames": [_sk_frame_json(f, seats) if sk_state is not None else _frame_json(f, seats)
                       for f in frames]}


def _validate_planned(text: str, name: str, store: st.Store) -> FileResult:
    """Validate an SHN text against the store's sessions through
    :meth:`ingest.store.Store.plan_ingest`: hands already stored are not
    replayed again, and a session continued from its stored running state
    does not replay its stored hands.  The plan is kept on the result's
    store for :func:`run_ingest` (``store.last_plan``)."""
    from ingest.shn.reader import read  # noqa: PLC0415
    from ingest.validate import gc_paused, validate_records  # noqa: PLC0415

    with gc_paused():
        shn = read(text, name)
        shn, plan, prior = store.plan_ingest(shn)
        result = validate_records(shn, name, prior=prior, kept=store.stored_outcome)
    store.last_plan = (name, plan)
    return result


#: how an ``E-INTERNAL`` starts: a bug of shead's, not a problem of the file (break30 F3)
INTERNAL = "internal error, please report it"


def internal_error(name: str, exc: BaseException, stored: str = "nothing of it was stored") -> Diagnostic:
    """The ``E-INTERNAL`` of a file whose reading or storing raised
    ``exc`` unexpectedly (a bug: break30 F2's KeyError, F3's ValueError):
    at ``name``:1:1, the exception named, what of the file was ``stored``;
    the callers (``shead ingest``, the Import page, ``shead serve``) report
    it as that file's error and go on with the other files."""
    text = str(exc).splitlines()[0][:200] if str(exc) else ""
    return Diagnostic("E-INTERNAL", f"{INTERNAL}: reading this file failed ({type(exc).__name__}"
                      + (f": {text}" if text else "") + f"); {stored}", file=name, line=1, col=1,
                      found=type(exc).__name__)


def _internal(name: str, exc: Exception) -> Diagnostic:
    return internal_error(name, exc)


_WRITTEN_AGAIN = re.compile(r"session (.+) is written again in this file and numbers its hands from (\d+) again "
                            r"after its hand (\d+) above")


def _amend_order(r: st.RejectedHand) -> st.RejectedHand:
    """An amendment's hand refused because its session block numbers below
    a block of the same session above it (the reader's ``E-HAND-ORDER`` for
    a night numbered from 1 again) is told what an amendment needs: its
    blocks in hand order (break21 F9: the advice, a [Session] of its own or
    other numbers, would amend nothing or the wrong hand)."""
    d = r.errors[0] if r.errors else None
    m = _WRITTEN_AGAIN.search(d.message) if d is not None and d.code == "E-HAND-ORDER" else None
    if m is None:
        return r
    msg = (f"session {m.group(1)} is amended by blocks out of hand order: this block's hand {m.group(2)} comes "
           f"after the block with its hand {m.group(3)}; an amendment's hands are read in hand order: put this "
           "block (its night's header and hands) before that one, and amend again")
    return replace(r, errors=[replace(d, message=msg, expected=f"its hands before hand {m.group(3)}")] + r.errors[1:])


def _hand_place(result, name: str, session: str, number: int) -> dict:
    """The file, line and hand line (its first line, as written) of hand
    ``number`` of ``session`` in an amendment's ``result``; ``{}`` when the
    file holds no such hand."""
    for h in result.hands:
        if h.outcome.session == session and h.outcome.hand == number:
            first = next((x.strip() for x in h.source.splitlines() if x.strip()), f"hand {number}")
            return {"file": h.source_file or name, "line": h.source_line, "hand_line": first}
    return {}


def amend_bytes(store: st.Store, name: str, data: bytes, reason: str | None,
                refuse=None) -> tuple[dict, list[dict]]:
    """Amend stored hands with ``data`` (an SHN file holding new texts of
    stored hands), the one path of ``shead ingest --amend`` and ``POST
    /hands/amend``: each hand validated with the carry from the stored hands
    before it (the amended numbers themselves left out), then stored as a new
    revision in one transaction (:meth:`ingest.store.Store.amend`; the later
    hands' stake and pot re-derived in it).

    Returns ``(body, rejected)``: ``body`` is ``{"amended": [{session, hand,
    hand_id, revision}], "unchanged": [{session, hand, hand_id}],
    "rederived": int, "rejected": [entry], "warnings": [entry]}`` (entries
    as ``shead ingest --json`` gives them; the warnings of the hands
    amended, at the amendment's lines); nothing changes when ``rejected`` is not empty or no
    hand was found to amend (then ``amended`` is empty).  Raises
    :class:`ingest.store.StoreError` (a hand not stored, a busy database).
    ``refuse``: an optional ``FileResult -> list[RejectedHand]`` run on the
    validated hands before anything is stored (the service's group check);
    a hand it names is rejected and nothing changes."""
    from ingest.csv_sheet import looks_like_csv  # noqa: PLC0415
    from ingest.netschafkopf import looks_like_protocol  # noqa: PLC0415
    from ingest.shn.reader import read  # noqa: PLC0415
    from ingest.validate import validate_text  # noqa: PLC0415
    from ingest.xlsx_sheet import OTHER_BOOKS, looks_like_xlsx  # noqa: PLC0415
    from replay.judge import SessionState  # noqa: PLC0415

    empty = {"amended": [], "unchanged": [], "rederived": 0, "rejected": []}
    problem = _empty(data, name)
    if problem is None and looks_like_protocol(data[:4096]) and not name.lower().endswith(".shn"):
        problem = Diagnostic("E-AMEND-FORMAT", "an amendment is an SHN file; a NetSchafkopf protocol cannot amend",
                             file=name, line=1, col=1)
    if problem is None and not name.lower().endswith(".shn") and (
            looks_like_xlsx(name, data) or name.lower().endswith(OTHER_BOOKS) or looks_like_csv(name, data)):
        # a corrected sheet (real23 F5: each of its rows was an SHN syntax error, and nothing said why)
        problem = Diagnostic(
            "E-AMEND-FORMAT", "an amendment is an SHN file; a score sheet cannot amend: shead export --format shn "
            "--out night.shn, correct the hand there, then shead ingest --amend night.shn (the hands that did not "
            "change are reported unchanged)", file=name, line=1, col=1,
            found="a spreadsheet" if not looks_like_csv(name, data) else "a CSV score sheet", expected="an SHN file")
    if problem is None and (packed := _binary_kind(data)) is not None:  # as plain ingest says it (break33 F9)
        problem = utf16_error(name) if packed == UTF16_TEXT else binary_error(name, packed)
    if problem is not None:
        entries = _rejected_entries(st.IngestReport(path=name, file_errors=[problem]))
        return {**empty, "rejected": entries}, entries
    text = data.decode("utf-8", "surrogateescape")
    # a session stored with an identity tag's end space (before session 23) is amended under that id (real23 F1)
    amended = {(sid, rec.number) for rec in read(text, name).hands for sid in (rec.session_id, rec.session.raw_id())}

    def prior(session: str):
        got = store.prior_hands(session)
        if not got and (carry := store.voided_carry(session)) is not None:  # voided whole: no gap (break29b F7)
            return carry, []
        left = [r for r in got if (session, r.number) not in amended]
        # a stored session whose every hand is amended: an empty carry, said as stored (a tuple), so that the
        # validator reads a session stored with an end space under its stored id (validate_records, real23 F1)
        return (SessionState(), left) if got and not left else left

    result = validate_text(text, path=name, prior=prior, kept=store.stored_outcome)
    result.rejected = [_amend_order(r) for r in result.rejected]
    entries = _rejected_entries(st.IngestReport(path=name, rejected=list(result.rejected),
                                                file_errors=list(result.errors)))
    if not entries and result.hands and refuse is not None:
        entries = _rejected_entries(st.IngestReport(path=name, rejected=list(refuse(result))))
    if entries or not result.hands:
        return {**empty, "rejected": entries}, entries
    try:
        rep = store.amend(result, reason or f"amended from {Path(name).name}")
    except st.CorrectionError as exc:
        if not exc.diagnostics:
            raise
        # every hand refused, each at its file, line and column with what was found and expected, as an ingest's
        # refusals are (break22 F7: the first alone, as "error: FILE:LINE: ...")
        entries = _rejected_entries(st.IngestReport(path=name, file_errors=exc.diagnostics))
        return {**empty, "rejected": entries}, entries
    # the warnings of the hands amended, at the amendment's file and line, as shead ingest prints a file's (a
    # dealer out of turn, an agreed result against the cards: fix18 F3, --amend said none)
    done = {(s, n) for s, n, _, _ in rep.hands}
    kept = replace(result, hands=[h for h in result.hands if (h.outcome.session, h.outcome.hand) in done])
    return {"amended": [{"session": s, "hand": n, "hand_id": i, "revision": r} for s, n, i, r in rep.hands],
            "unchanged": [{"session": s, "hand": n, "hand_id": i} for s, n, i in rep.unchanged],
            # where each hand left voided is in the file, and its hand line: the step that brings it back (fixit32 F2)
            "still_voided": [{"session": s, "hand": n, "hand_id": i} | _hand_place(result, name, s, n)
                             for s, n, i in rep.still_voided],
            "rederived": rep.rederived, "rejected": [],
            "renamed": [{"session": s, "hand": n, "hand_id": i, "names": {a: {"was": o, "now": w} for a, (o, w) in m.items()}}
                        for s, n, i, m in rep.renamed],
            "moved": [{"session": s, "hand": n, "hand_id": i, "where": {k: {"was": o, "now": w} for k, (o, w) in m.items()}}
                      for s, n, i, m in rep.moved],
            "left_named": [{"session": s, "seat": a, "was": o, "now": w, "hands": hs}
                           for s, a, o, w, hs in rep.left_named],
            "notes": [{"code": d.code, "message": d.message} | ({"file": d.file, "line": d.line, "col": d.col,
                                                                 "hand": d.hand, "found": d.found,
                                                                 "expected": d.expected} if d.file else {})
                      for d in rep.notes],
            "warnings": _warning_entries(st.IngestReport(path=name, file_errors=list(result.errors)), kept)}, []
