-- What each attempt actually sent and how it stopped: the effort the role asked for beside the
-- level sent, the output budget, thinking, the vendor's stop reason and the thinking tokens
-- counted inside output_tokens.
ALTER TABLE ledger ADD COLUMN effort_asked    text   NOT NULL DEFAULT '';
ALTER TABLE ledger ADD COLUMN max_tokens      bigint NOT NULL DEFAULT 0;
ALTER TABLE ledger ADD COLUMN thinking        text   NOT NULL DEFAULT '';
ALTER TABLE ledger ADD COLUMN stop_reason     text   NOT NULL DEFAULT '';
ALTER TABLE ledger ADD COLUMN thinking_tokens bigint NOT NULL DEFAULT 0;
