package council_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/council"
)

func parse(t *testing.T, extra string) *config.Config {
	t.Helper()
	canned := filepath.Join(t.TempDir(), "canned.yaml")
	require.NoError(t, os.WriteFile(canned, []byte("responses: []\n"), 0o600))
	cfg, err := config.Parse("test.yml", []byte(`version: 1
providers:
  alpha: {type: anthropic, model: m1, family: anthropic, api_key_env: A_KEY}
  beta: {type: openai, model: m2, family: openai, api_key_env: O_KEY}
  gamma: {type: openai, model: m3, family: google, api_key_env: G_KEY}
  canned: {type: script, family: qwen, responses: `+canned+`}
`+extra))
	require.NoError(t, err)
	return cfg
}

func TestOptionsFromConfigDefaults(t *testing.T) {
	o, err := council.OptionsFromConfig(parse(t, ""), council.Flags{})
	require.NoError(t, err)
	assert.Equal(t, council.DefaultTeam, o.Team)
	assert.Equal(t, []string{"alpha", "beta", "gamma"}, o.Pool, "scripted profiles stay out of a real pool")
	assert.Equal(t, 1, o.Rounds)
	assert.Equal(t, council.DefaultSeatTimeout, o.SeatTimeout)
	assert.Empty(t, o.Roles)
	assert.Equal(t, 14, o.ExpectedCalls())
}

func TestOptionsFromConfigPinsAndTeam(t *testing.T) {
	o, err := council.OptionsFromConfig(parse(t, `protocols:
  council:
    roles:
      economist: {profile: beta}
      arbiter: {profile: gamma, effort: max}
      skeptic: {effort: xhigh}
`), council.Flags{Rounds: 2})
	require.NoError(t, err)
	assert.Equal(t, []string{council.Architect, council.Skeptic, council.Operations, council.Steward, council.Economist}, o.Team,
		"a seat named in the file joins the team, in registry order")
	assert.Equal(t, council.RoleSetting{Profile: "beta"}, o.Roles[council.Economist])
	assert.Equal(t, council.RoleSetting{Profile: "gamma", Effort: "max"}, o.Roles[council.Arbiter])
	assert.Equal(t, council.RoleSetting{Effort: "xhigh"}, o.Roles[council.Skeptic], "an effort alone does not pin")
	assert.Equal(t, 2, o.Rounds)

	o, err = council.OptionsFromConfig(parse(t, ""), council.Flags{Seats: "skeptic, user-advocate"})
	require.NoError(t, err)
	assert.Equal(t, []string{council.Skeptic, council.UserAdvocate}, o.Team)
}

func TestOptionsFromConfigRefusals(t *testing.T) {
	// The file is refused where the role is written; a configuration built in code is refused
	// by the protocol itself.
	_, err := config.Parse("test.yml", []byte("version: 1\nprotocols:\n  council:\n    roles:\n      judge: {profile: alpha}\n"))
	assert.ErrorContains(t, err, "test.yml:5:14: protocols.council.roles.judge: unknown council role")
	cfg := parse(t, "")
	cfg.Protocols.Council.Roles = map[string]config.Role{"judge": {Profile: "alpha"}}
	_, err = council.OptionsFromConfig(cfg, council.Flags{})
	assert.ErrorContains(t, err, "protocols.council.roles.judge: unknown council role")
	for seats, want := range map[string]string{
		"skeptic":           "at least 2 seats",
		"skeptic,arbiter":   `"arbiter" is not a seat`,
		"skeptic,skeptic":   "listed twice",
		"skeptic,architekt": `"architekt" is not a seat`,
	} {
		_, err := council.OptionsFromConfig(parse(t, ""), council.Flags{Seats: seats})
		assert.ErrorContains(t, err, want, seats)
	}
	one, err := config.Parse("one.yml", []byte("version: 1\nproviders:\n  alpha: {type: anthropic, model: m1, family: anthropic, api_key_env: A_KEY}\n"))
	require.NoError(t, err)
	_, err = council.OptionsFromConfig(one, council.Flags{})
	assert.True(t, errors.Is(err, council.ErrNoArbiter), "%v", err)
	_, err = council.ParseRounds("3")
	assert.ErrorContains(t, err, "--rounds wants 1 or 2")
}
