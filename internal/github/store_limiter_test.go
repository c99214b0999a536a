package github

import (
	"context"
	"net/http"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	gogithub "github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/store/postgres"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// replicas opens two handles on one database, as two App replicas would.
type replicas func(t *testing.T) (engine.Store, engine.Store)

func sqliteReplicas(t *testing.T) (engine.Store, engine.Store) {
	path := filepath.Join(t.TempDir(), "state.db")
	return openStore(t, func(ctx context.Context) (engine.Store, error) { return sqlite.Open(ctx, path) }),
		openStore(t, func(ctx context.Context) (engine.Store, error) { return sqlite.Open(ctx, path) })
}

func postgresReplicas(t *testing.T) (engine.Store, engine.Store) {
	u := pgtest.Schema(t)
	open := func(ctx context.Context) (engine.Store, error) { return postgres.Open(ctx, u) }
	return openStore(t, open), openStore(t, open)
}

func openStore(t *testing.T, open func(context.Context) (engine.Store, error)) engine.Store {
	t.Helper()
	st, err := open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestStoreLimiterSQLite(t *testing.T)     { testStoreLimiter(t, sqliteReplicas) }
func TestStoreLimiterPostgreSQL(t *testing.T) { testStoreLimiter(t, postgresReplicas) }

func testStoreLimiter(t *testing.T, open replicas) {
	t.Run("claims", func(t *testing.T) { testClaims(t, open) })
	t.Run("replicas", func(t *testing.T) { testReplicaWrites(t, open) })
}

// Claims made at once from two replicas get distinct slots, each a spacing after the
// one before; an answer later than its slot moves the next slot after it; another key
// is free.
func testClaims(t *testing.T, open replicas) {
	a, b := open(t)
	limiters := []limiter{StoreLimiter{a}, StoreLimiter{b}}
	now := time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC)
	const claims = 12
	slots := make([]time.Time, claims)
	var wg sync.WaitGroup
	for i := range claims {
		wg.Go(func() {
			s, err := limiters[i%2].Reserve(context.Background(), "installation:1", now, time.Second)
			if err != nil {
				t.Error(err)
			}
			slots[i] = s
		})
	}
	wg.Wait()
	slices.SortFunc(slots, time.Time.Compare)
	for i, s := range slots {
		if want := now.Add(time.Duration(i) * time.Second); !s.Equal(want) {
			t.Errorf("slot %d at %v, want %v", i, s, want)
		}
	}
	answered := now.Add(time.Hour)
	if err := limiters[0].Release(context.Background(), "installation:1", answered, time.Second); err != nil {
		t.Fatal(err)
	}
	if s, err := limiters[1].Reserve(context.Background(), "installation:1", now, time.Second); err != nil || !s.Equal(answered.Add(time.Second)) {
		t.Errorf("after a late answer: slot %v (%v), want %v", s, err, answered.Add(time.Second))
	}
	if s, err := limiters[1].Reserve(context.Background(), "installation:2", now, time.Second); err != nil || !s.Equal(now) {
		t.Errorf("another installation: slot %v (%v), want now", s, err)
	}
}

// Two processes' transports — separate gates, one shared database — keep the spacing
// between their writes to one installation: each replica's own gate knows nothing of the
// other's writes, so only the limiter holds them apart. They take turns (the manual clock
// cannot model two sleepers at once; concurrent claims are testClaims' part).
func testReplicaWrites(t *testing.T, open replicas) {
	w := newWorld(t)
	w.f.SetMutationSpacing(time.Second, true)
	a, b := open(t)
	var clients []*gogithub.Client
	for _, st := range []engine.Store{a, b} {
		o := w.options()
		o.Spacing, o.Limiter = time.Second, StoreLimiter{st}
		tr := &Transport{base: w.f.Client(botToken).Transport, gate: &gate{lock: make(chan struct{}, 1)}} // another process's registry
		tr.opts.Store(&o)
		c, _ := REST(&http.Client{Transport: tr}, w.f.URL())
		clients = append(clients, c)
	}
	for i := range 8 {
		if _, err := w.comment(context.Background(), clients[i%2], "x"); err != nil {
			t.Fatal(err)
		}
	}
	if v := w.f.SpacingViolations(); v != 0 {
		t.Errorf("%d writes of two replicas came closer than a second", v)
	}
	assertSpaced(t, w.writes(), time.Second)
}
