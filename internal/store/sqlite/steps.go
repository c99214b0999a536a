package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
)

// GetStep returns a stored step result, or engine.ErrNotFound.
func (s *Store) GetStep(ctx context.Context, sessionID, key string) ([]byte, error) {
	var result []byte
	err := s.r.QueryRowContext(ctx, `SELECT result FROM steps WHERE session_id = ? AND key = ?`,
		sessionID, key).Scan(&result)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("step %s/%s: %w", sessionID, key, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get step %s/%s: %w", sessionID, key, err)
	}
	return blob(result), nil
}

const putStepSQL = `INSERT INTO steps (session_id, key, result, sha256, created_at)
	VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, key) DO NOTHING`

// PutStep stores result and its SHA-256 unless the key already has one: the first value
// stored wins and later ones are dropped without error, because a replayed step must not
// rewrite history. It returns after the commit is synced to disk (synchronous=FULL). The
// session must exist.
func (s *Store) PutStep(ctx context.Context, sessionID, key string, result []byte) error {
	_, err := s.stmts.putStep.ExecContext(ctx, sessionID, key, blob(result), record.SHA256Hex(result), formatTime(s.now()))
	if err != nil {
		return fmt.Errorf("put step %s/%s: %w", sessionID, key, err)
	}
	return nil
}

// Steps returns a session's steps ordered by key, byte-wise.
func (s *Store) Steps(ctx context.Context, sessionID string) ([]engine.StepRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT key, result, sha256, created_at FROM steps
		WHERE session_id = ? ORDER BY key COLLATE BINARY`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("list steps of %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []engine.StepRecord
	for rows.Next() {
		var r engine.StepRecord
		var at string
		if err := rows.Scan(&r.Key, &r.Result, &r.SHA256, &at); err != nil {
			return nil, fmt.Errorf("list steps of %s: %w", sessionID, err)
		}
		if r.CreatedAt, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("list steps of %s: %w", sessionID, err)
		}
		r.Result = blob(r.Result)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list steps of %s: %w", sessionID, err)
	}
	return out, nil
}
