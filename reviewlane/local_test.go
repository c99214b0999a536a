package reviewlane

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBuildLocalPinsShasDigestsDiffAndReadsContractFromBase(t *testing.T) {
	f := newFixture(t, map[string]string{
		"main.go": "package main\n",
		// The change tries to rewrite its own contract: the base's must be used.
		".github/war-room/acceptance.md": "# Contract from the PR\nAnything goes.\n",
	})
	b := f.build(t, f.options())
	require.Len(t, b.Requests, 1)
	req, reqSHA, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)
	assert.Len(t, reqSHA, 64)

	assert.Equal(t, "git:"+f.base+"..."+f.head, req.Subject)
	assert.Equal(t, f.base, req.BaseSHA)
	assert.Equal(t, f.head, req.HeadSHA)
	assert.True(t, req.ReadOnly)
	assert.Regexp(t, `^[0-9a-f]{32}$`, req.Nonce)

	diff, err := os.ReadFile(req.Diff.Path)
	require.NoError(t, err)
	assert.Contains(t, string(diff), "+package main")
	d, err := HashFile(req.Diff.Path)
	require.NoError(t, err)
	assert.Equal(t, d.SHA256, req.Diff.SHA256)
	assert.Equal(t, int64(len(diff)), req.Diff.Bytes)

	contract, err := os.ReadFile(req.Contract.Path)
	require.NoError(t, err)
	assert.Equal(t, "# Contract from the base branch\nEvery function must have a test.\n", string(contract))
	assert.Equal(t, ".github/war-room/acceptance.md@"+f.base, req.Contract.Source)
	assert.False(t, req.Contract.Default)

	assert.Equal(t, "human", req.Author.Family)
	assert.Equal(t, []string{"anthropic"}, req.Author.CoauthorFamilies, "Co-authored-by: Claude maps through review.coauthor_families")
	assert.Equal(t, "git:ada@example.com", req.Author.ContextID)

	info, err := os.Stat(b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o444), info.Mode().Perm(), "the request is left read-only")
}

func TestBuildLocalUsesDocumentedDefaultWhenBaseHasNoContract(t *testing.T) {
	f := newFixture(t, map[string]string{"a.txt": "a\n"})
	o := f.options()
	o.ContractPath = "docs/not-there.md"
	b := f.build(t, o)
	req, _, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)
	assert.True(t, req.Contract.Default)
	assert.Equal(t, sourceDefault, req.Contract.Source)
	got, err := os.ReadFile(req.Contract.Path)
	require.NoError(t, err)
	assert.Equal(t, builtinContract(), got)
}

func TestBuildRefusesToReuseAnEvidenceDirectory(t *testing.T) {
	f := newFixture(t, map[string]string{"a.txt": "a\n"})
	f.build(t, f.options())
	_, err := BuildLocal(context.Background(), f.source(), f.options())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "diff.patch")
}

func TestBuildLocalRejectsUnknownRef(t *testing.T) {
	f := newFixture(t, map[string]string{"a.txt": "a\n"})
	src := f.source()
	src.Head = "no-such-branch"
	_, err := BuildLocal(context.Background(), src, f.options())
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "no-such-branch"), err.Error())
}
