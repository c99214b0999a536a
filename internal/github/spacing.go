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

// enter waits until a write under the gate may be sent, at least spacing after the
// previous one's answer (and after the slot a Limiter, if any, gives key), and returns
// holding the gate. The spacing is waited out without the gate held: a writer that must keep
// a long spacing holds back no one but the writers that must keep it too, and the gate is
// held only from the moment the write may go until its answer.
func (g *gate) enter(ctx context.Context, key string, spacing time.Duration, o *Options) error {
	var seen time.Time // the last write the wait so far was for
	waited, reserved := false, false
	for {
		now := o.Now()
		if last := g.lastWrite(); !last.IsZero() && (!waited || last != seen) {
			// The wait is capped at one spacing: a last write later than now was dated by
			// another clock (a persisted time from another machine), and must not hold
			// writes back longer.
			if d := min(last.Add(spacing).Sub(now), spacing); d > 0 {
				if err := o.Sleep(ctx, d); err != nil {
					return err
				}
				seen, waited = last, true
				continue
			}
		}
		if err := g.acquire(ctx); err != nil {
			return err
		}
		if last := g.lastWrite(); !last.IsZero() && last != seen && last.Add(spacing).After(o.Now()) {
			<-g.lock // someone wrote while this writer waited: wait for that one too
			continue
		}
		if o.Limiter == nil || reserved {
			return nil
		}
		now = o.Now()
		slot, err := o.Limiter.Reserve(ctx, key, now, spacing)
		if err != nil {
			<-g.lock
			return err
		}
		reserved = true
		if wait := slot.Sub(now); wait > 0 {
			<-g.lock // the slot is this writer's; wait for it with the gate free
			if err := o.Sleep(ctx, wait); err != nil {
				return err
			}
			seen, waited = g.lastWrite(), true
			continue
		}
		return nil
	}
}
