"""``W-POT-CARRY`` (real27b F1, break28b F3, break28c F4): a ``pot=on`` night
that does not open with the pot its group's last night left.

The pot (rules.md D-19) is kept "for the next hand", whichever night that is;
a night's opening balance is written ``pot N`` on its first hand (a sheet: the
Pot cell of an opening row above its first row, docs/notation.md "pot N").  A
night that writes none opens with an empty pot, and one that writes another
amount opens with that one.  Whether a house carries the pot from night to
night is the house's matter, so nothing is refused; but the units the stored
night left in the pot leave the ledger unless the night says so, so each
``pot=on`` session whose hand 1 opens with another balance than the last
earlier stored ``pot=on`` night of its group (:func:`_same_group`: same
``[Event]``, ``[Table]`` and ``[Rules]`` by meaning, more than half its players the
same, so a substitute night is one; an earlier ``[Date]``) left after its stored hands is said: at
its hand 1 when it is stored (or its hand 1 comes or is amended), at the
earlier night's hand when that one is stored, grows, is amended or has a
hand voided after it.  The pot named is what the stored hands leave, never
claimed as the night's end (more of its hands may follow; checked again
then).  Not checked: nights without a date or of one day (their order is not
known), a night whose first hands are not stored and write no opening ``pot
N`` (what it opened with is not known).  No stored unit changes; a night
opening with a carry its earlier night does not leave keeps the warning on
its opening hand (:func:`mark_openings`, break30 F6), read by the ledger's
incomplete sessions and the night's sheet.  Called
after a file is stored (:func:`ingest.pipeline.note_copies`,
:func:`ingest.pipeline.store_files`), so the night before may be in the same
file or run, and after a correction (:meth:`ingest.store.Store.amend`).
"""

from __future__ import annotations

import json
import re

import duckdb

from ingest.model import is_sheet_file, rules_meaning
from replay.errors import Diagnostic
from replay.pot import pot_held
from replay.profile import parse_rules

__all__ = ["files_pot_carries", "sessions_pot_carries", "written_pot", "mark_openings", "POT_MARK"]

#: how a night's kept ``W-POT-CARRY`` mark reads among its opening hand's stored warnings (``hands.warnings``, the
#: diagnostic's text, as ``W-CARRY`` is kept): the ledger's incomplete sessions and the sheet read it (break30 F6)
POT_MARK = "warning W-POT-CARRY"

#: ``pot N`` in a hand's stored text (its template: the cards stand apart as \x1f), a note's braces left out
_WRITTEN = re.compile(r"(?:^|\s)pot\s+(\d+)(?=\s|$)")
_NOTE = re.compile(r"\{[^}]*\}")


def written_pot(template: str | None) -> int | None:
    """The ``pot N`` written in a stored hand's text (``hand_source.template``),
    None when it writes none."""
    if not template:
        return None
    m = _WRITTEN.search(_NOTE.sub(" ", template))
    return int(m.group(1)) if m else None


def voided_opening(con: duckdb.DuckDBPyConnection, session_id: int) -> int | None:
    """The pot a night opened with when its hand 1 is voided (``shead
    void``, its latest revision a void), in units: the ``pot N`` written on
    its first hand in force when every hand before that one is voided too
    (the scorer's word on the night's opening balance, as ``shead export``
    writes it there: fixc30 F2); else the ``pot N`` the voided hand 1's last
    text wrote, 0 when it wrote none (the night opened empty).  The opening
    balance is a fact of the night, carried from the night before (rules.md
    D-19, docs/notation.md "pot N"), not of the hand it was written on, so a
    void of that hand keeps it for the night's later hands (break29 F2),
    also for a hand that comes after every hand of the night was voided
    (fixc30 F1).  None when hand 1 is not voided (stored, or not come: then
    what the night opened with is its stored hand 1's, or not known), or
    before migration 007.  Two or three small queries."""
    try:
        row = con.execute(
            "SELECT (SELECT p.source FROM hand_revisions p WHERE p.hand_id = r.hand_id AND p.source IS NOT NULL "
            "ORDER BY p.revision DESC LIMIT 1) FROM hand_revisions r WHERE r.session_id = ? AND r.hand = 1 "
            "AND r.action = 'void' AND r.revision = (SELECT max(revision) FROM hand_revisions x "
            "WHERE x.hand_id = r.hand_id) AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = r.session_id "
            "AND h.hand = 1) LIMIT 1", [session_id]).fetchone()
    except duckdb.CatalogException:  # before migration 007: no voids kept
        return None
    if row is None:
        return None
    first = con.execute("SELECT h.hand, s.template FROM hands h JOIN hand_source s USING (hand_id) "
                        "WHERE h.session_id = ? ORDER BY h.hand, h.hand_id LIMIT 1", [session_id]).fetchone()
    if first is not None and (written := written_pot(first[1])) is not None:
        # the first hand in force opens the night when every hand before it is voided (its pot N then asserted,
        # replay.judge_wi._check_pot); after a hand missing, its pot N is asserted after a gap, not the opening
        voided = con.execute(
            "SELECT count(DISTINCT r.hand) FROM hand_revisions r WHERE r.session_id = ? AND r.hand < ? "
            "AND r.action = 'void' AND r.revision = (SELECT max(revision) FROM hand_revisions x "
            "WHERE x.hand_id = r.hand_id)", [session_id, int(first[0])]).fetchone()[0]
        if voided == int(first[0]) - 1:
            return written
    return written_pot(row[0]) or 0


