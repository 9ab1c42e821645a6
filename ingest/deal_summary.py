"""The per-session counts of the fair-deal tests (``session_deals``,
migration 022, issue 17).

The Fair deals page and ``shead deals`` test the stored full deals against
the law of a fair shuffle (:mod:`ingest.fair_deals`).  Every test is a
chi-square over a histogram — how many hands (of position k from the
dealer's left, or blinds) held 0, 1, … cards of a kind, how many pickers
sat in each chair — and histograms add up over any set of hands.  So
instead of reading every stored deal into Python (a million at a million
hands: 61 CPU-s), ``session_deals`` holds each session's histograms, and
the page sums the few rows of the sessions its filter chooses.

One row per (``session_id``, ``session``, ``group``, ``kind``, ``place``,
``cell``) with ``hands``, the number of the five-handed full deals (five
hands of six cards and a blind of two, as :func:`ingest.fair_deals.
deal_tests` keeps them) of that session and group where:

* ``kind`` 'trumps' / 'queens' / 'jacks', ``place`` 1–5: position
  ``place``'s hand (1 the dealer's left … 5 the dealer) held ``cell`` cards
  of the kind (trumps: the 14 of rules.md A-2, whatever the profile);
* ``kind`` 'trumps' / 'queens' / 'jacks' / 'aces', ``place`` 0: the blind
  held ``cell`` of them;
* ``kind`` 'picker', ``place`` 0: the picker sat in chair ``cell``
  (0-based, the Seats tag's order); a deal nobody picked has no row;
* ``kind`` 'full', ``place`` 0, ``cell`` 0: every stored full deal of the
  session and group (``hand_deals`` rows), five-handed or not — what
  ``shead deals`` reports when there is nothing to test.

Derived, never edited: :func:`refresh` recomputes the rows of the sessions
whose hands changed, in the caller's transaction (``ingest.summary.refresh``
calls it beside ``session_hands``: ingest, amend, void, rederive; a session
an ingest creates gets its rows from :func:`batch_rows` through
``ingest.summary.refresh_new``); migration
022's backfill :func:`rebuild` fills it for the hands already stored (the
same :func:`select_sql` over every hand, one INSERT … SELECT, no row
through Python).  :func:`recompute` gives what the rows should be without writing
them; :func:`load_counts` sums them for a filter, and
:func:`ingest.fair_deals.deal_tests_from_counts` turns the sums into the tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import reduce
from operator import or_

import duckdb

from ingest.fair_deals import ACES, JACKS, QUEENS, TRUMPS, filter_sql

__all__ = ["TABLE", "COLUMNS", "KINDS", "select_sql", "batch_rows", "refresh", "rebuild", "recompute", "load_counts"]

TABLE = "session_deals"
#: The table's columns in order (migration 022).
COLUMNS = ("session_id", "session", "group", "kind", "place", "cell", "hands")
#: The kinds counted and their card masks (the store's numbering, ``ingest.fair_deals``).
KINDS = {"trumps": TRUMPS, "queens": QUEENS, "jacks": JACKS, "aces": ACES}


def select_sql(where: str) -> str:
    """The ``session_deals`` rows of the hands matching ``where`` (SQL over
    ``hands`` aliased ``h``).  The cards of each deal line are the line's
    slice of ``card_log.deal`` (the sizes before it summed); a seat dealt
    twice keeps its last line and a position is counted from the hand's
    dealer, exactly as :func:`ingest.fair_deals.load_deals` builds its
    records."""
    def bits(mask: str, kind: int) -> str:
        return f"CAST(bit_count({mask} & {kind}::BIGINT) AS TINYINT)"

    hand_cells = "\n        UNION ALL\n".join(
        f"        SELECT session_id, session, \"group\", '{k}' AS kind, CAST(pos + 1 AS TINYINT) AS place, "
        f"{bits('mask', KINDS[k])} AS cell "
        "FROM pf" for k in ("trumps", "queens", "jacks"))
    blind_cells = "\n        UNION ALL\n".join(
        f"        SELECT session_id, session, \"group\", '{k}', 0::TINYINT, {bits('blind_mask', m)} FROM five"
        for k, m in KINDS.items())
    return f"""
    WITH b AS (
        SELECT h.hand_id, h.session_id, h.session, h."group", json_keys(h.players) AS keys, h.dealer, h.picker,
               c.deal_seats, c.deal_sizes, c.deal, c.blind
        FROM hand_deals d JOIN hands h USING (hand_id) JOIN card_log c USING (hand_id)
        WHERE {where}
    ), k AS (
        SELECT *, len(keys) AS n, list_position(keys, dealer) - 1 AS dl,
               coalesce(list_sum(list_transform(list_distinct(blind), lambda x: 1::BIGINT << x)), 0) AS blind_mask,
               CASE WHEN picker IS NULL THEN NULL ELSE list_position(keys, picker) - 1 END AS chair
        FROM b
    ), seg AS (  -- each deal line's cards as a mask, with its seat
        SELECT k.hand_id, t.j, CAST(k.deal_seats[t.j] AS INTEGER) AS s,
               coalesce(list_sum(list_transform(list_distinct(list_slice(k.deal,
                   CAST(coalesce(list_sum(list_slice(k.deal_sizes, 1, t.j - 1)), 0) AS BIGINT) + 1,
                   CAST(coalesce(list_sum(list_slice(k.deal_sizes, 1, t.j)), 0) AS BIGINT))),
                   lambda x: 1::BIGINT << x)), 0) AS mask
        FROM k, unnest(range(1, least(len(k.deal_seats), len(k.deal_sizes)) + 1)) AS t(j)
        WHERE k.n = 5 AND k.dl >= 0
    ), seat AS (  -- a seat's last deal line
        SELECT hand_id, s, arg_max(mask, j) AS mask FROM seg WHERE s BETWEEN 0 AND 4 GROUP BY hand_id, s
    ), pos AS (
        SELECT seat.hand_id, CAST((seat.s - k.dl - 1 + 10) % 5 AS INTEGER) AS pos, seat.mask
        FROM seat JOIN k USING (hand_id)
    ), five AS (  -- five hands of six cards and a blind of two
        SELECT k.hand_id, k.session_id, k.session, k."group", k.blind_mask, k.chair
        FROM k JOIN pos USING (hand_id)
        WHERE bit_count(k.blind_mask) = 2
        GROUP BY ALL
        HAVING count(*) FILTER (WHERE bit_count(pos.mask) = 6) = 5
    ), pf AS (  -- their five hands
        SELECT f.session_id, f.session, f."group", pos.pos, pos.mask FROM five f JOIN pos USING (hand_id)
    ), cells AS (
{hand_cells}
        UNION ALL
{blind_cells}
        UNION ALL
        SELECT session_id, session, "group", 'picker', 0::TINYINT, CAST(chair AS TINYINT) FROM five
        WHERE chair IS NOT NULL AND chair >= 0
        UNION ALL
        SELECT session_id, session, "group", 'full', 0::TINYINT, 0::TINYINT FROM b
    )
    SELECT session_id, session, "group", kind, place, cell, CAST(count(*) AS INTEGER) AS hands
    FROM cells GROUP BY ALL
    """


_BIT = tuple(1 << c for c in range(64))
#: the cell keys (kind, place, cell), made once: _HAND_CELLS[place][k][count] for the three hand kinds,
#: _BLIND_CELLS[k][count] for the four blind kinds, _PICKER_CELLS[chair]
_HAND_KINDS = (("trumps", TRUMPS), ("queens", QUEENS), ("jacks", JACKS))
_HAND_CELLS = tuple(tuple(tuple((kind, place, c) for c in range(65)) for kind, _ in _HAND_KINDS) for place in range(6))
_BLIND_CELLS = tuple(tuple((kind, 0, c) for c in range(65)) for kind in KINDS)
_PICKER_CELLS = tuple(("picker", 0, c) for c in range(128))
_FULL = ("full", 0, 0)


def batch_rows(batch, session_ids: set[int]) -> list[tuple]:
    """The ``session_deals`` rows (COLUMNS order) of the hands of
    ``session_ids`` in ``batch`` (an :class:`ingest.summary.Batch`: the
    ``hands`` columns, the rosters and the card-log lists of the hands with
    a ``hand_deals`` row), computed from the batch: what :func:`select_sql`
    gives over the same stored rows (the SQL is the definition;
    tests/test_summary_batch.py checks the two agree)."""
    h = batch.hands
    per: dict[tuple, list] = {}
    masks = tuple(KINDS.values())
    trumps, queens, jacks = TRUMPS, QUEENS, JACKS
    bit = _BIT.__getitem__
    for i, hid in enumerate(h["hand_id"]):
        sid = h["session_id"][i]
        log = batch.deals.get(hid)
        if log is None or sid not in session_ids:
            continue
        head = (sid, h["session"][i], h["group"][i])
        cells = per.get(head)
        if cells is None:
            cells = per[head] = []
        cells.append(_FULL)
        keys = list(batch.rosters[i])
        dealer = h["dealer"][i]
        if len(keys) != 5 or dealer not in keys:
            continue
        dl = keys.index(dealer)
        deal_seats, deal_sizes, deal, blind = log
        blind_mask = reduce(or_, map(bit, blind), 0)
        if blind_mask.bit_count() != 2:
            continue
        seat_mask: dict[int, int] = {}
        start = 0
        for s, k in zip(deal_seats, deal_sizes):  # a seat dealt twice keeps its last line
            if s <= 4:
                seat_mask[s] = reduce(or_, map(bit, deal[start:start + k]), 0)
            start += k
        if sum(m.bit_count() == 6 for m in seat_mask.values()) != 5:
            continue
        for s, m in seat_mask.items():
            t, q, j = _HAND_CELLS[(s - dl + 9) % 5 + 1]
            cells += (t[(m & trumps).bit_count()], q[(m & queens).bit_count()], j[(m & jacks).bit_count()])
        cells += [c[(blind_mask & km).bit_count()] for c, km in zip(_BLIND_CELLS, masks)]
        picker = h["picker"][i]
        if picker in keys:
            cells.append(_PICKER_CELLS[keys.index(picker)])
    return [head + cell + (n,) for head, cells in per.items() for cell, n in Counter(cells).items()]


def _ids_list(session_ids: Iterable[int]) -> list[int]:
    return sorted({int(s) for s in session_ids})


def refresh(con: duckdb.DuckDBPyConnection, session_ids: Iterable[int]) -> None:
    """Recompute the ``session_deals`` rows of ``session_ids`` (a session
    without full deals keeps none), in the caller's transaction.  Its cost is
    the sessions' hands: the read filters ``hands.session_id``."""
    ids = _ids_list(session_ids)
    if not ids:
        return
    con.execute(f"DELETE FROM {TABLE} WHERE list_contains(?::INTEGER[], session_id)", [ids])
    where = "h.session_id BETWEEN $lo AND $hi AND list_contains($ids, h.session_id)"
    con.execute(f"INSERT INTO {TABLE} {select_sql(where)}", {"ids": ids, "lo": ids[0], "hi": ids[-1]})


