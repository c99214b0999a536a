package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/redact"
)

// call is one Call in progress: what it sends, and what later attempts change.
type call struct {
	r    *Run
	spec CallSpec
	p    *Profile
	// parent is the caller's context; ctx adds the call's deadline, limit long from the start.
	parent, ctx context.Context
	limit       time.Duration
	pr          prompt
	effort      provider.Effort
	thinking    provider.Thinking
	tokens      int
	// whole asks for the answer unstreamed: the endpoint refused streaming (learned).
	whole bool
}

// attempt is one request to the provider with its ledger row.
func (c *call) attempt(n int) (CallResult, error) {
	r, spec, p := c.r, c.spec, c.p
	entry := c.entry(n)
	if err := r.checkBudget(c.ctx, c.estimate()); err != nil {
		entry.Outcome, entry.ErrorClass, entry.ErrorText = ledger.OutcomeBudgetRefused, ledger.ClassBudget, err.Error()
		return CallResult{}, r.record(c.ctx, entry, err)
	}
	leave, err := r.warm.enter(c.ctx, c.warmKey())
	if err != nil {
		return CallResult{}, c.ended(err)
	}
	var once sync.Once
	written := func(ok bool) { once.Do(func() { leave(ok) }) }
	release, err := r.acquire(c.ctx, p.Name)
	if err != nil {
		written(false)
		return CallResult{}, c.ended(err)
	}
	r.Emit(events.Event{Kind: events.CallStarted, Step: entry.Step, Role: spec.Role, Profile: p.Name, Family: p.Family})
	if f, ok := c.ctx.Value(startedKey{}).(func()); ok {
		f()
	}
	stop := r.heartbeat(entry.Step, spec.Role, p.Name)
	req := c.request()
	// The vendor has read the prompt, and written its cache entry, once its answer begins:
	// the calls waiting to read that entry go then, not when this answer ends.
	req.Began = func() { written(true) }
	if spec.Watch != nil {
		var so strings.Builder
		req.Delta = func(piece string) {
			so.WriteString(piece)
			spec.Watch(n, redact.Text(so.String()))
		}
	}
	resp, err := p.Provider.Complete(c.ctx, req)
	// Redacted on arrival: no secret a model echoes, or a vendor's error quotes, is stored,
	// sealed, logged or published, whatever wraps the error later.
	resp.Text, err = redact.Text(resp.Text), redact.Error(err)
	elapsed := stop()
	release()
	written(err == nil || provider.ClassOf(err) != provider.ClassTransport)
	err = c.explain(c.ended(err))
	entry.LatencyMS, entry.Usage, entry.ModelReported, entry.Scripted = elapsed.Milliseconds(), resp.Usage, resp.Model, resp.Scripted
	if resp.Latency > 0 {
		// The adapter timed the request itself, without this run's queueing on the profile:
		// that is the latency an estimate calibrates on.
		entry.LatencyMS = resp.Latency.Milliseconds()
	}
	entry.StopReason = resp.StopReason
	entry.CostUSD, _ = p.Cost(resp.Usage)
	r.charge(c.ctx, resp.Usage, entry.CostUSD)
	if err == nil && spec.Contract != nil {
		if cerr := spec.Contract(resp.Text); cerr != nil {
			err = &contractViolation{reason: cerr.Error()}
		}
	}
	entry.Outcome = ledger.OutcomeOK
	if err != nil {
		entry.Outcome, entry.ErrorClass, entry.ErrorText = ledger.OutcomeError, classify(err), redact.Text(err.Error())
		if entry.ErrorClass == ledger.ClassContract {
			entry.Outcome = ledger.OutcomeContractFailed
		}
	}
	r.Emit(events.Event{Kind: events.CallFinished, Step: entry.Step, Role: spec.Role, Profile: p.Name, Family: p.Family,
		Elapsed: elapsed, Outcome: entry.Outcome, Usage: entry.Usage, CostUSD: entry.CostUSD})
	if err := r.record(c.ctx, entry, err); err != nil {
		return CallResult{}, err
	}
	return CallResult{Text: resp.Text, Profile: p, ProfileName: p.Name, Usage: resp.Usage, Attempts: n,
		Scripted: resp.Scripted, Effort: c.effort}, nil
}