def _held_after(con: duckdb.DuckDBPyConnection, session_id: int) -> tuple[int | None, int]:
    """What the pot holds after stored session ``session_id``'s hands
    (:func:`replay.pot.pot_held`): the balance written on a hand whose pot
    was taken as written (asserted) seeds it, the pot seat's units add up.
    Returns ``(held, last)``, ``last`` its highest stored hand number;
    ``held`` is None when what it holds is not known: its first stored hand
    is not hand 1 and writes no balance taken as written (its opening pot
    is another night's part, break28c F4)."""
    rows = con.execute(
        "SELECT h.hand, coalesce(json_extract_string(h.provenance, '$.pot') = 'asserted', FALSE), "
        "coalesce((SELECT sum(u.units) FROM hand_units u WHERE u.hand_id = h.hand_id AND u.player IS NULL "
        "AND u.seat = '(pot)'), 0), h.hand_id FROM hands h WHERE h.session_id = ? ORDER BY h.hand",
        [session_id]).fetchall()
    if not rows:  # every hand voided: a night with no hand in force is no night of the carry (_LIVE)
        return None, 0
    opening = voided_opening(con, session_id) if rows[0][0] != 1 else None
    if rows[0][0] != 1 and not rows[0][1] and opening is None:
        return None, int(rows[-1][0])
    asserted = [r[3] for r in rows if r[1]]
    texts = dict(con.execute("SELECT hand_id, template FROM hand_source WHERE list_contains(?, hand_id)",
                             [asserted]).fetchall()) if asserted else {}
    # a voided hand 1's opening pot seeds the carry (break29 F2), a balance written on a later hand re-seeds it
    return pot_held([(opening, 0)] * (opening is not None) + [
        (written_pot(texts.get(hid)) if hid in texts else None, int(units)) for _, _, units, hid in rows]), \
        int(rows[-1][0])


def _rules_sql(con: duckdb.DuckDBPyConnection) -> str:
    """SQL: a ``MAP`` from each stored ``sessions.rules`` text (NULL as '') to
    a key equal for texts of the same meaning (:func:`ingest.model.rules_meaning`), for
    :func:`_same_group`.  One small query (a row a distinct text)."""
    keys: dict[str, str] = {}
    pairs = []
    for (rules,) in con.execute("SELECT DISTINCT coalesce(rules, '') FROM sessions").fetchall():
        key = keys.setdefault(rules_meaning(rules), f"r{len(keys)}")
        pairs.append(f"'{rules.replace(chr(39), chr(39) * 2)}': '{key}'")
    return "(MAP {" + ", ".join(pairs) + "})" if pairs else "(MAP {'': 'r0'})"


def _players_sql(t: str) -> str:
    return f"map_values(CAST({t}.players::JSON AS MAP(VARCHAR, VARCHAR)))"


