"""The ``shead`` command line (design.md 5).

Exit codes: 0 all went well, 1 an input was rejected (a bad hand, an
unreadable file, a hand not found), 2 a usage error.  Progress and messages
go to standard error; standard output carries only what a program reads
(``--json``, exports to ``-``).
"""

from __future__ import annotations

import glob
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Optional

import duckdb
import typer
from rich.console import Console
from rich.markup import escape as rich_escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ingest import store as st
from ingest.model import FileResult
from replay.errors import Diagnostic

app = typer.Typer(name="shead", help="The Sheepshead hand log: ingest, replay, export.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False)

# markup off: every message carries paths, names and file text, never Rich markup ("[bold]" in a path is text)
_err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)

DbOption = typer.Option(None, "--db", help="Database file (default $SHEAD_DB, else data/shead.duckdb).",
                        dir_okay=False)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"shead {st.ENGINE_VERSION}")
        raise typer.Exit(0)


@app.callback()
def main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Print the version and exit.")) -> None:
    """The Sheepshead hand log."""


# --------------------------------------------------------------------------
# ingest
# --------------------------------------------------------------------------

_GLOB_CHARS = set("*?[")


def expand_paths(paths: list[str]) -> tuple[list[Path], list[str], list[Diagnostic]]:
    """Files to ingest from command-line ``paths`` (files, folders searched
    recursively, globs), the files skipped (inside a folder: neither ``.shn``
    nor a NetSchafkopf protocol), and an error per path that names nothing."""
    files: list[Path] = []
    skipped: list[str] = []
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
                if p.suffix.lower() == ".shn" or _sniff_protocol(p):
                    add(p)
                else:
                    skipped.append(str(p))

    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            walk(p)
        elif p.is_file():
            add(p)
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
        else:
            errors.append(Diagnostic("E-FILE-MISSING", "no such file or folder", file=raw))
    return files, skipped, errors


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


def load_file(path: Path, prior=None) -> tuple[FileResult, str]:
    """Read and validate one file: ``(result, source format)`` (see
    :func:`load_bytes`; ``prior``: a session's stored hands, for the carry).
    An unreadable file comes back as a result with a file-level error and no
    hands."""
    data, problem = _read_bytes(path)
    if problem is not None:
        return FileResult(path=str(path), errors=[problem]), "netschafkopf" if _sniff_protocol(path) else "shn"
    return load_bytes(str(path), data, prior)


def load_bytes(name: str, data: bytes, prior=None) -> tuple[FileResult, str]:
    """Read and validate one file's bytes: ``(result, source format)``; the
    one path of ``shead ingest`` and the dashboard's Import page.  A ``.shn``
    file, or any file that does not look like a NetSchafkopf protocol, goes
    through the SHN validator; a protocol through the NetSchafkopf reader.
    Empty or wrongly encoded files come back as a result with a file-level
    error and no hands; a bug in a reader is reported as ``E-INTERNAL``
    instead of stopping the other files.  ``prior`` (e.g.
    :meth:`ingest.store.Store.prior_hands`) seeds each session's doubler
    stake and pot from its stored hands (rules.md D-11, D-12, D-19;
    docs/storage.md "Session carry")."""
    from ingest.netschafkopf import looks_like_protocol, read_protocol  # noqa: PLC0415
    from ingest.validate import validate_text  # noqa: PLC0415 - the engine loads only when needed

    fmt = "shn" if name.lower().endswith(".shn") or not looks_like_protocol(data[:4096]) else "netschafkopf"
    problem = _empty(data, name)
    text = None
    if problem is None and fmt == "shn":
        # bytes that are not UTF-8 stay in the text as surrogates: the reader
        # reports each at its line and character column and keeps the other
        # hands (notation.md §2.1); a file with no valid text at all is refused
        text = data.decode("utf-8", "surrogateescape")
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            problem = Diagnostic("E-ENCODING", "the file is UTF-16 text; SHN files are UTF-8", file=name, line=1,
                                 col=1, found="a UTF-16 byte-order mark", expected="UTF-8 text")
    if problem is not None:
        return FileResult(path=name, errors=[problem]), fmt
    try:
        if fmt == "netschafkopf":
            return read_protocol(data, name), fmt
        return validate_text(text, path=name, prior=prior), fmt
    except st.StoreError:  # the database (busy past the lock timeout): said once by the caller, not per file
        raise
    except Exception as exc:  # a bug in a reader must not stop the other files
        return FileResult(path=name, errors=[_internal(name, exc)]), fmt


