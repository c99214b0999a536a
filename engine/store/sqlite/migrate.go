package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/store/internal/migrations"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// createMigrationsTable is outside the numbered migrations: it is how their numbers are kept.
const createMigrationsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER NOT NULL PRIMARY KEY,
	name       TEXT    NOT NULL,
	applied_at TEXT    NOT NULL
) STRICT`

// migrate brings the database at path up to the newest embedded schema. Each migration runs in
// its own BEGIN IMMEDIATE transaction that re-reads the version first, so when two processes
// open a fresh file at once one applies it and the other, having waited for the write lock,
// finds it applied.
func migrate(ctx context.Context, db *sql.DB, path string, now func() time.Time) error {
	ms, err := migrations.Load(migrationFS)
	if err != nil {
		return fmt.Errorf("sqlite store %s: %w", path, err)
	}
	for _, m := range ms {
		if err := applyOne(ctx, db, path, m, len(ms), now); err != nil {
			return err
		}
	}
	return nil
}

func applyOne(ctx context.Context, db *sql.DB, path string, m migrations.Migration, known int,
	now func() time.Time) error {
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
	if have > known {
		return fmt.Errorf("sqlite store %s: database schema version %d is newer than this binary "+
			"supports (version %d); use a newer war-room", path, have, known)
	}
	if have >= m.Version {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return fmt.Errorf("sqlite store %s: migration %s: %w", path, m.Name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at)
		VALUES (?, ?, ?)`, m.Version, m.Name, formatTime(now())); err != nil {
		return fmt.Errorf("sqlite store %s: record migration %s: %w", path, m.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite store %s: commit migration %s: %w", path, m.Name, err)
	}
	return nil
}