def _same_group(o: str, n: str, rules: str) -> str:
    """SQL: session ``o`` is a night of session ``n``'s group for the carry
    (break29 F4): the same ``[Event]`` (``"group"``) and ``[Table]``, the same
    ``[Rules]`` by meaning (``rules``: :func:`_rules_sql`; break29b F2),
    more than half its players the same (a substitute or two sitting in:
    the pot is the group's, not a player's), and a hand in force
    (a night whose every hand is voided is no night of the carry)."""
    return (f'{o}."group" IS NOT DISTINCT FROM {n}."group" AND {o}."table" IS NOT DISTINCT FROM {n}."table" '
            f"AND {rules}[coalesce({o}.rules, '')] IS NOT DISTINCT FROM {rules}[coalesce({n}.rules, '')] "
            f"AND len(list_intersect({_players_sql(o)}, {_players_sql(n)})) * 2 "
            f"> len({_players_sql(n)}) AND EXISTS (SELECT 1 FROM hands lh WHERE lh.session_id = {o}.session_id)")


def _who(con: duckdb.DuckDBPyConnection, a: int, b: int) -> str:
    """How night ``a``'s players stand to night ``b``'s, for a message:
    ``"the same players and rules"``, or who sits in for whom."""
    players = dict(con.execute("SELECT session_id, players FROM sessions WHERE session_id IN (?, ?)",
                               [a, b]).fetchall())  # by id: a UNION ALL's rows come in no promised order
    pa, pb = (set(json.loads(players.get(s) or "{}").values()) for s in (a, b))
    if pa == pb:
        return "the same players and rules"
    return (f"the same [Event] and rules; {', '.join(sorted(pa - pb))} played there, {', '.join(sorted(pb - pa))} "
            "here")


def _keeps_pot(rules: str | None) -> bool:
    """Whether a session's ``[Rules]`` text keeps a pot (``pot=on``, rules.md
    D-19); a text that does not read is kept for the full check."""
    try:
        return bool(parse_rules(rules or None).pot)
    except Exception:  # noqa: BLE001 - its hands were read under it; the full check decides
        return True


def files_pot_carries(con: duckdb.DuckDBPyConnection, files: list[tuple[int, int | None, str | None]],
                      grown: list[dict[int, tuple[int, int]]] | None = None) -> list[list[Diagnostic]]:
    """``W-POT-CARRY`` for the sessions each file of ``files`` stored (``(since,
    until, path)`` as :func:`ingest.session_copies.files_session_copies`: its
    new sessions have ids above ``since`` up to ``until``), and for the
    stored sessions it added hands to (``grown[k]``: session id -> the
    lowest and highest hand number file ``k`` added, ``IngestReport.grown``;
    break28c F4: what such a night leaves changed, so its next night is
    checked again, and its hand 1 when the file brought it).  The sessions
    are filtered by their rules first (``sessions.rules``, a row a night): a
    file of nights without a pot costs one small query."""
    out: list[list[Diagnostic]] = [[] for _ in files]
    if not files:
        return out
    lows = [int(lo) for lo, _, _ in files]
    highs = [int(hi) if hi is not None else 2**31 - 1 for _, hi, _ in files]
    # the new sessions whose rules keep a pot, read from the sessions table alone (a row a night): a file of nights
    # without a pot (most) costs this one small query, not a pass over its hands (issue 17)
    pots = [sid for sid, rules in con.execute(
        "SELECT session_id, rules FROM sessions WHERE session_id > ? AND session_id <= ?",
        [min(lows), max(highs)]).fetchall() if _keeps_pot(rules)]
    older = {int(sid): (k, lo_hi) for k, g in enumerate(grown or ()) for sid, lo_hi in g.items()
             if int(sid) <= lows[k]}  # a stored night the file continued (a streamed file's own earlier batch's: new)
    if older:
        keep = {sid for sid, rules in con.execute(
            "SELECT session_id, rules FROM sessions WHERE list_contains(?::INTEGER[], session_id)",
            [sorted(older)]).fetchall() if _keeps_pot(rules)}
        older = {sid: v for sid, v in older.items() if sid in keep}
    if not pots and not older:
        return out

    def file_of(sid: int) -> int:
        return next(k for k, (lo, hi) in enumerate(zip(lows, highs)) if lo < sid <= hi)

    # the night's own hand 1 against its earlier night: each new one, and a grown one whose hand 1 this file brought,
    # or its first hand in force (a night whose hands before it are voided: its opening pot, fixc30 F1, F2)
    firsts = _first_in_force(con, sorted(sid for sid, (_, (lo, _)) in older.items() if lo != 1))
    first = [(sid, file_of(sid)) for sid in pots] + [(sid, k) for sid, (k, (lo, _)) in older.items()
                                                      if lo in (1, firsts.get(sid))]
    for k, diag in _opening_checks(con, first, [p for _, _, p in files]):
        out[k].append(diag)
    # its next night stored before: each new night (later nights stored by earlier commands), and each grown one
    later = [(sid, file_of(sid), min(lows), None) for sid in pots]
    later += [(sid, k, lows[k], hi) for sid, (k, (_, hi)) in older.items()]
    for k, diag in _later_nights(con, later, [p for _, _, p in files]):
        out[k].append(diag)
    mark_openings(con, list(pots) + list(older))  # the verdicts kept (break30 F6)
    return out