def rebuild(con: duckdb.DuckDBPyConnection) -> None:
    """Recompute every ``session_deals`` row (what migration 022 does): one
    INSERT … SELECT."""
    con.execute(f"DELETE FROM {TABLE}")
    con.execute(f"INSERT INTO {TABLE} {select_sql('TRUE')}")


def recompute(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    """What every ``session_deals`` row should be, recomputed from the
    stored deals, sorted; nothing written."""
    return sorted(con.execute(select_sql("TRUE")).fetchall(), key=_key)


def _key(row: tuple) -> tuple:
    return tuple((v is None, "" if v is None else str(v)) for v in row)


def load_counts(con: duckdb.DuckDBPyConnection, *, group: str | None = None,
                session: str | None = None) -> dict[tuple[str, int], dict[int, int]]:
    """The summed counts of the stored full deals, optionally of one group
    (Event tag) or one session: ``{(kind, place): {cell: hands}}`` (the
    table's kinds, places and cells, module text) — one query over a few
    rows per session.  The input of
    :func:`ingest.fair_deals.deal_tests_from_counts`."""
    where, params = filter_sql(group, session)
    out: dict[tuple[str, int], dict[int, int]] = {}
    for kind, place, cell, hands in con.execute(
            f"SELECT kind, place, cell, CAST(sum(hands) AS BIGINT) FROM {TABLE} WHERE {where} "
            "GROUP BY ALL", params).fetchall():
        out.setdefault((kind, int(place)), {})[int(cell)] = int(hands)
    return out
