"""Exports of the stored hands: JSONL, CSV, Parquet and SHN (design.md 5).

Every function takes an open connection (use :func:`ingest.store.reading`)
and returns the number of hands written.

* :func:`export_jsonl` — one JSON object per hand, with exactly the fields of
  design.md 5 (:data:`JSONL_FIELDS`; a Schafkopf game's Laufende beside its
  ``game_type``), in stored order (``hand_id``).
* :func:`export_csv` — the same fields, one row per hand; ``rules_flags``,
  ``players``, ``units`` and ``provenance`` as JSON text.
* :func:`export_parquet` — hive-partitioned Parquet under a folder, by
  ``group`` and ``year`` (``group=…/year=…/data_0.parquet``; a hand without
  a group or date goes to ``__HIVE_DEFAULT_PARTITION__``).  ``players`` and
  ``units`` are MAP columns, ``rules_flags`` and ``provenance`` JSON text.
* :func:`export_shn` — the stored sources, session by session, as one SHN
  file that reads back to the same hands (and the same content hashes);
  stored NetSchafkopf games are written as SHN-SK (:func:`schafkopf_session`).
"""

from __future__ import annotations

import csv
import json
import os
import re
from pathlib import Path
from typing import TextIO

import duckdb

from ingest.shn.canonical import _canonical_hands, _tag, canonical_hand, canonical_session_tags  # noqa: F401 - re-exported

__all__ = ["JSONL_FIELDS", "export_ledger_csv", "ledger_sittings", "export_jsonl", "export_csv", "export_parquet", "export_shn", "non_shn_hands", "schafkopf_session",
           "jsonl_objects", "jsonl_where", "canonical_hand", "canonical_session_tags"]

#: The JSONL object's fields, in order (design.md 5; with the Schafkopf game's
#: ``laufende`` and ``laufende_with`` beside ``game_type``, null for Sheepshead).
JSONL_FIELDS = (
    "session", "group", "hand", "date", "rules", "rules_flags", "game", "game_type", "laufende", "laufende_with",
    "players", "dealer", "picker",
    "partner", "call", "alone", "leaster_winner", "multiplier", "picker_points", "picker_tricks", "outcome", "units",
    "provenance", "status",
    "partner2",  # a second partner (3v3, 3v5: rules.md F-1, docs/profiles.md); null elsewhere
    # Schafkopf (migration 019): the announced game also under a Tout (a Wenz Tout is game_type "tout", sk_game
    # "wenz") and the trump suit C/S/H/D (a Farbsolo's suit; null in a Wenz or Geier); null for other games
    "sk_game", "trump_suit",
)

_BATCH = 10_000

_UNITS = """(SELECT hand_id, map(list(seat ORDER BY seat_no), list(units ORDER BY seat_no)) AS units
            FROM hand_units GROUP BY hand_id)"""


def _select(json_cols: bool) -> str:
    """SELECT of the JSONL fields over ``hands h`` joined with units ``u``;
    ``json_cols`` gives the dict fields as JSON values, else as JSON text."""
    parts = []
    for f in JSONL_FIELDS:
        if f == "date":
            parts.append("strftime(h.\"date\", '%Y-%m-%d') AS \"date\"")
        elif f in ("rules_flags", "players", "provenance"):
            parts.append(f'json(h."{f}") AS "{f}"' if json_cols else f'h."{f}"')
        elif f == "units":
            parts.append("coalesce(u.units, MAP {}) AS units" if json_cols
                         else "CAST(to_json(coalesce(u.units, MAP {})) AS VARCHAR) AS units")
        else:
            parts.append(f'h."{f}"')
    return ", ".join(parts)


def _rows(con: duckdb.DuckDBPyConnection, sql: str):
    con.execute(sql)
    while True:
        batch = con.fetchmany(_BATCH)
        if not batch:
            return
        yield from batch


