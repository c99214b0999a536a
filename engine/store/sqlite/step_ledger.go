package sqlite

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/engine"
)

var _ engine.StepLedgerWriter = (*Store)(nil)

// PutStepWithLedger appends entries and stores the step in one BEGIN IMMEDIATE transaction,
// with the statements AppendLedger and PutStep run: one synced commit for a call's row and
// its step instead of two. On an error nothing is stored (the entries' Seq then mean nothing).
func (s *Store) PutStepWithLedger(ctx context.Context, sessionID, key string, result []byte, entries []*engine.LedgerEntry) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("put step %s/%s with its ledger: %w", sessionID, key, err)
	}
	defer tx.Rollback()
	app := tx.StmtContext(ctx, s.stmts.appendLedger)
	for _, e := range entries {
		if err := appendLedger(ctx, app, e); err != nil {
			return fmt.Errorf("put step %s/%s with its ledger: %w", sessionID, key, err)
		}
	}
	if _, err := tx.StmtContext(ctx, s.stmts.putStep).ExecContext(ctx, sessionID, key, blob(result),
		engine.SHA256Hex(result), formatTime(s.now())); err != nil {
		return fmt.Errorf("put step %s/%s: %w", sessionID, key, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("put step %s/%s with its ledger: commit: %w", sessionID, key, err)
	}
	return nil
}
