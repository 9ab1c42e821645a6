-- 016 (issue 17): per-(session, player) summary of the outcome layer, so that the
-- dashboard's ledger, picking and schneider metrics read a few thousand rows instead
-- of grouping five million hand_units rows at a million hands.
--
-- session_players: one row per (session_id, session, date, group, table, rules, game, player,
-- seats, position) over the seats of the stored hands: the hand-level columns the
-- dashboard's filters read are part of the key, so every filter but "picked by"
-- selects whole rows (docs/storage.md "session_players").  Kept in step by the store
-- in the same transaction as the hand rows (ingest, amend, void, rederive:
-- ingest.summary.refresh); this migration backfills the hands already stored
-- (ingest.summary.rebuild, a Python step in ingest/store.py).
--
-- Every count is of seats (a hand counts once per seat the player held).  A seat is
-- one entry of the hand's roster (hands.players); "picked hand" is outcome win,
-- win-s, win-z, lose, lose-s, lose-z; sk = the hand has sides (alone or a partner).
CREATE TABLE IF NOT EXISTS session_players (
    session_id     INTEGER NOT NULL,
    session        VARCHAR NOT NULL,   -- hands.session
    date           DATE,
    "group"        VARCHAR,
    "table"        VARCHAR,
    rules          VARCHAR NOT NULL,
    game           VARCHAR NOT NULL,
    player         VARCHAR NOT NULL,
    seats          TINYINT NOT NULL,   -- seats at the table (the roster's size)
    position       TINYINT,            -- pick-order position 1..seats of the seat; NULL: dealer unknown
    hands          INTEGER NOT NULL,   -- hand_units rows of the player (misdeals, doublers included)
    units          BIGINT,             -- sum of those rows' units (NULL: none)
    unplayed       INTEGER NOT NULL,   -- seats at misdeals and doublers, and a sit-out dealer's played hands
    dealt          INTEGER NOT NULL,   -- seats at hands not misdealt
    offered        INTEGER NOT NULL,   -- of those, the blind reached the seat (metrics: pick_rate_by_*)
    offered_picks  INTEGER NOT NULL,   -- offered, and the seat picked
    unknown_dealer INTEGER NOT NULL,   -- offered unknown (a picked hand, dealer not known)
    picks          INTEGER NOT NULL,   -- picked hands the seat picked
    wins           INTEGER NOT NULL,   -- of those, picker-side wins
    alone          INTEGER NOT NULL,   -- of those, played alone
    alone_wins     INTEGER NOT NULL,
    picker_units   BIGINT,             -- sum of hands.picker_units over the picks (NULL: none known)
    picker_units_n INTEGER NOT NULL,   -- picks with picker_units known
    pk_ws INTEGER NOT NULL, pk_ls INTEGER NOT NULL, pk_wz INTEGER NOT NULL, pk_lz INTEGER NOT NULL,
    pt_n  INTEGER NOT NULL,            -- picked hands as partner (partner or second partner)
    pt_ws INTEGER NOT NULL, pt_ls INTEGER NOT NULL, pt_wz INTEGER NOT NULL, pt_lz INTEGER NOT NULL,
    df_n  INTEGER NOT NULL,            -- picked hands with sides as defender
    df_ws INTEGER NOT NULL, df_ls INTEGER NOT NULL, df_wz INTEGER NOT NULL, df_lz INTEGER NOT NULL,
    unk_n INTEGER NOT NULL,            -- picked hands without sides, not as picker (role unknown)
    -- the Player page's roles (dashboard.player_metrics.role_record), over the seats with a hand_units row
    -- of the picked hands: rp_ picker, rt_ partner (either), rd_ defender (sides known; the sit-out dealer
    -- has no role); n seats, wins of the seat's side, units, schneider for / against (sf, sa), no-tricker
    -- for / against (zf, za)
    rp_n INTEGER NOT NULL, rp_wins INTEGER NOT NULL, rp_units BIGINT, rp_sf INTEGER NOT NULL,
    rp_sa INTEGER NOT NULL, rp_zf INTEGER NOT NULL, rp_za INTEGER NOT NULL,
    rt_n INTEGER NOT NULL, rt_wins INTEGER NOT NULL, rt_units BIGINT, rt_sf INTEGER NOT NULL,
    rt_sa INTEGER NOT NULL, rt_zf INTEGER NOT NULL, rt_za INTEGER NOT NULL,
    rd_n INTEGER NOT NULL, rd_wins INTEGER NOT NULL, rd_units BIGINT, rd_sf INTEGER NOT NULL,
    rd_sa INTEGER NOT NULL, rd_zf INTEGER NOT NULL, rd_za INTEGER NOT NULL,
    rp_alone INTEGER NOT NULL,         -- picks played alone
    rp_alone_wins INTEGER NOT NULL
);
