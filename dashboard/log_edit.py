"""The Log-a-hand page's Edit action: a stored hand amended from the page,
as ``shead ingest --amend`` does it (:meth:`ingest.store.Store.amend`): the
new text is validated with the carry of the stored hands before it (rules.md
D-11, D-12, D-19), stored as a new revision with its reason, and the
session's later hands are re-derived in the same transaction."""

from __future__ import annotations

import re

import streamlit as st

from replay.errors import with_found

from ingest.model import FileResult
from ingest.store import (AMEND_LATER_HOW, CorrectionError, StoreError, hand_history, reading, resolve_db,
                          sources_where, voided_numbers, with_voids)
from ingest.validate import validate_text

SOURCE = "log-hand"
_HAND_NO = re.compile(r"^\s*hand\s+(\d+)\b", re.MULTILINE | re.IGNORECASE)  # a phone's "Hand 19" (real21 F2)


def stored_numbers(session: str) -> list[int]:
    """The hand numbers stored in ``session``, in order."""
    with reading(resolve_db()) as con:
        return [n for (n,) in con.execute("SELECT DISTINCT hand FROM hands WHERE session = ? ORDER BY hand",
                                          [session]).fetchall()]


def voided_hands(session: str) -> dict[int, tuple[int, int, str | None, object, str | None]]:
    """The voided hands of ``session`` whose number holds no hand in force:
    ``{number: (hand_id, revision, reason, voided_at, text)}``, ``text``
    the revision the void ended (None for a hand voided before the backup
    this database was restored from, whose text was not kept)."""
    with reading(resolve_db()) as con:
        rows = con.execute(
            "SELECT r.hand, r.hand_id, r.revision, r.reason, r.recorded_at, (SELECT p.source FROM hand_revisions p "
            "WHERE p.hand_id = r.hand_id AND p.revision < r.revision AND p.source IS NOT NULL ORDER BY p.revision "
            "DESC LIMIT 1) FROM hand_revisions r WHERE r.session = ? AND r.action = 'void' AND r.revision = "
            "(SELECT max(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id) AND NOT EXISTS "
            "(SELECT 1 FROM hands h WHERE h.session = r.session AND h.hand = r.hand) ORDER BY r.hand",
            [session]).fetchall()
        out = {n: (hid, rev, reason, at, text) for n, hid, rev, reason, at, text in rows}
        # a hand voided before the backup this database was restored from: only the session's [_Voided] tag names it
        # (break21 F2: not listed, its number offered for a new hand, the refusal's advice pointing at nothing)
        for n in header_voided(con, session):
            if n not in out and not con.execute("SELECT 1 FROM hands WHERE session = ? AND hand = ?",
                                                [session, n]).fetchone():
                out[n] = (None, None, None, None, None)
    return dict(sorted(out.items()))


def header_voided(con, session: str) -> frozenset:
    """The hand numbers the stored session's ``[_Voided]`` tag names (an
    export's voided hands, restored), empty when none."""
    from ingest.store import _header_tag  # noqa: PLC0415
    from replay.judge_common import voided_numbers  # noqa: PLC0415

    row = con.execute("SELECT header FROM sessions WHERE session = ?", [session]).fetchone()
    return voided_numbers(_header_tag(row[0], "_Voided")) if row and row[0] else frozenset()


def stored_source(session: str, number: int) -> str:
    """The stored text of hand ``number`` of ``session`` (the revision in
    force; for a voided hand, the text it had when voided)."""
    with reading(resolve_db()) as con:
        rows = sources_where(con, "h.session = ? AND h.hand = ?", [session, number])
    if not rows:
        text = (voided_hands(session).get(number) or (None,) * 5)[4]
        rows = [text] if text else []
    return (rows[0].strip("\n") + "\n") if rows else ""


