package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

// appendLedgerSQL numbers the row inside the INSERT, under SQLite's write lock.
const appendLedgerSQL = `INSERT INTO ledger (session_id, seq, step, role, profile,
		provider, model, model_reported, family, effort, prompt_sha256, inputs, attempt,
		input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, latency_ms,
		outcome, error_class, error_text, scripted, started_at,
		effort_asked, max_tokens, thinking, stop_reason, thinking_tokens)
		SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
			?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28
		FROM ledger WHERE session_id = ?1
		RETURNING seq`

// AppendLedger appends e with the next sequence number of its session (1, 2, 3, … without
// gaps) and writes that number back into e.Seq. The number is computed inside the INSERT, which
// SQLite runs under its write lock, so concurrent appenders in any process never collide.
func (s *Store) AppendLedger(ctx context.Context, e *ledger.Entry) error {
	return appendLedger(ctx, s.stmts.appendLedger, e)
}

// appendLedger runs the prepared append for e, on its own or inside a transaction.
func appendLedger(ctx context.Context, stmt *sql.Stmt, e *ledger.Entry) error {
	inputs, err := json.Marshal(e.Inputs)
	if err != nil {
		return fmt.Errorf("append ledger %s: encode inputs: %w", e.SessionID, err)
	}
	u := e.Usage
	err = stmt.QueryRowContext(ctx,
		e.SessionID, e.Step, e.Role, e.Profile, e.Provider, e.Model, e.ModelReported, e.Family,
		string(e.Effort), e.PromptSHA256, string(inputs), e.Attempt,
		u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, e.CostUSD,
		e.LatencyMS, e.Outcome, e.ErrorClass, e.ErrorText, e.Scripted, formatTime(e.StartedAt),
		string(e.EffortAsked), e.MaxTokens, string(e.Thinking), e.StopReason, u.ThinkingTokens,
	).Scan(&e.Seq)
	if err != nil {
		return fmt.Errorf("append ledger %s: %w", e.SessionID, err)
	}
	return nil
}

// Ledger returns a session's entries in sequence order; an unknown session has none.
func (s *Store) Ledger(ctx context.Context, sessionID string) ([]ledger.Entry, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT session_id, seq, step, role, profile, provider,
		model, model_reported, family, effort, prompt_sha256, inputs, attempt, input_tokens,
		output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, latency_ms, outcome,
		error_class, error_text, scripted, started_at,
		effort_asked, max_tokens, thinking, stop_reason, thinking_tokens
		FROM ledger WHERE session_id = ? ORDER BY seq`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("ledger %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []ledger.Entry
	for rows.Next() {
		e, err := scanLedger(rows)
		if err != nil {
			return nil, fmt.Errorf("ledger %s: %w", sessionID, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ledger %s: %w", sessionID, err)
	}
	return out, nil
}

func scanLedger(sc scanner) (ledger.Entry, error) {
	var (
		e                       ledger.Entry
		effort, asked, thinking string
		inputs, started         string
		u                       provider.Usage
	)
	if err := sc.Scan(&e.SessionID, &e.Seq, &e.Step, &e.Role, &e.Profile, &e.Provider, &e.Model,
		&e.ModelReported, &e.Family, &effort, &e.PromptSHA256, &inputs, &e.Attempt,
		&u.InputTokens, &u.OutputTokens, &u.CacheReadTokens, &u.CacheWriteTokens, &e.CostUSD,
		&e.LatencyMS, &e.Outcome, &e.ErrorClass, &e.ErrorText, &e.Scripted, &started,
		&asked, &e.MaxTokens, &thinking, &e.StopReason, &u.ThinkingTokens); err != nil {
		return e, err
	}
	e.Effort, e.EffortAsked, e.Thinking, e.Usage = provider.Effort(effort), provider.Effort(asked), provider.Thinking(thinking), u
	if err := json.Unmarshal([]byte(inputs), &e.Inputs); err != nil {
		return e, fmt.Errorf("entry %d: decode inputs: %w", e.Seq, err)
	}
	var err error
	if e.StartedAt, err = parseTime(started); err != nil {
		return e, fmt.Errorf("entry %d: %w", e.Seq, err)
	}
	return e, nil
}
