package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

// appendLedger takes the session's next number and inserts the row in one statement: the
// UPDATE locks the session's row, so appenders of one session, in any process, take numbers
// one after another, and a failed insert gives its number back with the rollback (no gaps).
const appendLedger = `WITH next AS (
		UPDATE sessions SET ledger_seq = ledger_seq + 1 WHERE id = $1 RETURNING ledger_seq)
	INSERT INTO ledger (session_id, seq, step, role, profile, provider, model, model_reported,
		family, effort, prompt_sha256, inputs, attempt, input_tokens, output_tokens,
		cache_read_tokens, cache_write_tokens, cost_usd, latency_ms, outcome, error_class,
		error_text, scripted, started_at, effort_asked, max_tokens, thinking, stop_reason,
		thinking_tokens)
	SELECT $1, ledger_seq, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
		$17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28
	FROM next
	RETURNING seq`

// AppendLedger appends e with the next sequence number of its session (1, 2, 3, … without
// gaps) and writes that number back into e.Seq. The session must exist. StartedAt is cut to
// microseconds (in e too).
func (s *Store) AppendLedger(ctx context.Context, e *ledger.Entry) error {
	return appendLedgerOn(ctx, s.pool, e)
}

// querier is what appendLedgerOn runs on: the pool, or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// appendLedgerOn appends e through q.
func appendLedgerOn(ctx context.Context, q querier, e *ledger.Entry) error {
	inputs, err := json.Marshal(e.Inputs)
	if err != nil {
		return fmt.Errorf("append ledger %s: encode inputs: %w", e.SessionID, err)
	}
	e.StartedAt = stamp(e.StartedAt)
	u := e.Usage
	err = q.QueryRow(ctx, appendLedger,
		e.SessionID, e.Step, e.Role, e.Profile, e.Provider, e.Model, e.ModelReported, e.Family,
		string(e.Effort), e.PromptSHA256, string(inputs), e.Attempt,
		u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, e.CostUSD,
		e.LatencyMS, e.Outcome, e.ErrorClass, []byte(e.ErrorText), e.Scripted, e.StartedAt,
		string(e.EffortAsked), e.MaxTokens, string(e.Thinking), e.StopReason, u.ThinkingTokens,
	).Scan(&e.Seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("append ledger %s: no such session", e.SessionID)
	}
	if err != nil {
		return fmt.Errorf("append ledger %s: %w", e.SessionID, err)
	}
	return nil
}

// Ledger returns a session's entries in sequence order; an unknown session has none.
func (s *Store) Ledger(ctx context.Context, sessionID string) ([]ledger.Entry, error) {
	rows, err := s.pool.Query(ctx, `SELECT session_id, seq, step, role, profile, provider,
		model, model_reported, family, effort, prompt_sha256, inputs, attempt, input_tokens,
		output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, latency_ms, outcome,
		error_class, error_text, scripted, started_at, effort_asked, max_tokens, thinking,
		stop_reason, thinking_tokens
		FROM ledger WHERE session_id = $1 ORDER BY seq`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("ledger %s: %w", sessionID, err)
	}
	out, err := collect(rows, scanLedger)
	if err != nil {
		return nil, fmt.Errorf("ledger %s: %w", sessionID, err)
	}
	return out, nil
}

func scanLedger(sc pgx.Row) (ledger.Entry, error) {
	var (
		e               ledger.Entry
		effort, inputs  string
		asked, thinking string
		errText         []byte
		u               provider.Usage
	)
	if err := sc.Scan(&e.SessionID, &e.Seq, &e.Step, &e.Role, &e.Profile, &e.Provider, &e.Model,
		&e.ModelReported, &e.Family, &effort, &e.PromptSHA256, &inputs, &e.Attempt,
		&u.InputTokens, &u.OutputTokens, &u.CacheReadTokens, &u.CacheWriteTokens, &e.CostUSD,
		&e.LatencyMS, &e.Outcome, &e.ErrorClass, &errText, &e.Scripted, &e.StartedAt,
		&asked, &e.MaxTokens, &thinking, &e.StopReason, &u.ThinkingTokens); err != nil {
		return e, err
	}
	e.Effort, e.Usage, e.ErrorText, e.StartedAt = provider.Effort(effort), u, string(errText), e.StartedAt.UTC()
	e.EffortAsked, e.Thinking = provider.Effort(asked), provider.Thinking(thinking)
	if err := json.Unmarshal([]byte(inputs), &e.Inputs); err != nil {
		return e, fmt.Errorf("entry %d: decode inputs: %w", e.Seq, err)
	}
	return e, nil
}
