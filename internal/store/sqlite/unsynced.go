package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// inTx runs fn in one BEGIN IMMEDIATE transaction on the writer and commits it: synced as the
// store's Sync says, or, when ctx is engine.Derived, without waiting for the disk. An unsynced
// commit is in the log ahead of every later one, so the next synced commit (a call's step, a
// status change) makes it durable too; SIGKILL loses nothing either way, since the log is in
// the kernel's cache once the commit returns.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if !engine.IsDerived(ctx) || s.sync == SyncNormal {
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if err := s.commit(tx, fn); err != nil {
			return err
		}
		return nil
	}
	return s.unsynced(ctx, fn)
}

// write runs one statement: on its own (autocommit, synced), or through inTx when ctx is
// engine.Derived.
func (s *Store) write(ctx context.Context, query string, args ...any) error {
	if !engine.IsDerived(ctx) {
		_, err := s.w.ExecContext(ctx, query, args...)
		return err
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, query, args...)
		return err
	})
}

// unsynced holds the writer's one connection from before the transaction to after the
// synchronous mode is back to FULL, so no other write can commit in between with the log
// unsynced. A connection that cannot be set back is thrown away rather than reused.
func (s *Store) unsynced(ctx context.Context, fn func(tx *sql.Tx) error) (err error) {
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if _, rerr := conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA synchronous=FULL"); rerr != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
			err = errors.Join(err, fmt.Errorf("restore synchronous=FULL: %w", rerr))
		}
		conn.Close()
	}()
	if _, err := conn.ExecContext(ctx, "PRAGMA synchronous=NORMAL"); err != nil {
		return fmt.Errorf("synchronous=NORMAL: %w", err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return s.commit(tx, fn)
}

// commit runs fn in tx and commits it, telling the test hook the mode the commit runs under.
func (s *Store) commit(tx *sql.Tx, fn func(tx *sql.Tx) error) error {
	if err := fn(tx); err != nil {
		return err
	}
	if s.committing != nil {
		var mode int
		if err := tx.QueryRow("PRAGMA synchronous").Scan(&mode); err != nil {
			return err
		}
		s.committing(mode)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
