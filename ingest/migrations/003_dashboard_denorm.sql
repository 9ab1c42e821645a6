-- 003: copies of outcome facts the dashboard's per-player metrics would
-- otherwise join hands (1 row a hand) to hand_units (5 rows a hand) for.
-- Both are derived at ingest and by `shead rederive`; this backfills the
-- rows of an existing database.
--   hands.picker_units      : the picker's units (hand_units of the picker's
--                             seat); NULL without a picker
--   hand_units.session_id   : the hand's session_id (hands.session_id)
ALTER TABLE hands ADD COLUMN picker_units SMALLINT;
ALTER TABLE hand_units ADD COLUMN session_id INTEGER;
UPDATE hands SET picker_units = u.units
FROM hand_units u WHERE u.hand_id = hands.hand_id AND u.seat = hands.picker;
UPDATE hand_units SET session_id = h.session_id
FROM hands h WHERE h.hand_id = hand_units.hand_id;
