package github

import (
	"context"
	"sync"
	"time"
)

// limiter spaces writes across the processes that share it (the App's replicas over one
// database). The process-wide registry already serialises and spaces the writes of one
// process; a Limiter adds the others'.
type limiter interface {
	// Reserve claims the next write slot under key: the returned time is not before now, nor
	// before the end of the previous claim's spacing, and the slot after it is kept free for
	// spacing. An error means the claim could not be made; the write is not sent.
	Reserve(ctx context.Context, key string, now time.Time, spacing time.Duration) (time.Time, error)
	// Release records when the claimed write was answered, so that the next slot is at
	// least spacing after the answer as well. An error is reported, never fatal.
	Release(ctx context.Context, key string, answered time.Time, spacing time.Duration) error
}

// gate is one Key's writes in this process: one at a time, each at least the spacing after
// the previous one's answer.
type gate struct {
	lock chan struct{} // capacity 1: held from waiting out the spacing until the answer

	mu   sync.Mutex
	last time.Time // when the previous write was answered
}

// registry holds every Key's gate for the life of the process, so that every client and
// worker acting for one installation shares it.
var registry = struct {
	sync.Mutex
	gates map[string]*gate
}{gates: map[string]*gate{}}

func gateFor(key string) *gate {
	registry.Lock()
	defer registry.Unlock()
	g := registry.gates[key]
	if g == nil {
		g = &gate{lock: make(chan struct{}, 1)}
		registry.gates[key] = g
	}
	return g
}

func (g *gate) acquire(ctx context.Context) error {
	select {
	case g.lock <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *gate) release(answered time.Time) {
	g.observe(answered)
	<-g.lock
}

// observe moves the last write forward to at (a write another process made and recorded).
func (g *gate) observe(at time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if at.After(g.last) {
		g.last = at
	}
}

func (g *gate) lastWrite() time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.last
}

// space waits until a write under the gate may be sent; the caller holds the gate.
func (g *gate) space(ctx context.Context, o *Options) error {
	now := o.Now()
	at := now
	// The wait is capped at one spacing: a last write later than now was dated by another
	// clock (a persisted time from another machine), and must not hold writes back longer.
	if last := g.lastWrite(); !last.IsZero() {
		if d := last.Add(o.Spacing).Sub(now); d > 0 {
			at = now.Add(min(d, o.Spacing))
		}
	}
	if o.Limiter != nil {
		slot, err := o.Limiter.Reserve(ctx, o.Key, now, o.Spacing)
		if err != nil {
			return err
		}
		if slot.After(at) {
			at = slot
		}
	}
	if wait := at.Sub(now); wait > 0 {
		return o.Sleep(ctx, wait)
	}
	return nil
}
