package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// enableWAL switches the file to write-ahead logging: readers never block the writer and the
// writer never blocks readers. The mode is stored in the file, so every later connection, in
// any process, uses it; setting it again is a cheap no-op.
//
// It is not a DSN pragma because the switch needs an exclusive lock, and when another process
// holds the file open in the default rollback mode (two processes opening a fresh file at
// once) SQLite reports SQLITE_BUSY at once instead of calling the busy handler. So the switch
// is retried here, for as long as busy_timeout would have waited.
func enableWAL(ctx context.Context, db *sql.DB, path string) error {
	deadline := time.Now().Add(busyTimeout)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		var mode string
		err := db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode)
		switch {
		case err == nil && strings.EqualFold(mode, "wal"):
			return nil
		case err == nil:
			return fmt.Errorf("sqlite store %s: cannot use WAL journal (file system gave %q)", path, mode)
		case !isBusy(err) || time.Now().After(deadline):
			return fmt.Errorf("sqlite store %s: enable WAL: %w", path, err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("sqlite store %s: enable WAL: %w", path, ctx.Err())
		case <-time.After(wait):
		}
	}
}

// isBusy reports SQLITE_BUSY or SQLITE_LOCKED, whatever the extended code.
func isBusy(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
}
