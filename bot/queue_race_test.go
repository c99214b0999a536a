package bot

import (
	"bytes"
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/war-room/war-room/bot/internal/webhooktest"
	"github.com/war-room/war-room/bot/webhook"
)

// countingHandler counts the jobs that reach a handler, and does nothing else.
type countingHandler struct{ runs *atomic.Int32 }

func (countingHandler) Handles() []string { return []string{"issue_comment"} }

func (h countingHandler) Handle(context.Context, string, string, []byte) error {
	h.runs.Add(1)
	return nil
}

// GitHub may send the same delivery twice at once (a manual redelivery racing the first, or
// two replicas behind a balancer): exactly one is queued and run, the rest are duplicates.
func TestConcurrentSameDeliveryQueuesOneJob(t *testing.T) {
	w := newAppWorld(t)
	var runs atomic.Int32
	w.start(func(*Deps) []eventHandler { return []eventHandler{countingHandler{&runs}} })
	n := w.f.AddIssue(testRepo, 0, "Queue backend", "We run Redis only for jobs.", "alice")
	body := w.comment(n, "/war-room help")

	const senders = 8
	codes := make([]int, senders)
	var wg sync.WaitGroup
	for i := range senders {
		wg.Go(func() { codes[i] = postConcurrently(t, w.srv.URL, "d-race", body) })
	}
	wg.Wait()
	accepted, dups := 0, 0
	for _, c := range codes {
		switch c {
		case http.StatusAccepted:
			accepted++
		case http.StatusOK:
			dups++
		}
	}
	if accepted != 1 || dups != senders-1 {
		t.Errorf("answers %v: want one 202 and %d 200s", codes, senders-1)
	}
	if jobs := w.settle(); len(jobs) != 1 {
		t.Errorf("%d jobs for one delivery id, want 1", len(jobs))
	}
	if got := runs.Load(); got != 1 {
		t.Errorf("the handler ran %d times, want 1", got)
	}
}

// postConcurrently sends a signed issue_comment delivery; it may run off the test's goroutine, so it
// reports a transport failure as status 0 rather than stopping the test.
func postConcurrently(t *testing.T, url, id string, body []byte) int {
	return webhooktest.PostBody(t, url, id, bytes.NewReader(body), int64(len(body)), webhook.Sign([]byte(vectorSecret), body))
}
