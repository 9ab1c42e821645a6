"""Who is looking: the dashboard's sign-in beyond loopback (docs/service.md
"The dashboard at the table").

On 127.0.0.1 the dashboard asks nobody for anything (it is the owner's own
machine).  Started beyond it (``shead dashboard --host 0.0.0.0``) — or with
``--login`` — :func:`dashboard.launch.launch` sets
:data:`ingest.scope.LOGIN_ENV` for the Streamlit process and every visitor
signs in with a token of ``shead serve`` (``shead token add GROUP --role
scorer|viewer``, :mod:`ingest.tokens`):

* :func:`gate` (called by ``dashboard/app.py`` before ``st.navigation``)
  shows the sign-in form until a valid token is given, keeps the verified
  :class:`Access` in ``st.session_state`` and checks the token again on every
  run (a revoked token is signed out at the next click), then sets
  :data:`ingest.scope.READ_SCOPE` to the token's group: every read-only
  connection of the run (:func:`ingest.store.reading`) sees only that
  group's hands, sessions and units, whatever page asks.
* :func:`page_allowed` leaves the writing pages (:data:`WRITE_PAGES`: Log a
  hand with its Edit action, Import) out of a viewer's navigation, and
  :func:`require_write` — the first call of those pages — refuses them to a
  viewer who reaches them by their URL.
* :func:`dashboard.launch.refusal` keeps ``shead dashboard --host`` from starting beyond loopback while no
  token exists.
* :func:`writer_store` is the store those pages write through: for a scorer
  it refuses hands of another group (their ``Event`` tag) and sessions
  stored for another group, as ``shead serve`` does (``E-GROUP``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from ingest import store as st_
from ingest import tokens as tk
from ingest.model import FileResult, RejectedHand
from ingest.scope import LOGIN_ENV, READ_SCOPE
from ingest.session_identity import foreign_to, original
from replay.errors import Diagnostic

__all__ = ["Access", "LOGIN_ENV", "WRITE_PAGES", "login_required", "verify", "current", "gate", "page_allowed",
           "require_write", "writer_store", "GroupStore", "sign_out"]

#: The url paths of the pages that write (dashboard/app.py PAGES).
WRITE_PAGES = frozenset({"log_hand", "import_files"})
_KEY = "shead.access"


@dataclass(frozen=True)
class Access:
    """A signed-in visitor: their token's id, group and role (``scorer``
    reads and writes, ``viewer`` only reads), and the token itself (kept in
    the server's session state only, to check it again on every run)."""

    token_id: int
    group: str
    role: str
    token: str

    @property
    def groups(self) -> tuple[str, ...]:
        return (self.group,)

    @property
    def may_write(self) -> bool:
        return self.role == "scorer"


def login_required() -> bool:
    """True when this dashboard asks for a token (:data:`LOGIN_ENV` is ``1``)."""
    return os.environ.get(LOGIN_ENV) == "1"


def verify(db: str | os.PathLike | None, token: str) -> Access | None:
    """The valid token ``token`` in database ``db`` as an :class:`Access`;
    None when it is unknown, revoked, or there is no database.  Raises
    :class:`ingest.store.StoreBusy` when the database stays locked."""
    token = token.strip()
    if not token:
        return None
    try:
        con = st_.connect(db, read_only=True, timeout=5.0)
    except st_.StoreMissing:
        return None
    try:
        row = tk.lookup(con, token)
    finally:
        con.close()
    return Access(row.token_id, row.group, row.role, token) if row else None


def current():
    """The signed-in :class:`Access` of this Streamlit session, or None."""
    import streamlit as st  # noqa: PLC0415

    return st.session_state.get(_KEY)


def sign_out() -> None:
    import streamlit as st  # noqa: PLC0415

    st.session_state.pop(_KEY, None)


def _sign_in(db: Path) -> None:
    import streamlit as st  # noqa: PLC0415

    token = st.session_state.get("shead.login.token") or ""
    try:
        who = verify(db, token)
    except st_.StoreBusy:
        st.session_state["shead.login.error"] = "The database is busy; press Sign in again in a moment."
        return
    if who is None:
        st.session_state["shead.login.error"] = ("Unknown or revoked token. Ask the group's organiser for one "
                                                 "(`shead token add GROUP --role viewer`).")
        return
    st.session_state[_KEY] = who
    st.session_state.pop("shead.login.error", None)
    st.session_state["shead.login.token"] = ""


def gate() -> Access | None:
    """Before any page runs: None on a dashboard that asks for no token
    (every group visible, :data:`READ_SCOPE` None).  Otherwise the signed-in
    visitor's :class:`Access` with :data:`READ_SCOPE` set to their group;
    with no valid token the sign-in form is shown and the run stops."""
    import streamlit as st  # noqa: PLC0415

    if not login_required():
        READ_SCOPE.set(None)
        return None
    READ_SCOPE.set(())  # nothing, until a token is verified
    db = st_.resolve_db(None)
    who = st.session_state.get(_KEY)
    if who is not None:
        try:
            again = verify(db, who.token)
        except st_.StoreBusy:
            again = who  # checked on the next run
        if again is None or again.token_id != who.token_id:
            sign_out()
            st.session_state["shead.login.error"] = "Your token was revoked: sign in with another."
            who = None
    if who is None:
        def sign_in_page() -> None:
            st.title("shead — sign in")
            st.caption("This dashboard is open to the network: each group sees only its own hands. Sign in with "
                       "the token your group's organiser made (`shead token add GROUP --role scorer|viewer`).")
            with st.form("shead.login"):
                st.text_input("Token", type="password", key="shead.login.token", placeholder="shd_…")
                st.form_submit_button("Sign in", type="primary", on_click=_sign_in, args=(db,))
            err = st.session_state.get("shead.login.error")
            if err:
                st.error(err)

        # the only page before a token: no menu of the app's pages (nor Streamlit's own list of pages/)
        st.navigation([st.Page(sign_in_page, title="Sign in", url_path="sign_in", default=True)],
                      position="hidden").run()
        st.stop()
    READ_SCOPE.set(who.groups)
    from dashboard.text import md  # noqa: PLC0415

    st.sidebar.caption(f"Signed in: **{md(who.group)}**, {who.role}"
                       + ("" if who.may_write else " (read only)"))
    st.sidebar.button("Sign out", key="shead.logout", on_click=sign_out)
    return who


def page_allowed(url_path: str, who: Access | None) -> bool:
    """Whether the page with ``url_path`` is offered to ``who`` (None: no
    sign-in, every page)."""
    return who is None or who.may_write or url_path not in WRITE_PAGES


def require_write() -> Access | None:
    """The first call of a writing page: stops it with a message for a
    viewer (or anyone not signed in on a dashboard that asks for a token);
    returns the :class:`Access` (None on a dashboard without sign-in)."""
    import streamlit as st  # noqa: PLC0415

    from dashboard.filters import ensure_navigation  # noqa: PLC0415

    ensure_navigation()
    if not login_required():
        return None
    who = current()
    if who is None or not who.may_write:
        st.error("This page writes to the log: it needs a scorer token. A viewer token may only read.")
        st.stop()
    return who


class GroupStore(st_.Store):
    """A :class:`ingest.store.Store` that stores only group ``group``'s
    hands: a hand whose ``Event`` tag names another group (or none), or that
    joins a session stored for another group, is rejected with ``E-GROUP``
    (as ``shead serve`` does for a scorer token) and the rest is stored."""

    def __init__(self, path, group: str, **kw):
        super().__init__(path, **kw)
        self.group = group

    def foreign(self, result: FileResult) -> list[RejectedHand]:
        """The hands of ``result`` this group may not store, each with its
        ``E-GROUP``; a block refused for a session stored for another group
        (``E-SESSION-GROUP``, ``E-SESSION-ID``, which name that group: break30
        F1) among them, said so without that group's name."""
        apart = [r for r in result.rejected if original(r.session) is not None]
        sessions = sorted({h.outcome.session for h in result.hands} | {original(r.session) for r in apart})
        owners: dict = {}
        if sessions and (self.path.exists() or self._con is not None):
            with self.using() as con, con.cursor() as cur:
                owners = dict(cur.execute('SELECT session, "group" FROM sessions WHERE list_contains(?, session)',
                                          [sessions]).fetchall())
        out = []
        for r in apart:
            if foreign_to(self.group, owners, r.session):
                sid, d = original(r.session), r.errors[0]
                out.append(RejectedHand(r.session, r.hand, r.source, r.source_file, r.source_line, [Diagnostic(
                    "E-GROUP", f"session {sid!r} is stored for another group: give this session a [Session] tag of "
                    "its own", file=d.file, line=d.line, col=d.col, hand=r.hand,
                    found=f"session {sid!r}, stored for another group",
                    expected=f"a session of group {self.group!r}")], r.hash))
        for h in result.hands:
            o = h.outcome
            if o.group != self.group:
                msg = (f"this hand's group (its [Event] tag) is {o.group!r}, but you are signed in for group "
                       f"{self.group!r}: write [Event \"{self.group}\"]")
                found, expected = o.group, self.group
            elif owners.get(o.session, self.group) != self.group:
                msg = f"session {o.session!r} is stored for another group: give this session a [Session] tag of its own"
                # what differs (its group was the signed-in one: found and expected read alike, break30 F1)
                found, expected = f"session {o.session!r}, stored for another group", f"a session of group {self.group!r}"
            else:
                continue
            d = Diagnostic("E-GROUP", msg, file=h.source_file or result.path, line=h.source_line, col=1, hand=o.hand,
                           found=found, expected=expected)
            out.append(RejectedHand(o.session, o.hand, h.source, h.source_file or result.path, h.source_line, [d],
                                    h.hash))
        return out

    def ingest_file(self, result: FileResult, strict: bool = False, on_stage=None, source_format: str = "shn",
                    plan=None) -> st_.IngestReport:
        """:meth:`ingest.store.Store.ingest_file` of ``result`` less the hands
        :meth:`foreign` refuses (they are reported as rejected).  The plan
        still fits: a refused hand's session has no hand of the group."""
        bad = self.foreign(result)
        if bad:
            keys = {r.hash for r in bad}
            result = replace(result, hands=[h for h in result.hands if h.hash not in keys],
                             rejected=[r for r in result.rejected if r.hash not in keys] + bad)
        return super().ingest_file(result, strict, on_stage, source_format, plan)

    def amend(self, result: FileResult, *args, **kw):
        bad = self.foreign(result)
        if bad:
            raise st_.CorrectionError(bad[0].errors[0].message)
        return super().amend(result, *args, **kw)


    def void_hands(self, hand_ids: list[int], reason: str, on_stage=None):
        """:meth:`ingest.store.Store.void_hands` of hands of this group's
        sessions only: a hand of another group's session is refused
        (:class:`~ingest.store.CorrectionError`), nothing changed."""
        if hand_ids and (self.path.exists() or self._con is not None):
            with self.using() as con, con.cursor() as cur:
                other = cur.execute('SELECT DISTINCT s.session FROM hands h JOIN sessions s USING (session_id) '
                                    'WHERE list_contains(?, h.hand_id) AND s."group" IS DISTINCT FROM ?',
                                    [hand_ids, self.group]).fetchall()
            if other:
                raise st_.CorrectionError(f"session {other[0][0]!r} is stored for another group than {self.group!r}: "
                                          "nothing voided")
        return super().void_hands(hand_ids, reason, on_stage)


def writer_store() -> st_.Store:
    """The store a writing page writes through: a :class:`GroupStore` for a
    signed-in scorer, else the plain :class:`ingest.store.Store`."""
    db = st_.resolve_db(None)
    who = current() if login_required() else None
    if login_required() and (who is None or not who.may_write):
        raise st_.StoreError("not signed in with a scorer token: nothing stored")
    return GroupStore(db, who.group) if who is not None else st_.Store(db)
