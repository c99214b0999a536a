-- What browsing decisions reads instead of decoding every decision.json: the columns
-- `decisions list` shows and the lowercased text `decisions search` matches (dissent included).
CREATE TABLE decision_summaries (
    session_id TEXT NOT NULL PRIMARY KEY REFERENCES sessions (id),
    class      TEXT NOT NULL,
    title      TEXT NOT NULL,
    text       BLOB NOT NULL
) STRICT;
