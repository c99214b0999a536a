package githubfake

import (
	"fmt"
	"time"
)

// FaultKind is what an injected fault does to the call it matches.
type FaultKind int

const (
	// ServerError answers HTTP Status (default 502; 504 also typical) with GitHub's body.
	// With Applied the request's effect happens first: the write exists, the client sees
	// an error — the case idempotent retries must survive.
	ServerError FaultKind = iota + 1
	// SecondaryRateLimit answers 403 (or Status 429) with GitHub's secondary-limit message.
	// RetryAfter > 0 sends Retry-After (whole seconds); otherwise the answer carries
	// x-ratelimit-remaining: 0 and x-ratelimit-reset, as GitHub does. Nothing is applied.
	SecondaryRateLimit
	// PrimaryRateLimit answers as an exhausted primary limit: REST 403 (or Status 429) with
	// x-ratelimit-remaining: 0; GraphQL HTTP 200 with a RATE_LIMITED error. Not applied.
	PrimaryRateLimit
	// GraphQLError answers HTTP 200 with data null for the matched root fields and an
	// errors entry of Type (default "INTERNAL") and Message. Applied decides whether the
	// mutation happened anyway. GraphQL only.
	GraphQLError
	// Slow waits Delay before answering (or until the client gives up). With Applied the
	// request is applied first and answered normally after the wait; without, the wait
	// ends in a 502 and nothing is applied (GitHub's behaviour for a timed-out request).
	Slow
	// ErrorBody answers HTTP 200 with an error where the resource should be: REST GitHub's
	// error body ({"message", "documentation_url"}), GraphQL data null and an errors entry.
	// A client must not read it as a success. Applied decides whether the write happened.
	ErrorBody
	// Hang holds the request without answering until the client gives up (closes it) or
	// the test ends; nothing is ever sent back. OnHold, when set, is called once the
	// request is held, so that a test whose client times out on an injected clock can move
	// that clock on: no real time passes. With Applied the write happens first.
	Hang
)

// Fault scripts a failure for the Nth call (counted from Inject) that Match names.
type Fault struct {
	// Match is a GraphQL root field name ("createDiscussion", "repository", "search") or a
	// REST "METHOD /path" where {param} or * match one segment and {param...} the rest,
	// e.g. "POST /repos/{owner}/{repo}/issues/{number}/comments".
	Match      string
	Nth        int // 1-based; 0 means 1
	Times      int // consecutive matching calls to fail, from the Nth; 0 means 1
	Kind       FaultKind
	Status     int
	Applied    bool
	RetryAfter time.Duration
	Delay      time.Duration
	Type       string // GraphQLError: the error's type
	Message    string // GraphQLError, ErrorBody: the error's message
	OnHold     func() // Hang: called once the request is held
}

func (fl Fault) String() string {
	names := map[FaultKind]string{ServerError: "ServerError", SecondaryRateLimit: "SecondaryRateLimit",
		PrimaryRateLimit: "PrimaryRateLimit", GraphQLError: "GraphQLError", Slow: "Slow", ErrorBody: "ErrorBody", Hang: "Hang"}
	return fmt.Sprintf("%s on %q (call %d, %d time(s), status %d, applied %v)",
		names[fl.Kind], fl.Match, max(fl.Nth, 1), max(fl.Times, 1), fl.Status, fl.Applied)
}

type faultEntry struct {
	Fault
	seen, fired int
}

func (fe *faultEntry) times() int { return max(fe.Times, 1) }

// Inject scripts a fault. Faults never triggered by the end of the test fail it.
func (f *Fake) Inject(fl Fault) {
	f.t.Helper()
	if fl.Match == "" || fl.Kind < ServerError || fl.Kind > Hang {
		f.t.Fatalf("githubfake: Inject: need a Match and a Kind: %+v", fl)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, &faultEntry{Fault: fl})
}

// takeFault counts c against every matching fault and returns the first that fires.
func (f *Fake) takeFault(c Call) *faultEntry {
	f.mu.Lock()
	defer f.mu.Unlock()
	var hit *faultEntry
	for _, fe := range f.faults {
		if !matches(fe.Match, c) {
			continue
		}
		fe.seen++
		if hit == nil && fe.seen >= max(fe.Nth, 1) && fe.fired < fe.times() {
			fe.fired++
			hit = fe
		}
	}
	return hit
}

// SetSearchLag makes each new discussion invisible to the next n search calls, as GitHub's
// search index lags behind writes.
func (f *Fake) SetSearchLag(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.searchLag = n
}
