"""Import: upload SHN files or NetSchafkopf protocols and store them, as
``shead ingest`` does.

Each uploaded file takes the path of :func:`ingest.cli.load_file`: a
``.shn`` file, or any file that does not look like a NetSchafkopf protocol,
is read as UTF-8 SHN text (an empty file, or bytes that are not UTF-8, are
reported at their line and column) and validated by
:func:`ingest.validate.validate_text`; a protocol goes through
:func:`ingest.netschafkopf.read_protocol`.  Then
:meth:`ingest.store.Store.ingest_file` stores it with its source format: one
file, one transaction; a hand already stored (from this page or from the
command line) is counted as a duplicate and not stored twice; a lenient
import stores the good hands and reports the bad ones, a strict one stores
nothing from a file with a bad hand.  The report lists per file the hands
stored, the duplicates and every error with its line, column, code and
message.

A large SHN upload (over :data:`ingest.stream.STREAM_ABOVE`, 8 MiB) is not
read whole (issue 15): the upload is copied to a temporary file in 1 MB
pieces and ingested from there in batches, as ``shead ingest`` does with a
large file (:func:`ingest.stream.ingest_stream`, the per-batch rule of
docs/storage.md "Streaming ingest"); the page then holds the upload once
(Streamlit's own copy) and one batch, not the text and every record.
"""

from __future__ import annotations

import contextlib
import os
import re

import streamlit as st

from dashboard.text import md
from ingest.model import FileResult
from ingest.store import IngestReport, Store, StoreError, resolve_db
from replay.errors import with_found

REPORT_KEY = "imp_reports"
md_escape = md  # the dashboard's one escaping helper (dashboard/text.py)


def load_upload(name: str, data: bytes, prior=None, columns: str | None = None,
                rules: str | None = None) -> tuple[FileResult, str]:
    """Read and validate one uploaded file: ``(result, source format)``,
    through the same function as ``shead ingest`` (:func:`ingest.cli.load_bytes`;
    ``prior``: the stored hands of a session, for its stake and pot carry, or
    the :class:`~ingest.store.Store` to plan the file against; ``columns``: a
    CSV column mapping, as ``--columns``; ``rules``: a [Rules] text, as
    ``--rules``: a protocol's house tariff, a CSV sheet's hands' rules)."""
    from ingest.pipeline import load_bytes  # noqa: PLC0415

    return load_bytes(name, data, prior, rules or None, columns or None)


def upload_head(up, n: int = 4096) -> bytes:
    """The first ``n`` bytes of an uploaded file (a file object, e.g.
    Streamlit's ``UploadedFile``), without copying the rest."""
    up.seek(0)
    head = up.read(n)
    up.seek(0)
    return head


def ingest_uploaded(store: Store, up, strict: bool, columns: str | None = None,
                    rules: str | None = None) -> IngestReport:
    """Validate and store one uploaded file object ``up`` (``.name``,
    ``.size``, ``read``/``seek``; Streamlit's ``UploadedFile``): a large SHN
    file streamed from a temporary copy (module docstring), anything else
    read whole by :func:`ingest_upload`."""
    import tempfile  # noqa: PLC0415

    from ingest import stream  # noqa: PLC0415

    size = getattr(up, "size", None)
    if size is None:
        up.seek(0, 2)
        size = up.tell()
    if size > stream.stream_above():
        from ingest.csv_sheet import looks_like_csv  # noqa: PLC0415
        from ingest.netschafkopf import looks_like_protocol  # noqa: PLC0415

        head = upload_head(up)
        if stream.shn_head(head, up.name) or looks_like_csv(up.name, head) or looks_like_protocol(head):
            with tempfile.TemporaryDirectory(prefix="shead-upload-") as folder:
                up.seek(0)
                path = stream.spooled(iter(lambda: up.read(1 << 20), b""), up.name, folder)
                up.seek(0)
                kind = stream.stream_kind(path, name=up.name, columns=columns or None)
                if kind is not None:
                    report, _warnings = stream.ingest_large(store, path, strict, kind=kind, name=up.name,
                                                            columns=columns or None, rules=rules or None)
                    return report
    return ingest_upload(store, up.name, up.getvalue(), strict, columns, rules)


