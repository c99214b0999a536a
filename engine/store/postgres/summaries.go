package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

// PutSummary stores or replaces the browsing summary of a session's decision.
func (s *Store) PutSummary(ctx context.Context, sum *engine.DecisionSummary) error {
	err := s.write(ctx, `INSERT INTO decision_summaries (session_id, class, title, text)
		VALUES ($1, $2, $3, $4) ON CONFLICT (session_id) DO UPDATE SET class = excluded.class,
		title = excluded.title, text = excluded.text`,
		sum.SessionID, []byte(sum.Class), []byte(sum.Title), []byte(sum.Text))
	if err != nil {
		return fmt.Errorf("put summary %s: %w", sum.SessionID, err)
	}
	return nil
}

// Summaries returns the summaries newest first (the sessions' order), those whose text holds
// every word, at most limit unless limit <= 0. The decisions themselves are never read.
func (s *Store) Summaries(ctx context.Context, words []string, limit int) ([]engine.DecisionSummary, error) {
	var lim *int // NULL: no limit
	if limit > 0 {
		lim = &limit
	}
	var where strings.Builder
	args := []any{lim}
	for _, w := range words {
		args = append(args, []byte(w))
		fmt.Fprintf(&where, " AND position($%d::bytea IN d.text) > 0", len(args))
	}
	rows, err := s.pool.Query(ctx, `SELECT s.id, s.protocol, s.created_at, d.class, d.title
		FROM decision_summaries d JOIN sessions s ON s.id = d.session_id WHERE true`+where.String()+`
		ORDER BY s.created_at DESC, s.ord DESC LIMIT $1`, args...)
	if err != nil {
		return nil, fmt.Errorf("summaries: %w", err)
	}
	out, err := collect(rows, func(row pgx.Row) (engine.DecisionSummary, error) {
		var sum engine.DecisionSummary
		var class, title []byte
		err := row.Scan(&sum.SessionID, &sum.Protocol, &sum.CreatedAt, &class, &title)
		sum.Class, sum.Title = string(class), string(title)
		return sum, err
	})
	if err != nil {
		return nil, fmt.Errorf("summaries: %w", err)
	}
	return out, nil
}
