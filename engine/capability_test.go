package engine_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

func TestEffortIsMappedToTheLevelsTheProfileAccepts(t *testing.T) {
	cases := []struct {
		levels []provider.Effort
		want   provider.Effort
	}{
		{nil, ""},
		{[]provider.Effort{}, ""},
		{[]provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh}, provider.EffortHigh},
		{provider.Ladder, provider.EffortXHigh},
	}
	for _, tc := range cases {
		rp := &replies{next: []func(provider.Request) (provider.Response, error){answers("ok")}}
		r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp, EffortLevels: tc.levels}, nil)
		res, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p", Effort: provider.EffortXHigh})
		require.NoError(t, err)
		assert.Equal(t, tc.want, rp.requests()[0].Effort, "levels %v", tc.levels)
		assert.Equal(t, tc.want, res.Effort)
		l := ledgerOf(t, r)
		assert.Equal(t, tc.want, l[0].Effort, "the ledger records the level sent")
		assert.Equal(t, provider.EffortXHigh, l[0].EffortAsked, "and what was asked")
	}
}

// A vendor that refuses the effort teaches war-room: the attempt that follows goes without
// it, the ledger shows each attempt's ask and what it sent, and the refusal is kept in the
// store, so a later run's first request to that model sends no effort at all.
func TestAnEffortRefusalIsLearnedAndKept(t *testing.T) {
	refused := fails(&provider.Error{Class: provider.ClassInvalidRequest, Status: 400, Param: provider.ParamEffort,
		Err: errors.New("invalid_request_error: output_config.effort: not supported by this model")})
	rp := &replies{next: []func(provider.Request) (provider.Response, error){refused, answers("ok")}}
	st := openStore(t, "")
	profile := func() engine.Profiles {
		return engine.Profiles{"claude": {Name: "claude", Type: "anthropic", Model: "claude-x", Endpoint: "api.anthropic.com",
			Family: "anthropic", Provider: rp, EffortLevels: []provider.Effort{provider.EffortHigh}}}
	}
	r := startRun(t, st, profile(), nil)
	res, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "claude", Effort: provider.EffortHigh})
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Text)
	reqs := rp.requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, provider.EffortHigh, reqs[0].Effort)
	assert.Empty(t, reqs[1].Effort, "the attempt after the refusal sends no effort")
	l := ledgerOf(t, r)
	require.Len(t, l, 2)
	assert.Equal(t, ledger.ClassConfig, l[0].ErrorClass)
	assert.Equal(t, provider.EffortHigh, l[0].Effort)
	assert.Empty(t, l[1].Effort, "the ledger shows what was sent")
	assert.Equal(t, provider.EffortHigh, l[1].EffortAsked, "and what was asked")

	again := startRun(t, st, profile(), nil)
	_, err = again.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "claude", Effort: provider.EffortHigh})
	require.NoError(t, err)
	require.Len(t, rp.requests(), 3)
	assert.Empty(t, rp.requests()[2].Effort, "a later session's first request already knows")
}

// An endpoint that refuses a streamed request is asked for the whole answer on the next
// attempt, and a later session asks it so from its first request; the notes say so.
func TestAStreamingRefusalIsLearnedAndKept(t *testing.T) {
	refused := fails(&provider.Error{Class: provider.ClassInvalidRequest, Status: 400, Param: provider.ParamStream,
		Err: errors.New("Unrecognized request argument supplied: stream_options")})
	rp := &replies{next: []func(provider.Request) (provider.Response, error){refused, answers("ok")}}
	st := openStore(t, "")
	profile := func() engine.Profiles {
		return engine.Profiles{"local": {Name: "local", Type: "openai", Model: "qwen3", Endpoint: "localhost:8000",
			Family: "qwen", Provider: rp}}
	}
	r := startRun(t, st, profile(), nil)
	res, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "local"})
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Text)
	reqs := rp.requests()
	require.Len(t, reqs, 2)
	assert.False(t, reqs[0].NoStream)
	assert.True(t, reqs[1].NoStream, "the attempt after the refusal asks for the whole answer")

	again := startRun(t, st, profile(), nil)
	_, err = again.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "local"})
	require.NoError(t, err)
	require.Len(t, rp.requests(), 3)
	assert.True(t, rp.requests()[2].NoStream, "a later session's first request already knows")
}