def ingest_upload(store: Store, name: str, data: bytes, strict: bool, columns: str | None = None,
                  rules: str | None = None) -> IngestReport:
    """Validate and store one uploaded file (the path of ``shead ingest``)."""
    store.last_plan = None
    # planned against the store, as `shead ingest` (issue 12)
    result, fmt = load_upload(name, data, store, columns, rules)
    plan = store.last_plan[1] if store.last_plan and store.last_plan[0] == name else None
    from ingest.pipeline import store_noting_copies  # noqa: PLC0415

    return store_noting_copies(store, result, fmt, strict, plan=plan)  # W-SESSION-COPY too, as `shead ingest`


def csv_preview(name: str, data: bytes, columns: str | None = None) -> tuple[str, dict, list[dict]] | None:
    """How a CSV upload will be read, before anything is stored: ``(kind,
    column mapping, the first five rows as read)``; None for a file that is
    not a CSV.  Raises ``ValueError`` for a bad ``columns`` mapping."""
    from ingest.csv_sheet import HAND_FIELDS, column_map, looks_like_csv, preview, sheet_layout  # noqa: PLC0415
    from ingest.csv_sheet import _rows  # noqa: PLC0415

    if not looks_like_csv(name, data[:2048]):
        return None
    layout = sheet_layout(_rows(data)[:12], columns or None, name)  # a title row; the night's date of a dateless sheet
    cols = column_map(layout.header, layout.columns)  # as the import reads it: the guess, the mapping given winning
    if layout.night is not None:  # no date column: every hand is of the night's date
        cols["date"] = f"{layout.night} (no date column: the night's date)"
    kind = "per-hand score sheet" if any(f in cols for f in HAND_FIELDS) else "ledger of sitting totals"
    return kind, cols, preview(data, name, columns=columns or None)


class _ReadOnly:
    """A database opened read-only for each look-up (``using()``, as
    :class:`ingest.store.Store` offers it): what the preview asks of the
    stored sessions, storing nothing."""

    def __init__(self, db) -> None:
        self.db = db

    @contextlib.contextmanager
    def using(self):
        from ingest.store import reading  # noqa: PLC0415

        with reading(self.db) as con:
            yield con


def csv_session(name: str, data: bytes, columns: str | None = None, rules: str | None = None,
                db=None) -> dict:
    """How a CSV score sheet's hands stand to the stored sessions, before
    anything is stored (newuser30: a sheet that finishes a night logged
    before): ``{"night": the stored session it continues (``session=NAME``
    or a Session column) or None, "top": that session's highest hand,
    "names": player column -> the player's name its hands are stored under,
    "group": the group its nights are filed under, "pot": the column read
    as the pot's (rules.md D-19: under the rules given, or those of the
    stored night it continues, fix30 F1) or None, "said": the
    ``W-CSV-SESSION`` / ``E-CSV-SESSION`` / ``W-CSV-IGNORED`` diagnostics
    of the reading, "advice": the CSV columns text that continues the
    stored night it looks like (None: none)}``.  The sheet is read as the
    import reads it (:func:`ingest.csv_sheet.read_csv`) against ``db``
    (default the dashboard's database) opened read-only; without a database
    nothing is stored to continue."""
    from ingest.csv_identity import SheetLookup  # noqa: PLC0415
    from ingest.csv_sheet import read_csv  # noqa: PLC0415

    path = resolve_db() if db is None else db
    lookup = SheetLookup(_ReadOnly(path)) if os.path.exists(path) else None
    try:
        out = read_csv(data, name, columns=columns or None, rules=rules or None, stored_session=lookup)
    except StoreError:  # a busy or missing database: the sheet as it reads alone
        out = read_csv(data, name, columns=columns or None, rules=rules or None)
    said = [d for d in out.result.errors if d.code in ("W-CSV-SESSION", "E-CSV-SESSION", "W-CSV-IGNORED")]
    advice = None
    for d in said:
        m = re.search(r"--columns '([^']*session=[^']*)'", d.message) if d.code == "W-CSV-SESSION" else None
        if m is not None:
            advice = m.group(1)
    groups = sorted({h.outcome.group for h in out.result.hands if getattr(h.outcome, "group", None)})
    night = out.night
    return {"night": str(night) if night is not None else None, "top": getattr(night, "top", 0),
            "names": {p: out.names.get(p, p) for p in out.players}, "group": ", ".join(groups) or out.group,
            "pot": out.columns.get("pot"), "said": said, "advice": advice}


