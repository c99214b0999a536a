package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
)

// stepBatch opens a store whose writer records its batches, creates a session, and holds the
// write connection (as another writer's transaction would) until hand has handed every write
// over, so the writer is stuck on its first write while the others queue behind it.
func stepBatch(t *testing.T, writes func(session string) []*stepWrite) (*Store, []int, []*stepWrite) {
	st, err := Open(t.Context(), filepath.Join(t.TempDir(), "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var mu sync.Mutex
	var sizes []int
	st.batched = func(n int) { mu.Lock(); sizes = append(sizes, n); mu.Unlock() }
	sess := &engine.Session{ID: "wr-batch", Protocol: "test", Status: engine.StatusRunning}
	if err := st.CreateSession(t.Context(), sess); err != nil {
		t.Fatal(err)
	}
	hold, err := st.w.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ws := writes(sess.ID)
	for _, w := range ws {
		if err := st.steps.Hand(t.Context(), w); err != nil {
			t.Fatal(err)
		}
	}
	hold.Rollback()
	for _, w := range ws {
		<-w.done
	}
	mu.Lock()
	defer mu.Unlock()
	return st, slices.Clone(sizes), ws
}

func newWrite(session, key string) *stepWrite {
	return &stepWrite{ctx: context.Background(), sessionID: session, key: key, result: []byte(key),
		entries: []*ledger.Entry{{SessionID: session, Step: key, Outcome: ledger.OutcomeOK}}, done: make(chan struct{})}
}

// The steps of a fan-out that finish together share one commit: twelve writes take at most
// two transactions (the writer may have taken the first before the rest arrived), and every
// row is numbered in the order the writes were handed over.
func TestFanOutStepsShareACommit(t *testing.T) {
	st, sizes, ws := stepBatch(t, func(session string) []*stepWrite {
		var ws []*stepWrite
		for i := range 12 {
			ws = append(ws, newWrite(session, fmt.Sprintf("p/%02d", i)))
		}
		return ws
	})
	if len(sizes) > 2 {
		t.Errorf("12 writes took %d transactions (%v), want at most 2", len(sizes), sizes)
	}
	for i, w := range ws {
		if w.err != nil || w.entries[0].Seq != int64(i+1) {
			t.Errorf("write %s: seq %d, %v", w.key, w.entries[0].Seq, w.err)
		}
	}
	steps, err := st.Steps(t.Context(), "wr-batch")
	if err != nil || len(steps) != 12 {
		t.Fatalf("%d steps stored, %v", len(steps), err)
	}
}

// A write that fails in a shared transaction stores nothing of itself and takes none of the
// others down: its rows are rolled back to its savepoint, and the numbers stay without gaps.
func TestFailedStepInABatchFailsAlone(t *testing.T) {
	st, _, ws := stepBatch(t, func(session string) []*stepWrite {
		bad := newWrite("wr-unknown", "p/bad")
		bad.entries = append([]*ledger.Entry{{SessionID: session, Step: "p/bad", Outcome: ledger.OutcomeOK}}, bad.entries...)
		return []*stepWrite{newWrite(session, "p/a"), bad, newWrite(session, "p/b")}
	})
	if ws[0].err != nil || ws[2].err != nil || ws[1].err == nil {
		t.Fatalf("errors %v, %v, %v: want only the write of an unknown session to fail", ws[0].err, ws[1].err, ws[2].err)
	}
	es, err := st.Ledger(t.Context(), "wr-batch")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, fmt.Sprintf("%d:%s", e.Seq, e.Step))
	}
	if want := []string{"1:p/a", "2:p/b"}; !slices.Equal(got, want) {
		t.Errorf("ledger %v, want %v", got, want)
	}
	steps, err := st.Steps(t.Context(), "wr-batch")
	if err != nil || len(steps) != 2 {
		t.Errorf("%d steps stored, %v; want 2", len(steps), err)
	}
}
