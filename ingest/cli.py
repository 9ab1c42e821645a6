"""The ``shead`` command line (design.md 5).

Exit codes: 0 all went well, 1 an input was rejected (a bad hand, an
unreadable file, a hand not found), 2 a usage error.  Standard output
carries a command's result: its report or table (``shead ingest``'s lines
per file, the hands it refused, the total), or under ``--json`` the JSON
alone (then the text report goes to standard error), exports to ``-``.
Progress bars, notices and errors that stop a command go to standard error.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shlex
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn, Optional

import typer

from ingest.lazy import from_module, lazy_module, lazy_object
from replay.errors import Diagnostic, with_found

# imported when first used, so that `shead --help` and the light commands start without DuckDB, pyarrow and
# numpy (issue 17: 0.5-0.8 s of a start-up before)
duckdb = lazy_module("duckdb")
st = lazy_module("ingest.store")
stream = lazy_module("ingest.stream")
(FileGroup, _read_bytes, _rejected_entries, _sniff_protocol, _warning_entries, load_bytes, load_file, replay_frames,
 replay_json, report_json) = from_module(
    "ingest.pipeline", "FileGroup", "_read_bytes", "_rejected_entries", "_sniff_protocol", "_warning_entries",
    "load_bytes", "load_file", "replay_frames", "replay_json", "report_json")
# Rich too (issue 17: its import is a third of a start-up); help is click's plain text (rich_markup_mode=None)
(Console,) = from_module("rich.console", "Console")
BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn = from_module(
    "rich.progress", "BarColumn", "MofNCompleteColumn", "Progress", "TextColumn", "TimeElapsedColumn")

class _Group(typer.core.TyperGroup):
    """The root group, its ``--help`` a bool flag defaulting to False (typer
    0.29 gives it None, and coerces a None through a pydantic adapter: 0.2 s
    of pydantic imported by every ``shead CMD --help`` and usage error), its
    ``--db`` (:func:`main`) passed on as written, never coerced: the
    command's own ``--db`` checks and converts it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for p in self.params:
            if p.name == "db":
                p.process_value = lambda ctx, value: value

    def invoke(self, ctx):
        """Run the command; the user's interrupt (Ctrl-C), wherever it lands
        (DuckDB turns one inside a statement into its own error), ends it
        with one line saying so and exit code 130, not a traceback: every
        write is one transaction, rolled back."""
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, Exception) as exc:
            # --db=~nouser/x.duckdb: one usage error, whatever the command (ingest.store is never imported for
            # this check: --help stays light)
            store_mod = sys.modules.get("ingest.store")
            if store_mod is not None and isinstance(exc, store_mod.DbPathError):
                _err.print(f"error: {exc}")
                raise typer.Exit(2) from None
            if not (isinstance(exc, KeyboardInterrupt) or _is_interrupt(exc)):
                raise
            said = str(exc) if isinstance(exc, KeyboardInterrupt) else ""
            _err.print("interrupted: " + (said or "what was in hand is rolled back; what the command printed before "
                                                    "stands"))
            raise typer.Exit(130) from None

    def get_help_option(self, ctx):
        opt = super().get_help_option(ctx)
        if opt is not None and opt.default is None:
            opt.default = False
        return opt


app = typer.Typer(name="shead", cls=_Group, help="The Sheepshead hand log: ingest, replay, export.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None,
                  context_settings={"max_content_width": 120})  # plain help as wide as the terminal, up to 120

# markup off: every message carries paths, names and file text, never Rich markup ("[bold]" in a path is text)
_err = lazy_object(lambda: Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False))

def _db_given(value: Optional[Path]) -> Optional[Path]:
    """``--db``'s check, as it is read: an empty path, a folder or
    ``~nouser/...`` is one usage error (exit 2) with shead's own message
    (:func:`ingest.store.resolve_db`), whatever the command; Click's path
    check said "file '' is a directory", and each command's own handler
    gave exit 1.  ``ingest.store`` is imported only when ``--db`` is given."""
    if value is None and not (os.environ.get("SHEAD_DB") or "").strip():
        return value
    from ingest.store import DbPathError, resolve_db  # noqa: PLC0415

    try:
        resolve_db(value)  # None: SHEAD_DB's, a folder or ~nouser there exit 2 alike (break17 F7)
    except DbPathError as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(2) from None
    return value


def _nfc(text: str) -> str:
    """A name typed on the command line as the stored names are read (NFC,
    :mod:`ingest.unicode_text`): 'Zoë' typed with a combining diaeresis
    found nobody (break18 F12).  File paths are never normalized."""
    from ingest.unicode_text import nfc  # noqa: PLC0415

    return nfc(text)


def _db_text(text: str) -> Path:
    """``--db``'s text to a path, checked as typed: Click's ``Path`` drops a
    trailing ``/``, so ``--db newdir/`` (a folder) made a database file
    called ``newdir``.  Such a text is the usage error of :func:`_db_given`
    (exit 2); ``ingest.store`` is imported only when ``--db`` is given."""
    from ingest.store import DbPathError, resolve_db  # noqa: PLC0415

    try:
        resolve_db(text)  # as typed: its "/", "/." or "/.." (ingest.store._names_folder)
    except DbPathError as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(2) from None
    return Path(text)


DbOption = typer.Option(None, "--db", help="Database file (default $SHEAD_DB, else data/shead.duckdb).",
                        callback=_db_given, parser=_db_text)


def _dist_info_version() -> str | None:
    """The version of the first shead metadata on ``sys.path``, where
    importlib.metadata finds it (importing that costs a fifth of ``shead
    --version``'s start-up, issue 17): the name of a
    ``shead-VERSION.dist-info`` folder, or the Version line of a
    ``shead.egg-info/PKG-INFO``; None when neither is found."""
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for n in names:
            if n.startswith("shead-") and n.endswith(".dist-info"):
                return n[len("shead-"):-len(".dist-info")]
            if n == "shead.egg-info":  # a source tree's own metadata (pip install -e): its PKG-INFO
                try:
                    with open(os.path.join(entry or ".", n, "PKG-INFO"), encoding="utf-8") as f:
                        for line in f:
                            if line.startswith("Version:"):
                                return line.split(":", 1)[1].strip()
                except OSError:
                    pass
                return None
    return None


def _version(value: bool) -> None:
    if value:
        found = _dist_info_version()
        if found is not None:
            typer.echo(f"shead {found}")
            raise typer.Exit(0)
        try:  # as ingest.store.ENGINE_VERSION, without importing the store (and DuckDB) for it
            from importlib.metadata import version as pkg_version  # noqa: PLC0415

            typer.echo(f"shead {pkg_version('shead')}")
        except Exception:  # pragma: no cover - running from a tree that was never installed
            typer.echo("shead 0+unknown")
        raise typer.Exit(0)


@app.callback()
def main(ctx: typer.Context,
         version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Print the version and exit."),
         db: Optional[str] = typer.Option(None, "--db", metavar="FILE",
                                          help="Database file of the command that follows (default "
                                               "$SHEAD_DB, else data/shead.duckdb), as its own --db; a --db "
                                               "written after the command wins.")) -> None:
    """The Sheepshead hand log."""
    if "--help" not in sys.argv[1:]:  # a command's help is read whatever is set (click parses it after this)
        _check_settings()
    if db is None:
        return
    defaults = _db_defaults(ctx.command, db)
    if ctx.invoked_subcommand not in defaults:  # a command without --db (none today): say so, not ignore it
        _err.print(f"error: shead {ctx.invoked_subcommand} takes no --db")
        raise typer.Exit(2)
    ctx.default_map = defaults


def _db_defaults(group, db: str) -> dict:
    """The ``default_map`` (click) that gives every command of ``group``
    taking ``--db`` (its subgroups' commands too: ``token add``) ``db`` as
    the default of that option: ``shead --db PATH CMD`` is ``shead CMD --db
    PATH``; a ``--db`` written after the command is read first."""
    out: dict = {}
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            if sub := _db_defaults(cmd, db):
                out[name] = sub
        elif any(p.name == "db" for p in cmd.params):
            out[name] = {"db": db}
    return out


# --------------------------------------------------------------------------
# ingest
# --------------------------------------------------------------------------

_GLOB_CHARS = set("*?[")


#: The documentation that ships beside logs in a folder (README.md, LICENSE-x.txt, COPYING, NOTICE): a folder's
#: walk passes over it, said in a "skipped" line as every file passed over is (break33 F12), except under
#: ``shead demo`` (its own data/ ships five of them: new22's five lines); a file named on the command line is read.
_DOC_NAME = re.compile(r"(?i)(readme|licen[cs]e|copying|notice)([-_.].*)?$")


#: ``-`` among the paths of ``shead ingest``: standard input, one file named ``<stdin>`` (read whole up to
#: :func:`ingest.stream.stream_above` bytes, else spooled and read in batches: :func:`_read_stdin`).
STDIN = Path("<stdin>")


#: Why a folder's walk passed over a file: the words after ``PATH: skipped``.
SKIP_NOT_LOG = "not an SHN file (.shn) nor a NetSchafkopf protocol"
SKIP_DOC = "a README or licence file, not a hand log"
SKIP_BROKEN = "a symbolic link to no file: a broken link, or a loop"
SKIP_SPECIAL = "not a regular file (a device, a pipe or a socket)"
#: shead's own exports that are no input (corr34 F4: a Parquet export's folder was "not an SHN file", exit 0)
RESTORE_HOW = "read by other programs; a database is restored from `shead export --format shn`"
SKIP_PARQUET = f"a Parquet file (shead export --format parquet?): {RESTORE_HOW}"
SKIP_JSONL = f"a JSONL file (shead export --format jsonl?): {RESTORE_HOW}"


def expand_paths(paths: list[str]) -> tuple[list[Path], list[tuple[str, str]], list[Diagnostic]]:
    """Files to ingest from command-line ``paths`` (files, folders searched
    recursively, globs; ``-`` is standard input, the object :data:`STDIN`),
    the files a folder's walk passed over as ``(path, why)`` (``why`` one of
    :data:`SKIP_NOT_LOG`: neither a sheet, ``.shn`` nor a NetSchafkopf
    protocol; :data:`SKIP_DOC`: a README or licence file; :data:`SKIP_BROKEN`:
    a broken symbolic link; :data:`SKIP_SPECIAL`), and an error per path that
    names nothing."""
    files: list[Path] = []
    skipped: list[tuple[str, str]] = []
    errors: list[Diagnostic] = []
    seen: set[Path] = set()

    def add(p: Path) -> None:
        key = p.resolve()
        if key not in seen:
            seen.add(key)
            files.append(p)

    def walk(folder: Path) -> None:
        for p in sorted(folder.rglob("*")):
            if p.is_file():
                if p.suffix.lower() in (".shn", ".csv", ".tsv", ".xlsx", ".xlsm") or _sniff_protocol(p):
                    add(p)
                else:
                    skipped.append((str(p), SKIP_DOC if _DOC_NAME.match(p.name) else SKIP_PARQUET
                                    if p.suffix.lower() == ".parquet" else SKIP_JSONL
                                    if p.suffix.lower() in (".jsonl", ".ndjson") else SKIP_NOT_LOG))
            elif p.is_symlink() and not p.exists():  # break33 F12: a link to nothing is said, not passed in silence
                skipped.append((str(p), SKIP_BROKEN))
            elif p.exists() and not p.is_dir():  # a FIFO, a socket, a device inside the folder
                skipped.append((str(p), SKIP_SPECIAL))

    for raw in paths:
        if raw == "-":  # standard input: one file named <stdin>, read once however often '-' is given
            if not any(f is STDIN for f in files):
                files.append(STDIN)
            continue
        p = Path(raw)
        if p.is_dir():
            before = len(files) + len(skipped)
            try:
                walk(p)
            except (OSError, RuntimeError) as exc:  # a symbolic link loop, a folder that cannot be read
                errors.append(Diagnostic("E-FILE-UNREADABLE", f"the folder cannot be searched: {exc}", file=raw))
                continue
            if len(files) + len(skipped) == before:  # an empty folder is no run that stored nothing in silence
                errors.append(Diagnostic("E-FILE-MISSING", "the folder holds no file (nothing to ingest)", file=raw))
        elif p.is_file():
            add(p)
        elif p.exists():  # /dev/null, a FIFO, a socket: there, but no file to read
            errors.append(Diagnostic("E-FILE-MISSING", "not a regular file (a device, a pipe or a socket): nothing "
                                     "to ingest", file=raw))
        elif _GLOB_CHARS & set(raw):
            matches = sorted(glob.glob(raw, recursive=True))
            if not matches:
                errors.append(Diagnostic("E-FILE-MISSING", f"no file matches {raw!r}", file=raw))
            for m in matches:
                mp = Path(m)
                if mp.is_dir():
                    walk(mp)
                elif mp.is_file():
                    add(mp)
        elif p.is_symlink():  # a link to nothing, or a link loop
            errors.append(Diagnostic("E-FILE-MISSING", "a symbolic link to no file or folder (a broken link, or a "
                                     "loop)", file=raw))
        else:
            errors.append(Diagnostic("E-FILE-MISSING", "no such file or folder", file=raw))
    return files, skipped, errors


def _where(e: dict) -> str:
    hand = f" (hand {e['hand']})" if e.get("hand") is not None else ""
    return (f"{e['file']}:{e['line']}:{e['col']}: {e['code']}{hand}: "
            f"{with_found(e['message'], e.get('found'), e.get('expected'))}")


def _warning_line(e: dict) -> str:
    """The text report's line for the warning entry ``e`` (the shape of
    :func:`ingest.pipeline.report_json`'s ``warnings``), as a direct ingest
    prints a hand's warning: ``file:line:col: warning CODE (hand N): message``."""
    hand = f" (hand {e['hand']})" if e.get("hand") is not None else ""
    return (f"{e['file']}:{e['line']}:{e['col']}: warning {e['code']}{hand}: "
            f"{with_found(e['message'], e.get('found'), e.get('expected'))}")


