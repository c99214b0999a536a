package sqlite

import (
	"database/sql"
	"fmt"
	"time"
)

// timeLayout is RFC 3339 in UTC with exactly nine fraction digits. time.RFC3339Nano drops
// trailing zeros, which makes "…:05Z" sort after "…:05.5Z" as text; a fixed width keeps text
// order equal to time order, which ListSessions relies on. time.RFC3339Nano parses it.
const timeLayout = "2006-01-02T15:04:05.000000000Z07:00"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("stored timestamp %q: %w", s, err)
	}
	return t.UTC(), nil
}

func parseNullTime(s sql.NullString) (*time.Time, error) {
	if !s.Valid {
		return nil, nil
	}
	t, err := parseTime(s.String)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// blob turns nil into an empty slice: the driver binds a nil []byte as NULL, and the NOT NULL
// columns holding bodies and results must accept an empty one.
func blob(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
