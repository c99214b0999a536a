package engine_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// budget.max_tokens: 1 refuses the very first call: its prompt alone is estimated above the
// ceiling, so nothing is sent; the refusal is a ledger row naming the ceiling.
func TestBudgetRefusesTheFirstCallItsPromptWouldPass(t *testing.T) {
	ctx := context.Background()
	ps, sp := scripted(echoScript())
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Budget.MaxTokens = 1 })
	_, err := r.Call(ctx, engine.CallSpec{Role: "x", Profile: "a", System: "You weigh queues.",
		Inputs: []engine.NamedText{{Name: "QUESTION", Text: "Which queue should billing use?"}}, Task: "Answer."})
	require.ErrorIs(t, err, engine.ErrBudgetExceeded)
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassBudget, ce.Class)
	assert.Equal(t, 0, sp.Calls(), "nothing reached the provider")
	assert.ErrorContains(t, err, "over the ceiling of 1 (budget.max_tokens)")
	l, err := r.Store().Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	require.Len(t, l, 1)
	assert.Equal(t, ledger.OutcomeBudgetRefused, l[0].Outcome)
}

// The estimate counts against what is already used: a prompt that fits alone is refused when
// the session has spent most of its ceiling, and one that fits still goes.
func TestBudgetCountsThePromptOnTopOfWhatWasUsed(t *testing.T) {
	ctx := context.Background()
	ps, sp := scripted(script.Script{Default: &script.Response{Text: "ok", Usage: provider.Usage{InputTokens: 600}}})
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Budget.MaxTokens = 1000 })
	_, err := r.Call(ctx, engine.CallSpec{Role: "x", Profile: "a", Task: "short"})
	require.NoError(t, err)
	long := engine.CallSpec{Role: "x", Profile: "a", Task: strings.Repeat("word ", 400)} // ~500 tokens
	_, err = r.Call(ctx, long)
	require.ErrorIs(t, err, engine.ErrBudgetExceeded)
	assert.ErrorContains(t, err, "this session has used 600")
	_, err = r.Call(ctx, engine.CallSpec{Role: "x", Profile: "a", Task: "tiny"})
	require.NoError(t, err, "a prompt that still fits goes")
	assert.Equal(t, 2, sp.Calls())
}

// A priced prompt is refused on its estimated input cost too.
func TestBudgetRefusesAPromptWhoseInputCostWouldPassTheUSDCeiling(t *testing.T) {
	ps, sp := scripted(echoScript())
	ps["a"].PriceInPerMTok = 1_000_000 // a dollar a token: any prompt passes $1
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Budget.MaxUSD = 1 })
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "a", Task: "Answer the question."})
	require.ErrorIs(t, err, engine.ErrBudgetExceeded)
	assert.ErrorContains(t, err, "(budget.max_usd)")
	assert.Equal(t, 0, sp.Calls())
}

// A server ceiling lower than the configuration's wins, and the refusal names it.
func TestBudgetWithinNamesTheLowerCeiling(t *testing.T) {
	repo := limits.Budget{MaxTokens: 500, MaxUSD: 10}
	server := limits.Budget{MaxTokens: 1000, MaxUSD: 2, TokensBy: "--max-session-tokens=1000", USDBy: "--max-session-usd=2"}
	got := repo.Within(server)
	assert.Equal(t, limits.Budget{MaxTokens: 500, MaxUSD: 2, USDBy: "--max-session-usd=2"}, got)
	assert.Equal(t, server, limits.Budget{}.Within(server), "an uncapped configuration gets the server's caps")
	assert.Equal(t, repo, repo.Within(limits.Budget{}), "no server ceiling leaves the configuration's")
	assert.Contains(t, got.Refuse("this session", limits.Spend{USD: 2}, limits.Spend{}), "(--max-session-usd=2)")
}

// A daily account is shared by every session charged to it, through the store: once the
// sessions together reach its ceiling, the next call of any of them is refused unsent,
// naming the account; the next UTC day starts from zero.
func TestDailyAccountIsSharedBySessions(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	now := time.Date(2025, 3, 4, 23, 0, 0, 0, time.UTC)
	acct := &engine.DailyAccount{Store: st, Key: "installation/77", What: "installation 77 today", Now: func() time.Time { return now },
		Limit: limits.Budget{MaxTokens: 1000, TokensBy: "--max-daily-tokens=1000"}}
	ps, sp := scripted(script.Script{Default: &script.Response{Text: "ok", Usage: provider.Usage{InputTokens: 350}}})
	withAccount := func(rc *engine.RunConfig) { rc.Account = acct }
	one, two := startRun(t, st, ps, withAccount), startRun(t, st, ps, withAccount)
	for _, r := range []*engine.Run{one, two, one} { // 350 each: 1050 ≥ 1000 after the third
		_, err := r.Call(ctx, engine.CallSpec{Role: "x", Profile: "a"})
		require.NoError(t, err)
	}
	_, err := two.Call(ctx, engine.CallSpec{Role: "x", Profile: "a"})
	require.ErrorIs(t, err, engine.ErrBudgetExceeded)
	assert.ErrorContains(t, err, "installation 77 today has used 1050 tokens, ceiling 1000 (--max-daily-tokens=1000)")
	assert.Equal(t, 3, sp.Calls())

	now = now.Add(2 * time.Hour) // the next UTC day
	_, err = one.Call(ctx, engine.CallSpec{Role: "x", Profile: "a"})
	require.NoError(t, err)
	spent, err := acct.Spent(ctx)
	require.NoError(t, err)
	assert.Equal(t, limits.Spend{Tokens: 350}, spent)
}

// Concurrent charges from many goroutines (as parallel calls and replicas make them) all
// count: the total moves by compare-and-swap, never by a lost update.
func TestDailyAccountChargesConcurrently(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	acct := &engine.DailyAccount{Store: st, Key: "installation/9", What: "installation 9 today",
		Warn: func(msg string) { t.Error(msg) }}
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for range 5 {
				acct.Charge(ctx, limits.Spend{Tokens: 10, USD: 0.5})
			}
		})
	}
	wg.Wait()
	spent, err := acct.Spent(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(800), spent.Tokens)
	assert.InDelta(t, 40.0, spent.USD, 1e-9)
}
