package github

import (
	"errors"
	"time"
)

// Backoff bases: a secondary rate limit without a named time waits at least a minute, as
// GitHub asks; other transient failures start shorter. Both double per attempt.
const (
	rateLimitBase = 60 * time.Second
	TransientBase = 5 * time.Second
	maxBackoff    = 16 * time.Minute
)

// Backoff returns how long to wait before attempt n+1 (n counts from 0) after err:
// Retry-After when GitHub sent it, else until x-ratelimit-reset (and a second), else the
// kind's base doubled per attempt, at most MaxBackoff.
func Backoff(err error, n int, now time.Time) time.Duration {
	var ae *APIError
	if !errors.As(err, &ae) {
		return TransientBase
	}
	if ae.RetryAfter > 0 {
		return ae.RetryAfter
	}
	if !ae.Reset.IsZero() {
		if d := ae.Reset.Sub(now); d > 0 {
			return d + time.Second
		}
		return time.Second
	}
	base := TransientBase
	if ae.Kind == RateLimited {
		base = rateLimitBase
	}
	return min(base<<min(n, 10), maxBackoff)
}
