package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/war-room/war-room/internal/groupcommit"
	"github.com/war-room/war-room/internal/store/internal/migrations"
)

// OpenReadOnly opens the existing database at path for reading only, as on a read-only mount
// or a file this user may not write: nothing is created, migrated or switched to WAL. A file
// whose write-ahead log cannot be opened without writing beside it (its -shm file does not
// exist and the directory takes no new file) is opened as immutable, which SQLite reads
// without any lock: right for a file nothing is writing, as on read-only media. A schema
// older or newer than this binary's is refused, since only a writable open migrates it.
// Every write the returned Store is asked for fails, with SQLite's read-only error.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite store %s: %w", path, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("sqlite store %s: %w", abs, err)
	}
	params := url.Values{"mode": {"ro"}, "_pragma": readerParams["_pragma"]}
	db, err := openReadOnlyPool(ctx, abs, params)
	if err != nil {
		params.Set("immutable", "1")
		var again error
		if db, again = openReadOnlyPool(ctx, abs, params); again != nil {
			return nil, errors.Join(err, again)
		}
	}
	s := &Store{path: abs, now: time.Now, sync: SyncFull, w: db, r: db}
	if err := s.stmts.prepare(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite store %s: %w", abs, err)
	}
	s.steps = groupcommit.New(maxStepBatch, s.commitSteps)
	return s, nil
}

// openReadOnlyPool opens the read pool with params and checks that the schema is the one this
// binary writes.
func openReadOnlyPool(ctx context.Context, path string, params url.Values) (*sql.DB, error) {
	db, err := openPool(ctx, path, params, readers())
	if err != nil {
		return nil, err
	}
	if err := schemaIsCurrent(ctx, db, path); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// schemaIsCurrent reads the file's schema version and refuses one this binary did not write.
func schemaIsCurrent(ctx context.Context, db *sql.DB, path string) error {
	ms, err := migrations.Load(migrationFS)
	if err != nil {
		return fmt.Errorf("sqlite store %s: %w", path, err)
	}
	var have int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("sqlite store %s: read schema version: %w", path, err)
	}
	switch {
	case have > len(ms):
		return newerSchema(path, have, len(ms))
	case have < len(ms):
		return fmt.Errorf("sqlite store %s: the file has schema version %d and this war-room reads version %d; "+
			"open it once where it can be written, so that it is migrated", path, have, len(ms))
	}
	return nil
}
