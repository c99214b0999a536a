package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// OpenGate records an unanswered gate. A zero OpenedAt is set from the store's clock and
// written back into g. Opening a gate that exists (open or answered) changes nothing, so a
// resumed run that reaches the same gate again does not reset a question or lose an answer.
func (s *Store) OpenGate(ctx context.Context, g *engine.GateRecord) error {
	if g.OpenedAt.IsZero() {
		g.OpenedAt = s.now()
	}
	choices, err := json.Marshal(g.Choices)
	if err != nil {
		return fmt.Errorf("open gate %s/%s: encode choices: %w", g.SessionID, g.Key, err)
	}
	_, err = s.w.ExecContext(ctx, `INSERT INTO gates (session_id, key, question, excerpt, choices, answer,
		answered, opened_at) VALUES (?, ?, ?, ?, ?, '', 0, ?) ON CONFLICT (session_id, key) DO NOTHING`,
		g.SessionID, g.Key, g.Question, g.Excerpt, string(choices), formatTime(g.OpenedAt))
	if err != nil {
		return fmt.Errorf("open gate %s/%s: %w", g.SessionID, g.Key, err)
	}
	return nil
}

// AnswerGate records answer on an open gate. Answering an answered gate again with the same
// answer succeeds and changes nothing (a redelivered reply); with a different answer it is an
// error, because the run may already have acted on the first. An unknown gate is
// engine.ErrNotFound. Whether answer is one of the gate's choices is the engine's to check.
func (s *Store) AnswerGate(ctx context.Context, sessionID, key, answer string) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("answer gate %s/%s: %w", sessionID, key, err)
	}
	defer tx.Rollback()
	var (
		answered bool
		prev     string
	)
	err = tx.QueryRowContext(ctx, `SELECT answered, answer FROM gates
		WHERE session_id = ? AND key = ?`, sessionID, key).Scan(&answered, &prev)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("answer gate %s/%s: %w", sessionID, key, engine.ErrNotFound)
	case err != nil:
		return fmt.Errorf("answer gate %s/%s: %w", sessionID, key, err)
	case answered && prev == answer:
		return nil
	case answered:
		return fmt.Errorf("answer gate %s/%s: already answered %q, refusing a different answer %q: %w",
			sessionID, key, prev, answer, engine.ErrGateAnswered)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE gates SET answer = ?, answered = 1, answered_at = ?
		WHERE session_id = ? AND key = ?`, answer, formatTime(s.now()), sessionID, key); err != nil {
		return fmt.Errorf("answer gate %s/%s: %w", sessionID, key, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("answer gate %s/%s: commit: %w", sessionID, key, err)
	}
	return nil
}