def export_jsonl(con: duckdb.DuckDBPyConnection, out: TextIO) -> int:
    """Write one JSON object per stored hand to ``out`` (one line each,
    UTF-8 text, fields :data:`JSONL_FIELDS`).  Returns the hand count."""
    fields = ", ".join(f"'{f}': \"{f}\"" for f in JSONL_FIELDS)
    sql = (f"SELECT CAST(to_json({{{fields}}}) AS VARCHAR) FROM (SELECT h.hand_id, {_select(True)} "
           f"FROM hands h LEFT JOIN {_UNITS} u USING (hand_id)) ORDER BY hand_id")
    n = 0
    for (line,) in _rows(con, sql):
        out.write(line)
        out.write("\n")
        n += 1
    return n


def jsonl_where(con: duckdb.DuckDBPyConnection, where: str = "TRUE", params: dict | None = None, *,
                limit: int | None = None, offset: int = 0) -> tuple[list[dict], int]:
    """The JSONL objects (:data:`JSONL_FIELDS`, as :func:`export_jsonl`
    writes them) of the stored hands matching ``where`` — fixed SQL over
    ``hands h``, values only as named parameters in ``params`` — in stored
    order, at most ``limit`` of them after skipping ``offset``; and how many
    match in all.  What ``GET /hands`` answers (docs/service.md)."""
    fields = ", ".join(f"'{f}': \"{f}\"" for f in JSONL_FIELDS)
    params = dict(params or {})
    total = con.sql(f"SELECT count(*) FROM hands h WHERE {where}", params=params or None).fetchall()[0][0]
    page = ""
    if limit is not None:
        page = " LIMIT $_limit OFFSET $_offset"
        params["_limit"], params["_offset"] = limit, offset
    sql = (f"SELECT CAST(to_json({{{fields}}}) AS VARCHAR) FROM (SELECT h.hand_id, {_select(True)} "
           f"FROM hands h LEFT JOIN {_UNITS} u USING (hand_id) WHERE {where}) ORDER BY hand_id{page}")
    return [json.loads(line) for (line,) in con.sql(sql, params=params or None).fetchall()], total


def export_csv(con: duckdb.DuckDBPyConnection, out: TextIO) -> int:
    """Write a header and one CSV row per stored hand to ``out`` (columns
    :data:`JSONL_FIELDS`; dict fields as JSON text; null as an empty cell).
    Returns the hand count."""
    sql = f"SELECT {_select(False)} FROM hands h LEFT JOIN {_UNITS} u USING (hand_id) ORDER BY h.hand_id"
    w = csv.writer(out, lineterminator="\n")
    w.writerow(JSONL_FIELDS)
    n = 0
    for row in _rows(con, sql):
        w.writerow(["true" if v is True else "false" if v is False else "" if v is None else v for v in row])
        n += 1
    return n


def export_parquet(con: duckdb.DuckDBPyConnection, folder: str | os.PathLike) -> int:
    """Write the stored hands as Parquet under ``folder``, hive-partitioned
    by ``group`` and ``year`` (of ``date``).  Files already there with the
    same partition names are overwritten.  Returns the hand count."""
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    cols = []
    for f in JSONL_FIELDS:
        if f == "players":
            cols.append('CAST(json(h.players) AS MAP(VARCHAR, VARCHAR)) AS players')
        elif f == "units":
            cols.append("coalesce(u.units, MAP {}) AS units")
        else:
            cols.append(f'h."{f}"')
    select = (", ".join(cols) + ', year(h."date") AS "year"'
              f" FROM hands h LEFT JOIN {_UNITS} u USING (hand_id) ORDER BY h.hand_id")
    n = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    # COPY takes its target as text; a parameter is not accepted there, so the
    # folder is quoted as a SQL string literal.
    target = "'" + str(path).replace("'", "''") + "'"
    con.execute(f"COPY (SELECT {select}) TO {target} "
                "(FORMAT parquet, PARTITION_BY (\"group\", \"year\"), OVERWRITE_OR_IGNORE)")
    return n


_SHN_BATCH = 1000


