-- What browsing decisions reads instead of decoding every decision.json: the columns
-- `decisions list` shows and the lowercased text `decisions search` matches (dissent included).
-- Model text may hold any byte, so it is bytea, as the sessions' title is.
CREATE TABLE decision_summaries (
    session_id text  NOT NULL PRIMARY KEY REFERENCES sessions (id),
    class      bytea NOT NULL,
    title      bytea NOT NULL,
    text       bytea NOT NULL
);
