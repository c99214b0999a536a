package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
)

// GetStep returns a stored step result, or engine.ErrNotFound.
func (s *Store) GetStep(ctx context.Context, sessionID, key string) ([]byte, error) {
	var result []byte
	err := s.pool.QueryRow(ctx, `SELECT result FROM steps WHERE session_id = $1 AND key = $2`,
		sessionID, key).Scan(&result)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("step %s/%s: %w", sessionID, key, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get step %s/%s: %w", sessionID, key, err)
	}
	return blob(result), nil
}

const putStep = `INSERT INTO steps (session_id, key, result, sha256, created_at)
	VALUES ($1, $2, $3, $4, $5) ON CONFLICT (session_id, key) DO NOTHING`

// PutStep stores result and its SHA-256 unless the key already has one: the first value
// stored wins and later ones are dropped without error, because a replayed step must not
// rewrite history. Racing writers of one key wait on the key's index entry, so every one of
// them returns only once the winning value is committed. The session must exist.
func (s *Store) PutStep(ctx context.Context, sessionID, key string, result []byte) error {
	_, err := s.pool.Exec(ctx, putStep, sessionID, key, blob(result), record.SHA256Hex(result), s.clock())
	if err != nil {
		return fmt.Errorf("put step %s/%s: %w", sessionID, key, err)
	}
	return nil
}

// Steps returns a session's steps ordered by key, byte-wise (the column is COLLATE "C").
func (s *Store) Steps(ctx context.Context, sessionID string) ([]engine.StepRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT key, result, sha256, created_at FROM steps
		WHERE session_id = $1 ORDER BY key`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("list steps of %s: %w", sessionID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (engine.StepRecord, error) {
		var r engine.StepRecord
		err := row.Scan(&r.Key, &r.Result, &r.SHA256, &r.CreatedAt)
		r.Result, r.CreatedAt = blob(r.Result), r.CreatedAt.UTC()
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("list steps of %s: %w", sessionID, err)
	}
	return out, nil
}