def export_shn(con: duckdb.DuckDBPyConnection, out: TextIO) -> int:
    """Write every stored SHN hand as one canonical SHN file (docs/notation.md
    §10): ``%SHN 1.0``, then per session its tags (:func:`canonical_session_tags`:
    ``[Session "…"]`` first, every stored tag with its annotation), a blank
    line and its hands in hand order (:func:`canonical_hand`), one blank line
    between hands and before a later session.  Games imported from
    NetSchafkopf protocols follow, written as SHN-SK (``[Cards "de"]``,
    docs/notation.md §14) by :func:`schafkopf_session`.  Validating the file
    gives the same outcomes again; the hands' text is the canonical form, so
    a stored source that was not canonical comes back with another content
    hash (re-ingesting it into the same database counts it as a duplicate:
    :meth:`ingest.store.Store.ingest_file`).  Returns the hand count written."""
    from ingest.store import (_set_header_tag, in_session, source_check_tags,  # noqa: PLC0415 - the one place a
                              with_voids)  # stored hand is put under its header

    out.write("%SHN 1.0\n")
    n = 0
    current = None
    sql = ("SELECT s.session_id, s.session, s.header, t.source, h.rules, h.players FROM hands h "
           "JOIN sessions s USING (session_id) JOIN hand_text t USING (hand_id) "
           "WHERE coalesce(s.format, 'shn') = 'shn' ORDER BY s.session_id, h.hand, h.hand_id")
    batch: list[str] = []
    head = ""

    def flush() -> None:
        for text in _canonical_hands(head, batch):
            out.write("\n" + text)
        batch.clear()

    voided = _voided_by_session(con)
    checks = source_check_tags(con)  # an incomplete session's source totals and refused hands (sk32 F2)
    opening = None
    for session_id, session, header, source, rules, players in _rows(con, sql):
        if session_id != current:
            flush()
            # a night whose hand 1 is voided keeps the opening pot that hand wrote (break29 F2): written on its
            # first hand in force, so a restore opens the night with it too (break29b F1)
            opening = _kept_opening(con, session_id) if 1 in voided.get(session_id, ()) else None
            if opening:
                source = _with_pot(source, opening)
            # its voids, with a restored header's (QA D12: a restore sees no gap; break18 F1: a void made after a
            # restore is in the next export too)
            header = with_voids(header or "", voided.get(session_id, ()))
            for tag, value in checks.get(session_id, {}).items():
                header = _set_header_tag(header, tag, value)
            out.write(("\n" if current is not None else "") + canonical_session_tags(session, header, source))
            current, head = session_id, header
        # the hand under the rules and names it was stored with (a file that continued its session under its own)
        batch.append(in_session(source, header, rules, json.loads(players or "{}")))
        if len(batch) >= _SHN_BATCH:
            flush()
        n += 1
    flush()
    wrote = _voided_whole(con, out, n > 0)
    return n + _schafkopf_shn(con, out, n > 0 or wrote)


def _kept_opening(con: duckdb.DuckDBPyConnection, session_id: int) -> int | None:
    """The opening pot a night whose hand 1 is voided keeps
    (:func:`ingest.pot_carry.voided_opening`), when its rules keep a pot."""
    from ingest.pot_carry import voided_opening  # noqa: PLC0415

    return voided_opening(con, session_id)


_POT_WRITTEN = re.compile(r"(?:^|\s)pot\s+(?:\d+|\?)(?=\s|$)")


def _with_pot(source: str, pot: int) -> str:
    """Hand text ``source`` with ``pot N`` written on its ``hand N`` line
    (before a note in braces), unless that line writes a pot already: the
    balance the pot holds before it (docs/notation.md ``pot N``; on a
    session's first hand read, its opening balance, taken as asserted)."""
    first, nl, rest = source.partition("\n")
    body, brace, note = first.partition("{")
    if _POT_WRITTEN.search(body):
        return source
    return f"{body.rstrip()}  pot {pot}" + (f"  {brace}{note}" if brace else "") + nl + rest


