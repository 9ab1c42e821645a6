-- 010 (issue 11): what a source says of a session's totals, and sittings
-- settled without hands.
--
-- session_checks: one row per session whose source states its own running
-- totals (a NetSchafkopf protocol's last table).  complete is FALSE when
-- games of the source were refused, or the stored games do not sum to the
-- source's totals; log_totals (JSON: player -> units) is the source's own
-- table, note says why it is incomplete.  The ledger shows it beside the
-- session's totals.
CREATE TABLE IF NOT EXISTS session_checks (
    session_id  INTEGER NOT NULL PRIMARY KEY,
    complete    BOOLEAN NOT NULL,
    refused     INTEGER NOT NULL,
    log_totals  VARCHAR,
    note        VARCHAR,
    checked_at  TIMESTAMP NOT NULL
);

-- settlements: a sitting's net per player from a ledger of sitting totals
-- (a spreadsheet row: a date, one column per player), stored without hands
-- (sessions.format = 'csv-ledger').  Each sitting sums to zero.  The ledger
-- and leaderboard count them; no statistic that needs hands does.
CREATE TABLE IF NOT EXISTS settlements (
    session_id  INTEGER NOT NULL,
    player      VARCHAR NOT NULL,
    units       BIGINT NOT NULL,
    game        VARCHAR NOT NULL,            -- sheepshead | schafkopf: the unit the amounts are in
    source_row  INTEGER,                     -- the row of the source file (1 = the header)
    PRIMARY KEY (session_id, player)
);
