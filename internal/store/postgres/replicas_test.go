package postgres_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/store/postgres"
)

// TestReplicasShareOneSchema has three stores (three pools, as three replicas have) write one
// session's steps and ledger at once and race for leases: every row must be there, the
// ledger numbered 1…n without gap or repeat, and each lease held by exactly one of them.
func TestReplicasShareOneSchema(t *testing.T) {
	const replicas, writers, n = 3, 4, 30
	u, schema := pgtest.URL(t), pgtest.SchemaName(t)
	var sts []*postgres.Store
	for range replicas {
		sts = append(sts, openAt(t, u, schema))
	}
	sess := &engine.Session{ID: "wr-replicas", Protocol: "test"}
	if err := sts[0].CreateSession(t.Context(), sess); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, replicas*writers)
	for r := range replicas * writers {
		wg.Go(func() {
			st := sts[r%replicas]
			for i := range n {
				key := fmt.Sprintf("w%d/%d", r, i)
				if err := st.PutStep(t.Context(), sess.ID, key, []byte(key)); err != nil {
					errs <- err
					return
				}
				if err := st.AppendLedger(t.Context(), &ledger.Entry{SessionID: sess.ID,
					Step: key, Attempt: i}); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	assertLedger(t, sts[1], sess.ID, replicas*writers, n)
	steps, err := sts[2].Steps(t.Context(), sess.ID)
	if err != nil || len(steps) != replicas*writers*n {
		t.Fatalf("Steps = %d, %v; want %d", len(steps), err, replicas*writers*n)
	}
	for round := range 5 {
		assertOneHolder(t, sts, fmt.Sprint("lease-", round))
	}
}

func assertLedger(t *testing.T, st engine.Store, session string, writers, n int) {
	t.Helper()
	es, err := st.Ledger(t.Context(), session)
	if err != nil || len(es) != writers*n {
		t.Fatalf("ledger has %d rows (%v), want %d", len(es), err, writers*n)
	}
	next := map[int]int{}
	for i, e := range es {
		var w, k int
		fmt.Sscanf(e.Step, "w%d/%d", &w, &k)
		if e.Seq != int64(i+1) || k != next[w] {
			t.Fatalf("ledger row %d: seq %d step %s; want seq %d and w%d/%d", i, e.Seq, e.Step, i+1, w, next[w])
		}
		next[w]++
	}
}

// assertOneHolder races every store, several holders each, for one free lease.
func assertOneHolder(t *testing.T, sts []*postgres.Store, name string) {
	t.Helper()
	now := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for h := range 4 * len(sts) {
		wg.Go(func() {
			ok, err := sts[h%len(sts)].AcquireLease(t.Context(), name, fmt.Sprint("h", h), now, time.Minute)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				won++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("lease %s: %d holders, want exactly 1", name, won)
	}
}