def _internal(name: str, exc: Exception) -> Diagnostic:
    return Diagnostic("E-INTERNAL", f"the reader failed on this file: {type(exc).__name__}: {exc}", file=name)


def _rejected_entries(report: st.IngestReport) -> list[dict]:
    out = []
    for d in report.file_errors:
        if d.severity == "error":
            out.append({"file": d.file or report.path, "line": d.line, "col": d.col, "hand": d.hand,
                        "code": d.code, "message": d.message})
    for r in report.rejected:
        d = r.errors[0] if r.errors else Diagnostic("E-UNKNOWN", "rejected")
        out.append({"file": d.file or r.source_file or report.path, "line": d.line or r.source_line,
                    "col": d.col, "hand": r.hand if r.hand is not None else d.hand, "code": d.code,
                    "message": d.message})
    return out


def _where(e: dict) -> str:
    hand = f" (hand {e['hand']})" if e.get("hand") is not None else ""
    return f"{e['file']}:{e['line']}:{e['col']}: {e['code']}{hand}: {e['message']}"


def run_ingest(paths: list[str], db: Path | None, strict: bool, as_json: bool) -> int:
    """``shead ingest``; returns the exit code."""
    files, skipped, path_errors = expand_paths(paths)
    totals = {"ingested": 0, "duplicates": 0, "rejected": []}
    hands_rejected = 0
    file_errors = len(path_errors)
    for s in skipped:
        _err.print(f"{s}: skipped (not an SHN file (.shn) nor a NetSchafkopf protocol)")
    for d in path_errors:
        entry = {"file": d.file, "line": 0, "col": 0, "hand": None, "code": d.code, "message": d.message}
        totals["rejected"].append(entry)
        _err.print(f"{d.file}: {d.code}: {d.message}")
    store = st.Store(db)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=_err, transient=True, disable=not files)
    try:
        with progress:
            task = progress.add_task("ingesting", total=len(files))
            for path in files:
                progress.update(task, description=f"ingesting {rich_escape(path.name)}")  # the column renders markup
                result, fmt = load_file(path, store.prior_hands)
                try:
                    report = store.ingest_file(result, strict=strict, source_format=fmt)
                except st.StoreBusy:
                    raise
                except Exception as exc:  # noqa: BLE001 - one file's failure must not stop the others
                    d = Diagnostic("E-STORE", f"storing this file failed, nothing of it was stored: "
                                   f"{type(exc).__name__}: {exc}", file=str(path), line=1, col=1)
                    report = st.IngestReport(path=str(path), file_errors=[d], committed=False)
                entries = _rejected_entries(report)
                totals["ingested"] += report.stored
                totals["duplicates"] += report.duplicates
                totals["rejected"].extend(entries)
                n_file = sum(1 for d in report.file_errors if d.severity == "error")
                hands_rejected += len(report.rejected)
                file_errors += n_file
                line = f"{path}: {report.stored} stored, {report.duplicates} duplicates, " \
                       f"{len(report.rejected)} rejected" + (f", {n_file} file error(s)" if n_file else "") \
                       + (f", {report.rederived} earlier-stored hand(s) of its sessions re-derived (stake/pot)"
                          if report.rederived else "")
                if not report.committed:
                    why = f"--strict: the file has {len(entries)} error(s)" if strict else "see the error below"
                    line = f"{path}: nothing stored ({why})"
                progress.console.print(line)
                for e in entries:
                    progress.console.print("  " + _where(e), markup=False, highlight=False)
                for d in report.file_errors:  # a file-level warning (a Windows-1252 byte in a tag read as such)
                    if d.severity != "error":
                        progress.console.print(f"  {d.file or path}:{d.line}:{d.col}: warning {d.code}: {d.message}",
                                               markup=False, highlight=False)
                for h in result.hands:  # stored with a warning: an agreed result, a ruled renege, a partial log
                    for d in h.diagnostics:
                        progress.console.print(f"  {d.file or path}:{d.line}:{d.col}: warning {d.code}"
                                               f"{f' (hand {d.hand})' if d.hand is not None else ''}: {d.message}",
                                               markup=False, highlight=False)
                progress.advance(task)
    except st.StoreError as exc:
        store.close()
        _err.print(f"error: {exc}")
        if as_json:
            typer.echo(json.dumps(totals))
        return 1
    store.close()
    n_rej = len(totals["rejected"])  # rejected hands and file-level errors: either makes the exit code 1
    _err.print(f"total: {totals['ingested']} stored, {totals['duplicates']} duplicates (already stored), "
               f"{hands_rejected} rejected hand(s)" + (f", {file_errors} file error(s)" if file_errors else "")
               + f", from {len(files)} file(s) into {store.path}")
    if as_json:
        typer.echo(json.dumps(totals, ensure_ascii=False))
    return 1 if n_rej else 0


