package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/wait"
)

// Backoff between transport attempts when the vendor gives no Retry-After: the first retry
// waits about backoffBase, each later one twice as long, never more than backoffCap.
const (
	backoffBase = time.Second
	backoffCap  = 30 * time.Second
)

// wait sleeps before retrying attempt n's transport failure: the vendor's Retry-After when it
// gave one, else the backoff. A wait that would outlast the call's deadline is not started:
// the call ends now, saying why, rather than sleep into a timeout.
func (c *call) wait(n int, err error) error {
	d := c.backoff(n)
	var pe *provider.Error
	if errors.As(err, &pe) && pe.RetryAfter > 0 {
		d = pe.RetryAfter
	}
	if dl, ok := c.ctx.Deadline(); ok && d >= time.Until(dl) {
		return fmt.Errorf("%w (not retried: the next try would start after %s, past the call's %s limit)", err, d.Round(time.Millisecond), c.limit)
	}
	if serr := c.r.sleep(c.ctx, d); serr != nil {
		return c.ended(serr)
	}
	return nil
}

// backoff is the wait before attempt n+1: exponential, with a jitter drawn from the session's
// seeded generator so that parallel calls do not retry in step and a resumed run waits alike.
func (c *call) backoff(n int) time.Duration {
	d := backoffBase << (n - 1)
	if d <= 0 || d > backoffCap {
		d = backoffCap
	}
	rng := c.r.Rand(fmt.Sprintf("retry\x00%s\x00%s\x00%d", stepKey(c.parent), c.spec.Role, n))
	return d/2 + time.Duration(rng.Int64N(int64(d/2)+1))
}

// sleep waits d, or until ctx ends, with the run's sleeper.
func (r *Run) sleep(ctx context.Context, d time.Duration) error {
	if r.cfg.Sleep != nil {
		return r.cfg.Sleep(ctx, d)
	}
	return wait.Sleep(ctx, d)
}
