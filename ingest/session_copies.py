"""A session stored again under another name (a tester's finding).

An SHN session is named by its tags (``[Session]``, else ``Event / Date /
Table``: docs/storage.md "sessions"), so a night re-sent after its Event
name was corrected is a new session, and every one of its hands counts a
second time in every total.  Nothing in the records says it is a copy, and
two tables can play the same evening with the same players; so the copy is
stored, as the notation says, but never silently: :func:`session_copies`
finds each session just stored whose every hand is, text for text and
number for number, a hand of one other stored session of the same date and
the same players, and says which (``W-SESSION-COPY``), with how to take the
copy out again.  :func:`deal_copies` finds a protocol's sessions that repeat
another game for game, and :func:`result_copies`, called by both and for any
format, a night written otherwise (a sheet of an SHN file, a copy typed
anew): result for result.
"""

from __future__ import annotations

import json
import shlex

import duckdb

from ingest.model import same_meaning
from replay.errors import Diagnostic

__all__ = ["MIN_ALIKE_HANDS", "MIN_HANDS", "MIN_RESULT_HANDS", "deal_copies", "files_session_copies", "result_copies",
           "session_copies", "top_session_id"]

#: A session of fewer hands is not called a copy: two one-hand sessions of the same players and date can be written
#: alike by chance (``hand 1 … doubler``).
MIN_HANDS = 2
#: Results alone (no text, no deal) call a session a copy from this many hands: two sittings of one group on one day
#: can end a hand or two alike by chance, three in a row with every player's units equal is the same night.
MIN_RESULT_HANDS = 3


def top_session_id(con: duckdb.DuckDBPyConnection) -> int:
    """The highest stored ``session_id`` (0 when none): taken before a file
    is stored, the sessions above it are the file's new ones."""
    return con.execute("SELECT coalesce(max(session_id), 0) FROM sessions").fetchall()[0][0]


