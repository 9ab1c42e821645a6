"""Which stored CSV session a spreadsheet's sitting is, by meaning, not by
file name (docs/storage.md "Duplicates by meaning", CSV files).

A CSV score sheet or ledger has no session tag of its own: its sessions are
named ``CSV <file> <date>`` when first stored.  The same spreadsheet saved
again under another name ("sheet (1).csv") is the same sittings, so:

* **score sheet** — a date whose players (the seats with units in its first
  row) are those of a stored CSV score-sheet session of that date is that
  session (:func:`sheet_session`): its hands are then duplicates when they
  record the same facts, and ``E-HAND-CONFLICT`` naming what differs when
  not, exactly as an SHN hand stored twice.
* **ledger** — a row equal to a stored ledger sitting of that date (same
  players, same nets) is a duplicate; a row with the same players and other
  nets is ``E-SITTING-CONFLICT`` naming the nets that differ, and is not
  stored (:func:`match_sittings`).  A row whose players differ from every
  stored sitting of its date is another table's sitting and is stored.
  A row of the players and date of a night stored with its hands (a score
  sheet, SHN) is that night: a duplicate when the nets are the hands'
  totals, ``E-SITTING-CONFLICT`` when not (:func:`hand_sittings`); a night
  whose hands come after its ledger row replaces the row when their totals
  are its nets (:func:`ledger_twin`, ``W-SITTING-HANDS``).
"""

from __future__ import annotations

import json
import re

__all__ = ["sheet_session", "match_sittings", "hand_sittings", "ledger_twin", "stored_night", "nights_like", "nights_of",
           "SheetLookup", "StoredNight",
           "sheet_imports"]


def _players(text: str | None) -> frozenset[str]:
    try:
        obj = json.loads(text or "{}")
    except ValueError:
        return frozenset()
    return frozenset(str(v) for v in (obj.values() if isinstance(obj, dict) else obj))


class StoredName(str):
    """A stored session's name (a ``str``) with its ``group``: a sheet's
    night found stored by meaning takes both, so its hands read as the
    stored ones, whatever the file is called now (real20 F3: a copy whose
    note changed, saved under another name, differed in its Event too and
    was refused as another text)."""

    group: str | None = None
    #: the stored session's seats, alias -> name: a night stored before keeps its aliases (real22 F9: a sheet's
    #: aliases of names with letters beyond ASCII were stripped of them, ``Jrgen`` for ``Jürgen``)
    seats: dict[str, str] | None = None
    #: the stored hands' dealers, hand number -> seat alias (None: none written): a copy of the night that leaves its
    #: Dealer column out reads each of them as stored (break24 F6: refused E-HAND-CONFLICT, "dealer: stored Eve, this
    #: copy none", and told to amend right hands)
    dealers: dict[int, str | None] | None = None
    #: the stored hands' marks, hand number -> their statements as stored (``crack Al``, ``recrack Ed``), for the
    #: hands that have any: a copy of the night without a Crack column says them where its units disagree
    #: (break24b F10: E-SCORE on a right cell, nothing said of the stored crack)
    marks: dict[int, list[str]] | None = None


#: a mark statement of a stored hand's text (notation.md: crack S, recrack S, castrate S, blitz S colour)
_MARK_LINE = re.compile(r"(?<![\w-])((?:crack|recrack|castrate|blitz) (?:\S+)(?: (?:black|red|middle|four))?(?: jacks)?)")


def sheet_session(con, date: str, players: tuple[str, ...]) -> str | None:
    """The name of the stored CSV score-sheet session dated ``date``
    (``YYYY-MM-DD``) whose players are ``players`` (as a set), or None; a
    :class:`StoredName` carrying its group.  ``con``: a DuckDB connection
    to a shead database."""
    rows = con.execute(
        'SELECT session, players, "group" FROM sessions WHERE session LIKE \'CSV %\' AND CAST(date AS VARCHAR) = ? '
        "AND coalesce(format, 'shn') = 'shn' ORDER BY session_id", [date]).fetchall()
    want = frozenset(players)
    for name, pl, group in rows:
        if _players(pl) == want:
            got = StoredName(name)
            got.group = group
            try:
                obj = json.loads(pl or "{}")
            except ValueError:
                obj = None
            got.seats = {str(k): str(v) for k, v in obj.items()} if isinstance(obj, dict) else None
            got.dealers = dict(con.execute(
                "SELECT hand, dealer FROM hands WHERE hand_id IN (SELECT min(hand_id) FROM hands WHERE session = ? "
                "GROUP BY hand)", [name]).fetchall())
            got.marks = {n: _MARK_LINE.findall(text or "") for n, text in con.execute(
                "SELECT h.hand, t.source FROM hands h JOIN hand_text t USING (hand_id) WHERE h.marks > 0 AND "
                "h.hand_id IN (SELECT min(hand_id) FROM hands WHERE session = ? GROUP BY hand)", [name]).fetchall()}
            return got
    return None


