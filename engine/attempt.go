package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// attempt is one request to the provider with its ledger row.
func (r *Run) attempt(ctx context.Context, spec CallSpec, p *Profile, user, prefix string, n int) (CallResult, error) {
	entry := &LedgerEntry{SessionID: r.session.ID, Step: StepKey(ctx), Role: spec.Role, Profile: p.Name,
		Provider: p.Type, Model: p.Model, Family: p.Family, Effort: spec.Effort, Attempt: n,
		PromptSHA256: SHA256Hex([]byte(spec.System + "\x00" + user)), Inputs: inputNames(spec.Inputs),
		StartedAt: r.Now()}
	if err := r.checkBudget(); err != nil {
		entry.Outcome, entry.ErrorClass, entry.ErrorText = OutcomeBudgetRefused, ClassBudget, err.Error()
		return CallResult{}, r.record(ctx, entry, err)
	}
	release, err := r.acquire(ctx, p.Name)
	if err != nil {
		return CallResult{}, err
	}
	defer release()
	r.Emit(Event{Kind: EventCallStarted, Step: entry.Step, Role: spec.Role, Profile: p.Name})
	stop := r.heartbeat(entry.Step, spec.Role, p.Name)
	resp, err := r.complete(ctx, spec, p, user, prefix)
	elapsed := stop()
	entry.LatencyMS, entry.Usage, entry.ModelReported, entry.Scripted = elapsed.Milliseconds(), resp.Usage, resp.Model, resp.Scripted
	if resp.Latency > 0 {
		// The adapter timed the request itself, without this run's queueing on the profile:
		// that is the latency an estimate calibrates on.
		entry.LatencyMS = resp.Latency.Milliseconds()
	}
	entry.CostUSD, _ = p.Cost(resp.Usage)
	r.charge(resp.Usage, entry.CostUSD)
	if err == nil && spec.Contract != nil {
		if cerr := spec.Contract(resp.Text); cerr != nil {
			err = &contractViolation{reason: cerr.Error()}
		}
	}
	entry.Outcome = OutcomeOK
	if err != nil {
		entry.Outcome, entry.ErrorClass, entry.ErrorText = OutcomeError, classify(err), err.Error()
		if entry.ErrorClass == ClassContract {
			entry.Outcome = OutcomeContractFailed
		}
	}
	r.Emit(Event{Kind: EventCallFinished, Step: entry.Step, Role: spec.Role, Profile: p.Name, Elapsed: elapsed, Outcome: entry.Outcome})
	if err := r.record(ctx, entry, err); err != nil {
		return CallResult{}, err
	}
	return CallResult{Text: resp.Text, Profile: p, ProfileName: p.Name, Usage: resp.Usage, Attempts: n, Scripted: resp.Scripted}, nil
}

func (r *Run) complete(ctx context.Context, spec CallSpec, p *Profile, user, prefix string) (provider.Response, error) {
	if spec.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, spec.Timeout)
		defer cancel()
	}
	seed := r.session.Seed
	resp, err := p.Provider.Complete(ctx, provider.Request{System: spec.System, User: user,
		CacheablePrefix: prefix, Model: p.Model, Effort: spec.Effort, MaxTokens: spec.MaxTokens,
		Seed: &seed, Role: spec.Role})
	if err != nil && ctx.Err() != nil && spec.Timeout > 0 {
		return resp, fmt.Errorf("no answer within %s: %w", spec.Timeout, context.DeadlineExceeded)
	}
	return resp, err
}

// record writes the ledger row and returns callErr (or the store's error, which wins).
func (r *Run) record(ctx context.Context, e *LedgerEntry, callErr error) error {
	if err := r.cfg.Store.AppendLedger(context.WithoutCancel(ctx), e); err != nil {
		return fmt.Errorf("record ledger entry for role %s: %w", e.Role, err)
	}
	return callErr
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
				r.Emit(Event{Kind: EventCallHeartbeat, Step: step, Role: role, Profile: profile, Elapsed: time.Since(start)})
			}
		}
	}()
	return func() time.Duration { close(done); return time.Since(start) }
}
