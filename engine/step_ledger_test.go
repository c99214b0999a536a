package engine_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/provider/script"
)

// writes counts how the run stored its steps and ledger rows, over a real SQLite store.
type writes struct {
	engine.Store
	mu                     sync.Mutex
	appends, puts, batched int
	batchRows              []int
}

func (w *writes) AppendLedger(ctx context.Context, e *ledger.Entry) error {
	w.mu.Lock()
	w.appends++
	w.mu.Unlock()
	return w.Store.AppendLedger(ctx, e)
}

func (w *writes) PutStep(ctx context.Context, id, key string, v []byte) error {
	w.mu.Lock()
	w.puts++
	w.mu.Unlock()
	return w.Store.PutStep(ctx, id, key, v)
}

// hidden is the same store without PutStepWithLedger, as a wrapper that does not forward it.
type hidden struct{ *writes }

type withLedger struct{ *writes }

func (w withLedger) PutStepWithLedger(ctx context.Context, id, key string, v []byte, es []*ledger.Entry) error {
	w.mu.Lock()
	w.batched++
	w.batchRows = append(w.batchRows, len(es))
	w.mu.Unlock()
	return engine.PutStepWithLedger(ctx, w.Store, id, key, v, es)
}

func callStep(ctx context.Context, r *engine.Run, key, role string, after func(engine.CallResult) error) error {
	_, err := engine.Step(ctx, r, key, func(ctx context.Context) (string, error) {
		res, err := r.Call(ctx, engine.CallSpec{Role: role, Profile: "a", Task: "go"})
		if err != nil {
			return "", err
		}
		return res.Text, after(res)
	})
	return err
}

// refusing starts a run, disclosed already (the disclosure is a step of its own), on a
// counted store with PutStepWithLedger, whose provider refuses role and answers every other.
func refusing(t *testing.T, role string) (*engine.Run, *writes) {
	ps, _ := scripted(script.Script{Responses: []script.Response{{Role: role, Error: "refused", Text: "no"}},
		Default: &script.Response{Text: "fine"}})
	w := &writes{Store: openStore(t, "")}
	r := startRun(t, withLedger{w}, ps, nil)
	require.NoError(t, r.Disclose(context.Background(), nil))
	w.batchRows, w.batched = nil, 0
	return r, w
}

func TestAnsweredCallCommitsWithItsStep(t *testing.T) {
	ctx := context.Background()
	r, w := refusing(t, "broken")
	ok := func(engine.CallResult) error { return nil }
	require.NoError(t, callStep(ctx, r, "one", "solo", ok))
	assert.Equal(t, []int{1}, w.batchRows, "the answered call's row is written with its step")
	assert.Zero(t, w.appends+w.puts, "nothing is written on its own")

	// A failed call writes its row at once, though no step is stored: the budget needs it.
	var ce *engine.CallError
	require.ErrorAs(t, callStep(ctx, r, "two", "broken", ok), &ce)
	assert.Equal(t, 1, w.appends)

	// An answered call whose step then fails is still in the ledger.
	bad := errors.New("the answer did not parse")
	require.ErrorIs(t, callStep(ctx, r, "three", "late", func(engine.CallResult) error { return bad }), bad)
	assert.Equal(t, 2, w.appends)
	assert.Equal(t, 1, w.batched)

	entries, err := r.Store().Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	require.Len(t, entries, 3)
	for i, want := range []struct{ step, outcome string }{
		{"one", ledger.OutcomeOK}, {"two", ledger.OutcomeError}, {"three", ledger.OutcomeOK},
	} {
		assert.Equal(t, int64(i+1), entries[i].Seq)
		assert.Equal(t, want.step, entries[i].Step)
		assert.Equal(t, want.outcome, entries[i].Outcome)
	}
	steps, err := r.Store().Steps(ctx, r.Session().ID)
	require.NoError(t, err)
	require.Len(t, steps, 2)
	assert.Equal(t, []string{"engine/disclosure", "one"}, []string{steps[0].Key, steps[1].Key})
}

func TestStepKeepsTheOrderOfItsCalls(t *testing.T) {
	ctx := context.Background()
	r, w := refusing(t, "second")
	_, err := engine.Step(ctx, r, "both", func(ctx context.Context) (string, error) {
		if _, err := r.Call(ctx, engine.CallSpec{Role: "first", Profile: "a"}); err != nil {
			return "", err
		}
		_, err := r.Call(ctx, engine.CallSpec{Role: "second", Profile: "a"})
		return "", err
	})
	require.Error(t, err)
	entries, err := r.Store().Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	require.Len(t, entries, 2)
	assert.Equal(t, "first", entries[0].Role, "the answered call held for the step is written before the failure after it")
	assert.Equal(t, "second", entries[1].Role)
	assert.Zero(t, w.batched)
}

func TestStoreWithoutTheAbilityWritesRowAndStepApart(t *testing.T) {
	ctx := context.Background()
	ps, _ := scripted(echoScript())
	w := &writes{Store: openStore(t, "")}
	r := startRun(t, hidden{w}, ps, nil)
	require.NoError(t, r.Disclose(ctx, nil))
	w.puts = 0
	require.NoError(t, callStep(ctx, r, "one", "solo", func(engine.CallResult) error { return nil }))
	assert.Equal(t, 1, w.appends)
	assert.Equal(t, 1, w.puts)
	entries, err := r.Store().Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	require.Len(t, entries, 1)
}