def sessions_pot_carries(con: duckdb.DuckDBPyConnection, hands: list[tuple[int, int, int]],
                         path: str | None) -> list[Diagnostic]:
    """``W-POT-CARRY`` after a correction (``shead ingest --amend``, a
    void: :meth:`ingest.store.Store.amend`, ``void_hands``) changed stored
    hands ``hands`` (``(session_id, hand number, hand_id)`` each): each
    ``pot=on`` session's next stored night of its group is checked against
    what the session now leaves, and the session's hand 1 against its
    earlier night when hand 1 was corrected (break28c F4).  Said at the
    corrected hand's stored file and line (``path``, the amendment, when
    the hand has no stored source left: a void)."""
    ids = sorted({int(sid) for sid, _, _ in hands})
    if not ids:
        return []
    keep = {sid for sid, rules in con.execute(
        "SELECT session_id, rules FROM sessions WHERE list_contains(?::INTEGER[], session_id)",
        [ids]).fetchall() if _keeps_pot(rules)}
    if not keep:
        return []
    top = {}
    for sid, n, _ in hands:
        if sid in keep:
            top[sid] = max(top.get(sid, 0), int(n))
    # its opening checked again when hand 1 was corrected, or its first hand in force, whose pot N opens the night
    # when the hands before it are voided (fixc30 F2)
    firsts = _first_in_force(con, sorted(keep))
    one = [(sid, 0) for sid in sorted(keep) if any(s == sid and n in (1, firsts.get(sid)) for s, n, _ in hands)]
    # a night left with no hand in force (`shead void --session`) is no night of the carry any more: its next
    # night now follows the night before it, and is checked against what that one leaves (break29 F2)
    gone = [sid for sid in sorted(keep) if not con.execute("SELECT 1 FROM hands WHERE session_id = ? LIMIT 1",
                                                           [sid]).fetchone()]
    one += [(nxt, 0) for nxt in _next_nights(con, gone) if nxt not in keep]
    out = [d for _, d in _opening_checks(con, one, [path])]
    out += [d for _, d in _later_nights(con, [(sid, 0, 2**31 - 1, top[sid]) for sid in sorted(keep)], [path],
                                        corrected=True)]
    mark_openings(con, sorted(keep) + [sid for sid, _ in one])  # the verdicts kept (break30 F6)
    return out


