-- A delivery's payload, kept beside its River job rather than in the job's arguments: River
-- JSON-encodes every job's arguments on insert, and the payload is nearly all of their bytes.
-- The job carries the delivery id; the worker reads the payload by it. job_id is the River
-- job that stored it (the prune looks it up). bytea, not jsonb:
-- jsonb refuses some strings GitHub may send (\u0000 in a comment).
CREATE TABLE war_room_delivery_payload (
	delivery_id text PRIMARY KEY,
	job_id      bigint NOT NULL,
	payload     bytea NOT NULL,
	stored_at   timestamptz NOT NULL
);
