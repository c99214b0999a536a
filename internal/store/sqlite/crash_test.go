package sqlite_test

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/war-room/war-room/engine"
)

// TestKilledWriterKeepsReturnedSteps kills a helper with SIGKILL while it is storing steps.
// The helper prints each key after PutStep (and the ledger append) returned; after the kill,
// every printed key must be in the file, the ledger must be an unbroken prefix of what the
// helper wrote, and the file must pass SQLite's integrity check.
//
// SIGKILL tests the process-crash half of durability (no buffering in the process may hold a
// committed step). Power loss, the other half, is what synchronous=FULL is for; a test cannot
// pull the plug.
func TestKilledWriterKeepsReturnedSteps(t *testing.T) {
	const before = 60 // steps to see reported before the kill
	path := filepath.Join(t.TempDir(), "crash.db")
	st := openAt(t, path)
	sess := &engine.Session{ID: "wr-crash", Protocol: "test", Status: engine.StatusRunning}
	if err := st.CreateSession(t.Context(), sess); err != nil {
		t.Fatal(err)
	}
	st.Close()

	cmd := helperCmd(t, "crash", path, sess.ID, "k", 1_000_000)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stdout)
	var keys []string
	for len(keys) < before {
		line, ok := readLine(r)
		if !ok {
			t.Fatalf("helper stopped after %d keys: %s", len(keys), cmd.Stderr)
		}
		keys = append(keys, strings.TrimPrefix(line, "put "))
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL, in the middle of the write loop
		t.Fatal(err)
	}
	for line, ok := readLine(r); ok; line, ok = readLine(r) { // lines printed before death
		keys = append(keys, strings.TrimPrefix(line, "put "))
	}
	cmd.Wait()
	if ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus); !ws.Signaled() ||
		ws.Signal() != syscall.SIGKILL {
		t.Fatalf("helper was not killed by SIGKILL: %v: %s", cmd.ProcessState, cmd.Stderr)
	}

	assertIntact(t, path)
	again := openAt(t, path)
	for _, key := range keys {
		got, err := again.GetStep(t.Context(), sess.ID, key)
		if err != nil || !bytes.Equal(got, stepValue(key)) {
			t.Fatalf("step %s, reported stored before the kill: %.30q, %v", key, got, err)
		}
	}
	es, err := again.Ledger(t.Context(), sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The helper may have stored one more row than it lived to report, never fewer.
	if len(es) < len(keys) || len(es) > len(keys)+1 {
		t.Fatalf("ledger has %d rows after %d reported keys", len(es), len(keys))
	}
	for i, e := range es {
		if _, k := splitKey(t, e.Step); e.Seq != int64(i+1) || k != i {
			t.Fatalf("ledger row %d: seq %d step %s", i, e.Seq, e.Step)
		}
	}
	t.Logf("killed after %d reported steps; ledger holds %d", len(keys), len(es))
}
