-- 007: corrections with an audit trail (`shead ingest --amend`, `shead void`,
-- `shead history`).  The current revision of every hand stays in hands,
-- hand_units, card_log and hand_source, so every ledger and statistic reads
-- only hands in force; a voided hand's rows leave those tables.  Nothing is
-- rewritten without a trace: the first correction of a hand copies its
-- stored revision here (revision 1, 'ingest'), and every amendment or void
-- adds a row.  No backfill: a database made before has no corrections.
CREATE TABLE hand_revisions (
    hand_id     INTEGER NOT NULL,   -- the hand, the same across its revisions
    revision    INTEGER NOT NULL,   -- 1 (first stored), 2, 3 ... in the order they took effect
    action      VARCHAR NOT NULL,   -- 'ingest' | 'amend' | 'void'
    recorded_at TIMESTAMP NOT NULL, -- UTC, when the revision took effect
    reason      VARCHAR,            -- why it was amended or voided; NULL for 'ingest'
    session_id  INTEGER NOT NULL,
    session     VARCHAR NOT NULL,
    hand        INTEGER NOT NULL,   -- the hand number in its session
    ingest_id   INTEGER,            -- the ingests row that recorded it
    file        VARCHAR,            -- where its text came from
    line        INTEGER,
    hash        BLOB,               -- content_hash of its text; NULL for a void
    source      VARCHAR,            -- its text; NULL for a void
    outcome     VARCHAR             -- JSON, what it counted for while in force (stake, outcome, units);
                                    -- filled when it is superseded, NULL for the revision in force
);

-- A session's running state after its stored hands in hand order (the
-- session carry, docs/storage.md: doublers queued, the pot's balance, the last
-- hand and dealer), so that a file continuing the session is validated from
-- it instead of replaying every stored hand.  Written by the store whenever it
-- derives the session; a session without a row (or whose row no longer
-- matches) is replayed as before and gets its row then.
CREATE TABLE session_state (
    session_id  INTEGER NOT NULL,   -- sessions.session_id; one row per session
    last_hand   INTEGER,            -- the last hand counted in the carry (NULL: none)
    top_hand    INTEGER,            -- the highest stored hand number (NULL: none)
    queued      INTEGER NOT NULL,   -- doublerStacking=queued: hands still to play at x2 (rules.md D-11, D-12)
    run         INTEGER NOT NULL,   -- doublerStacking=multiplicative: doublers in a row
    pot         INTEGER NOT NULL,   -- pot=on: the pot's balance after the last hand (D-19)
    last_dealer INTEGER,            -- seat number of the last hand's dealer
    known       BOOLEAN NOT NULL,   -- every hand from 1 to last_hand is stored (no gap)
    hands       INTEGER NOT NULL,   -- hands stored in the session when it was written
    updated_at  TIMESTAMP NOT NULL
);