def hand_sittings(con, date: str) -> dict[int, dict[str, int]]:
    """The sessions stored with hands on ``date`` (``YYYY-MM-DD``): session
    id -> player -> the units of the session's hands.  A ledger's row for
    such a night is that night, not another sitting (it would count its
    amounts twice)."""
    out: dict[int, dict[str, int]] = {}
    for sid, p, u in con.execute(
            "SELECT u.session_id, u.player, CAST(sum(u.units) AS BIGINT) FROM hand_units u JOIN sessions s "
            "USING (session_id) WHERE CAST(s.date AS VARCHAR) = ? AND coalesce(s.format, 'shn') <> 'csv-ledger' "
            "AND u.player IS NOT NULL GROUP BY u.session_id, u.player", [date]).fetchall():
        out.setdefault(sid, {})[p] = int(u)
    return out


def ledger_twin(con, session_id: int) -> tuple[int, str, dict[str, int], dict[str, int], str, str] | None:
    """A ledger sitting (``format = 'csv-ledger'``) of the date and players of
    the session ``session_id`` stored with hands: ``(its session id, its
    name, its nets, the hands' totals, the session's name, the date)``, or
    None.  The sitting and the hands are one night."""
    row = con.execute("SELECT CAST(date AS VARCHAR), session FROM sessions WHERE session_id = ?",
                      [session_id]).fetchone()
    if row is None or row[0] is None:
        return None
    mine = hand_sittings(con, row[0]).get(session_id)
    if not mine:
        return None
    sittings: dict[int, tuple[str, dict[str, int]]] = {}
    for sid, name, p, u in con.execute(
            "SELECT s.session_id, s.session, st.player, st.units FROM sessions s JOIN settlements st "
            "USING (session_id) WHERE s.format = 'csv-ledger' AND CAST(s.date AS VARCHAR) = ? "
            "ORDER BY s.session_id", [row[0]]).fetchall():
        sittings.setdefault(sid, (name, {}))[1][p] = int(u)
    for sid, (name, nets) in sittings.items():
        if set(nets) == set(_as_row(mine, nets)):
            return sid, name, nets, _as_row(mine, nets), row[1], row[0]
    return None


def _as_row(hands: dict[str, int], row: dict[str, int]) -> dict[str, int]:
    """A night's totals from its hands (player -> units) as a ledger row of
    that night writes them: a player who broke even (0) may be left out of
    the row, his cell blank (real22b F2: the row was a second sitting of the
    night, counted twice); ``hands`` as it is otherwise."""
    if set(row) < set(hands) and all(hands[p] == 0 for p in set(hands) - set(row)):
        return {p: v for p, v in hands.items() if p in row}
    return hands


