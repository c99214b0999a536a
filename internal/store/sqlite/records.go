package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// PutRecord stores value under kind and key, replacing any earlier value.
func (s *Store) PutRecord(ctx context.Context, kind, key string, value []byte) error {
	err := s.write(ctx, `INSERT INTO records (kind, key, value) VALUES (?, ?, ?)
		ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value`, kind, key, blob(value))
	if err != nil {
		return fmt.Errorf("put record %s/%s: %w", kind, key, err)
	}
	return nil
}

// GetRecord returns a record's value or engine.ErrNotFound.
func (s *Store) GetRecord(ctx context.Context, kind, key string) ([]byte, error) {
	var value []byte
	err := s.r.QueryRowContext(ctx, `SELECT value FROM records WHERE kind = ? AND key = ?`,
		kind, key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("record %s/%s: %w", kind, key, engine.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get record %s/%s: %w", kind, key, err)
	}
	return blob(value), nil
}

// ListRecords returns a kind's records ordered by key, compared byte by byte (as Go compares
// strings), whatever the locale.
func (s *Store) ListRecords(ctx context.Context, kind string) ([]engine.AdapterRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT kind, key, value FROM records WHERE kind = ?
		ORDER BY key COLLATE BINARY`, kind)
	if err != nil {
		return nil, fmt.Errorf("list records %s: %w", kind, err)
	}
	defer rows.Close()
	var out []engine.AdapterRecord
	for rows.Next() {
		var r engine.AdapterRecord
		if err := rows.Scan(&r.Kind, &r.Key, &r.Value); err != nil {
			return nil, fmt.Errorf("list records %s: %w", kind, err)
		}
		r.Value = blob(r.Value)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list records %s: %w", kind, err)
	}
	return out, nil
}

// CreateRecord inserts a record unless kind and key have one (engine.ErrExists).
func (s *Store) CreateRecord(ctx context.Context, kind, key string, value []byte) error {
	res, err := s.w.ExecContext(ctx, `INSERT INTO records (kind, key, value) VALUES (?, ?, ?)
		ON CONFLICT (kind, key) DO NOTHING`, kind, key, blob(value))
	if err != nil {
		return fmt.Errorf("create record %s/%s: %w", kind, key, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("create record %s/%s: %w", kind, key, engine.ErrExists)
	}
	return nil
}

// SwapRecord replaces the value only where it is still old, in one statement, so that two
// writers racing from the same old value cannot both win.
func (s *Store) SwapRecord(ctx context.Context, kind, key string, old, next []byte) (bool, error) {
	res, err := s.w.ExecContext(ctx, `UPDATE records SET value = ? WHERE kind = ? AND key = ?
		AND value = ?`, blob(next), kind, key, blob(old))
	if err != nil {
		return false, fmt.Errorf("swap record %s/%s: %w", kind, key, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("swap record %s/%s: %w", kind, key, err)
	}
	if n > 0 {
		return true, nil
	}
	if _, err := s.GetRecord(ctx, kind, key); err != nil {
		return false, fmt.Errorf("swap record: %w", err)
	}
	return false, nil
}
