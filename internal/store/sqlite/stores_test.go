package sqlite_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// TestStoresRaceGateAnswers answers gates from several stores on one file at once. Each store
// has its own SQLite connections, so they contend for the write lock as separate processes
// do. AnswerGate reads and then writes; unless its transaction takes the write lock at BEGIN,
// a store whose read went stale fails with SQLITE_BUSY instead of seeing the first answer. So
// for every gate exactly one answer must win and every other must be refused as a conflict.
func TestStoresRaceGateAnswers(t *testing.T) {
	const stores, perStore, gates = 4, 3, 10
	path := filepath.Join(t.TempDir(), "gates.db")
	var sts []*sqlite.Store
	for range stores {
		sts = append(sts, openAt(t, path))
	}
	sess := &engine.Session{ID: "wr-gates", Protocol: "test", Status: engine.StatusRunning}
	if err := sts[0].CreateSession(t.Context(), sess); err != nil {
		t.Fatal(err)
	}
	for g := range gates {
		gate := &engine.GateRecord{SessionID: sess.ID, Key: fmt.Sprint("g", g), Question: "?"}
		if err := sts[0].OpenGate(t.Context(), gate); err != nil {
			t.Fatal(err)
		}
	}
	for g := range gates {
		key := fmt.Sprint("g", g)
		var wg sync.WaitGroup
		errs := make([]error, stores*perStore)
		for i := range errs {
			wg.Go(func() {
				errs[i] = sts[i%stores].AnswerGate(t.Context(), sess.ID, key, fmt.Sprint("a", i))
			})
		}
		wg.Wait()
		assertOneAnswer(t, sts[0], sess.ID, key, errs)
	}
}

func assertOneAnswer(t *testing.T, st *sqlite.Store, session, key string, errs []error) {
	t.Helper()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("gate %s: answers %d and %d both accepted", key, winner, i)
		case err == nil:
			winner = i
		case !isConflict(err):
			t.Fatalf("gate %s: answer %d failed for another reason than a conflict: %v", key, i, err)
		}
	}
	g, err := st.GetGate(t.Context(), session, key)
	if err != nil || winner < 0 || g.Answer != fmt.Sprint("a", winner) {
		t.Fatalf("gate %s: winner %d, stored %+v, %v", key, winner, g, err)
	}
}

// isConflict recognises the refusal of a second, different answer.
func isConflict(err error) bool { return errors.Is(err, engine.ErrGateAnswered) }