def _first_hands_alike(con: duckdb.DuckDBPyConnection, twins: list[tuple[int, int]],
                       by_facts: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """The ``(copy, stored)`` session pairs of ``twins`` whose new session's
    first hand has the same number and text (template and cards, trailing
    blank lines aside) in the stored session: a copy repeats every hand, so
    a pair that differs at the first hand cannot be one.  The hands' dealer,
    picker, call and picker points (facts the text fixes) are compared first,
    from ``hands``; the texts only where those agree — reading a hand's
    template decompresses its row group, about 0.25 ms.  So many sessions of
    one date and players (a generated bench, a league's tables of one night)
    cost a row each, not every hand.  Three or four small queries.
    ``by_facts``, when given, gets the pairs whose first hands agree in
    those facts but not in text (a layout of their own: the night's export),
    to be compared by meaning (:func:`_meaning_copies`)."""
    copies = sorted({c for c, _ in twins})
    first = dict(con.execute(
        f"SELECT session_id, min(hand) FROM hands WHERE session_id IN ({', '.join(map(str, copies))}) "
        "GROUP BY session_id").fetchall())
    numbers = sorted(set(first.values()))
    if not numbers:
        return []
    sessions = sorted({c for c, _ in twins} | {o for _, o in twins})
    facts = {(sid, hand): (hid, rest) for sid, hand, hid, *rest in con.execute(
        f"SELECT session_id, hand, hand_id, dealer, picker, call, picker_points FROM hands "
        f"WHERE session_id IN ({', '.join(map(str, sessions))}) AND hand IN ({', '.join(map(str, numbers))})"
    ).fetchall()}
    pairs = []
    for copy, stored in twins:
        a, b = facts.get((copy, first.get(copy))), facts.get((stored, first.get(copy)))
        if a is not None and b is not None and a[1] == b[1]:
            pairs.append((copy, stored, a[0], b[0]))
    if not pairs:
        return []
    wanted = sorted({h for _, _, a, b in pairs for h in (a, b)})
    text = {hid: (template, cards) for hid, template, cards in con.execute(
        f"SELECT hand_id, rtrim(template, ' \t\r\n'), source_cards FROM hand_source "
        f"WHERE hand_id IN ({', '.join(map(str, wanted))})").fetchall()}
    alike = [(copy, stored) for copy, stored, a, b in pairs if a in text and text[a] == text.get(b)]
    if by_facts is not None:
        by_facts += [(copy, stored) for copy, stored, a, b in pairs if not (a in text and text[a] == text.get(b))]
    return alike


def _meaning_copies(con: duckdb.DuckDBPyConnection, pairs: list[tuple[int, int]]) -> list[tuple]:
    """The ``(copy, stored)`` pairs of ``pairs`` (the same date or one a typo
    away, the same players, their first hands alike in their facts) that are
    not alike text for text but hand for hand by meaning: the same hand
    numbers, at least :data:`MIN_HANDS`, and each hand whose stored text
    differs read with its session's header and found the same hand
    (:func:`ingest.meaning.same_in_another_session`: layout, the identity
    tags and the place of a hand's own ``[Seats]`` line aside).  fixit32 F1:
    a night's ``shead export`` moved to its corrected date was stored as a
    second night without a word, its hand 6 (with its own ``[Seats]``) and
    its card-logged hand 4 written in the canonical layout.  Rows as
    :func:`_text_copies` reads them.  Only the texts that differ are read and
    parsed, of these pairs' sessions alone."""
    if not pairs:
        return []
    from ingest.meaning import same_in_another_session  # noqa: PLC0415
    from ingest.shn.canonical import _read_one  # noqa: PLC0415

    sessions = sorted({c for c, _ in pairs} | {o for _, o in pairs})
    ids = ", ".join(str(int(i)) for i in sessions)
    hands: dict[int, dict[int, tuple]] = {}
    twice: set[int] = set()
    for sid, number, hid, template, cards, *said in con.execute(
            f"SELECT h.session_id, h.hand, h.hand_id, rtrim(src.template, ' \t\r\n'), src.source_cards, h.dealer, "
            f"h.picker, h.call, h.picker_points, h.outcome, h.leaster_winner, h.partner, h.alone FROM hands h "
            f"JOIN hand_source src USING (hand_id) WHERE h.session_id IN ({ids})").fetchall():
        if number in hands.setdefault(sid, {}):
            twice.add(sid)
        hands[sid][number] = (hid, template, cards, tuple(said))
    candidates = []
    for copy, stored in pairs:
        mine, theirs = hands.get(copy, {}), hands.get(stored, {})
        if copy in twice or stored in twice or len(mine) < MIN_HANDS or set(mine) != set(theirs):
            continue
        pending = [(mine[n][0], theirs[n][0]) for n in mine if mine[n][1:3] != theirs[n][1:3]]
        # the facts stored beside each hand first (dealer, picker, call, points, outcome ...): a pair that differs
        # there is no copy, and no text of it is read (many sessions of one date and players: a bench, a league)
        if all(mine[n][3] == theirs[n][3] for n in mine):
            candidates.append((copy, stored, pending))
    if not candidates:
        return []
    wanted = sorted({h for *_, pending in candidates for pair in pending for h in pair})
    text = dict(con.execute("SELECT hand_id, source FROM hand_text WHERE hand_id IN ("
                            + ", ".join(str(int(h)) for h in wanted) + ")").fetchall()) if wanted else {}
    meta = {sid: row for sid, *row in con.execute(
        "SELECT session_id, session, first_file, rules, CAST(date AS VARCHAR), header FROM sessions "
        f"WHERE session_id IN ({ids})").fetchall()}
    out = []
    for copy, stored, pending in candidates:
        alike = True
        for a, b in pending:
            ra = _read_one(meta[copy][4] or "", text.get(a) or "") if text.get(a) else None
            rb = _read_one(meta[stored][4] or "", text.get(b) or "") if text.get(b) and ra is not None else None
            if ra is None or rb is None or not same_in_another_session(ra, rb):
                alike = False
                break
        if alike:
            out.append((copy, meta[copy][0], meta[stored][0], meta[stored][1], len(hands[copy]), meta[copy][2],
                        meta[stored][2], meta[copy][3], meta[stored][3]))
    return out


def _revised_copies(con: duckdb.DuckDBPyConnection, twins: list[tuple[int, int]]) -> list[tuple]:
    """The ``(copy, stored)`` pairs of ``twins`` (same date, same players or
    seats, not alike hand for hand in force) whose stored session was corrected
    (``hand_revisions``) and whose new session repeats it as first stored:
    every hand's text is the stored hand's in force or one of its earlier
    revisions (the text before an amendment, a voided hand's), at least
    :data:`MIN_HANDS` of them.  A night corrected, then the scorer's
    original file sent again under another name, was a second night with
    no word (fix18 F5, break17b F3).  Rows as :func:`_text_copies` reads
    them.  Only sessions with revisions are read, their texts by id."""
    if not twins:
        return []
    stored = sorted({o for _, o in twins})
    try:
        with_revisions = {sid for (sid,) in con.execute(
            "SELECT DISTINCT session_id FROM hand_revisions WHERE list_contains(?, session_id)", [stored]).fetchall()}
    except duckdb.CatalogException:  # before migration 007
        return []
    pairs = [(c, o) for c, o in twins if o in with_revisions]
    if not pairs:
        return []
    sessions = sorted({c for c, _ in pairs} | {o for _, o in pairs})
    hands = con.execute("SELECT session_id, hand, hand_id FROM hands WHERE list_contains(?, session_id)",
                        [sessions]).fetchall()
    # by a literal id list, which the view filters before it restores a text (a parameter list restored every one)
    text = dict(con.execute("SELECT hand_id, rtrim(source, ' \t\r\n') FROM hand_text WHERE hand_id IN ("
                            + ", ".join(str(int(h)) for _, _, h in hands) + ")").fetchall()) if hands else {}
    known: dict[int, dict[int, set[str]]] = {}
    of: dict[int, list[tuple[int, str]]] = {}
    for sid, number, hid in hands:
        known.setdefault(sid, {}).setdefault(number, set()).add(text.get(hid, ""))
        of.setdefault(sid, []).append((number, text.get(hid, "")))
    for sid, number, src in con.execute(
            "SELECT session_id, hand, rtrim(source, ' \t\r\n') FROM hand_revisions "
            "WHERE list_contains(?, session_id) AND source IS NOT NULL", [sorted(with_revisions)]).fetchall():
        known.setdefault(sid, {}).setdefault(number, set()).add(src)
    meta = {sid: row for sid, *row in con.execute(
        "SELECT session_id, session, first_file, rules, CAST(date AS VARCHAR) FROM sessions "
        "WHERE list_contains(?, session_id)",
        [sessions]).fetchall()}
    out = []
    for copy, orig in pairs:
        mine = of.get(copy, [])
        if len(mine) >= MIN_HANDS and all(t in known.get(orig, {}).get(n, ()) for n, t in mine):
            out.append((copy, meta[copy][0], meta[orig][0], meta[orig][1], len(mine), meta[copy][2], meta[orig][2],
                        meta[copy][3], meta[orig][3]))
    return out


def session_copies(con: duckdb.DuckDBPyConnection, since: int, path: str | None = None) -> list[Diagnostic]:
    """``W-SESSION-COPY`` warnings for the SHN sessions stored after
    ``since`` (a :func:`top_session_id`) whose hands — at least
    :data:`MIN_HANDS`, every one of them — have the same number and the
    same source text (``hand_source``'s template and cards: the hand as
    written, its header and the blank lines after it aside: the last hand of
    a session followed by another in the same file keeps them) as hands of one other stored SHN session of
    the same date and the same players (names, as a set).  ``path`` is the
    file named in the warnings.  An empty list when there is none.

    Its cost does not grow with the database (issue 17): the first query
    reads only ``sessions`` (the new ones and the stored ones of their
    dates); a stored session of the same date and players is compared at
    its first hand (:func:`_first_hands_alike`), and only a pair alike there
    has every hand compared, by reading those two sessions' hands."""
    return files_session_copies(con, [(since, None, path)])[0]


def files_session_copies(con: duckdb.DuckDBPyConnection,
                         files: list[tuple[int, int | None, str | None]]) -> list[list[Diagnostic]]:
    """:func:`session_copies` of several files stored in one transaction
    (:meth:`ingest.store.Store.ingest_files`), in one pass: ``files`` gives
    each file's ``(since, until, path)``, its new sessions being those of id
    above ``since`` up to ``until`` (None: every later one), each compared
    with the sessions stored before it (id ``since`` or below), as if the
    files had been stored one by one.  The warnings of each file, in the
    order of ``files``: its copies text for text, then those written
    otherwise (:func:`result_copies`)."""
    out = _text_copies(con, files)
    for k, (lo, hi, path) in enumerate(files):
        out[k] += result_copies(con, lo, path, until=hi, known={d.found for d in out[k]})
    for k, warnings in enumerate(_split_sessions(con, files)):
        out[k] += warnings
    return out


def _split_sessions(con: duckdb.DuckDBPyConnection,
                    files: list[tuple[int, int | None, str | None]]) -> list[list[Diagnostic]]:
    """``W-SESSION-SPLIT`` for each SHN session a file of ``files`` (``(since,
    until, path)``, as :func:`files_session_copies`) stored whose first hand
    is not hand 1 while a session stored before it, of the same group, date
    and players, ends before that hand: the night's next page sent with one
    identity tag left out or changed (its ``[Table]``), a second session
    whose first hand lost the pot and the stake the first one carries
    (scorer19 F7: ``W-SESSION-GAP`` did not say where the hands before it
    are).  One query for all the files (a statement a file cost 3 µs a
    hand of a bench ingest)."""
    import shlex  # noqa: PLC0415

    out: list[list[Diagnostic]] = [[] for _ in files]
    if not files:
        return out
    lows = [int(lo) for lo, _, _ in files]
    highs = [int(hi) if hi is not None else 2**31 - 1 for _, hi, _ in files]
    rows = con.execute(
        """
        WITH files AS (SELECT unnest(?::INTEGER[]) AS lo, unnest(?::INTEGER[]) AS hi, unnest(?::INTEGER[]) AS k),
        new AS (
            SELECT s.session_id, s.session, s."group", s.date, s.players, f.lo, f.k, min(h.hand) AS first
            FROM sessions s JOIN files f ON s.session_id > f.lo AND s.session_id <= f.hi
            JOIN hands h USING (session_id)
            WHERE s.session_id > ? AND coalesce(s.format, 'shn') = 'shn'
            GROUP BY ALL HAVING min(h.hand) > 1)
        SELECT n.k, n.session, n.first, o.session, max(h.hand) FROM new n
        JOIN sessions o ON o."group" IS NOT DISTINCT FROM n."group" AND o.date IS NOT DISTINCT FROM n.date
             AND o.session_id <= n.lo AND coalesce(o.format, 'shn') = 'shn'
             AND list_sort(map_values(CAST(o.players::JSON AS MAP(VARCHAR, VARCHAR))))
                 = list_sort(map_values(CAST(n.players::JSON AS MAP(VARCHAR, VARCHAR))))
        JOIN hands h ON h.session_id = o.session_id
        GROUP BY ALL HAVING max(h.hand) < n.first ORDER BY 1, 2, 4
        """, [lows, highs, list(range(len(files))), min(lows)]).fetchall()
    for k, new, first, old, last in rows:
        out[k].append(Diagnostic(
            "W-SESSION-SPLIT", f"session {new!r}, just stored, starts at hand {first}, and session {old!r} of the "
            f"same group, date and players, stored before, ends at hand {last}: if this file is that night's next "
            "page (an identity tag such as [Table] left out or changed), its hands are a session of their own and "
            "the first of them lost the stake and pot the night carries; void it (shead void "
            f"{shlex.quote(new)} --session --reason 'next page') and send it again "
            + (f"with --columns {shlex.quote('session=' + old)} (a score sheet continues a stored session so)"
               if new.startswith("CSV ") else "with the stored session's tags"),
            "warning", files[k][2], 1, 1, found=new, expected=old))
    return out


def _text_copies(con: duckdb.DuckDBPyConnection,
                 files: list[tuple[int, int | None, str | None]]) -> list[list[Diagnostic]]:
    """:func:`files_session_copies`'s copies hand for hand, text for text."""
    out: list[list[Diagnostic]] = [[] for _ in files]
    if not files:
        return out
    lows = [int(lo) for lo, _, _ in files]
    highs = [int(hi) if hi is not None else 2**31 - 1 for _, hi, _ in files]
    twins = con.execute(
        """
        WITH files AS (SELECT unnest(?::INTEGER[]) AS lo, unnest(?::INTEGER[]) AS hi),
        new AS (  -- a new session of fewer than MIN_HANDS hands is no copy: nothing to compare
            SELECT s.session_id, s.date, s."group", s."table", f.lo,
                   list_sort(map_values(CAST(s.players::JSON AS MAP(VARCHAR, VARCHAR)))) AS names
            FROM sessions s JOIN files f ON s.session_id > f.lo AND s.session_id <= f.hi
            WHERE s.session_id > ? AND coalesce(s.format, 'shn') = 'shn'
            AND s.session_id IN (SELECT session_id FROM hands WHERE session_id > ? GROUP BY session_id
                                 HAVING count(*) >= ?)),
        same_date AS (
            SELECT n.session_id AS copy_id, n.names, o.session_id AS stored_id, o.players FROM new n
            JOIN sessions o ON o.date IS NOT DISTINCT FROM n.date
              -- or the same group and table on a date one typo away (its year, its month or its day other):
              -- a mistyped date corrected in the file sent again is the same night (scorer19 F3: it counted
              -- twice unsaid); a night a week later differs in its hands
              OR (o."group" = n."group" AND o."table" IS NOT DISTINCT FROM n."table"
                  AND CAST(year(o.date) = year(n.date) AS INTEGER) + CAST(month(o.date) = month(n.date) AS INTEGER)
                      + CAST(day(o.date) = day(n.date) AS INTEGER) = 2)
            WHERE o.session_id <= n.lo AND coalesce(o.format, 'shn') = 'shn')
        SELECT copy_id, stored_id, list_sort(map_values(CAST(players::JSON AS MAP(VARCHAR, VARCHAR)))) = names
        FROM same_date
        WHERE list_sort(map_values(CAST(players::JSON AS MAP(VARCHAR, VARCHAR)))) = names
           OR (len(map_values(CAST(players::JSON AS MAP(VARCHAR, VARCHAR)))) = len(names)
               AND stored_id IN (SELECT session_id FROM hand_revisions WHERE session_id <= ?))
        """, [lows, highs, min(lows), min(lows), MIN_HANDS, max(lows)]).fetchall()
    # the same players; or, for a stored session corrected since, the same number of seats: a player renamed
    # there, whose original file repeats it text for text under the old name (break18 F3)
    every = [(c, o) for c, o, _ in twins]
    renamed = {c for c, _, same in twins if not same}
    by_facts: list[tuple[int, int]] = []
    twins = _first_hands_alike(con, [(c, o) for c, o, same in twins if same], by_facts)
    if not every:
        return out
    ids = ", ".join(str(int(i)) for i in sorted({c for c, _ in twins} | {o for _, o in twins}))
    rows = con.execute(
        f"""
        WITH twins AS (SELECT unnest(?::INTEGER[]) AS copy_id, unnest(?::INTEGER[]) AS stored_id),
        written AS (
            SELECT h.session_id, h.hand, rtrim(src.template, ' \t\r\n') AS template, src.source_cards FROM hands h
            JOIN hand_source src USING (hand_id) WHERE h.session_id IN ({ids})),
        sizes AS (
            SELECT session_id, count(*) AS n FROM written
            WHERE session_id IN (SELECT copy_id FROM twins) GROUP BY session_id),
        same AS (
            SELECT t.copy_id, t.stored_id, count(*) AS n FROM twins t
            JOIN written c ON c.session_id = t.copy_id
            JOIN written o ON o.session_id = t.stored_id AND o.hand = c.hand AND o.template = c.template
             AND o.source_cards IS NOT DISTINCT FROM c.source_cards
            GROUP BY ALL)
        SELECT same.copy_id, c.session, o.session, o.first_file, z.n, c.rules, o.rules,
               CAST(c.date AS VARCHAR), CAST(o.date AS VARCHAR) FROM same
        JOIN sizes z ON z.session_id = same.copy_id AND z.n = same.n AND z.n >= ?
        JOIN sessions c ON c.session_id = same.copy_id JOIN sessions o ON o.session_id = same.stored_id
        ORDER BY c.session, o.session
        """, [[c for c, _ in twins], [o for _, o in twins], MIN_HANDS]).fetchall() if twins else []
    # a stored session corrected since (an amended or voided hand, the first or any other): its copy repeats it
    # as first stored (break18 F2: only a corrected first hand was found)
    seen = {r[0] for r in rows}
    # the same night in another layout (its own export, a hand's [Seats] line placed otherwise): alike by meaning
    # (fixit32 F1), its first hand alike in text or only in its facts
    rows += _meaning_copies(con, [t for t in twins + by_facts if t[0] not in seen])
    seen = {r[0] for r in rows}
    revised = _revised_copies(con, [t for t in every if t[0] not in seen])
    rows = sorted(rows + revised, key=lambda r: (r[1], r[2]))
    first = {r[0] for r in revised}  # copies of a corrected session as first stored
    for copy_id, copy, stored, first_file, n, copy_rules, stored_rules, copy_date, stored_date in rows:
        day = ("on the same date" if copy_date == stored_date else
               f"on another date ({copy_date} here, {stored_date} stored: a date corrected in this file?)")
        k = next(i for i, (lo, hi) in enumerate(zip(lows, highs)) if lo < copy_id <= hi)
        # sk17 F8: "the same texts" of a copy scored under other [Rules] (its amounts differ); newuser17: a name
        # with an apostrophe broke the suggested command, quoted for the shell now
        # other rules by meaning only (fixc30 F3: "wi5-called-ace;pot=on" is "wi5-called-ace; pot=on")
        rules = "" if same_meaning(copy_rules, stored_rules) else \
            f" (scored under [Rules {copy_rules!r}], the stored one under [Rules {stored_rules!r}])"
        out[k].append(Diagnostic(
            "W-SESSION-COPY",
            f"session {copy!r}, just stored, repeats session {stored!r} (stored from {first_file or '<input>'}) "
            f"hand for hand: its {n} hands have the same numbers and texts"
            + (" as first stored, before its corrections" if copy_id in first else "")
            + f"{rules}, {day} with the same "
            + ("seats (a player renamed there since), " if copy_id in renamed else "players, ")
            + "so every total now counts them twice. If this file is that session re-sent under another name "
            f"(its Event, Table or Session tag changed), void the copy (shead void {shlex.quote(copy)} --session "
            "--reason 'a copy'), or send it with the stored session's tags; if the stored session's name is the wrong "
            f"one (a typo corrected in this file), void that one instead (shead void {shlex.quote(stored)} --session "
            "--reason 'renamed')",
            "warning", files[k][2], 1, 1, found=copy))
    return out


def deal_copies(con: duckdb.DuckDBPyConnection, since: int, path: str | None = None) -> list[Diagnostic]:
    """A NetSchafkopf protocol's ``W-SESSION-COPY`` warnings: its sessions
    that repeat another game for game (:func:`_deal_copies`), then those
    that repeat one written otherwise (:func:`result_copies`)."""
    found = _deal_copies(con, since, path)
    return found + result_copies(con, since, path, known={d.found for d in found})


def _deal_copies(con: duckdb.DuckDBPyConnection, since: int, path: str | None = None) -> list[Diagnostic]:
    """``W-SESSION-COPY`` warnings for the sessions stored after ``since``
    whose games — at least :data:`MIN_HANDS`, every one of them — each
    repeat the game of the same number of one other stored session: dealt
    exactly alike (the same ``deal_id``: every position's cards and the
    blind, docs/storage.md ``hand_deals``) and played to the same result
    (game, called card, Augen or points, outcome).  A NetSchafkopf protocol
    fed again after a player was renamed, or saved by another program, is a
    new session by its header but the same games; the same deals at another
    table (a duplicate tournament, the Compare page) are played otherwise
    and are no copy.  The candidates come from ``deal_parts`` (the deals
    dealt at two or more tables, kept per session), so the cost follows the
    new sessions' shared deals, not the database.  ``path`` is the file
    named in the warnings."""
    rows = con.execute(
        """
        WITH new AS (SELECT session_id FROM sessions WHERE session_id > ?),
        sizes AS (SELECT session_id, count(*) AS n FROM hands WHERE session_id IN (SELECT session_id FROM new)
                  GROUP BY session_id),
        cand AS (SELECT DISTINCT m.session_id AS copy_id, o.session_id AS stored_id FROM deal_parts m
                 JOIN deal_parts o ON o.deal_id = m.deal_id AND o.session_id <= ?
                 WHERE m.session_id IN (SELECT session_id FROM new)),
        games AS (SELECT h.session_id, h.hand, d.deal_id, h.game_type, h.call, h.picker_points, h.outcome
                  FROM hands h JOIN hand_deals d USING (hand_id)
                  WHERE h.session_id IN (SELECT copy_id FROM cand UNION SELECT stored_id FROM cand)),
        same AS (SELECT c.copy_id, c.stored_id, count(*) AS n FROM cand c
                 JOIN games g ON g.session_id = c.copy_id
                 JOIN games o ON o.session_id = c.stored_id AND o.hand = g.hand AND o.deal_id = g.deal_id
                  AND o.game_type IS NOT DISTINCT FROM g.game_type AND o.call IS NOT DISTINCT FROM g.call
                  AND o.picker_points IS NOT DISTINCT FROM g.picker_points AND o.outcome IS NOT DISTINCT FROM g.outcome
                 GROUP BY ALL)
        SELECT c.session, o.session, o.first_file, z.n FROM same
        JOIN sizes z ON z.session_id = same.copy_id AND z.n = same.n AND z.n >= ?
        JOIN sessions c ON c.session_id = same.copy_id JOIN sessions o ON o.session_id = same.stored_id
        ORDER BY c.session, o.session
        """, [since, since, MIN_HANDS]).fetchall()
    return [Diagnostic(
        "W-SESSION-COPY",
        f"session {copy!r}, just stored, repeats session {stored!r} (stored from {first_file or '<input>'}) game for "
        f"game: its {n} games were dealt and played exactly as that session's, so every total now counts them "
        f"twice. If this file is that log again with a name or a player changed, void the copy (shead void "
        f"{shlex.quote(copy)} --session --reason 'a copy')", "warning", path, 1, 1, found=copy)
        for copy, stored, first_file, n in rows]


def result_copies(con: duckdb.DuckDBPyConnection, since: int, path: str | None = None, until: int | None = None,
                  known: frozenset[str] | set[str] = frozenset()) -> list[Diagnostic]:
    """``W-SESSION-COPY`` warnings for the sessions stored after ``since``
    (up to ``until``) that repeat, result for result, a stored session of
    the same date and the same players written otherwise: the same night
    sent once as SHN and once as a spreadsheet, or typed again by hand with
    a line written differently (newuser17: every total counted twice
    without a word).  A copy has at least :data:`MIN_RESULT_HANDS` hands,
    and its k-th hand (in hand order, whatever its number) gives every
    player the units the stored session's k-th hand gives them, for every
    k; the two have as many hands.  ``known``: the names of the new
    sessions already warned of (the ``found`` of :func:`session_copies`'s
    and :func:`deal_copies`'s warnings), not repeated.  Its
    cost follows the new sessions and those of their dates, not the
    database."""
    hi = until if until is not None else 2**31 - 1
    # the candidates from `sessions` (the new sessions and those of their dates, compared in Python: a JSON cast in
    # SQL cost a millisecond a file); then each one's players' totals and hands (`session_players`, its summary
    # rows), and only the pairs alike there have every hand compared: many sessions of one date and players (a
    # generated bench) cost their summary rows, not their hands, and a night alone on its date one small query
    # (issue 17)
    rows = con.execute("SELECT session_id, date, players FROM sessions WHERE date IN "
                       "(SELECT date FROM sessions WHERE session_id > ? AND session_id <= ?)", [since, hi]).fetchall()
    if len(rows) < 2:
        return []
    roster = {sid: (date, json.loads(players or "{}")) for sid, date, players in rows}
    pairs = []
    for sid, (date, m) in roster.items():
        if not since < sid <= hi:
            continue
        for oid, (odate, om) in roster.items():
            if oid <= since and odate == date:
                # by seat only where one of the two gives no names ("Ann" for "Ann Kraus"): two tables of other
                # people under the same aliases (N, E, S, W) are no copy (break17b F1)
                unnamed = all(a == n for a, n in om.items()) or all(a == n for a, n in m.items())
                by_seat = unnamed and sorted(om) == sorted(m)
                if by_seat or sorted(om.values()) == sorted(m.values()):
                    pairs.append((sid, oid, by_seat))
    if not pairs:
        return []
    ids = sorted({i for a, b, _ in pairs for i in (a, b)})
    totals: dict[int, list] = {}
    picks: dict[int, dict[str, int]] = {}
    for sid, player, units, hands, picked in con.execute(
            f"SELECT session_id, player, sum(units), sum(hands), sum(picks) FROM session_players WHERE session_id IN "
            f"({', '.join(map(str, ids))}) GROUP BY session_id, player").fetchall():
        got = totals.setdefault(sid, [[], 0])
        got[0].append(int(units or 0))
        got[1] = max(got[1], int(hands or 0))
        picks.setdefault(sid, {})[player] = int(picked or 0)
    key = {sid: (sorted(u), n) for sid, (u, n) in totals.items()}
    # the same night from two scorers who differ in a hand or two (real24 F2): its totals differ, so the check result
    # for result below never sees it; a pair of as many hands whose players picked as often each (the summary rows
    # again) has its hands compared by _differing_copies
    near = [(a, b, by) for a, b, by in pairs
            if a in key and b in key and key[a][1] == key[b][1] >= MIN_RESULT_HANDS
            and _picks_by(picks.get(a, {}), roster[a][1], by) == _picks_by(picks.get(b, {}), roster[b][1], by)]
    pairs = [(a, b, by) for a, b, by in pairs
             if a in key and key[a] == key.get(b) and key[a][1] >= MIN_RESULT_HANDS]
    if not pairs:
        return _differing_copies(con, near, roster, path, known)
    copy_ids, stored_ids, seat_flags = map(list, zip(*pairs))
    rows = con.execute(
        """
        WITH pairs AS (SELECT unnest(?::INTEGER[]) AS copy_id, unnest(?::INTEGER[]) AS stored_id,
                              unnest(?::BOOLEAN[]) AS by_seat),
        res AS (
            SELECT h.session_id, row_number() OVER (PARTITION BY h.session_id ORDER BY h.hand, h.hand_id) AS k,
                   list(u.seat || '=' || u.units ORDER BY u.seat) FILTER (WHERE u.player IS NOT NULL) AS by_seat,
                   list(u.player || '=' || u.units ORDER BY u.player) FILTER (WHERE u.player IS NOT NULL)
                       AS by_player
            FROM hands h LEFT JOIN hand_units u USING (hand_id)
            WHERE h.session_id IN (SELECT copy_id FROM pairs UNION SELECT stored_id FROM pairs)
            GROUP BY h.session_id, h.hand, h.hand_id),
        sizes AS (SELECT session_id, count(*) AS n FROM res GROUP BY ALL),
        same AS (
            SELECT p.copy_id, p.stored_id, count(*) AS n FROM pairs p
            JOIN res a ON a.session_id = p.copy_id
            JOIN res b ON b.session_id = p.stored_id AND b.k = a.k
             AND CASE WHEN p.by_seat THEN b.by_seat IS NOT DISTINCT FROM a.by_seat
                      ELSE b.by_player IS NOT DISTINCT FROM a.by_player END
            GROUP BY ALL)
        SELECT c.session, o.session, o.first_file, same.n, same.copy_id, same.stored_id FROM same
        JOIN sizes zc ON zc.session_id = same.copy_id AND zc.n = same.n
        JOIN sizes zo ON zo.session_id = same.stored_id AND zo.n = same.n
        JOIN sessions c ON c.session_id = same.copy_id JOIN sessions o ON o.session_id = same.stored_id
        WHERE same.n >= ?
        ORDER BY c.session, o.session
        """, [copy_ids, stored_ids, seat_flags, MIN_RESULT_HANDS]).fetchall()
    alike = {(c, o) for *_, c, o in rows}
    return [Diagnostic(
        "W-SESSION-COPY",
        f"session {copy!r}, just stored, repeats session {stored!r} (stored from {first_file or '<input>'}) result "
        f"for result: its {n} hands, in order, give every player the units that session's give, on the same date "
        "with the same players, so every total now counts them twice. If this is that night written again (another "
        f"file, a spreadsheet of it, a copy typed anew), void one of the two (shead void {shlex.quote(copy)} "
        "--session --reason 'a copy')", "warning", path, 1, 1, found=copy)
        for copy, stored, first_file, n, _, _ in rows if copy not in known] + _differing_copies(
        con, [(a, b, by) for a, b, by in near if (a, b) not in alike], roster, path,
        set(known) | {copy for copy, *_ in rows})


def _picks_by(picks: dict[str, int], players: dict[str, str], by_seat: bool) -> dict[str, int]:
    """A session's picks per player (``session_players``), keyed by seat
    alias where its pair is compared by seat (:func:`result_copies`)."""
    return {a: picks.get(n, 0) for a, n in players.items()} if by_seat else picks


#: A night from two scorers is named (``W-SESSION-DIFFERS``) when at least this many of its hands agree result for
#: result: every hand's dealer and picker alike and a hand or two scored otherwise is one night; every hand
#: scored otherwise is rather another night of the same deals' order (or other rules), and is not named.
MIN_ALIKE_HANDS = 2
#: The differing hands a W-SESSION-DIFFERS names, then "and N more".
SHOWN_HANDS = 4


def _differing_copies(con: duckdb.DuckDBPyConnection, near: list[tuple[int, int, bool]], roster: dict,
                      path: str | None, known: frozenset[str] | set[str]) -> list[Diagnostic]:
    """``W-SESSION-DIFFERS`` for the pairs ``near`` (``(copy, stored,
    by_seat)`` of :func:`result_copies`: the same date and players, as many
    hands, each player picking as often) whose k-th hands have the same
    dealer and picker (by name, or by seat where ``by_seat``) for every k,
    and give every player the same units in at least
    :data:`MIN_ALIKE_HANDS` of them but not in all: the same night from two
    scorers who differ in a hand (real24 F2: a sheet and an SHN file of one
    night, hand 3 ``pts 60 lose`` against ``pts 62 win``, were stored twice
    without a word, the night counted twice).  Stored, never refused: two
    tables may play the same deals.  Only the pairs' sessions' hands are
    read (one query), never every stored hand."""
    if not near:
        return []
    ids = sorted({i for a, b, _ in near for i in (a, b)})
    hands: dict[int, list] = {}
    for sid, number, dealer, picker, leaster, outcome, pts, partner, alone, units in con.execute(
            "SELECT h.session_id, h.hand, h.dealer, h.picker, h.leaster_winner, h.outcome, h.picker_points, "
            "h.partner, h.alone, list((u.seat, u.units) ORDER BY u.seat) FILTER (WHERE u.seat IS NOT NULL) "
            f"FROM hands h LEFT JOIN hand_units u USING (hand_id) WHERE h.session_id IN ({', '.join(map(str, ids))}) "
            "GROUP BY h.hand_id, h.session_id, h.hand, h.dealer, h.picker, h.leaster_winner, h.outcome, "
            "h.picker_points, h.partner, h.alone ORDER BY h.session_id, h.hand, h.hand_id").fetchall():
        hands.setdefault(sid, []).append((number, dealer, picker, leaster, outcome, pts, partner, alone,
                                          {(u["seat"] if isinstance(u, dict) else u[0]):
                                           int((u["units"] if isinstance(u, dict) else u[1]) or 0)
                                           for u in units or ()}))
    meta = {sid: row for sid, *row in con.execute(
        f"SELECT session_id, session, first_file, rules FROM sessions WHERE session_id IN ({', '.join(map(str, ids))})"
    ).fetchall()}
    out = []
    for copy_id, stored_id, by_seat in near:
        mine, theirs = hands.get(copy_id, []), hands.get(stored_id, [])
        copy, stored = meta[copy_id][0], meta[stored_id][0]
        if copy in known or len(mine) != len(theirs) or len(mine) < MIN_RESULT_HANDS:
            continue
        seats_a, seats_b = roster[copy_id][1], roster[stored_id][1]

        def who(seat, seats, by=by_seat):
            return seat if by or seat is None else seats.get(seat, seat)

        def units(u, seats, by=by_seat):
            return {who(s, seats, by): v for s, v in u.items()}

        # a dealer is compared only where both copies write one: a score sheet without a Dealer column beside the
        # SHN copy with dealer lines is the same night (break24 F1: an unknown dealer was a different one, the night
        # counted twice unsaid)
        if any((a[1] is not None and b[1] is not None and who(a[1], seats_a) != who(b[1], seats_b))
               or who(a[2], seats_a) != who(b[2], seats_b) for a, b in zip(mine, theirs)):
            continue
        dealers = [(a[1] is not None, b[1] is not None) for a, b in zip(mine, theirs)]
        if all(x and y for x, y in dealers):
            same = "the same dealers and pickers"
        elif not any(x or y for x, y in dealers):
            same = "the same pickers (neither copy writes the dealers)"
        else:
            same = "the same pickers (and the same dealers where both copies write them)"
        differ = [(a, b) for a, b in zip(mine, theirs) if units(a[8], seats_a) != units(b[8], seats_b)]
        if not differ or len(mine) - len(differ) < MIN_ALIKE_HANDS:
            continue
        said = "; ".join(_differing_hand(a, b, seats_a, seats_b, by_seat) for a, b in differ[:SHOWN_HANDS])
        if len(differ) > SHOWN_HANDS:
            said += f"; and {len(differ) - SHOWN_HANDS} more"
        rules_a, rules_b = meta[copy_id][2], meta[stored_id][2]
        if not same_meaning(rules_a, rules_b):  # other rules by meaning (fixc30 F3), not as written
            said += (f" (scored under [Rules {rules_a!r}], the stored one under [Rules {rules_b!r}]: a hand may differ "
                     "by the rules, not by the scorer)")
        numbers = ", ".join(str(a[0]) for a, _ in differ)
        out.append(Diagnostic(
            "W-SESSION-DIFFERS",
            f"session {copy!r}, just stored, and session {stored!r} (stored from {meta[stored_id][1] or '<input>'}) "
            f"look like one night from two scorers: the same date and players, {len(mine)} hands each with "
            f"{same}, {len(mine) - len(differ)} of them alike result for result, but "
            f"{len(differ)} scored otherwise: {said}. Both are stored, so every total now counts the night twice. If "
            f"it is one night, void one copy (shead void {shlex.quote(copy)} --session --reason 'a copy', or shead "
            f"void {shlex.quote(stored)} --session --reason 'a copy'), then correct the kept copy's hand"
            f"{'s' if len(differ) > 1 else ''} {numbers} if wrong (shead export --format shn --out night.shn, "
            "correct the hand there, its score line too or taken out for the rules to derive it, then shead ingest "
            "--amend night.shn); if two tables played these deals, keep "
            "both", "warning", path, 1, 1, found=copy, expected=stored))
    return out


def _differing_hand(a: tuple, b: tuple, seats_a: dict, seats_b: dict, by_seat: bool) -> str:
    """One differing hand of :func:`_differing_copies` as text: ``hand 3
    (dealer Bob, Cal picked): here win at 62 (Cal +2, Eve +1, Ann -1, Bob
    -1, Dee -1), stored lose at 60 (Cal -4, Eve -2, Ann +2, Bob +2, Dee
    +2)``: the picker, the partner and the defenders, each with the units;
    the partner (or ``alone``) where the two differ in it."""
    def name(seat, seats):
        return seat if by_seat or seat is None else seats.get(seat, seat)

    def side(h, seats):
        return "alone" if h[7] else f"partner {name(h[6], seats)}" if h[6] is not None else ""

    sides = side(a, seats_a) != side(b, seats_b)  # the partner (or alone) said where the two differ in it

    def result(h, seats):
        number, dealer, picker, leaster, outcome, pts, partner, alone, units = h
        text = str(outcome or "?")
        if leaster is not None and outcome == "leaster":
            text += f" won by {name(leaster, seats)}"
        if pts is not None:
            text += f" at {pts}"
        if sides:
            text += ", " + (side(h, seats) or "no partner")
        first = [s for s in (picker, partner, leaster) if s is not None and s in units]
        order = first + [s for s in units if s not in first]
        return text + " (" + ", ".join(f"{name(s, seats)} {units[s]:+d}" for s in order) + ")"

    number = f"hand {a[0]}" + (f" (stored as hand {b[0]})" if a[0] != b[0] else "")
    picked = f"{name(a[2], seats_a)} picked" if a[2] is not None else "no pick"
    # the dealer of the copy that writes one; none said where neither does (break24 F1: "dealer None")
    dealer = (f"dealer {name(a[1], seats_a)}, " if a[1] is not None
              else f"dealer {name(b[1], seats_b)}, " if b[1] is not None else "")
    return f"{number} ({dealer}{picked}): here {result(a, seats_a)}, stored {result(b, seats_b)}"
