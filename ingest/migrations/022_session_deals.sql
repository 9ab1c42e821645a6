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
-- ingest.summary.refresh beside session_hands: ingest, amend, void, rederive).  The INSERT
-- below fills it for the deals already stored: it is ingest.deal_summary.select_sql('TRUE')
-- (tests/test_deal_summary.py checks that the two agree).
CREATE TABLE IF NOT EXISTS session_deals (
    session_id  INTEGER NOT NULL,
    session     VARCHAR NOT NULL,
    "group"     VARCHAR,
    kind        VARCHAR NOT NULL,   -- trumps | queens | jacks | aces | picker | full
    place       TINYINT NOT NULL,   -- 1-5 the hand's position from the dealer's left; 0 the blind (picker, full: 0)
    cell        TINYINT NOT NULL,   -- cards of the kind held (picker: the chair, 0-based; full: 0)
    hands       INTEGER NOT NULL    -- deals of the row
);

INSERT INTO session_deals
WITH b AS (
    SELECT h.hand_id, h.session_id, h.session, h."group", json_keys(h.players) AS keys, h.dealer, h.picker,
           c.deal_seats, c.deal_sizes, c.deal, c.blind
    FROM hand_deals d JOIN hands h USING (hand_id) JOIN card_log c USING (hand_id)
    WHERE TRUE
), k AS (
    SELECT *, len(keys) AS n, list_position(keys, dealer) - 1 AS dl,
           coalesce(list_sum(list_transform(list_distinct(blind), lambda x: 1::BIGINT << x)), 0) AS blind_mask,
           CASE WHEN picker IS NULL THEN NULL ELSE list_position(keys, picker) - 1 END AS chair
    FROM b
), seg AS (  -- each deal line's cards as a mask, with its seat
    SELECT k.hand_id, t.j, CAST(k.deal_seats[t.j] AS INTEGER) AS s,
           coalesce(list_sum(list_transform(list_distinct(list_slice(k.deal,
               CAST(coalesce(list_sum(list_slice(k.deal_sizes, 1, t.j - 1)), 0) AS BIGINT) + 1,
               CAST(coalesce(list_sum(list_slice(k.deal_sizes, 1, t.j)), 0) AS BIGINT))),
               lambda x: 1::BIGINT << x)), 0) AS mask
    FROM k, unnest(range(1, least(len(k.deal_seats), len(k.deal_sizes)) + 1)) AS t(j)
    WHERE k.n = 5 AND k.dl >= 0
), seat AS (  -- a seat's last deal line
    SELECT hand_id, s, arg_max(mask, j) AS mask FROM seg WHERE s BETWEEN 0 AND 4 GROUP BY hand_id, s
), pos AS (
    SELECT seat.hand_id, CAST((seat.s - k.dl - 1 + 10) % 5 AS INTEGER) AS pos, seat.mask
    FROM seat JOIN k USING (hand_id)
), five AS (  -- five hands of six cards and a blind of two
    SELECT k.hand_id, k.session_id, k.session, k."group", k.blind_mask, k.chair
    FROM k JOIN pos USING (hand_id)
    WHERE bit_count(k.blind_mask) = 2
    GROUP BY ALL
    HAVING count(*) FILTER (WHERE bit_count(pos.mask) = 6) = 5
), pf AS (  -- their five hands
    SELECT f.session_id, f.session, f."group", pos.pos, pos.mask FROM five f JOIN pos USING (hand_id)
), cells AS (
    SELECT session_id, session, "group", 'trumps' AS kind, CAST(pos + 1 AS TINYINT) AS place, CAST(bit_count(mask & 4279769112::BIGINT) AS TINYINT) AS cell FROM pf
    UNION ALL
    SELECT session_id, session, "group", 'queens' AS kind, CAST(pos + 1 AS TINYINT) AS place, CAST(bit_count(mask & 134744072::BIGINT) AS TINYINT) AS cell FROM pf
    UNION ALL
    SELECT session_id, session, "group", 'jacks' AS kind, CAST(pos + 1 AS TINYINT) AS place, CAST(bit_count(mask & 269488144::BIGINT) AS TINYINT) AS cell FROM pf
    UNION ALL
    SELECT session_id, session, "group", 'trumps', 0::TINYINT, CAST(bit_count(blind_mask & 4279769112::BIGINT) AS TINYINT) FROM five
    UNION ALL
    SELECT session_id, session, "group", 'queens', 0::TINYINT, CAST(bit_count(blind_mask & 134744072::BIGINT) AS TINYINT) FROM five
    UNION ALL
    SELECT session_id, session, "group", 'jacks', 0::TINYINT, CAST(bit_count(blind_mask & 269488144::BIGINT) AS TINYINT) FROM five
    UNION ALL
    SELECT session_id, session, "group", 'aces', 0::TINYINT, CAST(bit_count(blind_mask & 16843009::BIGINT) AS TINYINT) FROM five
    UNION ALL
    SELECT session_id, session, "group", 'picker', 0::TINYINT, CAST(chair AS TINYINT) FROM five
    WHERE chair IS NOT NULL AND chair >= 0
    UNION ALL
    SELECT session_id, session, "group", 'full', 0::TINYINT, 0::TINYINT FROM b
)
SELECT session_id, session, "group", kind, place, cell, CAST(count(*) AS INTEGER) AS hands
FROM cells GROUP BY ALL
;
