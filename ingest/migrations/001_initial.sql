-- 001: the initial schema.  docs/storage.md describes every table and column.
-- Card-log layer (never rewritten): sessions, hand_source, card_log.
-- Outcome layer (recomputed by `shead rederive`): hands, hand_units.
-- Cards are small integers: index = suit * 8 + rank, suits C S H D, ranks
-- A T K Q J 9 8 7 (AC = 0, 7D = 31); 32 is an unknown card (`??`).

CREATE TABLE sessions (
    session_id  INTEGER NOT NULL,
    session     VARCHAR NOT NULL,          -- the session id (Session tag, else Event / Date / Table)
    "group"     VARCHAR,                   -- the Event tag
    date        DATE,
    "table"     VARCHAR,
    site        VARCHAR,
    rules       VARCHAR,                   -- the [Rules] text as written
    game        VARCHAR,
    players     VARCHAR,                   -- JSON object: seat alias -> player name, clockwise
    header      VARCHAR NOT NULL,          -- the session's SHN tag lines
    first_file  VARCHAR,
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE ingests (
    ingest_id   INTEGER NOT NULL,
    file        VARCHAR,
    started_at  TIMESTAMP NOT NULL,
    stored      INTEGER NOT NULL,
    duplicates  INTEGER NOT NULL,
    rejected    INTEGER NOT NULL,
    strict      BOOLEAN NOT NULL
);

CREATE TABLE hand_source (
    hand_id      INTEGER NOT NULL,
    hash         BLOB NOT NULL,             -- 16 bytes, content_hash(); unique (enforced by the store)
    ingest_id    INTEGER NOT NULL,
    file         VARCHAR,
    line         INTEGER NOT NULL,          -- first line of the hand in its file, 1-based
    packed       BOOLEAN NOT NULL,          -- template holds card slots (chr 31)
    template     VARCHAR NOT NULL USING COMPRESSION zstd,  -- the source, each card token a slot
    source_cards UTINYINT[]                 -- the slots' cards when they are not the card log's
);

CREATE TABLE card_log (
    hand_id       INTEGER NOT NULL,
    deal_seats    UTINYINT[] NOT NULL,      -- seat_no of each deal line, as written
    deal_sizes    UTINYINT[] NOT NULL,      -- cards on each deal line
    deal          UTINYINT[] NOT NULL,      -- the dealt cards, line after line
    blind         UTINYINT[] NOT NULL,
    bury          UTINYINT[] NOT NULL,
    called        UTINYINT[] NOT NULL,      -- the call's cards: [AS], [AS, 7C] for "AS under 7C", []
    plays         UTINYINT[] NOT NULL,      -- every played card, trick after trick, in play order
    trick_numbers UTINYINT[] NOT NULL,      -- per trick: its number
    trick_sizes   UTINYINT[] NOT NULL,      -- per trick: cards played
    trick_leaders UTINYINT[] NOT NULL,      -- per trick: seat_no of the leader
    trick_winners UTINYINT[] NOT NULL,      -- per trick: seat_no of the winner (255 unknown)
    reneges       UTINYINT[],               -- positions in plays (0-based) marked ^R; NULL: none
    play_seats    UTINYINT[]                -- seat_no of each play; NULL: clockwise from the leader
);

CREATE TABLE hands (
    hand_id                 INTEGER NOT NULL,
    session_id              INTEGER NOT NULL,
    session                 VARCHAR NOT NULL,
    "group"                 VARCHAR,
    hand                    INTEGER NOT NULL,
    date                    DATE,
    rules                   VARCHAR NOT NULL,
    rules_flags             VARCHAR NOT NULL,   -- JSON object
    game                    VARCHAR NOT NULL,
    game_type               VARCHAR,
    players                 VARCHAR NOT NULL,   -- JSON object: seat alias -> player name, clockwise
    dealer                  VARCHAR,
    picker                  VARCHAR,
    partner                 VARCHAR,
    call                    VARCHAR,
    alone                   BOOLEAN NOT NULL,
    leaster_winner          VARCHAR,
    multiplier              INTEGER NOT NULL,
    picker_points           SMALLINT,
    picker_tricks           TINYINT,
    outcome                 VARCHAR NOT NULL,
    provenance              VARCHAR NOT NULL,   -- JSON object: field -> asserted|derived|verified|conflict
    status                  VARCHAR NOT NULL,   -- full | score-sheet
    "table"                 VARCHAR,
    site                    VARCHAR,
    stake                   INTEGER NOT NULL,
    marks                   TINYINT NOT NULL,
    tier                    TINYINT,
    partner_revealed_trick  TINYINT,
    called_suit             VARCHAR,
    call_type               VARCHAR,
    breakdown               VARCHAR,
    warnings                VARCHAR NOT NULL,   -- JSON array of strings
    derived_with            VARCHAR NOT NULL    -- the shead version that derived the row
);

CREATE TABLE hand_units (
    hand_id     INTEGER NOT NULL,
    seat_no     TINYINT NOT NULL,               -- clockwise position in the Seats tag, 0-based
    seat        VARCHAR NOT NULL,
    player      VARCHAR,
    units       SMALLINT NOT NULL
);

CREATE TABLE rejected (
    rejected_id INTEGER NOT NULL,
    hash        BLOB NOT NULL,                  -- content hash of the rejected text; unique (enforced by the store)
    ingest_id   INTEGER NOT NULL,
    file        VARCHAR,
    line        INTEGER NOT NULL,
    col         INTEGER NOT NULL,
    session     VARCHAR,
    hand        INTEGER,
    code        VARCHAR NOT NULL,
    message     VARCHAR NOT NULL,
    source      VARCHAR NOT NULL,
    errors      VARCHAR NOT NULL,               -- JSON array of every diagnostic of the hand
    rejected_at TIMESTAMP NOT NULL
);

-- Card index -> SHN spelling ("??" for 32).
CREATE MACRO shn_card(i) AS
    ['AC','TC','KC','QC','JC','9C','8C','7C','AS','TS','KS','QS','JS','9S','8S','7S',
     'AH','TH','KH','QH','JH','9H','8H','7H','AD','TD','KD','QD','JD','9D','8D','7D','??'][i + 1];

-- SHN spelling -> card index (NULL for anything else).
CREATE MACRO shn_index(t) AS CAST(list_position(
    ['AC','TC','KC','QC','JC','9C','8C','7C','AS','TS','KS','QS','JS','9S','8S','7S',
     'AH','TH','KH','QH','JH','9H','8H','7H','AD','TD','KD','QD','JD','9D','8D','7D'], t) - 1 AS UTINYINT);

-- The known cards of a card log in the order a source writes them.
CREATE MACRO log_tokens(deal, blind, bury, called, plays) AS list_filter(list_concat(
    coalesce(deal, []::UTINYINT[]), coalesce(blind, []::UTINYINT[]), coalesce(bury, []::UTINYINT[]),
    coalesce(called, []::UTINYINT[]), coalesce(plays, []::UTINYINT[])), lambda x: x < 32);

-- A stored source text back from its template and cards.
CREATE MACRO unpack_source(packed, template, cards) AS CASE WHEN NOT packed THEN template ELSE
    array_to_string(list_transform(string_split(template, chr(31)),
        lambda p, i: CASE WHEN i = 1 THEN p ELSE shn_card(cards[i - 1]) || p END), '') END;

-- Every hand's source text.
CREATE VIEW hand_text AS
SELECT s.hand_id, s.hash, s.file, s.line,
       unpack_source(s.packed, s.template, coalesce(s.source_cards,
           log_tokens(c.deal, c.blind, c.bury, c.called, c.plays))) AS source
FROM hand_source s LEFT JOIN card_log c USING (hand_id);

-- Every HandOutcome field of a hand in one row, units as a MAP (seat order).
CREATE VIEW hand_outcomes AS
SELECT h.*, u.units
FROM hands h
LEFT JOIN (SELECT hand_id, map(list(seat ORDER BY seat_no), list(units ORDER BY seat_no)) AS units
           FROM hand_units GROUP BY hand_id) u USING (hand_id);
