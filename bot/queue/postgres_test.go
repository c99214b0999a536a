package queue

import (
	"bytes"
	"context"
	"crypto/rand"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/testwait"
)

func TestPostgresURLIsChecked(t *testing.T) {
	for _, u := range []string{"postgres://db/war-room", "postgresql://u@db:5432/x?sslmode=disable"} {
		if !IsPostgresURL(u) {
			t.Errorf("%s refused", u)
		}
	}
	for _, u := range []string{"", "mysql://db/x", "sqlite:war-room.db", "/var/lib/war-room/queue.db"} {
		if IsPostgresURL(u) {
			t.Errorf("%s accepted", u)
		}
	}
	if _, err := OpenPostgres(context.Background(), "mysql://u:hunter2@db/x", idle, Config{}); err == nil {
		t.Error("a MySQL URL opened a queue")
	}
}

// TestPostgresQueue runs against the test server (internal/pgtest), with River's tables in a
// schema of its own.
func TestPostgresQueue(t *testing.T) {
	url := pgtest.Schema(t)
	ctx := context.Background()
	var runs atomic.Int32
	w := WorkerFunc(func(context.Context, Job) error { runs.Add(1); return nil })
	open := func() *Queue {
		q, err := OpenPostgres(ctx, url, w, Config{Poll: 20 * time.Millisecond, StopGrace: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	d := webhook.Delivery{Event: "issue_comment", ID: "it-" + rand.Text(), Installation: 1, Payload: []byte(`{"x":"\u0000"}`)}
	q := open()
	if dup, err := q.Enqueue(ctx, d); err != nil || dup {
		t.Fatalf("first enqueue: dup=%v %v", dup, err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, "the job completes", func() bool { return q.done(ctx, t, d.ID) })
	if got := runs.Load(); got != 1 {
		t.Errorf("the worker ran %d times, want once", got)
	}
	q.Stop(ctx)
	q.Close()
	q = open() // another replica, or this one restarted
	defer q.Close()
	if dup, err := q.Enqueue(ctx, d); err != nil || !dup {
		t.Errorf("redelivery: dup=%v %v, want a duplicate", dup, err)
	}
}

// done reports whether the job of delivery id has completed.
func (q *Queue) done(ctx context.Context, t *testing.T, id string) bool {
	jobs, err := q.Jobs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if j.State == rivertype.JobStateCompleted && bytes.Contains(j.EncodedArgs, []byte(id)) {
			return true
		}
	}
	return false
}
