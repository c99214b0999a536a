package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

// OpenGate records an unanswered gate. A zero OpenedAt is set from the store's clock; it is
// cut to microseconds and written back into g. Opening a gate that exists (open or answered)
// changes nothing, so a resumed run that reaches the same gate again does not reset a
// question or lose an answer.
func (s *Store) OpenGate(ctx context.Context, g *engine.GateRecord) error {
	if g.OpenedAt.IsZero() {
		g.OpenedAt = s.now()
	}
	g.OpenedAt = stamp(g.OpenedAt)
	choices, err := json.Marshal(g.Choices)
	if err != nil {
		return fmt.Errorf("open gate %s/%s: encode choices: %w", g.SessionID, g.Key, err)
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO gates (session_id, key, question, excerpt, choices, answer,
		answered, opened_at) VALUES ($1, $2, $3, $4, $5, '', false, $6)
		ON CONFLICT (session_id, key) DO NOTHING`,
		g.SessionID, g.Key, []byte(g.Question), []byte(g.Excerpt), string(choices), g.OpenedAt)
	if err != nil {
		return fmt.Errorf("open gate %s/%s: %w", g.SessionID, g.Key, err)
	}
	return nil
}

// AnswerGate records answer on an open gate. Answering an answered gate again with the same
// answer succeeds and changes nothing (a redelivered reply); with a different answer it is an
// error, because the run may already have acted on the first. An unknown gate is
// engine.ErrNotFound. Whether answer is one of the gate's choices is the engine's to check.
//
// The UPDATE answers only an open gate, and of racing answerers the row lock lets one through;
// the others find it answered when they re-check. An answer never changes once given, so the
// second statement, which explains a refusal, reads what refused it.
func (s *Store) AnswerGate(ctx context.Context, sessionID, key, answer string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE gates SET answer = $1, answered = true, answered_at = $2
		WHERE session_id = $3 AND key = $4 AND NOT answered`,
		[]byte(answer), s.clock(), sessionID, key)
	if err != nil {
		return fmt.Errorf("answer gate %s/%s: %w", sessionID, key, err)
	}
	if tag.RowsAffected() > 0 {
		return nil
	}
	var prev []byte
	err = s.pool.QueryRow(ctx, `SELECT answer FROM gates WHERE session_id = $1 AND key = $2`,
		sessionID, key).Scan(&prev)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("answer gate %s/%s: %w", sessionID, key, engine.ErrNotFound)
	case err != nil:
		return fmt.Errorf("answer gate %s/%s: %w", sessionID, key, err)
	case string(prev) == answer:
		return nil
	}
	return fmt.Errorf("answer gate %s/%s: already answered %q, refusing a different answer %q: %w",
		sessionID, key, prev, answer, engine.ErrGateAnswered)
}
