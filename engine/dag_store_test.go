package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
)

func TestDAGRoundTripsThroughTheStore(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	require.NoError(t, st.CreateSession(ctx, &engine.Session{ID: "wr-verify", Protocol: "test"}))
	d := storedDAG(t)
	require.NoError(t, engine.SaveDAG(ctx, st, d))
	got, err := engine.LoadDAG(ctx, st, "wr-verify")
	require.NoError(t, err)
	assert.Equal(t, d.Root, got.Root)
	assert.True(t, record.VerifyDAG(got).OK())
	_, err = engine.LoadDAG(ctx, st, "wr-missing")
	assert.ErrorIs(t, err, engine.ErrNotFound)
}

// storedDAG is a small DAG of two authors and a revision.
func storedDAG(t *testing.T) *record.DAG {
	d := record.NewDAG("wr-verify")
	a1, err := d.Add("COA one", "coa", 1, "Response A", record.Attribution{Role: "chief-strategist", Profile: "claude"}, "", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	require.NoError(t, err)
	_, err = d.Add("COA two", "coa", 1, "Response B", record.Attribution{Role: "field-tactician", Profile: "glm"}, "", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	require.NoError(t, err)
	_, err = d.Add("COA one, revised", "coa", 2, "Response A", record.Attribution{Role: "chief-strategist", Profile: "claude"}, a1.ID, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	require.NoError(t, err)
	return d
}