def _collapsed(entries: list[dict]) -> list[str]:
    """The lines for ``entries``: one error at the same place with the same
    message for several hands (a bad session tag, e.g. ``[Rules]``, rejects
    every hand under it) is printed once, naming the hands (QA D6)."""
    groups: dict[tuple, list] = {}
    for e in entries:
        groups.setdefault((e["file"], e["line"], e["col"], e["code"], e["message"], e.get("found"),
                           e.get("expected")), []).append(e.get("hand"))
    out = []
    for (file, line, col, code, message, found, expected), hands in groups.items():
        known = [h for h in hands if h is not None]
        if len(hands) > 1 and len(known) == len(hands):
            shown = ", ".join(map(str, known[:10])) + (f" … {len(known)} in all" if len(known) > 10 else "")
            out.append(f"{file}:{line}:{col}: {code} (hands {shown}): {with_found(message, found, expected)}")
        else:
            out.extend(_where({"file": file, "line": line, "col": col, "code": code, "message": message, "hand": h,
                               "found": found, "expected": expected}) for h in hands)
    return out


def _report(as_json: bool):
    """Where a line of ``shead ingest``'s text report goes: standard output,
    the command's result (``shead ingest x.shn > report.txt`` keeps it); under
    ``--json``, standard output holds the JSON alone and the report goes to
    standard error.  Written to ``sys.stdout`` as it is at the call, so that a
    progress bar on the terminal shows the line above it."""
    if as_json:
        return lambda line: _err.print(line, markup=False, highlight=False)

    def out(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    return out


def _stdout_is_terminal() -> bool:
    """Whether standard output (as it is now) is a terminal."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or replaced by an object without isatty
        return False


def _stored_account(done: dict[str, int] | None, said: set[str], counted: int,
                    what: str = "stored in all by this run") -> str:
    """How many hands this run stored (``done``: file -> hands, as the
    database holds them, :meth:`ingest.store.Store.stored_by_run`; None
    when it could not be read: ``counted``, the files' lines' sum), and the
    files stored whose lines were not printed (``said``: those printed or
    named), with their hands; ``what`` says of the hands how."""
    if done is None:
        return f"{counted} hand(s) {what}"
    quiet = sorted(f for f in done if f not in said)
    return (f"{sum(done.values())} hand(s) {what}"
            + (f"; stored as well, though not listed above: {', '.join(f'{f} ({done[f]})' for f in quiet)}"
               if quiet else ""))


def run_ingest(paths: list[str], db: Path | None, strict: bool, as_json: bool, rules: str | None = None,
               columns: str | None = None, name_docs: bool = True) -> int:
    """``shead ingest``; returns the exit code.  The report (a line per file,
    the hands and files refused with their file:line:col, the warnings, the
    total) goes to standard output, or under ``as_json`` to standard error
    with the JSON summary alone on standard output (:func:`_report`); the
    progress bar, the paths skipped or naming nothing and a store error go to
    standard error (``name_docs`` False: a README or licence file passed
    over is not said, as ``shead demo`` reads its own shipped data)."""
    say = _report(as_json)
    files, skipped, path_errors = expand_paths(paths)
    totals = {"ingested": 0, "duplicates": 0, "rejected": [], "warnings": []}
    file_errors = len(path_errors)
    try:  # the database itself, inside a folder ingested (shead demo reads data/, which holds data/shead.duckdb):
        # no input to skip aloud (new22 F10: the demo's first line said its own database was skipped)
        target = st.resolve_db(db).resolve()
        own = {target, target.with_name(target.name + ".wal")}
    except (st.StoreError, OSError):
        own = set()
    said_skips = 0
    for s, why in skipped:
        if Path(s).resolve() not in own and (name_docs or why != SKIP_DOC):
            _err.print(f"{s}: skipped ({why})", markup=False, highlight=False)
            said_skips += 1
    for d in path_errors:
        entry = {"file": d.file, "line": 0, "col": 0, "hand": None, "code": d.code, "message": d.message}
        totals["rejected"].append(entry)
        _err.print(f"{d.file}: {d.code}: {d.message}")
    served = _served(db)
    if served is not None:
        if any(f is STDIN for f in files):
            _err.print("-: standard input is not posted through `shead serve`: save it to a file and ingest that")
            return 2
        return _ingest_via_service(served, files, totals, strict, as_json, file_errors)
    if any(f is STDIN for f in files) and sys.stdin is None:  # `shead ingest - <&-`
        _err.print("error: -: standard input is closed: nothing to read (pipe SHN into shead ingest -, or give a "
                   "file)")
        return 2
    store = st.ingest_store(db)
    if files and not store.path.exists():
        # made before the first file is read: files are stored together (FileGroup), so the first store may come
        # seconds later, and a `shead ledger` meanwhile should find the database (empty), not "no database here"
        try:
            store.open()
        except st.StoreError as exc:
            _err.print(f"error: {exc}", markup=False, highlight=False)
            return 1
    # the bar is drawn on standard error when it is a terminal (none in a log file); a report line written to a
    # standard output on the same terminal is shown above it (rich's redirect), one written to a file or a pipe
    # goes there untouched
    progress = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=_err, transient=True, disable=not files or not _err.is_terminal,
                        redirect_stdout=_stdout_is_terminal())
    path = None
    group = FileGroup(store, strict)
    counts = {"hands_rejected": 0, "file_errors": file_errors}
    reported: set[str] = set()  # the files whose lines are out (an interrupt's account names the others)

    def emit(done: list[tuple]) -> None:
        """Count and report the files just stored (``FileGroup``: ``(path, result, fmt, report)`` each)."""
        for at, result, fmt, report in done:
            entries = _rejected_entries(report)
            totals["ingested"] += report.stored
            totals["duplicates"] += report.duplicates
            if report.voided:  # texts of hands voided since: not stored again, no duplicates (break22b F5)
                totals["voided"] = totals.get("voided", 0) + report.voided
            totals["rejected"].extend(entries)
            totals["warnings"].extend(_warning_entries(report, result))
            n_file = sum(1 for d in report.file_errors if d.severity == "error")
            counts["hands_rejected"] += len(report.rejected)
            counts["file_errors"] += n_file
            if report.sittings:  # a CSV ledger: the JSON summary says how many sittings it stored
                totals["sittings"] = totals.get("sittings", 0) + report.sittings
            line = (f"{at}: {report.sittings} sitting(s) stored as settlements without hands, "
                    if fmt == "csv-ledger" else f"{at}: ") \
                + f"{report.stored} stored, {report.duplicates} duplicates, " \
                + (f"{report.voided} voided earlier (not stored again), " if report.voided else "") \
                + f"{len(report.rejected)} rejected" + (f", {n_file} file error(s)" if n_file else "") \
                + (f", {report.rederived} earlier-stored hand(s) of its sessions re-derived (stake/pot)"
                   if report.rederived else "")
            if not report.committed:
                why = f"--strict: the file has {len(entries)} error(s)" if strict else "see the error below"
                line = f"{at}: nothing stored ({why})"
            say(line)
            reported.add(str(at))
            for text in _collapsed(entries):
                say("  " + text)
            for d in report.file_errors:  # a file-level warning: a protocol's session incomplete, a cp1252 byte
                if d.severity != "error":
                    say(f"  {d.file or at}:{d.line}:{d.col}: warning {d.code}: "
                        f"{with_found(d.message, d.found, d.expected)}")
            for h in result.hands:  # stored with a warning: an agreed result, a ruled renege, a partial log
                for d in report.hand_warnings(h):
                    say(f"  {d.file or at}:{d.line}:{d.col}: warning {d.code}"
                        f"{f' (hand {d.hand})' if d.hand is not None else ''}: "
                        f"{with_found(d.message, d.found, d.expected)}")

    try:
        with progress, _sigint_noted():
            task = progress.add_task("ingesting", total=len(files))
            for path in files:
                progress.update(task, description=f"ingesting {path.name}")  # the column is plain text
                try:  # a bug reading one file is that file's error, the others go on (break30 F3)
                    _ingest_one(path, group, store, strict, rules, columns, emit, progress, task)
                except (st.StoreError, KeyboardInterrupt):
                    raise
                except Exception as exc:  # noqa: BLE001
                    if _is_interrupt(exc):
                        raise
                    from ingest.model import FileResult  # noqa: PLC0415
                    from ingest.pipeline import internal_error  # noqa: PLC0415

                    try:
                        streamed = path is STDIN or stream.stream_kind(path, columns=columns) is not None
                    except Exception:  # noqa: BLE001 - what failed may be this
                        streamed = False
                    diag = internal_error(str(path), exc, ("any batch of it stored before the error stays stored (a "
                                                           "hand stored counts as a duplicate when it is ingested "
                                                           "again)" if streamed else "nothing of it was stored")
                                          + "; the other files are read on")
                    emit([(path, FileResult(path=str(path)), "shn", st.IngestReport(
                        path=str(path), file_errors=[diag], committed=False))])
                progress.advance(task)
            with group.paused():
                emit(group.flush())
    except st.StoreError as exc:
        store.close()
        _err.print(f"error: {exc}")
        if path is not None:  # say which files this run did not store (those before, as their lines said)
            done = store.stored_by_run()
            first = next((f for f in files if str(f) not in reported and str(f) not in (done or {})), path)
            rest = files[files.index(first):]
            _err.print(f"not stored: {rest[0]}" + (f" and the {len(rest) - 1} file(s) after it" if len(rest) > 1
                                                  else "")
                       + f"; {_stored_account(done, reported, totals['ingested'], 'of the files before it stored')}. "
                       + ("Run the same command again" if isinstance(exc, st.StoreBusy) else
                          "Once the error above is dealt with, run the same command again")  # break17 F18
                       + " to store the rest: a hand already stored counts as a duplicate")
        if as_json:
            typer.echo(json.dumps(totals))
        return 1
    except KeyboardInterrupt as exc:  # Ctrl-C: every file above its line is as reported; the one in hand is said here
        store.close()
        done = store.stored_by_run()  # what the database holds of this run: the account the message gives
        if done is None:  # the database could not be read: the files' lines above, and the batches counted
            done = {str(path): getattr(exc, "stored", 0)} if getattr(exc, "stored", 0) else {}
        kept = done.get(str(path), 0)
        streamed = getattr(exc, "stored", None) is not None  # a file read in batches: those committed stay stored
        if streamed:
            what = (f"{kept} hand(s) of it stored by the batches before the interrupt, the rest not" if kept
                    else "nothing of it stored")
        else:  # a file read whole: stored if the interrupt came just after its COMMIT, else nothing of it
            what = (f"its {kept} hand(s) stored (its transaction had committed)" if str(path) in done
                    else "nothing of it stored")
        held = [p for p in group.held if p != path and str(p) not in done]  # read and validated, not stored
        if held:
            what += f"; nothing of the {len(held)} file(s) read before it and not yet stored ({held[0]} onwards)"
        _err.print(f"interrupted: {path}: {what}; {_stored_account(done, reported | {str(path)}, 0)}. Run the "
                   "same command again to finish: a hand already stored is never stored twice (it counts as a "
                   "duplicate)")
        if as_json:
            totals["ingested"] = sum(done.values())
            totals["interrupted"] = str(path)
            typer.echo(json.dumps(totals, ensure_ascii=False))
        return 130
    store.close()
    n_rej = len(totals["rejected"])  # rejected hands and file-level errors: either makes the exit code 1
    hands_rejected, file_errors = counts["hands_rejected"], counts["file_errors"]
    say(f"total: {totals['ingested']} stored, {totals['duplicates']} duplicates (already stored), "
        + (f"{totals['voided']} voided earlier (not stored again), " if totals.get("voided") else "")
        + f"{hands_rejected} rejected hand(s)" + (f", {file_errors} file error(s)" if file_errors else "")
        + f", from {len(files)} file(s) into {store.path}")
    if not files and said_skips:  # every file passed over: nothing could be read, no success (corr34 F4)
        _err.print(f"nothing read: every file given was skipped ({said_skips}, see above)", markup=False,
                   highlight=False)
    if as_json:
        typer.echo(json.dumps(totals, ensure_ascii=False))
    return 1 if n_rej or (not files and said_skips) else 0


def _ingest_one(path, group, store, strict: bool, rules: str | None, columns: str | None, emit, progress,
                task) -> None:
    """Read, validate and hold or store one file of ``shead ingest``
    (:func:`run_ingest`'s loop): standard input, a large file in batches,
    or a file read whole (``group``, a :class:`~ingest.pipeline.FileGroup`);
    ``emit`` reports each file stored."""
    if path is STDIN:  # `-`: standard input, one file named <stdin>
        data, spool = _read_stdin(stream.stream_above())
        if spool is None:  # small (or not SHN): read whole, as a file of that size is
            with group.paused():
                group.take(path, lambda: _stdin_shn(data) or load_bytes(str(STDIN), data, store, rules,
                                                                        columns), emit)
        else:  # larger than a file read whole: spooled to a temporary file, read and stored in
            try:  # batches as a large .shn file is (a tester's 24 MB took 1.3 GB read whole)
                with group.paused():
                    emit(group.flush())
                report, result = stream.ingest_large(
                    store, spool, strict, kind="shn", name=str(STDIN),
                    on_batch=lambda k, n: progress.update(
                        task, description=f"ingesting <stdin>: {n:,} hands read"))
                emit([(path, result, "shn", report)])
            finally:
                os.unlink(spool)
    elif kind := stream.stream_kind(path, columns=columns):  # a large SHN file or CSV score sheet:
        with group.paused():  # read and stored in batches (issue 15), after the files held before it
            emit(group.flush())
        mb = path.stat().st_size / 1e6
        report, result = stream.ingest_large(
            store, path, strict, kind=kind, columns=columns, rules=rules,
            on_batch=lambda k, n: progress.update(
                task, description=f"ingesting {path.name} ({mb:,.0f} MB): {n:,} hands read"))
        emit([(path, result, "csv-ledger" if kind == "ledger" else "shn", report)])  # a ledger's line
    else:  # counts sittings
        # read and validated with Python's cycle collector paused, as `shead bench` runs, and held
        # (FileGroup: stored with the files around it, the collector paused till then): resumed
        # between a file's validation and its store, it walked every live record (about 17k
        # instructions a hand); nothing here forms cycles that outlive the file
        with group.paused():  # W-SESSION-COPY too
            group.take(path, lambda: load_file(path, store, rules, columns), emit)


def _is_interrupt(exc: BaseException) -> bool:
    """DuckDB's form of the user's interrupt (:func:`ingest.store.interrupted`),
    without importing DuckDB for an error that cannot be one."""
    if "duckdb" not in sys.modules:
        return False
    return st.interrupted(exc)


@contextmanager
def _sigint_noted():
    """While the block runs, a SIGINT (Ctrl-C) also sets
    :data:`ingest.store.INTERRUPT` before Python raises its
    ``KeyboardInterrupt``, so the store tells the interrupt from a failure
    whatever error DuckDB turns it into inside a statement.  Outside the
    main thread (a test runner's worker) nothing is installed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def note(signum, frame):
        st.INTERRUPT.set()
        signal.default_int_handler(signum, frame)

    st.INTERRUPT.clear()
    before = signal.signal(signal.SIGINT, note)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        st.INTERRUPT.clear()


def _served(db: Path | None) -> dict | None:
    """The running ``shead serve`` on this database (its service file), or
    None: then ``shead ingest`` opens the database itself."""
    path = st.resolve_db(db)
    if not path.with_name(path.name + ".serve.json").exists():
        return None
    from dashboard.service import running_service  # noqa: PLC0415 - only when a service file is there

    return running_service(path)


def _pieces(path: Path, size: int = 1 << 20) -> Iterator[bytes]:
    """The bytes of the file at ``path`` in pieces of ``size`` bytes."""
    with open(path, "rb") as fh:
        while piece := fh.read(size):
            yield piece


def _ingest_via_service(info: dict, files: list[Path], totals: dict, strict: bool, as_json: bool,
                        file_errors: int) -> int:
    """``shead ingest`` while ``shead serve`` owns the database: each file's
    bytes are posted to the service (``POST /hands`` with the owner secret
    of its service file), which reads, validates and stores them exactly as
    the command line would; the summary is the same, on the same streams."""
    import httpx  # noqa: PLC0415

    say = _report(as_json)
    url = info["url"]
    _err.print(f"the database is served by `shead serve` (pid {info['pid']}, {url}): posting through it")
    hands_rejected = 0
    stored_files = 0
    code = 0
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {info['secret']}"},
                      timeout=httpx.Timeout(600.0, connect=5.0)) as client:
        for k, path in enumerate(files):
            big = stream.stream_kind(path) is not None  # posted in 1 MB pieces, stored in batches (issue 15)
            data, problem = (b"", None) if big else _read_bytes(path)
            if problem is not None:
                body = report_json(st.IngestReport(path=str(path), file_errors=[problem], committed=False))
            else:
                try:
                    r = client.post("/hands", params={"name": str(path), "strict": strict},
                                    content=_pieces(path) if big else data,
                                    **({"headers": {"Content-Length": str(path.stat().st_size)}, "timeout": None}
                                       if big else {}))
                except httpx.HTTPError as exc:
                    _err.print(f"error: the service stopped answering ({type(exc).__name__}: {exc}); {path} and "
                               f"{len(files) - k - 1} later file(s) may not be stored: run `shead ingest` again "
                               "(a hand already stored is never stored twice)")
                    code = 1
                    break
                if r.status_code not in (200, 422):
                    body = {"ingested": 0, "duplicates": 0, "rejected": [
                        {"file": str(path), "line": 1, "col": 1, "hand": None, "code": "E-SERVICE",
                         "message": f"the service answered {r.status_code}: {r.text[:300]}"}]}
                else:
                    body = r.json()
            stored_files += 1
            entries = body["rejected"]
            totals["ingested"] += body["ingested"]
            totals["duplicates"] += body["duplicates"]
            if body.get("voided"):
                totals["voided"] = totals.get("voided", 0) + body["voided"]
            totals["rejected"].extend(entries)
            totals["warnings"].extend(body.get("warnings", []))
            n_hands = sum(1 for e in entries if e.get("hand") is not None)
            n_file = len(entries) - n_hands
            hands_rejected += n_hands
            file_errors += n_file
            line = f"{path}: {body['ingested']} stored, {body['duplicates']} duplicates, " \
                   + (f"{body['voided']} voided earlier (not stored again), " if body.get("voided") else "") \
                   + f"{n_hands} rejected" \
                   + (f", {n_file} file error(s)" if n_file else "")
            if strict and entries:
                line = f"{path}: nothing stored (--strict: the file has {len(entries)} error(s))"
            say(line)
            for e in entries:
                say("  " + _where(e))
            for e in body.get("warnings", []):  # as a direct ingest prints them (break33 F2: W-SESSION-COPY, W-CR
                say("  " + _warning_line(e))   # were left out through the service, its JSON holding them)
    say(f"total: {totals['ingested']} stored, {totals['duplicates']} duplicates (already stored), "
        + (f"{totals['voided']} voided earlier (not stored again), " if totals.get("voided") else "")
        + f"{hands_rejected} rejected hand(s)" + (f", {file_errors} file error(s)" if file_errors else "")
        + f", from {stored_files} file(s) through the service at {url}")
    if as_json:
        typer.echo(json.dumps(totals, ensure_ascii=False))
    return 1 if totals["rejected"] or code else 0


@app.command()
def ingest(paths: Optional[list[str]] = typer.Argument(None, metavar="PATH...",
                                                       help="SHN files, NetSchafkopf protocols, folders or globs; "
                                                            "- reads SHN on standard input (named <stdin>)."),
           db: Optional[Path] = DbOption,
           strict: bool = typer.Option(False, "--strict", help="Store nothing from a file with a bad hand."),
           amend: Optional[Path] = typer.Option(None, "--amend", metavar="FILE", dir_okay=False,
                                                help="Correct stored hands: FILE holds a new text for each (same "
                                                     "session and hand number); the earlier revision is kept."),
           reason: Optional[str] = typer.Option(None, "--reason", help="Why the hands are amended (--amend)."),
           as_json: bool = typer.Option(False, "--json", help="Print one JSON summary object on stdout."),
           rules: Optional[str] = typer.Option(None, "--rules", help="House rules of NetSchafkopf protocols as a "
                                               "Schafkopf [Rules] text (e.g. 'netschafkopf; tariff.sauspiel=10; "
                                               "tariff.solo=50'), instead of those read off their price lines; "
                                               "for a CSV score sheet, its hands' [Rules] (default wi5-called-ace; "
                                               "in4: Indiana hands, the call column holding the declaration)."),
           columns: Optional[str] = typer.Option(None, "--columns", help="CSV column mapping FIELD=COLUMN,... "
                                                 "(fields: date hand dealer picker partner call points outcome "
                                                 "leaster doubler crack recrack mult bump session group; "
                                                 "ignore=COLUMN leaves a column out); other columns are players, and PLAYER=NAME stores "
                                                 "a player column under a name, as SHN's Seats 'Ann=Ann Kraus' "
                                                 "(also a header cell written Ann=Ann Kraus); date-order=dmy|mdy "
                                                 "reads 03/12/2026 day- or month-first; date=2026-12-04 dates "
                                                 "a sheet of one night that has no date column (else the date "
                                                 "in its title row or file name); group=NAME (no column's name) "
                                                 "puts every night of a sheet without a group column in group "
                                                 "NAME; units=running reads player "
                                                 "columns of running totals; stake=0.25 reads player columns "
                                                 "of money, a unit worth 0.25. Default: guessed "
                                                 "from the header (Notes/Comment cells kept as each hand's "
                                                 "annotation, Check/Sum/Total columns ignored); the mapping "
                                                 "given wins.")
           ) -> None:
    """Validate hand logs by replaying every hand and store the good hands; CSV score sheets and ledgers too."""
    if amend is not None:
        if str(amend).startswith("--"):  # `--amend --db x fix.shn`: the option took the next option as its FILE
            _err.print(f"error: --amend needs its FILE right after it (found {str(amend)!r}): shead ingest --amend "
                       "FIX.shn [--db DB]")
            raise typer.Exit(2)
        if paths:
            _err.print(f"error: --amend FILE takes one file and no other PATH (found {len(paths)} more: "
                       f"{paths[0]!s}{' …' if len(paths) > 1 else ''}); to ingest files, run shead ingest PATH... "
                       "without --amend")
            raise typer.Exit(2)
        if str(amend) == "-":
            _err.print("error: --amend reads a file, not standard input: save the amendment to a file "
                       "(e.g. fix.shn) and give --amend fix.shn")
            raise typer.Exit(2)
        raise typer.Exit(run_amend(amend, db, reason, as_json))
    if not paths:
        _err.print("error: give PATH... to ingest, or --amend FILE")
        raise typer.Exit(2)
    _check_rules_option(rules)
    raise typer.Exit(run_ingest(paths, db, strict, as_json, rules, columns))


def _read_stdin(limit: int, chunk: int = 1 << 20) -> tuple[bytes, str | None]:
    """Standard input for ``shead ingest -``: ``(data, None)`` when it holds
    at most ``limit`` bytes (:func:`ingest.stream.stream_above`, what a file
    is read whole up to) or is not SHN (refused by :func:`_stdin_shn` from
    its first bytes; nothing more is read); else ``(b"", path)``: the whole
    input copied, chunk by chunk, to a temporary ``.shn`` file that the
    caller ingests in batches and removes.  Memory stays about ``limit``
    bytes whatever the input's size.  Raises ``OSError`` when the temporary
    file cannot be written (the disk full)."""
    import tempfile  # noqa: PLC0415

    src = sys.stdin.buffer
    parts: list[bytes] = []
    size = 0
    while size <= limit:
        got = src.read(chunk)
        if not got:
            return b"".join(parts), None
        parts.append(got)
        size += len(got)
        if len(parts) == 1 and _stdin_shn(got) is not None:  # a protocol or a sheet: refused, nothing more read
            return got, None
    fd, name = tempfile.mkstemp(prefix="shead-stdin-", suffix=".shn")
    try:
        with os.fdopen(fd, "wb") as out:
            out.writelines(parts)
            parts.clear()
            while got := src.read(chunk):
                out.write(got)
    except BaseException:
        os.unlink(name)
        raise
    return b"", name


def _stdin_shn(data: bytes) -> tuple | None:
    """None when standard input's ``data`` may be read (SHN, whose sessions
    its tags name, or nothing); else ``(result, "shn")`` with one
    ``E-STDIN`` for a protocol, a score sheet or a workbook on standard
    input: their sessions are named after their file (``NetSchafkopf
    <stem>``, ``CSV <stem> <date>``), so two of them piped in would be one
    session ``<stdin>``, the second refused as a conflict of the first (a
    tester's finding)."""
    from ingest.model import FileResult  # noqa: PLC0415

    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head or head.startswith(b"%SHN"):
        return None
    from ingest.pipeline import UTF16_TEXT, _binary_kind, utf16_error  # noqa: PLC0415

    kind = _binary_kind(data[:4096])  # gzip on standard input: named, not quoted as raw bytes (break16b)
    if kind == UTF16_TEXT:  # SHN saved as UTF-16: said as by its path, not as a binary file (break33 F10)
        return FileResult(path=str(STDIN), errors=[utf16_error(str(STDIN))]), "shn"
    line = kind or (head[:60].decode("utf-8", "replace").splitlines()[0] if head.strip() else "")
    if kind is not None:
        return FileResult(path=str(STDIN), errors=[Diagnostic(
            "E-STDIN", f"standard input takes SHN text, and this is {kind}: unpack it first (e.g. gunzip -c "
            "night.shn.gz | shead ingest -), or give the file by its path; nothing read", file=str(STDIN), line=1,
            col=1, found=kind, expected="%SHN 1.0")]), "shn"
    return FileResult(path=str(STDIN), errors=[Diagnostic(
        "E-STDIN", "standard input takes SHN only (its first line '%SHN 1.0'): a NetSchafkopf protocol, a CSV "
        "score sheet or a workbook names its session after its file, which standard input has not; save it to a "
        "file (e.g. night.csv) and ingest that; nothing read", file=str(STDIN), line=1, col=1, found=line[:40],
        expected="%SHN 1.0")]), "shn"


def _check_settings() -> None:
    """A number setting in the environment that is set but invalid
    (``SHEAD_GROUP_HANDS=abc``, ``SHEAD_LOCK_TIMEOUT=nan``) is one usage
    error (exit 2) before any command runs (:mod:`ingest.settings`)."""
    from ingest.settings import SettingError  # noqa: PLC0415

    def given(*names: str) -> bool:
        return any(os.environ.get(n, "").strip() for n in names)

    try:  # each read as the module that uses it reads it; a module imported only for a setting that is set
        if given("SHEAD_GROUP_HANDS"):
            from ingest.pipeline import group_hands  # noqa: PLC0415

            group_hands()
        if given("SHEAD_STREAM_BATCH", "SHEAD_STREAM_ABOVE"):
            from ingest.stream import batch_hands, stream_above  # noqa: PLC0415

            batch_hands()
            stream_above()
        if given("SHEAD_LOCK_TIMEOUT"):
            st.lock_timeout()
    except SettingError as exc:
        _err.print(f"error: {exc}", markup=False, highlight=False)
        raise typer.Exit(2) from None


def _check_rules_option(rules: str | None) -> None:
    """A bad ``--rules`` text is one usage error (exit 2), not an error at
    every row or hand it would be applied to (QA D6b): a Schafkopf profile
    is read by :func:`replay.schafkopf.parse_schafkopf_rules`, any other by
    :func:`replay.profile.parse_rules` (rules.md J).  An empty ``--rules``
    (``--rules "$RULES"`` with the variable unset) is one too: it is neither
    a profile nor "no --rules" (break16: every game of a protocol was
    refused against the default tariff)."""
    if rules is not None and not rules.replace(";", " ").strip():  # '', '  ', ';' (break16b): no profile in it
        _err.print("error: --rules is empty: give a profile (e.g. --rules 'netschafkopf; tariff.sauspiel=10'), "
                   "or leave --rules out to read a protocol's house rules off its own price lines")
        raise typer.Exit(2)
    if not rules:
        return
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.profile import parse_rules  # noqa: PLC0415
    from replay.schafkopf import SCHAFKOPF_PROFILES, parse_schafkopf_rules  # noqa: PLC0415

    first = rules.split(";")[0].strip()
    if first == "in4":  # the Indiana game (rules.md F-5): no flags; its judge refuses any (E-RULES-FLAG)
        return
    parsers = (parse_schafkopf_rules, parse_rules) if first in SCHAFKOPF_PROFILES or "tariff." in rules \
        else (parse_rules, parse_schafkopf_rules)
    try:
        parsers[1](rules)  # either reading serves: a protocol's house rules, or a CSV sheet's [Rules]
        return
    except ProfileError:
        pass
    try:
        parsers[0](rules)
    except ProfileError as exc:
        d = exc.diagnostic
        at = rules.find(str(d.found)) if d.found else -1
        where = f" (at character {at + 1})" if at >= 0 else ""
        _err.print(f"error: --rules {rules!r}{where}: {d.code}: {d.message}"
                   + (f"; found {d.found!r}, expected {d.expected}" if d.found is not None and d.expected else ""),
                   markup=False, highlight=False)
        raise typer.Exit(2) from None


# --------------------------------------------------------------------------
# corrections: ingest --amend, void, history (issue 12)
# --------------------------------------------------------------------------


def run_amend(path: Path, db: Path | None, reason: str | None, as_json: bool) -> int:
    """``shead ingest --amend FILE``: validate FILE's hands as new texts of
    stored hands and store them as new revisions in one transaction
    (:func:`ingest.pipeline.amend_bytes`, shared with ``POST /hands/amend``);
    returns the exit code.  Nothing changes when a hand is refused or is not
    stored.  The report (each hand amended or unchanged, or each refused)
    goes where :func:`_report` sends ``shead ingest``'s."""
    from ingest.pipeline import amend_bytes  # noqa: PLC0415

    say = _report(as_json)
    name = str(path)
    data, problem = _read_bytes(path)
    if problem is not None:
        _err.print(f"{name}: {problem.code}: {problem.message}; nothing changed", markup=False, highlight=False)
        return 1
    store = st.Store(db)
    if not store.path.exists():
        _err.print(f"error: {store.path}: no database here: nothing to amend")
        return 1
    try:
        body, entries = amend_bytes(store, name, data, reason)
    except st.StoreError as exc:
        _err.print(f"error: {exc}")
        return 1
    finally:
        store.close()
    if entries or not body["amended"] and not body["unchanged"] and not body.get("still_voided"):
        for e in entries:
            say(_where(e))
        if not entries:
            say(f"{name}: no hand to amend")
        say(f"{name}: nothing changed")
        if as_json:
            typer.echo(json.dumps({"amended": [], "rejected": entries}, ensure_ascii=False))
        return 1
    back = _was_voided(db, body["amended"])
    whole = _voided_whole_left(db, [a for a in body["amended"] if a["hand_id"] in back])
    renamed = {r["hand_id"]: r["names"] for r in body.get("renamed", [])}
    moved = {r["hand_id"]: r["where"] for r in body.get("moved", [])}
    for a in body["amended"]:
        say(f"{a['session']}#{a['hand']} (hand id {a['hand_id']}): revision {a['revision']} in force"
            + ("; it was voided: it is back in the ledger, the sheet and every total" if a["hand_id"] in back else ""))
        if a["session"] in whole:  # fixit32 F3: one hand of a session voided whole back, the rest not: said so
            count, left = whole.pop(a["session"])
            say(f"  note: session {a['session']!r} was voided whole ({count} hands); the hand"
                f"{'s' if len(left) > 1 else ''} {', '.join(map(str, left))} of it stay{'' if len(left) > 1 else 's'} "
                "voided, so the night counts only the hands amended back")
        if a["hand_id"] in renamed:  # a name corrected, or an old header sent again: never silently
            say("  names: " + ", ".join(f"{k} is {v['now']!r} (was {v['was']!r})" for k, v in renamed[a["hand_id"]].items()))
        if a["hand_id"] in moved:  # a day, group or table corrected: the hand counts elsewhere in a filtered ledger
            say("  played: " + ", ".join(f"{k} {v['now']!r} (was {v['was']!r})" for k, v in moved[a["hand_id"]].items()))
    for u in body["unchanged"]:
        say(f"{u['session']}#{u['hand']} (hand id {u['hand_id']}): already this text, unchanged")
    for x in body.get("left_named", []):  # the renamed seat's other hands keep the old name: one player in two
        hands = ", ".join(map(str, x["hands"]))
        say(f"  note: {x['session']} hand{'s' if len(x['hands']) > 1 else ''} {hands} still name{'' if len(x['hands']) > 1 else 's'} "
            f"{x['seat']} {x['was']!r} (their own [Seats] line): the ledger counts {x['was']!r} and {x['now']!r} as two "
            f"players; to rename them too, write {x['seat']}={x['now']} in their [Seats] lines and amend them")
    for u in body.get("still_voided", []):
        if u["hand_id"] is None:  # voided before the backup this database was restored from: its text is not kept
            say(f"{u['session']}#{u['hand']}: voided before the backup this database was restored from, and this "
                "file renames players: left voided (to bring it back, amend it alone, under the session's names, or with "
                "its own [Seats] line where other players sat)")
        else:
            say(f"{u['session']}#{u['hand']} (hand id {u['hand_id']}): voided, and this is its text as voided: left "
                "voided (to bring it back, amend it with its text changed; a note {...} will do)")
            # fixit32 F2: an amendment that corrects other hands and leaves one voided is half a correction when the
            # night was renumbered; said as a warning at the hand, with the exact step that brings it back
            at = f"{u['file']}:{u['line']}:1: " if u.get("file") else ""
            others = [a["hand"] for a in body["amended"] if a["session"] == u["session"]]
            line = u.get("hand_line") or f"hand {u['hand']}"
            say(f"  {at}warning W-AMEND-VOIDED: hand {u['hand']} of session {u['session']!r} stays voided"
                + (f" while this file amended its hand{'s' if len(others) > 1 else ''} "
                   f"{', '.join(map(str, others))}" if others else "")
                + f": every total counts the night without hand {u['hand']}. If it is to count (the night "
                f"renumbered, this hand {u['hand']} another hand than the one voided), change its text with a note on "
                f"its hand line, `{line}  {{back in force}}`, and amend again: shead ingest --amend "
                f"{shlex.quote(u.get('file') or str(path))}; if it is voided rightly, nothing more is to do")
    for w in body.get("warnings", []):
        say("  " + _where(w).replace(f": {w['code']}", f": warning {w['code']}", 1))
    for n in body.get("notes", []):  # the night's ledger row, checked again against its hands (real22b F1)
        say(f"  {n['file']}:{n['line']}:{n['col']}: warning {n['code']}: {n['message']}" if n.get("file") else
            f"  warning {n['code']}: {n['message']}")  # a pot=on night's next night, at the hand (break28c F4)
    if body["rederived"]:
        say(f"{body['rederived']} later hand(s) of the session re-derived (stake/pot)")
    if as_json:
        typer.echo(json.dumps(body, ensure_ascii=False))
    return 0


def _voided_whole_left(db: Path | None, back: list[dict]) -> dict[str, tuple[int, list[int]]]:
    """Of the sessions of ``back`` (hands an amendment brought back from a
    void), those whose every other hand is still voided (a session voided
    whole, one hand of it back: fixit32 F3): session -> (hands voided in it
    ever, the numbers still voided)."""
    if not back:
        return {}
    try:
        with st.reading(db) as con:
            out = {}
            for name in sorted({a["session"] for a in back}):
                mine = {a["hand"] for a in back if a["session"] == name}
                live = {n for (n,) in con.execute("SELECT hand FROM hands WHERE session = ?", [name]).fetchall()}
                if live - mine:
                    continue
                rows = con.execute(
                    "SELECT r.hand, r.action FROM hand_revisions r WHERE r.session = ? AND r.revision = "
                    "(SELECT max(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id)", [name]).fetchall()
                left = sorted(n for n, act in rows if act == "void")
                if left:
                    out[name] = (len(left) + len(mine), left)
            return out
    except (st.StoreError, duckdb.Error):  # the amend is done; only this note is lost
        return {}


def _was_voided(db: Path | None, amended: list[dict]) -> set[int]:
    """The hand ids of ``amended`` (``{hand_id, revision}`` each, as
    ``amend_bytes`` reports them) whose revision before the new one was a
    void: the amend brought them back into the ledger (user15: it said only
    "revision 3 in force")."""
    if not amended:
        return set()
    try:
        with st.reading(db) as con:
            return {i for (i,) in con.execute(
                "SELECT r.hand_id FROM hand_revisions r JOIN (SELECT unnest(?) AS hand_id, unnest(?) AS revision) a "
                "ON r.hand_id = a.hand_id AND r.revision = a.revision - 1 WHERE r.action = 'void'",
                [[a["hand_id"] for a in amended], [a["revision"] for a in amended]]).fetchall()}
    except (st.StoreError, duckdb.Error):  # the amend is done; only this note is lost
        return set()


def _no_hand(hand: str, numbered: list[str] | None = None, db: Path | None = None) -> NoReturn:
    """Say that no stored hand is named ``hand`` (with, for a hand number
    given where a hand id is meant, how ``numbered`` hands are written) and
    exit 1.  The name is quoted whole (fixit32 F4: a 40-character cut hid
    the date's last digit and the hand number); one past 200 characters is
    cut in its middle, its end kept.  ``SESSION#N`` naming a stored session
    (``db``) says so and which hand numbers it holds."""
    shown = hand if len(hand) <= 200 else hand[:100] + "…" + hand[-99:]
    _err.print(f"error: no stored hand {shown!r} (expected a hand id, \"SESSION#N\" or a content hash)"
               + _session_holds(db, hand), markup=False, highlight=False)
    if numbered:  # a hand's number in its session was meant: say how to name it
        _err.print(f"a plain number is a hand id; hand {int(hand)} of a session is written SESSION#{int(hand)} "
                   "(a part of the session id will do), e.g.: " + ", ".join(repr(k) for k in numbered),
                   markup=False, highlight=False)
    raise typer.Exit(1)


def _session_holds(db: Path | None, hand: str) -> str:
    """For ``SESSION#N`` naming a stored session (its exact name, else the
    one session whose name holds it) without a hand N: ``: session 'S' is
    stored and holds hands 1-8`` (and its voided numbers); ``""`` otherwise
    (:func:`_no_hand`)."""
    name, sep, number = hand.strip().rpartition("#")
    number = number.strip()
    if not sep or not name.strip() or not (number.isascii() and number.isdigit() and len(number) <= 18):
        return ""
    name = name.strip()
    try:
        with st.reading(db) as con:
            rows = con.execute("SELECT session_id, session FROM sessions WHERE session = ?", [name]).fetchall() or \
                con.execute("SELECT session_id, session FROM sessions WHERE contains(session, ?) LIMIT 2",
                            [name]).fetchall()
            if len(rows) != 1:
                return ""
            sid, session = rows[0]
            live = sorted(n for (n,) in con.execute("SELECT hand FROM hands WHERE session_id = ?", [sid]).fetchall())
            voided = sorted(st.voided_numbers(con, sid))
    except (st.StoreError, duckdb.Error):
        return ""
    said = f"hands {st._ranges(live)}" if len(live) > 1 else f"hand {live[0]}" if live else "no hand in force"
    if voided:
        said += f" (voided: {st._ranges(voided)})"
    return f": session {session!r} is stored and holds {said}, no hand {int(number)}"


def _history_or_exit(db: Path | None, hand: str, choose: bool = True):
    """The :class:`ingest.store.HandHistory` of ``hand`` (what ``shead
    replay`` takes), voided hands too; exits 1 when none or the database
    cannot be read.  A date key that reads two ways is said in a note;
    ``choose=False`` (``shead void``) refuses it when both readings are
    stored nights (verify32 F3)."""
    notes: list[str] = []
    try:
        with st.reading(db) as con:
            found = st.hand_history(con, hand, notes=notes, choose=choose)
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}", markup=False, highlight=False)
        raise typer.Exit(1) from None
    for note in notes:
        _err.print(f"note: {note}", markup=False, highlight=False)
    if found is None:
        _no_hand(hand, db=db)
    return found


@app.command()
def void(hand: str = typer.Argument(..., help='A hand id, "SESSION#N" or a content hash; with --session, a session.'),
         reason: str = typer.Option(..., "--reason", help="Why the hand is voided (kept in its history)."),
         session: bool = typer.Option(False, "--session", help="Void every hand in force of the session HAND names "
                                      "(its exact name), in one transaction: a session stored twice; or a ledger's "
                                      "sitting stored without hands."),
         db: Optional[Path] = DbOption) -> None:
    """Void a stored hand (or, with --session, every hand of a session): it leaves the ledger and every statistic,
    its history keeps it, and the stake and pot of the session's later hands are re-derived."""
    if not reason.strip():
        _err.print("error: --reason must say why")
        raise typer.Exit(2)
    if (why := st.reason_problem(reason)) is not None:  # break33 F12: no terminal code kept and printed back
        _err.print(f"error: --reason: {why}", markup=False, highlight=False)
        raise typer.Exit(2)
    with _open_read(db) as con:
        sitting = st.sitting_state(con, hand)  # a ledger's sitting, stored without hands (migration 024)
        ids = [i for (i,) in con.execute("SELECT hand_id FROM hands WHERE session = ? ORDER BY hand",
                                         [hand]).fetchall()] if session else []
    if sitting == "stored" and not session:  # named without --session: say how (break22b F12)
        _err.print(f"error: {hand!r} is a ledger's sitting, stored without hands: void it with --session "
                   f"(shead void {hand!r} --session --reason ...)", markup=False, highlight=False)
        raise typer.Exit(1)
    if session and not ids and sitting:
        try:
            with st.Store(db) as store:
                nets = store.void_sitting(hand, reason)
        except st.StoreError as exc:
            _err.print(f"error: {exc}", markup=False, highlight=False)
            raise typer.Exit(1) from None
        typer.echo(f"{hand}: sitting voided ({', '.join(f'{p} {u:+d}' for p, u in nets.items())}): {reason}")
        return
    if session and not ids:
        _err.print(f"error: no stored hand in force in a session named {hand!r} (its exact name, as "
                   "`shead sheet` or the W-SESSION-COPY warning writes it)", markup=False, highlight=False)
        raise typer.Exit(1)
    if not session:
        ids = [_history_or_exit(db, hand, choose=False).hand_id]  # a date of two stored nights: refused (verify32 F3)
    try:
        with st.Store(db) as store:
            rep = store.void_hands(ids, reason)
    except st.StoreError as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    for name, number, hand_id, revision in rep.hands:  # the command's result: standard output (README)
        typer.echo(f"{name}#{number} (hand id {hand_id}): voided (revision {revision}): {reason}")
    if rep.rederived:
        typer.echo(f"{rep.rederived} later hand(s) of the session re-derived (stake/pot)")
    for d in rep.notes:  # the night's ledger row, checked again against its hands (real22b F1)
        # said at a stored hand's place when it has one (a later night's hand 1, W-POT-CARRY: break29 F2)
        at = f"{d.file}:{d.line}:{d.col}: " if d.file and d.line else ""
        typer.echo(f"  {at}warning {d.code}: {d.message}")


def _summary_text(o: dict | None) -> str:
    if not o:
        return "-"
    units = " ".join(f"{s} {u:+d}" for s, u in o.get("units", {}).items())
    who = f"picker {o['picker']}" + (f", partner {o['partner']}" if o.get("partner") else "") if o.get("picker") \
        else ""
    return f"stake {o.get('stake')}  {o.get('outcome')}" + (f"  {who}" if who else "") + (f"  {units}" if units else "")


@app.command()
def history(hand: str = typer.Argument(..., help='A hand id, "SESSION#N" or a content hash (of any revision).'),
            db: Optional[Path] = DbOption,
            as_json: bool = typer.Option(False, "--json", help="Print the history as JSON.")) -> None:
    """Every revision of a stored hand: when, why, its text and what it counted for."""
    found = _history_or_exit(db, hand)
    if as_json:
        typer.echo(json.dumps(found.as_json(), ensure_ascii=False))
        return
    esc = st.escaped_controls  # break33 F12: a control character stored (an old reason, a file name) shown escaped
    state = "voided" if found.voided else f"revision {next(r.revision for r in found.revisions if r.in_force)} in force"
    out = [f"hand {found.hand} of session {found.session!r} (hand id {found.hand_id}): {state}"]
    if found.kept:  # W-CARRY: the revision in force disagrees with the rules since an earlier hand arrived
        out.append(f"  kept as stored, against the rules: {found.kept}")
    names: dict | None = None  # the players of the revision before (a revision closed before session 18 has none)
    for r in found.revisions:
        at = r.at.strftime("%Y-%m-%d %H:%M:%S UTC") if r.at else "?"
        where = f"  from {esc(r.file)}:{r.line}" if r.file else ""
        mark = "  (in force)" if r.in_force else ""
        out.append(f"  r{r.revision}  {r.action:<6}  {at}{where}{mark}")
        if r.reason:
            out.append(f"      reason: {esc(r.reason)}")
        if r.action == "rederive":  # the same text, counted anew (its session's carry moved)
            out.append(f"      counted: {_summary_text(r.outcome)}")
            out.append("      | (the text above, unchanged)")
        elif r.action != "void":
            out.append(f"      counted: {_summary_text(r.outcome)}")
            now = (r.outcome or {}).get("players")
            if names and now and now != names:  # a name corrected: the text alone does not show it
                out.append("      names: " + ", ".join(f"{a} is {n} (was {names[a]})" if a in names else f"{a} is {n}"
                                                     for a, n in now.items() if names.get(a) != n))
            names = now or names
            out.extend("      | " + esc(line, "\t") for line in (r.source or "").strip("\n").split("\n"))
    sys.stdout.write("\n".join(out) + "\n")


# --------------------------------------------------------------------------
# replay, export, rederive
# --------------------------------------------------------------------------


def _open_read(db: Path | None):
    """A read-only connection for a command, as ``with _open_read(db) as con``:
    a missing or unreadable database is a clean ``error: …`` and exit 1, not
    a traceback (the connection is opened here, not at ``with``)."""
    from contextlib import closing  # noqa: PLC0415

    try:
        return closing(st.connect(db, read_only=True))
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None


@app.command()
def replay(hand: str = typer.Argument(..., help='A hand id, "SESSION#N" or a content hash.'),
           db: Optional[Path] = DbOption,
           as_json: bool = typer.Option(False, "--json", help="Print the stored hand and its replay frames "
                                                               "as JSON."),
           seat: Optional[str] = typer.Option(None, "--seat", help="Show the hand as this seat (an alias) saw it: "
                                              "every step, the other hands, the blind and the bury hidden until "
                                              "the end.")) -> None:
    """Show a stored hand trick by trick, replayed by the engine from its stored text."""
    from ingest.render import render_frames, render_hand, render_schafkopf  # noqa: PLC0415

    numbered: list[str] = []
    gone = None  # a voided hand: its history, to say so (user15: it said "no stored hand")
    read_as: list[str] = []  # a date that reads two ways: the reading taken (verify32 F3)
    try:
        with st.reading(db) as con:
            found = st.find_hand(con, hand, notes=read_as)
            fmt, text = st.session_text(con, found.hand_id) if found is not None else ("shn", "")
            if found is None:
                gone = st.hand_history(con, hand, notes=[] if read_as else read_as)
            if found is None and hand.strip().isascii() and hand.strip().isdigit() and len(hand.strip()) <= 18:
                numbered = st.hands_numbered(con, int(hand))
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    for note in read_as:
        _err.print(f"note: {note}", markup=False, highlight=False)
    if found is None and gone is not None and gone.voided:
        _err.print(f"error: hand {gone.hand} of session {gone.session!r} (hand id {gone.hand_id}) is voided: it "
                   f"counts for nothing and is not replayed; `shead history {shlex.quote(hand)}` shows its "
                   "revisions and text (`shead ingest --amend FILE` brings it back)", markup=False, highlight=False)
        raise typer.Exit(1)
    if found is None:
        _no_hand(hand, numbered, db=db)
    frames, sk_state, notes = replay_frames(found, fmt, text)
    for note in notes:
        _err.print(f"note: {note}")
    if seat is not None:
        _replay_seat(found, fmt, text, frames, sk_state, _nfc(seat), as_json)
        return
    if as_json:
        typer.echo(json.dumps(replay_json(found, frames, sk_state), ensure_ascii=False))
    elif sk_state is not None:
        sys.stdout.write(render_schafkopf(found, sk_state, frames))
    else:
        sys.stdout.write(render_frames(found, frames) if frames else render_hand(found))


def _replay_seat(found, fmt, text, frames, sk_state, seat: str, as_json: bool) -> None:
    """``shead replay --seat S`` (issue 13): :mod:`ingest.replay_steps`."""
    from ingest.render import render_frames, render_hand, render_schafkopf  # noqa: PLC0415
    from ingest.replay_steps import hand_steps, render_seat, seat_index, seat_json  # noqa: PLC0415

    hs = hand_steps(found, fmt, text, frames)
    try:
        seat_index(hs.aliases, seat)
    except ValueError as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps(seat_json(found, hs, seat), ensure_ascii=False))
        return
    sys.stdout.write(render_seat(found, hs, seat))
    if sk_state is not None:
        sys.stdout.write(render_schafkopf(found, sk_state, frames))
    else:
        sys.stdout.write(render_frames(found, frames) if frames else render_hand(found))


