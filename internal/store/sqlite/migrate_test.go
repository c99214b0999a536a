package sqlite_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/war-room/war-room/internal/store/sqlite"
)

func TestReopenKeepsDataAndSchemaVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	for i := range 3 {
		st, err := sqlite.Open(t.Context(), path)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		if err := st.PutRecord(t.Context(), "k", itoa(i), []byte("kept")); err != nil {
			t.Fatal(err)
		}
		if rs, err := st.ListRecords(t.Context(), "k"); err != nil || len(rs) != i+1 {
			t.Fatalf("open #%d sees %d records (%v), want %d", i+1, len(rs), err, i+1)
		}
		st.Close()
	}
	var n, v int
	if err := rawDB(t, path).QueryRow(`SELECT COUNT(*), MAX(version) FROM schema_migrations`).
		Scan(&n, &v); err != nil {
		t.Fatal(err)
	}
	if n != v || n < 1 {
		t.Errorf("schema_migrations has %d rows up to version %d after three opens", n, v)
	}
}

func TestNewerDatabaseIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "future.db")
	st, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	var known int
	db := rawDB(t, path)
	if err := db.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&known); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_migrations VALUES (?, 'from-the-future.sql', '')`,
		known+40); err != nil {
		t.Fatal(err)
	}
	_, err = sqlite.Open(t.Context(), path)
	if err == nil {
		t.Fatal("Open accepted a database with a newer schema")
	}
	for _, want := range []string{path, itoa(known + 40), itoa(known)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
}

// TestConcurrentFreshOpen opens one new file from many pools at once: each has its own SQLite
// connections, so they contend for the file exactly as separate processes would.
func TestConcurrentFreshOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fresh.db")
	var wg sync.WaitGroup
	errs := make([]error, 8)
	stores := make([]*sqlite.Store, 8)
	for i := range errs {
		wg.Go(func() { stores[i], errs[i] = sqlite.Open(t.Context(), path) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Open #%d: %v", i, err)
		}
		defer stores[i].Close()
	}
	var n int
	if err := rawDB(t, path).QueryRow(`SELECT COUNT(*) FROM schema_migrations
		WHERE version = 1`).Scan(&n); err != nil || n != 1 {
		t.Errorf("migration 1 recorded %d times (%v)", n, err)
	}
	if err := stores[3].PutRecord(t.Context(), "k", "v", nil); err != nil {
		t.Errorf("store opened concurrently cannot write: %v", err)
	}
}