def _voided_whole(con: duckdb.DuckDBPyConnection, out: TextIO, after: bool) -> bool:
    """Write each stored session voided whole (every hand of it voided,
    none in force: ``shead void S --session``) as its tags alone, with
    ``[_Voided "1 2 …"]`` naming its hands and no hand: a restore stores it
    so and refuses its hands sent again, as this database does (break18 F4:
    it was left out, and the copy it was voided as counted again after a
    restore).  An SHN session keeps its stored header; a protocol's is
    written as SHN-SK tags (its group, date, seats, rules, ``[Cards "de"]``).
    ``after``: something was written before.  Returns True when it wrote."""
    from ingest.shn.writer import tag_lines  # noqa: PLC0415
    from ingest.store import _header_voids, _seats_text, with_voids  # noqa: PLC0415

    voided = _voided_by_session(con)
    rows = con.execute(
        "SELECT s.session_id, s.session, s.header, coalesce(s.format, 'shn'), s.\"group\", s.date, s.players, s.rules "
        "FROM sessions s WHERE coalesce(s.format, 'shn') IN ('shn', 'netschafkopf') AND NOT EXISTS "
        "(SELECT 1 FROM hands h WHERE h.session_id = s.session_id) ORDER BY s.session_id").fetchall()
    wrote = False
    for sid, session, header, fmt, group, date, players, rules in rows:
        header = with_voids(header or "", voided.get(sid, ()))
        if "[_Voided " not in header:
            continue  # no hand and no void: nothing to keep
        if fmt == "shn":
            text = canonical_session_tags(session, header, "")
        else:
            tags = {"Session": session}
            if group:
                tags["Event"] = group
            if date:
                tags["Date"] = str(date).replace("-", ".")
            tags["Seats"] = _seats_text(json.loads(players or "{}"))
            tags["Rules"] = rules or ""
            tags["Cards"] = "de"
            tags["_Voided"] = " ".join(map(str, sorted(_header_voids(header))))
            text = tag_lines(tags, {})
        out.write(("\n" if after or wrote else "") + text)
        wrote = True
    return wrote


def _voided_by_session(con: duckdb.DuckDBPyConnection) -> dict[int, list[int]]:
    """session_id → the numbers of its hands voided with ``shead void`` (the
    latest revision a void) and not stored again since, sorted."""
    try:
        rows = con.execute(
            "SELECT r.session_id, r.hand FROM hand_revisions r WHERE r.action = 'void' AND r.revision = "
            "(SELECT max(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id) AND NOT EXISTS "
            "(SELECT 1 FROM hands h WHERE h.session_id = r.session_id AND h.hand = r.hand) "
            "ORDER BY 1, 2").fetchall()
    except duckdb.CatalogException:  # a database before migration 007
        return {}
    out: dict[int, list[int]] = {}
    for sid, n in rows:
        if n not in out.setdefault(sid, []):
            out[sid].append(n)
    return out


def ledger_sittings(con: duckdb.DuckDBPyConnection) -> int:
    """How many sittings of CSV ledgers (sessions without hands, table
    ``settlements``) are stored: what :func:`export_ledger_csv` writes and
    the hand exports leave out."""
    return con.execute("SELECT count(*) FROM sessions WHERE format = 'csv-ledger'").fetchall()[0][0]


def export_ledger_csv(con: duckdb.DuckDBPyConnection, out: TextIO) -> int:
    """Write every stored CSV-ledger sitting as a CSV ledger that
    ``shead ingest`` reads back to the same sittings (docs/storage.md,
    "Exporting ledger sittings"): a header ``date,session,group,<player>...``
    (players in order of first appearance), then one row per sitting in
    stored order: its date (YYYY-MM-DD), its stored session name and group,
    and each player's net units (``+5``, ``-3``; blank: did not play).
    Returns the number of sittings written."""
    sits = con.execute(
        "SELECT s.session_id, strftime(s.date, '%Y-%m-%d'), s.session, s.\"group\" FROM sessions s "
        "WHERE s.format = 'csv-ledger' ORDER BY s.session_id").fetchall()
    units: dict[int, dict[str, int]] = {}
    players: list[str] = []
    for sid, p, u in con.execute("SELECT st.session_id, st.player, st.units FROM settlements st JOIN sessions s "
                                 "USING (session_id) WHERE s.format = 'csv-ledger' "
                                 "ORDER BY st.session_id, st.source_row, st.player").fetchall():
        units.setdefault(sid, {})[p] = int(u)
        if p not in players:
            players.append(p)
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["date", "session", "group", *players])
    for sid, d, name, group in sits:
        row = units.get(sid, {})
        w.writerow([d or "", name, group or "", *(f"{row[p]:+d}" if p in row else "" for p in players)])
    return len(sits)


