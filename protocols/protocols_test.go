package protocols

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
)

func scriptConfig(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Parse("test.yml", []byte(`version: 1
providers:
  alpha: {type: anthropic, model: m1, family: anthropic, api_key_env: A_KEY}
  beta: {type: openai, model: m2, family: openai, api_key_env: O_KEY}
protocols:
  reason: {pool: [alpha, beta]}
`))
	require.NoError(t, err)
	return cfg
}

func TestAvailability(t *testing.T) {
	assert.NoError(t, Available("reason"))
	assert.NoError(t, Available("war-room"))
	assert.ErrorContains(t, Available(Council), "not available yet")
	assert.ErrorContains(t, Available("poll"), `unknown protocol "poll"`)
	assert.Equal(t, "war-room", Words()["deliberate"])
	assert.Equal(t, Council, Words()["convene"])
}

func TestNewSessionRefusesFlagsOutsideTheAllowlist(t *testing.T) {
	_, err := NewSession(scriptConfig(t), Request{Protocol: "reason", Question: "Q?", Flags: map[string]string{"mode": "full"}})
	assert.ErrorContains(t, err, "reason does not take --mode")
	_, err = NewSession(scriptConfig(t), Request{Protocol: "reason", Question: "Q?", Flags: map[string]string{"passes": "zero"}})
	assert.ErrorContains(t, err, "--passes wants a whole number")
}

func TestNewSessionRecordsSeedAndContext(t *testing.T) {
	s, err := NewSession(scriptConfig(t), Request{Protocol: "reason", Question: "Which queue?",
		Flags: map[string]string{"fast": "true"}, Context: []engine.Input{engine.NewInput("issue", "We run Redis.")},
		Seed: 99, SeedSource: "--seed"})
	require.NoError(t, err)
	assert.Equal(t, "reason", s.Protocol)
	assert.Equal(t, int64(99), s.Seed)
	facts, _ := s.Input("FACTS")
	assert.Equal(t, "We run Redis.", facts)

	drawn, err := NewSession(scriptConfig(t), Request{Protocol: "war-room", Question: "Which queue?"})
	require.NoError(t, err)
	assert.Equal(t, "crypto/rand", drawn.SeedSource, "without a seed one is drawn and its source recorded")
}
