package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"time"

	"github.com/war-room/war-room/internal/store/internal/migrations"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// createMigrationsTable is outside the numbered migrations: it is how their numbers are kept.
const createMigrationsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER NOT NULL PRIMARY KEY,
	name       TEXT    NOT NULL,
	applied_at TEXT    NOT NULL
) STRICT`

// migrate brings the database at path up to the newest embedded schema, in one BEGIN IMMEDIATE
// transaction that reads the version first: when two processes open a fresh file at once one
// applies every pending migration and the other, having waited for the write lock, finds them
// applied. One transaction is also one commit (one fsync) for a fresh file rather than one per
// migration, and a migration that fails leaves the file at the version it had.
func migrate(ctx context.Context, db *sql.DB, path string, now func() time.Time) error {
	ms, err := migrations.Load(migrationFS)
	if err != nil {
		return fmt.Errorf("sqlite store %s: %w", path, err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite store %s: begin migration: %w", path, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, createMigrationsTable); err != nil {
		return fmt.Errorf("sqlite store %s: create schema_migrations: %w", path, err)
	}
	var have int
	if err := tx.QueryRowContext(ctx,
		`SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("sqlite store %s: read schema version: %w", path, err)
	}
	if have > len(ms) {
		return newerSchema(path, have, len(ms))
	}
	applied := false
	for _, m := range ms {
		if have >= m.Version {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("sqlite store %s: migration %s: %w", path, m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at)
		VALUES (?, ?, ?)`, m.Version, m.Name, formatTime(now())); err != nil {
			return fmt.Errorf("sqlite store %s: record migration %s: %w", path, m.Name, err)
		}
		applied = true
	}
	if !applied {
		return nil
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite store %s: commit migrations: %w", path, err)
	}
	return nil
}

// newerSchema is the error for a file a newer war-room wrote.
func newerSchema(path string, have, know int) error {
	return fmt.Errorf("sqlite store %s: database schema version %d is newer than this binary "+
		"supports (version %d); use a newer war-room", path, have, know)
}
