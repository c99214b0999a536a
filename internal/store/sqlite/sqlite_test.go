package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/internal/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) engine.Store {
		return openTemp(t)
	})
}

// openTemp opens a store on a fresh file (in a nested directory Open must create).
func openTemp(t testing.TB) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "state", "war-room.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return st
}