@app.command()
def ingest(paths: list[str] = typer.Argument(..., metavar="PATH...",
                                             help="SHN files, NetSchafkopf protocols, folders or globs."),
           db: Optional[Path] = DbOption,
           strict: bool = typer.Option(False, "--strict", help="Store nothing from a file with a bad hand."),
           as_json: bool = typer.Option(False, "--json", help="Print one JSON summary object on stdout.")) -> None:
    """Validate hand logs by replaying every hand and store the good hands."""
    raise typer.Exit(run_ingest(paths, db, strict, as_json))


# --------------------------------------------------------------------------
# replay, export, rederive
# --------------------------------------------------------------------------


def _open_read(db: Path | None):
    try:
        return st.reading(db)
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None


def _frame_json(f, seats: list[str]) -> dict:
    def seat(i):
        return seats[i] if i is not None else None

    return {"step": f.step, "trick": f.trick,
            "card": [seat(f.card[0]), str(f.card[1])] if f.card else None,
            "trick_cards": [[seat(s), str(c)] for s, c in f.trick_cards], "winning": seat(f.winning),
            "trick_done": f.trick_done, "leader": seat(f.leader), "picker_points": f.picker_points,
            "defender_points": f.defender_points, "picker": seat(f.picker), "partner": seat(f.partner),
            "multiplier": f.multiplier, "done": f.done,
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


@app.command()
def replay(hand: str = typer.Argument(..., help='A hand id, "SESSION#N" or a content hash.'),
           db: Optional[Path] = DbOption,
           as_json: bool = typer.Option(False, "--json", help="Print the stored hand and its replay frames "
                                                               "as JSON.")) -> None:
    """Show a stored hand trick by trick, replayed by the engine from its stored text."""
    from ingest.render import render_frames, render_hand, render_schafkopf  # noqa: PLC0415

    try:
        with st.reading(db) as con:
            found = st.find_hand(con, hand)
            fmt, text = st.session_text(con, found.hand_id) if found is not None else ("shn", "")
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    if found is None:
        shown = hand if len(hand) <= 40 else hand[:37] + "..."
        _err.print(f"error: no stored hand {shown!r} (expected a hand id, \"SESSION#N\" or a content hash)")
        raise typer.Exit(1)
    frames = []
    sk_state = None
    if found.outcome.game == "schafkopf" and found.cardlog is not None:  # NetSchafkopf or SHN-SK
        from ingest.schafkopf_hand import replay_schafkopf_stored  # noqa: PLC0415

        try:
            sk_state, frames = replay_schafkopf_stored(found, fmt, text)
        except ValueError as exc:
            _err.print(f"note: the current engine stops on this game ({exc}); showing the stored card log")
    elif fmt == "shn" and found.cardlog is not None:
        from ingest.validate import replay_text  # noqa: PLC0415

        rep = replay_text(text, hand=found.outcome.hand, path=found.file)
        if rep.errors:
            _err.print(f"note: the current engine stops on this hand ({rep.errors[0]}); "
                       "showing the stored card log")
        else:
            frames = rep.frames
    seats = list(found.outcome.players)
    if as_json:
        typer.echo(json.dumps({"hand_id": found.hand_id, "hash": found.hash, "file": found.file,
                               "line": found.line, "outcome": asdict(found.outcome),
                               "cardlog": asdict(found.cardlog) if found.cardlog else None,
                               "source": found.source,
                               "frames": [_sk_frame_json(f, seats) if sk_state is not None else _frame_json(f, seats)
                                          for f in frames]},
                              ensure_ascii=False))
    elif sk_state is not None:
        sys.stdout.write(render_schafkopf(found, sk_state, frames))
    else:
        sys.stdout.write(render_frames(found, frames) if frames else render_hand(found))


@app.command()
def export(fmt: str = typer.Option(..., "--format", help="shn, jsonl, csv or parquet."),
           out: Optional[Path] = typer.Option(None, "--out", help="Output file (a folder for parquet); "
                                                                  "default standard output."),
           db: Optional[Path] = DbOption) -> None:
    """Write every stored hand out as SHN, JSONL, CSV or hive-partitioned Parquet."""
    from ingest import export as ex  # noqa: PLC0415

    fmt = fmt.lower()
    writers = {"shn": ex.export_shn, "jsonl": ex.export_jsonl, "csv": ex.export_csv}
    if fmt not in writers and fmt != "parquet":
        _err.print(f"error: unknown format {fmt!r} (expected shn, jsonl, csv or parquet)")
        raise typer.Exit(2)
    if fmt == "parquet" and out is None:
        _err.print("error: --format parquet writes a folder: give it with --out PATH")
        raise typer.Exit(2)
    skipped = 0
    try:
        with st.reading(db) as con:
            if fmt == "shn":
                skipped = ex.non_shn_hands(con)
            if fmt == "parquet":
                n = ex.export_parquet(con, out)
            elif out is None or str(out) == "-":
                n = writers[fmt](con, sys.stdout)
                sys.stdout.flush()
            else:
                out.parent.mkdir(parents=True, exist_ok=True)
                with open(out, "w", encoding="utf-8", newline="") as fh:
                    n = writers[fmt](con, fh)
    except (st.StoreError, duckdb.Error) as exc:
        _err.print(f"error: {exc}")
        raise typer.Exit(1) from None
    except BrokenPipeError:  # `shead export | head`: the reader has what it wanted
        sys.stderr.close()
        raise typer.Exit(0) from None
    except OSError as exc:
        _err.print(f"error: cannot write {out if out is not None else 'standard output'}: {exc.strerror or exc}")
        raise typer.Exit(1) from None
    _err.print(f"exported {n} hands as {fmt}" + (f" to {out}" if out else ""))
    if skipped:
        _err.print(f"left out {skipped} hands whose stored text is in a format SHN cannot hold")


@app.command()
def rederive(db: Optional[Path] = DbOption) -> None:
    """Recompute every stored outcome from its stored source with the current engine."""
    store = st.Store(db)
    if not store.path.exists():
        _err.print(f"error: {store.path}: no database here")
        raise typer.Exit(1)
    with Progress(TextColumn("re-deriving"), BarColumn(), MofNCompleteColumn(), console=_err,
                  transient=True) as progress:
        task = progress.add_task("rederive", total=None)
        rep = store.rederive(on_progress=lambda done, total: progress.update(task, completed=done, total=total))
    _err.print(f"re-derived {rep.hands} hands: {rep.changed} changed, {len(rep.refused)} refused by the engine")
    for hand_id, d in rep.refused:
        _err.print(f"  hand id {hand_id}: {d}")
    raise typer.Exit(1 if rep.refused else 0)


# --------------------------------------------------------------------------
# dashboard, demo, bench
# --------------------------------------------------------------------------


def _launch(db: Path | None, host: str, port: int) -> int:
    try:
        from dashboard.launch import launch  # noqa: PLC0415 - streamlit loads only for these commands
    except ImportError as exc:
        _err.print(f"error: the dashboard is not available: {exc}")
        return 1
    _err.print(f"dashboard on http://{host}:{port} (database {st.resolve_db(db)}); Ctrl-C stops it")
    return launch(db=st.resolve_db(db), host=host, port=port) or 0


@app.command()
def dashboard(db: Optional[Path] = DbOption,
              host: str = typer.Option("127.0.0.1", help="Address to bind (localhost by default)."),
              port: int = typer.Option(8501, help="Port.")) -> None:
    """Start the Streamlit dashboard on the database."""
    raise typer.Exit(_launch(db, host, port))


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
    code = run_ingest([str(data)], db, strict=False, as_json=False)
    if code:
        _err.print("some files had errors (above); the good hands were stored")
    if ingest_only:
        raise typer.Exit(code)
    raise typer.Exit(_launch(db, host, port))


def _generator():
    from ingest.generate import generate_session_text  # noqa: PLC0415 - only bench needs it

    return generate_session_text


@app.command()
def bench(hands: int = typer.Option(20_000, "--hands", "-n", min=1, help="Hands to generate."),
          per_file: int = typer.Option(1_000, "--per-file", min=1, help="Hands per generated file."),
          seed: int = typer.Option(1, help="Generator seed."),
          rules: str = typer.Option("wi5-called-ace", help="Rule profile of the generated hands."),
          db: Optional[Path] = typer.Option(None, "--db", help="A database file that does not exist yet, to keep "
                                            "(default: a temporary one, removed afterwards).")) -> None:
    """Ingest N generated hands into a fresh database and print hands/s and bytes/hand."""
    from ingest.validate import validate_text  # noqa: PLC0415

    gen = _generator()
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(db) if db else Path(tmp) / "bench.duckdb"
        if target.exists():
            _err.print(f"error: {target} exists; bench needs a fresh database")
            raise typer.Exit(2)
        texts = []
        for k, start in enumerate(range(0, hands, per_file)):
            n = min(per_file, hands - start)
            texts.append((f"bench-{k}.shn", gen(seed + k, n, rules, session=f"bench {seed} #{k}")))
        t_val = t_store = 0.0
        stored = 0
        with st.Store(target, hold=5.0) as store:
            for name, text in texts:
                t0 = time.perf_counter()
                res = validate_text(text, path=name)
                t1 = time.perf_counter()
                stored += store.ingest_file(res).stored
                t2 = time.perf_counter()
                t_val += t1 - t0
                t_store += t2 - t1
        size = st.database_bytes(target)
    total = t_val + t_store
    cpu = os.cpu_count()
    typer.echo(f"machine: {cpu} cores; {hands} generated hands ({rules}), {len(texts)} file(s) of up to "
               f"{min(per_file, hands)}")
    typer.echo(f"validate (read + replay): {hands / t_val:,.0f} hands/s")
    typer.echo(f"store:                    {stored / t_store:,.0f} hands/s")
    typer.echo(f"ingest (both):            {stored / total:,.0f} hands/s")
    typer.echo(f"database: {size:,} bytes = {size / max(stored, 1):.1f} bytes/hand")


if __name__ == "__main__":  # pragma: no cover
    app()
