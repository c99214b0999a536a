package queue

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/internal/pgtest"
)

// gatedInsert holds the queue writer's first transaction until release is closed, and fails
// the transactions whose number (from 1) is in fail; it records every transaction's size.
type gatedInsert struct {
	real    func(context.Context, []deliveryArgs) ([]*rivertype.JobInsertResult, error)
	entered chan struct{}
	release chan struct{}
	fail    []int
	mu      sync.Mutex
	sizes   []int
}

var errDiskFull = errors.New("disk full")

func gate(q *Queue, fail ...int) *gatedInsert {
	g := &gatedInsert{real: q.batch.insert, entered: make(chan struct{}), release: make(chan struct{}), fail: fail}
	q.batch.insert = g.insert
	return g
}

func (g *gatedInsert) insert(ctx context.Context, as []deliveryArgs) ([]*rivertype.JobInsertResult, error) {
	g.mu.Lock()
	g.sizes = append(g.sizes, len(as))
	n := len(g.sizes)
	g.mu.Unlock()
	if n == 1 {
		close(g.entered)
		<-g.release
	}
	if slices.Contains(g.fail, n) {
		return nil, errDiskFull
	}
	return g.real(ctx, as)
}

// burst has the queue's writer busy with a first delivery while more arrive: they are handed
// over (as Enqueue hands them over) while the first transaction is held, then the writer goes on.
// It returns the later deliveries, answered.
func burst(t *testing.T, q *Queue, g *gatedInsert, ids []string) []*waiting {
	first := make(chan error, 1)
	go func() {
		_, err := q.Enqueue(t.Context(), webhook.Delivery{Event: "issue_comment", ID: "first", Installation: 1, Payload: []byte(`{}`)})
		first <- err
	}()
	<-g.entered
	var later []*waiting
	for _, id := range ids {
		w := &waiting{ctx: t.Context(), args: deliveryArgs{Event: "issue_comment", DeliveryID: id, Installation: 1,
			Payload: []byte(`{}`)}, done: make(chan struct{})}
		if err := q.batch.w.Hand(t.Context(), w); err != nil {
			t.Fatal(err)
		}
		later = append(later, w)
	}
	close(g.release)
	if err := <-first; err != nil && !errors.Is(err, errDiskFull) {
		t.Fatalf("first delivery: %v", err)
	}
	for _, w := range later {
		<-w.done
	}
	return later
}

// queuedIDs lists the delivery ids the queue holds jobs for.
func queuedIDs(t *testing.T, q *Queue) []string {
	jobs, err := q.Jobs(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, j := range jobs {
		var a deliveryArgs
		if err := json.Unmarshal(j.EncodedArgs, &a); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.DeliveryID)
	}
	slices.Sort(ids)
	return ids
}

// queues opens the queues the tests run on: a SQLite file, and PostgreSQL when the test
// server is there.
func queues(t *testing.T) map[string]func(t *testing.T) *Queue {
	out := map[string]func(t *testing.T) *Queue{
		"sqlite": func(t *testing.T) *Queue {
			q, err := OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "queue.db"), idle, Config{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(q.Close)
			return q
		},
	}
	out["postgres"] = func(t *testing.T) *Queue {
		q, err := OpenPostgres(t.Context(), pgtest.Schema(t), idle, Config{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(q.Close)
		return q
	}
	return out
}

// Deliveries that arrive while the writer commits are committed together: the twelve behind
// a first one take one transaction (of eleven jobs: one id is there twice), and a delivery id
// repeated in the batch, or already stored, is answered as a duplicate.
func TestBurstOfDeliveriesSharesOneCommit(t *testing.T) {
	for name, open := range queues(t) {
		t.Run(name, func(t *testing.T) {
			q := open(t)
			g := gate(q)
			ids := []string{"d-0", "d-1", "d-2", "d-3", "d-4", "d-5", "d-6", "d-7", "d-8", "d-9", "d-3", "first"}
			later := burst(t, q, g, ids)
			if want := []int{1, 11}; !slices.Equal(g.sizes, want) {
				t.Errorf("transactions of %v deliveries, want %v", g.sizes, want)
			}
			for i, w := range later {
				wantDup := i >= 10
				if w.err != nil || w.dup != wantDup {
					t.Errorf("delivery %s (#%d): dup=%v err=%v, want dup=%v", ids[i], i, w.dup, w.err, wantDup)
				}
			}
			if got, want := queuedIDs(t, q), []string{"d-0", "d-1", "d-2", "d-3", "d-4", "d-5", "d-6", "d-7", "d-8", "d-9", "first"}; !slices.Equal(got, want) {
				t.Errorf("queued %v, want %v", got, want)
			}
		})
	}
}

// A transaction that fails fails every delivery in it, and stores none of them: each is
// answered with the error (the webhook's 503, so GitHub sends it again).
func TestFailedBatchFailsEveryDeliveryInIt(t *testing.T) {
	for name, open := range queues(t) {
		t.Run(name, func(t *testing.T) {
			q := open(t)
			g := gate(q, 2)
			later := burst(t, q, g, []string{"d-0", "d-1", "d-2", "d-3"})
			for _, w := range later {
				if !errors.Is(w.err, errDiskFull) || w.dup {
					t.Errorf("delivery %s: dup=%v err=%v, want the batch's error", w.args.DeliveryID, w.dup, w.err)
				}
			}
			if got := queuedIDs(t, q); !slices.Equal(got, []string{"first"}) {
				t.Errorf("queued %v, want only the first delivery", got)
			}
			// The next delivery has a transaction of its own, and is stored.
			if dup, err := q.Enqueue(t.Context(), webhook.Delivery{Event: "issue_comment", ID: "d-0", Installation: 1, Payload: []byte(`{}`)}); err != nil || dup {
				t.Errorf("redelivery after the failure: dup=%v err=%v", dup, err)
			}
		})
	}
}

// A closed queue answers at once, with an error.
func TestClosedQueueRefusesDeliveries(t *testing.T) {
	q := queues(t)["sqlite"](t)
	q.Close()
	if _, err := q.Enqueue(t.Context(), webhook.Delivery{Event: "issue_comment", ID: "late", Installation: 1, Payload: []byte(`{}`)}); !errors.Is(err, errQueueClosed) {
		t.Errorf("enqueue after Close: %v, want errQueueClosed", err)
	}
}