def non_shn_hands(con: duckdb.DuckDBPyConnection) -> int:
    """How many stored hands :func:`export_shn` leaves out: those whose
    sessions' sources are in a format it cannot write as SHN (every format
    stored today — SHN and NetSchafkopf protocols, written as SHN-SK — can
    be written, so 0 unless a new format is added)."""
    return con.execute("SELECT count(*) FROM hands h JOIN sessions s USING (session_id) "
                       "WHERE coalesce(s.format, 'shn') NOT IN ('shn', 'netschafkopf')").fetchall()[0][0]


def jsonl_objects(con: duckdb.DuckDBPyConnection) -> list[dict]:
    """Every hand as the JSONL object (parsed), for tests and small exports."""
    import io

    buf = io.StringIO()
    export_jsonl(con, buf)
    return [json.loads(line) for line in buf.getvalue().splitlines()]


# --------------------------------------------------------------------------
# Stored Schafkopf games as SHN-SK (docs/notation.md §14)
# --------------------------------------------------------------------------

_SUIT_WORDS = ("eichel", "gras", "herz", "schellen")  # engine suit order: clubs, spades, hearts, diamonds


def _same_table(a: list[str], b: list[str]) -> bool:
    """True when seats ``a`` and ``b`` (clockwise) are one seating: the same
    players in the same order around the table, whoever is named first (an
    SHN game added to a protocol's session may list its seats from another
    chair)."""
    return len(a) == len(b) and any(a == b[k:] + b[:k] for k in range(len(b)))


def _aliases(players: dict[str, str]) -> list[str]:
    """SHN seat aliases for the stored seat names: the name itself when it is
    an alias (``PcLinks``, ``Gast``), else ``P1`` .. ``P4``."""
    from ingest.shn.reader import is_alias  # noqa: PLC0415

    names = list(players)
    if all(is_alias(n) for n in names) and len(set(names)) == len(names):
        return names
    return [f"P{i + 1}" for i in range(len(names))]


def _stored_game(o) -> tuple | None:
    """``(game, suit, tout)`` as :func:`ingest.netschafkopf.announced_game`
    gives a protocol block's, from a stored outcome's own facts
    (``sk_game``/``game_type``, ``trump_suit``): a game written in SHN and
    added to a protocol's session (its missing game, tests/test_nsk_grown.py)
    has no protocol block, and the export failed on it with a traceback
    (break17 F3).  None when the outcome names no Schafkopf game."""
    from replay.cards import Suit  # noqa: PLC0415
    from replay.schafkopf import Game  # noqa: PLC0415

    name = o.sk_game or o.game_type
    try:
        game = Game(name)
    except ValueError:
        return None
    if game is Game.SAUSPIEL:  # the called ace's suit, as a protocol's game line gives it (an amended protocol's
        # games are all SHN: its export failed on the first Sauspiel, E-SK-ANNOUNCE, session 19)
        called = (o.call or "")[-1:]
        return game, Suit("CSHD".index(called)) if called and called in "CSHD" else None, o.game_type == "tout"
    suit = Suit("CSHD".index(o.trump_suit)) if o.trump_suit and o.trump_suit in "CSHD" else None
    return game, suit if game in (Game.SOLO, Game.FARBWENZ, Game.FARBGEIER) else None, o.game_type == "tout"


