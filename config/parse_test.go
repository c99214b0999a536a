package config

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestDefaultValues(t *testing.T) {
	d := Default()
	require.Empty(t, d.Protocols.Default, "without sections there is no protocol to default to")
	require.Equal(t, PermissionWrite, d.GitHub.Trigger.MinPermission)
	require.True(t, d.GitHub.Trigger.IgnoreBots)
	require.Equal(t, []string{"war-room"}, d.GitHub.Discussions.Labels)
	require.Equal(t, int64(1048576), d.Review.MaxDiffBytes)
	require.Equal(t, severityMinor, d.Review.MinSeverity)
	require.Equal(t, 20, d.Review.MaxComments)
	require.Zero(t, d.Budget.MaxTokens)
	require.Zero(t, d.Budget.MaxUSD)
	p := NewProviderConfig("openai")
	require.Equal(t, 8, p.MaxConcurrency)
	require.Equal(t, 120*time.Second, p.Timeout)
	require.Equal(t, 8192, p.MaxTokens)
}

func TestExplicitEmptyListOverridesDefault(t *testing.T) {
	cfg, err := Parse("l.yml", []byte("version: 1\ngithub:\n  discussions:\n    labels: []\n"))
	require.NoError(t, err)
	require.Empty(t, cfg.GitHub.Discussions.Labels)
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "absent.yml"))
	require.ErrorContains(t, err, "absent.yml")
}

func TestOversizedFile(t *testing.T) {
	_, err := Parse("big.yml", make([]byte, maxFileBytes+1))
	require.ErrorContains(t, err, "big.yml: file is 262145 bytes; the limit is 262144")
}
