package webhook_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/war-room/war-room/bot/internal/webhooktest"
	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/internal/testwait"
)

// filler is a request body of left bytes that allocates nothing; with a gate, it stops after
// pauseAt bytes until the gate is closed.
type filler struct {
	left, pauseAt int64
	gate          chan struct{}
}

var xs = bytes.Repeat([]byte("x"), 32<<10)

func (f *filler) Read(p []byte) (int, error) {
	if f.left == 0 {
		return 0, io.EOF
	}
	if f.gate != nil && f.pauseAt <= 0 {
		<-f.gate
		f.gate = nil
	}
	n := int64(len(p))
	if n > f.left {
		n = f.left
	}
	if f.gate != nil && n > f.pauseAt {
		n = f.pauseAt
	}
	for i := int64(0); i < n; {
		i += int64(copy(p[i:n], xs))
	}
	f.left, f.pauseAt = f.left-n, f.pauseAt-n
	return int(n), nil
}

// The heap bound of TestWebhookUnsignedFloodStaysOutOfMemory: everything the process
// allocates (server and client both) while 16 bodies of 24 MB arrive at once, against 384 MiB
// sent. Reading them into memory, as the intake once did, allocates over twice what was sent.
const unsignedFloodAllocBound = 8 << 20

// Sixteen 24 MB bodies with a well-formed but wrong signature, sent at once to a real HTTP
// server on loopback, are read to their end through the MAC and refused with 401, while the
// bytes allocated in the whole process stay under unsignedFloodAllocBound: bytes allocated,
// not time, so the test does not depend on the machine's speed.
func TestWebhookUnsignedFloodStaysOutOfMemory(t *testing.T) {
	q := &webhooktest.Queue{}
	srv := httptest.NewServer(newTestHandler(t, q))
	defer srv.Close()
	const n, size = 16, 24 << 20
	forged := webhook.Sign([]byte("a guess"), []byte("another body"))
	bodies := make([]*filler, n)
	codes := make([]int, n)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	for i := range n {
		bodies[i] = &filler{left: size}
		wg.Go(func() { codes[i] = webhooktest.PostBody(t, srv.URL, "flood", bodies[i], size, forged) })
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bodies of %d MiB refused; allocated %.1f MiB in all (bound %d MiB); heap in use %.1f → %.1f MiB",
		n, size>>20, float64(alloc)/(1<<20), unsignedFloodAllocBound>>20,
		float64(before.HeapInuse)/(1<<20), float64(after.HeapInuse)/(1<<20))
	for i := range n {
		if codes[i] != http.StatusUnauthorized || bodies[i].left != 0 {
			t.Errorf("body %d: status %d with %d bytes unsent, want 401 after reading it all", i, codes[i], bodies[i].left)
		}
	}
	if alloc > unsignedFloodAllocBound {
		t.Errorf("allocated %d bytes while refusing %d unsigned bodies, over the %d-byte bound", alloc, n, unsignedFloodAllocBound)
	}
	if len(q.Got) != 0 {
		t.Errorf("queued %d forged deliveries", len(q.Got))
	}
}

// A large signed delivery goes through the spool file and is queued whole.
func TestWebhookQueuesALargeSignedDeliveryWhole(t *testing.T) {
	q := &webhooktest.Queue{}
	srv := httptest.NewServer(newTestHandler(t, q))
	defer srv.Close()
	body := webhooktest.CommandPayload(t, "/war-room help\n"+strings.Repeat("a long context line\n", 1<<17))
	if got := webhooktest.PostBody(t, srv.URL, "big", bytes.NewReader(body), int64(len(body)), webhook.Sign([]byte(webhooktest.Secret), body)); got != http.StatusAccepted {
		t.Fatalf("status %d, want 202", got)
	}
	if len(q.Got) != 1 || !bytes.Equal(q.Got[0].Payload, body) {
		t.Fatalf("queued %d deliveries; want the %d-byte body exactly", len(q.Got), len(body))
	}
	if got := webhooktest.PostBody(t, srv.URL, "big", bytes.NewReader(body), int64(len(body)), webhook.Sign([]byte(webhooktest.Secret), body)); got != http.StatusOK {
		t.Errorf("redelivery: status %d, want 200", got)
	}
}

// While every spooling turn is taken by a large body that has stopped half-way, an ordinary
// delivery (held in memory whole) is still queued and answered: the ack path never waits
// behind unverified large bodies. The large ones then finish and are refused.
func TestWebhookAcksWhileSpoolingTurnsAreTaken(t *testing.T) {
	q := &webhooktest.Queue{}
	h := newTestHandler(t, q)
	srv := httptest.NewServer(h)
	defer srv.Close()
	gate := make(chan struct{})
	forged := webhook.Sign([]byte("a guess"), []byte("another body"))
	codes := make([]int, webhook.MaxSpooling)
	var wg sync.WaitGroup
	for i := range webhook.MaxSpooling {
		wg.Go(func() {
			codes[i] = webhooktest.PostBody(t, srv.URL, "stalled", &filler{left: 4 << 20, pauseAt: 2 * webhook.MaxHeldUnverified, gate: gate}, 4<<20, forged)
		})
	}
	testwait.Until(t, "every spooling turn is taken", func() bool { return h.SpoolingTaken() >= webhook.MaxSpooling },
		func() string { return fmt.Sprintf("%d of %d taken", h.SpoolingTaken(), webhook.MaxSpooling) })
	body := webhooktest.CommandPayload(t, "/war-room help")
	if got := webhooktest.PostBody(t, srv.URL, "small", bytes.NewReader(body), int64(len(body)), webhook.Sign([]byte(webhooktest.Secret), body)); got != http.StatusAccepted {
		t.Errorf("ordinary delivery while the spool is full: status %d, want 202", got)
	}
	close(gate)
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusUnauthorized {
			t.Errorf("stalled body %d: status %d, want 401", i, c)
		}
	}
	if h.SpoolingTaken() != 0 {
		t.Errorf("%d spooling turns still taken", h.SpoolingTaken())
	}
}

// A server that cannot keep a large body (no writable temporary directory) answers 503, which
// GitHub records as a failed delivery to redeliver, not 400 as if the sender were at fault.
func TestWebhookCannotSpoolIsA503(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	var got webhooktest.Answers
	h := newTestHandler(t, &webhooktest.Queue{})
	h.Observer = &got
	srv := httptest.NewServer(h)
	defer srv.Close()
	body := webhooktest.CommandPayload(t, "/war-room help\n"+strings.Repeat("context\n", webhook.MaxHeldUnverified/4))
	if code := webhooktest.PostBody(t, srv.URL, "d-1", bytes.NewReader(body), int64(len(body)), webhook.Sign([]byte(webhooktest.Secret), body)); code != http.StatusServiceUnavailable {
		t.Errorf("status %d, want 503", code)
	}
	if !slices.Equal(got, webhooktest.Answers{"issue_comment unavailable"}) {
		t.Errorf("observed %v", got)
	}
}

// newTestHandler is an intake with every delivery of its events wanted, on q.
func newTestHandler(t *testing.T, q webhook.Enqueuer) *webhook.Handler {
	t.Helper()
	h, err := webhook.New([]byte(webhooktest.Secret), q, []string{"issue_comment", "pull_request"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