def _continue_with(advice: str) -> None:
    """The button under a sheet that looks like a stored night's next page: its CSV columns become the ones
    that continue that night (the ingest's own advice, W-CSV-SESSION)."""
    st.session_state["imp_columns"] = advice


def column_labels(cols: dict, rows: list[dict]) -> dict[str, str]:
    """How the preview names each field of ``cols`` (:func:`csv_preview`'s
    mapping; ``rows`` its first rows as read): the field's own name, but for
    the ``defense`` field, which the import reads per cell as the defenders'
    card points (a number: the picker side's are the deck's total less it) or
    as their names: "defenders (names)" when its cells in ``rows`` are names,
    "defense points" when numbers, "defense (points or names)" when none is
    written; a ``defenders`` column beside it is "defenders (names)"
    (newuser29 F4: a Defenders column of names was shown as "defense", the
    README's word for the card points)."""
    labels = {f: f for f in cols}
    if "defenders" in cols:
        labels["defenders"] = "defenders (names)"
    if "defense" in cols:
        cells = [str(r.get("defense") or "").strip() for r in rows]
        cells = [c for c in cells if c]
        if "defenders" in cols or (cells and all(re.fullmatch(r"\d+(?:\.\d+)?", c) for c in cells)):
            labels["defense"] = "defense points"
        elif cells:
            labels["defense"] = "defenders (names)"
        else:
            labels["defense"] = "defense (points or names)"
    return labels


def report_rows(rep: IngestReport) -> list[dict]:
    """One row per error: the file-level errors, then every error of every
    rejected hand (its first error is the cause)."""
    rows = []
    for d in rep.file_errors:
        rows.append({"file": d.file or rep.path, "hand": None, "line": d.line, "col": d.col, "code": d.code,
                     "severity": d.severity, "message": with_found(d.message, d.found, d.expected)})
    for r in rep.rejected:
        for d in r.errors:
            rows.append({"file": d.file or r.source_file or rep.path, "hand": r.hand if r.hand is not None else d.hand,
                         "line": d.line, "col": d.col, "code": d.code, "severity": d.severity,
                         "message": with_found(d.message, d.found, d.expected)})
    return rows


def run_import() -> None:
    """The Import button: every uploaded file in turn, reports kept for the page."""
    ss = st.session_state
    files = ss.get("imp_files") or []
    strict = bool(ss.get("imp_strict"))
    reports: list[tuple[str, IngestReport | None, str | None]] = []
    if not files:
        ss[REPORT_KEY] = [("", None, "choose one or more files first")]
        return
    from dashboard.access import writer_store  # noqa: PLC0415 - a scorer signed in stores only their group

    store = writer_store()
    try:
        for f in files:
            try:
                reports.append((f.name, ingest_uploaded(store, f, strict, ss.get("imp_columns"), ss.get("imp_rules")),
                                None))
            except StoreError as exc:
                reports.append((f.name, None, str(exc)))
            except Exception as exc:  # noqa: BLE001 - a bug reading one file: its error, the others go on (break30 F3)
                reports.append((f.name, failed_report(f.name, exc, [n for n, r, _ in reports
                                                                    if r is not None and r.stored]), None))
    finally:
        store.close()
    ss[REPORT_KEY] = reports


def failed_report(name: str, exc: BaseException, stored_before: list[str]) -> IngestReport:
    """The report of an uploaded file whose reading raised ``exc`` (a bug):
    nothing of it stored, its ``E-INTERNAL`` (:func:`ingest.pipeline.internal_error`)
    naming the files stored before it (``stored_before``) and saying the
    files after it are read on."""
    from ingest.pipeline import internal_error  # noqa: PLC0415

    before = (f"the files above it are stored as their lines say ({', '.join(stored_before)})" if stored_before
              else "no file above it stored anything")
    return IngestReport(path=name, file_errors=[internal_error(
        name, exc, f"nothing of it was stored; {before}; the files after it are read on")], committed=False)

