package discussions

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/internal/wait"
)

// Kind says what a failed GitHub request means for a retry.
type Kind int

// Failure kinds.
const (
	// Permanent failures (bad credentials, a missing repository, a refused document) are not
	// retried: the same request would fail the same way.
	Permanent Kind = iota
	// Transient failures (5xx, a timeout, a dropped connection, GitHub's "something went
	// wrong") may or may not have applied a mutation; the next attempt lists what exists.
	Transient
	// RateLimited failures wait for the time GitHub names, else at least a minute.
	RateLimited
)

func (k Kind) String() string {
	return [...]string{"permanent", "transient", "rate-limited"}[k]
}

// APIError is a failed GitHub request, classified for the retry loop.
type APIError struct {
	Op     string // the GraphQL field, e.g. "createDiscussion"
	Kind   Kind
	Status int // HTTP status, 0 when no response arrived
	// RetryAfter is the Retry-After header; Reset is x-ratelimit-reset when the remaining
	// quota was 0. Both are zero when GitHub named no time.
	RetryAfter time.Duration
	Reset      time.Time
	// Messages are the GraphQL errors array (or the REST message).
	Messages []string
	// NotFound says GitHub answered that what was looked up does not exist.
	NotFound bool
	Err      error
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s failure", e.Op, e.Kind)
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if len(e.Messages) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(e.Messages, "; "))
	} else if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return b.String()
}

func (e *APIError) Unwrap() error { return e.Err }

// retryable reports whether err may succeed on a later attempt.
func retryable(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Kind != Permanent
}

// Backoff bases: a secondary rate limit without a named time waits at least a minute, as
// GitHub asks; other transient failures start shorter. Both double per attempt.
const (
	rateLimitBase = 60 * time.Second
	transientBase = 5 * time.Second
	maxBackoff    = 16 * time.Minute
)

// backoff returns how long to wait before attempt n+1 (n counts from 0) after err.
func backoff(err error, n int, now time.Time) time.Duration {
	var ae *APIError
	if !errors.As(err, &ae) {
		return transientBase
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
	base := transientBase
	if ae.Kind == RateLimited {
		base = rateLimitBase
	}
	d := base << min(n, 10)
	return min(d, maxBackoff)
}

// sleepCtx waits d or until ctx ends; it is the default Publisher.Sleep.
var sleepCtx = wait.Sleep

// ErrNotOurDecision is wrapped by the error of a reaffirmation or a supersession aimed at a
// discussion war-room did not record (someone else's, or not a decision body): war-room
// writes nothing to it.
var ErrNotOurDecision = errors.New("not a decision war-room recorded")
