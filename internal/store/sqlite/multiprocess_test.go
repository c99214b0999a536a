package sqlite_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// TestProcessesShareOneFile has two helper processes and this one write steps and ledger rows
// into one session of one file at the same time. Afterwards the file must be intact, every row
// from every writer present, and the ledger numbered 1…n with no gap or duplicate.
func TestProcessesShareOneFile(t *testing.T) {
	const n = 150
	path := filepath.Join(t.TempDir(), "shared.db")
	st := openAt(t, path)
	sess := &engine.Session{ID: "wr-shared", Protocol: "test", Status: engine.StatusRunning}
	if err := st.CreateSession(t.Context(), sess); err != nil {
		t.Fatal(err)
	}
	writers := []string{"child-a", "child-b"}
	var cmds []*exec.Cmd
	var starts []io.Closer
	for _, name := range writers {
		cmd := helperCmd(t, "write", path, sess.ID, name, n)
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		if line, ok := readLine(bufio.NewReader(stdout)); !ok || line != "ready" {
			t.Fatalf("%s did not get ready (%q): %s", name, line, cmd.Stderr)
		}
		cmds, starts = append(cmds, cmd), append(starts, stdin)
	}
	for _, s := range starts { // start the children …
		s.Close()
	}
	if err := writeRows(t.Context(), st, sess.ID, "parent", n, nil); err != nil { // … and write
		t.Fatalf("parent writes: %v", err)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: %v: %s", writers[i], err, cmd.Stderr)
		}
	}

	assertIntact(t, path)
	again := openAt(t, path) // a fresh store sees what the others wrote
	assertAllRows(t, again, sess.ID, append(writers, "parent"), n)
}

// assertAllRows checks every writer's n steps and ledger rows are there, numbered 1…len.
func assertAllRows(t *testing.T, st engine.Store, session string, writers []string, n int) {
	t.Helper()
	for _, w := range writers {
		for i := range n {
			key := fmt.Sprintf("%s/%d", w, i)
			got, err := st.GetStep(t.Context(), session, key)
			if err != nil || !bytes.Equal(got, stepValue(key)) {
				t.Fatalf("step %s: %.30q, %v", key, got, err)
			}
		}
	}
	es, err := st.Ledger(t.Context(), session)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != len(writers)*n {
		t.Fatalf("ledger has %d rows, want %d", len(es), len(writers)*n)
	}
	next, switches := map[string]int{}, 0
	for i, e := range es {
		w, k := splitKey(t, e.Step)
		if e.Seq != int64(i+1) || k != next[w] {
			t.Fatalf("ledger row %d: seq %d step %s; want seq %d and %s/%d", i, e.Seq, e.Step,
				i+1, w, next[w])
		}
		next[w]++
		if i > 0 && w != mustWriter(t, es[i-1].Step) {
			switches++
		}
	}
	t.Logf("ledger switched writer %d times in %d rows", switches, len(es))
}

func splitKey(t *testing.T, key string) (string, int) {
	t.Helper()
	i := strings.LastIndexByte(key, '/')
	var k int
	if _, err := fmt.Sscan(key[i+1:], &k); i < 0 || err != nil {
		t.Fatalf("malformed key %q", key)
	}
	return key[:i], k
}

func mustWriter(t *testing.T, key string) string {
	w, _ := splitKey(t, key)
	return w
}

func openAt(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
