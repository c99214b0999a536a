package postgres

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/engine/decision"
)

// PutSummary stores or replaces the browsing summary of a session's decision.
func (s *Store) PutSummary(ctx context.Context, sum *decision.DecisionSummary) error {
	err := s.write(ctx, `INSERT INTO decision_summaries (session_id, class, title, text)
		VALUES ($1, $2, $3, $4) ON CONFLICT (session_id) DO UPDATE SET class = excluded.class,
		title = excluded.title, text = excluded.text`,
		sum.SessionID, []byte(sum.Class), []byte(sum.Title), []byte(sum.Text))
	if err != nil {
		return fmt.Errorf("put summary %s: %w", sum.SessionID, err)
	}
	return nil
}
