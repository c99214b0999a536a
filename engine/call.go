package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/redact"
)

// CallSpec is one role's model call. The prompt is built only from System (the role body),
// the fenced Inputs and Task; nothing else reaches the model.
type CallSpec struct {
	Role    string
	Profile string
	// Effort is what the role asks for; the call sends the level the profile accepts for it
	// (Profile.EffortFor), which the ledger records beside the ask.
	Effort provider.Effort
	// System is the role body. It follows the shared inputs in the prompt (see assemble).
	System string
	// Inputs are fed fenced, in order; their names go into the ledger.
	Inputs []NamedText
	// Task is trusted text written by the protocol (what to produce now).
	Task      string
	MaxTokens int
	// Contract validates the answer; a violation is retried once with the reason.
	Contract func(text string) error
	// Timeout bounds the whole call, all its attempts included, as the profile's own timeout
	// does; the earlier of the two applies (0: none beyond the profile's and ctx).
	Timeout time.Duration
	// TimeoutKey is the configuration key that sets Timeout ("protocols.council.timeouts.seat"),
	// named when the call is cut by it, so a reader knows what raises it.
	TimeoutKey string
	// KeepEffort makes the call send its effort as the profile maps it, or fail: an effort the
	// vendor refuses ends the call as a configuration error (and is recorded for the next
	// session) instead of being dropped for the next attempt. A review lane whose effort may
	// not be lowered without saying so sets it.
	KeepEffort bool
	// CacheUpTo says how many leading inputs a later call of the session sends again, byte for
	// byte: a cache break (see assemble) is marked only where it ends at most that many, so
	// that no prefix is written to a vendor's cache that nothing reads. 0 leaves every break
	// the inputs allow; a negative value asks for none. Either way a break is also marked
	// where an earlier call of the run on the same profile marked that prefix (marking it
	// again reads it), and never where the prefix is too short for a vendor to cache.
	CacheUpTo int
	// Watch, when set, is shown each attempt's answer as it streams in: the attempt's number
	// and its text so far (redacted), after every piece, starting afresh with each attempt.
	// It lets a protocol act on the start of an answer whose end it need not wait for (the
	// standing team's triage); the answer itself still comes back, checked, from Call. It is
	// called on the call's goroutine and must return quickly; it is never called for an
	// adapter that does not stream. Meant for short answers: each piece shows the whole text.
	Watch func(attempt int, text string)
}

// CallResult is a successful call. It survives a Step's JSON round trip except for Profile,
// which holds a live provider; ProfileName names it.
type CallResult struct {
	Text        string         `json:"text"`
	Profile     *Profile       `json:"-"`
	ProfileName string         `json:"profile"`
	Usage       provider.Usage `json:"usage"`
	Attempts    int            `json:"attempts"`
	Scripted    bool           `json:"scripted,omitempty"`
	// Effort is the level the answering attempt sent ("" when none was sent).
	Effort provider.Effort `json:"effort,omitempty"`
}

// CallError is a call that produced no usable answer.
type CallError struct {
	Role, Profile string
	// Class is a provider class (transport, refused, invalid-request, truncated, quota) or
	// contract, budget, timeout, cancelled, configuration, context.
	Class    string
	Attempts int
	Err      error
}

func (e *CallError) Error() string {
	return redact.Text(fmt.Sprintf("role %s on profile %s failed (%s) after %d attempt(s): %v",
		e.Role, e.Profile, e.Class, e.Attempts, e.Err))
}

func (e *CallError) Unwrap() error { return e.Err }

// ErrBudgetExceeded is wrapped by calls refused because the session's ceiling was passed.
var ErrBudgetExceeded = errors.New("budget ceiling passed")

