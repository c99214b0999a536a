package engine_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

type recorder struct {
	mu     sync.Mutex
	events []events.Event
}

func (r *recorder) Emit(e events.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *recorder) kinds() []events.Kind {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []events.Kind
	for _, e := range r.events {
		out = append(out, e.Kind)
	}
	return out
}

func TestEventsCarryNoModelTextAndHeartbeatOnSlowCalls(t *testing.T) {
	rec := &recorder{}
	secret := "the synthesis says SECRET-ANSWER"
	ps, _ := scripted(script.Script{Default: &script.Response{Text: secret, Latency: 120 * time.Millisecond}})
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) {
		rc.Sinks = []events.Sink{rec}
		rc.Heartbeat = 20 * time.Millisecond
	})
	ctx := context.Background()
	r.Phase("synthesis")
	_, err := engine.Step(ctx, r, "synthesis", func(ctx context.Context) (engine.CallResult, error) {
		return r.Call(ctx, engine.CallSpec{Role: "synthesizer", Profile: "a"})
	})
	require.NoError(t, err)
	require.NoError(t, r.Finish(ctx, nil))

	kinds := rec.kinds()
	assert.Equal(t, events.SessionStarted, kinds[0])
	assert.Contains(t, kinds, events.Phase)
	assert.Contains(t, kinds, events.CallStarted)
	assert.Contains(t, kinds, events.CallHeartbeat, "a call longer than the heartbeat interval reports that it is still working")
	assert.Equal(t, events.SessionFinished, kinds[len(kinds)-1])
	for _, e := range rec.events {
		assert.NotContains(t, e.Message, "SECRET-ANSWER")
		assert.Equal(t, r.Session().ID, e.SessionID)
	}
}

func TestCallResultSurvivesAStep(t *testing.T) {
	ps, _ := scripted(echoScript())
	r := startRun(t, openStore(t, ""), ps, nil)
	res, err := engine.Step(context.Background(), r, "s", func(ctx context.Context) (engine.CallResult, error) {
		return r.Call(ctx, engine.CallSpec{Role: "x", Profile: "b"})
	})
	require.NoError(t, err)
	assert.Equal(t, "answer from x", res.Text)
	assert.Equal(t, "b", res.ProfileName)
	assert.Nil(t, res.Profile, "the live profile is not stored")
}

// A finished call's event carries what its ledger row records of it: family, outcome, usage
// and cost; every event names the session's protocol. That is what the App's metrics count.
func TestCallEventsCarryUsageAndCost(t *testing.T) {
	rec := &recorder{}
	used := provider.Usage{InputTokens: 1000, OutputTokens: 200, CacheReadTokens: 30}
	ps, _ := scripted(script.Script{Default: &script.Response{Text: "ok", Usage: used}})
	ps["a"].PriceInPerMTok, ps["a"].PriceOutPerMTok = 3, 15
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Sinks = []events.Sink{rec} })
	ctx := context.Background()
	_, err := r.Call(ctx, engine.CallSpec{Role: "judge", Profile: "a"})
	require.NoError(t, err)
	require.NoError(t, r.Finish(ctx, nil))
	var finished []events.Event
	for _, e := range rec.events {
		assert.Equal(t, "test", e.Protocol, "event %s", e.Kind)
		if e.Kind == events.CallFinished {
			finished = append(finished, e)
		}
	}
	require.Len(t, finished, 1)
	e := finished[0]
	assert.Equal(t, "alpha", e.Family)
	assert.Equal(t, ledger.OutcomeOK, e.Outcome)
	assert.Equal(t, used, e.Usage)
	entries, err := r.Store().Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	assert.InDelta(t, (1030*3+200*15)/1e6, e.CostUSD, 1e-12)
	assert.Equal(t, entries[0].CostUSD, e.CostUSD)
}

// A step the run stored and reads again (a protocol asking twice for the same result) is not
// a resume and says nothing; the same step read by a later run of the session is.
func TestOnlyAnEarlierRunsStepIsResumed(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	ps, _ := scripted(echoScript())
	rec := &recorder{}
	r := startRun(t, st, ps, func(rc *engine.RunConfig) { rc.Sinks = []events.Sink{rec} })
	calls := 0
	step := func(r *engine.Run) (int, error) {
		return engine.Step(ctx, r, "count", func(context.Context) (int, error) { calls++; return 41 + calls, nil })
	}
	for range 2 {
		v, err := step(r)
		require.NoError(t, err)
		assert.Equal(t, 42, v)
	}
	assert.NotContains(t, rec.kinds(), events.StepResumed)

	again := &recorder{}
	r2, err := engine.Resume(ctx, engine.RunConfig{Store: st, Profiles: ps, Sinks: []events.Sink{again}}, r.Session().ID)
	require.NoError(t, err)
	v, err := step(r2)
	require.NoError(t, err)
	assert.Equal(t, 42, v)
	assert.Equal(t, 1, calls)
	assert.Contains(t, again.kinds(), events.StepResumed)
}
