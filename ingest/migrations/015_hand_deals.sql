-- 015 (issue 18): the same deal at several tables.
--
-- hand_deals: one row per stored hand whose card log is a full deal (every
-- seat's dealt cards and the blind known, the dealer named).  deal_id is
-- replay.deal_identity.deal_id_of_log: "D" + 16 hex digits, the same for two
-- hands exactly when each position relative to the dealer (the dealer's
-- left first, the dealer last) was dealt the same cards and the blind holds
-- the same cards, whatever the seats are called.  Computed at ingest (and
-- on amend); the card log is never rewritten, so `shead rederive` leaves it;
-- a voided hand's row goes with its card log.  This migration backfills the
-- hands already stored (a Python step in ingest/store.py).
CREATE TABLE IF NOT EXISTS hand_deals (
    hand_id  INTEGER NOT NULL,
    deal_id  VARCHAR NOT NULL
);
