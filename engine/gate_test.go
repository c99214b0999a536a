package engine_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
)

func TestGatePausesThenResumesWithAnswer(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	r := startRun(t, st, nil, nil)
	_, err := r.Gate(ctx, "approve", "Run with reduced independence?", "yes", "no")
	var gate *engine.GateError
	require.ErrorAs(t, err, &gate)
	require.ErrorIs(t, err, engine.ErrAwaitingInput)
	require.Error(t, r.Finish(ctx, err))
	s, err := st.GetSession(ctx, r.Session().ID)
	require.NoError(t, err)
	assert.Equal(t, engine.StatusAwaitingInput, s.Status)

	_, err = engine.Resume(ctx, engine.RunConfig{Store: st, Answers: map[string]string{"approve": "maybe"}}, s.ID)
	require.NoError(t, err)
	r2, err := engine.Resume(ctx, engine.RunConfig{Store: st, Answers: map[string]string{"approve": "maybe"}}, s.ID)
	require.NoError(t, err)
	_, err = r2.Gate(ctx, "approve", "Run with reduced independence?", "yes", "no")
	assert.ErrorContains(t, err, `"maybe" is not one of the gate's choices: yes, no`)

	r3, err := engine.Resume(ctx, engine.RunConfig{Store: st, Answers: map[string]string{"approve": "yes"}}, s.ID)
	require.NoError(t, err)
	ans, err := r3.Gate(ctx, "approve", "Run with reduced independence?", "yes", "no")
	require.NoError(t, err)
	assert.Equal(t, "yes", ans)
	// The stored answer stands even without the flag.
	r4, err := engine.Resume(ctx, engine.RunConfig{Store: st}, s.ID)
	require.NoError(t, err)
	ans, err = r4.Gate(ctx, "approve", "ignored", "yes", "no")
	require.NoError(t, err)
	assert.Equal(t, "yes", ans)
}

func TestGatePrompter(t *testing.T) {
	ctx := context.Background()
	asked := 0
	r := startRun(t, openStore(t, ""), nil, func(rc *engine.RunConfig) {
		rc.Prompter = func(_ context.Context, g engine.GateRecord) (string, bool, error) {
			asked++
			assert.Equal(t, []string{"proceed", "drop"}, g.Choices)
			return "drop", true, nil
		}
	})
	ans, err := r.Gate(ctx, "premise", "The question looks loaded. Proceed?", "proceed", "drop")
	require.NoError(t, err)
	assert.Equal(t, "drop", ans)
	ans, err = r.Gate(ctx, "premise", "again", "proceed", "drop")
	require.NoError(t, err)
	assert.Equal(t, "drop", ans)
	assert.Equal(t, 1, asked, "an answered gate is not asked twice")
}

func TestFinishRecordsDeliberateStopAsCancelled(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	r := startRun(t, st, nil, nil)
	stop := fmt.Errorf("declined reduced independence: %w", engine.ErrStopped)
	require.ErrorIs(t, r.Finish(ctx, stop), engine.ErrStopped)
	s, err := st.GetSession(ctx, r.Session().ID)
	require.NoError(t, err)
	assert.Equal(t, engine.StatusCancelled, s.Status)
	_, err = engine.Resume(ctx, engine.RunConfig{Store: st}, s.ID)
	assert.ErrorContains(t, err, "session is cancelled")
}

// A mistyped answer leaves the gate open and the session awaiting input, so the right answer
// can still be given; it is never recorded, and never fails the session.
func TestInvalidAnswerKeepsTheGateOpen(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	r := startRun(t, st, nil, func(rc *engine.RunConfig) { rc.Answers = map[string]string{"premise": "yes"} })
	_, err := r.Gate(ctx, "premise", "Proceed?", "proceed", "drop")
	require.ErrorIs(t, err, engine.ErrInvalidAnswer)
	assert.ErrorContains(t, err, `answer "yes" is not one of the gate's choices: proceed, drop`)
	require.ErrorIs(t, r.Finish(ctx, fmt.Errorf("protocol: %w", err)), engine.ErrInvalidAnswer)
	s, err := st.GetSession(ctx, r.Session().ID)
	require.NoError(t, err)
	assert.Equal(t, engine.StatusAwaitingInput, s.Status)
	g, err := st.GetGate(ctx, s.ID, "premise")
	require.NoError(t, err)
	assert.False(t, g.Answered)

	r, err = engine.Resume(ctx, engine.RunConfig{Store: st, Answers: map[string]string{"premise": "drop"}}, s.ID)
	require.NoError(t, err)
	ans, err := r.Gate(ctx, "premise", "Proceed?", "proceed", "drop")
	require.NoError(t, err)
	assert.Equal(t, "drop", ans)
}