from dashboard.filters import ensure_navigation

ensure_navigation()  # a first visit straight to this page's URL runs it inside the app
from dashboard.access import require_write  # noqa: E402

require_write()  # a viewer who reaches this page by its URL is refused here
st.title("Import")
st.caption(f"Into {md(resolve_db())} — the same path as `shead ingest`: read, replay-validate, store.")
st.file_uploader("SHN files, NetSchafkopf protocols, CSV score sheets or ledgers, Excel workbooks (.xlsx)",
                 accept_multiple_files=True,
                 key="imp_files")
st.text_input("CSV columns (optional)", key="imp_columns", placeholder="date=Datum,picker=Spieler,points=Pts",
              help="Comma-separated, as `shead ingest --columns`. FIELD=COLUMN for a column the header names "
                   "otherwise (fields: date time hand dealer picker partner call points defense defenders tricks "
                   "outcome leaster doubler crack recrack mult bump session group pot); every other column is a player. "
                   "PLAYER=NAME names a player column's player (Hank=Hank Vogel: stored as the SHN seat Hank of "
                   "player Hank Vogel, one player with the SHN nights). ignore=COLUMN leaves a column out; "
                   "player=COLUMN reads a column as a player's (a player named Marks or Day), FIELD=none maps a "
                   "field to no column (crack=none). "
                   "group=NAME files every night under that group (a sheet without a Group column). "
                   "session=NAME makes the rows the next hands of the stored session NAME (as `shead sheet` names "
                   "it: its players by their seat names or full names, its rules, numbered on after its last hand). "
                   "A sheet of one night without a date column: date=2026-12-04 (else the date in its title row or "
                   "file name is used); date-order=dmy or mdy; a score pad of running totals: units=running; money "
                   "cells: stake=0.25.")
for up in st.session_state.get("imp_files") or []:
    from ingest.csv_sheet import looks_like_csv  # noqa: PLC0415
    from ingest.xlsx_sheet import looks_like_xlsx, sheet_kinds  # noqa: PLC0415

    if looks_like_xlsx(up.name, upload_head(up, 2048)):  # an Excel workbook: how each of its sheets will be read
        try:
            kinds = sheet_kinds(up.getvalue(), st.session_state.get("imp_columns") or None, up.name)
        except Exception as exc:  # noqa: BLE001 - a damaged workbook: the import says why, at its line
            st.warning(f"{md_escape(up.name)}: not readable as an Excel workbook ({md_escape(type(exc).__name__)})")
            continue
        st.markdown(f"**{md_escape(up.name)}** is an Excel workbook; its sheets will be read as: "
                    + "; ".join(f"{md_escape(t)} — {k}" for t, k in kinds))
        continue
    if not looks_like_csv(up.name, upload_head(up, 2048)):  # not a CSV: no preview, and no copy of the upload
        continue
    try:
        pv = csv_preview(up.name, up.getvalue(), st.session_state.get("imp_columns") or None)
    except ValueError as exc:
        st.error(f"{md_escape(up.name)}: {md_escape(str(exc))}")
        continue
    except Exception as exc:  # noqa: BLE001 - a bug: the page goes on, the import says the file's own error
        st.warning(f"{md_escape(up.name)}: no preview (internal error, please report it: "
                   f"{md_escape(type(exc).__name__)})")
        continue
    if pv is None:
        continue
    kind, cols, first = pv
    how = csv_session(up.name, up.getvalue(), st.session_state.get("imp_columns") or None,
                      st.session_state.get("imp_rules") or None) if kind == "per-hand score sheet" and \
        (up.size or 0) <= 2_000_000 else None  # read as the import reads it: a small sheet, at each rerun
    if how and (pot := how.get("pot")) and "pot" not in cols:
        # the Pot column is the pot's under the rules read (those of the stored night continued): no player's
        # units (fix30 F1: shown as "units: Pot", a sixth player)
        cols = {**cols, "pot": pot}
        first = [{("pot" if k == f"units: {pot}" else k): v for k, v in r.items()} for r in first]
    shown = column_labels(cols, first)  # a Defenders column of names said so (newuser29 F4)
    names = (how or {}).get("names") or {}
    named = {p: n for p, n in names.items() if n != p.split("=", 1)[0].strip()}  # the players stored by name
    from ingest.csv_sheet import NOTE_NAMES  # noqa: PLC0415 - a Notes column is read: the hand's note

    unread = [c for k, c in cols.items() if k.startswith("ignore:") and " ".join(c.lower().split()) not in NOTE_NAMES]
    st.markdown(f"**{md_escape(up.name)}** will be read as a **{kind}**; columns: "
                + (", ".join(f"{md_escape(shown[k])} ← `{v}`" for k, v in cols.items() if not k.startswith("ignore:"))
                   or "none named")
                + "; every other column is a player"
                + (" (" + ", ".join(f"`{md_escape(p)}` → {md_escape(n)}" for p, n in named.items()) + ")"
                   if named else "")
                + (f"; not read: {', '.join(f'`{md_escape(c)}`' for c in unread)}" if unread else "")
                + (f"; group: {md_escape(how['group'])}" if how and how.get("group") else "")
                + ". The first rows as read (nothing is stored yet):")
    if how and how["night"]:  # a sheet that continues a stored night (newuser30)
        st.info(f"Continues the stored session **{md_escape(how['night'])}**: its rows are that night's next "
                f"hands (after hand {how['top']}), with its players and rules.")
    for d in (how or {}).get("said", []):
        (st.error if d.severity == "error" else st.warning)(
            f"{md_escape(d.code)}: {md_escape(with_found(d.message, d.found, d.expected))}")
    if how and how.get("advice"):
        st.button(f"Continue that session (CSV columns: {how['advice']})", key=f"imp_continue_{up.name}",
                  on_click=_continue_with, args=(how["advice"],))
    relabel = {f"units: {p}": f"units: {p} → {n}" for p, n in named.items()}
    st.dataframe([{relabel.get(k, shown.get(k, k)): v for k, v in r.items()} for r in first], hide_index=True,
                 width="stretch")
