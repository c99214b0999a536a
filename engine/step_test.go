package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
)

type point struct {
	X    int               `json:"x"`
	Tags map[string]string `json:"tags"`
}

func TestStepIsMemoisedAcrossResume(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	ps, _ := scripted(echoScript())
	r := startRun(t, st, ps, nil)
	calls := 0
	fn := func(context.Context) (point, error) {
		calls++
		return point{X: calls, Tags: map[string]string{"k": "v"}}, nil
	}

	first, err := engine.Step(ctx, r, "p", fn)
	require.NoError(t, err)
	again, err := engine.Step(ctx, r, "p", fn)
	require.NoError(t, err)
	assert.Equal(t, 1, calls, "a stored step must not run again")
	assert.Equal(t, first, again)

	resumed, err := engine.Resume(ctx, engine.RunConfig{Store: st, Profiles: ps}, r.Session().ID)
	require.NoError(t, err)
	third, err := engine.Step(ctx, resumed, "p", fn)
	require.NoError(t, err)
	assert.Equal(t, 1, calls)
	assert.Equal(t, first, third)
}

func TestStepErrorIsNotStored(t *testing.T) {
	ctx := context.Background()
	r := startRun(t, openStore(t, ""), nil, nil)
	boom := errors.New("boom")
	_, err := engine.Step(ctx, r, "s", func(context.Context) (int, error) { return 0, boom })
	require.ErrorIs(t, err, boom)
	v, err := engine.Step(ctx, r, "s", func(context.Context) (int, error) { return 7, nil })
	require.NoError(t, err)
	assert.Equal(t, 7, v)
}

func TestParallelKeepsOrderAndReportsFailures(t *testing.T) {
	ctx := context.Background()
	r := startRun(t, openStore(t, ""), nil, nil)
	items := []string{"scout", "intel", "broken", "tactician"}
	out := engine.Parallel(ctx, r, "phase1", items, func(s string) string { return s },
		func(_ context.Context, s string) (string, error) {
			if s == "broken" {
				return "", errors.New("no answer")
			}
			return "done:" + s, nil
		})
	require.Len(t, out, 4)
	for i, o := range out {
		assert.Equal(t, items[i], o.Name)
	}
	assert.Equal(t, "done:scout", out[0].Value)
	assert.EqualError(t, out[2].Err, "no answer")
	_, err := r.Store().GetStep(ctx, r.Session().ID, "phase1/tactician")
	assert.NoError(t, err, "each item is its own stored step")
	_, err = r.Store().GetStep(ctx, r.Session().ID, "phase1/broken")
	assert.ErrorIs(t, err, engine.ErrNotFound)
}

func TestRandIsPerKeyAndSeeded(t *testing.T) {
	st := openStore(t, "")
	r1 := startRun(t, st, nil, nil)
	r2 := startRun(t, st, nil, nil)
	assert.Equal(t, r1.Rand("x").Uint64(), r2.Rand("x").Uint64(), "same seed and key, same stream")
	assert.NotEqual(t, r1.Rand("x").Uint64(), r1.Rand("y").Uint64())
}