// A call that must keep its effort (a review lane under review.effort_downgrade: refuse) is not
// retried without it: the refusal ends the call as a configuration error after one request,
// and is still recorded for the next session.
func TestACallThatKeepsItsEffortFailsRatherThanDropIt(t *testing.T) {
	refused := fails(&provider.Error{Class: provider.ClassInvalidRequest, Status: 400, Param: provider.ParamEffort,
		Err: errors.New("invalid_request_error: reasoning.effort: xhigh is not supported")})
	rp := &replies{next: []func(provider.Request) (provider.Response, error){refused, answers("ok")}}
	st := openStore(t, "")
	p := &engine.Profile{Name: "gpt", Type: "openai", Model: "gpt-x", Endpoint: "api.openai.com", Family: "openai",
		Provider: rp, EffortLevels: []provider.Effort{provider.EffortXHigh}}
	r := startRun(t, st, engine.Profiles{"gpt": p}, nil)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "reviewer", Profile: "gpt", Effort: provider.EffortXHigh, KeepEffort: true})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassConfig, ce.Class)
	require.Len(t, rp.requests(), 1, "no attempt without the effort")
	refusedNow, err := engine.Refused(context.Background(), st, p, "effort", time.Now())
	require.NoError(t, err)
	assert.True(t, refusedNow, "the refusal is recorded all the same")
}

// With no attempt left, a refused setting fails the call as a configuration error naming the
// key, and is still learned for the next call.
func TestARefusalWithNoAttemptLeftNamesTheKey(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){
		fails(&provider.Error{Class: provider.ClassInvalidRequest, Status: 400, Param: provider.ParamThinking,
			Err: errors.New("invalid_request_error: thinking.type: adaptive is not supported")}), answers("ok")}}
	r := profileRun(t, &engine.Profile{Name: "claude", Family: "anthropic", Provider: rp, Thinking: provider.ThinkingAdaptive, MaxAttempts: 1}, nil)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "claude"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassConfig, ce.Class)
	assert.Contains(t, err.Error(), "thinking: off")
	assert.Equal(t, provider.ThinkingAdaptive, rp.requests()[0].Thinking)
	_, err = r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "claude"})
	require.NoError(t, err)
	assert.Equal(t, provider.ThinkingOff, rp.requests()[1].Thinking, "learned for the next call")
}

func TestAPromptThatCannotFitIsRefusedBeforeAnyRequest(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){answers("ok")}}
	r := profileRun(t, &engine.Profile{Name: "local", Family: "qwen", Provider: rp, ContextTokens: 4096}, nil)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "local",
		Inputs: []engine.NamedText{{Name: "CONTEXT", Text: strings.Repeat("word ", 8000)}}, Task: "t"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassContext, ce.Class)
	assert.Contains(t, err.Error(), "profile local")
	assert.Contains(t, err.Error(), "context_tokens")
	assert.Contains(t, err.Error(), "4096")
	assert.Empty(t, rp.requests())
	l := ledgerOf(t, r)
	require.Len(t, l, 1)
	assert.Equal(t, ledger.OutcomeContextRefused, l[0].Outcome)
}

func TestTheProfileTimeoutBoundsTheWholeCall(t *testing.T) {
	b := blocking{arrived: make(chan struct{}, 8)}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: b, Timeout: 50 * time.Millisecond}, nil)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassTimeout, ce.Class)
	assert.Equal(t, 1, ce.Attempts, "an expired deadline leaves no time for a retry")
	assert.Contains(t, err.Error(), "no answer within 50ms")
}

func TestCacheReadsAndWritesArePricedApart(t *testing.T) {
	p := &engine.Profile{PriceInPerMTok: 10, PriceOutPerMTok: 50, PriceCacheReadPerMTok: 1, PriceCacheWritePerMTok: 12.5}
	usd, ok := p.Cost(provider.Usage{InputTokens: 1e6, OutputTokens: 1e6, CacheReadTokens: 1e6, CacheWriteTokens: 1e6})
	require.True(t, ok)
	assert.InDelta(t, 10+50+1+12.5, usd, 1e-9)
	unpricedCache := &engine.Profile{PriceInPerMTok: 10, PriceOutPerMTok: 50}
	usd, _ = unpricedCache.Cost(provider.Usage{CacheReadTokens: 1e6})
	assert.InDelta(t, 10.0, usd, 1e-9, "cache without a price of its own is priced as input")
}

// A refusal learned a month ago no longer holds: the vendor may have taught the model the
// setting since, so the next call asks for it again.
func TestARecordedRefusalExpires(t *testing.T) {
	st := openStore(t, "")
	p := &engine.Profile{Name: "claude", Type: "anthropic", Model: "claude-x", Endpoint: "api.anthropic.com"}
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	require.NoError(t, engine.LearnRefusal(context.Background(), st, p, "effort", "high", errors.New("refused"), at))
	ok, err := engine.Refused(context.Background(), st, p, "effort", at.Add(29*24*time.Hour))
	require.NoError(t, err)
	assert.True(t, ok)
	ok, err = engine.Refused(context.Background(), st, p, "effort", at.Add(31*24*time.Hour))
	require.NoError(t, err)
	assert.False(t, ok)
}
