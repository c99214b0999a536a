package engine

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/provider"
)

// EnterStage applies the plan's cap for the named stage, if it has one, in place of the
// stage entered before: a protocol that routes a session (war-room's modes) calls it each time
// the route changes, including when a resumed run replays the routing.
func (r *Run) EnterStage(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	sb, ok := r.cfg.Stages[r.session.Protocol][name]
	r.stage = limits.Budget{}
	if ok && sb.MaxTokens > 0 {
		r.stage = limits.Budget{MaxTokens: sb.MaxTokens, TokensBy: sb.By}
	}
}

// checkBudget refuses a call whose prompt is estimated at want, against the session's budget
// (within the current stage's cap) and then the account shared with other sessions.
func (r *Run) checkBudget(ctx context.Context, want limits.Spend) error {
	r.mu.Lock()
	used := limits.Spend{Tokens: r.used, USD: r.usedUSD}
	budget := r.cfg.Budget.Within(r.stage)
	r.mu.Unlock()
	if why := budget.Refuse("this session", used, want); why != "" {
		return fmt.Errorf("%w: %s; nothing was sent", ErrBudgetExceeded, why)
	}
	if r.cfg.Account != nil {
		return r.cfg.Account.Allow(ctx, want)
	}
	return nil
}

func (r *Run) charge(ctx context.Context, u provider.Usage, usd float64) {
	r.mu.Lock()
	r.used += u.Total()
	r.usedUSD += usd
	r.mu.Unlock()
	if r.cfg.Account != nil && (u.Total() > 0 || usd > 0) {
		r.cfg.Account.Charge(context.WithoutCancel(ctx), limits.Spend{Tokens: u.Total(), USD: usd})
	}
}

// Used reports the tokens and priced USD the session has consumed so far.
func (r *Run) Used() (tokens int64, usd float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.used, r.usedUSD
}

// acquire takes a concurrency slot on the profile, if it is limited.
func (r *Run) acquire(ctx context.Context, profile string) (release func(), err error) {
	sem, ok := r.semaphore[profile]
	if !ok {
		return func() {}, nil
	}
	select {
	case sem <- struct{}{}:
		return func() { <-sem }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
