-- 0002: step digests and leases.
-- A step's SHA-256 is taken when it is stored, so that verify and resume can tell a result
-- edited afterwards. Steps stored before this migration keep an empty digest ("not recorded").
ALTER TABLE steps ADD COLUMN sha256 TEXT NOT NULL DEFAULT '';

-- A lease gives one holder (a worker) a name (a session, a thread) until it expires.
CREATE TABLE leases (
    name       TEXT NOT NULL PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;
