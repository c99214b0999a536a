package storetest

import (
	"fmt"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
)

// workers and perWorker size the concurrency tests; run them under -race.
const workers, perWorker = 16, 25

func testConcurrent(t *testing.T, open Opener) {
	t.Run("PutStepAndAppendLedger", func(t *testing.T) { testConcurrentWrites(t, open(t)) })
	t.Run("SameStepKey", func(t *testing.T) { testSameKey(t, open(t)) })
	t.Run("AnswerGate", func(t *testing.T) { testConcurrentAnswers(t, open(t)) })
	t.Run("Records", func(t *testing.T) { testConcurrentCAS(t, open(t)) })
	t.Run("Leases", func(t *testing.T) { testConcurrentLeases(t, open(t)) })
}

// fanOut runs f(0) … f(workers-1) at once and reports the errors they return.
func fanOut(t *testing.T, f func(w int) error) []error {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, workers)
	start := make(chan struct{})
	for w := range workers {
		wg.Go(func() {
			<-start
			errs[w] = f(w)
		})
	}
	close(start)
	wg.Wait()
	return errs
}

func testConcurrentWrites(t *testing.T, st engine.Store) {
	s := newSession(t, st, "p")
	errs := fanOut(t, func(w int) error {
		for i := range perWorker {
			key := fmt.Sprintf("w%d/%d", w, i)
			if err := st.PutStep(ctx(t), s.ID, key, []byte(key)); err != nil {
				return err
			}
			e := ledger.Entry{SessionID: s.ID, Step: key, Attempt: i}
			if err := st.AppendLedger(ctx(t), &e); err != nil {
				return err
			}
		}
		return nil
	})
	for _, err := range errs {
		if err != nil {
			t.Fatalf("concurrent write: %v", err)
		}
	}
	for w := range workers {
		for i := range perWorker {
			key := fmt.Sprintf("w%d/%d", w, i)
			assertStep(t, st, s.ID, key, []byte(key))
		}
	}
	assertLedgerSequence(t, entriesOf(t, st, s.ID))
}

// assertLedgerSequence checks seq runs 1…n with no gap or repeat, and that each worker's own
// entries (appended one after another) appear in the order it appended them.
func assertLedgerSequence(t *testing.T, es []ledger.Entry) {
	t.Helper()
	if len(es) != workers*perWorker {
		t.Fatalf("ledger has %d entries, want %d", len(es), workers*perWorker)
	}
	next := map[string]int{} // worker prefix → next attempt expected
	for i, e := range es {
		if e.Seq != int64(i+1) {
			t.Fatalf("entry %d has seq %d, want %d", i, e.Seq, i+1)
		}
		var w, n int
		if _, err := fmt.Sscanf(e.Step, "w%d/%d", &w, &n); err != nil {
			t.Fatalf("entry %d step %q: %v", i, e.Step, err)
		}
		worker := fmt.Sprint(w)
		if n != next[worker] || e.Attempt != n {
			t.Fatalf("worker %d: entry %q at seq %d, want its #%d next", w, e.Step, e.Seq, next[worker])
		}
		next[worker]++
	}
}
