package reviewlane

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// during runs a function while the model is answering: the moment between the lane's checks
// and its evidence writes, driven by the call itself rather than by timing.
type during struct {
	provider.Provider
	do func()
}

func (d during) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	d.do()
	return d.Provider.Complete(ctx, req)
}

// swapForLink moves the lane directory away and puts a link to elsewhere in its place.
func swapForLink(t *testing.T, dir, elsewhere string) {
	t.Helper()
	require.NoError(t, os.Rename(dir, dir+".moved"))
	require.NoError(t, os.Symlink(elsewhere, dir))
}

// assertNoEvidence fails unless the lane is a transport result with missing evidence and
// nothing was written to elsewhere.
func assertNoEvidence(t *testing.T, res *Result, elsewhere string) {
	t.Helper()
	assert.Equal(t, statusTransport, res.Status)
	assert.Equal(t, classMissingEvidence, res.TransportClass)
	assert.Empty(t, res.Disposition)
	entries, err := os.ReadDir(elsewhere)
	require.NoError(t, err)
	assert.Empty(t, entries, "evidence was written outside the evidence directory")
}

// A lane directory swapped while the model answers, for a link to a directory outside or for
// another real directory: the transcript (which carries the nonce) and the answer are not
// written through it, and the lane has no disposition.
func TestLaneDirectorySwappedDuringTheCallIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		// swap replaces dir and returns the directory that must stay empty.
		swap   func(t *testing.T, dir string) string
		detail string
	}{
		{"a link to elsewhere", func(t *testing.T, dir string) string {
			elsewhere := t.TempDir()
			swapForLink(t, dir, elsewhere)
			return elsewhere
		}, "link or not a directory"},
		{"another directory", func(t *testing.T, dir string) string {
			require.NoError(t, os.Rename(dir, dir+".moved"))
			require.NoError(t, os.Mkdir(dir, 0o755))
			return dir
		}, "was replaced after the lane started"},
	} {
		f := newFixture(t, map[string]string{"main.go": "package main\n"})
		b := f.build(t, f.options())
		dir := filepath.Dir(b.Requests[0])
		var watched string
		gpt := scripted("openai", answer("fine\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
		gpt.Provider = during{gpt.Provider, func() { watched = tc.swap(t, dir) }}

		res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
		require.NoError(t, err, tc.name)
		assertNoEvidence(t, res, watched)
		assert.Contains(t, res.Detail, tc.detail, tc.name)
	}
}

// A swap between writing a file and validating it: the validation reaches the directory
// again, finds it is not the lane's, and refuses the evidence.
func TestLaneDirectorySwappedAfterTheWriteIsRefused(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	dir, elsewhere := filepath.Dir(b.Requests[0]), t.TempDir()
	gpt := scripted("openai", answer("fine\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	d := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt})
	swaps := 0
	d.evidenceWritten = func(path string) {
		if swaps++; swaps == 1 {
			assert.Equal(t, filepath.Join(dir, transcriptName), path)
			swapForLink(t, dir, elsewhere)
		}
	}

	res, err := d.Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assertNoEvidence(t, res, elsewhere)
	assert.Equal(t, 1, swaps, "nothing more is written once the directory is gone")
}

// A hard link planted in the evidence directory to a file outside it is not evidence, though
// no symlink is involved.
func TestHardLinkToAFileOutsideIsRefused(t *testing.T) {
	root, outside := t.TempDir(), filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(outside, []byte("not evidence"), 0o644))
	link := filepath.Join(root, "review.md")
	require.NoError(t, os.Link(outside, link))

	_, err := validateEvidence(root, link)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "has 2 links")
}
