package reviewlane

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
)

func TestValidateEvidenceResolvesSymlinks(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(outside, []byte("not evidence"), 0o644))
	inside := filepath.Join(root, "review.md")
	require.NoError(t, os.WriteFile(inside, []byte("findings"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(root, "empty.md"), nil, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(root, "dir"), 0o755))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "escape.md")))
	require.NoError(t, os.Symlink(inside, filepath.Join(root, "alias.md")))
	require.NoError(t, os.Symlink("../../../../../../../../etc/hostname", filepath.Join(root, "relative-escape.md")))

	cases := map[string]string{
		"escape.md":          "outside the evidence directory",
		"relative-escape.md": "",
		"empty.md":           "is empty",
		"dir":                "not a regular file",
		"missing.md":         "no such file",
	}
	for name, want := range cases {
		_, err := validateEvidence(root, filepath.Join(root, name))
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), want, name)
	}
	real, err := validateEvidence(root, filepath.Join(root, "alias.md"))
	require.NoError(t, err, "a link that stays inside is fine")
	wantReal, _ := filepath.EvalSymlinks(inside)
	assert.Equal(t, wantReal, real)
}

// A file planted where the reviewer's evidence goes is never written through.
func TestPlantedEvidenceSymlinkIsNotWrittenThrough(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	target := filepath.Join(t.TempDir(), "victim.txt")
	require.NoError(t, os.WriteFile(target, []byte("untouched"), 0o644))
	require.NoError(t, os.Symlink(target, filepath.Join(filepath.Dir(b.Requests[0]), "review.md")))

	gpt := scripted("openai", answer("fine\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, statusTransport, res.Status)
	assert.Equal(t, classMissingEvidence, res.TransportClass)
	assert.Empty(t, res.Disposition)
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "untouched", string(got))
}
