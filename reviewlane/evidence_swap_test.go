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
	assert.Equal(t, StatusTransport, res.Status)
	assert.Equal(t, ClassMissingEvidence, res.TransportClass)
	assert.Empty(t, res.Disposition)
	entries, err := os.ReadDir(elsewhere)
	require.NoError(t, err)
	assert.Empty(t, entries, "evidence was written outside the evidence directory")
}

// A lane directory swapped for a link to a directory outside while the model answers: the
// transcript (which carries the nonce) and the answer are not written through it.
func TestLaneDirectorySwappedForALinkIsRefused(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	dir, elsewhere := filepath.Dir(b.Requests[0]), t.TempDir()
	gpt := scripted("openai", answer("fine\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	gpt.Provider = during{gpt.Provider, func() { swapForLink(t, dir, elsewhere) }}

	res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assertNoEvidence(t, res, elsewhere)
	assert.Contains(t, res.Detail, "link or not a directory")
}

// A lane directory replaced by another real directory is refused too: it is not the
// directory the lane found.
func TestLaneDirectoryReplacedIsRefused(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	dir := filepath.Dir(b.Requests[0])
	gpt := scripted("openai", answer("fine\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	gpt.Provider = during{gpt.Provider, func() {
		require.NoError(t, os.Rename(dir, dir+".moved"))
		require.NoError(t, os.Mkdir(dir, 0o755))
	}}

	res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assertNoEvidence(t, res, dir)
	assert.Contains(t, res.Detail, "was replaced after the lane started")
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

	_, err := ValidateEvidence(root, link)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "has 2 links")
}
