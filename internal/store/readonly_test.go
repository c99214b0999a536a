package store_test

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/store"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// seeded is a state file holding one session, closed, in a directory of its own.
func seeded(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "state", "state.db")
	st, err := store.Open(t.Context(), path)
	require.NoError(t, err)
	require.NoError(t, st.CreateSession(t.Context(), &engine.Session{ID: "s-1", Protocol: "war-room", Title: "q?",
		Status: engine.StatusCompleted, CreatedAt: time.Unix(1, 0).UTC(), UpdatedAt: time.Unix(2, 0).UTC()}))
	require.NoError(t, st.Close())
	return path
}

// Every write a read-only store is asked for fails naming the file, leaves it as it was, and
// is an ErrReadOnly; a derived write is skipped; reads, the session heads included, work.
func TestAReadOnlyStoreRefusesEveryWriteByName(t *testing.T) {
	path := seeded(t)
	under, err := sqlite.OpenReadOnly(t.Context(), path)
	require.NoError(t, err)
	st := store.ReadOnly(under, path, errors.New("test"))
	defer st.Close()
	ctx := t.Context()
	s, err := st.GetSession(ctx, "s-1")
	require.NoError(t, err)
	assert.Equal(t, "q?", s.Title)
	_, isHeads := st.(engine.HeadLister)
	assert.True(t, isHeads, "session heads are read as the store underneath reads them")
	_, writesSteps := st.(engine.StepLedgerWriter)
	assert.False(t, writesSteps, "no write of the store underneath shows through")

	writes := map[string]func() error{
		"CreateSession": func() error { return st.CreateSession(ctx, &engine.Session{ID: "s-2"}) },
		"SetStatus":     func() error { return st.SetStatus(ctx, "s-1", engine.StatusFailed, "x") },
		"PutStep":       func() error { return st.PutStep(ctx, "s-1", "k", []byte("{}")) },
		"AppendLedger":  func() error { return st.AppendLedger(ctx, &ledger.Entry{SessionID: "s-1"}) },
		"PutArtifact":   func() error { return st.PutArtifact(ctx, "s-1", "a", nil) },
		"PutSummary":    func() error { return st.PutSummary(ctx, &decision.DecisionSummary{SessionID: "s-1"}) },
		"OpenGate":      func() error { return st.OpenGate(ctx, &engine.GateRecord{SessionID: "s-1", Key: "g"}) },
		"AnswerGate":    func() error { return st.AnswerGate(ctx, "s-1", "g", "yes") },
		"PutRecord":     func() error { return st.PutRecord(ctx, "kind", "k", nil) },
		"CreateRecord":  func() error { return st.CreateRecord(ctx, "kind", "k", nil) },
		"SwapRecord":    func() error { _, err := st.SwapRecord(ctx, "kind", "k", nil, nil); return err },
		"AcquireLease": func() error {
			_, err := st.AcquireLease(ctx, "l", "me", time.Now(), time.Minute)
			return err
		},
		"ReleaseLease": func() error { return st.ReleaseLease(ctx, "l", "me") },
	}
	for name, write := range writes {
		err := write()
		assert.ErrorIs(t, err, store.ErrReadOnly, name)
		assert.ErrorContains(t, err, path+" is read-only", name)
	}
	assert.NoError(t, st.PutArtifact(engine.Derived(ctx), "s-1", "manifest", []byte("{}")), "a derived write is skipped")
	arts, err := st.Artifacts(ctx, "s-1")
	require.NoError(t, err)
	assert.Empty(t, arts)
	s, err = st.GetSession(ctx, "s-1")
	require.NoError(t, err)
	assert.Equal(t, engine.StatusCompleted, s.Status, "nothing was written")
}

// envReadOnlyChild makes this test binary the child of TestAStateFileOnAReadOnlyDirectory.
const envReadOnlyChild = "WAR_ROOM_TEST_READ_ONLY_CHILD"

// A state file in a directory this process cannot write (as on a read-only mount: its
// write-ahead log cannot be opened beside it) is read by OpenForReading and refused by Open,
// each saying read-only. Root writes anywhere, so as root the check runs in a child process
// as nobody.
func TestAStateFileOnAReadOnlyDirectory(t *testing.T) {
	if path := os.Getenv(envReadOnlyChild); path != "" {
		readOnlyChild(t, path)
		return
	}
	path := seeded(t)
	for _, d := range []string{filepath.Dir(path), filepath.Dir(filepath.Dir(path)), filepath.Dir(filepath.Dir(filepath.Dir(path)))} {
		require.NoError(t, os.Chmod(d, 0o755))
	}
	require.NoError(t, os.Chmod(path, 0o444))
	require.NoError(t, os.Chmod(filepath.Dir(path), 0o555))
	t.Cleanup(func() { _ = os.Chmod(filepath.Dir(path), 0o755) })
	if os.Geteuid() != 0 {
		readOnlyChild(t, path)
		return
	}
	bin := filepath.Join(filepath.Dir(filepath.Dir(path)), "store.test")
	copyFile(t, os.Args[0], bin)
	child := exec.Command(bin, "-test.run=^TestAStateFileOnAReadOnlyDirectory$", "-test.v")
	child.Env = append(os.Environ(), envReadOnlyChild+"="+path)
	child.Dir = filepath.Dir(filepath.Dir(path))
	child.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := child.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "--- PASS: TestAStateFileOnAReadOnlyDirectory")
}

func readOnlyChild(t *testing.T, path string) {
	ctx := context.Background()
	_, err := store.Open(ctx, path)
	require.ErrorIs(t, err, store.ErrReadOnly, "a command that writes is refused before it starts")
	assert.ErrorContains(t, err, "is read-only")

	st, err := store.OpenForReading(ctx, path)
	require.NoError(t, err)
	defer st.Close()
	s, err := st.GetSession(ctx, "s-1")
	require.NoError(t, err)
	assert.Equal(t, "q?", s.Title)
	heads, err := engine.ListSessionHeads(ctx, st, "", 0)
	require.NoError(t, err)
	assert.Len(t, heads, 1)
	err = st.SetStatus(ctx, "s-1", engine.StatusFailed, "")
	assert.ErrorIs(t, err, store.ErrReadOnly)
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing was made beside the file")
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	require.NoError(t, err)
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(out, in)
	require.NoError(t, err)
	require.NoError(t, out.Close())
}