// Call makes one role's model call, each attempt one request recorded in the ledger. It makes
// at most the profile's MaxAttempts requests, all within the call's deadline (the earlier of
// the profile's Timeout and spec.Timeout): a transport failure is retried after the vendor's
// Retry-After, or a backoff, when that wait still fits; a contract violation is retried once
// with the reason; a truncated answer is retried once with the profile's larger output budget
// when it has one. A refusal, an invalid request, an exhausted quota, a configuration error,
// the budget, the deadline and cancellation end the call at once. Call is not memoised
// itself; protocols wrap it in a Step.
func (r *Run) Call(ctx context.Context, spec CallSpec) (CallResult, error) {
	p, err := r.cfg.Profiles.Get(spec.Profile)
	if err != nil {
		return CallResult{}, &CallError{Role: spec.Role, Profile: spec.Profile, Class: string(provider.ClassInvalidRequest), Err: err}
	}
	if err := r.Disclose(ctx, []Seat{SeatOf(spec.Role, spec.Role, p, spec.Effort)}); err != nil {
		return CallResult{}, err
	}
	if err := r.preflightOnce(ctx); err != nil {
		return CallResult{}, err
	}
	c := &call{r: r, spec: spec, p: p, parent: ctx, pr: r.assemble(spec.System, spec.Inputs, spec.Task, spec.CacheUpTo),
		effort: p.EffortFor(spec.Effort), thinking: p.Thinking, tokens: p.tokensFor(spec.MaxTokens)}
	r.marks.settle(p.Name, &c.pr)
	var cancel context.CancelFunc
	c.ctx, c.limit, cancel = callDeadline(ctx, spec.Timeout, p.timeoutBeside(spec.Timeout), r.cfg.Calls.Time)
	defer cancel()
	if lim := r.cfg.Calls; lim.Time > 0 && c.limit == lim.Time && min(positive(spec.Timeout), positive(p.timeoutBeside(spec.Timeout))) != lim.Time {
		r.noteOnce("call-time", fmt.Sprintf("A call's time limit was clamped to this server's ceiling (%s=%s).", lim.TimeBy, lim.Time))
	}
	if err := c.fits(); err != nil {
		return CallResult{}, c.fail(1, err)
	}
	c.learned()
	return c.run()
}

// timeoutBeside is the profile's limit on a call whose own limit is spec: its setting always,
// its default only when the call has no limit of its own.
func (p *Profile) timeoutBeside(spec time.Duration) time.Duration {
	if p.TimeoutDefault && spec > 0 {
		return 0
	}
	return p.Timeout
}

// positive is d, or the longest duration when d is no limit (zero).
func positive(d time.Duration) time.Duration {
	if d <= 0 {
		return time.Duration(math.MaxInt64)
	}
	return d
}

// run is the attempt loop of one call.
func (c *call) run() (CallResult, error) {
	var contractRetried, truncRetried bool
	max := c.p.attempts()
	if lim := c.r.cfg.Calls; lim.Attempts > 0 && max > lim.Attempts {
		max = lim.Attempts
		c.r.noteOnce("attempts", fmt.Sprintf("A call's attempts were clamped to this server's ceiling (%s=%d).", lim.AttemptsBy, lim.Attempts))
	}
	for n := 1; ; n++ {
		res, err := c.attempt(n)
		if err == nil {
			return res, nil
		}
		class := classify(err)
		learned := c.learn(err) // recorded even when no attempt is left to use it
		if n >= max {
			return CallResult{}, c.fail(n, err)
		}
		var cv *contractViolation
		switch {
		case learned:
			// The vendor refused a setting: the next attempt goes without it.
		case errors.As(err, &cv) && !contractRetried:
			contractRetried = true
			c.pr.user += "\n\nYour previous answer was rejected because it did not meet the required " +
				"format: " + cv.reason + "\nAnswer again in full, meeting every requirement."
		case class == string(provider.ClassTruncated) && !truncRetried && c.p.retryTokens(c.tokens) > 0:
			truncRetried = true
			c.tokens = c.p.retryTokens(c.tokens)
		case class == string(provider.ClassTransport):
			if werr := c.wait(n, err); werr != nil {
				return CallResult{}, c.fail(n, werr)
			}
		default:
			return CallResult{}, c.fail(n, err)
		}
	}
}

// fail is the call's error after n attempts ending in err.
func (c *call) fail(n int, err error) error {
	return &CallError{Role: c.spec.Role, Profile: c.p.Name, Class: classify(err), Attempts: n, Err: err}
}

type contractViolation struct{ reason string }

func (c *contractViolation) Error() string { return "contract violated: " + c.reason }

func classify(err error) string {
	var cv *contractViolation
	var ce *configError
	var xe *contextError
	switch {
	case errors.As(err, &cv):
		return ledger.ClassContract
	case errors.As(err, &ce):
		return ledger.ClassConfig
	case errors.As(err, &xe):
		return ledger.ClassContext
	case errors.Is(err, ErrBudgetExceeded):
		return ledger.ClassBudget
	case errors.Is(err, errCallCancelled):
		return ledger.ClassCancelled
	case errors.Is(err, context.DeadlineExceeded):
		return ledger.ClassTimeout
	}
	return string(provider.ClassOf(err))
}
