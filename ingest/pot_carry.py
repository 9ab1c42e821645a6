"""``W-POT-CARRY`` (real27b F1, break28b F3): a ``pot=on`` night that does not open with
the pot its group's last night left.

The pot (rules.md D-19) is kept "for the next hand", whichever night that is;
a night's opening balance is written ``pot N`` on its first hand (a sheet: the
Pot cell of an opening row above its first row, docs/notation.md "pot N").  A
night that writes none opens with an empty pot, and one that writes another
amount opens with that one.  Whether a house carries the pot from night to
night is the house's matter, so nothing is refused; but the units the stored
night left in the pot leave the ledger unless the night says so, so each
``pot=on`` session just stored whose hand 1 opens with another balance than
the last earlier stored ``pot=on`` night of its group (same ``[Event]``,
players and ``[Rules]``) closed with, when that was more than 0, is said at
its first hand: which night, how much it left, what this night opens with,
and what to write.  Nothing stored changes.  Called after a file is stored
(:func:`ingest.pipeline.note_copies`, :func:`ingest.pipeline.store_files`),
so the night before may be in the same file or run.
"""

from __future__ import annotations

import json
import re

import duckdb

from ingest.model import is_sheet_file
from replay.errors import Diagnostic
from replay.pot import pot_held
from replay.profile import parse_rules

__all__ = ["files_pot_carries", "written_pot"]

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


def _held_after(con: duckdb.DuckDBPyConnection, session_id: int) -> int:
    """What the pot holds after stored session ``session_id``'s hands
    (:func:`replay.pot.pot_held`): the balance written on a hand whose pot
    was taken as written (asserted) seeds it, the pot seat's units add up."""
    rows = con.execute(
        "SELECT h.hand, coalesce(json_extract_string(h.provenance, '$.pot') = 'asserted', FALSE), "
        "coalesce((SELECT sum(u.units) FROM hand_units u WHERE u.hand_id = h.hand_id AND u.player IS NULL "
        "AND u.seat = '(pot)'), 0), h.hand_id FROM hands h WHERE h.session_id = ? ORDER BY h.hand",
        [session_id]).fetchall()
    asserted = [r[3] for r in rows if r[1]]
    texts = dict(con.execute("SELECT hand_id, template FROM hand_source WHERE list_contains(?, hand_id)",
                             [asserted]).fetchall()) if asserted else {}
    return pot_held((written_pot(texts.get(hid)) if hid in texts else None, int(units))
                    for _, _, units, hid in rows)


def _keeps_pot(rules: str | None) -> bool:
    """Whether a session's ``[Rules]`` text keeps a pot (``pot=on``, rules.md
    D-19); a text that does not read is kept for the full check."""
    try:
        return bool(parse_rules(rules or None).pot)
    except Exception:  # noqa: BLE001 - its hands were read under it; the full check decides
        return True