st.text_input("Rules (optional)", key="imp_rules", placeholder="netschafkopf; tariff.sauspiel=10; tariff.solo=50",
              help="As `shead ingest --rules`: a NetSchafkopf protocol's house tariff instead of the one read off its "
                   "price lines; a CSV score sheet's hands' [Rules] (default wi5-called-ace; in4 for Indiana).")
st.checkbox("Strict: store nothing from a file that has a bad hand", key="imp_strict")
st.button("Import", type="primary", on_click=run_import, key="imp_go")

reports = st.session_state.get(REPORT_KEY) or []
if reports:
    st.subheader("Ingest report")
    tot_stored = sum(r.stored for _, r, _ in reports if r is not None)
    tot_dup = sum(r.duplicates for _, r, _ in reports if r is not None)
    tot_rej = sum(len(r.rejected) for _, r, _ in reports if r is not None)
    c1, c2, c3 = st.columns(3)
    c1.metric("Stored", tot_stored)
    c2.metric("Duplicates", tot_dup)
    c3.metric("Rejected", tot_rej)
for name, rep, err in reports:
    if rep is None:
        st.error(f"{md(name) + ': ' if name else ''}{md(err)}")
        continue
    verdict = ("nothing stored (strict: the file has a bad hand)" if rep.strict else
               "nothing stored (see the error below)") if not rep.committed else (
        (f"{rep.sittings} sitting(s) stored as settlements without hands, " if rep.sittings else "")
        + f"{rep.stored} stored, {rep.duplicates} duplicate{'s' if rep.duplicates != 1 else ''}, "
        + (f"{rep.voided} voided earlier (not stored again), " if getattr(rep, "voided", 0) else "")
        + f"{len(rep.rejected)} rejected")
    line = f"**{md_escape(name)}**: {verdict}"
    if rep.failed:
        st.warning(line)
    else:
        st.success(line)
    rows = report_rows(rep)
    if rows:
        for row in rows:
            hand = f" (hand {row['hand']})" if row["hand"] is not None else ""
            st.markdown(f"{md(row['file'])}:{row['line']}:{row['col']} {row['severity']} **{row['code']}**{hand}: "
                        f"{md_escape(row['message'])}")
        st.dataframe(rows, hide_index=True, width="stretch")