def match_sittings(con, date: str, units: dict[str, int], taken: set[int],
                   exact: bool = False, own: set[int] | frozenset = frozenset()) -> tuple[str, int | None, str | None]:
    """How a ledger row (``units``: player -> net) stands against the stored
    ledger sittings of ``date``: ``("duplicate", session_id, None)``,
    ``("conflict", session_id, differences)``, ``("voided", None, the
    voided sitting's name, when and why)`` (its nets are a sitting's voided
    by ``shead void NAME --session``: migration 024) or ``("new", None,
    None)``.  A stored sitting of the row's players and nets and more
    players at 0 is the row's duplicate, its third item those players
    (comma-separated); an exact duplicate's is None.
    ``taken``: session ids already matched by other rows of the same file
    (each stored sitting matches one row); the match is added to it.
    ``own``: the sittings the same file's rows stored: a row is their
    duplicate when it repeats one (a row pasted twice), never their
    conflict (the file writes two sittings of that date: the store warns,
    ``W-SITTING-TWICE``).  ``exact``: only a duplicate is looked for (else
    ``("new", None, None)``): the store matches every row's exact copy
    first, so that a row written differently never takes the sitting an
    exact copy below it is (break22 F1: the copy was stored again, the
    sitting counted twice; and the same file ingested twice stored more)."""
    for sid, u in hand_sittings(con, date).items():  # the night stored with its hands (a score sheet, SHN)
        u = _as_row(u, units)
        if set(u) == set(units):
            if u == units:
                return "duplicate", sid, None
            diff = "; ".join(f"{p}: its hands {u[p]:+d}, this row {units[p]:+d}" for p in sorted(units)
                             if u[p] != units[p])
            return "conflict", sid, diff + " (the night is stored with its hands)"
    rows = con.execute(
        "SELECT s.session_id, st.player, st.units FROM sessions s JOIN settlements st USING (session_id) "
        "WHERE s.format = 'csv-ledger' AND CAST(s.date AS VARCHAR) = ? ORDER BY s.session_id", [date]).fetchall()
    stored: dict[int, dict[str, int]] = {}
    for sid, p, u in rows:
        stored.setdefault(sid, {})[p] = int(u)
    free = {sid: u for sid, u in stored.items() if sid not in taken}
    for sid, u in free.items():
        if u == units:
            taken.add(sid)
            return "duplicate", sid, None
    if exact:
        return "new", None, None
    voided: dict[tuple[str, str], dict[str, int]] = {}  # (name, when and why) -> nets of a voided sitting of date
    for name, when, why, p, u in con.execute(
            "SELECT session, strftime(voided_at, '%Y-%m-%d %H:%M'), reason, player, units FROM voided_settlements "
            "WHERE CAST(date AS VARCHAR) = ? ORDER BY voided_at", [date]).fetchall():
        voided.setdefault((name, f"on {when} UTC ({why})"), {})[p] = int(u)
    for (name, when), u in voided.items():
        if u == units:  # the row as it was when its sitting was voided (the old ledger sent again): not stored again
            return "voided", None, f"{name!r}, voided {when}"
    for sid, u in free.items():
        # the row's players and nets, and more players at 0: this sitting, stored with players who broke even, or
        # by an earlier shead that read a season ledger's 0 as a player at the sitting (real30 F1: stored again,
        # every net counted twice), as a night's hands are the row that leaves a player at 0 out (_as_row)
        if sid not in own and set(u) > set(units) and _as_row(u, units) == units:
            taken.add(sid)
            return "duplicate", sid, ", ".join(sorted(set(u) - set(units)))
    for sid, u in free.items():
        if set(u) == set(units) and sid not in own:
            taken.add(sid)
            diff = "; ".join(f"{p}: stored {u[p]:+d}, this copy {units[p]:+d}" for p in sorted(units)
                             if u[p] != units[p])
            return "conflict", sid, diff
    return "new", None, None


class StoredNight(str):
    """A stored session that a CSV score sheet continues (newuser30: a night
    logged in SHN and on the Log a hand page, finished on a sheet): its name
    (a ``str``, the session id), ``tags`` its header's tags as stored (the
    sheet's hands are written under them, so they are that session's next
    hands: its players, its rules, its stake and pot carried on), ``seats``
    alias -> player name in seat order (clockwise) at its latest seating
    (its last stored hand's seats: a substitute who took a seat by a hand's
    own ``[Seats]`` sits there now, fix30 F2), ``header_seats`` the seats of
    its header's ``[Seats]`` (the same, unless the table changed), ``group``, ``date``
    (``YYYY-MM-DD`` or None), ``rules`` (its ``[Rules]`` text), ``top`` the
    highest hand number it holds (stored, or voided: a voided number is not
    reused) and ``hands`` how many it holds in force."""

    tags: dict[str, str]
    seats: dict[str, str]
    header_seats: dict[str, str]
    group: str | None = None
    date: str | None = None
    rules: str = ""
    top: int = 0
    hands: int = 0
    dealers: dict[int, str | None] | None = None
    marks: dict[int, list[str]] | None = None


def _header_tags(header: str) -> dict[str, str]:
    """A stored session header's tags, in the order written (the SHN
    reader's own reading of a tag line)."""
    from ingest.shn.reader import _TAG, _UNESCAPE  # noqa: PLC0415 - the reader's one statement of a tag line

    return {m.group(1): _UNESCAPE.sub(r"\1", m.group(2)) for m in _TAG.finditer(header or "")}


