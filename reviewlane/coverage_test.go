package reviewlane

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
)

// fileDiff is a git-style diff of one added file with n lines.
func fileDiff(path string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "diff --git a/%s b/%s\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%d @@\n", path, path, path, n)
	for i := range n {
		fmt.Fprintf(&b, "+line %d of %s\n", i, path)
	}
	return b.String()
}

func writeDiff(t *testing.T, parts ...string) (string, int64) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "diff.patch")
	s := strings.Join(parts, "")
	require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
	return p, int64(len(s))
}

func TestScanShowsWholeFilesWithinLimitAndListsTheRest(t *testing.T) {
	small, big, vendored, late := fileDiff("a.go", 3), fileDiff("big.go", 200), fileDiff("vendor/x.go", 3), fileDiff("z.go", 2)
	binary := "diff --git a/logo.png b/logo.png\nindex 1..2 100644\nBinary files a/logo.png and b/logo.png differ\n"
	path, total := writeDiff(t, small, big, vendored, binary, late)
	limit := int64(len(small) + len(late) + 10)

	s, err := scanDiff(path, limit, pathFilter{Exclude: []string{"vendor/**"}})
	require.NoError(t, err)
	d, _ := HashFile(path)
	assert.Equal(t, d, s.digest)
	assert.Equal(t, small+late, s.text, "whole files only, never a cut one")
	c := s.coverage
	assert.False(t, c.Complete)
	assert.Equal(t, 5, c.FilesTotal)
	assert.Equal(t, 2, c.FilesReviewed)
	assert.Equal(t, total, c.BytesTotal)
	assert.Equal(t, int64(len(small)+len(late)), c.BytesReviewed)
	assert.Equal(t, limit, c.LimitBytes)
	assert.Equal(t, []coveredFile{{Path: "a.go", Bytes: int64(len(small))}, {Path: "z.go", Bytes: int64(len(late))}}, c.Reviewed)
	assert.Equal(t, []coveredFile{
		{Path: "big.go", Bytes: int64(len(big)), Reason: skipOverSize},
		{Path: "vendor/x.go", Bytes: int64(len(vendored)), Reason: skipExcluded},
		{Path: "logo.png", Bytes: int64(len(binary)), Reason: skipBinary},
	}, c.Skipped)
	assert.Equal(t, fmt.Sprintf("Coverage: 2 of 5 files, %d of %d bytes reviewed; NOT the whole diff — skipped: 1 over-size-limit, 1 excluded-by-paths, 1 binary.",
		c.BytesReviewed, total), c.Line())
}

func TestScanHandlesRenamesLongLinesAndNonGitDiffs(t *testing.T) {
	rename := "diff --git a/old name.txt b/new name.txt\nsimilarity index 90%\nrename from old name.txt\nrename to new name.txt\n--- a/old name.txt\n+++ b/new name.txt\n@@ -1 +1 @@\n-a\n+b\n"
	long := "diff --git a/min.js b/min.js\n--- a/min.js\n+++ b/min.js\n@@ -1 +1 @@\n+" + strings.Repeat("x", 200<<10) + "\n"
	path, _ := writeDiff(t, rename, long)
	s, err := scanDiff(path, 1<<20, pathFilter{})
	require.NoError(t, err)
	assert.True(t, s.coverage.Complete)
	assert.Equal(t, []string{"new name.txt", "min.js"}, []string{s.coverage.Reviewed[0].Path, s.coverage.Reviewed[1].Path})
	assert.Equal(t, rename+long, s.text)

	plain, n := writeDiff(t, "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n")
	s, err = scanDiff(plain, 1<<20, pathFilter{})
	require.NoError(t, err)
	assert.Equal(t, []coveredFile{{Path: "(diff)", Bytes: n}}, s.coverage.Reviewed)
}

// A lane that could not read the whole diff says so in its result and its summary.
func TestLaneOverSizeLimitSaysSoInSummary(t *testing.T) {
	f := newFixture(t, map[string]string{"small.go": "package small\n", "large.go": strings.Repeat("// filler line\n", 400)})
	o := f.options()
	o.MaxDiffBytes = 1000
	b := f.build(t, o)
	gpt := scripted("openai", answer("FINDING: minor small.go:1 fine\nok\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, StatusJudged, res.Status)
	assert.False(t, res.Coverage.Complete)
	require.Len(t, res.Coverage.Skipped, 1)
	assert.Equal(t, "large.go", res.Coverage.Skipped[0].Path)
	assert.Contains(t, res.Summary, "did not see the whole diff")
	assert.Contains(t, Report(res), "NOT the whole diff")
	assert.Contains(t, Report(res), "`large.go`")
	user := requests(gpt)[0].User
	assert.NotContains(t, user, "filler line", "the skipped file is not shown")
	assert.Contains(t, user, "NOT the whole diff", "the reviewer is told what it was not shown")

	// A CONFIRMED on part of the diff is not a green check: neutral by default, with what
	// the lane saw in the title; review.partial chooses otherwise, and a whole review is
	// unchanged.
	conclusion, title := Conclusions{Refuted: "failure"}.Of(res)
	assert.Equal(t, "neutral", conclusion)
	assert.Regexp(t, `^CONFIRMED by gpt \(openai\) on part of the diff: 1 of 2 files, \d+ of \d+ bytes$`, title)
	for _, partial := range []string{"success", "failure"} {
		conclusion, _ := Conclusions{Refuted: "failure", Partial: partial}.Of(res)
		assert.Equal(t, partial, conclusion)
	}
	whole := *res
	whole.Coverage = &Coverage{Complete: true}
	conclusion, title = Conclusions{Refuted: "failure"}.Of(&whole)
	assert.Equal(t, "success", conclusion)
	assert.Equal(t, "CONFIRMED by gpt (openai)", title)
}

// A diff of which the reviewer would be shown nothing (every file over the limit or outside
// the lane's paths) blocks the lane before any call: a verdict on an empty view judges
// nothing, and a CONFIRMED there would pass an unread change.
func TestNothingReviewableBlocksTheLane(t *testing.T) {
	for name, tune := range map[string]func(*BuildOptions){
		"over the size limit": func(o *BuildOptions) { o.MaxDiffBytes = 100 },
		"outside the paths":   func(o *BuildOptions) { o.Paths = pathFilter{Include: []string{"src/**"}} },
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, map[string]string{"large.go": strings.Repeat("// filler line\n", 40)})
			o := f.options()
			tune(&o)
			b := f.build(t, o)
			gpt := scripted("openai", answer("ok\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
			res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
			require.NoError(t, err)
			assert.Equal(t, statusBlocked, res.Status)
			assert.Equal(t, blockedNothingToReview, res.BlockedReason)
			assert.Equal(t, 0, calls(gpt))
			assert.Contains(t, res.Summary, "nothing to judge")
			conclusion, _ := Conclusions{Refuted: "failure"}.Of(res)
			assert.Equal(t, "neutral", conclusion)
			_, err = res.Marshal()
			assert.NoError(t, err)
		})
	}
}
