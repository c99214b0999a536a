package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

const gateCols = `session_id, key, question, excerpt, choices, answer, answered, opened_at, answered_at`

// GetGate returns a gate or engine.ErrNotFound.
func (s *Store) GetGate(ctx context.Context, sessionID, key string) (*engine.GateRecord, error) {
	row := s.pool.QueryRow(ctx, `SELECT `+gateCols+` FROM gates
		WHERE session_id = $1 AND key = $2`, sessionID, key)
	g, err := scanGate(row)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("gate %s/%s: %w", sessionID, key, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get gate %s/%s: %w", sessionID, key, err)
	}
	return &g, nil
}

// Gates lists a session's gates in the order they were opened.
func (s *Store) Gates(ctx context.Context, sessionID string) ([]engine.GateRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+gateCols+` FROM gates
		WHERE session_id = $1 ORDER BY ord`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("gates %s: %w", sessionID, err)
	}
	out, err := collect(rows, scanGate)
	if err != nil {
		return nil, fmt.Errorf("gates %s: %w", sessionID, err)
	}
	return out, nil
}

// scanGate reads one gate from a query of gateCols (a pgx.Row, for one).
func scanGate(sc pgx.Row) (engine.GateRecord, error) {
	var (
		g                         engine.GateRecord
		question, excerpt, answer []byte
		choices                   string
		answeredAt                *time.Time
	)
	if err := sc.Scan(&g.SessionID, &g.Key, &question, &excerpt, &choices, &answer, &g.Answered,
		&g.OpenedAt, &answeredAt); err != nil {
		return g, err
	}
	g.Question, g.Excerpt, g.Answer, g.OpenedAt = string(question), string(excerpt), string(answer), g.OpenedAt.UTC()
	if answeredAt != nil {
		at := answeredAt.UTC()
		g.AnsweredAt = &at
	}
	if err := json.Unmarshal([]byte(choices), &g.Choices); err != nil {
		return g, fmt.Errorf("gate %s: decode choices: %w", g.Key, err)
	}
	return g, nil
}
