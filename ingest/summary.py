"""The per-(session, player) summary of the outcome layer (``session_players``,
migration 016, issue 17).

The dashboard's ledger, picking and schneider metrics (``dashboard.metrics``)
group the seats of every filtered hand; at a million hands that is five
million ``hand_units`` rows per query.  ``session_players`` holds the same
counts already grouped per (session, date, group, table, rules, game,
player, seats, pick-order position): a few rows per session and player.
Every column is a sum over seats, so any set of rows adds up to the metric
over exactly the hands of those rows.

The table is derived, never edited: :func:`refresh` recomputes the rows of
the sessions whose hands changed, from ``hands`` and ``hand_units``, in the
caller's transaction (the store calls it wherever it writes hand rows:
ingest, amend, void, rederive); :func:`rebuild` recomputes every session
(migration 016's backfill).  :func:`recompute` gives what the rows should
be without writing them (the tests compare it with the table).  A session
that an ingest creates gets its rows from the batch in hand instead
(:func:`refresh_new`: the same rows computed in Python from the columns the
store has just written, without the SQL's fixed costs; the SQL stays the
definition and tests/test_summary_batch.py checks the two agree).

``session_hands`` (migration 020) is its hand-level twin: one row per
(session, date, group, table, rules, game, status, outcome, alone, dealer
known, call type, called suit, partner known, reveal trick, conflict) with
the hands of that kind and their picker points and units summed — what the
hand-level metrics, the stored kinds and the sidebar's choices read instead
of scanning ``hands``.  :func:`refresh` keeps it with ``session_players``;
:func:`rebuild_hands` is migration 020's backfill.

Definitions (as ``dashboard.metrics`` states them): a seat is an entry of
the hand's roster (``hands.players``); pick-order position 1 is the seat
left of the dealer; the blind is *offered* to a seat when every seat before
it in pick order passed (every seat in a pass-out; nobody in a misdeal; the
dealer never under a profile whose dealer sits out, rules.md F-1, whose
played hands are not hands played by the dealer either).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import compress
from dataclasses import dataclass, field

import duckdb

from ingest import deal_summary as _deal_summary
from ingest import deal_tables as _deal_tables
from ingest.statements import parsed, run_with_rows
from replay.outcome import UNPLAYED_OUTCOMES

#: ``UNPLAYED_OUTCOMES`` as an SQL list, ``('misdeal', 'doubler', 'potsplit')``: a seat at one is no hand played
UNPLAYED_SQL = "(" + ", ".join(f"'{o}'" for o in UNPLAYED_OUTCOMES) + ")"

__all__ = ["UNPLAYED_SQL", "TABLE", "COLUMNS", "HANDS_TABLE", "HANDS_COLUMNS", "Batch", "sit_out_rules", "sits_out", "refresh",
           "refresh_new", "batch_rows", "batch_hand_rows", "rebuild", "recompute", "rebuild_hands", "recompute_hands"]

TABLE = "session_players"
#: The per-session summary of the hands themselves (migration 020).
HANDS_TABLE = "session_hands"

_PICKED = "('win', 'win-s', 'win-z', 'lose', 'lose-s', 'lose-z')"
_WINS = "('win', 'win-s', 'win-z')"
_PASS = "('leaster', 'doubler', 'moster', 'mittler', 'schneidster', 'schwanzer')"

#: The table's columns in order (migration 016).
COLUMNS = ("session_id", "session", "date", "group", "table", "rules", "game", "player", "seats", "position", "hands", "units",
           "unplayed", "dealt", "offered", "offered_picks", "unknown_dealer", "picks", "wins", "alone", "alone_wins",
           "picker_units", "picker_units_n", "pk_ws", "pk_ls", "pk_wz", "pk_lz", "pt_n", "pt_ws", "pt_ls", "pt_wz",
           "pt_lz", "df_n", "df_ws", "df_ls", "df_wz", "df_lz", "unk_n",
           *(f"{r}_{c}" for r in ("rp", "rt", "rd") for c in ("n", "wins", "units", "sf", "sa", "zf", "za")),
           "rp_alone", "rp_alone_wins")


#: session_hands' columns in order (migration 020): the key, then the sums.
HANDS_COLUMNS = ("session_id", "date", "group", "table", "rules", "game", "status", "outcome", "alone", "dealer_known",
                 "call_type", "called_suit", "partner_known", "revealed", "conflict", "hands", "picker_points",
                 "picker_points_n", "picker_units", "picker_units_n")


def _select_hands(where: str) -> str:
    """The ``session_hands`` rows of the hands matching ``where`` (SQL over
    ``hands``): one per hand kind, every hand counted in exactly one."""
    return f"""
    SELECT session_id, date, "group", "table", rules, game, status, outcome, alone, dealer IS NOT NULL AS dealer_known,
           call_type, called_suit, partner IS NOT NULL AS partner_known, partner_revealed_trick AS revealed,
           contains(provenance, '"conflict"') AS conflict,
           CAST(count(*) AS INTEGER) AS hands,
           CAST(sum(picker_points) AS BIGINT) AS picker_points, CAST(count(picker_points) AS INTEGER) AS picker_points_n,
           CAST(sum(picker_units) AS BIGINT) AS picker_units, CAST(count(picker_units) AS INTEGER) AS picker_units_n
    FROM hands WHERE {where}
    GROUP BY ALL
    """


def sit_out_rules(con: duckdb.DuckDBPyConnection, where: str = "TRUE", params: dict | None = None) -> list[str]:
    """The ``[Rules]`` texts of the Sheepshead hands matching ``where`` (SQL
    over ``hands``) whose profile has the dealer sit out (``sitOut``,
    rules.md F-1: ``wi6-sit-out``).  A text the current profiles refuse
    counts as not sitting out (as ``dashboard.metrics`` reads it)."""
    texts = con.execute(f"SELECT DISTINCT rules FROM hands WHERE game = 'sheepshead' AND ({where})",
                        params or None).fetchall()
    return sorted(text for (text,) in texts if sits_out(text))


def sits_out(text: str | None) -> bool:
    """True when the ``[Rules]`` text ``text`` names a profile whose dealer
    sits out (``sitOut``, rules.md F-1); a text the current profiles refuse
    does not."""
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.profile import parse_rules  # noqa: PLC0415

    try:
        return bool(parse_rules(text or None).sitOut)
    except ProfileError:
        return False


def _select(where: str, unit_where: str) -> str:
    """The summary rows of the hands matching ``where`` (SQL over ``hands``;
    ``unit_where`` the same restriction over ``hand_units``' ``session_id``,
    so its scan skips other sessions).  Parameters: ``$sit_out``."""
    def n(cond: str) -> str:
        return f"CAST(count(*) FILTER (WHERE {cond}) AS INTEGER)"

    def role(flag: str, cond: str) -> str:  # a linear count: + and - of 0/1 terms per seat
        return f"CAST(coalesce(sum({flag}) FILTER (WHERE {cond}), 0) AS INTEGER)"

    # a defender seat: a picked hand with sides, the seat neither picker, partner, second partner nor the
    # sit-out dealer -- counted as dashboard.metrics.schneider_by_role does: the seats with sides less
    # those roles (so a seat both picker and partner counts as the metric counts it)
    defender = ("sk::INTEGER - (sk AND is_picker)::INTEGER - is_partner::INTEGER - is_partner2::INTEGER"
                " - (sk AND is_out)::INTEGER")
    unknown = "(NOT sk)::INTEGER - (NOT sk AND is_picker)::INTEGER - (NOT sk AND is_out)::INTEGER"
    partner = "is_partner::INTEGER + is_partner2::INTEGER"
    tiers = (("win-s", "ws"), ("lose-s", "ls"), ("win-z", "wz"), ("lose-z", "lz"))
    pk = ", ".join(f"{n(f'is_picker AND outcome = {o!r}')} AS pk_{c}" for o, c in tiers)
    pt = ", ".join(f"{role(partner, f'outcome = {o!r}')} AS pt_{c}" for o, c in tiers)
    df = ", ".join(f"{role(defender, f'outcome = {o!r}')} AS df_{c}" for o, c in tiers)
    # the Player page's roles (dashboard.player_metrics.role_record): one role per seat with a units row,
    # picker first, then none for the sit-out dealer, partner (either), defender when the sides are known
    rr = ", ".join(
        f"CAST(coalesce(sum(u.rows_) FILTER (WHERE rr = '{role}'{c}), 0) AS INTEGER) AS {a}_{name}"
        if name != "units" else f"CAST(sum(u.units) FILTER (WHERE rr = '{role}') AS BIGINT) AS {a}_units"
        for a, role in (("rp", "picker"), ("rt", "partner"), ("rd", "defender"))
        for name, c in (("n", ""), ("wins", " AND rr_won"), ("units", ""), ("sf", " AND rr_sf"),
                        ("sa", " AND rr_sa"), ("zf", " AND rr_zf"), ("za", " AND rr_za")))
    rr += (", CAST(coalesce(sum(u.rows_) FILTER (WHERE rr = 'picker' AND alone), 0) AS INTEGER) AS rp_alone"
           f", CAST(coalesce(sum(u.rows_) FILTER (WHERE rr = 'picker' AND alone AND outcome IN {_WINS}), 0)"
           " AS INTEGER) AS rp_alone_wins")
    return f"""
    WITH h AS (
        SELECT hand_id, session_id, session, date, "group", "table", rules, game, dealer, picker, partner, partner2, alone,
               outcome, picker_units, list_contains(CAST($sit_out AS VARCHAR[]), rules) AS so,
               json_transform(players, '"MAP(VARCHAR, VARCHAR)"') AS m
        FROM hands WHERE {where}
    ), r AS (
        SELECT * EXCLUDE (m), map_keys(m) AS keys, map_values(m) AS names, len(map_keys(m)) AS n,
               list_position(map_keys(m), dealer) - 1 AS d, list_position(map_keys(m), picker) - 1 AS p
        FROM h
    ), s AS (
        SELECT r.* EXCLUDE (keys, names), t.k, r.keys[t.k + 1] AS alias, r.names[t.k + 1] AS player,
               outcome IN {_PICKED} AS picked, alone OR partner IS NOT NULL AS sk,
               coalesce(t.k = p, FALSE) AS is_picker,
               coalesce(r.keys[t.k + 1] = partner, FALSE) AS is_partner,
               coalesce(r.keys[t.k + 1] = partner2, FALSE) AS is_partner2,
               coalesce(so AND t.k = d, FALSE) AS is_out,
               CASE WHEN d IS NULL THEN NULL ELSE (t.k - d - 1 + 2 * n) % n + 1 END AS position,
               CASE WHEN outcome IN ('misdeal', 'potsplit') THEN FALSE
                    WHEN so AND t.k = d THEN FALSE
                    WHEN outcome IN {_PASS} THEN TRUE
                    WHEN d IS NULL OR p IS NULL THEN NULL
                    ELSE (t.k - d - 1 + 2 * n) % n <= (p - d - 1 + 2 * n) % n END AS offer
        FROM r, unnest(range(r.n)) AS t(k)
    ), q AS (
        SELECT *, CASE WHEN NOT picked THEN NULL WHEN is_picker THEN 'picker' WHEN is_out THEN NULL
                       WHEN is_partner OR is_partner2 THEN 'partner' WHEN sk THEN 'defender' END AS rr
        FROM s
    ), w AS (
        SELECT *, CASE WHEN rr = 'defender' THEN outcome IN ('lose', 'lose-s', 'lose-z')
                       ELSE outcome IN {_WINS} END AS rr_won,
                  outcome = CASE WHEN rr = 'defender' THEN 'lose-s' ELSE 'win-s' END AS rr_sf,
                  outcome = CASE WHEN rr = 'defender' THEN 'win-s' ELSE 'lose-s' END AS rr_sa,
                  outcome = CASE WHEN rr = 'defender' THEN 'lose-z' ELSE 'win-z' END AS rr_zf,
                  outcome = CASE WHEN rr = 'defender' THEN 'win-z' ELSE 'lose-z' END AS rr_za
        FROM q
    ), u AS (
        SELECT hand_id, seat, count(*) AS rows_, sum(units) AS units FROM hand_units
        WHERE player IS NOT NULL AND {unit_where} GROUP BY hand_id, seat
    )
    SELECT s.session_id, s.session, s.date, s."group", s."table", s.rules, s.game, s.player, CAST(s.n AS TINYINT) AS seats,
           CAST(s.position AS TINYINT) AS position,
           CAST(coalesce(sum(u.rows_), 0) AS INTEGER) AS hands, CAST(sum(u.units) AS BIGINT) AS units,
           {n(f"outcome IN {UNPLAYED_SQL} OR is_out")} AS unplayed,
           {n("outcome NOT IN ('misdeal', 'potsplit')")} AS dealt,
           {n("offer")} AS offered,
           {n("offer AND is_picker")} AS offered_picks,
           {n("outcome NOT IN ('misdeal', 'potsplit') AND offer IS NULL")} AS unknown_dealer,
           {n("picked AND is_picker")} AS picks,
           {n(f"outcome IN {_WINS} AND is_picker")} AS wins,
           {n("picked AND is_picker AND alone")} AS alone,
           {n(f"outcome IN {_WINS} AND is_picker AND alone")} AS alone_wins,
           CAST(sum(picker_units) FILTER (WHERE picked AND is_picker) AS BIGINT) AS picker_units,
           CAST(count(picker_units) FILTER (WHERE picked AND is_picker) AS INTEGER) AS picker_units_n,
           {pk},
           {role(partner, "picked")} AS pt_n, {pt},
           {role(defender, "picked")} AS df_n, {df},
           {role(unknown, "picked")} AS unk_n,
           {rr}
    FROM w AS s LEFT JOIN u ON u.hand_id = s.hand_id AND u.seat = s.alias
    WHERE s.player IS NOT NULL
    GROUP BY ALL
    """


def _ids_list(session_ids: Iterable[int]) -> list[int]:
    return sorted({int(s) for s in session_ids})


def recompute(con: duckdb.DuckDBPyConnection, session_ids: Iterable[int] | None = None) -> list[tuple]:
    """What the rows of ``session_ids`` (every session when None) should be,
    recomputed from ``hands`` and ``hand_units``, sorted; nothing written."""
    if session_ids is None:
        where, uw, params = "TRUE", "TRUE", {}
    else:
        where, uw = "list_contains($ids, session_id)", "list_contains($ids, session_id)"
        params = {"ids": _ids_list(session_ids)}
    params["sit_out"] = sit_out_rules(con, where, {k: v for k, v in params.items() if k == "ids"})
    return sorted(con.execute(_select(where, uw), params).fetchall(), key=_key)


def recompute_hands(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    """What every ``session_hands`` row should be, recomputed from ``hands``,
    sorted; nothing written."""
    return sorted(con.execute(_select_hands("TRUE")).fetchall(), key=_key)


def _key(row: tuple) -> tuple:
    return tuple((v is None, "" if v is None else str(v)) for v in row)


def refresh(con: duckdb.DuckDBPyConnection, session_ids: Iterable[int]) -> None:
    """Recompute the ``session_players`` and ``session_hands`` rows of
    ``session_ids`` (a session without hands keeps none), in the caller's
    transaction.  Its cost is the
    sessions' hands, not the database's: both reads filter on the session
    (``hands.session_id``, ``hand_units.session_id``)."""
    ids = _ids_list(session_ids)
    if not ids:
        return
    con.execute(f"DELETE FROM {TABLE} WHERE list_contains(?::INTEGER[], session_id)", [ids])
    # the range lets both scans skip the row groups of other sessions (zone maps); the list keeps the exact ids
    where = "session_id BETWEEN $lo AND $hi AND list_contains($ids, session_id)"
    p = {"ids": ids, "lo": ids[0], "hi": ids[-1]}
    sit_out = sit_out_rules(con, where, p)
    con.execute(f"INSERT INTO {TABLE} {_select(where, where)}", {**p, "sit_out": sit_out})
    # migration 020: the sessions' hand kinds
    con.execute(f"DELETE FROM {HANDS_TABLE} WHERE list_contains(?::INTEGER[], session_id)", [ids])
    con.execute(f"INSERT INTO {HANDS_TABLE} {_select_hands(where)}", p)
    _deal_summary.refresh(con, ids)  # migration 022: the fair-deal counts
    _deal_tables.refresh(con, ids)  # migration 023: the deals dealt at two or more tables


# --------------------------------------------------------------------------
# The rows of new sessions from the batch in hand (issue 17)
# --------------------------------------------------------------------------

@dataclass
class Batch:
    """The rows the store has just written for a file's hands, as it wrote
    them: ``hands`` the ``hands`` columns (name -> list, one entry a hand;
    ``players`` and ``provenance`` the stored JSON texts, ``date`` the
    ``YYYY-MM-DD`` text cast to DATE), ``rosters`` each hand's roster (the
    dict whose JSON text is ``players``), ``units`` the ``hand_units``
    columns, ``deals`` hand_id -> ``(deal_seats, deal_sizes, deal, blind)``
    (the ``card_log`` lists) of each hand given a ``hand_deals`` row (a full
    deal: one deal line a seat, every card known, none twice), and
    ``deal_ids`` hand_id -> its ``hand_deals.deal_id``."""

    hands: dict[str, list]
    rosters: list[dict]
    units: dict[str, list]
    deals: dict[int, tuple] = field(default_factory=dict)
    deal_ids: dict[int, str] = field(default_factory=dict)


_PICKED_SET = frozenset(("win", "win-s", "win-z", "lose", "lose-s", "lose-z"))
_WINS_SET = frozenset(("win", "win-s", "win-z"))
_LOSES_SET = frozenset(("lose", "lose-s", "lose-z"))
_PASS_SET = frozenset(("leaster", "doubler", "moster", "mittler", "schneidster", "schwanzer"))
_TIERS = ("win-s", "lose-s", "win-z", "lose-z")  # the columns' order: ws, ls, wz, lz
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: the sums after the key columns: where each starts in COLUMNS[10:]
_SUMS = {name: i for i, name in enumerate(COLUMNS[10:])}
#: the sums that are NULL over no value (SQL ``sum`` without ``coalesce``)
_NULLABLE = tuple(_SUMS[c] for c in ("units", "picker_units", "rp_units", "rt_units", "rd_units"))
#: outcome -> the indices of its pk_, pt_ and df_ sums
_TIER_SUMS = {o: tuple(_SUMS[f"{a}_{c}"] for a in ("pk", "pt", "df"))
              for o, c in zip(_TIERS, ("ws", "ls", "wz", "lz"))}
#: role -> the indices of its n, units, wins, sf, sa, zf, za sums
_ROLE_SUMS = {role: tuple(_SUMS[f"{a}_{c}"] for c in ("n", "units", "wins", "sf", "sa", "zf", "za"))
              for role, a in (("picker", "rp"), ("partner", "rt"), ("defender", "rd"))}
(_HANDS, _UNITS, _UNPLAYED, _DEALT, _OFFERED, _OFFERED_PICKS, _UNKNOWN_DEALER, _PICKS, _WINS_N, _ALONE, _ALONE_WINS,
 _PICKER_UNITS, _PICKER_UNITS_N, _PT_N, _DF_N, _UNK_N, _RP_ALONE, _RP_ALONE_WINS) = (
    _SUMS[c] for c in ("hands", "units", "unplayed", "dealt", "offered", "offered_picks", "unknown_dealer", "picks",
                       "wins", "alone", "alone_wins", "picker_units", "picker_units_n", "pt_n", "df_n", "unk_n",
                       "rp_alone", "rp_alone_wins"))


def _fits(h: dict[str, list], rosters: list[dict], i: int) -> bool:
    """True when hand ``i`` has only values whose SQL and Python readings
    agree (strings in the roster, a canonical date, a known outcome ...);
    a session with another hand is refreshed in SQL instead."""
    d = h["date"][i]
    return (isinstance(h["outcome"][i], str) and isinstance(h["alone"][i], bool)
            and isinstance(h["rules"][i], str) and isinstance(h["game"][i], str)
            and isinstance(h["provenance"][i], str)
            and (d is None or (isinstance(d, str) and _DATE.fullmatch(d) is not None))
            and all(isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in rosters[i].items()))


def _all_fit(h: dict[str, list], rosters: list[dict]) -> bool:
    """True when every hand of ``h`` passes :func:`_fits`, checked column
    by column over the distinct values (a file's hands share their rules,
    date, roster ...); False also when some hand might not, which the
    caller then asks of each hand."""
    try:
        if not (set(map(type, h["outcome"])) <= _STR and set(map(type, h["alone"])) <= _BOOL
                and set(map(type, h["rules"])) <= _STR and set(map(type, h["game"])) <= _STR
                and set(map(type, h["provenance"])) <= _STR):
            return False
        if not all(d is None or (type(d) is str and _DATE.fullmatch(d) is not None) for d in set(h["date"])):
            return False
    except TypeError:  # an unhashable date
        return False
    return all(type(k) is str and (v is None or type(v) is str)
               for r in {id(r): r for r in rosters}.values() for k, v in r.items())


_STR = frozenset((str,))
_BOOL = frozenset((bool,))


def _add(acc: list, k: int, v) -> None:
    if v is not None:
        acc[k] = v if acc[k] is None else acc[k] + v


def _seat_sums(kind: tuple) -> tuple[tuple[tuple[int, int], ...], int | None, bool]:
    """What one seat of ``kind`` adds to its ``session_players`` row:
    ``(counts, role units, picker)`` -- ``counts`` the ``(sum index, value)``
    pairs it adds as a count, ``role units`` the index of the role's units
    sum its units also go to (None without a role), ``picker`` whether its
    hand's picker units go to the row (the seat picked a picked hand).
    ``kind`` is ``(outcome, alone, sk, is_picker, is_partner, is_partner2,
    is_out, offer, rows_)`` as :func:`batch_rows` reads them (the terms of
    :func:`_select`)."""
    outcome, alone, sk, is_picker, is_partner, is_partner2, is_out, offer, rows_ = kind
    picked = outcome in _PICKED_SET
    wins = outcome in _WINS_SET
    not_dealt = outcome in ("misdeal", "potsplit")
    acc = [0] * (len(COLUMNS) - 10)
    acc[_HANDS] += rows_
    acc[_UNPLAYED] += outcome in UNPLAYED_OUTCOMES or is_out
    if not not_dealt:
        acc[_DEALT] += 1
        if offer is None:
            acc[_UNKNOWN_DEALER] += 1
    if offer:
        acc[_OFFERED] += 1
        acc[_OFFERED_PICKS] += is_picker
    if is_picker:
        if picked:
            acc[_PICKS] += 1
            acc[_ALONE] += bool(alone)
        if wins:
            acc[_WINS_N] += 1
            acc[_ALONE_WINS] += bool(alone)
    partner_v = is_partner + is_partner2
    defender_v = sk - (sk and is_picker) - is_partner - is_partner2 - (sk and is_out)
    if picked:
        acc[_PT_N] += partner_v
        acc[_DF_N] += defender_v
        acc[_UNK_N] += (not sk) - (not sk and is_picker) - (not sk and is_out)
    tier = _TIER_SUMS.get(outcome)
    if tier is not None:
        acc[tier[0]] += is_picker
        acc[tier[1]] += partner_v
        acc[tier[2]] += defender_v
    if not picked:
        rr = None
    elif is_picker:
        rr = "picker"
    elif is_out:
        rr = None
    elif is_partner or is_partner2:
        rr = "partner"
    elif sk:
        rr = "defender"
    else:
        rr = None
    role_units = None
    if rr is not None:
        i_n, role_units, i_wins, i_sf, i_sa, i_zf, i_za = _ROLE_SUMS[rr]
        defends = rr == "defender"
        acc[i_n] += rows_
        if (outcome in _LOSES_SET) if defends else wins:
            acc[i_wins] += rows_
        if outcome == ("lose-s" if defends else "win-s"):
            acc[i_sf] += rows_
        if outcome == ("win-s" if defends else "lose-s"):
            acc[i_sa] += rows_
        if outcome == ("lose-z" if defends else "win-z"):
            acc[i_zf] += rows_
        if outcome == ("win-z" if defends else "lose-z"):
            acc[i_za] += rows_
        if rr == "picker" and alone:
            acc[_RP_ALONE] += rows_
            if wins:
                acc[_RP_ALONE_WINS] += rows_
    counts = tuple((j, int(v)) for j, v in enumerate(acc) if v)
    return counts, role_units, bool(is_picker and picked)


def batch_rows(batch: Batch, session_ids: set[int], sit_out: set[str]) -> list[tuple]:
    """The ``session_players`` rows (COLUMNS order) of the hands of
    ``session_ids`` in ``batch``, computed from the batch: what
    :func:`_select` gives over the same stored rows (the SQL is the
    definition; tests/test_summary_batch.py checks the two agree).
    ``sit_out``: the ``[Rules]`` texts whose dealer sits out (rules.md F-1).

    Each seat is counted by its row's key and its kind (the outcome and the
    seat's terms of :func:`_select`: picker, partner, offered ...), its
    units and its hand's picker units summed; what a kind adds
    (:func:`_seat_sums`) is worked out once per kind and added times the
    seats of that kind (a file of 1,000 hands has some tens of kinds)."""
    h = batch.hands
    u = batch.units
    with_player = [player is not None for player in u["player"]]  # the SQL's hand_units rows
    unit_of = dict(zip(compress(zip(u["hand_id"], u["seat"]), with_player), compress(u["units"], with_player)))
    absent = object()
    #: row key -> [seats, units sum, units counted, picker units sum, picker units counted] per seat kind:
    #: the key (player, position) under the hand's head, then the kind (see _seat_sums)
    out: dict[tuple, dict[tuple, list]] = {}
    cols = (h["hand_id"], h["session_id"], h["session"], h["date"], h["group"], h["table"], h["rules"], h["game"],
            h["dealer"], h["picker"], h["partner"], h["partner2"], h["outcome"], h["alone"], h["picker_units"],
            batch.rosters)
    for (hid, sid, session, date, group, table, rules, game, dealer, picker, partner, partner2, outcome, alone, pu,
         roster) in zip(*cols):
        if sid not in session_ids:
            continue
        keys = list(roster)
        n = len(keys)
        d = keys.index(dealer) if dealer in roster else -1  # -1: no seat (compiled, C integers: summary.pxd)
        p = keys.index(picker) if picker in roster else -1
        so = rules in sit_out
        sk = alone or partner is not None
        if outcome in ("misdeal", "potsplit"):
            open_ = False  # nobody is offered the blind
        elif outcome in _PASS_SET:
            open_ = True  # every seat was offered it
        elif d < 0 or p < 0:
            open_ = None
        else:
            open_ = (p - d - 1 + 2 * n) % n  # the seats up to the picker's pick-order place were
        head = (sid, session, date, group, table, rules, game, n)
        seats = out.get(head)
        if seats is None:
            seats = out[head] = {}
        for k, alias in enumerate(keys):
            player = roster[alias]
            if player is None:
                continue
            is_picker = k == p
            is_out = so and k == d
            position = None if d < 0 else (k - d - 1 + 2 * n) % n + 1
            if is_out:
                offer = False
            elif open_ is None or open_ is True or open_ is False:
                offer = open_
            else:
                offer = position - 1 <= open_
            units = unit_of.get((hid, alias), absent)
            key = (player, position, outcome, alone, sk, is_picker, alias == partner, alias == partner2, is_out,
                   offer, units is not absent)
            got = seats.get(key)
            if got is None:
                got = seats[key] = [0, 0, 0, 0, 0]
            got[0] += 1
            if units is not absent and units is not None:
                got[1] += units
                got[2] += 1
            if is_picker and pu is not None:
                got[3] += pu
                got[4] += 1
    width = len(COLUMNS) - 10
    sums = _KIND_SUMS
    rows: dict[tuple, list] = {}
    for head, seats in out.items():
        for (player, position, *kind), (count, units, units_n, pu, pu_n) in seats.items():
            row = head[:7] + (player, head[7], position)
            acc = rows.get(row)
            if acc is None:
                acc = rows[row] = [0] * width
                for j in _NULLABLE:
                    acc[j] = None
            kind = tuple(kind)
            what = sums.get(kind)
            if what is None:
                what = sums[kind] = _seat_sums(kind)
            counts, role_units, picker = what
            for j, v in counts:
                acc[j] += count * v
            if units_n:
                _add(acc, _UNITS, units)
                if role_units is not None:
                    _add(acc, role_units, units)
            if picker and pu_n:
                _add(acc, _PICKER_UNITS, pu)
                acc[_PICKER_UNITS_N] += pu_n
    return [row + tuple(acc) for row, acc in rows.items()]


#: seat kind -> what it adds (:func:`_seat_sums`), filled as kinds are met
_KIND_SUMS: dict[tuple, tuple] = {}


def batch_hand_rows(batch: Batch, session_ids: set[int]) -> list[tuple]:
    """The ``session_hands`` rows (HANDS_COLUMNS order) of the hands of
    ``session_ids`` in ``batch``: what :func:`_select_hands` gives over the
    same stored rows (tests/test_summary_batch.py checks the two agree)."""
    h = batch.hands
    out: dict[tuple, list] = {}
    cols = [h[c] for c in ("session_id", "date", "group", "table", "rules", "game", "status", "outcome", "alone",
                           "dealer", "call_type", "called_suit", "partner", "partner_revealed_trick", "provenance",
                           "picker_points", "picker_units")]
    for (sid, date, group, table, rules, game, status, outcome, alone, dealer, call_type, called_suit, partner,
         revealed, provenance, points, units) in zip(*cols):
        if sid not in session_ids:
            continue
        key = (sid, date, group, table, rules, game, status, outcome, alone, dealer is not None, call_type,
               called_suit, partner is not None, revealed, '"conflict"' in provenance)
        acc = out.get(key)
        if acc is None:
            acc = out[key] = [0, None, 0, None, 0]
        acc[0] += 1
        if points is not None:
            acc[1] = points if acc[1] is None else acc[1] + points
            acc[2] += 1
        if units is not None:
            acc[3] = units if acc[3] is None else acc[3] + units
            acc[4] += 1
    return [key + tuple(acc) for key, acc in out.items()]


def _kind(values: list) -> str:
    """The Arrow kind of a summary column's Python values (bool, int, str;
    a column of nulls as text, which the INSERT casts)."""
    for v in values:
        if v is not None:
            return "bool_" if isinstance(v, bool) else "int64" if isinstance(v, int) else "string"
    return "string"


def insert_rows(con: duckdb.DuckDBPyConnection, table: str, columns: tuple[str, ...], rows: list[tuple],
                casts: dict[str, str] | None = None) -> None:
    """Insert ``rows`` (tuples in ``columns`` order) into ``table`` in one
    statement, as an Arrow batch (:mod:`ingest.arrow_build`: no pandas);
    ``casts`` (column -> SQL type) for a column whose Python values are not
    of the table's type (a date given as text)."""
    if not rows:
        return
    from ingest import arrow_build  # noqa: PLC0415

    casts = casts or {}
    values = dict(zip(columns, map(list, zip(*rows))))
    batch = arrow_build.table(values, [(c, _kind(values[c])) for c in columns])
    sel = ", ".join(f'CAST("{c}" AS {casts[c]})' if c in casts else f'"{c}"' for c in columns)
    names = ", ".join(f'"{c}"' for c in columns)
    run_with_rows(con, f"INSERT INTO {table} ({names}) SELECT {sel} FROM _rows", batch)


