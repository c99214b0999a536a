package bot

import (
	"bytes"
	"context"
	"crypto/rand"
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
	if _, err := OpenPostgresQueue(context.Background(), "mysql://u:hunter2@db/x", &DeliveryWorker{}, QueueConfig{}); err == nil {
		t.Error("a MySQL URL opened a queue")
	}
}

// TestPostgresQueue runs against the test server (internal/pgtest), with River's tables in a
// schema of its own.
func TestPostgresQueue(t *testing.T) {
	url := pgtest.Schema(t)
	ctx := context.Background()
	runs := 0
	w := &DeliveryWorker{Clients: fixedClients{}, Handlers: func(*Deps) []eventHandler {
		return []eventHandler{stubHandler{runs: &runs}}
	}}
	open := func() *Queue {
		q, err := OpenPostgresQueue(ctx, url, w, QueueConfig{Poll: 20 * time.Millisecond, StopGrace: time.Second})
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
	jobs, err := q.list(ctx)
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

// fixedClients hands out a connection to nowhere: the stub handler never uses it.
type fixedClients struct{}

func (fixedClients) Installation(int64) (*gitHub, error) {
	return NewGitHub(nil, "http://127.0.0.1:1", "http://127.0.0.1:1/graphql", appBot)
}
