"""The sidebar filters of the statistic pages, and the frame those pages
share: which database, the empty state, reading a metric without ever
showing a lock error.

* :func:`start_page` — the page title; the empty state when the database is
  missing or holds no hands (returns None: the page stops); otherwise the
  sidebar filters, returned as a :class:`~dashboard.metrics.Filters`.
* :func:`sidebar` — the filter widgets alone.  Their choices come from the
  database (groups, tables, players, rules, games, the date range).  The
  values live in ``st.session_state`` under keys of their own, so they carry
  from one statistic page to the next.
* :func:`fetch` — one metric's DataFrame for the filters.  Each read opens a
  short-lived read-only connection (``ingest.store.reading``, which retries a
  lock held by an ingest); results are cached per database state (its file
  stamp) and filters.  If the database stays busy, the page says so and
  offers to retry — no lock error reaches the user.
* :func:`page_connection` — around a statistic page's run (``dashboard/app.py``):
  every read of the run that misses the cache shares one read-only
  connection, opened at the first such read and closed when the run ends
  (issue 17: a cold connection costs some 40 CPU-ms, paid by each query).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from datetime import date
from pathlib import Path

import duckdb
import polars as pl
import streamlit as st

from dashboard import metrics
from dashboard.metrics import Filters
from dashboard.text import fixed, percent
from ingest.model import stored_rules_meaning
from ingest.store import StoreBusy, StoreError, StoreMissing, reading, resolve_db

__all__ = ["NEXT_STEP", "no_match", "Filters", "db_path", "db_stamp", "connection", "page_connection", "SHARED_PAGES", "ensure_navigation", "start_page", "hand_page_filters", "sidebar", "fetch", "reset", "describe", "pct", "num", "plural",
           "ALL_GAMES"]

#: Seconds a page waits for an ingest's lock before it says "busy".
BUSY_TIMEOUT = 5.0
ALL_GAMES = "all games"
_P = "shead.filter."  # session_state keys of the kept values
_W = "shead.widget."  # widget keys
_URL = "shead.url"  # the filter parameters last written to the URL

EMPTY_HELP = """\
**No hands to show yet.** Load some, then come back:

* `shead ingest PATH...` — SHN files, NetSchafkopf protocols or folders of them;
* `shead demo` — the demo season (`data/`) into `data/shead.duckdb`, and a dashboard on it;
* or the **Import** page of this dashboard (upload files).

