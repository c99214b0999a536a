package queue

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/war-room/war-room/internal/store/postgres"
)

// sqliteQueueParams: wait out a lock rather than fail; write-ahead log; a commit is on disk
// before the webhook answers 202, because GitHub will not send that delivery again.
var sqliteQueueParams = url.Values{"_pragma": {"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)"}}

// sqliteFetchPoll is how often a SQLite queue's idle workers look for jobs. SQLite has no
// LISTEN: River wakes this process's workers itself after an insert of its own transaction
// (InsertMany), but not after an insert in the caller's transaction (InsertManyTx), which the
// intake uses so that a job and its payload commit together. Without that wake-up a new job
// would wait for River's one-second poll; a poll this often keeps the wait about what it was
// (River's fetch cooldown is as long), for one small query per tenth of a second when idle.
const sqliteFetchPoll = 100 * time.Millisecond

// OpenSQLite opens (creating, and migrating to River's schema) the queue in the SQLite
// file at path. One process at a time should run it: this is the single-replica mode.
func OpenSQLite(ctx context.Context, path string, w Worker, cfg Config) (*Queue, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("job queue %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("job queue %s: %w", abs, err)
	}
	u := url.URL{Scheme: "file", Path: abs, RawQuery: sqliteQueueParams.Encode()}
	db, err := sql.Open("sqlite", u.String())
	if err != nil {
		return nil, fmt.Errorf("job queue %s: %w", abs, err)
	}
	// River's SQLite driver runs maintenance beside the workers; SQLite allows one writer, so
	// one connection makes them queue instead of failing with SQLITE_BUSY.
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("job queue %s: %w", abs, err)
	}
	if cfg.Poll <= 0 {
		cfg.Poll = sqliteFetchPoll
	}
	q, err := newQueue(ctx, riversqlite.New(db), sqlitePayloads{db}, w, cfg, func() { db.Close() })
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", abs, err)
	}
	return q, nil
}

// IsPostgresURL reports whether s names a PostgreSQL database (as the state store decides).
func IsPostgresURL(s string) bool { return postgres.IsURL(s) }

// OpenPostgres opens the queue in a PostgreSQL database (migrating it to River's
// schema): the mode for several replicas sharing one queue. The URL is never in an error,
// since it may carry a password.
func OpenPostgres(ctx context.Context, dbURL string, w Worker, cfg Config) (*Queue, error) {
	if !IsPostgresURL(dbURL) {
		return nil, fmt.Errorf("job queue: the database URL must start with postgres:// or postgresql://")
	}
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return nil, fmt.Errorf("job queue: PostgreSQL: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("job queue: PostgreSQL: %w", err)
	}
	q, err := newQueue(ctx, riverpgxv5.New(pool), pgPayloads{pool}, w, cfg, pool.Close)
	if err != nil {
		pool.Close()
		return nil, err
	}
	return q, nil
}
