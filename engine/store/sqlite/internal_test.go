package sqlite

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
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

func TestLoadMigrations(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	ok := fstest.MapFS{"migrations/0001_a.sql": file("A"), "migrations/0002_b.sql": file("B")}
	ms, err := loadMigrations(ok)
	if err != nil || len(ms) != 2 || ms[1].version != 2 || ms[1].sql != "B" || ms[0].name != "0001_a.sql" {
		t.Fatalf("loadMigrations = %+v, %v", ms, err)
	}
	for name, fsys := range map[string]fstest.MapFS{
		"gap":       {"migrations/0001_a.sql": file("A"), "migrations/0003_c.sql": file("C")},
		"no number": {"migrations/init.sql": file("A")},
		"not one":   {"migrations/0002_b.sql": file("B")},
		"empty":     {},
	} {
		if _, err := loadMigrations(fsys); err == nil {
			t.Errorf("%s: loadMigrations accepted it", name)
		}
	}
	// The embedded set itself must load.
	if ms, err := loadMigrations(migrationFS); err != nil || len(ms) == 0 ||
		!strings.Contains(ms[0].sql, "CREATE TABLE sessions") {
		t.Errorf("embedded migrations: %d, %v", len(ms), err)
	}
}
