"""Access tokens of the HTTP service (``shead token``, docs/service.md).

A token is ``shd_`` and 32 random URL-safe characters (192 bits from
:mod:`secrets`).  The store keeps only its SHA-256 digest
(``service_tokens.token_hash``, migration 008) and its first
:data:`PREFIX_LEN` characters, which name it in listings; the token itself is
shown once, when it is made.  A plain (unsalted, fast) digest is enough here:
the token is random and long, so there is nothing to guess from a digest.

Each token belongs to one **group** — the ``Event`` tag of the hands it may
see and post (docs/service.md "Groups") — and has a **role**: ``scorer``
(read and post) or ``viewer`` (read only).  Every function takes an open
connection (:func:`ingest.store.connect`, read-write for the ones that
write).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone

import duckdb

__all__ = ["ROLES", "TOKEN_PREFIX", "PREFIX_LEN", "TokenRow", "TokenError", "new_token", "token_digest",
           "add_token", "list_tokens", "revoke_token", "lookup", "active_count"]

#: The roles a token may have: a scorer posts and reads, a viewer reads.
ROLES = ("scorer", "viewer")
#: How every token starts (so a leaked one is easy to recognise and search for).
TOKEN_PREFIX = "shd_"
#: Characters of a token kept in the clear to name it (``shd_`` and 6 more).
PREFIX_LEN = 10


class TokenError(ValueError):
    """A token command was given a bad group, role or token name."""


@dataclass(frozen=True)
class TokenRow:
    """One stored token: id, group, role, its first characters, when it was
    made and revoked (UTC; ``revoked_at`` None while it is valid)."""

    token_id: int
    group: str
    role: str
    prefix: str
    created_at: datetime
    revoked_at: datetime | None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def new_token() -> str:
    """A fresh random token (``shd_`` + 32 URL-safe characters)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(24)


def token_digest(token: str) -> bytes:
    """The stored form of a token: SHA-256 of its UTF-8 text (32 bytes)."""
    return hashlib.sha256(token.encode("utf-8")).digest()


_COLS = 'token_id, "group", role, prefix, created_at, revoked_at'


def _row(r: tuple) -> TokenRow:
    return TokenRow(*r)


def add_token(con: duckdb.DuckDBPyConnection, group: str, role: str) -> tuple[TokenRow, str]:
    """Make a token for ``group`` with ``role``: ``(row, token)``; the token
    text is returned only here.  Raises :class:`TokenError` for an empty
    group or a role not in :data:`ROLES`."""
    group = group.strip()
    if not group:
        raise TokenError("the group is empty: give the group's name, as its hands' [Event] tag writes it")
    if role not in ROLES:
        raise TokenError(f"role {role!r}: expected one of {', '.join(ROLES)}")
    token = new_token()
    con.execute("BEGIN TRANSACTION")
    try:
        token_id = con.execute("SELECT coalesce(max(token_id), 0) + 1 FROM service_tokens").fetchall()[0][0]
        con.execute(f"INSERT INTO service_tokens ({_COLS}, token_hash) VALUES (?, ?, ?, ?, ?, NULL, ?)",
                    [token_id, group, role, token[:PREFIX_LEN], _now(), token_digest(token)])
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    row = con.execute(f"SELECT {_COLS} FROM service_tokens WHERE token_id = ?", [token_id]).fetchall()[0]
    return _row(row), token


def list_tokens(con: duckdb.DuckDBPyConnection, *, include_revoked: bool = True) -> list[TokenRow]:
    """Every stored token (never its text), by group then id."""
    where = "TRUE" if include_revoked else "revoked_at IS NULL"
    return [_row(r) for r in con.execute(f'SELECT {_COLS} FROM service_tokens WHERE {where} '
                                         'ORDER BY "group", token_id').fetchall()]


def revoke_token(con: duckdb.DuckDBPyConnection, key: str) -> TokenRow:
    """Revoke the token named by ``key``: its id (``3``), its prefix as
    ``shead token list`` shows it (``shd_a1B2c3``) or the whole token.
    Returns the row (already revoked: unchanged).  Raises
    :class:`TokenError` when no token, or more than one, matches."""
    key = key.strip()
    if key.isdigit():
        rows = con.execute(f"SELECT {_COLS} FROM service_tokens WHERE token_id = ?", [int(key)]).fetchall()
    elif key.startswith(TOKEN_PREFIX) and len(key) > PREFIX_LEN:
        rows = con.execute(f"SELECT {_COLS} FROM service_tokens WHERE token_hash = ?",
                           [token_digest(key)]).fetchall()
    else:
        rows = con.execute(f"SELECT {_COLS} FROM service_tokens WHERE prefix = ?", [key]).fetchall()
    if not rows:
        raise TokenError(f"no token {key!r} (expected a token id, a prefix as `shead token list` shows it, "
                         "or the token)")
    if len(rows) > 1:
        raise TokenError(f"{len(rows)} tokens start with {key!r}: revoke by id ({', '.join(str(r[0]) for r in rows)})")
    row = _row(rows[0])
    if row.active:
        con.execute("UPDATE service_tokens SET revoked_at = ? WHERE token_id = ?", [_now(), row.token_id])
        row = _row(con.execute(f"SELECT {_COLS} FROM service_tokens WHERE token_id = ?",
                               [row.token_id]).fetchall()[0])
    return row


def lookup(con: duckdb.DuckDBPyConnection, token: str) -> TokenRow | None:
    """The valid (not revoked) token whose text is ``token``, else None."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    rows = con.execute(f"SELECT {_COLS} FROM service_tokens WHERE token_hash = ? AND revoked_at IS NULL",
                       [token_digest(token)]).fetchall()
    return _row(rows[0]) if rows else None


def active_count(con: duckdb.DuckDBPyConnection) -> int:
    """How many tokens are valid (the service refuses to listen beyond
    loopback while this is 0)."""
    return con.execute("SELECT count(*) FROM service_tokens WHERE revoked_at IS NULL").fetchall()[0][0]
