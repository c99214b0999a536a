package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine"
)

// CreateSession inserts s. A zero CreatedAt is set from the store's clock, a zero UpdatedAt to
// CreatedAt and an empty Status to running; the values used are written back into s.
func (s *Store) CreateSession(ctx context.Context, sess *engine.Session) error {
	inputs, err := sess.Prepare(s.now(), func(t time.Time) time.Time { return t })
	if err != nil {
		return err
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO sessions (id, protocol, title, inputs, seed,
		seed_source, options, status, error, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
		sess.ID, sess.Protocol, sess.Title, string(inputs), sess.Seed, sess.SeedSource,
		sess.Options, string(sess.Status), sess.Error,
		formatTime(sess.CreatedAt), formatTime(sess.UpdatedAt))
	if err != nil {
		return fmt.Errorf("create session %s: %w", sess.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("create session %s: %w", sess.ID, engine.ErrExists)
	}
	return nil
}

const sessionCols = `id, protocol, title, inputs, seed, seed_source, options, status, error,
	created_at, updated_at`

// GetSession returns the session or engine.ErrNotFound.
func (s *Store) GetSession(ctx context.Context, id string) (*engine.Session, error) {
	row := s.r.QueryRowContext(ctx, `SELECT `+sessionCols+` FROM sessions WHERE id = ?`, id)
	sess, err := scanSession(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("session %s: %w", id, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get session %s: %w", id, err)
	}
	return sess, nil
}

// SetStatus records status and errText (an empty errText clears an earlier error) and moves
// UpdatedAt to the store's clock; an unknown id is engine.ErrNotFound.
func (s *Store) SetStatus(ctx context.Context, id string, status engine.Status, errText string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE sessions SET status = ?, error = ?, updated_at = ?
		WHERE id = ?`, string(status), errText, formatTime(s.now()), id)
	if err != nil {
		return fmt.Errorf("set status of session %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("set status of session %s: %w", id, err)
	} else if n == 0 {
		return fmt.Errorf("set status of session %s: %w", id, engine.ErrNotFound)
	}
	return nil
}
