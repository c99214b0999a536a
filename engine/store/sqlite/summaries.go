package sqlite

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
)

// PutSummary stores or replaces the browsing summary of a session's decision.
func (s *Store) PutSummary(ctx context.Context, sum *engine.DecisionSummary) error {
	err := s.write(ctx, `INSERT INTO decision_summaries (session_id, class, title, text)
		VALUES (?, ?, ?, ?) ON CONFLICT (session_id) DO UPDATE SET class = excluded.class,
		title = excluded.title, text = excluded.text`,
		sum.SessionID, sum.Class, sum.Title, []byte(sum.Text))
	if err != nil {
		return fmt.Errorf("put summary %s: %w", sum.SessionID, err)
	}
	return nil
}

// Summaries returns the summaries newest first (the sessions' order), those whose text holds
// every word, at most limit unless limit <= 0. The decisions themselves are never read.
func (s *Store) Summaries(ctx context.Context, words []string, limit int) ([]engine.DecisionSummary, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	var where strings.Builder
	args := make([]any, 0, len(words)+1)
	for _, w := range words {
		where.WriteString(" AND instr(d.text, ?) > 0")
		args = append(args, []byte(w))
	}
	rows, err := s.r.QueryContext(ctx, `SELECT s.id, s.protocol, s.created_at, d.class, d.title
		FROM decision_summaries d JOIN sessions s ON s.id = d.session_id WHERE 1`+where.String()+`
		ORDER BY s.created_at DESC, s.rowid DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("summaries: %w", err)
	}
	defer rows.Close()
	var out []engine.DecisionSummary
	for rows.Next() {
		var sum engine.DecisionSummary
		var created string
		if err := rows.Scan(&sum.SessionID, &sum.Protocol, &created, &sum.Class, &sum.Title); err != nil {
			return nil, fmt.Errorf("summaries: %w", err)
		}
		if sum.CreatedAt, err = parseTime(created); err != nil {
			return nil, fmt.Errorf("summary %s: %w", sum.SessionID, err)
		}
		out = append(out, sum)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("summaries: %w", err)
	}
	return out, nil
}
