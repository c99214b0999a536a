package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

const gateCols = `session_id, key, question, excerpt, choices, answer, answered, opened_at, answered_at`

// GetGate returns a gate or engine.ErrNotFound.
func (s *Store) GetGate(ctx context.Context, sessionID, key string) (*engine.GateRecord, error) {
	row := s.r.QueryRowContext(ctx, `SELECT `+gateCols+` FROM gates
		WHERE session_id = ? AND key = ?`, sessionID, key)
	g, err := scanGate(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("gate %s/%s: %w", sessionID, key, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get gate %s/%s: %w", sessionID, key, err)
	}
	return &g, nil
}

// Gates lists a session's gates in the order they were opened.
func (s *Store) Gates(ctx context.Context, sessionID string) ([]engine.GateRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+gateCols+` FROM gates
		WHERE session_id = ? ORDER BY ord`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("gates %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []engine.GateRecord
	for rows.Next() {
		g, err := scanGate(rows)
		if err != nil {
			return nil, fmt.Errorf("gates %s: %w", sessionID, err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gates %s: %w", sessionID, err)
	}
	return out, nil
}

func scanGate(sc scanner) (engine.GateRecord, error) {
	var (
		g        engine.GateRecord
		choices  string
		opened   string
		answered sql.NullString
	)
	if err := sc.Scan(&g.SessionID, &g.Key, &g.Question, &g.Excerpt, &choices, &g.Answer, &g.Answered,
		&opened, &answered); err != nil {
		return g, err
	}
	if err := json.Unmarshal([]byte(choices), &g.Choices); err != nil {
		return g, fmt.Errorf("gate %s: decode choices: %w", g.Key, err)
	}
	var err error
	if g.OpenedAt, err = parseTime(opened); err != nil {
		return g, fmt.Errorf("gate %s: %w", g.Key, err)
	}
	if g.AnsweredAt, err = parseNullTime(answered); err != nil {
		return g, fmt.Errorf("gate %s: %w", g.Key, err)
	}
	return g, nil
}
