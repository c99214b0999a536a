package config

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// github.write_spacing and its older name github.discussions.mutation_spacing are one
// setting: either sets both fields, and two different values are refused by name.
func TestWriteSpacingAndItsOlderName(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       time.Duration
		err        string
	}{
		{"default", "", defaultMutationSpacing, ""},
		{"new name", "github:\n  write_spacing: 2s\n", 2 * time.Second, ""},
		{"older name", "github:\n  discussions:\n    mutation_spacing: 1ms\n", time.Millisecond, ""},
		{"both, agreeing", "github:\n  write_spacing: 0s\n  discussions:\n    mutation_spacing: 0s\n", 0, ""},
		{"both, differing", "github:\n  write_spacing: 2s\n  discussions:\n    mutation_spacing: 1s\n", 0,
			"w.yml:3:18: github.write_spacing: github.write_spacing is 2s but github.discussions.mutation_spacing (its older name) is 1s: keep one of them"},
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
