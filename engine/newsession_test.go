package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
)

func TestProtocolSession(t *testing.T) {
	type opts struct{ Mode string }
	s, err := engine.ProtocolSession("war-room", "[War Room] Q?", "QUESTION", "Q?", nil, opts{"full"}, 9, "--seed")
	require.NoError(t, err)
	q, _ := s.Input("QUESTION")
	assert.Equal(t, "Q?", q, "without inputs the question alone is stored")
	assert.JSONEq(t, `{"Mode":"full"}`, string(s.Options))
	assert.Equal(t, int64(9), s.Seed)

	_, err = engine.ProtocolSession("council", "t", "QUESTION", "  ", nil, opts{}, 1, "x")
	assert.EqualError(t, err, "council: the question is empty")
	_, err = engine.ProtocolSession("council", "t", "QUESTION", "Q?", []engine.Input{engine.NewInput("QUESTION", "other")}, opts{}, 1, "x")
	assert.ErrorContains(t, err, `inputs must carry the question as "QUESTION"`)
}
