-- A delivery's payload, kept beside its River job rather than in the job's arguments: River
-- JSON-encodes every job's arguments on insert, and the payload is nearly all of their bytes.
-- The job carries the delivery id; the worker reads the payload by it. job_id is the River
-- job that stored it (the prune looks it up); stored_at is unix seconds (the prune keeps rows
-- younger than its margin).
CREATE TABLE war_room_delivery_payload (
	delivery_id TEXT PRIMARY KEY,
	job_id      INTEGER NOT NULL,
	payload     BLOB NOT NULL,
	stored_at   INTEGER NOT NULL
);
