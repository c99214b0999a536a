package postgres

import (
	"context"
	"embed"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/internal/store/internal/migrations"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// migrateLockClass is the first key of the advisory lock migrations hold ("war " in ASCII);
// the second is the schema's name hashed, so stores in different schemas do not wait for
// each other.
const migrateLockClass = 0x77617220

// createMigrationsTable is outside the numbered migrations: it is how their numbers are kept.
const createMigrationsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    integer     NOT NULL PRIMARY KEY,
	name       text        NOT NULL,
	applied_at timestamptz NOT NULL
)`

// migrate brings the schema up to the newest embedded version in one transaction that first
// takes an advisory lock: replicas starting at once queue on the lock, and each one after the
// first finds the migrations applied. CREATE … IF NOT EXISTS alone would not do, since two
// sessions running it at once can both try to create.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := migrations.Load(migrationFS)
	if err != nil {
		return fmt.Errorf("postgres store: %w", err)
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres store (%s): begin migration: %w", s.where, err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`,
		int32(migrateLockClass), s.schema); err != nil {
		return fmt.Errorf("postgres store (%s): lock for migration: %w", s.where, err)
	}
	have, err := s.schemaVersion(ctx, tx)
	if err != nil {
		return err
	}
	if have > len(ms) {
		return fmt.Errorf("postgres store (%s): database schema version %d is newer than this "+
			"binary supports (version %d); use a newer war-room", s.where, have, len(ms))
	}
	for _, m := range ms[have:] {
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("postgres store (%s): migration %s: %w", s.where, m.Name, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at)
			VALUES ($1, $2, $3)`, m.Version, m.Name, s.clock()); err != nil {
			return fmt.Errorf("postgres store (%s): record migration %s: %w", s.where, m.Name, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres store (%s): commit migrations: %w", s.where, err)
	}
	return nil
}

// schemaVersion creates the schema and its migrations table if they are missing and returns
// the newest version applied. The schema is created only when absent, so a role that may use
// an existing schema but not create one in the database can still open the store.
func (s *Store) schemaVersion(ctx context.Context, tx pgx.Tx) (int, error) {
	var exists bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)`,
		s.schema).Scan(&exists); err != nil {
		return 0, fmt.Errorf("postgres store (%s): look for the schema: %w", s.where, err)
	}
	if !exists {
		if _, err := tx.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{s.schema}.Sanitize()); err != nil {
			return 0, fmt.Errorf("postgres store (%s): create the schema: %w", s.where, err)
		}
	}
	if _, err := tx.Exec(ctx, createMigrationsTable); err != nil {
		return 0, fmt.Errorf("postgres store (%s): create schema_migrations: %w", s.where, err)
	}
	var have int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).
		Scan(&have); err != nil {
		return 0, fmt.Errorf("postgres store (%s): read schema version: %w", s.where, err)
	}
	return have, nil
}
