package sqlite

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/store/internal/migrations"
)

// TestConnectionPragmas checks the settings durability and concurrency depend on are in force
// on the connections the store actually uses, not merely written in a DSN.
func TestConnectionPragmas(t *testing.T) {
	st, err := Open(t.Context(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, c := range []struct {
		pool   string
		pragma string
		want   string
	}{
		{"writer", "journal_mode", "wal"},
		{"writer", "synchronous", "2"}, // FULL
		{"writer", "foreign_keys", "1"},
		{"writer", "busy_timeout", "10000"},
		{"writer", "query_only", "0"},
		{"reader", "journal_mode", "wal"},
		{"reader", "foreign_keys", "1"},
		{"reader", "busy_timeout", "10000"},
		{"reader", "query_only", "1"},
	} {
		db := st.w
		if c.pool == "reader" {
			db = st.r
		}
		var got string
		if err := db.QueryRowContext(t.Context(), "PRAGMA "+c.pragma).Scan(&got); err != nil {
			t.Fatalf("%s PRAGMA %s: %v", c.pool, c.pragma, err)
		}
		if got != c.want {
			t.Errorf("%s PRAGMA %s = %s, want %s", c.pool, c.pragma, got, c.want)
		}
	}
	if _, err := st.r.ExecContext(t.Context(), `INSERT INTO records VALUES ('k', 'k', x'00')`); err == nil {
		t.Errorf("a write through the read pool succeeded; it must be refused")
	}
}

// TestEmbeddedMigrations checks the embedded set itself loads.
func TestEmbeddedMigrations(t *testing.T) {
	if ms, err := migrations.Load(migrationFS); err != nil || len(ms) == 0 ||
		!strings.Contains(ms[0].SQL, "CREATE TABLE sessions") {
		t.Errorf("embedded migrations: %d, %v", len(ms), err)
	}
}
