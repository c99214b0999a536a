package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
)

var _ engine.StepLedgerWriter = (*Store)(nil)

// PutStepWithLedger appends entries and stores the step in one transaction: one commit for a
// call's row and its step instead of two. The entries take their numbers under the session
// row's lock as AppendLedger's do, so a rolled-back transaction leaves no gap. On an error
// nothing is stored (the entries' Seq then mean nothing).
func (s *Store) PutStepWithLedger(ctx context.Context, sessionID, key string, result []byte, entries []*ledger.Entry) error {
	// A write holding an answered call always waits for the flush, derived or not.
	derived := engine.IsDerived(ctx) && len(entries) == 0
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.asyncCommit(ctx, tx, derived); err != nil {
			return err
		}
		for _, e := range entries {
			if err := appendLedgerOn(ctx, tx, e); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, putStep, sessionID, key, blob(result), record.SHA256Hex(result), s.clock())
		return err
	})
	if err != nil {
		return fmt.Errorf("put step %s/%s with its ledger: %w", sessionID, key, err)
	}
	return nil
}
