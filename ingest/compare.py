"""The same deal at several tables, side by side (issue 18; design.md 5 ``shead compare DEAL``).

A deal's identity is :func:`replay.deal_identity.deal_id_of_log`, stored per
full-deal hand in ``hand_deals`` (migration 015).  This module reads the
store: which deals were played at two or more tables
(:func:`shared_deals`, from ``deal_tables``, migration 023), and one deal's tables compared position by position
(:func:`compare_deal`), as duplicate bridge compares the same cards in the
same chair.  Positions count from the dealer's left (position 1, the first
to be asked and the first to lead) round to the dealer (position 5 at five
hands).  Amounts are units as stored; card points are the picker side's,
the bury included (rules.md B-24).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import duckdb

from ingest import deal_tables as _deal_tables
from ingest import store as st
from replay.deal_identity import is_deal_id

__all__ = ["DealNotFound", "PositionResult", "TablePlay", "DealComparison", "deal_key", "compare_deal",
           "shared_deals", "shared_deal_count", "TABLES_SHOWN", "DEALS_SHOWN"]

#: The tables of a deal compared side by side at once (the Compare page's choice "13–24 of 400", ``shead compare
#: DEAL``'s page): a deal dealt at hundreds of tables is read and drawn a page at a time (issue 17).
TABLES_SHOWN = 12
#: The most-played shared deals the Compare page lists.
DEALS_SHOWN = 200


class DealNotFound(LookupError):
    """No stored full deal matches the key (the message says what was expected)."""


@dataclass(slots=True)
class PositionResult:
    """One position at one table: its seat alias and player, its role
    (``picker``, ``partner``, ``defender``, ``leaster`` player, ...) and its units."""

    position: int  # 1 = the dealer's left ... n = the dealer
    seat: str
    player: str | None
    role: str
    units: int


@dataclass(slots=True)
class TablePlay:
    """One table's play of the deal: who picked (by position), the bury, the
    call, the multiplier, the picker side's card points and tricks, the
    outcome and every position's units."""

    hand_id: int
    session: str
    hand: int
    table: str | None
    date: str | None
    rules: str
    picker_position: int | None  # None: nobody picked
    passes: int | None  # seats that passed before the pick (all five when nobody picked)
    bury: list[str]
    call: str | None
    alone: bool
    partner_position: int | None
    multiplier: int
    marks: int
    picker_points: int | None
    picker_tricks: int | None
    outcome: str
    positions: list[PositionResult] = field(default_factory=list)


@dataclass(slots=True)
class DealComparison:
    """A deal (its id, each position's dealt cards, the blind) and the
    tables that played it, in hand id order: all of them, or ``tables``
    from the ``offset``-th (0-based) of the ``total``."""

    deal_id: str
    hands: list[list[str]]  # per position, cards in SHN spelling as the first table wrote them
    blind: list[str]
    tables: list[TablePlay]
    total: int = 0  # the tables (stored hands) dealt the deal
    offset: int = 0  # how many of them, in hand id order, come before ``tables``

    def as_json(self) -> dict:
        return asdict(self)


def deal_key(con: duckdb.DuckDBPyConnection, key: str) -> str:
    """The deal id that ``key`` means: a deal id (``D`` + 16 hex digits), or
    anything :func:`ingest.store.find_hand` takes (a hand id, ``SESSION#N``,
    a content hash) for that hand's deal.  Raises :class:`DealNotFound`."""
    key = key.strip()
    if is_deal_id(key):
        did = "D" + key[1:].lower()
        if con.execute("SELECT 1 FROM hand_deals WHERE deal_id = ? LIMIT 1", [did]).fetchone():
            return did
        raise DealNotFound(f"no stored hand was dealt {did!r}")
    try:
        found = st.find_hand(con, key)
    except st.AmbiguousHand as exc:  # "PART#N" in several sessions: the message names them
        raise DealNotFound(str(exc)) from None
    if found is None:
        raise DealNotFound(f"no stored deal or hand {key!r} (expected a deal id such as D073af49472b155ae, "
                           "a hand id, \"SESSION#N\" or a content hash)")
    row = con.execute("SELECT deal_id FROM hand_deals WHERE hand_id = ?", [found.hand_id]).fetchone()
    if row is None:
        raise DealNotFound(f"hand {key!r} ({found.outcome.session}#{found.outcome.hand}) is not a full deal: "
                           "every seat's deal line, the blind and the dealer must be known to compare it")
    return row[0]


