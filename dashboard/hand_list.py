"""The hands behind a number: the drill-down of every statistic page.

Every count and rate on the statistic pages links to the Hands page
(``/hands?...``), which lists the hands behind it; each listed hand links on
to its replay (``/replay_hand?hand=<hand_id>&step=0``, the Replay page's URL
form: the hand id as ``shead replay`` takes it).

No Streamlit here: the pages and the tests both call these.

* :class:`HandQuery` — which hands, beyond the sidebar :class:`Filters`: a
  player and the role the player had, a kind of hand, outcomes, a call, a
  seat in pick order, a session, the trick of the partner's reveal ...
* :func:`hand_list` — those hands (one row each), :func:`hand_count` their
  number.
* :func:`to_params` / :func:`from_params` — a (Filters, HandQuery) pair as
  URL query parameters and back (the URL of a view is its state, so it can
  be shared); :func:`hands_url` — the Hands page's URL for them.

**Roles** (``HandQuery.role``, with ``HandQuery.player``), over Sheepshead
picked hands except ``seated``:

* ``seated`` — any hand in which the player held a seat;
* ``played`` — a hand the player held a seat in and played: not the dealer
  sitting a ``wi6-sit-out`` hand out (rules.md F-1; dash34 F2: the list
  behind "leasters played" held the sat-out dealer's leaster too);
* ``picker`` — the player picked (the seat named by ``hands.picker``);
* ``partner`` — the player was the partner (``partner`` or, 3v3/3v5
  tables, ``partner2``);
* ``defender`` — a picked hand whose sides are known (the picker went alone
  or the partner is recorded) in which the player was neither picker nor
  partner, nor the dealer sitting the hand out (``wi6-sit-out``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from datetime import date
from urllib.parse import urlencode

import duckdb
import polars as pl

from dashboard import metrics
from dashboard.metrics import Filters

__all__ = ["HandQuery", "ROLES", "KINDS", "hand_list", "hand_count", "to_params", "from_params", "hands_url", "hands_urls",
           "replay_url", "describe_query", "FILTER_KEYS", "tidy", "link", "filters_from_params"]

#: The roles a player can be asked for (module docstring).
ROLES = ("seated", "played", "picker", "partner", "defender")

#: The kinds of hand (``HandQuery.kind``) and their SQL over ``hands AS h``.
#: ``pick`` is a Sheepshead picked hand with a blind to pick (the Picking
#: page's picks: the tables without a blind, rules.md F-1, are left out and
#: added by :func:`hand_list`); ``picked`` any Sheepshead picked hand (the
#: Overview's "Picked hands").
KINDS = {
    "picked": f"h.game = 'sheepshead' AND h.outcome IN {metrics._PICKED_SQL}",
    "pick": f"h.game = 'sheepshead' AND h.outcome IN {metrics._PICKED_SQL}",
    "dealt": "h.game = 'sheepshead' AND h.outcome <> 'misdeal'",
    "passed_out": f"h.game = 'sheepshead' AND h.outcome IN {metrics._PASS_SQL}",
    "leaster": "h.outcome = 'leaster'",
    "doubler": "h.outcome = 'doubler'",
    "misdeal": "h.outcome = 'misdeal'",
    "declared": f"h.game = 'schafkopf' AND h.picker IS NOT NULL AND h.outcome IN {metrics._PICKED_SQL}",
    "ramsch": "h.outcome = 'ramsch'",
    "indiana": "h.game = 'indiana'",
    "misplay": "h.outcome = 'misplay'",
    "unknown": "h.outcome = 'unknown'",
}

_KIND_WORDS = {"picked": "picked hands", "pick": "picks (hands with a blind to pick)", "dealt": "hands dealt",
               "passed_out": "hands nobody picked", "leaster": "leasters", "doubler": "doublers",
               "misdeal": "misdeals", "declared": "Schafkopf games with a declarer", "ramsch": "Ramsch games",
               "indiana": "Indiana hands", "misplay": "misplays", "unknown": "picks whose agreed score fits no "
               "result"}

#: The URL parameters of the sidebar filters.
FILTER_KEYS = ("from", "to", "group", "table", "player", "rules", "game")


@dataclass(frozen=True)
class HandQuery:
    """Which hands, beyond the sidebar filters.  ``None`` / empty: any.

    * ``who`` — one player name (``hand_units.player``); ``role`` — one of
      :data:`ROLES` (default ``seated`` when ``who`` is set).
    * ``kind`` — one of :data:`KINDS`; ``outcomes`` — ``hands.outcome``
      values (``win``, ``lose-s``, ``leaster`` ...).
    * ``alone`` — True: the picker went alone; False: did not.
    * ``call`` — ``hands.call_type`` (``ace``, ``ten``, ``under``, ``alone``,
      ``jd``, ``jd-callup``; ``none`` for an unrecorded call);
      ``suit`` — ``hands.called_suit``.
    * ``game_type`` — ``hands.game_type`` (Schafkopf ``sauspiel`` ...;
      ``none`` for an unrecorded one).
    * ``position``, ``seats`` — the picker's seat in pick order (1 = left
      of the dealer … ``seats`` = the dealer) and the table size.
    * ``session`` — ``hands.session_id``.
    * ``reveal`` — the trick on which the partner was revealed (full
      card-log hands with a partner); 0: the partner was never revealed in
      play (a claim ended the hand before the called card fell).
    * ``status`` — ``full`` or ``score-sheet``; ``conflict`` — True: a
      table-agreed result differs from the cards.
    * ``laufende`` — ``with``, ``without``, ``unknown`` (counted, the side
      not known: a score sheet's) or ``none`` (rules.md G-13);
      ``laufende_n`` — the count of Laufende.
    * ``date`` — one day.
    * ``picked_by`` — player names: hands one of them picked.
    """

    who: str | None = None
    role: str | None = None
    kind: str | None = None
    outcomes: tuple[str, ...] = ()
    alone: bool | None = None
    call: str | None = None
    suit: str | None = None
    game_type: str | None = None
    position: int | None = None
    seats: int | None = None
    session: int | None = None
    reveal: int | None = None
    status: str | None = None
    conflict: bool | None = None
    laufende: str | None = None
    laufende_n: int | None = None
    date: date | None = None
    picked_by: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("outcomes", "picked_by"):
            v = getattr(self, name)
            if not isinstance(v, tuple):
                object.__setattr__(self, name, tuple(v or ()))
        if self.role is not None and self.role not in ROLES:
            raise ValueError(f"role {self.role!r}: expected one of {', '.join(ROLES)}")
        if self.kind is not None and self.kind not in KINDS:
            raise ValueError(f"kind {self.kind!r}: expected one of {', '.join(KINDS)}")
        if self.laufende is not None and self.laufende not in metrics.LAUFENDE_SIDES:
            raise ValueError(f"laufende {self.laufende!r}: expected with, without, unknown or none")


def _columns(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'hands'").fetchall()}


def _sql(con: duckdb.DuckDBPyConnection, f: Filters, q: HandQuery) -> tuple[str, str, dict[str, object]]:
    """(FROM … WHERE … text, extra select columns, parameters) of the hands
    of ``f`` and ``q``."""
    where, params = metrics._where(f)
    cols = _columns(con)
    conds = [where]
    # the seat rows joined only when a condition needs them (the names are joined after the LIMIT)
    joins = []
    if q.position is not None:
        joins.append("JOIN hand_units dn ON dn.hand_id = h.hand_id AND dn.seat = h.dealer")
    if q.position is not None or q.picked_by:
        joins.append("JOIN hand_units pn ON pn.hand_id = h.hand_id AND pn.seat = h.picker")
    extra = ""
    if q.kind:
        conds.append(f"({KINDS[q.kind]})")
        if q.kind == "pick":
            no_blind, _, _ = metrics._table_rules(con)
            if no_blind:
                conds.append("NOT list_contains($no_blind, h.rules)")
                params["no_blind"] = list(no_blind)
    if q.picked_by:
        conds.append("list_contains($picked_by, pn.player)")
        params["picked_by"] = list(q.picked_by)
    if q.outcomes:
        conds.append("list_contains($outcomes, h.outcome)")
        params["outcomes"] = list(q.outcomes)
    if q.alone is not None:
        conds.append("h.alone" if q.alone else "NOT h.alone")
    if q.call:
        if q.call == "none":
            conds.append("h.call_type IS NULL")
        else:
            conds.append("h.call_type = $call")
            params["call"] = q.call
    if q.suit:
        conds.append("h.called_suit = $suit")
        params["suit"] = q.suit
    if q.game_type:
        if q.game_type == "none":
            conds.append("h.game_type IS NULL")
        else:
            conds.append("h.game_type = $game_type")
            params["game_type"] = q.game_type
    if q.session is not None:
        conds.append("h.session_id = $session")
        params["session"] = q.session
    if q.date is not None:
        conds.append("h.date = $day")
        params["day"] = q.date
    if q.reveal == 0:  # metrics.partner_reveal's row of the partners never revealed in play (metrics31 F1)
        conds.append("h.status = 'full' AND h.partner IS NOT NULL AND h.partner_revealed_trick IS NULL")
    elif q.reveal is not None:
        conds.append("h.status = 'full' AND h.partner IS NOT NULL AND h.partner_revealed_trick = $reveal")
        params["reveal"] = q.reveal
    if q.status:
        conds.append("h.status = $status")
        params["status"] = q.status
    if q.conflict is not None:
        conds.append(("" if q.conflict else "NOT ") + "contains(h.provenance, '\"conflict\"')")
    if q.laufende and "laufende" in cols:
        side = {"with": "h.laufende > 0 AND h.laufende_with", "without": "h.laufende > 0 AND NOT h.laufende_with",
                "unknown": "h.laufende > 0 AND h.laufende_with IS NULL", "none": "h.laufende = 0"}[q.laufende]
        conds.append(f"h.picker IS NOT NULL AND h.outcome IN {metrics._PICKED_SQL} AND {side}")
    if q.laufende_n is not None and "laufende" in cols:
        conds.append("h.laufende = $laufende_n")
        params["laufende_n"] = q.laufende_n
    if q.seats is not None:
        conds.append("len(json_keys(h.players)) = $seats")
        params["seats"] = q.seats
    if q.position is not None:
        conds.append("(pn.seat_no - dn.seat_no - 1 + 2 * len(json_keys(h.players))) % len(json_keys(h.players)) + 1"
                     " = $position")
        params["position"] = q.position
    if q.who is not None:
        joins.append("JOIN hand_units me ON me.hand_id = h.hand_id AND me.player = $who")
        params["who"] = q.who
        extra = ", me.seat AS seat, me.units AS units"
        role = q.role or "seated"
        p2 = "partner2" in cols
        partner = "(me.seat = h.partner" + (" OR me.seat = h.partner2)" if p2 else ")")
        picked = f"h.game = 'sheepshead' AND h.outcome IN {metrics._PICKED_SQL}"
        if role == "picker":
            conds.append(f"{picked} AND me.seat = h.picker")
        elif role == "partner":
            conds.append(f"{picked} AND {partner}")
        elif role == "played":
            conds.append("TRUE" + _not_sat_out(con, params))
        elif role == "defender":
            conds.append(f"{picked} AND (h.alone OR h.partner IS NOT NULL) AND me.seat <> h.picker"
                         f" AND NOT coalesce({partner}, FALSE){_not_sat_out(con, params)}")
    body = "FROM hands h " + " ".join(joins) + " WHERE " + " AND ".join(conds)
    return body, extra, params


def _not_sat_out(con: duckdb.DuckDBPyConnection, params: dict[str, object]) -> str:
    """`` AND`` "the player (``me``) is not the dealer sitting the hand out"
    (a ``wi6-sit-out`` profile, rules.md F-1); ``$sit_out`` added to
    ``params``.  Empty when no stored profile sits its dealer out."""
    _, sit_out, _ = metrics._table_rules(con)
    if not sit_out:
        return ""
    params["sit_out"] = list(sit_out)
    return " AND NOT (list_contains($sit_out, h.rules) AND me.seat IS NOT DISTINCT FROM h.dealer)"


def hand_list(con: duckdb.DuckDBPyConnection, f: Filters, q: HandQuery, limit: int = 1000,
              latest: bool = False) -> pl.DataFrame:
    """The hands of the sidebar filters ``f`` and the query ``q``, one row
    each, in date order (undated last), then session and hand number; at
    most ``limit`` rows (:func:`hand_count` says how many there are): the
    first ones, or with ``latest`` the last ones, still oldest first (a
    cut list shows the night just logged: new20 F3).

    Columns: ``hand_id``, ``date``, ``session``, ``hand`` (its number in
    the session), ``game``, ``game_type``, ``dealer``, ``picker``,
    ``partner`` (player names; null when nobody or not recorded), ``call``,
    ``alone``, ``outcome``, ``winner`` (the player who won a leaster or
    another no-pick game; null otherwise and at a tie), ``picker_points``
    (card points of the picker side; in a no-pick game the winner's), ``status``; with ``q.who`` also ``seat`` and ``units`` (that
    player's).  Raises ``duckdb.Error`` on a database that is not a store."""
    body, extra, params = _sql(con, f, q)
    params["limit"] = int(limit)
    sel = ", me.seat AS seat, me.units AS units" if extra else ""
    # two steps: the hands (top ``limit``), then the names of their seats; one query joining the seat
    # rows to the limited hands is planned as a scan of every seat row per join (1.5 s at 200,000 hands)
    hands = con.sql(f"""SELECT h.hand_id, h.date, h.session, h.hand, h.game, h.game_type, h.dealer, h.picker,
               h.partner, h.call, h.alone, h.outcome, h.leaster_winner AS winner,
               CAST(h.picker_points AS INTEGER) AS picker_points,
               h.status{sel}
        {body}
        ORDER BY {"h.date DESC NULLS FIRST, h.session_id DESC, h.hand DESC, h.hand_id DESC" if latest else
                  "h.date NULLS LAST, h.session_id, h.hand, h.hand_id"}
        LIMIT $limit""", params=params).pl()
    if latest:
        hands = hands.reverse()
    ids = hands["hand_id"].to_list()
    names = con.sql("SELECT hand_id, seat, player FROM hand_units WHERE hand_id IN (SELECT unnest($ids))",
                    params={"ids": ids}).pl() if ids else pl.DataFrame(
        schema={"hand_id": hands.schema["hand_id"], "seat": pl.String, "player": pl.String})
    for col in ("dealer", "picker", "partner", "winner"):
        hands = (hands.join(names.rename({"seat": col, "player": col + "_name"}), on=["hand_id", col], how="left")
                 .drop(col).rename({col + "_name": col}))
    cols = ["hand_id", "date", "session", "hand", "game", "game_type", "dealer", "picker", "partner", "call", "alone",
            "outcome", "winner", "picker_points", "status"] + (["seat", "units"] if extra else [])
    return hands.select(cols)


def hand_count(con: duckdb.DuckDBPyConnection, f: Filters, q: HandQuery) -> int:
    """How many hands :func:`hand_list` would list without its limit."""
    body, _, params = _sql(con, f, q)
    return int(con.sql(f"SELECT count(*) {body}", params=params).fetchall()[0][0])


# --------------------------------------------------------------------------
# URLs
# --------------------------------------------------------------------------


def to_params(f: Filters, q: HandQuery | None = None) -> dict[str, str | list[str]]:
    """The URL query parameters of the filters and the query: only what is
    set (a default view has no parameters)."""
    out: dict[str, str | list[str]] = {}
    if f.date_from:
        out["from"] = f.date_from.isoformat()
    if f.date_to:
        out["to"] = f.date_to.isoformat()
    for key, vals in (("group", f.groups), ("table", f.tables), ("player", f.players), ("rules", f.rules)):
        if vals:
            out[key] = list(vals) if len(vals) > 1 else vals[0]
    if f.game:
        out["game"] = f.game
    if q is None:
        return out
    for fl in fields(HandQuery):
        v = getattr(q, fl.name)
        if v is None or v == ():
            continue
        out[_KEYS.get(fl.name, fl.name)] = _param(v)
    return out


#: A query field's URL parameter, where it is not the field's name.
_KEYS = {"outcomes": "outcome", "picked_by": "picker"}


def _param(v: object) -> str | list[str]:
    """A set query field's URL value."""
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, tuple):
        return list(v) if len(v) > 1 else v[0]
    if isinstance(v, date):
        return v.isoformat()
    return str(v)


def _get_all(params, key: str) -> list[str]:
    if hasattr(params, "get_all"):
        return list(params.get_all(key))
    v = params.get(key)
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _one(params, key: str) -> str | None:
    vals = _get_all(params, key)
    return vals[-1] if vals else None


def _day(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _int(text: str | None) -> int | None:
    try:
        return None if text is None else int(text)
    except ValueError:
        return None


def filters_from_params(params) -> Filters:
    """The sidebar filters a URL states (``st.query_params`` or a dict of
    str / list of str); values that do not parse are left out."""
    return Filters(date_from=_day(_one(params, "from")), date_to=_day(_one(params, "to")),
                   groups=tuple(_get_all(params, "group")), tables=tuple(_get_all(params, "table")),
                   players=tuple(_get_all(params, "player")), rules=tuple(_get_all(params, "rules")),
                   game=_one(params, "game") or None)


def from_params(params) -> tuple[Filters, HandQuery, list[str]]:
    """(filters, query, problems) from URL parameters.  A value that does
    not parse is left out and named in ``problems`` (the Hands page shows
    them), never an exception."""
    problems: list[str] = []
    kw: dict[str, object] = {}
    for name in ("who", "call", "suit", "game_type", "status"):
        v = _one(params, name)
        if v:
            kw[name] = v
    for name, allowed in (("role", ROLES), ("kind", tuple(KINDS)), ("laufende", metrics.LAUFENDE_SIDES)):
        v = _one(params, name)
        if v:
            if v in allowed:
                kw[name] = v
            else:
                problems.append(f"{name}={v!r} is not one of {', '.join(allowed)}")
    for name in ("position", "seats", "session", "reveal", "laufende_n"):
        v = _one(params, name)
        if v is not None:
            n = _int(v)
            if n is None:
                problems.append(f"{name}={v!r} is not a whole number")
            else:
                kw[name] = n
    for name in ("alone", "conflict"):
        v = _one(params, name)
        if v is not None:
            if v in ("1", "true", "0", "false"):
                kw[name] = v in ("1", "true")
            else:
                problems.append(f"{name}={v!r}: expected 1 or 0")
    d = _one(params, "date")
    if d:
        if _day(d) is None:
            problems.append(f"date={d!r} is not a date (YYYY-MM-DD)")
        else:
            kw["date"] = _day(d)
    outs = _get_all(params, "outcome")
    if outs:
        kw["outcomes"] = tuple(outs)
    pickers = _get_all(params, "picker")
    if pickers:
        kw["picked_by"] = tuple(pickers)
    return filters_from_params(params), HandQuery(**kw), problems


def _url(path: str, params: dict) -> str:
    return path + ("?" + urlencode(params, doseq=True) if params else "")


def hands_url(f: Filters, q: HandQuery | None = None, **kw) -> str:
    """The Hands page's URL (``/hands?...``) for the filters and a query
    (or the query's fields as keywords)."""
    q = replace(q or HandQuery(), **kw) if kw else (q or HandQuery())
    return _url("/hands", to_params(f, q))


def hands_urls(f: Filters, q: HandQuery | None = None, **columns: Sequence) -> list[str]:
    """``hands_url(f, q, **{name: column[i]})`` for every row ``i`` of the
    equal-length ``columns`` (each named by a :class:`HandQuery` field; a
    None or empty value leaves the field unset): the same URLs, for a table's
    link column of thousands of rows (the Ledger's per-session rows) at the
    cost of one parameter's encoding per field and row instead of a query
    and the whole URL per row.  An unknown field: TypeError; a value
    :class:`HandQuery` refuses: ValueError."""
    q = q or HandQuery()
    names = [fl.name for fl in fields(HandQuery)]
    unknown = sorted(set(columns) - set(names))
    if unknown:
        raise TypeError(f"not HandQuery fields: {', '.join(unknown)}")
    n = {len(c) for c in columns.values()}
    if len(n) > 1:
        raise ValueError(f"columns of different lengths: {sorted(n)}")
    for name in set(columns) & {"role", "kind", "laufende", "outcomes", "picked_by"}:  # checked by HandQuery
        for v in set(columns[name]):
            replace(q, **{name: v})
    head = urlencode(to_params(f), doseq=True)
    # the query's fields in order: a fixed one encoded once, a column's per row
    plan: list[tuple[str, str | None]] = []
    for name in names:
        if name in columns:
            plan.append((name, None))
        else:
            v = getattr(q, name)
            if v is not None and v != ():
                plan.append((name, urlencode({_KEYS.get(name, name): _param(v)}, doseq=True)))
    out = []
    for i in range(n.pop() if n else 0):
        parts = [head] if head else []
        for name, fixed in plan:
            if fixed is not None:
                parts.append(fixed)
                continue
            v = columns[name][i]
            if isinstance(v, list):
                v = tuple(v)
            if v is not None and v != ():
                parts.append(urlencode({_KEYS.get(name, name): _param(v)}, doseq=True))
        out.append("/hands?" + "&".join(parts) if parts else "/hands")
    return out


def replay_url(hand_id: int, step: int = 0) -> str:
    """The Replay page's URL of a hand: ``/replay_hand?hand=<id>&step=<n>``."""
    return f"/replay_hand?hand={int(hand_id)}&step={int(step)}"


def describe_query(q: HandQuery) -> str:
    """The query in words, for the Hands page's caption ("" when empty)."""
    parts: list[str] = []
    if q.kind:
        parts.append(_KIND_WORDS[q.kind])
    if q.outcomes:
        parts.append("outcome " + " or ".join(q.outcomes))
    if q.who:
        role = q.role or "seated"
        parts.append({"seated": f"{q.who} at the table", "played": f"{q.who} playing (not sitting out)",
                      "picker": f"{q.who} the picker", "partner": f"{q.who} the partner",
                      "defender": f"{q.who} a defender"}[role])
    if q.picked_by:
        parts.append(" or ".join(q.picked_by) + " picked")
    if q.alone is not None:
        parts.append("picker alone" if q.alone else "picker not alone")
    if q.call:
        parts.append("call unrecorded" if q.call == "none" else f"call {q.call}")
    if q.suit:
        parts.append(f"called suit {q.suit}")
    if q.game_type:
        parts.append("game type unrecorded" if q.game_type == "none" else f"game type {q.game_type}")
    if q.position is not None:
        parts.append(f"picked from seat {q.position} in pick order" + (f" of {q.seats}" if q.seats else ""))
    elif q.seats is not None:
        parts.append(f"{q.seats} seats at the table")
    if q.session is not None:
        parts.append(f"session #{q.session}")
    if q.date is not None:
        parts.append(f"played {q.date}")
    if q.reveal == 0:
        parts.append("partner not revealed in play")
    elif q.reveal is not None:
        parts.append(f"partner revealed on trick {q.reveal}")
    if q.status:
        parts.append({"full": "full card log", "score-sheet": "score sheet"}.get(q.status, q.status))
    if q.conflict is not None:
        parts.append("table-agreed result differs from the cards" if q.conflict else "no conflict")
    if q.laufende:
        parts.append({"with": "declaring party with Laufende", "without": "opponents with Laufende",
                      "unknown": "Laufende held by a side not known", "none": "no Laufende"}[q.laufende])
    if q.laufende_n is not None:
        parts.append(f"{q.laufende_n} Laufende")
    return "; ".join(parts)


def tidy(df: pl.DataFrame, blank: str = "—") -> pl.DataFrame:
    """``df`` for showing: every null of a text column becomes ``blank`` (a
    dash), so no table shows a raw "None".  Number, date and boolean columns
    are left as they are (the table draws their nulls empty)."""
    return df.with_columns([pl.col(c).fill_null(blank) for c, t in df.schema.items() if t == pl.String])


def link(text: str, url: str) -> str:
    """A Markdown link whose text is escaped (:func:`dashboard.text.md`)."""
    from dashboard.text import md  # noqa: PLC0415

    return f"[{md(text)}]({url})"
