package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

// ListSessions returns sessions newest first (by CreatedAt; among equal times, the one created
// later first), only those of protocol unless it is empty, at most limit unless limit <= 0.
// The two filters are two statements so that each keeps a plan that walks its own index.
func (s *Store) ListSessions(ctx context.Context, protocol string, limit int) ([]engine.Session, error) {
	return s.listSessions(ctx, sessionCols, protocol, limit)
}

var _ engine.HeadLister = (*Store)(nil)

// headCols are sessionCols with the inputs read as an empty list: the column can hold a
// megabyte of context per session.
var headCols = strings.Replace(sessionCols, "inputs", "'[]'::text", 1)

// ListSessionHeads is ListSessions without reading any session's inputs.
func (s *Store) ListSessionHeads(ctx context.Context, protocol string, limit int) ([]engine.Session, error) {
	return s.listSessions(ctx, headCols, protocol, limit)
}

func (s *Store) listSessions(ctx context.Context, cols, protocol string, limit int) ([]engine.Session, error) {
	var lim *int // NULL: no limit
	if limit > 0 {
		lim = &limit
	}
	sql, args := `SELECT `+cols+` FROM sessions
		ORDER BY created_at DESC, ord DESC LIMIT $1`, []any{lim}
	if protocol != "" {
		sql, args = `SELECT `+cols+` FROM sessions WHERE protocol = $2
			ORDER BY created_at DESC, ord DESC LIMIT $1`, []any{lim, protocol}
	}
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out, err := collect(rows, func(row pgx.Row) (engine.Session, error) {
		sess, err := scanSession(row)
		if err != nil {
			return engine.Session{}, err
		}
		return *sess, nil
	})
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// scanSession reads one session from a query of sessionCols.
func scanSession(sc pgx.Row) (*engine.Session, error) {
	var (
		sess           engine.Session
		title, errText []byte
		inputs, status string
	)
	if err := sc.Scan(&sess.ID, &sess.Protocol, &title, &inputs, &sess.Seed, &sess.SeedSource,
		&sess.Options, &status, &errText, &sess.CreatedAt, &sess.UpdatedAt); err != nil {
		return nil, err
	}
	sess.Title, sess.Error, sess.Status = string(title), string(errText), engine.Status(status)
	sess.CreatedAt, sess.UpdatedAt = sess.CreatedAt.UTC(), sess.UpdatedAt.UTC()
	if err := json.Unmarshal([]byte(inputs), &sess.Inputs); err != nil {
		return nil, fmt.Errorf("session %s: decode inputs: %w", sess.ID, err)
	}
	return &sess, nil
}