@app.command()
def sheet(session: str = typer.Argument(..., help="The session id (its Session tag, else 'Event / Date / Table'), "
                                                   "or a part of it that names one session."),
          db: Optional[Path] = DbOption,
          as_json: bool = typer.Option(False, "--json", help="Print the sheet as JSON."),
          as_csv: bool = typer.Option(False, "--csv", help="Print the sheet as CSV (a line per hand, then the "
                                                           "totals).")) -> None:
    """The night's sheet: the session's hands in order with each player's units and running total, the pot,
    and the totals."""
    from rich import box  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    from ingest.sheet import SessionNotFound, find_session, seat_units_text, session_sheet  # noqa: PLC0415
    from ingest.schafkopf_hand import stored_ramsch_words  # noqa: PLC0415

    if as_json and as_csv:
        _err.print("error: --json or --csv, not both")
        raise typer.Exit(2)
    try:
        with st.reading(db) as con:
            notes: list[str] = []
            sh = session_sheet(con, find_session(con, session, notes), played_ramsch=stored_ramsch_words)
            for note in notes:  # which reading of an ambiguous date was taken (verify30 F6)
                typer.echo(note, err=True)
            sitting = _ledger_sitting(con, sh.session) if not sh.rows else []
    except SessionNotFound as exc:
        _err.print(f"error: {exc.args[0]}")
        raise typer.Exit(1) from None
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps(sh.as_json(), ensure_ascii=False))
        return
    if as_csv:
        sys.stdout.write(sh.csv())
        return
    word = "tariff points" if sh.game == "schafkopf" else "units"  # as the ledger says them (user16b)
    table = Table(caption=sh.legend(word), caption_justify="left",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    head = sh.shown_head()  # a Schafkopf sheet: declarer and game, no stake (Sheet.label)
    for c in head:
        table.add_column(sh.label(c), justify="right" if c in ("hand", "stake") else "left", no_wrap=True)
    for a in sh.players:
        table.add_column(a, justify="right", no_wrap=True)
    if sh.has_pot:
        table.add_column("pot", justify="right", no_wrap=True)
    # under the units, not the running total (a plain string's trailing spaces are cut when it is right-justified)
    absent = Text(f"{'–':>3} {'':>4}", overflow="ignore")
    gaps = sh.numbered_refused()[::-1]  # a refused hand's row at its number's place
    opening = sh.opening_record()  # a pot carried in from an earlier night: the first row, as the Sheet page's
    if opening:
        table.add_row("", "", "", "", "", opening["result"], *[""] * (len(head) - 6), *[""] * len(sh.players),
                      f"{'':>2} {opening['pot balance']:>4}")
    for r in sh.rows:
        while gaps and gaps[-1].hand < r.hand:
            _refused_row(table, gaps.pop(), sh)
        cells = [str(r.hand), r.dealer or "", r.picker or "", r.partner or "", r.game_text() or "",
                 r.result + (" !" if r.kept else ""), r.marks, str(r.stake)][:len(head)]
        # a player not at the table that hand: a dash, no running total (metrics31 F3; Sheet.legend says so)
        # the dealer who sat the hand out (rules.md F-1): "out", not a "+0" read as a seat that broke even (left33 F1)
        cells += [f"{seat_units_text(r.units[a], a == r.sat_out)} {r.running[a]:>4}" if r.units[a] is not None
                  else absent for a in sh.players]
        if sh.has_pot:
            # blank before the first hand under a pot (a hand's own [Rules "...; pot=on"] line later in the night)
            cells.append(f"{r.pot or 0:+d} {r.pot_balance:>4}" if r.pot_balance is not None else "")
        table.add_row(*cells)
    while gaps:
        _refused_row(table, gaps.pop(), sh)
    table.add_section()
    table.add_row("", "", "", "", "", sh.total_text(), *[""] * (len(head) - 6),
                  *[f"{sh.totals[a]:>4}" for a in sh.players],
                  *([f"{sh.pot_net():+d} {sh.pot:>4}"] if sh.has_pot else []), style="bold")
    base = Console(highlight=False, markup=False, emoji=False)
    out = _wide_enough(table, base if base.is_terminal else Console(highlight=False, width=160, markup=False,
                                                                     emoji=False))
    names = ", ".join(n if a == n else f"{a} = {n}" for a, n in sh.players.items())  # a column by name: once
    from replay.profile import DEFAULT_PROFILE  # noqa: PLC0415

    # the rules the hands were scored under: each text with its hands when they differ (fixa30: a night sent again
    # under other rules said its first rules only)
    rules = sh.rules_text(f"no [Rules]: the default profile, {DEFAULT_PROFILE.name}", quote=len(sh.rules_by_hand()) > 1)
    if sitting:  # a ledger's sitting: its nets, no table of hands at 0 (real23b F7: every player 0, "0 hands")
        out.print(f"{sh.session}  ({sh.date or 'no date'}): a ledger's sitting, stored without hands; each "
                  "player's net for the night (units, counted by shead ledger): "
                  + ", ".join(f"{p} {u:+d}" for p, u in sitting), markup=False, highlight=False)
        return
    out.print(f"{sh.session}  ({sh.date or 'no date'}; {rules})\n{names}", markup=False, soft_wrap=True)  # not cut
    out.print(table)
    if sh.has_pot:  # what the pot opened with, its net and what it holds, as the Sheet page's caption says it
        out.print(sh.pot_text(), markup=False, highlight=False, soft_wrap=True)
    if sh.voided:
        out.print(f"voided (not counted): hand(s) {sh.voided_text()}", markup=False, highlight=False)
    if sh.amended:  # real29 F4: which hands count with an amended revision (shead history HAND lists them)
        out.print(f"amended (counted as amended): hand(s) {sh.amended_text()}", markup=False, highlight=False)
    for line in sh.refused_lines() + sh.kept_lines() + sh.source_lines():  # dash27 F5: the source's own totals
        out.print(line, soft_wrap=True)  # a long path is not broken over lines
    if sh.mixed_rules():  # fixa30: what the header's mixed rules mean, and how to put the night under one
        out.print(sh.mixed_rules_line(), markup=False, highlight=False, soft_wrap=True)
    if not sh.rows:
        out.print("no hands in force in this session")


def _ledger_sitting(con: duckdb.DuckDBPyConnection, session: str) -> list[tuple[str, int]]:
    """Each player's net of the ledger sitting ``session`` (``settlements``,
    in its source row's order of players as stored), or empty when it is none."""
    return [(p, int(u)) for p, u in con.execute(
        "SELECT t.player, t.units FROM settlements t JOIN sessions s USING (session_id) WHERE s.session = ? "
        "ORDER BY t.rowid", [session]).fetchall()]


#: The widest a player's name is shown in ``shead ledger``'s table (terminal cells), its end cut to an ellipsis:
#: a 5,000-character name made the table 5,000 columns wide (break23 F10).  ``--json`` keeps the name whole.
NAME_CELLS = 40


def _short_name(name: str, cells: int = NAME_CELLS) -> str:
    """``name`` as a table shows it: whole when it fits ``cells`` terminal
    cells, else cut to ``cells - 1`` of them and an ellipsis (a wide
    character counts two cells)."""
    from rich.cells import cell_len, set_cell_size  # noqa: PLC0415

    if cell_len(name) <= cells:
        return name
    return set_cell_size(name, cells - 1).rstrip() + "…"


def _wide_enough(table, out: Console) -> Console:
    """``out``, or a console like it as wide as ``table``'s widest rows
    when they need more than ``out`` has, so that no cell is cut or
    wrapped (a terminal then wraps the long lines: a number is never shown
    as ``32…``, a name never broken; ``--csv`` or ``--json`` give the same
    figures as cells)."""
    from rich.measure import Measurement  # noqa: PLC0415

    need = Measurement.get(out, out.options.update(width=10**4), table).maximum
    if need <= out.width:
        return out
    return Console(highlight=False, width=need, markup=False, emoji=False, soft_wrap=out.soft_wrap)


def _refused_row(table, gap, sh) -> None:
    """The sheet's row of a hand refused at ingest: its number and ``refused``
    with the error code, nothing counted (the foot of the sheet says where
    and why)."""
    table.add_row(str(gap.hand), "", "", "", "", f"refused {gap.code}", *[""] * (len(sh.shown_head()) - 6),
                  *["" for _ in sh.players],
                  *([""] if sh.has_pot else []), style="italic")


@app.command()
def export(fmt: str = typer.Option(..., "--format", help="shn, jsonl, csv, parquet, or ledger (the CSV ledgers' "
                                                         "sittings)."),
           out: Optional[Path] = typer.Option(None, "--out", help="Output file (a folder for parquet); "
                                                                  "default standard output."),
           db: Optional[Path] = DbOption) -> None:
    """Write every stored hand out as SHN, JSONL, CSV or hive-partitioned Parquet; the sittings of CSV ledgers
    (stored without hands) go to a CSV ledger beside the file (OUT.ledger.csv), or with --format ledger."""
    from ingest import export as ex  # noqa: PLC0415
    from ingest.ledger_export import write_beside  # noqa: PLC0415

    fmt = fmt.lower()
    writers = {"shn": ex.export_shn, "jsonl": ex.export_jsonl, "csv": ex.export_csv, "ledger": ex.export_ledger_csv}
    if fmt not in writers and fmt != "parquet":
        from replay.errors import did_you_mean  # noqa: PLC0415

        _err.print(f"error: unknown format {fmt!r} (expected shn, jsonl, csv, parquet or ledger)"
                   f"{did_you_mean(fmt, [*writers, 'parquet'])}")
        raise typer.Exit(2)
    if fmt == "parquet" and out is None:
        _err.print("error: --format parquet writes a folder: give it with --out PATH")
        raise typer.Exit(2)
    skipped = 0
    try:
        with st.reading(db) as con:
            kept = []
            if fmt == "shn":
                skipped = ex.non_shn_hands(con)
                kept = con.execute("SELECT session, hand FROM hands WHERE warnings LIKE '%warning W-CARRY%' "
                                   "ORDER BY session, hand").fetchall()
            if fmt == "parquet":
                n = ex.export_parquet(con, out)
            elif out is None or str(out) == "-":
                n = writers[fmt](con, sys.stdout)
                sys.stdout.flush()
            else:
                out.parent.mkdir(parents=True, exist_ok=True)
                with open(out, "w", encoding="utf-8", newline="") as fh:
                    n = writers[fmt](con, fh)
            sittings = write_beside(con, fmt, out)  # (count, file or None): D2, nothing left out silently
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    except BrokenPipeError:  # `shead export | head`: the reader has what it wanted
        sys.stderr.close()
        raise typer.Exit(0) from None
    except OSError as exc:
        _err.print(f"error: cannot write {out if out is not None else 'standard output'}: {exc.strerror or exc}")
        raise typer.Exit(1) from None
    _err.print(f"exported {n} {'sittings' if fmt == 'ledger' else 'hands'} as {fmt}" + (f" to {out}" if out else ""))
    if sittings[0] and sittings[1] is not None:
        _err.print(f"exported {sittings[0]} CSV-ledger sitting(s) (stored without hands) to {sittings[1]}: ingest "
                   "it with the export to restore the same ledger")
    elif sittings[0]:
        _err.print(f"warning: {sittings[0]} CSV-ledger sitting(s) (stored without hands) are NOT in this export; "
                   "write them with: shead export --format ledger --out FILE.csv (or give --out, and they are written "
                   "beside it)")
    if skipped:
        _err.print(f"left out {skipped} hands whose stored text is in a format SHN cannot hold")
    if kept:  # W-CARRY: their text no longer agrees with the rules in the session's order (a tester's finding)
        _err.print(f"warning: {len(kept)} hand(s) keep a stored result the rules no longer give (W-CARRY): "
                   + ", ".join(f"{s}#{h}" for s, h in kept[:5]) + (" …" if len(kept) > 5 else "")
                   + "; their texts are exported as written, and an ingest of this export refuses them (their "
                   "sessions' earlier hands come first there). Amend them (shead ingest --amend) and export again "
                   "to restore the same ledger")


@app.command()
def rederive(db: Optional[Path] = DbOption) -> None:
    """Recompute every stored outcome from its stored source with the current engine."""
    store = st.Store(db)
    if not store.path.exists():
        _err.print(f"error: {store.path}: no database here")
        raise typer.Exit(1)
    try:
        # no bar where stderr is no terminal: it wrote an empty line before an error (fixit32 F4)
        with Progress(TextColumn("re-deriving"), BarColumn(), MofNCompleteColumn(), console=_err,
                      transient=True, disable=not _err.is_terminal) as progress:
            task = progress.add_task("rederive", total=None)
            rep = store.rederive(on_progress=lambda done, total: progress.update(task, completed=done, total=total))
    except st.StoreError as exc:  # not a DuckDB file, a read-only file system: one line (break17 F4)
        _err.print(f"error: {exc}", markup=False, highlight=False)
        raise typer.Exit(1) from None
    _err.print(f"re-derived {rep.hands} hands: {rep.changed} changed, {len(rep.refused)} refused by the engine")
    for hand_id, d in rep.refused:
        _err.print(f"  hand id {hand_id}: {d}")
    raise typer.Exit(1 if rep.refused else 0)


def _nothing_matches(db: Path | None, given: list[str], rules: list[str] | None = None,
                     groups: list[str] | None = None) -> list[str]:
    """What ``shead ledger`` says when its filters match no hand: how many
    hands are stored (or that none is), then for each ``--player`` value that
    names no stored player the stored players whose seat alias it is
    (``Lou`` is the seat of ``Lou Ebert`` in a session's ``[Seats]``), else a
    "did you mean" among the stored names.  Player filters match the stored
    name as written; with ``rules`` (the ``--rules`` texts, matched by
    meaning), the stored ``[Rules]`` texts are listed (break30 F6); with a
    ``groups`` value (``--group``, matched as written) that is no stored
    group, the stored groups (newuser33 F5).  One read connection."""
    from replay.errors import did_you_mean  # noqa: PLC0415

    with _open_read(db) as con:
        stored = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
        if not stored:
            return ["no hand is stored yet; ingest some with `shead ingest PATH`"]
        names = {n for (n,) in con.execute("SELECT DISTINCT player FROM session_players").fetchall()}
        texts = sorted({r or "" for (r,) in con.execute("SELECT DISTINCT rules FROM hands").fetchall()}) \
            if rules else []
        known = {g for (g,) in con.execute('SELECT DISTINCT "group" FROM sessions WHERE "group" IS NOT NULL')
                 .fetchall()} if groups else set()
        seats: dict[str, set[str]] = {}
        for (players,) in con.execute("SELECT DISTINCT players FROM sessions WHERE players IS NOT NULL").fetchall():
            for alias, name in json.loads(players).items():
                if name and alias != name:
                    seats.setdefault(alias.casefold(), set()).add(name)
    out = [f"no stored hand matches the filters ({stored:,} hands are stored: see --from, --to, --group, --table, "
           "--player, --rules, --game)"]
    if texts:  # the --rules texts are matched by meaning (ingest.model.same_meaning); say what is stored
        out.append("the stored [Rules] texts: " + "; ".join(repr(t) for t in texts)
                   + " (--rules matches a text of the same meaning: flags in any order, a profile or its flags)")
    for g in groups or ():
        if g not in known:
            out.append(f"{g!r} is no stored group; the stored groups: " + "; ".join(repr(k) for k in sorted(known))
                       + " (--group matches a group as written)" if known else f"{g!r} is no stored group; none is stored")
    for p in given:
        if p in names:
            continue
        of = sorted(n for n in seats.get(p.casefold(), ()) if n in names)
        if of:
            out.append(f"{p!r} is no stored player's name but the seat of " + ", ".join(repr(n) for n in of)
                       + ": filter by the name as stored, e.g. --player " + repr(of[0]))
        else:
            out.append(f"{p!r} is no stored player's name{did_you_mean(p, sorted(names))}")
    return out


@app.command()
def ledger(db: Optional[Path] = DbOption,
           date_from: Optional[str] = typer.Option(None, "--from", help="First date (YYYY-MM-DD), inclusive."),
           date_to: Optional[str] = typer.Option(None, "--to", help="Last date (YYYY-MM-DD), inclusive."),
           group: list[str] = typer.Option([], "--group", help="Group (Event tag); may repeat."),
           table: list[str] = typer.Option([], "--table", help="Table tag; may repeat."),
           player: list[str] = typer.Option([], "--player", help="Only hands with this player; may repeat."),
           rules: list[str] = typer.Option([], "--rules", help="[Rules] text, matched by meaning (flags in any "
                                           "order, a profile or its flags); may repeat."),
           game: Optional[str] = typer.Option(None, "--game", help="sheepshead, schafkopf, indiana or fox."),
           as_json: bool = typer.Option(False, "--json", help="Print a JSON list of objects.")) -> None:
    """Per-player totals, hands and sessions in each unit (Sheepshead units, Schafkopf tariff points, Indiana
    race points: never added together), with the dashboard's filters; sessions marked incomplete are named."""
    from datetime import date as _date  # noqa: PLC0415

    import dashboard.metrics as metrics  # noqa: PLC0415 - the dashboard's own ledger queries, one SQL for both

    try:
        def day(text: str | None):  # YYYY-MM-DD, or SHN's YYYY.MM.DD
            return _date.fromisoformat(text.strip().replace(".", "-")) if text else None

        f = metrics.Filters(date_from=day(date_from), date_to=day(date_to), groups=tuple(map(_nfc, group)),
                            tables=tuple(table), players=tuple(map(_nfc, player)), rules=tuple(rules), game=game)
    except ValueError as exc:
        _err.print(f"error: {exc} (dates are YYYY-MM-DD or YYYY.MM.DD)")
        raise typer.Exit(2) from None
    if game is not None and game not in metrics.UNITS:
        from replay.errors import did_you_mean  # noqa: PLC0415

        _err.print(f"error: unknown game {game!r} (expected {', '.join(metrics.UNITS)}){did_you_mean(game, metrics.UNITS)}")
        raise typer.Exit(2)
    with _open_read(db) as con:
        try:
            if f.rules:  # by meaning, not as written (break30 F6): the stored texts that mean what --rules says
                from dataclasses import replace as _replace  # noqa: PLC0415

                from ingest.model import stored_rules_meaning  # noqa: PLC0415

                stored = [r for (r,) in con.execute("SELECT DISTINCT rules FROM hands").fetchall()]
                f = _replace(f, rules=stored_rules_meaning(f.rules, stored))
            rows = metrics.ledger_units(con, f)
            bad = metrics.incomplete_sessions(con, f)
            added = metrics.sessions_added_beyond(con, f)  # games added to a protocol's session (verify32 F11)
            mixed = (metrics.mixed_tariffs_note(metrics.schafkopf_tariffs(con, f))
                     if "schafkopf" in rows["game"].to_list() else None)
        except duckdb.Error as exc:
            _err.print(f"error: {exc}")
            raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps([{"player": r["player"], "unit": r["unit"], "game": r["game"], "total": r["total"],
                                "sessions": r["sessions"], "hands": r["hands"],
                                "incomplete_sessions": r["incomplete"]} for r in rows.to_dicts()],
                              ensure_ascii=False))
        for r in bad.to_dicts():
            _err.print(f"incomplete: {r['session']}: {r['note']}")
        for r in added.to_dicts():
            _err.print(f"note: {r['session']}: {r['note']}", markup=False, highlight=False)
        if mixed:  # on stderr, as the incomplete sessions: the JSON on stdout stays the list
            _err.print(f"note: {mixed}", markup=False, highlight=False)
        return
    if rows.is_empty():
        for line in _nothing_matches(db, player, rules, list(f.groups)):
            _err.print(line, markup=False, highlight=False)
        return
    from rich.table import Table  # noqa: PLC0415

    out = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)  # player names are text
    for g in rows["game"].unique(maintain_order=True).to_list():
        part = rows.filter(rows["game"] == g)
        unit = part["unit"][0]
        t = Table(title=f"{g}: {unit}", title_justify="left")
        # hands played: a doubler or a misdeal thrown in is none (replay.outcome.UNPLAYED_OUTCOMES; the sheet's
        # total says "3 hands (2 played)"); an Indiana race counts the hands a player sat in
        hands_col = "hands" if g == "indiana" else "hands played"
        for col in ("player", unit, hands_col, "sessions", "incomplete sessions"):
            t.add_column(col, justify="left" if col == "player" else "right", no_wrap=True)
        for r in part.to_dicts():
            t.add_row(_short_name(r["player"]), f"{r['total']:+d}", str(r["hands"]), str(r["sessions"]),
                      str(r["incomplete"]) if r["incomplete"] else "")
        _wide_enough(t, out).print(t)
        if g == "schafkopf" and mixed:
            out.print(f"note: {mixed} (shead ledger --rules TEXT)")
    if not bad.is_empty():
        out.print("[bold]Incomplete sessions[/bold] (their totals may not be the table's; why, and what to do):",
                  markup=True)
        for r in bad.to_dicts():
            out.print(f"  {r['session']}: {r['note']}", markup=False)
    if not added.is_empty():  # complete: the source's table reached by its own games (verify32 F11)
        out.print("Sessions with games added beyond their source's own table (complete):")
        for r in added.to_dicts():
            out.print(f"  {r['session']}: {r['note']}", markup=False)


