-- A gate's question is war-room's own text; the excerpt is the untrusted text it refers to
-- (a model's reason, titles of discussions), kept apart so that renderers quote only it.
-- Gates stored before it have none: their whole question is rendered quoted, as before.
ALTER TABLE gates ADD COLUMN excerpt TEXT NOT NULL DEFAULT '';
