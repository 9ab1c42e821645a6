-- 023 (issue 17): the deals dealt at two or more tables, kept per deal and group, so that the
-- Compare page and `shead compare` list them without grouping every hand_deals row (a GROUP BY over
-- every stored full deal and a join of every hand: growing with the database).
--
-- deal_tables: one row per (deal_id, group) of every deal dealt at two or more stored hands (in
-- all groups together), with, over that deal's hands of that group:
--   tables      the hands (hand_deals rows)
--   sessions    their distinct sessions
--   first_date, last_date   the earliest and latest hand date (NULL when none is written)
--   first_hand  the lowest hand_id
-- deal_parts: the same per (deal_id, group, session_id) of those deals (sessions 1): what
-- ingest.deal_tables.refresh compares with a changed session's hands, so that it rewrites only
-- the deals whose hands changed, and what it sums a changed deal's totals from.
-- A deal's figures over several groups are the sums (tables, sessions) and min/max (dates,
-- first_hand) of its rows: a session belongs to one group.  Kept in step by the store in the same
-- transaction as the hand rows (ingest.deal_tables.refresh, called from ingest.summary.refresh:
-- ingest, amend, void, rederive); this migration backfills the deals already stored
-- (ingest.deal_tables.rebuild, a Python step in ingest/store.py, as 022).
CREATE TABLE IF NOT EXISTS deal_tables (
    deal_id     VARCHAR NOT NULL,
    "group"     VARCHAR,
    tables      INTEGER NOT NULL,
    sessions    INTEGER NOT NULL,
    first_date  DATE,
    last_date   DATE,
    first_hand  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS deal_parts (
    deal_id     VARCHAR NOT NULL,
    "group"     VARCHAR,
    session_id  INTEGER NOT NULL,
    tables      INTEGER NOT NULL,
    first_date  DATE,
    last_date   DATE,
    first_hand  INTEGER NOT NULL
);