def mark_openings(con: duckdb.DuckDBPyConnection, sessions) -> None:
    """Keep the verdict of the opening check (:func:`_opening_checks`) of
    each ``pot=on`` night of ``sessions`` and of each one's next night of
    its group, where the check is said only once (break30 F6: an amendment
    that emptied the pot a night left printed ``W-POT-CARRY`` once; then the
    ledger summed to +5 with no incomplete mark, and the next night's sheet
    still said its 5 were carried in from an earlier night).  A night that
    opens with a pot carried in (``pot N``, N > 0) that its group's earlier
    night does not leave keeps the ``W-POT-CARRY`` diagnostic among its
    opening hand's stored warnings (hand 1, or its first hand in force when
    hand 1 is voided), as a kept hand keeps ``W-CARRY``:
    :func:`dashboard.metrics.incomplete_sessions` names the night, and its
    sheet says the carry no longer matches (:attr:`ingest.sheet.Sheet.pot_carry`).
    A night opening empty after a night that left units is not marked: a
    house need not carry its pot (said at ingest, as before).  Every other
    night checked loses an old mark: the carry matches again, or the night
    has no earlier one.  Called where the check is made (an ingest, a
    correction: :func:`files_pot_carries`, :func:`sessions_pot_carries`)
    and after ``shead rederive`` (which writes the hands' warnings anew):
    the sessions table a query, one for the nights' marks, then the opening
    check's own queries for the pot nights; nothing for a night without a
    pot.  Nothing but the marks changes."""
    ids = sorted({int(s) for s in sessions})
    if not ids:
        return
    keep = [sid for sid, rules in con.execute(
        "SELECT session_id, rules FROM sessions WHERE list_contains(?::INTEGER[], session_id)", [ids]).fetchall()
            if _keeps_pot(rules)]
    if not keep:
        return
    nights = sorted(set(keep) | set(_next_nights(con, keep)))
    marks: dict[tuple[int, int], str] = {}
    for k, d in _opening_checks(con, [(sid, k) for k, sid in enumerate(nights)], [None] * len(nights)):
        opens = (d.found or "").partition(" ")[2]  # "pot 5": what it opens with (expected: what was left)
        if opens.isdigit() and int(opens) > 0 and d.hand is not None:
            marks[(nights[k], int(d.hand))] = str(d)
    rows = con.execute(
        "SELECT hand_id, session_id, hand, warnings FROM hands WHERE list_contains(?::INTEGER[], session_id) AND "
        "(coalesce(warnings, '') LIKE '%W-POT-CARRY%' OR list_contains(?::VARCHAR[], session_id || ':' || hand))",
        [nights, [f"{sid}:{n}" for sid, n in marks]]).fetchall()
    changed = []
    for hid, sid, n, warnings in rows:
        was = json.loads(warnings or "[]")
        now = [w for w in was if POT_MARK not in w] + ([marks[(sid, n)]] if (sid, n) in marks else [])
        if now != was:
            changed.append([json.dumps(now, separators=(",", ":"), ensure_ascii=False), hid])  # as the store
    if changed:
        con.executemany("UPDATE hands SET warnings = ? WHERE hand_id = ?", changed)


def _first_in_force(con: duckdb.DuckDBPyConnection, sessions: list[int]) -> dict[int, int]:
    """For each of ``sessions`` with a hand in force: its lowest hand number
    in force.  One small query; none for no session."""
    if not sessions:
        return {}
    return {int(sid): int(n) for sid, n in con.execute(
        "SELECT session_id, min(hand) FROM hands WHERE list_contains(?::INTEGER[], session_id) GROUP BY session_id",
        [sessions]).fetchall()}


def _kept_openings(con: duckdb.DuckDBPyConnection, sessions: list[int]) -> dict[int, int]:
    """For each of ``sessions`` that keeps a pot, has hands in force but no
    hand 1 in force, and whose hand 1 is voided: the opening pot kept from
    that hand (:func:`voided_opening`; break29b F3: such a night is still
    checked against the night before, with that pot).  One small query; a
    voided hand's only for a night without its hand 1 (a first ingest's new
    nights start at hand 1: none)."""
    if not sessions:
        return {}
    lacking = [int(sid) for sid, rules in con.execute(
        "SELECT s.session_id, s.rules FROM sessions s WHERE list_contains(?::INTEGER[], s.session_id) "
        "AND EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id) "
        "AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id AND h.hand = 1)",
        [sorted({int(x) for x in sessions})]).fetchall() if _keeps_pot(rules)]
    out = {}
    for sid in lacking:
        vo = voided_opening(con, sid)
        if vo is not None:
            out[sid] = vo
    return out


def _next_nights(con: duckdb.DuckDBPyConnection, sessions: list[int]) -> list[int]:
    """For each of ``sessions`` (dated): the next night of its group by date
    (:func:`_same_group`, a later ``[Date]``; a hand in force: its hand 1, or
    a voided hand 1's kept opening pot, is checked by :func:`_opening_checks`)."""
    if not sessions:
        return []
    rules = _rules_sql(con)
    return [int(r[0]) for r in con.execute(
        """
        SELECT DISTINCT arg_min(o.session_id, (o.date, o.session_id)) FROM sessions n JOIN sessions o ON """
        + _same_group("o", "n", rules) + """ AND o.date > n.date
        WHERE list_contains(?::INTEGER[], n.session_id) AND n.date IS NOT NULL GROUP BY n.session_id
        """, [sessions]).fetchall() if r[0] is not None]


