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
)

// blocking answers nothing: it reports each request's arrival and waits for its context.
type blocking struct{ arrived chan struct{} }

func (b blocking) Complete(ctx context.Context, _ provider.Request) (provider.Response, error) {
	b.arrived <- struct{}{}
	<-ctx.Done()
	return provider.Response{}, &provider.Error{Class: provider.ClassTransport, Err: ctx.Err()}
}

// TestCancelledCallIsRecordedAsCancelledNotTimeout: the caller cancelling a call in flight
// is a cancellation in the CallError and the ledger, even with a per-call timeout set; the
// record must not claim the provider failed to answer in time.
func TestCancelledCallIsRecordedAsCancelledNotTimeout(t *testing.T) {
	b := blocking{arrived: make(chan struct{}, 1)}
	ps := engine.Profiles{"a": {Name: "a", Type: "script", Model: "m", Family: "alpha", Provider: b}}
	r := startRun(t, openStore(t, ""), ps, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-b.arrived; cancel() }()

	_, err := r.Call(ctx, engine.CallSpec{Role: "x", Profile: "a", Timeout: time.Hour})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassCancelled, ce.Class)
	assert.NotContains(t, err.Error(), "no answer within")

	entries, err := r.Store().Ledger(context.Background(), r.Session().ID)
	require.NoError(t, err)
	require.Len(t, entries, 1, "a cancelled call is not retried")
	assert.Equal(t, ledger.ClassCancelled, entries[0].ErrorClass)
	assert.NotContains(t, entries[0].ErrorText, "no answer within")
}

// TestExpiredCallDeadlineIsATimeout: only the call's own deadline makes a timeout.
func TestExpiredCallDeadlineIsATimeout(t *testing.T) {
	b := blocking{arrived: make(chan struct{}, 4)}
	ps := engine.Profiles{"a": {Name: "a", Type: "script", Model: "m", Family: "alpha", Provider: b}}
	r := startRun(t, openStore(t, ""), ps, nil)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "a", Timeout: 10 * time.Millisecond})
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassTimeout, ce.Class)
	assert.Contains(t, err.Error(), "no answer within 10ms")
}
