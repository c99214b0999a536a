-- 0001: the first schema of the war-room PostgreSQL store.
--
-- Keys that lists order (step keys, record keys) are COLLATE "C": the contract orders them
-- byte-wise, as Go compares strings, whatever the database's default collation.
-- Free text written by people or models (titles, error texts, gate questions and answers) is
-- bytea: PostgreSQL text refuses a NUL byte and invalid UTF-8, and a session must not fail to
-- record its failure because the error message held one. JSON documents are text, not jsonb:
-- jsonb refuses the \u0000 escape an input may contain.
-- Timestamps are timestamptz (microseconds); the store truncates to that before writing.

CREATE TABLE sessions (
    id          text        NOT NULL PRIMARY KEY,
    protocol    text        NOT NULL,
    title       bytea       NOT NULL,
    inputs      text        NOT NULL,          -- JSON array of engine.Input
    seed        bigint      NOT NULL,
    seed_source text        NOT NULL,
    options     bytea,                         -- protocol options (JSON), NULL when unset
    status      text        NOT NULL,
    error       bytea       NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    -- ord breaks ties between equal created_at: the session created later lists first.
    ord         bigint      GENERATED ALWAYS AS IDENTITY,
    -- ledger_seq is the last ledger number handed out; its row lock serialises appenders.
    ledger_seq  bigint      NOT NULL DEFAULT 0
);

-- ListSessions walks these newest first, optionally within one protocol.
CREATE INDEX sessions_created ON sessions (created_at, ord);
CREATE INDEX sessions_protocol_created ON sessions (protocol, created_at, ord);

CREATE TABLE steps (
    session_id text        NOT NULL REFERENCES sessions (id),
    key        text COLLATE "C" NOT NULL,
    result     bytea       NOT NULL,
    sha256     text        NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (session_id, key)
);

CREATE TABLE ledger (
    session_id         text             NOT NULL REFERENCES sessions (id),
    seq                bigint           NOT NULL,
    step               text             NOT NULL,
    role               text             NOT NULL,
    profile            text             NOT NULL,
    provider           text             NOT NULL,
    model              text             NOT NULL,
    model_reported     text             NOT NULL,
    family             text             NOT NULL,
    effort             text             NOT NULL,
    prompt_sha256      text             NOT NULL,
    inputs             text             NOT NULL,  -- JSON array of input names
    attempt            bigint           NOT NULL,
    input_tokens       bigint           NOT NULL,
    output_tokens      bigint           NOT NULL,
    cache_read_tokens  bigint           NOT NULL,
    cache_write_tokens bigint           NOT NULL,
    cost_usd           double precision NOT NULL,
    latency_ms         bigint           NOT NULL,
    outcome            text             NOT NULL,
    error_class        text             NOT NULL,
    error_text         bytea            NOT NULL,
    scripted           boolean          NOT NULL,
    started_at         timestamptz      NOT NULL,
    PRIMARY KEY (session_id, seq)
);

-- ord is insertion order; an upsert keeps it, so a replaced artifact keeps its place.
CREATE TABLE artifacts (
    ord        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id text        NOT NULL REFERENCES sessions (id),
    name       text        NOT NULL,
    body       bytea       NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    UNIQUE (session_id, name)
);

CREATE TABLE gates (
    ord         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id  text        NOT NULL REFERENCES sessions (id),
    key         text        NOT NULL,
    question    bytea       NOT NULL,
    choices     text        NOT NULL,           -- JSON array of strings
    answer      bytea       NOT NULL,
    answered    boolean     NOT NULL,
    opened_at   timestamptz NOT NULL,
    answered_at timestamptz,                    -- NULL until answered
    UNIQUE (session_id, key)
);

CREATE TABLE records (
    kind  text COLLATE "C" NOT NULL,
    key   text COLLATE "C" NOT NULL,
    value bytea NOT NULL,
    PRIMARY KEY (kind, key)
);

-- A lease gives one holder (a worker) a name (a session, a thread) until it expires.
CREATE TABLE leases (
    name       text        NOT NULL PRIMARY KEY,
    holder     text        NOT NULL,
    expires_at timestamptz NOT NULL
);
