package sqlite_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/store/sqlite"
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

// TestRowsNeedASession: steps, ledger rows, artifacts and gates of an unknown session are
// refused (foreign keys), so a typo in a session id cannot scatter orphan rows.
func TestRowsNeedASession(t *testing.T) {
	st := openTemp(t)
	ctx, id := t.Context(), "wr-nosuchsession"
	errs := []error{
		st.PutStep(ctx, id, "k", []byte("v")),
		st.AppendLedger(ctx, &engine.LedgerEntry{SessionID: id}),
		st.PutArtifact(ctx, id, "a", []byte("v")),
		st.OpenGate(ctx, &engine.GateRecord{SessionID: id, Key: "g"}),
	}
	for i, err := range errs {
		if err == nil || errors.Is(err, engine.ErrNotFound) {
			t.Errorf("write #%d for an unknown session: got %v, want a constraint error", i, err)
		}
	}
}
