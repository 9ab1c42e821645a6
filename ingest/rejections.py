"""The hands still refused now, read from the ``rejected`` table
(docs/storage.md "`rejected`").

``rejected`` keeps every refusal as it happened (one row per distinct
refused text, never deleted: the history of what was refused).  What a user
asks is what is *still* refused, so the Rejected hands page, the Overview's
count and anything else listing refusals read them through
:data:`STILL_REJECTED`, at read time:

* a refused hand whose session and number have been **stored since** (a text
  of that hand stored, amended or voided by a later ingest than the refusal:
  the hand was fixed and ingested again) is no longer refused;
* a hand refused **several times** (several failed texts of the same session
  and number) counts once, with its latest refusal (the highest ``ingest_id``,
  then ``rejected_id``);
* a refusal without a session or a hand number (an unreadable ``hand`` line)
  cannot be matched to a later hand and is listed as it is.

A refusal *after* the hand was stored (``E-HAND-CONFLICT``: another text of a
stored hand; or a copy of the night sent again with a typo) stays listed: the
stored hand is not that text.  But the hand is stored: such a refusal is a
refused *copy* (``stored`` in :func:`still_rejected`), which the Rejected
hands page lists apart and the Overview's count of hands refused
(:data:`MISSING_REJECTED`) leaves out (new22 F5: the Overview said a hand
was refused that the Sheet showed stored).
"""

from __future__ import annotations

__all__ = ["MISSING_REJECTED", "STILL_REJECTED", "still_rejected"]

#: The ``rejected`` rows still in force (module docstring), every column of
#: ``rejected``; a query usable as a subquery.
STILL_REJECTED = """
WITH r AS (SELECT r.*, x.session_id AS _sid FROM rejected r LEFT JOIN sessions x ON x.session = r.session),
later AS (
    SELECT h.session_id AS sid, h.hand, max(s.ingest_id) AS ingest_id
    FROM hands h JOIN hand_source s USING (hand_id)
    WHERE h.session_id IN (SELECT _sid FROM r WHERE _sid IS NOT NULL) GROUP BY ALL
    UNION ALL
    SELECT session_id, hand, max(ingest_id) FROM hand_revisions
    WHERE session_id IN (SELECT _sid FROM r WHERE _sid IS NOT NULL) GROUP BY ALL)
SELECT r.* EXCLUDE (_sid) FROM r
WHERE NOT EXISTS (SELECT 1 FROM later l WHERE l.sid = r._sid AND l.hand = r.hand AND l.ingest_id > r.ingest_id)
QUALIFY r.session IS NULL OR r.hand IS NULL
     OR row_number() OVER (PARTITION BY r.session, r.hand ORDER BY r.ingest_id DESC, r.rejected_id DESC) = 1
"""


#: whether a refusal's hand (its session and number) is stored in force now, of a row ``q`` of STILL_REJECTED
_STORED_NOW = ("EXISTS (SELECT 1 FROM hands h JOIN sessions x USING (session_id) "
               "WHERE x.session = q.session AND h.hand = q.hand)")
#: the refusals still in force whose hand is not stored (:data:`STILL_REJECTED` less the refused copies of stored
#: hands): the hands missing from the log, what the Overview counts
MISSING_REJECTED = f"SELECT q.* FROM ({STILL_REJECTED}) q WHERE NOT {_STORED_NOW}"


def still_rejected(con, columns: str = "*", order: str = "file NULLS LAST, line, rejected_id", stored: bool = False):
    """The refusals still in force as a polars DataFrame: ``columns`` (SQL,
    of ``rejected``'s columns) of :data:`STILL_REJECTED`, ordered by
    ``order``; with ``stored``, a last column ``stored``: whether the hand
    (its session and number) is stored in force now, the refused text a copy
    of it.  ``con``: a DuckDB connection to a shead database."""
    more = f", {_STORED_NOW} AS stored" if stored else ""
    return con.sql(f"SELECT {columns}{more} FROM ({STILL_REJECTED}) q ORDER BY {order}").pl()

