package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

// PutArtifact stores or replaces a named artifact. A replaced artifact keeps its place in
// Artifacts and its CreatedAt: both describe when the name was first stored.
func (s *Store) PutArtifact(ctx context.Context, sessionID, name string, body []byte) error {
	now := s.clock()
	err := s.write(ctx, `INSERT INTO artifacts (session_id, name, body, created_at,
		updated_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT (session_id, name)
		DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
		sessionID, name, blob(body), now)
	if err != nil {
		return fmt.Errorf("put artifact %s/%s: %w", sessionID, name, err)
	}
	return nil
}

// GetArtifact returns an artifact's body or engine.ErrNotFound.
func (s *Store) GetArtifact(ctx context.Context, sessionID, name string) ([]byte, error) {
	var body []byte
	err := s.pool.QueryRow(ctx, `SELECT body FROM artifacts WHERE session_id = $1 AND name = $2`,
		sessionID, name).Scan(&body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("artifact %s/%s: %w", sessionID, name, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get artifact %s/%s: %w", sessionID, name, err)
	}
	return blob(body), nil
}

// Artifacts lists a session's artifacts in the order their names were first stored.
func (s *Store) Artifacts(ctx context.Context, sessionID string) ([]engine.Artifact, error) {
	rows, err := s.pool.Query(ctx, `SELECT name, body, created_at FROM artifacts
		WHERE session_id = $1 ORDER BY ord`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("artifacts %s: %w", sessionID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (engine.Artifact, error) {
		var a engine.Artifact
		err := row.Scan(&a.Name, &a.Body, &a.CreatedAt)
		a.Body, a.CreatedAt = blob(a.Body), a.CreatedAt.UTC()
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("artifacts %s: %w", sessionID, err)
	}
	return out, nil
}
