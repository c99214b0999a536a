package wiring

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
)

// Parsing touches no file: a script profile naming a path that exists and one naming a path
// that does not parse alike. The file is read when the profile is built, and a missing or
// unreadable one is reported there, naming the profile.
func TestResponsesFileIsReadOnlyWhenBuilt(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "present.yml")
	require.NoError(t, os.WriteFile(existing, []byte("responses: []\n"), 0o644))
	for _, tc := range []struct{ path, err string }{
		{existing, ""},
		{filepath.Join(dir, "absent.yml"), "no such file"},
		{dir, "is a directory"},
	} {
		cfg, err := config.Parse(filepath.Join(dir, "w.yml"),
			[]byte("version: 1\nproviders:\n  fake: {type: script, family: script, responses: "+tc.path+"}\n"), protocols.Sections()...)
		require.NoError(t, err, "parsing %s", tc.path)
		_, err = Profiles(context.Background(), cfg, envOf(nil), nil)
		if tc.err == "" {
			require.NoError(t, err)
			continue
		}
		require.ErrorContains(t, err, `providers.fake: profile "fake": `)
		require.ErrorContains(t, err, tc.err)
	}
}