def _column_chunks(rows: list[tuple[str, list[str]]], width: int) -> list[tuple[int, int]]:
    """Split the columns of ``rows`` (``(label, cells)``, one cell a table)
    into runs ``(lo, hi)`` of cell indices whose rich table (the label
    column, then cells ``lo..hi-1``; a cell costs its width plus 3: two of
    padding and its border, the table one more) fits ``width`` terminal
    cells; a run holds at least one column whatever the width."""
    from rich.cells import cell_len  # noqa: PLC0415

    label = max((cell_len(lab) for lab, _ in rows), default=0) + 3
    n = len(rows[0][1]) if rows else 0
    widths = [max(cell_len(cells[i]) for _, cells in rows) + 3 for i in range(n)]
    out: list[tuple[int, int]] = []
    lo, used = 0, 1 + label
    for i, w in enumerate(widths):
        if i > lo and used + w > width:
            out.append((lo, i))
            lo, used = i, 1 + label
        used += w
    if n:
        out.append((lo, n))
    return out


@app.command()
def compare(deal: Optional[str] = typer.Argument(None, metavar="DEAL",
                                                 help='A deal id (D + 16 hex digits), or a hand id, "SESSION#N" or '
                                                      'a content hash whose deal is meant; none: list the deals '
                                                      'played at two or more tables.'),
            db: Optional[Path] = DbOption,
            limit: Optional[int] = typer.Option(None, "--limit", min=1, metavar="N",
                                                help="Show N of the deal's tables (default 12, as the Compare "
                                                     "page)."),
            offset: int = typer.Option(0, "--offset", min=0, metavar="K",
                                       help="Skip the deal's first K tables (in the order they were stored)."),
            every: bool = typer.Option(False, "--all", help="Show every table of the deal."),
            as_json: bool = typer.Option(False, "--json", help="Print the comparison as JSON (the same page of "
                                                              "tables, with the total and the offset).")) -> None:
    """One deal at several tables, side by side (issue 18): each table's pick, bury, call, partner, marks, card
    points, outcome and units, by position from the dealer's left; 12 tables at a time (--limit, --offset,
    --all), as the Compare page pages them."""
    from ingest import compare as cmp  # noqa: PLC0415

    if deal is None and (limit is not None or offset or every):
        _err.print("error: --limit, --offset and --all page the tables of a DEAL; give one")
        raise typer.Exit(2)
    if every and limit is not None:
        _err.print("error: --all or --limit, not both")
        raise typer.Exit(2)
    page = None if every else (limit or cmp.TABLES_SHOWN)
    with _open_read(db) as con:
        try:
            if deal is None:
                shared = cmp.shared_deals(con)
            else:
                found = cmp.compare_deal(con, deal, offset=offset, limit=page)
        except cmp.DealNotFound as exc:
            _err.print(f"error: {exc}")
            raise typer.Exit(1) from None
        except duckdb.Error as exc:
            _err.print(f"error: {exc}")
            raise typer.Exit(1) from None
    if deal is None:
        if as_json:
            typer.echo(json.dumps(shared, ensure_ascii=False))
        elif not shared:
            _err.print("no deal was played at two or more tables; ingest the same deal from several tables "
                       "(every seat's deal line and the blind written)")
        else:
            for d in shared:
                sys.stdout.write(f"{d['deal_id']}  {d['tables']} tables  {d['sessions']} sessions  "
                                 f"{d['first_date'] or '-'}  first hand {d['first_hand']}\n")
        return
    if not found.tables:  # --offset at or past the last table
        _err.print(f"error: --offset {offset}: deal {found.deal_id} was dealt at {found.total} table(s) "
                   f"(--offset 0 to {found.total - 1})")
        raise typer.Exit(1)
    if as_json:
        typer.echo(json.dumps(found.as_json(), ensure_ascii=False))
        return
    from rich.table import Table  # noqa: PLC0415

    first, last = found.offset + 1, found.offset + len(found.tables)
    span = f"table {first}" if first == last else f"tables {first}–{last}"
    shown = f"{found.total} table(s)" if len(found.tables) == found.total else f"{span} of {found.total:,}"
    console = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
    rows = cmp.comparison_rows(found)
    for k, (lo, hi) in enumerate(_column_chunks(rows, console.width)):
        # the page's tables side by side, in as many stacked blocks as the terminal's width needs (each block
        # repeats the row labels), so a cell is never cut short
        t = Table(title=f"deal {found.deal_id}: {shown}; blind {' '.join(found.blind)}" if k == 0 else None,
                  title_justify="left", show_header=False)
        for _ in range(hi - lo + 1):
            t.add_column("")
        for label, cells in rows:
            t.add_row(label, *cells[lo:hi])
        if k:
            console.print()
        console.print(t)
    if len(found.tables) < found.total:  # how to see the others (a hint: on standard error)
        nxt = f"shead compare {found.deal_id} --offset {last}" + (f" --limit {limit}" if limit else "")
        _err.print(f"{span} of {found.total:,} shown, in the order they were stored; "
                   + (f"the next: {nxt}; " if last < found.total else "") + "every table: --all",
                   markup=False, highlight=False)