def files_pot_carries(con: duckdb.DuckDBPyConnection,
                      files: list[tuple[int, int | None, str | None]]) -> list[list[Diagnostic]]:
    """``W-POT-CARRY`` for the sessions each file of ``files`` stored (``(since,
    until, path)`` as :func:`ingest.session_copies.files_session_copies`: its
    new sessions have ids above ``since`` up to ``until``).  One query finds
    the new ``pot=on`` sessions opening at hand 1 that have an earlier stored
    night of their group, players and rules; only those read further."""
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
    if not pots:
        return out
    rows = con.execute(
        """
        WITH files AS (SELECT unnest(?::INTEGER[]) AS lo, unnest(?::INTEGER[]) AS hi, unnest(?::INTEGER[]) AS k),
        new AS (
            SELECT s.session_id, s."group", s.date, s.rules, s.players, f.k, min(h.hand) AS first
            FROM sessions s JOIN files f ON s.session_id > f.lo AND s.session_id <= f.hi
            JOIN hands h USING (session_id)
            WHERE s.session_id > ? AND s.date IS NOT NULL AND list_contains(?::INTEGER[], s.session_id)
            GROUP BY ALL HAVING min(h.hand) = 1  -- only pot=on nights look for an earlier night (issue 17: a
                AND bool_or(h.hand = 1 AND coalesce(json_extract(h.rules_flags, '$.pot')::BOOLEAN, FALSE))),
        prev AS (
            SELECT n.session_id, o.session_id AS old, o.session AS old_name, o.date AS old_date,
                   row_number() OVER (PARTITION BY n.session_id ORDER BY o.date DESC, o.session_id DESC) AS r
            FROM new n JOIN sessions o ON o."group" IS NOT DISTINCT FROM n."group" AND o.rules = n.rules
                 AND o.date < n.date AND o.session_id <> n.session_id
                 AND list_sort(map_values(CAST(o.players::JSON AS MAP(VARCHAR, VARCHAR))))
                     = list_sort(map_values(CAST(n.players::JSON AS MAP(VARCHAR, VARCHAR)))))
        SELECT n.k, n.session_id, h.hand_id, h.provenance, p.old, p.old_name, strftime(p.old_date, '%Y.%m.%d'),
               n."group", s.file, s.line, s.template
        FROM new n JOIN prev p ON p.session_id = n.session_id AND p.r = 1
        JOIN hands h ON h.session_id = n.session_id AND h.hand = 1
        JOIN hand_source s ON s.hand_id = h.hand_id
        WHERE coalesce(json_extract(h.rules_flags, '$.pot')::BOOLEAN, FALSE)
        ORDER BY n.k, n.session_id
        """, [lows, highs, list(range(len(files))), min(lows), pots]).fetchall()
    for k, sid, _hid, prov, old, old_name, old_day, group, file, line, template in rows:
        left = _held_after(con, old)
        said = json.loads(prov or "{}").get("pot")
        opens = (written_pot(template) or 0) if said in ("asserted", "verified") else 0
        if opens == left or opens < left <= 0:
            continue
        where = file or files[k][2]
        if opens > left:  # more than the night before left: units no hand paid in (break28c F5)
            out[k].append(Diagnostic(
                "W-POT-CARRY", f"hand 1: this night opens with {opens} in the pot, but the group's night {old_day} "
                f"({old_name!r}, the same players and rules) ended with {left} (rules.md D-19): {opens - left} units "
                f"no hand paid in are in the ledger; if nothing more was carried, write pot {left} on this hand 1 "
                "(docs/notation.md, pot N; a stored hand through an amendment, shead ingest --amend)",
                "warning", where, int(line or 1), 1, 1, found=f"pot {opens}", expected=f"pot {left}"))
            continue
        if is_sheet_file(file):
            write = (f"if the pot was carried, write an opening row with Pot {left} above this night's first row "
                     "(docs/notation.md, pot N)")
        else:
            write = f"if the pot was carried, write pot {left} on this hand 1 (docs/notation.md, pot N)"
        out[k].append(Diagnostic(
            "W-POT-CARRY", f"hand 1: the group's night {old_day} ({old_name!r}, the same players and rules) ended "
            f"with {left} in the pot, and this night opens with {opens} (rules.md D-19): {write}; if the house "
            f"split it, end night {old_day} with a potsplit hand"
            + (f"; else its {left - opens} units leave the ledger" if opens < left else ""),
            "warning", where, int(line or 1), 1, 1, found=f"pot {opens}", expected=f"pot {left}"))
    _later_nights(con, files, lows, highs, pots, out)
    return out


