package engine_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

// derivedWrites records which writes the engine marked engine.Derived, over a real store.
type derivedWrites struct {
	engine.Store
	mu      sync.Mutex
	derived map[string]bool
}

func (d *derivedWrites) note(name string, ctx context.Context) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.derived[name] = engine.IsDerived(ctx)
}

func (d *derivedWrites) PutStepWithLedger(ctx context.Context, id, key string, v []byte, es []*ledger.Entry) error {
	d.note("step "+key, ctx)
	return engine.PutStepWithLedger(ctx, d.Store, id, key, v, es)
}

func (d *derivedWrites) PutArtifact(ctx context.Context, id, name string, body []byte) error {
	d.note("artifact "+name, ctx)
	return d.Store.PutArtifact(ctx, id, name, body)
}

func (d *derivedWrites) PutSummary(ctx context.Context, s *decision.DecisionSummary) error {
	d.note("summary", ctx)
	return d.Store.PutSummary(ctx, s)
}

func (d *derivedWrites) SetStatus(ctx context.Context, id string, st engine.Status, text string) error {
	d.note("status", ctx)
	return d.Store.SetStatus(ctx, id, st, text)
}

// A step that holds an answered call is never derived, whatever it nests; a step whose calls
// are its members' (a fan-out's aggregate), one with no call, the sealed record and the
// summary are; the status change that follows them is not, so it makes them durable.
func TestOnlyCallFreeWritesAreDerived(t *testing.T) {
	ctx := context.Background()
	ps, _ := scripted(echoScript())
	d := &derivedWrites{Store: openStore(t, ""), derived: map[string]bool{}}
	r := startRun(t, d, ps, nil)
	ok := func(engine.CallResult) error { return nil }
	require.NoError(t, callStep(ctx, r, "solo", "solo", ok))
	_, err := engine.Step(ctx, r, "phase", func(ctx context.Context) ([]engine.ItemResult[string], error) {
		return engine.Parallel(ctx, r, "phase", []string{"x", "y"}, func(s string) string { return s },
			func(ctx context.Context, role string) (string, error) {
				res, err := r.Call(ctx, engine.CallSpec{Role: role, Profile: "a", Task: "go"})
				return res.Text, err
			}), nil
	})
	require.NoError(t, err)
	_, err = engine.Step(ctx, r, "plan-like", func(context.Context) (int, error) { return 7, nil })
	require.NoError(t, err)
	dec := &decision.Decision{Title: "t", Question: "q"}
	require.NoError(t, r.Seal(ctx, dec, nil))
	require.NoError(t, r.Finish(ctx, nil))
	assert.Equal(t, map[string]bool{
		"step solo": false, "step phase/x": false, "step phase/y": false,
		"step phase": true, "step plan-like": true, "step engine/disclosure": true,
		"artifact " + engine.RecordArtifact: true, "artifact " + engine.DecisionArtifact: true,
		"summary": true, "status": false,
	}, d.derived)
}