@app.command()
def deals(db: Optional[Path] = DbOption,
          group: Optional[str] = typer.Option(None, "--group", help="Only this group's hands (its Event tag)."),
          session: Optional[str] = typer.Option(None, "--session", help="Only this session's hands."),
          level: float = typer.Option(0.01, "--level", min=1e-9, max=0.5, help="Reject fairness below this p-value."),
          as_json: bool = typer.Option(False, "--json", help="Print every test as JSON.")) -> None:
    """Fair-deal tests (issue 18): the stored full five-handed deals against the hypergeometric law of a fair
    shuffle — trumps, queens and jacks per position, the blind's contents, the picker's chair — each with its
    chi-square statistic and p-value.  Exit 0 whatever the verdict (1 only when there is nothing to test)."""
    from ingest import deal_summary as _deal_summary  # noqa: PLC0415
    from ingest import fair_deals as fd  # noqa: PLC0415

    with _open_read(db) as con:
        try:
            counts = _deal_summary.load_counts(con, group=group, session=session)  # migration 022 (issue 17)
        except duckdb.Error as exc:
            _err.print(f"error: {exc}")
            raise typer.Exit(1) from None
    try:
        results = fd.deal_tests_from_counts(counts, level)
    except ValueError as exc:
        _err.print(f"error: {exc}; {counts.get(('full', 0), {}).get(0, 0)} full deal(s) stored"
                   + (" for the filters" if group or session else "")
                   + " (a full deal has every deal line, the blind and the dealer)")
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps({"deals": results[0].deals, "level": level,
                               "tests": [r.as_json() for r in results]}, ensure_ascii=False))
        return
    from rich.table import Table  # noqa: PLC0415

    t = Table(title=f"fair-deal tests over {results[0].deals:,} full deals (reject below p = {level:g})",
              title_justify="left")
    for col in ("test", "law", "cells", "chi-square", "df", "p-value", "verdict"):
        t.add_column(col, justify="left" if col in ("test", "law", "verdict") else "right")
    for r in results:
        t.add_row(r.name, r.law, str(len(r.observed)), "-" if r.statistic is None else f"{r.statistic:.2f}",
                  str(r.df), "-" if r.p_value is None else f"{r.p_value:.4g}", r.verdict.upper() if r.rejects
                  else r.verdict)
    Console(highlight=False, soft_wrap=True, markup=False, emoji=False).print(t)
    bad = [r.name for r in results if r.rejects]
    if any(r.p_value is None for r in results):
        _err.print("some tests need more deals: each needs at least two cells of 5 or more expected hands "
                   "(a few hundred deals)")
    if bad:
        _err.print(f"{len(bad)} of {len(results)} test(s) reject a fair shuffle at {level:g}: {'; '.join(bad)} "
                   f"(about {len(results) * level:.2g} would by chance alone)")