def stored_night(con, name: str) -> StoredNight | None:
    """The stored session named ``name`` exactly (an SHN session with hands,
    however its hands came: SHN, the Log a hand page, a sheet) as a
    :class:`StoredNight`, or None when no such session holds a hand.
    ``con``: a DuckDB connection to a shead database."""
    row = con.execute(
        "SELECT s.session_id, s.header, s.\"group\", CAST(s.date AS VARCHAR), s.rules, s.players, "
        "(SELECT max(hand) FROM hands h WHERE h.session_id = s.session_id), "
        "(SELECT count(*) FROM hands h WHERE h.session_id = s.session_id) "
        "FROM sessions s WHERE s.session = ? AND coalesce(s.format, 'shn') = 'shn'", [name]).fetchone()
    if row is None or not row[7]:
        return None
    sid, header, group, date, rules, players, top, count = row
    try:
        voided = con.execute("SELECT max(hand) FROM hand_revisions WHERE session_id = ? AND action = 'void'",
                             [sid]).fetchone()[0]
    except Exception:  # noqa: BLE001 - a database before migration 007
        voided = None
    got = StoredNight(name)
    got.tags = _header_tags(header)
    try:
        obj = json.loads(players or "{}")
    except ValueError:
        obj = {}
    got.header_seats = {str(k): str(v) for k, v in obj.items()} if isinstance(obj, dict) else {}
    # the table now: the seats of the last stored hand (its own [Seats] when a substitute came, notation.md §5), the
    # pot's seat left out (fix30 F2: a sheet of the substitute's table was refused, "no seat of session")
    latest = con.execute(
        "SELECT u.seat, u.player FROM hand_units u WHERE u.hand_id = (SELECT max(hand_id) FROM hands h WHERE "
        "h.session_id = ? AND h.hand = (SELECT max(hand) FROM hands WHERE session_id = ?)) AND u.player IS NOT NULL "
        "ORDER BY u.seat_no", [sid, sid]).fetchall()
    got.seats = {str(a): str(p) for a, p in latest} or dict(got.header_seats)
    got.group, got.date, got.rules = group, date, rules or got.tags.get("Rules", "")
    got.top, got.hands = max(int(top or 0), int(voided or 0)), int(count)
    got.dealers = dict(con.execute(
        "SELECT hand, dealer FROM hands WHERE hand_id IN (SELECT min(hand_id) FROM hands WHERE session_id = ? "
        "GROUP BY hand)", [sid]).fetchall())
    return got


def nights_like(con, date: str, aliases: set[str], names: set[str], but: str | None = None) -> list[StoredNight]:
    """The stored sessions with hands dated ``date`` (``YYYY-MM-DD``) whose
    seats are a sheet's night: the aliases of their header's seats or of
    their latest seating (:class:`StoredNight`, fix30 F2) are ``aliases`` or
    their players' names are ``names`` (each compared as a set, case ignored),
    other than the session ``but`` (the one the sheet's night is stored
    in).  A sheet that names no session and looks like one of them is told
    how to continue it (``W-CSV-SESSION``), never merged into it unasked."""
    want_a = {a.lower() for a in aliases}
    want_n = {n.lower() for n in names}
    out = []
    for (name,) in con.execute(
            "SELECT s.session FROM sessions s WHERE CAST(s.date AS VARCHAR) = ? AND "
            "coalesce(s.format, 'shn') = 'shn' AND s.session IS DISTINCT FROM ? AND EXISTS (SELECT 1 FROM hands h "
            "WHERE h.session_id = s.session_id) ORDER BY s.session_id", [date, but]).fetchall():
        got = stored_night(con, name)
        if got is None:
            continue
        if any({k.lower() for k in seats} == want_a or {v.lower() for v in seats.values()} == want_n
               for seats in (got.header_seats, got.seats) if seats):
            out.append(got)
    return out


#: a stored hand's file that is a CSV score sheet by its name (ingest.csv_sheet.looks_like_csv's names)
_SHEET_NAMES = (".csv", ".tsv")


def sheet_imports(con, session: str, name: str | None = None) -> list[list[int]]:
    """The runs of hands that earlier imports of CSV score sheets stored in
    the session named ``session`` (fixm30): each a list of consecutive
    hand numbers (in force, ascending) that one ``ingests`` row stored from
    one file, that file a CSV sheet by its name (``.csv``, ``.tsv``) or
    named as ``name`` (the sheet read now; a workbook's ``FILE[TAB]``
    compared as written), its last component compared, as the Import page
    stores an upload's name and ``shead ingest`` the path given.  In the
    session's hand order; empty when there are none.  What a continuing
    sheet without a Hand column is matched against before its rows are
    numbered on (:func:`ingest.csv_sheet.resent_start`).  ``con``: a
    DuckDB connection to a shead database."""
    def base(f: str | None) -> str:
        return (f or "").replace("\\", "/").rsplit("/", 1)[-1]

    own = base(name) if name else None
    rows = con.execute(
        "SELECT h.hand, s.ingest_id, s.file FROM hands h JOIN hand_source s USING (hand_id) JOIN sessions x "
        "ON x.session_id = h.session_id WHERE x.session = ? AND coalesce(x.format, 'shn') = 'shn' "
        "ORDER BY h.hand, h.hand_id", [session]).fetchall()
    runs: list[list[int]] = []
    last: tuple[int | None, int] = (None, 0)
    for hand, ingest, file in rows:
        sheet = base(file).lower().endswith(_SHEET_NAMES) or (own is not None and base(file) == own)
        if not sheet or hand is None:
            last = (None, 0)
            continue
        if last[0] == ingest and hand == last[1] + 1:
            runs[-1].append(int(hand))
        else:
            runs.append([int(hand)])
        last = (ingest, int(hand))
    return runs


