package store_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/store"
	"github.com/war-room/war-room/internal/store/postgres"
	"github.com/war-room/war-room/internal/store/sqlite"
)

func TestOpenPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "w.db")
	st, err := store.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if s, ok := st.(*sqlite.Store); !ok || s.Path() != path {
		t.Errorf("Open(path) = %T, want the SQLite store at %s", st, path)
	}
}

// TestOpenURL: two handles opened from one URL are one state, as two replicas' are.
func TestOpenURL(t *testing.T) {
	u := pgtest.Schema(t)
	a, err := store.Open(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, ok := a.(*postgres.Store); !ok {
		t.Fatalf("Open(URL) = %T, want the PostgreSQL store", a)
	}
	b, err := store.Open(t.Context(), strings.Replace(u, "postgres://", "postgresql://", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := a.CreateSession(t.Context(), &engine.Session{ID: "wr-shared", Protocol: "p"}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.GetSession(t.Context(), "wr-shared"); err != nil {
		t.Errorf("the second handle does not see the session: %v", err)
	}
}

func TestDescribeHidesThePassword(t *testing.T) {
	got := store.Describe("postgres://wr:hunter2@db.internal:5432/war_room?sslmode=require")
	if strings.Contains(got, "hunter2") || !strings.Contains(got, "db.internal:5432/war_room") {
		t.Errorf("Describe = %q", got)
	}
	if got := store.Describe("/var/lib/war-room/war-room.db"); got != "/var/lib/war-room/war-room.db" {
		t.Errorf("Describe(path) = %q", got)
	}
}