# --------------------------------------------------------------------------
# serve, token
# --------------------------------------------------------------------------


@app.command()
def serve(db: Optional[Path] = DbOption,
          host: str = typer.Option("127.0.0.1", help="Address to listen on (loopback by default; beyond it only "
                                   "once a token exists)."),
          port: int = typer.Option(8765, min=0, max=65535, help="Port (0: a free one)."),
          hold: float = typer.Option(1.0, min=0.0, help="Seconds the service holds the database's lock before "
                                     "letting readers (the dashboard) in."),
          log_file: Optional[Path] = typer.Option(None, "--log-file", help="Append the request log here "
                                                  "(default standard error).", dir_okay=False)) -> None:
    """Serve the hand log over HTTP (docs/service.md): post hands, read hands, replays, sessions, the ledger
    and the metrics, each group with its own tokens."""
    from dashboard.service import serve as run  # noqa: PLC0415 - fastapi and uvicorn load only here

    raise typer.Exit(run(db, host, port, hold=hold, log_file=log_file, echo=lambda m: _err.print(m, markup=False)))


token_app = typer.Typer(help="Access tokens of `shead serve`: one group each, scorer (read and post) or viewer "
                             "(read).", no_args_is_help=True)
app.add_typer(token_app, name="token")


def _token_db(db: Path | None, *, must_exist: bool = False):
    if must_exist and not st.resolve_db(db).exists():  # listing or revoking never creates a database
        _err.print(f"error: {st.resolve_db(db)}: no database here (run `shead ingest` first, or pass --db)")
        raise typer.Exit(1)
    try:
        return st.connect(db, read_only=False)
    except st.StoreError as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None


