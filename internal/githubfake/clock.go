package githubfake

import (
	"context"
	"slices"
	"sync"
	"time"
)

// Clock is a manual clock for tests, shared by the fake (SetClock(c.Now)) and the client
// under test: Sleep moves it on at once, and AfterFunc timers fire when it passes them, so
// spacing, back-off and request timeouts are exercised without real waiting.
type Clock struct {
	// Settle, when set, runs before time moves on in Sleep (say, to let the fake finish a
	// request the client gave up on before the next is dated).
	Settle func()

	mu     sync.Mutex
	t      time.Time
	slept  []time.Duration
	timers []*clockTimer
}

type clockTimer struct {
	at   time.Time
	f    func()
	done bool
}

// NewClock returns a clock at start.
func NewClock(start time.Time) *Clock { return &Clock{t: start} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Sleep records d and moves the clock on by it, at once.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if c.Settle != nil {
		c.Settle()
	}
	c.mu.Lock()
	c.slept = append(c.slept, d)
	c.mu.Unlock()
	c.Advance(d)
	return ctx.Err()
}

// Slept returns every duration Sleep was asked for, in order.
func (c *Clock) Slept() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.slept)
}

// AfterFunc calls f once the clock has passed d from now; stop cancels it and says whether
// it had not fired yet.
func (c *Clock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	tm := &clockTimer{at: c.t.Add(d), f: f}
	c.timers = append(c.timers, tm)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !tm.done
		tm.done = true
		return was
	}
}

// Advance moves the clock on by d and runs the timers it passes, in time order.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	var due []*clockTimer
	kept := c.timers[:0]
	for _, tm := range c.timers {
		switch {
		case tm.done:
		case !tm.at.After(c.t):
			tm.done = true
			due = append(due, tm)
		default:
			kept = append(kept, tm)
		}
	}
	c.timers = kept
	c.mu.Unlock()
	slices.SortStableFunc(due, func(a, b *clockTimer) int { return a.at.Compare(b.at) })
	for _, tm := range due {
		tm.f()
	}
}