def nights_of(con, date: str) -> list[str]:
    """The names of the sessions stored with hands on ``date``
    (``YYYY-MM-DD``): what a ``session=`` naming none of them may have
    meant."""
    return [n for (n,) in con.execute(
        "SELECT s.session FROM sessions s WHERE CAST(s.date AS VARCHAR) = ? AND coalesce(s.format, 'shn') = 'shn' "
        "AND EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id) ORDER BY s.session_id",
        [date]).fetchall()]


class SheetLookup:
    """What a CSV score sheet asks the store while it is read
    (:func:`ingest.csv_sheet.sheet_records`): called with ``(date,
    players)`` it is :func:`sheet_session` (the stored CSV night a copy of
    the sheet is); :meth:`named`, :meth:`like` and :meth:`on` find the
    stored night a sheet continues (``session=NAME``, a Session column) or
    looks like; :meth:`prior` gives a continued session's stored hands for
    the validator's carry (:func:`ingest.validate.validate_records`).
    ``store``: an :class:`ingest.store.Store`."""

    def __init__(self, store) -> None:
        self._store = store

    def __call__(self, date: str, players: tuple[str, ...]):
        with self._store.using() as con:
            return sheet_session(con, date, players)

    def named(self, name: str) -> StoredNight | None:
        with self._store.using() as con:
            return stored_night(con, name)

    def like(self, date: str, aliases: set[str], names: set[str], but: str | None = None) -> list[StoredNight]:
        with self._store.using() as con:
            return nights_like(con, date, aliases, names, but)

    def on(self, date: str) -> list[str]:
        with self._store.using() as con:
            return nights_of(con, date)

    def prior(self, session: str) -> list:
        ask = getattr(self._store, "prior_hands", None)  # a read-only look-up (the Import page's preview): none
        return ask(session) if ask is not None else []

    def imports(self, session: str, name: str | None = None) -> list[list[int]]:
        """:func:`sheet_imports` of ``session`` (``name``: the sheet read now)."""
        with self._store.using() as con:
            return sheet_imports(con, session, name)

    @property
    def db(self) -> str | None:
        """The database's path as the commands a message gives must name it
        (``--db PATH``, fixd31: ``W-CSV-SESSION``'s commands pasted as is);
        None when not known."""
        path = getattr(self._store, "path", None) or getattr(self._store, "db", None)
        return None if path is None else str(path)

    def voided(self, name: str) -> tuple[int, str, str | None] | None:
        """A stored session named ``name`` exactly whose every hand is
        voided (``shead void NAME --session``, or hand by hand): (its hands
        voided, when the last was voided as ``YYYY-MM-DD HH:MM`` UTC, that
        void's reason); None when no such session (fixd31: ``session=NAME``
        naming it was told "no stored session")."""
        with self._store.using() as con:
            row = con.execute(
                "SELECT count(DISTINCT r.hand_id), strftime(max(r.recorded_at), '%Y-%m-%d %H:%M'), "
                "arg_max(r.reason, r.recorded_at) FROM hand_revisions r JOIN sessions s USING (session_id) "
                "WHERE s.session = ? AND r.action = 'void' AND coalesce(s.format, 'shn') = 'shn' "
                "AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.session_id)", [name]).fetchone()
        return None if row is None or not row[0] else (int(row[0]), row[1], row[2])

    def names(self) -> list[str]:
        """Every stored session's name that holds hands (for a ``session=``
        that names none: the names like it)."""
        with self._store.using() as con:
            return [n for (n,) in con.execute(
                "SELECT s.session FROM sessions s WHERE coalesce(s.format, 'shn') = 'shn' AND EXISTS (SELECT 1 FROM "
                "hands h WHERE h.session_id = s.session_id) ORDER BY s.session_id").fetchall()]