def schafkopf_session(hands: list, voided=(), players: dict[str, str] | None = None,
                      extra: dict[str, str] | None = None):
    """The SHN-SK records of one stored Schafkopf session (its
    :class:`~ingest.store.StoredHand` rows in hand order, imported from
    NetSchafkopf protocols): one :class:`~ingest.shn.record.SessionRec` with
    ``Session``, ``Event`` (the group), ``Date``, ``Seats``, ``Rules`` and
    ``[Cards "de"]``, and per game the dealer, the four deal lines, the game
    (from the stored protocol block's game line), Kontra/Re (``kontra ?``:
    the protocols give only their number, before the first card), the eight
    tricks and the result: partner, Laufende, Augen (``pts``), tricks, the
    outcome word and the units of every seat (``score``), all as stored, so
    that validating the text re-checks each against the cards.  Returns an
    :class:`~ingest.shn.record.ShnFile` (write it with
    :func:`ingest.shn.writer.write`).  ``players``: the session's own
    seating (``sessions.players``, seat -> name), else its first game's: a
    night whose first games were voided (a chair that changed hands) kept
    the later seating as the session's, and the games voided before the
    backup could not be brought back (break20 F4).  Raises ``ValueError``
    for a stored game whose game line cannot be read."""
    from ingest.netschafkopf import announced_game  # noqa: PLC0415
    from ingest.shn.record import (GameRec, HandRecord, LaufendeRec, MarkRec, PlayRec, ScoreRec, SessionRec,  # noqa: PLC0415
                                   CardsRec, ShnFile, TrickRec, Value)
    from replay.cards import CARD_NAMES, Card, mask_of  # noqa: PLC0415
    from replay.schafkopf import Announce, Game, SchafkopfState, parse_schafkopf_rules  # noqa: PLC0415
    from ingest.store import _seats_text  # noqa: PLC0415

    first = hands[0].outcome
    table = players if players and len(players) == len(first.players) else first.players
    seats = list(table)
    alias = dict(zip(seats, _aliases(table)))
    tags = {"Session": first.session}
    if first.group:
        tags["Event"] = first.group
    if first.date:
        tags["Date"] = first.date.replace("-", ".")
    # alias=name: a seat renamed by an amendment (Gast=Hans Huber) keeps its name (break18 F13: it was dropped)
    tags["Seats"] = _seats_text({a: table[n] for n, a in alias.items()})
    tags["Rules"] = first.rules
    tags["Cards"] = "de"
    if voided:  # the numbers of its voided games (``voided``): no gap, and not stored again after a restore
        tags["_Voided"] = " ".join(map(str, sorted(voided)))
    tags.update(extra or {})  # its protocol's header line; an incomplete session's source totals and refused games
    sess = SessionRec(tags)
    prof = parse_schafkopf_rules(first.rules)
    card = {name: Card(i) for i, name in enumerate(CARD_NAMES)}
    out = []
    session_seats, session_alias = seats, alias
    for sh in hands:
        o, log = sh.outcome, sh.cardlog
        if o.game_type == "thrown":  # all passed, the deal thrown in (rules.md G-4; a protocol's, sk32 F3)
            h = HandRecord(o.hand, sess, dealer=Value(session_alias[o.dealer]) if o.dealer in session_alias else None)
            h.thrown = Value(True)
            out.append(h)
            continue
        parsed = announced_game(sh.source)
        written = parsed is None  # an SHN game added to the protocol's session
        parsed = parsed or _stored_game(o)
        if parsed is None:
            raise ValueError(f"stored game {o.session}#{o.hand} has no readable game line or card log")
        game, suit, tout = parsed
        seats, alias = session_seats, session_alias
        if not _same_table(list(o.players), seats):  # another seating (a player seated mid-log, nsk18 F6; two
            # players who swapped chairs, break19 F1): the hand's own [Seats], SHN's way
            seats = list(o.players)
            alias = dict(zip(seats, _aliases(o.players)))
        h = HandRecord(o.hand, sess, dealer=Value(alias[o.dealer]))
        if seats is not session_seats:
            h.tags["Seats"] = _seats_text({a: o.players[n] for n, a in alias.items()})
        if log is None:  # a score-sheet game (a Schieber game whose passed cards the log does not give)
            out.append(_sheet_record(h, o, game, suit, tout, alias, seats, card, written))
            continue
        h.deals = [CardsRec([card[c] for c in log.deal[s]], seat=alias[s]) for s in seats]
        if game is Game.RAMSCH:
            h.ramsch = Value(True)
            h.marks = [MarkRec("klopfen", None) for _ in range(_klopfen(o))]
        else:
            h.game = GameRec(alias[o.picker], game.value, tout=tout)
            if game is Game.SAUSPIEL:
                h.game.called = card[o.call]
            elif suit is not None:
                h.game.suit = _SUIT_WORDS[suit]
            h.marks = [MarkRec("klopfen", None) for _ in range(_klopfen(o))]
            h.marks += [MarkRec("re" if k else "kontra", None) for k in range(o.marks)]
            st = SchafkopfState(prof, seats.index(o.dealer), [mask_of(card[c] for c in log.deal[s]) for s in seats])
            st.apply(Announce(seats.index(o.picker), game, suit, tout))
            lf = st.laufende()
            h.laufende = LaufendeRec(lf.counted, ("with" if lf.with_ else "without") if lf.counted else None)
            if o.partner is not None:
                h.partner = Value(alias[o.partner])
            h.pts = Value(o.picker_points)
            h.tricks_won = Value(o.picker_tricks)
            h.outcome = Value(o.outcome)
        tricks: dict[int, TrickRec] = {}
        for p in log.plays:
            t = tricks.get(p.trick)
            if t is None:
                t = tricks[p.trick] = TrickRec(p.trick, alias[p.seat], [])
            t.plays.append(PlayRec(card[p.card]))
        h.tricks = [tricks[k] for k in sorted(tricks)]
        h.score = ScoreRec([(alias[s], Value(o.units[s])) for s in seats])
        out.append(h)
    return ShnFile(out)


