package queue

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/bot/internal/webhooktest"
	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/internal/testwait"
)

// stuckFirst is the worker of both processes. Its first run is a job in flight when its
// process dies: it says it started, then holds until its job's context ends (the rescue
// cancels it). Every later run completes at once and says which delivery it ran.
func stuckFirst(started, ran chan<- string, runs *atomic.Int32) Worker {
	return WorkerFunc(func(ctx context.Context, job Job) error {
		if runs.Add(1) == 1 {
			started <- job.Delivery.ID
			<-ctx.Done()
			return ctx.Err()
		}
		ran <- job.Delivery.ID
		return nil
	})
}

// A job whose process stopped renewing its heartbeat is run again by another process at its
// next sweep, with the same delivery, and the abandoned row is cancelled; a job of a process
// whose heartbeat holds is left alone, and a swept job is not rescued twice. The two
// processes share one queue file and one state store; the clock the second judges the
// heartbeats by is an hour ahead of the first's, so no real time has to pass.
func TestRescueRunsAgainTheJobsOfADeadProcess(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	openStore := func(ctx context.Context) (engine.Store, error) {
		return sqlite.Open(ctx, filepath.Join(dir, "state.db"))
	}
	open := func(id string, h Worker, live *Liveness) *Queue {
		q, err := OpenSQLite(ctx, filepath.Join(dir, "queue.db"), h,
			Config{ID: id, Liveness: live, Poll: 20 * time.Millisecond, Retry: immediately{}, StopGrace: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { q.Stop(ctx); q.Close() })
		return q
	}

	started, ran := make(chan string, 4), make(chan string, 4)
	var runs atomic.Int32
	h := stuckFirst(started, ran, &runs)
	never := make(chan time.Time)
	a := open("process-a", h, &Liveness{OpenStore: openStore, TTL: time.Minute, Sweeps: never})
	if _, err := a.Enqueue(ctx, webhook.Delivery{Event: "issue_comment", ID: "d-1", Installation: 77, Repo: "acme/widgets",
		Payload: webhooktest.CommandPayload(t, "/war-room help")}); err != nil {
		t.Fatal(err)
	}
	if got := <-started; got != "d-1" {
		t.Fatalf("process a started %q", got)
	}

	// Process b, its heartbeats judged now: a's is fresh, so its job is a's to finish.
	var offset atomic.Int64
	sweep, swept := make(chan time.Time), make(chan int)
	b := open("process-b", h, &Liveness{OpenStore: openStore, TTL: time.Minute, Sweeps: sweep,
		Now: func() time.Time { return time.Now().Add(time.Duration(offset.Load())) },
		Swept: func(n int, err error) {
			if err != nil {
				t.Errorf("sweep: %v", err)
			}
			swept <- n
		}})
	sweepNow := func(want int) {
		t.Helper()
		sweep <- time.Now()
		if got := <-swept; got != want {
			t.Fatalf("a sweep rescued %d jobs, want %d", got, want)
		}
	}
	sweepNow(0)
	if jobs := stateOf(t, b); len(jobs) != 1 || jobs[0].State != rivertype.JobStateRunning {
		t.Fatalf("after a sweep with a's heartbeat fresh: %v", jobs)
	}

	// An hour on, for b: a's heartbeat (a minute's lease) has lapsed, as a killed process's does.
	offset.Store(int64(time.Hour))
	sweepNow(1)
	if got := <-ran; got != "d-1" {
		t.Fatalf("the rescue ran %q", got)
	}
	var final []*rivertype.JobRow
	testwait.Until(t, "the rescued jobs settle", func() bool { final = stateOf(t, b); return settled(final) })
	kinds := map[string]rivertype.JobState{}
	for _, j := range final {
		kinds[j.Kind] = j.State
	}
	if kinds[deliveryKind] != rivertype.JobStateCancelled || kinds[rescueKind] != rivertype.JobStateCompleted || len(final) != 2 {
		for _, j := range final {
			t.Logf("job %d %s %s args %s by %v errors %v", j.ID, j.Kind, j.State, j.EncodedArgs[:min(len(j.EncodedArgs), 40)], j.AttemptedBy, j.Errors)
		}
		t.Fatalf("jobs after the rescue: %d", len(final))
	}
	sweepNow(0)
	if got := len(stateOf(t, b)); got != 2 {
		t.Errorf("%d jobs after another sweep, want the same two", got)
	}
	if got := runs.Load(); got != 2 {
		t.Errorf("the delivery ran %d times, want the abandoned run and the rescue", got)
	}
	select {
	case d := <-ran:
		t.Errorf("delivery %s ran again", d)
	default:
	}
}

// stateOf lists the queue's jobs.
func stateOf(t *testing.T, q *Queue) []*rivertype.JobRow {
	t.Helper()
	jobs, err := q.Jobs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

// settled reports whether every job has reached a final state.
func settled(jobs []*rivertype.JobRow) bool {
	for _, j := range jobs {
		switch j.State {
		case rivertype.JobStateCompleted, rivertype.JobStateCancelled, rivertype.JobStateDiscarded:
		default:
			return false
		}
	}
	return true
}