def _later_nights(con: duckdb.DuckDBPyConnection, files: list[tuple[int, int | None, str | None]],
                  lows: list[int], highs: list[int], pots: list[int], out: list[list[Diagnostic]]) -> None:
    """The other way round (break28b F3): a ``pot=on`` night just stored
    before a later night of its group stored by an earlier command (an
    earlier night backfilled).  For each new pot-keeping session (``pots``),
    the next stored night of its group, players and rules by date, when that
    night's last earlier night is this one, was stored before these files
    (a later night stored with them was checked above, against its earlier
    night) and keeps a pot from its hand 1: when this night leaves more
    than 0 and that night opens with another amount, ``W-POT-CARRY`` at this
    file's last hand of the night, naming the later night, what it opens
    with and what to write there.  Nothing stored changes."""
    rows = con.execute(
        """
        WITH files AS (SELECT unnest(?::INTEGER[]) AS lo, unnest(?::INTEGER[]) AS hi, unnest(?::INTEGER[]) AS k),
        new AS (
            SELECT s.session_id, s."group", s.date, s.rules, s.players, f.k
            FROM sessions s JOIN files f ON s.session_id > f.lo AND s.session_id <= f.hi
            WHERE s.date IS NOT NULL AND list_contains(?::INTEGER[], s.session_id)),
        nxt AS (
            SELECT n.session_id, n.k, o.session_id AS later, o.session AS later_name, o.date AS later_date,
                   o."group", o.rules, o.players,
                   row_number() OVER (PARTITION BY n.session_id ORDER BY o.date, o.session_id) AS r
            FROM new n JOIN sessions o ON o."group" IS NOT DISTINCT FROM n."group" AND o.rules = n.rules
                 AND o.date > n.date
                 AND list_sort(map_values(CAST(o.players::JSON AS MAP(VARCHAR, VARCHAR))))
                     = list_sort(map_values(CAST(n.players::JSON AS MAP(VARCHAR, VARCHAR))))),
        back AS (  -- the later night's own earlier night, as the check above picks it
            SELECT x.session_id, x.later, p.session_id AS prev,
                   row_number() OVER (PARTITION BY x.session_id ORDER BY p.date DESC, p.session_id DESC) AS r
            FROM nxt x JOIN sessions p ON p."group" IS NOT DISTINCT FROM x."group" AND p.rules = x.rules
                 AND p.date < x.later_date AND p.session_id <> x.later
                 AND list_sort(map_values(CAST(p.players::JSON AS MAP(VARCHAR, VARCHAR))))
                     = list_sort(map_values(CAST(x.players::JSON AS MAP(VARCHAR, VARCHAR))))
            WHERE x.r = 1)
        SELECT x.k, x.session_id, x.later, x.later_name, strftime(x.later_date, '%Y.%m.%d'), h.provenance,
               ls.file, ls.line, ls.template, last.hand, ts.file, ts.line
        FROM nxt x JOIN back b ON b.session_id = x.session_id AND b.r = 1 AND b.prev = x.session_id
        JOIN hands h ON h.session_id = x.later AND h.hand = 1
        JOIN hand_source ls ON ls.hand_id = h.hand_id
        JOIN (SELECT session_id, arg_max(hand_id, hand) AS hand_id, max(hand) AS hand FROM hands
              WHERE list_contains(?::INTEGER[], session_id) GROUP BY session_id) last ON last.session_id = x.session_id
        JOIN hand_source ts ON ts.hand_id = last.hand_id
        WHERE x.r = 1 AND x.later <= ? AND coalesce(json_extract(h.rules_flags, '$.pot')::BOOLEAN, FALSE)
        ORDER BY x.k, x.session_id
        """, [lows, highs, list(range(len(files))), pots, pots, min(lows)]).fetchall()
    for k, sid, _later, later_name, later_day, prov, later_file, later_line, template, last, file, line in rows:
        left = _held_after(con, sid)
        said = json.loads(prov or "{}").get("pot")
        opens = (written_pot(template) or 0) if said in ("asserted", "verified") else 0
        if opens == left or opens < left <= 0:
            continue
        there = f"{later_file}:{int(later_line or 1)}" if later_file else "its hand 1"
        if opens > left:  # the later night opens with more than this one left (break28c F5)
            out[k].append(Diagnostic(
                "W-POT-CARRY", f"hand {last}: this night ends with {left} in the pot, and the group's next night "
                f"{later_day} ({later_name!r}, the same players and rules, stored before) opens with {opens} at "
                f"{there} (rules.md D-19): {opens - left} units no hand paid in are in the ledger; if nothing more "
                f"was carried, write pot {left} on that night's hand 1 (an amendment, shead ingest --amend, "
                "docs/storage.md \"Corrections\")",
                "warning", file or files[k][2], int(line or 1), 1, int(last), found=f"pot {opens}",
                expected=f"pot {left}"))
            continue
        if is_sheet_file(later_file):
            write = f"Pot {left} in an opening row above that night's first row"
        else:
            write = f"pot {left} on that night's hand 1"
        out[k].append(Diagnostic(
            "W-POT-CARRY", f"hand {last}: this night ends with {left} in the pot, and the group's next night "
            f"{later_day} ({later_name!r}, the same players and rules, stored before) opens with {opens} at "
            f"{there} (rules.md D-19): if the pot was carried, write {write} (docs/notation.md, pot N; a stored "
            f"hand through an amendment, shead ingest --amend, docs/storage.md \"Corrections\"); if the house split "
            f"it, end this night with a potsplit hand"
            + (f"; else its {left - opens} units leave the ledger" if opens < left else ""),
            "warning", file or files[k][2], int(line or 1), 1, int(last), found=f"pot {opens}",
            expected=f"pot {left}"))
