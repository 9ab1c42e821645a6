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
stored hand) stays listed: the stored hand is not that text.
"""

from __future__ import annotations

__all__ = ["STILL_REJECTED", "still_rejected"]

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


def still_rejected(con, columns: str = "*", order: str = "file NULLS LAST, line, rejected_id"):
    """The refusals still in force as a polars DataFrame: ``columns`` (SQL,
    of ``rejected``'s columns) of :data:`STILL_REJECTED`, ordered by
    ``order``.  ``con``: a DuckDB connection to a shead database."""
    return con.sql(f"SELECT {columns} FROM ({STILL_REJECTED}) ORDER BY {order}").pl()

