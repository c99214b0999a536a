package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// AcquireLease takes name for holder until now+ttl in one upsert: the row is written only when
// there is none, when it is holder's own, or when it has expired at now. Text comparison of the
// fixed-width timestamps is time comparison.
func (s *Store) AcquireLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	res, err := s.w.ExecContext(ctx, `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE leases.holder = excluded.holder OR leases.expires_at <= ?`,
		name, holder, formatTime(now.Add(ttl)), formatTime(now))
	if err != nil {
		return false, fmt.Errorf("acquire lease %s: %w", name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("acquire lease %s: %w", name, err)
	}
	return n > 0, nil
}

// ReleaseLease deletes holder's lease on name, if it still has it.
func (s *Store) ReleaseLease(ctx context.Context, name, holder string) error {
	if _, err := s.w.ExecContext(ctx, `DELETE FROM leases WHERE name = ? AND holder = ?`, name, holder); err != nil {
		return fmt.Errorf("release lease %s: %w", name, err)
	}
	return nil
}

// LeaseHolder reads who holds name at now ("" for nobody).
func (s *Store) LeaseHolder(ctx context.Context, name string, now time.Time) (string, error) {
	var holder string
	err := s.r.QueryRowContext(ctx, `SELECT holder FROM leases WHERE name = ? AND expires_at > ?`, name, formatTime(now)).Scan(&holder)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read lease %s: %w", name, err)
	}
	return holder, nil
}
