package config

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine/provider"
)

func TestRoleAssignment(t *testing.T) {
	cfg, err := Load("testdata/good/full.yml")
	require.NoError(t, err)
	cases := []struct {
		protocol, role string
		profile        string
		effort         provider.Effort
		pinned         bool
	}{
		{"reason", "attacker", "gpt", provider.EffortHigh, true},
		{"reason", "synthesizer", "", provider.EffortMax, false}, // effort pinned, profile drawn
		{"reason", "generator", "", "", false},
		{"war-room", "chief-strategist", "claude", provider.EffortHigh, true},
		{"war-room", "red-team", "gpt", "", true},
		{"war-room", "scout", "claude", "", false}, // default_profile
		{"council", "arbiter", "codex", provider.EffortXHigh, true},
		{"council", "engineer", "", "", false},
		{"no-such-protocol", "attacker", "", "", false},
	}
	for _, tc := range cases {
		profile, effort, pinned := cfg.RoleAssignment(tc.protocol, tc.role)
		require.Equal(t, tc.profile, profile, "%s/%s", tc.protocol, tc.role)
		require.Equal(t, tc.effort, effort, "%s/%s", tc.protocol, tc.role)
		require.Equal(t, tc.pinned, pinned, "%s/%s", tc.protocol, tc.role)
	}
}

func TestReasonPool(t *testing.T) {
	cfg, err := Load("testdata/good/full.yml")
	require.NoError(t, err)
	require.Equal(t, []string{"claude", "gpt"}, cfg.ReasonPool(), "the file's pool, sorted")

	cfg.Protocols.Reason.Pool = nil
	require.Equal(t, []string{"claude", "codex", "gpt"}, cfg.ReasonPool(), "every non-script profile")

	only, err := Parse("testdata/good/s.yml", []byte("version: 1\nproviders:\n  b: {type: script, family: script, responses: script-responses.yml}\n  a: {type: script, family: script, responses: script-responses.yml}\n"))
	require.NoError(t, err)
	require.Equal(t, []string{"a", "b"}, only.ReasonPool(), "all profiles when only scripted ones exist")
}

func TestPermissionOrder(t *testing.T) {
	require.True(t, PermissionAdmin.AtLeast(PermissionWrite))
	require.True(t, PermissionWrite.AtLeast(PermissionWrite))
	require.False(t, PermissionTriage.AtLeast(PermissionWrite))
	require.False(t, Permission("none").AtLeast(PermissionRead))
	require.False(t, PermissionAdmin.AtLeast(Permission("bogus")))
}