// entry starts attempt n's ledger row.
func (c *call) entry(n int) *ledger.Entry {
	r, spec, p := c.r, c.spec, c.p
	return &ledger.Entry{SessionID: r.session.ID, Step: stepKey(c.parent), Role: spec.Role, Profile: p.Name,
		Provider: p.Type, Model: p.Model, Family: p.Family, Effort: c.effort, EffortAsked: spec.Effort,
		Thinking: c.thinking, MaxTokens: c.tokens, Attempt: n,
		PromptSHA256: c.pr.digest(len(c.pr.user)), Inputs: inputNames(spec.Inputs),
		StartedAt: r.Now()}
}

// request is what attempt sends.
func (c *call) request() provider.Request {
	seed := c.r.session.Seed
	return provider.Request{System: c.pr.system, User: c.pr.user, CacheBreaks: c.pr.breaks,
		CacheKey: c.r.session.ID, Model: c.p.Model, Effort: c.effort, Thinking: c.thinking,
		MaxTokens: c.tokens, Seed: &seed, Role: c.spec.Role, NoStream: c.whole}
}

// errCallCancelled marks a call whose caller gave up on it.
var errCallCancelled = errors.New("call cancelled")

// ended names why a failed attempt stopped when a context ended: the caller's context ending
// is a cancellation, whatever the provider made of it; only the call's own deadline expiring
// is a timeout.
func (c *call) ended(err error) error {
	switch {
	case err == nil:
		return nil
	case c.parent.Err() != nil:
		return fmt.Errorf("%w before an answer came (%v): %w", errCallCancelled, context.Cause(c.parent), err)
	case c.ctx.Err() != nil && c.limit > 0:
		return fmt.Errorf("no answer within %s (%s): %w", c.limit, c.limitKey(), context.DeadlineExceeded)
	}
	return err
}

// limitKey names the setting whose limit cut the call, and how to raise it.
func (c *call) limitKey() string {
	switch lim := c.r.cfg.Calls; {
	case lim.Time > 0 && c.limit == lim.Time:
		return "this server's ceiling, " + lim.TimeBy
	case c.spec.Timeout > 0 && c.limit == c.spec.Timeout && c.spec.TimeoutKey != "":
		return "the limit " + c.spec.TimeoutKey + " sets; raise it there"
	case c.p.Timeout > 0 && c.limit == c.p.timeoutBeside(c.spec.Timeout):
		return "the limit providers." + c.p.Name + ".timeout sets; raise it there"
	}
	return "the role's time limit"
}

// callDeadline bounds a call by the earlier of its limits (zero ones do not count).
func callDeadline(parent context.Context, bounds ...time.Duration) (context.Context, time.Duration, context.CancelFunc) {
	var limit time.Duration
	for _, l := range bounds {
		if l > 0 && (limit == 0 || l < limit) {
			limit = l
		}
	}
	if limit == 0 {
		ctx, cancel := context.WithCancel(parent)
		return ctx, 0, cancel
	}
	ctx, cancel := context.WithTimeout(parent, limit)
	return ctx, limit, cancel
}

func inputNames(in []NamedText) []string {
	names := make([]string, len(in))
	for i, t := range in {
		names[i] = t.Name
	}
	return names
}

func (r *Run) heartbeat(step, role, profile string) (stop func() time.Duration) {
	start := time.Now()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(r.cfg.Heartbeat)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				r.Emit(events.Event{Kind: events.CallHeartbeat, Step: step, Role: role, Profile: profile, Elapsed: time.Since(start)})
			}
		}
	}()
	return func() time.Duration { close(done); return time.Since(start) }
}
