package vendortest

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// Wave is how many calls KeepsConnections makes at once: more than net/http's default of two
// idle connections per host, as many as the widest fan-out of the protocols.
const Wave = 8

// waves is how many waves KeepsConnections makes.
const waves = 5

// KeepsConnections checks that an adapter built with no HTTP client of its own keeps its
// connections for the next call: waves of Wave calls at once, each wave held at the server
// until all of its calls have arrived (so every wave really has Wave connections open), must
// open no more than two waves' worth of connections in all. A transport that kept only two
// idle connections per host opens at least Wave-2 new ones for every wave after the first
// (here 8 + 4×6 = 32). Nothing is timed: the server counts, and the hold is a barrier.
func (v Vendor) KeepsConnections(t *testing.T) {
	answer := v.replyOnce(t)
	gate := newBarrier(Wave)
	srv := NewServer(t, func(w http.ResponseWriter, r *http.Request) {
		if gate.wait(r.Context()) {
			answer(w, r)
		}
	})
	p := v.Client(srv, Knobs{})
	for range waves {
		var wg sync.WaitGroup
		errs := make([]error, Wave)
		for i := range Wave {
			wg.Go(func() {
				_, errs[i] = p.Complete(context.Background(), provider.Request{User: "q", Model: "m"})
			})
		}
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
		}
	}
	assert.Len(t, srv.Requests(), waves*Wave)
	assert.LessOrEqual(t, srv.Connections(), 2*Wave,
		"%d calls in waves of %d opened %d connections", waves*Wave, Wave, srv.Connections())
}

// barrier releases requests n at a time, once n of them have arrived.
type barrier struct {
	mu      sync.Mutex
	n, seen int
	open    chan struct{}
}

func newBarrier(n int) *barrier { return &barrier{n: n, open: make(chan struct{})} }

// wait holds a request until its group of n is complete; false when the request was
// cancelled first.
func (b *barrier) wait(ctx context.Context) bool {
	b.mu.Lock()
	open := b.open
	if b.seen++; b.seen == b.n {
		close(b.open)
		b.open, b.seen = make(chan struct{}), 0
	}
	b.mu.Unlock()
	select {
	case <-open:
		return true
	case <-ctx.Done():
		return false
	}
}
