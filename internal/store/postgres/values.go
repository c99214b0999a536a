package postgres

import (
	"time"

	"github.com/jackc/pgx/v5"
)

// stamp is t as the database keeps it: timestamptz holds microseconds, so a value is cut to
// that before it is written, and the cut value is what the store hands back to its caller.
func stamp(t time.Time) time.Time { return t.Truncate(time.Microsecond) }

// clock is the store's clock at the database's precision.
func (s *Store) clock() time.Time { return stamp(s.now()) }

// blob turns nil into an empty slice: pgx sends a nil []byte as NULL, and the NOT NULL
// columns holding bodies and results must accept an empty one.
func blob(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// collect reads every row with scan, which also reads the single row of a QueryRow.
func collect[T any](rows pgx.Rows, scan func(pgx.Row) (T, error)) ([]T, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (T, error) { return scan(r) })
}