This dashboard reads `{db}` (set `SHEAD_DB` or `--db` to choose another)."""


def db_path() -> Path:
    """The database the dashboard reads: ``SHEAD_DB``, else ``data/shead.duckdb``."""
    return resolve_db(None)


def db_stamp(path: Path) -> tuple:
    """What changes when the database does: size and mtime of the file and
    of its write-ahead log; and the groups the reader may see (signed in
    beyond loopback, :func:`ingest.scope.current_scope`).  Part of every cache key."""
    from ingest.scope import current_scope  # noqa: PLC0415

    out: list = [str(path)]
    for p in (path, path.with_name(path.name + ".wal")):
        try:
            s = p.stat()
            out += [s.st_size, s.st_mtime_ns]
        except OSError:
            out += [None, None]
    out.append(current_scope())  # one group's cached figures are never another's
    return tuple(out)


#: The url paths of the pages whose run shares one read-only connection
#: (:func:`page_connection`): the statistic pages, which only read.  A page
#: that writes (Import, Log a hand, the Replay page's Edit) is left out: this
#: process could not open the database to write while it holds a read-only
#: connection to it (DuckDB refuses a second configuration of one file).
SHARED_PAGES = frozenset({"home", "overview", "ledger", "picking", "schneider", "partner_calls", "schafkopf",
                          "player"})

_RUN = threading.local()  # .reads: the run's open connections (a Streamlit run is one thread)


@contextmanager
def page_connection(url_path: str | None = None):
    """Around one run of a page (``dashboard/app.py`` wraps the page's
    ``run()``): inside it, :func:`connection` gives every read the same
    read-only connection, opened (with the lock retry of
    :data:`BUSY_TIMEOUT`) at the first read that misses the cache and closed
    on exit — also when the run stops early (``st.stop``, ``st.rerun``).  A
    run whose reads all hit the cache opens none.  Outside a run nothing is
    held: an ingest waiting for the lock waits at most for the page's run,
    as it waited for each of its queries before.  ``url_path`` not in
    :data:`SHARED_PAGES`: nothing is shared (each read opens its own)."""
    if (url_path is not None and url_path not in SHARED_PAGES) or getattr(_RUN, "reads", None) is not None:
        yield
        return
    _RUN.reads = reads = {}
    try:
        yield
    finally:
        _RUN.reads = None
        for cm, _ in reads.values():
            cm.__exit__(None, None, None)


def connection(path: Path | str):
    """A read-only connection to ``path`` for one read: the run's shared one
    inside :func:`page_connection` (per database and reader scope), else a
    short-lived one (:func:`ingest.store.reading`).  A context manager; a lock
    held longer than :data:`BUSY_TIMEOUT` raises :class:`StoreBusy`."""
    reads = getattr(_RUN, "reads", None)
    if reads is None:
        return reading(path, timeout=BUSY_TIMEOUT)
    from ingest.scope import current_scope  # noqa: PLC0415

    key = (str(path), current_scope())
    if key not in reads:
        cm = reading(path, timeout=BUSY_TIMEOUT)
        reads[key] = (cm, cm.__enter__())
    return nullcontext(reads[key][1])


@st.cache_data(ttl=300, max_entries=512, show_spinner=False)
def _cached(name: str, stamp: tuple, f: Filters, module: str = "dashboard.metrics") -> pl.DataFrame:
    import importlib  # noqa: PLC0415

    fn = getattr(importlib.import_module(module), name) if module != "dashboard.metrics" else getattr(metrics, name)
    with connection(stamp[0]) as con:
        return fn(con, f)


@st.cache_data(ttl=300, max_entries=32, show_spinner=False)
def _choices(stamp: tuple) -> dict:
    with connection(stamp[0]) as con:
        n = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        out = metrics.filter_choices(con) if n else _sitting_choices(con)
    out["hands"] = n
    return out


def _sitting_choices(con: duckdb.DuckDBPyConnection) -> dict:
    """The sidebar's values of a database holding ledger sittings and no hand
    (``settlements``, migration 010: a CSV ledger's rows), ``sittings`` their
    count (0: none, the empty state; break23 F7): groups, players, games and
    dates of the sittings; no table, no rules (a sitting has neither)."""
    sql = "FROM settlements s JOIN sessions x USING (session_id)"
    try:
        n, first, last = con.execute(f"SELECT count(DISTINCT s.session_id), min(x.date), max(x.date) {sql}").fetchone()
    except duckdb.CatalogException:  # a database from before migration 010
        return {"sittings": 0}

    def col(what: str) -> list:
        return [r[0] for r in con.execute(f"SELECT DISTINCT {what} {sql} WHERE {what} IS NOT NULL ORDER BY 1")
                .fetchall()]

    if not n:
        return {"sittings": 0}
    return {"sittings": n, "groups": col('x."group"'), "tables": [], "players": col("s.player"), "rules": [],
            "games": col("s.game"), "first_date": first, "last_date": last}


def _busy(exc: BaseException) -> None:
    st.warning("The database is busy: an ingest is writing to it right now. A long ingest lets readers in "
               "between its writes, about every 15 seconds (a short one is done sooner): press **Retry** to read "
               "it again, and again if it is still busy.", icon="⏳")
    st.button("Retry", key="shead.retry")
    st.stop()


@contextmanager
def page_reads(path: Path, empty: str):
    """The body reads the database at ``path`` for a page; a missing database
    shows ``empty`` (the page's empty state), a busy one a warning and a
    Retry button, another store error its message — each ending the run
    (``st.stop``).  The one place for what the hand pages (Sheet, Compare,
    Fair deals) say when the database cannot be read."""
    try:
        if not path.exists():
            raise StoreMissing(str(path))
        yield
    except StoreMissing:
        st.info(empty)
        st.stop()
    except StoreBusy:
        st.warning("The database is busy: an ingest is writing to it right now. Press **Retry**.", icon="⏳")
        st.button("Retry")
        st.stop()
    except (StoreError, duckdb.Error) as exc:
        st.error(f"The database {path} could not be read: {exc}")
        st.stop()


def fetch(fn, f: Filters) -> pl.DataFrame:
    """``fn(con, f)`` on a read-only connection (the run's, see
    :func:`page_connection`, else a short-lived one), cached by the
    database's stamp and the filters.  A database that stays busy shows a
    friendly message with a Retry button and stops the page."""
    path = db_path()
    try:
        return _cached(fn.__name__, db_stamp(path), f, fn.__module__)
    except StoreBusy as exc:
        _busy(exc)
    except StoreMissing:
        st.info(EMPTY_HELP.format(db=path))
        st.stop()
    except (StoreError, duckdb.Error) as exc:
        st.error(f"The database {_md(path)} could not be read: {_md(exc)}")
        st.stop()
    raise AssertionError("unreachable")  # pragma: no cover - st.stop() raises


def reset() -> None:
    """Forget every filter value (back to "all")."""
    for k in list(st.session_state.keys()):
        if isinstance(k, str) and (k.startswith(_P) or k.startswith(_W)):
            del st.session_state[k]


def _keep(name: str) -> None:
    st.session_state[_P + name] = st.session_state[_W + name]


def _prime(name: str, default, valid=None) -> str:
    """Put the kept value (or the default) into the widget's state before
    the widget is drawn, so a value chosen on another page carries over."""
    value = st.session_state.get(_P + name, default)
    if valid is not None:
        value = valid(value)
    st.session_state[_W + name] = value
    return _W + name


def _from_url() -> None:
    """Filters stated in the URL (``?player=Ann&game=sheepshead&from=...``,
    :func:`dashboard.hand_list.to_params`) become the kept values — when the
    URL holds any and they are not the ones this session last wrote there (a
    link opened, a URL typed).  A URL without filters (a page opened from
    the menu) keeps the values chosen on the other pages."""
    from dashboard.hand_list import FILTER_KEYS, filters_from_params, to_params  # noqa: PLC0415

    qp = st.query_params
    if not any(k in qp for k in FILTER_KEYS):
        return
    got = filters_from_params(qp)
    stated = to_params(got)
    if stated == st.session_state.get(_URL):
        return
    for name, vals in (("groups", got.groups), ("tables", got.tables), ("players", got.players),
                       ("rules", got.rules)):
        st.session_state[_P + name] = list(vals)
    st.session_state[_P + "game"] = got.game or ALL_GAMES
    if got.date_from or got.date_to:
        st.session_state[_P + "dates"] = (got.date_from or date.min, got.date_to or date.max)
    else:
        st.session_state.pop(_P + "dates", None)
    st.session_state[_URL] = stated


def _to_url(f: Filters) -> None:
    """Write the filters into the URL (only what is set), so the view can be
    shared; other parameters of the page are left alone."""
    from dashboard.hand_list import FILTER_KEYS, to_params  # noqa: PLC0415

    want = to_params(f)
    for k in FILTER_KEYS:
        if k not in want and k in st.query_params:
            del st.query_params[k]
    for k, v in want.items():
        cur = st.query_params.get_all(k)
        if cur != (v if isinstance(v, list) else [v]):
            st.query_params[k] = v
    st.session_state[_URL] = want


def sidebar(choices: dict) -> Filters:
    """Draw the filter widgets in the sidebar; return what they say.  The
    filters are read from the URL first (:func:`_from_url`) and written back
    to it after (:func:`_to_url`)."""
    _from_url()
    sb = st.sidebar
    sb.header("Filters")
    first, last = choices.get("first_date"), choices.get("last_date")
    date_from = date_to = None
    # what a link (or an earlier page) asked for that these hands do not hold: said, not silently dropped (dash17)
    missing: list[str] = []
    if first is not None and last is not None:
        def valid_range(v):
            if isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(x, date) for x in v):
                a, b = max(v[0], first), min(v[1], last)
                return (a, b) if a <= b else (first, last)
            return (first, last)

        kept = st.session_state.get(_P + "dates")
        if (isinstance(kept, (list, tuple)) and len(kept) == 2 and all(isinstance(x, date) for x in kept)
                and (max(kept[0], first) > min(kept[1], last))):  # a link's dates that hold no hand
            missing.append(f"hand dated {kept[0] if kept[0] != date.min else '…'} to "
                           f"{kept[1] if kept[1] != date.max else '…'} (the hands are dated {first} to {last})")
        key = _prime("dates", (first, last), valid_range)
        rng = sb.date_input("Dates", min_value=first, max_value=last, key=key, on_change=_keep, args=("dates",),
                            help="Hands dated in this range (both ends included). Narrowing it leaves out "
                                 "hands without a date.")
        if isinstance(rng, (list, tuple)) and len(rng) == 2 and (rng[0], rng[1]) != (first, last):
            date_from, date_to = rng[0], rng[1]
        elif isinstance(rng, (list, tuple)) and len(rng) == 1 and rng[0] != first:
            date_from = rng[0]

    def multi(name: str, label: str, options: list, help_text: str) -> tuple[str, ...]:
        gone = [x for x in (st.session_state.get(_P + name) or []) if x not in options]
        if gone:
            missing.append(f"{_SINGULAR[name]} {' or '.join(_md(str(x)) for x in gone)}")
        key = _prime(name, [], lambda v: [x for x in (v or []) if x in options])
        return tuple(sb.multiselect(label, options, key=key, on_change=_keep, args=(name,), help=help_text,
                                    placeholder="all"))

    groups = multi("groups", "Groups", choices.get("groups", []), "The Event tag. Empty: every group.")
    tables = multi("tables", "Tables", choices.get("tables", []), "The Table tag. Empty: every table.")
    players = multi("players", "Players", choices.get("players", []),
                    "Hands in which any of these players sat; per-player tables show only them. Empty: everyone.")
    rule_texts = choices.get("rules", [])
    kept_rules = st.session_state.get(_P + "rules")
    if kept_rules:  # a link's rules text in another wording: the stored text of the same meaning (break30 F6)
        st.session_state[_P + "rules"] = list(dict.fromkeys(
            y for x in kept_rules for y in ((x,) if x in rule_texts else stored_rules_meaning((x,), rule_texts))))
    rules = multi("rules", "Rules", rule_texts,
                  "A [Rules] text; hands stored under a text of the same meaning (the flags in another order, a "
                  "profile written as its flags) are included. Empty: every rule profile.")
    games = [ALL_GAMES] + list(choices.get("games", []))
    if st.session_state.get(_P + "game", ALL_GAMES) not in games:
        missing.append(f"game {_md(str(st.session_state[_P + 'game']))}")
    key = _prime("game", ALL_GAMES, lambda v: v if v in games else ALL_GAMES)
    game = sb.selectbox("Game", games, key=key, on_change=_keep, args=("game",))
    sb.button("Reset filters", on_click=reset, key="shead.reset")
    out = Filters(date_from=date_from, date_to=date_to, groups=groups, tables=tables, players=players,
                  rules=stored_rules_meaning(rules, rule_texts), game=None if game == ALL_GAMES else game)
    if missing:
        st.warning(f"No {'; no '.join(missing)} in this database: left out of the filters, so this shows "
                   f"{describe(out)}.")
    _to_url(replace(out, rules=rules))  # the texts chosen, not those of the same meaning added to them
    return out


#: a filter's name as a warning names one of its values
_SINGULAR = {"groups": "group", "tables": "table", "players": "player", "rules": "rules"}


def ensure_navigation() -> None:
    """Make a page run inside the app's ``st.navigation``.

    ``dashboard/app.py`` has a ``pages/`` folder beside it, so when the very
    first visit to a fresh server goes straight to a page's URL
    (``/ledger``), Streamlit runs that file as an old-style page, without
    the app around it (its menu lists the folder's files, the app's layout
    and sections are missing) — and stays in that mode.  This switches
    Streamlit to the app's navigation and reruns: the app then resolves the
    same page (its url path is the file's stem, see ``dashboard.app.PAGES``).
    Does nothing once the app has called ``st.navigation``, nor when a page
    runs by itself (tests)."""
    from streamlit.runtime.pages_manager import PagesManager  # noqa: PLC0415

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()


def start_page(title: str, intro: str, sittings: bool = False) -> Filters | None:
    """Title and intro; then the empty state (None) when there is nothing
    to show, else the sidebar filters.  ``sittings``: the page shows a
    ledger's sittings stored without hands (the Ledger page), so a database
    holding only those is not empty to it; another page's empty state says
    how many there are and where they are shown (break23 F7)."""
    ensure_navigation()
    st.title(title)
    st.caption(intro)
    path = db_path()
    if not path.exists():
        st.info(EMPTY_HELP.format(db=path))
        return None
    try:
        choices = _choices(db_stamp(path))
    except StoreBusy as exc:
        _busy(exc)
    except StoreMissing:
        st.info(EMPTY_HELP.format(db=path))
        return None
    except (StoreError, duckdb.Error) as exc:
        st.error(f"The database {_md(path)} could not be read (is it a shead database?): {_md(exc)}")
        return None
    if not choices.get("hands"):
        n = choices.get("sittings") or 0
        if n and sittings:
            return sidebar(choices)
        st.info(EMPTY_HELP.format(db=path) + (
            f"\n\nIt holds {plural(n, 'ledger sitting')} without hands (a ledger of nightly totals): their totals "
            "are on the [Ledger](/ledger) page and in `shead ledger`." if n else ""))
        return None
    return sidebar(choices)


def hand_page_filters(note: str) -> Filters:
    """The sidebar filters on a hand page (Sheet, Replay, Fair deals; dash25 F2: the panel was gone there and the
    pages ignored the filters without saying so): drawn as on the statistic pages, with ``note`` under them (what
    this page does with them).  A missing, busy, unreadable or empty database draws none and gives no filter (the
    page's own empty state speaks)."""
    path = db_path()
    if not path.exists():
        return Filters()
    try:
        choices = _choices(db_stamp(path))
    except (StoreError, duckdb.Error):  # StoreBusy and StoreMissing are StoreErrors
        return Filters()
    if not choices.get("hands"):
        return Filters()
    f = sidebar(choices)
    st.sidebar.caption(note)
    return f


def _md(text) -> str:
    from dashboard.text import md  # noqa: PLC0415

    return md(text)


def describe(f: Filters) -> str:
    """The filters in words, for captions ("all hands" when none); group,
    table, player and rules names escaped for Markdown (:func:`dashboard.text.md`)."""
    from dashboard.text import md  # noqa: PLC0415

    parts = []
    if f.date_from or f.date_to:
        parts.append(f"dated {f.date_from or '…'} to {f.date_to or '…'}")
    # each choice as English reads it ("hands of group X, with Ann"; new20 F11: "of hands group X" did not)
    for label, vals in (("of group", f.groups), ("at table", f.tables), ("with", f.players),
                        ("under rules", f.rules)):
        if vals:
            parts.append(f"{label} {' or '.join(md(v) for v in vals)}")
    # the game names the hands ("the Schafkopf hands"), not a clause after them ("hands game schafkopf")
    noun = f"{md(_GAME_NAMES.get(f.game, f.game))} hands" if f.game else "hands"
    return f"all {noun}" if not parts else f"{noun} " + ", ".join(parts)


#: a stored game's name as a caption writes it (``hands.game``)
_GAME_NAMES = {"sheepshead": "Sheepshead", "schafkopf": "Schafkopf", "indiana": "Indiana", "fox": "fox"}



#: What to do when nothing matches the sidebar filters (dash34 F4: some pages said only "No picked hand matches").
NEXT_STEP = "Widen them in the sidebar, or press **Reset filters**."


def no_match(what: str, over: str, why: str = "") -> None:
    """Say on the page that no ``what`` ("stored hand", "picked hand" ...)
    matches the filters described as ``over`` (:func:`describe`), then
    ``why`` (a sentence, or ""), then :data:`NEXT_STEP`; an ``st.info``."""
    st.info(f"No {what} matches the filters ({over})." + (f" {why}" if why else "") + f" {NEXT_STEP}")


def pct(x: float | None) -> str:
    """A rate as a percentage with one decimal, rounded half away from zero (dashboard.text.percent: 5/16 is
    "31.3%"), or a dash when there is no denominator."""
    return "—" if x is None else percent(x)


def plural(n: int, word: str) -> str:
    """``1 leaster``, ``3 leasters``."""
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def num(x: float | None, digits: int = 2) -> str:
    """A mean with a sign, rounded half away from zero (dashboard.text.fixed: -34/16 is "-2.13"), or a dash
    when there was nothing to average."""
    return "—" if x is None else fixed(x, digits, sign=True)
