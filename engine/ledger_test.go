package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// Every attempt leaves a row naming who was asked (role, profile, provider, model, family,
// effort), with what (prompt digest, input names), what it cost (usage, USD, latency) and how
// it ended (outcome, class) — a failure and a budget refusal included.
func TestLedgerRowsRecordEveryAttempt(t *testing.T) {
	ctx := context.Background()
	u := provider.Usage{InputTokens: 600_000, OutputTokens: 100_000, CacheReadTokens: 400_000}
	ps, _ := scripted(script.Script{Responses: []script.Response{
		{Role: "generator", Index: idx(0), Error: "transport", Text: "connection reset"},
		{Role: "generator", Text: "C-1: fine", Usage: u, Latency: 30 * time.Millisecond},
	}})
	ps["a"].Model, ps["a"].PriceInPerMTok, ps["a"].PriceOutPerMTok = "m-1", 2, 10
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Budget.MaxUSD = 1 })
	spec := engine.CallSpec{Role: "generator", Profile: "a", Effort: provider.EffortHigh, System: "body",
		Inputs: []engine.NamedText{{Name: "QUESTION", Text: "q"}, {Name: "FACTS", Text: "f"}}, Task: "write"}
	_, err := engine.Step(ctx, r, "position", func(ctx context.Context) (engine.CallResult, error) { return r.Call(ctx, spec) })
	require.NoError(t, err)
	_, err = r.Call(ctx, spec) // $2 + $1 spent against a $1 ceiling: refused unsent
	require.ErrorIs(t, err, engine.ErrBudgetExceeded)

	l, err := r.Store().Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	require.Len(t, l, 3)
	for i, e := range l {
		assert.Equal(t, int64(i+1), e.Seq)
		assert.Equal(t, r.Session().ID, e.SessionID)
		assert.Equal(t, "generator", e.Role)
		assert.Equal(t, "a", e.Profile)
		assert.Equal(t, "script", e.Provider)
		assert.Equal(t, "m-1", e.Model)
		assert.Equal(t, "alpha", e.Family)
		assert.Equal(t, provider.EffortHigh, e.Effort)
		assert.Equal(t, []string{"QUESTION", "FACTS"}, e.Inputs)
		assert.Len(t, e.PromptSHA256, 64)
	}
	failed, ok, refused := l[0], l[1], l[2]
	assert.Equal(t, "position", failed.Step)
	assert.Equal(t, 1, failed.Attempt)
	assert.Equal(t, ledger.OutcomeError, failed.Outcome)
	assert.Equal(t, string(provider.ClassTransport), failed.ErrorClass)
	assert.Contains(t, failed.ErrorText, "connection reset")

	assert.Equal(t, 2, ok.Attempt)
	assert.Equal(t, ledger.OutcomeOK, ok.Outcome)
	assert.Empty(t, ok.ErrorClass)
	assert.Equal(t, u, ok.Usage)
	assert.InDelta(t, 3.0, ok.CostUSD, 1e-9, "(600k+400k cache) × $2 + 100k × $10 per Mtok")
	assert.GreaterOrEqual(t, ok.LatencyMS, int64(30))
	assert.True(t, ok.Scripted)
	assert.Equal(t, failed.PromptSHA256, ok.PromptSHA256, "a transport retry resends the same prompt")

	assert.Equal(t, "", refused.Step, "the refused call ran outside any step")
	assert.Equal(t, ledger.OutcomeBudgetRefused, refused.Outcome)
	assert.Equal(t, ledger.ClassBudget, refused.ErrorClass)
	assert.Equal(t, provider.Usage{}, refused.Usage)
	assert.Contains(t, refused.ErrorText, "budget.max_usd")
}