def void_from_page(ctx: dict, number: int) -> None:
    """The Void button: void hand ``number`` of the session in ``ctx`` with
    the reason typed (required), as ``shead void`` does
    (:meth:`ingest.store.Store.void`): it leaves every total, its history
    keeps it, and the session's later hands are re-derived (stake, pot:
    rules.md D-11, D-12, D-19).  The result goes to
    ``st.session_state["lh_edit_result"]``."""
    ss = st.session_state
    reason = (ss.get("lh_void_reason") or "").strip()
    out: dict = {"errors": [], "saved": None}
    ss["lh_edit_result"] = out
    if not ss.get("lh_void_sure"):
        out["errors"].append(f"tick \"Yes, void hand {number}\" first: nothing changed")
        return
    if not reason:
        out["errors"].append("say why the hand is voided (kept in its history): nothing changed")
        return
    with reading(resolve_db()) as con:
        row = con.execute("SELECT hand_id FROM hands WHERE session = ? AND hand = ?", [ctx["session"], number]
                          ).fetchone()
    if row is None:
        out["errors"].append(f"hand {number} of this session is not in force: nothing to void")
        return
    try:
        from dashboard.access import writer_store  # noqa: PLC0415 - a scorer signed in voids only their group

        with writer_store() as store:
            rep = store.void(row[0], reason)
    except (CorrectionError, StoreError) as exc:
        out["errors"].append(str(exc))
        return
    _, _, hand_id, revision = rep.hands[0]
    later = f"; {rep.rederived} later hand(s) re-derived (stake, pot)" if rep.rederived else ""
    out["notes"] = _notes(rep)
    ss["lh_edit_keep"] = True  # the message outlives the reload of the hand it voided
    out["saved"] = (f"Hand {number} voided (hand id {hand_id}, revision {revision}: {reason}): it counts in no total"
                    f"{later}. Its texts are kept; Bring it back restores it.")
    ss["lh_void_sure"] = False


def amend_from_page(ctx: dict, number: int, bring_back: bool = False) -> None:
    """The Save amendment button: validate the edited text of hand
    ``number`` and store it as the hand's new revision; the result (errors
    at their line and column of the edited text, or what was saved) goes to
    ``st.session_state["lh_edit_result"]``.  A voided hand comes back with
    it (``bring_back``: the Bring it back button, its text as voided or
    changed)."""
    ss = st.session_state
    text = (ss.get("lh_edit_text") or "").strip("\n") + "\n"
    reason = (ss.get("lh_edit_reason") or "").strip() or (
        "brought back on the Log a hand page" if bring_back else "corrected on the Log a hand page")
    out: dict = {"errors": [], "saved": None}
    ss["lh_edit_result"] = out
    m = _HAND_NO.search(text)
    if m is None or int(m.group(1)) != number:
        out["errors"].append(f"an amendment keeps the hand number: write hand {number}")
        return
    above = text[:m.start()]
    if above.strip() and all(line.strip().startswith(("[", ";")) or not line.strip() for line in above.splitlines()):
        # tag lines typed above the hand ([Seats "...Eve=Eve Nagel"], a name corrected) are the hand's own: put
        # after its 'hand' line (above it they fell into the session's header: E-DUPLICATE at a line not in the
        # box, dash19 F6)
        first, _, rest = text[m.start():].partition("\n")
        text = first + "\n" + "".join(line + "\n" for line in above.splitlines() if line.strip()) + rest
    with reading(resolve_db()) as con:
        session_id, header = con.execute("SELECT session_id, header FROM sessions WHERE session = ?",
                                         [ctx["session"]]).fetchone()
        before = sources_where(con, "h.session = ? AND h.hand < ?", [ctx["session"], number])
        # its voided hands count for nothing, as shead ingest --amend reads them: no gap (fix18 F6, where the
        # page then blamed "later hands" for the edited hand's own E-SCORE)
        header = with_voids(header, voided_numbers(con, session_id))
    head = "%SHN 1.0\n" + header.rstrip("\n") + "\n\n" + "".join(src.strip("\n") + "\n\n" for src in before)
    start = head.count("\n") + 1
    res = validate_text(head + text, path=SOURCE)
    mine = [h for h in res.hands if h.source_line >= start]
    for r in res.rejected:
        if r.source_line >= start:
            for d in r.errors:
                # the code and what was expected too, as the Import page says them (dash19 F7)
                out["errors"].append(f"line {d.line - start + 1}, column {d.col}: {d.code}: "
                                     f"{with_found(d.message, d.found, d.expected)}")
    if out["errors"]:
        return
    if len(mine) != 1:
        out["errors"].append("write exactly one hand")
        return
    try:
        from dashboard.access import writer_store  # noqa: PLC0415 - a scorer signed in amends only their group

        with writer_store() as store:
            rep = store.amend(FileResult(path=SOURCE, hands=mine), reason, bring_back=bring_back)
    except (CorrectionError, StoreError) as exc:
        # the edit box holds one hand: the later hands are edited first, then this one
        out["errors"].append(str(exc).replace(AMEND_LATER_HOW, (
            "Edit those hands first, one at a time (their score at the new stake, or without a score line so "
            "that the rules derive it, or marked ^ where the table agreed on it), then this one again; or amend "
            "them all at once with shead ingest --amend FILE")))
        return
    if rep.unchanged:
        out["saved"] = f"Hand {number} already has this text: nothing changed."
        return
    if rep.still_voided:  # its text as voided, saved without Bring it back
        out["errors"].append(f"hand {number} is voided and this is its text as voided: it stays voided (press Bring "
                             "it back to count it again)")
        return
    _, _, hand_id, revision = rep.hands[0]
    later = f"; {rep.rederived} later hand(s) re-derived (stake, pot)" if rep.rederived else ""
    out["notes"] = _notes(rep)
    done = "brought back" if bring_back else "amended"
    ss["lh_edit_keep"] = bring_back  # the message outlives the reload of the hand it brought back
    out["saved"] = f"Hand {number} {done}: revision {revision} in force ({reason}){later}."
    out.update(amended_score(hand_id, ctx["session"]))


