-- 022 (issue 17): per-session counts of the fair-deal tests, so that the Fair deals page and
-- `shead deals` sum a few rows per session instead of reading every stored full deal into
-- Python (61 CPU-s at a million hands).
--
-- session_deals: one row per (session_id, session, group, kind, place, cell) with `hands`, the
-- five-handed full deals (five hands of six, a blind of two) of that session and group where
--   kind trumps/queens/jacks, place 1-5: position `place`'s hand (1 the dealer's left ... 5 the
--     dealer) held `cell` cards of the kind (trumps: the 14 of rules.md A-2);
--   kind trumps/queens/jacks/aces, place 0: the blind held `cell` of them;
--   kind picker, place 0: the picker sat in chair `cell` (0-based, Seats order);
--   kind full, place 0, cell 0: every stored full deal (hand_deals row), five-handed or not.
-- Every column but `hands` is key, so any set of rows adds up to the tests' histograms over
-- exactly the deals of those rows (ingest.fair_deals.deal_tests_from_counts).  Kept in step by the
-- store in the same transaction as the hand rows (ingest.deal_summary.refresh, called from
-- ingest.summary.refresh beside session_hands: ingest, amend, void, rederive); this
-- migration backfills the deals already stored (ingest.deal_summary.rebuild, a Python step in
-- ingest/store.py, as 016 and 020).
CREATE TABLE IF NOT EXISTS session_deals (
    session_id  INTEGER NOT NULL,
    session     VARCHAR NOT NULL,
    "group"     VARCHAR,
    kind        VARCHAR NOT NULL,   -- trumps | queens | jacks | aces | picker | full
    place       TINYINT NOT NULL,   -- 1-5 the hand's position from the dealer's left; 0 the blind (picker, full: 0)
    cell        TINYINT NOT NULL,   -- cards of the kind held (picker: the chair, 0-based; full: 0)
    hands       INTEGER NOT NULL    -- deals of the row
);
