-- 009: double-dummy analysis (issue 16, `shead analyze`): for each analysed hand,
-- best play with every hand known from the first card beside the actual result,
-- and every card played with its best card(s) and what it cost.  Keyed by the
-- hand's content hash (hand_text.hash), so a re-ingested hand keeps its analysis
-- and a changed hand gets a new one; `solver` names the solver that computed it.
-- Computed on demand, so an existing database needs no backfill.
CREATE TABLE IF NOT EXISTS dd_hands (
    hash BLOB PRIMARY KEY,
    solver VARCHAR NOT NULL,
    computed_at TIMESTAMP NOT NULL,
    game VARCHAR NOT NULL,               -- sheepshead | schafkopf
    picker VARCHAR,                      -- seat alias of the picker (declarer)
    dd_picker_points SMALLINT NOT NULL,  -- card points, best play from the first card
    actual_picker_points SMALLINT,       -- card points as played (NULL: a claimed hand)
    dd_outcome VARCHAR,
    actual_outcome VARCHAR,
    dd_units INTEGER,                    -- the picker's units on the best-play line
    actual_units INTEGER,
    nodes BIGINT NOT NULL,
    seconds DOUBLE NOT NULL
);
CREATE TABLE IF NOT EXISTS dd_cards (
    hash BLOB NOT NULL,
    step SMALLINT NOT NULL,              -- 1-based card number in play order
    trick SMALLINT NOT NULL,
    seat VARCHAR NOT NULL,               -- seat alias
    player VARCHAR,                      -- the player's name
    card VARCHAR NOT NULL,               -- SHN spelling (QC, TD)
    best VARCHAR NOT NULL,               -- the best cards, space-separated
    cost SMALLINT NOT NULL,              -- card points given away (>= 0)
    units_cost INTEGER NOT NULL,         -- units the seat lost where the tier changed, else 0
    alternatives VARCHAR NOT NULL,       -- JSON: every legal card -> the picker side's DD card points
    PRIMARY KEY (hash, step)
);
