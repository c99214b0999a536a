package engine_test

import (
	"context"
	"errors"
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
)

// replies is a provider that answers from a list, in order, repeating the last, and keeps
// every request.
type replies struct {
	mu   sync.Mutex
	got  []provider.Request
	next []func(provider.Request) (provider.Response, error)
}

func (r *replies) Complete(_ context.Context, req provider.Request) (provider.Response, error) {
	r.mu.Lock()
	r.got = append(r.got, req)
	f := r.next[min(len(r.got), len(r.next))-1]
	r.mu.Unlock()
	return f(req)
}

func (r *replies) requests() []provider.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]provider.Request(nil), r.got...)
}

func fails(pe *provider.Error) func(provider.Request) (provider.Response, error) {
	return func(provider.Request) (provider.Response, error) { return provider.Response{}, pe }
}

func answers(text string) func(provider.Request) (provider.Response, error) {
	return func(provider.Request) (provider.Response, error) {
		return provider.Response{Text: text, StopReason: "end_turn", Usage: provider.Usage{InputTokens: 10, OutputTokens: 5}}, nil
	}
}

// waits records the run's sleeps and spends none of them.
type waits struct {
	mu  sync.Mutex
	got []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.got = append(w.got, d)
	w.mu.Unlock()
	return ctx.Err()
}

func profileRun(t *testing.T, p *engine.Profile, w *waits) *engine.Run {
	t.Helper()
	return startRun(t, openStore(t, ""), engine.Profiles{p.Name: p}, func(rc *engine.RunConfig) {
		if w != nil {
			rc.Sleep = w.sleep
		}
	})
}

func ledgerOf(t *testing.T, r *engine.Run) []ledger.Entry {
	t.Helper()
	l, err := r.Store().Ledger(context.Background(), r.Session().ID)
	require.NoError(t, err)
	return l
}

func TestTransportRetriesHonourRetryAfterAndCountEveryRequest(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){
		fails(&provider.Error{Class: provider.ClassTransport, Status: 429, RetryAfter: 1500 * time.Millisecond, Err: errors.New("slow down")}),
		fails(&provider.Error{Class: provider.ClassTransport, Status: 529, Err: errors.New("overloaded")}),
		answers("fine"),
	}}
	w := &waits{}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp, Timeout: time.Hour}, w)
	res, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	require.NoError(t, err)
	assert.Equal(t, 3, res.Attempts)
	assert.Len(t, rp.requests(), 3)
	require.Len(t, w.got, 2)
	assert.Equal(t, 1500*time.Millisecond, w.got[0], "the vendor's hint is the wait")
	assert.GreaterOrEqual(t, w.got[1], time.Second, "without a hint: the backoff")
	assert.LessOrEqual(t, w.got[1], 2*time.Second)
	l := ledgerOf(t, r)
	require.Len(t, l, 3, "one ledger row per request")
	assert.Equal(t, []int{1, 2, 3}, []int{l[0].Attempt, l[1].Attempt, l[2].Attempt})
	assert.Equal(t, ledger.OutcomeOK, l[2].Outcome)
}

func TestAttemptsNeverExceedTheProfileBound(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){
		fails(&provider.Error{Class: provider.ClassTransport, Status: 500, Err: errors.New("boom")})}}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp, MaxAttempts: 2}, &waits{})
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "transport", ce.Class)
	assert.Equal(t, 2, ce.Attempts)
	assert.Len(t, rp.requests(), 2)
	assert.Len(t, ledgerOf(t, r), 2)
}

func TestARetryAfterBeyondTheDeadlineEndsTheCallNow(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){
		fails(&provider.Error{Class: provider.ClassTransport, Status: 429, RetryAfter: time.Hour, Err: errors.New("slow down")})}}
	w := &waits{}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp, Timeout: time.Minute}, w)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "transport", ce.Class)
	assert.Len(t, rp.requests(), 1)
	assert.Empty(t, w.got, "no wait that cannot end before the deadline is started")
	assert.Contains(t, err.Error(), "past the call's 1m0s limit")
}

func TestQuotaIsNotRetried(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){
		fails(&provider.Error{Class: provider.ClassQuota, Status: 429, Err: errors.New("insufficient_quota")})}}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp}, &waits{})
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "quota", ce.Class)
	assert.Len(t, rp.requests(), 1)
}

