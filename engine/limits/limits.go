// Package limits holds the ceilings a session runs under: a budget of tokens and dollars, the
// server's bounds on what a request may ask for, the per-call time and attempt limits, and the
// shared account many sessions are charged to. It is data and arithmetic; the engine enforces it.
package limits

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Ceiling names a kind of setting a server may bound: protocols declare which of their
// settings fall under which ceiling, so that one check serves every protocol.
type Ceiling string

// The ceilings. Passes, rounds and seats multiply a session's calls; context bytes size
// every prompt.
const (
	// CeilingPasses bounds repeated passes over the same material (the reasoning chain's
	// compressor and attacker rounds).
	CeilingPasses Ceiling = "passes"
	// CeilingRounds bounds iterative rounds of a panel (Delphi rounds, cross-examination).
	CeilingRounds Ceiling = "rounds"
	// CeilingSeats bounds how many members a panel seats.
	CeilingSeats Ceiling = "seats"
	// CeilingContextBytes bounds the bytes of a session's inputs (question and context); the
	// engine measures it itself, for every protocol.
	CeilingContextBytes Ceiling = "context-bytes"
	// CeilingBaselineCalls bounds the ballots of a baseline vote (a matched vote counts as
	// the most it may ask, MaxBaselineCalls).
	CeilingBaselineCalls Ceiling = "baseline-calls"
)

// Bounded is one setting of a session that falls under a ceiling, as its protocol declares
// it from the session's resolved options.
type Bounded struct {
	Ceiling Ceiling
	// Shown is the setting as the person set it, for the refusal to quote ("--passes=40",
	// "protocols.war_room.delphi.max_rounds: 1000").
	Shown string
	Value int64
}

// Limit is one ceiling's bound: the largest value allowed, and the setting that imposes it
// ("war-room serve --max-passes").
type Limit struct {
	Max int64
	By  string
}

// Limits are the ceilings a server imposes on every session, which no repository
// configuration can raise.
type Limits struct {
	// Budget caps each session; a session runs under the lower of this and its own
	// (Budget.Within).
	Budget Budget
	// Bounds cap the settings protocols declare; a missing or zero Max is no bound.
	Bounds map[Ceiling]Limit
	// Calls caps every model call, whatever the profile or the protocol asks: see CallLimits.
	Calls CallLimits
}

// CallLimits bound each model call of a session (zero: no bound). A call asking for more is
// clamped, never refused, and the run's record says so once: a repository's timeout of an
// hour, or ten attempts, cannot hold one of the server's workers that long.
type CallLimits struct {
	// Time is the longest a call may take, all its attempts together.
	Time time.Duration
	// Attempts is the most requests one call may make.
	Attempts int
	// TimeBy and AttemptsBy name the settings that set them, for the note.
	TimeBy, AttemptsBy string
}

// LimitError is a session refused before it started because a setting passes a ceiling.
type LimitError struct {
	Setting Bounded
	Limit   Limit
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s is over this server's ceiling: %s=%d. Nothing was run; ask again within it.",
		e.Setting.Shown, e.Limit.By, e.Limit.Max)
}

// ErrOverLimit is wrapped by every *LimitError.
var ErrOverLimit = errors.New("over a server ceiling")

func (e *LimitError) Unwrap() error { return ErrOverLimit }

// Check refuses a new session any of whose declared settings, or whose inputs' size n in bytes,
// passes a ceiling: it returns the first such as a *LimitError, before anything is spent.
func (l Limits) Check(n int64, declared []Bounded) error {
	all := append([]Bounded{{Ceiling: CeilingContextBytes, Value: n,
		Shown: fmt.Sprintf("The question and its context (%d bytes)", n)}}, declared...)
	for _, b := range all {
		if lim, ok := l.Bounds[b.Ceiling]; ok && lim.Max > 0 && b.Value > lim.Max {
			return &LimitError{Setting: b, Limit: lim}
		}
	}
	return nil
}

// EffortTimeout is the time limit a call at effort e earns when no setting gives it one: a
// thinking model at a high effort takes minutes. No effort counts as medium.
func EffortTimeout(e provider.Effort) time.Duration {
	switch e {
	case provider.EffortHigh:
		return 3 * time.Minute
	case provider.EffortXHigh:
		return 4 * time.Minute
	case provider.EffortMax:
		return 5 * time.Minute
	}
	return 2 * time.Minute
}

// Budget is a per-session ceiling. Usage is known only after a call returns, so the guarantee
// is "no call starts once the ceiling is reached, nor one whose prompt alone (estimated before
// sending) would pass it", not "the ceiling is never exceeded": a call's output is counted
// after it comes.
type Budget struct {
	// MaxTokens caps all tokens of all calls (0: uncapped).
	MaxTokens int64
	// MaxUSD caps the priced cost of calls on priced profiles (0: uncapped).
	MaxUSD float64
	// TokensBy and USDBy name the setting each cap came from, for a refusal to quote (""
	// means the configuration's budget.max_tokens and budget.max_usd).
	TokensBy, USDBy string
}

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
	tk, usd := b.TokensSetting(), b.USDSetting()
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

// TokensSetting names the setting the token ceiling came from.
func (b Budget) TokensSetting() string { return cmp.Or(b.TokensBy, budgetTokensKey) }

// USDSetting names the setting the dollar ceiling came from.
func (b Budget) USDSetting() string { return cmp.Or(b.USDBy, budgetUSDKey) }

// Account is a spending ceiling shared by many sessions, across the processes sharing a
// store: every call of every session charged to it is checked before it starts and charged
// after. Calls in flight are counted when they end, so the ceiling can be passed by what
// the calls already running spend, never by a call that starts after it is reached.
type Account interface {
	// Allow returns an error wrapping ErrBudgetExceeded when a call expected to spend want
	// must not start, and any other error when the account cannot be read (the call is then
	// refused too: the ceiling fails closed).
	Allow(ctx context.Context, want Spend) error
	// Charge adds what a call spent. The call's answer stands whatever happens here; an
	// account that cannot record the spend reports it its own way.
	Charge(ctx context.Context, spent Spend)
}
