-- 0001: the first schema of the war-room SQLite store.
-- Timestamps are UTC text with a fixed nine-digit fraction so that text order is time order.
-- STRICT tables make SQLite reject a value of the wrong type instead of storing it silently.

CREATE TABLE sessions (
    id          TEXT    NOT NULL PRIMARY KEY,
    protocol    TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    inputs      TEXT    NOT NULL,              -- JSON array of engine.Input
    seed        INTEGER NOT NULL,
    seed_source TEXT    NOT NULL,
    options     BLOB,                          -- protocol options (JSON), NULL when unset
    status      TEXT    NOT NULL,
    error       TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
) STRICT;

-- ListSessions walks this index newest first, optionally within one protocol.
CREATE INDEX sessions_created ON sessions (created_at);
CREATE INDEX sessions_protocol_created ON sessions (protocol, created_at);

CREATE TABLE steps (
    session_id TEXT NOT NULL REFERENCES sessions (id),
    key        TEXT NOT NULL,
    result     BLOB NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (session_id, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE ledger (
    session_id         TEXT    NOT NULL REFERENCES sessions (id),
    seq                INTEGER NOT NULL,
    step               TEXT    NOT NULL,
    role               TEXT    NOT NULL,
    profile            TEXT    NOT NULL,
    provider           TEXT    NOT NULL,
    model              TEXT    NOT NULL,
    model_reported     TEXT    NOT NULL,
    family             TEXT    NOT NULL,
    effort             TEXT    NOT NULL,
    prompt_sha256      TEXT    NOT NULL,
    inputs             TEXT    NOT NULL,      -- JSON array of input names
    attempt            INTEGER NOT NULL,
    input_tokens       INTEGER NOT NULL,
    output_tokens      INTEGER NOT NULL,
    cache_read_tokens  INTEGER NOT NULL,
    cache_write_tokens INTEGER NOT NULL,
    cost_usd           REAL    NOT NULL,
    latency_ms         INTEGER NOT NULL,
    outcome            TEXT    NOT NULL,
    error_class        TEXT    NOT NULL,
    error_text         TEXT    NOT NULL,
    scripted           INTEGER NOT NULL,
    started_at         TEXT    NOT NULL,
    PRIMARY KEY (session_id, seq)
) STRICT, WITHOUT ROWID;

-- ord is global insertion order; an upsert keeps it, so a replaced artifact keeps its place.
CREATE TABLE artifacts (
    ord        INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    session_id TEXT    NOT NULL REFERENCES sessions (id),
    name       TEXT    NOT NULL,
    body       BLOB    NOT NULL,
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    UNIQUE (session_id, name)
) STRICT;

CREATE TABLE gates (
    ord         INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    session_id  TEXT    NOT NULL REFERENCES sessions (id),
    key         TEXT    NOT NULL,
    question    TEXT    NOT NULL,
    choices     TEXT    NOT NULL,             -- JSON array of strings
    answer      TEXT    NOT NULL,
    answered    INTEGER NOT NULL,
    opened_at   TEXT    NOT NULL,
    answered_at TEXT,                         -- NULL until answered
    UNIQUE (session_id, key)
) STRICT;

CREATE TABLE records (
    kind  TEXT NOT NULL,
    key   TEXT NOT NULL,
    value BLOB NOT NULL,
    PRIMARY KEY (kind, key)
) STRICT, WITHOUT ROWID;
