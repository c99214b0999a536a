package config

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// github.write_spacing is the spacing the publisher keeps too; the key's older name,
// github.discussions.mutation_spacing, is not read (war-room was never released with it):
// the strict decoder refuses it as an unknown key.
func TestWriteSpacing(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       time.Duration
		err        string
	}{
		{"default", "", defaultMutationSpacing, ""},
		{"new name", "github:\n  write_spacing: 2s\n", 2 * time.Second, ""},
		{"none", "github:\n  write_spacing: 0s\n", 0, ""},
		{"older name", "github:\n  discussions:\n    mutation_spacing: 1ms\n", 0,
			"github.discussions.mutation_spacing: unknown key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Parse("w.yml", []byte("version: 1\n"+tc.yaml))
			if tc.err != "" {
				require.Error(t, err)
				require.True(t, strings.Contains(err.Error(), tc.err), err.Error())
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, cfg.GitHub.WriteSpacing)
			require.Equal(t, tc.want, cfg.GitHub.Discussions.MutationSpacing)
		})
	}
}
