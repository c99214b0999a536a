package engine

import (
	"context"
	"fmt"
	"github.com/war-room/war-room/engine/provider"
)

// checkBudget refuses a new call once the ceiling has been passed.
func (r *Run) checkBudget() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.cfg.Budget
	if b.MaxTokens > 0 && r.used >= b.MaxTokens {
		return fmt.Errorf("%w: %d tokens used, ceiling %d (budget.max_tokens)", ErrBudgetExceeded, r.used, b.MaxTokens)
	}
	if b.MaxUSD > 0 && r.usedUSD >= b.MaxUSD {
		return fmt.Errorf("%w: $%.4f spent, ceiling $%.2f (budget.max_usd)", ErrBudgetExceeded, r.usedUSD, b.MaxUSD)
	}
	return nil
}

func (r *Run) charge(u provider.Usage, usd float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.used += u.Total()
	r.usedUSD += usd
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
