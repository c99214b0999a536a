package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/war-room/war-room/engine/decision"
)

// Browse reads in one query what `decisions list` and `decisions search` show: each
// session's identifier, protocol and date and its summary's class and title, every session
// without a summary and those whose summary holds every word. No decision is read.
func (s *Store) Browse(ctx context.Context, words []string) ([]decision.BrowseEntry, error) {
	var where strings.Builder
	args := make([]any, 0, len(words))
	for _, w := range words {
		args = append(args, []byte(w))
		fmt.Fprintf(&where, " AND position($%d::bytea IN d.text) > 0", len(args))
	}
	rows, err := s.pool.Query(ctx, `SELECT s.id, s.protocol, s.created_at, d.session_id IS NOT NULL,
		COALESCE(d.class, ''::bytea), COALESCE(d.title, ''::bytea)
		FROM sessions s LEFT JOIN decision_summaries d ON d.session_id = s.id
		WHERE d.session_id IS NULL OR (true`+where.String()+`)
		ORDER BY s.created_at DESC, s.ord DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("browse sessions: %w", err)
	}
	out, err := collect(rows, func(row pgx.Row) (decision.BrowseEntry, error) {
		var e decision.BrowseEntry
		var class, title []byte
		err := row.Scan(&e.SessionID, &e.Protocol, &e.CreatedAt, &e.Summarised, &class, &title)
		e.Class, e.Title = string(class), string(title)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("browse sessions: %w", err)
	}
	return out, nil
}