@token_app.command("add")
def token_add(group: str = typer.Argument(..., help="The group: its hands' [Event] tag, as written."),
              role: str = typer.Option(..., "--role", help="scorer (read and post) or viewer (read only)."),
              db: Optional[Path] = DbOption) -> None:
    """Make a token for GROUP; the token is printed once, as the last line."""
    from ingest import tokens as tk  # noqa: PLC0415

    if role not in tk.ROLES:
        _err.print(f"error: --role {role!r}: expected scorer or viewer")
        raise typer.Exit(2)
    con = _token_db(db)
    try:
        row, token = tk.add_token(con, _nfc(group), role)  # as the stored [Event] is read (break18 F12)
    except tk.TokenError as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(2) from None
    finally:
        con.close()
    _err.print(f"token {row.token_id} for group {row.group!r}, role {row.role}; it is shown only now, keep it:")
    typer.echo(token)


@token_app.command("list")
def token_list(db: Optional[Path] = DbOption,
               as_json: bool = typer.Option(False, "--json", help="One JSON array on stdout.")) -> None:
    """List the tokens (id, group, role, prefix, made, revoked); never their text."""
    from ingest import tokens as tk  # noqa: PLC0415

    con = _token_db(db, must_exist=True)
    try:
        rows = tk.list_tokens(con)
    finally:
        con.close()
    if as_json:
        typer.echo(json.dumps([{"id": r.token_id, "group": r.group, "role": r.role, "prefix": r.prefix,
                                "created_at": r.created_at.isoformat(timespec="seconds"),
                                "revoked_at": r.revoked_at.isoformat(timespec="seconds") if r.revoked_at else None}
                               for r in rows], ensure_ascii=False))
        return
    if not rows:
        _err.print("no tokens yet: make one with `shead token add GROUP --role scorer`")
        return
    from rich.table import Table  # noqa: PLC0415

    t = Table("id", "group", "role", "prefix", "made (UTC)", "revoked (UTC)")
    for r in rows:
        t.add_row(str(r.token_id), r.group, r.role, r.prefix + "…", r.created_at.strftime("%Y-%m-%d %H:%M"),
                  r.revoked_at.strftime("%Y-%m-%d %H:%M") if r.revoked_at else "")
    Console(highlight=False, markup=False, emoji=False).print(t)  # group names are text


@token_app.command("revoke")
def token_revoke(token: str = typer.Argument(..., help="A token id, its prefix as `shead token list` shows it, "
                                             "or the token."),
                 db: Optional[Path] = DbOption) -> None:
    """Revoke a token: the service refuses it from its next request on."""
    from ingest import tokens as tk  # noqa: PLC0415

    con = _token_db(db, must_exist=True)
    try:
        row = tk.revoke_token(con, token)
    except tk.TokenError as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    finally:
        con.close()
    _err.print(f"token {row.token_id} ({row.group!r}, {row.role}) revoked at {row.revoked_at:%Y-%m-%d %H:%M} UTC")


# --------------------------------------------------------------------------
# analyze (issue 16: double-dummy best play for every card)
# --------------------------------------------------------------------------


def _print_analysis(doc: dict) -> None:
    pp, ap = doc["dd_picker_points"], doc["actual_picker_points"]
    who = "declaring party" if doc["game"] == "schafkopf" else "picker's side"
    typer.echo(f"hand id {doc['hand_id']}: the {who} ({doc['picker']}) takes {pp} card points with best play by "
               f"both sides (every hand known), {ap if ap is not None else '?'} as played")
    if doc.get("dd_outcome") is not None:
        typer.echo(f"  best play: {doc['dd_outcome']}, {doc['picker']} {doc['dd_units']:+d} units; as played: "
                   f"{doc['actual_outcome']}, {doc['picker']} "
                   f"{doc['actual_units']:+d} units" if doc.get("actual_units") is not None else
                   f"  best play: {doc['dd_outcome']}")
    for c in doc["cards"]:
        mark = "  " if not c["cost"] else "? " if c["cost"] < 10 else "??"
        line = f"  t{c['trick']} {c['seat']:>3} {c['card']:<3} {mark}"
        if c["cost"]:
            line += f" costs {c['cost']} card points; best {' '.join(c['best'])}"
            if c["units_cost"]:
                line += f" and {c['units_cost']} units (the tier changes)"
        typer.echo(line.rstrip())
    costly = sum(1 for c in doc["cards"] if c["cost"])
    typer.echo(f"{len(doc['cards'])} cards, {costly} gave card points away")


