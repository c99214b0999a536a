package sqlite_test

import (
	"database/sql"
	"testing"
)

// rawDB opens the file directly, without the store, for checks the store must not be trusted
// to make about itself.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// assertIntact runs SQLite's own consistency checks on the file.
func assertIntact(t *testing.T, path string) {
	t.Helper()
	db := rawDB(t, path)
	var res string
	if err := db.QueryRowContext(t.Context(), "PRAGMA integrity_check").Scan(&res); err != nil {
		t.Fatalf("integrity_check: %v", err)
	}
	if res != "ok" {
		t.Fatalf("integrity_check: %s", res)
	}
	rows, err := db.QueryContext(t.Context(), "PRAGMA foreign_key_check")
	if err != nil {
		t.Fatalf("foreign_key_check: %v", err)
	}
	defer rows.Close()
	if rows.Next() {
		t.Fatalf("foreign_key_check found rows without a parent")
	}
}
