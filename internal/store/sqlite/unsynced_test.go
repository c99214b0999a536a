package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

// syncStore opens a store that records the synchronous mode of every transaction it commits
// through inTx, with one session.
func syncStore(t *testing.T) (*Store, func() []int) {
	st, err := Open(t.Context(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var mu sync.Mutex
	var modes []int
	st.committing = func(m int) { mu.Lock(); modes = append(modes, m); mu.Unlock() }
	if err := st.CreateSession(t.Context(), &engine.Session{ID: "wr-sync", Protocol: "test", Status: engine.StatusRunning}); err != nil {
		t.Fatal(err)
	}
	return st, func() []int {
		mu.Lock()
		defer mu.Unlock()
		out := slices.Clone(modes)
		modes = nil
		return out
	}
}

func writerSync(t *testing.T, st *Store) int {
	t.Helper()
	var mode int
	if err := st.w.QueryRowContext(t.Context(), "PRAGMA synchronous").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	return mode
}

// A derived write commits without syncing the log; a step holding an answered call's ledger
// row never does, derived or not; and the writer is back at FULL after each.
func TestDerivedWritesCommitUnsynced(t *testing.T) {
	st, modes := syncStore(t)
	ctx, derived := t.Context(), engine.Derived(t.Context())
	row := func() []*ledger.Entry {
		return []*ledger.Entry{{SessionID: "wr-sync", Step: "x", Outcome: ledger.OutcomeOK}}
	}
	for _, c := range []struct {
		name  string
		write func() error
		want  []int
	}{
		{"derived step", func() error { return st.PutStepWithLedger(derived, "wr-sync", "agg", []byte("a"), nil) }, []int{1}},
		{"derived step with a call", func() error { return st.PutStepWithLedger(derived, "wr-sync", "call", []byte("c"), row()) }, []int{2}},
		{"plain step", func() error { return st.PutStepWithLedger(ctx, "wr-sync", "plain", []byte("p"), nil) }, []int{2}},
		{"derived artifact", func() error { return st.PutArtifact(derived, "wr-sync", "record.json", []byte("{}")) }, []int{1}},
		{"derived record", func() error { return st.PutRecord(derived, "deferred", "wr-sync", []byte("[]")) }, []int{1}},
		{"derived summary", func() error {
			return st.PutSummary(derived, &decision.DecisionSummary{SessionID: "wr-sync", Class: "c", Title: "t", Text: "x"})
		}, []int{1}},
	} {
		if err := c.write(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := modes(); !slices.Equal(got, c.want) {
			t.Errorf("%s committed under synchronous %v, want %v", c.name, got, c.want)
		}
		if m := writerSync(t, st); m != 2 {
			t.Errorf("after %s the writer is at synchronous %d, want 2 (FULL)", c.name, m)
		}
	}
	if b, err := st.GetArtifact(ctx, "wr-sync", "record.json"); err != nil || string(b) != "{}" {
		t.Errorf("derived artifact reads %q, %v", b, err)
	}
}

// A batch of steps commits unsynced only when every write in it is derived.
func TestMixedStepBatchIsSynced(t *testing.T) {
	st, modes := syncStore(t)
	agg := &stepWrite{ctx: context.Background(), derived: true, sessionID: "wr-sync", key: "agg", result: []byte("a"), done: make(chan struct{})}
	call := newWrite("wr-sync", "call")
	if err := st.writeSteps([]*stepWrite{agg, call}); err != nil {
		t.Fatal(err)
	}
	if got := modes(); !slices.Equal(got, []int{2}) {
		t.Errorf("a batch with an answered call committed under %v, want [2]", got)
	}
}

// No write ever finds the writer unsynced: the connection is set back before another write can
// take it, however many derived writes run alongside.
func TestUnsyncedNeverLeaks(t *testing.T) {
	st, _ := syncStore(t)
	derived := engine.Derived(t.Context())
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 16 {
		wg.Go(func() {
			if err := st.PutArtifact(derived, "wr-sync", fmt.Sprintf("a%d", i), []byte("x")); err != nil {
				errs <- err
			}
		})
		wg.Go(func() {
			var mode int
			if err := st.w.QueryRowContext(t.Context(), "PRAGMA synchronous").Scan(&mode); err != nil {
				errs <- err
			} else if mode != 2 {
				errs <- fmt.Errorf("a write found the writer at synchronous %d", mode)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
