-- 020 (issue 17): per-session summary of the hands themselves (one row per hand kind), so that
-- the dashboard's hand-level metrics (picking_summary, schneider_summary, outcome_tiers,
-- calls_by_type, calls_by_suit, partner_reveal, overview, data_quality, games_present), the
-- stored kinds and the sidebar's choices read a few rows per session instead of scanning
-- every row of `hands` (a million at a million hands).
--
-- session_hands: one row per (session_id, date, group, table, rules, game, status, outcome,
-- alone, dealer_known, call_type, called_suit, partner_known, revealed, conflict) over the
-- stored hands; every hand is in exactly one row.  The columns the sidebar filters read
-- (date, group, table, rules, game) are part of the key, so every filter but a player choice
-- selects whole rows (docs/storage.md "session_hands").  Kept in step by the store in the
-- same transaction as the hand rows (ingest.summary.refresh, beside session_players); this
-- migration backfills the hands already stored (ingest.summary.rebuild_hands, a Python step
-- in ingest/store.py).
CREATE TABLE IF NOT EXISTS session_hands (
    session_id      INTEGER NOT NULL,
    date            DATE,
    "group"         VARCHAR,
    "table"         VARCHAR,
    rules           VARCHAR NOT NULL,
    game            VARCHAR NOT NULL,
    status          VARCHAR NOT NULL,   -- hands.status: full | score-sheet
    outcome         VARCHAR NOT NULL,   -- hands.outcome
    alone           BOOLEAN NOT NULL,   -- hands.alone
    dealer_known    BOOLEAN NOT NULL,   -- hands.dealer IS NOT NULL
    call_type       VARCHAR,            -- hands.call_type
    called_suit     VARCHAR,            -- hands.called_suit
    partner_known   BOOLEAN NOT NULL,   -- hands.partner IS NOT NULL
    revealed        TINYINT,            -- hands.partner_revealed_trick
    conflict        BOOLEAN NOT NULL,   -- a field's provenance is "conflict" (metrics.data_quality)
    hands           INTEGER NOT NULL,   -- hands of the row
    picker_points   BIGINT,             -- sum of hands.picker_points (NULL: none known)
    picker_points_n INTEGER NOT NULL,   -- hands with picker_points known
    picker_units    BIGINT,             -- sum of hands.picker_units (NULL: none known)
    picker_units_n  INTEGER NOT NULL    -- hands with picker_units known
);