@app.command()
def analyze(hand: Optional[str] = typer.Argument(None, help='A hand id, "SESSION#N" or a content hash.'),
            db: Optional[Path] = DbOption,
            as_json: bool = typer.Option(False, "--json", help="Print the analysis as JSON."),
            all_hands: bool = typer.Option(False, "--all", help="Analyse every stored hand not analysed yet, with "
                                                                "a progress bar; results are stored."),
            players: bool = typer.Option(False, "--players", help="Print each player's mean cost per card and "
                                                                   "costliest cards over the analysed hands."),
            session: Optional[str] = typer.Option(None, "--session", help="With --players: one session only."),
            again: bool = typer.Option(False, "--again", help="Recompute a stored analysis.")) -> None:
    """Best play for every card with all hands known (double dummy): the best card(s), what each card played
    cost in card points (and units where the tier changes), and the hand's best-play result beside the actual."""
    from ingest import analyze as an  # noqa: PLC0415

    if all_hands:
        _analyze_all(db, as_json)
        return
    if players:
        with _open_read(db) as con:
            rows = an.player_summary(con, session)
        if as_json:
            typer.echo(json.dumps(rows, ensure_ascii=False))
            return
        if not rows:
            _err.print("no analysed hands yet: run `shead analyze --all` (or `shead analyze HAND`) first")
            raise typer.Exit(1)
        from ingest.rounding import fixed  # noqa: PLC0415 - the one rounding of a displayed mean (metrics31 F6)

        for r in rows:
            worst = "; ".join(f"hand id {w['hand_id']} t{w['trick']} {w['card']} -{w['cost']} (best "
                              f"{' '.join(w['best'])})" for w in r["costliest"])
            typer.echo(f"{r['player']}: {r['cards']} cards, mean cost {fixed(r['mean_cost'], 2)} card points per card"
                       + (f"; costliest: {worst}" if worst else ""))
        return
    if hand is None:
        _err.print("error: name a hand (a hand id, \"SESSION#N\" or a content hash), or pass --all or --players")
        raise typer.Exit(2)
    try:
        with st.reading(db) as con:
            found = st.find_hand(con, hand)
            fmt, text = st.session_text(con, found.hand_id) if found is not None else ("shn", "")
            doc = an.stored_analysis(con, found) if found is not None and not again else None
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    if found is None:
        _no_hand(hand, db=db)
    if doc is None:
        try:
            start, result, secs = an.analyse_stored(found, fmt, text)
        except an.AnalyzeError as exc:
            _err.print(f"error: {exc}")
            raise typer.Exit(1) from None
        doc = an.analysis_json(found, start, result)
        try:
            con = st.connect(db, read_only=False)
            try:
                an.store_analysis(con, doc, result.nodes, secs)
            finally:
                con.close()
        except (st.StoreError, duckdb.Error) as exc:
            _err.print(f"note: the analysis was not stored ({exc})")
    if as_json:
        typer.echo(json.dumps(doc, ensure_ascii=False))
    else:
        _print_analysis(doc)


def _analyze_all(db: Path | None, as_json: bool) -> None:
    from ingest import analyze as an  # noqa: PLC0415

    with _open_read(db) as con:
        ids = an.pending_hands(con)
    if not ids:
        _err.print("every stored hand with a card log is analysed (or none has one); nothing to do")
        if as_json:
            typer.echo(json.dumps({"analysed": 0, "skipped": []}))
        return
    with Progress(TextColumn("analysing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.description}"), console=_err, transient=True) as progress:
        task = progress.add_task("", total=len(ids))
        done, skipped = an.analyse_ids(db, ids, lambda i, n, label: progress.update(task, completed=i,
                                                                                   description=label))
    _err.print(f"analysed {done} hands; skipped {len(skipped)}")
    for hid, why in skipped[:20]:
        _err.print(f"  hand id {hid}: {why}")
    if len(skipped) > 20:
        _err.print(f"  ... and {len(skipped) - 20} more")
    if as_json:
        typer.echo(json.dumps({"analysed": done, "skipped": [{"hand_id": h, "reason": r} for h, r in skipped]}))


# --------------------------------------------------------------------------
# dashboard, demo, bench
# --------------------------------------------------------------------------


def _again(command: str, db: Path | None, host: str) -> str:
    """``shead COMMAND`` with the user's --db and --host, for a message offering another --port."""
    import shlex  # noqa: PLC0415

    return " ".join(["shead", command, *(["--db", shlex.quote(str(db))] if db is not None else []),
                     *(["--host", shlex.quote(host)] if host != "127.0.0.1" else [])])


def _port_busy(command: str, db: Path | None, host: str, port: int) -> bool:
    """Whether ``host:port`` cannot be listened on now, said with what to do
    (dash26 F2: before the address is announced, and by ``shead demo`` before
    its ingest)."""
    from dashboard.launch import port_taken  # noqa: PLC0415 - streamlit loads only for the dashboard's commands

    busy = port_taken(host, port, _again(command, db, host))
    if busy is not None:
        _err.print(f"error: {busy}", markup=False, highlight=False)
    return busy is not None


def _launch(db: Path | None, host: str, port: int, login: bool | None = None, command: str = "dashboard") -> int:
    try:
        from dashboard.launch import launch, refusal  # noqa: PLC0415 - streamlit loads only here
    except ImportError as exc:
        _err.print(f"error: the dashboard is not available: {exc}")
        return 1
    try:
        why = refusal(db, host)  # beyond loopback only once a token exists (as `shead serve`)
    except st.StoreError as exc:
        _err.print(f"error: {exc}")
        return 1
    if why is not None:
        _err.print(f"error: {why}", markup=False)
        return 2
    if _port_busy(command, db, host, port):
        return 1
    _err.print(f"dashboard on http://{host}:{port} (database {st.resolve_db(db)}); Ctrl-C stops it", markup=False)
    from dashboard.service import is_loopback  # noqa: PLC0415

    if login or (login is None and not is_loopback(host)):
        _err.print("every visitor signs in with a token (`shead token add GROUP --role scorer|viewer`) and sees "
                   "only that group's hands", markup=False)
    extra = {} if login is None else {"login": login}  # None: launch() asks exactly beyond loopback
    return launch(db=st.resolve_db(db), host=host, port=port, **extra) or 0


@app.command()
def dashboard(db: Optional[Path] = DbOption,
              host: str = typer.Option("127.0.0.1", help="Address to bind (localhost by default; beyond it only "
                                       "once a token exists, and every visitor signs in)."),
              port: int = typer.Option(8501, help="Port."),
              login: bool = typer.Option(False, "--login", help="Ask for a token on loopback too.")) -> None:
    """Start the Streamlit dashboard on the database."""
    raise typer.Exit(_launch(db, host, port, login=True if login else None))


_SHIPPED_DATA = Path(__file__).resolve().parents[1] / "data"


@app.command()
def demo(db: Optional[Path] = DbOption,
         data: Optional[Path] = typer.Option(None, help="Folder of hand logs to ingest first "
                                             "(default: ./data, else the data/ shipped beside the code)."),
         host: str = typer.Option("127.0.0.1"), port: int = typer.Option(8501),
         ingest_only: bool = typer.Option(False, "--ingest-only", help="Ingest, do not start the dashboard.")) -> None:
    """Ingest everything under data/ (recursively) into the database, then start the dashboard."""
    if data is None:
        data = Path("data") if Path("data").is_dir() else _SHIPPED_DATA
    if not data.is_dir():
        _err.print(f"error: {data}: no such folder")
        raise typer.Exit(2)
    if not ingest_only and _port_busy("demo", db, host, port):  # said before the ingest and the database made
        raise typer.Exit(1)
    from ingest import store as st  # noqa: PLC0415

    try:  # a database that cannot be opened (not a DuckDB file, no permission): said once, no dashboard on it
        st.Store(db).open()  # made (migrations applied) and released
    except st.StoreError as exc:  # (break17 F5: "the good hands were stored", then the dashboard started)
        _err.print(f"error: {exc}", markup=False, highlight=False)
        raise typer.Exit(1) from None
    code = run_ingest([str(data)], db, strict=False, as_json=False, name_docs=False)
    if code:
        _err.print("some files had errors (above); the good hands were stored")
    if ingest_only:
        raise typer.Exit(code)
    raise typer.Exit(_launch(db, host, port, command="demo"))


@app.command()
def bench(hands: int = typer.Option(20_000, "--hands", "-n", min=1, help="Hands to generate."),
          per_file: int = typer.Option(1_000, "--per-file", min=1, help="Hands per generated file."),
          seed: int = typer.Option(1, help="Generator seed."),
          rules: str = typer.Option("wi5-called-ace", help="Rule profile of the generated hands."),
          db: Optional[Path] = typer.Option(None, "--db", help="A database file that does not exist yet, to keep "
                                            "(default: a temporary one, removed afterwards).", callback=_db_given, parser=_db_text),
          pokerkit: bool = typer.Option(True, "--pokerkit/--no-pokerkit",
                                        help="Time pokerkit's PHH load and replay too, where it is installed."),
          group_hands: Optional[int] = typer.Option(None, "--group-hands", min=0,
                                                    help="Hands of files stored in one transaction, as shead ingest "
                                                         "stores a folder (default 10,000; 0: each file alone).")
          ) -> None:
    """Ingest N generated hands into a fresh database; print hands/s, each stage's share and bytes/hand."""
    from ingest import bench as b  # noqa: PLC0415 - only bench needs it

    if db is not None and Path(db).exists():
        _err.print(f"error: {db} exists; bench needs a fresh database")
        raise typer.Exit(2)
    for line in b.main_run(hands, per_file, seed, rules, db, b.machine_line(), poker=pokerkit,
                           group_hands=group_hands):
        typer.echo(line)


@app.command("rules")
def rules_cmd(text: Optional[str] = typer.Argument(None, metavar="[RULES]",
                                                   help='A [Rules] text, e.g. "wi5-called-ace; doubleOnBump=off".')) -> None:
    """The named rule profiles, a line each; or, given a [Rules] text, every flag it gives, marking those the text
    sets (rules.md J, docs/profiles.md).  A text the judge would refuse is named with why, exit 1."""
    from ingest import rules_info  # noqa: PLC0415
    from replay.errors import ShedError  # noqa: PLC0415

    out = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
    if text is None:
        for line in rules_info.catalogue():
            out.print(line)
        return
    try:
        lines = rules_info.explain(text)
    except ShedError as exc:
        d = exc.diagnostic
        _err.print(f"error: {d.code}: {with_found(d.message, d.found, d.expected)}", markup=False, highlight=False)
        raise typer.Exit(1) from None
    for line in lines:
        out.print(line)


@app.command()
def race(db: Optional[Path] = DbOption,
         session: list[str] = typer.Option([], "--session", help="Only sessions whose name contains this; may "
                                           "repeat."),
         group: list[str] = typer.Option([], "--group", help="Group (Event tag); may repeat."),
         player: list[str] = typer.Option([], "--player", help="Only sessions with this player; may repeat."),
         as_json: bool = typer.Option(False, "--json", help="Print the games as a JSON list of objects.")) -> None:
    """The Indiana race to 24 (rules.md F-5) over each session: every player's running race score hand by hand,
    the hand that ends each game (24 reached or a best won; the next hand starts a new game) and the games won
    per player (docs/profiles.md "Indiana four-handed (F-5)")."""
    import dashboard.metrics as metrics  # noqa: PLC0415 - the dashboard's own race queries, one place for both

    f = metrics.Filters(groups=tuple(map(_nfc, group)), players=tuple(map(_nfc, player)), game="indiana")
    with _open_read(db) as con:
        try:
            games = metrics.indiana_games(con, f)
            hands = metrics.indiana_race_hands(con, f)
        except duckdb.Error as exc:
            _err.print(f"error: {exc}")
            raise typer.Exit(1) from None
    if session:
        keep = [n for n in games["session"].unique().to_list() if any(p in n for p in session)]
        games = games.filter(games["session"].is_in(keep))
        hands = hands.filter(hands["session"].is_in(keep))
    if as_json:
        typer.echo(json.dumps([{**g, "date": g["date"].isoformat() if g["date"] else None}
                               for g in games.drop("session_id").to_dicts()], ensure_ascii=False))
        return
    if games.is_empty():
        _err.print("no stored Indiana hand matches; ingest a file with [Rules \"in4\"] hands (docs/profiles.md)")
        return
    from rich.table import Table  # noqa: PLC0415

    out = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
    won: dict[str, list[int]] = {}
    for sid in games["session_id"].unique(maintain_order=True).to_list():
        sg = games.filter(games["session_id"] == sid)
        sh = hands.filter(hands["session_id"] == sid)
        players = sh["player"].unique(maintain_order=True).to_list()
        for g in sg.to_dicts():
            span = (f"hand {g['first_hand']}" if g["first_hand"] == g["last_hand"]
                    else f"hands {g['first_hand']}..{g['last_hand']}")
            title = f"{g['session']}: game {g['game']} ({span})"
            t = Table(title=title, title_justify="left")
            t.add_column("hand", justify="right")
            for p in players:
                t.add_column(p, justify="right")
            t.add_column("")
            gh = sh.filter(sh["game"] == g["game"])
            for hand in gh["hand"].unique(maintain_order=True).to_list():
                rows = {r["player"]: r for r in gh.filter(gh["hand"] == hand).to_dicts()}
                note = ""
                if any(r["ends"] for r in rows.values()):
                    note = (f"{' and '.join(g['winners'])} "
                            + ("won a best: the game ends" if g["how"] == "best" else "reached 24: the game ends"))
                t.add_row(str(hand), *(str(rows[p]["score"]) if p in rows else "" for p in players), note)
            out.print(t)
            if g["gaps"]:
                out.print(f"  hands {', '.join(map(str, g['gaps']))} are not stored: this game's race is not fully "
                          "known", markup=False)
            if not g["finished"]:
                out.print("  open: nobody has reached 24 yet", markup=False)
            for p in players:
                won.setdefault(p, [0, 0])
                if p in gh["player"].to_list():
                    won[p][1] += 1
                    won[p][0] += p in g["winners"]
    t = Table(title="Games won", title_justify="left")
    for col in ("player", "games won", "games played"):
        t.add_column(col, justify="left" if col == "player" else "right")
    for p, (w, n) in sorted(won.items(), key=lambda kv: (-kv[1][0], kv[0])):
        t.add_row(p, str(w), str(n))
    out.print(t)


if __name__ == "__main__":  # pragma: no cover
    app()
