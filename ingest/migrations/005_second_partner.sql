-- 005: a second partner (rules.md F-1: six-handed J♦ and called ace, 3 against 3;
-- eight-handed Q♣ + J♦ + 7♦, 3 against 5).  NULL in every other game; derived
-- at ingest and by `shead rederive`, so an existing database needs no backfill.
ALTER TABLE hands ADD COLUMN partner2 VARCHAR;
