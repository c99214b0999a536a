-- A gate's question is war-room's own text; the excerpt is the untrusted text it refers to
-- (a model's reason, titles of discussions), kept apart so that renderers quote only it.
-- Gates stored before it have none. Model text may hold any byte, so it is bytea.
ALTER TABLE gates ADD COLUMN excerpt bytea NOT NULL DEFAULT ''::bytea;
