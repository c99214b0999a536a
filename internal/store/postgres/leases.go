package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// AcquireLease takes name for holder until now+ttl in one upsert: the row is written only when
// there is none, when it is holder's own, or when it has expired at now. ON CONFLICT locks the
// existing row and evaluates the condition on its latest version, so of holders racing for a
// free or expired lease exactly one gets it. Expiry is judged by the caller's now, not the
// database's clock, as the contract says.
func (s *Store) AcquireLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE leases.holder = excluded.holder OR leases.expires_at <= $4`,
		name, holder, stamp(now.Add(ttl)), stamp(now))
	if err != nil {
		return false, fmt.Errorf("acquire lease %s: %w", name, err)
	}
	return tag.RowsAffected() > 0, nil
}

// ReleaseLease deletes holder's lease on name, if it still has it.
func (s *Store) ReleaseLease(ctx context.Context, name, holder string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM leases WHERE name = $1 AND holder = $2`, name, holder); err != nil {
		return fmt.Errorf("release lease %s: %w", name, err)
	}
	return nil
}

// LeaseHolder reads who holds name at now ("" for nobody).
func (s *Store) LeaseHolder(ctx context.Context, name string, now time.Time) (string, error) {
	var holder string
	err := s.pool.QueryRow(ctx, `SELECT holder FROM leases WHERE name = $1 AND expires_at > $2`, name, stamp(now)).Scan(&holder)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read lease %s: %w", name, err)
	}
	return holder, nil
}
