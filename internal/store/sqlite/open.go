package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/groupcommit"
)

var _ engine.Store = (*Store)(nil)

// busyTimeout is how long a connection waits for another process's write lock before failing
// with SQLITE_BUSY. Writes here are single short transactions, so ten seconds of waiting means
// something is wrong rather than merely busy.
const busyTimeout = 10 * time.Second

// Store is an engine.Store on one SQLite file.
//
// It holds two pools. The write pool has exactly one connection and begins every transaction
// with BEGIN IMMEDIATE: writes from this process queue in database/sql instead of racing for
// SQLite's single write lock, and a transaction that reads before it writes takes the lock at
// BEGIN, so it can never hit the SQLITE_BUSY that a deferred transaction gets when it tries to
// upgrade a stale read snapshot (a case busy_timeout does not retry). Writers in other
// processes are waited for by busy_timeout. The read pool has several query-only connections;
// under WAL they read the last committed state without blocking the writer or each other.
type Store struct {
	path string
	w    *sql.DB
	r    *sql.DB
	now  func() time.Time
	sync Sync
	// stmts are the writes every call makes, compiled once.
	stmts prepared
	// steps is the writer that group-commits PutStepWithLedger.
	steps *groupcommit.Writer[*stepWrite]
	// batched, when set, is told the size of every batch of steps before it is written (tests).
	batched func(n int)
	// committing, when set, is told the synchronous mode (1 NORMAL, 2 FULL) every transaction
	// inTx runs commits under (tests).
	committing func(mode int)
}

// option configures Open.
type option func(*Store)

// Sync is how hard a commit waits for the disk.
type Sync string

const (
	// SyncFull (the default) syncs the log at every commit but a derived write's (see
	// engine.Derived and inTx): a stored call, a session, a status, a gate, a publication's
	// state survive a power loss or an OS crash, at the price of one fsync per write; a
	// derived write is durable with the next synced commit.
	SyncFull Sync = "FULL"
	// SyncNormal syncs the log only at checkpoints: a stored step survives a process crash
	// (SIGKILL included) but the last commits can vanish on power loss. Execution is
	// at-least-once, so the cost of that is repeated calls, never a wrong record; choose it
	// where per-call latency matters more than power-loss durability (benchmarks, busy App
	// replicas on reliable storage).
	SyncNormal Sync = "NORMAL"
)

// WithSync chooses the commit durability (default SyncFull).
func WithSync(mode Sync) option {
	return func(s *Store) { s.sync = mode }
}

// Open opens (creating if needed) the database at path, creating its parent directories with
// mode 0700 and applying any pending schema migrations.
func Open(ctx context.Context, path string, opts ...option) (*Store, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite store %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("sqlite store %s: create directory: %w", abs, err)
	}
	s := &Store{path: abs, now: time.Now, sync: SyncFull}
	for _, o := range opts {
		o(s)
	}
	if s.w, err = openPool(ctx, abs, writerParamsFor(s.sync), 1); err != nil {
		return nil, err
	}
	if err := enableWAL(ctx, s.w, abs); err != nil {
		s.w.Close()
		return nil, err
	}
	if err := migrate(ctx, s.w, abs, s.now); err != nil {
		s.w.Close()
		return nil, err
	}
	if err := s.stmts.prepare(ctx, s.w); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("sqlite store %s: %w", abs, err)
	}
	if s.r, err = openPool(ctx, abs, readerParams, readers()); err != nil {
		s.stmts.close()
		s.w.Close()
		return nil, err
	}
	s.steps = groupcommit.New(maxStepBatch, s.commitSteps)
	return s, nil
}

// Path is the absolute path of the database file.
func (s *Store) Path() string { return s.path }

// Close closes both pools; closing twice is harmless.
func (s *Store) Close() error {
	s.steps.Close()
	return errors.Join(s.stmts.close(), s.r.Close(), s.w.Close())
}

// readers sizes the read pool: enough for the engine's parallel fan-out, few enough that idle
// connections do not pile up file descriptors.
func readers() int {
	return min(max(runtime.GOMAXPROCS(0), 2), 8)
}

func openPool(ctx context.Context, path string, params url.Values, conns int) (*sql.DB, error) {
	u := url.URL{Scheme: "file", Path: path, RawQuery: params.Encode()}
	db, err := sql.Open("sqlite", u.String())
	if err != nil {
		return nil, fmt.Errorf("sqlite store %s: open: %w", path, err)
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	// Ping makes the first connection now, so a file we cannot create or a pragma that fails
	// is reported by Open rather than by the first step.
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite store %s: open: %w", path, err)
	}
	return db, nil
}
