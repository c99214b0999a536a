package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

const putArtifactSQL = `INSERT INTO artifacts (session_id, name, body, created_at,
	updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, name)
	DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`

// PutArtifact stores or replaces a named artifact. A replaced artifact keeps its place in
// Artifacts and its CreatedAt: both describe when the name was first stored.
func (s *Store) PutArtifact(ctx context.Context, sessionID, name string, body []byte) error {
	now := formatTime(s.now())
	var err error
	if engine.IsDerived(ctx) {
		err = s.inTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.StmtContext(ctx, s.stmts.putArtifact).ExecContext(ctx, sessionID, name, blob(body), now, now)
			return err
		})
	} else {
		_, err = s.stmts.putArtifact.ExecContext(ctx, sessionID, name, blob(body), now, now)
	}
	if err != nil {
		return fmt.Errorf("put artifact %s/%s: %w", sessionID, name, err)
	}
	return nil
}

// GetArtifact returns an artifact's body or engine.ErrNotFound.
func (s *Store) GetArtifact(ctx context.Context, sessionID, name string) ([]byte, error) {
	var body []byte
	err := s.r.QueryRowContext(ctx, `SELECT body FROM artifacts WHERE session_id = ? AND name = ?`,
		sessionID, name).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("artifact %s/%s: %w", sessionID, name, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get artifact %s/%s: %w", sessionID, name, err)
	}
	return blob(body), nil
}

// Artifacts lists a session's artifacts in the order their names were first stored.
func (s *Store) Artifacts(ctx context.Context, sessionID string) ([]engine.Artifact, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT name, body, created_at FROM artifacts
		WHERE session_id = ? ORDER BY ord`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("artifacts %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []engine.Artifact
	for rows.Next() {
		var a engine.Artifact
		var created string
		if err := rows.Scan(&a.Name, &a.Body, &created); err != nil {
			return nil, fmt.Errorf("artifacts %s: %w", sessionID, err)
		}
		if a.CreatedAt, err = parseTime(created); err != nil {
			return nil, fmt.Errorf("artifacts %s/%s: %w", sessionID, a.Name, err)
		}
		a.Body = blob(a.Body)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("artifacts %s: %w", sessionID, err)
	}
	return out, nil
}
