package engine

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/engine/provider"
)

// The settings a budget's ceilings come from unless Budget names others.
const (
	budgetTokensKey = "budget.max_tokens"
	budgetUSDKey    = "budget.max_usd"
)

// Spend is tokens and priced USD, spent or about to be.
type Spend struct {
	Tokens int64
	USD    float64
}

// Within is the budget a session runs under when a ceiling it cannot raise applies too: each
// cap is the lower of b's and ceiling's (a zero cap is none), named by the setting it came
// from.
func (b Budget) Within(ceiling Budget) Budget {
	out := b
	if ceiling.MaxTokens > 0 && (b.MaxTokens <= 0 || ceiling.MaxTokens < b.MaxTokens) {
		out.MaxTokens, out.TokensBy = ceiling.MaxTokens, ceiling.TokensBy
	}
	if ceiling.MaxUSD > 0 && (b.MaxUSD <= 0 || ceiling.MaxUSD < b.MaxUSD) {
		out.MaxUSD, out.USDBy = ceiling.MaxUSD, ceiling.USDBy
	}
	return out
}

// Refuse says why a call expected to read want must not start after used was spent, or ""
// when it may: no call starts once a ceiling is reached, nor one whose prompt alone would
// pass it. what names whose spend it is ("this session", "installation 7 today").
func (b Budget) Refuse(what string, used, want Spend) string {
	tk, usd := orKey(b.TokensBy, budgetTokensKey), orKey(b.USDBy, budgetUSDKey)
	switch {
	case b.MaxTokens > 0 && used.Tokens >= b.MaxTokens:
		return fmt.Sprintf("%s has used %d tokens, ceiling %d (%s)", what, used.Tokens, b.MaxTokens, tk)
	case b.MaxTokens > 0 && used.Tokens+want.Tokens > b.MaxTokens:
		return fmt.Sprintf("the prompt is about %d tokens and %s has used %d, over the ceiling of %d (%s)",
			want.Tokens, what, used.Tokens, b.MaxTokens, tk)
	case b.MaxUSD > 0 && used.USD >= b.MaxUSD:
		return fmt.Sprintf("%s has spent $%.4f, ceiling $%.2f (%s)", what, used.USD, b.MaxUSD, usd)
	case b.MaxUSD > 0 && used.USD+want.USD > b.MaxUSD:
		return fmt.Sprintf("the prompt would cost about $%.4f and %s has spent $%.4f, over the ceiling of $%.2f (%s)",
			want.USD, what, used.USD, b.MaxUSD, usd)
	}
	return ""
}

func orKey(by, key string) string {
	if by != "" {
		return by
	}
	return key
}

// EnterStage applies the plan's cap for the named stage, if it has one, in place of the
// stage entered before: a protocol that routes a session (war-room's modes) calls it each time
// the route changes, including when a resumed run replays the routing.
func (r *Run) EnterStage(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	sb, ok := r.cfg.Stages[r.session.Protocol][name]
	r.stage = Budget{}
	if ok && sb.MaxTokens > 0 {
		r.stage = Budget{MaxTokens: sb.MaxTokens, TokensBy: sb.By}
	}
}

// checkBudget refuses a call whose prompt is estimated at want, against the session's budget
// (within the current stage's cap) and then the account shared with other sessions.
func (r *Run) checkBudget(ctx context.Context, want Spend) error {
	r.mu.Lock()
	used := Spend{Tokens: r.used, USD: r.usedUSD}
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
		r.cfg.Account.Charge(context.WithoutCancel(ctx), Spend{Tokens: u.Total(), USD: usd})
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
