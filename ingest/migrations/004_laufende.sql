-- 004: the Laufende (runners, rules.md G-13) of each Schafkopf game with a
-- declarer, counted by the engine on the dealt cards.  NULL for a Ramsch and
-- for every Sheepshead hand.
--   hands.laufende       : the Laufende counted in the price (the length of
--                          the unbroken run of highest trumps held by one
--                          party; 0 when the run is below the profile's
--                          minimum, laufendeMin)
--   hands.laufende_with  : true when the declaring party holds the run
--                          ("mit"), false when the opponents hold it ("ohne")
-- The game and its trump suit, which decide the run, are in the stored source
-- only, so the store backfills the rows of an existing database in Python
-- right after this file (ingest.store._backfill_laufende, same transaction).
ALTER TABLE hands ADD COLUMN laufende TINYINT;
ALTER TABLE hands ADD COLUMN laufende_with BOOLEAN;