def _role(seat: str, o) -> str:
    if o.picker is None:
        return o.outcome  # leaster, doubler, moster ...
    if seat == o.picker:
        return "picker alone" if o.alone else "picker"
    if seat in (o.partner, o.partner2):
        return "partner"
    return "defender"


def compare_deal(con: duckdb.DuckDBPyConnection, key: str, *, offset: int = 0,
                 limit: int | None = None) -> DealComparison:
    """The stored tables' play of the deal ``key`` names (see
    :func:`deal_key`), positions relative to each table's dealer: every
    table, or (``limit``) at most ``limit`` of them from the ``offset``-th
    (0-based, hand id order; ``total`` says how many there are), so that a
    deal dealt at hundreds of tables reads only the tables shown.  The
    cards are as the first table wrote them whatever the offset.  The count
    and the first table of a deal dealt at two or more tables are read from
    ``deal_tables`` (migration 023), the page's hands from ``hand_deals``
    (``LIMIT``/``OFFSET``).  Raises :class:`DealNotFound`; ``offset`` below 0
    or ``limit`` below 1: ValueError."""
    if offset < 0 or (limit is not None and limit < 1):
        raise ValueError(f"offset {offset} and limit {limit}: expected offset >= 0 and limit >= 1")
    did = deal_key(con, key)
    total, first = con.execute(f"SELECT CAST(sum(tables) AS INTEGER), min(first_hand) FROM {_deal_tables.TABLE} "
                               "WHERE deal_id = ?", [did]).fetchone()
    if total is None:  # dealt at one table: no deal_tables row
        total, first = con.execute("SELECT CAST(count(*) AS INTEGER), min(hand_id) FROM hand_deals "
                                   "WHERE deal_id = ?", [did]).fetchone()
    shown = [i for (i,) in con.execute(
        "SELECT hand_id FROM hand_deals WHERE deal_id = ? ORDER BY hand_id"
        + (" LIMIT ? OFFSET ?" if limit is not None else " OFFSET ?"),
        [did, *([limit] if limit is not None else []), offset]).fetchall()]
    stored = st.load_hands(con, "list_contains(?, h.hand_id)", [sorted({first, *shown})])
    tables: list[TablePlay] = []
    hands: list[list[str]] = []
    blind: list[str] = []
    wanted = set(shown)
    for sh in stored:
        o, log = sh.outcome, sh.cardlog
        seats = list(o.players)
        d = seats.index(o.dealer)
        order = [seats[(d + 1 + k) % len(seats)] for k in range(len(seats))]
        pos = {s: k + 1 for k, s in enumerate(order)}
        if not hands:  # the first table's (the lowest hand id, loaded first)
            hands = [[c for c in log.deal[s]] for s in order]
            blind = [c for c in log.blind]
        if sh.hand_id not in wanted:
            continue
        tables.append(TablePlay(
            hand_id=sh.hand_id, session=o.session, hand=o.hand, table=o.table, date=o.date, rules=o.rules,
            picker_position=pos.get(o.picker) if o.picker else None,
            passes=(pos[o.picker] - 1) if o.picker in pos else (len(seats) if o.picker is None else None),
            bury=[c for c in log.bury if c], call=o.call, alone=o.alone,
            partner_position=pos.get(o.partner) if o.partner else None,
            multiplier=o.multiplier, marks=o.marks, picker_points=o.picker_points, picker_tricks=o.picker_tricks,
            outcome=o.outcome,
            positions=[PositionResult(pos[s], s, o.players.get(s), _role(s, o), o.units.get(s, 0)) for s in order]))
    return DealComparison(did, hands, blind, tables, total=total, offset=offset)


