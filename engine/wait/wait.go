// Package wait holds the one context-aware sleep the engine's retries, the script provider's
// simulated latency and the GitHub write layer's pauses share.
package wait

import (
	"context"
	"time"
)

// Sleep waits d or until ctx ends, whichever is first, and returns ctx's error when it ended.
// An already ended ctx always fails, even for a zero d, so a cancelled caller never goes on
// as if it had waited.
func Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
