package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/engine"
)

// PutRecord stores value under kind and key, replacing any earlier value.
func (s *Store) PutRecord(ctx context.Context, kind, key string, value []byte) error {
	err := s.write(ctx, `INSERT INTO records (kind, key, value) VALUES ($1, $2, $3)
		ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value`, kind, key, blob(value))
	if err != nil {
		return fmt.Errorf("put record %s/%s: %w", kind, key, err)
	}
	return nil
}

// GetRecord returns a record's value or engine.ErrNotFound.
func (s *Store) GetRecord(ctx context.Context, kind, key string) ([]byte, error) {
	var value []byte
	err := s.pool.QueryRow(ctx, `SELECT value FROM records WHERE kind = $1 AND key = $2`,
		kind, key).Scan(&value)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("record %s/%s: %w", kind, key, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get record %s/%s: %w", kind, key, err)
	}
	return blob(value), nil
}

// ListRecords returns a kind's records ordered by key, compared byte by byte (the column is
// COLLATE "C"), whatever the database's collation.
func (s *Store) ListRecords(ctx context.Context, kind string) ([]engine.AdapterRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT kind, key, value FROM records WHERE kind = $1
		ORDER BY key`, kind)
	if err != nil {
		return nil, fmt.Errorf("list records %s: %w", kind, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (engine.AdapterRecord, error) {
		var r engine.AdapterRecord
		err := row.Scan(&r.Kind, &r.Key, &r.Value)
		r.Value = blob(r.Value)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("list records %s: %w", kind, err)
	}
	return out, nil
}

// CreateRecord inserts a record unless kind and key have one (engine.ErrExists). A creator
// racing one whose insert is not yet committed waits for it, then finds the key taken.
func (s *Store) CreateRecord(ctx context.Context, kind, key string, value []byte) error {
	tag, err := s.pool.Exec(ctx, `INSERT INTO records (kind, key, value) VALUES ($1, $2, $3)
		ON CONFLICT (kind, key) DO NOTHING`, kind, key, blob(value))
	if err != nil {
		return fmt.Errorf("create record %s/%s: %w", kind, key, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("create record %s/%s: %w", kind, key, engine.ErrExists)
	}
	return nil
}

// swapRecord updates the value only where it is still old, and says in the same statement
// whether the record exists. Racing swappers queue on the row lock; each one after the
// first re-checks the value the first committed, so exactly one wins. Records are never
// deleted, so existence read from the statement's snapshot is existence.
const swapRecord = `WITH swapped AS (
		UPDATE records SET value = $4 WHERE kind = $1 AND key = $2 AND value = $3 RETURNING 1)
	SELECT EXISTS (SELECT 1 FROM swapped),
		EXISTS (SELECT 1 FROM records WHERE kind = $1 AND key = $2)`

// SwapRecord replaces the value with next only where it is still old (compare-and-swap).
func (s *Store) SwapRecord(ctx context.Context, kind, key string, old, next []byte) (bool, error) {
	var swapped, exists bool
	err := s.pool.QueryRow(ctx, swapRecord, kind, key, blob(old), blob(next)).Scan(&swapped, &exists)
	if err != nil {
		return false, fmt.Errorf("swap record %s/%s: %w", kind, key, err)
	}
	if !exists {
		return false, fmt.Errorf("swap record: record %s/%s: %w", kind, key, engine.ErrNotFound)
	}
	return swapped, nil
}
