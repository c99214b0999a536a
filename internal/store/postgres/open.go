package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/war-room/war-room/engine"
)

var _ engine.Store = (*Store)(nil)

// defaultSchema holds the store's tables unless WithSchema names another, so that they sit
// apart from the job queue's (River's, in the connection's own schema) and from anything
// else in the database.
const defaultSchema = "war_room"

// Store is an engine.Store in one schema of a PostgreSQL database.
type Store struct {
	pool   *pgxpool.Pool
	schema string
	where  string // host, port, database and schema, for errors: never the password
	now    func() time.Time
	// committing, when set, is told synchronous_commit inside every derived transaction
	// (tests).
	committing func(setting string)
}

// Option configures Open.
type Option func(*Store)

// WithClock sets the clock used for timestamps the store assigns (session creation when the
// caller left it zero, status changes, artifacts, gates, steps). The default is time.Now.
func WithClock(now func() time.Time) Option {
	return func(s *Store) { s.now = now }
}

// WithSchema keeps the tables in schema instead of the URL's search_path or DefaultSchema;
// Open creates it if needed.
func WithSchema(schema string) Option {
	return func(s *Store) { s.schema = schema }
}

// IsURL reports whether s names a PostgreSQL database rather than a file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database at dbURL (a postgres:// or postgresql:// URL; pgxpool's
// pool_max_conns and the other pool_ parameters apply) and brings the store's schema up to
// date. The tables live in the schema WithSchema names, else in the one the URL's
// search_path parameter names (…?search_path=NAME), else in DefaultSchema. The URL is never
// part of an error, since it may hold a password.
func Open(ctx context.Context, dbURL string, opts ...Option) (*Store, error) {
	if !IsURL(dbURL) {
		return nil, fmt.Errorf("postgres store: the database URL must start with postgres:// or postgresql://")
	}
	cfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return nil, fmt.Errorf("postgres store: %w", err)
	}
	c := cfg.ConnConfig
	s := &Store{schema: defaultSchema, now: time.Now}
	if p := c.RuntimeParams["search_path"]; p != "" {
		if strings.ContainsAny(p, `,"' `) {
			return nil, fmt.Errorf("postgres store: the URL's search_path must name one schema, unquoted (got %q)", p)
		}
		s.schema = p
	}
	for _, o := range opts {
		o(s)
	}
	s.where = fmt.Sprintf("database %s on %s:%d, schema %s", c.Database, c.Host, c.Port, s.schema)
	// Every statement names its tables unqualified; the search path puts them in our schema.
	c.RuntimeParams["search_path"] = pgx.Identifier{s.schema}.Sanitize()
	if s.pool, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return nil, fmt.Errorf("postgres store (%s): %w", s.where, err)
	}
	if err := s.pool.Ping(ctx); err != nil {
		s.pool.Close()
		return nil, fmt.Errorf("postgres store (%s): %w", s.where, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	return s, nil
}

// String says where the store is, without credentials.
func (s *Store) String() string { return "PostgreSQL " + s.where }

// Close closes the pool; closing twice is harmless.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}