def protocol_game_shn(hand, header: str, players: dict[str, str] | None = None):
    """A NetSchafkopf protocol's game (``hand``: an
    :class:`~ingest.model.ValidatedHand` read from the protocol) as the
    SHN-SK hand an export writes (:func:`schafkopf_session`), read again
    under a restored session's stored ``header`` (its ``[_Protocol]`` tag,
    :func:`ingest.protocol_identity.protocol_tag`): the
    :class:`~ingest.model.ValidatedHand` of that text, with the protocol's
    file, line and warnings, or None when the text does not read back to the
    same units (then the game is refused as before).  So a corrected
    protocol sent after a restore adds its missing game to the restored
    session, as SHN, the way the session is re-read and exported
    (verify32 F4).  ``players``: the session's seating (seat -> name)."""
    from dataclasses import replace  # noqa: PLC0415

    from ingest.shn.writer import write  # noqa: PLC0415
    from ingest.validate import validate_text  # noqa: PLC0415

    try:
        text = write(schafkopf_session([hand], players=players))
    except (ValueError, KeyError):
        return None
    block = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    if not block.startswith("hand "):
        return None
    head = "\n".join(x for x in header.splitlines() if x.strip())
    got = validate_text(f"%SHN 1.0\n{head}\n\n{block}", hand.source_file)
    if got.rejected or len(got.hands) != 1:
        return None
    (h,) = got.hands
    o, want = h.outcome, hand.outcome
    if (o.session, o.hand, dict(o.units)) != (want.session, want.hand, dict(want.units)):
        return None
    return replace(h, source_file=hand.source_file, source_line=hand.source_line,
                   diagnostics=list(hand.diagnostics))


