package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/limits"
)

func TestLimitsRefuseADeclaredSettingOverItsCeiling(t *testing.T) {
	l := limits.Limits{Bounds: map[limits.Ceiling]limits.Limit{
		limits.CeilingPasses:       {Max: 3, By: "--max-passes"},
		limits.CeilingContextBytes: {Max: 100, By: "--max-context-bytes"},
	}}
	s := &engine.Session{Inputs: []engine.Input{engine.NewInput("q", "Which queue?")}}
	assert.NoError(t, l.Check(s.InputBytes(), []limits.Bounded{{Ceiling: limits.CeilingPasses, Shown: "--passes=3", Value: 3}}))
	assert.NoError(t, l.Check(s.InputBytes(), []limits.Bounded{{Ceiling: limits.CeilingSeats, Shown: "9 seats", Value: 9}}), "no bound set for seats")

	err := l.Check(s.InputBytes(), []limits.Bounded{{Ceiling: limits.CeilingPasses, Shown: "--passes=40", Value: 40}})
	var le *limits.LimitError
	require.ErrorAs(t, err, &le)
	assert.ErrorIs(t, err, limits.ErrOverLimit)
	assert.Equal(t, "--passes=40 is over this server's ceiling: --max-passes=3. Nothing was run; ask again within it.", err.Error())

	big := &engine.Session{Inputs: []engine.Input{engine.NewInput("q", "Q?"), engine.NewInput("context", strings.Repeat("x", 99))}}
	err = l.Check(big.InputBytes(), nil)
	require.ErrorAs(t, err, &le)
	assert.Contains(t, err.Error(), "The question and its context (101 bytes) is over this server's ceiling: --max-context-bytes=100.")
}
