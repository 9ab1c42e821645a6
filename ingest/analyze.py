"""``shead analyze``: a stored hand judged card by card against double-dummy
best play (issue 16; the judging is :mod:`replay.analysis`, the solver
:mod:`replay.solver`).

This module maps stored facts to the engine and back: it rebuilds the
engine's state at the first card from a stored hand (the deal, blind, bury,
call and table cards the replay shows), hands it with the cards as played to
:func:`replay.analysis.analyse`, and stores the result once in ``dd_hands`` /
``dd_cards`` (migration 009), keyed by the hand's content hash.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable

import duckdb

from replay.actions import Alone, Bury, Call, Pass, Pick, Sheepshead
from replay.analysis import HandAnalysis, SolverError, analyse
from replay.cards import Card
from replay.errors import IllegalAction
from replay.state import GameState, Phase

__all__ = ["SOLVER_VERSION", "AnalyzeError", "start_of", "analyse_stored", "analysis_json", "store_analysis",
           "stored_analysis", "pending_hands", "player_summary", "card_name"]

#: Names the solver whose results are stored; a change of the solver's
#: answers bumps it, and `shead analyze --all` then recomputes.
SOLVER_VERSION = "dd-1"


class AnalyzeError(ValueError):
    """A stored hand that cannot be analysed, with the reason."""


@dataclass(slots=True)
class Start:
    """A stored hand at its first card: the engine state, the cards as
    played ((seat, card) in order), the seat aliases and names, the game."""

    state: object
    plays: list[tuple[int, Card]]
    aliases: list[str]
    names: list[str]
    game: str


def card_name(card: Card, game: str) -> str:
    """SHN spelling (``QC``); German protocol spelling (``EO``) for Schafkopf."""
    if game == "schafkopf":
        from replay.schafkopf import german  # noqa: PLC0415

        return german(card)
    return str(card)


def start_of(found, fmt: str, text: str) -> Start:
    """The state before the first card of stored hand ``found``
    (:class:`ingest.store.StoredHand`; ``fmt``/``text`` from
    :func:`ingest.store.session_text`).  Raises :class:`AnalyzeError` for a
    hand without a full card log, a no-pick hand or a Ramsch, an Indiana
    hand, or one the current engine stops on."""
    o = found.outcome
    aliases = list(o.players)
    names = [o.players[a] for a in aliases]
    if o.picker is None and o.game in ("sheepshead", "schafkopf"):
        who = ("nobody declared, so there is no declaring party" if o.game == "schafkopf" else
               "nobody picked, so there is no picker's side")
        raise AnalyzeError(f"hand {o.session}#{o.hand} is a {o.outcome}: {who} to analyse")
    if found.cardlog is None or not found.cardlog.plays:
        raise AnalyzeError(f"hand {o.session}#{o.hand} has no card log (a score-sheet hand): nothing to analyse")
    if o.game == "schafkopf":
        return _sk_start(found, fmt, text, aliases, names)
    if o.game != "sheepshead":
        raise AnalyzeError(f"hand {o.session}#{o.hand} is a {o.game} hand; the analysis covers Sheepshead and Schafkopf")
    if fmt != "shn":
        raise AnalyzeError(f"hand {o.session}#{o.hand}: a {fmt} source is not replayed as Sheepshead")
    from ingest.validate import replay_text  # noqa: PLC0415
    from replay.profile import parse_rules  # noqa: PLC0415

    rep = replay_text(text, hand=o.hand, path=found.file)
    if rep.errors:
        raise AnalyzeError(f"hand {o.session}#{o.hand}: the current engine stops on it ({rep.errors[0]})")
    frames = rep.frames
    if len(frames) < 2:
        raise AnalyzeError(f"hand {o.session}#{o.hand} has no cards to analyse")
    f0, last = frames[0], frames[-1]
    if f0.leaster or f0.picker is None:
        raise AnalyzeError(f"hand {o.session}#{o.hand} is a {o.outcome}: nobody picked, so there is no picker's side to "
                           "analyse")
    if any(h is None for h in f0.hands):
        raise AnalyzeError(f"hand {o.session}#{o.hand}: the deal is not written (no deal lines), so no hand is open")
    prof = parse_rules(o.rules)
    if prof.trick_slots is not None:  # issue 18: the solver plays one card a seat to a trick
        raise AnalyzeError(f"hand {o.session}#{o.hand} is a {prof.name} hand (four-card battery tricks): the "
                           "double-dummy solver plays one card a seat to a trick, so it is not analysed")
    n = prof.players
    picker = f0.picker
    blind = sum(1 << c for c in (last.blind or ()))
    bury = sum(1 << c for c in (last.bury or ()))
    if prof.has_blind and last.bury is None:
        raise AnalyzeError(f"hand {o.session}#{o.hand}: the bury is not written, so the picker's cards are not known")
    hands = [sum(1 << c for c in h) for h in f0.hands]
    table = None
    if f0.table is not None:  # two-handed: the stacks as dealt (top, under, face down)
        table = [[(Card(d), Card(u)) for u, d, _ in stacks] for stacks in f0.table]
    hands[picker] = (hands[picker] | bury) & ~blind
    dealer = (next(s for s in range(n) if not hands[s]) if prof.sitOut
              else (f0.leader - 1) % n)
    g = GameState(prof, dealer, hands, blind, complete=True, stake=o.multiplier, pot=o.pot, table=table)
    try:
        if prof.has_blind:
            s = g.to_act
            while s != picker:
                g.apply(Pass(s))
                s = g.next_seat(s)
        g.apply(Pick(picker))
        if g.phase == Phase.BURY:
            g.apply(Bury(tuple(Card(c) for c in last.bury)))
        if f0.called is not None and g.phase == Phase.CALL:
            g.apply(Call(f0.called, f0.under))
        elif f0.alone and g.phase == Phase.CALL and not g.alone:
            g.apply(Alone())
        rec = rep.record
        if rec is not None and getattr(rec, "sheepshead", None) is not None and rec.sheepshead.value:
            g.apply(Sheepshead())
        g.start_play()
    except Exception as exc:  # noqa: BLE001 - the rebuilt setup disagrees with the engine
        raise AnalyzeError(f"hand {o.session}#{o.hand}: its pick, bury and call could not be set up again ({exc})") from None
    plays = [(f.card[0], Card(f.card[1])) for f in frames[1:] if f.card is not None]
    return Start(g, plays, aliases, names, "sheepshead")


def _sk_start(found, fmt: str, text: str, aliases: list[str], names: list[str]) -> Start:
    from ingest.schafkopf_hand import replay_schafkopf_stored  # noqa: PLC0415
    from replay.schafkopf import Announce, Game, SchafkopfState  # noqa: PLC0415

    o = found.outcome
    try:
        done, _ = replay_schafkopf_stored(found, fmt, text)
    except ValueError as exc:
        raise AnalyzeError(f"hand {o.session}#{o.hand}: {exc}") from None
    if done.game is None or done.game is Game.RAMSCH:
        raise AnalyzeError(f"hand {o.session}#{o.hand} is a Ramsch: nobody declared, so there is no declaring party to "
                           "analyse")
    g = SchafkopfState(done.profile, done.dealer, done.dealt)
    g.apply(Announce(done.declarer, done.game, done.suit, done.tout))
    g.doublings = done.doublings  # the price's Kontra/Re and Klopfen, for the units of each line
    g.doubling_seats = list(done.doubling_seats)
    g.klopfer = list(done.klopfer)
    plays = [(s, Card(c)) for _, cards, _ in done.tricks for s, c in cards]
    plays += [(s, Card(c)) for s, c in done.trick]
    return Start(g, plays, aliases, names, "schafkopf")


def analyse_stored(found, fmt: str, text: str) -> tuple[Start, HandAnalysis, float]:
    """(start, analysis, seconds) of stored hand ``found``.  Raises
    :class:`AnalyzeError` (see :func:`start_of`)."""
    start = start_of(found, fmt, text)
    t0 = time.perf_counter()
    try:
        result = analyse(start.state, start.plays)
    except SolverError as exc:
        raise AnalyzeError(f"hand {found.outcome.session}#{found.outcome.hand}: {exc}") from None
    except IllegalAction as exc:  # a card the table ruled on as a renege (^R, rules.md B-23)
        raise AnalyzeError(f"hand {found.outcome.session}#{found.outcome.hand}: a card is not a legal play "
                           f"({exc}); best play is judged for legal play only") from None
    return start, result, time.perf_counter() - t0


def analysis_json(found, start: Start, a: HandAnalysis) -> dict:
    """The ``shead analyze --json`` document: per card played in order
    ``trick``, ``seat`` (alias), ``player``, ``card``, ``best`` (list),
    ``cost`` (card points), ``units_cost``, ``value``/``best_value`` (the
    picker side's DD card points after the card and after a best card),
    ``alternatives``; for the hand ``dd_picker_points`` beside
    ``actual_picker_points`` and the outcome and picker's units of each."""
    name = lambda c: card_name(c, start.game)  # noqa: E731
    return {
        "hand_id": found.hand_id, "hash": found.hash, "game": start.game,
        "picker": start.aliases[a.picker],
        "dd_picker_points": a.dd_picker_points, "actual_picker_points": a.actual_picker_points,
        "dd_outcome": a.dd_outcome, "actual_outcome": a.actual_outcome,
        "dd_units": a.dd_units, "actual_units": a.actual_units,
        "cards": [{"step": i + 1, "trick": v.trick, "seat": start.aliases[v.seat], "player": start.names[v.seat],
                   "card": name(v.card), "best": [name(c) for c in v.best], "cost": v.cost,
                   "units_cost": v.units_cost, "value": v.value, "best_value": v.best_value,
                   "alternatives": {name(c): x for c, x in sorted(v.alternatives.items())}}
                  for i, v in enumerate(a.cards)],
    }


def _hash_bytes(h: str) -> bytes:
    return bytes.fromhex(h)


def store_analysis(con: duckdb.DuckDBPyConnection, doc: dict, nodes: int, seconds: float) -> None:
    """Store one analysis (the :func:`analysis_json` document), replacing an
    older one of the same hand."""
    hb = _hash_bytes(doc["hash"])
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute("DELETE FROM dd_cards WHERE hash = ?", [hb])
        con.execute("DELETE FROM dd_hands WHERE hash = ?", [hb])
        con.execute("INSERT INTO dd_hands VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [hb, SOLVER_VERSION, datetime.now(timezone.utc).replace(tzinfo=None), doc["game"],
                     doc["picker"], doc["dd_picker_points"], doc["actual_picker_points"], doc["dd_outcome"],
                     doc["actual_outcome"], doc["dd_units"], doc["actual_units"], nodes, seconds])
        rows = [[hb, c["step"], c["trick"], c["seat"], c["player"], c["card"], " ".join(c["best"]), c["cost"],
                 c["units_cost"], json.dumps(c["alternatives"])] for c in doc["cards"]]
        if rows:
            con.executemany("INSERT INTO dd_cards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def _has_tables(con) -> bool:
    return bool(con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'dd_hands'")
                .fetchone()[0])


def stored_analysis(con: duckdb.DuckDBPyConnection, found) -> dict | None:
    """The stored analysis of ``found`` as the :func:`analysis_json` document
    (without ``alternatives`` parsed into order), or None when it was not
    computed yet by the current solver."""
    if not _has_tables(con):
        return None
    hb = _hash_bytes(found.hash)
    row = con.execute("SELECT game, picker, dd_picker_points, actual_picker_points, dd_outcome, actual_outcome, "
                      "dd_units, actual_units FROM dd_hands WHERE hash = ? AND solver = ?",
                      [hb, SOLVER_VERSION]).fetchone()
    if row is None:
        return None
    cards = con.execute("SELECT step, trick, seat, player, card, best, cost, units_cost, alternatives FROM dd_cards "
                        "WHERE hash = ? ORDER BY step", [hb]).fetchall()
    return {"hand_id": found.hand_id, "hash": found.hash, "game": row[0], "picker": row[1],
            "dd_picker_points": row[2], "actual_picker_points": row[3], "dd_outcome": row[4],
            "actual_outcome": row[5], "dd_units": row[6], "actual_units": row[7],
            "cards": [{"step": c[0], "trick": c[1], "seat": c[2], "player": c[3], "card": c[4],
                       "best": c[5].split(), "cost": c[6], "units_cost": c[7],
                       "alternatives": json.loads(c[8])} for c in cards]}


def pending_hands(con: duckdb.DuckDBPyConnection) -> list[int]:
    """Hand ids with a card log and no analysis by the current solver, in
    hand-id order (Sheepshead and Schafkopf; no-pick hands and Ramsch are
    tried and skipped by :func:`start_of`)."""
    have = _has_tables(con)
    q = ("SELECT h.hand_id FROM hands h JOIN hand_text t USING (hand_id) "
         "WHERE h.game IN ('sheepshead', 'schafkopf') AND h.status = 'full' AND h.picker IS NOT NULL ")
    if have:
        q += "AND t.hash NOT IN (SELECT hash FROM dd_hands WHERE solver = ?) "
    q += "ORDER BY h.hand_id"
    return [r[0] for r in con.execute(q, [SOLVER_VERSION] if have else []).fetchall()]


def player_summary(con: duckdb.DuckDBPyConnection, session: str | None = None, top: int = 3) -> list[dict]:
    """Per player over the analysed hands (of ``session`` when given): cards
    judged, mean cost per card (card points), total cost, and the ``top``
    costliest cards (hand id, trick, card, best, cost).  Sorted by mean cost."""
    if not _has_tables(con):
        return []
    where = "WHERE d.solver = ?"
    params: list = [SOLVER_VERSION]
    if session is not None:
        where += " AND h.session = ?"
        params.append(session)
    base = ("FROM dd_cards c JOIN dd_hands d USING (hash) JOIN hand_text t ON t.hash = c.hash "
            f"JOIN hands h ON h.hand_id = t.hand_id {where}")
    rows = con.execute(f"SELECT c.player, count(*), avg(c.cost), sum(c.cost) {base} GROUP BY c.player "
                       "ORDER BY avg(c.cost) DESC, c.player", params).fetchall()
    out = []
    for player, n, mean, total in rows:
        worst = con.execute(f"SELECT h.hand_id, h.session, h.hand, c.trick, c.card, c.best, c.cost {base} "
                            "AND c.player = ? AND c.cost > 0 ORDER BY c.cost DESC, h.hand_id, c.step LIMIT ?",
                            [*params, player, top]).fetchall()
        out.append({"player": player, "cards": n, "mean_cost": round(float(mean), 2), "total_cost": int(total),
                    "costliest": [{"hand_id": w[0], "session": w[1], "hand": w[2], "trick": w[3], "card": w[4],
                                   "best": w[5].split(), "cost": w[6]} for w in worst]})
    return out


def analyse_ids(db, ids: list[int], on_progress: Callable[[int, int, str], None] | None = None,
                ) -> tuple[int, list[tuple[int, str]]]:
    """Analyse and store the hands ``ids`` one by one (each written as soon
    as it is done, so an interrupted run keeps what it finished).  Returns
    (analysed, skipped as [(hand id, reason)])."""
    from ingest import store as st  # noqa: PLC0415

    done = 0
    skipped: list[tuple[int, str]] = []
    for i, hid in enumerate(ids):
        with st.reading(db) as con:
            found = st.find_hand(con, str(hid))
            fmt, text = st.session_text(con, hid) if found is not None else ("shn", "")
        label = f"hand id {hid}"
        try:
            if found is None:
                raise AnalyzeError(f"hand id {hid} is no longer stored")
            start, a, secs = analyse_stored(found, fmt, text)
            doc = analysis_json(found, start, a)
            con = st.connect(db, read_only=False)
            try:
                store_analysis(con, doc, a.nodes, secs)
            finally:
                con.close()
            done += 1
        except AnalyzeError as exc:
            skipped.append((hid, str(exc)))
        except Exception as exc:  # noqa: BLE001 - one hand's failure does not stop the run
            skipped.append((hid, f"internal error: {type(exc).__name__}: {exc}"))
        if on_progress is not None:
            on_progress(i + 1, len(ids), label)
    return done, skipped