def _opening_checks(con: duckdb.DuckDBPyConnection, nights: list[tuple[int, int]],
                    paths: list[str | None]) -> list[tuple[int, Diagnostic]]:
    """For each ``(session_id, k)`` of ``nights`` (k: the index of its file in
    ``paths``) that opens at hand 1 keeping a pot and has an earlier stored
    night of its group (same ``[Event]``, players and ``[Rules]``; both
    dated, the earlier one on an earlier date): ``(k, W-POT-CARRY)`` when its
    hand 1 opens with another balance than that night's stored hands leave
    (not known, nothing said: :func:`_held_after`)."""
    if not nights:
        return []
    rules = _rules_sql(con)
    kept = _kept_openings(con, [sid for sid, _ in nights])
    rows = con.execute(
        """
        WITH mine AS (SELECT unnest(?::INTEGER[]) AS session_id, unnest(?::INTEGER[]) AS k,
                             unnest(?::INTEGER[]) AS vo),
        new AS (
            SELECT s.session_id, s."group", s."table", s.date, s.rules, s.players, m.k, m.vo, min(h.hand) AS first
            FROM sessions s JOIN mine m USING (session_id)
            JOIN hands h USING (session_id)
            WHERE s.date IS NOT NULL
            GROUP BY ALL HAVING (min(h.hand) = 1  -- only pot=on nights look for an earlier night (issue 17: a
                AND bool_or(h.hand = 1 AND coalesce(json_extract(h.rules_flags, '$.pot')::BOOLEAN, FALSE)))
                OR m.vo IS NOT NULL),  -- or its hand 1 is voided, its opening pot kept (break29b F3)
        prev AS (
            SELECT n.session_id, o.session_id AS old, o.session AS old_name, o.date AS old_date,
                   row_number() OVER (PARTITION BY n.session_id ORDER BY o.date DESC, o.session_id DESC) AS r
            FROM new n JOIN sessions o ON """ + _same_group("o", "n", rules) + """
                 AND o.date < n.date AND o.session_id <> n.session_id)
        SELECT n.k, n.session_id, h.hand_id, h.provenance, p.old, p.old_name, strftime(p.old_date, '%Y.%m.%d'),
               n."group", coalesce(s.file, fs.file), coalesce(s.line, fs.line), s.template, n.vo, n.first, fs.template
        FROM new n JOIN prev p ON p.session_id = n.session_id AND p.r = 1
        LEFT JOIN hands h ON h.session_id = n.session_id AND h.hand = 1
        LEFT JOIN hand_source s ON s.hand_id = h.hand_id
        LEFT JOIN hands fh ON fh.session_id = n.session_id AND fh.hand = n.first
        LEFT JOIN hand_source fs ON fs.hand_id = fh.hand_id
        WHERE coalesce(json_extract(h.rules_flags, '$.pot')::BOOLEAN, FALSE) OR (h.hand_id IS NULL AND n.vo IS NOT NULL)
        ORDER BY n.k, n.session_id
        """, [[sid for sid, _ in nights], [k for _, k in nights], [kept.get(sid) for sid, _ in nights]]).fetchall()
    out: list[tuple[int, Diagnostic]] = []
    for k, sid, hid, prov, old, old_name, old_day, group, file, line, template, vo, first, first_text in rows:
        left, last = _held_after(con, old)
        if left is None:  # the earlier night's first hands are not stored: what it leaves is not known
            continue
        if hid is None:  # hand 1 voided: the night opens with the pot its text wrote, kept (break29b F3)
            opens = int(vo)
        else:
            said = json.loads(prov or "{}").get("pot")
            opens = (written_pot(template) or 0) if said in ("asserted", "verified") else 0
        if opens == left or opens < left <= 0:
            continue
        where = file or paths[k]
        at = 1 if hid is not None else int(first)
        # hand 1 voided: the night opens with its first hand in force's pot N, else the one hand 1 wrote (kept)
        said_here = hid is None and written_pot(first_text) is not None
        head = "hand 1: this night" if hid is not None else (
            f"hand {at}: this night's hand 1 is voided (shead void) and "
            + (f"its first hand in force writes its opening pot {opens}" if said_here else
               f"its opening pot {opens} kept") + ", so this night")
        # the way to change it: pot N on the first hand in force, the night's opening balance (fixc30 F2)
        here = "this hand 1" if hid is not None else (
            f"its first hand in force (hand {at}: with hand 1 voided, its pot N is the night's opening balance; "
            "a stored hand through an amendment, shead ingest --amend)")
        # what the stored hands leave: the night may go on in a later file (break28c F4), checked again then
        stored = (f"night {old_day} ({old_name!r}, {_who(con, old, sid)}) left {left} in the pot after its "
                  f"stored hands (to hand {last})")
        again = (f"; if more of night {old_day}'s hands follow, this is checked again when they are stored")
        if opens > left:  # more than the night before left: units no hand paid in (break28c F5)
            out.append((k, Diagnostic(
                "W-POT-CARRY", f"{head} opens with {opens} in the pot, but the group's {stored} "
                f"(rules.md D-19): {opens - left} units no hand paid in are in the ledger; if those are all its "
                f"hands and nothing more was carried, write pot {left} on {here} (docs/notation.md, pot N; a "
                f"stored hand through an amendment, shead ingest --amend){again}",
                "warning", where, int(line or 1), 1, at, found=f"pot {opens}", expected=f"pot {left}")))
            continue
        if is_sheet_file(file):
            write = (f"if the pot was carried, write an opening row with Pot {left} above this night's first row "
                     "(docs/notation.md, pot N)")
        else:
            write = f"if the pot was carried, write pot {left} on {here} (docs/notation.md, pot N)"
        out.append((k, Diagnostic(
            "W-POT-CARRY", f"hand {at}: the group's {stored}, and "
            + ("this night" if hid is not None else
               f"this night (its hand 1 voided, its opening pot {opens} "
               + (f"written on its first hand in force, hand {at})" if said_here else "kept)"))
            + f" opens with {opens} (rules.md D-19): "
            f"{write}; if the house split it, end night {old_day} with a potsplit hand"
            + (f"; else its {left - opens} units leave the ledger" if opens < left else "") + again,
            "warning", where, int(line or 1), 1, at, found=f"pot {opens}", expected=f"pot {left}")))
    return out


