-- 019: a Schafkopf game's announced game and trump suit (issue 18: the exports
-- keep the game).  NULL for every Sheepshead and Indiana hand.
--   hands.sk_game    : the announced game, also under a Tout (game_type is then
--                      'tout'): sauspiel, solo, wenz, geier, farbwenz, farbgeier,
--                      ramsch — so a Wenz Tout, a Solo Tout and a Geier Tout are
--                      told apart (rules.md G-5, G-14)
--   hands.trump_suit : the trump suit in SHN spelling, C (Eichel), S (Gras),
--                      H (Herz), D (Schellen): H in a Sauspiel and a Ramsch
--                      (G-6, G-17), the chosen suit of a Farbsolo / Farbwenz /
--                      Farbgeier (G-7, G-8), NULL in a Wenz or Geier
-- The game and its suit are in the stored source only, so the store backfills
-- the Schafkopf rows of an existing database in Python right after this file
-- (ingest.store._backfill_sk_game, same transaction), as 004 does.
ALTER TABLE hands ADD COLUMN IF NOT EXISTS sk_game VARCHAR;
ALTER TABLE hands ADD COLUMN IF NOT EXISTS trump_suit VARCHAR;
