package config

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPathFilterMatch(t *testing.T) {
	f := PathFilter{Include: []string{"src/**", "go.mod"}, Exclude: []string{"**/*_test.go", "vendor/**"}}
	for file, want := range map[string]bool{
		"src/a.go":           true,
		"src/deep/er/b.go":   true,
		"src/deep/b_test.go": false,
		"go.mod":             true,
		"go.sum":             false,
		"docs/readme.md":     false,
		"src/vendor/x.go":    true,
		"vendor/src/x.go":    false,
		"sub/go.mod":         false,
		"src":                true, // "**" matches zero segments
	} {
		require.Equal(t, want, f.Match(file), file)
	}
	require.True(t, PathFilter{}.Match("anything/at/all"), "no include patterns: everything")
	require.False(t, PathFilter{Exclude: []string{"**"}}.Match("x"))
}

// TestGlobManyStars guards against exponential matching of patterns from untrusted files.
func TestGlobManyStars(t *testing.T) {
	pattern := strings.Repeat("**/", 40) + "z"
	file := strings.Repeat("a/", 200) + "y"
	require.False(t, globMatch(pattern, file))
}
