package engine_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// checked is a provider whose model endpoint answers with err (nil: the model exists).
type checked struct {
	replies
	err    error
	checks atomic.Int32
}

func (c *checked) Check(context.Context) error { c.checks.Add(1); return c.err }

// disclosedAndCalled discloses seats and makes one call to claude, as a protocol's run does.
func disclosedAndCalled(r *engine.Run, seats []engine.Seat) error {
	if err := r.Disclose(context.Background(), seats); err != nil {
		return err
	}
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "a", Profile: "claude"})
	return err
}

// A session checks every profile it discloses before its first call: one whose key is refused
// stops it with nothing sent to any model, naming the profile and what to fix. A profile that
// passed is not checked again for a day, in any session on the store; a busy endpoint (503)
// answered and is left to the call's retries, unrecorded.
func TestPreflightStopsASessionBeforeAnySpend(t *testing.T) {
	good := &checked{replies: replies{next: []func(provider.Request) (provider.Response, error){answers("ok")}}}
	bad := &checked{replies: replies{next: []func(provider.Request) (provider.Response, error){answers("ok")}},
		err: &provider.Error{Class: provider.ClassInvalidRequest, Status: 401, Err: errors.New("authentication_error: invalid x-api-key")}}
	ps := engine.Profiles{
		"claude": {Name: "claude", Type: "anthropic", Model: "claude-x", Endpoint: "api.anthropic.com", Family: "anthropic", Provider: good},
		"gpt":    {Name: "gpt", Type: "openai", Model: "gpt-x", Endpoint: "api.openai.com", Family: "openai", Provider: bad},
	}
	st := openStore(t, "")
	now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	clock := func(rc *engine.RunConfig) { rc.Now = func() time.Time { return now } }
	seats := []engine.Seat{{Key: "a", Role: "a", Profile: "claude", Family: "anthropic"}, {Key: "b", Role: "b", Profile: "gpt", Family: "openai"}}

	r := startRun(t, st, ps, clock)
	err := disclosedAndCalled(r, seats)
	var pe *engine.PreflightError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "gpt", pe.Profile)
	assert.Contains(t, err.Error(), "its API key was refused")
	assert.Contains(t, err.Error(), "no model was called")
	assert.Contains(t, err.Error(), "providers.gpt")
	assert.Empty(t, good.requests(), "no model call on any profile")
	assert.Empty(t, bad.requests())

	bad.err = nil
	r = startRun(t, st, ps, clock)
	require.NoError(t, r.Disclose(context.Background(), seats))
	assert.Equal(t, int32(1), bad.checks.Load(), "disclosing checks nothing: a gate may still stop the run")
	_, err = r.Call(context.Background(), engine.CallSpec{Role: "a", Profile: "claude"})
	require.NoError(t, err)
	assert.Equal(t, int32(1), good.checks.Load(), "claude passed in the first session and was recorded")
	assert.Equal(t, int32(2), bad.checks.Load(), "gpt failed, and is checked again")

	now = now.Add(23 * time.Hour)
	require.NoError(t, disclosedAndCalled(startRun(t, st, ps, clock), seats))
	assert.Equal(t, int32(1), good.checks.Load(), "passed within the day: not checked again")

	now = now.Add(2 * time.Hour)
	good.err = &provider.Error{Class: provider.ClassTransport, Status: 503, Err: errors.New("overloaded")}
	require.NoError(t, disclosedAndCalled(startRun(t, st, ps, clock), seats), "a busy endpoint answered")
	require.NoError(t, disclosedAndCalled(startRun(t, st, ps, clock), seats))
	assert.Equal(t, int32(3), good.checks.Load(), "a day later it is checked again, and a busy answer is not recorded as passed")

	good.err = &provider.Error{Class: provider.ClassTransport, Err: errors.New("dial tcp: connection refused")}
	err = disclosedAndCalled(startRun(t, st, ps, clock), seats)
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, err.Error(), "its endpoint did not answer")
}
