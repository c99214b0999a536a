package vendortest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SameReading checks, on every testdata file matching glob (a recorded answer), that the
// adapter's own struct T decodes strictly to exactly what decoding into the SDK's type S and
// copying with fromSDK gives: the adapter reads what the SDK read.
func SameReading[T, S any](t *testing.T, glob string, fromSDK func(*S) T) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", glob))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no testdata matches %s", glob)
	for _, f := range files {
		body, err := os.ReadFile(f)
		require.NoError(t, err)
		var strict T
		require.NoError(t, json.Unmarshal(body, &strict), f)
		var loose S
		require.NoError(t, json.Unmarshal(body, &loose), f)
		assert.Equal(t, fromSDK(&loose), strict, f)
	}
}
