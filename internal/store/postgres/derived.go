package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

// asyncCommit makes the transaction's commit return before its WAL is flushed when derived
// (the write's ctx is engine.Derived). PostgreSQL writes WAL in order, so the next synchronous commit (a call's
// step, a status change) flushes it too; a crash can only take derived writes made since,
// which the resumed run makes again. SET LOCAL ends with the transaction.
func (s *Store) asyncCommit(ctx context.Context, tx pgx.Tx, derived bool) error {
	if !derived {
		return nil
	}
	_, err := tx.Exec(ctx, `SET LOCAL synchronous_commit TO OFF`)
	if err == nil && s.committing != nil {
		var setting string
		if err := tx.QueryRow(ctx, `SHOW synchronous_commit`).Scan(&setting); err != nil {
			return err
		}
		s.committing(setting)
	}
	return err
}

// write runs one statement: on its own, or, when ctx is engine.Derived, in a transaction
// whose commit does not wait for the WAL flush.
func (s *Store) write(ctx context.Context, query string, args ...any) error {
	if !engine.IsDerived(ctx) {
		_, err := s.pool.Exec(ctx, query, args...)
		return err
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.asyncCommit(ctx, tx, true); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, query, args...)
		return err
	})
}
