-- 024 (session 22): sittings of a CSV ledger voided (`shead void NAME --session`, a sitting stored
-- without hands: sessions.format = 'csv-ledger'), their nets kept out of the ledger.  A sitting
-- written down wrong (a net mistyped, a night entered twice) is voided and its corrected row
-- ingested again; the same row sent again with the voided nets (the old ledger file) is not stored
-- again (W-SITTING-VOIDED), as a voided hand's text is refused.  One row per player of each voided
-- sitting; the sitting's sessions and settlements rows are removed in the same transaction.
CREATE TABLE IF NOT EXISTS voided_settlements (
    session_id  INTEGER NOT NULL,      -- the sitting's session id while it was stored
    session     VARCHAR NOT NULL,      -- its name
    date        DATE,
    "group"     VARCHAR,
    player      VARCHAR NOT NULL,
    units       BIGINT NOT NULL,       -- the player's net, as the settlement had it
    game        VARCHAR NOT NULL,      -- sheepshead | schafkopf
    source_row  INTEGER,               -- the row of the ledger file it came from
    file        VARCHAR,               -- that file (sessions.first_file)
    voided_at   TIMESTAMP NOT NULL,    -- UTC
    reason      VARCHAR NOT NULL
);
