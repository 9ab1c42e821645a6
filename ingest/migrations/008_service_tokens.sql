-- 008: the HTTP service's access tokens (`shead token add|list|revoke`, docs/service.md).
-- A token belongs to one group (the SHN Event tag of the hands it may see) and has a role:
-- a scorer may post hands, a viewer only reads.  Only the SHA-256 of a token is stored, never
-- the token; `prefix` (its first characters) names it in `shead token list`.  A revoked token
-- keeps its row with `revoked_at` set, so the request log's token ids stay meaningful.
CREATE TABLE IF NOT EXISTS service_tokens (
    token_id INTEGER PRIMARY KEY,
    "group" VARCHAR NOT NULL,
    role VARCHAR NOT NULL CHECK (role IN ('scorer', 'viewer')),
    token_hash BLOB NOT NULL UNIQUE,
    prefix VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