def _later_nights(con: duckdb.DuckDBPyConnection, nights: list[tuple[int, int, int, int | None]],
                  paths: list[str | None], corrected: bool = False) -> list[tuple[int, Diagnostic]]:
    """The other way round (break28b F3, break28c F4): a ``pot=on`` night
    just stored, grown or corrected, before a later night of its group
    stored earlier.  ``nights``: ``(session_id, k, bound, at)``: the night,
    its file's index in ``paths``, the highest session id of a later night
    to check (a later night stored with these files was checked from its
    own hand 1), and the hand to say it at (None: the night's last hand;
    else a hand the file added or the correction changed).  The night's next
    stored night by date, when that night's last earlier night is this one
    and it keeps a pot from its hand 1: when this night's stored hands leave
    another amount than it opens with (more than 0, or it opens with more),
    ``(k, W-POT-CARRY)`` at that hand, naming the later night, what it opens
    with, what to write there, and that the check is made again when more
    of this night's hands come.  Nothing stored changes."""
    if not nights:
        return []
    rules = _rules_sql(con)
    rows = con.execute(
        """
        WITH mine AS (SELECT unnest(?::INTEGER[]) AS session_id, unnest(?::INTEGER[]) AS k,
                             unnest(?::INTEGER[]) AS bound),
        new AS (
            SELECT s.session_id, s."group", s."table", s.date, s.rules, s.players, m.k, m.bound
            FROM sessions s JOIN mine m USING (session_id)
            WHERE s.date IS NOT NULL),
        nxt AS (
            SELECT n.session_id, n.k, n.bound, o.session_id AS later, o.session AS later_name,
                   o.date AS later_date, o."group", o."table", o.rules, o.players,
                   row_number() OVER (PARTITION BY n.session_id ORDER BY o.date, o.session_id) AS r
            FROM new n JOIN sessions o ON """ + _same_group("o", "n", rules) + """
                 AND o.date > n.date),
        back AS (  -- the later night's own earlier night, as the check of its hand 1 picks it
            SELECT x.session_id, x.later, p.session_id AS prev,
                   row_number() OVER (PARTITION BY x.session_id ORDER BY p.date DESC, p.session_id DESC) AS r
            FROM nxt x JOIN sessions p ON """ + _same_group("p", "x", rules) + """
                 AND p.date < x.later_date AND p.session_id <> x.later
            WHERE x.r = 1)
        SELECT x.k, x.session_id, x.later, x.later_name, strftime(x.later_date, '%Y.%m.%d'), h.provenance,
               ls.file, ls.line, ls.template, h.hand_id
        FROM nxt x JOIN back b ON b.session_id = x.session_id AND b.r = 1 AND b.prev = x.session_id
        LEFT JOIN hands h ON h.session_id = x.later AND h.hand = 1
        LEFT JOIN hand_source ls ON ls.hand_id = h.hand_id
        WHERE x.r = 1 AND x.later <= x.bound AND (h.hand_id IS NULL
            OR coalesce(json_extract(h.rules_flags, '$.pot')::BOOLEAN, FALSE))
        ORDER BY x.k, x.session_id
        """, [[n[0] for n in nights], [n[1] for n in nights], [min(n[2], 2**31 - 1) for n in nights]]).fetchall()
    at = {n[0]: n[3] for n in nights}
    # a later night without its hand 1 in force: checked when that hand is voided, with the pot kept (break29b F3)
    kept = _kept_openings(con, [r[2] for r in rows if r[9] is None])
    out: list[tuple[int, Diagnostic]] = []
    for k, sid, later, later_name, later_day, prov, later_file, later_line, template, hid in rows:
        if hid is None and later not in kept:  # its first hands not stored: what it opens with is not known
            continue
        left, last = _held_after(con, sid)
        if left is None:  # this night's first hands are not stored: what it leaves is not known
            continue
        if hid is None:
            opens = kept[later]
            first, later_file, later_line = con.execute(
                "SELECT h.hand, s.file, s.line FROM hands h JOIN hand_source s USING (hand_id) WHERE h.session_id = ? "
                "ORDER BY h.hand LIMIT 1", [later]).fetchone() or (None, None, None)
        else:
            said = json.loads(prov or "{}").get("pot")
            opens = (written_pot(template) or 0) if said in ("asserted", "verified") else 0
        if opens == left or opens < left <= 0:
            continue
        hand1 = "that night's hand 1"
        if hid is None:  # its hand 1 voided: a pot N on its first hand in force is its opening balance (fixc30 F2)
            hand1 = (f"that night's first hand in force (hand {first}: with its hand 1 voided, that hand's pot N is "
                     "its opening balance)")
        hand = at[sid] if at[sid] is not None else last
        src = con.execute("SELECT s.file, s.line FROM hands h JOIN hand_source s USING (hand_id) "
                          "WHERE h.session_id = ? AND h.hand = ? LIMIT 1", [sid, hand]).fetchone()
        file, line = (src if src is not None and (src[0] or not corrected) else (None, None))
        there = f"{later_file}:{int(later_line or 1)}" if later_file else "its hand 1"
        if hid is None:
            there = f"its voided hand 1 (shead void: its opening pot kept; its first hand in force at {there})"
        stored = (f"hand {hand}: this night's stored hands (to hand {last}) leave {left} in the pot, and the group's "
                  f"next night {later_day} ({later_name!r}, {_who(con, later, sid)}, stored before) opens with "
                  f"{opens} at {there} (rules.md D-19)")
        again = "; if more of this night's hands follow, this is checked again when they are stored"
        if opens > left:  # the later night opens with more than this one left (break28c F5)
            diag = Diagnostic(
                "W-POT-CARRY", f"{stored}: {opens - left} units no hand paid in are in the ledger; if these are all "
                f"this night's hands and nothing more was carried, write pot {left} on {hand1} (an "
                f"amendment, shead ingest --amend, docs/storage.md \"Corrections\"){again}",
                "warning", file or paths[k], int(line or 0), 1 if line else 0, int(hand), found=f"pot {opens}",
                expected=f"pot {left}")
        else:
            if is_sheet_file(later_file):
                write = f"Pot {left} in an opening row above that night's first row"
            else:
                write = f"pot {left} on {hand1}"
            diag = Diagnostic(
                "W-POT-CARRY", f"{stored}: if these are all this night's hands and the pot was carried, write "
                f"{write} (docs/notation.md, pot N; a stored hand through an amendment, shead ingest --amend, "
                f"docs/storage.md \"Corrections\"); if the house split it, end this night with a potsplit hand"
                + (f"; else its {left - opens} units leave the ledger" if opens < left else "") + again,
                "warning", file or paths[k], int(line or 0), 1 if line else 0, int(hand), found=f"pot {opens}",
                expected=f"pot {left}")
        out.append((k, diag))
    return out
