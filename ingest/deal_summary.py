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


#: a card code's kinds as 4-bit counts, ``KINDS``' order: trumps, queens << 4, jacks << 8, aces << 12 (the
#: blind's two cards summed: each field counts that kind among them)
_WEIGHT = tuple(sum(((mask >> c) & 1) << (4 * k) for k, mask in enumerate(KINDS.values())) for c in range(64))
#: a card code -> one byte, trump + 8 * queen + 64 * jack: summed over a hand of six, three 3-bit counts
#: (at most 6 trumps, 4 queens, 4 jacks), read by ``bytes.translate`` instead of a look-up per card
_HAND_WEIGHT = bytes(((TRUMPS >> c) & 1) + 8 * ((QUEENS >> c) & 1) + 64 * ((JACKS >> c) & 1) for c in range(256))
#: the dealer's seat -> each seat's place << 9 (place 1 the dealer's left ... 5 the dealer), five-handed
_PLACE_KEY = tuple(tuple(((s - dl + 9) % 5 + 1) << 9 for s in range(5)) for dl in range(5))
_SIX5 = [6, 6, 6, 6, 6]
_HAND_KIND_NAMES = ("trumps", "queens", "jacks")
_FULL = ("full", 0, 0)


def batch_rows(batch, session_ids: set[int]) -> list[tuple]:
    """The ``session_deals`` rows (COLUMNS order) of the hands of
    ``session_ids`` in ``batch`` (an :class:`ingest.summary.Batch`: the
    ``hands`` columns, the rosters and the card-log lists of the hands with
    a ``hand_deals`` row), computed from the batch: what :func:`select_sql`
    gives over the same stored rows (the SQL is the definition;
    tests/test_summary_batch.py checks the two agree).

    A hand of ``batch.deals`` is a full deal (its ``hand_deals`` row:
    :func:`replay.deal_identity.deal_id_of_codes`): one deal line a seat,
    every card known, none twice.  So a five-handed one is counted when its
    five lines hold six cards each and its blind two (the SQL's masks of six
    and two distinct cards); a line's kind counts are the sum of its cards'
    :data:`_HAND_WEIGHT`, taken over all of a session's counted cards at
    once, and the cells are read once per distinct (place, counts) key, not
    per hand."""
    h = batch.hands
    deals = batch.deals
    weight = _WEIGHT.__getitem__
    #: head -> [deals, dealt cards of the counted hands (one byte a code), their lines' places, blind counts,
    #: picker chairs]
    per: dict[tuple, list] = {}
    for hid, sid, session, group, dealer, picker, roster in zip(
            h["hand_id"], h["session_id"], h["session"], h["group"], h["dealer"], h["picker"], batch.rosters):
        log = deals.get(hid)
        if log is None or sid not in session_ids:
            continue
        head = (sid, session, group)
        acc = per.get(head)
        if acc is None:
            acc = per[head] = [0, bytearray(), [], [], []]
        acc[0] += 1
        if len(roster) != 5 or dealer not in roster:
            continue
        deal_seats, deal_sizes, deal, blind = log
        if len(blind) != 2 or deal_sizes != _SIX5:
            continue
        keys = list(roster)
        acc[1].extend(deal)  # the codes' bytes copied at once (a list of codes: each taken as a byte)
        acc[2] += map(_PLACE_KEY[keys.index(dealer)].__getitem__, deal_seats)
        acc[3].append(weight(blind[0]) + weight(blind[1]))
        if picker in roster:
            acc[4].append(keys.index(picker))
    rows = []
    for head, (full, dealt, places, blinds, chairs) in per.items():
        cells: Counter = Counter()
        for key, n in _line_keys(dealt.translate(_HAND_WEIGHT), places).items():
            place = key >> 9
            for k, kind in enumerate(_HAND_KIND_NAMES):
                cells[(kind, place, (key >> (3 * k)) & 7)] += n
        for counts, n in Counter(blinds).items():
            for k, kind in enumerate(KINDS):
                cells[(kind, 0, (counts >> (4 * k)) & 15)] += n
        for chair, n in Counter(chairs).items():
            cells[("picker", 0, chair)] += n
        cells[_FULL] = full
        rows += [head + cell + (n,) for cell, n in cells.items()]
    return rows


def _line_keys_map(weights: bytes | bytearray, places: list[int]) -> dict[int, int]:
    """``{key: lines}`` of the six-card lines whose card weights (one byte
    a card, :data:`_HAND_WEIGHT`) are ``weights`` and whose place keys are
    ``places``, in the order first met: each line's key its place key ``|``
    the sum of its six weights.  The pure-Python path's (one ``map`` and
    one :class:`Counter`)."""
    cards = iter(weights)
    return Counter(map(or_, places, map(sum, zip(cards, cards, cards, cards, cards, cards))))


def _line_keys_scan(weights: bytes | bytearray, places: list[int]) -> dict[int, int]:
    """:func:`_line_keys_map` by one loop over the weights (the compiled
    path's: ingest/deal_summary.pxd makes the weights a C pointer and the
    sums C integers, so a line makes no tuple and no Python sum)."""
    out: dict[int, int] = {}
    w = weights
    n = len(places)
    b = 0
    for i in range(n):
        place = places[i]
        key = place | (w[b] + w[b + 1] + w[b + 2] + w[b + 3] + w[b + 4] + w[b + 5])
        out[key] = out.get(key, 0) + 1
        b += 6
    return out


#: a session's line keys (:func:`_line_keys_map`): the C loop when this module runs compiled, the map when it runs
#: as Python (each is the faster there; tests/test_deal_summary.py holds the two equal)
_line_keys = _line_keys_map if __file__.endswith(".py") else _line_keys_scan


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