def amended_score(hand_id: int, session: str) -> dict:
    """What an amendment changed in the units (newuser29 F3: the page said
    only "revision 2 in force"): ``score`` the stored units of hand
    ``hand_id`` now by seat alias (the pot as ``(pot)``), ``was`` those of
    the revision before it (empty for a hand brought back from a void, or a
    revision whose units were not kept), ``outcome`` the hand's outcome now,
    and ``totals`` the running units of ``session`` by player name (as the
    ledger sums them: ``hand_units.player``), every hand in force (its later
    hands re-derived) summed, the players in the order they first sat (by
    seat, then by hand: a substitute after the player whose seat they took).
    fixa30: the totals were by seat alias, so a seat that changed player
    mid-session (a hand's own ``[Seats]``, docs/notation.md section 5) showed
    both people's units under one alias."""
    with reading(resolve_db()) as con:
        found = hand_history(con, str(hand_id))
        totals = {player: int(u) for player, u in con.execute(
            "SELECT u.player, sum(u.units) FROM hand_units u JOIN hands h USING (hand_id) "
            "WHERE h.session = ? AND u.player IS NOT NULL GROUP BY u.player "
            "ORDER BY min(u.seat_no), min(h.hand), u.player", [session]).fetchall()}
    now = (found.revisions[-1].outcome or {}) if found else {}
    before = (found.revisions[-2].outcome or {}) if found and len(found.revisions) > 1 else {}
    return {"score": dict(now.get("units") or {}), "was": dict(before.get("units") or {}),
            "outcome": now.get("outcome") or "", "totals": totals}


def score_line(units: dict) -> str:
    """``{"Al": -4, "Bea": 2}`` (a hand's units by seat, or the session's totals by player) as the page writes a
    score: ``Al -4 · Bea +2``."""
    return " · ".join(f"{seat} {u:+d}" for seat, u in units.items())


def _notes(rep) -> list[str]:
    """The warnings an amendment or a void gives beside its result
    (:attr:`ingest.store.CorrectionReport.notes`: e.g. W-POT-CARRY when the
    pot the night now leaves is not what its group's next night opened with,
    W-SITTING-HANDS), as ``shead ingest --amend`` and ``shead void`` print
    them: the code, the message, what was found and expected."""
    return [f"{d.code}: {with_found(d.message, d.found, d.expected)}" for d in rep.notes]