func truncatedAt(req provider.Request) (provider.Response, error) {
	return provider.Response{Text: "cut", StopReason: "max_tokens"},
		provider.Errorf(provider.ClassTruncated, 0, "answer cut off at max_tokens %d", req.MaxTokens)
}

func TestTruncationIsRetriedOnceWithTheLargerBudget(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){truncatedAt}}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp, MaxTokens: 8192, MaxOutputTokens: 64000}, &waits{})
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "truncated", ce.Class)
	assert.Contains(t, err.Error(), "max_tokens 64000")
	reqs := rp.requests()
	require.Len(t, reqs, 2, "one retry, not more")
	assert.Equal(t, []int{8192, 64000}, []int{reqs[0].MaxTokens, reqs[1].MaxTokens})
	l := ledgerOf(t, r)
	assert.Equal(t, []int{8192, 64000}, []int{l[0].MaxTokens, l[1].MaxTokens})
	assert.Equal(t, "max_tokens", l[0].StopReason)
}

func TestTruncationWithoutALargerBudgetIsNotRetried(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){truncatedAt, answers("whole")}}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp, MaxTokens: 8192}, &waits{})
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "truncated", ce.Class)
	assert.Len(t, rp.requests(), 1)
}

func TestTruncatedAnswerNeverPassesTheContract(t *testing.T) {
	rp := &replies{next: []func(provider.Request) (provider.Response, error){truncatedAt}}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: rp, MaxTokens: 100}, &waits{})
	checked := false
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p",
		Contract: func(string) error { checked = true; return nil }})
	require.Error(t, err)
	assert.False(t, checked, "a cut-off answer is not offered to the contract")
}

// The server's call ceilings clamp what a profile asks, never refuse it: a profile's hour is
// cut to the ceiling's minute (a Retry-After past it ends the call at once), ten attempts
// to two; a decision made under them says so once.
func TestCallCeilingsClampWhatAProfileAsks(t *testing.T) {
	lim := limits.CallLimits{Time: time.Minute, Attempts: 2, TimeBy: "war-room serve --max-call-time", AttemptsBy: "war-room serve --max-attempts"}
	slow := &replies{next: []func(provider.Request) (provider.Response, error){
		fails(&provider.Error{Class: provider.ClassTransport, Status: 429, RetryAfter: 5 * time.Minute, Err: errors.New("slow down")})}}
	w := &waits{}
	r := startRun(t, openStore(t, ""), engine.Profiles{"p": {Name: "p", Family: "f", Provider: slow, Timeout: time.Hour}},
		func(rc *engine.RunConfig) { rc.Sleep, rc.Calls = w.sleep, lim })
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "past the call's 1m0s limit", "the ceiling, not the profile's hour, is the deadline")
	assert.Len(t, slow.requests(), 1)

	broken := &replies{next: []func(provider.Request) (provider.Response, error){
		fails(&provider.Error{Class: provider.ClassTransport, Status: 500, Err: errors.New("boom")})}}
	r = startRun(t, openStore(t, ""), engine.Profiles{"p": {Name: "p", Family: "f", Provider: broken, MaxAttempts: 10}},
		func(rc *engine.RunConfig) { rc.Sleep, rc.Calls = w.sleep, lim })
	_, err = r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "p"})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, 2, ce.Attempts)
	assert.Len(t, broken.requests(), 2)
}

// A decision whose calls were clamped carries one note per ceiling, naming the flag.
func TestAClampedCallIsNotedInTheDecision(t *testing.T) {
	ps, _ := threeProfiles(nil, false)
	for _, p := range ps {
		p.Timeout = time.Hour
	}
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) {
		rc.Calls = limits.CallLimits{Time: time.Minute, TimeBy: "war-room serve --max-call-time"}
		rc.Answers = map[string]string{engine.GateReducedIndependence: engine.AnswerApprove}
	})
	d, err := r.Execute(context.Background(), pair{"a", "b"})
	require.NoError(t, err)
	n := 0
	for _, note := range d.Notes {
		if strings.Contains(note, "clamped to this server's ceiling (war-room serve --max-call-time=1m0s)") {
			n++
		}
	}
	assert.Equal(t, 1, n, "notes: %v", d.Notes)
}