def refresh_new(con: duckdb.DuckDBPyConnection, batch: Batch, session_ids: Iterable[int]) -> None:
    """Write the ``session_players``, ``session_hands`` and ``session_deals``
    rows (and, by :func:`ingest.deal_tables.refresh`, the ``deal_tables``
    rows of their deals) of ``session_ids``, sessions that the caller's transaction has just
    created with the hands of ``batch`` (so they have no other hand and no
    summary row yet), from the batch itself: what :func:`refresh` would
    write, without reading the hands back (issue 17: the three statements
    cost about 0.12 CPU-s a file of 1,000 hands, mostly fixed costs of
    planning).  A session holding a hand the batch path does not cover
    (:func:`_fits`) is refreshed by :func:`refresh`."""
    ids = set(_ids_list(session_ids))
    if not ids:
        return
    h = batch.hands
    fallback = set() if _all_fit(h, batch.rosters) else {
        sid for i, sid in enumerate(h["session_id"]) if sid in ids and not _fits(h, batch.rosters, i)}
    ids -= fallback
    if ids:
        sid_of = dict(zip(h["hand_id"], h["session_id"]))
        texts = {r for sid, r, g in zip(h["session_id"], h["rules"], h["game"]) if sid in ids and g == "sheepshead"}
        sit_out = {t for t in texts if sits_out(t)}
        dates = {"date": "DATE"}
        insert_rows(con, TABLE, COLUMNS, batch_rows(batch, ids, sit_out), dates)
        insert_rows(con, HANDS_TABLE, HANDS_COLUMNS, batch_hand_rows(batch, ids), dates)
        insert_rows(con, _deal_summary.TABLE, _deal_summary.COLUMNS, _deal_summary.batch_rows(batch, ids))
        # migration 023: the deals shared with other sessions (read from the store)
        mine = {hid: d for hid, d in batch.deal_ids.items() if sid_of.get(hid) in ids}
        _deal_tables.refresh_created(con, ids, mine)
    if fallback:
        refresh(con, fallback)


