// Package store opens the engine.Store a target names, so that every command and the App
// choose between the stores in one place: a postgres:// or postgresql:// URL is the
// PostgreSQL store (state shared by every process that uses the database), anything else is
// the path of a SQLite file (state of one machine).
package store

import (
	"context"
	"fmt"
	"net/url"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/postgres"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// Open opens the store target names, creating and migrating it as needed. A SQLite file (or
// directory) this process cannot write is refused with a *ReadOnlyError before anything is
// tried: only OpenForReading opens it.
func Open(ctx context.Context, target string) (engine.Store, error) {
	if postgres.IsURL(target) {
		st, err := postgres.Open(ctx, target)
		if err != nil {
			return nil, err
		}
		return st, nil
	}
	if why := unwritable(target); why != nil {
		return nil, &ReadOnlyError{Where: target, Op: "writes to it", Why: why}
	}
	st, err := sqlite.Open(ctx, target)
	if err != nil {
		return nil, fmt.Errorf("open state file %s: %w", target, err)
	}
	return st, nil
}

// Describe names target for logs and messages: a URL with its password hidden, or the path.
func Describe(target string) string {
	if !postgres.IsURL(target) {
		return target
	}
	u, err := url.Parse(target)
	if err != nil {
		return "a PostgreSQL URL that does not parse"
	}
	return u.Redacted()
}
