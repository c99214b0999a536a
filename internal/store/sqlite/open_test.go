package sqlite_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/war-room/war-room/internal/store/sqlite"
)

func itoa(i int) string { return strconv.Itoa(i) }

// TestOpenAwkwardPath checks characters that mean something in a URI reach the file system
// verbatim, and that missing parents are created private to the user.
func TestOpenAwkwardPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a b?c#d%20e", "state")
	path := filepath.Join(dir, "war room.db")
	st, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer st.Close()
	if st.Path() != path {
		t.Errorf("Path() = %q, want %q", st.Path(), path)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database file not at the path given: %v", err)
	}
	for _, d := range []string{dir, filepath.Dir(dir)} {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o700 {
			t.Errorf("%s created with mode %v, want 0700", d, fi.Mode().Perm())
		}
	}
}

func TestOpenUnwritable(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := sqlite.Open(t.Context(), filepath.Join(blocker, "x.db")); err == nil {
		t.Fatal("Open under a regular file succeeded")
	}
}