def _sheet_record(h, o, game, suit, tout, alias, seats, card, written: bool = False):
    """The SHN-SK score-sheet form (docs/notation.md §14.7) of a stored
    Schafkopf game without a card log: the game, Klopfen/Kontra, partner,
    Augen and every seat's units, so that the judge re-checks the units
    against the tariff; ``written`` (a game written in SHN and added to the
    protocol's session) also its Laufende and outcome word as stored, which
    its text gave (a protocol's sheet game states neither: its price is the
    protocol's)."""
    from ingest.shn.record import GameRec, LaufendeRec, MarkRec, ScoreRec, Value  # noqa: PLC0415
    from replay.schafkopf import Game  # noqa: PLC0415

    h.marks = [MarkRec("klopfen", None) for _ in range(_klopfen(o))]
    if game is Game.RAMSCH:
        h.ramsch = Value(True)
    else:
        h.game = GameRec(alias[o.picker], game.value, tout=tout)
        if game is Game.SAUSPIEL:
            h.game.called = card[o.call]
        elif suit is not None:
            h.game.suit = _SUIT_WORDS[suit]
        h.marks += [MarkRec("re" if k else "kontra", None) for k in range(o.marks)]
        if o.partner is not None:
            h.partner = Value(alias[o.partner])
        # as its text gave them: checked again on a restore; a count its score fixed with no side known is left out
        # (SHN writes a count with its side; the score fixes it again, fixb30 F2)
        if written and o.laufende is not None and (o.laufende == 0 or o.laufende_with is not None):
            h.laufende = LaufendeRec(o.laufende, ("with" if o.laufende_with else "without") if o.laufende else None)
        if o.picker_points is not None:
            h.pts = Value(o.picker_points)
        if written and o.outcome:
            h.outcome = Value(o.outcome)
    h.score = ScoreRec([(alias[s], Value(o.units[s])) for s in seats])
    return h


def _klopfen(o) -> int:
    """The doublings before the game of a stored Schafkopf game (a protocol's
    "N mal aufgedoppelt", written ``klopfen ?``): the multiplier is 2 per
    Kontra/Re (``marks``) and per Klopfen (rules.md G-18, G-19)."""
    from ingest.netschafkopf import klopfen_count  # noqa: PLC0415

    return klopfen_count(o.multiplier, o.marks)


def _schafkopf_shn(con: duckdb.DuckDBPyConnection, out: TextIO, after: bool) -> int:
    """Write the stored NetSchafkopf sessions as SHN-SK sessions; ``after``:
    something was written before, so the first one starts with a blank line."""
    from ingest.shn.writer import write  # noqa: PLC0415
    from ingest.store import load_hands  # noqa: PLC0415

    hands = load_hands(con, "h.session_id IN (SELECT session_id FROM sessions WHERE format = 'netschafkopf')")
    by_session: dict[str, list] = {}
    for sh in sorted(hands, key=lambda sh: (sh.outcome.session, sh.outcome.hand, sh.hand_id)):
        by_session.setdefault(sh.outcome.session, []).append(sh)
    # its voided games, as an SHN session's: a restore then refuses them from an older export (break18b F13)
    voided = _voided_by_session(con)
    from ingest.store import source_check_tags  # noqa: PLC0415

    checks = source_check_tags(con)  # an incomplete session's source totals and refused games (sk32 F2)
    from ingest.protocol_identity import PROTOCOL_TAG, protocol_tag  # noqa: PLC0415

    ids, tables, marks = {}, {}, {}
    for name, sid, players, header in con.execute(
            "SELECT session, session_id, players, header FROM sessions WHERE format = 'netschafkopf'").fetchall():
        ids[name], tables[name] = sid, json.loads(players) if players else None
        # the protocol's own header line (who wrote it, when): a restored session is still that protocol's, and a
        # copy of it ingested later counts as duplicates (verify32 F4: the night was counted twice)
        tag = protocol_tag(header or "")
        marks[name] = {PROTOCOL_TAG: tag} if tag else {}
    n = 0
    for name, group in by_session.items():
        text = write(schafkopf_session(group, voided.get(ids.get(name), ()), tables.get(name),
                                       {**marks.get(name, {}), **checks.get(ids.get(name), {})}))
        out.write(("\n" if after or n else "") + text[len("%SHN 1.0\n"):])
        n += len(group)
    return n
