package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
)

// ListSessions returns sessions newest first (by CreatedAt; among equal times, the one created
// later first), only those of protocol unless it is empty, at most limit unless limit <= 0.
func (s *Store) ListSessions(ctx context.Context, protocol string, limit int) ([]engine.Session, error) {
	return s.listSessions(ctx, sessionCols, protocol, limit)
}

var _ engine.HeadLister = (*Store)(nil)

// headCols are sessionCols with the inputs read as an empty list: the column can hold a
// megabyte of context per session.
var headCols = strings.Replace(sessionCols, "inputs", "'[]'", 1)

// ListSessionHeads is ListSessions without reading any session's inputs.
func (s *Store) ListSessionHeads(ctx context.Context, protocol string, limit int) ([]engine.Session, error) {
	return s.listSessions(ctx, headCols, protocol, limit)
}

func (s *Store) listSessions(ctx context.Context, cols, protocol string, limit int) ([]engine.Session, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := s.r.QueryContext(ctx, `SELECT `+cols+` FROM sessions
		WHERE ? = '' OR protocol = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`,
		protocol, protocol, limit)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	defer rows.Close()
	var out []engine.Session
	for rows.Next() {
		sess, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("list sessions: %w", err)
		}
		out = append(out, *sess)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// scanner is the part of *sql.Row and *sql.Rows the scan helpers need.
type scanner interface{ Scan(dest ...any) error }

func scanSession(sc scanner) (*engine.Session, error) {
	var (
		sess             engine.Session
		inputs, status   string
		created, updated string
	)
	if err := sc.Scan(&sess.ID, &sess.Protocol, &sess.Title, &inputs, &sess.Seed,
		&sess.SeedSource, &sess.Options, &status, &sess.Error, &created, &updated); err != nil {
		return nil, err
	}
	sess.Status = engine.Status(status)
	if err := json.Unmarshal([]byte(inputs), &sess.Inputs); err != nil {
		return nil, fmt.Errorf("session %s: decode inputs: %w", sess.ID, err)
	}
	var err error
	if sess.CreatedAt, err = parseTime(created); err != nil {
		return nil, fmt.Errorf("session %s: %w", sess.ID, err)
	}
	if sess.UpdatedAt, err = parseTime(updated); err != nil {
		return nil, fmt.Errorf("session %s: %w", sess.ID, err)
	}
	return &sess, nil
}
