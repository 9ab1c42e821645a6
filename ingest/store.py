"""The DuckDB store: validated hands in, stored hands out (design.md 3).

Two layers (docs/storage.md has every table and column):

* the **card log** — ``sessions``, ``hand_source`` (the hand's text as a
  template whose card tokens are filled from the card log, its file and line,
  its content hash) and ``card_log`` (deal, blind, bury, call and plays as
  lists of small integers).  Never rewritten.
* the **outcome** — ``hands`` (every :class:`~ingest.model.HandOutcome`
  field) and ``hand_units`` (one row per seat: the long table the metric
  queries read).  Recomputed from the stored source by :meth:`Store.rederive`.

Rejected hands go to ``rejected`` (one row per hand, its first error as
columns and every error as JSON).  ``schema_migrations`` records the numbered
migrations of ``ingest/migrations/`` applied at open.

**One file, one transaction** (:meth:`Store.ingest_file`): a crash or kill
leaves the database as it was before that file.  The content hash of a hand
is unique — the store skips every hash already stored, inside the file's
transaction, under DuckDB's single-writer lock — so re-ingesting the same
file stores nothing.

**Concurrency** (docs/storage.md, "Concurrency"): DuckDB lets one process
write or many read, never both.  Every connection here is short-lived and
opened through :func:`connect`, which retries a lock conflict with
exponential backoff (5 ms doubling to 250 ms, ±25 % jitter) for at most
``SHEAD_LOCK_TIMEOUT`` seconds (default 30) before raising :class:`StoreBusy`.
A writer releases its lock ``hold`` seconds (default 0.5 s) after it took
it — at the end of the file in progress, or by a timer while the next file
is being validated — so a reader waits at most about ``hold`` plus one
file's store time.
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from functools import lru_cache
from importlib import resources
from itertools import groupby
from operator import attrgetter
from pathlib import Path

import duckdb

from ingest import arrow_build as _arrow
from ingest import deal_summary as _deal_summary
from ingest import deal_tables as _deal_tables
from ingest.unicode_text import nfc, plain_marks
from ingest import summary as _summary
from ingest.statements import parsed as _parsed
from ingest.statements import run_with_rows as _run_with_rows
from ingest.model import (CardLog, FileResult, HandOutcome, PlayRow, RejectedHand, ValidatedHand, hand_conflict,
                          is_sheet_file, refines, same_meaning, same_rules)
from replay.cards import CARD_NAMES as _ENGINE_CARD_NAMES
from replay.errors import Diagnostic
from replay.facts import SessionRec
from replay.outcome import ReplayedCardLog
from replay.deal_identity import deal_id_of_codes, deal_id_of_log, deal_id_of_masks

__all__ = [
    "DEFAULT_DB",
    "StoreError",
    "StoreBusy",
    "StoreMissing",
    "CorrectionError",
    "CorrectionReport",
    "HandHistory",
    "Revision",
    "hand_history",
    "IngestReport",
    "IngestPlan",
    "RederiveReport",
    "StoredHand",
    "Store",
    "ingest_store",
    "resolve_db",
    "connect",
    "reading",
    "migrations",
    "lock_stats",
    "LockStats",
    "card_log_row",
    "sources_where",
    "card_log_from_row",
    "load_hands",
    "find_hand",
    "AmbiguousHand",
    "session_text",
    "database_bytes",
    "CARD_NAMES",
]

#: The default database, relative to the current directory.
DEFAULT_DB = Path("data") / "shead.duckdb"

#: Seconds a connection waits for a conflicting lock before :class:`StoreBusy`.
LOCK_TIMEOUT = 30.0
_BACKOFF_FIRST = 0.005
_BACKOFF_MAX = 0.25

try:
    from importlib.metadata import version as _pkg_version

    ENGINE_VERSION = _pkg_version("shead")
except Exception:  # pragma: no cover - running from a tree that was never installed
    ENGINE_VERSION = "0+unknown"


#: set by a command's SIGINT handler (``ingest.cli``) when the user interrupts it: DuckDB may turn the interrupt
#: into another error inside a statement (an aborted transaction), which is then the interrupt, not a failure
INTERRUPT = threading.Event()


def interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is the user's interrupt (Ctrl-C, SIGINT): Python's
    own, DuckDB's when it came inside a statement (``InterruptException``,
    or ``RuntimeError('Query interrupted')`` from a result being fetched),
    or any error after :data:`INTERRUPT` was set."""
    return (isinstance(exc, (KeyboardInterrupt, duckdb.InterruptException)) or INTERRUPT.is_set()
            or (type(exc) is RuntimeError and str(exc) == "Query interrupted"))


class IngestInterrupted(KeyboardInterrupt):
    """The user interrupted a file read in batches: ``stored`` hands of it
    were stored by the batches committed before (they stay), the batch in
    hand was rolled back."""

    def __init__(self, stored: int):
        super().__init__(f"interrupted after {stored} hand(s) of the file were stored")
        self.stored = stored


#: How a NetSchafkopf protocol's game becomes the SHN-SK hand an export writes, read again under a restored
#: session's header (:func:`ingest.export.protocol_game_shn`, verify32 F4): ``(hand, header, players) ->
#: ValidatedHand | None``.  Given by :mod:`ingest.pipeline`, the layer above both, so that the store imports no
#: export module (the export reads the store: tests/test_layers.py forbids the circle).  None until then: such a
#: game is refused as any protocol game sent to an SHN session is (``E-SESSION-FORMAT``).
PROTOCOL_GAME_SHN = None


class StoreError(RuntimeError):
    """A store operation failed; the message says which database and why."""


class StoreBusy(StoreError):
    """Another process held the database's lock longer than the timeout."""


class StoreMissing(StoreError, FileNotFoundError):
    """Reading a database file that does not exist."""


class AmbiguousHand(StoreError, LookupError):
    """A hand key ``"PART#N"`` whose session part is found in the ids of
    several sessions that each hold a hand N: the message names them (up to
    five) and how to name one (the whole session id)."""


# --------------------------------------------------------------------------
# Paths and connections
# --------------------------------------------------------------------------


def resolve_db(path: str | os.PathLike | None = None) -> Path:
    """The database file to use: ``path`` if given, else the ``SHEAD_DB``
    environment variable (unless blank), else ``data/shead.duckdb`` under
    the current directory; a ``path`` given but empty (``--db "$DB"`` with
    ``DB`` unset) is :class:`DbPathError`, not the default database.  A
    leading ``~`` is the home directory, as DuckDB reads it when it opens
    the file: ``--db=~/x.duckdb`` (which the shell leaves unexpanded) once
    made an empty ``./~`` folder while DuckDB wrote ``$HOME/x.duckdb``, and
    the next command found no database (break16).  A path given as text
    that ends in ``/`` names a folder, even one not made yet
    (:class:`DbPathError`: ``--db newdir/`` once made a database file
    called ``newdir``)."""
    if path is not None:
        if isinstance(path, str) and _names_folder(path) and path.strip("/" + os.sep):
            raise DbPathError(f"{path} ends in '{path.rstrip('.')[-1:] or path[-1]}{path[len(path.rstrip('.')):]}', "
                              "so it names a folder: give the database file in it (e.g. "
                              f"{path.rstrip('.').rstrip('/' + os.sep)}/shead.duckdb)")
        if str(path).strip() in ("", "."):  # --db "$DB" with DB unset: never the default database, silently
            raise DbPathError("--db is empty: give the database file (or leave --db out for $SHEAD_DB, else "
                              "data/shead.duckdb)")
        return _home(Path(path))
    env = os.environ.get("SHEAD_DB")
    if env and env.strip():
        if _names_folder(env) and env.strip("/" + os.sep):
            raise DbPathError(f"SHEAD_DB={env} ends in '{env[-1]}', so it names a folder: give the database file "
                              f"in it (e.g. {env}shead.duckdb)")
        return _home(Path(env))
    return Path.cwd() / DEFAULT_DB


def _names_folder(text: str) -> bool:
    """Whether a path as typed names a folder by its end: a ``/``, or a last
    part ``.`` or ``..`` (``newdir/``, ``./dir/.``), which a ``Path`` drops."""
    last = text.replace(os.sep, "/").rstrip("/").rsplit("/", 1)[-1]
    return text.endswith(("/", os.sep)) or last in (".", "..")


class DbPathError(StoreError):
    """A database path that names no place (``~nouser/x.duckdb``): every
    command stops with this message and exit code 2 (``ingest.cli``)."""


def _home(path: Path) -> Path:
    """``path`` with a leading ``~`` or ``~user`` read as a home directory.
    :class:`DbPathError` when there is no such user (``~nouser/x.duckdb``:
    a traceback before, break16b) or the path is a folder (``--db=~``:
    DuckDB's error, then "run the same command again")."""
    try:
        out = path.expanduser()
    except RuntimeError:
        raise DbPathError(f"{path}: {str(path).split('/')[0]!r} names no home directory on this machine (no such "
                          "user); give the database's path in full") from None
    if out.is_dir():
        raise DbPathError(f"{path} is a folder: give the database file in it (e.g. {out / 'shead.duckdb'})")
    return out


def lock_timeout() -> float:
    """The longest wait for another process's lock, in seconds: the
    environment's ``SHEAD_LOCK_TIMEOUT`` when set, else :data:`LOCK_TIMEOUT`
    (30).  Raises :class:`ingest.settings.SettingError` when it is set but
    is no finite number of 0 or more."""
    from ingest.settings import seconds  # noqa: PLC0415

    return seconds("SHEAD_LOCK_TIMEOUT", LOCK_TIMEOUT)


def _is_lock_error(exc: BaseException) -> bool:
    text = str(exc)
    return isinstance(exc, duckdb.IOException) and ("Could not set lock" in text or "Conflicting lock" in text)


@dataclass
class LockStats:
    """How often :func:`connect` met a lock held by another process, and for
    how long it waited in total (seconds), in this process."""

    conflicts: int = 0
    waited: float = 0.0


_STATS = LockStats()


def lock_stats() -> LockStats:
    """This process's lock-conflict counters (see :class:`LockStats`)."""
    return _STATS


def connect(path: str | os.PathLike | None = None, *, read_only: bool = True,
            timeout: float | None = None) -> duckdb.DuckDBPyConnection:
    """Open a connection to the database at ``resolve_db(path)``.

    A lock held by another process is retried with exponential backoff (5 ms
    doubling to 250 ms, ±25 % jitter) for at most ``timeout`` seconds
    (default ``SHEAD_LOCK_TIMEOUT`` or 30); then :class:`StoreBusy` is raised.
    A read-only open of a missing file raises :class:`StoreMissing`.  A
    read-write open creates the file (and its folder) and applies pending
    migrations; a read-only open of a database that lacks a shipped migration
    first applies it through a brief read-write open.  The caller closes the
    connection — keep it short-lived.
    """
    db = resolve_db(path)
    if read_only and not db.exists():
        raise StoreMissing(f"{db}: no database here (run `shead ingest` first, or pass --db)")
    if not read_only:
        try:
            db.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file where a folder of the path should be, no permission (break17 F11)
            blocking = next((p for p in [db.parent, *db.parent.parents] if p.exists() and not p.is_dir()), None)
            why = f"{blocking} is a file, not a folder" if blocking is not None else (exc.strerror or str(exc))
            raise StoreError(f"{db}: cannot make its folder {db.parent}: {why}") from exc
    if not read_only and not db.exists():
        _create(db)
    _check_duckdb_file(db)
    limit = lock_timeout() if timeout is None else timeout
    start = time.monotonic()
    delay = _BACKOFF_FIRST
    while True:
        try:
            con = duckdb.connect(str(db), read_only=read_only)
            break
        except duckdb.Error as exc:
            if read_only and "different configuration" in str(exc):
                # this process already has the file open to write: share that database
                con = duckdb.connect(str(db))
                break
            # a write open while this process holds a read-only connection (another dashboard session's
            # page run, dashboard.filters.page_connection) waits for it like for another process's lock
            if not _is_lock_error(exc) and not (not read_only and "different configuration" in str(exc)):
                if not read_only and any(w in str(exc) for w in _READ_ONLY_WORDS):
                    # fixit32 F4: "IO Error: … Operation not permitted" did not say what to do
                    raise StoreError(
                        f"{db}: cannot open the database to write: the file is read-only (or its folder is; "
                        f"{exc}): this command changes the database and needs a writable file: make it writable "
                        f"(chmod u+w, or chattr -i where it was made immutable), or copy it (cp "
                        f"{shlex.quote(str(db))} writable.duckdb) and give --db writable.duckdb") from exc
                raise StoreError(f"{db}: cannot open the database: {exc}") from exc
            waited = time.monotonic() - start
            if waited >= limit:
                _STATS.waited += waited
                raise StoreBusy(
                    f"{db}: another process (another shead command, the dashboard, a DuckDB client) has held the "
                    f"database for {waited:.1f} s "
                    f"(limit {limit:g} s, SHEAD_LOCK_TIMEOUT); try again when it has finished") from exc
            _STATS.conflicts += 1
            pause = min(delay, limit - waited) * random.uniform(0.75, 1.25)
            time.sleep(max(pause, 0.0))
            delay = min(delay * 2, _BACKOFF_MAX)
    _STATS.waited += time.monotonic() - start
    try:
        behind = read_only and _behind(con)
    except StoreError:
        con.close()
        raise
    if behind:
        # a database from an older shead: migrate it once (briefly writing), then read
        con.close()
        connect(db, read_only=False, timeout=timeout).close()
        return connect(db, read_only=True, timeout=timeout)
    if not read_only:
        try:
            _migrate(con)
        except BaseException:
            con.close()
            raise
    return con


def _check_duckdb_file(db: Path) -> None:
    """Refuse a file that is no DuckDB database (a DuckDB file says ``DUCK``
    at bytes 8-11) before DuckDB opens it: DuckDB would try to download an
    extension to read a SQLite file (a tester's finding) and might then write
    shead's tables into it.  An empty file is DuckDB's to judge.  Raises
    :class:`StoreError`."""
    try:
        with open(db, "rb") as fh:
            head = fh.read(16)
    except OSError:
        return  # unreadable or a directory: DuckDB's own message says why
    if len(head) >= 12 and head[8:12] != b"DUCK":
        what = ("a SQLite database" if head.startswith(b"SQLite format 3") else
                f"a file starting {head[:12]!r}")
        raise StoreError(f"{db}: not a shead database: it is {what}, not a DuckDB file (pass --db a new file name, "
                         "or a database shead made)")


#: The block size of a database file shead creates (bytes; DuckDB's default is
#: 262,144).  Every table's columns take at least part of a block, so at
#: 256 KiB a database of a few thousand hands was mostly fixed overhead (1,208
#: bytes a hand at 5,000 hands, issue 17).  DuckDB's smallest, 16 KiB, costs
#: more at scale (most likely because a column segment stays within one block,
#: so segments and their compression headers and string dictionaries
#: multiply).  The file's bytes a hand, measured: at 100,000 hands
#: (benchmarks/bench_store.py) 173 with 64 KiB, 311 with 16 KiB, 236 with
#: 256 KiB; at 20,000 generated hands 230, 321 and 459.  DuckDB reads the
#: block size from the file's header, so a database made with another block
#: size opens and migrates as before.
BLOCK_SIZE = 65_536


def _create(db: Path) -> None:
    """Create the empty database file ``db`` with :data:`BLOCK_SIZE` blocks
    (DuckDB fixes a file's block size when it creates the file).  The
    connection is closed at once: every later open uses DuckDB's default
    configuration, so two connections of one process always share one
    database instance.  A creation that loses a race with another process
    is left to the caller's open, which waits for that process's lock."""
    try:
        duckdb.connect(str(db), config={"default_block_size": str(BLOCK_SIZE)}).close()
    except duckdb.Error:
        pass


@contextmanager
def reading(path: str | os.PathLike | None = None, *, timeout: float | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
    """A short-lived read-only connection, closed on exit (see :func:`connect`
    for the lock retry).  Use one per page render or command; never hold it
    across a dashboard rerun.  When :data:`ingest.scope.READ_SCOPE` names
    groups (the dashboard beyond loopback, signed in), the connection sees
    only their rows (:func:`ingest.scope.restrict`)."""
    from ingest.scope import current_scope, restrict  # noqa: PLC0415

    scope = current_scope()
    con = connect(path, read_only=True, timeout=timeout)
    try:
        if scope is not None:
            restrict(con, scope)
        yield con
    finally:
        con.close()


# --------------------------------------------------------------------------
# Migrations
# --------------------------------------------------------------------------

_MIGRATION_NAME = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")


@lru_cache(maxsize=1)
def migrations() -> tuple[tuple[int, str, str], ...]:
    """The numbered migrations shipped in ``ingest/migrations``: ``(version,
    name, sql)`` in version order (read once per process)."""
    out = []
    for entry in resources.files("ingest").joinpath("migrations").iterdir():
        m = _MIGRATION_NAME.match(entry.name)
        if m:
            out.append((int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    out.sort()
    versions = [v for v, _, _ in out]
    if len(set(versions)) != len(versions):
        raise StoreError(f"two migrations share a number: {versions}")
    return tuple(out)


def _behind(con: duckdb.DuckDBPyConnection) -> bool:
    """True when the database lacks a shipped migration: it has shead's
    migration table without every shipped version (an older shead, or a kill
    during the first schema creation, which leaves the table empty), or it
    has no table at all (a file created and killed before its first
    migration).  A database with tables of its own and no migration table is
    not shead's and is left alone."""
    try:
        done = {v for v, _, _ in con.execute("SELECT version, name, applied_at FROM schema_migrations").fetchall()}
    except duckdb.BinderException:  # another tool's schema_migrations (break17b F4)
        raise _not_shead(con) from None
    except duckdb.CatalogException:
        (tables,) = con.execute("SELECT count(*) FROM duckdb_tables()").fetchone()
        if tables:
            raise _not_shead(con) from None
        return True
    return not {v for v, _, _ in migrations()} <= done


def _backfill_laufende(con: duckdb.DuckDBPyConnection) -> None:
    """Migration 004's backfill: ``hands.laufende`` / ``laufende_with`` of the
    Schafkopf games already stored.  The Laufende are counted on the dealt
    cards, but the run depends on the game and its trump suit (rules.md G-13,
    G-6..G-8), which only the stored source says; so each Schafkopf session's
    stored sources are re-read by the session's reader (as :meth:`Store.rederive`
    does) and only these two columns are written.  A game the current engine
    refuses keeps NULL."""
    sessions = con.execute("SELECT session_id, session, header, coalesce(format, 'shn') FROM sessions "
                           "WHERE session_id IN (SELECT session_id FROM hands WHERE game = 'schafkopf') "
                           "ORDER BY session_id").fetchall()
    for session_id, name, header, fmt in sessions:
        rows = [(o.laufende, o.laufende_with, hand_id)
                for hand_id, o in _reread_session(con, session_id, name, header, fmt).hands]
        if rows:
            con.executemany("UPDATE hands SET laufende = ?, laufende_with = ? WHERE hand_id = ?", rows)


def _backfill_sk_game(con: duckdb.DuckDBPyConnection) -> None:
    """Migration 019's backfill: ``hands.sk_game`` / ``trump_suit`` of the
    Schafkopf games already stored, re-read from their stored sources as
    :func:`_backfill_laufende` does; only these two columns are written."""
    sessions = con.execute("SELECT session_id, session, header, coalesce(format, 'shn') FROM sessions "
                           "WHERE session_id IN (SELECT session_id FROM hands WHERE game = 'schafkopf') "
                           "ORDER BY session_id").fetchall()
    for session_id, name, header, fmt in sessions:
        rows = [(o.sk_game, o.trump_suit, hand_id)
                for hand_id, o in _reread_session(con, session_id, name, header, fmt).hands]
        if rows:
            con.executemany("UPDATE hands SET sk_game = ?, trump_suit = ? WHERE hand_id = ?", rows)


@dataclass
class _Reread:
    """One stored session re-read by :func:`_reread_session`: how many hands
    it has stored, each re-read hand as ``(hand_id, outcome)`` and each hand
    the current engine refused as ``(hand_id or 0, first diagnostic)``."""

    stored: int = 0
    hands: list[tuple[int, HandOutcome]] = field(default_factory=list)
    refused: list[tuple[int, Diagnostic]] = field(default_factory=list)
    state: object = None  # the session's carry after its hands (ingest.validate.SessionState), SHN only
    top: int | None = None  # the highest stored hand number


def _reread_session(con: duckdb.DuckDBPyConnection, session_id: int, name: str, header: str, fmt: str,
                    validate_text: Callable[..., FileResult] | None = None,
                    stored: list[tuple[int, int, bytes, str]] | None = None) -> _Reread:
    """Re-read one stored session's sources with the current engine: SHN
    sessions as one SHN text (``%SHN 1.0``, the stored tag lines, the hands'
    sources in hand order) through ``validate_text`` (default
    :func:`ingest.validate.validate_text`), NetSchafkopf sessions through
    :func:`ingest.netschafkopf.read_protocol` with the stored header.  A
    re-read hand is matched to its stored ``hand_id`` by content hash, else
    by hand number.  A stored hand the current rules refuse keeps its stored
    outcome, and the carry after it goes on from that outcome (the pot it
    paid into or out of, the doubler it played off: rules.md D-11, D-12,
    D-19; :func:`replay.judge.count_stored`), never as if it were missing.
    ``stored``: the session's hands as ``(hand_id, hand number, hash,
    source)`` in hand order when the caller has read them already
    (:meth:`Store.rederive` reads a batch of sessions at once)."""
    if stored is None:
        order = con.execute("SELECT hand_id, hand FROM hands WHERE session_id = ? ORDER BY hand, hand_id",
                            [session_id]).fetchall()
        texts = _texts(con, [i for i, _ in order])
        stored = [(i, n, texts[i][0], texts[i][1]) for i, n in order]
    out = _Reread(stored=len(stored))
    if not stored:
        return out
    out.top = max(number for _, number, _, _ in stored)
    by_hash = {bytes(hsh).hex(): hand_id for hand_id, _, hsh, _ in stored}
    by_number: dict[int, int] = {}
    for hand_id, number, _, _ in stored:
        by_number.setdefault(number, hand_id)
    written: list[tuple[int, int, bytes, str]] = []  # a protocol's session: its games written in SHN, added later
    # each hand's rules and names as it was stored with them (in_session; a game written in SHN)
    own = {i: (r, json.loads(p or "{}")) for i, r, p in con.execute(
        "SELECT hand_id, rules, players FROM hands WHERE session_id = ?", [session_id]).fetchall()}
    if fmt == "netschafkopf":
        sources = [src for _, _, _, src in stored if not _shn_source(src)]
        written = [row for row in stored if _shn_source(row[3])]
    else:
        sources = [in_session(src, header, *own.get(hand_id, (None, None))) for hand_id, _, _, src in stored]
    if fmt == "netschafkopf":
        from ingest.netschafkopf import read_protocol  # noqa: PLC0415 - imported when used

        doc = header.rstrip("\n") + "\n" + "".join(x.rstrip("\n") + "\n" for x in sources)
        # under the house rules stored with the session (inferred from the whole file, or given by --rules)
        rules = con.execute("SELECT rules FROM sessions WHERE session_id = ?", [session_id]).fetchall()
        res = read_protocol(doc.encode("utf-8"), None, session=name, rules=rules[0][0] if rules and rules[0][0]
                            else None) if sources else FileResult(path=None)
        if written:  # each under the rules and names it was stored with; a Schafkopf game carries nothing
            from ingest.validate import validate_text as shn_text  # noqa: PLC0415 - imported when used

            for hand_id, number, hsh, src in written:
                rules_of, players = own[hand_id]
                head = (f'%SHN 1.0\n[Session "{_escape_tag(name)}"]\n[Seats "{_escape_tag(_seats_text(players))}"]\n'
                        f'[Rules "{_escape_tag(rules_of or "")}"]\n\n')
                one = shn_text(head + src, path=f"<rederive {name}>")
                res.hands.extend(one.hands)
                res.rejected.extend(one.rejected)
                if one.errors and not one.hands and not one.rejected:
                    res.rejected.append(RejectedHand(session=name, hand=number, source=src, source_file=None,
                                                     source_line=1, errors=one.errors, hash=bytes(hsh).hex()))
    else:
        if validate_text is None:
            from ingest.validate import validate_text  # noqa: PLC0415 - imported when used
            from replay.judge import SessionState  # noqa: PLC0415

            seed, used = SessionState(), []

            def prior(sid: str):  # the session from hand 1: an empty carry, kept to be stored (session_state)
                if sid != name:
                    return []
                used.append(sid)
                return seed, []

            try:  # its voided hands count for nothing: no gap before the hands after them (a [_Voided] tag)
                voided = _voided_numbers(con, session_id)
            except duckdb.CatalogException:  # before migration 007
                voided = set()
            header = with_voids(header, voided)
            if 1 in voided and 1 not in by_number:  # the night's opening pot outlives its voided hand 1 (break29 F2)
                from ingest.pot_carry import voided_opening  # noqa: PLC0415

                seed.pot = voided_opening(con, session_id) or 0

            def kept(sid: str, number: int) -> HandOutcome | None:  # a refused hand keeps its stored outcome
                hand_id = by_number.get(number) if sid == name else None
                got = load_hands(con, "h.hand_id = ?", [hand_id]) if hand_id is not None else []
                return got[0].outcome if got else None

            res = validate_text(_session_doc(header, sources), path=f"<rederive {name}>", prior=prior,
                               kept=kept, reread=True)
            out.state = seed if used else None
        else:
            res = validate_text(_session_doc(header, sources), path=f"<rederive {name}>")
    matched = [(hand_id, h) for h in res.hands
               if (hand_id := by_hash.get(h.hash, by_number.get(h.outcome.hand))) is not None]
    places = _warning_places(con, [(i, h) for i, h in matched if h.outcome.warnings], fmt, stored, sources)
    for hand_id, h in matched:
        o = h.outcome
        if hand_id in places:  # where each warning was read, not the re-read text's line (metrics31 F4)
            o = replace(o, warnings=places[hand_id])
        out.hands.append((hand_id, o))
    for r in res.rejected:
        hand_id = by_hash.get(r.hash, by_number.get(r.hand) if r.hand is not None else None)
        out.refused.append((hand_id if hand_id is not None else 0,
                            r.errors[0] if r.errors else Diagnostic("E-UNKNOWN", "refused")))
    return out


#: a stored warning's place and the rest: ``FILE:LINE:COL: warning W-...`` (FILE may hold colons)
_WARNING_AT = re.compile(r"(.*?):(\d+):(\d+): (warning .*)", re.S)


def _warning_places(con: duckdb.DuckDBPyConnection, hands: list[tuple[int, "ValidatedHand"]], fmt: str,
                    stored: list[tuple[int, int, bytes, str]], sources: list[str]) -> dict[int, list[str]]:
    """The warnings of re-read stored hands (``hands``: ``(hand_id, the
    re-read hand)``) at the places they were read, by hand id: the re-read
    text (``<rederive SESSION>``, one text of the session's stored sources)
    is no file a person has (metrics31 F4: after an amend or a void in the
    session ``probe.shn:23:18`` became ``<rederive …>:24:18``, line 24 of
    probe.shn another statement; design.md §7: file, line and column).  A
    warning the hand has stored already (the same code and words) keeps its
    stored place; a new one is said in the hand's own file (its
    ``hand_source`` of the text in force), at its line there: the hand's
    line plus how far into the hand it is (SHN; the hand's line of a sheet
    or protocol, column 1), less the ``[Rules]``/``[Seats]`` lines
    :func:`in_session` added after the hand line.  A hand with no stored
    file keeps the re-read place.  Not on a first ingest's path."""
    if not hands:
        return {}
    ids = [i for i, _ in hands]
    old = {i: json.loads(w or "[]") for i, w in con.execute(
        "SELECT hand_id, warnings FROM hands WHERE list_contains(?, hand_id)", [ids]).fetchall()}
    hashes = {i: bytes(hsh) for i, _, hsh, _ in stored}
    added = {i: src.count("\n") - stored_src.count("\n")
             for (i, _, _, stored_src), src in zip(stored, sources) if len(stored) == len(sources)}
    where: dict[int, tuple[str, int]] = {}
    for i, f, line, hsh in con.execute(
            "SELECT hand_id, file, line, hash FROM hand_source WHERE list_contains(?, hand_id) AND file IS NOT NULL "
            "ORDER BY ingest_id", [ids]).fetchall():
        if i not in where or bytes(hsh) == hashes.get(i):  # the source of the text in force, the latest
            where[i] = (f, line)
    out: dict[int, list[str]] = {}
    for hand_id, h in hands:
        had: dict[str, list[str]] = {}
        for w in old.get(hand_id, ()):
            m = _WARNING_AT.fullmatch(w)
            if m is not None and not m.group(1).startswith("<rederive "):  # a place a person has
                had.setdefault(m.group(4), []).append(w)
        placed = []
        for w in h.outcome.warnings:
            m = _WARNING_AT.fullmatch(w)
            if m is None:
                placed.append(w)
            elif had.get(m.group(4)):
                placed.append(had[m.group(4)].pop(0))
            elif hand_id in where and m.group(1).startswith("<rederive "):
                f, line = where[hand_id]
                into = int(m.group(2)) - h.source_line
                if fmt != "shn" or into < 0:
                    placed.append(f"{f}:{line}:1: {m.group(4)}")
                    continue
                if into > 0:
                    into = max(1, into - added.get(hand_id, 0))
                placed.append(f"{f}:{line + into}:{m.group(3)}: {m.group(4)}")
            else:
                placed.append(w)
        if placed != list(h.outcome.warnings):
            out[hand_id] = placed
    return out


def _shn_source(source: str) -> bool:
    """True when a stored hand's ``source`` is an SHN hand (its first line
    ``hand N ...``), not a NetSchafkopf protocol's game block (``Geber:
    ...``): a game written in SHN and added to a protocol's session."""
    head = source.lstrip().split(None, 1)
    return bool(head) and head[0].lower() == "hand"


def _blocking_refusals(con: duckdb.DuckDBPyConnection,
                       report: "CorrectionReport") -> list[tuple[int, Diagnostic]]:
    """The hands of ``report.rederive_refused`` that refuse the correction:
    not those numbered below the first hand the correction touches in their
    session (the carry runs forward, rules.md D-11, D-12, D-19, so the
    correction cannot be why they disagree), nor those already kept against
    the rules before it (a stored ``W-CARRY``: they disagreed before and keep
    their stored outcome after; a tester's finding: a note added to a doubler
    was refused for a kept hand after it), whose ``W-CARRY`` is refreshed
    with the rules' reason after the correction.  A refused hand not matched
    to a stored hand id refuses."""
    ids = [hid for hid, _ in report.rederive_refused if hid]
    if not ids:
        return report.rederive_refused
    first: dict[str, int] = {}
    for session, number, _, _ in report.hands:
        first[session] = min(number, first.get(session, number))
    where = {hid: (sess, number, bool(w) and "warning W-CARRY" in w) for hid, sess, number, w in con.execute(
        "SELECT hand_id, session, hand, warnings FROM hands WHERE list_contains(?, hand_id)", [ids]).fetchall()}
    what = "the amendment" if report.action == "amend" else "the void"
    block, refresh = [], []
    for hid, d in report.rederive_refused:
        sess, number, kept = where.get(hid, (None, None, False))
        if sess is not None and sess in first and number < first[sess]:
            continue
        if kept:
            refresh.append((hid, Diagnostic(
                "W-CARRY", f"hand {number} of session {sess!r} (hand id {hid}) keeps its stored outcome, which the "
                f"rules still do not give after {what} of an earlier hand (the stake or the pot it carries, rules.md "
                f"D-11, D-12, D-19): {d.code}: {d.message}; amend it (shead ingest --amend)", "warning", None, 1, 1,
                d.hand)))
        else:
            block.append((hid, d))
    _flag_kept(con, refresh)
    return block


def _refused_later(con: duckdb.DuckDBPyConnection, report: "CorrectionReport") -> str:
    """The :class:`CorrectionError` message of a correction whose sessions'
    re-derivation refused stored hands (``report.rederive_refused``): each
    such hand named (session, number, hand id) with the rules' reason, and
    how to correct it with the rest.  A doubler amended in or out changes
    the stake of every later hand (rules.md D-11, D-12), the pot too
    (D-19); a later hand whose written score was right at its old stake is
    wrong at the new one, and storing the correction anyway would leave
    that hand counting the old amounts without a word."""
    ids = sorted({hid for hid, _ in report.rederive_refused})
    names = {hid: (sess, hand) for hid, sess, hand in con.execute(
        "SELECT hand_id, session, hand FROM hands WHERE list_contains(?, hand_id)", [ids]).fetchall()}
    lines = []
    for hid, d in report.rederive_refused:
        sess, hand = names.get(hid, ("?", d.hand))
        lines.append(f"hand {hand} of session {sess!r} (hand id {hid}) would no longer agree with the rules: "
                     f"{d.code}: {d.message}")
    if report.action == "amend":
        how = AMEND_LATER_HOW
    else:
        how = ("Amend those hands first (shead ingest --amend) without what no longer agrees (the error names "
               "it: a score line, a written pot or stake), so that the rules derive it at the new stake and pot, or "
               "with it marked ^ where the table agreed on it (notation.md), then void again")
    what = "the amendment" if report.action == "amend" else "the void"
    return (f"{what} is refused, nothing changed: it changes the stake or the pot carried to later hands "
            "(rules.md D-11, D-12, D-19), and " + "; ".join(lines) + ". " + how)


#: what to do when an amendment would leave later hands disagreeing with the new stake (_refused_later)
AMEND_LATER_HOW = ("Put those hands' new texts in the same amendment file and run it again: with what no longer "
                   "agrees (the error names it: a score line, a written pot or stake) at the new stake and pot, or "
                   "without it (the rules then derive it), or marked ^ where the table agreed on it (notation.md)")


def _group_changes(con: duckdb.DuckDBPyConnection, copies: list[ValidatedHand], path: str | None) -> list[Diagnostic]:
    """``W-SESSION-HEADER`` for each stored session whose hands ``copies``
    (stored already: duplicates) are sent again under another group (their
    ``[Event]``, a sheet's Group cell): the stored group is kept, and the
    message says how to move the session (break20 F10: a corrected Group
    cell was "7 duplicates" without a word, the night missing from the
    group's ledger)."""
    names = sorted({h.outcome.session for h in copies})
    stored = dict(con.execute('SELECT session, "group" FROM sessions WHERE list_contains(?, session)',
                              [names]).fetchall())
    out, seen = [], set()
    for h in copies:
        o = h.outcome
        if o.session in seen or o.session not in stored or not o.group or o.group == stored[o.session]:
            continue
        seen.add(o.session)
        out.append(Diagnostic(
            "W-SESSION-HEADER", f"hand {o.hand}: session {o.session!r} is stored in group {stored[o.session]!r} and "
            f"this copy names {o.group!r}: its hands are stored already (duplicates), so the stored group is kept; to "
            "move the session: shead export --format shn, change its [Event], then shead ingest --amend that file",
            "warning", path, h.source_line or 1, 1, o.hand))
    return out


def _assumed_prices(con: duckdb.DuckDBPyConnection, fresh: list[ValidatedHand], known: set[str],
                    path: str | None) -> list[Diagnostic]:
    """``W-NSK-ASSUMED`` for each of a file's Schafkopf hands (``fresh``)
    added to a stored NetSchafkopf protocol's session (of ``known``) whose
    price uses a tariff entry the protocol never states, so that its value
    was assumed when the protocol was read (no Rufspiel in the log: the
    Rufspiel's price; :func:`ingest.netschafkopf.assumed_in_hands`, sk32 F1).
    The tariff is read again off the session's stored header and game blocks;
    only sessions this file adds a Schafkopf hand to are read."""
    wanted = sorted({h.outcome.session for h in fresh if h.outcome.game == "schafkopf"} & known)
    if not wanted:
        return []
    from ingest.netschafkopf import assumed_in_hands  # noqa: PLC0415 - imported when used

    out: list[Diagnostic] = []
    for sid, name, header, rules in con.execute(
            "SELECT session_id, session, header, rules FROM sessions WHERE list_contains(?, session) "
            "AND format = 'netschafkopf' ORDER BY session_id", [wanted]).fetchall():
        ids = [i for (i,) in con.execute("SELECT hand_id FROM hands WHERE session_id = ? ORDER BY hand, hand_id",
                                         [sid]).fetchall()]
        texts = _texts(con, ids)
        blocks = [texts[i][1] for i in ids if i in texts and not _shn_source(texts[i][1])]
        if not blocks:
            continue
        doc = (header or "").rstrip("\n") + "\n" + "".join(b.rstrip("\n") + "\n" for b in blocks)
        out.extend(assumed_in_hands(doc, rules, [h for h in fresh if h.outcome.session == name], path))
    return out


def _header_changes(con: duckdb.DuckDBPyConnection, fresh: list[ValidatedHand], known: set[str],
                    path: str | None) -> list[Diagnostic]:
    """``W-SESSION-HEADER`` for each stored session (``known``) that a
    file's hands (``fresh``) continue under other ``[Rules]`` than the
    session's, or with a seat alias naming another player: the hands are
    scored by the file's rules (a pot or a doubler the session plays is not
    taken, rules.md D-11, D-12, D-19) and the ledger counts another name as
    another player, so it is said at the session's first hand in the file
    (a tester's finding: both happened without a word).  A table that
    changed its rules mid-session writes the new ``[Rules]`` and reads this
    as the note it is."""
    stored = {name: (rules or "", json.loads(players or "{}")) for name, rules, players in con.execute(
        "SELECT session, rules, players FROM sessions WHERE list_contains(?, session)", [sorted(known)]).fetchall()}
    out, seen = [], set()
    for h in fresh:
        o = h.outcome
        if o.session not in stored or o.session in seen:
            continue
        seen.add(o.session)
        rules, players = stored[o.session]
        what = []
        if not same_meaning(rules, o.rules or ""):  # by meaning (fixc30 F3: wi5-pot is wi5-called-ace; pot=on)
            what.append(f"it is stored under [Rules {rules!r}] and these hands are under [Rules {o.rules!r}], so they "
                        "are scored by the latter (rules.md J); if the table changed its rules, this is right, else "
                        "write the session's [Rules] and amend them (shead ingest --amend)")
        renamed = [f"{a} is {players[a]!r} there and {n!r} here" for a, n in o.players.items()
                   if a in players and players[a] != n]
        if renamed:
            what.append("; ".join(renamed) + ": the ledger counts two names as two players; if they are one, write "
                        "the stored name and amend these hands")
        if set(o.players) == set(players) and list(o.players) != list(players):  # break16b: the order was silent
            what.append(f"its seats go {' '.join(players)} clockwise and these hands' {' '.join(o.players)}: the "
                        "deal passes to the left (rules.md B-1), so the dealers after them are checked in this "
                        "order; if the table did not move, write the stored order")
        if what:
            out.append(Diagnostic("W-SESSION-HEADER", f"hand {o.hand} continues session {o.session!r}, stored before: "
                                  + "; and ".join(what), "warning", path, h.source_line or 1, 1, o.hand))
    return out


def _amended_names(con: duckdb.DuckDBPyConnection, fresh: list[ValidatedHand], known: set[str],
                   path: str | None) -> tuple[list[ValidatedHand], list[Diagnostic]]:
    """``fresh`` with a seat's name read as the stored session's where an
    amendment of that session corrected it from exactly this name (``shead
    ingest --amend`` of its [Seats]: ``Bea=Bea Schmit`` to ``Bea=Bea
    Schmidt``), and a ``W-SESSION-HEADER`` a session saying so: the scorer's
    file from before the rename, grown by a hand, stored the new hand under
    the old name beside the three amended ones (break24 F4: the ledger split
    one player in two).  A name the session never had is left as written
    (``_header_changes`` says it).  One query, of the sessions' amended
    hands' earlier revisions."""
    stored = {name: json.loads(players or "{}") for name, players in con.execute(
        "SELECT session, players FROM sessions WHERE list_contains(?, session)", [sorted(known)]).fetchall()}
    if not any(a in stored.get(h.outcome.session, {}) and stored[h.outcome.session][a] != n
               for h in fresh for a, n in h.outcome.players.items()):
        return fresh, []
    was: dict[tuple[str, str, str], tuple[str, str | None]] = {}  # (session, alias, old name) -> (when, reason)
    for session, outcome, now, when, reason in con.execute(
            "SELECT s.session, r.outcome, h.players, strftime(a.recorded_at, '%Y-%m-%d %H:%M'), a.reason "
            "FROM hand_revisions r JOIN hands h ON h.hand_id = r.hand_id JOIN sessions s ON s.session_id = h.session_id "
            "JOIN hand_revisions a ON a.hand_id = r.hand_id AND a.action = 'amend' AND a.revision = "
            "(SELECT min(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id AND x.action = 'amend' "
            "AND x.revision > r.revision) WHERE list_contains(?, s.session) AND r.outcome IS NOT NULL "
            "ORDER BY r.revision", [sorted(known)]).fetchall():
        before, after = json.loads(outcome).get("players") or {}, json.loads(now or "{}")
        for alias, name in before.items():
            if alias in after and after[alias] != name and stored.get(session, {}).get(alias) == after[alias]:
                was[(session, alias, name)] = (when, reason)
    if not was:
        return fresh, []
    out, said = [], {}
    for h in fresh:
        o = h.outcome
        names = stored.get(o.session, {})
        hits = [(a, n) for a, n in o.players.items() if (o.session, a, n) in was]
        if hits:
            o = replace(o, players={a: names[a] if (o.session, a, n) in was else n for a, n in o.players.items()})
            h = replace(h, outcome=o)
            first = said.setdefault(o.session, (h, {}))
            for a, n in hits:
                first[1].setdefault(a, (n, names[a], *was[(o.session, a, n)]))
        out.append(h)
    notes = []
    for session, (h, renamed) in said.items():
        what = "; ".join(f"{a} is written {old!r}, which the amendment of {when} UTC"
                         + (f" ({reason})" if reason else "") + f" corrected to {new!r}"
                         for a, (old, new, when, reason) in renamed.items())
        notes.append(Diagnostic(
            "W-SESSION-HEADER", f"hand {h.outcome.hand} continues session {session!r}, stored before: {what}; so "
            "the new hands of this file are stored under the corrected name (write the session's [Seats] as "
            "stored to silence this)", "warning", path, h.source_line or 1, 1, h.outcome.hand))
    return out, notes


def _iso_day(text: str | None) -> str | None:
    """A ``[Date]`` value ``YYYY.MM.DD`` as ``YYYY-MM-DD``; None when it is
    missing or not a day written so."""
    if not text or len(text) != 10 or text[4] != "." or text[7] != ".":
        return None
    day = text.replace(".", "-")
    try:
        datetime.strptime(day, "%Y-%m-%d")
    except ValueError:
        return None
    return day


#: a tag written on a hand's ``hand`` line (``hand 2  [Date "2026.12.08"]``, notation.md §4.2), not in a ``{note}``,
#: a quoted value or a ``; comment``: :func:`_hand_line_tags`
_TAG_IN_LINE = re.compile(r'\{[^}]*\}?|;.*|\[[ \t]*(Rules|Seats|Cards|Date|Event|Table|Site)[ \t]+"((?:[^"\\]|\\.)*)"'
                          r'[ \t]*\]|"(?:[^"\\]|\\.)*"?')


def _hand_line_tags(source: str) -> dict[str, str]:
    """The tags a hand's text writes on its ``hand`` line (its first line
    that is not blank), name -> value: a hand's own tags as its own tag
    lines are (:func:`own_tags` reads those only)."""
    first = next((line for line in source.splitlines() if line.strip()), "")
    if "[" not in first:
        return {}
    out = {}
    for m in _TAG_IN_LINE.finditer(first):
        if m.group(1) is not None:
            out.setdefault(m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\"))
        elif m.group(0).startswith(";"):
            break
    return out


def _place_tags(source: str) -> dict[str, str | None]:
    """The hand's own tags of ``source``, name -> value (None: read from a
    tag line by :func:`_tag_in` when asked): its tag lines
    (:func:`own_tags`) and the tags on its ``hand`` line (session 25:
    E-AMEND-PLACE did not see a ``[Date]`` written there)."""
    return {**_hand_line_tags(source), **dict.fromkeys(own_tags(source))}


def _same_day(where: str, o: HandOutcome, h: ValidatedHand, stored_text: str, stored_header: str) -> None:
    """Raise :class:`CorrectionError` when an amendment written under its
    session's own header would move a hand stored with its own ``[Date]``,
    ``[Event]``, ``[Table]`` or ``[Site]`` line (a later evening of the
    session, :func:`with_own_tags`) to the session's: a typo fix of that
    hand under the first night's header moved it to the first night's day,
    group and table (break19 F5).  An amendment whose header writes another
    value than the session's (a mistyped date corrected), or whose hand
    writes the line itself, goes through."""
    mine = _place_tags(stored_text)  # its tag lines and its `hand` line's tags
    theirs = _place_tags(h.source)
    for name in _OWN_HEADER_TAGS:
        if name not in mine or name in theirs:
            continue
        if _header_tag(h.session_header, name) != _header_tag(stored_header, name):
            continue
        value = _tag_in(stored_text, name) if mine[name] is None else mine[name]
        raise CorrectionError(
            f"{where}: hand {o.hand} of session {o.session!r} is stored with its own [{name} {value!r}] (a later "
            f"evening of the session); the amendment, under the session's header, would give it the session's: "
            f"write the hand's own [{name}] {_on_hand_line(o.hand, name, value or '')} (or another "
            f"[{name}] there to move it) (nothing changed)", code="E-AMEND-PLACE",
            found=f"the session's [{name} {_header_tag(h.session_header, name)!r}]",
            expected=f"the hand's own [{name} {value!r}] line")


def _other_night(con: duckdb.DuckDBPyConnection, where: str, o: HandOutcome, h: ValidatedHand, hand_id: int,
                 session_id: int, played: tuple | None, amended: set[int] = frozenset()) -> None:
    """Raise :class:`CorrectionError` when an amendment whose header dates
    a stored hand on another day than it counts on, without a ``[Date]``
    line of the hand's own, names a day another night of the session is
    played on: that is the later night's header (a typo fix of the first
    night's hand written under it moved the hand to that night: break20 F1,
    the reverse of break19 F5), not a mistyped date, which names a day no
    hand of the session counts on and goes through (scorer19 F3).  The
    hands ``amended`` by the same file (a whole night's date corrected)
    are not the other night."""
    if played is None or not o.date or played[0] in (None, o.date) or "Date" in _place_tags(h.source):
        return
    others = [n for (n,) in con.execute(
        "SELECT hand FROM hands WHERE session_id = ? AND hand_id <> ? AND CAST(date AS VARCHAR) = ? ORDER BY hand",
        [session_id, hand_id, o.date]).fetchall() if n not in amended]
    if not others:
        return
    shown = ", ".join(map(str, others[:6])) + (" ..." if len(others) > 6 else "")
    raise CorrectionError(
        f"{where}: hand {o.hand} of session {o.session!r} is of {played[0]}; the amendment's header dates it "
        f"{o.date}, the day the session's hand(s) {shown} are played on (another night's header): to keep its "
        f'day, amend it under its own night\'s header or write [Date "{played[0].replace("-", ".")}"] after its hand '
        f'line; to move it to that night, write [Date "{o.date.replace("-", ".")}"] there (nothing changed)',
        code="E-AMEND-PLACE", found=f"[Date] {o.date}", expected=f"{played[0]}, or a [Date] line of the hand's own")


def _tag_in(text: str, name: str) -> str | None:
    """The value of the first ``[name "…"]`` tag line of ``text``."""
    return _header_tag("\n".join(line.strip() for line in text.splitlines() if line.strip().startswith("[")), name)


def _reads_the_same(con: duckdb.DuckDBPyConnection, session_id: int, header: str | None, stored: str,
                    h: ValidatedHand, hand_id: int | None = None) -> bool:
    """Whether amendment hand ``h`` (its text read under its file's session
    header) records the same facts as the stored SHN text ``stored`` of the
    hand (read under its session's stored ``header``):
    :func:`ingest.meaning.same_hand` — the same deal, bury, call, tricks,
    marks, result, score, own tags and notes ``{...}``; spacing, line breaks,
    statement order, the case of a seat or card and ``;`` comments are
    layout (``shead export --format shn`` writes the canonical one,
    docs/notation.md §10).  False when either text does not read back as one
    hand, or the session's texts are not SHN (a NetSchafkopf protocol's):
    then only the same text is the same (newuser30 F1).  Also the same
    (:func:`ingest.meaning.reads_the_same`, verify30 F4): a deal, blind or
    bury line's cards in another order, the score's entries in another
    order, and a ``pot N`` written (as the export writes it) on one text and
    left out of the other when it is the balance derived for the hand (the
    provenance ``verified``: the amendment's, and stored hand ``hand_id``'s)."""
    from ingest.meaning import reads_the_same  # noqa: PLC0415
    from ingest.shn.canonical import _read_one  # noqa: PLC0415

    if not stored or not h.session_header or header is None:
        return False
    if _scalar(con, "SELECT coalesce(format, 'shn') FROM sessions WHERE session_id = ?", [session_id]) != "shn":
        return False
    old = _read_one(header, stored)
    new = _read_one(h.session_header, h.source) if old is not None else None
    if new is None:
        return False
    prov = _scalar(con, "SELECT provenance FROM hands WHERE hand_id = ?", [hand_id]) if hand_id is not None else None
    try:
        was = json.loads(prov).get("pot") == "verified" if prov else False
    except (ValueError, AttributeError):
        was = False
    return reads_the_same(old, new, was, lambda: _pot_before(con, hand_id))


def _pot_before(con: duckdb.DuckDBPyConnection, hand_id: int | None) -> int | None:
    """The pot's balance (units) before stored hand ``hand_id`` as its
    session's sheet derives it (rules.md D-19: carried in, plus what the
    hands before it put in less what they took); None without a pot, or
    when the night's first hands are not stored.  Builds the session's sheet:
    called only when an amendment differs from the stored text in a written
    pot alone (verify30 F4)."""
    from ingest.sheet import session_sheet  # noqa: PLC0415

    if hand_id is None:
        return None
    session = _scalar(con, "SELECT session FROM hands WHERE hand_id = ?", [hand_id])
    if session is None:
        return None
    sheet = session_sheet(con, session)
    if sheet.pot_opening_unknown:
        return None
    row = next((r for r in sheet.rows if r.hand_id == hand_id), None)
    if row is None or row.pot_balance is None:
        return None
    return row.pot_balance - (row.pot or 0)


def _stored_text(con: duckdb.DuckDBPyConnection, hand_id: int) -> str:
    """The stored text of hand ``hand_id`` (``hand_text``), "" when none."""
    row = con.execute("SELECT source FROM hand_text WHERE hand_id = ?", [hand_id]).fetchone()
    return (row[0] or "") if row is not None else ""


def _where_played(con: duckdb.DuckDBPyConnection, hand_id: int) -> tuple[str | None, str | None, str | None]:
    """``(date YYYY-MM-DD, group, table)`` stored hand ``hand_id`` counts
    under: the same text amended under another ``[Date]``, ``[Event]`` or
    ``[Table]`` is a correction of them (a mistyped year was "unchanged",
    exit 0, and the night stayed in the wrong year: scorer19 F3)."""
    row = con.execute('SELECT CAST(date AS VARCHAR), "group", "table" FROM hands WHERE hand_id = ?',
                      [hand_id]).fetchone()
    return tuple(row) if row is not None else (None, None, None)


def _same_players(where: str, o: HandOutcome, stored: dict[str, str]) -> None:
    """Raise :class:`CorrectionError` when an amendment of a stored hand
    gives its seats without names (``[Seats "Ann; Bob; ..."]``) where the
    hand was stored with names (``stored``: alias -> name): the short line
    moved the hand to five new names in the ledger while the sheet kept the
    old ones, without a word (newuser17).  The message gives the ``[Seats]``
    line to write.  Names written in the amendment are a correction (a
    misspelt name fixed) and go through."""
    if not stored or dict(o.players) == stored:
        return
    gone = [a for a in stored if a not in o.players]
    if gone:  # another player in a seat: no rename but a reseat (a substitute's hand amended under the header of
        # the night before he sat in gave his units to the player he replaced, without a word: scorer19 F2)
        came = [a for a in o.players if a not in stored]
        raise CorrectionError(
            f"{where}: hand {o.hand} of session {o.session!r} is stored with {', '.join(gone)} at the table, the "
            f"amendment seats {', '.join(came) or 'others'} instead: an amendment keeps its hand's players; write "
            f"the hand's own [Seats] {_on_hand_line(o.hand, 'Seats', _seats_text(stored))} (or that "
            "[Seats] in its header); to seat other players, write their [Seats] line in the hand (nothing changed)",
            code="E-AMEND-SEATS", found=f"the seats {', '.join(came) or 'others'}",
            expected=f"the seats {', '.join(gone)}")
    # names written: a deliberate correction (a misspelt name fixed, break17b F2), as a file's own [Seats] would
    # give them; but a seat left bare where it was stored with a name is no correction of that seat: one name
    # written beside four bare aliases moved the four to new players "Al", "Cy"... (fix18 F4)
    bare = [a for a, n in o.players.items() if n == a and a in stored and stored[a] != a]
    if any(n != a for a, n in o.players.items()) and not bare:
        return
    differ = [f"{a} is {stored[a]!r} there and {o.players[a]!r} here" for a in o.players
              if a in stored and stored[a] != o.players[a] and (not bare or a in bare)]
    other = sorted(set(o.players) ^ set(stored))
    if other:
        differ.append("the seats " + ", ".join(other) + " are in one and not the other")
    if not differ:  # the same names in another order (a moved table): the deal is checked in the amendment's
        return
    seats = _seats_text(stored)
    raise CorrectionError(f"{where}: hand {o.hand} of session {o.session!r} is stored with other players than the "
                          f"amendment names ({'; '.join(differ)}): an amendment keeps its hand's players; write "
                          f'[Seats "{_escape_tag(seats)}"] in its header (nothing changed)', code="E-AMEND-SEATS",
                          found=f'[Seats "{_escape_tag(_seats_text(dict(o.players)))}"]',
                          expected=f'[Seats "{_escape_tag(seats)}"]')


def _own_lines_kept(where: str, o: HandOutcome, source: str, stored_text: str, stored: dict[str, str],
                    rules: str | None) -> None:
    """Raise :class:`CorrectionError` when an amendment leaves out a
    ``[Rules]`` or ``[Seats]`` line the stored hand writes itself (its
    ``stored_text``; notation.md §4.2: the hand's own, a house rule of one
    round, a substitute) and so scores it by other rules or seats other
    players than it was stored with: a typo fix written under the session's
    header re-scored a hand played without double on the bump, re-priced a
    Stammtisch's doubled last round and gave a substitute's units to the
    player he replaced, the last said as a rename (real20 F0).  The message
    gives the line to write; a hand's own line may change, written in the
    hand (to score it by the session's rules, write theirs there)."""
    if not stored_text:
        return
    stored_own, amend_own = own_tags(stored_text), own_tags(source)
    if "Rules" in stored_own and "Rules" not in amend_own and rules and not same_meaning(rules, o.rules):
        raise CorrectionError(
            f"{where}: hand {o.hand} of session {o.session!r} is stored with its own [Rules {rules!r}] line, which "
            f"the amendment leaves out, so it would be scored by [Rules {o.rules!r}]: write the line "
            f"[Rules] {_on_hand_line(o.hand, 'Rules', rules)} (to score the hand by the session's rules, write "
            f'[Rules "{_escape_tag(o.rules)}"] there) (nothing changed)', code="E-AMEND-RULES",
            found=f"no [Rules] line of the hand's own (scored by {o.rules!r})",
            expected=f'[Rules "{_escape_tag(rules)}"] on the hand line after \'hand N\'')
    if "Seats" in stored_own and "Seats" not in amend_own and stored and dict(o.players) != stored:
        differ = ", ".join(f"{a} is {stored[a]!r} there and {n!r} here" for a, n in o.players.items()
                           if a in stored and stored[a] != n) or "other seats"
        raise CorrectionError(
            f"{where}: hand {o.hand} of session {o.session!r} is stored with its own [Seats] line ({differ}), which "
            f"the amendment leaves out: write [Seats] {_on_hand_line(o.hand, 'Seats', _seats_text(stored))} (an "
            "amendment keeps its hand's players; a name corrected is written in that line) (nothing changed)",
            code="E-AMEND-SEATS", found="no [Seats] line of the hand's own",
            expected=f'[Seats "{_escape_tag(_seats_text(stored))}"] on the hand line after \'hand N\'')


def _renamed_session(con: duckdb.DuckDBPyConnection, session_id: int) -> None:
    """After an amendment: when every stored hand of an SHN session names
    the same players (alias -> name) and they are not the session's — a
    misspelt name corrected in every hand — the session takes them: its
    ``players`` and its header's ``[Seats]`` line, so the sheet, the export
    and a re-read give the corrected names (a hand's own names are kept in
    ``hands.players`` otherwise, :func:`in_session`).  The same seats are
    required (a correction renames, it does not reseat).  A NetSchafkopf
    protocol's session (its header the log's own lines, no ``[Seats]``)
    takes the players alone: its ``Gast`` renamed in every game was a
    second, empty column of its sheet (break18 F13)."""
    row = con.execute("SELECT players, header, coalesce(format, 'shn') FROM sessions WHERE session_id = ?",
                      [session_id]).fetchone()
    if row is None or row[2] not in ("shn", "netschafkopf") or not row[0]:
        return
    named = con.execute("SELECT DISTINCT players FROM hands WHERE session_id = ?", [session_id]).fetchall()
    if len(named) != 1 or not named[0][0]:
        return
    now, was = json.loads(named[0][0]), json.loads(row[0])
    if now == was or list(now) != list(was):
        return
    header = row[1] or ""
    if row[2] == "shn":
        if _header_tag(header, "Seats") is None:
            return
        header = _set_header_tag(header, "Seats", _seats_text(now))
    con.execute("UPDATE sessions SET players = ?, header = ? WHERE session_id = ?", [_dumps(now), header, session_id])


def _renamed_night(con: duckdb.DuckDBPyConnection, o: HandOutcome, source: str) -> str:
    """What an amendment of a hand of no stored session is told when a
    stored session of the same group holds this hand number with this very
    text: a session named by its Event, Date and Table is another session
    once one of them is corrected, so the night is moved by storing the file
    and voiding the stored session (scorer19 F3: "a new hand is stored with
    shead ingest" alone counted the night twice).  Empty otherwise."""
    rows = con.execute(
        "SELECT h.session, t.source FROM hands h JOIN hand_text t USING (hand_id) WHERE h.hand = ? AND "
        'h."group" IS NOT DISTINCT FROM ? AND h.session <> ? LIMIT 20', [o.hand, o.group, o.session]).fetchall()
    mine = source.strip()
    hit = next((name for name, text in rows if (text or "").strip() == mine), None)
    if hit is None:
        return ""
    return (f"; session {hit!r} holds hand {o.hand} with this very text: a session named by its Event, Date and "
            "Table is another session once one of them is corrected. To move the night there, store this file "
            f"(shead ingest) and void the stored one (shead void {shlex.quote(hit)} --session --reason "
            f"'mistyped date'); or keep its name: amend with the tag [Session \"{_escape_tag(hit)}\"] above the "
            "corrected tags")


def _spelt_otherwise(con: duckdb.DuckDBPyConnection, session: str) -> str:
    """What an amendment of a hand of no stored session is told when a
    stored session's name differs from ``session`` only in case, accents or
    spacing (real23 F1: ``Friday phone club / 2026.12.04`` for the stored
    ``Friday Phone Club / 2026.12.04`` was told "not stored" alone): its
    name, and to write the tags as stored.  Empty otherwise."""
    names = [n for (n,) in con.execute(
        "SELECT session FROM sessions WHERE trim(regexp_replace(lower(strip_accents(translate(session, ?, ?))), "
        "'\\s+', ' ', 'g')) = ? AND session <> ? ORDER BY session_id LIMIT 3",
        [*_MARKS_SQL, _fold_name(session), session]).fetchall()]
    if not names:
        return ""
    return (f"; the stored session {names[0]!r} differs from it only in case, accents or spacing: if it is that "
            "night, write its tags as stored (or [Session \"" + _escape_tag(names[0]) + "\"] above them)")


def _replayed_session(con: duckdb.DuckDBPyConnection, session_id: int) -> None:
    """After an amendment: when every stored hand of an SHN session counts on
    one day, in one group and at one table that are not the session's — a
    mistyped ``[Date]`` corrected in every hand — the session takes them:
    its ``date``, ``"group"``, ``"table"`` and its header's ``[Date]``,
    ``[Event]``, ``[Table]`` lines, so its sheet and its export name the day
    played (scorer19 F3).  A session of several nights (one group and
    table) none of whose hands counts on the session's day any more — its
    first night's date corrected — takes the first day its hands count on
    (break19 F11)."""
    row = con.execute('SELECT CAST(date AS VARCHAR), "group", "table", header, coalesce(format, \'shn\') '
                      "FROM sessions WHERE session_id = ?", [session_id]).fetchone()
    if row is None or row[4] != "shn":
        return
    now = con.execute('SELECT DISTINCT CAST(date AS VARCHAR), "group", "table" FROM hands WHERE session_id = ?',
                      [session_id]).fetchall()
    if len({(g, t) for _, g, t in now}) != 1 or tuple(now[0]) == tuple(row[:3]) and len(now) == 1:
        return
    if len(now) > 1:  # a session of several nights: it is dated by its first, once no hand counts on its own day
        days = [d for d, _, _ in now if d is not None]  # (the first night's date corrected: break19 F11)
        if row[0] in days or not days:
            return
        now = [(min(days), *now[0][1:])]
    date, group, table = now[0]
    header = row[3] or ""
    for name, value in (("Date", date.replace("-", ".") if date else None), ("Event", group), ("Table", table)):
        if _header_tag(header, name) is not None and value is not None:
            header = _set_header_tag(header, name, value)
    con.execute('UPDATE sessions SET date = CAST(? AS DATE), "group" = ?, "table" = ?, header = ? '
                "WHERE session_id = ?", [date, group, table, header, session_id])


def _voided_again(h: ValidatedHand, when: str) -> RejectedHand:
    """The refusal of file hand ``h`` whose number was voided (``when``
    says how it is known): a voided hand is not stored again by an ingest."""
    from ingest.meaning import amend_hint  # noqa: PLC0415

    o = h.outcome
    how = amend_hint(h.source_file)  # a sheet's user is told to export the session as SHN first (break18b F9)
    d = Diagnostic("E-HAND-CONFLICT", f"hand {o.hand} of session {o.session!r} was voided {when}; a voided hand is "
                   "not stored again by an ingest" + how.replace(" (to correct the stored hand:", " (to give it a new "
                                                                  "text:"),
                   "error", h.source_file, h.source_line, 1, o.hand, found=f"hand {o.hand}",
                   expected="a new hand number, or --amend")
    return RejectedHand(o.session, o.hand, h.source, h.source_file, h.source_line, [d], h.hash)


@dataclass(slots=True)
class _VoidedAgain:
    """A file's hand not stored as the text of a hand voided since
    (``W-HAND-VOIDED``), for the shift test (:meth:`Store._shifted`,
    fixit32 F2): its session, number, text, file, line and hash, and the
    record it was read as (the plan's) or the validated hand."""

    session: str
    hand: int
    source: str
    source_file: str | None
    source_line: int
    hash: str
    record: object
    hand_obj: object


def _refuse(fresh: list[ValidatedHand], result: FileResult, report: "IngestReport",
            refused: list[RejectedHand], strict: bool = False) -> tuple[list[ValidatedHand], FileResult] | None:
    """``fresh`` and ``result`` without the hands of ``refused`` (by hash),
    which join the report's and the result's rejected hands.  ``strict``
    (``shead ingest --strict``): a hand refused refuses the file, so None
    (the caller stores nothing), the report not committed."""
    if not refused:
        return fresh, result
    report.rejected.extend(refused)
    if strict:
        report.committed = False
        return None
    gone = {r.hash for r in refused}
    return [h for h in fresh if h.hash not in gone], replace(result, rejected=list(result.rejected) + refused)


def _twice(fresh: list[ValidatedHand], stored: dict[str, int] | None = None) -> list[RejectedHand]:
    """``E-HAND-CONFLICT`` for each hand of ``fresh`` whose session and
    number an earlier hand of ``fresh`` has: the store never writes two
    hands of one number in a session, whatever reader produced them (real25
    F2: a workbook's second night tab under the first's date was stored as
    one session numbered 1,1,2,2,3,3,4, and ``SESSION#1`` named the first
    alone).  The first is stored, the later refused at its line, naming the
    first.  ``stored``: the file's sessions stored before (said in the
    message).  One pass over the hands; [] for a file without repeats."""
    seen: dict[tuple[str, int], ValidatedHand] = {}
    out: list[RejectedHand] = []
    for h in fresh:
        o = h.outcome
        key = (o.session, o.hand)
        first = seen.get(key)
        if first is None:
            seen[key] = h
            continue
        top = max(x.outcome.hand for x in fresh if x.outcome.session == o.session)
        d = Diagnostic(
            "E-HAND-CONFLICT", f"hand {o.hand} of session {o.session!r} is given twice by this file: its first hand "
            f"{o.hand} is at {first.source_file or '<input>'}:{first.source_line}"
            + (" (the session is stored already)" if stored and o.session in stored else "")
            + "; a session holds each hand number once, so this later one is not stored: if it is another night, "
            f"give it its own date; if it is another hand of this night, number it after {top}",
            "error", h.source_file, h.source_line, 1, o.hand, found=f"a second hand {o.hand}",
            expected=f"one hand {o.hand} in the session")
        out.append(RejectedHand(o.session, o.hand, h.source, h.source_file, h.source_line, [d], h.hash))
    return out


def _settled_units(units: dict, stake: int, pot: int = 0) -> tuple:
    """A hand's units per player (and the pot's) at a stake of one: the same hand settles the same wherever the
    doubler queue puts it (rules.md J), so a copy is matched on what it pays, not on its place (break28 F2)."""
    from fractions import Fraction  # noqa: PLC0415

    s = stake or 1
    out = {k: Fraction(u, s) for k, u in units.items() if u}
    if pot:
        out[POT_SEAT] = Fraction(pot, s)
    return tuple(sorted(out.items()))


def _signature(o: HandOutcome) -> tuple:
    """What a hand settles to, whatever its number, its place in the session's carry and how it is written
    (break28 F2: a copy that writes a score line, dealers or a note more was stored as new hands): the picker,
    partner, call, alone, leaster winner, points, tricks, outcome and each player's units at a stake of one.
    Notes, a dealer written in one copy only and score lines that agree with the derived units are left out;
    a written dealer and the deals are compared beside it (:meth:`Store._renumbered`)."""
    names = o.players or {}
    units = {names.get(k, k): u for k, u in (o.units or {}).items()}
    return (o.picker, o.partner, o.call, bool(o.alone), o.leaster_winner, o.picker_points, o.picker_tricks,
            o.outcome, _settled_units(units, o.stake, o.pot))


def _written_dealer(o_dealer: str | None, provenance: dict | None) -> str | None:
    """The dealer a hand writes (None when it writes none: a derived dealer is no fact of the record)."""
    return o_dealer if o_dealer and (provenance or {}).get("dealer") not in (None, "derived") else None


def _signatures(con: duckdb.DuckDBPyConnection, session_id: int) -> tuple[str | None, list[tuple]]:
    """A stored session's SHN header (None for a protocol's) and its hands' (number, hand id,
    :func:`_signature`, written dealer, dealt) in number order: one query of the hands' own columns, one of their
    units."""
    rows = con.execute(
        "SELECT (SELECT CASE WHEN coalesce(format, 'shn') = 'shn' THEN header END FROM sessions WHERE session_id = ?),"
        " h.hand, h.hand_id, h.picker, h.partner, h.call, h.alone, h.leaster_winner, h.picker_points, "
        "h.picker_tricks, h.outcome, h.stake, h.dealer, h.provenance, h.status FROM hands h WHERE h.session_id = ? "
        "ORDER BY h.hand", [session_id, session_id]).fetchall()
    if not rows:
        return None, []
    # the hands' units by the range of their hand ids (literal bounds: DuckDB skips the row groups of hand_units
    # outside it; a correlated look-up by hand id is a hash join that reads every stored row: issue 17)
    ids = [r[2] for r in rows]
    paid: dict[int, dict] = {i: {} for i in ids}
    for hid, k, v in con.execute(f"SELECT hand_id, coalesce(player, seat), units FROM hand_units "
                                 f"WHERE hand_id BETWEEN {int(min(ids))} AND {int(max(ids))}").fetchall():
        got = paid.get(hid)
        if got is not None:
            got[k] = v
    out = []
    for r in rows:
        units = dict(paid[r[2]])
        pot = units.pop(POT_SEAT, 0)
        sig = (r[3], r[4], r[5], bool(r[6]), r[7], r[8], r[9], r[10], _settled_units(units, r[11], pot))
        out.append((r[1], r[2], sig, _written_dealer(r[12], json.loads(r[13]) if r[13] else {}), r[14] == "full"))
    return rows[0][0], out


def _differences(o: HandOutcome, theirs: tuple, dealer: str | None) -> str:
    """What a copy's hand (``o``) writes otherwise than its stored counterpart (its :func:`_signature` ``theirs``,
    its written ``dealer``): "outcome win (stored: lose), units at a stake of one ..." (break28b F2)."""
    from fractions import Fraction  # noqa: PLC0415

    def units(settled) -> str:
        def one(v) -> str:
            v = Fraction(v)
            return f"{'+' if v > 0 else ''}{v.numerator if v.denominator == 1 else v}"
        return ", ".join(f"{'the pot' if k == POT_SEAT else k} {one(v)}" for k, v in settled)

    mine = _signature(o)
    names = ("picker", "partner", "call", "alone", "leaster winner", "points", "tricks", "outcome")
    out = [f"{name} {'(none)' if a is None else a} (stored: {'(none)' if b is None else b})"
           for name, a, b in zip(names, mine, theirs) if a != b]
    if mine[-1] != theirs[-1]:
        out.append(f"units at a stake of one {units(mine[-1]) or '(none)'} (stored: {units(theirs[-1]) or '(none)'})")
    dealt = _written_dealer(o.dealer, o.provenance)
    if dealt and dealer and dealt != dealer:
        out.append(f"dealer {dealt} (stored: {dealer})")
    return ", ".join(out) or "the deal"


def _thrown_in(o: HandOutcome) -> bool:
    """A deal thrown in (a doubler, a misdeal, a pot split): every such hand of a session has the same facts, so
    it is no evidence that a hand repeats a stored one (break28 F1)."""
    from replay.outcome import UNPLAYED_OUTCOMES  # noqa: PLC0415

    return o.outcome in UNPLAYED_OUTCOMES


def _counts(run: dict) -> bool:
    """Whether a run of :meth:`Store._renumbered` is a copy: two or more of its hands are not thrown-in deals."""
    return sum(1 for h in run["hands"] if not _thrown_in(h.outcome)) >= 2


#: the key of a streamed file's ``night_blocks`` entry holding the sessions the file created (no session's name:
#: a name has no NUL), which :meth:`Store._renumbered` does not check against themselves (break27 F1)
OWN_SESSIONS = "\x00own"


def _new_block() -> dict:
    """A stored session's block of a file read in batches, as :meth:`Store._another_night` keeps it over the
    batches (break25 F2): its conflicts, repeats (session number, line, hash, text; the text None when it is
    the stored one's), refusals for rules and other refusals, its hand numbers, and whether it was decided
    another night (``decided``, the earlier batches' refusals filed anew: ``done``) or settled as none."""
    return {"clash": [], "again": [], "ruled": [], "others": [], "numbers": set(), "decided": False, "done": False,
            "settled": False}


def _repeats_refused(result: FileResult, plan: "IngestPlan | None") -> bool:
    """For a batch of a streamed file with nothing to store (every hand a stored text): whether it must be
    stored all the same, as refusals of a block decided another night in an earlier batch; else its repeats are
    noted in their blocks (``result.night_blocks``), which decide on them with the later batches (break25 F2:
    a block's repeat in a batch of its own was not counted)."""
    blocks = result.night_blocks
    if blocks is None or plan is None or not plan.skipped_texts:
        return False
    if any(blocks.get(t[0], {}).get("decided") for t in plan.skipped_texts):
        return True
    for sess, n, line, h, _text in plan.skipped_texts:
        mem = blocks.setdefault(sess, _new_block())
        if not mem["settled"]:
            mem["again"].append((n, line, h, None))  # the text is the stored hand's: read again if refused
            mem["numbers"].add(n)
    return False


def _kept_warnings(con: duckdb.DuckDBPyConnection, name: str, refused: list[tuple[int, Diagnostic]],
                   path: str | None) -> list[tuple[int, Diagnostic]]:
    """``(hand_id, W-CARRY warning)`` for each stored hand of session
    ``name`` that the rules refuse once a file (``path``) adds hands before
    it (``refused``: ``(hand_id, the rules' first error)`` from
    :func:`_reread_session`): it keeps its stored outcome until amended,
    and the warning says so, names the hand, where it was written and the
    rules' reason (rules.md D-11, D-12, D-19)."""
    ids = [hid for hid, _ in refused if hid]
    where = {hid: (file, line) for hid, file, line in con.execute(
        "SELECT hand_id, file, line FROM hand_source WHERE list_contains(?, hand_id)", [ids]).fetchall()} if ids else {}
    have = {n for (n,) in con.execute("SELECT hand FROM hands WHERE session = ?", [name]).fetchall()}
    try:
        have |= {n for (n,) in con.execute("SELECT hand FROM hand_revisions WHERE session = ? AND action = 'void'",
                                           [name]).fetchall()}
    except duckdb.CatalogException:  # before migration 007
        pass
    out = []
    for hid, d in refused:
        file, line = where.get(hid, (None, None))
        at = f", written at {file or '<input>'}:{line}" if line else ""
        gap = [k for k in range(1, d.hand or 0) if k not in have] if d.hand else []
        first = ("; but hand " + str(gap[0]) if len(gap) == 1 else "; but hands " + _ranges(gap)) if gap else ""
        # a tester's night: the later half first, its first hand refused (the pot unknown), then the earlier half:
        # the kept hand's score was right, the missing hand was why; amending it as advised gave a wrong ledger
        them = "it" if len(gap) == 1 else "them"
        why = (f" for now{first} before it {'is' if len(gap) == 1 else 'are'} not stored (refused, or not ingested "
               f"yet): store {them} first (ingest {'its' if len(gap) == 1 else 'their'} file again now that the hands "
               f"before {them} are stored) and this hand may agree again; amend it only if it is still marked"
               ) if gap else " until it is amended (shead ingest --amend)"
        out.append((hid, Diagnostic(
            "W-CARRY", f"hand {d.hand} of session {name!r} (hand id {hid}{at}), stored before, no longer agrees "
            f"with the rules now that {path or 'a file'} adds hands before it (the stake or the pot it carries, "
            f"rules.md D-11, D-12, D-19): {d.code}: {d.message}; it keeps its stored outcome{why}, and its session is "
            "listed as incomplete till then", "warning", path, 1, 1, d.hand)))
    return out


def _ranges(numbers: list[int]) -> str:
    """Rising hand numbers as ``"4, 6-8"``."""
    out, run = [], []
    for k in numbers:
        if run and k != run[-1] + 1:
            out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
            run = []
        run.append(k)
    if run:
        out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
    return ", ".join(out)


def _flag_kept(con: duckdb.DuckDBPyConnection, kept: list[tuple[int, Diagnostic]]) -> None:
    """Store each kept hand's ``W-CARRY`` warning among its warnings (in
    place of an earlier one), so that the sheet, the ledger's incomplete
    sessions and ``shead history`` show it after the ingest's message is
    gone (a tester's finding).  A hand re-derived or amended later gets the
    warnings of its new outcome: the mark goes with the disagreement."""
    ids = [hid for hid, _ in kept if hid]
    if not ids:
        return
    stored = dict(con.execute("SELECT hand_id, warnings FROM hands WHERE list_contains(?, hand_id)",
                              [ids]).fetchall())
    rows = []
    for hid, d in kept:
        if hid not in stored:
            continue
        old = [w for w in json.loads(stored[hid] or "[]") if "warning W-CARRY" not in w]
        rows.append([_dumps(old + [str(d)]), hid])  # as the validator stores a warning (str of the diagnostic)
    if rows:
        con.executemany("UPDATE hands SET warnings = ? WHERE hand_id = ?", rows)


def _new_warnings(con: duckdb.DuckDBPyConnection, name: str, hands: list[tuple[int, HandOutcome]],
                  path: str | None, why: str | None = None) -> list[Diagnostic]:
    """A warning for each warning of a re-derived hand of session ``name``
    (``hands``: ``(hand_id, new outcome)``, before they are stored) whose
    code its stored outcome did not have: the rules find it now that a file
    adds hands before it (a dealer out of rotation, ``W-SESSION-DEALER``,
    once the hand before it is known; rules.md B-1).  Said at the file
    ``path`` (line 1), as ``W-CARRY`` is, naming the hand; a tester found
    them stored without a word.  ``W-SESSION-GAP`` is left to the caller
    (said for a hand whose stake or pot changed).  ``why``: what changed
    before the hand, when not a file adding hands (an amendment, corr34
    F1)."""
    ids = [hid for hid, o in hands if o.warnings]
    if not ids:
        return []
    old = {hid: json.loads(w or "[]") for hid, w in con.execute(
        "SELECT hand_id, warnings FROM hands WHERE list_contains(?, hand_id)", [ids]).fetchall()}
    out = []
    cause = why or f"{path or 'a file'} adds hands before it"
    for hid, o in hands:
        if not o.warnings:
            continue
        had = {m.group(1) for w in old.get(hid, ()) if (m := _WARNING_TEXT.search(w))}
        for w in o.warnings:
            m = _WARNING_TEXT.search(w)
            if m is None or m.group(1) in had or m.group(1) == "W-SESSION-GAP":
                continue
            out.append(Diagnostic(m.group(1), f"hand {o.hand} of session {name!r} (hand id {hid}), stored before, "
                                  f"now that {cause}: {m.group(2)}", "warning", path,
                                  1, 1, o.hand))
    return out


def _set_header_tag(header: str, name: str, value: str | None) -> str:
    """``header`` with its ``[name "value"]`` tag line replaced (the first
    one), added at its end when it has none, or taken out when ``value`` is
    None."""
    line = f'[{name} "{_escape_tag(value)}"]' if value is not None else ""
    pattern = re.compile(r'(?m)^\[' + re.escape(name) + r'\s+"(?:[^"\\]|\\.)*"\][ \t]*(?:\n|$)')
    if pattern.search(header) is None:
        return header if value is None else header.rstrip("\n") + "\n" + line + "\n"
    return pattern.sub(lambda _: line + ("\n" if line else ""), header, count=1)


def with_voids(header: str, numbers: Iterable[int]) -> str:
    """A stored session ``header`` whose ``[_Voided "..."]`` tag names
    ``numbers`` too (the voids of this database, ``hand_revisions``) beside
    those it names already (a restored session's, kept from its export):
    one tag, the numbers sorted; ``header`` itself when there is nothing to
    add.  A void made after a restore was left out of the next export, and
    a second restore stored the voided hand again (break18 F1)."""
    known = _header_voids(header)
    if set(numbers) <= known:
        return header
    return _set_header_tag(header, "_Voided", " ".join(map(str, sorted(known | set(numbers)))))


def _voided_texts(con: duckdb.DuckDBPyConnection, hashes: list[str]) -> dict[str, tuple[str, str | None]]:
    """``{hash: (when, reason)}`` of the texts ``hashes`` (hex) that were a
    revision of a hand voided since (its latest revision a void; ``when``
    ``YYYY-MM-DD HH:MM`` UTC of that void): an ingest does not store them
    again (``W-HAND-VOIDED``)."""
    if not hashes:
        return {}
    return {bytes(h).hex(): (when, reason) for h, when, reason in con.execute(
        "SELECT r.hash, strftime(v.recorded_at, '%Y-%m-%d %H:%M'), v.reason FROM hand_revisions r "
        "JOIN hand_revisions v ON v.hand_id = r.hand_id AND v.action = 'void' AND v.revision = "
        "(SELECT max(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id) "
        "WHERE list_contains(?, r.hash)", [[bytes.fromhex(h) for h in hashes]]).fetchall()}


def _amended_texts(con: duckdb.DuckDBPyConnection, hashes: list[str]) -> dict[str, tuple[str, str | None]]:
    """``{hash: (when, reason)}`` of the texts ``hashes`` (hex) that were a
    revision of a hand amended since: the amendment that REPLACED the text
    (the first ``amend`` revision after the LATEST revision holding it;
    ``when`` ``YYYY-MM-DD HH:MM`` UTC), with the voids between said in
    ``reason`` ("...; voided before it on WHEN UTC: WHY"): a duplicate, its
    amendment in force (``W-HAND-AMENDED``).  corr34 F3: a text written by
    an amendment and by the ingest before it (a rename in the header: the
    hand's text the same) named the amendment that wrote it, not the later
    one that replaced it, nor the void between."""
    if not hashes:
        return {}
    out = {}
    for h, when, reason, voids in con.execute(
            "WITH m AS (SELECT hand_id, hash, max(revision) AS rev FROM hand_revisions WHERE list_contains(?, hash) "
            "GROUP BY hand_id, hash) "
            "SELECT m.hash, strftime(a.recorded_at, '%Y-%m-%d %H:%M'), a.reason, "
            "(SELECT string_agg(strftime(v.recorded_at, '%Y-%m-%d %H:%M') || ' UTC' || coalesce(': ' || v.reason, "
            "''), '; ' ORDER BY v.revision) FROM hand_revisions v WHERE v.hand_id = m.hand_id AND v.action = 'void' "
            "AND v.revision > m.rev AND v.revision < a.revision) "
            "FROM m JOIN hand_revisions a ON a.hand_id = m.hand_id AND a.action = 'amend' AND a.revision = "
            "(SELECT min(revision) FROM hand_revisions x WHERE x.hand_id = m.hand_id AND x.action = 'amend' "
            "AND x.revision > m.rev)", [[bytes.fromhex(h) for h in hashes]]).fetchall():
        if voids:
            reason = (f"{reason}; " if reason else "") + f"voided before it on {voids}"
        out[bytes(h).hex()] = (when, reason)
    return out


def _renamed_since(con: duckdb.DuckDBPyConnection, texts: list[tuple]) -> list[tuple]:
    """``(session id, hand number, line, when, reason)`` (as
    :func:`_amended_texts` gives them, for ``W-HAND-AMENDED``) for the
    file's hands ``texts`` (``(record, hash)`` each) whose text is the hand
    in force but whose ``[Seats]`` name its players as an earlier revision
    did, before an amendment renamed them (``shead ingest --amend`` with the
    Seats as stored, the fix W-PLAYER-SPELLING gives): the file from before
    the rename sent again was a silent duplicate, where a units amendment
    sent again is said (real23b F9).  One query, of the amended hands
    only."""
    from ingest.shn.reader import parse_seats  # noqa: PLC0415

    rows = con.execute(
        "SELECT r.hash, r.outcome, strftime(a.recorded_at, '%Y-%m-%d %H:%M'), a.reason, h.players FROM "
        "hand_revisions r JOIN hand_revisions a ON a.hand_id = r.hand_id AND a.action = 'amend' AND a.revision = "
        "(SELECT min(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id AND x.action = 'amend' AND "
        "x.revision > r.revision) JOIN hands h ON h.hand_id = r.hand_id WHERE list_contains(?, r.hash) "
        "AND r.outcome IS NOT NULL ORDER BY r.revision DESC", [[bytes.fromhex(h) for _, h in texts]]).fetchall()
    if not rows:
        return []
    before: dict[str, list[tuple]] = {}
    for hsh, outcome, when, reason, players in rows:
        was = json.loads(outcome).get("players")
        if was and was != json.loads(players or "{}"):
            before.setdefault(bytes(hsh).hex(), []).append((was, when, reason))
    out = []
    for rec, h in texts:
        seats = rec.tag("Seats")
        if h not in before or seats is None:
            continue
        try:
            names = dict(parse_seats(seats))
        except ValueError:
            continue
        hit = next((x for x in before[h] if x[0] == names), None)  # the latest revision so named
        if hit is not None:
            out.append((rec.session_id, rec.number, rec.line, hit[1], hit[2]))
    return out


def _revision_warnings(code: str, texts: list[tuple], path: str | None, done: str, then: str,
                       files: dict | None = None) -> list[Diagnostic]:
    """``code`` for the file's hands whose texts are of hands corrected
    since (``(session, hand, line, when, reason)`` each): one warning a
    session and correction, at the first such hand's line, naming the hands,
    when (``done`` before it) and why, then ``then``.  ``files``: a
    workbook's ``(session, line) -> FILE[SHEET]`` (``FileResult.line_files``),
    the place of a hand read from a sheet (real25 F5)."""
    groups: dict[tuple, list[tuple[int, int]]] = {}
    for session, hand, line, when, reason in texts:
        groups.setdefault((session, when, reason), []).append((line, hand))
    out = []
    for (session, when, reason), got in groups.items():
        got.sort()
        numbers = sorted(n for _, n in got)
        which = (f"hand {numbers[0]}" if len(numbers) == 1 else
                 f"{len(numbers)} hands ({_number_runs(numbers)})")
        out.append(Diagnostic(
            code, f"{which} of session {session!r}: {done} {when} UTC" + (f" ({reason})" if reason else "")
            + f": {then}", "warning", (files or {}).get((session, got[0][0]), path), got[0][0], 1,
            numbers[0] if len(numbers) == 1 else None))
    return out


def amended_warnings(amended: list[tuple], path: str | None, files: dict | None = None) -> list[Diagnostic]:
    """``W-HAND-AMENDED`` (:func:`_revision_warnings`) for the file's hands
    whose texts are of hands amended since: duplicates (their amendment
    stays in force); the warning tells a second scorer whose copy still
    holds the old text that the stored hand now says otherwise (real23 F6:
    only "duplicates" was said)."""
    return _revision_warnings("W-HAND-AMENDED", amended, path, "this is the text from before the amendment of",
                              "the amended hand stays in force (counted a duplicate; shead history shows both "
                              "texts, shead ingest --amend changes it again)", files)


def voided_warnings(voided: list[tuple], path: str | None, files: dict | None = None) -> list[Diagnostic]:
    """``W-HAND-VOIDED`` (:func:`_revision_warnings`) for the file's hands
    whose texts are of hands voided since (``shead void ... --session``
    voids a night's hands together): not stored again and no duplicates (a
    voided ledger sitting sent again: ``W-SITTING-VOIDED``, break22b F5)."""
    return _revision_warnings("W-HAND-VOIDED", voided, path, "voided on",
                              "not stored again (a voided hand's text stays voided; to bring a hand back, amend it "
                              "with its text changed: shead ingest --amend)", files)


def _number_runs(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` as ``"1-3, 5"``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in runs)


def _voided_as(con: duckdb.DuckDBPyConnection, hand_id: int) -> str | None:
    """The content hash (hex) of the text hand ``hand_id`` had when it was
    voided (the revision before its latest void), or None."""
    row = con.execute("SELECT hash FROM hand_revisions WHERE hand_id = ? AND hash IS NOT NULL AND revision < "
                      "(SELECT max(revision) FROM hand_revisions WHERE hand_id = ? AND action = 'void') "
                      "ORDER BY revision DESC LIMIT 1", [hand_id, hand_id]).fetchone()
    return bytes(row[0]).hex() if row else None


#: a hand's own ``[Date]`` tag anywhere on a line of its text (its own line, or the ``hand N`` line as in ``hand 2
#: [Date "2026.12.08"]``), not in a ``{note}``, a quoted value or a ``; comment``: :func:`_revision_day`
_DATE_IN_LINE = re.compile(r'\{[^}]*\}?|;.*|\[[ \t]*Date[ \t]+"((?:[^"\\]|\\.)*)"[ \t]*\]|"(?:[^"\\]|\\.)*"?')


def _revision_day(text: str, day: str | None) -> str | None:
    """The day (YYYY-MM-DD) a stored revision's ``text`` counts on: its own
    ``[Date]``'s, else its session's ``day``.  The tag is read on its own
    line or on the ``hand`` line (break24 F5: ``hand 2  [Date "…"]``, then
    amended to the session's day, was read as of the session's day, so the
    file from before the amendment, sent again, was a silent duplicate)."""
    for line in text.splitlines():
        for m in _DATE_IN_LINE.finditer(line):
            if m.group(1) is not None:
                return _iso_day(m.group(1).strip()) or day
            if m.group(0).startswith(";"):
                break
    return day


def _own_day_conflict(h: ValidatedHand, was: str) -> RejectedHand:
    """``E-HAND-CONFLICT`` for file hand ``h`` of its stored session's own
    night whose stored hand of that number is dated ``was`` (its own
    ``[Date]`` line, another day than its session's): the same hand stored
    under the wrong day, as a [Date] starting the next night written below
    its statements was stored before ``E-TAG-LATE`` (real22 F4).  The message
    says how to correct the stored hand (``shead ingest --amend`` with the
    session's day as its own line: an amendment keeps a stored hand's own
    [Date] otherwise, ``E-AMEND-PLACE``)."""
    o = h.outcome
    dotted = o.date.replace("-", ".")
    d = Diagnostic(
        "E-HAND-CONFLICT", f"hand {o.hand} of session {o.session!r} is stored with a [Date] of its own, "
        f"{was.replace('-', '.')}, another day than its session's {dotted}, which this file's hand {o.hand} is of: "
        f"if it is this hand, stored under the other night's day (a [Date] written below its statements), correct "
        f"it: shead ingest --amend FILE, with [Date \"{dotted}\"] on the line after its 'hand {o.hand}' line",
        "error", h.source_file, h.source_line, 1, o.hand, found=f"hand {o.hand} of {dotted}, stored of {was.replace('-', '.')}",
        expected=f"the stored hand amended to {dotted}")
    return RejectedHand(o.session, o.hand, h.source, h.source_file, h.source_line, [d], h.hash)


def _voided_days(con: duckdb.DuckDBPyConnection, ids: list[int], numbers: list[int]) -> dict[tuple[str, int], str]:
    """``{(session, hand): YYYY-MM-DD}`` of the hands numbered ``numbers``
    voided in sessions ``ids`` and not in force: voided here (their last
    revision a void; the day their last text's own ``[Date]`` line gives,
    else their session's) or before a restore (a ``[_Voided]`` number of the
    session's header, on the session's day)."""
    out: dict[tuple[str, int], str] = {}
    for sess, n, day, text in con.execute(
            "SELECT r.session, r.hand, CAST(s.date AS VARCHAR), (SELECT p.source FROM hand_revisions p WHERE "
            "p.hand_id = r.hand_id AND p.source IS NOT NULL ORDER BY p.revision DESC LIMIT 1) FROM hand_revisions r "
            "JOIN sessions s USING (session_id) WHERE list_contains(?, r.session_id) AND list_contains(?, r.hand) "
            "AND r.action = 'void' AND r.revision = (SELECT max(revision) FROM hand_revisions x WHERE "
            "x.hand_id = r.hand_id)", [ids, numbers]).fetchall():
        got = _revision_day(text, day) if text else day
        if got:
            out[(sess, n)] = got
    for sess, header, day in con.execute(
            "SELECT session, header, CAST(date AS VARCHAR) FROM sessions WHERE list_contains(?, session_id) AND "
            "contains(header, '[_Voided ') AND date IS NOT NULL", [ids]).fetchall():
        for n in _header_voids(header) & set(numbers):
            out.setdefault((sess, n), day)
    return out


def _header_voids(header: str | None) -> set[int]:
    """The hand numbers of a stored session header's ``[_Voided]`` tag."""
    return {int(t) for t in (_header_tag(header or "", "_Voided") or "").split() if t.isdigit()}


def _without_void(header: str, number: int) -> str:
    """``header`` with ``number`` taken out of its ``[_Voided]`` tag (the tag
    gone when it names no other hand): a hand voided before a restore and
    amended back into force."""
    rest = sorted(_header_voids(header) - {number})
    return _set_header_tag(header, "_Voided", " ".join(map(str, rest)) if rest else None)


def voided_numbers(con: duckdb.DuckDBPyConnection, session_id: int) -> set[int]:
    """The hand numbers of the session whose latest revision is a void
    (``shead void``); an empty set before migration 007 (no ``hand_revisions``)."""
    try:
        return _voided_numbers(con, session_id)
    except duckdb.CatalogException:
        return set()


def _voided_numbers(con: duckdb.DuckDBPyConnection, session_id: int) -> set[int]:
    """The hand numbers of the session whose latest revision is a void
    (``shead void``).  Raises ``duckdb.CatalogException`` before migration 007."""
    return {n for (n,) in con.execute(
        "SELECT r.hand FROM hand_revisions r WHERE r.session_id = ? AND r.action = 'void' AND r.revision = "
        "(SELECT max(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id)", [session_id]).fetchall()}


def _voids_are_no_gap(con: duckdb.DuckDBPyConnection, session_id: int,
                      hands: list[tuple[int, HandOutcome]]) -> list[tuple[int, HandOutcome]]:
    """Re-read outcomes of one session with ``W-SESSION-GAP`` taken off the
    hands whose only missing earlier hands were voided (``shead void``): a
    voided hand is known to count for nothing, so the carry past it (rules.md
    D-11, D-12, D-19) is the session's own, not short.  Other hands as given."""
    try:
        voided = _voided_numbers(con, session_id)
    except duckdb.CatalogException:  # before migration 007
        return hands
    if not voided:
        return hands
    have = {o.hand for _, o in hands} | voided
    out = []
    for hand_id, o in hands:
        gap = [w for w in o.warnings if "W-SESSION-GAP" in w]
        if gap and all(k in have for k in range(1, o.hand)):
            o = replace(o, warnings=[w for w in o.warnings if "W-SESSION-GAP" not in w])
        out.append((hand_id, o))
    return out


def voided_whole_carry(con: duckdb.DuckDBPyConnection, session_id: int, first: int | None = None):
    """The carry (:class:`replay.judge.SessionState`) the next hand of a
    session with no hand in force starts from, its hands voided (``shead
    void``, a hand at a time or ``--session``): nothing counted
    (``last_hand`` None), its voided hands no gap before the hands that come
    (``voided``, docs/notation.md ``[_Voided]``; break29b F7), and the pot
    the night opened with (:func:`ingest.pot_carry.voided_opening`: carried
    from the night before, kept when hand 1 was voided; rules.md D-19) in
    units, not an empty pot (fixc30 F1).  ``first``: the number of the first
    hand to come, when known: a new hand 1 opens the night itself (its own
    ``pot N``, else empty), as the stored hands' re-read gives it.  None when
    the session has no voided hand (or before migration 007).  Two or three
    small queries: only for such a session."""
    from ingest.pot_carry import voided_opening  # noqa: PLC0415
    from replay.judge import SessionState  # noqa: PLC0415

    voided = voided_numbers(con, session_id)
    if not voided:
        return None
    pot = (voided_opening(con, session_id) or 0) if 1 in voided and first != 1 else 0
    return SessionState(pot=pot, voided=frozenset(voided))


def _voids_fill_gaps(con: duckdb.DuckDBPyConnection, session_id: int, again: "_Reread", fmt: str = "shn"):
    """The re-read session's running state with its voided hands counted as
    known (they count for nothing, rules.md D-11, D-12, D-19 untouched): when
    the stored and voided hand numbers together run from 1 with no gap, the
    carry is the session's own (``known``) and reaches past a voided last
    hand (``last_hand``).  An SHN session whose every stored hand is voided
    gets an empty carry, known when they run from hand 1, so the next hand
    that arrives is no gap."""
    state = again.state
    if state is None:
        if again.stored or fmt != "shn":
            return None
        # every stored hand of the session voided: an empty carry with the night's opening pot (fixc30 F1), known
        # when the voided hands run from hand 1
        from replay.judge import SessionState  # noqa: PLC0415

        state = voided_whole_carry(con, session_id) or SessionState()
        state.known = False
    voided = _voided_numbers(con, session_id)
    if not voided:
        return state if again.state is not None else None
    have = {o.hand for _, o in again.hands} | voided
    if have and all(k in have for k in range(1, max(have) + 1)):
        state.known = True
        state.last_hand = max(have)
    return state if state.known or again.state is not None else None


def _save_state(con: duckdb.DuckDBPyConnection, session_id: int, state, hands: int, top: int | None) -> None:
    """Store (or, with ``state`` None, forget) a session's running state
    (``session_state``, migration 007): the carry after its ``hands`` stored
    hands, the highest numbered ``top``."""
    con.execute("DELETE FROM session_state WHERE session_id = ?", [session_id])
    if state is None:
        return
    con.execute("INSERT INTO session_state VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [session_id, state.last_hand, top, state.queued, state.run, state.pot, state.last_dealer,
                 bool(state.known), hands, _now()])


def _carry_rows(con: duckdb.DuckDBPyConnection, session_ids: list[int]) -> dict[int, tuple]:
    """For each of ``session_ids``: ``(state hands, state top_hand, stored
    hands, has a state row)`` — what :meth:`Store._carry_fits` compares, for
    many sessions in one query."""
    if not session_ids:
        return {}
    rows = con.execute(
        "SELECT i.sid, t.hands, t.top_hand, (SELECT count(*) FROM hands h WHERE h.session_id = i.sid), "
        "t.session_id IS NOT NULL FROM (SELECT unnest(?::INTEGER[]) AS sid) i "
        "LEFT JOIN session_state t ON t.session_id = i.sid", [session_ids]).fetchall()
    return {sid: (hands, top, n, has) for sid, hands, top, n, has in rows}


def _save_states(con: duckdb.DuckDBPyConnection, states: list[tuple[int, object, int, int | None]],
                 created: Iterable[int] = ()) -> None:
    """:func:`_save_state` for many sessions at once: ``(session_id, state or
    None, hands, top)`` each (a None state only deletes the row), one DELETE
    and one INSERT; ``created``: sessions the caller's transaction created
    (no row to delete)."""
    if not states:
        return
    new = set(created)
    old = [s[0] for s in states if s[0] not in new]
    if old:
        con.execute("DELETE FROM session_state WHERE list_contains(?::INTEGER[], session_id)", [old])
    rows = [(sid, st.last_hand, top, st.queued, st.run, st.pot, st.last_dealer, bool(st.known), hands)
            for sid, st, hands, top in states if st is not None]
    if not rows:
        return
    names = ("session_id", "last_hand", "top_hand", "queued", "run", "pot", "last_dealer", "known", "hands")
    kinds = ("int32", "int32", "int32", "int32", "int32", "int64", "int32", "bool_", "int32")
    states_rows = _arrow.table(dict(zip(names, map(list, zip(*rows)))), list(zip(names, kinds)))
    _run_with_rows(con, f"INSERT INTO session_state ({', '.join(names)}, updated_at) "
                   f"SELECT {', '.join(names)}, ? FROM _rows", states_rows, [_now()])


#: Hands re-derived per batch, each batch one transaction of whole sessions (:meth:`Store.rederive`): a few
#: thousand, so that a batch's texts, results and replaced rows stay small next to the process (issue 17).
_REDERIVE_BATCH = 5_000


def _texts(con: duckdb.DuckDBPyConnection, ids: list[int]) -> dict[int, tuple[bytes, str]]:
    """``hand_id -> (hash, source)`` of the hands ``ids`` from ``hand_text``.
    The view restores each text from its template; asked for a literal list
    of ids it restores only those, while a join with ``hands`` filtered by
    session restores every stored hand first (1.3 s instead of 44 ms for a
    session of 50 hands at 5,000 stored)."""
    if not ids:
        return {}
    return {i: (h, src) for i, h, src in con.execute(
        "SELECT hand_id, hash, source FROM hand_text WHERE list_contains(?, hand_id)", [ids]).fetchall()}


def _session_doc(header: str, sources: list[str]) -> str:
    """A stored SHN session as one text: ``%SHN 1.0``, the stored tag lines,
    the hands' sources (in the order given)."""
    return "%SHN 1.0\n" + header.rstrip("\n") + "\n\n" + "".join(x.rstrip("\n") + "\n\n" for x in sources)


def _backfill_deals(con: duckdb.DuckDBPyConnection) -> None:
    """Migration 015: the deal id of every stored full-deal hand (``hand_deals``)."""
    # read and written in batches (bounded memory), each batch one Arrow insert: executemany of a million
    # rows took minutes (issue 17)
    cur = con.cursor()
    cur.execute("SELECT c.hand_id, h.players, h.dealer, " + ", ".join(f"c.{c}" for c in CARD_LOG_COLUMNS)
                + " FROM card_log c JOIN hands h USING (hand_id) ORDER BY c.hand_id")
    while rows := cur.fetchmany(50_000):
        ids, deals = [], []
        for hand_id, players, dealer, *log in rows:
            seats = list(json.loads(players))
            did = deal_id_of_log((cl := card_log_from_row(log, seats)).deal, cl.blind, seats, dealer)
            if did is not None:
                ids.append(hand_id)
                deals.append(did)
        if ids:
            con.register("_deals", _arrow.table({"hand_id": ids, "deal_id": deals},
                                                {"hand_id": "int64", "deal_id": "string"}))
            try:
                con.execute("INSERT INTO hand_deals SELECT hand_id, deal_id FROM _deals")
            finally:
                con.unregister("_deals")
    cur.close()


#: Python steps run right after a migration's SQL, in its transaction.
_BACKFILLS: dict[int, Callable[[duckdb.DuckDBPyConnection], None]] = {4: _backfill_laufende, 15: _backfill_deals,
                                                                  16: _summary.rebuild, 19: _backfill_sk_game,
                                                                  20: _summary.rebuild_hands, 22: _deal_summary.rebuild,
                                                                  23: _deal_tables.rebuild}


def _migrate(con: duckdb.DuckDBPyConnection) -> list[int]:
    """Apply every migration newer than the database, each in its own
    transaction with its ``schema_migrations`` row (and its Python backfill,
    :data:`_BACKFILLS`).  Returns the versions applied."""
    try:  # shead's table has these three columns; another tool's (dbmate, golang-migrate) has not (break17b F4)
        done = {v for v, _, _ in con.execute("SELECT version, name, applied_at FROM schema_migrations").fetchall()}
    except duckdb.BinderException:
        raise _not_shead(con) from None
    except duckdb.CatalogException:  # a new database, or one that is not shead's
        if con.execute("SELECT count(*) FROM duckdb_tables()").fetchone()[0]:
            raise _not_shead(con) from None
        con.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                    "version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)")
        done = set()
    if not done and con.execute("SELECT count(*) FROM duckdb_tables()").fetchone()[0] == 1:
        return _migrate_fresh(con)
    return _migrate_steps(con, done)


def _not_shead(con: duckdb.DuckDBPyConnection) -> StoreError:
    """The error for a DuckDB database with tables of its own and no shead
    schema (break17 F18: readers failed with DuckDB's Catalog errors, and an
    ingest or rederive added shead's tables beside the owner's)."""
    db = con.execute("SELECT path FROM duckdb_databases() WHERE NOT internal LIMIT 1").fetchone()
    return StoreError(f"{db[0] if db else 'the database'}: a DuckDB database that is not shead's (it has tables of "
                      "its own and no shead schema): pass --db a shead database or a new file name")


def _migrate_steps(con: duckdb.DuckDBPyConnection, done: set[int]) -> list[int]:
    """:func:`_migrate`'s migrations not in ``done``, one transaction each."""
    applied = []
    for version, name, sql in migrations():
        if version in done:
            continue
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(sql)
            backfill = _BACKFILLS.get(version)
            if backfill is not None:
                backfill(con)
            con.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", [version, name, _now()])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        applied.append(version)
    return applied


def _migrate_fresh(con: duckdb.DuckDBPyConnection) -> list[int]:
    """:func:`_migrate` of a database that holds no table but an empty
    ``schema_migrations`` (a file just created): every migration's SQL and
    their ``schema_migrations`` rows in one transaction, without the Python
    backfills, which derive rows from stored hands and sessions and so add
    none to empty tables (issue 17: a first ingest's database took about
    90 ms of process CPU to create, 15 transactions and seven backfills'
    statements; a kill during it leaves no migration applied, which
    :func:`_behind` and the next open redo).  Returns the versions applied."""
    shipped = migrations()
    con.execute("BEGIN TRANSACTION")
    try:
        for _, _, sql in shipped:
            con.execute(sql)
        now = _now()
        con.execute("INSERT INTO schema_migrations SELECT * FROM (SELECT unnest(?::INTEGER[]), unnest(?::VARCHAR[]), "
                    "?::TIMESTAMP)", [[v for v, _, _ in shipped], [name for _, name, _ in shipped], now])
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return [version for version, _, _ in shipped]


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


# --------------------------------------------------------------------------
# The card log as columns of small integers
# --------------------------------------------------------------------------

#: SHN spelling of card index 0..31 (suit * 8 + rank: C S H D × A T K Q J 9 8 7).
CARD_NAMES = tuple(r + s for s in "CSHD" for r in "ATKQJ987")
UNKNOWN_CARD = 32
_CARD_INDEX: dict[str | None, int] = {name: i for i, name in enumerate(CARD_NAMES)}
_CARD_INDEX[None] = UNKNOWN_CARD
#: issue 18, the 34-card deck: the 6♣ and 6♠ after the unknown card's 32 (stored logs keep their codes)
_SIXES = ("6C", "6S")
_CARD_INDEX.update({"6C": 33, "6S": 34})
_NO_SEAT = 255
#: a card code's SHN spelling (None: the unknown card)
_CODE_NAMES = CARD_NAMES + (None,) + _SIXES


#: The text formats a session's stored sources can be in (sessions.format).
SOURCE_FORMATS = frozenset({"shn", "netschafkopf", "csv", "csv-ledger"})

#: The card_log columns after hand_id, in table order.
CARD_LOG_COLUMNS = ("deal_seats", "deal_sizes", "deal", "blind", "bury", "called", "plays", "trick_numbers",
                    "trick_sizes", "trick_leaders", "trick_winners", "reneges", "play_seats")


def _cards(cards: Iterable[str | None]) -> list[int]:
    return list(map(_CARD_INDEX.__getitem__, cards))


_PLAY_FIELDS = attrgetter("trick", "order", "seat", "card", "renege", "winner")
_FULL_TRICKS = tuple(t for t in range(1, 7) for _ in range(5))
_FULL_ORDERS = tuple(range(5)) * 6
_ROTATIONS = {n: [tuple((lead + j) % n for j in range(n)) for lead in range(n)] for n in range(1, 9)}


def card_log_row(log: CardLog, seats: list[str], call: str | None) -> tuple:
    """The ``card_log`` columns (``CARD_LOG_COLUMNS`` order) of ``log``.

    ``seats`` are the seat aliases clockwise; ``call`` the outcome's call text
    (its card tokens are stored in ``called``).  Raises ``KeyError`` for a
    seat not in ``seats`` or a card that is not an SHN card name.
    """
    if type(log) is ReplayedCardLog:
        row = _replayed_row(log, seats, call)
        return row[:2] + tuple(map(list, row[2:5])) + (row[5], list(row[6])) + row[7:]
    return _plain_row(log, seats, call)


def _shifted_amend(at: int, top: int, sheet: bool) -> str:
    """How a stored night whose hands look shifted (a hand inserted at
    ``at``, the stored night's last hand ``top``) is corrected, as the
    ``E-HAND-CONFLICT`` of :meth:`Store._shifted` and :meth:`Store._shift_of`
    say it: a score sheet (``sheet``) through an SHN export of the night,
    an SHN file by amending the night's hands with its own."""
    hands = f"{at}-{top}" if top > at else f"{at}"
    if sheet:
        return (f"export the night as SHN (shead export --format shn --out night.shn), write its hands {hands} "
                "there as this file has them, amend (shead ingest --amend night.shn)")
    return (f"amend its hands {hands} with this file's (shead ingest --amend FILE, FILE holding this file's hands "
            f"up to {top})")


def _void_step(session: str, number: int, why: str, db: str | None = None) -> str:
    """The exact command that voids stored hand ``number`` of ``session``
    (``shead void 'SESSION#N' --reason '...' --db PATH``), quoted for a
    shell; ``db`` the database it was found in (pasted as it is, it works
    on that one, not the default: fixd31)."""
    return (f"shead void {shlex.quote(f'{session}#{number}')} --reason {shlex.quote(why)}"
            + (f" --db {shlex.quote(db)}" if db else ""))


def removed_shift(stored: dict, file_hands: list[tuple[int, object]]) -> dict[int, int] | None:
    """A file's hands of a stored session renumbered down (corr34 F1: a
    night's file fixed by deleting a hand typed twice and renumbering the
    rest): ``stored`` is number -> record of the stored hands in force,
    ``file_hands`` the file's ``(number, record)`` pairs.  Each file hand
    ``n``, in order, that is not the stored hand of its own number is
    matched to the lowest stored hand ``m`` above ``n`` and above the stored
    hand the file hand before it matched, holding the same facts but for
    the number (:func:`ingest.meaning.same_but_number`).  The shift
    ``m - n`` may grow along the file: hands removed apart from each other
    (verify34 F4: a file dropping hands 2 and 4 holds the stored hands 3, 5,
    6 as 2, 3, 4).  A file hand that is the stored hand of its own number is
    in place (the stored hand after it may be the same hand typed twice).
    Returns ``{file number: stored number}``, or None when no file hand is
    a later stored hand."""
    from ingest.meaning import same_but_number  # noqa: PLC0415

    run: dict[int, int] = {}
    last = 0  # the stored number the file hand before matched: the file keeps the night's order
    numbers = sorted(m for m in stored if stored[m] is not None)
    for n, new in sorted(file_hands, key=lambda t: t[0]):
        if new is None or (stored.get(n) is not None and same_but_number(stored[n], new)):
            continue  # the stored hand at its own number (a hand typed twice after it is no shift)
        m = next((m for m in numbers if m > n and m > last and same_but_number(stored[m], new)), None)
        if m is not None:
            run[n] = m
            last = m
    return run or None


def _removed(stored: dict, run: dict[int, int], top: int) -> tuple[list[int], list[int]]:
    """``(gone, past)`` of a renumbered file (:func:`removed_shift`'s
    ``run``; ``top`` the file's highest hand number): ``gone`` the stored
    hands from the run's first stored hand up to its last that no file hand
    is (the hands removed), ``past`` the stored hands above where the
    file's last hand falls in the stored night (the last shift carried on):
    hands the file leaves in force."""
    n0, hi = min(run), max(run)
    images = set(run.values())
    gone = [m for m in sorted(stored) if n0 <= m <= run[hi] and m not in images]
    last = run[hi] + max(0, top - hi)
    return gone, sorted(m for m in stored if m > last)


def _renumbered_down(con: duckdb.DuckDBPyConnection, rejected: list[RejectedHand],
                     hands: list[ValidatedHand], db: str | None = None) -> None:
    """Each ``E-HAND-CONFLICT`` of ``rejected`` (a stored number, other
    text) whose hand is a later stored hand of its session
    (:func:`removed_shift`: a hand removed and the rest renumbered, corr34
    F1) says which stored hand it is and the way to correct the night: void
    the removed hand, never amend (amending wrote each stored hand over the
    one before it and left the last in force twice).  The stored hands past
    the file's last shifted one are named too.  Two hands or more of the
    run drop the advice to amend.  The refusals' first diagnostics are
    replaced in place (the report holds the same objects).  Reads each such
    session's stored hands once, only for a file with such a conflict.
    ``db``: the database, named in the commands."""
    from ingest.meaning import amend_hint  # noqa: PLC0415
    from ingest.shn.canonical import _read_one  # noqa: PLC0415

    by_sess: dict[str, list[RejectedHand]] = {}
    for r in rejected:
        if r.session and r.hand is not None and r.errors and r.errors[0].code == "E-HAND-CONFLICT" and \
                "is already stored" in r.errors[0].message and not (r.errors[0].found or "").startswith("[Rules"):
            by_sess.setdefault(r.session, []).append(r)
    if not by_sess:
        return
    headers = dict(con.execute("SELECT session, CASE WHEN coalesce(format, 'shn') = 'shn' THEN header END "
                               "FROM sessions WHERE list_contains(?, session)", [sorted(by_sess)]).fetchall())
    for sess, clash in by_sess.items():
        hdr = headers.get(sess)
        if hdr is None:
            continue
        found = load_hands(con, "h.session = ?", [sess])
        stored = {s.outcome.hand: _read_one(hdr, s.source) for s in found}
        where = {s.outcome.hand: f"{s.file or '<input>'}:{s.line}" for s in found}
        run = removed_shift(stored, [(r.hand, _read_one(hdr, r.source)) for r in clash])
        if run is None:
            continue
        top = max([h.outcome.hand for h in hands if h.outcome.session == sess] + [r.hand for r in clash])
        gone, past = _removed(stored, run, top)
        steps = ", ".join(_void_step(sess, n, "typed twice", db) for n in gone) or "shead void"
        rest = ""
        if past:
            one = len(past) == 1
            rest = (f"; the stored hand{'' if one else 's'} {_ranges(past)} {'is' if one else 'are'} not in this "
                    f"file and stay{'s' if one else ''} in force (if {'it is' if one else 'they are'} no hand of this "
                    f"night: {', '.join(_void_step(sess, m, 'not this night', db) for m in past)})")
        for r in clash:
            m = run.get(r.hand)
            if m is None:
                continue
            d = r.errors[0]
            msg = d.message
            if len(run) >= 2:  # amending with this file would renumber the night: not advised
                msg = msg.replace(amend_hint(r.source_file), "")
            msg += (f"; this copy's hand {r.hand} is the stored hand {m} ({where[m]}) under a number {m - r.hand} "
                    f"lower: a "
                    f"hand removed and the rest renumbered? a stored hand keeps its number (amending with this file "
                    f"would write each stored hand over the one before it and count the last twice): void the removed "
                    f"hand{'' if len(gone) == 1 else 's'} {_ranges(gone)} instead ({steps}) and send nothing "
                    f"renumbered{rest}")
            r.errors[0] = replace(d, message=msg)


def _amend_shape(con: duckdb.DuckDBPyConnection, result: FileResult,
                 db: str | None = None) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """``(refusals, warnings)`` of an amendment ``result`` against each of
    its sessions' stored hands in force (corr34 F1: a night's file fixed by
    deleting a hand and renumbering the rest amended each stored hand with
    the next one's text, leaving the last stored hand in force twice):

    * ``E-AMEND-SHIFTED`` at each of two or more file hands that are the
      stored hand some numbers above them (:func:`removed_shift`): the
      amendment renumbers the night; the message names the hands that would
      then be alike and the ``shead void`` that removes the hand instead;
    * ``W-AMEND-DUPLICATE`` at a file hand that would hold the same facts
      as another hand of its session in force after the amendment (two
      identical score lines can follow each other, so only said);
    * ``W-AMEND-LEFT`` once a session, at its first hand, when the file
      holds the session's first stored hand and more, and stored hands
      past its last are not in it: they stay in force (the void named).

    Reads each session's stored hands once (an amendment is small).
    ``db``: the database, named in the commands."""
    from ingest.meaning import same_but_number  # noqa: PLC0415
    from ingest.shn.canonical import _read_one  # noqa: PLC0415

    by_sess: dict[str, list[ValidatedHand]] = {}
    for h in result.hands:
        by_sess.setdefault(h.outcome.session, []).append(h)
    if not by_sess:
        return [], []
    headers = dict(con.execute("SELECT session, CASE WHEN coalesce(format, 'shn') = 'shn' THEN header END "
                               "FROM sessions WHERE list_contains(?, session)", [sorted(by_sess)]).fetchall())
    refused: list[Diagnostic] = []
    notes: list[Diagnostic] = []
    for sess, mine in by_sess.items():
        hdr = headers.get(sess)
        if hdr is None:
            continue
        found = load_hands(con, "h.session = ?", [sess])
        if not found:
            continue
        stored = {s.outcome.hand: _read_one(hdr, s.source) for s in found}
        where = {s.outcome.hand: f"{s.file or '<input>'}:{s.line}" for s in found}
        recs = {h.outcome.hand: (_read_one(h.session_header, h.source) if h.session_header else None) for h in mine}
        numbers = set(recs)
        first = min(mine, key=lambda h: h.outcome.hand)
        run = removed_shift(stored, list(recs.items()))
        if run is not None and len(run) >= 2:
            gone, past = _removed(stored, run, max(numbers))
            alike = sorted((n, m) for n, m in run.items() if m not in numbers)
            steps = ", ".join(_void_step(sess, n, "typed twice", db) for n in gone) or "shead void"
            said_alike = "; ".join(f"hands {n} and {m} would be the same hand" for n, m in alike)
            left = (f"; the stored hand{'s' if len(past) > 1 else ''} {_ranges(past)} {'are' if len(past) > 1 else 'is'}"
                    f" not in this file ({', '.join(_void_step(sess, m, 'not this night', db) for m in past)} if "
                    f"{'they are' if len(past) > 1 else 'it is'} no hand of this night)" if past else "")
            for h in sorted(mine, key=lambda h: h.outcome.hand):
                n = h.outcome.hand
                if n not in run:
                    continue
                refused.append(Diagnostic(
                    "E-AMEND-SHIFTED", f"hand {n} of session {sess!r} is the stored hand {run[n]} ({where[run[n]]}) "
                    f"under a number {run[n] - n} lower, as are this file's hands {_ranges(sorted(run))}: the "
                    f"amendment "
                    f"renumbers the night (a hand removed and the rest renumbered?), writing each stored hand over the "
                    f"one before it" + (f"; after it {said_alike}" if said_alike else "") + f"; a stored hand keeps "
                    f"its number: void the removed hand{'' if len(gone) == 1 else 's'} {_ranges(gone)} instead "
                    f"({steps}), and amend only hands whose facts are wrong{left} (nothing changed)",
                    "error", h.source_file or result.path, h.source_line, 1, n,
                    found=f"the stored hand {run[n]} as hand {n}", expected=f"hand {n}'s own facts, or shead void"))
            continue
        after = {**stored, **recs}
        for h in sorted(mine, key=lambda h: h.outcome.hand):
            n, new = h.outcome.hand, recs[h.outcome.hand]
            if new is None or (n in stored and stored[n] is not None and same_but_number(stored[n], new)):
                continue
            twin = next((m for m in sorted(after) if m != n and after[m] is not None
                         and same_but_number(after[m], new)), None)
            if twin is not None:
                notes.append(Diagnostic(
                    "W-AMEND-DUPLICATE", f"hand {n} of session {sess!r} now holds the same facts as its "
                    f"{'stored ' if twin not in numbers else ''}hand {twin}"
                    + (f" ({where[twin]})" if twin not in numbers and twin in where else "")
                    + ": two hands alike (a hand typed twice, or the night renumbered?); if the hand just amended "
                    f"is no hand of the night: {_void_step(sess, n, 'typed twice', db)}"
                    + (f"; if the stored hand {twin} is the one that is not: {_void_step(sess, twin, 'typed twice', db)}"
                       if twin not in numbers else ""),
                    "warning", h.source_file or result.path, h.source_line, 1, n))
        if min(stored) in numbers and len(numbers) >= 2:
            past = sorted(m for m in stored if m > max(numbers))
            if past:
                one = len(past) == 1
                notes.append(Diagnostic(
                    "W-AMEND-LEFT", f"the stored hand{'' if one else 's'} {_ranges(past)} of session {sess!r} "
                    f"{'is' if one else 'are'} not in this file and stay{'s' if one else ''} in force (this file "
                    f"holds its hands {_ranges(sorted(numbers))}); to remove one: "
                    + ", ".join(_void_step(sess, m, "not this night", db) for m in past),
                    "warning", first.source_file or result.path, first.source_line, 1, first.outcome.hand))
    return refused, notes


def _log_codes(log: CardLog, seats: list[str], call: str | None) -> tuple:
    """:func:`card_log_row`, with the cards of ``deal``, ``blind``,
    ``bury`` and ``plays`` as ``bytes`` (one byte a code) when ``log`` is
    the judge's (:func:`_replayed_row`): what the store writes (an Arrow
    list of uint8 takes either), without making a list of each."""
    if type(log) is ReplayedCardLog:
        return _replayed_row(log, seats, call)
    return _plain_row(log, seats, call)


def _plain_row(log: CardLog, seats: list[str], call: str | None) -> tuple:
    """:func:`card_log_row` of a card log given by its spellings."""
    pos = {s: i for i, s in enumerate(seats)}
    n = len(seats)
    idx = _CARD_INDEX.__getitem__
    deal = log.deal
    dealt = [c for cards in deal.values() for c in cards]
    called = list(_called_codes(call)) if call else []
    head = (list(map(pos.__getitem__, deal)), list(map(len, deal.values())), list(map(idx, dealt)),
            list(map(idx, log.blind)), list(map(idx, log.bury)), called)
    if not log.plays:
        return head + ([], [], [], [], [], None, None)
    tricks, orders, seat_names, cards, reneges, flags = zip(*map(_PLAY_FIELDS, log.plays))
    plays = list(map(idx, cards))
    seat_nos = list(map(pos.__getitem__, seat_names))
    if tricks == _FULL_TRICKS and n == 5:
        numbers, sizes = [1, 2, 3, 4, 5, 6], [5, 5, 5, 5, 5, 5]
    else:
        numbers, sizes = [], []
        for number, group in groupby(tricks):
            numbers.append(number)
            sizes.append(len(list(group)))
    leaders: list[int] = []
    winners: list[int] = []
    rot = _ROTATIONS.get(n)
    expect: list[int] = []
    i = 0
    for k in sizes:
        lead = seat_nos[i]
        leaders.append(lead)
        expect.extend(rot[lead][:k] if rot and k <= n else ((lead + j) % n for j in range(k)))
        try:
            winners.append(seat_nos[flags.index(True, i, i + k)])
        except ValueError:
            winners.append(_NO_SEAT)
        i += k
    if tricks == _FULL_TRICKS:
        orders_ok = orders == _FULL_ORDERS
    else:
        orders_ok = list(orders) == [j for k in sizes for j in range(k)]
    renege_at = [j for j, r in enumerate(reneges) if r] if any(reneges) else None
    return head + (plays, numbers, sizes, leaders, winners, renege_at,
                   None if orders_ok and expect == seat_nos else seat_nos)


#: the code of each card as the engine and the reader have it (a :class:`~replay.cards.Card`, which hashes as its
#: index, 0..31 and the 6♣ 32, 6♠ 33; None for ``??``; or its SHN spelling): :data:`_CARD_INDEX` of its spelling
_CARD_CODE: dict = {**_CARD_INDEX, **{i: _CARD_INDEX[name] for i, name in enumerate(_ENGINE_CARD_NAMES)}}
#: the same for a card index alone, looked up by position (a Card is no quick dict key: its hash and equality
#: are inherited by a Python class, so each dict probe calls them; an index is read in C)
_INDEX_CODE: tuple[int, ...] = tuple(_CARD_INDEX[name] for name in _ENGINE_CARD_NAMES)


def _codes(cards: list | tuple) -> list[int]:
    """The codes of ``cards`` (a sequence, :data:`_CARD_CODE`): by index
    when every card is one, else each looked up (None, a spelling)."""
    try:
        return list(map(_INDEX_CODE.__getitem__, cards))
    except TypeError:
        return list(map(_CARD_CODE.__getitem__, cards))


@lru_cache(maxsize=256)
def _called_codes(call: str) -> tuple[int, ...]:
    """The codes of the card tokens of an outcome's call text (``"AS under 7C"``:
    A♠'s and 7♣'s; ``"alone"``: none), read once a text (a few dozen calls)."""
    return tuple(_CARD_INDEX[t] for t in call.split() if t in _CARD_INDEX)


def _replayed_row(log: ReplayedCardLog, seats: list[str], call: str | None) -> tuple:
    """:func:`card_log_row` of a card log the judge made, with the cards of
    ``deal``, ``blind``, ``bury`` and ``plays`` as ``bytes``: from the
    engine's seats and cards (:class:`~replay.outcome.ReplayedCardLog`),
    without its spellings and :class:`PlayRow` objects.  The cards become
    codes by one ``bytes.translate`` a column (:func:`_code_bytes`); the
    tricks' cards and seats are read by one pass over all tricks, which
    also checks whether every trick's seats go clockwise from its first
    (then they are not stored): compiled, with the seats as C integers
    (ingest/store.pxd)."""
    pos = _seat_numbers(tuple(seats))
    n = len(seats)
    dealt = log.dealt
    called = list(_called_codes(call)) if call else []
    dealt_cards: list = []
    for line in dealt.values():
        dealt_cards += line
    head = (list(map(pos.__getitem__, dealt)), list(map(len, dealt.values())),
            _code_bytes(dealt_cards), _code_bytes(log.blind_cards), _code_bytes(log.bury_cards), called)
    tricks = log.tricks
    if not tricks:
        return head + (b"", [], [], [], [], None, None)
    if log.seats != seats:  # engine seat -> stored seat (the same order when from o.players)
        seat_of = list(map(pos.__getitem__, log.seats))
        if seat_of != list(range(len(seat_of))):
            tricks = _remapped_tricks(tricks, seat_of)
    # one pass over the plays (issue 17: the list made of every trick's pairs, flattened and sliced, cost more)
    # whether every trick's seats go clockwise from its first (then they are not stored) is checked card by card
    # in the same pass (compiled, the seats are C integers: ingest/store.pxd)
    seat_nos: list[int] = []
    cards: list = []
    leaders: list[int] = []
    winners: list[int] = []
    sizes: list[int] = []
    in_turn = True
    for _, pairs, w in tricks:
        lead = pairs[0][0]  # the seat of each trick's first card
        leaders.append(lead)
        sizes.append(len(pairs))
        winners.append(_NO_SEAT if w is None else w)  # None: a last trick cut short by an unknown card
        j = lead
        for s, c in pairs:
            seat_nos.append(s)
            cards.append(c)
            if s != j % n:
                in_turn = False
            j += 1
    return head + (_code_bytes(cards), list(range(1, len(tricks) + 1)), sizes, leaders,
                   winners, list(log.reneges) if log.reneges else None, None if in_turn else seat_nos)


def _remapped_tricks(tricks: list[tuple], seat_of: list[int]) -> list[tuple]:
    """``tricks`` (``(leader, ((seat, card), ...), winner)``) with each seat ``s`` as ``seat_of[s]``."""
    return [(seat_of[lead], tuple((seat_of[s], c) for s, c in cards), None if w is None else seat_of[w])
            for lead, cards, w in tricks]


@lru_cache(maxsize=64)
def _seat_numbers(seats: tuple[str, ...]) -> dict[str, int]:
    """``{alias: its seat number}`` of the aliases ``seats`` (clockwise),
    made once a roster (a file's hands share a few); read, never changed."""
    return {s: i for i, s in enumerate(seats)}


#: an engine card index -> its code (the sixes' 32, 33 -> 33, 34), as a ``bytes.translate`` table
_INDEX_CODE_TABLE = bytes(_INDEX_CODE) + bytes(range(len(_INDEX_CODE), 256))


def _code_bytes(cards: list | tuple) -> bytes:
    """:func:`_codes` of ``cards`` as bytes: by one ``bytes.translate`` of
    the cards' indices when every card is one (a
    :class:`~replay.cards.Card`, whose index is its value), else each looked
    up (None, a spelling)."""
    try:
        return bytes(cards).translate(_INDEX_CODE_TABLE)
    except (TypeError, ValueError):
        return bytes(_codes(cards))




def card_log_from_row(row: tuple | list, seats: list[str]) -> CardLog:
    """The :class:`CardLog` of a ``card_log`` row (``CARD_LOG_COLUMNS``)."""
    (deal_seats, deal_sizes, deal, blind, bury, _called, plays, numbers, sizes, leaders, winners, reneges,
     play_seats) = row
    names = _CODE_NAMES
    n = len(seats)
    out_deal: dict[str, list[str | None]] = {}
    i = 0
    for seat, k in zip(deal_seats, deal_sizes):
        out_deal[seats[seat]] = [names[c] for c in deal[i:i + k]]
        i += k
    renege = set(reneges or ())
    rows = []
    i = 0
    for number, k, lead, win in zip(numbers, sizes, leaders, winners):
        for j in range(k):
            seat_no = play_seats[i] if play_seats is not None else (lead + j) % n
            rows.append(PlayRow(number, j, seats[seat_no], names[plays[i]], i in renege,
                                win != _NO_SEAT and seat_no == win))
            i += 1
    return CardLog(deal=out_deal, blind=[names[c] for c in blind], bury=[names[c] for c in bury], plays=rows)


# --------------------------------------------------------------------------
# Reports
# --------------------------------------------------------------------------


@dataclass
class IngestReport:
    """What :meth:`Store.ingest_file` did with one file.

    * ``stored`` — hands newly stored; ``duplicates`` — hands whose content
      hash was already stored (or repeated within the file) and were skipped.
    * ``rejected`` — the file's rejected hands (all of them, stored in
      ``rejected`` or not); ``rejected_new`` — how many were new rows there.
    * ``file_errors`` — errors of the file as a whole (encoding, header).
    * ``committed`` — False when strict mode stored nothing.
    * ``rederived`` — hands stored before this file, in the sessions the
      file added hands to, whose outcome (stake, pot, units ...) changed when
      their session was re-derived with the new hands (docs/storage.md
      "Session carry"; a hand whose stake, outcome and units stay is not
      counted); ``rederive_refused`` — (hand_id, first diagnostic) of
      stored hands the re-derivation refused (they keep their outcome).
    """

    path: str | None
    stored: int = 0
    duplicates: int = 0
    sittings: int = 0  # sittings of a CSV ledger newly stored as settlements (migration 010)
    #: hands not stored as texts of hands voided since (``W-HAND-VOIDED``, no duplicates: break22b F5)
    voided: int = 0
    rejected: list[RejectedHand] = field(default_factory=list)
    rejected_new: int = 0
    file_errors: list[Diagnostic] = field(default_factory=list)
    strict: bool = False
    committed: bool = True
    rederived: int = 0
    rederive_refused: list[tuple[int, Diagnostic]] = field(default_factory=list)
    #: the highest ``session_id`` stored before this file's hands (read in their transaction; None when it wrote
    #: none): the sessions above it are the file's new ones (``ingest.pipeline.store_noting_copies``)
    sessions_before: int | None = None
    #: a batch of a streamed file: refusals of the file's earlier batches filed anew (another night found over
    #: the batches: Store._another_night, break25 F2), each replacing the earlier one of its hash in :meth:`add`
    refiled: list[RejectedHand] = field(default_factory=list)
    #: the hashes of the file's hands whose own ``W-SESSION-GAP`` (the validator's) is said anew or is no longer
    #: true: the carry changed when their session was re-derived (:meth:`Store._rederive_session`, break28 F1)
    gap_said: set = field(default_factory=set)
    #: the sessions stored before the file that it added hands to: session id -> (lowest, highest) hand number
    #: added (``ingest.pot_carry``: what such a pot=on night leaves changed, its next night checked again,
    #: break28c F4); empty for a file of new sessions
    grown: dict = field(default_factory=dict)
    #: this batch's hands not stored as the texts of hands voided since (``voided``): still a stored position of
    #: their night for the shift test (:meth:`Store._shifted`, fixit32 F2), never stored
    voided_hands: list = field(default_factory=list)

    def add(self, rep: "IngestReport") -> None:
        """Add one batch's report to this file's (the streamed ingests: the
        counts summed, the rejected hands and file errors appended; an
        earlier batch's refusal that this batch filed anew replaced)."""
        if self.sessions_before is None:  # the sessions stored before the file's first batch
            self.sessions_before = rep.sessions_before
        self.stored += rep.stored
        self.duplicates += rep.duplicates
        self.voided += rep.voided
        if rep.refiled:
            anew = {r.hash: r for r in rep.refiled}
            self.rejected = [anew.get(r.hash, r) for r in self.rejected]
        self.rejected.extend(rep.rejected)
        self.rejected_new += rep.rejected_new
        self.file_errors.extend(rep.file_errors)
        self.rederived += rep.rederived
        self.rederive_refused.extend(rep.rederive_refused)
        self.gap_said |= rep.gap_said
        for sid, (lo, hi) in rep.grown.items():
            was = self.grown.get(sid)
            self.grown[sid] = (lo, hi) if was is None else (min(was[0], lo), max(was[1], hi))

    def hand_warnings(self, h: ValidatedHand) -> list[Diagnostic]:
        """The validator's warnings of the file's hand ``h`` as said: without its ``W-SESSION-GAP`` when the
        hand was refused (break28 F9: a copy's refused hands were warned of a stake they never count at) or
        its session's re-derivation said it anew (:attr:`gap_said`)."""
        if not any(d.code == "W-SESSION-GAP" for d in h.diagnostics):
            return list(h.diagnostics)
        if h.hash in self.gap_said or any(r.hash == h.hash for r in self.rejected):
            return [d for d in h.diagnostics if d.code != "W-SESSION-GAP"]
        return list(h.diagnostics)

    @property
    def failed(self) -> bool:
        """True when a hand was rejected or the file had an error."""
        return bool(self.rejected) or any(d.severity == "error" for d in self.file_errors)


def escaped_controls(text: str, keep: str = "") -> str:
    """``text`` with each control character (Unicode category Cc: ESC, BEL,
    NUL, a line end; those in ``keep`` aside) written as its escape
    (``\\x1b``, ``\\x85``), so a terminal shows it and runs no code of it
    (break33 F12: a void reason printed raw by ``shead history``)."""
    if text.isprintable() or all(c in keep or unicodedata.category(c) != "Cc" for c in text):
        return text
    return "".join(c if c in keep or unicodedata.category(c) != "Cc" else f"\\x{ord(c):02x}" for c in text)


def reason_problem(reason: str) -> str | None:
    """Why ``reason`` (a void's or an amendment's, kept in the hand's
    history) cannot be stored: the first control character it holds (an
    escape code, a bell, a line end), its 1-based position and the
    character escaped; None when it is plain text."""
    for i, c in enumerate(reason or ""):
        if unicodedata.category(c) == "Cc":
            return (f"the reason holds a control character ({escaped_controls(c)}) at character {i + 1}: "
                    f"found '{escaped_controls(reason)[:80]}'; expected plain text (a reason is kept in the "
                    "hand's history and printed as written)")
    return None


class CorrectionError(StoreError):
    """An amendment or a void was refused; nothing changed.  The message
    names the file and line (amend) or the hand, and why.  ``code``,
    ``found``, ``expected``: the refusal as a diagnostic gives them (an
    amendment's hand refused, ``E-AMEND-...``); ``diagnostics``: every hand
    of an amendment refused, each at its file, line and column (break22 F7:
    the first alone was said, without a column); ``later``: ``(session, hand,
    hand id, diagnostic)`` of the stored later hands a correction would
    leave disagreeing with the rules (:func:`_refused_later`)."""

    def __init__(self, message: str, *, code: str = "E-AMEND", found: str | None = None,
                 expected: str | None = None, diagnostics: list[Diagnostic] | None = None,
                 later: list[tuple] | None = None) -> None:
        super().__init__(message)
        self.code, self.found, self.expected = code, found, expected
        self.diagnostics = list(diagnostics or [])
        self.later = list(later or [])


def _voided_whole(con: duckdb.DuckDBPyConnection, where: str, o: HandOutcome, hand_id: int, session_id: int,
                  numbers: set[int]) -> None:
    """Raise ``E-AMEND-SESSION-VOIDED`` (:class:`CorrectionError`, nothing
    changed) when voided hand ``hand_id`` (``o``: its amendment's outcome,
    ``where`` the amendment's ``file:line``) belongs to a session voided
    whole (no hand of it in force) and the amendment's hands of that session
    (``numbers``) do not bring back every voided hand of it, and the hand's
    deal is in force in another session of its group: one hand of a voided
    night back alone would count its deal a second time, the night voided for
    a copy stored under its right name or date (fixit32 F3: the
    night moved to 12.04, the 12.03 night voided whole, its hand 2 amended
    came back beside the 12.04 hand 2).  A hand whose deal no other session
    holds comes back alone as before (break29b F7).  The message says when and why the
    session was voided, where the hand's deal is in force now (an in-force
    hand of that number in a session of the same group whose text means the
    same as the voided one, :func:`ingest.meaning.same_in_another_session`),
    and the two ways on: amend it there, or bring the whole session back in
    one file (as ``E-CSV-SESSION`` says of a sheet continuing such a
    session; docs/storage.md "Corrections")."""
    if con.execute("SELECT 1 FROM hands WHERE session_id = ? LIMIT 1", [session_id]).fetchone() is not None:
        return
    voids = _voided_numbers(con, session_id)
    if not voids or voids <= numbers:  # the whole session brought back: as E-CSV-SESSION advises
        return
    count, when, why, group, session = con.execute(
        "SELECT count(DISTINCT r.hand_id), strftime(max(r.recorded_at), '%Y-%m-%d %H:%M'), "
        "arg_max(r.reason, r.recorded_at), any_value(x.\"group\"), any_value(x.session) FROM hand_revisions r "
        "JOIN sessions x USING (session_id) WHERE r.session_id = ? AND r.action = 'void'", [session_id]).fetchone()
    now = _in_force_elsewhere(con, hand_id, session_id, o.hand, group)
    if now is None:  # no other night holds its deal: brought back alone it counts once (break29b F7)
        return
    here = f"; its deal is in force as hand {o.hand} of session {now!r}"
    other = f"amend it there (write it under [Session \"{now}\"], shead ingest --amend FILE)"
    raise CorrectionError(
        f"{where}: hand {o.hand} of session {session!r} is voided, and the session {session!r} was voided whole "
        f"(its {count} hands, shead void --session, {when} UTC" + (f": {why!r}" if why else "") + f"){here}: "
        f"amended alone it would come back into every total and count that night's hand {o.hand} twice, so "
        f"nothing changed. To correct the hand, {other}; to bring the voided session back instead, amend it whole: "
        f"a text for every voided hand of it (hands {_ranges(sorted(voids))}) in one file (shead history "
        f"{shlex.quote(f'{session}#{min(voids)}')} shows a voided hand's text)",
        code="E-AMEND-SESSION-VOIDED", found=f"hand {o.hand} of session {session!r}, voided whole",
        expected="a hand of a session in force, or every voided hand of the session")


def _in_force_elsewhere(con: duckdb.DuckDBPyConnection, hand_id: int, session_id: int, number: int,
                        group: str | None) -> str | None:
    """The name of another session of ``group`` holding, in force, hand
    ``number`` with the same meaning as voided hand ``hand_id``'s text as
    voided (:func:`ingest.meaning.same_in_another_session`); None when none.
    Reads that hand's revisions and the few hands of that number in the
    group (:func:`_voided_whole`)."""
    from ingest.meaning import same_in_another_session  # noqa: PLC0415
    from ingest.shn.canonical import _read_one  # noqa: PLC0415

    row = con.execute("SELECT r.source, x.header FROM hand_revisions r JOIN sessions x USING (session_id) "
                      "WHERE r.hand_id = ? AND r.source IS NOT NULL ORDER BY r.revision DESC LIMIT 1",
                      [hand_id]).fetchone()
    if row is None or not row[1]:
        return None
    was = _read_one(row[1], row[0])
    if was is None:
        return None
    rows = con.execute(
        "SELECT x.session, x.header, t.source FROM hands h JOIN sessions x USING (session_id) "
        "JOIN hand_text t USING (hand_id) WHERE h.hand = ? AND h.session_id <> ? "
        "AND x.\"group\" IS NOT DISTINCT FROM ? ORDER BY x.session_id DESC LIMIT 50",
        [number, session_id, group]).fetchall()
    for name, header, source in rows:
        rec = _read_one(header or "", source) if header else None
        if rec is not None and same_in_another_session(was, rec):
            return name
    return None


#: what DuckDB's error says when a file cannot be opened to write for its permissions (:func:`connect`)
_READ_ONLY_WORDS = ("Operation not permitted", "Permission denied", "Read-only file system", "read-only")


def _header_rules(header: str) -> str | None:
    """The ``[Rules]`` tag of a session header as the store keeps it
    (``sessions.header``: tag lines as the writer writes them), read with the
    reader's own tag pattern; None when the header is empty or has none."""
    return _header_tag(header, "Rules")


def _header_tag(header: str, name: str) -> str | None:
    """Tag ``name`` of a stored session header (see :func:`_header_rules`)."""
    from ingest.shn.reader import _TAG, _UNESCAPE  # noqa: PLC0415 - the reader's one statement of a tag line

    for m in _TAG.finditer(header or ""):
        if m.group(1) == name:
            return _UNESCAPE.sub(r"\1", m.group(2))
    return None


def in_session(source: str, header: str, rules: str | None, players: dict[str, str] | None) -> str:
    """A stored hand's ``source`` as it reads under its stored session
    ``header``: with the hand's own ``[Rules]`` and ``[Seats]`` lines added
    after its first line when the rules (``rules``: the ``hands.rules`` it
    was scored by) or the players (``players``: alias -> name) it was stored
    with are not the header's, and its text does not write them itself.  A
    file that continued a session under its own ``[Rules]`` or names
    (``W-SESSION-HEADER``) stored its hands so; read back under the session's
    header they were re-scored under the session's rules by ``shead
    rederive``, a correction or a late hand, and exported without their
    rules (a tester's finding).  Used by every re-read of a stored session
    (:func:`_reread_session`, :meth:`Store.prior_hands`) and by ``shead
    export --format shn``."""
    from ingest.model import same_rules  # noqa: PLC0415
    from ingest.shn.reader import parse_seats  # noqa: PLC0415

    add = []
    own = _written_tags(source)
    if rules and "Rules" not in own:
        written = _header_tag(header, "Rules") or ""
        if not same_rules(written, rules):
            add.append(f'[Rules "{_escape_tag(rules)}"]')
    if players and "Seats" not in own:
        seats = _header_tag(header, "Seats")
        try:
            stored = parse_seats(seats) if seats is not None else None
        except ValueError:
            stored = None
        if stored is not None and stored != list(players.items()):  # names, and their order (the deal, B-1)
            add.append(f'[Seats "{_escape_tag(_seats_text(players))}"]')
    if not add:
        return source
    return _with_tag_lines(source, add)


#: The session tags a hand keeps as its own lines when the file it came in writes them otherwise than its stored
#: session's header (:func:`with_own_tags`): the day, group, table and site it was played at (scorer19 F1).
_OWN_HEADER_TAGS = ("Date", "Event", "Table", "Site")


def with_own_tags(source: str, stored_header: str, header: str) -> str:
    """A hand's ``source`` as the store keeps it in a stored session whose
    header is ``stored_header``, when the hand was read under ``header``
    (its file's session tags): with its own tag lines after its head
    (:func:`_with_tag_lines`) for what the two headers say otherwise and
    its text does not write itself —

    * ``[Cards "de"]`` or ``[Cards "fr"]`` when their card spellings differ
      (no ``[Cards]``: French, docs/notation.md §14.2): a Schafkopf session
      kept in German cards and continued by a file in French ones was
      re-read under the session's header, where its cards are the other
      scheme's (``E-CARD-MODE``; break16c F2);
    * ``[Date]``, ``[Event]``, ``[Table]``, ``[Site]`` when the file writes
      one otherwise: a session continued on a later day (or at another
      table) kept that day only until it was re-read (``shead rederive``, a
      correction, a restore of the export), which moved the later evening to
      the first file's day, group and table (scorer19 F1).

    ``source`` unchanged (the same object) otherwise."""
    add = []
    own = _written_tags(source)
    theirs = _header_tag(header, "Cards") or "fr"
    if theirs != (_header_tag(stored_header, "Cards") or "fr") and "Cards" not in own:
        add.append(f'[Cards "{theirs}"]')
    for name in _OWN_HEADER_TAGS:
        value = _header_tag(header, name)
        if value is not None and value != _header_tag(stored_header, name) and name not in own:
            add.append(f'[{name} "{_escape_tag(value)}"]')
    return _with_tag_lines(source, add) if add else source


def _last_days(con: duckdb.DuckDBPyConnection, session_ids: list[int]) -> dict[int, str]:
    """session id -> the day (YYYY-MM-DD) its highest-numbered stored hand
    was played, for ``session_ids`` (a literal id list, which DuckDB prunes
    by the hands' row groups); empty for none."""
    if not session_ids:
        return {}
    return dict(con.execute(
        "SELECT session_id, CAST(arg_max(date, hand) AS VARCHAR) FROM hands WHERE session_id IN "
        f"({', '.join(str(int(i)) for i in session_ids)}) GROUP BY session_id").fetchall())


def _session_place(con: duckdb.DuckDBPyConnection, fresh: list[ValidatedHand],
                   known: set[str]) -> list[ValidatedHand]:
    """``fresh`` with the date, group and table of its stored session
    (``known``) where a hand's file writes none: a continuation without a
    ``[Date]`` was stored with no day until a rederive, which reads it under
    the session's header, gave it the session's (scorer19 F1, the reverse
    case): the ledger's date filter answered otherwise before and after.
    The day is that of the session's last stored hand (a session of
    several nights goes on from its last: break20 F5, a hand numbered after
    the second night's was filed on the first), written as the hand's own
    ``[Date]`` line where it is not the session's, so a re-read keeps it.
    Two queries, only when a hand lacks one of them."""
    if all(h.outcome.date and h.outcome.group is not None and h.outcome.table is not None for h in fresh):
        return fresh
    place = {name: (sid, date, group, table) for name, sid, date, group, table in con.execute(
        'SELECT session, session_id, CAST(date AS VARCHAR), "group", "table" FROM sessions '
        "WHERE list_contains(?, session)", [sorted(known)]).fetchall()}
    last = _last_days(con, [v[0] for v in place.values()])
    out = []
    for h in fresh:
        o = h.outcome
        got = place.get(o.session)
        if got is not None:
            sid, date, group, table = got
            day = last.get(sid) or date
            upd = {k: v for k, v, mine in (("date", day, o.date), ("group", group, o.group), ("table", table, o.table))
                   if mine is None and v is not None}
            if upd:
                source = h.source
                if "date" in upd and day != date and "Date" not in own_tags(source):
                    source = _with_tag_lines(source, [f'[Date "{day.replace("-", ".")}"]'])
                h = replace(h, source=source, outcome=replace(o, **upd))
        out.append(h)
    return out


def _own_cards(con: duckdb.DuckDBPyConnection, fresh: list[ValidatedHand], known: set[str]) -> list[ValidatedHand]:
    """``fresh`` (an SHN file's hands) with :func:`with_own_tags` applied
    against the header each one's session keeps: a stored session's
    (``known``, read in one query), else the header its first hand here was
    read under (a file's second header block continuing the session in the
    other card scheme: break17 F15)."""
    headers = dict(con.execute("SELECT session, header FROM sessions WHERE list_contains(?, session)",
                               [sorted(known)]).fetchall()) if known else {}
    out = []
    for h in fresh:
        ref = headers.setdefault(h.outcome.session, h.session_header)
        if h.session_header is not ref and h.session_header != ref:
            source = with_own_tags(h.source, ref or "", h.session_header)
            if source is not h.source:
                h = replace(h, source=source)
        out.append(h)
    return out


#: a hand's own tag line (``[Rules "…"]`` at the start of a line): what :func:`in_session` leaves as written; a
#: ``; comment`` or a ``{note}`` that names one is no tag (break16c)
_OWN_TAG = re.compile(r'^[ \t]*\[[ \t]*(Rules|Seats|Cards|Date|Event|Table|Site)[ \t]+["\u201c\u201d\u201e]', re.M)
#: a hand's head on its first line, ``hand N [dealer S] [{note}]``: a tag line added to the hand goes after it,
#: and the rest of a hand written on one line goes on after the tag (break17 F1: a [Cards] line after the cards)
_HAND_HEAD = re.compile(r"^[ \t]*hand[ \t]+\S+(?:[ \t]+dealer[ \t]+\S+)?(?:[ \t]*\{[^}]*\})?", re.I)


def _with_tag_lines(source: str, tags: list[str]) -> str:
    """``source`` with the tag lines ``tags`` after its hand's head (the
    tags a hand keeps as its own, :func:`in_session`, :func:`with_own_tags`):
    where a statement follows the head on its first line, it goes on the
    line after the tags, as a hand's own tag comes before its statements."""
    first, _, rest = source.rstrip("\n").partition("\n")
    m = _HAND_HEAD.match(first)
    tail = first[m.end():].strip() if m else ""
    head = first[:m.end()] if m and tail and not tail.startswith(";") else first
    lines = [head, *tags] + ([tail] if head is not first else []) + ([rest] if rest else [])
    return "\n".join(lines) + "\n"


def _written_tags(source: str) -> set[str]:
    """The names of the hand's own tags ``source`` writes, as tag lines
    (:func:`own_tags`) or on its ``hand`` line (``hand 4  [Seats "…"] dealer
    D``, docs/notation.md §4.2; :func:`_hand_line_tags`): the tags
    :func:`in_session` and :func:`with_own_tags` must not add again
    (verify33 F1: a tag on the ``hand`` line was added again as a line, so
    the export, ``shead rederive`` and a void re-read the hand with the tag
    twice, E-DUPLICATE)."""
    return own_tags(source) | _hand_line_tags(source).keys()


def own_tags(source: str) -> set[str]:
    """The names of the ``[Rules]``, ``[Seats]``, ``[Cards]``, ``[Date]``,
    ``[Event]``, ``[Table]`` and ``[Site]`` tag lines a
    hand's ``source`` writes itself (:data:`_OWN_TAG`: lines, not a comment
    or a note that names one)."""
    return {m.group(1) for m in _OWN_TAG.finditer(source)}


def _seats_text(players: dict[str, str]) -> str:
    """A ``[Seats]`` value of ``players`` (alias -> name, clockwise):
    ``Al=Allen Braun; Bea``, a seat whose name is its alias written once."""
    return "; ".join(a if n == a else f"{a}={n}" for a, n in players.items())


def _on_hand_line(hand: int, name: str, value: str) -> str:
    """Where an amendment writes a hand's own tag, said with the line:
    on its ``hand`` line right after ``hand N`` (``hand 4  [Rules "…"]
    dealer D  pick …``), which reads as the hand's own without a warning
    whether its statements follow on that line or below (docs/notation.md
    §4.2); a tag on the line after a one-line hand comes after its
    statements, ``W-TAG-LATE`` (verify34 F1: E-AMEND-RULES advised "after
    each hand line", and every restore of the export then said it)."""
    return f'on its hand line right after \'hand {hand}\' (hand {hand}  [{name} "{_escape_tag(value)}"]  dealer ...)'


#: the typographic marks and their ASCII ones, as DuckDB's translate(text, from, to) takes them (verify34 F2)
_MARKS_SQL = ("\u2019\u2018\u02bc\u2032\u201c\u201d", "''''\"\"")


def _plain_id(text: str) -> str:
    """A session id (or an identity tag's value) as compared with a stored
    one read otherwise: its runs of white space one space, its ends
    stripped, its typographic apostrophes and quotes ASCII
    (:func:`ingest.unicode_text.plain_marks`; real23 F1, verify34 F2)."""
    return " ".join(plain_marks(text).split())


def _escape_tag(value: str) -> str:
    """A tag value as written between its quotes (``\\`` and ``"`` escaped)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


@dataclass
class CorrectionReport:
    """What :meth:`Store.amend` or :meth:`Store.void` did.

    * ``hands`` — ``(session, hand number, hand_id, new revision)`` of each
      hand amended or voided; ``unchanged`` — ``(session, hand, hand_id)``
      of amendment hands whose stored text is already that text.
    * ``rederived`` — other hands of the sessions whose outcome (stake, pot,
      units) changed when the sessions were re-derived from the correction
      on; ``rederive_refused`` — (hand_id, first diagnostic) of stored
      hands the re-derivation refused (they keep their outcome).
    * ``renamed`` — ``(session, hand, hand_id, {alias: (old name, new
      name)})`` of each amended hand whose players' names changed;
      ``moved`` the same of each whose date, group or table changed;
      ``still_voided`` — ``(session, hand, hand_id)`` of voided hands sent
      with their text as voided, left voided.
    """

    action: str
    reason: str | None = None
    hands: list[tuple[str, int, int, int]] = field(default_factory=list)
    #: the amendment's file (None for a void): where a note of a hand with no stored source is said
    path: str | None = None
    unchanged: list[tuple[str, int, int]] = field(default_factory=list)
    renamed: list[tuple[str, int, int, dict]] = field(default_factory=list)
    still_voided: list[tuple[str, int, int]] = field(default_factory=list)
    rederived: int = 0
    rederive_refused: list[tuple[int, Diagnostic]] = field(default_factory=list)
    sessions: set[tuple[int, str]] = field(default_factory=set)
    #: ``(session, hand, hand_id, {"date" | "group" | "table": (old, new)})`` of each amended hand now counted on
    #: another day, in another group or at another table (a mistyped [Date] corrected: scorer19 F3)
    moved: list[tuple[str, int, int, dict]] = field(default_factory=list)
    #: ``(session, alias, old name, new name, [hand numbers])``: the session's other stored hands that still give
    #: a renamed seat its old name (their own [Seats] line: a chair that changed hands, break19 F3)
    left_named: list[tuple[str, str, str, str, list[int]]] = field(default_factory=list)
    #: what the correction did to a ledger's row of the same night (``W-SITTING-HANDS``: the night's hands now are the
    #: row's nets, the row replaced; or they differ, both counted): the check an ingest makes, made again (real22b F1)
    notes: list[Diagnostic] = field(default_factory=list)


@dataclass
class IngestPlan:
    """How :meth:`Store.plan_ingest` prepared a file: ``skipped`` hands left
    out of validation as already stored (duplicates), and ``carries``: for
    each session validated from a running state, ``(hands stored, highest
    stored hand number, the SessionState)`` — the state object the validator
    carried through the file's hands, so after validation it is the
    session's state after them."""

    skipped: int = 0
    carries: dict[str, tuple[int, int | None, object]] = field(default_factory=dict)
    #: the skipped hands as (session id, hand number, line), so that a caller
    #: that must judge every posted hand (the service's groups) still sees them
    skipped_hands: list[tuple[str, int, int]] = field(default_factory=list)
    #: hands left out as texts of hands voided since, no duplicates: (session id, hand number, line, when voided,
    #: reason), said by ``W-HAND-VOIDED`` (break22b F5)
    voided: list[tuple[str, int, int, str, str | None]] = field(default_factory=list)
    #: skipped hands whose texts are of hands amended since (duplicates, said by ``W-HAND-AMENDED``, real23 F6):
    #: (session id, hand number, line, when amended, reason)
    amended: list[tuple] = field(default_factory=list)
    #: the skipped hands as (session id, hand number, line, hash, text): a block of another night under a stored
    #: night's [Date] is refused whole, its hands equal to a stored hand's text too (real25 F1, Store._another_night)
    skipped_texts: list[tuple[str, int, int, str, str]] = field(default_factory=list)
    #: the hands of ``voided`` as read: (record, hash), a voided position of their night for the shift test
    #: (:meth:`Store._shifted`, fixit32 F2)
    voided_records: list[tuple] = field(default_factory=list)


@dataclass
class RederiveReport:
    """What :meth:`Store.rederive` did: hands re-derived, hands whose stored
    outcome changed (stake, units, pot, any fact but the warnings and the
    provenance: a re-read session's warnings name it, not the files its
    hands came from), and hands the current engine refused (left as they
    were), with their first error."""

    hands: int = 0
    changed: int = 0
    refused: list[tuple[int, Diagnostic]] = field(default_factory=list)


@dataclass
class StoredHand:
    """One stored hand read back: ``hand_id``, its outcome, card log (None
    for a score-sheet hand), source text, file, line and content hash."""

    hand_id: int
    outcome: HandOutcome
    cardlog: CardLog | None
    source: str
    file: str | None
    line: int
    hash: str


# --------------------------------------------------------------------------
# The store
# --------------------------------------------------------------------------

#: The ``hands`` columns and their Arrow kinds (names of pyarrow's type
#: functions: :mod:`ingest.arrow_build`, which builds the arrays without pandas).
_HANDS_COLUMNS = (
    ("hand_id", "int32"), ("session_id", "int32"), ("session", "string"), ("group", "string"),
    ("hand", "int32"), ("date", "string"), ("rules", "string"), ("rules_flags", "string"),
    ("game", "string"), ("game_type", "string"), ("players", "string"), ("dealer", "string"),
    ("picker", "string"), ("partner", "string"), ("call", "string"), ("alone", "bool_"),
    ("leaster_winner", "string"), ("multiplier", "int32"), ("picker_points", "int16"),
    ("picker_tricks", "int8"), ("outcome", "string"), ("provenance", "string"), ("status", "string"),
    ("table", "string"), ("site", "string"), ("stake", "int32"), ("marks", "int8"), ("tier", "int8"),
    ("partner_revealed_trick", "int8"), ("called_suit", "string"), ("call_type", "string"),
    ("breakdown", "string"), ("warnings", "string"), ("derived_with", "string"),
    ("picker_units", "int16"),  # 003
    ("laufende", "int8"), ("laufende_with", "bool_"),  # 004
    ("partner2", "string"),  # 005
    ("sk_game", "string"), ("trump_suit", "string"),  # 019
)
_HAND_COLS = [name for name, _ in _HANDS_COLUMNS]
#: The ``hand_source`` and ``card_log`` batches' columns and their Arrow kinds (migration 001).
_SOURCE_COLUMNS = (("hand_id", "int32"), ("hash", "binary"), ("ingest_id", "int32"), ("file", "string"),
                   ("line", "int32"), ("packed", "bool_"), ("template", "string"), ("source_cards", "list_uint8"))
_CARD_LOG_KINDS = (("hand_id", "int32"),) + tuple((c, "list_uint8") for c in CARD_LOG_COLUMNS)
_HAND_SQL_COLS = ", ".join(f'"{c}"' for c in _HAND_COLS)
_HANDS_SELECT = ", ".join('CAST("date" AS DATE)' if c == "date" else f'"{c}"' for c in _HAND_COLS)

#: The seat name of the pot's ``hand_units`` row (rules.md D-19): never an
#: SHN seat alias, and its ``player`` is NULL so per-player metrics skip it.
POT_SEAT = "(pot)"

#: The ``hand_units`` batch's columns and their Arrow kinds (:mod:`ingest.arrow_build`).
_UNITS_COLUMNS = (("hand_id", "int32"), ("seat_no", "int8"), ("seat", "string"), ("player", "string"),
                  ("units", "int16"), ("session_id", "int32"))  # 003
#: The ``rejected`` batch's columns and their Arrow kinds.
_REJECTED_COLUMNS = (
    ("rejected_id", "int32"), ("hash", "binary"), ("ingest_id", "int32"), ("file", "string"), ("line", "int32"),
    ("col", "int32"), ("session", "string"), ("hand", "int32"), ("code", "string"), ("message", "string"),
    ("source", "string"), ("errors", "string"), ("rejected_at", "timestamp_us"))


#: What makes a validated file one :meth:`Store.ingest_files` never stores with others (a ``FileResult``
#: attribute that is set): a ledger's sittings, a protocol's or a sheet's own totals to check, a streamed batch.
STORED_ALONE = ("sittings", "log_totals", "night_totals", "continues", "voided_sessions")
#: The ``ingests`` rows of a group of files (:meth:`Store.ingest_files`) and their Arrow kinds (migration 001).
_INGESTS_COLUMNS = (("ingest_id", "int32"), ("file", "string"), ("started_at", "timestamp_us"), ("stored", "int32"),
                    ("duplicates", "int32"), ("rejected", "int32"), ("strict", "bool_"))


#: A card slot of a template (migration 001: ``unpack_source``)
_SLOT = "\x1f"


def source_template(source: str, log_cards: bytes | list[int]) -> tuple[bool, str, list[int] | None]:
    """The ``hand_source`` columns ``(packed, template, source_cards)`` of a
    hand's source text (migration 001): each canonical card token becomes a
    slot (chr 31) and the slots' cards are the card log's known cards in
    order (``log_cards``: the indices of ``deal``, ``blind``, ``bury``,
    ``called``, ``plays`` below 32, as ``log_tokens`` lists them; bytes or
    a list), else ``source_cards`` lists them; a source holding chr 31
    itself is stored as it is (``packed`` False).  ``hand_text`` gives
    ``source`` back.  The source is split at its runs of tokens one space
    apart (:data:`_CARD_RUN`: a deal line, a trick), not token by token,
    and the tokens are compared with the log's cards as two texts, their
    rank letters and their suit letters (:data:`_RANK_OF`,
    :data:`_SUIT_OF`), instead of card by card."""
    if _SLOT in source:
        return False, source, None
    template, tokens = _card_tokens(source)
    letters = tokens.encode("ascii")
    known = bytes(log_cards)
    if letters[::2] == known.translate(_RANK_OF) and letters[1::2] == known.translate(_SUIT_OF):
        return True, template, None
    return True, template, [_CARD_INDEX[tokens[i:i + 2]] for i in range(0, len(tokens), 2)]


#: A run of canonical card tokens one space apart in a source text.  A token is a rank and a suit between ASCII
#: word boundaries (what the SQL of migration 001 wrote as the RE2 pattern ``\b[AKQJT987][CSHD]\b``), written
#: rank first with the boundary before it checked behind the rank (``(?<=\b.)``), so that the regular expression
#: engine skips to the next rank letter instead of trying every position.  The space between two tokens is a
#: word boundary after the one and before the other, so each token of a run is one of migration 001's and the run
#: ends where the last token does; the group keeps the runs in a split: a source has a run a line (a deal line, a
#: trick), not a match a card
_CARD_RUN = re.compile(r"([AKQJT987](?<=\b.)[CSHD](?: [AKQJT987][CSHD])*)\b", re.ASCII)
#: a run's rank letters -> a slot, its suit letters deleted: ``"AC TD"`` -> ``"\x1f \x1f"``
_RUN_SLOTS = str.maketrans({**dict.fromkeys("AKQJT987", _SLOT), **dict.fromkeys("CSHD", None)})


def _split_tokens(source: str) -> tuple[str, str]:
    """``(template, tokens)`` of ``source``: each canonical card token (migration 001's ``\\b[AKQJT987][CSHD]\\b``,
    ASCII word boundaries) replaced by a slot, and the tokens' letters in order, two a token.  The
    pure-Python path's: one regular-expression split at the runs of tokens (:data:`_CARD_RUN`)."""
    parts = _CARD_RUN.split(source)
    runs = parts[1::2]
    if not runs:
        return source, ""
    tokens = "".join(runs).replace(" ", "")
    parts[1::2] = "\0".join(runs).translate(_RUN_SLOTS).split("\0")  # a run holds no NUL
    return "".join(parts), tokens


def _scan_tokens(source: str) -> tuple[str, str]:
    """What :func:`_split_tokens` gives, by one pass over the bytes of an ASCII ``source`` (any other is split):
    a token is a rank letter that no ASCII word character (``[0-9A-Za-z_]``) precedes, then a suit letter that
    none follows; the template and the tokens are written into two byte arrays.  The compiled path's
    (ingest/store.pxd makes the bytes, indices and arrays C types: no Python object a character or a token);
    run as Python it is slower than the split, so the pure path keeps that (:data:`_card_tokens`).
    tests/test_store_template.py holds the two equal on any text."""
    if not source.isascii():
        return _split_tokens(source)
    src = source.encode("ascii")
    n = len(src)
    out = bytearray(n)  # the template: a token's two letters become one slot
    tok = bytearray(n)  # the tokens' letters
    # compiled, these are C pointers into the bytes and the arrays (store.pxd): each read and write one C access
    s = src
    o = out
    t = tok
    rank = _RANK_BYTE
    suit = _SUIT_BYTE
    wordb = _WORD_BYTE
    j = 0
    k = 0
    i = 0
    word = False  # the byte before i is an ASCII word character
    while i < n:
        ch = s[i]
        if not word and i + 1 < n and rank[ch] and suit[s[i + 1]] and (i + 2 == n or not wordb[s[i + 2]]):
            o[j] = 31
            j += 1
            t[k] = ch
            t[k + 1] = s[i + 1]
            k += 2
            i += 2
            word = True
            continue
        o[j] = ch
        j += 1
        word = wordb[ch] != 0
        i += 1
    if not k:
        return source, ""
    return out[:j].decode("ascii"), tok[:k].decode("ascii")


#: 1 at the bytes of a rank letter (AKQJT987), of a suit letter (CSHD), of an ASCII word character ([0-9A-Za-z_])
_RANK_BYTE = bytes(1 if chr(b) in "AKQJT987" else 0 for b in range(256))
_SUIT_BYTE = bytes(1 if chr(b) in "CSHD" else 0 for b in range(256))
_WORD_BYTE = bytes(1 if chr(b).isascii() and (chr(b).isalnum() or chr(b) == "_") else 0 for b in range(256))


#: ``(template, tokens)`` of a source: the character scan when this module runs compiled, the regular-expression
#: split when it runs as Python (each is the faster there; they give the same, tests/test_store_template.py)
_card_tokens = _split_tokens if __file__.endswith(".py") else _scan_tokens


#: a card index's rank letter and suit letter (:data:`CARD_NAMES`); ``?`` for any other byte (the unknown card,
#: a six), which no token's letter equals
_RANK_OF = bytes(ord(CARD_NAMES[c][0]) if c < 32 else ord("?") for c in range(256))
_SUIT_OF = bytes(ord(CARD_NAMES[c][1]) if c < 32 else ord("?") for c in range(256))
#: the card codes that are no slot's card (the unknown card 32, the sixes 33, 34 ...), deleted from the log's
#: known cards before they are compared with a source's tokens
_NO_SLOT = bytes(range(UNKNOWN_CARD, 256))


class _JsonCache:
    """``json.dumps`` of small flat dicts/lists, memoised by content (the
    same players, flags and provenance repeat on every hand of a session)."""

    def __init__(self) -> None:
        self._memo: dict[object, str] = {}

    def __call__(self, obj: dict | list) -> str:
        try:
            key = tuple(obj.items()) if isinstance(obj, dict) else tuple(obj)
            hit = self._memo.get(key)
        except TypeError:
            return _dumps(obj)
        if hit is None:
            hit = _dumps(obj)
            if len(self._memo) > 4096:
                self._memo.clear()
            self._memo[key] = hit
        return hit


    def column(self, objs: list) -> list[str]:
        """``[self(o) for o in objs]``; an object that is the one just
        before it in ``objs`` (a profile's flags, shared by its hands) is
        dumped once."""
        out: list[str] = []
        last = text = None
        for o in objs:
            if o is not last or text is None:
                last, text = o, self(o)
            out.append(text)
        return out


def _dumps(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


#: The ``hands`` columns read from the outcome as they are (one ``attrgetter`` a hand).
_PLAIN_HAND_COLS = tuple(c for c in _HAND_COLS if c not in (
    "hand_id", "session_id", "rules_flags", "players", "provenance", "warnings", "alone", "derived_with",
    "picker_units"))
_PLAIN_HAND_VALUES = attrgetter(*_PLAIN_HAND_COLS)


def _hand_columns(rows: list[tuple[int, int, HandOutcome]], js: _JsonCache | None = None) -> dict[str, list]:
    """Column lists of the ``hands`` table for ``(hand_id, session_id, outcome)``."""
    js = js or _JsonCache()
    hand_ids, session_ids, os_ = map(list, zip(*rows)) if rows else ([], [], [])
    cols: dict[str, list] = {
        "hand_id": hand_ids,
        "session_id": session_ids,
        "rules_flags": js.column([o.rules_flags for o in os_]),
        "players": js.column([o.players for o in os_]),
        "provenance": js.column([o.provenance for o in os_]),
        "warnings": js.column([o.warnings for o in os_]),
        "alone": [bool(o.alone) for o in os_],
        "derived_with": [ENGINE_VERSION] * len(rows),
        "picker_units": [o.units.get(o.picker) if o.picker is not None else None for o in os_],
    }
    cols.update(zip(_PLAIN_HAND_COLS, map(list, zip(*map(_PLAIN_HAND_VALUES, os_))))
                if os_ else ((name, []) for name in _PLAIN_HAND_COLS))
    return {name: cols[name] for name in _HAND_COLS}


def _unit_columns(rows: list[tuple[int, int, HandOutcome]]) -> dict[str, list]:
    hid: list[int] = []
    seat_no: list[int] = []
    seat: list[str] = []
    player: list[str | None] = []
    units: list[int] = []
    session: list[int] = []
    for hand_id, session_id, o in rows:
        players = o.players
        by_seat = o.units
        seats = list(by_seat)
        n = len(seats)
        hid += [hand_id] * n
        session += [session_id] * n
        seat += seats
        units += by_seat.values()
        player += map(players.get, seats)
        if seats == list(players):  # a units row for each seat, in roster order (the usual hand)
            seat_no += range(n)
        else:
            order = {s: i for i, s in enumerate(players)}
            seat_no += [order.get(s, len(order)) for s in seats]
        if o.pot or o.rules_flags.get("pot"):  # rules.md D-19: the pot as the seat after the players, no player
            hid.append(hand_id)
            seat_no.append(len(players))
            seat.append(POT_SEAT)
            player.append(None)
            units.append(o.pot)
            session.append(session_id)
    return {"hand_id": hid, "seat_no": seat_no, "seat": seat, "player": player, "units": units,
            "session_id": session}


#: a stored warning's code and text ("x.shn:9:16: warning W-SESSION-DEALER (hand 2): hand 2: dealer Al, ...")
_WARNING_TEXT = re.compile(r"warning (W-[A-Z0-9-]+)(?: \(hand \d+\))?: (?:hand \d+: )?(.*)", re.S)


def _first_of_each(hands: list[ValidatedHand], report: "IngestReport") -> list[ValidatedHand]:
    """``hands`` without a hash repeated in the file (each repeat counted
    in ``report.duplicates``), in order."""
    seen: set[str] = set()
    fresh: list[ValidatedHand] = []
    for h in hands:
        if h.hash in seen:
            report.duplicates += 1
        else:
            seen.add(h.hash)
            fresh.append(h)
    return fresh


def _header_from_outcome(o: HandOutcome) -> str:
    """SHN tag lines for a session whose header the validator did not give."""
    def tag(name: str, value: str | None) -> str | None:
        if value is None:
            return None
        return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'

    seats = "; ".join(f"{a}={n}" for a, n in o.players.items())
    lines = [tag("Session", o.session), tag("Event", o.group), tag("Site", o.site),
             tag("Date", o.date.replace("-", ".") if o.date else None), tag("Table", o.table),
             tag("Seats", seats), tag("Rules", o.rules)]
    return "\n".join(x for x in lines if x)


def _diag_json(d: Diagnostic) -> dict:
    return {"code": d.code, "message": d.message, "severity": d.severity, "file": d.file, "line": d.line,
            "col": d.col, "hand": d.hand, "trick": d.trick, "found": d.found, "expected": d.expected}


def _fetch_hex(con: duckdb.DuckDBPyConnection, sql: str, hashes: list[str]) -> set[str]:
    """Run ``sql`` (which reads ``_rows(hash)``) and return its first column as hex."""
    probe = _arrow.table({"hash": [bytes.fromhex(h) for h in hashes]}, {"hash": "binary"})
    return {bytes(b).hex() for (b,) in _run_with_rows(con, sql, probe, cached=False).fetchall()}


def sitting_state(con: duckdb.DuckDBPyConnection, name: str) -> str | None:
    """``"stored"`` when ``name`` is a ledger's sitting stored without hands
    (``format = 'csv-ledger'``), ``"voided"`` when such a sitting was voided
    (``voided_settlements``, migration 024), else None."""
    if con.execute("SELECT 1 FROM sessions WHERE session = ? AND format = 'csv-ledger'", [name]).fetchone():
        return "stored"
    return "voided" if con.execute("SELECT 1 FROM voided_settlements WHERE session = ? LIMIT 1",
                                   [name]).fetchone() else None


def _ledger_twins(con: duckdb.DuckDBPyConnection, session_ids: Iterable[int], report: "IngestReport") -> None:
    """A night stored from a ledger's row (a sitting without hands) whose hands
    are now stored (a score sheet read after the ledger): when the hands'
    totals are the row's nets, the row is that night and is replaced by its
    hands (its ``sessions`` and ``settlements`` rows removed), with a
    ``W-SITTING-HANDS`` warning; when they differ (a hand missing?), both
    stay and the warning names the nets that differ, so the night is not
    counted twice without a word (:func:`ingest.csv_identity.ledger_twin`)."""
    from ingest.csv_identity import ledger_twin  # noqa: PLC0415

    for sid in sorted(set(session_ids)):
        twin = ledger_twin(con, sid)
        if twin is None:
            continue
        lid, lname, nets, mine, name, date = twin
        if mine == nets:
            con.execute("DELETE FROM settlements WHERE session_id = ?", [lid])
            con.execute("DELETE FROM sessions WHERE session_id = ?", [lid])
            msg = (f"the sitting {lname!r} ({date}), stored from a ledger's row, is the night of session {name!r} "
                   "now stored with its hands (the same players and nets): the row is replaced by the hands")
        else:
            diff = "; ".join(f"{p}: its hands {mine.get(p, 0):+d}, the ledger {v:+d}" for p, v in sorted(nets.items())
                             if mine.get(p, 0) != v)
            msg = (f"the sitting {lname!r} ({date}), stored from a ledger's row, has the players of session {name!r} "
                   f"stored with its hands, other nets ({diff}): both count; if they are the same night, void one "
                   f"(shead void {lname!r} --session --reason '...')")
        report.file_errors.append(Diagnostic("W-SITTING-HANDS", msg, "warning", report.path, 1, 1))


def _check_note(refused: int, diff: dict[str, tuple[int, int]], what: str, named: str | None = None,
                corrected: str | None = None) -> str:
    """Why a ``session_checks`` row is incomplete: ``refused`` games or hands
    (``what``) of its source, ``named`` when they are known (``hand 2 (line
    5)``, :func:`_refused_named`), the hands ``corrected`` since it was read
    (``hand 3 voided``), and ``diff`` player -> (stored, source's)."""
    return ((f"{named} refused; " if named else f"{refused} {what}(s) refused; ") if refused else "") + (
        f"{corrected} since it was read; " if corrected else "") + (
        "the stored totals differ from the source's own table: "
        + ", ".join(f"{p} stored {a:+d}, source {b:+d}" for p, (a, b) in diff.items()) if diff
        else "the stored totals equal the source's table")


def _refused_named(con: duckdb.DuckDBPyConnection, session_id: int, refused: int, what: str) -> str | None:
    """The refused hands of session ``session_id`` still not stored, named as the ledger's note names them
    (``hand 2 (line 5)``, ``hands 1 (line 5), 4``): a row refused for its number (E-CSV-HAND-ORDER) by its line
    until the very row is stored (:data:`ingest.sheet.ROW_STORED`), another by its number until a hand of it is
    stored or voided (break27b F3: the note said '1 hand(s) refused', and after a void nothing of it).  None when
    they are not ``refused`` in all (a refusal of no number, an older database): the note then counts them."""
    from ingest.sheet import ORDER_REFUSAL, ROW_STORED  # noqa: PLC0415

    rows = con.execute(
        "SELECT DISTINCT r.hand, CASE WHEN r.code = ? THEN r.line END AS line_ FROM rejected r "
        "JOIN sessions s ON s.session = r.session WHERE s.session_id = ? AND r.hand IS NOT NULL "
        f"AND CASE WHEN r.code = ? THEN NOT {ROW_STORED} ELSE r.hand NOT IN (SELECT h.hand FROM hands h "
        "WHERE h.session_id = s.session_id) AND r.hand NOT IN (SELECT v.hand FROM hand_revisions v "
        "WHERE v.session_id = s.session_id AND v.action = 'void') END ORDER BY r.hand, line_ NULLS FIRST",
        [ORDER_REFUSAL, session_id, ORDER_REFUSAL]).fetchall()
    if not rows or len(rows) != refused:
        return None
    names = [f"{n} (line {line})" if line is not None else f"{n}" for n, line in rows]
    return f"{what}{'s' if len(names) > 1 else ''} " + ", ".join(names)


#: SQL, of a session ``s`` (its ``session`` and ``session_id``): how many of its refused hands are still not stored:
#: numbers neither stored nor voided since, rows refused for their number (E-CSV-HAND-ORDER) whose very row is not
#: stored ({row_stored}: its number is another hand's, stored; break27b F3), and the refusals of no number.  A copy
#: refused of a hand whose number is stored (E-HAND-CONFLICT: the night sent again under other rules) is no missing
#: hand (newuser29 F1)
_LEFT = """(SELECT count(DISTINCT r.hand) FROM rejected r WHERE r.session = s.session AND r.hand IS NOT NULL
          AND r.code <> '{order}'
          AND r.hand NOT IN (SELECT h.hand FROM hands h WHERE h.session_id = s.session_id)
          AND r.hand NOT IN (SELECT v.hand FROM hand_revisions v WHERE v.session_id = s.session_id
                             AND v.action = 'void'))
     + (SELECT count(DISTINCT (r.file, r.line)) FROM rejected r WHERE r.session = s.session AND r.hand IS NOT NULL
          AND r.code = '{order}' AND NOT {row_stored})
     + (SELECT count(*) FROM rejected r WHERE r.session = s.session AND r.hand IS NULL)"""
#: each checked session's row for :func:`_recheck_sessions`, and how many of its refused hands are still not stored
#: (:data:`_LEFT`)
_RECHECK = """
SELECT c.session_id, c.refused, c.log_totals, coalesce(s.format, 'shn'), """ + _LEFT + """
FROM session_checks c JOIN sessions s USING (session_id) WHERE c.session_id = ANY(?::INTEGER[])"""


def _refused_left(con: duckdb.DuckDBPyConnection, session_id: int, refused: int) -> int:
    """Of ``refused`` hands of session ``session_id`` refused by a source's reading, how many are still not stored
    (:data:`_LEFT`: at most ``refused``).  One query, asked only of a source that refused a hand of the session."""
    if not refused:
        return 0
    from ingest.sheet import ORDER_REFUSAL, ROW_STORED  # noqa: PLC0415

    (left,) = con.execute("SELECT " + _LEFT.format(order=ORDER_REFUSAL, row_stored=ROW_STORED)
                          + " FROM sessions s WHERE s.session_id = ?", [session_id]).fetchone()
    return min(refused, left)


def source_check_tags(con: duckdb.DuckDBPyConnection) -> dict[int, dict[str, str]]:
    """session_id -> the tags ``shead export --format shn`` writes for each
    session whose ``session_checks`` row (migration 010) is incomplete: its
    source's own totals, ``[_SourceTotals "Loisl -110; Zenzi -40; …"]``
    (player, units), and the numbers of its hands or games the source's
    reading refused that are still not stored, ``[_Refused "5"]``, so that a
    restore keeps the session incomplete (:func:`_restored_checks`; sk32 F2:
    the mark and the refused game were lost).  A session with no check row
    (an SHN session, a CSV night without a Total row) gets ``[_Refused]``
    alone when hands of it were refused and are neither stored nor voided:
    the restored session is then incomplete through its header
    (``dashboard.metrics.incomplete_sessions``; verify32 F2)."""
    out: dict[int, dict[str, str]] = {}
    for sid, name, log in con.execute(
            "SELECT c.session_id, s.session, c.log_totals FROM session_checks c JOIN sessions s USING (session_id) "
            "WHERE NOT c.complete AND c.log_totals IS NOT NULL ORDER BY c.session_id").fetchall():
        table = json.loads(log)
        if not table:
            continue
        refused = [n for (n,) in con.execute(
            "SELECT DISTINCT r.hand FROM rejected r WHERE r.session = ? AND r.hand IS NOT NULL AND r.hand NOT IN "
            "(SELECT h.hand FROM hands h WHERE h.session_id = ?) AND r.hand NOT IN (SELECT v.hand FROM "
            "hand_revisions v WHERE v.session_id = ? AND v.action = 'void') ORDER BY 1", [name, sid, sid]).fetchall()]
        tags = {"_SourceTotals": "; ".join(f"{p} {int(v):+d}" for p, v in table.items())}
        if refused:
            tags["_Refused"] = " ".join(map(str, refused))
        out[sid] = tags
    # a session with no check of its own (an SHN session, a CSV night without a Total row) whose refused hands are
    # not stored nor voided: their numbers alone, so a restore keeps it incomplete, the hands named (verify32 F2)
    for sid, hands in con.execute(
            "SELECT s.session_id, list(DISTINCT r.hand ORDER BY r.hand) FROM rejected r JOIN sessions s USING (session) "
            "WHERE r.hand IS NOT NULL AND NOT EXISTS (SELECT 1 FROM session_checks c WHERE c.session_id = s.session_id) "
            "AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id AND h.hand = r.hand) "
            "AND NOT EXISTS (SELECT 1 FROM hand_revisions v WHERE v.session_id = s.session_id AND v.hand = r.hand "
            "AND v.action = 'void') GROUP BY s.session_id ORDER BY 1").fetchall():
        if hands:
            out.setdefault(sid, {})["_Refused"] = " ".join(map(str, hands))
    return out


def _restored_checks(con: duckdb.DuckDBPyConnection, names: Iterable[str]) -> None:
    """Record (replace) the ``session_checks`` row of each SHN session of
    ``names`` whose stored header carries an export's ``[_SourceTotals]``
    tag (:func:`source_check_tags`): its source's totals, and its
    ``[_Refused]`` numbers not stored now counted refused and named; complete
    when none is left and the stored units per player equal the totals
    (sk32 F2: a restore lost a protocol's incomplete mark).  One query finds
    them; nothing for a file whose sessions carry no such tag."""
    rows = con.execute("SELECT session_id, header, game FROM sessions WHERE list_contains(?, session) AND "
                       "contains(header, '[_SourceTotals ')", [sorted(names)]).fetchall()
    for sid, header, game in rows:
        text = _header_tag(header, "_SourceTotals")
        if not text:
            continue
        log: dict[str, int] = {}
        for part in text.split(";"):
            who, _, units = part.strip().rpartition(" ")
            if who and re.fullmatch(r"[+-]?\d{1,18}", units):
                log[who] = int(units)
        if not log:
            continue
        held = {n for (n,) in con.execute("SELECT hand FROM hands WHERE session_id = ?", [sid]).fetchall()}
        refused = [int(t) for t in (_header_tag(header, "_Refused") or "").split() if t.isdigit() and int(t) not in held]
        what = "game" if game == "schafkopf" else "hand"
        diff = _totals_diff(con, sid, log)
        complete = not refused and not diff
        named = f"{what}{'s' if len(refused) > 1 else ''} " + ", ".join(map(str, refused)) if refused else None
        note = None if complete else _check_note(len(refused), diff, what, named)
        con.execute("DELETE FROM session_checks WHERE session_id = ?", [sid])
        con.execute("INSERT INTO session_checks VALUES (?, ?, ?, ?, ?, ?)",
                    [sid, complete, len(refused), json.dumps(log), note, _now()])


def _recheck_sessions(con: duckdb.DuckDBPyConnection, session_ids: Iterable[int]) -> None:
    """Refresh the ``session_checks`` rows (migration 010) of sessions whose
    hands changed after their source was read: a game added later (the
    missing one, written as SHN-SK), a hand voided or amended.  Complete when
    the stored units per player now equal the source's own table (a game the
    source's reading refused pays something, so equal totals mean it is now
    stored); else the note says which totals differ."""
    ids = sorted(set(session_ids))
    if not ids:
        return
    from ingest.sheet import ORDER_REFUSAL, ROW_STORED  # noqa: PLC0415

    recheck = _RECHECK.format(order=ORDER_REFUSAL, row_stored=ROW_STORED)
    for sid, refused, log, fmt, left in con.execute(recheck, [ids]).fetchall():
        # a refused hand stored since (a corrected sheet sent again) is refused no longer (fixa27, real26 F6)
        refused = min(refused, left)
        table = json.loads(log) if log else {}
        beyond = _beyond_source(con, sid) if fmt == "netschafkopf" else {}  # games added later (verify32 F11)
        diff = _totals_diff(con, sid, table, beyond)
        what = "game" if fmt == "netschafkopf" else "hand"
        # a hand still refused and one corrected since: the note says both (break27b F3: it said neither, the
        # voided hand's units a plain shortfall)
        note = None if not diff else _check_note(refused, diff, what, _refused_named(con, sid, refused, what),
                                                 _corrections(con, sid) if refused else None)
        if diff and not refused and (corrected := _as_first_read(con, sid, table, beyond)):
            # the source's table is the hands as first read; the difference is the corrections made since, with
            # their reasons: no hand is missing (dash19 F4: a leaster's winner corrected flagged the night
            # incomplete for good, naming causes that did not apply)
            diff, note = {}, _corrected_note(corrected)
        note = _with_beyond(note, not diff, _beyond_note(con, beyond))
        con.execute("UPDATE session_checks SET complete = ?, refused = ?, note = ?, checked_at = ? "
                    "WHERE session_id = ?", [not diff, refused, note, _now(), sid])


def _corrected_note(corrected: str) -> str:
    """The note of a check whose source's table is its hands as first read,
    ``corrected`` since (:func:`_as_first_read`)."""
    return f"corrected since it was read ({corrected}); the source's own table matches its hands as first read"


#: What a check's note says of games added to a protocol's session beyond the protocol's own games (verify32 F11);
#: the ledger lists a complete check whose note says it (:func:`ingest.cli.ledger`).
ADDED_BEYOND = "added beyond the protocol"

#: SQL: a stored text that is a NetSchafkopf protocol's game block (it opens with the dealer, ``Geber: Xaver``),
#: not an SHN hand (``hand 4  dealer Gust``) added to the session.
_PROTOCOL_BLOCK = r"regexp_matches({}, '^\s*Geber:')"


def _beyond_source(con: duckdb.DuckDBPyConnection, session_id: int) -> dict[int, int]:
    """Hand id -> number of the hands of NetSchafkopf session ``session_id``
    (stored, or voided since) numbered beyond its protocol's last game: games
    added to it later (in SHN-SK), which the protocol's own table never held
    (verify32 F11).  The protocol's last game is the highest number of its
    games stored from the protocol's text (revision 1 of one corrected since)
    or refused from it; a game the protocol refused and SHN-SK adds later is
    the protocol's, compared with its table.  Empty for any other session,
    or one with no game from the protocol's text (a restored export)."""
    row = con.execute("SELECT coalesce(format, 'shn') FROM sessions WHERE session_id = ?", [session_id]).fetchone()
    if row is None or row[0] != "netschafkopf":
        return {}
    held = con.execute("SELECT hand_id, hand FROM hands WHERE session_id = ? UNION "
                       "SELECT hand_id, hand FROM hand_revisions WHERE session_id = ? AND revision = 1",
                       [session_id, session_id]).fetchall()
    if not held:
        return {}
    (top,) = con.execute(
        # the stored template's opening is the text's (a protocol's block is stored whole: no text restored)
        "SELECT max(n) FROM (SELECT h.hand AS n FROM hands h JOIN hand_source t USING (hand_id) WHERE "
        f"list_contains(?, t.hand_id) AND {_PROTOCOL_BLOCK.format('t.template')} UNION ALL "
        "SELECT v.hand FROM hand_revisions v WHERE v.session_id = ? AND v.revision = 1 AND v.source IS NOT NULL "
        f"AND {_PROTOCOL_BLOCK.format('v.source')} UNION ALL "
        "SELECT r.hand FROM rejected r JOIN sessions s ON s.session = r.session WHERE s.session_id = ? AND "
        f"r.hand IS NOT NULL AND {_PROTOCOL_BLOCK.format('r.source')})",
        [[i for i, _ in held], session_id, session_id]).fetchone()
    if top is None:
        return {}
    return {i: n for i, n in held if n > top}


def _beyond_note(con: duckdb.DuckDBPyConnection, beyond: dict[int, int]) -> str | None:
    """``1 game added beyond the protocol (game 4), not in its table`` for
    :func:`_beyond_source`'s hands still stored; None when none is."""
    if not beyond:
        return None
    live = sorted({n for (n,) in con.execute("SELECT hand FROM hands WHERE list_contains(?, hand_id)",
                                             [list(beyond)]).fetchall()})
    if not live:
        return None
    many = len(live) > 1
    return (f"{len(live)} game{'s' if many else ''} {ADDED_BEYOND} (game{'s' if many else ''} {_ranges(live)}), "
            f"not in its table: counted beside it")


def _with_beyond(note: str | None, complete: bool, added: str | None) -> str | None:
    """A check's ``note`` with the games added beyond the protocol (``added``,
    :func:`_beyond_note`) said: after why it is incomplete, or, complete, that
    the protocol's games equal its table (verify32 F11)."""
    if not added:
        return note
    if complete and note is None:
        return f"the protocol's games equal its own table; {added}"
    return f"{note}; {added}"


def _as_first_read(con: duckdb.DuckDBPyConnection, session_id: int, table: dict[str, int],
                   beyond: dict[int, int] | None = None) -> str | None:
    """When session ``session_id``'s hands, each as first stored (its
    revision 1 for a hand amended or voided since), sum to the source's own
    ``table`` (player or seat alias -> units, read as :func:`_totals_diff`
    reads it): which hands were corrected (``hand 3 amended, hand 5
    voided``); else None.  The hands ``beyond`` (games added beyond a
    protocol, :func:`_beyond_source`) are left out (verify32 F11)."""
    beyond = beyond or {}
    revised = [r for r in con.execute(
        "SELECT r.hand_id, r.hand, r.outcome, (SELECT x.action FROM hand_revisions x WHERE x.hand_id = r.hand_id "
        "ORDER BY x.revision DESC LIMIT 1) FROM hand_revisions r WHERE r.session_id = ? AND r.revision = 1 "
        "AND r.outcome IS NOT NULL ORDER BY r.hand", [session_id]).fetchall() if r[0] not in beyond]
    if not revised:
        return None
    by_player, by_seat = _session_units(con, session_id, [r[0] for r in revised] + list(beyond))
    for _hid, _n, outcome, _action in revised:
        first = json.loads(outcome)
        names = first.get("players") or {}
        for seat, u in (first.get("units") or {}).items():
            if seat != "(pot)":
                name = names.get(seat, seat)
                by_player[name] = by_player.get(name, 0) + u
                by_seat[seat] = by_seat.get(seat, 0) + u
    if any(_table_units(by_player, by_seat, p) != v for p, v in table.items()):
        return None
    return ", ".join(f"hand {n} {'voided' if action == 'void' else 'amended'}" for _h, n, _o, action in revised)


def _corrections(con: duckdb.DuckDBPyConnection, session_id: int) -> str | None:
    """The hands of session ``session_id`` amended or voided since they were first stored, as
    :func:`_as_first_read` says them (``hand 3 voided, hand 5 amended``); None when none was."""
    rows = con.execute(
        "SELECT r.hand, (SELECT x.action FROM hand_revisions x WHERE x.hand_id = r.hand_id ORDER BY x.revision DESC "
        "LIMIT 1) FROM hand_revisions r WHERE r.session_id = ? AND r.revision = 1 AND r.outcome IS NOT NULL "
        "ORDER BY r.hand", [session_id]).fetchall()
    return ", ".join(f"hand {n} {'voided' if action == 'void' else 'amended'}" for n, action in rows) or None


def _session_units(con: duckdb.DuckDBPyConnection, session_id: int,
                   leave_out: list[int] = ()) -> tuple[dict[str, int], dict[str, int]]:
    """``(by player, by seat alias)``: the stored units of session
    ``session_id``, its hands ``leave_out`` (hand ids) left out."""
    by_player: dict[str, int] = {}
    by_seat: dict[str, int] = {}
    for player, seat, units in con.execute(
            "SELECT player, seat, CAST(sum(units) AS BIGINT) FROM hand_units WHERE session_id = ? AND player IS NOT "
            "NULL AND NOT list_contains(?, hand_id) GROUP BY player, seat", [session_id, list(leave_out)]).fetchall():
        by_player[player] = by_player.get(player, 0) + units
        by_seat[seat] = by_seat.get(seat, 0) + units
    return by_player, by_seat


def _table_units(by_player: dict[str, int], by_seat: dict[str, int], name: str) -> int:
    """The units a source's own table gives ``name``: the player's of that
    name; a name no stored player has is a seat alias, a protocol's ``Gast``
    renamed ``Gast=Hans Huber`` by an amendment being Hans Huber's units
    (break18 F13: a false "incomplete")."""
    return by_player[name] if name in by_player else by_seat.get(name, 0)


def _totals_diff(con: duckdb.DuckDBPyConnection, session_id: int, log: dict[str, int],
                 beyond: dict[int, int] | None = None) -> dict[str, tuple[int, int]]:
    """player -> (stored units, the source's) for each player of ``log`` (a
    source's own totals) whose stored units in session ``session_id``
    differ (:func:`_table_units`); empty when they all agree.  The hands
    ``beyond`` (hand id -> number: games added beyond a protocol,
    :func:`_beyond_source`) are left out: the source's table never held
    them (verify32 F11)."""
    by_player, by_seat = _session_units(con, session_id, list(beyond or ()))
    got = {p: _table_units(by_player, by_seat, p) for p in log}
    return {p: (got[p], v) for p, v in log.items() if got[p] != v}


def _units_of(con: duckdb.DuckDBPyConnection, hand_id: int) -> dict[str, int]:
    """The stored units of hand ``hand_id`` per player (the pot's row left out)."""
    return {p: int(u) for p, u in con.execute("SELECT player, sum(units) FROM hand_units WHERE hand_id = ? AND "
                                               "player IS NOT NULL GROUP BY player", [hand_id]).fetchall()}


def _stored_spellings(groups: dict, event: str) -> dict | None:
    """The stored spellings (-> their players) of the group ``event`` names
    but for case, accents or spacing, of ``groups`` (folded group -> its
    spellings, :meth:`Store._stored_names`); None when none is stored."""
    return next((groups[f] for f in sorted(_fold_variants(event)) if f in groups), None)


def group_spelling_warning(event: str, spelt: str, sid: str, path: str | None, at=None) -> Diagnostic:
    """The ``W-GROUP-SPELLING`` of a new session whose ``[Event]`` ``event``
    is the stored group ``spelt`` written otherwise only in case, accents or
    spacing (real23 F1): what to write, and, once stored as session
    ``sid``, how to undo it; at ``at`` (the tag's Pos) of ``path``."""
    return Diagnostic(
        "W-GROUP-SPELLING", f"[Event {event!r}] is a new group; the group {spelt!r} is stored, written "
        "otherwise only in case, accents or spacing: if it is that group, write [Event "
        f"\"{spelt}\"] (once stored: shead void {shlex.quote(sid)} --session --reason 'group spelling', then "
        f"ingest the file again with [Event \"{spelt}\"]); if it is another group, nothing to do",
        "warning", path, at.line if at else 0, at.col if at else 0, found=event, expected=spelt)


def group_spelt_otherwise(con: duckdb.DuckDBPyConnection, event: str) -> str | None:
    """The stored group that ``event`` (a new session's ``[Event]``) writes
    otherwise only in case, accents or spacing, as ``shead ingest``'s
    ``W-GROUP-SPELLING`` finds it (:meth:`Store._note_spellings`), or None
    (none stored, or ``event`` is a stored spelling itself).  One query;
    ``con`` may be read-only (the Log a hand page asks before saving,
    phone32 F1)."""
    event = (event or "").strip()
    if not event:
        return None
    try:
        rows = con.execute('SELECT DISTINCT "group" FROM sessions WHERE "group" IS NOT NULL').fetchall()
    except duckdb.Error:
        return None
    groups: dict[str, dict[str, set]] = {}
    for (g,) in rows:
        groups.setdefault(_fold_name(g), {}).setdefault(g, set())
    stored = _stored_spellings(groups, event)
    if not stored or event in stored:
        return None
    spelt = sorted(stored)[0]
    return None if spelt.strip() == event else spelt  # an end space stored before session 23: W-TAG-SPACES's case


def _fold_variants(text: str) -> set[str]:
    """:func:`_fold_name` of ``text``, and of it with each control character
    read as a space: a NUL byte may stand in a name or in place of its space
    (``Friday\\x00Phone Club``, break23b F3)."""
    spaced = "".join(" " if unicodedata.category(c) == "Cc" and not c.isspace() else c for c in text)
    return {_fold_name(text), _fold_name(spaced)}


def _fold_name(text: str) -> str:
    """A group's or a player's name folded as ``Store._note_spellings``
    compares them (and its query: ``lower(strip_accents(translate(...)))``,
    spaces collapsed): ``Béa  SCHMIDT`` is ``bea schmidt``, and a typographic
    apostrophe the ASCII one (:func:`ingest.unicode_text.plain_marks`:
    ``Ole O’Brien`` is ``ole o'brien``, verify34 F7)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", plain_marks(text)) if not unicodedata.combining(c)
                    and (c.isspace() or unicodedata.category(c) not in ("Cf", "Cc")))
    return " ".join(plain.lower().split())


#: the generational suffixes that tell a father from his son ("Jim Hart Sr", "Jim Hart Jr"), folded, without a dot
_GENERATIONS = frozenset({"sr", "jr", "snr", "jnr", "ii", "iii", "iv"})


def _generations(a: str, b: str) -> bool:
    """Whether two folded names (:func:`_fold_name`) end in two different
    generational suffixes (``jim hart sr``, ``jim hart jr``: two players,
    one letter apart; verify33b F3)."""
    x, y = a.rsplit(" ", 1)[-1].rstrip("."), b.rsplit(" ", 1)[-1].rstrip(".")
    return x != y and x in _GENERATIONS and y in _GENERATIONS


def _one_letter_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one adjacent transposition or by one
    letter changed, added or dropped (``lou zeigler``, ``lou ziegler``)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k, (x, y) in enumerate(zip(short, long_)) if x != y), len(short))
    return short[i:] == long_[i + 1:]


def _near_spelling_warning(near: dict[str, str], seats: list, group: str, path: str | None, at) -> Diagnostic:
    """The ``W-PLAYER-SPELLING`` of a ``[Seats]`` (at ``at``, its tag's Pos)
    whose names (``near``: alias -> the stored spelling) are each a letter
    from a stored player of the group under the same alias (newuser33 F2):
    nothing refused, the amend that renames them named."""
    names = dict(seats)
    fixed = "; ".join(f"{a}={near.get(a, n)}" for a, n in seats)
    written = ", ".join(f"{a} is {names[a]!r}" for a in near)
    one = len(near) == 1
    return Diagnostic(
        "W-PLAYER-SPELLING", f"{written}: {'a new player' if one else 'new players'}; the group {group!r} has "
        f"{', '.join(f'{a}={s!r}' for a, s in near.items())} under the same seat, one letter apart (swapped or "
        f"changed): if the same {'player' if one else 'players'}, write the Seats as stored ([Seats \"{fixed}\"]; "
        "once stored, shead ingest --amend FILE with those Seats renames the hands); if another player, nothing to "
        "do", "warning", path, at.line if at else 0, at.col if at else 0,
        found=", ".join(names[a] for a in near), expected=", ".join(near.values()))


def _units_by_player(o) -> tuple[dict[str, int], int]:
    """A hand's units by player name (its seats' aliases may differ between copies), and its pot's."""
    players = o.players or {}
    return {players.get(a, a): u for a, u in (o.units or {}).items()}, o.pot


def _apart_from_stored(shn, recs: list, rows: list[tuple]) -> None:
    """Refuse each session block of a planned file (``recs``, read hands)
    whose id is a stored session's (``rows``: :data:`_SESSIONS_KNOWN`) but
    whose group is another, or whose derived id only collides with that
    session's (:func:`ingest.session_identity.clash`, break30 F1: a second
    club under the first's ``[Session "2025-03-06"]`` was filed into its
    night, doubled by its doubler; a hand written alike was a duplicate):
    each of its hands gets the ``E-SESSION-GROUP`` / ``E-SESSION-ID`` error
    (at the block's tag) and is moved to the would-be session ``<id> (another
    group)`` (a session record of its own, as the reader files a night
    numbered from 1 again), so the validator refuses it with no stored carry,
    it is no duplicate, and nothing stored changes.  Per session block, not
    per hand: no query of its own."""
    from ingest.session_identity import apart, clash, refusal  # noqa: PLC0415

    stored = {name: (group, header, fmt, first) for _, name, group, header, fmt, first in rows}
    moved: dict[int, object] = {}  # id(session record) -> its record filed apart, or None: it may join
    for r in recs:
        sess = r.session
        got = moved.get(id(sess), False)
        if got is False:
            got = moved[id(sess)] = None
            sid = sess.id
            if sid in stored:
                group, header, fmt, first = stored[sid]
                was = {}
                for k in ("Session", "Event", "Date", "Table"):
                    v = _header_tag(header or "", k)
                    if v is not None:
                        was[k] = v
                if group:  # whose night it is: its group column (the header's [Event], or a protocol's group)
                    was["Event"] = group
                kind = clash(sess.tags, was, derived_was=fmt == "shn")
                if kind is not None:
                    name = "Event" if kind == "group" else next(
                        (k for k in ("Event", "Date", "Table") if k in sess.tags), "Event")
                    at = sess.tag_pos.get(name) or sess.tag_pos.get("Session")
                    d = refusal(kind, sid, sess.tags, was, f"stored from {first}" if first else "stored",
                                shn.path, at.line if at else r.line, at.col if at else 1)
                    new = SessionRec({**sess.tags, "Session": apart(sid, kind)}, sess.tag_pos, sess.tag_notes)
                    got = moved[id(sess)] = (new, d)
        if got is not None:
            r.session = got[0]
            r.errors.insert(0, replace(got[1], hand=r.number))


def _session_ids(con: duckdb.DuckDBPyConnection, names: Iterable[str]) -> list[int]:
    """The stored ``session_id`` of each of the session ids ``names`` that is
    stored (a name not stored gives none).

    A hand's content hash covers its session id (:func:`ingest.model.content_hash`)
    and a session id names one stored session, so a hash can be stored only
    among the hands of its own session: the duplicate and clash look-ups
    below read only the rows of these sessions (``session_id = ANY(...)``,
    which the column's min-max index narrows to their row groups), so their
    cost follows the sessions a batch touches, not every hand stored (issue
    15: a streamed 1 GB file was slowed by scans of ``hand_source``)."""
    todo = sorted(set(names))
    if not todo:
        return []
    return [i for (i,) in con.execute("SELECT session_id FROM sessions WHERE session = ANY(?::VARCHAR[])",
                                      [todo]).fetchall()]


def _scope(con: duckdb.DuckDBPyConnection, ids: list[int], hand_id: str = "s.hand_id") -> str:
    """An SQL condition keeping the rows of the hands of sessions ``ids``
    (:func:`_session_ids`; the query names ``hands`` as ``h``): their
    session ids and the range of their hand ids, which lets DuckDB skip the
    row groups of ``hand_source`` (and of ``hands``) outside it — a hash join
    alone reads every row.  ``FALSE`` when they hold no hand."""
    lo, hi = con.execute("SELECT min(hand_id), max(hand_id) FROM hands WHERE session_id = ANY(?::INTEGER[])",
                         [ids]).fetchall()[0]
    if lo is None:
        return "FALSE"
    listed = "[" + ", ".join(str(int(i)) for i in ids) + "]::INTEGER[]"
    return f"h.session_id = ANY({listed}) AND {hand_id} BETWEEN {int(lo)} AND {int(hi)}"


#: The range of an INTEGER column: a rejected hand's number beyond it
#: (``E-NUMBER``) is kept in its source and message, its ``hand`` is NULL.
_INT32 = (-2**31, 2**31 - 1)


def _scalar(con: duckdb.DuckDBPyConnection, sql: str, params: list | None = None):
    rows = con.execute(sql, params or []).fetchall()
    return rows[0][0]


def _next_hand_id(con: duckdb.DuckDBPyConnection) -> int:
    """The next free ``hand_id``: above every stored hand and every hand in
    ``hand_revisions`` (a voided hand keeps its id)."""
    return _scalar(con, "SELECT " + _NEXT_HAND_ID)


_NEXT_HAND_ID = ("greatest((SELECT coalesce(max(hand_id), 0) FROM hands), "
                 "(SELECT coalesce(max(hand_id), 0) FROM hand_revisions)) + 1")
#: What a file's store asks of the database before it writes (:meth:`Store._insert`): the next ingest and hand
#: ids, whether any hand was ever corrected, the highest session id, whether a ledger's sitting is stored.
_FILE_QUESTIONS = (f"SELECT (SELECT coalesce(max(ingest_id), 0) + 1 FROM ingests), ({_NEXT_HAND_ID}), "
                   "(SELECT count(*) FROM hand_revisions), (SELECT coalesce(max(session_id), 0) FROM sessions), "
                   "EXISTS (SELECT 1 FROM sessions WHERE format = 'csv-ledger')")
#: The stored sessions of the names given (a list parameter): ``(session, session_id)`` rows.
_SESSIONS_NAMED = "SELECT session, session_id FROM sessions WHERE session = ANY(?::VARCHAR[])"
#: the stored sessions of a planned file (:meth:`Store.plan_ingest`): their ids, names, groups, headers, formats and
#: first files, for the one session, one group check (:func:`_apart_from_stored`, break30 F1)
_SESSIONS_KNOWN = ('SELECT session_id, session, "group", header, coalesce(format, \'shn\'), first_file FROM sessions '
                   "WHERE session = ANY(?::VARCHAR[])")
#: A new session's ``sessions`` row (:meth:`Store._sessions`).
_NEW_SESSION = ("INSERT INTO sessions (session_id, session, \"group\", date, \"table\", site, rules, game, players, "
                "header, first_file, created_at, format) VALUES (?, ?, ?, CAST(? AS DATE), ?, ?, ?, ?, ?, ?, ?, ?, ?)")


#: How long ``shead ingest`` keeps the write connection of a run of files
#: before it lets another process in (:class:`Store` ``hold``): reopening the
#: database and folding its write-ahead log after every file cost a tenth of a
#: first ingest (issue 17).  15 s (was 5): each release checkpoints, and a
#: checkpoint during an ingest merges and rewrites the row groups stored
#: since the last one, leaving free blocks that only a copy of the file
#: removes (:func:`compact_if_slack`); a reader waiting meanwhile waits at
#: most about 15 s plus one file, within its lock timeout (30 s).
INGEST_HOLD = 15.0

#: DuckDB settings of an ingest's write connection (:func:`ingest_store`): one thread.  The store's statements
#: insert a batch's Arrow tables of a few thousand rows, which one thread scans whole, and DuckDB's second
#: thread cost CPU without shortening the run: ``shead bench -n 20000`` compiled, alternated, 2-core Xeon, the
#: store stage 68.7 / 72.5 / 71.2 / 70.9 µs a hand with DuckDB's default (two threads here), 64.7 / 66.2 / 67.3 /
#: 63.7 with one; the wall time no longer (issue 17).  A streamed file's settings (:mod:`ingest.stream`) keep it.
INGEST_SETTINGS: dict[str, str | int | bool] = {"threads": 1}


def ingest_store(path: str | os.PathLike | None = None) -> "Store":
    """The :class:`Store` of an ingest of files (``shead ingest``, ``shead
    bench``): its write connection held :data:`INGEST_HOLD` seconds at a
    time, under :data:`INGEST_SETTINGS`.  Raises as :class:`Store`."""
    store = Store(path, hold=INGEST_HOLD)
    store.settings.update(INGEST_SETTINGS)
    return store


#: Seconds a :class:`Store` leaves the database free after ``hold`` released it, before it takes the lock again:
#: longer than the longest pause between two tries of a reader waiting for the lock (:func:`connect`: 250 ms,
#: +25 % jitter), so that a reader waiting gets in; at most one pause each ``hold`` (15 s during an ingest: a
#: wall-clock cost under 3 %, no CPU).
YIELD_AFTER_HOLD = 0.4


def _yield_pause(seconds: float) -> None:
    """Sleep ``seconds``: a :class:`Store`'s pause for readers after a release
    by ``hold`` (a function of its own, for the tests to count)."""
    time.sleep(seconds)


#: The write-ahead log's size at which DuckDB checkpoints while a
#: :class:`Store` holds its connection (DuckDB's default is 16 MiB).  A
#: checkpoint during an ingest rewrites the row groups appended since the
#: last one, merged with their neighbours: CPU spent on blocks the next
#: checkpoint rewrites again, and free blocks left in the file
#: (:func:`compact_if_slack`).  Releasing the lock (``hold``) still
#: checkpoints; at 256 MiB an ingest that holds the lock checkpoints about
#: once per 100,000 hands by the log's size.
CHECKPOINT_THRESHOLD = "256MiB"


class Store:
    """The database at ``resolve_db(path)``, for writing.

    The write connection is opened on demand and released ``hold`` seconds
    (default 0.5) after it was taken — at the end of the file in progress,
    or by a timer while the caller is busy elsewhere (reading and validating
    the next file) — and by :meth:`close`.  Use as a context manager.  ``lock_timeout`` is the
    longest wait for another process's lock (default ``SHEAD_LOCK_TIMEOUT``
    or 30 s) before :class:`StoreBusy`.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, hold: float = 0.5,
                 lock_timeout: float | None = None):
        self.path = resolve_db(path)
        self.hold = hold
        self.lock_timeout = lock_timeout
        self._con: duckdb.DuckDBPyConnection | None = None
        self._since = 0.0
        self._json = _JsonCache()
        #: the stored groups and players of the write connection's run (Store._stored_names), with that connection
        self._names_cache: tuple | None = None
        #: a group spelling -> the {alias: player} Seats of the sessions :meth:`_note_spellings` noted in this run
        #: (stored with an earlier file of the same command, not yet in ``sessions``: verify33b F1)
        self._noted_seats: dict[str, list[dict[str, str]]] = {}
        self.last_plan: tuple[str, IngestPlan] | None = None  # set by ingest.cli's planned validation
        #: the report of the last file (or batch) whose transaction committed, set just after its COMMIT: an
        #: interrupt landing after the COMMIT and before its caller counted it still finds it (ingest.stream);
        #: None after a group of files (ingest_files: shead ingest reads its account from stored_by_run)
        self.committed_report: IngestReport | None = None
        self.pending_report: IngestReport | None = None  # ingest_file's report, as on_stage("commit") sees it
        self.commits = 0  # the transactions of ingest_file and ingest_files committed (shead bench counts them)
        #: the first ``ingests`` id this Store's ingests took (None before the first): the rows from it on are what
        #: this run stored, as the database holds it (shead ingest's account after an interrupt)
        self.first_ingest: int | None = None
        #: (session, YYYY-MM-DD) of nights refused as numbered from 1 again in a stored session (Store._other_day):
        #: a streamed file's later batches of that night are refused too (break19 F9)
        self.refused_nights: set[tuple[str, str]] = set()
        self._guard = threading.RLock()
        self._busy = False
        self.generation = 0  # how many times the write connection was opened: another process may have
        #                      written in between two generations, never within one
        self._timer: threading.Timer | None = None
        #: when ``hold`` last released the write connection (time.monotonic), until it is taken again: the
        #: next take waits until YIELD_AFTER_HOLD has passed since (a reader's turn); None after a close
        self._released_at: float | None = None
        #: whether :meth:`close` may rewrite the file without its checkpoint slack (:func:`compact_if_slack`)
        self.compact = True
        self._used = False  # the write connection was taken since the last close
        #: DuckDB settings (name -> value) applied to the write connection each time it is opened, e.g.
        #: ``memory_limit`` for a streamed ingest (:mod:`ingest.stream`); empty: DuckDB's defaults
        self.settings: dict[str, str | int | bool] = {}

    def stored_since(self, counted: "IngestReport | None") -> int:
        """Hands of the last file (or batch) whose transaction committed,
        when that report is not ``counted`` (the caller's last counted one):
        the user's interrupt came just after its COMMIT, so they are stored
        though the caller never counted them; else 0."""
        late = self.committed_report
        return late.stored if late is not None and late is not counted else 0

    def stored_by_run(self) -> dict[str, int] | None:
        """What this Store's ingests stored, as the database says (its
        ``ingests`` rows from :attr:`first_ingest` on, each file's hands
        summed over its transactions): file -> hands; empty when none
        committed; None when the database cannot be read now.  Opens its own
        read connection: call it after :meth:`close`."""
        if self.first_ingest is None or not self.path.exists():
            return {}
        try:
            with reading(self.path, timeout=5) as con:
                return dict(con.execute("SELECT file, sum(stored)::INTEGER FROM ingests WHERE ingest_id >= ? "
                                        "GROUP BY file", [self.first_ingest]).fetchall())
        except (StoreError, duckdb.Error):
            return None

    # -- connection handling ------------------------------------------------

    def _writer(self) -> duckdb.DuckDBPyConnection:
        """The write connection, opened if needed, marked in use until
        :meth:`_maybe_release`.  After a release by ``hold``, it is opened
        again no sooner than :data:`YIELD_AFTER_HOLD` seconds later, so that
        a reader waiting for the lock (retrying every 250 ms at most) gets
        in: an ingest takes the lock back within milliseconds, for the next
        file's plan, and a `shead ledger` meanwhile used to wait out its
        lock timeout (user15: 30 s during a 43 s ingest)."""
        released = self._released_at
        if released is not None:
            self._released_at = None
            wait = YIELD_AFTER_HOLD - (time.monotonic() - released)
            if wait > 0 and self._con is None:
                _yield_pause(wait)
        with self._guard:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._busy = True
            self._used = True
            if self._con is None:
                try:
                    self._con = connect(self.path, read_only=False, timeout=self.lock_timeout)
                except BaseException:
                    self._busy = False
                    raise
                self._since = time.monotonic()
                self.generation += 1
                self._con.execute(f"SET checkpoint_threshold = '{CHECKPOINT_THRESHOLD}'")
                for name, value in self.settings.items():  # names are the caller's constants, values quoted
                    self._con.execute(f"SET {name} = " + (str(value).lower() if isinstance(value, (bool, int))
                                                          else "'" + str(value).replace("'", "''") + "'"))
            return self._con

    def _maybe_release(self) -> None:
        """End of a unit of work: release the lock now if it has been held
        ``hold`` seconds, else at the latest when it has — also while the
        caller does other work (validating the next file) in between."""
        with self._guard:
            self._busy = False
            if self._con is None:
                return
            remaining = self.hold - (time.monotonic() - self._since)
            if remaining <= 0:
                self._close_locked()
                self._released_at = time.monotonic()
            else:
                self._timer = threading.Timer(remaining, self._timed_release)
                self._timer.daemon = True
                self._timer.start()

    def _timed_release(self) -> None:
        with self._guard:
            self._timer = None
            if not self._busy:
                self._close_locked()
                self._released_at = time.monotonic()

    def _close_locked(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._con is not None:
            con, self._con = self._con, None
            con.close()

    @property
    def holding(self) -> bool:
        """True while the write connection (and so the database's lock) is open."""
        return self._con is not None

    def close(self) -> None:
        """Release the database: close the write connection, if open (DuckDB
        folds the write-ahead log into the file as it closes).  Before it
        closes, the file is rewritten without its checkpoint slack when
        :func:`compact_if_slack` finds enough of it (the end of an ingest;
        a release by the ``hold`` timer never compacts; when the connection
        was released already, it is taken back for the check if no other
        process holds the lock, else the check waits for a later close)."""
        with self._guard:
            self._busy = False
            self._released_at = None  # the run is over: no reader's turn to keep
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self.compact and self._used:
                self._used = False
                if self._con is None and _file_bytes(self.path) >= COMPACT_MIN_BYTES:
                    # released by ``hold``: take the lock back once, without waiting for it
                    try:
                        self._con = connect(self.path, read_only=False, timeout=0)
                    except StoreError:
                        self._con = None
                if self._con is not None:
                    compact_if_slack(self._con, self.path)
            self._close_locked()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def open(self) -> "Store":
        """Create the database (and apply migrations) now, then release it."""
        self._writer()
        self.close()
        return self

    @contextmanager
    def using(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The write connection for a short unit of work of the caller's own
        (the service's reads and token look-ups), opened if needed and
        released afterwards as after :meth:`ingest_file` (``hold``).  Not
        re-entrant: do not call another :class:`Store` method inside it, and
        serialise callers from several threads (the connection is shared).
        Raises :class:`StoreBusy` when another process holds the lock longer
        than ``lock_timeout``."""
        con = self._writer()
        try:
            yield con
        finally:
            self._maybe_release()

    # -- ingest -------------------------------------------------------------

    def ingest_file(self, result: FileResult, strict: bool = False,
                    on_stage: Callable[[str], None] | None = None, source_format: str = "shn",
                    plan: "IngestPlan | None" = None) -> IngestReport:
        """Store one file's validated hands in one transaction.

        ``strict``: when the file has a rejected hand or a file-level error,
        nothing at all is stored (``committed`` False).  Otherwise the good
        hands not stored yet are inserted (a hash already stored, or repeated
        in the file, counts in ``duplicates``) and the rejected hands not
        recorded yet go to ``rejected``.  ``on_stage`` is called with
        ``"begin"`` once the transaction is open, ``"commit"`` just before it
        commits and ``"done"`` after (a progress hook).  A database error
        rolls the whole file back and raises :class:`StoreError`;
        :class:`StoreBusy` when the lock could not be had in time.
        ``source_format`` (``"shn"`` or ``"netschafkopf"``) is recorded with
        each new session: it says how :meth:`rederive` re-reads the sources.
        ``plan`` (:meth:`plan_ingest`): the hands left out of validation as
        already stored (counted in ``duplicates``) and the running state each
        session was validated from; a session whose new hands all follow its
        stored ones, validated from its stored state, is not re-derived.

        Session carry (rules.md D-11, D-12, D-19; docs/storage.md "Session
        carry"): a hand stored before under another ``[Rules]`` text is
        ``E-HAND-CONFLICT``, not a duplicate; every session stored before
        that gets new hands is re-derived in the same transaction, so the
        doubler stakes and the pot of its later hands follow the hands that
        arrived (``report.rederived`` counts the changed ones).  The HTTP
        service plans and stores under one lock (docs/service.md), so its
        ``plan`` is never stale.
        """
        if source_format not in SOURCE_FORMATS:
            raise ValueError(f"source_format {source_format!r}: expected one of {sorted(SOURCE_FORMATS)}")
        report = IngestReport(path=result.path, rejected=list(result.rejected),
                              file_errors=list(result.errors), strict=strict)
        if strict and report.failed:
            report.committed = False
            return report
        if plan is not None:
            report.duplicates += plan.skipped
            report.voided += len(plan.voided)
            report.file_errors.extend(voided_warnings(plan.voided, result.path, result.line_files))
            report.file_errors.extend(amended_warnings(plan.amended, result.path, result.line_files))
        if not (result.hands or result.rejected or getattr(result, "sittings", None)
                or getattr(result, "voided_sessions", None)) and not _repeats_refused(result, plan):
            return report
        con = self._writer()
        try:
            con.execute("BEGIN TRANSACTION")
            if on_stage:
                on_stage("begin")
            self._insert(con, result, report, strict, source_format, plan)
            if not report.committed:  # strict, and a hand clashed with a stored one
                con.execute("ROLLBACK")
                self._maybe_release()
                return report
            if on_stage:
                self.pending_report = report  # what on_stage("commit") may check before it commits
                on_stage("commit")
            con.execute("COMMIT")
            self.commits += 1
            self.committed_report = report
        except BaseException as exc:
            self._abort(con)
            if interrupted(exc):  # Ctrl-C inside a statement: the file's transaction is rolled back
                raise KeyboardInterrupt(f"storing {result.path or '<input>'} was interrupted, nothing of it stored") from exc
            if isinstance(exc, duckdb.Error):
                raise StoreError(f"{self.path}: storing {result.path or '<input>'} failed, nothing stored: {exc}") from exc
            raise
        if on_stage:
            on_stage("done")
        self._maybe_release()
        return report

    def ingest_files(self, items: list[tuple[FileResult, "IngestPlan | None"]]) -> list[IngestReport] | None:
        """Store several SHN files' validated hands in one transaction, each
        file given the rows, ids and report that :meth:`ingest_file` gives it
        when the files are stored one after the other in this order.

        Issue 17: a transaction a file of 1,000 hands spent about 48 µs a
        hand in DuckDB's statements, most of them fixed costs a statement;
        the files of a group share each statement (docs/storage.md "Files
        stored together").  ``items``: ``(result, plan)`` of each file, as
        for :meth:`ingest_file` (not strict, ``source_format`` ``"shn"``).
        The caller sees to what the store cannot: no two files of the group
        share a session (a file continuing another's session was planned and
        validated without it), and none is a CSV ledger, a sheet checked
        against its Total row or a batch of a streamed file (``ValueError``).

        Returns ``None``, having stored nothing, when the database would
        treat the files otherwise one by one: a session of theirs is stored
        already (so are the sessions of every corrected hand) or a ledger's
        sitting is stored; the caller then stores them with
        :meth:`ingest_file`.  A database error rolls the whole group back and
        raises :class:`StoreError`; an interrupt rolls it back and is raised
        as ``KeyboardInterrupt``: nothing of the group is stored."""
        for result, _ in items:
            if any(getattr(result, k, None) for k in STORED_ALONE):
                raise ValueError(f"{result.path}: a ledger, a checked sheet or a streamed batch is stored alone")
            if _twice(result.hands):  # a hand number given twice in a session: refused one by one (real25 F2)
                return None
        reports = [IngestReport(path=r.path, rejected=list(r.rejected), file_errors=list(r.errors) + (
            voided_warnings(plan.voided, r.path, r.line_files) + amended_warnings(plan.amended, r.path, r.line_files)
            if plan is not None else []),
            duplicates=plan.skipped if plan is not
            None else 0, voided=len(plan.voided) if plan is not None else 0) for r, plan in items]
        work = [(r, p, rep) for (r, p), rep in zip(items, reports) if r.hands or r.rejected]
        if not work:
            return reports
        names = sorted({h.outcome.session for r, _, _ in work for h in r.hands}
                       | {x.session for r, _, _ in work for x in r.rejected if x.session is not None})
        con = self._writer()
        try:
            con.execute("BEGIN TRANSACTION")
            ingest_id, next_hand, _, top_session, sittings = con.execute(
                _parsed(con, _FILE_QUESTIONS)).fetchone()
            if self.first_ingest is None:
                self.first_ingest = ingest_id
            # a corrected hand (hand_revisions) is one of a stored session (its hash names the session, and a
            # session with revisions keeps its sessions row): with none of the group's sessions stored, no
            # earlier revision can be among the group's hands (Store._earlier_revisions finds none)
            if sittings or (names and con.execute(_parsed(con, _SESSIONS_NAMED), [names]).fetchone()):
                con.execute("ROLLBACK")
                self._maybe_release()
                return None
            self._insert_group(con, work, ingest_id, next_hand, top_session)
            con.execute("COMMIT")
            self.commits += 1
            self.committed_report = None  # no one file's: shead ingest reads a group's from the database
        except BaseException as exc:
            self._abort(con)
            paths = f"{work[0][0].path or '<input>'} .. {work[-1][0].path or '<input>'}"
            if interrupted(exc):
                raise KeyboardInterrupt(f"storing {paths} was interrupted, nothing of them stored") from exc
            if isinstance(exc, duckdb.Error):
                raise StoreError(f"{self.path}: storing {paths} failed, nothing of them stored: {exc}") from exc
            raise
        self._maybe_release()
        return reports

    def _insert_group(self, con: duckdb.DuckDBPyConnection, work: list[tuple[FileResult, "IngestPlan | None",
                                                                              IngestReport]],
                      ingest_id: int, next_hand: int, top_session: int) -> None:
        """:meth:`ingest_files`'s writes: what :meth:`_insert` writes for each
        file of ``work`` (none of whose sessions is stored), one statement a
        table for them all.  Ids follow the files' order: each file's ingest
        id, new sessions and hands come after the earlier files'."""
        fresh: list[ValidatedHand] = []
        hand_ingest: list[int] = []
        hand_path: list[str | None] = []
        session_ids: dict[str, int] = {}
        parts: list[tuple[FileResult, "IngestPlan | None", list[ValidatedHand], dict[str, int]]] = []
        top = top_session
        for k, (result, plan, report) in enumerate(work):
            mine = _own_cards(con, _first_of_each(result.hands, report), set())  # a second header block: F15
            report.sessions_before = top
            ids = self._sessions(con, mine, result.path, "shn", look_up=False, top=top) if mine else {}
            top += len(ids)
            session_ids.update(ids)
            report.stored = len(mine)
            fresh.extend(mine)
            hand_ingest.extend([ingest_id + k] * len(mine))
            hand_path.extend([result.path] * len(mine))
            parts.append((result, plan, mine, ids))
        if fresh:
            rows = [(next_hand + i, session_ids[h.outcome.session], h.outcome) for i, h in enumerate(fresh)]
            hand_cols, unit_cols = _hand_columns(rows, self._json), _unit_columns(rows)
            self._append(con, "hands", _arrow.table(hand_cols, _HANDS_COLUMNS), _HANDS_SELECT)
            self._append(con, "hand_units", _arrow.table(unit_cols, _UNITS_COLUMNS))
            deals, deal_ids = self._insert_sources(con, rows, fresh, hand_ingest, hand_path)
            new = set(session_ids.values())
            pre = {sid: (None, None, 0, False) for sid in new}
            saves: list[tuple] = []
            for result, plan, mine, ids in parts:  # a new session with no state row: nothing to re-derive
                for name in sorted(ids):
                    self._carry_fits(con, name, ids[name], mine, result, plan, False, pre, saves)
            _save_states(con, saves, new)
            _summary.refresh_new(con, _summary.Batch(hand_cols, [o.players for _, _, o in rows], unit_cols, deals,
                                                     deal_ids), new)
        for k, (result, _, report) in enumerate(work):
            if result.rejected:
                report.rejected_new = self._insert_rejected(con, result, ingest_id + k)
        now = _now()
        self._append(con, "ingests", _arrow.table({
            "ingest_id": [ingest_id + k for k in range(len(work))], "file": [r.path for r, _, _ in work],
            "started_at": [now] * len(work), "stored": [rep.stored for _, _, rep in work],
            "duplicates": [rep.duplicates for _, _, rep in work], "rejected": [len(r.rejected) for r, _, _ in work],
            "strict": [False] * len(work)}, _INGESTS_COLUMNS))

    def _abort(self, con: duckdb.DuckDBPyConnection) -> None:
        try:
            con.execute("ROLLBACK")
        except duckdb.Error:
            pass
        self.close()

    def _insert(self, con: duckdb.DuckDBPyConnection, result: FileResult, report: IngestReport, strict: bool,
                source_format: str, plan: "IngestPlan | None" = None) -> None:
        fresh = first = _first_of_each(result.hands, report)
        # what the file's store asks of the database before it writes, in one query (each statement costs
        # 0.3-1.5 ms however little it reads; issue 17): the next ingest and hand ids, whether any hand was
        # ever corrected, the highest session id; then which of the file's sessions are stored
        ingest_id, next_hand, revisions, top_session, sittings = con.execute(
            _parsed(con, _FILE_QUESTIONS)).fetchone()
        if self.first_ingest is None:
            self.first_ingest = ingest_id
        report.sessions_before = top_session
        stored_ids = dict(con.execute(_parsed(con, _SESSIONS_NAMED), [sorted({h.outcome.session for h in fresh})]
                                      ).fetchall()) if fresh else {}
        ids = list(stored_ids.values())
        other_day: list[RejectedHand] = []
        if ids and fresh:  # a hand of a stored session's number, played on another day: no duplicate (scorer19 F5)
            other_day = self._other_day(con, ids, fresh, result.rejected, self.refused_nights,
                                        protocol=source_format == "netschafkopf")
            kept = _refuse(fresh, result, report, other_day, strict)
            if kept is None:
                return
            fresh, result = kept
        if ids:  # a hash is stored only among its own session's hands (_session_ids)
            stored = _fetch_hex(con, "SELECT s.hash FROM hand_source s JOIN hands h USING (hand_id) "
                                f"SEMI JOIN _rows p ON s.hash = p.hash WHERE {_scope(con, ids)}",
                                [h.hash for h in fresh])
            if stored:  # a night sent again under another group: its hands are duplicates, the group said (break20 F10)
                report.file_errors.extend(_group_changes(con, [h for h in fresh if h.hash in stored], result.path))
                moved = self._rules_clashes(con, [h for h in fresh if h.hash in stored])
                report.duplicates += sum(1 for h in fresh if h.hash in stored and h.hash not in moved)
                fresh = [h for h in fresh if h.hash not in stored]
                if moved:
                    if strict:
                        report.rejected.extend(moved.values())
                        report.committed = False
                        return
                    report.rejected.extend(moved.values())
                    result = replace(result, rejected=list(result.rejected) + list(moved.values()))
        if (fresh or result.rejected) and revisions:  # no hand was ever corrected: no earlier revision
            fresh, result = self._earlier_revisions(con, fresh, result, report, {id(r) for r in other_day})
        if fresh and ids:  # a restored session's voids: its header's [_Voided] numbers (fix18 F1)
            fresh, result = self._voided_in_header(con, ids, fresh, result, report)
        if fresh and ids and source_format == "shn":
            # a continuation that writes no [Date]: its stored session's day before it is compared with a stored
            # hand of its number (break21 F6: after a restore, whose export writes the hand's own [Date], the same
            # file sent again was E-HAND-CONFLICT for that tag alone)
            fresh = _session_place(con, fresh, {h.outcome.session for h in fresh}.intersection(stored_ids))
        if fresh and ids:  # a hand number can clash only in a stored session
            clashes, same = self._clashes(con, fresh, report)
            if same:  # the stored hand in another layout (an SHN export of it): nothing new
                report.duplicates += len(same)
                fresh = [h for h in fresh if h.hash not in same]
            kept = _refuse(fresh, result, report, list(clashes.values()), strict)
            if kept is None:
                return
            fresh, result = kept
        blocks = result.night_blocks  # a batch of a streamed file: the file's blocks over its batches (break25 F2)
        night_ids = stored_ids
        if blocks is not None:  # a batch whose hands of a stored night were all refused has no fresh hand
            more = sorted(({r.session for r in result.rejected if r.session} | set(blocks) - {OWN_SESSIONS} | {
                t[0] for t in (plan.skipped_texts if plan is not None else ())}) - set(stored_ids))
            if more:
                night_ids = {**dict(con.execute(_parsed(con, _SESSIONS_NAMED), [more]).fetchall()), **stored_ids}
        if night_ids and (result.rejected or blocks is not None):  # another night under a stored night's [Date]
            fresh, result = self._another_night(con, night_ids, first, fresh, result, report, plan,  # (real25 F1)
                                                source_format, blocks)
            if strict and not report.committed:
                return
        if result.rejected:  # a conflict that is a later stored hand: a hand removed and the rest renumbered, said
            _renumbered_down(con, result.rejected, result.hands, str(self.path))  # (corr34 F1; a file refused)
        # a hand at a voided number sent as it was voided (not stored, W-HAND-VOIDED) is still a stored position of
        # the night: the stored hand before it again there is the night shifted (fixit32 F2: a duplicate last hand
        # voided, then the night re-sent with a forgotten hand inserted had no "shifted" said)
        was_voided = [_VoidedAgain(h.outcome.session, h.outcome.hand, h.source, h.source_file, h.source_line, h.hash,
                                   None, h) for h in report.voided_hands] + [
            _VoidedAgain(r.session_id, r.number, r.source, result.path, r.line, hsh, r, None)
            for r, hsh in (plan.voided_records if plan is not None else ())]
        if was_voided and result.rejected:  # their night's id, where none of the file's hands was fresh
            missing = sorted({v.session for v in was_voided} - set(night_ids))
            if missing:
                night_ids = {**dict(con.execute(_parsed(con, _SESSIONS_NAMED), [missing]).fetchall()), **night_ids}
        was_voided = [v for v in was_voided if night_ids and v.session in night_ids]
        if (fresh or was_voided) and night_ids and (result.rejected or blocks):  # a stored hand again under a new
            # number (break25 F1); the file's hands that repeat a stored hand at its own number (a stored text, or
            # the stored hand's facts): after the conflict, they say the night is not shifted (break26 F3)
            left, refused = {id(h) for h in fresh}, {r.hash for r in result.rejected}
            gone = {id(v.hand_obj) for v in was_voided if v.hand_obj is not None}
            repeated: dict[str, set[int]] = {}
            for t in (plan.skipped_texts if plan is not None else ()):
                repeated.setdefault(t[0], set()).add(t[1])
            for h in first:
                if id(h) not in left and h.hash not in refused and id(h) not in gone:
                    repeated.setdefault(h.outcome.session, set()).add(h.outcome.hand)
            shifted = self._shifted(con, night_ids, fresh, result, blocks, repeated, was_voided)
            back = {r.hash for r in shifted} & {v.hash for v in was_voided}
            report.voided -= len(back)  # said as the night shifted now, not as a voided hand again
            report.voided_hands = [h for h in report.voided_hands if h.hash not in back]
            kept = _refuse(fresh, result, report, shifted, strict)
            if kept is None:
                return
            fresh, result = kept
        if fresh and (ids or blocks is not None):  # a stored night sent again with its hands renumbered (break27
            # F1): only for a block meeting a stored session (a first ingest into an empty database has none: no
            # look-up; read in batches, the sessions its first batches created are noted, so no later one reads them)
            kept = _refuse(fresh, result, report, self._renumbered(con, stored_ids, first, fresh, result, plan,
                                                                    blocks), strict)
            if kept is None:
                return
            fresh, result = kept
        if fresh and ids and source_format == "netschafkopf":  # a protocol's new games into an SHN session (F17):
            # after its duplicates are counted (a protocol sent again after a restore, whose export wrote its
            # session as SHN, is duplicates: break17b F7)
            other, as_shn = self._other_format(con, fresh, ids, result.path)
            fresh = [as_shn.get(id(h), h) for h in fresh]  # a restored protocol session's missing game (verify32 F4)
            fresh, result = _refuse(fresh, result, report, list(other.values()))
        if fresh:  # the safety net: never two hands of one number in a session, whatever reader gave them (real25 F2)
            kept = _refuse(fresh, result, report, _twice(fresh, stored_ids), strict)
            if kept is None:
                return
            fresh, result = kept
        if fresh:
            # none of the sessions stored (a first ingest): no look-up finds one
            known = {h.outcome.session for h in fresh}.intersection(stored_ids)
            if known and revisions:  # a name an amendment of the session corrected: read as corrected (break24 F4)
                fresh, notes = _amended_names(con, fresh, known, result.path)
                report.file_errors.extend(notes)
            if known:  # a stored session continued under other [Rules] or other names: said, not silent
                report.file_errors.extend(_header_changes(con, fresh, known, result.path))
            if known and source_format == "shn":  # a game priced by a tariff entry its protocol never showed (sk32 F1)
                report.file_errors.extend(_assumed_prices(con, fresh, known, result.path))
            if source_format == "shn":  # its cards in the other scheme: kept with the hand (break16c F2, break17 F15)
                fresh = _own_cards(con, fresh, known)
            if known:  # a continuation that writes no [Date]/[Event]/[Table]: the session's, as a re-read gives them
                fresh = _session_place(con, fresh, known)
            session_ids = self._sessions(con, fresh, result.path, source_format, look_up=bool(known),
                                         top=top_session)
            base = next_hand - 1
            rows = [(base + i + 1, session_ids[h.outcome.session], h.outcome) for i, h in enumerate(fresh)]
            hand_cols, unit_cols = _hand_columns(rows, self._json), _unit_columns(rows)
            self._append(con, "hands", _arrow.table(hand_cols, _HANDS_COLUMNS), _HANDS_SELECT)
            self._append(con, "hand_units", _arrow.table(unit_cols, _UNITS_COLUMNS))
            deals, deal_ids = self._insert_sources(con, rows, fresh, ingest_id, result.path)
            report.stored = len(fresh)
            if known:  # the stored sessions it grew, and by which hands (their next pot=on night checked again)
                grew = {session_ids[name] for name in known}
                for _, sid, o in rows:
                    if sid in grew:
                        was = report.grown.get(sid)
                        report.grown[sid] = (o.hand, o.hand) if was is None else (min(was[0], o.hand),
                                                                                  max(was[1], o.hand))
            # each session's stored state and hand count in one query, the new states in one write
            # (a batch of posts holds many sessions: statements per session were most of its time)
            # a session created here has no state row and no other hand (what _carry_rows would read)
            pre = _carry_rows(con, [session_ids[name] for name in known]) if plan is not None else {}
            pre.update((session_ids[name], (None, None, 0, False)) for name in session_ids if name not in known)
            saves: list[tuple] = []
            for name in sorted(session_ids):
                if not self._carry_fits(con, name, session_ids[name], fresh, result, plan, name in known,
                                        pre, saves):
                    # a session created here has no state row to forget; a stored one is re-derived
                    if name in known and name not in getattr(result, "continues", ()):  # not a later batch
                        self._rederive_session(con, session_ids[name], name, report,  # of a protocol_stream
                                               {r[0]: h for r, h in zip(rows, fresh)
                                                if r[1] == session_ids[name]})
            new = {session_ids[name] for name in session_ids if name not in known}
            _save_states(con, saves, new)
            # migrations 016, 020, 022: the sessions' summary rows; a new session's from the batch in hand
            _summary.refresh(con, [i for i in session_ids.values() if i not in new])
            _summary.refresh_new(con, _summary.Batch(hand_cols, [o.players for _, _, o in rows], unit_cols, deals,
                                                     deal_ids), new)
            if sittings:  # a ledger's sitting of a night now stored with its hands
                _ledger_twins(con, session_ids.values(), report)
        if result.rejected and not strict:
            report.rejected_new = self._insert_rejected(con, result, ingest_id)
        # a source's own totals are checked where it stored a hand, or where no check is recorded yet: a stored,
        # complete night sent again and refused whole (at a wrong stake) was marked incomplete against the wrong
        # totals, though the file changed nothing (break20 F14)
        touched = {h.outcome.session for h in fresh} if report.stored else set()
        # a source sent again whose hands of a night are all stored already and none refused: its own totals are
        # the scorer's latest word on the night, so they replace the recorded ones (break28 F5: a typo in a
        # sheet's Total row, corrected and sent again, left the night incomplete for good, 'source +7')
        again = ({h.outcome.session for h in result.hands} - touched - {r.session for r in result.rejected}
                 if not strict and not hasattr(result, "refused") else set())  # (a protocol's copy: as it was)
        for name in list(again):  # the whole night: a part of it sent again states the part's totals, not the night's
            sent = {h.outcome.hand for h in result.hands if h.outcome.session == name}
            if {n for (n,) in con.execute("SELECT DISTINCT hand FROM hands WHERE session = ?", [name]).fetchall()} \
                    - sent:
                again.discard(name)
        if getattr(result, "log_totals", None) is not None:
            self._session_check(con, result, touched | again)
        for name, log in (getattr(result, "night_totals", None) or {}).items():  # a sheet's nights, each its Total
            refused = (getattr(result, "night_refused", None) or {}).get(name)  # read in batches: the whole file's
            self._check_totals(con, name, log, sum(1 for r in result.rejected if r.session == name)
                               if refused is None else refused, "hand", name in touched or name in again
                               and not refused)
        # a stored night this file added hands to, checked before against an earlier send's table: its check says
        # what is stored now (fixa27, real26 F6: the note kept the first send's refusals and Total row) -- against
        # this send's Total row even when that row is wrong (its own difference), else its refusals recounted
        later = touched.intersection(stored_ids)
        for name, log in (getattr(result, "stated_totals", None) or {}).items():
            # a first send's too (fixf27, real27 F2: its wrong Total row recorded no check, and the ledger said
            # nothing of the night)
            if name in touched or name in again:
                self._check_totals(con, name, log, sum(1 for r in result.rejected if r.session == name), "hand")
                later.discard(name)
        later -= set(getattr(result, "night_totals", None) or ())  # checked above against their own Total rows
        if later and getattr(result, "log_totals", None) is None:
            _recheck_sessions(con, [stored_ids[n] for n in sorted(later)])
        if touched and source_format == "shn":  # a restore of an incomplete session: its export's tags (sk32 F2)
            _restored_checks(con, touched)
        if getattr(result, "sittings", None):
            self._insert_sittings(con, result, report)
        if getattr(result, "voided_sessions", None):
            self._insert_voided_sessions(con, result, report, source_format)
        con.execute(_parsed(con, "INSERT INTO ingests VALUES (?, ?, ?, ?, ?, ?, ?)"),
                    [ingest_id, result.path, _now(), report.stored, max(report.duplicates, 0), len(result.rejected),
                     strict])  # below 0: a batch that refused an earlier batch's duplicates (break25 F2)

    @staticmethod
    def _other_format(con: duckdb.DuckDBPyConnection, fresh: list[ValidatedHand], ids: list[int],
                      path: str | None) -> tuple[dict[str, RejectedHand], dict[int, ValidatedHand]]:
        """hash -> ``E-SESSION-FORMAT`` for each of a protocol's games
        (``fresh``) whose stored session (``ids``) is an SHN session: the
        session is re-read as SHN (``shead rederive``, the export, a late
        hand's carry), where a protocol's text is no hand: rederive skipped
        its games without a word and a restore of the export lost them
        (break17 F17).  Refused, nothing of them stored; the message says how
        to store them.  (SHN games added to a protocol's session are its
        missing games, tests/test_nsk_grown.py, and stay.)  Second, ``id(hand)
        -> its SHN-SK hand`` for each game whose session is this protocol's
        restored from an export (its header's ``[_Protocol]`` tag, which the
        protocol was matched by): stored as the SHN text the export writes
        (:func:`ingest.export.protocol_game_shn`, given as :data:`PROTOCOL_GAME_SHN`; verify32 F4), not refused."""
        protocol_game_shn = PROTOCOL_GAME_SHN
        first, heads = {}, {}
        for name, file, header, players in con.execute(
                f"SELECT session, first_file, header, players FROM sessions WHERE coalesce(format, 'shn') = 'shn' "
                f"AND session_id IN ({', '.join(map(str, ids))})").fetchall():
            first[name] = file
            if header and '[_Protocol "' in header and protocol_game_shn is not None:
                heads[name] = (header, json.loads(players) if players else None)
        out: dict[str, RejectedHand] = {}
        as_shn: dict[int, ValidatedHand] = {}
        for h in fresh:
            o = h.outcome
            if o.session in heads and (got := protocol_game_shn(h, *heads[o.session])) is not None:
                as_shn[id(h)] = got
                continue
            if o.session in first:
                d = Diagnostic("E-SESSION-FORMAT", f"session {o.session!r} is stored from SHN "
                               f"({first[o.session] or '<input>'}; a restore of an export stores a protocol's games "
                               "as SHN); a protocol's new games cannot be added to it, as a session is re-read and "
                               "exported as one text: write them as SHN (`shead export --format shn` of the protocol "
                               "ingested into a database of its own gives their text), or give them a session of "
                               "their own", "error", h.source_file or path, h.source_line or 1, 1, o.hand,
                               found="a NetSchafkopf protocol", expected="SHN")
                out[h.hash] = RejectedHand(o.session, o.hand, h.source, h.source_file, h.source_line, [d], h.hash)
        return out, as_shn

    @staticmethod
    def _insert_sittings(con: duckdb.DuckDBPyConnection, result: FileResult, report: IngestReport) -> None:
        """Store a CSV ledger's sittings (``result.sittings``,
        :class:`ingest.csv_sheet.Sitting`) as sessions without hands
        (``format = 'csv-ledger'``) and their ``settlements`` rows.  Session
        ``CSV <file> <date>`` (``#2``, ``#3`` ... for a second sitting on a
        date); one already stored is a duplicate, left as it is."""
        from pathlib import PurePath  # noqa: PLC0415

        from ingest.csv_identity import match_sittings  # noqa: PLC0415

        stem = PurePath(result.path).stem if result.path else "ledger"
        seen: dict[str, int] = {}
        taken = getattr(result, "taken_sittings", None)  # a streamed ledger's: one set across its batches
        taken = set() if taken is None else taken
        own = getattr(result, "own_sittings", None)  # the sittings this file's rows stored (its batches': one set)
        own = set() if own is None else own
        rows_read = getattr(result, "seen_sittings", None)  # (date, nets) of the file's rows read so far
        rows_read = set() if rows_read is None else rows_read
        pasted = set()  # a row repeating a row above it (the same date and nets): one sitting, the copy a duplicate
        for k, sit in enumerate(result.sittings):
            key = (sit.date, tuple(sorted(sit.units.items())))
            if key in rows_read:
                pasted.add(k)
            rows_read.add(key)
        copies = {k for k, sit in enumerate(result.sittings)  # each row's exact copy stored, first (break22 F1)
                  if k not in pasted and match_sittings(con, sit.date, sit.units, taken, exact=True)[0] == "duplicate"}
        copies |= pasted
        for k, sit in enumerate(result.sittings):
            # by meaning, not by file name (ingest.csv_identity): the same row under another file name is a duplicate
            how, match_id, diff = ("duplicate", None, None) if k in copies else \
                match_sittings(con, sit.date, sit.units, taken, own=own)
            if how == "duplicate":
                report.duplicates += 1
                if diff:  # stored with more players at 0 (an earlier reading of a season ledger's 0s: real30 F1)
                    stored = _scalar(con, "SELECT session FROM sessions WHERE session_id = ?", [match_id])
                    report.file_errors.append(Diagnostic(
                        "W-SITTING-ZEROS", f"row {sit.row} ({sit.date}): the sitting {stored!r} is stored with these "
                        f"nets and {diff} at 0: a duplicate, not stored again; if they did not sit (a ledger's 0 for "
                        f"a player not there, read as a net before), void it (shead void {stored!r} --session "
                        "--reason '...') and ingest this file again", "warning",
                        getattr(sit, "file", None) or result.path, sit.row, 1, found=f"{diff} at 0",
                        expected="the players who sat"))
                continue
            if how == "voided":
                report.file_errors.append(Diagnostic(
                    "W-SITTING-VOIDED", f"row {sit.row} ({sit.date}): these nets are the sitting {diff}: not stored "
                    "again (the row corrected is stored as a sitting of its own)",
                    "warning", getattr(sit, "file", None) or result.path, sit.row, 1))
                continue
            if how == "conflict":
                stored = con.execute("SELECT session, format FROM sessions WHERE session_id = ?",
                                     [match_id]).fetchone()
                fix = (f": if the stored sitting is the one written wrong, void it (shead void {stored[0]!r} --session "
                       "--reason '...') and ingest this row again" if stored and stored[1] == "csv-ledger" else "")
                report.file_errors.append(Diagnostic(
                    "E-SITTING-CONFLICT", f"row {sit.row} ({sit.date}): a sitting of these players on this date is "
                    f"stored with other nets; it differs in {diff}; the row is refused and the stored sitting kept"
                    + fix, file=getattr(sit, "file", None) or result.path, line=sit.row, col=1, found=diff,
                    expected="the stored nets (a duplicate) "
                    "or another table"))
                continue
            seen[sit.date] = seen.get(sit.date, 0) + 1
            name = getattr(sit, "session", None) or f"CSV {stem} {sit.date}" + (
                f" #{seen[sit.date]}" if seen[sit.date] > 1 else "")  # a ledger export's session column: its name
            while con.execute("SELECT 1 FROM sessions WHERE session = ?", [name]).fetchall():
                seen[sit.date] += 1  # a name taken by another table's sitting of that date
                name = f"CSV {stem} {sit.date} #{seen[sit.date]}"
            sid = _scalar(con, "SELECT coalesce(max(session_id), 0) + 1 FROM sessions")
            players = {p: p for p in sit.units}
            con.execute("INSERT INTO sessions (session_id, session, \"group\", date, \"table\", site, rules, game, "
                        "players, header, first_file, created_at, format) VALUES (?, ?, ?, ?, NULL, NULL, NULL, ?, ?, "
                        "?, ?, ?, 'csv-ledger')",
                        [sid, name, getattr(sit, "group", None) or f"CSV {stem}", sit.date,
                         getattr(result, "game", None) or "sheepshead",
                         _dumps(players), f"; a sitting from the ledger {result.path or '?'}, row {sit.row}",
                         result.path, _now()])
            con.executemany("INSERT INTO settlements VALUES (?, ?, ?, ?, ?)",
                            [[sid, p, u, "sheepshead", sit.row] for p, u in sit.units.items()])
            twin = next((n for (n,) in con.execute(  # a sitting of these players this file stored on this date
                "SELECT s.session FROM sessions s JOIN settlements st USING (session_id) WHERE s.session_id = "
                "ANY(?::INTEGER[]) AND CAST(s.date AS VARCHAR) = ? AND s.session <> ? GROUP BY s.session "
                "HAVING list_sort(list(st.player)) = ?::VARCHAR[] ORDER BY s.session", [sorted(own), sit.date, name,
                                                                                         sorted(sit.units)]).fetchall()),
                        None) if own else None
            if twin is not None:  # the file writes two sittings of these players on this date: both stored, said
                report.file_errors.append(Diagnostic(
                    "W-SITTING-TWICE", f"row {sit.row} ({sit.date}): a second sitting of the players of {twin!r} "
                    "(an early and a late game): both are stored; if this row corrects the other, void that one "
                    f"(shead void {twin!r} --session --reason '...')", "warning",
                    getattr(sit, "file", None) or result.path, sit.row, 1))
            own.add(sid)  # a later row of this file is its copy or a sitting of its own, never its conflict (break22 F1)
            report.sittings += 1

    @staticmethod
    def _insert_voided_sessions(con: duckdb.DuckDBPyConnection, result: FileResult, report: IngestReport,
                                source_format: str) -> None:
        """Store each session of ``result.voided_sessions`` (an export's
        session voided whole: its tags with ``[_Voided "1 2 …"]`` and no
        hand) as a ``sessions`` row with no hand, so that its hands sent
        again (the copy's file, after a restore) are refused as voided by
        :meth:`_voided_in_header`, as in the database exported (break18 F4).
        Its group, date, table, seats and rules are read from its tags.  A
        session stored already is left as it is; when it has hands in force
        the file's voids are not applied, and ``W-SESSION-VOIDED`` says how."""
        from ingest.shn.reader import parse_seats  # noqa: PLC0415
        from replay.judge import game_name  # noqa: PLC0415

        for name, header, rec in result.voided_sessions:
            tags = rec.tags
            stored = con.execute("SELECT session_id FROM sessions WHERE session = ?", [name]).fetchone()
            line = rec.tag_pos["_Voided"].line if "_Voided" in rec.tag_pos else 1
            if stored is not None:
                live = _scalar(con, "SELECT count(*) FROM hands WHERE session_id = ?", [stored[0]])
                if live:
                    report.file_errors.append(Diagnostic(
                        "W-SESSION-VOIDED", f"session {name!r} is written voided whole (hands {tags['_Voided']}) "
                        f"but is stored with {live} hand(s) in force; nothing was changed (void it with shead void "
                        f"{name!r} --session --reason '...' if it is a copy)", "warning", result.path, line, 1))
                continue
            try:
                seats = dict(parse_seats(tags.get("Seats", "")))
            except ValueError:
                seats = {}
            sid = _scalar(con, "SELECT coalesce(max(session_id), 0) + 1 FROM sessions")
            con.execute(_parsed(con, _NEW_SESSION),
                        [sid, name, tags.get("Event"), _iso_day(tags.get("Date")), tags.get("Table"), tags.get("Site"),
                         tags.get("Rules", ""), game_name(tags.get("Rules"), tags.get("Cards")), _dumps(seats),
                         header, result.path, _now(), source_format])
            report.file_errors.append(Diagnostic(
                "W-SESSION-VOIDED", f"session {name!r} stored voided whole (hands {tags['_Voided']}, its [_Voided] "
                "tag): none of its hands counts, and each is refused if sent again", "warning", result.path, line, 1))

    @staticmethod
    def _session_check(con: duckdb.DuckDBPyConnection, result: FileResult, touched: set[str] = frozenset()) -> None:
        """Record (replace) the ``session_checks`` row of the session of a
        source that states its own totals (``result.log_totals``, seat name
        -> units): complete when nothing was refused and the session's
        stored units per player equal those totals (migration 010)."""
        names = {h.outcome.session for h in result.hands} | {r.session for r in result.rejected}
        if len(names) != 1:
            return
        (name,) = names
        refused = getattr(result, "refused", None)  # a streamed protocol's last batch: the whole file's count
        refused = len(result.rejected) if refused is None else refused
        Store._check_totals(con, name, result.log_totals, refused, "game" if hasattr(result, "refused") else "hand",
                            name in touched or hasattr(result, "refused"))

    @staticmethod
    def _check_totals(con: duckdb.DuckDBPyConnection, name: str, log: dict[str, int], refused: int,
                      what: str, stored_here: bool = True) -> None:
        """Record (replace) the ``session_checks`` row of session ``name``
        against a source's own totals ``log`` (seat name -> units): complete
        when none of its ``what`` (games, hands) was refused and its stored
        units per player equal ``log`` (migration 010).  A protocol's last
        table, a sheet's grand total, each night's Total row of a sheet.
        Unless the file stored a hand of it (``stored_here``), a session
        whose check is recorded keeps it: a file that changed nothing of a
        night does not rewrite what its stored totals are checked against."""
        row = con.execute("SELECT session_id FROM sessions WHERE session = ?", [name]).fetchall()
        if not row:
            return
        sid = row[0][0]
        if not stored_here and con.execute("SELECT count(*) FROM session_checks WHERE session_id = ?",
                                           [sid]).fetchone()[0]:
            return
        beyond = _beyond_source(con, sid) if what == "game" else {}  # games added to a protocol's session (F11)
        diff = _totals_diff(con, sid, log, beyond)
        # a refused copy of a hand whose number is stored is no missing hand (newuser29 F1: a night sent again with
        # --rules, its first send's refusals stored and its stored hands refused E-HAND-CONFLICT, was listed
        # "2 hand(s) refused; the stored totals equal the source's table")
        refused = _refused_left(con, sid, refused)
        complete = not refused and not diff
        note = None if complete else _check_note(refused, diff, what, _refused_named(con, sid, refused, what),
                                                 _corrections(con, sid) if refused and diff else None)
        if diff and not refused and (corrected := _as_first_read(con, sid, log, beyond)):
            # a later send of a night amended or voided since it was first stored: its table is the hands as the
            # first send read them, as _recheck_sessions says (fixa27: "the stored totals differ" named the amendment)
            complete, note = True, _corrected_note(corrected)
        note = _with_beyond(note, complete, _beyond_note(con, beyond))  # verify32 F11
        con.execute("DELETE FROM session_checks WHERE session_id = ?", [sid])
        con.execute("INSERT INTO session_checks VALUES (?, ?, ?, ?, ?, ?)",
                    [sid, complete, refused, json.dumps(log), note, _now()])

    @staticmethod
    def _clashes(con: duckdb.DuckDBPyConnection, hands: list[ValidatedHand],
                 report: IngestReport | None = None) -> tuple[dict[str, RejectedHand], set[str]]:
        """``(clashes, same)``.  ``clashes``: hands whose number is already
        stored in their session as a different hand: a session holds each
        hand number once, so each is rejected with ``E-HAND-CONFLICT`` (keyed
        by hash), its message naming the facts that differ.  ``same``: the
        hashes of hands that are the stored hand in another layout — the same
        recorded facts (:func:`ingest.meaning.same_hand`: spacing, comments,
        tag order, the canonical form of ``export --format shn``) or, for a
        stored hand whose text is not SHN (a NetSchafkopf game and its SHN-SK
        export), the same outcome and card log — which count as duplicates
        (docs/storage.md "Duplicates by meaning").  A hand whose annotations
        alone differ from the stored one (:func:`ingest.meaning.notes_only`)
        is among ``same`` too, and ``W-NOTES-DIFFER`` in ``report`` says the
        stored text is kept."""
        from ingest.shn.canonical import _read_one  # noqa: PLC0415
        from ingest.meaning import (amend_hint, differences, left_out, notes_only, outcome_differences,  # noqa: PLC0415
                                    reads_the_same)

        sids = _session_ids(con, {h.outcome.session for h in hands})
        if not sids:  # none of their sessions is stored: no number can clash
            return {}, set()
        probe = _arrow.table({"session": [h.outcome.session for h in hands], "hand": [h.outcome.hand for h in hands]},
                             {"session": "string", "hand": "int64"})
        con.register("_hands_probe", probe)
        try:
            # the clashing hand ids first, from `hands` alone; only those few are restored from `hand_text`
            # (a view over the compressed templates: restoring every stored hand grew with the database)
            ids = [i for (i,) in con.execute(
                "SELECT min(h.hand_id) FROM hands h SEMI JOIN _hands_probe p ON h.session = p.session "
                f"AND h.hand = p.hand WHERE {_scope(con, sids, 'h.hand_id')} GROUP BY h.session, h.hand").fetchall()]
        finally:
            con.unregister("_hands_probe")
        if not ids:
            return {}, set()
        found = load_hands(con, "list_contains(?, h.hand_id)", [ids])
        headers = dict(con.execute(
            "SELECT session, CASE WHEN coalesce(format, 'shn') = 'shn' THEN header END FROM sessions "
            "WHERE session_id IN (SELECT session_id FROM hands WHERE list_contains(?, hand_id))", [ids]).fetchall())
        where = {(s.outcome.session, s.outcome.hand): s for s in found}
        out: dict[str, RejectedHand] = {}
        same: set[str] = set()
        for h in hands:
            o = h.outcome
            s = where.get((o.session, o.hand))
            if s is None:
                continue
            hdr = headers.get(s.outcome.session)
            old = _read_one(hdr, s.source) if hdr is not None else None
            new = _read_one(h.session_header, h.source) if h.session_header and old is not None else None
            if old is not None and new is not None:
                # a score line one copy leaves out, settling to the units the other writes, is no difference
                # (break24b F8: units left blank on a night sent again, or filled in, were E-HAND-CONFLICT)
                left = (old.score is None) != (new.score is None) and \
                    _units_by_player(s.outcome) == _units_by_player(o)
                # and a result word one copy leaves out, the hands settling alike (newuser30: a score sheet's row of
                # a hand stored without its result word, or the reverse)
                free = left_out(old, new) if _units_by_player(s.outcome) == _units_by_player(o) and \
                    s.outcome.outcome == o.outcome else ()
                diff = differences(old, new, skip=free or (("score",) if left else ()))
            else:
                diff = outcome_differences(s.outcome, s.cardlog, o, h.cardlog)
            if not diff or old is not None and new is not None and reads_the_same(old, new):
                # a deal / blind / bury line's cards or the score's entries in another order (verify30 F4)
                same.add(h.hash)
                continue
            if old is not None and new is not None and notes_only(old, new):
                same.add(h.hash)
                if report is not None:
                    report.file_errors.append(Diagnostic(
                        "W-NOTES-DIFFER", f"hand {o.hand} of session {o.session!r} is stored already "
                        f"({s.file or '<input>'}:{s.line}) and this copy differs only in its notes ("
                        + "; ".join(diff) + "): no number changes, so the stored text is kept"
                        + amend_hint(h.source_file).replace("to correct the stored hand", "to take this copy's notes"),
                        "warning", h.source_file, h.source_line, 1, o.hand))
                continue
            d = hand_conflict(o.session, o.hand, f"{s.file or '<input>'}:{s.line}", file=h.source_file,
                              line=h.source_line)
            d = replace(d, message=d.message + "; it differs in " + "; ".join(diff) + amend_hint(h.source_file),
                        found="; ".join(diff))
            out[h.hash] = RejectedHand(o.session, o.hand, h.source, h.source_file, h.source_line, [d], h.hash)
        return out, same

    def _rederive_session(self, con: duckdb.DuckDBPyConnection, session_id: int, name: str,
                          report: IngestReport, new: dict[int, ValidatedHand] | None = None) -> None:
        """Re-derive a stored session that a file added hands to, so that the
        carry (doubler stakes, the pot: rules.md D-11, D-12, D-19) of every
        hand comes from the session's stored hands in hand order: a hand that
        arrives after later hands changes their stake or pot here, in the
        ingest's transaction, never silently later (docs/storage.md "Session
        carry").  Counts the changed hands stored before in ``report``.
        ``new``: the file's hands just stored, by hand id: one the re-derivation
        changed (a hand of the file before it refused, its carry gone) is no
        hand stored before; its ``W-SESSION-GAP`` is said anew at its own line,
        the validator's (of the carry it had in the file) dropped (break28 F1)."""
        new = new or {}
        header, fmt = con.execute("SELECT header, coalesce(format, 'shn') FROM sessions WHERE session_id = ?",
                                  [session_id]).fetchone()
        again = _reread_session(con, session_id, name, header, fmt)
        report.rederive_refused.extend(again.refused)
        if isinstance(report, IngestReport) and again.refused:  # a correction refuses instead (_refused_later)
            kept = _kept_warnings(con, name, again.refused, report.path)
            report.file_errors.extend(d for _, d in kept)
            _flag_kept(con, kept)
        if again.hands:
            hands = _voids_are_no_gap(con, session_id, again.hands)
            if isinstance(report, IngestReport):
                report.file_errors.extend(_new_warnings(con, name, hands, report.path))
            elif report.action == "amend":  # a stored hand after an amended one, now out of the rotation (corr34 F1)
                done = {hid for _, _, hid, _ in report.hands}
                report.notes.extend(_new_warnings(con, name, [(i, o) for i, o in hands if i not in done],
                                                  report.path, "the amendment changes the hands before it"))
            changed = self._replace_outcomes(con, [(hand_id, session_id, o) for hand_id, o in hands],
                                             compare=_COUNTED_COLS,
                                             before=lambda ids: self._record_rederived(
                                                 con, {i for i in ids if i not in new}, report))
            # "re-derived (stake/pot)": a warning gone alone is no change said; a hand of this file is none
            report.rederived += sum(1 for i in changed if i not in new)
            if isinstance(report, IngestReport):  # a changed hand that still follows a missing one: said, as at
                # its own ingest (a tester's finding: the pot of a hand moved), at the hand's own line (break28 F1)
                old = [hid for hid, o in hands if hid in changed and hid not in new]
                where = dict(((i, (f, line)) for i, f, line in con.execute(
                    "SELECT hand_id, file, line FROM hand_source WHERE list_contains(?, hand_id)", [old]).fetchall())
                    if old else ())
                for hid, o in hands:
                    if hid not in changed:
                        continue
                    gaps = [m.group(2) for gap in o.warnings
                            if (m := _WARNING_TEXT.search(gap)) and m.group(1) == "W-SESSION-GAP"]
                    h = new.get(hid)
                    if h is not None:  # the validator's warning gave the carry of the file's refused hands
                        report.gap_said.add(h.hash)
                    for text in gaps:
                        if h is not None:
                            report.file_errors.append(Diagnostic(
                                "W-SESSION-GAP", f"hand {o.hand} of session {name!r}, new in this file, is stored "
                                "with the carry of the session's stored hands in hand order (not the one this file "
                                f"gave it), and follows a missing hand: {text}", "warning", h.source_file,
                                h.source_line, 1, o.hand))
                        else:
                            f, line = where.get(hid, (None, None))  # said at the stored hand's own line
                            report.file_errors.append(Diagnostic(
                                "W-SESSION-GAP", f"hand {o.hand} of session {name!r} (hand id {hid}), stored "
                                f"before, is re-derived now that {report.path or '<input>'} adds hands before it, "
                                f"but still follows a missing hand: {text}", "warning",
                                f if line is not None else report.path, line if line is not None else 1, 1, o.hand))
        _save_state(con, session_id, _voids_fill_gaps(con, session_id, again, fmt), again.stored, again.top)
        _recheck_sessions(con, [session_id])  # a source's own totals against the session's hands now

    # -- corrections (issue 12: amend, void, history) -----------------------

    @staticmethod
    def _earlier_revisions(con: duckdb.DuckDBPyConnection, fresh: list[ValidatedHand], result: FileResult,
                           report: IngestReport, other_day: set[int] = frozenset()
                           ) -> tuple[list[ValidatedHand], FileResult]:
        """A file hand whose text is an earlier revision of a corrected hand
        (the text before an amendment) is a duplicate: it was stored once and
        its correction stands; the text of a hand voided since is not stored
        again either, but counted in ``report.voided`` and said by
        ``W-HAND-VOIDED`` (break22b F5: it was counted a duplicate).  A
        validator's ``E-HAND-CONFLICT`` for such a text is one too.  A new text for a
        voided hand number is ``E-HAND-CONFLICT`` (it is amended with
        ``shead ingest --amend``, never stored beside the void).  The caller
        asks only when ``hand_revisions`` holds a row.  ``other_day``: the ids
        of the refusals of a night numbered from 1 again (:meth:`_other_day`),
        which stay refusals: their texts equal to a voided hand's of another
        day are no copies of it (break20 F6)."""
        old = _fetch_hex(con, "SELECT r.hash FROM hand_revisions r SEMI JOIN _rows p ON r.hash = p.hash",
                         [h.hash for h in fresh] + [r.hash for r in result.rejected])
        if old:
            n = len(fresh)
            conflicts = [r for r in result.rejected if r.hash in old and r.errors and r.errors[0].code ==
                         "E-HAND-CONFLICT" and id(r) not in other_day]
            # a text of a hand voided since: not stored again, and said so, no duplicate (break22b F5)
            voids = _voided_texts(con, sorted({h.hash for h in fresh if h.hash in old}
                                              | {r.hash for r in conflicts}))
            if voids:
                again = [(h.outcome.session, h.outcome.hand, h.source_line) + voids[h.hash] for h in fresh
                         if h.hash in voids] + [(r.session, r.hand, r.source_line) + voids[r.hash] for r in conflicts
                                                if r.hash in voids]
                report.voided += len(again)
                report.voided_hands.extend(h for h in fresh if h.hash in voids)
                report.file_errors.extend(voided_warnings(again, result.path, result.line_files))
            n -= sum(1 for h in fresh if h.hash in voids)
            # a text of a hand amended since: a duplicate, said so (real23 F6)
            since = _amended_texts(con, sorted({h.hash for h in fresh if h.hash in old and h.hash not in voids}))
            if since:
                report.file_errors.extend(amended_warnings([(h.outcome.session, h.outcome.hand, h.source_line)
                                                            + since[h.hash] for h in fresh if h.hash in since],
                                                           result.path, result.line_files))
            fresh = [h for h in fresh if h.hash not in old]
            report.duplicates += n - len(fresh)
            if conflicts:
                ids = {id(r) for r in conflicts}
                report.duplicates += sum(1 for r in conflicts if r.hash not in voids)
                report.rejected = [r for r in report.rejected if id(r) not in ids]
                result = replace(result, rejected=[r for r in result.rejected if id(r) not in ids])
        if fresh:
            probe = _arrow.table({"session": [h.outcome.session for h in fresh],
                                  "hand": [h.outcome.hand for h in fresh]}, {"session": "string", "hand": "int32"})
            con.register("_void_probe", probe)
            try:
                voided = {(sess, n): (at, reason) for sess, n, at, reason in con.execute(
                    "SELECT r.session, r.hand, r.recorded_at, r.reason FROM hand_revisions r "
                    "SEMI JOIN _void_probe p ON r.session = p.session AND r.hand = p.hand "
                    "WHERE r.action = 'void' AND r.revision = (SELECT max(revision) FROM hand_revisions x "
                    "WHERE x.hand_id = r.hand_id)").fetchall()}
            finally:
                con.unregister("_void_probe")
            refused = []
            for h in fresh:
                o = h.outcome
                if (o.session, o.hand) in voided:
                    at, reason = voided[(o.session, o.hand)]
                    refused.append(_voided_again(h, f"on {at:%Y-%m-%d %H:%M} UTC ({reason})"))
            fresh, result = _refuse(fresh, result, report, refused)
        return fresh, result

    @staticmethod
    def _other_day(con: duckdb.DuckDBPyConnection, ids: list[int], fresh: list[ValidatedHand],
                   refused: list[RejectedHand] = (), nights: set | None = None,
                   protocol: bool = False) -> list[RejectedHand]:
        """``E-HAND-CONFLICT`` for every file hand of a night that numbers
        from 1 again in a stored session (one of ``ids``): one of its hand
        numbers (of ``fresh``, or of the file's ``refused`` hands) is stored
        there from another day.  A weekly sheet continuing a ``[Session]``
        had its hands that read as last week's taken as duplicates and
        dropped, its new numbers stored into last week's night, and the
        others' advice (``--amend``) replaced last week's hands (scorer19 F5).
        The message says the night needs its own session or higher numbers.
        ``nights``: the nights refused so before, this file's earlier batches
        (a streamed file: break19 F9); this call's are added to it."""
        nights = nights if nights is not None else set()
        days = {}
        for h in fresh:
            if h.outcome.date:
                days.setdefault((h.outcome.session, h.outcome.date), []).append(h)
        if not days:
            return []
        numbers = {(h.outcome.session, h.outcome.hand) for h in fresh} | {
            (r.session, r.hand) for r in refused if r.hand is not None}
        wanted = sorted({n for _, n in numbers})
        stored = {(sess, n): d for sess, n, d in con.execute(
            "SELECT session, hand, CAST(date AS VARCHAR) FROM hands WHERE list_contains(?, session_id) "
            "AND list_contains(?, hand) AND date IS NOT NULL", [ids, wanted]).fetchall()}
        # a voided hand's number is the night's too: a week voided whole (a practice night) and the next week's
        # file numbered from 1 again had its hands dropped as copies of the voided ones and the rest stored into
        # the voided night (break20 F6); its day is its own [Date] line, else its session's
        in_force = set(stored)
        voided = _voided_days(con, ids, wanted)
        for key, day in voided.items():
            stored.setdefault(key, day)
        if not stored and not any(k in nights for k in days):
            return []
        top = dict(con.execute("SELECT session, max(hand) FROM hands WHERE list_contains(?, session_id) "
                               "GROUP BY session", [ids]).fetchall())
        for sess, n in voided:
            top[sess] = max(top.get(sess) or 0, n)
        out = []
        own_day = dict(con.execute("SELECT session, CAST(date AS VARCHAR) FROM sessions WHERE "
                                   "list_contains(?, session_id)", [ids]).fetchall())
        for (sess, day), hands in days.items():
            hit = sorted(n for (s2, n) in numbers if s2 == sess and stored.get((s2, n)) not in (None, day))
            if hit and day == own_day.get(sess) and (sess, day) not in nights:
                # the file's night is the stored session's own day: no night numbered from 1 again, but a hand of
                # it stored with a day of its own, such as the next night's [Date] written below its statements
                # (real22 F4: read as its own tag before E-TAG-LATE); the advice to start a [Session] was wrong
                out += [_own_day_conflict(h, stored[(sess, h.outcome.hand)]) for h in hands
                        if h.outcome.hand in hit]
                continue
            if not hit and (sess, day) not in nights:
                continue
            nights.add((sess, day))
            gone = " (voided since)" if hit and (sess, hit[0]) in voided and (sess, hit[0]) not in in_force else ""
            why = (f"hand {hit[0]} of session {sess!r} is stored from {stored[(sess, hit[0])]}{gone}; this file's "
                   f"hand {hit[0]} is of {day}: a night numbering its hands from 1 again"
                   if hit else f"this file's night of {day} was refused in session {sess!r} as numbered from 1 "
                   "again (its first hands, read before these)")
            for h in hands:
                o = h.outcome
                how = ("save the protocol under another file name (a protocol's session is named after its file)"
                       if protocol else  # a protocol has no [Session] tag to write (break19 F12)
                       f"give it a [Session] of its own (e.g. [Session \"{_escape_tag(o.session)} "
                       f"{day.replace('-', '.')}\"]) or number its hands after {top.get(sess)}")
                d = Diagnostic(
                    "E-HAND-CONFLICT", f"{why}, so it is no continuation of the stored night: {how}; if the stored "
                    "hands' date is the wrong one, correct it with shead ingest --amend (nothing of this night is "
                    "stored)",
                    "error", h.source_file, h.source_line, 1, o.hand, found=f"hand {o.hand} of {day}",
                    expected=f"a new session, or hands after {top.get(sess)}")
                # filed under the night's own would-be session: the stored night lacks none of its hands
                out.append(RejectedHand(f"{o.session} {day.replace('-', '.')}", o.hand, h.source, h.source_file,
                                        h.source_line, [d], h.hash))
        return out

    @staticmethod
    def _another_night(con: duckdb.DuckDBPyConnection, stored_ids: dict[str, int], first: list[ValidatedHand],
                       fresh: list[ValidatedHand], result: FileResult, report: IngestReport,
                       plan: "IngestPlan | None", source_format: str, blocks: dict | None = None
                       ) -> tuple[list[ValidatedHand], FileResult]:
        """Refuse whole a file's block of a stored session that is another
        night under the stored night's ``[Date]`` (real25 F1: a phone's
        template kept last week's date; its hands 1-6 were ``E-HAND-CONFLICT``
        but its hands 7 and 8 were stored into last week's night without a
        word, and a hand whose text happened to equal the stored one was
        dropped as a duplicate).  The block (the file's hands of the session)
        is another night when its hands that meet stored hand numbers (in
        force) conflict with them (``E-HAND-CONFLICT``, two at least) more
        than they repeat them (duplicates: the same text or the same facts;
        the same text under other ``[Rules]`` too) and it numbers from the
        stored night's first hand again.  Then every hand of it is refused
        ``E-HAND-CONFLICT`` at its line — its conflicts without the advice to
        amend (it would overwrite the stored night with this one), its
        repeats no longer duplicates, its new numbers not stored — filed
        under the would-be session ``<session> (another night)``, the
        message saying what to write.  A stored night sent again with one
        hand corrected and hands added (the night went on) repeats more than
        it conflicts: its new hands are stored, the conflict refused, as
        before.  A block that repeats none of the stored hands it shares,
        one at least conflicting, and holds other hands (break26 F2: a
        stored night of one hand took next week's hands 2 and 3) is another
        night or a correction: refused whole too, the message giving both
        readings (its own [Date]; or amend the conflicting hands, then send
        the file again) -- so is a night's last hand sent again corrected
        with the next ones.
        Returns ``(fresh, result)`` without the block's hands."""
        conflicts: dict[str, list[RejectedHand]] = {}
        for r in result.rejected:
            if r.session in stored_ids and r.hand is not None and r.errors and r.errors[0].code == "E-HAND-CONFLICT":
                conflicts.setdefault(r.session, []).append(r)
        if blocks is not None:  # a streamed file's batch: each stored session's block is kept over the batches
            for sess in stored_ids:
                conflicts.setdefault(sess, [])
        if not conflicts:
            return fresh, result
        left, refused_hashes = {id(h) for h in fresh}, {r.hash for r in result.rejected}
        skipped = plan.skipped_texts if plan is not None else []
        voided = _voided_texts(con, sorted({h[3] for h in skipped if h[0] in conflicts}
                                           | {h.hash for h in first if h.outcome.session in conflicts
                                              and id(h) not in left and h.hash not in refused_hashes}))
        rows = con.execute(
            "SELECT s.session, CAST(s.date AS VARCHAR), min(h.hand), max(h.hand), list(h.hand), any_value(s.header) "
            "FROM sessions s JOIN hands h USING (session_id) WHERE list_contains(?, s.session_id) "
            "GROUP BY s.session, s.date", [[stored_ids[n] for n in conflicts]]).fetchall()
        night = {row[0]: row[1:5] for row in rows}
        # a night known by its [Session] tag: a [Date] of its own makes no other session of it (break30 F1)
        tagged = {row[0] for row in rows if _header_tag(row[5] or "", "Session") is not None}
        # a score sheet's hands are stored as SHN lines (source_format "shn"): its file's name says it is a sheet
        shn = source_format == "shn" and not is_sheet_file(result.path)
        out: list[RejectedHand] = []
        dropped: set[int] = set()  # ids of the result's rejections replaced here
        for sess, clash in conflicts.items():
            if sess not in night:
                continue
            day, low, top, live = night[sess]
            live = set(live)
            # a voided number written with another text is a conflict of the night too (break25 F3: a stored night
            # whose hand 1 was voided took next week's hands 4 and 5 in, its hand 1's refusal left out of the count);
            # a void a restored header names ([_Voided]) kept no text: the scorer's original file sent again after a
            # restore writes the voided hands as they were (fix18 F1), no conflict
            voids = (voided_numbers(con, stored_ids[sess]) if any(r.hand not in live for r in clash) else set()) - live
            clash = [r for r in clash if r.hand in live or r.hand in voids]
            if voids:
                low, top = min(low, *voids), max(top, *voids)
            # the same text under other [Rules] is the stored night's hand (refused for its rules): a repeat here
            ruled = [r for r in clash if (r.errors[0].found or "").startswith("[Rules")]
            clash = [r for r in clash if not (r.errors[0].found or "").startswith("[Rules")]
            # the repeats: the file's hands left out as stored texts (plan_ingest), and its hands found the stored
            # hand in another layout here (gone from fresh, not refused); a voided hand's text stays as it is said
            again = [(n, line, h, text) for (s2, n, line, h, text) in skipped if s2 == sess and h not in voided]
            again += [(h.outcome.hand, h.source_line, h.hash, h.source) for h in first if h.outcome.session == sess
                      and id(h) not in left and h.hash not in refused_hashes and h.hash not in voided]
            block = [h for h in fresh if h.outcome.session == sess]
            mine = {id(r) for r in clash}
            others = [r for r in result.rejected if r.session == sess and id(r) not in mine]
            # a file read in batches (break25 F2): the block is the file's hands of the session over its batches so
            # far, its earlier batches' conflicts, repeats and other refusals kept here
            # (kept only for a session that met a stored number: a session the file only goes on with keeps none)
            mem = blocks.get(sess) if blocks is not None else None
            if mem is None and blocks is not None and (clash or again or ruled):
                mem = blocks[sess] = _new_block()
            if blocks is not None and (mem is None or mem["settled"]):
                continue
            was = mem or _new_block()
            all_clash, all_again, all_ruled = was["clash"] + clash, was["again"] + again, was["ruled"] + ruled
            met = [r.hand for r in all_clash] + [a[0] for a in all_again] + [r.hand for r in all_ruled]
            numbers = sorted(set(met) | was["numbers"] | {h.outcome.hand for h in block}
                             | {r.hand for r in others if r.hand})
            if mem is not None:
                mem.update(clash=all_clash, again=all_again, ruled=all_ruled, others=was["others"] + others,
                           numbers=set(numbers))
            unsure = bool(mem is not None and mem.get("unsure"))  # decided so in an earlier batch (break26 F2)
            if not (mem is not None and mem["decided"]):
                # two conflicts at least, and more than the repeats, make another night, numbered from the stored
                # night's first hand
                night_like = len(all_clash) >= 2 and len(all_clash) > len(all_again) + len(all_ruled) and \
                    low is not None and min(met) <= low
                # no hand it shares with the stored night repeats one, at least one conflicts, and it holds other
                # hands: another night or a correction, which shead does not guess (break26 F2: a stored night of
                # one hand took next week's hands 2 and 3, its hand 1 refused with the advice to amend alone)
                no_repeat = not night_like and bool(all_clash) and not all_again and not all_ruled
                unsure = no_repeat and bool(set(numbers) - {r.hand for r in all_clash})
                holds = night_like or unsure
                # read in batches, the decision is taken by the batch that reaches past the stored night's last
                # number (or has met all its numbers): the repeats still to come could make it a correction; an
                # unsure block waits for a hand past the stored night's last (its new hands, refused with it)
                past = any(h.outcome.hand > top for h in block)
                final = mem is not None and (past or (set(met) >= live | voids and not no_repeat))
                if not holds:
                    if final:  # no other night: nothing more is kept of the block but the numbers that conflict
                        mem.update(_new_block(), settled=True, clashed=[r.hand for r in all_clash],
                                   repeated=[a[0] for a in all_again])
                    continue
                if mem is None and night_like and not unsure:
                    shifted = Store._shift_of(con, stored_ids[sess], all_clash, first, again)
                    if shifted is not None:  # the stored night with rows inserted: no other night (fixd31)
                        dropped.update(shifted)
                        out.extend(shifted.values())
                        continue
                if mem is not None and not final:
                    continue
                if mem is not None:
                    mem["decided"] = True
                    mem["unsure"] = unsure
            when = (day or "").replace("-", ".")
            name = f"{sess} (another night)"
            how = (f"if it is another night, give it a [Session] tag of its own (e.g. [Session \"{sess} {when}\"]; "
                   f"its [Session \"{sess}\"] is the stored night's, and a session is known by that tag, whatever its "
                   "[Date]) and send the file again" if shn and sess in tagged else
                   f"if it is another night, write its own [Date] above its first hand (its [Date \"{when}\"] is the "
                   "stored night's) and send the file again" if shn else
                   f"if it is another night, give its rows their own date (its Date cells say {day}, the stored "
                   "night's) and send the file again")
            n_clash = len(all_clash)
            clashed = _ranges(sorted({r.hand for r in all_clash}))
            one = n_clash == 1
            if unsure:  # another night or a correction: both readings said, amending not alone (break26 F2)
                why = (f"this file's hands of session {sess!r} share hand{'' if one else 's'} {clashed} with the "
                       f"stored night of {day} and {'it differs' if one else 'they differ'} from the stored "
                       f"one{'' if one else 's'} (no hand of the file repeats a stored one), so none of its "
                       f"{len(numbers)} hands ({_ranges(numbers)}) is stored: it is another night or a correction of "
                       f"the stored one, and the file does not say which: {how}; if it "
                       f"corrects the stored night, amend the stored hand{'' if one else 's'} {clashed} (shead ingest "
                       f"--amend FILE, FILE holding {'that hand' if one else 'those hands'} as this file has "
                       f"{'it' if one else 'them'}), then send this file again (its hands after {top} are new then; "
                       f"shead sheet '{sess}' lists the stored ones)")
            else:
                # a number the scorer voided here is no stored hand that differs: said as voided (break26 F9)
                void_nums = sorted({r.hand for r in all_clash if r.hand not in live})
                n_diff = n_clash - len([r for r in all_clash if r.hand not in live])
                differ = (f"{n_clash} differ from the stored ones" if not void_nums else
                          (f"{n_diff} differ{'s' if n_diff == 1 else ''} from the stored one{'' if n_diff == 1 else 's'}"
                           ", " if n_diff else "") + f"{n_clash - n_diff} {'is' if n_clash - n_diff == 1 else 'are'} "
                          f"written over the voided hand{'' if len(void_nums) == 1 else 's'} {_ranges(void_nums)} "
                          "(shead void)")
                why = (f"this file's hands of session {sess!r} look like another night under the stored night's date "
                       f"{day}: of its {len(met)} hands numbered as stored hands, {differ} "
                       f"and {len(met) - n_clash} repeat{'s' if len(met) - n_clash == 1 else ''} one, "
                       f"numbered from {min(met)} again, so none of its {len(numbers)} hands ({_ranges(numbers)}) is "
                       f"stored: {how}; if it is the "
                       f"stored night going on, send only its hands after {top} (shead sheet '{sess}' lists the stored "
                       "ones)" + ("" if shn or not is_sheet_file(result.path) else
                                  # a sheet with no Hand column numbers its rows from 1: they are those hands already
                                  # (verify31 F5: the advice could not be followed)
                                  f", or, a sheet with no Hand column, send it again with --columns \"session={sess}\" "
                                  f"to number its rows after the stored night's {top}")
                       + "; only if it corrects the stored night itself, amend it (shead ingest --amend FILE: its "
                       "hands then replace the stored ones)")

            def refusal(n: int, file, line: int, text: str, h: str, differs: str | None = None) -> RejectedHand:
                d = Diagnostic("E-HAND-CONFLICT", f"hand {n}: {why}" + (
                    f"; this hand {n} differs from the stored one in {differs}" if differs else ""),
                    "error", file, line, 1, n, found=f"hand {n} of another night under {day}",
                    expected="the night's own date, or hands after " + str(top))
                return RejectedHand(name, n, text, file, line, [d], h)

            def of_clash(r: RejectedHand) -> RejectedHand:
                was = r.errors[0].found or ""
                differs = None if was.startswith(("a second hand", "hand ", "[Rules")) else was
                if r.hand not in live:  # a voided number (break26 F9)
                    differs = f"{differs} (the stored hand {r.hand} was voided)" if differs else None
                return refusal(r.hand, r.source_file, r.source_line, r.source, r.hash, differs)

            if mem is not None and not mem["done"]:  # decided here: the earlier batches' block filed anew
                mem["done"] = True
                # their conflicts were refused with the advice to amend (which would overwrite the stored night),
                # their repeats counted as duplicates: as the file read whole files them
                now = [of_clash(r) for r in mem["clash"] if id(r) not in mine]
                now += [replace(r, session=name) for r in mem["others"] if id(r) not in {id(x) for x in others}]
                report.refiled.extend(now)
                for r in now:
                    d = r.errors[0]
                    con.execute("UPDATE rejected SET session = ?, message = ?, errors = ? WHERE hash = ?",
                                [r.session, d.message, _dumps([_diag_json(x) for x in r.errors]),
                                 bytes.fromhex(r.hash)])
                # counted as duplicates there: refused here, as the file read whole does (a repeat noted in a batch
                # with nothing to store kept no text: it is the stored hand's)
                again = [(n, line, h, text if text is not None else (con.execute(
                    "SELECT source FROM hand_text WHERE hash = ?",
                    [bytes.fromhex(h)]).fetchone() or ("",))[0]) for n, line, h, text in mem["again"]]
            for r in clash:
                out.append(of_clash(r))
                dropped.add(id(r))
            for n, line, h, text in again:
                out.append(refusal(n, result.path, line, text, h))
                report.duplicates -= 1
            for h in block:
                out.append(refusal(h.outcome.hand, h.source_file, h.source_line, h.source, h.hash))
            for r in others:  # refused for a reason of their own: kept, filed with their night
                out.append(replace(r, session=name))
                dropped.add(id(r))
        if not out:
            return fresh, result
        out.sort(key=lambda r: (r.source_file or "", r.source_line or 0))
        gone = {r.hash for r in out}
        report.rejected = [r for r in report.rejected if id(r) not in dropped] + out
        if report.strict:
            report.committed = False
        return [h for h in fresh if h.hash not in gone], replace(
            result, rejected=[r for r in result.rejected if id(r) not in dropped] + out)

    @staticmethod
    def _shift_of(con: duckdb.DuckDBPyConnection, session_id: int, clash: list[RejectedHand],
                  first: list[ValidatedHand], again: list) -> "dict[RejectedHand, RejectedHand] | None":
        """A file's conflicting hands of a stored session that are its hands
        shifted (fixd31, break30 F5: a sheet without a Hand column sent again
        with a row inserted was refused whole as another night): the lowest
        ``k`` conflicts (``k`` >= 1, the inserted hands) are no stored hand,
        and every other is the stored hand ``k`` numbers below it but for the
        number (:func:`ingest.meaning.same_but_number`), with no repeat at
        its own number above the first conflict (those hands are in place).
        Returns each shifted conflict (by identity) -> its refusal, saying
        so (as :meth:`_shifted` does for the hands past the stored night's
        last); None when the conflicts are not so.  Read only when a file's
        block conflicts with a stored night."""
        from ingest.meaning import same_but_number  # noqa: PLC0415
        from ingest.shn.canonical import _read_one  # noqa: PLC0415

        if not clash or any(a[0] > min(r.hand for r in clash) for a in again):
            return None
        row = con.execute("SELECT CASE WHEN coalesce(format, 'shn') = 'shn' THEN header END, session FROM sessions "
                          "WHERE session_id = ?", [session_id]).fetchone()
        if row is None or row[0] is None:
            return None
        stored = {s.outcome.hand: (s, _read_one(row[0], s.source))
                  for s in load_hands(con, "h.session_id = ?", [session_id])}
        mine = {h.hash: h for h in first}
        order = sorted(clash, key=lambda r: r.hand)
        twins: dict[int, tuple] = {}
        for r in order:
            h = mine.get(r.hash)
            new = _read_one(h.session_header, h.source) if h is not None and h.session_header else None
            twin = None if new is None else next((m for m, (_, old) in sorted(stored.items()) if m < r.hand
                                                  and old is not None and same_but_number(old, new)), None)
            if twin is not None:
                twins[id(r)] = twin
        k = next((i for i, r in enumerate(order) if id(r) in twins), None)
        if not k or any(twins.get(id(r)) != r.hand - k for r in order[k:]):
            return None
        at, top = order[0].hand, max(stored)
        how = _shifted_amend(at, top, sheet=True)
        out: dict[int, RejectedHand] = {}
        for r in order[k:]:
            m = twins[id(r)]
            twin = stored[m][0]
            d = Diagnostic(
                "E-HAND-CONFLICT", f"hand {r.hand} of session {row[1]!r} is the stored hand {m} "
                f"({twin.file or '<input>'}:{twin.line}) written again under another number: the night's hands "
                f"look shifted (a hand inserted at {at}, the later ones renumbered: this file's "
                f"hand{'s' if k > 1 else ''} {_ranges([x.hand for x in order[:k]])} {'are' if k > 1 else 'is'} no "
                f"stored hand), so it is not stored (it would count hand {m} twice): if so, correct the stored "
                f"night: {how}, then send this file again (its hands after {top} are new then)",
                "error", r.source_file, r.source_line, 1, r.hand, found=f"the stored hand {m} as hand {r.hand}",
                expected="a hand not stored yet")
            out[id(r)] = replace(r, errors=[d])
        later = _ranges([r.hand for r in order[k:]])
        for r in order[:k]:  # the inserted hands: said as such beside their own conflict
            d = r.errors[0]
            out[id(r)] = replace(r, errors=[replace(d, message=(
                f"{d.message}; this file's hands {later} are the stored hands {_ranges([x.hand - k for x in order[k:]])}"
                f" under numbers {k} higher: the night's hands look shifted, hand {r.hand} inserted (see those "
                "hands' errors)"))] + list(r.errors[1:]))
        return out

    @staticmethod
    def _shifted(con: duckdb.DuckDBPyConnection, stored_ids: dict[str, int], fresh: list[ValidatedHand],
                 result: FileResult, blocks: dict | None = None,
                 repeated: dict[str, set[int]] | None = None,
                 voided_again: "list[_VoidedAgain] | None" = None) -> list[RejectedHand]:
        """``E-HAND-CONFLICT`` for each new hand of ``fresh`` (a number its
        stored session does not hold) whose facts are a stored hand's of that
        session but for the number (:func:`ingest.meaning.same_but_number`),
        in a block of the file that conflicts with the stored night (one of
        its hands ``E-HAND-CONFLICT``; a file read in batches: in any batch so
        far, ``blocks``).  break25 F1: a night re-sent with a forgotten hand
        inserted as hand 3, its later hands renumbered, had its hands 3 and 4
        refused as conflicts and its hand 5 -- the stored hand 4 again --
        stored as a new hand: the stored hand counted twice, the inserted one
        never.  The message says the night's hands look shifted and how to
        correct the stored night: amend its conflicting hands (an amendment
        holds stored numbers only), then send the file again (voiding is no
        way: a hand sent over a voided number is refused).  Not when the
        file repeats a stored hand at its own number after the first
        conflict (``repeated``: each session's numbers the file repeats; a
        file read in batches: its blocks' repeats too): the hands after the
        conflict are where they were, nothing is shifted, and a new hand
        whose score line happens to equal an earlier hand's is stored
        (break26 F3: a re-sent night's new hand 4, written as hand 1 was,
        refused although the file's hand 3 was the stored hand 3)."""
        from ingest.meaning import same_but_number  # noqa: PLC0415
        from ingest.shn.canonical import _read_one  # noqa: PLC0415

        clashed: dict[str, set[int]] = {}
        for r in result.rejected:
            if r.session in stored_ids and r.hand is not None and r.errors and r.errors[0].code == \
                    "E-HAND-CONFLICT" and not (r.errors[0].found or "").startswith("[Rules"):
                clashed.setdefault(r.session, set()).add(r.hand)
        again = {k: set(v) for k, v in (repeated or {}).items()}
        for sess, mem in (blocks or {}).items():
            if sess in stored_ids and (mem["clash"] or mem.get("clashed")):
                clashed.setdefault(sess, set()).update([r.hand for r in mem["clash"]] + mem.get("clashed", []))
            again.setdefault(sess, set()).update([a[0] for a in mem["again"]] + mem.get("repeated", []))
        out: list[RejectedHand] = []
        for sess in sorted(({h.outcome.session for h in fresh} | {v.session for v in voided_again or ()})
                           .intersection(clashed)):
            if any(n > min(clashed[sess]) for n in again.get(sess, ())):  # the night's later hands in place
                continue
            row = con.execute("SELECT CASE WHEN coalesce(format, 'shn') = 'shn' THEN header END FROM sessions "
                              "WHERE session_id = ?", [stored_ids[sess]]).fetchone()
            if row is None or row[0] is None:
                continue
            stored = [(s, _read_one(row[0], s.source)) for s in load_hands(con, "h.session_id = ?",
                                                                           [stored_ids[sess]])]
            if not stored:  # every hand of the night voided (break33 F3: max() of nothing): no stored hand to
                continue    # repeat under another number; the voided ones are said as voided (W-HAND-VOIDED)
            at, top = min(clashed[sess]), max(s.outcome.hand for s, _ in stored)
            # a voided hand is a stored position of the night (fixit32 F2): the amendment runs to it, and its text as
            # voided stays voided unless changed, so the message says how it comes back
            voids = sorted(n for n in voided_numbers(con, stored_ids[sess]) if n >= at)
            top = max([top] + voids)
            lines = {h.outcome.hand: next((x.strip() for x in h.source.splitlines() if x.strip()), "")
                     for h in fresh if h.outcome.session == sess}
            lines.update({v.hand: next((x.strip() for x in v.source.splitlines() if x.strip()), "")
                          for v in voided_again or () if v.session == sess})
            back = "; ".join(
                f"its hand {n} is voided, so this file's hand {n} stays voided unless its text is changed: write a "
                f"note on its hand line ({lines.get(n) or f'hand {n}'}  {{back in force}}) before amending"
                for n in voids)
            # the file's hands at a voided number of the night, sent as voided (fixit32 F2): a stored position too
            candidates = [(h.outcome.session, h.outcome.hand, h.source, h.source_file, h.source_line, h.hash,
                           _read_one(h.session_header, h.source) if h.outcome.session == sess and h.session_header
                           else None) for h in fresh] + [
                (v.session, v.hand, v.source, v.source_file, v.source_line, v.hash,
                 v.record if v.record is not None else _read_one(v.hand_obj.session_header, v.source)
                 if v.hand_obj.session_header else None)
                for v in (voided_again or ()) if v.session == sess]
            for o_session, o_hand, o_source, o_file, o_line, o_hash, new in candidates:
                if o_session != sess:
                    continue
                twin = None if new is None else next((s for s, old in stored if old is not None and s.outcome.hand
                                                      != o_hand and same_but_number(old, new)), None)
                if twin is None:
                    continue
                m = twin.outcome.hand
                # an amendment holds stored numbers only (a new hand in it is E-AMEND-NOT-STORED), and a hand sent
                # over a voided number is refused: the stored hands are amended, then the file sent again
                how = _shifted_amend(at, top, sheet=(o_file or result.path or "").lower().split("[")[0]
                                     .endswith((".csv", ".tsv", ".xlsx", ".xlsm", ".txt")))
                d = Diagnostic(
                    "E-HAND-CONFLICT", f"hand {o_hand} of session {sess!r} is the stored hand {m} "
                    f"({twin.file or '<input>'}:{twin.line}) written again under another number, and this file's "
                    f"hand{'s' if len(clashed[sess]) > 1 else ''} {_ranges(sorted(clashed[sess]))} differ"
                    f"{'' if len(clashed[sess]) > 1 else 's'} from the stored ones: the night's hands look shifted "
                    f"(a hand inserted at {at}, the later ones renumbered), so it is not stored (it would count "
                    f"hand {m} twice and leave the inserted hand out): if so, correct the stored night: {how}"
                    + (f" ({back})" if back else "") + f", then send this file again (its hands after {top} are new "
                    "then)",
                    "error", o_file, o_line, 1, o_hand, found=f"the stored hand {m} as hand {o_hand}",
                    expected="a hand not stored yet")
                out.append(RejectedHand(o_session, o_hand, o_source, o_file, o_line, [d], o_hash))
        return out

    @staticmethod
    def _renumbered(con: duckdb.DuckDBPyConnection, stored_ids: dict[str, int], first: list[ValidatedHand],
                    fresh: list[ValidatedHand], result: FileResult, plan: "IngestPlan | None" = None,
                    blocks: dict | None = None) -> list[RejectedHand]:
        """``E-HAND-CONFLICT`` for the hands a file brings to a stored
        session (its block) that form a run, in file order, each settling as
        a stored hand of that session does but for the number
        (:func:`_signature`: picker, partner, call, points, tricks, outcome,
        units; no other written dealer, no other deal: break28 F2), their
        twins CONSECUTIVE stored hands (stored k, k+1, ...: break28 F3, a
        night going on whose hands happen to repeat stored 2 and 4 is no
        copy), with two or more hands of the run not thrown-in deals (a
        doubler is the same in every such hand, so no evidence: break28 F1;
        one may sit inside a run at its consecutive twin), when none of the
        block's hands is a stored hand at its own number:
        the stored night sent again with its hands renumbered (break27 F1:
        night A's hands 1-5 sent again as hands 11-15 were stored a second
        time without a word).  A block numbered straight on from the stored
        night's last hand starts a run only at the stored night's first hand
        (or where both write their deal: break28c F1).  The run starts at the block's FIRST hand (in
        file order; read in batches, of its first batch) and there is one a
        block: a run after new hands is a night going on, stored (break28b
        F1).  A recognized copy keeps aligning the block's j-th hand with the
        stored k+j: a hand that differs from its counterpart while the next
        matches the one after is the copy's hand with a difference, refused
        with it, the message naming what differs and ``--amend`` (break28b
        F2); when the run breaks and does not resume, the rest is new.  The
        block's other hands are judged as usual
        (break27b F1: 11-15 with the new hands 16-17 added stored all seven),
        and a row refused for its own error inside a run does not break it
        (its rows around it are still the copy): that refusal is filed with
        the run.  One hand alone equal to a stored hand is stored (two
        identical score lines can follow each other at a table).  The
        refusals are filed under ``<session> (sent again)``, so the stored
        night's sheet and ledger stay as they were.  Reads each such
        session's stored hands once.  A file read in batches (``blocks``):
        the sessions the file itself created are noted in
        ``blocks[OWN_SESSIONS]`` and not checked; a block's walk (the stored
        hands, where it is, the run going on) is kept for its next batch
        (``copy`` in its block), so a run over batches is refused as read
        whole, but a run's first hand alone at a batch's end is stored (said
        by the later refusals)."""
        from ingest.meaning import same_deals  # noqa: PLC0415
        from ingest.shn.canonical import _read_one  # noqa: PLC0415

        by_sess: dict[str, list[ValidatedHand]] = {}
        for h in fresh:
            by_sess.setdefault(h.outcome.session, []).append(h)
        done: set[str] = set()  # read in batches: the sessions not to check (the file's own, or found no copy)
        if blocks is not None:
            done = blocks.setdefault(OWN_SESSIONS, {**_new_block(), "settled": True, "sessions": set()})["sessions"]
            done.update(sess for sess in by_sess if sess not in stored_ids)
        left = {id(h) for h in fresh}
        again = {t[0] for t in (plan.skipped_texts if plan is not None else ())}
        again |= {h.outcome.session for h in first if id(h) not in left}  # a duplicate, or refused at its number
        out: list[RejectedHand] = []
        for sess, block in by_sess.items():
            if sess not in stored_ids or sess in done:
                continue
            mem = blocks.get(sess) if blocks is not None else None
            # the block's state from the batches before (read in batches): the stored hands read once, where the
            # walk is, the run going on at the batch's end
            was = mem.pop("copy", None) if mem is not None else None
            earlier = mem is not None and any(mem.get(k) for k in ("again", "clash", "ruled", "repeated",
                                                                    "clashed"))  # in the block's earlier batches
            # a repeat or a clash at its own number: the file sends the night again with it, no copy (a refusal
            # for the row's own error, E-SCORE-SUM, breaks no run: break27b F1)
            if sess in again or earlier or (len(block) < 2 and blocks is None):
                done.add(sess)
                continue
            if was is None:  # the session's stored hands, read once for the block: first what they settle to
                header, stored = _signatures(con, stored_ids[sess])
                if header is None:  # a protocol's session: no SHN text to compare
                    done.add(sess)
                    continue
                was = {"stored": stored, "header": header, "text": {}, "read": {}, "over": False,
                       "run": None, "kept": [], "sigs": {sig for _n, _i, sig, _w, _f in stored}}
            # the same settlement (picker, partner, call, points, tricks, outcome, units): only a stored hand that
            # settles as the block hand does is compared further (a block going on with the night matches none)
            sigs = [_signature(h.outcome) for h in block]
            # a thrown-in deal (a doubler, a misdeal: the same facts in every such hand) is no evidence of a copy:
            # a run needs two hands that are not (break28 F1: two doublers after a stored night were refused)
            hits = sum(1 for h, sig in zip(block, sigs) if sig in was["sigs"] and not _thrown_in(h.outcome))
            if blocks is None and hits < 2:  # no run of two can be
                done.add(sess)
                continue
            if blocks is not None:  # kept for the block's next batch (gone with the block: stream._ingest_batches)
                blocks.setdefault(sess, _new_block())["copy"] = was
            if was["over"]:  # the block's first hand began no copy, or the copy broke off in an earlier batch
                continue
            stored = was["stored"]
            want = {sig for sig in sigs if sig in was["sigs"]}
            need = [i for _n, i, sig, _w, _f in stored if sig in want and i not in was["text"]]
            if need:
                was["text"].update((s.hand_id, s) for s in load_hands(con, "list_contains(?, h.hand_id)", [need]))
            read: dict[int, object] = was["read"]
            mine: dict[int, object] = {}
            runs: list[dict] = []  # this batch's runs of two or more (the run going on from the batch before too)

            def twin(h, sig, k) -> bool:
                """Whether ``h`` settles as the stored hand at place ``k`` does: the same settlement, no other
                written dealer, and no other deal when both write theirs (break28 F2)."""
                _n, i, their, dealer, _f = stored[k]
                if their != sig or i not in was["text"]:
                    return False
                dealt = _written_dealer(h.outcome.dealer, h.outcome.provenance)
                if dealt and dealer and dealt != dealer:
                    return False
                if i not in read:
                    read[i] = _read_one(was["header"], was["text"][i].source)
                if id(h) not in mine:
                    mine[id(h)] = _read_one(h.session_header, h.source) if h.session_header else None
                return read[i] is not None and mine[id(h)] is not None and same_deals(read[i], mine[id(h)])

            def dealt(h, k) -> bool:
                """Both the file's hand and its stored twin write their deal (no chance repeat: break27b F5)."""
                rec = mine.get(id(h)) or (_read_one(h.session_header, h.source) if h.session_header else None)
                theirs = read.get(stored[k][1])
                return bool(rec is not None and rec.deals and theirs is not None and theirs.deals)

            def between(last, h) -> int:
                """The rows of the file refused for their own error between ``last`` and ``h`` (break27b F1)."""
                return sum(1 for r in result.rejected if r.session in (sess, f"{sess} (sent again)")
                           and (r.source_file or None) == (h.source_file or None)
                           and (last.source_file or None) == (h.source_file or None)
                           and last.source_line < r.source_line < h.source_line)

            def close() -> None:
                run = was["run"]
                was["run"], was["over"] = None, True  # one run a block, from its first hand: the rest is new
                if run is not None and _counts(run) and not any(r is run for r in runs):
                    runs.append(run)

            for h, sig in zip(block, sigs):
                if was["over"]:  # the copy broke off (or there was none): the block's later hands are new
                    break
                run = was["run"]
                if run is None:  # the block's FIRST hand (in file order; read in batches, of its first batch): a
                    # copy starts here, a run starting after new hands is a night going on (break28b F1)
                    # numbered straight on from the stored night's last hand, two score lines that settle as two
                    # stored hands in the middle of the night are a night going on as often as a copy (break28c F1:
                    # a three-handed night's picker-alone lines repeat in one split night of five): such a block is
                    # a copy only from the stored night's first hand, or when both write their deal
                    on = h.outcome.hand == stored[-1][0] + 1
                    at = {k for k in range(len(stored)) if sig in want and twin(h, sig, k)
                          and (k == 0 or not on or dealt(h, k))}
                    if not at:
                        close()
                        break
                    was["run"] = {"at": at, "hands": [h], "steps": [0], "changed": set(), "pending": None}
                    continue
                held = run["pending"]  # a hand that differed from its counterpart, the run recognized before it
                last = held[0] if held else run["hands"][-1]
                step = 1 + between(last, h)
                at = {k + step for k in (held[1] if held else run["at"])
                      if k + step < len(stored) and twin(h, sig, k + step)}
                if at:  # the run goes on with the stored hand right after (break28 F3), a held hand between
                    if held:  # the copy's hand with a difference (break28b F2): refused with the copy
                        run["hands"].append(held[0])
                        run["steps"].append(held[2])
                        run["changed"].add(id(held[0]))
                        run["pending"] = None
                    run["at"] = at
                    run["hands"].append(h)
                    run["steps"].append(step)
                    if _counts(run) and not any(r is run for r in runs):
                        runs.append(run)
                    continue
                if not held and _counts(run):  # a copy recognized: this hand may be its hand with a difference,
                    # if the next one matches the stored hand after its counterpart (break28b F2)
                    place = {k + step for k in run["at"] if k + step < len(stored)}
                    if place:
                        run["pending"] = (h, place, step)
                        continue
                close()  # the run broke off and did not resume: this hand and the later ones are new
                break
            if blocks is None:
                close()
            elif was["run"] is not None and not _counts(was["run"]):  # a run not yet two hands at the batch's
                # end is stored (the block may go on with the copy in the next)
                here = {id(x) for x in block}
                was["kept"] += [h.outcome.hand for h in was["run"]["hands"]
                                if id(h) in here and h.outcome.hand not in was["kept"]]
            if runs:  # each run's twins: the consecutive stored hands ending at its last twin (the rows refused
                # between skipped)
                places = []
                for run in runs:
                    k, at = min(run["at"]), []
                    for step in reversed(run["steps"]):
                        at.append(k)
                        k -= step
                    places.append(list(reversed(at)))
                need = [stored[k][1] for at in places for k in at if stored[k][1] not in was["text"]]
                if need:
                    was["text"].update((s.hand_id, s) for s in load_hands(con, "list_contains(?, h.hand_id)",
                                                                           [need]))
                differs = {id(h): k for run, at in zip(runs, places) for h, k in zip(run["hands"], at)
                           if id(h) in run["changed"]}  # the copy's hands with a difference: their stored place
                runs = [[(h, was["text"][stored[k][1]], dealt(h, k)) for h, k in zip(run["hands"], at)]
                        for run, at in zip(runs, places)]
            sheet = is_sheet_file(result.path)
            own = "its own Date cells" if sheet else "its own [Date]"
            mine_here = {id(h) for h in block}
            if not runs:
                differs = {}
            for run in runs:
                n_mine = _ranges([h.outcome.hand for h, _t, _d in run])
                n_theirs = _ranges([t.outcome.hand for _h, t, _d in run])
                # a score line repeats by chance at a table, a dealt hand never (break27b F5): new hands that
                # repeat stored ones get the way out, a re-send of the whole night (its stored hands are duplicates)
                same = [(h, t) for h, t, _d in run if id(h) not in differs]
                n_alike = (f"{n_mine} ({'hands' if len(run) - len(same) > 1 else 'hand'} "
                           f"{_ranges([h.outcome.hand for h, _t, _d in run if id(h) in differs])} with a difference)"
                           if len(same) < len(run) else n_mine)
                way = "" if all(d for h, _t, d in run if id(h) not in differs) else (
                    f"; if they are new hands that repeat hands {n_theirs}, send them with the night's stored hands "
                    f"(the whole {'sheet' if sheet else 'night'}): a re-send stores only its new hands")
                kept = [h.outcome.hand for h, _t, _d in run if id(h) not in mine_here]
                kept = [k for k in kept if k in was["kept"]]
                # a row refused for its own error inside the run (a typo in the copy) is of the copy too: filed
                # with it, so the stored night names no refusal of its own (break27b F1, nA_renum_typo.csv row 13)
                lines = [h.source_line for h, _t, _d in run]
                inside = [r for r in result.rejected if r.session == sess and min(lines) < r.source_line < max(lines)
                          and (r.source_file or None) == (run[-1][0].source_file or None)]
                for r in inside:
                    r.session = f"{sess} (sent again)"
                within = (f" (hand {_ranges(sorted({r.hand for r in inside if r.hand is not None}))} between them, "
                          "refused for its own error, is filed with them)") if inside else ""
                for h, twin, _d in run:
                    if id(h) not in mine_here:  # refused or stored in an earlier batch
                        continue
                    o, m = h.outcome, twin.outcome.hand
                    if id(h) in differs:  # the copy's hand with a difference (break28b F2): refused with the copy,
                        # the way to correct the stored hand given (docs/storage.md "Corrections")
                        how = (f"export the night as SHN (shead export --format shn --out night.shn), write its hand {m} "
                               "there as this file has it, amend (shead ingest --amend night.shn)" if sheet else
                               f"amend it (shead ingest --amend FILE, FILE holding the night's hand {m} as this file "
                               "has it)")
                        d = Diagnostic(
                            "E-HAND-CONFLICT", f"hand {o.hand} of session {sess!r} stands for the stored hand {m} "
                            f"({twin.file or '<input>'}:{twin.line}) in this file's copy of the stored night (its "
                            f"hands {n_alike} repeat the stored hands {n_theirs} with new numbers, in the same "
                            f"order), but differs from it: "
                            f"{_differences(o, stored[differs[id(h)]][2], stored[differs[id(h)]][3])}; so it is not "
                            f"stored (the night would count hand {m}'s deal twice): if the stored hand {m} is wrong, "
                            f"correct it: {how}",
                            "error", h.source_file, h.source_line, 1, o.hand,
                            found=f"the stored hand {m} as hand {o.hand}, with a difference",
                            expected="a hand not stored yet")
                        out.append(RejectedHand(f"{sess} (sent again)", o.hand, h.source, h.source_file,
                                                h.source_line, [d], h.hash))
                        continue
                    d = Diagnostic(
                        "E-HAND-CONFLICT", f"hand {o.hand} of session {sess!r} is the stored hand {m} "
                        f"({twin.file or '<input>'}:{twin.line}) with a new number: this file's hands {n_alike} "
                        f"repeat the stored hands {n_theirs} with new numbers, in the same order{within}, so they are "
                        f"not stored (the night would count twice): send only the new hands{way}; a real second night "
                        f"needs {own}"
                        + (f" (this file's hand {kept[0]}, read in an earlier batch, was stored as one hand "
                           "alone; shead void removes it)" if len(kept) == 1 else
                           f" (this file's hands {_ranges(kept)}, read in an earlier batch, were stored before the "
                           "copy showed, a doubler not counting; shead void removes them)" if kept else ""),
                        "error", h.source_file, h.source_line, 1, o.hand, found=f"the stored hand {m} as hand {o.hand}",
                        expected="a hand not stored yet")
                    out.append(RejectedHand(f"{sess} (sent again)", o.hand, h.source, h.source_file, h.source_line,
                                            [d], h.hash))
        return out

    @staticmethod
    def _voided_in_header(con: duckdb.DuckDBPyConnection, ids: list[int], fresh: list[ValidatedHand],
                          result: FileResult, report: IngestReport) -> tuple[list[ValidatedHand], FileResult]:
        """A file hand numbered as a hand its stored session's header says
        was voided (``[_Voided "5 8"]``, which ``shead export`` writes and a
        restore keeps) and not in force is ``E-HAND-CONFLICT``, as a void
        made in this database is (:meth:`_earlier_revisions`): after a
        backup was restored, the scorer's original file sent again stored
        the hand typed twice and the hand that never happened again (fix18
        F1).  ``ids``: the stored sessions of the file's hands."""
        rows = con.execute("SELECT session, header FROM sessions WHERE list_contains(?, session_id) "
                           "AND contains(header, '[_Voided ')", [ids]).fetchall()
        if not rows:
            return fresh, result
        voided = {name: _header_voids(header) for name, header in rows}
        hit = [h for h in fresh if h.outcome.hand in voided.get(h.outcome.session, ())]
        if not hit:
            return fresh, result
        live = {(s, n) for s, n in con.execute(
            "SELECT session, hand FROM hands WHERE list_contains(?, session_id)", [ids]).fetchall()}
        refused = []
        for h in hit:
            o = h.outcome
            if (o.session, o.hand) in live:  # amended back into force: the stored hand decides (a clash or a copy)
                continue
            refused.append(_voided_again(h, "(the session's [_Voided] tag, kept from the export it was restored "
                                            "from)"))
        return _refuse(fresh, result, report, refused)

    def _open_history(self, con: duckdb.DuckDBPyConnection, hand_id: int) -> None:
        """Before the first correction of a hand: copy its stored revision
        into ``hand_revisions`` as revision 1 ('ingest', at the time its
        ingest was recorded)."""
        if _scalar(con, "SELECT count(*) FROM hand_revisions WHERE hand_id = ?", [hand_id]):
            return
        con.execute(
            "INSERT INTO hand_revisions SELECT t.hand_id, 1, 'ingest', coalesce(i.started_at, ?), NULL, "
            "h.session_id, h.session, h.hand, s.ingest_id, t.file, t.line, t.hash, t.source, NULL "
            "FROM hand_text t JOIN hands h USING (hand_id) JOIN hand_source s USING (hand_id) "
            "LEFT JOIN ingests i ON i.ingest_id = s.ingest_id WHERE t.hand_id = ?", [_now(), hand_id])

    def _close_revision(self, con: duckdb.DuckDBPyConnection, hand_id: int) -> None:
        """Record, on the revision in force, what it counted for (stake,
        outcome, picker, partner, units by seat, the pot) before it is
        superseded; the players by seat too, so a name corrected shows)."""
        summary = _live_summary(con, hand_id)
        if summary is None:
            return
        con.execute("UPDATE hand_revisions SET outcome = ? WHERE hand_id = ? AND revision = "
                    "(SELECT max(revision) FROM hand_revisions WHERE hand_id = ?)", [_dumps(summary), hand_id, hand_id])

    def _record_rederived(self, con: duckdb.DuckDBPyConnection, hand_ids: set[int],
                          report: "IngestReport | CorrectionReport") -> None:
        """Keep in ``hand_revisions`` that the stored hands ``hand_ids`` count
        for something else now that their session was re-derived (their text
        unchanged: a doubler's stake or the pot moved by an earlier hand
        stored, amended or voided, rules.md D-11, D-12, D-19): what each
        counted for goes on its revision in force (:meth:`_close_revision`,
        after :meth:`_open_history` for a hand never corrected) and a
        revision ``rederive`` with the same text follows, its reason the
        cause.  So ``shead history`` shows every number a hand counted for
        (a tester's finding: a hand re-derived from stake 2 to 1 by a void
        showed only stake 1, as if counted so from its ingest)."""
        if isinstance(report, CorrectionReport):
            done = ", ".join(f"{n}" for _, n, _, _ in sorted(report.hands, key=lambda h: h[1]))
            what = "voided" if report.action == "void" else "amended"
            cause = f"re-derived: hand{'s' if len(report.hands) > 1 else ''} {done} of the session {what}"
            if report.reason:
                cause += f" ({report.reason})"
        else:
            cause = f"re-derived: {report.path or '<input>'} stored earlier hands of the session"
        at = _now()
        for hand_id in sorted(hand_ids):
            self._open_history(con, hand_id)
            self._close_revision(con, hand_id)
            con.execute(
                "INSERT INTO hand_revisions SELECT r.hand_id, r.revision + 1, 'rederive', ?, ?, r.session_id, "
                "r.session, r.hand, r.ingest_id, r.file, r.line, r.hash, r.source, NULL FROM hand_revisions r "
                "WHERE r.hand_id = ? AND r.revision = (SELECT max(revision) FROM hand_revisions WHERE hand_id = ?)",
                [at, cause, hand_id, hand_id])

    @staticmethod
    def _drop_current(con: duckdb.DuckDBPyConnection, hand_id: int) -> None:
        for table in ("hands", "hand_units", "card_log", "hand_source", "hand_deals"):
            con.execute(f"DELETE FROM {table} WHERE hand_id = ?", [hand_id])

    def _correct(self, work: Callable[[duckdb.DuckDBPyConnection, "CorrectionReport"], None],
                 report: "CorrectionReport", on_stage: Callable[[str], None] | None) -> "CorrectionReport":
        con = self._writer()
        try:
            con.execute("BEGIN TRANSACTION")
            if on_stage:
                on_stage("begin")
            work(con, report)
            for session_id, name in sorted(report.sessions):
                self._rederive_session(con, session_id, name, report)
            report.rederive_refused = _blocking_refusals(con, report)
            if report.rederive_refused:  # a later hand would no longer agree with the rules: nothing changes
                ids = sorted({hid for hid, _ in report.rederive_refused})
                names = {hid: (sess, hand) for hid, sess, hand in con.execute(
                    "SELECT hand_id, session, hand FROM hands WHERE list_contains(?, hand_id)", [ids]).fetchall()}
                raise CorrectionError(_refused_later(con, report), code="E-AMEND-CARRY", later=[
                    names.get(hid, (None, d.hand)) + (hid, d) for hid, d in report.rederive_refused])
            _summary.refresh(con, [sid for sid, _ in report.sessions])  # migration 016
            # a night stored both from a ledger's row and with its hands: an amend may have made the hands the row's
            # nets (the row then replaced, as an ingest replaces it), a void may have parted them (real22b F1)
            twins = IngestReport(path=None)
            _ledger_twins(con, [sid for sid, _ in report.sessions], twins)
            report.notes.extend(twins.file_errors)
            # a pot=on night's corrected hands change what it leaves: its next night checked again (break28c F4)
            from ingest.pot_carry import sessions_pot_carries  # noqa: PLC0415

            ids = {name: sid for sid, name in report.sessions}
            report.notes.extend(sessions_pot_carries(
                con, [(ids[name], n, hid) for name, n, hid, _ in report.hands if name in ids], report.path))
            if on_stage:
                on_stage("commit")
            con.execute("COMMIT")
        except BaseException as exc:
            self._abort(con)
            if interrupted(exc):  # Ctrl-C inside a statement: the correction is rolled back
                raise KeyboardInterrupt("the correction was interrupted, nothing changed") from exc
            if isinstance(exc, duckdb.Error):
                raise StoreError(f"{self.path}: the correction failed, nothing changed: {exc}") from exc
            raise
        if on_stage:
            on_stage("done")
        self._maybe_release()
        return report

    def amend(self, result: FileResult, reason: str | None = None,
              on_stage: Callable[[str], None] | None = None, bring_back: bool = False) -> "CorrectionReport":
        """Replace stored hands by new texts of the same hands (same session
        and hand number), in one transaction, keeping every revision.

        ``result`` is the validated amendment file (every hand accepted;
        validate it with a ``prior`` that leaves the amended numbers out, as
        ``shead ingest --amend`` does).  For each hand: the stored revision is
        kept in ``hand_revisions`` with what it counted for; the hand's rows
        in ``hands``, ``hand_units``, ``card_log`` and ``hand_source`` become
        the new revision's (same ``hand_id``); a hand whose stored text is
        already this text is left as it is (``unchanged``).  A voided hand
        can be amended: it comes back with a new text; sent as it was when
        voided (the night's own file, sent to fix another hand or to rename
        a player) it stays voided (``still_voided``), and so does a hand
        voided before the backup this database was restored from, sent
        under other names, unless ``bring_back`` asks for it (the dashboard's
        "Bring it back": the text as voided, chosen on purpose).  Then each session
        is re-derived from its stored hands in hand order, so the doubler
        stake and the pot of every later hand (rules.md D-11, D-12, D-19)
        follow the correction (``rederived`` counts the other hands whose
        outcome changed).  A kill before COMMIT leaves the earlier revision
        in force.

        Raises :class:`CorrectionError` (nothing changed) when the result has
        a rejected hand, a hand is not stored, or a hand's session is under
        other ``[Rules]`` than its stored session (the session headers'
        tags; a hand's own ``[Rules]`` line is part of its text and may
        change).
        """
        if result.rejected or any(d.severity == "error" for d in result.errors):
            raise CorrectionError(f"{result.path or '<input>'}: the amendment has errors; nothing changed")
        if reason and (why := reason_problem(reason)) is not None:
            raise CorrectionError(why)
        report = CorrectionReport(action="amend", reason=reason, path=result.path)

        def work(con: duckdb.DuckDBPyConnection, rep: CorrectionReport) -> None:
            ingest_id = _scalar(con, "SELECT coalesce(max(ingest_id), 0) + 1 FROM ingests")
            # an amendment that renumbers the night (a hand removed, the rest moved down: corr34 F1) is refused;
            # the stored hands it leaves out and the hands it makes alike are said
            shifted, notes = _amend_shape(con, result, str(self.path))
            if shifted:
                raise CorrectionError("; ".join(f"{d.file}:{d.line}:{d.col}: {d.code}: {d.message}" for d in shifted),
                                      code=shifted[0].code, diagnostics=shifted)
            rep.notes.extend(notes)

            def one(h: ValidatedHand) -> None:
                """Amend the stored hand of file hand ``h`` (raises :class:`CorrectionError` when refused)."""
                o = h.outcome
                where = f"{h.source_file or result.path or '<input>'}:{h.source_line}"
                cur = con.execute(
                    "SELECT h.hand_id, h.session_id, h.rules, s.hash, x.header, h.players FROM hands h "
                    "JOIN hand_source s USING (hand_id) JOIN sessions x USING (session_id) "
                    "WHERE h.session = ? AND h.hand = ? ORDER BY h.hand_id LIMIT 1", [o.session, o.hand]).fetchone()
                if cur is None:
                    cur = con.execute(
                        "SELECT r.hand_id, r.session_id, x.rules, NULL, x.header, x.players FROM hand_revisions r "
                        "JOIN sessions x USING (session_id) WHERE r.session = ? AND r.hand = ? AND r.action = 'void' "
                        "ORDER BY r.revision DESC LIMIT 1", [o.session, o.hand]).fetchone()
                restored = None
                if cur is None:  # voided before the backup this database was restored from (break18 F10)
                    restored = con.execute(
                        "SELECT session_id, rules, header, players FROM sessions WHERE session = ? "
                        "AND contains(header, '[_Voided ')", [o.session]).fetchone()
                    if restored is not None and o.hand not in _header_voids(restored[2]):
                        restored = None
                    table = json.loads(restored[3] or "{}") if restored is not None else {}
                    if restored is not None and table and set(table) == set(o.players) \
                            and table != dict(o.players) and "Seats" not in own_tags(h.source):
                        # (other seats, or a seating of its own, are no rename: a leaver's game, break20 F4)
                        # voided before a restore (its text not kept) in a file that renames players: the night's
                        # own file, sent to rename; it stays voided (break18b F1)
                        rep.still_voided.append((o.session, o.hand, None))
                        return
                    if restored is not None:
                        hand_id = _scalar(con, "SELECT greatest((SELECT coalesce(max(hand_id), 0) FROM hands), "
                                               "(SELECT coalesce(max(hand_id), 0) FROM hand_revisions)) + 1")
                        # who sat is the hand's own (its text was not kept): not checked against the session's
                        # table, whose seating may be a later one (a chair that changed hands: break20 F4)
                        cur = (hand_id, restored[0], restored[1], None, restored[2], None)
                        # its void, as the restored header keeps it: revision 1 of its history
                        con.execute("INSERT INTO hand_revisions VALUES (?, 1, 'void', ?, ?, ?, ?, ?, ?, NULL, NULL, "
                                    "NULL, NULL, NULL)", [hand_id, _now(), "voided before the backup this database "
                                                          "was restored from ([_Voided])", restored[0], o.session,
                                                          o.hand, ingest_id])
                        con.execute("UPDATE sessions SET header = ? WHERE session_id = ?",
                                    [_without_void(restored[2], o.hand), restored[0]])
                if cur is None:
                    raise CorrectionError(f"{where}: hand {o.hand} of session {o.session!r} is not stored: nothing "
                                          "to amend (a new hand is stored with shead ingest)"
                                          + (_renamed_night(con, o, h.source) or _spelt_otherwise(con, o.session)),
                                          code="E-AMEND-NOT-STORED",
                                          found=f"hand {o.hand} of session {o.session!r}",
                                          expected="a stored hand (its session and number)")
                hand_id, session_id, rules, stored_hash, stored_header, stored_players = cur
                if stored_hash is None and restored is None and not bring_back:
                    _voided_whole(con, where, o, hand_id, session_id,
                                  {x.outcome.hand for x in result.hands if x.outcome.session == o.session})
                was = json.loads(stored_players or "{}")
                stored_text = _stored_text(con, hand_id) if stored_hash is not None else ""
                _own_lines_kept(where, o, h.source, stored_text, was, rules)
                if "Seats" not in own_tags(h.source):  # a hand's own [Seats] line: its names as written
                    _same_players(where, o, was)
                # the session's [Rules] (its header's tag) against the amendment's session header's: a hand's own
                # [Rules] line (a doubler hand, notation.md) is part of its text and may be amended away or in
                mine, theirs = _header_rules(stored_header), _header_rules(h.session_header)
                own_rules = rules  # what the stored hand was scored by (its own [Rules] line, if it had one)
                if mine is not None and theirs is not None:
                    rules = mine
                else:  # a header without the tag (a protocol's rules are inferred from its prices): as stored
                    theirs = o.rules
                played = _where_played(con, hand_id) if stored_hash is not None else None
                if (mine is not None and own_rules and not same_meaning(own_rules, mine)
                        and "Rules" not in own_tags(h.source) and not same_meaning(own_rules, o.rules)
                        and "Rules" not in own_tags(stored_text)):
                    # the stored hand was scored by the [Rules] of the file it came in (a later evening's file
                    # under other rules), not by a line of its own (which may be amended away, a doubler hand):
                    # amended under the session's header it was re-scored by the session's (scorer19 F2)
                    raise CorrectionError(
                        f"{where}: hand {o.hand} of session {o.session!r} is stored scored by its own [Rules "
                        f"{own_rules!r}], the amendment scores it by [Rules {o.rules!r}]: write the hand's own "
                        f"[Rules] {_on_hand_line(o.hand, 'Rules', own_rules)} (a hand's own [Rules] line "
                        "may change, written in the hand) (nothing changed)", code="E-AMEND-RULES",
                        found=f"[Rules {o.rules!r}]",
                        expected=f'[Rules "{_escape_tag(own_rules)}"] on the hand line after \'hand N\'')
                if not same_rules(rules, theirs):
                    # the way to re-score a night stored under the wrong house rules, said (newuser25 F1: it was
                    # found only from a parenthesis)
                    raise CorrectionError(f"{where}: hand {o.hand} of session {o.session!r} is stored in a session "
                                          f"under [Rules {rules!r}], the amendment's session is under [Rules "
                                          f"{theirs!r}]: an amendment keeps its session's rules (a hand's own [Rules] "
                                          "line may change); to score the night's hands by other rules, keep the "
                                          f'session\'s [Rules "{_escape_tag(rules or "")}"] line and write [Rules '
                                          f'"{_escape_tag(theirs or "")}"] on each hand line of the amendment, '
                                          f"right after 'hand N' (hand {o.hand}  [Rules "
                                          f'"{_escape_tag(theirs or "")}"]  dealer ...: each hand\'s own rules, read '
                                          "so without a warning), then shead ingest --amend FILE (nothing changed)",
                                          code="E-AMEND-RULES", found=f"[Rules {theirs!r}]",
                                          expected=f"[Rules {rules!r}]")
                if played is not None and played[0] and not o.date:
                    # an amendment that writes no [Date] keeps the hand's day (its own line, if it had one): a later
                    # evening's hand fixed so went to the session's first day, said "date None" (break20 F12)
                    day = _tag_in(stored_text, "Date") if "Date" in own_tags(stored_text) else None
                    h = replace(h, source=_with_tag_lines(h.source, [f'[Date "{_escape_tag(day)}"]']) if day
                                else h.source, outcome=replace(o, date=played[0]))
                    o = h.outcome
                if stored_hash is not None:
                    _same_day(where, o, h, stored_text, stored_header or "")
                    _other_night(con, where, o, h, hand_id, session_id, played,
                                 {x.outcome.hand for x in result.hands if x.outcome.session == o.session})
                if stored_hash is None and restored is None and not bring_back and _voided_as(con, hand_id) == h.hash:
                    # a voided hand sent again as it was when voided: the night's own file, sent to fix another
                    # hand or to rename a player; it stays voided (it came back into every total with one line
                    # said: break18 F11, break18b F6).  Its text changed (a note added will do) brings it back.
                    rep.still_voided.append((o.session, o.hand, hand_id))
                    return
                if stored_hash is not None and (
                        not stored_players or json.loads(stored_players) == dict(o.players)) and (
                        played == (o.date, o.group, o.table)) and (
                        bytes(stored_hash).hex() == h.hash
                        or _reads_the_same(con, session_id, stored_header, stored_text, h, hand_id)):
                    # the same text under the same names (the same text under names corrected in the header, a
                    # misspelt player, is a correction: it was "unchanged" and the name could never be fixed); or
                    # another layout of the same facts: the export's canonical text of a hand typed in lower case or
                    # saved from Log a hand made a revision nothing had changed in (newuser30 F1)
                    rep.unchanged.append((o.session, o.hand, hand_id))
                    return
                source = with_own_tags(h.source, stored_header or "", h.session_header)
                if source is not h.source:  # an amendment in the other card scheme (break16c F2), of another day
                    h = replace(h, source=source)
                self._open_history(con, hand_id)
                self._close_revision(con, hand_id)
                revision = _scalar(con, "SELECT max(revision) + 1 FROM hand_revisions WHERE hand_id = ?", [hand_id])
                con.execute("INSERT INTO hand_revisions VALUES (?, ?, 'amend', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
                            [hand_id, revision, _now(), reason, session_id, o.session, o.hand, ingest_id,
                             h.source_file or result.path, h.source_line, bytes.fromhex(h.hash), h.source])
                self._drop_current(con, hand_id)
                rows = [(hand_id, session_id, o)]
                self._append(con, "hands", _arrow.table(_hand_columns(rows, self._json), _HANDS_COLUMNS),
                             _HANDS_SELECT)
                self._append(con, "hand_units", _arrow.table(_unit_columns(rows), _UNITS_COLUMNS))
                self._insert_sources(con, rows, [h], ingest_id, result.path)
                rep.hands.append((o.session, o.hand, hand_id, revision))
                rep.sessions.add((session_id, o.session))
                moved = {a: (was[a], n) for a, n in o.players.items() if a in was and was[a] != n}
                if moved:  # said: an old header sent again moves a hand back to the old names (break18 F7)
                    rep.renamed.append((o.session, o.hand, hand_id, moved))
                where_now = (o.date, o.group, o.table)
                if played is not None and played != where_now:  # said too: the hand counts on another day
                    rep.moved.append((o.session, o.hand, hand_id, {
                        k: (a, b) for k, a, b in zip(("date", "group", "table"), played, where_now) if a != b}))
            refused: list[Diagnostic] = []
            for h in result.hands:  # every hand refused is said, each at its line (break22 F7: the first alone)
                try:
                    one(h)
                except CorrectionError as exc:
                    if exc.diagnostics:
                        refused.extend(exc.diagnostics)
                        continue
                    where = f"{h.source_file or result.path or '<input>'}:{h.source_line}: "
                    text = str(exc)
                    refused.append(Diagnostic(exc.code, text[len(where):] if text.startswith(where) else text,
                                              "error", h.source_file or result.path, h.source_line, 1,
                                              h.outcome.hand, found=exc.found, expected=exc.expected))
            if refused:
                raise CorrectionError("; ".join(f"{d.file}:{d.line}:{d.col}: {d.code}: {d.message}" for d in refused),
                                      code=refused[0].code, diagnostics=refused)
            con.execute("INSERT INTO ingests VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [ingest_id, f"amend: {result.path or '<input>'}", _now(), len(rep.hands), len(rep.unchanged),
                         0, False])
            for session_id, _ in sorted(rep.sessions):
                _replayed_session(con, session_id)
                _renamed_session(con, session_id)
            seen = set()
            for sess, _n, _hid, moved_names in rep.renamed:  # a renamed seat's other hands, under the old name
                for alias, (old, new) in moved_names.items():
                    if (sess, alias, old) in seen:
                        continue
                    seen.add((sess, alias, old))
                    left = [n for (n,) in con.execute(
                        "SELECT hand FROM hands WHERE session = ? AND json_extract_string(players, ?) = ? ORDER BY hand",
                        [sess, f'$."{alias}"', old]).fetchall()]
                    if left:
                        rep.left_named.append((sess, alias, old, new, left))

        try:
            return self._correct(work, report, on_stage)
        except CorrectionError as exc:
            if not exc.later or exc.diagnostics:
                raise
            # each later hand that would no longer agree, said at the amended hand of its session before it (the
            # cause), with what it writes and what the rules would give (break22 F7: one message, no position)
            out = []
            for sess, number, hid, d in exc.later:
                cause = max((h for h in result.hands if h.outcome.session == sess and number is not None
                             and h.outcome.hand < number), key=lambda h: h.outcome.hand, default=None) or \
                    result.hands[0]
                out.append(Diagnostic(
                    "E-AMEND-CARRY", f"the amendment is refused, nothing changed: this hand's new text changes the "
                    f"stake or the pot carried to later hands (rules.md D-11, D-12, D-19), and hand {number} of "
                    f"session {sess!r} (hand id {hid}) would no longer agree with the rules: {d.code}: {d.message}. "
                    f"{AMEND_LATER_HOW}",
                    "error", cause.source_file or result.path, cause.source_line, 1, cause.outcome.hand,
                    found=d.found, expected=d.expected))
            raise CorrectionError(str(exc), code="E-AMEND-CARRY", diagnostics=out, later=exc.later) from None

    def void(self, hand_id: int, reason: str, on_stage: Callable[[str], None] | None = None) -> "CorrectionReport":
        """Void stored hand ``hand_id`` with ``reason``, in one transaction:
        its revision in force is kept in ``hand_revisions`` with what it
        counted for, a 'void' revision is added, and its rows leave
        ``hands``, ``hand_units``, ``card_log`` and ``hand_source`` (so no
        ledger or statistic counts it); its session is re-derived, so the
        doubler stake and the pot of the later hands (rules.md D-11, D-12,
        D-19) no longer count it.  Raises :class:`CorrectionError` when the
        hand is not stored or already voided, or ``reason`` is empty."""
        return self.void_hands([hand_id], reason, on_stage)

    def void_hands(self, hand_ids: list[int], reason: str,
                   on_stage: Callable[[str], None] | None = None) -> "CorrectionReport":
        """:meth:`void` for each of ``hand_ids`` in one transaction (a whole
        session stored twice, ``W-SESSION-COPY``: every one of its hands),
        each session re-derived once after all are voided; all or nothing.
        Raises :class:`CorrectionError` as :meth:`void` does, for the first
        hand that cannot be voided, or when ``hand_ids`` is empty."""
        if not (reason or "").strip():
            raise CorrectionError("a void needs a reason (--reason TEXT)")
        if (why := reason_problem(reason)) is not None:
            raise CorrectionError(why)
        if not hand_ids:
            raise CorrectionError("no hand to void")
        report = CorrectionReport(action="void", reason=reason)

        def work(con: duckdb.DuckDBPyConnection, rep: CorrectionReport) -> None:
            ingest_id = _scalar(con, "SELECT coalesce(max(ingest_id), 0) + 1 FROM ingests")
            for hand_id in hand_ids:
                cur = con.execute("SELECT session_id, session, hand FROM hands WHERE hand_id = ?",
                                  [hand_id]).fetchone()
                if cur is None:
                    gone = con.execute("SELECT session, hand FROM hand_revisions WHERE hand_id = ? "
                                       "AND action = 'void'", [hand_id]).fetchone()
                    if gone:
                        raise CorrectionError(f"hand {gone[1]} of session {gone[0]!r} (hand id {hand_id}) is already "
                                              "voided")
                    raise CorrectionError(f"no stored hand with id {hand_id}")
                session_id, name, number = cur
                self._open_history(con, hand_id)
                self._close_revision(con, hand_id)
                revision = _scalar(con, "SELECT max(revision) + 1 FROM hand_revisions WHERE hand_id = ?", [hand_id])
                con.execute("INSERT INTO hand_revisions VALUES (?, ?, 'void', ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, "
                            "NULL, NULL)", [hand_id, revision, _now(), reason, session_id, name, number, ingest_id])
                self._drop_current(con, hand_id)
                rep.hands.append((name, number, hand_id, revision))
                rep.sessions.add((session_id, name))
            what = f"hand id {hand_ids[0]}" if len(hand_ids) == 1 else f"{len(hand_ids)} hands"
            con.execute("INSERT INTO ingests VALUES (?, ?, ?, 0, 0, 0, FALSE)", [ingest_id, f"void: {what}", _now()])

        return self._correct(work, report, on_stage)

    def void_sitting(self, name: str, reason: str) -> dict[str, int]:
        """Void the ledger sitting ``name`` (a session stored without hands
        from a CSV ledger's row, ``format = 'csv-ledger'``) with ``reason``,
        in one transaction: its nets are kept in ``voided_settlements``
        (migration 024) and its ``sessions`` and ``settlements`` rows removed,
        so the ledger no longer counts it and a corrected row of that date and
        players can be stored; the same row sent again is not
        (``W-SITTING-VOIDED``, :func:`ingest.csv_identity.match_sittings`).
        Returns the voided nets (player -> units).  Raises
        :class:`CorrectionError` when ``reason`` is empty or no sitting of
        that name is stored (already voided: said so)."""
        if not (reason or "").strip():
            raise CorrectionError("a void needs a reason (--reason TEXT)")
        if (why := reason_problem(reason)) is not None:
            raise CorrectionError(why)
        nets: dict[str, int] = {}

        def work(con: duckdb.DuckDBPyConnection, rep: CorrectionReport) -> None:
            row = con.execute("SELECT session_id FROM sessions WHERE session = ? AND format = 'csv-ledger'",
                              [name]).fetchone()
            if row is None:
                gone = con.execute("SELECT strftime(max(voided_at), '%Y-%m-%d %H:%M') FROM voided_settlements "
                                   "WHERE session = ?", [name]).fetchone()[0]
                raise CorrectionError(f"the sitting {name!r} is already voided (on {gone} UTC)" if gone else
                                      f"no stored sitting named {name!r}")
            (sid,) = row
            nets.update((p, int(u)) for p, u in con.execute(
                "SELECT player, units FROM settlements WHERE session_id = ? ORDER BY player", [sid]).fetchall())
            con.execute("INSERT INTO voided_settlements SELECT s.session_id, s.session, s.date, s.\"group\", st.player, "
                        "st.units, st.game, st.source_row, s.first_file, ?, ? FROM settlements st JOIN sessions s "
                        "USING (session_id) WHERE s.session_id = ?", [_now(), reason, sid])
            con.execute("DELETE FROM settlements WHERE session_id = ?", [sid])
            con.execute("DELETE FROM sessions WHERE session_id = ?", [sid])
            ingest_id = _scalar(con, "SELECT coalesce(max(ingest_id), 0) + 1 FROM ingests")
            con.execute("INSERT INTO ingests VALUES (?, ?, ?, 0, 0, 0, FALSE)", [ingest_id, f"void: sitting {name}",
                                                                               _now()])

        self._correct(work, CorrectionReport(action="void", reason=reason), None)
        return nets

    @staticmethod
    def _carry_fits(con: duckdb.DuckDBPyConnection, name: str, session_id: int, fresh: list[ValidatedHand],
                    result: FileResult, plan: "IngestPlan | None", known: bool, pre: dict | None = None,
                    saves: list | None = None) -> bool:
        """Whether session ``name``'s new hands were validated from its stored
        running state and simply follow its stored hands: the state row is
        the one the plan read (the same hand count and highest number), every
        hand of the session the validator accepted was stored, and their
        numbers rise from above the stored ones.  Then the validator's final
        state is the session's new state (stored here) and nothing stored
        before needs re-deriving (docs/storage.md "Session carry")."""
        if plan is None or name not in plan.carries:
            return False
        count, top, state = plan.carries[name]
        if pre is not None and session_id in pre:  # _carry_rows: (state hands, state top, stored hands)
            hands_, top_, stored, has = pre[session_id]
            row = (hands_, top_) if has else None
        else:
            row = con.execute("SELECT hands, top_hand FROM session_state WHERE session_id = ?",
                              [session_id]).fetchone()
            stored = None
        if known:
            if row is None or row[0] != count or row[1] != top:
                return False
            if stored is None:
                stored = _scalar(con, "SELECT count(*) FROM hands WHERE session_id = ?", [session_id])
            if stored != count + sum(1 for h in fresh if h.outcome.session == name):
                return False
        elif row is not None:
            return False
        numbers = [h.outcome.hand for h in fresh if h.outcome.session == name]
        accepted = sum(1 for h in result.hands if h.outcome.session == name)
        if not numbers or len(numbers) != accepted:
            return False
        if any(b <= a for a, b in zip(numbers, numbers[1:])) or (top is not None and numbers[0] <= top):
            return False
        if saves is not None:
            saves.append((session_id, state, count + len(numbers), numbers[-1]))
        else:
            _save_state(con, session_id, state, count + len(numbers), numbers[-1])
        return True

    def plan_ingest(self, shn) -> tuple[object, "IngestPlan", Callable]:
        """Prepare a read SHN file (:class:`ingest.shn.record.ShnFile`) for
        validation against the stored sessions: ``(file, plan, prior)``.

        * hands whose text is already stored (this hash, under the same
          ``[Rules]``; or an earlier revision of a corrected hand) are left out
          of ``file`` — they are duplicates, counted in ``plan.skipped`` — so
          a re-ingest of stored hands replays nothing;
        * ``prior`` (for :func:`ingest.validate.validate_records`) gives each
          session whose remaining hands all follow its stored hands, in rising
          order, its stored running state (``session_state``) — no stored hand
          is read back or replayed, whatever the session's length — and any
          other session its stored hands (:meth:`prior_hands`, as before).
        """
        from ingest.model import content_hash  # noqa: PLC0415
        from replay.judge import SessionState  # noqa: PLC0415

        plan = IngestPlan()
        recs = list(shn.hands)
        keep, states, last_days = recs, {}, {}
        whole: dict = {}  # each stored session with no hand in force, its hands voided: its carry (fixc30 F1)
        if self.path.exists() or self._con is not None:
            self._keep_raw_sessions(shn, recs)
            con = self._writer()
            try:
                # the file's stored sessions: only their hands can hold its hashes (_session_ids); a block of one
                # whose group (or derived id's tags) is another's is refused whole, filed apart (break30 F1)
                rows = con.execute(_SESSIONS_KNOWN, [sorted({r.session_id for r in recs})]).fetchall()
                if rows:
                    _apart_from_stored(shn, recs, rows)
                ids = [row[0] for row in rows]
                hashes = [content_hash(r.session_id, r.number, r.source) for r in recs]
                # the probes as list parameters, not registered Arrow tables: DuckDB's `register` imports
                # pandas (about 0.5 CPU-s, a fifth of a re-ingest of 1,000 stored hands; issue 17)
                probe = "(SELECT unnest(?::BLOB[]) AS hash)"
                # an earlier revision's text is of its own [Date] line's day, else its session's: the same text of
                # another day (a voided practice night's hand, numbered alike) is no duplicate (break20 F6)
                found, in_force = {}, set()
                for hsh, rules, day, text, live in con.execute(
                        "SELECT p.hash, h.rules, CAST(h.date AS VARCHAR), NULL, true FROM hand_source s JOIN hands h "
                        f"USING (hand_id) JOIN {probe} p ON s.hash = p.hash WHERE {_scope(con, ids)} "
                        "UNION ALL SELECT p.hash, x.rules, CAST(x.date AS VARCHAR), r.source, false FROM "
                        f"hand_revisions r JOIN sessions x USING (session_id) JOIN {probe} p ON r.hash = p.hash",
                        [[bytes.fromhex(h) for h in hashes]] * 2).fetchall() if ids else ():
                    found[bytes(hsh).hex()] = (rules, _revision_day(text, day) if text is not None else day)
                    if live:
                        in_force.add(bytes(hsh).hex())
                # a text of a hand voided since (its latest revision a void) is not stored again, and is said so, not
                # counted a duplicate (break22b F5); asked only when a text found is no hand's in force
                gone = _voided_texts(con, [h for h in found if h not in in_force]) if len(found) > len(
                    in_force) else {}
                keep, same_text = [], []
                for r, h in zip(recs, hashes):
                    # the same text of another day (a night numbered from 1 again) is no duplicate: it goes on to
                    # the store, which refuses it and says why (Store._other_day, scorer19 F5)
                    if h in found and not r.errors and same_rules(found[h][0], r.tag("Rules") or "") and (
                            found[h][1] is None or _iso_day(r.tag("Date")) in (None, found[h][1])):
                        if h in gone:
                            plan.voided.append((r.session_id, r.number, r.line) + gone[h])
                            plan.voided_records.append((r, h))
                            continue
                        plan.skipped += 1
                        plan.skipped_hands.append((r.session_id, r.number, r.line))
                        plan.skipped_texts.append((r.session_id, r.number, r.line, h, r.source))
                        if h not in in_force:  # a text amended since: a duplicate, said so (real23 F6)
                            plan.amended.append((r.session_id, r.number, r.line, h))
                        else:
                            same_text.append((r, h))
                    else:
                        keep.append(r)
                if plan.amended:  # when and why each was amended: one query, only for such texts
                    why = _amended_texts(con, [a[3] for a in plan.amended])
                    plan.amended = [a[:3] + why[a[3]] for a in plan.amended if a[3] in why]
                if same_text:  # the text in force under the names from before an amendment (real23b F9)
                    plan.amended += _renamed_since(con, same_text)
                # none of the file's sessions stored (a first ingest): none has a state to read
                for row in con.execute(
                        "SELECT s.session, coalesce(s.format, 'shn'), t.hands, t.top_hand, t.queued, t.run, "
                        "t.pot, t.last_hand, t.last_dealer, t.known, t.session_id, s.session_id, NOT EXISTS "
                        "(SELECT 1 FROM hands h WHERE h.session_id = s.session_id) FROM sessions s "
                        "LEFT JOIN session_state t USING (session_id) WHERE s.session = ANY(?::VARCHAR[])",
                        [sorted({r.session_id for r in keep})]).fetchall() if ids else ():
                    states[row[0]] = row[1:11]
                    if row[1] == "shn" and row[12]:  # no hand in force, its hands voided: the night's opening pot
                        # kept, not an empty one (fixc30 F1); a new hand 1 opens the night itself
                        first = min(r.number for r in keep if r.session_id == row[0])
                        if (carry := voided_whole_carry(con, row[11], first)) is not None:
                            whole[row[0]] = carry
                carried = [int(row[-1]) for row in states.values() if row[-1] is not None]
                if carried:  # the day each continued session's last hand was played: a night of another day deals
                    # from a seat of its own, not on from it (replay.judge_common.written_dealer, scorer19 F7b)
                    last_days = _last_days(con, carried)
            finally:
                self._maybe_release()
        names = sorted({r.session_id for r in keep})
        for name in names:
            numbers = [r.number for r in keep if r.session_id == name]
            rising = all(b > a for a, b in zip(numbers, numbers[1:]))
            got = states.get(name)
            if got is None:  # a new session: validated from an empty carry, as always
                if rising:
                    plan.carries[name] = (0, None, SessionState())
                continue
            fmt, count, top, queued, run, pot, last_hand, last_dealer, known, has = got
            if name in whole and rising:  # every hand voided: from the night's opening pot (fixc30 F1)
                plan.carries[name] = (0, None, replace(whole[name]))
            elif fmt == "shn" and has is not None and rising and (top is None or numbers[0] > top):
                plan.carries[name] = (count, top, SessionState(queued, run, pot, last_hand, last_dealer, known,
                                                               last_date=last_days.get(has)))

        if keep and (self.path.exists() or self._con is not None):
            self._note_spellings(shn, [r for r in keep if r.session_id not in states])

        def prior(sid: str):
            if sid in plan.carries:
                return plan.carries[sid][2], []
            if sid in whole:  # no hand in force (hands out of order): its carry, as an amendment's (voided_carry)
                return replace(whole[sid]), []
            if sid in states:
                return self.prior_hands(sid)
            return []

        return replace(shn, hands=keep), plan, prior

    def _note_spellings(self, shn, recs: list) -> None:
        """W-GROUP-SPELLING and W-PLAYER-SPELLING for the new sessions of a
        file (``recs``: its hands of sessions not stored): a group
        (``[Event]``) written as a stored group but for case, accents or
        spacing, and a player of ``[Seats]`` written so as a stored player of
        that group (real23 F1, F2; break23 F5: ``Friday phone club``, ``cy
        lutz``, ``Béa Schmidt`` became a new group or player without a
        word).  They are not merged (they may be others), only named with
        the fix.  One query a file, only when it has a new session with a
        group."""
        sessions = {}
        for r in recs:
            if id(r.session) not in sessions and r.session.tags.get("Event"):
                sessions[id(r.session)] = r.session
        if not sessions:
            return
        from ingest.shn.reader import parse_seats  # noqa: PLC0415 - imported when used

        con = self._writer()
        try:  # the stored groups and players, read once a connection (issue 17: a query a file cost 2 µs a hand)
            groups, used, _ = self._stored_names(con)
        finally:
            self._maybe_release()
        said = set()
        con_rows: dict = {}  # the stored Seats of a group, read when a name is a letter from a stored player's
        for sess in sessions.values():
            event = sess.tags["Event"]
            stored = _stored_spellings(groups, event)
            if not stored:
                continue
            at = sess.tag_pos.get("Event")
            if event not in stored and ("group", event) not in said:
                said.add(("group", event))
                spelt = sorted(stored)[0]
                if spelt.strip() == event:  # stored with an end space, read so before session 23 (real23b F2)
                    shn.errors.append(self._end_space_group(spelt, sess, at, shn.path))
                    continue
                shn.errors.append(group_spelling_warning(event, spelt, sess.id, shn.path, at))
            players = {p for ps in stored.values() for p in ps}
            by_fold: dict[str, list[str]] = {}
            for p in players:
                by_fold.setdefault(_fold_name(p), []).append(p)
            value = sess.tags.get("Seats")
            if not value:
                continue
            try:
                seats = parse_seats(value)
            except ValueError:
                continue
            at = sess.tag_pos.get("Seats")
            odd = {}  # alias -> the stored spelling of its name
            for alias, name in seats:
                # the spelling of the most hands first (break23b F7: 'BEA SCHMIDT', a typo of one night, was named
                # before the 'Bea Schmidt' of every other night, sorting first)
                like = sorted(by_fold.get(_fold_name(name), ()), key=lambda x: (-used.get(x, 0), x))
                if like and name not in players and ("player", name) not in said:
                    said.add(("player", name))
                    odd[alias] = like[0]
            near = self._near_spellings(con_rows, stored, seats, players, by_fold, odd, said)
            if near:
                shn.errors.append(_near_spelling_warning(near, seats, sorted(stored)[0], shn.path, at))
            if not odd:
                continue
            names = dict(seats)
            fixed = "; ".join(f"{a}={odd.get(a, n)}" for a, n in seats)
            written = ", ".join(f"{a} is {names[a]!r}" for a in odd)
            shn.errors.append(Diagnostic(
                "W-PLAYER-SPELLING", f"{written}: {'a new player' if len(odd) == 1 else 'new players'}; the group "
                f"{sorted(stored)[0]!r} has {', '.join(repr(v) for v in odd.values())}, written otherwise only in "
                f"case, accents, spacing or apostrophes (\u2019 for '): if the same {'player' if len(odd) == 1 else 'players'}, write the Seats as "
                f"stored ([Seats \"{fixed}\"]; once stored, shead ingest --amend FILE with those Seats renames "
                "the hands); if another player, nothing to do", "warning", shn.path, at.line if at else 0,
                at.col if at else 0, found=", ".join(names[a] for a in odd), expected=", ".join(odd.values())))
        hands: dict[int, int] = {}
        for r in recs:
            hands[id(r.session)] = hands.get(id(r.session), 0) + 1
        for key, sess in sessions.items():  # stored with this file: the groups and players of the files after it
            try:
                seats = parse_seats(sess.tags.get("Seats") or "")
            except ValueError:
                seats = []
            got = groups.setdefault(_fold_name(sess.tags["Event"]), {}).setdefault(sess.tags["Event"], set())
            for _, name in seats:
                got.add(name)
                used[name] = used.get(name, 0) + hands.get(key, 0)
            if seats:
                self._noted_seats.setdefault(sess.tags["Event"], []).append(dict(seats))

    def _near_spellings(self, rows: dict, stored: dict, seats: list, players: set, by_fold: dict, odd: dict,
                        said: set) -> dict[str, str]:
        """The names of ``seats`` (new to the group) one adjacent transposition
        or one letter from a stored player of the group ``stored`` (its
        spellings -> players) seated under the same alias, with the same
        first name, of 5 letters or more (newuser33 F2: ``Lou=Lou Zeigler``
        beside the stored ``Lou=Lou Ziegler``): alias -> the stored
        spelling.  The group's stored Seats are read (one query, kept in
        ``rows`` for the file) only when such a name is seen."""
        near: dict[str, str] = {}
        for alias, name in seats:
            if alias in odd or name in players or ("player", name) in said or _fold_name(name) in by_fold:
                continue
            folded = _fold_name(name)
            if sum(c.isalpha() for c in folded) < 5:
                continue
            like = sorted(p for p in players if _one_letter_apart(folded, _fold_name(p))
                          and folded.split()[0] == _fold_name(p).split()[0] and not _generations(folded, _fold_name(p)))
            if not like:
                continue
            key = tuple(sorted(stored))
            if key not in rows:
                con = self._writer()
                try:
                    rows[key] = [json.loads(t) for (t,) in con.execute(
                        'SELECT DISTINCT players FROM sessions WHERE "group" = ANY(?::VARCHAR[]) AND players IS NOT '
                        "NULL", [list(key)]).fetchall() if t]
                except (duckdb.Error, ValueError):
                    rows[key] = []
                finally:
                    self._maybe_release()
            under = {p for got in rows[key] if isinstance(got, dict) for a, p in got.items() if a == alias} | {
                p for g in key for got in self._noted_seats.get(g, ()) for a, p in got.items() if a == alias}
            like = [p for p in like if p in under]
            if like:
                said.add(("player", name))
                near[alias] = like[0]
        return near

    def _stored_names(self, con: duckdb.DuckDBPyConnection) -> tuple[dict, dict, bool]:
        """``(groups, used, spaced)`` of the stored sessions, read once a
        write connection (two queries) and kept with it: ``groups`` a folded
        group (:func:`_fold_name`) -> its stored spellings -> their players,
        ``used`` a player -> the hands stored under that spelling,
        ``spaced`` whether a stored session's name holds a run of spaces or
        an end space (read so before session 23, :meth:`_join_spaced_sessions`).
        :meth:`_note_spellings` adds each file's sessions as it plans them;
        another process's sessions are seen from the next connection on (the
        warnings are notes, never a verdict).  A database before
        ``session_players`` (migration 016) gives no groups."""
        got = self._names_cache
        if got is not None and got[0] is con:
            return got[1]
        groups: dict[str, dict[str, set[str]]] = {}
        used: dict[str, int] = {}
        try:
            rows = con.execute('SELECT s."group", p.player, sum(p.hands) FROM (SELECT DISTINCT "group" FROM sessions '
                               'WHERE "group" IS NOT NULL) s LEFT JOIN session_players p USING ("group") '
                               "GROUP BY ALL").fetchall()
        except duckdb.Error:
            rows = []
        for g, player, n in rows:
            got_g = groups.setdefault(_fold_name(g), {}).setdefault(g, set())
            if player:
                got_g.add(player)
                used[player] = used.get(player, 0) + int(n or 0)
        spaced = bool(con.execute("SELECT EXISTS (SELECT 1 FROM sessions WHERE session <> trim(regexp_replace("
                                  "session, '\\s+', ' ', 'g')) OR session <> translate(session, ?, ?))",
                                  list(_MARKS_SQL)).fetchone()[0])
        self._names_cache = (con, (groups, used, spaced))
        return groups, used, spaced

    def sheet_spellings(self, names: list[str], path: str | None, header_row: int) -> list[Diagnostic]:
        """W-PLAYER-SPELLING for a sheet's players (``names``, as stored)
        written as stored players but for case, accents or spacing (real23b
        F3: ``gus`` and ``KIM`` beside ``Gus`` and ``Kim`` in the ledger,
        without a word): one warning at the header's row naming each and the
        stored spelling of the most hands.  One query; none when the
        database does not exist yet."""
        if not names or (not self.path.exists() and self._con is None):
            return []
        folds = {n: _fold_name(n) for n in names}
        con = self._writer()
        try:
            rows = con.execute(
                "SELECT player, sum(hands) FROM session_players WHERE trim(regexp_replace(lower(strip_accents("
                "translate(player, ?, ?))), '\\s+', ' ', 'g')) = ANY(?::VARCHAR[]) GROUP BY player",
                [*_MARKS_SQL, sorted(set(folds.values()))]).fetchall()
        except duckdb.Error:
            rows = []
        finally:
            self._maybe_release()
        stored = sorted(((p, int(n or 0)) for p, n in rows), key=lambda x: (-x[1], x[0]))
        odd = {}
        for n, f in folds.items():
            like = [p for p, _ in stored if _fold_name(p) == f]
            if like and n not in like:
                odd[n] = like[0]
        if not odd:
            return []
        written = ", ".join(f"{n!r} (stored: {s!r})" for n, s in odd.items())
        return [Diagnostic(
            "W-PLAYER-SPELLING", f"the sheet's {written} {'is a new player' if len(odd) == 1 else 'are new players'}, "
            "written as a stored player but for case, accents or spacing: if the same, write the header as stored "
            "(or --columns 'CELL=NAME'; once stored, its hands are renamed by shead ingest --amend of their SHN "
            "export); if another player, nothing to do", "warning", path, header_row, 1,
            found=", ".join(odd), expected=", ".join(odd.values()))]

    def _end_space_group(self, spelt: str, sess, at, path: str | None) -> Diagnostic:
        """W-TAG-SPACES for a new session whose group is a stored group but for
        its end spaces: that group was read with them before session 23 (a
        phone's predictive text), so the night's hands stored then are filed
        under another session (real23b F2: the night's second half became a
        session of its own without a word).  Names the stored sessions of the
        group on the session's date and the void that files them with it."""
        day = (sess.tags.get("Date") or "").replace(".", "-")
        con = self._writer()
        try:
            names = [n for (n,) in con.execute(
                'SELECT session FROM sessions WHERE "group" = ? AND (CAST(date AS VARCHAR) = ? OR ? = \'\') '
                "ORDER BY session_id LIMIT 3", [spelt, day, day]).fetchall()]
        finally:
            self._maybe_release()
        which = ", ".join(repr(n) for n in names) or f"the sessions of the group {spelt!r}"
        void = (f"shead void {shlex.quote(names[0])} --session --reason 'end space'" if names else
                "shead void SESSION --session --reason 'end space'")
        return Diagnostic(
            "W-TAG-SPACES", f"[Event {sess.tags['Event']!r}] is a new group; the group {spelt!r} is stored with an "
            f"end space (read so before session 23): {which} of it may be this night, filed apart from this "
            f"file's hands; to make them one night: {void}, then ingest that night's file again (its tags are "
            "now read without the end space)", "warning", path, at.line if at else 0, at.col if at else 0,
            found=repr(sess.tags["Event"]), expected=repr(spelt))

    def _keep_raw_sessions(self, shn, recs: list) -> None:
        """A session of the file whose identity tags end in spaces (a phone's
        predictive text) and which is stored under the id they gave when read
        with them (before session 23, real23 F1) is read so again: its hands
        keep their stored hashes (a re-ingest is duplicates; a later hand
        joins the night it continues), with W-TAG-SPACES.  One query, only
        for a file with such a tag."""
        raw = {}
        for r in recs:
            if r.session.raw and id(r.session) not in raw:
                raw[id(r.session)] = r.session
        if raw:
            from ingest.validate import keep_raw_reading  # noqa: PLC0415 - imported when used

            con = self._writer()
            stored = {row[0] for row in con.execute(
                "SELECT s.session FROM sessions s WHERE s.session = ANY(?::VARCHAR[]) AND coalesce(s.format, 'shn') = "
                "'shn' AND EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id)",
                [sorted({s.raw_id() for s in raw.values()})]).fetchall()}
            for sess in raw.values():
                if sess.raw_id() in stored and sess.raw_id() != sess.id:
                    shn.errors.append(keep_raw_reading(sess, shn.path))
        self._join_spaced_sessions(shn, recs)

    #: the tags of a session's identity (replay.facts.SessionRec.id) that the reader reads without end spaces
    _ID_TAGS = ("Session", "Event", "Date", "Table")

    def _join_spaced_sessions(self, shn, recs: list) -> None:
        """A session of the file written without end spaces whose night is
        stored under tags that had them (read so before session 23: a
        phone's ``[Event "Friday Phone Club "]``) is read under the stored
        tags, so that the night stays one session: its hands sent again are
        duplicates, a later hand joins it (real23b F2, break23b F2: the
        night's other half, or the night re-sent with a hand more, became a
        session of its own, counted twice), with W-TAG-SPACES.  So is one
        whose night is stored with a typographic apostrophe or quote (read so
        before session 34, ``Mike’s night``) where the file writes another
        mark (``'``, or ‘ for ’: verify34 F2, a new session opened and the
        doubler's x2 lost).  One query a file with a session whose id is not
        stored."""
        sessions = {}
        for r in recs:  # a session with a mark read as ASCII whose id as written is not stored either (raw kept)
            if id(r.session) not in sessions and r.session.id != "?":
                sessions[id(r.session)] = r.session
        if not sessions:
            return
        ids = sorted({s.id for s in sessions.values()})
        con = self._writer()
        fold = "trim(regexp_replace(translate({}, ?, ?), '\\s+', ' ', 'g'))"
        try:
            if not self._stored_names(con)[2]:  # no stored name with a space too many or a mark: none to join
                return
            rows = con.execute(
                "SELECT s.session, s.header FROM sessions s WHERE s.session <> ALL(?::VARCHAR[]) AND "
                f"{fold.format('s.session')} = ANY(?::VARCHAR[]) AND "
                "coalesce(s.format, 'shn') = 'shn' AND EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id) "
                "AND NOT EXISTS (SELECT 1 FROM sessions t WHERE t.session = ANY(?::VARCHAR[]) "
                f"AND {fold.format('t.session')} = {fold.format('s.session')}) ORDER BY s.session_id",
                [ids, *_MARKS_SQL, [_plain_id(i) for i in ids], ids, *_MARKS_SQL, *_MARKS_SQL]).fetchall()
        finally:
            self._maybe_release()
        if not rows:
            return
        for sess in sessions.values():
            for name, header in rows:
                if _plain_id(name) != _plain_id(sess.id):
                    continue
                was = {k: _header_tag(header, k) for k in self._ID_TAGS if k in sess.tags}
                if any(v is None or _plain_id(v) != _plain_id(sess.tags[k]) for k, v in was.items()):
                    continue  # not the same tags but for end spaces and marks
                spaced = {k: v for k, v in was.items() if v != sess.tags[k]}
                if not spaced or SessionRec({**sess.tags, **spaced}).id != name:
                    continue
                k0 = next(iter(spaced))
                at = sess.tag_pos.get(k0)
                why, when = (("end space", "with an end space before session 23")
                             if " ".join(spaced[k0].split()) != spaced[k0] else
                             ("typographic mark", "with its typographic mark before session 34"))
                shn.errors.append(Diagnostic(
                    "W-TAG-SPACES", f"[{k0} {sess.tags[k0]!r}]: this night is stored as {name!r}, its "
                    f"[{k0} {spaced[k0]!r}] read {when}: the file's hands are filed "
                    f"there (sent again they are duplicates); to file the night under {sess.id!r}: shead void "
                    f"{shlex.quote(name)} --session --reason '{why}', then ingest its files again", "warning",
                    shn.path, at.line if at else 0, at.col if at else 0, found=repr(sess.tags[k0]),
                    expected=repr(spaced[k0])))
                sess.tags.update(spaced)
                sess.raw.clear()  # read as stored (SessionRec.raw_id: the validator's look-up by it)
                break

    def prior_hands(self, session: str) -> list:
        """The stored hands of SHN session ``session`` read back as records
        (:class:`ingest.shn.record.HandRecord`, in hand order, under the
        stored session header), for the validator's carry
        (:func:`ingest.validate.validate_records` ``prior``).  Empty when the
        session is not stored, is a NetSchafkopf session, or the database
        does not exist yet."""
        if not self.path.exists() and self._con is None:
            return []
        con = self._writer()
        row = con.execute("SELECT session_id, header, coalesce(format, 'shn') FROM sessions WHERE session = ?",
                          [session]).fetchone()
        if row is None or row[2] != "shn":
            self._maybe_release()
            return []
        order = con.execute("SELECT hand_id, rules, players FROM hands WHERE session_id = ? ORDER BY hand, hand_id",
                            [row[0]]).fetchall()
        ids = [i for i, _, _ in order]
        texts = _texts(con, ids)
        header = row[1]
        # each hand under the rules and names it was stored with (in_session)
        sources = [in_session(texts[i][1], header, r, json.loads(p or "{}")) for i, r, p in order]
        try:  # its voided hands count for nothing: no gap before the hands after them (as _reread_session)
            voided = _voided_numbers(con, row[0])
        except duckdb.CatalogException:  # before migration 007
            voided = set()
        self._maybe_release()
        if voided and "[_Voided " not in header:  # a tester's finding: a late hand after a void was told of a gap
            header = header.rstrip("\n") + f'\n[_Voided "{" ".join(map(str, sorted(voided)))}"]\n'
        from ingest.shn.reader import read  # noqa: PLC0415 - imported when used

        recs = read(_session_doc(header, sources), f"<stored {session}>").hands
        if recs and recs[0].session_id != session and recs[0].session.raw_id() == session:
            # stored before identity tags were read without their end spaces: read as it was stored (real23 F1)
            for sess in {id(r.session): r.session for r in recs}.values():
                if sess.raw_id() == session:
                    sess.tags.update(sess.raw)
                    sess.raw.clear()
        return [r for r in recs if r.session_id == session]

    def voided_carry(self, session: str):
        """The carry an amendment of SHN session ``session`` starts from when
        every stored hand of it is voided (``shead void --session``): an empty
        one whose voided hands (``SessionState.voided``) are no gap before the
        hands amended back (docs/notation.md ``[_Voided]``; break29b F7: hand 2
        amended back was told hand 1 is missing), with the opening pot a
        voided hand 1 keeps (:func:`voided_whole_carry`, rules.md D-19).  None
        when the session is not stored, has a hand in force, or has no voided
        hand."""
        if not self.path.exists() and self._con is None:
            return None
        con = self._writer()
        try:
            row = con.execute("SELECT session_id FROM sessions s WHERE session = ? AND coalesce(format, 'shn') = 'shn' "
                              "AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id)",
                              [session]).fetchone()
            return voided_whole_carry(con, row[0]) if row is not None else None
        finally:
            self._maybe_release()

    def stored_outcome(self, session: str, number: int) -> HandOutcome | None:
        """The stored outcome of hand ``number`` of session ``session`` (the
        first stored when there are several), or None when it is not stored:
        a stored hand the current rules refuse when it is replayed for the
        carry keeps this outcome (:data:`ingest.validate.KeptOutcome`)."""
        if not self.path.exists() and self._con is None:
            return None
        con = self._writer()
        try:
            got = load_hands(con, "h.hand_id = (SELECT min(hand_id) FROM hands WHERE session = ? AND hand = ?)",
                             [session, number])
        finally:
            self._maybe_release()
        return got[0].outcome if got else None

    @staticmethod
    def _rules_clashes(con: duckdb.DuckDBPyConnection, hands: list[ValidatedHand]) -> dict[str, RejectedHand]:
        """Hands whose text is stored (the same hash) but under another
        ``[Rules]``: the stored result would silently stand for a hand the
        file plays by other rules, so each is ``E-HAND-CONFLICT`` (keyed by
        hash; docs/storage.md "Session carry").  Except a NetSchafkopf game
        whose new rules only add to the stored ones (:func:`ingest.model.refines`:
        the protocol read again with more price lines) and which pays the
        same units under them: a duplicate, and its session's hands take the
        new rules."""
        probe = _arrow.table({"hash": [bytes.fromhex(h.hash) for h in hands]}, {"hash": "binary"})
        ids = _session_ids(con, {h.outcome.session for h in hands})
        con.register("_rules_probe", probe)
        try:
            found = con.execute(
                "SELECT s.hash, h.rules, s.file, s.line, h.hand_id, h.session_id, x.format FROM hand_source s "
                "JOIN hands h USING (hand_id) JOIN sessions x ON x.session_id = h.session_id "
                f"SEMI JOIN _rules_probe p ON s.hash = p.hash WHERE {_scope(con, ids)}").fetchall()
        finally:
            con.unregister("_rules_probe")
        stored = {bytes(hsh).hex(): row for hsh, *row in found}
        out: dict[str, RejectedHand] = {}
        refined: dict[tuple[int, str], HandOutcome] = {}
        for h in hands:
            o = h.outcome
            old = stored.get(h.hash)
            if old is None or same_rules(old[0], o.rules):
                continue
            if old[5] == "netschafkopf" and refines(old[0], o.rules) and _units_of(con, old[3]) == {
                    p: u for p, u in o.units.items() if p is not None}:
                refined.setdefault((old[4], old[0]), o)  # the same game, the same units, its tariff known better
                continue
            same = _units_of(con, old[3]) == {p: u for p, u in o.units.items() if p is not None}  # newuser29 F2
            d = hand_conflict(o.session, o.hand, f"{old[1] or '<input>'}:{old[2]}", rules=(old[0], o.rules),
                              file=h.source_file, line=h.source_line, same_units=same)
            out[h.hash] = RejectedHand(o.session, o.hand, h.source, h.source_file, h.source_line, [d], h.hash)
        for (sid, rules), o in refined.items():
            # a protocol read again as it grew (a night's log imported after three games, then at its end): its
            # tariff is now read off more price lines; every hand of the session stored under the partial
            # tariff takes the fuller one (docs/storage.md "Duplicates by meaning"); hands that would pay
            # otherwise are re-derived with the session (_rederive_session) and said
            con.execute("UPDATE hands SET rules = ?, rules_flags = ? WHERE session_id = ? AND rules = ?",
                        [o.rules, _dumps(o.rules_flags), sid, rules])
            con.execute("UPDATE sessions SET rules = ? WHERE session_id = ? AND rules = ?", [o.rules, sid, rules])
        return out

    def _insert_sources(self, con: duckdb.DuckDBPyConnection, rows: list[tuple[int, int, HandOutcome]],
                        hands: list[ValidatedHand], ingest_id: int | list[int],
                        path: str | None | list[str | None]) -> dict[int, tuple]:
        """Insert the hands' ``hand_source``, ``card_log`` and ``hand_deals``
        rows; returns hand_id -> ``(deal_seats, deal_sizes, deal, blind)``
        of each hand given a ``hand_deals`` row and hand_id -> its deal id
        (for the summaries).  ``ingest_id`` and ``path``: the ingest and the
        file of every hand, or a list of them hand by hand (the files of
        :meth:`ingest_files`)."""
        # one pass over the hands: each hand's card log row, its source's template and its deal id
        templated: list[tuple[bool, str, list[int] | None]] = []
        log_ids: list[int] = []
        log_rows: list[tuple] = []
        deals: list[tuple[int, str, tuple]] = []
        names = _CODE_NAMES
        for (hid, _, o), h in zip(rows, hands):
            if h.cardlog is None:
                templated.append(source_template(h.source, b""))
                continue
            players = o.players
            seats = list(players)
            log = _log_codes(h.cardlog, seats, o.call)
            log_ids.append(hid)
            log_rows.append(log)
            # the known cards of deal, blind, bury, called, plays: below the unknown card, not a six
            templated.append(source_template(h.source, b"".join(map(bytes, log[2:7])).translate(None, _NO_SLOT)))
            dealer = o.dealer
            cardlog = h.cardlog
            masks = cardlog.masks if type(cardlog) is ReplayedCardLog else None
            if masks is not None and len(log[0]) == len(seats) and dealer in players and cardlog.seats == seats:
                # a full deal the engine replayed, its seats the stored ones: the id from its masks (issue 17)
                held = 0
                for c in cardlog.blind_cards:
                    held |= 1 << c
                d = deal_id_of_masks(masks, held, seats.index(dealer))
            else:
                d = deal_id_of_codes(log[0], log[1], log[2], log[3], len(seats),
                                     seats.index(dealer) if dealer is not None and dealer in players else None, names)
            if d:  # the deal's identity (migration 015, issue 18)
                deals.append((hid, d, log))
        n = len(hands)
        ingest_ids = ingest_id if isinstance(ingest_id, list) else [ingest_id] * n
        paths = path if isinstance(path, list) else [path] * n
        packed, templates, slots = map(list, zip(*templated)) if templated else ([], [], [])
        self._append(con, "hand_source", _arrow.table({
            "hand_id": [r[0] for r in rows], "hash": list(map(bytes.fromhex, [h.hash for h in hands])),
            "ingest_id": ingest_ids,
            "file": [h.source_file if h.source_file is not None else p for h, p in zip(hands, paths)],
            "line": [h.source_line for h in hands], "packed": packed, "template": templates, "source_cards": slots},
            _SOURCE_COLUMNS))
        if log_rows:
            cols = {"hand_id": log_ids}
            cols.update(zip(CARD_LOG_COLUMNS, map(list, zip(*log_rows))))
            self._append(con, "card_log", _arrow.table(cols, _CARD_LOG_KINDS))
        if deals:
            self._append(con, "hand_deals", _arrow.table({"hand_id": [d[0] for d in deals],
                                                          "deal_id": [d[1] for d in deals]},
                                                         {"hand_id": "int32", "deal_id": "string"}))
        return {hid: log[:4] for hid, _, log in deals}, {hid: d for hid, d, _ in deals}

    @staticmethod
    def _append(con: duckdb.DuckDBPyConnection, table: str, data: "pa.Table", select: str = "*") -> None:
        """``INSERT INTO table SELECT select FROM data`` (an Arrow table,
        read by a replacement scan: :func:`ingest.statements.run_with_rows`)."""
        _run_with_rows(con, f"INSERT INTO {table} SELECT {select} FROM _rows", data)

    def _sessions(self, con: duckdb.DuckDBPyConnection, hands: list[ValidatedHand], path: str | None,
                  source_format: str, look_up: bool = True, top: int | None = None) -> dict[str, int]:
        """Session ids for the sessions of ``hands``, inserting new sessions
        (``look_up`` False: the caller knows none of them is stored; ``top``:
        the highest stored session id, when the caller has it)."""
        first: dict[str, ValidatedHand] = {}
        for h in hands:
            first.setdefault(h.outcome.session, h)
        names = list(first)
        ids = dict(con.execute(_parsed(con, _SESSIONS_NAMED), [names]).fetchall()) if look_up else {}
        new = [n for n in names if n not in ids]
        if new:
            base = top if top is not None else _scalar(con, "SELECT coalesce(max(session_id), 0) FROM sessions")
            now = _now()
            for i, name in enumerate(new):
                h = first[name]
                o = h.outcome
                ids[name] = base + i + 1
                con.execute(_parsed(con, _NEW_SESSION),
                            [base + i + 1, name, o.group, o.date, o.table, o.site, o.rules, o.game,
                             _dumps(o.players), h.session_header or _header_from_outcome(o),
                             h.source_file or path, now, source_format])
        return ids

    def _insert_rejected(self, con: duckdb.DuckDBPyConnection, result: FileResult, ingest_id: int) -> int:
        seen: set[str] = set()
        todo: list[RejectedHand] = []
        for r in result.rejected:
            if r.hash not in seen:
                seen.add(r.hash)
                todo.append(r)
        old = _fetch_hex(con, "SELECT r.hash FROM rejected r SEMI JOIN _rows p ON r.hash = p.hash",
                         [r.hash for r in todo])
        todo = [r for r in todo if r.hash not in old]
        if not todo:
            return 0
        base = _scalar(con, "SELECT coalesce(max(rejected_id), 0) FROM rejected")
        now = _now()
        rows: dict[str, list] = {k: [] for k, _ in _REJECTED_COLUMNS}
        for i, r in enumerate(todo):
            first = r.errors[0] if r.errors else Diagnostic("E-UNKNOWN", "rejected without an error message")
            rows["rejected_id"].append(base + i + 1)
            rows["hash"].append(bytes.fromhex(r.hash))
            rows["ingest_id"].append(ingest_id)
            rows["file"].append(r.source_file if r.source_file is not None else result.path)
            rows["line"].append(first.line or r.source_line)
            rows["col"].append(first.col)
            rows["session"].append(r.session)
            hand = r.hand if r.hand is not None else first.hand
            rows["hand"].append(hand if hand is None or _INT32[0] <= hand <= _INT32[1] else None)  # E-NUMBER
            rows["code"].append(first.code)
            rows["message"].append(first.message)
            rows["source"].append(r.source)
            rows["errors"].append(_dumps([_diag_json(d) for d in r.errors]))
            rows["rejected_at"].append(now)
        self._append(con, "rejected", _arrow.table(rows, _REJECTED_COLUMNS))
        return len(todo)

    # -- re-derive ------------------------------------------------------------

    def rederive(self, validate_text: Callable[..., FileResult] | None = None,
                 on_progress: Callable[[int, int], None] | None = None,
                 batch_hands: int | None = None) -> RederiveReport:
        """Recompute the outcome layer (``hands``, ``hand_units``) of every
        stored hand from its stored source with the current engine, with the
        sessions' running states (``session_state``) and summary rows
        (``session_players``, ``session_hands``).  The card log and the
        sources are not touched.

        Each session's hands are re-read as one SHN text (``%SHN 1.0``, the
        session's stored tag lines, the hands' sources in hand order) through
        ``validate_text`` (default :func:`ingest.validate.validate_text`;
        NetSchafkopf sessions through
        :func:`ingest.netschafkopf.read_protocol` with the stored header); a
        re-validated hand is matched to its stored row by content hash, else
        by hand number.  A hand the current engine refuses keeps its stored
        outcome and is listed in ``refused``.

        Batches (issue 17: bounded memory): the sessions are taken in
        ``session_id`` order, whole, in batches of at least ``batch_hands``
        hands (default :data:`_REDERIVE_BATCH`; a session is never split, so
        a batch holds one session or more).  A batch's sources are read,
        re-validated, its outcomes, states and summary rows written and then
        released before the next batch is read, and each batch is its own
        transaction, committed before the next begins: one transaction for
        the whole database kept every replaced row of it until the commit
        (2 GB resident at a million hands).  So a crash or Ctrl-C midway
        leaves every session — each of its hands, their units, its running
        state and its summary rows — either as it was stored or re-derived,
        never a mix inside a session (the carry of stakes and pots runs
        within a session, rules.md D-11, D-12, D-19); running ``rederive``
        again finishes the rest.  Sessions without a stored hand lose their
        running state in a last transaction.  ``on_progress(done, total)``
        (hands) is called after each batch's commit.
        """
        limit = _REDERIVE_BATCH if batch_hands is None else max(1, batch_hands)
        con = self._writer()
        report = RederiveReport()
        try:
            # one row per session (ids and hand counts only: no text, no outcome)
            counts = con.execute("SELECT s.session_id, count(h.hand_id) FROM sessions s LEFT JOIN hands h "
                                 "USING (session_id) GROUP BY s.session_id ORDER BY s.session_id").fetchall()
            total = sum(n for _, n in counts)
            done = 0
            batch: list[int] = []
            pending = 0
            for pos, (session_id, n) in enumerate(counts):
                if n:
                    batch.append(session_id)
                    pending += n
                last = pos == len(counts) - 1
                if batch and (pending >= limit or last):
                    con.execute("BEGIN TRANSACTION")
                    done += self._rederive_batch(con, batch, validate_text, report)
                    con.execute("COMMIT")
                    batch, pending = [], 0
                    if on_progress:
                        on_progress(done, total)
            empty = [sid for sid, n in counts if not n]
            if empty:  # sessions without a stored hand keep no running state
                con.execute("BEGIN TRANSACTION")
                _save_states(con, [(sid, None, 0, None) for sid in empty])
                _summary.refresh(con, empty)
                con.execute("COMMIT")
        except BaseException:
            self._abort(con)
            raise
        self.close()
        return report

    def _rederive_batch(self, con: duckdb.DuckDBPyConnection, session_ids: list[int],
                        validate_text: Callable[..., FileResult] | None, report: RederiveReport) -> int:
        """One batch of :meth:`rederive`, in the caller's transaction: the
        sessions ``session_ids`` (ascending) re-read from their stored
        sources, their outcomes, running states and summary rows replaced;
        counts added to ``report``.  Reads only these sessions' rows (a
        ``session_id`` / ``hand_id`` range lets the scans skip other row
        groups).  Returns the hands stored in them."""
        lo, hi = session_ids[0], session_ids[-1]
        meta = {sid: (name, header, fmt) for sid, name, header, fmt in con.execute(
            "SELECT session_id, session, header, coalesce(format, 'shn') FROM sessions "
            "WHERE session_id BETWEEN ? AND ? AND list_contains(?::INTEGER[], session_id)",
            [lo, hi, session_ids]).fetchall()}
        order = con.execute("SELECT session_id, hand_id, hand FROM hands "
                            "WHERE session_id BETWEEN ? AND ? AND list_contains(?::INTEGER[], session_id) "
                            "ORDER BY session_id, hand, hand_id", [lo, hi, session_ids]).fetchall()
        ids = [i for _, i, _ in order]
        texts = {i: (h, src) for i, h, src in con.execute(
            "SELECT hand_id, hash, source FROM hand_text "
            "WHERE hand_id BETWEEN ? AND ? AND list_contains(?::INTEGER[], hand_id)",
            [min(ids), max(ids), ids]).fetchall()} if ids else {}
        per: dict[int, list[tuple[int, int, bytes, str]]] = {}
        for session_id, hand_id, number in order:
            per.setdefault(session_id, []).append((hand_id, number, *texts[hand_id]))
        del order, ids, texts
        rows, states, done = [], [], 0
        for session_id, stored in per.items():
            name, header, fmt = meta[session_id]
            again = _reread_session(con, session_id, name, header, fmt, validate_text, stored=stored)
            states.append((session_id, again.state, again.stored, again.top))
            rows.extend((hand_id, session_id, o) for hand_id, o in again.hands)
            report.refused.extend(again.refused)
            done += again.stored
        _save_states(con, states)
        if rows:
            # warnings aside: re-read as one text per session, their positions name it, not the files
            report.changed += len(self._replace_outcomes(con, rows, compare=_FACT_COLS))
            report.hands += len(rows)
        _summary.refresh(con, list(per))  # migration 016
        _recheck_sessions(con, list(per))
        from ingest.pot_carry import mark_openings  # noqa: PLC0415

        mark_openings(con, list(per))  # the hands' warnings written anew: a night's kept W-POT-CARRY (break30 F6)
        return done

    def _replace_outcomes(self, con: duckdb.DuckDBPyConnection, rows: list[tuple[int, int, HandOutcome]],
                          compare: Iterable[str],
                          before: Callable[[set[int]], None] | None = None) -> set[int]:
        """Replace the outcome rows of ``rows``' hand ids; returns the ids of
        those whose ``compare`` columns or units differ from what was stored:
        :data:`_COUNTED_COLS`, what a session's carry changes (a hand whose
        ``W-SESSION-GAP`` alone is gone once the missing hand is stored, or a
        CSV hand whose ``group`` becomes its stored sitting's, counts for
        what it did), or :data:`_FACT_COLS`.  ``before`` is called with
        those ids while the stored rows are still the old ones."""
        new_hands = _arrow.table(_hand_columns(rows, self._json), _HANDS_COLUMNS)
        new_units = _arrow.table(_unit_columns(rows), _UNITS_COLUMNS)
        diff = " OR ".join(f'o."{c}" IS DISTINCT FROM n."{c}"' for c in compare)
        con.register("_new_hands", new_hands)
        con.register("_new_units", new_units)
        try:
            changed = {i for (i,) in con.execute(
                'WITH n AS (SELECT * REPLACE (CAST("date" AS DATE) AS "date") FROM _new_hands), '
                "ou AS (SELECT hand_id, list(seat || '=' || units ORDER BY seat_no) AS u FROM hand_units "
                "       WHERE hand_id IN (SELECT hand_id FROM n) GROUP BY hand_id), "
                "nu AS (SELECT hand_id, list(seat || '=' || units ORDER BY seat_no) AS u FROM _new_units "
                "       GROUP BY hand_id) "
                "SELECT hand_id FROM n JOIN hands o USING (hand_id) LEFT JOIN ou USING (hand_id) "
                f"LEFT JOIN nu USING (hand_id) WHERE {diff} OR ou.u IS DISTINCT FROM nu.u").fetchall()}
            if before is not None and changed:
                before(changed)
            con.execute("DELETE FROM hands WHERE hand_id IN (SELECT hand_id FROM _new_hands)")
            con.execute("DELETE FROM hand_units WHERE hand_id IN (SELECT hand_id FROM _new_hands)")
            con.execute(f"INSERT INTO hands ({_HAND_SQL_COLS}) SELECT {_HANDS_SELECT} FROM _new_hands")
            con.execute("INSERT INTO hand_units SELECT * FROM _new_units")
        finally:
            con.unregister("_new_hands")
            con.unregister("_new_units")
        return changed


# --------------------------------------------------------------------------
# Reading back
# --------------------------------------------------------------------------

#: The ``hands`` columns a session's carry can change (rules.md D-11, D-12, D-19: the stake and the outcome it
#: is settled at; the units, the pot's among them, are compared beside them): a hand re-derived with another value
#: of one of them counts for something else (``rederived``, a ``rederive`` revision)
_COUNTED_COLS = ("stake", "multiplier", "outcome")
#: The ``hands`` columns ``shead rederive`` compares (beside the units): every fact of the hand, not its warnings
#: and provenance, whose file positions name the re-read session instead of the files its hands came from
_FACT_COLS = tuple(c for c in _HAND_COLS if c not in ("hand_id", "derived_with", "warnings", "provenance"))

#: HandOutcome fields stored as columns of ``hands`` (all but ``units``).
_OUTCOME_COLS = [f for f in HandOutcome.__dataclass_fields__ if f not in ("units", "pot")]
_JSON_FIELDS = ("rules_flags", "players", "provenance", "warnings")


def load_hands(con: duckdb.DuckDBPyConnection, where: str = "TRUE", params: list | None = None) -> list[StoredHand]:
    """Stored hands matching ``where`` — SQL over ``h`` (hands) and ``t``
    (hand_text: hash, file, line, source); values only through ``params`` —
    in hand_id order, each with its outcome, card log and source text."""
    sel = ", ".join('strftime(h."date", \'%Y-%m-%d\')' if f == "date" else f'h."{f}"' for f in _OUTCOME_COLS)
    if "t.source" not in where:
        # the matching hand ids first, without the view: `hand_text` restores every stored text when joined
        # with a filter it cannot see (0.9 s for one hand at 5,000 stored), only the listed ones given the ids
        ids = [i for (i,) in con.execute(f"SELECT h.hand_id FROM hands h JOIN hand_source t USING (hand_id) "
                                         f"WHERE {where}", params or []).fetchall()]
        if not ids:
            return []
        where, params = "list_contains(?, t.hand_id)", [ids]
    rows = con.execute(
        f"SELECT h.hand_id, {sel}, t.hash, t.file, t.line, t.source, c.hand_id IS NOT NULL, "
        + ", ".join(f"c.{c}" for c in CARD_LOG_COLUMNS)
        + " FROM hands h JOIN hand_text t USING (hand_id) LEFT JOIN card_log c USING (hand_id) "
        f"WHERE {where} ORDER BY h.hand_id", params or []).fetchall()
    units: dict[int, dict[str, int]] = {r[0]: {} for r in rows}
    if rows:
        # the ids as a list parameter, not a registered Arrow table: registering imports pandas (0.3-0.5 s
        # of a `shead replay`)
        for hand_id, seat, u in con.execute(
                "SELECT u.hand_id, u.seat, u.units FROM hand_units u "
                "SEMI JOIN (SELECT unnest(?::INTEGER[]) AS hand_id) i ON u.hand_id = i.hand_id "
                "ORDER BY u.hand_id, u.seat_no", [list(units)]).fetchall():
            units[hand_id][seat] = u
    k = len(_OUTCOME_COLS)
    out = []
    for r in rows:
        vals = dict(zip(_OUTCOME_COLS, r[1:1 + k]))
        for f in _JSON_FIELDS:
            vals[f] = json.loads(vals[f])
        vals["units"] = units[r[0]]
        vals["pot"] = vals["units"].pop(POT_SEAT, 0)
        o = HandOutcome(**vals)
        src = r[1 + k:6 + k]  # (one statement: Cython 3 crashes unpacking a slice with computed bounds)
        hsh, file, line, source, has_log = src
        log = card_log_from_row(r[6 + k:], list(o.players)) if has_log else None
        if log is not None and o.game == "sheepshead" and o.rules.startswith("wi2-"):
            from replay.battery import mark_winning_cards  # noqa: PLC0415 - only for two-handed hands (start-up)
            from replay.profile import parse_rules  # noqa: PLC0415

            mark_winning_cards(log.plays, parse_rules(o.rules))  # four-card battery tricks (issue 18)
        out.append(StoredHand(r[0], o, log, source, file, line, bytes(hsh).hex()))
    return out


def _id_number(text: str) -> bool:
    """True for a number a hand id or hand number can be: ASCII digits only
    (``'²'.isdigit()`` is true) and at most 18 of them (a BIGINT; a longer
    number names no stored hand)."""
    return text.isascii() and text.isdigit() and len(text) <= 18


def _parse_key(con: duckdb.DuckDBPyConnection, key: str, group: str | None = None, notes: list[str] | None = None,
               choose: bool = True) -> tuple[str, object] | None:
    """What a hand key names, the one reading of it for :func:`find_hand` and
    :func:`hand_history`: ``("id", int)`` for a hand id, ``("hash", hex)`` for
    a content hash (32 hex digits), ``("session", (session, number))`` for
    ``"SESSION#N"`` — where a part of the session id, or the night's date in
    any spelling ``shead sheet`` reads (``2026-11-05#5``,
    :func:`ingest.sheet.sessions_of_date`; sk32 F6), will do when it names
    one session holding a hand N, stored or voided (as ``shead sheet`` takes a
    session); None when ``key`` is none of these.  Raises
    :class:`AmbiguousHand` when the part is in the ids of several sessions
    holding a hand N.  ``group``: a part is looked for among that group's
    sessions only (``shead serve``: a token's group never learns another's
    session ids from the message, serve25 F2); a whole session id is taken
    as it is (its hand is then another group's, which the caller refuses).

    A date that reads two ways (``05/11/2026#1``: 2026-05-11 month first,
    2026-11-05 day first; verify32 F3) when both days are stored nights
    raises :class:`AmbiguousHand` naming both nights and the key naming each,
    unless ``notes`` is given and ``choose`` is true (``shead replay``,
    ``shead history``: they change nothing): then the likelier reading
    holding a hand N is taken and ``notes`` gets a line saying so and naming
    the other.  ``shead void`` (it changes data) passes ``choose=False``.
    One reading a stored night is taken, and ``notes`` (when given) says
    the reading when the date reads two ways."""
    key = nfc(key.strip())  # as the stored session ids are read (ingest.unicode_text)
    if _id_number(key):
        return "id", int(key)
    if re.fullmatch(r"[0-9a-fA-F]{32}", key):
        return "hash", key
    if "#" not in key:
        return None
    session, _, number = key.rpartition("#")
    session, number = session.strip(), number.strip()
    if not _id_number(number):
        return None
    number = int(number)
    known = "SELECT session FROM hands WHERE hand = $n UNION SELECT session FROM hand_revisions WHERE hand = $n"
    args: dict = {"n": number, "s": session}
    if group is not None:
        known = f'SELECT session FROM ({known}) WHERE session IN (SELECT session FROM sessions WHERE "group" = $g)'
        args["g"] = group
    if session and not con.execute(f"SELECT 1 FROM ({known}) WHERE session = $s", args).fetchone():
        from ingest.sheet import date_key_readings  # noqa: PLC0415 - as `shead sheet` reads a date (sk32 F6)

        parts: list[str] = []
        readings = date_key_readings(session)
        nights = []  # (day, how, the night's sessions, those holding a hand N): a night by its date first
        in_group = ' AND "group" = $g' if group is not None else ""
        for day, how in readings:
            on_day = [p for (p,) in con.execute(f"SELECT session FROM sessions WHERE date = $d{in_group} ORDER BY "
                                                "session", {"d": day, **({"g": group} if group else {})}).fetchall()]
            if on_day:
                holding = [p for (p,) in con.execute(
                    f"SELECT session FROM ({known}) WHERE list_contains($d, session) ORDER BY session",
                    {**{k: v for k, v in args.items() if k != "s"}, "d": on_day}).fetchall()]
                nights.append((day, how, on_day, holding))
        if nights:
            parts = _night_of_date(key, session, number, readings, nights, notes, choose)
        if not parts:
            parts = [p for (p,) in con.execute(f"SELECT session FROM ({known}) WHERE contains(lower(session), "
                                               "lower($s)) ORDER BY session", args).fetchall()]
        if len(parts) == 1:
            session = parts[0]
        elif parts:
            shown = ", ".join(repr(p) for p in parts[:5]) + (f" and {len(parts) - 5} more" if len(parts) > 5 else "")
            raise AmbiguousHand(f"{key!r} matches {len(parts)} sessions that hold a hand {number}: {shown}; give the "
                                f"whole session id, e.g. {parts[0] + '#' + str(number)!r}")
    return "session", (session, number)


def _night_of_date(key: str, session: str, number: int, readings: list, nights: list, notes: list[str] | None,
                   choose: bool) -> list[str]:
    """The sessions holding a hand ``number`` of the night :func:`_parse_key`
    takes for the date ``session`` (``readings``: its days, likelier first;
    ``nights``: those days holding sessions, as (day, how, sessions,
    sessions holding the hand)), a note in ``notes`` when the date reads two
    ways.  Raises :class:`AmbiguousHand` when two readings are stored nights
    and no note can be given or ``choose`` is false (verify32 F3)."""
    def named(day, on_day, holding) -> str:
        if not holding:
            return f"{', '.join(repr(p) for p in on_day[:5])}, which holds no hand {number}"
        whole = f" or {holding[0] + '#' + str(number)!r}" if len(holding) == 1 else ""
        return (f"{', '.join(repr(p) for p in holding[:5])}: write {day.isoformat() + '#' + str(number)!r}{whole}"
                f" to name {'its' if len(holding) == 1 else 'a'} hand {number}")

    if len(nights) > 1:
        held = [n for n in nights if n[3]]
        if notes is None or not choose or not held:
            said = "; ".join(f"{day.isoformat()} ({how}): {named(day, on_day, holding)}"
                             for day, how, on_day, holding in nights)
            raise AmbiguousHand(f"{key!r}: the date {session!r} reads two ways and both nights are stored, so it "
                                f"names neither: {said} (the date written year first names one night)")
        day, how, _, holding = held[0]
        other = next(n for n in nights if n[0] != day)
        notes.append(f"{session!r} read as {day.isoformat()} ({how}): read {other[1]}, it is "
                     f"{other[0].isoformat()}, the night of {named(*other[0:1], *other[2:])}")
        return holding
    day, how, _, holding = nights[0]
    if len(readings) > 1 and notes is not None and holding:
        x, h = next((x, h) for x, h in readings if x != day)
        notes.append(f"{session!r} read as {day.isoformat()} ({how}): no session was played on {x.isoformat()} ({h})")
    return holding


def find_hand(con: duckdb.DuckDBPyConnection, key: str, group: str | None = None, notes: list[str] | None = None,
              choose: bool = True) -> StoredHand | None:
    """The hand named by ``key`` (:func:`_parse_key`): a hand id (``"42"``),
    ``"SESSION#N"`` (a session id, or a part of one naming one session, and
    the hand number) or a content hash (32 hex digits); None when no stored
    hand matches.  ``group``: a part of a session id names that group's
    sessions only (:func:`_parse_key`); ``notes``, ``choose``: a date that
    reads two ways, as there (verify32 F3)."""
    parsed = _parse_key(con, key, group, notes, choose)
    if parsed is None:
        return None
    kind, value = parsed
    if kind == "id":
        found = load_hands(con, "h.hand_id = ?", [value])
    elif kind == "hash":
        found = load_hands(con, "t.hash = unhex(?)", [value])
    else:
        found = load_hands(con, "h.session = ? AND h.hand = ?", list(value))
    return found[0] if found else None


def hands_numbered(con: duckdb.DuckDBPyConnection, number: int, limit: int = 5) -> list[str]:
    """``"SESSION#N"`` of up to ``limit`` stored hands with hand number
    ``number`` (for the hint when a hand number was given where a hand id is
    meant)."""
    return [f"{s}#{n}" for s, n in con.execute(
        "SELECT session, hand FROM hands WHERE hand = ? ORDER BY hand_id LIMIT ?", [number, limit]).fetchall()]


def sources_where(con: duckdb.DuckDBPyConnection, where: str, params: list | None = None) -> list[str]:
    """The stored texts of the hands matching ``where`` (SQL over ``h``,
    ``hands``; values only through ``params``), in hand order (hand number,
    then hand id).  The matching ids are found in ``hands`` first and only
    their texts restored: a join of ``hand_text`` with a filter on ``hands``
    restores every stored text before the filter applies (2.3 CPU-s at
    10,000 hands, growing with the database; this costs the same at any
    size, issue 17)."""
    ids = [i for (i,) in con.execute(f"SELECT h.hand_id FROM hands h WHERE {where} ORDER BY h.hand, h.hand_id",
                                     params or []).fetchall()]
    texts = _texts(con, ids)
    return [texts[i][1] for i in ids]


def session_text(con: duckdb.DuckDBPyConnection, hand_id: int) -> tuple[str, str]:
    """``(format, text)``: the stored text of a hand's session up to and
    including that hand — for SHN, ``%SHN 1.0``, the session's tag lines and
    the sources of its hands in hand order — so that a replay carries the
    session state (doubler stakes) of the hands before it."""
    order = con.execute(
        "SELECT coalesce(s.format, 'shn'), s.header, h.hand_id FROM hands h JOIN sessions s USING (session_id) "
        "WHERE h.session_id = (SELECT session_id FROM hands WHERE hand_id = ?) "
        "AND h.hand <= (SELECT hand FROM hands WHERE hand_id = ?) ORDER BY h.hand, h.hand_id",
        [hand_id, hand_id]).fetchall()
    if not order:
        return "shn", ""
    texts = _texts(con, [i for _, _, i in order])
    rows = [(f, hd, texts[i][1]) for f, hd, i in order]
    fmt, header = rows[0][0], rows[0][1]
    body = "".join(src.rstrip("\n") + "\n\n" for _, _, src in rows)
    if fmt == "shn":
        return fmt, "%SHN 1.0\n" + header.rstrip("\n") + "\n\n" + body
    return fmt, header.rstrip("\n") + "\n" + body


#: A database file's bytes a stored hand above which :func:`compact_if_slack`
#: rewrites it (issue 17 asks for under 200 a hand; a file written in one
#: checkpoint stores 187 a hand at 20,000 generated hands, so 192 leaves a
#: file that needs no rewrite below 200).
COMPACT_ABOVE = 192
#: ... and only when at least this share of the file holds no live block:
#: the rewrite costs a copy of the whole database, so it must win back a real
#: share of it.
COMPACT_SLACK = 1 / 32
#: ... and only a file of at least this many bytes: a smaller one is the fixed
#: cost of its tables (a table takes at least one block), not worth a copy.
COMPACT_MIN_BYTES = 2 * 1_048_576
#: The header DuckDB writes before the first block (three 4 KiB headers).
_HEADER_BYTES = 3 * 4_096


def _file_bytes(db: Path) -> int:
    """The database file's size in bytes (0 when there is none)."""
    try:
        return db.stat().st_size
    except OSError:
        return 0


def live_blocks(con: duckdb.DuckDBPyConnection) -> int:
    """How many blocks of the connection's database hold live data: the
    distinct blocks of every table's persistent column segments
    (``pragma_storage_info``: a segment's block and its
    ``additional_block_ids``, the further blocks of a ZSTD-compressed string
    segment such as ``hand_source.template``) and of the catalog's metadata
    (``pragma_metadata_info``), after the last checkpoint.  The file's other
    blocks are free, or freed by that checkpoint and reused by the next one:
    the slack a checkpoint leaves when it rewrites row groups (docs/storage.md,
    "Size on disk")."""
    tables = [r[0] for r in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main' ORDER BY table_name").fetchall()]
    parts = [f"SELECT unnest(list_prepend(block_id, coalesce(additional_block_ids, []))) AS b "
             f"FROM pragma_storage_info('{t}') WHERE persistent"
             for t in tables]  # table names are the migrations' own identifiers
    parts.append("SELECT block_id AS b FROM pragma_metadata_info()")
    return con.execute("SELECT count(DISTINCT b) FROM (" + " UNION ALL ".join(parts) + ") WHERE b >= 0"
                       ).fetchall()[0][0]


def compact_if_slack(con: duckdb.DuckDBPyConnection, path: str | os.PathLike) -> bool:
    """Rewrite the database file at ``path`` (open for writing on ``con``)
    without the blocks its checkpoints left free, when the file is above
    :data:`COMPACT_ABOVE` bytes a stored hand and :data:`COMPACT_MIN_BYTES`,
    and at least
    :data:`COMPACT_SLACK` of it is slack (blocks not in :func:`live_blocks`).

    DuckDB never shrinks a file but at its end: a checkpoint that merges
    row groups writes them anew while the old copies are still live, so a
    database checkpointed several times during an ingest kept up to its own
    size again in free blocks (223-364 bytes a hand at 20,000 hands, 187 when
    written in one checkpoint).  The rewrite checkpoints, copies every table,
    view and macro (``COPY FROM DATABASE``, rows in their order) into
    ``<file>.compact`` with the same block size, and moves it over the file
    while ``con`` still holds the database's lock, so no other process can
    write in between; ``con`` is closed by the caller right after.  Not done
    (False) when another connection of this process shares the database
    (``duckdb_connection_count``: it would go on using the old file), when
    the copy is not smaller, or when the copy or the move fails (the file is
    left as it was, the ``.compact`` file removed).  True when the file was
    replaced."""
    db = Path(path)
    try:
        if con.execute("SELECT count FROM duckdb_connection_count()").fetchall()[0][0] != 1:
            return False
        con.execute("CHECKPOINT")
        size = db.stat().st_size
        hands = con.execute("SELECT count(*) FROM hand_source").fetchall()[0][0]
        if hands == 0 or size < COMPACT_MIN_BYTES or size <= COMPACT_ABOVE * hands:
            return False
        block = con.execute("SELECT block_size FROM pragma_database_size() "
                            "WHERE database_name = current_database()").fetchall()[0][0]
        slack = size - _HEADER_BYTES - live_blocks(con) * block
        if slack < COMPACT_SLACK * size:
            return False
        name = con.execute("SELECT current_database()").fetchall()[0][0]
    except (duckdb.Error, OSError):
        return False
    tmp = db.with_name(db.name + ".compact")
    tmp_wal = tmp.with_name(tmp.name + ".wal")
    replaced = False
    try:
        tmp.unlink(missing_ok=True)
        tmp_wal.unlink(missing_ok=True)
        threads = int(con.execute("SELECT current_setting('threads')").fetchall()[0][0])
        con.execute("SET threads = 1")  # one thread: 1.33 CPU-s against 1.63 with two at 100,000 hands
        con.execute("ATTACH '" + str(tmp).replace("'", "''") + f"' AS shead_compact (BLOCK_SIZE {int(block)})")
        try:
            con.execute('COPY FROM DATABASE "' + name.replace('"', '""') + '" TO shead_compact')
        finally:
            con.execute("DETACH shead_compact")
            con.execute(f"SET threads = {threads}")
        if (tmp.stat().st_size < size
                and con.execute("SELECT count FROM duckdb_connection_count()").fetchall()[0][0] == 1):
            os.replace(tmp, db)
            replaced = True
    except (duckdb.Error, OSError):
        replaced = False
    finally:
        if not replaced:
            tmp.unlink(missing_ok=True)
        tmp_wal.unlink(missing_ok=True)
    return replaced


def database_bytes(path: str | os.PathLike | None = None) -> int:
    """Bytes on disk of the database file plus its write-ahead log."""
    db = resolve_db(path)
    total = db.stat().st_size if db.exists() else 0
    wal = db.with_name(db.name + ".wal")
    if wal.exists():
        total += wal.stat().st_size
    return total


# --------------------------------------------------------------------------
# A hand's history (issue 12)
# --------------------------------------------------------------------------


@dataclass
class Revision:
    """One revision of a stored hand: ``revision`` 1, 2, … in the order they
    took effect; ``action`` ``'ingest'`` (first stored), ``'amend'`` or
    ``'void'``; ``at`` (UTC) and ``reason``; where its text came from
    (``file``, ``line``), its content ``hash`` and text (None for a void);
    ``outcome`` what it counted for (``stake``, ``outcome``, ``picker``,
    ``partner``, ``picker_points``, ``units`` by seat, the pot as
    ``"(pot)"``; None for a void) and ``in_force`` for the revision the
    ledger counts now."""

    revision: int
    action: str
    at: datetime | None
    reason: str | None
    file: str | None
    line: int | None
    hash: str | None
    source: str | None
    outcome: dict | None
    in_force: bool

    def as_json(self) -> dict:
        out = asdict(self)
        out["at"] = self.at.strftime("%Y-%m-%dT%H:%M:%SZ") if self.at else None
        return out


@dataclass
class HandHistory:
    """Every revision of one hand (``hand_id``, hand ``hand`` of
    ``session``), oldest first; ``voided`` when its last revision is a
    void (then no revision is in force).  ``kept``: why the revision in
    force keeps a stored result the rules no longer give (its ``W-CARRY``
    warning: an earlier hand stored after it moved its stake or pot), None
    when it agrees with them."""

    hand_id: int
    session: str
    hand: int
    voided: bool
    revisions: list[Revision]
    kept: str | None = None

    def as_json(self) -> dict:
        return {"hand_id": self.hand_id, "session": self.session, "hand": self.hand, "voided": self.voided,
                "kept": self.kept, "revisions": [r.as_json() for r in self.revisions]}


def _kept_reason(con: duckdb.DuckDBPyConnection, hand_id: int) -> str | None:
    """The message of the stored ``W-CARRY`` warning of hand ``hand_id``
    (:func:`_flag_kept`), None when it has none."""
    from ingest.sheet import kept_reason  # noqa: PLC0415 - one reading of the stored mark

    row = con.execute("SELECT warnings FROM hands WHERE hand_id = ?", [hand_id]).fetchone()
    return kept_reason(row[0]) if row else None


def _live_summary(con: duckdb.DuckDBPyConnection, hand_id: int) -> dict | None:
    """What the revision in force of hand ``hand_id`` counts for: ``stake``,
    ``outcome``, ``picker``, ``partner``, ``picker_points``, ``units`` by
    seat (the pot as ``(pot)``) and ``players`` (seat alias -> name); None
    when the hand is not in force."""
    row = con.execute("SELECT stake, outcome, picker, partner, picker_points, players FROM hands WHERE hand_id = ?",
                      [hand_id]).fetchone()
    if row is None:
        return None
    units = {seat: u for seat, u in con.execute(
        "SELECT seat, units FROM hand_units WHERE hand_id = ? ORDER BY seat_no", [hand_id]).fetchall()}
    return {"stake": row[0], "outcome": row[1], "picker": row[2], "partner": row[3], "picker_points": row[4],
            "units": units, "players": json.loads(row[5]) if row[5] else {}}


def _history_id(con: duckdb.DuckDBPyConnection, key: str, group: str | None = None, notes: list[str] | None = None,
                choose: bool = True) -> int | None:
    """The hand id ``key`` names (:func:`_parse_key`, ``group``, ``notes``
    and ``choose`` as there), voided hands and earlier revisions' hashes
    included; None when none."""
    parsed = _parse_key(con, key, group, notes, choose)
    if parsed is None:
        return None
    kind, value = parsed
    if kind == "id":
        found = con.execute("SELECT hand_id FROM hands WHERE hand_id = ? UNION SELECT hand_id FROM hand_revisions "
                            "WHERE hand_id = ?", [value, value]).fetchall()
    elif kind == "hash":
        found = con.execute("SELECT hand_id FROM hand_source WHERE hash = unhex(?) UNION "
                            "SELECT hand_id FROM hand_revisions WHERE hash = unhex(?)", [value, value]).fetchall()
    else:
        found = con.execute("SELECT min(hand_id) FROM hands WHERE session = ? AND hand = ? HAVING count(*) > 0",
                            list(value)).fetchall() or con.execute(
            "SELECT max(hand_id) FROM hand_revisions WHERE session = ? AND hand = ? HAVING count(*) > 0",
            list(value)).fetchall()
    return found[0][0] if found else None


def hand_history(con: duckdb.DuckDBPyConnection, key: str, group: str | None = None, notes: list[str] | None = None,
                 choose: bool = True) -> HandHistory | None:
    """The history of the hand named by ``key`` — what :func:`find_hand`
    takes (a hand id, ``"SESSION#N"``, a content hash: of any revision) —
    also for a voided hand; None when no hand, stored or voided, matches.  A
    hand never corrected has one revision, its first ingest.  ``notes``,
    ``choose``: a date that reads two ways (:func:`_parse_key`; ``shead
    void`` passes ``choose=False``, verify32 F3)."""
    hand_id = _history_id(con, key, group, notes, choose)
    if hand_id is None:
        return None
    rows = con.execute("SELECT revision, action, recorded_at, reason, file, line, hash, source, outcome, session, hand "
                       "FROM hand_revisions WHERE hand_id = ? ORDER BY revision", [hand_id]).fetchall()
    live = _live_summary(con, hand_id)
    if not rows:
        row = con.execute(
            "SELECT i.started_at, t.file, t.line, t.hash, t.source, h.session, h.hand FROM hand_text t "
            "JOIN hands h USING (hand_id) JOIN hand_source s USING (hand_id) "
            "LEFT JOIN ingests i ON i.ingest_id = s.ingest_id WHERE t.hand_id = ?", [hand_id]).fetchone()
        if row is None:
            return None
        at, file, line, hsh, source, session, number = row
        return HandHistory(hand_id, session, number, False,
                           [Revision(1, "ingest", at, None, file, line, bytes(hsh).hex(), source, live, True)],
                           _kept_reason(con, hand_id))
    last = rows[-1]
    voided = last[1] == "void"
    out = []
    for revision, action, at, reason, file, line, hsh, source, summary, _, _ in rows:
        in_force = revision == last[0] and not voided and live is not None
        out.append(Revision(revision, action, at, reason, file, line, bytes(hsh).hex() if hsh is not None else None,
                            source, live if in_force else (json.loads(summary) if summary else None), in_force))
    return HandHistory(hand_id, last[9], last[10], voided, out, None if voided else _kept_reason(con, hand_id))