#: Sessions recomputed per statement by :func:`rebuild` (bounded memory at a million hands).
_REBUILD_BATCH = 200


def rebuild(con: duckdb.DuckDBPyConnection) -> None:
    """Recompute every ``session_players`` row (migration 016's backfill),
    in batches of :data:`_REBUILD_BATCH` sessions, each one INSERT ... SELECT
    (no row passes through Python)."""
    con.execute(f"DELETE FROM {TABLE}")
    sit_out = sit_out_rules(con)
    ids = [i for (i,) in con.execute("SELECT DISTINCT session_id FROM hands ORDER BY 1").fetchall()]
    for b in range(0, len(ids), _REBUILD_BATCH):
        lo, hi = ids[b], ids[min(b + _REBUILD_BATCH, len(ids)) - 1]
        where = "session_id BETWEEN $lo AND $hi"
        con.execute(f"INSERT INTO {TABLE} {_select(where, where)}", {"lo": lo, "hi": hi, "sit_out": sit_out})


def rebuild_hands(con: duckdb.DuckDBPyConnection) -> None:
    """Recompute every ``session_hands`` row (migration 020's backfill): one
    INSERT ... SELECT over ``hands`` (its few hand-level columns only; no row
    passes through Python)."""
    con.execute(f"DELETE FROM {HANDS_TABLE}")
    con.execute(f"INSERT INTO {HANDS_TABLE} {_select_hands('TRUE')}")
