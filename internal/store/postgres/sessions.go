package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

// CreateSession inserts sess. A zero CreatedAt is set from the store's clock, a zero
// UpdatedAt to CreatedAt and an empty Status to running; both times are cut to microseconds,
// and the values used are written back into sess.
func (s *Store) CreateSession(ctx context.Context, sess *engine.Session) error {
	inputs, err := sess.Prepare(s.now(), stamp)
	if err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO sessions (id, protocol, title, inputs, seed,
		seed_source, options, status, error, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
		sess.ID, sess.Protocol, []byte(sess.Title), string(inputs), sess.Seed, sess.SeedSource,
		sess.Options, string(sess.Status), []byte(sess.Error), sess.CreatedAt, sess.UpdatedAt)
	if err != nil {
		return fmt.Errorf("create session %s: %w", sess.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("create session %s: %w", sess.ID, engine.ErrExists)
	}
	return nil
}

const sessionCols = `id, protocol, title, inputs, seed, seed_source, options, status, error,
	created_at, updated_at`

// GetSession returns the session or engine.ErrNotFound.
func (s *Store) GetSession(ctx context.Context, id string) (*engine.Session, error) {
	row := s.pool.QueryRow(ctx, `SELECT `+sessionCols+` FROM sessions WHERE id = $1`, id)
	sess, err := scanSession(row)
	if errors.Is(err, pgx.ErrNoRows) {
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
	tag, err := s.pool.Exec(ctx, `UPDATE sessions SET status = $1, error = $2, updated_at = $3
		WHERE id = $4`, string(status), []byte(errText), s.clock(), id)
	if err != nil {
		return fmt.Errorf("set status of session %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("set status of session %s: %w", id, engine.ErrNotFound)
	}
	return nil
}