def shared_deals(con: duckdb.DuckDBPyConnection, min_tables: int = 2, limit: int | None = None) -> list[dict]:
    """Deals played at ``min_tables`` (2 or more) or more stored hands,
    most-played first (then the lowest hand id first), at most ``limit``
    of them: ``deal_id``, ``tables`` (hands), ``sessions`` (distinct),
    ``first_date``, ``last_date`` (``YYYY-MM-DD`` or None) and
    ``first_hand`` (the lowest hand id).  Read from ``deal_tables``
    (migration 023, :mod:`ingest.deal_tables`): a few rows per shared deal,
    whatever the database holds.  ``min_tables`` below 2: ValueError."""
    if min_tables < 2:
        raise ValueError(f"min_tables {min_tables}: deal_tables holds the deals dealt at 2 or more tables")
    rows = con.execute(
        f"""SELECT deal_id, CAST(sum(tables) AS INTEGER) AS n, CAST(sum(sessions) AS INTEGER),
                   strftime(min(first_date), '%Y-%m-%d'), strftime(max(last_date), '%Y-%m-%d'), min(first_hand)
            FROM {_deal_tables.TABLE} GROUP BY deal_id HAVING sum(tables) >= ?
            ORDER BY n DESC, min(first_hand) {'' if limit is None else 'LIMIT ?'}""",
        [min_tables] + ([] if limit is None else [limit])).fetchall()
    return [{"deal_id": r[0], "tables": r[1], "sessions": r[2], "first_date": r[3], "last_date": r[4],
             "first_hand": r[5]} for r in rows]


def shared_deal_count(con: duckdb.DuckDBPyConnection, min_tables: int = 2) -> int:
    """How many deals :func:`shared_deals` lists without a ``limit``."""
    if min_tables < 2:
        raise ValueError(f"min_tables {min_tables}: deal_tables holds the deals dealt at 2 or more tables")
    return con.execute(f"SELECT count(*) FROM (SELECT deal_id FROM {_deal_tables.TABLE} GROUP BY deal_id "
                       "HAVING sum(tables) >= ?)", [min_tables]).fetchone()[0]


def _position_name(k: int, n: int) -> str:
    if k == n:
        return f"position {k} (dealer)"
    if k == 1:
        return "position 1 (dealer's left)"
    return f"position {k}"


def comparison_rows(cmp: DealComparison) -> list[tuple[str, list[str]]]:
    """The comparison as rows of text, one column per table (what ``shead
    compare`` prints and the Compare page shows): the table, the pick, the
    bury, the call, the partner, the marks, the picker side's card points and
    tricks, the outcome, then each position's seat, role and units."""
    tables = cmp.tables

    def who(t: TablePlay, k: int | None) -> str:
        if k is None:
            return "-"
        p = t.positions[k - 1]
        return f"{k} ({p.seat})"

    n = len(cmp.hands)
    rows: list[tuple[str, list[str]]] = [
        ("table", [f"{t.table or t.session} · {t.session}#{t.hand}" for t in tables]),
        ("date", [t.date or "-" for t in tables]),
        ("rules", [t.rules for t in tables]),
        ("picker (position)", [who(t, t.picker_position) if t.picker_position else "nobody picked" for t in tables]),
        ("passes before the pick", ["-" if t.passes is None else str(t.passes) for t in tables]),
        ("bury", [" ".join(t.bury) or "-" for t in tables]),
        ("call", [t.call or "-" for t in tables]),
        ("partner (position)", [who(t, t.partner_position) for t in tables]),
        ("marks (multiplier)", [f"{t.marks} (×{t.multiplier})" for t in tables]),
        ("picker side card points", ["-" if t.picker_points is None else str(t.picker_points) for t in tables]),
        ("picker side tricks", ["-" if t.picker_tricks is None else str(t.picker_tricks) for t in tables]),
        ("outcome", [t.outcome for t in tables]),
    ]
    for k in range(1, n + 1):
        rows.append((f"{_position_name(k, n)} {' '.join(cmp.hands[k - 1])}",
                     [f"{p.seat} {p.role} {p.units:+d}" for t in tables for p in (t.positions[k - 1],)]))
    return rows