def history_rows(hand_id: int) -> list[dict]:
    """The revisions of hand ``hand_id`` as table rows, oldest first
    (:func:`ingest.store.hand_history`): ``revision``, ``action`` (ingest,
    amend, void, rederive), ``when`` (UTC), ``reason``, ``from`` (file:line),
    ``counted`` (its units by seat, or its outcome) and ``in force``; empty
    when no hand, stored or voided, has that id."""
    with reading(resolve_db()) as con:
        found = hand_history(con, str(hand_id))
    if found is None:
        return []
    rows = []
    for r in found.revisions:
        o = r.outcome or {}
        units = " ".join(f"{seat} {u:+d}" for seat, u in (o.get("units") or {}).items())
        rows.append({"revision": r.revision, "action": r.action,
                     "when": r.at.strftime("%Y-%m-%d %H:%M UTC") if r.at else "",
                     "reason": r.reason or "", "from": f"{r.file}:{r.line}" if r.file else "",
                     "counted": units or (o.get("outcome") or ""), "in force": "yes" if r.in_force else ""})
    return rows


def show_history(hand_id: int, expanded: bool = False) -> None:
    """An expander "History of this hand (N revisions)" with
    :func:`history_rows`, when the hand was ever corrected (more than its
    first ingest); nothing otherwise."""
    rows = history_rows(hand_id)
    if len(rows) < 2:
        return
    with st.expander(f"History of this hand ({len(rows)} revisions)", expanded=expanded):
        st.dataframe(rows, hide_index=True, width="stretch")
        st.caption(f"Every revision's text: shead history {hand_id}")


# --------------------------------------------------------------------------
# the Edit action of the Replay page (issue 12): open Log a hand on this hand

#: The query parameter that opens Log a hand in edit mode: ``?edit=<hand_id>``.
EDIT_PARAM = "edit"


def edit_action(hand_id: int) -> None:
    """Draw "Edit this hand": a link to the Log-a-hand page opened in edit
    mode on stored hand ``hand_id`` (``log_hand?edit=<hand_id>``), where the
    corrected text is saved as an amendment with its reason
    (:func:`amend_from_page`).  Inside the app the link is Streamlit's page
    link (same session); a page run by itself (no navigation) says the URL."""
    from streamlit.errors import StreamlitAPIException  # noqa: PLC0415

    params = {EDIT_PARAM: str(hand_id)}
    try:
        st.page_link("pages/log_hand.py", label="Edit this hand", icon=":material/edit:", query_params=params)
    except (StreamlitAPIException, KeyError, ValueError):  # the Replay page run without the app's navigation
        st.caption(f"To edit this hand, open the Log-a-hand page at log_hand?{EDIT_PARAM}={hand_id}")


def take_edit_request(sessions: list[tuple]) -> str | None:
    """On Log a hand: when the URL holds ``?edit=<hand_id>``, set the page to
    edit that stored hand (its session, the "edit a stored hand" input, its
    number) and drop the parameter, so the page is free again afterwards.
    ``sessions``: the rows of :func:`dashboard.pages.log_hand.list_sessions`
    (session_id first).  Returns an error message for a hand id that is not
    stored, else None."""
    ss = st.session_state
    raw = st.query_params.get(EDIT_PARAM)
    if raw is None:
        return None
    del st.query_params[EDIT_PARAM]
    try:
        hand_id = int(raw)
    except ValueError:
        return f"?{EDIT_PARAM}={raw}: not a hand id (a whole number, as the Replay page shows)"
    with reading(resolve_db()) as con:
        row = con.execute("SELECT session_id, hand FROM hands WHERE hand_id = ?", [hand_id]).fetchone()
    if row is None or row[0] not in {s[0] for s in sessions}:
        return f"no stored hand has id {hand_id}: nothing to edit"
    ss["lh_mode"] = "existing"
    ss["lh_session"] = row[0]
    ss["lh_input"] = "edit"
    ss["lh_edit_no"] = row[1]
    ss.pop("lh_edit_loaded", None)
    ss.pop("lh_edit_result", None)
    return None
